/* The op sharding rule registry: one row per op name, read top to bottom
 * like Shardy's op_sharding_rule_registry. Ops not in the table fall back to
 * their ShardingRuleOpInterface, data-flow ops and terminators get no rule,
 * and anything else is reported once as unknown. */
#include <stdlib.h>

#include "dialect/sdy/sdy_interfaces.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "support/word_memo.h"
#include "ir/op_values.h"
#include "ir/static_names.h"
#include "support/xalloc.h"
#include "transforms/sdy/rules/rules_internal.h"
#include "sharc/sdy.h"

static sharc_attr *pointwise(sharc_op *op, bool conservative) {
  (void)conservative;
  return sharc_rule_pointwise(op);
}

/* A NULL rule: handled elsewhere (data-flow edges, calls) or nothing to
 * propagate (constants, tokens, iota). */
#define NO_RULE NULL

typedef struct rule_row {
  const char *op;
  sharc_rule_fn rule;
} rule_row;

/* Sorted by op name (bsearch). */
static const rule_row registry[] = {
    {"builtin.module", NO_RULE},
    {"func.call", NO_RULE},
    {"func.func", NO_RULE},
    {"sdy.constant", NO_RULE},
    {"sdy.data_flow_edge", NO_RULE},
    {"sdy.func_data_flow_edge", NO_RULE},
    {"sdy.manual_computation", NO_RULE},
    {"sdy.mesh", NO_RULE},
    {"sdy.propagation_barrier", NO_RULE},
    {"sdy.reshard", NO_RULE},
    {"sdy.sharding_constraint", pointwise},
    {"sdy.sharding_group", NO_RULE},
    {"stablehlo.abs", pointwise},
    {"stablehlo.add", pointwise},
    {"stablehlo.after_all", NO_RULE},
    {"stablehlo.all_gather", sharc_rule_all_gather},
    {"stablehlo.all_reduce", pointwise},
    {"stablehlo.all_to_all", sharc_rule_all_to_all},
    {"stablehlo.and", pointwise},
    {"stablehlo.atan2", pointwise},
    {"stablehlo.batch_norm_inference", sharc_rule_batch_norm_inference},
    {"stablehlo.bitcast_convert", sharc_rule_bitcast_convert},
    {"stablehlo.broadcast_in_dim", sharc_rule_broadcast_in_dim},
    {"stablehlo.case", NO_RULE},
    {"stablehlo.cbrt", pointwise},
    {"stablehlo.ceil", pointwise},
    {"stablehlo.cholesky", sharc_rule_cholesky},
    {"stablehlo.clamp", sharc_rule_clamp},
    {"stablehlo.collective_broadcast", pointwise},
    {"stablehlo.collective_permute", pointwise},
    {"stablehlo.compare", pointwise},
    {"stablehlo.complex", pointwise},
    {"stablehlo.concatenate", sharc_rule_concatenate},
    {"stablehlo.constant", NO_RULE},
    {"stablehlo.convert", pointwise},
    {"stablehlo.convolution", sharc_rule_convolution},
    {"stablehlo.cosine", pointwise},
    {"stablehlo.count_leading_zeros", pointwise},
    {"stablehlo.create_token", NO_RULE},
    {"stablehlo.cross-replica-sum", pointwise},
    {"stablehlo.custom_call", sharc_rule_custom_call},
    {"stablehlo.divide", pointwise},
    {"stablehlo.dot", sharc_rule_dot},
    {"stablehlo.dot_general", sharc_rule_dot_general},
    {"stablehlo.dynamic_slice", sharc_rule_dynamic_slice},
    {"stablehlo.dynamic_update_slice", sharc_rule_dynamic_update_slice},
    {"stablehlo.exponential", pointwise},
    {"stablehlo.exponential_minus_one", pointwise},
    {"stablehlo.fft", sharc_rule_fft},
    {"stablehlo.floor", pointwise},
    {"stablehlo.gather", sharc_rule_gather},
    {"stablehlo.get_tuple_element", NO_RULE},
    {"stablehlo.imag", pointwise},
    {"stablehlo.infeed", NO_RULE},
    {"stablehlo.iota", NO_RULE},
    {"stablehlo.is_finite", pointwise},
    {"stablehlo.log", pointwise},
    {"stablehlo.log_plus_one", pointwise},
    {"stablehlo.logistic", pointwise},
    {"stablehlo.maximum", pointwise},
    {"stablehlo.minimum", pointwise},
    {"stablehlo.multiply", pointwise},
    {"stablehlo.negate", pointwise},
    {"stablehlo.not", pointwise},
    {"stablehlo.optimization_barrier", NO_RULE},
    {"stablehlo.or", pointwise},
    {"stablehlo.outfeed", NO_RULE},
    {"stablehlo.pad", sharc_rule_pad},
    {"stablehlo.partition_id", NO_RULE},
    {"stablehlo.popcnt", pointwise},
    {"stablehlo.power", pointwise},
    {"stablehlo.real", pointwise},
    {"stablehlo.recv", NO_RULE},
    {"stablehlo.reduce", sharc_rule_reduce},
    {"stablehlo.reduce_precision", pointwise},
    {"stablehlo.reduce_scatter", sharc_rule_reduce_scatter},
    {"stablehlo.reduce_window", sharc_rule_reduce_window},
    {"stablehlo.remainder", pointwise},
    {"stablehlo.reshape", sharc_rule_reshape},
    {"stablehlo.reverse", sharc_rule_reverse},
    {"stablehlo.rng_bit_generator", sharc_rule_rng_bit_generator},
    {"stablehlo.round_nearest_afz", pointwise},
    {"stablehlo.round_nearest_even", pointwise},
    {"stablehlo.rsqrt", pointwise},
    {"stablehlo.scatter", sharc_rule_scatter},
    {"stablehlo.select", sharc_rule_select},
    {"stablehlo.select_and_scatter", sharc_rule_select_and_scatter},
    {"stablehlo.send", NO_RULE},
    {"stablehlo.shift_left", pointwise},
    {"stablehlo.shift_right_arithmetic", pointwise},
    {"stablehlo.shift_right_logical", pointwise},
    {"stablehlo.sign", pointwise},
    {"stablehlo.sine", pointwise},
    {"stablehlo.slice", sharc_rule_slice},
    {"stablehlo.sort", sharc_rule_sort},
    {"stablehlo.sqrt", pointwise},
    {"stablehlo.subtract", pointwise},
    {"stablehlo.tan", pointwise},
    {"stablehlo.tanh", pointwise},
    {"stablehlo.transpose", sharc_rule_transpose},
    {"stablehlo.triangular_solve", sharc_rule_triangular_solve},
    {"stablehlo.while", NO_RULE},
    {"stablehlo.xor", pointwise},
};

