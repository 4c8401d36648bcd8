m4_changequote([[, ]])m4_changecom()m4_divert(-1)
m4_dnl symkern.m4: the prelude m4 reads before the definitions and a
m4_dnl template (see README in this folder).  m4 runs with -P, so every
m4_dnl builtin is m4_-prefixed and no C or CUDA word is a macro; the quotes
m4_dnl are [[ ]] and comments are off, so '#include' lines are plain text.
m4_dnl Template macros are sk_-prefixed; names starting sk__ are private.

m4_dnl sk_each_fn(TEXT): TEXT once per function, with sk_i its index.  TEXT
m4_dnl is expanded once per argument count K (a shape: sk__shapes lists
m4_dnl them), with markers standing for the function's values, into a macro
m4_dnl sk__inst_K whose body is one quoted string holding $1, $2, ... where
m4_dnl the markers were; the generator's flat list sk__each_fn_do calls it
m4_dnl once per function with the values.  So m4 copies each function's
m4_dnl text as quoted text, instead of looking up every word of it.  For a
m4_dnl shape of one function, sk__inst_K is sk__direct, which expands TEXT
m4_dnl for it as it is called (compiling would cost more).
m4_define([[sk_each_fn]], [[m4_pushdef([[sk__fn]], [[$1]])sk__shapes([[sk__compile]])sk__each_fn_do[[]]sk__shapes([[sk__uncompile]])m4_popdef([[sk__fn]])]])

m4_dnl Bytes that no template or value holds: B1 and B2 enclose a marker; Q5
m4_dnl and Q6 are the quotes of the compiled texts.
m4_define([[sk__B1]], m4_format([[%c]], 1))
m4_define([[sk__B2]], m4_format([[%c]], 2))
m4_define([[sk__B12]], sk__B1[[]]sk__B2)
m4_define([[sk__Q5]], m4_format([[%c]], 5))
m4_define([[sk__Q6]], m4_format([[%c]], 6))

m4_dnl sk__mark(N): the marker of value N, which becomes $N: 1 the index, 2
m4_dnl the name, 3 the line, 4 the operations, 5 the number of arguments,
m4_dnl 6 and 7 the lists argl and argnl (see sk__list), then from 8 on the
m4_dnl arguments' C spellings, then their names as written (the
m4_dnl generator's sk__shape_argl_K and sk__shape_argnl_K list these).
m4_define([[sk__mark]], [[sk__B1[[$1]]sk__B2[[]]]])
m4_define([[sk__mark_i]], sk__mark(1))
m4_dnl sk__mark_body(P): sk_fn_body(sk_i, P) in a compiled text: a call of
m4_dnl sk_fn_body_$1_P between its quotes, so that only the texts that
m4_dnl hold a body read the bodies.
m4_define([[sk__mark_body]], [[sk__Q6[[m4_changequote([[,]])sk_fn_body_]]sk__mark_i[[_$1[[]]m4_changequote(]]sk__Q5[[,]]sk__Q6[[)]]sk__Q5[[]]]])
m4_dnl A marker followed by a digit: $N, an empty quote, the digit (else
m4_dnl m4 would read $N and the digit as one number).
m4_define([[sk__digit_re]], sk__B1[[\([0-9]+\)]]sk__B2[[\([0-9]\)]])
m4_define([[sk__digit_to]], [[$\1]]sk__Q6[[]]sk__Q5[[\2]])

