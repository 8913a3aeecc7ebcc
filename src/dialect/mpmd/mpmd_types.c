/* mpmd's type and attributes: construction, accessors, and the syntax
 * Shardy's generated and hand-written parsers/printers accept and produce
 * (`!mpmd.mesh_tensor<...>`, `#mpmd.topology<...>`, origins, reductions). */
#include "asm/parser_impl.h"
#include "dialect/mpmd/mpmd_internal.h"
#include "dialect/sdy/sdy_attrs.h"
#include "support/xalloc.h"

#include <stdlib.h>
#include <string.h>

static const char *const reduction_names[SHARC_MPMD_REDUCE_COUNT] = {"none", "add", "max", "min",
                                                                     "mul",  "or",  "and"};

static sharc_str ident_word(uintptr_t w) { return sharc_ident_str((const sharc_ident *)w); }

static uintptr_t ident_of(sharc_context *ctx, sharc_str s) {
  return (uintptr_t)sharc_ident_get(ctx, s);
}

static bool is_dialect_attr(const sharc_attr *a, const sharc_attr_def *def) {
  return a && a->kind == SHARC_ATTR_DIALECT && sharc_attr_def_of(a) == def;
}

/* ---- sub-elements ------------------------------------------------------------ */

static void report_attr_words(const uintptr_t *w, unsigned n, const sharc_subelement_fns *f) {
  for (unsigned i = 0; i < n; i++)
    if (w[i] && f->attr)
      f->attr((sharc_attr *)w[i], f->user);
}

/* Dialect attributes whose words are all attributes (topology, meshes
 * with origins). */
static void walk_all_words(const sharc_attr *a, const sharc_subelement_fns *f) {
  report_attr_words(a->params.words, a->params.n, f);
}

/* Named mesh, mesh with origins: a leading identifier, then attributes. */
static void walk_after_name(const sharc_attr *a, const sharc_subelement_fns *f) {
  report_attr_words(a->params.words + 1, a->params.n - 1, f);
}

/* User origin: the name as a string attribute, then a count. */
static void walk_first_word(const sharc_attr *a, const sharc_subelement_fns *f) {
  report_attr_words(a->params.words, 1, f);
}

/* ---- mesh tensor ----------------------------------------------------------- */
enum { MT_MESH, MT_TENSOR, MT_SHARDING, MT_MEMORY_KIND, MT_WORDS };

/* The global tensor type, the sharding and the memory kind. */
static void walk_mesh_tensor(const sharc_type *t, const sharc_subelement_fns *f) {
  if (f->type)
    f->type((sharc_type *)t->params.words[MT_TENSOR], f->user);
  report_attr_words(t->params.words + MT_SHARDING, 2, f);
}

sharc_type *sharc_mpmd_mesh_tensor(sharc_context *ctx, sharc_str mesh_name, sharc_type *tensor,
                                   sharc_attr *sharding, sharc_attr *memory_kind) {
  return sharc_mpmd_mesh_tensor_of(ctx, sharc_ident_get(ctx, mesh_name), tensor, sharding,
                                   memory_kind);
}

sharc_type *sharc_mpmd_mesh_tensor_of(sharc_context *ctx, sharc_ident *mesh, sharc_type *tensor,
                                      sharc_attr *sharding, sharc_attr *memory_kind) {
  uintptr_t w[MT_WORDS] = {(uintptr_t)mesh, (uintptr_t)tensor, (uintptr_t)sharding,
                           (uintptr_t)memory_kind};
  return sharc_type_dialect(ctx, &sharc_mpmd_mesh_tensor_def, w, MT_WORDS);
}

bool sharc_mpmd_is_mesh_tensor(const sharc_type *t) {
  return t && t->kind == SHARC_TYPE_DIALECT && t->def == &sharc_mpmd_mesh_tensor_def;
}

sharc_str sharc_mpmd_mesh_tensor_mesh_name(const sharc_type *t) {
  return ident_word(t->params.words[MT_MESH]);
}

sharc_ident *sharc_mpmd_mesh_tensor_mesh(const sharc_type *t) {
  return (sharc_ident *)t->params.words[MT_MESH];
}

sharc_type *sharc_mpmd_mesh_tensor_global_type(const sharc_type *t) {
  return (sharc_type *)t->params.words[MT_TENSOR];
}

