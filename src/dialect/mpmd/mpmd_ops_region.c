/* mpmd's ops that hold or call a computation: fragment, fragment_call,
 * named_computation and for, with Shardy's hand-written syntax
 * (`mpmd.fragment<mesh="m", origin=["f"(1)], stage=0, ...> (%a) (%arg0: T) {...} : ...`)
 * and verifiers. */
#include "asm/verify_internal.h"
#include "dialect/func/func.h"
#include "dialect/mpmd/mpmd_internal.h"
#include "dialect/sdy/sdy_attrs.h"
#include "sharc/sdy.h"
#include "support/xalloc.h"

#include <stdlib.h>

static bool is_mesh_tensor_or_token(const sharc_type *t) {
  return sharc_mpmd_is_mesh_tensor(t) || sharc_mpmd_is_token(t);
}

static sharc_str op_mesh_name(const sharc_op *op) {
  sharc_attr *a = sharc_op_attr(op, "mesh_name");
  return a && sharc_attr_get_kind(a) == SHARC_ATTR_STRING ? sharc_attr_string_value(a)
                                                          : (sharc_str){"", 0};
}

/* Types of a block's arguments or an op's operands/results, malloc'ed. */
static sharc_type **value_types(const sharc_op *op, bool results) {
  unsigned n = results ? sharc_op_num_results(op) : sharc_op_num_operands(op);
  sharc_type **t = sharc_xmalloc_array(n + 1, sizeof *t);
  if (results)
    sharc_mpmd_result_types(op, t);
  else
    sharc_mpmd_operand_types(op, t);
  return t;
}

/* ---- `mesh="m", origin=[...]` shared by fragment and fragment_call -------------- */


static bool parse_mesh_and_origin(sharc_parser *p, sharc_op_builder *b) {
  if (!sharc_p_expect_keyword(p, "mesh") || !sharc_p_expect(p, '='))
    return false;
  sharc_attr *mesh;
  if (!sharc_p_parse_attr_of_kind(p, SHARC_ATTR_STRING, &mesh))
    return false;
  sharc_builder_set_attr(p, b, "mesh_name", mesh);
  if (!sharc_p_expect(p, ',') || !sharc_p_expect_keyword(p, "origin") || !sharc_p_expect(p, '='))
    return false;
  sharc_ptrvec origins = {0};
  bool ok = sharc_p_parse_attr_comma_list(p, SHARC_P_DELIM_SQUARE,
                                          sharc_mpmd_parse_user_origin_short, &origins, NULL);
  if (ok)
    sharc_builder_set_attr(
        p, b, "origin",
        sharc_attr_array(sharc_p_context(p), (sharc_attr *const *)origins.items, origins.len));
  sharc_ptrvec_free(&origins);
  return ok;
}

static void print_mesh_and_origin(sharc_printer *p, const sharc_op *op) {
  /* Shardy writes these to the raw stream: no escaping */
  SHARC_PR_LIT(p, "mesh=");
  sharc_mpmd_print_raw_quoted(p, op_mesh_name(op));
  SHARC_PR_LIT(p, ", origin=[");
  sharc_attr *origins = sharc_op_attr(op, "origin");
  unsigned n =
      origins && sharc_attr_get_kind(origins) == SHARC_ATTR_ARRAY ? sharc_attr_count(origins) : 0;
  for (unsigned i = 0; i < n; i++) {
    if (i)
      SHARC_PR_LIT(p, ", ");
    sharc_attr *o = sharc_attr_at(origins, i);
    if (sharc_mpmd_is_user_origin(o))
      sharc_mpmd_print_user_origin_short(p, o, true);
    else
      sharc_pr_attr(p, o);
  }
  SHARC_PR_LIT(p, "]");
}

/* Fragment and fragment_call ODS attribute constraints. As in MLIR, the
 * attributes present are checked against their constraints first, then the
 * required ones asked for, each pass by sorted name. */
