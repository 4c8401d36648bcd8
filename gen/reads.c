/* reads.c: the check stage's bounds of element reads (checks.h): that
 * every read of a gufunc's input vectors, as the parser recorded it
 * (Gufunc.reads), stays within their elements: each index bounded as
 * c + a*N, N a size, over the ranges of the indices it uses. */
#include "checks.h"

/* Bounds of integer expressions, c + a*N where N is core dimension `dim`
 * (a == 0: a constant), for checking reads.  ok is false when the
 * expression is not of that form. */
typedef struct {
	bool ok;
	long c, a;
	int dim;
} Aff;

/* x + sy*y (sy is 1 or -1); not ok where a coefficient would overflow. */
static Aff aff_add(Aff x, Aff y, long sy)
{
	Aff r = {false, 0, 0, -1};
	if (!x.ok || !y.ok || (x.a && y.a && x.dim != y.dim))
		return r;
	if (__builtin_mul_overflow(y.c, sy, &y.c) || __builtin_mul_overflow(y.a, sy, &y.a) ||
	    __builtin_add_overflow(x.c, y.c, &r.c) || __builtin_add_overflow(x.a, y.a, &r.a))
		return r;
	r.ok = true;
	r.dim = x.a ? x.dim : y.dim;
	if (!r.a)
		r.dim = -1;
	return r;
}

static Aff aff_bound(const Gufunc *g, const GuRead *rd, const Node *e, const GuFrame *fr, bool upper, int depth)
{
	Aff r = {false, 0, 0, -1};
	int64_t c;
	if (depth > 64)
		return r;
	switch (e->op) {
	case N_CONST:
		if (num_is_int(e->val, &c) && c > -(1L << 40) && c < (1L << 40))
			r = (Aff){true, (long)c, 0, -1};
		return r;
	case N_DIM:
		return (Aff){true, 0, 1, e->index};
	case N_INDEX:
		if (e->level == 0) { /* a rule's k: step_c <= k <= N - 1 */
			if (!upper)
				return (Aff){true, rd->step_c, 0, -1};
			if (g->dimsize[g->loopdim] >= 0)
				return (Aff){true, g->dimsize[g->loopdim] - 1, 0, -1};
			return (Aff){true, -1, 1, g->loopdim};
		}
		for (; fr; fr = fr->parent)
			if (fr->level == e->level)
				return fr->lo && fr->hi ? aff_bound(g, rd, upper ? fr->hi : fr->lo, fr->parent, upper, depth + 1) : r;
		return r;
	case N_NEG: {
		Aff x = aff_bound(g, rd, e->kids[0], fr, !upper, depth + 1);
		return aff_add((Aff){true, 0, 0, -1}, x, -1);
	}
	case N_ADD:
		return aff_add(aff_bound(g, rd, e->kids[0], fr, upper, depth + 1),
		               aff_bound(g, rd, e->kids[1], fr, upper, depth + 1), 1);
	case N_SUB:
		return aff_add(aff_bound(g, rd, e->kids[0], fr, upper, depth + 1),
		               aff_bound(g, rd, e->kids[1], fr, !upper, depth + 1), -1);
	case N_MUL: {
		const Node *k = e->kids[0], *x = e->kids[1];
		if (k->op != N_CONST) {
			k = e->kids[1];
			x = e->kids[0];
		}
		if (k->op != N_CONST || !num_is_int(k->val, &c) || c < -1000000 || c > 1000000)
			return r;
		Aff y = aff_bound(g, rd, x, fr, c >= 0 ? upper : !upper, depth + 1);
		if (y.ok && (__builtin_mul_overflow(y.c, (long)c, &y.c) || __builtin_mul_overflow(y.a, (long)c, &y.a)))
			return r; /* too large to bound */
		if (y.ok && !y.a)
			y.dim = -1;
		return y;
	}
	default:
		return r;
	}
}

/* Is c + a*N >= 0 (sign 1) or <= 0 (sign -1) for every size N the
 * dimension can have here?  A term being computed at step s means the loop
 * dimension is at least s + 1. */
static bool aff_holds(const Gufunc *g, const GuRead *rd, Aff x, int sign)
{
	long nmin = 0;
	if (!x.ok)
		return false;
	if (x.a && x.dim == g->loopdim && rd->step)
		nmin = rd->step_c + 1;
	long v;
	if (__builtin_mul_overflow(x.a, nmin, &v) || __builtin_add_overflow(v, x.c, &v))
		return false;
	return sign > 0 ? x.a >= 0 && v >= 0 : x.a <= 0 && v <= 0;
}

/* Whether read r of f stays within its vector's elements. */
static bool read_ok(const Func *f, const GuRead *r)
{
	const Gufunc *g = f->gu;
	int d = g->argdim[r->arg];
	Aff lo = aff_bound(g, r, r->index, r->frame, false, 0);
	Aff hi = aff_bound(g, r, r->index, r->frame, true, 0);
	Aff last = g->dimsize[d] >= 0 ? (Aff){true, g->dimsize[d] - 1, 0, -1} : (Aff){true, -1, 1, d};
	return aff_holds(g, r, lo, 1) && aff_holds(g, r, aff_add(hi, last, -1), -1);
}

int check_reads(Diag *diag, const Program *prog)
{
	int bad = 0;
	for (int i = 0; i < prog->ngufuncs; i++) {
		const Func *f = prog->gufuncs[i];
		const Gufunc *g = f->gu;
		for (size_t k = 0; k < g->nreads; k++) {
			const GuRead *r = &g->reads[k];
			if (read_ok(f, r))
				continue;
			int d = g->argdim[r->arg];
			diag_error(diag, r->loc,
			           "cannot show that this read of '%s' stays within its %s element%s "
			           "(an index must run within 0 .. %s - 1)",
			           f->args[r->arg], g->dimname[d], g->dimsize[d] == 1 ? "" : "s", g->dimname[d]);
			bad++;
			break;
		}
	}
	return bad;
}
