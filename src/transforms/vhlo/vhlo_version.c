/* VHLO version moves (see vhlo_version.h): legality at a version (op,
 * attribute and type ranges, the versioned op constraints of VhloOps.cpp)
 * and the one-step rules between adjacent op versions. */
#include "transforms/vhlo/vhlo_version.h"

#include "ir/op_values.h"
#include "ir/pick_each.h"
#include "support/xalloc.h"
#include "transforms/vhlo/vhlo_convert.h"
#include "rewrite/conversion.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static sharc_vhlo_version parse_fixed(const char *s) {
  if (strcmp(s, "current") == 0)
    return sharc_vhlo_current_version();
  sharc_vhlo_version v = {0, 0, 0};
  sharc_vhlo_version_parse((sharc_str){s, strlen(s)}, &v);
  return v;
}

bool sharc_vhlo_validate_target(sharc_op *op, const char *text, sharc_vhlo_version *out) {
  sharc_context *ctx = sharc_op_context(op);
  sharc_vhlo_version v;
  char buf[64], limit[64];
  if (!sharc_vhlo_version_parse((sharc_str){text, strlen(text)}, &v)) {
    if (!*text)
      sharc_emit(ctx, SHARC_SEV_ERROR, sharc_op_loc(op),
                 "No target version specified.\nTarget version must be of the form `#.#.#`.");
    else
      sharc_emit(ctx, SHARC_SEV_ERROR, sharc_op_loc(op),
                 "Invalid target version argument '%s'\nTarget version must be of the form "
                 "`#.#.#`.",
                 text);
    return false;
  }
  sharc_vhlo_version_format(v, buf, sizeof buf);
  if (sharc_vhlo_version_cmp(v, sharc_vhlo_minimum_version()) < 0) {
    sharc_vhlo_version_format(sharc_vhlo_minimum_version(), limit, sizeof limit);
    sharc_emit(ctx, SHARC_SEV_ERROR, sharc_op_loc(op),
               "target version %s is less than minimum supported %s", buf, limit);
    return false;
  }
  if (sharc_vhlo_version_cmp(sharc_vhlo_current_version(), v) < 0) {
    sharc_vhlo_version_format(sharc_vhlo_current_version(), limit, sizeof limit);
    sharc_emit(ctx, SHARC_SEV_ERROR, sharc_op_loc(op),
               "target version %s is greater than current version %s", buf, limit);
    return false;
  }
  v.patch = 0; /* opsets change with minor versions only */
  *out = v;
  return true;
}

/* ---- legality ----------------------------------------------------------------- */

static bool in_range(sharc_vhlo_version t, sharc_vhlo_version min, sharc_vhlo_version max) {
  return sharc_vhlo_version_cmp(min, t) <= 0 && sharc_vhlo_version_cmp(t, max) <= 0;
}

static bool legal_type(const sharc_type *t, sharc_vhlo_version target);

static bool legal_attr_child(sharc_attr *a, void *target);

typedef struct legal_state {
  sharc_vhlo_version target;
  bool ok;
} legal_state;

static void check_sub_attr(sharc_attr *a, void *user) {
  legal_state *st = user;
  if (st->ok && !legal_attr_child(a, &st->target))
    st->ok = false;
}

static void check_sub_type(sharc_type *t, void *user) {
  legal_state *st = user;
  if (st->ok && !legal_type(t, st->target))
    st->ok = false;
}

/* A VHLO attribute whose range holds the target, and everything inside it.
 * Builtin attributes VHLO wraps (the data of integer_v1, tensor_v1...) are
 * not versioned. */
static bool children_legal(const sharc_attr *a, const sharc_type *t, sharc_vhlo_version target) {
  legal_state st = {target, true};
  sharc_subelement_fns fns = {check_sub_attr, check_sub_type, &st};
  if (a)
    sharc_attr_walk_immediate(a, &fns);
  else
    sharc_type_walk_immediate(t, &fns);
  return st.ok;
}

static bool legal_attr(const sharc_attr *a, sharc_vhlo_version target) {
  sharc_vhlo_version min, max;
  if (!sharc_vhlo_attr_versions(a, &min, &max))
    return true;
  return in_range(target, min, max) && children_legal(a, NULL, target);
}

