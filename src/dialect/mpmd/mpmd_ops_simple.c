/* mpmd's region-free ops: assign, unassign, transfer, broadcast, reduce,
 * named_tensor, return and call, in the syntax of their ODS assembly
 * formats, with Shardy's verifiers. */
#include "asm/verify_internal.h"
#include "dialect/func/func.h"
#include "dialect/mpmd/mpmd_internal.h"

#include <stdlib.h>
#include <string.h>

static bool is_local_or_mesh_tensor(const sharc_type *t) {
  return sharc_mpmd_is_any_tensor(t) || sharc_mpmd_is_mesh_tensor(t);
}

static sharc_diag *emit_error(sharc_op *op, const char *msg) {
  return sharc_emit_op(op, SHARC_SEV_ERROR, "%s", msg);
}

/* An optional attribute of `op` that must be a string when present. */
static bool check_optional_string_attr(sharc_op *op, const char *name) {
  sharc_attr *a = sharc_op_attr(op, name);
  if (!a || sharc_attr_get_kind(a) == SHARC_ATTR_STRING)
    return true;
  sharc_emit_op_error(op, "attribute '%s' failed to satisfy constraint: string attribute", name);
  return false;
}

/* ---- `attr-dict $tensor : functional-type(operands, results)` ---------------- */

static bool parse_dict_operand_fn_type(sharc_parser *p, sharc_op_builder *b) {
  sharc_ptrvec refs = {0};
  bool ok =
      sharc_p_parse_optional_attr_dict(p, b) && sharc_mpmd_parse_operand_refs(p, &refs, false);
  if (ok && refs.len != 1)
    ok = sharc_p_error(p, "expected SSA operand");
  ok = ok && sharc_mpmd_parse_functional_type(p, b, &refs);
  sharc_mpmd_free_refs(&refs);
  return ok;
}

static void print_operands_fn_type(sharc_printer *p, sharc_op *op) {
  if (sharc_op_num_operands(op)) {
    SHARC_PR_LIT(p, " ");
    sharc_pr_operands(p, op);
  }
  SHARC_PR_LIT(p, " : ");
  sharc_pr_functional_type(p, op);
}

static void print_dict_operands_fn_type(sharc_printer *p, sharc_op *op) {
  sharc_pr_attr_dict(p, sharc_op_attrs(op), NULL, false);
  print_operands_fn_type(p, op);
}

/* ---- assign / unassign --------------------------------------------------------- */

/* Shardy's VerifyAssignmentOpTypes: a fully replicated mesh tensor of the
 * topology whose global type is the local one. */
static bool verify_assignment_types(sharc_op *op, sharc_type *local, sharc_type *mesh_type) {
  if (!sharc_mpmd_verify_mesh_tensor_for_topology(op, mesh_type))
    return false;
  if (!sharc_mpmd_mesh_tensor_is_fully_replicated(mesh_type)) {
    char *t = sharc_mpmd_type_str(mesh_type);
    sharc_emit_op(op, SHARC_SEV_ERROR, "MeshTensorType should be fully replicated: '%s'", t);
    free(t);
    return false;
  }
  sharc_type *global = sharc_mpmd_mesh_tensor_global_type(mesh_type);
  if (global == local)
    return true;
  char *l = sharc_mpmd_type_str(local), *g = sharc_mpmd_type_str(global);
  sharc_emit_op(op, SHARC_SEV_ERROR, "mismatch between the given local type '%s' and mesh_type ranked tensor type: '%s'", l,
             g);
  free(l);
  free(g);
  return false;
}

static bool assign_like_invariants(sharc_op *op, bool (*in_ok)(const sharc_type *),
                                   const char *in_desc, bool (*out_ok)(const sharc_type *),
                                   const char *out_desc) {
  /* counts, the HasParent structural trait, then the ODS constraints */
  return sharc_mpmd_check_one(op, false) && sharc_mpmd_check_one(op, true) &&
         sharc_mpmd_verify_parent(op, sharc_mpmd_func_or_for) &&
         check_optional_string_attr(op, "origin") &&
         sharc_mpmd_check_operands(op, in_ok, in_desc, false) &&
         sharc_mpmd_check_results(op, out_ok, out_desc, false);
}

