#!/bin/sh
# check.sh: the MPI example against a serial run.  Writes an input of
# 1000003 doubles, evaluates it with NP ranks (default 2) through MPI-IO in
# rounds of 65536 (so that the slices, of unequal length, take several
# rounds) and with one process, and compares the two outputs (the CPU
# fallback may differ in the last bits where slice ends change its
# vectorization; a GPU differs a little more).  Then checks that the
# comparison does fail on different files.
#   sh check.sh ./mpi_map [NP]        MPIRUN: the launcher (default mpirun)
set -eu
bin=$1
np=${2:-2}
mpirun=${MPIRUN:-mpirun}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$bin" write "$dir/in.bin" 1000003
opts=
if $mpirun --version 2>&1 | grep -q 'Open MPI'; then
	# More ranks than cores is fine here; CI containers run as root, which
	# Open MPI refuses unless told; and containers without ptrace rights
	# cannot use its single-copy shared memory transfers.
	opts=--oversubscribe
	if [ "$(id -u)" -eq 0 ]; then
		opts="$opts --allow-run-as-root"
		export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
	fi
	export OMPI_MCA_btl_vader_single_copy_mechanism=none
fi
$mpirun $opts -np "$np" "$bin" run "$dir/in.bin" "$dir/out.bin" 65536
"$bin" serial "$dir/in.bin" "$dir/serial.bin"
"$bin" compare "$dir/out.bin" "$dir/serial.bin" 1e-12
if "$bin" compare "$dir/in.bin" "$dir/serial.bin" 1e-12 >/dev/null; then
	echo "check.sh: compare accepted different files" >&2
	exit 1
fi
