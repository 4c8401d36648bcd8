/* parse.c: the .sym grammar, one function per rule, each with its EBNF.
 * Precedence follows Python, whose syntax SymPy's str() prints:
 *   comparison < '|' < '&' < '+' '-' < '*' '/' < unary '-' '+' '~' < '**'
 * Errors are reported where found; the definition is then abandoned and
 * parsing resumes at the next definition, so all errors of a file are
 * reported. */
#include "parse.h"

#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compose.h"
#include "lex.h"
#include "names.h"

/* A call of a name not defined above; it stops the definition that makes
 * it (caller), and is reported at the end, once every name is known. */
typedef struct {
	const char *name;
	Loc loc;
	const Func *caller;
} Pending;

/* A definition that failed, so that calls of its name are not reported as
 * calls of an unknown function: `call` is the pending call that stopped
 * it, or -1 (another error); `next` the failed definition that call names
 * (-1: none); `cycle` the length of the cycle of such calls it is on
 * (0: none: it calls nothing that calls it back). */
typedef struct {
	const Func *f;
	long call;
	long next;
	long cycle;
	unsigned walk;
} Failed;

/* Names to numbers: a function's arguments, a gufunc's sequences, the
 * failed definitions.  Open addressing, at most half full.  Emptied by a
 * new stamp, not by clearing, so that a definition of 10^4 arguments
 * costs nothing to the next ones. */
typedef struct {
	struct Slot {
		const char *name;
		long val;
		unsigned stamp;
	} *slot;
	size_t cap, n;
	unsigned stamp;
} NameMap;

/* An open Sum or Product: its bound index and limits (set once parsed). */
typedef struct SumFrame {
	int level;
	Node *lo, *hi;
	struct SumFrame *parent;
} SumFrame;

/* An element read of an input vector, checked against its size once the
 * line (and so every enclosing Sum's limits) is parsed. */
typedef struct {
	Node *index;
	int arg;
	Loc loc;
	SumFrame *frame;
} Read;

typedef struct {
	Lexer lx;
	Token tok;
	Diag *diag;
	Dag *dag;
	Arena *arena;
	Program *prog;
	Func *cur;     /* the definition being parsed */
	int depth;
	Pending *pending; /* calls of names not (yet) defined */
	size_t npending, cap_pending;
	Func **table;  /* functions by name, open addressing */
	size_t table_cap;
	size_t nall;   /* functions in the table */
	NameMap args;  /* the arguments of cur, by name */
	NameMap seqs;  /* the sequences of cur, by name */
	NameMap failmap; /* the failed definitions, by name, into failed */
	NameMap defined; /* the names the file defines functions of (scan_definitions) */
	Failed *failed;
	size_t nfailed;
	/* Inside a gufunc: */
	const char *idxname[DAG_MAX_LEVEL]; /* the index bound at each level */
	SumFrame *frame; /* the innermost open Sum */
	int step;        /* 0: no sequence term; 1: base case step_c; 2: rule for k >= step_c */
	long step_c;
	int curseq;      /* the sequence whose term this is */
	Read *reads;
	size_t nreads, cap_reads;
	int *pdims;      /* parse_params: each argument's core dimension, or -1 */
} Parser;

static void next(Parser *p)
{
	p->tok = lex_next(&p->lx);
}

static char *tok_str(Parser *p, Token t)
{
	return arena_strndup(p->arena, t.text, t.len);
}

static uint64_t hash_str(const char *s)
{
	uint64_t h = 1469598103934665603u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211u;
	return h;
}

static void map_reset(NameMap *m)
{
	m->n = 0;
	if (++m->stamp == 0) { /* after 2^32 resets: clear once */
		if (m->slot)
			memset(m->slot, 0, m->cap * sizeof *m->slot);
		m->stamp = 1;
	}
}

static long map_get(const NameMap *m, const char *s)
{
	if (!m->n)
		return -1;
	for (size_t i = hash_str(s) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
		const struct Slot *e = &m->slot[i];
		if (e->stamp != m->stamp)
			return -1;
		if (strcmp(e->name, s) == 0)
			return e->val;
	}
}

static void map_insert(struct Slot *t, size_t cap, struct Slot e)
{
	size_t i = hash_str(e.name) & (cap - 1);
	while (t[i].stamp == e.stamp)
		i = (i + 1) & (cap - 1);
	t[i] = e;
}

/* Adds s (not yet in m) with value v. */
static void map_put(Arena *a, NameMap *m, const char *s, long v)
{
	if (!m->stamp)
		m->stamp = 1;
	if (2 * (m->n + 1) > m->cap) {
		size_t cap = m->cap ? 2 * m->cap : 16;
		struct Slot *t = arena_grow(a, NULL, 0, cap, sizeof *t);
		for (size_t i = 0; i < m->cap; i++)
			if (m->slot[i].stamp == m->stamp)
				map_insert(t, cap, m->slot[i]);
		m->slot = t;
		m->cap = cap;
	}
	map_insert(m->slot, m->cap, (struct Slot){s, v, m->stamp});
	m->n++;
}

static Func *find_func(Parser *p, const char *name)
{
	for (size_t i = hash_str(name) & (p->table_cap - 1);; i = (i + 1) & (p->table_cap - 1)) {
		if (!p->table[i])
			return NULL;
		if (strcmp(p->table[i]->name, name) == 0)
			return p->table[i];
	}
}

static void add_func(Parser *p, Func *f)
{
	if (p->nall * 2 >= p->table_cap) {
		Func **old = p->table;
		size_t oldcap = p->table_cap;
		p->table_cap *= 2;
		p->table = arena_alloc(p->arena, p->table_cap * sizeof *p->table);
		for (size_t i = 0; i < oldcap; i++)
			if (old[i]) {
				size_t j = hash_str(old[i]->name) & (p->table_cap - 1);
				while (p->table[j])
					j = (j + 1) & (p->table_cap - 1);
				p->table[j] = old[i];
			}
	}
	size_t j = hash_str(f->name) & (p->table_cap - 1);
	while (p->table[j])
		j = (j + 1) & (p->table_cap - 1);
	p->table[j] = f;
	Func ***list = f->gu ? &p->prog->gufuncs : &p->prog->funcs;
	int *count = f->gu ? &p->prog->ngufuncs : &p->prog->nfuncs;
	*list = arena_room(p->arena, *list, (size_t)*count, sizeof **list);
	(*list)[(*count)++] = f;
	p->nall++;
}

