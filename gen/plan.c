/* plan.c: see plan.h. */
#include "plan.h"

#include "gufunc.h"

/* Does the body of reduction sum read input vector a? */
static bool reads_arg(Dag *dag, const Node *sum, int a)
{
	Node **order;
	size_t n = dag_schedule(dag, sum->kids[0], &order);
	for (size_t i = 0; i < n; i++)
		if (order[i]->op == N_VREAD && order[i]->index == a)
			return true;
	return false;
}


/* Does the body of a reduction hold what a split part cannot compute (a
 * nested reduction, an incremental factorial)?  Incremental powers start
 * where each thread starts: split_induction_init. */
static bool unsplittable(Dag *dag, Node *body)
{
	Node **order;
	size_t n = dag_schedule(dag, body, &order);
	for (size_t i = 0; i < n; i++)
		if (dag_is_red(order[i]->op) || order[i]->op == N_INDFACT)
			return true;
	return false;
}


bool plan_joins(const Node *a, const Node *b)
{
	return a->op == N_SUM && b->op == N_SUM && a->level == b->level && a->kids[1] == b->kids[1] &&
	       a->kids[2] == b->kids[2];
}

/* Adds reduction x (level 1, no index dependence) to r; false when it
 * cannot share r's loop or r is full, or is a Max (the GPU's shared
 * reductions add or multiply). */
static bool red_add(Dag *dag, Red *r, Node *x)
{
	if (x->op == N_MAXR || x->level != 1 || x->deps || (r->n && (!plan_joins(r->sum[0], x) || r->n == PLAN_RED_MAX)) ||
	    unsplittable(dag, x->kids[0]))
		return false;
	r->sum = arena_room(dag->arena, r->sum, (size_t)r->n, sizeof *r->sum);
	r->sum[r->n++] = x;
	return true;
}

/* A reduction that many threads can share: a scalar result whose value
 * needs Sums or a Product of the inputs that red_add takes together.
 * Then each thread sums a strided part (the partial function) and the
 * kernel combines the parts before the final function computes the
 * result from their totals. */
static Red split_sum(Dag *dag, const Func *f)
{
	Node **order;
	Red r = {NULL, 0};
	if (f->gu->loopdim >= 0)
		return r;
	size_t n = dag_schedule_values(dag, f->root, &order, true);
	for (size_t i = 0; i < n; i++) {
		Node *x = order[i];
		if (dag_is_red(x->op) && !red_add(dag, &r, x))
			return (Red){NULL, 0};
	}
	return r;
}



/* The largest distance at which root reads any sequence, -1 for none. */
static long seq_reach(Dag *dag, Node *root)
{
	Node **order;
	long m = -1;
	size_t n = dag_schedule(dag, root, &order);
	for (size_t i = 0; i < n; i++)
		if (order[i]->op == N_SEQ && order[i]->off > m)
			m = order[i]->off;
	return m;
}

/* The index-free reductions of g's terms, which red_add takes together,
 * in *pre (n 0 for none); false when it cannot. */
static bool find_pre(Dag *dag, const Gufunc *g, Arena *a, Red *pre)
{
	Node **roots;
	int nr = gufunc_roots(g, a, &roots);
	*pre = (Red){NULL, 0};
	for (int r = 0; r < nr; r++) {
		Node **order;
		size_t n = dag_schedule_values(dag, roots[r], &order, true);
		for (size_t i = 0; i < n; i++) {
			Node *x = order[i];
			bool dup = false;
			if (!dag_is_red(x->op) || x->deps)
				continue;
			for (int m = 0; m < pre->n; m++)
				dup |= pre->sum[m] == x;
			if (!dup && !red_add(dag, pre, x))
				return false;
		}
	}
	return true;
}

/* Is sequence q a first-order scan?  Sets the element and the operator. */
static bool is_scan(Dag *dag, const Seq *s, int q, Par *p)
{
	Node *r = s->rule;
	if (s->nbase != 1 || !r || (r->op != N_ADD && r->op != N_MUL) || seq_reach(dag, s->base[0]) >= 0)
		return false;
	for (int side = 0; side < 2; side++) {
		Node *self = r->kids[side], *e = r->kids[1 - side];
		if (self->op == N_SEQ && self->index == q && self->off == 1 && seq_reach(dag, e) < 0) {
			p->elem = e;
			p->mul = r->op == N_MUL;
			return true;
		}
	}
	return false;
}

