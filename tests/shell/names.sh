#!/bin/sh
# tests/shell/names.sh: names that mean something to a C, C++ or CUDA compiler or
# to the generated code still give code that compiles (symkern(5),
# ARGUMENT NAMES IN GENERATED CODE).  Every reserved name and every
# built-in's name that tests/shell/names_list prints (the generator's own tables;
# the file's definitions shadow the built-ins) is used as a map
# function's argument, a gufunc's vector argument, size, output and
# intermediate sequence, and as a function's name, and so are a few names
# that the generated code uses where they are harmless and keeps as
# written; all in one library, compiled with:
#   $CC (gcc) -std=c99, c11, gnu17, c2x, and with OpenMP; clang -std=c99,
#   c11, gnu17 (the _cpu.c, -Wall -Wextra -Wshadow -Wconversion -Werror);
#   g++ -std=c++11, c++14, c++17, c++20 -pedantic (a .cpp including the
#   header), clang++ if present;
#   nvcc -std=c++17 with -Werror all-warnings (the .cu of the library in
#   double only, compiled to PTX only: nvcc is slow).
# A missing gcc, clang, g++ or nvcc is reported and makes the test SKIP
# (77) once the others have passed.  make check sets the SYMKERN_*
# variables and CC.
srcdir=${SYMKERN_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
builddir=${SYMKERN_BUILDDIR:-$srcdir}
bin=${SYMKERN_BIN:-$builddir/symkern}
list=$builddir/tests/shell/names_list
work=$builddir/tests/scratch/names
cflags="-Wall -Wextra -Wshadow -Wconversion -Werror"
status=0
missing=

# Names the generated code uses where no argument is in scope (locals of
# its helpers, members, pragma clauses, template parameters): kept as
# written, and they must compile so.
kept="load store hold schedule parallel simd unroll e r p q d a b
T V R MUL size code kernel cache grid pool props made slot id ids lane total
work full dev sms per zero sized keep name args nargs map_f64 map_f32 elems"

# sym_for: for the names on stdin, in groups of 63 (nvcc is slow on
# many gufuncs), a map function with them as arguments; gufuncs with them
# as vector arguments, as sizes, as outputs and as intermediate sequences;
# and each as the name of a function, which another calls.
sym_for()
{
	awk '
	function flush(   i, w, s) {
		if (!n)
			return
		g++
		s = ""
		for (i = 1; i <= n; i++)
			s = s (i > 1 ? ", " : "") w_[i]
		printf "a_%d(%s) = ", g, s
		for (i = 1; i <= n; i++)
			printf "%s%s", (i > 1 ? " + " : ""), w_[i]
		printf "\nv_%d(", g
		for (i = 1; i <= n; i++)
			printf "%s%s[mq]", (i > 1 ? ", " : ""), w_[i]
		printf ") = Sum("
		for (i = 1; i <= n; i++)
			printf "%s%s[kq]", (i > 1 ? " + " : ""), w_[i]
		printf ", (kq, 0, mq - 1))\nz_%d(", g
		for (i = 1; i <= n; i++)
			printf "%svq%d[%s]", (i > 1 ? ", " : ""), i, w_[i]
		printf ") = "
		for (i = 1; i <= n; i++)
			printf "%sSum(vq%d[kq], (kq, 0, %s - 1))/%s", (i > 1 ? " + " : ""), i, w_[i], w_[i]
		printf "\no_%d(xq) -> ", g
		for (i = 1; i <= n; i++)
			printf "%s%s[mq]", (i > 1 ? ", " : ""), w_[i]
		printf ":\n"
		for (i = 1; i <= n; i++)
			printf "    %s[0] = xq\n    %s[kq] = %s[kq - 1] + xq\n", w_[i], w_[i], w_[i]
		printf "q_%d(xq) -> sq[mq]:\n", g
		for (i = 1; i <= n; i++)
			printf "    %s[0] = xq\n    %s[kq] = %s[kq - 1]*xq\n", w_[i], w_[i], w_[i]
		printf "    sq[kq] = "
		for (i = 1; i <= n; i++)
			printf "%s%s[kq]", (i > 1 ? " + " : ""), w_[i]
		printf "\n"
		s = ""
		for (i = 1; i <= n; i++) {
			if (w_[i] ~ /^priv/) # reserved for the generated private functions (symkern(5))
				continue
			printf "%s(xq) = xq + %d\n", w_[i], i
			s = s (s == "" ? "" : " + ") w_[i] "(xq)"
		}
		if (s != "")
			printf "c_%d(xq) = %s\n", g, s
		n = 0
	}
	NF { w_[++n] = $1; if (n == 63) flush() }
	END {
		flush()
		# A scan uses the shared-chunk helper, which unused is a warning
		# (#177) that -Werror all-warnings makes an error.
		print "scan_q(vq[mq]) -> sq[mq]:\n    sq[0] = vq[0]\n    sq[kq] = sq[kq - 1] + vq[kq]"
	}'
}

# try LABEL COMMAND...: runs a compiler; a failure is reported with the
# first lines of its output (which name the identifiers at fault).
try()
{
	label=$1
	shift
	if "$@" >"$work/out.txt" 2>&1; then
		echo "ok: $label"
	else
		echo "FAIL: $label: $*"
		head -40 "$work/out.txt"
		status=1
	fi
}

have()
{
	command -v "$1" >/dev/null 2>&1
}

if [ ! -x "$bin" ] || [ ! -x "$list" ]; then
	echo "SKIP: build symkern and tests/shell/names_list first (make check does)"
	exit 77
fi
rm -rf "$work"
mkdir -p "$work"
# Sum and Product stay out: the script's own Sums call them.
names=$("$list" reserved && "$list" builtins | grep -v -x -e Sum -e Product) || exit 1
echo "$(echo "$names" | wc -l) reserved and built-in names and $(echo "$kept" | wc -w) kept ones"
{ echo "$names"; echo "$kept" | tr ' ' '\n'; } | sym_for > "$work/rn.sym"
# rn for the C and C++ compilers, rnd (double only, half the code) for nvcc.
for lib in "rn --precision f32,f64" "rnd --precision f64"; do
	# shellcheck disable=SC2086
	if ! "$bin" --templates "${SYMKERN_TEMPLATES:-$srcdir/templates}" -o "$work" -n $lib "$work/rn.sym"; then
		echo "FAIL: symkern refused $work/rn.sym"
		exit 1
	fi
done
# Reserved names are renamed, kept ones not.
for w in typeof isfinite atomicAdd; do
	grep -q "double s_$w\b" "$work/rn.h" || { echo "FAIL: '$w' not renamed s_$w"; status=1; }
done
for w in load schedule T; do
	grep -q "double $w\b" "$work/rn.h" || { echo "FAIL: '$w' renamed"; status=1; }
done
# bi: a function named like each built-in, Sum and Product too, called
# below its definition (the definitions shadow the built-ins).
"$list" builtins | awk '{ printf "%s(xq, yq) = xq + yq\nc%d(xq) = %s(xq, 2)\n", $1, NR, $1 }' > "$work/bi.sym"
if ! "$bin" --templates "${SYMKERN_TEMPLATES:-$srcdir/templates}" -o "$work" -n bi "$work/bi.sym" 2>"$work/bi.err"; then
	echo "FAIL: symkern refused $work/bi.sym"
	head -20 "$work/bi.err"
	exit 1
fi
printf '#include "rn.h"\nint rn_cxx_main(void);\nint rn_cxx_main(void) { return rn_c_1_f64(0.0) > 0.0 ? 0 : 1; }\n' \
	> "$work/rn.cpp"

cd "$work" || exit 1
cc=${CC:-gcc}
if have "$cc"; then
	for std in c99 c11 gnu17 c2x; do
		# shellcheck disable=SC2086
		try "$cc -std=$std" "$cc" -std=$std $cflags -fsyntax-only rn_cpu.c
	done
	# shellcheck disable=SC2086
	try "$cc -std=c99, built-ins' names" "$cc" -std=c99 $cflags -fsyntax-only bi_cpu.c
	# shellcheck disable=SC2086
	try "$cc with OpenMP" "$cc" $cflags ${SYMKERN_OPENMP_CFLAGS:--fopenmp} -fsyntax-only rn_cpu.c
else
	missing="$missing $cc"
fi
if have clang; then
	for std in c99 c11 gnu17; do
		# shellcheck disable=SC2086
		try "clang -std=$std" clang -std=$std $cflags -fsyntax-only rn_cpu.c
	done
else
	missing="$missing clang"
fi
cxx=${CXX:-g++}
if have "$cxx"; then
	for std in c++11 c++14 c++17 c++20; do
		# shellcheck disable=SC2086
		try "$cxx -std=$std" "$cxx" -std=$std -pedantic $cflags -fsyntax-only rn.cpp
	done
	# shellcheck disable=SC2086
	try "$cxx -std=c++11, built-ins' names" "$cxx" -x c++ -std=c++11 -pedantic $cflags -fsyntax-only bi_cpu.c
else
	missing="$missing $cxx"
fi
if have clang++; then
	# shellcheck disable=SC2086
	try "clang++ -std=c++11" clang++ -std=c++11 -pedantic $cflags -fsyntax-only rn.cpp
fi
# make check sets SYMKERN_NVCC, empty where configure found no nvcc or
# was told --without-cuda; run by hand, the script looks for one.
if [ "${SYMKERN_NVCC+set}" = set ]; then
	nvcc=${SYMKERN_NVCC%% *}
else
	nvcc=nvcc
	have "$nvcc" || nvcc=/usr/local/cuda/bin/nvcc
fi
if [ -n "$nvcc" ] && have "$nvcc"; then
	# PTX only, and (nvcc 12.8 and later) its fastest device compilation:
	# the point is what the compilers accept, not the code.
	fast=
	"$nvcc" --help 2>/dev/null | grep -q -- --Ofast-compile && fast="-Ofc max"
	# shellcheck disable=SC2086
	try "nvcc -std=c++17" "$nvcc" -std=c++17 -arch=compute_75 $fast -Werror all-warnings \
		-Xcompiler -Wall,-Wextra,-Wshadow,-Werror -c -o rnd_cu.o rnd.cu
else
	missing="$missing nvcc"
fi
if [ $status -ne 0 ]; then
	exit $status
fi
if [ -n "$missing" ]; then
	echo "SKIP: not found:$missing (the compilers above passed)"
	exit 77
fi
exit 0
