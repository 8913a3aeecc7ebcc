/* -mpmd-lower-to-fragment-calls: fragments become fragment calls of
 * functions. Fragments with the same mesh, arg/res attributes and body (up
 * to locations) form a group, numbered in program order, whose function
 * "p<id>_<name>.<module>" is made from the first one's body (with the
 * fragment's mesh as mesh_shape, the group's largest reserved_hbm_bytes,
 * the shardings of the fragment's types as argument and result shardings,
 * and manual computations pointed at an sdy.mesh of the fragment's mesh).
 * With verbose-logging, the programs each mesh executes are logged. */
#include "dialect/func/func.h"
#include "dialect/mpmd/mpmd_internal.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"
#include "ir/equivalence.h"
#include "pass/pass_registry.h"
#include "support/xalloc.h"
#include "transforms/mpmd/export/export_passes.h"
#include "sharc/sdy.h"
#include "support/log.h"
#include "transforms/mpmd/export/export_utils.h"
#include "transforms/mpmd/export/naming_utils.h"
#include "transforms/sdy/common/sharding_walker.h"

#include <stdlib.h>

#define SOURCE "shardy/dialect/mpmd/transforms/export/lower_to_fragment_calls.cc"
#define NAME_LIMIT 200

static const sharc_option_def options[] = {
    SHARC_OPTION(sharc_mpmd_lower_options, verbose_logging, "verbose-logging", SHARC_OPT_BOOL, "false",
                 "Whether to enable verbose logging"),
};

/* FragmentBodyEquivalenceBaseInfo::isEqual. */
static bool same_fragment(sharc_op *l, sharc_op *r) {
  if (l == r)
    return true;
  if (sharc_op_attr(l, "mesh_name") != sharc_op_attr(r, "mesh_name") ||
      sharc_op_attr(l, SHARC_MPMD_ARG_ATTRS) != sharc_op_attr(r, SHARC_MPMD_ARG_ATTRS) ||
      sharc_op_attr(l, SHARC_MPMD_RES_ATTRS) != sharc_op_attr(r, SHARC_MPMD_RES_ATTRS))
    return false;
  /* OperationEquivalence over the bodies, locations ignored */
  return sharc_region_equivalent(sharc_op_region(l, 0), sharc_op_region(r, 0));
}

static uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h * 0xff51afd7ed558ccdull;
}

typedef struct hasher {
  uint64_t h;
} hasher;

/* Each op's name, attributes and result types, not its operands: a
 * collision is settled by same_fragment. */
static sharc_walk_result hash_op(sharc_op *op, void *user) {
  hasher *hs = user;
  hs->h = mix(hs->h, (uint64_t)(uintptr_t)op->name);
  hs->h = mix(hs->h, (uint64_t)(uintptr_t)op->attrs);
  for (unsigned i = 0; i < op->num_results; i++)
    hs->h = mix(hs->h, (uint64_t)(uintptr_t)sharc_op_results_of(op)[i].type);
  return SHARC_WALK_ADVANCE;
}

static uint64_t fragment_hash(sharc_op *fragment) {
  hasher hs = {mix(0, (uint64_t)(uintptr_t)sharc_op_attr(fragment, "mesh_name"))};
  hs.h = mix(hs.h, (uint64_t)(uintptr_t)sharc_op_attr(fragment, SHARC_MPMD_ARG_ATTRS));
  hs.h = mix(hs.h, (uint64_t)(uintptr_t)sharc_op_attr(fragment, SHARC_MPMD_RES_ATTRS));
  sharc_walk_region(sharc_op_region(fragment, 0), SHARC_POST_ORDER, hash_op, &hs);
  return hs.h;
}

/* ---- groups ------------------------------------------------------------------------ */

typedef struct group {
  sharc_op *first;
  uint64_t hash;
  bool has_hbm;
  int64_t hbm;
  sharc_mpmd_call_site_vec sites;
  sharc_buf name; /* the function's name */
} group;

