/* Shardy's MergeFragments, MergeAttributes and MergeFragmentBasePass. */
#include "transforms/mpmd/common/merge_fragments.h"

#include <stdlib.h>

#include "ir/context.h"
#include "ir/ir_internal.h"
#include "ir/op_values.h"
#include "ir/prefetch.h"
#include "sharc/asm.h"
#include "support/log.h"
#include "support/xalloc.h"
#include "transforms/mpmd/common/pass_utils.h"
#include "transforms/mpmd/common/simplify_region_op.h"

bool sharc_mpmd_stage_ids_consistent(const sharc_op *producer, const sharc_op *consumer) {
  sharc_attr *p = sharc_op_attr(producer, "stage_id"), *c = sharc_op_attr(consumer, "stage_id");
  return !p || !c || p == c;
}

static sharc_block *body_of(sharc_op *op) {
  return sharc_region_first_block(sharc_op_region(op, 0));
}

static sharc_op *create_merged(sharc_rewriter *rw, sharc_attr *loc, sharc_type *const *types,
                               unsigned n_types, sharc_value *const *operands, unsigned n_operands,
                               sharc_attr *origin, sharc_str mesh, sharc_attr *stage) {
  return sharc_mpmd_create_fragment(rw, loc, operands, n_operands, types, n_types, origin, mesh,
                                    stage);
}

static bool single_use(const sharc_op *op) {
  unsigned uses = 0;
  for (unsigned i = 0; i < sharc_op_num_results(op); i++)
    uses += sharc_value_num_uses(sharc_op_result(op, i));
  return uses == 1;
}

static sharc_use *only_use(const sharc_op *op) {
  for (unsigned i = 0; i < sharc_op_num_results(op); i++) {
    sharc_use *u = sharc_value_first_use(sharc_op_result(op, i));
    if (u)
      return u;
  }
  return NULL;
}

/* HasOtherUsersExcept: a user that is neither `user` nor inside it. */
static bool used_outside(sharc_value *v, sharc_op *user) {
  for (sharc_use *u = sharc_value_first_use(v); u; u = sharc_use_next(u))
    if (!sharc_op_is_ancestor(user, sharc_use_owner(u)))
      return true;
  return false;
}

/* CollectControlOperands of one op, without those `other` produces. */
static void control_operands(sharc_op *op, sharc_op *other, sharc_ptr_vec *out) {
  sharc_attr *start = sharc_op_attr(op, SHARC_MPMD_CONTROL_OPERAND_START_ATTR);
  if (!start || sharc_attr_get_kind(start) != SHARC_ATTR_INTEGER)
    return;
  for (unsigned i = (unsigned)sharc_attr_int_value(start); i < sharc_op_num_operands(op); i++) {
    sharc_value *v = sharc_op_operand(op, i);
    if (sharc_value_defining_op(v) != other)
      sharc_vec_push(out, v);
  }
}

/* The fast path of MergeRegionOpsImpl: a one-argument one-result producer
 * used once, by the consumer. */
