/* The mpmd dialect: fragments, transfers and mesh tensors of an MPMD program.
 * Ops are rows of the table below; see the files beside this one. */
#include "ir/ir_internal.h"

const sharc_dialect sharc_mpmd_dialect = {
    .name = "mpmd",
};
