/* ODS's operand and result type constraints for StableHLO ops, driven by the
 * `types` column of the op table: each group names a constraint of Base.td
 * (HLO_Tensor, HLO_PredTensor, ...), which this file knows as a container
 * (ranked tensor, 0-d tensor, token) and a list of element-type classes.
 * The message is the one ODS generates from the constraint's summary. */
#include "dialect/stablehlo/shlo.h"

#include <stdint.h>
#include <string.h>

/* Element classes, one letter each; a constraint lists them in Base.td's
 * order because the summary joins their descriptions in that order. */
typedef struct elem_class {
  char letter;
  const char *summary;
} elem_class;

static const elem_class elem_classes[] = {
    {'F', "4/6/8/16/32/64-bit float"},
    {'P', "bool"},
    {'I', "2/4/8/16/32/64-bit integer"},
    {'C', "complex type with 32/64-bit float elements"},
    {'Q', "per-tensor integer quantized"},
    {'A', "per-axis integer quantized"},
    {'D', "32/64-bit float"},
    {'i', "32-bit signless integer"},
    {'u', "32-bit unsigned integer"},
    {'N', "integer"},
    {'X', "index"},
    {'S', "2/4/8/16/32/64-bit signless integer"},
};

typedef enum container {
  RANKED,
  RANK0,
  TOKEN,
  RANKED_OR_TOKEN,
  STATIC,           /* StaticShapeTensorOf */
  STATIC_1D,        /* statically shaped, rank 1 */
  STATIC_OR_BOUNDED, /* static, or exactly one dynamic dimension with a bound */
  RANK1,             /* 1DTensorOf */
  ANY_TENSOR,        /* TensorOf: ranked or unranked (CHLO's operands and results) */
  FUTURE,            /* HLO_Future */
  /* MHLO's TensorOrTokenOrTuple: a ranked tensor of the elements, a token,
   * or HLO_Tuple (NestedTupleOf<[HLO_Tensor, HLO_PerAxisQuantizedIntTensor,
   * HLO_Token]>), whose flattened members each are one of those. The
   * token is MHLO's own (HLO_Token's isa<TokenType> is generated in the
   * mhlo namespace), which sharc does not have: !stablehlo.token fails */
  TENSOR_TOKEN_TUPLE,
  NESTED_TUPLE /* MHLO_Tuple (HLO_Tuple) alone */
} container;

typedef struct constraint {
  const char *name;
  size_t name_len; /* verification runs after every pass: no strlen per op */
  container shape;
  const char *elems;
} constraint;

