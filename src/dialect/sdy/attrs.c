/* The sdy attribute definitions and the C API that builds and reads them
 * (include/sharc/sdy.h). Layouts are described in attrs_internal.h. */
#include "dialect/sdy/attrs_internal.h"
#include "ir/created_defs.h"
#include "support/checked.h"
#include "support/xalloc.h"

#include <stdlib.h>
#include <string.h>

_Static_assert(sizeof(uintptr_t) >= sizeof(int64_t), "sdy attributes keep int64 in words");
_Static_assert(sizeof(uintptr_t) == sizeof(sharc_attr *), "attribute lists are copied as words");

/* ---- word builders ------------------------------------------------------- */

void sharc_sdy_words_init(sdy_words *b) {
  b->w = b->small;
  b->n = 0;
  b->cap = sizeof b->small / sizeof b->small[0];
}

void sharc_sdy_words_reserve(sdy_words *b, unsigned more) {
  if (more <= b->cap - b->n)
    return;
  unsigned cap = b->cap * 2;
  while (more > cap - b->n)
    cap *= 2;
  b->w = sharc_xgrow_small(b->w, b->small, b->n, cap, sizeof *b->w);
  b->cap = cap;
}

void sharc_sdy_words_seg(sdy_words *b, const uintptr_t *items, unsigned n) {
  sharc_sdy_words_reserve(b, n + 1);
  b->w[b->n++] = n;
  if (n)
    memcpy(b->w + b->n, items, (size_t)n * sizeof *items);
  b->n += n;
}

void sharc_sdy_words_free(sdy_words *b) {
  if (b->w != b->small)
    free(b->w);
  sharc_sdy_words_init(b);
}

sharc_attr *sharc_sdy_words_attr(sharc_context *ctx, const sharc_attr_def *def, sdy_words *b) {
  sharc_attr *a = sharc_attr_dialect(ctx, def, b->w, b->n, NULL);
  sharc_sdy_words_free(b);
  return a;
}

uintptr_t sharc_sdy_attr_word(const sharc_attr *a, unsigned i) { return a->params.words[i]; }

sdy_seg sharc_sdy_attr_seg(const sharc_attr *a, unsigned fixed, unsigned k) {
  const uintptr_t *w = a->params.words + fixed;
  for (unsigned i = 0; i < k; i++)
    w += 1 + w[0];
  return (sdy_seg){w + 1, (unsigned)w[0]};
}

bool sharc_sdy_attr_segs_equal(const sharc_attr *a, const sharc_attr *b, unsigned fixed,
                               unsigned k) {
  sdy_seg x = sharc_sdy_attr_seg(a, fixed, k), y = sharc_sdy_attr_seg(b, fixed, k);
  return x.n == y.n && (!x.n || !memcmp(x.w, y.w, x.n * sizeof *x.w));
}

static void push_attrs(sdy_words *b, sharc_attr *const *items, unsigned n) {
  sharc_sdy_words_seg(b, (const uintptr_t *)items, n);
}

static void push_ints(sdy_words *b, const int64_t *items, unsigned n) {
  sharc_sdy_words_push(b, n);
  for (unsigned i = 0; i < n; i++)
    sharc_sdy_words_push(b, sdy_i64_word(items[i]));
}

/* ---- definitions --------------------------------------------------------- */

static void walk_sdy_attr(const sharc_attr *a, const sharc_subelement_fns *fns);

#define SDY_DEF(var, mnemonic)                                                                     \
  const sharc_attr_def var = {                                                                     \
      .name = mnemonic,                                                                            \
      .dialect = &sharc_sdy_dialect,                                                               \
      .print = sharc_sdy_print_attr_body,                                                          \
      .may_alias = sharc_attr_never_alias,                                                                       \
      .walk = walk_sdy_attr,                                                                       \
  }