sharc_attr *sharc_mpmd_mesh_tensor_sharding(const sharc_type *t) {
  return (sharc_attr *)t->params.words[MT_SHARDING];
}

sharc_attr *sharc_mpmd_mesh_tensor_memory_kind(const sharc_type *t) {
  return (sharc_attr *)t->params.words[MT_MEMORY_KIND];
}

static void print_mesh_tensor(sharc_printer *p, const sharc_type *t) {
  SHARC_PR_LIT(p, "<");
  sharc_mpmd_print_raw_quoted(p, sharc_mpmd_mesh_tensor_mesh_name(t)); /* unescaped, as Shardy */
  SHARC_PR_LIT(p, ", ");
  sharc_pr_type(p, sharc_mpmd_mesh_tensor_global_type(t));
  const sharc_attr *sharding = sharc_mpmd_mesh_tensor_sharding(t);
  if (sharding) {
    SHARC_PR_LIT(p, ", sharding=");
    sharc_sdy_print_tensor_sharding(p, sharding);
  }
  const sharc_attr *kind = sharc_mpmd_mesh_tensor_memory_kind(t);
  if (kind) {
    SHARC_PR_LIT(p, ", memory_kind=");
    sharc_pr_attr(p, kind);
  }
  SHARC_PR_LIT(p, ">");
}

/* A mesh tensor is shaped like its global tensor (ShapedTypeInterface). */
static sharc_type *mesh_tensor_shaped_as(const sharc_type *t) {
  return sharc_mpmd_mesh_tensor_global_type(t);
}

const sharc_type_def sharc_mpmd_mesh_tensor_def = {
    .name = "mesh_tensor",
    .dialect = &sharc_mpmd_dialect,
    .print = print_mesh_tensor,
    .shaped_as = mesh_tensor_shaped_as,
    .walk = walk_mesh_tensor,
};

/* MLIR captures a dialect symbol's `<...>` whole before the dialect parses
 * it, so an unbalanced body is reported before anything inside it. */
static bool check_balanced_body(sharc_parser *p, sharc_str mnemonic) {
  if (!sharc_tok_is(&p->tok, '<') || p->tok.start != mnemonic.data + mnemonic.len)
    return true;
  sharc_lexer saved_lx = p->lx;
  sharc_token saved_tok = p->tok;
  sharc_str body;
  if (!sharc_p_capture_angle_body(p, &body))
    return false;
  p->lx = saved_lx;
  p->tok = saved_tok;
  return true;
}


/* `memory_kind="..." >`: always the last parameter. */
static bool parse_memory_kind(sharc_parser *p, sharc_attr **out) {
  return sharc_p_expect_keyword(p, "memory_kind") && sharc_p_expect(p, '=') &&
         sharc_p_parse_untyped_string_attr(p, out) && sharc_p_expect(p, '>');
}

static sharc_type *parse_mesh_tensor(sharc_parser *p) {
  sharc_attr *name, *sharding = NULL, *kind = NULL;
  sharc_type *tensor;
  if (!sharc_p_expect(p, '<') || !sharc_p_parse_untyped_string_attr(p, &name) || !sharc_p_expect(p, ','))
    return NULL;
  sharc_token at = p->tok;
  if (!sharc_p_parse_type(p, &tensor))
    return NULL;
  if (sharc_type_get_kind(tensor) != SHARC_TYPE_TENSOR) {
    sharc_p_error_at(p, &at, "invalid kind of type specified");
    return NULL;
  }
  bool ok = true;
  if (!sharc_p_eat(p, '>')) {
    ok = sharc_p_expect(p, ',');
    if (ok && sharc_p_eat_keyword(p, "sharding")) {
      ok =
          sharc_p_expect(p, '=') && sharc_p_parse_attr_with_fallback(p, &sharc_sdy_tensor_sharding_def,
                                                        sharc_sdy_parse_tensor_sharding, &sharding);
      if (ok && sharc_p_eat(p, ','))
        ok = parse_memory_kind(p, &kind);
      else if (ok)
        ok = sharc_p_expect(p, '>');
    } else if (ok) {
      ok = parse_memory_kind(p, &kind);
    }
  }
  if (!ok)
    return NULL;
  return sharc_mpmd_mesh_tensor(p->ctx, sharc_attr_string_value(name), tensor, sharding, kind);
}

