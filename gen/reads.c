/* reads.c: the check that a gufunc's reads of its input vectors stay
 * within their elements (parse_priv.h): each index bounded as c + a*N,
 * N a size, over the ranges of the indices it uses.  Run by the parser
 * at the end of each line, so that a failed check abandons the
 * definition as any other error does. */
#include "parse_priv.h"

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

static Aff aff_bound(const Parser *p, const Node *e, const SumFrame *fr, bool upper, int depth)
{
	Aff r = {false, 0, 0, -1};
	const Gufunc *g = p->cur->gu;
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
				return (Aff){true, p->step_c, 0, -1};
			if (g->dimsize[g->loopdim] >= 0)
				return (Aff){true, g->dimsize[g->loopdim] - 1, 0, -1};
			return (Aff){true, -1, 1, g->loopdim};
		}
		for (; fr; fr = fr->parent)
			if (fr->level == e->level)
				return fr->lo && fr->hi ? aff_bound(p, upper ? fr->hi : fr->lo, fr->parent, upper, depth + 1) : r;
		return r;
	case N_NEG: {
		Aff x = aff_bound(p, e->kids[0], fr, !upper, depth + 1);
		return aff_add((Aff){true, 0, 0, -1}, x, -1);
	}
	case N_ADD:
		return aff_add(aff_bound(p, e->kids[0], fr, upper, depth + 1),
		               aff_bound(p, e->kids[1], fr, upper, depth + 1), 1);
	case N_SUB:
		return aff_add(aff_bound(p, e->kids[0], fr, upper, depth + 1),
		               aff_bound(p, e->kids[1], fr, !upper, depth + 1), -1);
	case N_MUL: {
		const Node *k = e->kids[0], *x = e->kids[1];
		if (k->op != N_CONST) {
			k = e->kids[1];
			x = e->kids[0];
		}
		if (k->op != N_CONST || !num_is_int(k->val, &c) || c < -1000000 || c > 1000000)
			return r;
		Aff y = aff_bound(p, x, fr, c >= 0 ? upper : !upper, depth + 1);
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
static bool aff_holds(const Parser *p, Aff x, int sign)
{
	long nmin = 0;
	const Gufunc *g = p->cur->gu;
	if (!x.ok)
		return false;
	if (x.a && x.dim == g->loopdim && p->step)
		nmin = p->step_c + 1;
	long v;
	if (__builtin_mul_overflow(x.a, nmin, &v) || __builtin_add_overflow(v, x.c, &v))
		return false;
	return sign > 0 ? x.a >= 0 && v >= 0 : x.a <= 0 && v <= 0;
}

/* Every recorded read of an input vector stays within its elements. */
bool ps_check_reads(Parser *p)
{
	const Gufunc *g = p->cur->gu;
	for (size_t i = 0; i < p->nreads; i++) {
		const Read *r = &p->reads[i];
		int d = g->argdim[r->arg];
		Aff lo = aff_bound(p, r->index, r->frame, false, 0);
		Aff hi = aff_bound(p, r->index, r->frame, true, 0);
		Aff last = g->dimsize[d] >= 0 ? (Aff){true, g->dimsize[d] - 1, 0, -1} : (Aff){true, -1, 1, d};
		if (!aff_holds(p, lo, 1) || !aff_holds(p, aff_add(hi, last, -1), -1)) {
			diag_error(p->diag, r->loc,
			           "cannot show that this read of '%s' stays within its %s element%s "
			           "(an index must run within 0 .. %s - 1)",
			           p->cur->args[r->arg], g->dimname[d], g->dimsize[d] == 1 ? "" : "s",
			           g->dimname[d]);
			p->nreads = 0;
			return false;
		}
	}
	p->nreads = 0;
	return true;
}
