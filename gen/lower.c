/* lower.c: the lower stage (lower.h).  Each call of a built-in (N_BUILTIN)
 * becomes DAG nodes: log with a base as a quotient, powers (dag_pow's
 * forms, or N_INDPOW for x**(k + c)), factorial and binomial (folded,
 * N_INDFACT, or through gamma), sign and Heaviside as selects, sec and
 * the other reciprocals as quotients, Piecewise as a chain of selects,
 * Min, Max, And and Or as chains, and the compositions of compose.c; the
 * constant arguments that choose a function (LambertW's branch, besselj's
 * and polygamma's order) are checked here, once folded.
 *
 * The DAG is rebuilt node by node in id order, which is the order the
 * parser made them in: a call is lowered where the parser met it, after
 * its arguments, so the nodes it makes get the ids they would have had
 * had the parser lowered it, and operands (ordered by id) print as
 * before.  A node over unchanged operands is copied as it is; one over a
 * lowered call is made again through dag.c, which folds it. */
#include "lower.h"

#include <stdio.h>
#include <string.h>

#include "compose.h"
#include "gufunc.h"

/* The largest order of the Bessel functions: CUDA documents jn's accuracy
 * up to n = 128, and symkern's own runtime measures that range. */
enum { BESSEL_MAX_ORDER = 128 };
/* The largest order of polygamma: m! stays within float's range (35!
 * does not), and the oracle measures orders up to it. */
enum { POLYGAMMA_MAX_ORDER = 32 };

typedef struct {
	Dag *d;                /* the DAG being built */
	Diag *diag;            /* the run's, or a silent one for calls no function reaches */
	const CallSite *site;  /* the call's locations */
	const Node *call;      /* the N_BUILTIN being lowered */
} Lower;

/* factorial(e): folded for a constant; computed incrementally, one
 * multiply a step, for an index plus a constant; otherwise gamma(e + 1). */
static Node *factorial(Lower *L, Node *e, Loc at)
{
	Dag *d = L->d;
	int level;
	long off;
	int64_t c;
	if (e->op == N_CONST) {
		if (!num_is_int(e->val, &c) || c < 0) {
			Node *one = dag_op(d, N_ADD, e, dag_const(d, num_int(1)));
			return dag_checked(L->diag, dag_call(d, MF_TGAMMA, &one), at);
		}
		Num r = num_int(1);
		for (int64_t i = 2; i <= c && num_finite(r); i++)
			r = num_mul(r, num_int(i));
		return dag_checked(L->diag, dag_const(d, r), at);
	}
	Func *f = L->call->func;
	if (f && f->gu && gufunc_index_form(e, &level, &off) && level >= 0)
		return dag_gu(d, N_INDFACT, f, -1, level, off, NULL, 0);
	Node *one = dag_op(d, N_ADD, e, dag_const(d, num_int(1)));
	return dag_call(d, MF_TGAMMA, &one);
}

/* binomial(a, b): a product of b factors for a constant integer b <= 64,
 * else through factorials. */
static Node *binomial(Lower *L, Node *a, Node *b, Loc at)
{
	Dag *d = L->d;
	int64_t m;
	if (b->op == N_CONST && num_is_int(b->val, &m) && m >= 0 && m <= 64) {
		Node *r = dag_const(d, num_int(1));
		for (int64_t i = 0; i < m; i++)
			r = dag_op(d, N_MUL, r, dag_op(d, N_SUB, a, dag_const(d, num_int(i))));
		Node *fm = factorial(L, b, at);
		return fm ? dag_checked(L->diag, dag_op(d, N_DIV, r, fm), at) : NULL;
	}
	/* Each factorial may be refused (a constant out of range, reported). */
	Node *fa = factorial(L, a, at), *fb = fa ? factorial(L, b, at) : NULL;
	Node *fab = fb ? factorial(L, dag_op(d, N_SUB, a, b), at) : NULL;
	if (!fab)
		return NULL;
	return dag_checked(L->diag, dag_op(d, N_DIV, fa, dag_op(d, N_MUL, fb, fab)), at);
}

/* log(x, b) = log(x)/log(b); a constant base must be positive and not 1. */
static Node *log_base(Lower *L, Node **a, Loc base, Loc at)
{
	Dag *d = L->d;
	Node *den = dag_call(d, MF_LOG, &a[1]);
	if (den->op == N_CONST && (!num_finite(den->val) || num_cmp(den->val, num_int(0)) == 0)) {
		char b[64];
		num_show(b, sizeof b, a[1]->val);
		diag_error(L->diag, base, "log base %s: the base must be positive and not 1 (log(%s) is %s)", b, b,
		           num_finite(den->val) ? "0: a division by zero"
		           : num_value(den->val) < 0 ? "-infinity" : "not a real number");
		return NULL;
	}
	return dag_checked(L->diag, dag_op(d, N_DIV, dag_call(d, MF_LOG, &a[0]), den), at);
}

