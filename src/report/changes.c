/* The user's shardings and what the pipeline made of them. Before the
 * pipeline runs, every function's argument and result shardings are
 * recorded on the module; the report compares each with the sharding the
 * argument or result ended with and, for each of the user's axes that is
 * gone or narrowed, names the step of Shardy's pipeline that does that
 * and why: the criteria are those of the passes (a dimension the axes do
 * not divide, a sub-axis on an open dimension, a size-one axis), so a
 * change none of them explains was made by propagation itself. */
#include "report/report_internal.h"

#include "dialect/func/func.h"
#include "dialect/sdy/utils.h"

#include <inttypes.h>
#include <stdio.h>

#define USER_SHARDINGS_ATTR "sharc.user_shardings"

/* ---- the record ------------------------------------------------------------- */

/* An array of the `n` shardings `get` gives, a unit for none. */
static sharc_attr *side_record(sharc_context *ctx, sharc_op *func, unsigned n,
                               sharc_attr *(*get)(const sharc_op *, unsigned)) {
  SHARC_VEC(sharc_attr *) items = {0};
  for (unsigned i = 0; i < n; i++) {
    sharc_attr *s = get(func, i);
    sharc_vec_push(&items, s && sharc_sdy_is_tensor_sharding(s) ? s : sharc_attr_unit(ctx));
  }
  sharc_attr *a = sharc_attr_array(ctx, items.items, items.len);
  sharc_vec_free(&items);
  return a;
}

void sharc_report_record_user_shardings(sharc_op *module) {
  sharc_context *ctx = sharc_op_context(module);
  SHARC_VEC(sharc_named_attr) funcs = {0};
  sharc_block *body = sharc_report_module_body(module);
  for (sharc_op *op = body ? sharc_block_first_op(body) : NULL; op; op = sharc_op_next(op)) {
    if (!sharc_op_isa(op, &sharc_func_func_def) || sharc_func_is_declaration(op))
      continue;
    sharc_attr *sides[2] = {
        side_record(ctx, op, sharc_func_num_args(op), sharc_sdy_func_arg_sharding),
        side_record(ctx, op, sharc_func_num_results(op), sharc_sdy_func_result_sharding)};
    sharc_named_attr e = {sharc_ident_get(ctx, sharc_op_symbol_name(op)),
                          sharc_attr_array(ctx, sides, 2)};
    sharc_vec_push(&funcs, e);
  }
  if (funcs.len)
    sharc_op_set_attr(module, USER_SHARDINGS_ATTR,
                      sharc_attr_dictionary(ctx, funcs.items, funcs.len));
  sharc_vec_free(&funcs);
}

void sharc_report_forget_user_shardings(sharc_op *module) {
  if (sharc_op_attr(module, USER_SHARDINGS_ATTR))
    sharc_op_set_attr(module, USER_SHARDINGS_ATTR, NULL);
}

const sharc_attr *sharc_report_user_record(sharc_op *module) {
  return sharc_op_attr(module, USER_SHARDINGS_ATTR);
}

/* The record is read back from the module, which anyone may have written. */
static bool is_array(const sharc_attr *a) { return a && sharc_attr_get_kind(a) == SHARC_ATTR_ARRAY; }

const sharc_attr *sharc_report_user_side(const sharc_report *r, const sharc_op *func,
                                         bool results) {
  if (!r->user_record || sharc_attr_get_kind(r->user_record) != SHARC_ATTR_DICTIONARY)
    return NULL;
  sharc_ident *name = sharc_ident_get(sharc_op_context(r->module), sharc_op_symbol_name(func));
  const sharc_attr *sides = sharc_attr_dict_get_ident(r->user_record, name);
  if (!is_array(sides) || sharc_attr_count(sides) != 2)
    return NULL;
  const sharc_attr *side = sharc_attr_at(sides, results ? 1 : 0);
  return is_array(side) ? side : NULL;
}

/* ---- the comparison ------------------------------------------------------------ */

