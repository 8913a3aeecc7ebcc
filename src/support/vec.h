/* Growable arrays: one macro-generated layout for any element type, so code
 * that collects items does not hand-roll its own realloc loop. */
#ifndef SHARC_SUPPORT_VEC_H
#define SHARC_SUPPORT_VEC_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* An anonymous vector type of `T`: `SHARC_VEC(sharc_op *) ops = {0};`.
 * Name it with a typedef to pass it around. Zero-initialized means empty. */
#define SHARC_VEC(T)                                                                               \
  struct {                                                                                         \
    T *items;                                                                                      \
    unsigned len, cap;                                                                             \
  }

/* Makes room for `need` elements of `elem_size` bytes; aborts when out of
 * memory (as every allocation in libsharc). */
void sharc_vec_reserve_raw(void **items, unsigned *cap, size_t need, size_t elem_size);

#define sharc_vec_reserve(v, n)                                                                    \
  sharc_vec_reserve_raw((void **)&(v)->items, &(v)->cap, (n), sizeof *(v)->items)
/* Room is checked inline: a push with room left is two stores, no call. */
#define sharc_vec_grow_for_one(v)                                                                  \
  ((v)->len < (v)->cap ? (void)0 : sharc_vec_reserve((v), (size_t)(v)->len + 1))
#define sharc_vec_push(v, x) (sharc_vec_grow_for_one(v), (v)->items[(v)->len++] = (x))
/* A new last element, left uninitialized, for code that parses straight
 * into its slot; the pointer lasts until the next growth. */
#define sharc_vec_push_slot(v)                                                                     \
  (sharc_vec_grow_for_one(v), &(v)->items[(v)->len++])
#define sharc_vec_pop(v) ((v)->items[--(v)->len])
#define sharc_vec_last(v) ((v)->items[(v)->len - 1])
#define sharc_vec_clear(v) ((v)->len = 0)
#define sharc_vec_free(v) (free((v)->items), (v)->items = NULL, (v)->len = (v)->cap = 0)

/* Common element types. */
typedef SHARC_VEC(void *) sharc_ptr_vec;
typedef SHARC_VEC(int64_t) sharc_i64_vec;

/* Appends `x` unless `v` holds it already (a linear scan: for the short
 * lists of an op's operands or a mesh's users). */
void sharc_ptr_vec_push_unique(sharc_ptr_vec *v, void *x);

/* A vector of pointers whose first few items live inline, for the hot
 * paths (the parser's operand lists) where most lists are short. Never
 * copy one by value once items were pushed. */
typedef struct sharc_ptrvec {
  void **items;
  unsigned len, cap;
  void *small[6];
} sharc_ptrvec;
void sharc_ptrvec_push(sharc_ptrvec *v, void *item);
void sharc_ptrvec_free(sharc_ptrvec *v);

#endif