typedef struct lower_state {
  const sharc_mpmd_lower_options *opts;
  sharc_op *module;
  sharc_rewriter rw;
  bool all_forward;
  sharc_ptr_vec fragments;          /* in program order */
  SHARC_VEC(unsigned) group_of;     /* per fragment */
  SHARC_VEC(group) groups;
  unsigned *table;                  /* open addressing: 1 + group index, 0 empty */
  unsigned table_cap;
  bool failed;
} lower_state;

static void table_grow(lower_state *st) {
  unsigned cap = st->table_cap ? 2 * st->table_cap : 64;
  unsigned *t = sharc_xcalloc(cap, sizeof *t);
  for (unsigned g = 0; g < st->groups.len; g++) {
    unsigned i = (unsigned)st->groups.items[g].hash & (cap - 1);
    while (t[i])
      i = (i + 1) & (cap - 1);
    t[i] = g + 1;
  }
  free(st->table);
  st->table = t;
  st->table_cap = cap;
}

/* The group of an equivalent fragment met before, or a new one. */
static unsigned group_for(lower_state *st, sharc_op *fragment) {
  uint64_t h = fragment_hash(fragment);
  if (2 * (st->groups.len + 1) > st->table_cap)
    table_grow(st);
  unsigned i = (unsigned)h & (st->table_cap - 1);
  for (; st->table[i]; i = (i + 1) & (st->table_cap - 1)) {
    group *g = &st->groups.items[st->table[i] - 1];
    if (g->hash == h && same_fragment(g->first, fragment))
      return st->table[i] - 1;
  }
  group g = {.first = fragment, .hash = h};
  sharc_vec_push(&st->groups, g);
  st->table[i] = st->groups.len;
  return st->groups.len - 1;
}

static sharc_walk_result find_transposed(sharc_op *fragment, void *user) {
  (void)user;
  sharc_attr *origin = sharc_op_attr(fragment, "origin");
  for (unsigned i = 0; origin && i < sharc_attr_count(origin); i++)
    if (sharc_mpmd_user_origin_transpose_count(sharc_attr_at(origin, i)) != 0)
      return SHARC_WALK_INTERRUPT;
  return SHARC_WALK_ADVANCE;
}

static sharc_walk_result collect(sharc_op *fragment, void *user) {
  lower_state *st = user;
  sharc_attr *mesh = sharc_op_attr(fragment, "mesh_name");
  if (!sharc_mpmd_mesh_for_name(fragment, sharc_attr_string_value(mesh)))
    st->failed = true;
  sharc_vec_push(&st->fragments, fragment);
  unsigned g = group_for(st, fragment);
  sharc_vec_push(&st->group_of, g);
  group *gr = &st->groups.items[g];
  sharc_attr *hbm = sharc_op_attr(fragment, SHARC_MPMD_RESERVED_HBM_BYTES_ATTR);
  if (hbm && sharc_attr_get_kind(hbm) == SHARC_ATTR_INTEGER) {
    int64_t v = sharc_attr_int_value(hbm);
    if (!gr->has_hbm || v > gr->hbm)
      gr->hbm = v;
    gr->has_hbm = true;
  }
  sharc_attr *stage = sharc_op_attr(fragment, "stage_id");
  int64_t stage_id = stage ? sharc_attr_int_value(stage) : 0;
  sharc_buf name = {0};
  sharc_mpmd_full_name_from_metadata(sharc_op_attr(fragment, "origin"), stage ? &stage_id : NULL,
                                     st->all_forward, &name);
  int64_t counter = 0;
  bool has_counter = sharc_mpmd_call_counter(fragment, &counter);
  sharc_mpmd_call_site site = {name.data ? name.data : calloc(1, 1), has_counter,
                               (uint32_t)counter};
  sharc_vec_push(&gr->sites, site);
  return SHARC_WALK_ADVANCE;
}

/* GetModuleName: the module's name, or "main". */
static sharc_str module_name(sharc_op *module) {
  sharc_attr *name = sharc_op_attr(module, "sym_name");
  return name && sharc_attr_get_kind(name) == SHARC_ATTR_STRING ? sharc_attr_string_value(name)
                                                                : SHARC_STR("main");
}

/* "p<id>_<call-sites summary>" cut to 200 bytes, then "." and the module
 * name without its "jit_" prefix. */
