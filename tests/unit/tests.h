/* tests.h: the Check suites of tests/unit/unit (one factory per file) and the
 * helpers they share (util.c). */
#ifndef SYMKERN_TESTS_H
#define SYMKERN_TESTS_H

#include <check.h>
#include <stddef.h>
#include <sys/types.h>

#include "dag.h"
#include "parse.h"

Suite *suite_lex(void);
Suite *suite_parse(void);
Suite *suite_errors(void);
Suite *suite_dag(void);
Suite *suite_cli(void);
Suite *suite_numeric(void);
Suite *suite_api(void);
Suite *suite_gufunc(void);
Suite *suite_rewrite(void);
Suite *suite_paths(void);
Suite *suite_corpus(void);

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
void parsed_free(Parsed *p);
Func *parsed_func(Parsed *p, const char *name);
/* Evaluates a function's DAG in long double (an interpreter independent of
 * the emitted code); booleans are 0 and 1. */
long double eval_func(const Func *f, const long double *args);

/* Runs a shell command line (tests build it from fixed paths only) and
 * returns its exit status, or -1. */
int run_cmd(const char *fmt, ...);
/* Reads a whole file into a malloc'd NUL-terminated buffer; NULL if absent. */
char *slurp(const char *path, size_t *len);
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
