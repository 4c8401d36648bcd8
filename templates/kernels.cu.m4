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

/* Blocks that fill the device for `kernel`, cached per device; fewer when
 * `work` items need fewer. */
static int sk_lib[[_priv_grid]](const void *kernel, std::atomic<int> *cache, size_t work, int *grid)
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
			e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, kernel, sk_LIB[[]]_BLOCK, 0);
		if (e != cudaSuccess)
			return sk_lib[[_priv_status]](e);
		full = sms * (per > 0 ? per : 1);
		if (dev >= 0 && dev < sk_LIB[[]]_MAX_DEVICES)
			cache[dev].store(full, std::memory_order_relaxed);
	}
	size_t need = (work + sk_LIB[[]]_BLOCK - 1) / sk_LIB[[]]_BLOCK;
	*grid = need < (size_t)full ? (int)(need ? need : 1) : full;
	return sk_LIB[[]]_OK;
}

template <int V> static bool sk_lib[[_priv_aligned]](const void *p, size_t size)
{
	return (uintptr_t)p % (size * V) == 0;
}
sk_each_prec([[sk_each_fn([[
/* sk_fn_name(sk_i), sk_P: out contiguous, each input contiguous (increment
 * 1) or broadcast (0); nv vectors of V elements, then the n - nv*V left
 * over, one each by the first threads. */
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

/* sk_fn_name(sk_i), sk_P: any increments. */
__global__ void __launch_bounds__(sk_LIB[[]]_BLOCK)
sk_map(sk_i)[[_strided]](size_t n, sk_args(sk_i, [[const sk_T *__restrict__ \&, ptrdiff_t inc_\&, ]], [[]])sk_T *__restrict__ out, ptrdiff_t inc_out)
{
	const size_t _stride = (size_t)gridDim.x * blockDim.x;
	for (size_t _i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; _i < n; _i += _stride) {
		const ptrdiff_t _k = (ptrdiff_t)_i;
		out[_k * inc_out] = sk_f(sk_i)(sk_args(sk_i, [[\&[_k * inc_\&] ]], [[, ]]));
	}
}

/* Grid sizes by device: vector path, unaligned contiguous path, strided. */
static std::atomic<int> sk_map(sk_i)[[_grid]][3][sk_LIB[[]]_MAX_DEVICES];
]])]])
sk_each_prec([[sk_each_fn([[
extern "C" sk_map_decl(sk_i)
{
	enum { _vw = sk_LIB[[]]_VEC_[[]]m4_translit(sk_P, [[f]], [[F]]) };
	const void *_in[[[]]] = {sk_args(sk_i, [[\&, ]], [[]])NULL};
	const ptrdiff_t _inc[[[]]] = {sk_args(sk_i, [[inc_\&, ]], [[]])0};
	int _grid, _rc = sk_lib[[_priv_check]](n, sk_fn_nargs(sk_i), _in, _inc, out, inc_out, sizeof(sk_T));
	if (_rc != 0 || n == 0)
		return _rc;
	/* Launched with cudaLaunchKernel, which returns this launch's error
	 * and leaves errors of the caller's own launches alone.  Locals start
	 * with '_', which no argument does (names.h). */
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
 * neighbouring elements at each step, so every access is coalesced. */
sk_each_prec([[sk_each_gu([[
__global__ void __launch_bounds__(sk_LIB[[]]_BLOCK) sk_gu_kern(sk_i)(sk_gu_kparams(sk_i))
{
	const size_t _stride = (size_t)gridDim.x * blockDim.x;
	for (size_t _i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; _i < batch; _i += _stride) {
		const ptrdiff_t _b = (ptrdiff_t)_i;
		sk_gu_call(sk_i)
	}
}

static std::atomic<int> sk_gu_kern(sk_i)[[_grid]][sk_LIB[[]]_MAX_DEVICES];

extern "C" sk_gu_decl(sk_i)
{
	const sk_lib[[_priv_arr]] _a[[[]]] = {sk_gu_arrays(sk_i)};
	int _grid, _rc = sk_lib[[_priv_check_gu]](batch, sk_gu_narrays(sk_i), _a, sizeof(sk_T));
	if (_rc != 0 || batch == 0)
		return _rc;
	const void *_kernel = (const void *)sk_gu_kern(sk_i);
	void *_args[[[]]] = {sk_gu_launch(sk_i)};
	_rc = sk_lib[[_priv_grid]](_kernel, sk_gu_kern(sk_i)[[_grid]], batch, &_grid);
	if (_rc != 0)
		return _rc;
	return sk_lib[[_priv_status]](cudaLaunchKernel(_kernel, dim3((unsigned)_grid), dim3(sk_LIB[[]]_BLOCK), _args, 0,
	                                               (cudaStream_t)stream));
}
]])]])
extern "C" {
sk_fn_table([[gpu]], [[]], [[, stream]])
}
