/* f32_leak.c: float32 functions that use double, the ways generated C code
 * could, for tests/f32/f32_cpu.sh to show that -Wdouble-promotion rejects this
 * file and that its scan of the object finds each leak (and passes the
 * clean functions): a check of generated code proves nothing if it cannot
 * fail.  Named like symkern's functions. */
#include <math.h>

float leak_const_f32(float x);
float leak_call_f32(float x);
float leak_index_f32(long k);
float leak_callee_f32(float x);
float clean_f32(float x, long k);
double clean_f64(double x);

/* A constant without the f suffix: x is promoted, multiplied in double. */
float leak_const_f32(float x)
{
	return (float)(x * 0.1);
}

/* The double function where the float one was meant. */
float leak_call_f32(float x)
{
	return (float)exp(x);
}

/* An index converted to double, as an emitter's `(double)k` would. */
float leak_index_f32(long k)
{
	return (float)((double)k / 3.0);
}

/* Double in a function that is not inlined: its caller is reported. */
__attribute__((noinline)) static float leak_helper(float x)
{
	return (float)((double)x / 7.1); /* 7.1 is no float: stays double */
}
float leak_callee_f32(float x)
{
	return leak_helper(x) + 1.0f;
}

/* Clean: float only. */
float clean_f32(float x, long k)
{
	return sinf(x) * 0.1f + (float)k;
}

/* Double in a function that is not f32: not checked. */
double clean_f64(double x)
{
	return sin(x) * 0.1;
}
