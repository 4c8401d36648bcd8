"""Tests of python/symkern.py, run by tests/shell/python.sh from make check.

Needs NumPy; the round trip through the generator needs SymPy and the
environment of make check (SYMKERN_BIN, SYMKERN_TEMPLATES, CC).  The
libraries python/libseeds.so and python/libgufuncs.so are built by make
check in the build folder (SYMKERN_BUILDDIR)."""

import math
import os
import shlex
import subprocess
import tempfile
import unittest

import numpy as np

import symkern

HERE = os.path.dirname(os.path.abspath(__file__))
SRCDIR = os.environ.get("SYMKERN_SRCDIR", os.path.dirname(HERE))
BUILDDIR = os.environ.get("SYMKERN_BUILDDIR", os.path.dirname(HERE))

try:
    import sympy
except ImportError:  # pragma: no cover
    sympy = None


def gauss(x, mu, sigma):
    return np.exp(-(x - mu) ** 2 / (2 * sigma ** 2)) / (sigma * math.sqrt(2 * math.pi))


class SeedsMap(unittest.TestCase):
    """The map functions of generated/seeds (CPU fallback)."""

    @classmethod
    def setUpClass(cls):
        cls.lib = symkern.load(os.path.join(BUILDDIR, "python", "libseeds.so"))

    def test_table(self):
        self.assertEqual(list(self.lib.functions),
                         ["siny", "gauss", "gauss01", "logistic", "softplus", "ramp", "cubic",
                          "rosenbrock"])
        self.assertEqual(self.lib.gauss.args, ("x", "mu", "sigma"))
        self.assertFalse(self.lib.has_gpu)

    def test_gauss_f64_broadcast(self):
        x = np.linspace(-5, 5, 1001)
        y = self.lib.gauss(x, 0.5, 1.5)  # mu and sigma: increment 0
        self.assertEqual(y.dtype, np.float64)
        self.assertEqual(y.shape, x.shape)
        np.testing.assert_allclose(y, gauss(x, 0.5, 1.5), rtol=1e-14, atol=1e-300)
        # A 1-element array broadcasts too, and all three may be arrays.
        mu = np.linspace(-1, 1, 1001)
        sig = np.linspace(0.5, 2, 1001)
        np.testing.assert_allclose(self.lib.gauss(x, mu, np.array([2.0])), gauss(x, mu, 2.0),
                                   rtol=1e-14)
        np.testing.assert_allclose(self.lib.gauss(x, mu, sig), gauss(x, mu, sig), rtol=1e-14)

    def test_scalar_call(self):
        v = self.lib.gauss01(0.0)
        self.assertAlmostEqual(float(v), 1 / math.sqrt(2 * math.pi), places=15)
        self.assertAlmostEqual(float(self.lib.rosenbrock(1.0, 1.0)), 0.0)
        self.assertAlmostEqual(float(self.lib.rosenbrock(0.0, 1.0)), 101.0)

    def test_strides(self):
        base = np.linspace(-3, 3, 300)
        for view in (base[::3], base[::-1], base[250:10:-7]):
            np.testing.assert_allclose(self.lib.logistic(view), 1 / (1 + np.exp(-view)),
                                       rtol=1e-15)
        out = np.full(200, -7.0)
        r = self.lib.siny(base[:100], out=out[::2])  # strided output
        np.testing.assert_allclose(out[::2], np.sin(base[:100]), rtol=1e-15, atol=1e-16)
        self.assertTrue(np.all(out[1::2] == -7.0), "elements between the strided outputs kept")
        self.assertTrue(np.shares_memory(r, out))
        # Exactly in place is allowed.
        a = base.copy()
        self.lib.siny(a, out=a)
        np.testing.assert_allclose(a, np.sin(base), rtol=1e-15, atol=1e-16)

    def test_piecewise(self):
        x = np.array([-2.0, -0.0, 0.25, 0.999, 1.0, 7.0])
        np.testing.assert_array_equal(self.lib.ramp(x), np.clip(x, 0, 1))

    def test_dtype_selects_precision(self):
        x = np.linspace(-4, 4, 513)
        y32 = self.lib.softplus(x.astype(np.float32))
        self.assertEqual(y32.dtype, np.float32)
        ref = np.log1p(np.exp(x))
        np.testing.assert_allclose(y32, ref, rtol=1e-5)  # log(1 + t) in float
        y64 = self.lib.softplus(x)
        self.assertEqual(y64.dtype, np.float64)
        np.testing.assert_allclose(y64, ref, rtol=1e-14)
        # f32 really computed in float: not the rounded double everywhere.
        self.assertFalse(np.array_equal(y32.astype(np.float64), y64))
        # A float64 array among the arguments makes it double.
        self.assertEqual(self.lib.gauss(x.astype(np.float32), 0.0, x).dtype, np.float64)
        # An out array gives the precision.
        o = np.empty(513, np.float32)
        self.lib.cubic(x, out=o)
        np.testing.assert_allclose(o, x ** 3 / 3 - 2.5 * x + math.pi, rtol=1e-5, atol=1e-5)
        with self.assertRaises(TypeError):
            self.lib.cubic(x.astype(np.float32), out=np.empty(513, np.int64))

    def test_errors(self):
        x = np.linspace(0, 1, 100)
        # Output shifted by one element over its input: EOVERLAP (-3).
        with self.assertRaises(symkern.SymkernError) as cm:
            self.lib.siny(x[:-1], out=x[1:])
        self.assertEqual(cm.exception.code, -3)
        self.assertEqual(cm.exception.name, "EOVERLAP")
        # An output of increment 0: EINC (-2).
        o = np.lib.stride_tricks.as_strided(np.empty(1), shape=(10,), strides=(0,), writeable=True)
        with self.assertRaises(symkern.SymkernError) as cm:
            self.lib.siny(x[:10], out=o)
        self.assertEqual(cm.exception.code, -2)
        with self.assertRaises(ValueError):
            self.lib.rosenbrock(x, x[:50])
        with self.assertRaises(TypeError):
            self.lib.gauss(x, 0.0)
        with self.assertRaises(ValueError):
            self.lib.siny(np.ones((3, 3)))


