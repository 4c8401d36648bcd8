/* parse_gu.c: the gufunc grammar (parse_priv.h), one function per rule,
 * each with its EBNF: sizes, outputs, the body's lines (base cases and
 * rules of sequences), element reads of vectors and terms of sequences,
 * and Sum and Product. */
#include "parse_priv.h"

#include <string.h>


/* The line of a base case of sequence s (a line 's[NUMBER] =') further
 * down the gufunc being parsed, or 0: a look-ahead from the current token
 * to the next line that starts in column 1 (the next definition), lexed
 * with a diagnostics counter that prints nothing. */
static int base_case_below(Parser *p, const char *s)
{
	Diag quiet = {.src = p->lx.src};
	Lexer lx = p->lx;
	lx.diag = &quiet;
	size_t len = strlen(s);
	bool start = false;
	for (Token t = lex_next(&lx); t.kind != T_EOF; t = lex_next(&lx)) {
		if (start && t.loc.col == 1)
			return 0;
		if (start && t.kind == T_NAME && t.len == len && memcmp(t.text, s, len) == 0) {
			Token b = lex_next(&lx), n = lex_next(&lx), c = lex_next(&lx), e = lex_next(&lx);
			if (b.kind == T_LBRACKET && n.kind == T_NUMBER && c.kind == T_RBRACKET && e.kind == T_ASSIGN)
				return t.loc.line;
			t = e;
		}
		start = t.kind == T_NEWLINE;
	}
	return 0;
}

/* indexed = NAME '[' expr ']'   (an input vector's element or a sequence's term) */
Node *parse_indexed(Parser *p, Token name)
{
	char *s = tok_str(p, name);
	Func *f = p->cur;
	Gufunc *g = f ? f->gu : NULL;
	Loc open = p->tok.loc;
	next(p); /* '[' */
	Loc at = p->tok.loc;
	Node *e = parse_expr(p);
	if (!e || !ps_expect(p, T_RBRACKET, "']'", open))
		return NULL;
	int arg = ps_find_arg(p, s), seq = ps_find_seq(p, s), level;
	long off;
	if (!g || (arg >= 0 && g->argdim[arg] < 0)) {
		diag_error(p->diag, name.loc, "'%s' is not a vector: declare it with its size, as in '%s[n]'", s, s);
		return NULL;
	}
	if (arg < 0 && seq < 0) {
		if (ps_find_out(f, s) >= 0)
			diag_error(p->diag, name.loc, "output '%s' is read before its first line: define it above the lines that read it", s);
		else
			diag_error(p->diag, name.loc, "unknown vector or sequence '%s'", s);
		return NULL;
	}
	if (!gufunc_index_form(e, &level, &off)) {
		diag_error(p->diag, at, "the index of '%s' must be an integer or an index plus or minus a constant "
		           "(an offset that is not constant cannot be computed in registers)", s);
		return NULL;
	}
	if (arg >= 0) {
		/* Bounded by the check stage (reads.c), once the Sums' limits are known. */
		g->reads = arena_room(p->arena, g->reads, g->nreads, sizeof *g->reads);
		g->reads[g->nreads++] = (GuRead){e, arg, name.loc, p->frame, p->step, p->step_c};
		return dag_gu(p->dag, N_VREAD, f, arg, level, off, NULL, 0);
	}
	/* A sequence: earlier terms only, at a constant distance. */
	const Seq *q = &g->seqs[seq];
	long back;
	if (p->step == 2 && level == 0) {
		back = -off;
	} else if (p->step == 1 && level < 0) {
		back = p->step_c - off;
		if (off < 0) {
			diag_error(p->diag, at, "'%s[%ld]' does not exist: terms start at 0", s, off);
			return NULL;
		}
	} else {
		diag_error(p->diag, at, p->step == 2 ? "a rule reads a sequence at k minus a constant, as in '%s[k - 1]'"
		                                     : "a base case reads a sequence at a constant index, as in '%s[0]'", s);
		return NULL;
	}
	if (back < 0 || (back == 0 && seq >= p->curseq)) {
		diag_error(p->diag, at, back == 0 && seq == p->curseq ? "'%s' reads the term it defines"
		                                                     : "'%s' reads a later term: a term may read earlier terms, "
		                                                       "and the same term only of sequences defined above it", s);
		return NULL;
	}
	if (back > SEQ_MAX_LOOKBACK) {
		diag_error(p->diag, at, "this reads '%s' %ld terms back, more than the %d a sequence may keep in "
		           "registers (symkern(5), LIMITS)", s, back, SEQ_MAX_LOOKBACK);
		return NULL;
	}
	if (p->step == 2 && p->step_c - back < 0) {
		int below = base_case_below(p, s);
		if (below)
			diag_error(p->diag, at, "at k = %ld this reads %s[%ld]: %s's base cases must come before its rule, "
			           "and one is below it, at line %d: move this line below them", p->step_c, s,
			           p->step_c - back, s, below);
		else
			diag_error(p->diag, at, "at k = %ld this reads %s[%ld]: give base cases %s[0] .. %s[%ld]", p->step_c,
			           s, p->step_c - back, s, s, back - 1);
		return NULL;
	}
	(void)q;
	if (back > g->seqs[seq].lookback)
		g->seqs[seq].lookback = (int)back;
	return dag_gu(p->dag, N_SEQ, f, seq, -1, back, NULL, 0);
}

