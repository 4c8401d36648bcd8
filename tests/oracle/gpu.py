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
        cases[-1].envelope = singles[name].envelope if name in singles else None
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




## Gufuncs (gufuncs.py): gpu_gufunc_oracle.cu ###############################
#
# DIR/gu.sym and its library (gu.h, gu.cu, gu_cpu.c), gu_calls.inc (one
# wrapper per gufunc and precision, compiled into gpu_gufunc_oracle), then:
#
# gufuncs.txt    one group a line: NAME PREC BATCH N NIN NOUT L_1 ... L_NIN
#                LO_1 ... LO_NOUT, N the run-time size (the fixed size for
#                a gufunc without one), L the elements per item of each
#                input and output (1: a scalar); the first line is
#                "# seed S".  Each group is called twice, in the row
#                layout, then in the column layout.
# gu_points.bin  for each group, each input as BATCH x L values in the
#                precision's type, item after item (the program lays them
#                out as each call's layout asks on the device).
# gu_ref.npz     per group G and output O: G_O_hi, _lo, _r, _bound, _need
#                (gufuncs.Group), for compare.
# gu_cases.json  the groups (gufunc, kind, definition, prec, n, batch) and
#                the calls (group, layout).
#
# gpu_gufunc_oracle writes OUTDIR/gu_gpu.bin: for each group, for each
# layout (rows, cols), its outputs, BATCH x LO values each, item after
# item, in the precision's type.

import json  # noqa: E402


def calls_inc(lib, names, libname="gu"):
    """C++ wrappers with one signature, (batch, n, in[], out[], cols,
    stream), for each gufunc of the library: the row layout passes
    (p, L, 1), the column layout (p, 1, batch)."""
    out = ["// Generated by tests/oracle/gpu.py (oracle.py export) from %s.h: do not edit." % libname]
    table = []
    for name in names:
        g = lib.gufuncs[name]
        if g.sizes not in ([], ["n"]):
            raise ValueError("%s: sizes %s (the GPU oracle passes one run-time size, n)" % (name, g.sizes))
        for prec, T in (("f64", "double"), ("f32", "float")):
            args = ["batch"] + ["n"] * len(g.sizes)
            for what, dims_list in (("in", g.in_dims), ("out", g.out_dims)):
                for i, dims in enumerate(dims_list):
                    if not dims:
                        args += ["%s[%d]" % (what, i), "1"]
                        continue
                    L = "(ptrdiff_t)%s" % ("n" if not dims[0].isdigit() else dims[0])
                    args += ["%s[%d]" % (what, i), "cols ? 1 : %s" % L, "cols ? (ptrdiff_t)batch : 1"]
            out.append("static int w_%s_%s(size_t batch, size_t n, %s *const *in, %s *const *out, int cols, "
                       "cudaStream_t s)\n{\n\t(void)n;\n\t(void)in;\n\t(void)cols;\n\treturn %s_%s_%s(%s, s);\n}"
                       % (name, prec, T, T, libname, name, prec, ", ".join(args)))
        table.append('\t{"%s", w_%s_f64, w_%s_f32},' % (name, name, name))
    out.append("static const GuCall gu_calls[] = {\n%s\n\t{nullptr, nullptr, nullptr},\n};" % "\n".join(table))
    return "\n".join(out) + "\n"


LAYOUTS = ("rows", "cols")


def write_gufuncs(d, groups, lib, seed):
    names = list(dict.fromkeys(g.spec.name for g in groups))
    with open(os.path.join(d, "gu_calls.inc"), "w", encoding="ascii") as f:
        f.write(calls_inc(lib, names))
    calls = []
    arrays = {}
    with open(os.path.join(d, "gufuncs.txt"), "w", encoding="ascii") as f, \
            open(os.path.join(d, "gu_points.bin"), "wb") as pf:
        f.write("# seed %d\n" % seed)
        for gi, g in enumerate(groups):
            lin = [1 if a.ndim == 1 else a.shape[1] for a in g.inputs]
            lout = [o["hi"].shape[1] for o in g.outs]
            f.write("%s %s %d %d %d %d %s\n" % (g.spec.name, g.prec, g.batch, g.n, len(lin), len(lout),
                                               " ".join(str(v) for v in lin + lout)))
            for a in g.inputs:
                pf.write(np.ascontiguousarray(a, dtype=DT[g.prec]).tobytes())
            for lay in LAYOUTS:
                calls.append(dict(group=gi, layout=lay))
            for oi, o in enumerate(g.outs):
                for key, v in o.items():
                    arrays["%d_%d_%s" % (gi, oi, key)] = v
    np.savez_compressed(os.path.join(d, "gu_ref.npz"), **arrays)
    meta = dict(groups=[dict(name=g.spec.name, kind=g.spec.kind, text=g.spec.text(), prec=g.prec, n=g.n,
                             batch=g.batch, nout=len(g.outs)) for g in groups], calls=calls)
    with open(os.path.join(d, "gu_cases.json"), "w", encoding="ascii") as f:
        json.dump(meta, f, indent=0)


class _GuSpec:
    def __init__(self, name, kind, text):
        self.name, self.kind, self._text = name, kind, text

    def text(self):
        return self._text


class _GuGroup:
    def __init__(self, spec, prec, n, batch, outs):
        self.spec, self.prec, self.n, self.batch, self.outs = spec, prec, n, batch, outs


def read_gufuncs(d):
    """(groups, {(group, layout): outputs}) or None where there is no
    gu_gpu.bin."""
    path = os.path.join(d, "gu_gpu.bin")
    if not os.path.exists(os.path.join(d, "gu_cases.json")) or not os.path.exists(path):
        return None
    meta = json.load(open(os.path.join(d, "gu_cases.json"), encoding="ascii"))
    refs = np.load(os.path.join(d, "gu_ref.npz"))
    groups = []
    for gi, m in enumerate(meta["groups"]):
        outs = [{key: refs["%d_%d_%s" % (gi, oi, key)] for key in ("hi", "lo", "r", "bound", "need")}
                for oi in range(m["nout"])]
        groups.append(_GuGroup(_GuSpec(m["name"], m["kind"], m["text"]), m["prec"], m["n"], m["batch"], outs))
    raw = open(path, "rb").read()
    off, results = 0, {}
    for c in meta["calls"]:
        g = groups[c["group"]]
        outs = []
        for o in g.outs:
            cnt = o["hi"].size
            a = np.frombuffer(raw, DT[g.prec], cnt, off).astype(np.float64).reshape(o["hi"].shape)
            off += cnt * np.dtype(DT[g.prec]).itemsize
            outs.append(a)
        results[(c["group"], c["layout"])] = outs
    if off != len(raw):
        raise ValueError("%s: %d bytes, expected %d" % (path, len(raw), off))
    return groups, results
