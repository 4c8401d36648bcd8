/* arena.c: bump allocator in large blocks; see arena.h. */
#include "arena.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An allocation above BIG that does not fit in the head block gets a block
 * of its own. */
enum { BLOCK_SIZE = 64 * 1024, ALIGN = 16, BIG = BLOCK_SIZE / 4 };

typedef struct Block {
	struct Block *next;
	size_t used, size;
	_Alignas(16) unsigned char data[];
} Block;

struct Arena {
	Block *head;
	size_t copied, size;
};

static _Noreturn void oom(void)
{
	fputs("symkern: out of memory\n", stderr);
	exit(1);
}

void *xrealloc(void *p, size_t size)
{
	void *q = realloc(p, size ? size : 1);
	if (!q)
		oom();
	return q;
}

Arena *arena_new(void)
{
	Arena *a = xrealloc(NULL, sizeof *a);
	a->head = NULL;
	a->copied = a->size = 0;
	return a;
}

static Block *new_block(Arena *a, size_t cap)
{
	if (cap > SIZE_MAX - sizeof(Block))
		oom();
	Block *b = xrealloc(NULL, sizeof(Block) + cap);
	a->size += cap;
	b->used = 0;
	b->size = cap;
	b->next = NULL;
	return b;
}

void *arena_alloc(Arena *a, size_t size)
{
	if (size > SIZE_MAX - ALIGN)
		oom();
	size = (size + ALIGN - 1) & ~(size_t)(ALIGN - 1);
	Block *b = a->head;
	if (b && size > BIG && b->size - b->used < size) {
		/* Its own block, linked behind the head, whose free space stays
		 * in use: an array that grows would otherwise abandon the rest
		 * of a block at each step. */
		Block *big = new_block(a, size);
		big->used = size;
		big->next = b->next;
		b->next = big;
		memset(big->data, 0, size);
		return big->data;
	}
	if (!b || b->size - b->used < size) {
		b = new_block(a, size > BLOCK_SIZE ? size : BLOCK_SIZE);
		b->next = a->head;
		a->head = b;
	}
	void *p = b->data + b->used;
	b->used += size;
	memset(p, 0, size);
	return p;
}

char *arena_strndup(Arena *a, const char *s, size_t len)
{
	char *p = arena_alloc(a, len + 1);
	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

void *arena_grow(Arena *a, void *old, size_t oldcount, size_t newcount, size_t elsize)
{
	if (newcount && elsize > SIZE_MAX / newcount)
		oom();
	void *p = arena_alloc(a, newcount * elsize);
	if (old && oldcount) {
		memcpy(p, old, oldcount * elsize);
		a->copied += oldcount * elsize;
	}
	return p;
}

void *arena_room(Arena *a, void *arr, size_t n, size_t elsize)
{
	if (n == 0)
		return arena_grow(a, NULL, 0, 8, elsize);
	if (n < 8 || (n & (n - 1)) != 0) /* not full: the capacity is 8 or the power of 2 above n */
		return arr;
	if (n > SIZE_MAX / 2)
		oom();
	return arena_grow(a, arr, n, 2 * n, elsize);
}

void arena_free(Arena *a)
{
	if (!a)
		return;
	for (Block *b = a->head, *next; b; b = next) {
		next = b->next;
		free(b);
	}
	free(a);
}

size_t arena_copied(const Arena *a)
{
	return a->copied;
}

size_t arena_size(const Arena *a)
{
	return a->size;
}
