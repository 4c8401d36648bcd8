sk_banner([[sk_lib.h: the C interface of the sk_lib library]])
#ifndef sk_LIB[[]]_H_INCLUDED
#define sk_LIB[[]]_H_INCLUDED

/* Self-contained: C99 and later, C++ and CUDA.  A C caller needs no CUDA
 * header; streams are passed as `struct CUstream_st *`, which is what
 * cudaStream_t and CUstream are. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What made this library: symkern's version and the input's SHA-256. */
#define sk_LIB[[]]_SYMKERN_VERSION "sk_version"
#define sk_LIB[[]]_INPUT_SHA256 "sk_input_sha256"

/* Status codes: every function returns 0 or one of these. */
enum {
	sk_LIB[[]]_OK = 0,
	sk_LIB[[]]_EINVAL = -1,   /* a NULL array with n > 0 */
	sk_LIB[[]]_EINC = -2,     /* inc_out is 0; a gufunc output's increments make two elements one */
	sk_LIB[[]]_EOVERLAP = -3, /* out overlaps an input, other than exactly in place where allowed */
	sk_LIB[[]]_ESIZE = -4,    /* n and an increment reach beyond the address space */
	sk_LIB[[]]_ENODEV = -5,   /* no CUDA device or driver */
	sk_LIB[[]]_ECUDA = -6     /* another CUDA error, such as a failed launch */
};

/* A static string describing a status code. */
static inline const char *sk_lib[[]]_strerror(int code)
{
	switch (code) {
	case sk_LIB[[]]_OK: return "success";
	case sk_LIB[[]]_EINVAL: return "NULL array with n > 0";
	case sk_LIB[[]]_EINC: return "an output increment makes two results share an element";
	case sk_LIB[[]]_EOVERLAP: return "an output overlaps another array, other than exactly in place where allowed";
	case sk_LIB[[]]_ESIZE: return "n and an increment reach beyond the address space";
	case sk_LIB[[]]_ENODEV: return "no CUDA device or driver";
	case sk_LIB[[]]_ECUDA: return "CUDA error";
	default: return "unknown status code";
	}
}

#if defined(__CUDACC__)
#define sk_LIB[[]]_FN static inline __host__ __device__
#else
#define sk_LIB[[]]_FN static inline
#endif

m4_ifelse(sk_fast_math, 1, [[/* symkern --fast-math: in device code, float exp, log, sin, cos, tan, pow,
 * log2 and log10 are CUDA's fast intrinsics (__expf, ...: less accurate,
 * see the CUDA C++ Programming Guide's table of intrinsic functions);
 * host code, the CPU fallback included, keeps the libm functions. */
#if defined(__CUDA_ARCH__)
#define sk_lib[[_fast_expf]] __expf
#define sk_lib[[_fast_logf]] __logf
#define sk_lib[[_fast_sinf]] __sinf
#define sk_lib[[_fast_cosf]] __cosf
#define sk_lib[[_fast_tanf]] __tanf
#define sk_lib[[_fast_powf]] __powf
#define sk_lib[[_fast_log2f]] __log2f
#define sk_lib[[_fast_log10f]] __log10f
#else
#define sk_lib[[_fast_expf]] expf
#define sk_lib[[_fast_logf]] logf
#define sk_lib[[_fast_sinf]] sinf
#define sk_lib[[_fast_cosf]] cosf
#define sk_lib[[_fast_tanf]] tanf
#define sk_lib[[_fast_powf]] powf
#define sk_lib[[_fast_log2f]] log2f
#define sk_lib[[_fast_log10f]] log10f
#endif

]])/* Double cbrt: CUDA's in device code (1 ulp); in host code the C
 * library's, corrected by one Newton step whose residual x - r^3 is exact
 * to first order (fma), so within about half an ulp.  glibc 2.36's is 1.3
 * ulps off at 1 - 2^-52, where it returns 1.0000000000000002 and so makes
 * asin(cbrt(y)) NaN.  Arguments beyond 2^+-900 are scaled by 2^-+900, so
 * that r^3 neither overflows nor loses its low bits to underflow. */
