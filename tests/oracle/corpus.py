"""corpus.py: the random composite expressions and the cancellation-prone
cases of the oracle.

Composite expressions are random SymPy trees over the functions and
operators of symkern(5) (funcs.py), built with a seeded generator, so a seed
names a corpus.  SymPy simplifies some trees as it builds them (sin(-x) is
-sin(x)); what is printed is what SymPy holds, and the reference is
computed from the same object, so the two always agree.

REWRITES lists the expressions whose literal evaluation cancels, overflows
or underflows on a domain where symkern's rewrites (symkern(1) --literal
turns them off) should not: each with that domain.
"""

import math

import numpy as np
import sympy

import domains as D
from funcs import cbrt, exp2, expm1, fma, hypot, log1p, log2, log10

X, Y, Z = sympy.symbols("x y z")

UNARY = [sympy.sin, sympy.cos, sympy.tan, sympy.asin, sympy.acos, sympy.atan, sympy.sinh, sympy.cosh,
         sympy.tanh, sympy.asinh, sympy.acosh, sympy.atanh, sympy.exp, exp2, expm1, sympy.log, log2,
         log10, log1p, sympy.sqrt, cbrt, sympy.Abs, sympy.floor, sympy.ceiling, sympy.erf, sympy.erfc,
         sympy.gamma, sympy.loggamma, sympy.sign, sympy.Heaviside]
CONSTS = [sympy.Integer(2), sympy.Integer(3), sympy.Integer(-1), sympy.Rational(1, 2), sympy.Rational(3, 2),
          sympy.Rational(1, 3), sympy.pi, sympy.E, sympy.Integer(10)]


def _tree(rng, depth, syms):
    """A random expression of at most `depth` levels."""
    if depth == 0 or rng.random() < 0.2:
        if rng.random() < 0.8:
            return syms[rng.integers(len(syms))]
        return CONSTS[rng.integers(len(CONSTS))]
    k = rng.random()
    sub = lambda: _tree(rng, depth - 1, syms)
    if k < 0.35:
        return UNARY[rng.integers(len(UNARY))](sub())
    if k < 0.70:
        a, b = sub(), sub()
        op = rng.integers(4)
        return [a + b, a - b, a * b, a / b][op]
    if k < 0.78:
        return sub() ** int(rng.choice([2, 3, -1, -2, 5]))
    if k < 0.82:
        return sub() ** sub()
    if k < 0.86:
        return [sympy.atan2, hypot][rng.integers(2)](sub(), sub())
    if k < 0.89:
        return fma(sub(), sub(), sub())
    if k < 0.93:
        return [sympy.Min, sympy.Max][rng.integers(2)](sub(), sub())
    a, b, c = sub(), sub(), sub()
    return sympy.Piecewise((a, b < c), (c, True))


_REFUSED = ("I", "zoo", "oo", "nan", "Integral", "Derivative", "polar", "Sum", "Product",
            "LambertW", "re(", "im(", "arg(", "conjugate")


def composites(seed, count):
    """count random expressions: a list of (name, argnames, expr)."""
    rng = np.random.default_rng(seed)
    out, seen = [], set()
    while len(out) < count:
        nsym = int(rng.integers(1, 4))
        syms = [X, Y, Z][:nsym]
        try:
            e = _tree(rng, int(rng.integers(2, 5)), syms)
        except (ZeroDivisionError, ValueError, TypeError):
            continue
        text = str(e)
        if (not e.free_symbols or e.is_Boolean or any(r in text for r in _REFUSED)
                or len(text) > 400 or text in seen or e.has(sympy.Float)):
            continue
        seen.add(text)
        args = sorted(str(s) for s in e.free_symbols)
        out.append(("c%04d" % len(out), args, e))
    return out


# Points for composite expressions: moderate values, wide magnitudes and the
# neighbourhood of 0 and 1, where most functions have their hard parts.
COMPOSITE_REGIONS = [D.uni(-3, 3), D.logu(1e-6, 1e6, True), D.near(1, True), D.logu(1e-30, 1e-6, True),
                     D.uni(0, 1)]


def _fma_points(rng, n, prec):
    """x, y in [0.5, 2] and z within a few units of x*y: x*y - z cancels."""
    dt = np.float64 if prec == "f64" else np.float32
    x = rng.uniform(0.5, 2, n).astype(dt)
    y = rng.uniform(0.5, 2, n).astype(dt)
    p = (x * y).astype(dt)
    z = p.copy()
    for _ in range(4):
        z = np.where(rng.random(n) < 0.5, np.nextafter(z, dt(np.inf)), np.nextafter(z, dt(-np.inf)))
    return x.astype(np.float64), y.astype(np.float64), z.astype(np.float64)


