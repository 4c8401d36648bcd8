/* emit_gu.c: gufuncs as m4 definitions: the C text of each one's per-item
 * function (what one batch item computes, shared by the GPU kernel and the
 * CPU fallback) and of its parameter and argument lists.
 *
 * The item function computes, in this order:
 *   1. every value that depends on no index, once (hoisting), Sums over
 *      the inputs included;
 *   2. the terms of step k = 0, 1, ... for each sequence in definition
 *      order: the steps that use base cases are written out one by one
 *      (peeled; k is a constant there), the rest is one loop.  A sequence
 *      keeps its last `lookback` terms in registers _q<seq>_<back>, shifted
 *      at the end of each step; outputs are stored as they are made.
 * A loop (over k or a Sum's index) first sets up its incremental values:
 * x**(k + c) is multiplied by x and (k + c)! by k + 1 + c at each step.
 * Sums are compensated (Kahan): the error stays a few ulps instead of
 * growing with n, at four additions an element, which a memory-bound loop
 * does not notice. */
#include "emit.h"

#include <assert.h>
#include <float.h>
#include <limits.h>
#include <string.h>

typedef struct {
	Printer *pr;           /* the C printer: p->f and p->f32 are f and f32 */
	const GuPlan *plan;    /* how the gufunc is computed (plan.h) */
	FILE *out;
	Dag *dag;
	const Program *prog;
	const Func *f;
	const Gufunc *g;
	bool f32, fast;
	const char *T;
	int ntmp;
	unsigned bound;        /* index levels bound where code is being written */
	const Node *split;     /* a Sum whose loop runs j = lo + _t, lo + _t + _T, ... */
	long peel, size;       /* steps written out one by one; the fixed size or -1 */
	/* The item function's size guards: req[id] is the least run-time
	 * size of the outputs' dimension for which node id reads only elements
	 * that exist (1 + the largest constant index it reads of a vector of
	 * that dimension; 0 for none), and only nodes with req <= reqmax are
	 * written.  NULL: no limit. */
	const long *req;
	long reqmax;
	uint64_t *rd;          /* the registers each step reads (plan_reads) */
	/* The incremental values of index level 0 (k) of the terms, each once,
	 * which every step advances (induction_list). */
	Node **inc0;
	size_t ninc0;
	unsigned *seen;        /* by node id: the stamp of induction_list's last walk */
	size_t seen_cap;
	unsigned stamp;
	unsigned active[16];   /* the scopes open there (a value is visible in them) */
	int nactive;
	int indent;
} Em;

static void ind(Em *e)
{
	for (int i = 0; i < e->indent; i++)
		fputc('\t', e->out);
}

static bool visible(const Em *e, const Node *x)
{
	for (int i = 0; i < e->nactive; i++)
		if (*emit_scope_of(e->pr, x) == e->active[i])
			return true;
	return false;
}

static void open_scope(Em *e)
{
	/* Scopes nest as the function (1), a step or Sum's block and body (2 a
	 * level, DAG_MAX_LEVEL levels) and a range body's branch. */
	assert(e->nactive < (int)(sizeof e->active / sizeof e->active[0]));
	e->active[e->nactive++] = ++e->pr->scopes; /* never reused, across functions and precisions */
}

static void close_scope(Em *e)
{
	e->nactive--;
}

/* Defines x's temporary in the current scope. */
static int new_tmp(Em *e, Node *x)
{
	*emit_tmp(e->pr, x) = ++e->ntmp;
	*emit_scope_of(e->pr, x) = e->active[e->nactive - 1];
	return e->ntmp;
}

static void opnd(Em *e, const Node *x)
{
	emit_operand(e->pr, x);
}

/* An integer expression (limits, indices) as C text of type ptrdiff_t. */
static void int_text(Em *e, const Node *x)
{
	int64_t c;
	switch (x->op) {
	case N_CONST:
		num_is_int(x->val, &c);
		fprintf(e->out, "(ptrdiff_t)%lld", (long long)c);
		return;
	case N_DIM: fprintf(e->out, "(ptrdiff_t)%s", e->g->dimc[x->index]); return;
	case N_INDEX:
		if (x->level == 0)
			fputs("_k", e->out);
		else
			fprintf(e->out, "_j%d", x->level);
		return;
	case N_NEG: fputs("(-", e->out); int_text(e, x->kids[0]); fputc(')', e->out); return;
	default:
		fputc('(', e->out);
		int_text(e, x->kids[0]);
		fputs(x->op == N_ADD ? " + " : x->op == N_SUB ? " - " : " * ", e->out);
		int_text(e, x->kids[1]);
		fputc(')', e->out);
	}
}

static void index_text(Em *e, int level, long off)
{
	if (level < 0)
		fprintf(e->out, "%ld", off);
	else if (level == 0)
		fprintf(e->out, "(_k + %ld)", off);
	else
		fprintf(e->out, "(_j%d + %ld)", level, off);
}

static void emit_scope(Em *e, Node *root);
static void emit_scope_need(Em *e, Node *root, const char *need);

/* A loop's first index: lo, or the variable _k0 for NULL. */
static void lo_text(Em *e, const Node *lo)
{
	if (lo)
		int_text(e, lo);
	else
		fputs("_k0", e->out);
}

/* Incremental values of loop `level` reachable from roots: declared and
 * set for the loop's first index lo (a node: a constant or a Sum's lower
 * limit; NULL: the variable _k0, where a parallel part starts). */
static void induction_init(Em *e, Node *const *roots, int nroots, int level, const Node *lo)
{
	for (int r = 0; r < nroots; r++) {
		Node **order;
		size_t n = dag_schedule(e->dag, roots[r], &order);
		for (size_t i = 0; i < n; i++) {
			Node *x = order[i];
			if ((x->op != N_INDPOW && x->op != N_INDFACT) || x->level != level || visible(e, x))
				continue;
			int64_t c0;
			bool cst = lo && lo->op == N_CONST && num_is_int(lo->val, &c0);
			if (x->op == N_INDPOW) {
				if (cst && c0 + x->off >= -64 && c0 + x->off <= 64) {
					Node *p = dag_pow(e->dag, x->kids[0], dag_const(e->dag, num_int(c0 + x->off)));
					emit_scope(e, p);
					ind(e);
					fprintf(e->out, "%s t%d = ", e->T, new_tmp(e, x));
					opnd(e, p);
					fputs(";\n", e->out);
				} else {
					ind(e);
					fprintf(e->out, "%s t%d = pow%s(", e->T, new_tmp(e, x), e->f32 ? "f" : "");
					opnd(e, x->kids[0]);
					fprintf(e->out, ", (%s)(", e->T);
					lo_text(e, lo);
					fprintf(e->out, " + %ld));\n", x->off);
				}
			} else {
				ind(e);
				fprintf(e->out, "%s t%d = ", e->T, new_tmp(e, x));
				/* (c0 + off)! as a literal (1 below 0), unless the
				 * precision cannot hold it: then tgamma's inf. */
				long double v = 1, max = e->f32 ? (long double)FLT_MAX : (long double)DBL_MAX;
				for (int64_t j = 2; cst && j <= c0 + x->off && v <= max; j++)
					v *= (long double)j;
				if (cst && v <= max) {
					char b[64];
					fprintf(e->out, "%s;\n", num_literal(b, sizeof b, num_real(v), e->f32));
				} else {
					fprintf(e->out, "tgamma%s((%s)(", e->f32 ? "f" : "", e->T);
					lo_text(e, lo);
					fprintf(e->out, " + %ld + 1));\n", x->off);
				}
			}
		}
	}
}

