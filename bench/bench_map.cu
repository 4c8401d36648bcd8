/* bench_map.cu: the GPU benchmark of the map functions that symkern
 * generated from examples/seeds.sym (generated/seeds.h).
 *
 * For each workload it times, in the same run and interleaved round by
 * round, the symkern function, hand-written kernels for the same function
 * (a plain grid-stride loop and a vector-load one, SMs*8 blocks of 256
 * threads), a grid-stride copy kernel of the same number of bytes and
 * cudaMemcpyAsync of those bytes.  Every output is poisoned (all bits set:
 * NaN) before the first run and checked, element by element, against a long
 * double reference on the host after the timed runs; the copies are checked
 * against the pattern they copied.
 *
 * Usage: bench_map [--quick] [RESULTS.json]
 *   --quick  n = 1e6 and few repetitions: a smoke test, not a measurement
 *            (every array then fits in L2).
 * Exit status: 0 all checks passed; 1 a result outside its tolerance;
 * 2 a CUDA error; 3 a symkern function returned an error; 64 bad usage.
 *
 * Build (as `make bench` does, or by hand):
 *   nvcc -O3 -std=c++17 -gencode arch=compute_90,code=sm_90 -Igenerated \
 *     -o bench_map bench/bench_map.cu generated/seeds.cu generated/seeds_cpu.c
 */
#include "seeds.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <thread>
#include <vector>

/* Errors ---------------------------------------------------------------- */

enum { EXIT_CHECK = 1, EXIT_CUDA = 2, EXIT_SYMKERN = 3, EXIT_USAGE = 64 };

static void ck_(cudaError_t e, const char *what, int line)
{
	if (e == cudaSuccess)
		return;
	fprintf(stderr, "bench_map.cu:%d: %s: %s (%s)\n", line, what, cudaGetErrorName(e),
	        cudaGetErrorString(e));
	exit(EXIT_CUDA);
}
/* Every CUDA call goes through CK; every launch of our own kernels is
 * followed by LAUNCHED(). */
#define CK(call) ck_((call), #call, __LINE__)
#define LAUNCHED() ck_(cudaGetLastError(), "kernel launch", __LINE__)

static void sk_(int rc, const char *what, int line)
{
	if (rc == SEEDS_OK)
		return;
	cudaError_t e = cudaPeekAtLastError();
	fprintf(stderr, "bench_map.cu:%d: %s returned %d (%s); CUDA: %s\n", line, what, rc,
	        seeds_strerror(rc), cudaGetErrorString(e));
	exit(EXIT_SYMKERN);
}
#define SK(call) sk_((call), #call, __LINE__)

/* Random inputs: splitmix64, counter-based so that threads can fill ------ */

__host__ __device__ static inline uint64_t mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Output i of splitmix64 seeded with `seed`. */
static inline uint64_t splitmix_at(uint64_t seed, uint64_t i)
{
	return mix64(seed + (i + 1) * 0x9e3779b97f4a7c15ULL);
}

/* Uniform in [0, 1). */
static inline double u01(uint64_t seed, uint64_t i)
{
	return (double)(splitmix_at(seed, i) >> 11) * 0x1.0p-53;
}

static unsigned host_threads()
{
	unsigned t = std::thread::hardware_concurrency();
	return t < 1 ? 1 : t > 64 ? 64 : t;
}

/* f(lo, hi, t) over [0, n) split among host_threads() threads. */
template <class F>
static void par_for(size_t n, F f)
{
	const unsigned nt = n < ((size_t)1 << 16) ? 1 : host_threads();
	std::vector<std::thread> th;
	for (unsigned t = 0; t < nt; t++) {
		const size_t lo = n / nt * t + std::min<size_t>(t, n % nt);
		const size_t hi = lo + n / nt + (t < n % nt);
		th.emplace_back([=, &f] { f(lo, hi, t); });
	}
	for (auto &x : th)
		x.join();
}

/* v[i] uniform in [a, b], never zero. */
template <class T>
static void fill_uniform(std::vector<T> &v, uint64_t seed, double a, double b)
{
	par_for(v.size(), [&](size_t lo, size_t hi, unsigned) {
		for (size_t i = lo; i < hi; i++) {
			T t = (T)(a + (b - a) * u01(seed, i));
			v[i] = t != 0 ? t : (T)(b / 2);
		}
	});
}

enum : uint64_t {
	SEED_SIN = 0x5eed0001,
	SEED_X = 0x5eed0002,
	SEED_MU = 0x5eed0003,
	SEED_SIGMA = 0x5eed0004,
	SEED_SMALL = 0x5eed0005,
	SEED_COPY = 0x5eed0006
};

/* Hand-written kernels: what a careful person writes ---------------------- */

constexpr int kBlock = 256;
constexpr double kSqrt2Pi = 2.5066282746310002; /* sqrt(2*pi) */
constexpr float kSqrt2PiF = 2.50662827f;

__device__ __forceinline__ double dsin(double x)
{
	return sin(x);
}
__device__ __forceinline__ float dsin(float x)
{
	return sinf(x);
}

__device__ __forceinline__ double dgauss(double x, double m, double s)
{
	const double d = x - m;
	return exp(-d * d / (2.0 * s * s)) / (s * kSqrt2Pi);
}
__device__ __forceinline__ float dgauss(float x, float m, float s)
{
	const float d = x - m;
	return expf(-d * d / (2.0f * s * s)) / (s * kSqrt2PiF);
}