sharc_type *sharc_mpmd_parse_type(sharc_parser *p, sharc_str mnemonic) {
  if (!check_balanced_body(p, mnemonic))
    return NULL;
  if (sharc_str_eq_cstr(mnemonic, "mesh_tensor"))
    return parse_mesh_tensor(p);
  sharc_p_error(p, "unknown  type `%.*s` in dialect `mpmd`", (int)mnemonic.len, mnemonic.data);
  return NULL;
}

/* ---- named mesh and topology ----------------------------------------------- */

sharc_attr *sharc_mpmd_named_mesh(sharc_context *ctx, sharc_str name, sharc_attr *sdy_mesh) {
  uintptr_t w[2] = {ident_of(ctx, name), (uintptr_t)sdy_mesh};
  return sharc_attr_dialect(ctx, &sharc_mpmd_named_mesh_def, w, 2, NULL);
}

sharc_str sharc_mpmd_named_mesh_name(const sharc_attr *a) { return ident_word(a->params.words[0]); }

sharc_attr *sharc_mpmd_named_mesh_mesh(const sharc_attr *a) {
  return (sharc_attr *)a->params.words[1];
}

/* `<"m" : <["x"=2]>>`: the named mesh without its `#mpmd.named_mesh` prefix. */
static void print_named_mesh_body(sharc_printer *p, const sharc_attr *a) {
  SHARC_PR_LIT(p, "<");
  sharc_pr_string(p, sharc_mpmd_named_mesh_name(a));
  SHARC_PR_LIT(p, " : ");
  sharc_sdy_print_mesh(p, sharc_mpmd_named_mesh_mesh(a));
  SHARC_PR_LIT(p, ">");
}

static bool parse_named_mesh_body(sharc_parser *p, sharc_attr **out) {
  sharc_str name;
  sharc_attr *mesh;
  if (!sharc_p_expect(p, '<') || !sharc_p_parse_string(p, &name) || !sharc_p_expect(p, ':') ||
      !sharc_p_parse_attr_with_fallback(p, &sharc_sdy_mesh_def, sharc_sdy_parse_mesh, &mesh) ||
      !sharc_p_expect(p, '>'))
    return false;
  *out = sharc_mpmd_named_mesh(p->ctx, name, mesh);
  return true;
}

const sharc_attr_def sharc_mpmd_named_mesh_def = {
    .name = "named_mesh",
    .dialect = &sharc_mpmd_dialect,
    .print = print_named_mesh_body,
    .walk = walk_after_name,
};

/* Dialect attributes whose words are just a list of element attributes. */
static sharc_attr *attr_list(sharc_context *ctx, const sharc_attr_def *def,
                             sharc_attr *const *elems, unsigned n) {
  return sharc_attr_dialect(ctx, def, (const uintptr_t *)elems, n, NULL);
}

sharc_attr *sharc_mpmd_topology(sharc_context *ctx, sharc_attr *const *named_meshes, unsigned n) {
  return attr_list(ctx, &sharc_mpmd_topology_def, named_meshes, n);
}

bool sharc_mpmd_is_topology(const sharc_attr *a) {
  return is_dialect_attr(a, &sharc_mpmd_topology_def);
}

unsigned sharc_mpmd_topology_num_meshes(const sharc_attr *a) { return a->params.n; }

sharc_attr *sharc_mpmd_topology_mesh_at(const sharc_attr *a, unsigned i) {
  return (sharc_attr *)a->params.words[i];
}

/* Every op on a mesh looks its mesh up (verifiers, passes), so the same
 * (topology, name) pairs come back all the time: where each was found is
 * remembered in a small cache, keyed by the topology and the name's text
 * pointer (names come from uniqued attributes), and checked on every hit,
 * so that an entry left by a topology freed with its context is only a
 * miss. Without it a program on N meshes pays N per op. */
typedef struct topology_hit {
  const sharc_attr *topology;
  const char *name;
  size_t len;
  unsigned index;
} topology_hit;

#define TOPOLOGY_HITS 1024
static _Thread_local topology_hit topology_hits[TOPOLOGY_HITS];

static bool is_mesh_named(const sharc_attr *topology, unsigned i, sharc_str name) {
  return i < topology->params.n &&
         sharc_str_eq(sharc_mpmd_named_mesh_name(sharc_mpmd_topology_mesh_at(topology, i)), name);
}

