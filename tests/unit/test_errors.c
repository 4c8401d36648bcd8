/* test_errors.c: bad input gets FILE:LINE:COL: error: MESSAGE, the source
 * line and a caret; every error of a file is reported. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checks.h"
#include "tests.h"

typedef struct {
	const char *src;
	int line, col;
	const char *msg;
} Bad;

static const Bad bad[] = {
	{"f(x) = y", 1, 8, "undefined symbol 'y' (not an argument of 'f')"},
	{"f(x) = I*x", 1, 8, "complex numbers ('I') are not supported"},
	{"f(x) = zoo", 1, 8, "complex infinity ('zoo') is not supported"},
	{"f(x) = nan + x", 1, 8, "'nan' is not supported"},
	{"f(x) = -oo", 1, 9, "infinity ('oo') is not supported"},
	{"f(x) = Integral(x, x)", 1, 8, "integrals are not supported"},
	{"f(x) = Derivative(sin(x), x)", 1, 8, "derivatives are not supported"},
	{"f(x) = Sum(x, (x, 0, 1))", 1, 8, "'Sum' needs a vector to reduce"},
	/* Gufuncs (symkern(5), GUFUNCS) */
	{"f(x) -> s[n]:\n    s[0] = x\n    s[k] = s[k + 1]\n", 3, 14, "'s' reads a later term"},
	{"f(x) -> s[n]:\n    s[0] = x\n    s[k] = s[2*k]\n", 3, 14, "the index of 's' must be an integer or an index plus or minus a constant"},
	{"f(x) -> s[n]:\n    s[0] = x\n    s[k] = s[k - 1] + s[k]\n", 3, 25, "'s' reads the term it defines"},
	{"f(x) -> s[n]:\n    s[k] = s[k - 1]\n", 2, 14, "at k = 0 this reads s[-1]: give base cases s[0] .. s[0]"},
	/* the base case is there, below the rule: the order is wrong */
	{"f(x) -> s[n]:\n    s[k] = s[k - 1]*x\n    s[0] = 1\n", 2, 14, "at k = 0 this reads s[-1]: s's base cases must come before its rule, and one is below it, at line 3"},
	{"f(x) -> s[n]:\n    s[0] = 1\n    s[k] = s[k - 2]*x\n    s[1] = x\ng(x) = x\n", 3, 14, "at k = 1 this reads s[-1]: s's base cases must come before its rule, and one is below it, at line 4"},
	{"f(x) -> s[n]:\n    s[0] = 1\n    s[k] = s[k - 2]*x\ng(x) -> s[n]:\n    s[1] = x\n", 3, 14, "at k = 1 this reads s[-1]: give base cases s[0] .. s[1]"},
	{"f(x) -> s[n]:\n    s[0] = 1\n", 2, 5, "'s' has no rule for k >= 1"},
	{"f(x) -> s[n]:\n    t[0] = 1\n    t[k] = x\n", 1, 1, "output 's' is never defined"},
	{"f(x) -> s[n]:\n    s[1] = x\n", 2, 7, "expected 's[0]': base cases go in order"},
	{"f(x) -> s[n]:\n    s[k] = x\n    s[0] = 1\n", 3, 5, "'s' already has its rule"},
	{"f(x) -> a[n], b[m]:\n    a[k] = x\n", 1, 15, "every output has the same core dimension"},
	{"f(v[n]) -> s[4]:\n    s[k] = v[k]\n", 2, 12, "cannot show that this read of 'v' stays within its n elements"},
	{"f(v[n]) = Sum(v[k + 1], (k, 0, n - 1))", 1, 15, "cannot show that this read of 'v'"},
	{"f(v[n]) = Sum(v[k], (k, 0, n/2))", 1, 28, "a limit must be an integer"},
	{"f(v[n]) = Sum(v[k], (k, 0, n - 1), (j, 0, 1))", 1, 34, "one (index, lower, upper) per Sum"},
	/* The index is looked for up to the next '=' only: an unclosed Sum no
	 * longer scans the rest of the file (quadratic in unclosed Sums) */
	{"f(v[n]) = Sum(v[k]\ng(x) = x, (j, 0, 1))", 1, 11, "expected Sum(expression, (index, lower, upper))"},
	{"f(v[n]) = v", 1, 11, "'v' is a vector: index it"},
	{"f(x) = x[0]", 1, 8, "'x' is not a vector"},
	{"f(x) -> s[n]\n    s[k] = x\n", 1, 13, "expected ':' ending the header"},
	{"g(v[n]) = Sum(v[k], (k, 0, n - 1))\nf(x) = g(x)", 2, 8, "'g' is a gufunc"},
	{"f(x) -> s[0]:\n    s[k] = x\n", 1, 11, "a fixed size must be an integer from 1"},
	/* A factorial out of range inside binomial (found by fuzz_parse: it crashed) */
	{"f(x) = binomial(x, 3000)", 1, 8, "constant expression is not a finite real number"},
	{"f(x) = binomial(3000, x)", 1, 8, "constant expression is not a finite real number"},
	{"f(x) = conjugate(x)", 1, 8, "complex functions ('conjugate') are not supported: symkern treats every "
	                              "argument as real, so conjugate(x) is x"},
	{"f(x) = foo(x)", 1, 8, "unknown function 'foo'\n"}, /* nothing near it: no suggestion */
	/* Errors that teach (and near_misses below) */
	{"f(x) = LambertW(x, 1)", 1, 20, "LambertW's branch must be the integer 0 or -1, the real ones (the others are complex)"},
	{"f(x, k) = LambertW(x, k)", 1, 23, "LambertW's branch must be the integer 0 or -1"},
	{"f(x) = x^2", 1, 9, "'^' is not a power in SymPy's syntax (it is Python's exclusive or): write '**', as in x**2"},
	{"f(x) = x + O(x**6)", 1, 12, "'O(...)' is the order term of a series: call .removeO() on the series in SymPy first"},
	{"f(x) = re(x)", 1, 8, "complex functions ('re') are not supported: symkern treats every argument as real, so "
	                       "re(x) is x; declare the symbols real in SymPy (Symbol('x', real=True))"},
	{"f(x) = x + im(x)", 1, 12, "complex functions ('im') are not supported: symkern treats every argument as real, "
	                            "so im(x) is 0"},
	{"f(x) = sin(x, x)", 1, 8, "'sin' takes 1 argument, got 2"},
	{"f(x) = atan2(x)", 1, 8, "'atan2' takes 2 arguments, got 1"},
	{"f(x) = log(x, 2, 3)", 1, 8, "'log' takes 1 or 2 arguments, got 3"},
	{"f(x) = Min()", 1, 8, "'Min' takes at least 1 argument, got 0"},
	{"f(x) = Heaviside(x, 1, 2)", 1, 8, "'Heaviside' takes 1 or 2 arguments, got 3"},
	{"f(x) = Eq(x)", 1, 8, "'Eq' takes 2 arguments, got 1"},
	{"f(x) = x\nf(y) = y", 2, 1, "redefinition of 'f' (first defined at 1:1)"},
	{"f(x) = 1 + f(x)", 1, 12, "'f' calls itself: recursion is not supported"},
	{"f(x) = g(x)\ng(x) = x", 1, 8, "'g' is defined below, at line 2"},
	{"f(x, x) = x", 1, 6, "duplicate argument 'x'"},
	{"f(1) = 1", 1, 3, "expected an argument name, saw '1'"},
	{"f(x) = x +", 1, 11, "expected an expression, saw end of file"},
	{"f(x) = (x + 1\n", 2, 1, "expected ')' to close '(' at 1:8, saw end of file"},
	{"f(x) = x)", 1, 9, "expected end of line after the definition, saw ')'"},
	{"f(x) x", 1, 6, "expected '=' or '->', saw 'x'"},
	{"f x = x", 1, 3, "expected '(' after the function name, saw 'x'"},
	{"(x) = x", 1, 1, "expected a definition 'name(args) = expression', saw '('"},
	{"f(x) = x == 1", 1, 10, "'==' is not SymPy syntax; write Eq(a, b)"},
	{"f(x) = x != 1", 1, 10, "'!=' is not SymPy syntax; write Ne(a, b)"},
	{"f(x) = x > 1", 1, 8, "a function must return a number, not a condition"},
	{"f(x) = x & 1", 1, 10, "'&' needs a condition"},
	{"f(x) = (x > 1) + 1", 1, 16, "'+' needs a number, not a condition"},
	{"f(x) = x**(x > 1)", 1, 9, "'**' needs a number, not a condition"},
	{"f(x) = Piecewise((x, 1), (0, True))", 1, 22, "a Piecewise condition needs a condition"},
	{"f(x) = Piecewise((x > 1, True))", 1, 19, "a Piecewise value needs a number"},
	{"f(x) = Piecewise(x, True)", 1, 18, "expected '(' starting a Piecewise pair"},
	{"f(x) = Not(x)", 1, 12, "'Not' needs a condition"},
	{"f(x) = x/(2 - 2)", 1, 9, "division by zero"},
	{"f(x) = log(-1) + x", 1, 8, "constant expression is not a finite real number"},
	{"f(x) = 0**-1 + x", 1, 9, "constant expression is not a finite real number"},
	{"f(x) = x $ 1", 1, 10, "unexpected character '$'"},
	{"f(x) = x` + 1", 1, 9, "unexpected character '`'"},
	{"f(x) = 2x", 1, 9, "invalid suffix on number"},
	{"f(x) = sin(x)\nsin(x) = x", 1, 8, "'sin' is defined below, at line 2"},
	{"f(pi) = pi(1)", 1, 9, "'pi' is an argument, not a function"},
	{"f(x) = x(1)", 1, 8, "'x' is an argument, not a function"},
	{"g(x) = x\nf(x) = g", 2, 8, "'g' is a function; call it with arguments"},
	{"f(x) = sin + 1", 1, 8, "'sin' is a function; call it with arguments"},
	{"f(x) = pi(2)", 1, 8, "'pi' is a constant, not a function"},
	{"g(x) = x\nf(x) = g(x, x)", 2, 8, "'g' takes 1 argument, got 2 (defined at 1:1)"},
	{"f(x) = x\nf_map(x) = x", 2, 1, "'f_map' and 'f' (defined at 1:1) would give two C functions of one name"},
	{"f_map(x) = x\nf(x) = x", 2, 1, "'f' and 'f_map' (defined at 1:1) would give two C functions of one name"},
	/* A constant base is checked, and the message names it. */
	{"f(x) = log(x, 1)", 1, 15, "log base 1: the base must be positive and not 1 (log(1) is 0: a division by zero)"},
	{"f(x) = log(x, 2 - 1)", 1, 15, "log base 1: the base must be positive and not 1"},
	{"f(x) = log(x, -1)", 1, 15, "log base -1: the base must be positive and not 1 (log(-1) is not a real number)"},
	{"f(x) = log(x, -1/2)", 1, 15, "log base -1/2: the base must be positive and not 1 (log(-1/2) is not a real number)"},
	{"f(x) = log(x, 0)", 1, 15, "log base 0: the base must be positive and not 1 (log(0) is -infinity)"},
	/* The lower stage folds an argument before checking it, and reports a
	 * division by a call that folds to 0 at the call. */
	{"f(x) = polygamma(2**5 + 1, x)", 1, 18, "polygamma's order must be an integer constant from 0 to 32"},
	{"f(x) = LambertW(x, 2**0)", 1, 20, "LambertW's branch must be the integer 0 or -1"},
	{"f(x) = besselj(factorial(2) + 1/2, x)", 1, 16, "besselj's order must be an integer constant from -128 to 128"},
	{"f(x) = x/sin(0)", 1, 10, "division by zero"},
	{"f(x) = x/(1 - cos(0))", 1, 15, "division by zero"},
	{"f(x) = x + factorial(1754)*1000", 1, 12, "constant expression is not a finite real number"},
	/* A literal that long double cannot hold, above or below (symkern(5), NUMBERS) */
	{"f(x) = 1e99999 + x", 1, 8, "number out of range: above the largest long double"},
	{"f(x) = 1e-5000 + x", 1, 8, "number out of range: not 0, but below the smallest long double"},
	{"f(x) = x*0.00001e-4999", 1, 10, "number out of range: not 0, but below the smallest long double"},
	/* Calls before definitions, and recursion through them */
	{"f(x) = g(x)\ng(x) = f(x)", 1, 8, "'g' is called before it is defined (at line 2), and 'g' calls 'f': recursion is not supported"},
	{"f(x) = g(x)\ng(x) = h(x)\nh(x) = f(x)", 1, 8, "'g' is called before it is defined (at line 2), and 'g' calls 'f', through other functions: recursion is not supported"},
	/* Limits (symkern(5), LIMITS) */
	{"f(x) -> s[n]:\n    s[0] = x\n    s[k] = s[k - 65]\n", 3, 14, "this reads 's' 65 terms back, more than the 64 a sequence may keep in registers"},
	{"f(x) -> s[n]:\n    s[0] = x\n    s[k] = s[k - 2000] + x\n", 3, 14, "this reads 's' 2000 terms back, more than the 64"},
	/* Bounds too large to compute are not shown to hold (UBSan found the overflow) */
	{"f(v[n]) = Sum(v[k], (k, 0, 1000000*(1000000*(1000000*(1000000*n))) - 1))", 1, 15, "cannot show that this read of 'v'"},
	{"f(x) = x\n\t\tg(y) = z", 2, 10, "undefined symbol 'z'"},
	/* What sympy.ccode prints that is C, not SymPy, syntax (symkern(5),
	 * "Spellings of sympy.ccode"): these strings are ccode's own output. */
	{"f(x) = ((x > 0) ? (\n   x\n)\n: (\n   0\n))", 1, 17, "the C conditional 'c ? a : b' is not SymPy syntax; write Piecewise((a, c), (b, True))"},
	{"f(x, y) = ((x > 0 && y < 1) ? (\n   x\n)\n: (\n   y\n))", 1, 19, "'&&' is C, not SymPy syntax; write (a) & (b) or And(a, b)"},
	{"f(x, y) = ((y > 1 || x < 0) ? (\n   y\n)\n: (\n   x\n))", 1, 19, "'||' is C, not SymPy syntax; write (a) | (b) or Or(a, b)"},
	{"f(x, y) = Piecewise((1, !(x > 0 && y > 0)), (0, True))", 1, 25, "'!' is C, not SymPy syntax; write ~(c) or Not(c)"},
	{"f(x) = (((x) > 0) - ((x) < 0))", 1, 19, "'-' needs a number, not a condition"},
	{"f(x) = x == 0 ? 1 : x", 1, 10, "'==' is not SymPy syntax; write Eq(a, b)"},
	{"f(x) = pow(x)", 1, 8, "'pow' takes 2 arguments, got 1"},
	{"f(x, y, z) = fmin(x, y, z)", 1, 14, "'fmin' takes 2 arguments, got 3"},
	{"f(x) = fmax(x)", 1, 8, "'fmax' takes 2 arguments, got 1"},
	{"f(x) = M_PI(x)", 1, 8, "'M_PI' is a constant, not a function"},
	{"f(pow) = pow(pow, 2)", 1, 10, "'pow' is an argument, not a function"},
	{"f(M_PI) = M_PI(1)", 1, 11, "'M_PI' is an argument, not a function"},
	{"f(x) = fabs(x)\nfabs(x) = x", 1, 8, "'fabs' is defined below, at line 2"},
	{"f(x) = pow(x > 1, 2)", 1, 12, "'pow' needs a number, not a condition"},
	{"g(x) = x\nf(x) = g(x > 1)", 2, 8, "an argument of 'g' needs a number, not a condition"},
	{"f(x) = pow(0, -1) + x", 1, 8, "constant expression is not a finite real number"},
	/* sympy.codegen's nodes: arity, and what they refuse */
	{"f(x) = logaddexp(x)", 1, 8, "'logaddexp' takes 2 arguments, got 1"},
	{"f(x) = logaddexp2(x, x, x)", 1, 8, "'logaddexp2' takes 2 arguments, got 3"},
	{"f(x) = sinc(x, 1)", 1, 8, "'sinc' takes 1 argument, got 2"},
	{"f(x) = cosm1()", 1, 8, "'cosm1' takes 1 argument, got 0"},
	{"f(x) = Cbrt(x, 3)", 1, 8, "'Cbrt' takes 1 argument, got 2"},
	{"f(x) = sec(x, 2)", 1, 8, "'sec' takes 1 argument, got 2"},
	{"f(x) = x + csc(0)", 1, 12, "constant expression is not a finite real number"},
	{"f(x) = coth(x > 1)", 1, 13, "'coth' needs a number, not a condition"},
	{"f(x) = acoth(x, x)", 1, 8, "'acoth' takes 1 argument, got 2"},
	{"f(x) = Mod(x)", 1, 8, "'Mod' takes 2 arguments, got 1"},
	/* special functions: their arities, constants outside the domain */
	{"f(x) = betainc_regularized(x, x, x)", 1, 8, "'betainc_regularized' takes 4 arguments, got 3"},
	{"f(x) = x + betainc(-1, 2, 0, 1/2)", 1, 12, "constant expression is not a finite real number"},
	{"f(x) = airyai(x, x)", 1, 8, "'airyai' takes 1 argument, got 2"},
	{"f(x) = jn(-130, x)", 1, 11, "jn's order must be an integer constant from -129 to 128"},
	{"f(x) = yn(1.5, x)", 1, 11, "yn's order must be an integer constant from -129 to 128"},
	{"f(x) = besselk(-129, x)", 1, 16, "besselk's order must be an integer constant from -128 to 128"},
	{"f(x) = x + besselk(0, 0)", 1, 12, "constant expression is not a finite real number"},
	{"f(x) = besseli(x)", 1, 8, "'besseli' takes 2 arguments, got 1"},
	{"f(x) = elliptic_e(x, x, x)", 1, 8, "'elliptic_e' takes 1 or 2 arguments, got 3"},
	{"f(x) = elliptic_f(x)", 1, 8, "'elliptic_f' takes 2 arguments, got 1"},
	{"f(x) = x + elliptic_k(2)", 1, 12, "constant expression is not a finite real number"},
	{"f(x) = besselj(1/2, x)", 1, 16, "besselj's order must be an integer constant from -128 to 128 (the range whose accuracy symkern measures); real and variable orders are not supported"},
	{"f(x, n) = bessely(n, x)", 1, 19, "bessely's order must be an integer constant from -128 to 128"},
	{"f(x) = besselj(129, x)", 1, 16, "besselj's order must be an integer constant from -128 to 128"},
	{"f(x) = besselj(0)", 1, 8, "'besselj' takes 2 arguments, got 1"},
	{"f(x) = x + bessely(0, 0)", 1, 12, "constant expression is not a finite real number"},
	{"f(x) = polygamma(33, x)", 1, 18, "polygamma's order must be an integer constant from 0 to 32 (the range whose accuracy symkern measures); variable orders are not supported"},
	{"f(x, m) = polygamma(m, x)", 1, 21, "polygamma's order must be an integer constant from 0 to 32"},
	{"f(x) = polygamma(-1, x)", 1, 18, "polygamma's order must be an integer constant from 0 to 32"},
	{"f(x) = zeta(x, x, x)", 1, 8, "'zeta' takes 1 or 2 arguments, got 3"},
	{"f(x) = x + zeta(1)", 1, 12, "constant expression is not a finite real number"},
	{"f(x) = dirichlet_eta()", 1, 8, "'dirichlet_eta' takes 1 argument, got 0"},
	{"f(x) = polygamma(x)", 1, 8, "'polygamma' takes 2 arguments, got 1"},
	{"f(x) = x + digamma(-3)", 1, 12, "constant expression is not a finite real number"},
	{"f(x) = x + polygamma(1, 0)", 1, 12, "constant expression is not a finite real number"},
	{"f(x) = betainc(x, x, x, x, x)", 1, 8, "'betainc' takes 4 arguments, got 5"},
	{"f(x) = x + betainc_regularized(2, 3, 0, 2)", 1, 12, "constant expression is not a finite real number"},
	{"f(x) = x + Ci(-1)", 1, 12, "constant expression is not a finite real number"},
	{"f(x) = x + li(1)", 1, 12, "constant expression is not a finite real number"},
	{"f(x) = Si(x, x)", 1, 8, "'Si' takes 1 argument, got 2"},
	{"f(x) = exp_polar(x)", 1, 8, "'exp_polar' is not supported: for a real argument it is exp; write exp(x)"},
	{"f(x) = x + Mod(1, 0)", 1, 12, "constant expression is not a finite real number"},
	{"f(x) = x + acsch(0)", 1, 12, "constant expression is not a finite real number"},
	{"f(x) = Sqrt(-1) + x", 1, 8, "constant expression is not a finite real number"},
	/* With or without a True branch: a NaN x does not always give NaN */
	{"f(x) = Piecewise((x, isnan(x)), (0, True))", 1, 22, "'isnan' is not supported: write Ne(x, x), which is true exactly where x is NaN"},
	{"f(x) = Piecewise((0, isnan(x)), (x, x > 0))", 1, 22, "'isnan' is not supported: write Ne(x, x), which is true exactly where x is NaN (the relations and Eq are false for NaN, so a Piecewise whose other conditions are relations gives a NaN x its (e, True) branch, or NaN if it has none)"},
	{"f(x) = isnan + x", 1, 8, "'isnan' is not supported: write Ne(x, x)"},
	{"f(x) = Piecewise((x, isinf(x)), (0, True))", 1, 22, "'isinf' is not supported"},
};

