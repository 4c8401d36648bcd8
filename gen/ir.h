/* ir.h: the intermediate representation every stage shares (see cli.c for
 * the stages).  A program is its functions, each an expression DAG
 * (Node, built by dag.c, which hash-conses: equal subexpressions are one
 * node) rooted at Func.root, or for a gufunc (Func.gu) its sequences'
 * terms.  Nodes are identified by Node.id, dense from 0 in creation order:
 * a stage keeps its own state about nodes in side tables indexed by id
 * (CONVENTIONS), never in the nodes.
 *
 * A gufunc has two forms:
 *   norm2(v[n]) = sqrt(Sum(v[k]**2, (k, 0, n - 1)))   a scalar result
 *   hermite(x) -> he[n]:                               sequences over k
 *       h[0] = 1
 *       h[k] = ...
 * A sequence's terms are computed in order k = 0, 1, ...; each term is its
 * base case (h[0], h[1], ... in order) or else its rule, which may read
 * earlier terms of any sequence at constant offsets (N_SEQ) and the inputs
 * at k plus a constant (N_VREAD).  Only `lookback` earlier terms of a
 * sequence are live at a time: they are registers, and only outputs reach
 * memory. */
#ifndef SYMKERN_IR_H
#define SYMKERN_IR_H

#include <stdbool.h>
#include <stdint.h>

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
	N_SELECT, /* kids: condition, then, else */
	/* Gufuncs only (see the top of this file): */
	N_INDEX,   /* the index bound at `level`: 0 is a rule's k, 1.. a Sum's */
	N_DIM,     /* the run-time size of core dimension `index` */
	N_SEQ,     /* sequence `index`, `off` terms before the current one */
	N_VREAD,   /* input vector `index` at index level + off (level -1: at off) */
	N_SUM,     /* kids: body, lo, hi (integer expressions); bound var `level` */
	N_PROD,    /* likewise */
	N_MAXR,    /* likewise, the largest term (fmax: NaN terms skipped; -inf for none); made by rewrite_sum.c */
	N_FALLBACK, /* kids: condition, value, fallback: value where the condition holds, else
	             * fallback, which is computed only then (made by rewrite_sum.c) */
	N_INDPOW,  /* kids[0]**(index at level + off), computed incrementally */
	N_INDFACT, /* (index at level + off)!, computed incrementally */
	/* Before rewrite_program only (rewrite.h): */
	N_POWI,    /* kids[0]**off, 5 <= off <= 64 or -64 <= off <= -2, when Dag.rewrite is set */
	/* A constant that depends on the precision (made by rewrite.c): the
	 * power of two 2**off in double, 2**index in float. */
	N_SCALE,
	/* Before lower.c only: a call of a built-in as the parser read it
	 * (pow and '**' included), which lower.c replaces by the nodes that
	 * compute it.  index: its BuiltinKind; fn: the Builtin's MathFn; func:
	 * the definition it is in; off: its locations, Program.sites[off];
	 * kids: its arguments in order (Piecewise: value, condition, value,
	 * condition, ...).  Not shared: one node per call. */
	N_BUILTIN
} Op;

/* Index levels a node may depend on: bit L is level L. */
enum { DAG_MAX_LEVEL = 4 };

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
	int level;     /* N_INDEX, N_VREAD, N_SUM, N_PROD, N_MAXR, N_INDPOW, N_INDFACT */
	long off;      /* N_SEQ, N_VREAD, N_INDPOW, N_INDFACT */
	unsigned deps; /* bit L: the value depends on the index at level L */
	uint64_t hash; /* the builder's (dag.c) hash-consing */
	Node *hnext;
};

struct Func {
	const char *name;  /* as written; a validated identifier */
	int nargs;
	const char **args; /* as written */
	const char **cargs; /* as spelled in generated code (names.h; by spell.c) */
	Loc *argloc;
	bool *used;         /* argument appears in the body */
	Loc loc;
	Node *root;
	int index;
	struct Gufunc *gu; /* NULL for a map function */
};

/* Limits of symkern(5), LIMITS: a sequence's base cases are peeled steps
 * of the generated code, one each, and the terms it keeps live are
 * registers of one GPU thread (at most 255 of 32 bits). */
enum { SEQ_MAX_BASE = 256, SEQ_MAX_LOOKBACK = 64 };

typedef struct {
	const char *name; /* as written */
	Loc loc;          /* its first definition line */
	int out;          /* output number, or -1 for an intermediate sequence */
	int nbase;        /* base cases: terms 0 .. nbase-1 */
	Node **base;
	Node *rule;       /* the term for k >= nbase; NULL if none */
	int lookback;     /* the most terms back any rule reads it */
} Seq;

/* A Sum or Product around an element read: its bound index's level and
 * limits (set once parsed), inside `parent` (NULL: none). */
typedef struct GuFrame {
	int level;
	Node *lo, *hi;
	const struct GuFrame *parent;
} GuFrame;

/* An element read of input vector `arg` at `index`, as the parser found
 * it, for the check stage (reads.c) to bound: inside the Sums `frame`, in
 * a sequence's base case step_c (step 1), its rule for k >= step_c (step
 * 2), or a scalar result (step 0). */
typedef struct {
	Node *index;
	int arg;
	Loc loc;
	const GuFrame *frame;
	int step;
	long step_c;
} GuRead;

typedef struct Gufunc {
	int ndims;          /* core dimensions in order of first appearance */
	const char **dimname;  /* as written; a number for a fixed size */
	const char **dimc;     /* C spelling of a run-time size parameter */
	long *dimsize;      /* fixed size, or -1 when given at run time */
	int *argdim;        /* per argument: its core dimension, or -1 for a scalar */
	int loopdim;        /* the outputs' dimension; -1 for a scalar result (root) */
	int nseqs;          /* sequences in order of definition, outputs included */
	Seq *seqs;
	int nouts;
	const char **outname; /* as written */
	int *outseq;        /* the sequence of each output (-1 until defined) */
	const char **outc;  /* C spelling of each output's parameter */
	GuRead *reads;      /* every element read of an input vector, in source order */
	size_t nreads;
} Gufunc;

/* An operand the parser read where a number or a condition must be: the
 * check of types (types.c) reports it if its type is not `want`, in
 * terms of `what` (the operator or place: "'+'", "a Piecewise value";
 * NULL: the body of a function), at `at`. */
typedef struct {
	const Node *n;
	Type want;
	const char *what;
	Loc at;
	Func *f; /* the definition it is in */
} TypeUse;

/* Where a call of a built-in is written: its name (or the '**'), and its
 * first three arguments; lower.c reports its errors there. */
typedef struct {
	Loc at;
	Loc arg[3];
} CallSite;

typedef struct {
	Func **funcs;      /* map functions, in order */
	int nfuncs;
	Func **gufuncs;    /* gufuncs (Func.gu set), in order */
	int ngufuncs;
	const char *lib; /* library name: argument spelling avoids its prefix */
	CallSite *sites;   /* the calls of built-ins, in order (N_BUILTIN's off) */
	size_t nsites;
	TypeUse *uses;     /* the operands whose type the check of types checks, in order */
	size_t nuses;
} Program;

#endif
