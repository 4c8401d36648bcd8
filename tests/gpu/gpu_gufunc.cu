// gpu_gufunc.cu: every gufunc of tests/sym/gufuncs.sym on the GPU against the
// CPU fallback, in float and double, in the row and the column layout and
// with broadcast inputs, for batch sizes that are not a multiple of the
// block (1040, a multiple of 4, takes the staged column kernels) and core
// sizes 0, 1, 5 and 37; then a few long rows (batch 1, 2
// and 7, n up to 10^7, also strided), which the GPU computes with threads
// over the elements (maps and scans, symkern(3) Gufuncs) or, for hermite,
// still one thread per item; then shared reductions on many streams, in
// a captured graph and in threads (scratch slots).  Outputs are poisoned (NaN) before
// each run; every CUDA call and the launch status are checked.  Exits 0 on
// success, 1 on failure, 77 (skip) with no GPU.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <atomic>
#include <thread>
#include <vector>

#include <cuda_runtime.h>

#include "cuda_check.h"

#include "gufuncs.h"
#include "testlib.h"


static int failures = 0;
static uint64_t rng = 777;

enum Kind { SEQ, SEQ_FIXED, RED, RED_X, VEC };

// One call of either back end; p are the arrays (vector input, scalar
// input, output) in device or host memory.
template <typename T> struct Gu {
	const char *name;
	Kind kind;
	long fixed;
	void (*gpu)(); // cast by kind below (void (*)() is the generic function pointer)
	void (*cpu)();
};

template <typename T>
static int call(const Gu<T> &g, bool gpu, size_t batch, size_t n, const T *v, ptrdiff_t vib, ptrdiff_t vie,
                const T *x, ptrdiff_t xib, T *o, ptrdiff_t oib, ptrdiff_t oie)
{
	typedef int (*SeqG)(size_t, size_t, const T *, ptrdiff_t, T *, ptrdiff_t, ptrdiff_t, cudaStream_t);
	typedef int (*SeqC)(size_t, size_t, const T *, ptrdiff_t, T *, ptrdiff_t, ptrdiff_t);
	typedef int (*FixG)(size_t, const T *, ptrdiff_t, T *, ptrdiff_t, ptrdiff_t, cudaStream_t);
	typedef int (*FixC)(size_t, const T *, ptrdiff_t, T *, ptrdiff_t, ptrdiff_t);
	typedef int (*RedG)(size_t, size_t, const T *, ptrdiff_t, ptrdiff_t, T *, ptrdiff_t, cudaStream_t);
	typedef int (*RedC)(size_t, size_t, const T *, ptrdiff_t, ptrdiff_t, T *, ptrdiff_t);
	typedef int (*RedXG)(size_t, size_t, const T *, ptrdiff_t, ptrdiff_t, const T *, ptrdiff_t, T *, ptrdiff_t, cudaStream_t);
	typedef int (*RedXC)(size_t, size_t, const T *, ptrdiff_t, ptrdiff_t, const T *, ptrdiff_t, T *, ptrdiff_t);
	typedef int (*VecG)(size_t, size_t, const T *, ptrdiff_t, ptrdiff_t, T *, ptrdiff_t, ptrdiff_t, cudaStream_t);
	typedef int (*VecC)(size_t, size_t, const T *, ptrdiff_t, ptrdiff_t, T *, ptrdiff_t, ptrdiff_t);
	switch (g.kind) {
	case SEQ: return gpu ? ((SeqG)g.gpu)(batch, n, x, xib, o, oib, oie, 0) : ((SeqC)g.cpu)(batch, n, x, xib, o, oib, oie);
	case SEQ_FIXED: return gpu ? ((FixG)g.gpu)(batch, x, xib, o, oib, oie, 0) : ((FixC)g.cpu)(batch, x, xib, o, oib, oie);
	case RED: return gpu ? ((RedG)g.gpu)(batch, n, v, vib, vie, o, oib, 0) : ((RedC)g.cpu)(batch, n, v, vib, vie, o, oib);
	case RED_X: return gpu ? ((RedXG)g.gpu)(batch, n, v, vib, vie, x, xib, o, oib, 0)
	                       : ((RedXC)g.cpu)(batch, n, v, vib, vie, x, xib, o, oib);
	default: return gpu ? ((VecG)g.gpu)(batch, n, v, vib, vie, o, oib, oie, 0) : ((VecC)g.cpu)(batch, n, v, vib, vie, o, oib, oie);
	}
}

