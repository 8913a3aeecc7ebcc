/* The StableHLO interpreter as a library: run a function of a parsed module on
 * given tensors and get tensors back. Tensors are flat typed buffers; nothing
 * is printed unless asked (interpreter.print writes to the caller's buffer). */
#ifndef SHARC_INTERPRET_H
#define SHARC_INTERPRET_H

#include "sharc/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A runtime value: a tensor, a tuple of values, or a token. Reference
 * counted; every value a function returns belongs to the caller. */
typedef struct sharc_tensor sharc_tensor;

/* A tensor holding the elements of a dense elements attribute, or NULL (with
 * an error at `loc`) when the attribute is not one the interpreter reads. */
SHARC_API sharc_tensor *sharc_tensor_from_attr(sharc_context *ctx, const sharc_attr *dense);
/* The value as a dense elements attribute (tensors only; NULL otherwise). */
SHARC_API sharc_attr *sharc_tensor_to_attr(sharc_context *ctx, const sharc_tensor *t);
SHARC_API sharc_type *sharc_tensor_type(const sharc_tensor *t);
SHARC_API void sharc_tensor_retain(sharc_tensor *t);
SHARC_API void sharc_tensor_release(sharc_tensor *t);
/* Appends the value as StableHLO's interpreter prints it
 * (`tensor<2xi32> {\n  [1, 2]\n}`), or as a dense attribute when `dense`. */
SHARC_API void sharc_tensor_print(sharc_context *ctx, const sharc_tensor *t, bool dense,
                                  sharc_buf *out);

/* One collective one device executed, counted for sharc verify (see
 * sharc_interpret_options.on_collective). Elements, not bytes: the caller
 * knows how its report sizes an element. `received` and `sent` are what a
 * bandwidth-optimal algorithm moves for this device given the group it
 * really met and the operands it really had (docs/interpreter.md): all_gather
 * (n - 1) x operand; all_to_all and reduce_scatter operand x (n - 1) / n;
 * all_reduce 2 x operand x (n - 1) / n (a ring); collective_permute the
 * operand when another device sends to it (received) and once per other
 * device it sends to (sent); collective_broadcast and collective_reduce
 * the operand to or from the root. */
typedef struct sharc_collective_count {
  const sharc_op *op;       /* the op of the running program */
  unsigned device;          /* replica * num_partitions + partition */
  unsigned group_size;      /* devices of the process group it met */
  int64_t operand_elements; /* over all its operands */
  int64_t result_elements;  /* over all its results */
  int64_t received_elements;
  int64_t sent_elements;
} sharc_collective_count;

/* Called on the device's own thread after each collective it executed:
 * calls for different devices may run at the same time. */
typedef void (*sharc_collective_counter)(const sharc_collective_count *c, void *user);

typedef struct sharc_interpret_options {
  /* The function to run: by this name, or the module's only function when
   * the name is "main" (or NULL) and there is no @main. */
  const char *entry;
  /* Where interpreter.print writes (NULL: nothing is printed). */
  sharc_buf *print_out;
  /* Directory for interpreter.probe and check.expect_serialized_eq (NULL: none). */
  const char *probe_dir;
  /* Seconds a device may wait on a collective before it is an error (0: 10 s). */
  double collective_timeout_s;
  /* Limits that turn runaway programs into errors (0: none): ops executed
   * by one device, and bytes of any one tensor. */
  uint64_t max_ops;
  uint64_t max_tensor_bytes;
  /* Counts every collective each device executes (NULL: nothing counted,
   * and nothing is computed for it). */
  sharc_collective_counter on_collective;
  void *on_collective_user;
} sharc_interpret_options;

/* Runs the entry function of `module` on `args`. On success *results holds
 * *num_results values (free each with sharc_tensor_release, then the array
 * with free()); on failure a located error was emitted through the module's
 * context and false is returned. */
SHARC_API bool sharc_interpret_module(sharc_op *module, sharc_tensor *const *args, unsigned num_args,
                                      const sharc_interpret_options *options,
                                      sharc_tensor ***results, unsigned *num_results);

/* Runs the entry function of `module` as an SPMD program on
 * num_replicas x num_partitions simulated devices, one thread each (device
 * i is replica i / num_partitions, partition i % num_partitions), with
 * collectives between them as interpreter.run_parallel has. `args` holds
 * each device's arguments one device after the other; `results` (zeroed,
 * room for every device's results) gets theirs the same way (new
 * references). False, with a located error through the module's context
 * and `results` left empty, when a device fails. */
SHARC_API bool sharc_interpret_parallel(sharc_op *module, unsigned num_replicas,
                                        unsigned num_partitions, sharc_tensor *const *args,
                                        unsigned num_args, const sharc_interpret_options *options,
                                        sharc_tensor **results, unsigned num_results);

#ifdef __cplusplus
}
#endif
#endif
