/* Which op definitions a context ever created ops of, asked before a walk
 * of every op for a few kinds: a pass that looks for ops nobody made (no
 * data-flow op, no sharding constraint in a transformer) skips the walk,
 * which on a large module waits on memory for every op. */
#ifndef SHARC_IR_CREATED_DEFS_H
#define SHARC_IR_CREATED_DEFS_H

#include "ir/ir_internal.h"

/* Whether an op of any registered definition for which `pred` holds may
 * exist in `ctx` (false: none was ever created). */
bool sharc_context_may_hold_any(const sharc_context *ctx, bool (*pred)(const sharc_op_def *def));

/* Whether an op of any of the `n` definitions may exist in `ctx`. */
bool sharc_context_may_hold_one_of(const sharc_context *ctx, const sharc_op_def *const *defs,
                                   unsigned n);

/* A fact about the IR a dialect notes when it first holds (an attribute
 * of some rare shape was made), keyed by the address of a static tag:
 * passes that only act on it skip their walk while it was never noted. */
void sharc_context_note_fact(sharc_context *ctx, const void *tag);
/* Whether the fact may hold (false: never noted in `ctx`). */
bool sharc_context_fact_noted(const sharc_context *ctx, const void *tag);

/* Whether an op may hold an attribute named `name` (false: no dictionary
 * of `ctx` ever held that name). */
bool sharc_context_dict_may_hold_name(const sharc_context *ctx, const sharc_ident *name);

/* The fact that an op with successors (a branch) was ever created: with
 * none, no region's successors need checking. */
extern const char sharc_successors_made;

/* The fact that a ranked tensor type with a dimension of size 0 was ever
 * made (ir/types.c): with none, no value can be a zero-extent tensor. */
extern const char sharc_zero_extent_tensor_made;
/* The fact that a tuple, an unranked shaped type or a ranked one with a
 * dynamic dimension was ever made: with none, every shaped value has a
 * static shape and none is a tuple. */
extern const char sharc_unstatic_or_tuple_type_made;

#endif
