/* The interpreter's engine: scopes binding SSA values to runtime values, the
 * op-kernel table (every family's rows, found by op name once per run and
 * then by pointer), region and function execution, and the library entry
 * point that picks the module's entry function and checks its arguments. */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "dialect/func/func.h"
#include "sharc/asm.h"
#include "interpret/device.h"
#include "interpret/interp.h"
#include "interpret/kernel_util.h"
#include "interpret/quant.h"

#define MAX_CALL_DEPTH 512

static const sharc_kernel *const kernel_tables[] = {
    sharc_kernels_elementwise, sharc_kernels_shape,      sharc_kernels_control,
    sharc_kernels_reduce,      sharc_kernels_index,      sharc_kernels_linalg,
    sharc_kernels_check,       sharc_kernels_collective, sharc_kernels_misc,
    sharc_kernels_dynamic,     sharc_kernels_fft,        sharc_kernels_solve,
    sharc_kernels_rng,         sharc_kernels_sdy,
};

bool sharc_interp_fail(sharc_interp *ip, sharc_op *op, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  if (ip->device) {
    sharc_device_fail_v(ip->device, op, fmt, ap);
  } else {
    sharc_emit_v(ip->ctx, SHARC_SEV_ERROR, sharc_op_loc(op), fmt, ap);
  }
  va_end(ap);
  return false;
}

static const sharc_kernel *find_kernel_by_name(sharc_str name) {
  for (size_t t = 0; t < sizeof kernel_tables / sizeof kernel_tables[0]; t++)
    for (const sharc_kernel *k = kernel_tables[t]; k->op; k++)
      if (sharc_str_eq_cstr(name, k->op))
        return k;
  return NULL;
}

static const sharc_kernel *kernel_for(sharc_interp *ip, sharc_op *op) {
  sharc_ident *name = sharc_op_name(op);
  const sharc_kernel *k = sharc_ptrmap_get(&ip->kernels, name);
  if (k)
    return k;
  k = find_kernel_by_name(sharc_ident_str(name));
  if (k)
    sharc_ptrmap_put(&ip->kernels, name, (void *)k);
  return k;
}

bool sharc_interp_run_static(sharc_interp *ip, sharc_op *op, const char *static_name,
                             sharc_tensor **in, sharc_tensor **out, sharc_scope *sc,
                             sharc_type *const *result_types, const sharc_given_attr *given,
                             unsigned n_given) {
  const sharc_kernel *k = find_kernel_by_name((sharc_str){static_name, strlen(static_name)});
  if (!k)
    return sharc_interp_fail(ip, op, "no kernel for %s", static_name);
  ip->result_override = result_types;
  ip->given = given;
  ip->n_given = n_given;
  ip->cur_arg = k->family_arg;
  bool ok = k->fn(ip, op, in, out, sc);
  ip->result_override = NULL;
  ip->given = NULL;
  ip->n_given = 0;
  return ok;
}

/* ---- scopes ------------------------------------------------------------------ */

static sharc_tensor *scope_find(const sharc_scope *sc, const sharc_value *v) {
  for (; sc; sc = sc->parent) {
    sharc_tensor *t = sharc_ptrmap_get(&sc->map, v);
    if (t)
      return t;
  }
  return NULL;
}

/* Binds `v` to `t`, taking the caller's reference. */
static void scope_bind(sharc_scope *sc, const sharc_value *v, sharc_tensor *t) {
  sharc_tensor *old = sharc_ptrmap_get(&sc->map, v);
  sharc_ptrmap_put(&sc->map, v, t);
  sharc_tensor_release(old);
}

static void scope_free(sharc_scope *sc) {
  for (size_t i = 0; i < sc->map.cap; i++)
    if (sc->map.keys && sc->map.keys[i])
      sharc_tensor_release(sc->map.vals[i]);
  sharc_ptrmap_free(&sc->map);
}

/* ---- ops ----------------------------------------------------------------------- */

