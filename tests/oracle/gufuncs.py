"""gufuncs.py: the oracle's gufunc forms (symkern(5), GUFUNCS) on the CPU.

Reductions (Sum of a term over a vector, a dot product, polyval, a
Product, a mean) and sequences (Chebyshev and normalized Hermite
recurrences, a cumulative sum) are written with python/symkern.py's
Vector and Sequences (SymPy's str()), generated into one library, built
as the CPU fallback and called through symkern.load(..., header=).  The
exact values come from mpmath: every term at 50 digits (products of floats
exactly) and the sums with mpmath.fsum, which adds exactly.

Judging a reduction (docs/accuracy.md, "Gufunc reductions"): with u the
unit roundoff (2^-53, 2^-24), t_k the exact terms and e_k a bound on the
error of the computed term t^_k,

    |S^ - S| <= (2u + 4 n u^2) * (sum |t_k| + sum e_k) + sum e_k

(Kahan's bound, symkern(5), applied to the computed terms, whose sum is
within sum e_k of the exact one; the O(n u^2) of the analysis is taken
as 4 n u^2, negligible at these n).  e_k: a math function's documented
CPU bound (bounds.txt) plus 0.5, in ulps of t_k; a product of two floats
0.5 ulp; c[k]*x**k with x**k computed incrementally (k multiplications),
gamma_{k+1} |t_k| with gamma_m = m u / (1 - m u).  A mean's division adds
one rounding: bound / n + u |S / n|.  A Product of n factors (not
compensated, symkern(5)): gamma_{n-1} |P|.

Sequences are reported (max, p99.9, median ulps over every element), and
judged only on inf/NaN where the exact value is finite: recurrences can
amplify errors, and symkern(5) states no bound for them.

Compensation: the same Sum(v[k]) against a plain loop in the working
precision (np.cumsum's last element) on ill-conditioned data.
"""

import math

import mpmath
from mpmath import mp
import numpy as np
import sympy

import reference

U = {"f64": 2.0 ** -53, "f32": 2.0 ** -24}
DT = {"f64": np.float64, "f32": np.float32}
SIZES = (1, 7, 40, 3000)
SEQ_SIZES = {"chebyshev": (1, 40, 2000), "cumsum": (1, 40, 3000), "hermite": (1, 12, 100)}
# h[k] grows like sqrt(k!): he = h/sqrt(k!) overflows beyond k = 170 in double,
# 34 in float (symkern(5)); keep the float rows below that.
SEQ_CAP = {("hermite", "f32"): 30}

k, j = sympy.symbols("k j", integer=True)
x = sympy.Symbol("x")


def _defs(symkern):
    """{name: (args, body)} for symkern.write_sym, and the term kinds."""
    n = sympy.Symbol("n", integer=True)
    v, w, c = symkern.Vector("v", n), symkern.Vector("w", n), symkern.Vector("c", n)
    lim = (k, 0, n - 1)
    t, he, s = symkern.Vector("t", n), symkern.Vector("he", n), symkern.Vector("s", n)
    h = sympy.IndexedBase("h")
    return {
        "gsum": ((v,), sympy.Sum(v[k], lim)),
        "gsumsq": ((v,), sympy.Sum(v[k] ** 2, lim)),
        "gsumexp": ((v,), sympy.Sum(sympy.exp(v[k]), lim)),
        "gsumsin": ((v,), sympy.Sum(sympy.sin(v[k]), lim)),
        "gdot": ((v, w), sympy.Sum(v[k] * w[k], lim)),
        "gpolyval": ((c, x), sympy.Sum(c[k] * x ** k, lim)),
        "gprod": ((v,), sympy.Product(v[k], lim)),
        "gmean": ((v,), sympy.Sum(v[k], lim) / n),
        "gcheb": ((x,), symkern.Sequences(t, [(t[0], 1), (t[1], x),
                                              (t[k], 2 * x * t[k - 1] - t[k - 2])])),
        "ghermite": ((x,), symkern.Sequences(he, [
            (h[0], 1), (h[1], x), (h[k], x * h[k - 1] - (k - 1) * h[k - 2]),
            (he[k], h[k] / sympy.sqrt(sympy.factorial(k)))])),
        "gcumsum": ((v,), symkern.Sequences(s, [(s[0], v[0]), (s[k], s[k - 1] + v[k])])),
    }


## Data and exact values ###################################################

def _vec(rng, n, prec, lo, hi, log=False):
    if log:
        a = np.exp(rng.uniform(math.log(lo), math.log(hi), n))
    else:
        a = rng.uniform(lo, hi, n)
    return a.astype(DT[prec])