SDY_DEF(sharc_sdy_mesh_axis_def, "mesh_axis");
SDY_DEF(sharc_sdy_mesh_def, "mesh");
SDY_DEF(sharc_sdy_sub_axis_info_def, "sub_axis_info");
SDY_DEF(sharc_sdy_axis_ref_def, "axis_ref");
SDY_DEF(sharc_sdy_axis_ref_list_def, "axis_ref_list");
SDY_DEF(sharc_sdy_list_of_axis_ref_lists_def, "list_of_axis_ref_lists");
SDY_DEF(sharc_sdy_dim_sharding_def, "dimension_sharding");
SDY_DEF(sharc_sdy_tensor_sharding_def, "sharding");
SDY_DEF(sharc_sdy_sharding_per_value_def, "sharding_per_value");
SDY_DEF(sharc_sdy_manual_axes_def, "manual_axes");
SDY_DEF(sharc_sdy_dim_mapping_def, "dim_mapping");
SDY_DEF(sharc_sdy_tensor_mapping_def, "tensor_mapping");
SDY_DEF(sharc_sdy_op_sharding_rule_def, "op_sharding_rule");
SDY_DEF(sharc_sdy_all_to_all_param_def, "all_to_all_param");
SDY_DEF(sharc_sdy_all_to_all_param_list_def, "all_to_all_param_list");
SDY_DEF(sharc_sdy_edge_value_ref_def, "edge_value_ref");
SDY_DEF(sharc_sdy_axis_to_propagation_details_def, "axis_to_propagation_details");
SDY_DEF(sharc_sdy_propagation_one_step_def, "propagation_one_step");
SDY_DEF(sharc_sdy_propagation_edges_def, "propagation_edges");

const sharc_attr_def *const sharc_sdy_attr_defs[] = {
    &sharc_sdy_mesh_axis_def,
    &sharc_sdy_mesh_def,
    &sharc_sdy_sub_axis_info_def,
    &sharc_sdy_axis_ref_def,
    &sharc_sdy_axis_ref_list_def,
    &sharc_sdy_list_of_axis_ref_lists_def,
    &sharc_sdy_dim_sharding_def,
    &sharc_sdy_tensor_sharding_def,
    &sharc_sdy_sharding_per_value_def,
    &sharc_sdy_manual_axes_def,
    &sharc_sdy_dim_mapping_def,
    &sharc_sdy_tensor_mapping_def,
    &sharc_sdy_op_sharding_rule_def,
    &sharc_sdy_all_to_all_param_def,
    &sharc_sdy_all_to_all_param_list_def,
    &sharc_sdy_edge_value_ref_def,
    &sharc_sdy_axis_to_propagation_details_def,
    &sharc_sdy_propagation_one_step_def,
    &sharc_sdy_propagation_edges_def,
    NULL,
};

static bool is(const sharc_attr *a, const sharc_attr_def *def) {
  return a && a->kind == SHARC_ATTR_DIALECT && sharc_attr_def_of(a) == def;
}

/* ---- sub-elements ---------------------------------------------------------
 * Which words of each def hold attributes (a tensor sharding's mesh or
 * symbol reference among them); the others hold integers and identifiers. */

static void report_words(const uintptr_t *w, unsigned n, const sharc_subelement_fns *f) {
  for (unsigned i = 0; i < n; i++)
    if (w[i] && f->attr)
      f->attr((sharc_attr *)w[i], f->user);
}

static void report_seg(const sharc_attr *a, unsigned fixed, unsigned k,
                       const sharc_subelement_fns *f) {
  sdy_seg s = sharc_sdy_attr_seg(a, fixed, k);
  report_words(s.w, s.n, f);
}

/* Defs whose words after the fixed ones are all element attributes. */
static bool is_attr_list(const sharc_attr_def *d) {
  return d == &sharc_sdy_axis_ref_list_def || d == &sharc_sdy_list_of_axis_ref_lists_def ||
         d == &sharc_sdy_dim_sharding_def || d == &sharc_sdy_sharding_per_value_def ||
         d == &sharc_sdy_manual_axes_def || d == &sharc_sdy_tensor_mapping_def ||
         d == &sharc_sdy_all_to_all_param_def || d == &sharc_sdy_all_to_all_param_list_def ||
         d == &sharc_sdy_propagation_one_step_def || d == &sharc_sdy_propagation_edges_def;
}

