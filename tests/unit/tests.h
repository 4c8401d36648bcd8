/* tests.h: the Check suites of tests/unit/unit (one factory per file) and the
 * helpers they share (util.c). */
#ifndef SYMKERN_TESTS_H
#define SYMKERN_TESTS_H

#include <check.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "dag.h"
#include "parse.h"

/* UNIT_TEST(name, tcase, loops) { ... } END_TEST: a Check test (as with
 * START_TEST) that joins the test case TCASE of its file's suite, which
 * test_NAME.c names NAME.  It runs LOOPS times, _i counting from 0 (0:
 * once, as with tcase_add_test).  A constructor registers it before main
 * runs: no test is defined and forgotten by a list of tests. */
#define UNIT_TEST(name, tcase, loops)                                     \
	static const TTest *name;                                         \
	__attribute__((constructor)) static void name##_register(void)    \
	{                                                                 \
		unit_register(tcase, name, loops);                        \
	}                                                                 \
	START_TEST(name)
void unit_register(const char *tcase, const TTest *test, int loops);
/* The suite NAME of the tests of test_NAME.c, in the order they are
 * defined; NULL when it has none. */
Suite *unit_suite(const char *name);
/* Whether every registered test is in one of the N suites named in NAMES
 * (its name on standard error when not). */
int unit_all_in(const char *const *names, size_t n);

/* The number of elements of array A, as a loop count. */
#define COUNT(a) ((int)(sizeof(a) / sizeof(a)[0]))

/* A .sym text parsed with library name "t"; diagnostics kept as text. */
typedef struct {
	Arena *arena;
	Dag dag;
	Program prog;
	Diag diag;
	Source src;
	char *msgs;
	size_t msgs_len;
	int errors;
} Parsed;

Parsed *parse_text(const char *text);
/* parse_text up to the lower stage, not run (calls are N_BUILTIN). */
Parsed *parse_unlowered(const char *text);
/* parse_text of a text that must parse without error (the failure shows
 * the start of the text and of the messages). */
Parsed *parse_ok(const char *text);
void parsed_free(Parsed *p);
Func *parsed_func(Parsed *p, const char *name);
/* Evaluates a function's DAG in long double (an interpreter independent of
 * the emitted code); booleans are 0 and 1. */
long double eval_func(const Func *f, const long double *args);

/* Sources for the limits (malloc'd): f(x) -> s[n] with NBASE base cases
 * s[i] = x + i and a rule reading BACK terms back; a map function of NARGS
 * arguments returning their sum, or with GUFUNC a gufunc of NARGS scalars
 * and a vector reduced by a Sum. */
char *sym_sequence(int nbase, int back);
char *sym_wide(int nargs, bool gufunc);

/* Runs a shell command line (tests build it from fixed paths only) and
 * returns its exit status, or -1. */
int run_cmd(const char *fmt, ...);
/* Reads a whole file into a malloc'd NUL-terminated buffer; NULL if absent. */
char *slurp(const char *path, size_t *len);
/* slurp of the file NAME in the folder DIR. */
char *slurp_in(const char *dir, const char *name);
/* Starts ARGV[0] (a path) with ARGV, with an empty signal mask and the
 * default actions of SIGINT, SIGTERM and SIGHUP whatever the test runner
 * had (a shell's background job ignores SIGINT); its pid, or -1. */
pid_t spawn_argv(char *const argv[]);
/* The raw wait status of child PID (for WIFEXITED and friends), or -1. */
int wait_status(pid_t pid);
/* The SHA-256 that a generated file's opening comment names, as 64 hex
 * digits in SHA; 0 when there is none. */
int provenance(const char *path, char sha[65]);
/* A fresh empty directory under the build tree; returns a static buffer
 * reused by the next call. */
const char *scratch_dir(const char *tag);

#endif
