/* The propagation driver (Shardy's basic_propagation.cc); see
 * propagation_driver.h. */
#include "transforms/sdy/propagation/propagation_driver.h"

#include "asm/printer.h"
#include "dialect/func/func.h"
#include "dialect/sdy/sdy_interfaces.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/op_common.h"
#include "dialect/sdy/utils.h"
#include "sharc/asm.h"
#include "sharc/symbols.h"
#include "support/xalloc.h"
#include "transforms/sdy/common/op_properties.h"
#include "transforms/sdy/propagation/debugging/source_sharding.h"
#include "transforms/sdy/propagation/utils.h"
#include "dialect/sdy/rule_builder.h"
#include "ir/context.h"
#include "ir/created_defs.h"
#include "ir/static_names.h"
#include "transforms/sdy/rules/rules.h"

#include <stdlib.h>
#include <string.h>

void sharc_directions_fill(sharc_sdy_propagation_direction *along, unsigned n,
                           sharc_sdy_propagation_direction direction) {
  for (unsigned f = 0; f < n; f++)
    along[f] = direction;
}

int sharc_propagate_any(void *user, sharc_op *op, unsigned num_factors,
                        sharc_sdy_propagation_direction *along) {
  (void)user;
  (void)op;
  (void)num_factors;
  (void)along;
  return SHARC_SDY_PROPAGATION_BOTH;
}

void sharc_directions_ask(sharc_get_direction_fn direction, void *user, sharc_op *op,
                          unsigned num_factors, sharc_sdy_propagation_direction *along) {
  int uniform = direction(user, op, num_factors, along);
  if (uniform != SHARC_DIRECTIONS_PER_FACTOR)
    sharc_directions_fill(along, num_factors, (sharc_sdy_propagation_direction)uniform);
}

static sharc_basic_factor_propagation basic_strategy;

const sharc_basic_factor_propagation *sharc_propagation_basic_strategy(void) {
  if (!basic_strategy.base.propagate)
    sharc_basic_factor_propagation_init(&basic_strategy);
  return &basic_strategy;
}

/* ---- what propagation knows of each op ------------------------------------------ */

/* Numbers left unused between two of this run's (marks drawn by others)
 * beyond which the numbering starts over: its entries are all derived
 * again on demand, so forgetting them is only slower. */
enum { MAX_NUMBER_GAP = 1024 };

sharc_propagation_op *sharc_propagation_number_op(sharc_propagation *pr, sharc_op *op) {
  unsigned mark = sharc_context_fresh_mark(sharc_op_context(op));
  unsigned index = mark - pr->first_mark;
  if (!pr->ops.len || index < pr->ops.len || index - pr->ops.len > MAX_NUMBER_GAP) {
    /* the first op, or the counter wrapped or jumped */
    pr->ops.len = 0;
    pr->first_mark = mark;
    index = 0;
  }
  /* sized once for the ops the first seeding met: growing by copies
   * would touch the array again */
  if (index >= pr->ops.cap)
    sharc_vec_reserve(&pr->ops, (size_t)(index + 1 > pr->seed.len ? index + 1 : pr->seed.len));
  while (pr->ops.len < index)
    pr->ops.items[pr->ops.len++] = (sharc_propagation_op){0};
  sharc_propagation_op *info = &pr->ops.items[pr->ops.len++];
  pr->numbered++;
  *info = (sharc_propagation_op){0};
  info->op = op;
  info->elementwise = sharc_sdy_is_elementwise(op);
  sharc_op_set_mark(op, mark);
  return info;
}

void sharc_propagation_forget_clean(sharc_propagation *pr) {
  /* the epoch has 15 bits in a note (see clean_key): past them every
   * note is cleared and the epochs start over */
  if (++pr->clean_epoch < 0x8000)
    return;
  for (unsigned i = 0; i < pr->ops.len; i++)
    pr->ops.items[i].clean = 0;
  pr->clean_epoch = 1;
}

sharc_attr *sharc_propagation_known_rule(sharc_propagation *pr, sharc_op *op) {
  sharc_propagation_op *info = sharc_propagation_op_info(pr, op);
  return info->rule_known ? info->rule : sharc_sdy_own_sharding_rule(op);
}

sharc_attr *sharc_propagation_op_rule(sharc_propagation *pr, sharc_propagation_op *info) {
  if (info->rule_known)
    return info->rule;
  info->rule = sharc_sdy_get_or_create_sharding_rule_cached(
      info->op, pr->options->conservative_propagation, pr->rules_on_ops, pr->rules);
  info->rule_known = true;
  if (info->rule) {
    /* read once per rule: ops alike share theirs (rules are uniqued) */
    sharc_propagation_rule_slot *s =
        &pr->rule_facts[sharc_ptr_slot(info->rule, SHARC_PROPAGATION_RULES_LOG2)];
    if (s->rule != info->rule)
      *s = (sharc_propagation_rule_slot){info->rule, sharc_rule_num_factors(info->rule),
                                         sharc_rule_has_factor_kind(info->rule,
                                                                    SHARC_RULE_IS_BLOCKED)};
    info->num_factors = s->num_factors;
    info->blocked = s->blocked;
  }
  return info->rule;
}

/* ---- the users of each function (SymbolUserMap) ------------------------------
 * MLIR walks the symbol uses of each op of the module in turn: the op's own
 * attributes, then its regions through a stack, so the ops of a block come
 * before the ops of regions nested in it, and nested regions are visited
 * last-pushed first. Only references to the module's functions are kept. */

typedef SHARC_VEC(sharc_region *) region_stack;

static void add_user(sharc_propagation *pr, sharc_op *func, sharc_op *user) {
  uintptr_t slot = (uintptr_t)sharc_ptrmap_get(&pr->func_users, func);
  if (!slot) {
    sharc_ptr_vec empty = {0};
    sharc_vec_push(&pr->user_lists, empty);
    slot = pr->user_lists.len;
    sharc_ptrmap_put(&pr->func_users, func, (void *)slot);
  }
  sharc_ptr_vec *users = &pr->user_lists.items[slot - 1];
  /* a SetVector: one entry per user, however often it refers */
  if (users->len && sharc_vec_last(users) == user)
    return;
  for (unsigned i = 0; i < users->len; i++)
    if (users->items[i] == user)
      return;
  sharc_vec_push(users, user);
}

/* Arrays and dictionaries found to refer to no function of the module,
 * direct-mapped by address: attributes are uniqued, and the ops of a
 * module repeat a few dictionaries and lists. */
typedef struct no_func_refs {
  const sharc_attr *slots[512];
} no_func_refs;

static const sharc_attr **no_func_refs_slot(no_func_refs *known, const sharc_attr *a) {
  return &known->slots[((uintptr_t)a >> 4) % 512];
}

static bool scan_attr(sharc_propagation *pr, sharc_op *user, const sharc_attr *a,
                      no_func_refs *known);

/* Scans the elements of an array or dictionary (`n` of them, by index
 * through `at`) unless known to refer to no function; returns whether
 * it refers to one. */
static bool scan_elements(sharc_propagation *pr, sharc_op *user, const sharc_attr *a,
                          no_func_refs *known) {
  const sharc_attr **slot = no_func_refs_slot(known, a);
  if (*slot == a)
    return false;
  bool refers = false;
  bool array = a->kind == SHARC_ATTR_ARRAY;
  unsigned n = array ? sharc_array_n(a) : sharc_dict_n(a);
  for (unsigned i = 0; i < n; i++) {
    const sharc_attr *e = array ? sharc_array_elems(a)[i] : sharc_dict_entries(a)[i].value;
    /* most elements hold nothing to scan: no call for those */
    if (e && (e->kind == SHARC_ATTR_SYMBOL_REF || e->kind == SHARC_ATTR_ARRAY ||
              e->kind == SHARC_ATTR_DICTIONARY))
      refers |= scan_attr(pr, user, e, known);
  }
  if (!refers)
    *slot = a;
  return refers;
}

static bool scan_attr(sharc_propagation *pr, sharc_op *user, const sharc_attr *a,
                      no_func_refs *known) {
  switch (sharc_attr_get_kind(a)) {
  case SHARC_ATTR_SYMBOL_REF: {
    sharc_op *target = sharc_symbol_lookup(pr->module, sharc_ident_str(sharc_attr_symbol_root(a)));
    if (!target || !sharc_op_isa(target, &sharc_func_func_def))
      return false;
    add_user(pr, target, user);
    return true;
  }
  case SHARC_ATTR_ARRAY:
  case SHARC_ATTR_DICTIONARY:
    return scan_elements(pr, user, a, known);
  default:
    return false;
  }
}

