/* IR verification: structural rules every operation obeys (terminators,
 * single-block regions, operand/region counts of registered ops come from
 * their own hooks) plus each op definition's verifier. It sits in the asm
 * layer, above the printer, because its messages print ops and attributes
 * ("block with no terminator, has <op>"); nothing below asm verifies. */
#include "asm/print_internal.h"
#include "asm/verify_internal.h"
#include "ir/context.h"
#include "ir/created_defs.h"
#include "ir/prefetch.h"
#include "ir/region_utils.h"
#include "ir/verify_marks.h"
#include "sharc/asm.h"
#include "sharc/verify.h"
#include "sharc/symbols.h"
#include "support/ptrmap.h"
#include "support/vec.h"
#include "support/word_memo.h"
#include "support/xalloc.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* Unregistered op names allowed by verify_unknown_op lately: a module's
 * unknown ops share a few names, and the answer depends on the name only. */
enum { UNKNOWN_CACHE = 16 };

/* Dictionaries found to hold no name with a hook to run on ops of one
 * definition (verify_dialect_attrs), per verification: the answer depends
 * on the pair only, and the ops of a module share a few dictionaries. */
enum { HOOKLESS_CACHE = 64 };
typedef struct hookless_pair {
  const sharc_attr *attrs;
  const sharc_op_def *def;
} hookless_pair;

/* A region of an IsolatedFromAbove op whose ops are being verified, and
 * the first op under it (pre-order, not entering nested isolated ops) that
 * uses a value defined outside it. */
typedef struct isolation_scope {
  sharc_region *region;
  sharc_op *violation;
} isolation_scope;

/* One verification's state. */
typedef struct verifier {
  isolation_scope *scope; /* the innermost one, or NULL */
  /* verify only the ops marked verify_dirty (the rest passed last time and
   * nothing they read changed, see verify_marks.c); the block structure
   * of every region of a marked op is checked whole */
  bool marked_only;
  /* the stamp of the dominance check that rides along the verification's
   * own walk (0: none), and the first use it found not dominated, reported
   * once the verification passed (MLIR checks dominance after the ops
   * verify; one walk instead of two, each of which waits on memory for
   * every op of a large function; see verify_op_and_dominance) */
  unsigned dom_pos;
  sharc_op *dom_fail;
  unsigned dom_fail_operand;
  /* the walk is still within the regions of the op holding dom_fail: MLIR
   * checks the ops of those regions before any region nested in them, so
   * a later failure there or below comes after it (see keep_failure) */
  bool dom_fail_open;
  /* region -> its dominator tree (sharc_dom_tree, malloc'd), built for the
   * multi-block regions of a program that made branches only (see
   * block_number) */
  sharc_ptrmap trees;
  sharc_ptr_vec tree_list; /* the same trees, to free */
  /* a whole verification of a module just parsed: the functions of its
   * body up to hot_through passed while they were parsed (see
   * sharc_hot_verify_op); only their own checks are left */
  const sharc_block *hot_block;
  const sharc_op *hot_through;
  /* the ops of hot_block through this one hold no op that the symbol
   * table's check stops at in their regions (ctx->hot_symbols_through) */
  const sharc_op *hot_symbols_through;
  /* the walk met a symbol user or a symbol table (sharc_hot_verify_op) */
  bool met_symbol_ops;
  /* an op verified in half, or NULL: with half_body only its body (a
   * function as it is parsed, see sharc_hot_verify_op), else only its own
   * checks (one of the prefix above, its body passed then) */
  const sharc_op *half;
  bool half_body;
  /* an isolated op marked attrs-only whose verification is starting, or
   * NULL: its attribute hooks and its regions, not its own checks */
  const sharc_op *reach;
  /* the same for an isolated op marked moved whose own checks read
   * nothing a move changes (moved_checks_local): all its attribute hooks
   * and its regions */
  const sharc_op *moved;
  /* the dialect of the last unknown op (its name up to the dot) and
   * whether that dialect rejects unknown ops: a module's unknown ops share
   * a few dialects */
  sharc_str unknown_dialect;
  bool unknown_rejected;
  const sharc_ident *unknown_allowed[UNKNOWN_CACHE];
  hookless_pair hookless[HOOKLESS_CACHE];
} verifier;

static bool verify_op(verifier *v, sharc_op *op);
static bool verify_op_and_dominance(verifier *v, sharc_op *op);
static bool verify_dialect_attrs(sharc_op *op, bool changed_only, unsigned *hooked_out);
static bool verify_all_dialect_attrs(verifier *v, sharc_op *op);
static bool properly_dominates(verifier *v, const sharc_value *value, sharc_op *use);
static void dominance_error(sharc_op *op, unsigned i);

static const sharc_region *value_region(const sharc_value *v);
static bool region_within(const sharc_region *r, const sharc_region *ancestor);

/* Whether `v` is a result of an op in block `b` or an argument of `b`. */
static bool defined_in_block(const sharc_value *v, const sharc_block *b) {
  if (v->vkind == SHARC_VALUE_RESULT)
    return sharc_value_op_of(v)->block == b;
  return v->vkind == SHARC_VALUE_ARG && sharc_value_block_of(v) == b;
}

/* properly_dominates for a value defined in the block of `use` (in a
 * region, as every op the walk reaches): a block argument dominates; a
 * result does once the walk passed its op, or anywhere in a graph region. */
static bool dominates_in_block(const sharc_value *v, const sharc_op *use, unsigned pos) {
  if (v->vkind != SHARC_VALUE_RESULT)
    return true;
  const sharc_op *def = sharc_value_op_of(v);
  if (!sharc_region_has_ssa_dominance(use->block->parent))
    return true;
  return def != use && def->live_mark == pos;
}

/* Whether a dominance failure of an op in the innermost region the walk is
 * in replaces the one kept. MLIR checks one op's regions whole (every op
 * of their blocks, in order), then the regions of the ops in them that
 * hold some, the last such op first (a LIFO worklist): the failure kept
 * comes first while the walk is still within the regions of the op
 * holding it (the same op's regions, or one nested in them); once the walk
 * left those, a failure found later lies in a region taken earlier. */
static bool keep_failure(const verifier *v) {
  return v->dom_fail && v->dom_fail_open;
}

static void note_failure(verifier *v, sharc_op *op, unsigned i) {
  v->dom_fail = op;
  v->dom_fail_operand = i;
  v->dom_fail_open = true;
}

/* The dominator tree of `r`, a region of several blocks, built on first
 * use in this verification. */
static const sharc_dom_tree *tree_of(verifier *v, const sharc_region *r) {
  sharc_dom_tree *t = sharc_ptrmap_get(&v->trees, r);
  if (t)
    return t;
  t = sharc_xcalloc(1, sizeof *t);
  sharc_dom_tree_build(t, r);
  sharc_ptrmap_put(&v->trees, r, t);
  sharc_vec_push(&v->tree_list, t);
  return t;
}

/* The number of `b` in its region's reverse post-order plus one, 0 when
 * its region's entry does not reach it (DominanceInfo::isReachableFromEntry).
 * Without a branch made in the context, no block but an entry is reached. */
static unsigned block_number(verifier *v, const sharc_block *b) {
  const sharc_region *r = b->parent;
  if (!r || b == r->first)
    return 1;
  if (!sharc_context_fact_noted(b->ctx, &sharc_successors_made))
    return 0;
  return sharc_dom_tree_number(tree_of(v, r), b);
}

/* MLIR checks no operand of an op in a block its region's entry does not
 * reach. */
static bool block_reachable(verifier *v, const sharc_block *b) {
  return block_number(v, b) != 0;
}

/* The checks of an op's operands on the verification's walk, in its
 * pre-order, in one pass over them (each loads the operands' producers):
 * with `dominance`, their dominance, the first failure kept for after the
 * verification; and IsolatedFromAbove, the first op that uses a value
 * defined outside the innermost isolated region kept in its scope (see
 * report_isolation). */
