/* Mesh inference's analysis: sets of meshes with origins, their attributes
 * on ops, function arguments and results and mpmd.for arguments, and the
 * backward (use set) and forward (source set) propagations. */
#include "transforms/mpmd/import/mesh_inference.h"

#include "dialect/func/func.h"
#include "dialect/mpmd/mpmd_internal.h"
#include "dialect/mpmd/utils.h"
#include "dialect/stablehlo/shlo_ops.h"
#include "ir/static_names.h"
#include "ir/op_cursor.h"
#include "support/ptrmap.h"
#include "support/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* ---- sets ------------------------------------------------------------------------- */

static void push_all_unique(sharc_ptr_vec *dst, const sharc_ptr_vec *src) {
  for (unsigned i = 0; i < src->len; i++)
    sharc_ptr_vec_push_unique(dst, src->items[i]);
}

static void copy_vec(sharc_ptr_vec *dst, const sharc_ptr_vec *src) {
  dst->len = 0;
  sharc_vec_reserve(dst, src->len);
  if (src->len)
    memcpy(dst->items, src->items, src->len * sizeof *src->items);
  dst->len = src->len;
}

static void free_meshes(sharc_mesh_set *s) {
  for (unsigned i = 0; i < s->meshes.len; i++)
    sharc_vec_free(&s->meshes.items[i].origins);
  s->meshes.len = 0;
}

void sharc_mesh_set_free(sharc_mesh_set *s) {
  free_meshes(s);
  sharc_vec_free(&s->meshes);
  sharc_vec_free(&s->wildcard);
  s->specified = false;
}

static int find_mesh(const sharc_mesh_set *s, const sharc_ident *mesh) {
  for (unsigned i = 0; i < s->meshes.len; i++)
    if (s->meshes.items[i].mesh == mesh)
      return (int)i;
  return -1;
}

/* The entry for `mesh`, appended when missing (MapVector's operator[]). */
static sharc_mesh_entry *entry(sharc_mesh_set *s, sharc_ident *mesh) {
  int i = find_mesh(s, mesh);
  if (i >= 0)
    return &s->meshes.items[i];
  sharc_mesh_entry e = {mesh, {0}};
  sharc_vec_push(&s->meshes, e);
  return &sharc_vec_last(&s->meshes);
}

static void copy_meshes(sharc_mesh_set *dst, const sharc_mesh_set *src) {
  free_meshes(dst);
  for (unsigned i = 0; i < src->meshes.len; i++) {
    sharc_mesh_entry e = {src->meshes.items[i].mesh, {0}};
    copy_vec(&e.origins, &src->meshes.items[i].origins);
    sharc_vec_push(&dst->meshes, e);
  }
}

void sharc_mesh_set_copy(sharc_mesh_set *dst, const sharc_mesh_set *src) {
  if (dst == src)
    return;
  copy_meshes(dst, src);
  copy_vec(&dst->wildcard, &src->wildcard);
  dst->specified = src->specified;
}

void sharc_mesh_set_insert_mesh(sharc_mesh_set *s, sharc_ident *mesh, sharc_attr *origin) {
  s->specified = true;
  sharc_mesh_entry *e = entry(s, mesh);
  if (origin)
    sharc_ptr_vec_push_unique(&e->origins, origin);
}

void sharc_mesh_set_insert(sharc_mesh_set *s, const sharc_attr *mwo) {
  s->specified = true;
  sharc_str name = sharc_mpmd_mesh_with_origins_name(mwo);
  unsigned n = sharc_mpmd_mesh_with_origins_count(mwo);
  if (sharc_str_eq_cstr(name, SHARC_MI_WILDCARD_MESH)) {
    for (unsigned i = 0; i < n; i++)
      sharc_ptr_vec_push_unique(&s->wildcard, sharc_mpmd_mesh_with_origins_at(mwo, i));
    return;
  }
  sharc_mesh_entry *e = entry(s, sharc_mpmd_mesh_with_origins_mesh(mwo));
  for (unsigned i = 0; i < n; i++)
    sharc_ptr_vec_push_unique(&e->origins, sharc_mpmd_mesh_with_origins_at(mwo, i));
}

static bool is_meshes_attr(const sharc_attr *a) {
  return a && sharc_attr_get_kind(a) == SHARC_ATTR_DIALECT &&
         sharc_attr_def_of(a) == &sharc_mpmd_meshes_with_origins_def;
}

void sharc_mesh_set_from_attr(sharc_mesh_set *s, const sharc_attr *meshes) {
  free_meshes(s);
  s->wildcard.len = 0;
  s->specified = false;
  if (!is_meshes_attr(meshes))
    return;
  s->specified = true;
  for (unsigned i = 0; i < sharc_mpmd_meshes_with_origins_count(meshes); i++)
    sharc_mesh_set_insert(s, sharc_mpmd_meshes_with_origins_at(meshes, i));
}

void sharc_mesh_set_use_set_from_attr(sharc_mesh_set *s, const sharc_attr *meshes) {
  sharc_mesh_set_from_attr(s, meshes);
  s->specified = true;
}

void sharc_mesh_set_union(sharc_mesh_set *s, const sharc_mesh_set *other) {
  if (!other->specified)
    return;
  if (!s->specified) {
    /* Shardy copies the meshes only, not the wildcard */
    copy_meshes(s, other);
    s->specified = true;
    return;
  }
  for (unsigned i = 0; i < other->meshes.len; i++) {
    const sharc_mesh_entry *o = &other->meshes.items[i];
    push_all_unique(&entry(s, o->mesh)->origins, &o->origins);
  }
  push_all_unique(&s->wildcard, &other->wildcard);
}

void sharc_mesh_set_intersect(sharc_mesh_set *s, const sharc_mesh_set *other) {
  if (!other->specified)
    return;
  if (!s->specified) {
    sharc_mesh_set_copy(s, other);
    return;
  }
  bool s_wild = s->wildcard.len > 0, o_wild = other->wildcard.len > 0;
  unsigned n_before = s->meshes.len;
  /* sets hold a few meshes: no allocation for those */
  bool small[16] = {0};
  bool *remove = n_before <= 16 ? small : sharc_xcalloc(n_before, sizeof *remove);
  for (unsigned i = 0; i < n_before; i++) {
    int j = find_mesh(other, s->meshes.items[i].mesh);
    if (j >= 0)
      push_all_unique(&s->meshes.items[i].origins, &other->meshes.items[j].origins);
    else if (o_wild)
      push_all_unique(&s->meshes.items[i].origins, &other->wildcard);
    else
      remove[i] = true;
  }
  if (s_wild)
    for (unsigned j = 0; j < other->meshes.len; j++) {
      const sharc_mesh_entry *o = &other->meshes.items[j];
      if (find_mesh(s, o->mesh) >= 0)
        continue;
      sharc_mesh_entry *e = entry(s, o->mesh);
      push_all_unique(&e->origins, &o->origins);
      push_all_unique(&e->origins, &s->wildcard);
    }
  unsigned k = 0;
  for (unsigned i = 0; i < s->meshes.len; i++) {
    if (i < n_before && remove[i]) {
      sharc_vec_free(&s->meshes.items[i].origins);
      continue;
    }
    s->meshes.items[k++] = s->meshes.items[i];
  }
  s->meshes.len = k;
  if (remove != small)
    free(remove);
  if (s_wild == o_wild)
    push_all_unique(&s->wildcard, &other->wildcard);
  else
    s->wildcard.len = 0;
}

