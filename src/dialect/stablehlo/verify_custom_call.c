/* StableHLO's CustomCallOp::verify: operand and result layouts, output to
 * operand aliases, backend_config's kind per api_version, and the buffer
 * targets (CreateBuffer, Pin, Unpin) with their aliasing rules; and MHLO's,
 * for mhlo.custom_call: the layouts and aliases, its own backend_config
 * check and no buffer targets. */
#include "dialect/stablehlo/shlo.h"
#include "support/xalloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const api_versions[] = {
    "API_VERSION_UNSPECIFIED", "API_VERSION_ORIGINAL", "API_VERSION_STATUS_RETURNING",
    "API_VERSION_STATUS_RETURNING_UNIFIED", "API_VERSION_TYPED_FFI"};

static bool is_shaped(const sharc_type *t) {
  return t->kind == SHARC_TYPE_TENSOR || t->kind == SHARC_TYPE_UNRANKED_TENSOR ||
         t->kind == SHARC_TYPE_MEMREF || t->kind == SHARC_TYPE_UNRANKED_MEMREF ||
         t->kind == SHARC_TYPE_VECTOR;
}

static bool is_memref(const sharc_type *t) {
  return t->kind == SHARC_TYPE_MEMREF || t->kind == SHARC_TYPE_UNRANKED_MEMREF;
}

static bool is_tensor(const sharc_type *t) {
  return t->kind == SHARC_TYPE_TENSOR || t->kind == SHARC_TYPE_UNRANKED_TENSOR;
}

static bool check_layouts(sharc_op *op, sharc_type *const *types, unsigned n, const sharc_attr *layouts,
                          const char *what) {
  if (n != sharc_attr_count(layouts)) {
    sharc_emit_op_error(op, "Number of %ss must match the number of %s layouts, %u != %u", what,
                        what, n, sharc_attr_count(layouts));
    return false;
  }
  for (unsigned i = 0; i < n; i++) {
    const sharc_type *t = types[i];
    const sharc_attr *layout = sharc_attr_at(layouts, i);
    if (layout->kind != SHARC_ATTR_DENSE_ELEMENTS)
      continue;
    int64_t size = sharc_type_num_elements(layout->type);
    if (t->kind == SHARC_TYPE_TUPLE) {
      sharc_emit_op_error(op, "Tuple types are not fully supported with layout constraints yet");
      return false;
    }
    if (!is_shaped(t)) {
      if (size == 0)
        continue;
      sharc_emit_op_error(op, "Only tensor types can have non-empty layout: %s #%u of type %s has "
                          "layout %s", what, i, sharc_shlo_type_str(t), sharc_shlo_attr_str(layout));
      return false;
    }
    if (!sharc_type_has_rank(t))
      continue;
    unsigned rank = sharc_type_rank(t);
    bool ok = size == (int64_t)rank;
    bool *seen = sharc_xcalloc(rank + 1, sizeof *seen);
    for (unsigned k = 0; ok && k < rank; k++) {
      int64_t v = sharc_attr_dense_int(layout, k);
      ok = v >= 0 && v < (int64_t)rank && !seen[v];
      if (ok)
        seen[v] = true;
    }
    free(seen);
    if (!ok) {
      sharc_emit_op_error(op, "incorrect layout %s for type %s, layout must be a permutation of [0, "
                          "%u)", sharc_shlo_attr_str(layout), sharc_shlo_type_str(t), rank);
      return false;
    }
  }
  return true;
}

static sharc_type **value_types(sharc_op *op, bool results, unsigned *n) {
  *n = results ? sharc_op_num_results(op) : sharc_op_num_operands(op);
  sharc_type **types = sharc_xmalloc_array(*n + 1, sizeof *types);
  for (unsigned i = 0; i < *n; i++)
    types[i] = sharc_value_type(results ? sharc_op_result(op, i) : sharc_op_operand(op, i));
  return types;
}

static bool verify_layouts(sharc_op *op) {
  sharc_attr *in = sharc_op_attr(op, "operand_layouts"), *out = sharc_op_attr(op, "result_layouts");
  if (!in && !out)
    return true;
  if (!in || !out) {
    sharc_emit_op_error(op, "Layout attributes should be specified for either both operands and "
                        "results or none.");
    return false;
  }
  if (in->kind != SHARC_ATTR_ARRAY || out->kind != SHARC_ATTR_ARRAY)
    return true;
  unsigned n_in, n_out;
  sharc_type **ins = value_types(op, false, &n_in), **outs = value_types(op, true, &n_out);
  if (n_out == 1 && outs[0]->kind == SHARC_TYPE_TUPLE) {
    const sharc_type *tuple = outs[0];
    n_out = sharc_type_count(tuple);
    sharc_type **elems = sharc_xmalloc_array(n_out + 1, sizeof *elems);
    for (unsigned i = 0; i < n_out; i++)
      elems[i] = sharc_type_at(tuple, i);
    free(outs);
    outs = elems;
  }
  bool ok = check_layouts(op, ins, n_in, in, "operand") && check_layouts(op, outs, n_out, out, "result");
  free(ins);
  free(outs);
  return ok;
}

