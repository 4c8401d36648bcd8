#!/usr/bin/env python3
"""oracle.py: symkern's accuracy oracle (see docs/accuracy.md).

    oracle.py check    [--points N] [--composites K] [--gufunc-rows R] [--gufunc-randoms G] [--seed S] [--markdown FILE]
    oracle.py gufuncs  [--gufunc-rows R] [--gufunc-randoms G] [--seed S] [--markdown FILE]
    oracle.py rewrites [--points N] [--seed S] [--markdown FILE]
    oracle.py export DIR [--points N] [--composites K] [--gufunc-rows R] [--gufunc-randoms G] [--seed S]
    oracle.py compare DIR [--markdown FILE]

check: every built-in function and operator alone, and K random composite
expressions, through symkern and the CPU fallback, in double and float,
against mpmath; fails (status 1) where a single function exceeds its CPU
bound in bounds.txt, or a composite gives inf or NaN where the exact value
and every intermediate value are finite and in range.  With --gufunc-rows
R > 0 (default 8) it also runs the gufunc forms (gufuncs.py), R batch
items per size (R/8 at sizes in the thousands), in the row and the column
layout: reductions judged against Kahan's bound on the computed terms,
sequences against the bound propagated through their recurrence, G random
gufunc definitions (corpus.gufunc_composites), and the compensated Sum
against a plain loop on ill-conditioned data.  gufuncs: that part alone.

rewrites: each cancellation-prone expression of corpus.REWRITES generated
with and without symkern --literal; fails where the rewritten error exceeds
REWRITE_BOUND or (for the rewrites of cancellation, overflow or underflow)
is not at least 1000 times smaller than the literal one.  Exits 77 (skip)
where symkern has no --literal.

export: the same cases, written to DIR for the GPU (gpu.py,
docs/accuracy.md): the library, the points and the exact values, and the
gufunc calls (gu.sym, its library, gu_calls.inc, the inputs, exact values
and GPU bounds) for gpu_gufunc_oracle.cu.  compare: the GPU's results (and
numba's, if numba_literal.py ran) against the GPU bounds, gpu.bin and
gu_gpu.bin, whichever DIR has.

A seed of "random" draws a fresh seed, printed, so that a failure can be
repeated.
"""

import argparse
import os
import re
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import build  # noqa: E402
import corpus  # noqa: E402
import domains  # noqa: E402
import gufuncs  # noqa: E402
import reference  # noqa: E402
from funcs import SINGLES  # noqa: E402

PRECS = ("f64", "f32")
# What a rewritten cancellation-prone expression must reach: the goal's
# 2 ulps (double) and 4 ulps (float) for one function, doubled since each
# rewrite is two or three correctly rounded-ish steps (exp then log1p).
REWRITE_BOUND = {"f64": 4.0, "f32": 8.0}
RATIO = 1000.0


## Bounds ##################################################################

def read_bounds(path=os.path.join(HERE, "bounds.txt"), part=0):
    """{(key, prec): (cpu, gpu)}: documented ulps against the correctly
    rounded result (part 0; cpu from the fifth column, where a row has
    one, when the CPU code is compiled with SLEEF), None where there is no bound (report only);
    part 1: the absolute error allowed besides (a bound "u|a": within u
    ulps or within a), None where there is none."""
    out = {}
    sleef = "-DSYMKERN_SLEEF" in os.environ.get("SYMKERN_CPU_CPPFLAGS", "")
    with open(path, encoding="ascii") as f:
        for line in f:
            line = line.split("#", 1)[0].split()
            if not line:
                continue
            key, prec, cpu, gpu = line[:4]
            if sleef and len(line) > 4:  # the CPU's bound with SLEEF's vector math
                cpu = line[4]
            conv = lambda s: None if s == "-" or len(s.split("|")) <= part else float(s.split("|")[part])
            out[(key, prec)] = (conv(cpu), conv(gpu))
    return out


def limit(doc):
    """A documented bound (ulps from the correctly rounded value) as a
    bound on the error from the exact value, which the oracle measures:
    the correctly rounded value is itself up to 0.5 ulp away."""
    return None if doc is None else doc + 0.5


## Cases ###################################################################

