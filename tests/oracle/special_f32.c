/* special_f32.c: every float argument of the float special functions of
 * templates/runtime_special.h against their double versions (within 3.6
 * ulps of double: about 1e-9 float ulps), on the CPU: the exhaustive
 * measurement behind their f32 rows in tests/oracle/bounds.txt and
 * docs/accuracy.md.  Not part of make check (minutes of one core):
 *
 *   cc -O2 -fopenmp -Itemplates -o special_f32 tests/oracle/special_f32.c -lm
 *   ./special_f32
 *
 * Prints the largest error of each function, in float ulps of the double
 * value, and where it occurs. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define SK_RT(name) t_##name
#define SK_LIB(name) T_##name
#define T_FN static inline
#include "runtime_special.h"

static double ulps(float got, double ref)
{
	int e;
	if (isnan(ref) || isinf(ref))
		return (got == ref || (isnan(got) && isnan(ref))) ? 0 : INFINITY;
	(void)frexp(ref, &e);
	return fabs((double)got - ref) / ldexp(1, e - 24 < -149 ? -149 : e - 24);
}

int main(void)
{
	double worst[2] = {0, 0};
	float at[2] = {0, 0};
#pragma omp parallel
	{
		double w[2] = {0, 0};
		float a[2] = {0, 0};
#pragma omp for schedule(dynamic, 1 << 20)
		for (int64_t i = 0; i < 0x80000000LL; i++) { /* every float >= +0 */
			const uint32_t u = (uint32_t)i;
			float x;
			double e;
			memcpy(&x, &u, sizeof x);
			if (!(x < 2))
				continue;
			if (x < 1 && (e = ulps(t_erfinvf(x), t_erfinv((double)x))) > w[0]) /* odd */
				w[0] = e, a[0] = x;
			if ((e = ulps(t_erfcinvf(x), t_erfcinv((double)x))) > w[1])
				w[1] = e, a[1] = x;
		}
#pragma omp critical
		for (int k = 0; k < 2; k++)
			if (w[k] > worst[k])
				worst[k] = w[k], at[k] = a[k];
	}
	printf("erfinvf  (0 <= x < 1, odd): max %.3f ulps at %.9g\n", worst[0], (double)at[0]);
	printf("erfcinvf (0 <= q < 2):      max %.3f ulps at %.9g\n", worst[1], (double)at[1]);
	return 0;
}
