#!/usr/bin/env python3
"""cpu_bench.py: the CPU fallback of the seeds library against what a Python
user would write instead: NumPy's np.sin for siny(y) = sin(y), and SymPy's
lambdify(..., 'numpy') of the gauss formula of examples/seeds.sym.

Usage: python3 bench/cpu_bench.py CPU_BENCH_BINARY [RESULTS.json]

CPU_BENCH_BINARY is bench/cpu_bench.c built against generated/seeds_cpu.c,
for example
  gcc -std=c99 -O2 -fopenmp -Igenerated -o /tmp/cpu_bench \\
      bench/cpu_bench.c generated/seeds_cpu.c -lm
It is run twice: with the environment as given (OpenMP's default thread
count unless OMP_NUM_THREADS is set) and with OMP_NUM_THREADS=1, since NumPy
runs these on one thread.  The first run writes its inputs and outputs to a
temporary folder, and NumPy and lambdify are timed on those same points: 1e7
float64 values, sin's uniform in [-10, 10], gauss's x in [-5, 5], mu in
[-1, 1], sigma in [0.5, 2].  Times are medians of 15 runs after 2 warm-up
runs (time.perf_counter); every result is checked against a long double
reference (np.longdouble: x87 80-bit on x86-64).

Goals: symkern's sin at least as fast as np.sin; symkern's gauss at least 5
times as fast as lambdify.  Exit status: 0 when the runs worked and every
result was within its tolerance (whether or not the goals were met), 1
otherwise.
"""
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile

import timing

import numpy as np
import sympy

N = 10_000_000
REPS = 15
WARM = 2
RTOL, ATOL = 1e-13, 1e-15
GAUSS = "sqrt(2)*exp(-(-mu + x)**2/(2*sigma**2))/(2*sqrt(pi)*sigma)"
PI_L = np.longdouble("3.141592653589793238462643383279502884")


def run_binary(binary, env_extra, args):
    env = dict(os.environ)
    env.update(env_extra)
    p = subprocess.run([binary, "-n", str(N), "-r", str(REPS)] + args,
                       env=env, capture_output=True, text=True)
    sys.stderr.write(p.stderr)
    rows = {}
    for line in p.stdout.splitlines():
        line = line.strip()
        if line.startswith("{"):
            d = json.loads(line)
            rows[d["name"]] = d
    if p.returncode != 0:
        print(f"cpu_bench.py: {binary} exited with {p.returncode}", file=sys.stderr)
    return p.returncode, rows


def timed(fn):
    return timing.timed(fn, REPS, WARM)


def errors(got, ref):
    """Max relative error, and the count outside |err| <= ATOL + RTOL |ref|."""
    err = np.abs(got.astype(np.longdouble) - ref)
    aref = np.abs(ref)
    rel = err / aref
    bad = int(np.count_nonzero(~(err <= ATOL + RTOL * aref)))
    return float(np.max(rel)), bad