static void scan_op_and_regions(sharc_propagation *pr, sharc_op *op, region_stack *stack,
                                no_func_refs *known) {
  const sharc_attr *attrs = sharc_op_attrs(op);
  if (attrs)
    scan_attr(pr, op, attrs, known);
  if (sharc_op_has_trait(op, SHARC_TRAIT_SYMBOL_TABLE))
    return;
  for (unsigned r = 0; r < sharc_op_num_regions(op); r++)
    sharc_vec_push(stack, sharc_op_region(op, r));
}

static void build_users(sharc_propagation *pr) {
  pr->users_built = true;
  sharc_block *body = sharc_region_first_block(sharc_op_region(pr->module, 0));
  region_stack stack = {0};
  no_func_refs *known = sharc_xcalloc(1, sizeof *known);
  for (sharc_op *top = body ? sharc_block_first_op(body) : NULL; top; top = sharc_op_next(top)) {
    sharc_vec_clear(&stack);
    scan_op_and_regions(pr, top, &stack, known);
    while (stack.len) {
      sharc_region *r = sharc_vec_pop(&stack);
      for (sharc_block *b = sharc_region_first_block(r); b; b = sharc_block_next(b))
        for (sharc_op *op = sharc_block_first_op(b); op; op = sharc_op_next(op))
          scan_op_and_regions(pr, op, &stack, known);
    }
  }
  free(known);
  sharc_vec_free(&stack);
}

/* Whether an attribute may refer to `func`: the context keeps a bit per
 * root name of every symbol reference ever made, and a clear one says no
 * attribute names the function (most functions, main above all, have no
 * users then, and the module need not be scanned for them). */
static bool may_be_referred_to(sharc_op *func) {
  sharc_context *ctx = sharc_op_context(func);
  sharc_ident *name = sharc_ident_get(ctx, sharc_op_symbol_name(func));
  return (ctx->symbol_ref_roots & sharc_symbol_root_bit(name)) != 0;
}

sharc_op *const *sharc_propagation_func_users(sharc_propagation *pr, sharc_op *func,
                                              unsigned *n) {
  if (!pr->users_built && !may_be_referred_to(func)) {
    *n = 0;
    return NULL;
  }
  if (!pr->users_built)
    build_users(pr);
  uintptr_t slot = (uintptr_t)sharc_ptrmap_get(&pr->func_users, func);
  if (!slot) {
    *n = 0;
    return NULL;
  }
  *n = pr->user_lists.items[slot - 1].len;
  return (sharc_op *const *)pr->user_lists.items[slot - 1].items;
}

static void free_users(sharc_propagation *pr) {
  for (unsigned i = 0; i < pr->user_lists.len; i++)
    sharc_vec_free(&pr->user_lists.items[i]);
  sharc_vec_free(&pr->user_lists);
  sharc_ptrmap_free(&pr->func_users);
}

/* The module's function called `name` (getFuncOpOrDie), or NULL. */
static sharc_op *lookup_func(sharc_propagation *pr, const sharc_attr *ref) {
  if (!ref || sharc_attr_get_kind(ref) != SHARC_ATTR_SYMBOL_REF)
    return NULL;
  sharc_op *f = sharc_symbol_lookup(pr->module, sharc_ident_str(sharc_attr_symbol_root(ref)));
  return f && sharc_op_isa(f, &sharc_func_func_def) ? f : NULL;
}

static sharc_op *enclosing_func(sharc_op *op) {
  while (op && !sharc_op_isa(op, &sharc_func_func_def))
    op = sharc_op_parent_op(op);
  return op;
}

/* ---- shardings of function arguments ---------------------------------------------- */

static bool is_func_arg(const sharc_value *v) {
  if (!sharc_value_is_block_arg(v))
    return false;
  sharc_block *b = sharc_value_owner_block(v);
  sharc_op *owner = sharc_block_parent_op(b);
  return owner && sharc_op_isa(owner, &sharc_func_func_def) && sharc_block_is_entry(b);
}

/* A write of the sharding held for `v` (its shardable value, NULL when it
 * has none: nothing is stored) clears the notes of the ops whose visits
 * read it. An op result of an op without data flow edges, other than an
 * edge, and a function argument are read through themselves only: by
 * their own op and their users. Any other value shares its sharding with
 * an edge's targets and owner, and every note is forgotten. */
static void forget_note(sharc_propagation *pr, sharc_op *op) {
  sharc_propagation_op *info = sharc_propagation_op_find(pr, op);
  if (info)
    info->clean = 0;
}

static void forget_users(sharc_propagation *pr, sharc_value *v) {
  for (sharc_use *u = sharc_value_first_use(v); u; u = sharc_use_next(u))
    forget_note(pr, sharc_use_owner(u));
}

static void forget_readers(sharc_propagation *pr, sharc_value *v) {
  if (!v)
    return;
  if (v->vkind == SHARC_VALUE_RESULT) {
    sharc_op *owner = sharc_value_op_of(v);
    const sharc_op_def *def = sharc_op_def_of(owner);
    if (def && (def->data_flow || def == &sharc_sdy_data_flow_edge_def)) {
      sharc_propagation_forget_clean(pr);
      return;
    }
    forget_note(pr, owner);
  } else if (!is_func_arg(v)) {
    sharc_propagation_forget_clean(pr);
    return;
  }
  forget_users(pr, v);
}

/* sharc_sdy_func_arg_sharding through the last function's `arg_attrs` and
 * a direct-mapped table by argument dictionary (uniqued, never changed:
 * a write gives the function new ones, and ops reading an argument ask
 * at every step). */
static sharc_attr *func_arg_sharding(sharc_propagation *pr, const sharc_op *func,
                                     unsigned index) {
  if (pr->arg_attrs_of != func->attrs) {
    pr->arg_attrs_of = func->attrs;
    pr->arg_attrs = sharc_sdy_func_arg_attrs(func);
  }
  if (!pr->arg_attrs || index >= sharc_attr_count(pr->arg_attrs))
    return NULL;
  const sharc_attr *dict = sharc_attr_at(pr->arg_attrs, index);
  sharc_sdy_list_slot *s =
      &pr->arg_shardings_by_dict[sharc_ptr_slot(dict, SHARC_PROPAGATION_LISTS_LOG2)];
  if (s->dict != dict) {
    s->dict = dict;
    s->list = sharc_sdy_arg_dict_sharding(sharc_op_ctx_of(func), dict);
  }
  return s->list;
}

sharc_attr *sharc_propagation_get_sharding(sharc_propagation *pr, sharc_value *v) {
  if (pr->pending_args.len) {
    sharc_value *shardable = sharc_sdy_shardable_value(v);
    sharc_attr *pending = shardable && is_func_arg(shardable)
                              ? sharc_ptrmap_get(&pr->arg_shardings, shardable)
                              : NULL;
    if (pending)
      return pending;
  }
  /* a function's argument: its sharding is in the function's argument
   * attributes (sharc_sdy_get_sharding) */
  if (v->vkind == SHARC_VALUE_ARG) {
    sharc_op *owner = sharc_block_parent_op(sharc_value_block_of(v));
    if (owner && sharc_op_def_of(owner) == &sharc_func_func_def)
      return func_arg_sharding(pr, owner, sharc_value_index_of(v));
  }
  return sharc_sdy_get_sharding(v);
}

/* The `sdy.sharding` list of `op` through pr->lists: a visit reads every
 * operand's and result's sharding. */
static inline sharc_attr *sharding_list(sharc_propagation *pr, const sharc_op *op) {
  return sharc_sdy_cached_sharding_list(pr->lists, SHARC_PROPAGATION_LISTS_LOG2, op);
}

/* sharc_propagation_get_sharding, inline for most values: a result of an
 * op holding its results' shardings is never a pending function
 * argument. */
static inline sharc_attr *read_sharding(sharc_propagation *pr, sharc_value *v) {
  /* an sdy.constant's result too: its sharding is read from its list
   * (sharc_sdy_value_sharding), though not written there */
  if (sharc_sdy_sharding_in_result_list(v) ||
      (v->vkind == SHARC_VALUE_RESULT &&
       sharc_op_def_of(sharc_value_op_of(v)) == &sharc_sdy_constant_def))
    return sharc_sdy_sharding_list_at(sharding_list(pr, sharc_value_op_of(v)),
                                      sharc_value_index_of(v));
  return sharc_propagation_get_sharding(pr, v);
}

/* sharc_sdy_replace_sharding_at_index, the new list remembered in a
 * direct-mapped table where it is a function of the old list, the index
 * and the sharding alone: for an op of one result (the list is the
 * sharding) and for a list holding an entry per result (no default entry
 * is built from a result's type). */
