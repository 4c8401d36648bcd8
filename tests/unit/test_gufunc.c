/* test_gufunc.c: the gufuncs of tests/sym/gufuncs.sym on the CPU fallback
 * against long double references, for n in {0, 1, 2, 5, 16, 1000} and
 * batch in {0, 1, 7, 10^5} (10^5 only up to n = 16, to keep the suite
 * fast), in the row and the column layout and with broadcast inputs; and
 * their argument checks. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gufuncs.h"
#include "tests.h"

typedef enum { SEQ, SEQ_FIXED, RED, RED_X, VEC } Kind; /* ()->(n), ()->(6), (n)->(), (n),()->(), (n)->(n) */

/* The reference of one item: in is the vector (n values) or NULL, x the
 * scalar, out n values (or 1 for a reduction). */
typedef void (*Ref)(size_t n, const long double *in, long double x, long double *out);

static void ref_hermite(size_t n, const long double *in, long double x, long double *o)
{
	long double a = 1, b = x, f = 1; /* He_{k-2}, He_{k-1}, k! */
	(void)in;
	for (size_t k = 0; k < n; k++) {
		long double h = k == 0 ? 1 : k == 1 ? x : x * b - (long double)(k - 1) * a;
		if (k >= 2) {
			a = b;
			b = h;
		}
		f *= k ? (long double)k : 1;
		o[k] = h / sqrtl(f);
	}
}

static void ref_powsum(size_t n, const long double *in, long double x, long double *o)
{
	long double s = 0;
	(void)in;
	for (size_t k = 0; k < n; k++)
		o[k] = s += powl(x, (long double)(k + 1));
}

/* Three-term recurrences y_k = (a_k(x) y_{k-1} - c_k y_{k-2}) / d_k. */
static void three_term(size_t n, long double x, long double y0, long double y1, int which,
                       long double *o)
{
	for (size_t k = 0; k < n; k++) {
		long double kk = (long double)k;
		if (k == 0)
			o[k] = y0;
		else if (k == 1)
			o[k] = y1;
		else if (which == 0) /* Legendre */
			o[k] = ((2 * kk - 1) * x * o[k - 1] - (kk - 1) * o[k - 2]) / kk;
		else if (which == 1) /* Chebyshev */
			o[k] = 2 * x * o[k - 1] - o[k - 2];
		else /* Laguerre */
			o[k] = ((2 * kk - 1 - x) * o[k - 1] - (kk - 1) * o[k - 2]) / kk;
	}
}

static void ref_legendre(size_t n, const long double *in, long double x, long double *o)
{
	(void)in;
	three_term(n, x, 1, x, 0, o);
}

static void ref_chebyshev(size_t n, const long double *in, long double x, long double *o)
{
	(void)in;
	for (size_t k = 0; k < n; k++) /* independent of the recurrence: cos(k acos x) */
		o[k] = cosl((long double)k * acosl(x));
}

static void ref_laguerre(size_t n, const long double *in, long double x, long double *o)
{
	(void)in;
	three_term(n, x, 1, 1 - x, 2, o);
}

static void ref_expseries(size_t n, const long double *in, long double x, long double *o)
{
	long double s = 0, t = 1;
	(void)in;
	for (size_t k = 0; k < n; k++) {
		s += t;
		o[k] = s;
		t *= x / (long double)(k + 1);
	}
}

static void ref_norm2(size_t n, const long double *in, long double x, long double *o)
{
	long double s = 0;
	(void)x;
	for (size_t k = 0; k < n; k++)
		s += in[k] * in[k];
	o[0] = sqrtl(s);
}

static void ref_polyval(size_t n, const long double *in, long double x, long double *o)
{
	long double s = 0;
	for (size_t k = n; k-- > 0;)
		s = s * x + in[k];
	o[0] = s;
}

static void ref_mean(size_t n, const long double *in, long double x, long double *o)
{
	long double s = 0;
	(void)x;
	for (size_t k = 0; k < n; k++)
		s += in[k];
	o[0] = s / (long double)n; /* NaN for n = 0, as 0/0 in SymPy */
}