sharc_attr *sharc_mesh_set_to_attr(sharc_context *ctx, const sharc_mesh_set *s) {
  if (!s->specified)
    return NULL;
  unsigned n = s->meshes.len + (s->wildcard.len ? 1 : 0);
  sharc_attr *small[16], **elems = n <= 16 ? small : sharc_xmalloc_array(n, sizeof *elems);
  for (unsigned i = 0; i < s->meshes.len; i++) {
    const sharc_mesh_entry *e = &s->meshes.items[i];
    elems[i] = sharc_mpmd_mesh_with_origins_of(ctx, e->mesh, (sharc_attr *const *)e->origins.items,
                                               e->origins.len);
  }
  if (s->wildcard.len)
    elems[s->meshes.len] =
        sharc_mpmd_mesh_with_origins_of(ctx, sharc_context_static_ident(ctx, SHARC_MI_WILDCARD_MESH),
                                        (sharc_attr *const *)s->wildcard.items, s->wildcard.len);
  sharc_attr *a = sharc_mpmd_meshes_with_origins(ctx, elems, n);
  if (elems != small)
    free(elems);
  return a;
}

static bool mesh_with_origins_is(const sharc_attr *mwo, const sharc_ident *mesh,
                                 const sharc_ptr_vec *origins) {
  if (sharc_mpmd_mesh_with_origins_mesh(mwo) != mesh ||
      sharc_mpmd_mesh_with_origins_count(mwo) != origins->len)
    return false;
  for (unsigned k = 0; k < origins->len; k++)
    if (sharc_mpmd_mesh_with_origins_at(mwo, k) != origins->items[k])
      return false;
  return true;
}

/* Whether sharc_mesh_set_to_attr would return `a` (attributes are unique):
 * a set stored back unchanged needs no attribute built, nor interned. */
static bool mesh_set_is_attr(const sharc_mesh_set *s, const sharc_attr *a) {
  if (!s->specified)
    return a == NULL;
  unsigned n = s->meshes.len;
  if (!is_meshes_attr(a) || sharc_mpmd_meshes_with_origins_count(a) != n + (s->wildcard.len ? 1 : 0))
    return false;
  for (unsigned i = 0; i < n; i++)
    if (!mesh_with_origins_is(sharc_mpmd_meshes_with_origins_at(a, i), s->meshes.items[i].mesh,
                              &s->meshes.items[i].origins))
      return false;
  if (!s->wildcard.len)
    return true;
  const sharc_attr *wild = sharc_mpmd_meshes_with_origins_at(a, n);
  return sharc_str_eq_cstr(sharc_mpmd_mesh_with_origins_name(wild), SHARC_MI_WILDCARD_MESH) &&
         mesh_with_origins_is(wild, sharc_mpmd_mesh_with_origins_mesh(wild), &s->wildcard);
}

int sharc_mesh_set_size(const sharc_mesh_set *s) {
  return s->specified ? (int)s->meshes.len : -1;
}

bool sharc_mesh_set_empty(const sharc_mesh_set *s) { return s->specified && !s->meshes.len; }

bool sharc_mesh_set_contains(const sharc_mesh_set *s, const sharc_ident *mesh) {
  return find_mesh(s, mesh) >= 0;
}

bool sharc_mesh_set_attr_specified(const sharc_attr *src) { return is_meshes_attr(src); }

static bool is_wildcard(const sharc_attr *mwo) {
  return sharc_str_eq_cstr(sharc_mpmd_mesh_with_origins_name(mwo), SHARC_MI_WILDCARD_MESH);
}

static bool attr_has_mesh(const sharc_attr *meshes, const sharc_ident *mesh) {
  for (unsigned i = 0; i < sharc_mpmd_meshes_with_origins_count(meshes); i++) {
    const sharc_attr *mwo = sharc_mpmd_meshes_with_origins_at(meshes, i);
    if (sharc_mpmd_mesh_with_origins_mesh(mwo) == mesh && !is_wildcard(mwo))
      return true;
  }
  return false;
}

bool sharc_mesh_set_attr_empty(const sharc_attr *src) {
  if (!is_meshes_attr(src))
    return false;
  for (unsigned i = 0; i < sharc_mpmd_meshes_with_origins_count(src); i++)
    if (!is_wildcard(sharc_mpmd_meshes_with_origins_at(src, i)))
      return false;
  return true;
}

bool sharc_mesh_set_attr_meshes_within(const sharc_attr *uses, const sharc_attr *src) {
  if (!is_meshes_attr(uses))
    return true;
  bool src_set = is_meshes_attr(src);
  for (unsigned i = 0; i < sharc_mpmd_meshes_with_origins_count(uses); i++) {
    const sharc_attr *mwo = sharc_mpmd_meshes_with_origins_at(uses, i);
    if (!is_wildcard(mwo) &&
        (!src_set || !attr_has_mesh(src, sharc_mpmd_mesh_with_origins_mesh(mwo))))
      return false;
  }
  return true;
}

bool sharc_mesh_set_same_meshes(const sharc_mesh_set *a, const sharc_mesh_set *b) {
  unsigned na = a->specified ? a->meshes.len : 0, nb = b->specified ? b->meshes.len : 0;
  bool wa = a->specified && a->wildcard.len, wb = b->specified && b->wildcard.len;
  if (na != nb || wa != wb)
    return false;
  for (unsigned i = 0; i < na; i++)
    if (find_mesh(b, a->meshes.items[i].mesh) < 0)
      return false;
  return true;
}

static bool low_priority(const sharc_ptr_vec *origins) {
  for (unsigned i = 0; i < origins->len; i++)
    if (sharc_str_eq_cstr(sharc_mpmd_origin_label(origins->items[i]), SHARC_MI_BROADCAST_IN))
      return true;
  return false;
}

/* GetHighestPriorityMeshName over (mesh, origins) pairs. */
static sharc_ident *highest(sharc_ident *const *meshes, const sharc_ptr_vec *const *origins,
                            unsigned n) {
  sharc_ident *best_high = NULL, *best_low = NULL;
  for (unsigned i = 0; i < n; i++) {
    sharc_ident **best = low_priority(origins[i]) ? &best_low : &best_high;
    if (!*best || sharc_str_cmp(sharc_ident_str(meshes[i]), sharc_ident_str(*best)) < 0)
      *best = meshes[i];
  }
  return best_high ? best_high : best_low;
}

sharc_ident *sharc_mesh_set_prioritized(const sharc_mesh_set *s, sharc_ident *const *preferred,
                                        unsigned n_preferred) {
  if (!s->specified || !s->meshes.len)
    return NULL;
  unsigned cap = (n_preferred > s->meshes.len ? n_preferred : s->meshes.len) + 1;
  sharc_ident **names = sharc_xmalloc_array(cap, sizeof *names);
  const sharc_ptr_vec **origins = sharc_xmalloc_array(cap, sizeof *origins);
  unsigned n = 0;
  for (unsigned i = 0; i < n_preferred; i++) {
    bool dup = false;
    for (unsigned j = 0; j < n && !dup; j++)
      dup = names[j] == preferred[i];
    if (dup)
      continue;
    int k = find_mesh(s, preferred[i]);
    if (k >= 0) {
      names[n] = preferred[i];
      origins[n++] = &s->meshes.items[k].origins;
    } else if (s->wildcard.len) {
      names[n] = preferred[i];
      origins[n++] = &s->wildcard;
    }
  }
  if (!n)
    for (unsigned i = 0; i < s->meshes.len; i++) {
      names[n] = s->meshes.items[i].mesh;
      origins[n++] = &s->meshes.items[i].origins;
    }
  sharc_ident *best = highest(names, origins, n);
  free(names);
  free(origins);
  return best;
}

