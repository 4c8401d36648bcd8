#!/usr/bin/python3
"""make_corpus.py: writes corpus.sym and corpus.ref, the SymPy corpus that
tests/unit/test_corpus.c checks without Python (see README.md here).

Every string is made by SymPy itself: an expression built as SymPy objects
(often put through simplify, expand, together, nsimplify, rewrite or the
sympy.codegen helpers) and printed with str().  Each gets reference values
at a few points, computed by SymPy's evalf(50) from the printed string, so
a reference is of what the text says.

Run with a Python that has SymPy (made with SymPy 1.11.1):
    /usr/bin/python3 tests/sympy_corpus/make_corpus.py [OUTDIR]
The output is deterministic: fixed seeds, fixed candidate points, and the
strings in the order they are made (duplicates dropped).
"""
import os
import random
import sys

import mpmath
import sympy as sp
from sympy.functions.elementary.piecewise import ExprCondPair
from sympy.codegen import cfunctions as cf
from sympy.codegen import numpy_nodes as npn
from sympy.codegen import scipy_nodes as spn
from sympy.codegen.rewriting import (create_expand_pow_optimization, optimize,
                                     optims_c99, optims_numpy, optims_scipy,
                                     sinc_opts)

R = sp.Rational
# Real symbols, so that SymPy's own rewriting (diff of Abs, simplify of
# sqrt(x**2), ...) stays within real functions; they print as x, y, z.
x, y, z = sp.symbols('x y z', real=True)
SYMS = (x, y, z)

# The names symkern accepts (symkern(5), FUNCTIONS AND CONSTANTS), as SymPy
# classes; an expression that reaches anything else is a bug here.
SUPPORTED = {
    'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'atan2', 'sinh', 'cosh',
    'tanh', 'asinh', 'acosh', 'atanh', 'exp', 'log', 'Abs', 'sign', 'floor',
    'ceiling', 'Min', 'Max', 'erf', 'erfc', 'gamma', 'loggamma', 'Heaviside',
    'Piecewise', 'factorial', 'binomial', 'expm1', 'log1p', 'exp2', 'log2',
    'log10', 'Cbrt', 'Sqrt', 'hypot', 'fma', 'logaddexp', 'logaddexp2',
    'cosm1', 'sinc', 'And', 'Or', 'Not', 'Equality', 'Unequality',
    'StrictLessThan', 'LessThan', 'StrictGreaterThan', 'GreaterThan',
    'sec', 'csc', 'cot', 'sech', 'csch', 'coth', 'acot', 'asec', 'acsc',
    'asech', 'acsch', 'acoth', 'Mod', 'frac', 'erfinv', 'erfcinv', 'LambertW',
    'besselj', 'bessely', 'polygamma', 'besseli', 'besselk', 'jn', 'yn',
    'elliptic_k', 'elliptic_e', 'elliptic_f', 'zeta', 'dirichlet_eta', 'beta',
    'RisingFactorial', 'FallingFactorial', 'erf2', 'lowergamma', 'uppergamma',
    'expint', 'Ei', 'li', 'Si', 'Ci', 'Shi', 'Chi', 'airyai', 'airybi',
    'airyaiprime', 'airybiprime', 'betainc', 'betainc_regularized',
}

# ---------------------------------------------------------------- strings


