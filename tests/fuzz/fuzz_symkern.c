/* fuzz_symkern.c: libFuzzer target over the whole symkern command, m4
 * included (`make fuzz`): each input is written to a file and run through
 * symkern_main() into a scratch folder.  Besides crashes it checks that a
 * run leaves exactly the three outputs (status 0) or nothing (status 1),
 * never a temporary file. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[] = "/tmp/symkern-fuzz-XXXXXX";

/* Files in dir other than in.sym; removes them. */
static int sweep(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[256];
	int n = 0;
	while (d && (e = readdir(d))) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 ||
		    strcmp(e->d_name, "in.sym") == 0)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		unlink(path);
		n++;
	}
	if (d)
		closedir(d);
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	char path[256];
	if (!ready) {
		if (!mkdtemp(dir) || setenv("M4", FUZZ_M4, 1) != 0)
			abort();
		ready = 1;
	}
	snprintf(path, sizeof path, "%s/in.sym", dir);
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
		abort();
	char *argv[] = {"symkern", "--templates", FUZZ_TEMPLATES, "-o", dir, "-n", "fz", path, NULL};
	int rc = symkern_main(8, argv);
	int left = sweep();
	if (rc == 0 ? left != 3 : rc != 1 || left != 0)
		abort(); /* a lost or stray file: as bad as a crash */
	return 0;
}