static void name_groups(lower_state *st) {
  sharc_str module = module_name(st->module);
  if (sharc_str_starts_with(module, "jit_"))
    module = (sharc_str){module.data + 4, module.len - 4};
  for (unsigned g = 0; g < st->groups.len; g++) {
    group *gr = &st->groups.items[g];
    sharc_buf_printf(&gr->name, "p%u_", g);
    sharc_mpmd_call_sites_summary_name(&gr->sites, 1, &gr->name);
    sharc_mpmd_truncate_name(&gr->name, NAME_LIMIT);
    sharc_buf_putc(&gr->name, '.');
    sharc_buf_put_str(&gr->name, module);
  }
}

/* PrettyPrintUserOrigin: "[a, b(bwd)]". */
static void pretty_origins(const sharc_attr *origins, bool all_forward, sharc_buf *out) {
  sharc_buf_putc(out, '[');
  for (unsigned i = 0; origins && i < sharc_attr_count(origins); i++) {
    sharc_attr *o = sharc_attr_at(origins, i);
    if (i)
      SHARC_BUF_LIT(out, ", ");
    sharc_buf_put_str(out, sharc_mpmd_user_origin_name(o));
    if (all_forward)
      continue;
    int64_t t = sharc_mpmd_user_origin_transpose_count(o);
    if (t == 0)
      SHARC_BUF_LIT(out, "(fwd)");
    else if (t == 1)
      SHARC_BUF_LIT(out, "(bwd)");
    else
      sharc_buf_printf(out, "(TransposeCount=%lld)", (long long)t);
  }
  sharc_buf_putc(out, ']');
}

/* Step 3: the programs each mesh of main's topology executes. */
static bool log_schedule(lower_state *st) {
  sharc_op *main_func = sharc_symbol_lookup(st->module, SHARC_STR("main"));
  if (!main_func || !sharc_op_isa(main_func, &sharc_func_func_def))
    return true;
  sharc_attr *topology = sharc_mpmd_func_topology(main_func);
  if (!topology) {
    sharc_mpmd_error(main_func, "Check failed: IsMpmdFunction(func_op)");
    return false;
  }
  if (!st->opts->verbose_logging)
    return true;
  sharc_str module = module_name(st->module);
  for (unsigned m = 0; m < sharc_mpmd_topology_num_meshes(topology); m++) {
    sharc_str mesh = sharc_mpmd_named_mesh_name(sharc_mpmd_topology_mesh_at(topology, m));
    sharc_log(SHARC_LOG_INFO, SOURCE, 316,
              "Module %.*s on mesh %.*s will execute the following XLA programs:",
              (int)module.len, module.data, (int)mesh.len, mesh.data);
    for (unsigned f = 0; f < st->fragments.len; f++) {
      sharc_op *fragment = st->fragments.items[f];
      if (!sharc_str_eq(sharc_attr_string_value(sharc_op_attr(fragment, "mesh_name")), mesh))
        continue;
      sharc_buf line = {0};
      sharc_buf_printf(&line, "\t- %s from program with origins ",
                       st->groups.items[st->group_of.items[f]].name.data);
      pretty_origins(sharc_op_attr(fragment, "origin"), st->all_forward, &line);
      sharc_attr *stage = sharc_op_attr(fragment, "stage_id");
      if (stage)
        sharc_buf_printf(&line, ", stage id %lld", (long long)sharc_attr_int_value(stage));
      int64_t counter;
      if (sharc_mpmd_call_counter(fragment, &counter))
        sharc_buf_printf(&line, ", call counter %u", (uint32_t)counter);
      sharc_buf_putc(&line, '.');
      sharc_log(SHARC_LOG_INFO, SOURCE, 337, "%s", line.data);
      sharc_buf_free(&line);
    }
  }
  return true;
}

/* ---- functions --------------------------------------------------------------------- */

typedef struct mesh_rename {
  lower_state *st;
  sharc_str mesh;
  sharc_attr *mesh_attr;
  sharc_attr *ref; /* @mesh */
} mesh_rename;

