#!/bin/sh
# tests/shell/runtime.sh: the runtime that every generated library carries,
# compiled and linted on its own (templates/README.md, The runtime):
#   runtime.h, runtime_gu.h, runtime_type.h, runtime_gamma.h,
#   runtime_special.h (as tests/oracle/special_instances.h pastes them)
#                              with the C compiler as C99 and, where a C++
#                              compiler is found, as C++11, -Wall -Wextra
#                              -Wshadow -Wconversion -Werror; clang-tidy
#                              and cppcheck where installed;
#   runtime.cuh, runtime_scratch.cuh, runtime_gu.cuh
#                              with nvcc -Werror all-warnings and the host
#                              compiler's -Wall -Wextra -Wshadow -Wconversion
#                              -Werror: alone (a library of map functions
#                              only), with the gufuncs' part and a kernel
#                              that calls every device helper, and with
#                              per-stream slots off (NAME_GU_SLOTS 0);
#                              cppcheck where installed.
# Each file is included by a small driver that defines what the templates
# define before copying it (SK_RT, SK_LIB, the status codes, the settings).
# The nvcc part skips without nvcc; the test skips (77) only when no part
# could run.  make check sets SYMKERN_NVCC and the others.
srcdir=${SYMKERN_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
builddir=${SYMKERN_BUILDDIR:-.}
templates=${SYMKERN_TEMPLATES:-$srcdir/templates}
cc=${CC:-cc}
nvcc=${SYMKERN_NVCC:-}
work=$builddir/tests/scratch/runtime
ran=0
status=0

rm -rf "$work" && mkdir -p "$work" || exit 1

# check WHAT COMMAND...: runs COMMAND, says ok or FAIL with its output.
check()
{
	what=$1
	shift
	if "$@" >"$work/log" 2>&1; then
		echo "ok: $what"
	else
		cat "$work/log"
		echo "FAIL: $what"
		status=1
	fi
	ran=1
}

# The header's part: what header.h.m4 defines before copying it.
cat >"$work/rt_h.c" <<'EOF'
/* Driver for runtime.h, runtime_gu.h and the special functions' runtime (tests/shell/runtime.sh). */
enum { RT_OK = 0, RT_EINVAL = -1, RT_EINC = -2, RT_EOVERLAP = -3, RT_ESIZE = -4, RT_ENODEV = -5, RT_ECUDA = -6 };
#define SK_RT(name) rt_priv_##name
#define SK_LIB(name) RT_##name
#include "runtime.h"
#ifndef RT_MAP_ONLY
#include "runtime_gu.h"
#define RT_FN static inline
#include "special_instances.h"
#endif
#undef SK_RT
#undef SK_LIB

int rt_use(const double *x, double *y, size_t n);
int rt_use(const double *x, double *y, size_t n)
{
	const void *in[] = {x};
	const ptrdiff_t inc[] = {1};
	int rc = rt_priv_check(n, 1, in, inc, y, 1, sizeof(double));
#ifndef RT_MAP_ONLY
	const rt_priv_arr a[] = {{x, 1, 0, 1, 0}, {y, 1, 0, 1, 1}};
	if (rc == RT_OK)
		rc = rt_priv_check_gu(n, 2, a, sizeof(double));
	if (rc == RT_OK && !(rt_priv_erfinv(0.5) > 0.47 && rt_priv_erfcinvf(1.5f) < -0.47f))
		rc = RT_EINVAL;
#endif
	return rc == RT_OK && rt_priv_cbrt(8.0) == 2.0 ? RT_OK : rc;
}
EOF
cwarn="-Wall -Wextra -Wshadow -Wconversion -Werror"
# shellcheck disable=SC2086
check "runtime.h with $cc -std=c99" $cc -std=c99 $cwarn -DRT_MAP_ONLY -I"$templates" -I"$srcdir/tests/oracle" -c -o "$work/rt_h1.o" "$work/rt_h.c"
# shellcheck disable=SC2086
check "runtime.h, runtime_gu.h with $cc -std=c99" $cc -std=c99 $cwarn -I"$templates" -I"$srcdir/tests/oracle" -c -o "$work/rt_h2.o" "$work/rt_h.c"
cxx=
for c in ${CXX:-} c++ g++ clang++; do
	if command -v "$c" >/dev/null 2>&1; then
		cxx=$c
		break
	fi
done
if [ -n "$cxx" ]; then
	# shellcheck disable=SC2086
	check "runtime.h, runtime_gu.h with $cxx -std=c++11" $cxx -x c++ -std=c++11 $cwarn -I"$templates" -I"$srcdir/tests/oracle" \
		-c -o "$work/rt_h3.o" "$work/rt_h.c"
else
	echo "skip: no C++ compiler for runtime.h"
fi
# The project's .clang-tidy, which a distribution does not carry.
if command -v clang-tidy >/dev/null 2>&1 && [ -f "$srcdir/.clang-tidy" ]; then
	check "clang-tidy runtime.h, runtime_gu.h" clang-tidy --quiet --config-file="$srcdir/.clang-tidy" \
		"$work/rt_h.c" -- -std=c99 -I"$templates" -I"$srcdir/tests/oracle"
else
	echo "skip: no clang-tidy, or no .clang-tidy in $srcdir"
fi
cppcheck_flags="--enable=warning,style,performance,portability --quiet --error-exitcode=1 --suppress=missingIncludeSystem"
if command -v cppcheck >/dev/null 2>&1; then
	# shellcheck disable=SC2086
	check "cppcheck runtime.h, runtime_gu.h" cppcheck --std=c99 $cppcheck_flags -I"$templates" -I"$srcdir/tests/oracle" "$work/rt_h.c"
fi

# The CUDA part: what kernels.cu.m4 defines before copying it (the status
# codes come from the library's header there).
cat >"$work/rt.cu" <<'EOF'
/* Driver for runtime.cuh, runtime_scratch.cuh and runtime_gu.cuh (tests/shell/runtime.sh). */
#include <stddef.h>
enum { RT_OK = 0, RT_EINVAL = -1, RT_EINC = -2, RT_EOVERLAP = -3, RT_ESIZE = -4, RT_ENODEV = -5, RT_ECUDA = -6 };
#define RT_BLOCK 256
#define RT_VEC_MIN 65536
#define RT_GU_SCRATCH ((size_t)4 << 20)
#define RT_GU_SLOT ((size_t)64 << 10)
#ifndef RT_GU_SLOTS
#define RT_GU_SLOTS 32
#endif
#define RT_GU_STAGE 32768
#define RT_GU_PAR_BATCH 1024
#define RT_GU_PAR_MIN 1024
#define RT_GU_PAR_ROWS_MIN 256
#define RT_GU_PAR_ROWS 32
#define RT_GU_PAR_MAP_BATCH 4096
#define RT_GU_RED_THREADS ((size_t)1 << 18)
#define RT_GU_CHUNK 8
#define SK_RT(name) rt_priv_##name
#define SK_LIB(name) RT_##name
#include "runtime.cuh"
#ifndef RT_MAP_ONLY
#include "runtime_scratch.cuh"
#include "runtime_gu.cuh"
#endif
#undef SK_RT
#undef SK_LIB

int rt_map(const rt_priv_map_desc *d, size_t n, const void *const *in, const ptrdiff_t *inc, void *out, size_t *nv,
           void **args);
int rt_map(const rt_priv_map_desc *d, size_t n, const void *const *in, const ptrdiff_t *inc, void *out, size_t *nv,
           void **args)
{
	return rt_priv_map_launch(d, n, 1, in, inc, out, 1, nv, args, 0);
}

#ifndef RT_MAP_ONLY
int rt_gu(const rt_priv_gu_desc *d, const rt_priv_gu_call *c, rt_priv_gu_extra *x, void **args);
int rt_gu(const rt_priv_gu_desc *d, const rt_priv_gu_call *c, rt_priv_gu_extra *x, void **args)
{
	return rt_priv_gu_launch(d, c, x, args, 1, 0);
}

template __global__ void rt_priv_pre2<float, false>(unsigned, const float *, float *);
template __global__ void rt_priv_pre2<double, true>(unsigned, const double *, double *);
template __global__ void rt_priv_sscan<float, true>(size_t, float *);
template __global__ void rt_priv_sscan<double, false>(size_t, double *);

/* Every device helper, in both precisions. */
__global__ void rt_helpers(double *o, const double *s, float *of, const float *sf, size_t n)
{
	rt_priv_stage_out<double>(o, s, n, 3, 5);
	rt_priv_stage_out<float>(of, sf, n, 3, 5);
	rt_priv_cstage_out<double>(o, 2, s, n, 4);
	rt_priv_cstage_out<float>(of, 4, sf, n, 4);
	const rt_priv_vec<double, 2> v = rt_priv_load<double, 2>(s, threadIdx.x, n == 0, 1.0);
	const rt_priv_vec<float, 4> w = rt_priv_load<float, 4>(sf, threadIdx.x, n == 0, 1.0f);
	double a = v.v[0], c = 0;
	float af = w.v[3], cf = 0;
	rt_priv_acc<double, false>(a, c, v.v[1]);
	rt_priv_acc<float, true>(af, cf, w.v[0]);
	size_t item, k0, k1;
	rt_priv_chunk(n, 4, &item, &k0, &k1);
	if (threadIdx.x == 0)
		o[item] = a + (double)(k1 - k0) + c;
	if (threadIdx.x == 1)
		of[item] = af + cf;
}
#endif
EOF
if [ -n "$nvcc" ]; then
	nwarn="-Werror all-warnings -Xcompiler -Wall,-Wextra,-Wshadow,-Wconversion,-Werror"
	# The three at once: nvcc is slow.
	# shellcheck disable=SC2086
	(cd "$work" && $nvcc $nwarn -DRT_MAP_ONLY -I"$templates" -c -o rt_map.o rt.cu >nvcc_map.log 2>&1 &&
		touch map.ok) &
	# shellcheck disable=SC2086
	(cd "$work" && $nvcc $nwarn -I"$templates" -c -o rt_gu.o rt.cu >nvcc_gu.log 2>&1 && touch gu.ok) &
	# shellcheck disable=SC2086
	(cd "$work" && $nvcc $nwarn -DRT_GU_SLOTS=0 -I"$templates" -c -o rt_noslots.o rt.cu >nvcc_noslots.log 2>&1 &&
		touch noslots.ok) &
	wait
	for v in map:"runtime.cuh alone" gu:"runtime.cuh, runtime_scratch.cuh, runtime_gu.cuh" noslots:"runtime.cuh, runtime_scratch.cuh, runtime_gu.cuh, no slots"; do
		if [ -f "$work/${v%%:*}.ok" ]; then
			echo "ok: nvcc: ${v#*:}"
		else
			cat "$work/nvcc_${v%%:*}.log"
			echo "FAIL: nvcc: ${v#*:}"
			status=1
		fi
	done
	ran=1
else
	echo "skip: no nvcc for runtime.cuh"
fi
if command -v cppcheck >/dev/null 2>&1; then
	# The CUDA keywords as nothing: cppcheck reads the code as C++.
	# shellcheck disable=SC2086
	check "cppcheck runtime.cuh, runtime_scratch.cuh, runtime_gu.cuh" cppcheck --language=c++ --std=c++17 $cppcheck_flags \
		-I"$templates" -D__CUDACC__ -D__global__= -D__device__= -D__host__= -D__shared__= \
		-D__forceinline__=inline '-D__launch_bounds__(x)=' '-D__align__(n)=' -DCUDART_VERSION=13000 \
		"$work/rt.cu"
fi

if [ $ran = 0 ]; then
	echo "SKIP: no compiler or linter ran"
	exit 77
fi
exit $status
