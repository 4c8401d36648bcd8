#!/bin/sh
# tests/f32/f32_cpu.sh: the generated CPU fallbacks keep float32 code in float32
# (symkern(3), FLOAT32 KERNELS).  Compiles each generated _cpu.c (tests/
# f32_gen.sh) with $CC, -Werror=double-promotion -Werror=float-conversion and
# OpenMP (whose loops call libmvec), and, on x86-64 with objdump, scans the
# object with tests/f32/f32_cpu.awk for double instructions and double math
# calls in f32 functions.  First it checks tests/f32/f32_leak.c, which the
# flags must reject and whose leaks the scan must find, so that a pass
# means both work.  make check sets CC, SYMKERN_OPENMP_CFLAGS and
# SYMKERN_CPU_CPPFLAGS.
# shellcheck source=tests/f32/f32_gen.sh
. "$(dirname "$0")/f32_gen.sh"

cc=${CC:-cc}
omp=${SYMKERN_OPENMP_CFLAGS-}
objdump=${OBJDUMP:-objdump}
flags="-std=c99 -O2 -Werror=double-promotion -Werror=float-conversion"
# with SLEEF as configured (-DSYMKERN_SLEEF: NAME_cpu.c's own vector
# functions, whose float ones the scan follows from the f32 loops)
cpu_cppflags=${SYMKERN_CPU_CPPFLAGS-}
work=$builddir/tests/scratch/f32-cpu
f32_sources "$work/src"
mkdir -p "$work/obj"
scan=yes
case $($cc -dumpmachine 2>/dev/null) in
x86_64-* | amd64-*) ;;
*) scan=no; echo "note: not x86-64: compiler flags only, no scan of the objects" ;;
esac
if [ $scan = yes ] && ! command -v "$objdump" >/dev/null 2>&1; then
	scan=no
	echo "note: no $objdump: compiler flags only, no scan of the objects"
fi

status=0
# The flags and the scan must catch tests/f32/f32_leak.c.
# shellcheck disable=SC2086
if $cc $flags -c -o "$work/obj/leak.o" "$srcdir/tests/f32/f32_leak.c" 2>"$work/obj/leak.err" ||
	! grep -q 'double-promotion' "$work/obj/leak.err"; then
	echo "FAIL: $flags did not reject tests/f32/f32_leak.c for its double promotions"
	status=1
fi
if [ $scan = yes ]; then
	$cc -std=c99 -O2 -c -o "$work/obj/leak.o" "$srcdir/tests/f32/f32_leak.c" || exit 1
	"$objdump" -dr --no-show-raw-insn "$work/obj/leak.o" > "$work/obj/leak.dis" || exit 1
	f32_scan cpu "$work/obj/leak.dis" > "$work/obj/leak.txt"
	cat "$work/obj/leak.txt"
	f32_leak_check "$work/obj/leak.txt" tests/f32/f32_leak.c
fi

checked=0
for c in "$F32_SRC"/plain/*_cpu.c "$F32_SRC"/fast/*_cpu.c; do
	o=$work/obj/$(basename "$(dirname "$c")")-$(basename "$c" .c).o
	# shellcheck disable=SC2086
	if ! $cc $flags $cpu_cppflags $omp -I"$(dirname "$c")" -c -o "$o" "$c"; then
		echo "FAIL: $c: float32 code promoted to double (or another warning)"
		status=1
		continue
	fi
	checked=$((checked + 1))
	[ $scan = yes ] || continue
	"$objdump" -dr --no-show-raw-insn "$o" > "${o%.o}.dis" || exit 1
	n=$(grep -c '^[0-9a-f]* <[^>]*_f32[^>]*>:$' "${o%.o}.dis")
	echo "$c: $n f32 functions"
	if [ "$n" -eq 0 ] || ! f32_scan cpu "${o%.o}.dis"; then
		echo "FAIL: float32 code of $c uses double, or has no f32 function (${o%.o}.dis)"
		status=1
	fi
done
echo "$checked files compiled with $flags $omp"
exit $status
