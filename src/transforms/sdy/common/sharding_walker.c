/* The sharding walker (Shardy's transforms/common/sharding_walker); see the
 * header. */
#include "transforms/sdy/common/sharding_walker.h"

#include "dialect/func/func.h"
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_interfaces.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "ir/static_names.h"
#include "support/ptrmap.h"
#include "support/vec.h"

typedef struct walker {
  sharc_sdy_sharding_fn fn;
  sharc_sdy_op_fn op_fn;
  void *user;
  bool transform;
  /* with a `fn` that reads only the sharding: an op's `sdy.sharding` list
   * -> the list it becomes (see transform_one_in_list), and a function
   * argument's or result's attribute dictionary -> the one it becomes (see
   * func_side_dict); else NULL */
  sharc_ptrmap *lists;
  sharc_ptrmap *dicts;
  /* with `lists`: the ops' `sdy.sharding` lists by dictionary
   * (sharc_sdy_cached_sharding_list), 1 << LIST_SLOTS_LOG2 slots */
  sharc_sdy_list_slot *dict_lists;
} walker;

enum { LIST_SLOTS_LOG2 = 8 };

typedef SHARC_VEC(sharc_attr *) attr_vec;

static sharc_attr *site_sharding(const sharc_sdy_sharding_site *site) {
  if (site->func)
    return sharc_sdy_func_result_sharding(site->func, site->result);
  return site->value ? sharc_sdy_get_sharding(site->value) : NULL;
}

static void set_site_sharding(const sharc_sdy_sharding_site *site, sharc_attr *sharding) {
  if (site->func)
    sharc_sdy_set_func_result_sharding(site->func, site->result, sharding);
  else if (site->value)
    sharc_sdy_set_sharding(site->value, sharding);
}

static void process_site(walker *w, const sharc_sdy_sharding_site *site) {
  sharc_attr *sharding = site_sharding(site);
  if (!sharding)
    return;
  sharc_attr *updated = w->fn(sharding, site, w->user);
  if (w->transform && updated != sharding)
    set_site_sharding(site, updated);
}

/* A list of shardings against its values; a single maximal sharding of an
 * op without results gets a NULL value. `store` receives the new list. */
typedef void (*store_fn)(sharc_op *op, sharc_attr *const *shardings, unsigned n);

static void process_list(walker *w, sharc_op *op, sharc_attr *const *shardings, unsigned n,
                         sharc_value *const *values, unsigned n_values, store_fn store) {
  if (n == 0)
    return;
  attr_vec updated = {0};
  for (unsigned i = 0; i < n; i++) {
    sharc_sdy_sharding_site site = {i < n_values ? values[i] : NULL, NULL, 0};
    sharc_vec_push(&updated, w->fn(shardings[i], &site, w->user));
  }
  if (w->transform)
    store(op, updated.items, updated.len);
  sharc_vec_free(&updated);
}

static void store_in_shardings(sharc_op *op, sharc_attr *const *shardings, unsigned n) {
  sharc_op_set_attr(op, "in_shardings",
                    sharc_sdy_sharding_per_value_get(sharc_op_context(op), shardings, n));
}

static void store_out_shardings(sharc_op *op, sharc_attr *const *shardings, unsigned n) {
  sharc_op_set_attr(op, "out_shardings",
                    sharc_sdy_sharding_per_value_get(sharc_op_context(op), shardings, n));
}

static void store_block_arg_owners(sharc_op *op, sharc_attr *const *shardings, unsigned n) {
  sharc_sdy_set_block_arg_owner_shardings(op, shardings, n);
}

static void store_result_owners(sharc_op *op, sharc_attr *const *shardings, unsigned n) {
  sharc_sdy_set_result_owner_shardings(op, shardings, n);
}

static void process_per_value(walker *w, sharc_op *op, const char *attr, sharc_value *const *values,
                              unsigned n_values, store_fn store) {
  sharc_attr *list = sharc_op_attr(op, attr);
  if (!list || !sharc_sdy_is_sharding_per_value(list))
    return;
  process_list(w, op, sharc_sdy_list_items(list), sharc_sdy_list_size(list), values, n_values,
               store);
}

/* `dict`, the attribute dictionary of argument or result `i`, once its
 * sharding is transformed (itself when it has none, or `fn` keeps it). */
static sharc_attr *func_side_dict(walker *w, sharc_op *func, sharc_block *body, unsigned i,
                                  bool results, sharc_attr *dict) {
  sharc_attr *sharding = results ? sharc_sdy_func_result_sharding(func, i)
                                 : sharc_sdy_func_arg_sharding(func, i);
  if (!sharding)
    return dict;
  sharc_sdy_sharding_site site = {results ? NULL : sharc_block_arg(body, i),
                                  results ? func : NULL, i};
  sharc_attr *updated = w->fn(sharding, &site, w->user);
  if (!w->transform || updated == sharding)
    return dict;
  return sharc_func_dict_with(sharc_op_context(func), dict, SHARC_SDY_SHARDING_ATTR, updated);
}