static bool is_terminator(const sharc_op *op) {
  const sharc_op_def *d = sharc_op_get_def(op);
  return d && (d->traits & SHARC_TRAIT_TERMINATOR);
}

/* Whether a runtime value may stand for a value of static type `want`. */
static bool type_fits(const sharc_tensor *t, sharc_type *want) {
  if (t->type == want)
    return true;
  if (t->kind != SHARC_IV_TENSOR || sharc_type_get_kind(want) != SHARC_TYPE_TENSOR)
    return t->kind != SHARC_IV_TENSOR;
  if (sharc_type_element(want) != t->elem && !t->q.quantized)
    return false;
  return sharc_tensor_shape_fits(t, want);
}

bool sharc_tensor_shape_fits(const sharc_tensor *t, sharc_type *want) {
  if (sharc_type_rank(want) != t->rank)
    return false;
  const int64_t *s = sharc_type_shape(want);
  for (unsigned d = 0; d < t->rank; d++)
    if (s[d] != SHARC_DYNAMIC && s[d] != t->shape[d])
      return false;
  return true;
}

/* The families whose ops compute on values (not only move them): on
 * quantized operands they run as dequantize, op, quantize. */
static bool computes_values(const sharc_kernel *k) {
  for (const sharc_kernel *r = sharc_kernels_elementwise; r->op; r++)
    if (r == k)
      return true;
  for (const sharc_kernel *r = sharc_kernels_linalg; r->op; r++)
    if (r == k)
      return true;
  for (const sharc_kernel *r = sharc_kernels_reduce; r->op; r++)
    if (r == k)
      return true;
  return false;
}

static bool any_quantized(sharc_tensor **in, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    if (in[i]->kind == SHARC_IV_TENSOR && in[i]->q.quantized)
      return true;
  return false;
}

/* The spec's dequantize-op-quantize: the kernel runs on the expressed
 * values and its quantized results are quantized again. */
static bool run_dequantized(sharc_interp *ip, const sharc_kernel *k, sharc_op *op,
                            sharc_tensor **in, unsigned n_in, sharc_tensor **out, unsigned n_out,
                            sharc_scope *sc) {
  sharc_tensor **deq = calloc(n_in ? n_in : 1, sizeof *deq);
  sharc_type **types = calloc(n_out ? n_out : 1, sizeof *types);
  sharc_tensor **fout = calloc(n_out ? n_out : 1, sizeof *fout);
  bool ok = true;
  for (unsigned i = 0; ok && i < n_in; i++) {
    deq[i] = in[i]->q.quantized ? sharc_quant_dequantize(ip, op, in[i]) : in[i];
    if (deq[i] == in[i])
      sharc_tensor_retain(in[i]);
    ok = deq[i] != NULL;
  }
  for (unsigned i = 0; i < n_out; i++)
    types[i] = sharc_quant_expressed_tensor_type(ip, sharc_value_type(sharc_op_result(op, i)));
  ip->result_override = types;
  ok = ok && k->fn(ip, op, deq, fout, sc);
  ip->result_override = NULL;
  for (unsigned i = 0; ok && i < n_out; i++) {
    sharc_type *rt = sharc_value_type(sharc_op_result(op, i));
    if (rt == types[i]) {
      out[i] = fout[i];
      fout[i] = NULL;
      continue;
    }
    out[i] = sharc_tensor_new_at(ip, op, rt);
    ok = out[i] != NULL;
    if (ok)
      sharc_quant_quantize_into(out[i], fout[i]);
  }
  for (unsigned i = 0; i < n_in; i++)
    sharc_tensor_release(deq[i]);
  for (unsigned i = 0; i < n_out; i++)
    sharc_tensor_release(fout[i]);
  free(deq);
  free(types);
  free(fout);
  return ok;
}

