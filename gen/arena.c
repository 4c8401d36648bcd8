/* arena.c: bump allocator in large blocks; see arena.h. */
#include "arena.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { BLOCK_SIZE = 64 * 1024, ALIGN = 16 };

typedef struct Block {
	struct Block *next;
	size_t used, size;
	_Alignas(16) unsigned char data[];
} Block;

struct Arena {
	Block *head;
};

void *xrealloc(void *p, size_t size)
{
	void *q = realloc(p, size ? size : 1);
	if (!q) {
		fputs("symkern: out of memory\n", stderr);
		exit(1);
	}
	return q;
}

Arena *arena_new(void)
{
	Arena *a = xrealloc(NULL, sizeof *a);
	a->head = NULL;
	return a;
}

void *arena_alloc(Arena *a, size_t size)
{
	size = (size + ALIGN - 1) & ~(size_t)(ALIGN - 1);
	Block *b = a->head;
	if (!b || b->size - b->used < size) {
		size_t cap = size > BLOCK_SIZE ? size : BLOCK_SIZE;
		if (cap > SIZE_MAX - sizeof(Block)) {
			fputs("symkern: out of memory\n", stderr);
			exit(1);
		}
		b = xrealloc(NULL, sizeof(Block) + cap);
		b->used = 0;
		b->size = cap;
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
	if (newcount && elsize > SIZE_MAX / newcount) {
		fputs("symkern: out of memory\n", stderr);
		exit(1);
	}
	void *p = arena_alloc(a, newcount * elsize);
	if (old && oldcount)
		memcpy(p, old, oldcount * elsize);
	return p;
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
