/* emit.c: see emit.h. */
#include "emit.h"

#include <math.h>
#include <string.h>

static void grow(Printer *p, const Node *x)
{
	if ((size_t)x->id < p->cap)
		return;
	size_t cap = ((size_t)p->dag->next_id > (size_t)x->id ? (size_t)p->dag->next_id : (size_t)x->id + 1) * 2;
	p->tmp = arena_grow(p->dag->arena, p->tmp, p->cap, cap, sizeof *p->tmp);
	p->scope = arena_grow(p->dag->arena, p->scope, p->cap, cap, sizeof *p->scope);
	p->cap = cap;
}

int *emit_tmp(Printer *p, const Node *x)
{
	grow(p, x);
	return &p->tmp[x->id];
}

unsigned *emit_scope_of(Printer *p, const Node *x)
{
	grow(p, x);
	return &p->scope[x->id];
}

void emit_operand(Printer *p, const Node *n)
{
	FILE *out = p->out;
	const Func *f = p->f;
	bool f32 = p->f32;
	const char *T = f32 ? "float" : "double";
	char buf[64]; /* a literal: num_literal's longest is under 40 bytes */
	switch (n->op) {
	case N_CONST:
		if (n->type == TY_BOOL)
			fputs(n->val.p ? "1" : "0", out);
		else
			fputs(num_literal(buf, sizeof buf, n->val, f32), out);
		return;
	case N_NAN:
		fputs(f32 ? "NAN" : "(double)NAN", out);
		return;
	case N_SCALE:
		fputs(num_literal(buf, sizeof buf, num_real(ldexpl(1.0L, f32 ? n->index : (int)n->off)), f32), out);
		return;
	case N_ARG:
		fputs(f->cargs[n->index], out);
		return;
	case N_DIM:
		fprintf(out, "(%s)%s", T, f->gu->dimc[n->index]);
		return;
	case N_INDEX:
		if (n->level == 0)
			fprintf(out, "(%s)_k", T);
		else
			fprintf(out, "(%s)_j%d", T, n->level);
		return;
	case N_SEQ:
		fprintf(out, "_q%d_%ld", n->index, n->off);
		return;
	default:
		fprintf(out, "t%d", *emit_tmp(p, n));
		return;
	}
}

static const char *const binop[] = {
	[N_ADD] = "+", [N_SUB] = "-", [N_MUL] = "*", [N_DIV] = "/", [N_LT] = "<", [N_LE] = "<=",
	[N_GT] = ">", [N_GE] = ">=", [N_EQ] = "==", [N_NE] = "!=", [N_AND] = "&&", [N_OR] = "||",
};

/* With --fast-math, float calls that CUDA has a fast intrinsic for go
 * through NAME_fast_<fn>f, which the header maps to __<fn>f in device code
 * and to the libm function on the host. */
static bool has_fast_intrinsic(MathFn fn)
{
	return fn == MF_EXP || fn == MF_LOG || fn == MF_SIN || fn == MF_COS || fn == MF_TAN ||
	       fn == MF_POW || fn == MF_LOG2 || fn == MF_LOG10;
}

bool emit_is_leaf(const Node *x)
{
	return x->op == N_CONST || x->op == N_NAN || x->op == N_SCALE || x->op == N_ARG || x->op == N_DIM ||
	       x->op == N_INDEX || x->op == N_SEQ;
}