def _ulp(r, prec):
    """ulp of the float64 array r (values of format prec)."""
    P = reference.PRECISIONS[prec]
    _, e = np.frexp(r)
    ulp = np.ldexp(1.0, np.maximum(e - P["p"], P["emin"] - P["p"] + 1))
    return np.where(r == 0, math.ldexp(1.0, P["emin"] - P["p"] + 1), ulp)


def _round(xm, prec):
    """mpf -> (float64 of the correctly rounded value in prec or nan, hi, lo)."""
    r = reference.round_to(xm, prec)
    if r is None:
        return math.nan, math.nan, 0.0
    h = reference.round_to(xm, "f64")
    return float(r), float(h), float(xm - h)


class Row:
    """One call of a reduction: inputs, exact value, bound, result."""

    def __init__(self, n, args, exact, bound, sabs):
        self.n, self.args, self.exact, self.bound, self.sabs = n, args, exact, bound, sabs


def _terms(name, prec, rng, n, bounds):
    """(args, exact terms as mpf, term error bounds e_k as floats)."""
    u = U[prec]
    lim = lambda key: bounds[(key, prec)][0] + 0.5
    if name in ("gsum", "gmean"):
        v = _vec(rng, n, prec, -1, 1) if rng.random() < 0.5 else _vec(rng, n, prec, 1e-3, 1e3, True)
        return (v,), [mpmath.mpf(float(a)) for a in v], np.zeros(n)
    if name == "gsumsq":
        v = _vec(rng, n, prec, -10, 10)
        t = [mpmath.mpf(float(a)) ** 2 for a in v]
        return (v,), t, 0.5 * _ulp(np.array([float(reference.round_to(a, prec)) for a in t]), prec)
    if name in ("gsumexp", "gsumsin"):
        v = _vec(rng, n, prec, -5, 5) if name == "gsumexp" else _vec(rng, n, prec, -100, 100)
        f = mp.exp if name == "gsumexp" else mp.sin
        t = [f(mpmath.mpf(float(a))) for a in v]
        r = np.array([float(reference.round_to(a, prec)) for a in t])
        return (v,), t, lim(name[4:]) * _ulp(r, prec)
    if name == "gdot":
        v, w = _vec(rng, n, prec, -1, 1), _vec(rng, n, prec, -1, 1)
        t = [mpmath.mpf(float(a)) * mpmath.mpf(float(b)) for a, b in zip(v, w)]
        return (v, w), t, 0.5 * _ulp(np.array([float(reference.round_to(a, prec)) for a in t]), prec)
    if name == "gpolyval":
        c = _vec(rng, n, prec, -1, 1)
        xv = DT[prec](rng.uniform(-1, 1))
        xm, p, t = mpmath.mpf(float(xv)), mpmath.mpf(1), []
        for a in c:
            t.append(mpmath.mpf(float(a)) * p)
            p = p * xm
        m = np.arange(1, n + 1) * u
        e = m / (1 - m) * np.array([float(abs(a)) for a in t])
        return (c, xv), t, e
    raise ValueError(name)


REDUCTIONS = ("gsum", "gsumsq", "gsumexp", "gsumsin", "gdot", "gpolyval", "gmean", "gprod")
SEQUENCES = ("gcheb", "ghermite", "gcumsum")


