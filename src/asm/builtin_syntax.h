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

/* builtin.module's hook for the generic form's inherent attributes
 * (sym_name, sym_visibility), as an op definition's generic_props. */
bool sharc_asm_module_generic_props(sharc_parser *p, sharc_op_builder *b);

/* An op's generic_props hook as the parser sees it: the definition's own,
 * or builtin.module's. Inline: the parser asks it of every generic op. */
static inline bool (*sharc_asm_op_generic_props(const sharc_op_def *def))(sharc_parser *,
                                                                          sharc_op_builder *) {
  return def == &sharc_builtin_module_def ? sharc_asm_module_generic_props : def->generic_props;
}

#endif