#if defined(__CUDA_ARCH__)
#define sk_lib[[_priv_cbrt]] cbrt
#else
static inline double sk_lib[[_priv_cbrt]](double x)
{
	/* 2^100, 2^300 and 2^900 exactly (C++ before 17 has no hex floats);
	 * products and quotients of powers of two are exact, and folded. */
	const double p100 = 1267650600228229401496703205376.0;
	const double p300 = p100 * p100 * p100, p900 = p300 * p300 * p300;
	double s = 1, r;
	if (fabs(x) > p900) {
		x *= 1 / p900;
		s = p300;
	} else if (fabs(x) < 1 / p900) {
		x *= p900;
		s = 1 / p300;
	}
	r = cbrt(x);
	if (r != 0 && isfinite(r)) {
		const double r2 = r * r, e2 = fma(r, r, -r2), r3 = r2 * r, e3 = fma(r2, r, -r3);
		r += (((x - r3) - e3) - e2 * r) / (3 * r2);
	}
	return r * s;
}
#endif

m4_ifelse(sk_nnoinline, 0, [[]], [[/* Functions that other functions call more than once over, each too
 * large to copy into every caller (symkern(3), Composed functions):
 * device code calls them. */
#if defined(__CUDA_ARCH__)
sk_noinline([[sk_noinline_decl]])m4_dnl
#endif

]])m4_dnl
/* Scalar functions: callable from C, C++ and from CUDA kernels. */
sk_each_prec([[sk_each_fn([[
/* sk_fn_name(sk_i)(sk_args(sk_i, [[\&]], [[, ]])), sk_input line sk_fn_line(sk_i), operations: sk_fn_nops(sk_i) */
sk_LIB[[]]_FN sk_scalar_decl(sk_i)
{
sk_fn_body(sk_i, sk_P)
}
]])]])
/* Map functions: out[i*inc_out] = f(a1[i*inc_a1], ...) for 0 <= i < n.
 * Increments count elements; 0 broadcasts one value; a negative one walks
 * backwards from the element the pointer addresses.  The GPU versions take
 * device pointers and are asynchronous on `stream` (NULL: the default
 * stream); the _cpu versions run on the calling thread (OpenMP threads if
 * built with OpenMP). */
struct CUstream_st;
sk_each_prec([[sk_each_fn([[
sk_map_decl(sk_i);
sk_cpu_decl(sk_i);]])
]])
m4_ifelse(sk_ngu, 0, [[]], [[/* Gufuncs: NAME_g_P(batch, sizes, inputs, outputs[, stream]) computes
 * batch items; each argument passes (pointer, inc_batch) and, if it has a
 * core dimension, inc_elem after it: the row layout of a [batch][n] array
 * is (p, n, 1), the column layout of [n][batch] is (p, 1, batch).  An input
 * increment may be 0 (broadcast).  Outputs may not overlap any other
 * array (their address ranges are compared), except that an output may be
 * exactly an input (the same pointer and increments) where the comment of
 * the gufunc's item function below names that input: each step reads it
 * only at elements not yet written (symkern(3), In place). */
sk_each_prec([[sk_each_gu([[
/* sk_gu_name(sk_i) sk_gu_sig(sk_i), sk_input line sk_gu_line(sk_i): one batch item (private). */
/* Inputs an output may overwrite exactly in place: sk_gu_inplace(sk_i). */
sk_LIB[[]]_FN m4_ifelse(sk_gu_result(sk_i), 1, [[sk_T]], [[void]]) sk_gu_item(sk_i)(sk_gu_iparams(sk_i))
{
sk_gu_body(sk_i)
}
sk_gu_decl(sk_i);
sk_gu_cpu_decl(sk_i);
]])]])
]])m4_dnl
/* Every function by name, for bindings and tests: `in` and `inc` hold one
 * array and increment per argument, in order. */
typedef int (*sk_lib[[_argv_f64_t]])(size_t n, const double *const *in, const ptrdiff_t *inc,
                                   double *out, ptrdiff_t inc_out, struct CUstream_st *stream);
