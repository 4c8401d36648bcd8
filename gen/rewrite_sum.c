/* rewrite_sum.c: the accuracy rewrites that reach a gufunc's Sums
 * (symkern(5), REWRITES), called by rewrite.c on the DAG as written.
 *
 * Both keep the Sum as written for the common case and add a fallback,
 * computed only where its result shows that the terms over- or
 * underflowed (N_FALLBACK): so the usual data costs one loop, as written,
 * and on the GPU the Sum stays a reduction that threads share.  The Sum
 * s as written is taken when 2^-959 <= s <= the largest finite number
 * (2^-63 in float): then no term overflowed, and terms that underflowed
 * lost at most 2^-1075 each (2^-150), which for n < 2^62 terms is half an
 * ulp of s at most.  The bounds need no infinite literal: s/2 < 2^1023
 * (2^127) is s finite.
 *
 * sqrt(Sum(t**2, (j, lo, hi))) is the Euclidean norm of the terms t, which
 * overflows where a square does (|t| > 2^511 in double: (1e200, 1e200)
 * gives inf for 1.41e200) and loses every digit where the squares are
 * subnormal or 0 (2^-537 and below).  Its fallback is Blue's algorithm as
 * LAPACK's dnrm2 (3.10 and later; Anderson, "Algorithm 978: Safe scaling
 * in the Level 1 BLAS", ACM TOMS 44(1), 2017) computes it: three
 * accumulators over the one range, the squares of the big terms (|t| >
 * tbig) scaled by sbig, of the small ones (|t| < tsml) by ssml, of the
 * others as they are, each a Sum of a selection, so that no square over-
 * or underflows; then
 *   abig > 0:  sqrt(abig + (amed*sbig)*sbig)/sbig
 *   asml > 0:  hypot(sqrt(amed), sqrt(asml)/ssml)
 *   else:      sqrt(amed)
 * The constants are powers of 2 (N_SCALE: one literal per precision), so
 * the scaling is exact; LAPACK's la_constants.f90 derives them from the
 * format (radix 2, minexponent, maxexponent, digits) as
 *   tsml = 2^ceil((minexponent - 1)/2)          2^-511   2^-63
 *   tbig = 2^floor((maxexponent - digits + 1)/2) 2^486    2^52
 *   ssml = 2^-floor((minexponent - digits)/2)    2^537    2^75
 *   sbig = 2^-ceil((maxexponent + digits - 1)/2) 2^-538   2^-76
 * (double, float; Fortran's minexponent is C's DBL_MIN_EXP, -1021 and
 * -125, maxexponent DBL_MAX_EXP, 1024 and 128).  A NaN term falls to the
 * middle accumulator (both comparisons are false) and makes the result
 * NaN; an infinite one makes abig inf, and the result inf, as the literal
 * form.
 *
 * log(Sum(exp(t), (j, lo, hi))) is the log-sum-exp of the terms, whose
 * exps overflow above 709.78 (88.72 in float) and vanish below -745
 * (-103.9): (1000, 1000) gives inf for 1000.69, (-1000, -1000) -inf.  Its
 * fallback is m + log(Sum(exp(t - m), ...)) with m the largest term (an
 * N_MAXR over the same range, a loop before the Sum's): every exp is at
 * most 1 and one is 1, so the Sum lies in [1, n].  Where m is not finite
 * it is taken as 0, the literal form: -inf for an empty range or every
 * term -inf (log(0)), inf for an infinite term.  fmax skips NaN terms,
 * whose exp makes the Sum NaN, as written. */
#include "rewrite.h"

/* The exponents of Blue's constants in one format (see the top). */
typedef struct {
	int tsml, tbig, ssml, sbig;
} Blue;

static int floor_half(int a)
{
	return a >= 0 ? a / 2 : -((-a + 1) / 2);
}

static Blue blue_for(int minexp, int maxexp, int digits)
{
	Blue b;
	b.tsml = -floor_half(-(minexp - 1)); /* ceil((minexp - 1)/2) */
	b.tbig = floor_half(maxexp - digits + 1);
	b.ssml = -floor_half(minexp - digits);
	b.sbig = floor_half(-(maxexp + digits - 1)); /* -ceil(...) */
	return b;
}

/* A Sum over the range of sum (its level, limits and function) with body
 * `body`. */
static Node *sum_like(Dag *d, const Node *sum, Node *body)
{
	Node *kids[3] = {body, sum->kids[1], sum->kids[2]};
	return dag_gu(d, N_SUM, sum->func, sum->index, sum->level, sum->off, kids, 3);
}

