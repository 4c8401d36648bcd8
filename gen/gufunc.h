/* gufunc.h: queries on a gufunc's IR (ir.h): its terms, and the bytes of
 * parameters its kernels take. */
#ifndef SYMKERN_GUFUNC_H
#define SYMKERN_GUFUNC_H

#include "arena.h"
#include "ir.h"

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

/* Whether e is an index expression: a constant integer (*level = -1,
 * *off = it) or the index bound at some level plus a constant. */
bool gufunc_index_form(const Node *e, int *level, long *off);
/* One past the largest Func.index of prog's functions (at least 1): the
 * size of an array by Func.index. */
size_t program_index_end(const Program *prog);
/* prog without the functions marked in bad (by Func.index), in order. */
void program_keep(Program *prog, const unsigned char *bad);
/* All the terms of g (base cases and rules, sequence by sequence): the
 * roots of its DAG.  Returns their count; the array is in arena a. */
int gufunc_roots(const Gufunc *g, Arena *a, Node ***out);
/* The roots of any function's DAG: its root, or a gufunc's terms. */
int func_roots(const Func *f, Arena *a, Node ***out);

#endif