static void check_operands(verifier *v, sharc_op *op, bool dominance) {
  isolation_scope *scope = v->scope && !v->scope->violation ? v->scope : NULL;
  dominance = dominance && !keep_failure(v);
  const sharc_use *uses = sharc_op_operands_of(op);
  for (unsigned i = 0; (scope || dominance) && i < op->num_operands; i++) {
    const sharc_value *value = uses[i].value;
    if (value && defined_in_block(value, op->block)) {
      /* most operands: within the scope (the walk is under it), and
       * dominating as properly_dominates decides for one block */
      if (dominance && !dominates_in_block(value, op, v->dom_pos)) {
        note_failure(v, op, i);
        dominance = false;
      }
      continue;
    }
    if (dominance && value && !properly_dominates(v, value, op)) {
      note_failure(v, op, i);
      dominance = false;
    }
    if (scope && value && !region_within(value_region(value), scope->region)) {
      scope->violation = op;
      scope = NULL;
    }
  }
}

/* Notes a marked op that may change what a symbol table's check finds: a
 * symbol user, or a symbol or table nested below the root (a change to
 * the root's own symbols asks for verifying everything, verify_marks.c).
 * Kept in the context until the root's check ran: a function verified on
 * its own (a nested pass manager's) leaves it for the module's. */
static void note_symbols_touched(const sharc_op *op) {
  const sharc_op_def *def = sharc_op_def_of(op);
  sharc_context *ctx = sharc_op_ctx_of(op);
  if (!def || def->verify_symbol_uses) /* an unregistered op may be anything */
    ctx->verify_symbols_touched = true;
  else if ((def->traits & (SHARC_TRAIT_SYMBOL | SHARC_TRAIT_SYMBOL_TABLE)) &&
           sharc_op_parent_op(op) && sharc_op_parent_op(op) != ctx->verify_root)
    ctx->verify_symbols_touched = true;
}

/* SymbolTable's check of `table`, skipped in a verification of marked ops
 * while no marked op touched symbols: the names and every use are as the
 * last verification found them. */
static bool verify_symbol_table(const verifier *v, sharc_op *table);
static bool verify_table_if_touched(verifier *v, sharc_op *table) {
  sharc_context *ctx = sharc_op_ctx_of(table);
  if (v->marked_only && !ctx->verify_symbols_touched)
    return true;
  if (!verify_symbol_table(v, table))
    return false;
  if (table == ctx->verify_root)
    ctx->verify_symbols_touched = false;
  return true;
}

/* The walk has passed `op` (its operands and regions checked): it is
 * stamped, and its marks are cleared. */
static void pass_op(verifier *v, sharc_op *op) {
  op->live_mark = v->dom_pos;
  op->verify_dirty = false;
  op->verify_attrs_only = false;
}

static bool verify_regions(verifier *v, sharc_op *op, isolation_scope *scopes);

/* Whether `op` is isolated from above and has regions: verified when its
 * parent is left, its regions in their own scope. */
static bool isolated_with_regions(const sharc_op *op) {
  return op->num_regions && sharc_op_def_of(op) &&
         (sharc_op_def_of(op)->traits & SHARC_TRAIT_ISOLATED);
}

/* The marked ops in the regions of an op marked attrs-only that is not
 * isolated: its own checks read nothing that changed, the walk only
 * reaches them. */
static bool reach_marked_nested(verifier *v, sharc_op *op) {
  if (!op->num_regions)
    return true;
  return verify_regions(v, op, NULL);
}

/* Whether an op of `def` marked moved (verify_marks.c: its block went
 * whole into another region, nothing it holds changed) passes its own
 * checks as it did before: they read nothing outside it but its operands
 * (their types, a constant producer), which a move leaves as they were.
 * A registered op that is no terminator (whose check reads its parent:
 * func.return the function's type), no symbol, symbol table or symbol
 * user, reads no other dialect's attributes, and whose hooks are none or
 * vouched for by its dialect (sharc_dialect.op_checks_local). What else a
 * move may change is checked for every op it marked: the dominance and
 * isolation of its operands, its attribute hooks (they read ancestors). */
static bool moved_checks_local(const sharc_op_def *def) {
  if (!def || def->verify_symbol_uses || def->reads_discardable ||
      (def->traits & (SHARC_TRAIT_TERMINATOR | SHARC_TRAIT_SYMBOL | SHARC_TRAIT_SYMBOL_TABLE)))
    return false;
  if (!def->verify && !def->verify_regions)
    return true;
  return def->dialect && def->dialect->op_checks_local && def->dialect->op_checks_local(def);
}

/* A moved op that is not isolated, its own checks local: its attribute
 * hooks, and the ops of its regions (each marked moved too). */
static bool verify_moved(verifier *v, sharc_op *op) {
  if (!verify_all_dialect_attrs(v, op))
    return false;
  return !op->num_regions || verify_regions(v, op, NULL);
}

/* Whether blocks under `parent` need a terminator: registered ops need one
 * unless they declare otherwise; unregistered ops may be anything. */
static bool needs_terminator(const sharc_op *parent) {
  return sharc_op_def_of(parent) && !(sharc_op_def_of(parent)->traits &
                                      (SHARC_TRAIT_NO_TERMINATOR | SHARC_TRAIT_GRAPH_REGION));
}

/* An IsolatedFromAbove op whose verification waits until its parent is left,
 * with the isolation scope it sits in. */
typedef struct deferred_op {
  sharc_op *op;
  isolation_scope *scope;
  bool reach; /* marked attrs-only (see verifier.reach) */
  bool moved; /* marked moved, its own checks local (see verifier.moved) */
} deferred_op;
typedef SHARC_VEC(deferred_op) deferred_vec;

/* OperationVerifier's block visit: ops that are not IsolatedFromAbove are
 * verified in place; isolated ones are collected in `deferred` and verified
 * when their parent is left, as MLIR does. */
static bool verify_block(verifier *v, sharc_op *parent, sharc_block *b, deferred_vec *deferred) {
  if (!b->first && needs_terminator(parent)) {
    sharc_emit(b->ctx, SHARC_SEV_ERROR, sharc_op_loc(parent), "empty block: expect at least a terminator");
    return false;
  }
  /* dominance means nothing in a block the entry does not reach; the
   * regions of its ops are checked still */
  bool dominance = v->dom_pos && block_reachable(v, b);
  for (sharc_op *op = b->first; op; op = op->next) {
    if (op->next)
      sharc_prefetch_after(op, op->next);
    const sharc_op_def *def = sharc_op_def_of(op);
    if (def && (def->verify_symbol_uses || (def->traits & SHARC_TRAIT_SYMBOL_TABLE)))
      v->met_symbol_ops = true;
    if (def && (def->traits & SHARC_TRAIT_TERMINATOR) && op->next) {
      sharc_emit_op_error(op, "must be the last operation in the parent block");
      return false;
    }
    if (v->marked_only && !op->verify_dirty && !op->verify_attrs_only) {
      op->live_mark = v->dom_pos;
      continue;
    }
    if (v->marked_only)
      note_symbols_touched(op);
    /* only discardable attributes changed (verify_marks.c): its operands
     * and the ops defining them did not move (a change to them marks it
     * whole), so their dominance holds as it did */
    bool reach = v->marked_only && op->verify_dirty && op->verify_attrs_only;
    /* marked moved (the other pair of the two bits): its operands are
     * checked below; its own checks only where they read more */
    bool moved = v->marked_only && !op->verify_dirty && moved_checks_local(def);
    bool isolated = op->num_regions && def && (def->traits & SHARC_TRAIT_ISOLATED);
    if (reach && !isolated) {
      if (!verify_dialect_attrs(op, true, NULL) || !reach_marked_nested(v, op))
        return false;
      pass_op(v, op);
      continue;
    }
    /* its operands, in the walk's pre-order (verify_op checks none) */
    check_operands(v, op, dominance && !reach);
    if (isolated) {
      sharc_vec_push(deferred, ((deferred_op){op, v->scope, reach, moved}));
      if (v->dom_pos)
        pass_op(v, op);
      continue;
    }
    if (!(moved ? verify_moved(v, op) : verify_op(v, op)))
      return false;
    if (v->dom_pos)
      pass_op(v, op);
  }
  /* an unregistered last op might be a terminator; a registered one must be */
  sharc_op *last = b->last;
  if (last && needs_terminator(parent) && sharc_op_def_of(last) &&
      !(sharc_op_def_of(last)->traits & SHARC_TRAIT_TERMINATOR)) {
    /* `<< block.back()` on an error: Diagnostic::appendOp (the tool's
     * flags, generic form), on a line of its own if long */
    sharc_buf text = {0};
    sharc_pr_diag_op(last, SHARC_DIAG_OP_GENERIC, &text);
    bool multi_line = text.len && memchr(text.data, '\n', text.len);
    sharc_emit_op(last, SHARC_SEV_ERROR, "block with no terminator, has %s%s",
                  multi_line ? "\n" : "", text.data);
    sharc_buf_free(&text);
    return false;
  }
  return true;
}

