"""reference.py: exact values of .sym expressions with mpmath, and errors in ulps.

A SymPy expression is compiled once into nested Python closures that
evaluate it with mpmath under symkern(5)'s real semantics (loggamma is
log|gamma|, cbrt the real cube root, Heaviside(0) = 1/2, Piecewise the first
branch whose condition holds).  A result that is not a finite real number
(a pole, a logarithm of a negative, a complex power) is None: such points
are skipped, never compared.

Precision: mpmath at 50 digits (mp.dps = 50), as the issue asks, with
refinements so that the reference is right where a float result is:
+ - * are exact (mpmath's exact=True), so that 1e300 + 1e-300 - 1e300 is
1e-300; a sum with an inexact operand (a function's value) that cancels
more than all but 64 bits of the working precision starts the point again
at twice the digits (exp(x) - 1 at x = 1e-300 needs over 300); and every
point is evaluated at two precisions 20 digits apart, and again at more
while they disagree beyond 2^-64 relative.  A point that does not settle
by MAX_DPS digits is dropped.
"""

import math
from fractions import Fraction

import mpmath
from mpmath import mp
import sympy


# Target formats: significand bits, least normal exponent, largest exponent.
PRECISIONS = {
    "f64": dict(p=53, emin=-1022, emax=1023, dtype="float64"),
    "f32": dict(p=24, emin=-126, emax=127, dtype="float32"),
}


class Invalid(Exception):
    """The exact value is not a finite real number."""


class NeedPrecision(Exception):
    """A sum cancelled more digits than the working precision has."""


def _real(v):
    if isinstance(v, mpmath.mpc) or v is None:
        raise Invalid()
    if not mpmath.isfinite(v):
        raise Invalid()
    return v


# Arguments beyond which a function's value is far outside every format
# (exp(1e30)), or would need thousands of digits to reduce (sin(2^5000)):
# such points are dropped, instead of letting mpmath work for minutes.
HUGE_ARG = mpmath.ldexp(1, 40)
MAX_DPS = 1400  # enough for exp(x) - 1 at the least subnormal double
HUGE = mpmath.ldexp(1, 1 << 17)  # beyond every format, yet cheap for mpmath
TRIG_ARG = mpmath.ldexp(1, 4096)  # periodic functions: reduction needs this many bits
_EXPLIKE = ("exp", "exp2", "expm1", "sinh", "cosh", "erfc", "gamma", "pow")


def _guard(fn, name=""):
    """Wrap an mpmath function: complex results, poles and domain errors
    become Invalid."""
    cap = HUGE_ARG if name in _EXPLIKE else (TRIG_ARG if name in ("sin", "cos", "tan") else HUGE)

    def g(*a):
        if any(abs(v) > cap for v in a):
            raise Invalid()
        try:
            return _real(fn(*a))
        except (ValueError, ZeroDivisionError, ArithmeticError):
            raise Invalid() from None
    return g


def _pow(a, b):
    if a == 0 and b < 0:
        raise Invalid()
    if a < 0 and b != mpmath.floor(b):
        raise Invalid()
    if b == mpmath.floor(b) and abs(b) <= 64:
        # an integer power: exact, as x*x is (mpmath's ** rounds)
        n = int(b)
        r = mpmath.mpf(1)
        for _ in range(abs(n)):
            r = mpmath.fmul(r, a, exact=True)
        return r if n >= 0 else mpmath.mpf(1) / r
    if abs(b) > HUGE_ARG or abs(a) > HUGE:
        raise Invalid()
    return _real(mpmath.power(a, b))


def _near_pole(x):
    """x <= 0 within a float's rounding of an integer: a pole of gamma that a
    computed argument may round onto (every float beyond 2^24 is an
    integer), so the value there is the conditioning, not the library."""
    return x <= 0 and abs(x - mpmath.nint(x)) <= abs(x) * mpmath.ldexp(1, -22)


def _gamma(x):
    if _near_pole(x):
        raise Invalid()
    return mp.gamma(x)


def _loggamma(x):
    if _near_pole(x):
        raise Invalid()
    if x > 0:
        return mp.loggamma(x)
    return mp.re(mp.loggamma(x))  # log|Gamma(x)|, symkern's and lgamma's meaning