static bool legal_attr_child(sharc_attr *a, void *target) {
  return legal_attr(a, *(sharc_vhlo_version *)target);
}

static bool legal_type(const sharc_type *t, sharc_vhlo_version target) {
  sharc_vhlo_version min, max;
  if (!sharc_vhlo_type_versions(t, &min, &max))
    return true;
  return in_range(target, min, max) && children_legal(NULL, t, target);
}

static sharc_type *element_of(sharc_type *t) {
  const char *mn = sharc_vhlo_type_mnemonic(t);
  if (mn && (strcmp(mn, "tensor_v1") == 0))
    return (sharc_type *)t->params.words[1 + t->params.words[0]];
  if (mn && strcmp(mn, "unranked_tensor_v1") == 0)
    return (sharc_type *)t->params.words[0];
  return t;
}

/* Reduce-like ops accept result element types unlike their operands' only
 * from 0.17.0 on. */
static bool element_types_match(const sharc_op *op) {
  unsigned n = sharc_op_num_operands(op), m = sharc_op_num_results(op);
  for (unsigned i = 0; i < n && i < m; i++)
    if (element_of(sharc_value_type(sharc_op_operand(op, i))) !=
        element_of(sharc_value_type(sharc_op_result(op, i))))
      return false;
  return true;
}

static bool legal_constraints(const sharc_op *op, sharc_vhlo_version target) {
  static const char *const reduce_like[] = {
      "vhlo.all_reduce_v1",    "vhlo.reduce_v1",  "vhlo.reduce_scatter_v1",
      "vhlo.reduce_window_v1", "vhlo.scatter_v1", "vhlo.select_and_scatter_v1", NULL};
  const char *name = sharc_op_name(op)->data;
  for (const char *const *r = reduce_like; *r; r++)
    if (strcmp(*r, name) == 0 &&
        sharc_vhlo_version_cmp(target, (sharc_vhlo_version){0, 17, 0}) < 0 &&
        !element_types_match(op))
      return false;
  if (strcmp(name, "vhlo.custom_call_v1") != 0)
    return true;
  if (sharc_vhlo_version_cmp(target, (sharc_vhlo_version){1, 17, 0}) < 0)
    for (unsigned i = 0; i < sharc_op_num_operands(op); i++) {
      const char *mn = sharc_vhlo_type_mnemonic(sharc_value_type(sharc_op_operand(op, i)));
      if (mn && strcmp(mn, "future_v1") == 0)
        return false;
    }
  if (sharc_vhlo_version_cmp(target, (sharc_vhlo_version){1, 3, 0}) < 0) {
    sharc_attr *bc = sharc_op_attr(op, "backend_config");
    sharc_attr *api = sharc_op_attr(op, "api_version");
    if (sharc_vhlo_attr_info(bc) == &sharc_vhlo_dict_v1)
      return false;
    if (sharc_vhlo_attr_info(api) == &sharc_vhlo_api_version_v1 && api->params.words[0] == 4)
      return false;
  }
  return true;
}

static bool legal_op(const sharc_op *op, sharc_vhlo_version target) {
  const vhlo_op_def *d = sharc_vhlo_op_of(op);
  if (!d)
    return true;
  if (!in_range(target, parse_fixed(d->min_version), parse_fixed(d->max_version)))
    return false;
  if (!legal_constraints(op, target))
    return false;
  sharc_attr *dict = sharc_op_attrs(op);
  const sharc_named_attr *e = sharc_attr_dict_entries(dict);
  for (unsigned i = 0; i < sharc_attr_count(dict); i++)
    if (!legal_attr(e[i].value, target))
      return false;
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++)
    if (!legal_type(sharc_value_type(sharc_op_operand(op, i)), target))
      return false;
  for (unsigned i = 0; i < sharc_op_num_results(op); i++)
    if (!legal_type(sharc_value_type(sharc_op_result(op, i)), target))
      return false;
  return true;
}

/* ---- one-step rules ----------------------------------------------------------- */