class Gufuncs(unittest.TestCase):
    """Gufuncs of tests/sym/gufuncs.sym, prototypes from the generated header."""

    @classmethod
    def setUpClass(cls):
        cls.lib = symkern.load(os.path.join(BUILDDIR, "python", "libgufuncs.so"),
                               header=os.path.join(BUILDDIR, "tests", "sym", "gufuncs.h"))

    def test_found(self):
        for g in ("hermite", "norm2", "polyval", "mean", "cumsum", "normalize", "expseries"):
            self.assertIn(g, self.lib.gufuncs)
        self.assertEqual(self.lib.polyval.signature, "(n),()->()")

    def test_hermite(self):
        x = np.linspace(-2, 2, 9)
        he = self.lib.hermite(x, n=5)
        self.assertEqual(he.shape, (9, 5))
        h = [np.ones_like(x), x]
        for k in range(2, 5):
            h.append(x * h[k - 1] - (k - 1) * h[k - 2])
        ref = np.stack([h[k] / math.sqrt(math.factorial(k)) for k in range(5)], axis=1)
        np.testing.assert_allclose(he, ref, rtol=1e-14, atol=1e-14)
        # Column layout through a transposed output.
        out = np.empty((5, 9)).T
        self.lib.hermite(x, out=out)
        np.testing.assert_allclose(out, ref, rtol=1e-14, atol=1e-14)
        with self.assertRaises(TypeError):
            self.lib.hermite(x)  # n cannot be inferred

    def test_reductions_layouts(self):
        rng = np.random.default_rng(6)
        a = rng.standard_normal((7, 33))
        np.testing.assert_allclose(self.lib.norm2(a), np.linalg.norm(a, axis=1), rtol=1e-14)
        np.testing.assert_allclose(self.lib.norm2(np.asfortranarray(a)),
                                   np.linalg.norm(a, axis=1), rtol=1e-14)
        np.testing.assert_allclose(self.lib.mean(a[:, ::-2]), a[:, ::-2].mean(axis=1),
                                   rtol=1e-13)
        self.assertAlmostEqual(float(self.lib.norm2(np.array([3.0, 4.0]))), 5.0)
        c = np.array([1.0, -2.0, 0.5])
        x = np.linspace(-1, 1, 11)
        np.testing.assert_allclose(self.lib.polyval(c, x), np.polyval(c[::-1], x), rtol=1e-14,
                                   atol=1e-15)
        r32 = self.lib.polyval(c.astype(np.float32), x.astype(np.float32))
        self.assertEqual(r32.dtype, np.float32)
        np.testing.assert_allclose(r32, np.polyval(c[::-1], x), rtol=1e-5, atol=1e-6)

    def test_vector_to_vector(self):
        v = np.arange(40.0).reshape(4, 10)
        np.testing.assert_allclose(self.lib.cumsum(v), np.cumsum(v, axis=1))
        np.testing.assert_allclose(self.lib.cumsum(v.T.copy().T), np.cumsum(v, axis=1))
        u = self.lib.normalize(v + 1)
        np.testing.assert_allclose(np.linalg.norm(u, axis=1), 1.0, rtol=1e-14)
        # Exactly in place where each step reads only what it writes
        # (symkern(3), In place); refused where a step reads an element
        # the step before wrote.
        w = v.copy()
        self.lib.cumsum(w, out=w)
        np.testing.assert_allclose(w, np.cumsum(v, axis=1))
        with self.assertRaises(symkern.SymkernError) as cm:
            self.lib.lagdiff(w, out=w)
        self.assertEqual(cm.exception.name, "EOVERLAP")
        with self.assertRaises(ValueError):
            self.lib.cumsum(v, out=np.empty((4, 9)))


