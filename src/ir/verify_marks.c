/* Change marks for incremental verification (see sharc_verify_changed).
 *
 * After ctx->verify_root passed a verification, every change to IR under
 * it marks the ops whose verification may read what changed, setting
 * `verify_dirty` on each of them and on every op holding it up to the root
 * (so a marked op's ancestors are always marked, and the verifier finds all
 * marked ops by descending through marked ops only; an ancestor whose own
 * checks read no nested op, a function (SHARC_TRAIT_BODY_UNREAD), is
 * marked attrs-only, only to be walked, and so is it for an op removed
 * from its body: its blocks' terminators are checked on the walk). What an op's
 * verification reads, and so what a change marks:
 *  - its attributes, operands, operand and result types, its regions'
 *    block arguments and op lists (terminators): the op itself;
 *  - its operands' defining ops' attributes (MPMD reads a producer's
 *    res_attrs, the function's arg_attrs through a block argument of any
 *    of its blocks): the users of the changed op's results and of its
 *    regions' block arguments;
 *  - its ancestors' attributes (func.return the function type, sdy the
 *    enclosing manual computations, MPMD the function's topology): every
 *    op nested in an op whose attributes changed, unless only argument or
 *    result attributes did (read through block arguments, above);
 *  - dominance: a moved or inserted op and its nested ops, the users of
 *    its results.
 * A block moved whole between two regions under the root (a body taken
 * into a new op) changes nothing its ops hold, only where they sit: each
 * of its ops, nested ones too, is marked for what that may change
 * (marked_moved: the dominance and isolation of its operands, and the
 * checks that may read its surroundings, asm/verify.c), unless it is
 * marked already (then whole).
 * A change of discardable attributes of one dialect on an op (a sharding
 * set), unless its verifier reads them (sharc_op_def.reads_discardable),
 * marks less: the op for its attribute hooks only
 * (`verify_attrs_only`), and of those the hooks of the names that changed
 * (kept in the context until the root's next verification), unless they
 * are its own dialect's (and its dialect's ops may read them: not
 * mpmd's); the ops holding it, a function too, only to reach it (their
 * hooks, their regions walked); and of its
 * users those whose verification reads that dialect's attributes of
 * producers (see reads_producer_attrs).
 * Argument or result dictionaries that differ only in such attributes of
 * a dialect whose ops read none (mpmd's use sets) mark the op alone.
 * A symbol removed from the root's body, or a function there whose
 * signature (type, argument or result attributes) changed, is read
 * elsewhere only through references to its name (and, for a function's
 * type, by its own blocks' terminators, marked): the name is kept, and
 * the ops whose attributes refer to it are marked when the next
 * verification of the root starts (sharc_ir_mark_symbol_users: one walk
 * for all the names kept, where MLIR verifies the whole module again).
 * Any other change that verifications elsewhere may read (the root
 * itself, its body's op list, an op there that is not a function, a
 * function's name) asks for verifying everything (ctx->verify_all).
 * Changes to detached IR are not tracked: inserting it marks all of it. */
#include "ir/context.h"
#include "ir/static_names.h"
#include "ir/verify_marks.h"
#include "support/ptrmap.h"

#include <string.h>

static bool tracking(const sharc_context *ctx) { return ctx->verify_root && !ctx->verify_all; }

static sharc_op *parent_of(const sharc_op *op) {
  return op->block && op->block->parent ? op->block->parent->parent : NULL;
}

/* An op directly in the root's body whose verification reads nothing
 * outside it but symbols: isolated from above, not a symbol table. */
static bool verified_alone(const sharc_op *op) {
  unsigned traits = sharc_op_def_of(op) ? sharc_op_def_of(op)->traits : 0;
  return (traits & SHARC_TRAIT_ISOLATED) && !(traits & SHARC_TRAIT_SYMBOL_TABLE);
}

/* Marks `o` for a whole verification, not just its attribute hooks. */
static void set_dirty(sharc_op *o) {
  o->verify_dirty = true;
  o->verify_attrs_only = false;
}

/* Marked only as moved (note_block_moved): verify_attrs_only without
 * verify_dirty, the one pair of the two bits no other mark uses. */
static bool marked_moved(const sharc_op *o) { return !o->verify_dirty && o->verify_attrs_only; }

/* Marks `o`, not marked before or marked only as moved, for its attribute
 * hooks only (`attrs_only`, what changed is its discardable attributes or
 * below it) or whole: a moved op asks for more than its hooks, whole then. */
static void set_marked(sharc_op *o, bool attrs_only) {
  o->verify_attrs_only = attrs_only && !marked_moved(o);
  o->verify_dirty = true;
}

/* One step of a marking climb from `o` towards the root: o's parent, or
 * NULL where the climb ends: at the root (marked), outside the root's IR,
 * or at a top-level op the root must verify with its siblings (everything
 * is verified then). */
