/* gen_speed.c: how long symkern takes to generate a large library
 * (`make bench-gen`; results in bench/RESULTS.md).  It writes the input
 * that tests/unit/test_cli.c checks for correctness only (NFUNCS functions of
 * 1 to 4 arguments) or, with `gufunc`, NFUNCS gufuncs (a polynomial's
 * value by a Sum over a vector), runs symkern RUNS times, each into a
 * fresh folder, and prints each run's wall time and their median.  Timing lives here
 * rather than in `make check`, where a loaded machine made any time limit
 * fail.
 *
 *   bench/gen_speed SYMKERN TEMPLATES [NFUNCS [RUNS [map|gufunc]]]   (10000, 5, map)
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdbool.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static void die(const char *what, const char *path)
{
	fprintf(stderr, "gen_speed: %s '%s': %s\n", what, path, strerror(errno));
	exit(1);
}

/* The input of test_many_functions in tests/unit/test_cli.c, or nf
 * gufuncs that differ by a constant. */
static void write_input(const char *path, int nf, bool gufunc)
{
	static const char *const body[] = {"sin(x) + %d", "sin(x)*y + %d", "sin(x)*y + z*%d",
	                                   "sin(x)*y + z*%d - w"};
	static const char *const params[] = {"x", "x, y", "x, y, z", "x, y, z, w"};
	FILE *f = fopen(path, "w");
	if (!f)
		die("cannot write", path);
	for (int i = 0; i < nf && gufunc; i++)
		fprintf(f, "g%d(v[n], a) = Sum(v[k]*a**k, (k, 0, n - 1)) + %d\n", i, i);
	for (int i = 0; i < nf && !gufunc; i++) {
		fprintf(f, "f%d(%s) = ", i, params[i % 4]);
		fprintf(f, body[i % 4], i);
		fputc('\n', f);
	}
	if (fclose(f) != 0)
		die("cannot write", path);
}

/* Seconds of wall time of one symkern run into the fresh folder OUT. */
static double time_run(char *const argv[], const char *out)
{
	struct timespec t0, t1;
	pid_t pid;
	int st;
	if (mkdir(out, 0777) != 0)
		die("cannot create", out);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	int e = posix_spawn(&pid, argv[0], NULL, NULL, argv, environ);
	if (e != 0) {
		errno = e;
		die("cannot run", argv[0]);
	}
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			die("cannot wait for", argv[0]);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		fprintf(stderr, "gen_speed: %s failed\n", argv[0]);
		exit(1);
	}
	return (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
}

/* Removes OUT's three outputs (100 MB for 10^4 functions) and OUT. */
static void remove_outputs(const char *out)
{
	static const char *const names[] = {"many.h", "many.cu", "many_cpu.c"};
	char path[4400];
	for (int i = 0; i < 3; i++) {
		snprintf(path, sizeof path, "%s/%s", out, names[i]);
		if (unlink(path) != 0)
			die("cannot remove", path);
	}
	if (rmdir(out) != 0)
		die("cannot remove", out);
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
	if (argc < 3 || argc > 6 || (argc == 6 && strcmp(argv[5], "map") && strcmp(argv[5], "gufunc"))) {
		fputs("usage: gen_speed SYMKERN TEMPLATES [NFUNCS [RUNS [map|gufunc]]]\n", stderr);
		return 2;
	}
	bool gufunc = argc == 6 && !strcmp(argv[5], "gufunc");
	int nf = argc > 3 ? atoi(argv[3]) : 10000, runs = argc > 4 ? atoi(argv[4]) : 5;
	if (nf < 1 || runs < 1 || runs > 100) {
		fputs("gen_speed: NFUNCS >= 1 and 1 <= RUNS <= 100\n", stderr);
		return 2;
	}
	const char *tmp = getenv("TMPDIR");
	char dir[4096], in[4200], out[4200];
	snprintf(dir, sizeof dir, "%s/gen_speed-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir))
		die("cannot create", dir);
	snprintf(in, sizeof in, "%s/many.sym", dir);
	snprintf(out, sizeof out, "%s/out", dir);
	write_input(in, nf, gufunc);
	char *args[] = {argv[1], "--templates", argv[2], "-o", out, "-n", "many", in, NULL};
	double s[100];
	for (int r = 0; r < runs; r++) {
		s[r] = time_run(args, out);
		printf("run %d: %.3f s\n", r + 1, s[r]);
		remove_outputs(out);
	}
	unlink(in);
	rmdir(dir);
	qsort(s, (size_t)runs, sizeof s[0], by_value);
	double median = runs % 2 ? s[runs / 2] : (s[runs / 2 - 1] + s[runs / 2]) / 2;
	printf("symkern, %d %s: median %.3f s of %d runs (min %.3f, max %.3f)\n", nf, gufunc ? "gufuncs" : "functions", median, runs,
	       s[0], s[runs - 1]);
	return 0;
}
