/* The builtin dialect: `module` and `unrealized_conversion_cast`. */
#include "dialect/func/func.h"
#include "asm/parser.h"
#include "asm/printer.h"
#include "ir/context.h"
#include "sharc/symbols.h"

#include <string.h>

/* module [@name] [attributes {...}] { ... } */
static bool module_parse(sharc_parser *p, sharc_op_builder *b) {
  if (sharc_p_tok(p)->kind == TOK_AT_ID) {
    sharc_attr *name;
    if (!sharc_p_parse_symbol_name(p, &name))
      return false;
    sharc_builder_set_attr(p, b, "sym_name", name);
  }
  if (!sharc_p_parse_optional_attr_dict_with_keyword(p, b))
    return false;
  sharc_region *r;
  if (!sharc_p_parse_region(p, &r, NULL, 0, true))
    return false;
  if (!r->first)
    sharc_region_append_block(r, sharc_block_create(sharc_p_context(p)));
  sharc_ptrvec_push(&b->regions, r);
  return true;
}

/* sym_visibility stays in the printed dictionary, as MLIR prints it */
static const char *const module_elided[] = {"sym_name", NULL};

static void module_print(sharc_printer *p, sharc_op *op) {
  sharc_attr *name = sharc_op_attr(op, "sym_name");
  if (name && sharc_attr_get_kind(name) == SHARC_ATTR_STRING) {
    SHARC_PR_LIT(p, " ");
    sharc_pr_symbol(p, sharc_attr_string_value(name));
  }
  sharc_pr_attr_dict(p, sharc_op_attrs(op), module_elided, true);
  SHARC_PR_LIT(p, " ");
  sharc_pr_region(p, sharc_op_region(op, 0), false, false);
}

static bool module_verify(sharc_op *op) {
  if (!sharc_symbol_verify_unique(op))
    return false;
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

/* The symbol uses of the ops in this symbol table, not those in nested
 * tables (which check their own). */
static sharc_walk_result verify_uses_of(sharc_op *op, void *failed) {
  const sharc_op_def *def = sharc_op_get_def(op);
  if (def && def->verify_symbol_uses && !def->verify_symbol_uses(op)) {
    *(bool *)failed = true;
    return SHARC_WALK_INTERRUPT;
  }
  return def && (def->traits & SHARC_TRAIT_SYMBOL_TABLE) ? SHARC_WALK_SKIP : SHARC_WALK_ADVANCE;
}

static bool module_verify_symbol_uses(sharc_op *op) {
  bool failed = false;
  sharc_walk_nested(op, SHARC_PRE_ORDER, verify_uses_of, &failed);
  return !failed;
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
    .parse = module_parse,
    .print = module_print,
    .verify = module_verify,
    .verify_regions = module_verify_symbol_uses,
};

/* %r = unrealized_conversion_cast %a, %b : T1, T2 to T3 */
static bool cast_parse(sharc_parser *p, sharc_op_builder *b) {
  sharc_operand_ref refs[64];
  unsigned n = 0;
  if (sharc_p_at_operand(p)) {
    do {
      if (n == 64)
        return sharc_p_error(p, "too many operands");
      if (!sharc_p_parse_operand(p, &refs[n++]))
        return false;
    } while (sharc_p_eat(p, ','));
    if (!sharc_p_expect(p, ':'))
      return false;
    for (unsigned i = 0; i < n; i++) {
      sharc_type *t;
      sharc_value *v;
      if ((i && !sharc_p_expect(p, ',')) || !sharc_p_parse_type(p, &t) ||
          !sharc_p_resolve_operand(p, &refs[i], t, &v))
        return false;
      sharc_ptrvec_push(&b->operands, v);
    }
  }
  if (!sharc_p_expect_keyword(p, "to"))
    return false;
  do {
    sharc_type *t;
    if (!sharc_p_parse_type(p, &t))
      return false;
    sharc_ptrvec_push(&b->result_types, t);
  } while (sharc_p_eat(p, ','));
  return sharc_p_parse_optional_attr_dict(p, b);
}

static void cast_print(sharc_printer *p, sharc_op *op) {
  if (sharc_op_num_operands(op)) {
    SHARC_PR_LIT(p, " ");
    sharc_pr_operands(p, op);
    SHARC_PR_LIT(p, " : ");
    for (unsigned i = 0; i < sharc_op_num_operands(op); i++) {
      if (i)
        SHARC_PR_LIT(p, ", ");
      sharc_pr_type(p, sharc_value_type(sharc_op_operand(op, i)));
    }
  }
  SHARC_PR_LIT(p, " to ");
  for (unsigned i = 0; i < sharc_op_num_results(op); i++) {
    if (i)
      SHARC_PR_LIT(p, ", ");
    sharc_pr_type(p, sharc_value_type(sharc_op_result(op, i)));
  }
  sharc_pr_attr_dict(p, sharc_op_attrs(op), NULL, false);
}

const sharc_op_def sharc_builtin_unrealized_cast_def = {
    .name = "builtin.unrealized_conversion_cast",
    .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS,
    .parse = cast_parse,
    .print = cast_print,
};

static const sharc_op_def *const builtin_ops[] = {&sharc_builtin_module_def, &sharc_builtin_unrealized_cast_def};

const sharc_dialect sharc_builtin_dialect = {
    .name = "builtin",
    .ops = builtin_ops,
    .num_ops = sizeof builtin_ops / sizeof builtin_ops[0],
};
