/* runtime_scratch.cuh: the scratch memory of the gufuncs' shared kernels,
 * the same in every generated NAME.cu with gufuncs: the pools, the
 * per-stream slots and the counters' allocation.  kernels.cu.m4 copies
 * this file into NAME.cu unchanged (m4's undivert) after runtime.cuh,
 * whose names it uses, and before runtime_gu.cuh, which calls it, with
 * SK_RT and SK_LIB still defined (see runtime.cuh), and the settings this
 * file reads (symkern(3), COMPILE-TIME SETTINGS): SK_LIB(GU_SCRATCH),
 * SK_LIB(GU_SLOT) and SK_LIB(GU_SLOTS).
 *
 * make check compiles this file alone (tests/shell/runtime.sh). */
#if !defined(SK_RT) || !defined(SK_LIB)
#error "runtime_scratch.cuh: define SK_RT and SK_LIB and include runtime.cuh first (see kernels.cu.m4)"
#endif

/* Scratch memory of the gufuncs' shared kernels: stream-ordered
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
static std::atomic<cudaMemPool_t> SK_RT(pools)[2][SK_LIB(MAX_DEVICES)];
static std::atomic<bool> SK_RT(pool_zero)[SK_LIB(MAX_DEVICES)];

/* Pool `which` of the device, made (pool 0: and cleared) by the first
 * call there. */
static cudaError_t SK_RT(pool)(int dev, int which, cudaStream_t stream, cudaMemPool_t *pool)
{
	*pool = SK_RT(pools)[which][dev].load();
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
	props.maxSize = which == 0 ? SK_LIB(GU_SCRATCH) : 0;
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
	if (!SK_RT(pools)[which][dev].compare_exchange_strong(none, made)) {
		cudaMemPoolDestroy(made); /* another thread made one first */
		*pool = none;
		return cudaSuccess;
	}
	*pool = made;
	void *all;
	if (!sized)
		return cudaSuccess;
	if (cudaMallocFromPoolAsync(&all, SK_LIB(GU_SCRATCH), made, stream) != cudaSuccess) {
		(void)cudaGetLastError(); /* handled: the pool stays uncleared, calls clear their counters */
		return cudaSuccess;
	}
	e = cudaMemsetAsync(all, 0, SK_LIB(GU_SCRATCH), stream);
	cudaError_t f = cudaFreeAsync(all, stream);
	if (e == cudaSuccess && f == cudaSuccess)
		SK_RT(pool_zero)[dev].store(true); /* later users are ordered after the memset by the pool */
	return e != cudaSuccess ? e : f;
}

/* Scratch of `bytes`: with `zero`, from pool 0, *zero telling whether it
 * is known to be zero (then the kernel must leave it zero); else from
 * pool 1. */
static cudaError_t SK_RT(alloc)(void **p, size_t bytes, cudaStream_t stream, bool *zero)
{
	int dev;
	cudaMemPool_t pool;
	cudaError_t e = cudaGetDevice(&dev);
	if (zero)
		*zero = false;
	if (e != cudaSuccess)
		return e;
	if (dev < 0 || dev >= SK_LIB(MAX_DEVICES))
		return cudaMallocAsync(p, bytes, stream);
	if ((e = SK_RT(pool)(dev, zero ? 0 : 1, stream, &pool)) != cudaSuccess)
		return e;
	if (cudaMallocFromPoolAsync(p, bytes, pool, stream) == cudaSuccess) {
		if (zero)
			*zero = SK_RT(pool_zero)[dev].load();
		return cudaSuccess;
	}
	(void)cudaGetLastError(); /* handled: the pool is full */
	return cudaMallocAsync(p, bytes, stream);
}