/* Successors stay within their region, and nothing branches to an entry block. */
static bool verify_successors(sharc_op *parent, sharc_region *r) {
  /* no branch was ever made: a walk of every op of the region for none */
  if (!sharc_context_fact_noted(sharc_op_ctx_of(parent), &sharc_successors_made))
    return true;
  for (sharc_block *b = r->first; b; b = b->next)
    for (sharc_op *o = b->first; o; o = o->next) {
      if (o->next)
        sharc_prefetch_after(o, o->next);
      for (unsigned s = 0; s < sharc_op_num_successors_of(o); s++) {
        if (sharc_op_successors_of(o)[s]->parent != r) {
          sharc_emit_op_error(o, "reference to block defined in another region");
          return false;
        }
        if (sharc_op_successors_of(o)[s] == r->first) {
          sharc_emit(sharc_op_ctx_of(parent), SHARC_SEV_ERROR, sharc_op_loc(parent),
                     "entry block of region may not have predecessors");
          return false;
        }
      }
    }
  return true;
}

static bool count_error(sharc_op *op, const char *message) {
  sharc_emit_op_error(op, "%s", message);
  return false;
}

/* The count traits of a registered op, in MLIR's wording and in the order
 * ODS lists them on every op (regions, results, successors, operands),
 * before the op's other checks; generic-form input can give a registered
 * op any shape. */
static bool verify_counts(sharc_op *op) {
  unsigned t = sharc_op_def_of(op)->traits;
  if ((t & SHARC_TRAIT_ZERO_REGIONS) && op->num_regions)
    return count_error(op, "requires zero regions");
  if ((t & SHARC_TRAIT_ONE_REGION) && op->num_regions != 1)
    return count_error(op, "requires one region");
  if ((t & SHARC_TRAIT_ZERO_RESULTS) && op->num_results)
    return count_error(op, "requires zero results");
  if ((t & SHARC_TRAIT_ONE_RESULT) && op->num_results != 1)
    return count_error(op, "requires one result");
  if ((t & SHARC_TRAIT_ZERO_OPERANDS) && op->num_operands)
    return count_error(op, "requires zero operands");
  return true;
}

/* Whether `r` is `ancestor` or nested inside it. */
static bool region_within(const sharc_region *r, const sharc_region *ancestor) {
  while (r && r != ancestor) {
    sharc_op *parent = r->parent;
    r = parent && parent->block ? parent->block->parent : NULL;
  }
  return r == ancestor;
}

static const sharc_region *value_region(const sharc_value *v) {
  if (v->vkind == SHARC_VALUE_ARG)
    return sharc_value_block_of(v) ? sharc_value_block_of(v)->parent : NULL;
  if (v->vkind != SHARC_VALUE_RESULT)
    return NULL; /* a parser's placeholder */
  const sharc_op *def = sharc_value_op_of(v);
  return def->block ? def->block->parent : NULL;
}

/* IsolatedFromAbove: nothing under an isolated op's region uses a value
 * defined outside it; ops that are isolated themselves check their own
 * regions. Checked as the verifier walks the ops (a second walk over every
 * op costs as much as the first; check_operands, each op of a block once,
 * an isolated one as it is deferred), remembering the first offender in
 * the innermost scope; reported where a walk of its own would report it,
 * once everything under the isolated op has verified (here). An op
 * verified at the top of a verification (the root, a deferred isolated op)
 * is not checked again: its operands were, in the scope it sits in, or it
 * has none around it. */
static bool report_isolation(sharc_op *isolated, const isolation_scope *scopes, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    if (!scopes[i].violation)
      continue;
    sharc_diag *d = sharc_emit_op_error(scopes[i].violation, "using value defined outside the region");
    sharc_diag_note(d, sharc_op_loc(isolated), "required by region isolation constraints");
    return false;
  }
  return true;
}

/* The dialect whose hook verifies entry `e` of `op`'s dictionary (NULL:
 * none to run, an inherent or undotted name or a dialect without one),
 * and in `*reads_other_ops` whether that hook may read other ops: the
 * context's facts per (name, definition), which change marking asks too
 * (verify_marks.h). */
static inline const sharc_dialect *hook_of(const sharc_op *op, const sharc_named_attr *e,
                                           bool *reads_other_ops) {
  const struct sharc_mark_name_slot *f =
      sharc_ir_attr_name_facts(sharc_op_ctx_of(op), sharc_op_def_of(op), e->name);
  const sharc_dialect *d = f->dialect;
  if (!d || !d->verify_op_attr)
    return NULL;
  *reads_other_ops = f->reads_other_ops;
  return d;
}

/* Whether the hooks that verify_dialect_attrs runs on `op` passed on an
 * op alike earlier in this verification: the same name, dictionary,
 * parent (the op itself when it is a symbol table), operand and result types,
 * and the same `changed_only` (the names that changed stay as they are
 * while the IR is verified). What a hook reads besides its attribute
 * (sharc_dialect.verify_op_attr): the op's types, its ancestors and the
 * symbols they hold; any other op only where attr_reads_other_ops says
 * so, and such a name is never remembered. The key is built in `key` (at
 * least key_len words) or `*heap`. */
static unsigned dict_hooks_key(const sharc_op *op, bool changed_only, uintptr_t *key,
                               unsigned key_len, uintptr_t **heap) {
  unsigned n = 6 + op->num_operands + op->num_results;
  uintptr_t *k = n <= key_len ? key : (*heap = sharc_xmalloc_array(n, sizeof *k));
  k[0] = (uintptr_t)hook_of;
  k[1] = (uintptr_t)op->attrs | changed_only; /* a dictionary is word-aligned */
  k[2] = (uintptr_t)op->name;
  /* a symbol table (or an unregistered op with regions, which may be one)
   * holds symbols its hooks may look up: itself, not its parent */
  const sharc_op_def *def = sharc_op_def_of(op);
  bool table = op->num_regions && (!def || (def->traits & SHARC_TRAIT_SYMBOL_TABLE));
  k[3] = table ? (uintptr_t)op
               : (uintptr_t)(op->block && op->block->parent ? op->block->parent->parent : NULL);
  k[4] = op->num_operands;
  k[5] = op->num_results;
  const sharc_use *operands = sharc_op_operands_of(op);
  for (unsigned i = 0; i < op->num_operands; i++)
    k[6 + i] = operands[i].value ? (uintptr_t)operands[i].value->type : 0;
  const sharc_value *results = sharc_op_results_of(op);
  for (unsigned i = 0; i < op->num_results; i++)
    k[6 + op->num_operands + i] = (uintptr_t)results[i].type;
  return n;
}

/* MLIR verifies an op's discardable `dialect.x` attributes with their
 * dialect's hook before the op's own invariants. `changed_only`: an op
 * marked attrs-only, whose other attributes' hooks read nothing that
 * changed (verify_marks.c): only those of names that changed run (a
 * sharding rule dropped from every op leaves their shardings alone). An
 * op with several hooks to run (a sharding and a sharding rule set by
 * propagation) is remembered whole (dict_hooks_key): ops alike share a
 * dictionary, and one memo look-up replaces one per hook. `*hooked_out`
 * (when not NULL): how many hooks there were to run. */
