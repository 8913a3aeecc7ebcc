/* The sharc IR: a context owning uniqued types and attributes, and MLIR-style
 * operations (name, operands, results, attribute dictionary, regions, blocks,
 * successors, location). Types and attributes are hash-consed in the context,
 * so two equal ones are the same pointer. */
#ifndef SHARC_IR_H
#define SHARC_IR_H

#include "sharc/support.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sharc_context sharc_context;
typedef struct sharc_type sharc_type;
typedef struct sharc_attr sharc_attr;
typedef struct sharc_ident sharc_ident; /* interned string */
typedef struct sharc_op sharc_op;
typedef struct sharc_value sharc_value;
typedef struct sharc_use sharc_use;
typedef struct sharc_block sharc_block;
typedef struct sharc_region sharc_region;
typedef struct sharc_op_def sharc_op_def;
typedef struct sharc_dialect sharc_dialect;
typedef struct sharc_attr_def sharc_attr_def;
typedef struct sharc_type_def sharc_type_def;

/* ---- context ---------------------------------------------------------- */
SHARC_API sharc_context *sharc_context_create(void);
SHARC_API void sharc_context_destroy(sharc_context *ctx);
SHARC_API void sharc_context_set_allow_unregistered(sharc_context *ctx, bool allow);
SHARC_API bool sharc_context_allows_unregistered(const sharc_context *ctx);
/* Registers the builtin and func dialects (always present) plus the named one. */
SHARC_API bool sharc_context_load_dialect(sharc_context *ctx, const char *name);
SHARC_API const sharc_dialect *sharc_context_dialect(const sharc_context *ctx, sharc_str name);
/* The dialects the MLIR tool a context stands for registers, which may name
 * dialects sharc carries no ops of: an op of one of them that sharc does not
 * know is an unknown op of a registered dialect (MLIR's verifier error,
 * -allow-unregistered-dialect or not), an op of any other dialect an op of an
 * unregistered one. `names` is the tool's registry in MLIR's order (the
 * "Available dialects" note lists it); `loaded_with` the dialects loading one
 * of them loads too (func's extensions load cf, cf loads arith), which are
 * registered in effect but not listed. Both NULL-terminated and static. A
 * context without one takes its loaded dialects for the registered ones. */
typedef struct sharc_dialect_registry {
  const char *const *names;
  const char *const *loaded_with;
} sharc_dialect_registry;
SHARC_API void sharc_context_set_registry(sharc_context *ctx, const sharc_dialect_registry *registry);
SHARC_API const sharc_dialect_registry *sharc_context_registry(const sharc_context *ctx);
/* Whether `dialect` is registered in the context's tool (see above). */
SHARC_API bool sharc_context_registers(const sharc_context *ctx, sharc_str dialect);

/* Interned strings: equal text, same pointer. */
SHARC_API sharc_ident *sharc_ident_get(sharc_context *ctx, sharc_str s);
SHARC_API sharc_str sharc_ident_str(const sharc_ident *id);

/* ---- types ------------------------------------------------------------ */
typedef enum sharc_type_kind {
  SHARC_TYPE_INTEGER,
  SHARC_TYPE_INDEX,
  SHARC_TYPE_FLOAT,
  SHARC_TYPE_COMPLEX,
  SHARC_TYPE_NONE,
  SHARC_TYPE_TENSOR,          /* ranked tensor, optional encoding */
  SHARC_TYPE_UNRANKED_TENSOR,
  SHARC_TYPE_VECTOR,
  SHARC_TYPE_MEMREF,          /* ranked memref, optional layout / memory space */
  SHARC_TYPE_UNRANKED_MEMREF,
  SHARC_TYPE_TUPLE,
  SHARC_TYPE_FUNCTION,
  SHARC_TYPE_OPAQUE,          /* !dialect.body of an unregistered dialect */
  SHARC_TYPE_DIALECT,         /* a registered dialect's own type */
} sharc_type_kind;

typedef enum sharc_signedness {
  SHARC_SIGNLESS,
  SHARC_SIGNED,
  SHARC_UNSIGNED
} sharc_signedness;

/* sharc_float_kind (every floating-point format MLIR knows) is in support.h:
 * the float arithmetic below the IR uses it too. */