static sharc_op *climb_to_root(sharc_context *ctx, sharc_op *o) {
  sharc_op *root = ctx->verify_root;
  if (o == root) {
    root->verify_dirty = true;
    return NULL;
  }
  sharc_op *parent = parent_of(o);
  if (!parent)
    return NULL;
  if (parent == root && !verified_alone(o)) {
    ctx->verify_all = true;
    return NULL;
  }
  return parent;
}

/* Whether `o`, holding a changed op, needs only to be walked to reach it:
 * its own checks read no op nested in it (a function's its signature and
 * entry block, which mark it directly when they change). */
static bool reached_only(const sharc_op *o) {
  const sharc_op_def *def = sharc_op_def_of(o);
  return def && (def->traits & SHARC_TRAIT_BODY_UNREAD);
}

/* Marks `op` (`whole`: for a whole verification, else to be walked) and
 * the ops holding it, up to the root; nothing for IR not under the root. */
static void mark_from(sharc_context *ctx, sharc_op *op, bool whole) {
  for (sharc_op *o = op;;) {
    sharc_op *parent = climb_to_root(ctx, o);
    if (!parent)
      return;
    bool reach = o == op ? !whole : reached_only(o);
    if (o->verify_dirty) {
      if (!reach)
        o->verify_attrs_only = false;
      return; /* its ancestors are marked already */
    }
    set_marked(o, reach);
    o = parent;
  }
}

static void mark_op(sharc_context *ctx, sharc_op *op) { mark_from(ctx, op, true); }

/* Every op nested in `op`. */
static void mark_nested(sharc_op *op) {
  for (unsigned i = 0; i < op->num_regions; i++)
    for (sharc_block *b = sharc_op_regions_of(op)[i].first; b; b = b->next)
      for (sharc_op *o = b->first; o; o = o->next) {
        set_dirty(o);
        if (o->num_regions)
          mark_nested(o);
      }
}

static void mark_users(sharc_context *ctx, const sharc_value *v) {
  for (sharc_use *u = v->uses; u; u = u->next)
    mark_op(ctx, u->owner);
}

static void mark_result_users(sharc_op *op) {
  for (unsigned i = 0; i < op->num_results; i++)
    mark_users(sharc_op_ctx_of(op), &sharc_op_results_of(op)[i]);
}

/* The users of the arguments of every block of `op`'s regions: the
 * entry block's read its argument attributes, and so do a function's
 * other blocks' (mpmd.transfer reads arg_attrs at its block argument's
 * index, whichever block holds it: Shardy's FindMemoryKindInAttributes). */
static void mark_block_arg_users(sharc_op *op) {
  for (unsigned i = 0; i < op->num_regions; i++)
    for (sharc_block *b = sharc_op_regions_of(op)[i].first; b; b = b->next)
      for (unsigned a = 0; a < b->num_args; a++)
        mark_users(sharc_op_ctx_of(op), b->args[a]);
}

/* `op` (attached under the root) and everything in it, as never verified. */
static void mark_op_and_nested(sharc_context *ctx, sharc_op *op) {
  if (op->num_regions)
    mark_nested(op);
  op->verify_dirty = false; /* so that marking climbs to its ancestors */
  op->verify_attrs_only = false;
  mark_op(ctx, op);
}

/* A change to the op list or block list of `parent`'s regions. */
static void mark_body_of(sharc_context *ctx, sharc_op *parent) {
  if (parent == ctx->verify_root)
    ctx->verify_all = true;
  else
    mark_op(ctx, parent);
}

static bool is_arg_or_result_attrs(const sharc_ident *name) {
  sharc_str s = sharc_ident_str(name);
  return sharc_str_eq_cstr(s, "arg_attrs") || sharc_str_eq_cstr(s, "res_attrs");
}

static unsigned dict_size(const sharc_attr *d) { return d ? sharc_dict_n(d) : 0; }

/* The value of `name` in dictionary `d` (NULL: none), compared by the
 * interned name. */
static const sharc_attr *entry_value(const sharc_attr *d, const sharc_ident *name) {
  for (unsigned i = 0; i < dict_size(d); i++)
    if (sharc_dict_entries(d)[i].name == name)
      return sharc_dict_entries(d)[i].value;
  return NULL;
}

/* Calls `accept` on each name whose value differs between the two
 * dictionaries (changed, added or removed; NULL is an op without
 * attributes) until it returns false: whether every one was accepted. */
static bool accept_changed_names(const sharc_attr *old, const sharc_attr *now,
                                 bool (*accept)(const sharc_ident *name, void *user), void *user) {
  for (unsigned i = 0; i < dict_size(now); i++) {
    const sharc_named_attr *e = &sharc_dict_entries(now)[i];
    if (entry_value(old, e->name) != e->value && !accept(e->name, user))
      return false;
  }
  for (unsigned i = 0; i < dict_size(old); i++) {
    const sharc_named_attr *e = &sharc_dict_entries(old)[i];
    if (!entry_value(now, e->name) && !accept(e->name, user))
      return false;
  }
  return true;
}

/* A change of an op's dictionary: the one before, and the one name whose
 * value differs when the setter knows it (NULL: compare the two). */
typedef struct attr_change {
  const sharc_attr *old;
  const sharc_ident *name;
} attr_change;

