/* emit_gu_priv.h: what the files of the gufunc emitter share, and no other
 * stage sees: the state Em of the function being written, its scope and
 * temporary helpers, and the functions one file calls in another.
 *   emit_gu.c    the definitions of each gufunc (emit_gu_defs, emit.h)
 *   emit_item.c  the bodies: the item function, the parts of a split
 *                reduction and of a parallel gufunc
 *   emit_loop.c  values where they can be computed: Sums' loops (those of
 *                one range in one loop) and the incremental values of loops */
#ifndef SYMKERN_EMIT_GU_PRIV_H
#define SYMKERN_EMIT_GU_PRIV_H

#include <assert.h>
#include <stdint.h>

#include "emit.h"

/* The state of the gufunc emitter while it writes one function. */
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
	const Node *split;     /* the first Sum of a loop that runs j = lo + _t, lo + _t + _T, ... */
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
	 * which every step advances (emit_induction_list). */
	Node **inc0;
	size_t ninc0;
	unsigned active[16];   /* the scopes open there (a value is visible in them) */
	int nactive;
	int indent;
} Em;

static inline void ind(Em *e)
{
	for (int i = 0; i < e->indent; i++)
		fputc('\t', e->out);
}

static inline void open_scope(Em *e)
{
	/* Scopes nest as the function (1), a step or Sum's block and body (2 a
	 * level, DAG_MAX_LEVEL levels) and a range body's branch. */
	assert(e->nactive < (int)(sizeof e->active / sizeof e->active[0]));
	e->active[e->nactive++] = ++e->pr->scopes; /* never reused, across functions and precisions */
}

static inline void close_scope(Em *e)
{
	e->nactive--;
}

/* Defines x's temporary in the current scope. */
static inline int new_tmp(Em *e, Node *x)
{
	*emit_tmp(e->pr, x) = ++e->ntmp;
	*emit_scope_of(e->pr, x) = e->active[e->nactive - 1];
	return e->ntmp;
}

static inline void opnd(Em *e, const Node *x)
{
	emit_operand(e->pr, x);
}

/* emit_loop.c: an integer expression as ptrdiff_t C text, alone or as a
 * loop's bounds in a template; the incremental
 * values of loop `level`: set up for its first index lo (NULL: _k0),
 * advanced once, listed each once, and advanced at the end of a step; the
 * nodes under root that can be computed where code is being written (all,
 * or those whose need[id] is set); the one loop of reductions that share
 * a range. */
void emit_int_text(Em *e, const Node *x);
void emit_range_text(Em *e, const char *fmt, int L, const Node *lo, const Node *hi);
void emit_induction_init(Em *e, Node *const *roots, int nroots, int level, const Node *lo);
void emit_induction_advance(Em *e, Node *const *inc, size_t ninc, int level, const char *var);
void emit_induction_list(Em *e, Node *const *roots, int nroots, int level, Node ***out, size_t *n);
void emit_induction_step(Em *e, Node *const *roots, int nroots, int level, const char *var);
void emit_scope(Em *e, Node *root);
void emit_scope_need(Em *e, Node *root, const char *need);
void emit_sums(Em *e, Node *const *xs, int n);

/* emit_item.c: the statements of the item function, of a split
 * reduction's partial (which = 0) or final (1) function, and of a
 * parallel gufunc's range and total functions. */
void emit_item_body(Em *e);
void emit_split_body(Em *e, const Red *r, int which);
void emit_range_body(Em *e, const Par *p);
void emit_total_body(Em *e, const Par *p);

#endif