/* Each of the ninc incremental values inc of loop `level` (index
 * variable var) advances once: the end of one step. */
static void induction_advance(Em *e, Node *const *inc, size_t ninc, int level, const char *var)
{
	for (size_t i = 0; i < ninc; i++) {
		const Node *x = inc[i];
		int t = *emit_tmp(e->pr, x);
		ind(e);
		if (x->op == N_INDPOW && e->split && level == e->split->level) {
			fprintf(e->out, "t%d *= t%d;\n", t, t + 1); /* split_induction_init's step */
		} else if (x->op == N_INDPOW) {
			fprintf(e->out, "t%d *= ", t);
			opnd(e, x->kids[0]);
			fputs(";\n", e->out);
		} else if (x->off >= 0 && level == 0) /* k + off + 1 >= 1 */
			fprintf(e->out, "t%d *= (%s)(%s + %ld);\n", t, e->T, var, x->off + 1);
		else /* (negative)! is taken as 1 */
			fprintf(e->out, "t%d *= %s + %ld > 0 ? (%s)(%s + %ld) : 1;\n", t, var, x->off + 1, e->T, var,
			        x->off + 1);
	}
}

/* The incremental values of loop `level` reachable from roots, each once,
 * in order of first appearance: into *out (arena), their count *n. */
static void induction_list(Em *e, Node *const *roots, int nroots, int level, Node ***out, size_t *n)
{
	size_t cap = 0;
	*out = NULL;
	*n = 0;
	if (!e->seen || (size_t)e->dag->next_id > e->seen_cap) {
		e->seen_cap = (size_t)e->dag->next_id * 2;
		e->seen = arena_alloc(e->dag->arena, e->seen_cap * sizeof *e->seen);
		e->stamp = 0;
	}
	e->stamp++;
	for (int r = 0; r < nroots; r++) {
		Node **order;
		size_t m = dag_schedule(e->dag, roots[r], &order);
		for (size_t i = 0; i < m; i++) {
			Node *x = order[i];
			if ((x->op != N_INDPOW && x->op != N_INDFACT) || x->level != level || e->seen[x->id] == e->stamp)
				continue;
			e->seen[x->id] = e->stamp;
			if (*n == cap) {
				cap = cap ? 2 * cap : 8;
				*out = arena_grow(e->dag->arena, *out, *n, cap, sizeof **out);
			}
			(*out)[(*n)++] = x;
		}
	}
}

/* The end of one step of loop `level` (index variable var): each
 * incremental value reachable from roots advances once. */
static void induction_step(Em *e, Node *const *roots, int nroots, int level, const char *var)
{
	Node **inc;
	size_t n;
	induction_list(e, roots, nroots, level, &inc, &n);
	induction_advance(e, inc, n, level, var);
}

/* The powers x**(j + off) of a split Sum's loop, whose thread starts at
 * j = lo + _t and steps by _T: each starts with one pow call and advances
 * by x**_T, the temporary right after its own (induction_step knows).  The
 * error of the power a thread reaches after m steps is that of pow plus
 * about m roundings: m is n / _T, against n for the loop of one thread. */
static void split_induction_init(Em *e, const Node *sum)
{
	Node **order;
	size_t n = dag_schedule(e->dag, sum->kids[0], &order);
	for (size_t i = 0; i < n; i++) {
		Node *x = order[i];
		if (x->op != N_INDPOW || x->level != sum->level || visible(e, x))
			continue;
		const char *f = e->f32 ? "f" : "";
		ind(e);
		fprintf(e->out, "%s t%d = pow%s(", e->T, new_tmp(e, x), f);
		opnd(e, x->kids[0]);
		fprintf(e->out, ", (%s)(", e->T);
		int_text(e, sum->kids[1]);
		fprintf(e->out, " + _t + %ld));\n", x->off);
		ind(e);
		fprintf(e->out, "const %s t%d = pow%s(", e->T, ++e->ntmp, f);
		opnd(e, x->kids[0]);
		fprintf(e->out, ", (%s)_T);\n", e->T);
	}
}

/* The loops of a split Sum at level L over its terms (see emit_sum).
 * With _V > 1 (symkern(3): dense rows, 16-byte aligned) a thread takes
 * groups of _V neighbouring terms, each group's loads at once, then the
 * last terms (fewer than _V in all) one by one.  These loops are not
 * unrolled: an unrolled loop needs its trip count, a 64-bit division,
 * which costs more than it gains where each thread has few terms
 * (measured on an H200, norm2 rows of 64 floats: 0.79 of a copy with two
 * such divisions, 0.89 with none).  Otherwise the compiler unrolls the
 * loop as it sees fit (norm2 of 4096 floats in columns: 0.96 of a copy
 * with `unroll 8`, 1.00 without). */
static void split_loops(Em *e, int L)
{
	static const char *const text[] = {
		"if (_V > 1) {",
		"\t#pragma unroll 1",
		"\tfor (ptrdiff_t _g = _t; _g < _m%d / _V; _g += _T)",
		"\t\t#pragma unroll",
		"\t\tfor (ptrdiff_t _r = 0; _r < _V; _r++)",
		"\t\t\t_term%d(_l%d + _V * _g + _r);",
		"\t#pragma unroll 1",
		"\tfor (ptrdiff_t _o = _m%d / _V * _V + _t; _o < _m%d; _o += _T)",
		"\t\t_term%d(_l%d + _o);",
		"} else {",
		"\tfor (ptrdiff_t _o = _t; _o < _m%d; _o += _T)",
		"\t\t_term%d(_l%d + _o);",
		"}",
	};
	for (size_t i = 0; i < sizeof text / sizeof text[0]; i++) {
		ind(e);
		fprintf(e->out, text[i], L, L); /* the lines with one %d ignore the second L */
		fputc('\n', e->out);
	}
}

