/* Shardy's mpmd/ir/utils (and the transforms/common/utils MPMD passes use):
 * functions, topologies, call sites, op builders, fragments, transfers. */
#include "dialect/mpmd/utils.h"

#include "asm/print_internal.h"
#include "dialect/func/func.h"
#include "dialect/mpmd/mpmd_internal.h"
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/utils.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "ir/created_defs.h"
#include "ir/op_cursor.h"
#include "ir/op_values.h"
#include "ir/region_utils.h"
#include "ir/static_names.h"
#include "sharc/asm.h"
#include "sharc/sdy.h"
#include "sharc/symbols.h"
#include "rewrite/create_op.h"
#include "support/xalloc.h"

#include <stdlib.h>
#include <string.h>

bool sharc_mpmd_in_dialect(const sharc_op *op) {
  if (!op)
    return false;
  /* asked of every op by mesh inference's walks: the name's characters
   * read in place, the prefix compared as a constant */
  const sharc_ident *name = op->name;
  return name->len >= 5 && !memcmp(name->data, "mpmd.", 5);
}

/* An op of `def` may hold regions, and is neither a function, the module
 * nor an mpmd op. */
static bool foreign_region_def(const sharc_op_def *def) {
  return !(def->traits & SHARC_TRAIT_ZERO_REGIONS) && def != &sharc_func_func_def &&
         def != &sharc_builtin_module_def && strncmp(def->name, "mpmd.", 5) != 0;
}

bool sharc_mpmd_regions_only_in_mpmd_ops(const sharc_context *ctx) {
  return sharc_context_symbols_in_one_table(ctx) &&
         !sharc_context_may_hold_any(ctx, foreign_region_def);
}

bool sharc_mpmd_func_parented_ops_at_top(const sharc_context *ctx) {
  return sharc_context_symbols_in_one_table(ctx) &&
         !sharc_context_may_hold_def(ctx, &sharc_mpmd_for_def);
}

sharc_walk_result sharc_mpmd_for_each_own_op_isa(sharc_op *func, const sharc_op_def *def,
                                                 sharc_walk_fn fn, void *user) {
  for (sharc_block *b = sharc_region_first_block(sharc_op_region(func, 0)), *next; b; b = next) {
    next = sharc_block_next(b);
    sharc_op_cursor c;
    for (sharc_op *op = sharc_op_cursor_first(&c, b); op; op = sharc_op_cursor_next(&c))
      if (sharc_op_def_of(op) == def && fn(op, user) == SHARC_WALK_INTERRUPT)
        return SHARC_WALK_INTERRUPT;
  }
  return SHARC_WALK_ADVANCE;
}

/* ---- functions --------------------------------------------------------------------- */

bool sharc_mpmd_is_mpmd_function(const sharc_op *func) {
  return sharc_op_attr_static(func, SHARC_MPMD_TOPOLOGY_ATTR) != NULL;
}

bool sharc_mpmd_is_distributed_function(const sharc_op *func) {
  return sharc_op_attr_static(func, SHARC_MPMD_MESH_SHAPE_ATTR) ||
         sharc_mpmd_is_mpmd_function(func);
}

bool sharc_mpmd_is_entry_point_function(const sharc_op *func) {
  return sharc_mpmd_is_distributed_function(func) && !sharc_func_is_private(func);
}

void sharc_mpmd_functions(sharc_op *module, sharc_ptr_vec *out) {
  sharc_block *body = sharc_region_first_block(sharc_op_region(module, 0));
  for (sharc_op *op = body ? sharc_block_first_op(body) : NULL; op; op = sharc_op_next(op))
    if (sharc_op_isa(op, &sharc_func_func_def) && sharc_mpmd_is_mpmd_function(op))
      sharc_vec_push(out, op);
}

static bool for_each_function(sharc_op *module, bool entry_points, sharc_mpmd_func_fn fn,
                              void *user) {
  sharc_ptr_vec funcs = {0};
  sharc_mpmd_functions(module, &funcs);
  bool ok = true;
  for (unsigned i = 0; i < funcs.len && ok; i++)
    if (sharc_mpmd_is_entry_point_function(funcs.items[i]) == entry_points)
      ok = fn(funcs.items[i], user);
  sharc_vec_free(&funcs);
  return ok;
}

bool sharc_mpmd_for_each_entry_point(sharc_op *module, sharc_mpmd_func_fn fn, void *user) {
  return for_each_function(module, true, fn, user);
}

bool sharc_mpmd_for_each_non_entry_point(sharc_op *module, sharc_mpmd_func_fn fn, void *user) {
  return for_each_function(module, false, fn, user);
}

sharc_attr *sharc_mpmd_func_topology(const sharc_op *func) {
  sharc_attr *t = sharc_op_attr_static(func, SHARC_MPMD_TOPOLOGY_ATTR);
  return sharc_mpmd_is_topology(t) ? t : NULL;
}

sharc_attr *sharc_mpmd_lookup_mesh(sharc_op *op, sharc_str name) {
  sharc_op *func = sharc_op_isa(op, &sharc_func_func_def) ? op : sharc_mpmd_enclosing_func(op);
  sharc_attr *topology = func ? sharc_mpmd_func_topology(func) : NULL;
  return topology ? sharc_mpmd_topology_lookup(topology, name) : NULL;
}

sharc_str sharc_mpmd_first_mesh_name(const sharc_attr *topology) {
  sharc_str best = {"", 0};
  for (unsigned i = 0; i < sharc_mpmd_topology_num_meshes(topology); i++) {
    sharc_str name = sharc_mpmd_named_mesh_name(sharc_mpmd_topology_mesh_at(topology, i));
    if (i == 0 || sharc_str_cmp(name, best) < 0)
      best = name;
  }
  return best;
}

sharc_op *sharc_mpmd_callee(sharc_op *call) {
  sharc_op *f = sharc_call_resolve(call);
  return f && sharc_op_isa(f, &sharc_func_func_def) ? f : NULL;
}

