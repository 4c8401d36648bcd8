/* paths.h: where symkern finds its templates (see symkern(1), --templates). */
#ifndef SYMKERN_PATHS_H
#define SYMKERN_PATHS_H

#include "arena.h"

/* The template directory: GIVEN (--templates) if not NULL; else
 * $SYMKERN_TEMPLATES if set and not empty; else, for the symkern of a build
 * folder (not installed), its source tree's templates if they hold the
 * prelude symkern.m4; else the template directory at the configured place
 * relative to the running executable, if it holds the prelude (so an
 * installation that was moved, or installed with `make install prefix=X`,
 * still finds its own templates); else the configured directory. */
const char *paths_template_dir(Arena *a, const char *given);

/* The relative path from the absolute directory FROM to the absolute
 * directory TO ("../share/symkern" from /usr/bin to /usr/share/symkern),
 * "." when equal; NULL when either is not absolute or has a ".." part.
 * Exposed for the tests. */
char *paths_relative(Arena *a, const char *from, const char *to);

#endif
