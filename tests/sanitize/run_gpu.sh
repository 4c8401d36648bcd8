#!/bin/sh
# tests/sanitize/run_gpu.sh: the GPU twin of run.sh.  The same generated
# gufuncs and driver (compiled with SAN_GPU) call the GPU entry points
# with exactly sized cudaMalloc arrays under compute-sanitizer's memcheck
# (and racecheck, for the kernels that share memory between threads),
# and compare every result with the CPU fallback's.  Skips (77) without
# nvcc, python3 or a GPU.
#   SAN_BUILD_ONLY=1  build $work/san_gpu and stop (to run it on another
#                     machine: run.sh's GPU part is `$work/san_gpu`)
#   SAN_RANDOMS=N     random definitions besides the fixed shapes (8)
# make check sets the SYMKERN_* variables and CC.
srcdir=${SYMKERN_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
builddir=${SYMKERN_BUILDDIR:-.}
symkern=${SYMKERN_BIN:-$builddir/symkern}
templates=${SYMKERN_TEMPLATES:-$srcdir/templates}
cc=${CC:-cc}
nvcc=${SYMKERN_NVCC:-}
gencode=${SYMKERN_NVCC_GENCODE:-}
work=$builddir/tests/scratch/sanitize-gpu

if [ -z "$nvcc" ] || ! command -v python3 >/dev/null 2>&1; then
	echo "SKIP: no nvcc or no python3"
	exit 77
fi
if [ -z "${SAN_BUILD_ONLY:-}" ] && ! nvidia-smi -L >/dev/null 2>&1; then
	echo "SKIP: no GPU (nvidia-smi -L failed)"
	exit 77
fi
rm -rf "$work" && mkdir -p "$work" || exit 1
python3 "$srcdir/tests/sanitize/gen.py" "$work" --seed "${SAN_SEED:-1}" --randoms "${SAN_RANDOMS:-8}" || exit 1
"$symkern" --templates "$templates" -o "$work" "$work/san.sym" 2>"$work/symkern.err" ||
	{ cat "$work/symkern.err"; exit 1; }
# shellcheck disable=SC2086
{
	$nvcc $gencode -c -o "$work/san_gpu.o" "$work/san.cu" &&
		$nvcc $gencode -DSAN_GPU -I"$work" -I"$srcdir/tests/sanitize" -x cu -c -o "$work/driver_gpu.o" \
			"$srcdir/tests/sanitize/driver.c" &&
		$nvcc $gencode -DSAN_GPU -I"$work" -I"$srcdir/tests/sanitize" -x cu -c -o "$work/san_driver_gpu.o" \
			"$work/san_driver.c" &&
		$cc -std=c99 -O1 -g -c -o "$work/san_cpu.o" "$work/san_cpu.c" &&
		$nvcc $gencode -o "$work/san_gpu" "$work/driver_gpu.o" "$work/san_driver_gpu.o" "$work/san_gpu.o" \
			"$work/san_cpu.o"
} || exit 1
[ -n "${SAN_BUILD_ONLY:-}" ] && exit 0
if command -v compute-sanitizer >/dev/null 2>&1; then
	compute-sanitizer --tool memcheck --error-exitcode=1 --print-limit=20 "$work/san_gpu" || exit 1
	SAN_ONLY=vec_ compute-sanitizer --tool racecheck --error-exitcode=1 --print-limit=20 "$work/san_gpu"
else
	echo "note: no compute-sanitizer: the GPU results are compared, memory errors are not looked for"
	"$work/san_gpu"
fi
