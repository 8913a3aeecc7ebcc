/* Parsing of operations (generic and custom forms), regions, blocks, alias
 * definitions and whole buffers. */
#include "asm/builtin_syntax.h"
#include "asm/parse_props.h"
#include "asm/parser_impl.h"
#include "asm/printer.h"
#include "support/small_room.h"
#include "support/xalloc.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static bool parse_op(sharc_parser *p, sharc_block *block);

/* ---- regions and blocks ------------------------------------------------- */

/* `%name: type loc(...)?`, one argument of block `state`. */
static bool parse_block_arg(sharc_parser *p, void *state) {
  sharc_block *b = state;
  sharc_token name = p->tok;
  if (name.kind != TOK_PERCENT_ID)
    return sharc_p_error(p, "expected SSA operand");
  sharc_p_next(p);
  sharc_type *t;
  if (!sharc_p_expect_msg(p, ':', "expected ':' and type for SSA operand") ||
      !sharc_p_parse_type(p, &t))
    return false;
  sharc_attr *loc = sharc_p_tok_loc(p, &name);
  if (!sharc_p_parse_optional_loc(p, &loc))
    return false;
  sharc_value *v = sharc_block_add_arg(b, t, loc);
  return sharc_p_define(p, &name, &v, 1);
}

static bool parse_block_args(sharc_parser *p, sharc_block *b) {
  return sharc_p_parse_comma_list(p, SHARC_P_DELIM_OPTIONAL_PAREN, parse_block_arg, b, NULL);
}

/* Once a sixteenth of the input is parsed (checked after each op of the
 * module's body), the attribute table is sized for the whole input at the
 * rate seen so far: in a large module each doubling on the way would read
 * the whole table again (at 100k generic ops, 63k of 1.17M cache misses).
 * At most a quarter of the input's size in slots, should the rest of the
 * input hold fewer attributes than its start. */
static void expect_attrs(sharc_parser *p) {
  size_t done = (size_t)(p->lx.cur - p->lx.buf), len = (size_t)(p->lx.end - p->lx.buf);
  if (p->attrs_expected || done < len / 16 || !done)
    return;
  p->attrs_expected = true;
  size_t count = p->ctx->attrs.count;
  sharc_context_expect_attrs(p->ctx, count / done * len + count % done * len / done, len / 4);
}

/* The hot block's new last op: verified as parsed, then printed ahead when
 * asked (asm/printer.c's sharc_print_ahead). */
static void hot_op_done(sharc_parser *p, sharc_block *b) {
  if (p->carried_forward) /* a body holds a placeholder: verified after the parse */
    p->hot.stopped = true;
  sharc_hot_verify_op(&p->hot, b->last);
  if (p->ahead && sharc_print_ahead_live(p->ahead))
    sharc_print_ahead_op(p->ahead, b, b->last, p->hot_plain && sharc_hot_verify_own(&p->hot, b->last));
}

/* Parses ops until the block ends (`}` or the next `^label`). */
static bool parse_block_body(sharc_parser *p, sharc_block *b) {
  while (!sharc_tok_is(&p->tok, '}') && p->tok.kind != TOK_CARET_ID) {
    if (p->tok.kind == TOK_EOF)
      return sharc_p_error(p, "expected operation name in quotes"), false; /* MLIR parses an op there */
    if (!parse_op(p, b))
      return false;
    if (b == p->hot.block) {
      hot_op_done(p, b);
      expect_attrs(p);
    }
  }
  return true;
}

static bool parse_labeled_block(sharc_parser *p, sharc_region *r) {
  sharc_token label = p->tok;
  block_entry *be = sharc_p_block_ref(p, &label);
  if (be->defined)
    return sharc_p_error_at(p, &label, "redefinition of block '%.*s'", (int)label.len, label.start);
  be->defined = true;
  be->tok = label;
  sharc_p_next(p);
  sharc_region_append_block(r, be->block);
  if (!parse_block_args(p, be->block) || !sharc_p_expect_msg(p, ':', "expected ':' after block name"))
    return false;
  return parse_block_body(p, be->block);
}

static bool sharc_p_parse_region_impl(sharc_parser *p, sharc_region **out, const sharc_region_arg *args,
                          unsigned num_args, bool isolated) {
  if (!sharc_p_expect_msg(p, '{', "expected '{' to begin a region"))
    return false;
  if (!sharc_p_enter(p))
    return false;
  sharc_region *r = sharc_arena_alloc(&p->ctx->arena, sizeof *r);
  region_scope scope;
  sharc_p_push_scope(p, &scope, isolated);
  bool ok = true;
  bool module_body = p->hot_next_region;
  p->hot_next_region = false;
  if (num_args || (!sharc_tok_is(&p->tok, '}') && p->tok.kind != TOK_CARET_ID)) {
    sharc_block *entry = sharc_block_create(p->ctx);
    sharc_region_append_block(r, entry);
    if (module_body) {
      sharc_hot_verify_start(&p->hot, entry);
      p->hot_plain = p->next_module_plain;
    }
    if (num_args && p->tok.kind == TOK_CARET_ID)
      ok = sharc_p_error(p, "invalid block name in region with named arguments");
    for (unsigned i = 0; ok && i < num_args; i++) {
      ok = sharc_p_check_entry_arg_unused(p, &args[i].ref.tok);
      sharc_value *v = ok ? sharc_block_add_arg(entry, args[i].type, args[i].loc) : NULL;
      ok = ok && sharc_p_define(p, &args[i].ref.tok, &v, 1);
    }
    ok = ok && parse_block_body(p, entry);
  }
  while (ok && p->tok.kind == TOK_CARET_ID)
    ok = parse_labeled_block(p, r);
  if (ok && !sharc_tok_is(&p->tok, '}'))
    ok = sharc_p_expect(p, '}');
  ok = sharc_p_pop_scope(p, ok) && ok;
  if (ok)
    sharc_p_next(p); /* } */
  sharc_p_leave(p);
  *out = r;
  return ok;
}