static void ref_sqexp(size_t n, const long double *in, long double x, long double *o)
{
	long double s = 0, e = 0;
	(void)x;
	for (size_t k = 0; k < n; k++) {
		s += in[k] * in[k];
		e += expl(in[k]);
	}
	o[0] = s / e; /* 0/0 = NaN for n = 0 */
}

static void ref_lse(size_t n, const long double *in, long double x, long double *o)
{
	long double m = -INFINITY, s = 0;
	(void)x;
	for (size_t k = 0; k < n; k++)
		m = fmaxl(m, in[k]);
	for (size_t k = 0; k < n; k++)
		s += expl(in[k] - m); /* shifted, so that n = 1 is exact as in symkern */
	o[0] = n ? m + logl(s) : -INFINITY; /* log(0) for n = 0 */
}

static void ref_prodpoly(size_t n, const long double *in, long double x, long double *o)
{
	long double p = 1;
	for (size_t k = 0; k < n; k++)
		p *= 1 + in[k] * powl(x, (long double)k);
	o[0] = p;
}

static void ref_binom3(size_t n, const long double *in, long double x, long double *o)
{
	(void)in;
	for (size_t k = 0; k < n; k++) {
		long double kk = (long double)k;
		o[k] = x * (kk + 2) * (kk + 1) / 2 + tgammal(kk + 2);
	}
}

static void ref_cumsum(size_t n, const long double *in, long double x, long double *o)
{
	long double s = 0;
	(void)x;
	for (size_t k = 0; k < n; k++)
		o[k] = s += in[k];
}

static void ref_normalize(size_t n, const long double *in, long double x, long double *o)
{
	long double s = 0;
	(void)x;
	for (size_t k = 0; k < n; k++)
		s += in[k] * in[k];
	for (size_t k = 0; k < n; k++)
		o[k] = in[k] / sqrtl(s);
}

static void ref_cumprod(size_t n, const long double *in, long double x, long double *o)
{
	long double p = 1;
	(void)x;
	for (size_t k = 0; k < n; k++)
		o[k] = p *= in[k];
}

static void ref_cumshare(size_t n, const long double *in, long double x, long double *o)
{
	long double s = 0, t = 0;
	(void)x;
	for (size_t k = 0; k < n; k++)
		t += in[k];
	for (size_t k = 0; k < n; k++)
		o[k] = (s += in[k]) / t;
}

typedef struct {
	const char *name;
	Kind kind;
	void (*f64)(void); /* cast to the kind's type */
	void (*f32)(void);
	Ref ref;
	long fixed;        /* a fixed core size, or 0 */
	double lo, hi;     /* the inputs' range */
	size_t maxn64, maxn32; /* largest n whose terms stay finite as written (0: any) */
} Gu;

