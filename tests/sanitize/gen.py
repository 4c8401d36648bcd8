#!/usr/bin/env python3
"""tests/sanitize/gen.py: gufuncs of every shape the grammar allows, and a
driver that calls each at the edges, for the sanitizer test (run.sh, CPU
under ASan/UBSan) and its GPU twin (run_gpu.sh, under compute-sanitizer).

    gen.py OUTDIR [--seed S] [--randoms N]

writes OUTDIR/san.sym and OUTDIR/san_driver.c.  The driver calls every
gufunc in both precisions with arrays of exactly the size the call spans
(malloc on the CPU, cudaMalloc on the GPU; NULL where that is 0), for
batch 0, 1 and 7 and every run-time size in {0, 1, each number of base
cases and two more, 7}, in the row and the column layout; it poisons the
outputs and checks that each call returns 0, writes every output element,
gives the same bits in both layouts, and (where the header allows it)
the same bits exactly in place.  Definitions are fixed shapes plus seeded
random ones; the longest legal names (255 bytes) and a gufunc of more than
64 arrays are among them.  Standard library only: CI needs no NumPy here.
"""
import random
import sys

MAXNAME = 255  # LEX_MAX_IDENT


def longname(stem, n=MAXNAME):
    """A name of n bytes starting with stem."""
    return (stem + "_" + "x" * n)[:n]


class Spec:
    """One gufunc: args is a list of (name, dim) with dim None for a
    scalar, a size name, or a fixed int; outs the result names (None for a
    scalar result); loop the outputs' size (name or int); nbase the most
    base cases, for choosing sizes; inplace the inputs that an output must
    be allowed to overwrite in place (checked), or None for no claim."""

    def __init__(self, name, args, text, outs=None, loop=None, nbase=0, inplace=None):
        self.name, self.args, self.text = name, args, text
        self.outs, self.loop, self.nbase = outs, loop, nbase
        self.inplace = inplace

    def sizes(self):
        """Run-time sizes in order of first appearance (symkern(5))."""
        seen = []
        dims = [d for _, d in self.args] + ([self.loop] * len(self.outs) if self.outs else [])
        for d in dims:
            if isinstance(d, str) and d not in seen:
                seen.append(d)
        return seen


