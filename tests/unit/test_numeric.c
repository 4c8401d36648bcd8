/* test_numeric.c: the CPU fallback of tests/sym/funcs.sym (every operator and
 * built-in) against long double references, in both precisions, in ulps of
 * the result type; then increments: broadcast, negative, in place, n = 0. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "funcs.h"
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
R(r_epow, expl(a[0]))
R(r_twopow, exp2l(a[0]))
R(r_half, a[0] / 2)
R(r_sin, sinl(a[0]))
R(r_cos, cosl(a[0]))
R(r_tan, tanl(a[0]))
R(r_asin, asinl(a[0]))
R(r_acos, acosl(a[0]))
R(r_atan, atanl(a[0]))
R(r_atan2, atan2l(a[0], a[1]))
R(r_sinh, sinhl(a[0]))
R(r_cosh, coshl(a[0]))
R(r_tanh, tanhl(a[0]))
R(r_asinh, asinhl(a[0]))
R(r_acosh, acoshl(a[0]))
R(r_atanh, atanhl(a[0]))
R(r_exp, expl(a[0]))
R(r_log, logl(a[0]))
R(r_logb, logl(a[0]) / logl(3))
R(r_sqrt, sqrtl(a[0]))
R(r_cbrt, cbrtl(a[0]))
R(r_abs, fabsl(a[0]))
R(r_sign, a[0] > 0 ? 1 : a[0] < 0 ? -1 : a[0])
R(r_floor, floorl(a[0]))
R(r_ceil, ceill(a[0]))
R(r_min3, fminl(fminl(a[0], a[1]), 1))
R(r_max3, fmaxl(fmaxl(1, a[0]), a[1]))
R(r_erf, erfl(a[0]))
R(r_erfc, erfcl(a[0]))
R(r_gamma, tgammal(a[0]))
R(r_lgamma, lgammal(a[0]))
R(r_heav, a[0] > 0 ? 1 : a[0] < 0 ? 0 : a[0] == 0 ? 0.5L : a[0])
R(r_heav1, a[0] > 0 ? 1 : a[0] < 0 ? 0 : a[0] == 0 ? 1 : a[0])
R(r_exp2, exp2l(a[0]))
R(r_log2, log2l(a[0]))
R(r_log10, log10l(a[0]))
R(r_expm1, expm1l(a[0]))
R(r_log1p, log1pl(a[0]))
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
R(r_gauss, sqrtl(2) * expl(-(a[0] - a[1]) * (a[0] - a[1]) / (2 * a[2] * a[2])) / (2 * sqrtl(PI) * a[2]))

typedef struct {
	const char *name;
	Ref ref;
	LD lo, hi;        /* each argument drawn uniformly from [lo, hi] */
	double ulp64, ulp32; /* error bound in ulps of the result type */
} Case;

/* Bounds: 0.5 ulp for one correctly rounded operation; 4 ulp for a call
 * of the vector math library (libmvec's documented bound) or of libm;
 * more for compositions, whose rounding errors add up. */
