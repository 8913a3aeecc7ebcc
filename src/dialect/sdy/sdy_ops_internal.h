/* What the sdy dialect's files share: the op definitions the dialect's op
 * table lists, and the dialect hooks implemented beside the attributes. */
#ifndef SHARC_DIALECT_SDY_OPS_INTERNAL_H
#define SHARC_DIALECT_SDY_OPS_INTERNAL_H

#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_ops.h"


sharc_attr *sharc_sdy_parse_attr_hook(sharc_parser *p, sharc_str mnemonic, sharc_type *type);
bool sharc_sdy_verify_op_attr_hook(sharc_op *op, const sharc_named_attr *attr);
bool sharc_sdy_attr_reads_other_ops(const sharc_ident *name);
bool sharc_sdy_verify_arg_attr_hook(sharc_op *op, unsigned index, bool is_result,
                              const sharc_named_attr *attr);

#endif