static void walk_sdy_attr(const sharc_attr *a, const sharc_subelement_fns *f) {
  const sharc_attr_def *d = sharc_attr_def_of(a);
  const uintptr_t *w = a->params.words;
  if (d == &sharc_sdy_mesh_def) {
    report_seg(a, 0, 0, f);
  } else if (d == &sharc_sdy_axis_ref_def) {
    report_words(w + 1, 1, f);
  } else if (d == &sharc_sdy_tensor_sharding_def) {
    report_words(w, 1, f);
    for (unsigned k = 0; k < 3; k++)
      report_seg(a, 2, k, f);
  } else if (d == &sharc_sdy_op_sharding_rule_def) {
    report_seg(a, 1, SHARC_SDY_RULE_OPERANDS, f);
    report_seg(a, 1, SHARC_SDY_RULE_RESULTS, f);
  } else if (d == &sharc_sdy_axis_to_propagation_details_def) {
    report_words(w, a->params.n, f);
  } else if (is_attr_list(d)) {
    unsigned fixed = sharc_sdy_list_fixed_words(a);
    report_words(w + fixed, a->params.n - fixed, f);
  }
}

/* ---- lists --------------------------------------------------------------- */

/* Leading fixed words of list-like attributes; the rest are the elements. */
unsigned sharc_sdy_list_fixed_words(const sharc_attr *a) {
  if (sharc_attr_def_of(a) == &sharc_sdy_dim_sharding_def)
    return 3;
  if (sharc_attr_def_of(a) == &sharc_sdy_all_to_all_param_def ||
      sharc_attr_def_of(a) == &sharc_sdy_axis_to_propagation_details_def)
    return 2;
  if (sharc_attr_def_of(a) == &sharc_sdy_propagation_one_step_def)
    return 1;
  return 0;
}

unsigned sharc_sdy_list_size(const sharc_attr *list) {
  return list->params.n - sharc_sdy_list_fixed_words(list);
}

sharc_attr *const *sharc_sdy_list_items(const sharc_attr *list) {
  return (sharc_attr *const *)list->params.words + sharc_sdy_list_fixed_words(list);
}

sharc_attr *sharc_sdy_list_at(const sharc_attr *list, unsigned i) {
  return (sharc_attr *)list->params.words[sharc_sdy_list_fixed_words(list) + i];
}

int64_t sharc_sdy_list_int_at(const sharc_attr *list, unsigned i) {
  return sdy_word_i64(list->params.words[sharc_sdy_list_fixed_words(list) + i]);
}

static sharc_attr *list_get(sharc_context *ctx, const sharc_attr_def *def, const uintptr_t *fixed,
                            unsigned num_fixed, sharc_attr *const *items, unsigned n) {
  sdy_words b;
  sharc_sdy_words_init(&b);
  for (unsigned i = 0; i < num_fixed; i++)
    sharc_sdy_words_push(&b, fixed[i]);
  for (unsigned i = 0; i < n; i++)
    sharc_sdy_words_push(&b, (uintptr_t)items[i]);
  return sharc_sdy_words_attr(ctx, def, &b);
}

/* ---- meshes -------------------------------------------------------------- */

sharc_attr *sharc_sdy_mesh_axis_get(sharc_context *ctx, sharc_str name, int64_t size) {
  uintptr_t w[2] = {(uintptr_t)sharc_ident_get(ctx, name), sdy_i64_word(size)};
  return sharc_attr_dialect(ctx, &sharc_sdy_mesh_axis_def, w, 2, NULL);
}
bool sharc_sdy_is_mesh_axis(const sharc_attr *a) { return is(a, &sharc_sdy_mesh_axis_def); }
sharc_str sharc_sdy_mesh_axis_name(const sharc_attr *axis) {
  return sharc_ident_str((const sharc_ident *)axis->params.words[0]);
}
int64_t sharc_sdy_mesh_axis_size(const sharc_attr *axis) {
  return sdy_word_i64(axis->params.words[1]);
}

static bool is_iota(const int64_t *ids, unsigned n, int64_t total) {
  if ((int64_t)n != total)
    return false;
  for (unsigned i = 0; i < n; i++)
    if (ids[i] != (int64_t)i)
      return false;
  return true;
}

