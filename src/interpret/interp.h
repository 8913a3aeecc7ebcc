/* The interpreter's internals shared by the engine and the kernel files:
 * runtime values as flat typed buffers, scopes mapping SSA values to runtime
 * values, the per-thread execution state and the op-kernel table types. */
#ifndef SHARC_INTERPRET_INTERP_H
#define SHARC_INTERPRET_INTERP_H

#include <complex.h>
#include <stdatomic.h>

#include "ir/ir_internal.h"
#include "sharc/interpret.h"
#include "support/apfloat.h"
#include "support/ptrmap.h"

/* A complex number from its two parts, exact for every part (infinities and
 * NaNs included, which `re + im * I` is not). C11's CMPLX does this, but glibc
 * defines it only for compilers with __builtin_complex, which clang 14 (the
 * fuzz build's compiler) lacks; C11 lays a complex out as two reals. */
static inline double complex sharc_complex_make(double re, double im) {
  union { double complex z; double parts[2]; } u = {.parts = {re, im}};
  return u.z;
}
static inline float complex sharc_complexf_make(float re, float im) {
  union { float complex z; float parts[2]; } u = {.parts = {re, im}};
  return u.z;
}

/* How elements are stored: integers of every width (and i1, index) as
 * int64 (sign-extended for signed types, zero-extended for unsigned ones and
 * i1), floats up to 32 bits as float (values already rounded to their
 * format), f64 as double, complex as pairs. */
typedef enum sharc_storage {
  SHARC_ST_INT,
  SHARC_ST_F32,
  SHARC_ST_F64,
  SHARC_ST_C64,
  SHARC_ST_C128,
} sharc_storage;

typedef enum sharc_value_kind { SHARC_IV_TENSOR, SHARC_IV_TUPLE, SHARC_IV_TOKEN } sharc_value_kind;

/* Quantization parameters of a uniform quantized element type. */
typedef struct sharc_quant_params {
  bool quantized;
  int32_t axis;          /* -1: per tensor */
  unsigned n;            /* scales / zero points */
  const double *scales;
  const int64_t *zero_points;
  int64_t storage_min, storage_max;
  sharc_type *expressed;
} sharc_quant_params;

struct sharc_tensor {
  atomic_int refs;
  sharc_value_kind kind;
  sharc_type *type;
  /* tensors */
  unsigned rank;
  const int64_t *shape;
  int64_t n;
  sharc_storage st;
  sharc_type *elem;      /* element type (storage type for quantized) */
  unsigned bits;         /* integers: width */
  bool uns;              /* integers: unsigned or i1 */
  sharc_float_kind fk;   /* floats, and complex's parts */
  bool narrow;           /* F32 storage of a format narrower than f32 */
  sharc_quant_params q;
  union {
    void *p;
    int64_t *i;
    float *f;
    double *d;
    float complex *c;
    double complex *z;
  } data;
  /* tuples */
  unsigned count;
  sharc_tensor **elems;
};

/* Bytes per stored element. */
size_t sharc_storage_size(sharc_storage st);
/* A new zero-filled tensor of a ranked tensor type; NULL (no message) for a
 * type the interpreter cannot hold. */
sharc_tensor *sharc_tensor_new(sharc_type *type);
sharc_tensor *sharc_tensor_new_like(const sharc_tensor *t);
sharc_tensor *sharc_tensor_tuple(sharc_type *type, sharc_tensor **elems, unsigned n); /* takes refs */
sharc_tensor *sharc_tensor_token(sharc_context *ctx);
/* Whether the element type can be held (and how). */
bool sharc_elem_storage(const sharc_type *elem, sharc_storage *st);

/* Wraps an int64 into an integer type of `bits` (two's complement). */
static inline int64_t sharc_int_wrap(int64_t v, unsigned bits, bool uns) {
  if (bits >= 64)
    return v;
  uint64_t mask = (UINT64_C(1) << bits) - 1;
  uint64_t u = (uint64_t)v & mask;
  if (uns)
    return (int64_t)u;
  uint64_t sign = UINT64_C(1) << (bits - 1);
  return (int64_t)((u ^ sign) - sign);
}
/* Rounds a float to a narrower format (f16, bf16, f8*, ...) and back. */
float sharc_round_narrow(float v, sharc_float_kind k);
double sharc_round_to_kind(double v, sharc_float_kind k);
/* The storage bits of `v` in format k (the low 64; f80/f128 lose the rest). */
uint64_t sharc_float_value_bits(sharc_float_kind k, double v);

/* Generic element access (slow paths: printing, checks, conversions). */
double sharc_tensor_get_real(const sharc_tensor *t, int64_t i);
double complex sharc_tensor_get_complex(const sharc_tensor *t, int64_t i);
void sharc_tensor_set_real(sharc_tensor *t, int64_t i, double v);
/* Row-major strides of a shape into `strides` (rank entries). */
void sharc_strides(const int64_t *shape, unsigned rank, int64_t *strides);

/* ---- execution ------------------------------------------------------------ */

typedef struct sharc_scope {
  struct sharc_scope *parent;
  sharc_ptrmap map; /* sharc_value* -> sharc_tensor* (one reference each) */
} sharc_scope;

typedef struct sharc_device sharc_device;
typedef struct sharc_kernel sharc_kernel;

