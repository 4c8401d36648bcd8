/* compose.c: see compose.h. */
#include "compose.h"

#include <stddef.h>

static Node *num(Dag *d, int v)
{
	return dag_const(d, num_int(v));
}

static Node *call1(Dag *d, MathFn fn, Node *a)
{
	return dag_call(d, fn, &a);
}

/* x, with -0 made +0 (where SymPy's value at 0 is the limit from above). */
static Node *plus_zero(Dag *d, Node *x)
{
	return dag_select(d, dag_op(d, N_EQ, x, num(d, 0)), num(d, 0), x);
}

Node *compose(Dag *d, BuiltinKind k, Node **a)
{
	switch (k) {
	case B_SINC: /* SymPy's sinc: sin(x)/x, and 1 at 0 (NaN stays NaN) */
		return dag_select(d, dag_op(d, N_NE, a[0], num(d, 0)),
		                  dag_op(d, N_DIV, call1(d, MF_SIN, a[0]), a[0]), num(d, 1));
	case B_COSM1: { /* cos(x) - 1 = -2 sin(x/2)**2, without cancellation near 0 */
		Node *s = call1(d, MF_SIN, dag_op(d, N_DIV, a[0], num(d, 2)));
		return dag_op(d, N_MUL, num(d, -2), dag_op(d, N_MUL, s, s));
	}
	case B_LOGADDEXP:
	case B_LOGADDEXP2: {
		/* log(exp(a) + exp(b)) = max + log1p(exp(-|a - b|)), which neither
		 * overflows nor loses the smaller term; base 2 likewise with exp2,
		 * log1p's result divided by log(2). */
		Node *two[2] = {a[0], a[1]};
		Node *m = dag_call(d, MF_FMAX, two);
		Node *gap = dag_op(d, N_NEG, call1(d, MF_FABS, dag_op(d, N_SUB, a[0], a[1])), NULL);
		if (k == B_LOGADDEXP)
			return dag_op(d, N_ADD, m, call1(d, MF_LOG1P, call1(d, MF_EXP, gap)));
		Node *l = call1(d, MF_LOG1P, call1(d, MF_EXP2, gap));
		return dag_op(d, N_ADD, m, dag_op(d, N_DIV, l, call1(d, MF_LOG, num(d, 2))));
	}
	case B_SECH:
	case B_CSCH: {
		/* 1/cosh(x) and 1/sinh(x) up to |x| = 20; beyond, 2 exp(-|x|) with
		 * the sign of x for csch (the relative difference, e^-2|x|, is below
		 * 4e-18, under half an ulp of a double), which keeps the values
		 * where cosh and sinh overflow but the result is still a subnormal
		 * number (|x| from 709.8 to 745 in double). */
		Node *ax = call1(d, MF_FABS, a[0]);
		Node *near = dag_op(d, N_LT, ax, num(d, 20));
		if (k == B_SECH)
			return dag_select(d, near, dag_op(d, N_DIV, num(d, 1), call1(d, MF_COSH, a[0])),
			                  dag_op(d, N_MUL, num(d, 2), call1(d, MF_EXP, dag_op(d, N_NEG, ax, NULL))));
		Node *tail = dag_select(d, dag_op(d, N_GT, a[0], num(d, 0)),
		                        dag_op(d, N_MUL, num(d, 2), call1(d, MF_EXP, dag_op(d, N_NEG, a[0], NULL))),
		                        dag_op(d, N_MUL, num(d, -2), call1(d, MF_EXP, a[0])));
		return dag_select(d, near, dag_op(d, N_DIV, num(d, 1), call1(d, MF_SINH, a[0])), tail);
	}
	case B_ACOT: /* atan(1/x); SymPy's acot(0) is pi/2, so -0 counts as +0 */
		return call1(d, MF_ATAN, dag_op(d, N_DIV, num(d, 1), plus_zero(d, a[0])));
	case B_ACSCH: /* asinh(1/x): asinh's relative condition is at most 1 */
		return call1(d, MF_ASINH, dag_op(d, N_DIV, num(d, 1), a[0]));
	case B_ASEC:
	case B_ACSC: {
		/* acos(1/x) and asin(1/x) lose all precision near |x| = 1 (the
		 * derivatives are infinite there); instead, with r = sqrt(x**2 - 1)
		 * computed as sqrt(|x| - 1)*sqrt(|x| + 1) (|x| - 1 is exact near 1,
		 * and nothing overflows), asec(x) = atan2(r, s) and acsc(x) =
		 * atan2(s, r), s = 1 with x's sign: NaN for |x| < 1, as SymPy's
		 * values there are complex. */
		Node *ax = call1(d, MF_FABS, a[0]);
		Node *r = dag_op(d, N_MUL, call1(d, MF_SQRT, dag_op(d, N_SUB, ax, num(d, 1))),
		                 call1(d, MF_SQRT, dag_op(d, N_ADD, ax, num(d, 1))));
		Node *s = dag_select(d, dag_op(d, N_LT, a[0], num(d, 0)), num(d, -1), num(d, 1));
		Node *two[2] = {k == B_ASEC ? r : s, k == B_ASEC ? s : r};
		return dag_call(d, MF_ATAN2, two);
	}
	case B_ASECH: {
		/* acosh(1/x) = log((1 + s)/x), s = sqrt((1 - x)*(1 + x)): from
		 * x = 1/2 as log1p(((1 - x) + s)/x), both terms >= 0, so nothing
		 * cancels near 1; below as log1p(s) - log(x), two terms >= 0, which
		 * does not overflow for subnormal x as (1 + s)/x would.  NaN
		 * outside [0, 1] (log of x < 0, log1p of less than -1 or sqrt of
		 * less than 0), inf at 0. */
		Node *x = a[0];
		Node *om = dag_op(d, N_SUB, num(d, 1), x);
		Node *s = call1(d, MF_SQRT, dag_op(d, N_MUL, om, dag_op(d, N_ADD, num(d, 1), x)));
		Node *half = dag_const(d, num_div(num_int(1), num_int(2)));
		return dag_select(d, dag_op(d, N_LT, x, half),
		                  dag_op(d, N_SUB, call1(d, MF_LOG1P, s), call1(d, MF_LOG, x)),
		                  call1(d, MF_LOG1P, dag_op(d, N_DIV, dag_op(d, N_ADD, om, s), x)));
	}
	case B_ACOTH: {
		/* atanh(1/x) = log((x + 1)/(x - 1))/2 = log1p(2/(|x| - 1))/2 with
		 * x's sign: |x| - 1 is exact near 1, where 1/x would lose it; NaN
		 * for |x| < 1, inf at 1. */
		Node *h = dag_op(d, N_DIV,
		                 call1(d, MF_LOG1P, dag_op(d, N_DIV, num(d, 2),
		                                           dag_op(d, N_SUB, call1(d, MF_FABS, a[0]), num(d, 1)))),
		                 num(d, 2));
		return dag_select(d, dag_op(d, N_LT, a[0], num(d, 0)), dag_op(d, N_NEG, h, NULL), h);
	}
	case B_MOD: {
		/* SymPy's Mod(a, b) has the sign of b (Python's %): fmod (exact,
		 * the sign of a), plus b where the signs differ, one rounding, as
		 * CPython's float % does; NaN for b = 0. */
		Node *two[2] = {a[0], a[1]};
		Node *r = dag_call(d, MF_FMOD, two);
		Node *z = num(d, 0);
		Node *flip = dag_op(d, N_OR, dag_op(d, N_AND, dag_op(d, N_LT, r, z), dag_op(d, N_GT, a[1], z)),
		                    dag_op(d, N_AND, dag_op(d, N_GT, r, z), dag_op(d, N_LT, a[1], z)));
		return dag_select(d, flip, dag_op(d, N_ADD, r, a[1]), r);
	}
	case B_FRAC: /* x - floor(x): exact for x >= 0, one rounding below */
		return dag_op(d, N_SUB, a[0], call1(d, MF_FLOOR, a[0]));
	default:
		return NULL;
	}
}
