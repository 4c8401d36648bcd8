#!/bin/sh
# bench/gen_cost.sh: the generator's time and peak memory on inputs that
# used to cost super-linearly (bench/RESULTS.md, "Generator cost").
#
#   sh bench/gen_cost.sh [SYMKERN [TEMPLATES]]
#
# SYMKERN defaults to ./symkern, TEMPLATES to templates/.  Each input is
# made here (awk), run once under /usr/bin/time -v with a time limit
# (GEN_COST_TIMEOUT, default 600 s) and a virtual memory limit
# (GEN_COST_VMEM_KB, default 20 GB), and printed as a row of a Markdown
# table: wall seconds, maximum resident set, exit status, bytes written.
# GEN_COST_CASES picks some of: base lookback funcs400k funcs64m
# base-limit lookback-limit (just inside the limits of symkern(5), LIMITS)
# sums20k (20,000 lines of an unclosed Sum, each an error).  GEN_COST_DUMP=1 runs `symkern --dump-defs` instead:
# the generator alone (parser, DAG, emitter), without m4 and the
# templates; its output is then what it prints.
set -eu
sk=${1:-./symkern}
tmpl=${2:-templates}
limit=${GEN_COST_TIMEOUT:-600}
vmem=${GEN_COST_VMEM_KB:-20000000}
cases=${GEN_COST_CASES:-base lookback funcs400k funcs64m}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT INT TERM

# One sequence with NB base cases and a rule reading LB terms back.
seq_input() { # NB LB
	awk -v nb="$1" -v lb="$2" 'BEGIN {
		print "f(x) -> s[n]:"
		for (i = 0; i < nb; i++)
			printf "    s[%d] = x + %d\n", i, i
		printf "    s[k] = s[k - %d] + x\n", lb
	}'
}

# One-line map functions, as many as fit in BYTES.
funcs_input() { # BYTES
	awk -v max="$1" 'BEGIN {
		for (i = 0; ; i++) {
			line = sprintf("f%d(x) = x + %d", i, i)
			size += length(line) + 1
			if (size > max)
				break
			print line
		}
	}'
}

make_input() { # CASE FILE
	case $1 in
	base) seq_input 20000 1 >"$2" ;;
	lookback) seq_input 2000 2000 >"$2" ;;
	base-limit) seq_input 256 1 >"$2" ;;
	lookback-limit) seq_input 64 64 >"$2" ;;
	funcs400k) awk 'BEGIN { for (i = 0; i < 400000; i++) printf "f%d(x) = x + %d\n", i, i }' >"$2" ;;
	funcs64m) funcs_input 67108864 >"$2" ;;
	sums20k) awk 'BEGIN { for (i = 0; i < 20000; i++) printf "f%d(v[n]) = Sum((v[k]\n", i }' >"$2" ;;
	*) echo "gen_cost.sh: unknown case '$1'" >&2; exit 2 ;;
	esac
}

echo "| input | bytes | wall s | max RSS MB | exit | output bytes |"
echo "| --- | --- | --- | --- | --- | --- |"
for c in $cases; do
	in=$dir/$c.sym
	make_input "$c" "$in"
	rm -rf "$dir/out" && mkdir "$dir/out"
	set +e
	(ulimit -v "$vmem"; /usr/bin/time -v -o "$dir/time" timeout "$limit" \
		"$sk" --templates "$tmpl" -n bench -o "$dir/out" ${GEN_COST_DUMP:+--dump-defs} "$in" \
		>"$dir/out/stdout" 2>"$dir/stderr")
	rc=$?
	set -e
	wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0;
		for (i = 1; i <= n; i++) s = s * 60 + t[i]; printf "%.1f", s }' "$dir/time")
	rss=$(awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$dir/time")
	out=$(find "$dir/out" -type f -exec stat -c %s {} + | awk '{ s += $1 } END { printf "%.0f\n", s }')
	why=$rc
	[ "$rc" = 124 ] && why="124 (killed at ${limit} s)"
	[ "$rc" = 1 ] && why="1: $(head -c 120 "$dir/stderr" | head -n 1)"
	echo "| $c | $(wc -c <"$in") | $wall | $rss | $why | $out |"
done