#define SHARC_DYNAMIC INT64_MIN /* a dynamic dimension, as MLIR's kDynamic */

SHARC_API sharc_type_kind sharc_type_get_kind(const sharc_type *t);
SHARC_API sharc_type *sharc_type_integer(sharc_context *ctx, unsigned width, sharc_signedness s);
SHARC_API sharc_type *sharc_type_index(sharc_context *ctx);
SHARC_API sharc_type *sharc_type_float(sharc_context *ctx, sharc_float_kind k);
SHARC_API sharc_type *sharc_type_complex(sharc_context *ctx, sharc_type *elem);
SHARC_API sharc_type *sharc_type_none(sharc_context *ctx);
SHARC_API sharc_type *sharc_type_tensor(sharc_context *ctx, const int64_t *shape, unsigned rank,
                              sharc_type *elem, sharc_attr *encoding /* may be NULL */);
SHARC_API sharc_type *sharc_type_unranked_tensor(sharc_context *ctx, sharc_type *elem);
SHARC_API sharc_type *sharc_type_vector(sharc_context *ctx, const int64_t *shape, const bool *scalable,
                              unsigned rank, sharc_type *elem);
SHARC_API sharc_type *sharc_type_memref(sharc_context *ctx, const int64_t *shape, unsigned rank,
                              sharc_type *elem, sharc_attr *layout, sharc_attr *memory_space);
SHARC_API sharc_type *sharc_type_unranked_memref(sharc_context *ctx, sharc_type *elem,
                                       sharc_attr *memory_space);
SHARC_API sharc_type *sharc_type_tuple(sharc_context *ctx, sharc_type *const *elems, unsigned n);
SHARC_API sharc_type *sharc_type_function(sharc_context *ctx, sharc_type *const *inputs, unsigned n_in,
                                sharc_type *const *results, unsigned n_res);
SHARC_API sharc_type *sharc_type_opaque(sharc_context *ctx, sharc_ident *dialect, sharc_str body);

SHARC_API unsigned sharc_type_int_width(const sharc_type *t);
SHARC_API sharc_signedness sharc_type_int_signedness(const sharc_type *t);
SHARC_API sharc_float_kind sharc_type_float_kind(const sharc_type *t);
SHARC_API bool sharc_type_is_float(const sharc_type *t);
SHARC_API bool sharc_type_is_integer(const sharc_type *t, unsigned width); /* width 0: any */
/* Element type of complex/tensor/vector/memref; NULL otherwise. */
SHARC_API sharc_type *sharc_type_element(const sharc_type *t);
/* Tensor, vector, memref, or a dialect type with ShapedTypeInterface (whose
 * shape queries below answer for the builtin type it stands for). */
SHARC_API bool sharc_type_is_shaped(const sharc_type *t);
/* MLIR's dyn_cast<ShapedType>: `t` itself when it is a builtin shaped type,
 * the builtin type a dialect type with shaped semantics stands for (e.g.
 * mpmd.mesh_tensor's global tensor type), or NULL. */
SHARC_API sharc_type *sharc_type_shaped_view(const sharc_type *t);
SHARC_API bool sharc_type_has_rank(const sharc_type *t);
SHARC_API unsigned sharc_type_rank(const sharc_type *t);
SHARC_API const int64_t *sharc_type_shape(const sharc_type *t);
/* -1 if dynamic/unranked; INT64_MAX when the product overflows int64 (MLIR
 * accepts such types but cannot count them). */
SHARC_API int64_t sharc_type_num_elements(const sharc_type *t);
/* MLIR's tryGetNumElements: false when the count overflows int64, else the
 * count (-1 if dynamic/unranked) in *out. */