typedef SHARC_VEC(sharc_report_axis_change) change_vec;

typedef struct comparison {
  sharc_report *r;
  const sharc_report_value *e;
  const sharc_attr *mesh;
  change_vec out;
  sharc_buf text;
} comparison;

static const char *axis_text(comparison *c, const sharc_attr *ref) {
  c->text.len = 0;
  sharc_attr *a = (sharc_attr *)ref;
  sharc_report_axes_text(&a, 1, &c->text);
  return sharc_report_strdup(c->r, c->text.data, c->text.len);
}

static void add(comparison *c, int dim, const sharc_attr *axis, const char *kept,
                const char *reason, const char *detail) {
  sharc_report_axis_change ch = {dim, axis_text(c, axis), kept ? kept : "", reason,
                                 sharc_report_strdup(c->r, detail, strlen(detail))};
  sharc_vec_push(&c->out, ch);
}

static bool same_name(const sharc_attr *a, const sharc_attr *b) {
  return sharc_str_eq(sharc_sdy_axis_ref_name(a), sharc_sdy_axis_ref_name(b));
}

static bool dim_has(const sharc_attr *dim, const sharc_attr *axis) {
  for (unsigned i = 0; dim && i < sharc_sdy_dim_sharding_num_axes(dim); i++)
    if (sharc_sdy_dim_sharding_axis(dim, i) == axis)
      return true;
  return false;
}

static int64_t axis_size(const comparison *c, const sharc_attr *axis) {
  return c->mesh ? sharc_sdy_axis_ref_size(axis, c->mesh) : -1;
}

/* Why the pipeline lost `axis`, the first of the user's axes on dimension
 * `d` it did not keep; `product` is the shards of the axes up to it. */
static const char *first_reason(comparison *c, const sharc_attr *udim, unsigned d,
                                const sharc_attr *axis, int64_t product, const char *kept,
                                char *detail, size_t cap) {
  const sharc_report_value *e = c->e;
  int64_t size = d < e->rank && e->shape ? e->shape[d] : -1;
  if (size >= 0 && product > 0 && size % product != 0) {
    const char *a = axis_text(c, axis);
    if (*kept)
      snprintf(detail, cap,
               "dimension %u (size %" PRId64 ") does not divide into %" PRId64
               " shards; export keeps %s, the part of %s that divides it",
               d, size, product, kept, a);
    else
      snprintf(detail, cap,
               "dimension %u (size %" PRId64 ") does not divide into %" PRId64
               " shards; export drops %s",
               d, size, product, a);
    return "not_divisible";
  }
  if (sharc_sdy_axis_ref_sub_axis_info(axis) && !sharc_sdy_dim_sharding_is_closed(udim)) {
    snprintf(detail, cap,
             "a sub-axis on an open dimension of a function's argument or result: export "
             "removes it and the axes after it");
    return "sub_axis";
  }
  if (sharc_sdy_dim_sharding_has_priority(udim)) {
    snprintf(detail, cap,
             "propagation replaced it: the user's sharding had priority p%" PRId64
             " and a higher-priority one won",
             sharc_sdy_dim_sharding_priority(udim));
    return "priority";
  }
  snprintf(detail, cap, "propagation did not keep it: a conflicting sharding won");
  return "conflict";
}

