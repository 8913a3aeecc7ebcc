/* Value and block mappings (MLIR's IRMapping) and cloning of ops and
 * regions through them. */
#include "ir/ir_internal.h"
#include "support/ptrmap.h"
#include "support/xalloc.h"

#include <stdlib.h>

struct sharc_mapping {
  sharc_ptrmap values;
  sharc_ptrmap blocks;
};

sharc_mapping *sharc_mapping_create(void) {
  sharc_mapping *m = sharc_xcalloc(1, sizeof *m);
  return m;
}

void sharc_mapping_destroy(sharc_mapping *m) {
  if (!m)
    return;
  sharc_ptrmap_free(&m->values);
  sharc_ptrmap_free(&m->blocks);
  free(m);
}

void sharc_mapping_map_value(sharc_mapping *m, const sharc_value *from, sharc_value *to) {
  sharc_ptrmap_put(&m->values, from, to);
}

void sharc_mapping_map_block(sharc_mapping *m, const sharc_block *from, sharc_block *to) {
  sharc_ptrmap_put(&m->blocks, from, to);
}

sharc_value *sharc_mapping_lookup_value(const sharc_mapping *m, const sharc_value *v) {
  return m ? sharc_ptrmap_get(&m->values, v) : NULL;
}

sharc_value *sharc_mapping_value_or_self(const sharc_mapping *m, sharc_value *v) {
  sharc_value *mapped = sharc_mapping_lookup_value(m, v);
  return mapped ? mapped : v;
}

sharc_block *sharc_mapping_lookup_block(const sharc_mapping *m, const sharc_block *b) {
  return m ? sharc_ptrmap_get(&m->blocks, b) : NULL;
}

static sharc_op *clone_op(sharc_op *op, bool with_regions, sharc_mapping *m);

void sharc_region_clone_into(sharc_region *from, sharc_region *to, sharc_mapping *m) {
  sharc_block *first_new = NULL;
  for (sharc_block *b = from->first; b; b = b->next) {
    sharc_block *nb = sharc_block_create(b->ctx);
    for (unsigned i = 0; i < b->num_args; i++)
      sharc_mapping_map_value(m, b->args[i],
                              sharc_block_add_arg(nb, b->args[i]->type, sharc_value_loc(b->args[i])));
    sharc_mapping_map_block(m, b, nb);
    sharc_region_append_block(to, nb);
    if (!first_new)
      first_new = nb;
  }
  sharc_block *nb = first_new;
  for (sharc_block *b = from->first; b; b = b->next, nb = nb->next)
    for (sharc_op *o = b->first; o; o = o->next)
      sharc_block_append_op(nb, clone_op(o, true, m));
  /* operands may refer forward (graph regions, later blocks): remap now */
  for (nb = first_new; nb; nb = nb->next)
    for (sharc_op *o = nb->first; o; o = o->next) {
      sharc_use *uses = sharc_op_operands_of(o);
      for (unsigned i = 0; i < o->num_operands; i++) {
        sharc_value *mapped = sharc_mapping_lookup_value(m, uses[i].value);
        if (mapped)
          sharc_op_set_operand(o, i, mapped);
      }
    }
}

/* A stack buffer for the common small case, heap beyond it. */
#define SMALL_OR_HEAP(T, name, stack, n)                                                           \
  T *name = (n) <= sizeof(stack) / sizeof((stack)[0]) ? (stack) : malloc((n) * sizeof(T));         \
  if (!name)                                                                                       \
  abort()

static sharc_op *clone_op(sharc_op *op, bool with_regions, sharc_mapping *m) {
  sharc_value *stack_ops[16];
  sharc_type *stack_types[16];
  sharc_block *stack_succ[8];
  SMALL_OR_HEAP(sharc_value *, operands, stack_ops, op->num_operands);
  SMALL_OR_HEAP(sharc_type *, types, stack_types, op->num_results);
  SMALL_OR_HEAP(sharc_block *, succ, stack_succ, sharc_op_num_successors_of(op));
  const sharc_use *uses = sharc_op_operands_of(op);
  for (unsigned i = 0; i < op->num_operands; i++)
    operands[i] = sharc_mapping_value_or_self(m, uses[i].value);
  for (unsigned i = 0; i < op->num_results; i++)
    types[i] = sharc_op_results_of(op)[i].type;
  for (unsigned i = 0; i < sharc_op_num_successors_of(op); i++) {
    sharc_block *mapped = sharc_mapping_lookup_block(m, sharc_op_successors_of(op)[i]);
    succ[i] = mapped ? mapped : sharc_op_successors_of(op)[i];
  }
  sharc_op_state st = {op->name, sharc_op_loc_if_made(op), operands, op->num_operands, types, op->num_results,
                       op->attrs, op->num_regions, succ, sharc_op_num_successors_of(op), sharc_op_props_of(op)};
  sharc_op *c = sharc_op_create(sharc_op_ctx_of(op), &st);
  c->loc_word = op->loc_word; /* a packed point stays packed */
  for (unsigned i = 0; i < op->num_results; i++)
    sharc_mapping_map_value(m, &sharc_op_results_of(op)[i], &sharc_op_results_of(c)[i]);
  if (with_regions)
    for (unsigned i = 0; i < op->num_regions; i++)
      sharc_region_clone_into(&sharc_op_regions_of(op)[i], &sharc_op_regions_of(c)[i], m);
  if (operands != stack_ops)
    free(operands);
  if (types != stack_types)
    free(types);
  if (succ != stack_succ)
    free(succ);
  return c;
}

sharc_op *sharc_op_clone_mapped(sharc_op *op, sharc_mapping *m) {
  if (m)
    return clone_op(op, true, m);
  sharc_mapping *own = sharc_mapping_create();
  sharc_op *c = clone_op(op, true, own);
  sharc_mapping_destroy(own);
  return c;
}

sharc_op *sharc_op_clone(sharc_op *op, bool with_regions) {
  sharc_mapping *own = sharc_mapping_create();
  sharc_op *c = clone_op(op, with_regions, own);
  sharc_mapping_destroy(own);
  return c;
}