class Case:
    """One function in one precision: its points and exact values."""

    def __init__(self, kind, name, args, expr, prec, points, bound=None, rewrite=None):
        self.kind, self.name, self.args, self.expr = kind, name, args, expr
        self.prec, self.points, self.bound, self.rewrite = prec, points, bound, rewrite
        self.ref = reference.exact_arrays(reference.Reference(expr, args), points, prec)


def single_cases(rng, npts, precs=PRECS, only=None):
    """Every single's cases, or those whose name matches the regular
    expression only (their points are those of a full run: all are drawn)."""
    out = []
    for s in SINGLES:
        for p in precs:
            pts = domains.draw(s.regions, rng, npts, p, len(s.args))
            if only is None or re.search(only, s.name):
                out.append(Case("single", s.name, s.args, s.expr, p, pts, bound=s.bound))
                out[-1].envelope = s.envelope
    return out


def composite_cases(rng, seed, count, npts, precs=PRECS):
    out = []
    for name, args, expr in corpus.composites(seed, count):
        for p in precs:
            pts = domains.draw(corpus.COMPOSITE_REGIONS, rng, npts, p, len(args))
            out.append(Case("composite", name, tuple(args), expr, p, pts))
    return out


def rewrite_cases(rng, npts, precs=PRECS):
    out = []
    for r in corpus.REWRITES:
        for p in precs:
            pts = domains.draw(r.regions, rng, npts, p, len(r.args))
            out.append(Case("rewrite", r.name, r.args, r.expr, p, pts, rewrite=r))
    return out


def definitions(cases):
    """The .sym definitions of the cases, each function once."""
    seen, out = set(), []
    for c in cases:
        if c.name not in seen:
            seen.add(c.name)
            out.append((c.name, c.args, str(c.expr)))
    return out


def run_cpu(lib, case):
    fn = lib.functions[case.name]
    return np.asarray(fn(*[case.points[i] for i in range(len(case.args))]))


## Statistics and tables ###################################################

def stats(err, ref):
    """n, max, 99.9th percentile, median, inf/NaN results where the exact
    value is finite (nonfinite), of them where every intermediate value is
    in range (judged)."""
    v = ref["valid"]
    e = err[v]
    if e.size == 0:
        return dict(n=0, max=np.nan, p999=np.nan, med=np.nan, nonfinite=0, judged=0)
    bad = np.isinf(err) & v
    with np.errstate(invalid="ignore"):
        return dict(n=int(e.size), max=float(np.max(e)), p999=float(np.percentile(e, 99.9)),
                    med=float(np.median(e)), nonfinite=int(bad.sum()),
                    judged=int((bad & ref["inter_ok"]).sum()))


def fmt(v):
    if v is None:
        return "-"
    if isinstance(v, str):
        return v
    if np.isnan(v):
        return "n/a"
    if np.isinf(v):
        return "inf"
    if v >= 1e4:
        return "%.2g" % v
    return "%.2f" % v


class Table:
    def __init__(self, title, cols):
        self.title, self.cols, self.rows = title, cols, []

    def add(self, *row):
        self.rows.append([fmt(c) if not isinstance(c, int) else str(c) for c in row])

    def text(self):
        w = [max(len(str(c)) for c in col) for col in zip(self.cols, *self.rows)]
        line = lambda r: "  ".join(str(c).ljust(k) for c, k in zip(r, w)).rstrip()
        return "\n".join(["== " + self.title, line(self.cols)] + [line(r) for r in self.rows]) + "\n"

    def markdown(self):
        out = ["#### " + self.title, "", "| " + " | ".join(self.cols) + " |",
               "|" + "---|" * len(self.cols)]
        out += ["| " + " | ".join(r) + " |" for r in self.rows]
        return "\n".join(out) + "\n"


def worst_point(err, case):
    v = np.where(case.ref["valid"], err, -1)
    i = int(np.argmax(v))
    return "(%s)" % ", ".join(repr(float(case.points[j, i])) for j in range(len(case.args)))


## check ###################################################################