sharc_attr *sharc_mpmd_topology_lookup(const sharc_attr *topology, sharc_str name) {
  uintptr_t h = ((uintptr_t)topology >> 4) * 31 + ((uintptr_t)name.data >> 3) * 17 + name.len;
  topology_hit *hit = &topology_hits[(h ^ (h >> 10)) % TOPOLOGY_HITS];
  if (hit->topology == topology && hit->name == name.data && hit->len == name.len &&
      is_mesh_named(topology, hit->index, name))
    return sharc_mpmd_named_mesh_mesh(sharc_mpmd_topology_mesh_at(topology, hit->index));
  for (unsigned i = 0; i < topology->params.n; i++) {
    if (!is_mesh_named(topology, i, name))
      continue;
    *hit = (topology_hit){topology, name.data, name.len, i};
    return sharc_mpmd_named_mesh_mesh(sharc_mpmd_topology_mesh_at(topology, i));
  }
  return NULL;
}

/* Each element printed stripped, comma separated, as ODS prints array parameters. */
static void print_elems(sharc_printer *p, const sharc_attr *a,
                        void (*print_elem)(sharc_printer *, const sharc_attr *)) {
  for (unsigned i = 0; i < a->params.n; i++) {
    if (i)
      SHARC_PR_LIT(p, ", ");
    print_elem(p, (const sharc_attr *)a->params.words[i]);
  }
}

static void print_topology(sharc_printer *p, const sharc_attr *a) {
  SHARC_PR_LIT(p, "<");
  print_elems(p, a, print_named_mesh_body);
  SHARC_PR_LIT(p, ">");
}

const sharc_attr_def sharc_mpmd_topology_def = {
    .name = "topology",
    .dialect = &sharc_mpmd_dialect,
    .print = print_topology,
    .walk = walk_all_words,
};

/* An element either in full (`#mpmd.x<...>`) or stripped. */
static bool parse_named_mesh_elem(sharc_parser *p, sharc_attr **out) {
  return sharc_p_parse_attr_with_fallback(p, &sharc_mpmd_named_mesh_def, parse_named_mesh_body, out);
}

static sharc_attr *parse_topology(sharc_parser *p) {
  sharc_ptrvec meshes = {0};
  sharc_token at = p->tok;
  sharc_attr *a = NULL;
  if (sharc_p_expect(p, '<') && sharc_p_parse_attr_comma_list(p, SHARC_P_DELIM_NONE, parse_named_mesh_elem, &meshes, NULL) &&
      sharc_p_expect(p, '>')) {
    if (meshes.len == 0)
      sharc_p_error_at(p, &at, "TopologyAttr must have at least one mesh.");
    else
      a = sharc_mpmd_topology(p->ctx, (sharc_attr *const *)meshes.items, meshes.len);
  }
  sharc_ptrvec_free(&meshes);
  return a;
}

/* ---- user origin ------------------------------------------------------------ */

sharc_attr *sharc_mpmd_user_origin(sharc_context *ctx, sharc_str name, int64_t transpose_count) {
  uintptr_t w[2] = {(uintptr_t)sharc_attr_string(ctx, name), (uintptr_t)transpose_count};
  return sharc_attr_dialect(ctx, &sharc_mpmd_user_origin_def, w, 2, NULL);
}

bool sharc_mpmd_is_user_origin(const sharc_attr *a) {
  return is_dialect_attr(a, &sharc_mpmd_user_origin_def);
}

sharc_str sharc_mpmd_user_origin_name(const sharc_attr *a) {
  return sharc_attr_string_value((const sharc_attr *)a->params.words[0]);
}

int64_t sharc_mpmd_user_origin_transpose_count(const sharc_attr *a) {
  return (int64_t)a->params.words[1];
}

void sharc_mpmd_print_raw_quoted(sharc_printer *p, sharc_str s) {
  SHARC_PR_LIT(p, "\"");
  sharc_pr_put_str(p, s);
  SHARC_PR_LIT(p, "\"");
}

