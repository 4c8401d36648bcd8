"""gpu_check.py: the GPU path of python/symkern.py, on a machine with a GPU
and CuPy.  Exits 77 (skip) without CuPy or a GPU, 0 when every check
passes, 1 otherwise.

    python3 python/gpu_check.py [libseeds_cuda.so] [--gufuncs libgufuncs_cuda.so gufuncs.h]

The libraries are CUDA builds (both function tables and the GPU gufuncs):
`make python-cuda` makes python/libseeds_cuda.so and
python/libgufuncs_cuda.so (from tests/sym/gufuncs.sym, whose header is
tests/sym/gufuncs.h); python/README.md says how by hand.

Seeds: every map function is evaluated on CuPy arrays (through
seeds_gpu_table) and compared with the CPU fallback of the same library
(seeds_cpu_table) on the same values, in both precisions; then strided
and reversed views, a broadcast host scalar and 1-element device array, a
non-default stream (taken from the arrays' __cuda_array_interface__ and
given explicitly) and an error raised as an exception.

Gufuncs: every gufunc of the library on CuPy arrays against its CPU path,
as check_gufuncs says."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np  # noqa: E402

import symkern  # noqa: E402


def main():
    args = sys.argv[1:]
    gu = None
    if "--gufuncs" in args:
        i = args.index("--gufuncs")
        gu = args[i + 1:i + 3]
        del args[i:i + 3]
    if len(args) > 1 or (gu is not None and len(gu) != 2) or (not args and gu is None):
        print(__doc__)
        return 2
    try:
        import cupy
        if cupy.cuda.runtime.getDeviceCount() < 1:
            raise RuntimeError("no device")
    except Exception as e:  # ImportError, CUDARuntimeError
        print("SKIP: no CuPy or no GPU (%s)" % e)
        return 77
    failed = 0
    if args:
        failed += check_map(cupy, args[0])
    if gu is not None:
        failed += check_gufuncs(cupy, gu[0], gu[1])
    print("%d failed" % failed)
    return 1 if failed else 0


def check_map(cupy, path):
    """The map functions of seeds: returns the number of failed checks."""
    lib = symkern.load(path)
    if not lib.has_gpu:
        print("FAIL: %s has no %s_gpu_table: build it from %s.cu" % (path, lib.name, lib.name))
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
    return failed



def _layout_arrays(g, layout, batch, known, rng, dtype):
    """Host inputs of gufunc G for one layout: 'rows' ([batch][n], C
    order), 'cols' ([batch][n] in Fortran order: the column layout),
    'bcast' (vectors without a batch axis, else scalars as Python floats),
    'bcast0d' (the same with 0-d arrays).  Vectors in (0.1, 1), scalars in
    (-1, 1), as tests/gpu/gpu_gufunc.cu."""
    has_vec = any(d for d in g.in_dims)
    ins = []
    for dims in g.in_dims:
        core = tuple(int(d) if d.isdigit() else known[d] for d in dims)
        if dims:
            lo = 0.1
            shape = core if layout.startswith("bcast") else (batch,) + core
        else:
            lo = -1.0
            shape = () if layout.startswith("bcast") and not has_vec else (batch,)
        a = rng.uniform(lo, 1.0, shape).astype(dtype)
        if layout == "cols":
            a = np.asfortranarray(a)
        if layout == "bcast" and a.shape == ():
            a = float(a)
        ins.append(a)
    return ins


def check_gufuncs(cupy, path, header):
    """Every gufunc of the library (tests/sym/gufuncs.sym) on CuPy arrays
    against the CPU path of the same library on the same values: rows,
    columns (out= given, poisoned with NaN), broadcast scalars and
    vectors, core sizes 0, 1, 5, 37 (and 5000 for reductions and vector
    maps), batches 0, 1, 7, 1037, both precisions; then a stream and an
    error.  Compared as tests/gpu/gpu_gufunc.cu does, relative to each item's
    largest value.  Returns the number of failures."""
    lib = symkern.load(path, header=header)
    failed = runs = 0
    if not lib.gufuncs:
        print("FAIL: no gufuncs found in %s with %s" % (path, header))
        return 1
    for name, g in lib.gufuncs.items():
        for dt in ("float64", "float32"):
            if dt not in g._gpu:
                print("FAIL %s: no %s GPU function in %s" % (name, dt, path))
                failed += 1
    if failed:
        return failed
    rng = np.random.default_rng(7)
    for name, g in lib.gufuncs.items():
        seq = not any(g.in_dims) and any(g.out_dims)   # ()->(n): a recurrence
        for dt in (np.float64, np.float32):
            tol = 1e-4 if dt == np.float32 else 1e-13
            for batch in (0, 1, 7, 1037):
                for n in (0, 1, 5, 37, 5000):
                    if n > 37 and (seq or batch > 7):
                        continue  # long recurrences round and overflow differently
                    known = {s: n + 2 * i for i, s in enumerate(g.sizes)}  # dot2: m = n + 2
                    for layout in ("rows", "cols", "bcast", "bcast0d"):
                        what = "%s %s batch=%d sizes=%s %s" % (name, dt.__name__, batch, known, layout)
                        runs += 1
                        failed += _one(cupy, g, layout, batch, known, rng, dt, tol, what)
    print("gufuncs: %d runs, %d failed" % (runs, failed))
    failed += _gufunc_extras(cupy, lib)
    return failed


def _one(cupy, g, layout, batch, known, rng, dt, tol, what):
    """One call on the GPU and on the CPU; 1 if they disagree."""
    host = _layout_arrays(g, layout, batch, known, rng, dt)
    dev = []
    for h in host:
        if isinstance(h, float):
            dev.append(h)  # a host scalar: becomes a 1-element device array
        else:
            d = cupy.asarray(h)
            dev.append(cupy.asfortranarray(d) if layout == "cols" else d)
    sizes = {s: v for s, v in known.items()
             if not any(s in dims for dims in g.in_dims)}  # only those no input shows
    try:
        ref = g(*host, **sizes)
        if layout == "cols":
            # The column layout of the results: [core][batch] transposed.
            outs = []
            batched = any(isinstance(h, np.ndarray) and h.ndim > len(d)
                          for h, d in zip(host, g.in_dims))
            for dims in g.out_dims:
                core = tuple(int(d) if d.isdigit() else known[d] for d in dims)
                shape = ((batch,) if batched else ()) + core
                o = cupy.full(shape[::-1], cupy.nan, dtype=dt).T
                outs.append(o)
            got = g(*dev, out=tuple(outs), **sizes)
        else:
            got = g(*dev, **sizes)
        cupy.cuda.Device().synchronize()
    except Exception as e:  # SymkernError, ValueError, TypeError
        print("FAIL %s: %s: %s" % (what, type(e).__name__, e))
        return 1
    refs = ref if isinstance(ref, tuple) else (ref,)
    gots = got if isinstance(got, tuple) else (got,)
    for r, d in zip(refs, gots):
        a = cupy.asnumpy(d).astype(np.float64)
        c = np.asarray(r, dtype=np.float64)
        if a.shape != c.shape:
            print("FAIL %s: shape %s, CPU %s" % (what, a.shape, c.shape))
            return 1
        if a.size == 0:
            continue
        core_axes = tuple(range(c.ndim - (1 if g.out_dims[0] else 0), c.ndim))
        scale = np.maximum(np.nanmax(np.abs(np.where(np.isinf(c), 0, c)), axis=core_axes,
                                     keepdims=True) if core_axes else np.abs(c), 1.0)
        scale = np.where(np.isnan(scale), 1.0, scale)
        bad = (np.isnan(a) != np.isnan(c)) | (np.isinf(c) & (a != c)) | \
              (np.isfinite(c) & ~(np.abs(a - c) <= tol * scale))
        if bad.any():
            i = np.argwhere(bad)[0]
            print("FAIL %s at %s: gpu %.17g cpu %.17g" % (what, tuple(i), a[tuple(i)], c[tuple(i)]))
            return 1
    return 0


def _gufunc_extras(cupy, lib):
    """A stream (from the interface and given), a strided input view, and
    EOVERLAP raised."""
    failed = 0

    def report(what, ok):
        nonlocal failed
        print("%s %s" % ("ok  " if ok else "FAIL", what))
        failed += not ok
    rng = np.random.default_rng(11)
    h = rng.uniform(0.1, 1, (300, 70))
    ref = lib.norm2(h)
    s = cupy.cuda.Stream(non_blocking=True)
    with s:
        d = cupy.asarray(h)  # its __cuda_array_interface__ names stream s
        got = lib.norm2(d)
        got2 = lib.norm2(d, stream=s)
    s.synchronize()
    report("norm2, stream from the interface",
           np.allclose(cupy.asnumpy(got), ref, rtol=1e-13, atol=0))
    report("norm2, stream given", np.allclose(cupy.asnumpy(got2), ref, rtol=1e-13, atol=0))
    d = cupy.asarray(h)
    report("mean, reversed strided rows", np.allclose(cupy.asnumpy(lib.mean(d[::-3, ::-2])),
                                                      lib.mean(h[::-3, ::-2]), rtol=1e-13))
    x = cupy.asarray(rng.uniform(-1, 1, 50))
    report("hermite, n as keyword", np.allclose(cupy.asnumpy(lib.hermite(x, n=9)),
                                                lib.hermite(cupy.asnumpy(x), n=9), rtol=1e-13))
    want = np.cumsum(cupy.asnumpy(d), axis=-1)
    lib.cumsum(d, out=d)  # exactly in place: allowed (symkern(3), In place)
    report("cumsum in place", np.allclose(cupy.asnumpy(d), want, rtol=1e-12))
    try:
        lib.lagdiff(d, out=d)
        report("lagdiff in place refused", False)
    except symkern.SymkernError as e:
        report("lagdiff in place refused: %s" % e, e.name == "EOVERLAP")
    cupy.cuda.Device().synchronize()
    return failed

if __name__ == "__main__":
    sys.exit(main())
