/* A tool's input text, shared by sdy_opt/mpmd_opt and the sharc command
 * line so that both read files, pipes and stdin the same way. */
#define _POSIX_C_SOURCE 200809L
#include "support/input.h"

#include "support/pages.h"
#include "support/xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Reads fd to its end into a NUL-terminated buffer; 0 or an errno. */
static int read_all(int fd, size_t hint, char **data, size_t *len) {
  size_t cap = hint + 1 > 65536 ? hint + 1 : 65536, n = 0;
  char *buf = sharc_xmalloc(cap);
  for (;;) {
    if (n + 1 == cap) {
      if (cap > SIZE_MAX / 2)
        abort();
      cap *= 2;
      buf = sharc_xrealloc(buf, cap);
    }
    ssize_t got = read(fd, buf + n, cap - n - 1);
    if (got < 0 && errno == EINTR)
      continue;
    if (got < 0) {
      int e = errno;
      free(buf);
      return e;
    }
    if (got == 0)
      break;
    n += (size_t)got;
  }
  buf[n] = 0;
  *data = buf;
  *len = n;
  return 0;
}

int sharc_input_read(const char *path, sharc_input_text *in) {
  memset(in, 0, sizeof *in);
  char *data = NULL;
  int e;
  if (strcmp(path, "-") == 0) {
    e = read_all(STDIN_FILENO, 0, &data, &in->len);
    in->data = data;
    return e;
  }
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return errno;
  struct stat st;
  if (fstat(fd, &st) != 0) {
    e = errno;
    close(fd);
    return e;
  }
  if (S_ISDIR(st.st_mode)) {
    close(fd);
    return EISDIR;
  }
  /* a FIFO's writer is connected to this descriptor: read through it */
  if (S_ISREG(st.st_mode) && sharc_pages_map_file(path, &in->data, &in->len)) {
    close(fd);
    in->mapped = true;
    return 0;
  }
  e = read_all(fd, S_ISREG(st.st_mode) ? (size_t)st.st_size : 0, &data, &in->len);
  close(fd);
  in->data = data;
  return e;
}

void sharc_input_free(sharc_input_text *in) {
  if (in->mapped)
    sharc_pages_unmap_file(in->data, in->len);
  else
    free((void *)(uintptr_t)in->data);
  memset(in, 0, sizeof *in);
}
