/* Inherent attributes of the generic form checked as MLIR's parser turns
 * them into properties (see parse_props.h). */
#include "asm/parse_props.h"

#include <string.h>

static sharc_attr *builder_attr(const sharc_op_builder *b, const char *name) {
  for (unsigned i = 0; i < b->num_attrs; i++)
    if (!strcmp(b->attrs[i].name->data, name))
      return b->attrs[i].value;
  return NULL;
}

/* How many of the first `n` of `props` there are (a NULL ends them). */
static unsigned count_props(const sharc_prop_spec *const *props, unsigned n) {
  unsigned k = 0;
  while (k < n && props[k])
    k++;
  return k;
}

/* The `k` properties in name order (MLIR's generated code visits them so),
 * into `out`, which has room for them. */
static void sorted_props(const sharc_prop_spec *const *props, unsigned k,
                         const sharc_prop_spec **out) {
  for (unsigned i = 0; i < k; i++) {
    unsigned j = i;
    for (; j > 0 && strcmp(out[j - 1]->name, props[i]->name) > 0; j--)
      out[j] = out[j - 1];
    out[j] = props[i];
  }
}

void sharc_p_fill_prop_defaults(sharc_parser *p, sharc_op_builder *b,
                                const sharc_prop_spec *const *props, unsigned n) {
  for (unsigned i = 0; i < n && props[i]; i++)
    if (props[i]->fallback && !builder_attr(b, props[i]->name))
      sharc_builder_set_attr(p, b, props[i]->name, props[i]->fallback(sharc_p_context(p)));
}

static sharc_token name_token(sharc_parser *p, const sharc_op_builder *b) {
  sharc_token at = *sharc_p_tok(p);
  at.line = b->loc_line;
  at.col = b->loc_col;
  return at;
}

/* Whether `a` casts to the storage of property `spec`. */
static bool converts(const sharc_prop_spec *spec, const sharc_attr *a) {
  return spec->storage_ok ? spec->storage_ok(a) : spec->ok(a);
}

bool sharc_p_props_error(sharc_parser *p, const sharc_op_builder *b, const char *why) {
  sharc_buf d = {0};
  sharc_print_attr(b->props, &d);
  sharc_token at = name_token(p, b);
  sharc_p_error_at(p, &at, "invalid properties %s for op %s: %s", d.data, b->name->data, why);
  sharc_buf_free(&d);
  return false;
}

/* `<{...}>`: setPropertiesFromAttr rejects a value of the wrong kind with
 * the whole dictionary in the message. */
static bool check_props_dict(sharc_parser *p, sharc_op_builder *b, const sharc_prop_spec *spec) {
  sharc_attr *a = sharc_attr_dict_get(b->props, spec->name);
  if (!a || converts(spec, a))
    return true;
  sharc_buf v = {0}, why = {0};
  sharc_print_attr(a, &v);
  sharc_buf_printf(&why, "Invalid attribute `%s` in property conversion: %s", spec->name, v.data);
  sharc_p_props_error(p, b, why.data);
  sharc_buf_free(&v);
  sharc_buf_free(&why);
  return false;
}

/* A `{...}` value of the wrong kind next to a `<{...}>`: the op does not
 * keep it. Whether one was dropped. */
static bool drop_wrong_kind(sharc_op_builder *b, const sharc_prop_spec *spec) {
  unsigned k = 0;
  for (unsigned i = 0; i < b->num_attrs; i++)
    if (strcmp(b->attrs[i].name->data, spec->name) || converts(spec, b->attrs[i].value))
      b->attrs[k++] = b->attrs[i];
  bool dropped = k != b->num_attrs;
  b->num_attrs = k;
  return dropped;
}

bool sharc_p_check_props(sharc_parser *p, sharc_op_builder *b, const sharc_prop_spec *const *props,
                         unsigned n) {
  unsigned k = count_props(props, n);
  const sharc_prop_spec *sorted[8];
  if (k > sizeof sorted / sizeof sorted[0])
    k = sizeof sorted / sizeof sorted[0];
  sorted_props(props, k, sorted);
  bool dropped[8] = {false};
  for (unsigned i = 0; b->props && i < k; i++)
    if (!check_props_dict(p, b, sorted[i]))
      return false;
  for (unsigned i = 0; b->props && i < k; i++)
    dropped[i] = drop_wrong_kind(b, sorted[i]);
  for (unsigned i = 0; !b->props && i < k; i++) {
    sharc_attr *a = builder_attr(b, sorted[i]->name);
    if (!a || sorted[i]->ok(a))
      continue;
    sharc_token at = name_token(p, b);
    return sharc_p_error_at(p, &at, "'%s' op attribute '%s' failed to satisfy constraint: %s",
                            b->name->data, sorted[i]->name, sorted[i]->what);
  }
  for (unsigned i = 0; i < k; i++)
    if (!dropped[i])
      sharc_p_fill_prop_defaults(p, b, &sorted[i], 1);
  return true;
}
