/* The process grid of interpreter.run_parallel: devices, the rendezvous
 * collectives meet at, the infeed queue, and each device's error. */
#ifndef SHARC_INTERPRET_DEVICE_INTERNAL_H
#define SHARC_INTERPRET_DEVICE_INTERNAL_H

#include <pthread.h>

#include "interpret/device.h"

typedef struct sharc_grid sharc_grid;

struct sharc_device {
  sharc_grid *grid;
  uint32_t replica, partition;
  sharc_op *error_op;
  bool timed_out;
  sharc_buf error;
  sharc_ptrmap executions; /* op -> how many times this device ran it, plus one */
};

/* A collective in flight: each participant deposits its value, the last one
 * to arrive wakes the others, each takes what it needs, and the last one to
 * leave frees the slot. */
typedef struct sharc_rendezvous {
  bool used;
  const sharc_op *op;
  uint64_t leader;          /* the group's first process */
  uint64_t execution;       /* how many times the op ran before on the leader's side */
  unsigned expected, arrived, left;
  sharc_tensor **values;    /* one per participant, by position in the group */
} sharc_rendezvous;

#define SHARC_GRID_SLOTS 256

/* send/recv: the value in flight on one channel (one at a time). */
typedef struct sharc_mailbox {
  bool used;
  int64_t channel;
  sharc_tensor *value; /* NULL: empty */
} sharc_mailbox;

#define SHARC_GRID_MAILBOXES 64

struct sharc_grid {
  uint32_t num_replicas, num_partitions;
  pthread_mutex_t mu;
  pthread_cond_t cv;
  bool aborted; /* a device failed: the others stop waiting */
  double timeout_s;
  sharc_rendezvous slots[SHARC_GRID_SLOTS];
  sharc_mailbox mailboxes[SHARC_GRID_MAILBOXES];
  /* infeed: functions called in order, shared by the devices */
  sharc_op *const *infeed;
  unsigned infeed_len, infeed_next;
};

/* Drops the values no recv took (after the devices stopped). */
void sharc_device_drop_mail(sharc_grid *g);

#endif
