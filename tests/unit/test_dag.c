/* test_dag.c: sharing (node counts after CSE), constant folding, the
 * lowering of powers, and the lower stage. */
#include <math.h>

#include "lower.h"

#include "tests.h"

typedef struct {
	const char *src;
	size_t ops; /* operation nodes reachable from f's root */
} Count;

static const Count counts[] = {
	{"f(x) = sin(x)**2 + sin(x)", 3},                  /* sin, *, + */
	{"f(x) = sin(x) + sin(x)*cos(x) + cos(x)", 5},      /* sin, cos, *, +, + */
	{"f(x, y) = x*y + y*x", 2},                         /* operands ordered: one product */
	{"f(x, y) = (x + y)*(y + x) - exp(x + y)", 4},
	{"f(x) = x**12", 4},                                /* x2, x3, x6, x12 */
	{"f(x) = x**8", 3},
	{"f(x) = x**(-3)", 3},                              /* x2, x3, 1/x3 */
	{"f(x) = x**(1/2)", 1},                             /* sqrt */
	{"f(x) = x**(3/2)", 2},                             /* x*sqrt(x) */
	{"f(x) = x**(-1/2)", 2},                            /* 1/sqrt(x) */
	{"f(x) = x**(1/3)", 1},                             /* pow */
	{"f(x) = x**100", 1},                               /* pow beyond the chain limit */
	{"f(x) = E**x", 1},
	{"f(x) = 2**x", 1},
	{"f(x) = x + 0", 0},
	{"f(x) = 1*x/1 - 0", 0},
	{"f(x) = -(-x)", 0},
	{"f(x) = 2*pi*x", 1},                               /* 2*pi folded */
	{"f(x) = sqrt(2)/2 + x", 1},
	{"f(x) = exp(1/3 + 1/6)*x", 1},
	{"f(x) = Piecewise((x, True), (0, True))", 0},
	{"f(x) = Piecewise((1, x > 0), (1, True))", 0},     /* both branches equal */
	{"g(x) = x**2\nf(x) = g(x) + g(x)", 2},             /* one call, one add */
	{"f(x) = Heaviside(x)", 6},                         /* 3 relations, 3 selects */
};

UNIT_TEST(test_counts, "cse", COUNT(counts))
{
	const Count *c = &counts[_i];
	Parsed *p = parse_ok(c->src);
	Func *f = parsed_func(p, "f");
	size_t n = dag_count_ops(&p->dag, f->root);
	ck_assert_msg(n == c->ops, "%s: %zu operations, want %zu", c->src, n, c->ops);
	parsed_free(p);
}
END_TEST

UNIT_TEST(test_folding_exact, "cse", 0)
{
	Parsed *p = parse_ok("f(x) = 1/3 + 1/6\ng(x) = 0.1*3\nh(x) = (2/3)**3\n");
	Node *f = parsed_func(p, "f")->root, *g = parsed_func(p, "g")->root,
	     *h = parsed_func(p, "h")->root;
	ck_assert_int_eq(f->op, N_CONST);
	ck_assert(num_is_ratio(f->val, 1, 2));
	ck_assert(num_is_ratio(g->val, 3, 10));
	ck_assert(num_is_ratio(h->val, 8, 27));
	parsed_free(p);
}
END_TEST

UNIT_TEST(test_folding_inexact, "cse", 0)
{
	Parsed *p = parse_ok("f(x) = sqrt(2)*sqrt(2)\ng(x) = 123456789012345678901234567890/3\n");
	Node *f = parsed_func(p, "f")->root, *g = parsed_func(p, "g")->root;
	ck_assert_int_eq(f->op, N_CONST);
	ck_assert(fabsl(num_value(f->val) - 2.0L) < 1e-18L);
	ck_assert(!g->val.exact);
	ck_assert(fabsl(num_value(g->val) / 41152263004115226300411522630.0L - 1) < 1e-18L);
	parsed_free(p);
}
END_TEST

