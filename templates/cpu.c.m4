sk_banner([[sk_lib[[_cpu.c]]: the CPU fallback of the sk_lib library]])
/* Builds with any C99 compiler and no CUDA toolkit.  With OpenMP (-fopenmp)
 * a call of more than sk_LIB[[]]_OMP_MIN elements runs on all threads, and the
 * loops are `omp simd`, so GCC vectorizes them.  On x86-64 glibc 2.35 and
 * later, the math functions below are declared `simd` so that GCC calls
 * glibc's vector math library (libmvec, part of libm) in those loops,
 * without -ffast-math: libmvec's documented error bound is 4 ulp.  In
 * double, its cos, sin, tan and exp reach 3.0 to 3.5 ulps from the exact
 * value and asin 2.6 (glibc 2.36, AVX-512, 4e6 points: docs/accuracy.md),
 * past the 2 ulps from the correctly rounded value that symkern promises
 * in double, so those five stay glibc's scalar ones (< 1 ulp) unless
 * sk_LIB[[]]_LIBMVEC_4ULP is defined: libmvec's are about 12 times faster
 * (cos: 0.75 against 9 ns an element on one core).  The other double
 * functions measured within 2 there, and the oracle finds the float ones
 * within the 4 promised in float (docs/accuracy.md).  Define sk_LIB[[]]_NO_LIBMVEC for the scalar functions
 * throughout.  The `if` clause applies to the threads only: short calls
 * stay vectorized.
 *
 * With SYMKERN_SLEEF defined (link -lsleef: SLEEF 3.5, libsleef-dev),
 * every function below is declared `simd`, double sin, cos, tan, asin and
 * exp too, and the vector versions GCC calls are defined in this file
 * (runtime_sleef.h): SLEEF's, within 1 ulp of the exact value (erfc
 * 1.5), glibc's scalar ones for the lanes beyond SLEEF's range.  Without
 * target_clones' ifunc (no glibc) or GCC, the loops call the scalar
 * functions. */
#include "sk_lib.h"

#ifndef sk_LIB[[]]_OMP_MIN
#define sk_LIB[[]]_OMP_MIN 32768
#endif
#if defined(_OPENMP)
/* Gufuncs: threads over batch items once the items' elements add up. */
#define sk_LIB[[]]_GU_LOOP _Pragma("omp parallel for schedule(static) if (_m > 1 && (size_t)_m * _w > sk_LIB[[]]_OMP_MIN)")
#define sk_LIB[[]]_LOOP _Pragma("omp parallel for simd schedule(static) if (parallel: _m > sk_LIB[[]]_OMP_MIN)")
#else
#define sk_LIB[[]]_GU_LOOP
#define sk_LIB[[]]_LOOP
#endif

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__GLIBC__) && \
    defined(__GLIBC_PREREQ) && !defined(sk_LIB[[]]_NO_LIBMVEC)
#if __GLIBC_PREREQ(2, 35) || defined(SYMKERN_SLEEF)
/* Each map function is compiled for AVX-512, AVX2 and baseline x86-64, and
 * the loader picks the best the CPU has (GCC's target_clones, an ifunc):
 * libmvec (or SLEEF) then computes 8, 4 or 2 doubles per call. */