/* An sdy.mesh named like the fragment's mesh, at the start of the module,
 * unless there is one. */
static void ensure_mesh_op(mesh_rename *mr) {
  sharc_op *existing = sharc_symbol_lookup(mr->st->module, mr->mesh);
  if (existing && sharc_op_isa(existing, &sharc_sdy_mesh_op_def))
    return;
  sharc_insert_point saved = mr->st->rw.ip;
  sharc_rw_set_block_start(&mr->st->rw, sharc_region_first_block(sharc_op_region(mr->st->module, 0)));
  sharc_rw_insert(&mr->st->rw, sharc_sdy_mesh_op_create(mr->st->rw.ctx, mr->mesh, mr->mesh_attr,
                                                        sharc_op_loc(mr->st->module)));
  mr->st->rw.ip = saved;
}

/* A sharding naming another mesh symbol now names the fragment's mesh. */
static sharc_attr *rename_mesh(sharc_attr *sharding, const sharc_sdy_sharding_site *site,
                               void *user) {
  (void)site;
  mesh_rename *mr = user;
  sharc_sdy_tensor_sharding_parts parts;
  sharc_sdy_tensor_sharding_parts_of(sharding, &parts);
  if (!parts.mesh_or_ref || sharc_attr_get_kind(parts.mesh_or_ref) != SHARC_ATTR_SYMBOL_REF ||
      sharc_str_eq(sharc_ident_str(sharc_attr_symbol_root(parts.mesh_or_ref)), mr->mesh))
    return sharding;
  ensure_mesh_op(mr);
  parts.mesh_or_ref = mr->ref;
  parts.reduction = SHARC_SDY_REDUCTION_SUM;
  return sharc_sdy_tensor_sharding_get(mr->st->rw.ctx, &parts);
}

static sharc_walk_result rename_in_manual_computation(sharc_op *op, void *user) {
  sharc_sdy_transform_shardings(op, rename_mesh, NULL, user);
  return SHARC_WALK_ADVANCE;
}

/* Each block's mpmd.return becomes a func.return. */
static void convert_terminators(lower_state *st, sharc_region *body) {
  sharc_ident *name = sharc_ident_get(st->rw.ctx, SHARC_STR("func.return"));
  for (sharc_block *b = sharc_region_first_block(body); b; b = sharc_block_next(b)) {
    sharc_op *ret = sharc_block_last_op(b);
    if (!ret)
      continue;
    sharc_ptr_vec operands = {0};
    for (unsigned i = 0; i < sharc_op_num_operands(ret); i++)
      sharc_vec_push(&operands, sharc_op_operand(ret, i));
    sharc_op_state state = {.name = name,
                            .loc = sharc_op_loc(ret),
                            .operands = (sharc_value *const *)operands.items,
                            .num_operands = operands.len};
    sharc_rw_set_block_end(&st->rw, b);
    sharc_rw_create(&st->rw, &state);
    sharc_rw_erase_op(&st->rw, ret);
    sharc_vec_free(&operands);
  }
}

