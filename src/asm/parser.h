/* The parser's API for dialect hooks: custom op syntax, dialect types and
 * attributes are parsed with these calls, much like MLIR's OpAsmParser. */
#ifndef SHARC_ASM_PARSER_H
#define SHARC_ASM_PARSER_H

#include "asm/lexer.h"
#include "ir/ir_internal.h"
#include "sharc/asm.h"
#include "support/vec.h"


/* Everything a custom parser collects before the operation is created. */
typedef struct sharc_op_builder {
  sharc_ident *name;
  /* NULL: at loc_line:loc_col of the file, the op's name, made into an
   * attribute only when asked (sharc_p_builder_loc) */
  sharc_attr *loc;
  unsigned loc_line, loc_col;
  sharc_ptrvec operands;     /* sharc_value* */
  sharc_ptrvec result_types; /* sharc_type* */
  sharc_ptrvec regions;      /* sharc_region* (detached, parser-owned) */
  sharc_ptrvec successors;   /* sharc_block* */
  sharc_named_attr *attrs;
  unsigned num_attrs, cap_attrs;
  sharc_attr *props;         /* unregistered ops' `<{...}>` */
  sharc_named_attr small_attrs[8]; /* most ops have few attributes */
} sharc_op_builder;

void sharc_builder_add_attr(sharc_op_builder *b, sharc_ident *name, sharc_attr *value);
void sharc_builder_add_distinct_attrs(sharc_op_builder *b, const sharc_named_attr *entries,
                                      unsigned n);
/* The location the op being built will have. */
sharc_attr *sharc_p_builder_loc(sharc_parser *p, const sharc_op_builder *b);
void sharc_builder_set_attr(sharc_parser *p, sharc_op_builder *b, const char *name,
                            sharc_attr *value);
/* Frees what a builder holds (one used only to collect, e.g. an attribute
 * dictionary parsed apart). */
void sharc_op_builder_cleanup(sharc_op_builder *b);

/* An SSA value or block name interned for one parse (parser_impl.h). */
typedef struct sharc_p_name sharc_p_name;

/* A use of a value not yet resolved to a type: `%name` or `%name#N`. */
typedef struct sharc_operand_ref {
  sharc_p_name *name;
  unsigned number;
  sharc_token tok;
} sharc_operand_ref;

/* An entry block argument declared by a custom parser (e.g. func.func's). */
typedef struct sharc_region_arg {
  sharc_operand_ref ref;
  sharc_type *type;
  sharc_attr *loc;
} sharc_region_arg;