void sharc_mpmd_update_function_type(sharc_op *func) {
  sharc_block *body = sharc_func_body(func);
  if (!body)
    return;
  sharc_context *ctx = sharc_op_context(func);
  unsigned n_in = sharc_block_num_args(body);
  sharc_op *term = sharc_block_last_op(body);
  unsigned n_out = term ? sharc_op_num_operands(term) : 0;
  sharc_type **types = sharc_xmalloc_array((size_t)n_in + n_out + 1, sizeof *types);
  for (unsigned i = 0; i < n_in; i++)
    types[i] = sharc_value_type(sharc_block_arg(body, i));
  for (unsigned i = 0; i < n_out; i++)
    types[n_in + i] = sharc_value_type(sharc_op_operand(term, i));
  sharc_type *ft = sharc_type_function(ctx, types, n_in, types + n_in, n_out);
  if (ft != sharc_func_type(func))
    sharc_func_set_type(func, ft);
  free(types);
}

sharc_attr *sharc_mpmd_result_info_loc(sharc_op *func, unsigned index) {
  sharc_attr *info = sharc_func_result_attr(func, index, SHARC_MPMD_RESULT_INFO_ATTR);
  if (!info || sharc_attr_get_kind(info) != SHARC_ATTR_STRING)
    return NULL;
  sharc_context *ctx = sharc_op_context(func);
  return sharc_loc_name(ctx, sharc_ident_get(ctx, sharc_attr_string_value(info)), NULL);
}

/* ---- call sites ---------------------------------------------------------------------- */

typedef struct call_walk {
  sharc_mpmd_call_sites *cs;
} call_walk;

static sharc_walk_result find_calls(sharc_op *op, void *user) {
  sharc_mpmd_call_sites *cs = ((call_walk *)user)->cs;
  if (sharc_op_isa(op, &sharc_mpmd_call_def)) {
    sharc_attr *callee = sharc_op_attr_static(op, "callee");
    if (!callee || sharc_attr_get_kind(callee) != SHARC_ATTR_SYMBOL_REF || !sharc_op_has_result_uses(op))
      return SHARC_WALK_SKIP;
    sharc_ident *key = sharc_attr_symbol_root(callee);
    sharc_ptr_vec *list = sharc_ptrmap_get(&cs->by_callee, key);
    if (!list) {
      list = sharc_xcalloc(1, sizeof *list);
      sharc_ptrmap_put(&cs->by_callee, key, list);
      sharc_vec_push(&cs->lists, list);
    }
    sharc_vec_push(list, op);
    return SHARC_WALK_SKIP;
  }
  if (sharc_op_isa(op, &sharc_builtin_module_def) || sharc_op_isa(op, &sharc_mpmd_for_def) ||
      (sharc_op_isa(op, &sharc_func_func_def) && sharc_mpmd_is_mpmd_function(op)))
    return SHARC_WALK_ADVANCE;
  return SHARC_WALK_SKIP;
}

void sharc_mpmd_call_sites_build(sharc_mpmd_call_sites *cs, sharc_op *module) {
  memset(cs, 0, sizeof *cs);
  /* the walk records mpmd.call ops only: with none ever made there is
   * nothing to find in the top-level ops of every function */
  if (!sharc_context_may_hold_def(sharc_op_context(module), &sharc_mpmd_call_def))
    return;
  call_walk w = {cs};
  sharc_walk(module, SHARC_PRE_ORDER, find_calls, &w);
}

void sharc_mpmd_call_sites_free(sharc_mpmd_call_sites *cs) {
  for (unsigned i = 0; i < cs->lists.len; i++) {
    sharc_ptr_vec *l = cs->lists.items[i];
    sharc_vec_free(l);
    free(l);
  }
  sharc_vec_free(&cs->lists);
  sharc_ptrmap_free(&cs->by_callee);
}

sharc_op *const *sharc_mpmd_call_sites_of(const sharc_mpmd_call_sites *cs, const sharc_op *func,
                                          unsigned *n) {
  sharc_context *ctx = sharc_op_context(func);
  sharc_ptr_vec *l = sharc_ptrmap_get(&cs->by_callee, sharc_ident_get(ctx, sharc_op_symbol_name(func)));
  *n = l ? l->len : 0;
  return l ? (sharc_op *const *)l->items : NULL;
}

/* ---- values and types ------------------------------------------------------------------ */

sharc_attr *sharc_mpmd_value_loc(const sharc_value *v) { return sharc_value_loc(v); }

sharc_type *sharc_mpmd_replicated(sharc_context *ctx, sharc_str mesh, sharc_type *local) {
  return sharc_mpmd_mesh_tensor(ctx, mesh, local, NULL, NULL);
}

bool sharc_mpmd_is_ranked_tensor(const sharc_type *t) {
  return t && sharc_type_get_kind(t) == SHARC_TYPE_TENSOR;
}

sharc_str sharc_mpmd_value_mesh(const sharc_value *v) {
  return sharc_mpmd_mesh_tensor_mesh_name(sharc_value_type(v));
}

bool sharc_mpmd_is_inter_mesh_transfer(const sharc_op *op) {
  if (!op || !sharc_op_isa(op, &sharc_mpmd_transfer_def))
    return false;
  sharc_type *in = sharc_value_type(sharc_op_operand(op, 0));
  sharc_type *out = sharc_value_type(sharc_op_result(op, 0));
  return sharc_mpmd_is_mesh_tensor(in) && sharc_mpmd_is_mesh_tensor(out) &&
         !sharc_str_eq(sharc_mpmd_mesh_tensor_mesh_name(in), sharc_mpmd_mesh_tensor_mesh_name(out));
}