#define CONSTRAINT(name, shape, elems) {name, sizeof name - 1, shape, elems}
static const constraint constraints[] = {
    CONSTRAINT("HLO_Tensor", RANKED, "FPICQ"),
    CONSTRAINT("HLO_PredTensor", RANKED, "P"),
    CONSTRAINT("HLO_IntTensor", RANKED, "I"),
    CONSTRAINT("HLO_FpTensor", RANKED, "F"),
    CONSTRAINT("HLO_Token", TOKEN, ""),
    CONSTRAINT("HLO_Future", FUTURE, ""),
    CONSTRAINT("HLO_FpOrComplexTensor", RANKED, "FC"),
    CONSTRAINT("HLO_FpComplexOrQuantizedIntTensor", RANKED, "FCQ"),
    CONSTRAINT("HLO_FpOrQuantizedIntTensor", RANKED, "FQ"),
    CONSTRAINT("HLO_IntFpOrComplexOrQuantizedIntTensor", RANKED, "IFCQ"),
    CONSTRAINT("HLO_PredOrIntTensor", RANKED, "PI"),
    CONSTRAINT("HLO_TensorOrToken", RANKED_OR_TOKEN, "FPICQ"),
    CONSTRAINT("HLO_TensorOrPerAxisQuantizedTensorOrToken", RANKED_OR_TOKEN, "FPICQA"),
    CONSTRAINT("HLO_ScalarIntTensor", RANK0, "I"),
    CONSTRAINT("HLO_ComplexTensor", RANKED, "C"),
    CONSTRAINT("HLO_Fp32Or64Tensor", RANKED, "D"),
    CONSTRAINT("HLO_TensorOrPerAxisQuantizedTensor", RANKED, "FPICQA"),
    CONSTRAINT("HLO_QuantizedIntOrPerAxisQuantizedIntTensor", RANKED, "QA"),
    CONSTRAINT("HLO_FloatOrQuantizedIntOrPerAxisQuantizedIntTensor", RANKED, "FQA"),
    CONSTRAINT("HLO_NonQuantizedTensor", RANKED, "FPIC"),
    CONSTRAINT("HLO_ScalarTensor", RANK0, "FPICQ"),
    CONSTRAINT("HLO_IntOrFpTensor", RANKED, "IF"),
    CONSTRAINT("HLO_PredIntOrFpTensor", RANKED, "PIF"),
    CONSTRAINT("I32RankedTensor", RANKED, "i"),
    CONSTRAINT("UI32RankedTensor", RANKED, "u"),
    CONSTRAINT("HLO_StaticDimensionTensor", STATIC_1D, "XI"),
    CONSTRAINT("HLO_StaticShapeTensor", STATIC, "FPICQ"),
    CONSTRAINT("HLO_StaticShapeTensorOrPerAxisQuantizedTensor", STATIC, "FPICQA"),
    CONSTRAINT("HLO_StaticShapeTensorPerAxisQuantizedTensorOrBoundedTensor", STATIC_OR_BOUNDED,
               "FPICQA"),
    CONSTRAINT("HLO_PredIntOrFp0DTensor", RANK0, "PIF"),
    CONSTRAINT("HLO_DimensionTensor", RANK1, "XI"),
    CONSTRAINT("HLO_SIntFpComplexOrQuantizedIntTensor", RANKED, "SFCQ"),
    CONSTRAINT("HLO_FpOrQuantized1DTensor", RANK1, "FQ"),
    CONSTRAINT("HLO_SIntFpOrQuantizedIntTensor", RANKED, "SFQ"),
    CONSTRAINT("HLO_StaticShapeIntFpComplexOrQuantizedTensor", STATIC, "IFCQ"),
    CONSTRAINT("HLO_AnyTensor", ANY_TENSOR, "FPICQA"),
    CONSTRAINT("HLO_AnyPredTensor", ANY_TENSOR, "P"),
    CONSTRAINT("HLO_AnyFpTensor", ANY_TENSOR, "F"),
    CONSTRAINT("HLO_AnyComplexTensor", ANY_TENSOR, "C"),
    CONSTRAINT("HLO_AnyFpOrComplexTensor", ANY_TENSOR, "FC"),
    CONSTRAINT("HLO_AnyPredOrIntTensor", ANY_TENSOR, "PI"),
    CONSTRAINT("RankedIntOrIndexTensor", RANKED, "NX"),
    CONSTRAINT("MHLO_TensorOrTokenOrTuple", TENSOR_TOKEN_TUPLE, "FPICQ"),
    CONSTRAINT("MHLO_Tuple", NESTED_TUPLE, ""),
};
#undef CONSTRAINT

static bool is_hlo_float(sharc_float_kind k) {
  return k != SHARC_F80 && k != SHARC_F128 && k != SHARC_TF32;
}

static bool is_f32_or_f64(const sharc_type *t) {
  return t->kind == SHARC_TYPE_FLOAT && (t->fkind == SHARC_F32 || t->fkind == SHARC_F64);
}

static bool is_hlo_int(const sharc_type *t) {
  if (t->kind != SHARC_TYPE_INTEGER || t->integer.sign == SHARC_SIGNED)
    return false;
  switch (t->integer.width) {
  case 2: case 4: case 8: case 16: case 32: case 64:
    return true;
  default:
    return false;
  }
}


static bool elem_in_class(const sharc_type *t, char letter) {
  switch (letter) {
  case 'F':
    return t->kind == SHARC_TYPE_FLOAT && is_hlo_float(t->fkind);
  case 'P':
    return t->kind == SHARC_TYPE_INTEGER && t->integer.width == 1 &&
           t->integer.sign == SHARC_SIGNLESS;
  case 'I':
    return is_hlo_int(t);
  case 'C':
    return t->kind == SHARC_TYPE_COMPLEX && is_f32_or_f64(t->elem);
  case 'Q':
  case 'A':
    return sharc_shlo_quant_elem_ok(t, letter == 'A');
  case 'D':
    return is_f32_or_f64(t);
  case 'N':
    return t->kind == SHARC_TYPE_INTEGER;
  case 'X':
    return t->kind == SHARC_TYPE_INDEX;
  case 'S':
    return is_hlo_int(t) && t->integer.sign == SHARC_SIGNLESS;
  case 'i':
  case 'u':
    return t->kind == SHARC_TYPE_INTEGER && t->integer.width == 32 &&
           t->integer.sign == (letter == 'i' ? SHARC_SIGNLESS : SHARC_UNSIGNED);
  default:
    return false;
  }
}

static bool is_token(const sharc_type *t) {
  return t->kind == SHARC_TYPE_DIALECT && t->def == &sharc_shlo_token_def;
}

static bool static_shape(const sharc_type *t) {
  for (unsigned i = 0; i < t->shaped.rank; i++)
    if (t->shaped.shape[i] == SHARC_DYNAMIC)
      return false;
  return true;
}

