#!/bin/sh
# tests/shell/python.sh: the Python bridge's tests (python/test_symkern.py) with
# the first of $PYTHON, python3 and /usr/bin/python3 that has NumPy; skips
# (77) where none has.  make check sets the SYMKERN_* variables and CC.
srcdir=${SYMKERN_SRCDIR:-$(dirname "$0")/../..}
py=
for p in ${PYTHON:-} python3 /usr/bin/python3; do
	if command -v "$p" >/dev/null 2>&1 && "$p" -c 'import numpy' >/dev/null 2>&1; then
		py=$p
		break
	fi
done
if [ -z "$py" ]; then
	echo "SKIP: no python3 with NumPy (apt-get install python3-numpy python3-sympy)"
	exit 77
fi
echo "using $py: $("$py" --version 2>&1)"
PYTHONPATH="$srcdir/python${PYTHONPATH:+:$PYTHONPATH}" PYTHONDONTWRITEBYTECODE=1 \
	exec "$py" -m unittest -v test_symkern