static bool verify_dialect_attrs(sharc_op *op, bool changed_only, unsigned *hooked_out) {
  unsigned n = op->attrs ? sharc_dict_n(op->attrs) : 0;
  const sharc_named_attr *e = n ? sharc_dict_entries(op->attrs) : NULL;
  sharc_context *ctx = sharc_op_ctx_of(op);
  unsigned hooked = 0, first = 0;
  const sharc_dialect *first_dialect = NULL;
  bool alone = true; /* no hook to run reads other ops */
  for (unsigned i = 0; i < n; i++) {
    if (changed_only && !sharc_ir_attr_name_changed(ctx, e[i].name))
      continue;
    bool reads_other_ops = false;
    const sharc_dialect *d = hook_of(op, &e[i], &reads_other_ops);
    if (!d)
      continue;
    if (!hooked++) {
      first = i;
      first_dialect = d;
    }
    alone = alone && !reads_other_ops;
  }
  if (hooked_out)
    *hooked_out = hooked;
  if (hooked <= 1)
    return !hooked || first_dialect->verify_op_attr(op, &e[first]);
  enum { STACK_KEY = 24 };
  uintptr_t stack[STACK_KEY], *heap = NULL, *key = stack;
  unsigned key_len = 0, len;
  uint64_t hash = 0;
  bool remember = alone && ctx->verify_memo;
  if (remember) {
    key_len = dict_hooks_key(op, changed_only, stack, STACK_KEY, &heap);
    key = heap ? heap : stack;
    hash = sharc_word_memo_hash(key, key_len);
    if (sharc_word_memo_find_hashed(ctx->verify_memo, hash, key, key_len, &len)) {
      if (heap) /* mostly not: no call to free */
        free(heap);
      return true;
    }
  }
  bool ok = true;
  for (unsigned i = first; ok && i < n; i++) {
    if (changed_only && !sharc_ir_attr_name_changed(ctx, e[i].name))
      continue;
    bool reads_other_ops;
    const sharc_dialect *d = hook_of(op, &e[i], &reads_other_ops);
    ok = !d || d->verify_op_attr(op, &e[i]);
  }
  if (ok && remember)
    sharc_word_memo_add_hashed(ctx->verify_memo, hash, key, key_len, NULL, 0);
  free(heap);
  return ok;
}

/* verify_dialect_attrs of all of `op`'s attributes, skipping a dictionary
 * that held no hook to run on an op of the same definition earlier in
 * this verification (one slot per pair, by the two addresses). */
static bool verify_all_dialect_attrs(verifier *v, sharc_op *op) {
  if (!op->attrs)
    return true;
  const sharc_op_def *def = sharc_op_def_of(op);
  if (!def) /* an unknown op's dictionary is mostly its own */
    return verify_dialect_attrs(op, false, NULL);
  uintptr_t at = ((uintptr_t)op->attrs >> 4) ^ ((uintptr_t)def >> 6);
  hookless_pair *slot = &v->hookless[at % HOOKLESS_CACHE];
  if (slot->attrs == op->attrs && slot->def == def)
    return true;
  unsigned hooked = 0;
  if (!verify_dialect_attrs(op, false, &hooked))
    return false;
  if (!hooked)
    *slot = (hookless_pair){op->attrs, def};
  return true;
}

/* One `arg_attrs`/`res_attrs` array of a function-like op (FunctionOpInterface's
 * verifyTrait): one dictionary per argument/result, dialect names only, each
 * checked by its dialect's hook. */
static bool verify_arg_attr_array(sharc_op *op, const sharc_attr *all, const sharc_type *fn,
                                  bool is_result) {
  unsigned expected = is_result ? sharc_type_func_num_results(fn) : sharc_type_func_num_inputs(fn);
  const char *what = is_result ? "result" : "argument";
  if (sharc_attr_count(all) != expected) {
    sharc_emit_op_error(op,
                        "expects %s attribute array to have the same number of elements as the "
                        "number of function %ss, got %u, but expected %u",
                        what, what, sharc_attr_count(all), expected);
    return false;
  }
  const sharc_ident *last_name = NULL;
  const sharc_dialect *last_dialect = NULL;
  const sharc_attr *passed = NULL; /* the previous entry's dictionary, and its type */
  const sharc_type *passed_type = NULL;
  for (unsigned i = 0; i < expected; i++) {
    const sharc_attr *dict = sharc_attr_at(all, i);
    const sharc_type *type =
        is_result ? sharc_type_func_result(fn, i) : sharc_type_func_input(fn, i);
    /* what the checks below read of an entry (sharc_dialect.verify_arg_attr):
     * arguments of one kind, in a row, share a dictionary and a type */
    if (dict == passed && type == passed_type)
      continue;
    if (sharc_attr_get_kind(dict) != SHARC_ATTR_DICTIONARY) {
      sharc_buf b = {0};
      sharc_print_attr(dict, &b);
      sharc_emit_op_error(op, "expects %s attribute dictionary to be a DictionaryAttr, but got `%s`",
                          what, b.data);
      sharc_buf_free(&b);
      return false;
    }
    const sharc_named_attr *e = sharc_attr_dict_entries(dict);
    unsigned count = sharc_attr_count(dict);
    for (unsigned k = 0; k < count; k++) {
      sharc_str n = sharc_ident_str(e[k].name);
      if (!memchr(n.data, '.', n.len)) {
        sharc_emit_op_error(op, is_result ? "results may only have dialect attributes"
                                          : "arguments may only have dialect attributes");
        return false;
      }
      /* one name (sdy.sharding) on most arguments: looked up once */
      if (e[k].name != last_name) {
        last_name = e[k].name;
        last_dialect = sharc_attr_name_dialect(sharc_op_ctx_of(op), last_name);
      }
      const sharc_dialect *d = last_dialect;
      if (d && d->verify_arg_attr && !d->verify_arg_attr(op, i, is_result, &e[k]))
        return false;
    }
    passed = dict;
    passed_type = type;
  }
  return true;
}

bool sharc_verify_function_arg_attrs(sharc_op *op) {
  sharc_attr *args = sharc_op_attr(op, "arg_attrs"), *results = sharc_op_attr(op, "res_attrs");
  sharc_attr *ft = sharc_op_attr(op, "function_type");
  sharc_type *fn = ft && sharc_attr_get_kind(ft) == SHARC_ATTR_TYPE ? sharc_attr_type_value(ft) : NULL;
  if (!fn || sharc_type_get_kind(fn) != SHARC_TYPE_FUNCTION)
    return true;
  if (args && sharc_attr_get_kind(args) == SHARC_ATTR_ARRAY &&
      !verify_arg_attr_array(op, args, fn, false))
    return false;
  if (results && sharc_attr_get_kind(results) == SHARC_ATTR_ARRAY &&
      !verify_arg_attr_array(op, results, fn, true))
    return false;
  return true;
}

/* SymbolOpInterface's verifier (a trait of the op, run after its ODS
 * checks): the name and visibility attributes, no public declarations, a
 * symbol-table parent. */
bool sharc_verify_symbol_op(sharc_op *op) {
  sharc_attr *name = sharc_op_attr(op, "sym_name");
  bool optional = sharc_op_has_trait(op, SHARC_TRAIT_SYMBOL_TABLE); /* builtin.module */
  if (!name && optional)
    return true;
  if (!name || sharc_attr_get_kind(name) != SHARC_ATTR_STRING) {
    sharc_emit_op_error(op, "requires string attribute 'sym_name'");
    return false;
  }
  sharc_attr *vis = sharc_op_attr(op, "sym_visibility");
  if (vis && sharc_attr_get_kind(vis) != SHARC_ATTR_STRING) {
    sharc_buf b = {0};
    sharc_print_attr(vis, &b);
    sharc_emit_op_error(op,
                        "requires visibility attribute 'sym_visibility' to be a string attribute, "
                        "but got %s",
                        b.data);
    sharc_buf_free(&b);
    return false;
  }
  if (vis && !sharc_str_eq_cstr(vis->str, "public") && !sharc_str_eq_cstr(vis->str, "private") &&
      !sharc_str_eq_cstr(vis->str, "nested")) {
    sharc_buf b = {0};
    sharc_print_attr(vis, &b);
    sharc_emit_op_error(
        op, "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got %s",
        b.data);
    sharc_buf_free(&b);
    return false;
  }
  /* only a function without a body is a declaration */
  bool declaration = (sharc_op_def_of(op)->traits & SHARC_TRAIT_CALLABLE) && op->num_regions &&
                     !sharc_op_regions_of(op)[0].first;
  if (declaration && sharc_symbol_visibility_of(op) == SHARC_SYMBOL_PUBLIC) {
    sharc_emit_op_error(op, "symbol declaration cannot have public visibility");
    return false;
  }
  sharc_op *parent = sharc_op_parent_op(op);
  if (parent && sharc_op_def_of(parent) &&
      !(sharc_op_def_of(parent)->traits & SHARC_TRAIT_SYMBOL_TABLE)) {
    sharc_emit_op_error(op, "symbol's parent must have the SymbolTable trait");
    return false;
  }
  return true;
}

