/* What one propagation step through an op produced, keyed by everything
 * it depends on.
 *
 * A step (projecting an op's shardings onto its rule's factors, letting a
 * strategy propagate along the factors, projecting back) is a pure function
 * of the strategy, the rule, the operand and result shardings, the
 * directions along each factor and a few flags: all of them uniqued,
 * immutable attributes or plain values. Ops alike (the layers of a model,
 * the same op visited again in a later round) ask the same question many
 * times; the memo answers it from the first time. Nothing in a key can
 * change meaning while a propagation pass runs (meshes are only named, and
 * propagation adds or removes none), so nothing can go stale. */
#ifndef SHARC_SDY_PROPAGATION_STEP_MEMO_H
#define SHARC_SDY_PROPAGATION_STEP_MEMO_H

#include <stdint.h>

#include "support/ptrmap.h"
#include "support/vec.h"

typedef struct sharc_step_memo {
  sharc_ptrmap heads;         /* key hash -> offset + 1 of the newest entry with that hash */
  SHARC_VEC(uintptr_t) words; /* per entry: next (offset + 1 or 0), key length, value length,
                                 key words, value words */
} sharc_step_memo;

/* The value stored under `key` (`n` words), its length in *value_len, or
 * NULL. The pointer lasts until the next sharc_step_memo_add. */
const uintptr_t *sharc_step_memo_find(const sharc_step_memo *m, const uintptr_t *key, unsigned n,
                                      unsigned *value_len);
/* Stores `value` under `key` (not yet in the memo). */
void sharc_step_memo_add(sharc_step_memo *m, const uintptr_t *key, unsigned n,
                         const uintptr_t *value, unsigned value_len);
void sharc_step_memo_free(sharc_step_memo *m);

#endif
