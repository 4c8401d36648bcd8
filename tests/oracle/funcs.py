"""funcs.py: the functions and operators of symkern(5), for the oracle.

SymPy has no exp2, expm1, log1p, log2, log10, real cbrt, hypot or fma of
its own that str() prints under the C name (sympy.cbrt is x**(1/3), which
symkern computes as pow and is NaN for x < 0), so they are declared here as
undefined SymPy functions: str() then prints them as written, which is the
.sym syntax.

SINGLES lists one .sym function per built-in function, operator and a few
integer powers, with the regions its points are drawn from (domains.py):
its natural domain, and its hard parts (near zeros of the function, large
magnitudes, near overflow and underflow, subnormal arguments).  `bound`
names the row of bounds.txt that judges it.
"""

import math

import mpmath
import sympy

import domains as D


class _CFunc(sympy.Function):
    """A C math function SymPy does not print under the C name."""


def _cfunc(name, n):
    return type(name, (_CFunc,), {"nargs": n})


exp2 = _cfunc("exp2", 1)
expm1 = _cfunc("expm1", 1)
log1p = _cfunc("log1p", 1)
log2 = _cfunc("log2", 1)
log10 = _cfunc("log10", 1)
cbrt = _cfunc("cbrt", 1)
hypot = _cfunc("hypot", 2)
fma = _cfunc("fma", 3)

# Names a .sym expression may use, for parsing .sym text back with SymPy.
SYM_NAMES = {c.__name__: c for c in (exp2, expm1, log1p, log2, log10, cbrt, hypot, fma)}
SYM_NAMES.update({n: getattr(sympy, n) for n in (
    "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "asinh",
    "acosh", "atanh", "exp", "log", "sqrt", "Abs", "floor", "ceiling", "erf", "erfc", "gamma",
    "loggamma", "Min", "Max", "sign", "Heaviside", "Piecewise", "Eq", "Ne", "And", "Or", "Not",
    "pi", "E", "sec", "csc", "cot", "sech", "csch", "coth",
    "acot", "asec", "acsc", "asech", "acsch", "acoth", "Mod", "frac", "erfinv", "erfcinv", "LambertW",
    "besselj", "bessely", "besseli", "besselk", "jn", "yn", "polygamma",
    "elliptic_k", "elliptic_e", "elliptic_f", "zeta", "dirichlet_eta", "beta", "RisingFactorial",
    "FallingFactorial", "erf2", "lowergamma", "uppergamma", "expint", "E1", "Ei", "li", "Si", "Ci", "Shi", "Chi", "airyai", "airybi",
    "airyaiprime", "airybiprime", "betainc", "betainc_regularized")})

x, y, z = sympy.symbols("x y z")
PI = math.pi


# Zeros of Bessel functions (the first three and the tenth, or the 1000th
# for J0 and J1), where the relative error of every evaluation in floating
# point grows without bound.
def _zeros(kind, n, ks):
    f = mpmath.besseljzero if kind == "j" else mpmath.besselyzero
    return tuple(float(f(n, k)) for k in ks)


BESSEL_ZEROS = {"j0": _zeros("j", 0, (1, 2, 3, 10, 1000)), "j1": _zeros("j", 1, (1, 2, 3, 1000)),
                "j5": _zeros("j", 5, (1, 2, 10)),
                "j20": _zeros("j", 20, (1, 2, 10)), "y0": _zeros("y", 0, (1, 2, 3, 10)),
                "y1": _zeros("y", 1, (1, 2, 3)), "y5": _zeros("y", 5, (1, 2, 10)),
                # spherical: those of J and Y of order n + 1/2
                "sj0": _zeros("j", 0.5, (1, 2, 10)), "sj1": _zeros("j", 1.5, (1, 2, 10)),
                "sj5": _zeros("j", 5.5, (1, 2, 10)), "sj40": _zeros("j", 40.5, (1, 2)),
                "sy0": _zeros("y", 0.5, (1, 2, 10)), "sy1": _zeros("y", 1.5, (1, 2, 10)),
                "sy5": _zeros("y", 5.5, (1, 2, 10))}


class Single:
    def __init__(self, name, args, expr, regions, bound, envelope=None):
        self.name, self.args, self.expr, self.regions, self.bound = name, args, expr, regions, bound
        self.envelope = envelope


def _s(name, expr, regions, bound, args=(x,), envelope=None):
    return Single(name, tuple(str(a) for a in args), expr, regions, bound, envelope)


def bessel_envelope(n):
    """The amplitude sqrt(2/(pi |x|)) (at most 1) of J_n and Y_n where they
    oscillate, |x| >= n (their zeros lie beyond), 0 elsewhere: a bound
    "u|a" of bounds.txt allows an error of a ulps of it besides u ulps of
    the value (near zeros, where no evaluation keeps relative accuracy)."""
    import numpy as np
    def env(v, *_):
        a = np.abs(v)
        with np.errstate(divide="ignore", over="ignore"):
            return np.where(a >= max(n, 0.5), np.minimum(1.0, np.sqrt(2 / (math.pi * a))), 0.0)
    return env