void sharc_mpmd_print_user_origin_short(sharc_printer *p, const sharc_attr *origin, bool raw) {
  sharc_str name = sharc_mpmd_user_origin_name(origin);
  if (raw)
    sharc_mpmd_print_raw_quoted(p, name);
  else
    sharc_pr_string(p, name);
  int64_t count = sharc_mpmd_user_origin_transpose_count(origin);
  if (count > 0)
    sharc_buf_printf(p->out, "(%lld)", (long long)count);
}

/* The optional `(N)` after a user origin's name. */
static bool parse_transpose_count(sharc_parser *p, int64_t *count) {
  *count = 0;
  if (!sharc_p_eat(p, '('))
    return true;
  if (p->tok.kind == TOK_INTEGER && sharc_p_parse_int(p, count) && sharc_p_eat(p, ')'))
    return true;
  return sharc_p_error(p, "could not parse transpose count value.");
}

bool sharc_mpmd_parse_user_origin_short(sharc_parser *p, sharc_attr **out) {
  sharc_str name;
  int64_t count;
  if (p->tok.kind != TOK_STRING) {
    sharc_p_error(p, "expected string");
    return sharc_p_error(p, "could not parse user origin.");
  }
  if (!sharc_p_parse_string(p, &name) || !parse_transpose_count(p, &count))
    return sharc_p_error(p, "could not parse user origin.");
  *out = sharc_mpmd_user_origin(p->ctx, name, count);
  return true;
}

static void print_user_origin(sharc_printer *p, const sharc_attr *a) {
  SHARC_PR_LIT(p, "<");
  sharc_mpmd_print_user_origin_short(p, a, false);
  SHARC_PR_LIT(p, ">");
}

const sharc_attr_def sharc_mpmd_user_origin_def = {
    .name = "user_origin",
    .dialect = &sharc_mpmd_dialect,
    .print = print_user_origin,
    .walk = walk_first_word,
};

static sharc_attr *parse_user_origin(sharc_parser *p) {
  sharc_str name;
  int64_t count;
  if (!sharc_p_expect(p, '<') || !sharc_p_parse_string(p, &name) ||
      !parse_transpose_count(p, &count) || !sharc_p_expect(p, '>'))
    return NULL;
  return sharc_mpmd_user_origin(p->ctx, name, count);
}

/* ---- origins and meshes with origins ----------------------------------------- */

sharc_attr *sharc_mpmd_origin(sharc_context *ctx, sharc_str label) {
  uintptr_t w = ident_of(ctx, label);
  return sharc_attr_dialect(ctx, &sharc_mpmd_origin_def, &w, 1, NULL);
}

sharc_str sharc_mpmd_origin_label(const sharc_attr *a) { return ident_word(a->params.words[0]); }

static void print_origin(sharc_printer *p, const sharc_attr *a) {
  sharc_pr_string(p, sharc_mpmd_origin_label(a));
}

const sharc_attr_def sharc_mpmd_origin_def = {
    .name = "origin",
    .dialect = &sharc_mpmd_dialect,
    .print = print_origin,
};

static bool parse_origin_body(sharc_parser *p, sharc_attr **out) {
  sharc_str label;
  if (!sharc_p_parse_string(p, &label))
    return false;
  *out = sharc_mpmd_origin(p->ctx, label);
  return true;
}

static bool parse_origin_elem(sharc_parser *p, sharc_attr **out) {
  return sharc_p_parse_attr_with_fallback(p, &sharc_mpmd_origin_def, parse_origin_body, out);
}

/* Words: the mesh name, then the origins. */
sharc_attr *sharc_mpmd_mesh_with_origins(sharc_context *ctx, sharc_str mesh_name,
                                         sharc_attr *const *origins, unsigned n) {
  return sharc_mpmd_mesh_with_origins_of(ctx, sharc_ident_get(ctx, mesh_name), origins, n);
}

sharc_attr *sharc_mpmd_mesh_with_origins_of(sharc_context *ctx, sharc_ident *mesh,
                                            sharc_attr *const *origins, unsigned n) {
  uintptr_t small[8], *w = n + 1 <= 8 ? small : sharc_xmalloc_array(n + 1, sizeof *w);
  w[0] = (uintptr_t)mesh;
  for (unsigned i = 0; i < n; i++)
    w[i + 1] = (uintptr_t)origins[i];
  sharc_attr *a = sharc_attr_dialect(ctx, &sharc_mpmd_mesh_with_origins_def, w, n + 1, NULL);
  if (w != small)
    free(w);
  return a;
}

