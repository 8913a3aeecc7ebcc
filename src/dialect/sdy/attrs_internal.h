/* How the sdy attributes are laid out in a dialect attribute's words, shared
 * by the files that build, parse, print and verify them.
 *
 * Every attribute is a def plus `uintptr_t` words. Lists are stored as
 * segments: a count followed by that many words, so one attribute can hold
 * several lists (a tensor sharding holds dims, replicated and unreduced
 * axes) and stays uniqued by content. */
#ifndef SHARC_DIALECT_SDY_ATTRS_INTERNAL_H
#define SHARC_DIALECT_SDY_ATTRS_INTERNAL_H

#include "dialect/sdy/sdy_attrs.h"

/* A view of one segment of words. */
typedef struct sdy_seg {
  const uintptr_t *w;
  unsigned n;
} sdy_seg;

/* Words builder used by constructors: fixed fields, then segments. */
typedef struct sdy_words {
  uintptr_t *w;
  unsigned n, cap;
  uintptr_t small[32];
} sdy_words;

void sharc_sdy_words_init(sdy_words *b);
/* Room for `more` words past b->n (the builder outgrows `small`). */
void sharc_sdy_words_reserve(sdy_words *b, unsigned more);
/* Inline: every attribute built pushes its words one at a time. */
static inline void sharc_sdy_words_push(sdy_words *b, uintptr_t v) {
  if (b->n == b->cap)
    sharc_sdy_words_reserve(b, 1);
  b->w[b->n++] = v;
}
void sharc_sdy_words_seg(sdy_words *b, const uintptr_t *items, unsigned n);
void sharc_sdy_words_free(sdy_words *b);
sharc_attr *sharc_sdy_words_attr(sharc_context *ctx, const sharc_attr_def *def, sdy_words *b);

/* The `k`-th segment after `fixed` leading words. */
sdy_seg sharc_sdy_attr_seg(const sharc_attr *a, unsigned fixed, unsigned k);
/* Whether segment k after `fixed` words holds the same words in a and b
 * (the same axes, device ids, ...: words are uniqued attributes or
 * integers). */
bool sharc_sdy_attr_segs_equal(const sharc_attr *a, const sharc_attr *b, unsigned fixed,
                               unsigned k);
uintptr_t sharc_sdy_attr_word(const sharc_attr *a, unsigned i);

static inline int64_t sdy_word_i64(uintptr_t w) { return (int64_t)(intptr_t)w; }
static inline uintptr_t sdy_i64_word(int64_t v) { return (uintptr_t)(intptr_t)v; }

/* A TensorShardingPerValueAttr's entries (a list without fixed words),
 * read directly: an op's sharding is looked up for every value visited. */
static inline unsigned sdy_per_value_size(const sharc_attr *list) { return list->params.n; }
static inline sharc_attr *sdy_per_value_at(const sharc_attr *list, unsigned i) {
  return (sharc_attr *)list->params.words[i];
}

/* A TensorShardingAttr's mesh or mesh reference (its first word), read
 * directly: propagation asks it of every sharding of every step. */
static inline sharc_attr *sdy_sharding_mesh_or_ref(const sharc_attr *sharding) {
  return (sharc_attr *)sharding->params.words[0];
}

/* Every def's print hook: the body after `#sdy.mnemonic`. */
void sharc_sdy_print_attr_body(sharc_printer *p, const sharc_attr *a);
/* NULL-terminated, for the dialect's mnemonic lookup. */
extern const sharc_attr_def *const sharc_sdy_attr_defs[];
unsigned sharc_sdy_list_fixed_words(const sharc_attr *a);

/* Factor symbols: i..z, then z_1, z_2, ... */
void sharc_sdy_factor_symbol(sharc_buf *b, int64_t index);

#endif