static sharc_op *merge_trivial_producer(sharc_op *producer, sharc_op *consumer, sharc_rewriter *rw,
                                        sharc_attr *origin, sharc_str mesh, sharc_attr *stage) {
  unsigned index = sharc_use_operand_index(only_use(producer));
  sharc_attr *loc = sharc_mpmd_fuse_locs(rw->ctx, sharc_op_loc(producer), sharc_op_loc(consumer));
  sharc_rw_set_before(rw, consumer);
  unsigned nr = sharc_op_num_results(consumer), no = sharc_op_num_operands(consumer);
  sharc_type **types = sharc_xmalloc_array((size_t)nr + 1, sizeof *types);
  sharc_value **operands = sharc_xmalloc_array((size_t)no + 1, sizeof *operands);
  for (unsigned i = 0; i < nr; i++)
    types[i] = sharc_value_type(sharc_op_result(consumer, i));
  for (unsigned i = 0; i < no; i++)
    operands[i] = sharc_op_operand(consumer, i);
  operands[index] = sharc_op_operand(producer, 0);
  sharc_op *fused = create_merged(rw, loc, types, nr, operands, no, origin, mesh, stage);
  sharc_region_take_body(sharc_op_region(fused, 0), sharc_op_region(consumer, 0));
  sharc_block *fused_block = body_of(fused);
  sharc_block *producer_block = body_of(producer);
  sharc_op *terminator = sharc_block_last_op(producer_block);
  sharc_value *arg = sharc_block_arg(fused_block, index);
  sharc_rw_replace_all_uses(rw, arg, sharc_op_operand(terminator, 0));
  sharc_value_set_type(arg, sharc_value_type(sharc_block_arg(producer_block, 0)));
  sharc_rw_inline_block_before(rw, producer_block, fused_block, sharc_block_first_op(fused_block),
                               &arg, 1);
  sharc_rw_erase_op(rw, terminator);
  sharc_rw_replace_op_with_op(rw, consumer, fused);
  sharc_rw_erase_op(rw, producer);
  free(types);
  free(operands);
  return fused;
}

