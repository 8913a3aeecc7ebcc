/* Element access, element arithmetic support and op building shared by
 * StableHLO's aggressive folder and simplification patterns. Dense
 * attributes hold one word an element for ints and floats up to 64 bits,
 * ints masked to their width; a splat holds one element. */
#include "transforms/stablehlo/shlo_fold.h"

#include "ir/ir_internal.h"
#include "ir/op_values.h"
#include "support/apfloat.h"
#include "rewrite/create_op.h"
#include "support/xalloc.h"

#include <stdlib.h>
#include <string.h>

sharc_attr *sharc_shlo_const_attr(sharc_value *v) {
  sharc_op *d = sharc_value_defining_op(v);
  if (!d || !sharc_op_has_trait(d, SHARC_TRAIT_CONSTANT_LIKE))
    return NULL;
  sharc_attr *a = sharc_op_constant_value(d);
  if (!a || sharc_attr_get_kind(a) != SHARC_ATTR_DENSE_ELEMENTS)
    return NULL;
  return a;
}

sharc_attr *sharc_shlo_splat_attr(sharc_value *v) {
  sharc_attr *a = sharc_shlo_const_attr(v);
  return a && sharc_dense_splat(a) ? a : NULL;
}

bool sharc_shlo_defined_by(sharc_value *v, const sharc_op_def *def) {
  sharc_op *d = sharc_value_defining_op(v);
  return d && sharc_op_isa(d, def);
}

uint64_t sharc_shlo_elem(const sharc_attr *a, size_t i) {
  return sharc_dense_splat(a) ? sharc_dense_raw(a)[0] : sharc_dense_raw(a)[i];
}

bool sharc_shlo_is_int(const sharc_type *elem) {
  return elem && sharc_type_get_kind(elem) == SHARC_TYPE_INTEGER && sharc_type_int_width(elem) <= 64;
}

bool sharc_shlo_scalar_elem(const sharc_type *elem) {
  if (sharc_shlo_is_int(elem))
    return true;
  return elem && sharc_type_is_float(elem) && sharc_type_bit_width(elem) <= 64;
}

bool sharc_shlo_is_unsigned(const sharc_type *elem) {
  return sharc_type_int_signedness(elem) == SHARC_UNSIGNED;
}

uint64_t sharc_shlo_int_mask(const sharc_type *elem) {
  unsigned w = sharc_type_int_width(elem);
  return w >= 64 ? ~0ull : ((1ull << w) - 1);
}

int64_t sharc_shlo_sext(const sharc_type *elem, uint64_t bits) {
  unsigned w = sharc_type_int_width(elem);
  if (w >= 64 || w == 0)
    return (int64_t)bits;
  uint64_t sign = 1ull << (w - 1);
  bits &= (sign << 1) - 1;
  return (int64_t)((bits ^ sign) - sign);
}

double sharc_shlo_to_double(const sharc_type *elem, uint64_t bits) {
  return sharc_float_to_double(sharc_type_float_kind(elem), bits, 0);
}

bool sharc_shlo_from_double(const sharc_type *elem, double v, uint64_t *bits) {
  uint64_t hi = 0;
  return sharc_float_from_double(sharc_type_float_kind(elem), v, bits, &hi);
}

sharc_attr *sharc_shlo_make_elems(sharc_context *ctx, sharc_type *type, const uint64_t *words,
                                  size_t n) {
  bool all_same = n > 0;
  for (size_t i = 1; i < n && all_same; i++)
    all_same = words[i] == words[0];
  return sharc_attr_dense_elements(ctx, type, words, all_same ? 1 : n, all_same);
}

sharc_attr *sharc_shlo_make_splat(sharc_context *ctx, sharc_type *type, const uint64_t *elem,
                                  unsigned wps) {
  if (sharc_type_num_elements(type) == 0)
    return sharc_attr_dense_elements(ctx, type, NULL, 0, false);
  return sharc_attr_dense_elements(ctx, type, elem, wps, true);
}

