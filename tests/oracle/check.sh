#!/bin/sh
# tests/oracle/check.sh: the accuracy oracle's small run for make check
# (docs/accuracy.md): every function and operator alone and random composite
# expressions on the CPU fallback against mpmath, and the gufunc forms
# (tests/oracle/gufuncs.py), fixed seed.  Skips (77)
# without a python3 that has NumPy, SymPy and mpmath.
srcdir=${SYMKERN_SRCDIR:-$(dirname "$0")/../..}
. "$srcdir/tests/oracle/python.sh"
exec "$py" "$srcdir/tests/oracle/oracle.py" check --points "${ORACLE_POINTS:-200}" \
	--composites "${ORACLE_COMPOSITES:-20}" \
	--gufunc-rows "${ORACLE_GUFUNC_ROWS:-4}" \
	--gufunc-randoms "${ORACLE_GUFUNC_RANDOMS:-4}" --seed "${ORACLE_SEED:-1}"
