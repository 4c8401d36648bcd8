// oracle_main.h: the main() of gpu_oracle.cu and gpu_gufunc_oracle.cu, which
// differ only in the list of calls they read and how they run one.
//
//     PROG DIR OUTDIR
//
// oracle_main opens DIR/LIST (one call a line, '#' lines skipped), DIR/POINTS
// (the inputs, read in order by the calls) and OUTDIR/RESULTS, and passes
// each line of the list to `one`, which reads its inputs from `in`, appends
// its results to `out` and returns how many calls it made, or -1 after
// printing why it failed.  Returns 77 (skip) without a CUDA device, 1 on
// any error, 0 when every line ran.
#ifndef ORACLE_MAIN_H
#define ORACLE_MAIN_H

#include <cstdio>
#include <string>

#include <cuda_runtime.h>

static int oracle_main(int argc, char **argv, const char *prog, const char *list, const char *points,
                       const char *results, int (*one)(const char *line, FILE *in, FILE *out))
{
	if (argc != 3) {
		fprintf(stderr, "usage: %s DIR OUTDIR\n", prog);
		return 1;
	}
	int ndev = 0;
	if (cudaGetDeviceCount(&ndev) != cudaSuccess || ndev == 0) {
		printf("SKIP: no CUDA device\n");
		return 77;
	}
	const std::string dir = argv[1], outdir = argv[2];
	FILE *calls = fopen((dir + "/" + list).c_str(), "r");
	FILE *in = fopen((dir + "/" + points).c_str(), "rb");
	FILE *out = fopen((outdir + "/" + results).c_str(), "wb");
	if (!calls || !in || !out) {
		fprintf(stderr, "%s: cannot open %s, %s or OUTDIR/%s: ", prog, list, points, results);
		perror(nullptr);
		return 1;
	}
	char line[4096];
	int ncalls = 0;
	while (fgets(line, sizeof line, calls)) {
		if (line[0] == '#')
			continue;
		int k = one(line, in, out);
		if (k < 0)
			return 1;
		ncalls += k;
	}
	if (fclose(out) != 0) {
		fprintf(stderr, "%s: writing %s: ", prog, results);
		perror(nullptr);
		return 1;
	}
	printf("%s: %d calls written to %s/%s\n", prog, ncalls, outdir.c_str(), results);
	return 0;
}

#endif
