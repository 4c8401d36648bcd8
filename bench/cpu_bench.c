/* cpu_bench.c: times the CPU fallback of the seeds library (generated/
 * seeds_cpu.c) on float64 arrays, checks every result against a long double
 * reference, and prints one JSON object a line.
 *
 * Usage: cpu_bench [-n N] [-r REPS] [-w DIR]
 *   -n N     elements (default 10000000)
 *   -r REPS  timed runs after 2 warm-up runs; the median is reported
 *            (default 15, at least 1)
 *   -w DIR   also write the inputs and the outputs as raw native doubles:
 *            DIR/sin_x.f64, DIR/sin_out.f64, DIR/gauss_x.f64,
 *            DIR/gauss_mu.f64, DIR/gauss_sigma.f64, DIR/gauss_out.f64, so
 *            that bench/cpu_bench.py times NumPy on the same points
 * Inputs: splitmix64 with fixed seeds, the same as bench_map.cu: sin's
 * uniform in [-10, 10]; gauss's x in [-5, 5], mu in [-1, 1], sigma in
 * [0.5, 2]; none is zero.
 * Exit status: 0 ok; 1 a result outside |err| <= 1e-15 + 1e-13 |ref|; 2 a
 * symkern error, an I/O error or no memory; 64 bad usage.
 *
 * Build: gcc -std=c99 -O2 -fopenmp -Igenerated -o cpu_bench \
 *          bench/cpu_bench.c generated/seeds_cpu.c -lm */
#define _POSIX_C_SOURCE 200112L
#include "seeds.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

enum { EXIT_CHECK = 1, EXIT_ERR = 2, EXIT_USAGE = 64 };

static const double RTOL = 1e-13, ATOL = 1e-15;

static uint64_t mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* v[i] uniform in [a, b], never zero: output i of splitmix64(seed). */
static void fill_uniform(double *v, size_t n, uint64_t seed, double a, double b)
{
	for (size_t i = 0; i < n; i++) {
		double u = (double)(mix64(seed + (i + 1) * 0x9e3779b97f4a7c15ULL) >> 11) * 0x1.0p-53;
		double t = a + (b - a) * u;
		v[i] = t != 0 ? t : b / 2;
	}
}

static double *alloc(size_t n)
{
	double *p = malloc(n ? n * sizeof *p : 1);
	if (!p) {
		fprintf(stderr, "cpu_bench: out of memory\n");
		exit(EXIT_ERR);
	}
	return p;
}

static double now_ms(void)
{
	struct timespec t;
	if (clock_gettime(CLOCK_MONOTONIC, &t) != 0) {
		perror("cpu_bench: clock_gettime");
		exit(EXIT_ERR);
	}
	return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static void sk(int rc, const char *what)
{
	if (rc != SEEDS_OK) {
		fprintf(stderr, "cpu_bench: %s returned %d (%s)\n", what, rc, seeds_strerror(rc));
		exit(EXIT_ERR);
	}
}

/* The functions timed, behind one signature. */
struct args {
	size_t n;
	const double *x, *mu, *sigma;
	double *out;
};

static void run_sin(const struct args *a)
{
	sk(seeds_siny_map_f64_cpu(a->n, a->x, 1, a->out, 1), "seeds_siny_map_f64_cpu");
}

static void run_gauss(const struct args *a)
{
	sk(seeds_gauss_map_f64_cpu(a->n, a->x, 1, a->mu, 1, a->sigma, 1, a->out, 1), "seeds_gauss_map_f64_cpu");
}

static long double ref_sin(const struct args *a, size_t i)
{
	return sinl(a->x[i]);
}

static long double ref_gauss(const struct args *a, size_t i)
{
	const long double pi = 3.141592653589793238462643383279502884L;
	const long double d = (long double)a->x[i] - a->mu[i], s = a->sigma[i];
	return expl(-d * d / (2 * s * s)) / (s * sqrtl(2 * pi));
}

struct stats {
	double median, min, max;
	double max_rel, max_ulp;
	size_t bad, nan;
};

/* Poison the output, run twice, time reps runs, check every element. */
static struct stats bench(void (*run)(const struct args *), long double (*ref)(const struct args *, size_t),
                          const struct args *a, int reps)
{
	struct stats s = {0};
	double *t = alloc((size_t)reps);
	memset(a->out, 0xFF, a->n * sizeof *a->out); /* NaN */
	run(a);
	run(a);
	for (int r = 0; r < reps; r++) {
		double t0 = now_ms();
		run(a);
		t[r] = now_ms() - t0;
	}
	qsort(t, (size_t)reps, sizeof *t, cmp_double);
	s.median = reps % 2 ? t[reps / 2] : (t[reps / 2 - 1] + t[reps / 2]) / 2;
	s.min = t[0];
	s.max = t[reps - 1];
	free(t);

	double max_rel = 0, max_ulp = 0;
	size_t bad = 0, nan = 0;
	const ptrdiff_t n = (ptrdiff_t)a->n;
#ifdef _OPENMP
#pragma omp parallel for reduction(max : max_rel, max_ulp) reduction(+ : bad, nan)
#endif
	for (ptrdiff_t i = 0; i < n; i++) {
		const double g = a->out[i];
		const long double r = ref(a, (size_t)i), ar = fabsl(r);
		if (isnan(g)) {
			nan++;
			bad++;
			continue;
		}
		const long double err = fabsl(g - r);
		const double rd = fabs((double)r), ulp = nextafter(rd, INFINITY) - rd;
		const double rel = (double)(err / ar), u = (double)err / ulp;
		max_rel = rel > max_rel ? rel : max_rel;
		max_ulp = u > max_ulp ? u : max_ulp;
		bad += !(err <= ATOL + RTOL * ar);
	}
	s.max_rel = max_rel;
	s.max_ulp = max_ulp;
	s.bad = bad;
	s.nan = nan;
	return s;
}

static void print_stats(const char *name, size_t n, int reps, int threads, const struct stats *s)
{
	printf("{\"name\": \"%s\", \"n\": %zu, \"ms\": %.4f, \"min_ms\": %.4f, \"max_ms\": %.4f, \"reps\": %d, "
	       "\"threads\": %d, \"max_rel_err\": %.6g, \"max_ulp\": %.4g, \"bad\": %zu, \"nan\": %zu}\n",
	       name, n, s->median, s->min, s->max, reps, threads, s->max_rel, s->max_ulp, s->bad, s->nan);
	fflush(stdout);
}

static void write_raw(const char *dir, const char *name, const double *v, size_t n)
{
	char path[4096];
	FILE *f;
	if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path) {
		fprintf(stderr, "cpu_bench: %s: path too long\n", dir);
		exit(EXIT_ERR);
	}
	f = fopen(path, "wb");
	if (!f || fwrite(v, sizeof *v, n, f) != n || fclose(f) != 0) {
		fprintf(stderr, "cpu_bench: %s: %s\n", path, strerror(errno));
		exit(EXIT_ERR);
	}
}