SHARC_API bool sharc_type_try_num_elements(const sharc_type *t, int64_t *out);
SHARC_API sharc_attr *sharc_type_encoding(const sharc_type *t);
SHARC_API unsigned sharc_type_count(const sharc_type *t);           /* tuple elements */
SHARC_API sharc_type *sharc_type_at(const sharc_type *t, unsigned i);
SHARC_API unsigned sharc_type_func_num_inputs(const sharc_type *t);
SHARC_API unsigned sharc_type_func_num_results(const sharc_type *t);
SHARC_API sharc_type *sharc_type_func_input(const sharc_type *t, unsigned i);
SHARC_API sharc_type *sharc_type_func_result(const sharc_type *t, unsigned i);
SHARC_API sharc_type *const *sharc_type_func_inputs(const sharc_type *t);
SHARC_API sharc_type *const *sharc_type_func_results(const sharc_type *t);
/* Bits of a scalar integer/float/index (index counts as 64). */
SHARC_API unsigned sharc_type_bit_width(const sharc_type *t);

/* ---- attributes ------------------------------------------------------- */
typedef enum sharc_attr_kind {
  SHARC_ATTR_UNIT,
  SHARC_ATTR_BOOL,
  SHARC_ATTR_INTEGER,
  SHARC_ATTR_FLOAT,
  SHARC_ATTR_STRING,
  SHARC_ATTR_TYPE,
  SHARC_ATTR_ARRAY,
  SHARC_ATTR_DICTIONARY,
  SHARC_ATTR_DENSE_ARRAY,     /* array<i64: 1, 2> */
  SHARC_ATTR_DENSE_ELEMENTS,  /* dense<...> of int/float/complex/bool */
  SHARC_ATTR_DENSE_STRING,    /* dense<"a"> of strings */
  SHARC_ATTR_DENSE_RESOURCE,  /* dense_resource<key> */
  SHARC_ATTR_SPARSE_ELEMENTS, /* sparse<indices, values> */
  SHARC_ATTR_SYMBOL_REF,
  SHARC_ATTR_OPAQUE,          /* #dialect.body of an unregistered dialect */
  SHARC_ATTR_DIALECT,         /* a registered dialect's own attribute */
  SHARC_ATTR_DISTINCT,        /* distinct[N]<attr> */
  SHARC_ATTR_AFFINE_MAP,      /* affine_map<(d0)[s0] -> (d0 + s0)> */
  SHARC_ATTR_INTEGER_SET,     /* affine_set<(d0) : (d0 >= 0)> */
  SHARC_ATTR_STRIDED_LAYOUT,  /* strided<[4, 1], offset: ?> */
  /* locations */
  SHARC_ATTR_LOC_UNKNOWN,
  SHARC_ATTR_LOC_FILE,        /* "file":line:col, optionally a range */
  SHARC_ATTR_LOC_NAME,        /* "name" or "name"(child) */
  SHARC_ATTR_LOC_CALLSITE,
  SHARC_ATTR_LOC_FUSED,
  SHARC_ATTR_LOC_OPAQUE,      /* any other attribute used as a location */
} sharc_attr_kind;

typedef struct sharc_named_attr {
  sharc_ident *name;
  sharc_attr *value;
} sharc_named_attr;

SHARC_API sharc_attr_kind sharc_attr_get_kind(const sharc_attr *a);
SHARC_API bool sharc_attr_is_location(const sharc_attr *a);
/* The type of a typed attribute (integer, float, dense, string with type); NULL otherwise. */
SHARC_API sharc_type *sharc_attr_type(const sharc_attr *a);

SHARC_API sharc_attr *sharc_attr_unit(sharc_context *ctx);
SHARC_API sharc_attr *sharc_attr_bool(sharc_context *ctx, bool v);
/* Integers up to 64 bits hold their value; the value is sign- or zero-extended
 * per the type's signedness when read back. */
SHARC_API sharc_attr *sharc_attr_integer(sharc_context *ctx, sharc_type *type, int64_t v);
/* Integers of any width: little-endian 64-bit words, two's complement. */
SHARC_API sharc_attr *sharc_attr_integer_words(sharc_context *ctx, sharc_type *type, const uint64_t *words,
                                     unsigned nwords);
