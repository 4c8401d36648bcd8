/* test_rewrite.c: the accuracy rewrites (symkern(5), REWRITES), measured.
 * tests/sym/rewrites.sym is generated twice, as rw (rewritten, the default)
 * and rwlit (--literal); each case evaluates both on random points of a
 * domain where the literal formula fails, against a long double reference,
 * and asserts the rewritten error bound and that the literal form is at
 * least 1000 times worse there (or not finite), so each rewrite is shown
 * to be both right and needed.  Built with -ffp-contract=off, so the
 * compiler does not fuse the literal a*b + c on its own. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rw.h"
#include "rwlit.h"
#include "testlib.h"
#include "tests.h"

enum { POINTS = 4000 };

/* Distance from got to the exact value ref in units in the last place of
 * the precision (testlib.h); infinite for a non-finite result where ref
 * is finite. */
static double ulps(long double got, long double ref, bool f32)
{
	return test_ulps(got, ref, f32 ? 24 : 53);
}

typedef struct {
	const char *name;
	int nargs;
	double lo, hi;            /* the domain of every argument, f64 */
	double lo32, hi32;        /* and f32, where float overflows earlier */
	double bound64, bound32;  /* the rewritten form's max error, ulps */
	long double (*ref)(const long double *a);
	double (*rw64)(const double *a), (*lit64)(const double *a);
	float (*rw32)(const float *a), (*lit32)(const float *a);
	/* Moves the last arguments next to a cancellation: z = -x*y, z*w = x*y. */
	int cancel;
} Case;

static long double r_expm1(const long double *a) { return expm1l(a[0]); }
static long double r_negexpm1(const long double *a) { return -expm1l(a[0]); }
static long double r_log1p(const long double *a) { return log1pl(a[0]); }
static long double r_log1m(const long double *a) { return log1pl(-a[0]); }
static long double r_softplus(const long double *a) { return a[0] > 0 ? a[0] + log1pl(expl(-a[0])) : log1pl(expl(a[0])); }
static long double r_sigmoid(const long double *a) { return 1 / (1 + expl(-a[0])); }
static long double r_hyp(const long double *a) { return hypotl(a[0], a[1]); }
static long double r_hyp3(const long double *a) { return hypotl(hypotl(a[0], a[1]), a[2]); }
static long double r_lse(const long double *a)
{
	long double m = fmaxl(a[0], a[1]);
	return m + log1pl(expl(fminl(a[0], a[1]) - m));
}
static long double r_muladd(const long double *a)
{
	double p = (double)a[0] * (double)a[1];
	/* p + z first: exact, as they nearly cancel; then the product's error */
	return ((long double)p + a[2]) + (long double)fma((double)a[0], (double)a[1], -p);
}
static long double r_dop(const long double *a)
{
	double p = (double)a[0] * (double)a[1], q = (double)a[2] * (double)a[3];
	long double e = (long double)fma((double)a[0], (double)a[1], -p) -
	                (long double)fma((double)a[2], (double)a[3], -q);
	return (long double)(p - q) + e; /* p - q exact: they are close */
}
static long double r_pow7(const long double *a) { return powl(a[0], 7); }
static long double r_pow24(const long double *a) { return powl(a[0], 24); }
static long double r_powm9(const long double *a) { return powl(a[0], -9); }
static long double r_powm2(const long double *a) { return powl(a[0], -2); }
static long double r_powm3(const long double *a) { return powl(a[0], -3); }
static long double r_powm32(const long double *a) { return powl(a[0], -1.5L); }
static long double r_cosm1(const long double *a)
{
	long double s = sinl(a[0] / 2);
	return 2 * s * s;
}
static long double r_coshm1(const long double *a)
{
	long double s = sinhl(a[0] / 2);
	return 2 * s * s;
}
static long double r_erfhalf(const long double *a) { return erfcl(-a[0]) / 2; }
static long double r_erfp1(const long double *a) { return erfcl(-a[0]); }
static long double r_onemerf(const long double *a) { return erfcl(a[0]); }
static long double r_erfm1(const long double *a) { return -erfcl(a[0]); }
static long double r_logerfp1(const long double *a) { return logl(erfcl(-a[0])); }