#define G(name, kind, fixed, P) {#name, kind, fixed, (void (*)())gufuncs_##name##_##P, (void (*)())gufuncs_##name##_##P##_cpu}
#define ALL(P)                                                                                          \
	{G(hermite, SEQ, 0, P), G(powsum, SEQ, 0, P), G(legendre, SEQ, 0, P), G(chebyshev, SEQ, 0, P),  \
	 G(laguerre, SEQ, 0, P), G(expseries, SEQ_FIXED, 6, P), G(norm2, RED, 0, P),                    \
	 G(polyval, RED_X, 0, P), G(mean, RED, 0, P), G(sqexp, RED, 0, P), G(lse, RED, 0, P), G(cumsum, VEC, 0, P), G(normalize, VEC, 0, P),       \
	 G(prodpoly, RED_X, 0, P), G(binom3, SEQ_FIXED, 3, P), G(cumprod, VEC, 0, P), G(cumshare, VEC, 0, P)}

// Runs g on the GPU (outputs poisoned with NaN) and on the CPU with the
// same arrays and increments; false, counted as a failure, when either
// returns a status.
template <typename T>
static bool both(const Gu<T> &g, size_t batch, size_t n, const std::vector<T> &v, const std::vector<T> &x, ptrdiff_t vib,
                 ptrdiff_t vie, ptrdiff_t xib, ptrdiff_t oib, ptrdiff_t oie, std::vector<T> &cpu, std::vector<T> &gpu,
                 const char *what, int layout)
{
	T *dv, *dx, *dout;
	CK(cudaMalloc(&dv, v.size() * sizeof(T)));
	CK(cudaMalloc(&dx, (batch ? batch : 1) * sizeof(T)));
	CK(cudaMalloc(&dout, gpu.size() * sizeof(T)));
	CK(cudaMemcpy(dv, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice));
	CK(cudaMemcpy(dx, x.data(), batch * sizeof(T), cudaMemcpyHostToDevice));
	CK(cudaMemset(dout, 0xff, gpu.size() * sizeof(T))); // NaN poison
	memset(cpu.data(), 0xff, cpu.size() * sizeof(T));
	int rg = call(g, true, batch, n, dv, vib, vie, dx, xib, dout, oib, oie);
	CK(cudaGetLastError());
	CK(cudaDeviceSynchronize());
	int rc = call(g, false, batch, n, v.data(), vib, vie, x.data(), xib, cpu.data(), oib, oie);
	CK(cudaMemcpy(gpu.data(), dout, gpu.size() * sizeof(T), cudaMemcpyDeviceToHost));
	// In place, where the output lies exactly on the input (a VEC
	// function's rows or columns): refused (EOVERLAP), or the bits of the
	// call out of place, which takes other kernels (every pointer restrict
	// where a result may overwrite an input).
	if (g.kind == VEC && rg == 0 && vib == oib && vie == oie && v.size() == gpu.size()) {
		CK(cudaMemcpy(dout, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice));
		int ri = call(g, true, batch, n, dout, vib, vie, dx, xib, dout, oib, oie);
		CK(cudaGetLastError());
		CK(cudaDeviceSynchronize());
		if (ri == 0) {
			std::vector<T> in(gpu.size());
			CK(cudaMemcpy(in.data(), dout, in.size() * sizeof(T), cudaMemcpyDeviceToHost));
			// An empty call writes nothing: the array keeps the input.
			const T *want = batch && n ? gpu.data() : v.data();
			if (memcmp(in.data(), want, in.size() * sizeof(T)) != 0) {
				fprintf(stderr, "FAIL %s%s batch=%zu n=%zu layout=%d: in place differs\n", g.name, what, batch, n,
				        layout);
				failures++;
			}
		} else if (ri != GUFUNCS_EOVERLAP) {
			fprintf(stderr, "FAIL %s%s batch=%zu n=%zu layout=%d: in place status %d\n", g.name, what, batch, n, layout,
			        ri);
			failures++;
		}
	}
	CK(cudaFree(dv));
	CK(cudaFree(dx));
	CK(cudaFree(dout));
	if (rg != 0 || rc != 0) {
		fprintf(stderr, "FAIL %s%s batch=%zu n=%zu layout=%d: status gpu %d cpu %d\n", g.name, what, batch, n, layout, rg, rc);
		failures++;
		return false;
	}
	return true;
}