bool sharc_p_parse_region(sharc_parser *p, sharc_region **out, const sharc_region_arg *args,
                          unsigned num_args, bool isolated) {
  sharc_ident *saved = sharc_p_hide_custom_op(p);
  return sharc_p_restore_custom_op(p, saved,
                                   sharc_p_parse_region_impl(p, out, args, num_args, isolated));
}

/* ---- operations --------------------------------------------------------- */

typedef struct result_binding {
  sharc_token tok;
  unsigned count;
} result_binding;

/* The result bindings of one op and how many results they name: inline
 * for the usual few (no allocation per op), heap beyond. Only items, len
 * and total start zeroed: the inline room is written before it is read. */
typedef struct binding_list {
  result_binding *items;
  unsigned len, cap;
  uint64_t total; /* MLIR's size_t sum of the (unsigned) counts: no wrap */
  result_binding small[4];
} binding_list;

static void binding_list_free(binding_list *l) {
  if (l->items != l->small)
    free(l->items);
}

/* The N of `%name:N`: any unsigned 64-bit integer from 1 (hex too), kept
 * as an unsigned, as MLIR's getUInt64IntegerValue and ResultRecord. */
static bool parse_result_count(sharc_parser *p, unsigned *count) {
  if (p->tok.kind != TOK_INTEGER)
    return sharc_p_error(p, "expected integer number of results");
  uint64_t v;
  if (!sharc_p_tok_u64(&p->tok, &v) || v < 1)
    return sharc_p_error(p, "expected named operation to have at least 1 result");
  *count = (unsigned)v;
  sharc_p_next(p);
  return true;
}

/* One `%name` or `%name:N` of the result list. */
static bool parse_result_binding(sharc_parser *p, void *state) {
  binding_list *l = state;
  if (p->tok.kind != TOK_PERCENT_ID)
    return sharc_p_error(p, "expected valid ssa identifier");
  result_binding rb = {p->tok, 1};
  sharc_p_next(p);
  if (sharc_p_eat_inline(p, ':') && !parse_result_count(p, &rb.count))
    return false;
  l->items = sharc_small_room(l->items, l->small, sizeof l->small / sizeof l->small[0], l->len,
                              &l->cap, sizeof *l->items);
  l->items[l->len++] = rb; /* freed by parse_op */
  l->total += rb.count;
  return true;
}

static bool parse_result_list(sharc_parser *p, binding_list *out) {
  bool ok = sharc_p_parse_comma_list(p, SHARC_P_DELIM_NONE, parse_result_binding, out, NULL);
  return ok && sharc_p_expect_msg(p, '=', "expected '=' after SSA name");
}

/* Operand references of one op: inline for the usual few, heap beyond. */
typedef struct ref_list {
  sharc_operand_ref *items;
  unsigned len, cap;
  sharc_operand_ref small[8];
} ref_list;

static sharc_operand_ref *ref_list_add(ref_list *l) {
  l->items = sharc_small_room(l->items, l->small, sizeof l->small / sizeof l->small[0], l->len,
                              &l->cap, sizeof *l->items);
  return &l->items[l->len++];
}

static void ref_list_free(ref_list *l) {
  if (l->items != l->small)
    free(l->items);
}

static bool parse_next_generic_operand(sharc_parser *p, void *refs) {
  return sharc_p_parse_operand(p, ref_list_add(refs));
}

/* `(` parseOptionalSSAUseList `)`: the list only where an operand follows. */
static bool parse_generic_operands(sharc_parser *p, ref_list *refs) {
  if (!sharc_p_expect_msg(p, '(', "expected '(' to start operand list"))
    return false;
  if (sharc_p_at_operand(p) &&
      !sharc_p_parse_comma_list(p, SHARC_P_DELIM_NONE, parse_next_generic_operand, refs, NULL))
    return false;
  return sharc_p_expect_msg(p, ')', "expected ')' to end operand list");
}

static bool parse_next_successor(sharc_parser *p, void *successors) {
  sharc_block *succ;
  if (!sharc_p_parse_successor(p, &succ))
    return false;
  sharc_ptrvec_push(successors, succ);
  return true;
}

/* A registered op's `<{...}>` once its `{...}` is read, as MLIR builds it:
 * the attribute dictionary goes in first (an inherent name into the
 * properties), then setPropertiesFromAttribute sets each property the
 * `<{...}>` names, so its value wins; an entry that is no property of the
 * op is passed over and the op does not keep it. (An op without
 * properties never gets here: its `<{...}>` is an error.) */
