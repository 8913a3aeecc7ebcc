/* Operations, blocks and regions: creation, linking, use-lists, walks,
 * cloning and symbol lookup. Nodes live in the context arena; erasing only
 * unlinks them. */
#include "ir/context.h"
#include "support/ptrmap.h"

#include <stdlib.h>
#include <string.h>

/* ---- values and uses ---------------------------------------------------- */

sharc_type *sharc_value_type(const sharc_value *v) { return v->type; }
void sharc_value_set_type(sharc_value *v, sharc_type *t) { v->type = t; }
bool sharc_value_is_block_arg(const sharc_value *v) { return v->vkind == SHARC_VALUE_ARG; }

sharc_op *sharc_value_defining_op(const sharc_value *v) {
  return v->vkind == SHARC_VALUE_RESULT ? v->owner.op : NULL;
}

sharc_block *sharc_value_owner_block(const sharc_value *v) {
  return v->vkind == SHARC_VALUE_ARG ? v->owner.block : NULL;
}

unsigned sharc_value_index(const sharc_value *v) { return v->index; }
sharc_attr *sharc_value_loc(const sharc_value *v) { return v->loc; }
sharc_use *sharc_value_first_use(const sharc_value *v) { return v->uses; }
bool sharc_value_has_uses(const sharc_value *v) { return v->uses != NULL; }
sharc_use *sharc_use_next(const sharc_use *u) { return u->next; }
sharc_op *sharc_use_owner(const sharc_use *u) { return u->owner; }
unsigned sharc_use_operand_index(const sharc_use *u) { return u->index; }

static void use_link(sharc_use *u, sharc_value *v) {
  u->value = v;
  if (!v) {
    u->next = NULL;
    u->pprev = NULL;
    return;
  }
  u->next = v->uses;
  if (v->uses)
    v->uses->pprev = &u->next;
  u->pprev = &v->uses;
  v->uses = u;
}

static void use_unlink(sharc_use *u) {
  if (!u->pprev)
    return;
  *u->pprev = u->next;
  if (u->next)
    u->next->pprev = u->pprev;
  u->next = NULL;
  u->pprev = NULL;
  u->value = NULL;
}

void sharc_value_replace_all_uses(sharc_value *from, sharc_value *to) {
  if (from == to)
    return;
  while (from->uses) {
    sharc_use *u = from->uses;
    use_unlink(u);
    use_link(u, to);
  }
}

/* ---- operations --------------------------------------------------------- */

sharc_op *sharc_op_create(sharc_context *ctx, const sharc_op_state *st) {
  sharc_arena *a = &ctx->arena;
  sharc_op *op = sharc_arena_alloc(a, sizeof *op);
  op->ctx = ctx;
  op->name = st->name;
  op->def = sharc_context_lookup_op(ctx, sharc_ident_str(st->name));
  op->attrs = st->attrs ? st->attrs : sharc_attr_dictionary(ctx, NULL, 0);
  op->loc = st->loc ? st->loc : sharc_loc_unknown(ctx);
  op->props = st->props;
  op->num_operands = op->cap_operands = st->num_operands;
  if (st->num_operands) {
    op->operands = sharc_arena_alloc(a, st->num_operands * sizeof *op->operands);
    for (unsigned i = 0; i < st->num_operands; i++) {
      op->operands[i].owner = op;
      op->operands[i].index = i;
      use_link(&op->operands[i], st->operands[i]);
    }
  }
  op->num_results = st->num_results;
  if (st->num_results) {
    op->results = sharc_arena_alloc(a, st->num_results * sizeof *op->results);
    for (unsigned i = 0; i < st->num_results; i++) {
      op->results[i].type = st->result_types[i];
      op->results[i].owner.op = op;
      op->results[i].index = i;
      op->results[i].vkind = SHARC_VALUE_RESULT;
    }
  }
  op->num_regions = st->num_regions;
  if (st->num_regions) {
    op->regions = sharc_arena_alloc(a, st->num_regions * sizeof *op->regions);
    for (unsigned i = 0; i < st->num_regions; i++)
      op->regions[i].parent = op;
  }
  op->num_successors = st->num_successors;
  if (st->num_successors)
    op->successors = sharc_arena_dup(a, st->successors, st->num_successors * sizeof(sharc_block *));
  return op;
}

