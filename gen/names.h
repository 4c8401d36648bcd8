/* names.h: how names from a .sym file are spelled in generated code.
 *
 * Function names only ever appear after the library prefix (NAME_f_f64), so
 * any identifier works.  An argument, size or output is spelled as written
 * unless it could mean something else to m4, the C/C++/CUDA compilers or
 * the generated code; then it is spelled `s_` + name.  Those names
 * (names_is_reserved) are: the words of names.c's table (C23 and C++20
 * keywords, CUDA's built-in variables and vector types, lower-case macros
 * and objects of the standard headers such as isfinite, errno, signgam, and
 * what the generated code calls or declares: memset, atomicAdd, dim3, the
 * API's own parameters n, i, out, stream, batch; names.c says where each
 * group comes from); names starting with '_', `m4_`, `sk_`, `s_`, `inc_`,
 * `incel_`, `cuda`, `omp_` or `M_`; names ending in `_t` (types); `t`
 * followed by digits (temporaries); C math function names (sin, sinf, ...);
 * names of two or more characters without a lower-case letter (macros such
 * as NAN, HUGE_VAL); and names starting with the library's own prefix.
 * `s_` names are themselves reserved, so the mapping is one to one. */
#ifndef SYMKERN_NAMES_H
#define SYMKERN_NAMES_H

#include <stdbool.h>
#include <stddef.h>

#include "arena.h"

bool names_is_identifier(const char *s);
bool names_is_reserved(const char *name, const char *lib);
/* The argument's spelling in generated code. */
const char *names_c_arg(Arena *a, const char *name, const char *lib);
/* A library name (-n): an identifier that is not reserved for m4, C or
 * symkern, at most 64 characters, and not the name of a header that its
 * NAME.h would hide (stdint, math, cuda_runtime, ...).  NULL if valid,
 * else why not. */
const char *names_check_lib(const char *lib);
/* The reserved table's words in order, and the reserved prefixes; NULL
 * past the end (for tests). */
const char *names_reserved_word(size_t i);
const char *names_reserved_prefix(size_t i);

#endif