SHARC_API sharc_attr *sharc_attr_float_bits(sharc_context *ctx, sharc_type *type, uint64_t lo, uint64_t hi);
SHARC_API sharc_attr *sharc_attr_float(sharc_context *ctx, sharc_type *type, double v);
SHARC_API sharc_attr *sharc_attr_string(sharc_context *ctx, sharc_str s);
SHARC_API sharc_attr *sharc_attr_string_typed(sharc_context *ctx, sharc_str s, sharc_type *type);
SHARC_API sharc_attr *sharc_attr_type_attr(sharc_context *ctx, sharc_type *t);
SHARC_API sharc_attr *sharc_attr_array(sharc_context *ctx, sharc_attr *const *elems, unsigned n);
/* Sorts by name; a repeated name keeps the last value. */
SHARC_API sharc_attr *sharc_attr_dictionary(sharc_context *ctx, const sharc_named_attr *entries, unsigned n);
SHARC_API sharc_attr *sharc_attr_dense_i64_array(sharc_context *ctx, const int64_t *v, unsigned n);
SHARC_API sharc_attr *sharc_attr_dense_array(sharc_context *ctx, sharc_type *elem, const uint64_t *raw,
                                   unsigned n);
SHARC_API sharc_attr *sharc_attr_symbol_ref(sharc_context *ctx, sharc_ident *root,
                                  sharc_ident *const *nested, unsigned n_nested);
SHARC_API sharc_attr *sharc_attr_opaque(sharc_context *ctx, sharc_ident *dialect, sharc_str body,
                              sharc_type *type /* may be NULL */);
SHARC_API sharc_attr *sharc_attr_dense_elements(sharc_context *ctx, sharc_type *shaped, const uint64_t *raw,
                                      size_t n_words, bool splat);
SHARC_API sharc_attr *sharc_attr_dense_strings(sharc_context *ctx, sharc_type *shaped,
                                     const sharc_str *strs, size_t n, bool splat);

SHARC_API sharc_attr *sharc_loc_unknown(sharc_context *ctx);
SHARC_API sharc_attr *sharc_loc_file(sharc_context *ctx, sharc_ident *file, unsigned line, unsigned col);
SHARC_API sharc_attr *sharc_loc_file_range(sharc_context *ctx, sharc_ident *file, unsigned line,
                                 unsigned col, unsigned end_line, unsigned end_col);
SHARC_API sharc_attr *sharc_loc_name(sharc_context *ctx, sharc_ident *name, sharc_attr *child /* or NULL */);
SHARC_API sharc_attr *sharc_loc_callsite(sharc_context *ctx, sharc_attr *callee, sharc_attr *caller);
SHARC_API sharc_attr *sharc_loc_fused(sharc_context *ctx, sharc_attr *const *locs, unsigned n,
                            sharc_attr *metadata /* or NULL */);
/* The first file:line:col inside a location, or NULL. */
SHARC_API const sharc_attr *sharc_loc_find_file(const sharc_attr *loc);
SHARC_API sharc_str sharc_loc_file_name(const sharc_attr *loc);
SHARC_API unsigned sharc_loc_line(const sharc_attr *loc);
SHARC_API unsigned sharc_loc_col(const sharc_attr *loc);

SHARC_API bool sharc_attr_bool_value(const sharc_attr *a);
SHARC_API int64_t sharc_attr_int_value(const sharc_attr *a);
SHARC_API double sharc_attr_float_value(const sharc_attr *a);
SHARC_API sharc_str sharc_attr_string_value(const sharc_attr *a);
SHARC_API sharc_type *sharc_attr_type_value(const sharc_attr *a);
SHARC_API unsigned sharc_attr_count(const sharc_attr *a); /* array/dict/dense-array/fused elements */
SHARC_API sharc_attr *sharc_attr_at(const sharc_attr *a, unsigned i);
SHARC_API const sharc_named_attr *sharc_attr_dict_entries(const sharc_attr *a);
SHARC_API sharc_attr *sharc_attr_dict_get(const sharc_attr *dict, const char *name);
SHARC_API sharc_attr *sharc_attr_dict_get_ident(const sharc_attr *dict, const sharc_ident *name);
SHARC_API int64_t sharc_attr_dense_array_i64(const sharc_attr *a, unsigned i);
SHARC_API sharc_ident *sharc_attr_symbol_root(const sharc_attr *a);
SHARC_API unsigned sharc_attr_symbol_num_nested(const sharc_attr *a);
SHARC_API sharc_ident *sharc_attr_symbol_nested(const sharc_attr *a, unsigned i);

