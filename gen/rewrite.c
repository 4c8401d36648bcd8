/* rewrite.c: see rewrite.h.  Every rewrite is listed in symkern(5),
 * REWRITES, with its error; tests/oracle measures each before and after. */
#include "rewrite.h"

#include <assert.h>

#include "gufunc.h"

/* The rewriter's state: the DAG it builds in, and by node id what each
 * node of the literal DAG became (NULL: not yet rewritten; ids past cap,
 * nodes the rewrites made, are never rewritten again). */
typedef struct {
	Dag *dag;
	Node **rw;
	size_t cap;
} Rw;

/* What node x of the literal DAG became (its operands first: see R's use). */
static Node *R(Rw *w, Node *x)
{
	return w->rw && (size_t)x->id < w->cap && w->rw[x->id] ? w->rw[x->id] : x;
}

static Node *num(Dag *d, int64_t v)
{
	return dag_const(d, num_int(v));
}

static Node *call1(Dag *d, MathFn fn, Node *a)
{
	return dag_call(d, fn, &a);
}

static Node *call2(Dag *d, MathFn fn, Node *a, Node *b)
{
	Node *k[2] = {a, b};
	return dag_call(d, fn, k);
}

static Node *fma3(Dag *d, Node *a, Node *b, Node *c)
{
	Node *k[3] = {a, b, c};
	return dag_call(d, MF_FMA, k);
}

/* The operands of a node are never NULL: dag.c interns complete nodes
 * only. */
static bool is_call(const Node *x, MathFn fn)
{
	assert(x);
	return x->op == N_CALL && x->fn == fn;
}


/* hi + lo, where lo is the rounding error of a product p (so |lo| < |p|
 * while p is finite and not 0), and hi alone where not: where p
 * overflowed, lo is -inf (p = inf, lo = a*b - inf) and hi + lo would be
 * inf - inf; NaN compares false too, and where p is 0 so is lo.  Two
 * instructions (fabs is free on a GPU), where testing lo - lo == 0 is
 * three: the guard runs once a term in every recurrence. */
static Node *add_error(Dag *d, Node *hi, Node *lo, Node *p)
{
	Node *ok = dag_op(d, N_LT, call1(d, MF_FABS, lo), call1(d, MF_FABS, p));
	return dag_select(d, ok, dag_op(d, N_ADD, hi, lo), hi);
}

/* x**n, 5 <= n <= 64, by repeated squaring as a pair hi + lo: each product
 * p = a*b keeps its error fma(a, b, -p), so the result is off by one final
 * rounding (half an ulp) plus terms of order n*u^2 (Graillat, Lefevre and
 * Muller's compensated exponentiation), where the plain chain's n - 1
 * roundings reach (n - 1)/2 ulps.  The last product is not rounded on its
 * own: the result is fma(a, b, lo), one rounding, so it is finite wherever
 * the exact power rounds to a finite number (a*b alone may round to inf
 * within a few ulps of the largest finite number). */
static Node *powi_compensated(Dag *d, Node *x, long n)
{
	bool by_x[2 * 8] = {false}; /* the steps: squaring, or multiplying by x */
	int steps = 0, top = 0;
	while ((n >> (top + 1)) != 0)
		top++;
	for (int bit = top - 1; bit >= 0; bit--) {
		by_x[steps++] = false;
		if ((n >> bit) & 1)
			by_x[steps++] = true;
	}
	Node *hi = x, *lo = NULL, *two = num(d, 2);
	for (int s = 0; s < steps - 1; s++) {
		Node *b = by_x[s] ? x : hi;
		Node *p = dag_op(d, N_MUL, hi, b);
		Node *e = fma3(d, hi, b, dag_op(d, N_NEG, p, NULL));
		if (!lo)
			lo = e;
		else
			lo = by_x[s] ? fma3(d, lo, x, e) : fma3(d, dag_op(d, N_MUL, two, hi), lo, e);
		hi = p;
	}
	/* The last product hi*b with the error carried into it (n >= 5: two
	 * squarings at least, so lo is set): (hi + lo)*b to first order, once
	 * rounded.  Where hi*b overflows or is 0, carry is inf, NaN or 0 and
	 * the guard of add_error keeps hi*b alone. */
	Node *b = by_x[steps - 1] ? x : hi;
	Node *carry = by_x[steps - 1] ? dag_op(d, N_MUL, lo, x) : dag_op(d, N_MUL, dag_op(d, N_MUL, two, hi), lo);
	Node *p = dag_op(d, N_MUL, hi, b);
	Node *ok = dag_op(d, N_LT, call1(d, MF_FABS, carry), call1(d, MF_FABS, p));
	return dag_select(d, ok, fma3(d, hi, b, carry), p);
}