static void write_sharding_in_list(sharc_propagation *pr, sharc_op *op, unsigned index,
                                   sharc_attr *sharding) {
  unsigned n = op->num_results;
  bool whole = n == 1 && index == 0;
  const sharc_attr *list = whole ? NULL : sharding_list(pr, op);
  if (!sharding || (!whole && sharc_sdy_sharding_list_size(list) != n)) {
    sharc_sdy_replace_sharding_at_index(op, index, sharding);
    return;
  }
  uintptr_t key = (uintptr_t)sharding ^ (uintptr_t)list * 31 ^ index;
  sharc_propagation_replaced_slot *s =
      &pr->replaced[sharc_ptr_slot((const void *)key, SHARC_PROPAGATION_LISTS_LOG2)];
  if (!s->result || s->list != list || s->sharding != sharding || s->index != index)
    *s = (sharc_propagation_replaced_slot){
        list, sharding, index, sharc_sdy_sharding_per_value_replace(op, list, n, index, sharding)};
  sharc_op_set_attr_static(op, SHARC_SDY_SHARDING_ATTR, s->result);
}

void sharc_propagation_set_sharding(sharc_propagation *pr, sharc_value *v, sharc_attr *sharding) {
  /* most values: their own shardable value, read by their op and users,
   * their sharding in their op's list */
  if (sharc_sdy_sharding_in_result_list(v)) {
    sharc_op *op = sharc_value_op_of(v);
    forget_note(pr, op);
    forget_users(pr, v);
    write_sharding_in_list(pr, op, sharc_value_index_of(v), sharding);
    return;
  }
  sharc_value *shardable = sharc_sdy_shardable_value(v);
  forget_readers(pr, shardable);
  if (!shardable || !is_func_arg(shardable) || !sharding) {
    sharc_sdy_set_sharding(v, sharding);
    return;
  }
  if (!sharc_ptrmap_get(&pr->arg_shardings, shardable))
    sharc_vec_push(&pr->pending_args, shardable);
  sharc_ptrmap_put(&pr->arg_shardings, shardable, sharding);
}

/* Writes the pending argument shardings, one attribute rebuild per
 * function. */
static void flush_arg_shardings(sharc_propagation *pr) {
  sharc_ptrmap slot = {0}; /* func -> index + 1 into `funcs` */
  SHARC_VEC(sharc_op *) funcs = {0};
  SHARC_VEC(sharc_attr **) values = {0};
  for (unsigned i = 0; i < pr->pending_args.len; i++) {
    sharc_value *arg = pr->pending_args.items[i];
    sharc_op *func = sharc_block_parent_op(sharc_value_owner_block(arg));
    uintptr_t k = (uintptr_t)sharc_ptrmap_get(&slot, func);
    if (!k) {
      sharc_attr **row = sharc_xcalloc(sharc_func_num_args(func) + 1, sizeof *row);
      sharc_vec_push(&funcs, func);
      sharc_vec_push(&values, row);
      k = funcs.len;
      sharc_ptrmap_put(&slot, func, (void *)k);
    }
    unsigned index = sharc_value_index(arg);
    if (index < sharc_func_num_args(func))
      values.items[k - 1][index] = sharc_ptrmap_get(&pr->arg_shardings, arg);
  }
  for (unsigned i = 0; i < funcs.len; i++) {
    sharc_func_set_each_arg_attr(funcs.items[i], SHARC_SDY_SHARDING_ATTR, values.items[i]);
    free(values.items[i]);
  }
  sharc_vec_free(&funcs);
  sharc_vec_free(&values);
  sharc_ptrmap_free(&slot);
  sharc_ptrmap_free(&pr->arg_shardings);
  sharc_vec_free(&pr->pending_args);
}

/* ---- telling the greedy driver what changed -------------------------------------
 * After a value's sharding changes, the ops that read it (its owner, its
 * users, the data flow edges it is a source of, the call sites or callees
 * it reaches through returns and calls) are put back on the worklist; the
 * op being propagated through is not (it has just been). */

/* Following returns to call sites and call operands into callees, the
 * same value can only come back through a recursive function (which
 * Shardy does not expect, calls being inlined or flattened first): values
 * reached that way are visited once. */
typedef struct notifier {
  sharc_propagation *pr;
  sharc_rewriter *rw;
  sharc_op *self;
  sharc_ptrmap visited; /* values reached through calls */
} notifier;

static void notify_op(notifier *n, sharc_op *op) {
  if (op && op != n->self)
    sharc_rw_modified(n->rw, op);
}

static void notify_users(notifier *n, sharc_value *v);

static void notify_users_across_call(notifier *n, sharc_value *v) {
  if (sharc_ptrmap_get(&n->visited, v))
    return;
  sharc_ptrmap_put(&n->visited, v, v);
  notify_users(n, v);
}

static void notify_terminator_users(notifier *n, sharc_op *term, sharc_use *use) {
  if (!sharc_op_isa(term, &sharc_func_return_def)) {
    notify_op(n, sharc_op_parent_op(term));
    return;
  }
  sharc_op *func = enclosing_func(term);
  unsigned num_users = 0;
  sharc_op *const *users = func ? sharc_propagation_func_users(n->pr, func, &num_users) : NULL;
  /* the main function has no caller, nor do functions only named by
   * attributes (e.g. custom calls' called computations) */
  if (!num_users) {
    notify_op(n, sharc_op_parent_op(term));
    return;
  }
  unsigned index = sharc_use_operand_index(use);
  for (unsigned i = 0; i < num_users; i++) {
    sharc_op *call = users[i];
    if (sharc_op_is_erased(call) || !sharc_op_isa(call, &sharc_func_call_def) ||
        index >= sharc_op_num_results(call))
      continue;
    notify_users_across_call(n, sharc_op_result(call, index));
  }
}

static void notify_callee_arg_users(notifier *n, sharc_op *call, sharc_use *use) {
  sharc_op *func = lookup_func(n->pr, sharc_op_attr(call, "callee"));
  sharc_block *body = func ? sharc_func_body(func) : NULL;
  unsigned index = sharc_use_operand_index(use);
  if (body && index < sharc_block_num_args(body))
    notify_users_across_call(n, sharc_block_arg(body, index));
}

static void notify_users(notifier *n, sharc_value *v) {
  for (sharc_use *u = v->uses; u; u = u->next) {
    sharc_op *user = u->owner;
    const sharc_op_def *def = sharc_op_def_of(user);
    /* most users: neither a terminator, a call nor a data flow op (the
     * cases below), so no edge's source either */
    if (def && !def->data_flow && !(def->traits & SHARC_TRAIT_TERMINATOR) &&
        def != &sharc_func_call_def) {
      notify_op(n, user);
      continue;
    }
    sharc_op *edge = sharc_sdy_data_flow_edge_of_source(u);
    if (edge)
      notify_op(n, edge);
    else if (sharc_op_has_trait(user, SHARC_TRAIT_TERMINATOR))
      notify_terminator_users(n, user, u);
    else if (sharc_op_isa(user, &sharc_func_call_def))
      notify_callee_arg_users(n, user, u);
    else
      notify_op(n, user);
  }
}

static void notify_sharding_modified(notifier *n, sharc_value *v) {
  /* most values: no edge's result, owned by their op */
  if (sharc_sdy_sharding_in_result_list(v)) {
    notify_op(n, sharc_value_op_of(v));
    notify_users(n, v);
    return;
  }
  sharc_op *def = sharc_value_defining_op(v);
  if (def && sharc_op_isa(def, &sharc_sdy_data_flow_edge_def)) {
    sharc_ptrvec targets = {0};
    sharc_sdy_data_flow_edge_non_owner_targets(def, &targets);
    for (unsigned i = 0; i < targets.len; i++)
      notify_users(n, targets.items[i]);
    sharc_ptrvec_free(&targets);
  }
  notify_op(n, sharc_sdy_owning_op(v));
  notify_users(n, v);
}

/* ---- propagating through one op ------------------------------------------------- */

/* One side (operands or results) of the op propagation goes through: the
 * tensors, their current shardings, and how a new sharding is stored. */
typedef struct tensor_side {
  sharc_propagation *pr;
  sharc_value *const *values;
  sharc_attr *const *shardings; /* NULL entries: none */
  unsigned n;
  void (*set)(const struct tensor_side *side, unsigned index, sharc_attr *sharding);
  void *target; /* what `set` writes to, when not the values */
  bool is_func_result;
  bool results_follow; /* operands: the results' shardings follow these in one array */
} tensor_side;

static void set_value_sharding(const tensor_side *side, unsigned index, sharc_attr *sharding) {
  sharc_propagation_set_sharding(side->pr, side->values[index], sharding);
}

