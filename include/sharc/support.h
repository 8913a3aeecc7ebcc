/* Small public support types shared by every part of libsharc: byte
 * strings, growable text buffers and arenas. */
#ifndef SHARC_SUPPORT_H
#define SHARC_SUPPORT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Marks the functions of the public API: the shared library exports these
 * and nothing else (it is built with hidden visibility). */
#if defined(__GNUC__)
#define SHARC_API __attribute__((visibility("default")))
#else
#define SHARC_API
#endif

/* A borrowed, not necessarily NUL-terminated, byte string. */
typedef struct sharc_str {
  const char *data;
  size_t len;
} sharc_str;

#define SHARC_STR(lit) ((sharc_str){(lit), sizeof(lit) - 1})
/* Shardy's SDY_LOG lines (INFO on stdout, WARNING/ERROR on stderr), on by default as in
 * Shardy's tools; a program whose output is its own (a report, JSON) turns them off. */
SHARC_API void sharc_set_log_enabled(bool enabled);

/* The library's version ("0.1.0"), as CMake's project() names it. */
SHARC_API const char *sharc_version(void);

SHARC_API sharc_str sharc_str_from_cstr(const char *s);
SHARC_API bool sharc_str_eq(sharc_str a, sharc_str b);
SHARC_API bool sharc_str_eq_cstr(sharc_str a, const char *s);
SHARC_API bool sharc_str_starts_with(sharc_str s, const char *prefix);
/* Whether `needle` occurs in `hay` (an empty one always does). */
SHARC_API bool sharc_str_contains(sharc_str hay, sharc_str needle);
SHARC_API int sharc_str_cmp(sharc_str a, sharc_str b);
/* A malloc'd NUL-terminated copy of `s` (the caller frees it); aborts when
 * out of memory. */
SHARC_API char *sharc_str_dup(sharc_str s);

/* Growable, always NUL-terminated text buffer. */
typedef struct sharc_buf {
  char *data;
  size_t len, cap;
} sharc_buf;

SHARC_API void sharc_buf_free(sharc_buf *b);
SHARC_API void sharc_buf_reserve(sharc_buf *b, size_t extra);
SHARC_API void sharc_buf_puts(sharc_buf *b, const char *s);

/* The printer's hot path: appends inline, growing only when needed. */
static inline void sharc_buf_put(sharc_buf *b, const char *s, size_t n) {
  if (b->len + n + 1 > b->cap)
    sharc_buf_reserve(b, n);
  if (n)
    memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = 0;
}

static inline void sharc_buf_putc(sharc_buf *b, char c) {
  if (b->len + 2 > b->cap)
    sharc_buf_reserve(b, 1);
  b->data[b->len++] = c;
  b->data[b->len] = 0;
}

/* Appends a string literal without measuring it at run time. */
#define SHARC_BUF_LIT(b, lit) sharc_buf_put((b), "" lit, sizeof(lit) - 1)
SHARC_API void sharc_buf_put_str(sharc_buf *b, sharc_str s);
SHARC_API void sharc_buf_printf(sharc_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
SHARC_API void sharc_buf_vprintf(sharc_buf *b, const char *fmt, va_list ap);
SHARC_API void sharc_buf_put_u64(sharc_buf *b, uint64_t v);
SHARC_API void sharc_buf_put_i64(sharc_buf *b, int64_t v);
SHARC_API void sharc_buf_indent(sharc_buf *b, unsigned n);

/* Bump allocator: everything is freed at once by sharc_arena_free. */
typedef struct sharc_arena_chunk sharc_arena_chunk;
typedef struct sharc_arena {
  sharc_arena_chunk *head;
  char *cur, *end;
  size_t total; /* bytes reserved in chunks */
  size_t used;  /* bytes handed out (SHARC_STATS breakdowns) */
  /* every chunk's address fits 48 bits (the context's uniquing tables
   * pack pointers into 48 bits): a chunk malloc's heap places above is
   * mapped instead (see sharc_pages_reserve_below) */
  bool narrow_chunks;
} sharc_arena;

SHARC_API void *sharc_arena_alloc(sharc_arena *a, size_t size);  /* zeroed, 8-aligned */
SHARC_API void *sharc_arena_dup(sharc_arena *a, const void *p, size_t size);
SHARC_API char *sharc_arena_strndup(sharc_arena *a, const char *s, size_t n);
SHARC_API void sharc_arena_free(sharc_arena *a);

/* Every floating-point format MLIR's builtin dialect knows. */
typedef enum sharc_float_kind {
  SHARC_F16,
  SHARC_BF16,
  SHARC_F32,
  SHARC_F64,
  SHARC_F80,
  SHARC_F128,
  SHARC_TF32,
  SHARC_F8E5M2,
  SHARC_F8E4M3,
  SHARC_F8E4M3FN,
  SHARC_F8E5M2FNUZ,
  SHARC_F8E4M3FNUZ,
  SHARC_F8E4M3B11FNUZ,
  SHARC_F8E3M4,
  SHARC_F8E8M0FNU,
  SHARC_F6E2M3FN,
  SHARC_F6E3M2FN,
  SHARC_F4E2M1FN,
  SHARC_FLOAT_KIND_COUNT
} sharc_float_kind;

#ifdef __cplusplus
}
#endif
#endif