template <class T>
struct VecOf;
template <>
struct VecOf<double> {
	typedef double2 type;
	enum { W = 2 };
	static const char *name() { return "double2"; }
};
template <>
struct VecOf<float> {
	typedef float4 type;
	enum { W = 4 };
	static const char *name() { return "float4"; }
};

__device__ __forceinline__ double2 vsin(double2 a)
{
	return make_double2(sin(a.x), sin(a.y));
}
__device__ __forceinline__ float4 vsin(float4 a)
{
	return make_float4(sinf(a.x), sinf(a.y), sinf(a.z), sinf(a.w));
}
__device__ __forceinline__ double2 vgauss(double2 x, double2 m, double2 s)
{
	return make_double2(dgauss(x.x, m.x, s.x), dgauss(x.y, m.y, s.y));
}
__device__ __forceinline__ float4 vgauss(float4 x, float4 m, float4 s)
{
	return make_float4(dgauss(x.x, m.x, s.x), dgauss(x.y, m.y, s.y), dgauss(x.z, m.z, s.z),
	                   dgauss(x.w, m.w, s.w));
}
__device__ __forceinline__ double2 vgauss(double2 x, double m, double s)
{
	return make_double2(dgauss(x.x, m, s), dgauss(x.y, m, s));
}
__device__ __forceinline__ float4 vgauss(float4 x, float m, float s)
{
	return make_float4(dgauss(x.x, m, s), dgauss(x.y, m, s), dgauss(x.z, m, s), dgauss(x.w, m, s));
}

/* Grid-stride loops with 64-bit indices. */
__device__ __forceinline__ size_t first_index()
{
	return (size_t)blockIdx.x * blockDim.x + threadIdx.x;
}
__device__ __forceinline__ size_t grid_threads()
{
	return (size_t)gridDim.x * blockDim.x;
}

template <class T>
__global__ void __launch_bounds__(kBlock) hand_sin(size_t n, const T *__restrict__ x, T *__restrict__ o)
{
	for (size_t i = first_index(); i < n; i += grid_threads())
		o[i] = dsin(x[i]);
}

template <class T>
__global__ void __launch_bounds__(kBlock)
hand_sin_strided(size_t n, const T *__restrict__ x, ptrdiff_t incx, T *__restrict__ o, ptrdiff_t inco)
{
	for (size_t i = first_index(); i < n; i += grid_threads())
		o[(ptrdiff_t)i * inco] = dsin(x[(ptrdiff_t)i * incx]);
}

/* Vector loads and stores; the last n % W elements one by one. */
template <class T>
__global__ void __launch_bounds__(kBlock) hand_sin_vec(size_t n, const T *__restrict__ x, T *__restrict__ o)
{
	typedef typename VecOf<T>::type V;
	const size_t nv = n / VecOf<T>::W;
	const V *xv = reinterpret_cast<const V *>(x);
	V *ov = reinterpret_cast<V *>(o);
	for (size_t i = first_index(); i < nv; i += grid_threads())
		ov[i] = vsin(xv[i]);
	const size_t t = nv * VecOf<T>::W + first_index();
	if (t < n)
		o[t] = dsin(x[t]);
}

template <class T>
__global__ void __launch_bounds__(kBlock)
hand_gauss(size_t n, const T *__restrict__ x, const T *__restrict__ m, const T *__restrict__ s,
           T *__restrict__ o)
{
	for (size_t i = first_index(); i < n; i += grid_threads())
		o[i] = dgauss(x[i], m[i], s[i]);
}

template <class T>
__global__ void __launch_bounds__(kBlock)
hand_gauss_vec(size_t n, const T *__restrict__ x, const T *__restrict__ m, const T *__restrict__ s,
               T *__restrict__ o)
{
	typedef typename VecOf<T>::type V;
	const size_t nv = n / VecOf<T>::W;
	const V *xv = reinterpret_cast<const V *>(x), *mv = reinterpret_cast<const V *>(m);
	const V *sv = reinterpret_cast<const V *>(s);
	V *ov = reinterpret_cast<V *>(o);
	for (size_t i = first_index(); i < nv; i += grid_threads())
		ov[i] = vgauss(xv[i], mv[i], sv[i]);
	const size_t t = nv * VecOf<T>::W + first_index();
	if (t < n)
		o[t] = dgauss(x[t], m[t], s[t]);
}

/* mu and sigma broadcast: read once per thread. */
template <class T>
__global__ void __launch_bounds__(kBlock)
hand_gauss_bcast(size_t n, const T *__restrict__ x, const T *__restrict__ m, const T *__restrict__ s,
                 T *__restrict__ o)
{
	const T mu = *m, sigma = *s;
	for (size_t i = first_index(); i < n; i += grid_threads())
		o[i] = dgauss(x[i], mu, sigma);
}

template <class T>
__global__ void __launch_bounds__(kBlock)
hand_gauss_bcast_vec(size_t n, const T *__restrict__ x, const T *__restrict__ m,
                     const T *__restrict__ s, T *__restrict__ o)
{
	typedef typename VecOf<T>::type V;
	const T mu = *m, sigma = *s;
	const size_t nv = n / VecOf<T>::W;
	const V *xv = reinterpret_cast<const V *>(x);
	V *ov = reinterpret_cast<V *>(o);
	for (size_t i = first_index(); i < nv; i += grid_threads())
		ov[i] = vgauss(xv[i], mu, sigma);
	const size_t t = nv * VecOf<T>::W + first_index();
	if (t < n)
		o[t] = dgauss(x[t], mu, sigma);
}