def main():
    if len(sys.argv) not in (2, 3):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 64
    binary = os.path.abspath(sys.argv[1])
    out_json = sys.argv[2] if len(sys.argv) == 3 else None

    omp_env = os.environ.get("OMP_NUM_THREADS")
    nproc = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    loadavg = os.getloadavg() if hasattr(os, "getloadavg") else None
    print(f"python {platform.python_version()}, numpy {np.__version__}, sympy {sympy.__version__}")
    print(f"cpu: {platform.processor() or platform.machine()}, os.cpu_count() {os.cpu_count()}, "
          f"nproc (affinity) {nproc}, OMP_NUM_THREADS {omp_env if omp_env is not None else 'unset'}")
    if loadavg:
        print("load average before the runs: %.2f %.2f %.2f (other work on this machine skews the times)"
              % loadavg)
    print(f"n = {N} float64, median of {REPS} runs after {WARM} warm-ups")

    ok = True
    tmp = tempfile.mkdtemp(prefix="symkern_cpu_bench_")
    try:
        rc, sym = run_binary(binary, {}, ["-w", tmp])
        ok &= rc == 0
        rc1, sym1 = run_binary(binary, {"OMP_NUM_THREADS": "1"}, [])
        ok &= rc1 == 0
        need = ["info", "seeds_siny_map_f64_cpu", "seeds_gauss_map_f64_cpu"]
        if any(k not in sym or k not in sym1 for k in need):
            print("cpu_bench.py: the binary did not report every row", file=sys.stderr)
            return 1

        def read_raw(name):
            a = np.fromfile(os.path.join(tmp, name), dtype=np.float64)
            assert a.size == N, (name, a.size)
            return a

        sx, s_out = read_raw("sin_x.f64"), read_raw("sin_out.f64")
        gx, gmu, gsig, g_out = (read_raw("gauss_x.f64"), read_raw("gauss_mu.f64"),
                                read_raw("gauss_sigma.f64"), read_raw("gauss_out.f64"))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    # NumPy's sin, into a preallocated output.
    o = np.full(N, np.nan)
    np_sin = timed(lambda: np.sin(sx, out=o))
    sin_ref = np.sin(sx.astype(np.longdouble))
    np_sin["max_rel_err"], np_sin["bad"] = errors(o, sin_ref)
    np_sin["max_rel_diff_vs_symkern"] = float(np.max(np.abs(o - s_out) / np.abs(sin_ref)))
    del sin_ref

    # SymPy's lambdify of the formula as seeds.sym writes it.
    x, mu, sigma = sympy.symbols("x mu sigma")
    expr = sympy.sympify(GAUSS, locals={"x": x, "mu": mu, "sigma": sigma})
    f = sympy.lambdify((x, mu, sigma), expr, "numpy")
    res = [None]

    def call():
        res[0] = f(gx, gmu, gsig)

    lam = timed(call)
    gl = gx.astype(np.longdouble) - gmu
    sl = gsig.astype(np.longdouble)
    g_ref = np.exp(-gl * gl / (2 * sl * sl)) / (sl * np.sqrt(2 * PI_L))
    del gl, sl
    lam["max_rel_err"], lam["bad"] = errors(res[0], g_ref)
    lam["max_rel_diff_vs_symkern"] = float(np.max(np.abs(res[0] - g_out) / g_ref))
    lam["expr"] = str(expr)
    # Every element would also have to agree with symkern's own output.
    sym_g_rel, sym_g_bad = errors(g_out, g_ref)
    del g_ref

    threads = sym["info"]["threads"]
    s_sin, s_gauss = sym["seeds_siny_map_f64_cpu"], sym["seeds_gauss_map_f64_cpu"]
    s1_sin, s1_gauss = sym1["seeds_siny_map_f64_cpu"], sym1["seeds_gauss_map_f64_cpu"]
    rows = [
        ("sin", f"symkern ({threads} threads)", s_sin),
        ("sin", "symkern (1 thread)", s1_sin),
        ("sin", "np.sin(x, out=o)", np_sin),
        ("gauss", f"symkern ({threads} threads)", s_gauss),
        ("gauss", "symkern (1 thread)", s1_gauss),
        ("gauss", "lambdify numpy", lam),
    ]
    print()
    print(f"{'workload':<8} {'implementation':<24} {'median ms':>10} {'min ms':>9} {'max ms':>9} "
          f"{'max rel err':>12} {'bad':>5}")
    for wl, name, r in rows:
        print(f"{wl:<8} {name:<24} {r['ms']:>10.3f} {r['min_ms']:>9.3f} {r['max_ms']:>9.3f} "
              f"{r['max_rel_err']:>12.3g} {r['bad']:>5}")
        ok &= r["bad"] == 0
    ok &= sym_g_bad == 0

    ratios = {
        "numpy_sin_over_symkern_sin": np_sin["ms"] / s_sin["ms"],
        "numpy_sin_over_symkern_sin_1thread": np_sin["ms"] / s1_sin["ms"],
        "lambdify_over_symkern_gauss": lam["ms"] / s_gauss["ms"],
        "lambdify_over_symkern_gauss_1thread": lam["ms"] / s1_gauss["ms"],
    }
    goals = {
        "sin_at_least_as_fast_as_numpy": ratios["numpy_sin_over_symkern_sin"] >= 1,
        "gauss_at_least_5x_lambdify": ratios["lambdify_over_symkern_gauss"] >= 5,
    }
    print()
    print(f"np.sin / symkern sin:   {ratios['numpy_sin_over_symkern_sin']:.2f}x "
          f"({threads} threads), {ratios['numpy_sin_over_symkern_sin_1thread']:.2f}x (1 thread); "
          f"goal >= 1: {'met' if goals['sin_at_least_as_fast_as_numpy'] else 'NOT met'}")
    print(f"lambdify / symkern gauss: {ratios['lambdify_over_symkern_gauss']:.2f}x "
          f"({threads} threads), {ratios['lambdify_over_symkern_gauss_1thread']:.2f}x (1 thread); "
          f"goal >= 5: {'met' if goals['gauss_at_least_5x_lambdify'] else 'NOT met'}")
    print(f"max rel difference from symkern: np.sin {np_sin['max_rel_diff_vs_symkern']:.3g}, "
          f"lambdify {lam['max_rel_diff_vs_symkern']:.3g}")
    print("all results within tolerance" if ok else "CHECKS FAILED")

    if out_json:
        doc = {
            "bench": "cpu_bench", "n": N, "reps": REPS, "warmup": WARM,
            "python": platform.python_version(), "numpy": np.__version__,
            "sympy": sympy.__version__, "cpu_count": os.cpu_count(), "nproc": nproc,
            "OMP_NUM_THREADS": omp_env, "load_average": list(loadavg) if loadavg else None,
            "symkern": {"threads": threads, "sin": s_sin, "gauss": s_gauss},
            "symkern_1thread": {"sin": s1_sin, "gauss": s1_gauss},
            "numpy_sin": np_sin, "lambdify_gauss": lam,
            "ratios": ratios, "goals": goals, "pass": bool(ok),
        }
        with open(out_json, "w") as fp:
            json.dump(doc, fp, indent=1)
            fp.write("\n")
        print(f"wrote {out_json}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
