/* Unit tests for src/support/pages.c and the arena built on it: zeroed
 * blocks on both sides of the mmap threshold, arena chunks filled across
 * their populate windows, an arena reset for reuse, an arena of chunks
 * below 2^48, and mapped input files ending in a NUL. */
#include "sharc/support.h"
#include "support/arena.h"
#include "support/pages.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static bool all_zero(const unsigned char *p, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (p[i])
      return false;
  return true;
}

static void test_blocks(void) {
  size_t sizes[] = {1, 4096, (1u << 20) - 8, 1u << 20, (3u << 20) + 123};
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
    unsigned char *p = sharc_pages_alloc(sizes[i]);
    CHECK(p != NULL);
    CHECK(all_zero(p, sizes[i]));
    memset(p, 0xab, sizes[i]);
    sharc_pages_free(p, sizes[i]);
    unsigned char *q = sharc_pages_reserve(sizes[i]);
    CHECK(all_zero(q, sizes[i]));
    if (sizes[i] >= 1u << 20) /* a page-aligned mapping */
      sharc_pages_populate(q, sizes[i] & ~(size_t)65535);
    CHECK(all_zero(q, sizes[i]));
    sharc_pages_free(q, sizes[i]);
  }
}

/* Many small pieces and a few big ones, so that large chunks are used
 * across several windows: every piece zeroed, 8-aligned, and disjoint (each
 * keeps the stamp written into it). */
static void test_arena(void) {
  sharc_arena a = {0};
  enum { N = 40000 };
  uint64_t **pieces = malloc(N * sizeof *pieces);
  size_t *lens = malloc(N * sizeof *lens);
  bool zero = true, aligned = true;
  for (size_t i = 0; i < N; i++) {
    size_t len = i % 997 == 0 ? (size_t)(i % 5 + 1) << 20 : 16 + (i * 37) % 700;
    unsigned char *p = sharc_arena_alloc(&a, len);
    zero = zero && all_zero(p, len);
    aligned = aligned && ((uintptr_t)p & 7) == 0;
    memset(p, 0x5a, len);
    memcpy(p, &i, sizeof i);
    pieces[i] = (uint64_t *)(void *)p;
    lens[i] = len;
  }
  CHECK(zero);
  CHECK(aligned);
  bool kept = true;
  for (size_t i = 0; i < N; i++)
    kept = kept && *pieces[i] == i && ((unsigned char *)pieces[i])[lens[i] - 1] == 0x5a;
  CHECK(kept);
  CHECK(a.total > (64u << 20));
  sharc_arena_free(&a);
  CHECK(a.head == NULL && a.total == 0);
  free(pieces);
  free(lens);
}

/* A reset arena keeps its newest chunk and hands out zeroed memory again,
 * over and over, the parser's per-function scratch; one that grew to
 * several chunks keeps only the newest. */
static void test_arena_reset(void) {
  sharc_arena a = {0};
  sharc_arena_reset(&a); /* empty: nothing to keep */
  CHECK(a.head == NULL);
  bool zero = true;
  for (unsigned round = 0; round < 50; round++) {
    size_t pieces = round % 7 == 0 ? 3000 : 10 + round;
    for (size_t i = 0; i < pieces; i++) {
      size_t len = 8 + (i * 53 + round) % 300;
      unsigned char *p = sharc_arena_alloc(&a, len);
      zero = zero && all_zero(p, len);
      memset(p, 0xc3, len);
    }
    sharc_arena_reset(&a);
    CHECK(a.used == 0 && a.head != NULL && a.total >= 65536);
  }
  CHECK(zero);
  sharc_arena_free(&a);
  CHECK(a.head == NULL && a.total == 0);
}

/* An arena of narrow chunks: small and large pieces zeroed, at addresses
 * of 48 bits (what the uniquing slots hold), and the arena still asks for
 * narrow chunks after a reset and after being freed. A block that must lie
 * below 2^1 is refused by malloc and mmap alike: it comes mapped, its size
 * raised to what sharc_pages_free unmaps. */
static void test_narrow_arena(void) {
  sharc_arena a = {.narrow_chunks = true};
  bool zero = true, narrow = true;
  for (unsigned round = 0; round < 3; round++) {
    for (size_t i = 0; i < 5000; i++) {
      size_t len = i % 1000 == 999 ? 3u << 20 : 8 + (i * 29) % 500;
      unsigned char *p = sharc_arena_alloc(&a, len);
      zero = zero && all_zero(p, len);
      narrow = narrow && (uint64_t)(uintptr_t)p >> 48 == 0;
      memset(p, 0x3c, len);
    }
    if (round == 0)
      sharc_arena_reset(&a);
    else
      sharc_arena_free(&a);
    CHECK(a.narrow_chunks);
  }
  CHECK(zero);
  CHECK(narrow);
  CHECK(a.head == NULL && a.total == 0);
  size_t size = 100;
  unsigned char *p = sharc_pages_reserve_below(&size, 1);
  CHECK(p && size >= 100 && all_zero(p, size));
  memset(p, 1, size);
  sharc_pages_free(p, size);
  size = 100;
  p = sharc_pages_reserve_below(&size, 64);
  CHECK(p && size == 100 && all_zero(p, size));
  sharc_pages_free(p, size);
}

static void write_file(const char *path, size_t n) {
  FILE *f = fopen(path, "wb");
  for (size_t i = 0; i < n; i++)
    fputc('a' + (int)(i % 26), f);
  fclose(f);
}

static void test_map_file(void) {
  char path[] = "test_pages_input.tmp";
  write_file(path, 5000);
  const char *data = NULL;
  size_t len = 0;
  CHECK(sharc_pages_map_file(path, &data, &len));
  CHECK(len == 5000);
  CHECK(data && data[0] == 'a' && data[4999] == 'a' + 4999 % 26 && data[5000] == 0);
  sharc_pages_unmap_file(data, len);
  /* a page multiple has no room for the NUL: the caller reads it instead */
  write_file(path, 65536);
  CHECK(!sharc_pages_map_file(path, &data, &len));
  write_file(path, 0);
  CHECK(!sharc_pages_map_file(path, &data, &len));
  remove(path);
  CHECK(!sharc_pages_map_file(path, &data, &len));
}

/* Released pages of a mapped file read back the same text; a buffer that
 * is not a file mapping keeps its (written) contents. */
static void test_release_file(void) {
  char path[] = "test_pages_release.tmp";
  size_t n = 5 * 4096 + 123;
  write_file(path, n);
  const char *data = NULL;
  size_t len = 0;
  CHECK(sharc_pages_map_file(path, &data, &len));
  CHECK(len == n);
  sharc_pages_release_file(data, len);
  sharc_pages_release_file(data + 100, 3 * 4096);
  bool same = true;
  for (size_t i = 0; i < n; i++)
    same = same && data[i] == (char)('a' + i % 26);
  CHECK(same && data[n] == 0);
  sharc_pages_unmap_file(data, len);
  remove(path);
  size_t size = 4u << 20;
  unsigned char *mem = sharc_pages_alloc(size);
  memset(mem, 7, size);
  sharc_pages_release_file((const char *)mem, size);
  CHECK(mem[0] == 7 && mem[size / 2] == 7 && mem[size - 1] == 7);
  sharc_pages_free(mem, size);
}

int main(void) {
  test_blocks();
  test_arena();
  test_arena_reset();
  test_narrow_arena();
  test_map_file();
  test_release_file();
  return check_summary("pages");
}
