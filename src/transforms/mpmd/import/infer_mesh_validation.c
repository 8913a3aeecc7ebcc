/* The parts of mesh inference's error messages that trace a value's meshes
 * back to inputs and unassigns, and forward to outputs and assigns. */
#include "transforms/mpmd/import/infer_mesh_validation.h"

#include "dialect/func/func.h"
#include "transforms/mpmd/import/import_options.h"
#include "support/ptrmap.h"

#include <limits.h>
#include <string.h>

bool sharc_mi_max_errors(int error_limit, sharc_op *module, int *out) {
  if (error_limit == 0) {
    sharc_mpmd_error(module, "mesh inference validation must not be disabled.");
    return false;
  }
  *out = error_limit == -1 ? INT_MAX : error_limit;
  return true;
}

bool sharc_mi_validation_begin(sharc_mi_validation *v, sharc_op *module, const void *opts) {
  const sharc_mpmd_error_limit_options *o = opts;
  *v = (sharc_mi_validation){.calls = {.module = module}};
  return sharc_mi_max_errors(o->error_limit, module, &v->max_errors);
}

bool sharc_mi_validation_end(sharc_mi_validation *v) {
  sharc_mi_calls_free(&v->calls);
  return v->errors == 0;
}

void sharc_mi_calls_free(sharc_mi_calls *c) {
  if (c->built)
    sharc_mpmd_call_sites_free(&c->sites);
  c->built = false;
}

sharc_op *const *sharc_mi_calls_of(sharc_mi_calls *c, const sharc_op *callee, unsigned *n) {
  if (!c->built) {
    sharc_mpmd_call_sites_build(&c->sites, c->module);
    c->built = true;
  }
  return sharc_mpmd_call_sites_of(&c->sites, callee, n);
}

sharc_str sharc_mi_sanitized_call_name(const sharc_op *callee) {
  sharc_str name = sharc_op_symbol_name(callee);
  if (sharc_str_starts_with(name, "shardy_mpmd"))
    return (sharc_str){name.data + 11, name.len - 11};
  return name;
}

static void print_mesh_with_origins(const sharc_attr *mwo, sharc_buf *out) {
  sharc_buf_put_str(out, sharc_mpmd_mesh_with_origins_name(mwo));
  sharc_buf_putc(out, '[');
  for (unsigned i = 0; i < sharc_mpmd_mesh_with_origins_count(mwo); i++) {
    if (i)
      sharc_buf_putc(out, ',');
    sharc_buf_put_str(out, sharc_mpmd_origin_label(sharc_mpmd_mesh_with_origins_at(mwo, i)));
  }
  sharc_buf_putc(out, ']');
}

void sharc_mi_print_meshes_with_origins(sharc_attr *const *elems, unsigned n, sharc_buf *out) {
  for (unsigned i = 0; i < n; i++) {
    if (i)
      SHARC_BUF_LIT(out, ", ");
    print_mesh_with_origins(elems[i], out);
  }
}

/* MeshesWithOrigins::ToArray, as an attribute (NULL: empty). */
static sharc_attr *to_array(sharc_context *ctx, const sharc_mesh_set *s) {
  return s->specified ? sharc_mesh_set_to_attr(ctx, s) : NULL;
}

static void print_array(const sharc_attr *meshes, sharc_buf *out) {
  unsigned n = meshes ? sharc_mpmd_meshes_with_origins_count(meshes) : 0;
  for (unsigned i = 0; i < n; i++) {
    if (i)
      SHARC_BUF_LIT(out, ", ");
    print_mesh_with_origins(sharc_mpmd_meshes_with_origins_at(meshes, i), out);
  }
}

void sharc_mi_print_set(sharc_context *ctx, const sharc_mesh_set *s, sharc_buf *out) {
  print_array(to_array(ctx, s), out);
}

/* ---- locations to origins --------------------------------------------------------- */

typedef struct loc_origins {
  const sharc_attr *loc;
  const sharc_attr *meshes; /* #mpmd.meshes_with_origins or NULL */
} loc_origins;

typedef SHARC_VEC(loc_origins) loc_origins_vec;

typedef struct worklist {
  sharc_ptr_vec stack;
  sharc_ptrmap visited;
} worklist;

static void wl_init(worklist *w, sharc_value *const *roots, unsigned n) {
  memset(w, 0, sizeof *w);
  for (unsigned i = 0; i < n; i++)
    sharc_vec_push(&w->stack, roots[i]);
}