sharc_attr *sharc_sdy_mesh_get(sharc_context *ctx, sharc_attr *const *axes, unsigned num_axes,
                               const int64_t *device_ids, unsigned num_device_ids) {
  int64_t total = 1;
  for (unsigned i = 0; i < num_axes; i++)
    total = sharc_mul_wrap(total, sharc_sdy_mesh_axis_size(axes[i]));
  if (num_axes && is_iota(device_ids, num_device_ids, total))
    num_device_ids = 0;
  sdy_words b;
  sharc_sdy_words_init(&b);
  push_attrs(&b, axes, num_axes);
  push_ints(&b, device_ids, num_device_ids);
  return sharc_sdy_words_attr(ctx, &sharc_sdy_mesh_def, &b);
}

bool sharc_sdy_is_mesh(const sharc_attr *a) { return is(a, &sharc_sdy_mesh_def); }
unsigned sharc_sdy_mesh_num_axes(const sharc_attr *mesh) { return sharc_sdy_attr_seg(mesh, 0, 0).n; }
sharc_attr *sharc_sdy_mesh_axis(const sharc_attr *mesh, unsigned i) {
  return (sharc_attr *)sharc_sdy_attr_seg(mesh, 0, 0).w[i];
}
unsigned sharc_sdy_mesh_num_device_ids(const sharc_attr *mesh) {
  return sharc_sdy_attr_seg(mesh, 0, 1).n;
}
int64_t sharc_sdy_mesh_device_id(const sharc_attr *mesh, unsigned i) {
  return sdy_word_i64(sharc_sdy_attr_seg(mesh, 0, 1).w[i]);
}

int sharc_sdy_mesh_axis_index(const sharc_attr *mesh, sharc_str axis_name) {
  sdy_seg axes = sharc_sdy_attr_seg(mesh, 0, 0);
  for (unsigned i = 0; i < axes.n; i++)
    if (sharc_str_eq(sharc_sdy_mesh_axis_name((const sharc_attr *)axes.w[i]), axis_name))
      return (int)i;
  return -1;
}

int64_t sharc_sdy_mesh_size_of(const sharc_attr *mesh, sharc_str axis_name) {
  int i = sharc_sdy_mesh_axis_index(mesh, axis_name);
  return i < 0 ? -1 : sharc_sdy_mesh_axis_size(sharc_sdy_mesh_axis(mesh, (unsigned)i));
}

int64_t sharc_sdy_mesh_total_size(const sharc_attr *mesh) {
  /* the parser refuses meshes whose product overflows; one built in code
   * wraps rather than overflowing into undefined behaviour */
  int64_t total = 1;
  for (unsigned i = 0; i < sharc_sdy_mesh_num_axes(mesh); i++)
    total = sharc_mul_wrap(total, sharc_sdy_mesh_axis_size(sharc_sdy_mesh_axis(mesh, i)));
  return total;
}

bool sharc_sdy_mesh_is_maximal(const sharc_attr *mesh) {
  return sharc_sdy_mesh_num_axes(mesh) == 0 && sharc_sdy_mesh_num_device_ids(mesh) == 1;
}

bool sharc_sdy_mesh_is_empty(const sharc_attr *mesh) {
  return sharc_sdy_mesh_num_axes(mesh) == 0 && sharc_sdy_mesh_num_device_ids(mesh) == 0;
}

/* ---- axis refs ----------------------------------------------------------- */

sharc_attr *sharc_sdy_sub_axis_info_get(sharc_context *ctx, int64_t pre_size, int64_t size) {
  uintptr_t w[2] = {sdy_i64_word(pre_size), sdy_i64_word(size)};
  return sharc_attr_dialect(ctx, &sharc_sdy_sub_axis_info_def, w, 2, NULL);
}
bool sharc_sdy_is_sub_axis_info(const sharc_attr *a) { return is(a, &sharc_sdy_sub_axis_info_def); }
int64_t sharc_sdy_sub_axis_info_pre_size(const sharc_attr *info) {
  return sdy_word_i64(info->params.words[0]);
}
int64_t sharc_sdy_sub_axis_info_size(const sharc_attr *info) {
  return sdy_word_i64(info->params.words[1]);
}

