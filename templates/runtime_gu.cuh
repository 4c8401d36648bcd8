/* runtime_gu.cuh: the part of every generated NAME.cu with gufuncs that
 * is the same for every library: the stage-out helpers, the scan and
 * reduce helpers and kernels, and the gufuncs' dispatcher.  kernels.cu.m4
 * copies this file into NAME.cu unchanged (m4's undivert) after
 * runtime.cuh and runtime_scratch.cuh, whose names it uses, with SK_RT and
 * SK_LIB still defined (see runtime.cuh), and the settings this file reads
 * (symkern(3), COMPILE-TIME SETTINGS): SK_LIB(BLOCK), SK_LIB(GU_STAGE),
 * SK_LIB(GU_PAR_BATCH), SK_LIB(GU_PAR_MIN), SK_LIB(GU_PAR_ROWS_MIN),
 * SK_LIB(GU_PAR_ROWS), SK_LIB(GU_PAR_MAP_BATCH), SK_LIB(GU_RED_THREADS) and
 * SK_LIB(GU_CHUNK).
 *
 * make check compiles this file alone (tests/shell/runtime.sh). */
#if !defined(SK_RT) || !defined(SK_LIB)
#error "runtime_gu.cuh: define SK_RT and SK_LIB and include runtime.cuh and runtime_scratch.cuh first (see kernels.cu.m4)"
#endif

/* Gufuncs: one thread per batch item, the item's recurrence in registers.
 * In the column layout (inc_batch 1) neighbouring threads touch
 * neighbouring elements at each step, so every access is coalesced.  In
 * the row layout a thread's outputs are one row: written straight to
 * memory, a warp's stores would touch 32 rows at once, so the items of a
 * block write their rows to shared memory (a row stride that is odd, so
 * threads hit different banks) and the block then copies the rows out as
 * one contiguous range.  That applies while the rows of all outputs fit in
 * SK_LIB(GU_STAGE) bytes of shared memory. */
extern __shared__ __align__(16) unsigned char SK_RT(smem)[];

/* Copies a block's m staged elements (rows of len, ts apart in shared
 * memory) to o, contiguous: 16 bytes a store where o is aligned.  Inlined
 * into kernels that know len, the divisions become multiplications. */