/* The exponent range of each precision: finite values are below
 * 2^(EMAX + 1), normal ones from 2^EMIN, subnormal ones from 2^(EMIN - P + 1). */
enum { P64 = 53, EMIN64 = -1022, EMAX64 = 1023, P32 = 24, EMIN32 = -126, EMAX32 = 127 };

/* Where the chain of x**(-m) is computed as written: |x|**m in
 * [2^(EMIN + 10), 2^EMAX], so that neither the chain (whose intermediate
 * values lie between |x| and |x|**m) nor the error terms of the
 * compensated chain (about u|x|**m, each off by at most half the least
 * subnormal number, 2^-10 u relative there) over- or underflow.  Outside,
 * x is scaled by an exact power of 2 into that range and the result back,
 * with the division: see pow_negative. */
enum { SCALE_GUARD = 10 };

static long ceil_div(long a, long b)
{
	return a >= 0 ? (a + b - 1) / b : -(-a / b);
}

/* The powers of 2 of x**(-m/h) (h = 1, or 2 for a half-integer power) in
 * one precision: |x| > 2^big or |x| < 2^-small is scaled, by 2^(-h down)
 * (big) or 2^(h up) (small).  For h = 2 the ranges are those of x**(-m)
 * for |x|**(m/2), |x|**m in twice the exponents; the scale exponents are
 * the same, the powers of x h times as large. */
typedef struct {
	int big, small, down, up;
} Scale;

static Scale scale_for(long m, int h, int p, int emin, int emax)
{
	Scale s;
	s.big = (int)(h * emax / m);                  /* |x| <= 2^big: |x|**(m/h) <= 2^emax */
	s.small = (int)(-h * (emin + SCALE_GUARD) / m); /* |x| >= 2^-small: |x|**(m/h) >= 2^(emin + guard) */
	/* Big: the result is 0 (rounded) once |x|**(m/h) >= 2^(p - emin), the
	 * half of the least subnormal; below that, (x 2^(-h down))**(m/h) <
	 * 2^emax, so its reciprocal is a normal number. */
	s.down = (int)ceil_div(p - emin - emax + 1, m);
	/* Small: the result overflows once |x|**(m/h) < 2^-(emax + 1); above
	 * that, (x 2^(h up))**(m/h) >= 2^(emin + guard) (one more for the
	 * values that round to the largest finite number). */
	s.up = (int)ceil_div(emin + SCALE_GUARD + emax + 2, m);
	return s;
}

/* x**(-m), 2 <= m <= 64 (half false), or x**(-m/2), m = 2k + 1 >= 3
 * (half): 1/chain(x), computed as (1/chain(x k))*K with k = K = 1 where
 * |x|**m (|x|**(m/2)) is in the range above, and otherwise exact powers
 * of 2 with K = k**m (k**(m/2)): for large |x| (chain overflow: 1/inf is
 * 0 where the result is a subnormal number) k = 2^-down, K = 2^(-down m);
 * for small |x| (chain subnormal, with bits lost before the division)
 * k = 2^up.  Half-integers are scaled by even powers of 2, 2^(-2 down)
 * and 2^(2 up), so that sqrt(x k) stays exact, with the same K; their
 * chain is x**k sqrt(x), and x < 0 is NaN (sqrt), as written.  Scaling
 * by a power of 2 is exact (x is normal where it is scaled down; a
 * subnormal x scaled up is exact too), and so is the product by K where
 * the result is normal; where it is subnormal, that product is its one
 * rounding, of a reciprocal within an ulp of 2^-p relative (at most half
 * an ulp of the result more, and less than the chain's error).  So the
 * error is the chain's and the division's, as without scaling.  It costs
 * two comparisons, four selections of constants and two multiplications
 * on every element, no extra division: a reciprocal 1/p stays one (nvcc's
 * rcp.rn, cheaper than a division K/p on the GPU).  The constants differ
 * by precision (N_SCALE). */
