/* compose.h: for the lower stage (lower.c), the built-ins that are
 * formulas over other built-ins: the nodes that sympy.codegen's rewriting
 * prints (symkern(5), FUNCTIONS AND CONSTANTS): sinc, cosm1, logaddexp, logaddexp2; and SymPy's sech, csch,
 * acot, asec, acsc, asech, acsch, acoth, Mod and frac.  Each is written
 * the way that keeps double precision where the naive formula loses it. */
#ifndef SYMKERN_COMPOSE_H
#define SYMKERN_COMPOSE_H

#include "dag.h"
#include "mathfn.h"

/* The DAG of kind k applied to a (its arguments: two for logaddexp,
 * logaddexp2 and Mod, one for the others; builtins.c checks the count). */
Node *compose(Dag *d, BuiltinKind k, Node **a);

#endif