static void drop_region_refs(sharc_region *r);

static void drop_op_refs(sharc_op *op) {
  for (unsigned i = 0; i < op->num_operands; i++)
    use_unlink(&op->operands[i]);
  for (unsigned i = 0; i < op->num_regions; i++)
    drop_region_refs(&op->regions[i]);
}

static void drop_region_refs(sharc_region *r) {
  for (sharc_block *b = r->first; b; b = b->next)
    for (sharc_op *op = b->first; op; op = op->next)
      drop_op_refs(op);
}

void sharc_op_remove_from_parent(sharc_op *op) {
  sharc_block *b = op->block;
  if (!b)
    return;
  if (op->prev)
    op->prev->next = op->next;
  else
    b->first = op->next;
  if (op->next)
    op->next->prev = op->prev;
  else
    b->last = op->prev;
  op->prev = op->next = NULL;
  op->block = NULL;
}

void sharc_op_erase(sharc_op *op) {
  sharc_op_remove_from_parent(op);
  drop_op_refs(op);
  /* Uses of the results that remain (e.g. inside the erased regions) are
   * detached so no use-list points at dead operands. */
  for (unsigned i = 0; i < op->num_results; i++)
    while (op->results[i].uses)
      use_unlink(op->results[i].uses);
}

sharc_context *sharc_op_context(const sharc_op *op) { return op->ctx; }
sharc_ident *sharc_op_name(const sharc_op *op) { return op->name; }

bool sharc_op_is(const sharc_op *op, const char *name) {
  return sharc_str_eq_cstr(sharc_ident_str(op->name), name);
}

const sharc_op_def *sharc_op_get_def(const sharc_op *op) { return op->def; }
sharc_attr *sharc_op_loc(const sharc_op *op) { return op->loc; }
void sharc_op_set_loc(sharc_op *op, sharc_attr *loc) { op->loc = loc; }
unsigned sharc_op_num_operands(const sharc_op *op) { return op->num_operands; }
sharc_value *sharc_op_operand(const sharc_op *op, unsigned i) { return op->operands[i].value; }

void sharc_op_set_operand(sharc_op *op, unsigned i, sharc_value *v) {
  use_unlink(&op->operands[i]);
  use_link(&op->operands[i], v);
}

void sharc_op_set_operands(sharc_op *op, sharc_value *const *vals, unsigned n) {
  for (unsigned i = 0; i < op->num_operands; i++)
    use_unlink(&op->operands[i]);
  if (n > op->cap_operands) {
    op->operands = sharc_arena_alloc(&op->ctx->arena, n * sizeof *op->operands);
    op->cap_operands = n;
  }
  op->num_operands = n;
  for (unsigned i = 0; i < n; i++) {
    op->operands[i].owner = op;
    op->operands[i].index = i;
    use_link(&op->operands[i], vals[i]);
  }
}

unsigned sharc_op_num_results(const sharc_op *op) { return op->num_results; }
sharc_value *sharc_op_result(const sharc_op *op, unsigned i) { return &op->results[i]; }
unsigned sharc_op_num_regions(const sharc_op *op) { return op->num_regions; }
sharc_region *sharc_op_region(const sharc_op *op, unsigned i) { return &op->regions[i]; }
unsigned sharc_op_num_successors(const sharc_op *op) { return op->num_successors; }
sharc_block *sharc_op_successor(const sharc_op *op, unsigned i) { return op->successors[i]; }
sharc_attr *sharc_op_attrs(const sharc_op *op) { return op->attrs; }
sharc_attr *sharc_op_props(const sharc_op *op) { return op->props; }
void sharc_op_set_attrs(sharc_op *op, sharc_attr *dict) { op->attrs = dict; }