/* The messages from the first that is not a note (a note, its line and
 * its caret: three lines). */
static const char *after_notes(const char *m)
{
	for (;;) {
		const char *eol = strchr(m, '\n'), *note = strstr(m, ": note: "), *caret = strstr(m, "^\n");
		if (!eol || !note || note > eol || !caret)
			return m;
		m = caret + 2;
	}
}

UNIT_TEST(test_bad_input, "messages", COUNT(bad))
{
	const Bad *b = &bad[_i];
	Parsed *p = parse_text(b->src);
	char want[512];
	snprintf(want, sizeof want, "t.sym:%d:%d: error: %s", b->line, b->col, b->msg);
	ck_assert_msg(p->errors >= 1, "%s: no error", b->src);
	const char *got = after_notes(p->msgs);
	ck_assert_msg(strncmp(got, want, strlen(want)) == 0, "%s:\n got: %s\nwant: %s", b->src,
	              p->msgs, want);
	parsed_free(p);
}
END_TEST

/* Errors that teach: a function named as other languages name it, or a
 * near miss, gets the name SymPy gives it. */
static const struct {
	const char *name, *sympy;
} near_misses[] = {
	{"abs", "Abs"}, {"ln", "log"},  {"arctan", "atan"}, {"arcsinh", "asinh"},
	{"max", "Max"}, {"sinn", "sin"}, {"Sin", "sin"},     {"erfinf", "erfinv"},
};

