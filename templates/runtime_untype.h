/* runtime_untype.h: undefines the names runtime_type.h defines (see
 * there), at the end of NAME.h and of the files that include it. */
#undef SK_CAT_
#undef SK_CAT
#undef SK_TYPE_1
#undef SK_TYPE_2
#undef SK_TYPE_3
#undef SK_SUFFIX_1
#undef SK_SUFFIX_2
#undef SK_SUFFIX_3
#undef SK_LITERAL_1
#undef SK_LITERAL_2
#undef SK_LITERAL_3
#undef SK_PICK_1
#undef SK_PICK_2
#undef SK_PICK_3
#undef SK_T
#undef SK_SUFFIX
#undef SK_F_
#undef SK_F
#undef SK_M
#undef SK_L
#undef SK_PICK
#undef SK_UNPAREN
#undef SK_APPLY
#undef SK_PICK_LIST
#undef SK_COUNT
