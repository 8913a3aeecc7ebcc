/* The generic form's `<{...}>` for ops whose inherent attributes sharc
 * checks as MLIR turns them into properties while parsing (the arith and
 * func ops): one table of constraints per op, shared by their hooks. */
#ifndef SHARC_ASM_PARSE_PROPS_H
#define SHARC_ASM_PARSE_PROPS_H

#include "asm/parser.h"

/* An inherent attribute: its name, its constraint and, for ODS's
 * DefaultValuedAttr, the default the parser fills in. */
typedef struct sharc_prop_spec {
  const char *name;
  bool (*ok)(const sharc_attr *a);
  const char *what;
  sharc_attr *(*fallback)(sharc_context *ctx); /* NULL: optional */
  /* Whether the value casts to the property's storage (an ArrayAttr for
   * an array of dictionaries), which is all a `<{...}>` is checked for as
   * the op is read (the verifier checks the rest); NULL: `ok`. */
  bool (*storage_ok)(const sharc_attr *a);
} sharc_prop_spec;

/* The defaults of the DefaultValuedAttr properties among the first `n` of
 * `props` (or up to a NULL) that the op was given none of. */
void sharc_p_fill_prop_defaults(sharc_parser *p, sharc_op_builder *b,
                                const sharc_prop_spec *const *props, unsigned n);
/* MLIR's checks of a generic op's inherent attributes as it is read, the
 * op's properties being the first `n` of `props` (or up to a NULL), then
 * the defaults. With a `<{...}>` (b->props, a dictionary: the parser
 * reports the other cases itself, see parse_ops.c:check_registered_props):
 * a value of the wrong kind in it is setPropertiesFromAttr's error; one in
 * `{...}` is dropped, as MLIR's setInherentAttr casts it to null (nor is
 * its default filled in). Without one: verifyInherentAttrs's error. Both
 * by sorted name. */
bool sharc_p_check_props(sharc_parser *p, sharc_op_builder *b, const sharc_prop_spec *const *props,
                         unsigned n);
/* MLIR's "invalid properties <props> for op <name>: <why>" for a
 * registered op's `<{...}>` (b->props), at the op's name. */
bool sharc_p_props_error(sharc_parser *p, const sharc_op_builder *b, const char *why);

#endif