sharc_attr *sharc_sdy_axis_ref_get(sharc_context *ctx, sharc_str name, sharc_attr *sub_axis_info) {
  uintptr_t w[2] = {(uintptr_t)sharc_ident_get(ctx, name), (uintptr_t)sub_axis_info};
  return sharc_attr_dialect(ctx, &sharc_sdy_axis_ref_def, w, 2, NULL);
}
bool sharc_sdy_is_axis_ref(const sharc_attr *a) { return is(a, &sharc_sdy_axis_ref_def); }
sharc_str sharc_sdy_axis_ref_name(const sharc_attr *ref) {
  return sharc_ident_str((const sharc_ident *)ref->params.words[0]);
}
sharc_attr *sharc_sdy_axis_ref_sub_axis_info(const sharc_attr *ref) {
  return (sharc_attr *)ref->params.words[1];
}

sharc_attr *sharc_sdy_axis_ref_list_get(sharc_context *ctx, sharc_attr *const *refs, unsigned n) {
  return list_get(ctx, &sharc_sdy_axis_ref_list_def, NULL, 0, refs, n);
}
bool sharc_sdy_is_axis_ref_list(const sharc_attr *a) { return is(a, &sharc_sdy_axis_ref_list_def); }
sharc_attr *sharc_sdy_list_of_axis_ref_lists_get(sharc_context *ctx, sharc_attr *const *lists,
                                                 unsigned n) {
  return list_get(ctx, &sharc_sdy_list_of_axis_ref_lists_def, NULL, 0, lists, n);
}
bool sharc_sdy_is_list_of_axis_ref_lists(const sharc_attr *a) {
  return is(a, &sharc_sdy_list_of_axis_ref_lists_def);
}

/* ---- shardings ----------------------------------------------------------- */

const char sharc_sdy_dim_priority_made = 1;

sharc_attr *sharc_sdy_dim_sharding_get(sharc_context *ctx, sharc_attr *const *axes, unsigned n,
                                       bool is_closed, int64_t priority) {
  if (priority >= 0)
    sharc_context_note_fact(ctx, &sharc_sdy_dim_priority_made);
  uintptr_t fixed[3] = {is_closed, priority >= 0, sdy_i64_word(priority < 0 ? 0 : priority)};
  return list_get(ctx, &sharc_sdy_dim_sharding_def, fixed, 3, axes, n);
}
bool sharc_sdy_is_dim_sharding(const sharc_attr *a) { return is(a, &sharc_sdy_dim_sharding_def); }
unsigned sharc_sdy_dim_sharding_num_axes(const sharc_attr *dim) { return sharc_sdy_list_size(dim); }
sharc_attr *sharc_sdy_dim_sharding_axis(const sharc_attr *dim, unsigned i) {
  return sharc_sdy_list_at(dim, i);
}
bool sharc_sdy_dim_sharding_is_closed(const sharc_attr *dim) { return dim->params.words[0] != 0; }
bool sharc_sdy_dim_sharding_has_priority(const sharc_attr *dim) {
  return dim->params.words[1] != 0;
}
int64_t sharc_sdy_dim_sharding_priority(const sharc_attr *dim) {
  return sharc_sdy_dim_sharding_has_priority(dim) ? sdy_word_i64(dim->params.words[2]) : -1;
}

const char sharc_sdy_unreduced_axes_made = 1;
const char sharc_sdy_inline_mesh_sharding_made = 1;

sharc_attr *sharc_sdy_tensor_sharding_get(sharc_context *ctx,
                                          const sharc_sdy_tensor_sharding_parts *parts) {
  sdy_words b;
  sharc_sdy_words_init(&b);
  sharc_sdy_words_push(&b, (uintptr_t)parts->mesh_or_ref);
  sharc_sdy_words_push(&b, (uintptr_t)parts->reduction);
  push_attrs(&b, parts->dims, parts->num_dims);
  push_attrs(&b, parts->replicated, parts->num_replicated);
  push_attrs(&b, parts->unreduced, parts->num_unreduced);
  if (parts->num_unreduced)
    sharc_context_note_fact(ctx, &sharc_sdy_unreduced_axes_made);
  if (is(parts->mesh_or_ref, &sharc_sdy_mesh_def))
    sharc_context_note_fact(ctx, &sharc_sdy_inline_mesh_sharding_made);
  return sharc_sdy_words_attr(ctx, &sharc_sdy_tensor_sharding_def, &b);
}
bool sharc_sdy_is_tensor_sharding(const sharc_attr *a) {
  return is(a, &sharc_sdy_tensor_sharding_def);
}