static Node *pow_negative(Dag *d, Node *x, long m, bool half)
{
	const int h = half ? 2 : 1;
	Scale a = scale_for(m, h, P64, EMIN64, EMAX64), b = scale_for(m, h, P32, EMIN32, EMAX32);
	Node *ax = half ? x : call1(d, MF_FABS, x);
	Node *big = dag_op(d, N_GT, ax, dag_scale(d, a.big, b.big));
	Node *small = dag_op(d, N_LT, ax, dag_scale(d, -a.small, -b.small));
	Node *one = num(d, 1);
	Node *k = dag_select(d, big, dag_scale(d, -h * a.down, -h * b.down),
	                     dag_select(d, small, dag_scale(d, h * a.up, h * b.up), one));
	Node *K = dag_select(d, big, dag_scale(d, (int)(-a.down * m), (int)(-b.down * m)),
	                     dag_select(d, small, dag_scale(d, (int)(a.up * m), (int)(b.up * m)), one));
	Node *xs = dag_op(d, N_MUL, x, k);
	Node *p = half ? dag_op(d, N_MUL, dag_powi(d, xs, m / 2), dag_call(d, MF_SQRT, &xs))
	               : m >= 5 ? powi_compensated(d, xs, m) : dag_powi(d, xs, m);
	return dag_op(d, N_MUL, dag_op(d, N_DIV, one, p), K);
}

/* a*b + c*d with one rounding of the result and the error of c*d kept
 * (Kahan's algorithm, also Cornea et al.): at most 1.5 ulps even where
 * the two products cancel, which the literal form loses entirely. */
static Node *sum_of_products(Dag *d, Node *a, Node *b, Node *c, Node *dd)
{
	Node *w = dag_op(d, N_MUL, c, dd);
	Node *e = fma3(d, c, dd, dag_op(d, N_NEG, w, NULL));
	Node *f = fma3(d, a, b, w);
	return add_error(d, f, e, w);
}

/* True for -fabs(x), as written: exp of it cannot overflow. */
static bool nonpositive(const Node *a)
{
	return a->op == N_NEG && is_call(a->kids[0], MF_FABS);
}

/* log(1 + exp(a)) = max(a, 0) + log1p(exp(-|a|)): exp never overflows,
 * and for large |a| the result is a (or exp(a)) to full precision. */
static Node *softplus(Dag *d, Node *a)
{
	Node *e = call1(d, MF_EXP, dag_op(d, N_NEG, call1(d, MF_FABS, a), NULL));
	return dag_op(d, N_ADD, call2(d, MF_FMAX, a, num(d, 0)), call1(d, MF_LOG1P, e));
}

/* 1/(1 + exp(-t)) from e = exp(-|t|) <= 1: 1/(1 + e) for t >= 0 and
 * e/(1 + e) below, so nothing overflows and tiny results keep their
 * digits (the literal form is 0 from t = -709.8 in double). */
static Node *sigmoid(Dag *d, Node *t)
{
	Node *e = call1(d, MF_EXP, dag_op(d, N_NEG, call1(d, MF_FABS, t), NULL));
	Node *den = dag_op(d, N_ADD, num(d, 1), e);
	return dag_select(d, dag_op(d, N_GE, t, num(d, 0)), dag_op(d, N_DIV, num(d, 1), den),
	                  dag_op(d, N_DIV, e, den));
}

/* The operand u of 1 + u (either order), or NULL. */
static Node *one_plus(const Node *x)
{
	if (x->op != N_ADD)
		return NULL;
	if (dag_is_const(x->kids[0], 1, 1))
		return x->kids[1];
	if (dag_is_const(x->kids[1], 1, 1))
		return x->kids[0];
	return NULL;
}

