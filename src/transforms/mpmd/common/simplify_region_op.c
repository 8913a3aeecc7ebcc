/* Shardy's SimplifyRegionOp. */
#include "transforms/mpmd/common/simplify_region_op.h"

#include "ir/op_values.h"
#include "rewrite/greedy_internal.h"
#include "rewrite/replace_kept.h"
#include "support/item_index.h"
#include "support/ptrmap.h"
#include "support/xalloc.h"

#include <stdlib.h>

static sharc_walk_result check_pure(sharc_op *op, void *user) {
  (void)user;
  if (sharc_op_has_trait(op, SHARC_TRAIT_PURE) ||
      (sharc_op_has_trait(op, SHARC_TRAIT_RECURSIVE_EFFECTS) && sharc_op_get_def(op)))
    return SHARC_WALK_ADVANCE;
  return SHARC_WALK_INTERRUPT;
}

bool sharc_mpmd_is_pure(const sharc_op *op) {
  if (sharc_op_has_trait(op, SHARC_TRAIT_PURE))
    return true;
  if (!sharc_op_has_trait(op, SHARC_TRAIT_RECURSIVE_EFFECTS))
    return false;
  return sharc_walk_nested((sharc_op *)op, SHARC_PRE_ORDER, check_pure, NULL) !=
         SHARC_WALK_INTERRUPT;
}

/* Past this many values the first target of each source is looked up in a
 * map instead of scanned for: the dedup stays linear in a region op's
 * operands (a map costs more than a short scan). */
enum { DEDUP_SCAN_MAX = 16 };

/* Target `i` replaced by the first unmarked one from `start` on with the
 * same source and target type, and marked, if there is one. */
static inline void merge_twin(sharc_value *const *src, sharc_value *const *tgt, bool *erase,
                              unsigned i, unsigned start, sharc_rewriter *rw) {
  for (unsigned j = start; j < i; j++) {
    if (erase[j] || src[j] != src[i] || sharc_value_type(tgt[j]) != sharc_value_type(tgt[i]))
      continue;
    sharc_rw_replace_all_uses(rw, tgt[i], tgt[j]);
    erase[i] = true;
    return;
  }
}

/* dedup of many values: no target before a source's first has that
 * source, so the scan starts there, found in a map. */
static void dedup_mapped(sharc_value *const *src, sharc_value *const *tgt, unsigned n,
                         bool *erase, sharc_rewriter *rw) {
  sharc_ptrmap first = {0}; /* source -> index of its first target + 1 */
  for (unsigned i = 0; i < n; i++) {
    uintptr_t f = (uintptr_t)sharc_ptrmap_get(&first, src[i]);
    if (f)
      merge_twin(src, tgt, erase, i, (unsigned)f - 1, rw);
    else
      sharc_ptrmap_put(&first, src[i], (void *)(uintptr_t)(i + 1));
  }
  sharc_ptrmap_free(&first);
}

/* DedupSrcTgtValues: a target whose (source, target type) pair was seen is
 * replaced by the first such target and marked. */
static void dedup(sharc_value *const *src, sharc_value *const *tgt, unsigned n, bool *erase,
                  sharc_rewriter *rw) {
  if (n > DEDUP_SCAN_MAX) {
    dedup_mapped(src, tgt, n, erase, rw);
    return;
  }
  for (unsigned i = 0; i < n; i++)
    merge_twin(src, tgt, erase, i, 0, rw);
}

static sharc_value **args_of(const sharc_block *b) {
  unsigned n = sharc_block_num_args(b);
  sharc_value **args = sharc_xmalloc_array((size_t)n + 1, sizeof *args);
  for (unsigned i = 0; i < n; i++)
    args[i] = sharc_block_arg(b, i);
  return args;
}

/* Marks in `returned` which of the `n` arguments `ret` returns: an
 * argument it does not has no use to look at in remove_noop_results, and
 * its uses (in the ops of the body, which a large program's walks have left
 * out of cache) need no walk. Compares value addresses only. */
static void mark_returned(sharc_value *const *args, unsigned n, sharc_op *ret, bool *returned) {
  unsigned nr = sharc_op_num_operands(ret);
  if (n <= DEDUP_SCAN_MAX) {
    for (unsigned k = 0; k < nr; k++) {
      sharc_value *v = sharc_op_operand(ret, k);
      for (unsigned a = 0; a < n; a++)
        if (args[a] == v) {
          returned[a] = true;
          break;
        }
    }
    return;
  }
  sharc_item_index index = {0};
  for (unsigned k = 0; k < nr; k++) {
    uintptr_t a = sharc_item_index_of(&index, (void *const *)args, n, sharc_op_operand(ret, k));
    if (a)
      returned[a - 1] = true;
  }
  sharc_item_index_free(&index);
}

/* RemoveNoopResults: a result that returns an operand's block argument
 * becomes that operand; operands whose argument has no other use go. */
