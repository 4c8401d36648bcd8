#!/bin/sh
# autogen.sh: makes configure and Makefile.in from an installed symkern.
# Automake reads symkern.am and aclocal reads symkern.m4 when they run,
# before configure, so both come from symkern's installation here, through
# pkg-config (set PKG_CONFIG_PATH=PREFIX/lib/pkgconfig for a symkern in
# PREFIX).  The tarball (make dist) then needs neither: aclocal.m4 holds the
# macro and the tarball the fragment.
set -eu
cd "$(dirname "$0")"
pc=${PKG_CONFIG:-pkg-config}
if ! $pc --exists symkern; then
	echo "autogen.sh: pkg-config does not find symkern.pc; set PKG_CONFIG_PATH=PREFIX/lib/pkgconfig" >&2
	exit 1
fi
cp "$($pc --variable=amfragment symkern)" symkern.am
ACLOCAL_PATH="$($pc --variable=aclocaldir symkern)${ACLOCAL_PATH:+:$ACLOCAL_PATH}"
export ACLOCAL_PATH
autoreconf -fi
