/* Unit tests of the attribute walk (sub-elements of builtin and dialect
 * attributes and types) and of the symbol-use queries built on it. */
#include "check.h"

#include "ir/ir_internal.h"
#include "sharc/asm.h"
#include "sharc/symbols.h"

#include <stdlib.h>
#include <string.h>

typedef struct refs {
  char text[512];
  unsigned count;
} refs;

static void append_ref(refs *r, const sharc_attr *ref) {
  sharc_buf b = {0};
  sharc_print_attr(ref, &b);
  if (r->count++)
    strncat(r->text, " ", sizeof r->text - strlen(r->text) - 1);
  strncat(r->text, b.data, sizeof r->text - strlen(r->text) - 1);
  sharc_buf_free(&b);
}

static sharc_walk_result collect_ref(sharc_attr *a, void *user) {
  if (sharc_attr_get_kind(a) != SHARC_ATTR_SYMBOL_REF)
    return SHARC_WALK_ADVANCE;
  append_ref(user, a);
  return SHARC_WALK_SKIP;
}

/* Every symbol reference an attribute holds, in walk order. */
static void check_refs(sharc_context *ctx, const char *attr_text, const char *want) {
  sharc_attr *a = sharc_parse_attr_text(ctx, sharc_str_from_cstr(attr_text));
  CHECK(a != NULL);
  refs r = {{0}, 0};
  if (a)
    sharc_attr_walk(a, collect_ref, &r);
  CHECK_STR(r.text, want);
}

static sharc_walk_result stop_at_first(sharc_attr *a, void *user) {
  (void)a;
  ++*(unsigned *)user;
  return SHARC_WALK_INTERRUPT;
}

static void test_walks(sharc_context *ctx) {
  check_refs(ctx, "[@a, {x = @b, y = [[@c::@d]]}, 1 : i32]", "@a @b @c::@d");
  check_refs(ctx, "#sdy.sharding<@mesh, [{\"a\"}, {}]>", "@mesh");
  check_refs(ctx, "#sdy.sharding_per_value<[<@m1, [{}]>, <@m2, [{\"a\"}]>]>", "@m1 @m2");
  check_refs(ctx, "#sdy.sharding<mesh<[\"a\"=2]>, [{\"a\"}]>", "");
  /* through types: a function type whose tensor carries a sharding encoding */
  check_refs(ctx, "(tensor<4xf32, #sdy.sharding<@enc, [{}]>>) -> ()", "@enc");
  sharc_attr *arr = sharc_parse_attr_text(ctx, sharc_str_from_cstr("[1, 2, 3]"));
  unsigned visits = 0;
  CHECK(sharc_attr_walk(arr, stop_at_first, &visits) == SHARC_WALK_INTERRUPT);
  CHECK(visits == 1);
}

static const char module_text[] =
    "sdy.mesh @mesh = <[\"a\"=2]>\n"
    "func.func @f(%arg0: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{\"a\"}]>}) "
    "-> tensor<8xf32> attributes {x = [@g, @g]} {\n"
    "  %0 = call @g(%arg0) : (tensor<8xf32>) -> tensor<8xf32>\n"
    "  return %0 : tensor<8xf32>\n"
    "}\n"
    "func.func private @g(%arg0: tensor<8xf32>) -> tensor<8xf32> {\n"
    "  return %arg0 : tensor<8xf32>\n"
    "}\n";

static void test_symbol_uses(sharc_context *ctx) {
  sharc_op *module = sharc_parse_source(ctx, "uses", module_text, strlen(module_text));
  CHECK(module != NULL);
  if (!module)
    return;
  sharc_op *f = sharc_symbol_lookup(module, sharc_str_from_cstr("f"));
  sharc_op *g = sharc_symbol_lookup(module, sharc_str_from_cstr("g"));
  CHECK(f && g);
  sharc_symbol_uses uses = {0};
  CHECK(sharc_symbol_collect_uses(f, &uses));
  /* the function's own attributes (each reference once), then its call */
  refs r = {{0}, 0};
  for (unsigned i = 0; i < uses.len; i++)
    append_ref(&r, uses.items[i].ref);
  CHECK_STR(r.text, "@mesh @g @g");
  CHECK(uses.len == 3 && uses.items[0].user == f && uses.items[2].user != f);
  sharc_symbol_uses_free(&uses);
  CHECK(sharc_symbol_visibility_of(g) == SHARC_SYMBOL_PRIVATE);
  CHECK(sharc_symbol_visibility_of(f) == SHARC_SYMBOL_PUBLIC);
  sharc_attr *ref = sharc_parse_attr_text(ctx, sharc_str_from_cstr("@g"));
  CHECK(sharc_symbol_resolve_nearest(f, ref) == g);
  sharc_attr *nested = sharc_parse_attr_text(ctx, sharc_str_from_cstr("@g::@h"));
  CHECK(sharc_symbol_resolve_in(module, nested, NULL) == NULL);
  sharc_op_erase(module);
}

int main(void) {
  sharc_context *ctx = sharc_context_create();
  CHECK(sharc_context_load_dialect(ctx, "sdy"));
  test_walks(ctx);
  test_symbol_uses(ctx);
  sharc_context_destroy(ctx);
  return check_summary("attr_walk");
}