class _FakeDevice:
    """A host array behind __cuda_array_interface__: only for calls that
    the argument checks refuse before any CUDA call."""

    def __init__(self, a, stream=None):
        self.a = a
        self.__cuda_array_interface__ = {
            "shape": a.shape, "typestr": a.dtype.str, "strides": a.strides, "version": 3,
            "data": (a.__array_interface__["data"][0], False), "stream": stream}


def _cuda_so(name):
    """A CUDA build that make check made (where configure found nvcc), or
    $SYMKERN_CUDA_SO for seeds."""
    path = os.path.join(BUILDDIR, "python", "lib%s_cuda.so" % name)
    if name == "seeds" and os.environ.get("SYMKERN_CUDA_SO"):
        path = os.environ["SYMKERN_CUDA_SO"]
    return path if os.path.exists(path) else None


@unittest.skipUnless(_cuda_so("seeds"),
                     "no python/libseeds_cuda.so (make check builds it where configure found nvcc; "
                     "or set SYMKERN_CUDA_SO)")
class GpuDispatch(unittest.TestCase):
    """Device arrays go to seeds_gpu_table, with the interface's stream."""

    def test_dispatch(self):
        lib = symkern.load(_cuda_so("seeds"))
        self.assertTrue(lib.has_gpu)
        calls = []
        f = lib.siny
        real = f._gpu["float32"]
        f._gpu["float32"] = lambda *a: calls.append(a) or real(*a)
        x = np.linspace(0, 1, 10, dtype=np.float32)
        o = np.lib.stride_tricks.as_strided(np.empty(1, np.float32), shape=(10,), strides=(0,),
                                            writeable=True)
        with self.assertRaises(symkern.SymkernError) as cm:
            f(_FakeDevice(x, stream=12345), out=_FakeDevice(o))
        self.assertEqual(cm.exception.name, "EINC")  # refused before any CUDA call
        self.assertEqual(len(calls), 1)
        self.assertEqual(calls[0][0], 10)
        self.assertEqual(calls[0][4], 0)         # inc_out
        self.assertEqual(calls[0][5], 12345)     # the stream of the interface
        # The CPU path did not change.
        np.testing.assert_allclose(f(x), np.sin(x), rtol=1e-6)


@unittest.skipUnless(_cuda_so("gufuncs"),
                     "no python/libgufuncs_cuda.so (make check builds it where configure found nvcc)")
