/* test_lex.c: tokens, positions, line ends inside parentheses. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lex.h"
#include "tests.h"

/* What lexing a text gave: its first tokens (up to MAXTOK), how many
 * there were with the end of the text's, and the errors reported. */
enum { MAXTOK = 64 };
typedef struct {
	Token tok[MAXTOK];
	int n;
	int errors;
} Lexed;

/* Lexes the LEN bytes of TEXT. */
static Lexed lex_bytes(const char *text, size_t len)
{
	Source src = {.name = "t.sym", .text = text, .len = len};
	Diag d;
	char *buf = NULL;
	size_t blen = 0;
	FILE *mem = open_memstream(&buf, &blen);
	diag_init(&d, &src, mem);
	Lexer lx;
	lex_init(&lx, &src, &d);
	Lexed l = {.n = 0};
	for (;;) {
		Token t = lex_next(&lx);
		if (l.n < MAXTOK)
			l.tok[l.n] = t;
		l.n++;
		if (t.kind == T_EOF || l.n > 1000)
			break;
	}
	fclose(mem);
	free(buf);
	l.errors = d.errors;
	return l;
}

/* Lexes the string TEXT. */
static Lexed lex_text(const char *text)
{
	return lex_bytes(text, strlen(text));
}

UNIT_TEST(test_operators, "tokens", 0)
{
	Lexed l = lex_text("f(x,y) = -x**2 + y*3/4 < 1 <= 2 > 3 >= 4 & 5 | ~6 == 7 != 8\n");
	const TokKind want[] = {T_NAME, T_LPAREN, T_NAME, T_COMMA, T_NAME, T_RPAREN, T_ASSIGN,
	                        T_MINUS, T_NAME, T_POW, T_NUMBER, T_PLUS, T_NAME, T_STAR,
	                        T_NUMBER, T_SLASH, T_NUMBER, T_LT, T_NUMBER, T_LE, T_NUMBER, T_GT,
	                        T_NUMBER, T_GE, T_NUMBER, T_AMP, T_NUMBER, T_PIPE, T_TILDE,
	                        T_NUMBER, T_EQ, T_NUMBER, T_NE, T_NUMBER, T_NEWLINE, T_EOF};
	ck_assert_int_eq(l.n, COUNT(want));
	for (int i = 0; i < l.n; i++)
		ck_assert_msg(l.tok[i].kind == want[i], "token %d: kind %d, want %d", i, l.tok[i].kind, want[i]);
}
END_TEST

UNIT_TEST(test_numbers, "tokens", 0)
{
	Lexed l = lex_text("1 2.5 .5 1e10 1.5E-3 2.e+2 123456789012345678901234567890");
	ck_assert_int_eq(l.n, 8);
	for (int i = 0; i < 7; i++)
		ck_assert_int_eq(l.tok[i].kind, T_NUMBER);
	ck_assert_int_eq((int)l.tok[5].len, 5);
	ck_assert_int_eq((int)l.tok[6].len, 30);
}
END_TEST

UNIT_TEST(test_positions, "tokens", 0)
{
	Lexed l = lex_text("# comment\n\tf(x) = x\r\n  g(y) = (y +\n 1)\n");
	const Token *t = l.tok;
	/* NEWLINE, f ( x ) = x NEWLINE g ( y ) = ( y + 1 ) NEWLINE EOF */
	ck_assert_int_eq(l.n, 20);
	ck_assert_int_eq(t[0].kind, T_NEWLINE);
	ck_assert_int_eq(t[1].loc.line, 2);
	ck_assert_int_eq(t[1].loc.col, 2); /* after the tab */
	ck_assert_int_eq(t[7].kind, T_NEWLINE); /* the CRLF */
	ck_assert_int_eq(t[8].loc.line, 3);
	ck_assert_int_eq(t[8].loc.col, 3);
	/* The line ends inside "(y +" and before it do not end the definition. */
	ck_assert_int_eq(t[13].kind, T_LPAREN);
	ck_assert_int_eq(t[16].kind, T_NUMBER);
	ck_assert_int_eq(t[16].loc.line, 4);
	ck_assert_int_eq(t[16].loc.col, 2);
	ck_assert_int_eq(t[18].kind, T_NEWLINE);
}
END_TEST

UNIT_TEST(test_backslash_continuation, "tokens", 0)
{
	Lexed l = lex_text("f(x) = x + \\\n 1 + \\\r\n 2\n");
	ck_assert_int_eq(l.n, 12); /* f ( x ) = x + 1 + 2 NEWLINE EOF */
	ck_assert_int_eq(l.tok[7].kind, T_NUMBER);
	ck_assert_int_eq(l.tok[9].kind, T_NUMBER);
}
END_TEST

UNIT_TEST(test_bad_bytes, "tokens", 0)
{
	const char s[] = "f(x) = x $ ` \x01 \xff \0 @";
	Lexed l = lex_bytes(s, sizeof s - 1);
	ck_assert_int_eq(l.errors, 6);
	ck_assert_int_eq(l.tok[6].kind, T_ERROR);
}
END_TEST

UNIT_TEST(test_long_identifier, "tokens", 0)
{
	char s[600];
	memset(s, 'a', 300);
	strcpy(s + 300, " b");
	Lexed l = lex_text(s);
	ck_assert_int_eq(l.errors, 1);
	ck_assert_int_eq(l.tok[0].kind, T_ERROR);
	ck_assert_int_eq(l.tok[1].kind, T_NAME);
}
END_TEST
