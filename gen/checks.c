/* checks.c: the check stage's constant ranges (checks.h): what the grammar
 * cannot say about the constants of a program that parsed. */
#include "checks.h"

#include <math.h>

/* The first constant reachable from root that a requested precision
 * cannot hold (it overflows, or underflows to zero): its value and the
 * type, or NULL. */
static const char *bad_constant(Dag *dag, Node *root, bool f32, bool f64, long double *value)
{
	Node **order;
	size_t n = dag_schedule(dag, root, &order);
	for (size_t k = 0; k < n; k++) {
		const Node *c = order[k];
		if (c->op != N_CONST || c->type != TY_REAL)
			continue;
		long double v = num_value(c->val);
		*value = v;
		if (f64 && (!isfinite((double)v) || (v != 0 && (double)v == 0)))
			return "double";
		if (f32 && (!isfinite((float)v) || (v != 0 && (float)v == 0)))
			return "float";
	}
	return NULL;
}

/* Reports a constant of root out of the range of a requested precision,
 * at `at` (the definition of f, or of the sequence whose term root is). */
static int check_root(Diag *diag, Dag *dag, const Func *f, Node *root, Loc at, bool f32, bool f64)
{
	long double v;
	const char *type = bad_constant(dag, root, f32, f64, &v);
	if (!type)
		return 0;
	bool in_double = isfinite((double)v) && (v == 0 || (double)v != 0);
	diag_error(diag, at, "constant %.6Lg in '%s' is out of the range of %s%s", v, f->name, type,
	           type[0] == 'f' && in_double ? " (try --precision f64)" : "");
	return 1;
}

int check_constants(Diag *diag, Dag *dag, const Program *prog, bool f32, bool f64)
{
	int errors = 0;
	for (int i = 0; i < prog->nfuncs; i++)
		errors += check_root(diag, dag, prog->funcs[i], prog->funcs[i]->root, prog->funcs[i]->loc, f32, f64);
	/* Gufuncs: every term of every sequence, or the scalar result; one
	 * error a gufunc, as for a function. */
	for (int i = 0; i < prog->ngufuncs; i++) {
		const Func *f = prog->gufuncs[i];
		const Gufunc *g = f->gu;
		int e = 0;
		if (g->loopdim < 0)
			e = check_root(diag, dag, f, f->root, f->loc, f32, f64);
		for (int q = 0; q < g->nseqs && !e; q++) {
			const Seq *s = &g->seqs[q];
			for (int k = 0; k < s->nbase && !e; k++)
				e = check_root(diag, dag, f, s->base[k], s->loc, f32, f64);
			if (s->rule && !e)
				e = check_root(diag, dag, f, s->rule, s->loc, f32, f64);
		}
		errors += e;
	}
	return errors;
}
