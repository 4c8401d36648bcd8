/* builtins.c: calls of built-in functions (parse_priv.h): their arguments
 * parsed and checked, and each lowered to DAG nodes: log with a base as a
 * quotient, powers, factorial and binomial, sign and Heaviside as
 * selects, sec and the other reciprocals as quotients, Piecewise, And, Or
 * and the compositions of compose.c. */
#include "parse_priv.h"

#include <stdio.h>

#include "compose.h"

/* The largest order of besselj and bessely: CUDA documents jn's accuracy
 * up to n = 128. */
enum { BESSEL_MAX_ORDER = 128 };

static bool arity(Parser *p, const char *name, int n, int lo, int hi, Loc at)
{
	if (n >= lo && n <= hi)
		return true;
	if (lo == hi)
		diag_error(p->diag, at, "'%s' takes %d argument%s, got %d", name, lo, lo == 1 ? "" : "s", n);
	else if (hi == PARSE_MAX_ARGS)
		diag_error(p->diag, at, "'%s' takes at least %d argument%s, got %d", name, lo,
		           lo == 1 ? "" : "s", n);
	else
		diag_error(p->diag, at, "'%s' takes %d %s %d arguments, got %d", name, lo, hi == lo + 1 ? "or" : "to",
		           hi, n);
	return false;
}

/* factorial(e): folded for a constant; computed incrementally, one
 * multiply a step, for an index plus a constant; otherwise gamma(e + 1). */
static Node *factorial(Parser *p, Node *e, Loc at)
{
	int level;
	long off;
	int64_t c;
	if (e->op == N_CONST) {
		if (!num_is_int(e->val, &c) || c < 0) {
			Node *one = dag_op(p->dag, N_ADD, e, dag_const(p->dag, num_int(1)));
			return ps_checked(p, dag_call(p->dag, MF_TGAMMA, &one), at);
		}
		Num r = num_int(1);
		for (int64_t i = 2; i <= c && num_finite(r); i++)
			r = num_mul(r, num_int(i));
		return ps_checked(p, dag_const(p->dag, r), at);
	}
	if (p->cur && p->cur->gu && ps_index_form(e, &level, &off) && level >= 0)
		return dag_gu(p->dag, N_INDFACT, p->cur, -1, level, off, NULL, 0);
	Node *one = dag_op(p->dag, N_ADD, e, dag_const(p->dag, num_int(1)));
	return dag_call(p->dag, MF_TGAMMA, &one);
}

/* binomial(a, b): a product of b factors for a constant integer b <= 64,
 * else through factorials. */
static Node *binomial(Parser *p, Node *a, Node *b, Loc at)
{
	Dag *d = p->dag;
	int64_t m;
	if (b->op == N_CONST && num_is_int(b->val, &m) && m >= 0 && m <= 64) {
		Node *r = dag_const(d, num_int(1));
		for (int64_t i = 0; i < m; i++)
			r = dag_op(d, N_MUL, r, dag_op(d, N_SUB, a, dag_const(d, num_int(i))));
		Node *fm = factorial(p, b, at);
		return fm ? ps_checked(p, dag_op(d, N_DIV, r, fm), at) : NULL;
	}
	/* Each factorial may be refused (a constant out of range, reported). */
	Node *fa = factorial(p, a, at), *fb = fa ? factorial(p, b, at) : NULL;
	Node *fab = fb ? factorial(p, dag_op(d, N_SUB, a, b), at) : NULL;
	if (!fab)
		return NULL;
	return ps_checked(p, dag_op(d, N_DIV, fa, dag_op(d, N_MUL, fb, fab)), at);
}

/* piecewise = 'Piecewise' '(' pair { ',' pair } ')'
 * pair      = '(' expr ',' expr ')'
 * Evaluates to NaN where no condition holds, as SymPy's Piecewise does. */
static Node *parse_piecewise(Parser *p, Loc open)
{
	enum { MAXPAIRS = 1000 };
	Node *val[MAXPAIRS], *cond[MAXPAIRS];
	int n = 0;
	do {
		if (n > 0)
			next(p); /* the comma */
		if (n == MAXPAIRS) {
			diag_error(p->diag, p->tok.loc, "Piecewise with more than %d pieces", MAXPAIRS);
			return NULL;
		}
		Loc po = p->tok.loc;
		if (!ps_expect(p, T_LPAREN, "'(' starting a Piecewise pair (expr, condition)", po))
			return NULL;
		Loc vl = p->tok.loc;
		if (!(val[n] = parse_expr(p)) || !ps_want_real(p, val[n], vl, "a Piecewise value"))
			return NULL;
		if (!ps_expect(p, T_COMMA, "',' between a Piecewise value and its condition", po))
			return NULL;
		Loc cl = p->tok.loc;
		if (!(cond[n] = parse_expr(p)) || !ps_want_bool(p, cond[n], cl, "a Piecewise condition"))
			return NULL;
		if (!ps_expect(p, T_RPAREN, "')'", po))
			return NULL;
		n++;
	} while (p->tok.kind == T_COMMA);
	if (!ps_expect(p, T_RPAREN, "')'", open))
		return NULL;
	Node *acc = dag_nan(p->dag);
	for (int i = n - 1; i >= 0; i--)
		acc = dag_select(p->dag, cond[i], val[i], acc);
	return acc;
}

