/* test_numeric.c: the CPU fallback of tests/sym/funcs.sym (every operator and
 * built-in) against long double references, in both precisions, in ulps of
 * the result type; then increments: broadcast, negative, in place, n = 0. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "funcs.h"
#include "mathfn.h"
#include "tests.h"
#include "testlib.h"

typedef long double LD;
typedef LD (*Ref)(const LD *a);

#define R(name, expr) static LD name(const LD *a) { (void)a; return (expr); }
#define PI 3.14159265358979323846264338327950288L
#define EE 2.71828182845904523536028747135266250L
R(r_add, a[0] + a[1])
R(r_sub, a[0] - a[1])
R(r_mul, a[0] * a[1])
R(r_div, a[0] / a[1])
R(r_neg, -a[0])
R(r_powxy, powl(a[0], a[1]))
R(r_pow12, powl(a[0], 12))
R(r_powm3, powl(a[0], -3))
R(r_pow32, powl(a[0], 1.5L))
R(r_powm12, 1 / sqrtl(a[0]))
R(r_pow13, powl(a[0], 1.0L / 3))
R(r_half, a[0] / 2)
R(r_atan2, atan2l(a[0], a[1]))
R(r_logb, logl(a[0]) / logl(3))
R(r_sign, a[0] > 0 ? 1 : a[0] < 0 ? -1 : a[0])
R(r_min3, fminl(fminl(a[0], a[1]), 1))
R(r_max3, fmaxl(fmaxl(1, a[0]), a[1]))
R(r_heav, a[0] > 0 ? 1 : a[0] < 0 ? 0 : a[0] == 0 ? 0.5L : a[0])
R(r_heav1, a[0] > 0 ? 1 : a[0] < 0 ? 0 : a[0] == 0 ? 1 : a[0])
R(r_hypot, hypotl(a[0], a[1]))
R(r_fma, fmal(a[0], a[1], a[2]))
R(r_pi, PI * a[0])
R(r_e, EE + a[0])
R(r_pw, a[0] < 0 ? a[0] * a[0] : a[0] < 1 ? sinl(a[0]) : 1)
R(r_logic, (a[0] == a[1] || a[0] > 2) ? 1 : (a[0] != 0 && !(a[1] <= 0)) ? 2 : (a[0] >= -1 && !(a[1] > 1)) ? 3 : 4)
R(r_nanpw, a[0] > 0 ? a[0] : NAN)
R(r_chain, (-1 < a[0] && a[0] < 1) ? a[0] : 0)
R(r_call, sinl(a[0]) + cosl(a[1]) * (a[0] + a[1]))
R(r_konst, 1.0L / 3 + PI)
/* The generator's folding of constants (gen/fold_special.c): erfinv and
 * LambertW by Newton's method in long double, another algorithm than the
 * generated code's (templates/runtime_special.h), besseli and besselk
 * likewise (series, integral), elliptic_k and elliptic_e (the
 * arithmetic-geometric mean); digamma, trigamma, the spherical Bessel
 * functions and the incomplete elliptic integrals by the generated code's
 * own (templates/runtime_gamma.h, runtime_spherical.h,
 * runtime_elliptic.h) in long double, which checks their rounding in
 * double and float (the oracle checks the algorithm against mpmath). */
R(r_erfinv, mathfn_info[MF_ERFINV].fold1(a[0]))
R(r_erfcinv, mathfn_info[MF_ERFCINV].fold1(a[0]))
R(r_lambertw, mathfn_info[MF_LAMBERTW].fold1(a[0]))
R(r_lambertwm1, mathfn_info[MF_LAMBERTWM1].fold1(a[0]))
R(r_besselj0, mathfn_info[MF_BESSELJ].fold2(0, a[0]))
R(r_besselj3, mathfn_info[MF_BESSELJ].fold2(-3, a[0]))
R(r_bessely1, mathfn_info[MF_BESSELY].fold2(1, a[0]))
R(r_bessely4, mathfn_info[MF_BESSELY].fold2(4, a[0]))
R(r_besseli2, mathfn_info[MF_BESSELI].fold2(-2, a[0]))
R(r_besselk3, mathfn_info[MF_BESSELK].fold2(3, a[0]))
R(r_sphjn3, mathfn_info[MF_SPHJN].fold2(3, a[0]))
R(r_sphyn2, mathfn_info[MF_SPHYN].fold2(2, a[0]))
R(r_ellk, mathfn_info[MF_ELLIPK].fold1(a[0]))
R(r_elle, mathfn_info[MF_ELLIPE].fold1(a[0]))
R(r_ellf, mathfn_info[MF_ELLIPF].fold2(a[0], a[1]))
R(r_elle2, mathfn_info[MF_ELLIPEINC].fold2(a[0], a[1]))
R(r_zeta, mathfn_info[MF_ZETA].fold1(a[0]))
R(r_hurwitz, mathfn_info[MF_HURWITZ].fold2(a[0], a[1]))
R(r_eta, mathfn_info[MF_ETA].fold1(a[0]))
R(r_polygamma3, mathfn_info[MF_POLYGAMMA].fold2(3, a[0]))
R(r_digamma, mathfn_info[MF_DIGAMMA].fold1(a[0]))
R(r_beta, mathfn_info[MF_BETA].fold2(a[0], a[1]))
R(r_rising, mathfn_info[MF_RISING].fold2(a[0], a[1]))
R(r_falling, mathfn_info[MF_FALLING].fold2(a[0], a[1]))
R(r_erf2, mathfn_info[MF_ERF2].fold2(a[0], a[1]))
R(r_lowergamma, mathfn_info[MF_LOWERGAMMA].fold2(a[0], a[1]))
R(r_uppergamma, mathfn_info[MF_UPPERGAMMA].fold2(a[0], a[1]))
R(r_expint, mathfn_info[MF_EXPINT].fold2(a[0], a[1]))
R(r_e1, mathfn_info[MF_E1].fold1(a[0]))
R(r_ei, mathfn_info[MF_EI].fold1(a[0]))
R(r_li, mathfn_info[MF_LI].fold1(a[0]))
R(r_si, mathfn_info[MF_SI].fold1(a[0]))
R(r_ci, mathfn_info[MF_CI].fold1(a[0]))
R(r_shi, mathfn_info[MF_SHI].fold1(a[0]))
R(r_chi, mathfn_info[MF_CHI].fold1(a[0]))
R(r_airyai, mathfn_info[MF_AIRYAI].fold1(a[0]))
R(r_airybi, mathfn_info[MF_AIRYBI].fold1(a[0]))
R(r_airyaip, mathfn_info[MF_AIRYAIP].fold1(a[0]))
R(r_airybip, mathfn_info[MF_AIRYBIP].fold1(a[0]))
R(r_trigamma, mathfn_info[MF_TRIGAMMA].fold1(a[0]))
R(r_betainc, mathfn_info[MF_BETAINCREG].fold4(a[0], a[1], 0, a[2] / 32))
R(r_betainc4, mathfn_info[MF_BETAINC].fold4(a[0], a[1], a[2] / 32, a[2] / 64))
R(r_gauss, sqrtl(2) * expl(-(a[0] - a[1]) * (a[0] - a[1]) / (2 * a[2] * a[2])) / (2 * sqrtl(PI) * a[2]))

