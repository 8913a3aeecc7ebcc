/* StableHLO's bytecode dialect interface (StablehloBytecode.cpp): its
 * attributes and types get their own encodings in MLIR bytecode (a code,
 * then the fields; the codes are StableHLO's and may never change), and its
 * ops write their inherent attributes as properties, as ODS generates for a
 * dialect with properties. StableHLO writes no dialect version (nothing sets
 * one), but reads one: major, minor, patch, no newer than the current VHLO
 * version. The enum codec is shared with CHLO (chlo_bytecode.c). */
#include <pthread.h>
#include <string.h>

#include "dialect/stablehlo/shlo.h"
#include "dialect/vhlo/vhlo.h"

extern const sharc_dialect sharc_stablehlo_dialect;

/* ---- enums: the case's numeric value as a varint ------------------------ */

/* StableHLO's enum values follow the case order; RngDistribution alone
 * starts at 1 (UNIFORM = 1, NORMAL = 2). */
static uint64_t enum_base(const shlo_enum_def *def) {
  return def == &sharc_shlo_rng_distribution ? 1 : 0;
}

static unsigned enum_num_cases(const shlo_enum_def *def) {
  unsigned n = 0;
  while (def->cases[n])
    n++;
  return n;
}

bool sharc_shlo_bc_write_enum(sharc_bc_writer *w, uint64_t code, const sharc_attr *a,
                              const shlo_enum_def *def) {
  int index = sharc_shlo_enum_index(a, def);
  if (index < 0)
    return false;
  sharc_bc_write_varint(w, code);
  sharc_bc_write_varint(w, (uint64_t)index + enum_base(def));
  return true;
}

sharc_attr *sharc_shlo_bc_read_enum(sharc_bc_reader *r, const shlo_enum_def *def) {
  uint64_t v;
  if (!sharc_bc_read_varint(r, &v))
    return NULL;
  uint64_t base = enum_base(def);
  if (v < base || v - base >= enum_num_cases(def)) {
    sharc_bc_error(r, "invalid %s value %llu", def->mnemonic, (unsigned long long)v);
    return NULL;
  }
  return sharc_shlo_enum_get(sharc_bc_reader_context(r), def, (unsigned)(v - base));
}

/* ---- attribute codes (StablehloBytecode.cpp's AttributeCode) ------------ */

typedef struct enum_code {
  const shlo_enum_def *def;
  uint64_t code;
} enum_code;

static const enum_code enum_codes[] = {
    {&sharc_shlo_comparison_direction, 2}, {&sharc_shlo_comparison_type, 3},
    {&sharc_shlo_fft_type, 6},             {&sharc_shlo_precision, 8},
    {&sharc_shlo_rng_algorithm, 9},        {&sharc_shlo_rng_distribution, 10},
    {&sharc_shlo_transpose, 12},           {&sharc_shlo_result_accuracy_mode, 16},
};

/* Struct attributes whose fields are written in order, each by its kind. */
typedef struct struct_code {
  const shlo_struct_def *def;
  uint64_t code;
} struct_code;

static const struct_code struct_codes[] = {
    {&sharc_shlo_channel_handle_def, 1},
    {&sharc_shlo_conv_def, 4},
    {&sharc_shlo_dot_def, 5},
    {&sharc_shlo_gather_def, 7},
    {&sharc_shlo_scatter_def, 11},
    {&sharc_shlo_type_extensions_def, 13},
    {&sharc_shlo_output_operand_alias_def, 14},
    {&sharc_shlo_dot_algorithm_def, 15},
    {&sharc_shlo_sub_axis_info_def, 19},
    {&sharc_shlo_axis_ref_def, 20},
    {&sharc_shlo_mesh_axis_def, 21},
    {&sharc_shlo_mesh_def, 22},
};

enum { CODE_RESULT_ACCURACY = 17, CODE_REPLICA_GROUP_MESH_AXES = 18 };

#define COUNT(a) (sizeof a / sizeof a[0])

/* ---- writing ------------------------------------------------------------- */

