/* Interned identifiers of string-literal names, remembered per context by
 * the literal's address (a few dozen hot names: a direct-mapped slot
 * each, its neighbour taking the one a collision displaced), so that a
 * hot attribute lookup costs a pointer hash and pointer compares. Passes
 * run single-threaded on a context, as every other IR change does. */
#include "ir/static_names.h"

#include "ir/ir_internal.h"

sharc_ident *sharc_context_static_ident_slow(sharc_context *ctx, const char *literal) {
  uintptr_t p = (uintptr_t)literal;
  unsigned slot = (unsigned)((p >> 3) * 0x9e3779b1u >> 16) % SHARC_STATIC_IDENT_SLOTS;
  struct sharc_static_ident_slot *s = &ctx->static_idents[slot];
  /* Two literals whose addresses share a slot would intern again on every
   * other ask (which pair collides depends on where the linker put them):
   * the neighbour slot holds the one last displaced, swapped back in for a
   * few stores instead of a hash and a compare of the text. */
  struct sharc_static_ident_slot *alt = &ctx->static_idents[slot ^ 1];
  struct sharc_static_ident_slot displaced = *s;
  if (alt->literal == literal) {
    *s = *alt;
    *alt = displaced;
    return s->ident;
  }
  if (displaced.literal)
    *alt = displaced;
  s->ident = sharc_ident_get(ctx, sharc_str_from_cstr(literal));
  s->literal = literal;
  return s->ident;
}

sharc_attr *sharc_attr_dict_get_static(sharc_context *ctx, const sharc_attr *dict,
                                       const char *literal) {
  if (!dict)
    return NULL;
  return sharc_attr_dict_get_ident(dict, sharc_context_static_ident(ctx, literal));
}

sharc_attr *sharc_op_attr_static(const sharc_op *op, const char *literal) {
  return sharc_attr_dict_get_static(sharc_op_ctx_of(op), op->attrs, literal);
}

void sharc_op_set_attr_static(sharc_op *op, const char *literal, sharc_attr *value) {
  sharc_op_set_attr_ident(op, sharc_context_static_ident(sharc_op_ctx_of(op), literal), value);
}