static bool assign_verify(sharc_op *op) {
  if (!assign_like_invariants(op, sharc_mpmd_is_any_tensor, SHARC_MPMD_ANY_TENSOR,
                              sharc_mpmd_is_mesh_tensor, SHARC_MPMD_MESH_TENSOR))
    return false;
  return verify_assignment_types(op, sharc_value_type(sharc_op_operand(op, 0)),
                                 sharc_value_type(sharc_op_result(op, 0)));
}

/* InferTensorType: the result is the mesh tensor's global type. */
static bool verify_inferred_unassign_type(sharc_op *op) {
  sharc_type *inferred =
      sharc_mpmd_mesh_tensor_global_type(sharc_value_type(sharc_op_operand(op, 0)));
  sharc_type *result = sharc_value_type(sharc_op_result(op, 0));
  if (inferred == result)
    return true;
  char *i = sharc_mpmd_type_str(inferred), *r = sharc_mpmd_type_str(result);
  sharc_emit_op_error(op,
                      "inferred type(s) '%s' are incompatible with return type(s) of "
                      "operation '%s'",
                      i, r);
  free(i);
  free(r);
  return false;
}

static bool unassign_verify(sharc_op *op) {
  if (!assign_like_invariants(op, sharc_mpmd_is_mesh_tensor, SHARC_MPMD_MESH_TENSOR,
                              sharc_mpmd_is_any_tensor, SHARC_MPMD_ANY_TENSOR) ||
      !verify_inferred_unassign_type(op))
    return false;
  return verify_assignment_types(op, sharc_value_type(sharc_op_result(op, 0)),
                                 sharc_value_type(sharc_op_operand(op, 0)));
}

/* What the two checks read: the op's attributes, operand and result types,
 * its parent and the topology of the function holding it; ops alike in one
 * function are checked once per verification (a pipeline program holds
 * thousands of transfers). */
static bool assign_verify_memoized(sharc_op *op) {
  return sharc_verify_memoized_in_parent(op, assign_verify);
}

static bool unassign_verify_memoized(sharc_op *op) {
  return sharc_verify_memoized_in_parent(op, unassign_verify);
}

static const char *const origin_inherent[] = {"origin", NULL};

const sharc_op_def sharc_mpmd_assign_def = {
    .name = "mpmd.assign",
    .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS,
    .inherent = origin_inherent,
    .parse = parse_dict_operand_fn_type,
    .print = print_dict_operands_fn_type,
    .verify = assign_verify_memoized,
};

const sharc_op_def sharc_mpmd_unassign_def = {
    .name = "mpmd.unassign",
    .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS,
    .inherent = origin_inherent,
    .parse = parse_dict_operand_fn_type,
    .print = print_dict_operands_fn_type,
    .verify = unassign_verify_memoized,
};

/* ---- transfer --------------------------------------------------------------------- */

static const char memory_kind_attr[] = "mhlo.memory_kind";

/* Entry `i` of an op's `res_attrs`/function's `arg_attrs` array, or NULL. */
static sharc_attr *dict_in_array(sharc_attr *array, unsigned i, const char *name) {
  if (!array || sharc_attr_get_kind(array) != SHARC_ATTR_ARRAY || i >= sharc_attr_count(array))
    return NULL;
  sharc_attr *dict = sharc_attr_at(array, i);
  return sharc_attr_get_kind(dict) == SHARC_ATTR_DICTIONARY ? sharc_attr_dict_get(dict, name)
                                                            : NULL;
}

/* Shardy's FindMemoryKindInAttributes: the memory kind a value carries in
 * attributes rather than in its type. */
static sharc_attr *memory_kind_in_attrs(sharc_value *v, sharc_op *func) {
  sharc_attr *kind = NULL;
  if (sharc_value_is_block_arg(v)) {
    kind = func ? dict_in_array(sharc_op_attr(func, "arg_attrs"), sharc_value_index(v),
                                memory_kind_attr)
                : NULL;
  } else {
    sharc_op *def = sharc_value_defining_op(v);
    if (sharc_op_isa(def, &sharc_mpmd_transfer_def))
      kind = sharc_op_attr(def, memory_kind_attr);
    else if (sharc_op_isa(def, &sharc_mpmd_fragment_def) || sharc_op_isa(def, &sharc_mpmd_call_def) ||
             sharc_op_isa(def, &sharc_mpmd_fragment_call_def) || sharc_op_isa(def, &sharc_mpmd_for_def))
      kind = dict_in_array(sharc_op_attr(def, "res_attrs"), sharc_value_index(v), memory_kind_attr);
  }
  return kind && sharc_attr_get_kind(kind) == SHARC_ATTR_STRING ? kind : NULL;
}

