sk_banner([[sk_lib.cu: the GPU kernels of the sk_lib library]])
/* Compile with nvcc; no run-time compilation.  Each map function has three
 * kernels: a contiguous one for out and every input contiguous (increment
 * 1) or broadcast (increment 0) with aligned pointers, which moves
 * sk_LIB[[]]_VEC_F64 doubles or sk_LIB[[]]_VEC_F32 floats per load (2 and 4 by
 * default: measured on an H200, see bench/RESULTS.md); the same for
 * unaligned pointers, one element per load; and a strided one for any
 * increments.  All are grid-stride loops
 * with 64-bit indices, launched with as many blocks as fill the device
 * (occupancy API, cached per kernel and device) or fewer for short arrays.
 * Inputs are read through the read-only path (const __restrict__). */
#include "sk_lib.h"

#include <atomic>
#include <cstring>
#include <mutex>
#include <cuda_runtime.h>

#ifndef sk_LIB[[]]_BLOCK
#define sk_LIB[[]]_BLOCK 256
#endif
#ifndef sk_LIB[[]]_VEC_F64
#define sk_LIB[[]]_VEC_F64 2
#endif
#ifndef sk_LIB[[]]_VEC_F32
#define sk_LIB[[]]_VEC_F32 4
#endif
/* Shorter arrays take one element a thread: latency, not bandwidth, is
 * what counts there, and more threads with less work each finish sooner. */
#ifndef sk_LIB[[]]_VEC_MIN
#define sk_LIB[[]]_VEC_MIN 65536
#endif

/* Internal linkage by `static` and library-prefixed names, not an anonymous
 * namespace: nvcc names those after a hash of the file's path, which would
 * make the object depend on the folder it was built in. */

/* V elements moved by one load or store. */
template <typename T, int V> struct alignas(sizeof(T) * V) sk_lib[[_priv_vec]] {
	T v[V];
};

/* Element i of p as vectors, or b in every lane where p is broadcast (an
 * increment of 0: the branch is the same for the whole grid). */
template <typename T, int V>
static __device__ __forceinline__ sk_lib[[_priv_vec]]<T, V> sk_lib[[_priv_load]](const T *__restrict__ p, size_t i,
                                                                bool broadcast, T b)
{
	sk_lib[[_priv_vec]]<T, V> v;
	if (broadcast) {
#pragma unroll
		for (int j = 0; j < V; j++)
			v.v[j] = b;
	} else {
		v = reinterpret_cast<const sk_lib[[_priv_vec]]<T, V> *>(p)[i];
	}
	return v;
}

static int sk_lib[[_priv_status]](cudaError_t e)
{
	if (e == cudaSuccess)
		return sk_LIB[[]]_OK;
	if (e == cudaErrorNoDevice || e == cudaErrorInsufficientDriver)
		return sk_LIB[[]]_ENODEV;
	return sk_LIB[[]]_ECUDA;
}

enum { sk_LIB[[]]_MAX_DEVICES = 64 };

/* Blocks that fill the device for `kernel` `waves` times, cached per
 * device; fewer when `work` items need fewer. */
static int sk_lib[[_priv_grid]](const void *kernel, std::atomic<int> *cache, size_t work, int *grid,
                               size_t smem = 0, int waves = 1)
{
	int dev, full;
	cudaError_t e = cudaGetDevice(&dev);
	if (e != cudaSuccess)
		return sk_lib[[_priv_status]](e);
	full = dev >= 0 && dev < sk_LIB[[]]_MAX_DEVICES ? cache[dev].load(std::memory_order_relaxed) : 0;
	if (full == 0) {
		int sms = 0, per = 0;
		e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
		if (e == cudaSuccess)
			e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, kernel, sk_LIB[[]]_BLOCK, smem);
		if (e != cudaSuccess)
			return sk_lib[[_priv_status]](e);
		full = sms * (per > 0 ? per : 1);
		if (dev >= 0 && dev < sk_LIB[[]]_MAX_DEVICES)
			cache[dev].store(full, std::memory_order_relaxed);
	}
	size_t need = (work + sk_LIB[[]]_BLOCK - 1) / sk_LIB[[]]_BLOCK;
	full *= waves;
	*grid = need < (size_t)full ? (int)(need ? need : 1) : full;
	return sk_LIB[[]]_OK;
}

