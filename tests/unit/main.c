/* main.c: runs every suite of tests/unit/unit (CK_RUN_SUITE / CK_RUN_CASE pick
 * some; CK_FORK=no helps a debugger).  A suite is the tests of one test_*.c
 * (UNIT_TEST in tests.h).  No test has a time limit: Check's default of 4
 * seconds a test is a wall-clock assertion, which a busy machine, a
 * sanitizer or valgrind fail (CONVENTIONS); a hang is CI's job limit to
 * catch.  CK_DEFAULT_TIMEOUT, if set, still wins. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>

#include "tests.h"

int main(void)
{
	static const char *const suites[] = {"lex",     "parse", "errors",  "dag",   "cli",   "numeric",
	                                     "api",     "gufunc", "rewrite", "paths", "corpus"};
	enum { N = sizeof suites / sizeof suites[0] };
	setenv("CK_DEFAULT_TIMEOUT", "0", 0); /* read by tcase_create: 0 is no timer */
	if (!unit_all_in(suites, N))
		return EXIT_FAILURE;
	SRunner *sr = srunner_create(NULL);
	for (int i = 0; i < N; i++) {
		Suite *s = unit_suite(suites[i]);
		if (!s) { /* a test_NAME.c renamed or left out of the build */
			fprintf(stderr, "unit: suite '%s' has no tests\n", suites[i]);
			srunner_free(sr);
			return EXIT_FAILURE;
		}
		srunner_add_suite(sr, s);
	}
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
