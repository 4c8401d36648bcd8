/* compose.c: see compose.h. */
#include "compose.h"

#include <stddef.h>

int compose_arity(BuiltinKind k)
{
	return k == B_LOGADDEXP || k == B_LOGADDEXP2 ? 2 : 1;
}

static Node *num(Dag *d, int v)
{
	return dag_const(d, num_int(v));
}

static Node *call1(Dag *d, MathFn fn, Node *a)
{
	return dag_call(d, fn, &a);
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
	default:
		return NULL;
	}
}