def hand():
    """The forms the issue names, one by one."""
    e = []
    # Rational forms and exact constants
    e += [R(1, 2) * x, R(3, 7) * x + R(-5, 3), x / 3, -x / 2, R(22, 7) - x,
          R(1, 3), R(-7, 4), R(123456789, 987654321) * x, sp.S.Half + y,
          sp.sqrt(2) / 2, sp.sqrt(2) * x / 2, 1 / sp.sqrt(2) + x,
          sp.sqrt(3) / 3 * y, sp.pi / 2, sp.pi * x / 4, 2 / sp.pi,
          2 / sp.sqrt(sp.pi), sp.E, sp.E * x, sp.E + x, 1 / sp.E * x,
          sp.Integer(2) ** 100 * x, x / 2 ** 70, sp.factorial(20) * x,
          sp.binomial(10, 3) + x, R(10 ** 20 + 1, 3) * x]
    # E**x and exp(x), powers and reciprocals
    e += [sp.Pow(sp.E, x, evaluate=False), sp.Pow(sp.E, x + y, evaluate=False),
          sp.exp(x), sp.exp(-x), sp.exp(x) ** 2, sp.exp(x / 2), sp.E ** 2 * x,
          sp.Pow(x, -1, evaluate=False), 1 / x, x ** -2, x ** -3 + y, 1 / (x * y),
          x ** R(1, 3), x ** R(2, 3), x ** R(-1, 2), x ** R(3, 2), x ** R(-5, 3),
          sp.sqrt(x), 1 / sp.sqrt(x), sp.sqrt(x * y), x ** y, x ** (y + z),
          x ** (y ** z), (x ** y) ** z, 2 ** x, sp.Integer(2) ** -x, R(1, 2) ** x,
          (-x) ** 3, -x ** 2, x ** sp.Float(2.0), x ** sp.Float('1.5'),
          x ** 100, (x + 1) ** 10, sp.sqrt(x ** 2 + y ** 2), sp.Pow(-1, sp.floor(x))]
    # Floats: short, long, with exponents
    e += [sp.Float('0.1') * x, sp.Float('2.5') + x,
          sp.Float('0.333333333333333') * x,
          sp.Float('1.23456789012345678901234567890', 30) * x,
          sp.Float(sp.pi, 50) * x, sp.Float(sp.E, 20) + y,
          sp.Float('1.0e-30') * x + 1, sp.Float('1.0e+20') * x,
          sp.Float('6.02214076e23') * x / 10 ** 23, sp.Float('-7.25e-5') * x + 1,
          sp.Float('12345678901234567890.5', 30) * x / 10 ** 19,
          sp.Float(2) / 3 * x, x * sp.Float('0.5') + sp.Float('0.25'),
          (x + sp.pi).evalf(20), (sp.sin(x) + sp.sqrt(2)).evalf(25),
          sp.exp(x).evalf(17) * sp.Float('1.0000000000000000000001', 25),
          sp.Float(sp.pi, 110) + x]
    # logarithms
    e += [sp.log(x), sp.log(x, 2), sp.log(x, 10), sp.log(x) / sp.log(2),
          sp.log(x, y), sp.log(x, sp.E), sp.log(2) * x, sp.log(x ** 2 + 1),
          sp.log(sp.Abs(x)), sp.log(sp.exp(x) + 1), sp.log(x, 3) + sp.log(y, 5)]
    # Min/Max with many arguments
    e += [sp.Min(x, y), sp.Max(x, y), sp.Min(x, y, z), sp.Max(x, y, z, 1),
          sp.Min(x, y, z, 0, -1 + x, 2 * y), sp.Max(x, y, z, x * y, x + z, y - z, R(1, 3)),
          sp.Min(sp.sin(x), sp.cos(x), sp.tan(y), z), sp.Max(x, 2) + sp.Min(y, -2),
          sp.Min(sp.Max(x, y), z), sp.Max(*[x + k for k in range(8)] + [y * k for k in range(1, 8)])]
    # step functions
    e += [sp.sign(x), sp.sign(x - y) * x, sp.Abs(x), sp.Abs(x - y) + sp.Abs(z),
          sp.floor(x), sp.ceiling(x), sp.floor(x / 2) + sp.ceiling(y * 3),
          sp.Heaviside(x), sp.Heaviside(x, 1), sp.Heaviside(x, 0), sp.Heaviside(x, R(1, 2)),
          sp.Heaviside(x - y, z), sp.Heaviside(x) * sp.Heaviside(-y),
          sp.Heaviside(x).rewrite(sp.Piecewise), sp.Max(x, y).rewrite(sp.Heaviside),
          sp.Min(x, y).rewrite(sp.Heaviside), sp.Max(x, y).rewrite(sp.Piecewise),
          sp.Abs(x).rewrite(sp.Piecewise), sp.sign(x).rewrite(sp.Piecewise),
          sp.Piecewise((1, x > 0), (0, True)).rewrite(sp.Heaviside)]
    # Piecewise with And, Or, Not and relations
    P = sp.Piecewise
    e += [P((x, x > 0), (-x, True)), P((x ** 2, x < 0), (sp.sin(x), x < 1), (1, True)),
          P((x, sp.And(x > 0, y < 1)), (y, sp.Or(x < 0, y > 2)), (0, True)),
          P((x, sp.Not(sp.And(x > 0, y > 0))), (y, True)),
          P((1, sp.Not(sp.Or(x > 1, y < -1))), (2, True)),
          P((x, sp.Eq(y, 0)), (x / y, True)), P((x, sp.Ne(x, y)), (0, True)),
          P((1, sp.And(x >= 0, x <= 1, y > 0)), (2, sp.Or(x < -1, y <= 0, z > 1)), (3, True)),
          P((sp.exp(x), sp.Ge(x, y)), (sp.exp(y), sp.Lt(x, y))),
          P((x, x > 0)), P((0, x < 0), (x, x <= 1), (1, True)),
          P((x * y, sp.And(sp.Or(x > 0, y > 0), sp.Not(sp.Eq(z, 1)))), (z, True)),
          P((R(1, 2), sp.Eq(x, 0)), (1, True)) + x,
          P((x, sp.Or(sp.And(x > 0, y > 0), sp.And(x < 0, y < 0))), (-x, True))]
    # every math function of symkern(5)
    for f in (sp.sin, sp.cos, sp.tan, sp.asin, sp.acos, sp.atan, sp.sinh, sp.cosh,
              sp.tanh, sp.asinh, sp.acosh, sp.atanh, sp.exp, sp.log, sp.sqrt, sp.erf,
              sp.erfc, sp.gamma, sp.loggamma, sp.floor, sp.ceiling, sp.Abs, sp.sign):
        e += [f(x), f(x / 2 + y / 4), 2 * f(-x) + 1]
    e += [sp.atan2(y, x), sp.atan2(x, 2), sp.factorial(x), sp.binomial(x, 3), sp.binomial(x, y),
          sp.cbrt(x), sp.real_root(x, 3), sp.root(x, 5), sp.gamma(x + 1) / sp.gamma(x)]
    # SymPy's reciprocal and special functions (issue 17), as themselves and
    # as SymPy's diff and rewrite print them
    for f in (sp.sec, sp.csc, sp.cot, sp.sech, sp.csch, sp.coth, sp.acot, sp.acsch, sp.frac):
        e += [f(x), 2 * f(x / 2 + y / 4) + 1]
    for f in (sp.asec, sp.acsc, sp.asech, sp.acoth, sp.erfinv, sp.LambertW):  # (SymPy 1.11 cannot evalf erfcinv)
        e += [f(x)]
    e += [sp.Mod(x, y), sp.Mod(x, 3) + y, sp.LambertW(x, -1), sp.besselj(0, x), sp.besselj(3, x + y),
          sp.bessely(1, x), sp.bessely(-2, x), sp.polygamma(0, x), sp.polygamma(1, x / 2 + y),
          sp.digamma(x), sp.trigamma(x), sp.diff(sp.loggamma(x), x), sp.diff(sp.loggamma(x), x, 2),
          sp.diff(sp.besselj(0, x), x), sp.diff(sp.besselj(2, x), x), sp.diff(sp.bessely(1, x), x),
          sp.diff(sp.LambertW(x), x), sp.diff(sp.erfinv(x), x), sp.diff(sp.sec(x), x), sp.diff(sp.acoth(x), x),
          sp.cos(x).rewrite(sp.sec), sp.tan(x).rewrite(sp.cot), sp.sinh(x).rewrite(sp.csch),
          sp.tanh(x).rewrite(sp.coth), sp.atan(x).rewrite(sp.acot), sp.trigsimp(1 / sp.cos(x) ** 2 - 1)]
    # sympy.codegen.cfunctions and the other codegen nodes
    e += [cf.expm1(x), cf.log1p(x), cf.exp2(x), cf.log2(x), cf.log10(x), cf.Cbrt(x),
          cf.Sqrt(x), cf.hypot(x, y), cf.fma(x, y, z), cf.expm1(x * y) + cf.log1p(z ** 2),
          cf.hypot(x, 1) * cf.Sqrt(x ** 2 + y ** 2), cf.fma(x, x, -1), cf.Cbrt(x) + cf.exp2(-y),
          npn.logaddexp(x, y), npn.logaddexp2(x, y), spn.cosm1(x), sp.sinc(x), sp.sinc(x * y)]
    for a in (sp.exp(x) - 1, sp.log(x + 1), 2 ** x, sp.log(x) / sp.log(2),
              sp.exp(x * y) - 1 + sp.log(1 + y ** 2), sp.log(x) / sp.log(10) + x):
        e += [optimize(a, optims_c99)]
    e += [optimize(sp.log(sp.exp(x) + sp.exp(y)), optims_numpy),
          optimize(sp.log(2 ** x + 2 ** y) / sp.log(2), optims_numpy),
          optimize(sp.cos(x) - 1, optims_scipy), optimize(sp.sin(x) / x, sinc_opts),
          create_expand_pow_optimization(4)(x ** 3 + y ** 4 + x ** -2),
          create_expand_pow_optimization(3)(sp.sin(x) ** 3)]
    return e