static void take_generic_props(sharc_op_builder *b, const sharc_op_def *def,
                               const sharc_attr *props) {
  for (unsigned i = 0; i < sharc_dict_n(props); i++) {
    const sharc_named_attr *e = &sharc_dict_entries(props)[i];
    if (sharc_op_def_is_inherent(def, e->name))
      sharc_builder_add_attr(b, e->name, e->value);
  }
}

/* Whether MLIR's op has properties: those sharc knows the inherent
 * attributes of (the dialects' tables list every inherent attribute MLIR's
 * ODS declares; an empty list is an op without them). For the others the
 * generic form's `<{...}>` is an error. */
static bool def_has_props(const sharc_op_def *def) { return def->inherent && def->inherent[0]; }

/* MLIR turns a registered op's inherent attributes into properties as it
 * reads the generic form: the op's hook checks and completes them. Out of
 * line: most generic ops have no hook. */
static __attribute__((noinline)) bool generic_props(sharc_parser *p, sharc_op_builder *b,
                                                    const sharc_op_def *def) {
  bool ok = sharc_asm_op_generic_props(def)(p, b);
  b->props = NULL; /* a registered op keeps them among its attributes */
  return ok;
}

/* MLIR's setPropertiesFromAttribute once the op and its trailing location
 * are read: a registered op without properties takes no `<{...}>`, not
 * even an empty one, one with them wants a dictionary, and the op's hook
 * checks what the dictionary holds (sharc_p_check_props). */
static bool check_registered_props(sharc_parser *p, sharc_op_builder *b, const sharc_op_def *def) {
  if (!def_has_props(def))
    return sharc_p_props_error(p, b, "this operation does not support properties");
  if (b->props->kind != SHARC_ATTR_DICTIONARY)
    return sharc_p_props_error(p, b, "expected DictionaryAttr to set properties");
  return !sharc_asm_op_generic_props(def) || generic_props(p, b, def);
}

static bool parse_generic_op(sharc_parser *p, sharc_op_builder *b, const sharc_op_def *def) {
  ref_list refs; /* the inline room is written before it is read */
  refs.items = NULL;
  refs.len = 0;
  sharc_attr *reg_props = NULL; /* a registered op's `<{...}>` */
  bool ok = parse_generic_operands(p, &refs);
  if (ok && sharc_p_eat_inline(p, '['))
    ok = sharc_p_parse_comma_list_until(p, ']', parse_next_successor, &b->successors, false);
  if (ok && sharc_tok_is(&p->tok, '<')) {
    sharc_p_next(p);
    sharc_attr *props;
    ok = sharc_p_parse_attr(p, NULL, &props) &&
         sharc_p_expect_msg(p, '>', "expected '>' to close properties");
    /* kept whole where it is reported after the op is read (no
     * properties, or not a dictionary) or checked then by the op's hook */
    if (ok && def && def_has_props(def) && props->kind == SHARC_ATTR_DICTIONARY)
      reg_props = props;
    if (ok && (!def || sharc_asm_op_generic_props(def) || !reg_props))
      b->props = props;
  }
  if (ok && sharc_tok_is(&p->tok, '(')) {
    sharc_p_next(p);
    bool isolated = def && (def->traits & SHARC_TRAIT_ISOLATED);
    do {
      sharc_region *r;
      ok = sharc_p_parse_region(p, &r, NULL, 0, isolated);
      if (ok)
        sharc_ptrvec_push(&b->regions, r);
    } while (ok && sharc_p_eat_inline(p, ','));
    ok = ok && sharc_p_expect_msg(p, ')', "expected ')' to end region list");
  }
  ok = ok && sharc_p_parse_optional_attr_dict(p, b);
  if (ok && reg_props)
    take_generic_props(b, def, reg_props);
  sharc_token colon = p->tok;
  ok = ok && sharc_p_expect_msg(p, ':', "expected ':' followed by operation type");
  sharc_token type_tok = p->tok;
  sharc_type *fn = NULL;
  ok = ok && sharc_p_parse_type(p, &fn);
  if (ok && fn->kind != SHARC_TYPE_FUNCTION)
    ok = sharc_p_error_at(p, &type_tok, "expected function type");
  if (ok && fn->list.n_in != refs.len)
    /* MLIR streams the plural's letter as a char, a NUL for one operand,
     * and its handler prints that byte */
    ok = sharc_p_error_at(p, &type_tok, "expected %u operand type%c but had %u", refs.len,
                          refs.len == 1 ? '\0' : 's', fn->list.n_in);
  for (unsigned i = 0; ok && i < refs.len; i++) {
    sharc_value *v;
    ok = sharc_p_resolve_operand(p, &refs.items[i], fn->list.types[i], &v);
    if (ok)
      sharc_ptrvec_push(&b->operands, v);
  }
  for (unsigned i = 0; ok && i < fn->list.n_res; i++)
    sharc_ptrvec_push(&b->result_types, fn->list.types[fn->list.n_in + i]);
  (void)colon;
  ref_list_free(&refs);
  return ok;
}

/* Resolves a custom op name: `dialect.op`, or `op` in the default dialect. */
static const sharc_op_def *lookup_custom(sharc_parser *p, sharc_str name, sharc_ident **full) {
  sharc_ident *id = sharc_ident_get(p->ctx, name);
  const sharc_op_def *def = sharc_context_lookup_op_ident(id);
  if (def) {
    *full = id;
    return def;
  }
  const char *dd = sharc_p_default_dialect(p);
  if (*dd) {
    char buf[256];
    int n = snprintf(buf, sizeof buf, "%s.%.*s", dd, (int)name.len, name.data);
    if (n > 0 && (size_t)n < sizeof buf) {
      def = sharc_context_lookup_op(p->ctx, (sharc_str){buf, (size_t)n});
      if (def) {
        *full = sharc_ident_get(p->ctx, (sharc_str){buf, (size_t)n});
        return def;
      }
    }
  }
  return NULL;
}