sharc_op *sharc_mpmd_merge_fragments(sharc_op *producer, sharc_op *consumer, sharc_rewriter *rw) {
  sharc_attr *origin = sharc_mpmd_origin_union(producer, consumer);
  sharc_str mesh = sharc_attr_string_value(sharc_op_attr(producer, "mesh_name"));
  sharc_attr *stage = sharc_op_attr(producer, "stage_id");
  if (!stage)
    stage = sharc_op_attr(consumer, "stage_id");
  sharc_block *producer_block = body_of(producer), *consumer_block = body_of(consumer);
  if (single_use(producer) && sharc_block_num_args(producer_block) == 1 &&
      sharc_use_owner(only_use(producer)) == consumer && sharc_op_num_results(producer) == 1)
    return merge_trivial_producer(producer, consumer, rw, origin, mesh, stage);

  /* the producer's operands, deduplicated */
  sharc_ptr_vec operands = {0};
  sharc_mapping *map = sharc_mapping_create();
  unsigned np = sharc_op_num_operands(producer);
  bool *erase = sharc_xcalloc((size_t)np + 1, sizeof *erase);
  for (unsigned i = 0; i < np && i < sharc_block_num_args(producer_block); i++) {
    sharc_value *v = sharc_op_operand(producer, i), *arg = sharc_block_arg(producer_block, i);
    sharc_value *mapped = sharc_mapping_lookup_value(map, v);
    if (mapped) {
      sharc_rw_replace_all_uses(rw, arg, mapped);
      erase[i] = true;
    } else {
      sharc_vec_push(&operands, v);
      sharc_mapping_map_value(map, v, arg);
    }
  }
  for (unsigned i = np; i-- > 0;)
    if (erase[i])
      sharc_block_erase_arg(producer_block, i);
  free(erase);

  /* the consumer's operands: producer results become what it returns */
  sharc_op *producer_ret = sharc_block_last_op(producer_block);
  unsigned nc = sharc_op_num_operands(consumer);
  sharc_value **consumer_args = sharc_xmalloc_array((size_t)nc + 1, sizeof *consumer_args);
  unsigned n_args = 0;
  for (unsigned i = 0; i < nc && i < sharc_block_num_args(consumer_block); i++) {
    sharc_value *v = sharc_op_operand(consumer, i);
    sharc_value *mapped;
    if (sharc_value_defining_op(v) == producer) {
      consumer_args[n_args++] = sharc_op_operand(producer_ret, sharc_value_index(v));
    } else if ((mapped = sharc_mapping_lookup_value(map, v))) {
      consumer_args[n_args++] = mapped;
    } else {
      sharc_vec_push(&operands, v);
      sharc_value *arg = sharc_block_add_arg(
          producer_block, sharc_value_type(sharc_block_arg(consumer_block, i)),
          sharc_mpmd_value_loc(v));
      consumer_args[n_args++] = arg;
      sharc_mapping_map_value(map, v, arg);
    }
  }
  sharc_mapping_destroy(map);
  sharc_ptr_vec controls = {0};
  control_operands(producer, consumer, &controls);
  control_operands(consumer, producer, &controls);
  unsigned control_start = operands.len;
  for (unsigned i = 0; i < controls.len; i++)
    sharc_vec_push(&operands, controls.items[i]);

  /* the consumer's body after the producer's */
  sharc_rw_inline_block_before(rw, consumer_block, producer_block, NULL, consumer_args, n_args);
  free(consumer_args);

  sharc_ptr_vec kept = {0}, types = {0}, rets = {0};
  for (unsigned i = 0; i < sharc_op_num_results(producer); i++) {
    sharc_value *r = sharc_op_result(producer, i);
    if (!used_outside(r, consumer))
      continue;
    sharc_vec_push(&kept, r);
    sharc_vec_push(&types, sharc_value_type(r));
    sharc_vec_push(&rets, sharc_op_operand(producer_ret, i));
  }
  sharc_rw_erase_op(rw, producer_ret);
  for (unsigned i = 0; i < sharc_op_num_results(consumer); i++)
    sharc_vec_push(&types, sharc_value_type(sharc_op_result(consumer, i)));
  sharc_op *ret = sharc_block_last_op(producer_block);
  for (unsigned i = 0; i < sharc_op_num_operands(ret); i++)
    sharc_vec_push(&rets, sharc_op_operand(ret, i));
  sharc_op_set_operands(ret, (sharc_value *const *)rets.items, rets.len);
  sharc_rw_modified(rw, ret);

  sharc_rw_set_before(rw, consumer);
  sharc_attr *loc = sharc_mpmd_fuse_locs(rw->ctx, sharc_op_loc(producer), sharc_op_loc(consumer));
  sharc_op *merged = create_merged(rw, loc, (sharc_type *const *)types.items, types.len,
                                   (sharc_value *const *)operands.items, operands.len, origin,
                                   mesh, stage);
  if (controls.len)
    sharc_op_set_attr(merged, SHARC_MPMD_CONTROL_OPERAND_START_ATTR,
                      sharc_attr_integer(rw->ctx, sharc_type_integer(rw->ctx, 64, SHARC_SIGNLESS),
                                         control_start));
  sharc_region_take_body(sharc_op_region(merged, 0), sharc_op_region(producer, 0));
  for (unsigned i = 0; i < kept.len; i++) {
    sharc_value *old = kept.items[i];
    sharc_value *now = sharc_op_result(merged, i);
    for (sharc_use *u = sharc_value_first_use(old), *next; u; u = next) {
      next = sharc_use_next(u);
      if (sharc_use_owner(u) != consumer)
        sharc_rw_set_operand(rw, sharc_use_owner(u), sharc_use_operand_index(u), now);
    }
  }
  unsigned offset = kept.len;
  for (unsigned i = 0; i < sharc_op_num_results(consumer); i++)
    sharc_rw_replace_all_uses(rw, sharc_op_result(consumer, i), sharc_op_result(merged, offset + i));
  sharc_rw_erase_op(rw, consumer);
  sharc_rw_erase_op(rw, producer);
  sharc_vec_free(&kept);
  sharc_vec_free(&types);
  sharc_vec_free(&rets);
  sharc_vec_free(&operands);
  sharc_vec_free(&controls);
  return merged;
}

/* ---- MergeAttributes ------------------------------------------------------------------ */

/* Shardy's INFO line when the two counters differ: ignored when both
 * fragments are user-defined or both inferred, else the user's wins. */