/* Heaviside(x, h0) = 1 for x > 0, 0 for x < 0, h0 (default 1/2) at 0, and
 * NaN for NaN; sign(x) likewise with -1, 1 and x itself at 0 and NaN. */
static Node *step(Dag *d, Node *x, Node *neg, Node *pos, Node *zero)
{
	Node *z = dag_const(d, num_int(0));
	Node *at0 = zero ? dag_select(d, dag_op(d, N_EQ, x, z), zero, x) : x;
	return dag_select(d, dag_op(d, N_GT, x, z), pos, dag_select(d, dag_op(d, N_LT, x, z), neg, at0));
}

/* b**e; x**(k + c) with x computable before the loop over k is one
 * multiply a step instead of a pow call. */
static Node *power(Lower *L, Node *b, Node *e, Loc at)
{
	int level;
	long off;
	if (e->deps && gufunc_index_form(e, &level, &off) && level >= 0 && !(b->deps >> level))
		return dag_gu(L->d, N_INDPOW, L->call->func, -1, level, off, &b, 1);
	return dag_checked(L->diag, dag_pow(L->d, b, e), at);
}

/* An argument that must be an integer constant in [lo, hi]: false if not. */
static bool int_arg(const Node *a, int64_t lo, int64_t hi, int64_t *v)
{
	return a->op == N_CONST && num_is_int(a->val, v) && *v >= lo && *v <= hi;
}

