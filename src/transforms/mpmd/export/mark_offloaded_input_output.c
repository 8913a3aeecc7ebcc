/* -mpmd-mark-offloaded-input-output: which values of the entry function
 * live in pinned host memory. A fragment operand coming from a host result
 * or a host argument, and a fragment result computed on host or annotated
 * to host memory (looking back through ops that keep the placement:
 * barriers, while loops, dynamic_update_slice updates, trivial reshapes,
 * sharding custom calls, calls), get mhlo.memory_kind = "pinned_host" in
 * the fragment's arg_attrs / res_attrs. The function's arguments and
 * results must then agree (host or device) with their users and producers;
 * every mismatch is an error. */
#include "dialect/func/func.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "pass/pass_registry.h"
#include "transforms/mpmd/common/pass_utils.h"
#include "support/ptrmap.h"
#include "transforms/mpmd/export/export_utils.h"

#define OFFLOAD_CUSTOM_CALL "annotate_device_placement"
#define FRONTEND_ATTRS "mhlo.frontend_attributes"
#define BUFFER_PLACEMENT "_xla_buffer_placement"
#define COMPUTE_TYPE "_xla_compute_type"

static bool str_attr_is(const sharc_attr *a, const char *s) {
  return a && sharc_attr_get_kind(a) == SHARC_ATTR_STRING &&
         sharc_str_eq_cstr(sharc_attr_string_value(a), s);
}

static bool is_custom_call_to(const sharc_op *op, const char *target) {
  return sharc_op_isa(op, SHARC_SHLO(custom_call)) &&
         str_attr_is(sharc_op_attr(op, "call_target_name"), target);
}

/* IsOffloadCompatibleCustomCall: sharding annotations, no-ops otherwise. */
static bool is_sharding_custom_call(const sharc_op *op) {
  return is_custom_call_to(op, "Sharding") || is_custom_call_to(op, "SPMDShardToFullShape") ||
         is_custom_call_to(op, "SPMDFullToShardShape");
}

/* The dimensions that are not 1 are the same. */
static bool same_non_unit_dims(const sharc_type *a, const sharc_type *b) {
  if (!sharc_type_has_rank(a) || !sharc_type_has_rank(b))
    return false;
  const int64_t *sa = sharc_type_shape(a), *sb = sharc_type_shape(b);
  unsigned ra = sharc_type_rank(a), rb = sharc_type_rank(b), i = 0, j = 0;
  for (;;) {
    while (i < ra && sa[i] == 1)
      i++;
    while (j < rb && sb[j] == 1)
      j++;
    if (i == ra || j == rb)
      return i == ra && j == rb;
    if (sa[i++] != sb[j++])
      return false;
  }
}

/* IsTrivialReshape: a reshape or broadcast_in_dim that only adds or drops
 * dimensions of size 1. */
static bool is_trivial_reshape(const sharc_op *op) {
  if (!sharc_op_isa(op, SHARC_SHLO(reshape)) && !sharc_op_isa(op, SHARC_SHLO(broadcast_in_dim)))
    return false;
  return same_non_unit_dims(sharc_value_type(sharc_op_result(op, 0)),
                            sharc_value_type(sharc_op_operand(op, 0)));
}

/* WalkBackwardThroughOffloadCompatibleResult: the value the result carries
 * unchanged in placement, or NULL. */
static sharc_value *placement_source(sharc_value *result) {
  sharc_op *op = sharc_value_defining_op(result);
  unsigned i = sharc_value_index(result);
  if (sharc_op_isa(op, SHARC_SHLO(optimization_barrier)))
    return i < sharc_op_num_operands(op) ? sharc_op_operand(op, i) : NULL;
  if (sharc_op_isa(op, SHARC_SHLO(while))) {
    sharc_region *body = sharc_op_num_regions(op) > 1 ? sharc_op_region(op, 1) : NULL;
    sharc_block *b = body ? sharc_region_first_block(body) : NULL;
    sharc_op *term = b ? sharc_block_last_op(b) : NULL;
    return term && i < sharc_op_num_operands(term) ? sharc_op_operand(term, i) : NULL;
  }
  if (sharc_op_isa(op, SHARC_SHLO(dynamic_update_slice)))
    return sharc_op_num_operands(op) > 1 ? sharc_op_operand(op, 1) : NULL;
  if (is_trivial_reshape(op) || is_sharding_custom_call(op))
    return sharc_op_num_operands(op) ? sharc_op_operand(op, 0) : NULL;
  if (sharc_op_isa(op, &sharc_func_call_def)) {
    sharc_op *callee = sharc_call_resolve(op);
    sharc_block *b = callee && sharc_op_isa(callee, &sharc_func_func_def) ? sharc_func_body(callee)
                                                                         : NULL;
    sharc_op *term = b ? sharc_block_last_op(b) : NULL;
    return term && i < sharc_op_num_operands(term) ? sharc_op_operand(term, i) : NULL;
  }
  return NULL;
}

