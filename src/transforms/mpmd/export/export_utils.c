/* Shared pieces of the MPMD export passes: host memory, layouts, donation,
 * last uses and the program order of a block. */
#include "transforms/mpmd/export/export_utils.h"

#include "dialect/func/func.h"
#include "support/log.h"
#include "support/xalloc.h"

#include <stdlib.h>

static bool is_string(const sharc_attr *a, const char *s) {
  return a && sharc_attr_get_kind(a) == SHARC_ATTR_STRING &&
         sharc_str_eq_cstr(sharc_attr_string_value(a), s);
}

bool sharc_mpmd_is_operand_on_host(const sharc_op *op, unsigned index) {
  return is_string(sharc_mpmd_arg_attr(op, index, SHARC_MPMD_MEMORY_KIND_ATTR),
                   SHARC_MPMD_PINNED_HOST);
}

bool sharc_mpmd_is_func_arg_on_host(const sharc_op *func, unsigned index) {
  return is_string(sharc_func_arg_attr(func, index, SHARC_MPMD_MEMORY_KIND_ATTR),
                   SHARC_MPMD_PINNED_HOST);
}

bool sharc_mpmd_is_result_on_host(const sharc_value *result) {
  sharc_op *def = sharc_value_defining_op(result);
  return def && is_string(sharc_mpmd_res_attr(def, sharc_value_index(result),
                                              SHARC_MPMD_MEMORY_KIND_ATTR),
                          SHARC_MPMD_PINNED_HOST);
}

bool sharc_mpmd_layouts_match(const sharc_op *op, unsigned in, unsigned out) {
  return sharc_mpmd_arg_attr(op, in, SHARC_MPMD_LAYOUT_MODE_ATTR) ==
         sharc_mpmd_res_attr(op, out, SHARC_MPMD_LAYOUT_MODE_ATTR);
}

bool sharc_mpmd_is_func_arg_donated(const sharc_op *func, unsigned index) {
  /* Shardy looks for a string tf.aliasing_output here, which the integer
   * one users write never is: aliased arguments do not count as donated */
  sharc_attr *alias = sharc_func_arg_attr(func, index, SHARC_MPMD_ALIASING_ATTR);
  if (alias && sharc_attr_get_kind(alias) == SHARC_ATTR_STRING)
    return true;
  sharc_attr *donor = sharc_func_arg_attr(func, index, SHARC_MPMD_BUFFER_DONOR_ATTR);
  return donor && sharc_attr_get_kind(donor) == SHARC_ATTR_BOOL && sharc_attr_bool_value(donor);
}

bool sharc_mpmd_is_cpu_mesh(sharc_str mesh_name) {
  size_t n = sizeof SHARC_MPMD_CPU_MESH_SUFFIX - 1;
  return mesh_name.len >= n &&
         memcmp(mesh_name.data + mesh_name.len - n, SHARC_MPMD_CPU_MESH_SUFFIX, n) == 0;
}

void sharc_mpmd_report(sharc_op *op, bool fail, const char *file, int line, const char *message) {
  sharc_log(SHARC_LOG_WARNING, file, line, "%s", message);
  sharc_emit_op(op, fail ? SHARC_SEV_ERROR : SHARC_SEV_WARNING, "%s", message);
}

/* ---- last uses -------------------------------------------------------------------- */

static int by_value(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? -1 : x > y;
}

