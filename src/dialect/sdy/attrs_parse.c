/* Parsing the sdy attributes with the messages Shardy's parsers (parsers.cc
 * and the ODS-generated ones) emit: a failed nested piece reports its own
 * error, then every enclosing parameter adds "failed to parse X parameter
 * 'y' ...", as MLIR's generated parsers do. */
#include "dialect/sdy/attrs_internal.h"
#include "support/checked.h"
#include "support/ptrmap.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef bool (*parse_fn)(sharc_parser *p, sharc_attr **out);

/* The generated parsers' message for a parameter that failed to parse. */
static bool param_error(sharc_parser *p, const char *attr, const char *param,
                        const char *cpp_type) {
  if (!cpp_type)
    return sharc_p_error_chained(p, "failed to parse %s parameter '%s'", attr, param);
  return sharc_p_error_chained(p, "failed to parse %s parameter '%s' which is to be a `%s`", attr,
                               param, cpp_type);
}

static const sharc_token *tok(sharc_parser *p) { return sharc_p_tok(p); }

/* MLIR's parseCustomAttributeWithFallback: where a syntax holds the bare
 * `<...>` of an attribute, its full form `#sdy.name<...>` or an alias of it
 * is accepted too. */
static bool at_full_form(sharc_parser *p) { return tok(p)->kind == TOK_HASH_ID; }

/* MLIR's AsmParser reports a missing string, integer or keyword at the
 * current token (only punctuation uses the wrong-token placement). */
static bool parse_string(sharc_parser *p, sharc_str *out) {
  if (tok(p)->kind != TOK_STRING)
    return sharc_p_error_at(p, tok(p), "expected string");
  return sharc_p_parse_string(p, out);
}

static bool parse_i64(sharc_parser *p, int64_t *out) {
  const sharc_token *t = tok(p);
  bool minus = sharc_tok_is(t, '-');
  if (!minus && t->kind != TOK_INTEGER)
    return sharc_p_error_at(p, t, "expected integer value");
  return sharc_p_parse_int(p, out);
}

static bool expect_keyword(sharc_parser *p, const char *kw) {
  if (sharc_p_eat_keyword(p, kw))
    return true;
  return sharc_p_error_at(p, tok(p), "expected '%s'", kw);
}

static bool parse_keyword(sharc_parser *p, sharc_str *out) {
  if (tok(p)->kind != TOK_BARE_ID)
    return sharc_p_error_at(p, tok(p), "expected valid keyword");
  return sharc_p_parse_keyword(p, out, "expected valid keyword");
}


/* Non-empty comma-separated list of fields (FieldParser<SmallVector<T>>). */
static bool parse_field_list(sharc_parser *p, const sharc_attr_def *def, parse_fn fn,
                             sharc_ptrvec *out) {
  return sharc_p_parse_attr_comma_list_with_fallback(p, SHARC_P_DELIM_NONE, def, fn, out, NULL);
}

/* `[` (`]`) : (list `]`)? in the generated parsers. */
static bool parse_square_list(sharc_parser *p, const sharc_attr_def *def, parse_fn fn,
                              sharc_ptrvec *out, const char *attr, const char *param,
                              const char *cpp_type) {
  if (!sharc_p_expect(p, '['))
    return false;
  if (sharc_p_eat(p, ']'))
    return true;
  if (!parse_field_list(p, def, fn, out))
    return param_error(p, attr, param, cpp_type);
  return sharc_p_expect(p, ']');
}

static bool parse_i64_element(sharc_parser *p, void *out) {
  int64_t v;
  if (!parse_i64(p, &v))
    return false;
  sharc_ptrvec_push(out, (void *)sdy_i64_word(v));
  return true;
}

static bool parse_i64_list(sharc_parser *p, sharc_ptrvec *out) {
  return sharc_p_parse_comma_list(p, SHARC_P_DELIM_NONE, parse_i64_element, out, NULL);
}

/* ---- meshes -------------------------------------------------------------- */

static bool parse_mesh_axis(sharc_parser *p, sharc_attr **out) {
  sharc_token at = *tok(p);
  sharc_str name;
  int64_t size;
  if (!parse_string(p, &name))
    return param_error(p, "Sdy_MeshAxis", "name", "::llvm::StringRef");
  if (!sharc_p_expect(p, '='))
    return false;
  if (!parse_i64(p, &size))
    return param_error(p, "Sdy_MeshAxis", "size", "int64_t");
  if (size <= 0)
    return sharc_p_error_at(p, &at, "axis size must be at least 1, got: %lld", (long long)size);
  *out = sharc_sdy_mesh_axis_get(sharc_p_context(p), name, size);
  return true;
}

static int cmp_i64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return (x > y) - (x < y);
}