static bool check_mesh_and_origin_constraints(sharc_op *op) {
  sharc_attr *mesh = sharc_op_attr(op, "mesh_name"), *origin = sharc_op_attr(op, "origin");
  if (mesh && sharc_attr_get_kind(mesh) != SHARC_ATTR_STRING) {
    sharc_emit_op_error(op, "attribute 'mesh_name' failed to satisfy constraint: string "
                            "attribute");
    return false;
  }
  bool origins_ok = !origin || sharc_attr_get_kind(origin) == SHARC_ATTR_ARRAY;
  for (unsigned i = 0; origin && origins_ok && i < sharc_attr_count(origin); i++)
    origins_ok = sharc_mpmd_is_user_origin(sharc_attr_at(origin, i));
  if (!origins_ok) {
    sharc_emit_op_error(op, "attribute 'origin' failed to satisfy constraint: array of origin "
                            "infos");
    return false;
  }
  return true;
}

static bool check_mesh_and_origin_required(sharc_op *op) {
  if (!sharc_op_attr(op, "mesh_name")) {
    sharc_emit_op_error(op, "requires attribute 'mesh_name'");
    return false;
  }
  if (!sharc_op_attr(op, "origin")) {
    sharc_emit_op_error(op, "requires attribute 'origin'");
    return false;
  }
  return true;
}

/* ---- fragment ------------------------------------------------------------------------ */

/* `, stage=N`, `, in_shardings=[...]`, `, out_shardings=[...]`: a comma
 * read for an absent item stays pending for the next one, as in Shardy. */
static bool parse_fragment_options(sharc_parser *p, sharc_op_builder *b) {
  bool comma_pending = sharc_p_eat(p, ',');
  if (comma_pending && sharc_p_eat_keyword(p, "stage")) {
    comma_pending = false;
    sharc_attr *stage;
    /* MLIR's typed parseAttribute: the error points at the attribute */
    if (!sharc_p_expect(p, '=') || !sharc_p_parse_attr_of_kind(p, SHARC_ATTR_INTEGER, &stage))
      return false;
    sharc_builder_set_attr(p, b, "stage_id", stage);
    comma_pending = sharc_p_eat(p, ',');
  } else if (!comma_pending) {
    return sharc_p_expect(p, '>');
  }
  static const char *const sharding_names[] = {"in_shardings", "out_shardings"};
  for (unsigned i = 0; i < 2; i++) {
    if (!comma_pending)
      break;
    if (!sharc_p_eat_keyword(p, sharding_names[i]))
      continue;
    sharc_attr *shardings;
    if (!sharc_p_expect(p, '=') || !sharc_sdy_parse_sharding_per_value(p, &shardings))
      return false;
    sharc_builder_set_attr(p, b, sharding_names[i], shardings);
    comma_pending = sharc_p_eat(p, ',');
  }
  return sharc_p_expect(p, '>');
}

static bool fragment_parse(sharc_parser *p, sharc_op_builder *b) {
  return sharc_p_expect(p, '<') && parse_mesh_and_origin(p, b) && parse_fragment_options(p, b) &&
         sharc_mpmd_parse_single_block_region_op(p, b);
}

static const char *const fragment_inherent[] = {"in_shardings",  "mesh_name", "origin",
                                                "out_shardings", "stage_id",  NULL};

static void fragment_print(sharc_printer *p, sharc_op *op) {
  SHARC_PR_LIT(p, "<");
  print_mesh_and_origin(p, op);
  sharc_attr *stage = sharc_op_attr(op, "stage_id");
  if (stage && sharc_attr_get_kind(stage) == SHARC_ATTR_INTEGER)
    sharc_buf_printf(p->out, ", stage=%lld", (long long)sharc_attr_int_value(stage));
  sharc_sdy_print_op_shardings(p, op, ", ", "in_shardings");
  sharc_sdy_print_op_shardings(p, op, ", ", "out_shardings");
  SHARC_PR_LIT(p, ">");
  sharc_mpmd_print_single_block_region_op(p, op, fragment_inherent);
}

/* How a region op's inner types (block arguments, returned values) must
 * relate to its outer ones (operands, results). */