/* ---- values, operations, blocks, regions ------------------------------ */
SHARC_API sharc_type *sharc_value_type(const sharc_value *v);
SHARC_API void sharc_value_set_type(sharc_value *v, sharc_type *t);
SHARC_API bool sharc_value_is_block_arg(const sharc_value *v);
SHARC_API sharc_op *sharc_value_defining_op(const sharc_value *v);   /* NULL for block args */
SHARC_API sharc_block *sharc_value_owner_block(const sharc_value *v); /* block of a block arg */
SHARC_API unsigned sharc_value_index(const sharc_value *v);          /* result or argument number */
SHARC_API sharc_attr *sharc_value_loc(const sharc_value *v); /* a result's: its op's */
SHARC_API sharc_use *sharc_value_first_use(const sharc_value *v);
SHARC_API bool sharc_value_has_uses(const sharc_value *v);
SHARC_API bool sharc_value_has_one_use(const sharc_value *v);
SHARC_API unsigned sharc_value_num_uses(const sharc_value *v);
SHARC_API void sharc_value_replace_all_uses(sharc_value *from, sharc_value *to);
/* Replaces the uses of `from` for which `pred` returns true. */
typedef bool (*sharc_use_pred)(const sharc_use *u, void *user);
SHARC_API void sharc_value_replace_uses_if(sharc_value *from, sharc_value *to, sharc_use_pred pred,
                                 void *user);
SHARC_API sharc_use *sharc_use_next(const sharc_use *u);
SHARC_API sharc_op *sharc_use_owner(const sharc_use *u);
SHARC_API unsigned sharc_use_operand_index(const sharc_use *u);

/* Operation state for creation. Arrays are copied. */
typedef struct sharc_op_state {
  sharc_ident *name;
  sharc_attr *loc;
  sharc_value *const *operands;
  unsigned num_operands;
  sharc_type *const *result_types;
  unsigned num_results;
  sharc_attr *attrs; /* dictionary or NULL */
  unsigned num_regions;
  sharc_block *const *successors;
  unsigned num_successors;
  /* `<{...}>` of an unregistered op, kept apart as MLIR does (registered
   * ops keep their properties among `attrs`, as inherent attributes) */
  sharc_attr *props;
} sharc_op_state;

SHARC_API sharc_op *sharc_op_create(sharc_context *ctx, const sharc_op_state *st);
/* Unlinks and drops the operation (its regions too); its results must be unused. */
SHARC_API void sharc_op_erase(sharc_op *op);
/* Whether sharc_op_erase was called on the op (its record stays valid). */
SHARC_API bool sharc_op_is_erased(const sharc_op *op);
SHARC_API void sharc_op_remove_from_parent(sharc_op *op);
/* Unlinks `op` and puts it before `before` / after `after` / at the end of
 * `b`, in whatever block they are. */
SHARC_API void sharc_op_move_before(sharc_op *op, sharc_op *before);
SHARC_API void sharc_op_move_after(sharc_op *op, sharc_op *after);
SHARC_API void sharc_op_move_to_end(sharc_op *op, sharc_block *b);
/* Whether `a` comes before `b` in their common block (O(distance)). */
SHARC_API bool sharc_op_is_before_in_block(const sharc_op *a, const sharc_op *b);
SHARC_API sharc_op *sharc_op_clone(sharc_op *op, bool with_regions);
SHARC_API sharc_context *sharc_op_context(const sharc_op *op);
SHARC_API sharc_ident *sharc_op_name(const sharc_op *op);
/* Op identity: by definition pointer (registered ops), by interned name
 * (any op), or by name text (slow path, for callers that hold a string). */
