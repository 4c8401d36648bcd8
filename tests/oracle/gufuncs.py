"""gufuncs.py: the oracle's gufunc forms (symkern(5), GUFUNCS), on the CPU
fallback here and, through oracle.py export/compare, on the GPU.

Forms: reductions (Sum of a term over a vector, a dot product, polyval, a
mean, a 2-norm, a Product; a fixed size among them), sequences (Chebyshev,
Legendre, Laguerre and normalized Hermite recurrences, a power sum, a
cumulative sum, an unstable recurrence, a fixed-size Hermite), a
normalize-style map (a vector over its 2-norm), and random ones (corpus.py,
gufunc_composites): written with python/symkern.py's Vector and Sequences
(SymPy's str()), generated into one library, called through
symkern.load(..., header=) on the CPU in the row layout (p, n, 1) and the
column layout (p, 1, batch), and by gpu_gufunc_oracle.cu on the GPU in the
same two layouts.

Exact values: mpmath at 80 digits, term by term as the definitions say
(products of floats exactly at that precision; sums with mpmath.fsum).

Bounds (docs/accuracy.md, "Gufuncs"; symkern(5) GUFUNCS, Accuracy of
gufuncs), with u the unit roundoff and gamma_m = m u/(1 - m u):

- A term or a line is an expression of inputs, k, n, constants and earlier
  terms.  Evaluated in floating point, it is within gamma_M * A of its
  value at the same (computed) operands, where A is the expression
  evaluated with the absolute value of every leaf and of every operation's
  operands (sums of absolute values), and M counts the roundings on the
  longest path: one per + - * / and square root, |e| - 1 for x**e,
  k + |c| + 2 for x**(k + c) and factorial(k + c) (computed incrementally),
  2b + 1 for a math function of an input (b its documented ulps + 0.5,
  bounds.txt, CPU or GPU column), none for integer arithmetic on k, n and
  constants (exact).  A quotient, square root or function whose operand
  could cancel is not bounded (the row is judged on inf/NaN only).
- Reductions: Kahan's bound on the computed terms, e_k = gamma_M(k) A_k,

      |S^ - S| <= (2u + 4 n u^2 + T u) (sum |t_k| + sum e_k) + sum e_k

  with T = 0 on the CPU and ceil(log2 min(n, 2^18)) on the GPU (the
  pairwise tree that adds the parts of a shared row).  A mean adds its
  division, a 2-norm its square root (first order in the sum's error plus
  one rounding), a Product of n factors gamma_(sum M(k) + n - 1) |P|.
- Sequences: every line here is linear in the earlier terms, with
  coefficients computed from inputs, k and n.  The computed term is
  t^_i = sum_j c_ij t^_j + d_i + rho_i with |rho_i| <= gamma_M A_i
  (A_i taken at |t_j| + E_j, so it holds for the computed operands), and
  the error is propagated exactly through the recurrence:

      t^_i - t_i = sum_s G(i, s) rho_s,   E_i = sum_s |G(i, s)| gamma_M(s) A_s

  G(i, s) the response of term i to a unit change of term s (the exact
  coefficients, evaluated in double).  This is a bound relative to the
  conditioning of the recurrence, not an absolute one: where the forward
  recurrence is unstable (gunstable here: t[k] = 1/k - 10 t[k-1], errors
  times 10 a step) E_i grows with G and the result may have no correct
  digit, within its bound.  The output of normalize, v[k]/sqrt(S), is
  within (eps_S/2 + 4u)|u_k| (eps_S the Sum's relative bound).
- A row fails where |error| > bound, or where the result is inf or NaN
  while |exact| + bound is below the format's largest number (unbounded
  rows: while every term and the sum of their magnitudes are finite and in
  range).  The bounds above are relative, so they do not cover
  underflow: every row's bound gets 4 max(n, 1) eta added, eta the least
  subnormal number (twice the absolute error of one rounding in the
  subnormal range; at most eight roundings a term, not amplified, as the
  values there decay).  It is negligible for normal results.

Compensation: the same Sum(v[k]) against a plain loop in the working
precision (np.cumsum's last element) on ill-conditioned data (CPU).
"""

import math
import os

import mpmath
from mpmath import mp
import numpy as np
import sympy

import reference

U = {"f64": 2.0 ** -53, "f32": 2.0 ** -24}
DT = {"f64": np.float64, "f32": np.float32}
REALMAX = {"f64": float(np.finfo(np.float64).max), "f32": float(np.finfo(np.float32).max)}
DPS = 80
TREE_MAX = 18  # log2 of the most parts a GPU reduction is split into (symkern(5))

k, j = sympy.symbols("k j", integer=True)
x = sympy.Symbol("x")
NSIZE = sympy.Symbol("n", integer=True)

# Functions whose error bound bounds.txt gives under the same key.
FUNCS = {"exp": mp.exp, "sin": mp.sin, "cos": mp.cos, "tan": mp.tan, "atan": mp.atan,
         "tanh": mp.tanh, "sinh": mp.sinh, "cosh": mp.cosh, "erf": mp.erf, "erfc": mp.erfc,
         "asinh": mp.asinh, "log": mp.log}


def gamma(m, u):
    return m * u / (1 - m * u)


## Expressions: exact values, magnitudes and rounding counts ###############

class Unbounded(Exception):
    """An expression outside what the rounding analysis covers."""


def leafkey(e):
    """The environment key of a leaf: 'k', 'n', a scalar's name, or
    (base, 'k', offset) / (base, 'c', index) for v[k + offset] / v[index]."""
    if isinstance(e, sympy.Indexed):
        base, idx = str(e.base), sympy.sympify(e.indices[0])
        if idx.is_Integer:
            return (base, "c", int(idx))
        off = sympy.expand(idx - k)
        if off.is_Integer:
            return (base, "k", int(off))
        raise Unbounded("index %s" % idx)
    if e.is_Symbol:
        return e.name
    raise Unbounded(str(e))


def _kdep(e):
    return any(s.is_Symbol and s.name == "k" for s in e.free_symbols)