/* SymbolTable's region check, after everything nested verified: unique
 * names, then each symbol user's verifySymbolUses in walkSymbolTable's
 * order (a stack of regions, not descending into nested symbol tables),
 * stopping at the first failure. */
bool sharc_verify_one_result_operand(sharc_op *op, bool one_result, bool one_operand) {
  if (one_result && op->num_results != 1) {
    sharc_emit_op_error(op, "requires one result");
    return false;
  }
  if (one_operand && op->num_operands != 1) {
    sharc_emit_op_error(op, "requires a single operand");
    return false;
  }
  return true;
}

bool sharc_verify_implicit_terminator(sharc_op *op, const sharc_op_def *terminator) {
  sharc_block *b = sharc_region_first_block(sharc_op_region(op, 0));
  if (!b)
    return true;
  if (sharc_block_next(b)) {
    sharc_emit_op_error(op, "expects region #0 to have 0 or 1 blocks");
    return false;
  }
  sharc_op *last = sharc_block_last_op(b);
  if (!last) {
    sharc_emit_op_error(op, "expects a non-empty block");
    return false;
  }
  if (sharc_op_isa(last, terminator))
    return true;
  sharc_str found = sharc_ident_str(sharc_op_name(last));
  sharc_diag *d = sharc_emit_op_error(op, "expects regions to end with '%s', found '%.*s'",
                                      terminator->name, (int)found.len, found.data);
  sharc_diag_note(d, sharc_op_loc(op),
                  "in custom textual format, the absence of terminator implies '%s'",
                  terminator->name);
  return false;
}

static bool verify_symbol_table(const verifier *v, sharc_op *table) {
  if (!sharc_symbol_verify_unique(table))
    return false;
  sharc_ptrvec stack = {0};
  for (unsigned i = 0; i < table->num_regions; i++)
    sharc_ptrvec_push(&stack, &sharc_op_regions_of(table)[i]);
  bool ok = true;
  while (ok && stack.len) {
    sharc_region *r = stack.items[--stack.len];
    for (sharc_block *b = r->first; ok && b; b = b->next) {
      /* a module just parsed: the regions of its functions verified then
       * hold nothing this walk stops at, and after the parse of a large
       * module every op of them is a cache miss (sharc_hot_verify_op) */
      bool skip = b == v->hot_block && v->hot_symbols_through;
      for (sharc_op *o = b->first; ok && o; o = o->next) {
        if (sharc_op_def_of(o) && sharc_op_def_of(o)->verify_symbol_uses &&
            !sharc_op_def_of(o)->verify_symbol_uses(o)) {
          ok = false;
          break;
        }
        if (sharc_op_def_of(o) && (sharc_op_def_of(o)->traits & SHARC_TRAIT_SYMBOL_TABLE))
          continue;
        if (skip) {
          skip = o != v->hot_symbols_through;
          continue;
        }
        for (unsigned i = 0; i < o->num_regions; i++)
          sharc_ptrvec_push(&stack, &sharc_op_regions_of(o)[i]);
      }
    }
  }
  sharc_ptrvec_free(&stack);
  return ok;
}

/* ---- dominance (MLIR's second pass, per isolated op, on the first's walk) -- */

/* The op holding `op` (or `op` itself) whose block lies in region `r`; NULL
 * when `r` does not enclose `op`. */
static sharc_op *ancestor_in_region(sharc_op *op, const sharc_region *r) {
  while (op && op->block && op->block->parent != r)
    op = op->block->parent ? op->block->parent->parent : NULL;
  return op && op->block ? op : NULL;
}

/* DomTree::properlyDominates of `def_block` over `use_block`, another
 * block of the same region: a block the entry does not reach is dominated
 * by any block, and dominates none that it reaches; between reached
 * blocks, the dominator tree decides (a dominator comes first in reverse
 * post-order, so the walk up from the use stops at its number). */
static bool other_block_dominates(verifier *v, const sharc_block *def_block,
                                  const sharc_block *use_block) {
  if (use_block == use_block->parent->first)
    return false;
  unsigned u = block_number(v, use_block);
  if (!u)
    return true;
  unsigned d = block_number(v, def_block);
  if (!d)
    return false;
  return sharc_dom_tree_properly_dominates(tree_of(v, use_block->parent), d, u);
}

/* v->dom_pos is the stamp of the dominance walk under way: an op holds it
 * once the walk has passed it, so a definition in the same block as the
 * use's ancestor comes first exactly when it holds the stamp (the ancestor
 * itself is stamped only after its regions are checked). */
static bool properly_dominates(verifier *v, const sharc_value *value, sharc_op *use) {
  if (value->vkind == SHARC_VALUE_ARG) {
    const sharc_block *b = sharc_value_block_of(value);
    if (!b || !b->parent)
      return true;
    sharc_op *a = ancestor_in_region(use, b->parent);
    if (!a)
      return false;
    return a->block == b || other_block_dominates(v, b, a->block);
  }
  if (value->vkind != SHARC_VALUE_RESULT)
    return true;
  sharc_op *def = sharc_value_op_of(value);
  if (!def->block || !def->block->parent)
    return true;
  const sharc_region *r = def->block->parent;
  sharc_op *a = ancestor_in_region(use, r);
  if (!a)
    return false;
  if (a->block != def->block)
    return other_block_dominates(v, def->block, a->block);
  if (!sharc_region_has_ssa_dominance(r))
    return true;
  return a != def && def->live_mark == v->dom_pos;
}

/* How the defining region stands to the using one, as MLIR's note says it. */
static const char *relation(const sharc_region *use_r, const sharc_region *def_r) {
  if (use_r == def_r)
    return "the same region";
  if (region_within(use_r, def_r))
    return "a parent region";
  if (region_within(def_r, use_r))
    return "a child region";
  return NULL;
}

static void dominance_error(sharc_op *op, unsigned i) {
  sharc_diag *d = sharc_emit_op(op, SHARC_SEV_ERROR, "operand #%u does not dominate this use", i);
  const sharc_value *v = sharc_op_operands_of(op)[i].value;
  const sharc_region *use_r = op->block->parent;
  if (v->vkind == SHARC_VALUE_RESULT) {
    const sharc_op *def = sharc_value_op_of(v);
    const char *rel =
        def->block == op->block ? "the same block" : relation(use_r, def->block->parent);
    sharc_diag_note(d, sharc_op_loc(def), "operand defined here (op %s%s)", rel ? "in " : "",
                    rel ? rel : "is neither in a parent nor in a child region");
    return;
  }
  const sharc_block *b = sharc_value_block_of(v);
  unsigned index = 0;
  for (const sharc_block *x = b->parent->first; x && x != b; x = x->next)
    index++;
  const char *rel = relation(use_r, b->parent);
  sharc_diag_note(d, b->parent->parent ? sharc_op_loc(b->parent->parent) : sharc_op_loc(op),
                  "operand defined as a block argument (block #%u %s%s)", index,
                  rel ? "in " : "neither in a parent nor in a child region", rel ? rel : "");
}