static void emit_sum(Em *e, Node *x)
{
	int L = x->level;
	bool prod = x->op == N_PROD;
	int acc = ++e->ntmp, comp = ++e->ntmp;
	ind(e);
	fprintf(e->out, "%s t%d = %s;\n", e->T, acc, prod ? "1" : "0");
	ind(e);
	fputs("{\n", e->out);
	e->indent++;
	open_scope(e);
	if (!prod) {
		ind(e);
		fprintf(e->out, "%s t%d = 0; /* Kahan compensation */\n", e->T, comp);
	}
	if (x == e->split)
		split_induction_init(e, x);
	induction_init(e, &x->kids[0], 1, L, x->kids[1]);
	if (x == e->split) {
		/* GPU only: the thread's terms are at offsets _t, _t + _T, ...
		 * from lo, up to hi and to _h; one term is the lambda _term, so
		 * that the loops below share its text. */
		ind(e);
		fprintf(e->out, "const ptrdiff_t _l%d = ", L);
		int_text(e, x->kids[1]);
		fprintf(e->out, ", _m%d = ", L);
		int_text(e, x->kids[2]);
		fprintf(e->out, " - _l%d < _h ? ", L);
		int_text(e, x->kids[2]);
		fprintf(e->out, " - _l%d + 1 : _h + 1; /* offsets below _m%d */\n", L, L);
		ind(e);
		fprintf(e->out, "const auto _term%d = [&](const ptrdiff_t _j%d) {\n", L, L);
	} else {
		ind(e);
		fprintf(e->out, "for (ptrdiff_t _j%d = ", L);
		int_text(e, x->kids[1]);
		fprintf(e->out, "; _j%d <= ", L);
		int_text(e, x->kids[2]);
		fprintf(e->out, "; _j%d++) {\n", L);
	}
	e->indent++;
	open_scope(e);
	unsigned saved = e->bound;
	e->bound |= 1u << L;
	emit_scope(e, x->kids[0]);
	ind(e);
	if (prod) {
		fprintf(e->out, "t%d *= ", acc);
		opnd(e, x->kids[0]);
		fputs(";\n", e->out);
	} else {
		/* A non-finite sum keeps no compensation: inf - inf would make it NaN. */
		fprintf(e->out, "const %s _y%d = ", e->T, acc);
		opnd(e, x->kids[0]);
		fprintf(e->out, " - t%d, _s%d = t%d + _y%d;\n", comp, acc, acc, acc);
		ind(e);
		fprintf(e->out, "t%d = isfinite(_s%d) ? (_s%d - t%d) - _y%d : 0;\n", comp, acc, acc, acc, acc);
		ind(e);
		fprintf(e->out, "t%d = _s%d;\n", acc, acc);
	}
	char var[16];
	snprintf(var, sizeof var, "_j%d", L);
	induction_step(e, &x->kids[0], 1, L, var);
	e->bound = saved;
	close_scope(e);
	e->indent--;
	ind(e);
	fputs(x == e->split ? "};\n" : "}\n", e->out);
	if (x == e->split)
		split_loops(e, L);
	close_scope(e);
	e->indent--;
	ind(e);
	fputs("}\n", e->out);
	*emit_tmp(e->pr, x) = acc;
	*emit_scope_of(e->pr, x) = e->active[e->nactive - 1];
}

/* Writes every node under root that can be computed here (its index
 * levels are bound) and is not yet visible, operands first. */
static void emit_scope(Em *e, Node *root)
{
	emit_scope_need(e, root, NULL);
}

/* Likewise, but only the nodes whose need[id] is set. */
static void emit_scope_need(Em *e, Node *root, const char *need)
{
	Node **order;
	size_t n = dag_schedule_values(e->dag, root, &order, true);
	for (size_t i = 0; i < n; i++) {
		Node *x = order[i];
		if (emit_is_leaf(x) || visible(e, x) || (x->deps & ~e->bound) || (need && !need[x->id]) ||
		    (e->req && e->req[x->id] > e->reqmax))
			continue;
		if (x->op == N_SUM || x->op == N_PROD) {
			emit_sum(e, x);
			continue;
		}
		if (x->op == N_INDPOW || x->op == N_INDFACT)
			continue; /* set up by its loop */
		ind(e);
		fprintf(e->out, "const %s t%d = ", x->type == TY_BOOL ? "int" : e->T, new_tmp(e, x));
		if (x->op == N_VREAD) {
			fprintf(e->out, "%s[", e->f->cargs[x->index]);
			index_text(e, x->level, x->off);
			fprintf(e->out, " * incel_%s]", e->f->cargs[x->index]);
		} else {
			emit_op(e->pr, x);
		}
		fputs(";\n", e->out);
	}
}

/* The registers each step reads, for e->peel peeled steps and the loop:
 * e->rd[s * nseqs + q] has bit o - 1 set when step s (s = peel: the loop)
 * reads register o of sequence q (lookback <= 64, parse.c).  Each term is
 * scheduled once, so this is linear in the steps and the terms. */
static void plan_reads(Em *e)
{
	const Gufunc *g = e->g;
	size_t ns = (size_t)g->nseqs, steps = (size_t)e->peel + 1;
	e->rd = arena_alloc(e->dag->arena, steps * ns * sizeof *e->rd);
	for (int r = 0; r < g->nseqs; r++) {
		const Seq *sq = &g->seqs[r];
		for (long k = 0; k <= sq->nbase && k < (long)steps; k++) {
			Node *t = k < sq->nbase ? sq->base[k] : sq->rule, **order;
			if (!t)
				continue;
			size_t n = dag_schedule(e->dag, t, &order);
			/* A base case is its own step; the rule makes every later one. */
			long last = k < sq->nbase ? k : (long)steps - 1;
			for (size_t i = 0; i < n; i++) {
				const Node *x = order[i];
				if (x->op != N_SEQ || x->off < 1 || x->off > 64)
					continue;
				for (long st = k; st <= last; st++)
					e->rd[(size_t)st * ns + (size_t)x->index] |= (uint64_t)1 << (x->off - 1);
			}
		}
	}
}

/* Does step k (k >= peel: the loop) read register o of sequence q? */
static bool step_reads(Em *e, long k, long peel, int q, int o)
{
	size_t s = (size_t)(k >= peel ? peel : k);
	return (e->rd[s * (size_t)e->g->nseqs + (size_t)q] >> (o - 1)) & 1;
}

/* Is the value that the end of step k shifts into register o of q read
 * later (by step k + 1, or through the next shift)?  Shifts nobody reads
 * are left out of peeled steps. */
static bool shift_live(Em *e, long k, long peel, long size, int q, int o)
{
	for (long j = k + 1; o <= e->g->seqs[q].lookback; j++, o++) {
		if (size >= 0 && j >= size)
			return false;
		if (step_reads(e, j, peel, q, o))
			return true;
		if (j >= peel) /* in the loop, every shift is kept */
			return true;
	}
	return false;
}