typedef bool (*types_check)(sharc_op *op, sharc_type *const *inner, unsigned n_inner,
                            sharc_type *const *outer, unsigned n_outer, const char *inner_name,
                            const char *outer_name);

/* The block arguments against the operands, then the returned values
 * against the results, as FragmentOp::verify and NamedComputationOp::verify
 * both check them. */
static bool verify_body_types(sharc_op *op, types_check check) {
  sharc_block *body = sharc_region_first_block(sharc_op_region(op, 0));
  if (!body)
    return true;
  sharc_op *ret = sharc_block_last_op(body);
  if (!ret)
    return true;
  /* the four lists in one buffer, on the stack for the common sizes: the
   * verifier runs this for every fragment after every pass that changes it */
  unsigned n_args = sharc_block_num_args(body), n_ins = sharc_op_num_operands(op);
  unsigned n_rets = sharc_op_num_operands(ret), n_outs = sharc_op_num_results(op);
  size_t n = (size_t)n_args + n_ins + n_rets + n_outs;
  sharc_type *small[64], **args = n <= 64 ? small : sharc_xmalloc_array(n, sizeof *args);
  sharc_type **ins = args + n_args, **rets = ins + n_ins, **outs = rets + n_rets;
  for (unsigned i = 0; i < n_args; i++)
    args[i] = sharc_value_type(sharc_block_arg(body, i));
  sharc_mpmd_operand_types(op, ins);
  sharc_mpmd_operand_types(ret, rets);
  sharc_mpmd_result_types(op, outs);
  bool ok = check(op, args, n_args, ins, n_ins, "block argument", "operand") &&
            check(op, rets, n_rets, outs, n_outs, "returned value", "result");
  if (args != small)
    free(args);
  return ok;
}

/* Shardy's FragmentOp::verify: the types agree, local types on the mesh. */
static bool fragment_types_match(sharc_op *op, sharc_type *const *inner, unsigned n_inner,
                                 sharc_type *const *outer, unsigned n_outer,
                                 const char *inner_name, const char *outer_name) {
  return sharc_mpmd_verify_fragment_types(op, op_mesh_name(op), inner, n_inner, outer, n_outer,
                                          inner_name, outer_name);
}

/* in_shardings / out_shardings, when present, are per-value shardings. */
static bool check_shardings_attr(sharc_op *op, const char *name) {
  sharc_attr *a = sharc_op_attr(op, name);
  if (!a || sharc_sdy_is_sharding_per_value(a))
    return true;
  sharc_emit_op_error(op,
                      "attribute '%s' failed to satisfy constraint: Tensor sharding per "
                      "operand/result of an op",
                      name);
  return false;
}

static bool fragment_checks(sharc_op *op) {
  /* structural traits first, as ODS orders them: SingleBlock,
   * SingleBlockImplicitTerminator, ParentOneOf */
  if (!sharc_mpmd_verify_single_block_terminator(op) ||
      !sharc_mpmd_verify_parent(op, sharc_mpmd_func_or_for))
    return false;
  if (!check_shardings_attr(op, "in_shardings") || !check_mesh_and_origin_constraints(op) ||
      !check_shardings_attr(op, "out_shardings"))
    return false;
  sharc_attr *stage = sharc_op_attr(op, "stage_id");
  if (stage && !(sharc_attr_get_kind(stage) == SHARC_ATTR_INTEGER &&
                 sharc_type_is_integer(sharc_attr_type(stage), 64) &&
                 sharc_type_int_signedness(sharc_attr_type(stage)) == SHARC_SIGNLESS)) {
    sharc_emit_op_error(op, "attribute 'stage_id' failed to satisfy constraint: 64-bit signless "
                            "integer attribute");
    return false;
  }
  if (!check_mesh_and_origin_required(op))
    return false;
  return sharc_mpmd_check_values(op, is_mesh_tensor_or_token, SHARC_MPMD_MESH_TENSOR " or token",
                                 true) &&
         sharc_mpmd_verify_return_terminator(op) && verify_body_types(op, fragment_types_match);
}

