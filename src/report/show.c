/* `sharc show`: the device grid of a value's mesh and the block of the
 * tensor each device holds, drawn as jax.debug.visualize_array_sharding
 * draws it (a grid of blocks, each labelled with its devices), as text
 * with optional ANSI colours or as SVG. A tensor of rank 2 is drawn as
 * rows (dimension 0) by columns (dimension 1), rank 1 as one row; a higher
 * rank is drawn over its sharded dimensions when at most two are sharded,
 * else listed block by block. */
#include "report/report_internal.h"
#include "support/xalloc.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

/* Meshes with more devices are described, not drawn. */
#define MAX_DRAWN_DEVICES 4096

typedef SHARC_VEC(int64_t) id_vec;

typedef struct blocks {
  unsigned rank;
  const int64_t *shape;
  int64_t *shards;     /* per dimension: how many blocks */
  int64_t count;       /* product of shards */
  id_vec *devices;     /* per block (row-major over the dimensions) */
  int row_dim, col_dim; /* drawn dimensions, -1 none */
  bool listed;         /* more than two sharded dimensions */
} blocks;

static void blocks_free(blocks *b) {
  for (int64_t i = 0; b->devices && i < b->count; i++)
    sharc_vec_free(&b->devices[i]);
  free(b->devices);
  free(b->shards);
}

/* The block of each device; false when the mesh is too large to draw. */
static bool compute_blocks(const sharc_report_value *v, blocks *b) {
  memset(b, 0, sizeof *b);
  b->rank = v->rank;
  b->shape = v->shape;
  b->row_dim = b->col_dim = -1;
  const sharc_attr *mesh = v->mesh;
  int64_t devices = v->num_devices;
  if (devices > MAX_DRAWN_DEVICES)
    return false;
  b->shards = sharc_xcalloc(b->rank + 1, sizeof *b->shards);
  const sharc_attr *s = v->sharding && mesh ? v->sharding : NULL;
  unsigned srank = s ? sharc_sdy_tensor_sharding_rank(s) : 0;
  b->count = 1;
  unsigned sharded[3], nsharded = 0;
  for (unsigned d = 0; d < b->rank; d++) {
    b->shards[d] = d < srank ? sharc_report_dim_shards(sharc_sdy_tensor_sharding_dim(s, d), mesh) : 1;
    b->count *= b->shards[d];
    if (b->shards[d] > 1 && nsharded < 3)
      sharded[nsharded++] = d;
  }
  if (b->count > devices || b->count < 1)
    b->count = devices > 0 ? devices : 1;
  if (b->rank <= 2) {
    b->row_dim = b->rank == 2 ? 0 : -1;
    b->col_dim = b->rank == 2 ? 1 : b->rank == 1 ? 0 : -1;
  } else if (nsharded <= 2) {
    b->row_dim = nsharded ? (int)sharded[0] : -1;
    b->col_dim = nsharded == 2 ? (int)sharded[1] : -1;
  } else {
    b->listed = true;
  }
  b->devices = sharc_xcalloc((size_t)b->count, sizeof *b->devices);
  for (int64_t pos = 0; pos < devices; pos++) {
    int64_t idx = 0;
    for (unsigned d = 0; d < b->rank; d++) {
      int64_t k = d < srank ? sharc_report_dim_block(sharc_sdy_tensor_sharding_dim(s, d), mesh, pos) : 0;
      idx = idx * b->shards[d] + k;
    }
    if (idx >= b->count)
      idx = 0;
    sharc_vec_push(&b->devices[idx], mesh ? sharc_report_device_id(mesh, pos) : pos);
  }
  return true;
}

/* The index of dimension `d` within block `i`. */
static int64_t block_dim_index(const blocks *b, int64_t i, unsigned d) {
  for (unsigned k = b->rank; k-- > d + 1;)
    i /= b->shards[k];
  return i % b->shards[d];
}

static int cmp_i64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return (x > y) - (x < y);
}