typedef enum rule_value {
  R_NONE,
  R_EMPTY_TENSOR,     /* tensor_v1 of tensor<0xi64> */
  R_EMPTY_ARRAY,      /* array_v1<[]> */
  R_NONE_TYPE,        /* type_v1<none_v1> */
  R_FALSE,            /* bool_v1<false> */
  R_DEFAULT_ACCURACY, /* result_accuracy_v1 of zeros and DEFAULT */
  R_CONV_PADDING,     /* zeros of [rank(lhs) - 2, 2] */
  R_ANY,              /* dropped whatever it holds */
} rule_value;

typedef struct rule_attr {
  const char *name;
  rule_value value;
} rule_attr;

typedef struct rule {
  const char *from, *to;
  rule_attr add[8];  /* attributes the new version has */
  rule_attr drop[8]; /* attributes the new version lacks: only when they hold `value` */
  bool single_operand;
  bool no_regions;
} rule;

#define ACCURACY_RULES(op)                                                                     \
  {"vhlo." op "_v1", "vhlo." op "_v2", {{"result_accuracy", R_DEFAULT_ACCURACY}}, {{0}}, false, \
   false},                                                                                     \
      {"vhlo." op "_v2",                                                                       \
       "vhlo." op "_v1",                                                                       \
       {{0}},                                                                                  \
       {{"result_accuracy", R_DEFAULT_ACCURACY}},                                              \
       false,                                                                                  \
       false}

/* dot_general_v2's algorithm attributes, none in v1: added empty going up,
 * dropped only when empty going down. */
/* clang-format off */
#define DOT_ALGORITHM_ATTRS                                                                    \
  {{"lhs_precision_type", R_NONE_TYPE},  {"rhs_precision_type", R_NONE_TYPE},                  \
   {"accumulation_type", R_NONE_TYPE},   {"lhs_component_count", R_NONE_TYPE},                 \
   {"rhs_component_count", R_NONE_TYPE}, {"num_primitive_operations", R_NONE_TYPE},            \
   {"allow_imprecise_accumulation", R_NONE_TYPE}}
/* clang-format on */

