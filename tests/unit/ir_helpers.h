/* Helpers shared by the IR-level unit tests: parsing and printing through
 * the public API, finding ops by name or `id` attribute, and a listener
 * that records every notification as a compact text log, so tests can
 * compare whole notification sequences with one string. */
#ifndef SHARC_TEST_IR_HELPERS_H
#define SHARC_TEST_IR_HELPERS_H

#include "sharc/asm.h"
#include "sharc/ir.h"
#include "sharc/rewrite.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline sharc_op *parse_text(sharc_context *ctx, const char *text) {
  return sharc_parse_source(ctx, "t.mlir", text, strlen(text));
}

/* The op printed in the custom form (malloc'd, caller frees). */
static inline char *print_op_text(sharc_op *op) {
  sharc_print_flags flags = {0};
  sharc_buf out = {0};
  sharc_print_op(op, &flags, &out);
  return out.data;
}

/* The `id` string attribute of an op if it has one, else its name. */
static inline const char *op_label(const sharc_op *op) {
  sharc_attr *id = sharc_op_attr(op, "id");
  if (id && sharc_attr_get_kind(id) == SHARC_ATTR_STRING)
    return sharc_attr_string_value(id).data;
  return sharc_ident_str(sharc_op_name(op)).data;
}

typedef struct find_state {
  const char *label;
  sharc_op *found;
} find_state;

static inline sharc_walk_result find_visit(sharc_op *op, void *user) {
  find_state *s = user;
  if (strcmp(op_label(op), s->label) != 0)
    return SHARC_WALK_ADVANCE;
  s->found = op;
  return SHARC_WALK_INTERRUPT;
}

/* The first op (pre-order) whose label is `label`, or NULL. */
static inline sharc_op *find_op(sharc_op *root, const char *label) {
  find_state s = {label, NULL};
  sharc_walk(root, SHARC_PRE_ORDER, find_visit, &s);
  return s.found;
}

/* ---- a recording listener -----------------------------------------------
 * Tokens: +x inserted, ~x moved, *x modified, =x replaced, -x erased,
 * +^b block inserted, -^b block erased; separated by spaces. */
typedef struct recorder {
  sharc_listener base; /* first: callbacks cast back */
  sharc_buf log;
  const sharc_block *blocks[16];
  const char *block_names[16];
  unsigned num_blocks;
  unsigned count; /* callbacks received */
} recorder;

static inline void rec_name_block(recorder *r, const sharc_block *b, const char *name) {
  r->blocks[r->num_blocks] = b;
  r->block_names[r->num_blocks++] = name;
}

static inline const char *rec_block_label(recorder *r, const sharc_block *b) {
  for (unsigned i = 0; i < r->num_blocks; i++)
    if (r->blocks[i] == b)
      return r->block_names[i];
  return "?";
}

static inline void rec_token(recorder *r, const char *prefix, const char *label) {
  if (r->log.len)
    sharc_buf_putc(&r->log, ' ');
  sharc_buf_printf(&r->log, "%s%s", prefix, label);
  r->count++;
}

static inline void rec_inserted(sharc_listener *l, sharc_op *op, bool moved) {
  rec_token((recorder *)l, moved ? "~" : "+", op_label(op));
}
static inline void rec_modified(sharc_listener *l, sharc_op *op) {
  rec_token((recorder *)l, "*", op_label(op));
}
static inline void rec_replaced(sharc_listener *l, sharc_op *op, sharc_value *const *v,
                                unsigned n) {
  (void)v;
  (void)n;
  rec_token((recorder *)l, "=", op_label(op));
}
static inline void rec_erased(sharc_listener *l, sharc_op *op) {
  rec_token((recorder *)l, "-", op_label(op));
}
static inline void rec_block_inserted(sharc_listener *l, sharc_block *b) {
  rec_token((recorder *)l, "+^", rec_block_label((recorder *)l, b));
}
static inline void rec_block_erased(sharc_listener *l, sharc_block *b) {
  rec_token((recorder *)l, "-^", rec_block_label((recorder *)l, b));
}

static inline void rec_init(recorder *r) {
  memset(r, 0, sizeof *r);
  r->base.op_inserted = rec_inserted;
  r->base.op_modified = rec_modified;
  r->base.op_replaced = rec_replaced;
  r->base.op_erased = rec_erased;
  r->base.block_inserted = rec_block_inserted;
  r->base.block_erased = rec_block_erased;
}

/* The log so far (never NULL), then cleared by rec_reset. */
static inline const char *rec_log(recorder *r) { return r->log.data ? r->log.data : ""; }

static inline void rec_reset(recorder *r) {
  r->log.len = 0;
  if (r->log.data)
    r->log.data[0] = 0;
  r->count = 0;
}

static inline void rec_free(recorder *r) { sharc_buf_free(&r->log); }

/* A listener that only counts, to chain after a recorder. */
typedef struct counter {
  sharc_listener base;
  unsigned count;
} counter;

static inline void cnt_op(sharc_listener *l, sharc_op *op) {
  (void)op;
  ((counter *)l)->count++;
}
static inline void cnt_inserted(sharc_listener *l, sharc_op *op, bool moved) {
  (void)moved;
  cnt_op(l, op);
}
static inline void cnt_replaced(sharc_listener *l, sharc_op *op, sharc_value *const *v,
                                unsigned n) {
  (void)v;
  (void)n;
  cnt_op(l, op);
}
static inline void cnt_block(sharc_listener *l, sharc_block *b) {
  (void)b;
  ((counter *)l)->count++;
}

static inline void counter_init(counter *c) {
  memset(c, 0, sizeof *c);
  c->base.op_inserted = cnt_inserted;
  c->base.op_modified = cnt_op;
  c->base.op_replaced = cnt_replaced;
  c->base.op_erased = cnt_op;
  c->base.block_inserted = cnt_block;
  c->base.block_erased = cnt_block;
}

#endif
