/* emit_item.c: the bodies of a gufunc's functions (emit_gu_priv.h): its
 * item function (what one batch item computes, shared by the GPU kernel
 * and the CPU fallback), the partial and final functions of a split
 * reduction, and the range and total functions of a parallel gufunc.
 *
 * The item function computes, in this order:
 *   1. every value that depends on no index, once (hoisting), Sums over
 *      the inputs included;
 *   2. the terms of step k = 0, 1, ... for each sequence in definition
 *      order: the steps that use base cases are written out one by one
 *      (peeled; k is a constant there), the rest is one loop.  A sequence
 *      keeps its last `lookback` terms in registers _q<seq>_<back>, shifted
 *      at the end of each step; outputs are stored as they are made.
 * Sums and incremental values are emit_loop.c's. */
#include "emit_gu_priv.h"

#include <limits.h>
#include <string.h>

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
		emit_induction_advance(e, e->inc0, e->ninc0, 0, "_k");
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
	long *req = dag_side(e->dag, &e->pr->req, sizeof *req, roots, nr);
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
void emit_item_body(Em *e)
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
	emit_induction_init(e, roots, nr, 0, dag_const(e->dag, num_int(0)));
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
	emit_induction_list(e, roots, nr, 0, &e->inc0, &e->ninc0);
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

/* The value of member m of shared reduction r in the final or range
 * functions: _acc, or its component m where r has several. */
static void red_take(Em *e, const Red *r, int m)
{
	if (r->n == 1)
		fprintf(e->out, "\tconst %s t%d = _acc;\n", e->T, new_tmp(e, r->sum[m]));
	else
		fprintf(e->out, "\tconst %s t%d = _acc.v[%d];\n", e->T, new_tmp(e, r->sum[m]), m);
}

/* The partial function (which = 0) or the final one (1) of a split
 * reduction r. */
void emit_split_body(Em *e, const Red *r, int which)
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
		/* The terms' index-free operands, then the one loop. */
		for (int m = 0; m < r->n; m++)
			emit_scope(e, r->sum[m]->kids[0]);
		e->split = r->sum[0];
		emit_sums(e, r->sum, r->n);
		e->split = NULL;
		fputs(r->n > 1 ? "\treturn {{" : "\treturn ", e->out);
		for (int m = 0; m < r->n; m++) {
			fputs(m ? ", " : "", e->out);
			opnd(e, r->sum[m]);
		}
		fputs(r->n > 1 ? "}};" : ";", e->out);
	} else {
		/* Only what the result needs beyond the Sums: values used inside
		 * them alone would be unused here. */
		char *need = dag_side(e->dag, &e->pr->need, 1, &f->root, 1); /* before: it walks */
		Node **order;
		size_t n = dag_schedule_values(e->dag, f->root, &order, true);
		need[f->root->id] = 1;
		for (int m = 0; m < r->n; m++)
			need[r->sum[m]->id] = 2;
		for (size_t i = n; i-- > 0;)
			if (need[order[i]->id] == 1)
				for (int k = 0; k < order[i]->nkids; k++)
					need[order[i]->kids[k]->id] |= 1;
		for (int m = 0; m < r->n; m++)
			red_take(e, r, m);
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
	for (int m = 0; m < p->pre.n; m++)
		if (reaches(e->dag, roots, nr, p->pre.sum[m]))
			red_take(e, &p->pre, m);
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
void emit_range_body(Em *e, const Par *p)
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
	emit_induction_list(e, roots, nr, 0, &e->inc0, &e->ninc0);
	if (p->kind == PAR_SCAN) { /* k = 0 is the base case */
		fputs("\tif (_k0 == 0) {\n", e->out);
		e->indent = 2;
		open_scope(e);
		emit_induction_init(e, roots, nr, 0, dag_const(e->dag, num_int(0)));
		emit_step(e, 0, false);
		par_loop(e, "1");
		emit_step(e, -1, false);
		close_scope(e);
		fputs("\t\treturn;\n\t}\n", e->out);
		e->indent = 1;
	}
	open_scope(e);
	emit_induction_init(e, roots, nr, 0, NULL);
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
	emit_induction_step(e, roots, nr, 0, "_k");
	close_scope(e);
	e->indent--;
	ind(e);
	fputs("}\n", e->out);
}

/* The total function of a scan: a(_k0) op ... op a(_k1 - 1), in order. */
void emit_total_body(Em *e, const Par *p)
{
	const Seq *s = &e->g->seqs[p->scan];
	Node *roots[2] = {s->base[0], p->elem};
	par_prologue(e, p, roots, 2, &roots[1], 1);
	fprintf(e->out, "\t%s _a = %s;\n", e->T, p->mul ? "1" : "0");
	e->bound = 1;
	fputs("\tif (_k0 == 0) {\n", e->out);
	e->indent = 2;
	open_scope(e);
	emit_induction_init(e, roots, 2, 0, dag_const(e->dag, num_int(0)));
	fputs("\t\t{\n\t\t\tconst ptrdiff_t _k = 0;\n\t\t\t(void)_k;\n", e->out);
	e->indent = 3;
	open_scope(e);
	emit_scope(e, s->base[0]);
	fputs("\t\t\t_a = ", e->out);
	opnd(e, s->base[0]);
	fputs(";\n", e->out);
	emit_induction_step(e, roots, 2, 0, "_k");
	close_scope(e);
	e->indent = 2;
	fputs("\t\t}\n", e->out);
	par_loop(e, "1");
	total_step(e, p, p->elem, roots, 2);
	close_scope(e);
	fputs("\t\treturn _a;\n\t}\n", e->out);
	e->indent = 1;
	open_scope(e);
	emit_induction_init(e, &roots[1], 1, 0, NULL);
	par_loop(e, "_k0");
	total_step(e, p, p->elem, &roots[1], 1);
	close_scope(e);
	fputs("\treturn _a;", e->out);
}
