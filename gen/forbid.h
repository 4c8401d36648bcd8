/* forbid.h: no template macro left in an output.  After m4, a word of an
 * output that starts with sk_ or m4_ is a macro m4 left unexpanded (a
 * name glued to other word characters, or one no template defines): a bug
 * in the templates, which would reach the C or CUDA compiler as an
 * unknown name.  m4sugar's m4_pattern_forbid makes the same check.  The
 * user's own words may start so (a function sk_f is shown as written in
 * comments), and pass. */
#ifndef SYMKERN_FORBID_H
#define SYMKERN_FORBID_H

#include <stddef.h>

typedef struct ForbidWords ForbidWords;

/* The words starting with sk_ or m4_ of the n texts text[i] (len[i]
 * bytes; NULL texts are skipped), sorted; NULL when out of memory. */
ForbidWords *forbid_words(const char *const *text, const size_t *len, int n);
/* The file at path (shown as shown) holds no such word but those of w: 0,
 * else 1 after naming the first one and its line on stderr. */
int forbid_check(const ForbidWords *w, const char *path, const char *shown);
void forbid_free(ForbidWords *w);

#endif
