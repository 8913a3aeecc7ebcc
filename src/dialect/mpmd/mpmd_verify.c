/* Verifier support shared by mpmd's ops: finding meshes in the enclosing
 * function's topology and checking mesh tensor types against them, with
 * Shardy's messages (its utils.cc GetMeshAttr and the fragment type rules). */
#include "asm/verify_internal.h"
#include "ir/static_names.h"
#include "dialect/func/func.h"
#include "dialect/mpmd/mpmd_internal.h"
#include "dialect/sdy/sdy_attrs.h"
#include "sharc/sdy.h"

#include <stdlib.h>
#include <string.h>

char *sharc_mpmd_type_str(const sharc_type *t) {
  sharc_buf b = {0};
  sharc_print_type(t, &b);
  return b.data;
}

char *sharc_mpmd_attr_str(const sharc_attr *a) {
  sharc_buf b = {0};
  sharc_print_attr(a, &b);
  return b.data;
}

sharc_op *sharc_mpmd_enclosing_func(const sharc_op *op) {
  for (sharc_op *p = sharc_op_parent_op(op); p; p = sharc_op_parent_op(p))
    if (sharc_op_isa(p, &sharc_func_func_def))
      return p;
  return NULL;
}

static void emit_no_func_attr(sharc_op *op, const char *attr, const sharc_op *func) {
  sharc_str name = func ? sharc_op_symbol_name(func) : (sharc_str){"", 0};
  sharc_emit_op(op, SHARC_SEV_ERROR, "Function does not have a %s attribute: %.*s", attr, (int)name.len, name.data);
}

sharc_attr *sharc_mpmd_mesh_for_name(sharc_op *op, sharc_str name) {
  sharc_op *func = sharc_mpmd_enclosing_func(op);
  sharc_attr *topology = func ? sharc_op_attr_static(func, "topology") : NULL;
  if (!sharc_mpmd_is_topology(topology)) {
    emit_no_func_attr(op, "topology", func);
    return NULL;
  }
  sharc_attr *mesh = sharc_mpmd_topology_lookup(topology, name);
  if (!mesh)
    sharc_emit_op(op, SHARC_SEV_ERROR, "Topology doesn't have a mesh with name: %.*s", (int)name.len, name.data);
  return mesh;
}

/* The nearest enclosing op of kind `def`, `op` itself included. */
static sharc_op *enclosing_or_self(sharc_op *op, const sharc_op_def *def) {
  for (sharc_op *p = op; p; p = sharc_op_parent_op(p))
    if (sharc_op_isa(p, def))
      return p;
  return NULL;
}

sharc_attr *sharc_mpmd_mesh_of(sharc_op *op) {
  sharc_op *fragment = enclosing_or_self(op, &sharc_mpmd_fragment_def);
  if (fragment) {
    sharc_attr *name = sharc_op_attr_static(fragment, "mesh_name");
    if (name && sharc_attr_get_kind(name) == SHARC_ATTR_STRING)
      return sharc_mpmd_mesh_for_name(op, sharc_attr_string_value(name));
  }
  sharc_op *func = enclosing_or_self(op, &sharc_func_func_def);
  sharc_attr *mesh = func ? sharc_op_attr_static(func, "mesh_shape") : NULL;
  if (mesh && mesh->kind == SHARC_ATTR_DIALECT && sharc_attr_def_of(mesh) == &sharc_sdy_mesh_def)
    return mesh;
  emit_no_func_attr(op, "mesh_shape", func);
  return NULL;
}

bool sharc_mpmd_verify_mesh_tensor_for_mesh(sharc_op *op, const sharc_type *t,
                                            const sharc_attr *mesh) {
  const sharc_attr *sharding = sharc_mpmd_mesh_tensor_sharding(t);
  if (!sharding)
    return true;
  /* Shardy's MeshTensorType::verifyForMesh: errors as the op's, divisible */
  sharc_sdy_emitter e = sharc_sdy_emitter_make(op, NULL, NULL);
  return sharc_sdy_verify_tensor_sharding(sharding, sharc_mpmd_mesh_tensor_global_type(t), mesh, &e,
                                          true);
}

bool sharc_mpmd_verify_mesh_tensor_for_topology(sharc_op *op, const sharc_type *t) {
  sharc_attr *mesh = sharc_mpmd_mesh_for_name(op, sharc_mpmd_mesh_tensor_mesh_name(t));
  return mesh && sharc_mpmd_verify_mesh_tensor_for_mesh(op, t, mesh);
}

bool sharc_mpmd_mesh_tensor_is_fully_replicated(const sharc_type *t) {
  const sharc_attr *sharding = sharc_mpmd_mesh_tensor_sharding(t);
  if (!sharding)
    return true;
  for (unsigned d = 0; d < sharc_sdy_tensor_sharding_rank(sharding); d++)
    if (sharc_sdy_dim_sharding_num_axes(sharc_sdy_tensor_sharding_dim(sharding, d)))
      return false;
  return true;
}

