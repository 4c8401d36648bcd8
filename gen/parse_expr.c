/* parse_expr.c: the expression grammar (parse_priv.h), one function per
 * rule, each with its EBNF: operators, numbers, names and calls.
 * Precedence follows Python, whose syntax SymPy's str() prints:
 *   comparison < '|' < '&' < '+' '-' < '*' '/' < unary '-' '+' '~' < '**' */
#include "parse_priv.h"

#include <float.h>
#include <stdio.h>
#include <string.h>

static Node *parse_unary(Parser *p);

/* args = expr { ',' expr }   (inside the parentheses of a call; ')' follows)
 * Returns the count, or -1 after an error. */
int parse_args(Parser *p, Node ***out, Loc *locs, int maxlocs)
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
	const Builtin *b = ps_visible_builtin(p, s);
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
	Func *f = ps_find_func(p, s);
	if (!f) {
		if (p->cur && strcmp(s, p->cur->name) == 0)
			diag_error(p->diag, name.loc, "'%s' calls itself: recursion is not supported", s);
		else if (p->cur && ps_find_arg(p, s) >= 0)
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
	if (n < 0 || !ps_expect(p, T_RPAREN, "')'", open))
		return NULL;
	char what[LEX_MAX_IDENT + 20];
	snprintf(what, sizeof what, "an argument of '%s'", s);
	for (int i = 0; i < n; i++)
		ps_want(p, a[i], TY_REAL, name.loc, what);
	if (n != f->nargs) {
		diag_error(p->diag, name.loc, "'%s' takes %d argument%s, got %d (defined at %d:%d)", s,
		           f->nargs, f->nargs == 1 ? "" : "s", n, f->loc.line, f->loc.col);
		return NULL;
	}
	return dag_ucall(p->dag, f, a);
}

/* A ccode constant (M_PI_2): its SymPy spelling (pi/2) parsed in its
 * place, so that both give the same code.  The texts are mathfn.c's, fixed
 * and valid (tests/unit/test_parse.c checks each). */
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
		if (!e || !ps_expect(p, T_RPAREN, "')'", t.loc))
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
		int i = ps_find_arg(p, s);
		Gufunc *g = p->cur ? p->cur->gu : NULL;
		if (i >= 0 && g && g->argdim[i] >= 0) {
			diag_error(p->diag, t.loc, "'%s' is a vector: index it, as in '%s[k]'", s, s);
			return NULL;
		}
		if (i >= 0)
			return dag_arg(p->dag, p->cur, i);
		if (g && (i = ps_find_index(p, s)) >= 0)
			return dag_gu(p->dag, N_INDEX, p->cur, -1, i, 0, NULL, 0);
		if (g && (i = ps_find_dim(g, s)) >= 0)
			return g->dimsize[i] >= 0 ? dag_const(p->dag, num_int(g->dimsize[i]))
			                          : dag_gu(p->dag, N_DIM, p->cur, i, -1, 0, NULL, 0);
		if (g && (ps_find_seq(p, s) >= 0 || ps_find_out(p->cur, s) >= 0)) {
			diag_error(p->diag, t.loc, "'%s' is a sequence: index it, as in '%s[k - 1]'", s, s);
			return NULL;
		}
		const Builtin *b = ps_visible_builtin(p, s);
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
		if (ps_find_func(p, s))
			diag_error(p->diag, t.loc, "'%s' is a function; call it with arguments", s);
		else
			diag_error(p->diag, t.loc, "undefined symbol '%s' (not an argument of '%s')", s,
			           p->cur->name);
		return NULL;
	}
	default:
		ps_error_at_tok(p, "an expression");
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
	if (!e)
		return NULL;
	ps_want(p, b, TY_REAL, at, "'**'");
	ps_want(p, e, TY_REAL, op, "'**'");
	return ps_power(p, b, e, op);
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
		if (!a) {
			r = NULL;
		} else if (t.kind == T_TILDE) {
			ps_want(p, a, TY_BOOL, t.loc, "'~'");
			r = dag_op(p->dag, N_NOT, a, NULL);
		} else {
			ps_want(p, a, TY_REAL, t.loc, t.kind == T_MINUS ? "unary '-'" : "unary '+'");
			r = t.kind == T_MINUS ? dag_op(p->dag, N_NEG, a, NULL) : a;
		}
	} else {
		r = parse_power(p);
	}
	p->depth--;
	return r;
}

/* A left-associative binary level: operand { op operand }. */
typedef Node *(*Level)(Parser *);

/* The operand after binary operator p->tok (consumed), whose left operand
 * is a: both must be of type `want`; NULL after an error. */
static Node *right_operand(Parser *p, Level operand, Node *a, Type want)
{
	Token t = p->tok;
	char what[16];
	snprintf(what, sizeof what, "'%.*s'", (int)t.len, t.text);
	next(p);
	Node *b = operand(p);
	if (b) {
		ps_want(p, a, want, t.loc, what);
		ps_want(p, b, want, t.loc, what);
	}
	return b;
}

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
		Node *b = right_operand(p, operand, a, boolean ? TY_BOOL : TY_REAL);
		if (!b)
			return NULL;
		if (nodes[k] == N_DIV && b->op == N_CONST && b->type == TY_REAL && num_cmp(b->val, num_int(0)) == 0) {
			diag_error(p->diag, t.loc, "division by zero");
			return NULL;
		}
		a = dag_checked(p->diag, dag_op(p->dag, nodes[k], a, b), t.loc);
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
		Node *b = right_operand(p, parse_bitor, a, TY_REAL);
		if (!b)
			return NULL;
		Node *r = dag_op(p->dag, op, a, b);
		acc = acc ? dag_op(p->dag, N_AND, acc, r) : r;
		a = b;
	}
	return NULL;
}

/* expr = comparison */
Node *parse_expr(Parser *p)
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

Node *parse_line_expr(Parser *p, const char *what)
{
	Node *e = parse_expr(p);
	if (e && p->tok.kind != T_NEWLINE && p->tok.kind != T_EOF) {
		char expected[80];
		snprintf(expected, sizeof expected, "end of line after %s", what);
		ps_error_at_tok(p, expected);
		return NULL;
	}
	return e;
}