static const rule rules[] = {
    {"vhlo.dynamic_conv_v1", "vhlo.dynamic_conv_v2", {{0}}, {{"padding", R_ANY}}, false, false},
    {"vhlo.dynamic_conv_v2", "vhlo.dynamic_conv_v1", {{"padding", R_CONV_PADDING}}, {{0}}, false,
     false},
    {"vhlo.gather_v1",
     "vhlo.gather_v2",
     {{"operand_batching_dims", R_EMPTY_TENSOR}, {"start_indices_batching_dims", R_EMPTY_TENSOR}},
     {{0}},
     false,
     false},
    {"vhlo.gather_v2",
     "vhlo.gather_v1",
     {{0}},
     {{"operand_batching_dims", R_EMPTY_TENSOR}, {"start_indices_batching_dims", R_EMPTY_TENSOR}},
     false,
     false},
    {"vhlo.dynamic_gather_v1",
     "vhlo.dynamic_gather_v2",
     {{"operand_batching_dims", R_EMPTY_TENSOR}, {"start_indices_batching_dims", R_EMPTY_TENSOR}},
     {{0}},
     false,
     false},
    {"vhlo.dynamic_gather_v2",
     "vhlo.dynamic_gather_v1",
     {{0}},
     {{"operand_batching_dims", R_EMPTY_TENSOR}, {"start_indices_batching_dims", R_EMPTY_TENSOR}},
     false,
     false},
    {"vhlo.scatter_v1",
     "vhlo.scatter_v2",
     {{"input_batching_dims", R_EMPTY_TENSOR}, {"scatter_indices_batching_dims", R_EMPTY_TENSOR}},
     {{0}},
     false,
     false},
    {"vhlo.scatter_v2",
     "vhlo.scatter_v1",
     {{0}},
     {{"input_batching_dims", R_EMPTY_TENSOR}, {"scatter_indices_batching_dims", R_EMPTY_TENSOR}},
     false,
     false},
    {"vhlo.all_gather_v1", "vhlo.all_gather_v2", {{0}}, {{0}}, false, false},
    {"vhlo.all_gather_v2", "vhlo.all_gather_v1", {{0}}, {{0}}, true, false},
    {"vhlo.all_to_all_v1", "vhlo.all_to_all_v2", {{0}}, {{0}}, false, false},
    {"vhlo.all_to_all_v2", "vhlo.all_to_all_v1", {{0}}, {{0}}, true, false},
    {"vhlo.all_reduce_v1", "vhlo.all_reduce_v2", {{0}}, {{0}}, false, false},
    {"vhlo.all_reduce_v2", "vhlo.all_reduce_v1", {{0}}, {{0}}, true, false},
    {"vhlo.dot_general_v1", "vhlo.dot_general_v2", DOT_ALGORITHM_ATTRS, {{0}}, false, false},
    {"vhlo.dot_general_v2", "vhlo.dot_general_v1", {{0}}, DOT_ALGORITHM_ATTRS, false, false},
    {"vhlo.send_v1", "vhlo.send_v2", {{"source_target_pairs", R_EMPTY_TENSOR}}, {{0}}, false, false},
    {"vhlo.send_v2", "vhlo.send_v1", {{0}}, {{"source_target_pairs", R_EMPTY_TENSOR}}, false, false},
    {"vhlo.recv_v1", "vhlo.recv_v2", {{"source_target_pairs", R_EMPTY_TENSOR}}, {{0}}, false, false},
    {"vhlo.recv_v2", "vhlo.recv_v1", {{0}}, {{"source_target_pairs", R_EMPTY_TENSOR}}, false, false},
    {"vhlo.collective_broadcast_v1", "vhlo.collective_broadcast_v2",
     {{"has_dynamic_root", R_FALSE}}, {{0}}, false, false},
    {"vhlo.collective_broadcast_v2", "vhlo.collective_broadcast_v1", {{0}},
     {{"has_dynamic_root", R_FALSE}}, true, false},
    {"vhlo.composite_v1", "vhlo.composite_v2", {{0}}, {{0}}, false, false},
    {"vhlo.composite_v2", "vhlo.composite_v1", {{0}}, {{0}}, false, true},
    {"vhlo.custom_call_v1", "vhlo.custom_call_v2", {{"result_tilings", R_EMPTY_ARRAY}}, {{0}}, false,
     false},
    {"vhlo.custom_call_v2", "vhlo.custom_call_v1", {{0}}, {{"result_tilings", R_EMPTY_ARRAY}}, false,
     false},
    ACCURACY_RULES("cbrt"),
    ACCURACY_RULES("cosine"),
    ACCURACY_RULES("exponential"),
    ACCURACY_RULES("exponential_minus_one"),
    ACCURACY_RULES("log"),
    ACCURACY_RULES("log_plus_one"),
    ACCURACY_RULES("logistic"),
    ACCURACY_RULES("rsqrt"),
    ACCURACY_RULES("sine"),
    ACCURACY_RULES("sqrt"),
    ACCURACY_RULES("tan"),
    ACCURACY_RULES("tanh"),
};

static sharc_attr *empty_tensor(sharc_context *ctx) {
  int64_t zero = 0;
  sharc_type *t = sharc_type_tensor(ctx, &zero, 1, sharc_type_integer(ctx, 64, SHARC_SIGNLESS), NULL);
  sharc_attr *d = sharc_attr_dense_elements(ctx, t, NULL, 0, false);
  uintptr_t w[2] = {(uintptr_t)d, (uintptr_t)sharc_vhlo_type_from_builtin(ctx, t)};
  return sharc_vhlo_attr_get(ctx, &sharc_vhlo_tensor_v1, w, 2);
}

