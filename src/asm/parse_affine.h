/* Parsing of the builtin attributes written with affine syntax:
 * `affine_map<...>`, `affine_set<...>` and `strided<...>`. */
#ifndef SHARC_ASM_PARSE_AFFINE_H
#define SHARC_ASM_PARSE_AFFINE_H

#include "asm/parser_impl.h"

/* Whether the current token starts one of these attributes. */
bool sharc_p_at_affine_attr(const sharc_parser *p);
/* Parses the attribute the current keyword starts. */
bool sharc_p_parse_affine_attr(sharc_parser *p, sharc_attr **out);
/* One affine expression whose identifiers are `names[i]`, standing for
 * `ids[i]`: dialects with their own map syntax (sparse_tensor's dim-level
 * maps) bind the names themselves. NULL after an error. */
struct sharc_affine_expr;
const struct sharc_affine_expr *sharc_p_parse_affine_expr(sharc_parser *p, const sharc_str *names,
                                                          const struct sharc_affine_expr *const *ids,
                                                          unsigned n);
/* An error placed as MLIR's emitWrongTokenError places it, whatever its
 * message (sharc_p_error recognises only some messages as such). */

#endif