static bool is_pinned_host(const sharc_attr *kind) {
  return kind && sharc_str_eq_cstr(sharc_attr_string_value(kind), "pinned_host");
}

static bool verify_memory_kind(sharc_op *op, const sharc_type *t) {
  sharc_attr *kind = sharc_mpmd_mesh_tensor_memory_kind(t);
  if (!kind || is_pinned_host(kind) || sharc_str_eq_cstr(sharc_attr_string_value(kind), "device"))
    return true;
  sharc_str s = sharc_attr_string_value(kind);
  sharc_emit_op(op, SHARC_SEV_ERROR, "memory kind must be either 'pinned_host' or 'device'. Found '%.*s'.", (int)s.len,
             s.data);
  return false;
}

static bool transfer_verify(sharc_op *op) {
  if (!sharc_mpmd_check_one(op, false) || !sharc_mpmd_check_one(op, true) ||
      !sharc_mpmd_verify_parent(op, sharc_mpmd_func_only) ||
      !sharc_mpmd_check_values(op, sharc_mpmd_is_mesh_tensor, SHARC_MPMD_MESH_TENSOR, false))
    return false;
  sharc_value *in = sharc_op_operand(op, 0), *out = sharc_op_result(op, 0);
  sharc_type *tin = sharc_value_type(in), *tout = sharc_value_type(out);
  if (!sharc_mpmd_verify_mesh_tensor_for_topology(op, tin) ||
      !sharc_mpmd_verify_mesh_tensor_for_topology(op, tout))
    return false;
  if (sharc_mpmd_mesh_tensor_global_type(tin) != sharc_mpmd_mesh_tensor_global_type(tout)) {
    char *a = sharc_mpmd_type_str(tin), *b = sharc_mpmd_type_str(tout);
    sharc_emit_op(op, SHARC_SEV_ERROR, "cannot perform transfer between given types '%s' and '%s': global tensor types "
               "are different",
               a, b);
    free(a);
    free(b);
    return false;
  }
  if (!verify_memory_kind(op, tin) || !verify_memory_kind(op, tout))
    return false;
  sharc_op *func = sharc_mpmd_enclosing_func(op);
  if (is_pinned_host(memory_kind_in_attrs(in, func))) {
    emit_error(op, "Transfers from host with attributes are not supported. Memory kinds must be "
                   "expressed in the type.");
    return false;
  }
  if (is_pinned_host(memory_kind_in_attrs(out, func))) {
    emit_error(op, "Transfers to host with attributes are not supported. Memory kinds must "
                   "expressed be in the type.");
    return false;
  }
  return true;
}

/* memory_kind_in_attrs reads mhlo.memory_kind on the transfer and on a
 * producing transfer: a change to it verifies both again. */
static const char *const transfer_reads[] = {memory_kind_attr, NULL};

const sharc_op_def sharc_mpmd_transfer_def = {
    .name = "mpmd.transfer",
    .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS,
    .parse = parse_dict_operand_fn_type,
    .print = print_dict_operands_fn_type,
    .verify = transfer_verify,
    .patterns = sharc_mpmd_transfer_patterns,
    .sharding_rule = &sharc_mpmd_transfer_sharding_rule,
    .reads_discardable = transfer_reads,
};

/* ---- broadcast: `attr-dict $tensor : type($tensor)` ----------------------------------- */

static bool broadcast_parse(sharc_parser *p, sharc_op_builder *b) {
  sharc_operand_ref ref;
  sharc_type *t;
  sharc_value *v;
  if (!sharc_p_parse_optional_attr_dict(p, b) || !sharc_p_parse_operand(p, &ref) ||
      !sharc_p_expect(p, ':') || !sharc_p_parse_type(p, &t) ||
      !sharc_p_resolve_operand(p, &ref, t, &v))
    return false;
  sharc_ptrvec_push(&b->operands, v);
  sharc_ptrvec_push(&b->result_types, t);
  return true;
}