static void usage(void)
{
	fprintf(stderr, "usage: cpu_bench [-n N] [-r REPS] [-w DIR]\n");
	exit(EXIT_USAGE);
}

int main(int argc, char **argv)
{
	size_t n = 10000000;
	int reps = 15;
	const char *dir = NULL;
	for (int i = 1; i < argc; i++) {
		char *end;
		if (i + 1 >= argc)
			usage();
		if (!strcmp(argv[i], "-n")) {
			unsigned long long v = strtoull(argv[++i], &end, 10);
			if (*end || v == 0)
				usage();
			n = (size_t)v;
		} else if (!strcmp(argv[i], "-r")) {
			long v = strtol(argv[++i], &end, 10);
			if (*end || v < 1 || v > 100000)
				usage();
			reps = (int)v;
		} else if (!strcmp(argv[i], "-w"))
			dir = argv[++i];
		else
			usage();
	}
#ifdef _OPENMP
	const int threads = omp_get_max_threads();
#else
	const int threads = 1;
#endif
	const char *omp_env = getenv("OMP_NUM_THREADS");
	printf("{\"name\": \"info\", \"n\": %zu, \"reps\": %d, \"warmup\": 2, \"openmp\": %s, \"threads\": %d, "
	       "\"OMP_NUM_THREADS\": \"%s\"}\n",
	       n, reps,
#ifdef _OPENMP
	       "true",
#else
	       "false",
#endif
	       threads, omp_env ? omp_env : "");

	double *x = alloc(n), *mu = alloc(n), *sigma = alloc(n), *out = alloc(n);
	const struct args a = {n, x, mu, sigma, out};
	int fail = 0;

	fill_uniform(x, n, 0x5eed0001, -10, 10);
	struct stats s = bench(run_sin, ref_sin, &a, reps);
	print_stats("seeds_siny_map_f64_cpu", n, reps, threads, &s);
	fail |= s.bad != 0;
	if (dir) {
		write_raw(dir, "sin_x.f64", a.x, n);
		write_raw(dir, "sin_out.f64", a.out, n);
	}

	fill_uniform(x, n, 0x5eed0002, -5, 5);
	fill_uniform(mu, n, 0x5eed0003, -1, 1);
	fill_uniform(sigma, n, 0x5eed0004, 0.5, 2);
	s = bench(run_gauss, ref_gauss, &a, reps);
	print_stats("seeds_gauss_map_f64_cpu", n, reps, threads, &s);
	fail |= s.bad != 0;
	if (dir) {
		write_raw(dir, "gauss_x.f64", a.x, n);
		write_raw(dir, "gauss_mu.f64", a.mu, n);
		write_raw(dir, "gauss_sigma.f64", a.sigma, n);
		write_raw(dir, "gauss_out.f64", a.out, n);
	}
	if (fail)
		fprintf(stderr, "cpu_bench: results outside |err| <= %g + %g |ref|\n", ATOL, RTOL);
	free(x);
	free(mu);
	free(sigma);
	free(out);
	return fail ? EXIT_CHECK : 0;
}