/* A sum's limits: integers made of constants, sizes and indices. */
static bool is_int_affine(const Node *e, int depth)
{
	int64_t c;
	if (depth > 64)
		return false;
	switch (e->op) {
	case N_CONST: return num_is_int(e->val, &c) && c > -(1L << 40) && c < (1L << 40);
	case N_DIM:
	case N_INDEX: return true;
	case N_NEG: return is_int_affine(e->kids[0], depth + 1);
	case N_ADD:
	case N_SUB: return is_int_affine(e->kids[0], depth + 1) && is_int_affine(e->kids[1], depth + 1);
	case N_MUL:
		return (e->kids[0]->op == N_CONST && is_int_affine(e->kids[0], depth + 1) && is_int_affine(e->kids[1], depth + 1)) ||
		       (e->kids[1]->op == N_CONST && is_int_affine(e->kids[1], depth + 1) && is_int_affine(e->kids[0], depth + 1));
	default: return false;
	}
}

/* sum = ( 'Sum' | 'Product' ) '(' expr ',' '(' NAME ',' expr ',' expr ')' ')'
 * SymPy prints the bound index after the body, so its name is found by
 * scanning ahead (silently: errors are reported when the body is parsed).
 * The scan stops at a '=' or '->', which no expression holds: without
 * that, each unclosed Sum of a file scanned to its end, and 20,000 lines
 * 'f(v[n]) = Sum((v[k]' took minutes. */
