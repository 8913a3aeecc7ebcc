/* The StableHLO side of op_access.h: enum cases and struct-attribute fields
 * read through the stablehlo dialect's attribute definitions. */
#include "transforms/sdy/rules/op_access.h"

#include "dialect/stablehlo/shlo.h"

const char *sharc_op_enum_attr(sharc_op *op, const char *name) {
  sharc_attr *a = sharc_op_attr(op, name);
  const char *s = a ? sharc_shlo_enum_name(a) : NULL;
  return s ? s : "";
}

/* The struct definitions whose fields rules read. */
static const shlo_struct_def *const known_structs[] = {
    &sharc_shlo_dot_def, &sharc_shlo_gather_def, &sharc_shlo_scatter_def, &sharc_shlo_conv_def,
};

static sharc_attr *struct_field(sharc_op *op, const char *attr, const char *field) {
  sharc_attr *a = sharc_op_attr(op, attr);
  if (!a || sharc_attr_get_kind(a) != SHARC_ATTR_DIALECT)
    return NULL;
  for (size_t s = 0; s < sizeof known_structs / sizeof known_structs[0]; s++) {
    const shlo_struct_def *def = known_structs[s];
    if (sharc_attr_def_of(a) != &def->base)
      continue;
    for (unsigned i = 0; i < def->num_fields; i++)
      if (strcmp(def->fields[i].name, field) == 0)
        return sharc_shlo_struct_field(a, def, i);
  }
  return NULL;
}

bool sharc_struct_ints(sharc_op *op, const char *attr, const char *field, sharc_ints *out) {
  return sharc_attr_read_ints(struct_field(op, attr, field), out);
}

int64_t sharc_struct_int(sharc_op *op, const char *attr, const char *field, int64_t dflt) {
  sharc_attr *a = struct_field(op, attr, field);
  return a && sharc_attr_get_kind(a) == SHARC_ATTR_INTEGER ? sharc_attr_int_value(a) : dflt;
}