/* Adapters from an argument array to each generated scalar function. */
#define A1(x) x[0]
#define A2(x) x[0], x[1]
#define A3(x) x[0], x[1], x[2]
#define A4(x) x[0], x[1], x[2], x[3]
#define ADAPT(fn, A)                                                                  \
	static double rw64_##fn(const double *a) { return rw_##fn##_f64(A(a)); }      \
	static double lit64_##fn(const double *a) { return rwlit_##fn##_f64(A(a)); }  \
	static float rw32_##fn(const float *a) { return rw_##fn##_f32(A(a)); }        \
	static float lit32_##fn(const float *a) { return rwlit_##fn##_f32(A(a)); }
ADAPT(expm1_, A1)
ADAPT(negexpm1, A1)
ADAPT(log1p_, A1)
ADAPT(log1m, A1)
ADAPT(softplus, A1)
ADAPT(sigmoid, A1)
ADAPT(logistic, A1)
ADAPT(hyp, A2)
ADAPT(hyp3, A3)
ADAPT(lse, A2)
ADAPT(muladd, A3)
ADAPT(dop, A4)
ADAPT(pow7, A1)
ADAPT(pow24, A1)
ADAPT(powm9, A1)
ADAPT(powm2, A1)
ADAPT(powm3, A1)
ADAPT(powm32, A1)
ADAPT(onemcos, A1)
ADAPT(coshm1, A1)
ADAPT(erfhalf, A1)
ADAPT(erfp1, A1)
ADAPT(onemerf, A1)
ADAPT(erfm1, A1)
ADAPT(logerfp1, A1)
#define FNS(fn) rw64_##fn, lit64_##fn, rw32_##fn, lit32_##fn

/* Domains where the literal form overflows or cancels.  The f32 bounds
 * add the float functions' own error (glibc: 1 to 2 ulps). */
static const Case cases[] = {
	{"exp(x) - 1", 1, -1e-6, 1e-6, -1e-4, 1e-4, 1, 2, r_expm1, FNS(expm1_), 0},
	{"1 - exp(x)", 1, -1e-6, 1e-6, -1e-4, 1e-4, 1, 2, r_negexpm1, FNS(negexpm1), 0},
	{"log(1 + x)", 1, -1e-6, 1e-6, -1e-4, 1e-4, 1, 2, r_log1p, FNS(log1p_), 0},
	{"log(1 - x)", 1, -1e-6, 1e-6, -1e-4, 1e-4, 1, 2, r_log1m, FNS(log1m), 0},
	{"log(exp(x) + 1), x < 0", 1, -740, -40, -100, -20, 2, 3, r_softplus, FNS(softplus), 0},
	{"log(exp(x) + 1), overflow", 1, 710, 1e300, 89, 1e30, 2, 3, r_softplus, FNS(softplus), 0},
	{"1/(1 + exp(-x))", 1, -745, -90, -103, -60, 2, 3, r_sigmoid, FNS(sigmoid), 0},
	{"exp(x)/(exp(x) + 1)", 1, 700, 800, 80, 100, 2, 3, r_sigmoid, FNS(logistic), 0},
	{"sqrt(x**2 + y**2)", 2, 1e160, 1e300, 1e20, 1e37, 1, 2, r_hyp, FNS(hyp), 0},
	{"sqrt(x**2 + y**2), tiny", 2, 1e-300, 1e-170, 1e-37, 1e-20, 1, 2, r_hyp, FNS(hyp), 0},
	{"sqrt(x**2 + y**2 + z**2)", 3, 1e160, 1e300, 1e20, 1e37, 2, 3, r_hyp3, FNS(hyp3), 0},
	{"log(exp(x) + exp(y))", 2, 710, 1e5, 89, 1e4, 2, 3, r_lse, FNS(lse), 0},
	{"x*y + z, z near -x*y", 3, 1, 2, 1, 2, 0.5, 0.5, r_muladd, FNS(muladd), 1},
	{"x*y - z*w, near equal", 4, 1, 2, 1, 2, 1.5, 1.5, r_dop, FNS(dop), 2},
	{"1 - cos(x)", 1, -1e-4, 1e-4, -1e-2, 1e-2, 2, 3, r_cosm1, FNS(onemcos), 0},
	/* sinh's error, squared: the one rewrite past 2 ulps */
	{"cosh(x) - 1", 1, -1e-4, 1e-4, -1e-2, 1e-2, 3.5, 4, r_coshm1, FNS(coshm1), 0},
	/* erf +- 1 -> +-erfc(-+x): erfc's own error (the C library's, 5 ulps
	 * documented in double, 4 in float); the literal forms are 0 where
	 * erf rounds to -+1, from |x| = 5.9 (double), 3.9 (float), and the
	 * results stay normal up to |x| = 26.5 (double), 9.1 (float). */
	{"erf(x)/2 + 1/2", 1, -26.5, -6, -9.1, -4, 5, 4, r_erfhalf, FNS(erfhalf), 0},
	{"erf(x) + 1", 1, -26.5, -6, -9.1, -4, 5, 4, r_erfp1, FNS(erfp1), 0},
	{"1 - erf(x)", 1, 6, 26.5, 4, 9.1, 5, 4, r_onemerf, FNS(onemerf), 0},
	{"erf(x) - 1", 1, 6, 26.5, 4, 9.1, 5, 4, r_erfm1, FNS(erfm1), 0},
	/* log(erfc(-x)), not log1p(erf(x)) (-inf there): erfc's relative
	 * error over |log| (at least 36), plus the logarithm's */
	{"log(1 + erf(x))", 1, -26.5, -6, -9.1, -4, 1.5, 1.5, r_logerfp1, FNS(logerfp1), 0},
};

