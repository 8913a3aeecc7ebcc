/* Unit tests for src/ir/static_names.c: attribute lookup and update by a
 * literal name must answer exactly as the lookup by characters does, for
 * more literals than the context has slots (collisions re-intern), and
 * literals of the same text at different addresses name one attribute. */
#include "sharc/asm.h"
#include "sharc/ir.h"
#include "ir/static_names.h"

#include <stdio.h>
#include <string.h>

#include "check.h"
#include "ir_helpers.h"

enum { NAMES = 3 * SHARC_STATIC_IDENT_SLOTS };

/* static storage that never changes once filled, as a literal */
static char names[NAMES][8];

static void test_lookup_matches(void) {
  sharc_context *ctx = sharc_context_create();
  sharc_context_set_allow_unregistered(ctx, true);
  sharc_op *m = parse_text(ctx, "\"test.op\"() {a = 1 : i32, sdy.x = 2 : i32, id = \"t\"} : () -> ()\n");
  CHECK(m != NULL);
  if (!m) {
    sharc_context_destroy(ctx);
    return;
  }
  sharc_op *op = find_op(m, "t");
  CHECK(op != NULL);
  CHECK(sharc_op_attr_static(op, "a") == sharc_op_attr(op, "a"));
  CHECK(sharc_op_attr_static(op, "a") != NULL);
  CHECK(sharc_op_attr_static(op, "sdy.x") == sharc_op_attr(op, "sdy.x"));
  CHECK(sharc_op_attr_static(op, "sdy") == NULL);
  CHECK(sharc_op_attr_static(op, "") == NULL);
  /* the same text at two addresses */
  static const char other_a[] = "a";
  CHECK(sharc_context_static_ident(ctx, other_a) == sharc_context_static_ident(ctx, "a"));
  CHECK(sharc_context_static_ident(ctx, "a") == sharc_ident_get(ctx, SHARC_STR("a")));
  /* more names than slots, asked twice each: every answer right */
  for (unsigned i = 0; i < NAMES; i++)
    snprintf(names[i], sizeof names[i], "k%u", i);
  for (unsigned round = 0; round < 2; round++)
    for (unsigned i = 0; i < NAMES; i++)
      CHECK(sharc_context_static_ident(ctx, names[i]) ==
            sharc_ident_get(ctx, sharc_str_from_cstr(names[i])));
  /* names asked alternately (colliding pairs swap through the neighbour
   * slot): every answer right */
  for (unsigned round = 0; round < 4; round++)
    for (unsigned i = 0; i < NAMES; i++) {
      unsigned j = (i * 7 + round) % NAMES;
      CHECK(sharc_context_static_ident(ctx, names[i]) ==
            sharc_ident_get(ctx, sharc_str_from_cstr(names[i])));
      CHECK(sharc_context_static_ident(ctx, names[j]) ==
            sharc_ident_get(ctx, sharc_str_from_cstr(names[j])));
    }
  /* set by literal, read back both ways; removed by NULL */
  sharc_attr *unit = sharc_attr_unit(ctx);
  sharc_op_set_attr_static(op, names[5], unit);
  CHECK(sharc_op_attr(op, "k5") == unit);
  CHECK(sharc_op_attr_static(op, names[5]) == unit);
  sharc_op_set_attr_static(op, names[5], NULL);
  CHECK(sharc_op_attr(op, "k5") == NULL);
  CHECK(sharc_op_attr_static(op, "a") == sharc_op_attr(op, "a"));
  CHECK(sharc_attr_dict_get_static(ctx, NULL, "a") == NULL);
  sharc_context_destroy(ctx);
}

int main(void) {
  test_lookup_matches();
  return check_summary("static_names");
}