sharc_attr *sharc_shlo_resize_splat(sharc_context *ctx, const sharc_attr *a, sharc_type *type) {
  return sharc_shlo_make_splat(ctx, type, sharc_dense_raw(a), (unsigned)sharc_dense_nwords(a));
}

sharc_attr *sharc_shlo_zero_attr(sharc_context *ctx, sharc_type *type) {
  sharc_type *elem = sharc_type_element(type);
  if (!elem || !sharc_type_is_shaped(type) || !sharc_type_has_rank(type))
    return NULL;
  uint64_t zero[4] = {0};
  if (sharc_type_get_kind(elem) == SHARC_TYPE_COMPLEX) {
    sharc_type *part = sharc_type_element(elem);
    if (!part || !sharc_type_is_float(part))
      return NULL;
    return sharc_shlo_make_splat(ctx, type, zero, 2 * sharc_type_scalar_words(part));
  }
  if (!sharc_type_is_float(elem) && sharc_type_get_kind(elem) != SHARC_TYPE_INTEGER &&
      sharc_type_get_kind(elem) != SHARC_TYPE_INDEX)
    return NULL;
  return sharc_shlo_make_splat(ctx, type, zero, sharc_type_scalar_words(elem));
}

sharc_op *sharc_shlo_create(sharc_rewriter *rw, const char *name, sharc_attr *loc,
                            sharc_value *const *operands, unsigned n, sharc_type *const *types,
                            unsigned n_types, const sharc_named_attr *attrs, unsigned n_attrs) {
  return sharc_rw_create_named(rw, name, loc, operands, n, types, n_types,
                               n_attrs ? sharc_attr_dictionary(rw->ctx, attrs, n_attrs) : NULL, 0);
}

sharc_value *sharc_shlo_constant(sharc_rewriter *rw, sharc_attr *loc, sharc_attr *value) {
  sharc_type *t = sharc_attr_type(value);
  sharc_named_attr a = {sharc_ident_get(rw->ctx, SHARC_STR("value")), value};
  return sharc_op_result(sharc_shlo_create(rw, "stablehlo.constant", loc, NULL, 0, &t, 1, &a, 1),
                         0);
}

void sharc_shlo_replace_with_constant(sharc_rewriter *rw, sharc_op *op, sharc_attr *value) {
  sharc_rw_set_before(rw, op);
  sharc_value *c = sharc_shlo_constant(rw, sharc_op_loc(op), value);
  sharc_rw_replace_op(rw, op, &c, 1);
}

void sharc_shlo_replace_with_value(sharc_rewriter *rw, sharc_op *op, sharc_value *v) {
  sharc_rw_replace_op(rw, op, &v, 1);
}

bool sharc_shlo_replace_with_operands(sharc_rewriter *rw, sharc_op *op, sharc_op *from, unsigned n) {
  sharc_value **vals = sharc_op_operand_values(from);
  sharc_rw_replace_op(rw, op, vals, n);
  free(vals);
  return true;
}

bool sharc_shlo_replace_with_selected(sharc_rewriter *rw, sharc_op *op, sharc_type *type,
                                      int64_t n, const sharc_attr *pred,
                                      const sharc_attr *on_true, const sharc_attr *on_false) {
  uint64_t *out = sharc_xmalloc_array((size_t)n + 1, sizeof *out);
  for (int64_t i = 0; i < n; i++)
    out[i] = (sharc_shlo_elem(pred, (size_t)i) & 1) ? sharc_shlo_elem(on_true, (size_t)i)
                                                    : sharc_shlo_elem(on_false, (size_t)i);
  sharc_attr *r = sharc_shlo_make_elems(rw->ctx, type, out, (size_t)n);
  free(out);
  sharc_shlo_replace_with_constant(rw, op, r);
  return true;
}