/* x - 1 as written: x - 1 or x + (-1); returns x or NULL. */
static Node *minus_one(const Node *x)
{
	if (x->op == N_SUB && dag_is_const(x->kids[1], 1, 1))
		return x->kids[0];
	if (x->op == N_ADD && dag_is_const(x->kids[0], -1, 1))
		return x->kids[1];
	if (x->op == N_ADD && dag_is_const(x->kids[1], -1, 1))
		return x->kids[0];
	return NULL;
}

/* exp(u) - 1 -> expm1(u), 1 - exp(u) -> -expm1(u), cosh(u) - 1 ->
 * 2*sinh(u/2)**2, 1 - cos(u) -> 2*sin(u/2)**2 (and the negated forms):
 * the literal forms lose every digit as u -> 0. */
static Node *cancel_one(Rw *w, Node *x)
{
	Dag *d = w->dag;
	Node *a = minus_one(x);
	bool neg = false;
	if (!a && x->op == N_SUB && dag_is_const(x->kids[0], 1, 1)) {
		a = x->kids[1];
		neg = true;
	}
	if (!a || a->op != N_CALL)
		return NULL;
	Node *u = R(w, a->kids[0]), *r;
	if (a->fn == MF_EXP) {
		r = call1(d, MF_EXPM1, u);
	} else if (a->fn == MF_COSH || a->fn == MF_COS) {
		Node *s = call1(d, a->fn == MF_COSH ? MF_SINH : MF_SIN, dag_op(d, N_DIV, u, num(d, 2)));
		/* cosh(u) - 1 = 2*sinh(u/2)**2, cos(u) - 1 = -2*sin(u/2)**2 */
		return dag_op(d, N_MUL, num(d, (a->fn == MF_COSH) != neg ? 2 : -2), dag_op(d, N_MUL, s, s));
	} else {
		return NULL;
	}
	return neg ? dag_op(d, N_NEG, r, NULL) : r;
}

/* A term s*f(z) as written, f erf or erfc and s a real constant: f(z)
 * itself, its negation, and its products and quotients by constants
 * (erf(z)/2, 0.5*erf(z), -erf(z)/2), at most a few levels deep.  Sets
 * *f and *s; false for anything else. */
enum { ERF_DEPTH = 4 };
static bool erf_term(const Node *x, Node **f, Num *s, int depth)
{
	if (depth > ERF_DEPTH)
		return false;
	if (is_call(x, MF_ERF) || is_call(x, MF_ERFC)) {
		*f = (Node *)x;
		*s = num_int(1);
		return true;
	}
	const Node *c = NULL, *t = NULL;
	if (x->op == N_NEG) {
		if (!erf_term(x->kids[0], f, s, depth + 1))
			return false;
		*s = num_neg(*s);
		return true;
	}
	if (x->op == N_MUL || x->op == N_DIV) {
		c = x->kids[1];
		t = x->kids[0];
		if (x->op == N_MUL && x->kids[0]->op == N_CONST) {
			c = x->kids[0];
			t = x->kids[1];
		}
	}
	if (!c || c->op != N_CONST || c->type != TY_REAL || !erf_term(t, f, s, depth + 1))
		return false;
	*s = x->op == N_MUL ? num_mul(*s, c->val) : num_div(*s, c->val);
	return num_finite(*s) && num_cmp(*s, num_int(0)) != 0;
}

/* k + s*erf(z) with k = +-s, and k + s*erfc(z) with k = -2s, as written
 * (either order, + or -): the sum's constant cancels erf(z) -> -+1 or
 * erfc(z) -> 2, so the literal form is 0, or every digit lost, in one
 * tail (the normal CDF erf(sqrt(2)*x/2)/2 + 1/2 is 0 from x = -8.4 in
 * double, where it is 7.6e-24 at x = -10).  The value is S*erfc(w):
 * s*(1 + erf(z)) = s*erfc(-z), s*(erf(z) - 1) = -s*erfc(z),
 * s*(erfc(z) - 2) = -s*erfc(-z); erfc is accurate in both tails (near 2,
 * erfc(-z) = 2 - erfc(z) without cancellation).  Returns S*erfc(w), or
 * NULL; with d NULL, x itself where it matches, and builds nothing. */
