/* compose.h: built-ins that are formulas over other built-ins, the nodes
 * that sympy.codegen's rewriting prints (symkern(5), FUNCTIONS AND
 * CONSTANTS): sinc, cosm1, logaddexp, logaddexp2; and SymPy's sech, csch,
 * acot, asec, acsc, asech, acsch, acoth, Mod and frac.  Each is written
 * the way that keeps double precision where the naive formula loses it. */
#ifndef SYMKERN_COMPOSE_H
#define SYMKERN_COMPOSE_H

#include "dag.h"
#include "mathfn.h"

/* The arity of kind k (one of B_SINC .. B_FRAC). */
int compose_arity(BuiltinKind k);
/* The DAG of kind k applied to a (compose_arity(k) real nodes). */
Node *compose(Dag *d, BuiltinKind k, Node **a);

#endif