/* updateTensorSharding: stores the sharding projected back from the
 * tensor's factor shardings when it differs from the current one, tells
 * the worklist, and gives it to the other members of the tensor's sharding
 * group. */
static bool update_tensor(sharc_propagation *pr, const tensor_side *side, unsigned index,
                          sharc_attr *sharding, notifier *n) {
  sharc_attr *old = side->shardings[index];
  if ((!old && sharc_sdy_sharding_empty_axes(sharding)) || sharding == old)
    return false;
  side->set(side, index, sharding);
  /* a function result feeds nothing but its return value, in no group */
  if (side->is_func_result)
    return true;
  sharc_value *v = side->values[index];
  sharc_value *modified = sharc_sdy_sharding_in_result_list(v) ? v : sharc_sdy_shardable_value(v);
  if (!modified)
    return true;
  if (n)
    notify_sharding_modified(n, modified);
  unsigned num_members;
  sharc_value *const *members = sharc_sharding_group_members(&pr->groups, modified, &num_members);
  for (unsigned i = 0; i < num_members; i++) {
    if (members[i] == modified)
      continue;
    sharc_propagation_set_sharding(pr, members[i], sharding);
    if (n)
      notify_sharding_modified(n, members[i]);
  }
  return true;
}

/* Stores the projected shardings of both sides (`projected` has one entry
 * per tensor, operands first; NULL where the factor shardings did not
 * change) and tells the worklist. Returns whether any tensor changed. */
static bool store_projected(sharc_propagation *pr, const tensor_side *operands,
                            const tensor_side *results, sharc_attr *const *projected,
                            sharc_op *op, sharc_rewriter *rw) {
  notifier nt = {pr, rw, op, {0}};
  bool any = false;
  for (unsigned i = 0; i < operands->n; i++)
    if (projected[i])
      any |= update_tensor(pr, operands, i, projected[i], rw ? &nt : NULL);
  for (unsigned i = 0; i < results->n; i++)
    if (projected[operands->n + i])
      any |= update_tensor(pr, results, i, projected[operands->n + i], rw ? &nt : NULL);
  sharc_ptrmap_free(&nt.visited);
  return any;
}

/* `stack` (of `stack_size` bytes) when `need` bytes fit, else new memory
 * that release() frees. */
static void *scratch(void *stack, size_t stack_size, size_t need) {
  if (need <= stack_size)
    return stack;
  void *p = sharc_xmalloc(need);
  return p;
}

static void release(void *p, void *stack) {
  if (p != stack)
    free(p);
}

static sharc_sdy_propagation_direction cached_direction(void *user, unsigned factor) {
  const sharc_sdy_propagation_direction *dirs = user;
  return dirs[factor];
}

/* The direction propagation may take along every factor of a rule
 * through an op. Blocked factors do not propagate at all. Directions are
 * asked once per factor: the strategies need nothing else of them, and
 * when no factor may propagate (most ops in the first op-priority rounds)
 * nothing can change, whatever the shardings. */
typedef struct directions {
  sharc_sdy_propagation_direction *along; /* one per factor */
  unsigned num_factors;
  /* the direction of every factor, or SHARC_DIRECTIONS_PER_FACTOR */
  int uniform;
  bool any;                               /* some factor may propagate */
  bool filled; /* `along` holds the uniform direction (filled when first read) */
  signed char elementwise; /* what the op's entry knows of it (step.elementwise) */
  sharc_sdy_propagation_direction stack[16];
} directions;

/* The direction along every factor, `along` filled on the first ask. */
static const sharc_sdy_propagation_direction *directions_along(directions *d) {
  if (!d->filled) {
    sharc_directions_fill(d->along, d->num_factors, (sharc_sdy_propagation_direction)d->uniform);
    d->filled = true;
  }
  return d->along;
}

/* The directions along factors first..first+count-1 (count <= 32), two
 * bits each, packed in one word: the step memo's key and a visit's note
 * hold them so. A uniform direction is spread with one multiply, without
 * filling `along`. */
static inline uint64_t directions_word(const directions *d, unsigned first, unsigned count) {
  uint64_t mask = count >= 32 ? ~(uint64_t)0 : ((uint64_t)1 << 2 * count) - 1;
  if (d->uniform != SHARC_DIRECTIONS_PER_FACTOR)
    return (uint64_t)d->uniform * 0x5555555555555555u & mask;
  uint64_t word = 0;
  for (unsigned f = 0; f < count; f++)
    word |= (uint64_t)d->along[first + f] << 2 * f;
  return word;
}

/* What one propagation step needs besides the two sides. */
typedef struct step {
  const sharc_attr *rule;
  sharc_attr *const *all; /* the shardings, operands first */
  sharc_attr *mesh_or_ref; /* the shardings' common mesh; found by `project` when NULL */
  directions *d;
  const sharc_factor_propagation *fp;
  bool conservative;
  signed char elementwise; /* the op's sharc_sdy_is_elementwise; -1: not asked */
  sharc_op *op;
  sharc_rewriter *rw;
} step;

/* Projects both sides through the rule on their mesh, lets the strategy
 * propagate along the factors and projects back: into `projected` (one
 * entry per tensor), the shardings of the tensors whose factor shardings
 * changed, NULL for the others. Only with debugging on are they stored
 * here too (the recorded step covers the stores); returns whether any
 * changed then. */
static bool project(sharc_propagation *pr, const tensor_side *operands,
                    const tensor_side *results, const step *s, sharc_attr **projected) {
  unsigned n = operands->n + results->n;
  for (unsigned t = 0; t < n; t++)
    projected[t] = NULL;
  /* no sharding at all, or shardings on different meshes: nothing to do */
  if (!s->mesh_or_ref)
    return false;
  sharc_attr *mesh = sharc_sdy_mesh_or_ref_mesh(s->mesh_or_ref, s->op);
  /* maximal meshes stand for special ops (send, recv): not propagated */
  if (!mesh || sharc_sdy_mesh_is_maximal(mesh))
    return false;
  unsigned num_factors = sharc_rule_num_factors(s->rule);
  int64_t stack_sizes[16];
  bool stack_updated[16];
  int64_t *sizes = scratch(stack_sizes, sizeof stack_sizes, num_factors * sizeof *sizes);
  bool *updated = scratch(stack_updated, sizeof stack_updated, n * sizeof *updated);
  for (unsigned f = 0; f < num_factors; f++)
    sizes[f] = sharc_rule_factor_size(s->rule, f);
  sharc_projection p;
  sharc_projection_build(&p, sharc_op_context(s->op), s->all, s->all + operands->n, s->rule, mesh,
                         false);
  sharc_source_sharding_step *recorded =
      pr->debug ? sharc_source_sharding_begin(pr->debug, s->op, &p) : NULL;
  sharc_factor_propagate(s->fp, &p, cached_direction, (void *)directions_along(s->d), sizes,
                         num_factors, mesh, s->conservative, s->op, updated);
  for (unsigned t = 0; t < n; t++)
    projected[t] = updated[t] ? sharc_projection_tensor_sharding(&p, t, s->mesh_or_ref) : NULL;
  bool any = false;
  if (recorded) {
    any = store_projected(pr, operands, results, projected, s->op, s->rw);
    sharc_source_sharding_end(pr->debug, recorded, operands->values, operands->n,
                              results->values, results->n, mesh, s->rule, &p, any);
  }
  sharc_projection_free(&p);
  release(sizes, stack_sizes);
  release(updated, stack_updated);
  return any;
}

/* The step memo's key: the strategy, the rule, the flags the strategies
 * read (conservative propagation; an element-wise op), where a mesh name
 * is looked up (the nearest symbol table), the shardings (NULL: none; they
 * name their mesh) and the direction along every factor. The shardings'
 * common mesh is a function of the shardings and the symbol table, so a
 * hit need not find it. */
static sharc_op *nearest_symbol_table(sharc_propagation *pr, sharc_op *op) {
  const sharc_op_def *def = sharc_op_def_of(op);
  if (def && (def->traits & SHARC_TRAIT_SYMBOL_TABLE))
    return op;
  sharc_block *block = op->block;
  if (!block || block != pr->symbol_table_block) {
    pr->symbol_table_block = block;
    pr->symbol_table = sharc_symbol_table_op(op);
  }
  return pr->symbol_table;
}