m4_ifelse(sk_ngu, 0, [[]], [[/* Scratch memory of the gufuncs' shared kernels: stream-ordered
 * allocations (CUDA 11.2) from pools of the library's own per device,
 * which keep what they allocated (release threshold: never) so that later
 * calls map no memory; the pools are never destroyed.  The caller's
 * default pool is left alone.
 *
 * Pool 0 serves the shared reductions, and every byte of it that is not
 * allocated is zero, so a call needs no memset of its counters (measured
 * on an H200: the memset and its call are about a tenth of a
 * 10^7-element reduction): it has a fixed size (CUDA 12.2's maxSize), is
 * allocated whole, cleared and given back once when made, and each kernel
 * sets the counters and parts it used back to zero before it ends.  A
 * request it cannot serve (many calls in flight on many streams) goes to
 * the device's default pool and is cleared by a memset; so does every
 * request before CUDA 12.2.  Pool 1 serves scratch that needs no clearing
 * (the kernels of long rows), unbounded. */
#ifndef sk_LIB[[]]_GU_SCRATCH
#define sk_LIB[[]]_GU_SCRATCH ((size_t)4 << 20)
#endif
static std::atomic<cudaMemPool_t> sk_lib[[_priv_pools]][2][sk_LIB[[]]_MAX_DEVICES];
static std::atomic<bool> sk_lib[[_priv_pool_zero]][sk_LIB[[]]_MAX_DEVICES];

/* Pool `which` of the device, made (pool 0: and cleared) by the first
 * call there. */
static cudaError_t sk_lib[[_priv_pool]](int dev, int which, cudaStream_t stream, cudaMemPool_t *pool)
{
	*pool = sk_lib[[_priv_pools]][which][dev].load();
	if (*pool)
		return cudaSuccess;
	cudaMemPoolProps props;
	memset(&props, 0, sizeof props);
	props.allocType = cudaMemAllocationTypePinned;
	props.location.type = cudaMemLocationTypeDevice;
	props.location.id = dev;
	unsigned long long keep = ~0ull; /* cuuint64_t */
	cudaMemPool_t made, none = NULL;
	bool sized = false;
#if CUDART_VERSION >= 12020
	props.maxSize = which == 0 ? sk_LIB[[]]_GU_SCRATCH : 0;
	cudaError_t e = cudaMemPoolCreate(&made, &props);
	sized = e == cudaSuccess && which == 0;
	if (e != cudaSuccess && which == 0) { /* a driver that refuses the size: a pool without one */
		(void)cudaGetLastError();
		props.maxSize = 0;
		e = cudaMemPoolCreate(&made, &props);
	}
#else
	cudaError_t e = cudaMemPoolCreate(&made, &props);
#endif
	if (e == cudaSuccess && (e = cudaMemPoolSetAttribute(made, cudaMemPoolAttrReleaseThreshold, &keep)) != cudaSuccess)
		cudaMemPoolDestroy(made);
	if (e != cudaSuccess)
		return e;
	if (!sk_lib[[_priv_pools]][which][dev].compare_exchange_strong(none, made)) {
		cudaMemPoolDestroy(made); /* another thread made one first */
		*pool = none;
		return cudaSuccess;
	}
	*pool = made;
	void *all;
	if (!sized)
		return cudaSuccess;
	if (cudaMallocFromPoolAsync(&all, sk_LIB[[]]_GU_SCRATCH, made, stream) != cudaSuccess) {
		(void)cudaGetLastError(); /* handled: the pool stays uncleared, calls clear their counters */
		return cudaSuccess;
	}
	e = cudaMemsetAsync(all, 0, sk_LIB[[]]_GU_SCRATCH, stream);
	cudaError_t f = cudaFreeAsync(all, stream);
	if (e == cudaSuccess && f == cudaSuccess)
		sk_lib[[_priv_pool_zero]][dev].store(true); /* later users are ordered after the memset by the pool */
	return e != cudaSuccess ? e : f;
}

/* Scratch of `bytes`: with `zero`, from pool 0, *zero telling whether it
 * is known to be zero (then the kernel must leave it zero); else from
 * pool 1. */
__attribute__((unused)) /* used by shared kernels only */
static cudaError_t sk_lib[[_priv_alloc]](void **p, size_t bytes, cudaStream_t stream, bool *zero)
{
	int dev;
	cudaMemPool_t pool;
	cudaError_t e = cudaGetDevice(&dev);
	if (zero)
		*zero = false;
	if (e != cudaSuccess)
		return e;
	if (dev < 0 || dev >= sk_LIB[[]]_MAX_DEVICES)
		return cudaMallocAsync(p, bytes, stream);
	if ((e = sk_lib[[_priv_pool]](dev, zero ? 0 : 1, stream, &pool)) != cudaSuccess)
		return e;
	if (cudaMallocFromPoolAsync(p, bytes, pool, stream) == cudaSuccess) {
		if (zero)
			*zero = sk_lib[[_priv_pool_zero]][dev].load();
		return cudaSuccess;
	}
	(void)cudaGetLastError(); /* handled: the pool is full */
	return cudaMallocAsync(p, bytes, stream);
}

/* Small zeroed scratch without allocating: a slot of
 * sk_LIB[[]]_GU_SLOT bytes per stream, kept zero by the kernels like pool
 * 0.  A stream runs its work in order, so one call's kernel never overlaps
 * the next call's on the same stream, and both may use the stream's slot.
 * (Measured on an H200: the allocation and free of a call take about 2
 * us of the 17 of a reduction of 10^7 floats.)  Slots are keyed by the
 * stream's id (CUDA 12.0), unique for the life of the process, so a new
 * stream that reuses a destroyed one's handle gets a slot of its own.  Not
 * for a stream being captured (a graph may be launched on any stream, many
 * times at once), nor for cudaStreamPerThread, whose handle names a
 * different stream in each thread: those allocate.  The first
 * sk_LIB[[]]_GU_SLOTS streams of a device get slots, which are never
 * freed; later streams allocate. */
#ifndef sk_LIB[[]]_GU_SLOT
#define sk_LIB[[]]_GU_SLOT ((size_t)64 << 10)
#endif
#ifndef sk_LIB[[]]_GU_SLOTS
#define sk_LIB[[]]_GU_SLOTS 32
#endif
#if CUDART_VERSION >= 12000 && sk_LIB[[]]_GU_SLOTS > 0
static std::atomic<unsigned long long> sk_lib[[_priv_slot_id]][sk_LIB[[]]_MAX_DEVICES][sk_LIB[[]]_GU_SLOTS]; /* id + 1 */
static void *sk_lib[[_priv_slot_mem]][sk_LIB[[]]_MAX_DEVICES][sk_LIB[[]]_GU_SLOTS];
static std::mutex sk_lib[[_priv_slot_lock]];

static bool sk_lib[[_priv_slot]](int dev, size_t bytes, cudaStream_t stream, void **p)
{
	cudaStreamCaptureStatus capture;
	unsigned long long id;
	if (bytes > sk_LIB[[]]_GU_SLOT || stream == cudaStreamPerThread)
		return false;
#ifdef CUDA_API_PER_THREAD_DEFAULT_STREAM
	if (!stream)
		return false;
#endif
	if (cudaStreamIsCapturing(stream, &capture) != cudaSuccess || capture != cudaStreamCaptureStatusNone ||
	    cudaStreamGetId(stream, &id) != cudaSuccess) {
		(void)cudaGetLastError(); /* handled: the caller allocates, and reports what persists */
		return false;
	}
	std::atomic<unsigned long long> *ids = sk_lib[[_priv_slot_id]][dev];
	for (int i = 0; i < sk_LIB[[]]_GU_SLOTS; i++)
		if (ids[i].load(std::memory_order_acquire) == id + 1) {
			*p = sk_lib[[_priv_slot_mem]][dev][i];
			return true;
		}
	std::lock_guard<std::mutex> hold(sk_lib[[_priv_slot_lock]]);
	for (int i = 0; i < sk_LIB[[]]_GU_SLOTS; i++) {
		const unsigned long long had = ids[i].load(std::memory_order_relaxed);
		if (had == id + 1) { /* another thread's call on the same stream */
			*p = sk_lib[[_priv_slot_mem]][dev][i];
			return true;
		}
		if (had != 0)
			continue;
		void *m;
		if (sk_lib[[_priv_alloc]](&m, sk_LIB[[]]_GU_SLOT, stream, NULL) != cudaSuccess) { /* pool 1 */
			(void)cudaGetLastError();
			return false;
		}
		if (cudaMemsetAsync(m, 0, sk_LIB[[]]_GU_SLOT, stream) != cudaSuccess) {
			(void)cudaGetLastError();
			(void)cudaFreeAsync(m, stream);
			return false;
		}
		sk_lib[[_priv_slot_mem]][dev][i] = m;
		ids[i].store(id + 1, std::memory_order_release);
		*p = m;
		return true;
	}
	return false;
}
#else
static bool sk_lib[[_priv_slot]](int, size_t, cudaStream_t, void **)
{
	return false;
}
#endif

/* Scratch for a shared reduction, `bytes` with its counters at `cnt`
 * (`ncnt` bytes) zero: the stream's slot, or pool 0 (with a memset where
 * the pool is not known to be zero).  *slot says which, for
 * sk_lib[[_priv_zfree]]. */
__attribute__((unused)) /* used by shared kernels only */
static cudaError_t sk_lib[[_priv_zalloc]](void **p, size_t bytes, size_t cnt, size_t ncnt, cudaStream_t stream, bool *slot)
{
	int dev;
	bool zero;
	*p = NULL;
	*slot = false;
	if (cudaGetDevice(&dev) == cudaSuccess && dev >= 0 && dev < sk_LIB[[]]_MAX_DEVICES &&
	    sk_lib[[_priv_slot]](dev, bytes, stream, p))
		return *slot = true, cudaSuccess;
	cudaError_t e = sk_lib[[_priv_alloc]](p, bytes, stream, &zero);
	if (e == cudaSuccess && !zero)
		e = cudaMemsetAsync((char *)*p + cnt, 0, ncnt, stream);
	return e;
}

/* Gives back what sk_lib[[_priv_zalloc]] gave (nothing for a slot); the
 * call's status `e` stays its first error. */
__attribute__((unused)) /* used by shared kernels only */
static cudaError_t sk_lib[[_priv_zfree]](void *p, bool slot, cudaStream_t stream, cudaError_t e)
{
	if (p && !slot) {
		cudaError_t f = cudaFreeAsync(p, stream);
		if (e == cudaSuccess)
			e = f;
	}
	return e;
}

]])m4_dnl

template <int V> static bool sk_lib[[_priv_aligned]](const void *p, size_t size)
{
	return (uintptr_t)p % (size * V) == 0;
}
/* Per map function and precision: F_contig<V>, for out contiguous and
 * each input contiguous (increment 1) or broadcast (0): nv vectors of V
 * elements, then the n - nv*V left over, one each by the first threads;
 * F_strided, for any increments; F_grid, the grid sizes by device of the
 * vector path, the unaligned contiguous path and the strided one.  (One
 * comment for all: repeated per function it was a tenth of the file.) */