/* `device 3`, `devices 0,1`, `devices 0-7`. */
static void put_devices(sharc_buf *out, id_vec *ids) {
  if (ids->len)
    qsort(ids->items, ids->len, sizeof *ids->items, cmp_i64);
  sharc_buf_puts(out, ids->len == 1 ? "device " : "devices ");
  for (unsigned i = 0; i < ids->len;) {
    unsigned j = i;
    while (j + 1 < ids->len && ids->items[j + 1] == ids->items[j] + 1)
      j++;
    if (i)
      sharc_buf_putc(out, ',');
    if (j >= i + 2)
      sharc_buf_printf(out, "%" PRId64 "-%" PRId64, ids->items[i], ids->items[j]);
    else if (j == i + 1)
      sharc_buf_printf(out, "%" PRId64 ",%" PRId64, ids->items[i], ids->items[j]);
    else
      sharc_buf_printf(out, "%" PRId64, ids->items[i]);
    i = j + 1;
  }
}

/* The index range [lo, hi) of block `i` along dimension `d`, as drawn. */
static void block_range(const blocks *b, int64_t i, unsigned d, int64_t *lo, int64_t *hi) {
  int64_t size = b->shape[d], k = b->shards[d], shard = (size + k - 1) / k;
  int64_t idx = block_dim_index(b, i, d);
  *lo = idx * shard < size ? idx * shard : size;
  *hi = *lo + shard < size ? *lo + shard : size;
}

/* `[0:8, 0:1024]`: the index range of block `i`; `:` for a whole
 * unsharded dimension of a tensor of rank > 2. */
static void put_range(sharc_buf *out, const blocks *b, int64_t i) {
  sharc_buf_putc(out, '[');
  for (unsigned d = 0; d < b->rank; d++) {
    if (d)
      SHARC_BUF_LIT(out, ", ");
    int64_t size = b->shape[d];
    if (size < 0) {
      sharc_buf_putc(out, '?');
      continue;
    }
    if (b->rank > 2 && b->shards[d] == 1) {
      sharc_buf_putc(out, ':');
      continue;
    }
    int64_t lo, hi;
    block_range(b, i, d, &lo, &hi);
    sharc_buf_printf(out, "%" PRId64 ":%" PRId64, lo, hi);
  }
  sharc_buf_putc(out, ']');
}

bool sharc_report_show_blocks(const sharc_report_value *v, int64_t num_devices, int64_t *lo,
                              int64_t *hi) {
  blocks b;
  if (!compute_blocks(v, &b)) {
    blocks_free(&b);
    return false;
  }
  for (int64_t i = 0; i < b.count; i++)
    for (unsigned k = 0; k < b.devices[i].len; k++) {
      int64_t dev = b.devices[i].items[k];
      for (unsigned d = 0; dev >= 0 && dev < num_devices && d < b.rank; d++)
        block_range(&b, i, d, &lo[dev * b.rank + d], &hi[dev * b.rank + d]);
    }
  blocks_free(&b);
  return true;
}

/* The block drawn at (row, col). */
static int64_t cell_block(const blocks *b, int64_t row, int64_t col) {
  int64_t idx = 0;
  for (unsigned d = 0; d < b->rank; d++) {
    int64_t k = (int)d == b->row_dim ? row : (int)d == b->col_dim ? col : 0;
    idx = idx * b->shards[d] + k;
  }
  return idx;
}

static int64_t grid_rows(const blocks *b) { return b->row_dim >= 0 ? b->shards[b->row_dim] : 1; }
static int64_t grid_cols(const blocks *b) { return b->col_dim >= 0 ? b->shards[b->col_dim] : 1; }

/* ---- text --------------------------------------------------------------------------- */

static const int palette256[] = {153, 194, 223, 225, 187, 152, 217, 189, 229, 158, 195, 224};
enum { PALETTE = sizeof palette256 / sizeof palette256[0] };

static void put_rep(sharc_buf *out, const char *s, size_t n) {
  while (n--)
    sharc_buf_puts(out, s);
}

static void put_border(sharc_buf *out, const size_t *w, int64_t cols, const char *l, const char *m,
                       const char *r) {
  sharc_buf_puts(out, l);
  for (int64_t c = 0; c < cols; c++) {
    put_rep(out, "\u2500", w[c]);
    sharc_buf_puts(out, c + 1 < cols ? m : r);
  }
  sharc_buf_putc(out, '\n');
}

/* A centred cell line. */
static void put_centered(sharc_buf *out, const char *text, size_t width, const char *color) {
  size_t n = sharc_report_text_width(text), left = (width - n) / 2;
  if (color)
    sharc_buf_puts(out, color);
  put_rep(out, " ", left);
  sharc_buf_puts(out, text);
  put_rep(out, " ", width - n - left);
  if (color)
    SHARC_BUF_LIT(out, "\x1b[0m");
}