/* One thread of execution (one simulated device). */
/* An op whose region a device is running (a manual computation's body), and
 * the one running around it: a chain through calls too, so a manual
 * computation in a function called from another's body sees the outer
 * manual axes, which walking its parent ops would miss. */
typedef struct sharc_running_region {
  sharc_op *op;
  const struct sharc_running_region *outer;
} sharc_running_region;

typedef struct sharc_interp {
  sharc_context *ctx;
  const sharc_interpret_options *opts;
  sharc_ptrmap kernels;    /* op definition -> kernel row, filled on first use */
  sharc_ptrmap lifetimes;  /* block -> when its values die (engine.c), made on first run */
  sharc_device *device;    /* NULL outside interpreter.run_parallel */
  const sharc_running_region *running; /* innermost op whose region runs here */
  unsigned depth;          /* call depth, bounded */
  int cur_arg;             /* the running kernel row's family_arg */
  sharc_type *const *result_override; /* result types a kernel makes instead (quantized ops) */
  uint64_t ops_run;         /* ops executed, against opts->max_ops */
  /* A dynamic op running its static form: list attributes its operands
   * give (dynamic_pad's edge_padding_low, ...), read by sharc_kernel_i64s. */
  const struct sharc_given_attr *given;
  unsigned n_given;
  int64_t probe_counter;
  uint64_t rng_state;       /* stablehlo.rng's stream */
  _Atomic int64_t *shared_probe_counter;
} sharc_interp;

/* A kernel computes an op's results from its operands (`in`, one per
 * operand) into `out` (one new reference per result). `sc` is the scope the
 * op runs in, for the kernels that run regions. */
typedef bool (*sharc_kernel_fn)(sharc_interp *ip, sharc_op *op, sharc_tensor **in,
                                sharc_tensor **out, sharc_scope *sc);

/* One row of the op-kernel table: the op's name, its kernel, and data the
 * family's kernel reads (e.g. which elementwise function). */
struct sharc_kernel {
  const char *op;
  sharc_kernel_fn fn;
  int family_arg;
};

/* An i64 list attribute a dynamic op's operand gives its static kernel. */
typedef struct sharc_given_attr {
  const char *name;
  const int64_t *vals;
  int n;
} sharc_given_attr;

/* Runs the kernel of the static op `static_name` for `op` (a dynamic op):
 * its results of types `result_types`, its attributes `given` before the
 * op's own. */
bool sharc_interp_run_static(sharc_interp *ip, sharc_op *op, const char *static_name,
                             sharc_tensor **in, sharc_tensor **out, sharc_scope *sc,
                             sharc_type *const *result_types, const sharc_given_attr *given,
                             unsigned n_given);

/* Every family's table, ended by a row with a NULL op. */
extern const sharc_kernel sharc_kernels_elementwise[];
extern const sharc_kernel sharc_kernels_shape[];
extern const sharc_kernel sharc_kernels_control[];
extern const sharc_kernel sharc_kernels_reduce[];
extern const sharc_kernel sharc_kernels_index[];
extern const sharc_kernel sharc_kernels_linalg[];
extern const sharc_kernel sharc_kernels_check[];
extern const sharc_kernel sharc_kernels_collective[];
extern const sharc_kernel sharc_kernels_misc[];
extern const sharc_kernel sharc_kernels_dynamic[];
extern const sharc_kernel sharc_kernels_fft[];
extern const sharc_kernel sharc_kernels_solve[];
extern const sharc_kernel sharc_kernels_rng[];
extern const sharc_kernel sharc_kernels_sdy[];

/* A located error at the op ("file:l:c: error: ..."); returns false. */
bool sharc_interp_fail(sharc_interp *ip, sharc_op *op, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Runs the entry block of `r` with `args` bound to its arguments, in a scope
 * nested in `parent`; the terminator's operands become `results` (new
 * references; `results` must have room for them, *n_results says how many). */
bool sharc_interp_run_region(sharc_interp *ip, sharc_region *r, sharc_scope *parent,
                             sharc_tensor *const *args, unsigned n_args, sharc_tensor **results,
                             unsigned *n_results);
/* Calls a func.func with `args`; results as for sharc_interp_run_region. */
bool sharc_interp_call(sharc_interp *ip, sharc_op *func, sharc_tensor *const *args,
                       unsigned n_args, sharc_tensor **results, unsigned *n_results);
/* Runs a reduction-like body on scalars: `args` are 0-d tensors. */
sharc_tensor *sharc_scalar_new(sharc_type *elem_tensor_type);

/* The function sharc_interpret_options.entry names (see interpret.h), or NULL. */
sharc_op *sharc_interp_find_entry(sharc_op *module, const char *entry);

void sharc_interp_init(sharc_interp *ip, sharc_context *ctx, const sharc_interpret_options *o);
void sharc_interp_dispose(sharc_interp *ip);

/* The context is shared by the devices of run_parallel: what creates types
 * or writes to the shared print buffer goes through these, under one lock. */
sharc_tensor *sharc_interp_token(sharc_interp *ip);
sharc_type *sharc_interp_tensor_type(sharc_interp *ip, const int64_t *shape, unsigned rank,
                                     sharc_type *elem);
void sharc_interp_lock_output(sharc_interp *ip);
void sharc_interp_unlock_output(sharc_interp *ip);

/* Attribute readers. */
int64_t sharc_interp_attr_i64(const sharc_attr *a, unsigned i); /* dense array or elements */
unsigned sharc_interp_attr_len(const sharc_attr *a);

#endif
