"""bench/special_bench.py: symkern's special functions on the GPU against
CuPy (cupyx.scipy.special: the CUDA Math API's erfinv, erfcinv, j0, j1,
y0 and y1; Cephes's i0, i1, k0, k1, expi, exp1, sici and shichi; a
complex-valued Halley iteration for lambertw, as SciPy's; Cephes's digamma
and Hurwitz zeta(2, x) for trigamma; Boost's ibeta for betainc) and a copy kernel
of the same bytes, in one run (issue 17's performance check).

For each function and precision: n points (1e8 by default) of random
non-zero inputs inside the domain, on the GPU; each candidate is timed with
CUDA events around K back-to-back calls (so that Python's call overhead
overlaps the GPU's work), median of R such rounds after warm-up, rounds
interleaved between the candidates.  The references for memory-bound are
an elementwise kernel y = x (CuPy's "copy") and cudaMemcpyAsync of the same
bytes ("memcpy").  Before timing, every output
is poisoned (NaN) and checked after one call: no NaN left, and symkern's
result against CuPy's (max relative difference, in units of the
precision's epsilon, results below the least normal number taken as 0;
for the oscillating Bessel functions, relative to the larger of the
value and its amplitude min(1, sqrt(2/(pi x))), since near its zeros
no two evaluations agree in relative terms, and less 1e-9 in double,
1e-5 in float: CUDA's absolute errors, which CuPy's have).

Build (on a machine with nvcc; bench/RESULTS.md has the commands used):
  symkern -o DIR bench/special.sym
  nvcc -O3 -Xcompiler -fPIC -gencode arch=compute_90,code=sm_90 -c DIR/special.cu -o DIR/special_cuda.o
  cc -std=c99 -O2 -fPIC -fopenmp -shared -o DIR/libspecial_cuda.so DIR/special_cuda.o DIR/special_cpu.c \\
     -L/usr/local/cuda/lib64 -lcudart_static -ldl -lpthread -lrt -lstdc++ -lm
Usage: python3 bench/special_bench.py DIR/libspecial_cuda.so [--n N] [--json FILE] [--only REGEX]
"""
import argparse
import json
import os
import re
import sys

import cupy as cp
import cupyx.scipy.special as cps

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
import symkern  # noqa: E402

def _cupy_lambertw(x, out):
    """CuPy's lambertw is complex-valued (SciPy's): its result, whose real
    part is compared, in a new array; `out` is left alone."""
    return cps.lambertw(x)