def later():
    """The forms added after the corpus was first made, last, so that the
    names of the others stay: the modified and spherical Bessel functions
    and the elliptic integrals, then the zeta functions, beta, the rising
    and falling factorials, erf2, the incomplete gamma functions and the
    exponential integrals (issue 17), as themselves and as SymPy's diff
    prints them, then Ei, li, Si, Ci, Shi and Chi and what integrate prints
    with them, then the Airy functions and their derivatives."""
    return [sp.besseli(0, x), sp.besseli(-2, x + y), sp.besselk(1, x), sp.besselk(3, x / 2), sp.jn(0, x),
            sp.jn(3, x + y), sp.yn(1, x), sp.yn(2, x / 2), sp.diff(sp.besseli(0, x), x),
            sp.diff(sp.besselk(1, x), x), sp.diff(sp.jn(2, x), x), sp.diff(sp.yn(0, x), x),
            sp.elliptic_k(x), sp.elliptic_e(x), sp.elliptic_f(x, y), sp.elliptic_e(x, y / 2),
            sp.diff(sp.elliptic_k(x), x), sp.diff(sp.elliptic_e(x), x), sp.diff(sp.elliptic_f(x, y), x),
            sp.zeta(x + 2), sp.zeta(x, y + 1), sp.dirichlet_eta(x), sp.polygamma(3, x + 1),
            sp.diff(sp.zeta(x + 2, y + 1), y), sp.beta(x + 1, y + 1), sp.diff(sp.beta(x + 1, y), x),
            sp.RisingFactorial(x, 3), sp.RisingFactorial(x + 1, y), sp.FallingFactorial(x, 4),
            sp.FallingFactorial(x + 4, y), sp.expand_func(sp.RisingFactorial(x, 3)), sp.erf2(x, y),
            sp.diff(sp.erf2(x, y), x), sp.lowergamma(x + 1, y ** 2), sp.uppergamma(x, y ** 2 + 1),
            sp.diff(sp.uppergamma(x + 1, y ** 2), y), sp.expint(x, y ** 2 + 1), sp.E1(x ** 2 + 1),
            sp.diff(sp.expint(2, x ** 2 + 1), x),
            sp.Ei(x), sp.li(x + 2), sp.Si(x), sp.Ci(x + 1), sp.Shi(x / 2), sp.Chi(x + 1),
            sp.diff(sp.Si(x ** 2), x), sp.diff(sp.li(x + 2), x), sp.integrate(sp.sin(x) / x, x),
            sp.integrate(sp.exp(x) / x, x), sp.integrate(1 / sp.log(x + 2), x), sp.integrate(sp.cosh(x) / x, x),
            sp.Ei(sp.log(x + 2)), sp.li(x + 2).rewrite(sp.Ei),
            sp.airyai(x), sp.airybi(x / 2), sp.airyaiprime(x - 1), sp.airybiprime(x), sp.diff(sp.airyai(x ** 2), x),
            sp.diff(sp.airybiprime(x), x), sp.airyai(x).rewrite(sp.besselj)]


