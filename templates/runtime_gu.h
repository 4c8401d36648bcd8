/* runtime_gu.h: the part of every generated NAME.h with gufuncs that is
 * the same for every library: the gufuncs' argument checks, shared by
 * NAME.cu and NAME_cpu.c.  header.h.m4 copies this file into NAME.h
 * unchanged (m4's undivert) after runtime.h, with SK_RT and SK_LIB still
 * defined (see runtime.h).  It uses the status codes SK_LIB(OK),
 * SK_LIB(EINVAL), SK_LIB(EINC), SK_LIB(EOVERLAP) and SK_LIB(ESIZE).
 *
 * make check compiles this file alone as C99 and C++11 (tests/shell/runtime.sh). */
#if !defined(SK_RT) || !defined(SK_LIB)
#error "runtime_gu.h: define SK_RT and SK_LIB first (see header.h.m4)"
#endif

#include <stddef.h>
#include <stdint.h>

/* The gufuncs' argument check: each array is {pointer, inc_batch,
 * inc_elem, elements in its core dimension, role}: 1 an output, 2 an
 * input that an output may overwrite exactly in place, 0 another input. */
typedef struct {
	const void *p;
	ptrdiff_t inc_batch, inc_elem;
	size_t elems;
	int role;
} SK_RT(arr);

/* Bytes [lo, hi) that array a spans, or ESIZE. */
static inline int SK_RT(span)(size_t batch, const SK_RT(arr) *a, size_t size, uintptr_t *lo, uintptr_t *hi)
{
	size_t ab = a->inc_batch < 0 ? (size_t)0 - (size_t)a->inc_batch : (size_t)a->inc_batch;
	size_t ae = a->inc_elem < 0 ? (size_t)0 - (size_t)a->inc_elem : (size_t)a->inc_elem;
	size_t lim = (size_t)PTRDIFF_MAX / size / 2, eb, ee;
	uintptr_t p = (uintptr_t)a->p;
	if ((ab && batch - 1 > lim / ab) || (ae && a->elems - 1 > lim / ae))
		return SK_LIB(ESIZE);
	eb = (batch - 1) * ab * size;
	ee = (a->elems - 1) * ae * size;
	*lo = p - (a->inc_batch < 0 ? eb : 0) - (a->inc_elem < 0 ? ee : 0);
	*hi = p + (a->inc_batch < 0 ? 0 : eb) + (a->inc_elem < 0 ? 0 : ee) + size;
	if (*lo > p || *hi < p)
		return SK_LIB(ESIZE); /* wraps around the address space */
	return SK_LIB(OK);
}

/* One array on its own: not NULL, within the address space, and for an
 * output, distinct (item, element) pairs at distinct elements. */
static inline int SK_RT(check_arr)(size_t batch, const SK_RT(arr) *a, size_t size)
{
	uintptr_t lo, hi;
	int rc;
	size_t sb, se;
	if (!a->p)
		return SK_LIB(EINVAL);
	if ((rc = SK_RT(span)(batch, a, size, &lo, &hi)) != 0 || a->role != 1)
		return rc;
	sb = a->inc_batch < 0 ? (size_t)0 - (size_t)a->inc_batch : (size_t)a->inc_batch;
	se = a->inc_elem < 0 ? (size_t)0 - (size_t)a->inc_elem : (size_t)a->inc_elem;
	if ((batch > 1 && sb == 0) || (a->elems > 1 && se == 0))
		return SK_LIB(EINC);
	if (batch > 1 && a->elems > 1 && !(se <= sb ? se * a->elems <= sb : sb * batch <= se))
		return SK_LIB(EINC);
	return SK_LIB(OK);
}

/* Output o against array a: EOVERLAP if they share a byte, unless a is an
 * input the gufunc may overwrite in place and o is exactly on it. */
static inline int SK_RT(check_pair)(size_t batch, const SK_RT(arr) *o, const SK_RT(arr) *a, size_t size)
{
	uintptr_t olo = 0, ohi = 0, alo = 0, ahi = 0;
	if (a->role == 2 && a->p == o->p && a->inc_batch == o->inc_batch && a->elems == o->elems &&
	    (a->elems <= 1 || a->inc_elem == o->inc_elem))
		return SK_LIB(OK);
	/* Both spans were computed once by SK_RT(check_arr): no error here. */
	(void)SK_RT(span)(batch, o, size, &olo, &ohi);
	(void)SK_RT(span)(batch, a, size, &alo, &ahi);
	return olo < ahi && alo < ohi ? SK_LIB(EOVERLAP) : SK_LIB(OK);
}

/* Every array, then every output against every other array: no storage
 * per array, so any number of arguments (symkern(5), LIMITS). */
static inline int SK_RT(check_gu)(size_t batch, int narr, const SK_RT(arr) *a, size_t size)
{
	int rc;
	if (batch == 0)
		return SK_LIB(OK);
	for (int i = 0; i < narr; i++)
		if (a[i].elems && (rc = SK_RT(check_arr)(batch, &a[i], size)) != 0)
			return rc;
	for (int i = 0; i < narr; i++)
		for (int j = 0; a[i].role == 1 && a[i].elems && j < narr; j++)
			if (j != i && a[j].elems && (rc = SK_RT(check_pair)(batch, &a[i], &a[j], size)) != 0)
				return rc;
	return SK_LIB(OK);
}

/* Whether an output is on an input of the narr arrays a: once
 * SK_RT(check_gu) has passed them, only exactly in place, on an input of
 * role 2 (the GPU entries pick kernels by it). */
static inline int SK_RT(gu_inplace)(int narr, const SK_RT(arr) *a)
{
	for (int i = 0; i < narr; i++)
		for (int j = 0; a[i].role == 1 && j < narr; j++)
			if (a[j].role == 2 && a[j].p == a[i].p)
				return 1;
	return 0;
}
