/* Page-backed memory. A large block comes straight from mmap and goes back
 * with munmap: a hash table that doubles then neither leaves its old copies
 * resident in the heap nor gets recycled heap memory that calloc must clear
 * again. An input file is mapped rather than copied: no second copy of a
 * large module, and the kernel maps its cached pages in batches. Where
 * mmap is missing, everything falls back to stdio and malloc. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, for glibc in strict C11 mode */

#include "support/pages.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#if defined(__unix__) || defined(__APPLE__)
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

#if defined(MAP_ANONYMOUS) || defined(MAP_ANON)
#define HAVE_MMAP 1
#ifndef MAP_ANONYMOUS
#define MAP_ANONYMOUS MAP_ANON
#endif
#endif

/* The whole block is used at once (a hash table scatters its entries over
 * all of it), so its pages are made present in one go: page by page, each
 * would fault twice, once when probed (read) and once when filled. */
#ifdef MAP_POPULATE
#define POPULATE MAP_POPULATE
#else
#define POPULATE 0
#endif

/* Below this, malloc's own pools are as good and waste less. */
enum { PAGES_MIN = 1 << 20 };

static void out_of_memory(void) {
  fputs("sharc: out of memory\n", stderr);
  abort();
}

static void *pages_get(size_t size, int populate) {
#ifdef HAVE_MMAP
  if (size >= PAGES_MIN) {
    void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | populate, -1, 0);
    if (p == MAP_FAILED)
      out_of_memory();
    return p; /* anonymous pages are zero */
  }
#endif
  (void)populate;
  void *p = calloc(1, size ? size : 1);
  if (!p)
    out_of_memory();
  return p;
}

/* Hash tables are probed anywhere in them: huge pages spare a TLB miss per
 * probe. (An arena's chunk takes them only when large: see
 * sharc_pages_reserve.) */
void *sharc_pages_alloc(size_t size) {
#if defined(HAVE_MMAP) && defined(MADV_HUGEPAGE) && defined(MADV_POPULATE_WRITE)
  if (size >= PAGES_MIN) {
    void *p = pages_get(size, 0);
    madvise(p, size, MADV_HUGEPAGE);
    madvise(p, size, MADV_POPULATE_WRITE);
    return p;
  }
#endif
  return pages_get(size, POPULATE);
}

/* Chunks this large come late in a large module's arena (a chunk is half
 * the arena so far): below it a small program's memory stays as it was. */
enum { HUGE_CHUNK_MIN = 4 << 20 };

/* An arena fills in order, but what it holds is read again at random: a
 * parsed op's operands, types and attributes, an interned attribute found
 * again. A large chunk asks for huge pages: at 1M generic ops parsed and
 * printed, 4 KiB pages' TLB misses cost more user time (op creation's
 * stores, uniquing's compares) than clearing whole huge pages costs the
 * system (see bench/README.md, session 23, pp1m). */
void *sharc_pages_reserve(size_t size) {
  void *p = pages_get(size, 0);
#if defined(HAVE_MMAP) && defined(MADV_HUGEPAGE)
  if (size >= HUGE_CHUNK_MIN)
    madvise(p, size, MADV_HUGEPAGE); /* advice: refused, the pages stay small */
#endif
  return p;
}

void *sharc_pages_reserve_below(size_t *size, unsigned bits) {
  void *p = sharc_pages_reserve(*size);
  if (bits >= 64 || (uint64_t)(uintptr_t)p >> bits == 0)
    return p;
  sharc_pages_free(p, *size);
  if (*size < PAGES_MIN)
    *size = PAGES_MIN; /* the size sharc_pages_free maps back */
  return sharc_pages_reserve(*size);
}

void sharc_pages_populate(void *p, size_t len) {
#if defined(HAVE_MMAP) && defined(MADV_POPULATE_WRITE)
  madvise(p, len, MADV_POPULATE_WRITE); /* older kernels refuse: pages then fault in */
#else
  (void)p;
  (void)len;
#endif
}

void sharc_pages_free(void *p, size_t size) {
  if (!p)
    return;
#ifdef HAVE_MMAP
  if (size >= PAGES_MIN) {
    munmap(p, size);
    return;
  }
#endif
  free(p);
}

/* The file mappings alive, so that sharc_pages_release_file can tell a
 * mapped input (whose pages the kernel reads back from the file) from
 * memory whose contents dropping its pages would lose. A tool maps one or
 * two files; beyond the table's size a mapping simply is not released. */
#ifdef HAVE_MMAP
enum { MAX_FILE_MAPPINGS = 16 };
static struct {
  const char *base;
  size_t len;
} file_mappings[MAX_FILE_MAPPINGS];
static pthread_mutex_t file_mappings_lock = PTHREAD_MUTEX_INITIALIZER;

static void note_file_mapping(const void *base, size_t len, bool alive) {
  pthread_mutex_lock(&file_mappings_lock);
  for (unsigned i = 0; i < MAX_FILE_MAPPINGS; i++) {
    if (alive && !file_mappings[i].base) {
      file_mappings[i].base = base;
      file_mappings[i].len = len;
      break;
    }
    if (!alive && file_mappings[i].base == base) {
      file_mappings[i].base = NULL;
      break;
    }
  }
  pthread_mutex_unlock(&file_mappings_lock);
}
#endif

#if defined(HAVE_MMAP) && defined(MADV_DONTNEED)
static bool in_file_mapping(const char *p, size_t len) {
  bool found = false;
  pthread_mutex_lock(&file_mappings_lock);
  for (unsigned i = 0; i < MAX_FILE_MAPPINGS && !found; i++) {
    const char *b = file_mappings[i].base;
    found = b && p >= b && len <= file_mappings[i].len && (size_t)(p - b) <= file_mappings[i].len - len;
  }
  pthread_mutex_unlock(&file_mappings_lock);
  return found;
}
#endif

void sharc_pages_release_file(const char *p, size_t len) {
#if defined(HAVE_MMAP) && defined(MADV_DONTNEED)
  long page = sysconf(_SC_PAGESIZE);
  if (page <= 0 || !len || !in_file_mapping(p, len))
    return;
  uintptr_t from = ((uintptr_t)p + (uintptr_t)page - 1) & ~(uintptr_t)(page - 1);
  uintptr_t to = ((uintptr_t)p + len) & ~(uintptr_t)(page - 1);
  /* a private mapping never written to: the pages come back from the file */
  if (to > from)
    madvise((void *)from, to - from, MADV_DONTNEED);
#else
  (void)p;
  (void)len;
#endif
}

bool sharc_pages_map_file(const char *path, const char **data, size_t *len) {
#ifdef HAVE_MMAP
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return false;
  struct stat st;
  long page = sysconf(_SC_PAGESIZE);
  bool ok = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 && page > 0 &&
            st.st_size % page != 0; /* the rest of the last page is the NUL */
  void *p = ok ? mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0) : MAP_FAILED;
  close(fd);
  if (p == MAP_FAILED)
    return false;
  *data = p;
  *len = (size_t)st.st_size;
  note_file_mapping(p, (size_t)st.st_size, true);
  return true;
#else
  (void)path;
  (void)data;
  (void)len;
  return false;
#endif
}

void sharc_pages_unmap_file(const char *data, size_t len) {
#ifdef HAVE_MMAP
  note_file_mapping(data, len, false);
  munmap((void *)(uintptr_t)data, len);
#else
  (void)data;
  (void)len;
#endif
}
