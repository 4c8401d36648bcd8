/* dag.h: expressions as a DAG with hash-consing.  Every constructor first
 * folds constants and applies the identities below, then returns the one
 * node with that operator and those operands, so a subexpression written
 * twice (in one function or across functions) is one node, computed once.
 *
 * Lowering done here, once for all back ends:
 *   x**n (integer |n| <= 64)  multiplication chain by repeated squaring;
 *                             negative n: one division of 1 by the chain
 *   x**(1/2), x**(k + 1/2)    sqrt(x), chain(k)*sqrt(x) (negative: 1/...)
 *   E**x, 2**x                exp(x), exp2(x)
 *   x + 0, x - 0, x*1, x/1, x**1, -(-x)  x
 */
#ifndef SYMKERN_DAG_H
#define SYMKERN_DAG_H

#include "arena.h"
#include "diag.h"
#include "mathfn.h"
#include "num.h"

typedef enum { TY_REAL, TY_BOOL } Type;

typedef enum {
	N_CONST, /* real: val; bool: val is 0 or 1 */
	N_NAN,   /* Piecewise with no branch taken */
	N_ARG,   /* argument `index` of function `func` */
	N_NEG, N_ADD, N_SUB, N_MUL, N_DIV,
	N_CALL,  /* math function `fn` */
	N_UCALL, /* user function `func` */
	N_LT, N_LE, N_GT, N_GE, N_EQ, N_NE,
	N_AND, N_OR, N_NOT,
	N_SELECT /* kids: condition, then, else */
} Op;

typedef struct Func Func;
typedef struct Node Node;

struct Node {
	Op op;
	Type type;
	int id;  /* creation order: deterministic, and used to order operands */
	int nkids;
	Node **kids;
	Num val;
	MathFn fn;
	Func *func;
	int index;
	uint64_t hash;
	Node *hnext;
	unsigned mark; /* dag_schedule's visited stamp */
	int tmp;       /* the emitter's temporary number, in the function being written */
};

struct Func {
	const char *name;  /* as written; a validated identifier */
	int nargs;
	const char **args; /* as written */
	const char **cargs; /* as spelled in generated code (names.h) */
	Loc *argloc;
	bool *used;         /* argument appears in the body */
	Loc loc;
	Node *root;
	int index;
};

typedef struct {
	Arena *arena;
	Node **table;
	size_t cap, count;
	int next_id;
	unsigned walk;
	Node **order;       /* dag_schedule's result, reused by the next call */
	void *stack;        /* and its work stack */
	size_t order_cap, stack_cap;
} Dag;

void dag_init(Dag *d, Arena *a);
Node *dag_const(Dag *d, Num v);
Node *dag_bool(Dag *d, bool v);
Node *dag_nan(Dag *d);
Node *dag_arg(Dag *d, Func *f, int index);
/* N_NEG .. N_DIV, relations, N_AND, N_OR, N_NOT, N_SELECT. */
Node *dag_op(Dag *d, Op op, Node *a, Node *b);
Node *dag_select(Dag *d, Node *cond, Node *then, Node *otherwise);
Node *dag_call(Dag *d, MathFn fn, Node **args);
Node *dag_ucall(Dag *d, Func *f, Node **args);
Node *dag_pow(Dag *d, Node *base, Node *exponent);
/* The constant e, as `E` in a .sym file. */
Num dag_e(void);

/* Nodes reachable from root in an order where operands come first (each
 * once); returns the count and stores in *out an array that stays valid
 * until the next dag_schedule on d.  Iterative, so a sum of 10^5 terms does
 * not exhaust the stack. */
size_t dag_schedule(Dag *d, Node *root, Node ***out);
/* Operation nodes (not constants or arguments) reachable from root. */
size_t dag_count_ops(Dag *d, Node *root);

#endif