/* The worst error over POINTS points, rewritten and literal. */
static void measure(const Case *c, bool f32, double *rw, double *lit)
{
	uint64_t s = 12345;
	*rw = *lit = 0;
	for (int i = 0; i < POINTS; i++) {
		double a[4];
		float af[4];
		long double al[4];
		for (int j = 0; j < c->nargs; j++)
			a[j] = f32 ? test_uniform(&s, c->lo32, c->hi32) : test_uniform(&s, c->lo, c->hi);
		if (c->cancel == 1) /* z = -x*y, perturbed in its last bits */
			a[2] = -a[0] * a[1] * (1 + test_uniform(&s, -1e-12, 1e-12));
		if (c->cancel == 2) /* z*w = x*y, likewise */
			a[2] = a[0] * a[1] / a[3] * (1 + test_uniform(&s, -1e-12, 1e-12));
		for (int j = 0; j < c->nargs; j++) {
			af[j] = (float)a[j];
			al[j] = f32 ? (long double)af[j] : (long double)a[j];
		}
		long double ref = c->ref(al);
		if (!isfinite(ref) || (f32 && fabsl(ref) > FLT_MAX))
			continue;
		double e1 = f32 ? ulps(c->rw32(af), ref, true) : ulps(c->rw64(a), ref, false);
		double e0 = f32 ? ulps(c->lit32(af), ref, true) : ulps(c->lit64(a), ref, false);
		*rw = isnan(e1) ? (double)INFINITY : fmax(*rw, e1);
		*lit = isnan(e0) ? (double)INFINITY : fmax(*lit, e0);
	}
}

UNIT_TEST(test_rewrite_f64, "rewrite", COUNT(cases))
{
	const Case *c = &cases[_i];
	double rw, lit;
	measure(c, false, &rw, &lit);
	ck_assert_msg(rw <= c->bound64, "%s: %.3g ulps rewritten, bound %.3g", c->name, rw, c->bound64);
	ck_assert_msg(lit >= 1000 * fmax(rw, 0.5), "%s: literal %.3g ulps is not 1000 times %.3g", c->name,
	              lit, rw);
}
END_TEST

UNIT_TEST(test_rewrite_f32, "rewrite", COUNT(cases))
{
	const Case *c = &cases[_i];
	double rw, lit;
	measure(c, true, &rw, &lit);
	ck_assert_msg(rw <= c->bound32, "%s (f32): %.3g ulps rewritten, bound %.3g", c->name, rw, c->bound32);
	ck_assert_msg(lit >= 1000 * fmax(rw, 0.5), "%s (f32): literal %.3g ulps is not 1000 times %.3g",
	              c->name, lit, rw);
}
END_TEST