/* The terms of one step: k is `k` (constant) when peeled, else -1. */
static void emit_step(Em *e, long k, bool last)
{
	const Gufunc *g = e->g;
	ind(e);
	fputs("{\n", e->out);
	e->indent++;
	open_scope(e);
	if (k >= 0) {
		ind(e);
		fprintf(e->out, "const ptrdiff_t _k = %ld;\n", k);
		ind(e);
		fputs("(void)_k;\n", e->out);
	}
	for (int q = 0; q < g->nseqs; q++) {
		const Seq *s = &g->seqs[q];
		Node *t = k >= 0 && k < s->nbase ? s->base[k] : s->rule;
		emit_scope(e, t);
		ind(e);
		fprintf(e->out, "const %s _q%d_0 = ", e->T, q);
		opnd(e, t);
		fputs(";\n", e->out);
	}
	/* The step's outputs once all its terms are computed: an output that
	 * overwrites an input in place (symkern(3)) does so after every read
	 * of the step. */
	for (int q = 0; q < g->nseqs; q++) {
		const Seq *s = &g->seqs[q];
		if (s->out >= 0) {
			ind(e);
			fprintf(e->out, "%s[_k * incel_%s] = _q%d_0;\n", g->outc[s->out], g->outc[s->out], q);
		}
	}
	if (!last) {
		for (int q = 0; q < g->nseqs; q++) {
			for (int o = g->seqs[q].lookback; o >= 1; o--) {
				if (k >= 0 && !shift_live(e, k, e->peel, e->size, q, o))
					continue;
				ind(e);
				fprintf(e->out, "_q%d_%d = _q%d_%d;\n", q, o, q, o - 1);
			}
		}
		induction_advance(e, e->inc0, e->ninc0, 0, "_k");
	}
	close_scope(e);
	e->indent--;
	ind(e);
	fputs("}\n", e->out);
}

enum { PEEL_MAX = 64 }; /* a fixed size up to this is unrolled completely */

/* Does any term of e's gufunc use the value of run-time size d (in an
 * expression or a limit)?  The outputs' size is used by the steps. */
static bool dim_used(Em *e, int d)
{
	Node **roots;
	int nr = e->g->loopdim < 0 ? 1 : gufunc_roots(e->g, e->dag->arena, &roots);
	if (e->g->loopdim < 0)
		roots = (Node **)&e->f->root;
	for (int r = 0; r < nr; r++) {
		Node **order;
		size_t n = dag_schedule(e->dag, roots[r], &order);
		for (size_t i = 0; i < n; i++)
			if (order[i]->op == N_DIM && order[i]->index == d)
				return true;
	}
	return false;
}

/* The start of a function's body: a fresh scope, and (void) casts of the
 * parameters it may not use: the unused arguments, or with `all` (the
 * shared parts, each using only some) every argument, result and size. */
static void fn_prologue(Em *e, bool all)
{
	const Func *f = e->f;
	const Gufunc *g = e->g;
	e->indent = 1;
	e->bound = 0;
	e->nactive = 0;
	open_scope(e);
	for (int i = 0; i < f->nargs; i++)
		if (all || !f->used[i]) {
			fprintf(e->out, "\t(void)%s;\n", f->cargs[i]);
			if (g->argdim[i] >= 0)
				fprintf(e->out, "\t(void)incel_%s;\n", f->cargs[i]);
		}
	if (!all) {
		for (int d = 0; d < g->ndims; d++)
			if (g->dimsize[d] < 0 && d != g->loopdim && !dim_used(e, d))
				fprintf(e->out, "\t(void)%s;\n", g->dimc[d]);
		return;
	}
	for (int o = 0; o < g->nouts; o++)
		fprintf(e->out, "\t(void)%s;\n\t(void)incel_%s;\n", g->outc[o], g->outc[o]);
	for (int d = 0; d < g->ndims; d++)
		if (g->dimsize[d] < 0)
			fprintf(e->out, "\t(void)%s;\n", g->dimc[d]);
}

/* The req table of Em for g's terms (see Em), or NULL where the outputs'
 * size is fixed (every read is within it then). */
static const long *size_requirements(Em *e, Node *const *roots, int nr)
{
	const Gufunc *g = e->g;
	if (g->dimsize[g->loopdim] >= 0)
		return NULL;
	long *req = arena_alloc(e->dag->arena, (size_t)e->dag->next_id * sizeof *req);
	for (int r = 0; r < nr; r++) {
		Node **order;
		size_t n = dag_schedule(e->dag, roots[r], &order);
		for (size_t i = 0; i < n; i++) { /* operands first */
			const Node *x = order[i];
			long m = 0;
			if (x->op == N_VREAD && x->level < 0 && g->argdim[x->index] == g->loopdim)
				m = x->off + 1;
			for (int k = 0; k < x->nkids; k++)
				if (req[x->kids[k]->id] > m)
					m = req[x->kids[k]->id];
			req[x->id] = m;
		}
	}
	return req;
}

/* Index-free values of g's terms that reads of up to `avail` elements
 * allow, at the function's scope (no index bound there). */
static void hoist(Em *e, Node *const *roots, int nr, long avail)
{
	unsigned bound = e->bound;
	e->bound = 0;
	e->reqmax = avail;
	for (int r = 0; r < nr; r++)
		emit_scope(e, roots[r]);
	e->bound = bound;
	e->reqmax = LONG_MAX; /* a step computes what it reads: the prover showed it exists */
}

/* Is there an index-free value that needs exactly `avail` elements? */
static bool needs_exactly(const Em *e, Node *const *roots, int nr, long avail)
{
	for (int r = 0; r < nr; r++) {
		Node **order;
		size_t n = dag_schedule(e->dag, roots[r], &order);
		for (size_t i = 0; i < n; i++)
			if (e->req[order[i]->id] == avail && !order[i]->deps)
				return true;
	}
	return false;
}

/* The terms the item function computes: gufunc_roots without the base
 * cases beyond a fixed size (symkern(5): only the first n are written). */
static int item_roots(const Gufunc *g, Arena *a, Node ***out)
{
	long size = g->dimsize[g->loopdim];
	Node **r;
	int n = gufunc_roots(g, a, &r), m = 0;
	if (size < 0) {
		*out = r;
		return n;
	}
	for (int q = 0; q < g->nseqs; q++) {
		const Seq *s = &g->seqs[q];
		for (int k = 0; k < s->nbase && k < size; k++)
			r[m++] = s->base[k];
		if (s->rule && size > s->nbase)
			r[m++] = s->rule;
	}
	*out = r;
	return m;
}

/* The per-item function.  Values that depend on no index are computed
 * once, before the steps, but a value that reads element c of a vector
 * of the outputs' run-time size only after the guard that shows it
 * exists (size > c): a step's base case reads up to its own index, and
 * the prover (parse.c) lets a rule read up to the first step it makes. */