SHARC_API bool sharc_op_isa(const sharc_op *op, const sharc_op_def *def);
SHARC_API bool sharc_op_named(const sharc_op *op, const sharc_ident *name);
SHARC_API bool sharc_op_is(const sharc_op *op, const char *name);
SHARC_API const sharc_op_def *sharc_op_get_def(const sharc_op *op);
/* The registered op definition called `name`, or NULL. */
SHARC_API const sharc_op_def *sharc_context_op_def(const sharc_context *ctx, sharc_str name);
SHARC_API const char *sharc_op_def_name(const sharc_op_def *def);
SHARC_API sharc_attr *sharc_op_loc(const sharc_op *op);
SHARC_API void sharc_op_set_loc(sharc_op *op, sharc_attr *loc);
SHARC_API unsigned sharc_op_num_operands(const sharc_op *op);
SHARC_API sharc_value *sharc_op_operand(const sharc_op *op, unsigned i);
SHARC_API void sharc_op_set_operand(sharc_op *op, unsigned i, sharc_value *v);
SHARC_API void sharc_op_set_operands(sharc_op *op, sharc_value *const *vals, unsigned n);
SHARC_API unsigned sharc_op_num_results(const sharc_op *op);
SHARC_API sharc_value *sharc_op_result(const sharc_op *op, unsigned i);
SHARC_API unsigned sharc_op_num_regions(const sharc_op *op);
SHARC_API sharc_region *sharc_op_region(const sharc_op *op, unsigned i);
SHARC_API unsigned sharc_op_num_successors(const sharc_op *op);
SHARC_API sharc_block *sharc_op_successor(const sharc_op *op, unsigned i);
SHARC_API sharc_attr *sharc_op_attrs(const sharc_op *op); /* dictionary, never NULL */
SHARC_API sharc_attr *sharc_op_props(const sharc_op *op); /* unregistered ops' properties or NULL */
SHARC_API void sharc_op_set_attrs(sharc_op *op, sharc_attr *dict);
SHARC_API sharc_attr *sharc_op_attr(const sharc_op *op, const char *name);
SHARC_API void sharc_op_set_attr(sharc_op *op, const char *name, sharc_attr *value); /* NULL removes */
SHARC_API sharc_block *sharc_op_block(const sharc_op *op);
SHARC_API sharc_op *sharc_op_parent_op(const sharc_op *op);
SHARC_API sharc_op *sharc_op_next(const sharc_op *op);
SHARC_API sharc_op *sharc_op_prev(const sharc_op *op);
SHARC_API bool sharc_op_is_ancestor(const sharc_op *ancestor, const sharc_op *op);

SHARC_API sharc_block *sharc_block_create(sharc_context *ctx);
SHARC_API sharc_value *sharc_block_add_arg(sharc_block *b, sharc_type *t, sharc_attr *loc);
SHARC_API void sharc_block_erase_arg(sharc_block *b, unsigned i); /* must be unused */
SHARC_API sharc_value *sharc_block_insert_arg(sharc_block *b, unsigned index, sharc_type *t, sharc_attr *loc);
SHARC_API sharc_block *sharc_block_prev(const sharc_block *b);
SHARC_API bool sharc_block_is_entry(const sharc_block *b);
/* The block's last op when it is a terminator (per its definition), else NULL. */
SHARC_API sharc_op *sharc_block_terminator(const sharc_block *b);
SHARC_API void sharc_block_prepend_op(sharc_block *b, sharc_op *op);
/* Unlinks the block from its region (its ops stay in it). */
SHARC_API void sharc_block_remove_from_parent(sharc_block *b);
SHARC_API unsigned sharc_block_num_args(const sharc_block *b);
SHARC_API sharc_value *sharc_block_arg(const sharc_block *b, unsigned i);
SHARC_API sharc_op *sharc_block_first_op(const sharc_block *b);
SHARC_API sharc_op *sharc_block_last_op(const sharc_block *b);
SHARC_API sharc_region *sharc_block_region(const sharc_block *b);
SHARC_API sharc_op *sharc_block_parent_op(const sharc_block *b);
SHARC_API sharc_block *sharc_block_next(const sharc_block *b);
SHARC_API void sharc_block_append_op(sharc_block *b, sharc_op *op);
SHARC_API void sharc_block_insert_before(sharc_op *before, sharc_op *op);
SHARC_API void sharc_block_insert_after(sharc_op *after, sharc_op *op);

