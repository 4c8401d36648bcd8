/* f32_leak.cu: float32 functions that use double, the ways generated code
 * could, for tests/f32/f32_ptx.sh and tests/f32/f32_sass.sh to show that their
 * scanners find each (and pass the clean ones): the scan of generated code
 * proves nothing if it cannot fail.  Named like symkern's functions; the
 * names say what each should give. */
#include <math.h>

/* A constant without the f suffix: x is promoted, multiplied in double. */
__global__ void leak_const_f32(const float *x, float *out)
{
	out[threadIdx.x] = x[threadIdx.x] * 0.1;
}

/* The double function where the float one was meant. */
__global__ void leak_call_f32(const float *x, float *out)
{
	out[threadIdx.x] = (float)exp((double)x[threadIdx.x]);
}

/* An index converted to double, as an emitter's `(double)k` would. */
__global__ void leak_index_f32(float *out)
{
	out[threadIdx.x] = (float)((double)threadIdx.x / 3.0);
}

/* Double in a function that is not inlined: its caller is reported. */
__device__ __noinline__ float leak_helper(float x)
{
	return (float)sqrt((double)x);
}
__global__ void leak_callee_f32(const float *x, float *out)
{
	out[threadIdx.x] = leak_helper(x[threadIdx.x]);
}

/* Clean: float only, sinf included (whose reduction of large arguments in
 * CUDA's library the scanners accept). */
__global__ void clean_f32(const float *x, float *out)
{
	out[threadIdx.x] = sinf(x[threadIdx.x]) * 0.1f + (float)threadIdx.x;
}

/* Double in a function that is not f32: not checked. */
__global__ void clean_f64(const double *x, double *out)
{
	out[threadIdx.x] = sin(x[threadIdx.x]) * 0.1;
}
