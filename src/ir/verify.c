/* IR verification: structural rules every operation obeys (terminators,
 * single-block regions, operand/region counts of registered ops come from
 * their own hooks) plus each op definition's verifier. */
#include "ir/context.h"
#include "sharc/asm.h"
#include "sharc/verify.h"

#include <string.h>

static bool verify_op(sharc_op *op);

/* Whether blocks under `parent` need a terminator: registered ops need one
 * unless they declare otherwise; unregistered ops may be anything. */
static bool needs_terminator(const sharc_op *parent) {
  return parent->def && !(parent->def->traits & (SHARC_TRAIT_NO_TERMINATOR | SHARC_TRAIT_GRAPH_REGION));
}

static bool verify_block(sharc_op *parent, sharc_block *b) {
  if (!b->first && needs_terminator(parent)) {
    sharc_emit(b->ctx, SHARC_SEV_ERROR, parent->loc, "empty block: expect at least a terminator");
    return false;
  }
  /* MLIR verifies the ops isolated from above (functions) each on its own
   * and reports the failures of all of them */
  bool isolated_ok = true;
  for (sharc_op *op = b->first; op; op = op->next) {
    if (op->def && (op->def->traits & SHARC_TRAIT_TERMINATOR) && op->next) {
      sharc_emit_op_error(op, "must be the last operation in the parent block");
      return false;
    }
    if (verify_op(op))
      continue;
    if (!(op->def && (op->def->traits & SHARC_TRAIT_ISOLATED) && op->num_regions))
      return false;
    isolated_ok = false;
  }
  if (!isolated_ok)
    return false;
  /* an unregistered last op might be a terminator; a registered one must be */
  sharc_op *last = b->last;
  if (last && needs_terminator(parent) && last->def && !(last->def->traits & SHARC_TRAIT_TERMINATOR)) {
    sharc_buf text = {0};
    sharc_print_flags generic = {.generic = true};
    sharc_print_op(last, &generic, &text);
    while (text.len && text.data[text.len - 1] == '\n')
      text.data[--text.len] = 0;
    sharc_emit(b->ctx, SHARC_SEV_ERROR, last->loc, "block with no terminator, has %s", text.data);
    sharc_buf_free(&text);
    return false;
  }
  return true;
}

/* Successors stay within their region, and nothing branches to an entry block. */
static bool verify_successors(sharc_op *parent, sharc_region *r) {
  for (sharc_block *b = r->first; b; b = b->next)
    for (sharc_op *o = b->first; o; o = o->next)
      for (unsigned s = 0; s < o->num_successors; s++) {
        if (o->successors[s]->parent != r) {
          sharc_emit_op_error(o, "reference to block defined in another region");
          return false;
        }
        if (o->successors[s] == r->first) {
          sharc_emit(parent->ctx, SHARC_SEV_ERROR, parent->loc,
                     "entry block of region may not have predecessors");
          return false;
        }
      }
  return true;
}

/* The count traits of a registered op, in MLIR's wording; generic-form
 * input can give a registered op any shape. */
static bool verify_counts(sharc_op *op) {
  unsigned t = op->def->traits;
  if ((t & SHARC_TRAIT_ZERO_OPERANDS) && op->num_operands) {
    sharc_emit_op_error(op, "requires zero operands");
    return false;
  }
  if ((t & SHARC_TRAIT_ZERO_RESULTS) && op->num_results) {
    sharc_emit_op_error(op, "requires zero results");
    return false;
  }
  if ((t & SHARC_TRAIT_ZERO_REGIONS) && op->num_regions) {
    sharc_emit_op_error(op, "requires zero regions");
    return false;
  }
  if ((t & SHARC_TRAIT_ONE_REGION) && op->num_regions != 1) {
    sharc_emit_op_error(op, "requires one region");
    return false;
  }
  return true;
}

/* Whether `r` is `ancestor` or nested inside it. */
static bool region_within(const sharc_region *r, const sharc_region *ancestor) {
  while (r && r != ancestor) {
    sharc_op *parent = r->parent;
    r = parent && parent->block ? parent->block->parent : NULL;
  }
  return r == ancestor;
}

static const sharc_region *value_region(const sharc_value *v) {
  if (v->vkind == SHARC_VALUE_ARG)
    return v->owner.block ? v->owner.block->parent : NULL;
  const sharc_op *def = v->owner.op;
  return def && def->block ? def->block->parent : NULL;
}

/* IsolatedFromAbove: nothing under `r` uses a value defined outside it; ops
 * that are isolated themselves check their own regions. */
