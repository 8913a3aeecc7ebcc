/* MLIR's FunctionOpInterface and CallOpInterface for func.func and the call
 * ops: the function type, per-argument and per-result attribute
 * dictionaries, and inserting or erasing arguments and results consistently
 * in all three places. */
#include "dialect/func/func.h"

#include "sharc/symbols.h"
#include "support/vec.h"
#include "support/xalloc.h"

#include <stdlib.h>

sharc_type *sharc_func_type(const sharc_op *func) {
  sharc_attr *ft = sharc_op_attr(func, "function_type");
  return ft && sharc_attr_get_kind(ft) == SHARC_ATTR_TYPE ? sharc_attr_type_value(ft) : NULL;
}

/* An arg_attrs/res_attrs array kept in step with a count that changed from
 * `old_n` to `new_n`, as MLIR's setFunctionType does: dropped when the count
 * becomes 0, cut short, or padded with empty dictionaries. */
static void resize_dicts(sharc_op *func, const char *array_name, unsigned old_n, unsigned new_n) {
  sharc_attr *array = sharc_op_attr(func, array_name);
  if (old_n == new_n || !array || sharc_attr_get_kind(array) != SHARC_ATTR_ARRAY)
    return;
  if (!new_n) {
    sharc_op_set_attr(func, array_name, NULL);
    return;
  }
  sharc_context *ctx = sharc_op_context(func);
  unsigned have = sharc_attr_count(array);
  if (have == new_n)
    return;
  sharc_attr **dicts = sharc_xmalloc_array(new_n, sizeof *dicts);
  for (unsigned i = 0; i < new_n; i++)
    dicts[i] = i < have ? sharc_attr_at(array, i) : sharc_attr_dictionary(ctx, NULL, 0);
  sharc_op_set_attr(func, array_name, sharc_attr_array(ctx, dicts, new_n));
  free(dicts);
}

void sharc_func_set_type(sharc_op *func, sharc_type *type) {
  sharc_type *old = sharc_func_type(func);
  unsigned old_in = old ? sharc_type_func_num_inputs(old) : 0;
  unsigned old_out = old ? sharc_type_func_num_results(old) : 0;
  sharc_op_set_attr(func, "function_type", sharc_attr_type_attr(sharc_op_context(func), type));
  resize_dicts(func, "arg_attrs", old_in, sharc_type_func_num_inputs(type));
  resize_dicts(func, "res_attrs", old_out, sharc_type_func_num_results(type));
}

unsigned sharc_func_num_args(const sharc_op *func) {
  sharc_type *t = sharc_func_type(func);
  return t ? sharc_type_func_num_inputs(t) : 0;
}

unsigned sharc_func_num_results(const sharc_op *func) {
  sharc_type *t = sharc_func_type(func);
  return t ? sharc_type_func_num_results(t) : 0;
}

sharc_block *sharc_func_body(const sharc_op *func) {
  return sharc_op_num_regions(func) ? sharc_region_first_block(sharc_op_region(func, 0)) : NULL;
}

bool sharc_func_is_declaration(const sharc_op *func) { return !sharc_func_body(func); }

bool sharc_func_is_private(const sharc_op *func) {
  sharc_attr *v = sharc_op_attr(func, "sym_visibility");
  return v && sharc_attr_get_kind(v) == SHARC_ATTR_STRING &&
         !sharc_str_eq_cstr(sharc_attr_string_value(v), "public");
}

void sharc_func_set_private(sharc_op *func, bool is_private) {
  sharc_context *ctx = sharc_op_context(func);
  sharc_op_set_attr(func, "sym_visibility",
                    is_private ? sharc_attr_string(ctx, SHARC_STR("private")) : NULL);
}

/* ---- attribute dictionaries ---------------------------------------------- */

static sharc_attr *dict_in(const sharc_op *func, const char *array_name, unsigned i) {
  sharc_attr *array = sharc_op_attr(func, array_name);
  if (array && sharc_attr_get_kind(array) == SHARC_ATTR_ARRAY && i < sharc_attr_count(array))
    return sharc_attr_at(array, i);
  return sharc_attr_dictionary(sharc_op_context(func), NULL, 0);
}

