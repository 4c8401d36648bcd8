/* runtime.cuh: the part of every generated NAME.cu that is the same for
 * every library: the vector load helper, the status mapping, the
 * occupancy grid cache and the map functions' dispatcher
 * (runtime_scratch.cuh and runtime_gu.cuh follow it in libraries with
 * gufuncs).  kernels.cu.m4 copies this file
 * into NAME.cu unchanged (m4's undivert), after the library's header and
 * after defining
 *
 *   SK_RT(name)    the private name of a runtime item: NAME_priv_ ## name
 *   SK_LIB(name)   a library macro or constant: NAME_ ## name, NAME in
 *                  upper case
 *
 * and the settings this file reads (symkern(3), COMPILE-TIME SETTINGS),
 * SK_LIB(BLOCK) and SK_LIB(VEC_MIN); it also uses the status codes
 * SK_LIB(OK), SK_LIB(ENODEV) and SK_LIB(ECUDA) of the library's header.
 * kernels.cu.m4 #undefs SK_RT and SK_LIB after it (and runtime_scratch.cuh
 * and runtime_gu.cuh).
 * So names stay prefixed by the library's, and two libraries link into
 * one program.
 *
 * Internal linkage by `static` and library-prefixed names, not an
 * anonymous namespace: nvcc names those after a hash of the file's path,
 * which would make the object depend on the folder it was built in.
 *
 * make check compiles this file alone (tests/shell/runtime.sh). */
#if !defined(SK_RT) || !defined(SK_LIB)
#error "runtime.cuh: define SK_RT and SK_LIB first (see kernels.cu.m4)"
#endif

#include <atomic>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <cuda_runtime.h>

/* V elements moved by one load or store. */
template <typename T, int V> struct alignas(sizeof(T) * V) SK_RT(vec) {
	T v[V];
};

/* Element i of p as vectors, or b in every lane where p is broadcast (an
 * increment of 0: the branch is the same for the whole grid). */
template <typename T, int V>
static __device__ __forceinline__ SK_RT(vec)<T, V> SK_RT(load)(const T *__restrict__ p, size_t i, bool broadcast, T b)
{
	SK_RT(vec)<T, V> v;
	if (broadcast) {
#pragma unroll
		for (int j = 0; j < V; j++)
			v.v[j] = b;
	} else {
		v = reinterpret_cast<const SK_RT(vec)<T, V> *>(p)[i];
	}
	return v;
}

static int SK_RT(status)(cudaError_t e)
{
	if (e == cudaSuccess)
		return SK_LIB(OK);
	if (e == cudaErrorNoDevice || e == cudaErrorInsufficientDriver)
		return SK_LIB(ENODEV);
	return SK_LIB(ECUDA);
}

enum { SK_LIB(MAX_DEVICES) = 64 };

/* Blocks that fill the device for `kernel` `waves` times, cached per
 * device; fewer when `work` items need fewer. */
static int SK_RT(grid)(const void *kernel, std::atomic<int> *cache, size_t work, int *grid, size_t smem = 0,
                       int waves = 1)
{
	int dev, full;
	cudaError_t e = cudaGetDevice(&dev);
	if (e != cudaSuccess)
		return SK_RT(status)(e);
	full = dev >= 0 && dev < SK_LIB(MAX_DEVICES) ? cache[dev].load(std::memory_order_relaxed) : 0;
	if (full == 0) {
		int sms = 0, per = 0;
		e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
		if (e == cudaSuccess)
			e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, kernel, SK_LIB(BLOCK), smem);
		if (e != cudaSuccess)
			return SK_RT(status)(e);
		full = sms * (per > 0 ? per : 1);
		if (dev >= 0 && dev < SK_LIB(MAX_DEVICES))
			cache[dev].store(full, std::memory_order_relaxed);
	}
	size_t need = (work + SK_LIB(BLOCK) - 1) / SK_LIB(BLOCK);
	full *= waves;
	*grid = need < (size_t)full ? (int)(need ? need : 1) : full;
	return SK_LIB(OK);
}

/* Whether p is aligned to `bytes` (a vector of V elements). */
static bool SK_RT(aligned)(const void *p, size_t bytes)
{
	return (uintptr_t)p % bytes == 0;
}

/* A map function in one precision (kernels.cu.m4 writes one per function
 * and precision, F_desc): its three kernels, F_contig<V> for out and each
 * input contiguous (increment 1) or broadcast (0) with aligned pointers,
 * F_contig<1> for the same unaligned, F_strided for any increments, and
 * their grid sizes by device, F_grid. */
struct SK_RT(map_desc) {
	const void *vec;     /* F_contig<V>: path 0 */
	const void *contig;  /* F_contig<1>: path 1 */
	const void *strided; /* F_strided: path 2 */
	int vw;              /* V, NAME_VEC_F64 or NAME_VEC_F32 */
	size_t size;         /* sizeof(T) */
	std::atomic<int> (*grid)[SK_LIB(MAX_DEVICES)]; /* [path][device] */
};

/* Launches map function d on n elements, once its entry has checked the
 * arguments (n > 0): nin inputs in[k] with increments inc[k], out with
 * inc_out.  args are the kernels' arguments: *nv (F_contig's vector count,
 * set here: the entry holds it), then n, each input and its increment,
 * out and inc_out; F_contig takes args[0] to out, F_strided args[1] to
 * inc_out.  The map functions launch with cudaLaunchKernel, which returns
 * this launch's error and leaves errors of the caller's own launches
 * alone.  This is the code kernels.cu.m4 used to write into every entry,
 * with a loop over the inputs where it wrote one term for each. */
__attribute__((unused)) /* a library of gufuncs only has no map function */
static int SK_RT(map_launch)(const SK_RT(map_desc) *d, size_t n, int nin, const void *const *in, const ptrdiff_t *inc,
                             const void *out, ptrdiff_t inc_out, size_t *nv, void **args, cudaStream_t stream)
{
	const void *kernel;
	size_t work = n;
	int grid, rc, path = 2;
	bool unit = inc_out == 1;
	*nv = n;
	for (int k = 0; k < nin && unit; k++)
		unit = inc[k] == 0 || inc[k] == 1;
	if (unit) {
		const size_t vbytes = d->size * (size_t)d->vw;
		bool aligned = SK_RT(aligned)(out, vbytes);
		for (int k = 0; k < nin && aligned; k++)
			aligned = inc[k] == 0 || SK_RT(aligned)(in[k], vbytes);
		path = aligned && d->vw > 1 && n >= SK_LIB(VEC_MIN) ? 0 : 1;
		*nv = path == 0 ? n / (size_t)d->vw : n;
		work = *nv ? *nv : 1;
		kernel = path == 0 ? d->vec : d->contig;
	} else {
		kernel = d->strided;
	}
	rc = SK_RT(grid)(kernel, d->grid[path], work, &grid);
	if (rc != 0)
		return rc;
	return SK_RT(status)(cudaLaunchKernel(kernel, dim3((unsigned)grid), dim3(SK_LIB(BLOCK)),
	                                      path == 2 ? args + 1 : args, 0, stream));
}
