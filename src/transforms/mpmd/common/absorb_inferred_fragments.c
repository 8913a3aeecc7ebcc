/* -mpmd-absorb-inferred-fragments: a root fragment (a user fragment, or one
 * not feeding or not fed by fragments) absorbs the inferred fragments that
 * produce for it alone (its closest producer whose closest consumer it is)
 * and those it alone feeds, moving transfers out of the way, keeping its
 * place and attributes. On entry-point functions only when asked. */
#include "pass/pass_patterns.h"
#include "support/log.h"
#include "dialect/func/func.h"
#include "pass/pass_registry.h"
#include "transforms/mpmd/common/pass_utils.h"
#include "support/xalloc.h"
#include "transforms/mpmd/common/merge_fragments.h"

typedef struct absorb_options {
  bool absorb_on_entry_point_function;
} absorb_options;

static const sharc_option_def options[] = {
    SHARC_OPTION(absorb_options, absorb_on_entry_point_function, "absorb-on-entry-point-function",
                 SHARC_OPT_BOOL, "false",
                 "Whether to absorb inferred fragments into user-defined fragments on entry-point "
                 "functions, in addition to targets of mpmd.calls."),
};

static bool is_fragment(const sharc_op *op) { return op && sharc_op_isa(op, &sharc_mpmd_fragment_def); }

/* IsRoot. */
static bool is_root(sharc_op *frag) {
  if (sharc_mpmd_is_user_fragment(frag))
    return true;
  bool feeds_fragment = false, fed_by_fragment = false;
  for (unsigned r = 0; r < sharc_op_num_results(frag) && !feeds_fragment; r++)
    for (sharc_use *u = sharc_value_first_use(sharc_op_result(frag, r)); u && !feeds_fragment;
         u = sharc_use_next(u))
      feeds_fragment = is_fragment(sharc_use_owner(u));
  for (unsigned i = 0; i < sharc_op_num_operands(frag) && !fed_by_fragment; i++)
    fed_by_fragment = is_fragment(sharc_value_defining_op(sharc_op_operand(frag, i)));
  return !feeds_fragment || !fed_by_fragment;
}

/* ClosestConsumer: the first user in program order. */
static sharc_op *closest_consumer(sharc_op *op) {
  sharc_op *best = NULL;
  for (unsigned r = 0; r < sharc_op_num_results(op); r++)
    for (sharc_use *u = sharc_value_first_use(sharc_op_result(op, r)); u; u = sharc_use_next(u)) {
      sharc_op *user = sharc_use_owner(u);
      if (!best || sharc_op_is_before_in_block(user, best))
        best = user;
    }
  return best;
}

/* GetProducers: the ops defining the operands, once each, in order. */
static void producers_of(sharc_op *op, sharc_ptr_vec *out) {
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++) {
    sharc_op *d = sharc_value_defining_op(sharc_op_operand(op, i));
    if (d)
      sharc_ptr_vec_push_unique(out, d);
  }
}

/* ClosestProducer: the last producer in program order. */
static sharc_op *closest_producer(sharc_op *op) {
  sharc_ptr_vec producers = {0};
  producers_of(op, &producers);
  sharc_op *best = NULL;
  for (unsigned i = 0; i < producers.len; i++)
    if (!best || sharc_op_is_before_in_block(best, producers.items[i]))
      best = producers.items[i];
  sharc_vec_free(&producers);
  return best;
}

/* GetMergedDiscardableAttrs. */
static sharc_attr *merged_discardable_attrs(sharc_op *root, sharc_op *absorbed) {
  sharc_attr *attrs = sharc_mpmd_discardable_attrs(root);
  if (sharc_mpmd_is_user_fragment(root))
    return attrs;
  sharc_attr *theirs = sharc_op_attr(absorbed, SHARC_MPMD_INFERRED_BY_ATTR);
  if (!theirs)
    return attrs;
  sharc_ptr_vec all = {0};
  sharc_attr *ours = sharc_op_attr(root, SHARC_MPMD_INFERRED_BY_ATTR);
  for (int pass = 0; pass < 2; pass++) {
    sharc_attr *arr = pass ? theirs : ours;
    for (unsigned i = 0; arr && i < sharc_attr_count(arr); i++)
      sharc_ptr_vec_push_unique(&all, sharc_attr_at(arr, i));
  }
  sharc_context *ctx = sharc_op_context(root);
  unsigned n = sharc_attr_count(attrs);
  sharc_named_attr *e = sharc_xmalloc_array((size_t)n + 1, sizeof *e);
  unsigned k = 0;
  for (unsigned i = 0; i < n; i++)
    if (!sharc_str_eq_cstr(sharc_ident_str(sharc_attr_dict_entries(attrs)[i].name),
                           SHARC_MPMD_INFERRED_BY_ATTR))
      e[k++] = sharc_attr_dict_entries(attrs)[i];
  e[k++] = (sharc_named_attr){sharc_ident_get(ctx, SHARC_STR(SHARC_MPMD_INFERRED_BY_ATTR)),
                              sharc_attr_array(ctx, (sharc_attr *const *)all.items, all.len)};
  sharc_attr *d = sharc_attr_dictionary(ctx, e, k);
  free(e);
  sharc_vec_free(&all);
  return d;
}

