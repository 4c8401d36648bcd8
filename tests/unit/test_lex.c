/* test_lex.c: tokens, positions, line ends inside parentheses. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lex.h"
#include "tests.h"

/* Lexes text; returns the kinds (up to max) and their count. */
static int kinds(const char *text, size_t len, TokKind *out, int max, Token *toks, int *errors)
{
	Source src = {.name = "t.sym", .text = text, .len = len};
	Diag d;
	char *buf = NULL;
	size_t blen = 0;
	FILE *mem = open_memstream(&buf, &blen);
	diag_init(&d, &src, mem);
	Lexer lx;
	lex_init(&lx, &src, &d);
	int n = 0;
	for (;;) {
		Token t = lex_next(&lx);
		if (n < max) {
			out[n] = t.kind;
			if (toks)
				toks[n] = t;
		}
		n++;
		if (t.kind == T_EOF || n > 1000)
			break;
	}
	fclose(mem);
	free(buf);
	if (errors)
		*errors = d.errors;
	return n;
}

UNIT_TEST(test_operators, "tokens", 0)
{
	const char *s = "f(x,y) = -x**2 + y*3/4 < 1 <= 2 > 3 >= 4 & 5 | ~6 == 7 != 8\n";
	TokKind k[64];
	int n = kinds(s, strlen(s), k, 64, NULL, NULL);
	const TokKind want[] = {T_NAME, T_LPAREN, T_NAME, T_COMMA, T_NAME, T_RPAREN, T_ASSIGN,
	                        T_MINUS, T_NAME, T_POW, T_NUMBER, T_PLUS, T_NAME, T_STAR,
	                        T_NUMBER, T_SLASH, T_NUMBER, T_LT, T_NUMBER, T_LE, T_NUMBER, T_GT,
	                        T_NUMBER, T_GE, T_NUMBER, T_AMP, T_NUMBER, T_PIPE, T_TILDE,
	                        T_NUMBER, T_EQ, T_NUMBER, T_NE, T_NUMBER, T_NEWLINE, T_EOF};
	ck_assert_int_eq(n, (int)(sizeof want / sizeof want[0]));
	for (int i = 0; i < n; i++)
		ck_assert_msg(k[i] == want[i], "token %d: kind %d, want %d", i, k[i], want[i]);
}
END_TEST

UNIT_TEST(test_numbers, "tokens", 0)
{
	const char *s = "1 2.5 .5 1e10 1.5E-3 2.e+2 123456789012345678901234567890";
	TokKind k[16];
	Token t[16];
	int n = kinds(s, strlen(s), k, 16, t, NULL);
	ck_assert_int_eq(n, 8);
	for (int i = 0; i < 7; i++)
		ck_assert_int_eq(k[i], T_NUMBER);
	ck_assert_int_eq((int)t[5].len, 5);
	ck_assert_int_eq((int)t[6].len, 30);
}
END_TEST

UNIT_TEST(test_positions, "tokens", 0)
{
	const char *s = "# comment\n\tf(x) = x\r\n  g(y) = (y +\n 1)\n";
	TokKind k[32];
	Token t[32];
	int n = kinds(s, strlen(s), k, 32, t, NULL);
	/* NEWLINE, f ( x ) = x NEWLINE g ( y ) = ( y + 1 ) NEWLINE EOF */
	ck_assert_int_eq(n, 20);
	ck_assert_int_eq(k[0], T_NEWLINE);
	ck_assert_int_eq(t[1].loc.line, 2);
	ck_assert_int_eq(t[1].loc.col, 2); /* after the tab */
	ck_assert_int_eq(k[7], T_NEWLINE);  /* the CRLF */
	ck_assert_int_eq(t[8].loc.line, 3);
	ck_assert_int_eq(t[8].loc.col, 3);
	/* The line ends inside "(y +" and before it do not end the definition. */
	ck_assert_int_eq(k[13], T_LPAREN);
	ck_assert_int_eq(k[16], T_NUMBER);
	ck_assert_int_eq(t[16].loc.line, 4);
	ck_assert_int_eq(t[16].loc.col, 2);
	ck_assert_int_eq(k[18], T_NEWLINE);
}
END_TEST

UNIT_TEST(test_backslash_continuation, "tokens", 0)
{
	const char *s = "f(x) = x + \\\n 1 + \\\r\n 2\n";
	TokKind k[16];
	int n = kinds(s, strlen(s), k, 16, NULL, NULL);
	ck_assert_int_eq(n, 12); /* f ( x ) = x + 1 + 2 NEWLINE EOF */
	ck_assert_int_eq(k[7], T_NUMBER);
	ck_assert_int_eq(k[9], T_NUMBER);
}
END_TEST

UNIT_TEST(test_bad_bytes, "tokens", 0)
{
	const char s[] = "f(x) = x $ ` \x01 \xff \0 @";
	TokKind k[16];
	int errors = 0;
	kinds(s, sizeof s - 1, k, 16, NULL, &errors);
	ck_assert_int_eq(errors, 6);
	ck_assert_int_eq(k[6], T_ERROR);
}
END_TEST

UNIT_TEST(test_long_identifier, "tokens", 0)
{
	char s[600];
	memset(s, 'a', 300);
	strcpy(s + 300, " b");
	TokKind k[4];
	int errors = 0;
	kinds(s, strlen(s), k, 4, NULL, &errors);
	ck_assert_int_eq(errors, 1);
	ck_assert_int_eq(k[0], T_ERROR);
	ck_assert_int_eq(k[1], T_NAME);
}
END_TEST
