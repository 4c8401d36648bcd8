#!/bin/sh
# tests/shell/nvcc_werror.sh: the CUDA code generated from every bundled .sym
# file, and from one-gufunc libraries of each shape (a library of only
# reductions once declared a scan helper it never used: nvcc #177),
# compiles with nvcc's warnings as errors (-Werror all-warnings) and the
# host compiler's -Wall -Wextra -Werror.  A chain of functions that each
# call the one above twice compiles to PTX of linear, not exponential,
# size (symkern(3), Composed functions): counted in PTX lines, not timed.
# Skips (77) without nvcc; make check sets SYMKERN_NVCC and the others.
srcdir=${SYMKERN_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
builddir=${SYMKERN_BUILDDIR:-.}
symkern=${SYMKERN_BIN:-$builddir/symkern}
templates=${SYMKERN_TEMPLATES:-$srcdir/templates}
nvcc=${SYMKERN_NVCC:-}
work=$builddir/tests/scratch/nvcc-werror

if [ -z "$nvcc" ]; then
	echo "SKIP: configure found no nvcc"
	exit 77
fi
rm -rf "$work" && mkdir -p "$work" || exit 1
# The one-gufunc libraries.
printf 'red(v[n]) = sqrt(Sum(v[k]**2, (k, 0, n - 1)))\n' >"$work/only_red.sym"
printf 'seq(x) -> he[n]:\n    h[0] = 1\n    h[1] = x\n    h[k] = x*h[k - 1] - h[k - 2]\n    he[k] = h[k]\n' >"$work/only_seq.sym"
printf 'scan(v[n]) -> s[n]:\n    s[0] = v[0]\n    s[k] = s[k - 1] + v[k]\n' >"$work/only_scan.sym"
printf 'map(v[n], w[m]) -> u[n]:\n    u[k] = v[k]/Sum(w[j], (j, 0, m - 1))\n' >"$work/only_map.sym"
printf 'fixed(x) -> t[4]:\n    t[0] = x\n    t[k] = t[k - 1]*x\n' >"$work/only_fixed.sym"
# The chain: f{i}(x) = f{i-1}(f{i-1}(x) + x), 16 levels (2^16 copies of f0 if all inlined).
{
	echo 'f0(x) = x*x + 1'
	i=1
	while [ $i -le 16 ]; do
		echo "f$i(x) = f$((i - 1))(f$((i - 1))(x) + x)"
		i=$((i + 1))
	done
} >"$work/chain.sym"

# One nvcc per library, as many at once as there are processors.
jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
compile() { # NAME: generate and compile; NAME/ok says it passed
	f=$1 name=$(basename "$1" .sym)
	mkdir -p "$work/$name"
	if ! "$symkern" --templates "$templates" -o "$work/$name" "$f" 2>"$work/$name/symkern.err"; then
		echo "symkern failed" >>"$work/$name/symkern.err"
		return
	fi
	# shellcheck disable=SC2086
	$nvcc -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror -c -o "$work/$name/$name.o" \
		"$work/$name/$name.cu" >"$work/$name/nvcc.log" 2>&1 && touch "$work/$name/ok"
}
running=0
for f in "$srcdir/examples/seeds.sym" "$srcdir/tests/sym/funcs.sym" "$srcdir/tests/sym/gufuncs.sym" \
	"$srcdir/tests/sym/rewrites.sym" "$srcdir/bench/gubench.sym" "$srcdir/tests/golden/small.sym" \
	"$srcdir/examples/downstream/wave.sym" "$srcdir/tests/sympy_corpus/corpus.sym" \
	"$work"/only_*.sym "$work/chain.sym"; do
	compile "$f" &
	running=$((running + 1))
	if [ $running -ge "$jobs" ]; then
		wait
		running=0
	fi
done
wait
status=0
for d in "$work"/*/; do
	name=$(basename "$d")
	if [ -f "$d/ok" ]; then
		echo "ok: $name"
	else
		cat "$d/symkern.err" "$d/nvcc.log" 2>/dev/null | head -40
		echo "FAIL: nvcc -Werror all-warnings on the code of $name.sym"
		status=1
	fi
done
# shellcheck disable=SC2086
if $nvcc -ptx -o "$work/chain.ptx" "$work/chain/chain.cu" 2>"$work/chain/ptx.log"; then
	lines=$(wc -l <"$work/chain.ptx")
	echo "chain: $lines PTX lines"
	if [ "$lines" -gt 300000 ]; then
		echo "FAIL: the chain's PTX has $lines lines: calls are inlined exponentially"
		status=1
	fi
else
	cat "$work/chain/ptx.log"
	status=1
fi
exit $status