/* The output as a type: the result, or a tuple of the results. */
static sharc_type *output_type(sharc_op *op) {
  if (sharc_op_num_results(op) == 1)
    return sharc_value_type(sharc_op_result(op, 0));
  unsigned n;
  sharc_type **types = value_types(op, true, &n);
  sharc_type *t = sharc_type_tuple(sharc_op_context(op), types, n);
  free(types);
  return t;
}

/* An output-to-operand alias as the checks read it: the operand's index and
 * the tuple indices into the output and into the operand. */
typedef struct alias_view {
  int64_t operand_index;
  sharc_i64_vec out, in; /* output_tuple_indices, operand_tuple_indices */
} alias_view;

static void dims_into(const sharc_attr *dims, sharc_i64_vec *v) {
  if (!dims || dims->kind != SHARC_ATTR_DENSE_ARRAY)
    return;
  for (unsigned k = 0; k < sharc_attr_count(dims); k++)
    sharc_vec_push(v, sharc_attr_dense_array_i64(dims, k));
}

static void view_stablehlo(const sharc_attr *alias, alias_view *v) {
  const shlo_struct_def *def = &sharc_shlo_output_operand_alias_def;
  v->operand_index = sharc_shlo_struct_field(alias, def, 1) ? sharc_shlo_struct_int(alias, def, 1) : 0;
  dims_into(sharc_shlo_struct_field(alias, def, 0), &v->out);
  dims_into(sharc_shlo_struct_field(alias, def, 2), &v->in);
}

/* A cursor over the text of an opaque attribute's body. */
typedef struct text_cursor {
  const char *p, *end;
} text_cursor;

static void skip_blanks(text_cursor *c) {
  while (c->p < c->end && (*c->p == ' ' || *c->p == '\n' || *c->p == '\t'))
    c->p++;
}

static bool eat_char(text_cursor *c, char ch) {
  skip_blanks(c);
  if (c->p == c->end || *c->p != ch)
    return false;
  c->p++;
  return true;
}

/* A decimal integer, optionally negative, as MHLO's parser reads the
 * int64_t fields (AsmParser::parseInteger): any number of digits while the
 * value fits; one that does not is false here (MLIR rejects the attribute
 * with "integer value too large" as it parses, which an opaque attribute
 * cannot replay). */
static bool read_int(text_cursor *c, int64_t *out) {
  skip_blanks(c);
  bool neg = c->p < c->end && *c->p == '-';
  c->p += neg;
  uint64_t limit = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
  uint64_t v = 0;
  unsigned digits = 0;
  bool fits = true;
  for (; c->p < c->end && *c->p >= '0' && *c->p <= '9'; c->p++, digits++) {
    unsigned d = (unsigned)(*c->p - '0');
    fits = fits && v <= (limit - d) / 10;
    if (fits)
      v = v * 10 + d;
  }
  *out = neg ? (int64_t)(0 - v) : (int64_t)v;
  return digits && fits;
}

/* `[i, j, ...]` */
static bool read_indices(text_cursor *c, sharc_i64_vec *v) {
  if (!eat_char(c, '['))
    return false;
  if (eat_char(c, ']'))
    return true;
  do {
    int64_t x;
    if (!read_int(c, &x))
      return false;
    sharc_vec_push(v, x);
  } while (eat_char(c, ','));
  return eat_char(c, ']');
}

/* One `name = value` field of the alias. */
static bool read_alias_field(text_cursor *c, alias_view *v) {
  skip_blanks(c);
  const char *name = c->p;
  while (c->p < c->end && ((*c->p >= 'a' && *c->p <= 'z') || *c->p == '_'))
    c->p++;
  sharc_str key = {name, (size_t)(c->p - name)};
  if (!eat_char(c, '='))
    return false;
  if (sharc_str_eq_cstr(key, "operand_index"))
    return read_int(c, &v->operand_index);
  if (sharc_str_eq_cstr(key, "output_tuple_indices"))
    return read_indices(c, &v->out);
  if (sharc_str_eq_cstr(key, "operand_tuple_indices"))
    return read_indices(c, &v->in);
  return false;
}