void sharc_mesh_set_print_names(const sharc_mesh_set *s, const char *sep, sharc_buf *out) {
  for (unsigned i = 0; s->specified && i < s->meshes.len; i++) {
    if (i)
      sharc_buf_puts(out, sep);
    sharc_buf_put_str(out, sharc_ident_str(s->meshes.items[i].mesh));
  }
}

/* ---- what is analysed ---------------------------------------------------------------- */

static bool in_fragment(const sharc_op *op) {
  for (sharc_op *p = sharc_op_parent_op(op); p; p = sharc_op_parent_op(p))
    if (sharc_op_isa(p, &sharc_mpmd_fragment_def))
      return true;
  return false;
}

bool sharc_mi_is_meshless_op(const sharc_op *op) {
  return op && !sharc_op_has_trait(op, SHARC_TRAIT_TERMINATOR) && !sharc_mpmd_in_dialect(op) &&
         !sharc_op_isa(op, &sharc_builtin_module_def) && !sharc_op_isa(op, &sharc_func_func_def) &&
         !in_fragment(op);
}

bool sharc_mi_is_terminal_node(const sharc_op *op) {
  return sharc_op_isa(op, &sharc_mpmd_broadcast_def) || sharc_op_isa(op, &sharc_mpmd_reduce_def);
}

bool sharc_mi_is_call_in_chain(const sharc_op *call) {
  sharc_attr *callee = sharc_op_attr_static(call, "callee");
  for (unsigned i = 0; i < sharc_op_num_results(call); i++)
    for (sharc_use *u = sharc_value_first_use(sharc_op_result(call, i)); u; u = sharc_use_next(u)) {
      sharc_op *user = sharc_use_owner(u);
      if (sharc_op_isa(user, &sharc_mpmd_call_def) &&
          sharc_op_attr_static(user, "callee") == callee)
        return true;
    }
  return false;
}

/* ---- attributes ------------------------------------------------------------------------ */

static sharc_attr *for_arg_attr(const sharc_op *for_op, unsigned i, const char *name) {
  sharc_attr *arr = sharc_op_attr_static(for_op, SHARC_MPMD_ARG_ATTRS);
  if (!arr || sharc_attr_get_kind(arr) != SHARC_ATTR_ARRAY || i >= sharc_attr_count(arr))
    return NULL;
  sharc_attr *d = sharc_attr_at(arr, i);
  return d && sharc_attr_get_kind(d) == SHARC_ATTR_DICTIONARY ? sharc_attr_dict_get(d, name) : NULL;
}

/* A dictionary with `name` set to `value` (NULL: removed). */
static sharc_attr *dict_with(sharc_context *ctx, const sharc_attr *dict, const char *name,
                             sharc_attr *value) {
  unsigned n = dict ? sharc_attr_count(dict) : 0;
  sharc_named_attr *e = sharc_xmalloc_array(n + 1, sizeof *e);
  const sharc_named_attr *old = n ? sharc_attr_dict_entries(dict) : NULL;
  unsigned k = 0;
  for (unsigned i = 0; i < n; i++)
    if (!sharc_str_eq_cstr(sharc_ident_str(old[i].name), name))
      e[k++] = old[i];
  if (value)
    e[k++] = (sharc_named_attr){sharc_ident_get(ctx, sharc_str_from_cstr(name)), value};
  sharc_attr *d = sharc_attr_dictionary(ctx, e, k);
  free(e);
  return d;
}

static unsigned for_num_args(const sharc_op *for_op) {
  return sharc_block_num_args(sharc_region_first_block(sharc_op_region(for_op, 0)));
}

static void set_for_arg_attr(sharc_op *for_op, unsigned i, const char *name, sharc_attr *value) {
  sharc_context *ctx = sharc_op_context(for_op);
  sharc_attr *arr = sharc_op_attr_static(for_op, SHARC_MPMD_ARG_ATTRS);
  unsigned n = arr && sharc_attr_get_kind(arr) == SHARC_ATTR_ARRAY ? sharc_attr_count(arr)
                                                                  : for_num_args(for_op);
  if (i >= n)
    return;
  sharc_attr *empty = sharc_attr_dictionary(ctx, NULL, 0);
  sharc_attr **elems = sharc_xmalloc_array(n + 1, sizeof *elems);
  for (unsigned k = 0; k < n; k++)
    elems[k] = arr && sharc_attr_get_kind(arr) == SHARC_ATTR_ARRAY ? sharc_attr_at(arr, k) : empty;
  elems[i] = dict_with(ctx, elems[i], name, value);
  sharc_op_set_attr_static(for_op, SHARC_MPMD_ARG_ATTRS, sharc_attr_array(ctx, elems, n));
  free(elems);
}

void sharc_mi_use_set(const sharc_op *op, sharc_mesh_set *out) {
  sharc_mesh_set_use_set_from_attr(out, op ? sharc_op_attr_static(op, SHARC_MI_USE_SET) : NULL);
}

void sharc_mi_arg_use_set(const sharc_op *func, unsigned i, sharc_mesh_set *out) {
  sharc_mesh_set_use_set_from_attr(out, sharc_func_arg_attr(func, i, SHARC_MI_USE_SET));
}

void sharc_mi_result_use_set(const sharc_op *func, unsigned i, sharc_mesh_set *out) {
  sharc_mesh_set_use_set_from_attr(out, sharc_func_result_attr(func, i, SHARC_MI_USE_SET));
}

void sharc_mi_for_use_set(const sharc_op *for_op, unsigned i, sharc_mesh_set *out) {
  sharc_mesh_set_use_set_from_attr(out, for_arg_attr(for_op, i, SHARC_MI_USE_SET));
}

void sharc_mi_set_use_set(sharc_op *op, const sharc_mesh_set *s) {
  if (!sharc_mesh_set_empty(s) && !mesh_set_is_attr(s, sharc_op_attr_static(op, SHARC_MI_USE_SET)))
    sharc_op_set_attr_static(op, SHARC_MI_USE_SET, sharc_mesh_set_to_attr(sharc_op_context(op), s));
}

void sharc_mi_set_arg_use_set(sharc_op *func, unsigned i, const sharc_mesh_set *s) {
  if (!sharc_mesh_set_empty(s))
    sharc_func_set_arg_attr(func, i, SHARC_MI_USE_SET,
                            sharc_mesh_set_to_attr(sharc_op_context(func), s));
}

void sharc_mi_set_result_use_set(sharc_op *func, unsigned i, const sharc_mesh_set *s) {
  if (!sharc_mesh_set_empty(s))
    sharc_func_set_result_attr(func, i, SHARC_MI_USE_SET,
                               sharc_mesh_set_to_attr(sharc_op_context(func), s));
}