m4_dnl sk__compile(K): pushes sk__inst_K, TEXT (sk__fn) for the functions of
m4_dnl K arguments.  sk__compile_ collects the expansion as one argument,
m4_dnl nested three times in -=<{( and )}>=-, whose parentheses keep its
m4_dnl commas from separating arguments (the m4_expand of autoconf's
m4_dnl m4sugar); then it makes those strings the quotes, so that
m4_dnl m4_patsubst, m4_translit and m4_pushdef take the text as it is, each
m4_dnl removing one level.  The compiled text switches the quotes to Q5 and
m4_dnl Q6 around its own quoted text, and back.
m4_define([[sk__compile]], [[sk__if([[$2]], [[1]], [[m4_pushdef([[sk__inst_$1]], m4_defn([[sk__direct]]))]], [[sk__compile_shape([[$1]])]])]])
m4_define([[sk__compile_shape]], [[sk__flatten([[argl]], [[$1]])sk__flatten([[argnl]], [[$1]])m4_pushdef([[sk__K]], [[$1]])m4_pushdef([[sk_i]], sk__mark_i)m4_pushdef([[m4_ifelse]], m4_defn([[sk__ifelse]]))sk__compile_([[sk__inst_$1]], -=<{(-=<{(-=<{([[m4_changequote(]]sk__Q5[[,]]sk__Q6[[)]]sk__Q5[[]]sk__fn[[]]sk__Q6[[m4_changequote([[,]])]])}>=-)}>=-)}>=-, [[end]])m4_popdef([[m4_ifelse]])m4_popdef([[sk_i]])m4_popdef([[sk__K]])]])
m4_define([[sk__compile_]], [[sk__if([[$3]], [[end]], [[]], [[m4_errprint([[symkern.m4: sk_each_fn: the text of a function has unbalanced parentheses
]])m4_m4exit(1)]])m4_changequote([[-=<{(]], [[)}>=-]])m4_pushdef(-=<{($1)}>=-, m4_translit(m4_patsubst($2, sk__digit_re, sk__digit_to), sk__B12, -=<{($)}>=-))m4_changequote(-=<{([[)}>=-, -=<{(]])}>=-)]])
m4_define([[sk__uncompile]], [[m4_popdef([[sk__inst_$1]])]])
m4_dnl sk__direct(VALUES): TEXT for one function, with sk_i its index, and
m4_dnl sk__cur_i and sk__cur its index and values for sk__get.
m4_define([[sk__direct]], [[m4_pushdef([[sk_i]], [[$1]])m4_pushdef([[sk__cur_i]], [[$1]])m4_pushdef([[sk__cur]], [[[[$1]], [[$2]], [[$3]], [[$4]], [[$5]], [[$6]], [[$7]]]])sk__fn[[]]m4_popdef([[sk__cur]])m4_popdef([[sk__cur_i]])m4_popdef([[sk_i]])]])
m4_define([[sk__cur_i]], [[none]])
m4_dnl sk__flatten(LIST, K): defines sk__shape_LIST_K as what it expands to,
m4_dnl the markers themselves, so that each sk_args does not call sk__mark
m4_dnl again for every argument (10^4 for the widest function).
m4_define([[sk__flatten]], [[m4_define([[sk__shape_$1_$2]], m4_indir([[sk__shape_$1_$2]]))]])

m4_dnl sk__if: the builtin m4_ifelse, for the macros above, which compare
m4_dnl markers.  While a text is compiled, m4_ifelse is sk__ifelse, which
m4_dnl fails where it would compare a function's value: the same for every
m4_dnl function of the shape then, so the result would be wrong.
m4_define([[sk__if]], m4_defn([[m4_ifelse]]))
m4_define([[sk__ifelse]], [[sk__ifelse_check($@)sk__if($@)]])
m4_define([[sk__ifelse_check]], [[sk__if(m4_eval([[$#]] > 2), [[1]], [[sk__if(m4_index([[$1$2]], sk__B1), [[-1]], [[]], [[m4_errprint([[symkern.m4: sk_each_fn: m4_ifelse compares a value of the function, which stands for all functions of its shape; only sk_fn_nargs(sk_i) can be compared
]])m4_m4exit(1)]])sk__ifelse_check(m4_shift(m4_shift(m4_shift($@))))]])]])

m4_dnl sk_each_prec(TEXT): TEXT once per requested precision, with sk_P the
m4_dnl suffix (f64, f32) and sk_T the C type (double, float).
m4_define([[sk_each_prec]], [[m4_ifelse(sk_want_f64, 1,
[[sk__with_prec([[f64]], [[double]], [[$1]])]])m4_ifelse(sk_want_f32, 1,
[[sk__with_prec([[f32]], [[float]], [[$1]])]])]])
m4_define([[sk__with_prec]], [[m4_pushdef([[sk_P]], [[$1]])m4_pushdef([[sk_T]], [[$2]])$3[[]]m4_popdef([[sk_P]])m4_popdef([[sk_T]])]])