static sharc_value *wl_next(worklist *w) {
  while (w->stack.len) {
    sharc_value *v = sharc_vec_pop(&w->stack);
    if (sharc_ptrmap_get(&w->visited, v))
      continue;
    sharc_ptrmap_put(&w->visited, v, v);
    return v;
  }
  return NULL;
}

static void wl_free(worklist *w) {
  sharc_vec_free(&w->stack);
  sharc_ptrmap_free(&w->visited);
}

static sharc_value *returned_value(sharc_op *callee, unsigned i) {
  sharc_block *body = sharc_func_body(callee);
  sharc_op *ret = body ? sharc_block_last_op(body) : NULL;
  return ret && i < sharc_op_num_operands(ret) ? sharc_op_operand(ret, i) : NULL;
}

static void src_origins(sharc_value *const *roots, unsigned n, sharc_mi_calls *calls,
                        loc_origins_vec *out) {
  worklist w;
  wl_init(&w, roots, n);
  for (sharc_value *v; (v = wl_next(&w));) {
    if (sharc_value_is_block_arg(v)) {
      sharc_op *func = sharc_block_parent_op(sharc_value_owner_block(v));
      if (!func || !sharc_op_isa(func, &sharc_func_func_def))
        continue;
      unsigned i = sharc_value_index(v);
      if (sharc_mpmd_is_entry_point_function(func)) {
        sharc_mesh_set s = {0};
        sharc_mi_arg_src_set(func, i, &s);
        loc_origins e = {sharc_value_loc(v), to_array(sharc_op_context(func), &s)};
        sharc_vec_push(out, e);
        sharc_mesh_set_free(&s);
        continue;
      }
      unsigned nc;
      sharc_op *const *cs = sharc_mi_calls_of(calls, func, &nc);
      for (unsigned k = 0; k < nc; k++)
        if (i < sharc_op_num_operands(cs[k]))
          sharc_vec_push(&w.stack, sharc_op_operand(cs[k], i));
      continue;
    }
    sharc_op *def = sharc_value_defining_op(v);
    if (sharc_op_isa(def, &sharc_mpmd_unassign_def)) {
      sharc_context *ctx = sharc_op_context(def);
      sharc_mesh_set s = {0}, own = {0};
      sharc_mesh_set_insert(&s, sharc_mpmd_assign_mesh_with_origin(def));
      sharc_mi_src_set(def, &own);
      sharc_mesh_set_union(&s, &own);
      loc_origins e = {sharc_op_loc(def), to_array(ctx, &s)};
      sharc_vec_push(out, e);
      sharc_mesh_set_free(&s);
      sharc_mesh_set_free(&own);
    } else if (sharc_mi_is_meshless_op(def)) {
      for (unsigned k = 0; k < sharc_op_num_operands(def); k++)
        sharc_vec_push(&w.stack, sharc_op_operand(def, k));
    } else if (sharc_op_isa(def, &sharc_mpmd_call_def)) {
      sharc_op *callee = sharc_mpmd_callee(def);
      sharc_value *r = callee ? returned_value(callee, sharc_value_index(v)) : NULL;
      if (r)
        sharc_vec_push(&w.stack, r);
    }
  }
  wl_free(&w);
}

static void use_origins(sharc_value *const *roots, unsigned n, sharc_mi_calls *calls,
                        loc_origins_vec *out) {
  worklist w;
  wl_init(&w, roots, n);
  for (sharc_value *v; (v = wl_next(&w));)
    for (sharc_use *u = sharc_value_first_use(v); u; u = sharc_use_next(u)) {
      sharc_op *user = sharc_use_owner(u);
      unsigned i = sharc_use_operand_index(u);
      if (sharc_op_isa(user, &sharc_mpmd_assign_def)) {
        sharc_attr *mwo = sharc_mpmd_assign_mesh_with_origin(user);
        loc_origins e = {sharc_op_loc(user),
                         sharc_mpmd_meshes_with_origins(sharc_op_context(user), &mwo, 1)};
        sharc_vec_push(out, e);
      } else if (sharc_mi_is_meshless_op(user)) {
        for (unsigned k = 0; k < sharc_op_num_results(user); k++)
          sharc_vec_push(&w.stack, sharc_op_result(user, k));
      } else if (sharc_op_isa(user, &sharc_func_return_def)) {
        sharc_op *func = sharc_op_parent_op(user);
        if (sharc_mpmd_is_entry_point_function(func)) {
          sharc_attr *loc = sharc_mpmd_result_info_loc(func, i);
          loc_origins e = {loc ? loc : sharc_op_loc(user), NULL};
          sharc_vec_push(out, e);
          continue;
        }
        unsigned nc;
        sharc_op *const *cs = sharc_mi_calls_of(calls, func, &nc);
        for (unsigned k = 0; k < nc; k++)
          if (i < sharc_op_num_results(cs[k]))
            sharc_vec_push(&w.stack, sharc_op_result(cs[k], i));
      } else if (sharc_op_isa(user, &sharc_mpmd_call_def)) {
        sharc_op *callee = sharc_mpmd_callee(user);
        sharc_block *body = callee ? sharc_func_body(callee) : NULL;
        if (body && i < sharc_block_num_args(body))
          sharc_vec_push(&w.stack, sharc_block_arg(body, i));
      }
    }
  wl_free(&w);
}

