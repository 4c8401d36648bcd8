/* gufunc.c: see gufunc.h. */
#include "gufunc.h"

int gufunc_roots(const Gufunc *g, Arena *a, Node ***out)
{
	int n = 0;
	for (int q = 0; q < g->nseqs; q++)
		n += g->seqs[q].nbase + 1;
	Node **r = arena_alloc(a, (size_t)(n ? n : 1) * sizeof *r);
	n = 0;
	for (int q = 0; q < g->nseqs; q++) {
		for (int i = 0; i < g->seqs[q].nbase; i++)
			r[n++] = g->seqs[q].base[i];
		if (g->seqs[q].rule)
			r[n++] = g->seqs[q].rule;
	}
	*out = r;
	return n;
}

int func_roots(const Func *f, Arena *a, Node ***out)
{
	if (f->gu && f->gu->loopdim >= 0)
		return gufunc_roots(f->gu, a, out);
	*out = arena_alloc(a, sizeof **out);
	(*out)[0] = f->root;
	return 1;
}

long func_kernel_param_bytes(const Func *f)
{
	const Gufunc *g = f->gu;
	if (!g)
		return 24 + 16L * f->nargs;
	long n = 8 + 24;
	for (int d = 0; d < g->ndims; d++)
		n += g->dimsize[d] < 0 ? 8 : 0;
	for (int a = 0; a < f->nargs; a++)
		n += g->argdim[a] >= 0 ? 24 : 16;
	return n + (g->loopdim < 0 ? 16 : 24L * g->nouts);
}

/* An index expression: a constant integer (*level = -1, *off = it) or the
 * index bound at some level plus a constant.  False for anything else. */
bool gufunc_index_form(const Node *e, int *level, long *off)
{
	int64_t c;
	if (e->op == N_CONST && e->type == TY_REAL && num_is_int(e->val, &c) && c > -(1L << 30) &&
	    c < (1L << 30)) {
		*level = -1;
		*off = (long)c;
		return true;
	}
	if (e->op == N_INDEX) {
		*level = e->level;
		*off = 0;
		return true;
	}
	if ((e->op == N_ADD || e->op == N_SUB) && e->kids[0]->op == N_INDEX &&
	    e->kids[1]->op == N_CONST && num_is_int(e->kids[1]->val, &c) && c > -(1L << 30) &&
	    c < (1L << 30)) {
		*level = e->kids[0]->level;
		*off = e->op == N_ADD ? (long)c : -(long)c;
		return true;
	}
	if (e->op == N_ADD && e->kids[1]->op == N_INDEX && e->kids[0]->op == N_CONST &&
	    num_is_int(e->kids[0]->val, &c) && c > -(1L << 30) && c < (1L << 30)) {
		*level = e->kids[1]->level;
		*off = (long)c;
		return true;
	}
	return false;
}

size_t program_index_end(const Program *prog)
{
	int end = 0;
	for (int i = 0; i < prog->nfuncs; i++)
		end = prog->funcs[i]->index >= end ? prog->funcs[i]->index + 1 : end;
	for (int i = 0; i < prog->ngufuncs; i++)
		end = prog->gufuncs[i]->index >= end ? prog->gufuncs[i]->index + 1 : end;
	return (size_t)end + 1;
}

static void keep(Func **fs, int *n, const unsigned char *bad)
{
	int k = 0;
	for (int i = 0; i < *n; i++)
		if (!bad[fs[i]->index])
			fs[k++] = fs[i];
	*n = k;
}

void program_keep(Program *prog, const unsigned char *bad)
{
	keep(prog->funcs, &prog->nfuncs, bad);
	keep(prog->gufuncs, &prog->ngufuncs, bad);
}
