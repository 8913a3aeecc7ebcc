/* An op's custom assembly hooks as the parser and printer see them: the
 * definition's own, or for the builtin ops (defined below the asm layer, in
 * ir/builtin.c) the syntax the asm layer gives them. NULL: generic form only. */
#ifndef SHARC_ASM_BUILTIN_SYNTAX_H
#define SHARC_ASM_BUILTIN_SYNTAX_H

#include "ir/ir_internal.h"

typedef bool (*sharc_op_parse_fn)(sharc_parser *p, sharc_op_builder *b);
typedef void (*sharc_op_print_fn)(sharc_printer *p, sharc_op *op);

sharc_op_parse_fn sharc_asm_op_parser(const sharc_op_def *def);
sharc_op_print_fn sharc_asm_op_printer(const sharc_op_def *def);

#endif