static void error_at_tok(Parser *p, const char *expected)
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
static bool expect(Parser *p, TokKind k, const char *what, Loc open)
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
	error_at_tok(p, what);
	return false;
}

/* A folded constant that is not a finite real is an error in SymPy too
 * (zoo, nan or a complex number). */
static Node *checked(Parser *p, Node *n, Loc at)
{
	if (n && n->op == N_CONST && n->type == TY_REAL && !num_finite(n->val)) {
		diag_error(p->diag, at, "constant expression is not a finite real number");
		return NULL;
	}
	return n;
}

static bool want_real(Parser *p, Node *n, Loc at, const char *op)
{
	if (n->type == TY_REAL)
		return true;
	diag_error(p->diag, at, "%s needs a number, not a condition", op);
	return false;
}

static bool want_bool(Parser *p, Node *n, Loc at, const char *op)
{
	if (n->type == TY_BOOL)
		return true;
	diag_error(p->diag, at, "%s needs a condition (a relation, And, Or, Not, True or False), not a number", op);
	return false;
}

static Node *parse_expr(Parser *p);
static Node *parse_unary(Parser *p);
static Node *power(Parser *p, Node *b, Node *e, Loc at);

static int find_arg(Parser *p, const char *s)
{
	return p->cur ? (int)map_get(&p->args, s) : -1;
}

/* args = expr { ',' expr }   (inside the parentheses of a call; ')' follows)
 * Returns the count, or -1 after an error. */
static int parse_args(Parser *p, Node ***out, Loc *locs, int maxlocs)
{
	int n = 0, cap = 0;
	Node **v = NULL;
	if (p->tok.kind == T_RPAREN) {
		*out = v;
		return 0;
	}
	for (;;) {
		if (n < maxlocs)
			locs[n] = p->tok.loc;
		Node *e = parse_expr(p);
		if (!e)
			return -1;
		if (n == cap) {
			v = arena_grow(p->arena, v, (size_t)n, (size_t)(cap ? cap * 2 : 4), sizeof *v);
			cap = cap ? cap * 2 : 4;
		}
		v[n++] = e;
		if (n > PARSE_MAX_ARGS) {
			diag_error(p->diag, p->tok.loc, "more than %d arguments", PARSE_MAX_ARGS);
			return -1;
		}
		if (p->tok.kind != T_COMMA)
			break;
		next(p);
	}
	*out = v;
	return n;
}

static bool arity(Parser *p, const char *name, int n, int lo, int hi, Loc at)
{
	if (n >= lo && n <= hi)
		return true;
	if (lo == hi)
		diag_error(p->diag, at, "'%s' takes %d argument%s, got %d", name, lo, lo == 1 ? "" : "s", n);
	else if (hi == PARSE_MAX_ARGS)
		diag_error(p->diag, at, "'%s' takes at least %d argument%s, got %d", name, lo,
		           lo == 1 ? "" : "s", n);
	else
		diag_error(p->diag, at, "'%s' takes %d %s %d arguments, got %d", name, lo, hi == lo + 1 ? "or" : "to",
		           hi, n);
	return false;
}


/* Gufunc names: a bound index, a core dimension, a sequence, an output. */
static int find_index(Parser *p, const char *s)
{
	for (int l = 0; l < DAG_MAX_LEVEL; l++)
		if (p->idxname[l] && strcmp(p->idxname[l], s) == 0)
			return l;
	return -1;
}

static int find_dim(const Gufunc *g, const char *s)
{
	for (int d = 0; g && d < g->ndims; d++)
		if (strcmp(g->dimname[d], s) == 0)
			return d;
	return -1;
}

static int find_seq(Parser *p, const char *s)
{
	return p->cur && p->cur->gu ? (int)map_get(&p->seqs, s) : -1;
}

static int find_out(const Func *f, const char *s)
{
	for (int i = 0; f->gu && i < f->gu->nouts; i++)
		if (strcmp(f->gu->outname[i], s) == 0)
			return i;
	return -1;
}

/* The built-in a name means here, or NULL.  A function the file defines
 * (anywhere in it) and a name the definition being parsed declares (an
 * argument, size, output, sequence or index) shadow the built-in of that
 * name, as Python's names do, so that a new built-in never changes the
 * meaning of a working file (symkern(5), Names). */
static const Builtin *visible_builtin(Parser *p, const char *s)
{
	const Builtin *b = builtin_lookup(s);
	if (!b || map_get(&p->defined, s) >= 0)
		return NULL;
	if (p->cur && (find_arg(p, s) >= 0 || find_index(p, s) >= 0 || find_dim(p->cur->gu, s) >= 0 ||
	               find_seq(p, s) >= 0 || find_out(p->cur, s) >= 0))
		return NULL;
	return b;
}

/* A note where a name the file declares hides a built-in: `what` says
 * which (as "the argument"), `where` over what part of the file. */
static void note_shadow(Parser *p, Loc at, const char *s, const char *what, const char *where)
{
	if (builtin_lookup(s))
		diag_note(p->diag, at, "%s '%s' shadows the built-in %s %s", what, s, s, where);
}

/* The names of the functions the file defines, before parsing it: a
 * definition starts a line with NAME '(' outside parentheses (a gufunc's
 * lines start NAME '[').
 * Only built-ins' names need keeping (visible_builtin).  Lexes with a
 * diagnostics counter that prints nothing: parsing reports the errors. */
static void scan_definitions(Parser *p, const Source *src)
{
	Diag quiet = {.src = src};
	Lexer lx;
	lex_init(&lx, src, &quiet);
	bool start = true;
	for (Token t = lex_next(&lx); t.kind != T_EOF; t = lex_next(&lx)) {
		if (start && t.kind == T_NAME) {
			Token u = lex_next(&lx);
			char *s = u.kind == T_LPAREN ? tok_str(p, t) : NULL;
			if (s && builtin_lookup(s) && map_get(&p->defined, s) < 0)
				map_put(p->arena, &p->defined, s, 0);
			t = u;
		}
		start = t.kind == T_NEWLINE;
	}
}

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

/* An index expression: a constant integer (*level = -1, *off = it) or the
 * index bound at some level plus a constant.  False for anything else. */
static bool index_form(const Node *e, int *level, long *off)
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
static bool check_reads(Parser *p)
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