#define sk_LIB[[]]_CLONES __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#define sk_LIB[[]]_SIMD __attribute__((__simd__("notinbranch"))) extern
/* _SIMD_4ULP: libmvec's beyond the bound, SLEEF's within */
#if defined(SYMKERN_SLEEF)
#define sk_LIB[[]]_SIMD_4ULP sk_LIB[[]]_SIMD
m4_undivert([[runtime_sleef.h]])m4_dnl
#elif defined(sk_LIB[[]]_LIBMVEC_4ULP)
#define sk_LIB[[]]_SIMD_4ULP sk_LIB[[]]_SIMD
#else
#define sk_LIB[[]]_SIMD_4ULP extern
#endif
sk_LIB[[]]_SIMD_4ULP double sin(double);
sk_LIB[[]]_SIMD_4ULP double cos(double);
sk_LIB[[]]_SIMD_4ULP double tan(double);
sk_LIB[[]]_SIMD_4ULP double asin(double);
sk_LIB[[]]_SIMD double acos(double);
sk_LIB[[]]_SIMD double atan(double);
sk_LIB[[]]_SIMD double atan2(double, double);
sk_LIB[[]]_SIMD double sinh(double);
sk_LIB[[]]_SIMD double cosh(double);
sk_LIB[[]]_SIMD double tanh(double);
sk_LIB[[]]_SIMD double asinh(double);
sk_LIB[[]]_SIMD double acosh(double);
sk_LIB[[]]_SIMD double atanh(double);
sk_LIB[[]]_SIMD_4ULP double exp(double);
sk_LIB[[]]_SIMD double log(double);
sk_LIB[[]]_SIMD double cbrt(double);
sk_LIB[[]]_SIMD double erf(double);
sk_LIB[[]]_SIMD double erfc(double);
sk_LIB[[]]_SIMD double exp2(double);
sk_LIB[[]]_SIMD double log2(double);
sk_LIB[[]]_SIMD double log10(double);
sk_LIB[[]]_SIMD double expm1(double);
sk_LIB[[]]_SIMD double log1p(double);
sk_LIB[[]]_SIMD double hypot(double, double);
sk_LIB[[]]_SIMD double pow(double, double);
sk_LIB[[]]_SIMD float sinf(float);
sk_LIB[[]]_SIMD float cosf(float);
sk_LIB[[]]_SIMD float tanf(float);
sk_LIB[[]]_SIMD float asinf(float);
sk_LIB[[]]_SIMD float acosf(float);
sk_LIB[[]]_SIMD float atanf(float);
sk_LIB[[]]_SIMD float atan2f(float, float);
sk_LIB[[]]_SIMD float sinhf(float);
sk_LIB[[]]_SIMD float coshf(float);
sk_LIB[[]]_SIMD float tanhf(float);
sk_LIB[[]]_SIMD float asinhf(float);
sk_LIB[[]]_SIMD float acoshf(float);
sk_LIB[[]]_SIMD float atanhf(float);
sk_LIB[[]]_SIMD float expf(float);
sk_LIB[[]]_SIMD float logf(float);
sk_LIB[[]]_SIMD float cbrtf(float);
sk_LIB[[]]_SIMD float erff(float);
sk_LIB[[]]_SIMD float erfcf(float);
sk_LIB[[]]_SIMD float exp2f(float);
sk_LIB[[]]_SIMD float log2f(float);
sk_LIB[[]]_SIMD float log10f(float);
sk_LIB[[]]_SIMD float expm1f(float);
sk_LIB[[]]_SIMD float log1pf(float);
sk_LIB[[]]_SIMD float hypotf(float, float);
sk_LIB[[]]_SIMD float powf(float, float);
#endif
#endif
#ifndef sk_LIB[[]]_CLONES
#define sk_LIB[[]]_CLONES
#endif
sk_each_prec([[sk_each_fn([[
sk_LIB[[]]_CLONES sk_cpu_decl(sk_i)
{
	const void *_in[[[]]] = {sk_args(sk_i, [[\&, ]], [[]])NULL};
	const ptrdiff_t _inc[[[]]] = {sk_args(sk_i, [[inc_\&, ]], [[]])0};
	const int _rc = sk_lib[[_priv_check]](n, sk_fn_nargs(sk_i), _in, _inc, out, inc_out, sizeof(sk_T));
	const ptrdiff_t _m = (ptrdiff_t)n;
	if (_rc != 0)
		return _rc;
	if (sk_args(sk_i, [[inc_\& == 1 && ]], [[]])inc_out == 1) {
		sk_LIB[[]]_LOOP
		for (ptrdiff_t _i = 0; _i < _m; _i++)
			out[_i] = sk_f(sk_i)(sk_args(sk_i, [[\&[_i] ]], [[, ]]));
	} else {
		sk_LIB[[]]_LOOP
		for (ptrdiff_t _i = 0; _i < _m; _i++)
			out[_i * inc_out] = sk_f(sk_i)(sk_args(sk_i, [[\&[_i * inc_\&] ]], [[, ]]));
	}
	return sk_LIB[[]]_OK;
}
]])]])
sk_fn_table([[cpu]], [[_cpu]], [[]])
sk_each_prec([[sk_each_gu([[
sk_LIB[[]]_CLONES sk_gu_cpu_decl(sk_i)
{
	const sk_lib[[_priv_arr]] _a[[[]]] = {sk_gu_arrays(sk_i)};
	const int _rc = sk_lib[[_priv_check_gu]](batch, sk_gu_narrays(sk_i), _a, sizeof(sk_T));
	const ptrdiff_t _m = (ptrdiff_t)batch;
	const size_t _w = sk_gu_work(sk_i);
	(void)_w;
	if (_rc != 0)
		return _rc;
m4_ifelse(sk_gu_outvar(sk_i), 1, [[	if (sk_gu_outlen(sk_i) == 0)
		return sk_LIB[[]]_OK; /* no element to compute, however many items */
]])m4_dnl
	sk_LIB[[]]_GU_LOOP
	for (ptrdiff_t _b = 0; _b < _m; _b++)
		sk_gu_call(sk_i)
	return sk_LIB[[]]_OK;
}
]])]])
