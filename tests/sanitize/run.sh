#!/bin/sh
# tests/sanitize/run.sh: generated gufunc code at the edges under ASan and
# UBSan on the CPU.  gen.py writes a .sym file of every gufunc shape (the
# longest names, the most arrays and outputs among them) and a driver;
# symkern generates the library; $CC compiles its CPU fallback and the
# driver with -fsanitize=address,undefined (no recovery), and the driver
# calls every gufunc with exactly sized arrays (see driver.c).  Skips (77)
# without python3 or a compiler that has both sanitizers.  make check sets
# the SYMKERN_* variables and CC; SAN_SEED picks other random definitions.
srcdir=${SYMKERN_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
builddir=${SYMKERN_BUILDDIR:-.}
symkern=${SYMKERN_BIN:-$builddir/symkern}
templates=${SYMKERN_TEMPLATES:-$srcdir/templates}
cc=${CC:-cc}
work=$builddir/tests/scratch/sanitize
flags="-std=c99 -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"

if ! command -v python3 >/dev/null 2>&1; then
	echo "SKIP: no python3 to generate the definitions"
	exit 77
fi
rm -rf "$work" && mkdir -p "$work" || exit 1
printf 'int main(void) { return 0; }\n' >"$work/probe.c"
# shellcheck disable=SC2086
if ! $cc $flags -o "$work/probe" "$work/probe.c" >/dev/null 2>&1 || ! "$work/probe"; then
	echo "SKIP: $cc cannot build with $flags"
	exit 77
fi
python3 "$srcdir/tests/sanitize/gen.py" "$work" --seed "${SAN_SEED:-1}" || exit 1
# Unused arguments are part of the shapes tested: their warnings are expected.
"$symkern" --templates "$templates" -o "$work" "$work/san.sym" 2>"$work/symkern.err" ||
	{ cat "$work/symkern.err"; exit 1; }
# shellcheck disable=SC2086
$cc $flags -Wall -Wextra -Werror -I"$work" -I"$srcdir/tests/sanitize" -o "$work/san" \
	"$work/san_cpu.c" "$work/san_driver.c" "$srcdir/tests/sanitize/driver.c" -lm || exit 1
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 "$work/san"
