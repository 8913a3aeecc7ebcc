/* The StableHLO dialect: its ops in StableHLO's pretty syntax, attributes and !stablehlo.token.
 * Ops are rows of the table below; see the files beside this one. */
#include "ir/ir_internal.h"

const sharc_dialect sharc_stablehlo_dialect = {
    .name = "stablehlo",
};
