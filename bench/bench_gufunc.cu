// bench_gufunc.cu: symkern's gufuncs (bench/gubench.sym) on the GPU against
// a copy kernel moving the same bytes (the bandwidth ceiling) and
// hand-written kernels, all timed in the same run: CUDA events, median of
// 30 runs after 3 warm-ups, random non-zero inputs, outputs poisoned and
// checked against the CPU fallback first.  Prints one JSON object.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <cuda_runtime.h>

#include "../tests/common/cuda_check.h"

#include "gubench.h"

#define OK(call)                                                                          \
	do {                                                                              \
		int r_ = (call);                                                          \
		if (r_ != 0) {                                                            \
			fprintf(stderr, "%s:%d: %s: status %d\n", __FILE__, __LINE__, #call, r_); \
			exit(1);                                                          \
		}                                                                         \
	} while (0)

template <class F> static float med(F f, int reps = 30)
{
	cudaEvent_t a, b;
	CK(cudaEventCreate(&a));
	CK(cudaEventCreate(&b));
	for (int i = 0; i < 3; i++)
		f();
	CK(cudaDeviceSynchronize());
	std::vector<float> t;
	for (int i = 0; i < reps; i++) {
		CK(cudaEventRecord(a));
		f();
		CK(cudaEventRecord(b));
		CK(cudaEventSynchronize(b));
		float ms;
		CK(cudaEventElapsedTime(&ms, a, b));
		t.push_back(ms);
	}
	CK(cudaGetLastError());
	std::sort(t.begin(), t.end());
	return t[t.size() / 2];
}

__global__ void copy_f32(const float4 *__restrict__ x, float4 *__restrict__ o, size_t n4)
{
	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n4; i += (size_t)gridDim.x * blockDim.x)
		o[i] = x[i];
}

// The hand-written kernels of ../shared/peers/handwritten.cu, rows layout.
__global__ void powsum4_rows(const float *__restrict__ x, float4 *__restrict__ o, size_t rows)
{
	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < rows; i += (size_t)gridDim.x * blockDim.x) {
		float v = x[i], p = v, s = v, r[4];
		r[0] = s;
		for (int k = 1; k < 4; k++) {
			p *= v;
			s += p;
			r[k] = s;
		}
		o[i] = make_float4(r[0], r[1], r[2], r[3]);
	}
}

__global__ void herm8_rows(const float *__restrict__ x, float4 *__restrict__ o, size_t rows)
{
	for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < rows; i += (size_t)gridDim.x * blockDim.x) {
		float h[8], xv = x[i];
		h[0] = 1;
		h[1] = xv;
#pragma unroll
		for (int k = 2; k < 8; k++)
			h[k] = xv * h[k - 1] - (k - 1) * h[k - 2];
		float c = 1;
#pragma unroll
		for (int k = 2; k < 8; k++) {
			c *= k;
			h[k] /= sqrtf(c);
		}
		o[2 * i] = make_float4(h[0], h[1], h[2], h[3]);
		o[2 * i + 1] = make_float4(h[4], h[5], h[6], h[7]);
	}
}

static float *dalloc(size_t n)
{
	float *p;
	CK(cudaMalloc(&p, n * sizeof(float)));
	return p;
}

static float copy_ms(size_t floats_moved, float *a, float *b)
{
	size_t n4 = floats_moved / 2 / 4; // read half, write half
	return med([&] { copy_f32<<<132 * 16, 256>>>((const float4 *)a, (float4 *)b, n4); });
}

// GPU result against the CPU fallback on the first `check` items.
static void verify(const char *what, const float *dout, const std::vector<float> &cpu, size_t count)
{
	std::vector<float> g(count);
	CK(cudaMemcpy(g.data(), dout, count * sizeof(float), cudaMemcpyDeviceToHost));
	for (size_t i = 0; i < count; i++)
		if (!(fabsf(g[i] - cpu[i]) <= 1e-5f * fmaxf(1.f, fabsf(cpu[i])))) {
			fprintf(stderr, "%s: element %zu: gpu %g cpu %g\n", what, i, g[i], cpu[i]);
			exit(1);
		}
}

