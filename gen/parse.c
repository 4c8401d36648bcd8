/* parse.c: the .sym grammar's top rules, each with its EBNF: a program,
 * its definitions and their parameters; the reports every grammar file
 * makes (parse_priv.h lists the parser's files) and the operands it
 * records for the check of types (ps_want), and the calls of names not
 * defined above, reported once every name is known.
 * Errors are reported where found; the definition is then abandoned and
 * parsing resumes at the next definition, so all errors of a file are
 * reported. */
#include "parse_priv.h"

#include <string.h>

void ps_error_at_tok(Parser *p, const char *expected)
{
	if (p->tok.kind == T_ERROR)
		return; /* the lexer has said what is wrong */
	if (p->tok.kind == T_NAME || p->tok.kind == T_NUMBER) {
		char q[64];
		diag_error(p->diag, p->tok.loc, "expected %s, saw '%s'", expected,
		           diag_quote(q, sizeof q, p->tok.text, p->tok.len));
	} else {
		diag_error(p->diag, p->tok.loc, "expected %s, saw %s", expected, tok_name(p->tok.kind));
	}
}

/* Consumes a token of kind k or reports what was expected.  For ')' the
 * message names where the parenthesis opened. */
bool ps_expect(Parser *p, TokKind k, const char *what, Loc open)
{
	if (p->tok.kind == k) {
		next(p);
		return true;
	}
	if (k == T_RPAREN && p->tok.kind != T_ERROR) {
		char q[64];
		const char *saw = p->tok.kind == T_NAME || p->tok.kind == T_NUMBER
		                      ? diag_quote(q, sizeof q, p->tok.text, p->tok.len)
		                      : tok_name(p->tok.kind);
		diag_error(p->diag, p->tok.loc, "expected ')' to close '(' at %d:%d, saw %s%s%s",
		           open.line, open.col, p->tok.kind == T_NAME || p->tok.kind == T_NUMBER ? "'" : "",
		           saw, p->tok.kind == T_NAME || p->tok.kind == T_NUMBER ? "'" : "");
		return false;
	}
	ps_error_at_tok(p, what);
	return false;
}

void ps_want(Parser *p, const Node *n, Type want, Loc at, const char *what)
{
	Program *g = p->prog;
	g->uses = arena_room(p->arena, g->uses, g->nuses, sizeof *g->uses);
	g->uses[g->nuses++] = (TypeUse){n, want, what ? arena_strndup(p->arena, what, strlen(what)) : NULL, at, p->cur};
}

/* params = param { ',' param }   (inside the definition's parentheses)
 * param  = NAME [ '[' dim ']' ] */
static bool parse_params(Parser *p, Func *f)
{
	int *dims = NULL; /* each argument's core dimension, or -1 */
	p->pdims = NULL;
	if (p->tok.kind == T_RPAREN)
		return true;
	for (;;) {
		if (p->tok.kind != T_NAME) {
			ps_error_at_tok(p, "an argument name");
			return false;
		}
		char *s = tok_str(p, p->tok);
		if (ps_find_arg(p, s) >= 0) {
			diag_error(p->diag, p->tok.loc, "duplicate argument '%s'", s);
			return false;
		}
		if (ps_find_dim(f->gu, s) >= 0) {
			diag_error(p->diag, p->tok.loc, "'%s' is already a size and cannot be an argument", s);
			return false;
		}
		if (f->nargs == PARSE_MAX_ARGS) {
			diag_error(p->diag, p->tok.loc, "more than %d arguments", PARSE_MAX_ARGS);
			return false;
		}
		size_t n = (size_t)f->nargs;
		f->args = arena_room(p->arena, f->args, n, sizeof *f->args);
		f->argloc = arena_room(p->arena, f->argloc, n, sizeof *f->argloc);
		dims = arena_room(p->arena, dims, n, sizeof *dims);
		f->argloc[f->nargs] = p->tok.loc;
		dims[f->nargs] = -1;
		ps_map_put(p->arena, &p->args, s, f->nargs);
		ps_note_shadow(p, p->tok.loc, s, "the argument", "in this definition");
		f->args[f->nargs++] = s;
		next(p);
		if (p->tok.kind == T_LBRACKET) {
			Loc open = p->tok.loc;
			next(p);
			if ((dims[f->nargs - 1] = parse_dim(p, f)) < 0 || !ps_expect(p, T_RBRACKET, "']'", open))
				return false;
		}
		p->pdims = dims;
		if (p->tok.kind != T_COMMA)
			return true;
		next(p);
	}
}

/* The parameters of f's kernels must fit in what CUDA allows (gufunc.h
 * has the count of bytes, from templates/kernels.cu.m4). */
