/* Pieces the report's files share: the report itself, shard arithmetic on
 * mesh coordinates, the debugging index explain reads, and string
 * helpers. */
#ifndef SHARC_REPORT_REPORT_INTERNAL_H
#define SHARC_REPORT_REPORT_INTERNAL_H

#include "sharc/asm.h"
#include "sharc/pass.h"
#include "sharc/report.h"
#include "sharc/sdy.h"
#include "support/ptrmap.h"
#include "support/vec.h"

typedef struct sharc_report_debug sharc_report_debug;
typedef struct sharc_report_names sharc_report_names;

typedef SHARC_VEC(sharc_report_value *) sharc_report_value_vec;

struct sharc_report {
  sharc_op *module;
  sharc_report_options opts;
  sharc_arena arena;
  sharc_report_value_vec values;
  SHARC_VEC(sharc_report_collective) collectives;
  SHARC_VEC(sharc_report_kind_total) kinds;
  sharc_report_summary summary;
  sharc_ptrmap type_text;  /* sharc_type * -> its printed text */
  sharc_ptrmap spec_text;  /* sharding -> its P(...) text */
  sharc_ptrmap repl_text;  /* sharding -> its replicated axes */
  sharc_ptrmap mesh_of;    /* sharding -> its resolved #sdy.mesh */
  sharc_ptrmap mesh_name;  /* #sdy.mesh -> the name of its sdy.mesh op */
  sharc_op *main_func;     /* the function "input: N" origins refer to */
  const sharc_attr *main_mesh; /* the mesh with the most devices */
  sharc_report_debug *debug;   /* NULL without debugging information */
  const sharc_attr *user_record; /* sharc.user_shardings, read at creation, or NULL */
  SHARC_VEC(sharc_report_change) changes;
  SHARC_VEC(sharc_report_loop) loops;
  sharc_report_names *names;   /* lookup index, built on first lookup */
};

/* ---- value entries (report.c) ---------------------------------------------- */
/* A full entry for any value of the module (arena-allocated); `value`
 * NULL with kind RESULT means result `index` of `func`. */
sharc_report_value *sharc_report_entry(sharc_report *r, sharc_report_value_kind kind,
                                       sharc_op *func, sharc_op *op, sharc_value *value,
                                       unsigned index, const char *name);
/* The entry function: @main, else the first public function, else the
 * first one; NULL when the module has none. With `with_body`, declarations
 * are passed over (a partitioned program runs only a defined function). */
sharc_op *sharc_report_entry_function(sharc_op *module, bool with_body);
/* The module's one block, or NULL when it has no region. */
sharc_block *sharc_report_module_body(sharc_op *module);
/* The sharding of result `i` of `func` / of a value (NULL: none). */
const sharc_attr *sharc_report_value_sharding(sharc_value *v);
/* Whether `s` puts any axis on a dimension or as unreduced (a sharding
 * without one lays the tensor out as no sharding does). */
bool sharc_report_has_axes(const sharc_attr *s);
/* The resolved mesh of `sharding` (cached), or NULL. */
const sharc_attr *sharc_report_mesh(sharc_report *r, const sharc_attr *sharding, sharc_op *from);
/* "file:line:col" of `loc` into the arena, or "". */
const char *sharc_report_loc_text(sharc_report *r, const sharc_attr *loc);
char *sharc_report_strdup(sharc_report *r, const char *s, size_t n);

/* ---- sharc's own pipeline runs (pipeline.c) ----------------------------------- */
/* A pipeline of the passes of the tools in `tool_mask`, verifying after
 * each pass unless `verify` is false. */
sharc_pipeline *sharc_report_new_pipeline(unsigned tool_mask, bool verify);
/* Runs `pl` on `module` when it was `built`, else reports `err` at `loc`;
 * then destroys `pl`, frees `err` and flushes the diagnostics. */
bool sharc_report_run_pipeline(sharc_pipeline *pl, bool built, sharc_op *module,
                               sharc_attr *loc, sharc_buf *err);
/* sharc_report_propagate without verifying after each pass and without
 * the record of the user's shardings: for a search that propagates many
 * variants of one verified module. */
bool sharc_report_propagate_quick(sharc_op *module, const sharc_report_options *options);

/* ---- the user's shardings and what became of them (changes.c) ---------------- */
/* Records every function's argument and result shardings on the module,
 * before the pipeline runs. */
void sharc_report_record_user_shardings(sharc_op *module);
void sharc_report_forget_user_shardings(sharc_op *module);
/* The record on `module`, or NULL. */
const sharc_attr *sharc_report_user_record(sharc_op *module);
/* The user's shardings of `func`'s arguments or results (an array, a unit
 * where there was none), or NULL when nothing was recorded. */
const sharc_attr *sharc_report_user_side(const sharc_report *r, const sharc_op *func,
                                         bool results);
/* Compares argument or result `e` with the sharding the user gave it and
 * records what changed, if anything. */
void sharc_report_note_change(sharc_report *r, const sharc_report_value *e,
                              const sharc_attr *user);

/* ---- loops (loops.c) -------------------------------------------------------------- */
/* Whether `op` runs its regions repeatedly: a stablehlo.while. */
bool sharc_report_is_loop(const sharc_op *op);
/* The iterations of a counted while loop (see loops.c), or -1. */
int64_t sharc_report_trip_count(sharc_op *loop);

/* ---- shards on mesh coordinates (shards.c) ------------------------------------ */
/* Meshes up to this many devices are walked device by device (reshard
 * estimates, the device grid); larger ones are summarized. */
