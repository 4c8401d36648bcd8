/* main.c: the symkern program; everything is in cli.c but closing standard
 * output, whose last buffered bytes (--version, --help, --dump-defs) or
 * whose close itself can fail: that must not exit 0. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

int main(int argc, char **argv)
{
	int rc = symkern_main(argc, argv);
	/* EBADF: standard output was closed when symkern started, and nothing
	 * was written to it (a write would have failed in symkern_main). */
	if (fclose(stdout) != 0 && errno != EBADF && rc == 0) {
		fprintf(stderr, "symkern: cannot write standard output: %s\n", strerror(errno));
		rc = 1;
	}
	return rc;
}