/* GetOffloadValueIfExists == "pinned_host". */
static bool annotated_to_host(const sharc_op *op) {
  if (!is_custom_call_to(op, OFFLOAD_CUSTOM_CALL))
    return false;
  sharc_attr *fe = sharc_op_attr(op, FRONTEND_ATTRS);
  sharc_attr *placement = fe && sharc_attr_get_kind(fe) == SHARC_ATTR_DICTIONARY
                              ? sharc_attr_dict_get(fe, BUFFER_PLACEMENT)
                              : NULL;
  return str_attr_is(placement, SHARC_MPMD_PINNED_HOST);
}

/* IsResultAndOnHostMemory, the recursion unrolled. Only calls can lead
 * back to a value already seen (a function returning what calling itself
 * returns): such a cycle ends as not on host. */
static bool result_on_host(sharc_value *v) {
  sharc_ptrmap calls_seen = {0};
  bool on_host = false;
  while (v && !sharc_value_is_block_arg(v)) {
    sharc_op *owner = sharc_value_defining_op(v);
    sharc_attr *fe = sharc_op_attr(owner, FRONTEND_ATTRS);
    sharc_attr *compute = fe && sharc_attr_get_kind(fe) == SHARC_ATTR_DICTIONARY
                              ? sharc_attr_dict_get(fe, COMPUTE_TYPE)
                              : NULL;
    if (compute && sharc_attr_get_kind(compute) == SHARC_ATTR_STRING) {
      on_host = str_attr_is(compute, "host");
      break;
    }
    sharc_value *source = placement_source(v);
    if (!source) {
      on_host = annotated_to_host(owner);
      break;
    }
    if (sharc_op_isa(owner, &sharc_func_call_def)) {
      if (sharc_ptrmap_get(&calls_seen, v))
        break;
      sharc_ptrmap_put(&calls_seen, v, v);
    }
    v = source;
  }
  sharc_ptrmap_free(&calls_seen);
  return on_host;
}

typedef struct offload_state {
  sharc_op *func;
  sharc_rewriter rw;
  sharc_attr *pinned_host;
  bool failed;
} offload_state;

/* PropagateHostMemoryKindOnFragments. */
static void mark_fragment(offload_state *st, sharc_op *frag) {
  sharc_context *ctx = st->rw.ctx;
  sharc_mpmd_dict_vec args = {0}, results = {0};
  sharc_mpmd_arg_attrs_or_default(frag, &args);
  for (unsigned i = 0; i < sharc_op_num_operands(frag); i++) {
    sharc_value *v = sharc_op_operand(frag, i);
    sharc_op *def = sharc_value_defining_op(v);
    bool host = def ? sharc_op_isa(def, &sharc_mpmd_fragment_def) && sharc_mpmd_is_result_on_host(v)
                    : sharc_value_owner_block(v) == sharc_func_body(st->func) &&
                          sharc_mpmd_is_func_arg_on_host(st->func, sharc_value_index(v));
    if (host)
      sharc_mpmd_dict_insert(ctx, &args, i, SHARC_MPMD_MEMORY_KIND_ATTR, st->pinned_host);
  }
  sharc_mpmd_set_arg_attrs(&st->rw, frag, &args);
  sharc_mpmd_res_attrs_or_default(frag, &results);
  sharc_block *body = sharc_region_first_block(sharc_op_region(frag, 0));
  sharc_op *ret = body ? sharc_block_last_op(body) : NULL;
  for (unsigned i = 0; ret && i < sharc_op_num_operands(ret); i++)
    if (result_on_host(sharc_op_operand(ret, i)))
      sharc_mpmd_dict_insert(ctx, &results, i, SHARC_MPMD_MEMORY_KIND_ATTR, st->pinned_host);
  sharc_mpmd_set_res_attrs(&st->rw, frag, &results);
  sharc_vec_free(&args);
  sharc_vec_free(&results);
}

/* GetMemoryKindFromUser: a fragment's arg_attrs or the function's result
 * attributes; nothing for other users (transfers among them). */
static sharc_attr *user_memory_kind(const offload_state *st, const sharc_use *u) {
  sharc_op *user = sharc_use_owner(u);
  unsigned i = sharc_use_operand_index(u);
  if (sharc_op_isa(user, &sharc_mpmd_fragment_def))
    return sharc_mpmd_arg_attr(user, i, SHARC_MPMD_MEMORY_KIND_ATTR);
  if (sharc_op_isa(user, &sharc_func_return_def))
    return sharc_func_result_attr(st->func, i, SHARC_MPMD_MEMORY_KIND_ATTR);
  return NULL;
}

static void print_kind(const sharc_attr *kind, sharc_buf *out) {
  if (kind)
    sharc_print_attr(kind, out);
  else
    SHARC_BUF_LIT(out, "<<NULL ATTRIBUTE>>");
}

/* The op as Shardy's log shows it (PrintOperationForLog, regions skipped). */
static void print_user(sharc_op *op, sharc_buf *out) {
  sharc_mpmd_print_op_for_log_flags(op, true, out);
}

