/* emit_gu.c: gufuncs as m4 definitions: for each one its name, layout,
 * parameter and argument lists, the arrays its argument check reads, its
 * kernel's arguments, how its results are staged, and the definitions of
 * a shared reduction, around the bodies that emit_item.c writes. */
#include "emit_gu_priv.h"

/* The arguments a with which[a], each as fmt with every %s its name
 * (names[a]), separated by sep; their number. */
static int put_args(FILE *out, const Func *f, const bool *which, const char *const *names, const char *fmt, const char *sep)
{
	int n = 0;
	for (int a = 0; a < f->nargs; a++)
		if (which[a]) {
			fputs(n++ ? sep : "", out);
			fprintf(out, fmt, names[a], names[a], names[a]);
		}
	return n;
}

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
	emit_range_text(&le, "(@1 - @0 + 1)", 0, sum->kids[1], sum->kids[2]);
	fputs("]]]])\n", out);
	/* Inputs in dense rows: threads of an item then read neighbours. */
	fprintf(out, "m4_define([[sk_gu_rowsin_%d]], [[[[", i);
	int nv = put_args(out, f, gp->reads, f->cargs, "incel_%s == 1", " && ");
	fputs(nv ? "]]]])\n" : "0]]]])\n", out);
	fprintf(out, "m4_define([[sk_gu_vec_%d]], [[[[", i);
	if (nv && gp->vec)
		put_args(out, f, gp->reads, f->cargs, "incel_%s == 1 && (uintptr_t)(%s + _b * inc_%s) %% 16 == 0", " && ");
	fputs("]]]])\n", out);
}

/* Core dimension d's length as written: a fixed size's digits or a
 * run-time size's name. */
static void dim_len(FILE *out, const Gufunc *g, int d)
{
	if (g->dimsize[d] >= 0)
		fprintf(out, "%ld", g->dimsize[d]);
	else
		fputs(g->dimc[d], out);
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
	/* The public parameters after batch as data, `kind:alias:name:len:out@...`
	 * (symkern.m4 writes from them the declarations, the per-item
	 * function's parameters and call, and the argument check's arrays):
	 * kind d a run-time size, a a scalar input, v a vector input, o the
	 * scalar result, w a vector result; len a vector's length as written
	 * (empty for d, a, o); out a vector result's number from 0 (else
	 * empty); alias 1 where the pointer may alias
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
			fprintf(out, "%sd:0:%s::", npar++ ? "@" : "", g->dimc[d]);
	for (int a = 0; a < f->nargs; a++) {
		int d = g->argdim[a];
		fprintf(out, "%s%c:%d:%s:", npar++ ? "@" : "", d >= 0 ? 'v' : 'a', gp->inplace[a], f->cargs[a]);
		if (d >= 0)
			dim_len(out, g, d);
		fputc(':', out);
	}
	if (g->loopdim < 0)
		fprintf(out, "%so:%d:out::", npar++ ? "@" : "", anyinplace);
	for (int o = 0; o < g->nouts; o++) {
		fprintf(out, "%sw:%d:%s:", npar++ ? "@" : "", anyinplace, g->outc[o]);
		dim_len(out, g, g->loopdim);
		fprintf(out, ":%d", o);
	}
	fputs("]]]])\n", out);
	/* The core dimensions' lengths (sk_gu_work). */
	fprintf(out, "m4_define([[sk_gu_dims_%d]], [[[[", i);
	for (int d = 0; d < g->ndims; d++) {
		fputs(d ? "@" : "", out);
		dim_len(out, g, d);
	}
	fputs("]]]])\n", out);
	/* The item function's parameters and body, in each precision. */
	for (int p = 0; p < 2; p++) {
		bool f32 = p == 1;
		if (!(f32 ? info->f32 : info->f64))
			continue;
		const char *T = f32 ? "float" : "double", *P = f32 ? "f32" : "f64";
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
	/* The names of the inputs a result may overwrite in place, for the
	 * header's comment. */
	fprintf(out, "m4_define([[sk_gu_inplace_%d]], [[[[", i);
	fputs(put_args(out, f, gp->inplace, f->args, "%s", ", ") ? "]]]])\n" : "none]]]])\n", out);
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
		/* The results as data, `0:name@1:name...`, and their length as
		 * written (a fixed size's digits or a size's name): the templates
		 * write the staging and its conditions (sk_gu_each_out). */
		fprintf(out, "m4_define([[sk_gu_outs_%d]], [[[[", i);
		for (int o = 0; o < g->nouts; o++)
			fprintf(out, "%s%d:%s", o ? "@" : "", o, g->outc[o]);
		fprintf(out, "]]]])\nm4_define([[sk_gu_len_%d]], [[[[%s]]]])\n", i, len);
	}
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
