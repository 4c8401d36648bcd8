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
m4_ifelse(sk_ngu, 0, [[]], [[/* Bytes of the pool of the gufuncs' shared reductions, per device (see
 * sk_lib[[_priv_pool]] below). */
#ifndef sk_LIB[[]]_GU_SCRATCH
#define sk_LIB[[]]_GU_SCRATCH ((size_t)4 << 20)
#endif
/* A stream's slot of zeroed scratch, and the streams per device that get
 * one (see sk_lib[[_priv_slot]] below). */
#ifndef sk_LIB[[]]_GU_SLOT
#define sk_LIB[[]]_GU_SLOT ((size_t)64 << 10)
#endif
#ifndef sk_LIB[[]]_GU_SLOTS
#define sk_LIB[[]]_GU_SLOTS 32
#endif
/* Shared memory for staging a block's results in rows or columns. */
#ifndef sk_LIB[[]]_GU_STAGE
#define sk_LIB[[]]_GU_STAGE 32768
#endif
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
]])m4_dnl
/* The runtime: templates/runtime.cuh, the same in every library, with its
 * names prefixed by the library's (SK_RT(grid) is sk_lib[[_priv_grid]],
 * SK_LIB(BLOCK) is sk_LIB[[]]_BLOCK). */
#define SK_RT(name) sk_lib[[_priv_]]##name
#define SK_LIB(name) sk_LIB[[_]]##name
m4_undivert([[runtime.cuh]])m4_dnl
m4_ifelse(sk_ngu, 0, [[]], [[
m4_undivert([[runtime_scratch.cuh]])m4_undivert([[runtime_gu.cuh]])]])m4_dnl
#undef SK_RT
#undef SK_LIB

/* Per map function and precision: F_contig<V>, for out contiguous and
 * each input contiguous (increment 1) or broadcast (0): nv vectors of V
 * elements, then the n - nv*V left over, one each by the first threads;
 * F_strided, for any increments; F_grid, the grid sizes by device of the
 * vector path, the unaligned contiguous path and the strided one; F_desc,
 * what sk_lib[[_priv_map_launch]] reads.  (One comment for all: repeated
 * per function it was a tenth of the file.) */
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
static const sk_lib[[_priv_map_desc]] sk_map(sk_i)[[_desc]] = {
	(const void *)sk_map(sk_i)[[_contig]]<sk_LIB[[]]_VEC_[[]]m4_translit(sk_P, [[f]], [[F]])>, (const void *)sk_map(sk_i)[[_contig]]<1>,
	(const void *)sk_map(sk_i)[[_strided]], sk_LIB[[]]_VEC_[[]]m4_translit(sk_P, [[f]], [[F]]), sizeof(sk_T), sk_map(sk_i)[[_grid]]};
]])]])
/* The map functions check their arguments and hand them to
 * sk_lib[[_priv_map_launch]], which picks the kernel and sets _nv.
 * Locals start with '_', which no argument does (names.h). */