/* The checks read the fragment's attributes, operand and result types, its
 * parent (its kind, and the topology of the function holding it for the
 * meshes) and of its body only the block count, the entry arguments and
 * the terminator's name and operand types: fragments alike in one function
 * (a pipeline's microbatches) are remembered during one verification. */
static bool fragment_verify(sharc_op *op) {
  return sharc_verify_memoized_entry_blocks_in_parent(op, fragment_checks);
}

const sharc_op_def sharc_mpmd_fragment_def = {
    .name = "mpmd.fragment",
    .traits = SHARC_TRAIT_ISOLATED | SHARC_TRAIT_SINGLE_BLOCK | SHARC_TRAIT_ONE_REGION |
              SHARC_TRAIT_RECURSIVE_EFFECTS,
    .inherent = fragment_inherent,
    .parse = fragment_parse,
    .print = fragment_print,
    .verify = fragment_verify,
    .patterns = sharc_mpmd_fragment_patterns,
    .data_flow = &sharc_mpmd_fragment_data_flow,
};

/* ---- fragment_call -------------------------------------------------------------------- */

static bool fragment_call_parse(sharc_parser *p, sharc_op_builder *b) {
  if (!sharc_p_expect(p, '<') || !parse_mesh_and_origin(p, b) || !sharc_p_expect(p, '>'))
    return false;
  sharc_attr *callee;
  if (!sharc_p_parse_attr_of_kind(p, SHARC_ATTR_SYMBOL_REF, &callee))
    return false;
  sharc_builder_set_attr(p, b, "callee", callee);
  return sharc_mpmd_parse_call_operands(p, b);
}

static const char *const fragment_call_inherent[] = {"callee", "mesh_name", "origin", NULL};

static void fragment_call_print(sharc_printer *p, sharc_op *op) {
  SHARC_PR_LIT(p, "<");
  print_mesh_and_origin(p, op);
  SHARC_PR_LIT(p, "> ");
  sharc_func_print_callee_call(p, op, fragment_call_inherent);
}

/* Shardy's FragmentCallOp::verifySymbolUses. */
static bool fragment_call_verify_callee(sharc_op *op, sharc_attr *callee) {
  sharc_op *fn = sharc_symbol_lookup_ref(op, callee);
  sharc_attr *ft = fn && sharc_op_isa(fn, &sharc_func_func_def) ? sharc_op_attr(fn, "function_type") : NULL;
  sharc_type *type = ft ? sharc_attr_type_value(ft) : NULL;
  if (!type || sharc_type_get_kind(type) != SHARC_TYPE_FUNCTION) {
    sharc_str n = sharc_ident_str(sharc_attr_symbol_root(callee));
    sharc_emit_op(op, SHARC_SEV_ERROR, "'%.*s' does not reference a valid function",
               (int)n.len, n.data);
    return false;
  }
  sharc_str mesh_name = op_mesh_name(op);
  sharc_type **ins = value_types(op, false), **outs = value_types(op, true);
  bool ok = sharc_mpmd_verify_fragment_types(
                op, mesh_name, sharc_type_func_inputs(type), sharc_type_func_num_inputs(type), ins,
                sharc_op_num_operands(op), "block argument", "operand") &&
            sharc_mpmd_verify_fragment_types(op, mesh_name, sharc_type_func_results(type),
                                             sharc_type_func_num_results(type), outs,
                                             sharc_op_num_results(op), "returned value", "result");
  free(ins);
  free(outs);
  if (!ok)
    return false;
  sharc_attr *call_mesh = sharc_mpmd_mesh_for_name(op, mesh_name);
  sharc_attr *func_mesh = call_mesh ? sharc_mpmd_mesh_of(fn) : NULL;
  if (!func_mesh)
    return false;
  if (call_mesh == func_mesh)
    return true;
  char *a = sharc_mpmd_attr_str(call_mesh), *b = sharc_mpmd_attr_str(func_mesh);
  sharc_emit_op(op, SHARC_SEV_ERROR, "Expected mesh of fragment call and callee function to match: %s vs %s", a, b);
  free(a);
  free(b);
  return false;
}