/* accept_changed_names over the names the change touched on `op`: the
 * known one, or the dictionaries' difference. */
static bool accept_op_changes(const sharc_op *op, const attr_change *c,
                              bool (*accept)(const sharc_ident *name, void *user), void *user) {
  if (c->name)
    return accept(c->name, user);
  return accept_changed_names(c->old, op->attrs, accept, user);
}

static bool accept_arg_or_result_attrs(const sharc_ident *name, void *user) {
  (void)user;
  return is_arg_or_result_attrs(name);
}

/* Whether the dictionaries differ at most in arg_attrs and res_attrs. */
static bool differ_in_arg_attrs_only(const sharc_op *op, const attr_change *c) {
  return accept_op_changes(op, c, accept_arg_or_result_attrs, NULL);
}

typedef struct unread_fold {
  sharc_context *ctx;
  const sharc_op_def *def;
} unread_fold;

static const sharc_dialect *discardable_dialect(sharc_context *ctx, const sharc_op_def *def,
                                                const sharc_ident *name);

/* Whether `name`, in an argument's or result's dictionary, is of a dialect
 * whose ops read none of its discardable attributes. */
static bool accept_unread_name(const sharc_ident *name, void *user) {
  unread_fold *f = user;
  const sharc_dialect *d = discardable_dialect(f->ctx, f->def, name);
  return d && d->ops_ignore_discardable;
}

static bool is_array_or_none(const sharc_attr *a) { return !a || a->kind == SHARC_ATTR_ARRAY; }

static bool is_dict_or_none(const sharc_attr *a) { return !a || a->kind == SHARC_ATTR_DICTIONARY; }

/* Element `i` of array `a`, or NULL where the array is absent. */
static const sharc_attr *elem_or_none(const sharc_attr *a, unsigned i) {
  return a ? sharc_array_elems(a)[i] : NULL;
}

/* Whether the argument or result dictionaries of `name` (arg_attrs,
 * res_attrs) differ only in names no verifier reads through a block
 * argument or a result (mpmd's use sets). An array absent on one side is
 * read as one of empty dictionaries: a reader looks a name up in the
 * dictionary at its index and finds none either way (a function's first
 * use set creates its arg_attrs, the last one removed drops them). */
static bool entries_unread(unread_fold *f, const sharc_attr *old, const sharc_attr *now,
                           const sharc_ident *name) {
  const sharc_attr *a = entry_value(old, name), *b = entry_value(now, name);
  if (a == b)
    return true;
  if (!is_array_or_none(a) || !is_array_or_none(b) || (a && b && sharc_array_n(a) != sharc_array_n(b)))
    return false;
  unsigned n = a ? sharc_array_n(a) : sharc_array_n(b);
  for (unsigned i = 0; i < n; i++) {
    const sharc_attr *x = elem_or_none(a, i), *y = elem_or_none(b, i);
    if (x == y)
      continue;
    if (!is_dict_or_none(x) || !is_dict_or_none(y) ||
        !accept_changed_names(x, y, accept_unread_name, f))
      return false;
  }
  return true;
}

/* Whether the users of `op`'s block arguments may read what changed:
 * they read its `arg_attrs` (the dictionary at their index, through the
 * block argument), not its result attributes nor its type (a block
 * argument retyped marks its users itself, sharc_ir_note_value_type), and
 * not names no verifier reads (entries_unread). A function's result
 * shardings or use sets, or its type alone, leave them as they were. */
static bool arg_attrs_changed(sharc_op *op, const attr_change *c) {
  sharc_context *ctx = sharc_op_ctx_of(op);
  const sharc_ident *arg_attrs = sharc_context_static_ident(ctx, "arg_attrs");
  if (c->name && c->name != arg_attrs)
    return false;
  if (!c->old || !sharc_op_def_of(op))
    return true;
  unread_fold f = {ctx, sharc_op_def_of(op)};
  return !entries_unread(&f, c->old, op->attrs, arg_attrs);
}

/* Whether `op`'s dictionaries differ at most in the argument and result
 * dictionaries, and there only in names no verifier reads (of dialects
 * whose ops read none of their discardable attributes): the op's own
 * verification (its dialect hooks) is all they change. */
static bool differ_in_unread_arg_attrs(sharc_op *op, const attr_change *c) {
  unread_fold f = {sharc_op_ctx_of(op), sharc_op_def_of(op)};
  const sharc_attr *old = c->old;
  if (!f.def || !old || !differ_in_arg_attrs_only(op, c))
    return false;
  return entries_unread(&f, old, op->attrs, sharc_context_static_ident(f.ctx, "arg_attrs")) &&
         entries_unread(&f, old, op->attrs, sharc_context_static_ident(f.ctx, "res_attrs"));
}