sk_each_prec([[sk_each_fn([[
template <int _vw>
__global__ void __launch_bounds__(sk_LIB[[]]_BLOCK)
sk_map(sk_i)[[_contig]](size_t _nv, size_t n, sk_args(sk_i, [[const sk_T *__restrict__ \&, ptrdiff_t inc_\&, ]], [[]])sk_T *__restrict__ out)
{
	typedef sk_lib[[_priv_vec]]<sk_T, _vw> _vec;
	const size_t _stride = (size_t)gridDim.x * blockDim.x;
	const size_t _first = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
sk_args(sk_i, [[	const sk_T _b_\& = inc_\& == 0 ? *\& : (sk_T)0;
]], [[]])	for (size_t _i = _first; _i < _nv; _i += _stride) {
sk_args(sk_i, [[		const _vec _v_\& = sk_lib[[_priv_load]]<sk_T, _vw>(\&, _i, inc_\& == 0, _b_\&);
]], [[]])		_vec _r;
#pragma unroll
		for (int _j = 0; _j < _vw; _j++)
			_r.v[_j] = sk_f(sk_i)(sk_args(sk_i, [[_v_\&.v[_j] ]], [[, ]]));
		reinterpret_cast<_vec *>(out)[_i] = _r;
	}
	const size_t _t = _nv * _vw + _first;
	if (_vw > 1 && _t < n)
		out[_t] = sk_f(sk_i)(sk_args(sk_i, [[\&[_t * inc_\&] ]], [[, ]]));
}

__global__ void __launch_bounds__(sk_LIB[[]]_BLOCK)
sk_map(sk_i)[[_strided]](size_t n, sk_args(sk_i, [[const sk_T *__restrict__ \&, ptrdiff_t inc_\&, ]], [[]])sk_T *__restrict__ out, ptrdiff_t inc_out)
{
	const size_t _stride = (size_t)gridDim.x * blockDim.x;
	for (size_t _i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; _i < n; _i += _stride) {
		const ptrdiff_t _k = (ptrdiff_t)_i;
		out[_k * inc_out] = sk_f(sk_i)(sk_args(sk_i, [[\&[_k * inc_\&] ]], [[, ]]));
	}
}

static std::atomic<int> sk_map(sk_i)[[_grid]][3][sk_LIB[[]]_MAX_DEVICES];
]])]])
/* The map functions launch with cudaLaunchKernel, which returns this
 * launch's error and leaves errors of the caller's own launches alone.
 * Locals start with '_', which no argument does (names.h). */
sk_each_prec([[sk_each_fn([[
extern "C" sk_map_decl(sk_i)
{
	enum { _vw = sk_LIB[[]]_VEC_[[]]m4_translit(sk_P, [[f]], [[F]]) };
	const void *_in[[[]]] = {sk_args(sk_i, [[\&, ]], [[]])NULL};
	const ptrdiff_t _inc[[[]]] = {sk_args(sk_i, [[inc_\&, ]], [[]])0};
	int _grid, _rc = sk_lib[[_priv_check]](n, sk_fn_nargs(sk_i), _in, _inc, out, inc_out, sizeof(sk_T));
	if (_rc != 0 || n == 0)
		return _rc;
	const void *_kernel;
	void *_args[[[]]] = {(void *)&n, sk_args(sk_i, [[(void *)&\&, (void *)&inc_\&, ]], [[]])(void *)&out, (void *)&inc_out};
	size_t _nv = n, _work = n;
	void *_cargs[[[]]] = {(void *)&_nv, (void *)&n, sk_args(sk_i, [[(void *)&\&, (void *)&inc_\&, ]], [[]])(void *)&out};
	int _path = 2;
	if (sk_args(sk_i, [[(inc_\& == 0 || inc_\& == 1) && ]], [[]])inc_out == 1) {
		const bool _aligned = sk_args(sk_i, [[(inc_\& == 0 || sk_lib[[_priv_aligned]]<_vw>(\&, sizeof(sk_T))) && ]], [[]])sk_lib[[_priv_aligned]]<_vw>(out, sizeof(sk_T));
		_path = _aligned && _vw > 1 && n >= sk_LIB[[]]_VEC_MIN ? 0 : 1;
		_nv = _path == 0 ? n / _vw : n;
		_work = _nv ? _nv : 1;
		_kernel = _path == 0 ? (const void *)sk_map(sk_i)[[_contig]]<_vw> : (const void *)sk_map(sk_i)[[_contig]]<1>;
	} else {
		_kernel = (const void *)sk_map(sk_i)[[_strided]];
	}
	_rc = sk_lib[[_priv_grid]](_kernel, sk_map(sk_i)[[_grid]][[[_path]]], _work, &_grid);
	if (_rc != 0)
		return _rc;
	return sk_lib[[_priv_status]](cudaLaunchKernel(_kernel, dim3((unsigned)_grid), dim3(sk_LIB[[]]_BLOCK),
	                                               _path == 2 ? _args : _cargs, 0, (cudaStream_t)stream));
}
]])]])

/* Gufuncs: one thread per batch item, the item's recurrence in registers.
 * In the column layout (inc_batch 1) neighbouring threads touch
 * neighbouring elements at each step, so every access is coalesced.  In
 * the row layout a thread's outputs are one row: written straight to
 * memory, a warp's stores would touch 32 rows at once, so the items of a
 * block write their rows to shared memory (a row stride that is odd, so
 * threads hit different banks) and the block then copies the rows out as
 * one contiguous range.  That applies while the rows of all outputs fit in
 * sk_LIB[[]]_GU_STAGE bytes of shared memory. */
/* Kernels for a run-time size are also instantiated for sizes 2 to 8:
 * told n == _N, the compiler unrolls the item's loop into registers as for
 * a size fixed in the .sym file (measured: 2.5x faster in rows of 4). */
#ifndef sk_LIB[[]]_GU_STAGE
#define sk_LIB[[]]_GU_STAGE 32768
#endif
extern __shared__ __align__(16) unsigned char sk_lib[[_priv_smem]][];

/* Copies a block's m staged elements (rows of len, ts apart in shared
 * memory) to o, contiguous: 16 bytes a store where o is aligned.  Inlined
 * into kernels that know len, the divisions become multiplications. */
template <typename T>
static __device__ __forceinline__ void sk_lib[[_priv_stage_out]](T *__restrict__ o, const T *s, size_t m, size_t len,
                                                               ptrdiff_t ts)
{
	enum { V = 16 / sizeof(T) };
	size_t e = 0;
	if ((uintptr_t)o % 16 == 0) {
		for (e = (size_t)threadIdx.x * V; e + V <= m; e += (size_t)blockDim.x * V) {
			sk_lib[[_priv_vec]]<T, V> v;
#pragma unroll
			for (int q = 0; q < V; q++)
				v.v[q] = s[(ptrdiff_t)((e + q) / len) * ts + (ptrdiff_t)((e + q) % len)];
			*reinterpret_cast<sk_lib[[_priv_vec]]<T, V> *>(o + e) = v;
		}
		e = m / V * V;
	}
	for (e += threadIdx.x; e < m; e += blockDim.x)
		o[e] = s[(ptrdiff_t)(e / len) * ts + (ptrdiff_t)(e % len)];
}

/* Copies a block's staged columns out: term k's row of cnt items (at
 * s + k * BLOCK) to o + k * inc, 16 bytes a store; o and inc * sizeof(T)
 * are multiples of 16 bytes. */