static bool check_registered(sharc_parser *p, const sharc_token *t, const sharc_ident *id,
                             const sharc_op_def *def) {
  /* allowed unregistered ops (every op of a generic module) skip the
   * dialect lookup: it only picks which error to report */
  if (def || p->ctx->allow_unregistered)
    return true;
  sharc_str name = sharc_ident_str(id);
  const char *dot = memchr(name.data, '.', name.len);
  sharc_str dialect = {name.data, dot ? (size_t)(dot - name.data) : name.len};
  bool registered = sharc_context_registers(p->ctx, dialect);
  /* a tool's registered dialect (or a name without a dot that names one):
   * MLIR parses the op and its verifier reports it
   * (verify.c:verify_unknown_op), with the op printed */
  if (registered && sharc_context_registry(p->ctx))
    return true;
  if (registered && dot)
    return sharc_p_error_at(p, t, "unregistered operation '%.*s' found in dialect ('%.*s') that "
                            "does not allow unknown operations", (int)name.len, name.data,
                            (int)dialect.len, dialect.data);
  return sharc_p_error_at(p, t, "operation being parsed with an unregistered dialect. If "
                          "this is intended, please use -allow-unregistered-dialect with "
                          "the MLIR tool used");
}

/* MLIR's error for a custom op of a dialect the tool does not register; a
 * tool's registry (sharc_context_set_registry) is listed in a note. */
static bool dialect_not_found(sharc_parser *p, const sharc_token *t, sharc_str name,
                              size_t dialect_len) {
  sharc_p_error_at(p, t, "Dialect `%.*s' not found for custom op '%.*s' ", (int)dialect_len,
                   name.data, (int)name.len, name.data);
  const sharc_dialect_registry *registry = sharc_context_registry(p->ctx);
  if (!registry || !p->ctx->pending)
    return false;
  sharc_buf list = {0};
  for (const char *const *n = registry->names; *n; n++)
    sharc_buf_printf(&list, "%s%s", n == registry->names ? "" : ", ", *n);
  sharc_diag_note(p->ctx->pending, sharc_p_tok_loc(p, t),
                  "Available dialects: %.*s ; for more info on dialect registration see "
                  "https://mlir.llvm.org/getting_started/Faq/"
                  "#registered-loaded-dependent-whats-up-with-dialects-management",
                  (int)list.len, list.data ? list.data : "");
  sharc_buf_free(&list);
  return false;
}

static sharc_op *create_op(sharc_parser *p, sharc_op_builder *b) {
  sharc_attr *dict = sharc_attr_dictionary(p->ctx, b->attrs, b->num_attrs);
  sharc_op_state st = {b->name,
                       b->loc,
                       (sharc_value *const *)b->operands.items,
                       b->operands.len,
                       (sharc_type *const *)b->result_types.items,
                       b->result_types.len,
                       dict,
                       b->regions.len,
                       (sharc_block *const *)b->successors.items,
                       b->successors.len,
                       b->props};
  sharc_op *op = sharc_op_create(p->ctx, &st);
  if (!b->loc)
    sharc_op_set_point_loc(op, p->file, b->loc_line, b->loc_col);
  for (unsigned i = 0; i < b->regions.len; i++)
    sharc_region_take_body(&sharc_op_regions_of(op)[i], b->regions.items[i]);
  return op;
}

/* The op a quoted name (token `t`) stands for, resolved once per spelling;
 * NULL for the empty name. */
static const p_op_name *quoted_op_name(sharc_parser *p, const sharc_token *t) {
  if (t->len == 2)
    return NULL;
  uint64_t w[SHARC_SHORT_KEY_WORDS];
  p_word_slot *slot = sharc_p_word_slot(p, P_WORDS_OP_NAMES, sharc_tok_str(t), w);
  p_op_name *r = slot ? sharc_p_word_find(slot, t->len, w) : NULL;
  if (r && (r->def || r->num_dialects == p->ctx->num_dialects))
    return r;
  sharc_p_name *key = sharc_p_name_get(p, &p->op_names, sharc_tok_str(t));
  r = key->op;
  if (r && (r->def || r->num_dialects == p->ctx->num_dialects)) {
    if (slot)
      sharc_p_word_push(slot, t->len, w, r);
    return r;
  }
  sharc_str name = sharc_p_unescape(p, t);
  if (name.len == 0)
    return NULL;
  if (!r)
    r = key->op = sharc_arena_alloc(&p->scratch, sizeof *r);
  r->ident = sharc_ident_get(p->ctx, name);
  r->def = sharc_context_lookup_op_ident(r->ident);
  r->num_dialects = p->ctx->num_dialects;
  if (slot)
    sharc_p_word_push(slot, t->len, w, r);
  return r;
}

/* An empty builder, its inline arrays left unwritten: zeroing them cost
 * more than the rest of the generic op's own work. The vectors take their
 * inline room on the first push (sharc_small_room). */