FUNCS = [  # name, symkern function, CuPy's (x, out) -> result, input range (open)
    ("erfinv", "sk_erfinv", lambda x, out: cps.erfinv(x, out=out), (-1.0, 1.0)),
    ("erfcinv", "sk_erfcinv", lambda x, out: cps.erfcinv(x, out=out), (0.0, 2.0)),
    ("lambertw", "sk_lambertw", _cupy_lambertw, (-0.36, 5.0)),
    ("besselj0", "sk_besselj0", lambda x, out: cps.j0(x, out=out), (-100.0, 100.0)),
    ("besselj1", "sk_besselj1", lambda x, out: cps.j1(x, out=out), (-100.0, 100.0)),
    ("bessely0", "sk_bessely0", lambda x, out: cps.y0(x, out=out), (0.0, 100.0)),
    ("bessely1", "sk_bessely1", lambda x, out: cps.y1(x, out=out), (0.0, 100.0)),
    ("besseli0", "sk_besseli0", lambda x, out: cps.i0(x, out=out), (-50.0, 50.0)),
    ("besseli1", "sk_besseli1", lambda x, out: cps.i1(x, out=out), (-50.0, 50.0)),
    ("besselk0", "sk_besselk0", lambda x, out: cps.k0(x, out=out), (0.0, 50.0)),
    ("besselk1", "sk_besselk1", lambda x, out: cps.k1(x, out=out), (0.0, 50.0)),
    ("digamma", "sk_digamma", lambda x, out: cps.digamma(x, out=out), (0.0, 20.0)),
    # trigamma: CuPy's polygamma(1, x) is zeta(2, x) (Hurwitz's), called
    # directly; it allocates its result
    ("trigamma", "sk_trigamma", lambda x, out: cps.zeta(2.0, x), (0.0, 20.0)),
    # the exponential, sine and cosine integrals: Cephes's expi, exp1; its
    # sici and shichi compute both functions and allocate both results
    # (CuPy has no Si, Ci, Shi or Chi alone): the rows for si, ci, shi, chi
    # time that pair against one symkern function
    ("ei", "sk_ei", lambda x, out: cps.expi(x, out=out), (-50.0, 50.0)),
    ("e1", "sk_e1", lambda x, out: cps.exp1(x, out=out), (0.0, 50.0)),
    ("si", "sk_si", lambda x, out: cps.sici(x)[0], (-50.0, 50.0)),
    ("ci", "sk_ci", lambda x, out: cps.sici(x)[1], (0.0, 50.0)),
    ("shi", "sk_shi", lambda x, out: cps.shichi(x)[0], (-30.0, 30.0)),
    ("chi", "sk_chi", lambda x, out: cps.shichi(x)[1], (0.0, 30.0)),
    # CuPy's airy computes all four of Ai, Ai', Bi, Bi' (Cephes's), in new arrays
    ("airyai", "sk_airyai", lambda x, out: cps.airy(x)[0], (-10.0, 10.0)),
    ("airybi", "sk_airybi", lambda x, out: cps.airy(x)[2], (-10.0, 10.0)),
    # the regularized incomplete beta function from 0 to x for fixed a, b
    # (CuPy's betainc, Boost's ibeta as SciPy's): small parameters, and
    # large ones, whose continued fraction is longer near the mean
    ("betainc", "sk_betainc", lambda x, out: cps.betainc(2.5, 3.5, x, out=out), (0.0, 1.0)),
    ("betainc_big", "sk_betainc_big", lambda x, out: cps.betainc(200.0, 300.0, x, out=out), (0.0, 1.0)),
]


