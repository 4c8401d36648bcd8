/* parse.h: recursive-descent parser for .sym files (map functions and gufuncs),
 * building each definition straight into the DAG. */
#ifndef SYMKERN_PARSE_H
#define SYMKERN_PARSE_H

#include "dag.h"
#include "gufunc.h"
#include "ir.h"

enum { PARSE_MAX_DEPTH = 200, PARSE_MAX_ARGS = 10000 };

/* Parses src into prog (funcs in the arena, nodes in dag).  Reports every
 * error and warning to diag; returns the number of errors. */
int parse_program(Program *prog, const Source *src, Diag *diag, Dag *dag, const char *lib);

#endif