/* MeshAttr::verify, reporting at the attribute's start. */
static bool verify_mesh(sharc_parser *p, const sharc_token *at, sharc_attr *const *axes,
                        unsigned num_axes, const int64_t *ids, unsigned num_ids) {
  for (unsigned i = 0; i < num_ids; i++)
    if (ids[i] < 0)
      return sharc_p_error_at(p, at, "device id must be non-negative, got: %lld",
                              (long long)ids[i]);
  if (!num_axes) {
    if (num_ids > 1)
      return sharc_p_error_at(p, at, "axes is empty and device_ids has more than one element");
    return true;
  }
  /* names are interned: one text, one pointer, so a map finds repeats */
  sharc_ptrmap seen = {0};
  for (unsigned i = 0; i < num_axes; i++) {
    sharc_str n = sharc_sdy_mesh_axis_name(axes[i]);
    if (sharc_ptrmap_get(&seen, n.data)) {
      sharc_ptrmap_free(&seen);
      return sharc_p_error_at(p, at, "duplicate axis name: \"%.*s\"", (int)n.len, n.data);
    }
    sharc_ptrmap_put(&seen, n.data, axes[i]);
  }
  sharc_ptrmap_free(&seen);
  /* Shardy multiplies in int64 unchecked; an overflowing mesh would wrap
   * every size derived from it, so it is refused here. */
  int64_t total = 1;
  for (unsigned i = 0; i < num_axes; i++)
    if (sharc_mul_overflow(total, sharc_sdy_mesh_axis_size(axes[i]), &total)) {
      sharc_str n = sharc_sdy_mesh_axis_name(axes[i]);
      return sharc_p_error_at(p, at, "total product of axis sizes overflows int64 at axis \"%.*s\"",
                              (int)n.len, n.data);
    }
  if (!num_ids)
    return true;
  if (total != (int64_t)num_ids)
    return sharc_p_error_at(p, at,
                            "total product of axis sizes must match total number of device ids, "
                            "got: %lld != %u",
                            (long long)total, num_ids);
  int64_t *sorted =
      sharc_arena_dup(sharc_context_arena(sharc_p_context(p)), ids, num_ids * sizeof *ids);
  qsort(sorted, num_ids, sizeof *sorted, cmp_i64);
  bool iota = true;
  for (unsigned i = 0; i < num_ids; i++)
    iota = iota && sorted[i] == (int64_t)i;
  if (!iota) {
    sharc_buf b = {0};
    for (unsigned i = 0; i < num_ids; i++)
      sharc_buf_printf(&b, "%s%lld", i ? ", " : "", (long long)sorted[i]);
    sharc_p_error_at(p, at, "sorted device ids must be iota(product(axes)), got: %.*s",
                     (int)b.len, b.data);
    sharc_buf_free(&b);
    return false;
  }
  return true;
}

bool sharc_sdy_parse_mesh(sharc_parser *p, sharc_attr **out) {
  if (at_full_form(p))
    return sharc_p_parse_dialect_attr_of(p, &sharc_sdy_mesh_def, out);
  sharc_token at = *tok(p);
  sharc_ptrvec axes = {0}, ids = {0};
  bool ok = sharc_p_expect(p, '<') &&
            parse_square_list(p, &sharc_sdy_mesh_axis_def, parse_mesh_axis, &axes, "Sdy_Mesh",
                              "axes", "::llvm::ArrayRef<MeshAxisAttr>");
  if (ok && sharc_p_eat(p, ',')) {
    ok = expect_keyword(p, "device_ids") && sharc_p_expect(p, '=') && sharc_p_expect(p, '[');
    if (ok && !parse_i64_list(p, &ids))
      ok = param_error(p, "Sdy_Mesh", "device_ids", "::llvm::ArrayRef<int64_t>");
    ok = ok && sharc_p_expect(p, ']');
  }
  ok = ok && sharc_p_expect(p, '>');
  const int64_t *id_vals = (const int64_t *)ids.items;
  ok = ok && verify_mesh(p, &at, (sharc_attr *const *)axes.items, axes.len, id_vals, ids.len);
  if (ok)
    *out = sharc_sdy_mesh_get(sharc_p_context(p), (sharc_attr *const *)axes.items, axes.len,
                              id_vals, ids.len);
  sharc_ptrvec_free(&axes);
  sharc_ptrvec_free(&ids);
  return ok;
}

/* ---- axis refs ----------------------------------------------------------- */

static bool parse_sub_axis_info(sharc_parser *p, sharc_attr **out) {
  int64_t pre, size;
  if (!sharc_p_expect(p, '('))
    return false;
  if (!parse_i64(p, &pre))
    return param_error(p, "Sdy_SubAxisInfo", "pre_size", "int64_t");
  if (!sharc_p_expect(p, ')'))
    return false;
  if (!parse_i64(p, &size))
    return param_error(p, "Sdy_SubAxisInfo", "size", "int64_t");
  *out = sharc_sdy_sub_axis_info_get(sharc_p_context(p), pre, size);
  return true;
}

static bool parse_axis_ref(sharc_parser *p, sharc_attr **out) {
  sharc_str name;
  sharc_attr *sub = NULL;
  if (!parse_string(p, &name))
    return param_error(p, "Sdy_AxisRef", "name", "::llvm::StringRef");
  if (sharc_p_eat(p, ':') &&
      !sharc_p_parse_attr_with_fallback(p, &sharc_sdy_sub_axis_info_def, parse_sub_axis_info, &sub))
    return param_error(p, "Sdy_AxisRef", "sub_axis_info", "SubAxisInfoAttr");
  *out = sharc_sdy_axis_ref_get(sharc_p_context(p), name, sub);
  return true;
}

