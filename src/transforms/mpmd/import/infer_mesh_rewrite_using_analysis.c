/* -mpmd-infer-mesh-rewrite-using-analysis: every meshless op goes to the
 * meshes its assign users name: inlined into its only consumer fragment,
 * cloned into its consumer fragments (up to max-clones of them, or always
 * for trivial ops and ops without operands), or else wrapped in one new
 * fragment per mesh. Callees are rewritten first, their results and
 * arguments put on the meshes of their use sets (copied when used on
 * several), then the calls to them; mpmd.for loops likewise. */
#include "dialect/func/func.h"
#include "ir/static_names.h"
#include "dialect/mpmd/utils.h"
#include "ir/region_utils.h"
#include "ir/prefetch.h"
#include "support/xalloc.h"
#include "transforms/mpmd/import/import_options.h"
#include "pass/pass_registry.h"
#include "support/item_index.h"
#include "support/log.h"
#include "transforms/mpmd/common/simplify_region_op.h"
#include "transforms/mpmd/import/mesh_inference.h"

#include <stdlib.h>

/* where Shardy logs from */
#define SOURCE SHARC_MI_LOG_SOURCE

#define COPIES_ATTR "mpmd.copies"

static const sharc_option_def options[] = {
    SHARC_OPTION(sharc_mpmd_rewrite_options, max_clones, "max-clones", SHARC_OPT_INT, "1",
                 "How many copies of a meshless operation we allow. Setting it to 1 means we never "
                 "clone the op."),
};

typedef struct rewrite_state {
  const sharc_mpmd_rewrite_options *opts;
  sharc_context *ctx;
  sharc_rewriter rw;
  sharc_op *func;
  bool failed;
} rewrite_state;

static sharc_type *replicated(rewrite_state *st, sharc_str mesh, sharc_value *v) {
  return sharc_mpmd_replicated(st->ctx, mesh, sharc_value_type(v));
}

static bool is_tensor(const sharc_value *v) {
  return sharc_mpmd_is_ranked_tensor(sharc_value_type(v));
}

static sharc_str assign_mesh(const sharc_op *assign) {
  return sharc_mpmd_value_mesh(sharc_op_result(assign, 0));
}

static int mesh_order(const void *a, const void *b) {
  sharc_str x = sharc_ident_str(*(sharc_ident *const *)a);
  sharc_str y = sharc_ident_str(*(sharc_ident *const *)b);
  return sharc_mpmd_mesh_before(x, y) ? -1 : sharc_mpmd_mesh_before(y, x) ? 1 : 0;
}

typedef SHARC_VEC(sharc_ident *) ident_vec;

static void push_mesh(ident_vec *v, sharc_ident *m) {
  for (unsigned i = 0; i < v->len; i++)
    if (v->items[i] == m)
      return;
  sharc_vec_push(v, m);
}

/* The meshes of the assigns among the users of `v`, in mesh order. */
static void assign_user_meshes(rewrite_state *st, sharc_value *v, ident_vec *out) {
  for (sharc_use *u = sharc_value_first_use(v); u; u = sharc_use_next(u))
    if (sharc_op_isa(sharc_use_owner(u), &sharc_mpmd_assign_def))
      push_mesh(out, sharc_ident_get(st->ctx, assign_mesh(sharc_use_owner(u))));
  if (out->len > 1)
    qsort(out->items, out->len, sizeof *out->items, mesh_order);
}

static sharc_attr *index_range(sharc_context *ctx, unsigned start, unsigned n) {
  int64_t *v = sharc_xmalloc_array((size_t)n + 1, sizeof *v);
  for (unsigned i = 0; i < n; i++)
    v[i] = (int64_t)start + i;
  sharc_attr *a = sharc_attr_dense_i64_array(ctx, v, n);
  free(v);
  return a;
}

/* Per-index `mpmd.copies` values, stored with one rebuild of the
 * argument (result) attribute array: one rebuild per index would be
 * quadratic in the callee's arity. */
typedef struct copies_batch {
  sharc_attr **values; /* one per argument (result) of the signature, NULL: none */
  unsigned n;
} copies_batch;

static copies_batch copies_batch_new(unsigned n) {
  copies_batch b = {sharc_xcalloc((size_t)n + 1, sizeof(sharc_attr *)), n};
  return b;
}