typedef struct {
	const char *name;
	Ref ref;             /* the reference, or NULL: */
	LD (*fn)(LD);        /* the reference of one argument, a libm function */
	LD lo, hi;           /* each argument drawn uniformly from [lo, hi] */
	double ulp64, ulp32; /* error bound in ulps of the result type */
} Case;

/* Bounds: 0.5 ulp for one correctly rounded operation; 4 ulp for a call
 * of the vector math library (libmvec's documented bound) or of libm;
 * more for compositions, whose rounding errors add up. */
static const Case cases[] = {
	{"add", r_add, NULL, -100, 100, 0.5, 0.5},     {"sub", r_sub, NULL, 1, 100, 0.5, 0.5},
	{"mul", r_mul, NULL, -100, 100, 0.5, 0.5},     {"div", r_div, NULL, 1, 100, 0.5, 0.5},
	{"neg", r_neg, NULL, -100, 100, 0, 0},         {"powxy", r_powxy, NULL, 0.5, 4, 4, 4},
	{"pow12", r_pow12, NULL, 0.5, 2, 12, 12},      {"powm3", r_powm3, NULL, 0.5, 2, 3, 3},
	{"pow32", r_pow32, NULL, 0.1, 100, 2, 2},      {"powm12", r_powm12, NULL, 0.1, 100, 2, 2},
	{"pow13", r_pow13, NULL, 0.1, 100, 4, 4},      {"epow", NULL, expl, -20, 20, 4, 4},
	{"twopow", NULL, exp2l, -20, 20, 4, 4},        {"half", r_half, NULL, -100, 100, 0, 0},
	{"fsin", NULL, sinl, -10, 10, 4, 4},           {"fcos", NULL, cosl, -10, 10, 4, 4},
	{"ftan", NULL, tanl, -1.5, 1.5, 4, 4},         {"fasin", NULL, asinl, -1, 1, 4, 4},
	{"facos", NULL, acosl, -1, 1, 4, 4},           {"fatan", NULL, atanl, -10, 10, 4, 4},
	{"fatan2", r_atan2, NULL, -10, 10, 4, 4},      {"fsinh", NULL, sinhl, -10, 10, 4, 4},
	{"fcosh", NULL, coshl, -10, 10, 4, 4},         {"ftanh", NULL, tanhl, -5, 5, 4, 4},
	{"fasinh", NULL, asinhl, -10, 10, 4, 4},       {"facosh", NULL, acoshl, 1, 100, 4, 4},
	{"fatanh", NULL, atanhl, -0.99L, 0.99L, 4, 4}, {"fexp", NULL, expl, -50, 50, 4, 4},
	{"flog", NULL, logl, 0.001L, 1000, 4, 4},      {"flogb", r_logb, NULL, 0.001L, 1000, 6, 6},
	{"fsqrt", NULL, sqrtl, 0, 100, 0.5, 0.5},      {"fcbrt", NULL, cbrtl, -100, 100, 4, 4},
	{"fabs_", NULL, fabsl, -100, 100, 0, 0},       {"fsign", r_sign, NULL, -2, 2, 0, 0},
	{"ffloor", NULL, floorl, -10, 10, 0, 0},       {"fceiling", NULL, ceill, -10, 10, 0, 0},
	{"fmin3", r_min3, NULL, -3, 3, 0, 0},          {"fmax3", r_max3, NULL, -3, 3, 0, 0},
	{"ferf", NULL, erfl, -3, 3, 4, 4},             {"ferfc", NULL, erfcl, -3, 8, 5, 5},
	{"fgamma", NULL, tgammal, 0.1L, 20, 10, 8},    {"floggamma", NULL, lgammal, 3, 50, 4, 4},
	{"fheaviside", r_heav, NULL, -2, 2, 0, 0},     {"fheaviside1", r_heav1, NULL, -2, 2, 0, 0},
	{"fexp2", NULL, exp2l, -50, 50, 4, 4},         {"flog2", NULL, log2l, 0.001L, 1000, 4, 4},
	{"flog10", NULL, log10l, 0.001L, 1000, 4, 4},  {"fexpm1", NULL, expm1l, -1, 1, 4, 4},
	{"flog1p", NULL, log1pl, -0.5L, 2, 4, 4},      {"fhypot", r_hypot, NULL, -100, 100, 4, 4},
	{"ffma", r_fma, NULL, -10, 10, 0.5, 0.5},      {"fpi", r_pi, NULL, -10, 10, 1, 1},
	{"fe", r_e, NULL, 0, 10, 1, 1},                {"pw", r_pw, NULL, -2, 2, 4, 4},
	{"logic", r_logic, NULL, -3, 3, 0, 0},         {"nanpw", r_nanpw, NULL, -2, 2, 0, 0},
	{"chain", r_chain, NULL, -2, 2, 0, 0},         {"call", r_call, NULL, 0.1L, 1.5L, 8, 8},
	{"konst", r_konst, NULL, 0, 1, 0.5, 0.5},      {"gauss", r_gauss, NULL, 0.5, 2, 12, 12},
	/* bounds.txt's (docs/accuracy.md), from the exact value */
	{"ferfinv", r_erfinv, NULL, -1, 1, 4.5, 5},    {"ferfcinv", r_erfcinv, NULL, 0, 2, 4.5, 5},
	{"flambertw", r_lambertw, NULL, -0.36L, 5, 3.5, 4}, {"flambertwm1", r_lambertwm1, NULL, -0.36L, -1e-3L, 3.5, 4},
	/* the C library's, against its long double version, between zeros */
	{"fbesselj0", r_besselj0, NULL, -2.3L, 2.3L, 8.5, 8.5}, {"fbesselj3", r_besselj3, NULL, 0.1L, 5, 8.5, 8.5},
	{"fbessely1", r_bessely1, NULL, 0.1L, 2.1L, 8.5, 8.5}, {"fbessely4", r_bessely4, NULL, 0.1L, 4.5L, 8.5, 8.5},
	/* against the generator's long double folding: I by its series, K by
	 * its integral, the spherical ones by the runtime's own code in long
	 * double; j3 and y2 short of their first zeros (7.0, 3.96), j3 with
	 * the forward recurrence's loss near its turning point (x = 3.5) */
	{"fbesseli2", r_besseli2, NULL, -40, 40, 12, 12}, {"fbesselk3", r_besselk3, NULL, 0.01L, 50, 6, 6},
	{"fsphjn3", r_sphjn3, NULL, -5.5L, 5.5L, 8, 8}, {"fsphyn2", r_sphyn2, NULL, -3.2L, 3.2L, 4, 4},
	/* the complete elliptic integrals against the fold's arithmetic-geometric
	 * mean, the incomplete ones against Carlson's in long double */
	{"fellk", r_ellk, NULL, -10, 0.999L, 4, 4}, {"felle", r_elle, NULL, -10, 1, 4, 4},
	{"fellf", r_ellf, NULL, -1, 1, 6, 6}, {"felle2", r_elle2, NULL, -1, 1, 6, 6},
	/* zeta, dirichlet_eta and polygamma(3, x) by the runtime's code in long
	 * double: the rounding of the double and float versions (sums of up to
	 * ten terms: Euler-Maclaurin's, Borwein's) */
	{"fzeta", r_zeta, NULL, -30, 30, 10, 10}, {"fhurwitz", r_hurwitz, NULL, 1.5L, 20, 8, 8},
	{"feta", r_eta, NULL, -30, 30, 10, 10}, {"fpolygamma3", r_polygamma3, NULL, 0.1L, 30, 8, 8},
	/* beta, the factorials of real order and erf2 against the runtime's
	 * code in long double, where gamma is finite throughout (float's
	 * beta past 35: Stirling's series against long double's gammas) */
	{"fbeta", r_beta, NULL, 0.1L, 30, 10, 10}, {"frising", r_rising, NULL, 0.1L, 10, 12, 14},
	{"ffalling", r_falling, NULL, 0.1L, 10, 16, 16}, {"ferf2", r_erf2, NULL, -3, 3, 5, 6},
	/* the incomplete gamma functions and expint through every path:
	 * series, continued fraction, the small-x form, the recurrence */
	{"flowergamma", r_lowergamma, NULL, 0.01L, 20, 10, 10}, {"fuppergamma", r_uppergamma, NULL, 0.01L, 20, 10, 10},
	{"fuppergamma", r_uppergamma, NULL, -4.5L, 0.9L, 10, 10}, {"fexpint", r_expint, NULL, 0.01L, 8, 10, 10},
	{"fe1", r_e1, NULL, 0.001L, 40, 5, 5},
	/* the exponential, logarithmic, sine and cosine integrals through
	 * every path (the series less itself at the zero, the compensated
	 * series, the asymptotic series, the continued fraction) */
	{"fei", r_ei, NULL, -30, 60, 5, 5}, {"fli", r_li, NULL, 0.001L, 1e6L, 5, 5},
	{"fsi", r_si, NULL, -40, 40, 5, 5}, {"fci", r_ci, NULL, 0.001L, 3.3L, 6, 6},
	{"fshi", r_shi, NULL, -60, 60, 5, 5}, {"fchi", r_chi, NULL, 0.001L, 60, 5, 5},
	/* the Airy functions through the series, the integral and the
	 * asymptotic expansions, x < 0 short of the first zeros (-2.34,
	 * -1.02, -1.17, -2.29), Bi short of float's overflow (25) */
	{"fairyai", r_airyai, NULL, -2.3L, 40, 5, 5}, {"fairybi", r_airybi, NULL, -1.1L, 20, 5, 5},
	{"fairyaip", r_airyaip, NULL, -1, 40, 5, 5}, {"fairybip", r_airybip, NULL, -2.2L, 20, 5, 5},
	/* the incomplete beta functions through both tails' continued
	 * fractions, the direct prefactor and (a, b >= 16) Stirling's, with
	 * a, b >= 1 (below, where an end's smaller tail is the complement of
	 * the one computed, the bound is relative to the larger: the oracle
	 * measures it); between two ends (fbetainc4) the tails' difference
	 * carries the larger tail's error (15.4 ulps measured) */
	{"fbetainc", r_betainc, NULL, 1, 32, 12, 12}, {"fbetainc4", r_betainc4, NULL, 1, 32, 20, 20},
	/* against the generator's long double folding (Boost's 64-bit rational
	 * on [1, 2]); the negative side away from psi's zeros */
	{"fdigamma", r_digamma, NULL, 0, 25, 4.5, 4.5}, {"fdigamma", r_digamma, NULL, -0.45L, -0.05L, 4.5, 4.5},
	{"ftrigamma", r_trigamma, NULL, -19.5L, 25, 3.5, 4}, {"ftrigamma", r_trigamma, NULL, -25.5L, -20.5L, 5, 5},
};
enum { NCASES = sizeof cases / sizeof cases[0], NPTS = 4001 };

