/* Creating an op by its name at a rewriter's insertion point, for the
 * transforms that build ops by name (stablehlo, chlo, halo exchange,
 * collectives, mpmd fragments): one spelling of the sharc_op_state they
 * would otherwise each fill in. */
#ifndef SHARC_REWRITE_CREATE_OP_H
#define SHARC_REWRITE_CREATE_OP_H

#include "sharc/rewrite.h"

/* The op `name` at `loc` with these operands and result types, the
 * attribute dictionary `attrs` (NULL: none) and `num_regions` empty
 * regions, inserted where the rewriter points. */
sharc_op *sharc_rw_create_named(sharc_rewriter *rw, const char *name, sharc_attr *loc,
                                sharc_value *const *operands, unsigned num_operands,
                                sharc_type *const *result_types, unsigned num_results,
                                sharc_attr *attrs, unsigned num_regions);
/* The same with the name interned already (a hot creator's, looked up once). */
sharc_op *sharc_rw_create_ident(sharc_rewriter *rw, sharc_ident *name, sharc_attr *loc,
                                sharc_value *const *operands, unsigned num_operands,
                                sharc_type *const *result_types, unsigned num_results,
                                sharc_attr *attrs, unsigned num_regions);

#endif