static bool fragment_call_verify(sharc_op *op) {
  if (!sharc_mpmd_verify_parent(op, sharc_mpmd_func_only)) /* HasParent, structural */
    return false;
  sharc_attr *callee = sharc_op_attr(op, "callee");
  if (!sharc_mpmd_check_flat_callee(op, callee) || !check_mesh_and_origin_constraints(op))
    return false;
  if (!callee) {
    sharc_emit_op_error(op, "requires attribute 'callee'");
    return false;
  }
  if (!check_mesh_and_origin_required(op))
    return false;
  return sharc_mpmd_check_values(op, sharc_mpmd_is_mesh_tensor, SHARC_MPMD_MESH_TENSOR, true);
}

/* FragmentCallOp::verifySymbolUses, run by the enclosing module. */
static bool fragment_call_verify_symbol_uses(sharc_op *op) {
  return fragment_call_verify_callee(op, sharc_op_attr(op, "callee"));
}

const sharc_op_def sharc_mpmd_fragment_call_def = {
    .name = "mpmd.fragment_call",
    .traits = SHARC_TRAIT_ZERO_REGIONS | SHARC_TRAIT_CALL,
    .inherent = fragment_call_inherent,
    .parse = fragment_call_parse,
    .print = fragment_call_print,
    .verify = fragment_call_verify,
    .verify_symbol_uses = fragment_call_verify_symbol_uses,
};

/* ---- named_computation ------------------------------------------------------------------- */

static bool named_computation_parse(sharc_parser *p, sharc_op_builder *b) {
  sharc_attr *origin;
  if (!sharc_p_expect(p, '<') || !sharc_mpmd_parse_user_origin_short(p, &origin) ||
      !sharc_p_expect(p, '>'))
    return false;
  sharc_builder_set_attr(p, b, "origin", origin);
  return sharc_mpmd_parse_single_block_region_op(p, b);
}

static const char *const named_computation_elided[] = {"name", "origin", NULL};
static const char *const named_computation_inherent[] = {"origin", NULL};

static void named_computation_print(sharc_printer *p, sharc_op *op) {
  SHARC_PR_LIT(p, "<");
  sharc_attr *origin = sharc_op_attr(op, "origin");
  if (sharc_mpmd_is_user_origin(origin))
    sharc_mpmd_print_user_origin_short(p, origin, false);
  SHARC_PR_LIT(p, ">");
  sharc_mpmd_print_single_block_region_op(p, op, named_computation_elided);
}

/* Ranked tensors of the element types StableHLO allows, or tokens. */
static bool is_hlo_tensor_or_token(const sharc_type *t) {
  return sharc_type_get_kind(t) == SHARC_TYPE_TENSOR || sharc_mpmd_is_token(t);
}

#define HLO_TENSOR_OR_TOKEN                                                                        \
  "ranked tensor of 4/6/8/16/32/64-bit float or bool or 2/4/8/16/32/64-bit integer or complex "    \
  "type with 32/64-bit float elements or per-tensor integer quantized values or token"

static bool types_match(sharc_op *op, sharc_type *const *inner, unsigned n_inner,
                        sharc_type *const *outer, unsigned n_outer, const char *inner_name,
                        const char *outer_name) {
  if (!sharc_mpmd_verify_same_count(op, n_inner, n_outer, inner_name, outer_name))
    return false;
  for (unsigned i = 0; i < n_inner; i++)
    if (inner[i] != outer[i])
      return sharc_mpmd_type_mismatch(op, inner_name, "match the type of ", outer_name, inner[i],
                                      outer[i]);
  return true;
}

static bool named_computation_verify(sharc_op *op) {
  if (!sharc_mpmd_verify_single_block_terminator(op))
    return false;
  sharc_attr *origin = sharc_op_attr(op, "origin");
  if (!origin) {
    sharc_emit_op_error(op, "requires attribute 'origin'");
    return false;
  }
  if (!sharc_mpmd_is_user_origin(origin)) {
    sharc_emit_op_error(op, "attribute 'origin' failed to satisfy constraint: Origin of "
                            "user-specified computation.");
    return false;
  }
  return sharc_mpmd_check_values(op, is_hlo_tensor_or_token, HLO_TENSOR_OR_TOKEN, true) &&
         sharc_mpmd_verify_return_terminator(op) &&
         verify_body_types(op, types_match);
}