static void copies_batch_set(copies_batch *b, unsigned i, sharc_attr *value) {
  if (i < b->n)
    b->values[i] = value;
}

static void copies_batch_store(copies_batch *b, sharc_op *func,
                               void (*set_each)(sharc_op *, const char *, sharc_attr *const *)) {
  set_each(func, COPIES_ATTR, b->values);
  free(b->values);
}

/* ---- callees ---------------------------------------------------------------------- */

/* AssignCalleeFuncResultsUsingAnalysis: each result assigned to the meshes
 * of its use set, a copy per extra mesh (`mpmd.copies` on the original). */
static void assign_callee_results(rewrite_state *st) {
  sharc_block *body = sharc_func_body(st->func);
  sharc_op *ret = sharc_block_last_op(body);
  sharc_rw_set_before(&st->rw, ret);
  unsigned n = sharc_op_num_operands(ret);
  copies_batch copies = copies_batch_new(sharc_func_num_results(st->func));
  sharc_ptr_vec operands = {0};
  for (unsigned i = 0; i < n; i++)
    sharc_vec_push(&operands, sharc_op_operand(ret, i));
  for (unsigned i = 0; i < n; i++) {
    sharc_value *v = sharc_op_operand(ret, i);
    if (sharc_mpmd_is_mesh_tensor(sharc_value_type(v)))
      continue;
    sharc_mesh_set uses = {0};
    sharc_mi_result_use_set(st->func, i, &uses);
    ident_vec meshes = {0};
    for (unsigned k = 0; k < uses.meshes.len; k++)
      push_mesh(&meshes, uses.meshes.items[k].mesh);
    sharc_mesh_set_free(&uses);
    if (!meshes.len) {
      /* an unused result: a mesh of its source set, else the first one */
      sharc_op *def = sharc_value_defining_op(v);
      if (!def) {
        sharc_mpmd_error(ret, "Callee should not have value chained through from arg to result "
                              "directly.");
        st->failed = true;
        sharc_vec_free(&meshes);
        sharc_vec_free(&operands);
        copies_batch_store(&copies, st->func, sharc_func_set_each_result_attr);
        return;
      }
      sharc_mesh_set src = {0};
      sharc_mi_src_set(def, &src);
      sharc_ident *m = src.specified && src.meshes.len ? sharc_mesh_set_prioritized(&src, NULL, 0)
                                                       : NULL;
      sharc_mesh_set_free(&src);
      if (!m)
        m = sharc_ident_get(st->ctx,
                            sharc_mpmd_first_mesh_name(sharc_mpmd_func_topology(st->func)));
      push_mesh(&meshes, m);
      sharc_str callee = sharc_op_symbol_name(st->func), mesh = sharc_ident_str(m);
      sharc_log(SHARC_LOG_INFO, SOURCE, 1866,
                "Callee @%.*s output %u is unused. Assigning to mesh %.*s", (int)callee.len,
                callee.data, i, (int)mesh.len, mesh.data);
    }
    if (meshes.len > 1)
      copies_batch_set(&copies, i, index_range(st->ctx, operands.len, meshes.len - 1));
    for (unsigned k = 0; k < meshes.len; k++) {
      sharc_op *assign = sharc_mpmd_create_assign(
          &st->rw, sharc_mpmd_value_loc(v), v, replicated(st, sharc_ident_str(meshes.items[k]), v),
          NULL);
      if (k == 0)
        operands.items[i] = sharc_op_result(assign, 0);
      else
        sharc_vec_push(&operands, sharc_op_result(assign, 0));
    }
    sharc_vec_free(&meshes);
  }
  copies_batch_store(&copies, st->func, sharc_func_set_each_result_attr);
  sharc_op_set_operands(ret, (sharc_value *const *)operands.items, operands.len);
  sharc_rw_modified(&st->rw, ret);
  sharc_vec_free(&operands);
}

/* AssignCalleeFuncArgsToAssignUsers: each argument takes the mesh of its
 * assign users, an extra argument per extra mesh, unassigned for its
 * users. */
