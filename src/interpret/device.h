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

#endif