/* AbsorbClosestProducerPattern. */
static bool absorb_producer(sharc_op *root, sharc_rewriter *rw, void *state) {
  (void)state;
  if (!is_root(root))
    return false;
  sharc_ptr_vec producers = {0};
  producers_of(root, &producers);
  sharc_op *chosen = NULL;
  for (unsigned i = 0; i < producers.len; i++) {
    sharc_op *p = producers.items[i];
    if (!is_fragment(p) || sharc_mpmd_is_user_fragment(p))
      continue;
    sharc_ptr_vec transfers = {0};
    sharc_mpmd_unique_users(p, &sharc_mpmd_transfer_def, &transfers);
    for (unsigned k = 0; k < transfers.len; k++) {
      sharc_op *t = transfers.items[k];
      sharc_op *consumer = closest_consumer(t);
      if (consumer)
        sharc_rw_move_before(rw, t, consumer);
      else
        sharc_rw_erase_op(rw, t);
    }
    sharc_vec_free(&transfers);
    if (!chosen && closest_consumer(p) == root)
      chosen = p;
  }
  sharc_vec_free(&producers);
  if (!chosen)
    return false;
  sharc_attr *attrs = merged_discardable_attrs(root, chosen);
  sharc_op *merged = sharc_mpmd_merge_fragments(chosen, root, rw);
  sharc_mpmd_set_discardable_attrs(merged, attrs);
  return true;
}

/* AbsorbClosestConsumerPattern. */
static bool absorb_consumer(sharc_op *root, sharc_rewriter *rw, void *state) {
  (void)state;
  if (!is_root(root))
    return false;
  sharc_ptr_vec users = {0};
  sharc_mpmd_unique_users(root, NULL, &users);
  sharc_op *chosen = NULL;
  for (unsigned i = 0; i < users.len; i++) {
    sharc_op *c = users.items[i];
    if (!is_fragment(c) || sharc_mpmd_is_user_fragment(c))
      continue;
    sharc_ptr_vec producers = {0};
    producers_of(c, &producers);
    for (unsigned k = 0; k < producers.len; k++) {
      sharc_op *t = producers.items[k];
      if (!sharc_op_isa(t, &sharc_mpmd_transfer_def))
        continue;
      sharc_value *in = sharc_op_operand(t, 0);
      sharc_op *def = sharc_value_defining_op(in);
      if (def) {
        sharc_rw_move_after(rw, t, def);
      } else {
        sharc_op *first = sharc_block_first_op(sharc_value_owner_block(in));
        if (first != t)
          sharc_rw_move_before(rw, t, first);
      }
    }
    sharc_vec_free(&producers);
    if (!chosen && closest_producer(c) == root)
      chosen = c;
  }
  sharc_vec_free(&users);
  if (!chosen)
    return false;
  sharc_attr *attrs = merged_discardable_attrs(root, chosen);
  sharc_op *dest = sharc_op_next(root);
  if (dest == chosen)
    dest = sharc_op_next(dest);
  sharc_op *merged = sharc_mpmd_merge_fragments(root, chosen, rw);
  if (dest)
    sharc_rw_move_before(rw, merged, dest);
  sharc_mpmd_set_discardable_attrs(merged, attrs);
  return true;
}

static const sharc_pattern patterns[] = {
    {"AbsorbClosestProducerPattern", absorb_producer, &sharc_mpmd_fragment_def, 1, NULL},
    {"AbsorbClosestConsumerPattern", absorb_consumer, &sharc_mpmd_fragment_def, 1, NULL},
    {NULL, NULL, NULL, 0, NULL},
};

/* Shardy warns once per inferred fragment left in an entry point (with
 * the text it has). */
static sharc_walk_result warn_inferred(sharc_op *fragment, void *user) {
  (void)user;
  if (!sharc_mpmd_is_user_fragment(fragment))
    sharc_log(SHARC_LOG_WARNING, "shardy/dialect/mpmd/transforms/common/absorb_inferred_fragments.cc",
              389, "Non entry-point MPMD function includes inferred fragments, which could cause "
                   "performance issues.");
  return SHARC_WALK_ADVANCE;
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  const absorb_options *o = opts;
  if (!sharc_mpmd_is_distributed_function(func) || !sharc_mpmd_is_mpmd_function(func))
    return true;
  if (!o->absorb_on_entry_point_function && sharc_mpmd_is_entry_point_function(func))
    return true;
  sharc_greedy_config config = sharc_greedy_config_default();
  config.region_simplify = SHARC_SIMPLIFY_DISABLED;
  config.fold = false;
  bool ok = sharc_pass_apply_patterns(func, patterns, NULL, &config, run);
  if (ok && sharc_mpmd_is_entry_point_function(func))
    sharc_walk_isa(func, SHARC_POST_ORDER, &sharc_mpmd_fragment_def, warn_inferred, NULL);
  return ok;
}

const sharc_pass_def sharc_pass_mpmd_absorb_inferred_fragments = {
    .flag = "mpmd-absorb-inferred-fragments",
    .display_name = "AbsorbInferredFragmentsPass",
    .summary = "Root fragments absorb inferred fragments.",
    .anchor = "func.func",
    SHARC_OPTIONS(options),
    .options_size = sizeof(absorb_options),
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};