#define F(f) ((void (*)(void))(f))
static const Gu gus[] = {
	{"hermite", SEQ, F(gufuncs_hermite_f64_cpu), F(gufuncs_hermite_f32_cpu), ref_hermite, 0, -1, 1, 170, 34},
	{"powsum", SEQ, F(gufuncs_powsum_f64_cpu), F(gufuncs_powsum_f32_cpu), ref_powsum, 0, -1, 1, 0, 0},
	{"legendre", SEQ, F(gufuncs_legendre_f64_cpu), F(gufuncs_legendre_f32_cpu), ref_legendre, 0, -1, 1, 0, 0},
	{"chebyshev", SEQ, F(gufuncs_chebyshev_f64_cpu), F(gufuncs_chebyshev_f32_cpu), ref_chebyshev, 0, -1, 1, 0, 0},
	{"laguerre", SEQ, F(gufuncs_laguerre_f64_cpu), F(gufuncs_laguerre_f32_cpu), ref_laguerre, 0, 0, 1, 0, 0},
	{"expseries", SEQ_FIXED, F(gufuncs_expseries_f64_cpu), F(gufuncs_expseries_f32_cpu), ref_expseries, 6, -2, 2, 0, 0},
	{"norm2", RED, F(gufuncs_norm2_f64_cpu), F(gufuncs_norm2_f32_cpu), ref_norm2, 0, -1, 1, 0, 0},
	{"polyval", RED_X, F(gufuncs_polyval_f64_cpu), F(gufuncs_polyval_f32_cpu), ref_polyval, 0, -1, 1, 0, 0},
	{"mean", RED, F(gufuncs_mean_f64_cpu), F(gufuncs_mean_f32_cpu), ref_mean, 0, -1, 1, 0, 0},
	{"sqexp", RED, F(gufuncs_sqexp_f64_cpu), F(gufuncs_sqexp_f32_cpu), ref_sqexp, 0, -1, 1, 0, 0},
	{"lse", RED, F(gufuncs_lse_f64_cpu), F(gufuncs_lse_f32_cpu), ref_lse, 0, 0.5, 2, 0, 0}, /* results >= 0.5: the bound is relative to max(|r|, 1) */
	{"prodpoly", RED_X, F(gufuncs_prodpoly_f64_cpu), F(gufuncs_prodpoly_f32_cpu), ref_prodpoly, 0, -0.5, 0.5, 0, 0},
	{"binom3", SEQ_FIXED, F(gufuncs_binom3_f64_cpu), F(gufuncs_binom3_f32_cpu), ref_binom3, 3, -2, 2, 0, 0},
	{"cumsum", VEC, F(gufuncs_cumsum_f64_cpu), F(gufuncs_cumsum_f32_cpu), ref_cumsum, 0, -1, 1, 0, 0},
	{"normalize", VEC, F(gufuncs_normalize_f64_cpu), F(gufuncs_normalize_f32_cpu), ref_normalize, 0, 0.1, 1, 0, 0},
	{"cumprod", VEC, F(gufuncs_cumprod_f64_cpu), F(gufuncs_cumprod_f32_cpu), ref_cumprod, 0, 0.9, 1.1, 0, 0},
	{"cumshare", VEC, F(gufuncs_cumshare_f64_cpu), F(gufuncs_cumshare_f32_cpu), ref_cumshare, 0, 0.1, 1, 0, 0},
};
#define NGU (sizeof gus / sizeof gus[0])

static const size_t ns[] = {0, 1, 2, 5, 16, 1000};
static const size_t batches[] = {0, 1, 7, 100000};
#define NN (sizeof ns / sizeof ns[0])
#define NB (sizeof batches / sizeof batches[0])

/* The inputs: xorshift64, not testlib.h's splitmix64 (test_uniform), as
 * the bounds of test_against_reference were set on this sequence; with
 * splitmix64's, laguerre's n = 1000 in float has an error of 4e-4 (as
 * run_case measures it), twice the bound. */
static uint64_t rng = 0x9E3779B97F4A7C15u;

static double uniform(double lo, double hi)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return lo + (hi - lo) * (double)(rng >> 11) / 9007199254740992.0;
}

/* RC = F, g's kernel of the type T of the arrays IN (the vectors), XS (the
 * scalars) and OUT, called as its kind takes it with run_case's sizes and
 * increments. */
#define CALL_GU(rc, T, f, in, xs, out)                                                                                   \
	do {                                                                                                             \
		switch (g->kind) {                                                                                       \
		case SEQ:                                                                                                \
			rc = ((int (*)(size_t, size_t, const T *, ptrdiff_t, T *, ptrdiff_t, ptrdiff_t))(f))(            \
				batch, n, xs, xib, out, oib, oie);                                                       \
			break;                                                                                           \
		case SEQ_FIXED:                                                                                          \
			rc = ((int (*)(size_t, const T *, ptrdiff_t, T *, ptrdiff_t, ptrdiff_t))(f))(                    \
				batch, xs, xib, out, oib, oie);                                                          \
			break;                                                                                           \
		case RED:                                                                                                \
			rc = ((int (*)(size_t, size_t, const T *, ptrdiff_t, ptrdiff_t, T *, ptrdiff_t))(f))(            \
				batch, n, in, vib, vie, out, oib);                                                       \
			break;                                                                                           \
		case RED_X:                                                                                              \
			rc = ((int (*)(size_t, size_t, const T *, ptrdiff_t, ptrdiff_t, const T *, ptrdiff_t, T *,       \
			               ptrdiff_t))(f))(batch, n, in, vib, vie, xs, xib, out, oib);                       \
			break;                                                                                           \
		default:                                                                                                 \
			rc = ((int (*)(size_t, size_t, const T *, ptrdiff_t, ptrdiff_t, T *, ptrdiff_t, ptrdiff_t))(f))( \
				batch, n, in, vib, vie, out, oib, oie);                                                  \
			break;                                                                                           \
		}                                                                                                        \
	} while (0)