static Node *erf_complement(Rw *w, const Node *x)
{
	Dag *d = w ? w->dag : NULL;
	if (x->op != N_ADD && x->op != N_SUB)
		return NULL;
	for (int side = 0; side < 2; side++) {
		const Node *k = x->kids[side], *t = x->kids[1 - side];
		Node *f;
		Num s;
		if (k->op != N_CONST || k->type != TY_REAL || !erf_term(t, &f, &s, 0))
			continue;
		Num kv = k->val;
		if (x->op == N_SUB && side == 0)
			s = num_neg(s); /* k - s*f(z) */
		else if (x->op == N_SUB)
			kv = num_neg(kv); /* s*f(z) - k */
		bool erf = f->fn == MF_ERF, neg_z;
		Num S;
		if (erf && num_cmp(kv, s) == 0) {
			S = s; /* s*(1 + erf(z)) */
			neg_z = true;
		} else if (erf && num_cmp(kv, num_neg(s)) == 0) {
			S = num_neg(s); /* s*(erf(z) - 1) */
			neg_z = false;
		} else if (!erf && num_cmp(kv, num_mul(num_int(-2), s)) == 0) {
			S = num_neg(s); /* s*(erfc(z) - 2) */
			neg_z = true;
		} else {
			continue;
		}
		if (!d)
			return (Node *)x;
		Node *z = R(w, f->kids[0]);
		Node *e = call1(d, MF_ERFC, neg_z ? dag_op(d, N_NEG, z, NULL) : z);
		/* S as written where it is 1/n (erfc(-z)/2, as exact as a
		 * division by 2 is), else a product by the constant. */
		Num inv = num_div(num_int(1), S);
		int64_t n;
		if (num_is_int(inv, &n) && n != 0)
			return n == 1 ? e : n == -1 ? dag_op(d, N_NEG, e, NULL) : dag_op(d, N_DIV, e, num(d, n));
		return dag_op(d, N_MUL, dag_const(d, S), e);
	}
	return NULL;
}

/* a*b + c, a*b - c, c - a*b, a*b +- c*d as fma. */
static Node *fused(Rw *w, Node *x)
{
	Dag *d = w->dag;
	if (x->op != N_ADD && x->op != N_SUB)
		return NULL;
	Node *l = x->kids[0], *r = x->kids[1];
	bool sub = x->op == N_SUB;
	if (l->op == N_MUL && r->op == N_MUL) {
		Node *c = R(w, r->kids[0]);
		return sum_of_products(d, R(w, l->kids[0]), R(w, l->kids[1]),
		                       sub ? dag_op(d, N_NEG, c, NULL) : c, R(w, r->kids[1]));
	}
	if (l->op == N_MUL) {
		Node *c = R(w, r);
		return fma3(d, R(w, l->kids[0]), R(w, l->kids[1]), sub ? dag_op(d, N_NEG, c, NULL) : c);
	}
	if (r->op == N_MUL) {
		Node *a = R(w, r->kids[0]);
		return fma3(d, sub ? dag_op(d, N_NEG, a, NULL) : a, R(w, r->kids[1]), R(w, l));
	}
	return NULL;
}

/* The terms of a sum of squares t*t and positive constants, as written
 * (at most 8); false for anything else. */
enum { MAX_SQUARES = 8 };
static bool squares(Rw *w, const Node *x, Node **t, int *n, int depth)
{
	Dag *d = w->dag;
	if (*n == MAX_SQUARES || depth > MAX_SQUARES)
		return false;
	if (x->op == N_ADD)
		return squares(w, x->kids[0], t, n, depth + 1) && squares(w, x->kids[1], t, n, depth + 1);
	if (x->op == N_MUL && x->kids[0] == x->kids[1]) {
		t[(*n)++] = R(w, x->kids[0]);
		return true;
	}
	if (x->op == N_CONST && x->type == TY_REAL && num_value(x->val) > 0) {
		t[(*n)++] = call1(d, MF_SQRT, (Node *)x); /* folded: a constant */
		return true;
	}
	return false;
}

