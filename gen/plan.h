/* plan.h: the plan stage: how each gufunc is computed, decided once from
 * the rewritten IR, and which map functions device code calls instead of
 * inlining.  The emitters (emit*.c) write what the plan says; nothing
 * here prints. */
#ifndef SYMKERN_PLAN_H
#define SYMKERN_PLAN_H

#include "dag.h"

/* Parallel decompositions of the `->` form (GPU only; the CPU keeps the
 * per-item function).  Two shapes let many threads share one item:
 *   a map: every sequence is a rule without base cases that reads other
 *     sequences only at the same k, so each term depends only on k, the
 *     inputs and index-free values;
 *   a scan: one sequence s[0] = b, s[k] = s[k - 1] op e(k) with op + or *,
 *     b and e reading no sequence, the others maps (of s, at k).  Then
 *     s[k] = b op e(1) op ... op e(k), a prefix of the elements
 *     a(0) = b, a(k) = e(k), which a parallel scan computes.
 * Index-free values are computed by every thread, except a reduction over
 * the inputs, which would cost each thread a whole row: at most one is
 * allowed, shared like a split reduction (the `pre` value), and passed in
 * as _acc.  Both need a size given at run time. */
typedef enum { PAR_NONE, PAR_MAP, PAR_SCAN } ParKind;

/* A shared reduction: one Product, or up to PLAN_RED_MAX Sums of one
 * range (plan_joins) whose terms one loop computes together, so that the
 * threads that share it read each input once; their totals combine
 * componentwise (symkern(5), "Several Sums of one range").  n is 0 for
 * none. */
enum { PLAN_RED_MAX = 8 };
typedef struct {
	Node **sum;
	int n;
} Red;

/* May Sum b share the loop of Sum a?  Both Sums (not Products) of the
 * same level and limits. */
bool plan_joins(const Node *a, const Node *b);

typedef struct {
	ParKind kind;
	int scan;   /* PAR_SCAN: the scanned sequence */
	Node *elem; /* e(k) */
	bool mul;   /* op is * */
	Red pre;    /* the shared index-free reduction */
} Par;

/* One gufunc's plan. */
typedef struct {
	/* The = form: the reduction that threads can share (the Sums or
	 * Product of the inputs that its value needs, with no incremental
	 * factorial or nested reduction in them). */
	Red split;
	Par par;          /* the -> form */
	/* The shared reduction (split, or par.pre): the arguments its body
	 * reads, and whether a thread may take groups of neighbouring terms
	 * (not with incremental powers, which step by _T from term to term). */
	bool *reads;
	bool vec;
	/* Per argument: may a result overwrite it exactly in place (symkern(3),
	 * In place)?  Only where it has the results' shape and each step reads
	 * it only at the element the step writes. */
	bool *inplace;
} GuPlan;

/* The inlined size, in operations, past which a function that another
 * calls is called in device code (symkern(3), Composed functions). */
enum { PLAN_INLINE_MAX = 1024 };

typedef struct {
	GuPlan *gu;      /* per gufunc, in program order */
	bool *noinline;  /* per map function: device code calls it */
	int nnoinline;
	bool special;    /* some code calls a function of the header's runtime
	                  * (MathFnInfo.runtime: templates/runtime_gamma.h,
	                  * runtime_special.h) */
} Plan;

/* The plan of every gufunc and function of prog, in dag's arena. */
Plan *plan_program(Dag *dag, const Program *prog);

#endif