static uint64_t rng = 0x9E3779B97F4A7C15u;
static const funcs_fn_info *find(const char *name)
{
	for (const funcs_fn_info *f = funcs_cpu_table; f->name; f++)
		if (strcmp(f->name, name) == 0)
			return f;
	return NULL;
}

UNIT_TEST(test_function, "cpu", NCASES)
{
	const Case *c = &cases[_i];
	const funcs_fn_info *fi = find(c->name);
	ck_assert_msg(fi != NULL, "%s not in funcs.sym", c->name);
	int k = fi->nargs;
	static double in64[3][NPTS], out64[NPTS];
	static float in32[3][NPTS], out32[NPTS];
	const double *p64[3] = {in64[0], in64[1], in64[2]};
	const float *p32[3] = {in32[0], in32[1], in32[2]};
	const ptrdiff_t inc[3] = {1, 1, 1};
	for (int j = 0; j < k; j++)
		for (int i = 0; i < NPTS; i++) {
			/* Points on a grid including the ends and 0 where in range, then random. */
			double v = i < 5 ? (double)(c->lo + (c->hi - c->lo) * i / 4) : (double)(c->lo + (c->hi - c->lo) * test_uniform(&rng, 0, 1));
			in32[j][i] = (float)v;
			in64[j][i] = v;
		}
	memset(out64, 0xff, sizeof out64);
	memset(out32, 0xff, sizeof out32);
	ck_assert_int_eq(fi->map_f64(NPTS, p64, inc, out64, 1, NULL), 0);
	ck_assert_int_eq(fi->map_f32(NPTS, p32, inc, out32, 1, NULL), 0);
	double worst64 = 0, worst32 = 0;
	int at64 = 0, at32 = 0;
	for (int i = 0; i < NPTS; i++) {
		LD a[3], b[3];
		for (int j = 0; j < k; j++) {
			a[j] = in64[j][i];
			b[j] = in32[j][i];
		}
		LD ref64 = c->ref ? c->ref(a) : c->fn(a[0]), ref32 = c->ref ? c->ref(b) : c->fn(b[0]);
		double e64 = test_ulps(out64[i], ref64, 53), e32 = test_ulps(out32[i], ref32, 24);
		if (!(e64 <= worst64))
			worst64 = e64, at64 = i;
		if (!(e32 <= worst32))
			worst32 = e32, at32 = i;
	}
	ck_assert_msg(worst64 <= c->ulp64, "%s f64: %.2f ulp at x = %.17g (got %.17g)", c->name,
	              worst64, in64[0][at64], out64[at64]);
	ck_assert_msg(worst32 <= c->ulp32, "%s f32: %.2f ulp at x = %.9g (got %.9g)", c->name, worst32,
	              (double)in32[0][at32], (double)out32[at32]);
}
END_TEST