def reduction_rows(name, prec, rng, rows, bounds):
    out = []
    u = U[prec]
    with mp.workdps(50):
        for n in SIZES:
            for _ in range(rows if n < 1000 else max(1, rows // 4)):
                if name == "gprod":
                    v = _vec(rng, n, prec, 0.5, 2, True)
                    p = mpmath.mpf(1)
                    for a in v:
                        p = p * mpmath.mpf(float(a))  # 50 digits: relative error < n 1e-50
                    m = (n - 1) * u
                    out.append(Row(n, (v,), p, float(m / (1 - m) * abs(p)), float(abs(p))))
                    continue
                args, t, e = _terms(name, prec, rng, n, bounds)
                S = mpmath.fsum(t)
                sabs = float(mpmath.fsum([abs(a) for a in t]))
                E = float(np.sum(e))
                b = (2 * u + 4 * n * u * u) * (sabs + E) + E
                if name == "gmean":
                    S = S / n
                    b = b / n * (1 + u) + u * abs(float(S))
                    sabs /= n
                out.append(Row(n, args, S, b, sabs))
    return out


## Sequences: exact values #################################################

def seq_exact(name, args, n):
    """The n exact terms (mpf) of sequence NAME."""
    with mp.workdps(60):
        if name == "gcumsum":
            (v,) = args
            out, s = [], mpmath.mpf(0)
            for a in v:
                s = mpmath.fadd(s, float(a), exact=True)
                out.append(s)
            return out
        xm = mpmath.mpf(float(args[0]))
        if name == "gcheb":
            t = [mpmath.mpf(1), xm]
            while len(t) < n:
                t.append(2 * xm * t[-1] - t[-2])
            return t[:n]
        if name == "ghermite":
            h = [mpmath.mpf(1), xm]
            while len(h) < n:
                kk = len(h)
                h.append(xm * h[-1] - (kk - 1) * h[-2])
            return [h[i] / mp.sqrt(mp.factorial(i)) for i in range(n)]
    raise ValueError(name)


## Running and judging #####################################################

def _call(lib, name, prec, args, n=None):
    fn = lib.gufuncs[name]
    conv = [np.asarray(a, dtype=DT[prec]) for a in args]
    return np.asarray(fn(*conv, **({"n": n} if n is not None else {})), dtype=np.float64)


def _err_ulps(got, exact, prec):
    r, h, lo = _round(exact, prec)
    if math.isnan(r):
        return None  # the exact value is outside the format
    ulp = float(_ulp(np.array([r]), prec)[0])
    if not math.isfinite(got):
        return math.inf, ulp
    return abs((got - h) - lo) / ulp, ulp


def judge_reductions(lib, rng, rows, bounds, tables, Table, fmt):
    fails = []
    t = Table("gufunc reductions, CPU: error in ulps of the result; err/bound: the largest |error| "
              "over the bound of Kahan's sum (gufuncs.py)",
              ["gufunc", "prec", "rows", "n", "max", "p99.9", "median", "sum|t|/|S| max",
               "err/bound max", "inf/NaN", "ok"])
    for name in REDUCTIONS:
        for prec in ("f64", "f32"):
            rs = reduction_rows(name, prec, rng, rows, bounds)
            errs, ratios, conds, nonfinite, skipped = [], [], [], 0, 0
            worst = None
            for r in rs:
                got = float(_call(lib, name, prec, r.args))
                e = _err_ulps(got, r.exact, prec)
                if e is None:
                    skipped += 1
                    continue
                eu, ulp = e
                errs.append(eu)
                if math.isinf(eu):
                    nonfinite += 1
                    continue
                ratio = eu * ulp / r.bound if r.bound > 0 else (0.0 if eu == 0 else math.inf)
                ratios.append(ratio)
                if abs(float(r.exact)):
                    conds.append(r.sabs / abs(float(r.exact)))
                if worst is None or ratio > worst[0]:
                    worst = (ratio, r, got)
            a = np.array(errs) if errs else np.array([np.nan])
            mr = max(ratios) if ratios else np.nan
            ok = nonfinite == 0 and bool(ratios) and not mr > 1
            t.add(name, prec, len(errs), "%d-%d" % (SIZES[0], SIZES[-1]), float(np.max(a)),
                  float(np.percentile(a, 99.9)), float(np.median(a)),
                  max(conds) if conds else np.nan, mr, nonfinite, "yes" if ok else "NO")
            if not ok:
                what = "no rows" if worst is None else "n = %d, got %r, exact %s, bound %g (%s x)" % (
                    worst[1].n, worst[2], mpmath.nstr(worst[1].exact, 20), worst[1].bound, fmt(mr))
                fails.append("gufunc %s %s on the CPU: %s; %d inf/NaN" % (name, prec, what, nonfinite))
    tables.append(t)
    return fails


def judge_sequences(lib, rng, rows, tables, Table):
    fails = []
    t = Table("gufunc sequences, CPU: error in ulps of each element (reported; judged on inf/NaN only)",
              ["gufunc", "prec", "rows", "n", "elements", "max", "p99.9", "median", "inf/NaN", "ok"])
    for name in SEQUENCES:
        key = {"gcheb": "chebyshev", "ghermite": "hermite", "gcumsum": "cumsum"}[name]
        for prec in ("f64", "f32"):
            errs, nonfinite, calls = [], 0, 0
            sizes = [min(n, SEQ_CAP.get((key, prec), n)) for n in SEQ_SIZES[key]]
            for n in sizes:
                for _ in range(rows if n < 1000 else max(1, rows // 4)):
                    if name == "gcumsum":
                        args = (_vec(rng, n, prec, -1, 1),)
                        got = _call(lib, name, prec, args)
                    else:
                        xv = DT[prec](rng.uniform(-1, 1) if name == "gcheb" else rng.uniform(-4, 4))
                        args = (xv,)
                        got = _call(lib, name, prec, args, n=n)
                    calls += 1
                    ex = seq_exact(name, args, n)
                    for g, e in zip(got, ex):
                        r = _err_ulps(float(g), e, prec)
                        if r is None:
                            continue
                        errs.append(r[0])
                        nonfinite += math.isinf(r[0])
            a = np.array(errs) if errs else np.array([np.nan])
            ok = nonfinite == 0 and bool(errs)
            t.add(name, prec, calls, "%d-%d" % (sizes[0], sizes[-1]), len(errs), float(np.max(a)),
                  float(np.percentile(a, 99.9)), float(np.median(a)), nonfinite, "yes" if ok else "NO")
            if not ok:
                fails.append("gufunc %s %s on the CPU: %d inf/NaN where the exact value is finite"
                             % (name, prec, nonfinite))
    tables.append(t)
    return fails


def ill_conditioned(prec, rng, n, kind):
    """Data for Sum(v[k]) where compensation matters: 'pair': n - 2 terms in
    (0, 1) and a cancelling pair +-B (B = 2^(p - 8), so that each term
    loses bits against B) at random places; 'positive': n terms in (0, 1)
    (a plain loop's error grows with n)."""
    v = rng.uniform(0, 1, n)
    if kind == "pair":
        B = 2.0 ** (reference.PRECISIONS[prec]["p"] - 8)
        i, j2 = sorted(rng.choice(n, 2, replace=False))
        v[i], v[j2] = B, -B
    return v.astype(DT[prec])


def judge_compensation(lib, rng, rows, tables, Table):
    """Kahan (the gufunc gsum) against a plain loop in the working precision."""
    fails = []
    t = Table("compensated Sum against a plain loop (np.cumsum in the working precision), CPU: "
              "max (median) ulps of the result",
              ["data", "prec", "n", "rows", "symkern Sum", "plain loop", "err/bound max",
               "plain err/bound max", "ok"])
    for kind, n in (("positive", 3000), ("pair", 3000)):
        for prec in ("f64", "f32"):
            u = U[prec]
            ek, en, ratios, nratios = [], [], [], []
            for _ in range(max(2, rows // 2)):
                v = ill_conditioned(prec, rng, n, kind)
                got = float(_call(lib, "gsum", prec, (v,)))
                naive = float(np.cumsum(v, dtype=DT[prec])[-1])
                with mp.workdps(50):
                    S = mpmath.fsum([mpmath.mpf(float(a)) for a in v])
                sabs = float(np.sum(np.abs(v.astype(np.float64))))
                b = (2 * u + 4 * n * u * u) * sabs
                e1, ulp = _err_ulps(got, S, prec)
                e2, _ = _err_ulps(naive, S, prec)
                ek.append(e1)
                en.append(e2)
                ratios.append(e1 * ulp / b)
                nratios.append(e2 * ulp / b)
            mr = max(ratios)
            ok = not mr > 1
            t.add(kind, prec, n, len(ek), "%s (%s)" % (fmt_(max(ek)), fmt_(np.median(ek))),
                  "%s (%s)" % (fmt_(max(en)), fmt_(np.median(en))), mr, max(nratios), "yes" if ok else "NO")
            if not ok:
                fails.append("gufunc gsum %s on %s data: error %s x Kahan's bound" % (prec, kind, fmt_(mr)))
    tables.append(t)
    return fails


def fmt_(v):
    return "%.3g" % v if v < 1e4 else "%.2g" % v


def run(build, rng, rows, bounds, tables, Table, fmt, workdir):
    """Generate, build and judge the gufunc cases; returns the failures."""
    import os
    sym = os.path.join(workdir, "gu.sym")
    build.symkern.write_sym(_defs(build.symkern), sym, comment="tests/oracle/gufuncs.py")
    rc, err = build.run_symkern(sym, workdir, "gu")
    if rc != 0:
        return ["symkern refused the gufunc cases (%s):\n%s" % (sym, err)]
    lib = build.compile_cpu(workdir, "gu", header=True)
    fails = judge_reductions(lib, rng, rows, bounds, tables, Table, fmt)
    fails += judge_sequences(lib, rng, rows, tables, Table)
    fails += judge_compensation(lib, rng, rows, tables, Table)
    return fails
