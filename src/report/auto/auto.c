/* `sharc auto`'s entry: prepare the module (the mesh asked for, the user's
 * shardings dropped unless kept), search (search.c), write the answer's
 * shardings into the module, and gather what the explanation says
 * (explain.c). Problems with the module are located diagnostics on its
 * context; problems with the options are messages in `err`. */
#include "report/auto/auto_internal.h"

#include "dialect/func/func.h"
#include "ir/context.h"
#include "sharc/verify.h"
#include "dialect/sdy/sdy_ops.h"
#include "dialect/sdy/utils.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

sharc_auto_options sharc_auto_options_default(void) {
  sharc_auto_options o = {0};
  o.budget_seconds = 8;
  o.flop_rate = 100e12;
  o.memory_bandwidth = 1e12;
  o.default_bandwidth = 50e9;
  o.default_latency = 10e-6;
  return o;
}

/* ---- the mesh ------------------------------------------------------------------------- */

#define MAX_MESH_DEVICES ((int64_t)1 << 20)

/* "data=4,model=2" into a #sdy.mesh; NULL with the message in `err`. */
static sharc_attr *parse_mesh(sharc_context *ctx, const char *text, sharc_buf *err) {
  sharc_attr *axes[SHARC_AUTO_MAX_AXES];
  unsigned n = 0;
  int64_t devices = 1;
  for (const char *p = text; *p;) {
    const char *name = p;
    while (isalnum((unsigned char)*p) || *p == '_')
      p++;
    size_t len = (size_t)(p - name);
    if (len == 0 || isdigit((unsigned char)*name) || *p != '=') {
      sharc_buf_printf(err, "--mesh: expected AXIS=SIZE at '%s' (e.g. 'data=4,model=2')", name);
      return NULL;
    }
    char *end;
    errno = 0;
    long long size = strtoll(p + 1, &end, 10);
    if (end == p + 1 || errno || size < 1 || size > MAX_MESH_DEVICES || (*end && *end != ',')) {
      sharc_buf_printf(err, "--mesh: axis '%.*s' needs a size from 1 to %lld", (int)len, name,
                       (long long)MAX_MESH_DEVICES);
      return NULL;
    }
    for (unsigned i = 0; i < n; i++)
      if (sharc_str_eq(sharc_sdy_mesh_axis_name(axes[i]), (sharc_str){name, len})) {
        sharc_buf_printf(err, "--mesh: axis '%.*s' is named twice", (int)len, name);
        return NULL;
      }
    if (n == SHARC_AUTO_MAX_AXES) {
      sharc_buf_printf(err, "--mesh: at most %d axes", SHARC_AUTO_MAX_AXES);
      return NULL;
    }
    devices *= size;
    if (devices > MAX_MESH_DEVICES) {
      sharc_buf_printf(err, "--mesh: more than %lld devices", (long long)MAX_MESH_DEVICES);
      return NULL;
    }
    axes[n++] = sharc_sdy_mesh_axis_get(ctx, (sharc_str){name, len}, size);
    p = *end ? end + 1 : end;
    if (*end == ',' && !*p) {
      sharc_buf_puts(err, "--mesh: a trailing ','");
      return NULL;
    }
  }
  if (n == 0) {
    sharc_buf_puts(err, "--mesh: no axes (e.g. 'data=4,model=2')");
    return NULL;
  }
  return sharc_sdy_mesh_get(ctx, axes, n, NULL, 0);
}

static sharc_block *module_body(sharc_op *module) {
  return sharc_region_first_block(sharc_op_region(module, 0));
}

/* Where a problem with the module as a whole is reported: the module's
 * location, or for an implicit module its first op's. */
static sharc_attr *module_loc(sharc_op *module) {
  sharc_attr *loc = sharc_op_loc(module);
  sharc_block *body = module_body(module);
  sharc_op *first = body ? sharc_block_first_op(body) : NULL;
  const sharc_attr *file = sharc_loc_find_file(loc);
  return (!file || sharc_loc_line(file) == 0) && first ? sharc_op_loc(first) : loc;
}

