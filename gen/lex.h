/* lex.h: tokens of the .sym format.  Newlines end a definition only outside
 * parentheses, as in Python, so a definition may continue over lines while a
 * parenthesis is open. */
#ifndef SYMKERN_LEX_H
#define SYMKERN_LEX_H

#include "diag.h"

typedef enum {
	T_EOF,
	T_NEWLINE,
	T_NAME,
	T_NUMBER,
	T_LPAREN,
	T_RPAREN,
	T_COMMA,
	T_ASSIGN, /* = */
	T_PLUS,
	T_MINUS,
	T_STAR,
	T_SLASH,
	T_POW, /* ** */
	T_LT,
	T_LE,
	T_GT,
	T_GE,
	T_EQ, /* == : refused with a hint to write Eq(a, b) */
	T_NE, /* != : likewise Ne(a, b) */
	T_AMP,
	T_PIPE,
	T_TILDE,
	T_LBRACKET,
	T_RBRACKET,
	T_ARROW, /* -> */
	T_COLON,
	T_ERROR /* a byte that starts no token; already reported */
} TokKind;

typedef struct {
	TokKind kind;
	Loc loc;
	const char *text; /* points into the source */
	size_t len;
} Token;

/* SymPy prints a Float with all its digits: Float(pi, 500) takes 501. */
enum { LEX_MAX_IDENT = 255, LEX_MAX_NUMBER = 1000 };

typedef struct {
	const Source *src;
	Diag *diag;
	size_t pos;
	int line;
	size_t line_start;
	int depth;          /* open parentheses */
	Loc open[64];       /* where the innermost ones opened, for messages */
} Lexer;

void lex_init(Lexer *lx, const Source *src, Diag *diag);
Token lex_next(Lexer *lx);
/* Error recovery: skip the rest of the line and the indented lines after it
 * (they continue the bad definition) and forget open parentheses; with a
 * parenthesis open, also the lines after it that cannot start a definition
 * (the rest of a multi-line expression). */
void lex_skip_definition(Lexer *lx);
/* Likewise from the start of a line: skip the indented lines there. */
void lex_skip_indented(Lexer *lx);
/* Error recovery: lex again from `at` (a token that starts a line) with no
 * parenthesis open. */
void lex_rewind(Lexer *lx, Loc at);
const char *tok_name(TokKind k);

#endif
