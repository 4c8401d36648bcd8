/* runtime.h: the part of every generated NAME.h that is the same for
 * every library: the host version of the double cbrt helper and the map
 * functions' argument check, shared by NAME.cu and NAME_cpu.c
 * (runtime_gu.h, the gufuncs' checks, follows it in libraries with
 * gufuncs).  header.h.m4 copies this file into NAME.h unchanged
 * (m4's undivert), inside its extern "C" block, after the status codes and
 * after defining
 *
 *   SK_RT(name)    the private name of a runtime item: NAME_priv_ ## name
 *   SK_LIB(name)   a library macro or constant: NAME_ ## name, NAME in
 *                  upper case
 *
 * and #undefs them after it (and runtime_gu.h).  It uses the status
 * codes SK_LIB(OK), SK_LIB(EINVAL), SK_LIB(EINC), SK_LIB(EOVERLAP) and
 * SK_LIB(ESIZE).  C99 and later, C++ and CUDA, like the header.  These
 * functions are private to the generated code: their names may change.
 *
 * make check compiles this file alone as C99 and C++11 (tests/shell/runtime.sh). */
#if !defined(SK_RT) || !defined(SK_LIB)
#error "runtime.h: define SK_RT and SK_LIB first (see header.h.m4)"
#endif

#include <math.h>
#include <stddef.h>
#include <stdint.h>

/* Double cbrt: CUDA's in device code (1 ulp: NAME.h defines SK_RT(cbrt)
 * as cbrt there); in host code the C library's, corrected by one Newton
 * step whose residual x - r^3 is exact to first order (fma), so within
 * about half an ulp.  glibc 2.36's is 1.3
 * ulps off at 1 - 2^-52, where it returns 1.0000000000000002 and so makes
 * asin(cbrt(y)) NaN.  Arguments beyond 2^+-900 are scaled by 2^-+900, so
 * that r^3 neither overflows nor loses its low bits to underflow. */
#if !defined(__CUDA_ARCH__)
static inline double SK_RT(cbrt)(double x)
{
	double s = 1, r;
	/* Powers of two in decimal (exact: the shortest decimal of each
	 * double): C++ before C++17 has no hexadecimal floating literals. */
	if (fabs(x) > 8.452712498170644e+270) { /* 2^900 */
		x *= 1.1830521861667747e-271;   /* 2^-900 */
		s = 2.037035976334486e+90;      /* 2^300 */
	} else if (fabs(x) < 1.1830521861667747e-271) {
		x *= 8.452712498170644e+270;
		s = 4.909093465297727e-91;      /* 2^-300 */
	}
	r = cbrt(x);
	if (r != 0 && isfinite(r)) {
		const double r2 = r * r, e2 = fma(r, r, -r2), r3 = r2 * r, e3 = fma(r2, r, -r3);
		r += (((x - r3) - e3) - e2 * r) / (3 * r2);
	}
	return r * s;
}
#endif

/* The map functions' argument check, shared by the GPU and CPU versions. */
static inline int SK_RT(check)(size_t n, int nin, const void *const *in, const ptrdiff_t *inc,
                               const void *out, ptrdiff_t inc_out, size_t size)
{
	uintptr_t olo = 0, ohi = 0; /* out's bytes */
	if (n == 0)
		return SK_LIB(OK);
	if (size == 0)
		return SK_LIB(EINVAL);
	if (inc_out == 0)
		return SK_LIB(EINC);
	for (int k = -1; k < nin; k++) {
		const void *p = k < 0 ? out : in[k];
		ptrdiff_t d = k < 0 ? inc_out : inc[k];
		size_t ad = d < 0 ? (size_t)0 - (size_t)d : (size_t)d;
		if (!p)
			return SK_LIB(EINVAL);
		if (n - 1 > (size_t)PTRDIFF_MAX / size || (ad && n - 1 > (size_t)PTRDIFF_MAX / size / ad))
			return SK_LIB(ESIZE);
		uintptr_t a = (uintptr_t)p, ext = (uintptr_t)((n - 1) * ad * size);
		uintptr_t l = d < 0 ? a - ext : a, h = (d < 0 ? a : a + ext) + size;
		if (l > a || h < a)
			return SK_LIB(ESIZE); /* wraps around the address space */
		if (k < 0) {
			olo = l;
			ohi = h;
		} else if (l < ohi && olo < h && !(p == out && d == inc_out)) {
			/* Same increment, interleaved without sharing a byte: allowed. */
			uintptr_t stride, r;
			if (d != inc_out || d == 0)
				return SK_LIB(EOVERLAP);
			stride = (uintptr_t)ad * size; /* not 0: d != 0, size != 0 */
			/* NOLINTNEXTLINE(clang-analyzer-core.DivideZero): stride > 0, see above */
			r = ((uintptr_t)out >= a ? (uintptr_t)out - a : a - (uintptr_t)out) % stride;
			if ((uintptr_t)out < a && r)
				r = stride - r;
			if (r < size || r > stride - size)
				return SK_LIB(EOVERLAP);
		}
	}
	return SK_LIB(OK);
}