static void broadcast_print(sharc_printer *p, sharc_op *op) {
  sharc_pr_attr_dict(p, sharc_op_attrs(op), NULL, false);
  SHARC_PR_LIT(p, " ");
  sharc_pr_operands(p, op);
  SHARC_PR_LIT(p, " : ");
  sharc_pr_type(p, sharc_value_type(sharc_op_operand(op, 0)));
}

static bool broadcast_verify(sharc_op *op) {
  return sharc_mpmd_check_one(op, false) && sharc_mpmd_check_one(op, true) &&
         sharc_mpmd_check_values(op, sharc_mpmd_is_any_tensor, SHARC_MPMD_ANY_TENSOR, false) &&
         sharc_mpmd_verify_same_operands_and_result_type(op);
}

const sharc_op_def sharc_mpmd_broadcast_def = {
    .name = "mpmd.broadcast",
    .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS,
    .parse = broadcast_parse,
    .print = broadcast_print,
    .verify = broadcast_verify,
    .patterns = sharc_mpmd_broadcast_patterns,
};

/* ---- reduce: `` $reduction attr-dict $tensors : functional-type ---------------------- */

static bool reduce_parse(sharc_parser *p, sharc_op_builder *b) {
  sharc_attr *reduction;
  if (!sharc_p_parse_attr_with_fallback(p, &sharc_mpmd_reduction_def,
                                        sharc_mpmd_parse_reduction_body, &reduction))
    return false;
  sharc_builder_set_attr(p, b, "reduction", reduction);
  sharc_ptrvec refs = {0};
  bool ok = sharc_p_parse_optional_attr_dict(p, b) &&
            sharc_mpmd_parse_operand_refs(p, &refs, false) &&
            sharc_mpmd_parse_functional_type(p, b, &refs);
  sharc_mpmd_free_refs(&refs);
  return ok;
}

static sharc_mpmd_reduction_kind reduce_kind(const sharc_op *op) {
  sharc_attr *a = sharc_op_attr(op, "reduction");
  return sharc_mpmd_is_reduction(a) ? sharc_mpmd_reduction_get(a) : SHARC_MPMD_REDUCE_NONE;
}

static const char *const reduce_elided[] = {"reduction", NULL};

static void reduce_print(sharc_printer *p, sharc_op *op) {
  SHARC_PR_LIT(p, "<");
  sharc_pr_puts(p, sharc_mpmd_reduction_name(reduce_kind(op)));
  SHARC_PR_LIT(p, ">");
  sharc_pr_attr_dict(p, sharc_op_attrs(op), reduce_elided, false);
  print_operands_fn_type(p, op);
}

static bool reduce_verify(sharc_op *op) {
  sharc_attr *a = sharc_op_attr(op, "reduction");
  if (!sharc_mpmd_check_one(op, true))
    return false;
  if (a && !sharc_mpmd_is_reduction(a)) {
    sharc_emit_op_error(op, "attribute 'reduction' failed to satisfy constraint: Denotes a "
                            "reduction.");
    return false;
  }
  if (!sharc_mpmd_check_operands(op, sharc_mpmd_is_any_tensor, SHARC_MPMD_ANY_TENSOR, true) ||
      !sharc_mpmd_check_results(op, sharc_mpmd_is_any_tensor, SHARC_MPMD_ANY_TENSOR, false) ||
      !sharc_mpmd_verify_same_operands_and_result_type(op))
    return false;
  if (reduce_kind(op) == SHARC_MPMD_REDUCE_NONE && sharc_op_num_operands(op) != 1) {
    emit_error(op, "ReduceOp must have exactly one operand if the reduction type is none");
    return false;
  }
  return true;
}

const sharc_op_def sharc_mpmd_reduce_def = {
    .name = "mpmd.reduce",
    .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS,
    .inherent = reduce_elided,
    .parse = reduce_parse,
    .print = reduce_print,
    .verify = reduce_verify,
    .patterns = sharc_mpmd_reduce_patterns,
};

/* ---- named_tensor: `$tensor name=$name attr-dict : type($result)` ------------------- */