def _polygamma(m, x):
    """mpmath's polygamma, with trigamma of x < 0 by the reflection
    pi^2/sin^2(pi x) - psi_1(1 - x) (mpmath recurs up from x: seconds at
    x = -1e6); sinpi takes x exactly."""
    if m == 1 and x < 0:
        with mp.workprec(mp.prec + 20):
            return +((mp.pi / mp.sinpi(x)) ** 2 - mp.polygamma(1, 1 - x))
    return mp.polygamma(m, x)


def _cbrt(x):
    return mpmath.sign(x) * mp.cbrt(abs(x)) if x else mpmath.mpf(0)


def _erfcinv(q):
    """erfinv(1 - q), with 1 - q exact (mpmath has no erfcinv)."""
    if q > 1:
        return -_erfcinv(2 - q)
    with mp.workprec(mp.prec + max(0, -mp.mag(q)) + 30):
        return +mp.erfinv(1 - q)


def _sign(x):
    return mpmath.mpf(1) if x > 0 else (mpmath.mpf(-1) if x < 0 else mpmath.mpf(0))


def _heaviside(x, h0=mpmath.mpf(0.5)):
    return mpmath.mpf(1) if x > 0 else (mpmath.mpf(0) if x < 0 else h0)


def _log(x, b=None):
    if x <= 0:
        raise Invalid()
    if b is None:
        return mp.log(x)
    if b <= 0 or b == 1:
        raise Invalid()
    return mp.log(x) / mp.log(b)


# Domains with an edge at a representable point (a pole or an end of the
# domain): outside, a function has no real value (UNARY gives None).  An
# argument that is inside while its correctly rounded value is not
# (atanh(1 - 4e-18) in double: the argument rounds to 1) makes the result
# inf or NaN in any evaluation in that precision: such points are
# reported, not judged (exact_arrays: inter_ok).
_INT_POLE = lambda x: not (x <= 0 and x == mpmath.floor(x))
DOMAIN = {
    "asin": lambda x: abs(x) <= 1, "acos": lambda x: abs(x) <= 1,
    "acosh": lambda x: x >= 1, "atanh": lambda x: abs(x) < 1,
    "log": lambda x: x > 0, "log2": lambda x: x > 0, "log10": lambda x: x > 0,
    "log1p": lambda x: x > -1, "sqrt": lambda x: x >= 0,
    "gamma": _INT_POLE, "loggamma": _INT_POLE,
    "csc": lambda x: x != 0, "cot": lambda x: x != 0, "csch": lambda x: x != 0, "coth": lambda x: x != 0,
    "asec": lambda x: abs(x) >= 1, "acsc": lambda x: abs(x) >= 1, "asech": lambda x: 0 < x <= 1,
    "acsch": lambda x: x != 0, "acoth": lambda x: abs(x) > 1,
    "erfinv": lambda x: abs(x) < 1, "erfcinv": lambda x: 0 < x < 2,
}


def _within(fn, inside):
    return fn if inside is None else (lambda x: fn(x) if inside(x) else None)


# One-argument functions by SymPy class name (or the name of funcs.py's
# classes for the C functions SymPy lacks), limited to their DOMAIN.
UNARY = {
    "sin": mp.sin, "cos": mp.cos, "tan": mp.tan, "asin": mp.asin, "acos": mp.acos,
    "atan": mp.atan, "sinh": mp.sinh, "cosh": mp.cosh, "tanh": mp.tanh,
    "asinh": mp.asinh, "acosh": mp.acosh, "atanh": mp.atanh,
    "exp": mp.exp, "exp2": lambda x: mp.power(2, x), "expm1": mp.expm1,
    "log2": lambda x: mp.log(x, 2), "log10": mp.log10, "log1p": mp.log1p, "sqrt": mp.sqrt,
    "cbrt": _cbrt, "Abs": abs, "floor": mpmath.floor, "ceiling": mpmath.ceil,
    "erf": mp.erf, "erfc": mp.erfc, "gamma": _gamma, "loggamma": _loggamma,
    "sign": _sign, "sec": mp.sec, "csc": mp.csc, "cot": mp.cot, "sech": mp.sech, "csch": mp.csch,
    "coth": mp.coth, "acot": mp.acot, "asec": mp.asec, "acsc": mp.acsc, "asech": mp.asech,
    "acsch": mp.acsch, "acoth": mp.acoth, "frac": lambda x: x - mpmath.floor(x),
    "erfinv": mp.erfinv, "erfcinv": _erfcinv,
}
UNARY = {k: _guard(_within(v, DOMAIN.get(k)), k) for k, v in UNARY.items()}