def _exact_int(e):
    """Integer arithmetic on k, n and integer constants: exact in floating
    point (well below 2^24)."""
    if e.is_Integer:
        return True
    if e.is_Symbol and e.name in ("k", "n"):
        return True
    return (e.is_Add or e.is_Mul) and all(_exact_int(a) for a in e.args)


def _no_cancel(e):
    """No sum that could cancel: its value's magnitude is its magnitude
    evaluation (A), so relative error bounds hold for it."""
    if _exact_int(e) or e.is_Number or e.is_Symbol or isinstance(e, sympy.Indexed):
        return True
    if e.is_Add:
        return False
    return all(_no_cancel(a) for a in e.args if isinstance(a, sympy.Expr))


def exact_fn(e):
    """e -> f(env) with env {leafkey: mpf}: the value with mpmath."""
    if e.is_Number:
        c = mpmath.mpf(int(e.p)) / int(e.q) if e.is_Rational else mpmath.mpf(float(e))
        return lambda env: c
    if e is sympy.pi:
        return lambda env: +mp.pi
    if isinstance(e, sympy.Indexed) or e.is_Symbol:
        key = leafkey(e)
        return lambda env: env[key]
    fs = [exact_fn(a) for a in e.args]
    if e.is_Add:
        return lambda env: mpmath.fsum([f(env) for f in fs])
    if e.is_Mul:
        def mul(env):
            p = mpmath.mpf(1)
            for f in fs:
                p *= f(env)
            return p
        return mul
    if e.is_Pow:
        b, ex = fs
        if e.exp == sympy.Rational(1, 2):
            return lambda env: mp.sqrt(b(env))
        if e.exp == sympy.Rational(-1, 2):
            return lambda env: 1 / mp.sqrt(b(env))
        if e.exp.is_Integer:
            n_ = int(e.exp)
            return lambda env: b(env) ** n_
        return lambda env: mp.power(b(env), ex(env))
    if isinstance(e, sympy.factorial):
        return lambda env: mp.factorial(fs[0](env))
    name = type(e).__name__
    if name in FUNCS:
        f = FUNCS[name]
        return lambda env: f(fs[0](env))
    raise Unbounded(name)


def round_fn(e):
    """e -> (ops(kv, fb), mag(env)): the rounding count M at index kv (fb:
    {function: ulps from the exact value}) and the magnitude evaluation A
    with env {leafkey: |value|}.  Raises Unbounded."""
    if _exact_int(e):
        f = exact_fn(e)
        return (lambda kv, fb: 0), (lambda env: abs(float(f(env))))
    if e.is_Number or e is sympy.pi:
        c = abs(float(e))
        return (lambda kv, fb: 0), (lambda env: c)
    if isinstance(e, sympy.Indexed) or e.is_Symbol:
        key = leafkey(e)
        return (lambda kv, fb: 0), (lambda env: env[key])
    if e.is_Add or e.is_Mul:
        subs = [round_fn(a) for a in e.args]
        ops = [s[0] for s in subs]
        mags = [s[1] for s in subs]
        extra = len(e.args) - 1
        if e.is_Add:
            return ((lambda kv, fb: max(o(kv, fb) for o in ops) + extra),
                    (lambda env: sum(m(env) for m in mags)))
        def mag(env):
            p = 1.0
            for m in mags:
                p *= m(env)
            return p
        return (lambda kv, fb: sum(o(kv, fb) for o in ops) + extra), mag
    if e.is_Pow:
        b, ex = e.args
        if _kdep(ex):  # x**(k + c), computed incrementally
            c = sympy.expand(ex - k)
            if not (c.is_Integer and (b.is_Symbol or isinstance(b, sympy.Indexed))):
                raise Unbounded(str(e))
            key, c = leafkey(b), int(c)
            return (lambda kv, fb: kv + abs(c) + 2), (lambda env: env[key] ** (env["k"] + c))
        bo, bm = round_fn(b)
        if ex.is_Integer and int(ex) >= 1:
            m_ = int(ex)
            return (lambda kv, fb: m_ * bo(kv, fb) + m_ - 1), (lambda env: bm(env) ** m_)
        if not _no_cancel(b):
            raise Unbounded(str(e))
        if ex.is_Integer:
            m_ = -int(ex)
            return (lambda kv, fb: m_ * bo(kv, fb) + m_), (lambda env: bm(env) ** -m_)
        if ex == sympy.Rational(1, 2):
            return (lambda kv, fb: bo(kv, fb) + 1), (lambda env: math.sqrt(bm(env)))
        if ex == sympy.Rational(-1, 2):
            return (lambda kv, fb: bo(kv, fb) + 2), (lambda env: 1 / math.sqrt(bm(env)))
        raise Unbounded(str(e))
    if isinstance(e, sympy.factorial):
        a = e.args[0]
        if not _exact_int(a):
            raise Unbounded(str(e))
        f = exact_fn(a)
        kd = _kdep(a)
        c = abs(int(sympy.expand(a - k))) if kd else 0
        return ((lambda kv, fb: kv + c + 2 if kd else 0),
                (lambda env: float(mp.factorial(f(env)))))
    name = type(e).__name__
    if name in FUNCS and len(e.args) == 1:
        a = e.args[0]
        if not (a.is_Symbol or isinstance(a, sympy.Indexed)):
            raise Unbounded(str(e))  # a computed argument: conditioning, not bounded
        key = leafkey(a)
        mf = {"exp": math.exp, "sin": math.sin, "cos": math.cos, "tan": math.tan, "atan": math.atan,
              "tanh": math.tanh, "sinh": math.sinh, "cosh": math.cosh, "erf": math.erf,
              "erfc": math.erfc, "asinh": math.asinh}[name]
        # Magnitudes pass |leaf|: the function's own value needs the signed leaf,
        # which env keeps under ('signed', key).
        return ((lambda kv, fb: 2 * fb[name] + 1),
                (lambda env: abs(mf(env[("signed", key)]))))
    raise Unbounded(type(e).__name__)