static bool named_tensor_parse(sharc_parser *p, sharc_op_builder *b) {
  sharc_operand_ref ref;
  sharc_attr *name;
  if (!sharc_p_parse_operand(p, &ref) || !sharc_p_expect_keyword(p, "name") ||
      !sharc_p_expect(p, '='))
    return false;
  if (!sharc_p_parse_str_attr_none_type(p, &name))
    return false;
  sharc_builder_set_attr(p, b, "name", name);
  return sharc_p_parse_attr_dict_colon_type(p, b, &ref, true);
}

static const char *const named_tensor_inherent[] = {"name", NULL};

static void named_tensor_print(sharc_printer *p, sharc_op *op) {
  SHARC_PR_LIT(p, " ");
  sharc_pr_operands(p, op);
  SHARC_PR_LIT(p, " name=");
  sharc_pr_attr(p, sharc_op_attr(op, "name"));
  sharc_pr_attr_dict_colon_type(p, op, named_tensor_inherent);
}

static bool named_tensor_verify(sharc_op *op) {
  sharc_attr *name = sharc_op_attr(op, "name");
  if (!sharc_mpmd_check_one(op, false) || !sharc_mpmd_check_one(op, true))
    return false;
  if (!name) {
    sharc_emit_op_error(op, "requires attribute 'name'");
    return false;
  }
  return check_optional_string_attr(op, "name") &&
         sharc_mpmd_check_values(op, sharc_mpmd_is_any_tensor, SHARC_MPMD_ANY_TENSOR, false) &&
         sharc_mpmd_verify_same_operands_and_result_type(op);
}

const sharc_op_def sharc_mpmd_named_tensor_def = {
    .name = "mpmd.named_tensor",
    .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_ZERO_REGIONS,
    .inherent = named_tensor_inherent,
    .parse = named_tensor_parse,
    .print = named_tensor_print,
    .verify = named_tensor_verify,
};

/* ---- return: `attr-dict $results (: type($results))?` ------------------------------- */

const sharc_op_def sharc_mpmd_return_def = {
    .name = "mpmd.return",
    .traits = SHARC_TRAIT_PURE | SHARC_TRAIT_TERMINATOR | SHARC_TRAIT_ZERO_RESULTS |
              SHARC_TRAIT_ZERO_REGIONS,
    .parse = sharc_p_parse_return_like,
    .print = sharc_pr_return_like,
};

/* ---- call: `$callee ( $tensors ) attr-dict : functional-type` ------------------------ */

static bool call_parse(sharc_parser *p, sharc_op_builder *b) {
  sharc_attr *callee;
  if (sharc_p_tok(p)->kind != TOK_AT_ID)
    return sharc_p_error(p, "expected attribute value");
  if (!sharc_p_parse_flat_symbol_ref_attr(p, &callee))
    return false;
  sharc_builder_set_attr(p, b, "callee", callee);
  return sharc_mpmd_parse_call_operands(p, b);
}

static const char *const call_inherent[] = {"callee", NULL};

static void call_print(sharc_printer *p, sharc_op *op) {
  SHARC_PR_LIT(p, " ");
  sharc_func_print_callee_call(p, op, call_inherent);
}

static bool is_public(const sharc_op *func) {
  sharc_attr *vis = sharc_op_attr(func, "sym_visibility");
  return !vis || sharc_str_eq_cstr(sharc_attr_string_value(vis), "public");
}

static bool is_mpmd_function(const sharc_op *func) { return sharc_op_attr(func, "topology"); }

/* Shardy's IsEntryPointFunction: a public SPMD or MPMD function. */
static bool is_entry_point(const sharc_op *func) {
  return (sharc_op_attr(func, "mesh_shape") || is_mpmd_function(func)) && is_public(func);
}

/* Operand or result types against the callee's, first mismatch reported. */
static bool check_call_types(sharc_op *op, sharc_type *const *want, unsigned n_want, bool results,
                             const char *what) {
  unsigned n = results ? sharc_op_num_results(op) : sharc_op_num_operands(op);
  for (unsigned i = 0; i < n && i < n_want; i++) {
    sharc_type *got = sharc_value_type(results ? sharc_op_result(op, i) : sharc_op_operand(op, i));
    if (got == want[i])
      continue;
    char *w = sharc_mpmd_type_str(want[i]), *g = sharc_mpmd_type_str(got);
    sharc_emit_op(op, SHARC_SEV_ERROR, "Type mismatch. Expected call %s to have type '%s' but got '%s'", what, w, g);
    free(w);
    free(g);
    return false;
  }
  return true;
}