static bool eval_op(sharc_interp *ip, sharc_op *op, sharc_scope *sc) {
  if (ip->opts->max_ops && ++ip->ops_run > ip->opts->max_ops)
    return sharc_interp_fail(ip, op, "the program ran more than %llu ops",
                             (unsigned long long)ip->opts->max_ops);
  const sharc_kernel *k = kernel_for(ip, op);
  if (!k) {
    sharc_str n = sharc_ident_str(sharc_op_name(op));
    return sharc_interp_fail(ip, op, "Unsupported op: %.*s", (int)n.len, n.data);
  }
  unsigned n_in = sharc_op_num_operands(op), n_out = sharc_op_num_results(op);
  sharc_tensor *small_in[8], *small_out[8];
  sharc_tensor **in = n_in <= 8 ? small_in : malloc(n_in * sizeof *in);
  sharc_tensor **out = n_out <= 8 ? small_out : calloc(n_out, sizeof *out);
  if (n_out <= 8)
    memset(small_out, 0, sizeof small_out);
  bool ok = true;
  for (unsigned i = 0; ok && i < n_in; i++) {
    sharc_value *v = sharc_op_operand(op, i);
    in[i] = scope_find(sc, v);
    if (!in[i])
      ok = sharc_interp_fail(ip, op, "operand #%u has no value at run time", i);
    else if (!type_fits(in[i], sharc_value_type(v)))
      ok = sharc_interp_fail(ip, op, "operand #%u does not have its declared type at run time", i);
  }
  ip->cur_arg = k->family_arg;
  /* what an enclosing kernel set for its own op is not this op's */
  sharc_type *const *saved_override = ip->result_override;
  const sharc_given_attr *saved_given = ip->given;
  unsigned saved_n_given = ip->n_given;
  ip->result_override = NULL;
  ip->given = NULL;
  ip->n_given = 0;
  if (ok && computes_values(k) && any_quantized(in, n_in))
    ok = run_dequantized(ip, k, op, in, n_in, out, n_out, sc);
  else
    ok = ok && k->fn(ip, op, in, out, sc);
  ip->result_override = saved_override;
  ip->given = saved_given;
  ip->n_given = saved_n_given;
  for (unsigned i = 0; ok && i < n_out; i++)
    if (!out[i])
      ok = sharc_interp_fail(ip, op, "result #%u was not computed", i);
  for (unsigned i = 0; i < n_out; i++) {
    if (ok)
      scope_bind(sc, sharc_op_result(op, i), out[i]);
    else
      sharc_tensor_release(out[i]);
  }
  if (in != small_in)
    free(in);
  if (out != small_out)
    free(out);
  return ok;
}

/* ---- value lifetimes --------------------------------------------------------------- */

/* When the values a block defines die: after op i runs, the values
 * dead[start[i] .. start[i + 1]) have no later use (a use inside a nested
 * region counts as a use by the op holding the region), so a long chain
 * holds only the tensors it still needs. Made once per block and thread. */
typedef struct lifetimes {
  unsigned n_ops;
  unsigned *start;          /* n_ops + 1 offsets into dead */
  const sharc_value **dead;
} lifetimes;

/* The op of block `b` that holds `op` (itself, or an ancestor); NULL if none. */
static sharc_op *ancestor_in(sharc_op *op, const sharc_block *b) {
  while (op && sharc_op_block(op) != b)
    op = sharc_op_parent_op(op);
  return op;
}

/* The index of the last op of `b` using `v` (by `index`), or `def` when unused. */
static unsigned last_use(const sharc_value *v, const sharc_block *b, const sharc_ptrmap *index,
                         unsigned def) {
  unsigned last = def;
  for (sharc_use *u = sharc_value_first_use(v); u; u = sharc_use_next(u)) {
    sharc_op *holder = ancestor_in(sharc_use_owner(u), b);
    uintptr_t at = holder ? (uintptr_t)sharc_ptrmap_get(index, holder) : 0;
    if (at && at - 1 > last)
      last = (unsigned)(at - 1);
  }
  return last;
}

