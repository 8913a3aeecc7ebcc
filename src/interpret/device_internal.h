/* The process grid of interpreter.run_parallel: devices, the rendezvous
 * collectives meet at, and each device's error. */
#ifndef SHARC_INTERPRET_DEVICE_INTERNAL_H
#define SHARC_INTERPRET_DEVICE_INTERNAL_H

#include <pthread.h>

#include "interpret/device.h"

typedef struct sharc_grid sharc_grid;

struct sharc_device {
  sharc_grid *grid;
  uint32_t replica, partition;
  sharc_op *error_op;
  sharc_buf error;
};

/* A collective in flight: every participant deposits its operand, the last
 * one to arrive wakes the others, each reads what it needs, and the last
 * one to leave resets the slot. Keyed by the op's process group. */
typedef struct sharc_rendezvous {
  bool used;
  uint64_t key;            /* hash of the op and the group */
  unsigned expected, arrived, left;
  uint64_t generation;
  sharc_tensor **values;   /* one per participant, by position in the group */
  sharc_op *op;
} sharc_rendezvous;

struct sharc_grid {
  uint32_t num_replicas, num_partitions;
  pthread_mutex_t mu;
  pthread_cond_t cv;
  bool aborted;            /* a device failed: the others stop waiting */
  sharc_rendezvous slots[64];
  double timeout_s;
};

#endif
