/* runtime_sleef.h (pasted into NAME_cpu.c within #ifdef SYMKERN_SLEEF, on
 * x86-64 with GCC): the vector versions of the math functions that
 * NAME_cpu.c declares `simd`, defined here under the names GCC calls in
 * the vectorized loops (the x86-64 vector function ABI: _ZGV, ISA b
 * SSE2, c AVX, d AVX2, e AVX-512, N: not masked, lanes, v per argument,
 * the scalar name), each calling SLEEF's function for that ISA from
 * libsleef (SLEEF 3.5, Debian's libsleef-dev): its _u10 functions, within
 * 1.0 ulp of the exact value (erfc _u15: 1.5; hypot _u05).
 *
 * Defined here, weak and hidden, rather than taken from SLEEF's GNU-ABI
 * library under libmvec's names: the linker binds these whatever the order
 * of -lsleef and -lm (libmvec's, 4 ulps, are never used), each generated
 * library keeps its own (several in one program do not clash), and where
 * SLEEF's range is short the lanes beyond it are recomputed by glibc's
 * scalar function (its asm name, without the `simd` declaration): SLEEF's
 * exp(x) is inf from x = 709.7827111 (overflow: 709.7827129), sinh and
 * cosh beyond 709.78 (float 88.72; overflow 710.48, 89.42), asinh and
 * acosh lose accuracy beyond about 1e154 (float 1.8e19), log1p gives inf
 * from 1e307 (float 1e38): measured by the oracle (docs/accuracy.md).
 * SLEEF's functions are declared here, not by <sleef.h>, which declares
 * those of an ISA only where the whole file is compiled for it. */
#include <immintrin.h>

/* name, SLEEF's name and accuracy; _R: also the largest |x| for which
 * SLEEF's is used (beyond it, and for NaN, glibc's scalar function) */
#define SK_SLEEF_D1(X)                                                                                     \
	X(sin, sin, u10) X(cos, cos, u10) X(tan, tan, u10) X(asin, asin, u10) X(acos, acos, u10)           \
	X(atan, atan, u10) X(tanh, tanh, u10) X(atanh, atanh, u10) X(log, log, u10) X(cbrt, cbrt, u10)     \
	X(erf, erf, u10) X(erfc, erfc, u15) X(exp2, exp2, u10) X(log2, log2, u10) X(log10, log10, u10)     \
	X(expm1, expm1, u10)
#define SK_SLEEF_D1_R(X)                                                                                   \
	X(sinh, sinh, u10, 709.0) X(cosh, cosh, u10, 709.0) X(asinh, asinh, u10, 1e150)                    \
	X(acosh, acosh, u10, 1e150) X(exp, exp, u10, 709.0) X(log1p, log1p, u10, 1e300)
#define SK_SLEEF_F1(X)                                                                                     \
	X(sinf, sin, u10) X(cosf, cos, u10) X(tanf, tan, u10) X(asinf, asin, u10) X(acosf, acos, u10)      \
	X(atanf, atan, u10) X(tanhf, tanh, u10) X(atanhf, atanh, u10) X(expf, exp, u10)                    \
	X(logf, log, u10) X(cbrtf, cbrt, u10) X(erff, erf, u10) X(erfcf, erfc, u15) X(exp2f, exp2, u10)    \
	X(log2f, log2, u10) X(log10f, log10, u10) X(expm1f, expm1, u10)
#define SK_SLEEF_F1_R(X)                                                                                   \
	X(sinhf, sinh, u10, 88.0f) X(coshf, cosh, u10, 88.0f) X(asinhf, asinh, u10, 1e18f)                 \
	X(acoshf, acosh, u10, 1e18f) X(log1pf, log1p, u10, 1e36f)
#define SK_SLEEF_D2(X) X(atan2, atan2, u10) X(hypot, hypot, u05) X(pow, pow, u10)
#define SK_SLEEF_F2(X) X(atan2f, atan2, u10) X(hypotf, hypot, u05) X(powf, pow, u10)

/* glibc's scalar functions of the _R lists, by their asm names: without
 * the `simd` declaration, so that the loops below stay scalar */