/* `{` (`}`) : (axes `}`)? of ArrayOfAttr-based axis lists. */
static bool parse_braced_axis_list(sharc_parser *p, sharc_attr **out) {
  sharc_ptrvec refs = {0};
  bool ok = sharc_p_expect(p, '{');
  if (ok && !sharc_p_eat(p, '}')) {
    ok = parse_field_list(p, &sharc_sdy_axis_ref_def, parse_axis_ref, &refs);
    if (!ok)
      param_error(p, "Sdy_AxisRefList", "value", "::llvm::ArrayRef<AxisRefAttr>");
    ok = ok && sharc_p_expect(p, '}');
  }
  if (ok)
    *out =
        sharc_sdy_axis_ref_list_get(sharc_p_context(p), (sharc_attr *const *)refs.items, refs.len);
  sharc_ptrvec_free(&refs);
  return ok;
}

/* ---- dimension shardings ------------------------------------------------- */

static bool all_digits(sharc_str s) {
  for (size_t i = 0; i < s.len; i++)
    if (!isdigit((unsigned char)s.data[i]))
      return false;
  return true;
}

/* Decimal digits to int64; false on overflow (llvm::to_integer). */
static bool digits_to_i64(sharc_str s, int64_t *out) {
  uint64_t v = 0;
  if (!s.len)
    return false;
  for (size_t i = 0; i < s.len; i++) {
    unsigned d = (unsigned)(s.data[i] - '0');
    if (v > ((uint64_t)INT64_MAX - d) / 10)
      return false;
    v = v * 10 + d;
  }
  *out = (int64_t)v;
  return true;
}

/* `p<number>` after a dimension sharding's closing brace. */
static bool parse_priority(sharc_parser *p, int64_t *priority) {
  *priority = -1;
  if (tok(p)->kind != TOK_BARE_ID)
    return true;
  sharc_str s = sharc_tok_str(tok(p));
  sharc_p_next(p);
  sharc_str num = {s.data + 1, s.len - 1};
  if (s.len < 2 || s.data[0] != 'p' || !all_digits(num))
    return sharc_p_error_chained(p, "expecting priority in format 'p<number>', got: %.*s",
                                 (int)s.len, s.data);
  if (num.len > 1 && num.data[0] == '0')
    return sharc_p_error_chained(p, "priorities with leading zeros are not allowed, got: %.*s",
                                 (int)s.len, s.data);
  if (!digits_to_i64(num, priority))
    return sharc_p_error_chained(p, "expecting integer priority, got: %.*s", (int)s.len, s.data);
  return true;
}

static bool parse_dim_sharding(sharc_parser *p, sharc_attr **out) {
  if (!sharc_p_expect(p, '{'))
    return false;
  sharc_ptrvec axes = {0};
  bool closed = true, ok = true;
  while (ok && !sharc_p_eat(p, '}')) {
    if (axes.len && !sharc_p_expect(p, ',')) {
      ok = false;
      break;
    }
    if (sharc_p_eat(p, '?')) {
      closed = false;
      ok = sharc_p_expect(p, '}');
      break;
    }
    sharc_attr *ref;
    ok = parse_axis_ref(p, &ref);
    if (ok)
      sharc_ptrvec_push(&axes, ref);
  }
  int64_t priority = -1;
  ok = ok && parse_priority(p, &priority);
  if (ok)
    *out = sharc_sdy_dim_sharding_get(sharc_p_context(p), (sharc_attr *const *)axes.items, axes.len,
                                      closed, priority);
  sharc_ptrvec_free(&axes);
  return ok;
}

/* ---- tensor shardings ---------------------------------------------------- */

static bool parse_mesh_or_ref(sharc_parser *p, sharc_attr **out) {
  if (sharc_p_eat_keyword(p, "mesh")) {
    if (!sharc_p_parse_attr_with_fallback(p, &sharc_sdy_mesh_def, sharc_sdy_parse_mesh, out))
      return sharc_p_error_chained(p, "failed to parse MeshAttr");
    return true;
  }
  if (!sharc_p_parse_flat_symbol_ref_attr(p, out))
    return sharc_p_error_chained(
        p, "expecting MeshAttr or FlatSymbolRefAttr, got: <<NULL ATTRIBUTE>>");
  return true;
}

/* `{axes}` after `replicated=` / `unreduced=[max|min|sum]` */
static bool parse_axis_list(sharc_parser *p, sharc_ptrvec *out) {
  if (!sharc_p_expect(p, '{'))
    return false;
  if (!parse_field_list(p, &sharc_sdy_axis_ref_def, parse_axis_ref, out))
    return sharc_p_error_chained(p, "failed to parse axis list which is expected to be an "
                                    "`ArrayRef<AxisRefAttr>`");
  return sharc_p_expect(p, '}');
}

static bool parse_unreduced(sharc_parser *p, sharc_ptrvec *unreduced,
                            sharc_sdy_reduction_op *reduction) {
  if (sharc_p_eat(p, '=') && tok(p)->kind == TOK_BARE_ID) {
    int r = sharc_sdy_reduction_op_from_name(sharc_tok_str(tok(p)));
    if (r >= 0) {
      *reduction = (sharc_sdy_reduction_op)r;
      sharc_p_next(p);
    }
  }
  return parse_axis_list(p, unreduced);
}