/* The regions of `op`: successors, block counts, then each block. */
static bool verify_regions(verifier *v, sharc_op *op, isolation_scope *scopes) {
  deferred_vec deferred = {0};
  for (unsigned i = 0; i < op->num_regions; i++) {
    sharc_region *r = &sharc_op_regions_of(op)[i];
    if (!verify_successors(op, r)) {
      sharc_vec_free(&deferred);
      return false;
    }
    if (sharc_op_def_of(op) && (sharc_op_def_of(op)->traits & SHARC_TRAIT_SINGLE_BLOCK) &&
        r->first && r->first->next) {
      sharc_emit_op_error(op, "expects region #%u to have 0 or 1 blocks", i);
      sharc_vec_free(&deferred);
      return false;
    }
    isolation_scope *outer = v->scope;
    if (scopes) {
      scopes[i] = (isolation_scope){r, NULL};
      v->scope = &scopes[i];
    }
    bool ok = true;
    for (sharc_block *b = r->first; ok && b; b = b->next)
      ok = verify_block(v, op, b, &deferred);
    v->scope = outer;
    if (!ok) {
      sharc_vec_free(&deferred);
      return false;
    }
  }
  /* the regions of `op` are left (keep_failure) */
  if (v->dom_fail && v->dom_fail->block->parent->parent == op)
    v->dom_fail_open = false;
  /* on leaving `op`: every isolated op under it, each reporting its own
   * first error */
  bool ok = true;
  isolation_scope *outer = v->scope;
  bool hot = v->hot_through != NULL; /* until it is passed */
  for (unsigned i = 0; i < deferred.len; i++) {
    sharc_op *d = deferred.items[i].op;
    v->scope = deferred.items[i].scope;
    v->half = hot && d->block == v->hot_block ? d : NULL;
    v->reach = deferred.items[i].reach ? d : NULL;
    v->moved = deferred.items[i].moved ? d : NULL;
    hot = hot && d != v->hot_through;
    ok = verify_op_and_dominance(v, d) && ok;
    v->half = NULL;
    v->reach = NULL;
    v->moved = NULL;
  }
  v->scope = outer;
  sharc_vec_free(&deferred);
  return ok;
}

/* Without a tool's registry (sharc_context_set_registry), the dialects
 * every tool loading them registers as its MLIR counterpart does; others
 * that sharc loads (chlo, mhlo) are left unregistered, their unknown ops
 * allowed. */
static bool registered_everywhere(sharc_str dialect) {
  static const char *const names[] = {"func", "stablehlo", "sdy", "mpmd", "vhlo", NULL};
  for (const char *const *n = names; *n; n++)
    if (strlen(*n) == dialect.len && !memcmp(*n, dialect.data, dialect.len))
      return true;
  return false;
}

/* Whether an unknown op of `dialect` is an error whatever
 * -allow-unregistered-dialect says: its dialect is registered, and none of
 * the registered ones allows unknown operations. */
static bool rejects_unknown_ops(const sharc_context *ctx, sharc_str dialect) {
  if (sharc_context_registry(ctx))
    return sharc_context_registers(ctx, dialect);
  return registered_everywhere(dialect) && sharc_context_dialect(ctx, dialect);
}

/* MLIR's verifier on leaving an unregistered op: allowed (by
 * -allow-unregistered-dialect) when its dialect is not registered, an error
 * when it names a registered dialect. A name without a dot has no dialect:
 * the parser lets one that names a registered dialect through (it loads
 * that dialect), and only -allow-unregistered-dialect allows it. */
static bool verify_unknown_op(verifier *v, sharc_op *op) {
  const sharc_ident **allowed = &v->unknown_allowed[op->name->hash % UNKNOWN_CACHE];
  if (*allowed == op->name)
    return true;
  sharc_str name = sharc_ident_str(op->name);
  const char *dot = memchr(name.data, '.', name.len);
  sharc_context *ctx = sharc_op_ctx_of(op);
  if (!dot && sharc_context_allows_unregistered(ctx)) {
    *allowed = op->name;
    return true;
  }
  if (!dot) {
    sharc_emit_op_error(op, "created with unregistered dialect. If this is intended, please call "
                            "allowUnregisteredDialects() on the MLIRContext, or use "
                            "-allow-unregistered-dialect with the MLIR opt tool used");
    return false;
  }
  sharc_str dialect = {name.data, (size_t)(dot - name.data)};
  if (!v->unknown_dialect.data || dialect.len != v->unknown_dialect.len ||
      memcmp(dialect.data, v->unknown_dialect.data, dialect.len) != 0) {
    v->unknown_dialect = dialect; /* the name's text lives as long as the context */
    v->unknown_rejected = rejects_unknown_ops(ctx, dialect);
  }
  if (!v->unknown_rejected) {
    *allowed = op->name;
    return true;
  }
  sharc_emit_op(op, SHARC_SEV_ERROR,
                "unregistered operation '%.*s' found in dialect ('%.*s') that does not allow "
                "unknown operations",
                (int)name.len, name.data, (int)dialect.len, dialect.data);
  return false;
}

static bool verify_op(verifier *v, sharc_op *op) {
  if (!v->marked_only) {
    op->verify_dirty = false; /* a whole verification clears every mark */
    op->verify_attrs_only = false;
  }
  /* read once: the hooks below are calls the compiler cannot see through */
  const sharc_op_def *def = sharc_op_def_of(op);
  /* a function's body verified as it is parsed: its own checks read its
   * parent, they wait for the module's verification */
  bool half = op == v->half;
  /* an isolated op marked attrs-only: its own checks read nothing that
   * changed (verify_marks.c's mark_to_reach) */
  bool reach = op == v->reach;
  /* an isolated op moved, its own checks local (moved_checks_local) */
  bool moved = op == v->moved;
  if (!half || !v->half_body) {
    if (!(reach ? verify_dialect_attrs(op, true, NULL) : verify_all_dialect_attrs(v, op)))
      return false;
    if (reach || moved)
      ; /* its own checks passed last time, and read nothing that changed */
    else if (def && !verify_counts(op))
      return false;
    else if (def && def->verify && !def->verify(op))
      return false;
    else if (def && (def->traits & SHARC_TRAIT_SYMBOL) && !sharc_verify_symbol_op(op))
      return false;
  }
  bool isolated = def && (def->traits & SHARC_TRAIT_ISOLATED) && op->num_regions;
  /* an op without regions has no blocks to walk */
  if (op->num_regions && (!half || v->half_body)) {
    isolation_scope stack_scopes[4];
    isolation_scope *scopes = !isolated                ? NULL
                              : op->num_regions <= 4 ? stack_scopes
                                                     : sharc_xmalloc_array(op->num_regions, sizeof *scopes);
    bool ok = verify_regions(v, op, scopes) &&
              (!isolated || report_isolation(op, scopes, op->num_regions));
    if (scopes != stack_scopes)
      free(scopes);
    if (!ok)
      return false;
  }
  if (half && v->half_body)
    return true;
  if (def && (def->traits & SHARC_TRAIT_SYMBOL_TABLE) && !verify_table_if_touched(v, op))
    return false;
  if (!reach && !moved && def && def->verify_regions && !def->verify_regions(op))
    return false;
  return def || verify_unknown_op(v, op);
}

/* A nested op that is not isolated verified on its own: its regions may use
 * values defined before it (or before an op holding it) in enclosing blocks,
 * which the walk never passes; stamping those ops as passed gives MLIR's
 * answer (a definition before the use's ancestor dominates it). Isolated
 * ops skip this: an outer value in them is an isolation error already. */
static void stamp_enclosing_definitions(sharc_op *op, unsigned pos) {
  for (sharc_op *a = op;
       a && a->block &&
       !(sharc_op_def_of(a) && (sharc_op_def_of(a)->traits & SHARC_TRAIT_ISOLATED));
       a = sharc_op_parent_op(a))
    for (sharc_op *o = a->block->first; o && o != a; o = o->next)
      o->live_mark = pos;
}

/* verifyOpAndDominance: the op, then the dominance of the values used in
 * its regions (isolated ops nested in it do their own). MLIR walks the
 * regions twice, verifying the ops and then checking dominance; here the
 * dominance of each op's operands is checked on the verification's own
 * walk, in the same order (an op is stamped once its operands and regions
 * are checked, verify_block), and its first failure is reported once the
 * ops verified, as the second walk would report it. One walk instead of
 * two: each waits on memory for every op of a large function (a function
 * just parsed, whose ops left the cache, verify_marks.c's marked ops). An
 * op verified for its own checks only (`half` without its body) has no
 * dominance to check. */
static bool verify_op_and_dominance(verifier *v, sharc_op *op) {
  unsigned outer_pos = v->dom_pos, outer_operand = v->dom_fail_operand;
  sharc_op *outer_fail = v->dom_fail;
  bool outer_open = v->dom_fail_open;
  bool own_checks_only = op == v->half && !v->half_body;
  v->dom_pos =
      op->num_regions && !own_checks_only ? sharc_context_fresh_mark(sharc_op_ctx_of(op)) : 0;
  v->dom_fail = NULL;
  if (v->dom_pos)
    stamp_enclosing_definitions(op, v->dom_pos);
  bool ok = verify_op(v, op);
  if (ok && v->dom_fail) {
    dominance_error(v->dom_fail, v->dom_fail_operand);
    ok = false;
  }
  v->dom_pos = outer_pos;
  v->dom_fail = outer_fail;
  v->dom_fail_operand = outer_operand;
  v->dom_fail_open = outer_open;
  return ok;
}