m4_dnl Accessors of function I's values, I a number or a macro such as sk_i.
m4_dnl While sk_each_fn compiles a text, sk_i is sk__mark_i, for which they
m4_dnl give markers; sk_fn_nargs gives the shape's count, sk__list the
m4_dnl shape's lists.  For a number they read sk__fn_I (see sk__values).
m4_define([[sk_fn_name]], [[sk__if([[$1]], sk__mark_i, [[sk__mark(2)]], [[sk__get(2, [[$1]])]])]])
m4_define([[sk_fn_line]], [[sk__if([[$1]], sk__mark_i, [[sk__mark(3)]], [[sk__get(3, [[$1]])]])]])
m4_define([[sk_fn_nops]], [[sk__if([[$1]], sk__mark_i, [[sk__mark(4)]], [[sk__get(4, [[$1]])]])]])
m4_define([[sk_fn_nargs]], [[sk__if([[$1]], sk__mark_i, [[sk__K[[]]]], [[sk__get(5, [[$1]])]])]])
m4_define([[sk_fn_body]], [[sk__if([[$1]], sk__mark_i, [[sk__if([[$2]]sk_want_f64, [[f641]], [[sk__mark_body([[$2]])]], [[$2]]sk_want_f32, [[f321]], [[sk__mark_body([[$2]])]], [[m4_indir([[sk_fn_body_0_]]$2)]])]], [[m4_indir([[sk_fn_body_]]$1[[_]]$2)]])]])

m4_dnl sk__list(LIST, I): function I's list argl (the arguments' C
m4_dnl spellings), argnl (their names as written) or argi (their positions),
m4_dnl '@'-separated.
m4_define([[sk__list]], [[sk__if([[$2]], sk__mark_i, [[m4_indir([[sk__shape_$1_]]sk__K)]], [[$1]], [[argi]], [[m4_indir([[sk__shape_argi_]]sk__get(5, [[$2]]))]], [[$1]], [[argl]], [[sk__get(6, [[$2]])]], [[sk__get(7, [[$2]])]])]])

m4_dnl sk__get(N, I): value N of function I, as sk__each_fn_do passes it
m4_dnl (see sk__mark; 5 is the number of arguments, 6 and 7 the lists argl
m4_dnl and argnl): from sk__cur for the function sk__direct expands TEXT
m4_dnl for, else from sk__fn_I.  sk__values defines, the first time it is needed, sk__fn_I
m4_dnl as function I's values, quoted, with commas between them: it runs
m4_dnl sk__each_fn_do with each sk__inst_K storing its arguments.  An I
m4_dnl that is not a function's index is an m4 error (undefined sk__fn_I).
m4_define([[sk__get]], [[sk__if([[$2]], sk__cur_i, [[m4_indir([[sk__pick_]]$1, sk__cur)]], [[sk__values[[]]m4_indir([[sk__pick_]]$1, m4_indir([[sk__fn_]]$2))]])]])
m4_define([[sk__values]], [[m4_define([[sk__values]])sk__shapes([[sk__store_push]])sk__each_fn_do[[]]sk__shapes([[sk__store_pop]])]])
m4_define([[sk__store_push]], [[m4_pushdef([[sk__inst_$1]], m4_defn([[sk__store]]))]])
m4_define([[sk__store_pop]], [[m4_popdef([[sk__inst_$1]])]])
m4_define([[sk__store]], [[m4_define([[sk__fn_$1]], [[$@]])]])
m4_define([[sk__pick_2]], [[[[$2]]]])
m4_define([[sk__pick_3]], [[[[$3]]]])
m4_define([[sk__pick_4]], [[[[$4]]]])
m4_define([[sk__pick_5]], [[[[$5]]]])
m4_define([[sk__pick_6]], [[[[$6]]]])
m4_define([[sk__pick_7]], [[[[$7]]]])

m4_dnl sk__map(LIST, PATTERN, SEP): PATTERN for each item of an '@'-separated
m4_dnl LIST, with \& the item, SEP between them.  The inner m4_patsubst
m4_dnl quotes each result, so commas in PATTERN survive being collected as
m4_dnl the outer one's argument; the outer one puts SEP for the '@'s.  Items
m4_dnl are identifiers, numbers or markers: anything but '@'.
m4_define([[sk__map]], [[m4_patsubst(m4_patsubst([[$1]], [[[^@]+]], [[[[$2]]]]), [[@]], [[$3]])]])

m4_dnl sk_args(I, PATTERN, SEP): PATTERN for each argument of function I,
m4_dnl with \& its C spelling, SEP between them.
m4_define([[sk_args]], [[sk__map(sk__list([[argl]], $1), [[$2]], [[$3]])]])

m4_dnl sk_arg_names(I, PATTERN, SEP): the same for the arguments' names as
m4_dnl written in the .sym file, which may be macro names: quote \& there.
m4_define([[sk_arg_names]], [[sk__map(sk__list([[argnl]], $1), [[$2]], [[$3]])]])

