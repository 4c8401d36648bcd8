/* arena.h: one allocation pool per lifetime, freed at once (after lcc's
 * allocate/deallocate).  The generator is short-lived: tokens, nodes and
 * strings of one run live in one arena, so no error path frees anything. */
#ifndef SYMKERN_ARENA_H
#define SYMKERN_ARENA_H

#include <stddef.h>

typedef struct Arena Arena;

Arena *arena_new(void);
/* Zeroed, aligned for any object; never returns NULL (out of memory is fatal). */
void *arena_alloc(Arena *a, size_t size);
char *arena_strndup(Arena *a, const char *s, size_t len);
/* Grows an array of elsize-sized items kept in the arena (old block abandoned). */
void *arena_grow(Arena *a, void *old, size_t oldcount, size_t newcount, size_t elsize);
/* Room for item n (counting from 0) of an array that grows one item at a
 * time: its capacity is 8, then doubles (16, 32, ...) when full, so that n
 * items appended copy fewer than 2n in all and leave behind less than the
 * final array's size.  Returns arr, or its larger copy when it was full.
 * Parallel arrays of one count grow together, with no capacity to keep. */
void *arena_room(Arena *a, void *arr, size_t n, size_t elsize);
void arena_free(Arena *a);
/* Bytes arena_grow has copied from old arrays to new ones, and bytes held
 * in blocks: what growth costs, for tests and benchmarks. */
size_t arena_copied(const Arena *a);
size_t arena_size(const Arena *a);

/* Fatal allocation failure: print and exit(1).  Used by the arena and by the
 * few heap buffers outside it. */
void *xrealloc(void *p, size_t size);

#endif