/* Shardy's CallOp::verifySymbolUses. */
static bool call_verify_callee(sharc_op *op, sharc_attr *callee) {
  sharc_op *fn = sharc_func_lookup_callee(op, callee);
  if (!fn)
    return false;
  sharc_attr *ft = sharc_op_attr(fn, "function_type");
  sharc_type *type = ft ? sharc_attr_type_value(ft) : NULL;
  if (!type || sharc_type_get_kind(type) != SHARC_TYPE_FUNCTION)
    return true;
  if (!check_call_types(op, sharc_type_func_inputs(type), sharc_type_func_num_inputs(type), false,
                        "operand") ||
      !check_call_types(op, sharc_type_func_results(type), sharc_type_func_num_results(type), true,
                        "result"))
    return false;
  sharc_attr *vis = sharc_op_attr(fn, "sym_visibility");
  bool is_private = vis && sharc_str_eq_cstr(sharc_attr_string_value(vis), "private");
  if (is_mpmd_function(fn) && !is_private) {
    emit_error(op, "MPMD CallOp callee with topology must also have visibility set to private, "
                   "as public functions with topologies are assumed to be entry point "
                   "functions.");
    return false;
  }
  return true;
}

static bool call_verify(sharc_op *op) {
  sharc_attr *callee = sharc_op_attr(op, "callee");
  if (!callee) {
    sharc_emit_op_error(op, "requires attribute 'callee'");
    return false;
  }
  if (!sharc_mpmd_check_flat_callee(op, callee))
    return false;
  if (!sharc_mpmd_check_values(op, is_local_or_mesh_tensor,
                               SHARC_MPMD_ANY_TENSOR " or " SHARC_MPMD_MESH_TENSOR, true))
    return false;
  sharc_attr *count = sharc_op_attr(op, "call_counter");
  if (count && sharc_attr_get_kind(count) == SHARC_ATTR_INTEGER) {
    sharc_type *t = sharc_attr_type(count);
    if (!sharc_type_is_integer(t, 32) || sharc_type_int_signedness(t) != SHARC_UNSIGNED) {
      char *s = sharc_mpmd_type_str(t);
      sharc_emit_op(op, SHARC_SEV_ERROR, "call_counter must be an uint32, got '%s'", s);
      free(s);
      return false;
    }
  }
  sharc_str name = sharc_ident_str(sharc_attr_symbol_root(callee));
  sharc_op *parent = sharc_op_parent_op(op);
  if (!parent || !(sharc_op_isa(parent, &sharc_func_func_def) || sharc_op_isa(parent, &sharc_mpmd_for_def))) {
    sharc_emit_op(op, SHARC_SEV_ERROR, "Mpmd CallOp on \"%.*s\" can only be used in a function or for_op block but was "
               "called from inside op %s",
               (int)name.len, name.data, parent ? sharc_op_name(parent)->data : "");
    return false;
  }
  sharc_op *func = sharc_mpmd_enclosing_func(op);
  if (func && is_mpmd_function(func) && !is_entry_point(func)) {
    sharc_str fname = sharc_op_symbol_name(func);
    sharc_emit_op(op, SHARC_SEV_ERROR, "Mpmd CallOp on \"%.*s\" in an Mpmd function can only be used directly by the "
               "entrypoint function, i.e. the main function, but was called from \"%.*s\".",
               (int)name.len, name.data, (int)fname.len, fname.data);
    return false;
  }
  return true;
}

/* CallOp::verifySymbolUses, run by the enclosing module. */
static bool call_verify_symbol_uses(sharc_op *op) {
  return call_verify_callee(op, sharc_op_attr(op, "callee"));
}

const sharc_op_def sharc_mpmd_call_def = {
    .name = "mpmd.call",
    .traits = SHARC_TRAIT_ZERO_REGIONS | SHARC_TRAIT_CALL,
    .inherent = call_inherent,
    .parse = call_parse,
    .print = call_print,
    .verify = call_verify,
    .verify_symbol_uses = call_verify_symbol_uses,
};