typedef int (*sk_lib[[_argv_f32_t]])(size_t n, const float *const *in, const ptrdiff_t *inc,
                                   float *out, ptrdiff_t inc_out, struct CUstream_st *stream);
typedef struct {
	const char *name;
	int nargs;
	const char *const *args; /* argument names as in the .sym file */
	sk_lib[[_argv_f64_t]] map_f64;  /* NULL if not generated */
	sk_lib[[_argv_f32_t]] map_f32;
} sk_lib[[_fn_info]];

enum { sk_LIB[[]]_NFN = sk_nfn };
/* In sk_lib[[_cpu.c]]: the CPU versions (stream is ignored). */
extern const sk_lib[[_fn_info]] sk_lib[[_cpu_table]][sk_LIB[[]]_NFN + 1];
/* In sk_lib.cu: the GPU versions. */
extern const sk_lib[[_fn_info]] sk_lib[[_gpu_table]][sk_LIB[[]]_NFN + 1];

/* Private to the generated code (the _priv_ names may change): argument
 * checks shared by the GPU and CPU versions. */
static inline int sk_lib[[_priv_check]](size_t n, int nin, const void *const *in, const ptrdiff_t *inc,
                                  const void *out, ptrdiff_t inc_out, size_t size)
{
	uintptr_t olo = 0, ohi = 0; /* out's bytes */
	if (n == 0)
		return sk_LIB[[]]_OK;
	if (size == 0)
		return sk_LIB[[]]_EINVAL;
	if (inc_out == 0)
		return sk_LIB[[]]_EINC;
	for (int k = -1; k < nin; k++) {
		const void *p = k < 0 ? out : in[k];
		ptrdiff_t d = k < 0 ? inc_out : inc[k];
		size_t ad = d < 0 ? (size_t)0 - (size_t)d : (size_t)d;
		if (!p)
			return sk_LIB[[]]_EINVAL;
		if (n - 1 > (size_t)PTRDIFF_MAX / size || (ad && n - 1 > (size_t)PTRDIFF_MAX / size / ad))
			return sk_LIB[[]]_ESIZE;
		uintptr_t a = (uintptr_t)p, ext = (uintptr_t)((n - 1) * ad * size);
		uintptr_t l = d < 0 ? a - ext : a, h = (d < 0 ? a : a + ext) + size;
		if (l > a || h < a)
			return sk_LIB[[]]_ESIZE; /* wraps around the address space */
		if (k < 0) {
			olo = l;
			ohi = h;
		} else if (l < ohi && olo < h && !(p == out && d == inc_out)) {
			/* Same increment, interleaved without sharing a byte: allowed. */
			uintptr_t stride, r;
			if (d != inc_out || d == 0)
				return sk_LIB[[]]_EOVERLAP;
			stride = (uintptr_t)ad * size; /* not 0: d != 0, size != 0 */
			/* NOLINTNEXTLINE(clang-analyzer-core.DivideZero): stride > 0, see above */
			r = ((uintptr_t)out >= a ? (uintptr_t)out - a : a - (uintptr_t)out) % stride;
			if ((uintptr_t)out < a && r)
				r = stride - r;
			if (r < size || r > stride - size)
				return sk_LIB[[]]_EOVERLAP;
		}
	}
	return sk_LIB[[]]_OK;
}

