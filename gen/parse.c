/* parse.c: the .sym grammar, one function per rule, each with its EBNF.
 * Precedence follows Python, whose syntax SymPy's str() prints:
 *   comparison < '|' < '&' < '+' '-' < '*' '/' < unary '-' '+' '~' < '**'
 * Errors are reported where found; the definition is then abandoned and
 * parsing resumes at the next definition, so all errors of a file are
 * reported. */
#include "parse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lex.h"
#include "names.h"

typedef struct {
	const char *name;
	Loc loc;
} Pending;

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
	if ((size_t)p->prog->nfuncs * 2 >= p->table_cap) {
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
	if (p->prog->nfuncs % 64 == 0)
		p->prog->funcs = arena_grow(p->arena, p->prog->funcs, (size_t)p->prog->nfuncs,
		                            (size_t)p->prog->nfuncs + 64, sizeof *p->prog->funcs);
	p->prog->funcs[p->prog->nfuncs++] = f;
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

static int find_arg(Parser *p, const char *s)
{
	for (int i = 0; p->cur && i < p->cur->nargs; i++)
		if (strcmp(p->cur->args[i], s) == 0)
			return i;
	return -1;
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
		diag_error(p->diag, at, "'%s' takes %d to %d arguments, got %d", name, lo, hi, n);
	return false;
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
	for (int i = 0; i < n; i++)
		if (logic ? !want_bool(p, a[i], i < 3 ? locs[i] : name.loc, nm)
		          : !want_real(p, a[i], i < 3 ? locs[i] : name.loc, nm))
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
	{
		Node *den = dag_call(d, MF_LOG, &a[1]);
		if (den->op == N_CONST && num_cmp(den->val, num_int(0)) == 0) {
			diag_error(p->diag, locs[1], "log base 1: division by zero");
			return NULL;
		}
		return checked(p, dag_op(d, N_DIV, dag_call(d, MF_LOG, &a[0]), den), name.loc);
	}
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
		return dag_op(d, N_NOT, a[0], NULL);
	default:
		diag_error(p->diag, name.loc, "'%s' is not a function", nm);
		return NULL;
	}
}

static void add_pending(Parser *p, const char *name, Loc at)
{
	if (p->npending == p->cap_pending) {
		size_t cap = p->cap_pending ? p->cap_pending * 2 : 16;
		p->pending = arena_grow(p->arena, p->pending, p->npending, cap, sizeof *p->pending);
		p->cap_pending = cap;
	}
	p->pending[p->npending++] = (Pending){name, at};
}