/* Stores `dicts` as the array, or drops the array when all are empty. */
static void store_dicts(sharc_op *func, const char *array_name, sharc_attr *const *dicts,
                        unsigned n) {
  bool any = false;
  for (unsigned i = 0; i < n && !any; i++)
    any = sharc_attr_count(dicts[i]) != 0;
  sharc_op_set_attr(func, array_name,
                    any ? sharc_attr_array(sharc_op_context(func), dicts, n) : NULL);
}

typedef SHARC_VEC(sharc_attr *) attr_vec;

/* The `n` dictionaries of an array attribute, empty ones filling gaps. */
static void load_dicts(const sharc_op *func, const char *array_name, unsigned n, attr_vec *out) {
  for (unsigned i = 0; i < n; i++)
    sharc_vec_push(out, dict_in(func, array_name, i));
}

static void set_dict(sharc_op *func, const char *array_name, unsigned n, unsigned i,
                     sharc_attr *dict) {
  attr_vec dicts = {0};
  load_dicts(func, array_name, n, &dicts);
  dicts.items[i] = dict ? dict : sharc_attr_dictionary(sharc_op_context(func), NULL, 0);
  store_dicts(func, array_name, dicts.items, dicts.len);
  sharc_vec_free(&dicts);
}

sharc_attr *sharc_func_arg_attrs(const sharc_op *func, unsigned i) {
  return dict_in(func, "arg_attrs", i);
}

sharc_attr *sharc_func_result_attrs(const sharc_op *func, unsigned i) {
  return dict_in(func, "res_attrs", i);
}

void sharc_func_set_arg_attrs(sharc_op *func, unsigned i, sharc_attr *dict) {
  set_dict(func, "arg_attrs", sharc_func_num_args(func), i, dict);
}

void sharc_func_set_result_attrs(sharc_op *func, unsigned i, sharc_attr *dict) {
  set_dict(func, "res_attrs", sharc_func_num_results(func), i, dict);
}

void sharc_func_set_all_arg_attrs(sharc_op *func, sharc_attr *const *dicts) {
  store_dicts(func, "arg_attrs", dicts, sharc_func_num_args(func));
}

void sharc_func_set_all_result_attrs(sharc_op *func, sharc_attr *const *dicts) {
  store_dicts(func, "res_attrs", dicts, sharc_func_num_results(func));
}

bool sharc_func_map_attr_dicts(sharc_op *func, bool results, bool set_unchanged,
                               sharc_func_dict_map map, void *user) {
  unsigned n = results ? sharc_func_num_results(func) : sharc_func_num_args(func);
  const char *array_name = results ? "res_attrs" : "arg_attrs";
  /* the array read once, not per index (a model's main function has
   * thousands of arguments); `map` reads the function and changes nothing */
  sharc_attr *array = sharc_op_attr(func, array_name);
  unsigned have = array && sharc_attr_get_kind(array) == SHARC_ATTR_ARRAY ? sharc_attr_count(array)
                                                                           : 0;
  sharc_attr *empty = NULL;
  attr_vec dicts = {0};
  sharc_vec_reserve(&dicts, n);
  bool changed = false, any = false;
  for (unsigned i = 0; i < n; i++) {
    sharc_attr *dict = i < have ? sharc_attr_at(array, i)
                                : empty ? empty
                                        : (empty = sharc_attr_dictionary(sharc_op_context(func),
                                                                         NULL, 0));
    sharc_attr *mapped = map(func, i, dict, user);
    changed = changed || mapped != dict;
    any = any || sharc_attr_count(dict) != 0;
    sharc_vec_push(&dicts, mapped);
  }
  /* unchanged dictionaries stored again give the same array (or none when
   * there is none), unless storing drops an array of empty ones or mends
   * one of another length: the same attribute, no array to intern */
  bool same = !array || (have == n && any);
  if (changed || (set_unchanged && !same))
    store_dicts(func, array_name, dicts.items, n);
  sharc_vec_free(&dicts);
  return changed;
}