int main()
{
	int ndev = 0;
	if (cudaGetDeviceCount(&ndev) != cudaSuccess || ndev == 0) {
		printf("SKIP: no CUDA device\n");
		return 77;
	}
	const size_t R1 = 20000000, R2 = 10000000, MAXF = 200000000;
	std::vector<float> hx(R1);
	srand(1);
	for (auto &v : hx)
		v = 0.5f + (float)rand() / (float)RAND_MAX; // non-zero, in [0.5, 1.5]
	float *x = dalloc(MAXF), *o = dalloc(MAXF), *c1 = dalloc(MAXF), *c2 = dalloc(MAXF);
	CK(cudaMemcpy(x, hx.data(), R1 * sizeof(float), cudaMemcpyHostToDevice));
	CK(cudaMemset(c1, 0, MAXF * sizeof(float)));
	printf("{\n");
	// powsum 20M x 4 and hermite 10M x 8: run-time n and fixed n, rows and columns.
	struct W { const char *name; size_t R, n; int fixed; } ws[] = {
		{"powsum", R1, 4, 0}, {"powsum4", R1, 4, 1}, {"hermite", R2, 8, 0}, {"hermite8", R2, 8, 1}};
	for (const W &w : ws) {
		size_t R = w.R, n = w.n;
		std::vector<float> cpu(R * n);
		const size_t check = 100000;
		float c = copy_ms(R + R * n, c1, c2);
		for (int col = 0; col < 2; col++) {
			ptrdiff_t ib = col ? 1 : (ptrdiff_t)n, ie = col ? (ptrdiff_t)R : 1;
			auto run = [&](size_t batch, const float *in, float *out, bool gpu) {
				if (!strcmp(w.name, "powsum"))
					OK(gpu ? gubench_powsum_f32(batch, n, in, 1, out, ib, ie, 0) : gubench_powsum_f32_cpu(batch, n, in, 1, out, ib, ie));
				else if (!strcmp(w.name, "powsum4"))
					OK(gpu ? gubench_powsum4_f32(batch, in, 1, out, ib, ie, 0) : gubench_powsum4_f32_cpu(batch, in, 1, out, ib, ie));
				else if (!strcmp(w.name, "hermite"))
					OK(gpu ? gubench_hermite_f32(batch, n, in, 1, out, ib, ie, 0) : gubench_hermite_f32_cpu(batch, n, in, 1, out, ib, ie));
				else
					OK(gpu ? gubench_hermite8_f32(batch, in, 1, out, ib, ie, 0) : gubench_hermite8_f32_cpu(batch, in, 1, out, ib, ie));
			};
			CK(cudaMemset(o, 0xff, R * n * sizeof(float)));
			run(R, x, o, true);
			CK(cudaGetLastError());
			CK(cudaDeviceSynchronize());
			run(R, hx.data(), cpu.data(), false);
			if (col) { // check the first `check` items of each column
				std::vector<float> g(R * n);
				CK(cudaMemcpy(g.data(), o, R * n * sizeof(float), cudaMemcpyDeviceToHost));
				for (size_t k = 0; k < n; k++)
					for (size_t b = 0; b < check; b++)
						if (!(fabsf(g[k * R + b] - cpu[k * R + b]) <= 1e-5f * fmaxf(1.f, fabsf(cpu[k * R + b])))) {
							fprintf(stderr, "%s cols: mismatch at %zu,%zu\n", w.name, k, b);
							return 1;
						}
			} else {
				verify(w.name, o, cpu, check * n);
			}
			float t = med([&] { run(R, x, o, true); });
			printf("\"%s_%zux%zu_f32_%s_ms\": %.4f, \"%s_%s_of_copy\": %.3f,\n", w.name, R, n, col ? "cols" : "rows", t,
			       w.name, col ? "cols" : "rows", c / t);
		}
		printf("\"%s_copy_same_bytes_ms\": %.4f,\n", w.name, c);
	}
	float hp = med([&] { powsum4_rows<<<132 * 16, 256>>>(x, (float4 *)o, R1); });
	float hh = med([&] { herm8_rows<<<132 * 16, 256>>>(x, (float4 *)o, R2); });
	printf("\"hand_powsum4_rows_ms\": %.4f, \"hand_hermite8_rows_ms\": %.4f,\n", hp, hh);
	// Reductions norm2 (n)->(): 10^8 elements in all for n = 4, 64, 4096; n = 10^7 with batch 1.
	struct Rw { size_t n, batch; } rs[] = {{4, 25000000}, {64, 1562500}, {4096, 24414}, {10000000, 1}};
	for (const Rw &r : rs) {
		size_t tot = r.n * r.batch;
		std::vector<float> hv(tot);
		for (auto &v : hv)
			v = 0.5f + (float)rand() / (float)RAND_MAX;
		CK(cudaMemcpy(c1, hv.data(), tot * sizeof(float), cudaMemcpyHostToDevice));
		std::vector<float> cpu(r.batch);
		OK(gubench_norm2_f32_cpu(r.batch, r.n, hv.data(), (ptrdiff_t)r.n, 1, cpu.data(), 1));
		for (int col = 0; col < 2; col++) {
			ptrdiff_t ib = col ? 1 : (ptrdiff_t)r.n, ie = col ? (ptrdiff_t)r.batch : 1;
			if (col && r.batch == 1)
				continue;
			if (!col) {
				CK(cudaMemset(o, 0xff, r.batch * sizeof(float)));
				OK(gubench_norm2_f32(r.batch, r.n, c1, ib, ie, o, 1, 0));
				CK(cudaDeviceSynchronize());
				std::vector<float> g(r.batch);
				CK(cudaMemcpy(g.data(), o, r.batch * sizeof(float), cudaMemcpyDeviceToHost));
				for (size_t b = 0; b < r.batch; b++)
					if (!(fabsf(g[b] - cpu[b]) <= 1e-4f * cpu[b])) {
						fprintf(stderr, "norm2 n=%zu: item %zu gpu %g cpu %g\n", r.n, b, g[b], cpu[b]);
						return 1;
					}
			}
			float t = med([&] { OK(gubench_norm2_f32(r.batch, r.n, c1, ib, ie, o, 1, 0)); }, 10);
			float c = copy_ms(tot + r.batch, x, c2);
			printf("\"norm2_n%zu_batch%zu_f32_%s_ms\": %.4f, \"norm2_n%zu_%s_of_copy\": %.3f,\n", r.n, r.batch,
			       col ? "cols" : "rows", t, r.n, col ? "cols" : "rows", c / t);
		}
	}
	// Vector maps and scans by shape, around the thresholds of threads
	// over the elements (GUBENCH_GU_PAR_*, symkern(3)): build with other
	// values (NVCCFLAGS=-D...) to compare the two decompositions on the
	// same shapes.
	static const size_t pbs[] = {1, 16, 256, 1024, 4096, 32768}, pns[] = {256, 1024, 4096, 65536};
	for (size_t pn : pns)
		for (size_t pb : pbs) {
			const size_t tot = pb * pn;
			if (tot > ((size_t)1 << 24) || tot < 4096)
				continue;
			std::vector<float> hv(tot), cpu(tot), g(tot);
			for (auto &v : hv)
				v = 0.5f + (float)rand() / (float)RAND_MAX;
			CK(cudaMemcpy(c1, hv.data(), tot * sizeof(float), cudaMemcpyHostToDevice));
			const float c = copy_ms(2 * tot, x, c2);
			for (int f = 0; f < 2; f++)
				for (int col = 0; col < (pb > 1 ? 2 : 1); col++) {
					const ptrdiff_t ib = col ? 1 : (ptrdiff_t)pn, ie = col ? (ptrdiff_t)pb : 1;
					auto run = [&](const float *in, float *out, bool gpu) {
						if (f == 0)
							OK(gpu ? gubench_cumsum_f32(pb, pn, in, ib, ie, out, ib, ie, 0)
							       : gubench_cumsum_f32_cpu(pb, pn, in, ib, ie, out, ib, ie));
						else
							OK(gpu ? gubench_normalize_f32(pb, pn, in, ib, ie, out, ib, ie, 0)
							       : gubench_normalize_f32_cpu(pb, pn, in, ib, ie, out, ib, ie));
					};
					CK(cudaMemset(o, 0xff, tot * sizeof(float)));
					run(c1, o, true);
					CK(cudaGetLastError());
					CK(cudaDeviceSynchronize());
					run(hv.data(), cpu.data(), false);
					CK(cudaMemcpy(g.data(), o, tot * sizeof(float), cudaMemcpyDeviceToHost));
					// positive terms: any order within 2 n u relative
					const float tol = fmaxf(1e-5f, 2.4e-7f * (float)pn);
					for (size_t e = 0; e < tot; e++)
						if (!(fabsf(g[e] - cpu[e]) <= tol * fabsf(cpu[e]))) {
							fprintf(stderr, "%s b=%zu n=%zu %s: element %zu gpu %g cpu %g\n", f ? "normalize" : "cumsum",
							        pb, pn, col ? "cols" : "rows", e, g[e], cpu[e]);
							return 1;
						}
					const float t = med([&] { run(c1, o, true); }, 15);
					printf("\"par_%s_b%zu_n%zu_%s_of_copy\": %.3f,\n", f ? "normalize" : "cumsum", pb, pn,
					       col ? "cols" : "rows", c / t);
				}
		}
	cudaDeviceProp p;
	CK(cudaGetDeviceProperties(&p, 0));
	printf("\"device\": \"%s\"\n}\n", p.name);
	return 0;
}