def analyse(e):
    try:
        return round_fn(e)
    except Unbounded:
        return None


## Specifications ###########################################################

class Spec:
    """One gufunc: name, .sym definition (args, body), kind, domain."""

    def __init__(self, name, args, body, kind, draw, sizes, fixed=None, note=""):
        self.name, self.args, self.body, self.kind = name, args, body, kind
        self.draw, self.sizes, self.fixed, self.note = draw, sizes, fixed, note
        self.inputs = []  # (name, length): length None for a scalar, "n" or an int
        for a in args:
            if isinstance(a, sympy.IndexedBase):
                s = a.shape[0]
                self.inputs.append((str(a), int(s) if s.is_Integer else "n"))
            else:
                self.inputs.append((str(a), None))
        if kind == "seq":
            self._seq_init()
        elif kind == "red":
            self._red_init()

    # Reductions: outer(term) with outer sum, mean, norm, lse (log of the
    # Sum) or prod.
    def _red_init(self):
        b = self.body
        if isinstance(b, sympy.Product):
            self.outer, s = "prod", b
        elif isinstance(b, sympy.Sum):
            self.outer, s = "sum", b
        elif b.is_Pow and isinstance(b.base, sympy.Sum) and b.exp == sympy.Rational(1, 2):
            self.outer, s = "norm", b.base
        elif isinstance(b, sympy.log) and isinstance(b.args[0], sympy.Sum):
            self.outer, s = "lse", b.args[0]
        elif b.is_Mul and len(b.args) == 2 and any(isinstance(a, sympy.Sum) for a in b.args):
            self.outer, s = "mean", [a for a in b.args if isinstance(a, sympy.Sum)][0]
        else:
            raise ValueError("%s: no reduction form" % self.name)
        self.term = s.function
        self.uses = _uses(self, [self.term])
        self.n_out = [None]
        self.term_round = analyse(self.term)
        self.term_exact = exact_fn(self.term) if self.term_round else None
        self.term_ref = None
        if self.term_exact is None:  # random trees: reference.py's semantics
            subs = {a: sympy.Symbol(str(a.base) + "_") for a in self.term.atoms(sympy.Indexed)}
            scalars = {nm for nm, length in self.inputs if length is None}
            names = sorted({str(s) for s in subs.values()} | {s.name for s in self.term.free_symbols
                                                               if s.is_Symbol and s.name in scalars})
            self.term_ref = (reference.Reference(self.term.xreplace(subs), names), names)

    # Sequences: lines (lhs, rhs), all linear in earlier terms.
    def _seq_init(self):
        self.seqs, self.base, self.rule = [], {}, {}
        self.results = [str(r) for r in self.body.results]
        self.n_out = ["n" if self.fixed is None else self.fixed] * len(self.results)
        names = set()
        for lhs, rhs in self.body.lines:
            names.add(str(lhs.base))
        for lhs, rhs in self.body.lines:
            rhs = sympy.sympify(rhs)
            q = str(lhs.base)
            if q not in self.seqs:
                self.seqs.append(q)
            refs = [a for a in rhs.atoms(sympy.Indexed) if str(a.base) in names]
            dummies = {a: sympy.Dummy() for a in refs}
            lin = rhs.xreplace(dummies)
            coefs = []
            for a, d in dummies.items():
                c = sympy.diff(lin, d)
                if c.free_symbols & set(dummies.values()):
                    raise ValueError("%s: %s is not linear in %s" % (self.name, rhs, a))
                coefs.append((leafkey(a), exact_fn(c)))
            line = dict(exact=exact_fn(rhs), round=analyse(rhs), coefs=coefs, text="%s = %s" % (lhs, rhs))
            if line["round"] is None:
                raise ValueError("%s: %s is outside the rounding analysis" % (self.name, rhs))
            idx = sympy.sympify(lhs.indices[0])
            if idx.is_Integer:
                self.base.setdefault(q, {})[int(idx)] = line
            else:
                self.rule[q] = line
        self.uses = _uses(self, [sympy.sympify(r) for _, r in self.body.lines])
        self.maxlag = max([1] + [-key[2] for ln in list(self.rule.values()) for key, _ in ln["coefs"]
                                 if key[1] == "k"])

    def text(self):
        """One line for the tables."""
        if self.kind == "seq":
            return "; ".join(ln["text"] for q in self.seqs for ln in
                             [*self.base.get(q, {}).values()] + ([self.rule[q]] if q in self.rule else []))
        return str(self.body)


def _compilable(e):
    try:
        exact_fn(e)
        return True
    except Unbounded:
        return False


## Exact values and bounds, one item ########################################

def _uses(spec, exprs):
    """The input leaves the expressions read: (key, input position, offset
    or None for a scalar, "k" or "c")."""
    pos = {name: p for p, (name, _) in enumerate(spec.inputs)}
    out = set()
    for e in exprs:
        e = sympy.sympify(e)
        for a in e.atoms(sympy.Indexed):
            key = leafkey(a)
            if key[0] in pos:
                out.add((key, pos[key[0]], key[2], key[1]))
        for a in e.free_symbols:
            if a.is_Symbol and a.name in pos and spec.inputs[pos[a.name]][1] is None:
                out.add((a.name, pos[a.name], None, None))
    return sorted(out, key=str)


def _pre(item):
    """An item's inputs as mpf (lists for vectors)."""
    return [[mpmath.mpf(float(a)) for a in val] if np.ndim(val) else mpmath.mpf(float(val)) for val in item]


def _env_exact(spec, pre, i, n):
    env = {"k": mpmath.mpf(i), "n": mpmath.mpf(n)}
    for key, p, off, how in spec.uses:
        if off is None:
            env[key] = pre[p]
        else:
            idx = i + off if how == "k" else off
            if 0 <= idx < len(pre[p]):
                env[key] = pre[p][idx]
    return env


def _env_mag(env):
    out = {}
    for key, v in env.items():
        f = float(v)
        out[key] = abs(f)
        out[("signed", key)] = f
    return out