void sharc_mi_set_for_use_set(sharc_op *for_op, unsigned i, const sharc_mesh_set *s) {
  if (!sharc_mesh_set_empty(s))
    set_for_arg_attr(for_op, i, SHARC_MI_USE_SET, sharc_mesh_set_to_attr(sharc_op_context(for_op), s));
}

void sharc_mi_src_set(const sharc_op *op, sharc_mesh_set *out) {
  sharc_mesh_set_from_attr(out, op ? sharc_op_attr_static(op, SHARC_MI_SRC_SET) : NULL);
}

void sharc_mi_arg_src_set(const sharc_op *func, unsigned i, sharc_mesh_set *out) {
  sharc_mesh_set_from_attr(out, sharc_func_arg_attr(func, i, SHARC_MI_SRC_SET));
}

void sharc_mi_for_src_set(const sharc_op *for_op, unsigned i, sharc_mesh_set *out) {
  sharc_mesh_set_from_attr(out, for_arg_attr(for_op, i, SHARC_MI_SRC_SET));
}

/* GetMeshDataFlowSrc: what a call or mpmd.for result is the value of. */
static sharc_value *data_flow_source(sharc_value *v) {
  sharc_op *def = sharc_value_defining_op(v);
  if (!def)
    return NULL;
  sharc_block *body = NULL;
  if (sharc_op_isa(def, &sharc_mpmd_call_def)) {
    sharc_op *callee = sharc_mpmd_callee(def);
    body = callee ? sharc_func_body(callee) : NULL;
  } else if (sharc_op_isa(def, &sharc_mpmd_for_def)) {
    body = sharc_region_first_block(sharc_op_region(def, 0));
  }
  sharc_op *term = body ? sharc_block_last_op(body) : NULL;
  unsigned i = sharc_value_index(v);
  return term && i < sharc_op_num_operands(term) ? sharc_op_operand(term, i) : NULL;
}

/* The attribute `v`'s source set is read from: its data-flow source's op's
 * (none for an assign's result), or its function's or mpmd.for's argument
 * attribute; NULL where there is none (an unspecified set). */
static sharc_attr *value_src_attr(sharc_value *v) {
  for (sharc_value *src; (src = data_flow_source(v));)
    v = src;
  sharc_op *def = sharc_value_defining_op(v);
  if (def)
    return sharc_op_isa(def, &sharc_mpmd_assign_def) ? NULL
                                                      : sharc_op_attr_static(def, SHARC_MI_SRC_SET);
  sharc_op *owner = sharc_block_parent_op(sharc_value_owner_block(v));
  if (owner && sharc_op_isa(owner, &sharc_func_func_def))
    return sharc_func_arg_attr(owner, sharc_value_index(v), SHARC_MI_SRC_SET);
  if (owner && sharc_op_isa(owner, &sharc_mpmd_for_def))
    return for_arg_attr(owner, sharc_value_index(v), SHARC_MI_SRC_SET);
  return NULL;
}

void sharc_mi_value_src_set(sharc_value *v, sharc_mesh_set *out) {
  sharc_mesh_set_from_attr(out, value_src_attr(v));
}

void sharc_mi_set_src_set(sharc_op *op, const sharc_mesh_set *s) {
  sharc_op_set_attr_static(op, SHARC_MI_SRC_SET, sharc_mesh_set_to_attr(sharc_op_context(op), s));
}

void sharc_mi_set_arg_src_set(sharc_op *func, unsigned i, const sharc_mesh_set *s) {
  sharc_func_set_arg_attr(func, i, SHARC_MI_SRC_SET, sharc_mesh_set_to_attr(sharc_op_context(func), s));
}

void sharc_mi_set_for_src_set(sharc_op *for_op, unsigned i, const sharc_mesh_set *s) {
  set_for_arg_attr(for_op, i, SHARC_MI_SRC_SET, sharc_mesh_set_to_attr(sharc_op_context(for_op), s));
}

/* `name` a string literal (see ir/static_names.h). */
static bool remove_attr(sharc_op *op, const char *name) {
  if (!sharc_op_attr_static(op, name))
    return false;
  sharc_op_set_attr_static(op, name, NULL);
  return true;
}

/* Drops `names` from every argument's (or result's) dictionary and stores
 * the array once: a removal per index would rebuild, and unique, the whole
 * array each time, quadratic in time and memory in the function's arity
 * (a pipeline's main function has thousands of arguments and results). */
static bool remove_from_all(sharc_op *func, bool results, const char *const *names,
                            unsigned n_names) {
  unsigned n = results ? sharc_func_num_results(func) : sharc_func_num_args(func);
  sharc_context *ctx = sharc_op_context(func);
  sharc_attr **dicts = sharc_xmalloc_array(n + 1, sizeof *dicts);
  bool removed = false;
  for (unsigned i = 0; i < n; i++) {
    dicts[i] = results ? sharc_func_result_attrs(func, i) : sharc_func_arg_attrs(func, i);
    for (unsigned k = 0; k < n_names; k++) {
      if (!sharc_attr_dict_get(dicts[i], names[k]))
        continue;
      dicts[i] = sharc_func_dict_with(ctx, dicts[i], names[k], NULL);
      removed = true;
    }
  }
  if (removed && results)
    sharc_func_set_all_result_attrs(func, dicts);
  else if (removed)
    sharc_func_set_all_arg_attrs(func, dicts);
  free(dicts);
  return removed;
}

bool sharc_mi_clear_use_set(sharc_op *op) { return remove_attr(op, SHARC_MI_USE_SET); }

bool sharc_mi_clear_func_use_sets(sharc_op *func) {
  static const char *const names[] = {SHARC_MI_USE_SET};
  bool removed = remove_from_all(func, false, names, 1);
  return remove_from_all(func, true, names, 1) || removed;
}

bool sharc_mi_clear_sets(sharc_op *op) {
  /* asked of every op of the module by the final verification: most have
   * no attribute at all (those in fragments) */
  if (!sharc_attr_count(sharc_op_attrs(op)))
    return false;
  bool removed = remove_attr(op, SHARC_MI_USE_SET);
  return remove_attr(op, SHARC_MI_SRC_SET) || removed;
}

bool sharc_mi_clear_func_sets(sharc_op *func) {
  static const char *const names[] = {SHARC_MI_USE_SET, SHARC_MI_SRC_SET};
  bool removed = remove_from_all(func, false, names, 2);
  return remove_from_all(func, true, names, 2) || removed;
}

bool sharc_mi_clear_for_sets(sharc_op *for_op) {
  sharc_attr *arr = sharc_op_attr_static(for_op, SHARC_MPMD_ARG_ATTRS);
  if (!arr || sharc_attr_get_kind(arr) != SHARC_ATTR_ARRAY)
    return false;
  sharc_context *ctx = sharc_op_context(for_op);
  bool removed = false;
  unsigned n = sharc_attr_count(arr), k = 0;
  sharc_attr **kept = sharc_xmalloc_array(n + 1, sizeof *kept);
  for (unsigned i = 0; i < n; i++) {
    sharc_attr *d = sharc_attr_at(arr, i);
    if (sharc_attr_dict_get(d, SHARC_MI_USE_SET) || sharc_attr_dict_get(d, SHARC_MI_SRC_SET))
      removed = true;
    d = dict_with(ctx, dict_with(ctx, d, SHARC_MI_USE_SET, NULL), SHARC_MI_SRC_SET, NULL);
    if (sharc_attr_count(d))
      kept[k++] = d;
  }
  sharc_op_set_attr_static(for_op, SHARC_MPMD_ARG_ATTRS, k ? sharc_attr_array(ctx, kept, k) : NULL);
  free(kept);
  return removed;
}