UNIT_TEST(test_near_miss, "messages", COUNT(near_misses))
{
	char src[64], want[128];
	snprintf(src, sizeof src, "f(x) = %s(x, 1)", near_misses[_i].name);
	snprintf(want, sizeof want, "t.sym:1:8: error: unknown function '%s': did you mean '%s'?\n",
	         near_misses[_i].name, near_misses[_i].sympy);
	Parsed *p = parse_text(src);
	ck_assert_msg(strncmp(p->msgs, want, strlen(want)) == 0, "%s:\n got: %s\nwant: %s", src, p->msgs,
	              want);
	parsed_free(p);
}
END_TEST

UNIT_TEST(test_caret, "messages", 0)
{
	Parsed *p = parse_text("f(x) = x\n\tg(x) = x +* 2\n");
	ck_assert_int_eq(p->errors, 1);
	ck_assert_str_eq(p->msgs, "t.sym:2:12: error: expected an expression, saw '*'\n"
	                          "\tg(x) = x +* 2\n"
	                          "\t          ^\n");
	parsed_free(p);
}
END_TEST

UNIT_TEST(test_all_errors_reported, "messages", 0)
{
	Parsed *p = parse_text("a(x) = x +\n"
	                       "b(x) = x\n"
	                       "c(x) = (x\n"
	                       "d(x) = y\n"
	                       "e(x) = (1 +\n"
	                       "    2 +\n"
	                       "    zoo)\n"
	                       "f(x) = x\n");
	ck_assert_int_eq(p->errors, 4);
	ck_assert_int_eq(p->prog.nfuncs, 2); /* b and f */
	ck_assert_ptr_nonnull(strstr(p->msgs, "t.sym:1:11: error:"));
	ck_assert_ptr_nonnull(strstr(p->msgs, "t.sym:4:1: error: expected ')' to close '(' at 3:8"));
	ck_assert_ptr_nonnull(strstr(p->msgs, "t.sym:4:8: error: undefined symbol 'y'"));
	ck_assert_ptr_nonnull(strstr(p->msgs, "t.sym:7:5: error: complex infinity"));
	parsed_free(p);
}
END_TEST