static void log_counter_conflict(const sharc_op *p, const sharc_op *c, int64_t pc, int64_t cc,
                                 bool ignored) {
  sharc_buf po = {0}, co = {0};
  sharc_attr *porigin = sharc_op_attr(p, "origin"), *corigin = sharc_op_attr(c, "origin");
  if (porigin)
    sharc_print_attr(porigin, &po);
  if (corigin)
    sharc_print_attr(corigin, &co);
  sharc_log(SHARC_LOG_INFO, "shardy/dialect/mpmd/transforms/common/utils.cc", ignored ? 675 : 682,
            "[MpmdMergeFragments] %s - producer counter=%u vs consumer counter=%u. Producer "
            "origin=%.*s Consumer origin=%.*s",
            ignored ? "Ignoring call_counter since different"
                    : "Preferring call_counter of user-defined fragment over inferred fragment",
            (unsigned)pc, (unsigned)cc, (int)po.len, po.data ? po.data : "", (int)co.len,
            co.data ? co.data : "");
  sharc_buf_free(&po);
  sharc_buf_free(&co);
}

/* MergeCallCounters. */
static bool merged_call_counter(const sharc_op *p, const sharc_op *c, int64_t *out) {
  int64_t pc, cc;
  bool hp = sharc_mpmd_call_counter(p, &pc), hc = sharc_mpmd_call_counter(c, &cc);
  if (hp && !hc) {
    *out = pc;
    return true;
  }
  if (hc && !hp) {
    *out = cc;
    return true;
  }
  if (!hp || !hc)
    return false;
  if (pc == cc) {
    *out = pc;
    return true;
  }
  bool pu = sharc_mpmd_is_user_fragment(p), cu = sharc_mpmd_is_user_fragment(c);
  log_counter_conflict(p, c, pc, cc, pu == cu);
  if (pu == cu)
    return false;
  *out = pu ? pc : cc;
  return true;
}

static void push_array_unique(sharc_ptr_vec *v, const sharc_attr *arr) {
  for (unsigned i = 0; arr && sharc_attr_get_kind(arr) == SHARC_ATTR_ARRAY && i < sharc_attr_count(arr);
       i++) {
    sharc_ptr_vec_push_unique(v, sharc_attr_at(arr, i));
  }
}

sharc_mpmd_merged_attrs sharc_mpmd_merged_attrs_of(const sharc_op *producer, const sharc_op *consumer) {
  sharc_context *ctx = sharc_op_context(producer);
  sharc_mpmd_merged_attrs a = {NULL, NULL};
  int64_t counter;
  if (merged_call_counter(producer, consumer, &counter))
    a.call_counter = sharc_attr_integer(ctx, sharc_type_integer(ctx, 32, SHARC_UNSIGNED), counter);
  if (!sharc_mpmd_is_user_fragment(producer) && !sharc_mpmd_is_user_fragment(consumer)) {
    sharc_attr *pi = sharc_op_attr(producer, SHARC_MPMD_INFERRED_BY_ATTR);
    sharc_attr *ci = sharc_op_attr(consumer, SHARC_MPMD_INFERRED_BY_ATTR);
    if (pi || ci) {
      sharc_ptr_vec all = {0};
      push_array_unique(&all, pi);
      push_array_unique(&all, ci);
      a.inferred_by = sharc_attr_array(ctx, (sharc_attr *const *)all.items, all.len);
      sharc_vec_free(&all);
    }
  }
  return a;
}

void sharc_mpmd_set_merged_attrs(sharc_op *merged, const sharc_mpmd_merged_attrs *a) {
  if (a->call_counter)
    sharc_op_set_attr(merged, SHARC_MPMD_CALL_COUNTER_ATTR, a->call_counter);
  if (a->inferred_by)
    sharc_op_set_attr(merged, SHARC_MPMD_INFERRED_BY_ATTR, a->inferred_by);
}

/* ---- MergeFragmentBasePass -------------------------------------------------------------- */

/* The position of each op of the function's body is its scratch stamp
 * (sharc_context_fresh_mark): marks drawn one per op in block order, so
 * the order of two ops is that of their stamps, read off the ops the pass
 * reads anyway instead of looked up in a hash table of every op (a miss
 * each on a large body). Stamps outside the drawn range (ops in fragment
 * bodies, stamped by others or never) are position 0, as before. */
