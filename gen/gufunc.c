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