static const Case cases[] = {
	{"add", r_add, -100, 100, 0.5, 0.5},      {"sub", r_sub, 1, 100, 0.5, 0.5},
	{"mul", r_mul, -100, 100, 0.5, 0.5},      {"div", r_div, 1, 100, 0.5, 0.5},
	{"neg", r_neg, -100, 100, 0, 0},          {"powxy", r_powxy, 0.5, 4, 4, 4},
	{"pow12", r_pow12, 0.5, 2, 12, 12},         {"powm3", r_powm3, 0.5, 2, 3, 3},
	{"pow32", r_pow32, 0.1, 100, 2, 2},       {"powm12", r_powm12, 0.1, 100, 2, 2},
	{"pow13", r_pow13, 0.1, 100, 4, 4},       {"epow", r_epow, -20, 20, 4, 4},
	{"twopow", r_twopow, -20, 20, 4, 4},      {"half", r_half, -100, 100, 0, 0},
	{"fsin", r_sin, -10, 10, 4, 4},           {"fcos", r_cos, -10, 10, 4, 4},
	{"ftan", r_tan, -1.5, 1.5, 4, 4},         {"fasin", r_asin, -1, 1, 4, 4},
	{"facos", r_acos, -1, 1, 4, 4},           {"fatan", r_atan, -10, 10, 4, 4},
	{"fatan2", r_atan2, -10, 10, 4, 4},       {"fsinh", r_sinh, -10, 10, 4, 4},
	{"fcosh", r_cosh, -10, 10, 4, 4},         {"ftanh", r_tanh, -5, 5, 4, 4},
	{"fasinh", r_asinh, -10, 10, 4, 4},       {"facosh", r_acosh, 1, 100, 4, 4},
	{"fatanh", r_atanh, -0.99L, 0.99L, 4, 4}, {"fexp", r_exp, -50, 50, 4, 4},
	{"flog", r_log, 0.001L, 1000, 4, 4},      {"flogb", r_logb, 0.001L, 1000, 6, 6},
	{"fsqrt", r_sqrt, 0, 100, 0.5, 0.5},      {"fcbrt", r_cbrt, -100, 100, 4, 4},
	{"fabs_", r_abs, -100, 100, 0, 0},        {"fsign", r_sign, -2, 2, 0, 0},
	{"ffloor", r_floor, -10, 10, 0, 0},       {"fceiling", r_ceil, -10, 10, 0, 0},
	{"fmin3", r_min3, -3, 3, 0, 0},           {"fmax3", r_max3, -3, 3, 0, 0},
	{"ferf", r_erf, -3, 3, 4, 4},             {"ferfc", r_erfc, -3, 8, 5, 5},
	{"fgamma", r_gamma, 0.1L, 20, 10, 8},     {"floggamma", r_lgamma, 3, 50, 4, 4},
	{"fheaviside", r_heav, -2, 2, 0, 0},      {"fheaviside1", r_heav1, -2, 2, 0, 0},
	{"fexp2", r_exp2, -50, 50, 4, 4},         {"flog2", r_log2, 0.001L, 1000, 4, 4},
	{"flog10", r_log10, 0.001L, 1000, 4, 4},  {"fexpm1", r_expm1, -1, 1, 4, 4},
	{"flog1p", r_log1p, -0.5L, 2, 4, 4},      {"fhypot", r_hypot, -100, 100, 4, 4},
	{"ffma", r_fma, -10, 10, 0.5, 0.5},       {"fpi", r_pi, -10, 10, 1, 1},
	{"fe", r_e, 0, 10, 1, 1},                 {"pw", r_pw, -2, 2, 4, 4},
	{"logic", r_logic, -3, 3, 0, 0},          {"nanpw", r_nanpw, -2, 2, 0, 0},
	{"chain", r_chain, -2, 2, 0, 0},          {"call", r_call, 0.1L, 1.5L, 8, 8},
	{"konst", r_konst, 0, 1, 0.5, 0.5},       {"gauss", r_gauss, 0.5, 2, 12, 12},
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

START_TEST(test_function)
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
		double e64 = test_ulps(out64[i], c->ref(a), 53), e32 = test_ulps(out32[i], c->ref(b), 24);
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
START_TEST(test_special_values)
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

/* Double cbrt on the CPU (the header's corrected one): within about half an
 * ulp at every scale, including where glibc's is 1.3 ulps off (1 - 2^-52:
 * a result above 1 would make asin(cbrt(y)) NaN), at the ends of the
 * range, around the scaling thresholds 2^+-900, on subnormals and on
 * 10^5 points of random sign, mantissa and exponent. */
START_TEST(test_cbrt)
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
START_TEST(test_increments)
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
START_TEST(test_int64_min)
{
	Parsed *p = parse_text("f(x) = x + (-2)**63\ng(x) = x*(-2147483648*4294967296)\n"
	                       "h(x) = x*((-2)**63/(-2)**62)\n");
	ck_assert_msg(p->errors == 0, "%s", p->msgs);
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

Suite *suite_numeric(void)
{
	Suite *s = suite_create("numeric");
	TCase *tc = tcase_create("cpu");
	tcase_add_loop_test(tc, test_function, 0, NCASES);
	tcase_add_test(tc, test_special_values);
	tcase_add_test(tc, test_cbrt);
	tcase_add_test(tc, test_increments);
	tcase_add_test(tc, test_int64_min);
	suite_add_tcase(s, tc);
	return s;
}