#define SHARC_REPORT_MAX_WALKED_DEVICES 65536
/* The mesh position (row-major over the axes) of device number `pos`
 * split into one coordinate per axis. */
void sharc_report_coords(const sharc_attr *mesh, int64_t pos, int64_t *coords);
/* The device id at mesh position `pos`. */
int64_t sharc_report_device_id(const sharc_attr *mesh, int64_t pos);
/* How many shards dimension sharding `dim` cuts into, and which one the
 * device at mesh position `pos` holds (dialect/sdy/device_block.h). */
int64_t sharc_report_dim_shards(const sharc_attr *dim, const sharc_attr *mesh);
int64_t sharc_report_dim_block(const sharc_attr *dim, const sharc_attr *mesh, int64_t pos);
/* Bytes `n` elements of `bits` bits take, rounded up to a byte. */
int64_t sharc_report_bytes_of(int64_t n, unsigned bits);
/* Element count of `shape` (-1 when a dimension is dynamic or it overflows). */
int64_t sharc_report_num_elements(const int64_t *shape, unsigned rank);
/* Mesh axes (and sub-axes) `sharding` is replicated over, as `'a', 'b'`. */
void sharc_report_replicated_axes(const sharc_attr *sharding, const sharc_attr *mesh,
                                  sharc_buf *out);
/* `'a', 'b:(1)2'` of a list of axis refs. */
void sharc_report_axes_text(sharc_attr *const *refs, unsigned n, sharc_buf *out);
/* Bytes per device a reshard of a `type` tensor from `from` to `to` moves:
 * the result shard less what each device already holds, averaged over the
 * devices (all of it when the meshes differ). */
int64_t sharc_report_reshard_bytes(const sharc_type *type, const sharc_attr *from,
                                   const sharc_attr *from_mesh, const sharc_attr *to,
                                   const sharc_attr *to_mesh);

/* ---- contexts (document.c) ------------------------------------------------------- */
/* Loads the dialects a sharded program may use (sdy, mpmd, stablehlo,
 * chlo, ...), as the `sharc` tools do. */
void sharc_report_load_dialects(sharc_context *ctx);

/* ---- the arithmetic of an op (op_work.c) ------------------------------------------ */
/* The shape of `v` as one device sees it (`*rank` set), or NULL when not a
 * ranked tensor of static shape. */
typedef const int64_t *(*sharc_report_shape_fn)(sharc_value *v, unsigned *rank, void *user);
/* FLOPs of a dot, dot_general or convolution on those shapes (2 per
 * multiply-add); -1 for any other op. */
double sharc_report_op_flops(sharc_op *op, sharc_report_shape_fn shape_of, void *user);

/* ---- debugging information (explain.c) ---------------------------------------- */
sharc_report_debug *sharc_report_debug_build(sharc_report *r);
void sharc_report_debug_free(sharc_report_debug *d);

/* ---- names (lookup.c) ------------------------------------------------------------ */
void sharc_report_names_free(sharc_report_names *n);

/* ---- partition blocks (partition.c) ------------------------------------------------ */
/* Room for what sharc_partition_block fills for a rank-`rank` value: the
 * offsets, sizes and local sizes, one allocation freed through `off`. */
typedef struct sharc_report_block {
  int64_t *off, *size, *local;
} sharc_report_block;
sharc_report_block sharc_report_block_alloc(unsigned rank);

/* ---- show's blocks (show.c) ---------------------------------------------------------- */
/* The index range `sharc show` draws for each device of value `v`:
 * lo/hi[device * rank + d] for the device ids below `num_devices` its mesh
 * has (others untouched). False when show would not draw the mesh. */
bool sharc_report_show_blocks(const sharc_report_value *v, int64_t num_devices, int64_t *lo,
                              int64_t *hi);

/* ---- text helpers (write.c) --------------------------------------------------------- */
/* `1.5 KiB`, `512 B`, `-` for -1. */
void sharc_report_put_bytes(sharc_buf *out, int64_t bytes);
/* A JSON string literal. */
/* `s` with each byte that has an entry in `escapes` replaced by it, and
 * `control` writing the other bytes below 0x20. */
void sharc_report_put_escaped(sharc_buf *out, const char *s, const char *const escapes[256],
                              void (*control)(sharc_buf *out, unsigned char byte));
void sharc_report_put_json_string(sharc_buf *out, const char *s);
/* `, "key": ` then what `write` writes, `key` a literal: one copy, no
 * formatting (the report of a large module writes these a million times). */
#define SHARC_JSON_FIELD(out, key, write)                                                          \
  do {                                                                                             \
    SHARC_BUF_LIT(out, ", \"" key "\": ");                                                       \
    write;                                                                                         \
  } while (0)
/* `, "key": "string"`. */
#define SHARC_JSON_STRING_FIELD(out, key, s)                                                       \
  SHARC_JSON_FIELD(out, key, sharc_report_put_json_string(out, s))
/* Text for an XML attribute or element (show.c): markup escaped, control
 * characters XML cannot hold written as `?`. */
void sharc_report_put_xml_text(sharc_buf *out, const char *s);
/* `8x512`, `?` for dynamic dimensions, `scalar` for rank 0. */
void sharc_report_put_shape(sharc_buf *out, const int64_t *shape, unsigned rank);
/* Display width of UTF-8 text (code points). */
size_t sharc_report_text_width(const char *s);

#endif