/* GetMemoryKindFromUsers: the first user's kind; every user that differs
 * is an error. */
static sharc_attr *users_memory_kind(offload_state *st, sharc_value *arg) {
  sharc_use *first = sharc_value_first_use(arg);
  sharc_attr *kind = user_memory_kind(st, first);
  for (sharc_use *u = sharc_use_next(first); u; u = sharc_use_next(u)) {
    sharc_attr *other = user_memory_kind(st, u);
    if (other == kind)
      continue;
    sharc_buf msg = {0};
    sharc_buf_printf(&msg, "Memory kind mismatch between users of arg %u: ", sharc_value_index(arg));
    print_kind(kind, &msg);
    SHARC_BUF_LIT(&msg, " vs ");
    print_kind(other, &msg);
    sharc_buf_putc(&msg, '\n');
    print_user(sharc_use_owner(first), &msg);
    SHARC_BUF_LIT(&msg, " vs \n");
    print_user(sharc_use_owner(u), &msg);
    sharc_emit(st->rw.ctx, SHARC_SEV_ERROR, sharc_value_loc(arg), "%s", msg.data);
    sharc_buf_free(&msg);
    st->failed = true;
  }
  return kind && sharc_attr_get_kind(kind) == SHARC_ATTR_STRING ? kind : NULL;
}

static sharc_attr *string_or_null(sharc_attr *a) {
  return a && sharc_attr_get_kind(a) == SHARC_ATTR_STRING ? a : NULL;
}

/* GetMemoryKindFromDefiningOp: a block argument's or a fragment result's. */
static sharc_attr *producer_memory_kind(const offload_state *st, sharc_value *v) {
  if (sharc_value_is_block_arg(v))
    return string_or_null(
        sharc_func_arg_attr(st->func, sharc_value_index(v), SHARC_MPMD_MEMORY_KIND_ATTR));
  sharc_op *def = sharc_value_defining_op(v);
  if (sharc_op_isa(def, &sharc_mpmd_fragment_def))
    return string_or_null(sharc_mpmd_res_attr(def, sharc_value_index(v), SHARC_MPMD_MEMORY_KIND_ATTR));
  return NULL;
}

static bool on_device(const sharc_attr *kind) {
  return !kind || str_attr_is(kind, SHARC_MPMD_DEVICE);
}

static void mismatch(offload_state *st, const sharc_attr *loc, const char *what, unsigned index,
                     const char *other, const sharc_attr *a, const sharc_attr *b) {
  sharc_buf msg = {0};
  sharc_buf_printf(&msg, "Memory kind mismatch between %s %u and %s: ", what, index, other);
  print_kind(a, &msg);
  SHARC_BUF_LIT(&msg, " vs ");
  print_kind(b, &msg);
  sharc_emit(st->rw.ctx, SHARC_SEV_ERROR, loc, "%s", msg.data);
  sharc_buf_free(&msg);
  st->failed = true;
}

static void check_args(offload_state *st, sharc_block *body) {
  for (unsigned i = 0; i < sharc_block_num_args(body); i++) {
    sharc_value *arg = sharc_block_arg(body, i);
    sharc_attr *kind = string_or_null(sharc_func_arg_attr(st->func, i, SHARC_MPMD_MEMORY_KIND_ATTR));
    if (!sharc_value_has_uses(arg))
      continue;
    sharc_attr *users = users_memory_kind(st, arg);
    if (on_device(kind) != on_device(users))
      mismatch(st, sharc_value_loc(arg), "arg", i, "users", kind, users);
  }
}

static void check_results(offload_state *st, sharc_op *ret) {
  for (unsigned i = 0; ret && i < sharc_op_num_operands(ret); i++) {
    sharc_attr *kind = string_or_null(sharc_func_result_attr(st->func, i, SHARC_MPMD_MEMORY_KIND_ATTR));
    sharc_attr *producer = producer_memory_kind(st, sharc_op_operand(ret, i));
    if (on_device(kind) != on_device(producer))
      mismatch(st, sharc_op_loc(ret), "result", i, "defining op", kind, producer);
  }
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  sharc_block *body = sharc_mpmd_any_entry_point_body(func);
  if (!body)
    return true;
  offload_state st = {.func = func};
  sharc_pass_rewriter(run, &st.rw, NULL);
  st.pinned_host = sharc_attr_string(st.rw.ctx, SHARC_STR(SHARC_MPMD_PINNED_HOST));
  for (sharc_op *op = sharc_block_first_op(body); op; op = sharc_op_next(op))
    if (sharc_op_isa(op, &sharc_mpmd_fragment_def))
      mark_fragment(&st, op);
  check_args(&st, body);
  check_results(&st, sharc_block_last_op(body));
  return !st.failed;
}

const sharc_pass_def sharc_pass_mpmd_mark_offloaded_input_output = {
    .flag = "mpmd-mark-offloaded-input-output",
    .display_name = "MarkOffloadedInputOutputPass",
    .summary = "Marks offloaded input and output values so the compiler knows they are in host "
               "memory.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};