/* Values the random points might miss: zeros, NaN, the Piecewise edges. */
UNIT_TEST(test_special_values, "cpu", 0)
{
	double x[] = {0.0, -0.0, NAN, 1.0, -1.0, 2.0}, o[6];
	ck_assert_int_eq(funcs_fsign_map_f64_cpu(6, x, 1, o, 1), 0);
	ck_assert(o[0] == 0 && o[1] == 0 && isnan(o[2]) && o[3] == 1 && o[4] == -1);
	ck_assert_int_eq(funcs_fheaviside_map_f64_cpu(6, x, 1, o, 1), 0);
	ck_assert(o[0] == 0.5 && o[1] == 0.5 && isnan(o[2]) && o[3] == 1 && o[4] == 0);
	ck_assert_int_eq(funcs_pw_map_f64_cpu(6, x, 1, o, 1), 0);
	ck_assert(o[0] == 0 && o[3] == 1 && o[4] == 1 && o[5] == 1);
	ck_assert_int_eq(funcs_nanpw_map_f64_cpu(6, x, 1, o, 1), 0);
	ck_assert(isnan(o[0]) && isnan(o[4]) && o[3] == 1);
	ck_assert_int_eq(funcs_chain_map_f64_cpu(6, x, 1, o, 1), 0);
	ck_assert(o[0] == 0 && o[3] == 0 && o[4] == 0);
	float xf[] = {0.0f, NAN}, of[2];
	ck_assert_int_eq(funcs_fheaviside_map_f32_cpu(2, xf, 1, of, 1), 0);
	ck_assert(of[0] == 0.5f && isnan(of[1]));
	ck_assert(funcs_konst_f64() == (double)(1.0L / 3 + PI));
}
END_TEST