/* One call: layout 0 rows, 1 columns, 2 rows with the inputs broadcast
 * (inc_batch 0); precision 0 f64, 1 f32.  Returns the largest error
 * relative to the row's largest reference value. */
static double run_case(const Gu *g, size_t n, size_t batch, int layout, int f32)
{
	size_t vn = g->kind == SEQ || g->kind == SEQ_FIXED ? 0 : n;                        /* input vector length */
	size_t on = g->kind == RED || g->kind == RED_X ? 1 : n;     /* output length */
	size_t nin = batch * (vn ? vn : 1), nout = batch * on;
	double *in = malloc((nin ? nin : 1) * sizeof *in), *xs = malloc((batch ? batch : 1) * sizeof *xs);
	double *out = malloc((nout ? nout : 1) * sizeof *out);
	float *in32 = malloc((nin ? nin : 1) * sizeof *in32), *xs32 = malloc((batch ? batch : 1) * sizeof *xs32);
	float *out32 = malloc((nout ? nout : 1) * sizeof *out32);
	long double *lin = malloc((vn ? vn : 1) * sizeof *lin), *ref = malloc((on ? on : 1) * sizeof *ref);
	ck_assert(in && xs && out && in32 && xs32 && out32 && lin && ref);
	for (size_t i = 0; i < nin; i++)
		in32[i] = (float)(in[i] = uniform(g->lo, g->hi));
	for (size_t i = 0; i < batch; i++)
		xs32[i] = (float)(xs[i] = uniform(g->lo, g->hi));
	memset(out, 0xff, (nout ? nout : 1) * sizeof *out); /* NaN poison */
	memset(out32, 0xff, (nout ? nout : 1) * sizeof *out32);
	bool bc = layout == 2, col = layout == 1;
	/* Increments of the inputs and outputs: rows [batch][len], columns [len][batch]. */
	ptrdiff_t vib = bc ? 0 : col ? 1 : (ptrdiff_t)vn, vie = col ? (ptrdiff_t)batch : 1;
	ptrdiff_t xib = bc ? 0 : 1;
	ptrdiff_t oib = col ? 1 : (ptrdiff_t)on, oie = col ? (ptrdiff_t)batch : 1;
	int rc;
	if (f32)
		CALL_GU(rc, float, g->f32, in32, xs32, out32);
	else
		CALL_GU(rc, double, g->f64, in, xs, out);
	ck_assert_msg(rc == 0, "%s n=%zu batch=%zu layout=%d: status %d", g->name, n, batch, layout, rc);
	double worst = 0;
	for (size_t b = 0; b < batch; b++) {
		size_t sb = bc ? 0 : b; /* the input item this item reads */
		for (size_t k = 0; k < vn; k++) {
			size_t at = col ? k * batch + sb : sb * vn + k;
			lin[k] = f32 ? (long double)in32[at] : (long double)in[at];
		}
		long double x = f32 ? (long double)xs32[sb] : (long double)xs[sb];
		g->ref(n, lin, x, ref);
		long double scale = 0;
		for (size_t k = 0; k < on; k++)
			scale = fmaxl(scale, fabsl(ref[k]));
		if (on == 1) { /* a reduction: relative to the sum of magnitudes */
			long double mag;
			for (size_t k = 0; k < vn; k++)
				lin[k] = fabsl(lin[k]);
			g->ref(n, lin, fabsl(x), &mag);
			scale = fmaxl(scale, mag);
		}
		for (size_t k = 0; k < on; k++) {
			size_t at = col ? k * batch + b : b * on + k;
			long double got = f32 ? (long double)out32[at] : (long double)out[at];
			/* Plain ifs: each ck_assert is a message to Check's parent process. */
			if (isnan(ref[k])) {
				if (!isnan(got))
					ck_abort_msg("%s n=%zu item %zu: %Lg, want NaN", g->name, n, b, got);
				continue;
			}
			if (!isfinite(got) && got != ref[k])
				ck_abort_msg("%s n=%zu batch=%zu layout=%d f32=%d item %zu [%zu]: %Lg, want %Lg",
			              g->name, n, batch, layout, f32, b, k, got, ref[k]);
			if (!isfinite(got))
				continue; /* the infinity expected */
			double e = (double)(fabsl(got - ref[k]) / (scale > 0 ? scale : 1));
			if (e > worst)
				worst = e;
		}
	}
	free(in), free(xs), free(out), free(in32), free(xs32), free(out32), free(lin), free(ref);
	return worst;
}