/* The module's one sdy.mesh op, made or replaced as `mesh_text` asks; NULL
 * after a diagnostic or a message in `err`. */
static sharc_op *prepare_mesh(sharc_op *module, const char *mesh_text, sharc_buf *err) {
  sharc_context *ctx = sharc_op_context(module);
  sharc_op *found = NULL;
  for (sharc_op *op = sharc_block_first_op(module_body(module)); op; op = sharc_op_next(op)) {
    if (!sharc_op_isa(op, &sharc_sdy_mesh_op_def))
      continue;
    if (found) {
      sharc_emit_op_error(op, "sharc auto shards over one mesh, and the module has several "
                              "(the first is @%.*s)",
                          (int)sharc_op_symbol_name(found).len, sharc_op_symbol_name(found).data);
      return NULL;
    }
    found = op;
  }
  sharc_attr *mesh = mesh_text ? parse_mesh(ctx, mesh_text, err) : NULL;
  if (mesh_text && !mesh)
    return NULL;
  if (!found && !mesh) {
    sharc_emit(ctx, SHARC_SEV_ERROR, module_loc(module),
               "the module has no sdy.mesh: name the devices with --mesh (e.g. "
               "--mesh 'data=4,model=2')");
    return NULL;
  }
  if (found) {
    if (mesh)
      sharc_op_set_attr(found, "mesh", mesh);
    return found;
  }
  sharc_op *op = sharc_sdy_mesh_op_create(ctx, SHARC_STR("mesh"), mesh, module_loc(module));
  sharc_block_prepend_op(module_body(module), op);
  return op;
}

/* ---- the user's shardings ----------------------------------------------------------------- */

static sharc_walk_result drop_constraint(sharc_op *op, void *user) {
  (void)user;
  if (sharc_op_isa(op, &sharc_sdy_sharding_constraint_def)) {
    sharc_value_replace_all_uses(sharc_op_result(op, 0), sharc_op_operand(op, 0));
    sharc_op_erase(op);
    return SHARC_WALK_SKIP;
  }
  if (sharc_op_attr(op, "sdy.sharding"))
    sharc_op_set_attr(op, "sdy.sharding", NULL);
  return SHARC_WALK_ADVANCE;
}

/* Removes every argument, result and op sharding and every constraint. */
static void drop_user_shardings(sharc_op *module) {
  for (sharc_op *op = sharc_block_first_op(module_body(module)); op; op = sharc_op_next(op)) {
    if (!sharc_op_isa(op, &sharc_func_func_def))
      continue;
    for (unsigned i = 0; i < sharc_func_num_args(op); i++)
      if (sharc_sdy_func_arg_sharding(op, i))
        sharc_sdy_set_func_arg_sharding(op, i, NULL);
    for (unsigned i = 0; i < sharc_func_num_results(op); i++)
      if (sharc_sdy_func_result_sharding(op, i))
        sharc_sdy_set_func_result_sharding(op, i, NULL);
    sharc_walk_nested(op, SHARC_PRE_ORDER, drop_constraint, NULL);
  }
}

/* ---- the machine --------------------------------------------------------------------------- */

static bool make_machine(const sharc_auto_options *o, const sharc_attr *mesh,
                         sharc_auto_machine *m, sharc_buf *err) {
  memset(m, 0, sizeof *m);
  m->flop_rate = o->flop_rate;
  m->memory_bandwidth = o->memory_bandwidth;
  m->default_bandwidth = o->default_bandwidth;
  m->default_latency = o->default_latency;
  m->num_axes = sharc_sdy_mesh_num_axes(mesh);
  if (m->num_axes > SHARC_AUTO_MAX_AXES) {
    sharc_buf_printf(err, "the mesh has %u axes; sharc auto handles at most %d", m->num_axes,
                     SHARC_AUTO_MAX_AXES);
    return false;
  }
  for (unsigned a = 0; a < m->num_axes; a++) {
    m->axis_names[a] = sharc_sdy_mesh_axis_name(sharc_sdy_mesh_axis(mesh, a));
    m->bandwidth[a] = o->default_bandwidth;
    m->latency[a] = o->default_latency;
  }
  return sharc_auto_parse_axis_figures(o->bandwidths, "--bandwidth", mesh, m->bandwidth, err) &&
         sharc_auto_parse_axis_figures(o->latencies, "--latency", mesh, m->latency, err);
}