/* verify_op_and_dominance of the op a verifier was made for. */
static bool verify_root(verifier *v, sharc_op *op) {
  bool ok = verify_op_and_dominance(v, op);
  for (size_t i = 0; i < v->tree_list.len; i++) {
    sharc_dom_tree_free(v->tree_list.items[i]);
    free(v->tree_list.items[i]);
  }
  sharc_vec_free(&v->tree_list);
  sharc_ptrmap_free(&v->trees);
  return ok;
}

/* A whole verification of the top-level op the parser just returned, the
 * IR unchanged since: the functions it verified as it went are skipped
 * (their own checks, which read the module, are not). Once only. */
static void take_hot_prefix(verifier *v, sharc_op *op) {
  sharc_context *ctx = sharc_op_ctx_of(op);
  if (!ctx->hot_block || op->block) /* a nested op's verification leaves it */
    return;
  if (op->num_regions && sharc_op_regions_of(op)[0].first == ctx->hot_block &&
      ctx->hot_epoch == ctx->ir_epoch) {
    v->hot_block = ctx->hot_block;
    v->hot_through = ctx->hot_through;
    v->hot_symbols_through = ctx->hot_symbols_through;
  }
  ctx->hot_block = NULL;
  ctx->hot_through = NULL;
  ctx->hot_symbols_through = NULL;
}

/* verify_op_and_dominance of `op` in a verification of its own. */
static bool run_verifier(sharc_op *op, bool marked_only) {
  verifier v = {.marked_only = marked_only};
  if (!marked_only)
    take_hot_prefix(&v, op);
  else if (op->verify_attrs_only && isolated_with_regions(op))
    v.reach = op; /* a function a nested pass manager verifies */
  sharc_word_memo memo = {{0}, {0}};
  struct sharc_word_memo *outer = sharc_op_ctx_of(op)->verify_memo;
  sharc_op_ctx_of(op)->verify_memo = &memo;
  bool ok = verify_root(&v, op);
  sharc_op_ctx_of(op)->verify_memo = outer;
  sharc_word_memo_free(&memo);
  sharc_diag_flush(sharc_op_ctx_of(op));
  return ok;
}

/* ---- verification while parsing ----------------------------------------
 * A function is verified as soon as the parser finishes it, while its ops
 * are still in cache (after a large module is parsed they are not). The
 * module holding it does not exist yet, so only its body is verified then
 * (its own checks read its parent: they stay with the module's
 * verification), quietly: it counts only if it passed without a
 * diagnostic and without looking for a symbol table (a function's body
 * reads nothing outside it but symbols, verify_marks.c's verified_alone;
 * symbols defined later in the module are not there yet). The first
 * function that does not count ends it: the functions that count are the
 * isolated ops of a prefix of the module's body, which the module's first
 * whole verification skips (take_hot_prefix). Diagnostics, their order and
 * the result are those of verifying everything after the parse: a body
 * that passed would pass again and say nothing. */

static void count_diag(const sharc_diag *d, void *user) {
  (void)d;
  ++*(unsigned *)user;
}

/* Whether `op` passes `v`, quietly, reading no symbol; `memo` (NULL: the
 * context's own) keeps the checks that passed. */
static bool verifies_quietly(verifier *v, sharc_op *op, struct sharc_word_memo *memo) {
  sharc_context *ctx = sharc_op_ctx_of(op);
  if (ctx->pending || ctx->defer_depth)
    return false;
  unsigned misses = 0, emitted = 0;
  struct sharc_word_memo *outer = ctx->verify_memo;
  sharc_diag_quiet saved;
  sharc_diag_quiet_begin(ctx, &saved, count_diag, &emitted);
  ctx->symbol_table_misses = &misses;
  if (memo)
    ctx->verify_memo = memo;
  bool ok = verify_root(v, op);
  sharc_diag_quiet_end(ctx, &saved);
  ctx->symbol_table_misses = NULL;
  ctx->verify_memo = outer;
  return ok && !emitted && !misses;
}

/* Whether the body of `op` verifies, quietly, reading no symbol; and in
 * *symbol_ops whether it holds an op the symbol table's check stops at. */
static bool body_verifies_alone(sharc_hot_verify *h, sharc_op *op, bool *symbol_ops) {
  verifier v = {.half = op, .half_body = true};
  bool ok = verifies_quietly(&v, op, &h->memo);
  *symbol_ops = v.met_symbol_ops;
  return ok;
}

/* The symbol table's check of the module walks every op below it, for
 * the symbol users' hooks; after the parse of a large module each is a
 * cache miss (1M generic ops: 2 % of the run). The functions verified
 * here walk their bodies while they are in cache, so the prefix of them
 * whose bodies hold no symbol user or nested table is noted, and that
 * walk skips their bodies (their own hooks it still calls). */
static void note_symbols_prefix(sharc_hot_verify *h, sharc_op *op, bool symbol_ops) {
  if (symbol_ops)
    h->symbols_stopped = true;
  if (!h->symbols_stopped)
    h->symbols_through = op;
}

void sharc_hot_verify_op(sharc_hot_verify *h, sharc_op *op) {
  if (h->stopped)
    return;
  const sharc_op_def *def = sharc_op_def_of(op);
  /* the module's verification checks other ops in place, as before */
  if (!def || !(def->traits & SHARC_TRAIT_ISOLATED) || !op->num_regions) {
    if (op->num_regions) /* regions not walked here */
      h->symbols_stopped = true;
    return;
  }
  bool symbol_ops = false;
  if (!(def->traits & SHARC_TRAIT_SYMBOL_TABLE) && body_verifies_alone(h, op, &symbol_ops)) {
    h->through = op;
    note_symbols_prefix(h, op, symbol_ops);
  } else {
    h->stopped = true;
  }
}

/* Whether `op`, just appended to the module's body, may be printed ahead
 * (asm/printer.c's sharc_print_ahead): a function whose body passed above
 * and whose own checks pass too, quietly, reading no symbol. The printer
 * reads what a verified op holds (a function's type as a function type);
 * the module's verification repeats these checks, so nothing here decides
 * an outcome. Only ops that use no value are checked this early: an
 * operand of the module's body may still be a forward reference, which
 * no verifier expects to meet. */
bool sharc_hot_verify_own(sharc_hot_verify *h, sharc_op *op) {
  if (!op->num_regions || h->stopped || h->through != op || op->num_operands ||
      op->num_results || sharc_op_num_successors_of(op))
    return false;
  verifier v = {.half = op, .half_body = false};
  return verifies_quietly(&v, op, NULL);
}

void sharc_hot_verify_start(sharc_hot_verify *h, sharc_block *body) {
  h->block = body;
  h->through = NULL;
  h->symbols_through = NULL;
  h->stopped = false;
  h->symbols_stopped = false;
}

void sharc_hot_verify_finish(sharc_context *ctx, sharc_hot_verify *h, sharc_op *top, bool keep) {
  sharc_word_memo_free(&h->memo);
  bool take = keep && top && h->through && top->num_regions &&
              sharc_op_regions_of(top)[0].first == h->block;
  ctx->hot_block = take ? h->block : NULL;
  ctx->hot_through = take ? h->through : NULL;
  ctx->hot_symbols_through = take ? h->symbols_through : NULL;
  ctx->hot_epoch = ctx->ir_epoch;
}

/* After a whole verification of `root` that passed (which cleared every
 * mark under it), changes under it are marked from here on. */
static void track_from(sharc_op *root) {
  sharc_ir_forget_attr_names(sharc_op_ctx_of(root));
  sharc_op_ctx_of(root)->verify_root = root;
  sharc_op_ctx_of(root)->verify_all = false;
  sharc_op_ctx_of(root)->verify_symbols_touched = false;
}