typedef struct merge_state {
  const sharc_mpmd_merge_rules *rules;
  sharc_rewriter *rw;
  unsigned first_mark, span; /* the marks drawn: [first_mark, first_mark + span) */
  bool enter_fragments;      /* whether a fragment's body may hold a fragment */
} merge_state;

/* Whether a fragment's body may hold a fragment, at any depth, in verified
 * IR. A fragment sits in a function or an mpmd.for (ParentOneOf); a
 * function in a symbol table or an unregistered op. With no mpmd.for ever
 * made, the top module as the only symbol table and no unregistered op,
 * none can be inside a fragment, and the walk, which acts on fragments
 * only, passes their bodies over (most of a pipeline's ops). */
static bool fragments_may_nest(sharc_op *func) {
  return !sharc_mpmd_func_parented_ops_at_top(sharc_op_ctx_of(func));
}

/* The op's position + 1, 0: none. */
static uintptr_t order_of(merge_state *st, const sharc_op *op) {
  unsigned offset = sharc_op_mark(op) - st->first_mark;
  return offset < st->span ? (uintptr_t)offset + 1 : 0;
}

static void set_order(merge_state *st, sharc_op *op, uintptr_t position) {
  if (position)
    sharc_op_set_mark(op, st->first_mark + (unsigned)(position - 1));
}

/* Stamps the ops of `body`'s blocks with consecutive marks. A range that
 * wraps the counter holds 0, the stamp of ops never stamped: it is drawn
 * again past the wrap. */
static void number_ops(merge_state *st, sharc_context *ctx, sharc_region *body) {
  unsigned last;
  do {
    st->first_mark = last = sharc_context_fresh_mark(ctx);
    bool first = true;
    for (sharc_block *b = sharc_region_first_block(body); b; b = sharc_block_next(b))
      for (sharc_op *op = sharc_block_first_op(b); op; op = sharc_op_next(op)) {
        if (!first)
          last = sharc_context_fresh_mark(ctx);
        first = false;
        sharc_op_set_mark(op, last);
      }
  } while (last < st->first_mark);
  st->span = last - st->first_mark + 1;
}

static bool before(merge_state *st, const sharc_op *a, const sharc_op *b) {
  return order_of(st, a) < order_of(st, b);
}

typedef struct ordered_op {
  uintptr_t order;
  sharc_op *op;
} ordered_op;

static int by_order(const void *a, const void *b) {
  uintptr_t x = ((const ordered_op *)a)->order, y = ((const ordered_op *)b)->order;
  return x < y ? -1 : x > y;
}

/* The fragment users of `producer`, closest first. Equal keys are the same
 * op (used twice), so qsort's instability does not show. */
static void fragment_users(merge_state *st, sharc_op *producer, sharc_ptr_vec *out) {
  SHARC_VEC(ordered_op) users = {0};
  for (unsigned r = 0; r < sharc_op_num_results(producer); r++)
    for (sharc_use *u = sharc_value_first_use(sharc_op_result(producer, r)); u; u = sharc_use_next(u))
      if (sharc_op_isa(sharc_use_owner(u), &sharc_mpmd_fragment_def))
        sharc_vec_push(&users, ((ordered_op){order_of(st, sharc_use_owner(u)), sharc_use_owner(u)}));
  if (users.len > 1)
    qsort(users.items, users.len, sizeof *users.items, by_order);
  for (unsigned i = 0; i < users.len; i++)
    sharc_vec_push(out, users.items[i].op);
  sharc_vec_free(&users);
}

static sharc_op *merge_candidate(merge_state *st, sharc_op *producer) {
  const sharc_mpmd_merge_rules *r = st->rules;
  if (r->candidate)
    return r->candidate(producer, r->user);
  sharc_ptr_vec users = {0};
  fragment_users(st, producer, &users);
  sharc_op *found = NULL;
  if (r->any_consumer) {
    for (unsigned i = 0; i < users.len && !found; i++)
      if (r->allow(producer, users.items[i], r->user))
        found = users.items[i];
  } else if (users.len && r->allow(producer, users.items[0], r->user)) {
    found = users.items[0];
  }
  sharc_vec_free(&users);
  return found;
}