static lifetimes *lifetimes_make(sharc_block *b) {
  sharc_ptrmap index = {0};
  unsigned n = 0, n_vals = sharc_block_num_args(b);
  for (sharc_op *op = sharc_block_first_op(b); op; op = sharc_op_next(op)) {
    sharc_ptrmap_put(&index, op, (void *)(uintptr_t)++n);
    n_vals += sharc_op_num_results(op);
  }
  lifetimes *lt = calloc(1, sizeof *lt);
  lt->n_ops = n;
  lt->start = calloc(n + 2, sizeof *lt->start);
  lt->dead = calloc(n_vals ? n_vals : 1, sizeof *lt->dead);
  unsigned *at = calloc(n_vals ? n_vals : 1, sizeof *at);
  const sharc_value **vals = calloc(n_vals ? n_vals : 1, sizeof *vals);
  unsigned k = 0, i = 0;
  for (unsigned a = 0; a < sharc_block_num_args(b); a++, k++) {
    vals[k] = sharc_block_arg(b, a);
    at[k] = last_use(vals[k], b, &index, 0);
  }
  for (sharc_op *op = sharc_block_first_op(b); op; op = sharc_op_next(op), i++)
    for (unsigned r = 0; r < sharc_op_num_results(op); r++, k++) {
      vals[k] = sharc_op_result(op, r);
      at[k] = last_use(vals[k], b, &index, i);
    }
  for (k = 0; k < n_vals; k++) /* counting sort by the op after which they die */
    lt->start[at[k] + 1]++;
  for (i = 0; i < n; i++)
    lt->start[i + 1] += lt->start[i];
  unsigned *fill = calloc(n + 1, sizeof *fill);
  for (k = 0; k < n_vals; k++)
    lt->dead[lt->start[at[k]] + fill[at[k]]++] = vals[k];
  free(fill);
  free(at);
  free(vals);
  sharc_ptrmap_free(&index);
  return lt;
}

static const lifetimes *lifetimes_of(sharc_interp *ip, sharc_block *b) {
  lifetimes *lt = sharc_ptrmap_get(&ip->lifetimes, b);
  if (!lt) {
    lt = lifetimes_make(b);
    sharc_ptrmap_put(&ip->lifetimes, b, lt);
  }
  return lt;
}

static void lifetimes_free_all(sharc_ptrmap *m) {
  for (size_t i = 0; i < m->cap; i++)
    if (m->keys && m->keys[i]) {
      lifetimes *lt = m->vals[i];
      free(lt->start);
      free(lt->dead);
      free(lt);
    }
  sharc_ptrmap_free(m);
}

/* Releases the values that die after op `i` of the scope's block. */
static void release_dead(sharc_scope *sc, const lifetimes *lt, unsigned i) {
  for (unsigned k = lt->start[i]; k < lt->start[i + 1]; k++) {
    sharc_tensor *t = sharc_ptrmap_get(&sc->map, lt->dead[k]);
    if (!t)
      continue;
    sharc_ptrmap_put(&sc->map, lt->dead[k], NULL);
    sharc_tensor_release(t);
  }
}

bool sharc_interp_run_region(sharc_interp *ip, sharc_region *r, sharc_scope *parent,
                             sharc_tensor *const *args, unsigned n_args, sharc_tensor **results,
                             unsigned *n_results) {
  sharc_block *b = sharc_region_first_block(r);
  sharc_op *owner = sharc_region_parent_op(r);
  /* a region run counts as an op: a loop whose regions hold only their
   * terminators must meet the limit too */
  if (ip->opts->max_ops && ++ip->ops_run > ip->opts->max_ops)
    return sharc_interp_fail(ip, owner, "the program ran more than %llu ops",
                             (unsigned long long)ip->opts->max_ops);
  if (!b)
    return sharc_interp_fail(ip, owner, "region has no block to run");
  if (sharc_block_num_args(b) != n_args)
    return sharc_interp_fail(ip, owner, "region expects %u arguments but got %u",
                             sharc_block_num_args(b), n_args);
  sharc_scope sc = {.parent = parent};
  for (unsigned i = 0; i < n_args; i++) {
    sharc_tensor_retain(args[i]);
    scope_bind(&sc, sharc_block_arg(b, i), args[i]);
  }
  bool ok = true, returned = false;
  const lifetimes *lt = lifetimes_of(ip, b);
  unsigned index = 0;
  for (sharc_op *op = sharc_block_first_op(b); ok && op; op = sharc_op_next(op), index++) {
    if (is_terminator(op) && !sharc_op_next(op)) {
      unsigned n = sharc_op_num_operands(op);
      for (unsigned i = 0; ok && i < n; i++) {
        results[i] = scope_find(&sc, sharc_op_operand(op, i));
        if (!results[i]) {
          for (unsigned j = 0; j < i; j++)
            sharc_tensor_release(results[j]);
          ok = sharc_interp_fail(ip, op, "operand #%u has no value at run time", i);
        } else {
          sharc_tensor_retain(results[i]);
        }
      }
      *n_results = n;
      returned = ok;
      break;
    }
    ok = eval_op(ip, op, &sc);
    if (ok && index < lt->n_ops)
      release_dead(&sc, lt, index);
  }
  if (ok && !returned)
    ok = sharc_interp_fail(ip, owner, "region ended without a terminator");
  scope_free(&sc);
  return ok;
}