/* ---- sets stored back ------------------------------------------------------------------- */

/* The propagations' memo: the attribute a set read from an attribute is
 * stored back as, and whether that set has a mesh (attributes are unique
 * and live as long as the context; a run sees a few distinct sets). */
enum { SET_MEMO_SIZE = 16, ASSIGN_MEMO_BITS = 5 };

/* An assign's or unassign's mesh with its origin (sharc_mpmd_assign_mesh_
 * with_origin) and the one-mesh set attribute of it, by the op's mesh and
 * origin attribute: a program has a few such pairs on thousands of ops,
 * and each build interns three attributes. */
typedef struct assign_sets {
  const sharc_ident *mesh;
  const sharc_attr *origin; /* the op's "origin" attribute, as it is */
  sharc_attr *mwo;          /* NULL: an empty slot */
  sharc_attr *set;
  bool wildcard; /* the mesh is named as the wildcard: sets keep it apart */
} assign_sets;

typedef struct set_memo {
  const sharc_attr *read[SET_MEMO_SIZE];
  sharc_attr *stored[SET_MEMO_SIZE];
  bool has_mesh[SET_MEMO_SIZE];
  unsigned len;
  assign_sets assigns[1u << ASSIGN_MEMO_BITS];
} set_memo;

static const assign_sets *assign_sets_of(set_memo *memo, sharc_op *op) {
  sharc_type *mesh_type = sharc_op_isa(op, &sharc_mpmd_assign_def)
                              ? sharc_value_type(sharc_op_result(op, 0))
                              : sharc_value_type(sharc_op_operand(op, 0));
  const sharc_ident *mesh = sharc_mpmd_mesh_tensor_mesh(mesh_type);
  const sharc_attr *origin = sharc_op_attr_static(op, "origin");
  assign_sets *a = &memo->assigns[sharc_ptr_slot(
      (const void *)((uintptr_t)mesh ^ (uintptr_t)origin * 31), ASSIGN_MEMO_BITS)];
  if (a->mwo && a->mesh == mesh && a->origin == origin)
    return a;
  sharc_attr *mwo = sharc_mpmd_assign_mesh_with_origin(op);
  *a = (assign_sets){mesh, origin, mwo,
                     sharc_mpmd_meshes_with_origins(sharc_op_context(op), &mwo, 1),
                     sharc_str_eq_cstr(sharc_ident_str(mesh), SHARC_MI_WILDCARD_MESH)};
  return a;
}

static sharc_attr *stored_set_attr(set_memo *memo, sharc_context *ctx, const sharc_attr *a,
                                   bool *has_mesh) {
  for (unsigned i = 0; i < memo->len; i++)
    if (memo->read[i] == a) {
      *has_mesh = memo->has_mesh[i];
      return memo->stored[i];
    }
  sharc_mesh_set s = {0};
  sharc_mesh_set_from_attr(&s, a);
  sharc_attr *stored = sharc_mesh_set_to_attr(ctx, &s);
  *has_mesh = s.meshes.len > 0;
  sharc_mesh_set_free(&s);
  if (memo->len < SET_MEMO_SIZE) {
    memo->read[memo->len] = a;
    memo->stored[memo->len] = stored;
    memo->has_mesh[memo->len++] = *has_mesh;
  }
  return stored;
}

/* ---- transitive uses ---------------------------------------------------------------------- */

/* sharc_mesh_set_union(base, use set of `meshes`) without building that use
 * set: its meshes (first occurrence first) and their origins, read off the
 * attribute in order, land where the built set's would; the wildcard's
 * origins go to base's wildcard, as the union does, except into a base not
 * yet specified, which takes the meshes only. */
static void union_use_set_attr(sharc_mesh_set *base, const sharc_attr *meshes) {
  bool meshes_only = !base->specified;
  if (meshes_only) {
    free_meshes(base);
    base->specified = true;
  }
  if (!is_meshes_attr(meshes))
    return;
  for (unsigned i = 0; i < sharc_mpmd_meshes_with_origins_count(meshes); i++) {
    const sharc_attr *mwo = sharc_mpmd_meshes_with_origins_at(meshes, i);
    unsigned n = sharc_mpmd_mesh_with_origins_count(mwo);
    sharc_ptr_vec *dst;
    if (!sharc_str_eq_cstr(sharc_mpmd_mesh_with_origins_name(mwo), SHARC_MI_WILDCARD_MESH))
      dst = &entry(base, sharc_mpmd_mesh_with_origins_mesh(mwo))->origins;
    else if (!meshes_only)
      dst = &base->wildcard;
    else
      continue;
    for (unsigned k = 0; k < n; k++)
      sharc_ptr_vec_push_unique(dst, sharc_mpmd_mesh_with_origins_at(mwo, k));
  }
}

/* CopyMeshesFromUse: the use set a use of a value of `block` contributes,
 * stored in `*out`; false where the use contributes nothing. */
static bool use_attr(sharc_block *block, sharc_use *use, sharc_attr **out) {
  sharc_op *user = sharc_use_owner(use);
  sharc_op *def = sharc_value_defining_op(sharc_op_operand(user, sharc_use_operand_index(use)));
  if (sharc_mi_is_terminal_node(user) && !(def && sharc_op_isa(def, &sharc_mpmd_broadcast_def)))
    return false;
  if (sharc_op_isa(user, &sharc_mpmd_unassign_def))
    return false;
  sharc_op *ancestor = sharc_mpmd_ancestor_in_block(block, user);
  unsigned index = sharc_use_operand_index(use);
  sharc_attr *uses;
  if (ancestor && ancestor != user) {
    uses = sharc_op_attr_static(ancestor, SHARC_MI_USE_SET);
  } else if (sharc_op_isa(user, &sharc_mpmd_call_def)) {
    sharc_op *callee = sharc_mpmd_callee(user);
    if (!callee)
      return false; /* no use set, not even an empty one */
    uses = sharc_func_arg_attr(callee, index, SHARC_MI_USE_SET);
  } else if (sharc_op_isa(user, &sharc_func_return_def) &&
             !sharc_mpmd_is_entry_point_function(sharc_op_parent_op(user))) {
    uses = sharc_func_result_attr(sharc_op_parent_op(user), index, SHARC_MI_USE_SET);
  } else if (sharc_op_isa(user, &sharc_mpmd_for_def)) {
    uses = for_arg_attr(user, index, SHARC_MI_USE_SET);
  } else {
    uses = sharc_op_attr_static(user, SHARC_MI_USE_SET);
  }
  *out = uses;
  return true;
}

void sharc_mi_add_transitive_uses(sharc_value *v, sharc_mesh_set *base) {
  sharc_op *def = sharc_value_defining_op(v);
  sharc_block *block = def ? sharc_op_block(def) : sharc_value_owner_block(v);
  for (sharc_use *u = sharc_value_first_use(v); u; u = sharc_use_next(u)) {
    sharc_attr *uses;
    if (use_attr(block, u, &uses))
      union_use_set_attr(base, uses);
  }
}

void sharc_mi_add_op_transitive_uses(sharc_op *op, sharc_mesh_set *base) {
  for (unsigned i = 0; i < sharc_op_num_results(op); i++)
    sharc_mi_add_transitive_uses(sharc_op_result(op, i), base);
}

