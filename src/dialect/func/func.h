/* The func op definitions, for recognising functions, returns and calls by
 * definition pointer (the builtin ones are in ir/ir_internal.h). */
#ifndef SHARC_DIALECT_FUNC_FUNC_H
#define SHARC_DIALECT_FUNC_FUNC_H

#include "ir/ir_internal.h"

extern const sharc_op_def sharc_func_func_def;                /* func.func */
extern const sharc_op_def sharc_func_return_def;              /* func.return */
extern const sharc_op_def sharc_func_call_def;                /* func.call */

/* ---- FunctionOpInterface (func_interface.c) --------------------------------
 * A function's type lives in `function_type`, argument and result
 * attributes in `arg_attrs` / `res_attrs` (arrays of dictionaries, dropped
 * when every dictionary is empty, as MLIR does). */
sharc_type *sharc_func_type(const sharc_op *func);
void sharc_func_set_type(sharc_op *func, sharc_type *type);
unsigned sharc_func_num_args(const sharc_op *func);
unsigned sharc_func_num_results(const sharc_op *func);
/* The entry block of the body, or NULL for a declaration. */
sharc_block *sharc_func_body(const sharc_op *func);
bool sharc_func_is_declaration(const sharc_op *func);
/* `sym_visibility` is "private" (or "nested"): the function may be erased or
 * rewritten when nothing outside uses it. */
bool sharc_func_is_private(const sharc_op *func);
void sharc_func_set_private(sharc_op *func, bool is_private);

/* One argument's / result's attribute dictionary (empty when none). */
sharc_attr *sharc_func_arg_attrs(const sharc_op *func, unsigned i);
sharc_attr *sharc_func_result_attrs(const sharc_op *func, unsigned i);
void sharc_func_set_arg_attrs(sharc_op *func, unsigned i, sharc_attr *dict);
void sharc_func_set_result_attrs(sharc_op *func, unsigned i, sharc_attr *dict);
/* A named attribute of an argument / result; NULL value removes it. */
sharc_attr *sharc_func_arg_attr(const sharc_op *func, unsigned i, const char *name);
sharc_attr *sharc_func_result_attr(const sharc_op *func, unsigned i, const char *name);
void sharc_func_set_arg_attr(sharc_op *func, unsigned i, const char *name, sharc_attr *value);
void sharc_func_set_result_attr(sharc_op *func, unsigned i, const char *name, sharc_attr *value);
/* Every argument's (result's) dictionary at once, one per argument
 * (result), as MLIR's setAllArgAttrs: linear where setting them one by one
 * rebuilds the array each time. */
void sharc_func_set_all_arg_attrs(sharc_op *func, sharc_attr *const *dicts);
void sharc_func_set_all_result_attrs(sharc_op *func, sharc_attr *const *dicts);
/* Each argument's (with `results`, each result's) dictionary replaced by
 * what `map` returns for it, set at once when one changed or when
 * `set_unchanged` (Shardy's passes that always set them); whether one
 * changed. */
typedef sharc_attr *(*sharc_func_dict_map)(sharc_op *func, unsigned i, sharc_attr *dict,
                                           void *user);
bool sharc_func_map_attr_dicts(sharc_op *func, bool results, bool set_unchanged,
                               sharc_func_dict_map map, void *user);
/* `dict` with `name` set to `value` (removed when NULL). */
sharc_attr *sharc_func_dict_with(sharc_context *ctx, const sharc_attr *dict, const char *name,
                                 sharc_attr *value);

/* The same for many arguments / results at once (one rebuild of the
 * attribute array instead of one per index): `values` has one entry per
 * argument / result, NULL leaving that one as it is. */
void sharc_func_set_each_arg_attr(sharc_op *func, const char *name, sharc_attr *const *values);
void sharc_func_set_each_result_attr(sharc_op *func, const char *name,
                                     sharc_attr *const *values);

/* Inserts an argument at `index` (type, attributes or NULL, location) into
 * the type, the attributes and the entry block; returns the block argument
 * (NULL for a declaration). */
sharc_value *sharc_func_insert_arg(sharc_op *func, unsigned index, sharc_type *type,
                                   sharc_attr *attrs, sharc_attr *loc);
/* Erases the arguments whose `erase[i]` is set (they must be unused). */
void sharc_func_erase_args(sharc_op *func, const bool *erase);
/* Inserts a result at `index` into the type and the attributes (the return
 * ops are the caller's business); erases results whose `erase[i]` is set. */
void sharc_func_insert_result(sharc_op *func, unsigned index, sharc_type *type, sharc_attr *attrs);
void sharc_func_erase_results(sharc_op *func, const bool *erase);

/* The callee a call op (CallOpInterface: func.call, mpmd.call, ...) names,
 * and the function it resolves to in the nearest symbol table, or NULL. */
sharc_attr *sharc_call_callee(const sharc_op *call);
sharc_op *sharc_call_resolve(sharc_op *call);
/* func.call's syntax from the callee on, which mpmd.call and
 * mpmd.fragment_call end with: `@callee(%operands) {attrs} : (types) ->
 * types`, the `elided` names left out of the dictionary. */
/* The func.func that `callee` names from `call`; NULL after CallOp's
 * "'@f' does not reference a valid function". */
sharc_op *sharc_func_lookup_callee(sharc_op *call, sharc_attr *callee);
void sharc_func_print_callee_call(sharc_printer *p, sharc_op *op, const char *const *elided);

#endif
