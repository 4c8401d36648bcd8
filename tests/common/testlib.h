/* testlib.h: what the test programs share, in C and in CUDA host code
 * (tests/unit/test_numeric.c and test_rewrite.c, tests/gpu/gpu_map.cu,
 * tests/gpu/gpu_gufunc.cu): a reproducible uniform draw and the error in
 * units in the last place. */
#ifndef SYMKERN_TESTLIB_H
#define SYMKERN_TESTLIB_H

#include <float.h>
#include <math.h>
#include <stdint.h>

/* A draw uniform in [lo, hi) from the splitmix64 sequence at *state
 * (Steele, Lea and Flood 2014), advancing it: the same seed gives the same
 * inputs on every machine. */
static inline double test_uniform(uint64_t *state, double lo, double hi)
{
	uint64_t z = (*state += 0x9E3779B97F4A7C15u);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
	/* The fraction first: (hi - lo) times 2^53 would overflow for spans
	 * beyond about 1e292. */
	return lo + (hi - lo) * ((double)((z ^ (z >> 31)) >> 11) * 0x1p-53);
}

/* The error of got against the reference ref in units in the last place
 * of a precision of `digits` bits (53 double, 24 float): the spacing of
 * that precision at ref, which stops shrinking below its normal range.
 * 0 when both are the same NaN or infinity; infinite when one is not
 * finite and the other differs. */
static inline double test_ulps(long double got, long double ref, int digits)
{
	if (isnan(ref) || isinf(ref))
		return (isnan(ref) && isnan(got)) || got == ref ? 0 : INFINITY;
	if (isnan(got) || isinf(got))
		return INFINITY;
	int e;
	frexpl(ref, &e);
	const int emin = digits == 53 ? DBL_MIN_EXP : FLT_MIN_EXP;
	if (e < emin)
		e = emin;
	return (double)(fabsl(got - ref) / ldexpl(1.0L, e - digits));
}

#endif