static void assign_callee_args(rewrite_state *st) {
  sharc_block *body = sharc_func_body(st->func);
  sharc_rw_set_block_start(&st->rw, body);
  unsigned n = sharc_block_num_args(body);
  copies_batch copies = copies_batch_new(sharc_func_num_args(st->func));
  for (unsigned i = 0; i < n; i++) {
    sharc_value *arg = sharc_block_arg(body, i);
    if (sharc_mpmd_is_mesh_tensor(sharc_value_type(arg)))
      continue;
    ident_vec meshes = {0};
    assign_user_meshes(st, arg, &meshes);
    if (!meshes.len) {
      sharc_emit(st->ctx, SHARC_SEV_ERROR, sharc_value_loc(arg),
                 "Callee argument is unused. It should have been removed in the "
                 "mpmd-erase-unused-callee-block-arguments pass.");
      st->failed = true;
      sharc_vec_free(&meshes);
      break;
    }
    if (meshes.len > 1)
      copies_batch_set(&copies, i,
                       index_range(st->ctx, sharc_block_num_args(body), meshes.len - 1));
    sharc_ptr_vec users = {0};
    for (sharc_use *u = sharc_value_first_use(arg); u; u = sharc_use_next(u))
      if (sharc_op_isa(sharc_use_owner(u), &sharc_mpmd_assign_def))
        sharc_vec_push(&users, sharc_use_owner(u));
    sharc_type *local = sharc_value_type(arg);
    sharc_attr *loc = sharc_value_loc(arg);
    for (unsigned k = 0; k < meshes.len; k++) {
      sharc_str mesh = sharc_ident_str(meshes.items[k]);
      sharc_type *t = sharc_mpmd_replicated(st->ctx, mesh, local);
      sharc_value *src = arg;
      if (k == 0)
        sharc_value_set_type(arg, t);
      else
        src = sharc_block_add_arg(body, t, loc);
      sharc_op *un = sharc_mpmd_create_unassign(&st->rw, loc, src, NULL);
      for (unsigned j = 0; j < users.len; j++)
        if (sharc_str_eq(assign_mesh(users.items[j]), mesh))
          sharc_rw_set_operand(&st->rw, users.items[j], 0, sharc_op_result(un, 0));
    }
    sharc_vec_free(&users);
    sharc_vec_free(&meshes);
  }
  copies_batch_store(&copies, st->func, sharc_func_set_each_arg_attr);
}

/* RewriteAccordingToUpdatedCallee: the call rebuilt for the rewritten
 * callee, its operands assigned (to each copy too), its results
 * unassigned for the assigns that use them. */