const sharc_op_def sharc_mpmd_named_computation_def = {
    .name = "mpmd.named_computation",
    .traits = SHARC_TRAIT_ISOLATED | SHARC_TRAIT_SINGLE_BLOCK | SHARC_TRAIT_ONE_REGION |
              SHARC_TRAIT_RECURSIVE_EFFECTS,
    .inherent = named_computation_inherent,
    .parse = named_computation_parse,
    .print = named_computation_print,
    .verify = named_computation_verify,
};

/* ---- for ------------------------------------------------------------------------------------ */

static bool for_parse(sharc_parser *p, sharc_op_builder *b) {
  sharc_token at = *sharc_p_tok(p);
  sharc_ptrvec refs = {0}, types = {0};
  bool ok = sharc_mpmd_parse_operand_refs(p, &refs, true) &&
            sharc_p_parse_optional_attr_dict(p, b) &&
            sharc_mpmd_parse_region_no_block_id(p, b, false) && sharc_p_expect(p, ':');
  ok = ok && sharc_p_parse_type_list(p, &types);
  ok = ok && sharc_mpmd_resolve_refs(p, b, &refs, (sharc_type *const *)types.items, types.len,
                                     &at);
  for (unsigned i = 0; ok && i < types.len; i++)
    sharc_ptrvec_push(&b->result_types, types.items[i]);
  sharc_mpmd_free_refs(&refs);
  sharc_ptrvec_free(&types);
  return ok;
}

static void for_print(sharc_printer *p, sharc_op *op) {
  sharc_mpmd_print_operands_and_region(p, op, NULL);
  sharc_type **types = value_types(op, true);
  sharc_pr_type_list(p, types, sharc_op_num_results(op));
  free(types);
}

static bool is_ui32_attr(const sharc_attr *a) {
  return sharc_attr_get_kind(a) == SHARC_ATTR_INTEGER &&
         sharc_type_is_integer(sharc_attr_type(a), 32) &&
         sharc_type_int_signedness(sharc_attr_type(a)) == SHARC_UNSIGNED;
}

static bool check_ui32_attr(sharc_op *op, const char *name, bool required) {
  sharc_attr *a = sharc_op_attr(op, name);
  if (!a && required) {
    sharc_emit_op_error(op, "requires attribute '%s'", name);
    return false;
  }
  if (!a || is_ui32_attr(a))
    return true;
  sharc_emit_op_error(op,
                      "attribute '%s' failed to satisfy constraint: 32-bit unsigned integer "
                      "attribute",
                      name);
  return false;
}

/* HLO_PairwiseSameOperandAndResultType. */
static bool verify_pairwise_same_types(sharc_op *op) {
  if (sharc_op_num_operands(op) != sharc_op_num_results(op)) {
    sharc_emit_op_error(op, "requires the same number of operands and results");
    return false;
  }
  for (unsigned i = 0; i < sharc_op_num_operands(op); i++)
    if (sharc_value_type(sharc_op_operand(op, i)) != sharc_value_type(sharc_op_result(op, i))) {
      sharc_emit_op_error(op, "requires the same type for operand and result at index %u", i);
      return false;
    }
  return true;
}

static sharc_diag *for_error(sharc_op *op, const char *msg) {
  return sharc_emit_op(op, SHARC_SEV_ERROR, "%s", msg);
}

/* MLIR's TypeID: the type's class, not its parameters. */
static bool same_type_class(const sharc_type *a, const sharc_type *b) {
  sharc_type_kind k = sharc_type_get_kind(a);
  if (k != sharc_type_get_kind(b))
    return false;
  return k != SHARC_TYPE_DIALECT || a->def == b->def;
}