def fixed_specs():
    s = []
    # Reductions, (n)->() and friends.
    s.append(Spec("red_sum", [("v", "n")], "Sum(v[k], (k, 0, n - 1))"))
    s.append(Spec("red_norm", [("v", "n")], "sqrt(Sum(v[k]**2, (k, 0, n - 1)))"))
    s.append(Spec("red_poly", [("c", "n"), ("x", None)], "Sum(c[k]*x**k, (k, 0, n - 1))", inplace=["x"]))
    s.append(Spec("red_prod", [("c", "n"), ("x", None)], "Product(1 + c[k]*x**k, (k, 0, n - 1))"))
    s.append(Spec("red_mean", [("v", "n")], "Sum(v[k], (k, 0, n - 1))/(n + 1)"))
    s.append(Spec("red_diff", [("v", "n")], "Sum(v[k] - v[k - 1], (k, 1, n - 1))"))
    s.append(Spec("red_ahead", [("v", "n")], "Sum(v[k + 1]*v[k], (k, 0, n - 2))"))
    s.append(Spec("red_two", [("v", "n"), ("w", "m")],
                  "Sum(Sum(v[i]*w[j], (j, 0, m - 1)), (i, 0, n - 1))"))
    s.append(Spec("red_tri", [("v", "n")], "Sum(Sum(v[j], (j, 0, i)), (i, 0, n - 1))"))
    s.append(Spec("red_fixed", [("v", 3), ("x", None)], "v[0] + v[2]*x + Sum(v[k], (k, 0, 2))"))
    s.append(Spec("red_fact", [("v", "n")], "Sum(v[k]/factorial(k), (k, 0, n - 1))"))
    # Sums of one (shifted) range sharing one loop; the largest term first.
    s.append(Spec("red_pair", [("v", "n"), ("w", "n")],
                  "Sum(v[k + 1]*w[k], (k, 0, n - 2)) + Sum(v[k]**2, (k, 0, n - 2))/(n + 1)"))
    s.append(Spec("red_lse", [("v", "n")], "log(Sum(exp(v[k]), (k, 0, n - 1)))"))
    s.append(Spec("red_mix", [("v", "n"), ("u", 2), ("y", None)],
                  "Sum(v[k]*u[1], (k, 0, n - 1)) + u[0]*y + Product(v[k], (k, 0, n - 1))"))
    # Sequences, ()->(n).
    s.append(Spec("seq_map", [("x", None)], "-> y[n]:\n    y[k] = x*k + 1", ["y"], "n", 0))
    s.append(Spec("seq_one", [("x", None)], "-> y[n]:\n    y[0] = x\n    y[k] = y[k - 1]*x + 1", ["y"], "n", 1))
    s.append(Spec("seq_herm", [("x", None)],
                  "-> he[n]:\n    h[0] = 1\n    h[1] = x\n    h[k] = x*h[k - 1] - (k - 1)*h[k - 2]\n"
                  "    he[k] = h[k]/sqrt(factorial(k))", ["he"], "n", 2))
    s.append(Spec("seq_pow", [("x", None)], "-> s[n]:\n    s[0] = x\n    s[k] = s[k - 1] + x**(k + 1)",
                  ["s"], "n", 1))
    s.append(Spec("seq_two", [("x", None), ("z", None)],
                  "-> a[n], b[n]:\n    a[0] = x\n    b[0] = z\n    a[k] = a[k - 1] + b[k - 1]\n"
                  "    b[k] = a[k]*z", ["a", "b"], "n", 1))
    s.append(Spec("seq_fix3", [("x", None)], "-> t[3]:\n    t[k] = x*binomial(k + 2, 2) + factorial(k + 1)",
                  ["t"], 3, 0))
    s.append(Spec("seq_fix70", [("x", None)], "-> t[70]:\n    t[0] = x\n    t[k] = t[k - 1]*0.5 + x",
                  ["t"], 70, 1))
    s.append(Spec("seq_fix2b", [("x", None)], "-> t[2]:\n    t[0] = x\n    t[1] = x + 1\n    t[2] = x + 2\n"
                  "    t[3] = x + 3", ["t"], 2, 4))
    # Vector to vector, (n)->(n).
    s.append(Spec("vec_cumsum", [("v", "n")], "-> s[n]:\n    s[0] = v[0]\n    s[k] = s[k - 1] + v[k]",
                  ["s"], "n", 1, inplace=["v"]))
    s.append(Spec("vec_cumprod", [("v", "n")], "-> p[n]:\n    p[0] = v[0]\n    p[k] = p[k - 1]*v[k]",
                  ["p"], "n", 1, inplace=["v"]))
    s.append(Spec("vec_norm", [("v", "n")], "-> u[n]:\n    u[k] = v[k]/sqrt(Sum(v[j]**2, (j, 0, n - 1)))",
                  ["u"], "n", 0, inplace=["v"]))
    s.append(Spec("vec_pair", [("v", "n")],
                  "-> u[n]:\n    u[k] = v[k]*Sum(v[j], (j, 0, n - 1)) + Sum(v[j]**2, (j, 0, n - 1))",
                  ["u"], "n", 0, inplace=["v"]))
    s.append(Spec("vec_share", [("v", "n")],
                  "-> f[n]:\n    s[0] = v[0]\n    s[k] = s[k - 1] + v[k]\n    f[k] = s[k]/Sum(v[j], (j, 0, n - 1))",
                  ["f"], "n", 1, inplace=["v"]))
    s.append(Spec("vec_base2", [("v", "n")],
                  "-> s[n]:\n    s[0] = v[0]\n    s[1] = v[1]\n    s[k] = s[k - 1] + s[k - 2]", ["s"], "n", 2,
                  inplace=["v"]))
    s.append(Spec("vec_base3", [("v", "n")],
                  "-> s[n]:\n    s[0] = v[0]\n    s[1] = v[1] + v[0]\n    s[2] = v[2]*v[1]\n"
                  "    s[k] = s[k - 1] + s[k - 3]*v[k]", ["s"], "n", 3, inplace=["v"]))
    s.append(Spec("vec_lag", [("v", "n")], "-> d[n]:\n    d[0] = v[0]\n    d[k] = v[k] - v[k - 1]",
                  ["d"], "n", 1, inplace=[]))
    s.append(Spec("vec_first", [("v", "n")], "-> d[n]:\n    d[k] = v[k] - v[0]", ["d"], "n", 0, inplace=[]))
    s.append(Spec("vec_prefix", [("v", "n")], "-> p[n]:\n    p[k] = Sum(v[j], (j, 0, k))", ["p"], "n", 0,
                  inplace=[]))
    s.append(Spec("vec_two", [("v", "n"), ("w", "m"), ("x", None)],
                  "-> a[n], b[n]:\n    a[k] = v[k]*x + Sum(w[j], (j, 0, m - 1))\n    b[k] = a[k] - v[k]",
                  ["a", "b"], "n", 0, inplace=["v"]))
    s.append(Spec("vec_fix4", [("v", 4)], "-> s[4]:\n    s[0] = v[0]\n    s[k] = s[k - 1] + v[k]", ["s"], 4, 1,
                  inplace=["v"]))
    # The longest legal names: function, arguments, sizes, results and an
    # intermediate sequence; two sizes that agree in their first 254 bytes.
    A, B = longname("A", MAXNAME - 1), longname("A", MAXNAME - 1) + "B"
    V, W = longname("V"), longname("W")
    s.append(Spec(longname("red_long"), [(V, A), (W, B)], "Sum(%s[k], (k, 0, %s - 1))/%s" % (W, B, B)))
    O, H, N, X = longname("O"), longname("H"), longname("N"), longname("X")
    s.append(Spec(longname("seq_long"), [(X, None), (V, N)],
                  "-> %s[%s]:\n    %s[0] = %s\n    %s[k] = %s[k - 1]*%s + %s[k]\n    %s[k] = %s[k] + %s"
                  % (O, N, H, X, H, H, X, V, O, H, N), [O], N, 1))
    # More than 64 arrays: the argument check once had room for 64.
    scal = ["a%d" % i for i in range(70)]
    vecs = ["v%d" % i for i in range(30)]
    s.append(Spec("many_red", [(v, "n") for v in vecs] + [(a, None) for a in scal],
                  " + ".join("Sum(%s[k], (k, 0, n - 1))" % v for v in vecs) + " + " + " + ".join(scal)))
    s.append(Spec("many_seq", [(v, "n") for v in vecs[:20]] + [(a, None) for a in scal[:50]],
                  "-> %s:\n" % ", ".join("o%d[n]" % i for i in range(5)) +
                  "".join("    o%d[k] = %s[k]*%s\n" % (i, vecs[i], scal[i]) for i in range(5)),
                  ["o%d" % i for i in range(5)], "n", 0))
    # The most outputs (64), each from its own intermediate.
    s.append(Spec("many_out", [("v", "n"), ("x", None)],
                  "-> %s:\n" % ", ".join("r%d[n]" % i for i in range(64)) +
                  "".join("    r%d[k] = v[k]*x + %d\n" % (i, i) for i in range(64)),
                  ["r%d" % i for i in range(64)], "n", 0, inplace=["v"]))
    return s