/* Errors of later stages come after the parse's, and a definition with an
 * error in one stage goes no further.  want: the errors in order; their
 * count is all there is. */
typedef struct {
	const char *src;
	int errors, nfuncs; /* nfuncs: map functions left in the program */
	const char *want[5];
} Order;

static const Order orders[] = {
	/* the lower stage reports every call it cannot lower, two in one line too */
	{"l(x) = log(x, -1) + log(x, 0)\n"
	 "g(x) = x +\n"
	 "h(x) = besselj(1/2, x)\n",
	 4, 0, {"t.sym:2:11: error:", "t.sym:1:15: error: log base -1", "t.sym:1:28: error: log base 0",
	        "t.sym:3:16: error: besselj's order"}},
	/* the check of types: once a definition (b's second '+' is not
	 * reported), which goes no further (e's log base is not checked) */
	{"a(x) = x + (x > 0)\n"
	 "h(x) = x +\n"
	 "b(x) = (x > 0) + (x > 1)\n"
	 "e(x) = ~x + log(x, -1)\n"
	 "c(x) = x\n",
	 4, 1, {"t.sym:2:11: error: expected an expression", "t.sym:1:10: error: '+' needs a number, not a condition",
	        "t.sym:3:16: error: '+' needs a number", "t.sym:4:8: error: '~' needs a condition"}},
	/* the check of names, first of the check stage (f's type error is not
	 * reported) */
	{"f_map(x) = x\n"
	 "f(x) = (x > 0) + 1\n"
	 "g(x) = x +\n"
	 "h(x) = x\n",
	 2, 2, {"t.sym:3:11: error: expected an expression",
	        "t.sym:2:1: error: 'f' and 'f_map' (defined at 1:1) would give two C functions of one name"}},
};