Node *parse_sum(Parser *p, Token name, bool prod)
{
	const char *what = prod ? "Product" : "Sum";
	Loc open = p->tok.loc;
	next(p); /* '(' */
	if (!p->cur || !p->cur->gu) {
		diag_error(p->diag, name.loc, "'%s' needs a vector to reduce: declare an argument with its size, as in 'v[n]'", what);
		return NULL;
	}
	Lexer save = p->lx;
	Token first = p->tok;
	Diag quiet = *p->diag;
	quiet.out = NULL;
	p->lx.diag = &quiet;
	int depth = 0;
	Token var = {.kind = T_EOF};
	for (Token t = p->tok; t.kind != T_EOF && t.kind != T_ERROR && t.kind != T_ASSIGN && t.kind != T_ARROW;
	     t = lex_next(&p->lx)) {
		if (t.kind == T_LPAREN || t.kind == T_LBRACKET) {
			depth++;
		} else if (t.kind == T_RPAREN || t.kind == T_RBRACKET) {
			if (depth-- == 0)
				break;
		} else if (t.kind == T_COMMA && depth == 0) {
			if (lex_next(&p->lx).kind == T_LPAREN)
				var = lex_next(&p->lx);
			break;
		}
	}
	p->lx = save;
	p->tok = first;
	if (var.kind != T_NAME) {
		diag_error(p->diag, name.loc, "expected %s(expression, (index, lower, upper))", what);
		return NULL;
	}
	char *v = tok_str(p, var);
	int level = 1;
	while (level < DAG_MAX_LEVEL && p->idxname[level])
		level++;
	if (level == DAG_MAX_LEVEL) {
		diag_error(p->diag, name.loc, "%ss nested more than %d deep", what, DAG_MAX_LEVEL - 1);
		return NULL;
	}
	if (ps_find_arg(p, v) >= 0 || ps_find_index(p, v) >= 0 || ps_find_dim(p->cur->gu, v) >= 0 ||
	    ps_find_seq(p, v) >= 0) {
		diag_error(p->diag, var.loc, "the index '%s' of this %s is already a name here", v, what);
		return NULL;
	}
	ps_note_shadow(p, var.loc, v, "the index", "in this sum");
	GuFrame *fr = arena_alloc(p->arena, sizeof *fr);
	fr->level = level;
	fr->parent = p->frame;
	p->frame = fr;
	p->idxname[level] = v;
	Loc bl = p->tok.loc;
	Node *body = parse_expr(p);
	p->idxname[level] = NULL;
	p->frame = fr->parent;
	if (!body || !ps_expect(p, T_COMMA, "',' before the limits", open))
		return NULL;
	ps_want(p, body, TY_REAL, bl, what);
	Loc lim = p->tok.loc;
	if (!ps_expect(p, T_LPAREN, "'(' starting the limits (index, lower, upper)", lim) ||
	    !ps_expect(p, T_NAME, "the index", lim) || !ps_expect(p, T_COMMA, "','", lim))
		return NULL;
	Loc ll = p->tok.loc;
	Node *lo = parse_expr(p);
	if (!lo || !ps_expect(p, T_COMMA, "','", lim))
		return NULL;
	Loc hl = p->tok.loc;
	Node *hi = parse_expr(p);
	if (!hi || !ps_expect(p, T_RPAREN, "')'", lim))
		return NULL;
	if (p->tok.kind == T_COMMA) {
		diag_error(p->diag, p->tok.loc, "one (index, lower, upper) per %s: nest them instead", what);
		return NULL;
	}
	if (!ps_expect(p, T_RPAREN, "')'", open))
		return NULL;
	if (!is_int_affine(lo, 0) || (lo->deps >> level)) {
		diag_error(p->diag, ll, "a limit must be an integer: constants, sizes and outer indices, plus or minus constants");
		return NULL;
	}
	if (!is_int_affine(hi, 0) || (hi->deps >> level)) {
		diag_error(p->diag, hl, "a limit must be an integer: constants, sizes and outer indices, plus or minus constants");
		return NULL;
	}
	fr->lo = lo;
	fr->hi = hi;
	Node *kids[3] = {body, lo, hi};
	return dag_gu(p->dag, prod ? N_PROD : N_SUM, p->cur, -1, level, 0, kids, 3);
}

/* The gufunc part of f, made when the first core dimension appears. */
static Gufunc *gufunc_of(Parser *p, Func *f)
{
	if (!f->gu)
		f->gu = arena_alloc(p->arena, sizeof *f->gu);
	return f->gu;
}

/* dim = NAME | NUMBER   (inside brackets; a number fixes the size)
 * Returns the dimension's number, or -1 after an error. */