static void builder_start(sharc_op_builder *b) {
  b->name = NULL;
  b->loc = NULL;
  b->loc_line = b->loc_col = 0;
  sharc_ptrvec *vecs[] = {&b->operands, &b->result_types, &b->regions, &b->successors};
  for (unsigned i = 0; i < sizeof vecs / sizeof vecs[0]; i++) {
    vecs[i]->items = NULL;
    vecs[i]->len = vecs[i]->cap = 0;
  }
  b->attrs = NULL;
  b->num_attrs = b->cap_attrs = 0;
  b->props = NULL;
}

static bool parse_op_bound(sharc_parser *p, sharc_block *block, binding_list *bindings) {
  sharc_token start = p->tok;
  if (p->tok.kind == TOK_PERCENT_ID && !parse_result_list(p, bindings))
    return false;
  uint64_t num_results = bindings->total;
  unsigned num_bindings = bindings->len;
  const result_binding *results = bindings->items;
  sharc_op_builder b;
  builder_start(&b);
  sharc_token name_tok = p->tok;
  /* MLIR locates an op at its name */
  b.loc_line = name_tok.line;
  b.loc_col = name_tok.col;
  bool ok;
  bool pushed_dialect = false;
  const sharc_op_def *generic_def = NULL; /* a registered op's, in the generic form */
  if (name_tok.kind == TOK_STRING) {
    const p_op_name *resolved = quoted_op_name(p, &name_tok);
    if (!resolved)
      return sharc_p_error(p, "empty operation name is invalid");
    b.name = resolved->ident;
    const sharc_op_def *def = resolved->def;
    generic_def = def;
    sharc_p_next(p);
    /* MLIR reports an unknown op at the token after its name */
    sharc_vec_push(&p->pending_ops, 0u);
    ok = check_registered(p, &p->tok, b.name, def) && parse_generic_op(p, &b, def) &&
         (b.props || !def || !sharc_asm_op_generic_props(def) || generic_props(p, &b, def));
    p->pending_ops.len--;
  } else if (name_tok.kind == TOK_BARE_ID) {
    sharc_str name = sharc_tok_str(&name_tok);
    const sharc_op_def *def = lookup_custom(p, name, &b.name);
    sharc_op_parse_fn parse = def ? sharc_asm_op_parser(def) : NULL;
    if (!parse) {
      const char *dot = memchr(name.data, '.', name.len);
      const char *dd = sharc_p_default_dialect(p);
      sharc_op_builder_cleanup(&b);
      /* MLIR's lexer reads `i32` as an integer type, which names no op */
      if (sharc_p_is_int_type_name(name))
        return sharc_p_error(p, "expected operation name in quotes");
      if (!dot && *dd)
        return sharc_p_error_at(p, &name_tok, "custom op '%.*s' is unknown (tried '%s.%.*s' as well)",
                                (int)name.len, name.data, dd, (int)name.len, name.data);
      if (dot && !sharc_context_registers(p->ctx, (sharc_str){name.data, (size_t)(dot - name.data)}))
        return dialect_not_found(p, &name_tok, name, (size_t)(dot - name.data));
      return sharc_p_error_at(p, &name_tok, "custom op '%.*s' is unknown", (int)name.len,
                              name.data);
    }
    sharc_p_next(p);
    if (p->dialect_depth == SHARC_MAX_DIALECT_STACK) {
      sharc_op_builder_cleanup(&b);
      return sharc_p_error(p, "nesting is too deep");
    }
    p->dialect_stack[p->dialect_depth++] = def->default_dialect ? def->default_dialect : "";
    pushed_dialect = true;
    sharc_ident *saved_custom = p->custom_op;
    p->custom_op = b.name;
    sharc_vec_push(&p->pending_ops, ++p->next_custom_serial);
    ok = parse(p, &b) && (!p->held_resolved || sharc_p_check_held(p, &b.operands));
    p->pending_ops.len--;
    p->custom_op = saved_custom;
  } else {
    sharc_op_builder_cleanup(&b);
    if (name_tok.kind == TOK_ERROR)
      return sharc_p_error(p, "%s", p->lx.error);
    return sharc_p_error(p, "expected operation name in quotes");
  }
  if (pushed_dialect)
    p->dialect_depth--;
  if (ok) {
    sharc_attr *loc = b.loc;
    ok = sharc_p_parse_optional_loc(p, &loc);
    b.loc = loc;
  }
  /* a registered op's `<{...}>` left here is one it cannot take or one
   * its hook checks, as MLIR sets properties after the location */
  if (ok && b.props && generic_def)
    ok = check_registered_props(p, &b, generic_def);
  if (ok && num_bindings && !b.result_types.len)
    ok = sharc_p_error_at(p, &start, "cannot name an operation with no results");
  if (ok && num_bindings && b.result_types.len != num_results)
    ok = sharc_p_error_at(p, &start,
                          "operation defines %u results but was provided %" PRIu64 " to bind",
                          b.result_types.len, num_results);
  if (!ok) {
    sharc_op_builder_cleanup(&b);
    return false;
  }
  sharc_op *op = create_op(p, &b);
  sharc_op_builder_cleanup(&b);
  sharc_block_append_op(block, op);
  unsigned next = 0;
  for (unsigned i = 0; i < num_bindings; i++) {
    sharc_value *stack_vals[16];
    sharc_value **vals =
        results[i].count <= 16 ? stack_vals : sharc_xmalloc_array(results[i].count, sizeof *vals);
    for (unsigned k = 0; k < results[i].count; k++)
      vals[k] = &sharc_op_results_of(op)[next + k];
    next += results[i].count;
    ok = sharc_p_define(p, &results[i].tok, vals, results[i].count);
    if (vals != stack_vals)
      free(vals);
    if (!ok)
      return false;
  }
  return true;
}

