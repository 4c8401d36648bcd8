#!/bin/sh
# tests/oracle/run.sh ARGS...: oracle.py ARGS with the Python that
# tests/oracle/python.sh picks (exit 77 without one), for make's targets.
srcdir=${SYMKERN_SRCDIR:-$(dirname "$0")/../..}
. "$srcdir/tests/oracle/python.sh"
exec "$py" "$srcdir/tests/oracle/oracle.py" "$@"