sharc_str sharc_mpmd_mesh_with_origins_name(const sharc_attr *a) {
  return ident_word(a->params.words[0]);
}

sharc_ident *sharc_mpmd_mesh_with_origins_mesh(const sharc_attr *a) {
  return (sharc_ident *)a->params.words[0];
}

unsigned sharc_mpmd_mesh_with_origins_count(const sharc_attr *a) { return a->params.n - 1; }

sharc_attr *sharc_mpmd_mesh_with_origins_at(const sharc_attr *a, unsigned i) {
  return (sharc_attr *)a->params.words[i + 1];
}

static void print_mesh_with_origins(sharc_printer *p, const sharc_attr *a) {
  sharc_pr_string(p, sharc_mpmd_mesh_with_origins_name(a));
  unsigned n = sharc_mpmd_mesh_with_origins_count(a);
  if (!n)
    return;
  SHARC_PR_LIT(p, "[");
  for (unsigned i = 0; i < n; i++) {
    if (i)
      SHARC_PR_LIT(p, ", ");
    print_origin(p, sharc_mpmd_mesh_with_origins_at(a, i));
  }
  SHARC_PR_LIT(p, "]");
}

const sharc_attr_def sharc_mpmd_mesh_with_origins_def = {
    .name = "mesh_with_origins",
    .dialect = &sharc_mpmd_dialect,
    .print = print_mesh_with_origins,
    .walk = walk_after_name,
};

static bool parse_mesh_with_origins_body(sharc_parser *p, sharc_attr **out) {
  sharc_str name;
  if (!sharc_p_parse_string(p, &name))
    return false;
  sharc_ptrvec origins = {0};
  bool ok = true;
  if (sharc_p_eat(p, '['))
    ok = sharc_p_parse_attr_comma_list(p, SHARC_P_DELIM_NONE, parse_origin_elem, &origins, NULL) && sharc_p_expect(p, ']');
  if (ok)
    *out =
        sharc_mpmd_mesh_with_origins(p->ctx, name, (sharc_attr *const *)origins.items, origins.len);
  sharc_ptrvec_free(&origins);
  return ok;
}

static bool parse_mesh_with_origins_elem(sharc_parser *p, sharc_attr **out) {
  return sharc_p_parse_attr_with_fallback(p, &sharc_mpmd_mesh_with_origins_def, parse_mesh_with_origins_body,
                             out);
}

sharc_attr *sharc_mpmd_meshes_with_origins(sharc_context *ctx, sharc_attr *const *elems,
                                           unsigned n) {
  return attr_list(ctx, &sharc_mpmd_meshes_with_origins_def, elems, n);
}

unsigned sharc_mpmd_meshes_with_origins_count(const sharc_attr *a) { return a->params.n; }

sharc_attr *sharc_mpmd_meshes_with_origins_at(const sharc_attr *a, unsigned i) {
  return (sharc_attr *)a->params.words[i];
}

static void print_meshes_with_origins(sharc_printer *p, const sharc_attr *a) {
  SHARC_PR_LIT(p, "<");
  print_elems(p, a, print_mesh_with_origins);
  SHARC_PR_LIT(p, ">");
}

const sharc_attr_def sharc_mpmd_meshes_with_origins_def = {
    .name = "meshes_with_origins",
    .dialect = &sharc_mpmd_dialect,
    .print = print_meshes_with_origins,
    .walk = walk_all_words,
};

static sharc_attr *parse_meshes_with_origins(sharc_parser *p) {
  if (!sharc_p_expect(p, '<'))
    return NULL;
  sharc_ptrvec elems = {0};
  bool ok = sharc_p_eat(p, '>') ||
            (sharc_p_parse_attr_comma_list(p, SHARC_P_DELIM_NONE, parse_mesh_with_origins_elem,
                                           &elems, NULL) &&
             sharc_p_expect(p, '>'));
  sharc_attr *a =
      ok ? sharc_mpmd_meshes_with_origins(p->ctx, (sharc_attr *const *)elems.items, elems.len)
         : NULL;
  sharc_ptrvec_free(&elems);
  return a;
}

/* ---- reduction ---------------------------------------------------------------- */

