# f32_leaks.awk: what tests/f32/f32_cpu.awk, f32_ptx.awk and f32_sass.awk share,
# loaded before each (awk -f f32_leaks.awk -f f32_X.awk): the record of
# leaks, their spreading from callee to caller and the report.  The scan
# fills
#   names[fn]            every function seen
#   calls[fn, i]         its i-th callee, i = 1 .. ncalls[fn]
# and calls leak(fn, text) for each double instruction or call it finds;
# it defines show(callee), the callee as the report names it, and
# label(fn), a function as the report names it.  With count_allowed set,
# the report ends with the number of accepted libdevice trig reductions
# (the scan counts them in `allowed`).
#
# Output lines, then exit 1 if any function whose name holds "_f32"
# leaked:
#   LEAK <label>: <first leak>
#   LEAK <label>: calls <callee>, which uses double
#   allowed: N libdevice trig reductions in f32 functions

# fn's first leak is text; later ones are not kept.
function leak(fn, text) {
	if (!(fn in first)) {
		first[fn] = text
		order[++nbad] = fn
	}
}

# Double use spreads from callee to caller until nothing changes.
function spread(fn, i, changed) {
	do {
		changed = 0
		for (fn in names) {
			if (fn in first)
				continue
			for (i = 1; i <= ncalls[fn]; i++)
				if (calls[fn, i] in first) {
					leak(fn, "calls " show(calls[fn, i]) ", which uses double")
					changed = 1
					break
				}
		}
	} while (changed)
}

# Prints the float32 functions that leaked; returns how many.
function report(i, bad) {
	bad = 0
	for (i = 1; i <= nbad; i++)
		if (order[i] ~ /_f32/) {
			printf "LEAK %s: %s\n", label(order[i]), first[order[i]]
			bad++
		}
	if (count_allowed)
		printf "allowed: %d libdevice trig reductions in f32 functions\n", allowed
	return bad
}

BEGIN { nbad = 0; allowed = 0; count_allowed = 0 }