static bool parse_replicated_and_unreduced(sharc_parser *p, sharc_ptrvec *replicated,
                                           sharc_ptrvec *unreduced,
                                           sharc_sdy_reduction_op *reduction) {
  *reduction = SHARC_SDY_REDUCTION_SUM;
  while (sharc_p_eat(p, ',')) {
    if (!replicated->len && sharc_p_eat_keyword(p, "replicated")) {
      if (!sharc_p_expect(p, '=') || !parse_axis_list(p, replicated))
        return sharc_p_error_chained(
            p, "failed to parse Sdy_TensorSharding parameter 'replicated_axes'");
    } else if (!unreduced->len && sharc_p_eat_keyword(p, "unreduced")) {
      if (!parse_unreduced(p, unreduced, reduction))
        return sharc_p_error_chained(
            p, "failed to parse Sdy_TensorSharding parameter 'unreduced_axes'");
    } else {
      return sharc_p_error_chained(p,
                                   "failed to parse Sdy_TensorSharding, expected valid named axis "
                                   "list after comma");
    }
  }
  return true;
}

static bool parse_tensor_sharding_body(sharc_parser *p, sharc_attr **out) {
  sharc_sdy_tensor_sharding_parts s = {0};
  sharc_ptrvec dims = {0}, repl = {0}, unred = {0};
  bool ok =
      sharc_p_expect(p, '<') && parse_mesh_or_ref(p, &s.mesh_or_ref) && sharc_p_expect(p, ',') &&
      parse_square_list(p, &sharc_sdy_dim_sharding_def, parse_dim_sharding, &dims,
                        "Sdy_TensorSharding", "dim_shardings",
                        "::llvm::ArrayRef<DimensionShardingAttr>") &&
      parse_replicated_and_unreduced(p, &repl, &unred, &s.reduction) && sharc_p_expect(p, '>');
  if (ok) {
    s.dims = (sharc_attr *const *)dims.items;
    s.num_dims = dims.len;
    s.replicated = (sharc_attr *const *)repl.items;
    s.num_replicated = repl.len;
    s.unreduced = (sharc_attr *const *)unred.items;
    s.num_unreduced = unred.len;
    *out = sharc_sdy_tensor_sharding_get(sharc_p_context(p), &s);
  }
  sharc_ptrvec_free(&dims);
  sharc_ptrvec_free(&repl);
  sharc_ptrvec_free(&unred);
  return ok;
}

/* A module repeats the same few shardings: each text is parsed once. */
bool sharc_sdy_parse_tensor_sharding(sharc_parser *p, sharc_attr **out) {
  if (at_full_form(p))
    return sharc_p_parse_dialect_attr_of(p, &sharc_sdy_tensor_sharding_def, out);
  return sharc_p_parse_memoized_body(p, &sharc_sdy_tensor_sharding_def, parse_tensor_sharding_body,
                                     out);
}

static bool parse_list_attr(sharc_parser *p, const sharc_attr_def *list_def,
                            const sharc_attr_def *elem_def, parse_fn fn, const char *attr,
                            const char *param, const char *cpp_type, sharc_attr **out) {
  sharc_ptrvec items = {0};
  bool ok = parse_square_list(p, elem_def, fn, &items, attr, param, cpp_type);
  if (ok) {
    sdy_words b;
    sharc_sdy_words_init(&b);
    for (unsigned i = 0; i < items.len; i++)
      sharc_sdy_words_push(&b, (uintptr_t)items.items[i]);
    *out = sharc_sdy_words_attr(sharc_p_context(p), list_def, &b);
  }
  sharc_ptrvec_free(&items);
  return ok;
}

static bool parse_sharding_per_value_body(sharc_parser *p, sharc_attr **out) {
  return parse_list_attr(p, &sharc_sdy_sharding_per_value_def, &sharc_sdy_tensor_sharding_def,
                         sharc_sdy_parse_tensor_sharding, "Sdy_TensorShardingPerValue", "shardings",
                         "::llvm::ArrayRef<TensorShardingAttr>", out);
}

/* Every op of a sharded module holds one: each text is parsed once. */
bool sharc_sdy_parse_sharding_per_value(sharc_parser *p, sharc_attr **out) {
  if (at_full_form(p))
    return sharc_p_parse_dialect_attr_of(p, &sharc_sdy_sharding_per_value_def, out);
  return sharc_p_parse_memoized_body(p, &sharc_sdy_sharding_per_value_def,
                                     parse_sharding_per_value_body, out);
}

/* The axis names of a manual_axes list so far. */
typedef struct manual_axes {
  sharc_ptrvec names;
  bool element_failed; /* the list stopped at a bad name, not a delimiter */
} manual_axes;

static bool parse_manual_axis(sharc_parser *p, void *state) {
  manual_axes *m = state;
  sharc_attr *s;
  m->element_failed = !sharc_p_parse_untyped_string_attr(p, &s);
  if (!m->element_failed)
    sharc_ptrvec_push(&m->names, s);
  return !m->element_failed;
}

