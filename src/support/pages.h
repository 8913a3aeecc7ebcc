/* Zeroed blocks for the big hash tables, and read-only views of input
 * files, taken from the system's pages when that is cheaper than malloc. */
#ifndef SHARC_PAGES_H
#define SHARC_PAGES_H

#include <stdbool.h>
#include <stddef.h>

/* A zeroed block of `size` bytes; aborts when out of memory. Free it with
 * sharc_pages_free and the same size. */
void *sharc_pages_alloc(size_t size);
void sharc_pages_free(void *p, size_t size);

/* Like sharc_pages_alloc, but a large block's pages are left to be made
 * present piecewise with sharc_pages_populate, as the block fills. */
void *sharc_pages_reserve(size_t size);
/* Best effort: makes the pages of [p, p + len) present and writable in one
 * go instead of one fault per page; `p` lies in a block from
 * sharc_pages_reserve, at a multiple of the page size from its start. */
void sharc_pages_populate(void *p, size_t len);

/* Like sharc_pages_reserve, at an address below 2^`bits`: a block malloc
 * places above (a tagged or high heap) is given back and the block is
 * mapped instead, `*size` raised so that sharc_pages_free unmaps it.
 * Without an address hint, Linux on x86-64 and aarch64 maps below 2^47;
 * a mapping above 2^`bits` is returned as it is. */
void *sharc_pages_reserve_below(size_t *size, unsigned bits);

/* Maps the regular file `path` read-only, followed by at least one zero
 * byte. False when the file cannot be mapped that way (empty, not regular,
 * a multiple of the page size, no mmap): the caller then reads it. */
bool sharc_pages_map_file(const char *path, const char **data, size_t *len);
void sharc_pages_unmap_file(const char *data, size_t len);
/* The reader of a file mapped above is past [p, p + len) for good: the
 * pages wholly inside leave the process's resident memory (read again,
 * they map back in from the file), so a large input does not stay
 * resident beside the IR built from it. Memory of any other kind is left
 * as it is. */
void sharc_pages_release_file(const char *p, size_t len);

#endif