bool sharc_interp_call(sharc_interp *ip, sharc_op *func, sharc_tensor *const *args,
                       unsigned n_args, sharc_tensor **results, unsigned *n_results) {
  if (sharc_op_num_regions(func) == 0 || !sharc_region_first_block(sharc_op_region(func, 0)))
    return sharc_interp_fail(ip, func, "cannot call a function without a body");
  if (ip->depth >= MAX_CALL_DEPTH)
    return sharc_interp_fail(ip, func, "call depth exceeds %d", MAX_CALL_DEPTH);
  ip->depth++;
  bool ok = sharc_interp_run_region(ip, sharc_op_region(func, 0), NULL, args, n_args, results,
                                    n_results);
  ip->depth--;
  return ok;
}

sharc_tensor *sharc_scalar_new(sharc_type *t) { return sharc_tensor_new(t); }

/* ---- attributes ------------------------------------------------------------------ */

unsigned sharc_interp_attr_len(const sharc_attr *a) {
  if (!a)
    return 0;
  if (a->kind == SHARC_ATTR_DENSE_ARRAY)
    return sharc_darray_n(a);
  if (a->kind == SHARC_ATTR_DENSE_ELEMENTS)
    return (unsigned)sharc_type_num_elements(a->type);
  if (a->kind == SHARC_ATTR_ARRAY)
    return sharc_array_n(a);
  return 0;
}

int64_t sharc_interp_attr_i64(const sharc_attr *a, unsigned i) {
  if (a->kind == SHARC_ATTR_DENSE_ARRAY)
    return sharc_attr_dense_array_i64(a, i);
  if (a->kind == SHARC_ATTR_DENSE_ELEMENTS) {
    uint64_t w = sharc_dense_splat(a) ? sharc_dense_raw(a)[0] : sharc_dense_raw(a)[i];
    sharc_type *e = sharc_type_element(a->type);
    unsigned bits = sharc_type_bit_width(e);
    bool uns = sharc_type_get_kind(e) == SHARC_TYPE_INTEGER &&
               sharc_type_int_signedness(e) == SHARC_UNSIGNED;
    return sharc_int_wrap((int64_t)w, bits, uns || bits == 1);
  }
  if (a->kind == SHARC_ATTR_ARRAY)
    return sharc_attr_int_value(sharc_array_elems(a)[i]);
  return 0;
}

/* ---- the entry point ---------------------------------------------------------------- */

sharc_op *sharc_interp_find_entry(sharc_op *module, const char *entry) {
  const char *name = entry ? entry : "main";
  sharc_block *b = sharc_region_first_block(sharc_op_region(module, 0));
  sharc_op *only = NULL;
  unsigned funcs = 0;
  for (sharc_op *op = b ? sharc_block_first_op(b) : NULL; op; op = sharc_op_next(op)) {
    if (!sharc_op_isa(op, &sharc_func_func_def))
      continue;
    if (sharc_str_eq_cstr(sharc_op_symbol_name(op), name))
      return op;
    only = op;
    funcs++;
  }
  return funcs == 1 && strcmp(name, "main") == 0 ? only : NULL;
}