bool sharc_sdy_parse_manual_axes(sharc_parser *p, sharc_attr **out) {
  if (at_full_form(p))
    return sharc_p_parse_dialect_attr_of(p, &sharc_sdy_manual_axes_def, out);
  manual_axes names = {{0}, false};
  bool ok = sharc_p_parse_comma_list(p, SHARC_P_DELIM_BRACES, parse_manual_axis, &names, NULL);
  if (!ok && names.element_failed)
    param_error(p, "Sdy_ManualAxes", "value", "::llvm::ArrayRef<StringAttr>");
  if (ok) {
    sdy_words b;
    sharc_sdy_words_init(&b);
    for (unsigned i = 0; i < names.names.len; i++)
      sharc_sdy_words_push(&b, (uintptr_t)names.names.items[i]);
    *out = sharc_sdy_words_attr(sharc_p_context(p), &sharc_sdy_manual_axes_def, &b);
  }
  sharc_ptrvec_free(&names.names);
  return ok;
}

/* ---- sharding rules ------------------------------------------------------ */

enum { START_AT_Z = 'z' - 'i' };

/* One factor symbol off the front of `s`: `i`..`z`, or `z_<n>`. Like
 * Shardy, an index that overflows is reported but parsing goes on. */
static bool take_factor_symbol(sharc_parser *p, sharc_str *s, int64_t *index) {
  *index = 0;
  if (!(s->len >= 2 && s->data[0] == 'z' && s->data[1] == '_')) {
    char c = s->data[0];
    if (c < 'i' || c > 'z')
      return sharc_p_error_chained(p, "expecting symbol from 'i' to 'z'. Received: '%c'", c);
    s->data++;
    s->len--;
    *index = c - 'i';
    return true;
  }
  size_t end = 2;
  while (end < s->len && isdigit((unsigned char)s->data[end]))
    end++;
  if (end == 2)
    return sharc_p_error_chained(p, "expecting integer after 'z_'. Received: '%.*s'", (int)s->len,
                                 s->data);
  sharc_str num = {s->data + 2, end - 2};
  if (num.data[0] == '0')
    return sharc_p_error_chained(
        p, "expecting positive integer without leading zeros. Received: '%.*s'", (int)num.len,
        num.data);
  int64_t v = 0;
  if (!digits_to_i64(num, &v)) {
    sharc_p_error_chained(p, "expecting symbol index <=2^63-1. Received: '%.*s'", (int)num.len,
                          num.data);
    v = 0;
  }
  s->data += end;
  s->len -= end;
  *index = (int64_t)((uint64_t)v + START_AT_Z);
  return true;
}

static void factor_name(sharc_buf *b, int64_t index) { sharc_sdy_factor_symbol(b, index); }

static bool take_expected_factor(sharc_parser *p, sharc_str *s, int64_t expected) {
  int64_t index = 0;
  if (!take_factor_symbol(p, s, &index))
    return false;
  if (index == expected)
    return true;
  sharc_buf want = {0}, got = {0};
  factor_name(&want, expected);
  factor_name(&got, index);
  sharc_p_error_chained(
      p,
      "expecting factor indices to be ordered like an iota ([0,1,2,...], e.g. {i=#, "
      "j=#, ...}). Expecting factor index symbol '%.*s', received: '%.*s'",
      (int)want.len, want.data, (int)got.len, got.data);
  sharc_buf_free(&want);
  sharc_buf_free(&got);
  return false;
}

static bool parse_dim_mapping(sharc_parser *p, sharc_attr **out) {
  sharc_ptrvec factors = {0};
  bool ok = true;
  if (tok(p)->kind == TOK_BARE_ID) {
    sharc_str s = sharc_tok_str(tok(p));
    sharc_p_next(p);
    while (ok && s.len) {
      int64_t index = 0;
      ok = take_factor_symbol(p, &s, &index);
      if (ok)
        sharc_ptrvec_push(&factors, (void *)sdy_i64_word(index));
    }
  }
  if (ok) {
    sdy_words b;
    sharc_sdy_words_init(&b);
    for (unsigned i = 0; i < factors.len; i++)
      sharc_sdy_words_push(&b, (uintptr_t)factors.items[i]);
    *out = sharc_sdy_words_attr(sharc_p_context(p), &sharc_sdy_dim_mapping_def, &b);
  }
  sharc_ptrvec_free(&factors);
  return ok;
}

static bool parse_tensor_mapping(sharc_parser *p, sharc_attr **out) {
  return parse_list_attr(p, &sharc_sdy_tensor_mapping_def, &sharc_sdy_dim_mapping_def,
                         parse_dim_mapping, "Sdy_TensorMapping", "dim_mappings",
                         "::llvm::ArrayRef<DimMappingAttr>", out);
}

/* `(`$mappings`)`: the list inside is not optional. */
static bool parse_mappings(sharc_parser *p, sharc_ptrvec *out, const char *param) {
  if (!sharc_p_expect(p, '('))
    return false;
  if (!parse_field_list(p, &sharc_sdy_tensor_mapping_def, parse_tensor_mapping, out))
    return param_error(p, "Sdy_OpShardingRule", param, "::llvm::ArrayRef<TensorMappingAttr>");
  return sharc_p_expect(p, ')');
}