static sharc_attr *conv_padding(sharc_context *ctx, const sharc_op *op) {
  if (sharc_op_num_operands(op) < 1)
    return NULL;
  sharc_type *lhs = sharc_vhlo_type_to_builtin(ctx, sharc_value_type(sharc_op_operand(op, 0)));
  if (!lhs || lhs->kind != SHARC_TYPE_TENSOR || lhs->shaped.rank < 2)
    return NULL;
  int64_t shape[2] = {(int64_t)lhs->shaped.rank - 2, 2};
  sharc_type *t = sharc_type_tensor(ctx, shape, 2, sharc_type_integer(ctx, 64, SHARC_SIGNLESS), NULL);
  uint64_t zero = 0;
  sharc_attr *d = sharc_attr_dense_elements(ctx, t, &zero, shape[0] ? 1 : 0, shape[0] > 0);
  uintptr_t w[2] = {(uintptr_t)d, (uintptr_t)sharc_vhlo_type_from_builtin(ctx, t)};
  return sharc_vhlo_attr_get(ctx, &sharc_vhlo_tensor_v1, w, 2);
}

static sharc_attr *default_accuracy(sharc_context *ctx) {
  sharc_type *f64 = sharc_type_float(ctx, SHARC_F64);
  uintptr_t mode_case = 0;
  uintptr_t w[4] = {(uintptr_t)sharc_attr_float(ctx, f64, 0.0), (uintptr_t)sharc_attr_float(ctx, f64, 0.0),
                    (uintptr_t)sharc_attr_integer(ctx, sharc_type_integer(ctx, 64, SHARC_SIGNLESS), 0),
                    (uintptr_t)sharc_vhlo_attr_get(ctx, &sharc_vhlo_result_accuracy_mode_v1, &mode_case, 1)};
  return sharc_vhlo_attr_get(ctx, &sharc_vhlo_result_accuracy_v1, w, 4);
}

static sharc_attr *rule_value_attr(sharc_context *ctx, const sharc_op *op, rule_value v) {
  switch (v) {
  case R_EMPTY_TENSOR:
    return empty_tensor(ctx);
  case R_EMPTY_ARRAY: {
    uintptr_t n = 0;
    return sharc_vhlo_attr_get(ctx, &sharc_vhlo_array_v1, &n, 1);
  }
  case R_NONE_TYPE: {
    sharc_type *none = sharc_vhlo_type_from_builtin(ctx, sharc_type_none(ctx));
    uintptr_t w = (uintptr_t)none;
    return sharc_vhlo_attr_get(ctx, &sharc_vhlo_type_v1, &w, 1);
  }
  case R_FALSE: {
    uintptr_t f = 0;
    return sharc_vhlo_attr_get(ctx, &sharc_vhlo_bool_v1, &f, 1);
  }
  case R_DEFAULT_ACCURACY:
    return default_accuracy(ctx);
  case R_CONV_PADDING:
    return conv_padding(ctx, op);
  case R_NONE:
  case R_ANY:
    return NULL;
  }
  return NULL;
}

static bool holds(sharc_context *ctx, const sharc_op *op, const sharc_attr *a, rule_value v) {
  if (v == R_ANY)
    return true;
  if (!a)
    return false;
  if (v == R_EMPTY_TENSOR)
    return sharc_vhlo_attr_info(a) == &sharc_vhlo_tensor_v1 &&
           sharc_type_num_elements(sharc_attr_type((sharc_attr *)a->params.words[0])) == 0;
  if (v == R_DEFAULT_ACCURACY) {
    if (sharc_vhlo_attr_info(a) != &sharc_vhlo_result_accuracy_v1)
      return false;
    const uintptr_t *w = a->params.words;
    const sharc_attr *mode = (const sharc_attr *)w[3];
    return sharc_attr_float_value((sharc_attr *)w[0]) == 0.0 &&
           sharc_attr_float_value((sharc_attr *)w[1]) == 0.0 &&
           sharc_attr_int_value((sharc_attr *)w[2]) == 0 &&
           sharc_vhlo_attr_info(mode) == &sharc_vhlo_result_accuracy_mode_v1 &&
           mode->params.words[0] == 0;
  }
  return a == rule_value_attr(ctx, op, v);
}

static bool rule_applies(sharc_context *ctx, const rule *r, const sharc_op *op) {
  if (r->single_operand && sharc_op_num_operands(op) != 1)
    return false;
  if (r->no_regions && sharc_op_num_regions(op) != 0)
    return false;
  for (unsigned i = 0; i < 8 && r->drop[i].name; i++)
    if (!holds(ctx, op, sharc_op_attr(op, r->drop[i].name), r->drop[i].value))
      return false;
  for (unsigned i = 0; i < 8 && r->add[i].name; i++)
    if (!rule_value_attr(ctx, op, r->add[i].value))
      return false;
  return true;
}