m4_ifelse(sk_ngu, 0, [[]], [[/* The gufuncs' argument check: each array is {pointer, inc_batch,
 * inc_elem, elements in its core dimension, role}: 1 an output, 2 an
 * input that an output may overwrite exactly in place, 0 another input. */
typedef struct {
	const void *p;
	ptrdiff_t inc_batch, inc_elem;
	size_t elems;
	int role;
} sk_lib[[_priv_arr]];

/* Bytes [lo, hi) that array a spans, or ESIZE. */
static inline int sk_lib[[_priv_span]](size_t batch, const sk_lib[[_priv_arr]] *a, size_t size,
                                 uintptr_t *lo, uintptr_t *hi)
{
	size_t ab = a->inc_batch < 0 ? (size_t)0 - (size_t)a->inc_batch : (size_t)a->inc_batch;
	size_t ae = a->inc_elem < 0 ? (size_t)0 - (size_t)a->inc_elem : (size_t)a->inc_elem;
	size_t lim = (size_t)PTRDIFF_MAX / size / 2, eb, ee;
	uintptr_t p = (uintptr_t)a->p;
	if ((ab && batch - 1 > lim / ab) || (ae && a->elems - 1 > lim / ae))
		return sk_LIB[[]]_ESIZE;
	eb = (batch - 1) * ab * size;
	ee = (a->elems - 1) * ae * size;
	*lo = p - (a->inc_batch < 0 ? eb : 0) - (a->inc_elem < 0 ? ee : 0);
	*hi = p + (a->inc_batch < 0 ? 0 : eb) + (a->inc_elem < 0 ? 0 : ee) + size;
	if (*lo > p || *hi < p)
		return sk_LIB[[]]_ESIZE; /* wraps around the address space */
	return sk_LIB[[]]_OK;
}

/* One array on its own: not NULL, within the address space, and for an
 * output, distinct (item, element) pairs at distinct elements. */
static inline int sk_lib[[_priv_check_arr]](size_t batch, const sk_lib[[_priv_arr]] *a, size_t size)
{
	uintptr_t lo, hi;
	int rc;
	size_t sb, se;
	if (!a->p)
		return sk_LIB[[]]_EINVAL;
	if ((rc = sk_lib[[_priv_span]](batch, a, size, &lo, &hi)) != 0 || a->role != 1)
		return rc;
	sb = a->inc_batch < 0 ? (size_t)0 - (size_t)a->inc_batch : (size_t)a->inc_batch;
	se = a->inc_elem < 0 ? (size_t)0 - (size_t)a->inc_elem : (size_t)a->inc_elem;
	if ((batch > 1 && sb == 0) || (a->elems > 1 && se == 0))
		return sk_LIB[[]]_EINC;
	if (batch > 1 && a->elems > 1 && !(se <= sb ? se * a->elems <= sb : sb * batch <= se))
		return sk_LIB[[]]_EINC;
	return sk_LIB[[]]_OK;
}

/* Output o against array a: EOVERLAP if they share a byte, unless a is an
 * input the gufunc may overwrite in place and o is exactly on it. */
static inline int sk_lib[[_priv_check_pair]](size_t batch, const sk_lib[[_priv_arr]] *o, const sk_lib[[_priv_arr]] *a,
                                       size_t size)
{
	uintptr_t olo = 0, ohi = 0, alo = 0, ahi = 0;
	if (a->role == 2 && a->p == o->p && a->inc_batch == o->inc_batch && a->elems == o->elems &&
	    (a->elems <= 1 || a->inc_elem == o->inc_elem))
		return sk_LIB[[]]_OK;
	/* Both spans were computed once by sk_lib[[_priv_check_arr]]: no error here. */
	(void)sk_lib[[_priv_span]](batch, o, size, &olo, &ohi);
	(void)sk_lib[[_priv_span]](batch, a, size, &alo, &ahi);
	return olo < ahi && alo < ohi ? sk_LIB[[]]_EOVERLAP : sk_LIB[[]]_OK;
}

/* Every array, then every output against every other array: no storage
 * per array, so any number of arguments (symkern(5), LIMITS). */
static inline int sk_lib[[_priv_check_gu]](size_t batch, int narr, const sk_lib[[_priv_arr]] *a, size_t size)
{
	int rc;
	if (batch == 0)
		return sk_LIB[[]]_OK;
	for (int i = 0; i < narr; i++)
		if (a[i].elems && (rc = sk_lib[[_priv_check_arr]](batch, &a[i], size)) != 0)
			return rc;
	for (int i = 0; i < narr; i++)
		for (int j = 0; a[i].role == 1 && a[i].elems && j < narr; j++)
			if (j != i && a[j].elems && (rc = sk_lib[[_priv_check_pair]](batch, &a[i], &a[j], size)) != 0)
				return rc;
	return sk_LIB[[]]_OK;
}

]])m4_dnl
#ifdef __cplusplus
}
#endif
#endif