static int row_cmp(const void *key, const void *row) {
  const sharc_str *name = key;
  const char *op = ((const rule_row *)row)->op;
  size_t n = strlen(op);
  int c = strncmp(name->data, op, name->len < n ? name->len : n);
  if (c)
    return c;
  return name->len < n ? -1 : name->len > n;
}

unsigned sharc_rule_registry_size(void) { return sizeof registry / sizeof registry[0]; }

const char *sharc_rule_registry_op(unsigned i) { return registry[i].op; }

static const rule_row *find_row(sharc_op *op) {
  sharc_str name = sharc_ident_str(sharc_op_name(op));
  return bsearch(&name, registry, sizeof registry / sizeof registry[0], sizeof registry[0],
                 row_cmp);
}

void sharc_rule_warn_once(bool *flag, sharc_op *op, const char *fmt, const char *arg) {
  if (*flag)
    return;
  *flag = true;
  /* Shardy's emitOpWarningOnce: the op as a note, unverified */
  sharc_diag_note_op(sharc_emit(sharc_op_context(op), SHARC_SEV_WARNING, sharc_op_loc(op), fmt, arg),
                     op);
}

/* The rule of `op`, whose registry row is `row` (NULL: none). */
static sharc_attr *create_from_row(sharc_op *op, const rule_row *row, bool conservative) {
  if (row)
    return row->rule ? row->rule(op, conservative) : NULL;
  const sharc_op_def *def = sharc_op_get_def(op);
  if (def && def->data_flow)
    return NULL;
  if (def && def->sharding_rule)
    return sharc_sdy_op_sharding_rule(op);
  if (sharc_op_has_trait(op, SHARC_TRAIT_TERMINATOR))
    return NULL;
  /* Shardy warns about the first unknown op of the whole process only. */
  static bool warned;
  sharc_rule_warn_once(&warned, op, "op '%s' is unknown to SDY sharding rule registry",
                       sharc_ident_str(sharc_op_name(op)).data);
  return NULL;
}