static sharc_op *apply_rule(sharc_rewriter *rw, const rule *r, sharc_op *op) {
  sharc_context *ctx = sharc_op_context(op);
  sharc_attr *dict = sharc_op_attrs(op);
  const sharc_named_attr *e = sharc_attr_dict_entries(dict);
  unsigned n = sharc_attr_count(dict);
  sharc_named_attr *attrs = sharc_xmalloc_array(n + 9, sizeof *attrs);
  unsigned k = 0;
  for (unsigned i = 0; i < n; i++) {
    bool dropped = false;
    for (unsigned d = 0; d < 8 && r->drop[d].name; d++)
      dropped = dropped || strcmp(r->drop[d].name, e[i].name->data) == 0;
    if (!dropped)
      attrs[k++] = e[i];
  }
  for (unsigned i = 0; i < 8 && r->add[i].name; i++)
    attrs[k++] = (sharc_named_attr){sharc_ident_get(ctx, (sharc_str){r->add[i].name, strlen(r->add[i].name)}),
                                    rule_value_attr(ctx, op, r->add[i].value)};
  sharc_type **types = sharc_op_result_types(op);
  sharc_op *repl =
      sharc_vhlo_replace_op_renamed(rw, op, r->to, types, sharc_attr_dictionary(ctx, attrs, k));
  free(attrs);
  free(types);
  return repl;
}

/* The rule that moves `op` one version toward the target, if one applies. */
static const rule *next_rule(sharc_context *ctx, const sharc_op *op, sharc_vhlo_version target) {
  const vhlo_op_def *d = sharc_vhlo_op_of(op);
  bool upgrade = sharc_vhlo_version_cmp(parse_fixed(d->max_version), target) < 0;
  for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
    const rule *r = &rules[i];
    if (strcmp(r->from, d->def.name) != 0)
      continue;
    const vhlo_op_def *to = sharc_vhlo_op_lookup(r->to);
    if (!to)
      continue;
    bool is_upgrade = sharc_vhlo_version_cmp(parse_fixed(to->min_version), parse_fixed(d->min_version)) > 0;
    if (is_upgrade == upgrade && rule_applies(ctx, r, op))
      return r;
  }
  return NULL;
}


static bool legalize(sharc_rewriter *rw, sharc_op *op, sharc_vhlo_version target) {
  sharc_context *ctx = sharc_op_context(op);
  sharc_op *cur = op;
  for (unsigned steps = 0; steps < 8; steps++) {
    if (legal_op(cur, target))
      return true;
    if (!sharc_vhlo_op_of(cur))
      return false;
    const rule *r = next_rule(ctx, cur, target);
    if (!r)
      return false;
    cur = apply_rule(rw, r, cur);
  }
  return legal_op(cur, target);
}

typedef struct version_state {
  sharc_rewriter *rw;
  sharc_op *root;
  sharc_vhlo_version target;
} version_state;

static bool op_to_version(sharc_op *op, void *user) {
  const version_state *st = user;
  /* legalize may have replaced op before it failed: read it first */
  sharc_str name = sharc_ident_str(sharc_op_name(op));
  sharc_attr *loc = sharc_op_loc(op);
  sharc_context *ctx = sharc_op_context(op);
  if (legalize(st->rw, op, st->target))
    return true;
  char buf[64];
  sharc_vhlo_version_format(st->target, buf, sizeof buf);
  sharc_rw_emit_not_legalized_at(ctx, loc, name);
  sharc_emit(ctx, SHARC_SEV_ERROR, sharc_op_loc(st->root), "failed to convert VHLO to v%s", buf);
  return false;
}

bool sharc_vhlo_convert_to_version(sharc_rewriter *rw, sharc_op *root, sharc_vhlo_version target) {
  version_state st = {rw, root, target};
  return sharc_pick_each(root, SHARC_PRE_ORDER, NULL, NULL, op_to_version, &st);
}