UNIT_TEST(test_stage_order, "messages", COUNT(orders))
{
	const Order *o = &orders[_i];
	Parsed *p = parse_text(o->src);
	ck_assert_msg(p->errors == o->errors, "%d errors, want %d:\n%s", p->errors, o->errors, p->msgs);
	ck_assert_int_eq(p->prog.nfuncs, o->nfuncs);
	const char *at = p->msgs;
	for (int i = 0; i < 5 && o->want[i]; i++) {
		const char *m = strstr(at, o->want[i]);
		ck_assert_msg(m, "missing or out of order: %s\nin:\n%s", o->want[i], p->msgs);
		at = m + 1;
	}
	parsed_free(p);
}
END_TEST

/* The check stage bounds the reads of the definitions that parsed even
 * when another did not: one run reports both. */
UNIT_TEST(test_reads_checked_beside_errors, "messages", 0)
{
	Parsed *p = parse_text("f(v[n]) = Sum(v[k + 1], (k, 0, n - 1))\n"
	                       "g(x) = x +\n"
	                       "h(v[n]) = Sum(v[k], (k, 0, n - 1))\n");
	ck_assert_int_eq(p->errors, 2);
	ck_assert_int_eq(p->prog.ngufuncs, 2); /* f and h parsed; f's read is out of bounds */
	ck_assert_ptr_nonnull(strstr(p->msgs, "t.sym:1:15: error: cannot show that this read of 'v'"));
	ck_assert_ptr_nonnull(strstr(p->msgs, "t.sym:2:11: error:"));
	parsed_free(p);
}
END_TEST