sharc_attr *sharc_sdy_create_sharding_rule(sharc_op *op, bool conservative) {
  return create_from_row(op, find_row(op), conservative);
}

sharc_attr *sharc_sdy_get_or_create_sharding_rule(sharc_op *op, bool conservative, bool store) {
  return sharc_sdy_get_or_create_sharding_rule_cached(op, conservative, store, NULL);
}

/* ---- the rule cache -----------------------------------------------------------
 * Only rows whose rule reads nothing but the op's operand and result types
 * and attributes are cached (others look at producers, users or regions).
 * A key is the row's function, the attribute dictionary (except for
 * point-wise rules, which read no attribute), the conservative flag and
 * every operand and result type; types and attributes are uniqued, so
 * pointers compare them (a word memo). */

/* An op's own rule remembered per attribute dictionary: dictionaries are
 * uniqued and never change (storing a rule gives the op another one), and
 * ops alike share theirs. An empty slot is the NULL dictionary, which
 * holds no rule. */
enum { OWN_RULES_LOG2 = 8 };
typedef struct own_rule_slot {
  const sharc_attr *dict;
  sharc_attr *rule;
} own_rule_slot;

/* A slot of the rows' direct-mapped front: an op name and its ptrmap
 * value. */
enum { ROW_SLOTS_LOG2 = 6 };
typedef struct row_slot {
  const void *name;
  uintptr_t slot;
} row_slot;

struct sharc_rule_cache {
  sharc_ptrmap rows;  /* op name -> registry index + 2, or 1: no row */
  row_slot recent_rows[1 << ROW_SLOTS_LOG2]; /* `rows` for the names asked last */
  sharc_word_memo rules; /* key -> the rule (one word; NULL: none) */
  SHARC_VEC(uintptr_t) key; /* scratch */
  own_rule_slot own[1 << OWN_RULES_LOG2];
};

sharc_rule_cache *sharc_rule_cache_create(void) {
  sharc_rule_cache *c = sharc_xcalloc(1, sizeof *c);
  return c;
}

void sharc_rule_cache_destroy(sharc_rule_cache *c) {
  if (!c)
    return;
  sharc_ptrmap_free(&c->rows);
  sharc_word_memo_free(&c->rules);
  sharc_vec_free(&c->key);
  free(c);
}

static bool type_rule(sharc_rule_fn fn) { return fn == pointwise; }

/* Inlined in both callers (the cache's look-up and sharc_rule_cache_keyed):
 * propagation asks the look-up for every op it visits. */
static inline __attribute__((always_inline)) bool cacheable(sharc_rule_fn fn) {
  return fn == pointwise || fn == sharc_rule_broadcast_in_dim || fn == sharc_rule_dot_general ||
         fn == sharc_rule_transpose || fn == sharc_rule_reshape || fn == sharc_rule_reduce;
}

/* The key of `op` for `fn` into c->key. */
static void make_key(sharc_rule_cache *c, sharc_op *op, sharc_rule_fn fn, bool conservative) {
  unsigned n_ops = op->num_operands, n_res = op->num_results;
  /* grown rarely: asked for every op of a propagation */
  if (c->key.cap < 4 + n_ops + n_res)
    sharc_vec_reserve(&c->key, (size_t)4 + n_ops + n_res);
  uintptr_t *key = c->key.items;
  key[0] = (uintptr_t)fn;
  key[1] = type_rule(fn) ? 0 : (uintptr_t)op->attrs;
  key[2] = (uintptr_t)conservative;
  key[3] = (uintptr_t)n_ops;
  sharc_op_type_words(op, n_ops, key + 4);
  c->key.len = 4 + n_ops + n_res;
}

