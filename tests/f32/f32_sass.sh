#!/bin/sh
# tests/f32/f32_sass.sh: no float32 function of the generated CUDA code runs a
# double-precision instruction, checked on the machine code (SASS) that
# cuobjdump shows: DADD, DMUL, DFMA, F2F.F64 and the rest (tests/
# f32_sass.awk; symkern(3), FLOAT32 KERNELS).  tests/f32/f32_ptx.sh checks the
# same on PTX wherever nvcc is; this one needs cuobjdump, which a minimal
# CUDA toolkit lacks: it skips (77) without.  First it checks tests/
# f32_leak.cu, whose leaks it must find.
#
# make check sets SYMKERN_NVCC and SYMKERN_NVCC_GENCODE; run by hand, it
# takes nvcc and cuobjdump from PATH or /usr/local/cuda/bin and compiles for
# sm_90 (SYMKERN_NVCC_GENCODE='-arch=sm_XX' for another GPU), generating the
# sources with ./symkern (SYMKERN_BIN) and m4.  Where either is missing,
# generate them elsewhere and pass them in:
#   here:  sh tests/f32/f32_ptx.sh    (leaves tests/scratch/f32-ptx/src)
#   there: SYMKERN_F32_SOURCES=tests/scratch/f32-ptx/src sh tests/f32/f32_sass.sh
# shellcheck source=tests/f32/f32_gen.sh
. "$(dirname "$0")/f32_gen.sh"

cuda_bin=/usr/local/cuda/bin
nvcc=${SYMKERN_NVCC:-}
if [ -z "$nvcc" ]; then
	if command -v nvcc >/dev/null 2>&1; then
		nvcc="nvcc -O3 -std=c++17"
	elif [ -x $cuda_bin/nvcc ]; then
		nvcc="$cuda_bin/nvcc -O3 -std=c++17"
	else
		echo "SKIP: no nvcc"
		exit 77
	fi
fi
cuobjdump=${CUOBJDUMP:-cuobjdump}
if ! command -v "$cuobjdump" >/dev/null 2>&1; then
	cuobjdump=$(dirname "${nvcc%% *}")/cuobjdump
	[ -x "$cuobjdump" ] || cuobjdump=$cuda_bin/cuobjdump
	if [ ! -x "$cuobjdump" ]; then
		echo "SKIP: no cuobjdump (a minimal CUDA toolkit has none; tests/f32/f32_ptx.sh checks the PTX)"
		exit 77
	fi
fi
gencode=${SYMKERN_NVCC_GENCODE:--arch=sm_90}
work=$builddir/tests/scratch/f32-sass
f32_sources "$work/src"
mkdir -p "$work/sass"

# sass_of SRC OUT: OUT is cuobjdump's SASS of SRC compiled with $gencode.
sass_of()
{
	# $nvcc and $gencode are commands and flags: split on purpose.
	# shellcheck disable=SC2086
	$nvcc $gencode -I"$(dirname "$1")" -c -o "${2%.sass}.o" "$1" &&
		"$cuobjdump" -sass "${2%.sass}.o" > "$2"
}

status=0
sass_of "$srcdir/tests/f32/f32_leak.cu" "$work/sass/leak.sass" || exit 1
f32_scan sass "$work/sass/leak.sass" > "$work/sass/leak.txt"
cat "$work/sass/leak.txt"
f32_leak_check "$work/sass/leak.txt" tests/f32/f32_leak.cu

checked=0
for cu in "$F32_SRC"/plain/*.cu "$F32_SRC"/fast/*.cu; do
	out=$work/sass/$(basename "$(dirname "$cu")")-$(basename "$cu" .cu).sass
	sass_of "$cu" "$out" || exit 1
	n=$(grep -c 'Function : .*_f32' "$out")
	echo "$cu: $n f32 functions"
	if [ "$n" -eq 0 ] || ! f32_scan sass "$out"; then
		echo "FAIL: float32 code of $cu uses double, or has no f32 function ($out)"
		status=1
	fi
	checked=$((checked + 1))
done
echo "$checked files checked"
exit $status