/* The special functions of issue 17 at their edges: I past its overflow
 * (730 in double, 150 in float: a value, not the argument, before this
 * test), at 0 and infinity; K at 0 and below; the spherical ones at 0 and
 * infinity; K(m) and E(m) at m = 1 and beyond; zeta's pole and trivial
 * zeros (exactly 0), zeta(0) = -1/2, eta(1) = log 2 (within an ulp). */
UNIT_TEST(test_special_edges, "cpu", 0)
{
	double x[] = {800.0, -800.0, INFINITY, 0.0, NAN}, o[5];
	float xf[] = {200.0f, -200.0f, INFINITY, 0.0f, NAN}, of[5];
	ck_assert_int_eq(funcs_fbesseli2_map_f64_cpu(5, x, 1, o, 1), 0);
	ck_assert(o[0] == HUGE_VAL && o[1] == HUGE_VAL && o[2] == HUGE_VAL && o[3] == 0 && isnan(o[4]));
	ck_assert_int_eq(funcs_fbesseli2_map_f32_cpu(5, xf, 1, of, 1), 0);
	ck_assert(of[0] == INFINITY && of[1] == INFINITY && of[2] == INFINITY && of[3] == 0 && isnan(of[4]));
	ck_assert_int_eq(funcs_fbesselk3_map_f64_cpu(5, x, 1, o, 1), 0);
	ck_assert(o[0] == 0 && isnan(o[1]) && o[2] == 0 && o[3] == HUGE_VAL && isnan(o[4]));
	ck_assert_int_eq(funcs_fsphjn3_map_f64_cpu(5, x, 1, o, 1), 0);
	ck_assert(fabs(o[0]) < 2e-3 && o[2] == 0 && o[3] == 0 && isnan(o[4]));
	ck_assert_int_eq(funcs_fsphyn2_map_f64_cpu(5, x, 1, o, 1), 0);
	ck_assert(o[2] == 0 && o[3] == -HUGE_VAL && isnan(o[4]));
	double m[] = {1.0, 2.0, -INFINITY}, om[3];
	ck_assert_int_eq(funcs_fellk_map_f64_cpu(3, m, 1, om, 1), 0);
	ck_assert(om[0] == HUGE_VAL && isnan(om[1]) && om[2] == 0);
	ck_assert_int_eq(funcs_felle_map_f64_cpu(3, m, 1, om, 1), 0);
	ck_assert(om[0] == 1 && isnan(om[1]) && om[2] == HUGE_VAL);
	double z[] = {1.0, -2.0, -4.0, 0.0}, oz[4];
	ck_assert_int_eq(funcs_fzeta_map_f64_cpu(4, z, 1, oz, 1), 0);
	ck_assert(isnan(oz[0]) && oz[1] == 0 && oz[2] == 0 && fabs(oz[3] + 0.5) <= 2.3e-16);
	ck_assert_int_eq(funcs_feta_map_f64_cpu(4, z, 1, oz, 1), 0);
	ck_assert(fabs(oz[0] - 0.6931471805599453) <= 2.3e-16 && oz[1] == 0 && fabs(oz[3] - 0.5) <= 2.3e-16);
	/* Hurwitz's zeta(0, a) = 1/2 - a, also at a = 0, -1, ... */
	double hs[] = {0.0, 0.0, 0.0}, ha[] = {-2.0, 0.0, 3.25}, oh[3];
	ck_assert_int_eq(funcs_fhurwitz_map_f64_cpu(3, hs, 1, ha, 1, oh, 1), 0);
	ck_assert(oh[0] == 2.5 && oh[1] == 0.5 && oh[2] == -2.75);
	/* beta: 1 at (1, 1), 0 towards inf and where only a + b is a pole,
	 * NaN at a pole of a; the factorials: empty products, the zero
	 * factor, reciprocals for negative orders, the gamma ratio's zero at
	 * x = 0; erf2: 0 for equal arguments, 2 across the line, NaN */
	double a2[] = {1.0, 3.0, -1.0, -0.5, 2.5, -INFINITY, NAN}, b2[] = {1.0, INFINITY, 2.0, 0.5, 2.5, INFINITY, 1.0}, o2[7];
	ck_assert_int_eq(funcs_fbeta_map_f64_cpu(7, a2, 1, b2, 1, o2, 1), 0);
	ck_assert(o2[0] == 1 && o2[1] == 0 && isnan(o2[2]) && o2[3] == 0 && isnan(o2[6]));
	ck_assert(fabs(o2[4] - 0.0736310778185108) <= 1.2e-16); /* 3 pi/128 */
	double xr[] = {5.0, -2.0, 4.0, 0.0, 3.5}, kr[] = {0.0, 3.0, -2.0, 0.5, 2.0}, orr[5];
	ck_assert_int_eq(funcs_frising_map_f64_cpu(5, xr, 1, kr, 1, orr, 1), 0);
	ck_assert(orr[0] == 1 && orr[1] == 0 && orr[2] == 1.0 / 6 && orr[3] == 0 && orr[4] == 15.75);
	ck_assert_int_eq(funcs_ffalling_map_f64_cpu(5, xr, 1, kr, 1, orr, 1), 0);
	ck_assert(orr[0] == 1 && orr[1] == -24 && orr[2] == 1.0 / 30 && orr[4] == 8.75);
	ck_assert(fabs(orr[3] - 0.5641895835477563) <= 5e-16); /* 1/gamma(1/2) */
	double ex[] = {0.3, -INFINITY, 1.0, NAN}, ey[] = {0.3, INFINITY, -1.0, 0.0}, oe[4];
	ck_assert_int_eq(funcs_ferf2_map_f64_cpu(4, ex, 1, ey, 1, oe, 1), 0);
	ck_assert(oe[0] == 0 && oe[1] == 2 && fabs(oe[2] + 1.6854015858994297) <= 5e-16 && isnan(oe[3]));
	/* the incomplete gamma functions at x = 0, inf and < 0, at the poles
	 * of lowergamma; expint(nu, 0) = 1/(nu - 1) for nu > 1, else inf */
	double gs[] = {2.0, 0.0, 2.0, -1.0, 3.0, NAN}, gx[] = {0.0, 1.0, INFINITY, 0.0, -1.0, 1.0}, og[6];
	ck_assert_int_eq(funcs_flowergamma_map_f64_cpu(6, gs, 1, gx, 1, og, 1), 0);
	ck_assert(og[0] == 0 && isnan(og[1]) && og[2] == 1 && isnan(og[3]) && isnan(og[4]) && isnan(og[5]));
	ck_assert_int_eq(funcs_fuppergamma_map_f64_cpu(6, gs, 1, gx, 1, og, 1), 0);
	ck_assert(og[0] == 1 && fabs(og[1] - 0.21938393439552029) <= 1e-16 && og[2] == 0 && og[3] == HUGE_VAL &&
	          isnan(og[4]) && isnan(og[5]));
	ck_assert_int_eq(funcs_fexpint_map_f64_cpu(6, gs, 1, gx, 1, og, 1), 0);
	ck_assert(og[0] == 1 && og[2] == 0 && og[3] == HUGE_VAL && isnan(og[4]) && isnan(og[5]));
	ck_assert(fabs(og[1] - 0.36787944117144233) <= 1e-16); /* expint(0, 1) = e^-1 */
	/* Ei, li, Si, Ci, Shi, Chi at 0, +-inf, NaN, beyond the overflow and
	 * where they are complex (Ci, Chi, li of x < 0) */
	double sx[] = {0.0, INFINITY, -INFINITY, NAN, -1.0, 800.0, 2.0}, os[7];
	float sxf[] = {0.0f, INFINITY, -INFINITY, NAN, -1.0f, 100.0f, 2.0f}, osf[7];
	ck_assert_int_eq(funcs_fei_map_f64_cpu(7, sx, 1, os, 1), 0);
	ck_assert(os[0] == -HUGE_VAL && os[1] == HUGE_VAL && os[2] == 0 && isnan(os[3]) && os[5] == HUGE_VAL);
	ck_assert(fabs(os[4] + 0.21938393439552029) <= 1e-16 && fabs(os[6] - 4.9542343560018902) <= 2e-15);
	ck_assert_int_eq(funcs_fei_map_f32_cpu(7, sxf, 1, osf, 1), 0);
	ck_assert(osf[0] == -INFINITY && osf[1] == INFINITY && osf[2] == 0 && isnan(osf[3]) && osf[5] == INFINITY);
	ck_assert_int_eq(funcs_fli_map_f64_cpu(7, sx, 1, os, 1), 0);
	ck_assert(os[0] == 0 && os[1] == HUGE_VAL && isnan(os[2]) && isnan(os[3]) && isnan(os[4]));
	ck_assert(fabs(os[6] - 1.0451637801174928) <= 5e-16);
	double one = 1.0;
	ck_assert_int_eq(funcs_fli_map_f64_cpu(1, &one, 1, os, 1), 0);
	ck_assert(os[0] == -HUGE_VAL);
	ck_assert_int_eq(funcs_fsi_map_f64_cpu(7, sx, 1, os, 1), 0);
	ck_assert(os[0] == 0 && os[1] == 1.5707963267948966 && os[2] == -1.5707963267948966 && isnan(os[3]));
	ck_assert(fabs(os[4] + 0.94608307036718301) <= 2e-16 && fabs(os[6] - 1.6054129768026948) <= 5e-16);
	ck_assert_int_eq(funcs_fci_map_f64_cpu(7, sx, 1, os, 1), 0);
	ck_assert(os[0] == -HUGE_VAL && os[1] == 0 && isnan(os[2]) && isnan(os[3]) && isnan(os[4]));
	ck_assert(fabs(os[6] - 0.42298082877486500) <= 2e-16);
	ck_assert_int_eq(funcs_fshi_map_f64_cpu(7, sx, 1, os, 1), 0);
	ck_assert(os[0] == 0 && os[1] == HUGE_VAL && os[2] == -HUGE_VAL && isnan(os[3]) && os[5] == HUGE_VAL);
	ck_assert(fabs(os[4] + 1.0572508753757285) <= 5e-16 && fabs(os[6] - 2.5015674333549756) <= 5e-16);
	ck_assert_int_eq(funcs_fchi_map_f64_cpu(7, sx, 1, os, 1), 0);
	ck_assert(os[0] == -HUGE_VAL && os[1] == HUGE_VAL && isnan(os[2]) && isnan(os[3]) && isnan(os[4]));
	ck_assert(os[5] == HUGE_VAL && fabs(os[6] - 2.4526669226469147) <= 5e-16);
	/* the Airy functions at 0 (the constants), +-inf, NaN, beyond Ai's
	 * underflow and Bi's overflow */
	double ax[] = {0.0, INFINITY, -INFINITY, NAN, 800.0}, oa[5];
	ck_assert_int_eq(funcs_fairyai_map_f64_cpu(5, ax, 1, oa, 1), 0);
	ck_assert(fabs(oa[0] - 0.35502805388781724) <= 1e-16 && oa[1] == 0 && oa[2] == 0 && isnan(oa[3]) && oa[4] == 0);
	ck_assert_int_eq(funcs_fairybi_map_f64_cpu(5, ax, 1, oa, 1), 0);
	ck_assert(fabs(oa[0] - 0.61492662744600074) <= 1.2e-16 && oa[1] == HUGE_VAL && oa[2] == 0 && isnan(oa[3]) && oa[4] == HUGE_VAL);
	ck_assert_int_eq(funcs_fairyaip_map_f64_cpu(5, ax, 1, oa, 1), 0);
	ck_assert(fabs(oa[0] + 0.25881940379280680) <= 1e-16 && oa[1] == 0 && oa[2] == 0 && isnan(oa[3]) && oa[4] == 0);
	ck_assert_int_eq(funcs_fairybip_map_f64_cpu(5, ax, 1, oa, 1), 0);
	ck_assert(fabs(oa[0] - 0.44828835735382636) <= 1e-16 && oa[1] == HUGE_VAL && oa[2] == 0 && isnan(oa[3]) && oa[4] == HUGE_VAL);
}
END_TEST

