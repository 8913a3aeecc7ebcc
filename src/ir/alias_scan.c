/* Which types and attributes may print with an alias inside them. The
 * printer's alias collection is a dry run of printing; subtrees that can
 * hold no alias are skipped, and this memoized answer makes that test O(1). */
#include "ir/ir_internal.h"

static bool type_scan(const sharc_type *t);
static bool attr_scan(const sharc_attr *a);

bool sharc_type_may_alias(const sharc_type *t) {
  if (!t)
    return false;
  if (!t->alias_memo) /* a cache on an immutable object: safe to fill in */
    ((sharc_type *)t)->alias_memo = type_scan(t) ? 2 : 1;
  return t->alias_memo == 2;
}

bool sharc_attr_may_alias(const sharc_attr *a) {
  if (!a)
    return false;
  if (!a->alias_memo)
    ((sharc_attr *)a)->alias_memo = attr_scan(a) ? 2 : 1;
  return a->alias_memo == 2;
}

bool sharc_attr_never_alias(const sharc_attr *a) {
  (void)a;
  return false;
}

bool sharc_type_never_alias(const sharc_type *t) {
  (void)t;
  return false;
}

static bool any_type(sharc_type *const *types, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    if (sharc_type_may_alias(types[i]))
      return true;
  return false;
}

static bool type_scan(const sharc_type *t) {
  switch (t->kind) {
  case SHARC_TYPE_COMPLEX:
    return sharc_type_may_alias(t->elem);
  case SHARC_TYPE_TENSOR:
  case SHARC_TYPE_UNRANKED_TENSOR:
  case SHARC_TYPE_VECTOR:
  case SHARC_TYPE_MEMREF:
  case SHARC_TYPE_UNRANKED_MEMREF:
    return sharc_type_may_alias(t->shaped.elem) || sharc_attr_may_alias(t->shaped.encoding) ||
           sharc_attr_may_alias(t->shaped.memspace);
  case SHARC_TYPE_TUPLE:
    return t->list.n_in > 16 || any_type(t->list.types, t->list.n_in);
  case SHARC_TYPE_FUNCTION:
    return any_type(t->list.types, t->list.n_in + t->list.n_res);
  case SHARC_TYPE_DIALECT:
    return !t->def->may_alias || t->def->may_alias(t);
  default:
    return false;
  }
}

static bool attr_scan(const sharc_attr *a) {
  if (sharc_attr_is_location(a) || a->kind == SHARC_ATTR_DISTINCT)
    return true;
  if (sharc_type_may_alias(a->type))
    return true;
  switch (a->kind) {
  case SHARC_ATTR_TYPE:
    return sharc_type_may_alias(a->tval);
  case SHARC_ATTR_ARRAY:
    for (unsigned i = 0; i < sharc_array_n(a); i++)
      if (sharc_attr_may_alias(sharc_array_elems(a)[i]))
        return true;
    return false;
  case SHARC_ATTR_DICTIONARY:
    for (unsigned i = 0; i < sharc_dict_n(a); i++)
      if (sharc_attr_may_alias(sharc_dict_entries(a)[i].value))
        return true;
    return false;
  case SHARC_ATTR_DENSE_ARRAY:
    return sharc_type_may_alias(sharc_darray_elem(a));
  case SHARC_ATTR_DIALECT:
    return !sharc_attr_def_of(a)->may_alias || sharc_attr_def_of(a)->may_alias(a);
  case SHARC_ATTR_AFFINE_MAP: /* printed as #map, #set aliases */
  case SHARC_ATTR_INTEGER_SET:
    return true;
  default:
    return false;
  }
}