def _compile(e, track, edge=lambda name, a: None):
    """A closure env -> mpf (or bool for a condition) for expression e.
    track(v) sees every numeric intermediate value that is used, edge(name,
    a) the argument of every function of DOMAIN."""
    if e.is_Symbol:
        name = e.name
        sym = lambda env: env[name]
        sym.exact = True  # closures marked exact compute their value exactly
        return sym
    if e.is_Number or e in (sympy.pi, sympy.E):
        if e.is_Rational:
            p, q = int(e.p), int(e.q)
            num = lambda env: mpmath.mpf(p) / q if q != 1 else mpmath.mpf(p)
            num.exact = q & (q - 1) == 0  # a dyadic rational is exact
            return num
        if e is sympy.pi:
            return lambda env: +mp.pi
        if e is sympy.E:
            return lambda env: +mp.e
        raise ValueError("unsupported number %r" % e)
    if e is sympy.true or e is sympy.false:
        t = bool(e)
        return lambda env: t
    cls = type(e).__name__
    if cls == "Piecewise":
        vals = [_compile(c.expr, track, edge) for c in e.args]
        conds = [_compile(c.cond, track, edge) for c in e.args]
        def pw(env):
            for v, c in zip(vals, conds):
                if c(env):
                    return v(env)
            raise Invalid()
        return pw
    args = [_compile(a, track, edge) for a in e.args]
    if isinstance(e, sympy.Add):
        inexact = not all(getattr(a, "exact", False) for a in args)

        def add(env):
            vals = [a(env) for a in args]
            r = vals[0]
            for v in vals[1:]:
                r = mpmath.fadd(r, v, exact=True)
            # An inexact operand carries a relative error of 2^-prec: the
            # sum keeps 64 bits only if it is not smaller than the largest
            # operand by more than 2^(prec - 64).
            if inexact and (max(abs(v) for v in vals) * mpmath.ldexp(1, 64 - mp.prec) > abs(r)):
                raise NeedPrecision()
            return track(r)
        add.exact = not inexact
        return add
    if isinstance(e, sympy.Mul):
        def mul(env):
            r = args[0](env)
            for a in args[1:]:
                r = mpmath.fmul(r, a(env), exact=True)
            return track(r)
        mul.exact = all(getattr(a, "exact", False) for a in args)
        return mul
    if isinstance(e, sympy.Pow):
        b, x = args
        if e.exp == sympy.Rational(1, 2):
            return lambda env: track(UNARY["sqrt"](b(env)))
        if e.exp == -1:
            def inv(env):
                v = b(env)
                if v == 0:
                    raise Invalid()
                return track(1 / v)
            return inv
        if e.base is sympy.E:
            return lambda env: track(UNARY["exp"](x(env)))
        pw = lambda env: track(_pow(b(env), x(env)))
        pw.exact = getattr(b, "exact", False) and e.exp.is_Integer and 0 <= e.exp <= 64
        return pw
    if cls in UNARY:
        f = UNARY[cls]
        a0 = args[0]
        if cls in DOMAIN:
            def unary_edge(env):
                v = a0(env)
                edge(cls, v)
                return track(f(v))
            return unary_edge
        return lambda env: track(f(a0(env)))
    if cls == "log":
        g = _guard(_log)

        def log_edge(env):
            vs = [a(env) for a in args]
            edge("log", vs[0])
            return track(g(*vs))
        return log_edge
    if cls == "atan2":
        g = _guard(mp.atan2)
        return lambda env: track(g(args[0](env), args[1](env)))
    if cls == "hypot":
        return lambda env: track(mp.hypot(args[0](env), args[1](env)))
    if cls == "fma":
        return lambda env: track(mpmath.fadd(mpmath.fmul(args[0](env), args[1](env), exact=True),
                                             args[2](env), exact=True))
    if cls == "Mod":  # Python's %: the sign of the divisor; exact in mpmath
        def exact(v):  # an mpf as a Fraction, exactly
            sign, m, e, _ = v._mpf_
            f = Fraction(m * 2 ** e) if e >= 0 else Fraction(m, 2 ** -e)
            return -f if sign else f

        def mod(a, b):
            if b == 0 or not (mpmath.isfinite(a) and mpmath.isfinite(b)):
                return None
            r = exact(a) % exact(b)
            return mpmath.mpf(r.numerator) / r.denominator
        g = _guard(mod)
        return lambda env: track(g(args[0](env), args[1](env)))
    if cls in ("Min", "Max"):
        pick = min if cls == "Min" else max
        return lambda env: track(pick(a(env) for a in args))
    if cls == "LambertW":  # the real branches 0 and -1; None where complex
        k = int(e.args[1]) if len(e.args) == 2 else 0

        def lw(v):
            if v < -1 / mp.e or (k == -1 and v >= 0):
                return None
            return mp.lambertw(v, k).real
        g = _guard(lw)
        return lambda env: track(g(args[0](env)))
    if cls == "polygamma":  # orders 0 and 1; no real value at the poles
        m = int(e.args[0])
        g = _guard(lambda v: None if _near_pole(v) else _polygamma(m, v))
        return lambda env: track(g(args[1](env)))
    if cls in ("besselj", "bessely", "besseli", "besselk"):  # integer order; Y, K complex for x < 0
        n, fn = int(e.args[0]), getattr(mp, cls)
        g = _guard(lambda v: None if cls in ("bessely", "besselk") and v <= 0 else fn(n, v))
        return lambda env: track(g(args[1](env)))
    if cls in ("elliptic_k", "elliptic_e", "elliptic_f"):  # complex (None) for m > 1 and beyond
        fn = {"elliptic_k": mp.ellipk, "elliptic_e": mp.ellipe, "elliptic_f": mp.ellipf}[cls]
        g = _guard(lambda *v: None if v[-1] > 1 and (len(v) == 1 or v[-1] * mp.sin(v[0]) ** 2 > 1) else fn(*v))
        if len(args) == 1:
            return lambda env: track(g(args[0](env)))
        return lambda env: track(g(args[0](env), args[1](env)))
    if cls in ("zeta", "dirichlet_eta"):  # Riemann's, Hurwitz's (s >= 0 here), eta; NaN at the pole
        def z(*v):
            if v[0] == 1 and cls == "zeta" or (len(v) == 2 and (v[0] < 0 or (v[1] <= 0 and v[0] != mp.floor(v[0])))):
                return None
            return mp.altzeta(v[0]) if cls == "dirichlet_eta" else mp.zeta(*v)
        g = _guard(z)
        if len(args) == 1:
            return lambda env: track(g(args[0](env)))
        return lambda env: track(g(args[0](env), args[1](env)))
    if cls in ("beta", "RisingFactorial", "FallingFactorial"):  # None at the poles
        def ratio(a, b):
            def pole(v):
                return v <= 0 and v == mp.floor(v)
            if cls == "beta":
                return None if pole(a) or pole(b) else mp.beta(a, b)
            return (mp.rf if cls == "RisingFactorial" else mp.ff)(a, b)
        g = _guard(ratio)
        return lambda env: track(g(args[0](env), args[1](env)))
    if cls in ("lowergamma", "uppergamma", "expint", "E1"):  # real for x >= 0; None at the poles
        def incg(s, v=None):
            if v is None:  # E1(x)
                s, v = 1, s
            if v < 0 or (cls == "lowergamma" and s <= 0 and s == mp.floor(s)):
                return None
            with mp.workprec(mp.prec + 80):
                if cls == "lowergamma":
                    return mp.gammainc(s, 0, v)
                if cls == "uppergamma":
                    return mp.gammainc(s, v)
                return mp.expint(s, v)
        g = _guard(incg)
        if len(args) == 1:
            return lambda env: track(g(args[0](env)))
        return lambda env: track(g(args[0](env), args[1](env)))
    if cls in ("Ei", "li", "Si", "Ci", "Shi", "Chi"):  # Ci, Chi, li complex for x < 0
        fn = {"Ei": mp.ei, "li": mp.li, "Si": mp.si, "Ci": mp.ci, "Shi": mp.shi, "Chi": mp.chi}[cls]

        def sici(v):
            if v < 0 and cls in ("Ci", "Chi", "li"):
                return None
            with mp.workprec(mp.prec + 40):
                return fn(v)
        g = _guard(sici, "sin" if cls in ("Si", "Ci") else ("exp" if cls in ("Ei", "Shi", "Chi") else ""))
        return lambda env: track(g(args[0](env)))
    if cls in ("airyai", "airybi", "airyaiprime", "airybiprime"):
        fn = mp.airyai if cls.startswith("airyai") else mp.airybi
        g = _guard(lambda v: fn(v, 1 if cls.endswith("prime") else 0), "exp")
        return lambda env: track(g(args[0](env)))
    if cls in ("betainc", "betainc_regularized"):  # a, b > 0, x1, x2 in [0, 1]
        reg = cls == "betainc_regularized"

        def tails(a, b, v):
            """(lower, upper) regularized tails at v, the smaller by DLMF
            8.17.8 (positive terms: mpmath's own betainc, by the
            alternating 2F1(a, 1 - b; a + 1; x), fails for large b)"""
            if v == 0 or v == 1:
                return (mp.mpf(v), 1 - mp.mpf(v))
            w = 1 - v
            lo = v * (a + b + 2) < a + 1
            p, q, t = (a, b, v) if lo else (b, a, w)
            s = mp.exp(a * mp.log(v) + b * mp.log(w) - mp.log(p) - mp.log(mp.beta(a, b))) * mp.hyp2f1(a + b, 1, p + 1, t)
            return (s, 1 - s) if lo else (1 - s, s)

        def binc(a, b, x1, x2):
            if not (a > 0 and b > 0 and 0 <= x1 <= 1 and 0 <= x2 <= 1):
                return None
            with mp.workprec(mp.prec + 120):
                l1, u1 = tails(a, b, x1)
                l2, u2 = tails(a, b, x2)
                v = (l2 - l1) if min(l1, l2) <= min(u1, u2) else (u1 - u2)
                return v if reg else v * mp.beta(a, b)
        g = _guard(binc)
        return lambda env: track(g(args[0](env), args[1](env), args[2](env), args[3](env)))
    if cls == "erf2":  # erf(y) - erf(x), each side from the end where it is small
        def erf2(a, b):
            with mp.workprec(mp.prec + 80):
                if a > 0 and b > 0:
                    return mp.erfc(a) - mp.erfc(b)
                if a < 0 and b < 0:
                    return mp.erfc(-b) - mp.erfc(-a)
                return mp.erf(b) - mp.erf(a)
        g = _guard(erf2)
        return lambda env: track(g(args[0](env), args[1](env)))
    if cls in ("jn", "yn"):  # spherical: sqrt(pi/(2x)) J or Y of order n + 1/2, odd or even in x
        n, fn = int(e.args[0]), mp.besselj if cls == "jn" else mp.bessely

        def sph(v):
            if v == 0:
                return (1 if n == 0 else 0) if cls == "jn" else None
            a = abs(v)
            r = mp.sqrt(mp.pi / (2 * a)) * fn(n + mp.mpf(1) / 2, a)
            return -r if v < 0 and (n + (cls == "yn")) % 2 else r
        g = _guard(sph)
        return lambda env: track(g(args[1](env)))
    if cls == "Heaviside":
        if len(args) == 1:
            return lambda env: _heaviside(args[0](env))
        return lambda env: _heaviside(args[0](env), args[1](env))
    rel = {"StrictLessThan": lambda a, b: a < b, "LessThan": lambda a, b: a <= b,
           "StrictGreaterThan": lambda a, b: a > b, "GreaterThan": lambda a, b: a >= b,
           "Equality": lambda a, b: a == b, "Unequality": lambda a, b: a != b}
    if cls in rel:
        op = rel[cls]
        return lambda env: op(args[0](env), args[1](env))
    if cls == "And":
        return lambda env: all(a(env) for a in args)
    if cls == "Or":
        return lambda env: any(a(env) for a in args)
    if cls == "Not":
        return lambda env: not args[0](env)
    raise ValueError("no reference for %s" % cls)


