/* driver.c: main of the sanitizer test (tests/sanitize/run.sh, and
 * run_gpu.sh with SAN_GPU): every gufunc of the generated san.sym in both
 * precisions, for batch 0, 1 and 7, every run-time size at the edges (0,
 * 1, each number of base cases and two more, 7, and long rows that take
 * the GPU's shared decompositions), rows and columns, and exactly in
 * place where allowed.  It checks that each call returns 0, writes every
 * output element, gives the same bits in both layouts and in place on the
 * CPU, and on the GPU the CPU's values within a tolerance; memory errors
 * are the sanitizer's to find, as every array is exactly as large as the
 * call spans.  Exit status 0 when every check held. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver.h"

#ifdef SAN_GPU
#include <cuda_runtime.h>
#endif

static int failures;

static void fail(const char *what, const char *name, const char *prec, size_t batch, const size_t *sz, int nsz,
                 int layout, int inplace)
{
	if (++failures > 50)
		return;
	fprintf(stderr, "FAIL %s: %s %s batch=%zu sizes=(", what, name, prec, batch);
	for (int i = 0; i < nsz; i++)
		fprintf(stderr, "%s%zu", i ? ", " : "", sz[i]);
	fprintf(stderr, ") layout=%d inplace=%d\n", layout, inplace);
}

/* The value of input id at (item b, element e): in [0.5, 1), a hash. */
static double value(int id, size_t b, size_t e)
{
	uint64_t h = (uint64_t)id * 0x9e3779b97f4a7c15u ^ (uint64_t)b * 0xbf58476d1ce4e5b9u ^ (uint64_t)e * 0x94d049bb133111ebu;
	h ^= h >> 31;
	h *= 0xd6e9e5fd9c6f1c3bu;
	h ^= h >> 29;
	return 0.5 + 0.5 * (double)(h >> 11) / 9007199254740992.0;
}

static const uint64_t POISON64 = 0x7ffc0de5eed00001u;
static const uint32_t POISON32 = 0x7fc0dea5u;

/* Element (b, e) of a host copy of a's memory, whose lowest address is
 * base: as a double, and whether it is the poison. */
static double get(const Arr *a, const unsigned char *host, ptrdiff_t lo, size_t b, size_t e, int *poisoned)
{
	ptrdiff_t i = (ptrdiff_t)b * a->inc_batch + (ptrdiff_t)e * a->inc_elem - lo;
	if (a->size == 8) {
		double d;
		uint64_t u;
		memcpy(&d, host + (size_t)i * 8, 8);
		memcpy(&u, &d, 8);
		*poisoned = u == POISON64;
		return d;
	}
	float f;
	uint32_t u;
	memcpy(&f, host + (size_t)i * 4, 4);
	memcpy(&u, &f, 4);
	*poisoned = u == POISON32;
	return (double)f;
}

static size_t span(const Arr *a)
{
	return a->batch * a->elems;
}

void arr_make(Arr *a, int target, size_t batch, size_t elems, int vec, int out, int layout, size_t size, int id)
{
	memset(a, 0, sizeof *a);
	a->target = target;
	a->batch = batch;
	a->elems = elems;
	a->size = size;
	a->out = out;
	a->id = id;
	a->inc_batch = layout == 0 || !vec ? (ptrdiff_t)elems : 1;
	a->inc_elem = vec ? (layout == 0 ? 1 : (ptrdiff_t)batch) : 0;
	if (!vec)
		a->inc_batch = 1;
	size_t n = span(a), bytes = n * size;
	if (n == 0)
		return; /* NULL: symkern(3) allows it for an array of no element */
	unsigned char *host = (unsigned char *)malloc(bytes);
	if (!host)
		abort();
	for (size_t b = 0; b < batch; b++)
		for (size_t e = 0; e < elems; e++) {
			size_t i = (size_t)((ptrdiff_t)b * a->inc_batch + (ptrdiff_t)e * a->inc_elem);
			if (size == 8) {
				double d = value(id, b, e);
				if (out)
					memcpy(&d, &POISON64, 8);
				memcpy(host + i * 8, &d, 8);
			} else {
				float f = (float)value(id, b, e);
				if (out)
					memcpy(&f, &POISON32, 4);
				memcpy(host + i * 4, &f, 4);
			}
		}
	if (target == 0) {
		a->p = host;
		return;
	}
#ifdef SAN_GPU
	if (cudaMalloc(&a->p, bytes) != cudaSuccess || cudaMemcpy(a->p, host, bytes, cudaMemcpyHostToDevice) != cudaSuccess) {
		fprintf(stderr, "cudaMalloc/cudaMemcpy failed\n");
		exit(1);
	}
#endif
	free(host);
}