/* The nodes of call L->call over its lowered arguments a (n of them). */
static Node *lower_call(Lower *L, Node **a, int n)
{
	Dag *d = L->d;
	const Node *c = L->call;
	BuiltinKind kind = (BuiltinKind)c->index;
	Loc at = L->site->at;
	const Loc *locs = L->site->arg;
	int64_t k;
	switch (kind) {
	case B_MATH:
		return dag_checked(L->diag, dag_call(d, c->fn, a), at);
	case B_RECIP: /* sec(x) = 1/cos(x), csc, cot and coth likewise */
		return dag_checked(L->diag, dag_op(d, N_DIV, dag_const(d, num_int(1)), dag_call(d, c->fn, a)), at);
	case B_LAMBERTW: /* the real branches only: k = 0 (W0) and k = -1 (W-1) */
		k = 0;
		if (n == 2 && !int_arg(a[1], -1, 0, &k)) {
			diag_error(L->diag, locs[1], "LambertW's branch must be the integer 0 or -1, the real ones "
			                             "(the others are complex)");
			return NULL;
		}
		return dag_checked(L->diag, dag_call(d, k ? MF_LAMBERTWM1 : MF_LAMBERTW, a), at);
	case B_BESSEL: { /* integer order; the spherical ones (jn, yn) from -129 */
		const bool sph = c->fn == MF_SPHJN || c->fn == MF_SPHYN;
		const char *name = c->fn == MF_SPHJN ? "jn" : c->fn == MF_SPHYN ? "yn" : mathfn_info[c->fn].cname;
		const int lo = sph ? -BESSEL_MAX_ORDER - 1 : -BESSEL_MAX_ORDER;
		if (!int_arg(a[0], lo, BESSEL_MAX_ORDER, &k)) {
			diag_error(L->diag, locs[0], "%s's order must be an integer constant from %d to %d (the range whose "
			           "accuracy symkern measures); real and variable orders are not supported",
			           name, lo, BESSEL_MAX_ORDER);
			return NULL;
		}
		if (sph && k < 0) { /* j_-n-1 = (-1)^(n+1) y_n, y_-n-1 = (-1)^n j_n (DLMF 10.47.14) */
			Node *b[2] = {dag_const(d, num_int(-k - 1)), a[1]};
			Node *v = dag_call(d, c->fn == MF_SPHJN ? MF_SPHYN : MF_SPHJN, b);
			const bool neg = c->fn == MF_SPHJN ? -k % 2 == 1 : (-k - 1) % 2 == 1;
			return dag_checked(L->diag, neg ? dag_op(d, N_NEG, v, NULL) : v, at);
		}
		return dag_checked(L->diag, dag_call(d, c->fn, a), at);
	}
	case B_POLYGAMMA: /* digamma and trigamma (runtime_gamma.h), then through zeta(m + 1, x) */
		if (!int_arg(a[0], 0, POLYGAMMA_MAX_ORDER, &k)) {
			diag_error(L->diag, locs[0], "polygamma's order must be an integer constant from 0 to %d (the range "
			           "whose accuracy symkern measures); variable orders are not supported",
			           POLYGAMMA_MAX_ORDER);
			return NULL;
		}
		if (k >= 2)
			return dag_checked(L->diag, dag_call(d, MF_POLYGAMMA, a), at);
		return dag_checked(L->diag, dag_call(d, k ? MF_TRIGAMMA : MF_DIGAMMA, &a[1]), at);
	case B_ZETA: /* Riemann's or Hurwitz's */
		return dag_checked(L->diag, dag_call(d, n == 1 ? MF_ZETA : MF_HURWITZ, a), at);
	case B_ELLIPE: /* complete or incomplete (SymPy: elliptic_e(m), elliptic_e(phi, m)) */
		return dag_checked(L->diag, dag_call(d, n == 1 ? MF_ELLIPE : MF_ELLIPEINC, a), at);
	case B_LOG:
		return n == 1 ? dag_checked(L->diag, dag_call(d, MF_LOG, a), at) : log_base(L, a, locs[1], at);
	case B_MINMAX:
	case B_AND:
	case B_OR: {
		Node *acc = a[0];
		for (int i = 1; i < n; i++) {
			Node *two[2] = {acc, a[i]};
			acc = kind == B_MINMAX ? dag_call(d, c->fn, two) : dag_op(d, kind == B_AND ? N_AND : N_OR, acc, a[i]);
		}
		return acc;
	}
	case B_SIGN:
		return step(d, a[0], dag_const(d, num_int(-1)), dag_const(d, num_int(1)), NULL);
	case B_HEAVISIDE:
		return step(d, a[0], dag_const(d, num_int(0)), dag_const(d, num_int(1)),
		            n == 2 ? a[1] : dag_const(d, num_div(num_int(1), num_int(2))));
	case B_PIECEWISE: { /* NaN where no condition holds, as SymPy's */
		Node *acc = dag_nan(d);
		for (int i = n - 2; i >= 0; i -= 2)
			acc = dag_select(d, a[i + 1], a[i], acc);
		return acc;
	}
	case B_POW:
		return power(L, a[0], a[1], at);
	case B_EQ:
	case B_NE:
		return dag_op(d, kind == B_EQ ? N_EQ : N_NE, a[0], a[1]);
	case B_NOT:
		return dag_op(d, N_NOT, a[0], NULL);
	case B_FACTORIAL:
		return factorial(L, a[0], locs[0]);
	case B_BINOMIAL:
		return binomial(L, a[0], a[1], at);
	default: /* B_SINC .. B_FRAC */
		return dag_checked(L->diag, compose(d, kind, a), at);
	}
}

/* n made again over kids, of which one at least was lowered: through the
 * constructor that folds it.  A constant that is no longer finite, or a
 * division by one that became zero, is reported at the call that made it
 * so (the parser reports them at the operator when it sees them). */
static Node *rebuild(Lower *L, const Node *n, Node **k)
{
	Dag *d = L->d;
	Node *r;
	switch (n->op) {
	case N_NEG:
	case N_NOT:
		r = dag_op(d, n->op, k[0], NULL);
		break;
	case N_DIV:
		if (k[1]->op == N_CONST && num_cmp(k[1]->val, num_int(0)) == 0) {
			diag_error(L->diag, L->site->at, "division by zero");
			return NULL;
		}
		/* fall through */
	case N_ADD: case N_SUB: case N_MUL:
	case N_LT: case N_LE: case N_GT: case N_GE: case N_EQ: case N_NE:
	case N_AND: case N_OR:
		r = dag_op(d, n->op, k[0], k[1]);
		break;
	case N_SELECT:
		r = dag_select(d, k[0], k[1], k[2]);
		break;
	case N_CALL:
		r = dag_call(d, n->fn, k);
		break;
	case N_UCALL:
		r = dag_ucall(d, n->func, k);
		break;
	case N_SUM: case N_PROD:
		r = dag_gu(d, n->op, n->func, n->index, n->level, n->off, k, n->nkids);
		break;
	default:
		r = dag_copy(d, n, k);
		break;
	}
	return dag_checked(L->diag, r, L->site->at);
}