// xmax bounds |x|: a Product of 5000 factors 1 + c[k] x**k with |x| near 1
// leaves the range in some order (GPU parts inf and 0, NaN; the CPU's 0).
template <typename T> static void run(const Gu<T> &g, size_t batch, size_t n, int layout, double xmax = 1)
{
	if (g.fixed)
		n = (size_t)g.fixed;
	bool seq = g.kind == SEQ || g.kind == SEQ_FIXED, red = g.kind == RED || g.kind == RED_X;
	size_t vn = seq ? 0 : n, on = red ? 1 : n;
	size_t nv = batch * (vn ? vn : 1), no = batch * (on ? on : 1);
	std::vector<T> v(nv ? nv : 1), x(batch), cpu(no ? no : 1), gpu(no ? no : 1);
	for (auto &e : v)
		e = (T)test_uniform(&rng, 0.1, 1);
	for (auto &e : x)
		e = (T)test_uniform(&rng, -xmax, xmax);
	bool col = layout == 1, bc = layout == 2;
	ptrdiff_t vib = bc ? 0 : col ? 1 : (ptrdiff_t)vn, vie = col ? (ptrdiff_t)batch : 1, xib = bc ? 0 : 1;
	ptrdiff_t oib = col ? 1 : (ptrdiff_t)on, oie = col ? (ptrdiff_t)batch : 1;
	if (!both(g, batch, n, v, x, vib, vie, xib, oib, oie, cpu, gpu, "", layout))
		return;
	// GPU and CPU differ by contraction into fma and the math library's
	// last bits: compare relative to each item's largest value.
	double tol = sizeof(T) == 4 ? 1e-4 : 1e-13, worst = 0;
	for (size_t b = 0; b < batch; b++) {
		double scale = 0;
		for (size_t k = 0; k < on; k++)
			scale = fmax(scale, fabs((double)cpu[col ? k * batch + b : b * on + k]));
		for (size_t k = 0; k < on; k++) {
			size_t at = col ? k * batch + b : b * on + k;
			double a = (double)gpu[at], c = (double)cpu[at];
			if (std::isnan(a) != std::isnan(c) ||
			    (!std::isnan(c) && a != c && !(fabs(a - c) <= tol * (scale > 1 ? scale : 1)))) {
				if (worst == 0)
					fprintf(stderr, "FAIL %s f%zu batch=%zu n=%zu layout=%d item %zu [%zu]: gpu %.17g cpu %.17g\n",
					        g.name, 8 * sizeof(T), batch, n, layout, b, k, a, c);
				worst = 1;
			}
		}
	}
	failures += worst > 0;
}

// Shared reductions in flight on many streams at once: together they need
// more scratch than the library's pool holds (sk_lib_priv_pool), so some
// take the fallback (default pool, counters cleared by a memset) while the
// others rely on the pool being zero; every result must match the CPU, in
// three rounds so that memory freed by one round serves the next.
static void many_streams()
{
	const size_t batch = 64, n = 1000000; // columns: 2048 parts an item, 1 MiB of parts a call
	const int S = 8;
	std::vector<double> v(batch * n), cpu(batch), gpu(batch);
	for (auto &e : v)
		e = test_uniform(&rng, 0.1, 1);
	if (gufuncs_norm2_f64_cpu(batch, n, v.data(), 1, (ptrdiff_t)batch, cpu.data(), 1) != 0) {
		fprintf(stderr, "FAIL many streams: CPU status\n");
		failures++;
		return;
	}
	double *dv, *dout;
	cudaStream_t st[S];
	CK(cudaMalloc(&dv, v.size() * sizeof(double)));
	CK(cudaMalloc(&dout, S * batch * sizeof(double)));
	CK(cudaMemcpy(dv, v.data(), v.size() * sizeof(double), cudaMemcpyHostToDevice));
	for (int i = 0; i < S; i++)
		CK(cudaStreamCreateWithFlags(&st[i], cudaStreamNonBlocking));
	for (int round = 0; round < 3; round++) {
		CK(cudaMemset(dout, 0xff, S * batch * sizeof(double)));
		for (int i = 0; i < S; i++)
			if (gufuncs_norm2_f64(batch, n, dv, 1, (ptrdiff_t)batch, dout + i * batch, 1, st[i]) != 0) {
				fprintf(stderr, "FAIL many streams: status on stream %d\n", i);
				failures++;
			}
		CK(cudaGetLastError());
		CK(cudaDeviceSynchronize());
		for (int i = 0; i < S; i++) {
			CK(cudaMemcpy(gpu.data(), dout + i * batch, batch * sizeof(double), cudaMemcpyDeviceToHost));
			for (size_t b = 0; b < batch; b++)
				if (!(fabs(gpu[b] - cpu[b]) <= 1e-13 * cpu[b])) {
					fprintf(stderr, "FAIL many streams: round %d stream %d item %zu: gpu %.17g cpu %.17g\n", round, i, b,
					        gpu[b], cpu[b]);
					failures++;
					break;
				}
		}
	}
	for (int i = 0; i < S; i++)
		CK(cudaStreamDestroy(st[i]));
	CK(cudaFree(dv));
	CK(cudaFree(dout));
}

// Small scratch comes from a slot per stream that calls on that stream
// reuse (symkern(3)): calls of both reduction kernels (parts of blocks of
// one row; parts of columns) and of two functions follow each other
// unsynchronized on four streams; a graph captured from a call (which
// allocates instead) runs on other streams beside direct calls on the
// captured one; and threads call on their cudaStreamPerThread at once.
// Each output must match the CPU.
struct SlotCase {
	bool polyval;
	size_t batch, n;
	ptrdiff_t vib, vie;
};
static const SlotCase slot_cases[] = {
	{false, 3, 1000000, 1000000, 1}, // rows: 128 blocks an item
	{false, 32, 10000, 1, 32},       // columns: 128 parts an item, 32 KiB
	{true, 2, 300000, 300000, 1},
	{false, 1, 1000000, 1000000, 1},
};
enum { NSLOT_CASES = sizeof slot_cases / sizeof slot_cases[0] };