def _sop_points(rng, n, prec):
    """(w, x, y, z) with x*y - z*w cancelling: z*w within a few units of
    x*y, with w and z random and z = (x*y)/w rounded."""
    dt = np.float64 if prec == "f64" else np.float32
    x = rng.uniform(0.5, 2, n).astype(dt)
    y = rng.uniform(0.5, 2, n).astype(dt)
    w = rng.uniform(0.5, 2, n).astype(dt)
    zz = (x.astype(np.float64) * y / w).astype(dt)
    return w.astype(np.float64), x.astype(np.float64), y.astype(np.float64), zz.astype(np.float64)


class Rewrite:
    """One rewrite: the literal expression, its domain, and whether the
    literal error must be at least 1000 times the rewritten one (ratio)."""

    def __init__(self, name, rule, expr, args, regions, ratio=True, bound=None, gpu_ratio=True):
        self.name, self.rule, self.expr, self.args = name, rule, expr, tuple(str(a) for a in args)
        self.regions, self.ratio, self.bound = regions, ratio, bound
        self.gpu_ratio = gpu_ratio  # False: the GPU's literal form is as good


def _normal_points(sign):
    """(x, mu, sigma) with t = (x - mu)/sigma uniform over the normal
    CDF's domain (NORMAL_T; sign -1: mirrored, for the survival function),
    mu in [-3, 3] and sigma log-uniform in [1/4, 4]; x = mu + sigma*t
    rounded to the precision."""
    def r(rng, n, prec):
        dt = np.float64 if prec == "f64" else np.float32
        lo, hi = NORMAL_T[prec]
        t = sign * rng.uniform(lo, hi, n)
        mu = rng.uniform(-3, 3, n).astype(dt)
        sigma = np.exp(rng.uniform(math.log(0.25), math.log(4), n)).astype(dt)
        x = (mu.astype(np.float64) + sigma * t).astype(dt)
        return x.astype(np.float64), mu.astype(np.float64), sigma.astype(np.float64)
    return r


LNMAX = lambda L: L["lnmax"]
# 2*sin(u/2)**2 squares a library sine: twice its error (libmvec documents
# 4 ulps, 4.5 from the exact value) plus the square's rounding: 9.5.
# symkern(5) says 3.5, which assumes a sine within about 1.5 ulps.
SQUARE_BOUND = {"f64": 9.5, "f32": 9.5}
# The normal CDF's domain, t = (x - mu)/sigma: both tails down to where
# Phi(t) is subnormal (Phi(-37.5) = 2^-1022, Phi(-13) = 0.5 FLT_MIN).
NORMAL_T = {"f64": (-38.0, 8.0), "f32": (-13.0, 4.0)}
MU, SIGMA = sympy.symbols("mu sigma")


def _tail(sign):
    """The ends of the normal CDF's domain (sign 1: mirrored)."""
    ends = lambda L: NORMAL_T["f64" if L["eps"] < 1e-10 else "f32"]
    if sign < 0:
        return (lambda L: ends(L)[0], lambda L: ends(L)[1])
    return (lambda L: -ends(L)[1], lambda L: -ends(L)[0])