void sharc_mpmd_last_uses_build(sharc_mpmd_last_uses *lu, sharc_op *func) {
  memset(lu, 0, sizeof *lu);
  sharc_block *body = sharc_func_body(func);
  if (!body)
    return;
  /* value -> (owner, index) of its latest use, overwritten in program order */
  sharc_ptrmap last_owner = {0}, last_index = {0};
  sharc_ptr_vec values = {0};
  for (sharc_op *op = sharc_block_first_op(body); op; op = sharc_op_next(op))
    for (unsigned i = 0; i < sharc_op_num_operands(op); i++) {
      sharc_value *v = sharc_op_operand(op, i);
      if (!v)
        continue;
      if (!sharc_ptrmap_get(&last_owner, v))
        sharc_vec_push(&values, v);
      sharc_ptrmap_put(&last_owner, v, op);
      sharc_ptrmap_put(&last_index, v, (void *)(uintptr_t)(i + 1));
    }
  for (unsigned k = 0; k < values.len; k++) {
    sharc_op *owner = sharc_ptrmap_get(&last_owner, values.items[k]);
    sharc_i64_vec *list = sharc_ptrmap_get(&lu->by_op, owner);
    if (!list) {
      list = sharc_xcalloc(1, sizeof *list);
      sharc_ptrmap_put(&lu->by_op, owner, list);
      sharc_vec_push(&lu->lists, list);
    }
    sharc_vec_push(list, (int64_t)(uintptr_t)sharc_ptrmap_get(&last_index, values.items[k]) - 1);
  }
  for (unsigned k = 0; k < lu->lists.len; k++) {
    sharc_i64_vec *list = lu->lists.items[k];
    qsort(list->items, list->len, sizeof *list->items, by_value);
  }
  sharc_vec_free(&values);
  sharc_ptrmap_free(&last_owner);
  sharc_ptrmap_free(&last_index);
}

const sharc_i64_vec *sharc_mpmd_last_uses_of(const sharc_mpmd_last_uses *lu, const sharc_op *op) {
  return sharc_ptrmap_get(&lu->by_op, op);
}

void sharc_mpmd_last_uses_free(sharc_mpmd_last_uses *lu) {
  for (unsigned k = 0; k < lu->lists.len; k++) {
    sharc_i64_vec *list = lu->lists.items[k];
    sharc_vec_free(list);
    free(list);
  }
  sharc_vec_free(&lu->lists);
  sharc_ptrmap_free(&lu->by_op);
}

/* ---- program order ------------------------------------------------------------------ */

static uint64_t label_of(const sharc_mpmd_op_order *o, const sharc_op *op) {
  return (uint64_t)(uintptr_t)sharc_ptrmap_get(&o->labels, op);
}

/* Spreads the labels evenly over the whole range. */
static void relabel(sharc_mpmd_op_order *o) {
  uint64_t n = 0;
  for (sharc_op *op = sharc_block_first_op(o->block); op; op = sharc_op_next(op))
    n++;
  uint64_t stride = (UINT64_MAX / 2) / (n + 1);
  if (stride == 0)
    stride = 1;
  uint64_t label = 0;
  for (sharc_op *op = sharc_block_first_op(o->block); op; op = sharc_op_next(op)) {
    label += stride;
    sharc_ptrmap_put(&o->labels, op, (void *)(uintptr_t)label);
  }
}

void sharc_mpmd_op_order_init(sharc_mpmd_op_order *o, sharc_block *block) {
  memset(o, 0, sizeof *o);
  o->block = block;
  relabel(o);
}

void sharc_mpmd_op_order_free(sharc_mpmd_op_order *o) { sharc_ptrmap_free(&o->labels); }

bool sharc_mpmd_op_order_before(const sharc_mpmd_op_order *o, const sharc_op *a,
                                const sharc_op *b) {
  return label_of(o, a) < label_of(o, b);
}

sharc_op *sharc_mpmd_op_order_first_user(const sharc_mpmd_op_order *o, const sharc_op *op) {
  sharc_op *first = NULL;
  for (unsigned r = 0; r < sharc_op_num_results(op); r++)
    for (sharc_use *u = sharc_value_first_use(sharc_op_result(op, r)); u; u = sharc_use_next(u)) {
      sharc_op *user = sharc_mpmd_ancestor_in_block(o->block, sharc_use_owner(u));
      if (user && (!first || sharc_mpmd_op_order_before(o, user, first)))
        first = user;
    }
  return first;
}

void sharc_mpmd_op_order_move_before(sharc_mpmd_op_order *o, sharc_rewriter *rw, sharc_op *op,
                                     sharc_op *before) {
  if (op == before)
    return;
  sharc_rw_move_before(rw, op, before);
  sharc_op *prev = sharc_op_prev(op);
  uint64_t lo = prev ? label_of(o, prev) : 0, hi = label_of(o, before);
  if (hi - lo < 2) {
    relabel(o);
    return;
  }
  sharc_ptrmap_put(&o->labels, op, (void *)(uintptr_t)(lo + (hi - lo) / 2));
}