/* _i runs over function x n x batch; every layout and precision inside. */
UNIT_TEST(test_against_reference, "reference", (int)(NGU * NN * NB))
{
	const Gu *g = &gus[(size_t)_i / (NN * NB) % NGU];
	size_t n = g->fixed ? (size_t)g->fixed : ns[(size_t)_i / NB % NN], batch = batches[(size_t)_i % NB];
	if (g->fixed && (size_t)_i / NB % NN != 0)
		return; /* a fixed size: one n */
	if (batch > 1000 && n > 16)
		return;
	if (g->maxn64 && n > g->maxn64)
		n = g->maxn64; /* k! overflows beyond: see symkern(5) */
	for (int f32 = 0; f32 < 2; f32++)
		for (int layout = 0; layout < 3; layout++) {
			double e = run_case(g, f32 && g->maxn32 && n > g->maxn32 ? g->maxn32 : n, batch, layout, f32);
			/* Recurrences gain an ulp or so a step; the bounds leave room
			 * for n = 1000 and are far below what a wrong term gives. */
			double tol = f32 ? 2e-5 : 1e-13;
			if (n == 1000)
				tol *= 10;
			ck_assert_msg(e <= tol, "%s n=%zu batch=%zu layout=%d f32=%d: error %.3g > %.3g", g->name, n,
			              batch, layout, f32, e, tol);
		}
}
END_TEST

/* Argument errors: each returns its code and writes nothing. */
UNIT_TEST(test_bad_arguments, "arguments", 0)
{
	double x[8] = {0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5}, out[32], v[32];
	memset(out, 0x5a, sizeof out);
	unsigned char poison[sizeof out];
	memset(poison, 0x5a, sizeof poison);
	ck_assert_int_eq(gufuncs_powsum_f64_cpu(2, 4, NULL, 1, out, 4, 1), GUFUNCS_EINVAL);
	ck_assert_int_eq(gufuncs_powsum_f64_cpu(2, 4, x, 1, NULL, 4, 1), GUFUNCS_EINVAL);
	ck_assert_int_eq(gufuncs_powsum_f64_cpu(2, 4, x, 1, out, 0, 1), GUFUNCS_EINC);  /* items share a row */
	ck_assert_int_eq(gufuncs_powsum_f64_cpu(2, 4, x, 1, out, 4, 0), GUFUNCS_EINC);  /* elements share */
	ck_assert_int_eq(gufuncs_powsum_f64_cpu(2, 4, x, 1, out, 2, 1), GUFUNCS_EINC);  /* rows overlap */
	ck_assert_int_eq(gufuncs_powsum_f64_cpu(2, 4, out + 3, 1, out, 4, 1), GUFUNCS_EOVERLAP);
	ck_assert_int_eq(gufuncs_powsum_f64_cpu(SIZE_MAX / 2, 4, x, 1, out, 4, 1), GUFUNCS_ESIZE);
	ck_assert_int_eq(gufuncs_cumsum_f64_cpu(2, 4, v, 4, 1, v + 4, 4, 1), GUFUNCS_EOVERLAP);
	ck_assert_int_eq(gufuncs_norm2_f64_cpu(2, 4, v, 4, 1, v + 7, 1), GUFUNCS_EOVERLAP);
	ck_assert(memcmp(out, poison, sizeof out) == 0);
	/* Nothing to do is no error, whatever the pointers. */
	ck_assert_int_eq(gufuncs_powsum_f64_cpu(0, 4, NULL, 1, NULL, 4, 1), GUFUNCS_OK);
	ck_assert_int_eq(gufuncs_powsum_f64_cpu(3, 0, x, 1, NULL, 0, 0), GUFUNCS_OK);
	/* Interleaved and backwards layouts are fine: columns of a [4][2]. */
	ck_assert_int_eq(gufuncs_powsum_f64_cpu(2, 4, x, 1, out, 1, 2), GUFUNCS_OK);
	ck_assert_double_eq_tol(out[7], 0.5 + 0.25 + 0.125 + 0.0625, 1e-15);
	ck_assert_int_eq(gufuncs_powsum_f64_cpu(2, 4, x, 1, out + 7, -1, -2), GUFUNCS_OK);
	ck_assert_double_eq_tol(out[0], 0.5 + 0.25 + 0.125 + 0.0625, 1e-15);
}
END_TEST