def spherical_envelope(n):
    """The amplitude 1/|x| (at most 1) of the spherical j_n and y_n where
    they oscillate, |x| >= n, 0 elsewhere (as bessel_envelope)."""
    import numpy as np
    def env(v, *_):
        a = np.abs(v)
        with np.errstate(divide="ignore", over="ignore"):
            return np.where(a >= max(n, 0.5), np.minimum(1.0, 1 / a), 0.0)
    return env


def airy_envelope(prime):
    """The amplitude |x|^-1/4 / sqrt(pi) of Ai and Bi (|x|^1/4 / sqrt(pi)
    of their derivatives) where they oscillate, x < -1; 0 elsewhere (as
    bessel_envelope)."""
    import numpy as np
    def env(v, *_):
        a = np.abs(v)
        with np.errstate(divide="ignore", over="ignore"):
            return np.where(v < -1, a ** (0.25 if prime else -0.25) / math.sqrt(math.pi), 0.0)
    return env


def digamma_envelope(v, *_):
    """log(2 - x) + |pi cot(pi x)| for x < 0, 0 elsewhere: at least the
    sum of the sizes of the two terms of digamma's reflection
    psi(1 - x) - pi cot(pi x), which cancel near its zeros on the negative
    axis (a bound "u|a" of bounds.txt)."""
    import numpy as np
    with np.errstate(divide="ignore", over="ignore", invalid="ignore"):
        return np.where(v < 0, np.log(2 - np.minimum(v, 0)) + np.abs(np.pi / np.tan(np.pi * v)), 0.0)


def betainc_envelope(reg):
    """The whole integral, 1 or beta(a, b), of betainc(a, b, 0, x) (at
    least the larger of the result and its complement): where a or b is
    below 1, the smaller tail at x may be the complement of the one
    computed (a bound "u|a" of bounds.txt)."""
    import numpy as np
    lg = np.vectorize(math.lgamma)
    def env(a, b, *_):
        if reg:
            return np.ones_like(a)
        with np.errstate(over="ignore", invalid="ignore"):
            return np.exp(lg(a) + lg(b) - lg(a + b))
    return env


LN = lambda L: L["lnmax"]      # exp overflows above this
LS = lambda L: L["lnsub"]      # exp underflows to 0 below this
BIG = lambda L: L["max"]
SUB = lambda L: L["sub"]

def _chain_edges(n, signed=True):
    """|x| where x**n is subnormal, down to where x**(-n) overflows (1/max),
    and where x**n overflows, up to where x**(-n) rounds to 0 (half the
    least subnormal): 1/chain(x) would lose bits, or be 0."""
    return [D.logu(lambda L: L["max"] ** (-1.0 / n), lambda L: (L["tiny"] * 1024) ** (1.0 / n), signed),
            D.logu(lambda L: L["max"] ** (1.0 / n), lambda L: L["sub"] ** (-1.0 / n) * 2 ** (1.0 / n), signed)]


