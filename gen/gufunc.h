/* gufunc.h: what a gufunc definition adds to a Func (dag.h).  Two forms:
 *   norm2(v[n]) = sqrt(Sum(v[k]**2, (k, 0, n - 1)))   a scalar result
 *   hermite(x) -> he[n]:                               sequences over k
 *       h[0] = 1
 *       h[k] = ...
 * A sequence's terms are computed in order k = 0, 1, ...; each term is its
 * base case (h[0], h[1], ... in order) or else its rule, which may read
 * earlier terms of any sequence at constant offsets (N_SEQ) and the inputs
 * at k plus a constant (N_VREAD).  Only `lookback` earlier terms of a
 * sequence are live at a time: they are registers, and only outputs reach
 * memory. */
#ifndef SYMKERN_GUFUNC_H
#define SYMKERN_GUFUNC_H

#include "dag.h"

/* Limits of symkern(5), LIMITS: a sequence's base cases are peeled steps
 * of the generated code, one each, and the terms it keeps live are
 * registers of one GPU thread (at most 255 of 32 bits). */
enum { SEQ_MAX_BASE = 256, SEQ_MAX_LOOKBACK = 64 };

typedef struct {
	const char *name; /* as written */
	Loc loc;          /* its first definition line */
	int out;          /* output number, or -1 for an intermediate sequence */
	int nbase;        /* base cases: terms 0 .. nbase-1 */
	Node **base;
	Node *rule;       /* the term for k >= nbase; NULL if none */
	int lookback;     /* the most terms back any rule reads it */
} Seq;

typedef struct Gufunc {
	int ndims;          /* core dimensions in order of first appearance */
	const char **dimname;  /* as written; a number for a fixed size */
	const char **dimc;     /* C spelling of a run-time size parameter */
	long *dimsize;      /* fixed size, or -1 when given at run time */
	int *argdim;        /* per argument: its core dimension, or -1 for a scalar */
	int loopdim;        /* the outputs' dimension; -1 for a scalar result (root) */
	int nseqs;          /* sequences in order of definition, outputs included */
	Seq *seqs;
	int nouts;
	const char **outname; /* as written */
	int *outseq;        /* the sequence of each output (-1 until defined) */
	const char **outc;  /* C spelling of each output's parameter */
} Gufunc;

/* CUDA's limit on the parameters of one kernel, in bytes: since CUDA 12.1
 * (on Volta and later); 4 KB before. */
enum { KERNEL_PARAMS_MAX = 32764, KERNEL_PARAMS_OLD_MAX = 4096 };

/* Bytes of parameters of f's largest kernel in templates/kernels.cu.m4
 * (every parameter is 8 bytes, in either precision):
 *   map:    24 + 16 per argument (the pointer and increment of each, out,
 *           and two sizes: _contig's _nv, n, out; _strided's n, out,
 *           inc_out)
 *   gufunc: 8 (batch) + 8 per size given at run time + 16 per argument,
 *           8 more for a vector (incel_) + 16 for a scalar result or 24
 *           per output + 24 (the most any of its kernels adds:
 *           _red/_redc's _p, padding, _scratch, _count; _stot/_sapply's
 *           _nt, _pre, _tot). */
long func_kernel_param_bytes(const Func *f);

/* All the terms of g (base cases and rules, sequence by sequence): the
 * roots of its DAG.  Returns their count; the array is in arena a. */
int gufunc_roots(const Gufunc *g, Arena *a, Node ***out);

#endif
