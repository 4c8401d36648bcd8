"""gpu.py: the files between oracle.py export/compare and the GPU programs.

DIR/oracle.sym and the library symkern made of it (oracle.h, oracle.cu,
oracle_cpu.c), then:

cases.txt   one case a line: KIND NAME PREC NARGS NPTS (KIND single,
            composite or rewrite), in the order of points.bin; the first
            line is "# seed S".
points.bin  for each case, NARGS rows of NPTS values (float64 for f64,
            float32 for f32), little-endian, one row per argument.
ref.npz     the exact values, for compare (never read on the GPU).

gpu_oracle (gpu_oracle.cu) writes OUTDIR/gpu.bin: for each case its NPTS
results, in the precision's type, in order.  numba_literal.py writes
OUTDIR/numba.bin in the same layout (NaN where numba could not compile a
function) and OUTDIR/numba.txt (what it skipped).  compare reads them from
DIR.
"""

import os

import numpy as np

import corpus
import sympy
from funcs import SINGLES, SYM_NAMES

DT = {"f64": np.float64, "f32": np.float32}


def write(d, cases, seed):
    with open(os.path.join(d, "cases.txt"), "w", encoding="ascii") as f:
        f.write("# seed %d\n" % seed)
        for c in cases:
            f.write("%s %s %s %d %d\n" % (c.kind, c.name, c.prec, len(c.args), c.points.shape[1]))
    with open(os.path.join(d, "points.bin"), "wb") as f:
        for c in cases:
            f.write(np.ascontiguousarray(c.points, dtype=DT[c.prec]).tobytes())
    arrays = {}
    for i, c in enumerate(cases):
        for k, v in c.ref.items():
            arrays["%d_%s" % (i, k)] = v
    np.savez_compressed(os.path.join(d, "ref.npz"), **arrays)


class _Loaded:
    """A case as compare sees it: read back, no reference computed."""

    def __init__(self, kind, name, prec, points, ref, args, expr, bound, rewrite):
        self.kind, self.name, self.prec, self.points, self.ref = kind, name, prec, points, ref
        self.args, self.expr, self.bound, self.rewrite = args, expr, bound, rewrite


def read_cases(d):
    lines = [l.split() for l in open(os.path.join(d, "cases.txt"), encoding="ascii")
             if not l.startswith("#")]
    defs = {}
    for l in open(os.path.join(d, "oracle.sym"), encoding="ascii"):
        if l.startswith("#") or "=" not in l:
            continue
        head, expr = l.split("=", 1)
        name, args = head.split("(", 1)
        defs[name.strip()] = ([a.strip() for a in args.rstrip(") ").split(",") if a.strip()], expr.strip())
    singles = {s.name: s for s in SINGLES}
    rewrites = {r.name: r for r in corpus.REWRITES}
    refs = np.load(os.path.join(d, "ref.npz"))
    raw = open(os.path.join(d, "points.bin"), "rb").read()
    cases, off = [], 0
    for i, (kind, name, prec, nargs, npts) in enumerate(lines):
        nargs, npts = int(nargs), int(npts)
        size = nargs * npts * np.dtype(DT[prec]).itemsize
        pts = np.frombuffer(raw, DT[prec], nargs * npts, off).reshape(nargs, npts)
        off += size
        ref = {k: refs["%d_%s" % (i, k)] for k in ("valid", "hi", "lo", "r", "inter_ok")}
        args, text = defs[name]
        expr = sympy.sympify(text, locals=dict(SYM_NAMES, **{a: sympy.Symbol(a) for a in args}))
        cases.append(_Loaded(kind, name, prec, pts, ref, tuple(args), expr,
                             singles[name].bound if name in singles else None, rewrites.get(name)))
    return cases


def read_results(d, cases, fname):
    path = os.path.join(d, fname)
    if not os.path.exists(path):
        return None
    raw = open(path, "rb").read()
    out, off = {}, 0
    for c in cases:
        n = c.points.shape[1]
        out[c] = np.frombuffer(raw, DT[c.prec], n, off)
        off += n * np.dtype(DT[c.prec]).itemsize
    if off != len(raw):
        raise ValueError("%s: %d bytes, expected %d" % (path, len(raw), off))
    return out


def read(d):
    """The cases and {"GPU": results, "numba": results} (what exists)."""
    cases = read_cases(d)
    results = {}
    for where, fname in (("GPU", "gpu.bin"), ("numba", "numba.bin")):
        r = read_results(d, cases, fname)
        if r is not None:
            results[where] = r
    if "GPU" not in results:
        raise SystemExit("%s has no gpu.bin: run gpu_oracle there first (tests/oracle/README.md)" % d)
    return cases, results


