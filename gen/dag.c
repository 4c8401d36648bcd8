/* dag.c: see dag.h. */
#include "dag.h"

#include <assert.h>
#include <math.h>
#include <string.h>

void dag_init(Dag *d, Arena *a)
{
	memset(d, 0, sizeof *d);
	d->arena = a;
	d->cap = 1024;
	d->table = arena_alloc(a, d->cap * sizeof *d->table);
}

static uint64_t mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9E3779B97F4A7C15u + (h << 6) + (h >> 2);
	return h;
}

static bool same(const Node *a, const Node *b)
{
	if (a->op != b->op || a->type != b->type || a->nkids != b->nkids || a->fn != b->fn ||
	    a->func != b->func || a->index != b->index || a->level != b->level || a->off != b->off ||
	    !num_same(a->val, b->val))
		return false;
	for (int i = 0; i < a->nkids; i++)
		if (a->kids[i] != b->kids[i])
			return false;
	return true;
}

static void rehash(Dag *d)
{
	size_t cap = d->cap * 2;
	Node **t = arena_alloc(d->arena, cap * sizeof *t);
	for (size_t i = 0; i < d->cap; i++)
		for (Node *n = d->table[i], *next; n; n = next) {
			next = n->hnext;
			n->hnext = t[n->hash & (cap - 1)];
			t[n->hash & (cap - 1)] = n;
		}
	d->table = t;
	d->cap = cap;
}

/* A new node like *tmpl, with the next id and its operands' dependences. */
static Node *make(Dag *d, const Node *tmpl)
{
	Node *n = arena_alloc(d->arena, sizeof *n);
	*n = *tmpl;
	n->kids = arena_alloc(d->arena, (size_t)(tmpl->nkids ? tmpl->nkids : 1) * sizeof *n->kids);
	if (tmpl->nkids)
		memcpy(n->kids, tmpl->kids, (size_t)tmpl->nkids * sizeof *n->kids);
	d->nodes = arena_room(d->arena, d->nodes, (size_t)d->next_id, sizeof *d->nodes);
	d->nodes[d->next_id] = n;
	n->id = d->next_id++;
	for (int i = 0; i < n->nkids; i++)
		n->deps |= n->kids[i]->deps;
	return n;
}

/* The one node equal to *tmpl, created if new. */
static Node *intern(Dag *d, const Node *tmpl)
{
	uint64_t h = mix(mix(mix((uint64_t)tmpl->op, (uint64_t)tmpl->type), (uint64_t)tmpl->fn),
	                 (uint64_t)tmpl->index);
	h = mix(h, num_hash(tmpl->val));
	h = mix(mix(h, (uint64_t)tmpl->level), (uint64_t)tmpl->off);
	h = mix(h, tmpl->func ? (uint64_t)tmpl->func->index + 1 : 0);
	for (int i = 0; i < tmpl->nkids; i++)
		h = mix(h, (uint64_t)tmpl->kids[i]->id);
	for (Node *n = d->table[h & (d->cap - 1)]; n; n = n->hnext)
		if (n->hash == h && same(n, tmpl))
			return n;
	Node *n = make(d, tmpl);
	n->hash = h;
	n->hnext = d->table[h & (d->cap - 1)];
	d->table[h & (d->cap - 1)] = n;
	if (++d->count > d->cap)
		rehash(d);
	return n;
}

static Node blank(Op op, Type type)
{
	return (Node){.op = op, .type = type, .fn = MF_COUNT, .index = -1, .level = -1,
	              .val = {.exact = true, .q = 1}};
}

Node *dag_const(Dag *d, Num v)
{
	Node t = blank(N_CONST, TY_REAL);
	t.val = v;
	return intern(d, &t);
}

Node *dag_bool(Dag *d, bool v)
{
	Node t = blank(N_CONST, TY_BOOL);
	t.val = num_int(v);
	return intern(d, &t);
}

Node *dag_nan(Dag *d)
{
	Node t = blank(N_NAN, TY_REAL);
	return intern(d, &t);
}

Node *dag_arg(Dag *d, Func *f, int index)
{
	Node t = blank(N_ARG, TY_REAL);
	t.func = f;
	t.index = index;
	return intern(d, &t);
}

Node *dag_gu(Dag *d, Op op, Func *f, int index, int level, long off, Node **kids, int nkids)
{
	Node t = blank(op, TY_REAL);
	t.func = f;
	t.index = index;
	t.level = level;
	t.off = off;
	t.kids = kids;
	t.nkids = nkids;
	Node *n = intern(d, &t);
	/* Own dependences; a Sum's body depends on its bound index, the Sum
	 * does not (intern gave it its kids' dependences). */
	if (op == N_INDEX || op == N_INDPOW || op == N_INDFACT || (op == N_VREAD && level >= 0))
		n->deps |= 1u << level;
	if (op == N_SEQ)
		n->deps |= 1u;
	if (dag_is_red(op))
		n->deps = (kids[0]->deps & ~(1u << level)) | kids[1]->deps | kids[2]->deps;
	return n;
}