/* The incomplete beta functions at the ends of [0, 1] (the whole: 1, and
 * beta(a, b)), for equal ends (0), reversed ends (negative) and outside
 * the domain (a, b <= 0 or infinite, x outside [0, 1], NaN): NaN. */
UNIT_TEST(test_betainc_edges, "cpu", 0)
{
	double a[] = {2.0, 2.0, 2.0, 0.0, -1.0, INFINITY, 2.0, 2.0, NAN, 0.5},
	       b[] = {3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 0.5},
	       x1[] = {0.0, 0.25, 0.5, 0.0, 0.0, 0.0, -0.5, 0.0, 0.0, 1.0},
	       x2[] = {1.0, 0.25, 0.0, 0.5, 0.5, 0.5, 0.5, 1.5, 0.5, 0.0}, o[10];
	float af[] = {2.0f, 0.5f}, bf[] = {3.0f, 0.5f}, x1f[] = {0.0f, 1.0f}, x2f[] = {1.0f, 0.0f}, of[2];
	ck_assert_int_eq(funcs_fbetaincreg4_map_f64_cpu(10, a, 1, b, 1, x1, 1, x2, 1, o, 1), 0);
	ck_assert(o[0] == 1 && o[1] == 0 && o[2] == -0.6875 && o[9] == -1);
	for (int i = 3; i < 9; i++)
		ck_assert_msg(isnan(o[i]), "betainc_regularized case %d: %g", i, o[i]);
	ck_assert_int_eq(funcs_fbetainc5_map_f64_cpu(10, a, 1, b, 1, x1, 1, x2, 1, o, 1), 0);
	ck_assert(fabs(o[0] - 1.0 / 12) <= 2e-17 && o[1] == 0 && fabs(o[2] + 0.057291666666666667) <= 2e-17);
	ck_assert(fabs(o[9] + 3.1415926535897932) <= 5e-16); /* -beta(1/2, 1/2) = -pi */
	for (int i = 3; i < 9; i++)
		ck_assert_msg(isnan(o[i]), "betainc case %d: %g", i, o[i]);
	ck_assert_int_eq(funcs_fbetaincreg4_map_f32_cpu(2, af, 1, bf, 1, x1f, 1, x2f, 1, of, 1), 0);
	ck_assert(of[0] == 1 && of[1] == -1);
}
END_TEST

