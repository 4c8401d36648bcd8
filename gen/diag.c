/* diag.c: see diag.h. */
#include "diag.h"

#include <stdarg.h>

void diag_init(Diag *d, const Source *src, FILE *out)
{
	d->src = src;
	d->out = out;
	d->errors = d->warnings = 0;
	d->max_errors = 100;
}

/* Echo the line holding `at` and a caret under its column. */
static void show_line(Diag *d, Loc at)
{
	const char *t = d->src->text;
	size_t n = d->src->len, b = at.off < n ? at.off : n, e = b;
	while (b > 0 && t[b - 1] != '\n')
		b--;
	while (e < n && t[e] != '\n' && t[e] != '\r')
		e++;
	if (e - b > 400) /* a pathological line: show the part near the column */
		e = b + 400;
	for (size_t i = b; i < e; i++) {
		unsigned char c = (unsigned char)t[i];
		fputc(c == '\t' || (c >= 0x20 && c < 0x7f) ? c : '?', d->out);
	}
	fputc('\n', d->out);
	for (size_t i = b; i < at.off && i < e; i++)
		fputc(t[i] == '\t' ? '\t' : ' ', d->out);
	fputs("^\n", d->out);
}

static void report(Diag *d, Loc at, const char *kind, const char *fmt, va_list ap)
{
	if (!d->out) /* counting only: the parser's look-ahead scans */
		return;
	fprintf(d->out, "%s:%d:%d: %s: ", d->src->name, at.line, at.col, kind);
	vfprintf(d->out, fmt, ap);
	fputc('\n', d->out);
	show_line(d, at);
}

/* The variadic entry points differ only in their kind and counter. */
#define REPORT(kind)                              \
	do {                                      \
		va_list ap;                       \
		va_start(ap, fmt);                \
		report(d, at, kind, fmt, ap);     \
		va_end(ap);                       \
	} while (0)

void diag_error(Diag *d, Loc at, const char *fmt, ...)
{
	if (d->max_errors && d->errors >= d->max_errors) {
		if (d->errors++ == d->max_errors && d->out)
			fprintf(d->out, "%s: too many errors, stopping\n", d->src->name);
		return;
	}
	d->errors++;
	REPORT("error");
}

void diag_warning(Diag *d, Loc at, const char *fmt, ...)
{
	d->warnings++;
	REPORT("warning");
}

void diag_note(Diag *d, Loc at, const char *fmt, ...)
{
	REPORT("note");
}

const char *diag_quote(char *buf, size_t bufsize, const char *s, size_t len)
{
	size_t o = 0;
	for (size_t i = 0; i < len && o + 8 < bufsize; i++) {
		unsigned char c = (unsigned char)s[i];
		if (i == 40) {
			o += (size_t)snprintf(buf + o, bufsize - o, "...");
			break;
		}
		if (c >= 0x20 && c < 0x7f)
			buf[o++] = (char)c;
		else
			o += (size_t)snprintf(buf + o, bufsize - o, "\\x%02x", c);
	}
	buf[o] = '\0';
	return buf;
}