/* indexed = NAME '[' expr ']'   (an input vector's element or a sequence's term) */
static Node *parse_indexed(Parser *p, Token name)
{
	char *s = tok_str(p, name);
	Func *f = p->cur;
	Gufunc *g = f ? f->gu : NULL;
	Loc open = p->tok.loc;
	next(p); /* '[' */
	Loc at = p->tok.loc;
	Node *e = parse_expr(p);
	if (!e || !expect(p, T_RBRACKET, "']'", open))
		return NULL;
	int arg = find_arg(p, s), seq = find_seq(p, s), level;
	long off;
	if (!g || (arg >= 0 && g->argdim[arg] < 0)) {
		diag_error(p->diag, name.loc, "'%s' is not a vector: declare it with its size, as in '%s[n]'", s, s);
		return NULL;
	}
	if (arg < 0 && seq < 0) {
		if (find_out(f, s) >= 0)
			diag_error(p->diag, name.loc, "output '%s' is read before its first line: define it above the lines that read it", s);
		else
			diag_error(p->diag, name.loc, "unknown vector or sequence '%s'", s);
		return NULL;
	}
	if (!index_form(e, &level, &off)) {
		diag_error(p->diag, at, "the index of '%s' must be an integer or an index plus or minus a constant "
		           "(an offset that is not constant cannot be computed in registers)", s);
		return NULL;
	}
	if (arg >= 0) {
		if (p->nreads == p->cap_reads) {
			size_t cap = p->cap_reads ? p->cap_reads * 2 : 16;
			p->reads = arena_grow(p->arena, p->reads, p->nreads, cap, sizeof *p->reads);
			p->cap_reads = cap;
		}
		p->reads[p->nreads++] = (Read){e, arg, name.loc, p->frame};
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
static Node *parse_sum(Parser *p, Token name, bool prod)
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
	if (find_arg(p, v) >= 0 || find_index(p, v) >= 0 || find_dim(p->cur->gu, v) >= 0 ||
	    find_seq(p, v) >= 0) {
		diag_error(p->diag, var.loc, "the index '%s' of this %s is already a name here", v, what);
		return NULL;
	}
	note_shadow(p, var.loc, v, "the index", "in this sum");
	SumFrame *fr = arena_alloc(p->arena, sizeof *fr);
	fr->level = level;
	fr->parent = p->frame;
	p->frame = fr;
	p->idxname[level] = v;
	Loc bl = p->tok.loc;
	Node *body = parse_expr(p);
	p->idxname[level] = NULL;
	p->frame = fr->parent;
	if (!body || !want_real(p, body, bl, what) ||
	    !expect(p, T_COMMA, "',' before the limits", open))
		return NULL;
	Loc lim = p->tok.loc;
	if (!expect(p, T_LPAREN, "'(' starting the limits (index, lower, upper)", lim) ||
	    !expect(p, T_NAME, "the index", lim) || !expect(p, T_COMMA, "','", lim))
		return NULL;
	Loc ll = p->tok.loc;
	Node *lo = parse_expr(p);
	if (!lo || !expect(p, T_COMMA, "','", lim))
		return NULL;
	Loc hl = p->tok.loc;
	Node *hi = parse_expr(p);
	if (!hi || !expect(p, T_RPAREN, "')'", lim))
		return NULL;
	if (p->tok.kind == T_COMMA) {
		diag_error(p->diag, p->tok.loc, "one (index, lower, upper) per %s: nest them instead", what);
		return NULL;
	}
	if (!expect(p, T_RPAREN, "')'", open))
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

/* factorial(e): folded for a constant; computed incrementally, one
 * multiply a step, for an index plus a constant; otherwise gamma(e + 1). */
static Node *factorial(Parser *p, Node *e, Loc at)
{
	int level;
	long off;
	int64_t c;
	if (e->op == N_CONST) {
		if (!num_is_int(e->val, &c) || c < 0) {
			Node *one = dag_op(p->dag, N_ADD, e, dag_const(p->dag, num_int(1)));
			return checked(p, dag_call(p->dag, MF_TGAMMA, &one), at);
		}
		Num r = num_int(1);
		for (int64_t i = 2; i <= c && num_finite(r); i++)
			r = num_mul(r, num_int(i));
		return checked(p, dag_const(p->dag, r), at);
	}
	if (p->cur && p->cur->gu && index_form(e, &level, &off) && level >= 0)
		return dag_gu(p->dag, N_INDFACT, p->cur, -1, level, off, NULL, 0);
	Node *one = dag_op(p->dag, N_ADD, e, dag_const(p->dag, num_int(1)));
	return dag_call(p->dag, MF_TGAMMA, &one);
}

/* binomial(a, b): a product of b factors for a constant integer b <= 64,
 * else through factorials. */
static Node *binomial(Parser *p, Node *a, Node *b, Loc at)
{
	Dag *d = p->dag;
	int64_t m;
	if (b->op == N_CONST && num_is_int(b->val, &m) && m >= 0 && m <= 64) {
		Node *r = dag_const(d, num_int(1));
		for (int64_t i = 0; i < m; i++)
			r = dag_op(d, N_MUL, r, dag_op(d, N_SUB, a, dag_const(d, num_int(i))));
		Node *fm = factorial(p, b, at);
		return fm ? checked(p, dag_op(d, N_DIV, r, fm), at) : NULL;
	}
	/* Each factorial may be refused (a constant out of range, reported). */
	Node *fa = factorial(p, a, at), *fb = fa ? factorial(p, b, at) : NULL;
	Node *fab = fb ? factorial(p, dag_op(d, N_SUB, a, b), at) : NULL;
	if (!fab)
		return NULL;
	return checked(p, dag_op(d, N_DIV, fa, dag_op(d, N_MUL, fb, fab)), at);
}

/* piecewise = 'Piecewise' '(' pair { ',' pair } ')'
 * pair      = '(' expr ',' expr ')'
 * Evaluates to NaN where no condition holds, as SymPy's Piecewise does. */
static Node *parse_piecewise(Parser *p, Loc open)
{
	enum { MAXPAIRS = 1000 };
	Node *val[MAXPAIRS], *cond[MAXPAIRS];
	int n = 0;
	do {
		if (n > 0)
			next(p); /* the comma */
		if (n == MAXPAIRS) {
			diag_error(p->diag, p->tok.loc, "Piecewise with more than %d pieces", MAXPAIRS);
			return NULL;
		}
		Loc po = p->tok.loc;
		if (!expect(p, T_LPAREN, "'(' starting a Piecewise pair (expr, condition)", po))
			return NULL;
		Loc vl = p->tok.loc;
		if (!(val[n] = parse_expr(p)) || !want_real(p, val[n], vl, "a Piecewise value"))
			return NULL;
		if (!expect(p, T_COMMA, "',' between a Piecewise value and its condition", po))
			return NULL;
		Loc cl = p->tok.loc;
		if (!(cond[n] = parse_expr(p)) || !want_bool(p, cond[n], cl, "a Piecewise condition"))
			return NULL;
		if (!expect(p, T_RPAREN, "')'", po))
			return NULL;
		n++;
	} while (p->tok.kind == T_COMMA);
	if (!expect(p, T_RPAREN, "')'", open))
		return NULL;
	Node *acc = dag_nan(p->dag);
	for (int i = n - 1; i >= 0; i--)
		acc = dag_select(p->dag, cond[i], val[i], acc);
	return acc;
}

/* log(x, b) = log(x)/log(b); a constant base must be positive and not 1. */
static Node *log_base(Parser *p, Node **a, Loc base, Loc at)
{
	Dag *d = p->dag;
	Node *den = dag_call(d, MF_LOG, &a[1]);
	if (den->op == N_CONST && (!num_finite(den->val) || num_cmp(den->val, num_int(0)) == 0)) {
		char b[64];
		num_show(b, sizeof b, a[1]->val);
		diag_error(p->diag, base, "log base %s: the base must be positive and not 1 (log(%s) is %s)", b, b,
		           num_finite(den->val) ? "0: a division by zero"
		           : num_value(den->val) < 0 ? "-infinity" : "not a real number");
		return NULL;
	}
	return checked(p, dag_op(d, N_DIV, dag_call(d, MF_LOG, &a[0]), den), at);
}

/* Heaviside(x, h0) = 1 for x > 0, 0 for x < 0, h0 (default 1/2) at 0, and
 * NaN for NaN; sign(x) likewise with -1, 1 and x itself at 0 and NaN. */
static Node *step(Parser *p, Node *x, Node *neg, Node *pos, Node *zero)
{
	Dag *d = p->dag;
	Node *z = dag_const(d, num_int(0));
	Node *at0 = zero ? dag_select(d, dag_op(d, N_EQ, x, z), zero, x) : x;
	return dag_select(d, dag_op(d, N_GT, x, z), pos,
	                  dag_select(d, dag_op(d, N_LT, x, z), neg, at0));
}

static Node *parse_builtin_call(Parser *p, const Builtin *b, Token name)
{
	Loc open = p->tok.loc;
	next(p); /* '(' */
	if (b->kind == B_PIECEWISE)
		return parse_piecewise(p, open);

	Node **a;
	Loc locs[3];
	int n = parse_args(p, &a, locs, 3);
	if (n < 0 || !expect(p, T_RPAREN, "')'", open))
		return NULL;
	const char *nm = b->name;
	Dag *d = p->dag;
	bool logic = b->kind == B_AND || b->kind == B_OR || b->kind == B_NOT;
	char what[LEX_MAX_IDENT + 3];
	snprintf(what, sizeof what, "'%s'", nm);
	for (int i = 0; i < n; i++)
		if (logic ? !want_bool(p, a[i], i < 3 ? locs[i] : name.loc, what)
		          : !want_real(p, a[i], i < 3 ? locs[i] : name.loc, what))
			return NULL;
	switch (b->kind) {
	case B_MATH: {
		int k = mathfn_info[b->fn].arity;
		if (!arity(p, nm, n, k, k, name.loc))
			return NULL;
		return checked(p, dag_call(d, b->fn, a), name.loc);
	}
	case B_LOG:
		if (!arity(p, nm, n, 1, 2, name.loc))
			return NULL;
		if (n == 1)
			return checked(p, dag_call(d, MF_LOG, a), name.loc);
		return log_base(p, a, locs[1], name.loc);
	case B_MINMAX: {
		if (!arity(p, nm, n, 1, PARSE_MAX_ARGS, name.loc))
			return NULL;
		Node *acc = a[0];
		for (int i = 1; i < n; i++) {
			Node *two[2] = {acc, a[i]};
			acc = dag_call(d, b->fn, two);
		}
		return acc;
	}
	case B_SIGN:
		if (!arity(p, nm, n, 1, 1, name.loc))
			return NULL;
		return step(p, a[0], dag_const(d, num_int(-1)), dag_const(d, num_int(1)), NULL);
	case B_HEAVISIDE:
		if (!arity(p, nm, n, 1, 2, name.loc))
			return NULL;
		return step(p, a[0], dag_const(d, num_int(0)), dag_const(d, num_int(1)),
		            n == 2 ? a[1] : dag_const(d, num_div(num_int(1), num_int(2))));
	case B_POW:
		if (!arity(p, nm, n, 2, 2, name.loc))
			return NULL;
		return power(p, a[0], a[1], name.loc);
	case B_SINC:
	case B_COSM1:
	case B_LOGADDEXP:
	case B_LOGADDEXP2: {
		int k = compose_arity(b->kind);
		if (!arity(p, nm, n, k, k, name.loc))
			return NULL;
		return checked(p, compose(d, b->kind, a), name.loc);
	}
	case B_EQ:
	case B_NE:
		if (!arity(p, nm, n, 2, 2, name.loc))
			return NULL;
		return dag_op(d, b->kind == B_EQ ? N_EQ : N_NE, a[0], a[1]);
	case B_AND:
	case B_OR: {
		if (!arity(p, nm, n, 1, PARSE_MAX_ARGS, name.loc))
			return NULL;
		Node *acc = a[0];
		for (int i = 1; i < n; i++)
			acc = dag_op(d, b->kind == B_AND ? N_AND : N_OR, acc, a[i]);
		return acc;
	}
	case B_NOT:
		if (!arity(p, nm, n, 1, 1, name.loc))
			return NULL;
		/* NOLINTNEXTLINE(clang-analyzer-core.NullDereference): arity() made n == 1, so a holds a node */
		return dag_op(d, N_NOT, a[0], NULL);
	case B_FACTORIAL:
		if (!arity(p, nm, n, 1, 1, name.loc))
			return NULL;
		return factorial(p, a[0], locs[0]);
	case B_BINOMIAL:
		if (!arity(p, nm, n, 2, 2, name.loc))
			return NULL;
		return binomial(p, a[0], a[1], name.loc);
	default:
		diag_error(p->diag, name.loc, "'%s' is not a function", nm);
		return NULL;
	}
}

/* Why a known SymPy name is refused (mathfn.c), except isnan, whose reason
 * depends on the Piecewise it is in: the relations are false for NaN, so a
 * NaN argument gets the (e, True) branch where there is one, and NaN only
 * where there is none; Ne(x, x) is the test. */
static const char *refusal(const Builtin *b)
{
	if (strcmp(b->name, "isnan") == 0)
		return "'isnan' is not supported: write Ne(x, x), which is true exactly where x is NaN (the "
		       "relations and Eq are false for NaN, so a Piecewise whose other conditions are "
		       "relations gives a NaN x its (e, True) branch, or NaN if it has none)";
	return b->why;
}

static void add_pending(Parser *p, const char *name, Loc at)
{
	if (p->npending == p->cap_pending) {
		size_t cap = p->cap_pending ? p->cap_pending * 2 : 16;
		p->pending = arena_grow(p->arena, p->pending, p->npending, cap, sizeof *p->pending);
		p->cap_pending = cap;
	}
	p->pending[p->npending++] = (Pending){name, at, p->cur};
}

/* call = NAME '(' [ args ] ')' */
static Node *parse_call(Parser *p, Token name)
{
	char *s = tok_str(p, name);
	const Builtin *b = visible_builtin(p, s);
	if (b && b->kind == B_UNSUPPORTED) {
		diag_error(p->diag, name.loc, "%s", refusal(b));
		return NULL;
	}
	if (b && b->kind >= B_CONST_PI && b->kind <= B_CONST_ALIAS) {
		diag_error(p->diag, name.loc, "'%s' is a constant, not a function", s);
		return NULL;
	}
	if (b && (b->kind == B_SUM || b->kind == B_PRODUCT))
		return parse_sum(p, name, b->kind == B_PRODUCT);
	if (b)
		return parse_builtin_call(p, b, name);
	Func *f = find_func(p, s);
	if (!f) {
		if (p->cur && strcmp(s, p->cur->name) == 0)
			diag_error(p->diag, name.loc, "'%s' calls itself: recursion is not supported", s);
		else if (p->cur && find_arg(p, s) >= 0)
			diag_error(p->diag, name.loc, "'%s' is an argument, not a function", s);
		else
			add_pending(p, s, name.loc);
		return NULL;
	}
	if (f->gu) {
		diag_error(p->diag, name.loc, "'%s' is a gufunc: it cannot be called from an expression", s);
		return NULL;
	}
	Loc open = p->tok.loc;
	next(p);
	Node **a;
	Loc locs[1];
	int n = parse_args(p, &a, locs, 0);
	if (n < 0 || !expect(p, T_RPAREN, "')'", open))
		return NULL;
	char what[LEX_MAX_IDENT + 20];
	snprintf(what, sizeof what, "an argument of '%s'", s);
	for (int i = 0; i < n; i++)
		if (!want_real(p, a[i], name.loc, what))
			return NULL;
	if (n != f->nargs) {
		diag_error(p->diag, name.loc, "'%s' takes %d argument%s, got %d (defined at %d:%d)", s,
		           f->nargs, f->nargs == 1 ? "" : "s", n, f->loc.line, f->loc.col);
		return NULL;
	}
	return dag_ucall(p->dag, f, a);
}

/* A ccode constant (M_PI_2): its SymPy spelling (pi/2) parsed in its
 * place, so that both give the same code.  The texts are mathfn.c's, fixed
 * and valid (tests/test_parse.c checks each). */
static Node *parse_alias(Parser *p, const char *text)
{
	Lexer lx = p->lx;
	Token tok = p->tok;
	Source src = {.name = lx.src->name, .text = text, .len = strlen(text)};
	lex_init(&p->lx, &src, p->diag);
	next(p);
	Node *e = parse_expr(p);
	bool whole = p->tok.kind == T_EOF;
	p->lx = lx;
	p->tok = tok;
	return whole ? e : NULL;
}

/* primary = NUMBER | NAME | call | '(' expr ')' */
static Node *parse_primary(Parser *p)
{
	Token t = p->tok;
	switch (t.kind) {
	case T_NUMBER: {
		next(p);
		Num v = num_parse(t.text, t.len);
		if (!num_finite(v)) {
			diag_error(p->diag, t.loc, "number out of range: above the largest long double (%.3Lg)",
			           LDBL_MAX);
			return NULL;
		}
		if (num_cmp(v, num_int(0)) == 0 && !num_text_is_zero(t.text, t.len)) {
			diag_error(p->diag, t.loc, "number out of range: not 0, but below the smallest long double "
			           "(%.3Lg), so it would be 0", LDBL_TRUE_MIN);
			return NULL;
		}
		return dag_const(p->dag, v);
	}
	case T_LPAREN: {
		next(p);
		Node *e = parse_expr(p);
		if (!e || !expect(p, T_RPAREN, "')'", t.loc))
			return NULL;
		return e;
	}
	case T_NAME: {
		next(p);
		if (p->tok.kind == T_LPAREN)
			return parse_call(p, t);
		if (p->tok.kind == T_LBRACKET)
			return parse_indexed(p, t);
		char *s = tok_str(p, t);
		int i = find_arg(p, s);
		Gufunc *g = p->cur ? p->cur->gu : NULL;
		if (i >= 0 && g && g->argdim[i] >= 0) {
			diag_error(p->diag, t.loc, "'%s' is a vector: index it, as in '%s[k]'", s, s);
			return NULL;
		}
		if (i >= 0)
			return dag_arg(p->dag, p->cur, i);
		if (g && (i = find_index(p, s)) >= 0)
			return dag_gu(p->dag, N_INDEX, p->cur, -1, i, 0, NULL, 0);
		if (g && (i = find_dim(g, s)) >= 0)
			return g->dimsize[i] >= 0 ? dag_const(p->dag, num_int(g->dimsize[i]))
			                          : dag_gu(p->dag, N_DIM, p->cur, i, -1, 0, NULL, 0);
		if (g && (find_seq(p, s) >= 0 || find_out(p->cur, s) >= 0)) {
			diag_error(p->diag, t.loc, "'%s' is a sequence: index it, as in '%s[k - 1]'", s, s);
			return NULL;
		}
		const Builtin *b = visible_builtin(p, s);
		if (b) {
			switch (b->kind) {
			case B_CONST_PI: return dag_const(p->dag, num_real(3.14159265358979323846264338327950288L));
			case B_CONST_E: return dag_const(p->dag, dag_e());
			case B_TRUE: return dag_bool(p->dag, true);
			case B_FALSE: return dag_bool(p->dag, false);
			case B_CONST_ALIAS: return parse_alias(p, b->alias);
			case B_UNSUPPORTED: diag_error(p->diag, t.loc, "%s", refusal(b)); return NULL;
			default:
				diag_error(p->diag, t.loc, "'%s' is a function; call it with arguments", s);
				return NULL;
			}
		}
		if (find_func(p, s))
			diag_error(p->diag, t.loc, "'%s' is a function; call it with arguments", s);
		else
			diag_error(p->diag, t.loc, "undefined symbol '%s' (not an argument of '%s')", s,
			           p->cur->name);
		return NULL;
	}
	default:
		error_at_tok(p, "an expression");
		return NULL;
	}
}

/* power = primary [ '**' unary ]   (right-associative: x**y**z = x**(y**z)) */
static Node *parse_power(Parser *p)
{
	Loc at = p->tok.loc;
	Node *b = parse_primary(p);
	if (!b || p->tok.kind != T_POW)
		return b;
	Loc op = p->tok.loc;
	next(p);
	Node *e = parse_unary(p);
	if (!e || !want_real(p, b, at, "'**'") || !want_real(p, e, op, "'**'"))
		return NULL;
	return power(p, b, e, op);
}

/* b**e, for '**' and pow(b, e); errors at `at`. */
static Node *power(Parser *p, Node *b, Node *e, Loc at)
{
	/* x**(k + c) with x computable before the loop over k: one multiply a
	 * step instead of a pow call. */
	int level;
	long off;
	if (e->deps && index_form(e, &level, &off) && level >= 0 && !(b->deps >> level))
		return dag_gu(p->dag, N_INDPOW, p->cur, -1, level, off, &b, 1);
	return checked(p, dag_pow(p->dag, b, e), at);
}

/* unary = ( '-' | '+' | '~' ) unary | power */
static Node *parse_unary(Parser *p)
{
	if (++p->depth > PARSE_MAX_DEPTH) {
		diag_error(p->diag, p->tok.loc, "expression nested too deeply (more than %d levels)",
		           PARSE_MAX_DEPTH);
		return NULL;
	}
	Node *r;
	Token t = p->tok;
	if (t.kind == T_MINUS || t.kind == T_PLUS || t.kind == T_TILDE) {
		next(p);
		Node *a = parse_unary(p);
		if (!a)
			r = NULL;
		else if (t.kind == T_TILDE)
			r = want_bool(p, a, t.loc, "'~'") ? dag_op(p->dag, N_NOT, a, NULL) : NULL;
		else if (!want_real(p, a, t.loc, t.kind == T_MINUS ? "unary '-'" : "unary '+'"))
			r = NULL;
		else
			r = t.kind == T_MINUS ? dag_op(p->dag, N_NEG, a, NULL) : a;
	} else {
		r = parse_power(p);
	}
	p->depth--;
	return r;
}

/* A left-associative binary level: operand { op operand }. */
typedef Node *(*Level)(Parser *);

static Node *binary(Parser *p, Level operand, const TokKind *ops, const Op *nodes, int nops,
                    bool boolean)
{
	Node *a = operand(p);
	while (a) {
		int k = 0;
		while (k < nops && p->tok.kind != ops[k])
			k++;
		if (k == nops)
			break;
		Token t = p->tok;
		char what[16];
		snprintf(what, sizeof what, "'%.*s'", (int)t.len, t.text);
		next(p);
		Node *b = operand(p);
		if (!b)
			return NULL;
		if (boolean ? !want_bool(p, a, t.loc, what) || !want_bool(p, b, t.loc, what)
		            : !want_real(p, a, t.loc, what) || !want_real(p, b, t.loc, what))
			return NULL;
		if (nodes[k] == N_DIV && b->op == N_CONST && num_cmp(b->val, num_int(0)) == 0) {
			diag_error(p->diag, t.loc, "division by zero");
			return NULL;
		}
		a = checked(p, dag_op(p->dag, nodes[k], a, b), t.loc);
	}
	return a;
}

/* term = unary { ( '*' | '/' ) unary } */
static Node *parse_term(Parser *p)
{
	static const TokKind ops[] = {T_STAR, T_SLASH};
	static const Op nodes[] = {N_MUL, N_DIV};
	return binary(p, parse_unary, ops, nodes, 2, false);
}

/* arith = term { ( '+' | '-' ) term } */
static Node *parse_arith(Parser *p)
{
	static const TokKind ops[] = {T_PLUS, T_MINUS};
	static const Op nodes[] = {N_ADD, N_SUB};
	return binary(p, parse_term, ops, nodes, 2, false);
}

/* bitand = arith { '&' arith } */
static Node *parse_bitand(Parser *p)
{
	static const TokKind ops[] = {T_AMP};
	static const Op nodes[] = {N_AND};
	return binary(p, parse_arith, ops, nodes, 1, true);
}

/* bitor = bitand { '|' bitand } */
static Node *parse_bitor(Parser *p)
{
	static const TokKind ops[] = {T_PIPE};
	static const Op nodes[] = {N_OR};
	return binary(p, parse_bitand, ops, nodes, 1, true);
}

/* comparison = bitor { ( '<' | '<=' | '>' | '>=' ) bitor }
 * A chain a < b < c means (a < b) & (b < c), as in Python. */
static Node *parse_comparison(Parser *p)
{
	Node *a = parse_bitor(p), *acc = NULL;
	while (a) {
		Op op;
		switch (p->tok.kind) {
		case T_LT: op = N_LT; break;
		case T_LE: op = N_LE; break;
		case T_GT: op = N_GT; break;
		case T_GE: op = N_GE; break;
		case T_EQ:
			diag_error(p->diag, p->tok.loc, "'==' is not SymPy syntax; write Eq(a, b)");
			return NULL;
		case T_NE:
			diag_error(p->diag, p->tok.loc, "'!=' is not SymPy syntax; write Ne(a, b)");
			return NULL;
		default:
			return acc ? acc : a;
		}
		Token t = p->tok;
		char what[8];
		snprintf(what, sizeof what, "'%.*s'", (int)t.len, t.text);
		next(p);
		Node *b = parse_bitor(p);
		if (!b || !want_real(p, a, t.loc, what) || !want_real(p, b, t.loc, what))
			return NULL;
		Node *r = dag_op(p->dag, op, a, b);
		acc = acc ? dag_op(p->dag, N_AND, acc, r) : r;
		a = b;
	}
	return NULL;
}

/* expr = comparison */
static Node *parse_expr(Parser *p)
{
	if (++p->depth > PARSE_MAX_DEPTH) {
		diag_error(p->diag, p->tok.loc, "expression nested too deeply (more than %d levels)",
		           PARSE_MAX_DEPTH);
		return NULL;
	}
	Node *e = parse_comparison(p);
	p->depth--;
	return e;
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
static int parse_dim(Parser *p, Func *f)
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
		error_at_tok(p, "a size: a name such as 'n' or an integer");
		return -1;
	} else if (find_arg(p, s) >= 0) {
		diag_error(p->diag, t.loc, "'%s' is already an argument and cannot name a size", s);
		return -1;
	}
	next(p);
	int d = find_dim(g, s);
	if (d >= 0)
		return d;
	if (g->ndims == 64) {
		diag_error(p->diag, t.loc, "more than 64 core dimensions");
		return -1;
	}
	if (size < 0)
		note_shadow(p, t.loc, s, "the size", "in this gufunc");
	size_t n = (size_t)g->ndims;
	g->dimname = arena_room(p->arena, g->dimname, n, sizeof *g->dimname);
	g->dimc = arena_room(p->arena, g->dimc, n, sizeof *g->dimc);
	g->dimsize = arena_room(p->arena, g->dimsize, n, sizeof *g->dimsize);
	g->dimname[g->ndims] = s;
	/* `n` is the map functions' length; a gufunc has none, so its sizes
	 * keep their names where C allows. */
	g->dimc[g->ndims] = strcmp(s, "n") == 0 || size >= 0 ? s : names_c_arg(p->arena, s, p->prog->lib);
	g->dimsize[g->ndims] = size;
	return g->ndims++;
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
			error_at_tok(p, "an argument name");
			return false;
		}
		char *s = tok_str(p, p->tok);
		if (find_arg(p, s) >= 0) {
			diag_error(p->diag, p->tok.loc, "duplicate argument '%s'", s);
			return false;
		}
		if (find_dim(f->gu, s) >= 0) {
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
		map_put(p->arena, &p->args, s, f->nargs);
		note_shadow(p, p->tok.loc, s, "the argument", "in this definition");
		f->args[f->nargs++] = s;
		next(p);
		if (p->tok.kind == T_LBRACKET) {
			Loc open = p->tok.loc;
			next(p);
			if ((dims[f->nargs - 1] = parse_dim(p, f)) < 0 || !expect(p, T_RBRACKET, "']'", open))
				return false;
		}
		p->pdims = dims;
		if (p->tok.kind != T_COMMA)
			return true;
		next(p);
	}
}