UNIT_TEST(test_lowering_ops, "cse", 0)
{
	Parsed *p = parse_text("a(x) = E**x\nb(x) = 2**x\nc(x) = x**y\nd(x) = x**(1/2)\n"
	                       "e(x, y) = x**y\n");
	ck_assert_int_eq(p->errors, 1); /* c: y undefined */
	Node *a = parsed_func(p, "a")->root, *b = parsed_func(p, "b")->root,
	     *d = parsed_func(p, "d")->root, *e = parsed_func(p, "e")->root;
	ck_assert(a->op == N_CALL && a->fn == MF_EXP);
	ck_assert(b->op == N_CALL && b->fn == MF_EXP2);
	ck_assert(d->op == N_CALL && d->fn == MF_SQRT);
	ck_assert(e->op == N_CALL && e->fn == MF_POW);
	parsed_free(p);
}
END_TEST

/* The root of f: its operation, its two operands', whether those are one
 * node, and the operations reachable from it. */
typedef struct {
	const char *src;
	Op op, kid0, kid1;
	bool shared;
	size_t ops;
} Root;

static const Root roots[] = {
	/* A negative power is one division: 1/(x2, x3, x6, x12). */
	{"f(x) = x**(-12)\n", N_DIV, N_CONST, N_MUL, false, 5},
	/* Calls with equal arguments are one node; the callee is not inlined. */
	{"g(x) = exp(x)\nf(x) = g(x + 1)*g(1 + x)\n", N_MUL, N_UCALL, N_UCALL, true, 3},
};

UNIT_TEST(test_roots, "cse", COUNT(roots))
{
	const Root *r = &roots[_i];
	Parsed *p = parse_ok(r->src);
	Node *f = parsed_func(p, "f")->root;
	ck_assert_msg(f->op == r->op && f->nkids == 2, "%s: operation %d of %d operands", r->src, f->op, f->nkids);
	ck_assert_msg(f->kids[0]->op == r->kid0 && f->kids[1]->op == r->kid1, "%s: operands %d and %d", r->src,
	              f->kids[0]->op, f->kids[1]->op);
	ck_assert_msg((f->kids[0] == f->kids[1]) == r->shared, "%s: operands %s", r->src,
	              r->shared ? "not shared" : "shared");
	size_t n = dag_count_ops(&p->dag, f);
	ck_assert_msg(n == r->ops, "%s: %zu operations, want %zu", r->src, n, r->ops);
	parsed_free(p);
}
END_TEST

static size_t count_builtins(Dag *d, Node *root)
{
	Node **order;
	size_t n = dag_schedule(d, root, &order), b = 0;
	for (size_t i = 0; i < n; i++)
		b += order[i]->op == N_BUILTIN;
	return b;
}

/* The parser writes each call of a built-in as it reads it (N_BUILTIN,
 * '**' too); the lower stage leaves none, and folds what the parser left
 * unfolded (log(100, 10), 2**3, factorial(3)). */
UNIT_TEST(test_lower_stage, "lower", 0)
{
	Parsed *p = parse_unlowered("f(x) = sign(x)*log(100, 10) + Max(x, 2**3, factorial(3))\n"
	                            "g(v[n]) = Sum(v[k]*2**k/factorial(k), (k, 0, n - 1))\n");
	ck_assert_int_eq(p->errors, 0);
	Program *prog = &p->prog;
	ck_assert_uint_eq(count_builtins(&p->dag, prog->funcs[0]->root), 5); /* sign, log, Max, **, factorial */
	ck_assert_uint_eq(count_builtins(&p->dag, prog->gufuncs[0]->root), 2);
	ck_assert_int_eq(lower_program(&p->diag, &p->dag, prog), 0);
	ck_assert_uint_eq(count_builtins(&p->dag, prog->funcs[0]->root), 0);
	ck_assert_uint_eq(count_builtins(&p->dag, prog->gufuncs[0]->root), 0);
	long double x[1] = {3};
	ck_assert(eval_func(prog->funcs[0], x) == 10.0L); /* 1*2 + Max(3, 8, 6) */
	/* 2**k and k! in a Sum: computed a multiply a step */
	Node **order;
	size_t n = dag_schedule(&p->dag, prog->gufuncs[0]->root, &order), inc = 0;
	for (size_t i = 0; i < n; i++)
		inc += order[i]->op == N_INDPOW || order[i]->op == N_INDFACT;
	ck_assert_uint_eq(inc, 2);
	parsed_free(p);
}
END_TEST
