m4_changequote([[, ]])m4_changecom()m4_divert(-1)
m4_dnl symkern.m4: the prelude m4 reads before the definitions and a
m4_dnl template (see README in this folder).  m4 runs with -P, so every
m4_dnl builtin is m4_-prefixed and no C or CUDA word is a macro; the quotes
m4_dnl are [[ ]] and comments are off, so '#include' lines are plain text.
m4_dnl Template macros are sk_-prefixed; names starting sk__ are private.

m4_dnl sk_each_fn(TEXT): TEXT once per function, with sk_i its index.  TEXT
m4_dnl becomes the body of a macro that the generator's flat list
m4_dnl sk__each_fn_do calls, so it must hold no '$' (patterns use \&).
m4_define([[sk_each_fn]], [[m4_pushdef([[sk__fn]], [[$1]])m4_pushdef([[sk_i]])sk__each_fn_do([[sk__fn]])m4_popdef([[sk_i]])m4_popdef([[sk__fn]])]])

m4_dnl sk_each_prec(TEXT): TEXT once per requested precision, with sk_P the
m4_dnl suffix (f64, f32) and sk_T the C type (double, float).
m4_define([[sk_each_prec]], [[m4_ifelse(sk_want_f64, 1,
[[sk__with_prec([[f64]], [[double]], [[$1]])]])m4_ifelse(sk_want_f32, 1,
[[sk__with_prec([[f32]], [[float]], [[$1]])]])]])
m4_define([[sk__with_prec]], [[m4_pushdef([[sk_P]], [[$1]])m4_pushdef([[sk_T]], [[$2]])$3[[]]m4_popdef([[sk_P]])m4_popdef([[sk_T]])]])

m4_dnl Accessors for the per-function definitions of emit.c.
m4_define([[sk_fn_name]], [[m4_indir([[sk_fn_name_]]$1)]])
m4_define([[sk_fn_line]], [[m4_indir([[sk_fn_line_]]$1)]])
m4_define([[sk_fn_nargs]], [[m4_indir([[sk_fn_nargs_]]$1)]])
m4_define([[sk_fn_nops]], [[m4_indir([[sk_fn_nops_]]$1)]])

m4_define([[sk_fn_body]], [[m4_indir([[sk_fn_body_]]$1[[_]]$2)]])

m4_dnl sk__map(LIST, PATTERN, SEP): PATTERN for each item of an '@'-separated
m4_dnl LIST, with \& the item, SEP between them.  The inner m4_patsubst
m4_dnl quotes each result, so commas in PATTERN survive being collected as
m4_dnl the outer one's argument; the outer one puts SEP for the '@'s.
m4_define([[sk__map]], [[m4_patsubst(m4_patsubst([[$1]], [[\w+]], [[[[$2]]]]), [[@]], [[$3]])]])

m4_dnl sk_args(I, PATTERN, SEP): PATTERN for each argument of function I,
m4_dnl with \& its C spelling, SEP between them.
m4_define([[sk_args]], [[sk__map(m4_indir([[sk_fn_argl_]]$1), [[$2]], [[$3]])]])

m4_dnl sk_params(I, PATTERN): a C parameter list, `void` when there are none.
m4_define([[sk_params]], [[m4_ifelse(sk_fn_nargs($1), 0, [[void]], [[sk_args([[$1]], [[$2]], [[, ]])]])]])

m4_dnl sk_scalar_decl(I), sk_map_decl(I), sk_cpu_decl(I): the declarators of
m4_dnl function I's scalar, GPU map and CPU map functions in precision sk_P,
m4_dnl without ';' -- one definition for the header, the two libraries and
m4_dnl `symkern --list` (list.m4).
m4_define([[sk_scalar_decl]], [[sk_T sk_f($1)(sk_params($1, [[sk_T \&]]))]])
m4_define([[sk_map_decl]], [[int sk_map($1)(size_t n, sk_args($1, [[const sk_T *\&, ptrdiff_t inc_\&, ]], [[]])sk_T *out, ptrdiff_t inc_out, struct CUstream_st *stream)]])
m4_define([[sk_cpu_decl]], [[int sk_map($1)[[_cpu]](size_t n, sk_args($1, [[const sk_T *\&, ptrdiff_t inc_\&, ]], [[]])sk_T *out, ptrdiff_t inc_out)]])

