/* StableHLO's interpreter dialect (the one stablehlo-opt registers for its
 * reference interpreter): interpreter.run_parallel, interpreter.print and
 * interpreter.probe with their syntax and verifiers. */
#include <stdarg.h>
#include <string.h>

#include "asm/parser.h"
#include "asm/printer.h"
#include "asm/verify_internal.h"
#include "dialect/func/func.h"
#include "dialect/stablehlo/shlo.h"
#include "sharc/symbols.h"

extern const sharc_dialect sharc_interpreter_dialect;

/* emitOptionalError at the op: no op-name prefix. */
static bool fail(sharc_op *op, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  sharc_emit_v(sharc_op_context(op), SHARC_SEV_ERROR, sharc_op_loc(op), fmt, ap);
  va_end(ap);
  return false;
}

static bool is_flat_symbol(const sharc_attr *a) {
  return sharc_attr_get_kind(a) == SHARC_ATTR_SYMBOL_REF && sharc_attr_symbol_num_nested(a) == 0;
}

static bool is_symbol_array(const sharc_attr *a) {
  if (sharc_attr_get_kind(a) != SHARC_ATTR_ARRAY)
    return false;
  for (unsigned i = 0; i < sharc_attr_count(a); i++)
    if (!is_flat_symbol(sharc_attr_at(a, i)))
      return false;
  return true;
}

/* lookupSymbol<func::FuncOp> in the enclosing module; NULL with the error. */
static sharc_op *find_func(sharc_op *op, const sharc_attr *sym) {
  sharc_str name = sharc_ident_str(sharc_attr_symbol_root(sym));
  sharc_op *f = sharc_symbol_lookup_nearest(op, name);
  if (f && sharc_op_isa(f, &sharc_func_func_def))
    return f;
  fail(op, "Function \"%.*s\" not found", (int)name.len, name.data);
  return NULL;
}

static sharc_type *func_type(sharc_op *f) {
  sharc_attr *t = sharc_op_attr(f, "function_type");
  return t ? sharc_attr_type_value(t) : NULL;
}

static bool verify_infeed(sharc_op *op, const sharc_attr *infeed) {
  if (!sharc_attr_count(infeed))
    return fail(op, "infeed attribute is optional or should not be empty");
  for (unsigned i = 0; i < sharc_attr_count(infeed); i++) {
    const sharc_attr *sym = sharc_attr_at(infeed, i);
    sharc_op *f = find_func(op, sym);
    if (!f)
      return false;
    sharc_str name = sharc_ident_str(sharc_attr_symbol_root(sym));
    sharc_type *ft = func_type(f);
    unsigned n = ft ? sharc_type_func_num_results(ft) : 0;
    if (n != 1)
      return fail(op, "Function \"%.*s\" should return 1 tensor but returns %u", (int)name.len,
                  name.data, n);
    sharc_type *r = sharc_type_func_result(ft, 0);
    if (!sharc_type_is_shaped(r)) {
      sharc_buf b = {0};
      sharc_print_type(r, &b);
      fail(op, "Function \"%.*s\" should return a tensor type, but instead returns '%s'",
           (int)name.len, name.data, b.data);
      sharc_buf_free(&b);
      return false;
    }
  }
  return true;
}

/* RunParallelOp::verify. */
static bool verify_run_parallel(sharc_op *op) {
  sharc_attr *programs = sharc_op_attr(op, "programs"), *infeed = sharc_op_attr(op, "infeed");
  if (!programs) {
    sharc_emit_op_error(op, "requires attribute 'programs'");
    return false;
  }
  bool ok = sharc_attr_get_kind(programs) == SHARC_ATTR_ARRAY;
  for (unsigned i = 0; ok && i < sharc_attr_count(programs); i++)
    ok = is_symbol_array(sharc_attr_at(programs, i));
  if (!ok) {
    sharc_emit_op_error(op, "attribute 'programs' failed to satisfy constraint: Array of "
                            "FlatSymbolRefArrayAttr");
    return false;
  }
  if (infeed && !is_symbol_array(infeed)) {
    sharc_emit_op_error(op, "attribute 'infeed' failed to satisfy constraint: flat symbol ref "
                            "array attribute");
    return false;
  }
  if (!sharc_shlo_verify_type_constraints(op, "*HLO_TensorOrToken -> *HLO_TensorOrToken"))
    return false;
  if (!sharc_attr_count(programs) || !sharc_attr_count(sharc_attr_at(programs, 0)))
    return fail(op, "`programs` attribute cannot be empty");
  unsigned partitions = sharc_attr_count(sharc_attr_at(programs, 0));
  unsigned num_args = 0, num_results = 0;
  for (unsigned r = 0; r < sharc_attr_count(programs); r++) {
    sharc_attr *replica = sharc_attr_at(programs, r);
    if (sharc_attr_count(replica) != partitions)
      return fail(op, "Sizes of second dimension of `programs` should all match %u but got %u",
                  partitions, sharc_attr_count(replica));
    for (unsigned k = 0; k < sharc_attr_count(replica); k++) {
      sharc_op *f = find_func(op, sharc_attr_at(replica, k));
      if (!f)
        return false;
      sharc_type *ft = func_type(f);
      num_args += ft ? sharc_type_func_num_inputs(ft) : 0;
      num_results += ft ? sharc_type_func_num_results(ft) : 0;
    }
  }
  if (sharc_op_num_operands(op) != num_args)
    return fail(op, "Number of inputs (%u) should match the sum of the number of inputs of all "
                    "programs (%u)",
                sharc_op_num_operands(op), num_args);
  if (sharc_op_num_results(op) != num_results)
    return fail(op, "Number of results (%u) should match the sum of the number of results of "
                    "all programs (%u)",
                sharc_op_num_results(op), num_results);
  return !infeed || verify_infeed(op, infeed);
}