static void emit_item_body(Em *e)
{
	const Func *f = e->f;
	const Gufunc *g = e->g;
	fn_prologue(e, false);
	if (g->loopdim < 0) {
		emit_scope(e, f->root);
		fputs("\treturn ", e->out);
		opnd(e, f->root);
		fputc(';', e->out);
		return;
	}
	Node **roots;
	int nr = item_roots(g, e->dag->arena, &roots);
	e->req = size_requirements(e, roots, nr);
	hoist(e, roots, nr, 0); /* everything that depends on no index and reads no element */
	for (int q = 0; q < g->nseqs; q++)
		for (int o = 1; o <= g->seqs[q].lookback; o++)
			fprintf(e->out, "\t%s _q%d_%d = 0;\n", e->T, q, o);
	induction_init(e, roots, nr, 0, dag_const(e->dag, num_int(0)));
	int peel = 0;
	for (int q = 0; q < g->nseqs; q++)
		if (g->seqs[q].nbase > peel)
			peel = g->seqs[q].nbase;
	long size = g->dimsize[g->loopdim];
	const char *n = g->dimc[g->loopdim];
	if (size >= 0 && size <= PEEL_MAX)
		peel = (int)size;
	else if (size >= 0 && peel > size)
		peel = (int)size;
	e->bound = 1;
	e->peel = peel;
	e->size = size;
	plan_reads(e);
	induction_list(e, roots, nr, 0, &e->inc0, &e->ninc0);
	for (int k = 0; k < peel; k++) {
		if (size < 0) {
			fprintf(e->out, "\tif (%s %s %d)\n\t\treturn;\n", n, k ? "<=" : "==", k);
			hoist(e, roots, nr, k + 1);
		}
		emit_step(e, k, size >= 0 && k == size - 1);
	}
	if (size < 0 || size > peel) {
		if (size < 0 && needs_exactly(e, roots, nr, peel + 1)) {
			fprintf(e->out, "\tif (%s <= %d)\n\t\treturn;\n", n, peel);
			hoist(e, roots, nr, peel + 1);
		}
		if (size < 0)
			fprintf(e->out, "\tfor (ptrdiff_t _k = %d; _k < (ptrdiff_t)%s; _k++)\n", peel, n);
		else
			fprintf(e->out, "\tfor (ptrdiff_t _k = %d; _k < %ld; _k++)\n", peel, size);
		emit_step(e, -1, false);
	}
	e->req = NULL;
}

/* The partial function (which = 0) or the final one (1) of a split
 * reduction. */
static void emit_split_body(Em *e, Node *sum, int which)
{
	const Func *f = e->f;
	fn_prologue(e, true);
	if (which == 0) {
		/* Groups of neighbours (_V > 1, see split_loops): unit strides and
		 * aligned rows, known to the compiler. */
		for (int a = 0; a < f->nargs; a++)
			if (e->plan->reads[a])
				fprintf(e->out, "\tif (_V > 1) {\n\t\tincel_%s = 1;\n\t\t%s = (const %s *)__builtin_assume_aligned(%s, 16);\n\t}\n",
				        f->cargs[a], f->cargs[a], e->T, f->cargs[a]);
		e->split = sum;
		emit_scope(e, sum);
		e->split = NULL;
		fputs("\treturn ", e->out);
		opnd(e, sum);
		fputc(';', e->out);
	} else {
		/* Only what the result needs beyond the Sum: values used inside
		 * it alone would be unused here. */
		Node **order;
		size_t n = dag_schedule_values(e->dag, f->root, &order, true);
		char *need = arena_alloc(e->dag->arena, (size_t)e->dag->next_id);
		memset(need, 0, (size_t)e->dag->next_id);
		need[f->root->id] = 1;
		for (size_t i = n; i-- > 0;)
			if (need[order[i]->id] && order[i] != sum)
				for (int k = 0; k < order[i]->nkids; k++)
					need[order[i]->kids[k]->id] = 1;
		fprintf(e->out, "\tconst %s t%d = _acc;\n", e->T, new_tmp(e, sum));
		emit_scope_need(e, f->root, need);
		fputs("\treturn ", e->out);
		opnd(e, f->root);
		fputc(';', e->out);
	}
}

/* Is x reachable from one of roots? */
static bool reaches(Dag *dag, Node *const *roots, int nr, const Node *x)
{
	for (int r = 0; r < nr; r++) {
		Node **order;
		size_t n = dag_schedule_values(dag, roots[r], &order, true);
		for (size_t i = 0; i < n; i++)
			if (order[i] == x)
				return true;
	}
	return false;
}

/* The start of a parallel part's function: every parameter void-cast
 * (each part uses only some), the shared reduction taken from _acc if
 * roots reach it, then the index-free values of the nh roots in hoist.
 * Those leave out the base case: its values are computed by the part
 * that starts at k = 0, since another part must not read the elements of
 * the first step, which an output may be overwriting in place
 * (symkern(3)). */
static void par_prologue(Em *e, const Par *p, Node *const *roots, int nr, Node *const *hoist, int nh)
{
	fn_prologue(e, true);
	fputs("\t(void)_acc;\n", e->out);
	if (p->pre && reaches(e->dag, roots, nr, p->pre))
		fprintf(e->out, "\tconst %s t%d = _acc;\n", e->T, new_tmp(e, p->pre));
	for (int r = 0; r < nh; r++)
		emit_scope(e, hoist[r]);
}

/* for (_k = FROM; _k < _k1; _k++) around one loop step. */
static void par_loop(Em *e, const char *from)
{
	ind(e);
	fprintf(e->out, "for (ptrdiff_t _k = %s; _k < _k1; _k++)\n", from);
}

/* The range function: the terms k = _k0 .. _k1 - 1 (_k0 < _k1) of one
 * item, stored; for a scan, _c is s[_k0 - 1] (ignored at _k0 = 0, where
 * the base case starts).  Incremental values start at _k0 with pow or
 * tgamma, then advance one multiplication a step. */
static void emit_range_body(Em *e, const Par *p)
{
	const Gufunc *g = e->g;
	Node **roots, **rules = arena_alloc(e->dag->arena, (size_t)g->nseqs * sizeof *rules);
	int nr = gufunc_roots(g, e->dag->arena, &roots), nrules = 0;
	for (int q = 0; q < g->nseqs; q++)
		if (g->seqs[q].rule)
			rules[nrules++] = g->seqs[q].rule;
	par_prologue(e, p, roots, nr, rules, nrules);
	fputs("\t(void)_c;\n", e->out);
	if (p->kind == PAR_SCAN)
		fprintf(e->out, "\t%s _q%d_1 = _c;\n", e->T, p->scan);
	e->bound = 1;
	e->peel = 1;
	e->size = -1;
	plan_reads(e);
	induction_list(e, roots, nr, 0, &e->inc0, &e->ninc0);
	if (p->kind == PAR_SCAN) { /* k = 0 is the base case */
		fputs("\tif (_k0 == 0) {\n", e->out);
		e->indent = 2;
		open_scope(e);
		induction_init(e, roots, nr, 0, dag_const(e->dag, num_int(0)));
		emit_step(e, 0, false);
		par_loop(e, "1");
		emit_step(e, -1, false);
		close_scope(e);
		fputs("\t\treturn;\n\t}\n", e->out);
		e->indent = 1;
	}
	open_scope(e);
	induction_init(e, roots, nr, 0, NULL);
	par_loop(e, "_k0");
	emit_step(e, -1, false);
	close_scope(e);
}

