/* demo.c: evaluates the functions of examples/seeds.sym on 10^8 points (or
 * argv[1]) with the generated library: on the GPU when there is one, else
 * with the CPU fallback.  Checks every result against the scalar functions
 * and prints function, points, time (best of 4 after a warm-up), achieved
 * GB/s and max error (relative, absolute where the value is below 1).
 *
 *   make demo            or   ./examples/demo [N]
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "seeds.h"
#ifdef DEMO_CUDA
#include <cuda_runtime_api.h>
#endif

/* The scalar functions, to check the arrays against. */
typedef struct {
	const char *name;
	int nargs;
	double (*f1)(double);
	double (*f2)(double, double);
	double (*f3)(double, double, double);
} Scalar;

static const Scalar scalars[] = {
	{"siny", 1, seeds_siny_f64, NULL, NULL},
	{"gauss", 3, NULL, NULL, seeds_gauss_f64},
	{"gauss01", 1, seeds_gauss01_f64, NULL, NULL},
	{"logistic", 1, seeds_logistic_f64, NULL, NULL},
	{"softplus", 1, seeds_softplus_f64, NULL, NULL},
	{"ramp", 1, seeds_ramp_f64, NULL, NULL},
	{"cubic", 1, seeds_cubic_f64, NULL, NULL},
	{"rosenbrock", 2, NULL, seeds_rosenbrock_f64, NULL},
};

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static uint64_t state = 42;
static double uniform(double lo, double hi)
{
	uint64_t z = (state += 0x9E3779B97F4A7C15u);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
	return lo + (hi - lo) * (double)((z ^ (z >> 31)) >> 11) * 0x1p-53;
}

static void *xmalloc(size_t n)
{
	void *p = malloc(n);
	if (!p) {
		fprintf(stderr, "demo: out of memory (%zu bytes); try a smaller N\n", n);
		exit(1);
	}
	return p;
}

int main(int argc, char **argv)
{
	size_t n = argc > 1 ? (size_t)strtoull(argv[1], NULL, 10) : 100000000;
	int gpu = 0;
#ifdef DEMO_CUDA
	int count = 0;
	gpu = cudaGetDeviceCount(&count) == cudaSuccess && count > 0;
#endif
	if (n == 0) {
		fprintf(stderr, "usage: demo [N]\n");
		return 1;
	}
	printf("symkern demo: examples/seeds.sym on %zu points, %s\n", n,
	       gpu ? "GPU (libseeds_cuda)" : "CPU fallback (libseeds_cpu; no GPU found)");
	double *in[3], *out = xmalloc(n * sizeof(double));
	for (int j = 0; j < 3; j++) {
		in[j] = xmalloc(n * sizeof(double));
		for (size_t i = 0; i < n; i++)
			in[j][i] = uniform(0.5, 2.0); /* non-zero, inside every function's domain */
	}
	double *din[3] = {NULL, NULL, NULL}, *dout = NULL;
#ifdef DEMO_CUDA
	if (gpu) {
		for (int j = 0; j < 3; j++)
			if (cudaMalloc((void **)&din[j], n * sizeof(double)) != cudaSuccess ||
			    cudaMemcpy(din[j], in[j], n * sizeof(double), cudaMemcpyHostToDevice) != cudaSuccess) {
				fprintf(stderr, "demo: cannot allocate or copy on the GPU\n");
				return 1;
			}
		if (cudaMalloc((void **)&dout, n * sizeof(double)) != cudaSuccess) {
			fprintf(stderr, "demo: cannot allocate on the GPU\n");
			return 1;
		}
	}
#endif
	printf("%-12s %12s %10s %10s %12s\n", "function", "points", "time ms", "GB/s", "max error");
	int bad = 0;
	for (const seeds_fn_info *f = gpu ? seeds_gpu_table : seeds_cpu_table; f->name; f++) {
		const Scalar *s = &scalars[f - (gpu ? seeds_gpu_table : seeds_cpu_table)];
		const double *args[3] = {gpu ? din[0] : in[0], gpu ? din[1] : in[1], gpu ? din[2] : in[2]};
		const ptrdiff_t inc[3] = {1, 1, 1};
		double *o = gpu ? dout : out;
		int rc = 0;
		double best = INFINITY;
		for (int rep = 0; rep < 5 && rc == 0; rep++) { /* the first run warms up */
			double t0 = now();
			rc = f->map_f64(n, args, inc, o, 1, NULL);
#ifdef DEMO_CUDA
			if (gpu && rc == 0 && cudaDeviceSynchronize() != cudaSuccess)
				rc = SEEDS_ECUDA;
#endif
			double t = now() - t0;
			if (rep > 0 && t < best)
				best = t;
		}
		if (rc != 0) {
			fprintf(stderr, "demo: %s: %s\n", f->name, seeds_strerror(rc));
			return 1;
		}
#ifdef DEMO_CUDA
		if (gpu && cudaMemcpy(out, dout, n * sizeof(double), cudaMemcpyDeviceToHost) != cudaSuccess) {
			fprintf(stderr, "demo: cannot copy back\n");
			return 1;
		}
#endif
		double err = 0;
		for (size_t i = 0; i < n; i++) {
			double want = s->nargs == 1 ? s->f1(in[0][i])
			              : s->nargs == 2 ? s->f2(in[0][i], in[1][i])
			                              : s->f3(in[0][i], in[1][i], in[2][i]);
			/* Relative error, absolute below 1: rosenbrock's y - x**2 cancels,
			 * and the GPU contracts a*b + c into fma where the CPU may not. */
			double e = fabs(out[i] - want) / (fabs(want) > 1 ? fabs(want) : 1);
			if (!(e <= err))
				err = e;
		}
		double bytes = (double)n * sizeof(double) * (f->nargs + 1);
		printf("%-12s %12zu %10.3f %10.1f %12.2e\n", f->name, n, best * 1e3, bytes / best / 1e9, err);
		bad += !(err < 1e-12);
	}
	if (bad)
		printf("%d function(s) off by more than 1e-12\n", bad);
	return bad ? 1 : 0;
}
