/* sdy.mesh: a named mesh, `sdy.mesh @name = <["a"=2, "b"=4]>`, a symbol
 * that shardings reference as `@name`. */
#include "dialect/func/func.h"
#include "dialect/sdy/sdy_ops_internal.h"

static bool mesh_parse(sharc_parser *p, sharc_op_builder *b) {
  sharc_attr *name, *mesh;
  if (!sharc_p_parse_symbol_name(p, &name) || !sharc_p_expect(p, '='))
    return false;
  if (!sharc_sdy_parse_mesh(p, &mesh))
    return false;
  sharc_builder_set_attr(p, b, "sym_name", name);
  sharc_builder_set_attr(p, b, "mesh", mesh);
  return sharc_p_parse_optional_attr_dict(p, b);
}

static const char *const mesh_inherent[] = {"mesh", "sym_name", NULL};

static void mesh_print(sharc_printer *p, sharc_op *op) {
  SHARC_PR_LIT(p, " ");
  sharc_pr_symbol(p, sharc_op_symbol_name(op));
  SHARC_PR_LIT(p, " = ");
  sharc_sdy_print_mesh(p, sharc_op_attr(op, "mesh"));
  sharc_pr_attr_dict(p, sharc_op_attrs(op), mesh_inherent, false);
}

/* HasParent<ModuleOp> is a structural trait, verified before the ODS
 * constraints; the Symbol interface's checks come after (the generic
 * verifier runs them). */
static bool mesh_verify(sharc_op *op) {
  sharc_op *parent = sharc_op_parent_op(op);
  if (!parent || !sharc_op_isa(parent, &sharc_builtin_module_def))
    return sharc_emit_op_error(op, "expects parent op 'builtin.module'"), false;
  sharc_attr *name = sharc_op_attr(op, "sym_name"), *mesh = sharc_op_attr(op, "mesh");
  if (mesh && !sharc_sdy_is_mesh(mesh))
    return sharc_emit_op_error(op, "attribute 'mesh' failed to satisfy constraint: Mesh of axes "
                                   "and a list of devices"),
           false;
  if (name && (sharc_attr_get_kind(name) != SHARC_ATTR_STRING || sharc_attr_type(name)))
    return sharc_emit_op_error(op, "attribute 'sym_name' failed to satisfy constraint: string "
                                   "attribute"),
           false;
  if (!mesh)
    return sharc_emit_op_error(op, "requires attribute 'mesh'"), false;
  if (!name)
    return sharc_emit_op_error(op, "requires attribute 'sym_name'"), false;
  return true;
}

const sharc_op_def sharc_sdy_mesh_op_def = {
    .name = "sdy.mesh",
    .traits = SHARC_TRAIT_SYMBOL | SHARC_TRAIT_ZERO_OPERANDS | SHARC_TRAIT_ZERO_RESULTS |
              SHARC_TRAIT_ZERO_REGIONS,
    .inherent = mesh_inherent,
    .parse = mesh_parse,
    .print = mesh_print,
    .verify = mesh_verify,
    .dialect = &sharc_sdy_dialect,
};
