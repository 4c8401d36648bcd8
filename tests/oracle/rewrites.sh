#!/bin/sh
# tests/oracle/rewrites.sh: each accuracy rewrite of symkern(5), REWRITES,
# before (symkern --literal) and after, with the oracle, on a domain where
# the literal form fails.  Skips (77) without python3 + NumPy, SymPy and
# mpmath, or where symkern has no --literal.
srcdir=${SYMKERN_SRCDIR:-$(dirname "$0")/../..}
. "$srcdir/tests/oracle/python.sh"
exec "$py" "$srcdir/tests/oracle/oracle.py" rewrites --points "${ORACLE_POINTS:-200}" \
	--seed "${ORACLE_SEED:-1}"
