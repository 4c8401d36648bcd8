/* emit_loop.c: the gufunc emitter's values (emit_gu_priv.h): every node
 * that can be computed where code is being written, the loops of Sums
 * (and a split Sum's, shared by a block's threads) and the incremental
 * values of loops.
 *
 * A loop (over k or a Sum's index) first sets up its incremental values:
 * x**(k + c) is multiplied by x and (k + c)! by k + 1 + c at each step.
 * Sums are compensated (Kahan): the error stays a few ulps instead of
 * growing with n, at four additions an element, which a memory-bound loop
 * does not notice. */
#include "emit_gu_priv.h"

#include <float.h>
#include <stdlib.h>
#include <string.h>

static bool visible(const Em *e, const Node *x)
{
	for (int i = 0; i < e->nactive; i++)
		if (*emit_scope_of(e->pr, x) == e->active[i])
			return true;
	return false;
}

/* An integer expression (limits, indices) as C text of type ptrdiff_t. */
void emit_int_text(Em *e, const Node *x)
{
	int64_t c;
	switch (x->op) {
	case N_CONST:
		num_is_int(x->val, &c);
		fprintf(e->out, "(ptrdiff_t)%lld", (long long)c);
		return;
	case N_DIM: fprintf(e->out, "(ptrdiff_t)%s", e->g->dimc[x->index]); return;
	case N_INDEX:
		if (x->level == 0)
			fputs("_k", e->out);
		else
			fprintf(e->out, "_j%d", x->level);
		return;
	case N_NEG: fputs("(-", e->out); emit_int_text(e, x->kids[0]); fputc(')', e->out); return;
	default:
		fputc('(', e->out);
		emit_int_text(e, x->kids[0]);
		fputs(x->op == N_ADD ? " + " : x->op == N_SUB ? " - " : " * ", e->out);
		emit_int_text(e, x->kids[1]);
		fputc(')', e->out);
	}
}

/* fmt with `#` the loop number L and `@0`, `@1` the integer text of lo
 * and hi: a loop's bounds in one template. */
void emit_range_text(Em *e, const char *fmt, int L, const Node *lo, const Node *hi)
{
	for (const char *p = fmt; *p; p++) {
		if (*p == '#')
			fprintf(e->out, "%d", L);
		else if (*p == '@' && (p[1] == '0' || p[1] == '1'))
			emit_int_text(e, *++p == '0' ? lo : hi);
		else
			fputc(*p, e->out);
	}
}

static void index_text(Em *e, int level, long off)
{
	if (level < 0)
		fprintf(e->out, "%ld", off);
	else if (level == 0)
		fprintf(e->out, "(_k + %ld)", off);
	else
		fprintf(e->out, "(_j%d + %ld)", level, off);
}


/* A loop's first index: lo, or the variable _k0 for NULL. */
static void lo_text(Em *e, const Node *lo)
{
	if (lo)
		emit_int_text(e, lo);
	else
		fputs("_k0", e->out);
}

/* Incremental values of loop `level` reachable from roots: declared and
 * set for the loop's first index lo (a node: a constant or a Sum's lower
 * limit; NULL: the variable _k0, where a parallel part starts). */
void emit_induction_init(Em *e, Node *const *roots, int nroots, int level, const Node *lo)
{
	for (int r = 0; r < nroots; r++) {
		Node **order;
		size_t n = dag_schedule(e->dag, roots[r], &order);
		for (size_t i = 0; i < n; i++) {
			Node *x = order[i];
			if ((x->op != N_INDPOW && x->op != N_INDFACT) || x->level != level || visible(e, x))
				continue;
			int64_t c0;
			bool cst = lo && lo->op == N_CONST && num_is_int(lo->val, &c0);
			if (x->op == N_INDPOW) {
				if (cst && c0 + x->off >= -64 && c0 + x->off <= 64) {
					Node *p = dag_pow(e->dag, x->kids[0], dag_const(e->dag, num_int(c0 + x->off)));
					emit_scope(e, p);
					ind(e);
					fprintf(e->out, "%s t%d = ", e->T, new_tmp(e, x));
					opnd(e, p);
					fputs(";\n", e->out);
				} else {
					ind(e);
					fprintf(e->out, "%s t%d = pow%s(", e->T, new_tmp(e, x), e->f32 ? "f" : "");
					opnd(e, x->kids[0]);
					fprintf(e->out, ", (%s)(", e->T);
					lo_text(e, lo);
					fprintf(e->out, " + %ld));\n", x->off);
				}
			} else {
				ind(e);
				fprintf(e->out, "%s t%d = ", e->T, new_tmp(e, x));
				/* (c0 + off)! as a literal (1 below 0), unless the
				 * precision cannot hold it: then tgamma's inf. */
				long double v = 1, max = e->f32 ? (long double)FLT_MAX : (long double)DBL_MAX;
				for (int64_t j = 2; cst && j <= c0 + x->off && v <= max; j++)
					v *= (long double)j;
				if (cst && v <= max) {
					char b[64];
					fprintf(e->out, "%s;\n", num_literal(b, sizeof b, num_real(v), e->f32));
				} else {
					fprintf(e->out, "tgamma%s((%s)(", e->f32 ? "f" : "", e->T);
					lo_text(e, lo);
					fprintf(e->out, " + %ld + 1));\n", x->off);
				}
			}
		}
	}
}

