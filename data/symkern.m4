# symkern.m4: the Autoconf macro for projects that generate libraries with
# symkern (installed as $(datadir)/aclocal/symkern.m4; not to be confused
# with templates/symkern.m4, the prelude of the generator's templates).
# aclocal finds it through ACLOCAL_PATH or `aclocal -I DIR` and copies it
# into the project's aclocal.m4, so the project's tarball does not need it.
#
# SYMKERN_PROG([MIN-VERSION])
# ---------------------------
# Finds the symkern generator on PATH (or takes $SYMKERN) and fails unless
# `symkern --version` is MIN-VERSION or later.  CUDA stays optional, as in
# symkern's own configure: --with-cuda=guess by default (nvcc in
# /usr/local/cuda/bin, then on PATH; none only leaves the GPU part out),
# --with-cuda=DIR or --with-cuda (nvcc required), --without-cuda.
# --with-cuda-arch=LIST (default: the list symkern was configured with, read
# from its symkern.pc, else 90) gives SASS for each architecture and PTX of
# the last; each is checked against `nvcc --list-gpu-code`.
# Substitutes SYMKERN, SYMKERN_VERSION, NVCC, SYMKERN_CUDA_ARCH,
# SYMKERN_NVCC_GENCODE, SYMKERN_CUDA_CPPFLAGS and SYMKERN_CUDA_LIBS, and
# defines the Automake conditional SYMKERN_NVCC (nvcc found), which the
# rules of symkern.am (in pkg-config --variable=templatedir symkern) use.
AC_DEFUN([SYMKERN_PROG],
[AC_REQUIRE([AC_PROG_SED])dnl
AC_ARG_VAR([SYMKERN], [the symkern generator])dnl
AC_ARG_VAR([NVCC], [CUDA compiler])dnl
AC_ARG_VAR([NVCCFLAGS], [flags for nvcc])dnl
AC_PATH_PROG([SYMKERN], [symkern])
AS_IF([test -z "$SYMKERN"],
  [AC_MSG_ERROR([symkern not found: install it and put its bin directory on PATH, or set SYMKERN=/path/to/symkern])])
AC_MSG_CHECKING([the version of $SYMKERN])
SYMKERN_VERSION=`"$SYMKERN" --version 2>/dev/null | $SED -n '1s/^symkern \([[0-9]][[0-9.]]*\)$/\1/p'`
AS_IF([test -z "$SYMKERN_VERSION"],
  [AC_MSG_RESULT([unknown])
   AC_MSG_ERROR([$SYMKERN --version did not print 'symkern VERSION': is it symkern?])])
AC_MSG_RESULT([$SYMKERN_VERSION])
m4_ifval([$1],
  [AS_VERSION_COMPARE([$SYMKERN_VERSION], [$1],
    [AC_MSG_ERROR([symkern $1 or later is required, but $SYMKERN is version $SYMKERN_VERSION])])])
AC_SUBST([SYMKERN_VERSION])

dnl The symkern.pc of the same installation (PREFIX/bin/symkern next to
dnl PREFIX/lib*/pkgconfig/symkern.pc), else the one pkg-config finds.
AC_MSG_CHECKING([for the CUDA architectures $SYMKERN was configured with])
symkern_prefix=`AS_DIRNAME(["$SYMKERN"])`/..
symkern_arch=
for symkern_pc in "$symkern_prefix"/lib/pkgconfig/symkern.pc \
    "$symkern_prefix"/lib64/pkgconfig/symkern.pc "$symkern_prefix"/lib/*/pkgconfig/symkern.pc; do
  AS_IF([test -f "$symkern_pc"],
    [symkern_arch=`$SED -n 's/^cuda_arch=//p' "$symkern_pc"`; break])
done
AS_IF([test -z "$symkern_arch"],
  [symkern_arch=`${PKG_CONFIG:-pkg-config} --variable=cuda_arch symkern 2>/dev/null`])
AC_MSG_RESULT([${symkern_arch:-none (default 90)}])

AC_ARG_WITH([cuda],
  [AS_HELP_STRING([--with-cuda=DIR], [CUDA toolkit for the GPU part of symkern libraries (default: guess /usr/local/cuda, then PATH)])],
  [], [with_cuda=guess])
AC_ARG_WITH([cuda-arch],
  [AS_HELP_STRING([--with-cuda-arch=LIST],
    [compute capabilities to build machine code for, such as 87,90 (default: those symkern was configured with, else 90); PTX of the last is added])],
  [], [with_cuda_arch=${symkern_arch:-90}])
AS_CASE([$with_cuda],
  [no], [NVCC=],
  [guess|yes], [AS_IF([test -z "$NVCC"],
                  [AC_PATH_PROG([NVCC], [nvcc], [], [/usr/local/cuda/bin$PATH_SEPARATOR$PATH])])],
  [AS_IF([test -z "$NVCC"], [AC_PATH_PROG([NVCC], [nvcc], [], [$with_cuda/bin])])])
AS_IF([test -n "$NVCC"],
  [AC_MSG_CHECKING([whether $NVCC compiles a kernel])
   echo '__global__ void k(float *x) { *x = 1.0f; }' >conftest.cu
   AS_IF([$NVCC -c conftest.cu -o conftest.$OBJEXT >&AS_MESSAGE_LOG_FD 2>&1],
     [AC_MSG_RESULT([yes])], [AC_MSG_RESULT([no]); NVCC=])
   rm -f conftest.cu conftest.$OBJEXT])
AS_IF([test -z "$NVCC" && test "x$with_cuda" != xguess && test "x$with_cuda" != xno],
  [AC_MSG_ERROR([--with-cuda=$with_cuda given, but no working nvcc was found])])
AS_IF([test -z "$NVCC"],
  [AC_MSG_WARN([no nvcc: only the CPU fallback of symkern libraries will be built])])

dnl SASS for every architecture (minimal images may have no PTX JIT), PTX
dnl of the last so that newer GPUs can still load the library.
SYMKERN_CUDA_ARCH=`echo "$with_cuda_arch" | tr -d ' '`
SYMKERN_NVCC_GENCODE=
symkern_last=
for symkern_a in `echo "$SYMKERN_CUDA_ARCH" | tr ',' ' '`; do
  AS_CASE([$symkern_a], [[[1-9][0-9]]|[[1-9][0-9][0-9]]|[[1-9][0-9]]a|[[1-9][0-9][0-9]]a], [],
    [AC_MSG_ERROR([bad value '$symkern_a' in --with-cuda-arch (want numbers such as 87,90)])])
  SYMKERN_NVCC_GENCODE="$SYMKERN_NVCC_GENCODE -gencode arch=compute_$symkern_a,code=sm_$symkern_a"
  symkern_last=$symkern_a
done
AS_IF([test -n "$symkern_last"],
  [SYMKERN_NVCC_GENCODE="$SYMKERN_NVCC_GENCODE -gencode arch=compute_$symkern_last,code=compute_$symkern_last"])
AS_IF([test -n "$NVCC"],
  [symkern_codes=`$NVCC --list-gpu-code 2>/dev/null | tr '\n' ' '`
   AS_IF([test -n "$symkern_codes"],
     [for symkern_a in `echo "$SYMKERN_CUDA_ARCH" | tr ',' ' ' | $SED 's/a\( \|$\)/\1/g'`; do
        AS_CASE([" $symkern_codes "], [*" sm_$symkern_a "*], [],
          [AC_MSG_ERROR([$NVCC cannot compile for sm_$symkern_a (it supports: $symkern_codes); choose --with-cuda-arch or another toolkit with --with-cuda=DIR])])
      done])
   dnl The CUDA runtime linked statically, as nvcc does by default.
   symkern_cuda=`AS_DIRNAME(["$NVCC"])`/..
   SYMKERN_CUDA_CPPFLAGS="-I$symkern_cuda/include"
   SYMKERN_CUDA_LIBS="-L$symkern_cuda/lib64 -lcudart_static -ldl -lpthread -lrt -lstdc++"])
AC_SUBST([SYMKERN_CUDA_ARCH])
AC_SUBST([SYMKERN_NVCC_GENCODE])
AC_SUBST([SYMKERN_CUDA_CPPFLAGS])
AC_SUBST([SYMKERN_CUDA_LIBS])
m4_ifdef([AM_CONDITIONAL], [AM_CONDITIONAL([SYMKERN_NVCC], [test -n "$NVCC"])])dnl
])# SYMKERN_PROG
