"""domains.py: random points for the oracle, in float64, per region.

A region is a function (rng, n, prec) -> array of n values (one argument)
or a tuple of such arrays (several arguments).  The thresholds that make a
region hard depend on the precision (exp overflows at 709.78 in double and
88.72 in float), so regions read them from LIMITS.  Values are drawn in
float64 and rounded to the precision by the caller; a value that becomes
inf there is dropped.
"""

import math

import numpy as np

LIMITS = {
    "f64": dict(max=np.finfo(np.float64).max, tiny=np.finfo(np.float64).tiny,
                sub=math.ldexp(1, -1074), eps=2.0 ** -52, lnmax=math.log(np.finfo(np.float64).max),
                lnsub=math.log(math.ldexp(1, -1074)), gmax=171.624, l2max=1024.0, l2sub=-1074.0),
    "f32": dict(max=float(np.finfo(np.float32).max), tiny=float(np.finfo(np.float32).tiny),
                sub=math.ldexp(1, -149), eps=2.0 ** -23, lnmax=math.log(float(np.finfo(np.float32).max)),
                lnsub=math.log(math.ldexp(1, -149)), gmax=35.04, l2max=128.0, l2sub=-149.0),
}


def uni(a, b):
    """Uniform in [a, b]; a and b may be functions of the precision's limits."""
    def r(rng, n, prec):
        L = LIMITS[prec]
        lo, hi = (a(L) if callable(a) else a), (b(L) if callable(b) else b)
        return rng.uniform(lo, hi, n)
    return r


def logu(a, b, signed=False):
    """Magnitudes log-uniform in [a, b] (a > 0), both signs if signed."""
    def r(rng, n, prec):
        L = LIMITS[prec]
        lo, hi = (a(L) if callable(a) else a), (b(L) if callable(b) else b)
        v = np.exp(rng.uniform(math.log(lo), math.log(hi), n))
        v = np.minimum(v, L["max"])
        if signed:
            v *= rng.choice([-1.0, 1.0], n)
        return v
    return r


def near(c, signed=False):
    """Close to c (a number or a function of the limits): c times 1 plus
    or minus a relative offset log-uniform in [eps, 1e-3]."""
    def r(rng, n, prec):
        L = LIMITS[prec]
        cv = c(L) if callable(c) else c
        d = np.exp(rng.uniform(math.log(L["eps"]), math.log(1e-3), n)) * rng.choice([-1.0, 1.0], n)
        v = cv * (1 + d) if cv else d
        if signed:
            v *= rng.choice([-1.0, 1.0], n)
        return v
    return r


def below(c, signed=False):
    """c minus an offset log-uniform in [eps/2, c/2] (eps the precision's, so
    that c minus the least offset is the largest number below c)."""
    def r(rng, n, prec):
        L = LIMITS[prec]
        v = c - np.exp(rng.uniform(math.log(L["eps"] / 2), math.log(c / 2), n))
        if signed:
            v *= rng.choice([-1.0, 1.0], n)
        return v
    return r


def shift(c, region, sign=1):
    """c + sign*v for the values v of a one-argument region."""
    def r(rng, n, prec):
        return c + sign * region(rng, n, prec)
    return r


def multiples(step, kmax):
    """Near k*step for random integers 0 < |k| <= kmax: the nearest value of
    the precision to k*step, moved by a few units: sin near k*pi, tan
    near its poles."""
    def r(rng, n, prec):
        k = rng.integers(1, kmax + 1, n) * rng.choice([-1, 1], n)
        v = k * step
        dt = np.float64 if prec == "f64" else np.float32
        v = v.astype(dt)
        for _ in range(3):
            v = np.where(rng.random(n) < 0.5, np.nextafter(v, dt(np.inf)), np.nextafter(v, dt(-np.inf)))
        return v.astype(np.float64)
    return r


def full(signed=True):
    """Every magnitude from the least subnormal to the largest finite value."""
    return logu(lambda L: L["sub"], lambda L: L["max"], signed)


def subnormal(signed=True):
    """Subnormal numbers and the least normal ones."""
    return logu(lambda L: L["sub"], lambda L: 4 * L["tiny"], signed)


def integers_near(kmax):
    """Integers and values within a few units of them (floor, ceiling)."""
    def r(rng, n, prec):
        k = rng.integers(-kmax, kmax + 1, n).astype(np.float64)
        d = rng.choice([0.0, 1.0, -1.0], n) * np.exp(rng.uniform(-30, -2, n))
        return k + d
    return r


def pair(*regions):
    """Several arguments, each drawn from its own region."""
    def r(rng, n, prec):
        return tuple(g(rng, n, prec) for g in regions)
    return r


def mean_beta(lo, hi):
    """(a, b, x): a and b log-uniform in [lo, hi], x within a few standard
    deviations of the mean a/(a + b) of the beta distribution, clipped to
    [0, 1]: where the incomplete beta function's two tails meet."""
    def r(rng, n, prec):
        a = np.exp(rng.uniform(math.log(lo), math.log(hi), n))
        b = np.exp(rng.uniform(math.log(lo), math.log(hi), n))
        c = a + b
        x = a / c + rng.normal(0, 2, n) * np.sqrt(a * b / (c + 1)) / c
        return a, b, np.clip(x, 0, 1)
    return r


def step_pair(a, b):
    """(x, x + h): x uniform in [a, b], h of either sign and of magnitude
    log-uniform from the precision's eps (relative to x, at least its
    least normal number) to 1: a difference f(x + h) - f(x) that cancels."""
    def r(rng, n, prec):
        L = LIMITS[prec]
        v = rng.uniform(a, b, n)
        h = np.exp(rng.uniform(math.log(L["eps"]), 0, n)) * rng.choice([-1.0, 1.0], n)
        return v, v + np.maximum(np.abs(v), L["tiny"] / L["eps"]) * h
    return r


def cancel_pair(signed_products=False):
    """(x, y) with y close to -x: a sum that cancels."""
    def r(rng, n, prec):
        x = logu(1e-10, 1e10, True)(rng, n, prec)
        y = -x * (1 + near(0)(rng, n, prec))
        return x, y
    return r


def draw(regions, rng, n, prec, nargs):
    """n points from the regions (an equal share each): an (nargs, m)
    array of the precision's type, m <= n after dropping values that are
    not finite in that precision."""
    dt = np.float64 if prec == "f64" else np.float32
    parts = []
    share = [n // len(regions) + (1 if i < n % len(regions) else 0) for i in range(len(regions))]
    for g, k in zip(regions, share):
        if k == 0:
            continue
        v = g(rng, k, prec)
        if not isinstance(v, tuple):
            v = (v,) + tuple(g(rng, k, prec) for _ in range(nargs - 1))
        parts.append(np.array(v, dtype=np.float64).reshape(nargs, k))
    pts = np.concatenate(parts, axis=1) if parts else np.zeros((nargs, 0))
    with np.errstate(over="ignore"):
        pts = pts.astype(dt)
    keep = np.all(np.isfinite(pts), axis=0)
    return pts[:, keep]