/* hasSingleBoundedDimension: one bound and one dynamic dimension. */
static bool single_bounded(const sharc_type *t) {
  sharc_attr *bounds = sharc_shlo_bounds(t);
  if (!bounds)
    return false;
  unsigned n_bounded = 0, n_dynamic = 0;
  for (unsigned i = 0; i < sharc_attr_count(bounds); i++)
    n_bounded += sharc_attr_dense_array_i64(bounds, i) != SHARC_DYNAMIC;
  for (unsigned i = 0; i < t->shaped.rank; i++)
    n_dynamic += t->shaped.shape[i] == SHARC_DYNAMIC;
  return n_bounded == 1 && n_dynamic == 1;
}

static bool tensor_satisfies(const sharc_type *t, const constraint *c) {
  bool unranked_ok = c->shape == ANY_TENSOR && t->kind == SHARC_TYPE_UNRANKED_TENSOR;
  if (!unranked_ok && (t->kind != SHARC_TYPE_TENSOR || (c->shape == RANK0 && t->shaped.rank != 0)))
    return false;
  if (strchr(c->elems, 'A') && !sharc_shlo_quant_dim_ok(t))
    return false;
  if ((c->shape == STATIC || c->shape == STATIC_1D) && !static_shape(t))
    return false;
  if ((c->shape == STATIC_1D || c->shape == RANK1) && t->shaped.rank != 1)
    return false;
  if (c->shape == STATIC_OR_BOUNDED && !static_shape(t) && !single_bounded(t))
    return false;
  for (const char *e = c->elems; *e; e++)
    if (elem_in_class(t->shaped.elem, *e))
      return true;
  return false;
}

/* HLO_Tuple's members (a tuple's flattened types, as TupleType's
 * getFlattenedTypes gives them to NestedTupleOf): HLO_Tensor,
 * HLO_PerAxisQuantizedIntTensor or (MHLO's) HLO_Token. */
static const constraint tuple_tensor = {"HLO_Tensor", sizeof "HLO_Tensor" - 1, RANKED, "FPICQ"};
static const constraint tuple_per_axis = {"HLO_PerAxisQuantizedIntTensor",
                                             sizeof "HLO_PerAxisQuantizedIntTensor" - 1, RANKED, "A"};

static bool tuple_members_ok(const sharc_type *t) {
  for (unsigned i = 0; i < sharc_type_count(t); i++) {
    const sharc_type *m = sharc_type_at(t, i);
    bool ok = m->kind == SHARC_TYPE_TUPLE ? tuple_members_ok(m)
                                          : tensor_satisfies(m, &tuple_tensor) ||
                                                tensor_satisfies(m, &tuple_per_axis);
    if (!ok)
      return false;
  }
  return true;
}

static bool satisfies(const sharc_type *t, const constraint *c) {
  if ((c->shape == TENSOR_TOKEN_TUPLE || c->shape == NESTED_TUPLE) && t->kind == SHARC_TYPE_TUPLE)
    return tuple_members_ok(t);
  if (c->shape == NESTED_TUPLE)
    return false;
  if (c->shape == FUTURE)
    return t->kind == SHARC_TYPE_DIALECT && t->def == &sharc_shlo_future_def;
  if (c->shape == TOKEN)
    return is_token(t);
  if (c->shape == RANKED_OR_TOKEN && is_token(t))
    return true;
  return tensor_satisfies(t, c);
}

static void append_summary(sharc_buf *b, const constraint *c);

/* HLO_Tuple's summary, NestedTupleOf's "nested tuple with any combination
 * of <AnyTypeOf of the members> values". */
static void append_nested_tuple(sharc_buf *b) {
  SHARC_BUF_LIT(b, "nested tuple with any combination of ");
  append_summary(b, &tuple_tensor);
  SHARC_BUF_LIT(b, " or ");
  append_summary(b, &tuple_per_axis);
  SHARC_BUF_LIT(b, " or token values");
}