def judge_singles(cases, results, bounds, where, tables):
    """Single-function rows: returns the failures."""
    fails = []
    t = Table("single functions, %s" % where,
              ["function", "prec", "n", "max", "p99.9", "median", "inf/NaN", "bound", "ok"])
    col = 0 if where == "CPU" else 1
    absb = read_bounds(part=1)
    for c in cases:
        err = reference.ulp_errors(results[c], c.ref, c.prec)
        s = stats(err, c.ref)
        lim = limit(bounds.get((c.bound, c.prec), (None, None))[col])
        shown = fmt(lim)
        # A bound with an absolute part ("u|a", near the zeros of Bessel
        # functions): a ulps of the row's envelope (funcs.py), the amplitude
        # of an oscillating function.  The results within that of the
        # exact value are not judged by ulps; max is the largest of the
        # others.
        a = absb.get((c.bound, c.prec), (None, None))[col]
        if a is not None and s["n"]:
            env = c.envelope(*c.points) if getattr(c, "envelope", None) else np.zeros(c.points.shape[1])
            with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
                eu = np.where(env > 0, reference.abs_errors(results[c], c.ref) / reference.ulps_of(env, c.prec), np.inf)
            # max env: of the results beyond u ulps, those the envelope judges
            beyond = c.ref["valid"] & (env > 0) & ~(err <= (np.inf if lim is None else lim))
            err = np.where(eu <= a, 0.0, err)
            s["max"] = float(np.max(np.where(c.ref["valid"], err, 0.0)))
            shown = "%s|%s env (max %s env)" % (fmt(lim), fmt(a), fmt(float(np.max(
                np.where(beyond, eu, 0.0)))))
        ok = s["nonfinite"] == 0 and (lim is None or not s["max"] > lim)
        if s["n"] == 0:
            ok = False
        t.add(c.name, c.prec, s["n"], s["max"], s["p999"], s["med"], s["nonfinite"], shown,
              "yes" if ok else "NO")
        if not ok:
            fails.append("%s %s on the %s: max %s ulps > bound %s (worst at %s%s)" % (
                c.name, c.prec, where, fmt(s["max"]), shown, c.name, worst_point(err, c)))
    tables.append(t)
    return fails


def judge_composites(cases, results, where, tables):
    fails = []
    t = Table("random composite expressions, %s" % where,
              ["function", "prec", "n", "max", "p99.9", "median", "inf/NaN (judged)",
               "inf/NaN (intermediate overflow)", "expression"])
    for c in cases:
        err = reference.ulp_errors(results[c], c.ref, c.prec)
        s = stats(err, c.ref)
        t.add(c.name, c.prec, s["n"], s["max"], s["p999"], s["med"], s["judged"],
              s["nonfinite"] - s["judged"], str(c.expr))
        if s["judged"]:
            bad = np.isinf(err) & c.ref["valid"] & c.ref["inter_ok"]
            i = int(np.argmax(bad))
            fails.append("%s %s on the %s: %s gives inf/NaN at (%s), exact %r" % (
                c.name, c.prec, where, c.expr,
                ", ".join(repr(float(c.points[j, i])) for j in range(len(c.args))),
                float(c.ref["hi"][i])))
    tables.append(t)
    return fails


def print_tables(tables, markdown):
    for t in tables:
        sys.stdout.write(t.text() + "\n")
    if markdown:
        with open(markdown, "w", encoding="utf-8") as f:
            for t in tables:
                f.write(t.markdown() + "\n")


def verdict(fails, t0=None):
    """Prints each failure, then FAIL or PASS (with the seconds since t0
    when given); returns the exit status."""
    for f in fails:
        print("FAIL: " + f)
    word = "FAIL" if fails else "PASS"
    print(word if t0 is None else "%s (%.1f s)" % (word, time.time() - t0))
    return 1 if fails else 0


def seed_of(a):
    if a.seed == "random":
        s = int.from_bytes(os.urandom(4), "little")
    else:
        s = int(a.seed)
    print("seed %d" % s)
    return s


