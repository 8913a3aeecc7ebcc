/* The VHLO dialect (StableHLO's versioned IR for portable artifacts): its
 * versions, types (!vhlo.tensor_v1<...>), attributes (#vhlo.integer_v1<...>,
 * #vhlo<comparison_direction_v1 EQ>) and versioned ops, with the mapping
 * between VHLO's types and the builtin ones they stand for. */
#ifndef SHARC_DIALECT_VHLO_VHLO_H
#define SHARC_DIALECT_VHLO_VHLO_H

#include "asm/bytecode.h"
#include "asm/parser.h"
#include "asm/printer.h"
#include "dialect/stablehlo/shlo.h"

/* ---- versions ------------------------------------------------------------ */
typedef struct sharc_vhlo_version {
  int64_t major, minor, patch;
} sharc_vhlo_version;

sharc_vhlo_version sharc_vhlo_current_version(void);
sharc_vhlo_version sharc_vhlo_minimum_version(void);
int sharc_vhlo_version_cmp(sharc_vhlo_version a, sharc_vhlo_version b);
/* `#.#.#` (digits only) into *out; false on anything else. */
bool sharc_vhlo_version_parse(sharc_str s, sharc_vhlo_version *out);
/* A type's or attribute's min/max version string ("current" or `#.#.#`). */
sharc_vhlo_version sharc_vhlo_version_of_def(const char *s);
/* "1.20.0" into buf (at least 64 bytes). */
void sharc_vhlo_version_format(sharc_vhlo_version v, char *buf, size_t size);
/* MLIR bytecode format version of a target (Version::getBytecodeVersion);
 * -1 outside the compatibility window. */
int sharc_vhlo_bytecode_version(sharc_vhlo_version v);

/* ---- types ----------------------------------------------------------------- */
/* Every VHLO type and attribute carries the versions it exists in. */
typedef struct vhlo_type_def {
  sharc_type_def base;
  const char *min_version;
  const char *max_version; /* "current" */
  unsigned bc_code;        /* VhloBytecode.cpp's TypeCode */
} vhlo_type_def;

typedef struct vhlo_attr_def {
  sharc_attr_def base;
  const char *min_version;
  const char *max_version;
} vhlo_attr_def;

sharc_type *sharc_vhlo_parse_type_hook(sharc_parser *p, sharc_str mnemonic);
sharc_attr *sharc_vhlo_parse_attr_hook(sharc_parser *p, sharc_str mnemonic, sharc_type *type);
bool sharc_vhlo_is_type(const sharc_type *t);
bool sharc_vhlo_is_attr(const sharc_attr *a);
/* The versions a VHLO type / attribute exists in (min, max); false for
 * anything that is not VHLO. */
bool sharc_vhlo_type_versions(const sharc_type *t, sharc_vhlo_version *min, sharc_vhlo_version *max);
bool sharc_vhlo_attr_versions(const sharc_attr *a, sharc_vhlo_version *min, sharc_vhlo_version *max);
const char *sharc_vhlo_type_mnemonic(const sharc_type *t);
const char *sharc_vhlo_attr_mnemonic(const sharc_attr *a);

/* The VHLO type of a builtin or StableHLO type (VhloTypeConverter); NULL when
 * VHLO has none. */
sharc_type *sharc_vhlo_type_from_builtin(sharc_context *ctx, sharc_type *t);
/* !vhlo.func_v1 from its words: n_inputs, inputs..., results... */
sharc_type *sharc_vhlo_parse_func_type(sharc_context *ctx, const uintptr_t *words, unsigned n);
/* The builtin or StableHLO type a VHLO type stands for; NULL when none. */
sharc_type *sharc_vhlo_type_to_builtin(sharc_context *ctx, sharc_type *t);
/* VHLO types in bytecode (VhloBytecode.cpp): a type code, then its fields. */
bool sharc_vhlo_bc_write_type(sharc_bc_writer *w, const sharc_type *t);
sharc_type *sharc_vhlo_bc_read_type(sharc_bc_reader *r);
/* Lists as MLIR's writeSignedVarInts / readSignedVarInts: a count, then zigzag
 * varints. `read` gives a malloc'd array (NULL when empty) or false. */
void sharc_vhlo_bc_write_signed_list(sharc_bc_writer *w, const int64_t *v, unsigned n);
bool sharc_vhlo_bc_read_signed_list(sharc_bc_reader *r, int64_t **v, unsigned *n);