/* The bandwidth reference: 16-byte loads and stores. */
__global__ void __launch_bounds__(kBlock)
copy16(size_t n16, const uint4 *__restrict__ s, uint4 *__restrict__ d)
{
	for (size_t i = first_index(); i < n16; i += grid_threads())
		d[i] = s[i];
}

__global__ void __launch_bounds__(kBlock) fill_pattern(size_t nw, uint64_t salt, uint64_t *p)
{
	for (size_t i = first_index(); i < nw; i += grid_threads())
		p[i] = mix64(salt + i);
}

__global__ void empty_kernel() {}

/* The symkern functions, overloaded on the element type. */
static int sym_siny(size_t n, const double *y, ptrdiff_t iy, double *o, ptrdiff_t io, cudaStream_t s)
{
	return seeds_siny_map_f64(n, y, iy, o, io, s);
}
static int sym_siny(size_t n, const float *y, ptrdiff_t iy, float *o, ptrdiff_t io, cudaStream_t s)
{
	return seeds_siny_map_f32(n, y, iy, o, io, s);
}
static int sym_gauss(size_t n, const double *x, ptrdiff_t ix, const double *m, ptrdiff_t im, const double *sg,
                     ptrdiff_t is, double *o, ptrdiff_t io, cudaStream_t s)
{
	return seeds_gauss_map_f64(n, x, ix, m, im, sg, is, o, io, s);
}
static int sym_gauss(size_t n, const float *x, ptrdiff_t ix, const float *m, ptrdiff_t im, const float *sg,
                     ptrdiff_t is, float *o, ptrdiff_t io, cudaStream_t s)
{
	return seeds_gauss_map_f32(n, x, ix, m, im, sg, is, o, io, s);
}

template <class T>
static const char *dtype()
{
	return sizeof(T) == 8 ? "f64" : "f32";
}

/* Device memory ------------------------------------------------------------ */

struct Dev {
	void *p = nullptr;
	size_t bytes = 0;
	explicit Dev(size_t b) : bytes(b) { CK(cudaMalloc(&p, b ? b : 1)); }
	~Dev() { CK(cudaFree(p)); }
	Dev(const Dev &) = delete;
	Dev &operator=(const Dev &) = delete;
	template <class T>
	T *as() const
	{
		return static_cast<T *>(p);
	}
};
typedef std::vector<std::unique_ptr<Dev>> DevList;

static Dev *dev_alloc(DevList &l, size_t bytes)
{
	l.emplace_back(new Dev(bytes));
	return l.back().get();
}