bool sharc_mpmd_type_mismatch(sharc_op *op, const char *inner_name, const char *relation,
                              const char *outer_name, const sharc_type *want,
                              const sharc_type *got) {
  char *w = sharc_mpmd_type_str(want), *g = sharc_mpmd_type_str(got);
  sharc_emit_op(op, SHARC_SEV_ERROR, "expected the type of the %s to %s%s: '%s', got: '%s'", inner_name, relation,
             outer_name, w, g);
  free(w);
  free(g);
  return false;
}

bool sharc_mpmd_verify_same_count(sharc_op *op, unsigned n_inner, unsigned n_outer,
                                  const char *inner_name, const char *outer_name) {
  if (n_inner == n_outer)
    return true;
  sharc_emit_op(op, SHARC_SEV_ERROR, "number of %ss must match the number of %ss respectively: %u != %u", inner_name,
             outer_name, n_inner, n_outer);
  return false;
}

/* One inner/outer pair of a fragment or fragment call. */
static bool verify_fragment_type(sharc_op *op, sharc_str mesh_name, const sharc_attr *mesh,
                                 sharc_type *inner, sharc_type *outer, const char *inner_name,
                                 const char *outer_name) {
  if (!sharc_mpmd_is_mesh_tensor(outer))
    return inner == outer || sharc_mpmd_type_mismatch(op, inner_name, "match the ", outer_name, outer, inner);
  sharc_str outer_mesh = sharc_mpmd_mesh_tensor_mesh_name(outer);
  if (!sharc_str_eq(outer_mesh, mesh_name)) {
    sharc_emit_op(op, SHARC_SEV_ERROR, "expected the mesh name of the %s to match that of the fragment op: %.*s != %.*s",
               outer_name, (int)outer_mesh.len, outer_mesh.data, (int)mesh_name.len,
               mesh_name.data);
    return false;
  }
  if (!sharc_mpmd_verify_mesh_tensor_for_mesh(op, outer, mesh))
    return false;
  sharc_type *global = sharc_mpmd_mesh_tensor_global_type(outer);
  return inner == global ||
         sharc_mpmd_type_mismatch(op, inner_name, "be global tensor type ", outer_name, global, inner);
}

bool sharc_mpmd_verify_fragment_types(sharc_op *op, sharc_str mesh_name, sharc_type *const *inner,
                                      unsigned n_inner, sharc_type *const *outer, unsigned n_outer,
                                      const char *inner_name, const char *outer_name) {
  if (!sharc_mpmd_verify_same_count(op, n_inner, n_outer, inner_name, outer_name))
    return false;
  if (!n_inner)
    return true;
  /* Shardy looks the mesh up once per pair; a missing mesh fails the first,
   * so one lookup (a linear search of the topology) says the same */
  sharc_attr *mesh = sharc_mpmd_mesh_for_name(op, mesh_name);
  if (!mesh)
    return false;
  /* a pair's check depends on its two (unique) types alone, and the pairs
   * repeat (one weight type, one activation type): a pair equal to one that
   * passed passes, and is not checked again */
  enum { PASSED = 4 };
  sharc_type *passed_inner[PASSED], *passed_outer[PASSED];
  unsigned n_passed = 0;
  for (unsigned i = 0; i < n_inner; i++) {
    bool seen = false;
    for (unsigned k = 0; k < n_passed && k < PASSED && !seen; k++)
      seen = passed_inner[k] == inner[i] && passed_outer[k] == outer[i];
    if (seen)
      continue;
    if (!verify_fragment_type(op, mesh_name, mesh, inner[i], outer[i], inner_name, outer_name))
      return false;
    passed_inner[n_passed % PASSED] = inner[i];
    passed_outer[n_passed % PASSED] = outer[i];
    n_passed++;
  }
  return true;
}

void sharc_mpmd_operand_types(const sharc_op *op, sharc_type **out) {
  for (unsigned i = 0, n = sharc_op_num_operands(op); i < n; i++)
    out[i] = sharc_value_type(sharc_op_operand(op, i));
}

void sharc_mpmd_result_types(const sharc_op *op, sharc_type **out) {
  for (unsigned i = 0, n = sharc_op_num_results(op); i < n; i++)
    out[i] = sharc_value_type(sharc_op_result(op, i));
}

/* ---- MLIR trait and ODS constraint checks ---------------------------------- */

const sharc_op_def *const sharc_mpmd_func_or_for[] = {&sharc_func_func_def, &sharc_mpmd_for_def,
                                                      NULL};
const sharc_op_def *const sharc_mpmd_func_only[] = {&sharc_func_func_def, NULL};