static Node *square(Dag *d, Node *x)
{
	return dag_op(d, N_MUL, x, x);
}

/* Is x, which is >= 0 or NaN, finite?  x/2 < 2^1023 (2^127): no
 * infinite literal. */
static Node *below_max(Dag *d, Node *x)
{
	Node *half = dag_op(d, N_MUL, x, dag_const(d, num_div(num_int(1), num_int(2))));
	return dag_op(d, N_LT, half, dag_scale(d, 1023, 127));
}

/* Is s, a Sum of terms >= 0, within 2^-959 .. the largest finite number
 * (2^-63 in float)?  See the top. */
static Node *in_range(Dag *d, Node *s)
{
	return dag_op(d, N_AND, dag_op(d, N_GE, s, dag_scale(d, -959, -63)), below_max(d, s));
}

/* Blue's scaled sums of the terms t over sum's range (see the top). */
static Node *blue(Dag *d, const Node *sum, Node *t)
{
	const Blue a = blue_for(-1021, 1024, 53), b = blue_for(-125, 128, 24);
	Node *zero = dag_const(d, num_int(0));
	Node *ax = dag_call(d, MF_FABS, &t);
	Node *big = dag_op(d, N_GT, ax, dag_scale(d, a.tbig, b.tbig));
	Node *small = dag_op(d, N_LT, ax, dag_scale(d, a.tsml, b.tsml));
	Node *sbig = dag_scale(d, a.sbig, b.sbig), *ssml = dag_scale(d, a.ssml, b.ssml);
	Node *abig = sum_like(d, sum, dag_select(d, big, square(d, dag_op(d, N_MUL, ax, sbig)), zero));
	Node *amed = sum_like(d, sum, dag_select(d, dag_op(d, N_OR, big, small), zero, square(d, t)));
	Node *asml = sum_like(d, sum, dag_select(d, small, square(d, dag_op(d, N_MUL, ax, ssml)), zero));
	/* abig > 0: amed joins abig scaled (0 where there are none, NaN
	 * propagated), and the root is scaled back by 1/sbig. */
	Node *rbig = dag_op(d, N_ADD, abig, dag_op(d, N_MUL, dag_op(d, N_MUL, amed, sbig), sbig));
	rbig = dag_op(d, N_MUL, dag_call(d, MF_SQRT, &rbig), dag_scale(d, -a.sbig, -b.sbig));
	/* asml > 0: the two roots, the small one scaled back by 1/ssml,
	 * joined by hypot (LAPACK's ymax*sqrt(1 + (ymin/ymax)**2)). */
	Node *h[2] = {dag_call(d, MF_SQRT, &amed),
	              dag_op(d, N_MUL, dag_call(d, MF_SQRT, &asml), dag_scale(d, -a.ssml, -b.ssml))};
	Node *rsml = dag_call(d, MF_HYPOT, h);
	return dag_select(d, dag_op(d, N_GT, abig, zero), rbig,
	                  dag_select(d, dag_op(d, N_GT, asml, zero), rsml, h[0]));
}

Node *rewrite_sum_norm(Dag *d, const Node *sum, Node *t)
{
	Node *s = sum_like(d, sum, square(d, t));
	return dag_fallback(d, in_range(d, s), dag_call(d, MF_SQRT, &s), blue(d, sum, t));
}

/* m + log(Sum(exp(t - m))), m the largest term (see the top). */
static Node *shifted(Dag *d, const Node *sum, Node *t)
{
	Node *kids[3] = {t, sum->kids[1], sum->kids[2]};
	Node *m = dag_gu(d, N_MAXR, sum->func, sum->index, sum->level, sum->off, kids, 3);
	Node *c = dag_select(d, below_max(d, dag_call(d, MF_FABS, &m)), m, dag_const(d, num_int(0)));
	Node *e = dag_op(d, N_SUB, t, c);
	e = dag_call(d, MF_EXP, &e);
	Node *total = sum_like(d, sum, e);
	return dag_op(d, N_ADD, c, dag_call(d, MF_LOG, &total));
}

Node *rewrite_sum_logsumexp(Dag *d, const Node *sum, Node *t)
{
	Node *s = sum_like(d, sum, dag_call(d, MF_EXP, &t));
	return dag_fallback(d, in_range(d, s), dag_call(d, MF_LOG, &s), shifted(d, sum, t));
}