def seq_item(spec, item, n, prec, fb):
    """Exact outputs (list per result of mpf) and bounds (arrays)."""
    u = U[prec]
    nsrc = max(1, n * len(spec.seqs))
    rho = np.zeros(nsrc)
    T, A, rows = {}, {}, {}
    out = {q: ([], np.zeros(n)) for q in spec.results}
    s = 0
    with mp.workdps(DPS):
        pre = _pre(item)
        for i in range(n):
            env = _env_exact(spec, pre, i, n)
            mag = _env_mag(env)
            for q in spec.seqs:
                line = spec.base.get(q, {}).get(i) or spec.rule.get(q)
                if line is None:
                    continue
                e2, m2 = dict(env), dict(mag)
                for key, _ in line["coefs"]:
                    idx = i + key[2] if key[1] == "k" else key[2]
                    e2[key] = T[(key[0], idx)]
                    m2[key] = A[(key[0], idx)]
                t = line["exact"](e2)
                ops, magf = line["round"]
                rho[s] = gamma(ops(i, fb), u) * magf(m2)
                row = np.zeros(nsrc)
                row[s] = 1.0
                for key, cf in line["coefs"]:
                    idx = i + key[2] if key[1] == "k" else key[2]
                    c = float(cf(e2))
                    if c:
                        row += c * rows[(key[0], idx)]
                E = float(np.abs(row[:s + 1]) @ rho[:s + 1])
                s += 1
                T[(q, i)] = t
                A[(q, i)] = abs(float(t)) + E
                rows[(q, i)] = row
                rows.pop((q, i - spec.maxlag - 1), None)
                if q in out:
                    out[q][0].append(t)
                    out[q][1][i] = E
    return [out[q][0] for q in spec.results], [out[q][1] for q in spec.results]


def red_item(spec, item, n, prec, fb, where):
    """(exact mpf or None, bound (inf: unbounded), finite_required)."""
    u = U[prec]
    if spec.term_ref is not None:
        ref, names = spec.term_ref
        cols = []
        for nm in names:
            base = nm[:-1] if nm.endswith("_") else nm
            val = dict(zip([a for a, _ in spec.inputs], item))[base]
            cols.append(np.broadcast_to(np.asarray(val, dtype=np.float64), (n,)))
        pts = np.array(cols).reshape(len(names), n)
        r = reference.exact_arrays(ref, pts.astype(DT[prec]), prec)
        if not r["valid"].all():
            return None, math.inf, False
        with mp.workdps(DPS):
            t = [mpmath.mpf(float(h)) + mpmath.mpf(float(l)) for h, l in zip(r["hi"], r["lo"])]
            S = mpmath.fsum(t)
            if spec.outer == "mean":
                S = S / n
        sabs = float(np.sum(np.abs(r["hi"])))
        return S, math.inf, bool(r["inter_ok"].all()) and sabs < REALMAX[prec] / 4
    with mp.workdps(DPS):
        t, e, Ms = [], [], []
        pre = _pre(item)
        for i in range(n):
            env = _env_exact(spec, pre, i, n)
            t.append(spec.term_exact(env))
            if spec.term_round is not None:
                ops, magf = spec.term_round
                M = ops(i, fb)
                Ms.append(M)
                e.append(gamma(M, u) * magf(_env_mag(env)))
        if spec.outer == "prod":
            P = mpmath.mpf(1)
            for a in t:
                P *= a
            b = gamma(sum(Ms) + max(n - 1, 0), u) * abs(float(P)) if spec.term_round else math.inf
            return P, b, True
        S = mpmath.fsum(t)
        sabs = float(mpmath.fsum([abs(a) for a in t]))
        if spec.term_round is None:
            b = math.inf
        else:
            E = float(sum(e))
            tree = math.ceil(math.log2(min(n, 2 ** TREE_MAX))) if (where == "GPU" and n > 1) else 0
            b = (2 * u + 4 * n * u * u + tree * u) * (sabs + E) + E
        if spec.outer == "mean":
            S = S / n
            b = b / n * (1 + u) + u * abs(float(S))
        elif spec.outer == "norm":
            Sf = float(S)
            S = mp.sqrt(S)
            b = b / (2 * math.sqrt(Sf)) * (1 + u) + u * (math.sqrt(Sf) + b / (2 * math.sqrt(Sf))) \
                if Sf > 0 else math.sqrt(b)
        elif spec.outer == "lse":
            # log(S): the Sum's error relative to S, then log's own.
            Sf = float(S)
            S = mp.log(S)
            b = b / Sf * (1 + u) + fb["log"] * 2 * u * abs(float(S)) if Sf > 0 else math.inf
        return S, b, True


def norm_item(spec, item, n, prec, where):
    """normalize: exact u_k = v_k/sqrt(sum v_j^2) and (eps_S/2 + 4u)|u_k|."""
    u = U[prec]
    v = item[0]
    with mp.workdps(DPS):
        vm = [mpmath.mpf(float(a)) for a in v]
        S = mpmath.fsum([a * a for a in vm])
        if S == 0:
            return None, None
        r = mp.sqrt(S)
        out = [a / r for a in vm]
    tree = math.ceil(math.log2(min(n, 2 ** TREE_MAX))) if (where == "GPU" and n > 1) else 0
    eps = (2 * u + 4 * n * u * u + tree * u) * (1 + u) + u
    return [out], [(eps / 2 + 4 * u) * 1.0001 * np.array([abs(float(a)) for a in out])]


## Groups: one batched call ##################################################

class Group:
    """One batched call of a gufunc: inputs (B, [L]) arrays, and for each
    output (B, L) arrays hi, lo (exact as a double pair), r (correctly
    rounded in prec, NaN where outside the format), bound, need (a finite
    result is required)."""

    def __init__(self, spec, prec, n, inputs, outs):
        self.spec, self.prec, self.n, self.inputs, self.outs = spec, prec, n, inputs, outs

    @property
    def batch(self):
        return self.inputs[0].shape[0]