/* FuncOp::create with the fragment's block signature. */
static sharc_op *new_func(lower_state *st, sharc_op *fragment, const group *gr, sharc_attr *mesh) {
  sharc_context *ctx = st->rw.ctx;
  sharc_block *body = sharc_region_first_block(sharc_op_region(fragment, 0));
  sharc_op *term = body ? sharc_block_last_op(body) : NULL;
  SHARC_VEC(sharc_type *) ins = {0}, outs = {0};
  for (unsigned i = 0; body && i < sharc_block_num_args(body); i++)
    sharc_vec_push(&ins, sharc_value_type(sharc_block_arg(body, i)));
  for (unsigned i = 0; term && i < sharc_op_num_operands(term); i++)
    sharc_vec_push(&outs, sharc_value_type(sharc_op_operand(term, i)));
  sharc_type *type = sharc_type_function(ctx, ins.items, ins.len, outs.items, outs.len);
  sharc_vec_free(&ins);
  sharc_vec_free(&outs);
  SHARC_VEC(sharc_named_attr) attrs = {0};
  sharc_named_attr a[] = {
      {sharc_ident_get(ctx, SHARC_STR("sym_name")), sharc_attr_string(ctx, sharc_str_from_cstr(gr->name.data))},
      {sharc_ident_get(ctx, SHARC_STR("function_type")), sharc_attr_type_attr(ctx, type)},
      {sharc_ident_get(ctx, SHARC_STR(SHARC_MPMD_MESH_SHAPE_ATTR)), mesh},
  };
  for (unsigned i = 0; i < sizeof a / sizeof a[0]; i++)
    sharc_vec_push(&attrs, a[i]);
  if (gr->has_hbm) {
    sharc_named_attr h = {sharc_ident_get(ctx, SHARC_STR(SHARC_MPMD_RESERVED_HBM_BYTES_ATTR)),
                          sharc_attr_integer(ctx, sharc_type_integer(ctx, 64, SHARC_SIGNLESS),
                                             gr->hbm)};
    sharc_vec_push(&attrs, h);
  }
  static const char *const copied[] = {SHARC_MPMD_ARG_ATTRS, SHARC_MPMD_RES_ATTRS};
  for (unsigned i = 0; i < 2; i++) {
    sharc_attr *v = sharc_op_attr(fragment, copied[i]);
    if (v && sharc_attr_get_kind(v) == SHARC_ATTR_ARRAY) {
      sharc_named_attr e = {sharc_ident_get(ctx, sharc_str_from_cstr(copied[i])), v};
      sharc_vec_push(&attrs, e);
    }
  }
  sharc_op_state state = {.name = sharc_ident_get(ctx, SHARC_STR("func.func")),
                          .loc = sharc_op_loc(fragment),
                          .attrs = sharc_attr_dictionary(ctx, attrs.items, attrs.len),
                          .num_regions = 1};
  sharc_vec_free(&attrs);
  return sharc_op_create(ctx, &state);
}

/* The shardings of the fragment's mesh tensor types as argument and result
 * shardings. */
static void set_shardings(sharc_op *func, sharc_op *fragment) {
  for (unsigned i = 0; i < sharc_op_num_operands(fragment); i++) {
    sharc_type *t = sharc_value_type(sharc_op_operand(fragment, i));
    sharc_attr *s = sharc_mpmd_is_mesh_tensor(t) ? sharc_mpmd_mesh_tensor_sharding(t) : NULL;
    if (s && i < sharc_func_num_args(func))
      sharc_func_set_arg_attr(func, i, SHARC_SDY_SHARDING_ATTR, s);
  }
  for (unsigned i = 0; i < sharc_op_num_results(fragment); i++) {
    sharc_type *t = sharc_value_type(sharc_op_result(fragment, i));
    sharc_attr *s = sharc_mpmd_is_mesh_tensor(t) ? sharc_mpmd_mesh_tensor_sharding(t) : NULL;
    if (s && i < sharc_func_num_results(func))
      sharc_sdy_set_func_result_sharding(func, i, s);
  }
}

/* Step 4, first fragment of a group: its function, appended to the module. */
static void extract_function(lower_state *st, sharc_op *fragment, const group *gr) {
  sharc_str mesh_name = sharc_attr_string_value(sharc_op_attr(fragment, "mesh_name"));
  sharc_attr *mesh = sharc_mpmd_lookup_mesh(fragment, mesh_name);
  sharc_op *func = new_func(st, fragment, gr, mesh);
  set_shardings(func, fragment);
  sharc_region *body = sharc_op_region(func, 0);
  sharc_rw_inline_region_before(&st->rw, sharc_op_region(fragment, 0), body, NULL);
  convert_terminators(st, body);
  sharc_context *ctx = st->rw.ctx;
  mesh_rename mr = {st, mesh_name, mesh,
                    sharc_attr_symbol_ref(ctx, sharc_ident_get(ctx, mesh_name), NULL, 0)};
  sharc_walk_isa(func, SHARC_POST_ORDER, &sharc_sdy_manual_computation_def,
                 rename_in_manual_computation, &mr);
  sharc_rw_insert_symbol(&st->rw, st->module, func, NULL);
}