/* MHLO's alias, an opaque attribute here (verify.c's is_mhlo_attr):
 * `output_operand_alias<output_tuple_indices = [..], operand_index = N,
 * operand_tuple_indices = [..]>`, fields absent read as StableHLO's are;
 * false when the text is not that. */
static bool view_mhlo(const sharc_attr *alias, alias_view *v) {
  static const char head[] = "output_operand_alias<";
  sharc_str body = alias->opaque.body;
  if (body.len < sizeof head || memcmp(body.data, head, sizeof head - 1) ||
      body.data[body.len - 1] != '>')
    return false;
  text_cursor c = {body.data + sizeof head - 1, body.data + body.len - 1};
  if (eat_char(&c, '>') || (skip_blanks(&c), c.p == c.end))
    return true;
  do {
    if (!read_alias_field(&c, v))
      return false;
  } while (eat_char(&c, ','));
  skip_blanks(&c);
  return c.p == c.end;
}

static void view_free(alias_view *v) {
  sharc_vec_free(&v->out);
  sharc_vec_free(&v->in);
}

/* The alias's fields: a StableHLO alias's, or (`with_mhlo`: the checks
 * MHLO's verifier shares) an MHLO alias's read from its text; false
 * (nothing to free) for anything else, which the op's attribute kind
 * check reports. */
static bool view_alias(const sharc_attr *alias, alias_view *v, bool with_mhlo) {
  *v = (alias_view){0};
  if (alias->kind == SHARC_ATTR_DIALECT &&
      sharc_attr_def_of(alias) == &sharc_shlo_output_operand_alias_def.base) {
    view_stablehlo(alias, v);
    return true;
  }
  bool mhlo = with_mhlo && alias->kind == SHARC_ATTR_OPAQUE &&
              sharc_str_eq_cstr(sharc_ident_str(alias->opaque.dialect), "mhlo");
  if (mhlo && view_mhlo(alias, v))
    return true;
  view_free(v);
  return false;
}

/* Follows tuple indices into `t`; NULL when one is out of bounds. */
static sharc_type *follow(sharc_type *t, const sharc_i64_vec *indices) {
  for (unsigned k = 0; k < indices->len; k++) {
    int64_t i = indices->items[k];
    if (t->kind != SHARC_TYPE_TUPLE || i < 0 || i >= (int64_t)sharc_type_count(t))
      return NULL;
    t = sharc_type_at(t, (unsigned)i);
  }
  return t;
}

/* verifyOutputOperandAliasing (StableHLO's and MHLO's alike). */
static bool check_alias(sharc_op *op, const alias_view *v) {
  unsigned n_inputs = sharc_op_num_operands(op);
  if (v->operand_index < 0 || v->operand_index >= (int64_t)n_inputs) {
    sharc_emit_op_error(op, "expects operandIndex in the output_operand_alias attribute to be "
                        "in range [0, %u); got: %lld.", n_inputs, (long long)v->operand_index);
    return false;
  }
  sharc_type *operand_part =
      follow(sharc_value_type(sharc_op_operand(op, (unsigned)v->operand_index)), &v->in);
  if (!operand_part) {
    sharc_emit_op_error(op, "operand_tuple_indices in the output_operand_alias attribute out of "
                        "bounds");
    return false;
  }
  sharc_type *output_part = follow(output_type(op), &v->out);
  if (!output_part) {
    sharc_emit_op_error(op, "output_tuple_indices in the output_operand_alias attribute out of "
                        "bounds");
    return false;
  }
  if (operand_part != output_part) {
    sharc_emit_op_error(op, "shapes mismatch in the output_operand_alias attribute: operand part "
                        "has type %s and output part has type %s",
                        sharc_shlo_type_str(operand_part), sharc_shlo_type_str(output_part));
    return false;
  }
  return true;
}

static bool verify_aliases(sharc_op *op) {
  sharc_attr *aliases = sharc_op_attr(op, "output_operand_aliases");
  if (!aliases || aliases->kind != SHARC_ATTR_ARRAY)
    return true;
  for (unsigned i = 0; i < sharc_attr_count(aliases); i++) {
    alias_view v;
    if (!view_alias(sharc_attr_at(aliases, i), &v, true))
      continue;
    bool ok = check_alias(op, &v);
    view_free(&v);
    if (!ok)
      return false;
  }
  return true;
}