/* func_side_dict, mapped once per dictionary when `fn` reads the sharding
 * alone (a model's many weights share a few). */
static sharc_attr *func_side_dict_by_value(walker *w, sharc_op *func, sharc_block *body,
                                           unsigned i, bool results, sharc_attr *dict) {
  if (!w->dicts || !dict)
    return func_side_dict(w, func, body, i, results, dict);
  sharc_attr *known = sharc_ptrmap_get(w->dicts, dict);
  if (known)
    return known;
  sharc_attr *updated = func_side_dict(w, func, body, i, results, dict);
  sharc_ptrmap_put(w->dicts, dict, updated);
  return updated;
}

/* One side of a function (its arguments, or its results), the changed
 * shardings stored in one update of the attribute array: setting them one by
 * one would rebuild it per argument. */
static void walk_func_side(walker *w, sharc_op *func, unsigned n, bool results) {
  sharc_block *body = sharc_func_body(func);
  attr_vec dicts = {0};
  bool changed = false;
  for (unsigned i = 0; i < n; i++) {
    sharc_attr *dict = results ? sharc_func_result_attrs(func, i) : sharc_func_arg_attrs(func, i);
    sharc_attr *updated = func_side_dict_by_value(w, func, body, i, results, dict);
    changed |= updated != dict;
    sharc_vec_push(&dicts, updated);
  }
  if (changed && results)
    sharc_func_set_all_result_attrs(func, dicts.items);
  else if (changed)
    sharc_func_set_all_arg_attrs(func, dicts.items);
  sharc_vec_free(&dicts);
}

/* Arguments are visited through the body's block arguments, so a
 * declaration has none to visit, as in Shardy. */
static void walk_func(walker *w, sharc_op *func) {
  sharc_block *body = sharc_func_body(func);
  walk_func_side(w, func, body ? sharc_block_num_args(body) : 0, false);
  walk_func_side(w, func, sharc_func_num_results(func), true);
}

static void walk_manual(walker *w, sharc_op *op) {
  sharc_block *body = sharc_region_first_block(sharc_op_region(op, 0));
  sharc_ptr_vec args = {0}, results = {0};
  for (unsigned i = 0; body && i < sharc_block_num_args(body); i++)
    sharc_vec_push(&args, sharc_block_arg(body, i));
  for (unsigned i = 0; i < sharc_op_num_results(op); i++)
    sharc_vec_push(&results, sharc_op_result(op, i));
  process_per_value(w, op, "in_shardings", (sharc_value *const *)args.items, args.len,
                    store_in_shardings);
  process_per_value(w, op, "out_shardings", (sharc_value *const *)results.items, results.len,
                    store_out_shardings);
  sharc_vec_free(&args);
  sharc_vec_free(&results);
}

/* The owners' shardings as a list; an owner without one makes the list
 * shorter than the owners, as Shardy's getters return only stored ones. */
static void walk_owners(walker *w, sharc_op *op, void (*owners_of)(sharc_op *, sharc_ptrvec *),
                        sharc_attr *(*sharding_of)(sharc_op *, unsigned), store_fn store) {
  sharc_ptrvec owners = {0};
  attr_vec shardings = {0};
  owners_of(op, &owners);
  for (unsigned i = 0; i < owners.len; i++) {
    sharc_attr *s = sharding_of(op, i);
    if (s)
      sharc_vec_push(&shardings, s);
  }
  if (shardings.len == owners.len)
    process_list(w, op, shardings.items, shardings.len, (sharc_value *const *)owners.items,
                 owners.len, store);
  sharc_ptrvec_free(&owners);
  sharc_vec_free(&shardings);
}

static void walk_data_flow(walker *w, sharc_op *op) {
  walk_owners(w, op, sharc_sdy_block_arg_owners, sharc_sdy_block_arg_owner_sharding,
              store_block_arg_owners);
  walk_owners(w, op, sharc_sdy_result_owners, sharc_sdy_result_owner_sharding,
              store_result_owners);
}

static void store_op_shardings(sharc_op *op, sharc_attr *const *shardings, unsigned n) {
  sharc_sdy_set_op_shardings(op, shardings, n);
}

static void walk_other(walker *w, sharc_op *op) {
  if (sharc_op_num_results(op) == 1) {
    sharc_sdy_sharding_site site = {sharc_op_result(op, 0), NULL, 0};
    process_site(w, &site);
    return;
  }
  sharc_attr *list = sharc_sdy_op_sharding_per_value(op);
  if (!list)
    return;
  sharc_ptr_vec results = {0};
  for (unsigned i = 0; i < sharc_op_num_results(op); i++)
    sharc_vec_push(&results, sharc_op_result(op, i));
  process_list(w, op, sharc_sdy_list_items(list), sharc_sdy_list_size(list),
               (sharc_value *const *)results.items, results.len, store_op_shardings);
  sharc_vec_free(&results);
}