void arr_alias(Arr *out, const Arr *in)
{
	if (out->p) {
		if (out->target == 0)
			free(out->p);
#ifdef SAN_GPU
		else
			cudaFree(out->p);
#endif
	}
	out->p = in->p;
	out->inc_batch = in->inc_batch;
	out->inc_elem = in->inc_elem;
	out->aliased = 1;
}

/* The last call's result: outputs' values in the order output, item,
 * element, and how many were left poisoned. */
static double *result;
static size_t nresult, unwritten;

int finish(Arr *a, int n, int rc)
{
	nresult = unwritten = 0;
	size_t total = 0;
	for (int i = 0; i < n; i++)
		if (a[i].out)
			total += span(&a[i]);
	free(result);
	result = (double *)malloc((total ? total : 1) * sizeof *result);
	for (int i = 0; i < n; i++) {
		size_t bytes = span(&a[i]) * a[i].size;
		if (a[i].out && rc == 0 && bytes) {
			unsigned char *host = (unsigned char *)a[i].p;
			if (a[i].target) {
				host = (unsigned char *)malloc(bytes);
#ifdef SAN_GPU
				if (cudaMemcpy(host, a[i].p, bytes, cudaMemcpyDeviceToHost) != cudaSuccess)
					exit(1);
#endif
			}
			/* The lowest address: layouts here have non-negative increments. */
			for (size_t b = 0; b < a[i].batch; b++)
				for (size_t e = 0; e < a[i].elems; e++) {
					int p;
					result[nresult++] = get(&a[i], host, 0, b, e, &p);
					unwritten += (size_t)(p && !a[i].aliased);
				}
			if (a[i].target)
				free(host);
		}
	}
	for (int i = 0; i < n; i++) {
		if (a[i].aliased || !a[i].p)
			continue;
		if (a[i].target == 0)
			free(a[i].p);
#ifdef SAN_GPU
		else
			cudaFree(a[i].p);
#endif
	}
	return rc;
}

#ifdef SAN_GPU
int gpu_status(int rc)
{
	cudaError_t e = cudaDeviceSynchronize();
	if (e == cudaSuccess)
		e = cudaGetLastError();
	if (e != cudaSuccess) {
		fprintf(stderr, "CUDA error: %s\n", cudaGetErrorString(e));
		return -100;
	}
	return rc;
}
#endif

/* Bit for bit (the same code on the same inputs), NaNs alike. */
static int same_bits(const double *x, const double *y, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (memcmp(&x[i], &y[i], sizeof x[i]) != 0 && !(isnan(x[i]) && isnan(y[i])))
			return 0;
	return 1;
}

#ifdef SAN_GPU
/* The GPU's value against the CPU's: rounding may differ (fma, shared
 * reductions and scans), and growing sequences may reach inf on one side
 * a little before the other. */
static int close_to(const double *g, const double *c, size_t n, int f32)
{
	double tol = f32 ? 2e-3 : 1e-9, big = f32 ? 1e37 : 1e306;
	for (size_t i = 0; i < n; i++) {
		double a = g[i], b = c[i];
		if ((isnan(a) && isnan(b)) || a == b)
			continue;
		if ((!isfinite(a) || !isfinite(b)) && fabs(a) > big && fabs(b) > big && (a > 0) == (b > 0))
			continue;
		if (!(fabs(a - b) <= tol * fmax(1.0, fmax(fabs(a), fabs(b)))))
			return 0;
	}
	return 1;
}
#endif

static int has(const int *v, int n, int x)
{
	for (int i = 0; i < n; i++)
		if (v[i] == x)
			return 1;
	return 0;
}