UNIT_TEST(test_deep_nesting, "messages", 0)
{
	enum { DEPTH = 100000 };
	char *s = malloc(2 * DEPTH + 32);
	size_t n = (size_t)sprintf(s, "f(x) = ");
	memset(s + n, '(', DEPTH);
	n += DEPTH;
	s[n++] = 'x';
	memset(s + n, ')', DEPTH);
	n += DEPTH;
	s[n] = '\0';
	Parsed *p = parse_text(s);
	ck_assert_int_ge(p->errors, 1);
	ck_assert_ptr_nonnull(strstr(p->msgs, "expression nested too deeply (more than 200 levels)"));
	parsed_free(p);
	free(s);
}
END_TEST

UNIT_TEST(test_empty_file, "messages", 0)
{
	Parsed *p = parse_ok("");
	ck_assert_int_eq(p->prog.nfuncs, 0);
	parsed_free(p);
}
END_TEST

/* ccode's multi-line conditional is one error; the next definition is read. */
UNIT_TEST(test_ccode_recovery, "messages", 0)
{
	Parsed *p = parse_text("f(x) = ((x > 0) ? (\n   x\n)\n: (\n   0\n))\ng(x) = x\n");
	ck_assert_msg(p->errors == 1, "%s", p->msgs);
	ck_assert_int_eq(p->prog.nfuncs, 1);
	ck_assert_ptr_nonnull(parsed_func(p, "g"));
	parsed_free(p);
}
END_TEST

/* SymPy prints a Float with all its digits: a literal of 1000 characters
 * is read, one of 1001 is refused. */
UNIT_TEST(test_long_number, "messages", 0)
{
	enum { LEN = 1000 };
	char src[LEN + 32];
	for (int len = LEN; len <= LEN + 1; len++) {
		int k = snprintf(src, sizeof src, "f(x) = x*1.");
		memset(src + k, '5', (size_t)(len - 2));
		src[k + len - 2] = '\0';
		Parsed *p = parse_text(src);
		if (len == LEN) {
			ck_assert_msg(p->errors == 0, "%s", p->msgs);
			long double a[1] = {2};
			ck_assert(fabsl(eval_func(parsed_func(p, "f"), a) - 2 * (1 + 5.0L / 9)) < 1e-15L);
		} else {
			ck_assert_ptr_nonnull(strstr(p->msgs, "t.sym:1:10: error: number longer than 1000 characters"));
		}
		parsed_free(p);
	}
}
END_TEST