sharc_attr *sharc_op_attr(const sharc_op *op, const char *name) {
  return sharc_attr_dict_get(op->attrs, name);
}

void sharc_op_set_attr(sharc_op *op, const char *name, sharc_attr *value) {
  sharc_ident *id = sharc_ident_get(op->ctx, sharc_str_from_cstr(name));
  unsigned n = op->attrs->dict.n;
  sharc_named_attr stack_buf[16];
  sharc_named_attr *entries = n + 1 <= 16 ? stack_buf : malloc((n + 1) * sizeof *entries);
  if (!entries)
    abort();
  unsigned out = 0;
  for (unsigned i = 0; i < n; i++)
    if (op->attrs->dict.entries[i].name != id)
      entries[out++] = op->attrs->dict.entries[i];
  if (value)
    entries[out++] = (sharc_named_attr){id, value};
  op->attrs = sharc_attr_dictionary(op->ctx, entries, out);
  if (entries != stack_buf)
    free(entries);
}

sharc_block *sharc_op_block(const sharc_op *op) { return op->block; }

sharc_op *sharc_op_parent_op(const sharc_op *op) {
  return op->block && op->block->parent ? op->block->parent->parent : NULL;
}

sharc_op *sharc_op_next(const sharc_op *op) { return op->next; }
sharc_op *sharc_op_prev(const sharc_op *op) { return op->prev; }

bool sharc_op_is_ancestor(const sharc_op *ancestor, const sharc_op *op) {
  for (; op; op = sharc_op_parent_op(op))
    if (op == ancestor)
      return true;
  return false;
}

bool sharc_op_has_trait(const sharc_op *op, unsigned trait) {
  return op->def && (op->def->traits & trait) == trait;
}

bool sharc_op_def_is_inherent(const sharc_op_def *def, const sharc_ident *name) {
  if (!def || !def->inherent)
    return false;
  for (const char *const *p = def->inherent; *p; p++)
    if (strcmp(*p, name->data) == 0)
      return true;
  return false;
}

/* ---- blocks and regions ------------------------------------------------- */

sharc_block *sharc_block_create(sharc_context *ctx) {
  sharc_block *b = sharc_arena_alloc(&ctx->arena, sizeof *b);
  b->ctx = ctx;
  return b;
}

sharc_value *sharc_block_add_arg(sharc_block *b, sharc_type *t, sharc_attr *loc) {
  if (b->num_args == b->cap_args) {
    unsigned cap = b->cap_args ? b->cap_args * 2 : 4;
    sharc_value **args = sharc_arena_alloc(&b->ctx->arena, cap * sizeof *args);
    if (b->num_args)
      memcpy(args, b->args, b->num_args * sizeof *args);
    b->args = args;
    b->cap_args = cap;
  }
  sharc_value *v = sharc_arena_alloc(&b->ctx->arena, sizeof *v);
  v->type = t;
  v->owner.block = b;
  v->index = b->num_args;
  v->vkind = SHARC_VALUE_ARG;
  v->loc = loc ? loc : sharc_loc_unknown(b->ctx);
  b->args[b->num_args++] = v;
  return v;
}

void sharc_block_erase_arg(sharc_block *b, unsigned i) {
  for (unsigned j = i + 1; j < b->num_args; j++) {
    b->args[j - 1] = b->args[j];
    b->args[j - 1]->index = j - 1;
  }
  b->num_args--;
}

unsigned sharc_block_num_args(const sharc_block *b) { return b->num_args; }
sharc_value *sharc_block_arg(const sharc_block *b, unsigned i) { return b->args[i]; }
sharc_op *sharc_block_first_op(const sharc_block *b) { return b->first; }
sharc_op *sharc_block_last_op(const sharc_block *b) { return b->last; }
sharc_region *sharc_block_region(const sharc_block *b) { return b->parent; }
sharc_op *sharc_block_parent_op(const sharc_block *b) { return b->parent ? b->parent->parent : NULL; }
sharc_block *sharc_block_next(const sharc_block *b) { return b->next; }

