"""gpu_check.py: the GPU path of python/symkern.py, on a machine with a GPU
and CuPy.  Exits 77 (skip) without CuPy or a GPU, 0 when every check
passes, 1 otherwise.

    python3 python/gpu_check.py path/to/libseeds_cuda.so

where libseeds_cuda.so is generated/seeds.cu and generated/seeds_cpu.c
built as one shared library (python/README.md, "The CUDA build").  Every
map function of seeds is evaluated on CuPy arrays (through
seeds_gpu_table) and compared with the CPU fallback of the same library
(seeds_cpu_table) on the same values, in both precisions; then strided
and reversed views, a broadcast host scalar and 1-element device array, a
non-default stream (taken from the arrays' __cuda_array_interface__ and
given explicitly) and an error raised as an exception."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np  # noqa: E402

import symkern  # noqa: E402


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    try:
        import cupy
        if cupy.cuda.runtime.getDeviceCount() < 1:
            raise RuntimeError("no device")
    except Exception as e:  # ImportError, CUDARuntimeError
        print("SKIP: no CuPy or no GPU (%s)" % e)
        return 77
    lib = symkern.load(sys.argv[1])
    if not lib.has_gpu:
        print("FAIL: %s has no %s_gpu_table: build it from %s.cu" % (sys.argv[1], lib.name, lib.name))
        return 1
    failed = 0

    def check(what, got, ref, rtol, atol):
        nonlocal failed
        got = cupy.asnumpy(got) if hasattr(got, "__cuda_array_interface__") else got
        ok = got.shape == ref.shape and np.allclose(got, ref, rtol=rtol, atol=atol)
        print("%s %s" % ("ok  " if ok else "FAIL", what))
        if not ok:
            failed += 1
            print("  max abs diff %g" % np.max(np.abs(got.astype(np.float64) - ref)))

    rng = np.random.default_rng(3)
    n = 1 << 20
    vals = {"x": rng.uniform(-3, 3, n), "y": rng.uniform(-3, 3, n),
            "mu": rng.uniform(-1, 1, n), "sigma": rng.uniform(0.5, 2, n)}
    for name, f in lib.functions.items():
        for dt, rtol, atol in ((np.float64, 1e-12, 1e-12), (np.float32, 1e-5, 1e-5)):
            host = [vals.get(a, vals["x"]).astype(dt) for a in f.args]
            ref = f(*host)  # CPU table
            dev = [cupy.asarray(h) for h in host]
            got = f(*dev)   # GPU table
            if got.dtype != dt:
                print("FAIL %s %s: result dtype %s" % (name, dt.__name__, got.dtype))
                failed += 1
            check("%s %s" % (name, dt.__name__), got, ref, rtol, atol)
    x = cupy.asarray(vals["x"])
    hx = vals["x"]
    check("logistic, stride 3", lib.logistic(x[::3]), lib.logistic(hx[::3]), 1e-12, 1e-12)
    check("logistic, reversed", lib.logistic(x[::-1]), lib.logistic(hx[::-1]), 1e-12, 1e-12)
    check("gauss, host scalars", lib.gauss(x, 0.5, 1.5), lib.gauss(hx, 0.5, 1.5), 1e-12, 1e-300)
    check("gauss, 1-element arrays", lib.gauss(x, cupy.asarray([0.5]), cupy.asarray([1.5])),
          lib.gauss(hx, 0.5, 1.5), 1e-12, 1e-300)
    out = cupy.zeros(2 * n)
    lib.siny(x, out=out[::2])
    check("siny, strided out", out[::2], np.sin(hx), 1e-12, 1e-12)
    check("siny, gaps untouched", out[1::2], np.zeros(n), 0, 0)
    s = cupy.cuda.Stream(non_blocking=True)
    with s:
        xs = cupy.asarray(hx)  # its __cuda_array_interface__ names stream s
        got = lib.softplus(xs)
        got2 = lib.softplus(xs, stream=s)
    s.synchronize()
    check("softplus, stream from the interface", got, lib.softplus(hx), 1e-12, 1e-12)
    check("softplus, stream given", got2, lib.softplus(hx), 1e-12, 1e-12)
    try:
        lib.siny(x[:-1], out=x[1:])
        print("FAIL overlap not refused")
        failed += 1
    except symkern.SymkernError as e:
        print("%s overlap refused: %s" % ("ok  " if e.name == "EOVERLAP" else "FAIL", e))
        failed += e.name != "EOVERLAP"
    cupy.cuda.Device().synchronize()
    print("%d failed" % failed)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