/* One step of the total function: _a = _a op a(k). */
static void total_step(Em *e, const Par *p, Node *t, Node *const *roots, int nr)
{
	ind(e);
	fputs("{\n", e->out);
	e->indent++;
	open_scope(e);
	emit_scope(e, t);
	ind(e);
	fprintf(e->out, "_a = _a %s ", p->mul ? "*" : "+");
	opnd(e, t);
	fputs(";\n", e->out);
	induction_step(e, roots, nr, 0, "_k");
	close_scope(e);
	e->indent--;
	ind(e);
	fputs("}\n", e->out);
}

/* The total function of a scan: a(_k0) op ... op a(_k1 - 1), in order. */
static void emit_total_body(Em *e, const Par *p)
{
	const Seq *s = &e->g->seqs[p->scan];
	Node *roots[2] = {s->base[0], p->elem};
	par_prologue(e, p, roots, 2, &roots[1], 1);
	fprintf(e->out, "\t%s _a = %s;\n", e->T, p->mul ? "1" : "0");
	e->bound = 1;
	fputs("\tif (_k0 == 0) {\n", e->out);
	e->indent = 2;
	open_scope(e);
	induction_init(e, roots, 2, 0, dag_const(e->dag, num_int(0)));
	fputs("\t\t{\n\t\t\tconst ptrdiff_t _k = 0;\n\t\t\t(void)_k;\n", e->out);
	e->indent = 3;
	open_scope(e);
	emit_scope(e, s->base[0]);
	fputs("\t\t\t_a = ", e->out);
	opnd(e, s->base[0]);
	fputs(";\n", e->out);
	induction_step(e, roots, 2, 0, "_k");
	close_scope(e);
	e->indent = 2;
	fputs("\t\t}\n", e->out);
	par_loop(e, "1");
	total_step(e, p, p->elem, roots, 2);
	close_scope(e);
	fputs("\t\treturn _a;\n\t}\n", e->out);
	e->indent = 1;
	open_scope(e);
	induction_init(e, &roots[1], 1, 0, NULL);
	par_loop(e, "_k0");
	total_step(e, p, p->elem, &roots[1], 1);
	close_scope(e);
	fputs("\treturn _a;", e->out);
}

/* The definitions of a shared reduction (a split one, or a parallel
 * gufunc's index-free one): operator, identity, number of terms, the
 * rows condition and the condition for groups of neighbours (empty when
 * never). */
static void emit_red_defs(Printer *pr, const GuPlan *gp, const Func *f, int i, const Node *sum)
{
	FILE *out = pr->out;
	Dag *dag = pr->dag;
	const Gufunc *g = f->gu;
	bool prod = sum->op == N_PROD;
	fprintf(out, "m4_define([[sk_gu_redop_%d]], [[[[%s]]]])\n", i, prod ? "*" : "+");
	fprintf(out, "m4_define([[sk_gu_redid_%d]], [[[[%s]]]])\n", i, prod ? "1" : "0");
	fprintf(out, "m4_define([[sk_gu_redmul_%d]], [[[[%s]]]])\n", i, prod ? "true" : "false");
	/* The number of terms, for choosing threads per item. */
	fprintf(out, "m4_define([[sk_gu_redlen_%d]], [[[[", i);
	pr->f = f;
	Em le = {.pr = pr, .out = out, .dag = dag, .prog = pr->prog, .f = f, .g = g};
	fputc('(', out);
	int_text(&le, sum->kids[2]);
	fputs(" - ", out);
	int_text(&le, sum->kids[1]);
	fputs(" + 1)]]]])\n", out);
	/* Inputs in dense rows: threads of an item then read neighbours. */
	fprintf(out, "m4_define([[sk_gu_rowsin_%d]], [[[[", i);
	int nv = 0;
	for (int a = 0; a < f->nargs; a++)
		if (gp->reads[a])
			fprintf(out, "%sincel_%s == 1", nv++ ? " && " : "", f->cargs[a]);
	fputs(nv ? "]]]])\n" : "0]]]])\n", out);
	fprintf(out, "m4_define([[sk_gu_vec_%d]], [[[[", i);
	if (nv && gp->vec) {
		nv = 0;
		for (int a = 0; a < f->nargs; a++)
			if (gp->reads[a])
				fprintf(out, "%sincel_%s == 1 && (uintptr_t)(%s + _b * inc_%s) %% 16 == 0", nv++ ? " && " : "",
				        f->cargs[a], f->cargs[a], f->cargs[a]);
	}
	fputs("]]]])\n", out);
}

/* Item _b's row of array c and its element increment.  An array of a
 * run-time size may be NULL when that size is 0 (symkern(3)), and NULL
 * plus an offset is undefined: then the row is NULL too. */
static void emit_row(FILE *out, const char *c, bool may_be_null)
{
	if (may_be_null)
		fprintf(out, "(%s ? %s + _b * inc_%s : %s), incel_%s", c, c, c, c, c);
	else
		fprintf(out, "%s + _b * inc_%s, incel_%s", c, c, c);
}

/* The per-item call's arguments for batch item _b: run-time sizes, inputs
 * (scalars by value, vectors as pointer and element increment), then the
 * results, in memory or (staged) in the block's shared memory. */
static void emit_callargs(FILE *out, const Func *f, bool staged)
{
	const Gufunc *g = f->gu;
	int np = 0;
	for (int d = 0; d < g->ndims; d++)
		if (g->dimsize[d] < 0)
			fprintf(out, "%s%s", np++ ? ", " : "", g->dimc[d]);
	for (int a = 0; a < f->nargs; a++) {
		const char *c = f->cargs[a];
		int d = g->argdim[a];
		fputs(np++ ? ", " : "", out);
		if (d < 0)
			fprintf(out, "%s[_b * inc_%s]", c, c);
		else
			emit_row(out, c, g->dimsize[d] < 0);
	}
	for (int o = 0; o < g->nouts; o++) {
		const char *c = g->outc[o];
		fputs(np++ ? ", " : "", out);
		if (staged)
			fprintf(out, "_sm + %d * _osz + (ptrdiff_t)threadIdx.x * _ts, _te", o);
		else
			emit_row(out, c, g->dimsize[g->loopdim] < 0);
	}
}