def random_specs(rng, count):
    """Sequences with random numbers of base cases, lookbacks, offsets,
    constant reads and index-free Sums: each valid by construction."""
    out = []
    for i in range(count):
        nb = rng.choice([0, 1, 1, 2, 3, 5])
        back = rng.randint(1, nb) if nb else 0
        vec = rng.random() < 0.7
        args = [("v", "n")] if vec else []
        args.append(("x", None))
        lines = []
        for c in range(nb):
            terms = ["x*%d" % (c + 1)]
            if vec:
                terms.append("v[%d]" % rng.randint(0, c))
            if c and rng.random() < 0.5:
                terms.append("s[%d]" % rng.randint(0, c - 1))
            lines.append("    s[%d] = %s" % (c, " + ".join(terms)))
        rule = ["x"]
        for b in range(1, back + 1):
            if rng.random() < 0.8 or b == back:
                rule.append("s[k - %d]*%s" % (b, rng.choice(["0.5", "x", "(k + 1)"])))
        if vec:
            off = rng.randint(0, nb)
            rule.append("v[k - %d]" % off if off else "v[k]")
            if nb and rng.random() < 0.3:
                rule.append("v[%d]" % rng.randint(0, nb))  # a rule may read up to its first step
            if rng.random() < 0.4:
                rule.append("Sum(v[j], (j, 0, n - 1))/(n + 1)")
        lines.append("    s[k] = " + " + ".join(rule))
        out.append(Spec("rnd%d" % i, args, "-> s[n]:\n" + "\n".join(lines), ["s"], "n", nb))
    return out


def sym_text(specs):
    lines = ["# Generated by tests/sanitize/gen.py: every gufunc shape, at the edges."]
    for s in specs:
        head = "%s(%s)" % (s.name, ", ".join(a if d is None else "%s[%s]" % (a, d) for a, d in s.args))
        if s.outs:
            lines.append(head + " " + s.text)
        else:
            lines.append(head + " = " + s.text)
    return "\n".join(lines) + "\n"