sharc_attr *sharc_mpmd_reduction(sharc_context *ctx, sharc_mpmd_reduction_kind kind) {
  uintptr_t w = (uintptr_t)kind;
  return sharc_attr_dialect(ctx, &sharc_mpmd_reduction_def, &w, 1, NULL);
}

bool sharc_mpmd_is_reduction(const sharc_attr *a) {
  return is_dialect_attr(a, &sharc_mpmd_reduction_def);
}

sharc_mpmd_reduction_kind sharc_mpmd_reduction_get(const sharc_attr *a) {
  return (sharc_mpmd_reduction_kind)a->params.words[0];
}

const char *sharc_mpmd_reduction_name(sharc_mpmd_reduction_kind kind) {
  return kind < SHARC_MPMD_REDUCE_COUNT ? reduction_names[kind] : "";
}

static void print_reduction(sharc_printer *p, const sharc_attr *a) {
  SHARC_PR_LIT(p, "<");
  sharc_pr_puts(p, sharc_mpmd_reduction_name(sharc_mpmd_reduction_get(a)));
  SHARC_PR_LIT(p, ">");
}

const sharc_attr_def sharc_mpmd_reduction_def = {
    .name = "reduction",
    .dialect = &sharc_mpmd_dialect,
    .print = print_reduction,
};

bool sharc_mpmd_parse_reduction_body(sharc_parser *p, sharc_attr **out) {
  if (!sharc_p_expect(p, '<'))
    return false;
  sharc_token at = p->tok;
  sharc_str kw;
  if (!sharc_p_parse_keyword(p, &kw, "expected keyword"))
    return false;
  for (unsigned k = 0; k < SHARC_MPMD_REDUCE_COUNT; k++)
    if (sharc_str_eq_cstr(kw, reduction_names[k])) {
      *out = sharc_mpmd_reduction(p->ctx, (sharc_mpmd_reduction_kind)k);
      return sharc_p_expect(p, '>');
    }
  return sharc_p_error_at(p, &at,
                          "expected ::mlir::mpmd::ReductionType to be one of: none, add, "
                          "max, min, mul, or, and");
}

/* ---- the dialect's attribute hook ----------------------------------------------- */

static sharc_attr *parse_with(sharc_parser *p, bool (*fn)(sharc_parser *, sharc_attr **)) {
  sharc_attr *a;
  return fn(p, &a) ? a : NULL;
}

static sharc_attr *parse_attr_by_mnemonic(sharc_parser *p, sharc_str mnemonic) {
  if (sharc_str_eq_cstr(mnemonic, "topology"))
    return parse_topology(p);
  if (sharc_str_eq_cstr(mnemonic, "named_mesh"))
    return parse_with(p, parse_named_mesh_body);
  if (sharc_str_eq_cstr(mnemonic, "user_origin"))
    return parse_user_origin(p);
  if (sharc_str_eq_cstr(mnemonic, "origin"))
    return parse_with(p, parse_origin_body);
  if (sharc_str_eq_cstr(mnemonic, "mesh_with_origins"))
    return parse_with(p, parse_mesh_with_origins_body);
  if (sharc_str_eq_cstr(mnemonic, "meshes_with_origins"))
    return parse_meshes_with_origins(p);
  if (sharc_str_eq_cstr(mnemonic, "reduction"))
    return parse_with(p, sharc_mpmd_parse_reduction_body);
  sharc_token at = sharc_p_mnemonic_tok(p, mnemonic); /* ODS's default attribute parser */
  sharc_p_error_at(p, &at, "unknown attribute `%.*s` in dialect `mpmd`", (int)mnemonic.len,
                   mnemonic.data);
  return NULL;
}

/* `#mpmd.name<...>`, or `#mpmd<name...>` as MLIR prints bodies that are not
 * pretty (`#mpmd<origin"label">`). */
sharc_attr *sharc_mpmd_parse_attr(sharc_parser *p, sharc_str mnemonic, sharc_type *type) {
  (void)type;
  if (mnemonic.len)
    return check_balanced_body(p, mnemonic) ? parse_attr_by_mnemonic(p, mnemonic) : NULL;
  sharc_str name;
  if (!sharc_p_expect(p, '<') || !sharc_p_parse_keyword(p, &name, "expected attribute name"))
    return NULL;
  sharc_attr *a = parse_attr_by_mnemonic(p, name);
  return a && sharc_p_expect(p, '>') ? a : NULL;
}
