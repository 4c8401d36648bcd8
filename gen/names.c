/* names.c: see names.h. */
#include "names.h"

#include <stdlib.h>
#include <string.h>

#include "mathfn.h"

/* The words an argument, size or output is never spelled as in generated
 * code, in strcmp order (bsearch; tests/unit/test_parse.c checks the order).
 * Gathered from:
 *  - C23's keywords (ISO/IEC 9899:2024 6.4.1), the '_' ones too although
 *    the leading '_' rule covers them;
 *  - C++20's keywords and alternative tokens ([lex.key], [lex.digraph]),
 *    its identifiers with special meaning ([lex.name]: final, import,
 *    module, override), and std;
 *  - CUDA's built-in variables (threadIdx, ..., warpSize) and the vector
 *    types of its vector_types.h (dim3, float4, double2, CUDA 13's
 *    double4_16a, ...);
 *  - what the C standard headers define in lower case as macros or
 *    objects, where the generated code or a file including its header
 *    would see it: <math.h>'s classification and comparison macros
 *    (isfinite, isnan, signbit, fpclassify, ...), math_errhandling and
 *    glibc's signgam (a global that -Wshadow reports), errno, assert,
 *    offsetof, unreachable, setjmp, va_start..., <complex.h>'s complex and
 *    imaginary, <stdnoreturn.h>'s noreturn, <stdio.h>'s stdin, stdout,
 *    stderr and glibc's L_tmpnam, L_ctermid, L_cuserid, P_tmpdir (which
 *    the CUDA runtime's headers include);
 *  - glibc's typedefs and globals that C++'s <cmath> and the CUDA
 *    runtime's headers declare (uint, ulong, ushort, u_char, u_short,
 *    u_int, u_long, fd_set, fd_mask; timezone, tzname, daylight,
 *    getdate_err, program_invocation_name, ..._short_name) and the CUDA
 *    headers' CUuuid and libraryPropertyType, which a parameter shadows
 *    (g++ -Wshadow, which the project's own builds use; found by
 *    compiling every identifier of those headers as an argument);
 *  - what the generated code itself calls or declares where arguments are
 *    in scope (the templates and gen/emit*.c), other than the math functions
 *    (mathfn_is_c_name) and what the rules of names_is_reserved cover
 *    (cuda*, *_t, _*): isfinite, memset, memcpy, atomicAdd, dim3,
 *    CUstream_st, and the map functions' own parameters n, i, out, stream
 *    and batch;
 *  - GNU C's predefined macros linux, unix and i386, and omp (OpenMP's
 *    pragmas; its functions are omp_*). */
static const char *const reserved[] = {
	"CUstream", "CUstream_st", "CUuuid", "L_ctermid", "L_cuserid", "L_tmpnam", "P_tmpdir",
	"_Alignas", "_Alignof", "_Atomic", "_BitInt", "_Bool", "_Complex", "_Decimal128",
	"_Decimal32", "_Decimal64", "_Generic", "_Imaginary", "_Noreturn", "_Static_assert",
	"_Thread_local", "alignas", "alignof", "and", "and_eq", "asm", "assert", "atomicAdd", "auto",
	"batch", "bitand", "bitor", "blockDim", "blockIdx", "bool", "break", "case", "catch", "char",
	"char1", "char16_t", "char2", "char3", "char32_t", "char4", "char8_t", "class", "co_await",
	"co_return", "co_yield", "compl", "complex", "concept", "const", "const_cast", "consteval",
	"constexpr", "constinit", "continue", "daylight", "decltype", "default", "delete", "dim3",
	"do", "double", "double1", "double2", "double3", "double4", "double4_16a", "double4_32a",
	"dynamic_cast", "else", "enum", "errno", "explicit", "export", "extern", "false", "fd_mask",
	"fd_set", "final", "float", "float1", "float2", "float3", "float4", "for", "fpclassify",
	"friend", "getdate_err", "goto", "gridDim", "i", "i386", "if", "imaginary", "import",
	"inline", "int", "int1", "int2", "int3", "int4", "iscanonical", "iseqsig", "isfinite",
	"isgreater", "isgreaterequal", "isinf", "isless", "islessequal", "islessgreater", "isnan",
	"isnormal", "issignaling", "issubnormal", "isunordered", "iszero", "libraryPropertyType",
	"linux", "long", "long1", "long2", "long3", "long4", "long4_16a", "long4_32a", "longlong1",
	"longlong2", "longlong3", "longlong4", "longlong4_16a", "longlong4_32a", "math_errhandling",
	"memcpy", "memset", "module", "mutable", "n", "namespace", "new", "noexcept", "noreturn",
	"not", "not_eq", "nullptr", "offsetof", "omp", "operator", "or", "or_eq", "out", "override",
	"private", "program_invocation_name", "program_invocation_short_name", "protected", "public",
	"register", "reinterpret_cast", "requires", "restrict", "return", "setjmp", "short", "short1",
	"short2", "short3", "short4", "signbit", "signed", "signgam", "sizeof", "static",
	"static_assert", "static_cast", "std", "stderr", "stdin", "stdout", "stream", "struct",
	"switch", "template", "this", "threadIdx", "thread_local", "throw", "timezone", "true", "try",
	"typedef", "typeid", "typename", "typeof", "typeof_unqual", "tzname", "u_char", "u_int",
	"u_long", "u_short", "uchar1", "uchar2", "uchar3", "uchar4", "uint", "uint1", "uint2",
	"uint3", "uint4", "ulong", "ulong1", "ulong2", "ulong3", "ulong4", "ulong4_16a", "ulong4_32a",
	"ulonglong1", "ulonglong2", "ulonglong3", "ulonglong4", "ulonglong4_16a", "ulonglong4_32a",
	"union", "unix", "unreachable", "unsigned", "ushort", "ushort1", "ushort2", "ushort3",
	"ushort4", "using", "va_arg", "va_copy", "va_end", "va_start", "virtual", "void", "volatile",
	"warpSize", "wchar_t", "while", "xor", "xor_eq",
};

