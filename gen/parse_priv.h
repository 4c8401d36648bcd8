/* parse_priv.h: what the files of the parser share, and no other stage
 * sees: the state Parser of one parse, its tables, and the functions one
 * file calls in another.
 *   parse.c       the program and its definitions (parse_program,
 *                 parse.h); the reports every file makes; the calls of
 *                 names not defined above, reported at the end
 *   parse_expr.c  expressions: operators, numbers, names, calls
 *   builtins.c    calls of built-ins: their arguments, counted and
 *                 typed, as N_BUILTIN nodes for the lower stage (lower.c)
 *   parse_gu.c    the gufunc grammar: sizes, outputs, the body's lines,
 *                 element reads, Sum and Product
 *   symtab.c      the names: arguments, sequences, functions, and the
 *                 built-ins they shadow
 * A grammar rule's function is parse_RULE; the other functions that one
 * file calls in another are prefixed ps_ (parser-shared). */
#ifndef SYMKERN_PARSE_PRIV_H
#define SYMKERN_PARSE_PRIV_H

#include "lex.h"
#include "parse.h"

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
	NameMap defined; /* the names the file defines functions of (ps_scan_definitions) */
	Failed *failed;
	size_t nfailed;
	/* Inside a gufunc: */
	const char *idxname[DAG_MAX_LEVEL]; /* the index bound at each level */
	const GuFrame *frame; /* the innermost open Sum */
	int step;        /* 0: no sequence term; 1: base case step_c; 2: rule for k >= step_c */
	long step_c;
	int curseq;      /* the sequence whose term this is */
	int *pdims;      /* parse_params: each argument's core dimension, or -1 */
} Parser;

/* Reads the next token into p->tok. */
static inline void next(Parser *p)
{
	p->tok = lex_next(&p->lx);
}

/* Token t's text, as a string in the arena. */
static inline char *tok_str(Parser *p, Token t)
{
	return arena_strndup(p->arena, t.text, t.len);
}

/* parse.c: the reports of a token not as expected (ps_expect consumes
 * one of kind k, or reports; for ')' naming where it opened); an operand
 * n that must be of type `want` (a TypeUse for the check of types). */
void ps_error_at_tok(Parser *p, const char *expected);
bool ps_expect(Parser *p, TokKind k, const char *what, Loc open);
void ps_want(Parser *p, const Node *n, Type want, Loc at, const char *what);

/* parse_expr.c: an expression, or NULL after an error; one that must end
 * the line (`what` names it in the report); a call's arguments (their
 * count, or -1 after an error). */
Node *parse_expr(Parser *p);
Node *parse_line_expr(Parser *p, const char *what);
int parse_args(Parser *p, Node ***out, Loc *locs, int maxlocs);

/* builtins.c: a call of built-in b, its '(' next, or NULL after an
 * error; b**e, for '**' at `at`. */
Node *parse_builtin_call(Parser *p, const Builtin *b, Token name);
Node *ps_power(Parser *p, Node *b, Node *e, Loc at);

/* parse_gu.c: an element read or a sequence's term, its '[' next; a Sum
 * or Product, its '(' next; a size (its dimension's number, or -1); a
 * gufunc's outputs and body (false after an error). */
Node *parse_indexed(Parser *p, Token name);
Node *parse_sum(Parser *p, Token name, bool prod);
int parse_dim(Parser *p, Func *f);
bool parse_outputs(Parser *p, Func *f);
bool parse_body(Parser *p, Func *f);

/* symtab.c: the name maps (ps_map_get: the value of s, or -1); the
 * functions defined so far (ps_find_func: by name, or NULL); the number
 * of an argument, index level, core dimension, sequence or output named
 * s in the definition being parsed, or -1; the built-in s means here, or
 * NULL; a note where a declared name hides a built-in; the names of the
 * functions the file defines, before parsing it. */
void ps_map_reset(NameMap *m);
long ps_map_get(const NameMap *m, const char *s);
void ps_map_put(Arena *a, NameMap *m, const char *s, long v);
Func *ps_find_func(Parser *p, const char *name);
void ps_add_func(Parser *p, Func *f);
int ps_find_arg(Parser *p, const char *s);
int ps_find_index(Parser *p, const char *s);
int ps_find_dim(const Gufunc *g, const char *s);
int ps_find_seq(Parser *p, const char *s);
int ps_find_out(const Func *f, const char *s);
const Builtin *ps_visible_builtin(Parser *p, const char *s);
void ps_note_shadow(Parser *p, Loc at, const char *s, const char *what, const char *where);
void ps_scan_definitions(Parser *p, const Source *src);

#endif