int parse_dim(Parser *p, Func *f)
{
	Gufunc *g = gufunc_of(p, f);
	Token t = p->tok;
	long size = -1;
	char *s = tok_str(p, t);
	if (t.kind == T_NUMBER) {
		int64_t v;
		Num x = num_parse(t.text, t.len);
		if (!num_is_int(x, &v) || v < 1 || v > 1000000) {
			diag_error(p->diag, t.loc, "a fixed size must be an integer from 1 to 1000000");
			return -1;
		}
		size = (long)v;
	} else if (t.kind != T_NAME) {
		ps_error_at_tok(p, "a size: a name such as 'n' or an integer");
		return -1;
	} else if (ps_find_arg(p, s) >= 0) {
		diag_error(p->diag, t.loc, "'%s' is already an argument and cannot name a size", s);
		return -1;
	}
	next(p);
	int d = ps_find_dim(g, s);
	if (d >= 0)
		return d;
	if (g->ndims == 64) {
		diag_error(p->diag, t.loc, "more than 64 core dimensions");
		return -1;
	}
	if (size < 0)
		ps_note_shadow(p, t.loc, s, "the size", "in this gufunc");
	size_t n = (size_t)g->ndims;
	g->dimname = arena_room(p->arena, g->dimname, n, sizeof *g->dimname);
	g->dimsize = arena_room(p->arena, g->dimsize, n, sizeof *g->dimsize);
	g->dimname[g->ndims] = s;
	g->dimsize[g->ndims] = size;
	return g->ndims++;
}

/* outputs = NAME '[' dim ']' { ',' NAME '[' dim ']' } */
bool parse_outputs(Parser *p, Func *f)
{
	Gufunc *g = gufunc_of(p, f);
	for (;;) {
		if (p->tok.kind != T_NAME) {
			ps_error_at_tok(p, "an output name");
			return false;
		}
		Token t = p->tok;
		char *s = tok_str(p, t);
		if (ps_find_arg(p, s) >= 0 || ps_find_dim(g, s) >= 0 || ps_find_out(f, s) >= 0) {
			diag_error(p->diag, t.loc, "'%s' is already a name here and cannot name an output", s);
			return false;
		}
		ps_note_shadow(p, t.loc, s, "the output", "in this gufunc");
		next(p);
		Loc open = p->tok.loc;
		if (!ps_expect(p, T_LBRACKET, "'[' and the output's size, as in 's[n]'", open))
			return false;
		int d = parse_dim(p, f);
		if (d < 0 || !ps_expect(p, T_RBRACKET, "']'", open))
			return false;
		if (g->nouts && d != g->loopdim) {
			diag_error(p->diag, t.loc, "every output has the same core dimension: '%s' is [%s], '%s' is [%s]",
			           s, g->dimname[d], g->outname[0], g->dimname[g->loopdim]);
			return false;
		}
		if (g->nouts == 64) {
			diag_error(p->diag, t.loc, "more than 64 outputs");
			return false;
		}
		size_t n = (size_t)g->nouts;
		g->outname = arena_room(p->arena, g->outname, n, sizeof *g->outname);
		g->outseq = arena_room(p->arena, g->outseq, n, sizeof *g->outseq);
		g->loopdim = d;
		g->outname[g->nouts] = s;
		g->outseq[g->nouts++] = -1;
		if (p->tok.kind != T_COMMA)
			return true;
		next(p);
	}
}

/* line = NAME '[' ( NAME | NUMBER ) ']' '=' expr NEWLINE   (indented)
 * A number makes a base case, a name the rule, with that name as k. */