template <class T>
static T *dev_upload(DevList &l, const std::vector<T> &h)
{
	Dev *d = dev_alloc(l, h.size() * sizeof(T));
	CK(cudaMemcpy(d->p, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
	return d->as<T>();
}

/* Checks ------------------------------------------------------------------- */

struct Tol {
	double rtol, atol; /* pass: |got - ref| <= atol + rtol * |ref| */
};
template <class T>
static Tol tol_of()
{
	return sizeof(T) == 8 ? Tol{1e-13, 1e-15} : Tol{1e-5, 1e-7};
}

struct ErrStats {
	double max_rel = 0, max_abs = 0, max_ulp = 0;
	double max_tol = 0;   /* max |err| / (atol + rtol |ref|): 1 is the bound */
	size_t nan = 0;       /* outputs still NaN: unwritten (poison) or computed NaN */
	size_t bad = 0;       /* outputs outside the tolerance, NaN included */
	size_t clobbered = 0; /* elements between strided outputs that were written */
	size_t worst = 0;     /* the index of max_tol */
	double worst_got = 0, worst_ref = 0;
	bool pass() const { return bad == 0 && clobbered == 0; }
	void merge(const ErrStats &o)
	{
		max_rel = std::max(max_rel, o.max_rel);
		max_abs = std::max(max_abs, o.max_abs);
		max_ulp = std::max(max_ulp, o.max_ulp);
		if (o.max_tol > max_tol) {
			max_tol = o.max_tol;
			worst = o.worst;
			worst_got = o.worst_got;
			worst_ref = o.worst_ref;
		}
		nan += o.nan;
		bad += o.bad;
		clobbered += o.clobbered;
	}
};

static bool all_ones(const unsigned char *p, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (p[k] != 0xFF)
			return false;
	return true;
}

/* buf holds out as copied back: out[i*inc] for i < n, and the elements
 * between them, which must still hold the poison. */
template <class T, class Ref>
static ErrStats check_map(const unsigned char *buf, size_t n, ptrdiff_t inc, Ref ref, Tol tol)
{
	std::vector<ErrStats> part(host_threads());
	par_for(n, [&](size_t lo, size_t hi, unsigned t) {
		ErrStats e;
		for (size_t i = lo; i < hi; i++) {
			const unsigned char *p = buf + i * (size_t)inc * sizeof(T);
			T g;
			std::memcpy(&g, p, sizeof(T));
			for (ptrdiff_t k = 1; k < inc; k++)
				e.clobbered += !all_ones(p + k * sizeof(T), sizeof(T));
			const long double r = ref(i), ar = std::fabs(r);
			if (std::isnan(g)) {
				e.nan++;
				e.bad++;
				if (e.max_tol < INFINITY) {
					e.max_tol = INFINITY;
					e.worst = i;
					e.worst_got = g;
					e.worst_ref = (double)r;
				}
				continue;
			}
			const long double err = std::fabs((long double)g - r);
			const T rt = std::fabs((T)r);
			const T ulp = std::nextafter(rt, std::numeric_limits<T>::infinity()) - rt;
			const double rel = (double)(ar > 0 ? err / ar : err > 0 ? INFINITY : 0);
			const double tr = (double)(err / (tol.atol + tol.rtol * ar));
			e.max_rel = std::max(e.max_rel, rel);
			e.max_abs = std::max(e.max_abs, (double)err);
			e.max_ulp = std::max(e.max_ulp, (double)(err / ulp));
			if (!(tr <= 1))
				e.bad++;
			if (tr > e.max_tol) {
				e.max_tol = tr;
				e.worst = i;
				e.worst_got = g;
				e.worst_ref = (double)r;
			}
		}
		part[t] = e;
	});
	ErrStats all;
	for (auto &e : part)
		all.merge(e);
	return all;
}

/* A copy of fill_pattern's words: mismatches count as bad, words still all
 * ones as unwritten. */
static ErrStats check_pattern(const unsigned char *buf, size_t bytes, uint64_t salt)
{
	std::vector<ErrStats> part(host_threads());
	par_for(bytes / 8, [&](size_t lo, size_t hi, unsigned t) {
		ErrStats e;
		for (size_t i = lo; i < hi; i++) {
			uint64_t w;
			std::memcpy(&w, buf + i * 8, 8);
			if (w != mix64(salt + i)) {
				e.bad++;
				e.nan += w == ~(uint64_t)0;
				if (e.bad == 1) {
					e.worst = i;
					e.max_tol = INFINITY;
				}
			}
		}
		part[t] = e;
	});
	ErrStats all;
	for (auto &e : part)
		all.merge(e);
	return all;
}

/* Workloads ----------------------------------------------------------------- */

enum Kind { SYM, HAND, COPY };

struct Variant {
	std::string name;
	Kind kind;
	std::function<void()> launch;
	void *out;
	size_t out_bytes; /* poisoned before the first run, checked after the last */
	std::function<ErrStats(const unsigned char *)> check;
	std::vector<double> ms;
	double median_ms = 0, min_ms = 0, max_ms = 0;
	ErrStats err;
	Variant(std::string name_, Kind kind_, std::function<void()> launch_, void *out_, size_t out_bytes_,
	        std::function<ErrStats(const unsigned char *)> check_)
	    : name(name_), kind(kind_), launch(launch_), out(out_), out_bytes(out_bytes_), check(check_)
	{
	}
};

struct Workload {
	std::string name, type;
	size_t n = 0;
	ptrdiff_t inc = 1;
	double bytes = 0; /* (inputs read + output written) * sizeof(T) */
	std::vector<Variant> v;
	/* The summary: indices into v. */
	int isym = -1, ihand = -1, icopy = -1, imemcpy = -1;
	bool pass = false;
	const Variant &sym() const { return v.at(isym); }
	const Variant &hand() const { return v.at(ihand); }
	const Variant &copy() const { return v.at(icopy); }
	const Variant &memcpy_() const { return v.at(imemcpy); }
};

struct Ctx {
	cudaStream_t s;
	int grid;
	int warm, reps;
	int sms;
};

static double median(std::vector<double> t)
{
	std::sort(t.begin(), t.end());
	const size_t k = t.size();
	return k == 0 ? 0 : k % 2 ? t[k / 2] : (t[k / 2 - 1] + t[k / 2]) / 2;
}

/* The copy references: cudaMemcpyAsync and copy16 of bytes/2 bytes, that
 * is bytes read and written in all, rounded up to 16 bytes. */
static void add_copies(Workload &w, DevList &mem, const Ctx &c)
{
	const size_t cb = ((size_t)(w.bytes / 2) + 15) / 16 * 16;
	Dev *src = dev_alloc(mem, cb), *d1 = dev_alloc(mem, cb), *d2 = dev_alloc(mem, cb);
	const uint64_t salt = SEED_COPY + (uint64_t)cb;
	fill_pattern<<<c.grid, kBlock, 0, c.s>>>(cb / 8, salt, src->as<uint64_t>());
	LAUNCHED();
	CK(cudaStreamSynchronize(c.s));
	const cudaStream_t s = c.s;
	const int grid = c.grid;
	auto check = [cb, salt](const unsigned char *b) { return check_pattern(b, cb, salt); };
	const uint4 *sp = src->as<const uint4>();
	uint4 *dp = d1->as<uint4>();
	w.v.emplace_back(
	        "copy kernel", COPY,
	        [=] {
		        copy16<<<grid, kBlock, 0, s>>>(cb / 16, sp, dp);
		        LAUNCHED();
	        },
	        d1->p, cb, check);
	void *d2p = d2->p, *srcp = src->p;
	w.v.emplace_back(
	        "cudaMemcpyAsync", COPY,
	        [=] { CK(cudaMemcpyAsync(d2p, srcp, cb, cudaMemcpyDeviceToDevice, s)); }, d2p, cb, check);
}

/* Poison, warm up, time round by round, check. */
static void run_workload(Workload &w, const Ctx &c)
{
	for (auto &v : w.v)
		CK(cudaMemsetAsync(v.out, 0xFF, v.out_bytes, c.s));
	for (int k = 0; k < c.warm; k++)
		for (auto &v : w.v)
			v.launch();
	CK(cudaStreamSynchronize(c.s));
	cudaEvent_t a, b;
	CK(cudaEventCreate(&a));
	CK(cudaEventCreate(&b));
	for (int r = 0; r < c.reps; r++)
		for (auto &v : w.v) {
			float ms;
			CK(cudaEventRecord(a, c.s));
			v.launch();
			CK(cudaEventRecord(b, c.s));
			CK(cudaEventSynchronize(b));
			CK(cudaEventElapsedTime(&ms, a, b));
			v.ms.push_back(ms);
		}
	CK(cudaEventDestroy(a));
	CK(cudaEventDestroy(b));
	CK(cudaStreamSynchronize(c.s));

	size_t maxb = 0;
	for (auto &v : w.v)
		maxb = std::max(maxb, v.out_bytes);
	std::unique_ptr<unsigned char[]> host(new unsigned char[maxb]);
	w.pass = true;
	for (size_t k = 0; k < w.v.size(); k++) {
		Variant &v = w.v[k];
		const int ik = (int)k;
		v.median_ms = median(v.ms);
		v.min_ms = *std::min_element(v.ms.begin(), v.ms.end());
		v.max_ms = *std::max_element(v.ms.begin(), v.ms.end());
		CK(cudaMemcpy(host.get(), v.out, v.out_bytes, cudaMemcpyDeviceToHost));
		v.err = v.check(host.get());
		w.pass = w.pass && v.err.pass();
		if (v.kind == SYM)
			w.isym = ik;
		else if (v.kind == HAND && (w.ihand < 0 || v.median_ms < w.v[w.ihand].median_ms))
			w.ihand = ik;
		else if (v.kind == COPY && v.name == "copy kernel")
			w.icopy = ik;
		else if (v.kind == COPY)
			w.imemcpy = ik;
	}

	printf("\n%s: %s, n = %zu, inc = %td, %.1f MB moved\n", w.name.c_str(), w.type.c_str(), w.n, w.inc,
	       w.bytes / 1e6);
	printf("  %-22s %9s %9s %9s %8s  %-10s %-10s %-8s %s\n", "variant", "median ms", "min ms", "max ms",
	       "GB/s", "max rel", "max abs", "max ulp", "check");
	for (auto &v : w.v) {
		char chk[160];
		if (v.err.pass())
			snprintf(chk, sizeof chk, "ok");
		else
			snprintf(chk, sizeof chk,
			         "FAIL: %zu bad, %zu NaN/unwritten, %zu clobbered; worst [%zu] got %.17g "
			         "want %.17g",
			         v.err.bad, v.err.nan, v.err.clobbered, v.err.worst, v.err.worst_got,
			         v.err.worst_ref);
		printf("  %-22s %9.4f %9.4f %9.4f %8.1f  %-10.3g %-10.3g %-8.3g %s\n", v.name.c_str(),
		       v.median_ms, v.min_ms, v.max_ms, w.bytes / (v.median_ms * 1e6), v.err.max_rel,
		       v.err.max_abs, v.err.max_ulp, chk);
	}
	fflush(stdout);
}

template <class T>
static Workload bench_sin(const Ctx &c, size_t n, ptrdiff_t inc)
{
	Workload w;
	w.name = inc == 1 ? "siny" : "siny strided";
	w.type = dtype<T>();
	w.n = n;
	w.inc = inc;
	w.bytes = 2.0 * (double)n * sizeof(T);
	const size_t len = n * (size_t)inc; /* elements in each array */
	std::vector<T> hx(len);
	fill_uniform(hx, SEED_SIN, -10, 10);
	DevList mem;
	const T *x = dev_upload(mem, hx);
	auto ref = [&hx, inc](size_t i) { return std::sin((long double)hx[i * (size_t)inc]); };
	auto check = [&, n, inc](const unsigned char *b) {
		return check_map<T>(b, n, inc, ref, tol_of<T>());
	};
	const cudaStream_t s = c.s;
	const int grid = c.grid;

	T *o = dev_alloc(mem, len * sizeof(T))->as<T>();
	w.v.emplace_back(
	        "symkern", SYM, [=] { SK(sym_siny(n, x, inc, o, inc, s)); }, o, len * sizeof(T), check);
	if (inc == 1) {
		o = dev_alloc(mem, len * sizeof(T))->as<T>();
		w.v.emplace_back(
		        "hand scalar", HAND,
		        [=] {
			        hand_sin<T><<<grid, kBlock, 0, s>>>(n, x, o);
			        LAUNCHED();
		        },
		        o, len * sizeof(T), check);
		o = dev_alloc(mem, len * sizeof(T))->as<T>();
		w.v.emplace_back(
		        std::string("hand ") + VecOf<T>::name(), HAND,
		        [=] {
			        hand_sin_vec<T><<<grid, kBlock, 0, s>>>(n, x, o);
			        LAUNCHED();
		        },
		        o, len * sizeof(T), check);
	} else {
		o = dev_alloc(mem, len * sizeof(T))->as<T>();
		w.v.emplace_back(
		        "hand strided", HAND,
		        [=] {
			        hand_sin_strided<T><<<grid, kBlock, 0, s>>>(n, x, inc, o, inc);
			        LAUNCHED();
		        },
		        o, len * sizeof(T), check);
	}
	add_copies(w, mem, c);
	run_workload(w, c);
	return w;
}

static long double ref_gauss(long double x, long double m, long double s)
{
	const long double pi = 3.141592653589793238462643383279502884L;
	const long double d = x - m;
	return std::exp(-d * d / (2 * s * s)) / (s * std::sqrt(2 * pi));
}

template <class T>
static Workload bench_gauss(const Ctx &c, size_t n, bool bcast)
{
	Workload w;
	w.name = bcast ? "gauss mu,sigma inc 0" : "gauss";
	w.type = dtype<T>();
	w.n = n;
	w.inc = 1;
	w.bytes = ((bcast ? (double)n + 2 : 3.0 * (double)n) + (double)n) * sizeof(T);
	const size_t np = bcast ? 1 : n;
	const ptrdiff_t ip = bcast ? 0 : 1;
	std::vector<T> hx(n), hm(np), hs(np);
	fill_uniform(hx, SEED_X, -5, 5);
	fill_uniform(hm, SEED_MU, -1, 1);
	fill_uniform(hs, SEED_SIGMA, 0.5, 2);
	DevList mem;
	const T *x = dev_upload(mem, hx), *m = dev_upload(mem, hm), *sg = dev_upload(mem, hs);
	auto ref = [&, bcast](size_t i) {
		const size_t j = bcast ? 0 : i;
		return ref_gauss(hx[i], hm[j], hs[j]);
	};
	auto check = [&, n](const unsigned char *b) { return check_map<T>(b, n, 1, ref, tol_of<T>()); };
	const cudaStream_t s = c.s;
	const int grid = c.grid;
	const size_t ob = n * sizeof(T);

	T *o = dev_alloc(mem, ob)->as<T>();
	w.v.emplace_back(
	        "symkern", SYM, [=] { SK(sym_gauss(n, x, 1, m, ip, sg, ip, o, 1, s)); }, o, ob, check);
	o = dev_alloc(mem, ob)->as<T>();
	w.v.emplace_back(
	        "hand scalar", HAND,
	        [=] {
		        if (bcast)
			        hand_gauss_bcast<T><<<grid, kBlock, 0, s>>>(n, x, m, sg, o);
		        else
			        hand_gauss<T><<<grid, kBlock, 0, s>>>(n, x, m, sg, o);
		        LAUNCHED();
	        },
	        o, ob, check);
	o = dev_alloc(mem, ob)->as<T>();
	w.v.emplace_back(
	        std::string("hand ") + VecOf<T>::name(), HAND,
	        [=] {
		        if (bcast)
			        hand_gauss_bcast_vec<T><<<grid, kBlock, 0, s>>>(n, x, m, sg, o);
		        else
			        hand_gauss_vec<T><<<grid, kBlock, 0, s>>>(n, x, m, sg, o);
		        LAUNCHED();
	        },
	        o, ob, check);
	add_copies(w, mem, c);
	run_workload(w, c);
	return w;
}

/* Small-call latency: wall time of launch + cudaStreamSynchronize --------- */

struct Latency {
	size_t n = 0;
	int warm = 0, reps = 0;
	double sym_us = 0, hand_us = 0, empty_us = 0;
	double sym_first_us = 0, hand_first_us = 0, empty_first_us = 0;
	ErrStats sym_err, hand_err;
};

static Latency bench_latency(const Ctx &c, size_t n, int warm, int reps)
{
	typedef std::chrono::steady_clock clk;
	Latency L;
	L.n = n;
	L.warm = warm;
	L.reps = reps;
	std::vector<double> hx(n);
	fill_uniform(hx, SEED_SMALL, -10, 10);
	DevList mem;
	const double *x = dev_upload(mem, hx);
	double *os = dev_alloc(mem, n * sizeof(double))->as<double>();
	double *oh = dev_alloc(mem, n * sizeof(double))->as<double>();
	CK(cudaMemsetAsync(os, 0xFF, n * sizeof(double), c.s));
	CK(cudaMemsetAsync(oh, 0xFF, n * sizeof(double), c.s));
	CK(cudaStreamSynchronize(c.s));
	const cudaStream_t s = c.s;
	const int hgrid = (int)((n + kBlock - 1) / kBlock);

	std::function<void()> f[3] = {
	        [=] {
		        empty_kernel<<<1, 32, 0, s>>>();
		        LAUNCHED();
	        },
	        [=] {
		        hand_sin<double><<<hgrid, kBlock, 0, s>>>(n, x, oh);
		        LAUNCHED();
	        },
	        [=] { SK(seeds_siny_map_f64(n, x, 1, os, 1, s)); },
	};
	auto once = [&](int k) {
		const auto t0 = clk::now();
		f[k]();
		CK(cudaStreamSynchronize(s));
		return std::chrono::duration<double, std::micro>(clk::now() - t0).count();
	};
	/* The first call of each: lazy module loading, symkern's occupancy query. */
	L.empty_first_us = once(0);
	L.hand_first_us = once(1);
	L.sym_first_us = once(2);
	for (int i = 0; i < warm; i++)
		for (int k = 0; k < 3; k++)
			once(k);
	std::vector<double> t[3];
	for (int i = 0; i < reps; i++)
		for (int k = 0; k < 3; k++)
			t[k].push_back(once(k));
	L.empty_us = median(t[0]);
	L.hand_us = median(t[1]);
	L.sym_us = median(t[2]);

	std::vector<unsigned char> hb(n * sizeof(double));
	auto ref = [&hx](size_t i) { return std::sin((long double)hx[i]); };
	CK(cudaMemcpy(hb.data(), os, hb.size(), cudaMemcpyDeviceToHost));
	L.sym_err = check_map<double>(hb.data(), n, 1, ref, tol_of<double>());
	CK(cudaMemcpy(hb.data(), oh, hb.size(), cudaMemcpyDeviceToHost));
	L.hand_err = check_map<double>(hb.data(), n, 1, ref, tol_of<double>());

	printf("\nsmall call: siny f64, n = %zu, wall time of launch + cudaStreamSynchronize, median of %d "
	       "after %d "
	       "warm-ups\n",
	       n, reps, warm);
	printf("  %-28s %10s %14s\n", "", "median us", "first call us");
	printf("  %-28s %10.2f %14.2f\n", "empty kernel <<<1,32>>>", L.empty_us, L.empty_first_us);
	printf("  %-28s %10.2f %14.2f  check %s\n", "hand sin <<<4,256>>>", L.hand_us, L.hand_first_us,
	       L.hand_err.pass() ? "ok" : "FAIL");
	printf("  %-28s %10.2f %14.2f  check %s\n", "seeds_siny_map_f64", L.sym_us, L.sym_first_us,
	       L.sym_err.pass() ? "ok" : "FAIL");
	printf("  symkern / empty kernel = %.3f, symkern / hand = %.3f, symkern - hand = %.2f us\n",
	       L.sym_us / L.empty_us, L.sym_us / L.hand_us, L.sym_us - L.hand_us);
	fflush(stdout);
	return L;
}

/* Report --------------------------------------------------------------------- */

static void json_err(FILE *f, const ErrStats &e)
{
	fprintf(f,
	        "{\"max_rel\": %.6g, \"max_abs\": %.6g, \"max_ulp\": %.6g, \"max_tol_ratio\": %.6g, \"nan\": "
	        "%zu, "
	        "\"bad\": %zu, \"clobbered\": %zu, \"pass\": %s}",
	        e.max_rel, e.max_abs, e.max_ulp, std::isinf(e.max_tol) ? 1e308 : e.max_tol, e.nan, e.bad,
	        e.clobbered, e.pass() ? "true" : "false");
}

static double best_copy_ms(const Workload &w)
{
	return std::min(w.copy().median_ms, w.memcpy_().median_ms);
}

int main(int argc, char **argv)
{
	bool quick = false;
	const char *json = nullptr;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--quick"))
			quick = true;
		else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			printf("usage: %s [--quick] [RESULTS.json]\n", argv[0]);
			return 0;
		} else if (argv[i][0] == '-' || json) {
			fprintf(stderr, "usage: %s [--quick] [RESULTS.json]\n", argv[0]);
			return EXIT_USAGE;
		} else
			json = argv[i];
	}

	int dev, rt, drv;
	cudaDeviceProp p;
	CK(cudaGetDevice(&dev));
	CK(cudaGetDeviceProperties(&p, dev));
	CK(cudaRuntimeGetVersion(&rt));
	CK(cudaDriverGetVersion(&drv));
	CK(cudaFree(nullptr)); /* the context, before anything is timed */
	Ctx c;
	c.sms = p.multiProcessorCount;
	c.grid = c.sms * 8;
	c.warm = 3;
	c.reps = quick ? 5 : 30;
	CK(cudaStreamCreate(&c.s));
	const size_t N = quick ? 1000000 : 100000000;

	printf("bench_map: symkern seeds library%s\n",
	       quick ? " (--quick: a smoke test, not a measurement)" : "");
	printf("device %d: %s, compute %d.%d, %d SMs, %.1f GiB, L2 %.1f MiB, ECC %s\n", dev, p.name, p.major,
	       p.minor, p.multiProcessorCount, (double)p.totalGlobalMem / 1073741824.0, (double)p.l2CacheSize / 1048576.0,
	       p.ECCEnabled ? "on" : "off");
	printf("CUDA runtime %d.%d, driver %d.%d; host threads for checks: %u\n", rt / 1000, rt % 1000 / 10,
	       drv / 1000, drv % 1000 / 10, host_threads());
	printf("hand-written and copy kernels: %d blocks (SMs*8) of %d threads; %d warm-up runs, median of "
	       "%d, "
	       "CUDA events on one stream\n",
	       c.grid, kBlock, c.warm, c.reps);
	fflush(stdout);

	const Latency L = bench_latency(c, 1000, quick ? 10 : 50, quick ? 50 : 500);

	std::vector<Workload> ws;
	ws.push_back(bench_sin<double>(c, N, 1));
	ws.push_back(bench_sin<float>(c, N, 1));
	ws.push_back(bench_gauss<double>(c, N, false));
	ws.push_back(bench_gauss<float>(c, N, false));
	ws.push_back(bench_sin<double>(c, N / 2, 2));
	ws.push_back(bench_gauss<double>(c, N, true));
	CK(cudaStreamSynchronize(c.s));
	CK(cudaGetLastError());

	bool pass = L.sym_err.pass() && L.hand_err.pass();
	printf("\nsummary: median ms; GB/s = (inputs read + output written) / symkern time; copy = the "
	       "faster of the "
	       "copy kernel and cudaMemcpyAsync of the same bytes;\n"
	       "of copy = copy ms / symkern ms; hand/sym > 1: symkern faster than the best hand-written "
	       "kernel\n");
	printf("%-22s %-4s %10s %9s %9s %9s %9s %8s %8s %9s %-9s %-9s %s\n", "workload", "type", "n",
	       "symkern", "hand", "copy", "memcpy", "GB/s", "of copy", "hand/sym", "max rel", "max ulp",
	       "check");
	for (auto &w : ws) {
		pass = pass && w.pass;
		printf("%-22s %-4s %10zu %9.4f %9.4f %9.4f %9.4f %8.1f %8.3f %9.3f %-9.3g %-9.3g %s\n",
		       w.name.c_str(), w.type.c_str(), w.n, w.sym().median_ms, w.hand().median_ms,
		       w.copy().median_ms, w.memcpy_().median_ms, w.bytes / (w.sym().median_ms * 1e6),
		       best_copy_ms(w) / w.sym().median_ms, w.hand().median_ms / w.sym().median_ms,
		       w.sym().err.max_rel, w.sym().err.max_ulp, w.pass ? "ok" : "FAIL");
	}
	printf("(hand = the faster hand-written variant; the strided case counts only the elements used, "
	       "while the "
	       "memory system moves every sector)\n");
	printf("small call n=%zu: symkern %.2f us, hand %.2f us, empty kernel %.2f us; symkern/empty %.3f, "
	       "symkern/hand %.3f\n",
	       L.n, L.sym_us, L.hand_us, L.empty_us, L.sym_us / L.empty_us, L.sym_us / L.hand_us);
	printf("%s\n", pass ? "all checks passed" : "CHECKS FAILED");

	if (json) {
		FILE *f = fopen(json, "w");
		if (!f) {
			perror(json);
			return EXIT_USAGE;
		}
		fprintf(f, "{\n \"bench\": \"bench_map\",\n \"quick\": %s,\n", quick ? "true" : "false");
		fprintf(f,
		        " \"device\": {\"name\": \"%s\", \"sms\": %d, \"cc\": \"%d.%d\", \"runtime\": %d, "
		        "\"driver\": %d, "
		        "\"mem_bytes\": %zu, \"l2_bytes\": %d},\n",
		        p.name, p.multiProcessorCount, p.major, p.minor, rt, drv, p.totalGlobalMem,
		        p.l2CacheSize);
		fprintf(f, " \"grid\": %d, \"block\": %d, \"warm\": %d, \"reps\": %d,\n", c.grid, kBlock,
		        c.warm, c.reps);
		fprintf(f,
		        " \"small_call\": {\"n\": %zu, \"warm\": %d, \"reps\": %d, \"symkern_us\": %.3f, "
		        "\"hand_us\": %.3f, "
		        "\"empty_kernel_us\": %.3f, \"symkern_first_us\": %.3f, \"hand_first_us\": %.3f, "
		        "\"empty_first_us\": %.3f, \"symkern_over_empty\": %.4f, \"symkern_over_hand\": "
		        "%.4f, "
		        "\"symkern_err\": ",
		        L.n, L.warm, L.reps, L.sym_us, L.hand_us, L.empty_us, L.sym_first_us, L.hand_first_us,
		        L.empty_first_us, L.sym_us / L.empty_us, L.sym_us / L.hand_us);
		json_err(f, L.sym_err);
		fprintf(f, "},\n \"workloads\": [\n");
		for (size_t k = 0; k < ws.size(); k++) {
			const Workload &w = ws[k];
			fprintf(f,
			        "  {\"name\": \"%s\", \"type\": \"%s\", \"n\": %zu, \"inc\": %td, \"bytes\": "
			        "%.0f, "
			        "\"symkern_ms\": %.5f, \"hand_ms\": %.5f, \"hand_variant\": \"%s\", "
			        "\"copy_kernel_ms\": %.5f, "
			        "\"memcpy_ms\": %.5f, \"symkern_GBps\": %.2f, \"fraction_of_copy_bw\": %.4f, "
			        "\"hand_over_symkern\": %.4f, \"pass\": %s,\n   \"symkern_err\": ",
			        w.name.c_str(), w.type.c_str(), w.n, w.inc, w.bytes, w.sym().median_ms,
			        w.hand().median_ms, w.hand().name.c_str(), w.copy().median_ms,
			        w.memcpy_().median_ms, w.bytes / (w.sym().median_ms * 1e6),
			        best_copy_ms(w) / w.sym().median_ms, w.hand().median_ms / w.sym().median_ms,
			        w.pass ? "true" : "false");
			json_err(f, w.sym().err);
			fprintf(f, ",\n   \"variants\": [\n");
			for (size_t j = 0; j < w.v.size(); j++) {
				const Variant &v = w.v[j];
				fprintf(f,
				        "    {\"name\": \"%s\", \"median_ms\": %.5f, \"min_ms\": %.5f, "
				        "\"max_ms\": %.5f, "
				        "\"GBps\": %.2f, \"err\": ",
				        v.name.c_str(), v.median_ms, v.min_ms, v.max_ms,
				        w.bytes / (v.median_ms * 1e6));
				json_err(f, v.err);
				fprintf(f, "}%s\n", j + 1 < w.v.size() ? "," : "");
			}
			fprintf(f, "   ]}%s\n", k + 1 < ws.size() ? "," : "");
		}
		fprintf(f, " ],\n \"pass\": %s\n}\n", pass ? "true" : "false");
		if (fclose(f) != 0) {
			perror(json);
			return EXIT_USAGE;
		}
		printf("wrote %s\n", json);
	}
	CK(cudaStreamDestroy(c.s));
	return pass ? 0 : EXIT_CHECK;
}