class GpuGufuncDispatch(unittest.TestCase):
    """Device arrays reach the real GPU gufuncs of the CUDA build, whose
    argument checks run before any CUDA call (so no GPU is needed)."""

    def test_dispatch(self):
        lib = symkern.load(_cuda_so("gufuncs"), header=os.path.join(BUILDDIR, "tests", "sym", "gufuncs.h"))
        self.assertTrue(lib.has_gpu)
        for g in lib.gufuncs.values():
            self.assertEqual(sorted(g._gpu), ["float32", "float64"], g.__name__)
            self.assertIn("CPU and GPU", g.__doc__)
        calls = []
        real = lib.lagdiff._gpu["float64"]
        lib.lagdiff._gpu["float64"] = lambda *a: calls.append(a) or real(*a)
        v = np.arange(12.0).reshape(3, 4)
        with self.assertRaises(symkern.SymkernError) as cm:  # lagdiff reads v[i-1]: not in place
            lib.lagdiff(_FakeDevice(v, stream=777), out=_FakeDevice(v))
        self.assertEqual(cm.exception.name, "EOVERLAP")
        self.assertEqual(len(calls), 1)
        self.assertEqual([c.value for c in calls[0][:5]], [3, 4, v.ctypes.data, 4, 1])
        self.assertEqual(calls[0][-1].value, 777)  # the stream of the interface
        # batch 0: nothing to do, OK without touching the device.
        e = np.empty((0, 5))
        o = np.empty(0)
        lib.norm2(_FakeDevice(e), out=_FakeDevice(o))
        # Columns: the element increment is the batch length.
        real32 = lib.norm2._gpu["float32"]
        lib.norm2._gpu["float32"] = lambda *a: calls.append(a) or real32(*a)
        w = np.asfortranarray(np.ones((6, 5), np.float32))
        with self.assertRaises(symkern.SymkernError):
            lib.norm2(_FakeDevice(w), out=_FakeDevice(w[:, 0]))  # out inside w: EOVERLAP
        self.assertEqual([c.value for c in calls[-1][:5]], [6, 5, w.ctypes.data, 1, 6])


class _FakeCupyArray:
    """A NumPy array posing as a CuPy array (module name 'cupy',
    __cuda_array_interface__ with host addresses): lets the GPU path run
    on the CPU when the GPU functions are replaced by the CPU ones."""
    __module__ = "cupy"

    def __init__(self, a, stream=None):
        self.a = a
        self.stream = stream

    @property
    def __cuda_array_interface__(self):
        a = self.a
        return {"shape": a.shape, "typestr": a.dtype.str, "strides": a.strides, "version": 3,
                "data": (a.__array_interface__["data"][0], False), "stream": self.stream}

    shape = property(lambda self: self.a.shape)
    dtype = property(lambda self: self.a.dtype)
    ndim = property(lambda self: self.a.ndim)
    T = property(lambda self: _FakeCupyArray(self.a.T, self.stream))

    def __getitem__(self, i):
        return _FakeCupyArray(self.a[i], self.stream)


def _fake_cupy():
    """A module named cupy over _FakeCupyArray, enough for gpu_check.py."""
    import types
    cp = types.ModuleType("cupy")
    current = [None]

    class Stream:
        def __init__(self, non_blocking=False):
            self.ptr = 0x5eed

        def __enter__(self):
            current[0] = self.ptr

        def __exit__(self, *exc):
            current[0] = None

        def synchronize(self):
            pass

    def wrap(a):
        return _FakeCupyArray(a, current[0])
    cp.nan = np.nan
    cp.asarray = lambda x, dtype=None: x if isinstance(x, _FakeCupyArray) else wrap(np.array(x, dtype=dtype))
    cp.asfortranarray = lambda d: wrap(np.asfortranarray(d.a))
    cp.full = lambda shape, v, dtype=None: wrap(np.full(shape, v, dtype=dtype))
    cp.zeros = lambda shape, dtype=np.float64: wrap(np.zeros(shape, dtype=dtype))
    cp.empty = lambda shape, dtype=np.float64: wrap(np.full(shape, np.nan, dtype=dtype))
    cp.asnumpy = lambda d: d.a.copy() if isinstance(d, _FakeCupyArray) else np.asarray(d)
    cp.cuda = types.SimpleNamespace(
        Stream=Stream, runtime=types.SimpleNamespace(getDeviceCount=lambda: 1),
        Device=lambda: types.SimpleNamespace(synchronize=lambda: None))
    return cp