/* Constants out of the range of a requested precision, in every body:
 * map functions, gufunc results, Sums, base cases and rules (a gufunc's
 * were once not checked, and the header held inf.0f). */
typedef struct {
	const char *src;
	bool f32, f64;
	const char *msg; /* NULL: accepted */
} Range;

static const Range ranges[] = {
	{"f(x) = x*1e39", true, false, "t.sym:1:1: error: constant 1e+39 in 'f' is out of the range of float (try --precision f64)"},
	{"f(x) = x*1e39", false, true, NULL},
	{"g(v[n]) = Sum(v[k]*1e300, (k, 0, n - 1))", true, false, "t.sym:1:1: error: constant 1e+300 in 'g' is out of the range of float"},
	{"g(v[n]) = Sum(v[k]*1e400, (k, 0, n - 1))", false, true, "t.sym:1:1: error: constant 1e+400 in 'g' is out of the range of double"},
	{"g(v[n]) = Sum(v[k], (k, 0, n - 1))*1e-50", true, false, "t.sym:1:1: error: constant 1e-50 in 'g' is out of the range of float"},
	{"g(v[n]) = Sum(v[k], (k, 0, n - 1))*1e-50", false, true, NULL},
	{"h(x) -> s[n]:\n    s[0] = x\n    s[k] = s[k - 1]*1e-50\n", true, false,
	 "t.sym:2:5: error: constant 1e-50 in 'h' is out of the range of float"},
	{"h(x) -> s[n]:\n    s[0] = 1e39 + x\n    s[k] = s[k - 1]\n", true, true,
	 "t.sym:2:5: error: constant 1e+39 in 'h' is out of the range of float"},
	{"h(v[n]) -> s[n]:\n    s[k] = v[k]/Sum(v[j]*1e-320, (j, 0, n - 1))\n", false, true, NULL}, /* subnormal: kept */
	{"h(v[n]) -> s[n]:\n    s[k] = v[k]/Sum(v[j]*1e-330, (j, 0, n - 1))\n", false, true,
	 "t.sym:2:5: error: constant 1e-330 in 'h' is out of the range of double"},
};

/* check_constants of P for the precisions F32 and F64: the number of
 * errors, their messages in *MSGS (malloc'd). */
static int constants(Parsed *p, bool f32, bool f64, char **msgs)
{
	size_t len = 0;
	*msgs = NULL;
	FILE *mem = open_memstream(msgs, &len);
	Diag d;
	diag_init(&d, &p->src, mem);
	int n = check_constants(&d, &p->dag, &p->prog, f32, f64);
	fclose(mem);
	return n;
}

UNIT_TEST(test_constant_range, "messages", COUNT(ranges))
{
	const Range *r = &ranges[_i];
	Parsed *p = parse_ok(r->src);
	char *msgs;
	int n = constants(p, r->f32, r->f64, &msgs);
	if (!r->msg)
		ck_assert_msg(n == 0, "%s: %s", r->src, msgs);
	else
		ck_assert_msg(n == 1 && strncmp(msgs, r->msg, strlen(r->msg)) == 0, "%s:\n got: %s\nwant: %s", r->src,
		              msgs, r->msg);
	free(msgs);
	parsed_free(p);
}
END_TEST

/* Mutual recursion names both functions, at both calls. */
UNIT_TEST(test_mutual_recursion, "limits", 0)
{
	Parsed *p = parse_text("f(x) = g(x)\ng(x) = f(x)\n");
	ck_assert_int_eq(p->errors, 2);
	ck_assert_ptr_nonnull(strstr(p->msgs, "t.sym:1:8: error: 'g' is called before it is defined (at line 2), "
	                                      "and 'g' calls 'f': recursion is not supported"));
	ck_assert_ptr_nonnull(strstr(p->msgs, "t.sym:2:8: error: 'f' (line 1) is not defined: it calls 'g' before 'g' "
	                                      "is defined; 'f' and 'g' call each other, and recursion is not supported"));
	ck_assert_ptr_null(strstr(p->msgs, "unknown function"));
	parsed_free(p);
	/* Not a cycle: a call of a function that failed because it calls one below. */
	p = parse_text("g(x) = h(x)\nf(x) = g(x)\nh(x) = x\n");
	ck_assert_int_eq(p->errors, 2);
	ck_assert_ptr_nonnull(strstr(p->msgs, "t.sym:1:8: error: 'h' is defined below, at line 3"));
	ck_assert_ptr_nonnull(strstr(p->msgs, "t.sym:2:8: error: 'g' (line 1) is not defined: it calls 'h', which is "
	                                      "not defined above it"));
	parsed_free(p);
	/* A call of a function whose definition has another error */
	p = parse_text("g(x) = x +\nf(x) = g(x)\n");
	ck_assert_int_eq(p->errors, 2);
	ck_assert_ptr_nonnull(strstr(p->msgs, "t.sym:2:8: error: 'g' is not defined: its definition at line 1 has an error"));
	parsed_free(p);
}
END_TEST

/* Parses SRC (malloc'd; freed here), which must have no error. */
static Parsed *accepted(char *src)
{
	Parsed *p = parse_ok(src);
	free(src);
	return p;
}