/* MLIR's parseCommaSeparatedList with Delimiter::OptionalBraces. */
static bool parse_optional_braces(sharc_parser *p, sharc_p_element_fn fn, void *ctx) {
  return sharc_p_parse_comma_list(p, SHARC_P_DELIM_OPTIONAL_BRACES, fn, ctx, NULL);
}

static bool parse_factor_size(sharc_parser *p, void *ctx) {
  sharc_ptrvec *sizes = ctx;
  sharc_str sym;
  if (!parse_keyword(p, &sym))
    return false;
  if (!take_expected_factor(p, &sym, sizes->len))
    return false;
  if (sym.len)
    return sharc_p_error_chained(p, "expecting single factor symbol: %.*s", (int)sym.len, sym.data);
  int64_t size;
  if (!sharc_p_expect(p, '=') || !parse_i64(p, &size))
    return false;
  sharc_ptrvec_push(sizes, (void *)sdy_i64_word(size));
  return true;
}

static bool parse_special_factor(sharc_parser *p, void *ctx) {
  sharc_ptrvec *factors = ctx;
  sharc_str sym;
  int64_t index = 0;
  if (!parse_keyword(p, &sym) || !take_factor_symbol(p, &sym, &index))
    return false;
  sharc_ptrvec_push(factors, (void *)sdy_i64_word(index));
  return true;
}

static const char *const special_keywords[] = {"reduction", "need_replication", "permutation",
                                               "blocked_propagation"};

static int64_t *ptrvec_i64(sharc_parser *p, const sharc_ptrvec *v) {
  int64_t *out =
      sharc_arena_alloc(sharc_context_arena(sharc_p_context(p)), (v->len + 1) * sizeof *out);
  for (unsigned i = 0; i < v->len; i++)
    out[i] = sdy_word_i64((uintptr_t)v->items[i]);
  return out;
}

bool sharc_sdy_parse_op_sharding_rule(sharc_parser *p, sharc_attr **out) {
  if (at_full_form(p))
    return sharc_p_parse_dialect_attr_of(p, &sharc_sdy_op_sharding_rule_def, out);
  sharc_ptrvec operands = {0}, results = {0}, sizes = {0}, special[4] = {{0}};
  bool custom = false;
  bool ok = parse_mappings(p, &operands, "operand_mappings") && sharc_p_expect_arrow(p) &&
            parse_mappings(p, &results, "result_mappings") &&
            parse_optional_braces(p, parse_factor_size, &sizes);
  for (unsigned k = 0; ok && k < 4; k++)
    if (sharc_p_eat_keyword(p, special_keywords[k]))
      ok = sharc_p_expect(p, '=') && parse_optional_braces(p, parse_special_factor, &special[k]);
  if (ok && sharc_p_eat(p, ','))
    ok = custom = expect_keyword(p, "custom");
  if (ok) {
    sharc_sdy_rule_parts r = {
        .factor_sizes = ptrvec_i64(p, &sizes),
        .num_factors = sizes.len,
        .operands = (sharc_attr *const *)operands.items,
        .num_operands = operands.len,
        .results = (sharc_attr *const *)results.items,
        .num_results = results.len,
        .is_custom = custom,
    };
    for (unsigned k = 0; k < 4; k++) {
      r.special[k] = ptrvec_i64(p, &special[k]);
      r.num_special[k] = special[k].len;
    }
    *out = sharc_sdy_op_sharding_rule_get(sharc_p_context(p), &r);
  }
  sharc_ptrvec_free(&operands);
  sharc_ptrvec_free(&results);
  sharc_ptrvec_free(&sizes);
  for (unsigned k = 0; k < 4; k++)
    sharc_ptrvec_free(&special[k]);
  return ok;
}

/* ---- collectives and propagation edges ----------------------------------- */

static bool parse_all_to_all_param(sharc_parser *p, sharc_attr **out) {
  sharc_ptrvec axes = {0};
  int64_t src = 0, tgt = 0;
  bool ok = sharc_p_expect(p, '{');
  if (ok && !parse_field_list(p, &sharc_sdy_axis_ref_def, parse_axis_ref, &axes))
    ok = param_error(p, "Sdy_AllToAllParamAttr", "axes", "::llvm::ArrayRef<AxisRefAttr>");
  ok = ok && sharc_p_expect(p, '}') && sharc_p_expect(p, ':');
  if (ok && !parse_i64(p, &src))
    ok = param_error(p, "Sdy_AllToAllParamAttr", "src_dim", "int64_t");
  ok = ok && sharc_p_expect_arrow(p);
  if (ok && !parse_i64(p, &tgt))
    ok = param_error(p, "Sdy_AllToAllParamAttr", "tgt_dim", "int64_t");
  if (ok)
    *out = sharc_sdy_all_to_all_param_get(sharc_p_context(p), (sharc_attr *const *)axes.items,
                                          axes.len, src, tgt);
  sharc_ptrvec_free(&axes);
  return ok;
}