/* The normal CDF Phi(t) and survival function as SymPy prints them
 * (sympy.stats.Normal's cdf and 1 - cdf, with mu and sigma too, and
 * erfc(-x/sqrt(2))/2, which SymPy prints as 1 - erfc(sqrt(2)*x/2)/2), and
 * log Phi: rewritten to erfc(-+z)/2 (symkern(5), REWRITES), against
 * mpmath's values (60 digits).  The literal forms are 0 from t = -8.4
 * (double) and -5.5 (float), and log Phi is -inf.  The rewritten error is
 * erfc's (5 ulps documented in double, 4 in float) plus the rounding of
 * its argument z = sqrt(2)*t/2, which erfc turns into about
 * (2z**2 + 1) = (t**2 + 1) times as many ulps of the result: z's
 * relative error is k units of 2^-53 (2^-24), k = 1.71 (double: sqrt(2)
 * rounded, 0.61, at most 0.71, and the product, 1) or 1.29 (float), 2
 * more with mu and sigma (x - mu and the division). */
typedef struct {
	double t;
	long double phi, logphi;
} NormalPoint;

static const NormalPoint normal_points[] = {
	{-37, 5.725571222524576822683e-300L, -689.0305855768905936009L},
	{-20, 2.753624118606233695076e-89L, -203.9171553710972639368L},
	{-10, 7.619853024160526065973e-24L, -53.23128515051247057835L},
	{-0.5, 0.3085375387259868963623L, -1.17591176159361860888L},
	{-0x1p-10, 0.4996104079912194589932L, -0.693926668299153286694L},
	{0x1p-10, 0.5003895920087805410068L, -0.6923682999486548568859L},
	{0.5, 0.6914624612740131036377L, -0.3689464152886563930656L},
	{3, 0.9986501019683699054733L, -0.001350809964748193798841L},
	{8, 0.9999999999999993779039L, -6.220960574271786058534e-16L},
};

/* mu and sigma of the ms forms: x = mu + sigma*t exactly, and
 * (x - mu)/sigma = t */
static const double MU = 0.5, SIGMA = 3;

static void check_normal(const char *form, bool f32, double t, double got, double lit, long double ref,
                         double bound)
{
	double e1 = ulps(got, ref, f32), e0 = ulps(lit, ref, f32);
	ck_assert_msg(e1 <= bound, "%s%s at t = %g: %.3g ulps, bound %.3g", form, f32 ? " (f32)" : "", t, e1,
	              bound);
	/* where erf(z) rounds to -1 (+1 in the survival function at -t) */
	if (t <= (f32 ? -5.5 : -8.4))
		ck_assert_msg(e0 > bound, "%s%s at t = %g: literal %.3g ulps within the bound", form,
		              f32 ? " (f32)" : "", t, e0);
}

/* check_normal of the forms in the precision P (f64 or f32, of type T) at
 * the point NP, whose bounds are ERFC + K*(t**2 + 1) ulps, with KMS for K
 * in the forms of mu and sigma, and Phi's over |log Phi|, plus 1, in log
 * Phi.  The arguments are rounded to T from double. */