/* log(x, b) = log(x)/log(b); a constant base must be positive and not 1. */
static Node *log_base(Parser *p, Node **a, Loc base, Loc at)
{
	Dag *d = p->dag;
	Node *den = dag_call(d, MF_LOG, &a[1]);
	if (den->op == N_CONST && (!num_finite(den->val) || num_cmp(den->val, num_int(0)) == 0)) {
		char b[64];
		num_show(b, sizeof b, a[1]->val);
		diag_error(p->diag, base, "log base %s: the base must be positive and not 1 (log(%s) is %s)", b, b,
		           num_finite(den->val) ? "0: a division by zero"
		           : num_value(den->val) < 0 ? "-infinity" : "not a real number");
		return NULL;
	}
	return ps_checked(p, dag_op(d, N_DIV, dag_call(d, MF_LOG, &a[0]), den), at);
}

/* Heaviside(x, h0) = 1 for x > 0, 0 for x < 0, h0 (default 1/2) at 0, and
 * NaN for NaN; sign(x) likewise with -1, 1 and x itself at 0 and NaN. */
static Node *step(Parser *p, Node *x, Node *neg, Node *pos, Node *zero)
{
	Dag *d = p->dag;
	Node *z = dag_const(d, num_int(0));
	Node *at0 = zero ? dag_select(d, dag_op(d, N_EQ, x, z), zero, x) : x;
	return dag_select(d, dag_op(d, N_GT, x, z), pos,
	                  dag_select(d, dag_op(d, N_LT, x, z), neg, at0));
}