class GpuCheckDryRun(unittest.TestCase):
    """python/gpu_check.py, which only a GPU machine runs for real, here
    with a NumPy stand-in for CuPy and the GPU functions replaced by the
    CPU ones (each call's stream recorded): every layout of the GPU path of
    symkern.py and the script itself run, and must agree with the CPU."""

    def test_dry_run(self):
        import importlib
        import sys
        real_load = symkern.load
        streams = []

        def forward(cpu):
            def gpu(*args):
                streams.append(args[-1].value if hasattr(args[-1], "value") else args[-1])
                return cpu(*args[:-1]) if hasattr(cpu, "argtypes") else cpu(*args)
            return gpu

        def fake_load(path, name=None, header=None):
            lib = real_load(path, name=name, header=header)
            for f in lib.functions.values():
                f._gpu = dict(f._cpu)  # the _argv functions ignore the stream
            lib.has_gpu = True
            for g in lib.gufuncs.values():
                self.assertEqual(g._gpu, {}, "a CPU build has no GPU gufuncs")
                g._gpu = {dt: forward(fn) for dt, fn in g._fns.items()}
            return lib
        saved = sys.modules.get("cupy")
        sys.modules["cupy"] = _fake_cupy()
        symkern.load = fake_load
        try:
            gpu_check = importlib.import_module("gpu_check")
            sys.argv[1:] = [os.path.join(BUILDDIR, "python", "libseeds.so"), "--gufuncs",
                            os.path.join(BUILDDIR, "python", "libgufuncs.so"),
                            os.path.join(BUILDDIR, "tests", "sym", "gufuncs.h")]
            rc = gpu_check.main()
        finally:
            symkern.load = real_load
            del sys.argv[1:]
            if saved is None:
                del sys.modules["cupy"]
            else:
                sys.modules["cupy"] = saved
        self.assertEqual(rc, 0)
        self.assertIn(0x5eed, streams, "the stream of the interface reached the GPU function")
        self.assertGreater(len(streams), 1000)