/* Each of the ninc incremental values inc of loop `level` (index
 * variable var) advances once: the end of one step. */
void emit_induction_advance(Em *e, Node *const *inc, size_t ninc, int level, const char *var)
{
	for (size_t i = 0; i < ninc; i++) {
		const Node *x = inc[i];
		int t = *emit_tmp(e->pr, x);
		ind(e);
		if (x->op == N_INDPOW && e->split && level == e->split->level) {
			fprintf(e->out, "t%d *= t%d;\n", t, t + 1); /* split_induction_init's step */
		} else if (x->op == N_INDPOW) {
			fprintf(e->out, "t%d *= ", t);
			opnd(e, x->kids[0]);
			fputs(";\n", e->out);
		} else if (x->off >= 0 && level == 0) /* k + off + 1 >= 1 */
			fprintf(e->out, "t%d *= (%s)(%s + %ld);\n", t, e->T, var, x->off + 1);
		else /* (negative)! is taken as 1 */
			fprintf(e->out, "t%d *= %s + %ld > 0 ? (%s)(%s + %ld) : 1;\n", t, var, x->off + 1, e->T, var,
			        x->off + 1);
	}
}

/* The incremental values of loop `level` reachable from roots, each once,
 * in order of first appearance: into *out (arena), their count *n. */
void emit_induction_list(Em *e, Node *const *roots, int nroots, int level, Node ***out, size_t *n)
{
	size_t cap = 0;
	*out = NULL;
	*n = 0;
	char *seen = dag_side(e->dag, &e->pr->seen, 1, roots, nroots);
	for (int r = 0; r < nroots; r++) {
		Node **order;
		size_t m = dag_schedule(e->dag, roots[r], &order);
		for (size_t i = 0; i < m; i++) {
			Node *x = order[i];
			if ((x->op != N_INDPOW && x->op != N_INDFACT) || x->level != level || seen[x->id])
				continue;
			seen[x->id] = 1;
			if (*n == cap) {
				cap = cap ? 2 * cap : 8;
				*out = arena_grow(e->dag->arena, *out, *n, cap, sizeof **out);
			}
			(*out)[(*n)++] = x;
		}
	}
}

/* The end of one step of loop `level` (index variable var): each
 * incremental value reachable from roots advances once. */
void emit_induction_step(Em *e, Node *const *roots, int nroots, int level, const char *var)
{
	Node **inc;
	size_t n;
	emit_induction_list(e, roots, nroots, level, &inc, &n);
	emit_induction_advance(e, inc, n, level, var);
}

/* The powers x**(j + off) of a split Sum's loop, whose thread starts at
 * j = lo + _t and steps by _T: each starts with one pow call and advances
 * by x**_T, the temporary right after its own (emit_induction_step knows).  The
 * error of the power a thread reaches after m steps is that of pow plus
 * about m roundings: m is n / _T, against n for the loop of one thread. */
static void split_induction_init(Em *e, const Node *sum)
{
	Node **order;
	size_t n = dag_schedule(e->dag, sum->kids[0], &order);
	for (size_t i = 0; i < n; i++) {
		Node *x = order[i];
		if (x->op != N_INDPOW || x->level != sum->level || visible(e, x))
			continue;
		const char *f = e->f32 ? "f" : "";
		ind(e);
		fprintf(e->out, "%s t%d = pow%s(", e->T, new_tmp(e, x), f);
		opnd(e, x->kids[0]);
		fprintf(e->out, ", (%s)(", e->T);
		emit_int_text(e, sum->kids[1]);
		fprintf(e->out, " + _t + %ld));\n", x->off);
		ind(e);
		fprintf(e->out, "const %s t%d = pow%s(", e->T, ++e->ntmp, f);
		opnd(e, x->kids[0]);
		fprintf(e->out, ", (%s)_T);\n", e->T);
	}
}