void emit_op(Printer *p, const Node *x)
{
	FILE *out = p->out;
	const Program *prog = p->prog;
	bool f32 = p->f32, fast = p->fast;
	switch (x->op) {
	case N_NEG:
	case N_NOT:
		fputc(x->op == N_NEG ? '-' : '!', out);
		emit_operand(p, x->kids[0]);
		break;
	case N_SELECT:
		emit_operand(p, x->kids[0]);
		fputs(" ? ", out);
		emit_operand(p, x->kids[1]);
		fputs(" : ", out);
		emit_operand(p, x->kids[2]);
		break;
	case N_CALL:
	case N_UCALL:
		if (x->op == N_CALL && f32 && fast && has_fast_intrinsic(x->fn))
			fprintf(out, "%s_fast_%sf(", prog->lib, mathfn_info[x->fn].cname);
		else if (x->op == N_CALL && !f32 && x->fn == MF_CBRT)
			fprintf(out, "%s_priv_cbrt(", prog->lib); /* corrected on the host: the header */
		else if (x->op == N_CALL && mathfn_info[x->fn].runtime) /* the header's */
			fprintf(out, "%s_priv_%s%s(", prog->lib, mathfn_info[x->fn].cname, f32 ? "f" : "");
		else if (x->op == N_CALL)
			fprintf(out, "%s%s(", mathfn_info[x->fn].cname, f32 ? "f" : "");
		else
			fprintf(out, "%s_%s_%s(", prog->lib, x->func->name, f32 ? "f32" : "f64");
		for (int j = 0; j < x->nkids; j++) {
			if (j)
				fputs(", ", out);
			emit_operand(p, x->kids[j]);
		}
		fputc(')', out);
		break;
	default:
		emit_operand(p, x->kids[0]);
		fprintf(out, " %s ", binop[x->op]);
		emit_operand(p, x->kids[1]);
		break;
	}
}

void emit_body(Printer *p)
{
	const Func *f = p->f;
	FILE *out = p->out;
	Node **order;
	size_t n = dag_schedule(p->dag, f->root, &order);
	const char *T = p->f32 ? "float" : "double";
	int tmp = 0;
	for (int i = 0; i < f->nargs; i++) /* unused arguments stay in the signature */
		if (!f->used[i])
			fprintf(out, "\t(void)%s;\n", f->cargs[i]);
	for (size_t i = 0; i < n; i++) {
		Node *x = order[i];
		if (emit_is_leaf(x))
			continue;
		*emit_tmp(p, x) = ++tmp;
		fprintf(out, "\tconst %s t%d = ", x->type == TY_BOOL ? "int" : T, tmp);
		emit_op(p, x);
		fputs(";\n", out);
	}
	fputs("\treturn ", out);
	emit_operand(p, f->root);
	fputc(';', out);
}

void emit_def(FILE *out, const char *name, const char *value)
{
	fprintf(out, "m4_define([[%s]], [[[[%s]]]])\n", name, value);
}

void emit_defi(FILE *out, const char *name, long value)
{
	fprintf(out, "m4_define([[%s]], [[%ld]])\n", name, value);
}

/* The functions device code calls instead of inlining (plan.h): sk_noinline
 * is `$1(I)` for each such map function I, sk_nnoinline their count. */
static void emit_noinline(FILE *out, const Program *prog, const Plan *plan)
{
	fputs("m4_define([[sk_noinline]], [[", out);
	for (int i = 0; i < prog->nfuncs; i++)
		if (plan->noinline[i])
			fprintf(out, "$1([[%d]])", i);
	fputs("]])\n", out);
	emit_defi(out, "sk_nnoinline", plan->nnoinline);
}