static bool parse_edge_value_ref(sharc_parser *p, sharc_attr **out) {
  int type =
      tok(p)->kind == TOK_BARE_ID ? sharc_sdy_edge_node_type_from_name(sharc_tok_str(tok(p))) : -1;
  if (type < 0) {
    sharc_p_error_chained(p, "expected ::mlir::sdy::EdgeNodeType to be one of: operand, result");
    return param_error(p, "Sdy_EdgeValueRef", "type", "::mlir::sdy::EdgeNodeType");
  }
  sharc_p_next(p);
  int64_t index = 0;
  if (!sharc_p_expect(p, '-'))
    return false;
  if (!parse_i64(p, &index))
    return param_error(p, "Sdy_EdgeValueRef", "index", "int64_t");
  *out = sharc_sdy_edge_value_ref_get(sharc_p_context(p), (sharc_sdy_edge_node_type)type, index);
  return true;
}

static bool parse_axis_details(sharc_parser *p, sharc_attr **out) {
  sharc_attr *axis, *source;
  sharc_ptrvec targets = {0};
  bool ok = sharc_p_expect(p, '{');
  if (ok && !sharc_p_parse_attr_with_fallback(p, &sharc_sdy_axis_ref_def, parse_axis_ref, &axis))
    ok = param_error(p, "Sdy_AxisToPropagationDetails", "axis_name", "AxisRefAttr");
  ok = ok && sharc_p_expect(p, '=');
  if (ok && !sharc_p_parse_attr_with_fallback(p, &sharc_sdy_edge_value_ref_def, parse_edge_value_ref, &source))
    ok = param_error(p, "Sdy_AxisToPropagationDetails", "source", "EdgeValueRefAttr");
  ok = ok && sharc_p_expect_arrow(p) && sharc_p_expect(p, '[');
  if (ok && !parse_field_list(p, &sharc_sdy_edge_value_ref_def, parse_edge_value_ref, &targets))
    ok = param_error(p, "Sdy_AxisToPropagationDetails", "targets",
                     "::llvm::ArrayRef<EdgeValueRefAttr>");
  ok = ok && sharc_p_expect(p, ']') && sharc_p_expect(p, '}');
  if (ok)
    *out = sharc_sdy_axis_to_propagation_details_get(
        sharc_p_context(p), axis, source, (sharc_attr *const *)targets.items, targets.len);
  sharc_ptrvec_free(&targets);
  return ok;
}

static bool parse_one_step(sharc_parser *p, sharc_attr **out) {
  sharc_ptrvec entries = {0};
  int64_t step = 0;
  bool ok = sharc_p_expect(p, '{') && expect_keyword(p, "step") && sharc_p_expect(p, '-');
  if (ok && !parse_i64(p, &step))
    ok = param_error(p, "Sdy_PropagationOneStep", "step_index", "int64_t");
  ok = ok && sharc_p_expect(p, '=') && sharc_p_expect(p, '[');
  if (ok && !parse_field_list(p, &sharc_sdy_axis_to_propagation_details_def, parse_axis_details,
                              &entries))
    ok = param_error(p, "Sdy_PropagationOneStep", "axis_entries",
                     "::llvm::ArrayRef<AxisToPropagationDetailsAttr>");
  ok = ok && sharc_p_expect(p, ']') && sharc_p_expect(p, '}');
  if (ok)
    *out = sharc_sdy_propagation_one_step_get(sharc_p_context(p), step,
                                              (sharc_attr *const *)entries.items, entries.len);
  sharc_ptrvec_free(&entries);
  return ok;
}

/* ---- the dialect hook ----------------------------------------------------- */

static bool parse_angled(sharc_parser *p, parse_fn fn, sharc_attr **out) {
  return sharc_p_expect(p, '<') && fn(p, out) && sharc_p_expect(p, '>');
}

static bool parse_sharding_per_value_attr(sharc_parser *p, sharc_attr **out) {
  return parse_angled(p, sharc_sdy_parse_sharding_per_value, out);
}

static bool parse_rule_attr(sharc_parser *p, sharc_attr **out) {
  return parse_angled(p, sharc_sdy_parse_op_sharding_rule, out);
}

static bool parse_edges_body(sharc_parser *p, sharc_attr **out) {
  sharc_ptrvec steps = {0};
  bool ok = sharc_p_expect(p, '[');
  if (ok && !parse_field_list(p, &sharc_sdy_propagation_one_step_def, parse_one_step, &steps))
    ok =
        param_error(p, "Sdy_PropagationEdges", "value", "::llvm::ArrayRef<PropagationOneStepAttr>");
  ok = ok && sharc_p_expect(p, ']');
  if (ok)
    *out = sharc_sdy_propagation_edges_get(sharc_p_context(p), (sharc_attr *const *)steps.items,
                                           steps.len);
  sharc_ptrvec_free(&steps);
  return ok;
}