/* digamma and trigamma at their poles and the ends: psi(+-0) = -+inf (the
 * side's limit), NaN at the negative integers (the sides differ) and at
 * -inf; psi_1 = +inf at every pole, 0 at +inf, NaN at -inf. */
UNIT_TEST(test_polygamma_edges, "cpu", 0)
{
	double x[] = {0.0, -0.0, -1.0, -7.0, INFINITY, -INFINITY, NAN, 0x1p-1074}, o[8];
	float xf[] = {0.0f, -0.0f, -1.0f, -7.0f, INFINITY, -INFINITY, NAN, 0x1p-149f}, of[8];
	ck_assert_int_eq(funcs_fdigamma_map_f64_cpu(8, x, 1, o, 1), 0);
	ck_assert(o[0] == -HUGE_VAL && o[1] == HUGE_VAL && isnan(o[2]) && isnan(o[3]) && o[4] == HUGE_VAL);
	ck_assert(isnan(o[5]) && isnan(o[6]) && o[7] == -HUGE_VAL);
	ck_assert_int_eq(funcs_fdigamma_map_f32_cpu(8, xf, 1, of, 1), 0);
	ck_assert(of[0] == -INFINITY && of[1] == INFINITY && isnan(of[2]) && isnan(of[3]) && of[4] == INFINITY);
	ck_assert(isnan(of[5]) && isnan(of[6]) && of[7] == -INFINITY);
	ck_assert_int_eq(funcs_ftrigamma_map_f64_cpu(8, x, 1, o, 1), 0);
	ck_assert(o[0] == HUGE_VAL && o[1] == HUGE_VAL && o[2] == HUGE_VAL && o[3] == HUGE_VAL && o[4] == 0);
	ck_assert(isnan(o[5]) && isnan(o[6]) && o[7] == HUGE_VAL);
	ck_assert_int_eq(funcs_ftrigamma_map_f32_cpu(8, xf, 1, of, 1), 0);
	ck_assert(of[0] == INFINITY && of[1] == INFINITY && of[2] == INFINITY && of[3] == INFINITY && of[4] == 0);
	ck_assert(isnan(of[5]) && isnan(of[6]) && of[7] == INFINITY);
}
END_TEST