void sharc_sdy_tensor_sharding_parts_of(const sharc_attr *sharding,
                                        sharc_sdy_tensor_sharding_parts *out) {
  sdy_seg dims = sharc_sdy_attr_seg(sharding, 2, 0), repl = sharc_sdy_attr_seg(sharding, 2, 1),
          unred = sharc_sdy_attr_seg(sharding, 2, 2);
  out->mesh_or_ref = (sharc_attr *)sharding->params.words[0];
  out->reduction = (sharc_sdy_reduction_op)sharding->params.words[1];
  out->dims = (sharc_attr *const *)dims.w;
  out->num_dims = dims.n;
  out->replicated = (sharc_attr *const *)repl.w;
  out->num_replicated = repl.n;
  out->unreduced = (sharc_attr *const *)unred.w;
  out->num_unreduced = unred.n;
}

sharc_attr *sharc_sdy_tensor_sharding_mesh_or_ref(const sharc_attr *sharding) {
  return sdy_sharding_mesh_or_ref(sharding);
}
sharc_str sharc_sdy_tensor_sharding_mesh_name(const sharc_attr *sharding) {
  const sharc_attr *m = sharc_sdy_tensor_sharding_mesh_or_ref(sharding);
  if (m->kind != SHARC_ATTR_SYMBOL_REF)
    return (sharc_str){"", 0};
  return sharc_ident_str(sharc_attr_symbol_root(m));
}
unsigned sharc_sdy_tensor_sharding_rank(const sharc_attr *sharding) {
  return sharc_sdy_attr_seg(sharding, 2, 0).n;
}
sharc_attr *sharc_sdy_tensor_sharding_dim(const sharc_attr *sharding, unsigned i) {
  return (sharc_attr *)sharc_sdy_attr_seg(sharding, 2, 0).w[i];
}
unsigned sharc_sdy_tensor_sharding_num_replicated(const sharc_attr *sharding) {
  return sharc_sdy_attr_seg(sharding, 2, 1).n;
}
sharc_attr *sharc_sdy_tensor_sharding_replicated(const sharc_attr *sharding, unsigned i) {
  return (sharc_attr *)sharc_sdy_attr_seg(sharding, 2, 1).w[i];
}
unsigned sharc_sdy_tensor_sharding_num_unreduced(const sharc_attr *sharding) {
  return sharc_sdy_attr_seg(sharding, 2, 2).n;
}
sharc_attr *sharc_sdy_tensor_sharding_unreduced(const sharc_attr *sharding, unsigned i) {
  return (sharc_attr *)sharc_sdy_attr_seg(sharding, 2, 2).w[i];
}
sharc_sdy_reduction_op sharc_sdy_tensor_sharding_reduction(const sharc_attr *sharding) {
  return (sharc_sdy_reduction_op)sharding->params.words[1];
}

sharc_attr *sharc_sdy_sharding_per_value_get(sharc_context *ctx, sharc_attr *const *shardings,
                                             unsigned n) {
  /* a one-result op's list: propagation writes one for each op it shards */
  if (n == 1)
    return sharc_attr_dialect_one_word(ctx, &sharc_sdy_sharding_per_value_def,
                                       (uintptr_t)shardings[0]);
  return list_get(ctx, &sharc_sdy_sharding_per_value_def, NULL, 0, shardings, n);
}
bool sharc_sdy_is_sharding_per_value(const sharc_attr *a) {
  return is(a, &sharc_sdy_sharding_per_value_def);
}

sharc_attr *sharc_sdy_manual_axes_get(sharc_context *ctx, const sharc_str *names, unsigned n) {
  sdy_words b;
  sharc_sdy_words_init(&b);
  for (unsigned i = 0; i < n; i++)
    sharc_sdy_words_push(&b, (uintptr_t)sharc_attr_string(ctx, names[i]));
  return sharc_sdy_words_attr(ctx, &sharc_sdy_manual_axes_def, &b);
}
bool sharc_sdy_is_manual_axes(const sharc_attr *a) { return is(a, &sharc_sdy_manual_axes_def); }