m4_dnl sk_f(I): the scalar function's C name; sk_map(I): the map function's.
m4_define([[sk_f]], [[sk_lib[[_]]sk_fn_name($1)[[_]]sk_P[[]]]])
m4_define([[sk_map]], [[sk_lib[[_]]sk_fn_name($1)[[_map_]]sk_P[[]]]])

m4_dnl sk_call_args(I): the map function's array arguments, from in[] and inc[].
m4_define([[sk_call_args]], [[sk__map(m4_indir([[sk_fn_argi_]]$1), [[in[\&], inc[\&], ]], [[]])]])

m4_dnl sk_fn_table(TABLE, CALLSUFFIX, STREAM): the argv wrappers and the
m4_dnl function table of one back end: TABLE is its name suffix (cpu, gpu),
m4_dnl CALLSUFFIX what the map functions' names end in there (_cpu or
m4_dnl nothing), STREAM the stream argument they take (empty for the CPU).
m4_define([[sk_fn_table]], [[sk_each_prec([[sk_each_fn([[
static int sk_map(sk_i)[[_argv]](size_t n, const sk_T *const *in, const ptrdiff_t *inc, sk_T *out,
                         ptrdiff_t inc_out, struct CUstream_st *stream)
{
	(void)stream;
	(void)in;
	(void)inc;
	if (n == 0)
		return sk_LIB[[]]_OK;
m4_ifelse(sk_fn_nargs(sk_i), 0, [[]], [[	if (!in || !inc)
		return sk_LIB[[]]_EINVAL;
]])m4_dnl
	return sk_map(sk_i)[[$2]](n, sk_call_args(sk_i)out, inc_out[[$3]]);
}
]])]])
sk_each_fn([[static const char *const sk_lib[[_priv_args_]]sk_i[[]][] = {sk__map(m4_indir([[sk_fn_argnl_]]sk_i), [["[[\&]]", ]], [[]])NULL};
]])
const sk_lib[[_fn_info]] sk_lib[[_]]$1[[_table]][sk_LIB[[]]_NFN + 1] = {
sk_each_fn([[	{"sk_fn_name(sk_i)", sk_fn_nargs(sk_i), sk_lib[[_priv_args_]]sk_i, m4_ifelse(sk_want_f64, 1, [[sk_lib[[_]]sk_fn_name(sk_i)[[_map_f64_argv]]]], [[NULL]]), m4_ifelse(sk_want_f32, 1, [[sk_lib[[_]]sk_fn_name(sk_i)[[_map_f32_argv]]]], [[NULL]])},
]])	{NULL, 0, NULL, NULL, NULL}
};]])

m4_dnl sk_each_gu(TEXT): TEXT once per gufunc, with sk_i its index (no '$').
m4_define([[sk_each_gu]], [[m4_pushdef([[sk__gu]], [[$1]])m4_pushdef([[sk_i]])sk__each_gu_do([[sk__gu]])m4_popdef([[sk_i]])m4_popdef([[sk__gu]])]])

m4_dnl Accessors for the per-gufunc definitions of emit_gu.c; those that
m4_dnl differ by precision take sk_P's.
m4_define([[sk_gu_name]], [[m4_indir([[sk_gu_name_]]$1)]])
m4_define([[sk_gu_line]], [[m4_indir([[sk_gu_line_]]$1)]])
m4_define([[sk_gu_sig]], [[m4_indir([[sk_gu_sig_]]$1)]])
m4_define([[sk_gu_result]], [[m4_indir([[sk_gu_result_]]$1)]])
m4_define([[sk_gu_narrays]], [[m4_indir([[sk_gu_narrays_]]$1)]])
m4_define([[sk_gu_arrays]], [[m4_indir([[sk_gu_arrays_]]$1)]])
m4_define([[sk_gu_callargs]], [[m4_indir([[sk_gu_callargs_]]$1)]])
m4_define([[sk_gu_launch]], [[m4_indir([[sk_gu_launch_]]$1)]])
m4_define([[sk_gu_work]], [[m4_indir([[sk_gu_work_]]$1)]])
m4_define([[sk_gu_nouts]], [[m4_indir([[sk_gu_nouts_]]$1)]])
m4_define([[sk_gu_outlen]], [[m4_indir([[sk_gu_outlen_]]$1)]])
m4_define([[sk_gu_scallargs]], [[m4_indir([[sk_gu_scallargs_]]$1)]])
m4_define([[sk_gu_stage]], [[m4_indir([[sk_gu_stage_]]$1)]])
m4_define([[sk_gu_rows]], [[m4_indir([[sk_gu_rows_]]$1)]])
m4_define([[sk_gu_split]], [[m4_indir([[sk_gu_split_]]$1)]])
m4_define([[sk_gu_loopdim]], [[m4_indir([[sk_gu_loopdim_]]$1)]])
m4_dnl sk_gu_assume(I): in a kernel template <int _N>, the statement that
m4_dnl tells the compiler the outputs' run-time size is _N (0: any).
m4_define([[sk_gu_assume]], [[m4_ifelse(sk_gu_loopdim($1), [[]], [[(void)_N;]], [[if (_N && sk_gu_loopdim($1) != (size_t)_N)
		return;]])]])