# erfc's documented error (5 ulps in double, glibc and CUDA; 4 in float)
# from the exact value; a division by 2 is exact but for subnormal results
# (half an ulp more).
ERFC_BOUND = {"f64": 6.0, "f32": 5.0}
# erfc(-z)/2 with z = sqrt(2)*t/2 rounded: erfc multiplies the relative
# error of its argument by about 2z**2 + 1 = t**2 + 1, so the rounded
# argument (relative error k*2^-53, or k*2^-24: sqrt(2) rounded, 0.61 in
# double (at most 0.71 for any constant near it) and 0.29 in float, and the
# product, 1) adds k(t**2 + 1) ulps: 1.71*1445 + 6 at t = -38 in double,
# 1.29*170 + 5 at t = -13 in float.  With mu and sigma, x - mu and the
# division by 2*sigma round too (k + 2).
NCDF_BOUND = {"f64": 2500.0, "f32": 230.0}
NCDF_MS_BOUND = {"f64": 5400.0, "f32": 570.0}
# log of it, t <= -1: the relative error above over |log Phi(t)| (1.84 at
# t = -1, about t**2/2 below), plus the logarithm's ulp: at most 6.2.  The
# log rows stop where Phi(t) (erfc(-a) for log(1 + erf(a))) is still a
# normal number, t >= -37.5 (-12.9 in float): a subnormal Phi has lost
# bits, which its logarithm (about -700) shows as hundreds of ulps.
LNCDF_BOUND = {"f64": 7.0, "f32": 7.0}
REWRITES = [
    Rewrite("rw_expm1", "exp(a) - 1 -> expm1(a)", sympy.exp(X) - 1, (X,),
            [D.logu(lambda L: L["tiny"], 1e-2, True), D.uni(-1, 1)]),
    Rewrite("rw_log1p", "log(1 + a) -> log1p(a)", sympy.log(1 + X), (X,),
            [D.logu(lambda L: L["tiny"], 1e-2, True), D.uni(-0.5, 1)]),
    Rewrite("rw_softplus", "log(exp(a) + 1) (softplus)", sympy.log(sympy.exp(X) + 1), (X,),
            [D.uni(lambda L: L["lnsub"], -40), D.uni(-40, 40),
             D.uni(LNMAX, lambda L: 20 * L["lnmax"])]),
    Rewrite("rw_sigmoid", "1/(1 + exp(-a)) (logistic)", 1 / (1 + sympy.exp(-X)), (X,),
            [D.uni(lambda L: L["lnsub"] + 1, lambda L: -L["lnmax"] - 0.1), D.uni(-40, 40)]),
    Rewrite("rw_hypot", "sqrt(a**2 + b**2) -> hypot(a, b)", sympy.sqrt(X ** 2 + Y ** 2), (X, Y),
            [D.pair(D.logu(lambda L: math.sqrt(L["max"]), lambda L: L["max"] / 4, True),
                    D.logu(lambda L: math.sqrt(L["max"]), lambda L: L["max"] / 4, True)),
             D.pair(D.logu(lambda L: L["sub"] * 1e3, lambda L: math.sqrt(L["tiny"]), True),
                    D.logu(lambda L: L["sub"] * 1e3, lambda L: math.sqrt(L["tiny"]), True))]),
    Rewrite("rw_logsumexp", "log(exp(a) + exp(b)) (log-sum-exp)",
            sympy.log(sympy.exp(X) + sympy.exp(Y)), (X, Y),
            [D.pair(D.uni(LNMAX, lambda L: 3 * L["lnmax"]), D.uni(LNMAX, lambda L: 3 * L["lnmax"])),
             D.pair(D.uni(lambda L: 3 * L["lnsub"], lambda L: L["lnsub"]),
                    D.uni(lambda L: 3 * L["lnsub"], lambda L: L["lnsub"])),
             D.pair(D.uni(-20, 20), D.uni(-20, 20))]),
    # nvcc and numba fuse a*b + c into an fma by default, so on the GPU the
    # literal form is the rewritten one; the ratio holds on the CPU only.
    Rewrite("rw_fma", "a*b + c -> fma(a, b, c)", X * Y - Z, (X, Y, Z), [_fma_points], gpu_ratio=False),
    Rewrite("rw_1mcos", "1 - cos(u) -> 2*sin(u/2)**2", 1 - sympy.cos(X), (X,),
            [D.logu(1e-8, 1e-1, True), D.uni(-3, 3)], bound=SQUARE_BOUND),
    Rewrite("rw_coshm1", "cosh(u) - 1 -> 2*sinh(u/2)**2", sympy.cosh(X) - 1, (X,),
            [D.logu(1e-8, 1e-1, True), D.uni(-3, 3)], bound=SQUARE_BOUND),
    Rewrite("rw_sop", "a*b - c*d (Kahan's sum of products)", X * Y - Z * sympy.Symbol("w"),
            (sympy.Symbol("w"), X, Y, Z), [_sop_points]),
    # The normal CDF as SymPy prints it (sympy.stats Normal's cdf, 1 - cdf,
    # erfc(-x/sqrt(2))/2) and erf +- 1: the literal forms are 0 (or lose
    # every digit) where erf rounds to -1 or 1 (|z| > 5.9 in double, 3.9
    # in float); rewritten to erfc(-+z)/2 (symkern(5) REWRITES).
    Rewrite("rw_ncdf", "erf(sqrt(2)*x/2)/2 + 1/2 -> erfc(-z)/2 (normal CDF)",
            (1 + sympy.erf(X / sympy.sqrt(2))) / 2, (X,), [D.uni(*_tail(-1))], bound=NCDF_BOUND),
    Rewrite("rw_nsf", "1/2 - erf(sqrt(2)*x/2)/2 -> erfc(z)/2 (normal survival)",
            (1 - sympy.erf(X / sympy.sqrt(2))) / 2, (X,), [D.uni(*_tail(1))], bound=NCDF_BOUND),
    Rewrite("rw_ncdf_erfc", "1 - erfc(sqrt(2)*x/2)/2 -> erfc(-z)/2 (SymPy's erfc(-x/sqrt(2))/2)",
            sympy.erfc(-X / sympy.sqrt(2)) / 2, (X,), [D.uni(*_tail(-1))], bound=NCDF_BOUND),
    Rewrite("rw_ncdf_ms", "normal CDF with mu, sigma -> erfc(-z)/2",
            (1 + sympy.erf((X - MU) / (sympy.sqrt(2) * SIGMA))) / 2, (X, MU, SIGMA), [_normal_points(1)],
            bound=NCDF_MS_BOUND),
    Rewrite("rw_nsf_ms", "normal survival with mu, sigma -> erfc(z)/2",
            (1 - sympy.erf((X - MU) / (sympy.sqrt(2) * SIGMA))) / 2, (X, MU, SIGMA), [_normal_points(-1)],
            bound=NCDF_MS_BOUND),
    Rewrite("rw_lncdf", "log(erf(sqrt(2)*x/2)/2 + 1/2) -> log(erfc(-z)/2)",
            sympy.log((1 + sympy.erf(X / sympy.sqrt(2))) / 2), (X,),
            [D.uni(lambda L: -37.5 if L["eps"] < 1e-10 else -12.9, -1)], bound=LNCDF_BOUND),
    Rewrite("rw_erfp1", "1 + erf(a) -> erfc(-a)", 1 + sympy.erf(X), (X,),
            [D.uni(lambda L: -27 if L["eps"] < 1e-10 else -9.2, 3)], bound=ERFC_BOUND),
    Rewrite("rw_1merf", "1 - erf(a) -> erfc(a)", 1 - sympy.erf(X), (X,),
            [D.uni(-3, lambda L: 27 if L["eps"] < 1e-10 else 9.2)], bound=ERFC_BOUND),
    Rewrite("rw_erfm1", "erf(a) - 1 -> -erfc(a)", sympy.erf(X) - 1, (X,),
            [D.uni(-3, lambda L: 27 if L["eps"] < 1e-10 else 9.2)], bound=ERFC_BOUND),
    Rewrite("rw_logerfp1", "log(1 + erf(a)) -> log(erfc(-a))", sympy.log(1 + sympy.erf(X)), (X,),
            [D.uni(lambda L: -26.5 if L["eps"] < 1e-10 else -9.15, -1)]),
    Rewrite("rw_pow12", "x**12 by repeated squaring", X ** 12, (X,),
            [D.logu(1e-3, 1e3, True)], ratio=False),
    Rewrite("rw_powm5", "x**(-5) by repeated squaring", X ** -5, (X,),
            [D.logu(1e-3, 1e3, True)], ratio=False),
]


