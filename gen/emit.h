/* emit.h: the program as m4 definitions (bison's "muscles"), the only thing
 * the templates see.  templates/README lists every definition.  Everything
 * written is either a validated identifier, a number or C text the
 * generator composed from them; each value is quoted twice, so that m4
 * outputs it without expanding anything in it. */
#ifndef SYMKERN_EMIT_H
#define SYMKERN_EMIT_H

#include <stdbool.h>
#include <stdio.h>

#include "parse.h"
#include "plan.h"

typedef struct {
	const char *lib;     /* -n NAME */
	const char *input;   /* base name of the input, restricted to [A-Za-z0-9._+-] */
	const char *sha256;  /* of the input bytes */
	const char *command; /* how to run symkern again: no directories */
	const char *version;
	bool f32, f64;
	bool fast_math;      /* --fast-math: CUDA intrinsics for float calls */
} EmitInfo;

/* The C printer that the map and gufunc emitters share: where it writes,
 * the function and precision being written, and by node id (side tables,
 * grown as nodes are made) the temporary t<N> holding a computed node's
 * value and, for the gufunc emitter, the scope where it is visible. */
typedef struct {
	FILE *out;
	Dag *dag;
	const Program *prog;
	const Func *f;
	bool f32, fast;
	int *tmp;
	unsigned *scope;
	size_t cap;
	unsigned scopes; /* scopes opened so far: numbers are never reused */
	/* The gufunc emitter's side tables (dag_side), kept from one gufunc
	 * to the next: size guards (long), values needed (char), incremental
	 * values seen (char). */
	SideTable req, need, seen;
} Printer;

/* The temporary and scope slots of node x (grows the tables). */
int *emit_tmp(Printer *p, const Node *x);
unsigned *emit_scope_of(Printer *p, const Node *x);
/* An operand's C text (a literal, an argument, a temporary t<N> ...),
 * whether a node is one of those leaves rather than a computed temporary,
 * and the C expression computing x.  Names are printed whole, however long
 * (no fixed buffers). */
void emit_operand(Printer *p, const Node *n);
bool emit_is_leaf(const Node *x);
void emit_op(Printer *p, const Node *x);
/* m4_define([[name]], value quoted twice) and an integer definition. */
void emit_def(FILE *out, const char *name, const char *value);
void emit_defi(FILE *out, const char *name, long value);
/* The gufunc definitions (emit_gu.c). */
void emit_gu_defs(Printer *p, const Plan *plan, const EmitInfo *info);
/* The C statements of p->f's scalar body in precision p->f32, ending in
 * return. */
void emit_body(Printer *p);
void emit_defs(FILE *out, Dag *dag, const Program *prog, const Plan *plan, const EmitInfo *info);

#endif