/* PrintLocToOrigins. */
static void print_loc_origins(const loc_origins_vec *v, const char *prefix, bool is_input,
                              sharc_buf *out) {
  for (unsigned i = 0; i < v->len; i++) {
    sharc_buf loc = {0};
    sharc_mpmd_print_location(v->items[i].loc, &loc);
    const char *text = loc.data ? loc.data : "";
    const sharc_attr *meshes = v->items[i].meshes;
    const char *kind = strstr(text, "named_computation") ? "named_computation"
                       : strstr(text, "named_tensor")    ? "named_tensor"
                                                         : NULL;
    sharc_buf_putc(out, '\n');
    if (kind) {
      sharc_str label = {"", 0};
      if (meshes && sharc_mpmd_meshes_with_origins_count(meshes)) {
        sharc_attr *first = sharc_mpmd_meshes_with_origins_at(meshes, 0);
        if (sharc_mpmd_mesh_with_origins_count(first))
          label = sharc_mpmd_origin_label(sharc_mpmd_mesh_with_origins_at(first, 0));
      }
      sharc_buf_printf(out, "%s - %s \"%.*s\": ", prefix, kind, (int)label.len, label.data);
    } else {
      sharc_buf_printf(out, "%s - %s %s: ", prefix, is_input ? "Input" : "Output", text);
    }
    print_array(meshes, out);
    if (kind)
      sharc_buf_puts(out, text);
    sharc_buf_free(&loc);
  }
}

typedef void (*origins_fn)(sharc_value *const *roots, unsigned n, sharc_mi_calls *calls,
                           loc_origins_vec *out);

static void print_origins(origins_fn collect, sharc_value *const *roots, unsigned n,
                          sharc_mi_calls *calls, const char *prefix, bool is_input, sharc_buf *out) {
  loc_origins_vec v = {0};
  collect(roots, n, calls, &v);
  print_loc_origins(&v, prefix, is_input, out);
  sharc_vec_free(&v);
}

void sharc_mi_print_src_origins(sharc_value *const *roots, unsigned n, sharc_mi_calls *calls,
                                const char *prefix, bool is_input, sharc_buf *out) {
  print_origins(src_origins, roots, n, calls, prefix, is_input, out);
}

void sharc_mi_print_use_origins(sharc_value *const *roots, unsigned n, sharc_mi_calls *calls,
                                const char *prefix, bool is_input, sharc_buf *out) {
  print_origins(use_origins, roots, n, calls, prefix, is_input, out);
}

void sharc_mi_print_callee_arg_users(sharc_op *callee, sharc_value *arg, sharc_buf *out) {
  SHARC_BUF_LIT(out, "\n\nmpmd.call Stack trace:\n");
  sharc_mpmd_print_stack_trace(sharc_op_loc(callee), out);
  SHARC_BUF_LIT(out, "\n\n\nSample arg users:");
  for (sharc_use *u = sharc_value_first_use(arg); u; u = sharc_use_next(u)) {
    SHARC_BUF_LIT(out, "\n - ");
    sharc_mpmd_print_op_for_log(sharc_use_owner(u), out);
    sharc_mpmd_print_stack_trace(sharc_op_loc(sharc_use_owner(u)), out);
  }
  SHARC_BUF_LIT(out, SHARC_MI_ERROR_SEPARATOR);
}

void sharc_mi_emit_op_error_with_trace(sharc_op *op, sharc_buf *b) {
  SHARC_BUF_LIT(b, "\n\nOp stack trace:\n");
  sharc_mpmd_print_stack_trace(sharc_op_loc(op), b);
  SHARC_BUF_LIT(b, "\n" SHARC_MI_ERROR_SEPARATOR);
  sharc_mpmd_error(op, "%s", b->data);
  sharc_buf_free(b);
}
