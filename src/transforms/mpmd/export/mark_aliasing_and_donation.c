/* -mpmd-mark-aliasing-and-donation: a fragment that is the last user of
 * an operand may reuse its buffer. Such an operand (not in host memory, not
 * also transferred; an entry-function argument only when the user marked
 * it donated or aliased) is aliased with the first result of the same
 * type, layout and memory that no other operand took (for an argument
 * marked tf.aliasing_output = K, the fragment result that function result
 * K comes from is tried first), else donated: its arg_attrs get
 * tf.aliasing_output = <result> or jax.buffer_donor = true. */
#include "dialect/func/func.h"
#include "pass/pass_registry.h"
#include "support/xalloc.h"
#include "transforms/mpmd/export/export_utils.h"

#include <stdlib.h>

typedef struct alias_state {
  sharc_op *func;
  sharc_op *ret;         /* the function's return, or NULL */
  sharc_ptrmap aliased;  /* block argument -> 1 + requested function result */
  sharc_ptrmap donated;  /* block argument -> itself */
  sharc_rewriter rw;
} alias_state;

/* CanAlias: same type, result not on host, same layout, result not taken. */
static bool can_alias(const sharc_op *op, unsigned in, unsigned out, const bool *taken) {
  sharc_value *result = sharc_op_result(op, out);
  return sharc_value_type(result) == sharc_value_type(sharc_op_operand(op, in)) &&
         !sharc_mpmd_is_result_on_host(result) && sharc_mpmd_layouts_match(op, in, out) &&
         !taken[out];
}

/* The results an operand may alias, not on host, sorted by type, layout
 * and index: FindAliasingOutput's scan of every result for every operand,
 * answered by a search (a fragment may have hundreds of each). */
typedef struct candidate {
  const sharc_type *type;
  const sharc_attr *layout;
  unsigned index;
} candidate;

typedef struct candidates {
  candidate *items;
  unsigned *next; /* where to look after a taken one (compressed as in union-find) */
  unsigned n;
} candidates;

static int key_cmp(const sharc_type *ta, const sharc_attr *la, const sharc_type *tb,
                   const sharc_attr *lb) {
  if (ta != tb)
    return (uintptr_t)ta < (uintptr_t)tb ? -1 : 1;
  if (la != lb)
    return (uintptr_t)la < (uintptr_t)lb ? -1 : 1;
  return 0;
}

static int by_key(const void *x, const void *y) {
  const candidate *a = x, *b = y;
  int c = key_cmp(a->type, a->layout, b->type, b->layout);
  return c ? c : (a->index > b->index) - (a->index < b->index);
}

static void candidates_build(const sharc_op *op, candidates *c) {
  unsigned n = sharc_op_num_results(op);
  c->items = sharc_xmalloc_array(n + 1, sizeof *c->items);
  c->next = sharc_xmalloc_array(n + 1, sizeof *c->next);
  for (unsigned i = 0; i <= n; i++)
    c->next[i] = i + 1;
  c->n = 0;
  for (unsigned out = 0; out < n; out++) {
    sharc_value *r = sharc_op_result(op, out);
    if (!sharc_mpmd_is_result_on_host(r))
      c->items[c->n++] = (candidate){sharc_value_type(r),
                                     sharc_mpmd_res_attr(op, out, SHARC_MPMD_LAYOUT_MODE_ATTR), out};
  }
  qsort(c->items, c->n, sizeof *c->items, by_key);
}