/* ---- use set propagation ------------------------------------------------------------------ */

enum { MAX_CALL_CHAIN_ITERATIONS = 10 };

static void populate_use_set(sharc_op *op, set_memo *memo);

/* MLIR's walk<PostOrder, ReverseIterator>: regions, blocks and ops last to
 * first, each op after what it holds. Fragments are already on a mesh and
 * nothing in them is analysed, so their bodies are passed over. */
static void walk_reverse_post_order(sharc_op *op, set_memo *memo) {
  sharc_op_cursor c;
  if (!sharc_op_isa(op, &sharc_mpmd_fragment_def))
    for (unsigned r = sharc_op_num_regions(op); r-- > 0;)
      for (sharc_block *b = sharc_region_last_block(sharc_op_region(op, r)); b;
           b = sharc_block_prev(b))
        /* the visits change attributes only: the cursor may stream the
         * block's array (and leave one for the second propagation) */
        for (sharc_op *o = sharc_op_cursor_last(&c, b); o; o = sharc_op_cursor_prev(&c))
          walk_reverse_post_order(o, memo);
  populate_use_set(op, memo);
}

static bool call_has_use_sets(sharc_op *callee) {
  for (unsigned i = 0; i < sharc_func_num_args(callee); i++)
    if (sharc_func_arg_attr(callee, i, SHARC_MI_USE_SET))
      return true;
  return false;
}

/* PopulateUseSetForCalleeFunc: whether the callee's result use sets grew
 * (then, or the first time, its body is propagated again). */
static bool populate_callee(sharc_op *call, sharc_op *callee, set_memo *memo) {
  bool changed = false;
  for (unsigned i = 0; i < sharc_op_num_results(call); i++) {
    sharc_mesh_set s = {0};
    sharc_mi_result_use_set(callee, i, &s);
    int before = sharc_mesh_set_size(&s);
    sharc_mi_add_transitive_uses(sharc_op_result(call, i), &s);
    if (sharc_mesh_set_size(&s) != before) {
      changed = true;
      sharc_mi_set_result_use_set(callee, i, &s);
    }
    sharc_mesh_set_free(&s);
  }
  if (changed || !call_has_use_sets(callee)) {
    walk_reverse_post_order(callee, memo);
    return true;
  }
  return false;
}

static void populate_call(sharc_op *call, set_memo *memo) {
  sharc_op *callee = sharc_mpmd_callee(call);
  if (!callee || !sharc_func_body(callee))
    return;
  bool changed = populate_callee(call, callee, memo);
  if (sharc_mi_is_call_in_chain(call))
    for (int i = 0; i < MAX_CALL_CHAIN_ITERATIONS && changed; i++)
      changed = populate_callee(call, callee, memo);
}

static void populate_for(sharc_op *for_op) {
  sharc_block *body = sharc_region_first_block(sharc_op_region(for_op, 0));
  for (unsigned i = 0; body && i < sharc_block_num_args(body); i++) {
    sharc_mesh_set s = {0};
    sharc_mi_for_use_set(for_op, i, &s);
    sharc_mi_add_transitive_uses(sharc_block_arg(body, i), &s);
    sharc_mi_set_for_use_set(for_op, i, &s);
    sharc_mesh_set_free(&s);
  }
}

/* PopulateUseSetForForOpTerminator: the uses of an mpmd.for's results reach
 * what its body returns. */
static void populate_for_terminator(sharc_op *ret) {
  sharc_op *for_op = sharc_op_parent_op(ret);
  if (!for_op || !sharc_op_isa(for_op, &sharc_mpmd_for_def))
    return;
  unsigned n = sharc_op_num_operands(ret);
  if (sharc_op_num_results(for_op) < n)
    n = sharc_op_num_results(for_op);
  for (unsigned i = 0; i < n; i++) {
    sharc_op *def = sharc_value_defining_op(sharc_op_operand(ret, i));
    if (!def)
      continue;
    sharc_value *result = sharc_op_result(for_op, i);
    sharc_mesh_set s = {0};
    if (sharc_op_isa(def, &sharc_mpmd_call_def)) {
      /* Shardy indexes the callee's results by the for's result number */
      sharc_op *callee = sharc_mpmd_callee(def);
      if (callee && i < sharc_func_num_results(callee)) {
        sharc_mi_result_use_set(callee, i, &s);
        sharc_mi_add_transitive_uses(result, &s);
        sharc_mi_set_result_use_set(callee, i, &s);
      }
    } else {
      sharc_mi_use_set(def, &s);
      sharc_mi_add_transitive_uses(result, &s);
      sharc_mi_set_use_set(def, &s);
    }
    sharc_mesh_set_free(&s);
  }
}

/* An assign's use set is its mesh with its origin: the attribute
 * sharc_mi_set_use_set would store for that one-mesh set (attributes are
 * unique: the op holds that set exactly when it holds that attribute),
 * stored only when the op does not hold it yet (the second propagation
 * finds it there). A mesh named as the wildcard takes the set's own path. */
static void populate_assign_use_set(sharc_op *op, set_memo *memo) {
  const assign_sets *a = assign_sets_of(memo, op);
  if (a->wildcard) {
    sharc_mesh_set s = {0};
    sharc_mesh_set_insert(&s, a->mwo);
    sharc_mi_set_use_set(op, &s);
    sharc_mesh_set_free(&s);
    return;
  }
  if (sharc_op_attr_static(op, SHARC_MI_USE_SET) != a->set)
    sharc_op_set_attr_static(op, SHARC_MI_USE_SET, a->set);
}

/* The common case of a meshless op's use set: the uses of its results that
 * contribute one contribute one shared attribute, and the op has none or
 * that one. The union of a set with itself is that set, so the op's set is
 * that attribute's (or its own, with no contributing use), stored back
 * where it differs: no set is built. False where the sets must be joined. */
static bool populate_shared_use_set(sharc_op *op, set_memo *memo) {
  sharc_attr *own = sharc_op_attr_static(op, SHARC_MI_USE_SET);
  const sharc_attr *shared = NULL;
  sharc_block *block = sharc_op_block(op);
  for (unsigned i = 0, n = sharc_op_num_results(op); i < n; i++)
    for (sharc_use *u = sharc_value_first_use(sharc_op_result(op, i)); u; u = sharc_use_next(u)) {
      sharc_attr *uses;
      if (!use_attr(block, u, &uses) || !is_meshes_attr(uses))
        continue;
      if (shared && uses != shared)
        return false;
      shared = uses;
    }
  if (shared && is_meshes_attr(own) && own != shared)
    return false;
  const sharc_attr *from = shared ? shared : own;
  if (!is_meshes_attr(from))
    return true;
  bool has_mesh;
  sharc_attr *stored = stored_set_attr(memo, sharc_op_context(op), from, &has_mesh);
  if (has_mesh && stored != own)
    sharc_op_set_attr_static(op, SHARC_MI_USE_SET, stored);
  return true;
}