/* The loops of a split Sum at level L over its terms (see emit_sums).
 * With _V > 1 (symkern(3): dense rows, 16-byte aligned) a thread takes
 * groups of _V neighbouring terms, each group's loads at once, then the
 * last terms (fewer than _V in all) one by one.  These loops are not
 * unrolled: an unrolled loop needs its trip count, a 64-bit division,
 * which costs more than it gains where each thread has few terms
 * (measured on an H200, norm2 rows of 64 floats: 0.79 of a copy with two
 * such divisions, 0.89 with none).  Otherwise the compiler unrolls the
 * loop as it sees fit (norm2 of 4096 floats in columns: 0.96 of a copy
 * with `unroll 8`, 1.00 without). */
static void split_loops(Em *e, int L)
{
	static const char *const text[] = {
		"if (_V > 1) {",
		"\t#pragma unroll 1",
		"\tfor (ptrdiff_t _g = _t; _g < _m%d / _V; _g += _T)",
		"\t\t#pragma unroll",
		"\t\tfor (ptrdiff_t _r = 0; _r < _V; _r++)",
		"\t\t\t_term%d(_l%d + _V * _g + _r);",
		"\t#pragma unroll 1",
		"\tfor (ptrdiff_t _o = _m%d / _V * _V + _t; _o < _m%d; _o += _T)",
		"\t\t_term%d(_l%d + _o);",
		"} else {",
		"\tfor (ptrdiff_t _o = _t; _o < _m%d; _o += _T)",
		"\t\t_term%d(_l%d + _o);",
		"}",
	};
	for (size_t i = 0; i < sizeof text / sizeof text[0]; i++) {
		ind(e);
		fprintf(e->out, text[i], L, L); /* the lines with one %d ignore the second L */
		fputc('\n', e->out);
	}
}

/* The loop of reductions xs[0 .. n - 1]: one Product or Max, or Sums that
 * plan_joins takes together (PLAN_RED_MAX at most), whose terms one loop
 * over their range computes, so that each input is read once.  Each Sum
 * keeps its own accumulator and compensation: its value is the one its own
 * loop would give. */
void emit_sums(Em *e, Node *const *xs, int n)
{
	Node *x = xs[0], *body[PLAN_RED_MAX];
	int L = x->level, acc[PLAN_RED_MAX], comp[PLAN_RED_MAX];
	bool sum = x->op == N_SUM, split = x == e->split;
	const char *id = x->op == N_PROD ? "1" : x->op == N_MAXR ? "-INFINITY" : "0";
	assert(n >= 1 && n <= PLAN_RED_MAX);
	for (int m = 0; m < n; m++) {
		body[m] = xs[m]->kids[0];
		acc[m] = ++e->ntmp;
		comp[m] = ++e->ntmp;
		ind(e);
		fprintf(e->out, "%s t%d = %s;\n", e->T, acc[m], id);
	}
	ind(e);
	fputs("{\n", e->out);
	e->indent++;
	open_scope(e);
	for (int m = 0; m < n && sum; m++) {
		ind(e);
		fprintf(e->out, "%s t%d = 0; /* Kahan compensation */\n", e->T, comp[m]);
	}
	for (int m = 0; m < n && split; m++)
		split_induction_init(e, xs[m]);
	emit_induction_init(e, body, n, L, x->kids[1]);
	if (split) {
		/* GPU only: the thread's terms are at offsets _t, _t + _T, ...
		 * from lo, up to hi and to _h; one term is the lambda _term, so
		 * that the loops below share its text. */
		ind(e);
		emit_range_text(e, "const ptrdiff_t _l# = @0, _m# = @1 - _l# < _h ? @1 - _l# + 1 : _h + 1; /* offsets below _m# */\n",
		                L, x->kids[1], x->kids[2]);
		ind(e);
		fprintf(e->out, "const auto _term%d = [&](const ptrdiff_t _j%d) {\n", L, L);
	} else {
		ind(e);
		emit_range_text(e, "for (ptrdiff_t _j# = @0; _j# <= @1; _j#++) {\n", L, x->kids[1], x->kids[2]);
	}
	e->indent++;
	open_scope(e);
	unsigned saved = e->bound;
	e->bound |= 1u << L;
	for (int m = 0; m < n; m++)
		emit_scope(e, body[m]);
	for (int m = 0; m < n; m++) {
		ind(e);
		if (!sum) { /* a Product or a Max */
			if (x->op == N_PROD)
				fprintf(e->out, "t%d *= ", acc[m]);
			else
				fprintf(e->out, "t%d = fmax%s(t%d, ", acc[m], e->f32 ? "f" : "", acc[m]);
			opnd(e, body[m]);
			fputs(x->op == N_PROD ? ";\n" : ");\n", e->out);
			continue;
		}
		/* A non-finite sum keeps no compensation: inf - inf would make it NaN. */
		fprintf(e->out, "const %s _y%d = ", e->T, acc[m]);
		opnd(e, body[m]);
		fprintf(e->out, " - t%d, _s%d = t%d + _y%d;\n", comp[m], acc[m], acc[m], acc[m]);
		ind(e);
		fprintf(e->out, "t%d = isfinite(_s%d) ? (_s%d - t%d) - _y%d : 0;\n", comp[m], acc[m], acc[m], acc[m],
		        acc[m]);
		ind(e);
		fprintf(e->out, "t%d = _s%d;\n", acc[m], acc[m]);
	}
	char var[16];
	snprintf(var, sizeof var, "_j%d", L);
	emit_induction_step(e, body, n, L, var);
	e->bound = saved;
	close_scope(e);
	e->indent--;
	ind(e);
	fputs(split ? "};\n" : "}\n", e->out);
	if (split)
		split_loops(e, L);
	close_scope(e);
	e->indent--;
	ind(e);
	fputs("}\n", e->out);
	for (int m = 0; m < n; m++) {
		*emit_tmp(e->pr, xs[m]) = acc[m];
		*emit_scope_of(e->pr, xs[m]) = e->active[e->nactive - 1];
	}
}

