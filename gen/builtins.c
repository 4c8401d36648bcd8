/* builtins.c: calls of built-in functions (parse_priv.h): their
 * arguments parsed and checked (count and type), each call an N_BUILTIN
 * node that the lower stage (lower.c) replaces, its locations recorded
 * in Program.sites; '**' and pow(b, e) likewise. */
#include "parse_priv.h"

#include <stdio.h>

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

/* The node of a call of built-in kind (fn its MathFn) over a (n of them),
 * written at `at`, its first arguments at locs[0..2] (NULL: unknown). */
static Node *call(Parser *p, BuiltinKind kind, MathFn fn, Node **a, int n, Loc at, const Loc *locs)
{
	Program *g = p->prog;
	g->sites = arena_room(p->arena, g->sites, g->nsites, sizeof *g->sites);
	CallSite *s = &g->sites[g->nsites];
	*s = (CallSite){.at = at};
	for (int i = 0; locs && i < 3 && i < n; i++)
		s->arg[i] = locs[i];
	return dag_builtin(p->dag, kind, fn, p->cur, (long)g->nsites++, a, n);
}

/* The fewest and most arguments of built-in b; false if it is not a
 * function. */
static bool arity_of(const Builtin *b, int *lo, int *hi)
{
	*lo = *hi = 1;
	switch (b->kind) {
	case B_MATH:
		*lo = *hi = mathfn_info[b->fn].arity;
		return true;
	case B_RECIP: case B_SIGN: case B_NOT: case B_FACTORIAL:
		return true;
	case B_LAMBERTW: case B_LOG: case B_HEAVISIDE: case B_ELLIPE: case B_ZETA:
		*hi = 2;
		return true;
	case B_BESSEL: case B_POLYGAMMA: case B_POW: case B_EQ: case B_NE: case B_BINOMIAL:
	case B_LOGADDEXP: case B_LOGADDEXP2: case B_MOD:
		*lo = *hi = 2;
		return true;
	case B_MINMAX: case B_AND: case B_OR:
		*hi = PARSE_MAX_ARGS;
		return true;
	case B_SINC: case B_COSM1: case B_SECH: case B_CSCH: case B_ACOT: case B_ASEC: case B_ACSC:
	case B_ASECH: case B_ACSCH: case B_ACOTH: case B_FRAC:
		return true;
	default:
		return false;
	}
}

/* An expression of a Piecewise pair, which must be of type want (recorded
 * for the check of types), or NULL. */
static Node *piece(Parser *p, Type want, const char *what)
{
	const Loc at = p->tok.loc;
	Node *e = parse_expr(p);
	if (e)
		ps_want(p, e, want, at, what);
	return e;
}

/* piecewise = 'Piecewise' '(' pair { ',' pair } ')'
 * pair      = '(' expr ',' expr ')'
 * Evaluates to NaN where no condition holds, as SymPy's Piecewise does. */
static Node *parse_piecewise(Parser *p, Loc name, Loc open)
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
		if (!ps_expect(p, T_LPAREN, "'(' starting a Piecewise pair (expr, condition)", po) ||
		    !(val[n] = piece(p, TY_REAL, "a Piecewise value")) ||
		    !ps_expect(p, T_COMMA, "',' between a Piecewise value and its condition", po) ||
		    !(cond[n] = piece(p, TY_BOOL, "a Piecewise condition")) || !ps_expect(p, T_RPAREN, "')'", po))
			return NULL;
		n++;
	} while (p->tok.kind == T_COMMA);
	if (!ps_expect(p, T_RPAREN, "')'", open))
		return NULL;
	Node *pairs[2 * MAXPAIRS];
	for (int i = 0; i < n; i++) {
		pairs[2 * i] = val[i];
		pairs[2 * i + 1] = cond[i];
	}
	return call(p, B_PIECEWISE, MF_COUNT, pairs, 2 * n, name, NULL);
}

Node *parse_builtin_call(Parser *p, const Builtin *b, Token name)
{
	Loc open = p->tok.loc;
	next(p); /* '(' */
	if (b->kind == B_PIECEWISE)
		return parse_piecewise(p, name.loc, open);

	Node **a;
	Loc locs[3];
	int n = parse_args(p, &a, locs, 3);
	if (n < 0 || !ps_expect(p, T_RPAREN, "')'", open))
		return NULL;
	bool logic = b->kind == B_AND || b->kind == B_OR || b->kind == B_NOT;
	char what[LEX_MAX_IDENT + 3];
	snprintf(what, sizeof what, "'%s'", b->name);
	for (int i = 0; i < n; i++)
		ps_want(p, a[i], logic ? TY_BOOL : TY_REAL, i < 3 ? locs[i] : name.loc, what);
	int lo, hi;
	if (!arity_of(b, &lo, &hi)) {
		diag_error(p->diag, name.loc, "'%s' is not a function", b->name);
		return NULL;
	}
	if (!arity(p, b->name, n, lo, hi, name.loc))
		return NULL;
	return call(p, b->kind, b->fn, a, n, name.loc, locs);
}

/* b**e, for '**' and pow(b, e), at `at`. */
Node *ps_power(Parser *p, Node *b, Node *e, Loc at)
{
	Node *two[2] = {b, e};
	return call(p, B_POW, MF_COUNT, two, 2, at, NULL);
}
