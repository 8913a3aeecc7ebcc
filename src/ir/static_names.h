/* Attribute lookup by a name that is a string literal: the hot lookups of
 * a pass (a value's `sdy.sharding`, an op's `sdy.sharding_rule`, asked
 * hundreds of thousands of times a pipeline) compare interned identifiers
 * by pointer instead of the name's characters with every entry's. */
#ifndef SHARC_IR_STATIC_NAMES_H
#define SHARC_IR_STATIC_NAMES_H

#include "ir/context.h"
#include "sharc/ir.h"

/* The identifier of `literal` in `ctx`, remembered by the literal's
 * address: `literal` must have static storage and never change (a string
 * literal), so that its address names its text for the whole run. The
 * remembered case inline; a first ask interns. */
sharc_ident *sharc_context_static_ident_slow(sharc_context *ctx, const char *literal);

static inline sharc_ident *sharc_context_static_ident(sharc_context *ctx, const char *literal) {
  uintptr_t p = (uintptr_t)literal;
  unsigned slot = (unsigned)((p >> 3) * 0x9e3779b1u >> 16) % SHARC_STATIC_IDENT_SLOTS;
  if (ctx->static_idents[slot].literal == literal)
    return ctx->static_idents[slot].ident;
  return sharc_context_static_ident_slow(ctx, literal);
}

/* sharc_op_attr(op, literal), with `literal` as above. */
sharc_attr *sharc_op_attr_static(const sharc_op *op, const char *literal);

/* sharc_attr_dict_get(dict, literal) for a dictionary of `ctx`. */
sharc_attr *sharc_attr_dict_get_static(sharc_context *ctx, const sharc_attr *dict,
                                       const char *literal);

/* sharc_op_set_attr with the name interned already. */
void sharc_op_set_attr_ident(sharc_op *op, sharc_ident *name, sharc_attr *value);

/* sharc_op_set_attr(op, literal, value), with `literal` as above. */
void sharc_op_set_attr_static(sharc_op *op, const char *literal, sharc_attr *value);

/* sharc_op_set_attr_static for a discardable attribute that only its own
 * dialect hook verifies and no other verifier reads, of this op or any
 * other (sdy.sharding_rule): set, the op is marked for that hook alone;
 * removed, nothing is marked, as nothing verified before can fail. */
void sharc_op_set_self_verified_attr(sharc_op *op, const char *literal, sharc_attr *value);

#endif
