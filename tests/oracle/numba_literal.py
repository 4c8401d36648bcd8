#!/usr/bin/env python3
"""numba_literal.py: the literal baseline on the GPU, for oracle.py compare.

    python3 numba_literal.py DIR OUTDIR

Evaluates every case of DIR (written by `oracle.py export DIR`) as written,
with no rewrite: the .sym expression is parsed by SymPy, printed by
sympy.lambdify(modules='math') and compiled by numba.vectorize for the
CUDA target.  Writes OUTDIR/numba.bin in gpu.bin's layout (gpu.py), NaN for
a function numba cannot compile, and OUTDIR/numba.txt listing those.
Needs NumPy, SymPy and numba with a CUDA GPU (exits 77 without).
"""

import math
import os
import sys

import numpy as np

# SymPy 1.14's lambdify still names np.row_stack, which NumPy 2 removed
# (the device machine has both); it is vstack.
if not hasattr(np, "row_stack"):
    np.row_stack = np.vstack

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: numba_literal.py DIR OUTDIR")
    d, outdir = sys.argv[1], sys.argv[2]
    try:
        import numba
        from numba import cuda
        import sympy
    except ImportError as e:
        print("SKIP: %s" % e)
        return 77
    if not cuda.is_available():
        print("SKIP: no CUDA device for numba")
        return 77
    import gpu  # after the check: it imports SymPy
    cases = gpu.read_cases(d)
    # The C functions as the math module has them (math.cbrt is Python
    # 3.11's; exp2 is 2**x as the literal formula).
    # Those that are not math functions become CUDA device functions.
    dev = cuda.jit(device=True)
    extra = {"exp2": dev(lambda t: 2.0 ** t), "expm1": math.expm1, "log1p": math.log1p,
             "log2": math.log2, "log10": math.log10,
             "cbrt": dev(lambda t: math.copysign(abs(t) ** (1 / 3), t)),
             "hypot": math.hypot, "fma": dev(lambda a, b, c: a * b + c), "loggamma": math.lgamma,
             "Heaviside": dev(lambda t: 1.0 if t > 0 else (0.0 if t < 0 else 0.5))}
    kernels, skipped, out = {}, [], []
    for c in cases:
        key = (c.name, c.prec)
        if key not in kernels:
            try:
                syms = [sympy.Symbol(a) for a in c.args]
                py = sympy.lambdify(syms, c.expr, modules=[extra, "math"])
                ty = numba.float64 if c.prec == "f64" else numba.float32
                sig = ty(*([ty] * len(syms)))
                kernels[key] = numba.vectorize([sig], target="cuda")(py)
            except Exception as e:  # numba's errors have no common base class
                kernels[key] = None
                skipped.append("%s %s: %s" % (c.name, c.prec, str(e).splitlines()[0][:200]))
        k = kernels[key]
        n = c.points.shape[1]
        res = np.full(n, np.nan, dtype=c.points.dtype)
        if k is not None and n:
            try:
                res = k(*[np.ascontiguousarray(c.points[j]) for j in range(len(c.args))]).astype(c.points.dtype)
            except Exception as e:
                skipped.append("%s %s: %s" % (c.name, c.prec, str(e).splitlines()[0][:200]))
        out.append(res)
    with open(os.path.join(outdir, "numba.bin"), "wb") as f:
        for r in out:
            f.write(np.ascontiguousarray(r).tobytes())
    with open(os.path.join(outdir, "numba.txt"), "w") as f:
        f.write("numba %s: %d cases, %d not compiled or not run\n" % (numba.__version__, len(cases), len(skipped)))
        f.write("".join(s + "\n" for s in skipped))
    print("numba_literal: %d cases, %d skipped" % (len(cases), len(skipped)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