void sharc_mpmd_split_memory_kind(sharc_str name, sharc_str *mesh, sharc_str *kind) {
  const char *hash = memchr(name.data, '#', name.len);
  if (!hash || hash + 1 == name.data + name.len) {
    *mesh = name;
    *kind = (sharc_str){"", 0};
    return;
  }
  *mesh = (sharc_str){name.data, (size_t)(hash - name.data)};
  *kind = (sharc_str){hash + 1, (size_t)(name.data + name.len - hash - 1)};
}

/* ---- building ops -------------------------------------------------------------------- */

/* sharc_rw_create_named with `name` a string literal, interned once per
 * context (ir/static_names.h): passes create ops here by the hundred
 * thousand. */
static sharc_op *create(sharc_rewriter *rw, const char *name, sharc_attr *loc,
                        sharc_value *const *operands, unsigned n_operands,
                        sharc_type *const *results, unsigned n_results, sharc_attr *attrs,
                        unsigned n_regions) {
  return sharc_rw_create_ident(rw, sharc_context_static_ident(rw->ctx, name), loc, operands,
                               n_operands, results, n_results, attrs, n_regions);
}

/* `name` a string literal, as create's. */
static sharc_attr *one_attr(sharc_context *ctx, const char *name, sharc_attr *value) {
  if (!value)
    return NULL;
  sharc_named_attr e = {sharc_context_static_ident(ctx, name), value};
  return sharc_attr_dictionary(ctx, &e, 1);
}

static sharc_attr *origin_string(sharc_context *ctx, const char *origin) {
  return origin ? sharc_attr_string(ctx, sharc_str_from_cstr(origin)) : NULL;
}

sharc_attr *sharc_mpmd_origin_attrs(sharc_context *ctx, sharc_attr *origin) {
  return one_attr(ctx, "origin", origin);
}

sharc_op *sharc_mpmd_create_assign_with(sharc_rewriter *rw, sharc_attr *loc, sharc_value *v,
                                        sharc_type *type, sharc_attr *attrs) {
  return create(rw, "mpmd.assign", loc, &v, 1, &type, 1, attrs, 0);
}

sharc_op *sharc_mpmd_create_assign(sharc_rewriter *rw, sharc_attr *loc, sharc_value *v,
                                   sharc_type *type, const char *origin) {
  return sharc_mpmd_create_assign_with(
      rw, loc, v, type, sharc_mpmd_origin_attrs(rw->ctx, origin_string(rw->ctx, origin)));
}

sharc_op *sharc_mpmd_create_unassign_with(sharc_rewriter *rw, sharc_attr *loc, sharc_value *v,
                                          sharc_attr *attrs) {
  sharc_type *global = sharc_mpmd_mesh_tensor_global_type(sharc_value_type(v));
  return create(rw, "mpmd.unassign", loc, &v, 1, &global, 1, attrs, 0);
}

sharc_op *sharc_mpmd_create_unassign(sharc_rewriter *rw, sharc_attr *loc, sharc_value *v,
                                     const char *origin) {
  return sharc_mpmd_create_unassign_with(
      rw, loc, v, sharc_mpmd_origin_attrs(rw->ctx, origin_string(rw->ctx, origin)));
}

sharc_op *sharc_mpmd_create_transfer(sharc_rewriter *rw, sharc_attr *loc, sharc_value *v,
                                     sharc_type *type) {
  return create(rw, "mpmd.transfer", loc, &v, 1, &type, 1, NULL, 0);
}

sharc_op *sharc_mpmd_create_call(sharc_rewriter *rw, sharc_attr *loc, sharc_value *const *args,
                                 unsigned n, sharc_type *const *results, unsigned n_results,
                                 sharc_attr *callee) {
  return create(rw, "mpmd.call", loc, args, n, results, n_results,
                one_attr(rw->ctx, "callee", callee), 0);
}

sharc_op *sharc_mpmd_create_fragment(sharc_rewriter *rw, sharc_attr *loc, sharc_value *const *args,
                                     unsigned n, sharc_type *const *results, unsigned n_results,
                                     sharc_attr *origin, sharc_str mesh, sharc_attr *stage_id) {
  sharc_context *ctx = rw->ctx;
  sharc_named_attr e[3];
  unsigned k = 0;
  e[k++] = (sharc_named_attr){sharc_context_static_ident(ctx, "mesh_name"),
                              sharc_attr_string(ctx, mesh)};
  e[k++] = (sharc_named_attr){sharc_context_static_ident(ctx, "origin"), origin};
  if (stage_id)
    e[k++] = (sharc_named_attr){sharc_context_static_ident(ctx, "stage_id"), stage_id};
  return create(rw, "mpmd.fragment", loc, args, n, results, n_results,
                sharc_attr_dictionary(ctx, e, k), 1);
}

sharc_op *sharc_mpmd_create_global_fragment(sharc_rewriter *rw, sharc_attr *loc, sharc_str mesh,
                                            sharc_value *const *args, unsigned n,
                                            sharc_type *const *results, unsigned n_results) {
  sharc_op *frag = sharc_mpmd_create_fragment(rw, loc, args, n, results, n_results,
                                              sharc_attr_array(rw->ctx, NULL, 0), mesh, NULL);
  sharc_type **types = sharc_xmalloc_array((size_t)n + 1, sizeof *types);
  sharc_attr **locs = sharc_xmalloc_array((size_t)n + 1, sizeof *locs);
  for (unsigned i = 0; i < n; i++) {
    sharc_type *t = sharc_value_type(args[i]);
    types[i] = sharc_mpmd_is_mesh_tensor(t) ? sharc_mpmd_mesh_tensor_global_type(t) : t;
    locs[i] = sharc_mpmd_value_loc(args[i]);
  }
  sharc_block *b = sharc_rw_create_block(rw, sharc_op_region(frag, 0), NULL, types, n, locs);
  sharc_rw_set_block_start(rw, b);
  free(types);
  free(locs);
  return frag;
}