/* ---- attributes ------------------------------------------------------------ */
typedef enum vhlo_attr_kind {
  VHLO_A_ARRAY,       /* [n, elems...] */
  VHLO_A_BOOL,        /* [value] */
  VHLO_A_DICT,        /* [n, k0, v0, ...] */
  VHLO_A_FLOAT,       /* [builtin float attr, vhlo type] */
  VHLO_A_INTEGER,     /* [builtin integer attr, vhlo type] */
  VHLO_A_STRING,      /* [builtin string attr] */
  VHLO_A_TENSOR,      /* [builtin dense attr, vhlo type] */
  VHLO_A_TYPE,        /* [vhlo type] */
  VHLO_A_STRUCT,      /* struct(params): one word per field */
  VHLO_A_ENUM,        /* [case index] */
} vhlo_attr_kind;

typedef enum vhlo_field_kind {
  VHLO_F_DIMS,  /* [1, 2]: a dense i64 array attribute */
  VHLO_F_INT,   /* an i64 integer attribute */
  VHLO_F_FLOAT, /* an f64 float attribute */
  VHLO_F_ATTR,  /* a VHLO attribute */
} vhlo_field_kind;

typedef struct vhlo_field {
  const char *name;
  vhlo_field_kind kind;
  bool optional;
} vhlo_field;

typedef struct vhlo_attr_info {
  vhlo_attr_def def;
  vhlo_attr_kind kind;
  const vhlo_field *fields; /* VHLO_A_STRUCT */
  unsigned num_fields;
  const char *const *cases; /* VHLO_A_ENUM, NULL-terminated */
  const shlo_enum_def *stablehlo; /* VHLO_A_ENUM: the StableHLO enum it versions */
} vhlo_attr_info;

extern const vhlo_attr_info sharc_vhlo_array_v1, sharc_vhlo_bool_v1, sharc_vhlo_dict_v1,
    sharc_vhlo_float_v1, sharc_vhlo_integer_v1, sharc_vhlo_string_v1, sharc_vhlo_tensor_v1,
    sharc_vhlo_type_v1, sharc_vhlo_type_extensions_v1, sharc_vhlo_output_operand_alias_v1,
    sharc_vhlo_result_accuracy_v1, sharc_vhlo_sub_axis_info_v1, sharc_vhlo_axis_ref_v1,
    sharc_vhlo_replica_group_mesh_axes_v1, sharc_vhlo_mesh_axis_v1, sharc_vhlo_mesh_v1,
    sharc_vhlo_comparison_direction_v1, sharc_vhlo_comparison_type_v1, sharc_vhlo_api_version_v1,
    sharc_vhlo_fft_type_v1, sharc_vhlo_precision_v1, sharc_vhlo_rng_algorithm_v1,
    sharc_vhlo_rng_distribution_v1, sharc_vhlo_transpose_v1, sharc_vhlo_result_accuracy_mode_v1;

/* The info of a VHLO attribute; NULL for any other attribute. */
const vhlo_attr_info *sharc_vhlo_attr_info(const sharc_attr *a);
sharc_attr *sharc_vhlo_attr_get(sharc_context *ctx, const vhlo_attr_info *info,
                                const uintptr_t *words, unsigned n);
/* VHLO attributes in bytecode (VhloBytecode.cpp): an attribute code, then
 * its fields; false (nothing written) for what has no encoding. */
bool sharc_vhlo_bc_write_attr(sharc_bc_writer *w, const sharc_attr *a);
sharc_attr *sharc_vhlo_bc_read_attr(sharc_bc_reader *r);
/* The VHLO enum that versions a StableHLO enum; NULL when none. */
const vhlo_attr_info *sharc_vhlo_enum_for(const shlo_enum_def *stablehlo);

/* ---- ops --------------------------------------------------------------------- */
typedef struct vhlo_op_def {
  sharc_op_def def;
  const char *min_version;
  const char *max_version;
  sharc_bc_op bc; /* its properties in bytecode: the inherent attributes, all required */
} vhlo_op_def;

/* VHLO's bytecode encodings (VhloBytecode.cpp): src/dialect/vhlo/vhlo_bytecode.c. */
extern const sharc_bytecode_dialect sharc_vhlo_bytecode;

extern const sharc_dialect sharc_vhlo_dialect;
/* The VHLO op named `name` (e.g. "vhlo.add_v1"); NULL when none. */
const vhlo_op_def *sharc_vhlo_op_lookup(const char *name);
const vhlo_op_def *sharc_vhlo_op_of(const sharc_op *op);

#endif