m4_dnl sk_params(I, PATTERN): a C parameter list, `void` when there are none.
m4_define([[sk_params]], [[m4_ifelse(sk_fn_nargs($1), 0, [[void]], [[sk_args([[$1]], [[$2]], [[, ]])]])]])

m4_dnl sk_scalar_decl(I), sk_map_decl(I), sk_cpu_decl(I): the declarators of
m4_dnl function I's scalar, GPU map and CPU map functions in precision sk_P,
m4_dnl without ';' -- one definition for the header, the two libraries and
m4_dnl `symkern --list` (list.m4).
m4_define([[sk_scalar_decl]], [[sk_T sk_f($1)(sk_params($1, [[sk_T \&]]))]])
m4_define([[sk_map_decl]], [[int sk_map($1)(size_t n, sk_args($1, [[const sk_T *\&, ptrdiff_t inc_\&, ]], [[]])sk_T *out, ptrdiff_t inc_out, struct CUstream_st *stream)]])
m4_define([[sk_cpu_decl]], [[int sk_map($1)[[_cpu]](size_t n, sk_args($1, [[const sk_T *\&, ptrdiff_t inc_\&, ]], [[]])sk_T *out, ptrdiff_t inc_out)]])

m4_dnl sk_noinline_decl(I): in each precision, the declaration that makes
m4_dnl device code call function I instead of inlining it (sk_noinline).
m4_define([[sk_noinline_decl]], [[sk_each_prec([[__noinline__ sk_LIB[[]]_FN sk_scalar_decl($1);
]])]])

m4_dnl sk_f(I): the scalar function's C name; sk_map(I): the map function's.
m4_define([[sk_f]], [[sk_lib[[_]]sk_fn_name($1)[[_]]sk_P[[]]]])
m4_define([[sk_map]], [[sk_lib[[_]]sk_fn_name($1)[[_map_]]sk_P[[]]]])

