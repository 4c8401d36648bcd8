/* replay.c: runs fuzz_parse.c's LLVMFuzzerTestOneInput over every file of
 * the committed corpus (CORPUS_DIR), without libFuzzer, as a test of
 * `make check`; under --enable-sanitizers it checks them with ASan/UBSan. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(void)
{
	DIR *d = opendir(CORPUS_DIR);
	struct dirent *e;
	int n = 0;
	if (!d) {
		perror(CORPUS_DIR);
		return 1;
	}
	while ((e = readdir(d))) {
		char path[4096];
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s", CORPUS_DIR, e->d_name);
		FILE *f = fopen(path, "rb");
		if (!f) {
			perror(path);
			return 1;
		}
		static uint8_t buf[1 << 20];
		size_t len = fread(buf, 1, sizeof buf, f);
		fclose(f);
		LLVMFuzzerTestOneInput(buf, len);
		n++;
	}
	closedir(d);
	printf("replayed %d corpus inputs\n", n);
	return n > 0 ? 0 : 1;
}