static int slot_call(const SlotCase &c, bool gpu, const double *v, const double *x, double *o, cudaStream_t s)
{
	if (c.polyval)
		return gpu ? gufuncs_polyval_f64(c.batch, c.n, v, c.vib, c.vie, x, 1, o, 1, s)
		           : gufuncs_polyval_f64_cpu(c.batch, c.n, v, c.vib, c.vie, x, 1, o, 1);
	return gpu ? gufuncs_norm2_f64(c.batch, c.n, v, c.vib, c.vie, o, 1, s)
	           : gufuncs_norm2_f64_cpu(c.batch, c.n, v, c.vib, c.vie, o, 1);
}

static void slot_check(const char *what, int i, const double *dout, const std::vector<double> &cpu)
{
	std::vector<double> gpu(cpu.size());
	CK(cudaMemcpy(gpu.data(), dout, gpu.size() * sizeof(double), cudaMemcpyDeviceToHost));
	for (size_t b = 0; b < cpu.size(); b++)
		if (!(fabs(gpu[b] - cpu[b]) <= 1e-12 * cpu[b])) { // positive terms: any order is this close
			fprintf(stderr, "FAIL slots, %s %d: item %zu: gpu %.17g cpu %.17g\n", what, i, b, gpu[b], cpu[b]);
			failures++;
			return;
		}
}

static void slots()
{
	const size_t nv = 3000000, bmax = 32;
	std::vector<double> v(nv), x(bmax), cpu[NSLOT_CASES];
	for (auto &e : v)
		e = test_uniform(&rng, 0.1, 1);
	for (auto &e : x)
		e = test_uniform(&rng, 0.5, 0.99);
	double *dv, *dx, *dout;
	const int S = 4, R = 3, per = S * R * NSLOT_CASES;
	CK(cudaMalloc(&dv, nv * sizeof(double)));
	CK(cudaMalloc(&dx, bmax * sizeof(double)));
	CK(cudaMalloc(&dout, (size_t)per * bmax * sizeof(double)));
	CK(cudaMemcpy(dv, v.data(), nv * sizeof(double), cudaMemcpyHostToDevice));
	CK(cudaMemcpy(dx, x.data(), bmax * sizeof(double), cudaMemcpyHostToDevice));
	CK(cudaMemset(dout, 0xff, (size_t)per * bmax * sizeof(double)));
	for (int c = 0; c < NSLOT_CASES; c++) {
		cpu[c].resize(slot_cases[c].batch);
		if (slot_call(slot_cases[c], false, v.data(), x.data(), cpu[c].data(), 0) != 0) {
			fprintf(stderr, "FAIL slots: CPU status\n");
			failures++;
			return;
		}
	}
	cudaStream_t st[S];
	for (int i = 0; i < S; i++)
		CK(cudaStreamCreateWithFlags(&st[i], cudaStreamNonBlocking));
	for (int r = 0; r < R; r++) // round-robin over the streams, each stream's calls back to back
		for (int i = 0; i < S; i++)
			for (int c = 0; c < NSLOT_CASES; c++)
				if (slot_call(slot_cases[c], true, dv, dx, dout + ((r * S + i) * NSLOT_CASES + c) * bmax, st[i]) != 0) {
					fprintf(stderr, "FAIL slots: status\n");
					failures++;
				}
	CK(cudaGetLastError());
	CK(cudaDeviceSynchronize());
	for (int k = 0; k < S * R; k++)
		for (int c = 0; c < NSLOT_CASES; c++)
			slot_check("stream call", k * NSLOT_CASES + c, dout + (k * NSLOT_CASES + c) * bmax, cpu[c]);

	// A graph of case 0 captured on st[0], launched on st[1] and st[2]
	// while st[0] runs case 3 directly (its slot) into other outputs.
	CK(cudaMemset(dout, 0xff, (size_t)per * bmax * sizeof(double)));
	cudaGraph_t graph;
	cudaGraphExec_t exec;
	CK(cudaStreamBeginCapture(st[0], cudaStreamCaptureModeThreadLocal));
	int rg = slot_call(slot_cases[0], true, dv, dx, dout, st[0]);
	CK(cudaStreamEndCapture(st[0], &graph));
	CK(cudaGraphInstantiate(&exec, graph, 0));
	for (int r = 0; r < R; r++) {
		CK(cudaGraphLaunch(exec, st[1 + r % 2]));
		for (int q = 0; q < 4; q++)
			rg |= slot_call(slot_cases[3], true, dv, dx, dout + (1 + r * 4 + q) * bmax, st[0]);
	}
	CK(cudaGetLastError());
	CK(cudaDeviceSynchronize());
	if (rg != 0) {
		fprintf(stderr, "FAIL slots: status in the graph test\n");
		failures++;
	}
	slot_check("graph", 0, dout, cpu[0]);
	for (int k = 1; k <= R * 4; k++)
		slot_check("beside the graph", k, dout + k * bmax, cpu[3]);
	CK(cudaGraphExecDestroy(exec));
	CK(cudaGraphDestroy(graph));
	for (int i = 0; i < S; i++)
		CK(cudaStreamDestroy(st[i]));

	// Threads, each on its own default stream, the same handle.
	CK(cudaMemset(dout, 0xff, (size_t)per * bmax * sizeof(double)));
	std::vector<std::thread> th;
	std::atomic<int> bad(0);
	for (int t = 0; t < S; t++)
		th.emplace_back([&, t] {
			for (int c = 0; c < NSLOT_CASES; c++)
				if (slot_call(slot_cases[c], true, dv, dx, dout + (t * NSLOT_CASES + c) * bmax, cudaStreamPerThread) != 0)
					bad++;
			if (cudaStreamSynchronize(cudaStreamPerThread) != cudaSuccess)
				bad++;
		});
	for (auto &t : th)
		t.join();
	CK(cudaGetLastError());
	if (bad) {
		fprintf(stderr, "FAIL slots: status in threads\n");
		failures++;
	}
	for (int t = 0; t < S; t++)
		for (int c = 0; c < NSLOT_CASES; c++)
			slot_check("thread", t * NSLOT_CASES + c, dout + (t * NSLOT_CASES + c) * bmax, cpu[c]);
	CK(cudaFree(dv));
	CK(cudaFree(dx));
	CK(cudaFree(dout));
}