/* SRC (malloc'd; freed here) must give one error, whose message starts
 * with WANT. */
static void refused(char *src, const char *want)
{
	Parsed *p = parse_text(src);
	ck_assert_msg(p->errors == 1 && strncmp(p->msgs, want, strlen(want)) == 0, "%d errors:\n got: %.400s\nwant: %s",
	              p->errors, p->msgs, want);
	parsed_free(p);
	free(src);
}

/* The limits of symkern(5), LIMITS: the source at a limit is accepted,
 * and what the limit bounds is AT there; the source one beyond it is
 * refused with one error, whose message starts with WANT.  The sources are
 * sym_sequence's (nbase, back), or sym_wide's (nargs) of a map function or
 * a gufunc. */
typedef enum { BASE_CASES, LOOKBACK, MAP_PARAMS, GUFUNC_PARAMS } Bound;
typedef struct {
	Bound bound;
	int ok[2], over[2];
	long at;
	const char *want;
} Limit;

static const Limit limits[] = {
	/* 256 base cases a sequence, the 257th refused at its line. */
	{BASE_CASES, {SEQ_MAX_BASE, 1}, {20000, 1}, 256,
	 "t.sym:258:7: error: 's' has more than 256 base cases, the most a sequence may have (symkern(5), LIMITS)"},
	/* 64 terms back are kept, 65 refused. */
	{LOOKBACK, {SEQ_MAX_LOOKBACK, SEQ_MAX_LOOKBACK}, {65, 65}, 64,
	 "t.sym:67:14: error: this reads 's' 65 terms back, more than the 64 a sequence may keep in registers "
	 "(symkern(5), LIMITS)"},
	/* CUDA's 32764 bytes of kernel parameters: 24 + 16 per argument for a
	 * map function; the largest fits, one more is refused. */
	{MAP_PARAMS, {2046}, {2047}, 32760,
	 "t.sym:1:1: error: 'f' has 2047 arguments: its CUDA kernels would take 32776 bytes of parameters (24 + "
	 "16 per argument), more than the 32764 that CUDA allows; at most 2046 arguments (symkern(5), LIMITS)\n"},
	/* A gufunc: 8 (batch) + 8 (n) + 16 per scalar + 24 (v) + 16 (its
	 * result) + 24 (the reduction kernels' own) = 80 + 16 per scalar. */
	{GUFUNC_PARAMS, {2042}, {2043}, 32752,
	 "t.sym:1:1: error: 'f' has too many arguments and results: its CUDA kernels would take 32768 bytes of "
	 "parameters, more than the 32764"},
};

/* The source of bound B with the arguments ARGS (malloc'd). */
static char *limit_source(Bound b, const int args[2])
{
	return b == BASE_CASES || b == LOOKBACK ? sym_sequence(args[0], args[1])
	                                        : sym_wide(args[0], b == GUFUNC_PARAMS);
}

/* What bound B bounds in P. */
static long bounded(Parsed *p, Bound b)
{
	switch (b) {
	case BASE_CASES: return p->prog.gufuncs[0]->gu->seqs[0].nbase;
	case LOOKBACK: return p->prog.gufuncs[0]->gu->seqs[0].lookback;
	case MAP_PARAMS: return func_kernel_param_bytes(parsed_func(p, "f"));
	default: return func_kernel_param_bytes(p->prog.gufuncs[0]);
	}
}

UNIT_TEST(test_limit, "limits", COUNT(limits))
{
	const Limit *l = &limits[_i];
	Parsed *p = accepted(limit_source(l->bound, l->ok));
	long at = bounded(p, l->bound);
	ck_assert_msg(at == l->at, "limit %d: %ld at the limit, want %ld", _i, at, l->at);
	parsed_free(p);
	refused(limit_source(l->bound, l->over), l->want);
}
END_TEST

/* The kernel parameters of a gufunc with sizes fixed or given, vectors and
 * outputs. */
UNIT_TEST(test_kernel_params_gufunc, "limits", 0)
{
	Parsed *p = parse_ok("f(x, v[n], w[3]) -> s[n], t[n]:\n    s[k] = x + v[k] + w[0]\n    t[k] = s[k]\n");
	ck_assert_int_eq(func_kernel_param_bytes(p->prog.gufuncs[0]), 8 + 8 + 16 + 24 + 24 + 2 * 24 + 24);
	parsed_free(p);
}
END_TEST

/* Below long double's range is an error at the literal; within it, but
 * below double's, an error of the precision check: never a silent 0. */
UNIT_TEST(test_tiny_literals, "limits", 0)
{
	Parsed *p = parse_ok("f(x) = x*1e-4950\n");
	char *msgs;
	ck_assert_int_eq(constants(p, false, true, &msgs), 1);
	ck_assert_ptr_nonnull(strstr(msgs, "is out of the range of double"));
	free(msgs);
	parsed_free(p);
	p = parse_text("f(x) = x*1e-5000\n");
	ck_assert_int_eq(p->errors, 1);
	parsed_free(p);
	p = parse_text("f(x) = x*0e-5000 + 0.000e99999\n"); /* zero is zero */
	ck_assert_msg(p->errors == 0, "%s", p->msgs);
	parsed_free(p);
}
END_TEST
