/* names.c: see names.h. */
#include "names.h"

#include <string.h>

#include "mathfn.h"

static const char *const keywords[] = {
	/* C11 */
	"auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else",
	"enum", "extern", "float", "for", "goto", "if", "inline", "int", "long", "register",
	"restrict", "return", "short", "signed", "sizeof", "static", "struct", "switch", "typedef",
	"union", "unsigned", "void", "volatile", "while",
	/* C++ */
	"alignas", "alignof", "and", "and_eq", "asm", "bitand", "bitor", "bool", "catch",
	"char8_t", "char16_t", "char32_t", "class", "compl", "concept", "consteval", "constexpr",
	"constinit", "const_cast", "co_await", "co_return", "co_yield", "decltype", "delete",
	"dynamic_cast", "explicit", "export", "false", "friend", "module", "mutable", "namespace",
	"new", "noexcept", "not", "not_eq", "nullptr", "operator", "or", "or_eq", "private",
	"protected", "public", "reinterpret_cast", "requires", "static_assert", "static_cast",
	"template", "this", "thread_local", "throw", "true", "try", "typeid", "typename", "using",
	"virtual", "wchar_t", "xor", "xor_eq", "std",
	/* CUDA built-ins, GNU predefined macros, generated API parameters */
	"threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "dim3",
	"linux", "unix", "i386", "n", "i", "out", "stream", "batch", "errno", "assert", "math_errhandling",
};

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

bool names_is_reserved(const char *name, const char *lib)
{
	for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++) /* first bytes first: 10^4 functions */
		if (name[0] == keywords[i][0] && strcmp(name, keywords[i]) == 0)
			return true;
	if (name[0] == '_' || starts(name, "m4_") || starts(name, "sk_") || starts(name, "s_") ||
	    starts(name, "inc_") || starts(name, "incel_") || starts(name, "cuda") || mathfn_is_c_name(name))
		return true;
	size_t len = strlen(name);
	if (len > 2 && strcmp(name + len - 2, "_t") == 0) /* type names: size_t, ptrdiff_t */
		return true;
	if (name[0] == 't' && name[1]) {
		const char *p = name + 1;
		while (*p >= '0' && *p <= '9')
			p++;
		if (!*p)
			return true;
	}
	if (name[1]) {
		bool lower = false;
		for (const char *p = name; *p; p++)
			lower = lower || (*p >= 'a' && *p <= 'z');
		if (!lower)
			return true;
	}
	size_t l = strlen(lib);
	if (l && strncmp(name, lib, l) == 0)
		return true;
	return false;
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

const char *names_check_lib(const char *lib)
{
	if (!names_is_identifier(lib))
		return "must be a C identifier (letters, digits and '_', not starting with a digit)";
	if (strlen(lib) > 64)
		return "must be at most 64 characters";
	if (lib[0] == '_' || starts(lib, "m4_") || starts(lib, "sk_"))
		return "must not start with '_', 'm4_' or 'sk_' (reserved for the C implementation, m4 "
		       "and symkern's templates)";
	for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
		if (strcmp(lib, keywords[i]) == 0)
			return "must not be a C, C++ or CUDA keyword";
	return NULL;
}