/* find_row, looked up once per op name, through a direct-mapped front
 * for the names asked last (propagation asks for every op it visits). */
static inline __attribute__((always_inline)) const rule_row *cached_row(sharc_rule_cache *c,
                                                                         sharc_op *op) {
  const void *name = op->name;
  row_slot *recent = &c->recent_rows[sharc_ptr_slot(name, ROW_SLOTS_LOG2)];
  uintptr_t slot = recent->name == name ? recent->slot : 0;
  if (!slot) {
    slot = (uintptr_t)sharc_ptrmap_get(&c->rows, name);
    if (!slot) {
      const rule_row *row = find_row(op);
      slot = row ? (uintptr_t)(row - registry) + 2 : 1;
      sharc_ptrmap_put(&c->rows, name, (void *)slot);
    }
    *recent = (row_slot){name, slot};
  }
  return slot == 1 ? NULL : &registry[slot - 2];
}

bool sharc_rule_cache_keyed(sharc_rule_cache *c, sharc_op *op) {
  const rule_row *row = cached_row(c, op);
  return row && row->rule && cacheable(row->rule);
}

sharc_attr *sharc_sdy_own_sharding_rule(sharc_op *op) {
  sharc_attr *existing = sharc_op_attr_static(op, SHARC_SDY_SHARDING_RULE_ATTR);
  return existing && sharc_sdy_is_op_sharding_rule(existing) ? existing : NULL;
}

/* sharc_sdy_own_sharding_rule through the table `own` (see own_rule_slot). */
static inline sharc_attr *own_rule_in(own_rule_slot *own, sharc_op *op) {
  own_rule_slot *s = &own[sharc_ptr_slot(op->attrs, OWN_RULES_LOG2)];
  if (s->dict != op->attrs) {
    s->dict = op->attrs;
    s->rule = sharc_sdy_own_sharding_rule(op);
  }
  return s->rule;
}

static sharc_attr *create_cached(sharc_op *op, bool conservative, sharc_rule_cache *c) {
  if (!c)
    return sharc_sdy_create_sharding_rule(op, conservative);
  const rule_row *row = cached_row(c, op);
  if (!row || !row->rule || !cacheable(row->rule))
    return create_from_row(op, row, conservative);
  make_key(c, op, row->rule, conservative);
  unsigned len = (unsigned)c->key.len, value_len;
  uint64_t hash = sharc_word_memo_hash(c->key.items, len);
  const uintptr_t *known =
      sharc_word_memo_find_hashed(&c->rules, hash, c->key.items, len, &value_len);
  if (known)
    return (sharc_attr *)known[0];
  sharc_attr *rule = row->rule(op, conservative);
  uintptr_t value = (uintptr_t)rule;
  sharc_word_memo_add_hashed(&c->rules, hash, c->key.items, len, &value, 1);
  return rule;
}

sharc_attr *sharc_sdy_get_or_create_sharding_rule_cached(sharc_op *op, bool conservative,
                                                         bool store, sharc_rule_cache *cache) {
  sharc_attr *existing = cache ? own_rule_in(cache->own, op) : sharc_sdy_own_sharding_rule(op);
  if (existing)
    return existing;
  sharc_attr *rule = create_cached(op, conservative, cache);
  /* a rule is read by no verifier but its own attribute hook */
  if (rule && store)
    sharc_op_set_self_verified_attr(op, SHARC_SDY_SHARDING_RULE_ATTR, rule);
  return rule;
}

static sharc_walk_result drop_rule(sharc_op *op, void *user) {
  sharc_attr *rule = own_rule_in(user, op);
  if (rule && !sharc_sdy_rule_is_custom(rule))
    sharc_op_set_self_verified_attr(op, SHARC_SDY_SHARDING_RULE_ATTR, NULL);
  return SHARC_WALK_ADVANCE;
}

void sharc_sdy_remove_sharding_rules(sharc_op *root) {
  own_rule_slot *own = sharc_xcalloc((size_t)1 << OWN_RULES_LOG2, sizeof *own);
  sharc_walk(root, SHARC_PRE_ORDER, drop_rule, own);
  free(own);
}
