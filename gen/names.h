/* names.h: how names from a .sym file are spelled in generated code.
 *
 * Function names only ever appear after the library prefix (NAME_f_f64), so
 * any identifier works.  An argument is spelled as written unless it could
 * mean something else to m4, the C/C++/CUDA compilers or the generated code;
 * then it is spelled `s_` + name.  Those names (names_is_reserved) are:
 * C, C++ and CUDA keywords and built-in variables; names starting with '_',
 * `m4_`, `sk_`, `s_`, `inc_` or `cuda` (the CUDA runtime's functions, such
 * as cudaLaunchKernel; the generated code's own locals start
 * with '_'); names ending in `_t` (types); `t` followed by digits
 * (temporaries); the
 * generated API's own parameters (n, i, out, stream); C math function names
 * (sin, sinf, ...); names of two or more characters without a lower-case
 * letter (macros such as NAN, M_PI); `linux`, `unix`, `i386` (GNU C
 * predefines them), `math_errhandling` (a <math.h> macro); and names starting with the library's own prefix.
 * `s_` names are themselves reserved, so the mapping is one to one. */
#ifndef SYMKERN_NAMES_H
#define SYMKERN_NAMES_H

#include <stdbool.h>

#include "arena.h"

bool names_is_identifier(const char *s);
bool names_is_reserved(const char *name, const char *lib);
/* The argument's spelling in generated code. */
const char *names_c_arg(Arena *a, const char *name, const char *lib);
/* A library name (-n): an identifier that is not reserved for m4, C or
 * symkern and at most 64 characters.  NULL if valid, else why not. */
const char *names_check_lib(const char *lib);

#endif