static bool parse_op(sharc_parser *p, sharc_block *block) {
  binding_list bindings; /* the inline room is written before it is read */
  bindings.items = NULL;
  bindings.len = bindings.total = 0;
  bool ok = parse_op_bound(p, block, &bindings);
  binding_list_free(&bindings);
  return ok;
}

/* ---- top level ---------------------------------------------------------- */

static bool parse_alias_def(sharc_parser *p) {
  sharc_token t = p->tok;
  bool is_type = t.kind == TOK_BANG_ID;
  sharc_str name = {t.start + 1, t.len - 1};
  if (memchr(name.data, '.', name.len))
    return sharc_p_error(p, "expected '=' in %s alias definition", is_type ? "type" : "attribute");
  sharc_ident *id = sharc_ident_get(p->ctx, name);
  sharc_ptrmap *map = is_type ? &p->type_aliases : &p->attr_aliases;
  if (sharc_ptrmap_get(map, id))
    return sharc_p_error(p, "redefinition of %s alias id '%.*s'", is_type ? "type" : "attribute",
                         (int)name.len, name.data);
  sharc_p_next(p);
  if (!sharc_tok_is(&p->tok, '='))
    return sharc_p_error(p, "expected '=' in %s alias definition", is_type ? "type" : "attribute");
  sharc_p_next(p);
  /* how deep the aliased value nests, for sharc_p_use_alias */
  p->max_depth = p->depth;
  void *value;
  bool ok;
  /* no type found by its text here: a hit would skip the depth accounting */
  p->in_alias_def = true;
  if (is_type) {
    sharc_type *ty = NULL;
    ok = sharc_p_parse_type(p, &ty);
    value = ty;
  } else {
    sharc_attr *a = NULL;
    ok = sharc_p_parse_attr(p, NULL, &a);
    value = a;
  }
  p->in_alias_def = false;
  if (!ok)
    return false;
  sharc_ptrmap_put(map, id, value);
  /* a value may be reached through several aliases: keep the deepest */
  uintptr_t depth = (uintptr_t)(p->max_depth - p->depth) + 1;
  if ((uintptr_t)sharc_ptrmap_get(&p->alias_depths, value) < depth)
    sharc_ptrmap_put(&p->alias_depths, value, (void *)depth);
  return true;
}

/* A key in the metadata: a bare identifier or a string. */
static bool parse_metadata_key(sharc_parser *p, sharc_ident **out, const char *what) {
  if (p->tok.kind == TOK_BARE_ID)
    *out = sharc_ident_get(p->ctx, sharc_tok_str(&p->tok));
  else if (p->tok.kind == TOK_STRING)
    *out = sharc_ident_get(p->ctx, sharc_p_unescape(p, &p->tok));
  else
    return sharc_p_error(p, "expected identifier key for '%s' entry", what);
  sharc_p_next(p);
  return true;
}

/* `group: { key: value, ... }, ...` inside dialect_ or external_resources. */
static bool parse_resource_section(sharc_parser *p, bool external) {
  if (!sharc_p_expect(p, '{'))
    return false;
  while (!sharc_p_eat_inline(p, '}')) {
    sharc_ident *group = NULL;
    if (!parse_metadata_key(p, &group, "resource") ||
        !sharc_p_expect(p, ':') || !sharc_p_expect(p, '{'))
      return false;
    while (!sharc_p_eat_inline(p, '}')) {
      sharc_resource r = {group, NULL, {NULL, 0}, external};
      if (!parse_metadata_key(p, &r.key, external ? "external_resources" : "resource") ||
          !sharc_p_expect(p, ':'))
        return false;
      bool hex_blob = p->tok.kind == TOK_STRING && p->tok.len >= 4 && p->tok.start[1] == '0' &&
                      p->tok.start[2] == 'x';
      if (!external && !hex_blob)
        return sharc_p_error(p, "expected hex string blob for key '%s'", r.key->data);
      /* MLIR's fallback for external resources takes a bool or a string
       * (a blob is one), and reports any other value at its token */
      if (p->tok.kind != TOK_STRING && !sharc_tok_is_keyword(&p->tok, "true") &&
          !sharc_tok_is_keyword(&p->tok, "false"))
        return sharc_p_error_at(p, &p->tok, "expected string value for key '%s'", r.key->data);
      r.value = sharc_tok_str(&p->tok);
      sharc_p_next(p);
      sharc_context_add_resource(p->ctx, &r);
      if (!sharc_p_eat_inline(p, ',') && !sharc_tok_is(&p->tok, '}'))
        return sharc_p_expect_msg(p, '}', "expected ',' or '}'");
    }
    if (!sharc_p_eat_inline(p, ',') && !sharc_tok_is(&p->tok, '}'))
      return sharc_p_expect_msg(p, '}', "expected ',' or '}'");
  }
  return true;
}