/* The fragment call replacing the fragment (keeping its remat mark). */
static void replace_with_call(lower_state *st, sharc_op *fragment, const group *gr) {
  sharc_context *ctx = st->rw.ctx;
  sharc_named_attr a[4];
  unsigned n = 0;
  a[n++] = (sharc_named_attr){sharc_ident_get(ctx, SHARC_STR("callee")),
                              sharc_attr_symbol_ref(ctx, sharc_ident_get(ctx, sharc_str_from_cstr(gr->name.data)), NULL, 0)};
  a[n++] = (sharc_named_attr){sharc_ident_get(ctx, SHARC_STR("mesh_name")), sharc_op_attr(fragment, "mesh_name")};
  a[n++] = (sharc_named_attr){sharc_ident_get(ctx, SHARC_STR("origin")), sharc_op_attr(fragment, "origin")};
  if (sharc_op_attr(fragment, "remat"))
    a[n++] = (sharc_named_attr){sharc_ident_get(ctx, SHARC_STR("remat")), sharc_attr_unit(ctx)};
  SHARC_VEC(sharc_value *) operands = {0};
  SHARC_VEC(sharc_type *) results = {0};
  for (unsigned i = 0; i < sharc_op_num_operands(fragment); i++)
    sharc_vec_push(&operands, sharc_op_operand(fragment, i));
  for (unsigned i = 0; i < sharc_op_num_results(fragment); i++)
    sharc_vec_push(&results, sharc_value_type(sharc_op_result(fragment, i)));
  sharc_op_state state = {.name = sharc_ident_get(ctx, SHARC_STR("mpmd.fragment_call")),
                          .loc = sharc_op_loc(fragment),
                          .operands = operands.items,
                          .num_operands = operands.len,
                          .result_types = results.items,
                          .num_results = results.len,
                          .attrs = sharc_attr_dictionary(ctx, a, n)};
  sharc_rw_replace_op_with_new(&st->rw, fragment, &state);
  sharc_vec_free(&operands);
  sharc_vec_free(&results);
}

static void free_state(lower_state *st) {
  for (unsigned g = 0; g < st->groups.len; g++) {
    group *gr = &st->groups.items[g];
    for (unsigned i = 0; i < gr->sites.len; i++)
      free(gr->sites.items[i].name);
    sharc_vec_free(&gr->sites);
    sharc_buf_free(&gr->name);
  }
  sharc_vec_free(&st->groups);
  sharc_vec_free(&st->group_of);
  sharc_vec_free(&st->fragments);
  free(st->table);
}

static bool run(sharc_op *module, const void *opts, sharc_pass_run *run) {
  lower_state st = {.opts = opts, .module = module};
  sharc_pass_rewriter(run, &st.rw, NULL);
  st.all_forward = sharc_walk_isa(module, SHARC_POST_ORDER, &sharc_mpmd_fragment_def,
                                  find_transposed, NULL) != SHARC_WALK_INTERRUPT;
  sharc_walk_isa(module, SHARC_POST_ORDER, &sharc_mpmd_fragment_def, collect, &st);
  if (!st.failed)
    name_groups(&st);
  if (st.failed || !log_schedule(&st)) {
    free_state(&st);
    return false;
  }
  for (unsigned f = 0; f < st.fragments.len; f++) {
    sharc_op *fragment = st.fragments.items[f];
    const group *gr = &st.groups.items[st.group_of.items[f]];
    if (!sharc_symbol_lookup(module, sharc_str_from_cstr(gr->name.data)))
      extract_function(&st, fragment, gr);
    replace_with_call(&st, fragment, gr);
  }
  free_state(&st);
  return true;
}

const sharc_pass_def sharc_pass_mpmd_lower_to_fragment_calls = {
    .flag = "mpmd-lower-to-fragment-calls",
    .display_name = "LowerToFragmentCallsPass",
    .summary = "Lowers MPMD fragments to fragment calls and functions.",
    .anchor = "builtin.module",
    SHARC_OPTIONS(options),
    .options_size = sizeof(sharc_mpmd_lower_options),
    .tools = SHARC_TOOL_MPMD_OPT,
    .run = run,
};