def cmd_check(a):
    seed = seed_of(a)
    rng = np.random.default_rng(seed)
    t0 = time.time()
    cases = single_cases(rng, a.points, only=a.only) + composite_cases(rng, seed, a.composites, a.points)
    print("references: %d cases in %.1f s" % (len(cases), time.time() - t0))
    bounds = read_bounds()
    with tempfile.TemporaryDirectory(prefix="oracle.") as d:
        kept = {n for n, _, _ in build.generate(d, "oracle", definitions(cases))}
        lib = build.compile_cpu(d, "oracle")
        cases = [c for c in cases if c.name in kept]
        results = {c: run_cpu(lib, c) for c in cases}
        tables = []
        fails = judge_singles([c for c in cases if c.kind == "single"], results, bounds, "CPU", tables)
        fails += judge_composites([c for c in cases if c.kind == "composite"], results, "CPU", tables)
        if a.gufunc_rows > 0:
            t1 = time.time()
            fails += gufuncs.run(build, rng, a.gufunc_rows, bounds, tables, Table, fmt, d,
                                 randoms=a.gufunc_randoms, seed=seed)
            print("gufuncs: %.1f s" % (time.time() - t1))
    print_tables(tables, a.markdown)
    dropped = len({c.name for c in cases}) - len(kept)
    if dropped:
        print("%d composite expressions refused by symkern were left out" % dropped)
    return verdict(fails, t0)


def cmd_gufuncs(a):
    seed = seed_of(a)
    rng = np.random.default_rng(seed)
    t0 = time.time()
    tables = []
    with tempfile.TemporaryDirectory(prefix="oracle.") as d:
        fails = gufuncs.run(build, rng, a.gufunc_rows, read_bounds(), tables, Table, fmt, d,
                            randoms=a.gufunc_randoms, seed=seed)
    print_tables(tables, a.markdown)
    return verdict(fails, t0)


## rewrites ################################################################

def judge_rewrites(cases, after, before, where, tables, before_name="literal"):
    fails = []
    t = Table("rewrites, %s: max (p99.9) ulps" % where,
              ["rewrite", "prec", "n", before_name, "rewritten", "ratio", "inf/NaN " + before_name,
               "inf/NaN rewritten", "ok"])
    for c in cases:
        ea = reference.ulp_errors(after[c], c.ref, c.prec)
        sa = stats(ea, c.ref)
        if before is not None and c in before:
            eb = reference.ulp_errors(before[c], c.ref, c.prec)
            sb = stats(eb, c.ref)
        else:
            sb = dict(max=np.nan, p999=np.nan, nonfinite=0)
        ratio = sb["max"] / max(sa["max"], 0.5)
        lim = (c.rewrite.bound or REWRITE_BOUND)[c.prec]
        ok = sa["n"] > 0 and sa["nonfinite"] == 0 and not sa["max"] > lim
        # Without a baseline (compare before numba ran) only the bound holds.
        judged = c.rewrite.ratio and (c.rewrite.gpu_ratio or where != "GPU")
        if judged and before is not None and not ratio >= RATIO:
            ok = False
        t.add(c.rewrite.rule, c.prec, sa["n"], "%s (%s)" % (fmt(sb["max"]), fmt(sb["p999"])),
              "%s (%s)" % (fmt(sa["max"]), fmt(sa["p999"])), ratio if judged else "-",
              sb["nonfinite"], sa["nonfinite"], "yes" if ok else "NO")
        if not ok:
            fails.append("%s (%s) %s on the %s: rewritten max %s ulps (bound %s), %s max %s "
                         "(needs %gx); worst at %s%s" % (
                             c.name, c.rewrite.rule, c.prec, where, fmt(sa["max"]),
                             fmt(lim), before_name, fmt(sb["max"]), RATIO,
                             c.name, worst_point(ea, c)))
    tables.append(t)
    return fails


def cmd_rewrites(a):
    if not build.has_literal():
        print("SKIP: %s has no --literal option (the rewrites are not in this build)" % build.symkern_bin())
        return 77
    seed = seed_of(a)
    rng = np.random.default_rng(seed)
    t0 = time.time()
    cases = rewrite_cases(rng, a.points)
    defs = definitions(cases)
    with tempfile.TemporaryDirectory(prefix="oracle.") as d:
        build.generate(d, "rw", defs)
        build.generate(d, "rwlit", defs, ["--literal"])
        rw = build.compile_cpu(d, "rw")
        after = {c: run_cpu(rw, c) for c in cases}
        lit = build.compile_cpu(d, "rwlit")
        before = {c: run_cpu(lit, c) for c in cases}
    tables = []
    fails = judge_rewrites(cases, after, before, "CPU", tables)
    print_tables(tables, a.markdown)
    return verdict(fails, t0)


## export / compare (GPU) ##################################################