static void write_dims(sharc_bc_writer *w, const sharc_attr *dims) {
  unsigned n = dims ? sharc_attr_count(dims) : 0;
  sharc_bc_write_varint(w, n);
  for (unsigned i = 0; i < n; i++)
    sharc_bc_write_signed(w, sharc_attr_dense_array_i64(dims, i));
}

/* One field as StableHLO writes its C++ value: dims as signed varints, ints
 * as a signed varint, bools as a byte, types and strings by their index; an
 * optional attribute behind a `present` byte (writeOwnedBool). */
static void write_field(sharc_bc_writer *w, const shlo_field *f, const sharc_attr *v) {
  switch (f->kind) {
  case SHLO_F_DIMS:
    write_dims(w, v);
    return;
  case SHLO_F_INT:
    sharc_bc_write_signed(w, v ? sharc_attr_int_value(v) : 0);
    return;
  case SHLO_F_BOOL:
    sharc_bc_write_bool(w, v && v->b);
    return;
  case SHLO_F_TYPE:
    sharc_bc_write_type(w, v->tval);
    return;
  case SHLO_F_STRING:
    sharc_bc_write_string(w, v->str);
    return;
  case SHLO_F_ATTR:
  case SHLO_F_NESTED:
    if (f->optional)
      sharc_bc_write_bool(w, v != NULL);
    if (v)
      sharc_bc_write_attr(w, v);
    return;
  }
}

static void write_f64(sharc_bc_writer *w, const sharc_attr *v) {
  uint64_t bits = v && v->kind == SHARC_ATTR_FLOAT ? sharc_attr_float_lo(v) : 0;
  sharc_bc_write_apint(w, &bits, 64);
}

/* atol, rtol (APFloat of known semantics), ulps, then the mode attribute. */
static void write_result_accuracy(sharc_bc_writer *w, const sharc_attr *a) {
  const shlo_struct_def *d = &sharc_shlo_result_accuracy_def;
  sharc_bc_write_varint(w, CODE_RESULT_ACCURACY);
  write_f64(w, sharc_shlo_struct_field(a, d, 0));
  write_f64(w, sharc_shlo_struct_field(a, d, 1));
  sharc_bc_write_signed(w, sharc_shlo_struct_int(a, d, 2));
  sharc_bc_write_attr(w, sharc_shlo_struct_field(a, d, 3));
}

/* The mesh, then the axes one by one (a count, not an array attribute). */
static void write_replica_group_mesh_axes(sharc_bc_writer *w, const sharc_attr *a) {
  const shlo_struct_def *d = &sharc_shlo_replica_group_mesh_axes_def;
  const sharc_attr *axes = sharc_shlo_struct_field(a, d, 1);
  unsigned n = sharc_attr_count(axes);
  sharc_bc_write_varint(w, CODE_REPLICA_GROUP_MESH_AXES);
  sharc_bc_write_attr(w, sharc_shlo_struct_field(a, d, 0));
  sharc_bc_write_varint(w, n);
  for (unsigned i = 0; i < n; i++)
    sharc_bc_write_attr(w, sharc_attr_at(axes, i));
}

static bool write_attr(sharc_bc_writer *w, const sharc_attr *a) {
  if (a->kind != SHARC_ATTR_DIALECT)
    return false;
  for (unsigned i = 0; i < COUNT(enum_codes); i++)
    if (sharc_attr_def_of(a) == &enum_codes[i].def->base)
      return sharc_shlo_bc_write_enum(w, enum_codes[i].code, a, enum_codes[i].def);
  for (unsigned i = 0; i < COUNT(struct_codes); i++) {
    const shlo_struct_def *def = struct_codes[i].def;
    if (sharc_attr_def_of(a) != &def->base)
      continue;
    sharc_bc_write_varint(w, struct_codes[i].code);
    for (unsigned f = 0; f < def->num_fields; f++)
      write_field(w, &def->fields[f], sharc_shlo_struct_field(a, def, f));
    return true;
  }
  if (sharc_attr_def_of(a) == &sharc_shlo_result_accuracy_def.base)
    return write_result_accuracy(w, a), true;
  if (sharc_attr_def_of(a) == &sharc_shlo_replica_group_mesh_axes_def.base)
    return write_replica_group_mesh_axes(w, a), true;
  return false; /* the rest as text, as StableHLO's writeAttribute declines */
}

