/* The builtin and func op definitions, for recognising modules, functions,
 * returns and calls by definition pointer. */
#ifndef SHARC_DIALECT_FUNC_FUNC_H
#define SHARC_DIALECT_FUNC_FUNC_H

#include "ir/ir_internal.h"

extern const sharc_op_def sharc_builtin_module_def;           /* builtin.module */
extern const sharc_op_def sharc_builtin_unrealized_cast_def;  /* builtin.unrealized_conversion_cast */
extern const sharc_op_def sharc_func_func_def;                /* func.func */
extern const sharc_op_def sharc_func_return_def;              /* func.return */
extern const sharc_op_def sharc_func_call_def;                /* func.call */

#endif
