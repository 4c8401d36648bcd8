# f32_cpu.awk: reads `objdump -dr` of x86-64 code and prints each float32
# function that executes a double-precision (or x87) instruction or calls
# a double math function, with the first such; exits 1 if it printed any.
# tests/f32/f32_cpu.sh runs it (symkern(3), FLOAT32 KERNELS).
#
# A float32 function is one whose name holds "_f32": symkern's f32 scalar
# and map functions, their OpenMP bodies (NAME._omp_fn.N) and their
# target_clones (NAME.arch_x86_64_v3, ...).  Double instructions are the
# SSE/AVX arithmetic, comparisons and conversions on sd and pd (moves and
# shuffles are left out: they carry floats too), and x87 arithmetic.
# Double math calls are libm's double names (sin, not sinf) and libmvec's
# vector forms of them (_ZGVdN4v_sin).  A function that calls a local one
# using double is reported too.  The ifunc resolvers of target_clones
# (NAME.resolver, and its cold part NAME.resolver.cold) are left out: they
# run once, at load time, to pick a clone, and compute nothing; GCC merges
# their identical cold tails across functions, so that an f32 function's
# resolver may jump into an f64 function's.
#
# Loaded after tests/f32/f32_leaks.awk (leak, spread, report), whose output
# lines it prints:
#   LEAK <function>: <instruction>
#   LEAK <function>: calls <callee>, which uses double

BEGIN {
	split("sin cos tan asin acos atan atan2 sinh cosh tanh asinh acosh atanh exp log sqrt cbrt " \
	      "fabs floor ceil fmin fmax erf erfc tgamma lgamma exp2 log2 log10 expm1 log1p hypot fma pow " \
	      "trunc round nearbyint rint fmod", w, " ")
	for (i in w)
		libm[w[i]] = 1
}

function show(callee) { return callee }
function label(fn) { return fn }

# Is name a double math function, plain or as a libmvec variant?
function dbl_math(name, base) {
	base = name
	sub(/@.*$/, "", base)
	sub(/[-+]0x[0-9a-f]+$/, "", base)
	if (base ~ /^_ZGV[a-zA-Z]+[0-9]+[uvl0-9]*_/)
		sub(/^_ZGV[a-zA-Z]+[0-9]+[uvl0-9]*_/, "", base)
	return base in libm
}

# A function's start: "0000000000000000 <name>:".
/^[0-9a-f]+ <[^>]+>:$/ {
	cur = $2
	sub(/^</, "", cur)
	sub(/>:$/, "", cur)
	if (cur ~ /\.resolver/)
		cur = ""
	else
		names[cur] = 1
	next
}

# Relocations: "  1c: R_X86_64_PLT32  sin-0x4" -- the callee of the call
# just before, when its target was left to the linker.
/^[ \t]+[0-9a-f]+: R_X86_64_/ && cur != "" {
	if (dbl_math($3))
		leak(cur, "calls " $3)
	callee = $3
	sub(/[-+]0x[0-9a-f]+$/, "", callee)
	calls[cur, ++ncalls[cur]] = callee
	next
}

# Instructions: "  1c:\tmnemonic operands".
/^[ \t]+[0-9a-f]+:\t/ && cur != "" {
	split($0, part, "\t")
	ins = part[2]
	for (i = 3; i in part; i++)
		ins = ins " " part[i]
	sub(/^[ \t]+/, "", ins)
	op = ins
	sub(/[ \t].*$/, "", op)
	if (op ~ /^(call|jmp)/ && match(ins, /<[^>]+>/)) {
		callee = substr(ins, RSTART + 1, RLENGTH - 2)
		sub(/[-+]0x[0-9a-f]+$/, "", callee)
		if (dbl_math(callee))
			leak(cur, "calls " callee)
		calls[cur, ++ncalls[cur]] = callee
	}
	if (op ~ /^v?(add|sub|mul|div|sqrt|min|max|round|hadd|hsub|addsub|dp|rcp14|rsqrt14|getexp|getmant|scalef|range|reduce|fixupimm)[sp]d$/ ||
	    op ~ /^v?f(n?m(add|sub)|maddsub|msubadd)(132|213|231)?[sp]d$/ ||
	    op ~ /^v?cvt[a-z0-9]*(sd|pd)/ || op ~ /^v?cvt(ss|ps|si|dq|qq|udq|uqq|usi)2(sd|pd)/ ||
	    op ~ /^v?u?comisd$/ || op ~ /^v?cmp[a-z]*[sp]d$/ ||
	    op ~ /^f(add|sub|subr|mul|div|divr)p?$/ || op ~ /^f(i?ld|i?stp?)[slt]?$/ || op == "fsqrt")
		leak(cur, ins)
	next
}

END {
	spread()
	exit report() > 0
}