## Random gufunc forms #######################################################

def gufunc_composites(symkern, seed, count):
    """count random gufunc definitions (gufuncs.Spec, named r000...):
    Sum and Product reductions over vector arguments with random terms
    (products of inputs, squares and math functions of an input, which the
    rounding analysis of gufuncs.py bounds, and random expression trees of
    two levels, judged on inf/NaN only), and small linear sequences of
    order 1 or 2 with random coefficients in x and k, random base cases and
    inhomogeneous terms (bounded through the recurrence, gufuncs.py)."""
    import gufuncs as G
    rng = np.random.default_rng(seed * 7919 + 17)
    n, k = G.NSIZE, G.k
    v, w = symkern.Vector("v", n), symkern.Vector("w", n)
    xs = G.x
    s, h = symkern.Vector("s", n), sympy.IndexedBase("h")
    pick = lambda seq: seq[int(rng.integers(len(seq)))]
    factors = [v[k], w[k], xs, v[k] ** 2, sympy.exp(v[k]), sympy.sin(v[k]), sympy.cos(w[k]),
               sympy.atan(w[k]), sympy.tanh(v[k]), sympy.erf(w[k]), sympy.Integer(3), sympy.Rational(1, 2)]
    out, seen = [], set()
    while len(out) < count:
        kind = pick(["sum", "sum", "prod", "tree", "seq", "seq", "seq"])
        name = "r%03d" % len(out)
        if kind in ("sum", "prod"):
            nf = int(rng.integers(1, 4))
            term = sympy.Mul(*[pick(factors) for _ in range(nf)])
            if kind == "sum" and rng.random() < 0.3:
                term = term + sympy.Mul(*[pick(factors) for _ in range(int(rng.integers(1, 3)))])
            if not term.has(v[k]) and not term.has(w[k]):
                term = term * v[k]
            if kind == "prod" and (term.has(sympy.exp) or term.has(sympy.Integer(3))):
                continue  # keep products of 40 terms in range
            lim = (k, 0, n - 1)
            body = sympy.Sum(term, lim) if kind == "sum" else sympy.Product(term, lim)
            if kind == "sum" and rng.random() < 0.3:
                body = body / n
            draw = G._vecs(*([(-2, 2, False, None)] if kind == "sum" else [(0.7, 1.4, "signed", None)]) * 2,
                           G._u(-2, 2) if kind == "sum" else G._u(0.8, 1.2))
            sizes = G._sizes((1, 9, 200) if kind == "sum" else (1, 9, 40))
        elif kind == "tree":
            try:
                term = _tree(rng, 2, [v[k], w[k]])
            except (ZeroDivisionError, ValueError, TypeError):
                continue
            text = str(term)
            if (not (term.has(v[k]) or term.has(w[k])) or term.is_Boolean or term.has(sympy.Float)
                    or any(r in text for r in _REFUSED if r not in ("Sum", "Product"))):
                continue
            body = sympy.Sum(term, (k, 0, n - 1))
            draw = G._vecs((-3, 3, False, None), (-3, 3, False, None), G._u(-2, 2))
            sizes = G._sizes((1, 9, 200))
        else:
            order = int(rng.integers(1, 3))
            a1 = pick([pick([1, -1, 2]) * xs, (int(rng.integers(1, 3)) * k + int(rng.integers(-1, 2))) * xs / k,
                       (int(rng.integers(1, 3)) * k + int(rng.integers(-1, 2)) - xs) / k, sympy.Integer(pick([1, -1, 2])),
                       xs + pick([1, -1, 2])])
            a2 = pick([sympy.Integer(pick([1, -1])), -(k - 1) / k, -(k + int(rng.integers(-1, 2))) / k, -(k - 1)])
            d = pick([0, 0, v[k], 1 / k, xs, sympy.sin(xs), sympy.exp(v[k])])
            rule = a1 * s[k - 1] + (a2 * s[k - 2] if order == 2 else 0) + d
            bases = [(s[0], pick([sympy.Integer(1), xs, v[0]]))]
            if order == 2:
                bases.append((s[1], pick([xs, 1 - xs, 2 * xs, v[1]])))
            body = symkern.Sequences(s, bases + [(s[k], rule)])
            sizes = G._sizes((1, 9, 30))
            used_v = any(e.has(v[0]) or e.has(v[1]) or e.has(v[k]) for _, e in body.lines)
            draw = G._vecs(*(((-1, 1, False, None),) if used_v else ()), G._u(-1.5, 1.5))
        syms = body.free_symbols if kind != "seq" else set().union(*[e.free_symbols for _, e in body.lines])
        vecs = [b for b in (v, w) if any(isinstance(a, sympy.Indexed) and a.base == b
                                           for a in (body.atoms(sympy.Indexed) if kind != "seq" else
                                                     set().union(*[e.atoms(sympy.Indexed) for _, e in body.lines])))]
        args = tuple(vecs) + ((xs,) if xs in syms else ())
        if kind == "seq":
            draw = G._vecs(*(((-1, 1, False, None),) if vecs else ()), *((G._u(-1.5, 1.5),) if xs in syms else ()))
            if not args:
                continue
        else:
            dists = [(-2, 2, False, None) if kind != "prod" else (0.7, 1.4, "signed", None)] * len(vecs)
            if kind == "tree":
                dists = [(-3, 3, False, None)] * len(vecs)
            draw = G._vecs(*dists, *((G._u(-2, 2) if kind != "prod" else G._u(0.8, 1.2),) if xs in syms else ()))
        key = str(body) if kind != "seq" else str(body.lines)
        if key in seen:
            continue
        seen.add(key)
        try:
            spec = G.Spec(name, args, body, "seq" if kind == "seq" else "red", draw, sizes)
        except ValueError:
            continue
        out.append(spec)
    return out
