/* dag.h: expressions as a DAG with hash-consing.  Every constructor first
 * folds constants and applies the identities below, then returns the one
 * node with that operator and those operands, so a subexpression written
 * twice (in one function or across functions) is one node, computed once.
 *
 * Powers are lowered here (dag_pow, which lower.c calls for '**' and
 * pow), once for all back ends:
 *   x**n (integer |n| <= 64)  multiplication chain by repeated squaring;
 *                             negative n: one division of 1 by the chain;
 *                             with Dag.rewrite, n >= 5 and n <= -2 are an
 *                             N_POWI node that rewrite.c computes
 *                             (compensated for |n| >= 5; scaled by powers
 *                             of 2 against over- and underflow for n < 0)
 *   x**(1/2), x**(k + 1/2)    sqrt(x), chain(k)*sqrt(x) (negative: 1/...)
 *   E**x, 2**x                exp(x), exp2(x)
 *   x + 0, x - 0, x*1, x/1, x**1, -(-x)  x
 */
#ifndef SYMKERN_DAG_H
#define SYMKERN_DAG_H

#include "arena.h"
#include "ir.h"

typedef struct {
	Arena *arena;
	Node **table;
	size_t cap, count;
	int next_id;
	Node **nodes;       /* by id: every node made, in creation order */
	unsigned walk;      /* dag_schedule's walks: a node is seen in walk w when mark[id] == w */
	unsigned *mark;     /* by node id (a side table, grown with next_id) */
	size_t mark_cap;
	Node **order;       /* dag_schedule's result, reused by the next call */
	void *stack;        /* and its work stack */
	size_t order_cap, stack_cap;
	bool rewrite;       /* accuracy rewrites (rewrite.h); false: --literal */
} Dag;

void dag_init(Dag *d, Arena *a);
Node *dag_const(Dag *d, Num v);
Node *dag_bool(Dag *d, bool v);
Node *dag_nan(Dag *d);
Node *dag_arg(Dag *d, Func *f, int index);
/* N_NEG .. N_DIV, relations, N_AND, N_OR, N_NOT, N_SELECT. */
Node *dag_op(Dag *d, Op op, Node *a, Node *b);
Node *dag_select(Dag *d, Node *cond, Node *then, Node *otherwise);
/* N_FALLBACK: value where cond holds, else fallback, computed only then
 * (a schedule of values leaves fallback out: its emitter writes it in
 * the branch). */
Node *dag_fallback(Dag *d, Node *cond, Node *value, Node *fallback);
Node *dag_call(Dag *d, MathFn fn, Node **args);
Node *dag_ucall(Dag *d, Func *f, Node **args);
Node *dag_pow(Dag *d, Node *base, Node *exponent);
/* x**n, 1 <= n <= 64, as a plain chain of multiplications (repeated
 * squaring), whatever Dag.rewrite. */
Node *dag_powi(Dag *d, Node *x, int64_t n);
/* The N_SCALE leaf: 2**e64 in double, 2**e32 in float. */
Node *dag_scale(Dag *d, int e64, int e32);
/* Gufunc nodes (N_INDEX .. N_INDFACT), private to function f. */
Node *dag_gu(Dag *d, Op op, Func *f, int index, int level, long off, Node **kids, int nkids);
/* Call `site` (Program.sites) of built-in `kind` with MathFn
 * fn in definition f, over the args as read (N_BUILTIN, for lower.c):
 * never folded or shared. */
Node *dag_builtin(Dag *d, BuiltinKind kind, MathFn fn, Func *f, long site, Node **args, int nargs);
/* A node with n's operator and fields over kids, made or found without
 * folding: for a stage that rebuilds a DAG (lower.c), where n's operands
 * are rebuilt unchanged. */
Node *dag_copy(Dag *d, const Node *n, Node **kids);
/* n, or NULL after reporting at `at` that n is a folded constant that is
 * not a finite real (an error in SymPy too: zoo, nan or a complex). */
Node *dag_checked(Diag *diag, Node *n, Loc at);
/* True for a real constant equal to p/q. */
bool dag_is_const(const Node *n, int64_t p, int64_t q);

/* Is op a reduction over an index range (Sum, Product, Max): kids body,
 * lo, hi, its bound index at `level`? */
static inline bool dag_is_red(Op op)
{
	return op == N_SUM || op == N_PROD || op == N_MAXR;
}
/* The constant e, as `E` in a .sym file. */
Num dag_e(void);

/* Nodes reachable from root in an order where operands come first (each
 * once); returns the count and stores in *out an array that stays valid
 * until the next dag_schedule on d.  Iterative, so a sum of 10^5 terms does
 * not exhaust the stack. */
size_t dag_schedule(Dag *d, Node *root, Node ***out);
/* Likewise; with values true, the limits of reductions (integers, not
 * values) and the fallback of an N_FALLBACK (computed in its branch) are
 * left out. */
size_t dag_schedule_values(Dag *d, Node *root, Node ***out, bool values);
/* A side table that a pass keeps from one function to the next: entries
 * of elsize bytes by node id.  dag_side grows it with the DAG (never
 * copying) and zeroes the entries of the nodes reachable from roots[0..n),
 * the only ones the caller may read: the cost is that of the function,
 * not of the whole DAG, so 10^4 functions stay linear.  It walks the DAG:
 * a schedule taken before it is overwritten. */
typedef struct {
	void *p;
	size_t cap;
} SideTable;
void *dag_side(Dag *d, SideTable *t, size_t elsize, Node *const *roots, int n);
/* Operation nodes (not constants or arguments) reachable from root. */
size_t dag_count_ops(Dag *d, Node *root);

#endif