static bool check_options(const sharc_auto_options *o, sharc_buf *err) {
  if (!(o->flop_rate > 0) || !(o->memory_bandwidth > 0) || !(o->default_bandwidth > 0) ||
      !(o->default_latency >= 0) || !(o->budget_seconds >= 0) || o->memory_limit < 0) {
    sharc_buf_puts(err, "the machine's rates must be > 0, latency, budget and memory limit >= 0");
    return false;
  }
  return true;
}

/* ---- the answer ------------------------------------------------------------------------------ */

static char *arena_text(sharc_arena *a, const char *s) {
  size_t n = strlen(s);
  char *c = sharc_arena_alloc(a, n + 1);
  memcpy(c, s, n);
  return c;
}

typedef struct collect {
  sharc_auto_result *r;
  const bool *chosen; /* per argument */
} collect;

/* The arguments' PartitionSpecs after propagation, from the report. */
static void collect_args(sharc_op *module, sharc_op *func, void *user) {
  collect *c = user;
  sharc_auto_result *r = c->r;
  sharc_report_options o = sharc_report_options_default();
  sharc_report *rep = sharc_report_create(module, &o);
  r->num_args = sharc_func_num_args(func);
  r->args = sharc_arena_alloc(&r->arena, (r->num_args + 1) * sizeof *r->args);
  for (unsigned i = 0; i < sharc_report_num_values(rep); i++) {
    const sharc_report_value *v = sharc_report_value_at(rep, i);
    if (v->kind != SHARC_REPORT_ARGUMENT || v->func != func || v->index >= r->num_args)
      continue;
    sharc_auto_arg *a = &r->args[v->index];
    a->name = arena_text(&r->arena, v->label && *v->label ? v->label : v->name);
    a->type = arena_text(&r->arena, v->type);
    a->spec = arena_text(&r->arena, v->spec);
    a->chosen = c->chosen[v->index];
  }
  sharc_report_destroy(rep);
}

/* "w1: P(None, 'model') instead of P('data', None)" for each group where
 * `other` differs from `best`. */
static const char *describe_change(sharc_auto_result *r, const sharc_auto_search *s,
                                   const uint16_t *other, const uint16_t *best, sharc_op *func) {
  sharc_buf b = {0};
  sharc_context *ctx = sharc_op_context(func);
  sharc_block *body = sharc_region_first_block(sharc_op_region(func, 0));
  for (unsigned g = 0; g < s->space->num_groups; g++) {
    if (other[g] == best[g])
      continue;
    const sharc_auto_group *grp = &s->space->groups[g];
    unsigned arg = s->space->args[grp->first];
    unsigned rank = sharc_type_rank(sharc_value_type(sharc_block_arg(body, arg)));
    if (b.len)
      sharc_buf_puts(&b, "; ");
    sharc_buf_puts(&b, r->args[arg].name ? r->args[arg].name : "?");
    if (grp->num_args > 1)
      sharc_buf_printf(&b, " (and %u alike)", grp->num_args - 1);
    sharc_buf_puts(&b, ": ");
    for (int k = 0; k < 2; k++) {
      const sharc_auto_candidate *c = &grp->candidates[k == 0 ? other[g] : best[g]];
      sharc_attr *sh = sharc_auto_candidate_sharding(ctx, s->mesh, s->mesh_name, rank, c);
      if (k == 1)
        sharc_buf_puts(&b, " instead of ");
      if (sh)
        sharc_report_partition_spec(sh, &b);
      else
        sharc_buf_puts(&b, "free");
    }
  }
  const char *text = arena_text(&r->arena, b.data ? b.data : "");
  sharc_buf_free(&b);
  return text;
}