static Par classify_par(Dag *dag, const Func *f)
{
	const Gufunc *g = f->gu;
	Par p = {.kind = PAR_NONE, .scan = -1, .pre = {NULL, 0}};
	if (g->loopdim < 0 || g->dimsize[g->loopdim] >= 0 || !find_pre(dag, g, dag->arena, &p.pre))
		return (Par){.kind = PAR_NONE, .scan = -1};
	for (int q = 0; q < g->nseqs; q++) {
		const Seq *s = &g->seqs[q];
		if (p.scan < 0 && is_scan(dag, s, q, &p)) {
			p.scan = q;
			continue;
		}
		/* A map: its terms read sequences at the same k only. */
		if (s->nbase != 0 || !s->rule || seq_reach(dag, s->rule) > 0)
			return (Par){.kind = PAR_NONE, .scan = -1};
	}
	p.kind = p.scan >= 0 ? PAR_SCAN : PAR_MAP;
	return p;
}


/* Can a split Sum's threads take groups of neighbouring terms?  Not when
 * it has incremental powers, which step by _T from term to term. */
static bool vectorizable(Dag *dag, const Node *sum)
{
	Node **order;
	size_t n = dag_schedule(dag, sum->kids[0], &order);
	for (size_t i = 0; i < n; i++)
		if (order[i]->op == N_INDPOW && order[i]->level == sum->level)
			return false;
	return true;
}


/* Does root, a term of sequence steps (a base case: base), read input
 * vector arg other than at the element its step writes?  Reads inside a
 * reduction that depends on no index are not counted: every
 * decomposition computes those before the first write.  A base case may
 * read any constant element: the item function reads element c before
 * step c writes (emit_item_body's guards), and the parallel parts leave
 * base cases to the part that makes step 0 (par_prologue). */
static bool reads_elsewhere(Dag *dag, SideTable *t, Node *root, int arg, bool base)
{
	char *bad = dag_side(dag, t, 1, &root, 1); /* before: it walks */
	Node **order;
	size_t n = dag_schedule(dag, root, &order);
	for (size_t i = 0; i < n; i++) { /* operands first */
		const Node *x = order[i];
		char b = 0;
		if (x->op == N_VREAD && x->index == arg)
			b = x->level < 0 ? !base : !(x->level == 0 && x->off == 0);
		for (int k = 0; k < x->nkids && !b; k++)
			b = bad[x->kids[k]->id];
		if (dag_is_red(x->op) && !x->deps)
			b = 0;
		bad[x->id] = b;
	}
	return bad[root->id];
}


/* May an output overwrite input arg exactly in place (the same pointer
 * and increments)?  Only where it has the outputs' shape: a scalar
 * argument of a scalar result, which is written after the item's every
 * read; or a vector of the outputs' dimension, which each step must read
 * only at the element it writes (symkern(3), "In place"). */
static bool inplace_ok(Dag *dag, SideTable *t, const Func *f, int arg)
{
	const Gufunc *g = f->gu;
	if (g->argdim[arg] != g->loopdim)
		return false;
	if (g->loopdim < 0)
		return true;
	for (int q = 0; q < g->nseqs; q++) {
		const Seq *s = &g->seqs[q];
		for (int k = 0; k < s->nbase; k++)
			if (reads_elsewhere(dag, t, s->base[k], arg, true))
				return false;
		if (s->rule && reads_elsewhere(dag, t, s->rule, arg, false))
			return false;
	}
	return true;
}

/* Functions that device code calls instead of inlining: nvcc inlines
 * every call of a static inline function, so a function that calls
 * another twice, which calls another twice, ... is copied 2^depth times
 * (16 levels took nvcc minutes; gcc decides for itself).  The inlined
 * size of a function is its operations plus the inlined sizes of the
 * functions it calls inline; a function called by another whose inlined
 * size passes PLAN_INLINE_MAX operations is called.  Kernels of smaller
 * functions are unchanged. */