/* Size names are printed whole: two that agree in their first 55 bytes
 * (the longer one was once cut to the shorter, a silent wrong size). */
UNIT_TEST(test_long_size_names, "arguments", 0)
{
	const double v[2] = {1, 2}, w[3] = {1, 2, 3};
	const float v32[2] = {1, 2}, w32[3] = {1, 2, 3};
	double out = 0;
	float out32 = 0;
	ck_assert_int_eq(gufuncs_longsz_f64_cpu(1, 2, 3, v, 2, 1, w, 3, 1, &out, 1), GUFUNCS_OK);
	ck_assert_double_eq(out, 2.0 + 3.0); /* the mean of w, then the sum of v */
	ck_assert_int_eq(gufuncs_longsz_f32_cpu(1, 2, 3, v32, 2, 1, w32, 3, 1, &out32, 1), GUFUNCS_OK);
	ck_assert(out32 == 5.0f);
}
END_TEST

/* A call with no element to compute reads nothing, however many items:
 * NULL arrays (symkern(3)), a base case beyond the size, and a batch far
 * too large to walk (once read v[0] before the size guard, and looped
 * over every item). */
UNIT_TEST(test_no_elements, "arguments", 0)
{
	double *v = malloc(sizeof *v), *s = malloc(sizeof *s); /* exactly one element: n = 1 */
	v[0] = 0.25;
	ck_assert_int_eq(gufuncs_cumsum_f64_cpu(3, 0, NULL, 0, 1, NULL, 0, 1), GUFUNCS_OK);
	ck_assert_int_eq(gufuncs_fib2_f64_cpu(3, 0, NULL, 0, 1, NULL, 0, 1), GUFUNCS_OK);
	ck_assert_int_eq(gufuncs_cumsum_f64_cpu(SIZE_MAX / 64, 0, NULL, 0, 1, NULL, 0, 1), GUFUNCS_OK);
	ck_assert_int_eq(gufuncs_normalize_f64_cpu(SIZE_MAX / 64, 0, NULL, 7, 1, NULL, 7, 1), GUFUNCS_OK);
	/* n = 1 below fib2's two base cases: v[1] must not be read. */
	ck_assert_int_eq(gufuncs_fib2_f64_cpu(1, 1, v, 1, 1, s, 1, 1), GUFUNCS_OK);
	ck_assert_double_eq(s[0], 0.25);
	free(v);
	free(s);
}
END_TEST

/* Exactly in place: allowed where each step reads its input only at the
 * element it writes (the header's comment names those inputs), with the
 * result of the call out of place; refused with EOVERLAP where a step
 * reads an element an earlier step wrote (lagdiff). */
typedef int (*Vec64)(size_t, size_t, const double *, ptrdiff_t, ptrdiff_t, double *, ptrdiff_t, ptrdiff_t);