static int by_score(const void *a, const void *b) {
  const sharc_auto_record *const *x = a, *const *y = b;
  if ((*x)->score != (*y)->score)
    return (*x)->score < (*y)->score ? -1 : 1;
  return (*x < *y) ? -1 : (*x > *y);
}

static bool same_estimate(const sharc_auto_cost *a, const sharc_auto_cost *b) {
  double dm = fabs((double)(a->peak_bytes - b->peak_bytes));
  return dm <= 0.01 * (double)a->peak_bytes && fabs(a->step_s - b->step_s) <= 1e-9 * a->step_s;
}

/* The two best evaluated sets that lost to the answer. */
static void pick_rejected(sharc_auto_result *r, const sharc_auto_search *s, sharc_op *func) {
  const sharc_auto_record *best = &s->records.items[s->best];
  size_t n = s->records.len;
  const sharc_auto_record **sorted = malloc((n ? n : 1) * sizeof *sorted);
  for (size_t i = 0; i < n; i++)
    sorted[i] = &s->records.items[i];
  qsort(sorted, n, sizeof *sorted, by_score);
  for (size_t i = 0; i < n && r->num_rejected < 2; i++) {
    const sharc_auto_record *rec = sorted[i];
    if (rec == best || rec->cost.failed || !(rec->score > best->score))
      continue;
    if (r->num_rejected && same_estimate(&r->rejected[r->num_rejected - 1].cost, &rec->cost))
      continue; /* the same plan written otherwise (a free argument made explicit) */
    r->rejected[r->num_rejected].change = describe_change(r, s, rec->choice, best->choice, func);
    r->rejected[r->num_rejected].cost = rec->cost;
    r->num_rejected++;
  }
  free(sorted);
}

static void mesh_text(sharc_auto_result *r, const sharc_attr *mesh) {
  size_t at = 0;
  r->num_devices = 1;
  for (unsigned a = 0; a < sharc_sdy_mesh_num_axes(mesh) && at + 40 < sizeof r->mesh_text; a++) {
    const sharc_attr *axis = sharc_sdy_mesh_axis(mesh, a);
    sharc_str name = sharc_sdy_mesh_axis_name(axis);
    int len = name.len > 32 ? 32 : (int)name.len;
    at += (size_t)snprintf(r->mesh_text + at, sizeof r->mesh_text - at, "%s%.*s=%lld",
                           a ? ", " : "", len, name.data,
                           (long long)sharc_sdy_mesh_axis_size(axis));
    r->num_devices *= sharc_sdy_mesh_axis_size(axis);
  }
}

/* ---- the run ------------------------------------------------------------------------------------ */

static void print_module(const char *data, size_t len, void *user) {
  sharc_buf_put(user, data, len);
}

/* Why no answer: every set failed, or none fits the memory limit. */
static void report_no_answer(sharc_op *module, const sharc_auto_record *best, int64_t limit) {
  sharc_context *ctx = sharc_op_context(module);
  if (best->cost.failed) {
    sharc_emit(ctx, SHARC_SEV_ERROR, module_loc(module),
               "no sharding of the arguments propagates and partitions: 'sharc propagate' "
               "with the module's own shardings says why");
    return;
  }
  sharc_buf b = {0};
  sharc_report_put_bytes(&b, best->cost.peak_bytes);
  sharc_buf_puts(&b, " per device; the limit is ");
  sharc_report_put_bytes(&b, limit);
  sharc_emit(ctx, SHARC_SEV_ERROR, module_loc(module),
             "no sharding found fits the memory limit: the smallest needs %s", b.data);
  sharc_buf_free(&b);
}

/* An option the module cannot take (a mesh, an axis it lacks), located at
 * the module. */
static void option_error(sharc_op *module, sharc_buf *err) {
  if (err->len)
    sharc_emit(sharc_op_context(module), SHARC_SEV_ERROR, module_loc(module), "%s", err->data);
  sharc_buf_free(err);
}

