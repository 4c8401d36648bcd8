#!/usr/bin/env python3
"""cpu_gubench.py: gufuncs of bench/gubench.sym on the CPU fallback against
numba's guvectorize (CPU target) of the same recurrences, in one run.

Usage: python3 bench/cpu_gubench.py GUBENCH_SO GUBENCH_H [RESULTS.json]

GUBENCH_SO is the shared library of bench/gubench.sym (`make
bench/gubench.so`, data/symkern.am's rule; a CUDA build holds the CPU
fallback too) and GUBENCH_H its header, bench/gubench.h in the build
folder.  Both sides run on one thread (OMP_NUM_THREADS=1 is set before
either is loaded; numba's guvectorize without target='parallel' is serial).

Workloads (float64, batch 10^6, n = 20, as issue 19 names them): hermite
(the normalized Hermite functions' recurrence, symkern's ()->(n) form;
numba cannot declare an output dimension no input has, so its version
takes a dummy input of length n, as a numba user must) and powsum, each
with results in rows (item b's terms contiguous) and in columns (batch
increment 1).  Inputs: x uniform in [-3, 3] from a fixed seed, none zero.
Times are medians of 9 runs after 2 warm-up runs (time.perf_counter), of
the call alone into a preallocated output; both results are checked
against each other (relative 1e-12 of the larger of |a| and 1).

Goal (issue 19): symkern faster than numba's guvectorize for both, in both
layouts.  Exit status: 0 when every run worked and the results agree
(whether or not the goal was met), 1 otherwise, 77 without numba.
"""
import json
import os
import platform
import sys

import timing

os.environ["OMP_NUM_THREADS"] = "1"
os.environ.setdefault("NUMBA_NUM_THREADS", "1")

import numpy as np  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
import symkern  # noqa: E402

try:
    import numba  # noqa: E402
except ImportError:
    print("cpu_gubench.py: numba is not installed (pip install numba): skipped", file=sys.stderr)
    sys.exit(77)

BATCH, N = 1_000_000, 20
REPS, WARM = 9, 2


@numba.guvectorize(["void(float64, float64[:], float64[:])"], "(),(n)->(n)", nopython=True)
def nb_hermite(x, dummy, he):
    n = he.shape[0]
    h2, h1 = 1.0, x
    fact = 1.0
    for k in range(n):
        if k == 0:
            h = 1.0
        elif k == 1:
            h = x
        else:
            h = x * h1 - (k - 1) * h2
            h2, h1 = h1, h
        if k > 0:
            fact *= k
        he[k] = h / np.sqrt(fact)


@numba.guvectorize(["void(float64, float64[:], float64[:])"], "(),(n)->(n)", nopython=True)
def nb_powsum(x, dummy, s):
    n = s.shape[0]
    acc = x
    s[0] = acc
    for k in range(1, n):
        acc = acc + x ** (k + 1)
        s[k] = acc


def timed(fn):
    return timing.timed(fn, REPS, WARM)


def main():
    if len(sys.argv) not in (3, 4):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 64
    lib = symkern.load(os.path.abspath(sys.argv[1]), name="gubench", header=os.path.abspath(sys.argv[2]))
    out_json = sys.argv[3] if len(sys.argv) == 4 else None
    loadavg = os.getloadavg() if hasattr(os, "getloadavg") else None
    print(f"python {platform.python_version()}, numpy {np.__version__}, numba {numba.__version__}")
    print(f"cpu: {platform.processor() or platform.machine()}, one thread; batch {BATCH}, n {N}, float64, "
          f"median of {REPS} after {WARM} warm-ups")
    if loadavg:
        print("load average before the runs: %.2f %.2f %.2f" % loadavg)
    rng = np.random.default_rng(20261205)
    x = rng.uniform(-3.0, 3.0, BATCH)
    x[x == 0] = 0.5
    dummy = np.zeros(N)
    ok, rows = True, []
    print(f"{'case':<16} {'symkern ms':>11} {'numba ms':>9} {'numba/symkern':>14}  agree")
    for name, sk, nb in (("hermite", lib.hermite, nb_hermite), ("powsum", lib.powsum, nb_powsum)):
        for layout in ("rows", "cols"):
            def alloc():
                return np.full((BATCH, N), np.nan) if layout == "rows" else np.full((N, BATCH), np.nan).T
            o_sk, o_nb = alloc(), alloc()
            t_sk = timed(lambda: sk(x, out=o_sk, n=N))
            t_nb = timed(lambda: nb(x, dummy, o_nb))
            scale = np.maximum(np.maximum(np.abs(o_sk), np.abs(o_nb)), 1.0)
            agree = bool(np.all(np.abs(o_sk - o_nb) <= 1e-12 * scale))
            ok &= agree
            ratio = t_nb["ms"] / t_sk["ms"]
            print(f"{name + ' ' + layout:<16} {t_sk['ms']:>11.1f} {t_nb['ms']:>9.1f} {ratio:>14.2f}  "
                  f"{'yes' if agree else 'NO'}")
            rows.append({"case": name, "layout": layout, "symkern": t_sk, "numba": t_nb,
                         "numba_over_symkern": ratio, "agree": agree})
    if out_json:
        with open(out_json, "w") as f:
            json.dump({"numba": numba.__version__, "numpy": np.__version__, "batch": BATCH, "n": N,
                       "rows": rows}, f, indent=1)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