const struct sharc_mark_name_slot *sharc_ir_attr_name_facts_fill(sharc_context *ctx,
                                                                 const sharc_op_def *def,
                                                                 const sharc_ident *name) {
  struct sharc_mark_name_slot *slot = sharc_ir_attr_name_slot(ctx, def, name);
  const sharc_dialect *d =
      sharc_op_def_is_inherent(def, name) ? NULL : sharc_attr_name_dialect(ctx, name);
  slot->name = name;
  slot->def = def;
  slot->dialect = d;
  slot->reads_other_ops =
      d && d->verify_op_attr && (!d->attr_reads_other_ops || d->attr_reads_other_ops(name));
  return slot;
}

static const sharc_dialect *discardable_dialect(sharc_context *ctx, const sharc_op_def *def,
                                                const sharc_ident *name) {
  return sharc_ir_attr_name_facts(ctx, def, name)->dialect;
}

typedef struct dialect_fold {
  const sharc_op *op;
  const sharc_dialect *dialect;
} dialect_fold;

/* Keeps `name` as changed on an op marked attrs-only (see
 * sharc_ir_attr_name_changed). */
static bool keep_attr_name(const sharc_ident *name, void *user) {
  sharc_context *ctx = user;
  if (sharc_ir_attr_name_changed(ctx, name))
    return true;
  unsigned n = sizeof ctx->verify_attr_names / sizeof ctx->verify_attr_names[0];
  if (ctx->verify_num_attr_names == n)
    ctx->verify_attr_names_overflow = true;
  else
    ctx->verify_attr_names[ctx->verify_num_attr_names++] = name;
  return true;
}

void sharc_ir_forget_attr_names(sharc_context *ctx) {
  ctx->verify_num_attr_names = 0;
  ctx->verify_attr_names_overflow = false;
}

/* Folds the dialect of one changed attribute name into the state: false
 * when the name is not a discardable `dialect.x` of the op or not of the
 * dialect the names before it had. */
static bool same_discardable_dialect(const sharc_ident *name, void *user) {
  dialect_fold *f = user;
  const sharc_dialect *of =
      discardable_dialect(sharc_op_ctx_of(f->op), sharc_op_def_of(f->op), name);
  if (!of || (f->dialect && of != f->dialect))
    return false;
  f->dialect = of;
  return true;
}

/* The one dialect of every discardable attribute in which `old` and the
 * op's dictionary differ, or NULL (an inherent one, several dialects). */
static const sharc_dialect *changed_dialect(const sharc_op *op, const attr_change *c) {
  if (c->name) /* one name: no fold (a sharding write, the common change) */
    return discardable_dialect(sharc_op_ctx_of(op), sharc_op_def_of(op), c->name);
  dialect_fold f = {.op = op, .dialect = NULL};
  if (!accept_op_changes(op, c, same_discardable_dialect, &f))
    return NULL;
  return f.dialect;
}

/* Whether the verifier of an op of dialect `d` may read `d`'s
 * discardable attributes (sdy.reshard the sharding of its operand's
 * producer). */
static bool own_dialect_reads(const sharc_op_def *def, const sharc_dialect *d) {
  return def->dialect == d && !d->ops_ignore_discardable;
}

/* reads_producer_attrs when the cache's `slot` holds another answer:
 * the user's names asked one by one, the answer kept in `slot` (apart,
 * so that a hit saves no registers). */
static __attribute__((noinline)) bool
producer_reads_fill(sharc_context *ctx, const sharc_op *user, const sharc_dialect *d,
                    struct sharc_producer_reads_slot *slot) {
  const sharc_op_def *def = sharc_op_def_of(user);
  bool reads = false;
  const sharc_named_attr *e = sharc_dict_entries(user->attrs);
  for (unsigned i = 0; !reads && i < sharc_dict_n(user->attrs); i++)
    reads = sharc_ir_attr_name_facts(ctx, def, e[i].name)->reads_other_ops;
  *slot = (struct sharc_producer_reads_slot){user->attrs, def, d, reads};
  return reads;
}

/* Whether verifying `user` may read dialect `d`'s discardable attributes
 * of the ops defining its operands. An op's own verifier reads only its
 * own dialect's, so: ops of `d` (unless its ops read none), unregistered
 * ops, and ops holding a discardable attribute whose dialect hook reads
 * other ops. */
static inline bool reads_producer_attrs(const sharc_op *user, const sharc_dialect *d) {
  const sharc_op_def *def = sharc_op_def_of(user);
  if (!def || own_dialect_reads(def, d))
    return true;
  if (!user->attrs)
    return false; /* no attribute whose hook might read them */
  /* the answer depends on the (uniqued) dictionary, the definition and
   * the dialect only: remembered per context */
  sharc_context *ctx = sharc_op_ctx_of(user);
  unsigned n = sizeof ctx->producer_reads / sizeof ctx->producer_reads[0];
  struct sharc_producer_reads_slot *slot =
      &ctx->producer_reads[(((uintptr_t)user->attrs >> 4) ^ ((uintptr_t)def >> 6) ^
                            ((uintptr_t)d >> 3)) % n];
  if (slot->attrs == user->attrs && slot->def == def && slot->dialect == d)
    return slot->reads;
  return producer_reads_fill(ctx, user, d, slot);
}