sharc_auto_result *sharc_auto_run(sharc_op *module, const sharc_auto_options *options) {
  sharc_auto_options o = options ? *options : sharc_auto_options_default();
  sharc_buf err_text = {0}, *err = &err_text;
  if (!check_options(&o, err)) {
    option_error(module, err);
    return NULL;
  }
  sharc_context *ctx = sharc_op_context(module);
  sharc_op *mesh_op = prepare_mesh(module, o.mesh, err);
  if (!mesh_op) {
    option_error(module, err);
    return NULL;
  }
  sharc_op *func = sharc_report_entry_function(module, false);
  if (!func || sharc_func_is_declaration(func)) {
    sharc_emit(ctx, SHARC_SEV_ERROR, module_loc(module),
               "the module has no function with a body to shard");
    return NULL;
  }
  if (!o.keep_user_shardings && !o.estimate_only)
    drop_user_shardings(module);
  if (!sharc_verify(module))
    return NULL;
  const sharc_attr *mesh = sharc_op_attr(mesh_op, "mesh");
  sharc_auto_result *r = calloc(1, sizeof *r);
  if (!make_machine(&o, mesh, &r->machine_copy, err)) {
    option_error(module, err);
    free(r);
    return NULL;
  }
  r->options = o;
  r->machine = &r->machine_copy;
  mesh_text(r, mesh);

  unsigned n = sharc_func_num_args(func);
  bool *skip = calloc(n ? n : 1, sizeof *skip);
  for (unsigned i = 0; i < n; i++)
    skip[i] = o.estimate_only || sharc_sdy_func_arg_sharding(func, i) != NULL;
  sharc_auto_space space;
  sharc_auto_space_build(&space, func, mesh, skip);

  sharc_buf text = {0};
  sharc_print_flags pf = {0};
  pf.debug_info = true; /* names and locations, for the explanation */
  sharc_print_op_stream(module, &pf, print_module, &text);
  sharc_auto_search s = {0};
  s.text = text.data;
  s.text_len = text.len;
  s.func_name = sharc_op_symbol_name(func);
  s.mesh_name = sharc_op_symbol_name(mesh_op);
  s.mesh = mesh;
  s.allow_unregistered = ctx->allow_unregistered;
  s.machine = r->machine;
  s.space = &space;
  s.memory_limit = o.memory_limit;
  s.budget_seconds = o.budget_seconds;
  s.seed = o.seed;
  sharc_auto_search_run(&s);

  const sharc_auto_record *best = &s.records.items[s.best];
  bool ok = !(isinf(best->score) || (o.memory_limit > 0 && best->cost.peak_bytes > o.memory_limit));
  if (!ok) {
    report_no_answer(module, best, o.memory_limit);
  } else {
    sharc_auto_apply(func, &space, best->choice, mesh, s.mesh_name);
    bool *chosen = calloc(n ? n : 1, sizeof *chosen);
    for (unsigned g = 0; g < space.num_groups; g++)
      for (unsigned i = 0; i < space.groups[g].num_args; i++)
        chosen[space.args[space.groups[g].first + i]] =
            !space.groups[g].candidates[best->choice[g]].free;
    collect c = {r, chosen};
    sharc_auto_cost again;
    sharc_auto_evaluate(&s, best->choice, &again, collect_args, &c);
    free(chosen);
    r->cost = best->cost;
    r->method = s.method;
    r->evaluated = (unsigned)s.records.len;
    r->num_groups = space.num_groups;
    r->seconds = s.seconds;
    r->out_of_time = s.out_of_time;
    if (r->args)
      pick_rejected(r, &s, func);
  }
  sharc_auto_search_free(&s);
  sharc_buf_free(&text);
  sharc_auto_space_free(&space);
  free(skip);
  if (!ok || !r->args) {
    sharc_auto_result_destroy(r);
    return NULL;
  }
  return r;
}

void sharc_auto_result_destroy(sharc_auto_result *r) {
  if (!r)
    return;
  sharc_arena_free(&r->arena);
  free(r);
}

double sharc_auto_step_time(const sharc_auto_result *r) { return r->cost.step_s; }
int64_t sharc_auto_peak_memory(const sharc_auto_result *r) { return r->cost.peak_bytes; }