sharc_attr *sharc_func_arg_attr(const sharc_op *func, unsigned i, const char *name) {
  return sharc_attr_dict_get(sharc_func_arg_attrs(func, i), name);
}

sharc_attr *sharc_func_result_attr(const sharc_op *func, unsigned i, const char *name) {
  return sharc_attr_dict_get(sharc_func_result_attrs(func, i), name);
}

sharc_attr *sharc_func_dict_with(sharc_context *ctx, const sharc_attr *dict, const char *name,
                                 sharc_attr *value) {
  sharc_ident *id = sharc_ident_get(ctx, sharc_str_from_cstr(name));
  unsigned n = sharc_attr_count(dict);
  const sharc_named_attr *entries = sharc_attr_dict_entries(dict);
  SHARC_VEC(sharc_named_attr) out = {0};
  for (unsigned i = 0; i < n; i++)
    if (entries[i].name != id)
      sharc_vec_push(&out, entries[i]);
  if (value) {
    sharc_named_attr e = {id, value};
    sharc_vec_push(&out, e);
  }
  sharc_attr *r = sharc_attr_dictionary(ctx, out.items, out.len);
  sharc_vec_free(&out);
  return r;
}

void sharc_func_set_arg_attr(sharc_op *func, unsigned i, const char *name, sharc_attr *value) {
  sharc_context *ctx = sharc_op_context(func);
  sharc_func_set_arg_attrs(func, i,
                           sharc_func_dict_with(ctx, sharc_func_arg_attrs(func, i), name, value));
}

void sharc_func_set_result_attr(sharc_op *func, unsigned i, const char *name, sharc_attr *value) {
  sharc_context *ctx = sharc_op_context(func);
  sharc_func_set_result_attrs(
      func, i, sharc_func_dict_with(ctx, sharc_func_result_attrs(func, i), name, value));
}

/* Sets `name` in the dictionary of every index whose `values` entry is not
 * NULL, rebuilding the array once. */
static void set_each(sharc_op *func, const char *array_name, unsigned n, const char *name,
                     sharc_attr *const *values) {
  sharc_context *ctx = sharc_op_context(func);
  attr_vec dicts = {0};
  load_dicts(func, array_name, n, &dicts);
  bool changed = false;
  for (unsigned i = 0; i < n; i++) {
    if (!values[i])
      continue;
    dicts.items[i] = sharc_func_dict_with(ctx, dicts.items[i], name, values[i]);
    changed = true;
  }
  if (changed)
    store_dicts(func, array_name, dicts.items, dicts.len);
  sharc_vec_free(&dicts);
}

void sharc_func_set_each_arg_attr(sharc_op *func, const char *name, sharc_attr *const *values) {
  set_each(func, "arg_attrs", sharc_func_num_args(func), name, values);
}

void sharc_func_set_each_result_attr(sharc_op *func, const char *name,
                                     sharc_attr *const *values) {
  set_each(func, "res_attrs", sharc_func_num_results(func), name, values);
}

/* ---- changing the signature ---------------------------------------------------- */

typedef SHARC_VEC(sharc_type *) type_vec;

static void copy_types(sharc_type *const *types, unsigned n, type_vec *out) {
  for (unsigned i = 0; i < n; i++)
    sharc_vec_push(out, types[i]);
}

static void set_signature(sharc_op *func, const type_vec *inputs, const type_vec *results) {
  sharc_func_set_type(func, sharc_type_function(sharc_op_context(func), inputs->items, inputs->len,
                                                results->items, results->len));
}

/* A signature edit works on one side: the arguments or the results. */
typedef enum { SIDE_ARGS, SIDE_RESULTS } side;

static const char *const side_attrs[2] = {"arg_attrs", "res_attrs"};