static void plan_noinline(Dag *dag, const Program *prog, Plan *plan)
{
	int nall = 0;
	for (int i = 0; i < prog->nfuncs + prog->ngufuncs; i++) {
		const Func *f = i < prog->nfuncs ? prog->funcs[i] : prog->gufuncs[i - prog->nfuncs];
		nall = f->index + 1 > nall ? f->index + 1 : nall;
	}
	/* By Func.index: calls from other definitions, the inlined size, the choice. */
	size_t *calls = arena_alloc(dag->arena, (size_t)(nall ? nall : 1) * sizeof *calls);
	double *size = arena_alloc(dag->arena, (size_t)(nall ? nall : 1) * sizeof *size);
	bool *called = arena_alloc(dag->arena, (size_t)(nall ? nall : 1) * sizeof *called);
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < prog->nfuncs + prog->ngufuncs; i++) {
			const Func *f = i < prog->nfuncs ? prog->funcs[i] : prog->gufuncs[i - prog->nfuncs];
			Node **roots;
			int nr = func_roots(f, dag->arena, &roots);
			for (int r = 0; r < nr; r++) {
				Node **order;
				size_t n = dag_schedule(dag, roots[r], &order);
				for (size_t k = 0; k < n; k++) {
					const Node *x = order[k];
					if (x->op == N_CALL && mathfn_info[x->fn].runtime)
						plan->special = true;
					if (x->op != N_UCALL)
						continue;
					if (pass == 0)
						calls[x->func->index]++;
					else if (!f->gu && !called[x->func->index])
						size[f->index] += size[x->func->index];
				}
			}
			if (pass == 1 && !f->gu) { /* callees come first: their sizes are final */
				size[f->index] += (double)dag_count_ops(dag, f->root);
				called[f->index] = calls[f->index] && size[f->index] > PLAN_INLINE_MAX;
			}
		}
	plan->noinline = arena_alloc(dag->arena, (size_t)(prog->nfuncs ? prog->nfuncs : 1) * sizeof *plan->noinline);
	for (int i = 0; i < prog->nfuncs; i++)
		if ((plan->noinline[i] = called[prog->funcs[i]->index]))
			plan->nnoinline++;
}

/* Does any Sum of r read input a?  Can all take neighbouring terms? */
static bool red_reads(Dag *dag, const Red *r, int a)
{
	for (int m = 0; m < r->n; m++)
		if (reads_arg(dag, r->sum[m], a))
			return true;
	return false;
}

static bool red_vectorizable(Dag *dag, const Red *r)
{
	for (int m = 0; m < r->n; m++)
		if (!vectorizable(dag, r->sum[m]))
			return false;
	return r->n > 0;
}

static GuPlan plan_gufunc(Dag *dag, SideTable *t, const Func *f)
{
	GuPlan p = {.split = split_sum(dag, f), .par = classify_par(dag, f)};
	size_t na = (size_t)(f->nargs ? f->nargs : 1);
	const Red *shared = p.split.n ? &p.split : &p.par.pre;
	p.reads = arena_alloc(dag->arena, na * sizeof *p.reads);
	p.inplace = arena_alloc(dag->arena, na * sizeof *p.inplace);
	for (int a = 0; a < f->nargs; a++) {
		p.reads[a] = red_reads(dag, shared, a);
		p.inplace[a] = inplace_ok(dag, t, f, a);
	}
	p.vec = red_vectorizable(dag, shared);
	return p;
}

Plan *plan_program(Dag *dag, const Program *prog)
{
	Plan *plan = arena_alloc(dag->arena, sizeof *plan);
	plan->gu = arena_alloc(dag->arena, (size_t)(prog->ngufuncs ? prog->ngufuncs : 1) * sizeof *plan->gu);
	SideTable bad = {0}; /* reads_elsewhere's, kept from one gufunc to the next */
	for (int i = 0; i < prog->ngufuncs; i++)
		plan->gu[i] = plan_gufunc(dag, &bad, prog->gufuncs[i]);
	plan_noinline(dag, prog, plan);
	return plan;
}
