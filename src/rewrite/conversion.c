/* The dialect conversion's failure diagnostic; see conversion.h. */
#include "rewrite/conversion.h"

static const char not_legalized[] =
    "failed to legalize operation '%.*s' that was explicitly marked illegal";

void sharc_rw_emit_not_legalized(const sharc_op *op) {
  sharc_str name = sharc_ident_str(sharc_op_name(op));
  sharc_emit_op(op, SHARC_SEV_ERROR, not_legalized, (int)name.len, name.data);
}

void sharc_rw_emit_not_legalized_at(sharc_context *ctx, sharc_attr *loc, sharc_str name) {
  sharc_emit(ctx, SHARC_SEV_ERROR, loc, not_legalized, (int)name.len, name.data);
}