static void rewrite_call(rewrite_state *st, sharc_op *call) {
  sharc_op *callee = sharc_mpmd_callee(call);
  sharc_block *body = callee ? sharc_func_body(callee) : NULL;
  if (!body)
    return;
  sharc_rewriter *rw = &st->rw;
  sharc_rw_set_after(rw, call);
  unsigned n_args = sharc_block_num_args(body);
  sharc_value **operands = sharc_xcalloc((size_t)n_args + 1, sizeof *operands);
  for (unsigned i = 0; i < sharc_op_num_operands(call) && i < n_args; i++) {
    sharc_value *v = sharc_op_operand(call, i);
    if (sharc_mpmd_is_mesh_tensor(sharc_value_type(v))) {
      operands[i] = v;
      continue;
    }
    sharc_attr *loc = sharc_mpmd_value_loc(v);
    operands[i] = sharc_op_result(
        sharc_mpmd_create_assign(rw, loc, v, sharc_value_type(sharc_block_arg(body, i)), NULL), 0);
    sharc_attr *copies = sharc_func_arg_attr(callee, i, COPIES_ATTR);
    for (unsigned k = 0; copies && k < sharc_attr_count(copies); k++) {
      int64_t idx = sharc_attr_dense_array_i64(copies, k);
      if (idx >= 0 && idx < (int64_t)n_args)
        operands[idx] = sharc_op_result(
            sharc_mpmd_create_assign(rw, loc, v, sharc_value_type(sharc_block_arg(body, idx)), NULL),
            0);
    }
  }
  for (unsigned i = 0; i < n_args; i++)
    if (!operands[i]) {
      sharc_mpmd_error(call, "callee argument %u has no operand after its rewrite", i);
      st->failed = true;
      free(operands);
      return;
    }
  sharc_op *ret = sharc_block_last_op(body);
  unsigned n_res = sharc_op_num_operands(ret);
  sharc_type **types = sharc_xmalloc_array((size_t)n_res + 1, sizeof *types);
  for (unsigned i = 0; i < n_res; i++)
    types[i] = sharc_value_type(sharc_op_operand(ret, i));
  sharc_op *new_call = sharc_mpmd_create_call(rw, sharc_op_loc(call), operands, n_args, types,
                                              n_res, sharc_op_attr_static(call, "callee"));
  /* the discardable attributes go along */
  sharc_attr *attrs = sharc_op_attrs(call);
  for (unsigned i = 0; i < sharc_attr_count(attrs); i++) {
    const sharc_named_attr *e = &sharc_attr_dict_entries(attrs)[i];
    if (!sharc_op_def_is_inherent(sharc_op_get_def(call), e->name))
      sharc_op_set_attr(new_call, sharc_ident_str(e->name).data, e->value);
  }
  for (unsigned r = 0; r < sharc_op_num_results(call); r++) {
    sharc_value *res = sharc_op_result(call, r);
    sharc_ptr_vec users = {0};
    for (sharc_use *u = sharc_value_first_use(res); u; u = sharc_use_next(u))
      sharc_vec_push(&users, sharc_use_owner(u));
    sharc_attr *copies = sharc_func_result_attr(callee, r, COPIES_ATTR);
    for (unsigned j = 0; j < users.len; j++) {
      sharc_op *user = users.items[j];
      if (!sharc_op_isa(user, &sharc_mpmd_assign_def))
        continue;
      sharc_type *want = sharc_value_type(sharc_op_result(user, 0));
      int idx = r < n_res && sharc_value_type(sharc_op_result(new_call, r)) == want ? (int)r : -1;
      for (unsigned k = 0; idx < 0 && copies && k < sharc_attr_count(copies); k++) {
        int64_t c = sharc_attr_dense_array_i64(copies, k);
        if (c >= 0 && c < (int64_t)n_res && sharc_value_type(sharc_op_result(new_call, c)) == want)
          idx = (int)c;
      }
      if (idx < 0) {
        sharc_mpmd_error(user, "Argument number for type not found");
        st->failed = true;
        continue;
      }
      sharc_op *un = sharc_mpmd_create_unassign(rw, sharc_op_loc(user),
                                                sharc_op_result(new_call, (unsigned)idx), NULL);
      sharc_rw_set_operand(rw, user, 0, sharc_op_result(un, 0));
    }
    sharc_vec_free(&users);
    /* what is not an assign (nothing, when the analysis was complete) */
    if (r < n_res && sharc_value_has_uses(res))
      sharc_rw_replace_all_uses(rw, res, sharc_op_result(new_call, r));
  }
  if (!st->failed)
    sharc_rw_erase_op(rw, call);
  free(types);
  free(operands);
}

/* ---- absorbing meshless ops into fragments ------------------------------------------- */

typedef struct absorb_filter {
  sharc_op *op;
  bool has_free_vars;
} absorb_filter;

static bool use_in_op(const sharc_use *u, void *user) {
  absorb_filter *f = user;
  sharc_op *owner = sharc_use_owner(u);
  return f->has_free_vars ? sharc_op_is_ancestor(f->op, owner) : owner == f->op;
}

/* AbsorbMeshlessProducer: `op` moved (or cloned) into the start of
 * `consumer`, its operands and free variables becoming new operands
 * (assigned to the consumer's mesh), the consumer's arguments that came
 * from `op` replaced by its results. */
/* Where a consumer takes a result of the absorbed op: its operand `k` is an
 * assign of result `r`. Gathered once per op for all its consumers, so that
 * absorbing into each does not rescan every use (a constant may feed
 * thousands of fragments). */
typedef struct absorb_slot {
  unsigned r, k;
} absorb_slot;
typedef SHARC_VEC(absorb_slot) absorb_slots;
typedef SHARC_VEC(absorb_slots) absorb_slots_vec;