/* Already marked for a whole verification: marking it again adds nothing. */
static bool marked_whole(const sharc_op *o) { return o->verify_dirty && !o->verify_attrs_only; }

/* The ops nested in `op` whose verification may read dialect `d`'s
 * attributes of their ancestors (as reads_producer_attrs, for users). */
static void mark_nested_readers(sharc_context *ctx, sharc_op *op, const sharc_dialect *d) {
  for (unsigned i = 0; i < op->num_regions; i++)
    for (sharc_block *b = sharc_op_regions_of(op)[i].first; b; b = b->next)
      for (sharc_op *o = b->first; o; o = o->next) {
        if (reads_producer_attrs(o, d))
          mark_op(ctx, o);
        if (o->num_regions)
          mark_nested_readers(ctx, o, d);
      }
}

/* Marks the ops holding `op` so that the verification reaches it, for a
 * change of dialect `d`'s discardable attributes of `op` that none of
 * their own verifications reads: each is marked attrs-only, which verifies
 * its attribute hooks and walks its regions for marked ops (a sharding
 * rule set on the add of a reducer leaves the reduce's own checks alone;
 * a sharding set in a function leaves the function's signature checks
 * alone, its body walked in its own scope, asm/verify.c). An isolated op
 * of `d` whose ops read `d`'s attributes (an sdy.manual_computation) is
 * marked whole, as everything that may read them is. */
static void mark_to_reach(sharc_context *ctx, sharc_op *op, const sharc_dialect *d) {
  for (sharc_op *o = op;;) {
    sharc_op *parent = climb_to_root(ctx, o);
    if (!parent)
      return;
    const sharc_op_def *def = sharc_op_def_of(o);
    bool whole = def && (def->traits & SHARC_TRAIT_ISOLATED) && own_dialect_reads(def, d);
    if (o->verify_dirty) {
      if (whole)
        o->verify_attrs_only = false;
      return; /* its ancestors are marked already */
    }
    set_marked(o, !whole);
    o = parent;
  }
}

/* Marks `op`, a child of `parent`, for its attribute hooks (unless it is
 * marked already) and its ancestors to reach it, for a change of dialect
 * `d`'s discardable attributes. */
static void mark_attrs_only(sharc_context *ctx, sharc_op *op, sharc_op *parent,
                            const sharc_dialect *d) {
  if (op->verify_dirty)
    return;
  set_marked(op, true);
  mark_to_reach(ctx, parent, d);
}

/* A reads_discardable list, its names compared as interned identifiers. */
typedef struct read_names {
  sharc_context *ctx;
  const char *const *names;
} read_names;

static bool name_not_read(const sharc_ident *name, void *user) {
  const read_names *r = user;
  for (const char *const *n = r->names; *n; n++)
    if (sharc_context_static_ident(r->ctx, *n) == name)
      return false;
  return true;
}

/* Whether a name that changed on `op` is one its verifier reads though
 * another dialect's (sharc_op_def.reads_discardable). */
static bool changed_name_read(sharc_context *ctx, const sharc_op *op, const attr_change *c) {
  read_names r = {ctx, sharc_op_def_of(op)->reads_discardable};
  return r.names && !accept_op_changes(op, c, name_not_read, &r);
}

/* A change of one dialect's discardable attributes on an op inside a
 * function or in the root's body, that dialect not the op's own (or one
 * whose ops read none): the op needs only its attribute hooks verified
 * (its own verifier does not read them, its operands and types did not
 * change; an op with regions is
 * verified whole only when some nested op that reads them is marked, to
 * reach it: a sharding on a stablehlo.reduce leaves its reducer alone),
 * its ancestors only what reaches it (mark_to_reach), and only the users
 * and nested ops that read them a whole verification. False (nothing
 * marked) for other changes. */
static bool note_discardable_change(sharc_context *ctx, sharc_op *op, const attr_change *c) {
  sharc_op *parent = parent_of(op);
  if (!sharc_op_def_of(op) || !parent)
    return false;
  const sharc_dialect *d = changed_dialect(op, c);
  if (!d || own_dialect_reads(sharc_op_def_of(op), d) || changed_name_read(ctx, op, c))
    return false;
  if (d->verify_op_attr && c->name) /* no hook, nothing to run again */
    keep_attr_name(c->name, ctx);
  else if (d->verify_op_attr)
    accept_op_changes(op, c, keep_attr_name, ctx);
  /* an op in the root's body (a mesh, a function) is read by other ops
   * only through its symbol, and symbol users read inherent attributes
   * (the mesh, the function type): a tag of another dialect on it
   * (LiftInlinedMeshes' stablehlo.mesh on sdy.mesh) leaves every other
   * verification as it was */
  /* a nested op marked marks `op` whole as its ancestor (its regions are
   * walked then); with none, `op` is like an op without regions */
  if (op->num_regions)
    mark_nested_readers(ctx, op, d);
  mark_attrs_only(ctx, op, parent, d);
  for (unsigned i = 0; i < op->num_results && tracking(ctx); i++)
    for (sharc_use *u = sharc_op_results_of(op)[i].uses; u; u = u->next)
      if (!marked_whole(u->owner) && reads_producer_attrs(u->owner, d))
        mark_op(ctx, u->owner);
  return true;
}

