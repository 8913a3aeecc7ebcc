/* The set algebra of MPMD mesh inference (sets of meshes with origins, the
 * wildcard mesh, unspecified sets) checked on its own, as Shardy checks
 * MeshesWithOrigins, since the passes only reach some cases of it. */
#include "check.h"
#include "sharc/asm.h"
#include "sharc/ir.h"
#include "sharc/mpmd.h"

#include <stdlib.h>
#include <string.h>

#include "transforms/mpmd/import/mesh_inference.h"

static sharc_context *ctx;

/* A set from the text of a #mpmd.meshes_with_origins; NULL text: unspecified. */
static void set_of(sharc_mesh_set *s, const char *text) {
  memset(s, 0, sizeof *s);
  if (!text)
    return;
  sharc_attr *a = sharc_parse_attr_text(ctx, (sharc_str){text, strlen(text)});
  CHECK(a != NULL);
  sharc_mesh_set_from_attr(s, a);
}

/* The set printed back as an attribute; "<unspecified>" for no attribute. */
static char *text_of(const sharc_mesh_set *s) {
  sharc_attr *a = sharc_mesh_set_to_attr(ctx, s);
  sharc_buf out = {0};
  if (!a)
    sharc_buf_printf(&out, "<unspecified>");
  else
    sharc_print_attr(a, &out);
  return out.data;
}

#define M(body) "#mpmd.meshes_with_origins<" body ">"

static void check_op(const char *a, const char *b, bool intersect, const char *want) {
  sharc_mesh_set x, y;
  set_of(&x, a);
  set_of(&y, b);
  if (intersect)
    sharc_mesh_set_intersect(&x, &y);
  else
    sharc_mesh_set_union(&x, &y);
  char *got = text_of(&x);
  CHECK_STR(got, want);
  free(got);
  sharc_mesh_set_free(&x);
  sharc_mesh_set_free(&y);
}

static void test_union(void) {
  /* origins of a mesh in both are merged, in first-seen order; new meshes go last */
  check_op(M("\"m1\"[\"a\"], \"m2\""), M("\"m3\"[\"c\"], \"m1\"[\"b\", \"a\"]"), false,
           M("\"m1\"[\"a\", \"b\"], \"m2\", \"m3\"[\"c\"]"));
  /* an unspecified operand is ignored; an unspecified set takes the other */
  check_op(M("\"m1\""), NULL, false, M("\"m1\""));
  check_op(NULL, M("\"m2\"[\"x\"]"), false, M("\"m2\"[\"x\"]"));
  check_op(NULL, NULL, false, "<unspecified>");
  /* the wildcard stays apart and its origins accumulate */
  check_op(M("\"m1\", \"*\"[\"w1\"]"), M("\"*\"[\"w2\"]"), false,
           M("\"m1\", \"*\"[\"w1\", \"w2\"]"));
  /* the empty set is specified */
  check_op(M(""), M("\"m1\""), false, M("\"m1\""));
}

static void test_intersect(void) {
  check_op(M("\"m1\"[\"a\"], \"m2\"[\"b\"]"), M("\"m2\"[\"c\"], \"m3\""), true,
           M("\"m2\"[\"b\", \"c\"]"));
  /* disjoint: specified and empty, never unspecified */
  check_op(M("\"m1\""), M("\"m2\""), true, M(""));
  /* unspecified means every mesh */
  check_op(M("\"m1\""), NULL, true, M("\"m1\""));
  check_op(NULL, M("\"m1\", \"*\"[\"w\"]"), true, M("\"m1\", \"*\"[\"w\"]"));
  /* the other's wildcard keeps our meshes, which take its origins; the
   * wildcard only one side has goes */
  check_op(M("\"m1\"[\"a\"], \"m2\""), M("\"m2\"[\"b\"], \"*\"[\"w\"]"), true,
           M("\"m1\"[\"a\", \"w\"], \"m2\"[\"b\"]"));
  /* our wildcard admits the other's meshes, with our wildcard origins */
  check_op(M("\"m1\", \"*\"[\"w\"]"), M("\"m1\"[\"a\"], \"m3\"[\"c\"]"), true,
           M("\"m1\"[\"a\"], \"m3\"[\"c\", \"w\"]"));
  /* both wildcards: origins joined */
  check_op(M("\"*\"[\"w1\"]"), M("\"m1\", \"*\"[\"w2\"]"), true,
           M("\"m1\"[\"w1\"], \"*\"[\"w1\", \"w2\"]"));
}