static inline unsigned step_key(sharc_propagation *pr, const step *s, unsigned n,
                                uintptr_t *key) {
  unsigned k = 0;
  key[k++] = (uintptr_t)s->fp;
  key[k++] = (uintptr_t)nearest_symbol_table(pr, s->op);
  key[k++] = (uintptr_t)s->rule;
  bool elementwise = s->elementwise < 0 ? sharc_sdy_is_elementwise(s->op) : s->elementwise;
  key[k++] = (uintptr_t)s->conservative | (uintptr_t)elementwise << 1 | (uintptr_t)n << 2;
  for (unsigned i = 0; i < n; i++)
    key[k++] = (uintptr_t)s->all[i];
  /* two bits a direction, packed: a shorter key to hash and compare (the
   * rule gives the number of factors) */
  for (unsigned f = 0; f < s->d->num_factors; f += 32)
    key[k++] = (uintptr_t)directions_word(s->d, f, s->d->num_factors - f < 32
                                                       ? s->d->num_factors - f
                                                       : 32);
  return k;
}

/* A step looked up in the memo under `key` (`key_len` words hashing to
 * `hash`): what the same step gave before (`known`, of `value_len`
 * words), or, when not found, a new projection remembered. */
static bool apply_step(sharc_propagation *pr, const tensor_side *operands,
                       const tensor_side *results, step *s, const uintptr_t *key,
                       unsigned key_len, uint64_t hash, const uintptr_t *known,
                       unsigned value_len) {
  unsigned n = operands->n + results->n;
  if (known)
    return value_len && store_projected(pr, operands, results, (sharc_attr *const *)known, s->op,
                                        s->rw);
  sharc_attr *stack_projected[16];
  sharc_attr **projected = scratch(stack_projected, sizeof stack_projected, n * sizeof *projected);
  s->mesh_or_ref = sharc_sdy_common_mesh_or_ref(s->all, n, s->op, false);
  project(pr, operands, results, s, projected);
  bool changed = false;
  for (unsigned t = 0; t < n; t++)
    changed |= projected[t] != NULL;
  /* an empty value: nothing changes */
  sharc_word_memo_add_hashed(&pr->steps, hash, key, key_len, (const uintptr_t *)projected,
                             changed ? n : 0);
  bool any = changed && store_projected(pr, operands, results, projected, s->op, s->rw);
  release(projected, stack_projected);
  return any;
}

/* The words of a step's key (step_key) for `n` tensors, at most. */
static size_t step_key_words(unsigned n, const directions *d) {
  return (size_t)5 + n + d->num_factors;
}

/* A step through the memo: what the same step gave before, or a new
 * projection remembered. */
static bool remembered_step(sharc_propagation *pr, const tensor_side *operands,
                            const tensor_side *results, step *s) {
  unsigned n = operands->n + results->n;
  uintptr_t stack_key[48];
  uintptr_t *key = scratch(stack_key, sizeof stack_key, step_key_words(n, s->d) * sizeof *key);
  unsigned key_len = step_key(pr, s, n, key);
  unsigned value_len = 0;
  uint64_t hash = sharc_word_memo_hash(key, key_len);
  const uintptr_t *known = sharc_word_memo_find_hashed(&pr->steps, hash, key, key_len, &value_len);
  bool any = apply_step(pr, operands, results, s, key, key_len, hash, known, value_len);
  release(key, stack_key);
  return any;
}

/* The directions through `op` of a rule of `num_factors` factors, some of
 * them blocked when `has_blocked`. */
static inline void directions_fill(directions *d, const sharc_attr *rule, unsigned num_factors,
                                   bool has_blocked, sharc_get_direction_fn direction,
                                   void *direction_user, sharc_op *op) {
  d->along = scratch(d->stack, sizeof d->stack, num_factors * sizeof *d->along);
  d->num_factors = num_factors;
  d->any = false;
  d->elementwise = -1;
  d->filled = true;
  d->uniform = direction(direction_user, op, num_factors, d->along);
  if (d->uniform != SHARC_DIRECTIONS_PER_FACTOR) {
    /* most visits are skipped or propagate along no factor: the uniform
     * direction is spread over `along` only when a step reads it */
    if (!has_blocked) {
      d->filled = false;
      d->any = num_factors && d->uniform != SHARC_SDY_PROPAGATION_NONE;
      return;
    }
    sharc_directions_fill(d->along, num_factors, (sharc_sdy_propagation_direction)d->uniform);
    d->uniform = SHARC_DIRECTIONS_PER_FACTOR;
  }
  if (has_blocked) {
    bool stack_blocked[16];
    bool *blocked = scratch(stack_blocked, sizeof stack_blocked, num_factors * sizeof *blocked);
    memset(blocked, 0, num_factors * sizeof *blocked);
    sharc_rule_mark_factor_kind(rule, SHARC_RULE_IS_BLOCKED, blocked, num_factors);
    for (unsigned f = 0; f < num_factors; f++)
      if (blocked[f])
        d->along[f] = SHARC_SDY_PROPAGATION_NONE;
    release(blocked, stack_blocked);
  }
  for (unsigned f = 0; f < num_factors; f++)
    d->any |= d->along[f] != SHARC_SDY_PROPAGATION_NONE;
}

static void directions_init(directions *d, const sharc_attr *rule,
                            sharc_get_direction_fn direction, void *direction_user,
                            sharc_op *op) {
  directions_fill(d, rule, sharc_rule_num_factors(rule),
                  sharc_rule_has_factor_kind(rule, SHARC_RULE_IS_BLOCKED), direction,
                  direction_user, op);
}

static void directions_free(directions *d) { release(d->along, d->stack); }

/* Whether one of the `n` shardings is set: without one there is no
 * common mesh (sharc_sdy_common_mesh_or_ref), and no step to look up. */
static bool any_sharding(sharc_attr *const *shardings, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    if (shardings[i])
      return true;
  return false;
}

/* propagateTensorShardings: projects both sides through `rule` on their
 * common mesh, lets the strategy propagate along the factors in the
 * directions `d` and stores the shardings that changed. `rw` is NULL when
 * the worklist need not know (function results). Returns whether anything
 * changed. */
static bool propagate_tensors(sharc_propagation *pr, const tensor_side *operands,
                              const tensor_side *results, const sharc_attr *rule,
                              directions *d, const sharc_factor_propagation *fp,
                              bool conservative, sharc_op *op, sharc_rewriter *rw) {
  /* with debugging on, every step is recorded, so none is skipped or
   * replayed */
  if (!d->any && !pr->debug)
    return false;
  unsigned n = operands->n + results->n;
  sharc_attr *stack_all[16];
  sharc_attr **joined = NULL;
  sharc_attr *const *all = operands->shardings;
  if (!operands->results_follow) {
    joined = scratch(stack_all, sizeof stack_all, n * sizeof *joined);
    for (unsigned i = 0; i < operands->n; i++)
      joined[i] = operands->shardings[i];
    for (unsigned i = 0; i < results->n; i++)
      joined[operands->n + i] = results->shardings[i];
    all = joined;
  }
  step s = {rule, all, NULL, d, fp, conservative, d->elementwise, op, rw};
  bool any = false;
  sharc_attr *stack_projected[16];
  sharc_attr **projected = NULL;
  if (!any_sharding(all, n)) {
    /* no common mesh: nothing to do */
  } else if (pr->debug || !rw) {
    s.mesh_or_ref = sharc_sdy_common_mesh_or_ref(all, n, op, false);
    projected = scratch(stack_projected, sizeof stack_projected, n * sizeof *projected);
    any = project(pr, operands, results, &s, projected);
    /* function results: not remembered (no worklist, `op` is the
     * function); with debugging, `project` stored them */
    if (!pr->debug)
      any = store_projected(pr, operands, results, projected, op, rw);
  } else {
    any = remembered_step(pr, operands, results, &s);
  }
  if (projected)
    release(projected, stack_projected);
  if (joined)
    release(joined, stack_all);
  return any;
}

/* Both sides are the values themselves, read with getSharding and written
 * with setSharding, along the directions `d`. */
static bool propagate_values_along(sharc_propagation *pr, sharc_value *const *operands,
                                   unsigned n_ops, sharc_value *const *results, unsigned n_res,
                                   const sharc_attr *rule, directions *d, sharc_op *op,
                                   sharc_rewriter *rw, const sharc_factor_propagation *fp,
                                   bool conservative) {
  sharc_attr *stack[16];
  sharc_attr **shardings = scratch(stack, sizeof stack, (n_ops + n_res) * sizeof *shardings);
  for (unsigned i = 0; i < n_ops; i++)
    shardings[i] = read_sharding(pr, operands[i]);
  for (unsigned i = 0; i < n_res; i++)
    shardings[n_ops + i] = read_sharding(pr, results[i]);
  tensor_side ops_side = {pr, operands, shardings, n_ops, set_value_sharding, NULL, false, true};
  tensor_side res_side = {pr,   results, shardings + n_ops, n_res, set_value_sharding,
                          NULL, false,   false};
  bool any = propagate_tensors(pr, &ops_side, &res_side, rule, d, fp, conservative, op, rw);
  release(shardings, stack);
  return any;
}