#define CHECK_NORMALS(P, T, np, erfc, k, kms)                                                                \
	do {                                                                                                 \
		const bool f32_ = sizeof(T) == sizeof(float);                                                \
		const double t_ = (np)->t, b_ = (erfc) + (k) * (t_ * t_ + 1);                                \
		const double bms_ = (erfc) + (kms) * (t_ * t_ + 1);                                          \
		const T t = (T)t_, x = (T)(MU + SIGMA * t_), xs = (T)(MU - SIGMA * t_);                      \
		const T m = (T)MU, s = (T)SIGMA;                                                             \
		check_normal("erf(sqrt(2)*x/2)/2 + 1/2", f32_, t_, rw_ncdf_##P(t), rwlit_ncdf_##P(t),        \
		             (np)->phi, b_);                                                                 \
		check_normal("1/2 - erf(sqrt(2)*x/2)/2", f32_, t_, rw_nsf_##P(-t), rwlit_nsf_##P(-t),        \
		             (np)->phi, b_);                                                                 \
		check_normal("1 - erfc(sqrt(2)*x/2)/2", f32_, t_, rw_ncdfc_##P(t), rwlit_ncdfc_##P(t),       \
		             (np)->phi, b_);                                                                 \
		check_normal("erf(sqrt(2)*(-mu + x)/(2*sigma))/2 + 1/2", f32_, t_, rw_ncdfms_##P(x, m, s),   \
		             rwlit_ncdfms_##P(x, m, s), (np)->phi, bms_);                                    \
		check_normal("1/2 - erf(sqrt(2)*(-mu + x)/(2*sigma))/2", f32_, t_, rw_nsfms_##P(xs, m, s),   \
		             rwlit_nsfms_##P(xs, m, s), (np)->phi, bms_);                                    \
		/* log Phi for t > 0 is log(1 - Q) with Q rounded away (not                                  \
		 * rewritten: log1p(-erfc(z)/2) would be needed) */                                          \
		if (t_ <= 0.5)                                                                               \
			check_normal("log(erf(sqrt(2)*x/2)/2 + 1/2)", f32_, t_, rw_lncdf_##P(t),             \
			             rwlit_lncdf_##P(t), (np)->logphi, b_ / fabs((double)(np)->logphi) + 1); \
	} while (0)

UNIT_TEST(test_normal_cdf, "rewrite", 0)
{
	for (size_t i = 0; i < sizeof normal_points / sizeof normal_points[0]; i++) {
		const NormalPoint *p = &normal_points[i];
		CHECK_NORMALS(f64, double, p, 5, 1.71, 3.71);
		if (fabs(p->t) > 12) /* Phi(t) underflows float */
			continue;
		CHECK_NORMALS(f32, float, p, 4, 1.29, 3.29);
	}
	/* The tails' ends: Phi(-38.5) rounds to 0 in double; erfc(-z)/2 of
	 * large z is 1, and erfc's infinities and NaN pass through. */
	ck_assert(rw_ncdf_f64(-38.5) == 0 && rw_ncdf_f64(40) == 1 && rw_nsf_f64(40) == 0);
	ck_assert(rw_ncdf_f64(-INFINITY) == 0 && rw_ncdf_f64(INFINITY) == 1 && isnan(rw_ncdf_f64(NAN)));
	ck_assert(rw_ncdf_f32(-16.0f) == 0 && rw_ncdf_f32(6.0f) == 1);
}
END_TEST

/* x**n beyond 4 is computed compensated: within 1 ulp where the chain of
 * n - 1 roundings drifts to several (not 1000 times: both are close). */
UNIT_TEST(test_powers, "rewrite", 0)
{
	static const Case pw[] = {
		{"x**7", 1, 0.5, 2, 0.5, 2, 1, 1, r_pow7, FNS(pow7), 0},
		{"x**24", 1, 0.5, 2, 0.5, 2, 1, 1, r_pow24, FNS(pow24), 0},
		{"x**(-9)", 1, 0.5, 2, 0.5, 2, 1.5, 1.5, r_powm9, FNS(powm9), 0},
	};
	for (size_t i = 0; i < sizeof pw / sizeof pw[0]; i++)
		for (int f32 = 0; f32 < 2; f32++) {
			double rw, lit;
			measure(&pw[i], f32, &rw, &lit);
			ck_assert_msg(rw <= pw[i].bound64, "%s%s: %.3g ulps", pw[i].name, f32 ? " (f32)" : "", rw);
			ck_assert_msg(lit > rw, "%s%s: literal %.3g ulps, rewritten %.3g", pw[i].name,
			              f32 ? " (f32)" : "", lit, rw);
		}
}
END_TEST

/* x**(-n) where the chain x**n over- or underflows (symkern(5), Powers):
 * |x|**n from 2^EMAX to 2^(P - EMIN) (x**n is inf, the result subnormal:
 * the literal 1/inf is 0) and from 2^-(EMAX + 1) to 2^EMIN (x**n
 * subnormal, the result near the largest finite number: the literal chain
 * loses bits before the division).  Points log-uniform in
 * |x|, both signs; the bound is that of the common range (test_powers).
 * Before the scaling of rewrite.c the rewritten form was the literal one,
 * and failed here. */
typedef struct {
	const char *name;
	double n; /* the power of x**(-n); a half-integer takes x > 0 only */
	double bound;
	long double (*ref)(const long double *a);
	double (*rw64)(const double *a), (*lit64)(const double *a);
	float (*rw32)(const float *a), (*lit32)(const float *a);
} NegPow;

static void negpow_measure(const NegPow *c, bool f32, bool big, double *rw, double *lit)
{
	const double p = f32 ? 24 : 53, emin = f32 ? -126 : -1022, emax = f32 ? 127 : 1023;
	/* log2 of |x|**n, kept inside the range where the result is finite
	 * and rounds to a nonzero number (a margin of 1/4 at the far ends). */
	double lo = big ? emax : -(emax + 1) + 0.25, hi = big ? p - emin - 0.25 : emin;
	uint64_t s = 99;
	*rw = *lit = 0;
	for (int i = 0; i < POINTS; i++) {
		double x = exp2(test_uniform(&s, lo, hi) / c->n) *
		           (test_uniform(&s, 0, 1) < 0.5 && c->n == floor(c->n) ? -1 : 1);
		float xf = (float)x;
		long double al = f32 ? (long double)xf : (long double)x;
		long double ref = c->ref(&al);
		double e1 = f32 ? ulps(c->rw32(&xf), ref, true) : ulps(c->rw64(&x), ref, false);
		double e0 = f32 ? ulps(c->lit32(&xf), ref, true) : ulps(c->lit64(&x), ref, false);
		*rw = isnan(e1) ? (double)INFINITY : fmax(*rw, e1);
		*lit = isnan(e0) ? (double)INFINITY : fmax(*lit, e0);
	}
}

UNIT_TEST(test_negative_powers_range, "rewrite", 0)
{
	static const NegPow np[] = {
		{"x**(-2)", 2, 2, r_powm2, FNS(powm2)},
		{"x**(-3)", 3, 3, r_powm3, FNS(powm3)},
		{"x**(-9)", 9, 1.5, r_powm9, FNS(powm9)},
		{"x**(-3/2)", 1.5, 3, r_powm32, FNS(powm32)}, /* three roundings, as x**(-3) */
	};
	for (size_t i = 0; i < sizeof np / sizeof np[0]; i++)
		for (int f32 = 0; f32 < 2; f32++)
			for (int big = 0; big < 2; big++) {
				double rw, lit;
				negpow_measure(&np[i], f32, big, &rw, &lit);
				const char *where = big ? "x**n overflows" : "x**n subnormal";
				ck_assert_msg(rw <= np[i].bound, "%s%s, %s: %.3g ulps, bound %.3g", np[i].name,
				              f32 ? " (f32)" : "", where, rw, np[i].bound);
				/* the failure the scaling removes: 0 for a subnormal
				 * result, bits lost near the largest finite number */
				ck_assert_msg(lit > np[i].bound, "%s%s, %s: literal %.3g ulps within the bound", np[i].name,
				              f32 ? " (f32)" : "", where, lit);
			}
	/* At the limits: the least subnormal result, the largest finite one,
	 * and beyond them 0 and inf as the exact value rounds. */
	ck_assert(rw_powm3_f64(0x1p358) == 0x1p-1074 && rw_powm3_f64(0x1p359) == 0);
	ck_assert(rw_powm3_f32(0x1p49f) == 0x1p-147f && rw_powm3_f32(0x1p50f) == 0);
	ck_assert(rw_powm2_f64(-0x1p-511) == 0x1p1022 && isinf(rw_powm2_f64(0x1p-513)));
	ck_assert(rw_powm2_f32(0x1p-63f) == 0x1p126f && isinf(rw_powm2_f32(0x1p-65f)));
	ck_assert(isinf(rw_powm3_f64(-0.0)) && rw_powm3_f64(-0.0) < 0 && isinf(rw_powm2_f64(-0.0)));
	ck_assert(rw_powm3_f64(-INFINITY) == 0 && signbit(rw_powm3_f64(-INFINITY)));
	ck_assert(isinf(rw_powm9_f64(0x1p-1074)) && isnan(rw_powm3_f32(NAN)));
	/* Half-integers: x**(3/2) is 2^1074 at x = 2^716 */
	ck_assert(rw_powm32_f64(0x1p716) == 0x1p-1074 && rw_powm32_f64(0x1p718) == 0);
	ck_assert(rw_powm32_f32(0x1p98f) == 0x1p-147f && rw_powm32_f32(0x1p100f) == 0);
	ck_assert(rw_powm32_f64(0x1p-682) == 0x1p1023 && isinf(rw_powm32_f64(0x1p-684)));
	ck_assert(isinf(rw_powm32_f64(0.0)) && isnan(rw_powm32_f64(-1.0)) && rw_powm52_f64(INFINITY) == 0);
	/* x**(5/2) = 2^1070 overflows the literal product: 0 there */
	ck_assert(rw_powm52_f64(0x1p428) == 0x1p-1070 && rwlit_powm52_f64(0x1p428) == 0);
	ck_assert(rw_powm52_f64(0x1p-408) == 0x1p1020 && rw_powm52_f32(0x1p-50f) == 0x1p125f);
}
END_TEST

/* x**12 rounds to a finite number within an ulp of the largest one where
 * its last product alone rounds to inf: compensated, one rounding. */
UNIT_TEST(test_power_near_overflow, "rewrite", 0)
{
	/* (1625.49866)**12 is 3.4028e38, just below FLT_MAX */
	long double ref = powl(1625.49866f, 12);
	ck_assert(ref < FLT_MAX);
	float r = rw_pow12_f32(1625.49866f);
	ck_assert_msg(isfinite(r) && ulps(r, ref, true) <= 1, "x**12 (f32) near FLT_MAX: %g", (double)r);
}
END_TEST

/* In a gufunc: a Sum of exp(v[k]) - 1 over tiny v is a Sum of expm1. */
UNIT_TEST(test_rewrite_in_sum, "rewrite", 0)
{
	enum { N = 100 };
	double v[N], out = NAN, outlit = NAN;
	long double ref = 0;
	uint64_t s = 7;
	for (int k = 0; k < N; k++) {
		v[k] = test_uniform(&s, 1e-9, 2e-9); /* all positive: no cancellation between terms */
		ref += expm1l(v[k]);
	}
	ck_assert_int_eq(rw_sumexpm1_f64_cpu(1, N, v, 0, 1, &out, 1), 0);
	ck_assert_int_eq(rwlit_sumexpm1_f64_cpu(1, N, v, 0, 1, &outlit, 1), 0);
	double e1 = ulps(out, ref, false), e0 = ulps(outlit, ref, false);
	ck_assert_msg(e1 <= 2, "Sum of expm1: %.3g ulps", e1);
	ck_assert_msg(e0 >= 1000 * fmax(e1, 0.5), "literal Sum: %.3g ulps against %.3g", e0, e1);
}
END_TEST

/* Where the literal form overflows to an infinity, so does the rewritten
 * one (the error terms are dropped, not added as inf - inf = NaN). */
UNIT_TEST(test_overflow_stays_infinite, "rewrite", 0)
{
	ck_assert(isinf(rw_pow7_f64(1e50)) && rw_pow7_f64(1e50) > 0);
	ck_assert(isinf(rw_pow7_f64(-1e50)) && rw_pow7_f64(-1e50) < 0);
	ck_assert(isinf(rw_powm9_f64(1e-40)));
	ck_assert(isinf(rw_pow24_f32(1e5f)));
	ck_assert(isinf(rw_dop_f64(1, 1, 1e200, 1e200)) && rw_dop_f64(1, 1, 1e200, 1e200) < 0);
	ck_assert(isinf(rw_dop_f64(1e200, 1e200, 1, 1)) && rw_dop_f64(1e200, 1e200, 1, 1) > 0);
	ck_assert(isinf(rw_dop_f32(1, 1, 1e30f, 1e30f)));
	ck_assert(isinf(rw_muladd_f64(1e200, 1e200, 1)));
	ck_assert(isinf(rw_softplus_f64(INFINITY)));
	ck_assert(rw_sigmoid_f64(INFINITY) == 1 && rw_sigmoid_f64(-INFINITY) == 0);
	ck_assert(isinf(rw_hyp_f64(INFINITY, 1)));
	ck_assert(isnan(rw_dop_f64(NAN, 1, 1, 1)) && isnan(rw_pow7_f64(NAN)));
}
END_TEST

/* --literal is recorded in the generated files' command line. */
UNIT_TEST(test_literal_in_header, "rewrite", 0)
{
	size_t n;
	char *lit = slurp(BUILDDIR "/tests/sym/rwlit.h", &n), *rw = slurp(BUILDDIR "/tests/sym/rw.h", &n);
	ck_assert(lit && rw);
	ck_assert_ptr_nonnull(strstr(lit, "--literal"));
	ck_assert_ptr_null(strstr(rw, "--literal"));
	free(lit);
	free(rw);
}
END_TEST