/* Both sides' types and the edited side's attribute dictionaries. */
typedef struct signature {
  type_vec types[2];
  attr_vec dicts;
} signature;

static void signature_load(const sharc_op *func, side s, signature *g) {
  sharc_type *ft = sharc_func_type(func);
  *g = (signature){0};
  copy_types(sharc_type_func_inputs(ft), sharc_type_func_num_inputs(ft), &g->types[SIDE_ARGS]);
  copy_types(sharc_type_func_results(ft), sharc_type_func_num_results(ft),
             &g->types[SIDE_RESULTS]);
  load_dicts(func, side_attrs[s], g->types[s].len, &g->dicts);
}

static void signature_store(sharc_op *func, side s, signature *g) {
  set_signature(func, &g->types[SIDE_ARGS], &g->types[SIDE_RESULTS]);
  store_dicts(func, side_attrs[s], g->dicts.items, g->dicts.len);
  sharc_vec_free(&g->types[SIDE_ARGS]);
  sharc_vec_free(&g->types[SIDE_RESULTS]);
  sharc_vec_free(&g->dicts);
}

/* Inserts `type` with `attrs` (NULL: none) at `index` of side `s`. */
static void signature_insert(sharc_op *func, side s, unsigned index, sharc_type *type,
                             sharc_attr *attrs) {
  signature g;
  signature_load(func, s, &g);
  sharc_attr *dict = attrs ? attrs : sharc_attr_dictionary(sharc_op_context(func), NULL, 0);
  type_vec *types = &g.types[s];
  sharc_vec_push(types, type);
  sharc_vec_push(&g.dicts, dict);
  for (unsigned i = types->len - 1; i > index; i--) {
    types->items[i] = types->items[i - 1];
    g.dicts.items[i] = g.dicts.items[i - 1];
  }
  types->items[index] = type;
  g.dicts.items[index] = dict;
  signature_store(func, s, &g);
}

/* Drops the entries of side `s` whose `erase` flag is set. */
static void signature_erase(sharc_op *func, side s, const bool *erase) {
  signature g;
  signature_load(func, s, &g);
  type_vec *types = &g.types[s];
  unsigned kept = 0;
  for (unsigned i = 0; i < types->len; i++)
    if (!erase[i]) {
      types->items[kept] = types->items[i];
      g.dicts.items[kept++] = g.dicts.items[i];
    }
  types->len = g.dicts.len = kept;
  signature_store(func, s, &g);
}

sharc_value *sharc_func_insert_arg(sharc_op *func, unsigned index, sharc_type *type,
                                   sharc_attr *attrs, sharc_attr *loc) {
  signature_insert(func, SIDE_ARGS, index, type, attrs);
  sharc_block *body = sharc_func_body(func);
  return body ? sharc_block_insert_arg(body, index, type, loc) : NULL;
}

void sharc_func_erase_args(sharc_op *func, const bool *erase) {
  unsigned n = sharc_func_num_args(func);
  signature_erase(func, SIDE_ARGS, erase);
  sharc_block *body = sharc_func_body(func);
  for (unsigned i = n; body && i-- > 0;)
    if (erase[i])
      sharc_block_erase_arg(body, i);
}

void sharc_func_insert_result(sharc_op *func, unsigned index, sharc_type *type,
                              sharc_attr *attrs) {
  signature_insert(func, SIDE_RESULTS, index, type, attrs);
}

void sharc_func_erase_results(sharc_op *func, const bool *erase) {
  signature_erase(func, SIDE_RESULTS, erase);
}

/* ---- calls ------------------------------------------------------------------- */

sharc_attr *sharc_call_callee(const sharc_op *call) {
  sharc_attr *ref = sharc_op_attr(call, "callee");
  return ref && sharc_attr_get_kind(ref) == SHARC_ATTR_SYMBOL_REF ? ref : NULL;
}

sharc_op *sharc_call_resolve(sharc_op *call) {
  sharc_attr *ref = sharc_call_callee(call);
  return ref ? sharc_symbol_lookup_ref(call, ref) : NULL;
}
