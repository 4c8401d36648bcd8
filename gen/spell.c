/* spell.c: the check of names (checks.h): how each name of a definition
 * is spelled in generated code (names.h: as written, or s_NAME where it
 * could mean something else), and the function names C cannot take: one
 * starting with 'priv' (the generated code's private functions), and X
 * beside X_map (X's map function and X_map's scalar function would be one
 * C function). */
#include "checks.h"

#include <stdlib.h>
#include <string.h>

#include "gufunc.h"
#include "names.h"

static int by_name(const void *a, const void *b)
{
	return strcmp((*(Func *const *)a)->name, (*(Func *const *)b)->name);
}

/* The function named s (len bytes) among sorted[0..n), or NULL. */
static Func *find(Func **sorted, int n, const char *s, size_t len, Arena *a)
{
	Func key = {.name = arena_strndup(a, s, len)}, *k = &key;
	Func **f = bsearch(&k, sorted, (size_t)n, sizeof *sorted, by_name);
	return f ? *f : NULL;
}

/* f's arguments, sizes and outputs as spelled in generated code. */
static void spell(Func *f, Arena *a, const char *lib)
{
	f->cargs = arena_alloc(a, (size_t)(f->nargs ? f->nargs : 1) * sizeof *f->cargs);
	for (int i = 0; i < f->nargs; i++)
		f->cargs[i] = names_c_arg(a, f->args[i], lib);
	Gufunc *g = f->gu;
	if (!g)
		return;
	g->dimc = arena_alloc(a, (size_t)(g->ndims ? g->ndims : 1) * sizeof *g->dimc);
	for (int i = 0; i < g->ndims; i++) {
		/* `n` is the map functions' length; a gufunc has none, so its
		 * sizes keep their names where C allows. */
		const char *s = g->dimname[i];
		g->dimc[i] = strcmp(s, "n") == 0 || g->dimsize[i] >= 0 ? s : names_c_arg(a, s, lib);
	}
	g->outc = arena_alloc(a, (size_t)(g->nouts ? g->nouts : 1) * sizeof *g->outc);
	for (int i = 0; i < g->nouts; i++)
		g->outc[i] = names_c_arg(a, g->outname[i], lib);
}

int check_names(Diag *diag, Dag *dag, Program *prog)
{
	Arena *a = dag->arena;
	int nm = prog->nfuncs, n = nm + prog->ngufuncs, errors = 0;
	Func **all = arena_alloc(a, (size_t)(n ? n : 1) * sizeof *all);
	/* in source order: the two lists merged by Func.index */
	for (int i = 0, j = 0, k = 0; k < n; k++)
		all[k] = j == prog->ngufuncs || (i < nm && prog->funcs[i]->index < prog->gufuncs[j]->index)
		         ? prog->funcs[i++] : prog->gufuncs[j++];
	Func **sorted = arena_alloc(a, (size_t)(n ? n : 1) * sizeof *sorted);
	memcpy(sorted, all, (size_t)n * sizeof *all);
	qsort(sorted, (size_t)n, sizeof *sorted, by_name);
	unsigned char *bad = arena_alloc(a, program_index_end(prog));
	for (int k = 0; k < n; k++) {
		Func *f = all[k];
		spell(f, a, prog->lib);
		if (strncmp(f->name, "priv", 4) == 0) {
			diag_error(diag, f->loc, "names starting with 'priv' are reserved for the generated code's "
			           "private functions");
			bad[f->index] = 1;
			errors++;
			continue;
		}
		/* X_map's scalar function is NAME_X_map_f64, X's map function too:
		 * the later of the two is refused. */
		size_t l = strlen(f->name);
		char *mapped = arena_alloc(a, l + 5);
		memcpy(mapped, f->name, l);
		memcpy(mapped + l, "_map", 5);
		Func *c = l > 4 && strcmp(f->name + l - 4, "_map") == 0 ? find(sorted, n, f->name, l - 4, a) : NULL;
		if (!c || c->index > f->index)
			c = find(sorted, n, mapped, l + 4, a);
		if (c && c->index < f->index && !bad[c->index]) {
			diag_error(diag, f->loc, "'%s' and '%s' (defined at %d:%d) would give two C functions of one name",
			           f->name, c->name, c->loc.line, c->loc.col);
			bad[f->index] = 1;
			errors++;
		}
	}
	program_keep(prog, bad);
	return errors;
}