/* x, an N_FALLBACK whose condition and value are written: its fallback
 * only where the condition fails, in a block of its own (the values
 * written there are not visible after it). */
static void emit_fallback(Em *e, Node *x)
{
	int t = new_tmp(e, x);
	ind(e);
	fprintf(e->out, "%s t%d = ", x->type == TY_BOOL ? "int" : e->T, t);
	opnd(e, x->kids[1]);
	fputs(";\n", e->out);
	ind(e);
	fputs("if (!", e->out);
	opnd(e, x->kids[0]);
	fputs(") {\n", e->out);
	e->indent++;
	open_scope(e);
	emit_scope(e, x->kids[2]);
	ind(e);
	fprintf(e->out, "t%d = ", t);
	opnd(e, x->kids[2]);
	fputs(";\n", e->out);
	close_scope(e);
	e->indent--;
	ind(e);
	fputs("}\n", e->out);
}

/* Does root reach one of xs[0 .. n - 1]? */
static bool reaches_any(Dag *dag, Node *root, Node *const *xs, int n)
{
	Node **order;
	size_t m = dag_schedule(dag, root, &order);
	for (size_t i = 0; i < m; i++)
		for (int k = 0; k < n; k++)
			if (order[i] == xs[k])
				return true;
	return false;
}

/* Writes every node under root that can be computed here (its index
 * levels are bound) and is not yet visible, operands first. */
void emit_scope(Em *e, Node *root)
{
	emit_scope_need(e, root, NULL);
}

/* Likewise, but only the nodes whose need[id] is set. */
void emit_scope_need(Em *e, Node *root, const char *need)
{
	/* A copy: the schedule's buffer is the dag's, which the loops below
	 * reuse for their own walks. */
	Node **sched;
	size_t n = dag_schedule_values(e->dag, root, &sched, true);
	Node **order = xrealloc(NULL, (n ? n : 1) * sizeof *order);
	memcpy(order, sched, n * sizeof *order);
	for (size_t i = 0; i < n; i++) {
		Node *x = order[i];
		if (emit_is_leaf(x) || visible(e, x) || (x->deps & ~e->bound) || (need && !need[x->id]) ||
		    (e->req && e->req[x->id] > e->reqmax))
			continue;
		if (dag_is_red(x->op)) {
			/* The later Sums that can be computed here and share x's
			 * range join its loop, after their index-free operands. */
			Node *group[PLAN_RED_MAX] = {x};
			int ng = 1;
			for (size_t j = i + 1; j < n && ng < PLAN_RED_MAX; j++) {
				Node *y = order[j];
				if (plan_joins(x, y) && !visible(e, y) && !(y->deps & ~e->bound) && (!need || need[y->id]) &&
				    (!e->req || e->req[y->id] <= e->reqmax) && !reaches_any(e->dag, y->kids[0], group, ng))
					group[ng++] = y;
			}
			for (int m = 1; m < ng; m++)
				emit_scope_need(e, group[m]->kids[0], need);
			emit_sums(e, group, ng);
			continue;
		}
		if (x->op == N_INDPOW || x->op == N_INDFACT)
			continue; /* set up by its loop */
		if (x->op == N_FALLBACK) {
			emit_fallback(e, x);
			continue;
		}
		ind(e);
		fprintf(e->out, "const %s t%d = ", x->type == TY_BOOL ? "int" : e->T, new_tmp(e, x));
		if (x->op == N_VREAD) {
			fprintf(e->out, "%s[", e->f->cargs[x->index]);
			index_text(e, x->level, x->off);
			fprintf(e->out, " * incel_%s]", e->f->cargs[x->index]);
		} else {
			emit_op(e->pr, x);
		}
		fputs(";\n", e->out);
	}
	free(order);
}