/* Small zeroed scratch without allocating: a slot of
 * SK_LIB(GU_SLOT) bytes per stream, kept zero by the kernels like pool
 * 0.  A stream runs its work in order, so one call's kernel never overlaps
 * the next call's on the same stream, and both may use the stream's slot.
 * (Measured on an H200: the allocation and free of a call take about 2
 * us of the 17 of a reduction of 10^7 floats.)  Slots are keyed by the
 * stream's id (CUDA 12.0), unique for the life of the process, so a new
 * stream that reuses a destroyed one's handle gets a slot of its own.  Not
 * for a stream being captured (a graph may be launched on any stream, many
 * times at once), nor for cudaStreamPerThread, whose handle names a
 * different stream in each thread: those allocate.  The first
 * SK_LIB(GU_SLOTS) streams of a device get slots, which are never
 * freed; later streams allocate. */
#if CUDART_VERSION >= 12000 && SK_LIB(GU_SLOTS) > 0
static std::atomic<unsigned long long> SK_RT(slot_id)[SK_LIB(MAX_DEVICES)][SK_LIB(GU_SLOTS)]; /* id + 1 */
static void *SK_RT(slot_mem)[SK_LIB(MAX_DEVICES)][SK_LIB(GU_SLOTS)];
static std::mutex SK_RT(slot_lock);

static bool SK_RT(slot)(int dev, size_t bytes, cudaStream_t stream, void **p)
{
	cudaStreamCaptureStatus capture;
	unsigned long long id;
	if (bytes > SK_LIB(GU_SLOT) || stream == cudaStreamPerThread)
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
	std::atomic<unsigned long long> *ids = SK_RT(slot_id)[dev];
	for (int i = 0; i < SK_LIB(GU_SLOTS); i++)
		if (ids[i].load(std::memory_order_acquire) == id + 1) {
			*p = SK_RT(slot_mem)[dev][i];
			return true;
		}
	std::lock_guard<std::mutex> hold(SK_RT(slot_lock));
	for (int i = 0; i < SK_LIB(GU_SLOTS); i++) {
		const unsigned long long had = ids[i].load(std::memory_order_relaxed);
		if (had == id + 1) { /* another thread's call on the same stream */
			*p = SK_RT(slot_mem)[dev][i];
			return true;
		}
		if (had != 0)
			continue;
		void *m;
		if (SK_RT(alloc)(&m, SK_LIB(GU_SLOT), stream, NULL) != cudaSuccess) { /* pool 1 */
			(void)cudaGetLastError();
			return false;
		}
		if (cudaMemsetAsync(m, 0, SK_LIB(GU_SLOT), stream) != cudaSuccess) {
			(void)cudaGetLastError();
			(void)cudaFreeAsync(m, stream);
			return false;
		}
		SK_RT(slot_mem)[dev][i] = m;
		ids[i].store(id + 1, std::memory_order_release);
		*p = m;
		return true;
	}
	return false;
}
#else
static bool SK_RT(slot)(int, size_t, cudaStream_t, void **)
{
	return false;
}
#endif

/* Scratch for a shared reduction, `bytes` with its counters at `cnt`
 * (`ncnt` bytes) zero: the stream's slot, or pool 0 (with a memset where
 * the pool is not known to be zero).  *slot says which, for
 * SK_RT(zfree). */
static cudaError_t SK_RT(zalloc)(void **p, size_t bytes, size_t cnt, size_t ncnt, cudaStream_t stream, bool *slot)
{
	int dev;
	bool zero;
	*p = NULL;
	*slot = false;
	if (cudaGetDevice(&dev) == cudaSuccess && dev >= 0 && dev < SK_LIB(MAX_DEVICES) &&
	    SK_RT(slot)(dev, bytes, stream, p))
		return *slot = true, cudaSuccess;
	cudaError_t e = SK_RT(alloc)(p, bytes, stream, &zero);
	if (e == cudaSuccess && !zero)
		e = cudaMemsetAsync((char *)*p + cnt, 0, ncnt, stream);
	return e;
}

/* Gives back what SK_RT(zalloc) gave (nothing for a slot); the call's
 * status `e` stays its first error. */
static cudaError_t SK_RT(zfree)(void *p, bool slot, cudaStream_t stream, cudaError_t e)
{
	if (p && !slot) {
		cudaError_t f = cudaFreeAsync(p, stream);
		if (e == cudaSuccess)
			e = f;
	}
	return e;
}