sharc_op *sharc_mpmd_create_return(sharc_rewriter *rw, sharc_attr *loc, sharc_value *const *values,
                                   unsigned n) {
  return create(rw, "mpmd.return", loc, values, n, NULL, 0, NULL, 0);
}

void sharc_mpmd_set_inferred_by(sharc_rewriter *rw, sharc_op *op, const char *pass_name) {
  sharc_attr *name = sharc_attr_string(rw->ctx, sharc_str_from_cstr(pass_name));
  sharc_rw_set_attr(rw, op, SHARC_MPMD_INFERRED_BY_ATTR, sharc_attr_array(rw->ctx, &name, 1));
}

sharc_attr *sharc_mpmd_assign_mesh_with_origin(const sharc_op *op) {
  sharc_context *ctx = sharc_op_context(op);
  sharc_type *mesh_type = sharc_op_isa(op, &sharc_mpmd_assign_def)
                              ? sharc_value_type(sharc_op_result(op, 0))
                              : sharc_value_type(sharc_op_operand(op, 0));
  sharc_attr *origin = sharc_op_attr_static(op, "origin");
  sharc_attr *o = origin && sharc_attr_get_kind(origin) == SHARC_ATTR_STRING
                      ? sharc_mpmd_origin(ctx, sharc_attr_string_value(origin))
                      : NULL;
  return sharc_mpmd_mesh_with_origins_of(ctx, sharc_mpmd_mesh_tensor_mesh(mesh_type), &o,
                                         o ? 1 : 0);
}

/* ---- wrapping an op in a fragment ------------------------------------------------------- */

typedef struct replace_filter {
  sharc_use_pred pred;
  void *user;
  sharc_op *skip; /* the unassign itself */
} replace_filter;

static bool accept_use(const sharc_use *u, void *user) {
  replace_filter *f = user;
  if (sharc_use_owner(u) == f->skip)
    return false;
  return !f->pred || f->pred(u, f->user);
}

sharc_op *sharc_mpmd_wrap_op_with_fragment(sharc_op *op, sharc_str mesh, sharc_rewriter *rw,
                                           const char *inferred_by, sharc_use_pred replace,
                                           void *replace_user) {
  sharc_context *ctx = rw->ctx;
  sharc_rw_set_before(rw, op);
  sharc_ptr_vec inputs = {0};
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++)
    sharc_ptr_vec_push_unique(&inputs, sharc_op_operand(op, i));
  sharc_used_values_defined_above(op, &inputs);
  sharc_attr *loc = sharc_op_loc(op);
  sharc_mpmd_mesh_for_name(op, mesh);

  sharc_value **operands = sharc_xmalloc_array((size_t)inputs.len + 1, sizeof *operands);
  for (unsigned i = 0; i < inputs.len; i++) {
    sharc_value *v = inputs.items[i];
    sharc_type *t = sharc_value_type(v);
    operands[i] = sharc_mpmd_is_ranked_tensor(t)
                      ? sharc_op_result(sharc_mpmd_create_assign(
                                            rw, loc, v, sharc_mpmd_replicated(ctx, mesh, t), NULL),
                                        0)
                      : v;
  }
  unsigned n_res = sharc_op_num_results(op);
  sharc_type **res_types = sharc_xmalloc_array((size_t)n_res + 1, sizeof *res_types);
  for (unsigned i = 0; i < n_res; i++) {
    sharc_type *t = sharc_value_type(sharc_op_result(op, i));
    res_types[i] = sharc_mpmd_is_ranked_tensor(t) ? sharc_mpmd_replicated(ctx, mesh, t) : t;
  }
  sharc_insert_point outer = rw->ip;
  sharc_op *frag =
      sharc_mpmd_create_global_fragment(rw, loc, mesh, operands, inputs.len, res_types, n_res);
  sharc_block *body = sharc_region_first_block(sharc_op_region(frag, 0));
  sharc_mapping *map = sharc_mapping_create();
  for (unsigned i = 0; i < inputs.len; i++)
    sharc_mapping_map_value(map, inputs.items[i], sharc_block_arg(body, i));
  sharc_op *clone = sharc_rw_clone(rw, op, map);
  sharc_mapping_destroy(map);
  sharc_value **rets = sharc_op_result_values(clone);
  sharc_mpmd_create_return(rw, loc, rets, n_res);
  rw->ip = outer;
  sharc_mpmd_set_inferred_by(rw, frag, inferred_by);

  for (unsigned i = 0; i < n_res; i++) {
    sharc_value *orig = sharc_op_result(op, i);
    sharc_value *fr = sharc_op_result(frag, i);
    if (sharc_mpmd_is_ranked_tensor(sharc_value_type(orig))) {
      sharc_op *un = sharc_mpmd_create_unassign(rw, loc, fr, NULL);
      replace_filter f = {replace, replace_user, un};
      sharc_rw_replace_uses_if(rw, orig, sharc_op_result(un, 0), accept_use, &f);
    } else {
      replace_filter f = {replace, replace_user, NULL};
      sharc_rw_replace_uses_if(rw, orig, fr, accept_use, &f);
    }
  }
  free(rets);
  free(res_types);
  free(operands);
  sharc_vec_free(&inputs);
  return frag;
}

/* ---- meshes ----------------------------------------------------------------------------- */

/* The number a mesh name ends with, as LLVM's getAsInteger reads it into
 * an int; false when there is none or it does not fit. */
static bool mesh_number(sharc_str s, long long *out) {
  size_t start = s.len;
  while (start > 0 && s.data[start - 1] >= '0' && s.data[start - 1] <= '9')
    start--;
  if (start == s.len)
    return false;
  long long v = 0;
  for (size_t i = start; i < s.len; i++) {
    v = v * 10 + (s.data[i] - '0');
    if (v > 2147483647LL)
      return false;
  }
  *out = v;
  return true;
}

bool sharc_mpmd_mesh_before(sharc_str a, sharc_str b) {
  long long na, nb;
  if (mesh_number(a, &na) && mesh_number(b, &nb))
    return na < nb;
  return sharc_str_cmp(a, b) < 0;
}