static bool verify_isolated_region(sharc_op *isolated, sharc_region *r, sharc_region *scan) {
  for (sharc_block *b = scan->first; b; b = b->next)
    for (sharc_op *o = b->first; o; o = o->next) {
      for (unsigned i = 0; i < o->num_operands; i++) {
        if (region_within(value_region(o->operands[i].value), r))
          continue;
        sharc_diag *d = sharc_emit_op_error(o, "using value defined outside the region");
        sharc_diag_note(d, isolated->loc, "required by region isolation constraints");
        return false;
      }
      if (o->def && (o->def->traits & SHARC_TRAIT_ISOLATED))
        continue;
      for (unsigned i = 0; i < o->num_regions; i++)
        if (!verify_isolated_region(isolated, r, &o->regions[i]))
          return false;
    }
  return true;
}

const sharc_dialect *sharc_attr_name_dialect(const sharc_context *ctx, const sharc_ident *name) {
  sharc_str n = sharc_ident_str(name);
  const char *dot = memchr(n.data, '.', n.len);
  if (!dot)
    return NULL;
  return sharc_context_dialect(ctx, (sharc_str){n.data, (size_t)(dot - n.data)});
}

/* MLIR verifies an op's discardable `dialect.x` attributes with their
 * dialect's hook before the op's own invariants. */
static bool verify_dialect_attrs(sharc_op *op) {
  const sharc_named_attr *e = sharc_attr_dict_entries(op->attrs);
  for (unsigned i = 0; i < sharc_attr_count(op->attrs); i++) {
    if (op->def && sharc_op_def_is_inherent(op->def, e[i].name))
      continue;
    const sharc_dialect *d = sharc_attr_name_dialect(op->ctx, e[i].name);
    if (d && d->verify_op_attr && !d->verify_op_attr(op, &e[i]))
      return false;
  }
  return true;
}

/* One `arg_attrs`/`res_attrs` array of a function-like op. */
static bool verify_arg_attr_array(sharc_op *op, const sharc_attr *all, bool is_result) {
  for (unsigned i = 0; i < sharc_attr_count(all); i++) {
    const sharc_attr *dict = sharc_attr_at(all, i);
    if (sharc_attr_get_kind(dict) != SHARC_ATTR_DICTIONARY)
      continue;
    const sharc_named_attr *e = sharc_attr_dict_entries(dict);
    for (unsigned k = 0; k < sharc_attr_count(dict); k++) {
      sharc_str n = sharc_ident_str(e[k].name);
      if (!memchr(n.data, '.', n.len)) {
        sharc_emit_op_error(op, is_result ? "results may only have dialect attributes"
                                          : "arguments may only have dialect attributes");
        return false;
      }
      const sharc_dialect *d = sharc_attr_name_dialect(op->ctx, e[k].name);
      if (d && d->verify_arg_attr && !d->verify_arg_attr(op, i, is_result, &e[k]))
        return false;
    }
  }
  return true;
}

bool sharc_verify_function_arg_attrs(sharc_op *op) {
  sharc_attr *args = sharc_op_attr(op, "arg_attrs"), *results = sharc_op_attr(op, "res_attrs");
  if (args && sharc_attr_get_kind(args) == SHARC_ATTR_ARRAY && !verify_arg_attr_array(op, args, false))
    return false;
  if (results && sharc_attr_get_kind(results) == SHARC_ATTR_ARRAY &&
      !verify_arg_attr_array(op, results, true))
    return false;
  return true;
}

static bool verify_op(sharc_op *op) {
  if (!verify_dialect_attrs(op))
    return false;
  if (op->def && !verify_counts(op))
    return false;
  if (op->def && op->def->verify && !op->def->verify(op))
    return false;
  for (unsigned i = 0; i < op->num_regions; i++) {
    sharc_region *r = &op->regions[i];
    if (!verify_successors(op, r))
      return false;
    if (op->def && (op->def->traits & SHARC_TRAIT_SINGLE_BLOCK) && r->first && r->first->next) {
      sharc_emit_op_error(op, "expects region #%u to have 0 or 1 blocks", i);
      return false;
    }
    for (sharc_block *b = r->first; b; b = b->next)
      if (!verify_block(op, b))
        return false;
  }
  if (op->def && (op->def->traits & SHARC_TRAIT_ISOLATED))
    for (unsigned i = 0; i < op->num_regions; i++)
      if (!verify_isolated_region(op, &op->regions[i], &op->regions[i]))
        return false;
  if (op->def && op->def->verify_regions && !op->def->verify_regions(op))
    return false;
  return true;
}

bool sharc_verify(sharc_op *op) {
  bool ok = verify_op(op);
  sharc_diag_flush(op->ctx);
  return ok;
}
