/* Shardy's fragment_arg_res_attrs.h: per-operand and per-result attribute
 * dictionaries of ops that have no built-in place for them (fragments),
 * kept in `arg_attrs` / `res_attrs` arrays. */
#ifndef SHARC_DIALECT_MPMD_FRAGMENT_ARG_RES_ATTRS_H
#define SHARC_DIALECT_MPMD_FRAGMENT_ARG_RES_ATTRS_H

#include "sharc/rewrite.h"
#include "support/vec.h"

#define SHARC_MPMD_RES_ATTRS "res_attrs"

typedef SHARC_VEC(sharc_attr *) sharc_mpmd_dict_vec;

/* GetArgAttrsOrCreateDefault / GetResAttrsOrCreateDefault: the op's
 * dictionaries, or one empty dictionary per operand (result), into `out`
 * (emptied first). */
void sharc_mpmd_arg_attrs_or_default(const sharc_op *op, sharc_mpmd_dict_vec *out);
void sharc_mpmd_res_attrs_or_default(const sharc_op *op, sharc_mpmd_dict_vec *out);
/* GetArgAttr / GetResAttr: `name` in dictionary `index`, or NULL. */
sharc_attr *sharc_mpmd_arg_attr(const sharc_op *op, unsigned index, const char *name);
sharc_attr *sharc_mpmd_res_attr(const sharc_op *op, unsigned index, const char *name);
/* SetArgAttrs / SetResAttrs. */
void sharc_mpmd_set_arg_attrs(sharc_rewriter *rw, sharc_op *op, const sharc_mpmd_dict_vec *dicts);
void sharc_mpmd_set_res_attrs(sharc_rewriter *rw, sharc_op *op, const sharc_mpmd_dict_vec *dicts);
/* InsertAttr (set, replacing) / RemoveAttr on one dictionary of `dicts`;
 * RemoveAttr returns whether there was one. */
void sharc_mpmd_dict_insert(sharc_context *ctx, sharc_mpmd_dict_vec *dicts, unsigned index,
                            const char *name, sharc_attr *value);
bool sharc_mpmd_dict_remove(sharc_context *ctx, sharc_mpmd_dict_vec *dicts, unsigned index,
                            const char *name);

#endif
