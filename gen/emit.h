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

typedef struct {
	const char *lib;     /* -n NAME */
	const char *input;   /* base name of the input, restricted to [A-Za-z0-9._+-] */
	const char *sha256;  /* of the input bytes */
	const char *command; /* how to run symkern again: no directories */
	const char *version;
	bool f32, f64;
	bool fast_math;      /* --fast-math: CUDA intrinsics for float calls */
} EmitInfo;

/* Shared by the map and gufunc emitters: an operand's C text (a literal,
 * an argument, a temporary t<N> ...), whether a node is one of those leaves
 * rather than a computed temporary, and the C expression computing x.
 * Names are printed whole, however long (no fixed buffers). */
void emit_operand(FILE *out, const Node *n, const Func *f, bool f32);
bool emit_is_leaf(const Node *x);
void emit_op(FILE *out, const Program *prog, const Node *x, const Func *f, bool f32, bool fast);
/* m4_define([[name]], value quoted twice) and an integer definition. */
void emit_def(FILE *out, const char *name, const char *value);
void emit_defi(FILE *out, const char *name, long value);
/* The gufunc definitions (emit_gu.c). */
void emit_gu_defs(FILE *out, Dag *dag, const Program *prog, const EmitInfo *info);
/* The C statements of f's scalar body in one precision, ending in return. */
void emit_body(FILE *out, Dag *dag, const Program *prog, const Func *f, bool f32, bool fast);
/* Reports constants that overflow, or underflow to zero, in a requested
 * precision (they cannot be written as literals); returns their count. */
int emit_check_constants(Diag *diag, Dag *dag, const Program *prog, bool f32, bool f64);
void emit_defs(FILE *out, Dag *dag, const Program *prog, const EmitInfo *info);

#endif