def manipulated():
    """What SymPy's own algorithms print."""
    e = []
    base = [(x + 1) ** 3, (x - y) ** 2 * (x + y), sp.sin(x) ** 2 + sp.cos(x) ** 2 + x,
            sp.exp(x) * sp.exp(y), sp.log(x * y), (x ** 2 - 1) / (x - 1), 1 / x + 1 / y,
            sp.sin(2 * x), sp.cosh(x) ** 2, sp.sqrt(x ** 2), sp.exp(2 * sp.log(x)),
            x / (x + y) + y / (x - y), (x + y + z) ** 2, sp.tan(x) * sp.cos(x),
            sp.exp(x) / (1 + sp.exp(x)), sp.atan(x) + sp.atan(1 / x)]
    for b in base:
        e += [sp.expand(b), sp.factor(b), sp.simplify(b), sp.together(b), sp.cancel(b),
              sp.trigsimp(b), sp.powsimp(b), sp.expand_log(b, force=True), sp.logcombine(b, force=True),
              sp.apart(b, x) if b.is_rational_function(x) else b]
    for f in (sp.sinh, sp.cosh, sp.tanh):
        e += [f(x).rewrite(sp.exp)]
    e += [sp.tanh(x).rewrite(sp.sinh), sp.cos(x).rewrite(sp.sin), sp.tan(x).rewrite(sp.sin),
          sp.asinh(x).rewrite(sp.log), sp.atanh(x).rewrite(sp.log), sp.acosh(x).rewrite(sp.log),
          sp.Abs(x).rewrite(sp.sign), sp.erfc(x).rewrite(sp.erf), sp.gamma(x + 2).expand(func=True)]
    for v in (0.333333333333333, 1.4142135623730951, 3.14159265358979, 0.7071067811865476,
              2.718281828459045, 1.25, 0.1 + 0.2):
        e += [sp.nsimplify(v) * x, sp.nsimplify(v, [sp.pi, sp.E, sp.sqrt(2)]) + x]
    e += [sp.nsimplify(sp.Float('0.5') * x + sp.Float('0.25')), sp.nsimplify(x ** 0.5)]
    # derivatives and series of supported functions
    for f in (sp.sin(x) * sp.exp(-x), sp.log(sp.Abs(x) + 1), sp.atan(x / y), sp.sqrt(1 + x ** 2),
              sp.erf(x) * x, sp.Abs(x) ** 3, sp.Max(x, y) ** 2, x ** x, sp.gamma(x),
              sp.asin(x) * sp.acos(x), sp.tanh(x) ** 2):
        e += [sp.diff(f, x), sp.diff(f, x, 2)]
    for f in (sp.exp(x), sp.sin(x), sp.log(1 + x), sp.sqrt(1 + x)):
        e += [sp.series(f, x, 0, 6).removeO()]
    e += [sp.integrate(x * sp.exp(-x), x), sp.integrate(sp.sin(x) ** 2, x),
          sp.integrate(1 / (1 + x ** 2), x), sp.integrate(sp.log(x), x),
          sp.integrate(sp.exp(-x ** 2), x), sp.integrate(sp.Abs(y) * x, x)]
    t = sp.Symbol('t', real=True)
    e += [sp.integrate(sp.exp(-t), (t, 0, x)), sp.summation(x ** sp.Symbol('k', integer=True),
                                                            (sp.Symbol('k', integer=True), 0, 5))]
    e += [sp.solve(x ** 2 + y * x - 1, x)[0], sp.solve(x ** 2 + y * x - 1, x)[1],
          sp.limit(sp.sin(x * y) / x, x, 0) + z]
    return e


