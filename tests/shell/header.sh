#!/bin/sh
# tests/shell/header.sh: the generated header is valid C99 and C++11, 14 and 17
# (symkern(3): "C99 and later, C++"), with -pedantic -Wall -Wextra -Werror,
# for every bundled .sym file (and funcs.sym with --fast-math, whose header
# differs): g++ compiles a .cpp and $CC a C99 .c that include it; no
# output of those holds an unexpanded template macro; and two headers
# compile in one translation unit, leaving no macro of the runtime.  Skips
# (77) without g++, after the C checks.  make check sets the SYMKERN_*
# variables and CC.
srcdir=${SYMKERN_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
builddir=${SYMKERN_BUILDDIR:-$srcdir}
bin=${SYMKERN_BIN:-$builddir/symkern}
work=$builddir/tests/scratch/header
cc=${CC:-cc}
cxx=${CXX:-g++}
warn="-pedantic -Wall -Wextra -Werror"
status=0

if [ ! -x "$bin" ]; then
	echo "SKIP: no symkern at $bin"
	exit 77
fi
rm -rf "$work"
mkdir -p "$work"
cd "$work" || exit 1
gen()
{
	"$bin" --templates "${SYMKERN_TEMPLATES:-$srcdir/templates}" "$@" || exit 1
}
for sym in examples/seeds.sym tests/sym/funcs.sym tests/sym/gufuncs.sym tests/sym/rewrites.sym \
	bench/gubench.sym tests/golden/small.sym; do
	gen "$srcdir/$sym"
done
gen -n funcs_fast --fast-math "$srcdir/tests/sym/funcs.sym"

# No template macro is left unexpanded (what m4sugar's m4_pattern_forbid
# checks): an sk_ or m4_ word in an output is a definition the templates
# used but symkern did not give, or a builtin misspelled.  The bundled
# files have no names of that form.
if grep -n -E '(^|[^A-Za-z0-9_])(sk_|sk__|m4_)[A-Za-z0-9_]' ./*.h ./*.cu ./*_cpu.c; then
	echo "FAIL: unexpanded template macros (above)"
	exit 1
fi

for h in *.h; do
	lib=${h%.h}
	printf '#include "%s"\n' "$h" > "$lib-inc.c"
	printf '#include "%s"\n' "$h" > "$lib-inc.cpp"
	# shellcheck disable=SC2086
	if ! "$cc" -std=c99 $warn -fsyntax-only "$lib-inc.c"; then
		echo "FAIL: $h with $cc -std=c99 $warn"
		status=1
	fi
	command -v "$cxx" >/dev/null 2>&1 || continue
	for std in c++11 c++14 c++17; do
		# shellcheck disable=SC2086
		if ! "$cxx" -std=$std $warn -fsyntax-only "$lib-inc.cpp"; then
			echo "FAIL: $h with $cxx -std=$std $warn"
			status=1
		fi
	done
done
# Two libraries in one translation unit, both with the special functions'
# runtime, which each header pastes under macros of runtime_type.h and
# undefines at its end: they compile together and leave no such macro.
cat > two-inc.c <<'EOF'
#include "funcs.h"
#include "funcs_fast.h"
#if defined(SK_T) || defined(SK_F_) || defined(SK_F) || defined(SK_M) || defined(SK_L) || \
	defined(SK_CAT) || defined(SK_PICK) || defined(SK_TK) || defined(SK_RT) || defined(SK_LIB)
#error "a header left a macro of its runtime defined"
#endif
EOF
# shellcheck disable=SC2086
if ! "$cc" -std=c99 $warn -fsyntax-only two-inc.c; then
	echo "FAIL: funcs.h and funcs_fast.h in one translation unit"
	status=1
fi
[ $status -eq 0 ] || exit $status
if ! command -v "$cxx" >/dev/null 2>&1; then
	echo "SKIP: no $cxx (the headers are valid C99)"
	exit 77
fi
echo "$(ls ./*.h | wc -l) headers: C99, C++11, C++14, C++17"