def c_dim(s, d):
    """The C expression of a core size in the driver."""
    if d is None:
        return "1"
    if isinstance(d, int):
        return str(d)
    return "sz[%d]" % s.sizes().index(d)


def driver_fn(s, lib, p):
    """run_<id>_<p>(target, batch, sz, layout, inplace): one call of the
    gufunc in precision p on the CPU (target 0) or the GPU (1), its
    arrays made by driver.c's arr_make; returns finish()'s status."""
    T = "double" if p == "f64" else "float"
    arrays = [(a, d, False) for a, d in s.args]
    if s.outs:
        arrays += [(o, s.loop, True) for o in s.outs]
    else:
        arrays.append(("out", None, True))
    L = []
    L.append("static int run_%d_%s(int target, size_t batch, const size_t *sz, int layout, int inplace)"
             % (id_of[s.name], p))
    L.append("{")
    L.append("\tArr a[%d];" % len(arrays))
    L.append("\tint rc = -100;")
    L.append("\t(void)sz;")
    for i, (name, d, isout) in enumerate(arrays):
        L.append("\tarr_make(&a[%d], target, batch, %s, %d, %d, layout, sizeof(%s), %d);"
                 % (i, c_dim(s, d), 1 if d is not None else 0, 1 if isout else 0, T, i))
    L.append("\tif (inplace >= 0) /* the first output exactly on that input */")
    L.append("\t\tarr_alias(&a[%d], &a[inplace]);" % len(s.args))
    call = ["batch"] + ["sz[%d]" % i for i in range(len(s.sizes()))]
    for i, (name, d, isout) in enumerate(arrays):
        call.append("(%s%s *)a[%d].p" % ("" if isout else "const ", T, i))
        call.append("a[%d].inc_batch" % i)
        if d is not None:
            call.append("a[%d].inc_elem" % i)
    args = ", ".join(call)
    L.append("\tif (target == 0)")
    L.append("\t\trc = %s_%s_%s_cpu(%s);" % (lib, s.name, p, args))
    L.append("#ifdef SAN_GPU")
    L.append("\telse")
    L.append("\t\trc = gpu_status(%s_%s_%s(%s, NULL));" % (lib, s.name, p, args))
    L.append("#endif")
    L.append("\treturn finish(a, %d, rc);" % len(arrays))
    L.append("}")
    return "\n".join(L)


id_of = {}


def driver_text(specs, lib):
    out = []
    out.append("/* Generated by tests/sanitize/gen.py: see it and tests/sanitize/driver.h. */")
    out.append('#include "%s.h"' % lib)
    out.append('#include "driver.h"')
    for i, s in enumerate(specs):
        id_of[s.name] = i
    for s in specs:
        for p in ("f64", "f32"):
            out.append(driver_fn(s, lib, p))
    out.append("const Case cases[] = {")
    for s in specs:
        nsz = len(s.sizes())
        loopdim = s.sizes().index(s.loop) if isinstance(s.loop, str) else -1
        ins = [i for i, (a, d) in enumerate(s.args) if (d == s.loop and s.outs) or (d is None and not s.outs)]
        claim = [i for i, (a, d) in enumerate(s.args) if s.inplace is not None and a in s.inplace]
        ins, claim = ins[:8], [i for i in claim if i in ins[:8]]  # SAN_MAX_INS
        out.append('\t{"%s", run_%d_f64, run_%d_f32, %d, %d, %d, {%s}, %d, {%s}, %d, %d},'
                   % (s.name[:40], id_of[s.name], id_of[s.name], nsz, loopdim, s.nbase,
                      ", ".join(map(str, ins)) or "0", len(ins), ", ".join(map(str, claim)) or "0",
                      len(claim), 1 if s.inplace is not None else 0))
    out.append("};")
    out.append("const size_t ncases = sizeof cases / sizeof cases[0];")
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: gen.py OUTDIR [--seed S] [--randoms N]")
    outdir, seed, randoms = sys.argv[1], 1, 40
    args = sys.argv[2:]
    while args:
        if args[0] == "--seed":
            seed = int(args[1])
        elif args[0] == "--randoms":
            randoms = int(args[1])
        else:
            sys.exit("gen.py: unknown option " + args[0])
        args = args[2:]
    rng = random.Random(seed)
    specs = fixed_specs() + random_specs(rng, randoms)
    with open(outdir + "/san.sym", "w") as f:
        f.write(sym_text(specs))
    with open(outdir + "/san_driver.c", "w") as f:
        f.write(driver_text(specs, "san"))


if __name__ == "__main__":
    main()