# The least subnormal number: twice the absolute error of a rounding there
# (half of it is not a double).
ETA = {"f64": 2.0 ** -1074, "f32": 2.0 ** -149}


def _pack(values, bounds, need, prec, n):
    """values: list (batch) of lists (L) of mpf or None; n the core size."""
    B, L = len(values), max(len(v) for v in values)
    hi, lo, r = np.zeros((B, L)), np.zeros((B, L)), np.full((B, L), np.nan)
    bd = np.array(bounds, dtype=np.float64).reshape(B, L) + 4 * max(n, 1) * ETA[prec]
    nd = np.zeros((B, L), bool)
    for b, row in enumerate(values):
        for i, xm in enumerate(row):
            if xm is None:
                continue
            h = float(xm)  # mpmath rounds to nearest
            if not math.isfinite(h):
                continue
            with np.errstate(over="ignore"):
                rr = float(DT[prec](h))  # (a double rounding for f32: sets the ulp only)
            if not math.isfinite(rr):
                continue
            hi[b, i], lo[b, i], r[b, i] = h, float(xm - h), rr
            nd[b, i] = need[b][i] and abs(float(h)) + bd[b, i] < REALMAX[prec]
    return dict(hi=hi, lo=lo, r=r, bound=bd, need=nd)


def make_group(spec, prec, n, batch, rng, fb, where):
    inputs = spec.draw(rng, prec, n, batch)
    items = [[a[b] for a in inputs] for b in range(batch)]
    if spec.kind == "seq":
        per = [seq_item(spec, it, n, prec, fb) for it in items]
        outs = []
        for o in range(len(spec.results)):
            vals = [p[0][o] for p in per]
            bds = [p[1][o] for p in per]
            outs.append(_pack(vals, bds, [[True] * n] * batch, prec, n))
    elif spec.kind == "norm":
        per = [norm_item(spec, it, n, prec, where) for it in items]
        vals = [p[0][0] if p[0] else [None] * n for p in per]
        bds = [p[1][0] if p[1] else np.full(n, np.inf) for p in per]
        outs = [_pack(vals, bds, [[True] * n] * batch, prec, n)]
    else:
        per = [red_item(spec, it, n, prec, fb, where) for it in items]
        outs = [_pack([[p[0]] for p in per], [[p[1]] for p in per], [[p[2]] for p in per], prec, n)]
    return Group(spec, prec, n, inputs, outs)


def fbounds(bounds, prec, where):
    """{function: ulps from the exact value} for the rounding counts."""
    col = 0 if where == "CPU" else 1
    out = {}
    for f in FUNCS:
        v = bounds.get((f, prec), (None, None))[col]
        out[f] = math.inf if v is None else v + 0.5
    return out


