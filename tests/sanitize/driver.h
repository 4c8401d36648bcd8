/* driver.h: what tests/sanitize/gen.py's generated san_driver.c and the
 * hand-written driver.c share.  The generated part holds one function per
 * gufunc and precision, which makes the gufunc's arrays with arr_make,
 * calls it once and hands the arrays to finish; driver.c holds main and
 * the helpers.  Written in the common subset of C99 and C++, so that
 * nvcc compiles both files for the GPU run (SAN_GPU). */
#ifndef SAN_DRIVER_H
#define SAN_DRIVER_H

#include <stddef.h>

/* One array of a call: exactly as many elements as batch and its core
 * size span in the layout (NULL where that is 0), on the target (0 the
 * CPU, 1 the GPU).  Inputs hold values that depend only on (id, item,
 * element), so that every layout computes the same thing; outputs start
 * poisoned. */
typedef struct {
	void *p;
	ptrdiff_t inc_batch, inc_elem;
	size_t batch, elems, size;
	int target, out, id, aliased;
} Arr;

/* layout 0: rows (inc_batch = elems, inc_elem = 1); 1: columns
 * (inc_batch = 1, inc_elem = batch). */
void arr_make(Arr *a, int target, size_t batch, size_t elems, int vec, int out, int layout, size_t size,
              int id);
/* out takes in's memory and increments: an exactly in-place call. */
void arr_alias(Arr *out, const Arr *in);
/* After the call: keeps the outputs' values (in the order output, item,
 * element) as the call's result, notes elements left poisoned, frees
 * the arrays; returns rc. */
int finish(Arr *a, int n, int rc);
#ifdef SAN_GPU
/* rc, or -100 if the call's kernels failed (synchronizes). */
int gpu_status(int rc);
#endif

typedef int (*RunFn)(int target, size_t batch, const size_t *sz, int layout, int inplace);

enum { SAN_MAX_INS = 8 };

typedef struct {
	const char *name;
	RunFn f64, f32;
	int nsizes;  /* run-time sizes, in the order of the C signature */
	int loopdim; /* the outputs' size among them, or -1 */
	int nbase;   /* the most base cases of a sequence */
	int ins[SAN_MAX_INS], nins;     /* inputs of the outputs' shape (at most SAN_MAX_INS) */
	int claim[SAN_MAX_INS], nclaim; /* those the gufunc must let an output overwrite */
	int claims;                     /* 1: the others must be refused */
} Case;

extern const Case cases[];
extern const size_t ncases;

#endif
