/* checks.h: the check stage.  After parse.c has built a program without
 * syntax or name errors, checks what the generated code needs of it:
 *   spell.c  the names: each spelled for C, none that C cannot take;
 *   types.c  every operand is a number or a condition as its place needs;
 *   reads.c  every element read of a gufunc's input vectors stays within
 *            its elements, for every size the call may give;
 *   checks.c  every constant of every body (map functions, gufunc results,
 *            Sums, base cases and rules) fits each precision asked for.
 * Each reports at most one error a function and returns the number of
 * errors.  cli.c checks the reads of the definitions that parsed even
 * where others did not (so one run reports every error), the constants
 * of a program without errors; later stages run only on a program that
 * passed both. */
#ifndef SYMKERN_CHECKS_H
#define SYMKERN_CHECKS_H

#include "dag.h"
#include "diag.h"
#include "ir.h"

/* Spells the names of prog's functions for generated code; reports the
 * function names C cannot take (at the later definition), and drops
 * those functions from prog. */
int check_names(Diag *diag, Dag *dag, Program *prog);

/* Reports an operand of the wrong type (the first of each definition, at
 * the operand), and drops the definitions with one from prog. */
int check_types(Diag *diag, Dag *dag, Program *prog);

/* Reports a read that may fall outside its vector (the first of each
 * gufunc), at the read. */
int check_reads(Diag *diag, const Program *prog);

/* Reports constants that overflow, or underflow to zero, in a requested
 * precision (they cannot be written as literals), at the definition of
 * their function (or sequence). */
int check_constants(Diag *diag, Dag *dag, const Program *prog, bool f32, bool f64);

#endif