/* ---- sharding rules ------------------------------------------------------ */

sharc_attr *sharc_sdy_dim_mapping_get(sharc_context *ctx, const int64_t *factors, unsigned n) {
  sdy_words b;
  sharc_sdy_words_init(&b);
  for (unsigned i = 0; i < n; i++)
    sharc_sdy_words_push(&b, sdy_i64_word(factors[i]));
  return sharc_sdy_words_attr(ctx, &sharc_sdy_dim_mapping_def, &b);
}
bool sharc_sdy_is_dim_mapping(const sharc_attr *a) { return is(a, &sharc_sdy_dim_mapping_def); }
sharc_attr *sharc_sdy_tensor_mapping_get(sharc_context *ctx, sharc_attr *const *dims, unsigned n) {
  return list_get(ctx, &sharc_sdy_tensor_mapping_def, NULL, 0, dims, n);
}
bool sharc_sdy_is_tensor_mapping(const sharc_attr *a) {
  return is(a, &sharc_sdy_tensor_mapping_def);
}

sharc_attr *sharc_sdy_op_sharding_rule_get(sharc_context *ctx, const sharc_sdy_rule_parts *parts) {
  sdy_words b;
  sharc_sdy_words_init(&b);
  sharc_sdy_words_push(&b, parts->is_custom);
  push_ints(&b, parts->factor_sizes, parts->num_factors);
  push_attrs(&b, parts->operands, parts->num_operands);
  push_attrs(&b, parts->results, parts->num_results);
  for (unsigned k = 0; k < 4; k++)
    push_ints(&b, parts->special[k], parts->num_special[k]);
  return sharc_sdy_words_attr(ctx, &sharc_sdy_op_sharding_rule_def, &b);
}
bool sharc_sdy_is_op_sharding_rule(const sharc_attr *a) {
  return is(a, &sharc_sdy_op_sharding_rule_def);
}
unsigned sharc_sdy_rule_list_size(const sharc_attr *rule, sharc_sdy_rule_list which) {
  return sharc_sdy_attr_seg(rule, 1, which).n;
}
int64_t sharc_sdy_rule_int_at(const sharc_attr *rule, sharc_sdy_rule_list which, unsigned i) {
  return sdy_word_i64(sharc_sdy_attr_seg(rule, 1, which).w[i]);
}
sharc_attr *sharc_sdy_rule_mapping_at(const sharc_attr *rule, sharc_sdy_rule_list which,
                                      unsigned i) {
  return (sharc_attr *)sharc_sdy_attr_seg(rule, 1, which).w[i];
}
bool sharc_sdy_rule_is_custom(const sharc_attr *rule) { return rule->params.words[0] != 0; }

/* ---- collectives --------------------------------------------------------- */

sharc_attr *sharc_sdy_all_to_all_param_get(sharc_context *ctx, sharc_attr *const *axes, unsigned n,
                                           int64_t src_dim, int64_t tgt_dim) {
  uintptr_t fixed[2] = {sdy_i64_word(src_dim), sdy_i64_word(tgt_dim)};
  return list_get(ctx, &sharc_sdy_all_to_all_param_def, fixed, 2, axes, n);
}
bool sharc_sdy_is_all_to_all_param(const sharc_attr *a) {
  return is(a, &sharc_sdy_all_to_all_param_def);
}
int64_t sharc_sdy_all_to_all_param_src_dim(const sharc_attr *param) {
  return sdy_word_i64(param->params.words[0]);
}
int64_t sharc_sdy_all_to_all_param_tgt_dim(const sharc_attr *param) {
  return sdy_word_i64(param->params.words[1]);
}
sharc_attr *sharc_sdy_all_to_all_param_list_get(sharc_context *ctx, sharc_attr *const *params,
                                                unsigned n) {
  return list_get(ctx, &sharc_sdy_all_to_all_param_list_def, NULL, 0, params, n);
}
bool sharc_sdy_is_all_to_all_param_list(const sharc_attr *a) {
  return is(a, &sharc_sdy_all_to_all_param_list_def);
}

/* ---- propagation debugging ----------------------------------------------- */

