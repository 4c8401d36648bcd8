/* emit_gu.c: gufuncs as m4 definitions: for each one its name, layout,
 * parameter and argument lists, the arrays its argument check reads, its
 * kernel's arguments, how its results are staged, and the definitions of
 * a shared reduction, around the bodies that emit_item.c writes. */
#include "emit_gu_priv.h"

/* The definitions of a shared reduction r (a split one, or a parallel
 * gufunc's index-free one): the number of accumulators, the operator,
 * the number of terms, the rows condition and the condition for groups
 * of neighbours (empty when never). */
static void emit_red_defs(Printer *pr, const GuPlan *gp, const Func *f, int i, const Red *r)
{
	FILE *out = pr->out;
	Dag *dag = pr->dag;
	const Gufunc *g = f->gu;
	const Node *sum = r->sum[0];
	fprintf(out, "m4_define([[sk_gu_redk_%d]], [[[[%d]]]])\n", i, r->n);
	fprintf(out, "m4_define([[sk_gu_redmul_%d]], [[[[%s]]]])\n", i, sum->op == N_PROD ? "true" : "false");
	/* The number of terms, for choosing threads per item. */
	fprintf(out, "m4_define([[sk_gu_redlen_%d]], [[[[", i);
	pr->f = f;
	Em le = {.pr = pr, .out = out, .dag = dag, .prog = pr->prog, .f = f, .g = g};
	fputc('(', out);
	emit_int_text(&le, sum->kids[2]);
	fputs(" - ", out);
	emit_int_text(&le, sum->kids[1]);
	fputs(" + 1)]]]])\n", out);
	/* Inputs in dense rows: threads of an item then read neighbours. */
	fprintf(out, "m4_define([[sk_gu_rowsin_%d]], [[[[", i);
	int nv = 0;
	for (int a = 0; a < f->nargs; a++)
		if (gp->reads[a])
			fprintf(out, "%sincel_%s == 1", nv++ ? " && " : "", f->cargs[a]);
	fputs(nv ? "]]]])\n" : "0]]]])\n", out);
	fprintf(out, "m4_define([[sk_gu_vec_%d]], [[[[", i);
	if (nv && gp->vec) {
		nv = 0;
		for (int a = 0; a < f->nargs; a++)
			if (gp->reads[a])
				fprintf(out, "%sincel_%s == 1 && (uintptr_t)(%s + _b * inc_%s) %% 16 == 0", nv++ ? " && " : "",
				        f->cargs[a], f->cargs[a], f->cargs[a]);
	}
	fputs("]]]])\n", out);
}

/* Item _b's row of array c and its element increment.  An array of a
 * run-time size may be NULL when that size is 0 (symkern(3)), and NULL
 * plus an offset is undefined: then the array itself is passed, and the
 * item reads none of it.  The test is on the size, not the pointer: the
 * argument check has refused NULL for every other size, and a static
 * analyser then never follows a NULL row into a loop of non-zero length.
 * size is NULL for a fixed size. */
static void emit_row(FILE *out, const char *c, const char *size)
{
	if (size)
		fprintf(out, "(%s ? %s + _b * inc_%s : %s), incel_%s", size, c, c, c, c);
	else
		fprintf(out, "%s + _b * inc_%s, incel_%s", c, c, c);
}

/* The per-item call's arguments for batch item _b: run-time sizes, inputs
 * (scalars by value, vectors as pointer and element increment), then the
 * results, in memory or (staged) in the block's shared memory. */
static void emit_callargs(FILE *out, const Func *f, bool staged)
{
	const Gufunc *g = f->gu;
	int np = 0;
	for (int d = 0; d < g->ndims; d++)
		if (g->dimsize[d] < 0)
			fprintf(out, "%s%s", np++ ? ", " : "", g->dimc[d]);
	for (int a = 0; a < f->nargs; a++) {
		const char *c = f->cargs[a];
		int d = g->argdim[a];
		fputs(np++ ? ", " : "", out);
		if (d < 0)
			fprintf(out, "%s[_b * inc_%s]", c, c);
		else
			emit_row(out, c, g->dimsize[d] < 0 ? g->dimc[d] : NULL);
	}
	for (int o = 0; o < g->nouts; o++) {
		const char *c = g->outc[o];
		fputs(np++ ? ", " : "", out);
		if (staged)
			fprintf(out, "_sm + %d * _osz + (ptrdiff_t)threadIdx.x * _ts, _te", o);
		else
			emit_row(out, c, g->dimsize[g->loopdim] < 0 ? g->dimc[g->loopdim] : NULL);
	}
}

