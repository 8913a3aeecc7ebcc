/* A main() for linking a libFuzzer target without libFuzzer: the link check
 * of `make test` (tests/fuzz/link_check.sh) builds every target with it, so a
 * library that clang cannot compile or link (an undeclared glibc macro that
 * clang sees as an implicit function) fails the test run, not only the next
 * fuzzing campaign. Each argument is a file given to the target once; with
 * none, the target gets one empty input. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "standalone_main: cannot open %s\n", path);
    return 1;
  }
  size_t cap = 1 << 16, len = 0;
  uint8_t *buf = malloc(cap);
  for (size_t got; buf && (got = fread(buf + len, 1, cap - len, f)) > 0;) {
    len += got;
    if (len == cap) {
      uint8_t *grown = realloc(buf, cap *= 2);
      if (!grown)
        free(buf);
      buf = grown;
    }
  }
  fclose(f);
  if (!buf)
    return 1;
  LLVMFuzzerTestOneInput(buf, len);
  free(buf);
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 2)
    return LLVMFuzzerTestOneInput((const uint8_t *)"", 0);
  for (int i = 1; i < argc; i++)
    if (run_file(argv[i]) != 0)
      return 1;
  return 0;
}