static void absorb(rewrite_state *st, sharc_op *consumer, sharc_op *op, bool only_consumer,
                   const absorb_slots *slots) {
  sharc_rewriter *rw = &st->rw;
  sharc_attr *mesh_attr = sharc_op_attr_static(consumer, "mesh_name");
  sharc_str mesh = sharc_attr_string_value(mesh_attr);
  sharc_block *body = sharc_region_first_block(sharc_op_region(consumer, 0));
  sharc_ptr_vec inputs = {0};
  sharc_used_values_defined_above(op, &inputs);
  bool has_free_vars = inputs.len > 0;
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++)
    sharc_ptr_vec_push_unique(&inputs, sharc_op_operand(op, i));
  unsigned first_new = sharc_block_num_args(body);
  for (unsigned i = 0; i < inputs.len; i++) {
    sharc_value *v = inputs.items[i];
    sharc_block_add_arg(body, sharc_value_type(v), sharc_mpmd_value_loc(v));
  }
  sharc_op *absorbed;
  if (only_consumer) {
    absorb_filter f = {op, has_free_vars};
    for (unsigned i = 0; i < inputs.len; i++)
      sharc_rw_replace_uses_if(rw, inputs.items[i], sharc_block_arg(body, first_new + i), use_in_op,
                               &f);
    sharc_op *first = sharc_block_first_op(body);
    if (first)
      sharc_rw_move_before(rw, op, first);
    else
      sharc_rw_move_to_end(rw, op, body);
    absorbed = op;
  } else {
    /* only a clone reads the inputs through the mapping */
    sharc_mapping *map = sharc_mapping_create();
    for (unsigned i = 0; i < inputs.len; i++)
      sharc_mapping_map_value(map, inputs.items[i], sharc_block_arg(body, first_new + i));
    sharc_rw_set_block_start(rw, body);
    absorbed = sharc_rw_clone(rw, op, map);
    sharc_mapping_destroy(map);
  }

  unsigned n_args = sharc_block_num_args(body);
  bool *erase = sharc_xcalloc((size_t)n_args + 1, sizeof *erase);
  for (unsigned i = 0; i < slots->len; i++) {
    absorb_slot sl = slots->items[i];
    if (!is_tensor(sharc_op_result(op, sl.r)))
      continue;
    sharc_rw_replace_all_uses(rw, sharc_block_arg(body, sl.k), sharc_op_result(absorbed, sl.r));
    erase[sl.k] = true;
  }
  for (unsigned k = n_args; k-- > 0;)
    if (erase[k])
      sharc_block_erase_arg(body, k);
  sharc_ptr_vec operands = {0};
  for (unsigned k = 0; k < n_args && k < sharc_op_num_operands(consumer); k++)
    if (!erase[k])
      sharc_vec_push(&operands, sharc_op_operand(consumer, k));
  sharc_rw_set_before(rw, consumer);
  for (unsigned i = 0; i < inputs.len; i++) {
    sharc_value *v = inputs.items[i];
    if (is_tensor(v))
      sharc_vec_push(&operands,
                     sharc_op_result(sharc_mpmd_create_assign(rw, sharc_mpmd_value_loc(v), v,
                                                              replicated(st, mesh, v), NULL),
                                     0));
    else
      sharc_vec_push(&operands, v);
  }
  sharc_op_set_operands(consumer, (sharc_value *const *)operands.items, operands.len);
  sharc_rw_modified(rw, consumer);
  sharc_vec_free(&operands);
  sharc_vec_free(&inputs);
  free(erase);
}

typedef struct mesh_filter {
  sharc_str mesh;
} mesh_filter;

static bool use_by_assign_to(const sharc_use *u, void *user) {
  sharc_op *owner = sharc_use_owner(u);
  return sharc_op_isa(owner, &sharc_mpmd_assign_def) &&
         sharc_str_eq(assign_mesh(owner), ((mesh_filter *)user)->mesh);
}

