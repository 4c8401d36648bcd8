/* sema.h: the semantic checks.  After parse.c has built a program without
 * syntax or name errors, checks what the generated code needs: every
 * constant of every body (map functions, gufunc results, Sums, base cases
 * and rules) fits each precision asked for. */
#ifndef SYMKERN_SEMA_H
#define SYMKERN_SEMA_H

#include "dag.h"
#include "diag.h"
#include "ir.h"

/* Reports constants that overflow, or underflow to zero, in a requested
 * precision (they cannot be written as literals), at the definition of
 * their function (or sequence); one error a function.  Returns their
 * count. */
int check_constants(Diag *diag, Dag *dag, const Program *prog, bool f32, bool f64);

#endif