void sharc_block_append_op(sharc_block *b, sharc_op *op) {
  op->block = b;
  op->prev = b->last;
  op->next = NULL;
  if (b->last)
    b->last->next = op;
  else
    b->first = op;
  b->last = op;
}

void sharc_block_insert_before(sharc_op *before, sharc_op *op) {
  sharc_block *b = before->block;
  op->block = b;
  op->next = before;
  op->prev = before->prev;
  if (before->prev)
    before->prev->next = op;
  else
    b->first = op;
  before->prev = op;
}

void sharc_block_insert_after(sharc_op *after, sharc_op *op) {
  if (after->next) {
    sharc_block_insert_before(after->next, op);
    return;
  }
  sharc_block_append_op(after->block, op);
}

sharc_block *sharc_region_first_block(const sharc_region *r) { return r->first; }
sharc_block *sharc_region_last_block(const sharc_region *r) { return r->last; }

unsigned sharc_region_num_blocks(const sharc_region *r) {
  unsigned n = 0;
  for (sharc_block *b = r->first; b; b = b->next)
    n++;
  return n;
}

sharc_op *sharc_region_parent_op(const sharc_region *r) { return r->parent; }
unsigned sharc_region_index(const sharc_region *r) { return (unsigned)(r - r->parent->regions); }

void sharc_region_append_block(sharc_region *r, sharc_block *b) {
  b->parent = r;
  b->prev = r->last;
  b->next = NULL;
  if (r->last)
    r->last->next = b;
  else
    r->first = b;
  r->last = b;
}

void sharc_region_take_body(sharc_region *to, sharc_region *from) {
  while (from->first) {
    sharc_block *b = from->first;
    from->first = b->next;
    sharc_region_append_block(to, b);
  }
  from->last = NULL;
}

/* ---- walks -------------------------------------------------------------- */

bool sharc_op_walk_pre(sharc_op *op, sharc_walk_fn fn, void *user) {
  if (!fn(op, user))
    return false;
  for (unsigned i = 0; i < op->num_regions; i++)
    for (sharc_block *b = op->regions[i].first; b; b = b->next)
      for (sharc_op *o = b->first, *next; o; o = next) {
        next = o->next;
        if (!sharc_op_walk_pre(o, fn, user))
          return false;
      }
  return true;
}

bool sharc_op_walk_post(sharc_op *op, sharc_walk_fn fn, void *user) {
  for (unsigned i = 0; i < op->num_regions; i++)
    for (sharc_block *b = op->regions[i].first; b; b = b->next)
      for (sharc_op *o = b->first, *next; o; o = next) {
        next = o->next;
        if (!sharc_op_walk_post(o, fn, user))
          return false;
      }
  return fn(op, user);
}

/* ---- cloning ------------------------------------------------------------ */

static sharc_value *mapped(sharc_ptrmap *map, sharc_value *v) {
  sharc_value *m = sharc_ptrmap_get(map, v);
  return m ? m : v;
}

static sharc_op *clone_op(sharc_op *op, bool with_regions, sharc_ptrmap *map);

static void clone_region(sharc_region *from, sharc_region *to, sharc_ptrmap *map) {
  for (sharc_block *b = from->first; b; b = b->next) {
    sharc_block *nb = sharc_block_create(b->ctx);
    for (unsigned i = 0; i < b->num_args; i++)
      sharc_ptrmap_put(map, b->args[i], sharc_block_add_arg(nb, b->args[i]->type, b->args[i]->loc));
    sharc_ptrmap_put(map, b, nb);
    sharc_region_append_block(to, nb);
  }
  sharc_block *nb = to->first;
  for (sharc_block *b = from->first; b; b = b->next, nb = nb->next)
    for (sharc_op *o = b->first; o; o = o->next)
      sharc_block_append_op(nb, clone_op(o, true, map));
  /* operands may refer forward (graph regions, other blocks): remap now */
  for (nb = to->first; nb; nb = nb->next)
    for (sharc_op *o = nb->first; o; o = o->next)
      for (unsigned i = 0; i < o->num_operands; i++)
        sharc_op_set_operand(o, i, mapped(map, o->operands[i].value));
}