SHARC_API sharc_block *sharc_region_first_block(const sharc_region *r);
SHARC_API sharc_block *sharc_region_last_block(const sharc_region *r);
SHARC_API unsigned sharc_region_num_blocks(const sharc_region *r);
SHARC_API sharc_op *sharc_region_parent_op(const sharc_region *r);
SHARC_API unsigned sharc_region_index(const sharc_region *r);
SHARC_API void sharc_region_append_block(sharc_region *r, sharc_block *b);
/* Puts `b` before `before` (NULL: at the end) in `r`. */
SHARC_API void sharc_region_insert_block(sharc_region *r, sharc_block *before, sharc_block *b);
/* The region the op is in, and the region's parent op, or NULL. */
SHARC_API sharc_region *sharc_op_parent_region(const sharc_op *op);
/* Moves all blocks of `from` to the end of `to`. */
SHARC_API void sharc_region_take_body(sharc_region *to, sharc_region *from);

/* ---- walks -------------------------------------------------------------- */
/* What a walk callback asks for next. */
typedef enum sharc_walk_result {
  SHARC_WALK_ADVANCE,   /* go on (into the op's regions, in a pre-order walk) */
  SHARC_WALK_SKIP,      /* pre-order: do not enter this op's regions */
  SHARC_WALK_INTERRUPT, /* stop the whole walk */
} sharc_walk_result;

typedef enum sharc_walk_order {
  SHARC_PRE_ORDER,  /* an op before the ops it holds */
  SHARC_POST_ORDER, /* the ops an op holds before the op (MLIR's default) */
} sharc_walk_order;

typedef sharc_walk_result (*sharc_walk_fn)(sharc_op *op, void *user);

/* Visits `op` and every op nested in it. The visited op may be erased by
 * its callback (in a pre-order walk the callback must then return
 * SHARC_WALK_SKIP); its next sibling is taken before the visit. Returns
 * SHARC_WALK_INTERRUPT when a callback interrupted the walk. */
SHARC_API sharc_walk_result sharc_walk(sharc_op *op, sharc_walk_order order, sharc_walk_fn fn, void *user);
/* The same over the ops nested in `op`, without `op` itself. */
SHARC_API sharc_walk_result sharc_walk_nested(sharc_op *op, sharc_walk_order order, sharc_walk_fn fn,
                                    void *user);
/* The same restricted to ops of definition `def` (sharc_op_isa). */
SHARC_API sharc_walk_result sharc_walk_isa(sharc_op *op, sharc_walk_order order, const sharc_op_def *def,
                                 sharc_walk_fn fn, void *user);
/* The same for the ops of a region, or of a block. */
SHARC_API sharc_walk_result sharc_walk_region(sharc_region *r, sharc_walk_order order, sharc_walk_fn fn,
                                    void *user);
SHARC_API sharc_walk_result sharc_walk_block(sharc_block *b, sharc_walk_order order, sharc_walk_fn fn,
                                   void *user);

/* ---- value mappings (MLIR's IRMapping) ---------------------------------- */
/* Maps values to values and blocks to blocks, for cloning and inlining. */
typedef struct sharc_mapping sharc_mapping;
SHARC_API sharc_mapping *sharc_mapping_create(void);
SHARC_API void sharc_mapping_destroy(sharc_mapping *m);
SHARC_API void sharc_mapping_map_value(sharc_mapping *m, const sharc_value *from, sharc_value *to);
SHARC_API void sharc_mapping_map_block(sharc_mapping *m, const sharc_block *from, sharc_block *to);
/* The mapped value or block; `v` itself (or NULL with _lookup) when unmapped. */
SHARC_API sharc_value *sharc_mapping_value_or_self(const sharc_mapping *m, sharc_value *v);
SHARC_API sharc_value *sharc_mapping_lookup_value(const sharc_mapping *m, const sharc_value *v);
SHARC_API sharc_block *sharc_mapping_lookup_block(const sharc_mapping *m, const sharc_block *b);
/* Clones `op` (with its regions), remapping operands and successors through
 * `m` (may be NULL) and recording the clone's results and nested values in
 * it. The clone is not inserted anywhere. */
SHARC_API sharc_op *sharc_op_clone_mapped(sharc_op *op, sharc_mapping *m);
/* Clones the blocks of `from` to the end of `to`, through `m`. */
SHARC_API void sharc_region_clone_into(sharc_region *from, sharc_region *to, sharc_mapping *m);

/* Symbols: ops with a `sym_name` string attribute inside a symbol table op. */
SHARC_API sharc_str sharc_op_symbol_name(const sharc_op *op); /* empty if none */
SHARC_API sharc_op *sharc_symbol_lookup(sharc_op *table, sharc_str name);
SHARC_API sharc_op *sharc_symbol_lookup_ref(sharc_op *from, const sharc_attr *symbol_ref);