/* sqrt(a**2 + b**2 [+ ...]) -> hypot(hypot(a, b), ...): no overflow or
 * underflow of the squares. */
static Node *norm(Rw *w, Node *x)
{
	Dag *d = w->dag;
	Node *t[MAX_SQUARES];
	int n = 0;
	if (x->op != N_ADD || !squares(w, x, t, &n, 0))
		return NULL;
	Node *r = t[0];
	for (int i = 1; i < n; i++)
		r = call2(d, MF_HYPOT, r, t[i]);
	return r;
}

/* Sum(t**2, ...) as written (t**2 is t*t: dag.c's lowering). */
static bool sum_of_squares(const Node *x)
{
	return x->op == N_SUM && x->kids[0]->op == N_MUL && x->kids[0]->kids[0] == x->kids[0]->kids[1];
}

/* log(1 + exp(a)) -> softplus, log(exp(a) + exp(b)) -> log-sum-exp,
 * log(1 + u) -> log1p(u), log(1 - u) -> log1p(-u); but log(1 + erf(z))
 * is log(erfc(-z)), its operand's rewrite (log1p(erf(z)) would be
 * log1p(-1) = -inf where erf(z) rounds to -1). */
static Node *logarithm(Rw *w, Node *x)
{
	Dag *d = w->dag;
	if (erf_complement(NULL, x))
		return NULL;
	if (x->op == N_SUM && is_call(x->kids[0], MF_EXP))
		return rewrite_sum_logsumexp(d, x, R(w, x->kids[0]->kids[0]));
	Node *u = one_plus(x);
	if (u && is_call(u, MF_EXP) && !nonpositive(u->kids[0]))
		return softplus(d, R(w, u->kids[0]));
	if (x->op == N_ADD && is_call(x->kids[0], MF_EXP) && is_call(x->kids[1], MF_EXP)) {
		/* max(a, b) + log1p(exp(-|a - b|)); inf - inf is NaN where both
		 * are infinite of one sign, as in the literal form only for +inf. */
		Node *a = R(w, x->kids[0]->kids[0]), *b = R(w, x->kids[1]->kids[0]);
		Node *gap = dag_op(d, N_NEG, call1(d, MF_FABS, dag_op(d, N_SUB, a, b)), NULL);
		return dag_op(d, N_ADD, call2(d, MF_FMAX, a, b), call1(d, MF_LOG1P, call1(d, MF_EXP, gap)));
	}
	if (u)
		return call1(d, MF_LOG1P, R(w, u));
	if (x->op == N_SUB && dag_is_const(x->kids[0], 1, 1))
		return call1(d, MF_LOG1P, dag_op(d, N_NEG, R(w, x->kids[1]), NULL));
	return NULL;
}

/* c/(1 + exp(u)) -> c*sigmoid(-u), exp(u)/(1 + exp(u)) -> sigmoid(u). */
static Node *quotient(Rw *w, Node *x)
{
	Dag *d = w->dag;
	Node *u = one_plus(x->kids[1]);
	if (!u || !is_call(u, MF_EXP))
		return NULL;
	Node *a = R(w, u->kids[0]);
	if (x->kids[0] == u)
		return sigmoid(d, a);
	if (x->kids[0]->op == N_CONST)
		return dag_op(d, N_MUL, x->kids[0], sigmoid(d, dag_op(d, N_NEG, a, NULL)));
	return NULL;
}

/* Node x of the literal DAG with its operands rewritten, by a pattern if
 * one matches, else as it was. */