enum { CODE_TOKEN = 0, CODE_FUTURE = 1 };

static bool write_type(sharc_bc_writer *w, const sharc_type *t) {
  if (t->kind != SHARC_TYPE_DIALECT)
    return false;
  if (t->def == &sharc_shlo_token_def) {
    sharc_bc_write_varint(w, CODE_TOKEN);
    return true;
  }
  if (t->def != &sharc_shlo_future_def)
    return false;
  sharc_bc_write_varint(w, CODE_FUTURE);
  sharc_bc_write_varint(w, t->params.n);
  for (unsigned i = 0; i < t->params.n; i++)
    sharc_bc_write_type(w, (const sharc_type *)t->params.words[i]);
  return true;
}

/* ---- reading ------------------------------------------------------------- */

static bool read_count(sharc_bc_reader *r, uint64_t *n) {
  if (!sharc_bc_read_varint(r, n))
    return false;
  if (*n > sharc_bc_remaining(r))
    return sharc_bc_error(r, "list of %llu elements exceeds the data", (unsigned long long)*n);
  return true;
}

static bool read_dims(sharc_bc_reader *r, sharc_attr **out) {
  uint64_t n;
  if (!read_count(r, &n))
    return false;
  int64_t *v = n ? sharc_bc_scratch(r, (size_t)n * sizeof *v) : NULL;
  for (uint64_t i = 0; i < n; i++)
    if (!sharc_bc_read_signed(r, &v[i]))
      return false;
  *out = sharc_attr_dense_i64_array(sharc_bc_reader_context(r), v, (unsigned)n);
  return true;
}

static bool is_struct(const sharc_attr *a, const shlo_struct_def *def) {
  return a && a->kind == SHARC_ATTR_DIALECT && sharc_attr_def_of(a) == &def->base;
}

/* What the C++ reader casts an attribute field to (dyn_cast, failing the
 * read when it does not hold). */
static bool check_attr_field(sharc_bc_reader *r, const shlo_struct_def *def, unsigned i,
                             const sharc_attr *v) {
  if (def == &sharc_shlo_axis_ref_def && !is_struct(v, &sharc_shlo_sub_axis_info_def))
    return sharc_bc_error(r, "expected a stablehlo sub-axis info attribute");
  if (def == &sharc_shlo_mesh_def && i == 0) {
    bool ok = v->kind == SHARC_ATTR_ARRAY;
    for (unsigned k = 0; ok && k < sharc_array_n(v); k++)
      ok = is_struct(sharc_array_elems(v)[k], &sharc_shlo_mesh_axis_def);
    if (!ok)
      return sharc_bc_error(r, "expected an array of stablehlo mesh axes");
  }
  if (def == &sharc_shlo_mesh_def && i == 1 &&
      !(v->kind == SHARC_ATTR_DENSE_ELEMENTS && v->type &&
        sharc_type_element(v->type)->kind == SHARC_TYPE_INTEGER))
    return sharc_bc_error(r, "expected dense integer elements for the mesh's device ids");
  return true;
}

static bool read_field(sharc_bc_reader *r, const shlo_struct_def *def, unsigned i,
                       sharc_attr **out) {
  const shlo_field *f = &def->fields[i];
  sharc_context *ctx = sharc_bc_reader_context(r);
  *out = NULL;
  switch (f->kind) {
  case SHLO_F_DIMS:
    return read_dims(r, out);
  case SHLO_F_INT: {
    int64_t v;
    if (!sharc_bc_read_signed(r, &v))
      return false;
    *out = sharc_attr_integer(ctx, sharc_type_integer(ctx, 64, SHARC_SIGNLESS), v);
    return true;
  }
  case SHLO_F_BOOL: {
    bool b;
    if (!sharc_bc_read_bool(r, &b))
      return false;
    *out = sharc_attr_bool(ctx, b);
    return true;
  }
  case SHLO_F_TYPE: {
    sharc_type *t;
    if (!sharc_bc_read_type(r, &t))
      return false;
    *out = sharc_attr_type_attr(ctx, t);
    return true;
  }
  case SHLO_F_STRING: {
    sharc_str s;
    if (!sharc_bc_read_string(r, &s))
      return false;
    *out = sharc_attr_string(ctx, s);
    return true;
  }
  case SHLO_F_ATTR:
  case SHLO_F_NESTED: {
    bool present = true;
    if (f->optional && !sharc_bc_read_bool(r, &present))
      return false;
    if (!present)
      return true;
    return sharc_bc_read_attr(r, out) && check_attr_field(r, def, i, *out);
  }
  }
  return false;
}

