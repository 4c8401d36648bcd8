/* output.h: expands the templates with m4 and puts the results in place.
 * Each output is written to a temporary file beside its final name (into a
 * new folder beside it when the output folder is missing) and renamed only
 * after all of them succeeded, holding a lock on the folder: an error, or
 * a signal that ends symkern (cleanup.h), leaves earlier outputs byte for
 * byte as they were and no temporary behind, and two runs at once leave
 * the three outputs of one of them.  The m4 processes of the outputs run
 * in parallel.  One of the three outputs that holds a word starting with
 * sk_ or m4_ that is not the user's is refused (forbid.h); --list's
 * standard output is not checked. */
#ifndef SYMKERN_OUTPUT_H
#define SYMKERN_OUTPUT_H

#include <stddef.h>

typedef struct {
	const char *m4;       /* GNU m4 program */
	const char *tmpldir;  /* holds symkern.m4 and the templates */
	const char *outdir;
	const char *lib;
	const char *defs;     /* emit_defs output */
	size_t defs_len;
	size_t ndefs;         /* macros made beyond defs' m4_define (by symkern.m4): sizes m4's hash table */
	const char *user[2];  /* the user's words in the outputs: the .sym text and the input's name */
	size_t user_len[2];
} OutputJob;

/* Expands one template into an open file (as --list does to stdout): 0
 * when m4 succeeded, else 1 after saying why. */
int output_to_fd(const OutputJob *job, const char *tmpl, int fd);
/* 0 on success; else prints "symkern: ..." to stderr and returns 1. */
int output_generate(const OutputJob *job);

#endif
