/* Simulated devices: the per-device state of interpreter.run_parallel and
 * the error messages of device threads, kept until the threads have joined
 * and then emitted in device order (the context is not thread-safe). */
#include <stdio.h>
#include <stdlib.h>

#include "interpret/device_internal.h"

void sharc_device_fail_v(sharc_device *d, sharc_op *op, const char *fmt, va_list ap) {
  if (d->error_op)
    return; /* the first error explains the failure */
  d->error_op = op;
  sharc_buf_vprintf(&d->error, fmt, ap);
}

void sharc_device_ids(const sharc_device *d, uint32_t *replica, uint32_t *partition,
                      uint32_t *num_replicas, uint32_t *num_partitions) {
  *replica = d->replica;
  *partition = d->partition;
  *num_replicas = d->grid->num_replicas;
  *num_partitions = d->grid->num_partitions;
}