/* Keeps the name of `op`, a symbol of the root's body, for marking the
 * ops that refer to it; false when it has none or too many names are kept
 * already (everything is verified then). */
static bool keep_symbol_name(sharc_context *ctx, const sharc_op *op) {
  sharc_attr *name = sharc_attr_dict_get_ident(op->attrs, ctx->sym_name_ident);
  unsigned n = sizeof ctx->verify_symbols_changed / sizeof ctx->verify_symbols_changed[0];
  if (!name || name->kind != SHARC_ATTR_STRING || ctx->verify_num_symbols_changed == n)
    return false;
  ctx->verify_symbols_changed[ctx->verify_num_symbols_changed++] = sharc_ident_get(ctx, name->str);
  return true;
}

static bool accept_signature_names(const sharc_ident *name, void *user) {
  (void)user;
  return is_arg_or_result_attrs(name) || sharc_str_eq_cstr(sharc_ident_str(name), "function_type");
}

/* A function of the root's body whose type (and argument or result
 * attributes) changed: what reads its type is its own verifier (marked),
 * its blocks' terminators (func.return) and the ops referring to its name
 * (calls, composites), marked later by name. False for other changes. */
static bool note_signature_change(sharc_context *ctx, sharc_op *op, const attr_change *c) {
  if (!c->old || !op->attrs || !verified_alone(op) ||
      !accept_op_changes(op, c, accept_signature_names, NULL) ||
      !keep_symbol_name(ctx, op))
    return false;
  if (arg_attrs_changed(op, c))
    mark_block_arg_users(op);
  for (unsigned i = 0; i < op->num_regions; i++)
    for (sharc_block *b = sharc_op_regions_of(op)[i].first; b; b = b->next)
      if (b->last)
        mark_op(ctx, b->last);
  return true;
}

void sharc_ir_touch_op(sharc_op *op) {
  sharc_op_ctx_of(op)->ir_epoch++;
  if (tracking(sharc_op_ctx_of(op)))
    mark_op(sharc_op_ctx_of(op), op);
}

static void note_attr_change(sharc_op *op, const attr_change *c) {
  sharc_context *ctx = sharc_op_ctx_of(op);
  ctx->ir_epoch++;
  if (!tracking(ctx))
    return;
  if (note_discardable_change(ctx, op, c))
    return;
  mark_op(ctx, op);
  if (differ_in_unread_arg_attrs(op, c))
    return;
  mark_result_users(op);
  if (!op->num_regions || !tracking(ctx))
    return;
  if (c->old && differ_in_arg_attrs_only(op, c)) {
    if (arg_attrs_changed(op, c))
      mark_block_arg_users(op);
    return;
  }
  if (parent_of(op) != ctx->verify_root)
    mark_nested(op);
  else if (!note_signature_change(ctx, op, c))
    ctx->verify_all = true; /* a function's name, or more: everything */
}

/* Setting `name`, an attribute no verifier reads but its own hook: the
 * op's hooks run for `name`, no user or nested op reads it (as
 * note_discardable_change, less those). False for an inherent name, an
 * op of the name's dialect or of the root's own body. */
static bool note_self_verified_set(sharc_context *ctx, sharc_op *op, const sharc_ident *name) {
  sharc_op *parent = parent_of(op);
  const sharc_op_def *def = sharc_op_def_of(op);
  if (!def || !parent)
    return false;
  const sharc_dialect *d = discardable_dialect(ctx, def, name);
  if (!d || own_dialect_reads(def, d))
    return false;
  if (d->verify_op_attr)
    keep_attr_name(name, ctx);
  mark_attrs_only(ctx, op, parent, d);
  return true;
}

void sharc_ir_note_self_verified_attr(sharc_op *op, const sharc_attr *old,
                                      const sharc_ident *name, bool set) {
  sharc_context *ctx = sharc_op_ctx_of(op);
  if (!set) {
    ctx->ir_epoch++; /* the pass changed the IR, though nothing to verify */
    return;
  }
  if (tracking(ctx) && note_self_verified_set(ctx, op, name)) {
    ctx->ir_epoch++;
    return;
  }
  note_attr_change(op, &(attr_change){old, name});
}

void sharc_ir_note_attrs(sharc_op *op, const sharc_attr *old) {
  note_attr_change(op, &(attr_change){old, NULL});
}

void sharc_ir_note_attr_changed(sharc_op *op, const sharc_attr *old, const sharc_ident *changed) {
  note_attr_change(op, &(attr_change){old, changed});
}