static sharc_attr *read_struct(sharc_bc_reader *r, const shlo_struct_def *def) {
  sharc_attr *fields[16] = {0};
  for (unsigned i = 0; i < def->num_fields; i++)
    if (!read_field(r, def, i, &fields[i]))
      return NULL;
  return sharc_shlo_struct_get(sharc_bc_reader_context(r), def, fields);
}

static bool read_f64(sharc_bc_reader *r, sharc_attr **out) {
  uint64_t bits = 0;
  if (!sharc_bc_read_apint(r, 64, &bits))
    return false;
  sharc_context *ctx = sharc_bc_reader_context(r);
  *out = sharc_attr_float_bits(ctx, sharc_type_float(ctx, SHARC_F64), bits, 0);
  return true;
}

static sharc_attr *read_result_accuracy(sharc_bc_reader *r) {
  sharc_context *ctx = sharc_bc_reader_context(r);
  sharc_attr *f[4] = {0};
  int64_t ulps;
  if (!read_f64(r, &f[0]) || !read_f64(r, &f[1]) || !sharc_bc_read_signed(r, &ulps) ||
      !sharc_bc_read_attr(r, &f[3]))
    return NULL;
  if (sharc_shlo_enum_index(f[3], &sharc_shlo_result_accuracy_mode) < 0) {
    sharc_bc_error(r, "expected a stablehlo result accuracy mode");
    return NULL;
  }
  f[2] = sharc_attr_integer(ctx, sharc_type_integer(ctx, 64, SHARC_SIGNLESS), ulps);
  return sharc_shlo_struct_get(ctx, &sharc_shlo_result_accuracy_def, f);
}

static sharc_attr *read_replica_group_mesh_axes(sharc_bc_reader *r) {
  sharc_context *ctx = sharc_bc_reader_context(r);
  sharc_attr *f[2] = {0};
  uint64_t n;
  if (!sharc_bc_read_attr(r, &f[0]) || !read_count(r, &n))
    return NULL;
  sharc_attr **axes = n ? sharc_bc_scratch(r, (size_t)n * sizeof *axes) : NULL;
  for (uint64_t i = 0; i < n; i++)
    if (!sharc_bc_read_attr(r, &axes[i]))
      return NULL;
  f[1] = sharc_attr_array(ctx, axes, (unsigned)n);
  return sharc_shlo_struct_get(ctx, &sharc_shlo_replica_group_mesh_axes_def, f);
}

static sharc_attr *read_attr(sharc_bc_reader *r) {
  uint64_t code;
  if (!sharc_bc_read_varint(r, &code))
    return NULL;
  for (unsigned i = 0; i < COUNT(enum_codes); i++)
    if (enum_codes[i].code == code)
      return sharc_shlo_bc_read_enum(r, enum_codes[i].def);
  for (unsigned i = 0; i < COUNT(struct_codes); i++)
    if (struct_codes[i].code == code)
      return read_struct(r, struct_codes[i].def);
  if (code == CODE_RESULT_ACCURACY)
    return read_result_accuracy(r);
  if (code == CODE_REPLICA_GROUP_MESH_AXES)
    return read_replica_group_mesh_axes(r);
  sharc_bc_error(r, "unknown stablehlo attribute code: %llu", (unsigned long long)code);
  return NULL;
}

