# f32_ptx.awk: reads PTX (nvcc -ptx) and prints each float32 function that
# executes a double-precision instruction, with the first such instruction;
# exits 1 if it printed any.  tests/f32/f32_ptx.sh runs it (symkern(3),
# FLOAT32 KERNELS, states the guarantee).
#
# A float32 function is one whose name holds "_f32" (symkern's f32
# functions, map kernels and gufunc kernels all do; a C++ mangled name keeps
# it).  A double-precision instruction is one with a .f64 type or a %fd
# operand (NVVM's double registers); 64-bit integer types (.s64, .u64,
# .b64 on %rd) are not.  Calls count: a function that calls one using
# double is reported too, so code the compiler did not inline is covered.
#
# One sequence is accepted: CUDA's own sinf, cosf and tanf (libdevice)
# reduce arguments beyond 105615 with a 64-bit integer product converted to
# double, multiplied by pi/2^64 (0d3BF921FB54442D19) and converted back.
# That is the CUDA library's code, which the .sym text cannot change; the
# three instructions must appear exactly so, in that order.
#
# Loaded after tests/f32/f32_leaks.awk (leak, spread, report), whose output
# lines it prints:
#   LEAK <function> (<mangled>): <instruction>  [input line N]
#   LEAK <function> (<mangled>): calls <callee>, which uses double
#   allowed: N libdevice trig reductions in f32 functions

function short(m, s, n) {
	# _Z<len><name>...: the name; template arguments ILi4E as <4>.
	if (m !~ /^_Z[0-9]/)
		return m
	s = substr(m, 3)
	n = s + 0
	s = substr(s, length(n "") + 1)
	m = substr(s, 1, n)
	s = substr(s, n + 1)
	if (s ~ /^ILi-?[0-9]+EE/) {
		sub(/^ILi/, "", s)
		sub(/E.*/, "", s)
		m = m "<" s ">"
	}
	return m
}

function show(callee) { return short(callee) }
function label(fn) { return short(fn) " (" fn ")" }

# fn's leak at input line ln.
function leak_at(fn, text, ln) { leak(fn, text "  [input line " ln "]") }

# An instruction pending as the possible start (stage 1) or middle (2) of
# the libdevice trig sequence becomes a leak when the sequence breaks.
function flush() {
	if (stage >= 1)
		leak_at(cur, pend1, pln1)
	if (stage >= 2)
		leak_at(cur, pend2, pln2)
	stage = 0
}

BEGIN { cur = ""; stage = 0; count_allowed = 1 }

# A function's header: .entry NAME( or .func (RET) NAME[(] -- declarations
# too, which hold no instructions.
/^[ \t]*(\.visible[ \t]+|\.weak[ \t]+|\.extern[ \t]+)*\.(entry|func)[ \t]/ {
	flush()
	line = $0
	sub(/^[ \t]*(\.visible[ \t]+|\.weak[ \t]+|\.extern[ \t]+)*\.(entry|func)[ \t]+/, "", line)
	if (line ~ /^\(/)
		sub(/^\([^)]*\)[ \t]*/, "", line)
	match(line, /^[A-Za-z_$][A-Za-z0-9_$]*/)
	cur = substr(line, RSTART, RLENGTH)
	names[cur] = 1
	want_callee = 0
	next
}

cur == "" { next }

# Calls: `call.uni (retval0), NAME, (...)` spans several lines; the callee
# is the first name after the call's return parameter.
/^[ \t]*(@!?%[a-z0-9_]+[ \t]+)?call/ {
	flush()
	line = $0
	sub(/^.*call[a-z.]*[ \t]*/, "", line)
	sub(/^\([^)]*\),?[ \t]*/, "", line)
	want_callee = 1
	callnr = NR
}
want_callee && NR != callnr { line = $0 }
want_callee && match(line, /[A-Za-z_$][A-Za-z0-9_$]*/) {
	calls[cur, ++ncalls[cur]] = substr(line, RSTART, RLENGTH)
	want_callee = 0
}
want_callee { next }

# Instructions: an opcode (after an optional @predicate) and a ';'.  .reg
# declarations and other directives start with '.', labels end with ':'.
/^[ \t]*(@!?%[a-z0-9_]+[ \t]+)?[a-z][a-z0-9_.]*([ \t]|;)/ && /;[ \t]*(\/\/.*)?$/ {
	ins = $0
	sub(/^[ \t]+/, "", ins)
	sub(/[ \t]*;.*$/, "", ins)
	op = ins
	sub(/^@!?%[a-z0-9_]+[ \t]+/, "", op)
	sub(/[ \t].*$/, "", op)
	dbl = op ~ /\.f64(\.|$)/ || ins ~ /%fd[0-9]/
	if (stage == 1) {
		if (op == "mul.f64" && ins ~ /, 0d3BF921FB54442D19$/) {
			stage = 2; pend2 = ins; pln2 = NR
			next
		}
		flush()
	} else if (stage == 2) {
		if (op == "cvt.rn.f32.f64") {
			stage = 0
			if (cur ~ /_f32/)
				allowed++
			next
		}
		flush()
	}
	if (op == "cvt.rn.f64.s64") {
		stage = 1; pend1 = ins; pln1 = NR
		next
	}
	if (dbl)
		leak_at(cur, ins, NR)
	next
}

END {
	flush()
	spread()
	exit report() > 0
}
