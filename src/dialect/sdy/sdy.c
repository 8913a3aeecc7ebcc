/* The sdy dialect: Shardy's sharding ops, attributes and their verifiers.
 * Ops are rows of the table below; see the files beside this one. */
#include "ir/ir_internal.h"

const sharc_dialect sharc_sdy_dialect = {
    .name = "sdy",
};