/* FutureType holds ranked tensors (what its parser checks). */
static sharc_type *read_future(sharc_bc_reader *r) {
  uint64_t n;
  if (!read_count(r, &n))
    return NULL;
  if (!n) {
    sharc_bc_error(r, "a stablehlo future type needs at least one element type");
    return NULL;
  }
  uintptr_t *words = sharc_bc_scratch(r, (size_t)n * sizeof *words);
  for (uint64_t i = 0; i < n; i++) {
    sharc_type *t;
    if (!sharc_bc_read_type(r, &t))
      return NULL;
    if (t->kind != SHARC_TYPE_TENSOR) {
      sharc_bc_error(r, "future element type must be a ranked tensor");
      return NULL;
    }
    words[i] = (uintptr_t)t;
  }
  return sharc_type_dialect(sharc_bc_reader_context(r), &sharc_shlo_future_def, words,
                            (unsigned)n);
}

static sharc_type *read_type(sharc_bc_reader *r) {
  uint64_t code;
  if (!sharc_bc_read_varint(r, &code))
    return NULL;
  if (code == CODE_TOKEN)
    return sharc_shlo_token_type(sharc_bc_reader_context(r));
  if (code == CODE_FUTURE)
    return read_future(r);
  sharc_bc_error(r, "unknown stablehlo type code: %llu", (unsigned long long)code);
  return NULL;
}

/* A version entry: major, minor, patch, refused when newer than this
 * StableHLO (StablehloDialectVersion follows VHLO's current version). */
static bool read_version(sharc_bc_reader *r, sharc_bc_version *out) {
  out->n = 3;
  for (unsigned i = 0; i < 3; i++)
    if (!sharc_bc_read_varint(r, &out->v[i]))
      return false;
  sharc_vhlo_version cur = sharc_vhlo_current_version();
  sharc_vhlo_version got = {(int64_t)out->v[0], (int64_t)out->v[1], (int64_t)out->v[2]};
  bool too_big = out->v[0] > INT64_MAX || out->v[1] > INT64_MAX || out->v[2] > INT64_MAX;
  if (too_big || sharc_vhlo_version_cmp(cur, got) < 0)
    return sharc_bc_error(r, "reading newer dialect than supported: stablehlo %llu.%llu.%llu",
                          (unsigned long long)out->v[0], (unsigned long long)out->v[1],
                          (unsigned long long)out->v[2]);
  return true;
}

/* ---- op properties --------------------------------------------------------- */

/* ODS writes an op's inherent attributes sorted by name (the `inherent`
 * lists are), a required one with writeAttribute and an optional,
 * default-valued or unit one with writeOptionalAttribute. The entries are
 * built once from the op table's `inherent` lists and the required
 * attributes of StablehloOps.td below (every other inherent one is
 * optional). */
typedef struct required_attrs {
  const char *op;
  const char *names; /* space-separated */
} required_attrs;

static const required_attrs required[] = {
    {"stablehlo.all_gather", "all_gather_dim replica_groups"},
    {"stablehlo.all_reduce", "replica_groups"},
    {"stablehlo.all_to_all", "concat_dimension replica_groups split_count split_dimension"},
    {"stablehlo.batch_norm_grad", "epsilon feature_index"},
    {"stablehlo.batch_norm_inference", "epsilon feature_index"},
    {"stablehlo.batch_norm_training", "epsilon feature_index"},
    {"stablehlo.broadcast", "broadcast_sizes"},
    {"stablehlo.broadcast_in_dim", "broadcast_dimensions"},
    {"stablehlo.collective_broadcast", "replica_groups"},
    {"stablehlo.collective_permute", "source_target_pairs"},
    {"stablehlo.collective_reduce", "replica_groups"},
    {"stablehlo.compare", "comparison_direction"},
    {"stablehlo.composite", "decomposition name"},
    {"stablehlo.constant", "value"},
    {"stablehlo.concatenate", "dimension"},
    {"stablehlo.convolution", "batch_group_count dimension_numbers feature_group_count"},
    {"stablehlo.cross_replica_sum", "replica_groups"},
    {"stablehlo.custom_call", "call_target_name"},
    {"stablehlo.dot_general", "dot_dimension_numbers"},
    {"stablehlo.dynamic_broadcast_in_dim", "broadcast_dimensions"},
    {"stablehlo.dynamic_conv", "batch_group_count dimension_numbers feature_group_count"},
    {"stablehlo.dynamic_gather", "dimension_numbers"},
    {"stablehlo.dynamic_iota", "iota_dimension"},
    {"stablehlo.dynamic_slice", "slice_sizes"},
    {"stablehlo.einsum", "einsum_config"},
    {"stablehlo.fft", "fft_length fft_type"},
    {"stablehlo.gather", "dimension_numbers slice_sizes"},
    {"stablehlo.get_dimension_size", "dimension"},
    {"stablehlo.get_tuple_element", "index"},
    {"stablehlo.iota", "iota_dimension"},
    {"stablehlo.map", "dimensions"},
    {"stablehlo.pad", "edge_padding_high edge_padding_low interior_padding"},
    {"stablehlo.recv", "channel_handle"},
    {"stablehlo.reduce", "dimensions"},
    {"stablehlo.reduce_precision", "exponent_bits mantissa_bits"},
    {"stablehlo.reduce_scatter", "replica_groups scatter_dimension"},
    {"stablehlo.reduce_window", "window_dimensions"},
    {"stablehlo.reverse", "dimensions"},
    {"stablehlo.rng", "rng_distribution"},
    {"stablehlo.rng_bit_generator", "rng_algorithm"},
    {"stablehlo.scatter", "scatter_dimension_numbers"},
    {"stablehlo.send", "channel_handle"},
    {"stablehlo.set_dimension_size", "dimension"},
    {"stablehlo.slice", "limit_indices start_indices strides"},
    {"stablehlo.torch_index_select", "batch_dims dim"},
    {"stablehlo.transpose", "permutation"},
    {"stablehlo.triangular_solve", "left_side lower transpose_a unit_diagonal"},
    {"stablehlo.unary_einsum", "einsum_config"},
};

