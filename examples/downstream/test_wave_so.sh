#!/bin/sh
# test_wave_so.sh: wave.so, the shared library that symkern.am's .sym.so
# rule builds (for Python), loaded with Python's ctypes (standard library
# only, as symkern's python/symkern.py needs): wave_dist_map_f64_cpu
# against math.hypot, and, in a CUDA build (WAVE_CUDA=yes from make),
# wave_gpu_table present.  Skips (77) without python3.
command -v python3 >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
exec python3 - "${WAVE_SO:-./wave.so}" "${WAVE_CUDA:-no}" <<'PY'
import ctypes, math, sys
lib = ctypes.CDLL(sys.argv[1] if "/" in sys.argv[1] else "./" + sys.argv[1])
D = ctypes.POINTER(ctypes.c_double)
f = lib.wave_dist_map_f64_cpu
f.argtypes = [ctypes.c_size_t, D, ctypes.c_ssize_t, D, ctypes.c_ssize_t, D, ctypes.c_ssize_t]
n = 100
x = (ctypes.c_double * n)(*[i / 7.0 - 5 for i in range(n)])
y = (ctypes.c_double * n)(*[3.0 - i / 11.0 for i in range(n)])
out = (ctypes.c_double * n)()
rc = f(n, x, 1, y, 1, out, 1)
err = max(abs(out[i] - math.hypot(x[i], y[i])) for i in range(n))
print("wave.so: wave_dist_map_f64_cpu status %d, max error %.3g" % (rc, err))
ok = rc == 0 and err <= 1e-14
try:
    ctypes.c_void_p.in_dll(lib, "wave_gpu_table")
    gpu = True
except ValueError:
    gpu = False
print("wave_gpu_table %s (CUDA build: %s)" % ("present" if gpu else "absent", sys.argv[2]))
ok = ok and gpu == (sys.argv[2] == "yes")
sys.exit(0 if ok else 1)
PY