void sharc_mpmd_cross_mesh_assign_users(sharc_op *unassign, sharc_ptr_vec *out) {
  sharc_str source = sharc_mpmd_value_mesh(sharc_op_operand(unassign, 0));
  for (sharc_use *u = sharc_value_first_use(sharc_op_result(unassign, 0)); u; u = sharc_use_next(u)) {
    sharc_op *user = sharc_use_owner(u);
    if (sharc_op_isa(user, &sharc_mpmd_assign_def) &&
        !sharc_str_eq(sharc_mpmd_value_mesh(sharc_op_result(user, 0)), source)) {
      bool dup = false;
      for (unsigned i = 0; i < out->len && !dup; i++)
        dup = out->items[i] == user;
      if (!dup)
        sharc_vec_push(out, user);
    }
  }
}

/* A stable insertion sort by mesh order: the lists are a handful of
 * meshes. */
static void sort_by_mesh(sharc_ptr_vec *assigns) {
  for (unsigned i = 1; i < assigns->len; i++) {
    void *x = assigns->items[i];
    sharc_str xm = sharc_mpmd_value_mesh(sharc_op_result(x, 0));
    unsigned j = i;
    while (j > 0 &&
           sharc_mpmd_mesh_before(xm, sharc_mpmd_value_mesh(sharc_op_result(assigns->items[j - 1], 0)))) {
      assigns->items[j] = assigns->items[j - 1];
      j--;
    }
    assigns->items[j] = x;
  }
}

void sharc_mpmd_replace_assigns_with_chained_transfers(sharc_ptr_vec *assigns, sharc_value *source,
                                                       sharc_rewriter *rw) {
  if (!assigns->len)
    return;
  sort_by_mesh(assigns);
  sharc_op *first = assigns->items[0];
  for (unsigned i = 1; i < assigns->len; i++)
    if (sharc_op_is_before_in_block(assigns->items[i], first))
      first = assigns->items[i];
  sharc_rw_set_before(rw, first);
  sharc_value *prev = source;
  for (unsigned i = 0; i < assigns->len; i++) {
    sharc_op *assign = assigns->items[i];
    sharc_type *type = sharc_value_type(sharc_op_result(assign, 0));
    if (type != sharc_value_type(prev)) {
      sharc_op *t = sharc_mpmd_create_transfer(rw, sharc_op_loc(assign), prev, type);
      prev = sharc_op_result(t, 0);
    }
    /* the transfers stay together where the first assign was */
    if (rw->ip.before == assign)
      rw->ip.before = sharc_op_next(assign);
    sharc_rw_replace_op(rw, assign, &prev, 1);
  }
}

/* ---- reductions ------------------------------------------------------------------------- */

/* The StableHLO op each reduction kind applies. */
static const struct {
  const sharc_op_def *def;
  sharc_mpmd_reduction_kind kind;
} reduction_ops[] = {
    {SHARC_SHLO(add), SHARC_MPMD_REDUCE_ADD},      {SHARC_SHLO(maximum), SHARC_MPMD_REDUCE_MAX},
    {SHARC_SHLO(minimum), SHARC_MPMD_REDUCE_MIN},  {SHARC_SHLO(multiply), SHARC_MPMD_REDUCE_MUL},
    {SHARC_SHLO(or), SHARC_MPMD_REDUCE_OR},        {SHARC_SHLO(and), SHARC_MPMD_REDUCE_AND},
};

sharc_mpmd_reduction_kind sharc_mpmd_reduction_op_kind(const sharc_op *op) {
  for (size_t i = 0; op && i < sizeof reduction_ops / sizeof reduction_ops[0]; i++)
    if (sharc_op_isa(op, reduction_ops[i].def))
      return reduction_ops[i].kind;
  return SHARC_MPMD_REDUCE_NONE;
}

sharc_mpmd_reduction_kind sharc_mpmd_body_reduction_kind(sharc_block *body) {
  sharc_op *ret = body ? sharc_block_terminator(body) : NULL;
  if (!ret || sharc_block_num_args(body) != 2 * sharc_op_num_operands(ret))
    return SHARC_MPMD_REDUCE_NONE;
  sharc_mpmd_reduction_kind kind = SHARC_MPMD_REDUCE_NONE;
  unsigned n = sharc_op_num_operands(ret);
  for (unsigned i = 0; i < n; i++) {
    sharc_op *r = sharc_value_defining_op(sharc_op_operand(ret, i));
    sharc_mpmd_reduction_kind k = sharc_mpmd_reduction_op_kind(r);
    if (k == SHARC_MPMD_REDUCE_NONE || (kind != SHARC_MPMD_REDUCE_NONE && kind != k))
      return SHARC_MPMD_REDUCE_NONE;
    kind = k;
    sharc_value *a1 = sharc_block_arg(body, i), *a2 = sharc_block_arg(body, i + n);
    sharc_value *o0 = sharc_op_operand(r, 0), *o1 = sharc_op_operand(r, 1);
    if (!((o0 == a1 && o1 == a2) || (o0 == a2 && o1 == a1)))
      return SHARC_MPMD_REDUCE_NONE;
  }
  return kind;
}

sharc_op *sharc_mpmd_create_binary_reduce(sharc_rewriter *rw, sharc_mpmd_reduction_kind kind,
                                          sharc_value *a, sharc_value *b, sharc_attr *loc) {
  static const char *const names[SHARC_MPMD_REDUCE_COUNT] = {
      NULL, "stablehlo.add", "stablehlo.maximum", "stablehlo.minimum", "stablehlo.multiply",
      "stablehlo.or", "stablehlo.and"};
  if (kind == SHARC_MPMD_REDUCE_NONE)
    return NULL;
  sharc_value *ops[2] = {a, b};
  sharc_type *t = sharc_value_type(a);
  return create(rw, names[kind], loc, ops, 2, &t, 1, NULL, 0);
}