UNARY = [sp.sin, sp.cos, sp.tan, sp.atan, sp.sinh, sp.cosh, sp.tanh, sp.asinh, sp.exp,
         sp.log, sp.sqrt, sp.erf, sp.erfc, sp.gamma, sp.Abs, sp.sign, sp.floor, sp.ceiling,
         sp.Heaviside, sp.asin, sp.acos, sp.acosh, sp.atanh, sp.loggamma, cf.expm1,
         cf.log1p, cf.exp2, cf.log2, cf.log10, cf.Cbrt, cf.Sqrt, spn.cosm1, sp.sinc]
BINARY = [sp.Add, sp.Mul, lambda a, b: a - b, lambda a, b: a / b, lambda a, b: a ** b,
          sp.atan2, cf.hypot, sp.Min, sp.Max, lambda a, b: sp.log(a, b), npn.logaddexp]


def randexpr(rng, depth):
    """A random expression tree over the supported set; SymPy evaluates
    (and so often rewrites) it as it is built."""
    if depth == 0 or rng.random() < 0.2:
        k = rng.randrange(8)
        if k < 4:
            return SYMS[k % 3]
        if k == 4:
            return R(rng.randint(-9, 9), rng.randint(1, 9))
        if k == 5:
            return sp.Float(rng.uniform(-4, 4), rng.choice((15, 17, 25)))
        return rng.choice((sp.pi, sp.E, sp.sqrt(2), sp.Integer(rng.randint(1, 5))))
    k = rng.randrange(10)
    if k < 4:
        return rng.choice(UNARY)(randexpr(rng, depth - 1))
    if k < 8:
        return rng.choice(BINARY)(randexpr(rng, depth - 1), randexpr(rng, depth - 1))
    if k == 8:
        return sp.Min(*[randexpr(rng, depth - 1) for _ in range(rng.randint(3, 5))])
    a, b = randexpr(rng, depth - 1), randexpr(rng, depth - 1)
    rel = rng.choice((sp.Lt, sp.Le, sp.Gt, sp.Ge))
    cond = rel(a, b)
    if rng.random() < 0.5:
        cond = rng.choice((sp.And, sp.Or))(cond, rel(b, rng.choice(SYMS)))
    if rng.random() < 0.3:
        cond = sp.Not(cond)
    return sp.Piecewise((a, cond), (b, True))