/* ---- print: `$operand attr-dict : type($operand)` ----------------------- */

static bool parse_print(sharc_parser *p, sharc_op_builder *b) {
  sharc_operand_ref ref;
  sharc_type *t;
  sharc_value *v;
  if (!sharc_p_parse_operand(p, &ref) || !sharc_p_parse_optional_attr_dict(p, b) ||
      !sharc_p_expect(p, ':') || !sharc_p_parse_type(p, &t) ||
      !sharc_p_resolve_operand(p, &ref, t, &v))
    return false;
  sharc_ptrvec_push(&b->operands, v);
  return true;
}

static void print_print(sharc_printer *p, sharc_op *op) {
  sharc_pr_puts(p, " ");
  sharc_pr_operands(p, op);
  sharc_pr_attr_dict(p, sharc_op_attrs(op), NULL, false);
  sharc_pr_puts(p, " : ");
  sharc_pr_type(p, sharc_value_type(sharc_op_operand(op, 0)));
}

static bool verify_print(sharc_op *op) {
  return sharc_verify_one_result_operand(op, false, true) && sharc_shlo_verify_type_constraints(op, "HLO_Tensor ->");
}

/* ---- probe: `$operand, probe_id = $probe_id attr-dict : type($result)` --- */

static const char *const probe_props[] = {"probe_id", NULL};

static bool parse_probe(sharc_parser *p, sharc_op_builder *b) {
  sharc_operand_ref ref;
  sharc_attr *id;
  if (!sharc_p_parse_operand(p, &ref) || !sharc_p_expect(p, ',') ||
      !sharc_p_expect_keyword(p, "probe_id") || !sharc_p_expect(p, '=') ||
      !sharc_p_parse_str_attr_none_type(p, &id))
    return false;
  sharc_builder_set_attr(p, b, "probe_id", id);
  return sharc_p_parse_attr_dict_colon_type(p, b, &ref, true);
}

static const char *const probe_elided[] = {"probe_id", NULL};

static void print_probe(sharc_printer *p, sharc_op *op) {
  sharc_pr_puts(p, " ");
  sharc_pr_operands(p, op);
  sharc_pr_puts(p, ", probe_id = ");
  sharc_pr_attr(p, sharc_op_attr(op, "probe_id"));
  sharc_pr_attr_dict_colon_type(p, op, probe_elided);
}

static bool verify_probe(sharc_op *op) {
  if (!sharc_verify_one_result_operand(op, true, true))
    return false;
  sharc_attr *id = sharc_op_attr(op, "probe_id");
  if (!id) {
    sharc_emit_op_error(op, "requires attribute 'probe_id'");
    return false;
  }
  if (sharc_attr_get_kind(id) != SHARC_ATTR_STRING) {
    sharc_emit_op_error(op, "attribute 'probe_id' failed to satisfy constraint: string attribute");
    return false;
  }
  if (!sharc_shlo_verify_type_constraints(op, "HLO_Tensor -> HLO_Tensor"))
    return false;
  if (sharc_value_type(sharc_op_operand(op, 0)) != sharc_value_type(sharc_op_result(op, 0))) {
    sharc_emit_op_error(op, "requires the same type for all operands and results");
    return false;
  }
  return true;
}

static const char *const run_parallel_props[] = {"infeed", "programs", NULL};

static const sharc_op_def run_parallel_def = {
    .name = "interpreter.run_parallel",
    .traits = SHARC_TRAIT_ZERO_REGIONS,
    .inherent = run_parallel_props,
    .verify = verify_run_parallel,
    .dialect = &sharc_interpreter_dialect,
};

static const sharc_op_def print_def = {
    .name = "interpreter.print",
    .traits = SHARC_TRAIT_ZERO_REGIONS | SHARC_TRAIT_ZERO_RESULTS,
    .parse = parse_print,
    .print = print_print,
    .verify = verify_print,
    .dialect = &sharc_interpreter_dialect,
};

static const sharc_op_def probe_def = {
    .name = "interpreter.probe",
    .traits = SHARC_TRAIT_ZERO_REGIONS,
    .inherent = probe_props,
    .parse = parse_probe,
    .print = print_probe,
    .verify = verify_probe,
    .dialect = &sharc_interpreter_dialect,
};

static const sharc_op_def *const interpreter_ops[] = {&run_parallel_def, &print_def, &probe_def};

const sharc_dialect sharc_interpreter_dialect = {
    .name = "interpreter",
    .ops = interpreter_ops,
    .num_ops = sizeof interpreter_ops / sizeof interpreter_ops[0],
};
