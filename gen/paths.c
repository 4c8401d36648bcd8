/* paths.c: the template directory of symkern(1), decided once here rather
 * than only at configure time: a binary compiled for one prefix must still
 * find its templates after `make install prefix=X`, a DESTDIR staging
 * moved into place, or a relocated tree, so the configured template
 * directory is also tried relative to the executable (/proc/self/exe);
 * and the symkern of a build folder, not installed, uses the templates of
 * its own source tree (SYMKERN_BUILDDIR and SYMKERN_SRC_TEMPLATES, from
 * Makefile.am).  Only Linux has /proc/self/exe; elsewhere the configured
 * directory is used, as before. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "paths.h"

#ifndef SYMKERN_TEMPLATE_DIR
#define SYMKERN_TEMPLATE_DIR "templates"
#endif
/* The configured bindir; undefined when built by hand, which disables the
 * lookup relative to the executable (there is no installed layout then). */
#ifdef SYMKERN_BINDIR
static const char *const bindir = SYMKERN_BINDIR;
#else
static const char *const bindir = NULL;
#endif

enum { MAX_PARTS = 128 };

/* Splits an absolute path into its parts, skipping empty and "." ones;
 * -1 for a relative path, a ".." part (which only the file system could
 * resolve) or too many parts. */
static int split(const char *path, const char *part[], size_t len[])
{
	int n = 0;
	if (path[0] != '/')
		return -1;
	for (const char *p = path; *p;) {
		while (*p == '/')
			p++;
		size_t l = strcspn(p, "/");
		if (l == 0 || (l == 1 && p[0] == '.')) {
			p += l;
			continue;
		}
		if ((l == 2 && p[0] == '.' && p[1] == '.') || n == MAX_PARTS)
			return -1;
		part[n] = p;
		len[n++] = l;
		p += l;
	}
	return n;
}

char *paths_relative(Arena *a, const char *from, const char *to)
{
	const char *fp[MAX_PARTS], *tp[MAX_PARTS];
	size_t fl[MAX_PARTS], tl[MAX_PARTS];
	int nf = split(from, fp, fl), nt = split(to, tp, tl), c = 0;
	if (nf < 0 || nt < 0)
		return NULL;
	while (c < nf && c < nt && fl[c] == tl[c] && memcmp(fp[c], tp[c], fl[c]) == 0)
		c++;
	size_t size = 2 + 3 * (size_t)(nf - c); /* "." or "../"s, and the NUL */
	for (int i = c; i < nt; i++)
		size += tl[i] + 1;
	char *r = arena_alloc(a, size), *w = r;
	for (int i = c; i < nf; i++) {
		memcpy(w, "../", 3);
		w += 3;
	}
	for (int i = c; i < nt; i++) {
		memcpy(w, tp[i], tl[i]);
		w += tl[i];
		*w++ = '/';
	}
	if (w == r)
		*w++ = '.';
	else
		w--; /* the last '/' */
	*w = '\0';
	return r;
}

/* The directory of the running executable, or NULL. */
static char *exe_dir(Arena *a)
{
	size_t cap = 256;
	for (;;) {
		char *buf = arena_alloc(a, cap);
		ssize_t n = readlink("/proc/self/exe", buf, cap);
		if (n < 0)
			return NULL;
		if ((size_t)n < cap) {
			buf[n] = '\0';
			char *slash = strrchr(buf, '/');
			if (!slash)
				return NULL;
			slash[slash == buf] = '\0'; /* "/symkern" -> "/" */
			return buf;
		}
		if (cap > 65536)
			return NULL;
		cap *= 4;
	}
}

/* Whether DIR holds a readable prelude symkern.m4. */
static int has_prelude(Arena *a, const char *dir)
{
	size_t dl = strlen(dir);
	char *p = arena_alloc(a, dl + sizeof "/symkern.m4");
	memcpy(p, dir, dl);
	memcpy(p + dl, "/symkern.m4", sizeof "/symkern.m4");
	return access(p, R_OK) == 0;
}

/* The source tree's templates when the running executable is the symkern
 * of its build folder, not installed (./symkern right after make, in the
 * source tree or in a VPATH build such as distcheck's), and they are
 * there; else NULL.  Compared by device and inode, so that symbolic links
 * in either path do not matter. */
static const char *source_templates(Arena *a, const char *dir)
{
#if defined(SYMKERN_BUILDDIR) && defined(SYMKERN_SRC_TEMPLATES)
	struct stat x, y;
	if (stat(dir, &x) != 0 || stat(SYMKERN_BUILDDIR, &y) != 0 || x.st_dev != y.st_dev || x.st_ino != y.st_ino)
		return NULL;
	return has_prelude(a, SYMKERN_SRC_TEMPLATES) ? SYMKERN_SRC_TEMPLATES : NULL;
#else
	(void)a;
	(void)dir;
	return NULL;
#endif
}

/* The configured template directory at its place relative to the
 * configured bindir, from the executable's folder DIR, if it holds the
 * prelude; else NULL. */
static const char *moved_templates(Arena *a, const char *dir)
{
	const char *rel = bindir ? paths_relative(a, bindir, SYMKERN_TEMPLATE_DIR) : NULL;
	if (!rel)
		return NULL;
	size_t dl = strlen(dir), rl = strlen(rel);
	char *cand = arena_alloc(a, dl + rl + 2);
	memcpy(cand, dir, dl);
	cand[dl] = '/';
	memcpy(cand + dl + 1, rel, rl + 1);
	return has_prelude(a, cand) ? cand : NULL;
}

const char *paths_template_dir(Arena *a, const char *given)
{
	if (given)
		return given;
	const char *env = getenv("SYMKERN_TEMPLATES");
	if (env && *env)
		return env;
	const char *dir = exe_dir(a), *found = NULL;
	if (dir)
		found = source_templates(a, dir);
	if (dir && !found)
		found = moved_templates(a, dir);
	return found ? found : SYMKERN_TEMPLATE_DIR;
}