/* Prefixes of reserved names: the C implementation's (_), m4's and the
 * templates' macros (m4_, sk_), renamed names (s_), the generated
 * parameters of an argument (inc_, incel_), the CUDA runtime (cuda:
 * cudaLaunchKernel), OpenMP's functions (omp_) and <math.h>'s constants
 * (M_: glibc's M_PIf, M_El, ... have lower-case letters). */
static const char *const reserved_prefixes[] = {
	"_", "m4_", "sk_", "s_", "inc_", "incel_", "cuda", "omp_", "M_",
};

enum {
	NRESERVED = sizeof reserved / sizeof reserved[0],
	NPREFIXES = sizeof reserved_prefixes / sizeof reserved_prefixes[0]
};

const char *names_reserved_word(size_t i)
{
	return i < NRESERVED ? reserved[i] : NULL;
}

const char *names_reserved_prefix(size_t i)
{
	return i < NPREFIXES ? reserved_prefixes[i] : NULL;
}

bool names_is_identifier(const char *s)
{
	if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_'))
		return false;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_' ||
		      (*s >= '0' && *s <= '9')))
			return false;
	return true;
}

static bool starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

static int cmp_word(const void *key, const void *elem)
{
	return strcmp(key, *(const char *const *)elem);
}

static bool is_reserved_word(const char *name)
{
	return bsearch(name, reserved, NRESERVED, sizeof reserved[0], cmp_word) != NULL;
}

/* t1, t10: the temporaries. */
static bool is_temporary(const char *name)
{
	if (name[0] != 't' || !name[1])
		return false;
	for (const char *p = name + 1; *p; p++)
		if (*p < '0' || *p > '9')
			return false;
	return true;
}

/* Two or more characters, none lower case: a macro's style (NAN, M_PI). */
static bool is_macro_style(const char *name)
{
	if (!name[1])
		return false;
	for (const char *p = name; *p; p++)
		if (*p >= 'a' && *p <= 'z')
			return false;
	return true;
}

bool names_is_reserved(const char *name, const char *lib)
{
	if (is_reserved_word(name) || mathfn_is_c_name(name) || is_temporary(name) ||
	    is_macro_style(name))
		return true;
	for (size_t i = 0; i < NPREFIXES; i++)
		if (starts(name, reserved_prefixes[i]))
			return true;
	size_t len = strlen(name);
	if (len > 2 && strcmp(name + len - 2, "_t") == 0) /* type names: size_t, ptrdiff_t */
		return true;
	return *lib && starts(name, lib);
}

const char *names_c_arg(Arena *a, const char *name, const char *lib)
{
	if (!names_is_reserved(name, lib))
		return name;
	size_t l = strlen(name);
	char *s = arena_alloc(a, l + 3);
	memcpy(s, "s_", 2);
	memcpy(s + 2, name, l + 1);
	return s;
}

/* Headers that NAME.h must not hide, as `-I DIR` puts DIR before the
 * system's folders: the C23 standard headers (7.1.2), POSIX and glibc
 * headers that programs commonly include, the CUDA toolkit's (cuda*.h as
 * a prefix below; cuComplex, cublas, ...), OpenMP's, MPI's, and Check's
 * (the tests'). */
static const char *const headers[] = {
	"alloca", "assert", "check", "complex", "ctype", "cuComplex", "cublas", "cublasLt",
	"cublas_v2", "cufft", "curand", "curand_kernel", "cusolverDn", "cusparse",
	"device_launch_parameters", "dirent", "dlfcn", "driver_types", "endian", "errno", "fcntl",
	"fenv", "float", "getopt", "inttypes", "iso646", "limits", "locale", "malloc", "math",
	"math_constants", "memory", "mpi", "nvToolsExt", "nvrtc", "omp", "poll", "pthread",
	"sched", "semaphore", "setjmp", "signal", "stdalign", "stdarg", "stdatomic", "stdbit",
	"stdbool", "stdckdint", "stddef", "stdint", "stdio", "stdlib", "stdnoreturn", "string",
	"strings", "tgmath", "threads", "time", "uchar", "unistd", "vector_types", "wchar",
	"wctype",
};

static bool is_header(const char *lib)
{
	if (starts(lib, "cuda"))
		return true;
	for (size_t i = 0; i < sizeof headers / sizeof headers[0]; i++)
		if (strcmp(lib, headers[i]) == 0)
			return true;
	return false;
}

const char *names_check_lib(const char *lib)
{
	if (!names_is_identifier(lib))
		return "must be a C identifier (letters, digits and '_', not starting with a digit)";
	if (strlen(lib) > 64)
		return "must be at most 64 characters";
	if (lib[0] == '_' || starts(lib, "m4_") || starts(lib, "sk_"))
		return "must not start with '_', 'm4_' or 'sk_' (reserved for the C implementation, m4 "
		       "and symkern's templates)";
	if (is_header(lib))
		return "is the name of a system or toolkit header (as stdint, math, cuda_runtime, omp): "
		       "the generated header of that name would hide it wherever the output folder is "
		       "searched first (-I)";
	if (is_reserved_word(lib))
		return "must not be a C, C++ or CUDA keyword or a name the generated code uses";
	return NULL;
}