static bool verify_backend_config(sharc_op *op) {
  sharc_attr *config = sharc_op_attr(op, "backend_config");
  if (!config)
    return true;
  sharc_attr *version = sharc_op_attr(op, "api_version");
  int64_t v = version && sharc_attr_get_kind(version) == SHARC_ATTR_INTEGER
                  ? sharc_attr_int_value(version)
                  : 1;
  const char *name = v >= 0 && v <= 4 ? api_versions[v] : "UNKNOWN";
  bool typed_ffi = v == 4;
  sharc_attr_kind want = typed_ffi ? SHARC_ATTR_DICTIONARY : SHARC_ATTR_STRING;
  if (sharc_attr_get_kind(config) != want) {
    sharc_emit_op_error(op, "backend_config for api_version %s must be a %s attribute.", name,
                        typed_ffi ? "dictionary" : "string");
    return false;
  }
  return true;
}

static bool target_is(const sharc_op *op, const char *name) {
  sharc_attr *t = sharc_op_attr(op, "call_target_name");
  if (!t || t->kind != SHARC_ATTR_STRING)
    return false;
  sharc_str s = sharc_attr_string_value(t);
  return s.len == strlen(name) && memcmp(s.data, name, s.len) == 0;
}

#define fail(op, ...) (sharc_emit_op_error((op), __VA_ARGS__), false)

static bool compatible_pin_types(const sharc_type *a, const sharc_type *b) {
  return sharc_shlo_compatible_shapes(sharc_type_shaped_view(a), sharc_type_shaped_view(b)) &&
         sharc_type_element(a) == sharc_type_element(b);
}

static void append_indices(sharc_buf *b, const int64_t *v, unsigned n) {
  SHARC_BUF_LIT(b, "[");
  for (unsigned i = 0; i < n; i++)
    sharc_buf_printf(b, "%s%lld", i ? ", " : "", (long long)v[i]);
  SHARC_BUF_LIT(b, "]");
}

#define MAX_DEPTH 64 /* tuple nesting followed; deeper buffers go unchecked */

/* mapOverLeafTypes of the output: every memref leaf must be an aliased
 * output part. `path` holds the tuple indices down to `t`. */
static bool buffers_aliased(sharc_op *op, const sharc_type *t, int64_t *path, unsigned depth,
                            const sharc_attr *aliases) {
  if (t->kind == SHARC_TYPE_TUPLE) {
    if (depth >= MAX_DEPTH)
      return true;
    for (unsigned i = 0; i < sharc_type_count(t); i++) {
      path[depth] = i;
      if (!buffers_aliased(op, sharc_type_at(t, i), path, depth + 1, aliases))
        return false;
    }
    return true;
  }
  if (!is_memref(t))
    return true;
  for (unsigned i = 0; aliases && i < sharc_attr_count(aliases); i++) {
    alias_view v;
    if (!view_alias(sharc_attr_at(aliases, i), &v, false))
      continue;
    bool same = v.out.len == depth && (!depth || !memcmp(v.out.items, path, depth * sizeof *path));
    view_free(&v);
    if (same)
      return true;
  }
  sharc_buf b = {0};
  append_indices(&b, path, depth);
  sharc_emit_op_error(op, "buffer output %s is not used in output_operand_alias", b.data);
  sharc_buf_free(&b);
  return false;
}

static bool same_dims(const sharc_i64_vec *a, const sharc_i64_vec *b) {
  return a->len == b->len && (!a->len || !memcmp(a->items, b->items, a->len * sizeof *a->items));
}

/* Two aliases of memref parts name neither the same output part nor the
 * same operand part. */
static bool buffer_used_once(sharc_op *op, const alias_view *prev, const alias_view *alias) {
  bool ok = true;
  sharc_buf b = {0};
  if (same_dims(&prev->out, &alias->out)) {
    SHARC_BUF_LIT(&b, "buffer output ");
    append_indices(&b, alias->out.items, alias->out.len);
    sharc_emit_op_error(op, "%s is used in output_operand_alias more than once", b.data);
    ok = false;
  }
  b.len = 0;
  if (prev->operand_index == alias->operand_index && same_dims(&prev->in, &alias->in)) {
    sharc_buf_printf(&b, "buffer operand %lld", (long long)alias->operand_index);
    append_indices(&b, alias->in.items, alias->in.len);
    sharc_emit_op_error(op, "%s is used in output_operand_alias more than once", b.data);
    ok = false;
  }
  sharc_buf_free(&b);
  return ok;
}