// A few long rows.  Data EXACT makes every partial sum or product of any
// subrange exact (sixteenths whose sums stay below 2^20 in float; factors
// 1/2, 1, 2 whose running exponent stays within +-20), so any order of
// operations gives the CPU's result bit for bit: there the tolerance is 0
// (cumshare: its final division is correctly rounded on both sides, and
// the total is exact).  Data RANDOM uses first-order bounds that hold for
// any summation order (Higham, Accuracy and Stability, 4.2: a sum of m
// terms in any order is within (m - 1)u times the sum of their
// magnitudes; a product of m factors within (m - 1)u relatively), the
// GPU's error and the CPU's added:
//   cumsum:    2(k + 1) u A_k, A_k = |v_0| + ... + |v_k|
//   cumprod:   2(k + 1) u |p_k| (factors within 2^-10 of 1: no overflow)
//   powsum:    (4(k + 1) + 16) u A_k, A_k = |x| + ... + |x|^(k+1); each
//              power also carries ju, its chain of multiplications (CPU),
//              or pow's 4 ulps and the chunk's chain of 8 (GPU)
//   cumshare:  2(k + 1) u A_k / S + 64 u |f_k|, S the total
//   normalize: 64 u |u_k| (compensated sums: a few ulps; the GPU's pairwise
//              combination of 2^18 parts at most adds 18 u)
// hermite stays per item (n = 4096 with batch 1 would take the parallel
// path if it were a map or scan), the CPU's operations but for contraction
// into fma: the old tolerance, relative to the row's largest value, up to
// the k where its terms overflow as written (170 in double, 34 in float).
enum Data { RANDOM, EXACT };

template <typename T> static bool has(const Gu<T> &g, const char *name)
{
	return strcmp(g.name, name) == 0;
}