Node *dag_checked(Diag *diag, Node *n, Loc at)
{
	if (n && n->op == N_CONST && n->type == TY_REAL && !num_finite(n->val)) {
		diag_error(diag, at, "constant expression is not a finite real number");
		return NULL;
	}
	return n;
}

Num dag_e(void)
{
	return num_real(expl(1.0L));
}

bool dag_is_const(const Node *n, int64_t p, int64_t q)
{
	return n->op == N_CONST && n->type == TY_REAL && num_is_ratio(n->val, p, q);
}

static bool truth(const Node *n)
{
	return n->val.p != 0;
}

static Node *fold(Dag *d, Op op, Node *a, Node *b)
{
	Num x = a->val, y = b ? b->val : num_int(0);
	switch (op) {
	case N_NEG: return dag_const(d, num_neg(x));
	case N_ADD: return dag_const(d, num_add(x, y));
	case N_SUB: return dag_const(d, num_sub(x, y));
	case N_MUL: return dag_const(d, num_mul(x, y));
	case N_DIV: return dag_const(d, num_div(x, y));
	case N_LT: return dag_bool(d, num_cmp(x, y) < 0);
	case N_LE: return dag_bool(d, num_cmp(x, y) <= 0);
	case N_GT: return dag_bool(d, num_cmp(x, y) > 0);
	case N_GE: return dag_bool(d, num_cmp(x, y) >= 0);
	case N_EQ: return dag_bool(d, num_cmp(x, y) == 0);
	case N_NE: return dag_bool(d, num_cmp(x, y) != 0);
	case N_AND: return dag_bool(d, truth(a) && truth(b));
	case N_OR: return dag_bool(d, truth(a) || truth(b));
	case N_NOT: return dag_bool(d, !truth(a));
	default: return NULL;
	}
}

Node *dag_op(Dag *d, Op op, Node *a, Node *b)
{
	bool unary = op == N_NEG || op == N_NOT;
	if (a->op == N_CONST && (unary || b->op == N_CONST))
		return fold(d, op, a, b);
	switch (op) {
	case N_NEG:
	case N_NOT: /* an involution */
		if (a->op == op)
			return a->kids[0];
		break;
	case N_ADD:
	case N_SUB:
	case N_MUL:
	case N_DIV: { /* x + 0, 0 + x, x - 0; x * 1, 1 * x, x / 1 */
		int64_t id = op == N_ADD || op == N_SUB ? 0 : 1;
		if ((op == N_ADD || op == N_MUL) && dag_is_const(a, id, 1))
			return b;
		if (dag_is_const(b, id, 1))
			return a;
		break;
	}
	case N_AND:
	case N_OR: /* a constant operand decides (False & x, True | x) or drops out */
		for (int k = 0; k < 2; k++) {
			Node *c = k ? b : a, *x = k ? a : b;
			if (c->op == N_CONST)
				return truth(c) == (op == N_OR) ? c : x;
		}
		break;
	default:
		break;
	}
	/* Commutative operators: a fixed operand order, so b*a is a*b.  Exact in
	 * IEEE arithmetic, unlike reassociation, which is never done. */
	if ((op == N_ADD || op == N_MUL || op == N_EQ || op == N_NE || op == N_AND || op == N_OR) &&
	    a->id > b->id) {
		Node *t = a;
		a = b;
		b = t;
	}
	bool rel = op >= N_LT && op <= N_NOT;
	Node t = blank(op, rel ? TY_BOOL : TY_REAL);
	Node *kids[2] = {a, b};
	t.kids = kids;
	t.nkids = unary ? 1 : 2;
	return intern(d, &t);
}

Node *dag_select(Dag *d, Node *cond, Node *then, Node *otherwise)
{
	if (cond->op == N_CONST)
		return truth(cond) ? then : otherwise;
	if (then == otherwise)
		return then;
	Node t = blank(N_SELECT, then->type);
	Node *kids[3] = {cond, then, otherwise};
	t.kids = kids;
	t.nkids = 3;
	return intern(d, &t);
}

Node *dag_fallback(Dag *d, Node *cond, Node *value, Node *fallback)
{
	if (cond->op == N_CONST)
		return truth(cond) ? value : fallback;
	Node t = blank(N_FALLBACK, value->type);
	Node *kids[3] = {cond, value, fallback};
	t.kids = kids;
	t.nkids = 3;
	return intern(d, &t);
}