UNIT_TEST(test_in_place, "arguments", 0)
{
	static const struct {
		Vec64 f;
		int ok;
	} t[] = {
		{gufuncs_cumsum_f64_cpu, 1}, {gufuncs_cumprod_f64_cpu, 1}, {gufuncs_normalize_f64_cpu, 1},
		{gufuncs_cumshare_f64_cpu, 1}, {gufuncs_fib2_f64_cpu, 1}, {gufuncs_lagdiff_f64_cpu, 0},
	};
	enum { B = 3, N = 9 };
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
		for (int layout = 0; layout < 2; layout++) {
			double v[B * N], ref[B * N], io[B * N];
			ptrdiff_t ib = layout ? 1 : N, ie = layout ? B : 1;
			for (int j = 0; j < B * N; j++)
				v[j] = io[j] = 0.5 + 0.03125 * (j % 11);
			ck_assert_int_eq(t[i].f(B, N, v, ib, ie, ref, ib, ie), GUFUNCS_OK);
			int rc = t[i].f(B, N, io, ib, ie, io, ib, ie);
			if (!t[i].ok) {
				ck_assert_int_eq(rc, GUFUNCS_EOVERLAP);
				ck_assert(memcmp(io, v, sizeof v) == 0); /* untouched */
				continue;
			}
			ck_assert_int_eq(rc, GUFUNCS_OK);
			ck_assert_msg(memcmp(io, ref, sizeof ref) == 0, "case %zu layout %d: in place differs", i, layout);
			/* Shifted by one element is not exactly in place. */
			ck_assert_int_eq(t[i].f(B, N - 1, io, ib, ie, io + ie, ib, ie), GUFUNCS_EOVERLAP);
		}
	/* A scalar result over its scalar input: polyval's x. */
	double c[4] = {1, 2, 3, 4}, x[2] = {0.5, 0.25}, want[2];
	ck_assert_int_eq(gufuncs_polyval_f64_cpu(2, 4, c, 0, 1, x, 1, want, 1), GUFUNCS_OK);
	ck_assert_int_eq(gufuncs_polyval_f64_cpu(2, 4, c, 0, 1, x, 1, x, 1), GUFUNCS_OK);
	ck_assert(memcmp(x, want, sizeof x) == 0);
}
END_TEST

/* One row of up to 4 terms (n of them), in double (f32 0) or float (1). */
typedef struct {
	int f32;
	size_t n;
	long double v[4];
} Row;

/* Term K of row R, rounded to the row's precision. */
static long double term(const Row *r, size_t k)
{
	return r->f32 ? (long double)(float)r->v[k] : (long double)(double)r->v[k];
}

/* Row R through the CPU reduction F64 or F32 of its precision: the result. */
typedef int (*Red64)(size_t, size_t, const double *, ptrdiff_t, ptrdiff_t, double *, ptrdiff_t);
typedef int (*Red32)(size_t, size_t, const float *, ptrdiff_t, ptrdiff_t, float *, ptrdiff_t);
static long double reduce_row(Red64 f64, Red32 f32, const Row *r)
{
	if (r->f32) {
		float v[4], out = -1;
		for (size_t k = 0; k < 4; k++)
			v[k] = (float)r->v[k];
		ck_assert_int_eq(f32(1, r->n, v, 4, 1, &out, 1), GUFUNCS_OK);
		return out;
	}
	double v[4], out = -1;
	for (size_t k = 0; k < 4; k++)
		v[k] = (double)r->v[k];
	ck_assert_int_eq(f64(1, r->n, v, 4, 1, &out, 1), GUFUNCS_OK);
	return out;
}

/* GOT, row I's result, is within 2 ulps of REF, ulps of the row's
 * precision at the magnitude MAG. */
static void assert_2ulps(size_t i, const Row *r, long double got, long double ref, long double mag)
{
	/* ilogbl(0) is FP_ILOGB0 (INT_MIN): the least subnormal instead. */
	long double ulp = r->f32 ? (long double)FLT_TRUE_MIN : (long double)DBL_TRUE_MIN;
	if (mag != 0)
		ulp = ldexpl(1, ilogbl(mag) - (r->f32 ? 23 : 52));
	ck_assert_msg(fabsl(got - ref) <= 2 * ulp, "case %zu (%s): %.17Lg, want %.17Lg (%.3Lg ulps)", i,
	              r->f32 ? "f32" : "f64", got, ref, fabsl(got - ref) / ulp);
}

/* norm2 where the squares over- or underflow (symkern(5), REWRITES: Blue's
 * scaled sums): the literal sqrt(Sum(v[k]**2)) is inf for (1e200, 1e200)
 * and 0 for (1e-200, 1e-200).  Each row in double (f32 0) or float (1),
 * against the long double norm, within 2 ulps; a NaN anywhere gives NaN,
 * an infinity (and no NaN) inf. */