#define SK_SLEEF_LIBM(T, name, sname, acc, lim) extern T symkern_libm_##name(T) __asm__(#name);
#define SK_SLEEF_LIBM_D(name, sname, acc, lim) SK_SLEEF_LIBM(double, name, sname, acc, lim)
#define SK_SLEEF_LIBM_F(name, sname, acc, lim) SK_SLEEF_LIBM(float, name, sname, acc, lim)
SK_SLEEF_D1_R(SK_SLEEF_LIBM_D)
SK_SLEEF_F1_R(SK_SLEEF_LIBM_F)

/* the vector function of one name for one ISA: isa letter, lanes, vector
 * type, scalar type, SLEEF's vector suffix (d2, f8, ...) and ISA */
#define SK_SLEEF_V1(isa, n, V, sfx, sisa, name, sname, acc)                                                \
	extern V Sleef_##sname##sfx##_##acc##sisa(V);                                                      \
	__attribute__((weak, visibility("hidden"))) V _ZGV##isa##N##n##v_##name(V x)                       \
	{                                                                                                  \
		return Sleef_##sname##sfx##_##acc##sisa(x);                                                \
	}
#define SK_SLEEF_V1_R(isa, n, V, T, sfx, sisa, name, sname, acc, lim)                                      \
	extern V Sleef_##sname##sfx##_##acc##sisa(V);                                                      \
	__attribute__((weak, visibility("hidden"))) V _ZGV##isa##N##n##v_##name(V x)                       \
	{                                                                                                  \
		V r = Sleef_##sname##sfx##_##acc##sisa(x);                                                 \
		for (int i = 0; i < n; i++)                                                                \
			if (!(x[i] <= (T)lim && x[i] >= -(T)lim))                                          \
				r[i] = symkern_libm_##name(x[i]);                                          \
		return r;                                                                                  \
	}
#define SK_SLEEF_V2(isa, n, V, sfx, sisa, name, sname, acc)                                                \
	extern V Sleef_##sname##sfx##_##acc##sisa(V, V);                                                   \
	__attribute__((weak, visibility("hidden"))) V _ZGV##isa##N##n##vv_##name(V x, V y)                 \
	{                                                                                                  \
		return Sleef_##sname##sfx##_##acc##sisa(x, y);                                             \
	}
/* every function for the ISA that SK_SLEEF_X_* bind (defined below for
 * each: isa letter, lanes, vector type, SLEEF's suffix and ISA) */
#define SK_SLEEF_ALL()                                                                                     \
	SK_SLEEF_D1(SK_SLEEF_X_D1)                                                                         \
	SK_SLEEF_D1_R(SK_SLEEF_X_D1_R)                                                                     \
	SK_SLEEF_F1(SK_SLEEF_X_F1)                                                                         \
	SK_SLEEF_F1_R(SK_SLEEF_X_F1_R)                                                                     \
	SK_SLEEF_D2(SK_SLEEF_X_D2)                                                                         \
	SK_SLEEF_F2(SK_SLEEF_X_F2)

/* b: SSE2, the x86-64 baseline */
#define SK_SLEEF_X_D1(name, sname, acc) SK_SLEEF_V1(b, 2, __m128d, d2, sse2, name, sname, acc)
#define SK_SLEEF_X_D1_R(name, sname, acc, lim) SK_SLEEF_V1_R(b, 2, __m128d, double, d2, sse2, name, sname, acc, lim)
#define SK_SLEEF_X_F1(name, sname, acc) SK_SLEEF_V1(b, 4, __m128, f4, sse2, name, sname, acc)
#define SK_SLEEF_X_F1_R(name, sname, acc, lim) SK_SLEEF_V1_R(b, 4, __m128, float, f4, sse2, name, sname, acc, lim)
#define SK_SLEEF_X_D2(name, sname, acc) SK_SLEEF_V2(b, 2, __m128d, d2, sse2, name, sname, acc)
#define SK_SLEEF_X_F2(name, sname, acc) SK_SLEEF_V2(b, 4, __m128, f4, sse2, name, sname, acc)
SK_SLEEF_ALL()
#undef SK_SLEEF_X_D1
#undef SK_SLEEF_X_D1_R
#undef SK_SLEEF_X_F1
#undef SK_SLEEF_X_F1_R
#undef SK_SLEEF_X_D2
#undef SK_SLEEF_X_F2