static bool kernel_params_fit(Parser *p, const Func *f)
{
	long bytes = func_kernel_param_bytes(f);
	if (bytes <= KERNEL_PARAMS_MAX)
		return true;
	if (!f->gu)
		diag_error(p->diag, f->loc, "'%s' has %d arguments: its CUDA kernels would take %ld bytes of "
		           "parameters (24 + 16 per argument), more than the %d that CUDA allows; at most %d "
		           "arguments (symkern(5), LIMITS)", f->name, f->nargs, bytes, KERNEL_PARAMS_MAX,
		           (KERNEL_PARAMS_MAX - 24) / 16);
	else
		diag_error(p->diag, f->loc, "'%s' has too many arguments and results: its CUDA kernels would "
		           "take %ld bytes of parameters, more than the %d that CUDA allows (symkern(5), LIMITS)",
		           f->name, bytes, KERNEL_PARAMS_MAX);
	return false;
}

/* definition = NAME '(' [ params ] ')' ( '=' expr | '->' outputs body ) ( NEWLINE | EOF ) */
static bool parse_definition(Parser *p)
{
	Token name = p->tok;
	char *s = tok_str(p, name);
	Func *f = arena_alloc(p->arena, sizeof *f);
	f->name = s;
	f->loc = name.loc;
	f->index = (int)p->nall; /* unique: hashed into its nodes */
	p->cur = f;
	ps_map_reset(&p->args);
	ps_map_reset(&p->seqs);
	next(p);
	Func *old = ps_find_func(p, s);
	/* ps_scan_definitions misses a definition only after an error that its
	 * lexing did not recover from (a parenthesis left open above): shadow
	 * from here on. */
	if (builtin_lookup(s) && ps_map_get(&p->defined, s) < 0)
		ps_map_put(p->arena, &p->defined, s, 0);
	if (old) {
		diag_error(p->diag, name.loc, "redefinition of '%s' (first defined at %d:%d)", s,
		           old->loc.line, old->loc.col);
		return false;
	}
	ps_note_shadow(p, name.loc, s, "the function", "in this whole file");
	Loc open = p->tok.loc;
	if (!ps_expect(p, T_LPAREN, "'(' after the function name", open) || !parse_params(p, f) ||
	    !ps_expect(p, T_RPAREN, "')' or ','", open))
		return false;
	int *dims = p->pdims;
	bool arrow = p->tok.kind == T_ARROW;
	if (arrow) {
		next(p);
		if (!parse_outputs(p, f))
			return false;
	} else if (!ps_expect(p, T_ASSIGN, f->gu ? "'='" : "'=' or '->'", open)) {
		return false;
	}
	f->used = arena_alloc(p->arena, (size_t)(f->nargs ? f->nargs : 1));
	if (f->gu) {
		f->gu->argdim = arena_alloc(p->arena, (size_t)(f->nargs ? f->nargs : 1) * sizeof(int));
		for (int i = 0; i < f->nargs; i++)
			f->gu->argdim[i] = dims ? dims[i] : -1;
		if (!arrow)
			f->gu->loopdim = -1;
	}
	if (arrow) {
		if (!parse_body(p, f))
			return false;
	} else {
		Loc at = p->tok.loc;
		Node *e = parse_line_expr(p, "the definition");
		if (!e)
			return false;
		ps_want(p, e, TY_REAL, at, NULL);
		f->root = e;
	}
	if (!kernel_params_fit(p, f))
		return false;
	ps_add_func(p, f);
	return true;
}

/* Remembers a definition that failed under a name not defined before,
 * with the pending call that stopped it, if that is what did. */
static void add_failed(Parser *p, const Func *f)
{
	if (!f || ps_find_func(p, f->name) || ps_map_get(&p->failmap, f->name) >= 0)
		return;
	long call = p->npending && p->pending[p->npending - 1].caller == f ? (long)p->npending - 1 : -1;
	p->failed = arena_room(p->arena, p->failed, p->nfailed, sizeof *p->failed);
	p->failed[p->nfailed] = (Failed){.f = f, .call = call, .next = -1};
	ps_map_put(p->arena, &p->failmap, f->name, (long)p->nfailed++);
}

/* Each failed definition's call leads to at most one other (`next`), so
 * they form chains that may end in a cycle: mark the definitions on
 * cycles with the cycle's length.  Linear: each is walked once. */
static void find_cycles(Parser *p)
{
	for (size_t i = 0; i < p->nfailed; i++) {
		Failed *x = &p->failed[i];
		if (x->call >= 0 && !ps_find_func(p, p->pending[x->call].name))
			x->next = ps_map_get(&p->failmap, p->pending[x->call].name);
	}
	for (size_t i = 0; i < p->nfailed; i++) {
		long j = (long)i;
		unsigned walk = (unsigned)i + 1;
		while (j >= 0 && !p->failed[j].walk) {
			p->failed[j].walk = walk;
			j = p->failed[j].next;
		}
		if (j < 0 || p->failed[j].walk != walk)
			continue; /* an end, or a part walked before */
		long len = 1;
		for (long k = p->failed[j].next; k != j; k = p->failed[k].next)
			len++;
		p->failed[j].cycle = len;
		for (long k = p->failed[j].next; k != j; k = p->failed[k].next)
			p->failed[k].cycle = len;
	}
}