static void populate_use_set(sharc_op *op, set_memo *memo) {
  sharc_context *ctx = sharc_op_context(op);
  sharc_mesh_set s = {0};
  if (sharc_op_isa(op, &sharc_mpmd_assign_def)) {
    populate_assign_use_set(op, memo);
  } else if (sharc_op_isa(op, &sharc_func_func_def)) {
    sharc_block *body = sharc_func_body(op);
    unsigned n = sharc_func_num_args(op);
    sharc_attr **sets = sharc_xcalloc(n + 1, sizeof *sets);
    for (unsigned i = 0; body && i < sharc_block_num_args(body) && i < n; i++) {
      sharc_mi_arg_use_set(op, i, &s);
      sharc_mi_add_transitive_uses(sharc_block_arg(body, i), &s);
      if (!sharc_mesh_set_empty(&s))
        sets[i] = sharc_mesh_set_to_attr(ctx, &s);
    }
    /* stored at once: a store per argument rebuilds the whole array */
    sharc_func_set_each_arg_attr(op, SHARC_MI_USE_SET, sets);
    free(sets);
  } else if (sharc_op_isa(op, &sharc_mpmd_fragment_def)) {
    /* already on a mesh */
  } else if (sharc_op_isa(op, &sharc_mpmd_call_def)) {
    populate_call(op, memo);
  } else if (sharc_op_isa(op, &sharc_mpmd_for_def)) {
    populate_for(op);
  } else if (sharc_op_isa(op, &sharc_mpmd_return_def)) {
    populate_for_terminator(op);
  } else if ((sharc_mi_is_meshless_op(op) || sharc_mi_is_terminal_node(op) ||
              sharc_op_isa(op, &sharc_mpmd_unassign_def)) &&
             !populate_shared_use_set(op, memo)) {
    sharc_mi_use_set(op, &s);
    sharc_mi_add_op_transitive_uses(op, &s);
    sharc_mi_set_use_set(op, &s);
  }
  sharc_mesh_set_free(&s);
}

static bool populate_use_sets_in(sharc_op *func, void *user) {
  (void)user;
  set_memo memo = {.len = 0};
  walk_reverse_post_order(func, &memo);
  return true;
}

void sharc_mi_populate_use_sets(sharc_op *module) {
  sharc_mpmd_for_each_entry_point(module, populate_use_sets_in, NULL);
}

/* ---- source set propagation ----------------------------------------------------------------- */

/* Adds the meshes of `use_set` to `src` with the origin "inferred_in": the
 * inputs may be put where they are used. */
static void add_use_set_to_src_set(sharc_context *ctx, sharc_mesh_set *src,
                                   const sharc_mesh_set *use_set) {
  sharc_attr *origin = sharc_mpmd_origin(ctx, SHARC_STR(SHARC_MI_INFERRED_IN));
  for (unsigned i = 0; use_set->specified && i < use_set->meshes.len; i++)
    sharc_mesh_set_insert_mesh(src, use_set->meshes.items[i].mesh, origin);
}

static bool has_transfer_user(const sharc_value *v) {
  for (sharc_use *u = sharc_value_first_use(v); u; u = sharc_use_next(u))
    if (sharc_op_isa(sharc_use_owner(u), &sharc_mpmd_transfer_def))
      return true;
  return false;
}

/* Whether `v` is an argument of an entry-point function: its uses add to
 * the source set of an unassign of it. */
static bool is_entry_point_arg(sharc_op *op, sharc_value *v) {
  if (!sharc_value_is_block_arg(v))
    return false;
  sharc_op *func = sharc_mpmd_enclosing_func(op);
  return func && sharc_mpmd_is_entry_point_function(func);
}

static void init_unassign(sharc_op *op, set_memo *memo) {
  sharc_context *ctx = sharc_op_context(op);
  const assign_sets *a = assign_sets_of(memo, op);
  sharc_value *tensor = sharc_op_operand(op, 0);
  /* the common case: the set is the op's mesh with its origin alone, the
   * memoized attribute (as sharc_mi_set_src_set would store it) */
  if (!a->wildcard && !has_transfer_user(tensor) && !is_entry_point_arg(op, tensor)) {
    sharc_op_set_attr_static(op, SHARC_MI_SRC_SET, a->set);
    return;
  }
  sharc_mesh_set src = {0};
  sharc_mesh_set_insert(&src, a->mwo);
  sharc_attr *transfer_origin = sharc_mpmd_origin(ctx, SHARC_STR(SHARC_MI_TRANSFER));
  for (sharc_use *u = sharc_value_first_use(tensor); u; u = sharc_use_next(u)) {
    sharc_op *user = sharc_use_owner(u);
    if (sharc_op_isa(user, &sharc_mpmd_transfer_def))
      sharc_mesh_set_insert_mesh(
          &src, sharc_ident_get(ctx, sharc_mpmd_value_mesh(sharc_op_result(user, 0))),
          transfer_origin);
  }
  if (is_entry_point_arg(op, tensor)) {
    sharc_mesh_set uses = {0};
    sharc_mi_add_transitive_uses(sharc_op_result(op, 0), &uses);
    add_use_set_to_src_set(ctx, &src, &uses);
    sharc_mesh_set_free(&uses);
  }
  sharc_mi_set_src_set(op, &src);
  sharc_mesh_set_free(&src);
}

static void init_func(sharc_op *func) {
  sharc_context *ctx = sharc_op_context(func);
  unsigned n = sharc_func_num_args(func);
  sharc_attr **srcs = sharc_xcalloc(n + 1, sizeof *srcs);
  for (unsigned i = 0; i < n; i++) {
    sharc_mesh_set uses = {0}, src = {0};
    sharc_mi_arg_use_set(func, i, &uses);
    if (!sharc_mesh_set_empty(&uses)) {
      add_use_set_to_src_set(ctx, &src, &uses);
      srcs[i] = sharc_mesh_set_to_attr(ctx, &src);
    }
    sharc_mesh_set_free(&uses);
    sharc_mesh_set_free(&src);
  }
  /* stored at once: a store per argument rebuilds the whole array */
  sharc_func_set_each_arg_attr(func, SHARC_MI_SRC_SET, srcs);
  free(srcs);
}

/* MatchCrossMeshConcatReduce: `op` a concatenate of same-typed operands of
 * size 1 along the dimension that its single user, a one-input
 * one-dimension stablehlo.reduce, reduces. */
static sharc_op *cross_mesh_concat_reduce(sharc_op *op) {
  unsigned n = sharc_op_num_operands(op);
  for (unsigned i = 1; i < n; i++)
    if (sharc_value_type(sharc_op_operand(op, i)) != sharc_value_type(sharc_op_operand(op, 0)))
      return NULL;
  if (!sharc_op_isa(op, SHARC_SHLO(concatenate)) || sharc_op_num_results(op) != 1 ||
      !sharc_value_has_one_use(sharc_op_result(op, 0)))
    return NULL;
  sharc_op *reduce = sharc_use_owner(sharc_value_first_use(sharc_op_result(op, 0)));
  if (!sharc_op_isa(reduce, SHARC_SHLO(reduce)) || sharc_op_num_operands(reduce) != 2)
    return NULL;
  sharc_attr *dims = sharc_op_attr_static(reduce, "dimensions");
  if (!dims || sharc_attr_get_kind(dims) != SHARC_ATTR_DENSE_ARRAY || sharc_attr_count(dims) != 1)
    return NULL;
  sharc_type *t = n ? sharc_value_type(sharc_op_operand(op, 0)) : NULL;
  sharc_attr *concat_dim = sharc_op_attr_static(op, "dimension");
  int64_t dim = sharc_attr_dense_array_i64(dims, 0);
  if (!t || sharc_type_get_kind(t) != SHARC_TYPE_TENSOR || !concat_dim ||
      dim != sharc_attr_int_value(concat_dim) || dim < 0 || dim >= (int64_t)sharc_type_rank(t) ||
      sharc_type_shape(t)[dim] != 1)
    return NULL;
  return reduce;
}