void sharc_ir_note_value_type(sharc_value *v) {
  if (v->vkind == SHARC_VALUE_RESULT) {
    sharc_op *def = sharc_value_op_of(v);
    sharc_context *ctx = sharc_op_ctx_of(def);
    ctx->ir_epoch++;
    if (!tracking(ctx))
      return;
    mark_op(ctx, def);
    mark_users(ctx, v);
    if (def->num_regions && tracking(ctx))
      mark_nested(def);
    return;
  }
  sharc_block *b = sharc_value_block_of(v);
  if (!b)
    return;
  b->ctx->ir_epoch++;
  if (!tracking(b->ctx))
    return;
  mark_users(b->ctx, v);
  sharc_ir_touch_block(b);
}

void sharc_ir_note_use_moved(sharc_op *user) { sharc_ir_touch_op(user); }

void sharc_ir_note_inserted(sharc_op *op) {
  sharc_context *ctx = sharc_op_ctx_of(op);
  ctx->ir_epoch++;
  if (!tracking(ctx))
    return;
  if (parent_of(op) == ctx->verify_root) {
    ctx->verify_all = true;
    return;
  }
  mark_op_and_nested(ctx, op);
  mark_result_users(op);
}

void sharc_ir_note_removed(sharc_op *op) {
  sharc_context *ctx = sharc_op_ctx_of(op);
  ctx->ir_epoch++;
  sharc_op *parent = parent_of(op);
  if (!tracking(ctx) || !parent)
    return;
  /* a symbol of the root's body: the root (its symbol table) and, later,
   * what refers to its name */
  if (parent == ctx->verify_root && keep_symbol_name(ctx, op))
    mark_op(ctx, parent);
  else if (parent != ctx->verify_root && reached_only(parent))
    mark_from(ctx, parent, false); /* its blocks are walked: their terminators */
  else
    mark_body_of(ctx, parent);
  mark_result_users(op);
}

/* Block arguments added, removed or retyped: the block's parent op checks
 * them against its own types, branches in the region against their
 * operands. */
void sharc_ir_touch_block(sharc_block *b) {
  b->ctx->ir_epoch++;
  sharc_region *r = b->parent;
  if (!tracking(b->ctx) || !r || !r->parent)
    return;
  mark_body_of(b->ctx, r->parent);
  for (sharc_block *x = r->first; x && tracking(b->ctx); x = x->next)
    if (x->last)
      mark_op(b->ctx, x->last);
}

void sharc_ir_note_arg_erased(sharc_block *b, sharc_value *arg) {
  b->ctx->ir_epoch++;
  if (tracking(b->ctx))
    mark_users(b->ctx, arg);
  sharc_ir_touch_block(b);
}

/* Whether region `r` lies under the root: its ops' marks say what changed
 * since the root's verification (a change to detached IR marks nothing,
 * and attaching it marks all of it whole, sharc_ir_note_inserted). */
static bool under_root(const sharc_context *ctx, const sharc_region *r) {
  for (const sharc_op *o = r ? r->parent : NULL; o; o = parent_of(o))
    if (o == ctx->verify_root)
      return true;
  return false;
}

/* Marks `o`, moved, for the checks a move may change, or whole when it
 * is marked already (its attribute hooks alone would miss its operands). */
static void mark_moved(sharc_op *o) {
  if (o->verify_dirty)
    o->verify_attrs_only = false;
  else
    o->verify_attrs_only = true;
}

/* Every op of `b` and nested in them, moved. */
static void mark_moved_block(sharc_block *b) {
  for (sharc_op *o = b->first; o; o = o->next) {
    mark_moved(o);
    for (unsigned i = 0; i < o->num_regions; i++)
      for (sharc_block *x = sharc_op_regions_of(o)[i].first; x; x = x->next)
        mark_moved_block(x);
  }
}

/* Whether `op` lies in block `b`, or nested in an op of it. */
static bool within_block(const sharc_op *op, const sharc_block *b) {
  for (; op; op = parent_of(op))
    if (op->block == b)
      return true;
  return false;
}

/* A block attached to or detached from region `r`: its ops (and their
 * uses of its arguments) as never verified, `r`'s op as changed. A block
 * attached that comes straight from region `from` under the root (NULL:
 * from anywhere) kept its ops and their marks as they were: they are
 * marked as moved, and the uses of its arguments in them too. */
void sharc_ir_note_block_moved(sharc_context *ctx, sharc_region *r, sharc_block *b,
                               const sharc_region *from) {
  ctx->ir_epoch++;
  if (!tracking(ctx) || !r || !r->parent)
    return;
  mark_body_of(ctx, r->parent);
  bool moved = b->parent == r && under_root(ctx, from) && under_root(ctx, r);
  for (unsigned a = 0; a < b->num_args && tracking(ctx); a++)
    for (sharc_use *u = b->args[a]->uses; u && tracking(ctx); u = u->next)
      if (!moved || !within_block(u->owner, b))
        mark_op(ctx, u->owner);
  if (b->parent != r || !tracking(ctx))
    return;
  if (moved) {
    mark_moved_block(b);
    return;
  }
  for (sharc_op *o = b->first; o; o = o->next) {
    set_dirty(o);
    if (o->num_regions)
      mark_nested(o);
  }
}

void sharc_ir_touch_region(sharc_context *ctx, sharc_region *r) {
  ctx->ir_epoch++;
  if (tracking(ctx) && r && r->parent)
    mark_body_of(ctx, r->parent);
}