static Node *rewrite_node(Rw *w, Node *x)
{
	Dag *d = w->dag;
	Node *r = NULL;
	switch (x->op) {
	case N_ADD:
	case N_SUB:
		r = cancel_one(w, x);
		if (!r)
			r = erf_complement(w, x);
		if (!r)
			r = fused(w, x);
		break;
	case N_DIV: r = quotient(w, x); break;
	case N_CALL:
		if (x->fn == MF_LOG)
			r = logarithm(w, x->kids[0]);
		else if (x->fn == MF_LOG1P && is_call(x->kids[0], MF_EXP) && !nonpositive(x->kids[0]->kids[0]))
			r = softplus(d, R(w, x->kids[0]->kids[0]));
		else if (x->fn == MF_SQRT && sum_of_squares(x->kids[0]))
			r = rewrite_sum_norm(d, x->kids[0], R(w, x->kids[0]->kids[0]->kids[0]));
		else if (x->fn == MF_SQRT)
			r = norm(w, x->kids[0]);
		break;
	case N_POWI:
		/* level 1: a half-integer power, off halves */
		return x->off > 0 ? powi_compensated(d, R(w, x->kids[0]), x->off)
		                  : pow_negative(d, R(w, x->kids[0]), -x->off, x->level == 1);
	default: break;
	}
	if (r)
		return r;
	if (x->nkids == 0)
		return x;
	Node *k[3] = {NULL, NULL, NULL}, **kids = x->nkids <= 3 ? k : arena_alloc(d->arena, (size_t)x->nkids * sizeof *kids);
	bool same = true;
	for (int i = 0; i < x->nkids; i++) {
		/* The limits of a Sum are integer expressions, not values: as written. */
		kids[i] = dag_is_red(x->op) && i > 0 ? x->kids[i] : R(w, x->kids[i]);
		same = same && kids[i] == x->kids[i];
	}
	if (same)
		return x;
	switch (x->op) {
	case N_NEG:
	case N_NOT: return dag_op(d, x->op, kids[0], NULL);
	case N_SELECT: return dag_select(d, kids[0], kids[1], kids[2]);
	case N_FALLBACK: return dag_fallback(d, kids[0], kids[1], kids[2]);
	case N_CALL: return dag_call(d, x->fn, kids);
	case N_UCALL: return dag_ucall(d, x->func, kids);
	case N_SUM:
	case N_PROD:
	case N_MAXR:
	case N_INDPOW:
	case N_INDFACT:
	case N_VREAD:
	case N_SEQ:
		return dag_gu(d, x->op, x->func, x->index, x->level, x->off, kids, x->nkids);
	default: return dag_op(d, x->op, kids[0], kids[1]);
	}
}

static Node *rewrite_root(Rw *w, Node *root)
{
	Node **order;
	size_t n = dag_schedule(w->dag, root, &order);
	if ((size_t)w->dag->next_id > w->cap) {
		size_t cap = (size_t)w->dag->next_id * 2;
		w->rw = arena_grow(w->dag->arena, w->rw, w->cap, cap, sizeof *w->rw);
		w->cap = cap;
	}
	assert(w->rw); /* every node of order has an id below next_id <= cap */
	/* Operands first, so R of every operand is known; nodes made here
	 * are not in order, so a rewritten form is never rewritten again. */
	for (size_t i = 0; i < n; i++)
		if (!w->rw[order[i]->id])
			w->rw[order[i]->id] = rewrite_node(w, order[i]);
	return R(w, root);
}

void rewrite_program(Dag *d, Program *prog)
{
	if (!d->rewrite)
		return;
	Rw rw = {.dag = d}, *w = &rw;
	Func **lists[2] = {prog->funcs, prog->gufuncs};
	const int counts[2] = {prog->nfuncs, prog->ngufuncs};
	for (int l = 0; l < 2; l++)
		for (int i = 0; i < counts[l]; i++) {
			Func *f = lists[l][i];
			if (f->root)
				f->root = rewrite_root(w, f->root);
			for (int q = 0; f->gu && q < f->gu->nseqs; q++) {
				Seq *s = &f->gu->seqs[q];
				for (int b = 0; b < s->nbase; b++)
					s->base[b] = rewrite_root(w, s->base[b]);
				if (s->rule)
					s->rule = rewrite_root(w, s->rule);
			}
		}
}