class Reference:
    """Exact values of one expression at points (arrays by argument name)."""

    def __init__(self, expr, argnames):
        self.argnames = list(argnames)
        self._box = [None, None]  # largest and least non-zero magnitude seen
        self._edges = {"f64": False, "f32": False}  # an argument rounds out of its domain
        self._fn = _compile(expr, self._track, self._edge)

    def _edge(self, name, a):
        for prec in self._edges:
            ra = round_to(a, prec)
            if ra is not None and not DOMAIN[name](ra):
                self._edges[prec] = True

    def _track(self, v):
        a = abs(v)
        if a > HUGE or (a and a < 1 / HUGE):
            raise Invalid()
        if self._box[0] is None or a > self._box[0]:
            self._box[0] = a
        if a and (self._box[1] is None or a < self._box[1]):
            self._box[1] = a
        return v

    def _at(self, env, dps):
        with mp.workdps(dps):
            self._box = [None, None]
            self._edges = {"f64": False, "f32": False}
            e = {k: mpmath.mpf(v) for k, v in env.items()}
            return +self._fn(e), tuple(self._box) + (self._edges["f64"], self._edges["f32"])

    def value(self, point):
        """(exact mpf, (largest, least non-zero |intermediate|, an argument
        rounds out of its domain in f64, in f32)) or None."""
        env = dict(zip(self.argnames, (float(v) for v in point)))
        dps = 50
        try:
            while True:
                try:
                    lo, box = self._at(env, dps)
                    hi, box = self._at(env, dps + 20)
                except NeedPrecision:
                    hi, lo = None, 0
                if hi is not None and (hi == lo or (hi and abs(hi - lo) <= abs(hi) * mpmath.ldexp(1, -64))):
                    return hi, box
                if dps >= MAX_DPS:
                    return None
                dps = min(2 * dps + 20, MAX_DPS)
        except Invalid:
            return None


