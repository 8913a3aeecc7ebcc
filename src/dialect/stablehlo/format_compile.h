/* The compiled form of an op row's declarative format (the language
 * ops_format.c documents): the format and defaults strings read once per op
 * definition into directives, so that parsing and printing an op walk a
 * small array instead of re-reading and re-classifying the strings' tokens
 * for every op (8 % of a transformer's parse+print when they did). */
#ifndef SHARC_DIALECT_STABLEHLO_FORMAT_COMPILE_H
#define SHARC_DIALECT_STABLEHLO_FORMAT_COMPILE_H

#include "dialect/stablehlo/shlo.h"

#include <stddef.h>
#include <stdint.h>

typedef enum shlo_fmt_kind {
  SHLO_FD_OPERAND,        /* $ */
  SHLO_FD_OPERANDS,       /* $* */
  SHLO_FD_OPERANDS_COMMA, /* $+, */
  SHLO_FD_ATTR,           /* @name:kind */
  SHLO_FD_ATTR_DICT,      /* attr-dict */
  SHLO_FD_REGIONS,        /* (regions) */
  SHLO_FD_NO_SPACE,       /* `` */
  SHLO_FD_GROUP,          /* [? ... ?] */
  SHLO_FD_TYPE,           /* :same, :fn, ... */
  SHLO_FD_LITERAL,        /* anything else */
} shlo_fmt_kind;

/* The kind after an attribute's colon. */
typedef enum shlo_fmt_attr_kind {
  SHLO_FA_ANY, /* a full attribute */
  SHLO_FA_ENUM,
  SHLO_FA_ARR,
  SHLO_FA_INT,
  SHLO_FA_I32,
  SHLO_FA_BOOL,
  SHLO_FA_STR,
  SHLO_FA_SYM,
  SHLO_FA_CONV,
  SHLO_FA_SLICE,
  SHLO_FA_WINDOW,
  SHLO_FA_PREC,
  SHLO_FA_PRECALGO,
  SHLO_FA_DOTDIMS,
  SHLO_FA_EXPMAN,
} shlo_fmt_attr_kind;

/* The type directives; every unknown one reads as :same. */
typedef enum shlo_fmt_type_kind {
  SHLO_FT_SAME,
  SHLO_FT_FN,
  SHLO_FT_RES,
  SHLO_FT_TUPLE,
  SHLO_FT_SELECT,
  SHLO_FT_COMPLEX,
  SHLO_FT_TYPES,
  SHLO_FT_PAIR,
} shlo_fmt_type_kind;

/* What decides that a group is printed: the first attribute, operand or
 * type directive inside it. */
typedef enum shlo_fmt_anchor {
  SHLO_ANCHOR_NONE,
  SHLO_ANCHOR_OPERANDS,
  SHLO_ANCHOR_ATTR,
} shlo_fmt_anchor;

/* How a literal token spaces (a literal directive's `sub`), found once
 * when the format is compiled rather than per op printed. */
enum {
  SHLO_LIT_OPEN = 1,   /* < ( { [ */
  SHLO_LIT_CLOSE = 2,  /* > ) } ] , */
  SHLO_LIT_WORD = 4,   /* starts with a letter or '_' */
  SHLO_LIT_SINGLE = 8, /* one character, or `->` */
};
uint8_t sharc_shlo_literal_class(const char *tok, size_t len);

/* Bytes readable from a compiled token's text (the tokens after it, then
 * zeros): a literal is copied whole by sharc_pr_put_padded. */
enum { SHLO_TOKEN_PAD = 32 };

typedef struct shlo_fmt_directive {
  uint8_t kind;    /* shlo_fmt_kind */
  uint8_t sub;     /* shlo_fmt_attr_kind, shlo_fmt_type_kind, a group's shlo_fmt_anchor
                    * or a literal's SHLO_LIT_* */
  uint16_t end;    /* a group: the index just past its last directive */
  uint16_t anchor; /* a group anchored on an attribute: that directive */
  uint16_t len;    /* of tok */
  const char *tok; /* the token's text, NUL-terminated */
  const char *name; /* an attribute's name, NUL-terminated */
  const shlo_enum_def *enum_def;    /* SHLO_FA_ENUM */
  const char *const *custom_attrs; /* the attributes a custom directive owns, or NULL */
} shlo_fmt_directive;

/* How an attribute of the row's `defaults` holds its default value. */
typedef enum shlo_fmt_default_kind {
  SHLO_DEFAULT_FALSE,
  SHLO_DEFAULT_EMPTY_ARRAY,
  SHLO_DEFAULT_EMPTY_DICT,
  SHLO_DEFAULT_ACCURACY, /* #stablehlo.result_accuracy<mode = DEFAULT> with zero tolerances */
  SHLO_DEFAULT_INT,
} shlo_fmt_default_kind;

typedef struct shlo_fmt_default {
  const char *name;
  shlo_fmt_default_kind kind;
  int64_t value; /* SHLO_DEFAULT_INT */
} shlo_fmt_default;

typedef struct shlo_fmt_compiled {
  const shlo_op_def *row;
  const shlo_fmt_directive *dirs;
  unsigned num_dirs;
  /* the attributes the format prints itself, left out of the attr-dict */
  const char *const *owned;
  unsigned num_owned;
  const shlo_fmt_default *defaults;
  unsigned num_defaults;
} shlo_fmt_compiled;

/* The compiled format of `row`: compiled at the first ask, then shared by
 * every context and thread of the process (published atomically). */
const shlo_fmt_compiled *sharc_shlo_format_compiled(const shlo_op_def *row);

/* The attributes the slice directive owns, in start, limit, stride order. */
extern const char *const sharc_shlo_fmt_slice_attrs[];
/* The attributes the window directive owns, in its keywords' order. */
extern const char *const sharc_shlo_fmt_window_attrs[];

#endif
