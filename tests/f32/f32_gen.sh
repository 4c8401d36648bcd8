# f32_gen.sh: sourced by tests/f32/f32_ptx.sh, f32_sass.sh and f32_cpu.sh, the
# checks that float32 code stays in float32 (symkern(3), FLOAT32 KERNELS).
# f32_sources DIR: sets F32_SRC to the folder of the libraries they check:
# every .sym file the project has, generated with this symkern and these
# templates into DIR (plain/, and fast/ with --fast-math, whose calls
# differ), or, where SYMKERN_F32_SOURCES names a folder generated so
# before, that one (for a machine without m4 or symkern, see f32_sass.sh).
# Exits 77 (skip) where it can do neither.
# f32_scan KIND FILE: tests/f32/f32_KIND.awk (cpu, ptx, sass) run on FILE, after
# the part the three share, tests/f32/f32_leaks.awk.
# f32_leak_check REPORT SOURCE: REPORT, the scan of tests/f32/f32_leak.c or .cu
# (SOURCE), names every leak_ function and no clean_ one; else prints
# FAIL lines and sets status=1.
srcdir=${SYMKERN_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
builddir=${SYMKERN_BUILDDIR:-$srcdir}

f32_sources()
{
	if [ -n "${SYMKERN_F32_SOURCES:-}" ]; then
		F32_SRC=$SYMKERN_F32_SOURCES
		if ! ls "$F32_SRC"/plain/*.cu >/dev/null 2>&1; then
			echo "FAIL: SYMKERN_F32_SOURCES=$F32_SRC holds no plain/*.cu"
			exit 1
		fi
		return
	fi
	bin=${SYMKERN_BIN:-$builddir/symkern}
	if [ ! -x "$bin" ]; then
		echo "SKIP: no symkern at $bin (build it, or set SYMKERN_F32_SOURCES)"
		exit 77
	fi
	F32_SRC=$1
	rm -rf "$F32_SRC"
	mkdir -p "$F32_SRC/plain" "$F32_SRC/fast"
	for sym in examples/seeds.sym tests/sym/funcs.sym tests/sym/gufuncs.sym bench/gubench.sym \
		tests/golden/small.sym; do
		"$bin" --templates "${SYMKERN_TEMPLATES:-$srcdir/templates}" -o "$F32_SRC/plain" \
			"$srcdir/$sym" || exit 1
	done
	for sym in tests/sym/funcs.sym tests/sym/gufuncs.sym; do
		"$bin" --templates "${SYMKERN_TEMPLATES:-$srcdir/templates}" --fast-math \
			-o "$F32_SRC/fast" "$srcdir/$sym" || exit 1
	done
}

f32_scan()
{
	awk -f "$srcdir/tests/f32/f32_leaks.awk" -f "$srcdir/tests/f32/f32_$1.awk" "$2"
}

f32_leak_check()
{
	for fn in leak_const_f32 leak_call_f32 leak_index_f32 leak_callee_f32; do
		if ! grep -q "^LEAK [^ ]*${fn}[^ ]*[ :]" "$1"; then
			echo "FAIL: the scan missed $fn of $2"
			status=1
		fi
	done
	if grep -q "^LEAK [^ ]*clean_" "$1"; then
		echo "FAIL: the scan reported a clean function of $2"
		status=1
	fi
}