/* live[id]: the node is reachable from a root of a function of prog. */
static unsigned char *reachable(Dag *d, const Program *prog)
{
	unsigned char *live = arena_alloc(d->arena, (size_t)d->next_id + 1);
	for (int pass = 0; pass < 2; pass++) {
		Func **fs = pass ? prog->gufuncs : prog->funcs;
		for (int i = 0; i < (pass ? prog->ngufuncs : prog->nfuncs); i++) {
			Node **roots, **order;
			int nr = func_roots(fs[i], d->arena, &roots);
			for (int r = 0; r < nr; r++)
				for (size_t j = 0, nn = dag_schedule(d, roots[r], &order); j < nn; j++)
					live[order[j]->id] = 1;
		}
	}
	return live;
}

/* The arguments f's DAG reaches (an argument only in a branch that folded
 * away is unused too, and the C compiler would say so), and a warning for
 * the unused. */
static void mark_used(Dag *d, Diag *diag, Func *f)
{
	Node **roots, **order;
	int nr = func_roots(f, d->arena, &roots);
	memset(f->used, 0, (size_t)f->nargs);
	for (int r = 0; r < nr; r++)
		for (size_t i = 0, nn = dag_schedule(d, roots[r], &order); i < nn; i++)
			if (order[i]->op == N_ARG || order[i]->op == N_VREAD)
				f->used[order[i]->index] = true;
	for (int i = 0; i < f->nargs; i++)
		if (!f->used[i])
			diag_warning(diag, f->argloc[i], "argument '%s' of '%s' is unused", f->args[i], f->name);
}

/* f's roots moved into the new DAG (memo by old id); false if one failed. */
static bool move_roots(Func *f, Node *const *memo)
{
	bool ok = true;
	if (f->root)
		ok = (f->root = memo[f->root->id]) != NULL;
	for (int s = 0; f->gu && s < f->gu->nseqs; s++) {
		Seq *q = &f->gu->seqs[s];
		for (int b = 0; b < q->nbase; b++)
			ok &= (q->base[b] = memo[q->base[b]->id]) != NULL;
		if (q->rule)
			ok &= (q->rule = memo[q->rule->id]) != NULL;
	}
	return ok;
}

int lower_program(Diag *diag, Dag *dag, Program *prog)
{
	int before = diag->errors;
	Dag nd;
	dag_init(&nd, dag->arena);
	nd.rewrite = dag->rewrite;
	size_t count = (size_t)dag->next_id;
	unsigned char *live = reachable(dag, prog);
	Node **memo = arena_alloc(dag->arena, (count + 1) * sizeof *memo);
	/* by old id: NULL where the new node is a copy (its operands
	 * unchanged), else the call whose lowering changed it */
	const Node **cause = arena_alloc(dag->arena, (count + 1) * sizeof *cause);
	Diag quiet = {.src = diag->src};
	int cap = 16;
	Node **kids = arena_alloc(dag->arena, (size_t)cap * sizeof *kids);
	for (size_t id = 0; id < count; id++) {
		const Node *n = dag->nodes[id];
		if (n->nkids > cap) {
			kids = arena_grow(dag->arena, kids, 0, (size_t)n->nkids, sizeof *kids);
			cap = n->nkids;
		}
		const Node *why = n->op == N_BUILTIN ? n : NULL;
		bool failed = false;
		for (int i = 0; i < n->nkids && !failed; i++) {
			int kid = n->kids[i]->id;
			failed = !(kids[i] = memo[kid]);
			if (!why)
				why = cause[kid];
		}
		if (failed)
			continue;
		if (!why) {
			memo[id] = dag_copy(&nd, n, kids);
			continue;
		}
		Lower L = {&nd, live[id] ? diag : &quiet, &prog->sites[why->off], why};
		memo[id] = n->op == N_BUILTIN ? lower_call(&L, kids, n->nkids) : rebuild(&L, n, kids);
		cause[id] = why;
	}
	*dag = nd;
	/* by Func.index: the function has a call that could not be lowered */
	unsigned char *bad = arena_alloc(dag->arena, program_index_end(prog));
	for (int pass = 0; pass < 2; pass++) {
		Func **fs = pass ? prog->gufuncs : prog->funcs;
		for (int i = 0; i < (pass ? prog->ngufuncs : prog->nfuncs); i++) {
			if (move_roots(fs[i], memo))
				mark_used(dag, diag, fs[i]);
			else
				bad[fs[i]->index] = 1;
		}
	}
	program_keep(prog, bad);
	return diag->errors - before;
}