/* Whether walk_other would read `op`'s one result's sharding as entry 0
 * of its `sdy.sharding` list (most ops): one result, not an sdy op, not a
 * data flow op. */
static bool reads_one_in_list(const sharc_op *op) {
  if (sharc_op_num_results(op) != 1)
    return false;
  const sharc_op_def *def = sharc_op_get_def(op);
  return !def || (!def->data_flow && def->dialect != &sharc_sdy_dialect);
}

/* What w->lists holds for an `sdy.sharding` that is no list of
 * shardings, or an empty one: no attribute has that address. */
#define NOT_A_LIST ((sharc_attr *)1)

/* The list such an op's `sdy.sharding` becomes: itself when `fn` keeps
 * its sharding, else a list of what `fn` returns (as walk_other stores it
 * through the result). */
static sharc_attr *transformed_list(walker *w, sharc_op *op, sharc_attr *list) {
  sharc_attr *sharding = sharc_sdy_list_at(list, 0);
  sharc_sdy_sharding_site site = {sharc_op_result(op, 0), NULL, 0};
  sharc_attr *updated = w->fn(sharding, &site, w->user);
  sharc_attr *out =
      updated == sharding ? list
                          : sharc_sdy_sharding_per_value_get(sharc_op_context(op), &updated, 1);
  sharc_ptrmap_put(w->lists, list, out);
  return out;
}

/* walk_other on an op reads_one_in_list accepts, its list mapped once: the
 * sharding is stored back there, as the result of an op without data flow
 * edges is its own shardable value (sharc_sdy_shardable_value), no edge's
 * target whose sharding would be set. What a list becomes is known after
 * its first op, its shape checked then. */
static void transform_one_in_list(walker *w, sharc_op *op) {
  /* none, or no list of shardings: walk_other reads none either */
  sharc_attr *list = sharc_sdy_cached_sharding_list(w->dict_lists, LIST_SLOTS_LOG2, op);
  if (!list)
    return;
  sharc_attr *known = sharc_ptrmap_get(w->lists, list);
  if (known == NOT_A_LIST)
    return;
  if (!known && sharc_sdy_list_size(list) == 0) {
    sharc_ptrmap_put(w->lists, list, NOT_A_LIST);
    return;
  }
  sharc_attr *updated = known ? known : transformed_list(w, op, list);
  if (updated != list)
    sharc_op_set_attr_static(op, SHARC_SDY_SHARDING_ATTR, updated);
}

static sharc_walk_result visit(sharc_op *op, void *user) {
  walker *w = user;
  if (w->op_fn)
    w->op_fn(op, w->user);
  if (w->lists && reads_one_in_list(op))
    transform_one_in_list(w, op);
  else if (sharc_op_isa(op, &sharc_func_func_def))
    walk_func(w, op);
  else if (sharc_op_isa(op, &sharc_sdy_manual_computation_def))
    walk_manual(w, op);
  else if (sharc_sdy_data_flow(op))
    walk_data_flow(w, op);
  else
    walk_other(w, op);
  return SHARC_WALK_ADVANCE;
}

void sharc_sdy_walk_shardings(sharc_op *root, sharc_sdy_sharding_fn fn, sharc_sdy_op_fn op_fn,
                              void *user) {
  walker w = {fn, op_fn, user, false, NULL, NULL, NULL};
  sharc_walk(root, SHARC_PRE_ORDER, visit, &w);
}

void sharc_sdy_transform_shardings(sharc_op *root, sharc_sdy_sharding_fn fn,
                                   sharc_sdy_op_fn op_fn, void *user) {
  walker w = {fn, op_fn, user, true, NULL, NULL, NULL};
  sharc_walk(root, SHARC_PRE_ORDER, visit, &w);
}

void sharc_sdy_transform_shardings_by_value(sharc_op *root, sharc_sdy_sharding_fn fn,
                                            sharc_sdy_op_fn op_fn, void *user) {
  sharc_ptrmap lists = {0}, dicts = {0};
  sharc_sdy_list_slot dict_lists[1 << LIST_SLOTS_LOG2] = {{0}};
  walker w = {fn, op_fn, user, true, &lists, &dicts, dict_lists};
  sharc_walk(root, SHARC_PRE_ORDER, visit, &w);
  sharc_ptrmap_free(&lists);
  sharc_ptrmap_free(&dicts);
}

void sharc_sdy_transform_site_sharding(const sharc_sdy_sharding_site *site,
                                       sharc_sdy_sharding_fn fn, void *user) {
  walker w = {fn, NULL, user, true, NULL, NULL, NULL};
  process_site(&w, site);
}
