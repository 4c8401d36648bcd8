m4_dnl list.m4: `symkern --list`: the API the templates would generate, one
m4_dnl declaration a line, from the same macros as the header.
sk_each_prec([[sk_each_fn([[sk_scalar_decl(sk_i);
sk_map_decl(sk_i);
sk_cpu_decl(sk_i);
]])]])m4_dnl
sk_each_prec([[sk_each_gu([[sk_gu_decl(sk_i);
sk_gu_cpu_decl(sk_i);
]])]])m4_dnl
