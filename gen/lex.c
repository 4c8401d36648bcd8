/* lex.c: see lex.h. */
#include "lex.h"

#include <stdbool.h>
#include <string.h>

void lex_init(Lexer *lx, const Source *src, Diag *diag)
{
	memset(lx, 0, sizeof *lx);
	lx->src = src;
	lx->diag = diag;
	lx->line = 1;
}

static Loc here(const Lexer *lx)
{
	return (Loc){.line = lx->line, .col = (int)(lx->pos - lx->line_start) + 1, .off = lx->pos};
}

static int peek(const Lexer *lx, size_t ahead)
{
	size_t p = lx->pos + ahead;
	return p < lx->src->len ? (unsigned char)lx->src->text[p] : -1;
}

static void newline(Lexer *lx)
{
	lx->pos++;
	lx->line++;
	lx->line_start = lx->pos;
}

static int is_alpha(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static int is_digit(int c)
{
	return c >= '0' && c <= '9';
}

const char *tok_name(TokKind k)
{
	static const char *const names[] = {
		[T_EOF] = "end of file", [T_NEWLINE] = "end of line", [T_NAME] = "name",
		[T_NUMBER] = "number", [T_LPAREN] = "'('", [T_RPAREN] = "')'", [T_COMMA] = "','",
		[T_ASSIGN] = "'='", [T_PLUS] = "'+'", [T_MINUS] = "'-'", [T_STAR] = "'*'",
		[T_SLASH] = "'/'", [T_POW] = "'**'", [T_LT] = "'<'", [T_LE] = "'<='", [T_GT] = "'>'",
		[T_GE] = "'>='", [T_EQ] = "'=='", [T_NE] = "'!='", [T_AMP] = "'&'", [T_PIPE] = "'|'",
		[T_TILDE] = "'~'", [T_LBRACKET] = "'['", [T_RBRACKET] = "']'", [T_ARROW] = "'->'",
		[T_COLON] = "':'", [T_ERROR] = "invalid character",
	};
	return names[k];
}

/* Skips blanks, comments and, inside parentheses, line ends. */
static void skip_space(Lexer *lx)
{
	for (;;) {
		int c = peek(lx, 0);
		if (c == ' ' || c == '\t' || c == '\f' || c == '\v' || (c == '\r' && peek(lx, 1) == '\n')) {
			lx->pos++;
			continue;
		}
		if (c == '\\' && (peek(lx, 1) == '\n' || (peek(lx, 1) == '\r' && peek(lx, 2) == '\n'))) {
			lx->pos += peek(lx, 1) == '\r' ? 2 : 1; /* backslash-newline joins lines */
			newline(lx);
			continue;
		}
		if (c == '#') {
			while (peek(lx, 0) != -1 && peek(lx, 0) != '\n')
				lx->pos++;
			continue;
		}
		if (c == '\n' && lx->depth > 0) {
			newline(lx);
			continue;
		}
		return;
	}
}

/* A C operator at t, whose first byte has been consumed: an error token
 * spanning its bytes (two for && and ||). */
static Token c_only(Lexer *lx, Token t, const char *msg)
{
	diag_error(lx->diag, t.loc, "%s", msg);
	if ((t.text[0] == '&' || t.text[0] == '|') && peek(lx, 0) == t.text[0]) {
		lx->pos++;
		t.len = 2;
	}
	t.kind = T_ERROR;
	return t;
}

Token lex_next(Lexer *lx)
{
	skip_space(lx);
	Token t = {.loc = here(lx), .text = lx->src->text + lx->pos, .len = 1};
	int c = peek(lx, 0);
	if (c == -1) {
		t.kind = T_EOF;
		t.len = 0;
		return t;
	}
	if (c == '\n') {
		newline(lx);
		t.kind = T_NEWLINE;
		return t;
	}
	if (is_alpha(c)) {
		size_t b = lx->pos;
		while (is_alpha(peek(lx, 0)) || is_digit(peek(lx, 0)))
			lx->pos++;
		t.kind = T_NAME;
		t.len = lx->pos - b;
		if (t.len > LEX_MAX_IDENT) {
			diag_error(lx->diag, t.loc, "identifier longer than %d characters", LEX_MAX_IDENT);
			t.kind = T_ERROR;
		}
		return t;
	}
	if (is_digit(c) || (c == '.' && is_digit(peek(lx, 1)))) {
		size_t b = lx->pos;
		while (is_digit(peek(lx, 0)))
			lx->pos++;
		if (peek(lx, 0) == '.') {
			lx->pos++;
			while (is_digit(peek(lx, 0)))
				lx->pos++;
		}
		if ((peek(lx, 0) == 'e' || peek(lx, 0) == 'E') &&
		    (is_digit(peek(lx, 1)) ||
		     ((peek(lx, 1) == '+' || peek(lx, 1) == '-') && is_digit(peek(lx, 2))))) {
			lx->pos += 2;
			while (is_digit(peek(lx, 0)))
				lx->pos++;
		}
		t.kind = T_NUMBER;
		t.len = lx->pos - b;
		if (is_alpha(peek(lx, 0))) {
			Loc at = here(lx);
			while (is_alpha(peek(lx, 0)) || is_digit(peek(lx, 0)))
				lx->pos++;
			diag_error(lx->diag, at, "invalid suffix on number");
			t.kind = T_ERROR;
		} else if (t.len > LEX_MAX_NUMBER) {
			diag_error(lx->diag, t.loc, "number longer than %d characters", LEX_MAX_NUMBER);
			t.kind = T_ERROR;
		}
		return t;
	}
	lx->pos++;
	int c1 = peek(lx, 0);
	switch (c) {
	case '(':
		if (lx->depth < (int)(sizeof lx->open / sizeof lx->open[0]))
			lx->open[lx->depth] = t.loc;
		lx->depth++;
		break;
	case ')':
		if (lx->depth > 0)
			lx->depth--;
		break;
	/* sympy.ccode's C operators: refused with the SymPy spelling, as
	 * symkern(5) explains (only the names of ccode are accepted). */
	case '&':
		if (c1 == '&')
			return c_only(lx, t, "'&&' is C, not SymPy syntax; write (a) & (b) or And(a, b)");
		break;
	case '|':
		if (c1 == '|')
			return c_only(lx, t, "'||' is C, not SymPy syntax; write (a) | (b) or Or(a, b)");
		break;
	case '?':
		return c_only(lx, t, "the C conditional 'c ? a : b' is not SymPy syntax; write Piecewise((a, c), (b, True))");
	case '!':
		if (c1 != '=')
			return c_only(lx, t, "'!' is C, not SymPy syntax; write ~(c) or Not(c)");
		break;
	default:
		break;
	}
	/* The operators: c alone is `one`; c followed by c2 is `two`. */
	static const struct {
		char c, c2;
		TokKind one, two;
	} ops[] = {
		{'(', 0, T_LPAREN, 0},   {')', 0, T_RPAREN, 0},     {',', 0, T_COMMA, 0},     {'+', 0, T_PLUS, 0},
		{'-', '>', T_MINUS, T_ARROW}, {'[', 0, T_LBRACKET, 0}, {']', 0, T_RBRACKET, 0}, {':', 0, T_COLON, 0},
		{'/', 0, T_SLASH, 0},    {'&', 0, T_AMP, 0},        {'|', 0, T_PIPE, 0},      {'~', 0, T_TILDE, 0},
		{'*', '*', T_STAR, T_POW}, {'<', '=', T_LT, T_LE},  {'>', '=', T_GT, T_GE},   {'=', '=', T_ASSIGN, T_EQ},
		{'!', '=', T_ERROR, T_NE},
	};
	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
		if (ops[i].c != c)
			continue;
		if (ops[i].c2 && c1 == ops[i].c2) {
			lx->pos++;
			t.len = 2;
			t.kind = ops[i].two;
		} else {
			t.kind = ops[i].one;
		}
		return t;
	}
	if (c == '^') {
		diag_error(lx->diag, t.loc, "'^' is not a power in SymPy's syntax (it is Python's exclusive or): "
		                            "write '**', as in x**2");
	} else if (c == '`' || c == '\'' || c == '"' || c == '$') {
		diag_error(lx->diag, t.loc, "unexpected character '%c'", c);
	} else {
		char q[64];
		diag_error(lx->diag, t.loc, "unexpected byte '%s'", diag_quote(q, sizeof q, t.text, 1));
	}
	t.kind = T_ERROR;
	return t;
}

void lex_skip_indented(Lexer *lx)
{
	lx->depth = 0;
	while (lx->pos == lx->line_start && (peek(lx, 0) == ' ' || peek(lx, 0) == '\t')) {
		while (peek(lx, 0) != -1 && peek(lx, 0) != '\n')
			lx->pos++;
		if (peek(lx, 0) == -1)
			return;
		newline(lx);
	}
}

void lex_skip_definition(Lexer *lx)
{
	bool open = lx->depth > 0;
	for (;;) {
		while (peek(lx, 0) != -1 && peek(lx, 0) != '\n')
			lx->pos++;
		if (peek(lx, 0) == -1)
			return;
		newline(lx);
		lex_skip_indented(lx);
		/* After an error inside parentheses, lines that cannot start a
		 * definition (which starts with a name) continue them: ccode's
		 * conditionals start lines with ')' and ':'. */
		int c = peek(lx, 0);
		if (!open || c == -1 || c == '\n' || c == '#' || is_alpha(c))
			return;
	}
}

void lex_rewind(Lexer *lx, Loc at)
{
	lx->pos = at.off;
	lx->line = at.line;
	lx->line_start = at.off - (size_t)(at.col - 1);
	lx->depth = 0;
}
