"""build.py: .sym file -> symkern -> CPU fallback as a shared library -> Python.

symkern is $SYMKERN_BIN, else the one built two folders up (../../symkern
from this file), with the templates of $SYMKERN_TEMPLATES or of the source
tree.  The CPU fallback is compiled as python/README.md tells users to:
$CC -std=c99 -O2 -fPIC -shared -fopenmp, so that the oracle measures what
they get (libmvec in the vectorized loops included).
"""

import os
import re
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SRCDIR = os.environ.get("SYMKERN_SRCDIR") or os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(SRCDIR, "python"))

import symkern  # noqa: E402  (python/symkern.py)


def symkern_bin():
    return os.environ.get("SYMKERN_BIN") or os.path.join(SRCDIR, "symkern")


def templates():
    return os.environ.get("SYMKERN_TEMPLATES") or os.path.join(SRCDIR, "templates")


def run_symkern(sym, outdir, name, extra=()):
    """Run symkern; returns (status, stderr)."""
    cmd = [symkern_bin(), "--templates", templates(), "-n", name, "-o", outdir] + list(extra) + [sym]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return p.returncode, p.stderr


def has_literal():
    """Whether this symkern knows --literal (the rewrites' off switch)."""
    p = subprocess.run([symkern_bin(), "--help"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return "--literal" in p.stdout


def write_sym(path, funcs):
    """funcs: list of (name, argnames, expr); one definition a line."""
    with open(path, "w", encoding="ascii") as f:
        f.write("# Written by tests/oracle: one function a line.\n")
        for name, args, expr in funcs:
            f.write("%s(%s) = %s\n" % (name, ", ".join(args), expr))


def generate(workdir, name, funcs, extra=()):
    """Write NAME.sym and run symkern on it, dropping the definitions that
    symkern refuses (such as a constant that folds out of float's range),
    reported by line.  Returns the functions kept."""
    sym = os.path.join(workdir, name + ".sym")
    funcs = list(funcs)
    for _ in range(5):
        write_sym(sym, funcs)
        rc, err = run_symkern(sym, workdir, name, extra)
        if rc == 0:
            return funcs
        bad = {int(m) - 2 for m in re.findall(r"^[^\n:]*\.sym:(\d+):\d+: error", err, re.M)}
        if not bad:
            raise RuntimeError("symkern failed on %s:\n%s" % (sym, err))
        funcs = [f for i, f in enumerate(funcs) if i not in bad]
    raise RuntimeError("symkern keeps failing on %s:\n%s" % (sym, err))


def compile_cpu(workdir, name, header=False):
    """NAME_cpu.c -> libNAME.so; returns the loaded symkern.Library (with
    its gufuncs, read from NAME.h, if header)."""
    cc = shlex.split(os.environ.get("CC") or "cc")
    so = os.path.join(workdir, "lib%s.so" % name)
    # the vector math as configured (SLEEF: -DSYMKERN_SLEEF, and its
    # library before -lm: templates/cpu.c.m4)
    cmd = cc + ["-std=c99", "-O2", "-fPIC", "-shared", "-fopenmp", "-I", workdir, "-o", so]
    cmd += shlex.split(os.environ.get("SYMKERN_CPU_CPPFLAGS", ""))
    cmd += [os.path.join(workdir, name + "_cpu.c")] + shlex.split(os.environ.get("SYMKERN_CPU_LIBS", "")) + ["-lm"]
    subprocess.run(cmd, check=True)
    return symkern.load(so, header=os.path.join(workdir, name + ".h") if header else None)