/* The user's axes of dimension `d` against what the dimension has now. */
static void compare_dim(comparison *c, unsigned d, const sharc_attr *udim, const sharc_attr *now) {
  char detail[256];
  unsigned fn = now ? sharc_sdy_dim_sharding_num_axes(now) : 0, k = 0;
  int64_t product = 1;
  const char *reason = NULL; /* once an axis is lost, the ones after it go with it */
  for (unsigned i = 0; i < sharc_sdy_dim_sharding_num_axes(udim); i++) {
    const sharc_attr *axis = sharc_sdy_dim_sharding_axis(udim, i);
    int64_t s = axis_size(c, axis);
    if (s == 1) {
      if (!dim_has(now, axis))
        add(c, (int)d, axis, "", "size_one_axis",
            "an axis of size 1 splits nothing: the import removes it");
      continue;
    }
    product = s > 0 && product <= INT64_MAX / s ? product * s : -1;
    if (!reason && k < fn && sharc_sdy_dim_sharding_axis(now, k) == axis) {
      k++;
      continue;
    }
    if (reason) {
      if (!dim_has(now, axis)) {
        snprintf(detail, sizeof detail, "it followed an axis the pipeline cut (%s)", reason);
        add(c, (int)d, axis, "", reason, detail);
      }
      continue;
    }
    const sharc_attr *left = k < fn ? sharc_sdy_dim_sharding_axis(now, k) : NULL;
    const char *kept = left && same_name(left, axis) && sharc_sdy_axis_ref_sub_axis_info(left)
                           ? axis_text(c, left)
                           : "";
    reason = first_reason(c, udim, d, axis, product, kept, detail, sizeof detail);
    add(c, (int)d, axis, kept, reason, detail);
  }
}

static bool unreduced_has(const sharc_attr *s, const sharc_attr *axis) {
  for (unsigned i = 0; s && i < sharc_sdy_tensor_sharding_num_unreduced(s); i++)
    if (sharc_sdy_tensor_sharding_unreduced(s, i) == axis)
      return true;
  return false;
}

void sharc_report_note_change(sharc_report *r, const sharc_report_value *e,
                              const sharc_attr *user) {
  if (!user || !sharc_sdy_is_tensor_sharding(user) || user == e->sharding)
    return;
  comparison c = {0};
  c.r = r;
  c.e = e;
  c.mesh = sharc_report_mesh(r, user, e->func);
  const sharc_attr *now = e->sharding;
  unsigned rank = sharc_sdy_tensor_sharding_rank(user);
  unsigned now_rank = now ? sharc_sdy_tensor_sharding_rank(now) : 0;
  for (unsigned d = 0; d < rank; d++)
    compare_dim(&c, d, sharc_sdy_tensor_sharding_dim(user, d),
                d < now_rank ? sharc_sdy_tensor_sharding_dim(now, d) : NULL);
  for (unsigned i = 0; i < sharc_sdy_tensor_sharding_num_unreduced(user); i++) {
    const sharc_attr *axis = sharc_sdy_tensor_sharding_unreduced(user, i);
    if (unreduced_has(now, axis))
      continue;
    if (axis_size(&c, axis) == 1)
      add(&c, -1, axis, "", "size_one_axis",
          "an axis of size 1 splits nothing: the import removes it");
    else
      add(&c, -1, axis, "", "conflict", "propagation did not keep this unreduced axis");
  }
  if (c.out.len) {
    sharc_report_axis_change *axes =
        sharc_arena_alloc(&r->arena, c.out.len * sizeof *axes);
    memcpy(axes, c.out.items, c.out.len * sizeof *axes);
    c.text.len = 0;
    sharc_report_partition_spec(user, &c.text);
    sharc_report_change ch = {e, sharc_report_strdup(r, c.text.data, c.text.len), c.out.len,
                              axes};
    sharc_vec_push(&r->changes, ch);
  }
  sharc_vec_free(&c.out);
  sharc_buf_free(&c.text);
}

/* ---- access ---------------------------------------------------------------------- */

unsigned sharc_report_num_changes(const sharc_report *r) { return r->changes.len; }

const sharc_report_change *sharc_report_change_at(const sharc_report *r, unsigned i) {
  return i < r->changes.len ? &r->changes.items[i] : NULL;
}

const sharc_report_change *sharc_report_change_of(const sharc_report *r, const sharc_op *func,
                                                  sharc_report_value_kind kind, unsigned index) {
  for (unsigned i = 0; i < r->changes.len; i++) {
    const sharc_report_value *v = r->changes.items[i].value;
    if (v->func == func && v->kind == kind && v->index == index)
      return &r->changes.items[i];
  }
  return NULL;
}