/* ---- token level ---- */
const sharc_token *sharc_p_tok(const sharc_parser *p);
sharc_context *sharc_p_context(const sharc_parser *p);
void sharc_p_next(sharc_parser *p);
bool sharc_p_failed(const sharc_parser *p);
bool sharc_p_eat(sharc_parser *p, char punct);         /* optional punctuation */
bool sharc_p_expect(sharc_parser *p, char punct);      /* error "expected 'c'" */
/* Like sharc_p_expect, with MLIR's message for that place. */
bool sharc_p_expect_msg(sharc_parser *p, char punct, const char *msg);
bool sharc_p_eat_keyword(sharc_parser *p, const char *kw);
bool sharc_p_expect_keyword(sharc_parser *p, const char *kw);
bool sharc_p_eat_arrow(sharc_parser *p);
bool sharc_p_expect_arrow(sharc_parser *p);
bool sharc_p_parse_keyword(sharc_parser *p, sharc_str *out, const char *what);
bool sharc_p_parse_string(sharc_parser *p, sharc_str *out_unescaped); /* arena copy */
bool sharc_p_parse_int(sharc_parser *p, int64_t *out);
sharc_attr *sharc_p_tok_loc(sharc_parser *p, const sharc_token *t);
/* Emits "file:line:col: error: ..." at the token and marks the parse failed. */
bool sharc_p_error(sharc_parser *p, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Another error at the current token, emitted even after an earlier one
 * (which sharc_p_error suppresses): MLIR's generated attribute parsers add
 * "failed to parse X parameter ..." on top of the nested parser's error. */
bool sharc_p_error_chained(sharc_parser *p, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* An error a custom op parser raises itself (MLIR's
 * CustomOpAsmParser::emitError): "custom op 'NAME' " before the message, at
 * `t`, or at the op's name when `t` is NULL. Errors of the shared parse
 * calls (types, `expected ','`...) carry no prefix. */
bool sharc_p_custom_error(sharc_parser *p, const sharc_op_builder *b, const sharc_token *t,
                          const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* The same at a given token (e.g. a type's start, reported again after the
 * error inside it). */
bool sharc_p_error_chained_at(sharc_parser *p, const sharc_token *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* MLIR's emitWrongTokenError for any message: just after the last text
 * before the current token, where the wanted token belonged. */
bool sharc_p_wrong_token_error(sharc_parser *p, const char *msg);
/* The same emitted even after an earlier error, without the custom op
 * prefix: the shared parser's token check that follows a failed element. */
bool sharc_p_wrong_token_error_chained(sharc_parser *p, const char *msg);
bool sharc_p_error_at(sharc_parser *p, const sharc_token *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;


/* Inside a dialect's type hook: the `!dialect.mnemonic` token, where MLIR
 * reports an unknown mnemonic (getNameLoc). */
const sharc_token *sharc_p_dialect_type_tok(const sharc_parser *p);
/* Inside a dialect's attribute hook, just after `#dialect.mnemonic`: where
 * MLIR's generated parser reports an unknown mnemonic, at the mnemonic. It
 * ends where the current token starts unless something came between them
 * (then the current token). */
sharc_token sharc_p_mnemonic_tok(const sharc_parser *p, sharc_str mnemonic);

/* ---- lists ---- */
/* MLIR's AsmParser::Delimiter: the brackets around a comma list; the
 * optional forms accept a missing list. */
typedef enum sharc_p_delimiter {
  SHARC_P_DELIM_NONE,
  SHARC_P_DELIM_PAREN,
  SHARC_P_DELIM_SQUARE,
  SHARC_P_DELIM_LESS_GREATER,
  SHARC_P_DELIM_BRACES,
  SHARC_P_DELIM_OPTIONAL_PAREN,
  SHARC_P_DELIM_OPTIONAL_SQUARE,
  SHARC_P_DELIM_OPTIONAL_LESS_GREATER,
  SHARC_P_DELIM_OPTIONAL_BRACES,
} sharc_p_delimiter;
/* Parses one element of a list (at its first token); false after an error. */
typedef bool (*sharc_p_element_fn)(sharc_parser *p, void *state);
/* parseCommaSeparatedList: `element`, `element`, ... inside `delimiter`
 * (an empty list between delimiters is accepted; NONE needs one element at
 * least). A missing delimiter is "expected 'c'" followed by `context`
 * (NULL for none), e.g. " in affine map range". */
bool sharc_p_parse_comma_list(sharc_parser *p, sharc_p_delimiter delimiter,
                              sharc_p_element_fn element, void *state, const char *context);
/* parseCommaSeparatedListUntil: the elements after an opening token, then
 * `close` ("expected ',' or 'c'" otherwise); an empty list is "expected list
 * element" unless `allow_empty`. */
bool sharc_p_parse_comma_list_until(sharc_parser *p, char close, sharc_p_element_fn element,
                                    void *state, bool allow_empty);
/* Reads one attribute of a list; false after an error. */
typedef bool (*sharc_p_attr_fn)(sharc_parser *p, sharc_attr **out);
/* parse_comma_list of attributes each read by `parse_one`, appended to
 * `out` (sharc_attr *). */
bool sharc_p_parse_attr_comma_list(sharc_parser *p, sharc_p_delimiter delimiter,
                                   sharc_p_attr_fn parse_one, sharc_ptrvec *out,
                                   const char *context);
/* The same, where an element may also be written in its full
 * `#dialect.attr<...>` form of `fallback_def` (FieldParser's fallback). */
bool sharc_p_parse_attr_comma_list_with_fallback(sharc_parser *p, sharc_p_delimiter delimiter,
                                                 const sharc_attr_def *fallback_def,
                                                 sharc_p_attr_fn parse_one, sharc_ptrvec *out,
                                                 const char *context);

/* ---- types and attributes ---- */
bool sharc_p_parse_type(sharc_parser *p, sharc_type **out);
/* At `<`: consumes it and a dimension list `4x?x` (possibly empty), leaving
 * the parser on what follows the last `x` (a tensor-like body). */
bool sharc_p_parse_dimension_list(sharc_parser *p, sharc_i64_vec *out);
bool sharc_p_parse_type_list(sharc_parser *p, sharc_ptrvec *out);        /* T, T (one at least) */
bool sharc_p_parse_attr_list(sharc_parser *p, sharc_ptrvec *out);        /* A, A (one at least) */
bool sharc_p_parse_type_list_parens(sharc_parser *p, sharc_ptrvec *out); /* (T, T) */
bool sharc_p_parse_function_result_types(sharc_parser *p, sharc_ptrvec *out); /* T | (T, ...) */
bool sharc_p_parse_attr(sharc_parser *p, sharc_type *type, sharc_attr **out);
/* An attribute `accept` takes (with `arg`), else "invalid kind of attribute
 * specified" where it starts: ODS's typed attribute parameters. */
typedef bool (*sharc_attr_accept_fn)(const sharc_attr *a, const void *arg);
bool sharc_p_parse_attr_accepted(sharc_parser *p, sharc_attr_accept_fn accept, const void *arg,
                                 sharc_attr **out);
bool sharc_p_parse_attr_of_kind(sharc_parser *p, sharc_attr_kind kind, sharc_attr **out);
/* A dialect attribute of `def` in full (`#dialect.name<...>` or an alias). */
bool sharc_p_parse_dialect_attr_of(sharc_parser *p, const sharc_attr_def *def, sharc_attr **out);
/* A string attribute without a type (ODS's StrAttr). */
bool sharc_p_parse_untyped_string_attr(sharc_parser *p, sharc_attr **out);
/* An ODS StrAttr operand of a declarative format, read with a none type: a
 * `:` after a string literal is not its type. */
bool sharc_p_parse_str_attr_none_type(sharc_parser *p, sharc_attr **out);
/* A symbol reference without nested references (FlatSymbolRefAttr). */
bool sharc_p_parse_flat_symbol_ref_attr(sharc_parser *p, sharc_attr **out);
/* `fn` parsing the body of a `def` attribute at the current `<` or `[`,
 * once per distinct text in the file: when the body ends on the same line
 * (its strings without escapes), a later use of the same text maps straight
 * to the attribute. For bodies whose attribute depends on nothing but their
 * text (aliases cannot change within a file): a module repeats the same few
 * shardings on every op. The texts of all bodies share one table: a text
 * kept for an attribute of another definition is parsed by `fn` (a list
 * where one sharding goes is its error, not the list). */
bool sharc_p_parse_memoized_body(sharc_parser *p, const sharc_attr_def *def,
                                 bool (*fn)(sharc_parser *, sharc_attr **), sharc_attr **out);
/* MLIR's parseCustomAttributeWithFallback: at `#`, the attribute in full
 * (which must be of `def`), else its stripped `<...>` read by `stripped`. */
bool sharc_p_parse_attr_with_fallback(sharc_parser *p, const sharc_attr_def *def,
                                      bool (*stripped)(sharc_parser *, sharc_attr **),
                                      sharc_attr **out);
bool sharc_p_parse_optional_attr_dict(sharc_parser *p, sharc_op_builder *b);
bool sharc_p_parse_dict_attr(sharc_parser *p, sharc_attr **out); /* { ... } */
bool sharc_p_parse_optional_attr_dict_with_keyword(sharc_parser *p, sharc_op_builder *b);
bool sharc_p_parse_symbol_name(sharc_parser *p, sharc_attr **out); /* @name -> string attr */
bool sharc_p_parse_optional_loc(sharc_parser *p, sharc_attr **out); /* loc(...) */

/* ---- values and regions ---- */
bool sharc_p_at_operand(const sharc_parser *p);
bool sharc_p_parse_operand(sharc_parser *p, sharc_operand_ref *out);
/* `%a, %b, ...` (at least one) into a malloc'ed array the caller frees,
 * also on failure. */
bool sharc_p_parse_operand_list(sharc_parser *p, sharc_operand_ref **refs, unsigned *n);
typedef SHARC_VEC(sharc_operand_ref) sharc_operand_ref_vec;
/* A sharc_p_element_fn: one operand appended to a sharc_operand_ref_vec. */
bool sharc_p_parse_operand_elem(sharc_parser *p, void *refs);
/* `(` $operands `)` of a declarative format: `(`, the list when an operand
 * follows (parseOperandList without delimiters), `)`; `at` (NULL for none)
 * gets the token after `(`, where resolveOperands reports. The array is
 * the caller's to free, also on failure. */
bool sharc_p_parse_paren_operand_list(sharc_parser *p, sharc_operand_ref **refs, unsigned *n,
                                      sharc_token *at);
bool sharc_p_resolve_operand(sharc_parser *p, const sharc_operand_ref *ref, sharc_type *type,
                             sharc_value **out);
/* Resolves refs[i] with types[i] for each of `n` operands, appending them
 * to the builder's operands. */
bool sharc_p_resolve_operands(sharc_parser *p, sharc_op_builder *b, const sharc_operand_ref *refs,
                              sharc_type *const *types, unsigned n);
/* Parses `{ ... }` into a detached region; `args` pre-defines the entry
 * block's arguments (custom forms that print them outside the region). */
bool sharc_p_parse_region(sharc_parser *p, sharc_region **out, const sharc_region_arg *args,
                          unsigned num_args, bool isolated);
/* `(%a: T {attrs} loc(..), ...) { ... }`: a region whose entry arguments
 * are declared ahead of its braces; the printer's
 * sharc_pr_region_with_entry_args. */
bool sharc_p_parse_region_with_entry_args(sharc_parser *p, sharc_region **out, bool isolated);
/* `attr-dict (%a, %b : T, U)?`: the custom form of return-like
 * terminators (func.return, sdy.return, mpmd.return). */
bool sharc_p_parse_return_like(sharc_parser *p, sharc_op_builder *b);
/* `($operands^ `:` type($operands))?`: when an operand follows, the list,
 * `:`, as many types, resolved into the builder's operands. */
bool sharc_p_parse_optional_typed_operands(sharc_parser *p, sharc_op_builder *b);
/* `attr-dict : type($operand)` after an already read operand: resolves it
 * with that type, which is also the result type when `with_result`. */
bool sharc_p_parse_attr_dict_colon_type(sharc_parser *p, sharc_op_builder *b,
                                        const sharc_operand_ref *operand, bool with_result);
/* `%x attr-dict : T to U`: the custom form of one-operand, one-result
 * casts (tensor.cast, quant.qcast/dcast/scast). */
bool sharc_p_parse_cast_like(sharc_parser *p, sharc_op_builder *b);
/* Parses the successor `^bb` label into a block of the current region. */
bool sharc_p_parse_successor(sharc_parser *p, sharc_block **out);

/* Internal: used by the generic parser and by custom parsers of ops that
 * nest other ops (e.g. a region-free shorthand). */
const char *sharc_p_default_dialect(const sharc_parser *p);

#endif