static void append_summary(sharc_buf *b, const constraint *c) {
  if (c->shape == NESTED_TUPLE) {
    append_nested_tuple(b);
    return;
  }
  if (c->shape == TENSOR_TOKEN_TUPLE) {
    /* AnyTypeOf<[HLO_Tensor, HLO_Token, HLO_Tuple]>: its members' joined */
    append_summary(b, &tuple_tensor);
    SHARC_BUF_LIT(b, " or token or ");
    append_nested_tuple(b);
    return;
  }
  if (c->shape == TOKEN || c->shape == FUTURE) {
    sharc_buf_printf(b, "%s", c->shape == TOKEN ? "token" : "future");
    return;
  }
  static const char *const prefix[] = {
      [RANKED] = "ranked tensor",
      [RANK0] = "0D tensor",
      [RANKED_OR_TOKEN] = "ranked tensor",
      [STATIC] = "statically shaped tensor",
      [STATIC_1D] = "statically shaped 1-dimensional tensor",
      [STATIC_OR_BOUNDED] = "statically shaped or single bounded dimension tensor",
      [RANK1] = "1D tensor",
      [ANY_TENSOR] = "tensor",
  };
  sharc_buf_printf(b, "%s of ", prefix[c->shape]);
  for (const char *e = c->elems; *e; e++)
    for (size_t i = 0; i < sizeof elem_classes / sizeof *elem_classes; i++)
      if (elem_classes[i].letter == *e)
        sharc_buf_printf(b, "%s%s", e == c->elems ? "" : " or ", elem_classes[i].summary);
  SHARC_BUF_LIT(b, " values");
  if (c->shape == RANKED_OR_TOKEN)
    SHARC_BUF_LIT(b, " or token");
}

static const constraint *find_constraint(const char *name, size_t len) {
  for (size_t i = 0; i < sizeof constraints / sizeof *constraints; i++)
    if (constraints[i].name_len == len && memcmp(constraints[i].name, name, len) == 0)
      return &constraints[i];
  return NULL;
}

/* find_constraint by the address of the name in its spec: specs are the op
 * table's static strings, so an address always names the same group, and
 * each is looked up once per run rather than once per op and verification. */
enum { FOUND_SLOTS = 256 };
static struct {
  const char *name;
  const constraint *c;
} found[FOUND_SLOTS];

static const constraint *find_constraint_at(const char *name, size_t len) {
  unsigned slot = (unsigned)(((uintptr_t)name >> 1) % FOUND_SLOTS);
  if (found[slot].name != name) {
    found[slot].c = find_constraint(name, len);
    found[slot].name = name;
  }
  return found[slot].c;
}

/* One side of the spec (operands or results), up to `->` or the end. */
typedef struct group_list {
  const char *start;
  unsigned groups, variadic;
} group_list;

/* The end of the group starting at `s`: the next space or the end
 * (strchr rather than a loop per character: verification runs after
 * every pass). */
static const char *group_end(const char *s) {
  const char *space = strchr(s, ' ');
  return space ? space : s + strlen(s);
}

static const char *scan_groups(const char *s, group_list *out) {
  out->start = s;
  out->groups = out->variadic = 0;
  while (*s && !(s[0] == '-' && s[1] == '>')) {
    if (*s == ' ') {
      s++;
      continue;
    }
    out->groups++;
    out->variadic += *s == '*';
    s = group_end(s);
  }
  return *s ? s + 2 : s;
}

static bool report(sharc_op *op, const char *kind, unsigned index, bool variadic,
                   const constraint *c, const sharc_type *t) {
  sharc_buf summary = {0}, got = {0};
  if (variadic)
    SHARC_BUF_LIT(&summary, "variadic of ");
  append_summary(&summary, c);
  sharc_print_type(t, &got);
  sharc_emit_op_error(op, "%s #%u must be %s, but got '%s'", kind, index, summary.data, got.data);
  sharc_buf_free(&summary);
  sharc_buf_free(&got);
  return false;
}

/* Variadic groups share what the fixed groups leave (SameVariadicOperandSize
 * for the ops that have several). */
static bool check_side(sharc_op *op, const group_list *g, bool results) {
  unsigned total = results ? sharc_op_num_results(op) : sharc_op_num_operands(op);
  unsigned fixed = g->groups - g->variadic;
  if (total < fixed)
    return true; /* the count check owns this */
  unsigned per_variadic = g->variadic ? (total - fixed) / g->variadic : 0;
  unsigned index = 0;
  for (const char *s = g->start; *s && index < total;) {
    if (*s == ' ') {
      s++;
      continue;
    }
    if (s[0] == '-' && s[1] == '>')
      break;
    bool variadic = *s == '*';
    const char *name = s + variadic;
    s = group_end(s);
    const constraint *c = find_constraint_at(name, (size_t)(s - name));
    unsigned n = variadic ? per_variadic : 1;
    for (unsigned k = 0; k < n && index < total; k++, index++) {
      const sharc_type *t =
          sharc_value_type(results ? sharc_op_result(op, index) : sharc_op_operand(op, index));
      if (c && !satisfies(t, c))
        return report(op, results ? "result" : "operand", index, variadic, c, t);
    }
  }
  return true;
}

/* `types` is a row's spec of the op table (static storage). */
bool sharc_shlo_verify_type_constraints(sharc_op *op, const char *types) {
  group_list operands, results;
  const char *rest = scan_groups(types, &operands);
  scan_groups(rest, &results);
  return check_side(op, &operands, false) && check_side(op, &results, true);
}