static void draw_grid(const blocks *b, bool color, sharc_buf *out) {
  int64_t rows = grid_rows(b), cols = grid_cols(b);
  size_t *w = sharc_xcalloc((size_t)cols, sizeof *w);
  sharc_buf *dev = sharc_xcalloc((size_t)(rows * cols), sizeof *dev);
  sharc_buf *rng = sharc_xcalloc((size_t)(rows * cols), sizeof *rng);
  for (int64_t r = 0; r < rows; r++)
    for (int64_t c = 0; c < cols; c++) {
      int64_t i = cell_block(b, r, c), k = r * cols + c;
      put_devices(&dev[k], &b->devices[i]);
      put_range(&rng[k], b, i);
      size_t n = sharc_report_text_width(dev[k].data), m = sharc_report_text_width(rng[k].data);
      n = (n > m ? n : m) + 2;
      if (n > w[c])
        w[c] = n;
    }
  put_border(out, w, cols, "\u250c", "\u252c", "\u2510");
  for (int64_t r = 0; r < rows; r++) {
    for (int line = 0; line < 2; line++) {
      sharc_buf_puts(out, "\u2502");
      for (int64_t c = 0; c < cols; c++) {
        int64_t k = r * cols + c;
        char esc[32];
        snprintf(esc, sizeof esc, "\x1b[48;5;%dm\x1b[30m",
                 palette256[(size_t)cell_block(b, r, c) % PALETTE]);
        put_centered(out, line ? rng[k].data : dev[k].data, w[c], color ? esc : NULL);
        sharc_buf_puts(out, "\u2502");
      }
      sharc_buf_putc(out, '\n');
    }
    if (r + 1 < rows)
      put_border(out, w, cols, "\u251c", "\u253c", "\u2524");
  }
  put_border(out, w, cols, "\u2514", "\u2534", "\u2518");
  for (int64_t k = 0; k < rows * cols; k++) {
    sharc_buf_free(&dev[k]);
    sharc_buf_free(&rng[k]);
  }
  free(dev);
  free(rng);
  free(w);
}

static void draw_list(const blocks *b, sharc_buf *out) {
  for (int64_t i = 0; i < b->count; i++) {
    SHARC_BUF_LIT(out, "  ");
    put_range(out, b, i);
    SHARC_BUF_LIT(out, "  ");
    put_devices(out, &b->devices[i]);
    sharc_buf_putc(out, '\n');
  }
}

/* A grid row's label: the coordinates of device position `pos` on all
 * axes of the `n` but the last ("x=0 y=1"), into `label` (emptied first). */
static void row_label(const sharc_attr *mesh, unsigned n, int64_t pos, int64_t *coords,
                      sharc_buf *label) {
  label->len = 0;
  sharc_report_coords(mesh, pos, coords);
  for (unsigned a = 0; a + 1 < n; a++) {
    sharc_str an = sharc_sdy_mesh_axis_name(sharc_sdy_mesh_axis(mesh, a));
    sharc_buf_printf(label, "%s%.*s=%" PRId64, a ? " " : "", (int)an.len, an.data, coords[a]);
  }
}