/* FindAliasingOutput: the first result `in` can alias, or -1. */
static int first_aliasable(const sharc_op *op, unsigned in, const bool *taken,
                           candidates *c) {
  const sharc_type *type = sharc_value_type(sharc_op_operand(op, in));
  const sharc_attr *layout = sharc_mpmd_arg_attr(op, in, SHARC_MPMD_LAYOUT_MODE_ATTR);
  unsigned lo = 0, hi = c->n;
  while (lo < hi) {
    unsigned mid = lo + (hi - lo) / 2;
    if (key_cmp(c->items[mid].type, c->items[mid].layout, type, layout) < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  /* taken results stay taken: the jumps over them are shortened as they
   * are followed, so that each is paid about once */
  unsigned i = lo;
  while (i < c->n && taken[c->items[i].index])
    i = c->next[i];
  for (unsigned j = lo; j < c->n && j != i && taken[c->items[j].index];) {
    unsigned after = c->next[j];
    c->next[j] = i;
    j = after;
  }
  if (i < c->n && key_cmp(c->items[i].type, c->items[i].layout, type, layout) == 0)
    return (int)c->items[i].index;
  return -1;
}

/* TraceToFragmentResult: through single-operand ops back to a result of
 * `fragment`; -1 when the value comes from anything else. */
static int trace_to_result(sharc_value *v, const sharc_op *fragment) {
  for (sharc_op *def = sharc_value_defining_op(v); def; def = sharc_value_defining_op(v)) {
    if (sharc_op_isa(def, &sharc_mpmd_fragment_def))
      return def == fragment ? (int)sharc_value_index(v) : -1;
    if (sharc_op_num_operands(def) != 1)
      return -1;
    v = sharc_op_operand(def, 0);
  }
  return -1;
}

/* FindPreferredOutput: the result of `fragment` function result
 * `func_result` comes from, or -1. */
static int preferred_output(const alias_state *st, uint64_t func_result, const sharc_op *fragment) {
  if (!st->ret || func_result >= sharc_op_num_operands(st->ret))
    return -1;
  return trace_to_result(sharc_op_operand(st->ret, (unsigned)func_result), fragment);
}

static bool has_transfer_user(const sharc_value *v) {
  for (sharc_use *u = sharc_value_first_use(v); u; u = sharc_use_next(u))
    if (sharc_op_isa(sharc_use_owner(u), &sharc_mpmd_transfer_def))
      return true;
  return false;
}

/* The result operand `in` aliases, or -1 when it is donated instead. */
static int alias_or_donate(const alias_state *st, const sharc_op *op, unsigned in, bool *taken,
                           candidates *c) {
  int out = -1;
  uintptr_t requested = (uintptr_t)sharc_ptrmap_get(&st->aliased, sharc_op_operand(op, in));
  if (requested) {
    int preferred = preferred_output(st, (uint64_t)(requested - 1), op);
    if (preferred >= 0 && can_alias(op, in, (unsigned)preferred, taken))
      out = preferred;
  }
  if (out < 0)
    out = first_aliasable(op, in, taken, c);
  if (out >= 0)
    taken[out] = true;
  return out;
}

/* ConstructDonationSetAndIOAliasingMap, written into the fragment's
 * arg_attrs when there is anything to mark. */
static void mark(alias_state *st, sharc_op *op, const sharc_i64_vec *last_uses) {
  unsigned n_out = sharc_op_num_results(op), n_in = sharc_op_num_operands(op);
  bool *taken = sharc_xcalloc(n_out + 1, sizeof *taken);
  int *alias = sharc_xmalloc_array(n_in + 1, sizeof *alias); /* -2: nothing, -1: donated */
  for (unsigned i = 0; i < n_in; i++)
    alias[i] = -2;
  bool any = false;
  candidates c;
  candidates_build(op, &c);
  for (unsigned k = 0; k < last_uses->len; k++) {
    unsigned in = (unsigned)last_uses->items[k];
    sharc_value *v = sharc_op_operand(op, in);
    if (sharc_mpmd_is_operand_on_host(op, in) || has_transfer_user(v))
      continue;
    if (sharc_value_is_block_arg(v)) {
      /* a program argument only when the user marked it */
      if (sharc_ptrmap_get(&st->donated, v))
        alias[in] = -1;
      else if (sharc_ptrmap_get(&st->aliased, v))
        alias[in] = alias_or_donate(st, op, in, taken, &c);
    } else {
      alias[in] = alias_or_donate(st, op, in, taken, &c);
    }
    any |= alias[in] != -2;
  }
  if (any) {
    sharc_context *ctx = st->rw.ctx;
    sharc_mpmd_dict_vec dicts = {0};
    sharc_mpmd_arg_attrs_or_default(op, &dicts);
    sharc_type *i32 = sharc_type_integer(ctx, 32, SHARC_SIGNLESS);
    for (unsigned i = 0; i < n_in; i++) {
      if (alias[i] == -1)
        sharc_mpmd_dict_insert(ctx, &dicts, i, SHARC_MPMD_BUFFER_DONOR_ATTR, sharc_attr_bool(ctx, true));
      else if (alias[i] >= 0)
        sharc_mpmd_dict_insert(ctx, &dicts, i, SHARC_MPMD_ALIASING_ATTR,
                               sharc_attr_integer(ctx, i32, alias[i]));
    }
    sharc_mpmd_set_arg_attrs(&st->rw, op, &dicts);
    sharc_vec_free(&dicts);
  }
  free(c.items);
  free(c.next);
  free(taken);
  free(alias);
}

/* GetAliasedBlockArguments / GetDonatedBlockArguments. */
static void collect_marked_args(alias_state *st, sharc_block *body) {
  for (unsigned i = 0; i < sharc_block_num_args(body); i++) {
    sharc_value *arg = sharc_block_arg(body, i);
    sharc_attr *alias = sharc_func_arg_attr(st->func, i, SHARC_MPMD_ALIASING_ATTR);
    if (alias && sharc_attr_get_kind(alias) == SHARC_ATTR_INTEGER)
      sharc_ptrmap_put(&st->aliased, arg, (void *)(uintptr_t)((uint64_t)(uint32_t)sharc_attr_int_value(alias) + 1));
    sharc_attr *donor = sharc_func_arg_attr(st->func, i, SHARC_MPMD_BUFFER_DONOR_ATTR);
    if (donor && sharc_attr_get_kind(donor) == SHARC_ATTR_BOOL && sharc_attr_bool_value(donor))
      sharc_ptrmap_put(&st->donated, arg, arg);
  }
}

static bool run(sharc_op *func, const void *opts, sharc_pass_run *run) {
  (void)opts;
  if (!sharc_mpmd_is_distributed_function(func) || !sharc_mpmd_is_mpmd_function(func))
    return true;
  sharc_block *body = sharc_func_body(func);
  if (!body)
    return true;
  alias_state st = {.func = func};
  sharc_op *ret = sharc_block_last_op(sharc_region_last_block(sharc_op_region(func, 0)));
  st.ret = ret && sharc_op_isa(ret, &sharc_func_return_def) ? ret : NULL;
  sharc_pass_rewriter(run, &st.rw, NULL);
  collect_marked_args(&st, body);
  sharc_mpmd_last_uses last_uses;
  sharc_mpmd_last_uses_build(&last_uses, func);
  for (sharc_op *op = sharc_block_first_op(body); op; op = sharc_op_next(op)) {
    const sharc_i64_vec *list = sharc_mpmd_last_uses_of(&last_uses, op);
    if (list && sharc_op_isa(op, &sharc_mpmd_fragment_def))
      mark(&st, op, list);
  }
  sharc_mpmd_last_uses_free(&last_uses);
  sharc_ptrmap_free(&st.aliased);
  sharc_ptrmap_free(&st.donated);
  return true;
}

const sharc_pass_def sharc_pass_mpmd_mark_aliasing_and_donation = {
    .flag = "mpmd-mark-aliasing-and-donation",
    .display_name = "MarkAliasingAndDonationPass",
    .summary = "Marks each fragment with aliasing or donation information.",
    .anchor = "func.func",
    SHARC_NO_OPTIONS,
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};