sk_each_prec([[sk_each_fn([[
extern "C" sk_map_decl(sk_i)
{
	const void *_in[[[]]] = {sk_args(sk_i, [[\&, ]], [[]])NULL};
	const ptrdiff_t _inc[[[]]] = {sk_args(sk_i, [[inc_\&, ]], [[]])0};
	const int _rc = sk_lib[[_priv_check]](n, sk_fn_nargs(sk_i), _in, _inc, out, inc_out, sizeof(sk_T));
	if (_rc != 0 || n == 0)
		return _rc;
	size_t _nv;
	void *_args[[[]]] = {(void *)&_nv, (void *)&n, sk_args(sk_i, [[(void *)&\&, (void *)&inc_\&, ]], [[]])(void *)&out, (void *)&inc_out};
	return sk_lib[[_priv_map_launch]](&sk_map(sk_i)[[_desc]], n, sk_fn_nargs(sk_i), _in, _inc, out, inc_out, &_nv, _args,
		(cudaStream_t)stream);
}
]])]])
m4_dnl Rows of a run-time size: tested on the pointer (see symkern.m4).
m4_define([[sk__gu_ptrtest]], 1)m4_dnl
m4_dnl sk__gu_isinplace: in gufunc sk_i's entry, whether this call has a
m4_dnl result on an input (false where none may be).
m4_define([[sk__gu_isinplace]], [[m4_ifelse(sk_gu_inplace(sk_i), [[none]], [[false]], [[sk_lib[[_priv_gu_inplace]](sk_gu_narrays(sk_i), _a) != 0]])]])m4_dnl
m4_ifelse(sk_ngu, 0, [[]], [[
/* Kernels for a run-time size are also instantiated for sizes 2 to 8:
 * told n == _N, the compiler unrolls the item's loop into registers as for
 * a size fixed in the .sym file (measured: 2.5x faster in rows of 4).
 * Where a result may overwrite an input in place, G, G_rows and G_cols
 * restrict only the pointers that cannot alias, and their twins G_r,
 * G_rows_r and G_cols_r every pointer, for the calls that are not in place
 * (the dispatcher picks them): then an item's loads may be issued ahead of
 * its stores (a cumsum over columns, one thread an item, measured 3x
 * slower without, on an H100). */
]])m4_dnl
sk_each_prec([[sk_each_gu([[
sk_gu_twins([[
template <int _N>
__global__ void __launch_bounds__(sk_LIB[[]]_BLOCK) sk_gu_kern(sk_i)[[]]sk_R[[]](sk_gu_kp(sk_i))
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
__global__ void __launch_bounds__(sk_LIB[[]]_BLOCK) sk_gu_kern(sk_i)[[_rows]]sk_R[[]](sk_gu_kp(sk_i), ptrdiff_t _ts)
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
__global__ void __launch_bounds__(sk_LIB[[]]_BLOCK) sk_gu_kern(sk_i)[[_cols]]sk_R[[]](sk_gu_kp(sk_i))
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
]])
m4_ifelse(sk_gu_split(sk_i), 1, [[
/* A shared reduction: _p threads per item.  Up to a block, an item's
 * threads are neighbours in one block; beyond, _p / BLOCK blocks share an
 * item, each writes its part to _scratch and the last to finish (counted
 * in _count) adds the parts in order, so results do not depend on timing.
 * The last block sets the parts and the counter back to zero (see
 * sk_lib[[_priv_pool]]). */
template <int _V>
static __device__ __forceinline__ sk_gu_acc(sk_i) sk_gu_kern(sk_i)[[_part]](ptrdiff_t _t, ptrdiff_t _T, ptrdiff_t _h,
                                                                  sk_gu_iparams(sk_i))
{
sk_gu_pbody(sk_i)
}

static __device__ __forceinline__ sk_T sk_gu_kern(sk_i)[[_fin]](sk_gu_acc(sk_i) _acc, sk_gu_iparams(sk_i))
{
sk_gu_fbody(sk_i)
}

__global__ void __launch_bounds__(sk_LIB[[]]_BLOCK)
sk_gu_kern(sk_i)[[_red]](sk_gu_kparams(sk_i), unsigned _p, sk_gu_acc(sk_i) *_scratch, unsigned *_count)
{
	__shared__ sk_gu_acc(sk_i) _red[sk_LIB[[]]_BLOCK];
	__shared__ bool _last;
	const unsigned _tid = threadIdx.x, _gs = _p < sk_LIB[[]]_BLOCK ? _p : sk_LIB[[]]_BLOCK;
	const size_t _bpi = _p / _gs, _item = _bpi > 1 ? blockIdx.x / _bpi : (size_t)blockIdx.x * (sk_LIB[[]]_BLOCK / _gs) + _tid / _gs;
	const size_t _part = _bpi > 1 ? (blockIdx.x % _bpi) * sk_LIB[[]]_BLOCK + _tid : _tid % _gs;
	const ptrdiff_t _b = (ptrdiff_t)_item;
	sk_gu_acc(sk_i) _v = sk_lib[[_priv_id]]<sk_gu_acc(sk_i), sk_gu_redmul(sk_i)>();
	if (_item < batch)
		_v = sk__gu_part([[(ptrdiff_t)_part]], [[(ptrdiff_t)_p]]);
	if (_gs <= 32) { /* a group within a warp: shuffles, no shared memory */
		for (unsigned _s = _gs / 2; _s > 0; _s >>= 1)
			_v = sk_lib[[_priv_op]]<sk_gu_acc(sk_i), sk_gu_redmul(sk_i)>(_v, sk_lib[[_priv_shfl]](_v, _s, (int)_gs));
		if (_tid % _gs == 0 && _item < batch)
			out[_b * inc_out] = sk_gu_kern(sk_i)[[_fin]](_v, sk_gu_callargs(sk_i));
		return;
	}
	_v = sk_lib[[_priv_gred]]<sk_gu_acc(sk_i), sk_gu_redmul(sk_i)>(_v, _red, _gs);
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
	sk_gu_acc(sk_i) _a = sk_lib[[_priv_id]]<sk_gu_acc(sk_i), sk_gu_redmul(sk_i)>();
	for (size_t _c = _tid; _c < _bpi; _c += sk_LIB[[]]_BLOCK)
		_a = sk_lib[[_priv_op]]<sk_gu_acc(sk_i), sk_gu_redmul(sk_i)>(_a, sk_lib[[_priv_take]](_scratch + _item * _bpi + _c));
	_a = sk_lib[[_priv_gred]]<sk_gu_acc(sk_i), sk_gu_redmul(sk_i)>(_a, _red, sk_LIB[[]]_BLOCK);
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
sk_gu_kern(sk_i)[[_redc]](sk_gu_kparams(sk_i), unsigned _p, sk_gu_acc(sk_i) *_scratch, unsigned *_count)
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
	/* up to 4096 parts: compensated */
	sk_gu_acc(sk_i) _a = sk_lib[[_priv_id]]<sk_gu_acc(sk_i), sk_gu_redmul(sk_i)>(), _comp = sk_lib[[_priv_id]]<sk_gu_acc(sk_i), false>();
	for (unsigned _q = 0; _q < _p; _q++)
		sk_lib[[_priv_acc]]<sk_gu_acc(sk_i), sk_gu_redmul(sk_i)>(_a, _comp, sk_lib[[_priv_take]](_scratch + (size_t)_q * batch + _item));
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
static __device__ __forceinline__ void sk_gu_kern(sk_i)[[_range]](ptrdiff_t _k0, ptrdiff_t _k1, sk_T _c, sk_gu_acc(sk_i) _acc,
                                                                    sk_gu_iparams(sk_i))
{
sk_gu_rbody(sk_i)}
m4_ifelse(sk_gu_pre(sk_i), 1, [[
/* The index-free reduction, shared: _bpi blocks per item, each thread
 * summing the terms _t, _t + _p, ... (compensated), each block's total
 * to _parts; sk_lib[[_priv_pre2]] then adds an item's parts in order. */
template <int _V>
static __device__ __forceinline__ sk_gu_acc(sk_i) sk_gu_kern(sk_i)[[_part]](ptrdiff_t _t, ptrdiff_t _T, ptrdiff_t _h,
                                                                  sk_gu_iparams(sk_i))
{
sk_gu_pbody(sk_i)
}

__global__ void __launch_bounds__(sk_LIB[[]]_BLOCK) sk_gu_kern(sk_i)[[_pre]](sk_gu_kparamsro(sk_i), unsigned _bpi, sk_gu_acc(sk_i) *_parts)
{
	__shared__ sk_gu_acc(sk_i) _sh[sk_LIB[[]]_BLOCK];
	const size_t _item = blockIdx.x / _bpi;
	const ptrdiff_t _b = (ptrdiff_t)_item;
	const ptrdiff_t _t = (ptrdiff_t)(blockIdx.x % _bpi) * sk_LIB[[]]_BLOCK + (ptrdiff_t)threadIdx.x;
	(void)batch;
	sk_gu_acc(sk_i) _v = sk__gu_part([[_t]], [[(ptrdiff_t)_bpi * sk_LIB[[]]_BLOCK]]);
	_v = sk_lib[[_priv_gred]]<sk_gu_acc(sk_i), sk_gu_redmul(sk_i)>(_v, _sh, sk_LIB[[]]_BLOCK);
	if (threadIdx.x == 0)
		_parts[blockIdx.x] = _v;
}
]])m4_dnl
m4_ifelse(sk_gu_par(sk_i), 1, [[
/* A map: one thread per sk_LIB[[]]_GU_CHUNK terms of an item (and its
 * restrict twin _emap_r where a result may overwrite an input: without
 * it, normalizing one row of 65536 ran at 0.88 of dcfcb89's speed, on an
 * H200). */
sk_gu_twins([[
__global__ void __launch_bounds__(sk_LIB[[]]_BLOCK) sk_gu_kern(sk_i)[[_emap]]sk_R[[]](sk_gu_kp(sk_i), const sk_gu_acc(sk_i) *_pre)
{
	const size_t _n = sk_gu_loopdim(sk_i), _nc = (_n + sk_LIB[[]]_GU_CHUNK - 1) / sk_LIB[[]]_GU_CHUNK;
	const size_t _i = (size_t)blockIdx.x * blockDim.x + threadIdx.x, _item = _i / _nc;
	if (_item >= batch)
		return;
	const size_t _k0 = (_i % _nc) * sk_LIB[[]]_GU_CHUNK, _k1 = _n - _k0 < sk_LIB[[]]_GU_CHUNK ? _n : _k0 + sk_LIB[[]]_GU_CHUNK;
	const ptrdiff_t _b = (ptrdiff_t)_item;
	sk_gu_kern(sk_i)[[_range]]((ptrdiff_t)_k0, (ptrdiff_t)_k1, (sk_T)0, _pre ? _pre[_item] : sk_gu_acc(sk_i)[[]](), sk_gu_callargs(sk_i));
}
]])]], [[
/* A scan of tiles of sk_LIB[[]]_BLOCK * sk_LIB[[]]_GU_CHUNK terms, block
 * _item * _nt + tile for each: the total of each tile (a thread's chunk in
 * order, the block's chunks as a tree); sk_lib[[_priv_sscan]] turns them
 * into each tile's carry; the apply pass recomputes the chunks' totals,
 * scans them across the block and runs each chunk's recurrence from its
 * carry. */
static __device__ __forceinline__ sk_T sk_gu_kern(sk_i)[[_total]](ptrdiff_t _k0, ptrdiff_t _k1, sk_gu_acc(sk_i) _acc,
                                                                    sk_gu_iparams(sk_i))
{
sk_gu_tbody(sk_i)
}

__global__ void __launch_bounds__(sk_LIB[[]]_BLOCK) sk_gu_kern(sk_i)[[_stot]](sk_gu_kparamsro(sk_i), size_t _nt, const sk_gu_acc(sk_i) *_pre,
                                                                          sk_T *_tot)
{
	__shared__ sk_T _sh[sk_LIB[[]]_BLOCK];
	size_t _item, _k0, _k1;
	sk_lib[[_priv_chunk]](sk_gu_loopdim(sk_i), _nt, &_item, &_k0, &_k1);
	const ptrdiff_t _b = (ptrdiff_t)_item;
	(void)batch;
	sk_T _v = sk_lib[[_priv_id]]<sk_T, sk_gu_smul(sk_i)>();
	if (_k0 < _k1)
		_v = sk_gu_kern(sk_i)[[_total]]((ptrdiff_t)_k0, (ptrdiff_t)_k1, _pre ? _pre[_item] : sk_gu_acc(sk_i)[[]](), sk_gu_callargs(sk_i));
	_v = sk_lib[[_priv_gred]]<sk_T, sk_gu_smul(sk_i)>(_v, _sh, sk_LIB[[]]_BLOCK);
	if (threadIdx.x == 0)
		_tot[blockIdx.x] = _v;
}

/* The apply pass's kernel is _sapply, and where a result may overwrite an
 * input in place also _sapplyr, its twin with every pointer __restrict__
 * for the calls that are not in place (the dispatcher picks it): reads
 * through restrict pointers may take the read-only path and be issued
 * ahead of the stores (scans over columns measured 2.5-3x slower without,
 * on an H200). */
static __device__ __forceinline__ void sk_gu_kern(sk_i)[[_sbody]](sk_gu_kparams(sk_i), size_t _nt, const sk_gu_acc(sk_i) *_pre,
                                                                   const sk_T *_tot)
{
	__shared__ sk_T _sh[sk_LIB[[]]_BLOCK];
	size_t _item, _k0, _k1;
	sk_lib[[_priv_chunk]](sk_gu_loopdim(sk_i), _nt, &_item, &_k0, &_k1);
	const ptrdiff_t _b = (ptrdiff_t)_item;
	const sk_gu_acc(sk_i) _acc = _pre ? _pre[_item] : sk_gu_acc(sk_i)[[]]();
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

__global__ void __launch_bounds__(sk_LIB[[]]_BLOCK) sk_gu_kern(sk_i)[[_sapply]](sk_gu_kparams(sk_i), size_t _nt, const sk_gu_acc(sk_i) *_pre,
                                                                            const sk_T *_tot)
{
	sk_gu_kern(sk_i)[[_sbody]](sk_gu_kfwd(sk_i), _nt, _pre, _tot);
}
m4_ifelse(sk_gu_inplace(sk_i), [[none]], [[]], [[
__global__ void __launch_bounds__(sk_LIB[[]]_BLOCK) sk_gu_kern(sk_i)[[_sapplyr]](sk_gu_kparamsro(sk_i), size_t _nt, const sk_gu_acc(sk_i) *_pre,
                                                                             const sk_T *_tot)
{
	sk_gu_kern(sk_i)[[_sbody]](sk_gu_kfwd(sk_i), _nt, _pre, _tot);
}
]])m4_dnl
]])m4_dnl
]])m4_dnl
static std::atomic<int> sk_gu_kern(sk_i)[[_grid]][6][sk_LIB[[]]_MAX_DEVICES];
static const sk_lib[[_priv_gu_desc]] sk_gu_kern(sk_i)[[_desc]] = {
	sizeof(sk_T), sizeof(sk_gu_acc(sk_i)), sk_gu_result(sk_i), sk_gu_split(sk_i), sk_gu_par(sk_i), m4_ifelse(sk_gu_par(sk_i), 0, [[0]], [[sk_gu_pre(sk_i)]]), m4_ifelse(sk_gu_result(sk_i), 1, [[0]], [[sk_gu_nouts(sk_i)]]), m4_ifelse(sk_gu_loopdim(sk_i), [[]], [[0]], [[1]]),
	{sk__gu_insts(sk_gu_kern(sk_i))},
m4_ifelse(sk_gu_result(sk_i), 1, [[	{NULL},
	{NULL},
]], [[	{sk__gu_insts(sk_gu_kern(sk_i)[[_rows]])},
	{sk__gu_insts(sk_gu_kern(sk_i)[[_cols]])},
]])m4_dnl
m4_ifelse(sk_gu_inplace(sk_i), [[none]], [[	{NULL},
	{NULL},
	{NULL},
]], [[	{sk__gu_insts(sk_gu_kern(sk_i)[[_r]])},
m4_ifelse(sk_gu_result(sk_i), 1, [[	{NULL},
	{NULL},
]], [[	{sk__gu_insts(sk_gu_kern(sk_i)[[_rows_r]])},
	{sk__gu_insts(sk_gu_kern(sk_i)[[_cols_r]])},
]])]])m4_dnl
m4_ifelse(sk_gu_split(sk_i), 1, [[	(const void *)sk_gu_kern(sk_i)[[_red]], (const void *)sk_gu_kern(sk_i)[[_redc]],
]], [[	NULL, NULL,
]])m4_dnl
m4_ifelse(sk_gu_par(sk_i), 0, [[	NULL, NULL,
	NULL, NULL,
	NULL, NULL, NULL, NULL,
]], [[m4_ifelse(sk_gu_pre(sk_i), 1, [[	(const void *)sk_gu_kern(sk_i)[[_pre]], (const void *)sk_lib[[_priv_pre2]]<sk_gu_acc(sk_i), sk_gu_redmul(sk_i)>,
]], [[	NULL, NULL,
]])m4_dnl
m4_ifelse(sk_gu_par(sk_i), 1, [[	(const void *)sk_gu_kern(sk_i)[[_emap]], m4_ifelse(sk_gu_inplace(sk_i), [[none]], [[NULL]], [[(const void *)sk_gu_kern(sk_i)[[_emap_r]]]]),
	NULL, NULL, NULL, NULL,
]], [[	NULL, NULL,
	(const void *)sk_gu_kern(sk_i)[[_stot]], (const void *)sk_lib[[_priv_sscan]]<sk_T, sk_gu_smul(sk_i)>, (const void *)sk_gu_kern(sk_i)[[_sapply]],
	m4_ifelse(sk_gu_inplace(sk_i), [[none]], [[NULL]], [[(const void *)sk_gu_kern(sk_i)[[_sapplyr]]]]),
]])]])m4_dnl
	sk_gu_kern(sk_i)[[_grid]]};

/* Checks the arguments, computes the values of this call that the
 * dispatcher sk_lib[[_priv_gu_launch]] decides by, and hands it the kernel
 * arguments with three spare slots for the extra ones some kernels take
 * (held in _x). */
extern "C" sk_gu_decl(sk_i)
{
	const sk_lib[[_priv_arr]] _a[[[]]] = {sk_gu_arrays(sk_i)};
	const int _rc = sk_lib[[_priv_check_gu]](batch, sk_gu_narrays(sk_i), _a, sizeof(sk_T));
	if (_rc != 0 || batch == 0m4_ifelse(sk_gu_outvar(sk_i), 1, [[ || sk_gu_outlen(sk_i) == 0]]))
		return _rc;
m4_ifelse(sk_gu_result(sk_i), 1, [[	const sk_lib[[_priv_gu_call]] _call = {batch, 0, m4_ifelse(sk_gu_split(sk_i), 1, [[sk_gu_redlen(sk_i), sk_gu_rowsin(sk_i)]], [[0, false]]), false, false,
		sk__gu_isinplace};
]], [[	const ptrdiff_t _V = (ptrdiff_t)(16 / sizeof(sk_T)); /* for the columns' condition */
	const sk_lib[[_priv_gu_call]] _call = {batch, sk_gu_outlen(sk_i), m4_ifelse(sk_gu_par(sk_i), 0, [[0]], [[m4_ifelse(sk_gu_pre(sk_i), 1, [[sk_gu_redlen(sk_i)]], [[0]])]]), false,
		sk_gu_rows(sk_i), sk_gu_cols(sk_i), sk__gu_isinplace};
]])m4_dnl
	sk_lib[[_priv_gu_extra]] _x;
	void *_args[[[]]] = {sk_gu_launch(sk_i), NULL, NULL, NULL};
	return sk_lib[[_priv_gu_launch]](&sk_gu_kern(sk_i)[[_desc]], &_call, &_x, _args,
		(int)(sizeof _args / sizeof *_args) - 3, (cudaStream_t)stream);
}
]])]])
extern "C" {
sk_fn_table([[gpu]], [[]], [[, stream]])
}