/* c: AVX */
#pragma GCC push_options
#pragma GCC target("avx")
#define SK_SLEEF_X_D1(name, sname, acc) SK_SLEEF_V1(c, 4, __m256d, d4, avx, name, sname, acc)
#define SK_SLEEF_X_D1_R(name, sname, acc, lim) SK_SLEEF_V1_R(c, 4, __m256d, double, d4, avx, name, sname, acc, lim)
#define SK_SLEEF_X_F1(name, sname, acc) SK_SLEEF_V1(c, 8, __m256, f8, avx, name, sname, acc)
#define SK_SLEEF_X_F1_R(name, sname, acc, lim) SK_SLEEF_V1_R(c, 8, __m256, float, f8, avx, name, sname, acc, lim)
#define SK_SLEEF_X_D2(name, sname, acc) SK_SLEEF_V2(c, 4, __m256d, d4, avx, name, sname, acc)
#define SK_SLEEF_X_F2(name, sname, acc) SK_SLEEF_V2(c, 8, __m256, f8, avx, name, sname, acc)
SK_SLEEF_ALL()
#pragma GCC pop_options
#undef SK_SLEEF_X_D1
#undef SK_SLEEF_X_D1_R
#undef SK_SLEEF_X_F1
#undef SK_SLEEF_X_F1_R
#undef SK_SLEEF_X_D2
#undef SK_SLEEF_X_F2

/* d: AVX2 */
#pragma GCC push_options
#pragma GCC target("avx2")
#define SK_SLEEF_X_D1(name, sname, acc) SK_SLEEF_V1(d, 4, __m256d, d4, avx2, name, sname, acc)
#define SK_SLEEF_X_D1_R(name, sname, acc, lim) SK_SLEEF_V1_R(d, 4, __m256d, double, d4, avx2, name, sname, acc, lim)
#define SK_SLEEF_X_F1(name, sname, acc) SK_SLEEF_V1(d, 8, __m256, f8, avx2, name, sname, acc)
#define SK_SLEEF_X_F1_R(name, sname, acc, lim) SK_SLEEF_V1_R(d, 8, __m256, float, f8, avx2, name, sname, acc, lim)
#define SK_SLEEF_X_D2(name, sname, acc) SK_SLEEF_V2(d, 4, __m256d, d4, avx2, name, sname, acc)
#define SK_SLEEF_X_F2(name, sname, acc) SK_SLEEF_V2(d, 8, __m256, f8, avx2, name, sname, acc)
SK_SLEEF_ALL()
#pragma GCC pop_options
#undef SK_SLEEF_X_D1
#undef SK_SLEEF_X_D1_R
#undef SK_SLEEF_X_F1
#undef SK_SLEEF_X_F1_R
#undef SK_SLEEF_X_D2
#undef SK_SLEEF_X_F2

/* e: AVX-512 */
#pragma GCC push_options
#pragma GCC target("avx512f")
#define SK_SLEEF_X_D1(name, sname, acc) SK_SLEEF_V1(e, 8, __m512d, d8, avx512f, name, sname, acc)
#define SK_SLEEF_X_D1_R(name, sname, acc, lim) SK_SLEEF_V1_R(e, 8, __m512d, double, d8, avx512f, name, sname, acc, lim)
#define SK_SLEEF_X_F1(name, sname, acc) SK_SLEEF_V1(e, 16, __m512, f16, avx512f, name, sname, acc)
#define SK_SLEEF_X_F1_R(name, sname, acc, lim) SK_SLEEF_V1_R(e, 16, __m512, float, f16, avx512f, name, sname, acc, lim)
#define SK_SLEEF_X_D2(name, sname, acc) SK_SLEEF_V2(e, 8, __m512d, d8, avx512f, name, sname, acc)
#define SK_SLEEF_X_F2(name, sname, acc) SK_SLEEF_V2(e, 16, __m512, f16, avx512f, name, sname, acc)
SK_SLEEF_ALL()
#pragma GCC pop_options
#undef SK_SLEEF_X_D1
#undef SK_SLEEF_X_D1_R
#undef SK_SLEEF_X_F1
#undef SK_SLEEF_X_F1_R
#undef SK_SLEEF_X_D2
#undef SK_SLEEF_X_F2