m4_dnl sk_call_args(I): the map function's array arguments, from in[] and inc[].
m4_define([[sk_call_args]], [[sk__map(sk__list([[argi]], $1), [[in[\&], inc[\&], ]], [[]])]])

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
sk_each_fn([[static const char *const sk_lib[[_priv_args_]]sk_i[[]][] = {sk_arg_names(sk_i, [["[[\&]]", ]], [[]])NULL};
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
m4_define([[sk_gu_inplace]], [[m4_indir([[sk_gu_inplace_]]$1)]])
m4_dnl sk_gu_launch(I): `(void *)&batch, ...`, the kernel arguments for
m4_dnl cudaLaunchKernel, from the parameter names sk_gu_kargs_I.
m4_define([[sk_gu_launch]], [[sk__map(m4_indir([[sk_gu_kargs_]]$1), [[(void *)&\&]], [[, ]])]])
m4_dnl sk_gu_kfwd(I): `batch, n, x, ...`, the kernel's parameters passed on
m4_dnl to a function that takes the same (_sapply's body).
m4_define([[sk_gu_kfwd]], [[sk__map(m4_indir([[sk_gu_kargs_]]$1), [[\&]], [[, ]])]])
m4_define([[sk_gu_nouts]], [[m4_indir([[sk_gu_nouts_]]$1)]])
m4_define([[sk_gu_outvar]], [[m4_indir([[sk_gu_outvar_]]$1)]])
m4_define([[sk_gu_len]], [[m4_indir([[sk_gu_len_]]$1)]])
m4_dnl sk_gu_each_out(I, PATTERN, SEP): PATTERN for each result of gufunc I
m4_dnl (the -> form), with \2 its C spelling and \1 its number from 0, SEP
m4_dnl between them (sk__map's two passes over the list sk_gu_outs_I).
m4_define([[sk_gu_each_out]], [[m4_patsubst(m4_patsubst(m4_indir([[sk_gu_outs_]]$1), [[\([0-9]+\):\([^@]+\)]], [[[[$2]]]]), [[@]], [[$3]])]])
m4_dnl The staging of the -> form's results through shared memory: the
m4_dnl copies out of a block's rows (_i0, _cnt, _len, _ts) or columns
m4_dnl (_osz), and the conditions on the increments under which each applies:
m4_dnl every result in dense rows, or in columns whose terms' rows start on 16
m4_dnl bytes (_V elements).
m4_define([[sk_gu_stage]], [[sk_gu_each_out([[$1]], [[		sk_lib[[_priv_stage_out]](\2 + (ptrdiff_t)(_i0 * _len), _sm + \1 * _osz, _cnt * _len, _len, _ts);
]], [[]])]])
m4_define([[sk_gu_cstage]], [[sk_gu_each_out([[$1]], [[		sk_lib[[_priv_cstage_out]](\2 + (ptrdiff_t)_i0, incel_\2, _sm + \1 * _osz, _cnt, _len);
]], [[]])]])
m4_define([[sk_gu_rows]], [[sk_gu_each_out([[$1]], [[incel_\2 == 1 && inc_\2 == (ptrdiff_t)]]sk_gu_len([[$1]]), [[ && ]])]])
m4_define([[sk_gu_cols]], [[sk_gu_each_out([[$1]], [[inc_\2 == 1 && incel_\2 % _V == 0 && (uintptr_t)\2 % 16 == 0]], [[ && ]])]])
m4_define([[sk_gu_split]], [[m4_indir([[sk_gu_split_]]$1)]])
m4_define([[sk_gu_loopdim]], [[m4_indir([[sk_gu_loopdim_]]$1)]])
m4_dnl sk_gu_assume(I): in a kernel template <int _N>, the statement that
m4_dnl tells the compiler the outputs' run-time size is _N (0: any).
m4_define([[sk_gu_assume]], [[m4_ifelse(sk_gu_loopdim($1), [[]], [[(void)_N;]], [[if (_N && sk_gu_loopdim($1) != (size_t)_N)
		return;]])]])
m4_dnl sk__gu_part(FIRST, STEP): the value of the part function of item _b
m4_dnl for a thread whose terms are FIRST, FIRST + STEP, ... to the last: in
m4_dnl groups of neighbours where sk_gu_vec allows.
m4_define([[sk__gu_part]], [[m4_ifelse(sk_gu_vec(sk_i), [[]], [[sk__gu_part1([[1]], [[$1]], [[$2]])]],
[[(sk_gu_vec(sk_i)) ? sk__gu_part1([[16 / sizeof(sk_T)]], [[$1]], [[$2]])
			: sk__gu_part1([[1]], [[$1]], [[$2]])]])]])
m4_define([[sk__gu_part1]], [[sk_gu_kern(sk_i)[[_part]]<$1>($2, $3, (ptrdiff_t)(~(size_t)0 >> 1), sk_gu_callargs(sk_i))]])
m4_dnl sk__gu_insts(KERNEL): the instances of KERNEL, a template on the
m4_dnl results' run-time size, for sk_lib_priv_gu_desc: KERNEL<0>, and where
m4_dnl that size is given at run time NULL (for 1) and KERNEL<2> to KERNEL<8>.
m4_define([[sk__gu_insts]], [[(const void *)$1<0>m4_ifelse(sk_gu_loopdim(sk_i), [[]], [[]], [[, NULL, (const void *)$1<2>, (const void *)$1<3>,
	 (const void *)$1<4>, (const void *)$1<5>, (const void *)$1<6>, (const void *)$1<7>, (const void *)$1<8>]])]])
m4_define([[sk_gu_redk]], [[m4_indir([[sk_gu_redk_]]$1)]])
m4_dnl sk_gu_acc(I): the C++ type of gufunc I's shared reduction's
m4_dnl accumulators: sk_T for one, sk_lib_priv_accs<sk_T, K> for K Sums;
m4_dnl sk_T where it has none (its value is then never used).
m4_define([[sk_gu_acc]], [[m4_ifelse(m4_ifdef([[sk_gu_redk_]]$1, [[sk_gu_redk($1)]], [[1]]), 1, [[sk_T]], [[sk_lib[[_priv_accs]]<sk_T, sk_gu_redk($1)>]])]])
m4_define([[sk_gu_redlen]], [[m4_indir([[sk_gu_redlen_]]$1)]])
m4_define([[sk_gu_rowsin]], [[m4_indir([[sk_gu_rowsin_]]$1)]])
m4_define([[sk_gu_vec]], [[m4_indir([[sk_gu_vec_]]$1)]])
m4_define([[sk_gu_par]], [[m4_indir([[sk_gu_par_]]$1)]])
m4_define([[sk_gu_pre]], [[m4_indir([[sk_gu_pre_]]$1)]])
m4_define([[sk_gu_smul]], [[m4_indir([[sk_gu_smul_]]$1)]])
m4_define([[sk_gu_redmul]], [[m4_indir([[sk_gu_redmul_]]$1)]])
m4_define([[sk_gu_rbody]], [[m4_indir([[sk_gu_rbody_]]$1[[_]]sk_P)]])
m4_define([[sk_gu_tbody]], [[m4_indir([[sk_gu_tbody_]]$1[[_]]sk_P)]])
m4_define([[sk_gu_pbody]], [[m4_indir([[sk_gu_pbody_]]$1[[_]]sk_P)]])
m4_define([[sk_gu_fbody]], [[m4_indir([[sk_gu_fbody_]]$1[[_]]sk_P)]])
m4_dnl sk_gu_params(I): gufunc I's public C parameters, `size_t batch, size_t
m4_dnl n, const sk_T *x, ptrdiff_t inc_x, ...`; sk_gu_kparams(I) the same
m4_dnl for kernels, with __restrict__ pointers where they may not alias;
m4_dnl sk_gu_kparamsro(I) with every pointer __restrict__, for the kernels
m4_dnl that write no result (_pre, _stot: only their scratch), where an
m4_dnl input a result may overwrite in place is read-only all the same.
m4_dnl Each is written once per gufunc and precision (sk__gu_memo keeps it as
m4_dnl a definition; it is used by a dozen kernels and declarations).
m4_define([[sk_gu_params]], [[sk__gu_memo([[sk__gp_]]$1[[_]]sk_P, [[$1]], [[ *]], [[ *]])]])
m4_define([[sk_gu_kparams]], [[sk__gu_memo([[sk__gk_]]$1[[_]]sk_P, [[$1]], [[ *__restrict__ ]], [[ *]])]])
m4_define([[sk_gu_kparamsro]], [[sk__gu_memo([[sk__gr_]]$1[[_]]sk_P, [[$1]], [[ *__restrict__ ]], [[ *__restrict__ ]])]])
m4_dnl sk_gu_twins(TEXT): TEXT for gufunc sk_i with sk_R empty and
m4_dnl sk_gu_kp as sk_gu_kparams; then, where a result may overwrite an
m4_dnl input in place, again with sk_R `_r' and sk_gu_kp as sk_gu_kparamsro:
m4_dnl the kernels' twins for the calls that are not in place.
m4_define([[sk_gu_twins]], [[sk__twin([[]], [[sk_gu_kparams]], [[$1]])m4_ifelse(sk_gu_inplace(sk_i), [[none]], [[]],
[[sk__twin([[_r]], [[sk_gu_kparamsro]], [[$1]])]])]])
m4_define([[sk__twin]], [[m4_pushdef([[sk_R]], [[$1]])m4_pushdef([[sk_gu_kp]], m4_defn([[$2]]))$3[[]]m4_popdef([[sk_R]])m4_popdef([[sk_gu_kp]])]])
m4_define([[sk__gu_memo]], [[m4_ifdef([[$1]], [[]], [[sk__gu_def([[$1]], [[$2]], [[$3]], [[$4]])]])m4_indir([[$1]])]])
m4_define([[sk__gu_def]], [[m4_pushdef([[sk__R]], [[$3]])m4_pushdef([[sk__RA]], [[$4]])m4_define([[$1]], [[size_t batch[[, ]]]]sk__gu_pars([[$2]]))m4_popdef([[sk__R]])m4_popdef([[sk__RA]])]])
m4_dnl sk__gu_pars(I): the parameters after batch from the list sk_gu_pars_I
m4_dnl (kind:alias:name@..., emit_gu.c) as calls of sk__par_KA(name), one
m4_dnl macro per kind and alias, pointers declared with sk__R, or sk__RA
m4_dnl where they may alias (sk__gu_def sets both).  The `@` become commas
m4_dnl quoted three times: the patsubst over the calls collects them (one),
m4_dnl sk__gu_def's m4_define collects its result (two), and the definition
m4_dnl keeps them quoted for its uses in arguments (three).
m4_define([[sk__gu_pars]], [[sk__gu_list([[$1]], [[sk__par_]], [[[[[[[[, ]]]]]]]])]])
m4_dnl sk__gu_list(I, PFX, SEP): the entries of sk_gu_pars_I
m4_dnl (kind:alias:name:len:out, emit_gu.c) as calls PFX<kind><alias>(name,
m4_dnl len, out), SEP between them; a scalar result (kind o) is left out
m4_dnl unless PFX is sk__par_ (it is a parameter, but no item's argument).
m4_define([[sk__gu_list]], [[m4_patsubst(m4_patsubst(m4_ifelse([[$2]], [[sk__par_]], [[m4_indir([[sk_gu_pars_]]$1)]], [[sk__gu_noout([[$1]])]]), [[@]], [[$3]]), [[\([davow]\):\([01]\):\([_a-zA-Z0-9]+\):\([_a-zA-Z0-9]*\):\([0-9]*\)]], [[$2\1\2([[\3]], [[\4]], [[\5]])]])]])
m4_define([[sk__gu_noout]], [[m4_patsubst(m4_indir([[sk_gu_pars_]]$1), [[@?o:[01]:out::]])]])
m4_define([[sk__par_d0]], [[size_t $1]])
m4_define([[sk__par_a0]], [[[[const ]]sk_T[[]]sk__R[[$1[[, ]]ptrdiff_t inc_$1]]]])
m4_define([[sk__par_a1]], [[[[const ]]sk_T[[]]sk__RA[[$1[[, ]]ptrdiff_t inc_$1]]]])
m4_define([[sk__par_v0]], [[[[const ]]sk_T[[]]sk__R[[$1[[, ]]ptrdiff_t inc_$1[[, ]]ptrdiff_t incel_$1]]]])
m4_define([[sk__par_v1]], [[[[const ]]sk_T[[]]sk__RA[[$1[[, ]]ptrdiff_t inc_$1[[, ]]ptrdiff_t incel_$1]]]])
m4_define([[sk__par_o0]], [[sk_T[[]]sk__R[[$1[[, ]]ptrdiff_t inc_$1]]]])
m4_define([[sk__par_o1]], [[sk_T[[]]sk__RA[[$1[[, ]]ptrdiff_t inc_$1]]]])
m4_define([[sk__par_w0]], [[sk_T[[]]sk__R[[$1[[, ]]ptrdiff_t inc_$1[[, ]]ptrdiff_t incel_$1]]]])
m4_define([[sk__par_w1]], [[sk_T[[]]sk__RA[[$1[[, ]]ptrdiff_t inc_$1[[, ]]ptrdiff_t incel_$1]]]])
m4_dnl sk_gu_iparams(I): the per-item function's parameters, in sk_P: run-time
m4_dnl sizes, scalars by value, vectors and results as (pointer, element
m4_dnl increment); never none (a gufunc has a vector input or result).
m4_dnl Written once per gufunc and precision.
m4_define([[sk_gu_iparams]], [[sk__gu_memo1([[sk__gi_]]$1[[_]]sk_P, [[sk__gu_list([[$1]], [[sk__ip_]], [[[[[[[[, ]]]]]]]])]])]])
m4_define([[sk__gu_memo1]], [[m4_ifdef([[$1]], [[]], [[m4_define([[$1]], $2)]])m4_indir([[$1]])]])
m4_define([[sk__ip_d0]], [[size_t $1]])
m4_define([[sk__ip_a0]], [[sk_T[[ $1]]]])
m4_define([[sk__ip_v0]], [[[[const ]]sk_T[[ *$1[[, ]]ptrdiff_t incel_$1]]]])
m4_define([[sk__ip_w0]], [[sk_T[[ *$1[[, ]]ptrdiff_t incel_$1]]]])
m4_dnl sk_gu_callargs(I): the per-item call's arguments for batch item _b (a
m4_dnl ptrdiff_t); sk_gu_scallargs(I) the same with the results in the
m4_dnl block's shared memory (_sm, _osz between results, _ts between items,
m4_dnl _te between terms).  Each written once per gufunc.
m4_define([[sk_gu_callargs]], [[sk__gu_memo1([[sk__ca_]]$1, [[sk__gu_list([[$1]], [[sk__ca_]], [[[[[[[[, ]]]]]]]])]])]])
m4_define([[sk_gu_scallargs]], [[sk__gu_memo1([[sk__sa_]]$1, [[sk__gu_list([[$1]], [[sk__sa_]], [[[[[[[[, ]]]]]]]])]])]])
m4_define([[sk__ca_d0]], [[$1]])
m4_define([[sk__ca_a0]], [[[[$1[_b * inc_$1]]]]])
m4_dnl Item _b's row of array NAME of length LEN, and its element increment.
m4_dnl An array of a run-time size may be NULL when that size is 0
m4_dnl (symkern(3)), and NULL plus an offset is undefined: then the array
m4_dnl itself is passed, and the item reads none of it.  The argument check
m4_dnl has refused NULL for every other size, so the test may be on the
m4_dnl size or on the pointer.  C tests the size (sk__gu_ptrtest 0): a
m4_dnl static analyser then never follows a NULL row into a loop of
m4_dnl non-zero length.  kernels.cu.m4 tests the pointer (sk__gu_ptrtest 1):
m4_dnl given rows that are not NULL, nvcc versions an item's loop on whether
m4_dnl its rows overlap and unrolls the version where they do not, with
m4_dnl loads ahead of stores (bench/RESULTS.md, 2026-12-05: a cumsum of
m4_dnl 4096 columns of 4096, one thread an item, ran 3x slower with the
m4_dnl size test).
m4_define([[sk__gu_ptrtest]], 0)
m4_define([[sk__ca_v0]], [[m4_ifelse(m4_regexp([[$2]], [[^[0-9]+$]]), 0, [[[[$1 + _b * inc_$1[[, ]]incel_$1]]]],
	sk__gu_ptrtest, 1, [[[[($1 ? $1 + _b * inc_$1 : $1)[[, ]]incel_$1]]]], [[[[($2 ? $1 + _b * inc_$1 : $1)[[, ]]incel_$1]]]])]])
m4_define([[sk__ca_w0]], m4_defn([[sk__ca_v0]]))
m4_define([[sk__sa_d0]], m4_defn([[sk__ca_d0]]))
m4_define([[sk__sa_a0]], m4_defn([[sk__ca_a0]]))
m4_define([[sk__sa_v0]], m4_defn([[sk__ca_v0]]))
m4_define([[sk__sa_w0]], [[[[_sm + $3 * _osz + (ptrdiff_t)threadIdx.x * _ts[[, ]]_te]]]])
m4_dnl The same for inputs a result may overwrite in place (alias 1).
m4_define([[sk__gu_alias1]], [[m4_define([[$1]][[1]], m4_defn([[$1]][[0]]))]])
sk__gu_alias1([[sk__ip_a]])sk__gu_alias1([[sk__ip_v]])sk__gu_alias1([[sk__ip_w]])
sk__gu_alias1([[sk__ca_a]])sk__gu_alias1([[sk__ca_v]])sk__gu_alias1([[sk__ca_w]])
sk__gu_alias1([[sk__sa_a]])sk__gu_alias1([[sk__sa_v]])sk__gu_alias1([[sk__sa_w]])
m4_dnl sk_gu_arrays(I): the {pointer, inc_batch, inc_elem, elements, role}
m4_dnl initializers, each followed by `, `, for NAME_priv_check_gu: role 1 a
m4_dnl result, 2 an input a result may overwrite exactly in place, else 0.
m4_define([[sk_gu_arrays]], [[sk__gu_arr(m4_indir([[sk_gu_pars_]]$1))]])
m4_define([[sk__gu_arr]], [[m4_patsubst(m4_patsubst([[$1]], [[@]]), [[\([davow]\):\([01]\):\([_a-zA-Z0-9]+\):\([_a-zA-Z0-9]*\):\([0-9]*\)]], [[sk__ar_\1\2([[\3]], [[\4]])]])]])
m4_define([[sk__ar_d0]], [[]])
m4_define([[sk__ar_a0]], [[[[{$1, inc_$1, 0, 1, 0}, ]]]])
m4_define([[sk__ar_a1]], [[[[{$1, inc_$1, 0, 1, 2}, ]]]])
m4_define([[sk__ar_v0]], [[[[{$1, inc_$1, incel_$1, $2, 0}, ]]]])
m4_define([[sk__ar_v1]], [[[[{$1, inc_$1, incel_$1, $2, 2}, ]]]])
m4_define([[sk__ar_o0]], [[[[{out, inc_out, 0, 1, 1}, ]]]])
m4_define([[sk__ar_o1]], m4_defn([[sk__ar_o0]]))
m4_define([[sk__ar_w0]], [[[[{$1, inc_$1, incel_$1, $2, 1}, ]]]])
m4_define([[sk__ar_w1]], m4_defn([[sk__ar_w0]]))
m4_dnl sk_gu_work(I): the elements one item touches, `(size_t)1 + n + 4`, from
m4_dnl the core dimensions' lengths sk_gu_dims_I, to decide when threads pay.
m4_define([[sk_gu_work]], [[[[(size_t)1]]m4_patsubst(m4_indir([[sk_gu_dims_]]$1), [[\([_a-zA-Z0-9]+\)@?]], [[[[ + \1]]]])]])
m4_dnl sk_gu_outlen(I): (->) the results' length as a size_t.
m4_define([[sk_gu_outlen]], [[[[(size_t)]]sk_gu_len([[$1]])]])
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