/* ---- diagnostics ------------------------------------------------------ */
typedef enum sharc_severity {
  SHARC_SEV_ERROR,
  SHARC_SEV_WARNING,
  SHARC_SEV_NOTE,
  SHARC_SEV_REMARK
} sharc_severity;

typedef struct sharc_diag {
  sharc_severity severity;
  const sharc_attr *loc;
  const char *message;
  const struct sharc_diag *notes; /* attached notes, linked by `next` */
  const struct sharc_diag *next;
  /* Bytes in message: some of MLIR's messages hold a NUL byte (streamed as
   * a char), which its handler prints; 0 means up to the first NUL. */
  size_t message_len;
} sharc_diag;

typedef void (*sharc_diag_handler)(const sharc_diag *d, void *user);
SHARC_API void sharc_context_set_diag_handler(sharc_context *ctx, sharc_diag_handler h, void *user);
/* Emits through the handler (default: MLIR's text on stderr). Returns a handle
 * to attach notes until the next emit. */
SHARC_API sharc_diag *sharc_emit(sharc_context *ctx, sharc_severity sev, const sharc_attr *loc,
                       const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
SHARC_API sharc_diag *sharc_emit_op_error(const sharc_op *op, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Operation::emitError / emitWarning / emitRemark: at the op's location,
 * with MLIR's "see current operation" note where the context prints ops
 * on diagnostics (sharc_context_set_print_op_on_diagnostic). */
SHARC_API sharc_diag *sharc_emit_op(const sharc_op *op, sharc_severity sev, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* `diag.attachNote().appendOp(*op, OpPrintingFlags().assumeVerified())`
 * where the context prints ops on diagnostics: a note at the diagnostic's
 * own location holding the op (custom form, unverified), as Shardy's
 * emitOpWarningOnce attaches it. */
SHARC_API void sharc_diag_note_op(sharc_diag *d, sharc_op *op);
SHARC_API void sharc_diag_note(sharc_diag *d, const sharc_attr *loc, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Formats a diagnostic as MLIR's SourceMgr handler prints it ("file:l:c: error: msg"). */
SHARC_API void sharc_diag_format(const sharc_diag *d, sharc_buf *out);
/* The same with the source line and a caret under the column, as MLIR
 * shows them, for files made known with sharc_context_add_source. */
SHARC_API void sharc_diag_format_with_source(const sharc_context *ctx, const sharc_diag *d, sharc_buf *out);
SHARC_API void sharc_context_add_source(sharc_context *ctx, const char *name, const char *buf, size_t len,
                              unsigned first_line);
/* Where the lines of a buffer start, found as far as asked and no further
 * (a diagnostic on line 10 of a huge file reads 10 lines), and shared by
 * every context that shows the buffer (each piece of -split-input-file):
 * a diagnostic's source line is then found without a scan from the start. */
typedef struct sharc_line_table sharc_line_table;
SHARC_API sharc_line_table *sharc_line_table_create(const char *buf, size_t len);
SHARC_API void sharc_line_table_destroy(sharc_line_table *t);
/* The offset where 0-based line `line` starts; false if there is no such line. */
SHARC_API bool sharc_line_table_start(sharc_line_table *t, size_t line, size_t *offset);
/* The 1-based line and column of byte `offset` (<= the buffer's length). */
SHARC_API void sharc_line_table_locate(sharc_line_table *t, size_t offset, unsigned *line,
                                       unsigned *col);
/* sharc_context_add_source with a caller's table (which must outlive ctx). */
SHARC_API void sharc_context_add_source_table(sharc_context *ctx, const char *name,
                                              sharc_line_table *table, unsigned first_line);
SHARC_API void sharc_context_clear_sources(sharc_context *ctx);
/* Delivers diagnostics held back (a diagnostic waits for its notes). */
SHARC_API void sharc_diag_flush(sharc_context *ctx);
SHARC_API unsigned sharc_context_error_count(const sharc_context *ctx);

#ifdef __cplusplus
}
#endif
#endif