def timed(fns, K, R, warm=3):
    """Median ms per call of each fn, rounds interleaved."""
    ev0, ev1 = cp.cuda.Event(), cp.cuda.Event()
    for fn in fns.values():
        for _ in range(warm):
            fn()
    cp.cuda.Device().synchronize()
    ts = {k: [] for k in fns}
    for _ in range(R):
        for k, fn in fns.items():
            ev0.record()
            for _ in range(K):
                fn()
            ev1.record()
            ev1.synchronize()
            ts[k].append(cp.cuda.get_elapsed_time(ev0, ev1) / K)
    return {k: sorted(v)[len(v) // 2] for k, v in ts.items()}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("lib")
    ap.add_argument("--n", type=float, default=1e8)
    ap.add_argument("--reps", type=int, default=21)
    ap.add_argument("--calls", type=int, default=5)
    ap.add_argument("--json")
    ap.add_argument("--only", help="only the functions whose name matches this regular expression")
    a = ap.parse_args()
    n = int(a.n)
    lib = symkern.load(a.lib)
    copy = cp.ElementwiseKernel("T x", "T y", "y = x", "sk_bench_copy")
    dev = cp.cuda.runtime.getDeviceProperties(0)["name"].decode()
    print("device: %s; n = %d; median of %d rounds of %d calls" % (dev, n, a.reps, a.calls))
    rows, fails = [], 0
    rng = cp.random.default_rng(7)
    for name, skname, cfn, (lo, hi) in FUNCS:
        if a.only and not re.search(a.only, name):
            continue
        for dt in (cp.float64, cp.float32):
            x = (lo + (hi - lo) * rng.random(n, dtype=cp.float64)).astype(dt)
            x[x == lo] = (lo + hi) / 2  # the open range; non-zero (rng.random < 1)
            x[x == 0] = 0.5
            y_sk, y_cp, y_copy = (cp.full(n, cp.nan, dtype=dt) for _ in range(3))
            f = getattr(lib, skname)
            f(x, out=y_sk)
            try:
                r = cfn(x, y_cp)
            except AttributeError as e:  # an older CuPy without the function
                print("%s: skipped, CuPy has no counterpart (%s)" % (name, e))
                break
            if r is not y_cp:  # a complex result (lambertw)
                y_cp[...] = r.real
            cp.cuda.Device().synchronize()
            nan_sk, nan_cp = int(cp.isnan(y_sk).sum()), int(cp.isnan(y_cp).sum())
            eps = float(cp.finfo(dt).eps)
            # relative to CuPy's, where it is not 0 (erfcinv(1)); below the least
            # normal number both compared as 0: CuPy's betainc (Boost's ibeta)
            # flushes results there to 0 where symkern (and mpmath) keep the
            # subnormal value (2.22e-308 at a = 200, b = 300, x = 0.0055)
            tiny = float(cp.finfo(dt).tiny)
            ref = y_cp.astype(cp.float64)
            ref = cp.where(cp.abs(ref) < tiny, 0.0, ref)
            sk = y_sk.astype(cp.float64)
            scale = cp.maximum(cp.abs(ref), tiny)
            diff = cp.abs(cp.where(cp.abs(sk) < tiny, 0.0, sk) - ref)
            tol, slack = 64, 0.0
            if name.startswith(("besselj", "bessely")):
                # relative to the amplitude near zeros; CuPy's are CUDA's, whose
                # error is absolute and large (docs/design/bessel.md): a sanity
                # check that symkern's compute the same function, not of accuracy
                scale = cp.maximum(scale, cp.minimum(1.0, cp.sqrt(2 / (cp.pi * cp.abs(x.astype(cp.float64))))))
                slack = 1e-9 if dt == cp.float64 else 1e-5
            elif name in ("ei", "ci", "chi", "airyai", "airybi"):
                # near their zeros (and Ci's oscillation, amplitude 1/x) relative
                # agreement means nothing: relative to the larger of |value| and 1
                scale = cp.maximum(scale, 1.0)
            elif name == "lambertw":
                tol = max(64, 1e-8 / eps)  # CuPy's lambertw stops at a relative step of 1e-8 (its tol)
            rel = float(cp.max(diff / scale)) / eps
            ok = nan_sk == 0 and nan_cp == 0 and float(cp.max(cp.maximum(diff - slack, 0) / scale)) / eps < tol
            fails += not ok
            if not ok:  # where they differ most
                i = int(cp.argmax(cp.maximum(diff - slack, 0) / scale))
                print("%s %s: largest difference at x = %r: symkern %r, cupy %r" % (
                    name, cp.dtype(dt).name, float(x[i]), float(y_sk[i]), float(y_cp[i])))
            nbytes = n * x.itemsize
            t = timed({"copy": lambda: copy(x, y_copy), "symkern": lambda: f(x, out=y_sk),
                       "cupy": lambda: cfn(x, y_cp),
                       "memcpy": lambda: y_copy.data.copy_from_device_async(x.data, nbytes)}, a.calls, a.reps)
            gbs = 2 * n * x.itemsize / 1e6
            row = dict(function=name, dtype=cp.dtype(dt).name, n=n, ms=t,
                       copy_over_symkern=t["copy"] / t["symkern"], cupy_over_symkern=t["cupy"] / t["symkern"],
                       memcpy_over_symkern=t["memcpy"] / t["symkern"],
                       symkern_GBps=gbs / t["symkern"], copy_GBps=gbs / t["copy"],
                       max_rel_diff_eps=rel, nan_left=(nan_sk, nan_cp), ok=ok)
            rows.append(row)
            print("%-8s %-7s memcpy %.3f ms  copy %.3f ms (%.0f GB/s)  symkern %.3f ms (%.0f GB/s)  cupy %.3f ms  "
                  "memcpy/symkern %.2f  copy/symkern %.2f  cupy/symkern %.2f  |symkern-cupy| <= %.1f eps %s" % (
                      name, row["dtype"], t["memcpy"], t["copy"], row["copy_GBps"], t["symkern"],
                      row["symkern_GBps"], t["cupy"], row["memcpy_over_symkern"], row["copy_over_symkern"],
                      row["cupy_over_symkern"], rel, "ok" if ok else "FAIL"))
            x = y_sk = y_cp = y_copy = None
            cp.get_default_memory_pool().free_all_blocks()
    if a.json:
        with open(a.json, "w") as fh:
            json.dump(dict(device=dev, rows=rows), fh, indent=1)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
