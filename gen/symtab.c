/* symtab.c: the parser's names (parse_priv.h): the tables of a
 * definition's arguments and sequences and of the file's functions, the
 * lookups of each kind of name, and the built-ins a name the file
 * declares shadows. */
#include "parse_priv.h"

#include <string.h>

static uint64_t hash_str(const char *s)
{
	uint64_t h = 1469598103934665603u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211u;
	return h;
}

void ps_map_reset(NameMap *m)
{
	m->n = 0;
	if (++m->stamp == 0) { /* after 2^32 resets: clear once */
		if (m->slot)
			memset(m->slot, 0, m->cap * sizeof *m->slot);
		m->stamp = 1;
	}
}

long ps_map_get(const NameMap *m, const char *s)
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
void ps_map_put(Arena *a, NameMap *m, const char *s, long v)
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

Func *ps_find_func(Parser *p, const char *name)
{
	for (size_t i = hash_str(name) & (p->table_cap - 1);; i = (i + 1) & (p->table_cap - 1)) {
		if (!p->table[i])
			return NULL;
		if (strcmp(p->table[i]->name, name) == 0)
			return p->table[i];
	}
}

void ps_add_func(Parser *p, Func *f)
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

int ps_find_arg(Parser *p, const char *s)
{
	return p->cur ? (int)ps_map_get(&p->args, s) : -1;
}

/* Gufunc names: a bound index, a core dimension, a sequence, an output. */
int ps_find_index(Parser *p, const char *s)
{
	for (int l = 0; l < DAG_MAX_LEVEL; l++)
		if (p->idxname[l] && strcmp(p->idxname[l], s) == 0)
			return l;
	return -1;
}

int ps_find_dim(const Gufunc *g, const char *s)
{
	for (int d = 0; g && d < g->ndims; d++)
		if (strcmp(g->dimname[d], s) == 0)
			return d;
	return -1;
}

int ps_find_seq(Parser *p, const char *s)
{
	return p->cur && p->cur->gu ? (int)ps_map_get(&p->seqs, s) : -1;
}

int ps_find_out(const Func *f, const char *s)
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
const Builtin *ps_visible_builtin(Parser *p, const char *s)
{
	const Builtin *b = builtin_lookup(s);
	if (!b || ps_map_get(&p->defined, s) >= 0)
		return NULL;
	if (p->cur && (ps_find_arg(p, s) >= 0 || ps_find_index(p, s) >= 0 || ps_find_dim(p->cur->gu, s) >= 0 ||
	               ps_find_seq(p, s) >= 0 || ps_find_out(p->cur, s) >= 0))
		return NULL;
	return b;
}

/* A note where a name the file declares hides a built-in: `what` says
 * which (as "the argument"), `where` over what part of the file.  None
 * for a name symkern refuses (B_UNSUPPORTED: beta, zeta, re, ...): hiding
 * it loses nothing, and physicists name their variables so. */
void ps_note_shadow(Parser *p, Loc at, const char *s, const char *what, const char *where)
{
	const Builtin *b = builtin_lookup(s);
	if (b && b->kind != B_UNSUPPORTED)
		diag_note(p->diag, at, "%s '%s' shadows the built-in %s %s", what, s, s, where);
}

/* The names of the functions the file defines, before parsing it: a
 * definition starts a line with NAME '(' outside parentheses (a gufunc's
 * lines start NAME '[').
 * Only built-ins' names need keeping (ps_visible_builtin).  Lexes with a
 * diagnostics counter that prints nothing: parsing reports the errors. */
void ps_scan_definitions(Parser *p, const Source *src)
{
	Diag quiet = {.src = src};
	Lexer lx;
	lex_init(&lx, src, &quiet);
	bool start = true;
	for (Token t = lex_next(&lx); t.kind != T_EOF; t = lex_next(&lx)) {
		if (start && t.kind == T_NAME) {
			Token u = lex_next(&lx);
			char *s = u.kind == T_LPAREN ? tok_str(p, t) : NULL;
			if (s && builtin_lookup(s) && ps_map_get(&p->defined, s) < 0)
				ps_map_put(p->arena, &p->defined, s, 0);
			t = u;
		}
		start = t.kind == T_NEWLINE;
	}
}