/* Whether a step along `d` can do anything: some factor may
 * propagate, or debugging records every step. */
static bool may_propagate(const sharc_propagation *pr, const directions *d) {
  return d->any || pr->debug;
}

/* ---- function results --------------------------------------------------------- */

static void set_func_result(const tensor_side *side, unsigned index, sharc_attr *sharding) {
  (void)index;
  *(sharc_attr **)side->target = sharding;
}

/* propagateFuncResults: each returned value and the function's result
 * sharding are the operand and result of an identity op, propagated both
 * ways (whatever the pass's directions) without telling the worklist. The
 * result shardings are written together at the end (each write rebuilds
 * the attributes of all results; every result is read before its own
 * update only). */
static void propagate_func_results(sharc_propagation *pr, sharc_op *func,
                                   const sharc_factor_propagation *fp) {
  sharc_block *body = sharc_func_body(func);
  sharc_op *term = body ? sharc_block_terminator(body) : NULL;
  unsigned n = term ? sharc_op_num_operands(term) : 0;
  unsigned num_results = sharc_func_num_results(func);
  sharc_attr **updates = sharc_xcalloc((n > num_results ? n : num_results) + 1, sizeof *updates);
  for (unsigned i = 0; i < n; i++) {
    sharc_value *value = sharc_op_operand(term, i);
    sharc_type *type = sharc_value_type(value);
    /* tokens and dynamic shapes have no sharding to carry */
    if (!sharc_sdy_type_is_static(type))
      continue;
    sharc_attr *operand_sharding = sharc_propagation_get_sharding(pr, value);
    sharc_attr *result_sharding = sharc_sdy_func_result_sharding(func, i);
    tensor_side ops_side = {pr,   &value, &operand_sharding, 1, set_value_sharding,
                            NULL, false,  false};
    tensor_side res_side = {pr,          &value, &result_sharding, 1, set_func_result,
                            &updates[i], true,   false};
    sharc_attr *rule = sharc_rule_identity(sharc_op_context(func), type, 1, 1);
    directions d;
    directions_init(&d, rule, sharc_propagate_any, NULL, func);
    (void)propagate_tensors(pr, &ops_side, &res_side, rule, &d, fp, false, func, NULL);
    directions_free(&d);
  }
  if (n <= num_results)
    sharc_func_set_each_result_attr(func, SHARC_SDY_SHARDING_ATTR, updates);
  free(updates);
}

/* getMainFuncOrDie(useSingleFunc=true): the module's only function, else
 * `main` (Shardy aborts when there is none; this reports it). */
static sharc_op *main_func(sharc_propagation *pr) {
  sharc_block *body = sharc_region_first_block(sharc_op_region(pr->module, 0));
  sharc_op *only = NULL;
  unsigned count = 0;
  for (sharc_op *op = body ? sharc_block_first_op(body) : NULL; op; op = sharc_op_next(op))
    if (sharc_op_isa(op, &sharc_func_func_def)) {
      only = op;
      count++;
    }
  if (count == 1)
    return only;
  sharc_op *main = sharc_symbol_lookup(pr->module, SHARC_STR("main"));
  if (main && sharc_op_isa(main, &sharc_func_func_def))
    return main;
  sharc_emit(sharc_op_context(pr->module), SHARC_SEV_ERROR, sharc_op_loc(pr->module),
             "Failed to lookup function: main");
  return NULL;
}

/* ---- the patterns --------------------------------------------------------------- */

typedef struct pattern_state {
  sharc_propagation *pr;
  const sharc_factor_propagation *fp;
  sharc_get_direction_fn direction;
  void *direction_user;
} pattern_state;

/* The static shaped type of a value, or NULL (tokens, dynamic shapes). */
static sharc_type *static_type(sharc_value *v) {
  sharc_type *t = sharc_value_type(v);
  return sharc_sdy_type_is_static(t) ? t : NULL;
}

/* The note a visit along `d` that stores nothing leaves in its op's entry
 * (sharc_propagation_op.clean): the directions, two bits each, the epoch
 * and a bit that makes it nonzero. 0: not noted (debugging records every
 * visit; a rule of more factors than the word holds). */
enum { CLEAN_FACTORS = 24, CLEAN_EPOCH_SHIFT = 48 };

static uint64_t clean_key(const sharc_propagation *pr, const directions *d) {
  if (pr->debug || d->num_factors > CLEAN_FACTORS)
    return 0;
  return (uint64_t)1 << 63 | (uint64_t)pr->clean_epoch << CLEAN_EPOCH_SHIFT |
         directions_word(d, 0, d->num_factors);
}

/* Gathers the op's operands and results and propagates through it along
 * `d` (with debugging on: every step recorded); returns whether anything
 * was stored. */
static bool propagate_op_values_along(pattern_state *st, sharc_op *op, sharc_attr *rule,
                                      directions *d, sharc_rewriter *rw) {
  sharc_value *stack[16];
  sharc_value **values = sharc_sdy_operands_then_results(op, stack);
  unsigned n_ops = sharc_op_num_operands(op);
  bool any = propagate_values_along(st->pr, values, n_ops, values + n_ops,
                                    sharc_op_num_results(op), rule, d, op, rw, st->fp,
                                    st->pr->options->conservative_propagation);
  if (values != stack)
    free(values);
  return any;
}

/* The shardings of the op's operands then results into `all`; returns
 * whether any is set. */
static bool read_op_shardings(sharc_propagation *pr, sharc_op *op, sharc_attr **all) {
  unsigned n_ops = op->num_operands, n_res = op->num_results;
  const sharc_use *uses = sharc_op_operands_of(op);
  sharc_value *results = sharc_op_results_of(op);
  uintptr_t some = 0;
  for (unsigned i = 0; i < n_ops; i++)
    some |= (uintptr_t)(all[i] = read_sharding(pr, uses[i].value));
  for (unsigned i = 0; i < n_res; i++)
    some |= (uintptr_t)(all[n_ops + i] = read_sharding(pr, &results[i]));
  return some != 0;
}

/* propagate_op_values_along without debugging: the shardings are read and
 * the step looked up first, and the op's values gathered only when the
 * step stores something or is new (most visits that get here find a step
 * that stores nothing). */
static bool propagate_op_values(pattern_state *st, sharc_op *op, sharc_attr *rule,
                                directions *d, sharc_rewriter *rw) {
  sharc_propagation *pr = st->pr;
  if (pr->debug || !d->any || !rw)
    return propagate_op_values_along(st, op, rule, d, rw);
  unsigned n_ops = op->num_operands, n = n_ops + op->num_results;
  sharc_attr *stack_all[16];
  sharc_attr **all = scratch(stack_all, sizeof stack_all, n * sizeof *all);
  bool any = false;
  /* no sharding at all: no common mesh, nothing to do */
  if (read_op_shardings(pr, op, all)) {
    step s = {rule, all, NULL, d, st->fp, pr->options->conservative_propagation,
              d->elementwise, op, rw};
    uintptr_t stack_key[48];
    uintptr_t *key = scratch(stack_key, sizeof stack_key, step_key_words(n, d) * sizeof *key);
    unsigned key_len = step_key(pr, &s, n, key);
    unsigned value_len = 0;
    uint64_t hash = sharc_word_memo_hash(key, key_len);
    const uintptr_t *known =
        sharc_word_memo_find_hashed(&pr->steps, hash, key, key_len, &value_len);
    if (!known || value_len) {
      sharc_value *stack[16];
      sharc_value **values = sharc_sdy_operands_then_results(op, stack);
      tensor_side ops_side = {pr, values, all, n_ops, set_value_sharding, NULL, false, true};
      tensor_side res_side = {pr,   values + n_ops, all + n_ops, n - n_ops, set_value_sharding,
                              NULL, false,          false};
      any = apply_step(pr, &ops_side, &res_side, &s, key, key_len, hash, known, value_len);
      if (values != stack)
        free(values);
    }
    release(key, stack_key);
  }
  release(all, stack_all);
  return any;
}

/* PropagateRegisteredOp: any op with a sharding rule, on the op or from the
 * registry (which stores it on the op). A visit along the directions of the
 * op's last visit, which stored nothing, with none of the shardings it
 * reads written since, stores nothing either and is skipped (see
 * sharc_propagation.clean_epoch). */