Node *dag_call(Dag *d, MathFn fn, Node **args)
{
	const MathFnInfo *mi = &mathfn_info[fn];
	bool allconst = true;
	for (int i = 0; i < mi->arity; i++)
		allconst = allconst && args[i]->op == N_CONST;
	if (allconst) {
		long double x = args[0]->val.v, r;
		if (mi->arity == 1)
			r = mi->fold1(x);
		else if (mi->arity == 2)
			r = mi->fold2(x, args[1]->val.v);
		else if (mi->arity == 3)
			r = mi->fold3(x, args[1]->val.v, args[2]->val.v);
		else {
			assert(mi->arity == 4 && args[3]); /* args holds mi->arity nodes */
			r = mi->fold4(x, args[1]->val.v, args[2]->val.v, args[3]->val.v);
		}
		if (fn == MF_FABS && args[0]->val.exact) /* stays exact */
			return dag_const(d, args[0]->val.p < 0 ? num_neg(args[0]->val) : args[0]->val);
		return dag_const(d, num_real(r));
	}
	Node t = blank(N_CALL, TY_REAL);
	t.fn = fn;
	t.kids = args;
	t.nkids = mi->arity;
	return intern(d, &t);
}

Node *dag_ucall(Dag *d, Func *f, Node **args)
{
	Node t = blank(N_UCALL, TY_REAL);
	t.func = f;
	t.kids = args;
	t.nkids = f->nargs;
	return intern(d, &t);
}

Node *dag_builtin(Dag *d, BuiltinKind kind, MathFn fn, Func *f, long site, Node **args, int nargs)
{
	bool logic = kind == B_EQ || kind == B_NE || kind == B_AND || kind == B_OR || kind == B_NOT;
	Node t = blank(N_BUILTIN, logic ? TY_BOOL : TY_REAL);
	t.index = (int)kind;
	t.fn = fn;
	t.func = f;
	t.off = site;
	t.kids = args;
	t.nkids = nargs;
	return make(d, &t);
}

Node *dag_copy(Dag *d, const Node *n, Node **kids)
{
	Node t = *n;
	t.kids = kids;
	t.hnext = NULL;
	t.deps = 0;
	Node *c = n->op == N_BUILTIN ? make(d, &t) : intern(d, &t);
	c->deps = n->deps; /* a reduction's are not its operands' (dag_gu) */
	return c;
}

Node *dag_scale(Dag *d, int e64, int e32)
{
	Node t = blank(N_SCALE, TY_REAL);
	t.off = e64;
	t.index = e32;
	return intern(d, &t);
}

/* x**n, n >= 1, by repeated squaring: x**12 = ((x*x*x)**2)**2, 4 multiplies. */
Node *dag_powi(Dag *d, Node *x, int64_t n)
{
	if (n == 1)
		return x;
	if (n % 2 == 0) {
		Node *h = dag_powi(d, x, n / 2);
		return dag_op(d, N_MUL, h, h);
	}
	return dag_op(d, N_MUL, dag_powi(d, x, n - 1), x);
}

enum { POWI_MAX = 64 };

/* x**5 and beyond: 4 or more roundings in a chain, so over 2 ulps in the
 * worst case; rewrite.c keeps the error of each step instead.  Negative
 * powers from x**(-2) on: 1/chain loses the result where the chain over-
 * or underflows; rewrite.c scales x by a power of 2 there. */
enum { POWI_COMPENSATED = 5, POWI_SCALED = -2 };
/* x**(-m/2) is scaled for odd m up to 63: beyond, the power of 2 that
 * undoes the scaling of a small x (2^m) would overflow float. */
enum { POWH_SCALED_MAX = 63 };

