# tests/oracle/python.sh, sourced by the oracle's test scripts: sets py to
# the first of $PYTHON, python3 and /usr/bin/python3 that has NumPy, SymPy
# and mpmath, or exits 77 (skip).  As tests/shell/python.sh picks its Python.
py=
for p in ${PYTHON:-} python3 /usr/bin/python3; do
	if command -v "$p" >/dev/null 2>&1 &&
		"$p" -c 'import numpy, sympy, mpmath' >/dev/null 2>&1; then
		py=$p
		break
	fi
done
if [ -z "$py" ]; then
	echo "SKIP: no python3 with NumPy, SymPy and mpmath (apt-get install python3-numpy python3-sympy python3-mpmath)"
	exit 77
fi
echo "using $py: $("$py" --version 2>&1)"
export PYTHONDONTWRITEBYTECODE=1