/* WrapBasedOnAssignUsers: one fragment per mesh the op is assigned to. */
static void wrap_by_assign_users(rewrite_state *st, sharc_op *op) {
  ident_vec meshes = {0};
  for (unsigned r = 0; r < sharc_op_num_results(op); r++)
    for (sharc_use *u = sharc_value_first_use(sharc_op_result(op, r)); u; u = sharc_use_next(u))
      if (sharc_op_isa(sharc_use_owner(u), &sharc_mpmd_assign_def))
        push_mesh(&meshes, sharc_ident_get(st->ctx, assign_mesh(sharc_use_owner(u))));
  if (meshes.len > 1)
    qsort(meshes.items, meshes.len, sizeof *meshes.items, mesh_order);
  for (unsigned i = 0; i < meshes.len; i++) {
    mesh_filter f = {sharc_ident_str(meshes.items[i])};
    sharc_mpmd_wrap_op_with_fragment(op, f.mesh, &st->rw, "infer_mesh_wrap_meshless_ops",
                                     use_by_assign_to, &f);
  }
  sharc_vec_free(&meshes);
}

static void collect_users(sharc_op *op, sharc_ptr_vec *out) {
  sharc_item_index seen = {0};
  for (unsigned r = 0; r < sharc_op_num_results(op); r++)
    for (sharc_use *u = sharc_value_first_use(sharc_op_result(op, r)); u; u = sharc_use_next(u)) {
      sharc_op *user = sharc_use_owner(u);
      if (sharc_item_index_of(&seen, out->items, out->len, user))
        continue;
      sharc_item_index_add(&seen, user, out->len);
      sharc_vec_push(out, user);
    }
  sharc_item_index_free(&seen);
}

static void free_slots(sharc_ptr_vec *fragments, absorb_slots_vec *slots) {
  for (unsigned i = 0; i < slots->len; i++)
    sharc_vec_free(&slots->items[i]);
  sharc_vec_free(slots);
  sharc_vec_free(fragments);
}

/* AssignOpBasedOnConsumers. */
static void assign_by_consumers(rewrite_state *st, sharc_op *op) {
  if (!sharc_op_num_results(op))
    return;
  sharc_mi_clear_sets(op);
  sharc_ptr_vec fragments = {0};
  absorb_slots_vec slots = {0};
  sharc_item_index index = {0}; /* fragment -> its position + 1 */
  bool other_user = false;
  for (unsigned r = 0; r < sharc_op_num_results(op); r++)
    for (sharc_use *u = sharc_value_first_use(sharc_op_result(op, r)); u; u = sharc_use_next(u)) {
      sharc_op *assign = sharc_use_owner(u);
      if (!sharc_op_isa(assign, &sharc_mpmd_assign_def))
        continue;
      for (sharc_use *au = sharc_value_first_use(sharc_op_result(assign, 0)); au;
           au = sharc_use_next(au)) {
        sharc_op *user = sharc_use_owner(au);
        if (!sharc_op_isa(user, &sharc_mpmd_fragment_def)) {
          other_user = true;
          continue;
        }
        uintptr_t at = sharc_item_index_of(&index, fragments.items, fragments.len, user);
        if (!at) {
          sharc_item_index_add(&index, user, fragments.len);
          sharc_vec_push(&fragments, user);
          sharc_vec_push(&slots, (absorb_slots){0});
          at = fragments.len;
        }
        sharc_vec_push(&slots.items[at - 1], ((absorb_slot){r, sharc_use_operand_index(au)}));
      }
    }
  sharc_item_index_free(&index);
  sharc_ptr_vec users = {0};
  if (fragments.len == 1 && !other_user) {
    collect_users(op, &users);
    absorb(st, fragments.items[0], op, true, &slots.items[0]);
    for (unsigned i = 0; i < users.len; i++)
      sharc_rw_erase_op(&st->rw, users.items[i]);
    sharc_vec_free(&users);
    free_slots(&fragments, &slots);
    return;
  }
  bool trivial = sharc_op_num_operands(op) <= 1 && sharc_op_num_results(op) == 1 &&
                 !sharc_op_num_regions(op) && sharc_mpmd_is_pure(op);
  if (!fragments.len || other_user ||
      ((int)fragments.len > st->opts->max_clones && sharc_op_num_operands(op) > 0 && !trivial))
    wrap_by_assign_users(st, op);
  else
    for (unsigned i = 0; i < fragments.len; i++)
      absorb(st, fragments.items[i], op, false, &slots.items[i]);
  collect_users(op, &users);
  for (unsigned i = 0; i < users.len; i++)
    sharc_rw_erase_op(&st->rw, users.items[i]);
  sharc_vec_free(&users);
  free_slots(&fragments, &slots);
  sharc_rw_erase_op(&st->rw, op);
}