bool sharc_shlo_defined_in(sharc_value *v, const sharc_region *region) {
  sharc_op *d = sharc_value_defining_op(v);
  return (d ? sharc_op_parent_region(d) : sharc_block_region(sharc_value_owner_block(v))) == region;
}

sharc_op *sharc_shlo_replace_with_new(sharc_rewriter *rw, sharc_op *op, const char *name,
                                      sharc_value *const *operands, unsigned n, sharc_type *type,
                                      const sharc_named_attr *attrs, unsigned n_attrs) {
  sharc_rw_set_before(rw, op);
  sharc_op *made = sharc_shlo_create(rw, name, sharc_op_loc(op), operands, n, &type, 1, attrs,
                                     n_attrs);
  sharc_rw_replace_op_with_op(rw, op, made);
  return made;
}

static bool discardable(const sharc_op *op, const sharc_ident *name) {
  const sharc_op_def *def = sharc_op_get_def(op);
  return !def || !sharc_op_def_is_inherent(def, name);
}

/* The frontend attributes merged: dest's, overwritten by source's but for
 * an xla_metadata_payload dest has. */
static sharc_attr *merge_frontend(sharc_context *ctx, sharc_attr *dest, sharc_attr *source) {
  unsigned nd = sharc_attr_count(dest), ns = sharc_attr_count(source);
  sharc_named_attr *all = sharc_xmalloc_array(nd + ns + 1, sizeof *all);
  memcpy(all, sharc_attr_dict_entries(dest), nd * sizeof *all);
  unsigned n = nd;
  const sharc_named_attr *src = sharc_attr_dict_entries(source);
  for (unsigned i = 0; i < ns; i++) {
    bool payload = sharc_str_eq(sharc_ident_str(src[i].name), SHARC_STR("xla_metadata_payload"));
    if (payload && sharc_attr_dict_get_ident(dest, src[i].name))
      continue;
    all[n++] = src[i]; /* a repeated name keeps the last value */
  }
  sharc_attr *merged = sharc_attr_dictionary(ctx, all, n);
  free(all);
  return merged;
}

void sharc_shlo_merge_discardable(sharc_rewriter *rw, sharc_op *source, sharc_op *dest) {
  if (!source || !dest)
    return;
  sharc_attr *src = sharc_op_attrs(source);
  const sharc_named_attr *e = sharc_attr_dict_entries(src);
  bool changed = false;
  for (unsigned i = 0; i < sharc_attr_count(src); i++) {
    if (!discardable(source, e[i].name))
      continue;
    sharc_attr *value = e[i].value;
    sharc_str name = sharc_ident_str(e[i].name);
    sharc_attr *existing = sharc_attr_dict_get_ident(sharc_op_attrs(dest), e[i].name);
    if (sharc_str_eq(name, SHARC_STR("mhlo.frontend_attributes")) && existing &&
        sharc_attr_get_kind(existing) == SHARC_ATTR_DICTIONARY &&
        sharc_attr_get_kind(value) == SHARC_ATTR_DICTIONARY)
      value = merge_frontend(rw->ctx, existing, value);
    char buf[256];
    if (name.len >= sizeof buf)
      continue;
    memcpy(buf, name.data, name.len);
    buf[name.len] = 0;
    sharc_op_set_attr(dest, buf, value);
    changed = true;
  }
  if (changed)
    sharc_rw_modified(rw, dest);
}

bool sharc_shlo_static(const sharc_type *t) {
  return t && sharc_type_get_kind(t) == SHARC_TYPE_TENSOR && sharc_type_num_elements(t) >= 0;
}

bool sharc_shlo_is_iota(const sharc_attr *dims) {
  if (!dims || sharc_attr_get_kind(dims) != SHARC_ATTR_DENSE_ARRAY)
    return false;
  for (unsigned i = 0; i < sharc_attr_count(dims); i++)
    if (sharc_attr_dense_array_i64(dims, i) != (int64_t)i)
      return false;
  return true;
}