/* InferReduceAndPropagateSrcSet: a reduction whose operands live apart
 * (or one of which is such a reduction) is annotated as a cross-mesh
 * reduction, its source set the union of its operands'. */
static void infer_reduce(sharc_op *op) {
  sharc_context *ctx = sharc_op_context(op);
  sharc_op *cross = cross_mesh_concat_reduce(op);
  sharc_mpmd_reduction_kind kind =
      cross ? sharc_mpmd_body_reduction_kind(sharc_region_first_block(sharc_op_region(cross, 0)))
            : sharc_mpmd_reduction_op_kind(op);
  if (kind == SHARC_MPMD_REDUCE_NONE)
    return;
  /* interned only when an operand's producer has an annotation to compare */
  sharc_attr *reduction = NULL;
  bool some_reduce = false;
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++) {
    sharc_op *def = sharc_value_defining_op(sharc_op_operand(op, i));
    sharc_attr *annotation = def ? sharc_op_attr_static(def, SHARC_MI_REDUCE_ANNOTATION) : NULL;
    if (annotation && !reduction)
      reduction = sharc_mpmd_reduction(ctx, kind);
    if (annotation && annotation == reduction)
      some_reduce = true;
  }
  /* nothing changes unless the op's own set is empty or an operand is
   * such a reduction: only then are the operands' sets read */
  if (!sharc_mesh_set_attr_empty(sharc_op_attr_static(op, SHARC_MI_SRC_SET)) && !some_reduce)
    return;
  sharc_mesh_set all = {0}, s = {0};
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++) {
    sharc_mi_value_src_set(sharc_op_operand(op, i), &s);
    if (sharc_mesh_set_empty(&s))
      goto done;
    sharc_mesh_set_union(&all, &s);
  }
  if (!reduction)
    reduction = sharc_mpmd_reduction(ctx, kind);
  sharc_op_set_attr_static(op, SHARC_MI_REDUCE_ANNOTATION, reduction);
  if (cross)
    sharc_op_set_attr_static(cross, SHARC_MI_REDUCE_ANNOTATION, reduction);
  sharc_mi_set_src_set(op, &all);
done:
  sharc_mesh_set_free(&all);
  sharc_mesh_set_free(&s);
}

/* The common case of propagate_src_set: the op has no source set and the
 * operands that have one all share one attribute. Intersecting a set with
 * itself leaves it as it is, and unspecified sets leave the intersection
 * alone, so the op's set is that attribute's, stored back: the operands'
 * sets need not be built. False where the sets must be intersected. */
static bool propagate_shared_src_set(sharc_op *op, set_memo *memo) {
  if (is_meshes_attr(sharc_op_attr_static(op, SHARC_MI_SRC_SET)))
    return false;
  const sharc_attr *shared = NULL;
  for (unsigned i = 0, n = sharc_op_num_operands(op); i < n; i++) {
    const sharc_attr *a = value_src_attr(sharc_op_operand(op, i));
    if (!is_meshes_attr(a))
      continue;
    if (shared && a != shared)
      return false;
    shared = a;
  }
  if (!shared)
    return true;
  bool has_mesh;
  sharc_op_set_attr_static(op, SHARC_MI_SRC_SET,
                           stored_set_attr(memo, sharc_op_context(op), shared, &has_mesh));
  infer_reduce(op);
  return true;
}

static void propagate_src_set(sharc_op *op, set_memo *memo) {
  if (propagate_shared_src_set(op, memo))
    return;
  sharc_mesh_set src = {0}, s = {0};
  sharc_mi_src_set(op, &src);
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++) {
    /* intersecting an unspecified (so empty) set copies: read into it */
    if (!src.specified) {
      sharc_mi_value_src_set(sharc_op_operand(op, i), &src);
      continue;
    }
    sharc_mi_value_src_set(sharc_op_operand(op, i), &s);
    sharc_mesh_set_intersect(&src, &s);
  }
  if (src.specified) {
    sharc_mi_set_src_set(op, &src);
    infer_reduce(op);
  }
  sharc_mesh_set_free(&src);
  sharc_mesh_set_free(&s);
}

static sharc_walk_result populate_src_set(sharc_op *op, void *user);

static void populate_src_call(sharc_op *call, set_memo *memo) {
  sharc_op *callee = sharc_mpmd_callee(call);
  sharc_block *body = callee ? sharc_func_body(callee) : NULL;
  if (!body)
    return;
  sharc_mesh_set s = {0}, arg = {0};
  unsigned n = sharc_op_num_operands(call);
  if (n > sharc_block_num_args(body))
    n = sharc_block_num_args(body);
  for (unsigned i = 0; i < n; i++) {
    sharc_mi_value_src_set(sharc_op_operand(call, i), &s);
    sharc_mi_arg_src_set(callee, i, &arg);
    sharc_mesh_set_intersect(&s, &arg);
    if (s.specified)
      sharc_mi_set_arg_src_set(callee, i, &s);
  }
  sharc_mesh_set_free(&s);
  sharc_mesh_set_free(&arg);
  /* Shardy walks the callee's body in post-order, where skipping regions
   * has no effect: ops nested in regions get source sets too */
  sharc_walk_region(sharc_op_region(callee, 0), SHARC_POST_ORDER, populate_src_set, memo);
}

static void populate_src_for(sharc_op *for_op) {
  sharc_mesh_set s = {0};
  for (unsigned i = 0; i < sharc_op_num_operands(for_op); i++) {
    sharc_mi_value_src_set(sharc_op_operand(for_op, i), &s);
    if (s.specified)
      sharc_mi_set_for_src_set(for_op, i, &s);
  }
  sharc_mesh_set_free(&s);
}

static sharc_walk_result populate_src_set(sharc_op *op, void *user) {
  set_memo *memo = user;
  if (sharc_op_isa(op, &sharc_mpmd_unassign_def)) {
    init_unassign(op, memo);
  } else if (sharc_op_isa(op, &sharc_func_func_def)) {
    init_func(op);
  } else if (sharc_op_isa(op, &sharc_mpmd_fragment_def)) {
    return SHARC_WALK_SKIP;
  } else if (sharc_op_isa(op, &sharc_mpmd_call_def)) {
    populate_src_call(op, memo);
  } else if (sharc_op_isa(op, &sharc_mpmd_for_def)) {
    populate_src_for(op);
  } else if (sharc_mi_is_meshless_op(op) || sharc_op_isa(op, &sharc_mpmd_assign_def)) {
    propagate_src_set(op, memo);
    return SHARC_WALK_SKIP;
  }
  return SHARC_WALK_ADVANCE;
}

static bool populate_src_sets_in(sharc_op *func, void *user) {
  (void)user;
  set_memo memo = {.len = 0};
  sharc_walk(func, SHARC_PRE_ORDER, populate_src_set, &memo);
  return true;
}

void sharc_mi_populate_src_sets(sharc_op *module) {
  sharc_mpmd_for_each_entry_point(module, populate_src_sets_in, NULL);
}