template <typename T>
static __device__ __forceinline__ void SK_RT(stage_out)(T *__restrict__ o, const T *s, size_t m, size_t len,
                                                        ptrdiff_t ts)
{
	enum { V = 16 / sizeof(T) };
	size_t e = 0;
	if ((uintptr_t)o % 16 == 0) {
		for (e = (size_t)threadIdx.x * V; e + V <= m; e += (size_t)blockDim.x * V) {
			SK_RT(vec)<T, V> v;
#pragma unroll
			for (int q = 0; q < V; q++)
				v.v[q] = s[(ptrdiff_t)((e + q) / len) * ts + (ptrdiff_t)((e + q) % len)];
			*reinterpret_cast<SK_RT(vec)<T, V> *>(o + e) = v;
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
static __device__ __forceinline__ void SK_RT(cstage_out)(T *__restrict__ o, ptrdiff_t inc, const T *s, size_t cnt,
                                                         size_t len)
{
	enum { V = 16 / sizeof(T), R = SK_LIB(BLOCK) / V };
	for (size_t e = threadIdx.x; e < len * R; e += SK_LIB(BLOCK)) {
		const size_t k = e / R, j = e % R * V;
		T *const d = o + (ptrdiff_t)k * inc + (ptrdiff_t)j;
		const T *const r = s + k * SK_LIB(BLOCK) + j;
		if (j + V <= cnt) { /* one 16-byte load from shared memory: 4-byte ones conflict */
			*reinterpret_cast<SK_RT(vec)<T, V> *>(d) = *reinterpret_cast<const SK_RT(vec)<T, V> *>(r);
		} else {
			for (size_t q = 0; j + q < cnt; q++)
				d[q] = r[q];
		}
	}
}

/* The accumulators of a shared reduction of K > 1 Sums of one range
 * (symkern(5), Several Sums of one range), which combine componentwise:
 * what a part function returns and the final function takes as _acc.
 * With one Sum or Product the accumulator is T itself.  The overloads
 * below treat both alike. */
template <typename T, int K> struct SK_RT(accs) {
	T v[K];
};

template <typename T, int K>
static __device__ __forceinline__ SK_RT(accs)<T, K> operator+(SK_RT(accs)<T, K> a, const SK_RT(accs)<T, K> &b)
{
	for (int j = 0; j < K; j++)
		a.v[j] += b.v[j];
	return a;
}

template <typename T, int K>
static __device__ __forceinline__ SK_RT(accs)<T, K> operator*(SK_RT(accs)<T, K> a, const SK_RT(accs)<T, K> &b)
{
	for (int j = 0; j < K; j++)
		a.v[j] *= b.v[j];
	return a;
}

/* a set to x in every component. */
template <typename T> static __device__ __forceinline__ void SK_RT(splat)(T &a, int x)
{
	a = (T)x;
}

template <typename T, int K> static __device__ __forceinline__ void SK_RT(splat)(SK_RT(accs)<T, K> &a, int x)
{
	for (int j = 0; j < K; j++)
		a.v[j] = (T)x;
}

/* __shfl_down_sync of every component. */
template <typename T> static __device__ __forceinline__ T SK_RT(shfl)(T v, unsigned s, int w)
{
	return __shfl_down_sync(0xffffffffu, v, s, w);
}

template <typename T, int K>
static __device__ __forceinline__ SK_RT(accs)<T, K> SK_RT(shfl)(SK_RT(accs)<T, K> v, unsigned s, int w)
{
	for (int j = 0; j < K; j++)
		v.v[j] = __shfl_down_sync(0xffffffffu, v.v[j], s, w);
	return v;
}

/* *q read, then set to zero (the pool's free memory stays zero), through
 * volatile: the parts of other blocks, after a fence. */
template <typename T> static __device__ __forceinline__ T SK_RT(take)(T *p)
{
	volatile T *const q = p;
	const T v = *q;
	*q = 0;
	return v;
}

template <typename T, int K> static __device__ __forceinline__ SK_RT(accs)<T, K> SK_RT(take)(SK_RT(accs)<T, K> *p)
{
	SK_RT(accs)<T, K> v;
	for (int j = 0; j < K; j++)
		v.v[j] = SK_RT(take)(&p->v[j]);
	return v;
}

/* The operator of a scan or reduction: * (MUL) or +, and its identity. */
template <typename T, bool MUL> static __device__ __forceinline__ T SK_RT(op)(T a, T b)
{
	return MUL ? a * b : a + b;
}

template <typename T, bool MUL> static __device__ __forceinline__ T SK_RT(id)()
{
	T a;
	SK_RT(splat)(a, MUL ? 1 : 0);
	return a;
}

/* a = a op x; for a sum with Kahan's compensation c, dropped where the sum
 * is not finite (inf - inf would make it NaN). */
template <bool MUL, typename T> static __device__ __forceinline__ void SK_RT(acc1)(T &a, T &c, T x)
{
	if (MUL) {
		a = a * x;
		return;
	}
	const T y = x - c, s = a + y;
	c = isfinite(s) ? (s - a) - y : (T)0;
	a = s;
}

template <bool MUL, typename T, int K>
static __device__ __forceinline__ void SK_RT(acc1)(SK_RT(accs)<T, K> &a, SK_RT(accs)<T, K> &c, SK_RT(accs)<T, K> x)
{
	for (int j = 0; j < K; j++)
		SK_RT(acc1)<MUL>(a.v[j], c.v[j], x.v[j]);
}

template <typename T, bool MUL> static __device__ __forceinline__ void SK_RT(acc)(T &a, T &c, T x)
{
	SK_RT(acc1)<MUL>(a, c, x);
}

/* The total of v over each group of gs threads (gs a power of two from 32
 * to SK_LIB(BLOCK)), to the group's first thread: a pairwise tree of
 * shuffles within each warp, then one over the group's warp totals in its
 * first warp, so the order is fixed (results do not depend on timing) and
 * the depth is log2 gs.  Every thread of the block calls it; sh holds a
 * value per warp. */
template <typename T, bool MUL> static __device__ T SK_RT(gred)(T v, T *sh, unsigned gs)
{
	for (unsigned s = 16; s > 0; s >>= 1)
		v = SK_RT(op)<T, MUL>(v, SK_RT(shfl)(v, s, 32));
	if (threadIdx.x % 32 == 0)
		sh[threadIdx.x / 32] = v;
	__syncthreads();
	if (threadIdx.x % gs < 32) {
		const unsigned lane = threadIdx.x % 32;
		v = lane < gs / 32 ? sh[threadIdx.x / 32 + lane] : SK_RT(id)<T, MUL>();
		for (unsigned s = gs / 64; s > 0; s >>= 1)
			v = SK_RT(op)<T, MUL>(v, SK_RT(shfl)(v, s, 32));
	}
	__syncthreads();
	return v;
}

/* The exclusive prefix of v over the block's threads in order, and in
 * *total the block's total (Hillis and Steele: log2 BLOCK rounds, each
 * element combined at most once a round, in a fixed order). */
template <typename T, bool MUL> static __device__ T SK_RT(bscan)(T v, T *sh, T *total)
{
	const unsigned t = threadIdx.x;
	sh[t] = v;
	__syncthreads();
	for (unsigned s = 1; s < SK_LIB(BLOCK); s <<= 1) {
		const T a = t >= s ? SK_RT(op)<T, MUL>(sh[t - s], sh[t]) : sh[t];
		__syncthreads();
		sh[t] = a;
		__syncthreads();
	}
	const T r = t ? sh[t - 1] : SK_RT(id)<T, MUL>();
	*total = sh[SK_LIB(BLOCK) - 1];
	__syncthreads();
	return r;
}

/* A scan's block blockIdx.x is tile blockIdx.x % nt of item blockIdx.x / nt;
 * this thread's chunk of it is k0 .. k1 - 1, empty past n. */
__attribute__((unused)) /* used by scans only */
static __device__ __forceinline__ void SK_RT(chunk)(size_t n, size_t nt, size_t *item, size_t *k0, size_t *k1)
{
	const size_t s = (blockIdx.x % nt) * SK_LIB(BLOCK) * SK_LIB(GU_CHUNK) + threadIdx.x * SK_LIB(GU_CHUNK);
	*item = blockIdx.x / nt;
	*k0 = s < n ? s : n;
	*k1 = n - *k0 < SK_LIB(GU_CHUNK) ? n : *k0 + SK_LIB(GU_CHUNK);
}

/* The second pass of a shared index-free reduction: block b adds the bpi
 * parts of item b in a fixed order into pre[b]. */
template <typename T, bool MUL>
__global__ void __launch_bounds__(SK_LIB(BLOCK)) SK_RT(pre2)(unsigned bpi, const T *parts, T *pre)
{
	__shared__ T sh[SK_LIB(BLOCK)];
	T a = SK_RT(id)<T, MUL>();
	for (size_t c = threadIdx.x; c < bpi; c += SK_LIB(BLOCK))
		a = SK_RT(op)<T, MUL>(a, parts[(size_t)blockIdx.x * bpi + c]);
	a = SK_RT(gred)<T, MUL>(a, sh, SK_LIB(BLOCK));
	if (threadIdx.x == 0)
		pre[blockIdx.x] = a;
}

/* The middle pass of a scan: block b replaces the nt tile totals of item b
 * by their exclusive prefix, in rounds of a block. */
template <typename T, bool MUL>
__global__ void __launch_bounds__(SK_LIB(BLOCK)) SK_RT(sscan)(size_t nt, T *tot)
{
	__shared__ T sh[SK_LIB(BLOCK)];
	T *const t = tot + (size_t)blockIdx.x * nt;
	T carry = SK_RT(id)<T, MUL>();
	for (size_t r = 0; r < nt; r += SK_LIB(BLOCK)) {
		const size_t j = r + threadIdx.x;
		T all;
		const T ex = SK_RT(bscan)<T, MUL>(j < nt ? t[j] : SK_RT(id)<T, MUL>(), sh, &all);
		if (j < nt)
			t[j] = SK_RT(op)<T, MUL>(carry, ex);
		carry = SK_RT(op)<T, MUL>(carry, all);
	}
}

/* A gufunc in one precision (kernels.cu.m4 writes one per gufunc and
 * precision, G_desc, G the gufunc's kernel, NAME_priv_g_kern_P): what the
 * generator decided about it (templates/README.md, Gufunc definitions,
 * names each value after its definition: split, par, ...) and the
 * addresses of its kernels.  A kernel it does not have is NULL. */
struct SK_RT(gu_desc) {
	size_t size;  /* sizeof(T) */
	size_t asize; /* split or pre: sizeof its accumulators (T, or K of them: SK_RT(accs)) */
	int result;  /* 1: the = form (a scalar result out), 0: -> (result vectors) */
	int split;   /* 1: threads can share the = form's reduction (split) */
	int par;     /* threads over the elements of one item: 0 no, 1 a map, 2 a scan (par) */
	int pre;     /* par: with an index-free reduction computed first (pre) */
	int nouts;   /* -> form: the number of results (nouts) */
	int sized;   /* -> form: the results' size is given at run time (loopdim not empty) */
	/* G<N>, G_rows<N> (-> form), G_cols<N> (-> form) at index N: the
	 * instances for run-time sizes 0 (any) and, where sized, 2 to 8 */
	const void *item[9], *rows[9], *cols[9];
	/* Where a result may overwrite an input in place: G_r, G_rows_r and
	 * G_cols_r in the same way, the twins with every pointer restrict for
	 * the calls that are not in place (NULL where none may be) */
	const void *itemr[9], *rowsr[9], *colsr[9];
	const void *red, *redc;            /* split: G_red, G_redc */
	const void *prek, *pre2;           /* pre: G_pre, NAME_priv_pre2<T, MUL> (MUL: redmul) */
	const void *emap, *emapr;          /* par 1: G_emap, and where a result may overwrite an input in place
	                                    * G_emap_r, its twin with every pointer restrict (else NULL) */
	const void *stot, *sscan, *sapply; /* par 2: G_stot, NAME_priv_sscan<T, MUL> (MUL: smul), G_sapply */
	const void *sapplyr;               /* par 2 where a result may overwrite an input in place: G_sapplyr
	                                    * (G_sapply with every pointer restrict) for calls not in place */
	std::atomic<int> (*grid)[SK_LIB(MAX_DEVICES)]; /* G_grid: [0] G, [1] G_rows, [2] G_cols, [3] to [5] their
	                                                * twins, by device */
};

/* One call's values, which the entry computes from the gufunc's own
 * expressions (of the sizes and increments it was given; named after
 * their definitions as above). */
struct SK_RT(gu_call) {
	size_t batch;
	size_t len;       /* -> form: the results' length (outlen), > 0 */
	ptrdiff_t redlen; /* split or pre: the number of terms (redlen) */
	bool rowsin;      /* split: every vector input is in rows (rowsin) */
	bool rows;        /* -> form: every result is in dense rows (rows) */
	bool cols;        /* -> form: every result is in columns whose terms' rows start on 16 bytes (cols) */
	bool inplace;     /* a result is on an input (exactly, as the argument check allows) */
};

/* The arguments that G's other kernels take after G's, which
 * SK_RT(gu_launch) sets: the entry holds them, as it holds the argument
 * array whose spare slots point to them. */
struct SK_RT(gu_extra) {
	ptrdiff_t ts;    /* G_rows: the row stride in shared memory */
	unsigned bpi;    /* G_pre, pre2: blocks per item */
	unsigned p;      /* G_red, G_redc: threads per item */
	size_t nt;       /* G_stot, sscan, G_sapply: tiles per item */
	void *scratch;   /* G_pre, pre2, G_red, G_redc (a T *) */
	void *pre;       /* pre2, G_emap, G_stot, G_sapply (a T *) */
	void *tot;       /* G_stot, sscan, G_sapply (a T *) */
	unsigned *count; /* G_red, G_redc */
};

/* The instance of kernel k for run-time size len: k[len] for 2 to 8, else
 * k[0] (told n == _N, the compiler unrolls the item's loop into registers
 * as for a size fixed in the .sym file: measured 2.5x faster in rows of
 * 4). */
static const void *SK_RT(gu_pick)(const void *const *k, int sized, size_t len)
{
	return sized && len >= 2 && len <= 8 ? k[len] : k[0];
}

/* The byte `bytes` of p: the element bytes / sizeof(T) of a T *. */
static void *SK_RT(at)(void *p, size_t bytes)
{
	return static_cast<char *>(p) + bytes;
}

/* Launches gufunc d for call c, once its entry has checked the arguments
 * (c->batch > 0, c->len > 0 for the -> form).  args are the arguments of
 * G (the definition launch: nargs of them) followed by three spare slots,
 * which this function points to the fields of x that the other kernels
 * take after those (G_rows' ts; G_pre's bpi, scratch; G_emap's pre;
 * G_stot's and G_sapply's nt, pre, tot; G_red's and G_redc's p, scratch,
 * count).  A kernel reads only as many arguments as it takes.
 *
 * The decisions, in order: threads over the elements of a few long rows
 * (par), threads sharing a reduction (split), then for the -> form rows
 * or columns staged through shared memory, else one thread per item.
 * This is the code kernels.cu.m4 used to write into every entry, with
 * T's pointers as void * and sizes in bytes (d->size). */
static int SK_RT(gu_launch)(const SK_RT(gu_desc) *d, const SK_RT(gu_call) *c, SK_RT(gu_extra) *x, void **args,
                            int nargs, cudaStream_t stream)
{
	const size_t batch = c->batch;
	const int r = d->itemr[0] && !c->inplace ? 3 : 0; /* the restrict twins: grid cache r */
	const void *const *item = r ? d->itemr : d->item;
	const void *kernel = item[0];
	int grid, rc;
	/* A few long rows: threads over the elements (see the kernels).
	 * Scratch from the library's pool: the parts and values of the
	 * index-free reduction, and the scan's tile totals. */
	if (d->par && c->len > 0 &&
	    ((batch <= SK_LIB(GU_PAR_BATCH) && c->len >= SK_LIB(GU_PAR_MIN)) ||
	     (c->len >= SK_LIB(GU_PAR_ROWS_MIN) &&
	      ((c->rows && batch / SK_LIB(GU_PAR_ROWS) <= c->len) || (d->par == 1 &&
	       batch <= SK_LIB(GU_PAR_MAP_BATCH)))))) {
		const size_t n = c->len, nc = (n + SK_LIB(GU_CHUNK) - 1) / SK_LIB(GU_CHUNK);
		size_t &nt = x->nt;
		nt = (nc + SK_LIB(BLOCK) - 1) / SK_LIB(BLOCK);
		unsigned &bpi = x->bpi;
		bpi = 1;
		size_t npre = 0;
		if (d->pre) {
			/* Blocks per item for the reduction: each thread keeps at least 32
			 * terms, and the grid stays within 2^18 threads, as for a split one. */
			const ptrdiff_t rl = c->redlen;
			while (bpi < 4096 && (ptrdiff_t)bpi * 2 * SK_LIB(BLOCK) * 32 <= rl &&
			       batch * bpi * 2 * SK_LIB(BLOCK) <= ((size_t)1 << 18))
				bpi *= 2;
			npre = batch * bpi + batch;
		}
		const size_t ntot = d->par == 2 ? batch * nt : 0;
		if (batch * nc <= (size_t)0x7fffffff * SK_LIB(BLOCK) && batch * nt <= 0x7fffffff) {
			void *&scratch = x->scratch, *&pre = x->pre;
			cudaError_t e = cudaSuccess;
			scratch = NULL;
			pre = NULL;
			if (npre + ntot)
				e = SK_RT(alloc)(&scratch, npre * d->asize + ntot * d->size, stream, NULL);
			if (npre && scratch)
				pre = SK_RT(at)(scratch, batch * bpi * d->asize);
			if (d->pre) {
				args[nargs] = (void *)&bpi;
				args[nargs + 1] = (void *)&scratch;
				if (e == cudaSuccess)
					e = cudaLaunchKernel(d->prek, dim3((unsigned)(batch * bpi)), dim3(SK_LIB(BLOCK)), args, 0,
					                     stream);
				if (e == cudaSuccess) {
					void *p2args[] = {(void *)&bpi, (void *)&scratch, (void *)&pre};
					e = cudaLaunchKernel(d->pre2, dim3((unsigned)batch), dim3(SK_LIB(BLOCK)), p2args, 0, stream);
				}
			}
			if (d->par == 1) {
				args[nargs] = (void *)&pre;
				if (e == cudaSuccess)
					e = cudaLaunchKernel(d->emapr && !c->inplace ? d->emapr : d->emap, dim3((unsigned)((batch * nc + SK_LIB(BLOCK) - 1) / SK_LIB(BLOCK))),
					                     dim3(SK_LIB(BLOCK)), args, 0, stream);
			} else {
				void *&tot = x->tot;
				tot = scratch ? SK_RT(at)(scratch, npre * d->asize) : NULL;
				args[nargs] = (void *)&nt;
				args[nargs + 1] = (void *)&pre;
				args[nargs + 2] = (void *)&tot;
				if (e == cudaSuccess)
					e = cudaLaunchKernel(d->stot, dim3((unsigned)(batch * nt)), dim3(SK_LIB(BLOCK)), args, 0,
					                     stream);
				if (e == cudaSuccess) {
					void *s2args[] = {(void *)&nt, (void *)&tot};
					e = cudaLaunchKernel(d->sscan, dim3((unsigned)batch), dim3(SK_LIB(BLOCK)), s2args, 0, stream);
				}
				if (e == cudaSuccess)
					e = cudaLaunchKernel(d->sapplyr && !c->inplace ? d->sapplyr : d->sapply, dim3((unsigned)(batch * nt)), dim3(SK_LIB(BLOCK)), args, 0,
					                     stream);
			}
			if (scratch) {
				cudaError_t f = cudaFreeAsync(scratch, stream);
				if (e == cudaSuccess)
					e = f;
			}
			return SK_RT(status)(e);
		}
	}
	if (d->split) {
		/* Threads per item: in dense rows up to a warp of neighbours, so that
		 * reads take whole sectors, keeping 16 terms a thread; then more while
		 * the grid stays within 2^18 threads (about what an H200 holds at
		 * once) and each thread keeps 32 terms.  (Measured on an H200: fewer
		 * terms a thread cost more in combining than they gain; see
		 * bench/RESULTS.md.) */
		const ptrdiff_t len = c->redlen;
		unsigned &p = x->p;
		p = 1;
		while (c->rowsin && p < 32 && (ptrdiff_t)p * 16 <= len)
			p *= 2;
		while (p < (1u << 18) && (ptrdiff_t)p * 64 <= len && batch * p * 2 <= (size_t)SK_LIB(GU_RED_THREADS))
			p *= 2;
		const bool cols = !c->rowsin && batch >= 32;
		void *&scratch = x->scratch;
		unsigned *&count = x->count;
		args[nargs] = (void *)&p;
		args[nargs + 1] = (void *)&scratch;
		args[nargs + 2] = (void *)&count;
		if (p > 1 && cols) {
			const size_t bx = (batch + SK_LIB(BLOCK) - 1) / SK_LIB(BLOCK);
			bool slot = false;
			scratch = NULL;
			cudaError_t e = p <= 65535 ? SK_RT(zalloc)(&scratch, p * batch * d->asize + bx * sizeof(unsigned),
			                                           p * batch * d->asize, bx * sizeof(unsigned), stream, &slot)
			                           : cudaErrorInvalidValue;
			count = static_cast<unsigned *>(SK_RT(at)(scratch, p * batch * d->asize));
			if (e == cudaSuccess)
				e = cudaLaunchKernel(d->redc, dim3((unsigned)bx, p), dim3(SK_LIB(BLOCK)), args, 0, stream);
			return SK_RT(status)(SK_RT(zfree)(scratch, slot, stream, e));
		}
		if (p > 1) {
			const size_t gs = p < SK_LIB(BLOCK) ? p : SK_LIB(BLOCK), bpi = p / gs;
			const size_t blocks = bpi > 1 ? batch * bpi : (batch + SK_LIB(BLOCK) / gs - 1) / (SK_LIB(BLOCK) / gs);
			scratch = NULL;
			count = NULL;
			if (blocks <= 0x7fffffff) {
				cudaError_t e = cudaSuccess;
				bool slot = false;
				if (bpi > 1) {
					e = SK_RT(zalloc)(&scratch, blocks * d->asize + batch * sizeof(unsigned), blocks * d->asize,
					                  batch * sizeof(unsigned), stream, &slot);
					count = static_cast<unsigned *>(SK_RT(at)(scratch, blocks * d->asize));
				}
				if (e == cudaSuccess)
					e = cudaLaunchKernel(d->red, dim3((unsigned)blocks), dim3(SK_LIB(BLOCK)), args, 0, stream);
				return SK_RT(status)(SK_RT(zfree)(scratch, slot, stream, e));
			}
		}
	}
	if (!d->result) {
		/* Rows: an odd stride in shared memory, so a warp's threads write
		 * different banks. */
		const size_t len = c->len;
		ptrdiff_t &ts = x->ts;
		ts = (ptrdiff_t)(len | 1);
		const size_t smem = (size_t)d->nouts * SK_LIB(BLOCK) * (size_t)ts * d->size;
		args[nargs] = (void *)&ts;
		/* Rows of up to 16 bytes go straight out: measured faster on an H200. */
		if (len * d->size > 16 && len <= SK_LIB(GU_STAGE) / d->size && smem <= SK_LIB(GU_STAGE) && c->rows) {
			kernel = SK_RT(gu_pick)(r ? d->rowsr : d->rows, d->sized, len);
			/* Four waves of blocks: a block waits at its barriers while others
			 * compute (measured on an H200: Hermite 10M x 8 rows 0.81 of a copy
			 * with one wave, 0.89 with four). */
			rc = SK_RT(grid)(kernel, d->grid[1 + r], batch, &grid, SK_LIB(GU_STAGE), 4);
			if (rc != 0)
				return rc;
			return SK_RT(status)(cudaLaunchKernel(kernel, dim3((unsigned)grid), dim3(SK_LIB(BLOCK)), args, smem, stream));
		}
		/* Columns: staged when every term's row starts on 16 bytes. */
		const size_t csmem = (size_t)d->nouts * SK_LIB(BLOCK) * len * d->size;
		if (csmem <= SK_LIB(GU_STAGE) && c->cols) {
			kernel = SK_RT(gu_pick)(r ? d->colsr : d->cols, d->sized, len);
			rc = SK_RT(grid)(kernel, d->grid[2 + r], batch, &grid, SK_LIB(GU_STAGE), 4);
			if (rc != 0)
				return rc;
			return SK_RT(status)(cudaLaunchKernel(kernel, dim3((unsigned)grid), dim3(SK_LIB(BLOCK)), args, csmem, stream));
		}
		kernel = SK_RT(gu_pick)(item, d->sized, len);
	}
	rc = SK_RT(grid)(kernel, d->grid[r], batch, &grid);
	if (rc != 0)
		return rc;
	return SK_RT(status)(cudaLaunchKernel(kernel, dim3((unsigned)grid), dim3(SK_LIB(BLOCK)), args, 0, stream));
}