static void test_queries(void) {
  sharc_mesh_set a, b, u;
  set_of(&a, M("\"m2\"[\"x\"], \"m1\", \"*\"[\"w\"]"));
  set_of(&b, M("\"m1\", \"*\"[\"v\"], \"m2\""));
  set_of(&u, NULL);
  CHECK(sharc_mesh_set_size(&a) == 2);
  CHECK(sharc_mesh_set_size(&u) == -1);
  CHECK(!sharc_mesh_set_empty(&a));
  CHECK(!sharc_mesh_set_empty(&u));
  CHECK(sharc_mesh_set_contains(&a, sharc_ident_get(ctx, SHARC_STR("m1"))));
  CHECK(!sharc_mesh_set_contains(&a, sharc_ident_get(ctx, SHARC_STR("m3"))));
  CHECK(sharc_mesh_set_same_meshes(&a, &b));
  sharc_mesh_set c;
  set_of(&c, M("\"m1\", \"m2\""));
  CHECK(!sharc_mesh_set_same_meshes(&a, &c)); /* the wildcard counts as a mesh */
  sharc_buf names = {0};
  sharc_mesh_set_print_names(&a, ",", &names);
  CHECK_STR(names.data, "m2,m1");
  sharc_buf_free(&names);
  sharc_mesh_set empty;
  set_of(&empty, M(""));
  CHECK(sharc_mesh_set_empty(&empty));
  CHECK(sharc_mesh_set_size(&empty) == 0);
  CHECK(sharc_mesh_set_same_meshes(&empty, &u)); /* both have no names */
  sharc_mesh_set_free(&a);
  sharc_mesh_set_free(&b);
  sharc_mesh_set_free(&c);
  sharc_mesh_set_free(&u);
  sharc_mesh_set_free(&empty);
}

static const char *prioritized(const char *set, const char *const *preferred, unsigned n) {
  sharc_mesh_set s;
  set_of(&s, set);
  sharc_ident *pref[4];
  for (unsigned i = 0; i < n; i++)
    pref[i] = sharc_ident_get(ctx, (sharc_str){preferred[i], strlen(preferred[i])});
  sharc_ident *m = sharc_mesh_set_prioritized(&s, pref, n);
  sharc_mesh_set_free(&s);
  return m ? sharc_ident_str(m).data : "<none>";
}

static void test_prioritized(void) {
  /* the smallest name, not the first */
  CHECK_STR(prioritized(M("\"m3\", \"m1\", \"m2\""), NULL, 0), "m1");
  /* a mesh only there for a broadcast input comes last */
  CHECK_STR(prioritized(M("\"m1\"[\"broadcast_in\"], \"m2\"[\"x\"]"), NULL, 0), "m2");
  CHECK_STR(prioritized(M("\"m2\"[\"broadcast_in\"], \"m1\"[\"broadcast_in\"]"), NULL, 0), "m1");
  /* preferred meshes first, the wildcard admitting any of them */
  const char *pref[] = {"m3", "m2"};
  CHECK_STR(prioritized(M("\"m1\", \"m2\""), pref, 2), "m2");
  CHECK_STR(prioritized(M("\"m1\", \"*\"[\"w\"]"), pref, 2), "m2");
  const char *pref9[] = {"m9"};
  CHECK_STR(prioritized(M("\"m4\", \"m1\""), pref9, 1), "m1");
  CHECK_STR(prioritized(M(""), NULL, 0), "<none>");
}

static void test_copy_and_insert(void) {
  sharc_mesh_set a, b = {0};
  set_of(&a, M("\"m1\"[\"a\"], \"*\"[\"w\"]"));
  sharc_mesh_set_copy(&b, &a);
  sharc_mesh_set_insert_mesh(&b, sharc_ident_get(ctx, SHARC_STR("m2")), NULL);
  sharc_mesh_set_insert_mesh(&b, sharc_ident_get(ctx, SHARC_STR("m1")),
                             sharc_mpmd_origin(ctx, SHARC_STR("b")));
  sharc_mesh_set_insert_mesh(&b, sharc_ident_get(ctx, SHARC_STR("m1")),
                             sharc_mpmd_origin(ctx, SHARC_STR("a")));
  char *ta = text_of(&a), *tb = text_of(&b);
  CHECK_STR(ta, M("\"m1\"[\"a\"], \"*\"[\"w\"]")); /* the copy is deep */
  CHECK_STR(tb, M("\"m1\"[\"a\", \"b\"], \"m2\", \"*\"[\"w\"]"));
  free(ta);
  free(tb);
  /* inserting into an unspecified set specifies it */
  sharc_mesh_set u;
  set_of(&u, NULL);
  sharc_mesh_set_insert_mesh(&u, sharc_ident_get(ctx, SHARC_STR("m5")), NULL);
  char *tu = text_of(&u);
  CHECK_STR(tu, M("\"m5\""));
  free(tu);
  /* an absent use set is the empty set, not every mesh */
  sharc_mesh_set e = {0};
  sharc_mesh_set_use_set_from_attr(&e, NULL);
  CHECK(sharc_mesh_set_empty(&e));
  sharc_mesh_set_free(&a);
  sharc_mesh_set_free(&b);
  sharc_mesh_set_free(&u);
  sharc_mesh_set_free(&e);
}

int main(void) {
  ctx = sharc_context_create();
  sharc_context_load_dialect(ctx, "mpmd");
  test_union();
  test_intersect();
  test_queries();
  test_prioritized();
  test_copy_and_insert();
  sharc_context_destroy(ctx);
  return check_summary("test_mpmd_mesh_inference");
}