/* {-# dialect_resources: {...}, external_resources: {...} #-} */
static bool parse_file_metadata(sharc_parser *p) {
  sharc_p_next(p); /* {-# */
  while (p->tok.kind != TOK_FILE_METADATA_END) {
    if (p->tok.kind != TOK_BARE_ID)
      return sharc_p_error(p, "expected identifier key in file metadata dictionary");
    sharc_token key = p->tok;
    bool external = sharc_tok_is_keyword(&key, "external_resources");
    if (!external && !sharc_tok_is_keyword(&key, "dialect_resources"))
      return sharc_p_error(p, "unknown key '%.*s' in file metadata dictionary", (int)key.len,
                           key.start);
    sharc_p_next(p);
    if (!sharc_p_expect(p, ':') || !parse_resource_section(p, external))
      return false;
    if (!sharc_p_eat_inline(p, ',') && p->tok.kind != TOK_FILE_METADATA_END)
      return sharc_p_wrong_token_error(p, "expected ',' or '#-}'");
  }
  sharc_p_next(p); /* #-} */
  return true;
}

/* Replaces the placeholders of deferred `loc(#alias)` in ops and block
 * arguments, now that every alias of the file is known. */
static bool resolve_locs_in(sharc_parser *p, sharc_ptrmap *map, sharc_op *op) {
  sharc_attr *made = sharc_op_loc_if_made(op); /* a packed point is no placeholder */
  sharc_attr *a = made ? sharc_ptrmap_get(map, made) : NULL;
  if (a)
    sharc_op_loc_store(op, a);
  for (unsigned r = 0; r < op->num_regions; r++)
    for (sharc_block *b = sharc_op_regions_of(op)[r].first; b; b = b->next) {
      for (unsigned i = 0; i < b->num_args; i++) {
        sharc_attr *l = sharc_ptrmap_get(map, sharc_value_loc(b->args[i]));
        if (l)
          *sharc_value_loc_slot(b->args[i]) = l;
      }
      for (sharc_op *o = b->first; o; o = o->next)
        resolve_locs_in(p, map, o);
    }
  return true;
}

static bool resolve_deferred_locs(sharc_parser *p, sharc_block *top) {
  if (!p->deferred_locs.len)
    return true;
  sharc_ptrmap map = {0};
  bool ok = true;
  for (unsigned i = 0; i < p->deferred_locs.len && ok; i++) {
    deferred_loc *d = p->deferred_locs.items[i];
    sharc_attr *a = sharc_ptrmap_get(&p->attr_aliases, d->name);
    if (!a)
      ok = sharc_p_error_at(p, &d->tok, "operation location alias was never defined");
    else if (!sharc_attr_is_location(a))
      ok = sharc_p_error_at(p, &d->tok, "expected location, but found '#%s'", d->name->data);
    else
      sharc_ptrmap_put(&map, d->placeholder, a);
  }
  for (sharc_op *o = top->first; ok && o; o = o->next)
    resolve_locs_in(p, &map, o);
  sharc_ptrmap_free(&map);
  return ok;
}

/* Whether the top-level op at the token is a builtin.module (custom or
 * generic form): its body's functions are verified as they are parsed
 * (sharc_hot_verify_op). */
static bool at_module(const sharc_parser *p) {
  const sharc_token *t = &p->tok;
  return sharc_tok_is_keyword(t, "module") || sharc_tok_is_keyword(t, "builtin.module") ||
         (t->kind == TOK_STRING && t->len == 16 && memcmp(t->start, "\"builtin.module\"", 16) == 0);
}

/* Whether the module at the token prints as `module {` whatever its body:
 * the keyword, then (past blanks) the body's brace; no name, attributes
 * or comment between them. */
static bool plain_module_header(const sharc_parser *p) {
  const sharc_token *t = &p->tok;
  if (!sharc_tok_is_keyword(t, "module"))
    return false;
  const char *c = t->start + t->len;
  while (c < p->lx.end && (*c == ' ' || *c == '\t' || *c == '\n' || *c == '\r'))
    c++;
  return c < p->lx.end && *c == '{';
}

/* One op of the top level; the body of a module there becomes the block
 * whose functions are verified as they are parsed. */
static bool parse_top_op(sharc_parser *p, sharc_block *top) {
  p->hot_next_region = at_module(p);
  p->next_module_plain = p->hot_next_region && plain_module_header(p);
  bool ok = parse_op(p, top);
  p->hot_next_region = false;
  if (ok && top == p->hot.block)
    hot_op_done(p, top);
  return ok;
}

static sharc_op *parse_top(sharc_parser *p) {
  sharc_block *top = sharc_block_create(p->ctx);
  region_scope scope;
  sharc_p_push_scope(p, &scope, true);
  sharc_hot_verify_start(&p->hot, top); /* the body of an implicit module */
  p->hot_plain = true;
  bool ok = true;
  while (ok && p->tok.kind != TOK_EOF) {
    if (p->tok.kind == TOK_HASH_ID || p->tok.kind == TOK_BANG_ID)
      ok = parse_alias_def(p);
    else if (p->tok.kind == TOK_FILE_METADATA_BEGIN)
      ok = parse_file_metadata(p);
    else if (p->tok.kind == TOK_ERROR)
      ok = sharc_p_error(p, "%s", p->lx.error);
    else
      ok = parse_top_op(p, top);
  }
  ok = sharc_p_pop_scope(p, ok) && ok;
  ok = ok && resolve_deferred_locs(p, top);
  if (!ok)
    return NULL;
  sharc_op *only = top->first;
  if (only && only == top->last && sharc_op_isa(only, &sharc_builtin_module_def)) {
    sharc_op_remove_from_parent(only);
    return only;
  }
  sharc_op_state st = {0};
  st.name = sharc_ident_get(p->ctx, SHARC_STR("builtin.module"));
  st.loc = sharc_loc_file(p->ctx, p->file, p->module_line, p->module_col);
  st.num_regions = 1;
  sharc_op *module = sharc_op_create(p->ctx, &st);
  sharc_region_append_block(&sharc_op_regions_of(module)[0], top);
  return module;
}

