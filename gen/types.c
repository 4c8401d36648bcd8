/* types.c: the check of types (checks.h).  The parser records every
 * operand read where a number or a condition must be (Program.uses);
 * this reports those of the other type, the first of each definition,
 * and drops the definitions that have one from the program. */
#include "checks.h"

#include "gufunc.h"

static void report(Diag *diag, const TypeUse *u)
{
	if (!u->what)
		diag_error(diag, u->at, "a function must return a number, not a condition; use Piecewise");
	else if (u->want == TY_REAL)
		diag_error(diag, u->at, "%s needs a number, not a condition", u->what);
	else
		diag_error(diag, u->at, "%s needs a condition (a relation, And, Or, Not, True or False), not a number",
		           u->what);
}

int check_types(Diag *diag, Dag *dag, Program *prog)
{
	int errors = 0;
	size_t nf = program_index_end(prog);
	/* by Func.index: 1 for the functions of prog (not those an earlier
	 * check dropped), 2 once one has an error */
	unsigned char *state = arena_alloc(dag->arena, nf);
	for (int i = 0; i < prog->nfuncs; i++)
		state[prog->funcs[i]->index] = 1;
	for (int i = 0; i < prog->ngufuncs; i++)
		state[prog->gufuncs[i]->index] = 1;
	for (size_t i = 0; i < prog->nuses; i++) {
		const TypeUse *u = &prog->uses[i];
		if (u->n->type == u->want || (size_t)u->f->index >= nf || state[u->f->index] != 1)
			continue;
		report(diag, u);
		state[u->f->index] = 2;
		errors++;
	}
	for (size_t i = 0; i < nf; i++)
		state[i] = state[i] == 2;
	program_keep(prog, state);
	return errors;
}