def unsupported(e):
    """The names in e that symkern refuses (empty if none)."""
    bad = {f.func.__name__ for f in sp.preorder_traversal(e)
           if isinstance(f, (sp.Function, sp.logic.boolalg.Boolean, sp.core.relational.Relational))
           and not isinstance(f, (sp.Symbol, sp.logic.boolalg.BooleanAtom))}
    bad = {b for b in bad if b not in SUPPORTED}
    bad |= {str(a) for a in (sp.I, sp.nan, sp.oo, sp.zoo) if e.has(a)}
    # a constant that is not real (atanh(pi)) makes evalf of a relation
    # with it hang
    if any(a.is_number and not isinstance(a, sp.logic.boolalg.Boolean) and a.is_real is not True
           for a in sp.preorder_traversal(e)):
        bad.add('a constant that is not real')
    return bad


def randoms(n, seed):
    """n random expressions within the supported set (a tree SymPy refuses
    to build, or turns into something else, such as a complex constant, is
    drawn again)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        try:
            e = randexpr(rng, rng.choice((2, 3, 3, 4)))
        except (ValueError, TypeError):
            continue
        if not unsupported(e) and e.free_symbols:
            out.append(e)
    return out


# ---------------------------------------------------------------- values

# Candidate points: dyadic values, exact in binary, so that the C test
# passes the very numbers the references are computed at.
CANDS = [(R(3, 4), R(-5, 8), R(1, 2)), (R(5, 4), R(3, 8), R(-3, 2)),
         (R(3, 8), R(7, 4), R(9, 4)), (R(-5, 8), R(5, 16), R(3, 4)),
         (R(5, 2), R(3, 2), R(-1, 4)), (R(-3, 2), R(-9, 4), R(5, 8)),
         (R(1, 8), R(1, 4), R(7, 8)), (R(7, 2), R(1, 2), R(5, 4)),
         (R(-1, 4), R(-7, 8), R(-3, 8)), (R(9, 16), R(11, 8), R(13, 4)),
         (R(13, 8), R(-3, 4), R(3, 2)), (R(-11, 4), R(15, 8), R(-7, 4))]
NPOINTS = 3


def cfree(e):
    """The printed expression in SymPy's core functions, for evalf (which
    does not evaluate Cbrt, Sqrt, fma and the numpy/scipy nodes)."""
    return e.replace(cf.Cbrt, lambda a: a ** R(1, 3)).replace(cf.Sqrt, sp.sqrt) \
        .replace(cf.fma, lambda a, b, c: a * b + c) \
        .replace(npn.logaddexp, lambda a, b: sp.log(sp.exp(a) + sp.exp(b))) \
        .replace(npn.logaddexp2, lambda a, b: sp.log(2 ** a + 2 ** b) / sp.log(2)) \
        .replace(spn.cosm1, lambda a: sp.cos(a) - 1)


NAMES = {n: getattr(sp, n) for n in dir(sp) if not n.startswith('_')}
NAMES.update({n: getattr(cf, n) for n in ('expm1', 'log1p', 'exp2', 'log2', 'log10', 'Cbrt',
                                           'Sqrt', 'hypot', 'fma')})
NAMES.update(logaddexp=npn.logaddexp, logaddexp2=npn.logaddexp2, cosm1=spn.cosm1,
             x=x, y=y, z=z)


def finite(r):
    """r as a finite real mpf, or None (complex, NaN, infinite, huge)."""
    try:
        r = +mpmath.mpmathify(r)  # + rounds pi and E to the working precision
    except TypeError:
        return None
    if isinstance(r, mpmath.mpc):
        return None
    return r if mpmath.isfinite(r) and abs(r) < mpmath.mpf('1e300') else None


# For lambdify: the cfunctions that cfree keeps, in mpmath.
MPMATH_C = {'exp2': lambda a: mpmath.power(2, a), 'log2': lambda a: mpmath.log(a, 2),
            'log10': mpmath.log10, 'expm1': mpmath.expm1, 'log1p': mpmath.log1p,
            'hypot': mpmath.hypot, 'loggamma': mpmath.loggamma,
            'erfcinv': lambda q: mpmath.erfinv(1 - q),
            # SymPy's spherical Bessel functions, which its mpmath printer
            # leaves by name
            'jn': lambda n, a: mpmath.sqrt(mpmath.pi / (2 * a)) * mpmath.besselj(n + mpmath.mpf(1) / 2, a),
            'yn': lambda n, a: mpmath.sqrt(mpmath.pi / (2 * a)) * mpmath.bessely(n + mpmath.mpf(1) / 2, a),
            # and the Airy functions' derivatives
            'airyaiprime': lambda a: mpmath.airyai(a, 1), 'airybiprime': lambda a: mpmath.airybi(a, 1)}


def run(f, pt, prec):
    """f (lambdified for mpmath) at pt with every operation rounded to prec
    bits, or None where that is not a finite real number."""
    with mpmath.workprec(prec):
        try:
            return finite(f(*[mpmath.mpf(c.p) / c.q for c in pt]))
        except (ValueError, TypeError, AttributeError, ZeroDivisionError):  # a pole; a complex value
            return None


def reference(e, pt):
    """SymPy's evalf(50) of e at pt, or None where it is not a finite real
    number (evalf may also leave it unevaluated: a Piecewise whose
    condition compares a complex value)."""
    try:
        v = e.evalf(50, subs=dict(zip(SYMS, pt)))
    except (ValueError, TypeError, AttributeError):  # Min or hypot of a complex value
        return None
    return finite(mpmath.mpf(v)) if v.is_Float or v.is_Rational else None


def complex_inside(parts, pt):
    """True if any of parts (lambdified subexpressions) is complex at pt.
    symkern computes in real numbers only, so where SymPy's value passes
    through a complex one (Abs(log(x)) for x < 0) symkern's is NaN."""
    with mpmath.workprec(200):
        for g in parts:
            try:
                r = g(*[mpmath.mpf(c.p) / c.q for c in pt])
            except (ValueError, TypeError, AttributeError, ZeroDivisionError):
                return True
            if isinstance(r, mpmath.mpc) and r.imag != 0:
                return True
    return False


