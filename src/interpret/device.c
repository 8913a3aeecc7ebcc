/* Simulated devices: the per-device state of interpreter.run_parallel, the
 * rendezvous where the devices of a process group meet for a collective
 * (bounded by a timeout, so a device left waiting is an error naming the op,
 * never a hang), and the error messages of device threads, kept until the
 * threads have joined and then emitted from the calling thread. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "interpret/device_internal.h"

void sharc_device_fail_v(sharc_device *d, sharc_op *op, const char *fmt, va_list ap) {
  if (d->error_op)
    return; /* the first error explains the failure */
  d->error_op = op;
  sharc_buf_vprintf(&d->error, fmt, ap);
  pthread_mutex_lock(&d->grid->mu);
  d->grid->aborted = true;
  pthread_cond_broadcast(&d->grid->cv);
  pthread_mutex_unlock(&d->grid->mu);
}

void sharc_device_ids(const sharc_device *d, uint32_t *replica, uint32_t *partition,
                      uint32_t *num_replicas, uint32_t *num_partitions) {
  *replica = d->replica;
  *partition = d->partition;
  *num_replicas = d->grid->num_replicas;
  *num_partitions = d->grid->num_partitions;
}

static uint64_t next_execution(sharc_device *d, const sharc_op *op) {
  uintptr_t n = (uintptr_t)sharc_ptrmap_get(&d->executions, op);
  sharc_ptrmap_put(&d->executions, op, (void *)(n ? n + 1 : 2));
  return n ? n : 1;
}

static sharc_rendezvous *find_slot(sharc_grid *g, const sharc_op *op, uint64_t leader,
                                   uint64_t execution, unsigned size) {
  sharc_rendezvous *free_slot = NULL;
  for (unsigned i = 0; i < SHARC_GRID_SLOTS; i++) {
    sharc_rendezvous *s = &g->slots[i];
    if (s->used && s->op == op && s->leader == leader && s->execution == execution)
      return s;
    if (!s->used && !free_slot)
      free_slot = s;
  }
  if (!free_slot)
    return NULL;
  *free_slot = (sharc_rendezvous){.used = true,
                                  .op = op,
                                  .leader = leader,
                                  .execution = execution,
                                  .expected = size,
                                  .values = calloc(size, sizeof *free_slot->values)};
  return free_slot;
}

static void deadline_after(double s, struct timespec *ts) {
  timespec_get(ts, TIME_UTC);
  double whole = floor(s);
  ts->tv_sec += (time_t)whole;
  ts->tv_nsec += (long)((s - whole) * 1e9);
  if (ts->tv_nsec >= 1000000000L) {
    ts->tv_sec++;
    ts->tv_nsec -= 1000000000L;
  }
}

bool sharc_device_exchange(sharc_interp *ip, sharc_op *op, uint64_t leader, unsigned size,
                           unsigned position, sharc_tensor *mine, sharc_tensor **all) {
  sharc_device *d = ip->device;
  sharc_grid *g = d->grid;
  uint64_t execution = next_execution(d, op);
  pthread_mutex_lock(&g->mu);
  sharc_rendezvous *s = find_slot(g, op, leader, execution, size);
  if (!s || s->expected != size || s->values[position]) {
    pthread_mutex_unlock(&g->mu);
    return sharc_interp_fail(ip, op, "process groups of the devices do not match");
  }
  sharc_tensor_retain(mine);
  s->values[position] = mine;
  s->arrived++;
  if (s->arrived == s->expected)
    pthread_cond_broadcast(&g->cv);
  struct timespec deadline;
  deadline_after(g->timeout_s, &deadline);
  int rc = 0;
  while (s->arrived < s->expected && !g->aborted && rc != ETIMEDOUT)
    rc = pthread_cond_timedwait(&g->cv, &g->mu, &deadline);
  bool ok = s->arrived == s->expected;
  if (ok)
    for (unsigned i = 0; i < size; i++) {
      all[i] = s->values[i];
      sharc_tensor_retain(all[i]);
    }
  s->left++;
  if (ok && s->left == s->expected) { /* the last one out frees the slot */
    for (unsigned i = 0; i < s->expected; i++)
      sharc_tensor_release(s->values[i]);
    free(s->values);
    s->used = false;
  }
  bool aborted = g->aborted;
  pthread_mutex_unlock(&g->mu);
  if (ok)
    return true;
  if (!aborted) {
    d->timed_out = true;
    sharc_str n = sharc_ident_str(sharc_op_name(op));
    return sharc_interp_fail(ip, op,
                             "%.*s: device (replica %u, partition %u) waited %.0f s for the other "
                             "devices of its process group (deadlock or mismatched groups)",
                             (int)n.len, n.data, d->replica, d->partition, g->timeout_s);
  }
  d->timed_out = true;
  return sharc_interp_fail(ip, op, "stopped: another device failed");
}

