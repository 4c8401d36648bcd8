/* diag.h: source text and diagnostics in the form
 *     FILE:LINE:COL: error: MESSAGE
 *     <the source line>
 *     <spaces>^
 * Columns count bytes from 1; the caret line copies the source line's tabs so
 * that it stays aligned in any terminal. */
#ifndef SYMKERN_DIAG_H
#define SYMKERN_DIAG_H

#include <stddef.h>
#include <stdio.h>

typedef struct {
	const char *name; /* as the user gave it, for messages only */
	const char *text; /* the whole file; may hold NUL bytes */
	size_t len;
} Source;

typedef struct {
	int line, col; /* 1-based */
	size_t off;    /* byte offset of the position in Source.text */
} Loc;

typedef struct {
	const Source *src;
	FILE *out; /* where diagnostics go: stderr, or a memory stream in tests */
	int errors, warnings;
	int max_errors; /* stop reporting after this many (0: no limit) */
} Diag;

void diag_init(Diag *d, const Source *src, FILE *out);
#if defined(__GNUC__)
#define SK_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define SK_PRINTF(f, a)
#endif
void diag_error(Diag *d, Loc at, const char *fmt, ...) SK_PRINTF(3, 4);
void diag_warning(Diag *d, Loc at, const char *fmt, ...) SK_PRINTF(3, 4);
/* Information that is neither an error nor a warning (counted by neither). */
void diag_note(Diag *d, Loc at, const char *fmt, ...) SK_PRINTF(3, 4);
/* Printable form of a byte string for messages: at most 40 bytes, other
 * bytes as \xNN.  Returns buf. */
const char *diag_quote(char *buf, size_t bufsize, const char *s, size_t len);

#endif