/* ---- ops referring to kept symbol names ----------------------------------------- */

/* What the scan remembers of an attribute or type (a map value is never 0). */
enum { REFERS = 1, NOT_REFERS = 2 };

typedef struct symbol_user_scan {
  sharc_context *ctx;
  /* every attribute and type looked into -> REFERS or NOT_REFERS: the
   * dictionaries of most ops, and the shardings and types in them, are
   * shared with others */
  sharc_ptrmap refers;
} symbol_user_scan;

/* One attribute or type being looked into: whether a part refers to a kept
 * name so far. */
typedef struct scan_frame {
  symbol_user_scan *scan;
  bool found;
} scan_frame;

static bool attr_refers(symbol_user_scan *s, sharc_attr *a);
static bool type_refers(symbol_user_scan *s, sharc_type *t);

static void part_attr(sharc_attr *a, void *user) {
  scan_frame *f = user;
  f->found = f->found || attr_refers(f->scan, a);
}

static void part_type(sharc_type *t, void *user) {
  scan_frame *f = user;
  f->found = f->found || type_refers(f->scan, t);
}

static bool kept_name(const sharc_context *ctx, const sharc_ident *name) {
  for (unsigned i = 0; i < ctx->verify_num_symbols_changed; i++)
    if (ctx->verify_symbols_changed[i] == name)
      return true;
  return false;
}

/* The memo's answer for `key`, or its parts' (walked by `walk`), kept. */
static bool memo_refers(symbol_user_scan *s, const void *key,
                        void (*walk)(const void *key, const sharc_subelement_fns *fns)) {
  void *known = sharc_ptrmap_get(&s->refers, key);
  if (known)
    return (uintptr_t)known == REFERS;
  scan_frame f = {s, false};
  sharc_subelement_fns fns = {part_attr, part_type, &f};
  walk(key, &fns);
  sharc_ptrmap_put(&s->refers, key, (void *)(uintptr_t)(f.found ? REFERS : NOT_REFERS));
  return f.found;
}

static void walk_attr_parts(const void *a, const sharc_subelement_fns *fns) {
  sharc_attr_walk_immediate(a, fns);
}

static void walk_type_parts(const void *t, const sharc_subelement_fns *fns) {
  sharc_type_walk_immediate(t, fns);
}

/* Whether `a` is, or holds (through types too), a reference whose root is
 * a kept name: MLIR's symbol uses of the op it is on. */
static bool attr_refers(symbol_user_scan *s, sharc_attr *a) {
  switch (a->kind) {
  case SHARC_ATTR_SYMBOL_REF:
    return kept_name(s->ctx, sharc_attr_symbol_root(a));
  case SHARC_ATTR_UNIT:
  case SHARC_ATTR_BOOL:
  case SHARC_ATTR_INTEGER:
  case SHARC_ATTR_FLOAT:
    return false; /* of a builtin scalar type, if any: nothing to look into */
  case SHARC_ATTR_STRING:
    return a->type && memo_refers(s, a, walk_attr_parts);
  default:
    return memo_refers(s, a, walk_attr_parts);
  }
}

static bool type_refers(symbol_user_scan *s, sharc_type *t) {
  return memo_refers(s, t, walk_type_parts);
}

/* Its attributes: MLIR's symbol uses, what a verifier looks names up by. */
static bool refers_to_kept(symbol_user_scan *s, sharc_op *op) {
  return op->attrs && sharc_dict_n(op->attrs) && attr_refers(s, op->attrs);
}

static void mark_users_in(symbol_user_scan *s, sharc_op *op) {
  for (unsigned i = 0; i < op->num_regions && tracking(s->ctx); i++)
    for (sharc_block *b = sharc_op_regions_of(op)[i].first; b; b = b->next)
      for (sharc_op *o = b->first; o; o = o->next) {
        if (refers_to_kept(s, o))
          mark_op(s->ctx, o);
        if (o->num_regions)
          mark_users_in(s, o);
      }
}

/* Whether a symbol reference to a kept name may exist: else no op refers
 * to one, and no walk need look (a function's signature changed, and
 * nothing calls it: MPMD's @main). */
static bool kept_names_referred(const sharc_context *ctx) {
  for (unsigned i = 0; i < ctx->verify_num_symbols_changed; i++)
    if (ctx->symbol_ref_roots & sharc_symbol_root_bit(ctx->verify_symbols_changed[i]))
      return true;
  return false;
}

void sharc_ir_mark_symbol_users(sharc_context *ctx, bool from_root) {
  if (!ctx->verify_num_symbols_changed)
    return;
  if (!from_root)
    ctx->verify_all = true; /* a walk of the root per function verified would add up */
  if (tracking(ctx) && kept_names_referred(ctx)) {
    symbol_user_scan s = {.ctx = ctx};
    mark_users_in(&s, ctx->verify_root);
    sharc_ptrmap_free(&s.refers);
  }
  ctx->verify_num_symbols_changed = 0;
}