template <typename T>
static __device__ __forceinline__ void sk_lib[[_priv_cstage_out]](T *__restrict__ o, ptrdiff_t inc, const T *s, size_t cnt,
                                                                size_t len)
{
	enum { V = 16 / sizeof(T), R = sk_LIB[[]]_BLOCK / V };
	for (size_t e = threadIdx.x; e < len * R; e += sk_LIB[[]]_BLOCK) {
		const size_t k = e / R, j = e % R * V;
		T *const d = o + (ptrdiff_t)k * inc + (ptrdiff_t)j;
		const T *const r = s + k * sk_LIB[[]]_BLOCK + j;
		if (j + V <= cnt) { /* one 16-byte load from shared memory: 4-byte ones conflict */
			*reinterpret_cast<sk_lib[[_priv_vec]]<T, V> *>(d) = *reinterpret_cast<const sk_lib[[_priv_vec]]<T, V> *>(r);
		} else {
			for (size_t q = 0; j + q < cnt; q++)
				d[q] = r[q];
		}
	}
}
m4_ifelse(sk_ngu, 0, [[]], [[
/* Parallel gufuncs (symkern(3), Gufuncs): a map or a first-order scan is
 * computed by threads over the elements, each thread taking
 * sk_LIB[[]]_GU_CHUNK consecutive terms of one item, for a batch of at
 * most sk_LIB[[]]_GU_PAR_BATCH items of at least sk_LIB[[]]_GU_PAR_MIN
 * terms, and for rows of at least sk_LIB[[]]_GU_PAR_ROWS_MIN terms: in
 * dense rows with at most sk_LIB[[]]_GU_PAR_ROWS times as many items as
 * terms, and for maps (which read a row twice when they share a
 * reduction, as normalize does) in any layout for at most
 * sk_LIB[[]]_GU_PAR_MAP_BATCH items.  Elsewhere one thread per item is
 * faster: it reads and writes columns coalesced, and many rows fill the
 * device.
 * (Measured on an H200, cumsum and normalize in float, bench/RESULTS.md:
 * one thread per item reached 0.07 of a copy in rows of 256 to 4096
 * terms for up to 4096 items, threads over the elements 0.2 to 0.4 on
 * those small arrays; in columns one thread per item wins from 4096
 * items for cumsum, from 32768 for normalize.) */
#ifndef sk_LIB[[]]_GU_PAR_BATCH
#define sk_LIB[[]]_GU_PAR_BATCH 1024
#endif
#ifndef sk_LIB[[]]_GU_PAR_MIN
#define sk_LIB[[]]_GU_PAR_MIN 1024
#endif
#ifndef sk_LIB[[]]_GU_PAR_ROWS_MIN
#define sk_LIB[[]]_GU_PAR_ROWS_MIN 256
#endif
#ifndef sk_LIB[[]]_GU_PAR_ROWS
#define sk_LIB[[]]_GU_PAR_ROWS 32
#endif
#ifndef sk_LIB[[]]_GU_PAR_MAP_BATCH
#define sk_LIB[[]]_GU_PAR_MAP_BATCH 4096
#endif
/* Shared reductions: threads per item grow while the grid stays within
 * sk_LIB[[]]_GU_RED_THREADS / 2 threads. */
#ifndef sk_LIB[[]]_GU_RED_THREADS
#define sk_LIB[[]]_GU_RED_THREADS ((size_t)1 << 18)
#endif
#ifndef sk_LIB[[]]_GU_CHUNK
#define sk_LIB[[]]_GU_CHUNK 8
#endif

/* The operator of a scan or reduction: * (MUL) or +, and its identity. */
template <typename T, bool MUL> static __device__ __forceinline__ T sk_lib[[_priv_op]](T a, T b)
{
	return MUL ? a * b : a + b;
}

template <typename T, bool MUL> static __device__ __forceinline__ T sk_lib[[_priv_id]]()
{
	return MUL ? (T)1 : (T)0;
}

/* a = a op x; for a sum with Kahan's compensation c, dropped where the sum
 * is not finite (inf - inf would make it NaN). */
template <typename T, bool MUL> static __device__ __forceinline__ void sk_lib[[_priv_acc]](T &a, T &c, T x)
{
	if (MUL) {
		a = a * x;
		return;
	}
	const T y = x - c, s = a + y;
	c = isfinite(s) ? (s - a) - y : (T)0;
	a = s;
}

/* The total of v over each group of gs threads (gs a power of two from 32
 * to sk_LIB[[]]_BLOCK), to the group's first thread: a pairwise tree of
 * shuffles within each warp, then one over the group's warp totals in its
 * first warp, so the order is fixed (results do not depend on timing) and
 * the depth is log2 gs.  Every thread of the block calls it; sh holds a
 * value per warp. */
template <typename T, bool MUL> static __device__ T sk_lib[[_priv_gred]](T v, T *sh, unsigned gs)
{
	for (unsigned s = 16; s > 0; s >>= 1)
		v = sk_lib[[_priv_op]]<T, MUL>(v, __shfl_down_sync(0xffffffffu, v, s));
	if (threadIdx.x % 32 == 0)
		sh[threadIdx.x / 32] = v;
	__syncthreads();
	if (threadIdx.x % gs < 32) {
		const unsigned lane = threadIdx.x % 32;
		v = lane < gs / 32 ? sh[threadIdx.x / 32 + lane] : sk_lib[[_priv_id]]<T, MUL>();
		for (unsigned s = gs / 64; s > 0; s >>= 1)
			v = sk_lib[[_priv_op]]<T, MUL>(v, __shfl_down_sync(0xffffffffu, v, s));
	}
	__syncthreads();
	return v;
}

/* The exclusive prefix of v over the block's threads in order, and in
 * *total the block's total (Hillis and Steele: log2 BLOCK rounds, each
 * element combined at most once a round, in a fixed order). */
template <typename T, bool MUL> static __device__ T sk_lib[[_priv_bscan]](T v, T *sh, T *total)
{
	const unsigned t = threadIdx.x;
	sh[t] = v;
	__syncthreads();
	for (unsigned s = 1; s < sk_LIB[[]]_BLOCK; s <<= 1) {
		const T a = t >= s ? sk_lib[[_priv_op]]<T, MUL>(sh[t - s], sh[t]) : sh[t];
		__syncthreads();
		sh[t] = a;
		__syncthreads();
	}
	const T r = t ? sh[t - 1] : sk_lib[[_priv_id]]<T, MUL>();
	*total = sh[sk_LIB[[]]_BLOCK - 1];
	__syncthreads();
	return r;
}

/* A scan's block blockIdx.x is tile blockIdx.x % nt of item blockIdx.x / nt;
 * this thread's chunk of it is k0 .. k1 - 1, empty past n. */
__attribute__((unused)) /* used by scans only */
static __device__ __forceinline__ void sk_lib[[_priv_chunk]](size_t n, size_t nt, size_t *item, size_t *k0, size_t *k1)
{
	const size_t s = (blockIdx.x % nt) * sk_LIB[[]]_BLOCK * sk_LIB[[]]_GU_CHUNK + threadIdx.x * sk_LIB[[]]_GU_CHUNK;
	*item = blockIdx.x / nt;
	*k0 = s < n ? s : n;
	*k1 = n - *k0 < sk_LIB[[]]_GU_CHUNK ? n : *k0 + sk_LIB[[]]_GU_CHUNK;
}

/* The second pass of a shared index-free reduction: block b adds the bpi
 * parts of item b in a fixed order into pre[b]. */
template <typename T, bool MUL>
__global__ void __launch_bounds__(sk_LIB[[]]_BLOCK) sk_lib[[_priv_pre2]](unsigned bpi, const T *parts, T *pre)
{
	__shared__ T sh[sk_LIB[[]]_BLOCK];
	T a = sk_lib[[_priv_id]]<T, MUL>();
	for (size_t c = threadIdx.x; c < bpi; c += sk_LIB[[]]_BLOCK)
		a = sk_lib[[_priv_op]]<T, MUL>(a, parts[(size_t)blockIdx.x * bpi + c]);
	a = sk_lib[[_priv_gred]]<T, MUL>(a, sh, sk_LIB[[]]_BLOCK);
	if (threadIdx.x == 0)
		pre[blockIdx.x] = a;
}

/* The middle pass of a scan: block b replaces the nt tile totals of item b
 * by their exclusive prefix, in rounds of a block. */
template <typename T, bool MUL>
__global__ void __launch_bounds__(sk_LIB[[]]_BLOCK) sk_lib[[_priv_sscan]](size_t nt, T *tot)
{
	__shared__ T sh[sk_LIB[[]]_BLOCK];
	T *const t = tot + (size_t)blockIdx.x * nt;
	T carry = sk_lib[[_priv_id]]<T, MUL>();
	for (size_t r = 0; r < nt; r += sk_LIB[[]]_BLOCK) {
		const size_t j = r + threadIdx.x;
		T all;
		const T ex = sk_lib[[_priv_bscan]]<T, MUL>(j < nt ? t[j] : sk_lib[[_priv_id]]<T, MUL>(), sh, &all);
		if (j < nt)
			t[j] = sk_lib[[_priv_op]]<T, MUL>(carry, ex);
		carry = sk_lib[[_priv_op]]<T, MUL>(carry, all);
	}
}
]])m4_dnl
sk_each_prec([[sk_each_gu([[
template <int _N>
__global__ void __launch_bounds__(sk_LIB[[]]_BLOCK) sk_gu_kern(sk_i)(sk_gu_kparams(sk_i))
{
	sk_gu_assume(sk_i)
	const size_t _stride = (size_t)gridDim.x * blockDim.x;
	for (size_t _i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; _i < batch; _i += _stride) {
		const ptrdiff_t _b = (ptrdiff_t)_i;
		sk_gu_call(sk_i)
	}
}
m4_ifelse(sk_gu_result(sk_i), 1, [[]], [[
/* The same for outputs in dense rows, staged through shared memory. */
template <int _N>
__global__ void __launch_bounds__(sk_LIB[[]]_BLOCK) sk_gu_kern(sk_i)[[_rows]](sk_gu_kparams(sk_i), ptrdiff_t _ts)
{
	sk_gu_assume(sk_i)
	sk_T *const _sm = reinterpret_cast<sk_T *>(sk_lib[[_priv_smem]]);
	const ptrdiff_t _osz = (ptrdiff_t)blockDim.x * _ts, _te = 1;
	const size_t _len = sk_gu_outlen(sk_i);
	for (size_t _i0 = (size_t)blockIdx.x * blockDim.x; _i0 < batch; _i0 += (size_t)gridDim.x * blockDim.x) {
		const size_t _i = _i0 + threadIdx.x, _cnt = batch - _i0 < blockDim.x ? batch - _i0 : blockDim.x;
		if (_i < batch) {
			const ptrdiff_t _b = (ptrdiff_t)_i;
			sk_gu_item(sk_i)(sk_gu_scallargs(sk_i));
		}
		__syncthreads();
sk_gu_stage(sk_i)		__syncthreads();
	}
}

/* The same for outputs in columns (batch increment 1): term k of a block's
 * item t goes to shared memory at k * BLOCK + t, and each term's row of
 * the block's items leaves in 16-byte stores (measured on an H200: four
 * 4-byte stores a thread reach 0.88 of a copy, rows of 16 bytes 0.93). */
template <int _N>
__global__ void __launch_bounds__(sk_LIB[[]]_BLOCK) sk_gu_kern(sk_i)[[_cols]](sk_gu_kparams(sk_i))
{
	sk_gu_assume(sk_i)
	sk_T *const _sm = reinterpret_cast<sk_T *>(sk_lib[[_priv_smem]]);
	const size_t _len = sk_gu_outlen(sk_i);
	const ptrdiff_t _ts = 1, _te = sk_LIB[[]]_BLOCK, _osz = (ptrdiff_t)_len * sk_LIB[[]]_BLOCK;
	for (size_t _i0 = (size_t)blockIdx.x * sk_LIB[[]]_BLOCK; _i0 < batch; _i0 += (size_t)gridDim.x * sk_LIB[[]]_BLOCK) {
		const size_t _i = _i0 + threadIdx.x, _cnt = batch - _i0 < sk_LIB[[]]_BLOCK ? batch - _i0 : sk_LIB[[]]_BLOCK;
		if (_i < batch) {
			const ptrdiff_t _b = (ptrdiff_t)_i;
			sk_gu_item(sk_i)(sk_gu_scallargs(sk_i));
		}
		__syncthreads();
sk_gu_cstage(sk_i)		__syncthreads();
	}
}
]])
m4_ifelse(sk_gu_split(sk_i), 1, [[
/* A shared reduction: _p threads per item.  Up to a block, an item's
 * threads are neighbours in one block; beyond, _p / BLOCK blocks share an
 * item, each writes its part to _scratch and the last to finish (counted
 * in _count) adds the parts in order, so results do not depend on timing.
 * The last block sets the parts and the counter back to zero (see
 * sk_lib[[_priv_pool]]). */
template <int _V>
static __device__ __forceinline__ sk_T sk_gu_kern(sk_i)[[_part]](ptrdiff_t _t, ptrdiff_t _T, ptrdiff_t _h,
                                                                  sk_gu_iparams(sk_i))
{
sk_gu_pbody(sk_i)
}

static __device__ __forceinline__ sk_T sk_gu_kern(sk_i)[[_fin]](sk_T _acc, sk_gu_iparams(sk_i))
{
sk_gu_fbody(sk_i)
}

__global__ void __launch_bounds__(sk_LIB[[]]_BLOCK)
sk_gu_kern(sk_i)[[_red]](sk_gu_kparams(sk_i), unsigned _p, sk_T *_scratch, unsigned *_count)
{
	__shared__ sk_T _red[sk_LIB[[]]_BLOCK];
	__shared__ bool _last;
	const unsigned _tid = threadIdx.x, _gs = _p < sk_LIB[[]]_BLOCK ? _p : sk_LIB[[]]_BLOCK;
	const size_t _bpi = _p / _gs, _item = _bpi > 1 ? blockIdx.x / _bpi : (size_t)blockIdx.x * (sk_LIB[[]]_BLOCK / _gs) + _tid / _gs;
	const size_t _part = _bpi > 1 ? (blockIdx.x % _bpi) * sk_LIB[[]]_BLOCK + _tid : _tid % _gs;
	const ptrdiff_t _b = (ptrdiff_t)_item;
	sk_T _v = sk_gu_redid(sk_i);
	if (_item < batch)
		_v = sk__gu_part([[(ptrdiff_t)_part]], [[(ptrdiff_t)_p]]);
	if (_gs <= 32) { /* a group within a warp: shuffles, no shared memory */
		for (unsigned _s = _gs / 2; _s > 0; _s >>= 1)
			_v = _v sk_gu_redop(sk_i) __shfl_down_sync(0xffffffffu, _v, _s, (int)_gs);
		if (_tid % _gs == 0 && _item < batch)
			out[_b * inc_out] = sk_gu_kern(sk_i)[[_fin]](_v, sk_gu_callargs(sk_i));
		return;
	}
	_v = sk_lib[[_priv_gred]]<sk_T, sk_gu_redmul(sk_i)>(_v, _red, _gs);
	if (_bpi == 1) {
		if (_tid % _gs == 0 && _item < batch)
			out[_b * inc_out] = sk_gu_kern(sk_i)[[_fin]](_v, sk_gu_callargs(sk_i));
		return;
	}
	if (_tid == 0) {
		_scratch[blockIdx.x] = _v;
		__threadfence();
		_last = atomicAdd(&_count[_item], 1u) == _bpi - 1;
	}
	__syncthreads();
	if (!_last)
		return;
	__threadfence();
	sk_T _a = sk_gu_redid(sk_i);
	for (size_t _c = _tid; _c < _bpi; _c += sk_LIB[[]]_BLOCK) {
		volatile sk_T *const _q = (volatile sk_T *)_scratch + _item * _bpi + _c;
		_a = _a sk_gu_redop(sk_i) *_q;
		*_q = 0; /* the pool's free memory stays zero */
	}
	_a = sk_lib[[_priv_gred]]<sk_T, sk_gu_redmul(sk_i)>(_a, _red, sk_LIB[[]]_BLOCK);
	if (_tid == 0) {
		out[_b * inc_out] = sk_gu_kern(sk_i)[[_fin]](_a, sk_gu_callargs(sk_i));
		_count[_item] = 0;
	}
}

/* The same for inputs in columns: neighbouring threads take neighbouring
 * items (so reads stay coalesced) and blockIdx.y numbers the _p parts,
 * each a run of consecutive terms (measured on an H200: norm2 of 4096
 * terms in columns 0.98-0.99 of a copy, against 0.93 with every _p-th
 * term; bench/RESULTS.md);
 * the last block of a column of blocks adds the parts in order. */
__global__ void __launch_bounds__(sk_LIB[[]]_BLOCK)
sk_gu_kern(sk_i)[[_redc]](sk_gu_kparams(sk_i), unsigned _p, sk_T *_scratch, unsigned *_count)
{
	__shared__ bool _last;
	const size_t _item = (size_t)blockIdx.x * sk_LIB[[]]_BLOCK + threadIdx.x;
	const ptrdiff_t _b = (ptrdiff_t)_item, _len = sk_gu_redlen(sk_i);
	const ptrdiff_t _c = _len > 0 ? (_len + (ptrdiff_t)_p - 1) / (ptrdiff_t)_p : 0, _t = (ptrdiff_t)blockIdx.y * _c;
	if (_item < batch)
		_scratch[(size_t)blockIdx.y * batch + _item] =
			sk_gu_kern(sk_i)[[_part]]<1>(_t, 1, _t + _c - 1, sk_gu_callargs(sk_i));
	__threadfence();
	__syncthreads();
	if (threadIdx.x == 0)
		_last = atomicAdd(&_count[blockIdx.x], 1u) == _p - 1;
	__syncthreads();
	if (!_last || _item >= batch)
		return;
	__threadfence();
	sk_T _a = sk_gu_redid(sk_i), _comp = 0; /* up to 4096 parts: compensated */
	for (unsigned _q = 0; _q < _p; _q++) {
		volatile sk_T *const _r = (volatile sk_T *)_scratch + (size_t)_q * batch + _item;
		sk_lib[[_priv_acc]]<sk_T, sk_gu_redmul(sk_i)>(_a, _comp, *_r);
		*_r = 0; /* the pool's free memory stays zero */
	}
	out[_b * inc_out] = sk_gu_kern(sk_i)[[_fin]](_a, sk_gu_callargs(sk_i));
	if (threadIdx.x == 0)
		_count[blockIdx.x] = 0;
}
]])
m4_ifelse(sk_gu_par(sk_i), 0, [[]], [[
/* Threads over the elements (sk_gu_name(sk_i) is a m4_ifelse(sk_gu_par(sk_i), 1, [[map]], [[scan]])):
 * the range function computes and stores terms _k0 .. _k1 - 1 of item _b,
 * from _c (the scan's term _k0 - 1) and _acc (the shared index-free
 * reduction, if any). */
static __device__ __forceinline__ void sk_gu_kern(sk_i)[[_range]](ptrdiff_t _k0, ptrdiff_t _k1, sk_T _c, sk_T _acc,
                                                                    sk_gu_iparams(sk_i))
{
sk_gu_rbody(sk_i)}
m4_ifelse(sk_gu_pre(sk_i), 1, [[
/* The index-free reduction, shared: _bpi blocks per item, each thread
 * summing the terms _t, _t + _p, ... (compensated), each block's total
 * to _parts; sk_lib[[_priv_pre2]] then adds an item's parts in order. */
template <int _V>
static __device__ __forceinline__ sk_T sk_gu_kern(sk_i)[[_part]](ptrdiff_t _t, ptrdiff_t _T, ptrdiff_t _h,
                                                                  sk_gu_iparams(sk_i))
{
sk_gu_pbody(sk_i)
}

__global__ void __launch_bounds__(sk_LIB[[]]_BLOCK) sk_gu_kern(sk_i)[[_pre]](sk_gu_kparams(sk_i), unsigned _bpi, sk_T *_parts)
{
	__shared__ sk_T _sh[sk_LIB[[]]_BLOCK];
	const size_t _item = blockIdx.x / _bpi;
	const ptrdiff_t _b = (ptrdiff_t)_item;
	const ptrdiff_t _t = (ptrdiff_t)(blockIdx.x % _bpi) * sk_LIB[[]]_BLOCK + (ptrdiff_t)threadIdx.x;
	(void)batch;
	sk_T _v = sk__gu_part([[_t]], [[(ptrdiff_t)_bpi * sk_LIB[[]]_BLOCK]]);
	_v = sk_lib[[_priv_gred]]<sk_T, sk_gu_redmul(sk_i)>(_v, _sh, sk_LIB[[]]_BLOCK);
	if (threadIdx.x == 0)
		_parts[blockIdx.x] = _v;
}
]])m4_dnl
m4_ifelse(sk_gu_par(sk_i), 1, [[
/* A map: one thread per sk_LIB[[]]_GU_CHUNK terms of an item. */
__global__ void __launch_bounds__(sk_LIB[[]]_BLOCK) sk_gu_kern(sk_i)[[_emap]](sk_gu_kparams(sk_i), const sk_T *_pre)
{
	const size_t _n = sk_gu_loopdim(sk_i), _nc = (_n + sk_LIB[[]]_GU_CHUNK - 1) / sk_LIB[[]]_GU_CHUNK;
	const size_t _i = (size_t)blockIdx.x * blockDim.x + threadIdx.x, _item = _i / _nc;
	if (_item >= batch)
		return;
	const size_t _k0 = (_i % _nc) * sk_LIB[[]]_GU_CHUNK, _k1 = _n - _k0 < sk_LIB[[]]_GU_CHUNK ? _n : _k0 + sk_LIB[[]]_GU_CHUNK;
	const ptrdiff_t _b = (ptrdiff_t)_item;
	sk_gu_kern(sk_i)[[_range]]((ptrdiff_t)_k0, (ptrdiff_t)_k1, (sk_T)0, _pre ? _pre[_item] : (sk_T)0, sk_gu_callargs(sk_i));
}
]], [[
/* A scan of tiles of sk_LIB[[]]_BLOCK * sk_LIB[[]]_GU_CHUNK terms, block
 * _item * _nt + tile for each: the total of each tile (a thread's chunk in
 * order, the block's chunks as a tree); sk_lib[[_priv_sscan]] turns them
 * into each tile's carry; the apply pass recomputes the chunks' totals,
 * scans them across the block and runs each chunk's recurrence from its
 * carry. */
static __device__ __forceinline__ sk_T sk_gu_kern(sk_i)[[_total]](ptrdiff_t _k0, ptrdiff_t _k1, sk_T _acc,
                                                                    sk_gu_iparams(sk_i))
{
sk_gu_tbody(sk_i)
}

__global__ void __launch_bounds__(sk_LIB[[]]_BLOCK) sk_gu_kern(sk_i)[[_stot]](sk_gu_kparams(sk_i), size_t _nt, const sk_T *_pre,
                                                                          sk_T *_tot)
{
	__shared__ sk_T _sh[sk_LIB[[]]_BLOCK];
	size_t _item, _k0, _k1;
	sk_lib[[_priv_chunk]](sk_gu_loopdim(sk_i), _nt, &_item, &_k0, &_k1);
	const ptrdiff_t _b = (ptrdiff_t)_item;
	(void)batch;
	sk_T _v = sk_lib[[_priv_id]]<sk_T, sk_gu_smul(sk_i)>();
	if (_k0 < _k1)
		_v = sk_gu_kern(sk_i)[[_total]]((ptrdiff_t)_k0, (ptrdiff_t)_k1, _pre ? _pre[_item] : (sk_T)0, sk_gu_callargs(sk_i));
	_v = sk_lib[[_priv_gred]]<sk_T, sk_gu_smul(sk_i)>(_v, _sh, sk_LIB[[]]_BLOCK);
	if (threadIdx.x == 0)
		_tot[blockIdx.x] = _v;
}

__global__ void __launch_bounds__(sk_LIB[[]]_BLOCK) sk_gu_kern(sk_i)[[_sapply]](sk_gu_kparams(sk_i), size_t _nt, const sk_T *_pre,
                                                                            const sk_T *_tot)
{
	__shared__ sk_T _sh[sk_LIB[[]]_BLOCK];
	size_t _item, _k0, _k1;
	sk_lib[[_priv_chunk]](sk_gu_loopdim(sk_i), _nt, &_item, &_k0, &_k1);
	const ptrdiff_t _b = (ptrdiff_t)_item;
	const sk_T _acc = _pre ? _pre[_item] : (sk_T)0;
	(void)batch;
	sk_T _all, _v = sk_lib[[_priv_id]]<sk_T, sk_gu_smul(sk_i)>();
	if (_k0 < _k1)
		_v = sk_gu_kern(sk_i)[[_total]]((ptrdiff_t)_k0, (ptrdiff_t)_k1, _acc, sk_gu_callargs(sk_i));
	const sk_T _ex = sk_lib[[_priv_bscan]]<sk_T, sk_gu_smul(sk_i)>(_v, _sh, &_all);
	(void)_all;
	if (_k0 < _k1)
		sk_gu_kern(sk_i)[[_range]]((ptrdiff_t)_k0, (ptrdiff_t)_k1,
		                           sk_lib[[_priv_op]]<sk_T, sk_gu_smul(sk_i)>(_tot[blockIdx.x], _ex), _acc,
		                           sk_gu_callargs(sk_i));
}
]])m4_dnl
]])m4_dnl
static std::atomic<int> sk_gu_kern(sk_i)[[_grid]][3][sk_LIB[[]]_MAX_DEVICES];

extern "C" sk_gu_decl(sk_i)
{
	const sk_lib[[_priv_arr]] _a[[[]]] = {sk_gu_arrays(sk_i)};
	int _grid, _rc = sk_lib[[_priv_check_gu]](batch, sk_gu_narrays(sk_i), _a, sizeof(sk_T));
	if (_rc != 0 || batch == 0m4_ifelse(sk_gu_result(sk_i), 1, [[]], [[ || sk_gu_outlen(sk_i) == 0]]))
		return _rc;
	const void *_kernel = (const void *)sk_gu_kern(sk_i)<0>;
	void *_args[[[]]] = {sk_gu_launch(sk_i)};
m4_ifelse(sk_gu_par(sk_i), 0, [[]], [[	/* A few long rows: threads over the elements (see the kernels).
	 * Scratch from the library's pool: the parts and values of the
	 * index-free reduction, and the scan's tile totals. */
	if (sk_gu_loopdim(sk_i) > 0 &&
	    ((batch <= sk_LIB[[]]_GU_PAR_BATCH && sk_gu_loopdim(sk_i) >= sk_LIB[[]]_GU_PAR_MIN) ||
	     (sk_gu_loopdim(sk_i) >= sk_LIB[[]]_GU_PAR_ROWS_MIN &&
	      (((sk_gu_rows(sk_i)) && batch / sk_LIB[[]]_GU_PAR_ROWS <= sk_gu_loopdim(sk_i))m4_ifelse(sk_gu_par(sk_i), 1, [[ ||
	       batch <= sk_LIB[[]]_GU_PAR_MAP_BATCH]]))))) {
		const size_t _n = sk_gu_loopdim(sk_i), _nc = (_n + sk_LIB[[]]_GU_CHUNK - 1) / sk_LIB[[]]_GU_CHUNK;
		const size_t _nt = (_nc + sk_LIB[[]]_BLOCK - 1) / sk_LIB[[]]_BLOCK;
		unsigned _bpi = 1;
m4_ifelse(sk_gu_pre(sk_i), 1, [[		/* Blocks per item for the reduction: each thread keeps at least 32
		 * terms, and the grid stays within 2^18 threads, as for a split one. */
		const ptrdiff_t _rl = sk_gu_redlen(sk_i);
		while (_bpi < 4096 && (ptrdiff_t)_bpi * 2 * sk_LIB[[]]_BLOCK * 32 <= _rl &&
		       batch * _bpi * 2 * sk_LIB[[]]_BLOCK <= ((size_t)1 << 18))
			_bpi *= 2;
		const size_t _npre = batch * _bpi + batch;
]], [[		const size_t _npre = 0;
]])m4_dnl
		const size_t _ntot = m4_ifelse(sk_gu_par(sk_i), 2, [[batch * _nt]], [[0]]);
		if (batch * _nc <= (size_t)0x7fffffff * sk_LIB[[]]_BLOCK && batch * _nt <= 0x7fffffff) {
			sk_T *_scratch = NULL, *_pre = NULL;
			cudaError_t _e = cudaSuccess;
			if (_npre + _ntot)
				_e = sk_lib[[_priv_alloc]]((void **)&_scratch, (_npre + _ntot) * sizeof(sk_T), (cudaStream_t)stream, NULL);
			if (_npre && _scratch)
				_pre = _scratch + batch * _bpi;
m4_ifelse(sk_gu_pre(sk_i), 1, [[			void *_pargs[[[]]] = {sk_gu_launch(sk_i), (void *)&_bpi, (void *)&_scratch};
			if (_e == cudaSuccess)
				_e = cudaLaunchKernel((const void *)sk_gu_kern(sk_i)[[_pre]], dim3((unsigned)(batch * _bpi)),
				                      dim3(sk_LIB[[]]_BLOCK), _pargs, 0, (cudaStream_t)stream);
			void *_p2args[[[]]] = {(void *)&_bpi, (void *)&_scratch, (void *)&_pre};
			if (_e == cudaSuccess)
				_e = cudaLaunchKernel((const void *)sk_lib[[_priv_pre2]]<sk_T, sk_gu_redmul(sk_i)>, dim3((unsigned)batch),
				                      dim3(sk_LIB[[]]_BLOCK), _p2args, 0, (cudaStream_t)stream);
]])m4_dnl
m4_ifelse(sk_gu_par(sk_i), 1, [[			void *_eargs[[[]]] = {sk_gu_launch(sk_i), (void *)&_pre};
			if (_e == cudaSuccess)
				_e = cudaLaunchKernel((const void *)sk_gu_kern(sk_i)[[_emap]],
				                      dim3((unsigned)((batch * _nc + sk_LIB[[]]_BLOCK - 1) / sk_LIB[[]]_BLOCK)),
				                      dim3(sk_LIB[[]]_BLOCK), _eargs, 0, (cudaStream_t)stream);
]], [[			sk_T *_tot = _scratch ? _scratch + _npre : NULL;
			void *_sargs[[[]]] = {sk_gu_launch(sk_i), (void *)&_nt, (void *)&_pre, (void *)&_tot};
			if (_e == cudaSuccess)
				_e = cudaLaunchKernel((const void *)sk_gu_kern(sk_i)[[_stot]], dim3((unsigned)(batch * _nt)),
				                      dim3(sk_LIB[[]]_BLOCK), _sargs, 0, (cudaStream_t)stream);
			void *_s2args[[[]]] = {(void *)&_nt, (void *)&_tot};
			if (_e == cudaSuccess)
				_e = cudaLaunchKernel((const void *)sk_lib[[_priv_sscan]]<sk_T, sk_gu_smul(sk_i)>, dim3((unsigned)batch),
				                      dim3(sk_LIB[[]]_BLOCK), _s2args, 0, (cudaStream_t)stream);
			if (_e == cudaSuccess)
				_e = cudaLaunchKernel((const void *)sk_gu_kern(sk_i)[[_sapply]], dim3((unsigned)(batch * _nt)),
				                      dim3(sk_LIB[[]]_BLOCK), _sargs, 0, (cudaStream_t)stream);
]])m4_dnl
			if (_scratch) {
				cudaError_t _f = cudaFreeAsync(_scratch, (cudaStream_t)stream);
				if (_e == cudaSuccess)
					_e = _f;
			}
			return sk_lib[[_priv_status]](_e);
		}
	}
]])m4_dnl
m4_ifelse(sk_gu_split(sk_i), 1, [[	/* Threads per item: in dense rows up to a warp of neighbours, so that
	 * reads take whole sectors, keeping 16 terms a thread; then more while
	 * the grid stays within 2^18 threads (about what an H200 holds at
	 * once) and each thread keeps 32 terms.  (Measured on an H200: fewer
	 * terms a thread cost more in combining than they gain; see
	 * bench/RESULTS.md.) */
	const ptrdiff_t _len = sk_gu_redlen(sk_i);
	unsigned _p = 1;
	while (sk_gu_rowsin(sk_i) && _p < 32 && (ptrdiff_t)_p * 16 <= _len)
		_p *= 2;
	while (_p < (1u << 18) && (ptrdiff_t)_p * 64 <= _len && batch * _p * 2 <= (size_t)sk_LIB[[]]_GU_RED_THREADS)
		_p *= 2;
	const bool _cols = !(sk_gu_rowsin(sk_i)) && batch >= 32;
	if (_p > 1 && _cols) {
		const size_t _bx = (batch + sk_LIB[[]]_BLOCK - 1) / sk_LIB[[]]_BLOCK;
		sk_T *_scratch = NULL;
		bool _slot = false;
		cudaError_t _e = _p <= 65535 ? sk_lib[[_priv_zalloc]]((void **)&_scratch, _p * batch * sizeof(sk_T) + _bx * sizeof(unsigned),
		                                                    _p * batch * sizeof(sk_T), _bx * sizeof(unsigned),
		                                                    (cudaStream_t)stream, &_slot) : cudaErrorInvalidValue;
		unsigned *_count = (unsigned *)(void *)(_scratch + _p * batch);
		void *_sargs[[[]]] = {sk_gu_launch(sk_i), (void *)&_p, (void *)&_scratch, (void *)&_count};
		if (_e == cudaSuccess)
			_e = cudaLaunchKernel((const void *)sk_gu_kern(sk_i)[[_redc]], dim3((unsigned)_bx, _p),
			                      dim3(sk_LIB[[]]_BLOCK), _sargs, 0, (cudaStream_t)stream);
		return sk_lib[[_priv_status]](sk_lib[[_priv_zfree]](_scratch, _slot, (cudaStream_t)stream, _e));
	}
	if (_p > 1) {
		const size_t _gs = _p < sk_LIB[[]]_BLOCK ? _p : sk_LIB[[]]_BLOCK, _bpi = _p / _gs;
		const size_t _blocks = _bpi > 1 ? batch * _bpi : (batch + sk_LIB[[]]_BLOCK / _gs - 1) / (sk_LIB[[]]_BLOCK / _gs);
		sk_T *_scratch = NULL;
		unsigned *_count = NULL;
		if (_blocks <= 0x7fffffff) {
			cudaError_t _e = cudaSuccess;
			bool _slot = false;
			if (_bpi > 1) {
				_e = sk_lib[[_priv_zalloc]]((void **)&_scratch, _blocks * sizeof(sk_T) + batch * sizeof(unsigned),
				                            _blocks * sizeof(sk_T), batch * sizeof(unsigned), (cudaStream_t)stream, &_slot);
				_count = (unsigned *)(void *)(_scratch + _blocks);
			}
			void *_sargs[[[]]] = {sk_gu_launch(sk_i), (void *)&_p, (void *)&_scratch, (void *)&_count};
			if (_e == cudaSuccess)
				_e = cudaLaunchKernel((const void *)sk_gu_kern(sk_i)[[_red]], dim3((unsigned)_blocks),
				                      dim3(sk_LIB[[]]_BLOCK), _sargs, 0, (cudaStream_t)stream);
			return sk_lib[[_priv_status]](sk_lib[[_priv_zfree]](_scratch, _slot, (cudaStream_t)stream, _e));
		}
	}
]])m4_dnl
m4_ifelse(sk_gu_result(sk_i), 1, [[]], [[	/* Rows: an odd stride in shared memory, so a warp's threads write
	 * different banks. */
	const size_t _len = sk_gu_outlen(sk_i);
	ptrdiff_t _ts = (ptrdiff_t)(_len | 1);
	const size_t _smem = (size_t)sk_gu_nouts(sk_i) * sk_LIB[[]]_BLOCK * (size_t)_ts * sizeof(sk_T);
	void *_rargs[[[]]] = {sk_gu_launch(sk_i), (void *)&_ts};
	/* Rows of up to 16 bytes go straight out: measured faster on an H200. */
	if (_len * sizeof(sk_T) > 16 && _len <= sk_LIB[[]]_GU_STAGE / sizeof(sk_T) && _smem <= sk_LIB[[]]_GU_STAGE &&
	    sk_gu_rows(sk_i)) {
		_kernel = (const void *)sk_gu_kern(sk_i)[[_rows]]<0>;
		sk__gu_pick(sk_gu_kern(sk_i)[[_rows]])
		/* Four waves of blocks: a block waits at its barriers while others
		 * compute (measured on an H200: Hermite 10M x 8 rows 0.81 of a copy
		 * with one wave, 0.89 with four). */
		_rc = sk_lib[[_priv_grid]](_kernel, sk_gu_kern(sk_i)[[_grid]][[[1]]], batch, &_grid, sk_LIB[[]]_GU_STAGE, 4);
		if (_rc != 0)
			return _rc;
		return sk_lib[[_priv_status]](cudaLaunchKernel(_kernel, dim3((unsigned)_grid), dim3(sk_LIB[[]]_BLOCK), _rargs,
		                                               _smem, (cudaStream_t)stream));
	}
	/* Columns: staged when every term's row starts on 16 bytes. */
	const ptrdiff_t _V = (ptrdiff_t)(16 / sizeof(sk_T));
	const size_t _csmem = (size_t)sk_gu_nouts(sk_i) * sk_LIB[[]]_BLOCK * _len * sizeof(sk_T);
	if (_csmem <= sk_LIB[[]]_GU_STAGE && sk_gu_cols(sk_i)) {
		_kernel = (const void *)sk_gu_kern(sk_i)[[_cols]]<0>;
		sk__gu_pick(sk_gu_kern(sk_i)[[_cols]])
		_rc = sk_lib[[_priv_grid]](_kernel, sk_gu_kern(sk_i)[[_grid]][[[2]]], batch, &_grid, sk_LIB[[]]_GU_STAGE, 4);
		if (_rc != 0)
			return _rc;
		return sk_lib[[_priv_status]](cudaLaunchKernel(_kernel, dim3((unsigned)_grid), dim3(sk_LIB[[]]_BLOCK), _args,
		                                               _csmem, (cudaStream_t)stream));
	}
	sk__gu_pick(sk_gu_kern(sk_i))
]])	_rc = sk_lib[[_priv_grid]](_kernel, sk_gu_kern(sk_i)[[_grid]][[[0]]], batch, &_grid);
	if (_rc != 0)
		return _rc;
	return sk_lib[[_priv_status]](cudaLaunchKernel(_kernel, dim3((unsigned)_grid), dim3(sk_LIB[[]]_BLOCK), _args, 0,
	                                               (cudaStream_t)stream));
}
]])]])
extern "C" {
sk_fn_table([[gpu]], [[]], [[, stream]])
}
