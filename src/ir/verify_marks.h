/* Change marks for incremental verification: what ops.c reports on each
 * change to IR (besides sharc_ir_touch_op/block/region in ir_internal.h:
 * an op's operands or location, a block's arguments, a region's block
 * list); verify_marks.c marks what must be verified again. */
#ifndef SHARC_IR_VERIFY_MARKS_H
#define SHARC_IR_VERIFY_MARKS_H

#include "ir/context.h"

void sharc_ir_note_attrs(sharc_op *op, const sharc_attr *old);
/* The same when `changed` is the one name whose value differs between
 * `old` and the op's dictionary (set, changed or removed). */
void sharc_ir_note_attr_changed(sharc_op *op, const sharc_attr *old, const sharc_ident *changed);
/* The change of sharc_op_set_self_verified_attr: `name` set (`set`) or
 * removed. */
void sharc_ir_note_self_verified_attr(sharc_op *op, const sharc_attr *old,
                                      const sharc_ident *name, bool set);
/* Whether attribute `name` may have changed on an op marked attrs-only
 * since the root's last verification; the rest of such an op's
 * attributes need no hook run again (a hook reads no other discardable
 * attribute of its op, see sharc_dialect.verify_op_attr). */
static inline bool sharc_ir_attr_name_changed(const sharc_context *ctx, const sharc_ident *name) {
  if (ctx->verify_attr_names_overflow)
    return true;
  for (unsigned i = 0; i < ctx->verify_num_attr_names; i++)
    if (ctx->verify_attr_names[i] == name)
      return true;
  return false;
}
/* What marking and the verifier ask of attribute `name` on ops of `def`
 * (NULL: unregistered), through the context's cache: `dialect`, its
 * dialect when it is a discardable `dialect.x` (NULL for an inherent or
 * undotted name, or one of no loaded dialect), and `reads_other_ops`,
 * whether that dialect has a hook verifying it and the hook may read
 * other ops (sharc_dialect.attr_reads_other_ops). Both depend on the
 * name and the definition only. */
static inline struct sharc_mark_name_slot *
sharc_ir_attr_name_slot(sharc_context *ctx, const sharc_op_def *def, const sharc_ident *name) {
  unsigned n = sizeof ctx->mark_names / sizeof ctx->mark_names[0];
  /* by the name's string hash, not its address: the few names an op
   * carries (sdy.sharding, sdy.sharding_rule) lie close in the arena and
   * shared slots with every definition */
  return &ctx->mark_names[(name->hash ^ (unsigned)((uintptr_t)def >> 6)) % n];
}
/* sharc_ir_attr_name_facts when its slot holds another pair: the facts
 * found and kept there. */
const struct sharc_mark_name_slot *sharc_ir_attr_name_facts_fill(sharc_context *ctx,
                                                                 const sharc_op_def *def,
                                                                 const sharc_ident *name);
/* Inline: marking and the verifier ask it of every attribute they meet,
 * and a hit is a few instructions. */
static inline const struct sharc_mark_name_slot *
sharc_ir_attr_name_facts(sharc_context *ctx, const sharc_op_def *def, const sharc_ident *name) {
  const struct sharc_mark_name_slot *slot = sharc_ir_attr_name_slot(ctx, def, name);
  if (slot->name == name && slot->def == def)
    return slot;
  return sharc_ir_attr_name_facts_fill(ctx, def, name);
}
/* After a verification of the root: no name changed since. */
void sharc_ir_forget_attr_names(sharc_context *ctx);
void sharc_ir_note_value_type(sharc_value *v);
void sharc_ir_note_use_moved(sharc_op *user);
void sharc_ir_note_inserted(sharc_op *op); /* after linking */
void sharc_ir_note_removed(sharc_op *op);  /* before unlinking */
void sharc_ir_note_arg_erased(sharc_block *b, sharc_value *arg);
/* after linking `b` into `r`, or after unlinking it from `r`; `from`: the
 * region `b` was just taken from, when linking it straight from there
 * (its ops unchanged since), else NULL */
void sharc_ir_note_block_moved(sharc_context *ctx, sharc_region *r, sharc_block *b,
                               const sharc_region *from);
/* Marks the ops under the root that refer to a symbol of its body removed,
 * or a function there whose signature changed, since the last call; at
 * the start of a verification of the root (`from_root`), or of one of its
 * ops, which asks for verifying everything instead. */
void sharc_ir_mark_symbol_users(sharc_context *ctx, bool from_root);

#endif