def round_to(x, prec):
    """x rounded to nearest (ties to even) in the format prec, or None if it
    overflows.  Subnormals are rounded at their own spacing."""
    P = PRECISIONS[prec]
    if x == 0:
        return mpmath.mpf(0)
    _, e = mpmath.frexp(x)  # |x| in [2^(e-1), 2^e)
    s = max(e - P["p"], P["emin"] - P["p"] + 1)
    r = mpmath.ldexp(mpmath.nint(mpmath.ldexp(x, -s)), s)
    if abs(r) >= mpmath.ldexp(1, P["emax"] + 1):
        return None
    return r


def exact_arrays(ref, points, prec):
    """For points (an (nargs, n) array of the precision's type), the
    reference as arrays: valid (exact finite and representable), hi, lo
    (a float64 pair, exact + ~2^-106 relative), r (correctly rounded, as
    float64), and inter_ok (every intermediate value in range of prec, and
    no function's argument rounded out of its domain, DOMAIN)."""
    import numpy as np
    P = PRECISIONS[prec]
    n = points.shape[1]
    valid = np.zeros(n, bool)
    inter_ok = np.zeros(n, bool)
    hi = np.zeros(n)
    lo = np.zeros(n)
    r = np.zeros(n)
    big = mpmath.ldexp(1, P["emax"] + 1)
    tiny = mpmath.ldexp(1, P["emin"] - P["p"])  # half the least subnormal
    for i in range(n):
        got = ref.value(points[:, i])
        if got is None:
            continue
        x, (mx, mn, e64, e32) = got
        ri = round_to(x, prec)
        if ri is None:
            continue
        valid[i] = True
        h = round_to(x, "f64")
        hi[i] = float(h) if h is not None else math.inf
        lo[i] = float(x - h) if h is not None else 0.0
        r[i] = float(ri)
        inter_ok[i] = ((mx is None or mx < big) and (mn is None or mn >= tiny) and
                       not (e64 if prec == "f64" else e32))
    return dict(valid=valid, hi=hi, lo=lo, r=r, inter_ok=inter_ok)


def ulp_errors(got, ref, prec):
    """|got - exact| in ulps of the correctly rounded value, per point;
    inf where got is inf or NaN (the exact value being finite).  Points
    that are not valid give NaN."""
    return abs_errors(got, ref) / ulps_of(ref["r"], prec)


def ulps_of(v, prec):
    """The ulp of each value of the array v in the format prec (of the
    least subnormal at 0)."""
    import numpy as np
    P = PRECISIONS[prec]
    _, e = np.frexp(v)
    ulp = np.ldexp(1.0, np.maximum(e - P["p"], P["emin"] - P["p"] + 1))
    return np.where(v == 0, math.ldexp(1.0, P["emin"] - P["p"] + 1), ulp)


def abs_errors(got, ref):
    """|got - exact| per point; inf where got is inf or NaN (the exact value
    being finite), NaN where the point is not valid."""
    import numpy as np
    g = np.asarray(got, dtype=np.float64)
    with np.errstate(invalid="ignore", over="ignore"):
        err = np.abs((g - ref["hi"]) - ref["lo"])
    err = np.where(np.isfinite(g), err, np.inf)
    return np.where(ref["valid"], err, np.nan)