bool sharc_mpmd_check_flat_callee(sharc_op *op, const sharc_attr *callee) {
  if (!callee ||
      (sharc_attr_get_kind(callee) == SHARC_ATTR_SYMBOL_REF && !sharc_attr_symbol_num_nested(callee)))
    return true;
  sharc_emit_op_error(op, "attribute 'callee' failed to satisfy constraint: flat symbol "
                          "reference attribute");
  return false;
}

bool sharc_mpmd_verify_parent(sharc_op *op, const sharc_op_def *const *defs) {
  sharc_op *parent = sharc_op_parent_op(op);
  for (const sharc_op_def *const *d = defs; *d; d++)
    if (parent && sharc_op_isa(parent, *d))
      return true;
  if (!defs[1]) {
    sharc_emit_op_error(op, "expects parent op '%s'", sharc_op_def_name(defs[0]));
    return false;
  }
  sharc_buf list = {0};
  for (const sharc_op_def *const *d = defs; *d; d++)
    sharc_buf_printf(&list, "%s%s", d == defs ? "" : ", ", sharc_op_def_name(*d));
  sharc_emit_op_error(op, "expects parent op to be one of '%s'", list.data);
  sharc_buf_free(&list);
  return false;
}

bool sharc_mpmd_is_any_tensor(const sharc_type *t) {
  sharc_type_kind k = sharc_type_get_kind(t);
  return k == SHARC_TYPE_TENSOR || k == SHARC_TYPE_UNRANKED_TENSOR;
}

bool sharc_mpmd_is_token(const sharc_type *t) {
  return t->kind == SHARC_TYPE_DIALECT && !strcmp(t->def->dialect->name, "stablehlo") &&
         !strcmp(t->def->name, "token");
}

/* ODS's "operand #i must be <summary>, but got '<type>'". */
static bool check_values(sharc_op *op, bool results, bool (*ok)(const sharc_type *),
                         const char *summary, bool variadic) {
  unsigned n = results ? sharc_op_num_results(op) : sharc_op_num_operands(op);
  const sharc_type *passed = NULL; /* types are unique: a type that passed passes */
  for (unsigned i = 0; i < n; i++) {
    sharc_value *v = results ? sharc_op_result(op, i) : sharc_op_operand(op, i);
    if (sharc_value_type(v) == passed || ok(sharc_value_type(v))) {
      passed = sharc_value_type(v);
      continue;
    }
    char *t = sharc_mpmd_type_str(sharc_value_type(v));
    sharc_emit_op_error(op, "%s #%u must be %s%s, but got '%s'", results ? "result" : "operand", i,
                        variadic ? "variadic of " : "", summary, t);
    free(t);
    return false;
  }
  return true;
}

bool sharc_mpmd_check_operands(sharc_op *op, bool (*ok)(const sharc_type *), const char *summary,
                               bool variadic) {
  return check_values(op, false, ok, summary, variadic);
}

bool sharc_mpmd_check_results(sharc_op *op, bool (*ok)(const sharc_type *), const char *summary,
                              bool variadic) {
  return check_values(op, true, ok, summary, variadic);
}

bool sharc_mpmd_check_values(sharc_op *op, bool (*ok)(const sharc_type *), const char *summary,
                             bool variadic) {
  return check_values(op, false, ok, summary, variadic) &&
         check_values(op, true, ok, summary, variadic);
}

bool sharc_mpmd_check_one(sharc_op *op, bool results) {
  return sharc_verify_one_result_operand(op, results, !results);
}

/* MLIR's SameOperandsAndResultType. */
bool sharc_mpmd_verify_same_operands_and_result_type(sharc_op *op) {
  if (!sharc_op_num_results(op))
    return true;
  sharc_type *want = sharc_value_type(sharc_op_result(op, 0));
  for (unsigned i = 0; i < sharc_op_num_operands(op) + sharc_op_num_results(op); i++) {
    unsigned n_in = sharc_op_num_operands(op);
    sharc_type *t =
        sharc_value_type(i < n_in ? sharc_op_operand(op, i) : sharc_op_result(op, i - n_in));
    if (t == want)
      continue;
    sharc_emit_op_error(op, sharc_type_element(t) != sharc_type_element(want)
                                ? "requires the same element type for all operands and results"
                                : "requires the same type for all operands and results");
    return false;
  }
  return true;
}

/* SingleBlock and SingleBlockImplicitTerminator<ReturnOp>. */
bool sharc_mpmd_verify_single_block_terminator(sharc_op *op) {
  return sharc_verify_implicit_terminator(op, &sharc_mpmd_return_def);
}

/* SizedRegion<1>, an ODS region constraint. */
bool sharc_mpmd_verify_return_terminator(sharc_op *op) {
  if (sharc_region_num_blocks(sharc_op_region(op, 0)) != 1) {
    sharc_emit_op_error(op, "region #0 ('region') failed to verify constraint: region with 1 "
                            "blocks");
    return false;
  }
  return true;
}
