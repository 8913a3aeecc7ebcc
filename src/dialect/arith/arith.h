/* The arith dialect's syntax pieces other dialects share: the
 * `attr-dict $value` form of a constant whose result type is its value's
 * (arith.constant, chlo.constant). */
#ifndef SHARC_DIALECT_ARITH_ARITH_H
#define SHARC_DIALECT_ARITH_ARITH_H

#include "ir/ir_internal.h"

/* Parses `{attrs} value`, setting `value` and the result type (the value's;
 * none for a value without one, such as a string). */
bool sharc_arith_parse_value_constant(sharc_parser *p, sharc_op_builder *b);
/* Prints `{attrs} value`, the dictionary without `value`. */
void sharc_arith_print_value_constant(sharc_printer *p, sharc_op *op);

#endif