static void remove_noop_results(sharc_op *op, sharc_value *const *args, unsigned n, sharc_op *ret,
                                bool *erase_ops, bool *erase_res, sharc_rewriter *rw) {
  bool few[DEDUP_SCAN_MAX + 1] = {false};
  bool *returned = n <= DEDUP_SCAN_MAX ? few : sharc_xcalloc((size_t)n + 1, sizeof *returned);
  mark_returned(args, n, ret, returned);
  for (unsigned a = 0; a < n; a++) {
    sharc_value *arg = args[a];
    if (!returned[a]) {
      /* every use, if any, is another op's */
      if (!sharc_value_has_uses(arg))
        erase_ops[a] = true;
      continue;
    }
    sharc_value *operand = sharc_op_operand(op, a);
    bool erase = true;
    for (sharc_use *u = sharc_value_first_use(arg); u; u = sharc_use_next(u)) {
      unsigned k = sharc_use_operand_index(u);
      if (sharc_use_owner(u) == ret && k < sharc_op_num_results(op) &&
          sharc_value_type(operand) == sharc_value_type(sharc_op_result(op, k))) {
        sharc_rw_replace_all_uses(rw, sharc_op_result(op, k), operand);
        erase_res[k] = true;
      } else {
        erase = false;
      }
    }
    if (erase)
      erase_ops[a] = true;
  }
  if (returned != few)
    free(returned);
}

/* RemoveUnusedResultsFromRegionOp. */
static void remove_unused_results(sharc_op *op, sharc_op *ret, bool *erase_res) {
  unsigned n = sharc_op_num_results(op);
  for (unsigned i = 0; i < n; i++) {
    if (sharc_value_has_uses(sharc_op_result(op, i)))
      continue;
    if (n == 1) {
      if (sharc_mpmd_is_pure(op))
        erase_res[i] = true;
      continue;
    }
    sharc_op *def = sharc_value_defining_op(sharc_op_operand(ret, i));
    if (!def || sharc_mpmd_is_pure(def))
      erase_res[i] = true;
  }
}

static bool all(const bool *v, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    if (!v[i])
      return false;
  return true;
}

static bool none(const bool *v, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    if (v[i])
      return false;
  return true;
}

bool sharc_mpmd_simplify_region_op(sharc_op *op, sharc_rewriter *rw,
                                   sharc_mpmd_region_op_attrs_fn attrs) {
  sharc_region *region = sharc_op_region(op, 0);
  sharc_block *block = sharc_region_first_block(region);
  sharc_op *ret = block ? sharc_block_last_op(block) : NULL;
  if (!ret || sharc_op_num_operands(ret) != sharc_op_num_results(op))
    return false;
  bool has_operands = sharc_op_num_operands(op) > 0;
  if (has_operands && sharc_block_num_args(block) != sharc_op_num_operands(op))
    return false;
  unsigned nr = sharc_op_num_results(op), no = sharc_op_num_operands(op);
  bool *erase_res = sharc_xcalloc(nr + 1, sizeof *erase_res);
  bool *erase_ops = sharc_xcalloc(no + 1, sizeof *erase_ops);
  sharc_value **rets = sharc_op_operand_values(ret), **results = sharc_op_result_values(op);
  dedup(rets, results, nr, erase_res, rw);
  if (has_operands) {
    sharc_value **ops = sharc_op_operand_values(op), **args = args_of(block);
    dedup(ops, args, no, erase_ops, rw);
    free(ops);
    remove_noop_results(op, args, sharc_block_num_args(block), ret, erase_ops, erase_res, rw);
    free(args);
  }
  remove_unused_results(op, ret, erase_res);
  free(rets);
  free(results);

  bool changed = true;
  if (all(erase_res, nr)) {
    changed = sharc_mpmd_is_pure(op);
    if (changed)
      sharc_rw_erase_op(rw, op);
    goto done;
  }
  if (none(erase_ops, no) && none(erase_res, nr)) {
    changed = false;
    goto done;
  }
  /* return operands go before block arguments: they may use them */
  {
    unsigned n_types, n_ops;
    sharc_type **types = sharc_op_result_types_where(op, erase_res, nr, false, &n_types);
    sharc_op_erase_marked_operands(ret, erase_res, nr);
    sharc_rw_modified(rw, ret);
    if (has_operands)
      for (unsigned i = no; i-- > 0;)
        if (erase_ops[i])
          sharc_block_erase_arg(block, i);
    sharc_value **kept_ops = sharc_op_operands_where(op, erase_ops, no, false, &n_ops);
    sharc_op_state st = {.name = sharc_op_name(op),
                         .loc = sharc_op_loc(op),
                         .operands = kept_ops,
                         .num_operands = n_ops,
                         .result_types = types,
                         .num_results = n_types,
                         .attrs = attrs(op, rw->ctx),
                         .num_regions = 1};
    sharc_op *new_op = sharc_rw_create(rw, &st);
    sharc_region_take_body(sharc_op_region(new_op, 0), region);
    sharc_simplify_region(rw, sharc_op_region(new_op, 0), true);
    sharc_rw_replace_op_with_kept_results(rw, op, new_op, erase_res, nr, false);
    free(kept_ops);
    free(types);
  }
done:
  free(erase_res);
  free(erase_ops);
  return changed;
}