static bool propagate_registered_op(sharc_op *op, sharc_rewriter *rw, void *state) {
  pattern_state *st = state;
  sharc_propagation *pr = st->pr;
  sharc_propagation_op *info = sharc_propagation_op_info(pr, op);
  sharc_attr *rule = sharc_propagation_op_rule(pr, info);
  if (!rule)
    return false;
  /* what the visit needs of the entry, read before the direction function
   * runs: it may number ops, which can move the entries (found again then) */
  unsigned numbered = pr->numbered;
  unsigned num_factors = info->num_factors;
  bool blocked = info->blocked;
  signed char elementwise = info->elementwise;
  /* the directions first: in the early op-priority rounds most ops may
   * propagate along no factor, and their values need not be gathered */
  directions d;
  directions_fill(&d, rule, num_factors, blocked, st->direction, st->direction_user, op);
  d.elementwise = elementwise;
  bool any = false;
  if (may_propagate(pr, &d)) {
    uint64_t key = clean_key(pr, &d);
    if (pr->numbered != numbered)
      info = sharc_propagation_op_find(pr, op);
    if (!key || !info || info->clean != key) {
      numbered = pr->numbered;
      any = propagate_op_values(st, op, rule, &d, rw);
      if (pr->numbered != numbered)
        info = sharc_propagation_op_find(pr, op);
      if (info)
        info->clean = any ? 0 : key;
    }
  }
  directions_free(&d);
  return any;
}

static void set_edge_sharding(const tensor_side *side, unsigned index, sharc_attr *sharding) {
  (void)index;
  sharc_op *edge = side->target;
  sharc_value *owner = sharc_op_operand(edge, 0);
  sharc_op *owner_op = sharc_sdy_owning_op(owner);
  if (owner_op && sharc_sdy_data_flow(owner_op))
    sharding = sharc_sdy_transform_target_sharding(owner_op, owner, sharding,
                                                   SHARC_SDY_AFTER_EDGE_PROPAGATION);
  /* the edge's sharding is its targets' and owner's (forget_readers) */
  sharc_propagation_forget_clean(side->pr);
  sharc_op_set_attr(edge, "sharding", sharding);
}

/* The current shardings of `n` values, malloc'd (free it). */
static sharc_attr **current_shardings(sharc_propagation *pr, void *const *values, unsigned n) {
  sharc_attr **shardings = sharc_xmalloc_array(n + 1, sizeof *shardings);
  for (unsigned i = 0; i < n; i++)
    shardings[i] = sharc_propagation_get_sharding(pr, values[i]);
  return shardings;
}

/* An edge propagated as an identity op: `sources` (with `shardings`) are
 * its operands, `res_side` its result. */
static bool propagate_identity_edge(pattern_state *st, sharc_op *edge, sharc_type *type,
                                    void *const *sources, sharc_attr **shardings, unsigned n,
                                    const tensor_side *res_side, sharc_rewriter *rw) {
  tensor_side ops_side = {st->pr, (sharc_value *const *)sources, shardings, n,
                          set_value_sharding, NULL, false, false};
  sharc_attr *rule = sharc_rule_identity(sharc_op_context(edge), type, n, 1);
  directions d;
  directions_init(&d, rule, st->direction, st->direction_user, edge);
  bool any = propagate_tensors(st->pr, &ops_side, res_side, rule, &d, st->fp, false, edge, rw);
  directions_free(&d);
  return any;
}

/* PropagateDataFlowEdgeOp: the edge's sources are the operands, its targets
 * (whose sharding the edge op holds, as the owner's op sees it) the
 * result, of an identity op. */
static bool propagate_data_flow_edge(sharc_op *edge, sharc_rewriter *rw, void *state) {
  pattern_state *st = state;
  sharc_value *result = sharc_op_result(edge, 0);
  sharc_type *type = static_type(result);
  if (!type)
    return false;
  sharc_ptrvec sources = {0};
  sharc_sdy_data_flow_edge_sources(edge, &sources);
  sharc_attr **shardings = current_shardings(st->pr, sources.items, sources.len);
  sharc_value *owner = sharc_op_operand(edge, 0);
  sharc_op *owner_op = sharc_sdy_owning_op(owner);
  sharc_attr *edge_sharding = sharc_op_attr(edge, "sharding");
  if (edge_sharding && !sharc_sdy_is_tensor_sharding(edge_sharding))
    edge_sharding = NULL;
  if (edge_sharding && owner_op && sharc_sdy_data_flow(owner_op))
    edge_sharding = sharc_sdy_transform_target_sharding(owner_op, owner, edge_sharding,
                                                        SHARC_SDY_BEFORE_EDGE_PROPAGATION);
  tensor_side res_side = {st->pr, &result, &edge_sharding, 1, set_edge_sharding,
                          edge,   false,   false};
  bool any =
      propagate_identity_edge(st, edge, type, sources.items, shardings, sources.len, &res_side, rw);
  free(shardings);
  sharc_ptrvec_free(&sources);
  return any;
}

/* The sources of a function edge: what every call passes for the argument,
 * or what the callee returns for the call result. */
static bool func_edge_sources(sharc_propagation *pr, sharc_op *edge, sharc_ptr_vec *sources) {
  sharc_value *operand = sharc_op_operand(edge, 0);
  if (sharc_value_is_block_arg(operand)) {
    sharc_op *func = enclosing_func(edge);
    unsigned num_users = 0;
    sharc_op *const *users = func ? sharc_propagation_func_users(pr, func, &num_users) : NULL;
    unsigned index = sharc_value_index(operand);
    for (unsigned i = 0; i < num_users; i++)
      if (!sharc_op_is_erased(users[i]) && sharc_op_isa(users[i], &sharc_func_call_def) &&
          index < sharc_op_num_operands(users[i]))
        sharc_vec_push(sources, sharc_op_operand(users[i], index));
    return true;
  }
  sharc_op *call = sharc_value_defining_op(operand);
  sharc_op *func = call && sharc_op_isa(call, &sharc_func_call_def)
                       ? lookup_func(pr, sharc_op_attr(call, "callee"))
                       : NULL;
  sharc_block *body = func ? sharc_func_body(func) : NULL;
  sharc_op *term = body ? sharc_block_terminator(body) : NULL;
  unsigned index = sharc_value_index(operand);
  if (term && sharc_op_isa(term, &sharc_func_return_def) && index < sharc_op_num_operands(term))
    sharc_vec_push(sources, sharc_op_operand(term, index));
  return true;
}

/* PropagateFuncDataFlowEdgeOp: the edge's sources (call operands or the
 * callee's returned value) and the edge's result as an identity op. */
static bool propagate_func_data_flow_edge(sharc_op *edge, sharc_rewriter *rw, void *state) {
  pattern_state *st = state;
  sharc_value *result = sharc_op_result(edge, 0);
  sharc_type *type = static_type(result);
  if (!type)
    return false;
  sharc_ptr_vec sources = {0};
  func_edge_sources(st->pr, edge, &sources);
  /* a function nobody calls (e.g. a custom call's called computation):
   * Shardy reports success without changing anything */
  if (!sources.len && sharc_value_is_block_arg(sharc_op_operand(edge, 0)))
    return true;
  sharc_attr **shardings = current_shardings(st->pr, sources.items, sources.len);
  sharc_attr *edge_sharding = sharc_propagation_get_sharding(st->pr, result);
  tensor_side res_side = {st->pr, &result, &edge_sharding, 1, set_value_sharding,
                          NULL,   false,   false};
  bool any =
      propagate_identity_edge(st, edge, type, sources.items, shardings, sources.len, &res_side, rw);
  free(shardings);
  sharc_vec_free(&sources);
  return any;
}

static int barrier_direction(void *user, sharc_op *op, unsigned num_factors,
                             sharc_sdy_propagation_direction *along) {
  (void)user;
  (void)num_factors;
  (void)along;
  sharc_attr *d = sharc_op_attr(op, "allowed_direction");
  return d && sharc_attr_get_kind(d) == SHARC_ATTR_INTEGER
             ? (sharc_sdy_propagation_direction)sharc_attr_int_value(d)
             : SHARC_SDY_PROPAGATION_NONE;
}

/* PropagatePropagationBarrier: an identity op whose every factor goes only
 * the barrier's allowed direction. */
static bool propagate_barrier(sharc_op *barrier, sharc_rewriter *rw, void *state) {
  pattern_state *st = state;
  sharc_value *input = sharc_op_operand(barrier, 0), *result = sharc_op_result(barrier, 0);
  sharc_attr *rule = sharc_rule_identity(sharc_op_context(barrier), sharc_value_type(result), 1, 1);
  directions d;
  directions_init(&d, rule, barrier_direction, NULL, barrier);
  bool any = may_propagate(st->pr, &d) && propagate_values_along(st->pr, &input, 1, &result, 1,
                                                                  rule, &d, barrier, rw, st->fp,
                                                                  false);
  directions_free(&d);
  return any;
}

