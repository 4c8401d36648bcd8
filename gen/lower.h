/* lower.h: the lower stage, run by cli.c after the parse and the check of
 * gufunc reads: every call of a built-in as the parser read it
 * (N_BUILTIN) becomes the nodes that compute it, in a DAG rebuilt in the
 * parser's creation order (so operands keep the order they had), and each
 * function's arguments are marked used or warned about. */
#ifndef SYMKERN_LOWER_H
#define SYMKERN_LOWER_H

#include "dag.h"

/* Rebuilds *dag (the parser's) lowered, and points prog's functions into
 * it; the errors of the calls that prog's functions reach are reported to
 * diag (a function with one has no root afterwards).  Returns their
 * number. */
int lower_program(Diag *diag, Dag *dag, Program *prog);

#endif