/* ---- mpmd.for ------------------------------------------------------------------------------ */

static sharc_block *for_body(sharc_op *for_op) {
  return sharc_region_first_block(sharc_op_region(for_op, 0));
}

/* RewriteForOpTerminator. Like Shardy, return operands that already are
 * mesh tensors are left out. */
static void rewrite_for_terminator(rewrite_state *st, sharc_op *for_op) {
  sharc_op *ret = sharc_block_last_op(for_body(for_op));
  sharc_rw_set_before(&st->rw, ret);
  sharc_ptr_vec operands = {0};
  for (unsigned i = 0; i < sharc_op_num_operands(ret); i++) {
    sharc_value *v = sharc_op_operand(ret, i);
    if (sharc_mpmd_is_mesh_tensor(sharc_value_type(v)))
      continue;
    sharc_mesh_set uses = {0};
    sharc_mi_use_set(sharc_value_defining_op(v), &uses);
    if (uses.meshes.len != 1) {
      sharc_mpmd_error(ret, uses.meshes.len ? "Multiple mesh names found for return value"
                                            : "No mesh names found for return value");
      st->failed = true;
      sharc_mesh_set_free(&uses);
      sharc_vec_free(&operands);
      return;
    }
    sharc_str mesh = sharc_ident_str(uses.meshes.items[0].mesh);
    sharc_mesh_set_free(&uses);
    sharc_vec_push(&operands,
                   sharc_op_result(sharc_mpmd_create_assign(&st->rw, sharc_mpmd_value_loc(v), v,
                                                            replicated(st, mesh, v), NULL),
                                   0));
  }
  sharc_op_set_operands(ret, (sharc_value *const *)operands.items, operands.len);
  sharc_rw_modified(&st->rw, ret);
  sharc_vec_free(&operands);
}

static void rewrite_block(rewrite_state *st, sharc_block *block, bool in_for);

static void rewrite_for_args(rewrite_state *st, sharc_op *for_op) {
  sharc_block *body = for_body(for_op);
  sharc_rw_set_block_start(&st->rw, body);
  for (unsigned i = 0; i < sharc_block_num_args(body); i++) {
    sharc_value *arg = sharc_block_arg(body, i);
    if (sharc_mpmd_is_mesh_tensor(sharc_value_type(arg)))
      continue;
    ident_vec meshes = {0};
    assign_user_meshes(st, arg, &meshes);
    if (meshes.len > 1) {
      sharc_mpmd_error(for_op, "Multiple mesh names found for return value");
      st->failed = true;
    } else if (meshes.len == 1) {
      sharc_str mesh = sharc_ident_str(meshes.items[0]);
      sharc_ptr_vec users = {0};
      for (sharc_use *u = sharc_value_first_use(arg); u; u = sharc_use_next(u))
        if (sharc_op_isa(sharc_use_owner(u), &sharc_mpmd_assign_def))
          sharc_vec_push(&users, sharc_use_owner(u));
      sharc_value_set_type(arg, replicated(st, mesh, arg));
      sharc_op *un = sharc_mpmd_create_unassign(&st->rw, sharc_value_loc(arg), arg, NULL);
      for (unsigned j = 0; j < users.len; j++)
        sharc_rw_set_operand(&st->rw, users.items[j], 0, sharc_op_result(un, 0));
      sharc_vec_free(&users);
    }
    sharc_vec_free(&meshes);
  }
  sharc_op *ret = sharc_block_last_op(body);
  for (unsigned i = 0; i < sharc_op_num_results(for_op) && i < sharc_op_num_operands(ret); i++)
    sharc_value_set_type(sharc_op_result(for_op, i), sharc_value_type(sharc_op_operand(ret, i)));
}