template <typename T> static void run_long(const Gu<T> &g, size_t batch, size_t n, int layout, Data data)
{
	const double u = sizeof(T) == 4 ? 0x1p-24 : 0x1p-53;
	bool seq = g.kind == SEQ;
	// Layouts: 0 rows, 1 columns, 2 rows with inputs broadcast, 3 rows
	// of elements 2 apart with gaps between rows.
	bool col = layout == 1, bc = layout == 2, st = layout == 3;
	size_t vn = seq ? 0 : n;
	ptrdiff_t vie = col ? (ptrdiff_t)batch : st ? 2 : 1, oie = vie;
	ptrdiff_t vib = bc ? 0 : col ? 1 : st ? (ptrdiff_t)(2 * n + 3) : (ptrdiff_t)n, xib = bc ? 0 : 1;
	ptrdiff_t oib = col ? 1 : st ? (ptrdiff_t)(2 * n + 5) : (ptrdiff_t)n;
	size_t nv = vn ? (size_t)((ptrdiff_t)(batch - 1) * vib + (ptrdiff_t)(vn - 1) * vie + 1) : 1;
	size_t no = (size_t)((ptrdiff_t)(batch - 1) * oib + (ptrdiff_t)(n - 1) * oie + 1);
	std::vector<T> v(nv), x(batch), cpu(no), gpu(no);
	for (auto &e : v) {
		if (data == RANDOM)
			e = has(g, "cumprod") ? (T)test_uniform(&rng, 1 - 0x1p-10, 1 + 0x1p-10) : (T)test_uniform(&rng, 0.1, 1);
		else
			e = has(g, "cumprod") ? (T)1 : (T)(floor(test_uniform(&rng, 0, 16)) / 16);
	}
	// cumprod, exact: along each row (not memory order, which interleaves
	// rows in columns and skips the gaps of strided rows) a walk of the
	// exponent within +-20, so every partial product of any subrange is
	// within 2^+-40.
	if (data == EXACT && has(g, "cumprod") && vn)
		for (size_t b = 0; b < (bc ? 1 : batch); b++) {
			int e2 = 0;
			for (size_t k = 0; k < vn; k++) {
				double r = test_uniform(&rng, 0, 3);
				int d = r < 1 ? -1 : r < 2 ? 0 : 1;
				if ((e2 >= 20 && d > 0) || (e2 <= -20 && d < 0))
					d = -d;
				e2 += d;
				v[(size_t)((ptrdiff_t)b * vib + (ptrdiff_t)k * vie)] = d < 0 ? (T)0.5 : d > 0 ? (T)2 : (T)1;
			}
		}
	for (auto &e : x)
		e = (T)test_uniform(&rng, -0.999, 0.999);
	if (!both(g, batch, n, v, x, vib, vie, xib, oib, oie, cpu, gpu, " long", layout))
		return;
	bool bad = false;
	for (size_t b = 0; b < batch && !bad; b++) {
		size_t sb = bc ? 0 : b;
		double a = 0, total = 0, scale = 0, xp = 1; // A_k, S, the row's largest value, |x|^(k+1)
		for (size_t k = 0; k < vn; k++)
			total += (double)v[sb * (size_t)vib + k * (size_t)vie];
		const size_t lim = has(g, "hermite") ? (sizeof(T) == 4 ? 35 : 171) : n; // hermite: finite terms
		for (size_t k = 0; k < n && k < lim; k++)
			scale = fmax(scale, fabs((double)cpu[b * (size_t)oib + k * (size_t)oie]));
		for (size_t k = 0; k < n && !bad; k++) {
			size_t at = b * (size_t)oib + k * (size_t)oie;
			double gv = (double)gpu[at], cv = (double)cpu[at], kk = (double)k, tol;
			if (seq) {
				xp *= fabs((double)x[sb]);
				a += xp;
			} else {
				a += fabs((double)v[sb * (size_t)vib + k * (size_t)vie]);
			}
			if (k >= lim)
				break;
			if (has(g, "hermite"))
				tol = (sizeof(T) == 4 ? 1e-4 : 1e-13) * (scale > 1 ? scale : 1);
			else if (data == EXACT)
				tol = has(g, "cumshare") ? 2 * u * fabs(cv) : 0;
			else if (has(g, "cumsum"))
				tol = 2 * (kk + 1) * u * a;
			else if (has(g, "cumprod"))
				tol = 2 * (kk + 1) * u * fabs(cv);
			else if (has(g, "powsum"))
				tol = (4 * (kk + 1) + 16) * u * a;
			else if (has(g, "cumshare"))
				tol = 2 * (kk + 1) * u * a / total + 64 * u * fabs(cv);
			else
				tol = 64 * u * fabs(cv);
			if (std::isnan(gv) != std::isnan(cv) || (!std::isnan(cv) && !(fabs(gv - cv) <= tol))) {
				fprintf(stderr, "FAIL %s f%zu long batch=%zu n=%zu layout=%d data=%d item %zu [%zu]: gpu %.17g cpu %.17g tol %.3g\n",
				        g.name, 8 * sizeof(T), batch, n, layout, (int)data, b, k, gv, cv, tol);
				bad = true;
			}
		}
	}
	failures += bad;
}

// The functions of the long rows, and which data they take.
template <typename T> static int run_longs(const Gu<T> *gs, size_t ngs)
{
	static const size_t lbatches[] = {1, 2, 7};
	static const size_t lns[] = {4096, 5003, 1000000, 10000000};
	static const char *const names[] = {"normalize", "cumsum", "cumprod", "powsum", "cumshare", "hermite"};
	int runs = 0;
	for (size_t b : lbatches)
		for (size_t n : lns) {
			if (n > 1000000 && b > 2)
				continue;
			for (int layout = 0; layout < 4; layout++)
				for (size_t i = 0; i < ngs; i++) {
					const Gu<T> &g = gs[i];
					bool listed = false;
					for (const char *nm : names)
						listed = listed || has(g, nm);
					if (!listed || (has(g, "hermite") && n != 4096) || (g.kind == SEQ && layout == 2))
						continue;
					size_t nn = n;
					run_long(g, b, nn, layout, RANDOM), runs++;
					// Exact data: sums below 2^20 in float (sixteenths), 2^53 in double.
					if (g.kind == VEC && (sizeof(T) == 8 || n <= 1000000) && !has(g, "normalize"))
						run_long(g, b, nn, layout, EXACT), runs++;
				}
		}
	return runs;
}