static void parser_init(sharc_parser *p, sharc_context *ctx, const char *name, const char *buf,
                        size_t len, unsigned first_line, unsigned first_col) {
  memset(p, 0, sizeof *p);
  p->ctx = ctx;
  p->file = sharc_ident_get(ctx, sharc_str_from_cstr(name));
  sharc_lexer_init(&p->lx, buf, len, first_line);
  /* a chunk may start mid-line (after a split marker): columns count from
   * the real start of that line, which lies before `buf` in the same file */
  p->lx.line_start = buf - (first_col ? first_col - 1 : 0);
  p->first_line = first_line ? first_line : 1;
  p->first_line_start = p->lx.line_start;
  p->module_line = first_line == 1 && first_col <= 1 ? 0 : first_line;
  p->module_col = first_line == 1 && first_col <= 1 ? 0 : first_col;
  sharc_p_next(p);
}

static void parser_free(sharc_parser *p) {
  size_t region = p->region_scratch.used > p->region_scratch_peak ? p->region_scratch.used
                                                                  : p->region_scratch_peak;
  if (p->scratch.used + region > p->ctx->stat_parser_scratch) /* SHARC_STATS: it only grows */
    p->ctx->stat_parser_scratch = p->scratch.used + region;
  sharc_ptrmap_free(&p->attr_aliases);
  sharc_ptrmap_free(&p->type_aliases);
  sharc_ptrmap_free(&p->alias_depths);
  sharc_p_name_table_free(&p->type_texts);
  sharc_p_name_table_free(&p->attr_texts);
  sharc_p_name_table_free(&p->op_names);
  sharc_ptrvec_free(&p->deferred_locs);
  sharc_vec_free(&p->pending_ops);
  sharc_p_name_table_free(&p->names);
  free(p->words);
  free(p->function_mem);
  free(p->literals_mem);
  free(p->numbers_mem);
  sharc_arena_free(&p->scratch);
  sharc_arena_free(&p->region_scratch);
}

sharc_op *sharc_parse_source_ahead(sharc_context *ctx, const char *name, const char *buf,
                                   size_t len, unsigned first_line, unsigned first_col,
                                   sharc_print_ahead *ahead) {
  /* MLIR bytecode is told apart by its magic number wherever text is read */
  if (sharc_is_bytecode(buf, len))
    return sharc_parse_bytecode(ctx, name, buf, len);
  sharc_parser p;
  parser_init(&p, ctx, name, buf, len, first_line, first_col);
  p.ahead = ahead;
  sharc_op *m = parse_top(&p);
  if (p.deferred_locs.len) /* locations changed after the ops were printed */
    sharc_print_ahead_drop(ahead);
  sharc_hot_verify_finish(ctx, &p.hot, m, p.deferred_locs.len == 0);
  parser_free(&p);
  sharc_diag_flush(ctx);
  return m;
}

sharc_op *sharc_parse_source_at(sharc_context *ctx, const char *name, const char *buf, size_t len,
                                unsigned first_line, unsigned first_col) {
  return sharc_parse_source_ahead(ctx, name, buf, len, first_line, first_col, NULL);
}

sharc_op *sharc_parse_source(sharc_context *ctx, const char *name, const char *buf, size_t len) {
  return sharc_parse_source_at(ctx, name, buf, len, 1, 1);
}

static bool at_end(sharc_parser *p) {
  if (p->tok.kind == TOK_EOF)
    return true;
  return sharc_p_error(p, "unexpected trailing characters");
}

sharc_type *sharc_parse_type_text(sharc_context *ctx, sharc_str text) {
  sharc_parser p;
  parser_init(&p, ctx, "<type>", text.data, text.len, 1, 1);
  sharc_type *t = NULL;
  if (!sharc_p_parse_type(&p, &t) || !at_end(&p))
    t = NULL;
  parser_free(&p);
  sharc_diag_flush(ctx);
  return t;
}

sharc_attr *sharc_parse_attr_text(sharc_context *ctx, sharc_str text) {
  return sharc_parse_attr_text_at(ctx, "<attribute>", text, 1, 1);
}

sharc_attr *sharc_parse_attr_text_at(sharc_context *ctx, const char *name, sharc_str text,
                                     unsigned line, unsigned col) {
  sharc_parser p;
  parser_init(&p, ctx, name, text.data, text.len, line, col);
  sharc_attr *a = NULL;
  if (!sharc_p_parse_attr(&p, NULL, &a) || !at_end(&p))
    a = NULL;
  parser_free(&p);
  sharc_diag_flush(ctx);
  return a;
}