static void rewrite_for_operands(rewrite_state *st, sharc_op *for_op) {
  sharc_block *body = for_body(for_op);
  sharc_rw_set_before(&st->rw, for_op);
  for (unsigned i = 0; i < sharc_op_num_operands(for_op) && i < sharc_block_num_args(body); i++) {
    sharc_value *v = sharc_op_operand(for_op, i);
    if (sharc_mpmd_is_mesh_tensor(sharc_value_type(v)))
      continue;
    sharc_op *assign = sharc_mpmd_create_assign(&st->rw, sharc_mpmd_value_loc(v), v,
                                                sharc_value_type(sharc_block_arg(body, i)), NULL);
    sharc_rw_set_operand(&st->rw, for_op, i, sharc_op_result(assign, 0));
  }
}

static void rewrite_for_results(rewrite_state *st, sharc_op *for_op) {
  sharc_rw_set_after(&st->rw, for_op);
  for (unsigned r = 0; r < sharc_op_num_results(for_op); r++) {
    sharc_value *res = sharc_op_result(for_op, r);
    sharc_ptr_vec users = {0};
    for (sharc_use *u = sharc_value_first_use(res); u; u = sharc_use_next(u))
      if (sharc_op_isa(sharc_use_owner(u), &sharc_mpmd_assign_def))
        sharc_vec_push(&users, sharc_use_owner(u));
    for (unsigned j = 0; j < users.len; j++) {
      sharc_op *un = sharc_mpmd_create_unassign(&st->rw, sharc_op_loc(users.items[j]), res, NULL);
      sharc_rw_set_operand(&st->rw, users.items[j], 0, sharc_op_result(un, 0));
    }
    sharc_vec_free(&users);
  }
  sharc_mi_clear_for_sets(for_op);
}

static void rewrite_for(rewrite_state *st, sharc_op *for_op) {
  rewrite_for_terminator(st, for_op);
  if (st->failed)
    return;
  rewrite_block(st, for_body(for_op), true);
  rewrite_for_args(st, for_op);
  rewrite_for_operands(st, for_op);
  rewrite_for_results(st, for_op);
}

/* WalkAndAbsorbMeshlessProducers (RewriteForOpBody in a loop): the block's
 * ops last to first, so that consumers are placed before producers. */
static void rewrite_block(rewrite_state *st, sharc_block *block, bool in_for) {
  for (sharc_op *op = sharc_block_last_op(block), *prev; op && !st->failed; op = prev) {
    prev = sharc_op_prev_ahead(op);
    if (sharc_op_isa(op, &sharc_mpmd_call_def)) {
      rewrite_call(st, op);
    } else if (sharc_op_isa(op, &sharc_mpmd_for_def)) {
      if (in_for) {
        sharc_mpmd_error(op, "Nested ForOp is not supported");
        st->failed = true;
      } else {
        rewrite_for(st, op);
      }
    } else if (sharc_mi_is_meshless_op(op)) {
      assign_by_consumers(st, op);
    }
  }
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  rewrite_state st = {.opts = opts, .ctx = sharc_op_context(module)};
  sharc_pass_rewriter(run, &st.rw, NULL);
  sharc_ptr_vec funcs = {0};
  sharc_mpmd_functions(module, &funcs);
  for (unsigned i = 0; i < funcs.len && !st.failed; i++) {
    st.func = funcs.items[i];
    if (sharc_mpmd_is_entry_point_function(st.func) || !sharc_func_body(st.func))
      continue;
    assign_callee_results(&st);
    if (!st.failed)
      rewrite_block(&st, sharc_func_body(st.func), false);
    if (!st.failed)
      assign_callee_args(&st);
  }
  for (unsigned i = 0; i < funcs.len && !st.failed; i++) {
    st.func = funcs.items[i];
    if (sharc_mpmd_is_entry_point_function(st.func) && sharc_func_body(st.func))
      rewrite_block(&st, sharc_func_body(st.func), false);
  }
  for (unsigned i = 0; i < funcs.len; i++)
    sharc_mpmd_update_function_type(funcs.items[i]);
  sharc_vec_free(&funcs);
  return !st.failed;
}

const sharc_pass_def sharc_pass_mpmd_infer_mesh_rewrite_using_analysis = {
    .flag = "mpmd-infer-mesh-rewrite-using-analysis",
    .display_name = "InferMeshRewriteUsingAnalysisPass",
    .summary = "Rewrites ops according to the use_set.",
    .anchor = "builtin.module",
    SHARC_OPTIONS(options),
    .options_size = sizeof(sharc_mpmd_rewrite_options),
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};