// Reductions where the literal form over- or underflows (symkern(5),
// REWRITES): norm2 by Blue's scaled sums, lse with the largest term first.
// Each row alone and all rows as one batch, in double and float, on the
// GPU as on the CPU (within 2 ulps of max(|want|, 1); NaN where the CPU
// has NaN, an infinity where it has one), and the CPU against the
// expected value.  The batch pads rows with `pad` (a term that changes
// no result: 0 for the norm, -inf for lse).
template <typename T> struct RangeRow {
	size_t n;
	T v[4];
	T want; // the value rounded (NaN: NaN expected; inf: inf)
};
template <typename T>
static void range_rows(const char *what, const char *prec, const RangeRow<T> *rows, size_t nrows, T pad,
                             int (*gpu)(size_t, size_t, const T *, ptrdiff_t, ptrdiff_t, T *, ptrdiff_t, cudaStream_t),
                             int (*cpu)(size_t, size_t, const T *, ptrdiff_t, ptrdiff_t, T *, ptrdiff_t))
{
	const T eps = sizeof(T) == 8 ? (T)0x1p-52 : (T)0x1p-23;
	T *dv, *dout;
	CK(cudaMalloc(&dv, nrows * 4 * sizeof(T)));
	CK(cudaMalloc(&dout, nrows * sizeof(T)));
	std::vector<T> v(nrows * 4), out(nrows), ref(nrows);
	for (size_t i = 0; i < nrows; i++)
		for (int k = 0; k < 4; k++)
			v[i * 4 + k] = rows[i].v[k];
	CK(cudaMemcpy(dv, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice));
	for (int whole = 0; whole < 2; whole++)
		for (size_t i = 0; i < nrows; i++) {
			if (whole && i > 0)
				break;
			size_t b = whole ? nrows : 1, n = whole ? 4 : rows[i].n, at = whole ? 0 : i;
			if (whole) // the batch: every row at n = 4 (the unused entries are 0)
				for (size_t r = 0; r < nrows; r++)
					for (size_t k = rows[r].n; k < 4; k++)
						v[r * 4 + k] = pad;
			if (whole)
				CK(cudaMemcpy(dv, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice));
			if (gpu(b, n, dv + at * 4, 4, 1, dout, 1, 0) != 0 || cpu(b, n, v.data() + at * 4, 4, 1, ref.data(), 1) != 0) {
				fprintf(stderr, "FAIL %s range %s row %zu: status\n", what, prec, i);
				failures++;
				continue;
			}
			CK(cudaDeviceSynchronize());
			CK(cudaMemcpy(out.data(), dout, b * sizeof(T), cudaMemcpyDeviceToHost));
			for (size_t r = 0; r < b; r++) {
				T w = rows[at + r].want, g = out[r], c = ref[r], a = std::fabs(w) > 1 ? std::fabs(w) : (T)1;
				bool ok = std::isnan(w) ? std::isnan(g) && std::isnan(c)
				                        : std::fabs(g - w) <= 2 * eps * a && std::fabs(c - w) <= 2 * eps * a;
				if (std::isinf(w))
					ok = g == w && c == w;
				if (!ok) {
					fprintf(stderr, "FAIL %s range %s row %zu: gpu %.17g cpu %.17g want %.17g\n", what, prec, at + r,
					        (double)g, (double)c, (double)w);
					failures++;
				}
			}
		}
	CK(cudaFree(dv));
	CK(cudaFree(dout));
}

