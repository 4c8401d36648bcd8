/* forbid.c: see forbid.h. */
#define _POSIX_C_SOURCE 200809L
#include "forbid.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* Words as m4 reads them: a letter or '_', then letters, digits and '_'
 * (a digit before one does not join it: in 1sk_x m4 sees sk_x). */
static bool word_start(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool word_char(char c)
{
	return word_start(c) || (c >= '0' && c <= '9');
}

typedef struct {
	const char *p;
	size_t n;
} Word;

static int word_cmp(const void *a, const void *b)
{
	const Word *x = a, *y = b;
	int c = memcmp(x->p, y->p, x->n < y->n ? x->n : y->n);
	return c ? c : (x->n > y->n) - (x->n < y->n);
}

/* Calls fn(w, arg) for each word of text[0..len) that starts with sk_ or
 * m4_, until it returns nonzero; that value, or 0. */
static int each_macro_like(const char *text, size_t len, int (*fn)(Word, void *), void *arg)
{
	for (size_t k = 0; k < len;) {
		if (!word_start(text[k])) {
			k++;
			continue;
		}
		size_t n = 1;
		while (k + n < len && word_char(text[k + n]))
			n++;
		if (n >= 3 && text[k + 2] == '_' &&
		    ((text[k] == 's' && text[k + 1] == 'k') || (text[k] == 'm' && text[k + 1] == '4'))) {
			int rc = fn((Word){text + k, n}, arg);
			if (rc)
				return rc;
		}
		k += n;
	}
	return 0;
}

struct ForbidWords {
	Word *w;
	size_t n, cap;
};

static int add_word(Word w, void *arg)
{
	ForbidWords *ws = arg;
	if (ws->n == ws->cap) {
		size_t cap = ws->cap ? 2 * ws->cap : 64;
		Word *nw = realloc(ws->w, cap * sizeof *nw);
		if (!nw)
			return 1;
		ws->w = nw;
		ws->cap = cap;
	}
	ws->w[ws->n++] = w;
	return 0;
}

typedef struct {
	const ForbidWords *user;
	Word found;
} Scan;

static int foreign_word(Word w, void *arg)
{
	Scan *sc = arg;
	if (sc->user->n && bsearch(&w, sc->user->w, sc->user->n, sizeof w, word_cmp))
		return 0;
	sc->found = w;
	return 1;
}

ForbidWords *forbid_words(const char *const *text, const size_t *len, int n)
{
	ForbidWords *w = calloc(1, sizeof *w);
	for (int i = 0; w && i < n; i++)
		if (text[i] && each_macro_like(text[i], len[i], add_word, w)) {
			forbid_free(w);
			return NULL;
		}
	if (w && w->n)
		qsort(w->w, w->n, sizeof *w->w, word_cmp);
	return w;
}

void forbid_free(ForbidWords *w)
{
	if (w)
		free(w->w);
	free(w);
}

int forbid_check(const ForbidWords *w, const char *path, const char *shown)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) != 0) {
		fprintf(stderr, "symkern: cannot read '%s': %s\n", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return 1;
	}
	size_t len = (size_t)st.st_size;
	if (len == 0) {
		close(fd);
		return 0;
	}
	const char *t = mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (t == MAP_FAILED) {
		fprintf(stderr, "symkern: cannot read '%s': %s\n", path, strerror(errno));
		return 1;
	}
	Scan sc = {.user = w};
	int rc = each_macro_like(t, len, foreign_word, &sc);
	if (rc) {
		size_t line = 1;
		for (const char *q = t; q < sc.found.p; q++)
			line += *q == '\n';
		fprintf(stderr,
		        "symkern: internal error: %s line %zu: the template macro '%.*s' was left unexpanded (a bug in "
		        "symkern's templates, not in your input)\n",
		        shown, line, sc.found.n > 64 ? 64 : (int)sc.found.n, sc.found.p);
	}
	munmap((void *)t, len);
	return rc;
}
