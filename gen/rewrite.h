/* rewrite.h: accuracy rewrites, symkern(5) REWRITES.  After parsing, each
 * function's DAG is rebuilt with forms that neither overflow nor cancel
 * where the literal formula does (exp(a) - 1 is expm1(a), log(1 + exp(a))
 * is a softplus that does not overflow, a*b + c is one fma, ...).  The
 * patterns are matched on the DAG as the user wrote it (an operand's
 * rewritten form is never matched again), so the result does not depend
 * on the order in which nodes are visited.  Off with --literal. */
#ifndef SYMKERN_REWRITE_H
#define SYMKERN_REWRITE_H

#include "dag.h"
#include "ir.h"

/* Rewrites every function of prog in place (roots, base cases, rules);
 * with d->rewrite false, does nothing. */
void rewrite_program(Dag *d, Program *prog);

/* rewrite_sum.c, for rewrite.c only: sqrt(Sum(t**2, ...)) by Blue's
 * scaled sums, given the Sum as written and its term t rewritten. */
Node *rewrite_sum_norm(Dag *d, const Node *sum, Node *t);

/* log(Sum(exp(t), ...)) as m + log(Sum(exp(t - m), ...)), m the largest
 * term, given the Sum as written and t rewritten. */
Node *rewrite_sum_logsumexp(Dag *d, const Node *sum, Node *t);

#endif