/* The arguments the DAG below roots reaches (used means reachable: an
 * argument only in a branch that folded away is unused too, and the C
 * compiler would say so), their C spellings, and a warning for the unused. */
static void mark_used(Parser *p, Func *f, Node **roots, int nroots)
{
	memset(f->used, 0, (size_t)f->nargs);
	for (int r = 0; r < nroots; r++) {
		Node **order;
		size_t nn = dag_schedule(p->dag, roots[r], &order);
		for (size_t i = 0; i < nn; i++)
			if (order[i]->op == N_ARG || order[i]->op == N_VREAD)
				f->used[order[i]->index] = true;
	}
	f->cargs = arena_alloc(p->arena, (size_t)(f->nargs ? f->nargs : 1) * sizeof *f->cargs);
	for (int i = 0; i < f->nargs; i++) {
		f->cargs[i] = names_c_arg(p->arena, f->args[i], p->prog->lib);
		if (!f->used[i])
			diag_warning(p->diag, f->argloc[i], "argument '%s' of '%s' is unused", f->args[i], f->name);
	}
}

/* outputs = NAME '[' dim ']' { ',' NAME '[' dim ']' } */
static bool parse_outputs(Parser *p, Func *f)
{
	Gufunc *g = gufunc_of(p, f);
	for (;;) {
		if (p->tok.kind != T_NAME) {
			error_at_tok(p, "an output name");
			return false;
		}
		Token t = p->tok;
		char *s = tok_str(p, t);
		if (find_arg(p, s) >= 0 || find_dim(g, s) >= 0 || find_out(f, s) >= 0) {
			diag_error(p->diag, t.loc, "'%s' is already a name here and cannot name an output", s);
			return false;
		}
		note_shadow(p, t.loc, s, "the output", "in this gufunc");
		next(p);
		Loc open = p->tok.loc;
		if (!expect(p, T_LBRACKET, "'[' and the output's size, as in 's[n]'", open))
			return false;
		int d = parse_dim(p, f);
		if (d < 0 || !expect(p, T_RBRACKET, "']'", open))
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
		g->outc = arena_room(p->arena, g->outc, n, sizeof *g->outc);
		g->outseq = arena_room(p->arena, g->outseq, n, sizeof *g->outseq);
		g->loopdim = d;
		g->outname[g->nouts] = s;
		g->outc[g->nouts] = names_c_arg(p->arena, s, p->prog->lib);
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
		error_at_tok(p, "a term, as in 's[0] = ...' or 's[k] = ...'");
		return false;
	}
	char *s = tok_str(p, t);
	int q = find_seq(p, s), o = find_out(f, s);
	if (q < 0) {
		if (find_arg(p, s) >= 0 || find_dim(g, s) >= 0) {
			diag_error(p->diag, t.loc, "'%s' is %s: a line defines an output or a new sequence", s,
			           find_arg(p, s) >= 0 ? "an input" : "already a name here");
			return false;
		}
		if (o < 0)
			note_shadow(p, t.loc, s, "the sequence", "in this gufunc");
		if (g->nseqs == 1000) {
			diag_error(p->diag, t.loc, "more than 1000 sequences");
			return false;
		}
		g->seqs = arena_room(p->arena, g->seqs, (size_t)g->nseqs, sizeof *g->seqs);
		q = g->nseqs++;
		g->seqs[q] = (Seq){.name = s, .loc = t.loc, .out = o};
		map_put(p->arena, &p->seqs, s, q);
		if (o >= 0)
			g->outseq[o] = q;
	}
	Seq *sq = &g->seqs[q];
	next(p);
	Loc open = p->tok.loc;
	if (!expect(p, T_LBRACKET, "'[' and the term's index, as in 's[0]' or 's[k]'", open))
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
		if (find_arg(p, k) >= 0 || find_dim(g, k) >= 0 || find_seq(p, k) >= 0 || find_out(f, k) >= 0) {
			diag_error(p->diag, it.loc, "'%s' is already a name here and cannot be the index", k);
			return false;
		}
		note_shadow(p, it.loc, k, "the index", "on this line");
		p->idxname[0] = k;
		p->step = 2;
	} else {
		error_at_tok(p, "an index: a name such as 'k' or an integer");
		return false;
	}
	p->step_c = sq->nbase;
	p->curseq = q;
	next(p);
	if (!expect(p, T_RBRACKET, "']'", open) || !expect(p, T_ASSIGN, "'='", open))
		return false;
	Loc at = p->tok.loc;
	Node *e = parse_expr(p);
	if (!e)
		return false;
	if (p->tok.kind != T_NEWLINE && p->tok.kind != T_EOF) {
		error_at_tok(p, "end of line after the term");
		return false;
	}
	if (!want_real(p, e, at, "a term") || !check_reads(p))
		return false;
	if (p->step == 1) {
		sq->base = arena_room(p->arena, sq->base, (size_t)sq->nbase, sizeof *sq->base);
		sq->base[sq->nbase++] = e;
	} else {
		sq->rule = e;
	}
	return true;
}