def make_groups(specs, precs, rows, rng, bounds, where, big=False):
    """The calls: per spec, precision and size, a batch of `rows` items
    (rows // 4, at least 1, at sizes of 1000 and more)."""
    groups = []
    for spec in specs:
        for prec in precs:
            fb = fbounds(bounds, prec, where)
            for n in spec.sizes(prec, big):
                b = rows if n < 1000 else max(1, rows // 8)
                if n >= 50000:
                    b = 1
                groups.append(make_group(spec, prec, n, b, rng, fb, where))
    return groups


## Domains ###################################################################

def _u(lo, hi):
    def draw(rng, prec, n, batch):
        return rng.uniform(lo, hi, batch).astype(DT[prec])
    return draw


def _vecs(*dists):
    """Each dist: (lo, hi, log) for a vector input, or a scalar draw."""
    def draw(rng, prec, n, batch):
        out = []
        for d in dists:
            if callable(d):
                out.append(d(rng, prec, n, batch))
                continue
            lo, hi, log, fixed = d
            L = fixed or n
            if log:
                a = np.exp(rng.uniform(math.log(lo), math.log(hi), (batch, L)))
                a *= rng.choice([-1.0, 1.0], (batch, L)) if log == "signed" else 1
            else:
                a = rng.uniform(lo, hi, (batch, L))
            out.append(a.astype(DT[prec]))
        return out
    return draw


def _sizes(sz, cap=None, big=()):
    def sizes(prec, with_big):
        s = [min(n, (cap or {}).get(prec, n)) for n in sz]
        return list(dict.fromkeys(s + (list(big) if with_big else [])))
    return sizes


def _mixed(rng, prec, n, batch):
    """A vector of either uniform(-1, 1) or magnitudes 1e-3..1e3 of one sign."""
    if rng.random() < 0.5:
        return rng.uniform(-1, 1, (batch, n)).astype(DT[prec])
    return np.exp(rng.uniform(math.log(1e-3), math.log(1e3), (batch, n))).astype(DT[prec])


def specs_fixed(symkern):
    """The fixed gufunc cases (names g*)."""
    n = NSIZE
    V = lambda nm, s=n: symkern.Vector(nm, s)
    v, w, c = V("v"), V("w"), V("c")
    lim = (k, 0, n - 1)
    t, p, l, s, he, e, u_ = V("t"), V("p"), V("l"), V("s"), V("he"), V("e"), V("u")
    h = sympy.IndexedBase("h")
    v4, w4, he8 = V("v", 4), V("w", 4), V("he", 8)
    SZ = (1, 7, 40, 3000)
    BIG = (100000,)
    red = lambda name, args, body, draw, sizes=_sizes(SZ): Spec(name, args, body, "red", draw, sizes)
    seq = lambda name, args, body, draw, sizes, fixed=None: Spec(name, args, body, "seq", draw, sizes, fixed)
    herm = [(h[0], 1), (h[1], x), (h[k], x * h[k - 1] - (k - 1) * h[k - 2])]
    return [
        red("gsum", (v,), sympy.Sum(v[k], lim), _vecs(_mixed), _sizes(SZ, big=BIG)),
        red("gsumsq", (v,), sympy.Sum(v[k] ** 2, lim), _vecs((-10, 10, False, None))),
        red("gsumexp", (v,), sympy.Sum(sympy.exp(v[k]), lim), _vecs((-5, 5, False, None))),
        red("gsumsin", (v,), sympy.Sum(sympy.sin(v[k]), lim), _vecs((-100, 100, False, None))),
        red("gdot", (v, w), sympy.Sum(v[k] * w[k], lim), _vecs((-1, 1, False, None), (-1, 1, False, None)),
            _sizes(SZ, big=BIG)),
        red("gpolyval", (c, x), sympy.Sum(c[k] * x ** k, lim), _vecs((-1, 1, False, None), _u(-1, 1))),
        red("gprod", (v,), sympy.Product(v[k], lim), _vecs((0.5, 2, True, None))),
        red("gmean", (v,), sympy.Sum(v[k], lim) / n, _vecs(_mixed)),
        red("gnorm", (v,), sympy.sqrt(sympy.Sum(v[k] ** 2, lim)), _vecs((-1, 1, False, None)),
            _sizes(SZ, big=BIG)),
        red("glse", (v,), sympy.log(sympy.Sum(sympy.exp(v[k]), lim)), _vecs((-5, 5, False, None))),
        red("gdot4", (v4, w4), sympy.Sum(v4[k] * w4[k], (k, 0, 3)),
            _vecs((-1, 1, False, 4), (-1, 1, False, 4)), _sizes((4,))),
        seq("gcheb", (x,), symkern.Sequences(t, [(t[0], 1), (t[1], x), (t[k], 2 * x * t[k - 1] - t[k - 2])]),
            _vecs(_u(-1, 1)), _sizes((1, 40, 2000))),
        seq("glegendre", (x,), symkern.Sequences(p, [(p[0], 1), (p[1], x), (
            p[k], ((2 * k - 1) * x * p[k - 1] - (k - 1) * p[k - 2]) / k)]),
            _vecs(_u(-1, 1)), _sizes((1, 40, 500))),
        seq("glaguerre", (x,), symkern.Sequences(l, [(l[0], 1), (l[1], 1 - x), (
            l[k], ((2 * k - 1 - x) * l[k - 1] - (k - 1) * l[k - 2]) / k)]),
            _vecs(_u(0, 10)), _sizes((1, 40, 100))),
        seq("ghermite", (x,), symkern.Sequences(he, herm + [(he[k], h[k] / sympy.sqrt(sympy.factorial(k)))]),
            _vecs(_u(-4, 4)), _sizes((1, 12, 100), cap={"f32": 30})),
        seq("ghermite8", (x,), symkern.Sequences(he8, herm + [(he8[k], h[k] / sympy.sqrt(sympy.factorial(k)))]),
            _vecs(_u(-4, 4)), _sizes((8,)), fixed=8),
        seq("gpowsum", (x,), symkern.Sequences(s, [(s[0], x), (s[k], s[k - 1] + x ** (k + 1))]),
            _vecs(_u(-1.1, 1.1)), _sizes((1, 40, 100))),
        seq("gcumsum", (v,), symkern.Sequences(s, [(s[0], v[0]), (s[k], s[k - 1] + v[k])]),
            _vecs((-1, 1, False, None)), _sizes((1, 40, 3000))),
        # Forward recurrence for I_k = int_0^1 t^k/(t + 10) dt (x = I_0 = log(1.1)):
        # unstable, each step multiplies the error by 10.
        seq("gunstable", (x,), symkern.Sequences(e, [(e[0], x), (e[k], 1 / k - 10 * e[k - 1])]),
            _vecs(_u(0.0953, 0.0954)), _sizes((1, 8, 20), cap={"f32": 12})),
        Spec("gnormalize", (v,), symkern.Sequences(u_, [(u_[k], v[k] / sympy.sqrt(
            sympy.Sum(v[j] ** 2, (j, 0, n - 1))))]), "norm", _vecs((-1, 1, False, None)),
            _sizes((1, 7, 40, 3000))),
    ]


def _norm_spec_fixup(spec):
    if spec.kind == "norm":
        spec.results = ["u"]
        spec.n_out = ["n"]
    return spec


def all_specs(symkern, random_defs=()):
    out = [_norm_spec_fixup(s) for s in specs_fixed(symkern)]
    return out + list(random_defs)


def sym_defs(specs):
    return {s.name: (s.args, s.body) for s in specs}


## Running on the CPU ########################################################

def call_cpu(lib, group, layout):
    """The group's outputs from the CPU fallback, as (B, L) float64 arrays,
    in the row or the column layout."""
    fn = lib.gufuncs[group.spec.name]
    dt = DT[group.prec]
    conv = lambda a: np.asfortranarray(a) if layout == "cols" and a.ndim == 2 else np.ascontiguousarray(a)
    ins = [conv(np.asarray(a, dtype=dt)) for a in group.inputs]
    outs = []
    for o in group.outs:
        L = o["hi"].shape[1]
        if group.spec.kind == "red":
            outs.append(np.empty(group.batch, dtype=dt))
        else:
            outs.append(np.empty((group.batch, L), dtype=dt, order="F" if layout == "cols" else "C"))
    kw = {"n": group.n} if fn.sizes else {}
    fn(*ins, out=tuple(outs) if len(outs) > 1 else outs[0], **kw)
    return [np.asarray(a, dtype=np.float64).reshape(group.batch, -1) for a in outs]


## Judging ###################################################################

def _ulp(r, prec):
    P = reference.PRECISIONS[prec]
    with np.errstate(invalid="ignore"):
        _, e = np.frexp(np.nan_to_num(r))
    ulp = np.ldexp(1.0, np.maximum(e - P["p"], P["emin"] - P["p"] + 1))
    return np.where(r == 0, math.ldexp(1.0, P["emin"] - P["p"] + 1), ulp)


def judge(groups, results, where, tables, Table, fmt, title="gufuncs"):
    """results: {(group index, layout): [outputs]}.  One row per gufunc,
    precision and layout."""
    fails = []
    t = Table("%s, %s: error in ulps of each result element; bound: the stated bound in ulps "
              "(its largest value: the conditioning); err/bound: the largest error over its bound"
              % (title, where),
              ["gufunc", "kind", "prec", "layout", "calls", "n", "elements", "max", "p99.9", "median",
               "bound max", "err/bound max", "inf/NaN", "ok"])
    agg = {}
    for (gi, layout), outs in results.items():
        g = groups[gi]
        key = (g.spec.name, g.prec, layout)
        a = agg.setdefault(key, dict(g=g, calls=0, ns=[], err=[], bnd=[], ratio=[], bad=0, worst=None))
        a["calls"] += 1
        a["ns"].append(g.n)
        for o, got in zip(g.outs, outs):
            ok = ~np.isnan(o["r"])
            ulp = _ulp(o["r"], g.prec)
            with np.errstate(invalid="ignore", over="ignore"):
                err = np.abs((got - o["hi"]) - o["lo"])
            fin = np.isfinite(got)
            a["bad"] += int((ok & ~fin & o["need"]).sum())
            m = ok & fin
            a["err"].append((err / ulp)[m])
            bd = o["bound"][m]
            a["bnd"].append((bd / ulp[m])[np.isfinite(bd)])
            with np.errstate(invalid="ignore", divide="ignore"):
                ratio = np.where(bd > 0, err[m] / bd, np.where(err[m] == 0, 0.0, np.inf))
            ratio = ratio[np.isfinite(bd)]
            a["ratio"].append(ratio)
            if ratio.size and (a["worst"] is None or ratio.max() > a["worst"][0]):
                idx = np.argwhere(m & np.isfinite(o["bound"]))[int(np.argmax(ratio))]
                a["worst"] = (float(ratio.max()), g, tuple(int(q) for q in idx), got[tuple(idx)],
                              o["hi"][tuple(idx)], o["bound"][tuple(idx)])
    for key in sorted(agg, key=lambda q: (q[0], q[1] != "f64", q[2])):
        a = agg[key]
        g = a["g"]
        err = np.concatenate(a["err"]) if a["err"] else np.array([])
        bnd = np.concatenate(a["bnd"]) if a["bnd"] else np.array([])
        ratio = np.concatenate(a["ratio"]) if a["ratio"] else np.array([])
        mr = float(ratio.max()) if ratio.size else np.nan
        ok = a["bad"] == 0 and err.size > 0 and not mr > 1
        e = err if err.size else np.array([np.nan])
        t.add(g.spec.name, g.spec.kind, g.prec, key[2], a["calls"], "%d-%d" % (min(a["ns"]), max(a["ns"])),
              int(err.size), float(np.max(e)), float(np.percentile(e, 99.9)), float(np.median(e)),
              float(bnd.max()) if bnd.size else "-", mr if ratio.size else "-", a["bad"],
              "yes" if ok else "NO")
        if not ok:
            w = a["worst"]
            what = ("no elements" if not err.size else
                    "n = %d, item %d element %d: got %r, exact %r, bound %g (%s x)" % (
                        w[1].n, w[2][0], w[2][1], float(w[3]), float(w[4]), w[5], fmt(mr)) if w else "")
            fails.append("gufunc %s %s %s on the %s: %s; %d inf/NaN where a finite result is required"
                         " [%s]" % (g.spec.name, g.prec, key[2], where, what, a["bad"], g.spec.text()))
    tables.append(t)
    return fails


## Compensation ##############################################################

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


def _err_ulps(got, exact, prec):
    r = reference.round_to(exact, prec)
    h = reference.round_to(exact, "f64")
    ulp = float(_ulp(np.array([float(r)]), prec)[0])
    if not math.isfinite(got):
        return math.inf, ulp
    return abs((got - float(h)) - float(exact - h)) / ulp, ulp


def fmt_(v):
    return "%.3g" % v if v < 1e4 else "%.2g" % v


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
                got = float(lib.gufuncs["gsum"](v))
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


NORM_RANGE_BOUND = 2.0


def _range_row(prec, rng, n, kind):
    """A row for gnorm whose squares over- or underflow in prec: near the
    largest finite number (big), near and below the least normal one
    (tiny, subnormals included), both with mid-range values (mixed), or
    tiny ones with one that is not, and no big one (tinymid: Blue's
    hypot branch, asml > 0 and abig = 0, in every row).  Every kind takes
    the rewrite's fallback (the sum of squares out of range)."""
    emin, emax = (-1022, 1023) if prec == "f64" else (-126, 127)
    if kind == "big":
        e = rng.uniform(emax // 2 + 2, emax - 1 - math.log2(n), n)
    elif kind == "tiny":
        e = rng.uniform(emin - (52 if prec == "f64" else 23) + 8, emin // 2 - 2, n)
    elif kind == "tinymid":
        e = rng.uniform(emin - 8, emin // 2 - 2, n)
        e[rng.integers(0, n)] = rng.uniform(emin // 2 + 4, emin // 2 + 30)  # a norm below 2^-480
    else:
        e = rng.choice([rng.uniform(emax // 2 + 2, emax - 1 - math.log2(n)), rng.uniform(-3, 3),
                        rng.uniform(emin - 8, emin // 2 - 2)], n)
    v = np.ldexp(rng.uniform(1, 2, n), e.astype(np.int64) - 1) * rng.choice([-1.0, 1.0], n)
    return v.astype(DT[prec])


def _judge_range(lib, rng, rows, tables, Table, name, title, kinds, row, errs, bound):
    """A table of gufunc `name` on rows(prec, rng, n, kind) for each kind,
    precision and n: errs(v, got, prec) gives the errors of symkern's
    result and of the literal form; the failures past bound."""
    fails = []
    t = Table(title, ["data", "prec", "n", "rows", "symkern", "literal", "bound", "ok"])
    for kind in kinds:
        for prec in ("f64", "f32"):
            for n in (2, 40, 3000):
                ek, el = [], []
                for _ in range(max(2, rows)):
                    v = row(prec, rng, n, kind)
                    e, l = errs(v, float(lib.gufuncs[name](v)), prec)
                    ek.append(e)
                    el.append(l)
                ok = not max(ek) > bound
                t.add(kind, prec, n, len(ek), "%s (%s)" % (fmt_(max(ek)), fmt_(np.median(ek))),
                      "%s (%s)" % (fmt_(max(el)), fmt_(np.median(el))), bound, "yes" if ok else "NO")
                if not ok:
                    fails.append("gufunc %s %s n=%d on %s data: %s ulps (bound %s)" % (
                        name, prec, n, kind, fmt_(max(ek)), bound))
    tables.append(t)
    return fails


def judge_norm_range(lib, rng, rows, tables, Table):
    """gnorm, sqrt(Sum(v[k]**2)), where the squares over- or underflow:
    Blue's scaled sums (symkern(5), REWRITES) against the exact norm, and
    the literal sqrt of a plain sum of squares in the working precision
    (inf or 0 there)."""
    def errs(v, got, prec):
        with np.errstate(over="ignore", under="ignore"):
            lit = float(np.sqrt(np.sum(v * v, dtype=DT[prec])))
        with mp.workdps(DPS):
            S = mp.sqrt(mpmath.fsum([mpmath.mpf(float(a)) ** 2 for a in v]))
        return _err_ulps(got, S, prec)[0], _err_ulps(lit, S, prec)[0]
    return _judge_range(lib, rng, rows, tables, Table, "gnorm",
                        "norm sqrt(Sum(v[k]**2)) where the squares over- or underflow, CPU: max (median) ulps",
                        ("big", "tiny", "mixed", "tinymid"), _range_row, errs, NORM_RANGE_BOUND)


LSE_RANGE_BOUND = 2.0


def _lse_row(prec, rng, n, kind):
    """A row for glse whose exps over- or underflow in prec: large
    (beyond the exp's overflow), small (below its underflow), or mixed
    (both signs, magnitudes from 1 to 10^4, results near 0 included)."""
    top = 1000.0 if prec == "f64" else 150.0
    if kind == "large":
        v = top + rng.uniform(-20, 20, n)
    elif kind == "small":
        v = -top + rng.uniform(-20, 20, n)
    else:
        v = rng.choice([-1.0, 1.0], n) * np.exp(rng.uniform(0, math.log(1e4), n))
    return v.astype(DT[prec])


def judge_lse_range(lib, rng, rows, tables, Table):
    """glse, log(Sum(exp(v[k]))), where the exps over- or underflow: the
    largest term first (symkern(5), REWRITES) against the exact value, in
    ulps of max(|value|, 1), and the literal form in the working
    precision (inf or -inf there)."""
    def errs(v, got, prec):
        with np.errstate(over="ignore", under="ignore", divide="ignore"):
            lit = float(np.log(np.sum(np.exp(v), dtype=DT[prec])))
        with mp.workdps(DPS):
            S = mp.log(mpmath.fsum([mp.exp(mpmath.mpf(float(a))) for a in v]))
        unit = float(_ulp(np.array([max(abs(float(S)), 1.0)]), prec)[0])
        return tuple(abs(x - float(S)) / unit if math.isfinite(x) else math.inf for x in (got, lit))
    return _judge_range(lib, rng, rows, tables, Table, "glse",
                        "log-sum-exp log(Sum(exp(v[k]))) where the exps over- or underflow, CPU: "
                        "max (median) ulps of max(|value|, 1)",
                        ("large", "small", "mixed"), _lse_row, errs, LSE_RANGE_BOUND)


## Entry points ##############################################################

def generate(build, specs, workdir, name="gu"):
    """Write NAME.sym and run symkern; returns an error text or None."""
    sym = os.path.join(workdir, name + ".sym")
    build.symkern.write_sym(sym_defs(specs), sym, comment="tests/oracle/gufuncs.py")
    rc, err = build.run_symkern(sym, workdir, name)
    if rc != 0:
        return "symkern refused the gufunc cases (%s):\n%s" % (sym, err)
    return None


def accepted(build, specs, workdir):
    """The specs symkern accepts, each tried alone (random forms it refuses,
    such as a Piecewise it cannot index, are left out and reported)."""
    out = []
    for s in specs:
        d = os.path.join(workdir, "try_" + s.name)
        os.makedirs(d, exist_ok=True)
        if generate(build, [s], d, "t") is None:
            out.append(s)
        else:
            print("%s refused by symkern, left out: %s" % (s.name, s.text()))
    return out


def run(build, rng, rows, bounds, tables, Table, fmt, workdir, randoms=0, seed=1):
    """Generate, build and judge the gufunc cases on the CPU, both layouts;
    returns the failures."""
    import corpus
    rnd = accepted(build, corpus.gufunc_composites(build.symkern, seed, randoms), workdir)
    specs = all_specs(build.symkern, rnd)
    err = generate(build, specs, workdir)
    if err:
        return [err]
    lib = build.compile_cpu(workdir, "gu", header=True)
    fixed = [s for s in specs if s.name.startswith("g")]
    groups = make_groups(fixed, ("f64", "f32"), rows, rng, bounds, "CPU")
    results = {(i, lay): call_cpu(lib, g, lay) for i, g in enumerate(groups) for lay in ("rows", "cols")}
    fails = judge(groups, results, "CPU", tables, Table, fmt)
    if rnd:
        rg = make_groups(rnd, ("f64", "f32"), max(2, rows // 2), rng, bounds, "CPU")
        rres = {(i, "rows"): call_cpu(lib, g, "rows") for i, g in enumerate(rg)}
        fails += judge(rg, rres, "CPU", tables, Table, fmt, title="random gufuncs (seed %d)" % seed)
        for s in rnd:
            print("%s: %s" % (s.name, s.text()))
    fails += judge_compensation(lib, rng, rows, tables, Table)
    fails += judge_norm_range(lib, rng, rows, tables, Table)
    fails += judge_lse_range(lib, rng, rows, tables, Table)
    return fails