def check(e, f, parts, pt):
    """The reference value of e (f lambdified from it) at pt, where a double
    evaluation can be held to a relative tolerance, else None.  There:
    mpmath at 200 bits gives a finite real v, 0 or of normal double size;
    nudging any argument by 2**-30 of itself moves the value by less than
    1e-6 of itself (no branch edge, pole or floor step is near, where
    rounding on the way decides, and the condition number is under about
    1000); evaluating e as printed with every operation rounded to 53 bits
    is within 1e-12 of v (no cancellation that double arithmetic cannot
    carry); and SymPy's evalf(50), the reference, agrees with v to 1e-40."""
    v = run(f, pt, 200)
    if v is None or (v != 0 and abs(v) < mpmath.mpf('1e-200')):
        return None
    for i in range(3):
        q = list(pt)
        q[i] = q[i] * (1 + R(1, 2 ** 30)) + R(1, 2 ** 40)
        w = run(f, q, 200)
        if w is None or abs(w - v) > mpmath.mpf('1e-6') * abs(v):
            return None
    if complex_inside(parts, pt):
        return None
    d = run(f, pt, 53)
    if d is None or abs(d - v) > mpmath.mpf('1e-12') * abs(v):
        return None
    r = reference(e, pt)
    if r is None or abs(r - v) > mpmath.mpf('1e-40') * abs(v):
        return None
    return r


