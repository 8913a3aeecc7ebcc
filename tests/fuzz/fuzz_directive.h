/* Directive lines of a fuzz input (`//!tag text`), read the same way by
 * every target that takes options from its input. */
#ifndef SHARC_FUZZ_DIRECTIVE_H
#define SHARC_FUZZ_DIRECTIVE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The text after `tag` on the first line starting with it (malloc'd), or
 * NULL when no line does or the text holds a NUL byte. */
static inline char *fuzz_directive(const uint8_t *data, size_t size, const char *tag) {
  size_t tag_len = strlen(tag);
  for (size_t i = 0; i < size;) {
    const uint8_t *nl = memchr(data + i, '\n', size - i);
    size_t end = nl ? (size_t)(nl - data) : size;
    if (end - i >= tag_len && memcmp(data + i, tag, tag_len) == 0) {
      size_t n = end - i - tag_len;
      if (memchr(data + i + tag_len, 0, n))
        return NULL;
      char *text = malloc(n + 1);
      memcpy(text, data + i + tag_len, n);
      text[n] = 0;
      return text;
    }
    i = end + 1;
  }
  return NULL;
}

#endif