static bool has_funcs(sharc_op *module) {
  sharc_block *b = sharc_region_first_block(sharc_op_region(module, 0));
  for (sharc_op *op = b ? sharc_block_first_op(b) : NULL; op; op = sharc_op_next(op))
    if (sharc_op_isa(op, &sharc_func_func_def))
      return true;
  return false;
}

/* A run starts a new probe index: the directory's index.csv is removed. */
static bool fresh_probe_index(sharc_context *ctx, sharc_op *module,
                              const sharc_interpret_options *o) {
  if (!o->probe_dir || !*o->probe_dir)
    return true;
  sharc_buf path = {0};
  sharc_buf_puts(&path, o->probe_dir);
  if (path.data[path.len - 1] != '/')
    sharc_buf_putc(&path, '/');
  sharc_buf_puts(&path, "index.csv");
  bool ok = remove(path.data) == 0 || errno == ENOENT;
  sharc_buf_free(&path);
  if (!ok)
    sharc_emit(ctx, SHARC_SEV_ERROR, sharc_op_loc(module),
               "Failed to remove existing instrumentation metadata file.");
  return ok;
}

static bool check_args(sharc_interp *ip, sharc_op *func, sharc_tensor *const *args, unsigned n) {
  sharc_type *ft = sharc_attr_type_value(sharc_op_attr(func, "function_type"));
  unsigned want = sharc_type_func_num_inputs(ft);
  if (want != n) {
    sharc_emit(ip->ctx, SHARC_SEV_ERROR, sharc_op_loc(func),
               "incorrect number of arguments specified, provided %u inputs but function "
               "expected %u",
               n, want);
    return false;
  }
  for (unsigned i = 0; i < n; i++) {
    sharc_type *t = sharc_type_func_input(ft, i);
    if (args[i]->type == t)
      continue;
    sharc_buf a = {0}, b = {0};
    sharc_print_type(args[i]->type, &a);
    sharc_print_type(t, &b);
    sharc_emit(ip->ctx, SHARC_SEV_ERROR, sharc_op_loc(func),
               "invalid input argument type at index %u, input type was %s but entry function "
               "expected %s",
               i, a.data, b.data);
    sharc_buf_free(&a);
    sharc_buf_free(&b);
    return false;
  }
  return true;
}

void sharc_interp_init(sharc_interp *ip, sharc_context *ctx, const sharc_interpret_options *o) {
  memset(ip, 0, sizeof *ip);
  ip->ctx = ctx;
  ip->opts = o;
}

void sharc_interp_dispose(sharc_interp *ip) {
  sharc_ptrmap_free(&ip->kernels);
  lifetimes_free_all(&ip->lifetimes);
}

bool sharc_interpret_module(sharc_op *module, sharc_tensor *const *args, unsigned num_args,
                            const sharc_interpret_options *options, sharc_tensor ***results,
                            unsigned *num_results) {
  static const sharc_interpret_options defaults = {0};
  const sharc_interpret_options *o = options ? options : &defaults;
  sharc_context *ctx = sharc_op_context(module);
  *results = NULL;
  *num_results = 0;
  if (!has_funcs(module))
    return true; /* nothing to run, as the reference */
  sharc_op *func = sharc_interp_find_entry(module, o->entry);
  if (!func) {
    sharc_emit(ctx, SHARC_SEV_ERROR, sharc_op_loc(module), "module must have entry func with name %s",
               o->entry ? o->entry : "main");
    return false;
  }
  sharc_interp ip;
  sharc_interp_init(&ip, ctx, o);
  _Atomic int64_t probes = 0;
  ip.shared_probe_counter = &probes;
  bool ok = check_args(&ip, func, args, num_args) && fresh_probe_index(ctx, module, o);
  sharc_type *ft = sharc_attr_type_value(sharc_op_attr(func, "function_type"));
  unsigned n_res = sharc_type_func_num_results(ft);
  sharc_tensor **res = calloc(n_res ? n_res : 1, sizeof *res);
  unsigned got = 0;
  ok = ok && sharc_interp_call(&ip, func, args, num_args, res, &got);
  sharc_interp_dispose(&ip);
  if (!ok) {
    free(res);
    return false;
  }
  *results = res;
  *num_results = got;
  return true;
}