static sharc_op *clone_op(sharc_op *op, bool with_regions, sharc_ptrmap *map) {
  sharc_value *stack_ops[16];
  sharc_value **operands = op->num_operands <= 16 ? stack_ops
                                                  : malloc(op->num_operands * sizeof *operands);
  sharc_type *stack_types[16];
  sharc_type **types = op->num_results <= 16 ? stack_types
                                             : malloc(op->num_results * sizeof *types);
  sharc_block *stack_succ[8];
  sharc_block **succ = op->num_successors <= 8 ? stack_succ
                                               : malloc(op->num_successors * sizeof *succ);
  if (!operands || !types || !succ)
    abort();
  for (unsigned i = 0; i < op->num_operands; i++)
    operands[i] = mapped(map, op->operands[i].value);
  for (unsigned i = 0; i < op->num_results; i++)
    types[i] = op->results[i].type;
  for (unsigned i = 0; i < op->num_successors; i++) {
    sharc_block *m = sharc_ptrmap_get(map, op->successors[i]);
    succ[i] = m ? m : op->successors[i];
  }
  sharc_op_state st = {op->name, op->loc, operands, op->num_operands, types, op->num_results,
                       op->attrs, op->num_regions, succ, op->num_successors, op->props};
  sharc_op *c = sharc_op_create(op->ctx, &st);
  for (unsigned i = 0; i < op->num_results; i++)
    sharc_ptrmap_put(map, &op->results[i], &c->results[i]);
  if (with_regions)
    for (unsigned i = 0; i < op->num_regions; i++)
      clone_region(&op->regions[i], &c->regions[i], map);
  if (operands != stack_ops)
    free(operands);
  if (types != stack_types)
    free(types);
  if (succ != stack_succ)
    free(succ);
  return c;
}

sharc_op *sharc_op_clone(sharc_op *op, bool with_regions) {
  sharc_ptrmap map = {0};
  sharc_op *c = clone_op(op, with_regions, &map);
  sharc_ptrmap_free(&map);
  return c;
}

/* ---- symbols ------------------------------------------------------------ */

sharc_str sharc_op_symbol_name(const sharc_op *op) {
  sharc_attr *a = sharc_op_attr(op, "sym_name");
  if (!a || a->kind != SHARC_ATTR_STRING)
    return (sharc_str){"", 0};
  return a->str;
}

sharc_op *sharc_symbol_lookup(sharc_op *table, sharc_str name) {
  if (!table || table->num_regions == 0)
    return NULL;
  for (sharc_block *b = table->regions[0].first; b; b = b->next)
    for (sharc_op *o = b->first; o; o = o->next)
      if (sharc_str_eq(sharc_op_symbol_name(o), name))
        return o;
  return NULL;
}

sharc_op *sharc_symbol_lookup_ref(sharc_op *from, const sharc_attr *ref) {
  sharc_op *table = from;
  while (table && !sharc_op_has_trait(table, SHARC_TRAIT_SYMBOL_TABLE))
    table = sharc_op_parent_op(table);
  if (!table || ref->kind != SHARC_ATTR_SYMBOL_REF)
    return NULL;
  sharc_op *cur = sharc_symbol_lookup(table, sharc_ident_str(ref->sym.root));
  for (unsigned i = 0; cur && i < ref->sym.n; i++)
    cur = sharc_symbol_lookup(cur, sharc_ident_str(ref->sym.nested[i]));
  return cur;
}
