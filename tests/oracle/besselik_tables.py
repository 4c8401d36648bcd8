"""tests/oracle/besselik_tables.py: checks the Chebyshev tables of
templates/runtime_besselik.h (Cephes's, for I0, I1, K0 and K1) against
mpmath, and recomputes how many leading terms the float instance drops
(those whose sum stays below 2^-26 of the least value the series takes),
which the file's SK_PICK(f, 0, 0) skip counts must equal.

Usage: python3 tests/oracle/besselik_tables.py [templates/runtime_besselik.h]
Exit status 1 if a table is off by more than 1e-15 relative (in exact
arithmetic) or a skip count differs."""
import re
import sys

import mpmath as mp

mp.mp.dps = 40
path = sys.argv[1] if len(sys.argv) > 1 else "templates/runtime_besselik.h"
src = open(path).read()

# function -> (array -> coefficients); and the calls' skip counts
tables, skips = {}, {}
for fm in re.finditer(r"SK_F\((\w+)\)\(SK_T \w+\)\n\{(.*?)\n\}", src, re.S):
    fn, body = fm.group(1), fm.group(2)
    for am in re.finditer(r"static const SK_T (\w+)\[\] = \{(.*?)\};", body, re.S):
        tables[(fn, am.group(1))] = [mp.mpf(v) for v in re.findall(r"SK_L\(([^)]*)\)", am.group(2))]
    for cm in re.finditer(r"SK_F\(chebyshev\)\([^;]*?, (\w), SK_COUNT\(\w\), SK_PICK\((\d+), 0, 0\)\)", body):
        skips[(fn, cm.group(1))] = int(cm.group(2))


def cheb(t, c, skip=0):
    b0, b1, b2 = c[skip], 0, 0
    for v in c[skip + 1:]:
        b2, b1 = b1, b0
        b0 = t * b1 - b2 + v
    return (b0 - b2) / 2


# (function, array): (argument of the series, the function it approximates, domain)
I, K = mp.besseli, mp.besselk
WHAT = {
    ("besseli0e", "A"): (lambda x: x / 2 - 2, lambda x: mp.exp(-x) * I(0, x), (1e-6, 8)),
    ("besseli0e", "B"): (lambda x: 32 / x - 2, lambda x: mp.exp(-x) * mp.sqrt(x) * I(0, x), (8, 1e4)),
    ("besseli1e", "A"): (lambda x: x / 2 - 2, lambda x: mp.exp(-x) * I(1, x) / x, (1e-6, 8)),
    ("besseli1e", "B"): (lambda x: 32 / x - 2, lambda x: mp.exp(-x) * mp.sqrt(x) * I(1, x), (8, 1e4)),
    ("besselk0", "A"): (lambda x: x * x - 2, lambda x: K(0, x) + mp.log(x / 2) * I(0, x), (1e-6, 2)),
    ("besselk0e", "B"): (lambda x: 8 / x - 2, lambda x: mp.exp(x) * mp.sqrt(x) * K(0, x), (2, 1e4)),
    ("besselk1", "A"): (lambda x: x * x - 2, lambda x: x * (K(1, x) - mp.log(x / 2) * I(1, x)), (1e-6, 2)),
    ("besselk1e", "B"): (lambda x: 8 / x - 2, lambda x: mp.exp(x) * mp.sqrt(x) * K(1, x), (2, 1e4)),
}
bad = 0
for key, (arg, f, (lo, hi)) in WHAT.items():
    c = tables[key]
    xs = [mp.mpf(lo) + (hi - lo) * mp.mpf(i) / 200 for i in range(1, 201)]
    err = max(abs(cheb(arg(x), c) / f(x) - 1) for x in xs)
    least = min(abs(f(x)) for x in xs)
    s, acc = 0, 0
    while acc + abs(c[s]) <= mp.ldexp(least, -26):
        acc += abs(c[s])
        s += 1
    ok = err < 1e-15 and skips.get(key) == s
    bad += not ok
    print("%-10s %s  %2d terms  max rel %.2e  float skip %2d (file: %s)  %s"
          % (key[0], key[1], len(c), float(err), s, skips.get(key), "ok" if ok else "WRONG"))
sys.exit(1 if bad else 0)