/* ---- kernel helpers ---------------------------------------------------------------- */

bool sharc_interp_fits(sharc_interp *ip, sharc_op *op, sharc_type *type) {
  int64_t n = sharc_type_get_kind(type) == SHARC_TYPE_TENSOR ? sharc_type_num_elements(type) : 0;
  if (!ip->opts->max_tensor_bytes || n <= 0 || (uint64_t)n <= ip->opts->max_tensor_bytes / 16)
    return true;
  sharc_str name = sharc_ident_str(sharc_op_name(op));
  return sharc_interp_fail(ip, op, "%.*s: a tensor of %lld elements exceeds the memory limit",
                           (int)name.len, name.data, (long long)n);
}

sharc_tensor *sharc_tensor_new_at(sharc_interp *ip, sharc_op *op, sharc_type *type) {
  if (!sharc_interp_fits(ip, op, type))
    return NULL;
  sharc_tensor *t = sharc_tensor_new(type);
  if (t)
    return t;
  sharc_buf b = {0};
  sharc_print_type(type, &b);
  sharc_str n = sharc_ident_str(sharc_op_name(op));
  sharc_interp_fail(ip, op, "%.*s: cannot make a runtime tensor of type %s", (int)n.len, n.data,
                    b.data);
  sharc_buf_free(&b);
  return NULL;
}

sharc_tensor *sharc_result_new(sharc_interp *ip, sharc_op *op, unsigned i) {
  if (ip->result_override && ip->result_override[i])
    return sharc_tensor_new_at(ip, op, ip->result_override[i]);
  return sharc_tensor_new_at(ip, op, sharc_value_type(sharc_op_result(op, i)));
}

int sharc_kernel_i64s(const sharc_interp *ip, const sharc_op *op, const char *name, int64_t *out,
                      unsigned max) {
  for (unsigned g = 0; g < ip->n_given; g++) {
    if (strcmp(ip->given[g].name, name) != 0)
      continue;
    for (int i = 0; i < ip->given[g].n && i < (int)max; i++)
      out[i] = ip->given[g].vals[i];
    return ip->given[g].n;
  }
  return sharc_attr_i64s(op, name, out, max);
}

int sharc_attr_i64s(const sharc_op *op, const char *name, int64_t *out, unsigned max) {
  sharc_attr *a = sharc_op_attr(op, name);
  if (!a)
    return -1;
  unsigned n = sharc_interp_attr_len(a);
  for (unsigned i = 0; i < n && i < max; i++)
    out[i] = sharc_interp_attr_i64(a, i);
  return (int)n;
}

/* ---- the shared context ------------------------------------------------------------- */

static pthread_mutex_t context_lock = PTHREAD_MUTEX_INITIALIZER;

sharc_tensor *sharc_interp_token(sharc_interp *ip) {
  pthread_mutex_lock(&context_lock);
  sharc_tensor *t = sharc_tensor_token(ip->ctx);
  pthread_mutex_unlock(&context_lock);
  return t;
}

sharc_type *sharc_interp_tensor_type(sharc_interp *ip, const int64_t *shape, unsigned rank,
                                     sharc_type *elem) {
  pthread_mutex_lock(&context_lock);
  sharc_type *t = sharc_type_tensor(ip->ctx, shape, rank, elem, NULL);
  pthread_mutex_unlock(&context_lock);
  return t;
}

void sharc_interp_lock_output(sharc_interp *ip) {
  (void)ip;
  pthread_mutex_lock(&context_lock);
}

void sharc_interp_unlock_output(sharc_interp *ip) {
  (void)ip;
  pthread_mutex_unlock(&context_lock);
}