static void reductions_range()
{
	static const RangeRow<double> r64[] = {
		{2, {1e200, 1e200}, 1.4142135623730951e200}, {2, {1e-200, 1e-200}, 1.4142135623730951e-200},
		{4, {1e200, -1e-200, 3, -4}, 1e200}, {3, {3e-160, 4e-160, 1}, 1}, {2, {3e-160, -4e-160}, 5e-160},
		{1, {-7}, 7}, {2, {1.5e154, 1.5e-154}, 1.5e154}, {3, {1, NAN, 1e200}, NAN},
		{2, {INFINITY, 1}, INFINITY}, {2, {-INFINITY, 1e-200}, INFINITY}, {2, {NAN, 1e-300}, NAN},
	};
	static const RangeRow<float> r32[] = {
		{2, {1e30f, 1e30f}, 1.41421356e30f}, {2, {1e-30f, 1e-30f}, 1.41421356e-30f}, {4, {1e30f, -1e-30f, 3, -4}, 1e30f},
		{3, {3e-20f, 4e-20f, 1}, 1}, {1, {-7}, 7}, {2, {-2e38f, 2e38f}, 2.82842712e38f},
		{3, {1, NAN, 1e30f}, NAN}, {2, {-INFINITY, 1e-30f}, INFINITY},
	};
	range_rows("norm2", "f64", r64, sizeof r64 / sizeof r64[0], 0.0, gufuncs_norm2_f64, gufuncs_norm2_f64_cpu);
	range_rows("norm2", "f32", r32, sizeof r32 / sizeof r32[0], 0.0f, gufuncs_norm2_f32, gufuncs_norm2_f32_cpu);
	static const RangeRow<double> l64[] = {
		{2, {1000, 1000}, 1000.6931471805599}, {2, {-1000, -1000}, -999.30685281944005},
		{3, {-1000, 1000, 0}, 1000}, {4, {-800, -801, -802, -1e308}, -799.59239403555557}, {1, {-7}, -7},
		{2, {-INFINITY, 3}, 3}, {2, {INFINITY, 1}, INFINITY}, {2, {-INFINITY, -INFINITY}, -INFINITY},
		{3, {1, NAN, 1000}, NAN},
	};
	static const RangeRow<float> l32[] = {
		{2, {100, 100}, 100.693147f}, {2, {-120, -120}, -119.306853f}, {3, {-100, 100, 0}, 100},
		{1, {-7}, -7}, {2, {INFINITY, 1}, INFINITY}, {3, {1, NAN, 100}, NAN},
	};
	range_rows("lse", "f64", l64, sizeof l64 / sizeof l64[0], -HUGE_VAL, gufuncs_lse_f64, gufuncs_lse_f64_cpu);
	range_rows("lse", "f32", l32, sizeof l32 / sizeof l32[0], -HUGE_VALF, gufuncs_lse_f32, gufuncs_lse_f32_cpu);
}

int main()
{
	int ndev = 0;
	if (cudaGetDeviceCount(&ndev) != cudaSuccess || ndev == 0) {
		printf("SKIP: no CUDA device\n");
		return 77;
	}
	static const Gu<double> g64[] = ALL(f64);
	static const Gu<float> g32[] = ALL(f32);
	static const size_t batches[] = {1, 7, 1000 + 37, 1024 + 16, 100003}; // 1040: columns staged (a multiple of 4)
	static const size_t ns[] = {0, 1, 5, 37, 5000, 300007};
	int runs = 0;
	for (size_t b : batches)
		for (size_t n : ns) {
			if ((b > 2000 && n > 5) || (b > 7 && n > 37))
				continue;
			for (int layout = 0; layout < 3; layout++) {
				// Long n: reductions and vector maps (the recurrences'
				// rounding grows with n, and some overflow, differently
				// on the two sides).
				for (const auto &g : g64)
					if (n <= 1000 || g.kind == RED || g.kind == RED_X || g.kind == VEC)
						run(g, b, n, layout), runs++;
				for (const auto &g : g32)
					if (n <= 1000 || g.kind == RED || g.kind == RED_X || g.kind == VEC)
						run(g, b, n, layout), runs++;
			}
		}
	// Many rows of a few hundred terms: maps and scans take threads over
	// the elements in dense rows (GUFUNCS_GU_PAR_ROWS), maps in columns
	// too (GUFUNCS_GU_PAR_MAP_BATCH), scans there one thread per item.
	for (int layout = 0; layout < 3; layout++) {
		for (const auto &g : g64)
			if (g.kind == VEC || has(g, "powsum"))
				run(g, 4093, 300, layout), runs++;
		for (const auto &g : g32)
			if (g.kind == VEC || has(g, "powsum"))
				run(g, 4093, 300, layout), runs++;
	}
	// Reductions shared by threads over many items: parts of columns (runs
	// of 79 terms, the last of 23) and groups of neighbours in rows.
	for (int layout = 0; layout < 3; layout++) {
		for (const auto &g : g64)
			if (g.kind == RED || g.kind == RED_X)
				run(g, 1037, 5000, layout, 0.9), runs++;
		for (const auto &g : g32)
			if (g.kind == RED || g.kind == RED_X)
				run(g, 1037, 5000, layout, 0.9), runs++;
	}
	runs += run_longs(g64, sizeof g64 / sizeof g64[0]);
	runs += run_longs(g32, sizeof g32 / sizeof g32[0]);
	many_streams();
	slots();
	reductions_range();
	runs += 3;
	printf("%s: %d runs, %d failures\n", failures ? "FAIL" : "PASS", runs, failures);
	return failures ? 1 : 0;
}