/* verifyKnownCustomCalls. */
static bool verify_buffers(sharc_op *op) {
  unsigned n_in = sharc_op_num_operands(op), n_out = sharc_op_num_results(op);
  if (target_is(op, "CreateBuffer")) {
    if (n_in)
      return fail(op, "CreateBuffer custom_call shouldn't have any inputs");
    if (n_out != 1)
      return fail(op, "CreateBuffer custom_call should have one result");
    if (!is_memref(sharc_value_type(sharc_op_result(op, 0))))
      return fail(op, "CreateBuffer custom_call should have a memref result");
    return true;
  }
  bool pin = target_is(op, "Pin"), unpin = target_is(op, "Unpin");
  if (pin || unpin) {
    const char *who = pin ? "Pin" : "Unpin";
    if (n_in != 1)
      return fail(op, "%s custom_call should have one input", who);
    const sharc_type *in = sharc_value_type(sharc_op_operand(op, 0));
    if (pin ? !is_tensor(in) : !is_memref(in))
      return fail(op, "%s custom_call should have a %s input", who, pin ? "tensor" : "memref");
    if (n_out != 1)
      return fail(op, "%s custom_call should have one output", who);
    const sharc_type *out = sharc_value_type(sharc_op_result(op, 0));
    if (pin ? !is_memref(out) : !is_tensor(out))
      return fail(op, "%s custom_call should have a %s output", who, pin ? "memref" : "tensor");
    if (!compatible_pin_types(in, out))
      return fail(op, "%s custom_call should have compatible input and output types", who);
    return true;
  }
  sharc_attr *aliases = sharc_op_attr(op, "output_operand_aliases");
  if (aliases && aliases->kind != SHARC_ATTR_ARRAY)
    aliases = NULL;
  unsigned n = aliases ? sharc_attr_count(aliases) : 0;
  alias_view *views = sharc_xcalloc(n + 1, sizeof *views);
  sharc_type **parts = sharc_xcalloc(n + 1, sizeof *parts);
  for (unsigned i = 0; i < n; i++)
    if (view_alias(sharc_attr_at(aliases, i), &views[i], false))
      parts[i] = follow(sharc_value_type(sharc_op_operand(op, (unsigned)views[i].operand_index)),
                        &views[i].in);
  bool ok = true;
  for (unsigned i = 0; i < n; i++)
    for (unsigned j = 0; parts[i] && is_memref(parts[i]) && j < i; j++)
      if (parts[j] && is_memref(parts[j]) && !buffer_used_once(op, &views[j], &views[i]))
        ok = false;
  for (unsigned i = 0; i < n; i++)
    view_free(&views[i]);
  free(views);
  free(parts);
  int64_t path[MAX_DEPTH];
  return buffers_aliased(op, output_type(op), path, 0, aliases) && ok;
}

/* MHLO's backend_config check (openxla/xla mhlo/IR/hlo_ops.cc
 * CustomCallOp::verify): only a dictionary for the older API versions or a
 * string for API_VERSION_TYPED_FFI is rejected (ODS rejects other kinds). */
static bool verify_mhlo_backend_config(sharc_op *op) {
  sharc_attr *config = sharc_op_attr(op, "backend_config");
  if (!config)
    return true;
  sharc_attr *version = sharc_op_attr(op, "api_version");
  bool typed_ffi = version && sharc_attr_get_kind(version) == SHARC_ATTR_INTEGER &&
                   sharc_attr_int_value(version) == 4;
  sharc_attr_kind kind = sharc_attr_get_kind(config);
  if (typed_ffi && kind == SHARC_ATTR_STRING)
    return fail(op, "unsupported user-encoded backend config, backend config must be a "
                    "dictionary attribute.");
  if (!typed_ffi && kind == SHARC_ATTR_DICTIONARY)
    return fail(op, "unsupported dictionary attribute backend config, backend config must be a "
                    "user-encoded string attribute.");
  return true;
}

/* mhlo.custom_call shares this verifier: MHLO's CustomCallOp::verify has
 * the layouts and aliases checks, its own backend_config check and no
 * known custom calls (verifyKnownCustomCalls is StableHLO's). */
static bool is_mhlo_op(const sharc_op *op) {
  return strncmp(sharc_op_def_of(op)->name, "mhlo.", 5) == 0;
}

bool sharc_shlo_verify_custom_call(sharc_op *op) {
  if (!verify_layouts(op) || !verify_aliases(op))
    return false;
  if (is_mhlo_op(op))
    return verify_mhlo_backend_config(op);
  return verify_backend_config(op) && verify_buffers(op);
}