/* PropagationEdgesAttr::verify, reported where the attribute starts. */
static bool verify_edges(sharc_parser *p, const sharc_token *at, const sharc_attr *edges) {
  sharc_ptrmap seen = {0};
  bool ok = true;
  for (unsigned s = 0; ok && s < sharc_sdy_list_size(edges); s++) {
    const sharc_attr *step = sharc_sdy_list_at(edges, s);
    int64_t index = sharc_sdy_propagation_one_step_index(step);
    if (index < 0) {
      ok = sharc_p_error_at(p, at, "propagation edges have negative step index: %lld",
                            (long long)index);
      break;
    }
    /* the key is offset by one: a map key may not be 0 */
    void *key = (void *)(uintptr_t)(index + 1);
    if (sharc_ptrmap_get(&seen, key)) {
      ok = sharc_p_error_at(p, at, "propagation edges have duplicate step index: %lld",
                            (long long)index);
      break;
    }
    sharc_ptrmap_put(&seen, key, (void *)1);
    for (unsigned k = 0; ok && k < sharc_sdy_list_size(step); k++) {
      const sharc_attr *entry = sharc_sdy_list_at(step, k);
      const sharc_attr *source = sharc_sdy_axis_to_propagation_details_source(entry);
      unsigned n = sharc_sdy_list_size(entry);
      sharc_ptrmap targets = {0};
      for (unsigned t = 0; ok && t < n; t++) {
        sharc_attr *target = sharc_sdy_list_at(entry, t);
        /* attributes are uniqued: equal values are one pointer */
        if (target == source) {
          ok = sharc_p_error_at(p, at, "propagation edges have a source that is the same as a "
                                       "target");
        } else if (sharc_ptrmap_get(&targets, target)) {
          sharc_str axis =
              sharc_sdy_axis_ref_name(sharc_sdy_axis_to_propagation_details_axis(entry));
          ok = sharc_p_error_at(p, at,
                                "propagation edges have duplicate targets for step index: %lld "
                                "and axis: %.*s",
                                (long long)index, (int)axis.len, axis.data);
        }
        sharc_ptrmap_put(&targets, target, target);
      }
      sharc_ptrmap_free(&targets);
    }
  }
  sharc_ptrmap_free(&seen);
  return ok;
}

static bool parse_edges_attr(sharc_parser *p, sharc_attr **out) {
  sharc_token at = *tok(p);
  return parse_angled(p, parse_edges_body, out) && verify_edges(p, &at, *out);
}

static bool parse_list_of_axis_ref_lists(sharc_parser *p, sharc_attr **out) {
  return parse_list_attr(p, &sharc_sdy_list_of_axis_ref_lists_def, &sharc_sdy_axis_ref_list_def,
                         parse_braced_axis_list, "Sdy_ListOfAxisRefLists", "value",
                         "::llvm::ArrayRef<AxisRefListAttr>", out);
}

static bool parse_all_to_all_param_list(sharc_parser *p, sharc_attr **out) {
  return parse_list_attr(p, &sharc_sdy_all_to_all_param_list_def, &sharc_sdy_all_to_all_param_def,
                         parse_all_to_all_param, "Sdy_AllToAllParamList", "value",
                         "::llvm::ArrayRef<AllToAllParamAttr>", out);
}

typedef struct mnemonic_parser {
  const char *name;
  parse_fn fn;
} mnemonic_parser;

static const mnemonic_parser mnemonic_parsers[] = {
    {"mesh", sharc_sdy_parse_mesh},
    {"sharding", sharc_sdy_parse_tensor_sharding},
    {"sharding_per_value", parse_sharding_per_value_attr},
    {"op_sharding_rule", parse_rule_attr},
    {"propagation_edges", parse_edges_attr},
    {"manual_axes", sharc_sdy_parse_manual_axes},
    {"axis_ref_list", parse_braced_axis_list},
    {"list_of_axis_ref_lists", parse_list_of_axis_ref_lists},
    {"all_to_all_param_list", parse_all_to_all_param_list},
    {"mesh_axis", parse_mesh_axis},
    {"sub_axis_info", parse_sub_axis_info},
    {"axis_ref", parse_axis_ref},
    {"dimension_sharding", parse_dim_sharding},
    {"dim_mapping", parse_dim_mapping},
    {"tensor_mapping", parse_tensor_mapping},
    {"all_to_all_param", parse_all_to_all_param},
    {"edge_value_ref", parse_edge_value_ref},
    {"axis_to_propagation_details", parse_axis_details},
    {"propagation_one_step", parse_one_step},
};

static bool parse_by_mnemonic(sharc_parser *p, sharc_str mnemonic, sharc_attr **out) {
  for (size_t i = 0; i < sizeof mnemonic_parsers / sizeof mnemonic_parsers[0]; i++)
    if (sharc_str_eq_cstr(mnemonic, mnemonic_parsers[i].name))
      return mnemonic_parsers[i].fn(p, out);
  sharc_token at = sharc_p_mnemonic_tok(p, mnemonic);
  return sharc_p_error_at(p, &at, "unknown attribute `%.*s` in dialect `sdy`", (int)mnemonic.len,
                          mnemonic.data);
}

/* `#sdy.mnemonic...` or the verbose `#sdy<mnemonic...>`. */
sharc_attr *sharc_sdy_parse_attr_hook(sharc_parser *p, sharc_str mnemonic, sharc_type *type) {
  (void)type;
  sharc_attr *a = NULL;
  if (mnemonic.len)
    return parse_by_mnemonic(p, mnemonic, &a) ? a : NULL;
  sharc_str name;
  if (!sharc_p_expect(p, '<') || !parse_keyword(p, &name) || !parse_by_mnemonic(p, name, &a) ||
      !sharc_p_expect(p, '>'))
    return NULL;
  return a;
}
