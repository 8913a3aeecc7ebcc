/* The builtin dialect: `module` and `unrealized_conversion_cast`, defined
 * in the IR as MLIR's BuiltinOps are (the parser wraps top-level ops in a
 * module, the verifier and passes recognise it). Their custom syntax is
 * the asm layer's (asm/builtin_syntax.c), as MLIR's parser owns the
 * builtin types' and attributes' syntax. */
#include "ir/context.h"
#include "sharc/symbols.h"

#include <string.h>

static bool module_verify(sharc_op *op) {
  sharc_block *body = sharc_region_first_block(sharc_op_region(op, 0));
  /* ODS's SizedRegion<1> of bodyRegion (the generic form's `({ })` has no
   * block; SingleBlock lets that through) */
  if (!body) {
    sharc_emit_op_error(op, "region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks");
    return false;
  }
  /* NoRegionArguments */
  if (body && sharc_block_num_args(body)) {
    sharc_emit_op_error(op, "region should have no arguments");
    return false;
  }
  const sharc_attr *d = sharc_op_attrs(op);
  for (unsigned i = 0; i < sharc_attr_count(d); i++) {
    sharc_str n = sharc_ident_str(sharc_attr_dict_entries(d)[i].name);
    if (sharc_str_eq_cstr(n, "sym_name") || sharc_str_eq_cstr(n, "sym_visibility"))
      continue;
    if (!memchr(n.data, '.', n.len)) {
      sharc_emit_op_error(op, "can only contain attributes with dialect-prefixed names, found: '%.*s'",
                          (int)n.len, n.data);
      return false;
    }
  }
  return true;
}

static const char *const module_inherent[] = {"sym_name", "sym_visibility", NULL};

const sharc_op_def sharc_builtin_module_def = {
    .name = "builtin.module",
    /* a symbol whose name is optional, as MLIR's ModuleOp (OptionalSymbol) */
    .traits = SHARC_TRAIT_ISOLATED | SHARC_TRAIT_SYMBOL_TABLE | SHARC_TRAIT_SYMBOL |
              SHARC_TRAIT_NO_TERMINATOR | SHARC_TRAIT_SINGLE_BLOCK | SHARC_TRAIT_GRAPH_REGION |
              SHARC_TRAIT_ZERO_OPERANDS | SHARC_TRAIT_ZERO_RESULTS | SHARC_TRAIT_ONE_REGION,
    .inherent = module_inherent,
    .default_dialect = "builtin",
    .verify = module_verify,
};

const sharc_op_def sharc_builtin_unrealized_cast_def = {
    .name = "builtin.unrealized_conversion_cast",
    .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS,
};

static const sharc_op_def *const builtin_ops[] = {&sharc_builtin_module_def, &sharc_builtin_unrealized_cast_def};

const sharc_dialect sharc_builtin_dialect = {
    .name = "builtin",
    .ops = builtin_ops,
    .num_ops = sizeof builtin_ops / sizeof builtin_ops[0],
};