Node *dag_pow(Dag *d, Node *base, Node *e)
{
	if (base->op == N_CONST && e->op == N_CONST)
		return dag_const(d, num_pow(base->val, e->val));
	if (e->op == N_CONST) {
		int64_t n;
		Num v = e->val;
		if (num_is_int(v, &n) && n >= -POWI_MAX && n <= POWI_MAX) {
			if (n == 0)
				return dag_const(d, num_int(1));
			int64_t m = n < 0 ? -n : n;
			if (d->rewrite && (n >= POWI_COMPENSATED || n <= POWI_SCALED)) {
				Node t = blank(N_POWI, TY_REAL);
				t.kids = &base;
				t.nkids = 1;
				t.off = (long)n;
				return intern(d, &t);
			}
			Node *p = dag_powi(d, base, m);
			return n < 0 ? dag_op(d, N_DIV, dag_const(d, num_int(1)), p) : p;
		}
		/* Half-integers: x**(k + 1/2) = x**k * sqrt(x); from x**(-3/2)
		 * on, as for x**(-2), rewrite.c scales x where the product
		 * over- or underflows (an N_POWI of level 1: off halves). */
		if (v.exact && v.q == 2 && v.p >= -2 * POWI_MAX && v.p <= 2 * POWI_MAX) {
			int64_t k = (v.p < 0 ? -v.p : v.p) / 2;
			if (d->rewrite && v.p <= -3 && v.p >= -POWH_SCALED_MAX) {
				Node t = blank(N_POWI, TY_REAL);
				t.kids = &base;
				t.nkids = 1;
				t.off = (long)v.p;
				t.level = 1;
				return intern(d, &t);
			}
			Node *s = dag_call(d, MF_SQRT, &base);
			Node *p = k ? dag_op(d, N_MUL, dag_powi(d, base, k), s) : s;
			return v.p < 0 ? dag_op(d, N_DIV, dag_const(d, num_int(1)), p) : p;
		}
	}
	if (base->op == N_CONST && num_same(base->val, dag_e()))
		return dag_call(d, MF_EXP, &e);
	if (dag_is_const(base, 2, 1))
		return dag_call(d, MF_EXP2, &e);
	Node *args[2] = {base, e};
	return dag_call(d, MF_POW, args);
}

struct Frame {
	Node *node;
	int next;
};

size_t dag_schedule(Dag *d, Node *root, Node ***out)
{
	return dag_schedule_values(d, root, out, false);
}

size_t dag_schedule_values(Dag *d, Node *root, Node ***out, bool values)
{
	unsigned walk = ++d->walk;
	if ((size_t)d->next_id > d->mark_cap) {
		size_t cap = (size_t)d->next_id * 2;
		/* No copy: a stamp of an earlier walk never equals a later one. */
		d->mark = arena_alloc(d->arena, cap * sizeof *d->mark);
		d->mark_cap = cap;
	}
	unsigned *mark = d->mark;
	size_t n = 0, sp = 0;
	/* Buffers kept from one call to the next: a function's schedule is
	 * computed several times, and 10^4 functions would otherwise fill the
	 * arena with them. */
	if (!d->order_cap) {
		d->order_cap = d->stack_cap = 64;
		d->order = arena_alloc(d->arena, d->order_cap * sizeof *d->order);
		d->stack = arena_alloc(d->arena, d->stack_cap * sizeof(struct Frame));
	}
	struct Frame *stack = d->stack;
	stack[sp++] = (struct Frame){root, 0};
	mark[root->id] = walk;
	while (sp) {
		struct Frame *f = &stack[sp - 1];
		int nk = !values ? f->node->nkids : dag_is_red(f->node->op) ? 1 : f->node->op == N_FALLBACK ? 2 : f->node->nkids;
		if (f->next < nk) {
			Node *k = f->node->kids[f->next++];
			if (mark[k->id] == walk)
				continue;
			mark[k->id] = walk;
			if (sp == d->stack_cap) {
				d->stack = stack = arena_grow(d->arena, stack, sp, d->stack_cap * 2, sizeof *stack);
				d->stack_cap *= 2;
			}
			stack[sp++] = (struct Frame){k, 0};
			continue;
		}
		if (n == d->order_cap) {
			d->order = arena_grow(d->arena, d->order, n, d->order_cap * 2, sizeof *d->order);
			d->order_cap *= 2;
		}
		d->order[n++] = f->node;
		sp--;
	}
	*out = d->order;
	return n;
}

void *dag_side(Dag *d, SideTable *t, size_t elsize, Node *const *roots, int n)
{
	if ((size_t)d->next_id > t->cap) {
		t->cap = (size_t)d->next_id * 2;
		t->p = arena_alloc(d->arena, t->cap * elsize);
	}
	char *tab = t->p;
	for (int r = 0; r < n; r++) {
		Node **order;
		size_t m = dag_schedule(d, roots[r], &order);
		for (size_t i = 0; i < m; i++)
			memset(tab + (size_t)order[i]->id * elsize, 0, elsize);
	}
	return tab;
}

size_t dag_count_ops(Dag *d, Node *root)
{
	Node **order;
	size_t n = dag_schedule(d, root, &order), ops = 0;
	for (size_t i = 0; i < n; i++)
		ops += order[i]->op != N_CONST && order[i]->op != N_ARG && order[i]->op != N_NAN &&
		       order[i]->op != N_SCALE;
	return ops;
}