static bool parse_line(Parser *p, Func *f)
{
	Gufunc *g = f->gu;
	Token t = p->tok;
	if (t.kind != T_NAME) {
		ps_error_at_tok(p, "a term, as in 's[0] = ...' or 's[k] = ...'");
		return false;
	}
	char *s = tok_str(p, t);
	int q = ps_find_seq(p, s), o = ps_find_out(f, s);
	if (q < 0) {
		if (ps_find_arg(p, s) >= 0 || ps_find_dim(g, s) >= 0) {
			diag_error(p->diag, t.loc, "'%s' is %s: a line defines an output or a new sequence", s,
			           ps_find_arg(p, s) >= 0 ? "an input" : "already a name here");
			return false;
		}
		if (o < 0)
			ps_note_shadow(p, t.loc, s, "the sequence", "in this gufunc");
		if (g->nseqs == 1000) {
			diag_error(p->diag, t.loc, "more than 1000 sequences");
			return false;
		}
		g->seqs = arena_room(p->arena, g->seqs, (size_t)g->nseqs, sizeof *g->seqs);
		q = g->nseqs++;
		g->seqs[q] = (Seq){.name = s, .loc = t.loc, .out = o};
		ps_map_put(p->arena, &p->seqs, s, q);
		if (o >= 0)
			g->outseq[o] = q;
	}
	Seq *sq = &g->seqs[q];
	next(p);
	Loc open = p->tok.loc;
	if (!ps_expect(p, T_LBRACKET, "'[' and the term's index, as in 's[0]' or 's[k]'", open))
		return false;
	Token it = p->tok;
	if (sq->rule) {
		diag_error(p->diag, t.loc, "'%s' already has its rule (line %d): base cases come before it and there is one rule",
		           s, sq->loc.line);
		return false;
	}
	if (it.kind == T_NUMBER) {
		int64_t v;
		if (!num_is_int(num_parse(it.text, it.len), &v) || v != sq->nbase) {
			diag_error(p->diag, it.loc, "expected '%s[%d]': base cases go in order from %s[0]", s, sq->nbase, s);
			return false;
		}
		if (v == SEQ_MAX_BASE) {
			diag_error(p->diag, it.loc, "'%s' has more than %d base cases, the most a sequence may have "
			           "(symkern(5), LIMITS): each is written out as a step of its own; give the "
			           "later terms by a rule, or pass them as an input vector", s, SEQ_MAX_BASE);
			return false;
		}
		p->step = 1;
	} else if (it.kind == T_NAME) {
		char *k = tok_str(p, it);
		if (ps_find_arg(p, k) >= 0 || ps_find_dim(g, k) >= 0 || ps_find_seq(p, k) >= 0 || ps_find_out(f, k) >= 0) {
			diag_error(p->diag, it.loc, "'%s' is already a name here and cannot be the index", k);
			return false;
		}
		ps_note_shadow(p, it.loc, k, "the index", "on this line");
		p->idxname[0] = k;
		p->step = 2;
	} else {
		ps_error_at_tok(p, "an index: a name such as 'k' or an integer");
		return false;
	}
	p->step_c = sq->nbase;
	p->curseq = q;
	next(p);
	if (!ps_expect(p, T_RBRACKET, "']'", open) || !ps_expect(p, T_ASSIGN, "'='", open))
		return false;
	Loc at = p->tok.loc;
	Node *e = parse_line_expr(p, "the term");
	if (!e)
		return false;
	ps_want(p, e, TY_REAL, at, "a term");
	if (p->step == 1) {
		sq->base = arena_room(p->arena, sq->base, (size_t)sq->nbase, sizeof *sq->base);
		sq->base[sq->nbase++] = e;
	} else {
		sq->rule = e;
	}
	return true;
}

/* body = ':' NEWLINE line { line }   (the lines indented below the header) */
bool parse_body(Parser *p, Func *f)
{
	Gufunc *g = f->gu;
	Loc colon = p->tok.loc;
	if (!ps_expect(p, T_COLON, "':' ending the header", colon))
		return false;
	if (p->tok.kind != T_NEWLINE) {
		ps_error_at_tok(p, "end of line after ':' (the terms go on the indented lines below)");
		return false;
	}
	for (;;) {
		while (p->tok.kind == T_NEWLINE)
			next(p);
		if (p->tok.kind == T_EOF || p->tok.loc.col == 1)
			break;
		bool ok = parse_line(p, f);
		p->idxname[0] = NULL;
		p->step = 0;
		if (!ok)
			return false;
	}
	for (int o = 0; o < g->nouts; o++)
		if (g->outseq[o] < 0) {
			diag_error(p->diag, f->loc, "output '%s' is never defined", g->outname[o]);
			return false;
		}
	long size = g->dimsize[g->loopdim];
	for (int q = 0; q < g->nseqs; q++) {
		const Seq *sq = &g->seqs[q];
		if (!sq->rule && (size < 0 || size > sq->nbase)) {
			diag_error(p->diag, sq->loc, "'%s' has no rule for k >= %d: add a line '%s[k] = ...'", sq->name,
			           sq->nbase, sq->name);
			return false;
		}
	}
	return true;
}
