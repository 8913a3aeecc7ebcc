/* Looking inside attributes and types: their immediate sub-elements and a
 * recursive pre-order walk, shared by every pass that must find what an
 * attribute refers to (symbol uses inside shardings, ...). */
#include "ir/ir_internal.h"

static void report_attr(const sharc_subelement_fns *f, sharc_attr *a) {
  if (a && f->attr)
    f->attr(a, f->user);
}

static void report_type(const sharc_subelement_fns *f, sharc_type *t) {
  if (t && f->type)
    f->type(t, f->user);
}

static void walk_location(const sharc_attr *a, const sharc_subelement_fns *f) {
  switch (a->kind) {
  case SHARC_ATTR_LOC_NAME:
    report_attr(f, a->name.child);
    break;
  case SHARC_ATTR_LOC_CALLSITE:
    report_attr(f, a->callsite.callee);
    report_attr(f, a->callsite.caller);
    break;
  case SHARC_ATTR_LOC_FUSED:
    for (unsigned i = 0; i < a->fused.n; i++)
      report_attr(f, a->fused.locs[i]);
    report_attr(f, a->fused.metadata);
    break;
  default:
    break;
  }
}

void sharc_attr_walk_immediate(const sharc_attr *a, const sharc_subelement_fns *f) {
  switch (a->kind) {
  case SHARC_ATTR_ARRAY:
    for (unsigned i = 0; i < sharc_array_n(a); i++)
      report_attr(f, sharc_array_elems(a)[i]);
    break;
  case SHARC_ATTR_DICTIONARY:
    for (unsigned i = 0; i < sharc_dict_n(a); i++)
      report_attr(f, sharc_dict_entries(a)[i].value);
    break;
  case SHARC_ATTR_TYPE:
    report_type(f, a->tval);
    break;
  case SHARC_ATTR_DENSE_ARRAY:
    report_type(f, sharc_darray_elem(a));
    break;
  case SHARC_ATTR_DIALECT:
    if (sharc_attr_def_of(a) && sharc_attr_def_of(a)->walk)
      sharc_attr_def_of(a)->walk(a, f);
    break;
  case SHARC_ATTR_DISTINCT:
    report_attr(f, a->distinct.ref);
    break;
  case SHARC_ATTR_SPARSE_ELEMENTS:
    report_attr(f, a->sparse.indices);
    report_attr(f, a->sparse.values);
    break;
  default:
    walk_location(a, f);
    break;
  }
  report_type(f, a->type);
}

void sharc_type_walk_immediate(const sharc_type *t, const sharc_subelement_fns *f) {
  switch (t->kind) {
  case SHARC_TYPE_COMPLEX:
    report_type(f, t->elem);
    break;
  case SHARC_TYPE_TENSOR:
  case SHARC_TYPE_UNRANKED_TENSOR:
  case SHARC_TYPE_VECTOR:
  case SHARC_TYPE_MEMREF:
  case SHARC_TYPE_UNRANKED_MEMREF:
    report_type(f, t->shaped.elem);
    report_attr(f, t->shaped.encoding);
    report_attr(f, t->shaped.memspace);
    break;
  case SHARC_TYPE_TUPLE:
    for (unsigned i = 0; i < t->list.n_in; i++)
      report_type(f, t->list.types[i]);
    break;
  case SHARC_TYPE_FUNCTION:
    for (unsigned i = 0; i < t->list.n_in + t->list.n_res; i++)
      report_type(f, t->list.types[i]);
    break;
  case SHARC_TYPE_DIALECT:
    if (t->def && t->def->walk)
      t->def->walk(t, f);
    break;
  default:
    break;
  }
}

/* ---- the recursive walk ---------------------------------------------------- */

typedef struct walk_state {
  sharc_attr_visit_fn fn;
  void *user;
  bool interrupted;
} walk_state;

static void visit_type(sharc_type *t, void *user);

static void visit_attr(sharc_attr *a, void *user) {
  walk_state *s = user;
  if (s->interrupted)
    return;
  sharc_walk_result r = s->fn(a, s->user);
  if (r == SHARC_WALK_INTERRUPT)
    s->interrupted = true;
  if (r != SHARC_WALK_ADVANCE)
    return;
  sharc_subelement_fns fns = {visit_attr, visit_type, s};
  sharc_attr_walk_immediate(a, &fns);
}

/* Types are not reported, only looked through for the attributes they hold
 * (a sharding in a tensor encoding, an attribute in a dialect type). */
static void visit_type(sharc_type *t, void *user) {
  walk_state *s = user;
  if (s->interrupted)
    return;
  sharc_subelement_fns fns = {visit_attr, visit_type, s};
  sharc_type_walk_immediate(t, &fns);
}

sharc_walk_result sharc_attr_walk(sharc_attr *a, sharc_attr_visit_fn fn, void *user) {
  walk_state s = {fn, user, false};
  if (a)
    visit_attr(a, &s);
  return s.interrupted ? SHARC_WALK_INTERRUPT : SHARC_WALK_ADVANCE;
}