bool sharc_verify(sharc_op *op) {
  bool was_marked = op->verify_dirty;
  bool was_moved = !op->verify_dirty && op->verify_attrs_only; /* verify_marks.c */
  bool ok = run_verifier(op, false);
  if (sharc_op_parent_op(op)) {
    /* a nested op verified alone (a pass checking one op, a diagnostic's
     * op): the dominance of its operands is its parent's to check, and a
     * failure left the marks under it half cleared */
    op->verify_dirty = was_marked;
    op->verify_attrs_only = was_moved;
    if (!ok)
      sharc_op_ctx_of(op)->verify_root = NULL;
    return ok;
  }
  /* a top-level op (a module just parsed) is tracked from here: the first
   * pass that changes it verifies only what it changed */
  if (ok)
    track_from(op);
  else if (sharc_op_ctx_of(op)->verify_root == op)
    sharc_op_ctx_of(op)->verify_root = NULL;
  return ok;
}

/* SHARC_FULL_VERIFY=1: every verification after a pass is whole, to
 * compare with the incremental one (outputs must be identical). */
static bool full_verify_forced(void) {
  const char *e = getenv("SHARC_FULL_VERIFY");
  return e && *e && strcmp(e, "0") != 0;
}

bool sharc_verify_changed(sharc_op *op) {
  sharc_context *ctx = sharc_op_ctx_of(op);
  sharc_op *root = ctx->verify_root;
  bool in_root = root && (op == root || sharc_op_parent_op(op) == root);
  sharc_ir_mark_symbol_users(ctx, op == root); /* may ask for verifying everything */
  if (in_root && !ctx->verify_all && !full_verify_forced()) {
    /* only marked ops, and a marked op's ancestors are marked: a function
     * verified on its own (a nested pass manager's) leaves the root marked
     * for its module-level checks */
    if (!op->verify_dirty)
      return true;
    bool ok = run_verifier(op, true);
    if (op == root)
      sharc_ir_forget_attr_names(ctx); /* every mark under it cleared */
    if (!ok) {
      ctx->verify_root = NULL;
    } else {
      op->verify_dirty = false;
      op->verify_attrs_only = false;
    }
    return ok;
  }
  bool ok = run_verifier(op, false);
  if (!ok)
    ctx->verify_root = NULL;
  else if (!in_root || op == root)
    track_from(op);
  return ok;
}

bool sharc_verify_memo_passed(sharc_context *ctx, const uintptr_t *key, unsigned n) {
  return sharc_verify_memo_hit(ctx, key, n);
}

/* The key is hashed once for the look-up and the add. */
void sharc_verify_memo_record(sharc_context *ctx, const uintptr_t *key, unsigned n) {
  if (!ctx->verify_memo)
    return;
  uint64_t hash = sharc_word_memo_hash(key, n);
  unsigned len;
  if (!sharc_word_memo_find_hashed(ctx->verify_memo, hash, key, n, &len))
    sharc_word_memo_add_hashed(ctx->verify_memo, hash, key, n, NULL, 0);
}

/* What a memoized check may read of an operand besides its type: the value
 * of a constant-like producer (no operands, no regions), as the StableHLO
 * verifiers read shape operands through matchInts. Most operands have no
 * such producer: their type alone, one word; a constant's type is tagged
 * in its low bit (types are word-aligned) and followed by the producer's
 * name and attributes, so the words still read back one way only. */
static uintptr_t *operand_key(uintptr_t *k, const sharc_value *v) {
  const sharc_op *def = v->vkind == SHARC_VALUE_RESULT ? sharc_value_op_of(v) : NULL;
  if (!def || def->num_operands || def->num_regions) {
    *k++ = (uintptr_t)v->type;
    return k;
  }
  *k++ = (uintptr_t)v->type | 1;
  *k++ = (uintptr_t)def->name;
  *k++ = (uintptr_t)def->attrs;
  return k;
}

/* The words of a memo key for `op`'s checks: what sharc_verify_memoized
 * names, then with `entry_blocks` what sharc_verify_memoized_entry_blocks
 * adds per region. Writes at most key_words(op, entry_blocks) words (an
 * operand takes one to three, operand_key). */
static unsigned key_words(const sharc_op *op, bool entry_blocks) {
  unsigned n = 6 + 3 * op->num_operands + op->num_results;
  for (unsigned i = 0; entry_blocks && i < op->num_regions; i++) {
    const sharc_block *b = sharc_op_regions_of(op)[i].first;
    n += 4 + (b ? b->num_args : 0) + (b && b->last ? b->last->num_operands : 0);
  }
  return n;
}

static uintptr_t *region_key(uintptr_t *k, const sharc_region *r) {
  unsigned blocks = 0;
  for (const sharc_block *b = r->first; b; b = b->next)
    blocks++;
  const sharc_block *entry = r->first;
  const sharc_op *last = entry ? entry->last : NULL;
  *k++ = blocks;
  *k++ = entry ? entry->num_args : 0;
  for (unsigned a = 0; entry && a < entry->num_args; a++)
    *k++ = (uintptr_t)entry->args[a]->type;
  *k++ = last ? (uintptr_t)last->name : 0;
  *k++ = last ? last->num_operands : 0;
  for (unsigned i = 0; last && i < last->num_operands; i++) {
    const sharc_value *v = sharc_op_operands_of(last)[i].value;
    *k++ = v ? (uintptr_t)v->type : 0;
  }
  return k;
}

/* `in_parent`: the key holds the parent op itself, not its name. */
static bool memoized(sharc_op *op, bool (*check)(sharc_op *op), bool entry_blocks,
                     bool in_parent) {
  /* a fragment's key (its entry arguments, its terminator's operands) runs
   * to a few dozen words: kept off the heap */
  enum { STACK = 128 };
  unsigned n = key_words(op, entry_blocks);
  uintptr_t stack[STACK];
  uintptr_t *key = n <= STACK ? stack : sharc_xmalloc_array(n, sizeof *key);
  const sharc_op *parent = op->block && op->block->parent ? op->block->parent->parent : NULL;
  key[0] = (uintptr_t)check;
  key[1] = (uintptr_t)op->name;
  key[2] = (uintptr_t)op->attrs;
  key[3] = op->num_operands;
  key[4] = op->num_results;
  key[5] = in_parent ? (uintptr_t)parent : parent ? (uintptr_t)parent->name : 0;
  uintptr_t *k = key + 6;
  const sharc_use *operands = sharc_op_operands_of(op);
  for (unsigned i = 0; i < op->num_operands; i++)
    k = operand_key(k, operands[i].value);
  const sharc_value *results = sharc_op_results_of(op);
  for (unsigned i = 0; i < op->num_results; i++)
    *k++ = (uintptr_t)results[i].type;
  for (unsigned i = 0; entry_blocks && i < op->num_regions; i++)
    k = region_key(k, &sharc_op_regions_of(op)[i]);
  n = (unsigned)(k - key);
  sharc_word_memo *memo = sharc_op_ctx_of(op)->verify_memo;
  uint64_t hash = sharc_word_memo_hash(key, n);
  unsigned len;
  bool ok = sharc_word_memo_find_hashed(memo, hash, key, n, &len) != NULL;
  if (!ok && (ok = check(op)))
    sharc_word_memo_add_hashed(memo, hash, key, n, NULL, 0);
  if (key != stack)
    free(key);
  return ok;
}

bool sharc_verify_memoized(sharc_op *op, bool (*check)(sharc_op *op)) {
  if (!sharc_op_ctx_of(op)->verify_memo || op->num_regions || sharc_op_num_successors_of(op))
    return check(op);
  return memoized(op, check, false, false);
}

bool sharc_verify_memoized_entry_blocks(sharc_op *op, bool (*check)(sharc_op *op)) {
  if (!sharc_op_ctx_of(op)->verify_memo || sharc_op_num_successors_of(op))
    return check(op);
  return memoized(op, check, true, false);
}

bool sharc_verify_memoized_in_parent(sharc_op *op, bool (*check)(sharc_op *op)) {
  if (!sharc_op_ctx_of(op)->verify_memo || op->num_regions || sharc_op_num_successors_of(op))
    return check(op);
  return memoized(op, check, false, true);
}

bool sharc_verify_memoized_entry_blocks_in_parent(sharc_op *op, bool (*check)(sharc_op *op)) {
  if (!sharc_op_ctx_of(op)->verify_memo || sharc_op_num_successors_of(op))
    return check(op);
  return memoized(op, check, true, true);
}