/* The mesh's devices: rows over every axis but the last, columns over the last. */
static void draw_mesh(const sharc_report_value *v, sharc_buf *out) {
  const sharc_attr *mesh = v->mesh;
  unsigned n = sharc_sdy_mesh_num_axes(mesh);
  if (*v->mesh_name)
    sharc_buf_printf(out, "mesh @%s:", v->mesh_name);
  else
    SHARC_BUF_LIT(out, "mesh:");
  for (unsigned a = 0; a < n; a++) {
    sharc_str name = sharc_sdy_mesh_axis_name(sharc_sdy_mesh_axis(mesh, a));
    sharc_buf_printf(out, "%s'%.*s'=%" PRId64, a ? " x " : " ", (int)name.len, name.data,
                     sharc_sdy_mesh_axis_size(sharc_sdy_mesh_axis(mesh, a)));
  }
  if (!n) {
    if (sharc_sdy_mesh_num_device_ids(mesh) == 1)
      sharc_buf_printf(out, " one device (id %" PRId64 ")\n", sharc_sdy_mesh_device_id(mesh, 0));
    else
      SHARC_BUF_LIT(out, " no axes (1 device)\n");
    return;
  }
  sharc_buf_printf(out, " (%" PRId64 " devices)\n", v->num_devices);
  if (v->num_devices > MAX_DRAWN_DEVICES)
    return;
  const sharc_attr *last = sharc_sdy_mesh_axis(mesh, n - 1);
  sharc_str lname = sharc_sdy_mesh_axis_name(last);
  int64_t cols = sharc_sdy_mesh_axis_size(last), rows = cols > 0 ? v->num_devices / cols : 0;
  int64_t *coords = sharc_xcalloc(n + 1, sizeof *coords);
  /* row labels: the coordinates on the leading axes */
  sharc_buf label = {0};
  size_t label_w = 0;
  for (int64_t r = 0; r < rows; r++) {
    row_label(mesh, n, r * cols, coords, &label);
    if (label.len > label_w)
      label_w = label.len;
  }
  char head[64];
  size_t col_w = 0;
  for (int64_t c = 0; c < cols; c++) {
    size_t m = (size_t)snprintf(head, sizeof head, "%.*s=%" PRId64, (int)lname.len, lname.data, c);
    if (m > col_w)
      col_w = m;
  }
  char id[32];
  for (int64_t pos = 0; pos < v->num_devices; pos++) {
    size_t m = (size_t)snprintf(id, sizeof id, "%" PRId64, sharc_report_device_id(mesh, pos));
    if (m > col_w)
      col_w = m;
  }
  put_rep(out, " ", label_w + 2);
  for (int64_t c = 0; c < cols; c++) {
    snprintf(head, sizeof head, "%.*s=%" PRId64, (int)lname.len, lname.data, c);
    sharc_buf_printf(out, "  %*s", (int)col_w, head);
  }
  sharc_buf_putc(out, '\n');
  for (int64_t r = 0; r < rows; r++) {
    row_label(mesh, n, r * cols, coords, &label);
    sharc_buf_printf(out, "  %-*s", (int)label_w, label.data ? label.data : "");
    for (int64_t c = 0; c < cols; c++)
      sharc_buf_printf(out, "  %*" PRId64, (int)col_w, sharc_report_device_id(mesh, r * cols + c));
    sharc_buf_putc(out, '\n');
  }
  sharc_buf_free(&label);
  free(coords);
}

static void put_heading(const sharc_report_value *v, sharc_buf *out) {
  sharc_buf_printf(out, "%s", v->name);
  if (*v->label)
    sharc_buf_printf(out, " '%s'", v->label);
  sharc_buf_printf(out, ": %s %s", v->op_name, v->type);
  if (*v->location)
    sharc_buf_printf(out, " at %s", v->location);
  sharc_buf_printf(out, "\nsharding %s", v->spec);
  if (v->element_bits) {
    SHARC_BUF_LIT(out, ", shard ");
    sharc_report_put_shape(out, v->shard_shape, v->rank);
    if (v->padded)
      SHARC_BUF_LIT(out, " (rounded up)");
    SHARC_BUF_LIT(out, ", ");
    sharc_report_put_bytes(out, v->bytes_per_device);
    SHARC_BUF_LIT(out, " per device");
  }
  sharc_buf_putc(out, '\n');
  if (*v->replicated)
    sharc_buf_printf(out, "replicated over %s\n", v->replicated);
  if (*v->unreduced)
    sharc_buf_printf(out, "unreduced over %s: the devices of a block hold partial sums\n",
                     v->unreduced);
}

void sharc_report_show(const sharc_report *r, const sharc_report_value *v, bool color,
                       sharc_buf *out) {
  (void)r;
  put_heading(v, out);
  if (!v->element_bits) {
    SHARC_BUF_LIT(out, "not a tensor: nothing to draw\n");
    return;
  }
  if (!v->mesh) {
    SHARC_BUF_LIT(out, "no mesh: one device holds all of it\n");
    return;
  }
  sharc_buf_putc(out, '\n');
  draw_mesh(v, out);
  blocks b;
  if (!compute_blocks(v, &b)) {
    sharc_buf_printf(out, "\n%" PRId64 " devices: too many to draw (at most %d)\n", v->num_devices,
                     MAX_DRAWN_DEVICES);
    blocks_free(&b);
    return;
  }
  sharc_buf_putc(out, '\n');
  if (b.listed) {
    SHARC_BUF_LIT(out, "blocks (more than two dimensions are sharded):\n");
    draw_list(&b, out);
  } else {
    if (b.count == 1)
      SHARC_BUF_LIT(out, "one block: every device holds all of it\n");
    else if (b.row_dim >= 0 && b.col_dim >= 0)
      sharc_buf_printf(out, "blocks: dimension %d down, dimension %d across\n", b.row_dim, b.col_dim);
    else if (b.col_dim >= 0)
      sharc_buf_printf(out, "blocks: dimension %d across\n", b.col_dim);
    else if (b.row_dim >= 0)
      sharc_buf_printf(out, "blocks: dimension %d down\n", b.row_dim);
    else
      SHARC_BUF_LIT(out, "one block: every device holds all of it\n");
    draw_grid(&b, color, out);
  }
  blocks_free(&b);
}