/* ---- fragments ------------------------------------------------------------------------- */

bool sharc_mpmd_is_user_fragment(const sharc_op *fragment) {
  sharc_attr *origin = sharc_op_attr_static(fragment, "origin");
  return origin && sharc_attr_get_kind(origin) == SHARC_ATTR_ARRAY && sharc_attr_count(origin) > 0;
}

bool sharc_mpmd_single_transpose_count(const sharc_op *fragment, int64_t *out) {
  sharc_attr *origin = sharc_op_attr_static(fragment, "origin");
  unsigned n = origin && sharc_attr_get_kind(origin) == SHARC_ATTR_ARRAY ? sharc_attr_count(origin)
                                                                        : 0;
  for (unsigned i = 0; i < n; i++) {
    sharc_attr *o = sharc_attr_at(origin, i);
    if (!sharc_mpmd_is_user_origin(o))
      return false;
    int64_t c = sharc_mpmd_user_origin_transpose_count(o);
    if (i && c != *out)
      return false;
    *out = c;
  }
  return n > 0;
}

bool sharc_mpmd_call_counter(const sharc_op *fragment, int64_t *out) {
  sharc_attr *a = sharc_op_attr_static(fragment, SHARC_MPMD_CALL_COUNTER_ATTR);
  if (!a || sharc_attr_get_kind(a) != SHARC_ATTR_INTEGER)
    return false;
  *out = sharc_attr_int_value(a);
  return true;
}

sharc_attr *sharc_mpmd_origin_union(const sharc_op *a, const sharc_op *b) {
  sharc_attr *oa = sharc_op_attr_static(a, "origin"), *ob = sharc_op_attr_static(b, "origin");
  unsigned na = oa ? sharc_attr_count(oa) : 0, nb = ob ? sharc_attr_count(ob) : 0;
  sharc_attr **all = sharc_xmalloc_array((size_t)na + nb + 1, sizeof *all);
  unsigned n = 0;
  for (unsigned i = 0; i < na; i++)
    all[n++] = sharc_attr_at(oa, i);
  for (unsigned i = 0; i < nb; i++) {
    sharc_attr *x = sharc_attr_at(ob, i);
    bool seen = false;
    for (unsigned j = 0; j < na && !seen; j++)
      seen = all[j] == x;
    if (!seen)
      all[n++] = x;
  }
  sharc_attr *u = sharc_attr_array(sharc_op_context(a), all, n);
  free(all);
  return u;
}

static void add_loc(sharc_ptr_vec *v, sharc_attr *loc) {
  if (sharc_attr_get_kind(loc) == SHARC_ATTR_LOC_FUSED && !loc->fused.metadata) {
    for (unsigned i = 0; i < loc->fused.n; i++)
      add_loc(v, loc->fused.locs[i]);
    return;
  }
  if (sharc_attr_get_kind(loc) == SHARC_ATTR_LOC_UNKNOWN)
    return;
  for (unsigned i = 0; i < v->len; i++)
    if (v->items[i] == loc)
      return;
  sharc_vec_push(v, loc);
}

sharc_attr *sharc_mpmd_fuse_locs(sharc_context *ctx, sharc_attr *a, sharc_attr *b) {
  sharc_ptr_vec v = {0};
  add_loc(&v, a);
  add_loc(&v, b);
  sharc_attr *r = !v.len       ? sharc_loc_unknown(ctx)
                  : v.len == 1 ? v.items[0]
                               : sharc_loc_fused(ctx, (sharc_attr *const *)v.items, v.len, NULL);
  sharc_vec_free(&v);
  return r;
}

void sharc_mpmd_copy_attrs(sharc_op *from, sharc_op *to, const char *const *elided) {
  sharc_attr *attrs = sharc_op_attrs(from);
  const sharc_named_attr *e = sharc_attr_dict_entries(attrs);
  for (unsigned i = 0; i < sharc_attr_count(attrs); i++) {
    sharc_str name = sharc_ident_str(e[i].name);
    bool skip = false;
    for (unsigned k = 0; elided && elided[k] && !skip; k++)
      skip = sharc_str_eq_cstr(name, elided[k]);
    if (!skip)
      sharc_op_set_attr(to, name.data, e[i].value);
  }
}

sharc_attr *sharc_mpmd_discardable_attrs(const sharc_op *op) {
  sharc_attr *all = sharc_op_attrs(op);
  const sharc_op_def *def = sharc_op_get_def(op);
  unsigned n = sharc_attr_count(all), k = 0;
  const sharc_named_attr *e = sharc_attr_dict_entries(all);
  sharc_named_attr *kept = sharc_xmalloc_array((size_t)n + 1, sizeof *kept);
  for (unsigned i = 0; i < n; i++)
    if (!def || !sharc_op_def_is_inherent(def, e[i].name))
      kept[k++] = e[i];
  sharc_attr *d = sharc_attr_dictionary(sharc_op_context(op), kept, k);
  free(kept);
  return d;
}

void sharc_mpmd_set_discardable_attrs(sharc_op *op, const sharc_attr *dict) {
  sharc_attr *all = sharc_op_attrs(op);
  const sharc_op_def *def = sharc_op_get_def(op);
  unsigned n = sharc_attr_count(all), m = sharc_attr_count(dict), k = 0;
  const sharc_named_attr *e = sharc_attr_dict_entries(all);
  sharc_named_attr *kept = sharc_xmalloc_array((size_t)n + m + 1, sizeof *kept);
  for (unsigned i = 0; i < n; i++)
    if (def && sharc_op_def_is_inherent(def, e[i].name))
      kept[k++] = e[i];
  for (unsigned i = 0; i < m; i++)
    kept[k++] = sharc_attr_dict_entries(dict)[i];
  sharc_op_set_attrs(op, sharc_attr_dictionary(sharc_op_context(op), kept, k));
  free(kept);
}

