/* Reading a tool's input text: a file mapped when it can be, else read to
 * the end (stdin, pipes, /proc files whose size reads 0). */
#ifndef SHARC_SUPPORT_INPUT_H
#define SHARC_SUPPORT_INPUT_H

#include <stdbool.h>
#include <stddef.h>

/* The text of a file or of stdin, NUL-terminated. */
typedef struct sharc_input_text {
  const char *data;
  size_t len;
  bool mapped;
} sharc_input_text;

/* Reads `path` ("-": stdin) into `in`; 0 or the errno explaining why it
 * cannot be read. */
int sharc_input_read(const char *path, sharc_input_text *in);
void sharc_input_free(sharc_input_text *in);

#endif