/* Every check for one case, precision, batch and set of sizes. */
static void check_one(const Case *c, int f32, size_t batch, const size_t *sz)
{
	RunFn run = f32 ? c->f32 : c->f64;
	const char *prec = f32 ? "f32" : "f64";
	double *rows;
	size_t nrows;
	if (run(0, batch, sz, 0, -1) != 0 || unwritten) {
		fail(unwritten ? "output left unwritten" : "call refused", c->name, prec, batch, sz, c->nsizes, 0, -1);
		return;
	}
	nrows = nresult;
	rows = (double *)malloc((nrows ? nrows : 1) * sizeof *rows);
	memcpy(rows, result, nrows * sizeof *rows);
	if (run(0, batch, sz, 1, -1) != 0 || unwritten || nresult != nrows || !same_bits(result, rows, nrows))
		fail("columns differ from rows", c->name, prec, batch, sz, c->nsizes, 1, -1);
	for (int k = 0; k < c->nins; k++) {
		int in = c->ins[k], rc = run(0, batch, sz, 0, in);
		int claimed = has(c->claim, c->nclaim, in);
		if (rc == 0 && (nresult != nrows || !same_bits(result, rows, nrows)))
			fail("in place differs", c->name, prec, batch, sz, c->nsizes, 0, in);
		else if (rc != 0 && claimed && batch)
			fail("in place refused", c->name, prec, batch, sz, c->nsizes, 0, in);
		else if (rc == 0 && c->claims && !claimed && batch && nrows > 1)
			fail("in place allowed where a step reads a written element", c->name, prec, batch, sz, c->nsizes,
			     0, in);
	}
#ifdef SAN_GPU
	for (int layout = 0; layout < 2; layout++) {
		if (run(1, batch, sz, layout, -1) != 0 || unwritten || nresult != nrows || !close_to(result, rows, nrows, f32))
			fail("GPU differs from the CPU", c->name, prec, batch, sz, c->nsizes, layout, -1);
	}
	for (int k = 0; k < c->nins; k++) {
		int in = c->ins[k];
		if (run(1, batch, sz, 0, in) == 0 && (nresult != nrows || !close_to(result, rows, nrows, f32)))
			fail("GPU in place differs", c->name, prec, batch, sz, c->nsizes, 0, in);
	}
#endif
	free(rows);
}

/* The sizes a case is called with: for the outputs' size (or a
 * reduction's first), 0 .. nbase + 2, 7 and long rows; others 0, 1, 3. */
static size_t loop_sizes(const Case *c, size_t *out)
{
	size_t n = 0;
	for (int k = 0; k <= c->nbase + 2; k++)
		out[n++] = (size_t)k;
	out[n++] = 7;
	out[n++] = c->loopdim >= 0 ? 1500 : 5000;
	return n;
}

int main(void)
{
	static const size_t batches[] = {0, 1, 7}, others[] = {0, 1, 3};
	const char *only = getenv("SAN_ONLY"); /* cases whose name holds this */
	size_t calls = 0;
#ifdef SAN_GPU
	int ndev = 0;
	if (cudaGetDeviceCount(&ndev) != cudaSuccess || ndev == 0) {
		printf("SKIP: no CUDA device\n");
		return 77;
	}
#endif
	for (size_t ci = 0; ci < ncases; ci++) {
		const Case *c = &cases[ci];
		if (only && !strstr(c->name, only))
			continue;
		size_t ls[16], nls = loop_sizes(c, ls);
		int first = c->loopdim >= 0 ? c->loopdim : 0;
		/* Sizes other than the first vary together, in 3 ways. */
		for (int f32 = 0; f32 < 2; f32++)
			for (size_t bi = 0; bi < 3; bi++)
				for (size_t li = 0; li < (c->nsizes ? nls : 1); li++)
					for (size_t oi = 0; oi < (c->nsizes > 1 ? 3u : 1u); oi++) {
						size_t sz[64] = {0};
						for (int d = 0; d < c->nsizes && d < 64; d++)
							sz[d] = d == first ? ls[li] : others[oi];
						if (batches[bi] * sz[first] > 20000 && batches[bi] > 1)
							continue;
						check_one(c, f32, batches[bi], sz);
						calls++;
					}
	}
	free(result);
	printf("%zu cases, %zu size combinations, %d failure%s\n", (size_t)ncases, calls, failures,
	       failures == 1 ? "" : "s");
	return failures ? 1 : 0;
}