/* CanMergeAtConsumer: no user of the producer comes before the consumer. */
static bool can_merge_at_consumer(merge_state *st, sharc_op *producer, sharc_op *consumer) {
  for (unsigned r = 0; r < sharc_op_num_results(producer); r++)
    for (sharc_use *u = sharc_value_first_use(sharc_op_result(producer, r)); u; u = sharc_use_next(u))
      if (before(st, sharc_use_owner(u), consumer))
        return false;
  return true;
}

/* CanMergeAtProducer: every operand of the consumer comes from the
 * producer or from before it. */
static bool can_merge_at_producer(merge_state *st, sharc_op *producer, sharc_op *consumer) {
  for (unsigned i = 0; i < sharc_op_num_operands(consumer); i++) {
    sharc_op *d = sharc_value_defining_op(sharc_op_operand(consumer, i));
    if (d && d != producer && !before(st, d, producer))
      return false;
  }
  return true;
}

static sharc_op *merge_once(merge_state *st, sharc_op *producer) {
  sharc_op *consumer = merge_candidate(st, producer);
  if (!consumer)
    return NULL;
  bool at_consumer = can_merge_at_consumer(st, producer, consumer);
  if (!at_consumer) {
    if (!can_merge_at_producer(st, producer, consumer))
      return NULL;
    sharc_rw_move_after(st->rw, consumer, producer);
  }
  uintptr_t position = order_of(st, at_consumer ? consumer : producer);
  sharc_mpmd_merged_attrs attrs = sharc_mpmd_merged_attrs_of(producer, consumer);
  sharc_op *merged = sharc_mpmd_merge_fragments(producer, consumer, st->rw);
  sharc_mpmd_set_merged_attrs(merged, &attrs);
  set_order(st, merged, position);
  return merged;
}

static void visit(merge_state *st, sharc_op *op);

/* What `op` holds, last to first (Shardy's reverse post-order walk). */
static void visit_body(merge_state *st, sharc_op *op) {
  for (unsigned r = sharc_op_num_regions(op); r-- > 0;)
    for (sharc_block *b = sharc_region_last_block(sharc_op_region(op, r)); b; b = sharc_block_prev(b))
      for (sharc_op *o = sharc_block_last_op(b), *prev; o; o = prev) {
        prev = sharc_op_prev_ahead(o);
        visit(st, o);
      }
}

static void visit(merge_state *st, sharc_op *op) {
  bool fragment = sharc_op_isa(op, &sharc_mpmd_fragment_def);
  if (!fragment || st->enter_fragments)
    visit_body(st, op);
  if (!fragment)
    return;
  if (!sharc_op_has_result_uses(op) && sharc_mpmd_is_pure(op)) {
    sharc_rw_erase_op(st->rw, op);
    return;
  }
  for (sharc_op *last = op; last;)
    last = merge_once(st, last);
}

void sharc_mpmd_merge_fragments_in(sharc_op *func, const sharc_mpmd_merge_rules *rules,
                                   sharc_rewriter *rw) {
  merge_state st = {rules, rw, 0, 0, fragments_may_nest(func)};
  number_ops(&st, sharc_op_ctx_of(func), sharc_op_region(func, 0));
  visit(&st, func);
}

bool sharc_mpmd_run_merge_pass(sharc_op *func, sharc_pass_run *run,
                               bool (*allow)(sharc_op *producer, sharc_op *consumer, void *user)) {
  sharc_rewriter rw;
  if (!sharc_mpmd_distributed_func_rewriter(func, run, &rw))
    return true;
  sharc_mpmd_merge_rules rules = {allow, false, NULL, NULL};
  sharc_mpmd_merge_fragments_in(func, &rules, &rw);
  return true;
}
