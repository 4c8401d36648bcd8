#!/bin/sh
# tests/f32/f32_ptx.sh: no float32 function of the generated CUDA code executes
# a double-precision instruction (symkern(3), FLOAT32 KERNELS).  Compiles
# each generated .cu (tests/f32/f32_gen.sh) to PTX with the project's nvcc
# flags and scans it with tests/f32/f32_ptx.awk, which names each function and
# instruction that leaked; first it scans tests/f32/f32_leak.cu, whose leaks it
# must find, so that a pass means the scan works.  Skips (77) without nvcc.
# make check sets SYMKERN_NVCC (nvcc and its flags, without -gencode) and
# SYMKERN_NVCC_GENCODE; PTX is made for the last compute_ architecture.
# shellcheck source=tests/f32/f32_gen.sh
. "$(dirname "$0")/f32_gen.sh"

nvcc=${SYMKERN_NVCC:-}
if [ -z "$nvcc" ]; then
	echo "SKIP: no nvcc (configure found none)"
	exit 77
fi
arch=
for g in ${SYMKERN_NVCC_GENCODE:-}; do
	case $g in
	arch=compute_*) arch=${g%%,*}; arch=-arch=${arch#arch=} ;;
	esac
done
work=$builddir/tests/scratch/f32-ptx
f32_sources "$work/src"
mkdir -p "$work/ptx"

# ptx_of SRC OUT: OUT is SRC's PTX.
ptx_of()
{
	# $nvcc is a command and its flags: split on purpose.
	# shellcheck disable=SC2086
	$nvcc $arch -I"$(dirname "$1")" -ptx -o "$2" "$1"
}

status=0
ptx_of "$srcdir/tests/f32/f32_leak.cu" "$work/ptx/leak.ptx" || exit 1
f32_scan ptx "$work/ptx/leak.ptx" > "$work/ptx/leak.txt"
f32_leak_check "$work/ptx/leak.txt" tests/f32/f32_leak.cu
cat "$work/ptx/leak.txt"

checked=0
for cu in "$F32_SRC"/plain/*.cu "$F32_SRC"/fast/*.cu; do
	out=$work/ptx/$(basename "$(dirname "$cu")")-$(basename "$cu" .cu).ptx
	ptx_of "$cu" "$out" || exit 1
	echo "$cu:"
	if ! f32_scan ptx "$out"; then
		echo "FAIL: float32 code of $cu uses double (PTX: $out)"
		status=1
	fi
	checked=$((checked + 1))
done
n=$(grep -c '^\.visible \.entry .*_f32' "$work"/ptx/plain-*.ptx "$work"/ptx/fast-*.ptx | awk -F: '{s += $NF} END {print s}')
echo "$checked files, $n f32 kernels checked"
if [ "$n" -eq 0 ]; then
	echo "FAIL: no f32 kernel found: the names changed?"
	status=1
fi
exit $status