/* The definitions of one gufunc, in one precision where it matters. */
static void emit_gu(Printer *pr, const GuPlan *gp, const EmitInfo *info, int i)
{
	FILE *out = pr->out;
	Dag *dag = pr->dag;
	const Program *prog = pr->prog;
	const Func *f = prog->gufuncs[i];
	const Gufunc *g = f->gu;
	char name[64];
	snprintf(name, sizeof name, "sk_gu_name_%d", i);
	emit_def(out, name, f->name);
	snprintf(name, sizeof name, "sk_gu_line_%d", i);
	emit_defi(out, name, f->loc.line);
	snprintf(name, sizeof name, "sk_gu_result_%d", i);
	emit_defi(out, name, g->loopdim < 0);
	Node *split = gp->split;
	snprintf(name, sizeof name, "sk_gu_split_%d", i);
	emit_defi(out, name, split != NULL);
	if (split)
		emit_red_defs(pr, gp, f, i, split);
	const Par par = gp->par;
	snprintf(name, sizeof name, "sk_gu_par_%d", i);
	emit_defi(out, name, par.kind);
	if (par.kind != PAR_NONE) {
		snprintf(name, sizeof name, "sk_gu_pre_%d", i);
		emit_defi(out, name, par.pre != NULL);
		/* The scan's operator as a C++ template argument: is it *? */
		fprintf(out, "m4_define([[sk_gu_smul_%d]], [[[[%s]]]])\n", i, par.mul ? "true" : "false");
		if (par.pre)
			emit_red_defs(pr, gp, f, i, par.pre);
	}
	/* The layout signature, as NumPy writes it: (n),()->(n). */
	fprintf(out, "m4_define([[sk_gu_sig_%d]], [[[[", i);
	for (int a = 0; a < f->nargs; a++)
		fprintf(out, "%s(%s)", a ? "," : "", g->argdim[a] >= 0 ? g->dimname[g->argdim[a]] : "");
	fputs("->", out);
	if (g->loopdim < 0)
		fputs("()", out);
	for (int o = 0; o < g->nouts; o++)
		fprintf(out, "%s(%s)", o ? "," : "", g->dimname[g->loopdim]);
	fputs("]]]])\n", out);
	/* Public parameters without the type: `batch, n, x, inc_x, ...` as
	 * declarations in each precision, and as argument lists. */
	for (int p = 0; p < 2; p++) {
		bool f32 = p == 1;
		if (!(f32 ? info->f32 : info->f64))
			continue;
		const char *T = f32 ? "float" : "double", *P = f32 ? "f32" : "f64";
		for (int restrict_ = 0; restrict_ < 2; restrict_++) {
			const char *R = restrict_ ? " *__restrict__ " : " *";
			fprintf(out, "m4_define([[sk_gu_%s_%d_%s]], [[[[size_t batch", restrict_ ? "kparams" : "params", i, P);
			for (int d = 0; d < g->ndims; d++)
				if (g->dimsize[d] < 0)
					fprintf(out, ", size_t %s", g->dimc[d]);
			for (int a = 0; a < f->nargs; a++) {
				fprintf(out, ", const %s%s%s, ptrdiff_t inc_%s", T, R, f->cargs[a], f->cargs[a]);
				if (g->argdim[a] >= 0)
					fprintf(out, ", ptrdiff_t incel_%s", f->cargs[a]);
			}
			if (g->loopdim < 0)
				fprintf(out, ", %s%sout, ptrdiff_t inc_out", T, R);
			for (int o = 0; o < g->nouts; o++)
				fprintf(out, ", %s%s%s, ptrdiff_t inc_%s, ptrdiff_t incel_%s", T, R, g->outc[o], g->outc[o], g->outc[o]);
			fputs("]]]])\n", out);
		}
		/* The item function's parameters and body. */
		fprintf(out, "m4_define([[sk_gu_iparams_%d_%s]], [[[[", i, P);
		int np = 0;
		for (int d = 0; d < g->ndims; d++)
			if (g->dimsize[d] < 0)
				fprintf(out, "%ssize_t %s", np++ ? ", " : "", g->dimc[d]);
		for (int a = 0; a < f->nargs; a++) {
			if (g->argdim[a] >= 0)
				fprintf(out, "%sconst %s *%s, ptrdiff_t incel_%s", np++ ? ", " : "", T, f->cargs[a], f->cargs[a]);
			else
				fprintf(out, "%s%s %s", np++ ? ", " : "", T, f->cargs[a]);
		}
		for (int o = 0; o < g->nouts; o++)
			fprintf(out, "%s%s *%s, ptrdiff_t incel_%s", np++ ? ", " : "", T, g->outc[o], g->outc[o]);
		if (!np)
			fputs("void", out);
		fputs("]]]])\n", out);
		fprintf(out, "m4_define([[sk_gu_body_%d_%s]], [[[[", i, P);
		pr->f = f;
		pr->f32 = f32;
		Em e = {.pr = pr, .plan = gp, .out = out, .dag = dag, .prog = prog, .f = f, .g = g, .f32 = f32,
		        .fast = info->fast_math, .T = T};
		emit_item_body(&e);
		fputs("]]]])\n", out);
		if (par.kind != PAR_NONE) {
			fprintf(out, "m4_define([[sk_gu_rbody_%d_%s]], [[[[", i, P);
			emit_range_body(&e, &par);
			fputs("]]]])\n", out);
		}
		if (par.kind == PAR_SCAN) {
			fprintf(out, "m4_define([[sk_gu_tbody_%d_%s]], [[[[", i, P);
			emit_total_body(&e, &par);
			fputs("]]]])\n", out);
		}
		if (par.pre) {
			fprintf(out, "m4_define([[sk_gu_pbody_%d_%s]], [[[[", i, P);
			emit_split_body(&e, par.pre, 0);
			fputs("]]]])\n", out);
		}
		if (split) {
			fprintf(out, "m4_define([[sk_gu_pbody_%d_%s]], [[[[", i, P);
			emit_split_body(&e, split, 0);
			fprintf(out, "]]]])\nm4_define([[sk_gu_fbody_%d_%s]], [[[[", i, P);
			emit_split_body(&e, split, 1);
			fputs("]]]])\n", out);
		}
	}
	/* The item call for batch item _b (a ptrdiff_t). */
	fprintf(out, "m4_define([[sk_gu_callargs_%d]], [[[[", i);
	emit_callargs(out, f, false);
	fputs("]]]])\n", out);
	/* The arrays for the argument check: {pointer, inc_batch, inc_elem,
	 * elements, role}, the role 1 for an output, 2 for an input that an
	 * output may overwrite exactly in place, else 0; and the names of
	 * those inputs, for the header's comment. */
	fprintf(out, "m4_define([[sk_gu_arrays_%d]], [[[[", i);
	bool *inplace = arena_alloc(dag->arena, (size_t)(f->nargs ? f->nargs : 1) * sizeof *inplace);
	for (int a = 0; a < f->nargs; a++) {
		const char *c = f->cargs[a];
		int d = g->argdim[a];
		inplace[a] = gp->inplace[a];
		if (d < 0)
			fprintf(out, "{%s, inc_%s, 0, 1, %d}, ", c, c, inplace[a] ? 2 : 0);
		else if (g->dimsize[d] >= 0)
			fprintf(out, "{%s, inc_%s, incel_%s, %ld, %d}, ", c, c, c, g->dimsize[d], inplace[a] ? 2 : 0);
		else
			fprintf(out, "{%s, inc_%s, incel_%s, %s, %d}, ", c, c, c, g->dimc[d], inplace[a] ? 2 : 0);
	}
	if (g->loopdim < 0)
		fputs("{out, inc_out, 0, 1, 1}, ", out);
	for (int o = 0; o < g->nouts; o++) {
		const char *c = g->outc[o];
		if (g->dimsize[g->loopdim] >= 0)
			fprintf(out, "{%s, inc_%s, incel_%s, %ld, 1}, ", c, c, c, g->dimsize[g->loopdim]);
		else
			fprintf(out, "{%s, inc_%s, incel_%s, %s, 1}, ", c, c, c, g->dimc[g->loopdim]);
	}
	fputs("]]]])\n", out);
	fprintf(out, "m4_define([[sk_gu_inplace_%d]], [[[[", i);
	int ni = 0;
	for (int a = 0; a < f->nargs; a++)
		if (inplace[a])
			fprintf(out, "%s%s", ni++ ? ", " : "", f->args[a]);
	fputs(ni ? "]]]])\n" : "none]]]])\n", out);
	emit_defi(out, (snprintf(name, sizeof name, "sk_gu_narrays_%d", i), name),
	          f->nargs + (g->loopdim < 0 ? 1 : g->nouts));
	/* Kernel arguments for cudaLaunchKernel, in parameter order. */
	fprintf(out, "m4_define([[sk_gu_launch_%d]], [[[[(void *)&batch", i);
	for (int d = 0; d < g->ndims; d++)
		if (g->dimsize[d] < 0)
			fprintf(out, ", (void *)&%s", g->dimc[d]);
	for (int a = 0; a < f->nargs; a++) {
		fprintf(out, ", (void *)&%s, (void *)&inc_%s", f->cargs[a], f->cargs[a]);
		if (g->argdim[a] >= 0)
			fprintf(out, ", (void *)&incel_%s", f->cargs[a]);
	}
	if (g->loopdim < 0)
		fputs(", (void *)&out, (void *)&inc_out", out);
	for (int o = 0; o < g->nouts; o++)
		fprintf(out, ", (void *)&%s, (void *)&inc_%s, (void *)&incel_%s", g->outc[o], g->outc[o], g->outc[o]);
	fputs("]]]])\n", out);
	/* The row-staged GPU kernel (outputs written to shared memory, then
	 * copied out as contiguous rows): its item call, its copy-out, and the
	 * condition on the increments under which it applies. */
	if (g->loopdim < 0)
		fprintf(out, "m4_define([[sk_gu_loopdim_%d]], [[]])\n", i);
	if (g->loopdim >= 0) {
		char fixed[24]; /* a fixed size's digits; a run-time size's name is printed whole */
		const char *len = g->dimc[g->loopdim];
		if (g->dimsize[g->loopdim] >= 0) {
			snprintf(fixed, sizeof fixed, "%ld", g->dimsize[g->loopdim]);
			len = fixed;
		}
		emit_defi(out, (snprintf(name, sizeof name, "sk_gu_nouts_%d", i), name), g->nouts);
		fprintf(out, "m4_define([[sk_gu_loopdim_%d]], [[[[%s]]]])\n", i,
		        g->dimsize[g->loopdim] >= 0 ? "" : g->dimc[g->loopdim]);
		fprintf(out, "m4_define([[sk_gu_outlen_%d]], [[[[(size_t)%s]]]])\n", i, len);
		fprintf(out, "m4_define([[sk_gu_scallargs_%d]], [[[[", i);
		emit_callargs(out, f, true);
		fputs("]]]])\n", out);
		fprintf(out, "m4_define([[sk_gu_stage_%d]], [[[[", i);
		for (int o = 0; o < g->nouts; o++)
			fprintf(out, "\t\t%s_priv_stage_out(%s + (ptrdiff_t)(_i0 * _len), _sm + %d * _osz, _cnt * _len, _len, _ts);\n",
			        prog->lib, g->outc[o], o);
		fputs("]]]])\n", out);
		fprintf(out, "m4_define([[sk_gu_rows_%d]], [[[[", i);
		for (int o = 0; o < g->nouts; o++)
			fprintf(out, "%sincel_%s == 1 && inc_%s == (ptrdiff_t)%s", o ? " && " : "", g->outc[o], g->outc[o], len);
		fputs("]]]])\n", out);
		/* Columns whose every term's row starts on 16 bytes (_V elements). */
		fprintf(out, "m4_define([[sk_gu_cstage_%d]], [[[[", i);
		for (int o = 0; o < g->nouts; o++)
			fprintf(out, "\t\t%s_priv_cstage_out(%s + (ptrdiff_t)_i0, incel_%s, _sm + %d * _osz, _cnt, _len);\n",
			        prog->lib, g->outc[o], g->outc[o], o);
		fputs("]]]])\n", out);
		fprintf(out, "m4_define([[sk_gu_cols_%d]], [[[[", i);
		for (int o = 0; o < g->nouts; o++)
			fprintf(out, "%sinc_%s == 1 && incel_%s %% _V == 0 && (uintptr_t)%s %% 16 == 0", o ? " && " : "",
			        g->outc[o], g->outc[o], g->outc[o]);
		fputs("]]]])\n", out);
	}
	/* Elements one item touches, to decide when threads pay off. */
	fprintf(out, "m4_define([[sk_gu_work_%d]], [[[[(size_t)1", i);
	for (int d = 0; d < g->ndims; d++)
		if (g->dimsize[d] < 0)
			fprintf(out, " + %s", g->dimc[d]);
		else
			fprintf(out, " + %ld", g->dimsize[d]);
	fputs("]]]])\n", out);
}

void emit_gu_defs(Printer *pr, const Plan *plan, const EmitInfo *info)
{
	FILE *out = pr->out;
	const Program *prog = pr->prog;
	emit_defi(out, "sk_ngu", prog->ngufuncs);
	fputs("m4_define([[sk__each_gu_do]], [[", out);
	for (int i = 0; i < prog->ngufuncs; i++)
		fprintf(out, "m4_define([[sk_i]], [[%d]])$1[[]]", i);
	fputs("]])\n", out);
	for (int i = 0; i < prog->ngufuncs; i++)
		emit_gu(pr, &plan->gu[i], info, i);
}
