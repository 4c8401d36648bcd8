/* special_f32.c: every float argument of the float special functions of
 * templates/runtime_special.h, runtime_gamma.h, runtime_bessel.h (J0,
 * J1, Y0, Y1), runtime_besselik.h (I0, I1, K0, K1) and
 * runtime_spherical.h (j0, j1, y0, y1), runtime_elliptic.h (K, E),
 * runtime_incgamma.h (E1), runtime_sici.h (Ei, li, Si, Ci, Shi, Chi) and
 * runtime_airy.h (Ai, Bi, Ai', Bi') against their double versions (within 4
 * ulps of double: about 1e-9 float ulps), on the CPU: the exhaustive
 * measurement behind their f32 rows in tests/oracle/bounds.txt and
 * docs/accuracy.md.  Not part of make check (minutes of one core):
 *
 *   cc -O2 -fopenmp -Itemplates -o special_f32 tests/oracle/special_f32.c -lm
 *   ./special_f32
 *
 * Prints the largest error of each function, in float ulps of the double
 * value, and where it occurs; `./special_f32 lambertw` only those whose
 * name holds "lambertw". */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define SK_RT(name) t_##name
#define SK_LIB(name) T_##name
#define T_FN static inline
#include "special_instances.h"

/* In float ulps of ref, or (amp) of the larger of ref and the Bessel
 * functions' amplitude, min(1, sqrt(2/(pi |x|))) (amp 1) or for the
 * spherical ones min(1, 1/|x|) (amp 2), Ci's 1/x for x >= 3 (amp 3), the
 * Airy functions' |x|^-1/4/sqrt(pi) (amp 4; derivatives |x|^1/4/sqrt(pi),
 * amp 5) for x < -1: near their zeros relative accuracy is not kept
 * (docs/accuracy.md, "u|a"). */
static double ulps(float got, double ref, double x, int amp)
{
	const double a = amp == 1   ? fmin(1, sqrt(2 / (3.141592653589793 * fabs(x))))
	                 : amp == 2 ? fmin(1, 1 / fabs(x))
	                 : amp == 3 ? (x >= 3 ? 1 / x : 0)
	                 : amp >= 4 ? (x < -1 ? pow(fabs(x), amp == 4 ? -0.25 : 0.25) / sqrt(3.141592653589793) : 0)
	                            : 0;
	int e;
	if (isinf((float)ref)) /* beyond the float range: its rounding is +-inf */
		ref = (double)(float)ref;
	if (isnan(ref) || isinf(ref))
		return (got == ref || (isnan(got) && isnan(ref))) ? 0 : INFINITY;
	(void)frexp(fabs(ref) > a ? ref : a, &e);
	return fabs((double)got - ref) / ldexp(1, e - 24 < -149 ? -149 : e - 24);
}

/* The functions, their domains among the floats >= +0 (by their bits, an
 * integer: u) and below (-u), and their double versions. */
static const struct {
	const char *name;
	float (*f)(float);
	double (*d)(double);
	float lo, hi; /* the arguments: lo <= x < hi */
	int amp;      /* in ulps of the amplitude where that is larger */
} fns[] = {
	{"erfinvf", t_erfinvf, t_erfinv, 0, 1, 0}, /* odd */
	{"erfcinvf", t_erfcinvf, t_erfcinv, 0, 2, 0},
	{"lambertwf", t_lambertwf, t_lambertw, -0.36787942f, 3.4e38f, 0}, /* above -1/e, to FLT_MAX */
	{"lambertwm1f", t_lambertwm1f, t_lambertwm1, -0.36787942f, 0, 0},
	/* x >= 0 (x < 0: near digamma's zeros the double version, with the
	 * same reflection, is no reference; the oracle measures them) */
	{"digammaf", t_digammaf, t_digamma, 0, 3.4e38f, 0},
	{"trigammaf", t_trigammaf, t_trigamma, -20, 3.4e38f, 0},
	{"besselj0f", t_besselj0f, t_besselj0, -3.4e38f, 3.4e38f, 1},
	{"besselj1f", t_besselj1f, t_besselj1, -3.4e38f, 3.4e38f, 1},
	{"bessely0f", t_bessely0f, t_bessely0, 0, 3.4e38f, 1},
	{"bessely1f", t_bessely1f, t_bessely1, 0, 3.4e38f, 1},
	{"besseli0f", t_besseli0f, t_besseli0, -3.4e38f, 3.4e38f, 0},
	{"besseli1f", t_besseli1f, t_besseli1, -3.4e38f, 3.4e38f, 0},
	{"besselk0f", t_besselk0f, t_besselk0, 0, 3.4e38f, 0},
	{"besselk1f", t_besselk1f, t_besselk1, 0, 3.4e38f, 0},
	{"sphj0f", t_sphj0f, t_sphj0, -3.4e38f, 3.4e38f, 2},
	{"sphj1f", t_sphj1f, t_sphj1, -3.4e38f, 3.4e38f, 2},
	{"sphy0f", t_sphy0f, t_sphy0, -3.4e38f, 3.4e38f, 2},
	{"sphy1f", t_sphy1f, t_sphy1, -3.4e38f, 3.4e38f, 2},
	{"elliptic_kf", t_elliptic_kf, t_elliptic_k, -3.4e38f, 1, 0},
	{"elliptic_ef", t_elliptic_ef, t_elliptic_e, -3.4e38f, 1, 0},
	{"e1f", t_e1f, t_e1, 0, 3.4e38f, 0},
	{"eif", t_eif, t_ei, -3.4e38f, 3.4e38f, 0},
	{"lif", t_lif, t_li, 0, 3.4e38f, 0},
	{"sif", t_sif, t_si, -3.4e38f, 3.4e38f, 0},
	{"cif", t_cif, t_ci, 0, 3.4e38f, 3},
	{"shif", t_shif, t_shi, -3.4e38f, 3.4e38f, 0},
	{"chif", t_chif, t_chi, 0, 3.4e38f, 0},
	/* x >= -8e4: beyond, float's two-part phase is lost (symkern(5)) */
	{"airyaif", t_airyaif, t_airyai, -8e4f, 3.4e38f, 4},
	{"airybif", t_airybif, t_airybi, -8e4f, 3.4e38f, 4},
	{"airyaiprimef", t_airyaiprimef, t_airyaiprime, -8e4f, 3.4e38f, 5},
	{"airybiprimef", t_airybiprimef, t_airybiprime, -8e4f, 3.4e38f, 5},
};

int main(int argc, char **argv)
{
	for (size_t k = 0; k < sizeof fns / sizeof fns[0]; k++) {
		double worst = 0;
		float at = 0;
		if (argc > 1 && !strstr(fns[k].name, argv[1]))
			continue;
#pragma omp parallel
		{
			double w = 0;
			float a = 0;
#pragma omp for schedule(dynamic, 1 << 20)
			for (int64_t i = 0; i < 0x100000000LL; i++) { /* every float */
				const uint32_t u = (uint32_t)i;
				float x;
				double e;
				memcpy(&x, &u, sizeof x);
				if (!(x >= fns[k].lo && x < fns[k].hi))
					continue;
				if ((e = ulps(fns[k].f(x), fns[k].d((double)x), (double)x, fns[k].amp)) > w)
					w = e, a = x;
			}
#pragma omp critical
			if (w > worst)
				worst = w, at = a;
		}
		printf("%-12s max %.3f ulps at %.9g\n", fns[k].name, worst, (double)at);
	}
	return 0;
}