/* body = ':' NEWLINE line { line }   (the lines indented below the header) */
static bool parse_body(Parser *p, Func *f)
{
	Gufunc *g = f->gu;
	Loc colon = p->tok.loc;
	if (!expect(p, T_COLON, "':' ending the header", colon))
		return false;
	if (p->tok.kind != T_NEWLINE) {
		error_at_tok(p, "end of line after ':' (the terms go on the indented lines below)");
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
		p->nreads = 0;
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
	map_reset(&p->args);
	map_reset(&p->seqs);
	next(p);
	Func *old = find_func(p, s);
	/* scan_definitions misses a definition only after an error that its
	 * lexing did not recover from (a parenthesis left open above): shadow
	 * from here on. */
	if (builtin_lookup(s) && map_get(&p->defined, s) < 0)
		map_put(p->arena, &p->defined, s, 0);
	if (old) {
		diag_error(p->diag, name.loc, "redefinition of '%s' (first defined at %d:%d)", s,
		           old->loc.line, old->loc.col);
		return false;
	}
	note_shadow(p, name.loc, s, "the function", "in this whole file");
	if (strncmp(s, "priv", 4) == 0) {
		diag_error(p->diag, name.loc, "names starting with 'priv' are reserved for the generated code's private functions");
		return false;
	}
	/* X_map's scalar function is NAME_X_map_f64, X's map function too. */
	size_t l = strlen(s);
	char *mapped = arena_alloc(p->arena, l + 5);
	memcpy(mapped, s, l);
	memcpy(mapped + l, "_map", 5);
	Func *clash = l > 4 && strcmp(s + l - 4, "_map") == 0 ? find_func(p, arena_strndup(p->arena, s, l - 4)) : NULL;
	if (clash || (clash = find_func(p, mapped)) != NULL) {
		diag_error(p->diag, name.loc, "'%s' and '%s' (defined at %d:%d) would give two C functions of one name",
		           s, clash->name, clash->loc.line, clash->loc.col);
		return false;
	}
	Loc open = p->tok.loc;
	if (!expect(p, T_LPAREN, "'(' after the function name", open) || !parse_params(p, f) ||
	    !expect(p, T_RPAREN, "')' or ','", open))
		return false;
	int *dims = p->pdims;
	bool arrow = p->tok.kind == T_ARROW;
	if (arrow) {
		next(p);
		if (!parse_outputs(p, f))
			return false;
	} else if (!expect(p, T_ASSIGN, f->gu ? "'='" : "'=' or '->'", open)) {
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
	Node **roots;
	int nroots = 0;
	if (arrow) {
		if (!parse_body(p, f))
			return false;
		nroots = gufunc_roots(f->gu, p->arena, &roots);
	} else {
		Loc at = p->tok.loc;
		Node *e = parse_expr(p);
		if (!e)
			return false;
		if (p->tok.kind != T_NEWLINE && p->tok.kind != T_EOF) {
			error_at_tok(p, "end of line after the definition");
			return false;
		}
		if (e->type != TY_REAL) {
			diag_error(p->diag, at, "a function must return a number, not a condition; use Piecewise");
			return false;
		}
		if (f->gu && !check_reads(p))
			return false;
		f->root = e;
		roots = &f->root;
		nroots = 1;
	}
	if (!kernel_params_fit(p, f))
		return false;
	mark_used(p, f, roots, nroots);
	add_func(p, f);
	return true;
}

/* Remembers a definition that failed under a name not defined before,
 * with the pending call that stopped it, if that is what did. */
static void add_failed(Parser *p, const Func *f)
{
	if (!f || find_func(p, f->name) || map_get(&p->failmap, f->name) >= 0)
		return;
	long call = p->npending && p->pending[p->npending - 1].caller == f ? (long)p->npending - 1 : -1;
	p->failed = arena_room(p->arena, p->failed, p->nfailed, sizeof *p->failed);
	p->failed[p->nfailed] = (Failed){.f = f, .call = call, .next = -1};
	map_put(p->arena, &p->failmap, f->name, (long)p->nfailed++);
}

/* Each failed definition's call leads to at most one other (`next`), so
 * they form chains that may end in a cycle: mark the definitions on
 * cycles with the cycle's length.  Linear: each is walked once. */
static void find_cycles(Parser *p)
{
	for (size_t i = 0; i < p->nfailed; i++) {
		Failed *x = &p->failed[i];
		if (x->call >= 0 && !find_func(p, p->pending[x->call].name))
			x->next = map_get(&p->failmap, p->pending[x->call].name);
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
	long ci = map_get(&p->failmap, f);
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
		Func *f = find_func(p, c->name);
		long x = map_get(&p->failmap, c->name);
		if (f)
			diag_error(p->diag, c->loc,
			           "'%s' is defined below, at line %d: a function may call only functions "
			           "defined above it (so no recursion)",
			           f->name, f->loc.line);
		else if (x >= 0)
			report_failed_call(p, c, &p->failed[x]);
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
	scan_definitions(&p, src);
	lex_init(&p.lx, src, diag);
	next(&p);
	while (p.tok.kind != T_EOF) {
		if (p.tok.kind == T_NEWLINE) {
			next(&p);
			continue;
		}
		int line = p.tok.loc.line;
		bool ok = false;
		if (p.tok.kind == T_NAME)
			ok = parse_definition(&p);
		else
			error_at_tok(&p, "a definition 'name(args) = expression'");
		if (!ok)
			add_failed(&p, p.cur);
		p.cur = NULL;
		p.nreads = 0;
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