/* The definitions of one gufunc, in one precision where it matters. */
static void emit_gu(Printer *pr, const GuPlan *gp, const EmitInfo *info, int i)
{
	FILE *out = pr->out;
	Dag *dag = pr->dag;
	const Program *prog = pr->prog;
	const Func *f = prog->gufuncs[i];
	const Gufunc *g = f->gu;
	char name[64];
	snprintf(name, sizeof name, "sk_gu_name_%d", i);
	emit_def(out, name, f->name);
	snprintf(name, sizeof name, "sk_gu_line_%d", i);
	emit_defi(out, name, f->loc.line);
	snprintf(name, sizeof name, "sk_gu_result_%d", i);
	emit_defi(out, name, g->loopdim < 0);
	/* 1 when the output length is a run-time size, which may be 0; a fixed
	 * size is at least 1 (parse_dim), so its test is left out. */
	snprintf(name, sizeof name, "sk_gu_outvar_%d", i);
	emit_defi(out, name, g->loopdim >= 0 && g->dimsize[g->loopdim] < 0);
	const Red *split = &gp->split;
	snprintf(name, sizeof name, "sk_gu_split_%d", i);
	emit_defi(out, name, split->n > 0);
	if (split->n)
		emit_red_defs(pr, gp, f, i, split);
	const Par par = gp->par;
	snprintf(name, sizeof name, "sk_gu_par_%d", i);
	emit_defi(out, name, par.kind);
	if (par.kind != PAR_NONE) {
		snprintf(name, sizeof name, "sk_gu_pre_%d", i);
		emit_defi(out, name, par.pre.n > 0);
		/* The scan's operator as a C++ template argument: is it *? */
		fprintf(out, "m4_define([[sk_gu_smul_%d]], [[[[%s]]]])\n", i, par.mul ? "true" : "false");
		if (par.pre.n)
			emit_red_defs(pr, gp, f, i, &par.pre);
	}
	/* The layout signature, as NumPy writes it: (n),()->(n). */
	fprintf(out, "m4_define([[sk_gu_sig_%d]], [[[[", i);
	for (int a = 0; a < f->nargs; a++)
		fprintf(out, "%s(%s)", a ? "," : "", g->argdim[a] >= 0 ? g->dimname[g->argdim[a]] : "");
	fputs("->", out);
	if (g->loopdim < 0)
		fputs("()", out);
	for (int o = 0; o < g->nouts; o++)
		fprintf(out, "%s(%s)", o ? "," : "", g->dimname[g->loopdim]);
	fputs("]]]])\n", out);
	/* The public parameters after batch as data, `kind:alias:name@...`
	 * (symkern.m4's sk_gu_params and sk_gu_kparams write the declarations):
	 * kind d a run-time size, a a scalar input, v a vector input, o the
	 * scalar result, w a vector result; alias 1 where the pointer may alias
	 * another, so that the kernels leave out its __restrict__: an input a
	 * result may overwrite in place, and then every result (with restrict
	 * the compiler may move a result's store above another result's load
	 * of that input: measured on an H200, an unrolled item wrote o0[k]
	 * before o3[k] read v3[k] there). */
	bool anyinplace = false;
	for (int a = 0; a < f->nargs; a++)
		anyinplace |= gp->inplace[a];
	fprintf(out, "m4_define([[sk_gu_pars_%d]], [[[[", i);
	int npar = 0;
	for (int d = 0; d < g->ndims; d++)
		if (g->dimsize[d] < 0)
			fprintf(out, "%sd:0:%s", npar++ ? "@" : "", g->dimc[d]);
	for (int a = 0; a < f->nargs; a++)
		fprintf(out, "%s%c:%d:%s", npar++ ? "@" : "", g->argdim[a] >= 0 ? 'v' : 'a', gp->inplace[a], f->cargs[a]);
	if (g->loopdim < 0)
		fprintf(out, "%so:%d:out", npar++ ? "@" : "", anyinplace);
	for (int o = 0; o < g->nouts; o++)
		fprintf(out, "%sw:%d:%s", npar++ ? "@" : "", anyinplace, g->outc[o]);
	fputs("]]]])\n", out);
	/* The item function's parameters and body, in each precision. */
	for (int p = 0; p < 2; p++) {
		bool f32 = p == 1;
		if (!(f32 ? info->f32 : info->f64))
			continue;
		const char *T = f32 ? "float" : "double", *P = f32 ? "f32" : "f64";
		fprintf(out, "m4_define([[sk_gu_iparams_%d_%s]], [[[[", i, P);
		int np = 0;
		for (int d = 0; d < g->ndims; d++)
			if (g->dimsize[d] < 0)
				fprintf(out, "%ssize_t %s", np++ ? ", " : "", g->dimc[d]);
		for (int a = 0; a < f->nargs; a++) {
			if (g->argdim[a] >= 0)
				fprintf(out, "%sconst %s *%s, ptrdiff_t incel_%s", np++ ? ", " : "", T, f->cargs[a], f->cargs[a]);
			else
				fprintf(out, "%s%s %s", np++ ? ", " : "", T, f->cargs[a]);
		}
		for (int o = 0; o < g->nouts; o++)
			fprintf(out, "%s%s *%s, ptrdiff_t incel_%s", np++ ? ", " : "", T, g->outc[o], g->outc[o]);
		if (!np)
			fputs("void", out);
		fputs("]]]])\n", out);
		fprintf(out, "m4_define([[sk_gu_body_%d_%s]], [[[[", i, P);
		pr->f = f;
		pr->f32 = f32;
		Em e = {.pr = pr, .plan = gp, .out = out, .dag = dag, .prog = prog, .f = f, .g = g, .f32 = f32,
		        .fast = info->fast_math, .T = T};
		emit_item_body(&e);
		fputs("]]]])\n", out);
		if (par.kind != PAR_NONE) {
			fprintf(out, "m4_define([[sk_gu_rbody_%d_%s]], [[[[", i, P);
			emit_range_body(&e, &par);
			fputs("]]]])\n", out);
		}
		if (par.kind == PAR_SCAN) {
			fprintf(out, "m4_define([[sk_gu_tbody_%d_%s]], [[[[", i, P);
			emit_total_body(&e, &par);
			fputs("]]]])\n", out);
		}
		if (par.pre.n) {
			fprintf(out, "m4_define([[sk_gu_pbody_%d_%s]], [[[[", i, P);
			emit_split_body(&e, &par.pre, 0);
			fputs("]]]])\n", out);
		}
		if (split->n) {
			fprintf(out, "m4_define([[sk_gu_pbody_%d_%s]], [[[[", i, P);
			emit_split_body(&e, split, 0);
			fprintf(out, "]]]])\nm4_define([[sk_gu_fbody_%d_%s]], [[[[", i, P);
			emit_split_body(&e, split, 1);
			fputs("]]]])\n", out);
		}
	}
	/* The item call for batch item _b (a ptrdiff_t). */
	fprintf(out, "m4_define([[sk_gu_callargs_%d]], [[[[", i);
	emit_callargs(out, f, false);
	fputs("]]]])\n", out);
	/* The arrays for the argument check: {pointer, inc_batch, inc_elem,
	 * elements, role}, the role 1 for an output, 2 for an input that an
	 * output may overwrite exactly in place, else 0; and the names of
	 * those inputs, for the header's comment. */
	fprintf(out, "m4_define([[sk_gu_arrays_%d]], [[[[", i);
	bool *inplace = arena_alloc(dag->arena, (size_t)(f->nargs ? f->nargs : 1) * sizeof *inplace);
	for (int a = 0; a < f->nargs; a++) {
		const char *c = f->cargs[a];
		int d = g->argdim[a];
		inplace[a] = gp->inplace[a];
		if (d < 0)
			fprintf(out, "{%s, inc_%s, 0, 1, %d}, ", c, c, inplace[a] ? 2 : 0);
		else if (g->dimsize[d] >= 0)
			fprintf(out, "{%s, inc_%s, incel_%s, %ld, %d}, ", c, c, c, g->dimsize[d], inplace[a] ? 2 : 0);
		else
			fprintf(out, "{%s, inc_%s, incel_%s, %s, %d}, ", c, c, c, g->dimc[d], inplace[a] ? 2 : 0);
	}
	if (g->loopdim < 0)
		fputs("{out, inc_out, 0, 1, 1}, ", out);
	for (int o = 0; o < g->nouts; o++) {
		const char *c = g->outc[o];
		if (g->dimsize[g->loopdim] >= 0)
			fprintf(out, "{%s, inc_%s, incel_%s, %ld, 1}, ", c, c, c, g->dimsize[g->loopdim]);
		else
			fprintf(out, "{%s, inc_%s, incel_%s, %s, 1}, ", c, c, c, g->dimc[g->loopdim]);
	}
	fputs("]]]])\n", out);
	fprintf(out, "m4_define([[sk_gu_inplace_%d]], [[[[", i);
	int ni = 0;
	for (int a = 0; a < f->nargs; a++)
		if (inplace[a])
			fprintf(out, "%s%s", ni++ ? ", " : "", f->args[a]);
	fputs(ni ? "]]]])\n" : "none]]]])\n", out);
	emit_defi(out, (snprintf(name, sizeof name, "sk_gu_narrays_%d", i), name),
	          f->nargs + (g->loopdim < 0 ? 1 : g->nouts));
	/* The kernel's parameters by name, in order, as data (`batch@n@x@...`):
	 * symkern.m4 writes the arguments for cudaLaunchKernel from them. */
	fprintf(out, "m4_define([[sk_gu_kargs_%d]], [[[[batch", i);
	for (int d = 0; d < g->ndims; d++)
		if (g->dimsize[d] < 0)
			fprintf(out, "@%s", g->dimc[d]);
	for (int a = 0; a < f->nargs; a++) {
		fprintf(out, "@%s@inc_%s", f->cargs[a], f->cargs[a]);
		if (g->argdim[a] >= 0)
			fprintf(out, "@incel_%s", f->cargs[a]);
	}
	if (g->loopdim < 0)
		fputs("@out@inc_out", out);
	for (int o = 0; o < g->nouts; o++)
		fprintf(out, "@%s@inc_%s@incel_%s", g->outc[o], g->outc[o], g->outc[o]);
	fputs("]]]])\n", out);
	/* The row-staged GPU kernel (outputs written to shared memory, then
	 * copied out as contiguous rows): its item call, its copy-out, and the
	 * condition on the increments under which it applies. */
	if (g->loopdim < 0)
		fprintf(out, "m4_define([[sk_gu_loopdim_%d]], [[]])\n", i);
	if (g->loopdim >= 0) {
		char fixed[24]; /* a fixed size's digits; a run-time size's name is printed whole */
		const char *len = g->dimc[g->loopdim];
		if (g->dimsize[g->loopdim] >= 0) {
			snprintf(fixed, sizeof fixed, "%ld", g->dimsize[g->loopdim]);
			len = fixed;
		}
		emit_defi(out, (snprintf(name, sizeof name, "sk_gu_nouts_%d", i), name), g->nouts);
		fprintf(out, "m4_define([[sk_gu_loopdim_%d]], [[[[%s]]]])\n", i,
		        g->dimsize[g->loopdim] >= 0 ? "" : g->dimc[g->loopdim]);
		fprintf(out, "m4_define([[sk_gu_outlen_%d]], [[[[(size_t)%s]]]])\n", i, len);
		fprintf(out, "m4_define([[sk_gu_scallargs_%d]], [[[[", i);
		emit_callargs(out, f, true);
		fputs("]]]])\n", out);
		/* The results as data, `0:name@1:name...`, and their length as
		 * written (a fixed size's digits or a size's name): the templates
		 * write the staging and its conditions (sk_gu_each_out). */
		fprintf(out, "m4_define([[sk_gu_outs_%d]], [[[[", i);
		for (int o = 0; o < g->nouts; o++)
			fprintf(out, "%s%d:%s", o ? "@" : "", o, g->outc[o]);
		fprintf(out, "]]]])\nm4_define([[sk_gu_len_%d]], [[[[%s]]]])\n", i, len);
	}
	/* Elements one item touches, to decide when threads pay off. */
	fprintf(out, "m4_define([[sk_gu_work_%d]], [[[[(size_t)1", i);
	for (int d = 0; d < g->ndims; d++)
		if (g->dimsize[d] < 0)
			fprintf(out, " + %s", g->dimc[d]);
		else
			fprintf(out, " + %ld", g->dimsize[d]);
	fputs("]]]])\n", out);
}

void emit_gu_defs(Printer *pr, const Plan *plan, const EmitInfo *info)
{
	FILE *out = pr->out;
	const Program *prog = pr->prog;
	emit_defi(out, "sk_ngu", prog->ngufuncs);
	fputs("m4_define([[sk__each_gu_do]], [[", out);
	for (int i = 0; i < prog->ngufuncs; i++)
		fprintf(out, "m4_define([[sk_i]], [[%d]])$1[[]]", i);
	fputs("]])\n", out);
	for (int i = 0; i < prog->ngufuncs; i++)
		emit_gu(pr, &plan->gu[i], info, i);
}
