/* The chlo dialect (StableHLO's client HLO ops): the op table row, shared by
 * the op definitions, the syntax and the verifiers. */
#ifndef SHARC_DIALECT_CHLO_CHLO_H
#define SHARC_DIALECT_CHLO_CHLO_H

#include "asm/parser.h"
#include "asm/printer.h"
#include "dialect/stablehlo/shlo.h"

typedef enum chlo_form {
  CHLO_UNARY,        /* $operand attr-dict : type -> type */
  CHLO_BCAST_BINARY, /* $lhs, $rhs attr-dict : (type, type) -> type */
  CHLO_BINARY,       /* $x, $y attr-dict : type, type -> type */
  CHLO_SELECT,       /* $p, $t, $f attr-dict : (type, type, type) -> type */
  CHLO_TOP_K,
  CHLO_CONSTANT,     /* attr-dict $value */
  CHLO_SCAN,
  CHLO_GENERIC,      /* no custom syntax */
} chlo_form;

/* Traits whose checks run before the op's verifier, in ODS's order. */
enum {
  CHLO_T_COMPAT_ELEM = 1u << 0,  /* HLO_CompatibleOperandsAndResultElementType */
  CHLO_T_SAME_ELEM = 1u << 1,    /* SameOperandsAndResultElementType */
  CHLO_T_COMPAT_TYPE = 1u << 2,  /* HLO_CompatibleOperandsAndResultType */
  CHLO_T_SAME_SHAPE = 1u << 3,   /* SameOperandsAndResultShape */
};

typedef enum chlo_infer {
  CHLO_INFER_NONE,
  CHLO_INFER_BROADCAST,      /* numpy / broadcast_dimensions, element of lhs */
  CHLO_INFER_BROADCAST_I1,   /* broadcast_compare */
  CHLO_INFER_BROADCAST_CPLX, /* broadcast_complex */
  CHLO_INFER_SELECT,
  CHLO_INFER_I1,             /* is_inf and friends */
  CHLO_INFER_TOP_K,
  CHLO_INFER_CONSTANT,
  CHLO_INFER_CONSTANT_LIKE,
  CHLO_INFER_SCAN,
} chlo_infer;

typedef struct chlo_op_def {
  sharc_op_def def;
  chlo_form form;
  const char *types; /* ODS type constraints, as verify_types.c reads them */
  unsigned traits;
  chlo_infer infer;
  bool (*check)(sharc_op *op); /* the op's own verifier, or NULL */
} chlo_op_def;

extern const sharc_dialect sharc_chlo_dialect;
/* CHLO's bytecode interface (chlo_bytecode.c). */
extern const sharc_bytecode_dialect sharc_chlo_bytecode;

bool sharc_chlo_parse(sharc_parser *p, sharc_op_builder *b);
void sharc_chlo_print(sharc_printer *p, sharc_op *op);
bool sharc_chlo_verify(sharc_op *op);
bool sharc_chlo_verify_regions(sharc_op *op);
void sharc_chlo_scan_arg_names(const sharc_op *op, const sharc_region *r, sharc_set_name_fn set,
                               void *state);

/* Attributes. */
extern const shlo_enum_def sharc_chlo_comparison_direction;
extern const shlo_enum_def sharc_chlo_comparison_type;
extern const shlo_enum_def sharc_chlo_precision;
extern const sharc_attr_def sharc_chlo_ragged_dot_def;
sharc_attr *sharc_chlo_parse_attr_hook(sharc_parser *p, sharc_str mnemonic, sharc_type *type);
/* Field `i` (lhs_batching ... rhs_group) of #chlo.ragged_dot as a dense i64
 * array, NULL when `a` is not one. */
sharc_attr *sharc_chlo_ragged_dot_field(const sharc_attr *a, unsigned i);

/* Verifiers (chlo_verify.c). */
bool sharc_chlo_verify_ragged_dot(sharc_op *op);
bool sharc_chlo_verify_scan(sharc_op *op);
bool sharc_chlo_verify_constant_like(sharc_op *op);
bool sharc_chlo_check_inferred(sharc_op *op, const chlo_op_def *row);

#endif
