/* Pieces shared by the sdy op definitions (op_*.c): the recurring custom
 * syntax fragments of Shardy's assembly formats, type-constraint checks in
 * ODS's wording, and the op definitions the dialect table lists. */
#ifndef SHARC_DIALECT_SDY_OP_COMMON_H
#define SHARC_DIALECT_SDY_OP_COMMON_H

#include "asm/parser.h"
#include "asm/printer.h"
#include "asm/verify_internal.h"
#include "dialect/sdy/sdy_attrs.h"
#include "dialect/sdy/sdy_ops.h"

/* ---- parsing ---- */
/* A sdy attribute written stripped (`<@mesh, [...]>`) or in full (`#sdy...`),
 * as MLIR's parseCustomAttributeWithFallback. */
typedef bool (*sdy_stripped_parse_fn)(sharc_parser *p, sharc_attr **out);
bool sharc_sdy_parse_attr_or_stripped(sharc_parser *p, sdy_stripped_parse_fn parse, sharc_attr **out);
/* A sdy attribute of kind `mnemonic` in its stripped form (the body after
 * `#sdy.mnemonic`: `[{"a"}, {}]`, `{"a"}`, ...), through the dialect's
 * attribute hook; a full `#sdy...` attribute is accepted too. */
bool sharc_sdy_parse_stripped(sharc_parser *p, const char *mnemonic, sharc_attr **out);
/* `keyword=` with nothing between the two (Shardy's ``` `` ``` joins). */
bool sharc_sdy_expect_key_eq(sharc_parser *p, const char *keyword);
/* Shardy's SingleBlockRegionNoBlockId: region args, then the region, pushed
 * into the builder. */
bool sharc_sdy_parse_single_block_region(sharc_parser *p, sharc_op_builder *b);
/* `(%a, %b)`: operand references with where the list began, the position
 * MLIR reports operand-count mismatches at. */
typedef struct sdy_operand_list {
  sharc_operand_ref *refs; /* malloc'd; free with sharc_sdy_operand_list_free */
  unsigned n;
  sharc_token at;
} sdy_operand_list;
bool sharc_sdy_parse_operand_list_parens(sharc_parser *p, sdy_operand_list *out);
void sharc_sdy_operand_list_free(sdy_operand_list *l);
/* `: (T, ...) -> R` / `-> (R, ...)`: functional-type(operands, results);
 * resolves the operands with the input types. */
bool sharc_sdy_parse_functional_type(sharc_parser *p, sharc_op_builder *b, const sdy_operand_list *ops);
/* One of `names` as a bare keyword (an I32EnumAttr in assembly form), with
 * the message MLIR's generated parsers give; *out is its index. */
bool sharc_sdy_parse_enum_keyword(sharc_parser *p, const char *attr_name, const char *const *names,
                            unsigned n, int64_t *out);

/* ---- printing ---- */
/* A sdy attribute without its `#sdy.mnemonic` prefix. */
void sharc_sdy_print_stripped(sharc_printer *p, const sharc_attr *a);
void sharc_sdy_print_enum_keyword(sharc_printer *p, const sharc_attr *value, const char *const *names,
                            unsigned n);
/* ` : (T, ...) -> R` */

/* ---- verification ---- */
/* ODS operand/result constraints with MLIR's message ("operand #0 must be
 * ranked tensor of any type values, but got 'i32'"). */
typedef enum sdy_type_kind {
  SDY_ANY_SHAPED,        /* "shaped of any type values" */
  SDY_ANY_RANKED_TENSOR, /* "ranked tensor of any type values" */
  SDY_STATIC_TENSOR,     /* "statically shaped tensor of any type values" */
} sdy_type_kind;
bool sharc_sdy_verify_value_type(sharc_op *op, const char *what, unsigned index, sharc_type *t,
                           sdy_type_kind kind);
/* OneResult / OneOperand, in MLIR's trait order and words ("requires one
 * result", "requires a single operand"); checked before anything reads
 * operand or result 0. */
/* SizedRegion<1> and SingleBlockImplicitTerminator<"sdy.return"> of the
 * region ops' `body`. */
/* SingleBlock + SingleBlockImplicitTerminator<sdy.return>, verified first. */
bool sharc_sdy_verify_body_structure(sharc_op *op);
bool sharc_sdy_verify_body(sharc_op *op);
/* SameOperandsAndResultType. */
bool sharc_sdy_verify_same_operand_result_type(sharc_op *op);
/* emitOpError with Shardy's message prefixes ("in_shardings ", "operand - ",
 * "0 - "): "'op.name' op <prefix><message>"; `prefix` may be NULL. */
sharc_diag *sharc_sdy_emit_prefixed(sharc_op *op, const char *prefix, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* ODS attribute constraints of an op's inherent attributes, checked in
 * argument order before anything reads them: "requires attribute 'x'" when
 * a required one is missing, "attribute 'x' failed to satisfy constraint:
 * <summary>" when it has the wrong kind. */
typedef enum sdy_attr_kind {
  SDY_ATTR_TENSOR_SHARDING,
  SDY_ATTR_SHARDING_PER_VALUE,
  SDY_ATTR_MANUAL_AXES,
  SDY_ATTR_AXIS_REF_LIST,
  SDY_ATTR_LIST_OF_AXIS_REF_LISTS,
  SDY_ATTR_ALL_TO_ALL_PARAMS,
  SDY_ATTR_STRING,
  SDY_ATTR_I64,
  SDY_ATTR_ELEMENTS,
  SDY_ATTR_DIRECTION, /* PropagationDirection, an i32 enum */
  SDY_ATTR_REDUCTION, /* ReductionOp, an i32 enum */
} sdy_attr_kind;
typedef struct sdy_attr_spec {
  const char *name; /* NULL ends a list */
  sdy_attr_kind kind;
  bool optional;
} sdy_attr_spec;
bool sharc_sdy_verify_attrs(sharc_op *op, const sdy_attr_spec *specs);
/* A required inherent attribute is present ("requires attribute 'x'"). */
sharc_attr *sharc_sdy_required_attr(sharc_op *op, const char *name);
/* InferTypeOpInterface: the result types must equal `inferred`, with MLIR's
 * two errors ("... op inferred type(s) ... are incompatible ..." and
 * "failed to infer returned types"). */
bool sharc_sdy_verify_inferred_types(sharc_op *op, sharc_type *const *inferred, unsigned n);
/* Whether a registered op belongs to the sdy dialect. */
bool sharc_sdy_is_sdy_op(const sharc_op *op);
/* Whether `t` has a static shape (ranked, no dynamic dimension). */
bool sharc_sdy_type_is_static(const sharc_type *t);
/* Text of a type for messages. The buffer must be freed. */
void sharc_sdy_type_text(const sharc_type *t, sharc_buf *out);


#endif
