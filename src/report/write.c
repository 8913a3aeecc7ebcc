/* The report as text: an aligned table per function (colours on request),
 * JSON, or CSV. */
#include "report/report_internal.h"

#include "dialect/sdy/sdy_ops.h"
#include "support/xalloc.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- small text helpers ------------------------------------------------------ */

void sharc_report_put_bytes(sharc_buf *out, int64_t bytes) {
  static const char *const units[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  if (bytes < 0) {
    sharc_buf_putc(out, '?');
    return;
  }
  if (bytes < 1024) {
    sharc_buf_put_i64(out, bytes);
    SHARC_BUF_LIT(out, " B");
    return;
  }
  unsigned u = 0, shift = 10;
  if (bytes >= (int64_t)1 << 53) { /* beyond a double's integers: as printf sees them */
    double v = (double)bytes / 1024;
    for (; v >= 1024 && u + 1 < sizeof units / sizeof units[0]; u++)
      v /= 1024;
    sharc_buf_printf(out, "%.1f %s", v, units[u]);
    return;
  }
  while (bytes >> shift >= 1024 && u + 1 < sizeof units / sizeof units[0]) {
    shift += 10;
    u++;
  }
  /* tenths of the unit, rounded half to even as printf's %.1f rounds the
   * exact quotient (one printf per table row was a tenth of the report) */
  uint64_t scaled = (uint64_t)bytes * 10, half = (uint64_t)1 << (shift - 1);
  uint64_t tenths = scaled >> shift, rest = scaled & (((uint64_t)1 << shift) - 1);
  if (rest > half || (rest == half && (tenths & 1)))
    tenths++;
  sharc_buf_put_u64(out, tenths / 10);
  sharc_buf_putc(out, '.');
  sharc_buf_putc(out, (char)('0' + tenths % 10));
  sharc_buf_putc(out, ' ');
  sharc_buf_puts(out, units[u]);
}

/* The sizes of `shape`, `sep` between them, `dynamic` for a dynamic one. */
static void put_dims(sharc_buf *out, const int64_t *shape, unsigned rank, const char *sep,
                     const char *dynamic) {
  for (unsigned d = 0; d < rank; d++) {
    if (d)
      sharc_buf_puts(out, sep);
    if (shape[d] < 0)
      sharc_buf_puts(out, dynamic);
    else
      sharc_buf_put_i64(out, shape[d]);
  }
}

void sharc_report_put_shape(sharc_buf *out, const int64_t *shape, unsigned rank) {
  if (!rank) {
    SHARC_BUF_LIT(out, "scalar");
    return;
  }
  put_dims(out, shape, rank, "x", "?");
}

void sharc_report_put_escaped(sharc_buf *out, const char *s, const char *const escapes[256],
                              void (*control)(sharc_buf *out, unsigned char byte)) {
  const unsigned char *p = (const unsigned char *)s;
  for (;;) {
    /* plain bytes go out in runs: most texts have nothing to escape */
    const unsigned char *run = p;
    while (*p >= 0x20 && !escapes[*p])
      p++;
    sharc_buf_put(out, (const char *)run, (size_t)(p - run));
    if (!*p)
      return;
    if (escapes[*p])
      sharc_buf_puts(out, escapes[*p]);
    else
      control(out, *p);
    p++;
  }
}

static const char *const json_escapes[256] = {
    ['"'] = "\\\"", ['\\'] = "\\\\", ['\n'] = "\\n", ['\t'] = "\\t", ['\r'] = "\\r",
};

static void json_control(sharc_buf *out, unsigned char byte) {
  sharc_buf_printf(out, "\\u%04x", byte);
}

void sharc_report_put_json_string(sharc_buf *out, const char *s) {
  sharc_buf_putc(out, '"');
  sharc_report_put_escaped(out, s ? s : "", json_escapes, json_control);
  sharc_buf_putc(out, '"');
}

size_t sharc_report_text_width(const char *s) {
  size_t n = 0;
  for (const unsigned char *p = (const unsigned char *)s; *p; p++)
    n += (*p & 0xC0) != 0x80;
  return n;
}

/* Empties `b`, leaving it a valid empty string. */
static void clear(sharc_buf *b) {
  b->len = 0;
  sharc_buf_reserve(b, 1);
  b->data[0] = 0;
}

static const char *func_name(const sharc_op *func, sharc_buf *tmp) {
  tmp->len = 0;
  sharc_buf_put_str(tmp, sharc_op_symbol_name(func));
  return tmp->data ? tmp->data : "";
}

static const char *shard_text(const sharc_report_value *v, sharc_buf *tmp) {
  tmp->len = 0;
  if (!v->element_bits) {
    SHARC_BUF_LIT(tmp, "-");
    return tmp->data;
  }
  sharc_report_put_shape(tmp, v->shard_shape, v->rank);
  if (v->padded)
    sharc_buf_putc(tmp, '*');
  return tmp->data;
}

static const char *bytes_text(int64_t bytes, sharc_buf *tmp) {
  tmp->len = 0;
  sharc_report_put_bytes(tmp, bytes);
  return tmp->data;
}

/* ---- table ------------------------------------------------------------------------ */

enum { COL_VALUE, COL_NAME, COL_OP, COL_LOC, COL_TYPE, COL_SPEC, COL_REPL, COL_SHARD,
       COL_BYTES, NUM_COLS };

static const char *const headers[NUM_COLS] = {"value",    "name",       "op",    "location", "type",
                                              "sharding", "replicated", "shard", "per device"};

typedef struct table {
  sharc_buf *out;
  bool color;
  size_t width[NUM_COLS];
  sharc_buf cell[NUM_COLS];
} table;

static const char *op_short(const char *op) {
  return strncmp(op, "stablehlo.", 10) == 0 ? op + 10 : op;
}

static void value_cells(table *t, const sharc_report_value *v) {
  for (unsigned c = 0; c < NUM_COLS; c++)
    clear(&t->cell[c]);
  sharc_buf_puts(&t->cell[COL_VALUE], v->name);
  if (v->kind == SHARC_REPORT_ARGUMENT || v->kind == SHARC_REPORT_RESULT)
    sharc_buf_puts(&t->cell[COL_NAME], v->label);
  sharc_buf_puts(&t->cell[COL_OP], op_short(v->op_name));
  sharc_buf_puts(&t->cell[COL_LOC], v->location);
  sharc_buf_puts(&t->cell[COL_TYPE], v->type);
  sharc_buf_puts(&t->cell[COL_SPEC], v->spec);
  sharc_buf_puts(&t->cell[COL_REPL], v->replicated);
  shard_text(v, &t->cell[COL_SHARD]);
  if (v->element_bits)
    sharc_report_put_bytes(&t->cell[COL_BYTES], v->bytes_per_device);
  else
    SHARC_BUF_LIT(&t->cell[COL_BYTES], "-");
}

static void pad(sharc_buf *out, size_t n) { sharc_buf_indent(out, (unsigned)n); }

static void put_cell(table *t, unsigned c, const char *text, const char *color, bool last) {
  if (t->color && color && *text)
    sharc_buf_puts(t->out, color);
  sharc_buf_puts(t->out, text);
  if (t->color && color && *text)
    SHARC_BUF_LIT(t->out, "\x1b[0m");
  if (!last)
    pad(t->out, t->width[c] - sharc_report_text_width(text) + 2);
}

static void header_row(table *t) {
  SHARC_BUF_LIT(t->out, "  ");
  for (unsigned c = 0; c < NUM_COLS; c++)
    put_cell(t, c, headers[c], "\x1b[1m", c + 1 == NUM_COLS);
  sharc_buf_putc(t->out, '\n');
}

static void value_row(table *t, const sharc_report_value *v) {
  value_cells(t, v);
  SHARC_BUF_LIT(t->out, "  ");
  for (unsigned c = 0; c < NUM_COLS; c++) {
    const char *color = NULL;
    if (c == COL_SPEC)
      color = "\x1b[36m";
    else if (c == COL_SHARD && v->padded)
      color = "\x1b[31m";
    else if (c == COL_VALUE && v->changed)
      color = "\x1b[33m";
    put_cell(t, c, t->cell[c].data, color, c + 1 == NUM_COLS);
  }
  sharc_buf_putc(t->out, '\n');
}

/* The values of one function, [begin, end) of the listed ones. */
static void function_table(table *t, const sharc_report *r, unsigned begin, unsigned end) {
  for (unsigned c = 0; c < NUM_COLS; c++)
    t->width[c] = strlen(headers[c]);
  for (unsigned i = begin; i < end; i++) {
    value_cells(t, sharc_report_value_at(r, i));
    for (unsigned c = 0; c < NUM_COLS; c++) {
      size_t w = sharc_report_text_width(t->cell[c].data);
      if (w > t->width[c])
        t->width[c] = w;
    }
  }
  header_row(t);
  for (unsigned i = begin; i < end; i++)
    value_row(t, sharc_report_value_at(r, i));
}

static void mesh_line(sharc_buf *out, const char *name, const sharc_attr *mesh) {
  if (*name)
    sharc_buf_printf(out, "mesh @%s: ", name);
  else
    SHARC_BUF_LIT(out, "mesh: ");
  unsigned n = sharc_sdy_mesh_num_axes(mesh);
  int64_t total = 1;
  for (unsigned a = 0; a < n; a++) {
    const sharc_attr *axis = sharc_sdy_mesh_axis(mesh, a);
    sharc_str an = sharc_sdy_mesh_axis_name(axis);
    int64_t s = sharc_sdy_mesh_axis_size(axis);
    sharc_buf_printf(out, "%s'%.*s'=%" PRId64, a ? " x " : "", (int)an.len, an.data, s);
    total = s > 0 && total <= INT64_MAX / s ? total * s : total;
  }
  if (!n && sharc_sdy_mesh_num_device_ids(mesh) == 1)
    sharc_buf_printf(out, "one device (id %" PRId64 ")\n", sharc_sdy_mesh_device_id(mesh, 0));
  else if (!n)
    SHARC_BUF_LIT(out, "no axes (1 device)\n");
  else
    sharc_buf_printf(out, " (%" PRId64 " device%s)\n", total, total == 1 ? "" : "s");
}

/* The sdy.mesh ops of the module, in order. */
static void meshes_text(const sharc_report *r, sharc_buf *out) {
  sharc_block *body = sharc_report_module_body(r->module);
  for (sharc_op *op = body ? sharc_block_first_op(body) : NULL; op; op = sharc_op_next(op)) {
    const sharc_attr *mesh = sharc_op_attr(op, "mesh");
    if (!mesh || !sharc_sdy_is_mesh(mesh) || !sharc_op_isa(op, &sharc_sdy_mesh_op_def))
      continue;
    sharc_str name = sharc_op_symbol_name(op);
    char buf[256];
    snprintf(buf, sizeof buf, "%.*s", (int)name.len, name.data);
    mesh_line(out, buf, mesh);
  }
}

/* ---- the other tables: rows of cells, aligned ----------------------------------------- */

typedef struct grid {
  unsigned cols;
  SHARC_VEC(char *) cells; /* row-major, owned */
} grid;

static void grid_row(grid *g, const char *const *cells) {
  for (unsigned c = 0; c < g->cols; c++)
    sharc_vec_push(&g->cells, sharc_str_dup(sharc_str_from_cstr(cells[c])));
}

/* The rows under bold `headers`; a column whose header is NULL is left out. */
static void grid_write(grid *g, const char *const *headers, bool color, sharc_buf *out) {
  size_t w[16] = {0};
  unsigned rows = g->cols ? g->cells.len / g->cols : 0, last = 0;
  for (unsigned c = 0; c < g->cols && c < 16; c++) {
    if (!headers[c])
      continue;
    last = c;
    w[c] = strlen(headers[c]);
    for (unsigned i = 0; i < rows; i++) {
      size_t n = sharc_report_text_width(g->cells.items[i * g->cols + c]);
      if (n > w[c])
        w[c] = n;
    }
  }
  SHARC_BUF_LIT(out, "  ");
  for (unsigned c = 0; c <= last; c++) {
    if (!headers[c])
      continue;
    sharc_buf_printf(out, "%s%s%s", color ? "\x1b[1m" : "", headers[c], color ? "\x1b[0m" : "");
    if (c < last)
      pad(out, w[c] - strlen(headers[c]) + 2);
  }
  sharc_buf_putc(out, '\n');
  for (unsigned i = 0; i < rows; i++) {
    SHARC_BUF_LIT(out, "  ");
    for (unsigned c = 0; c <= last; c++) {
      if (!headers[c])
        continue;
      const char *cell = g->cells.items[i * g->cols + c];
      sharc_buf_puts(out, cell);
      if (c < last)
        pad(out, w[c] - sharc_report_text_width(cell) + 2);
    }
    while (out->len && out->data[out->len - 1] == ' ')
      out->len--;
    sharc_buf_putc(out, '\n');
  }
  for (unsigned i = 0; i < g->cells.len; i++)
    free(g->cells.items[i]);
  sharc_vec_free(&g->cells);
}

/* `@name` of a function when the module has several, else NULL (the
 * column is left out). */
static const char *several(const sharc_report *r, const char *header) {
  return sharc_report_get_summary(r)->num_functions > 1 ? header : NULL;
}

static const char *at_func(const sharc_op *func, sharc_buf *tmp) {
  tmp->len = 0;
  sharc_buf_putc(tmp, '@');
  sharc_buf_put_str(tmp, sharc_op_symbol_name(func));
  return tmp->data;
}

/* How often a collective runs, for its table. */
static const char *runs_text(const sharc_report_collective *c, sharc_buf *tmp) {
  clear(tmp);
  if (c->executions < 0)
    SHARC_BUF_LIT(tmp, "each iteration");
  else
    sharc_buf_put_i64(tmp, c->executions);
  return tmp->data;
}

static bool any_loop_collective(const sharc_report *r) {
  for (unsigned i = 0; i < sharc_report_num_loops(r); i++)
    if (sharc_report_loop_at(r, i)->num_collectives)
      return true;
  return false;
}

static void collectives_table(const sharc_report *r, bool color, sharc_buf *out) {
  const char *h[] = {several(r, "function"), "value", "kind", "axes", "from", "to", "location",
                     "moved/device", any_loop_collective(r) ? "runs" : NULL};
  grid g = {9, {0}};
  sharc_buf fn = {0}, bytes = {0}, runs = {0};
  for (unsigned i = 0; i < sharc_report_num_collectives(r); i++) {
    const sharc_report_collective *c = sharc_report_collective_at(r, i);
    const char *cells[] = {at_func(c->value->func, &fn), c->value->name, c->kind, c->axes,
                           c->from_spec, c->value->spec, c->value->location,
                           bytes_text(c->bytes_moved, &bytes), runs_text(c, &runs)};
    grid_row(&g, cells);
  }
  grid_write(&g, h, color, out);
  sharc_buf_free(&fn);
  sharc_buf_free(&bytes);
  sharc_buf_free(&runs);
}

static void trip_text(int64_t trips, sharc_buf *tmp) {
  clear(tmp);
  if (trips < 0)
    SHARC_BUF_LIT(tmp, "? (not static)");
  else
    sharc_buf_put_i64(tmp, trips);
}

/* The loops holding collectives: their trip counts and bytes. */
static void loops_table(const sharc_report *r, bool color, sharc_buf *out) {
  const char *h[] = {several(r, "function"), "loop", "location", "trip count", "collectives",
                     "moved/device per iteration", "moved/device in all"};
  grid g = {7, {0}};
  sharc_buf fn = {0}, trips = {0}, num = {0}, per = {0}, all = {0};
  for (unsigned i = 0; i < sharc_report_num_loops(r); i++) {
    const sharc_report_loop *l = sharc_report_loop_at(r, i);
    if (!l->num_collectives)
      continue;
    trip_text(l->trip_count, &trips);
    clear(&num);
    sharc_buf_put_u64(&num, l->num_collectives);
    bytes_text(l->bytes_moved_per_iteration, &per);
    if (l->trip_count < 0) {
      clear(&all);
      SHARC_BUF_LIT(&all, "per iteration");
    } else {
      int64_t b = l->bytes_moved_per_iteration, t = l->trip_count;
      bytes_text(t && b > INT64_MAX / t ? INT64_MAX : b * t, &all);
    }
    const char *cells[] = {at_func(l->value->func, &fn), l->value->name, l->value->location,
                           trips.data, num.data, per.data, all.data};
    grid_row(&g, cells);
  }
  grid_write(&g, h, color, out);
  sharc_buf_free(&fn);
  sharc_buf_free(&trips);
  sharc_buf_free(&num);
  sharc_buf_free(&per);
  sharc_buf_free(&all);
}

static const char *dim_text(int dim, sharc_buf *tmp) {
  clear(tmp);
  if (dim < 0)
    SHARC_BUF_LIT(tmp, "unreduced");
  else
    sharc_buf_put_i64(tmp, dim);
  return tmp->data;
}

/* The user's shardings the pipeline changed, one row per axis. */
static void changes_table(const sharc_report *r, bool color, sharc_buf *out) {
  const char *h[] = {several(r, "function"), "value", "name", "user sharding", "now", "dim",
                     "axis", "kept", "reason", "why"};
  grid g = {10, {0}};
  sharc_buf fn = {0}, dim = {0};
  for (unsigned i = 0; i < sharc_report_num_changes(r); i++) {
    const sharc_report_change *ch = sharc_report_change_at(r, i);
    const sharc_report_value *v = ch->value;
    for (unsigned k = 0; k < ch->num_axes; k++) {
      const sharc_report_axis_change *a = &ch->axes[k];
      const char *cells[] = {at_func(v->func, &fn), v->name, v->label, ch->user_spec, v->spec,
                             dim_text(a->dim, &dim), a->axis, a->kept, a->reason, a->detail};
      grid_row(&g, cells);
    }
  }
  grid_write(&g, h, color, out);
  sharc_buf_free(&fn);
  sharc_buf_free(&dim);
}

/* A summary line's end: `bytes`, what they are, the note when there is one. */
static void put_bytes_line_end(sharc_buf *out, int64_t bytes, const char *what, const char *note) {
  sharc_report_put_bytes(out, bytes);
  sharc_buf_puts(out, what);
  if (note)
    sharc_buf_puts(out, note);
  sharc_buf_putc(out, '\n');
}

static void bytes_line(sharc_buf *out, const char *what, const sharc_report_bytes *b) {
  sharc_buf_printf(out, "  %-10s %u tensor%s: ", what, b->count, b->count == 1 ? "" : "s");
  sharc_report_put_bytes(out, b->per_device_peak);
  SHARC_BUF_LIT(out, " per device (peak), ");
  sharc_report_put_bytes(out, b->all_devices);
  SHARC_BUF_LIT(out, " on all devices, ");
  put_bytes_line_end(out, b->global, " unsharded",
                     b->unknown ? " (tensors of unknown size left out)" : NULL);
}

static void write_table(const sharc_report *r, bool color, const char *title, sharc_buf *out) {
  table t = {0};
  t.out = out;
  t.color = color;
  if (title)
    sharc_buf_printf(out, "%s\n", title);
  meshes_text(r, out);
  sharc_buf tmp = {0};
  for (unsigned i = 0; i < sharc_report_num_values(r);) {
    const sharc_op *func = sharc_report_value_at(r, i)->func;
    unsigned j = i;
    while (j < sharc_report_num_values(r) && sharc_report_value_at(r, j)->func == func)
      j++;
    sharc_buf_printf(out, "\n%s@%s%s\n", color ? "\x1b[1m" : "", func_name(func, &tmp),
                     color ? "\x1b[0m" : "");
    function_table(&t, r, i, j);
    i = j;
  }
  const sharc_report_summary *s = sharc_report_get_summary(r);
  if (sharc_report_num_collectives(r)) {
    SHARC_BUF_LIT(out, "\nreshards and collectives (bytes each device receives)\n");
    collectives_table(r, color, out);
  }
  if (any_loop_collective(r)) {
    SHARC_BUF_LIT(out, "\nloops (their collectives run once per iteration)\n");
    loops_table(r, color, out);
  }
  if (sharc_report_num_changes(r)) {
    SHARC_BUF_LIT(out, "\nuser shardings changed (the user's axes the pipeline dropped or "
                       "narrowed)\n");
    changes_table(r, color, out);
  }
  SHARC_BUF_LIT(out, "\nsummary\n");
  bytes_line(out, "arguments", &s->arguments);
  bytes_line(out, "results", &s->results);
  if (!r->opts.explicit_collectives && !s->num_kinds) {
    SHARC_BUF_LIT(out, "  communication not computed: propagation only (--no-comm)\n");
  } else if (!s->num_kinds) {
    SHARC_BUF_LIT(out, "  no reshards or collectives\n");
  } else {
    for (unsigned k = 0; k < s->num_kinds; k++) {
      sharc_buf_printf(out, "  %-20s %u, ", s->kinds[k].kind, s->kinds[k].count);
      put_bytes_line_end(out, s->kinds[k].bytes_moved, " per device",
                         s->kinds[k].per_iteration
                             ? " (a loop of unknown trip count: per iteration)"
                             : NULL);
    }
    SHARC_BUF_LIT(out, "  moved in all:        ");
    put_bytes_line_end(out, s->bytes_moved, " per device",
                       s->bytes_moved_per_iteration
                           ? " (loops of unknown trip count counted once: per iteration)"
                           : NULL);
  }
  if (!r->opts.explicit_collectives && s->num_kinds)
    SHARC_BUF_LIT(out, "  (propagation only, --no-comm: the reshards and collectives the module "
                       "already had)\n");
  if (s->num_padded)
    sharc_buf_printf(out, "  * %u value%s with a dimension that does not divide: shards rounded up\n",
                     s->num_padded, s->num_padded == 1 ? "" : "s");
  if (s->num_changed_user_shardings)
    sharc_buf_printf(out, "  ! %u user sharding%s changed by the pipeline (listed above)\n",
                     s->num_changed_user_shardings,
                     s->num_changed_user_shardings == 1 ? "" : "s");
  sharc_buf_free(&tmp);
  for (unsigned c = 0; c < NUM_COLS; c++)
    sharc_buf_free(&t.cell[c]);
}

/* ---- JSON ---------------------------------------------------------------------------- */

static const char *const kind_names[] = {"argument", "result", "op_result", "block_argument"};

static void json_shape(sharc_buf *out, const int64_t *shape, unsigned rank) {
  sharc_buf_putc(out, '[');
  put_dims(out, shape, rank, ", ", "null");
  sharc_buf_putc(out, ']');
}

static void json_int(sharc_buf *out, int64_t v) {
  if (v < 0)
    SHARC_BUF_LIT(out, "null");
  else
    sharc_buf_put_i64(out, v);
}

static void json_key(sharc_buf *out, const char *key, const char *s) {
  sharc_buf_putc(out, '"');
  sharc_buf_puts(out, key);
  SHARC_BUF_LIT(out, "\": ");
  sharc_report_put_json_string(out, s);
}

static void json_value(sharc_buf *out, const sharc_report_value *v) {
  SHARC_BUF_LIT(out, "{\"kind\": ");
  sharc_report_put_json_string(out, kind_names[v->kind]);
  SHARC_JSON_FIELD(out, "index", sharc_buf_put_u64(out, v->index));
  SHARC_JSON_STRING_FIELD(out, "value", v->name);
  SHARC_JSON_STRING_FIELD(out, "name", v->label);
  SHARC_JSON_STRING_FIELD(out, "op", v->op_name);
  SHARC_JSON_STRING_FIELD(out, "location", v->location);
  SHARC_JSON_STRING_FIELD(out, "type", v->type);
  SHARC_JSON_STRING_FIELD(out, "mesh", v->mesh_name);
  SHARC_JSON_STRING_FIELD(out, "sharding", v->spec);
  SHARC_JSON_STRING_FIELD(out, "replicated", v->replicated);
  SHARC_JSON_STRING_FIELD(out, "unreduced", v->unreduced);
  SHARC_JSON_FIELD(out, "shape", json_shape(out, v->shape, v->element_bits ? v->rank : 0));
  SHARC_JSON_FIELD(out, "shard_shape",
                   json_shape(out, v->shard_shape, v->element_bits ? v->rank : 0));
  SHARC_JSON_FIELD(out, "element_bits", sharc_buf_put_u64(out, v->element_bits));
  SHARC_JSON_FIELD(out, "bytes", json_int(out, v->bytes));
  SHARC_JSON_FIELD(out, "bytes_per_device", json_int(out, v->bytes_per_device));
  SHARC_JSON_FIELD(out, "devices", sharc_buf_put_i64(out, v->num_devices));
  SHARC_JSON_FIELD(out, "padded", sharc_buf_puts(out, v->padded ? "true" : "false"));
  SHARC_JSON_FIELD(out, "changed", sharc_buf_puts(out, v->changed ? "true" : "false"));
  sharc_buf_putc(out, '}');
}

static void json_bytes(sharc_buf *out, const char *key, const sharc_report_bytes *b) {
  sharc_buf_printf(out, "    \"%s\": {\"count\": %u, \"bytes_per_device_peak\": %" PRId64
                        ", \"bytes_all_devices\": %" PRId64 ", \"bytes_unsharded\": %" PRId64
                        ", \"unknown_sizes\": %s}",
                   key, b->count, b->per_device_peak, b->all_devices, b->global,
                   b->unknown ? "true" : "false");
}

/* `"loops": [...]`: the while loops, with or without collectives. */
static void json_loops(const sharc_report *r, sharc_buf *out, sharc_buf *tmp) {
  SHARC_BUF_LIT(out, "],\n  \"loops\": [");
  for (unsigned i = 0; i < sharc_report_num_loops(r); i++) {
    const sharc_report_loop *l = sharc_report_loop_at(r, i);
    sharc_buf_puts(out, i ? ",\n    {" : "\n    {");
    json_key(out, "function", func_name(l->value->func, tmp));
    SHARC_JSON_STRING_FIELD(out, "value", l->value->name);
    SHARC_JSON_STRING_FIELD(out, "location", l->value->location);
    SHARC_JSON_FIELD(out, "trip_count", json_int(out, l->trip_count));
    sharc_buf_printf(out, ", \"collectives\": %u, \"bytes_moved_per_device_per_iteration\": %" PRId64
                          "}",
                     l->num_collectives, l->bytes_moved_per_iteration);
  }
}

/* `"changed_user_shardings": [...]`, one entry per argument or result. */
static void json_changes(const sharc_report *r, sharc_buf *out, sharc_buf *tmp) {
  SHARC_BUF_LIT(out, "],\n  \"changed_user_shardings\": [");
  for (unsigned i = 0; i < sharc_report_num_changes(r); i++) {
    const sharc_report_change *ch = sharc_report_change_at(r, i);
    const sharc_report_value *v = ch->value;
    sharc_buf_puts(out, i ? ",\n    {" : "\n    {");
    json_key(out, "function", func_name(v->func, tmp));
    SHARC_JSON_STRING_FIELD(out, "kind", kind_names[v->kind]);
    sharc_buf_printf(out, ", \"index\": %u, ", v->index);
    json_key(out, "value", v->name);
    SHARC_JSON_STRING_FIELD(out, "name", v->label);
    SHARC_JSON_STRING_FIELD(out, "user_sharding", ch->user_spec);
    SHARC_JSON_STRING_FIELD(out, "sharding", v->spec);
    SHARC_BUF_LIT(out, ", \"axes\": [");
    for (unsigned k = 0; k < ch->num_axes; k++) {
      const sharc_report_axis_change *a = &ch->axes[k];
      sharc_buf_puts(out, k ? ", {\"dimension\": " : "{\"dimension\": ");
      if (a->dim < 0)
        SHARC_BUF_LIT(out, "null");
      else
        sharc_buf_put_i64(out, a->dim);
      SHARC_JSON_STRING_FIELD(out, "axis", a->axis);
      SHARC_JSON_STRING_FIELD(out, "kept", a->kept);
      SHARC_JSON_STRING_FIELD(out, "reason", a->reason);
      SHARC_JSON_STRING_FIELD(out, "detail", a->detail);
      sharc_buf_putc(out, '}');
    }
    SHARC_BUF_LIT(out, "]}");
  }
}

static void write_json(const sharc_report *r, const char *title, sharc_buf *out) {
  sharc_buf tmp = {0};
  SHARC_BUF_LIT(out, "{\n  ");
  json_key(out, "file", title ? title : "");
  SHARC_BUF_LIT(out, ",\n  \"functions\": [");
  for (unsigned i = 0; i < sharc_report_num_values(r);) {
    const sharc_op *func = sharc_report_value_at(r, i)->func;
    sharc_buf_puts(out, i ? ",\n    {" : "\n    {");
    json_key(out, "name", func_name(func, &tmp));
    SHARC_BUF_LIT(out, ", \"values\": [");
    unsigned j = i;
    for (; j < sharc_report_num_values(r) && sharc_report_value_at(r, j)->func == func; j++) {
      sharc_buf_puts(out, j > i ? ",\n      " : "\n      ");
      json_value(out, sharc_report_value_at(r, j));
    }
    SHARC_BUF_LIT(out, "]}");
    i = j;
  }
  SHARC_BUF_LIT(out, "],\n  \"collectives\": [");
  for (unsigned i = 0; i < sharc_report_num_collectives(r); i++) {
    const sharc_report_collective *c = sharc_report_collective_at(r, i);
    sharc_buf_puts(out, i ? ",\n    {" : "\n    {");
    json_key(out, "kind", c->kind);
    SHARC_JSON_STRING_FIELD(out, "function", func_name(c->value->func, &tmp));
    SHARC_JSON_STRING_FIELD(out, "value", c->value->name);
    SHARC_JSON_STRING_FIELD(out, "op", c->value->op_name);
    SHARC_JSON_STRING_FIELD(out, "location", c->value->location);
    SHARC_JSON_STRING_FIELD(out, "type", c->value->type);
    SHARC_JSON_STRING_FIELD(out, "axes", c->axes);
    SHARC_JSON_STRING_FIELD(out, "from", c->from_spec);
    SHARC_JSON_STRING_FIELD(out, "to", c->value->spec);
    SHARC_JSON_FIELD(out, "bytes_moved_per_device", json_int(out, c->bytes_moved));
    SHARC_JSON_FIELD(out, "executions", json_int(out, c->executions));
    SHARC_BUF_LIT(out, ", \"loop\": ");
    if (c->loop < 0)
      SHARC_BUF_LIT(out, "null");
    else
      sharc_report_put_json_string(out, sharc_report_loop_at(r, (unsigned)c->loop)->value->name);
    SHARC_BUF_LIT(out, "}");
  }
  json_loops(r, out, &tmp);
  json_changes(r, out, &tmp);
  const sharc_report_summary *s = sharc_report_get_summary(r);
  sharc_buf_printf(out, "],\n  \"summary\": {\n    \"meshes\": %u, \"devices\": %" PRId64
                        ", \"values\": %u, \"padded_values\": %u,\n",
                   s->num_meshes, s->num_devices, s->num_values, s->num_padded);
  json_bytes(out, "arguments", &s->arguments);
  SHARC_BUF_LIT(out, ",\n");
  json_bytes(out, "results", &s->results);
  SHARC_BUF_LIT(out, ",\n    \"collectives\": [");
  for (unsigned k = 0; k < s->num_kinds; k++) {
    sharc_buf_puts(out, k ? ", {" : "{");
    json_key(out, "kind", s->kinds[k].kind);
    sharc_buf_printf(out, ", \"count\": %u, \"bytes_moved_per_device\": %" PRId64
                          ", \"per_iteration\": %s}",
                     s->kinds[k].count, s->kinds[k].bytes_moved,
                     s->kinds[k].per_iteration ? "true" : "false");
  }
  sharc_buf_printf(out, "],\n    \"bytes_moved_per_device\": %" PRId64
                        ", \"bytes_moved_per_iteration\": %s"
                        ",\n    \"changed_user_shardings\": %u, \"functions\": %u"
                        ",\n    \"communication_computed\": %s\n  }\n}\n",
                   s->bytes_moved, s->bytes_moved_per_iteration ? "true" : "false",
                   s->num_changed_user_shardings, s->num_functions,
                   r->opts.explicit_collectives ? "true" : "false");
  sharc_buf_free(&tmp);
}

/* ---- CSV --------------------------------------------------------------------------------- */

static void csv_field(sharc_buf *out, const char *s, bool last) {
  s = s ? s : "";
  if (strpbrk(s, ",\"\n\r")) {
    sharc_buf_putc(out, '"');
    for (; *s; s++) {
      if (*s == '"')
        sharc_buf_putc(out, '"');
      sharc_buf_putc(out, *s);
    }
    sharc_buf_putc(out, '"');
  } else {
    sharc_buf_puts(out, s);
  }
  sharc_buf_putc(out, last ? '\n' : ',');
}

static const char *int_text(int64_t v, sharc_buf *tmp) {
  clear(tmp);
  if (v >= 0)
    sharc_buf_put_i64(tmp, v);
  return tmp->data;
}

enum { CSV_COLS = 18 };
static const char *const csv_headers[CSV_COLS] = {
    "record",   "function",   "value",       "name",   "op",    "location",
    "type",     "sharding",   "replicated",  "unreduced", "shard_shape", "padded",
    "bytes",    "bytes_per_device", "kind",  "axes",   "from",  "bytes_moved"};

static void csv_row(sharc_buf *out, const char *const *cells) {
  for (unsigned c = 0; c < CSV_COLS; c++)
    csv_field(out, cells[c], c + 1 == CSV_COLS);
}

static void write_csv(const sharc_report *r, sharc_buf *out) {
  csv_row(out, csv_headers);
  sharc_buf fn = {0}, shard = {0}, b1 = {0}, b2 = {0}, b3 = {0};
  for (unsigned i = 0; i < sharc_report_num_values(r); i++) {
    const sharc_report_value *v = sharc_report_value_at(r, i);
    clear(&shard);
    if (v->element_bits)
      sharc_report_put_shape(&shard, v->shard_shape, v->rank);
    const char *cells[CSV_COLS] = {"value", func_name(v->func, &fn), v->name, v->label,
                                   v->op_name, v->location, v->type, v->spec, v->replicated,
                                   v->unreduced, shard.data, v->padded ? "true" : "false",
                                   int_text(v->bytes, &b1), int_text(v->bytes_per_device, &b2),
                                   kind_names[v->kind], "", "", ""};
    csv_row(out, cells);
  }
  for (unsigned i = 0; i < sharc_report_num_collectives(r); i++) {
    const sharc_report_collective *c = sharc_report_collective_at(r, i);
    const sharc_report_value *v = c->value;
    const char *cells[CSV_COLS] = {"collective", func_name(v->func, &fn), v->name, v->label,
                                   v->op_name, v->location, v->type, v->spec, v->replicated,
                                   v->unreduced, "", "", int_text(v->bytes, &b1),
                                   int_text(v->bytes_per_device, &b2), c->kind, c->axes,
                                   c->from_spec, int_text(c->bytes_moved, &b3)};
    csv_row(out, cells);
  }
  for (unsigned i = 0; i < sharc_report_num_changes(r); i++) {
    const sharc_report_change *ch = sharc_report_change_at(r, i);
    const sharc_report_value *v = ch->value;
    for (unsigned k = 0; k < ch->num_axes; k++) {
      const sharc_report_axis_change *a = &ch->axes[k];
      const char *cells[CSV_COLS] = {"user_sharding_change", func_name(v->func, &fn), v->name,
                                     v->label, v->op_name, v->location, v->type, v->spec, "", "",
                                     "", "", "", "", a->reason, a->axis, ch->user_spec, ""};
      csv_row(out, cells);
    }
  }
  const sharc_report_summary *s = sharc_report_get_summary(r);
  const sharc_report_bytes *groups[2] = {&s->arguments, &s->results};
  static const char *const group_names[2] = {"arguments", "results"};
  for (unsigned g = 0; g < 2; g++) {
    const char *cells[CSV_COLS] = {"total", "", "", group_names[g], "", "", "", "", "", "", "", "",
                                   int_text(groups[g]->global, &b1),
                                   int_text(groups[g]->per_device_peak, &b2), "", "", "", ""};
    csv_row(out, cells);
  }
  for (unsigned k = 0; k < s->num_kinds; k++) {
    const char *cells[CSV_COLS] = {"total", "", "", s->kinds[k].kind, "", "", "", "", "", "", "",
                                   "", "", "", s->kinds[k].kind, "", "",
                                   int_text(s->kinds[k].bytes_moved, &b3)};
    csv_row(out, cells);
  }
  sharc_buf_free(&fn);
  sharc_buf_free(&shard);
  sharc_buf_free(&b1);
  sharc_buf_free(&b2);
  sharc_buf_free(&b3);
}

void sharc_report_write(const sharc_report *r, sharc_report_format format, bool color,
                        const char *title, sharc_buf *out) {
  switch (format) {
  case SHARC_REPORT_JSON:
    write_json(r, title, out);
    break;
  case SHARC_REPORT_CSV:
    write_csv(r, out);
    break;
  default:
    write_table(r, color, title, out);
  }
}