/* call = NAME '(' [ args ] ')' */
static Node *parse_call(Parser *p, Token name)
{
	char *s = tok_str(p, name);
	const Builtin *b = builtin_lookup(s);
	if (b && b->kind == B_UNSUPPORTED) {
		diag_error(p->diag, name.loc, "%s", b->why);
		return NULL;
	}
	if (b && b->kind >= B_CONST_PI && b->kind <= B_FALSE) {
		diag_error(p->diag, name.loc, "'%s' is a constant, not a function", s);
		return NULL;
	}
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
	Loc open = p->tok.loc;
	next(p);
	Node **a;
	Loc locs[1];
	int n = parse_args(p, &a, locs, 0);
	if (n < 0 || !expect(p, T_RPAREN, "')'", open))
		return NULL;
	for (int i = 0; i < n; i++)
		if (!want_real(p, a[i], name.loc, "an argument of a function"))
			return NULL;
	if (n != f->nargs) {
		diag_error(p->diag, name.loc, "'%s' takes %d argument%s, got %d (defined at %d:%d)", s,
		           f->nargs, f->nargs == 1 ? "" : "s", n, f->loc.line, f->loc.col);
		return NULL;
	}
	return dag_ucall(p->dag, f, a);
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
			diag_error(p->diag, t.loc, "number out of range");
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
		char *s = tok_str(p, t);
		int i = find_arg(p, s);
		if (i >= 0)
			return dag_arg(p->dag, p->cur, i);
		const Builtin *b = builtin_lookup(s);
		if (b) {
			switch (b->kind) {
			case B_CONST_PI: return dag_const(p->dag, num_real(3.14159265358979323846264338327950288L));
			case B_CONST_E: return dag_const(p->dag, dag_e());
			case B_TRUE: return dag_bool(p->dag, true);
			case B_FALSE: return dag_bool(p->dag, false);
			case B_UNSUPPORTED: diag_error(p->diag, t.loc, "%s", b->why); return NULL;
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
	return checked(p, dag_pow(p->dag, b, e), op);
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

/* params = NAME { ',' NAME }   (inside the definition's parentheses) */
static bool parse_params(Parser *p, Func *f)
{
	int cap = 0;
	if (p->tok.kind == T_RPAREN)
		return true;
	for (;;) {
		if (p->tok.kind != T_NAME) {
			error_at_tok(p, "an argument name");
			return false;
		}
		char *s = tok_str(p, p->tok);
		const Builtin *b = builtin_lookup(s);
		if (b) {
			diag_error(p->diag, p->tok.loc, "'%s' is a built-in name and cannot be an argument", s);
			return false;
		}
		for (int i = 0; i < f->nargs; i++)
			if (strcmp(f->args[i], s) == 0) {
				diag_error(p->diag, p->tok.loc, "duplicate argument '%s'", s);
				return false;
			}
		if (f->nargs == PARSE_MAX_ARGS) {
			diag_error(p->diag, p->tok.loc, "more than %d arguments", PARSE_MAX_ARGS);
			return false;
		}
		if (f->nargs == cap) {
			f->args = arena_grow(p->arena, f->args, (size_t)f->nargs, (size_t)(cap ? 2 * cap : 8),
			                     sizeof *f->args);
			f->argloc = arena_grow(p->arena, f->argloc, (size_t)f->nargs,
			                       (size_t)(cap ? 2 * cap : 8), sizeof *f->argloc);
			cap = cap ? 2 * cap : 8;
		}
		f->argloc[f->nargs] = p->tok.loc;
		f->args[f->nargs++] = s;
		next(p);
		if (p->tok.kind != T_COMMA)
			return true;
		next(p);
	}
}

/* definition = NAME '(' [ params ] ')' '=' expr ( NEWLINE | EOF ) */
static bool parse_definition(Parser *p)
{
	Token name = p->tok;
	char *s = tok_str(p, name);
	Func *f = arena_alloc(p->arena, sizeof *f);
	f->name = s;
	f->loc = name.loc;
	f->index = p->prog->nfuncs;
	p->cur = f;
	next(p);
	const Builtin *b = builtin_lookup(s);
	Func *old = find_func(p, s);
	if (b) {
		diag_error(p->diag, name.loc, "'%s' is a built-in name and cannot be redefined", s);
		return false;
	}
	if (old) {
		diag_error(p->diag, name.loc, "redefinition of '%s' (first defined at %d:%d)", s,
		           old->loc.line, old->loc.col);
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
	    !expect(p, T_RPAREN, "')' or ','", open) || !expect(p, T_ASSIGN, "'='", open))
		return false;
	f->used = arena_alloc(p->arena, (size_t)(f->nargs ? f->nargs : 1));
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
	f->root = e;
	/* Used means reachable: an argument only in a branch that folded away
	 * is unused too (and the C compiler would say so). */
	memset(f->used, 0, (size_t)f->nargs);
	Node **order;
	size_t nn = dag_schedule(p->dag, e, &order);
	for (size_t i = 0; i < nn; i++)
		if (order[i]->op == N_ARG)
			f->used[order[i]->index] = true;
	f->cargs = arena_alloc(p->arena, (size_t)(f->nargs ? f->nargs : 1) * sizeof *f->cargs);
	for (int i = 0; i < f->nargs; i++) {
		f->cargs[i] = names_c_arg(p->arena, f->args[i], p->prog->lib);
		if (!f->used[i])
			diag_warning(p->diag, f->argloc[i], "argument '%s' of '%s' is unused", f->args[i], s);
	}
	add_func(p, f);
	return true;
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
		p.cur = NULL;
		if (!ok)
			recover(&p, line);
		else if (p.tok.kind == T_NEWLINE)
			next(&p);
	}
	for (size_t i = 0; i < p.npending; i++) {
		Func *f = find_func(&p, p.pending[i].name);
		if (f)
			diag_error(diag, p.pending[i].loc,
			           "'%s' is defined below, at line %d: a function may call only functions "
			           "defined above it (so no recursion)",
			           f->name, f->loc.line);
		else
			diag_error(diag, p.pending[i].loc, "unknown function '%s'", p.pending[i].name);
	}
	return diag->errors;
}
