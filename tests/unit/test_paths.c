/* test_paths.c: where symkern finds its templates (gen/paths.c): the
 * relative path between configured directories, an installation moved
 * away from its configured prefix finding its own templates through the
 * executable's location, before the configured directory and after
 * $SYMKERN_TEMPLATES and --templates, and the symkern of the build folder
 * using its source tree's. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paths.h"
#include "tests.h"

static void rel_is(const char *from, const char *to, const char *want)
{
	Arena *a = arena_new();
	char *got = paths_relative(a, from, to);
	if (want)
		ck_assert_msg(got && strcmp(got, want) == 0, "%s -> %s: '%s', want '%s'", from, to,
		              got ? got : "(null)", want);
	else
		ck_assert_msg(!got, "%s -> %s: '%s', want NULL", from, to, got);
	arena_free(a);
}

UNIT_TEST(test_relative, "paths", 0)
{
	rel_is("/usr/local/bin", "/usr/local/share/symkern", "../share/symkern");
	rel_is("/opt/sk/bin/", "/opt/sk/share/symkern/", "../share/symkern");
	rel_is("/a//b/./", "/a/c", "../c");
	rel_is("/a/b", "/a/b", ".");
	rel_is("/", "/x/y", "x/y");
	rel_is("/x/y/z", "/", "../../..");
	rel_is("/ab/c", "/a/c", "../../a/c"); /* parts compare whole, not by prefix */
	rel_is("/a/../b", "/c", NULL);         /* ".." needs the file system */
	rel_is("bin", "/c", NULL);
	rel_is("/bin", "share", NULL);
}
END_TEST

/* The configured directories (Makefile.am passes them as for symkern). */
#define STAGE_BIN "%s" SYMKERN_BINDIR
#define STAGE_DATA "%s" SYMKERN_TEMPLATE_DIR
/* symkern --list through the staged binary, SYMKERN_TEMPLATES unset
 * (make check sets it) unless ENV gives it; returns the exit status and
 * leaves standard output and error in OUT. */
static int staged_list(const char *root, const char *env, const char *opts, const char *out)
{
	return run_cmd("%s " STAGE_BIN "/symkern %s " SRCDIR "/tests/golden/small.sym >'%s' 2>&1",
	               env ? env : "env -u SYMKERN_TEMPLATES", root, opts, out);
}

static int file_has(const char *path, const char *text)
{
	char *s = slurp(path, NULL);
	int r = s && strstr(s, text) != NULL;
	free(s);
	return r;
}

UNIT_TEST(test_moved_installation, "paths", 0)
{
	/* A copy of the installed layout under ROOT, as DESTDIR staging or
	 * `make install prefix=ROOT/...` makes it: the binary compiled for
	 * the configured prefix, templates whose list.m4 prints a marker. */
	char root[2048], out[2100];
	snprintf(root, sizeof root, "%s", scratch_dir("paths"));
	snprintf(out, sizeof out, "%s/out", root);
	ck_assert_int_eq(run_cmd("mkdir -p " STAGE_BIN " " STAGE_DATA " && cp " SYMKERN_BIN " " STAGE_BIN
	                         "/ && cp " SRCDIR "/templates/*.m4 " STAGE_DATA "/ && echo STAGED >" STAGE_DATA
	                         "/list.m4", root, root, root, root, root),
	                 0);
	ck_assert_int_eq(staged_list(root, NULL, "--list", out), 0);
	ck_assert_msg(file_has(out, "STAGED"), "the moved binary did not use its own templates");
	/* $SYMKERN_TEMPLATES and --templates come first. */
	ck_assert_int_eq(staged_list(root, "SYMKERN_TEMPLATES=" SRCDIR "/templates", "--list", out), 0);
	ck_assert_msg(!file_has(out, "STAGED") && file_has(out, "poly"), "SYMKERN_TEMPLATES not used");
	ck_assert_int_eq(staged_list(root, "SYMKERN_TEMPLATES=/nonexistent", "--list", out), 1);
	ck_assert_msg(file_has(out, "no templates in '/nonexistent'"), "SYMKERN_TEMPLATES not used");
	ck_assert_int_eq(staged_list(root, "SYMKERN_TEMPLATES=/nonexistent",
	                             "--list --templates " SRCDIR "/templates", out), 0);
	ck_assert_msg(!file_has(out, "STAGED"), "--templates not used");
	/* Without the prelude there, the configured directory: its templates
	 * if symkern is installed there, else the error naming it. */
	ck_assert_int_eq(run_cmd("rm " STAGE_DATA "/symkern.m4", root), 0);
	int rc = staged_list(root, NULL, "--list", out);
	ck_assert_msg(!file_has(out, "STAGED") &&
	                  (rc == 0 || file_has(out, "no templates in '" SYMKERN_TEMPLATE_DIR "'")),
	              "no fallback to the configured directory (status %d)", rc);
}
END_TEST

/* ./symkern right after make: the symkern of the build folder, with
 * neither --templates nor $SYMKERN_TEMPLATES, generates with its source
 * tree's templates (before: "no templates in '/usr/local/share/symkern'"
 * unless an installation was there, whose templates could be another
 * version's). */
UNIT_TEST(test_build_folder, "paths", 0)
{
	char dir[1024];
	snprintf(dir, sizeof dir, "%s", scratch_dir("uninstalled"));
	ck_assert_int_eq(run_cmd("cd %s && env -u SYMKERN_TEMPLATES " SYMKERN_BIN " " SRCDIR "/tests/golden/small.sym",
	                         dir),
	                 0);
	ck_assert_int_eq(run_cmd("cd %s && for f in small.h small.cu small_cpu.c; do cmp $f " SRCDIR
	                         "/tests/golden/$f || exit 1; done",
	                         dir),
	                 0);
}
END_TEST