/* ---- IR helpers -------------------------------------------------------------------------- */

sharc_op *sharc_mpmd_ancestor_in_block(sharc_block *block, sharc_op *op) {
  while (op && sharc_op_block(op) != block)
    op = sharc_op_parent_op(op);
  return op;
}

static void print_string_attr(sharc_str s, sharc_buf *out) {
  sharc_buf_putc(out, '"');
  sharc_pr_escaped(out, s);
  sharc_buf_putc(out, '"');
}

/* Shardy's RecursivelyPrintLoc: the first file location inside `loc`, with
 * the names wrapping it; false when there is none. */
static bool print_loc_rec(const sharc_attr *loc, sharc_buf *out) {
  switch (sharc_attr_get_kind(loc)) {
  case SHARC_ATTR_LOC_CALLSITE:
    return print_loc_rec(loc->callsite.callee, out);
  case SHARC_ATTR_LOC_FILE:
    sharc_buf_putc(out, '\n');
    print_string_attr(sharc_ident_str(loc->file.file), out);
    sharc_buf_printf(out, ":%u:%u to %u", loc->file.line, loc->file.col,
                     loc->loc_form ? loc->file.end_col : loc->file.col);
    return true;
  case SHARC_ATTR_LOC_FUSED:
    for (unsigned i = 0; i < loc->fused.n; i++)
      if (print_loc_rec(loc->fused.locs[i], out))
        return true;
    return false;
  case SHARC_ATTR_LOC_NAME:
    if (loc->name.child && print_loc_rec(loc->name.child, out)) {
      SHARC_BUF_LIT(out, "\n\t ^ ");
      print_string_attr(sharc_ident_str(loc->name.name), out);
      return true;
    }
    return false;
  default:
    return false;
  }
}

static const sharc_attr *call_site_in(const sharc_attr *loc) {
  return sharc_loc_find_kind(loc, SHARC_ATTR_LOC_CALLSITE, false);
}

void sharc_mpmd_print_stack_trace(const sharc_attr *loc, sharc_buf *out) {
  for (const sharc_attr *c = loc ? call_site_in(loc) : NULL; c; c = call_site_in(c->callsite.caller))
    print_loc_rec(c, out);
}

void sharc_mpmd_print_location(const sharc_attr *loc, sharc_buf *out) {
  size_t start = out->len;
  sharc_mpmd_print_stack_trace(loc, out);
  if (out->len != start)
    return;
  if (sharc_attr_get_kind(loc) == SHARC_ATTR_LOC_NAME &&
      (!loc->name.child || sharc_attr_get_kind(loc->name.child) == SHARC_ATTR_LOC_UNKNOWN)) {
    print_string_attr(sharc_ident_str(loc->name.name), out);
    return;
  }
  sharc_buf b = {0};
  sharc_print_attr(loc, &b);
  sharc_buf_puts(out, b.data ? b.data : "");
  sharc_buf_free(&b);
}

void sharc_mpmd_print_op_for_log(sharc_op *op, sharc_buf *out) {
  sharc_mpmd_print_op_for_log_flags(op, false, out);
}

void sharc_mpmd_print_op_for_log_flags(sharc_op *op, bool skip_regions, sharc_buf *out) {
  sharc_print_flags flags = {.skip_regions = skip_regions};
  sharc_print_op_nested(op, &flags, out);
}

/* ---- local types ------------------------------------------------------------------------------ */

sharc_type *sharc_mpmd_local_tensor_type(const sharc_type *mesh_tensor, sharc_op *op) {
  sharc_type *global = sharc_mpmd_mesh_tensor_global_type(mesh_tensor);
  sharc_attr *sharding = sharc_mpmd_mesh_tensor_sharding(mesh_tensor);
  if (!sharding || sharc_sdy_tensor_sharding_rank(sharding) == 0)
    return global;
  sharc_attr *mesh = sharc_sdy_sharding_mesh(sharding, op);
  if (!mesh)
    return NULL;
  unsigned rank = sharc_type_rank(global);
  if (rank != sharc_sdy_tensor_sharding_rank(sharding))
    return global;
  const int64_t *shape = sharc_type_shape(global);
  int64_t *local = sharc_xmalloc_array((size_t)rank + 1, sizeof *local);
  for (unsigned d = 0; d < rank; d++) {
    int64_t shards = sharc_sdy_dim_sharding_sharded_size(sharc_sdy_tensor_sharding_dim(sharding, d), mesh);
    local[d] = shape[d] == SHARC_DYNAMIC || shards <= 0 ? shape[d] : (shape[d] + shards - 1) / shards;
  }
  sharc_type *t = sharc_type_tensor(sharc_op_context(op), local, rank, sharc_type_element(global),
                                    sharc_type_encoding(global));
  free(local);
  return t;
}

/* ---- fragments: remat, split and order ------------------------------------------------------ */

bool sharc_mpmd_is_remat(const sharc_op *op) {
  return sharc_op_attr_static(op, SHARC_MPMD_REMAT_ATTR) != NULL;
}

void sharc_mpmd_mark_as_remat(sharc_op *op, sharc_rewriter *rw) {
  sharc_rw_set_attr(rw, op, SHARC_MPMD_REMAT_ATTR, sharc_attr_unit(rw->ctx));
}

bool sharc_mpmd_is_split_keep_transferred(const sharc_op *fragment) {
  return sharc_op_attr_static(fragment, SHARC_MPMD_SPLIT_KEEP_TRANSFERRED_ATTR) != NULL;
}

bool sharc_mpmd_is_split_drop_transferred(const sharc_op *fragment) {
  return sharc_op_attr_static(fragment, SHARC_MPMD_SPLIT_DROP_TRANSFERRED_ATTR) != NULL;
}

