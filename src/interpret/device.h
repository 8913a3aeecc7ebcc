/* Simulated devices for interpreter.run_parallel: one thread per
 * (replica, partition) program, a rendezvous for collectives with a timeout,
 * and per-device error messages reported in device order once all threads
 * have stopped (diagnostics are not emitted from the device threads). */
#ifndef SHARC_INTERPRET_DEVICE_H
#define SHARC_INTERPRET_DEVICE_H

#include <stdarg.h>

#include "interpret/interp.h"

void sharc_device_fail_v(sharc_device *d, sharc_op *op, const char *fmt, va_list ap);
/* The device's replica and partition ids, and the grid's sizes. */
void sharc_device_ids(const sharc_device *d, uint32_t *replica, uint32_t *partition,
                      uint32_t *num_replicas, uint32_t *num_partitions);

/* Meets the other `size` devices of a process group at `op` (the group
 * named by its first process, `leader`): deposits `mine` at `position` and,
 * once all have arrived, fills `all` with every participant's value (new
 * references). False, with an error naming the op, after the grid's timeout
 * or when another device failed. */
bool sharc_device_exchange(sharc_interp *ip, sharc_op *op, uint64_t leader, unsigned size,
                           unsigned position, sharc_tensor *mine, sharc_tensor **all);
/* send: leaves `value` on `channel` once the value before it was taken;
 * recv: takes the value on `channel` (a new reference in *value). Both
 * wait at most the grid's timeout (then an error naming the op). */
bool sharc_device_send(sharc_interp *ip, sharc_op *op, int64_t channel, sharc_tensor *value);
bool sharc_device_recv(sharc_interp *ip, sharc_op *op, int64_t channel, sharc_tensor **value);

/* Runs region `body` of op `at` (isolated from above) on num_partitions
 * simulated devices of one replica, one thread each: device i's block
 * arguments are in[i * n_in / num_partitions ...], its results go to
 * out[i * n_out / num_partitions ...] (new references). False, with a
 * located error and no results, when a device fails. */
bool sharc_device_run_region(sharc_interp *ip, sharc_op *at, unsigned num_partitions,
                             sharc_region *body, sharc_tensor **in, unsigned n_in,
                             sharc_tensor **out, unsigned n_out);

/* The next function of run_parallel's infeed queue, or NULL. */
sharc_op *sharc_device_next_infeed(sharc_device *d);

#endif
