# f32_sass.awk: reads `cuobjdump -sass` and prints each float32 function
# whose machine code executes a double-precision instruction, with the
# first such; exits 1 if it printed any.  tests/f32/f32_sass.sh runs it; it is
# tests/f32/f32_ptx.awk's check on what the GPU runs (symkern(3), FLOAT32
# KERNELS).
#
# A float32 function is one whose name holds "_f32".  Double instructions:
# DADD, DMUL, DFMA, DSETP, DSET, DMNMX, DMMA, the conversions and roundings
# with an F64 (F2F.F64.F32, F2F.F32.F64, I2F.F64, F2I.F64, FRND.F64) and
# MUFU.RCP64H/RSQ64H.  cuobjdump shows a device function that was not
# inlined inside its kernel's block (CALL.REL to an offset, measured with
# CUDA 13), so its code is scanned as the kernel's; a CALL that names a
# function that uses double counts too.
#
# One sequence is accepted, as in f32_ptx.awk: CUDA's own sinf, cosf and
# tanf reduce arguments beyond 105615 with I2F.F64.S64, then a DMUL of its
# result by a constant, then F2F.F32.F64 of the product: the three, linked
# by their registers, in that order (in SASS other instructions may come
# between them).
#
# Loaded after tests/f32/f32_leaks.awk (leak, spread, report), whose output
# lines it prints:
#   LEAK <function>: <instruction>
#   allowed: N libdevice trig reductions in f32 functions

function show(callee) { return callee }
function label(fn) { return fn }

# Sequences begun and not finished: I2F results in p1, DMUL results in p2,
# by register; what is left at a function's end leaked.
function flush(r) {
	for (r in p1) {
		leak(cur, p1[r])
		delete p1[r]
	}
	for (r in p2) {
		leak(cur, p2[r])
		delete p2[r]
	}
}

BEGIN { count_allowed = 1 }

/Function : / {
	flush()
	cur = $0
	sub(/^.*Function : /, "", cur)
	sub(/[ \t]+$/, "", cur)
	names[cur] = 1
	next
}

# "        /*0070*/                   DMUL R4, R4, UR4 ;   /* 0x... */"
/^[ \t]*\/\*[0-9a-f]+\*\/[ \t]/ && cur != "" {
	ins = $0
	sub(/^[ \t]*\/\*[0-9a-f]+\*\/[ \t]+/, "", ins)
	sub(/[ \t]*;.*$/, "", ins)
	op = ins
	sub(/^@!?U?P[T0-9]+[ \t]+/, "", op)
	regs = op
	sub(/[ \t].*$/, "", op)
	sub(/^[^ \t]*[ \t]*/, "", regs)
	if (op ~ /^CALL/ && match(ins, /`\([^)]*\)/))
		calls[cur, ++ncalls[cur]] = substr(ins, RSTART + 2, RLENGTH - 3)
	dbl = op ~ /^(DADD|DMUL|DFMA|DSETP|DSET|DMNMX|DMMA)(\.|$)/ ||
	      (op ~ /^(F2F|I2F|F2I|FRND)\./ && op ~ /\.F64/) || op ~ /^MUFU\.(RCP64H|RSQ64H)/
	if (!dbl)
		next
	n = split(regs, r, /[ ,]+/)
	if (op ~ /^I2F\.F64\.S64/) {
		p1[r[1]] = ins
		next
	}
	if (op ~ /^DMUL/ && n >= 3 && (r[2] in p1) && !(r[3] in p1)) {
		delete p1[r[2]]
		p2[r[1]] = ins
		next
	}
	if (op ~ /^F2F\.F32\.F64/ && (r[2] in p2)) {
		delete p2[r[2]]
		if (cur ~ /_f32/)
			allowed++
		next
	}
	leak(cur, ins)
}

END {
	flush()
	spread()
	exit report() > 0
}