def cmd_export(a):
    import gpu
    seed = seed_of(a)
    rng = np.random.default_rng(seed)
    cases = (single_cases(rng, a.points, only=a.only) + composite_cases(rng, seed, a.composites, a.points)
             + (rewrite_cases(rng, a.points) if a.only is None else []))
    os.makedirs(a.dir, exist_ok=True)
    kept = {n for n, _, _ in build.generate(a.dir, "oracle", definitions(cases))}
    cases = [c for c in cases if c.name in kept]
    gpu.write(a.dir, cases, seed)
    print("exported %d cases to %s" % (len(cases), a.dir))
    if a.gufunc_rows > 0:
        t0 = time.time()
        with tempfile.TemporaryDirectory(prefix="oracle.") as d:
            rnd = gufuncs.accepted(build, corpus.gufunc_composites(build.symkern, seed, a.gufunc_randoms), d)
        specs = gufuncs.all_specs(build.symkern, rnd)
        err = gufuncs.generate(build, specs, a.dir)
        if err:
            print(err)
            return 1
        lib = build.compile_cpu(a.dir, "gu", header=True)
        groups = gufuncs.make_groups(specs, PRECS, a.gufunc_rows, rng, read_bounds(), "GPU", big=True)
        gpu.write_gufuncs(a.dir, groups, lib, seed)
        print("exported %d gufunc calls (%d gufuncs, %d random) to %s in %.1f s" % (
            2 * len(groups), len(specs), len(rnd), a.dir, time.time() - t0))
    return 0


def cmd_compare(a):
    import gpu
    tables, fails = [], []
    have = os.path.exists(os.path.join(a.dir, "gpu.bin"))
    if have:
        cases, results = gpu.read(a.dir)
        bounds = read_bounds()
        for where, res in results.items():
            if where == "numba":
                continue
            fails += judge_singles([c for c in cases if c.kind == "single"], res, bounds, where, tables)
            fails += judge_composites([c for c in cases if c.kind == "composite"], res, where, tables)
            rw = [c for c in cases if c.kind == "rewrite"]
            if "numba" in results:
                fails += judge_rewrites(rw, res, results["numba"], where, tables, before_name="numba")
            else:
                fails += judge_rewrites(rw, res, None, where, tables, before_name="numba")
    gu = gpu.read_gufuncs(a.dir)
    if gu is not None:
        groups, res = gu
        fixed = {k: v for k, v in res.items() if not groups[k[0]].spec.name.startswith("r")}
        rand = {k: v for k, v in res.items() if groups[k[0]].spec.name.startswith("r")}
        fails += gufuncs.judge(groups, fixed, "GPU", tables, Table, fmt)
        if rand:
            fails += gufuncs.judge(groups, rand, "GPU", tables, Table, fmt, title="random gufuncs")
    if not have and gu is None:
        raise SystemExit("%s has neither gpu.bin nor gu_gpu.bin: run gpu_oracle and gpu_gufunc_oracle "
                         "there first (docs/accuracy.md)" % a.dir)
    print_tables(tables, a.markdown)
    return verdict(fails)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name in ("check", "rewrites", "export", "gufuncs"):
        p = sub.add_parser(name)
        if name == "export":
            p.add_argument("dir")
        p.add_argument("--points", type=int, default=300, help="points per function and precision")
        p.add_argument("--seed", default="1", help='an integer, or "random"')
        if name in ("check", "gufuncs", "export"):
            p.add_argument("--gufunc-rows", type=int, default=8,
                           help="gufunc batch items per size (0: none; gufuncs.py)")
            p.add_argument("--gufunc-randoms", type=int, default=6,
                           help="random gufunc definitions (corpus.gufunc_composites)")
        if name not in ("rewrites", "gufuncs"):
            p.add_argument("--composites", type=int, default=20, help="random composite expressions")
            p.add_argument("--only", help="the single functions whose row name (f_erfinv) matches this "
                                          "regular expression, and no rewrite cases (export)")
        if name != "export":
            p.add_argument("--markdown", help="also write the tables as Markdown to this file")
    p = sub.add_parser("compare")
    p.add_argument("dir")
    p.add_argument("--markdown")
    a = ap.parse_args(argv)
    return {"check": cmd_check, "rewrites": cmd_rewrites, "gufuncs": cmd_gufuncs, "export": cmd_export,
            "compare": cmd_compare}[a.cmd](a)


if __name__ == "__main__":
    sys.exit(main())