sharc_attr *sharc_sdy_edge_value_ref_get(sharc_context *ctx, sharc_sdy_edge_node_type type,
                                         int64_t index) {
  uintptr_t w[2] = {(uintptr_t)type, sdy_i64_word(index)};
  return sharc_attr_dialect(ctx, &sharc_sdy_edge_value_ref_def, w, 2, NULL);
}
bool sharc_sdy_is_edge_value_ref(const sharc_attr *a) {
  return is(a, &sharc_sdy_edge_value_ref_def);
}
sharc_sdy_edge_node_type sharc_sdy_edge_value_ref_type(const sharc_attr *ref) {
  return (sharc_sdy_edge_node_type)ref->params.words[0];
}
int64_t sharc_sdy_edge_value_ref_index(const sharc_attr *ref) {
  return sdy_word_i64(ref->params.words[1]);
}

sharc_attr *sharc_sdy_axis_to_propagation_details_get(sharc_context *ctx, sharc_attr *axis_ref,
                                                      sharc_attr *source,
                                                      sharc_attr *const *targets, unsigned n) {
  uintptr_t fixed[2] = {(uintptr_t)axis_ref, (uintptr_t)source};
  return list_get(ctx, &sharc_sdy_axis_to_propagation_details_def, fixed, 2, targets, n);
}
bool sharc_sdy_is_axis_to_propagation_details(const sharc_attr *a) {
  return is(a, &sharc_sdy_axis_to_propagation_details_def);
}
sharc_attr *sharc_sdy_axis_to_propagation_details_axis(const sharc_attr *d) {
  return (sharc_attr *)d->params.words[0];
}
sharc_attr *sharc_sdy_axis_to_propagation_details_source(const sharc_attr *d) {
  return (sharc_attr *)d->params.words[1];
}

sharc_attr *sharc_sdy_propagation_one_step_get(sharc_context *ctx, int64_t step_index,
                                               sharc_attr *const *entries, unsigned n) {
  uintptr_t fixed[1] = {sdy_i64_word(step_index)};
  return list_get(ctx, &sharc_sdy_propagation_one_step_def, fixed, 1, entries, n);
}
bool sharc_sdy_is_propagation_one_step(const sharc_attr *a) {
  return is(a, &sharc_sdy_propagation_one_step_def);
}
int64_t sharc_sdy_propagation_one_step_index(const sharc_attr *step) {
  return sdy_word_i64(step->params.words[0]);
}

sharc_attr *sharc_sdy_propagation_edges_get(sharc_context *ctx, sharc_attr *const *steps,
                                            unsigned n) {
  return list_get(ctx, &sharc_sdy_propagation_edges_def, NULL, 0, steps, n);
}
bool sharc_sdy_is_propagation_edges(const sharc_attr *a) {
  return is(a, &sharc_sdy_propagation_edges_def);
}

/* ---- enums --------------------------------------------------------------- */

static const char *const direction_names[] = {"NONE", "FORWARD", "BACKWARD", "BOTH", NULL};
static const char *const edge_node_names[] = {"operand", "result", NULL};
static const char *const reduction_names[] = {"sum", "max", "min", NULL};

sharc_attr *sharc_sdy_enum_attr(sharc_context *ctx, int value) {
  return sharc_attr_integer(ctx, sharc_type_integer(ctx, 32, SHARC_SIGNLESS), value);
}

const char *sharc_sdy_propagation_direction_name(sharc_sdy_propagation_direction d) {
  return direction_names[d];
}
const char *sharc_sdy_edge_node_type_name(sharc_sdy_edge_node_type t) { return edge_node_names[t]; }
const char *sharc_sdy_reduction_op_name(sharc_sdy_reduction_op r) { return reduction_names[r]; }

static int name_index(const char *const *names, sharc_str s) {
  for (int i = 0; names[i]; i++)
    if (sharc_str_eq_cstr(s, names[i]))
      return i;
  return -1;
}

int sharc_sdy_propagation_direction_from_name(sharc_str s) {
  return name_index(direction_names, s);
}
int sharc_sdy_edge_node_type_from_name(sharc_str s) { return name_index(edge_node_names, s); }
int sharc_sdy_reduction_op_from_name(sharc_str s) { return name_index(reduction_names, s); }