bool sharc_mpmd_max_transpose_count(const sharc_op *fragment, int64_t *out) {
  sharc_attr *origin = sharc_op_attr_static(fragment, "origin");
  unsigned n = origin && sharc_attr_get_kind(origin) == SHARC_ATTR_ARRAY ? sharc_attr_count(origin)
                                                                        : 0;
  bool any = false;
  for (unsigned i = 0; i < n; i++) {
    sharc_attr *o = sharc_attr_at(origin, i);
    if (!sharc_mpmd_is_user_origin(o))
      continue;
    int64_t c = sharc_mpmd_user_origin_transpose_count(o);
    if (!any || c > *out)
      *out = c;
    any = true;
  }
  return any;
}

bool sharc_mpmd_fragment_transpose_count(const sharc_op *fragment, int64_t *out) {
  if (sharc_mpmd_single_transpose_count(fragment, out))
    return true;
  return sharc_mpmd_is_remat(fragment) && sharc_mpmd_max_transpose_count(fragment, out);
}

sharc_str sharc_mpmd_fragment_mesh(const sharc_op *fragment) {
  sharc_attr *mesh = sharc_op_attr_static(fragment, "mesh_name");
  return mesh && sharc_attr_get_kind(mesh) == SHARC_ATTR_STRING ? sharc_attr_string_value(mesh)
                                                                 : (sharc_str){"", 0};
}

bool sharc_mpmd_executed_immediately_after(const sharc_op *first, const sharc_op *second) {
  sharc_attr *mesh = sharc_op_attr_static(first, "mesh_name");
  for (sharc_op *op = sharc_op_next(first); op; op = sharc_op_next(op))
    if (sharc_op_isa(op, &sharc_mpmd_fragment_def) && sharc_op_attr_static(op, "mesh_name") == mesh)
      return op == second;
  return false;
}

/* ---- sharding propagation ------------------------------------------------------------------ */

bool sharc_mpmd_is_on_host(const sharc_type *t) {
  sharc_attr *kind = sharc_mpmd_is_mesh_tensor(t) ? sharc_mpmd_mesh_tensor_memory_kind(t) : NULL;
  return kind && sharc_str_eq_cstr(sharc_attr_string_value(kind), "pinned_host");
}

/* The index of the next axis of `mesh` from `i` whose size is not 1. */
static unsigned next_non_unit_axis(const sharc_attr *mesh, unsigned i) {
  while (i < sharc_sdy_mesh_num_axes(mesh) &&
         sharc_sdy_mesh_axis_size(sharc_sdy_mesh_axis(mesh, i)) == 1)
    i++;
  return i;
}

bool sharc_mpmd_is_equivalent_mesh(const sharc_attr *a, const sharc_attr *b) {
  if (!sharc_sdy_mesh_same_device_ids(a, b))
    return false;
  unsigned na = sharc_sdy_mesh_num_axes(a), nb = sharc_sdy_mesh_num_axes(b);
  unsigned i = next_non_unit_axis(a, 0), j = next_non_unit_axis(b, 0);
  for (; i < na && j < nb; i = next_non_unit_axis(a, i + 1), j = next_non_unit_axis(b, j + 1))
    if (sharc_sdy_mesh_axis(a, i) != sharc_sdy_mesh_axis(b, j))
      return false;
  return i == na && j == nb;
}

bool sharc_mpmd_has_homogeneous_topology(const sharc_op *func) {
  sharc_attr *topology = sharc_mpmd_func_topology(func);
  if (!topology)
    return false;
  unsigned n = sharc_mpmd_topology_num_meshes(topology);
  if (!n)
    return true;
  sharc_attr *first = sharc_mpmd_named_mesh_mesh(sharc_mpmd_topology_mesh_at(topology, 0));
  for (unsigned i = 1; i < n; i++)
    if (!sharc_mpmd_is_equivalent_mesh(
            sharc_mpmd_named_mesh_mesh(sharc_mpmd_topology_mesh_at(topology, i)), first))
      return false;
  return true;
}

void sharc_mpmd_update_value_type_with_sharding(sharc_value *v, sharc_attr *sharding) {
  sharc_type *t = sharc_value_type(v);
  if (!sharding || !sharc_mpmd_is_mesh_tensor(t))
    return;
  sharc_type *with = sharc_mpmd_mesh_tensor(
      sharc_op_context(sharc_sdy_owning_op(v)), sharc_mpmd_mesh_tensor_mesh_name(t),
      sharc_mpmd_mesh_tensor_global_type(t), sharding, sharc_mpmd_mesh_tensor_memory_kind(t));
  if (with != t)
    sharc_value_set_type(v, with);
}

/* DimensionShardingAttr::getShardedSize on `mesh`; an axis the mesh lacks
 * (Shardy aborts on one) splits nothing. */
static int64_t sharded_size_on(const sharc_attr *dim, const sharc_attr *mesh) {
  int64_t size = 1;
  for (unsigned i = 0; i < sharc_sdy_dim_sharding_num_axes(dim); i++) {
    int64_t axis = sharc_sdy_axis_ref_size(sharc_sdy_dim_sharding_axis(dim, i), mesh);
    if (axis > 0)
      size *= axis;
  }
  return size;
}

int64_t sharc_mpmd_local_num_elements(const sharc_type *mesh_tensor, const sharc_attr *sharding,
                                      const sharc_attr *mesh) {
  sharc_type *global = sharc_mpmd_mesh_tensor_global_type(mesh_tensor);
  unsigned rank = sharc_type_rank(global);
  const int64_t *shape = sharc_type_shape(global);
  bool sharded = sharding && mesh && sharc_sdy_tensor_sharding_rank(sharding) == rank;
  int64_t count = 1;
  for (unsigned d = 0; d < rank; d++) {
    int64_t size = shape[d];
    int64_t shards =
        sharded ? sharded_size_on(sharc_sdy_tensor_sharding_dim(sharding, d), mesh) : 1;
    if (size != SHARC_DYNAMIC && shards > 1)
      size = (size + shards - 1) / shards;
    count *= size;
  }
  return count;
}