enum { MAX_ENTRIES = 256, MAX_PROPS = 1024, HASH_SLOTS = 512 };

static struct {
  sharc_bc_op entries[MAX_ENTRIES];
  sharc_bc_prop props[MAX_PROPS];
  const sharc_op_def *keys[HASH_SLOTS];
  unsigned slot_entry[HASH_SLOTS];
} op_props;

static pthread_once_t op_props_once = PTHREAD_ONCE_INIT;

static bool is_required(const char *op, const char *name) {
  size_t len = strlen(name);
  for (unsigned i = 0; i < COUNT(required); i++) {
    if (strcmp(required[i].op, op))
      continue;
    for (const char *p = required[i].names; p; p = strchr(p, ' '), p = p ? p + 1 : NULL)
      if (!strncmp(p, name, len) && (p[len] == ' ' || !p[len]))
        return true;
    return false;
  }
  return false;
}

static unsigned slot_of(const sharc_op_def *def) {
  return (unsigned)(((uintptr_t)def >> 4) % HASH_SLOTS);
}

static void build_op_props(void) {
  const sharc_dialect *d = &sharc_stablehlo_dialect;
  unsigned ne = 0, np = 0;
  for (unsigned i = 0; i < d->num_ops && ne < MAX_ENTRIES; i++) {
    const sharc_op_def *row = d->ops[i];
    if (!row->inherent)
      continue;
    unsigned first = np;
    for (const char *const *n = row->inherent; *n && np < MAX_PROPS; n++)
      op_props.props[np++] = (sharc_bc_prop){*n, !is_required(row->name, *n)};
    op_props.entries[ne] = (sharc_bc_op){.name = row->name,
                                         .props = &op_props.props[first],
                                         .num_props = np - first};
    unsigned s = slot_of(row);
    while (op_props.keys[s])
      s = (s + 1) % HASH_SLOTS;
    op_props.keys[s] = row;
    op_props.slot_entry[s] = ne++;
  }
}

static const sharc_bc_op *op_entry(const sharc_op_def *def) {
  if (!def->inherent)
    return NULL;
  pthread_once(&op_props_once, build_op_props);
  for (unsigned s = slot_of(def); op_props.keys[s]; s = (s + 1) % HASH_SLOTS)
    if (op_props.keys[s] == def)
      return &op_props.entries[op_props.slot_entry[s]];
  return NULL;
}

const sharc_bytecode_dialect sharc_shlo_bytecode = {
    .write_attr = write_attr,
    .write_type = write_type,
    .read_attr = read_attr,
    .read_type = read_type,
    .read_version = read_version,
    .op_entry = op_entry,
};