UNIT_TEST(test_norm2_range, "arguments", 0)
{
	static const Row t[] = {
		{0, 2, {1e200L, 1e200L}}, {0, 2, {1e-200L, 1e-200L}}, {0, 2, {-1e300L, 1e300L}},
		{0, 4, {1e200L, -1e-200L, 3, -4}}, {0, 3, {3e-160L, -4e-160L, 1e-150L}}, {0, 3, {3e-160L, 4e-160L, 1}},
		{0, 2, {3e-160L, -4e-160L}}, {0, 0, {0}}, {0, 1, {-7}}, {0, 2, {4.9406564584124654e-324L, 0}},
		{0, 2, {1.5e154L, 1.5e-154L}}, {0, 3, {2e146L, 1e146L, 1e-154L}},
		{0, 3, {1, NAN, 1e200L}}, {0, 2, {INFINITY, 1}}, {0, 2, {-INFINITY, 1e-200L}}, {0, 2, {NAN, 1e-300L}},
		{0, 2, {NAN, -INFINITY}},
		{1, 2, {1e30L, 1e30L}}, {1, 2, {1e-30L, 1e-30L}}, {1, 4, {1e30L, -1e-30L, 3, -4}},
		{1, 3, {3e-20L, 4e-20L, 1}}, {1, 0, {0}}, {1, 1, {-7}}, {1, 2, {-2e38L, 2e38L}},
		{1, 3, {1, NAN, 1e30L}}, {1, 2, {-INFINITY, 1e-30L}},
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		long double ref = 0, got;
		int nan = 0, inf = 0;
		for (size_t k = 0; k < t[i].n; k++) {
			long double x = term(&t[i], k);
			nan |= isnan(x);
			inf |= isinf(x);
			ref += x * x; /* long double: neither over- nor underflows here */
		}
		ref = sqrtl(ref);
		got = reduce_row(gufuncs_norm2_f64_cpu, gufuncs_norm2_f32_cpu, &t[i]);
		if (nan || inf) {
			ck_assert_msg(nan ? isnan(got) : isinf(got) && got > 0, "case %zu: %Lg", i, got);
			continue;
		}
		assert_2ulps(i, &t[i], got, ref, ref);
	}
}
END_TEST

/* log(Sum(exp(v[k]))) where the exps over- or underflow (symkern(5),
 * REWRITES: the largest term first): within 2 ulps of max(|result|, 1),
 * and -inf, inf, NaN where the literal form has them exactly. */
UNIT_TEST(test_lse_range, "arguments", 0)
{
	static const Row t[] = {
		{0, 2, {1000, 1000}}, {0, 2, {-1000, -1000}}, {0, 3, {-1000, 1000, 0}}, {0, 4, {1e300L, 1, 2, 3}},
		{0, 4, {-800, -801, -802, -1e308L}}, {0, 1, {-7}}, {0, 2, {0, -40}}, {0, 2, {1e-300L, -1e-300L}},
		{0, 0, {0}}, {0, 2, {-INFINITY, -INFINITY}}, {0, 2, {-INFINITY, 3}}, {0, 2, {INFINITY, 1}},
		{0, 3, {1, NAN, 1000}}, {0, 2, {NAN, -INFINITY}},
		{1, 2, {100, 100}}, {1, 2, {-120, -120}}, {1, 3, {-100, 100, 0}}, {1, 1, {-7}}, {1, 0, {0}},
		{1, 2, {INFINITY, 1}}, {1, 2, {-INFINITY, -INFINITY}}, {1, 3, {1, NAN, 100}},
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		long double m = -INFINITY, s = 0, ref, got;
		int nan = 0;
		for (size_t k = 0; k < t[i].n; k++) {
			long double x = term(&t[i], k);
			nan |= isnan(x);
			m = x > m ? x : m;
		}
		for (size_t k = 0; k < t[i].n && isfinite(m); k++)
			s += expl(term(&t[i], k) - m);
		ref = isfinite(m) ? m + logl(s) : m;
		got = reduce_row(gufuncs_lse_f64_cpu, gufuncs_lse_f32_cpu, &t[i]);
		if (nan || !isfinite(ref)) {
			ck_assert_msg(nan ? isnan(got) : got == ref, "case %zu: %Lg, want %Lg", i, got, ref);
			continue;
		}
		assert_2ulps(i, &t[i], got, ref, fabsl(ref) > 1 ? fabsl(ref) : 1);
	}
}
END_TEST