SINGLES = [
    # operators
    _s("op_add", x + y, [D.pair(D.full(), D.full()), D.cancel_pair(), D.pair(D.uni(-10, 10), D.uni(-10, 10))],
       "add", (x, y)),
    _s("op_sub", x - y, [D.pair(D.full(), D.full()), D.pair(D.uni(1, 2), D.near(1.5))], "add", (x, y)),
    _s("op_mul", x * y, [D.pair(D.full(), D.full()), D.pair(D.subnormal(), D.uni(0.5, 4))], "mul", (x, y)),
    _s("op_div", x / y, [D.pair(D.full(), D.full()), D.pair(D.subnormal(), D.uni(0.5, 4))], "div", (x, y)),
    _s("op_pow", x ** y, [D.pair(D.logu(1e-3, 1e3), D.uni(-30, 30)), D.pair(D.near(1), D.logu(1, 1e12, True)),
                          D.pair(D.logu(1e-30, 1e30), D.uni(-9, 9))], "pow", (x, y)),
    # powers by repeated squaring (symkern(5) TRANSLATION) and sqrt
    _s("pow_2", x ** 2, [D.full(), D.logu(1e-3, 1e3, True)], "pow2"),
    _s("pow_3", x ** 3, [D.full(), D.logu(1e-3, 1e3, True)], "pow3"),
    _s("pow_5", x ** 5, [D.full(), D.logu(1e-3, 1e3, True)], "pow5"),
    _s("pow_12", x ** 12, [D.full(), D.logu(1e-3, 1e3, True)], "pow12"),
    _s("pow_m1", 1 / x, [D.full()], "div"),
    # x**(-n) is 1/chain(x) where x**n is in range; pow_m3_edge and
    # pow_m12_edge are where x**n is subnormal or overflows (symkern(5)
    # Powers: x is scaled by a power of 2 there), judged by the same bound.
    _s("pow_m3", x ** -3, [D.logu(lambda L: L["sub"] ** (1 / 3), lambda L: L["max"] ** (1 / 3) / 2, True),
                           D.logu(1e-3, 1e3, True)], "powm3"),
    _s("pow_m3_edge", x ** -3, _chain_edges(3), "powm3"),
    _s("pow_m12", x ** -12, [D.full(), D.logu(1e-3, 1e3, True)], "powm12"),
    _s("pow_m12_edge", x ** -12, _chain_edges(12), "powm12"),
    _s("pow_32", x ** sympy.Rational(3, 2), [D.logu(SUB, BIG), D.logu(1e-3, 1e3)], "pow32"),
    # 1/(x*sqrt(x)), scaled like x**(-3) where x**(3/2) over- or underflows
    _s("pow_m32", x ** sympy.Rational(-3, 2), [D.logu(1e-3, 1e3), D.logu(1e-30, 1e30)] + _chain_edges(1.5, False),
       "powm32"),
    # pow(x, 1/3 rounded): the rounded exponent adds |ln x|*|1/3 - fl(1/3)|
    # relative error, up to 1.2 ulps for x in [1e-3, 1e3] (bounds.txt) and
    # ~100 ulps in double near the overflow threshold (reported apart).
    _s("pow_13", x ** sympy.Rational(1, 3), [D.logu(1e-3, 1e3)], "pow13"),
    _s("pow_13_wide", x ** sympy.Rational(1, 3), [D.logu(SUB, BIG)], "pow13_wide"),
    # one-argument functions
    _s("f_sqrt", sympy.sqrt(x), [D.logu(SUB, BIG), D.subnormal(False), D.uni(0, 10)], "sqrt"),
    _s("f_cbrt", cbrt(x), [D.full(), D.subnormal()], "cbrt"),
    _s("f_exp", sympy.exp(x), [D.uni(LS, LN), D.near(LN), D.uni(LS, lambda L: L["lnsub"] + 40),
                              D.logu(1e-20, 1, True)], "exp"),
    _s("f_exp2", exp2(x), [D.uni(lambda L: L["l2sub"], lambda L: L["l2max"]),
                          D.near(lambda L: L["l2max"] - 1e-9), D.logu(1e-20, 1, True)], "exp2"),
    _s("f_expm1", expm1(x), [D.uni(-40, LN), D.logu(1e-300, 1, True), D.near(LN)], "expm1"),
    _s("f_log", sympy.log(x), [D.logu(SUB, BIG), D.near(1), D.subnormal(False)], "log"),
    _s("f_log2", log2(x), [D.logu(SUB, BIG), D.near(1)], "log2"),
    _s("f_log10", log10(x), [D.logu(SUB, BIG), D.near(1)], "log10"),
    _s("f_log1p", log1p(x), [D.logu(1e-300, 1, True), D.near(-1), D.logu(1, BIG)], "log1p"),
    _s("f_sin", sympy.sin(x), [D.uni(-10, 10), D.logu(SUB, 1e22, True), D.multiples(PI, 10 ** 6),
                              D.logu(1e22, BIG, True)], "sin"),
    _s("f_cos", sympy.cos(x), [D.uni(-10, 10), D.logu(SUB, 1e22, True), D.multiples(PI, 10 ** 6),
                              D.logu(1e22, BIG, True)], "cos"),
    _s("f_tan", sympy.tan(x), [D.uni(-10, 10), D.logu(SUB, 1e22, True), D.multiples(PI / 2, 10 ** 6)], "tan"),
    _s("f_asin", sympy.asin(x), [D.uni(-1, 1), D.near(1, True), D.logu(SUB, 1, True)], "asin"),
    _s("f_acos", sympy.acos(x), [D.uni(-1, 1), D.near(1, True), D.logu(SUB, 1, True)], "acos"),
    _s("f_atan", sympy.atan(x), [D.full(), D.uni(-10, 10)], "atan"),
    _s("f_atan2", sympy.atan2(y, x), [D.pair(D.full(), D.full()), D.pair(D.uni(-5, 5), D.uni(-5, 5))],
       "atan2", (y, x)),
    _s("f_sinh", sympy.sinh(x), [D.uni(lambda L: -L["lnmax"], LN), D.logu(SUB, 1, True),
                                D.near(lambda L: L["lnmax"] + 0.69, True)], "sinh"),
    _s("f_cosh", sympy.cosh(x), [D.uni(lambda L: -L["lnmax"], LN), D.logu(SUB, 1, True),
                                D.near(lambda L: L["lnmax"] + 0.69, True)], "cosh"),
    _s("f_tanh", sympy.tanh(x), [D.logu(SUB, 30, True), D.uni(-3, 3)], "tanh"),
    # SymPy's reciprocal functions: 1/cos(x), ...; sech and csch 2 exp(-|x|) beyond |x| = 20
    _s("f_sec", sympy.sec(x), [D.uni(-10, 10), D.logu(SUB, 1e22, True), D.multiples(PI / 2, 10 ** 6)], "sec"),
    _s("f_csc", sympy.csc(x), [D.uni(-10, 10), D.logu(lambda L: 4 / L["max"], 1e22, True),
                              D.multiples(PI, 10 ** 6)], "csc"),
    _s("f_cot", sympy.cot(x), [D.uni(-10, 10), D.logu(lambda L: 4 / L["max"], 1e22, True),
                              D.multiples(PI / 2, 10 ** 6)], "cot"),
    _s("f_sech", sympy.sech(x), [D.uni(-30, 30), D.full(), D.near(20, True),
                                D.near(lambda L: L["lnmax"] + 0.69, True)], "sech"),
    _s("f_csch", sympy.csch(x), [D.uni(-30, 30), D.logu(lambda L: 4 / L["max"], lambda L: -L["lnsub"], True),
                                D.near(20, True), D.near(lambda L: L["lnmax"] + 0.69, True)], "csch"),
    _s("f_coth", sympy.coth(x), [D.logu(lambda L: 4 / L["max"], 30, True), D.uni(-3, 3)], "coth"),
    # their inverses, written to keep precision near |x| = 1 (compose.c)
    _s("f_acot", sympy.acot(x), [D.full(), D.uni(-10, 10)], "acot"),
    _s("f_asec", sympy.asec(x), [D.logu(1, BIG, True), D.near(1, True), D.uni(-10, 10)], "asec"),
    _s("f_acsc", sympy.acsc(x), [D.logu(1, BIG, True), D.near(1, True), D.uni(-10, 10)], "acsc"),
    _s("f_asech", sympy.asech(x), [D.uni(0, 1), D.near(1), D.logu(SUB, 1)], "asech"),
    _s("f_acsch", sympy.acsch(x), [D.logu(lambda L: 4 / L["max"], BIG, True), D.uni(-3, 3)], "acsch"),
    _s("f_acoth", sympy.acoth(x), [D.logu(1, BIG, True), D.near(1, True), D.uni(-10, 10)], "acoth"),
    _s("f_asinh", sympy.asinh(x), [D.full(), D.uni(-3, 3)], "asinh"),
    _s("f_acosh", sympy.acosh(x), [D.logu(1, BIG), D.near(1)], "acosh"),
    _s("f_atanh", sympy.atanh(x), [D.uni(-1, 1), D.near(1, True), D.logu(SUB, 1, True)], "atanh"),
    _s("f_erf", sympy.erf(x), [D.uni(-6, 6), D.logu(SUB, 10, True)], "erf"),
    _s("f_erfc", sympy.erfc(x), [D.uni(-6, lambda L: 27.3 if L["eps"] < 1e-10 else 10.1),
                                D.logu(SUB, 1, True)], "erfc"),
    # the inverses (templates/runtime_special.h): near +-1, near 0 and 2,
    # and erfcinv's tail down to the least subnormal
    _s("f_erfinv", sympy.erfinv(x), [D.uni(-1, 1), D.below(1, True), D.logu(SUB, 1, True)], "erfinv"),
    _s("f_erfcinv", sympy.erfcinv(x), [D.uni(0, 2), D.logu(SUB, 1), D.below(2), D.near(1)], "erfcinv"),
    # LambertW's real branches: near the branch point -1/e (from 4 ulps of
    # it: -1/e itself is not a number of either format), the whole range,
    # and subnormal and huge arguments
    _s("f_lambertw", sympy.LambertW(x), [D.uni(-0.36, 5), D.shift(-1 / math.e, D.logu(lambda L: 1.5 * L["eps"], 0.1)),
                                        D.logu(SUB, BIG), D.logu(SUB, 0.3, True)], "lambertw"),
    _s("f_lambertwm1", sympy.LambertW(x, -1), [D.uni(-0.36, -1e-3), D.shift(-1 / math.e, D.logu(lambda L: 1.5 * L["eps"], 0.1)),
                                              D.shift(0, D.logu(SUB, 0.3), -1)], "lambertw"),
    # Bessel functions of integer order (the C library's and CUDA's): the
    # oscillating range, near their zeros (judged by the absolute part of
    # the bound), small arguments (J_n(x) ~ (x/2)^n/n!) and large ones
    _s("f_besselj0", sympy.besselj(0, x), [D.uni(-30, 30), D.logu(SUB, BIG, True),
                                          *[D.near(z, True) for z in BESSEL_ZEROS["j0"]]], "besselj01", envelope=bessel_envelope(0)),
    _s("f_besselj1", sympy.besselj(1, x), [D.uni(-30, 30), D.logu(SUB, BIG, True),
                                          *[D.near(z, True) for z in BESSEL_ZEROS["j1"]]], "besselj01", envelope=bessel_envelope(1)),
    _s("f_besselj5", sympy.besselj(5, x), [D.uni(-30, 30), D.logu(1e-3, BIG, True),
                                          *[D.near(z, True) for z in BESSEL_ZEROS["j5"]]], "besseljn", envelope=bessel_envelope(5)),
    _s("f_besselj20", sympy.besselj(20, x), [D.uni(-60, 60), D.logu(1, BIG, True),
                                            *[D.near(z, True) for z in BESSEL_ZEROS["j20"]]], "besseljn", envelope=bessel_envelope(20)),
    _s("f_bessely0", sympy.bessely(0, x), [D.uni(0, 30), D.logu(SUB, BIG),
                                          *[D.near(z) for z in BESSEL_ZEROS["y0"]]], "besselj01", envelope=bessel_envelope(0)),
    _s("f_bessely1", sympy.bessely(1, x), [D.uni(0, 30), D.logu(1e-3, BIG),
                                          *[D.near(z) for z in BESSEL_ZEROS["y1"]]], "besselj01", envelope=bessel_envelope(1)),
    _s("f_bessely5", sympy.bessely(5, x), [D.uni(0, 30), D.logu(1e-1, BIG),
                                          *[D.near(z) for z in BESSEL_ZEROS["y5"]]], "besselyn", envelope=bessel_envelope(5)),
    # modified Bessel functions (runtime_besselik.h): both branches of
    # each (I below and above 8, K below and above 2), tiny and huge
    # arguments (I overflows, K underflows), orders 0, 1, 5 and 40
    *[_s("f_besseli%d" % n, sympy.besseli(n, x), [D.uni(-30, 30), D.logu(SUB, BIG, True), D.uni(-800, 800)],
         "besseli" if n < 2 else "besselin") for n in (0, 1, 5, 40)],
    *[_s("f_besselk%d" % n, sympy.besselk(n, x), [D.uni(0, 30), D.logu(SUB, BIG), D.uni(0, 800)],
         "besselk" if n < 2 else "besselkn") for n in (0, 1, 5, 40)],
    # spherical Bessel functions (runtime_spherical.h), as J and Y above,
    # both signs (y_n(-x) is real)
    *[_s("f_sphjn%d" % n, sympy.jn(n, x), [D.uni(-60, 60), D.logu(SUB, BIG, True),
                                          *[D.near(z, True) for z in BESSEL_ZEROS["sj%d" % n]]],
         "sphbessel" if n < 2 else "sphbesseln", envelope=spherical_envelope(n)) for n in (0, 1, 5, 40)],
    *[_s("f_sphyn%d" % n, sympy.yn(n, x), [D.uni(-60, 60), D.logu(SUB, BIG, True),
                                          *[D.near(z, True) for z in BESSEL_ZEROS.get("sy%d" % n, ())]],
         "sphbessel" if n < 2 else "sphbesseln", envelope=spherical_envelope(n)) for n in (0, 1, 5, 40)],
    # elliptic integrals (runtime_elliptic.h), SymPy's parameter m: the
    # complete ones over m <= 1, near the singularity at 1 and for large
    # negative m; the incomplete ones over several periods of phi, near
    # m = 1, and for m > 1 where m sin(phi)^2 <= 1
    *[_s("f_%s" % f.__name__, f(x), [D.uni(-10, 1), D.below(1), D.shift(0, D.logu(1e-6, BIG), -1),
                                     D.logu(SUB, 1e-3, True)], "ellipk") for f in (sympy.elliptic_k, sympy.elliptic_e)],
    *[_s("f_%s_inc" % f.__name__, f(x, y), [D.pair(D.uni(-10, 10), D.uni(-5, 1)), D.pair(D.uni(-1.57, 1.57), D.below(1)),
                                           D.pair(D.uni(-0.5, 0.5), D.uni(1, 4)), D.pair(D.logu(SUB, 1e-3, True), D.uni(-2, 1))],
         "ellipinc", (x, y)) for f in (sympy.elliptic_f, sympy.elliptic_e)],
    # zeta functions (runtime_zeta.h): Riemann's around its pole at 1,
    # over (0, 1), for large s (it nears 1) and for s < 0 through the
    # functional equation (the trivial zeros, gamma's large values);
    # Hurwitz's for s > 1 and small, large or negative a (integer s);
    # dirichlet_eta likewise; polygamma of orders 2, 5 and 32
    _s("f_zeta", sympy.zeta(x), [D.uni(-20, 20), D.near(1), D.logu(1, BIG), D.uni(-170, -20), D.uni(0, 1),
                                 D.near(-6)], "zeta"),
    _s("f_zeta_far", sympy.zeta(x), [D.uni(lambda L: -1.8 * L["gmax"], lambda L: -L["gmax"])], "zeta_far"),
    _s("f_hurwitz", sympy.zeta(x, y), [D.pair(D.uni(1.01, 30), D.logu(1e-3, 1e3)),
                                      D.pair(D.uni(1.01, 5), D.logu(1e6, BIG))], "hurwitz", (x, y)),
    # (0 <= s < 1, where zeta(s, a) has zeros, near a = 1/2 for small s:
    # reported, not judged)
    _s("f_hurwitz_low", sympy.zeta(x, y), [D.pair(D.uni(0, 1), D.uni(0.1, 10))], "hurwitz_low", (x, y)),
    _s("f_dirichlet_eta", sympy.dirichlet_eta(x), [D.uni(-20, 20), D.near(1), D.logu(1, BIG), D.uni(-170, -20)], "zeta"),
    # (x > 0 while x^-(m+1) is a normal float, which m! then scales; x < 0, where the recurrence's terms cancel
    # near the zeros between the poles, reported, not judged)
    *[_s("f_polygamma%d" % m, sympy.polygamma(m, x), [D.uni(0, 20 if m < 30 else 14), D.logu(1e-3, 1e6 if m < 30 else 14)],
         "polygamma") for m in (2, 5, 32)],
    _s("f_polygamma2_neg", sympy.polygamma(2, x), [D.uni(-20, 0)], "polygamma_neg"),
    # beta and the rising and falling factorials (runtime_ratio.h): beta
    # where a + b is within gamma's range, with one argument small, then
    # beyond it with a small (Stirling's ratio) and with both large (lgamma:
    # reported), and for a < 0; the factorials of constant integer orders
    # (products, across the poles and zeros of the negative axis) and of
    # a variable order (gamma's ratio, x > 0, x + k > 0); erf2 of any two
    # arguments and of two close ones (the differences that cancel)
    _s("f_beta", sympy.beta(x, y), [D.pair(D.uni(0, 20), D.uni(0, 20)),
                                   D.pair(D.logu(1e-3, 1), D.uni(0, lambda L: L["gmax"] - 1)),
                                   D.pair(D.logu(lambda L: L["tiny"], 1e-3), D.logu(1e-3, 30))], "beta", (x, y)),
    _s("f_beta_large", sympy.beta(x, y), [D.pair(D.logu(1e-3, 30), D.logu(lambda L: L["gmax"], 1e6)),
                                         D.pair(D.uni(1, 10), D.logu(lambda L: L["gmax"], 1e15))], "beta_large", (x, y)),
    _s("f_beta_huge", sympy.beta(x, y), [D.pair(D.uni(lambda L: L["gmax"], 1000), D.uni(lambda L: L["gmax"], 1000))],
       "beta_huge", (x, y)),
    _s("f_beta_neg", sympy.beta(x, y), [D.pair(D.uni(-10, 0), D.uni(0, 10)), D.pair(D.uni(-10, 0), D.uni(-10, 0))],
       "beta_neg", (x, y)),
    *[_s("f_rising%s" % str(k).replace("-", "m"), sympy.RisingFactorial(x, k, evaluate=False),
         [D.uni(-12, 12), D.logu(1e-3, 1e3), D.integers_near(12)], "factorial_int") for k in (3, 10, -3)],
    *[_s("f_falling%s" % str(k).replace("-", "m"), sympy.FallingFactorial(x, k, evaluate=False),
         [D.uni(-12, 12), D.logu(1e-3, 1e3), D.integers_near(12)], "factorial_int") for k in (3, 10, -3)],
    _s("f_rising", sympy.RisingFactorial(x, y), [D.pair(D.uni(0.1, 20), D.uni(0, 10)),
                                                 D.pair(D.logu(1e-3, 1e3), D.uni(-0.09, 3))], "factorial", (x, y)),
    _s("f_falling", sympy.FallingFactorial(x, y), [D.pair(D.uni(0.1, 20), D.uni(-10, 0)),
                                                   D.pair(D.logu(1e-3, 1e3), D.uni(-3, 0.09))], "factorial", (x, y)),
    _s("f_erf2", sympy.erf2(x, y), [D.pair(D.uni(-6, 6), D.uni(-6, 6)), D.step_pair(-6, 6), D.step_pair(-1, 1),
                                   D.step_pair(-26, 26), D.pair(D.logu(lambda L: L["tiny"], 1, True), D.uni(-1, 1))],
       "erf2", (x, y)),
    # the incomplete gamma functions (runtime_incgamma.h): s > 0 around
    # the transitions (x = s + 1, s, 0.6) between the series and the
    # continued fraction, small s (where gamma(s) and x^s/s cancel), s < 0
    # (the recurrence down from (-1/2, 1/2]); lowergamma for s < 0, where
    # it has zeros (reported, not judged); expint of real orders and
    # E1 = expint(1, x) to the underflow
    _s("f_lowergamma", sympy.lowergamma(x, y), [D.pair(D.uni(0, 20), D.uni(0, 30)), D.pair(D.logu(1e-3, 1), D.logu(1e-3, 10)),
                                               D.pair(D.uni(1, 30), D.logu(1e-3, 100))], "incgamma", (x, y)),
    _s("f_uppergamma", sympy.uppergamma(x, y), [D.pair(D.uni(0, 20), D.uni(0, 30)), D.pair(D.logu(1e-3, 1), D.logu(1e-3, 10)),
                                               D.pair(D.uni(-10, 0), D.logu(1e-3, 30)), D.pair(D.uni(1, 30), D.logu(1e-3, 100))],
       "incgamma", (x, y)),
    _s("f_lowergamma_neg", sympy.lowergamma(x, y), [D.pair(D.uni(-10, 0), D.logu(1e-3, 30))], "incgamma_neg", (x, y)),
    _s("f_expint", sympy.expint(x, y), [D.pair(D.uni(-5, 10), D.logu(1e-3, 50))], "expint", (x, y)),
    *[_s("f_expint%d" % k, sympy.expint(k, x), [D.logu(1e-4, lambda L: 700 if L["gmax"] > 100 else 85), D.uni(0, 5)],
         "expint_int") for k in (1, 2, 5)],
    # the exponential, logarithmic, sine and cosine integrals (runtime_sici.h):
    # near the positive zeros of Ei, Ci, Chi and li, across the switches
    # between methods (2, 3, the asymptotic series' 22 and 44), to the
    # overflow and to subnormal arguments; Ci where it oscillates judged in
    # ulps of its amplitude 1/x (spherical_envelope) besides its value's
    *[_s("f_%s" % n.lower(), getattr(sympy, n)(x), [D.logu(SUB, lambda L: 700 if L["gmax"] > 100 else 85, n != "Chi"),
                                                   D.uni(0 if n == "Chi" else -50, 50), D.uni(1.5, 3.5),
                                                   D.uni(18, 50)] + ([D.near(r)] if r else []), "sici")
      for n, r in (("Ei", 0.3725074107813666), ("Shi", 0), ("Chi", 0.5238225713898644))],
    _s("f_ei_neg", sympy.Ei(x), [D.logu(1e-3, lambda L: 745 if L["gmax"] > 100 else 103, False)], "expint_int"),
    _s("f_li", sympy.li(x), [D.logu(SUB, BIG), D.uni(0, 3), D.near(1.4513692348833810), D.near(1),
                             D.logu(1e30, BIG)], "sici"),
    _s("f_si", sympy.Si(x), [D.logu(SUB, BIG, True), D.uni(-10, 10), D.uni(2, 4), D.logu(1e4, 1e12)], "sici"),
    _s("f_ci", sympy.Ci(x), [D.logu(SUB, BIG), D.uni(0, 10), D.uni(1.5, 3.5), D.near(0.6165054856207162),
                             D.logu(1e4, 1e12), *[D.near(z) for z in (3.3841804225511862, 6.427047744050369,
                                                                       9.525575457580667, 3151.017748908205)]],
       "ci", envelope=spherical_envelope(3)),
    # the Airy functions (runtime_airy.h): x >= 0 across the switches (2,
    # 5.5, 9) to the underflow of Ai and the overflow of Bi, and subnormal;
    # x < 0 over the Maclaurin range, across its switch, and the asymptotic
    # range to -1e10 (float -8e4: the phase's error grows beyond), judged
    # in ulps of the amplitude as well (airy_envelope)
    *[_s("f_%s" % n, getattr(sympy, n)(x), [D.uni(-12, 12), D.uni(0, 12), D.logu(SUB, 1), D.logu(1, lambda L: 104 if L["gmax"] > 100 else 25),
                                           D.uni(-10, -4), D.logu(1, lambda L: 1e10 if L["gmax"] > 100 else 8e4, True)], "airy",
         envelope=airy_envelope(n.endswith("prime"))) for n in ("airyai", "airybi", "airyaiprime", "airybiprime")],
    # the incomplete beta functions (runtime_betainc.h) from 0 to x: a, b
    # from 1 to 30 (the direct prefactor) and to 1000 (Stirling's from 16),
    # x anywhere and near the mean a/(a + b), where the tails meet (a, b >=
    # 1: the smaller tail is computed, or the complement of one within a
    # factor of about 6 of it); a, b to 1e4 (betainc_large: the continued
    # fraction near the mean is ill-conditioned, sqrt(a + b) terms of
    # similar size); a or b below 1 (betainc_small: judged in ulps of the
    # whole integral as well, betainc_envelope)
    *[_s("f_%s%s" % (n, r), getattr(sympy, n)(x, y, 0, z), regions, "betainc" + r, (x, y, z),
         envelope=betainc_envelope(n.endswith("regularized")) if r else None)
      for n in ("betainc_regularized", "betainc")
      for r, regions in (("", [D.pair(D.uni(1, 30), D.uni(1, 30), D.uni(0, 1)),
                               D.pair(D.logu(1, 1e3), D.logu(1, 1e3), D.uni(0, 1)), D.mean_beta(1, 1e3)]),
                         ("_large", [D.pair(D.logu(16, 1e4), D.logu(16, 1e4), D.uni(0, 1)), D.mean_beta(100, 1e4)]),
                         ("_small", [D.pair(D.logu(1e-3, 1), D.logu(1e-3, 30), D.uni(0, 1)),
                                     D.pair(D.logu(1e-3, 30), D.logu(1e-3, 1), D.uni(0, 1))]))],
    # digamma and trigamma (runtime_gamma.h): around the positive root of
    # psi (relative accuracy kept there), the recurrence's range, large and
    # subnormal arguments, and the negative axis, where psi is judged in
    # ulps of its reflection's terms near its zeros (digamma_envelope) and
    # trigamma's reflection below -20 has a bound of its own
    _s("f_digamma", sympy.polygamma(0, x), [D.uni(0, 12), D.near(1.4616321449683623), D.logu(SUB, BIG)],
       "digamma"),
    _s("f_digamma_neg", sympy.polygamma(0, x), [D.uni(-12, 0), D.logu(1e-3, 1e6, True), D.near(-0.5040830082644554)],
       "digamma_neg", envelope=digamma_envelope),
    _s("f_trigamma", sympy.polygamma(1, x), [D.uni(-20, 12), D.logu(SUB, BIG), D.near(-3)], "trigamma"),
    _s("f_trigamma_neg", sympy.polygamma(1, x), [D.uni(-1e4, -20), D.logu(20, 1e6, True)], "trigamma_neg"),
    _s("f_gamma", sympy.gamma(x), [D.uni(0, 10), D.uni(-170, lambda L: L["gmax"]),
                                  D.near(lambda L: L["gmax"] - 0.001), D.logu(SUB, 1e-3, True)], "gamma"),
    # lgamma: CUDA's bound holds outside [-23.0001, -2.2637] (double) and
    # [-10.001, -2.264] (float); inside it is "larger": loggamma_neg below.
    _s("f_loggamma", sympy.loggamma(x), [D.logu(SUB, BIG), D.near(1), D.near(2),
                                        D.uni(-2.2637, 0), D.uni(-170, -23.0001)], "loggamma"),
    _s("f_loggamma_neg", sympy.loggamma(x), [D.uni(-23.0, -2.264), D.near(-2.457024738220800)],
       "loggamma_neg"),
    _s("f_abs", sympy.Abs(x), [D.full()], "exact"),
    _s("f_floor", sympy.floor(x), [D.integers_near(1000), D.full()], "exact"),
    _s("f_ceiling", sympy.ceiling(x), [D.integers_near(1000), D.full()], "exact"),
    _s("f_sign", sympy.sign(x), [D.full(), D.subnormal()], "exact"),
    _s("f_heaviside", sympy.Heaviside(x), [D.full(), D.subnormal()], "exact"),
    # more arguments
    _s("f_hypot", hypot(x, y), [D.pair(D.full(), D.full()), D.pair(D.logu(lambda L: L["max"] ** 0.45, BIG, True), D.logu(lambda L: L["max"] ** 0.45, BIG, True))],
       "hypot", (x, y)),
    _s("f_fma", fma(x, y, z), [D.pair(D.logu(1e-10, 1e10, True), D.logu(1e-10, 1e10, True),
                                     D.logu(1e-10, 1e10, True))], "fma", (x, y, z)),
    _s("f_mod", sympy.Mod(x, y), [D.pair(D.uni(-100, 100), D.uni(-10, 10)),
                                 D.pair(D.full(), D.logu(1e-3, 1e3, True))], "mod", (x, y)),
    _s("f_frac", sympy.frac(x), [D.integers_near(1000), D.uni(-10, 10), D.logu(SUB, 1e20, True)], "mod"),
    _s("f_min", sympy.Min(x, y), [D.pair(D.full(), D.full())], "exact", (x, y)),
    _s("f_max", sympy.Max(x, y), [D.pair(D.full(), D.full())], "exact", (x, y)),
]