m4_dnl sk__gu_pick(KERNEL): sets _kernel to KERNEL's instance for _len.
m4_define([[sk__gu_pick]], [[m4_ifelse(sk_gu_loopdim(sk_i), [[]], [[]], [[switch (_len) {
	case 2: _kernel = (const void *)$1<2>; break;
	case 3: _kernel = (const void *)$1<3>; break;
	case 4: _kernel = (const void *)$1<4>; break;
	case 5: _kernel = (const void *)$1<5>; break;
	case 6: _kernel = (const void *)$1<6>; break;
	case 7: _kernel = (const void *)$1<7>; break;
	case 8: _kernel = (const void *)$1<8>; break;
	default: break;
	}]])]])
m4_define([[sk_gu_redop]], [[m4_indir([[sk_gu_redop_]]$1)]])
m4_define([[sk_gu_redid]], [[m4_indir([[sk_gu_redid_]]$1)]])
m4_define([[sk_gu_redlen]], [[m4_indir([[sk_gu_redlen_]]$1)]])
m4_define([[sk_gu_rowsin]], [[m4_indir([[sk_gu_rowsin_]]$1)]])
m4_define([[sk_gu_pbody]], [[m4_indir([[sk_gu_pbody_]]$1[[_]]sk_P)]])
m4_define([[sk_gu_fbody]], [[m4_indir([[sk_gu_fbody_]]$1[[_]]sk_P)]])
m4_define([[sk_gu_params]], [[m4_indir([[sk_gu_params_]]$1[[_]]sk_P)]])
m4_define([[sk_gu_kparams]], [[m4_indir([[sk_gu_kparams_]]$1[[_]]sk_P)]])
m4_define([[sk_gu_iparams]], [[m4_indir([[sk_gu_iparams_]]$1[[_]]sk_P)]])
m4_define([[sk_gu_body]], [[m4_indir([[sk_gu_body_]]$1[[_]]sk_P)]])

m4_dnl sk_gu(I): gufunc I's public name in precision sk_P; sk_gu_item(I)
m4_dnl its private per-item function; sk_gu_kern(I) its kernel.
m4_define([[sk_gu]], [[sk_lib[[_]]sk_gu_name($1)[[_]]sk_P[[]]]])
m4_define([[sk_gu_item]], [[sk_lib[[_priv_]]sk_gu_name($1)[[_item_]]sk_P[[]]]])
m4_define([[sk_gu_kern]], [[sk_lib[[_priv_]]sk_gu_name($1)[[_kern_]]sk_P[[]]]])
m4_dnl sk_gu_decl(I), sk_gu_cpu_decl(I): the declarators of its GPU and CPU
m4_dnl functions, without ';'.
m4_define([[sk_gu_decl]], [[int sk_gu($1)(sk_gu_params($1), struct CUstream_st *stream)]])
m4_define([[sk_gu_cpu_decl]], [[int sk_gu($1)[[_cpu]](sk_gu_params($1))]])
m4_dnl sk_gu_call(I): the statement computing batch item _b.
m4_define([[sk_gu_call]], [[m4_ifelse(sk_gu_result($1), 1, [[out[_b * inc_out] = ]])sk_gu_item($1)(sk_gu_callargs($1));]])

m4_dnl sk_banner(WHAT): the provenance comment every generated file opens with.
m4_define([[sk_banner]], [[/* $1: generated by symkern sk_version from sk_input
 * (sha256 sk_input_sha256).
 * Command: sk_command
 * DO NOT EDIT: change the .sym file or symkern's templates and regenerate. */]])
m4_divert(0)m4_dnl