/* Double cbrt on the CPU (the header's corrected one): within about half an
 * ulp at every scale, including where glibc's is 1.3 ulps off (1 - 2^-52:
 * a result above 1 would make asin(cbrt(y)) NaN), at the ends of the
 * range, around the scaling thresholds 2^+-900, on subnormals and on
 * 10^5 points of random sign, mantissa and exponent. */
UNIT_TEST(test_cbrt, "cpu", 0)
{
	enum { NFIX = 22, N = NFIX + 100000 };
	static double x[N], o[N];
	const double fix[NFIX] = {1 - 0x1p-52, 1 - 0x1p-53, -(1 - 0x1p-52), 1, 8, 27, 0.001, DBL_MAX, -DBL_MAX,
	                          DBL_MIN, 0x1p-1074, 1e-310, 0x1p900, nextafter(0x1p900, INFINITY), 0x1p-900,
	                          nextafter(0x1p-900, 0), 3 * 0x1p899, 0, -0.0, INFINITY, -INFINITY, NAN};
	for (int i = 0; i < N; i++)
		x[i] = i < NFIX ? fix[i] : (test_uniform(&rng, 0, 1) < 0.5 ? -1 : 1) * ldexp(1 + test_uniform(&rng, 0, 1), (int)(test_uniform(&rng, 0, 1) * 2098) - 1074);
	memset(o, 0xff, sizeof o);
	ck_assert_int_eq(funcs_fcbrt_map_f64_cpu(N, x, 1, o, 1), 0);
	ck_assert(o[0] < 1 && o[1] == 1 && o[2] > -1);
	ck_assert(o[17] == 0 && !signbit(o[17]) && o[18] == 0 && signbit(o[18]));
	ck_assert(isinf(o[19]) && o[19] > 0 && isinf(o[20]) && o[20] < 0 && isnan(o[21]));
	for (int i = 0; i < N; i++) {
		double e = test_ulps(o[i], cbrtl((LD)x[i]), 53);
		ck_assert_msg(e <= 0.51, "cbrt(%a) = %a: %.3f ulp", x[i], o[i], e);
	}
}
END_TEST

/* Increments: x every second element, y broadcast, out written backwards. */
UNIT_TEST(test_increments, "cpu", 0)
{
	enum { N = 100001 };
	double *x = malloc(2 * N * sizeof *x), y = 0.25, *o = malloc(N * sizeof *o);
	for (int i = 0; i < 2 * N; i++)
		x[i] = i * 0.001;
	memset(o, 0xff, N * sizeof *o);
	ck_assert_int_eq(funcs_sub_map_f64_cpu(N, x, 2, &y, 0, o + N - 1, -1), 0);
	for (int i = 0; i < N; i++)
		ck_assert_double_eq(o[N - 1 - i], x[2 * i] - 0.25);
	/* Negative input increment: x read backwards from its last used element. */
	ck_assert_int_eq(funcs_neg_map_f64_cpu(N, x + 2 * (N - 1), -2, o, 1), 0);
	for (int i = 0; i < N; i++)
		ck_assert_double_eq(o[i], -x[2 * (N - 1 - i)]);
	/* In place. */
	ck_assert_int_eq(funcs_fsin_map_f64_cpu(N, x, 1, x, 1), 0);
	for (int i = 0; i < N; i++)
		ck_assert_double_eq_tol(x[i], sin(i * 0.001), 1e-15);
	/* n = 0 touches nothing, not even NULL arrays. */
	ck_assert_int_eq(funcs_add_map_f64_cpu(0, NULL, 1, NULL, 1, NULL, 0), 0);
	/* A function of no arguments fills out. */
	ck_assert_int_eq(funcs_konst_map_f64_cpu(N, o, 1), 0);
	for (int i = 0; i < N; i++)
		ck_assert(o[i] == funcs_konst_f64());
	free(x);
	free(o);
}
END_TEST

/* Folding at INT64_MIN: (-2)**63 and -2**31*2**32 are -2^63, which an
 * exact rational never holds (it could not be negated); they are long
 * doubles, with no signed overflow on the way (UBSan aborted in gcd64
 * before: run this under --enable-sanitizers). */
UNIT_TEST(test_int64_min, "cpu", 0)
{
	Parsed *p = parse_ok("f(x) = x + (-2)**63\ng(x) = x*(-2147483648*4294967296)\n"
	                       "h(x) = x*((-2)**63/(-2)**62)\n");
	LD zero[1] = {0}, one[1] = {1};
	ck_assert(eval_func(parsed_func(p, "f"), zero) == -0x1p63L);
	ck_assert(eval_func(parsed_func(p, "g"), one) == -0x1p63L);
	ck_assert(eval_func(parsed_func(p, "h"), one) == -2.0L);
	parsed_free(p);
	Num m = num_mul(num_int(-2147483648LL), num_int(4294967296LL));
	ck_assert(!m.exact && num_value(m) == -0x1p63L);
	ck_assert(num_value(num_neg(m)) == 0x1p63L);
	ck_assert(num_value(num_int(INT64_MIN)) == -0x1p63L);
	ck_assert(num_is_ratio(num_div(num_int(INT64_MAX), num_int(-INT64_MAX)), -1, 1));
}
END_TEST