class WriteSym(unittest.TestCase):
    def test_validation(self):
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "bad.sym")
            for funcs in ({"1f": (("x",), "x")}, {"f-g": (("x",), "x")},
                          {"f": (("x y",), "x")}, {"f": (("x", "x"), "x")},
                          {"privf": (("x",), "x")}, {"f": (("x",), "x\n+1")},
                          {"f": "x"}):
                with self.assertRaises(ValueError, msg=repr(funcs)):
                    symkern.write_sym(funcs, p)
            text = symkern.write_sym({"f": (("x", "y"), "x*y + 1")}, p)
            self.assertIn("f(x, y) = x*y + 1\n", text)
            with open(p) as f:
                self.assertEqual(f.read(), text)

    @unittest.skipIf(sympy is None, "SymPy is not installed")
    @unittest.skipUnless(os.environ.get("SYMKERN_BIN") and os.environ.get("CC"),
                         "run from make check (SYMKERN_BIN, CC)")
    def test_round_trip(self):
        x, mu, sigma, y = sympy.symbols("x mu sigma y", real=True)
        funcs = {
            "gauss": ((x, mu, sigma),
                      sympy.exp(-(x - mu) ** 2 / (2 * sigma ** 2)) / (sigma * sympy.sqrt(2 * sympy.pi))),
            "third": ((x,), sympy.Rational(1, 3) * x ** 3 - sympy.Rational(5, 2) * x),
            "ex": ((x,), sympy.E ** x - sympy.E),
            "clamp": ((x, y), sympy.Piecewise((0, x < 0), (x * y, x < 1), (y, True))),
            "logsum": ((x, y), sympy.log(1 + sympy.exp(x)) + sympy.atan2(y, x)),
        }
        with tempfile.TemporaryDirectory() as d:
            sym = os.path.join(d, "rt.sym")
            symkern.write_sym(funcs, sym)
            subprocess.run([os.environ["SYMKERN_BIN"], "--templates",
                            os.environ["SYMKERN_TEMPLATES"], "-o", d, sym], check=True)
            so = os.path.join(d, "librt.so")
            cmd = shlex.split(os.environ["CC"]) + ["-std=c99", "-O2", "-fPIC", "-shared",
                                                  "-fopenmp", os.path.join(d, "rt_cpu.c"),
                                                  "-o", so, "-lm"]
            subprocess.run(cmd, check=True)
            lib = symkern.load(so)
            self.assertEqual(list(lib.functions), list(funcs))
            rng = np.random.default_rng(1)
            pts = {"x": rng.uniform(-3, 3, 200), "y": rng.uniform(-2, 2, 200),
                   "mu": rng.uniform(-1, 1, 200), "sigma": rng.uniform(0.3, 2, 200)}
            pts["x"][:4] = [-0.5, 0.0, 0.5, 1.0]  # every branch of clamp
            for name, (args, expr) in funcs.items():
                f = sympy.lambdify(args, expr, modules="math")
                ins = [pts[str(a)] for a in args]
                got = lib.functions[name](*ins)
                ref = np.array([f(*[float(v[i]) for v in ins]) for i in range(200)])
                np.testing.assert_allclose(got, ref, rtol=1e-13, atol=1e-14, err_msg=name)
                got32 = lib.functions[name](*[v.astype(np.float32) for v in ins])
                self.assertEqual(got32.dtype, np.float32)
                np.testing.assert_allclose(got32, ref, rtol=1e-4, atol=1e-5, err_msg=name)


    def test_vector_validation(self):
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "bad.sym")
            text = symkern.write_sym({"g": (("v[n]", "x"), "Sum(v[k]*x, (k, 0, n - 1))")}, p)
            self.assertIn("g(v[n], x) = Sum(v[k]*x, (k, 0, n - 1))\n", text)
            for funcs in ({"g": (("v[n",), "x")}, {"g": (("v[0]",), "1")},
                          {"g": (("x",), symkern.Sequences("s", [("s[0]", "x")]))}):
                with self.assertRaises(ValueError, msg=repr(funcs)):
                    symkern.write_sym(funcs, p)

    @unittest.skipIf(sympy is None, "SymPy is not installed")
    def test_vector_sympy_validation(self):
        with self.assertRaises(ValueError):
            symkern.Vector("v", 0)
        with self.assertRaises(ValueError):
            symkern.Vector("v", "n m")
        with self.assertRaises(ValueError):  # an IndexedBase without a size as argument
            symkern.write_sym({"g": ((sympy.IndexedBase("v"),), "1")}, os.devnull)
        v = symkern.Vector("v", "n")
        self.assertEqual(str(v[sympy.Symbol("k") - 1]), "v[k - 1]")  # SymPy prints Indexed so
        self.assertEqual(v.shape[0], sympy.Symbol("n", integer=True))

    @unittest.skipIf(sympy is None, "SymPy is not installed")
    @unittest.skipUnless(os.environ.get("SYMKERN_BIN") and os.environ.get("CC"),
                         "run from make check (SYMKERN_BIN, CC)")
    def test_gufunc_round_trip(self):
        """Reductions (Sum, Product, nested Sums given as one Sum of two
        limits) and sequences (Sequences, fixed and run-time sizes, two
        results) from SymPy, generated, built and called against NumPy."""
        S = sympy
        x = S.Symbol("x", real=True)
        k, i, j = S.symbols("k i j", integer=True)
        v, c = symkern.Vector("v", "n"), symkern.Vector("c", "n")
        w = symkern.Vector("w", "m")
        n, m = v.shape[0], w.shape[0]
        he, s, p, q = (symkern.Vector(a, "n") for a in ("he", "s", "p", "q"))
        e = symkern.Vector("e", 6)
        h = S.IndexedBase("h")
        funcs = {
            "norm2": ((v,), S.sqrt(S.Sum(v[k] ** 2, (k, 0, n - 1)))),
            "polyval": ((c, x), S.Sum(c[k] * x ** k, (k, 0, n - 1))),
            "mean": ((v,), S.Sum(v[k], (k, 0, n - 1)) / n),
            "prodpoly": ((c, x), S.Product(1 + c[k] * x ** k, (k, 0, n - 1))),
            "dot2": ((v, w), S.Sum(v[i] * w[j], (j, 0, m - 1), (i, 0, n - 1))),
            "hermite": ((x,), symkern.Sequences(he, [
                (h[0], 1), (h[1], x), S.Eq(h[k], x * h[k - 1] - (k - 1) * h[k - 2]),
                (he[k], h[k] / S.sqrt(S.factorial(k)))])),
            "cumsum": ((v,), symkern.Sequences(s, [(s[0], v[0]), (s[k], s[k - 1] + v[k])])),
            "expseries": ((x,), symkern.Sequences(e, [(e[0], 1),
                                                     (e[k], e[k - 1] + x ** k / S.factorial(k))])),
            "powers": ((x,), symkern.Sequences([p, q], [(p[0], 1), (p[k], x * p[k - 1]),
                                                        (q[k], (k + 1) * p[k])])),
        }
        with tempfile.TemporaryDirectory() as d:
            sym = os.path.join(d, "gurt.sym")
            text = symkern.write_sym(funcs, sym)
            self.assertIn("dot2(v[n], w[m]) = Sum(Sum(v[i]*w[j], (j, 0, m - 1)), (i, 0, n - 1))",
                          text)
            self.assertIn("powers(x) -> p[n], q[n]:\n    p[0] = 1\n", text)
            subprocess.run([os.environ["SYMKERN_BIN"], "--templates",
                            os.environ["SYMKERN_TEMPLATES"], "-o", d, sym], check=True)
            so = os.path.join(d, "libgurt.so")
            cmd = shlex.split(os.environ["CC"]) + ["-std=c99", "-O2", "-fPIC", "-shared",
                                                  "-fopenmp", os.path.join(d, "gurt_cpu.c"),
                                                  "-o", so, "-lm"]
            subprocess.run(cmd, check=True)
            lib = symkern.load(so, header=os.path.join(d, "gurt.h"))
        self.assertEqual(sorted(lib.gufuncs), sorted(funcs))
        self.assertEqual(lib.dot2.signature, "(n),(m)->()")
        self.assertEqual(lib.powers.signature, "()->(n),(n)")
        rng = np.random.default_rng(5)
        a = rng.uniform(0.1, 1, (6, 9))
        b = rng.uniform(-1, 1, (6, 4))
        xs = rng.uniform(-1, 1, 6)
        tol = dict(rtol=1e-13, atol=1e-14)
        np.testing.assert_allclose(lib.norm2(a), np.linalg.norm(a, axis=1), **tol)
        np.testing.assert_allclose(lib.mean(np.asfortranarray(a)), a.mean(axis=1), **tol)
        np.testing.assert_allclose(lib.polyval(a, xs),
                                   [np.polyval(r[::-1], t) for r, t in zip(a, xs)], **tol)
        np.testing.assert_allclose(lib.prodpoly(a[0], xs),
                                   [np.prod(1 + a[0] * t ** np.arange(9)) for t in xs], **tol)
        np.testing.assert_allclose(lib.dot2(a, b), a.sum(axis=1) * b.sum(axis=1), **tol)
        hr = [np.ones(6), xs]
        for t in range(2, 7):
            hr.append(xs * hr[t - 1] - (t - 1) * hr[t - 2])
        np.testing.assert_allclose(lib.hermite(xs, n=7), np.stack(
            [hr[t] / math.sqrt(math.factorial(t)) for t in range(7)], axis=1), **tol)
        np.testing.assert_allclose(lib.cumsum(a), np.cumsum(a, axis=1), **tol)
        np.testing.assert_allclose(lib.expseries(xs), np.cumsum(
            [xs ** t / math.factorial(t) for t in range(6)], axis=0).T, **tol)
        pw, qw = lib.powers(xs, n=5)
        np.testing.assert_allclose(pw, xs[:, None] ** np.arange(5), **tol)
        np.testing.assert_allclose(qw, (np.arange(5) + 1) * xs[:, None] ** np.arange(5), **tol)


if __name__ == "__main__":
    unittest.main()