static bool check_index_arg(sharc_op *op, const sharc_type *t) {
  if (sharc_type_get_kind(t) != SHARC_TYPE_TENSOR)
    return true; /* mesh tensors are allowed for the index too */
  if (sharc_type_rank(t) == 0 && sharc_type_is_integer(sharc_type_element(t), 32))
    return true;
  for_error(op, "index must have a 32-bit integer rank-0 tensor type");
  return false;
}

/* Shardy's ForOp::verify. */
static bool for_verify_body(sharc_op *op) {
  sharc_block *body = sharc_region_first_block(sharc_op_region(op, 0));
  unsigned n = sharc_op_num_operands(op);
  if (!body || sharc_block_num_args(body) != n + 1) {
    for_error(op, "wrong number of arguments for region");
    return false;
  }
  for (unsigned i = 0; i < n; i++)
    if (sharc_value_type(sharc_op_operand(op, i)) != sharc_value_type(sharc_block_arg(body, i))) {
      sharc_emit_op(op, SHARC_SEV_ERROR, "wrong argument type at argument no. %u", i);
      return false;
    }
  if (!check_index_arg(op, sharc_value_type(sharc_block_arg(body, n))))
    return false;
  sharc_op *ret = sharc_block_last_op(body);
  bool results_match = ret && sharc_op_num_operands(ret) == sharc_op_num_results(op);
  for (unsigned i = 0; results_match && i < sharc_op_num_results(op); i++)
    results_match =
        sharc_value_type(sharc_op_operand(ret, i)) == sharc_value_type(sharc_op_result(op, i));
  if (!results_match) {
    for_error(op, "type mismatch for result of region");
    return false;
  }
  for (unsigned i = 1; i < n; i++)
    if (!same_type_class(sharc_value_type(sharc_op_operand(op, 0)),
                         sharc_value_type(sharc_op_operand(op, i)))) {
      for_error(op, "type ids in operands/results are not identical");
      return false;
    }
  uint32_t iterations = (uint32_t)sharc_attr_int_value(sharc_op_attr(op, "iterations"));
  if (iterations == 0) {
    for_error(op, "number of iterations must be greater than zero");
    return false;
  }
  sharc_attr *unroll = sharc_op_attr(op, "unroll_factor");
  uint32_t factor = unroll ? (uint32_t)sharc_attr_int_value(unroll) : 1;
  if (factor == 0 || iterations % factor) {
    sharc_emit_op(op, SHARC_SEV_ERROR, "number of iterations %u isn't divisible by unroll factor %u", iterations, factor);
    return false;
  }
  return true;
}

static bool for_verify(sharc_op *op) {
  /* constraints of the present attributes first, then the required one */
  return sharc_mpmd_verify_single_block_terminator(op) &&
         check_ui32_attr(op, "iterations", false) && check_ui32_attr(op, "unroll_factor", false) &&
         check_ui32_attr(op, "iterations", true) &&
         verify_pairwise_same_types(op) && sharc_mpmd_verify_return_terminator(op) &&
         for_verify_body(op);
}

/* The last block argument is the loop index, printed `%index`. */
static void for_block_arg_names(const sharc_op *op, const sharc_region *r, sharc_set_name_fn set,
                                void *state) {
  (void)op;
  sharc_block *body = sharc_region_first_block(r);
  unsigned n = body ? sharc_block_num_args(body) : 0;
  if (n)
    set(state, sharc_block_arg(body, n - 1), "index");
}

static const char *const for_inherent[] = {"iterations", "unroll_factor", NULL};

const sharc_op_def sharc_mpmd_for_def = {
    .name = "mpmd.for",
    .traits = SHARC_TRAIT_SINGLE_BLOCK | SHARC_TRAIT_ONE_REGION | SHARC_TRAIT_RECURSIVE_EFFECTS,
    .inherent = for_inherent,
    .parse = for_parse,
    .print = for_print,
    .verify = for_verify,
    .block_arg_names = for_block_arg_names,
    .data_flow = &sharc_mpmd_for_data_flow,
};