/* A call of callee, a failed definition, from c->caller. */
static void report_failed_call(Parser *p, const Pending *c, const Failed *x)
{
	const char *g = x->f->name, *f = c->caller->name;
	const char *through = x->cycle > 2 ? ", through other functions" : "";
	bool below = x->f->loc.off > c->caller->loc.off;
	long ci = ps_map_get(&p->failmap, f);
	bool cyclic = ci >= 0 && p->failed[ci].cycle > 0 && x->cycle > 0;
	if (cyclic && below)
		diag_error(p->diag, c->loc,
		           "'%s' is called before it is defined (at line %d), and '%s' calls '%s'%s: "
		           "recursion is not supported",
		           g, x->f->loc.line, g, f, through);
	else if (cyclic)
		diag_error(p->diag, c->loc,
		           "'%s' (line %d) is not defined: it calls '%s' before '%s' is defined; '%s' and '%s' "
		           "call each other%s, and recursion is not supported",
		           g, x->f->loc.line, p->pending[x->call].name, p->pending[x->call].name, g, f, through);
	else if (below)
		diag_error(p->diag, c->loc,
		           "'%s' is defined below, at line %d: a function may call only functions defined "
		           "above it (so no recursion)",
		           g, x->f->loc.line);
	else if (x->call >= 0)
		diag_error(p->diag, c->loc,
		           "'%s' (line %d) is not defined: it calls '%s', which is not defined above it", g,
		           x->f->loc.line, p->pending[x->call].name);
	else
		diag_error(p->diag, c->loc, "'%s' is not defined: its definition at line %d has an error", g,
		           x->f->loc.line);
}

/* The calls of names not defined above, now that every name is known. */
static void report_pending(Parser *p)
{
	find_cycles(p);
	for (size_t i = 0; i < p->npending; i++) {
		const Pending *c = &p->pending[i];
		Func *f = ps_find_func(p, c->name);
		long x = ps_map_get(&p->failmap, c->name);
		if (f)
			diag_error(p->diag, c->loc,
			           "'%s' is defined below, at line %d: a function may call only functions "
			           "defined above it (so no recursion)",
			           f->name, f->loc.line);
		else if (x >= 0)
			report_failed_call(p, c, &p->failed[x]);
		else if (builtin_suggest(c->name))
			diag_error(p->diag, c->loc, "unknown function '%s': did you mean '%s'?", c->name,
			           builtin_suggest(c->name));
		else
			diag_error(p->diag, c->loc, "unknown function '%s'", c->name);
	}
}

/* After an error: continue at the next definition. */
static void recover(Parser *p, int line)
{
	if (p->tok.kind == T_EOF)
		return;
	if (p->tok.kind == T_NEWLINE) { /* indented lines below belong to the bad definition */
		lex_skip_indented(&p->lx);
		return;
	}
	if (p->tok.loc.col == 1 && p->tok.loc.line > line && p->tok.kind == T_NAME) {
		lex_rewind(&p->lx, p->tok.loc); /* an unclosed '(' swallowed the line end */
	} else {
		lex_skip_definition(&p->lx);
	}
	next(p);
}

/* program = { definition | NEWLINE } EOF */
int parse_program(Program *prog, const Source *src, Diag *diag, Dag *dag, const char *lib)
{
	Parser p = {.diag = diag, .dag = dag, .arena = dag->arena, .prog = prog, .table_cap = 64};
	memset(prog, 0, sizeof *prog);
	prog->lib = lib;
	p.table = arena_alloc(p.arena, p.table_cap * sizeof *p.table);
	ps_scan_definitions(&p, src);
	lex_init(&p.lx, src, diag);
	next(&p);
	while (p.tok.kind != T_EOF) {
		if (p.tok.kind == T_NEWLINE) {
			next(&p);
			continue;
		}
		int line = p.tok.loc.line;
		size_t uses = prog->nuses;
		bool ok = false;
		if (p.tok.kind == T_NAME)
			ok = parse_definition(&p);
		else
			ps_error_at_tok(&p, "a definition 'name(args) = expression'");
		if (!ok) {
			add_failed(&p, p.cur);
			prog->nuses = uses; /* a definition that failed is not checked further */
		}
		p.cur = NULL;
		p.step = 0;
		p.frame = NULL;
		memset(p.idxname, 0, sizeof p.idxname);
		if (!ok)
			recover(&p, line);
		else if (p.tok.kind == T_NEWLINE)
			next(&p);
	}
	report_pending(&p);
	return diag->errors;
}