static sharc_mailbox *mailbox(sharc_grid *g, int64_t channel) {
  sharc_mailbox *free_box = NULL;
  for (unsigned i = 0; i < SHARC_GRID_MAILBOXES; i++) {
    sharc_mailbox *m = &g->mailboxes[i];
    if (m->used && m->channel == channel)
      return m;
    if (!m->used && !free_box)
      free_box = m;
  }
  if (free_box) {
    free_box->used = true;
    free_box->channel = channel;
    free_box->value = NULL;
  }
  return free_box;
}

/* Waits under g->mu until `ready` holds of the channel's mailbox, the grid
 * aborts, or the timeout passes; the mailbox, or NULL with an error. */
static sharc_mailbox *await_mailbox(sharc_interp *ip, sharc_op *op, int64_t channel,
                                    bool want_full) {
  sharc_device *d = ip->device;
  sharc_grid *g = d->grid;
  struct timespec deadline;
  deadline_after(g->timeout_s, &deadline);
  int rc = 0;
  sharc_mailbox *m = mailbox(g, channel);
  while (m && (m->value != NULL) != want_full && !g->aborted && rc != ETIMEDOUT)
    rc = pthread_cond_timedwait(&g->cv, &g->mu, &deadline);
  if (m && (m->value != NULL) == want_full)
    return m;
  bool aborted = g->aborted;
  pthread_mutex_unlock(&g->mu);
  d->timed_out = true;
  sharc_str n = sharc_ident_str(sharc_op_name(op));
  if (!m)
    sharc_interp_fail(ip, op, "%.*s: too many channels in use", (int)n.len, n.data);
  else if (aborted)
    sharc_interp_fail(ip, op, "stopped: another device failed");
  else
    sharc_interp_fail(ip, op,
                      "%.*s: device (replica %u, partition %u) waited %.0f s on channel %lld "
                      "(no matching %s)",
                      (int)n.len, n.data, d->replica, d->partition, g->timeout_s,
                      (long long)channel, want_full ? "send" : "recv");
  pthread_mutex_lock(&g->mu);
  return NULL;
}

bool sharc_device_send(sharc_interp *ip, sharc_op *op, int64_t channel, sharc_tensor *value) {
  sharc_grid *g = ip->device->grid;
  pthread_mutex_lock(&g->mu);
  sharc_mailbox *m = await_mailbox(ip, op, channel, false);
  if (m) {
    sharc_tensor_retain(value);
    m->value = value;
    pthread_cond_broadcast(&g->cv);
  }
  pthread_mutex_unlock(&g->mu);
  return m != NULL;
}

bool sharc_device_recv(sharc_interp *ip, sharc_op *op, int64_t channel, sharc_tensor **value) {
  sharc_grid *g = ip->device->grid;
  pthread_mutex_lock(&g->mu);
  sharc_mailbox *m = await_mailbox(ip, op, channel, true);
  if (m) {
    *value = m->value;
    m->value = NULL;
    pthread_cond_broadcast(&g->cv);
  }
  pthread_mutex_unlock(&g->mu);
  return m != NULL;
}

void sharc_device_drop_mail(sharc_grid *g) {
  for (unsigned i = 0; i < SHARC_GRID_MAILBOXES; i++)
    if (g->mailboxes[i].used)
      sharc_tensor_release(g->mailboxes[i].value);
}

sharc_op *sharc_device_next_infeed(sharc_device *d) {
  sharc_grid *g = d->grid;
  pthread_mutex_lock(&g->mu);
  sharc_op *f = g->infeed_next < g->infeed_len ? g->infeed[g->infeed_next++] : NULL;
  pthread_mutex_unlock(&g->mu);
  return f;
}
