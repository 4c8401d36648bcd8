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

]])/* Private to the generated code (the _priv_ names may change), the same
 * in every library: templates/runtime.h, with its names prefixed by the
 * library's (SK_RT(check) is sk_lib[[_priv_check]]): the host version of
 * the double cbrt helper (device code calls CUDA's cbrt, 1 ulp) and the
 * argument checks shared by the GPU and CPU versions. */
#if defined(__CUDA_ARCH__)
#define sk_lib[[_priv_cbrt]] cbrt
#endif
#define SK_RT(name) sk_lib[[_priv_]]##name
#define SK_LIB(name) sk_LIB[[_]]##name
m4_undivert([[runtime.h]])m4_dnl
m4_ifelse(sk_ngu, 0, [[]], [[
m4_undivert([[runtime_gu.h]])]])m4_dnl
m4_ifelse(sk_special, 0, [[]], [[
m4_undivert([[runtime_type.h]])m4_dnl
#define SK_TK 2 /* double */
m4_undivert([[runtime_gamma.h]])m4_undivert([[runtime_special.h]])m4_undivert([[runtime_recur.h]])m4_dnl
m4_undivert([[runtime_bessel.h]])m4_undivert([[runtime_besselik.h]])m4_undivert([[runtime_spherical.h]])m4_dnl
m4_undivert([[runtime_elliptic.h]])m4_undivert([[runtime_zeta.h]])m4_undivert([[runtime_ratio.h]])m4_dnl
m4_undivert([[runtime_incgamma.h]])m4_undivert([[runtime_sici.h]])m4_undivert([[runtime_airy.h]])m4_dnl
m4_undivert([[runtime_betainc.h]])m4_dnl
#undef SK_TK
#define SK_TK 1 /* float */
m4_undivert([[runtime_gamma.h]])m4_undivert([[runtime_special.h]])m4_undivert([[runtime_recur.h]])m4_dnl
m4_undivert([[runtime_bessel.h]])m4_undivert([[runtime_besselik.h]])m4_undivert([[runtime_spherical.h]])m4_dnl
m4_undivert([[runtime_elliptic.h]])m4_undivert([[runtime_zeta.h]])m4_undivert([[runtime_ratio.h]])m4_dnl
m4_undivert([[runtime_incgamma.h]])m4_undivert([[runtime_sici.h]])m4_undivert([[runtime_airy.h]])m4_dnl
m4_undivert([[runtime_betainc.h]])m4_dnl
#undef SK_TK
m4_undivert([[runtime_untype.h]])]])m4_dnl
#undef SK_RT
#undef SK_LIB

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

#ifdef __cplusplus
}
#endif
#endif