Node *parse_builtin_call(Parser *p, const Builtin *b, Token name)
{
	Loc open = p->tok.loc;
	next(p); /* '(' */
	if (b->kind == B_PIECEWISE)
		return parse_piecewise(p, open);

	Node **a;
	Loc locs[3];
	int n = parse_args(p, &a, locs, 3);
	if (n < 0 || !ps_expect(p, T_RPAREN, "')'", open))
		return NULL;
	const char *nm = b->name;
	Dag *d = p->dag;
	bool logic = b->kind == B_AND || b->kind == B_OR || b->kind == B_NOT;
	char what[LEX_MAX_IDENT + 3];
	snprintf(what, sizeof what, "'%s'", nm);
	for (int i = 0; i < n; i++)
		if (logic ? !ps_want_bool(p, a[i], i < 3 ? locs[i] : name.loc, what)
		          : !ps_want_real(p, a[i], i < 3 ? locs[i] : name.loc, what))
			return NULL;
	switch (b->kind) {
	case B_MATH: {
		int k = mathfn_info[b->fn].arity;
		if (!arity(p, nm, n, k, k, name.loc))
			return NULL;
		return ps_checked(p, dag_call(d, b->fn, a), name.loc);
	}
	case B_RECIP: /* sec(x) = 1/cos(x), csc, cot and coth likewise */
		if (!arity(p, nm, n, 1, 1, name.loc))
			return NULL;
		return ps_checked(p, dag_op(d, N_DIV, dag_const(d, num_int(1)), dag_call(d, b->fn, a)), name.loc);
	case B_LAMBERTW: { /* the real branches only: k = 0 (W0) and k = -1 (W-1) */
		int64_t k = 0;
		if (!arity(p, nm, n, 1, 2, name.loc))
			return NULL;
		if (n == 2 && (a[1]->op != N_CONST || !num_is_int(a[1]->val, &k) || (k != 0 && k != -1))) {
			diag_error(p->diag, locs[1], "LambertW's branch must be the integer 0 or -1, the real ones "
			                             "(the others are complex)");
			return NULL;
		}
		return ps_checked(p, dag_call(d, k ? MF_LAMBERTWM1 : MF_LAMBERTW, a), name.loc);
	}
	case B_BESSEL: { /* integer order: the C library's and CUDA's jn and yn */
		int64_t k;
		if (!arity(p, nm, n, 2, 2, name.loc))
			return NULL;
		if (a[0]->op != N_CONST || !num_is_int(a[0]->val, &k) || k < -BESSEL_MAX_ORDER || k > BESSEL_MAX_ORDER) {
			diag_error(p->diag, locs[0], "%s's order must be an integer constant from %d to %d (the range whose "
			           "accuracy symkern measures); real and variable orders are not supported", nm,
			           -BESSEL_MAX_ORDER, BESSEL_MAX_ORDER);
			return NULL;
		}
		return ps_checked(p, dag_call(d, b->fn, a), name.loc);
	}
	case B_POLYGAMMA: { /* orders 0 and 1: digamma and trigamma (runtime_special.h) */
		int64_t m;
		if (!arity(p, nm, n, 2, 2, name.loc))
			return NULL;
		if (a[0]->op != N_CONST || !num_is_int(a[0]->val, &m) || m < 0 || m > 1) {
			diag_error(p->diag, locs[0], "polygamma's order must be the integer constant 0 (digamma) or 1 "
			           "(trigamma); higher and variable orders are not supported yet");
			return NULL;
		}
		return ps_checked(p, dag_call(d, m ? MF_TRIGAMMA : MF_DIGAMMA, &a[1]), name.loc);
	}
	case B_LOG:
		if (!arity(p, nm, n, 1, 2, name.loc))
			return NULL;
		if (n == 1)
			return ps_checked(p, dag_call(d, MF_LOG, a), name.loc);
		return log_base(p, a, locs[1], name.loc);
	case B_MINMAX: {
		if (!arity(p, nm, n, 1, PARSE_MAX_ARGS, name.loc))
			return NULL;
		Node *acc = a[0];
		for (int i = 1; i < n; i++) {
			Node *two[2] = {acc, a[i]};
			acc = dag_call(d, b->fn, two);
		}
		return acc;
	}
	case B_SIGN:
		if (!arity(p, nm, n, 1, 1, name.loc))
			return NULL;
		return step(p, a[0], dag_const(d, num_int(-1)), dag_const(d, num_int(1)), NULL);
	case B_HEAVISIDE:
		if (!arity(p, nm, n, 1, 2, name.loc))
			return NULL;
		return step(p, a[0], dag_const(d, num_int(0)), dag_const(d, num_int(1)),
		            n == 2 ? a[1] : dag_const(d, num_div(num_int(1), num_int(2))));
	case B_POW:
		if (!arity(p, nm, n, 2, 2, name.loc))
			return NULL;
		return ps_power(p, a[0], a[1], name.loc);
	case B_SINC:
	case B_COSM1:
	case B_LOGADDEXP:
	case B_LOGADDEXP2:
	case B_SECH:
	case B_CSCH:
	case B_ACOT:
	case B_ASEC:
	case B_ACSC:
	case B_ASECH:
	case B_ACSCH:
	case B_ACOTH:
	case B_MOD:
	case B_FRAC: {
		int k = compose_arity(b->kind);
		if (!arity(p, nm, n, k, k, name.loc))
			return NULL;
		return ps_checked(p, compose(d, b->kind, a), name.loc);
	}
	case B_EQ:
	case B_NE:
		if (!arity(p, nm, n, 2, 2, name.loc))
			return NULL;
		return dag_op(d, b->kind == B_EQ ? N_EQ : N_NE, a[0], a[1]);
	case B_AND:
	case B_OR: {
		if (!arity(p, nm, n, 1, PARSE_MAX_ARGS, name.loc))
			return NULL;
		Node *acc = a[0];
		for (int i = 1; i < n; i++)
			acc = dag_op(d, b->kind == B_AND ? N_AND : N_OR, acc, a[i]);
		return acc;
	}
	case B_NOT:
		if (!arity(p, nm, n, 1, 1, name.loc))
			return NULL;
		/* NOLINTNEXTLINE(clang-analyzer-core.NullDereference): arity() made n == 1, so a holds a node */
		return dag_op(d, N_NOT, a[0], NULL);
	case B_FACTORIAL:
		if (!arity(p, nm, n, 1, 1, name.loc))
			return NULL;
		return factorial(p, a[0], locs[0]);
	case B_BINOMIAL:
		if (!arity(p, nm, n, 2, 2, name.loc))
			return NULL;
		return binomial(p, a[0], a[1], name.loc);
	default:
		diag_error(p->diag, name.loc, "'%s' is not a function", nm);
		return NULL;
	}
}

/* b**e, for '**' and pow(b, e); errors at `at`. */
Node *ps_power(Parser *p, Node *b, Node *e, Loc at)
{
	/* x**(k + c) with x computable before the loop over k: one multiply a
	 * step instead of a pow call. */
	int level;
	long off;
	if (e->deps && ps_index_form(e, &level, &off) && level >= 0 && !(b->deps >> level))
		return dag_gu(p->dag, N_INDPOW, p->cur, -1, level, off, &b, 1);
	return ps_checked(p, dag_pow(p->dag, b, e), at);
}