void emit_defs(FILE *out, Dag *dag, const Program *prog, const Plan *plan, const EmitInfo *info)
{
	char up[128];
	size_t l = strlen(info->lib);
	for (size_t i = 0; i <= l && i < sizeof up; i++)
		up[i] = (char)(info->lib[i] >= 'a' && info->lib[i] <= 'z' ? info->lib[i] - 32 : info->lib[i]);
	fputs("m4_divert(-1)\n", out);
	emit_def(out, "sk_lib", info->lib);
	emit_def(out, "sk_LIB", up);
	emit_def(out, "sk_version", info->version);
	emit_def(out, "sk_input", info->input);
	emit_def(out, "sk_input_sha256", info->sha256);
	emit_def(out, "sk_command", info->command);
	emit_defi(out, "sk_want_f64", info->f64);
	emit_defi(out, "sk_want_f32", info->f32);
	emit_defi(out, "sk_fast_math", info->fast_math);
	emit_defi(out, "sk_nfn", prog->nfuncs);
	emit_defi(out, "sk_special", plan->special);
	/* Each function's values other than its bodies are only in
	 * sk__each_fn_do below (symkern.m4's accessors find them there): a
	 * definition each made m4 read 10^4 functions noticeably slower. */
	Printer pr = {.out = out, .dag = dag, .prog = prog, .fast = info->fast_math};
	for (int i = 0; i < prog->nfuncs; i++)
		for (int p = 0; p < 2; p++) {
			if (!(p ? info->f32 : info->f64))
				continue;
			fprintf(out, "m4_define([[sk_fn_body_%d_%s]], [[[[", i, p ? "f32" : "f64");
			pr.f = prog->funcs[i];
			pr.f32 = p;
			emit_body(&pr);
			fputs("]]]])\n", out);
		}
	/* The shapes, the argument counts the functions have, with how many
	 * have each: sk_each_fn expands its text once per shape of two or more
	 * functions, into sk__inst_K, with markers for
	 * the values (symkern.m4's sk__mark): 1 to 7 the index, name, line,
	 * operations, number of arguments and the two lists below, then the
	 * arguments' C spellings, then their names as written. */
	int shape[PARSE_MAX_ARGS + 1] = {0}; /* how many functions have k arguments */
	for (int i = 0; i < prog->nfuncs; i++)
		shape[prog->funcs[i]->nargs]++;
	fputs("m4_define([[sk__shapes]], [[", out);
	for (int k = 0; k <= PARSE_MAX_ARGS; k++)
		if (shape[k])
			fprintf(out, "$1([[%d]], [[%d]])", k, shape[k]);
	fputs("]])\n", out);
	for (int k = 0; k <= PARSE_MAX_ARGS; k++) {
		if (!shape[k])
			continue;
		static const char *const list[] = {"argl", "argnl", "argi"};
		for (int li = 0; li < 3; li++) {
			fprintf(out, "m4_define([[sk__shape_%s_%d]], [[", list[li], k);
			for (int j = 0; j < k; j++) {
				if (li == 2)
					fprintf(out, "%s%d", j ? "@" : "", j);
				else
					fprintf(out, "%ssk__mark(%d)", j ? "@" : "", 8 + li * k + j);
			}
			fputs("]])\n", out);
		}
	}
	/* sk__each_fn_do: a flat list, one call of the compiled text a function
	 * with its values (a recursive m4 loop would copy the loop body several
	 * times at each of up to 10^4 steps). */
	fputs("m4_define([[sk__each_fn_do]], [[", out);
	for (int i = 0; i < prog->nfuncs; i++) {
		const Func *f = prog->funcs[i];
		/* The lists with '@' between items (a byte no template pattern
		 * holds), for sk_args and the like to map over with one m4_patsubst,
		 * then the items one by one, for the markers. */
		fprintf(out, "sk__inst_%d([[%d]], [[%s]], [[%d]], [[%ld]], [[%d]], [[", f->nargs, i, f->name,
		        f->loc.line, (long)dag_count_ops(dag, f->root), f->nargs);
		for (int j = 0; j < f->nargs; j++)
			fprintf(out, "%s%s", j ? "@" : "", f->cargs[j]);
		fputs("]], [[", out);
		for (int j = 0; j < f->nargs; j++)
			fprintf(out, "%s%s", j ? "@" : "", f->args[j]);
		fputs("]]", out);
		for (int j = 0; j < f->nargs; j++)
			fprintf(out, ", [[%s]]", f->cargs[j]);
		for (int j = 0; j < f->nargs; j++)
			fprintf(out, ", [[%s]]", f->args[j]);
		fputs(")", out);
	}
	fputs("]])\n", out);
	emit_noinline(out, prog, plan);
	emit_gu_defs(&pr, plan, info);
	fputs("m4_divert(0)m4_dnl\n", out);
}