static const sharc_pattern patterns[] = {
    {"PropagatePropagationBarrier", propagate_barrier, &sharc_sdy_propagation_barrier_def, 1,
     NULL},
    {"PropagateDataFlowEdgeOp", propagate_data_flow_edge, &sharc_sdy_data_flow_edge_def, 1, NULL},
    {"PropagateFuncDataFlowEdgeOp", propagate_func_data_flow_edge,
     &sharc_sdy_func_data_flow_edge_def, 1, NULL},
    {"PropagateRegisteredOp", propagate_registered_op, NULL, 1, NULL},
    {NULL, NULL, NULL, 0, NULL},
};

/* ---- propagating through the module ------------------------------------------- */

/* Whether a visit of `op` can never do anything: it has no pattern of its
 * own (an edge, a barrier), and no sharding rule or, without debugging,
 * one of no factor (the scalar ops of reduction bodies: no direction
 * lets anything through; the direction functions only note facts of the
 * op), learnt on its first visit (a rule is a function of the op, which
 * propagation does not change). Its pops only asked that, as it is alive
 * with a used result or an effect and stays so: propagation erases
 * nothing but dead ops, and the first greedy run left none (a dead one is
 * kept for the driver). */
static bool never_acts(sharc_propagation *pr, sharc_op *op) {
  const sharc_op_def *def = sharc_op_def_of(op);
  if (def == &sharc_sdy_propagation_barrier_def || def == &sharc_sdy_data_flow_edge_def ||
      def == &sharc_sdy_func_data_flow_edge_def)
    return false;
  const sharc_propagation_op *info = sharc_propagation_op_find(pr, op);
  return info && info->rule_known && (!info->rule || (!info->num_factors && !pr->debug)) &&
         !sharc_op_is_trivially_dead(op);
}

/* Drops from the seed, once its first run has visited every op, the ops
 * whose visit never does anything (and the erased ones, which the driver
 * would drop): the later runs (op priorities, user priorities) pop them
 * no more. A notification may still put one back: its visit does nothing,
 * as before, and tells nobody. Done in place, in one pass. */
static void quiet_seed(sharc_propagation *pr) {
  pr->seed_quieted = true;
  unsigned kept = 0;
  for (unsigned i = 0; i < pr->seed.len; i++) {
    sharc_op *op = pr->seed.ops[i];
    if (!sharc_op_is_erased(op) && !never_acts(pr, op))
      pr->seed.ops[kept++] = op;
  }
  pr->seed.len = kept;
}

/* The greedy driver's idle_ancestor: an op without results whose visit
 * never does anything stays so for the run. never_acts holds for the
 * op's rule, fixed once learnt, and for its being alive: without results
 * only its effects could make it dead, and the only ops propagation
 * erases are dead ones, which have none to take away. (An op with results
 * may die when its last user goes, and MLIR would then erase it where its
 * entry as an ancestor lay, not on top.) Mostly the function: every op
 * propagation notifies has it as an ancestor, and its pops (about 71,000
 * at 100k ops) did nothing. */
static bool idle_ancestor(sharc_op *op, void *user) {
  return !sharc_op_num_results(op) && never_acts(user, op);
}

bool sharc_propagation_propagate(sharc_propagation *pr, const sharc_factor_propagation *fp,
                                 sharc_get_direction_fn direction, void *direction_user) {
  sharc_op *main = main_func(pr);
  if (!main)
    return false;
  /* a visit's note holds for its strategy only */
  if (fp != pr->clean_fp) {
    pr->clean_fp = fp;
    sharc_propagation_forget_clean(pr);
  }
  propagate_func_results(pr, main, fp);
  pattern_state st = {pr, fp, direction, direction_user};
  sharc_pattern_set *set = sharc_pattern_set_create(sharc_op_context(pr->module));
  sharc_pattern_set_add(set, patterns, &st);
  /* Shardy's configuration: top-down, nothing but the patterns (no
   * folding, constant CSE or region simplification), and a single
   * iteration since every op whose operands or results change is put back
   * on the worklist, so the first iteration already reaches the fixpoint
   * (a second one would only confirm it; Shardy runs it in debug builds). */
  sharc_greedy_config config = sharc_greedy_config_default();
  config.top_down = true;
  config.fold = false;
  config.cse_constants = false;
  config.region_simplify = SHARC_SIMPLIFY_DISABLED;
  config.max_iterations = 1;
  config.listener = sharc_pass_listener(pr->run);
  config.seed = &pr->seed;
  config.idle_ancestor = idle_ancestor;
  config.idle_ancestor_user = pr;
  (void)sharc_apply_patterns_greedily(pr->module, set, &config, NULL);
  sharc_pattern_set_destroy(set);
  if (!pr->seed_quieted && pr->seed.region)
    quiet_seed(pr);
  propagate_func_results(pr, main, fp);
  flush_arg_shardings(pr);
  return true;
}

bool sharc_propagation_propagate_basic(sharc_propagation *pr, void *user) {
  (void)user;
  return sharc_propagation_propagate(pr, &sharc_propagation_basic_strategy()->base,
                                     sharc_propagate_any, NULL);
}

/* ---- the run -------------------------------------------------------------------- */

/* allValidShapes: the first op (post-order) with a result of a dynamic
 * shaped or tuple type is reported. */
static const char *invalid_shape_message(const sharc_type *t) {
  if (sharc_type_is_shaped(t) && !sharc_sdy_type_is_static(t))
    return "Shardy propagation only supports ranked tensors with a static shape. type: ";
  if (sharc_type_get_kind(t) == SHARC_TYPE_TUPLE)
    return "Shardy propagation doesn't support tuples: ";
  return NULL;
}

/* The types found valid, direct-mapped by address: types are uniqued and
 * the ops of a module repeat a few of them. */
typedef struct valid_types {
  const sharc_type *slots[256];
} valid_types;

static sharc_walk_result check_shapes(sharc_op *op, void *user) {
  valid_types *valid = user;
  /* the op's fields, read inline: this visits every op of the module */
  const sharc_value *results = sharc_op_results_of(op);
  for (unsigned i = 0; i < op->num_results; i++) {
    sharc_type *t = results[i].type;
    const sharc_type **slot = &valid->slots[((uintptr_t)t >> 4) % 256];
    if (*slot == t)
      continue;
    const char *message = invalid_shape_message(t);
    if (!message) {
      *slot = t;
      continue;
    }
    sharc_buf text = {0};
    sharc_print_type(t, &text);
    sharc_emit_op(op, SHARC_SEV_ERROR, "%s%s", message,
               text.data ? text.data : "");
    sharc_buf_free(&text);
    return SHARC_WALK_INTERRUPT;
  }
  return SHARC_WALK_ADVANCE;
}

bool sharc_propagation_run(sharc_op *module, const sharc_propagation_options *options,
                           sharc_pass_run *run, sharc_propagate_fn propagate, void *user) {
  sharc_propagation pr = {0};
  pr.module = module;
  pr.options = options;
  pr.run = run;
  pr.rules = sharc_rule_cache_create();
  pr.clean_epoch = 1;
  /* Shardy stores each op's rule on it and removes them at the end: only
   * kept rules, a module dumped midway and the debugging output see them */
  pr.rules_on_ops = options->keep_sharding_rules || (options->module_dump_directory &&
                                                     *options->module_dump_directory);
  if (options->debug_sharding_origins || options->debug_propagation_edge_sharding)
    pr.debug = sharc_source_sharding_create(module, options->debug_sharding_origins,
                                            options->debug_propagation_edge_sharding);
  pr.rules_on_ops |= pr.debug != NULL;
  valid_types valid = {{0}};
  /* no type check can fail while no such type was ever made */
  bool ok = !sharc_context_fact_noted(sharc_op_ctx_of(module), &sharc_unstatic_or_tuple_type_made) ||
            sharc_walk(module, SHARC_POST_ORDER, check_shapes, &valid) != SHARC_WALK_INTERRUPT;
  ok = ok && sharc_sharding_group_map_build(&pr.groups, module);
  if (ok) {
    sharc_rewriter rw;
    sharc_pass_rewriter(run, &rw, NULL);
    sharc_sharding_group_map_sync(&pr.groups, &rw);
    ok = propagate(&pr, user);
  }
  if (ok && !options->keep_sharding_rules)
    sharc_sdy_remove_sharding_rules(module);
  if (pr.debug) {
    if (ok)
      sharc_source_sharding_save(pr.debug, module);
    sharc_source_sharding_destroy(pr.debug);
  }
  sharc_sharding_group_map_free(&pr.groups);
  sharc_word_memo_free(&pr.steps);
  sharc_rule_cache_destroy(pr.rules);
  sharc_greedy_seed_free(&pr.seed);
  sharc_vec_free(&pr.ops);
  free_users(&pr);
  return ok;
}