def digits(m):
    return mpmath.nstr(m, 25, min_fixed=0, max_fixed=0) if m != 0 else '0'


def points(s, e):
    """Up to NPOINTS (point, value) pairs for the string s (printed from e)."""
    # the value of what the string says: re-read it, decimals exact
    back = cfree(sp.sympify(s, locals=NAMES, rational=True))
    # SymPy 1.11's mpmath printer writes 1/sec(x) as 1/1/cos(x): lambdify
    # the reciprocal functions as the reciprocals
    num = back.replace(sp.sec, lambda a: 1 / sp.cos(a)).replace(sp.csc, lambda a: 1 / sp.sin(a)) \
              .replace(sp.cot, lambda a: 1 / sp.tan(a)).replace(sp.sech, lambda a: 1 / sp.cosh(a)) \
              .replace(sp.csch, lambda a: 1 / sp.sinh(a)).replace(sp.coth, lambda a: 1 / sp.tanh(a))
    f = sp.lambdify(SYMS, num, [MPMATH_C, 'mpmath'])
    parts = [sp.lambdify(SYMS, a, [MPMATH_C, 'mpmath']) for a in sp.preorder_traversal(num)
             if a.args and not isinstance(a, (sp.logic.boolalg.Boolean, sp.Tuple, ExprCondPair))]
    pts = []
    for pt in CANDS:
        v = check(back, f, parts, pt)
        if v is not None:
            pts.append((pt, v))
        if len(pts) == NPOINTS:
            break
    return pts


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    mpmath.mp.dps = 60
    # hand-made strings must be supported; SymPy's manipulations may leave
    # the set (DiracDelta from a derivative of Abs, I from a rewrite), and
    # those are dropped and counted.
    items = [(e, True) for e in hand()] + [(e, False) for e in manipulated() + randoms(400, 20240611)]
    items += [(e, True) for e in later()]
    seen, rows, outside = set(), [], []
    for n, (e, strict) in enumerate(items):
        s = str(e)
        if os.environ.get('CORPUS_TRACE'):
            print(n, s, file=sys.stderr, flush=True)
        if s in seen:
            continue
        seen.add(s)
        bad = unsupported(e)
        if bad and strict:
            raise SystemExit('%s: unsupported %s' % (s, sorted(bad)))
        if bad:
            outside.append(s)
            continue
        try:
            pts = points(s, e)
        except (TypeError, ValueError) as err:  # a relation of a complex constant
            if strict:
                raise SystemExit('%s: %s' % (s, err))
            pts = []
        if strict and not pts:
            raise SystemExit('%s: no point where it can be checked' % s)
        if pts:
            rows.append((s, [a for a in SYMS if a in e.free_symbols], pts))
    with open(os.path.join(out, 'corpus.sym'), 'w') as f:
        f.write('# corpus.sym: strings SymPy %s printed with str(), one function each.\n'
                '# Made by make_corpus.py; do not edit (see README.md).\n' % sp.__version__)
        for i, (s, args, _) in enumerate(rows):
            f.write('s%03d(%s) = %s\n' % (i + 1, ', '.join(map(str, args)), s))
    with open(os.path.join(out, 'corpus.ref'), 'w') as f:
        f.write('# corpus.ref: NAME X Y Z VALUE, VALUE by SymPy %s evalf(50) to 25 digits.\n'
                '# Made by make_corpus.py; do not edit (see README.md).\n' % sp.__version__)
        for i, (s, args, pts) in enumerate(rows):
            for pt, v in pts:
                f.write('s%03d %s %s %s %s\n' % ((i + 1,) + tuple(str(float(c)) for c in pt) + (digits(v),)))
    print('%d strings, %d reference values; dropped: %d outside the supported set, '
          '%d with no usable point' % (len(rows), sum(len(r[2]) for r in rows), len(outside),
                                       len(seen) - len(rows) - len(outside)))


if __name__ == '__main__':
    main()