/* ---- SVG ----------------------------------------------------------------------------- */

static const char *const palette_svg[] = {"#afd7ff", "#d7ffd7", "#ffd7af", "#ffd7ff",
                                          "#d7d7af", "#afd7d7", "#ffafaf", "#d7d7ff",
                                          "#ffffaf", "#afffd7", "#d7ffff", "#ffd7d7"};

static const char *const xml_escapes[256] = {
    ['<'] = "&lt;",  ['>'] = "&gt;", ['&'] = "&amp;",
    ['"'] = "&quot;", ['\''] = "&#39;", ['\t'] = "\t", ['\n'] = "\n",
};

/* XML 1.0 has no other control characters, not even escaped */
static void xml_control(sharc_buf *out, unsigned char byte) {
  (void)byte;
  sharc_buf_putc(out, '?');
}

void sharc_report_put_xml_text(sharc_buf *out, const char *s) {
  sharc_report_put_escaped(out, s, xml_escapes, xml_control);
}

static void svg_line(sharc_buf *out, int x, int y, const char *anchor, int size, const char *text) {
  sharc_buf_printf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"%s\" font-size=\"%d\">", x, y,
                   anchor, size);
  sharc_report_put_xml_text(out, text);
  SHARC_BUF_LIT(out, "</text>\n");
}

void sharc_report_show_svg(const sharc_report *r, const sharc_report_value *v, sharc_buf *out) {
  (void)r;
  blocks b;
  bool drawn = v->element_bits && v->mesh && compute_blocks(v, &b);
  int64_t rows = 1, cols = 1;
  if (drawn && b.listed)
    rows = b.count;
  else if (drawn)
    rows = grid_rows(&b), cols = grid_cols(&b);
  enum { CW = 170, CH = 56, TOP = 70, MARGIN = 10 };
  int width = (int)(cols * CW) + 2 * MARGIN, height = TOP + (int)(rows * CH) + MARGIN;
  if (width < 420)
    width = 420;
  sharc_buf_printf(out,
                   "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                   "font-family=\"monospace\">\n",
                   width, height);
  sharc_buf_printf(out, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", width, height);
  sharc_buf head = {0};
  sharc_buf_printf(&head, "%s: %s %s", v->name, v->op_name, v->type);
  svg_line(out, MARGIN, 22, "start", 14, head.data);
  head.len = 0;
  sharc_buf_printf(&head, "sharding %s", v->spec);
  if (*v->mesh_name)
    sharc_buf_printf(&head, " on @%s", v->mesh_name);
  svg_line(out, MARGIN, 44, "start", 13, head.data);
  if (!drawn) {
    svg_line(out, MARGIN, TOP, "start", 13,
             v->element_bits ? "too many devices to draw, or no mesh" : "not a tensor");
  }
  for (int64_t rr = 0; drawn && rr < rows; rr++)
    for (int64_t c = 0; c < cols; c++) {
      int64_t i = b.listed ? rr : cell_block(&b, rr, c);
      int x = MARGIN + (int)(c * CW), y = TOP + (int)(rr * CH);
      sharc_buf_printf(out,
                       "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" "
                       "stroke=\"black\"/>\n",
                       x, y, b.listed ? width - 2 * MARGIN : CW, CH,
                       palette_svg[(size_t)i % (sizeof palette_svg / sizeof *palette_svg)]);
      head.len = 0;
      put_devices(&head, &b.devices[i]);
      int cx = b.listed ? width / 2 : x + CW / 2;
      svg_line(out, cx, y + 24, "middle", 13, head.data);
      head.len = 0;
      put_range(&head, &b, i);
      svg_line(out, cx, y + 42, "middle", 11, head.data);
    }
  SHARC_BUF_LIT(out, "</svg>\n");
  sharc_buf_free(&head);
  if (drawn)
    blocks_free(&b);
}
