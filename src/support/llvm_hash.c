/* LLVM's xxh3_64bits, StringRef hash and DenseMap bucket order (see
 * llvm_hash.h). DenseMap: 64 buckets at the first insertion, doubled when
 * an insertion would fill three quarters of them (entries moved in old
 * bucket order), quadratic probing from hash & (buckets - 1), iteration in
 * bucket order. */
#include "support/llvm_hash.h"
#include "support/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* hashing::detail::get_execution_seed() without ABI-breaking checks */
#define LLVM_EXECUTION_SEED 0xff51afd7ed558ccdULL

static const uint8_t xxh3_secret[192] = {
    0xb8, 0xfe, 0x6c, 0x39, 0x23, 0xa4, 0x4b, 0xbe, 0x7c, 0x01, 0x81, 0x2c, 0xf7, 0x21, 0xad, 0x1c,
    0xde, 0xd4, 0x6d, 0xe9, 0x83, 0x90, 0x97, 0xdb, 0x72, 0x40, 0xa4, 0xa4, 0xb7, 0xb3, 0x67, 0x1f,
    0xcb, 0x79, 0xe6, 0x4e, 0xcc, 0xc0, 0xe5, 0x78, 0x82, 0x5a, 0xd0, 0x7d, 0xcc, 0xff, 0x72, 0x21,
    0xb8, 0x08, 0x46, 0x74, 0xf7, 0x43, 0x24, 0x8e, 0xe0, 0x35, 0x90, 0xe6, 0x81, 0x3a, 0x26, 0x4c,
    0x3c, 0x28, 0x52, 0xbb, 0x91, 0xc3, 0x00, 0xcb, 0x88, 0xd0, 0x65, 0x8b, 0x1b, 0x53, 0x2e, 0xa3,
    0x71, 0x64, 0x48, 0x97, 0xa2, 0x0d, 0xf9, 0x4e, 0x38, 0x19, 0xef, 0x46, 0xa9, 0xde, 0xac, 0xd8,
    0xa8, 0xfa, 0x76, 0x3f, 0xe3, 0x9c, 0x34, 0x3f, 0xf9, 0xdc, 0xbb, 0xc7, 0xc7, 0x0b, 0x4f, 0x1d,
    0x8a, 0x51, 0xe0, 0x4b, 0xcd, 0xb4, 0x59, 0x31, 0xc8, 0x9f, 0x7e, 0xc9, 0xd9, 0x78, 0x73, 0x64,
    0xea, 0xc5, 0xac, 0x83, 0x34, 0xd3, 0xeb, 0xc3, 0xc5, 0x81, 0xa0, 0xff, 0xfa, 0x13, 0x63, 0xeb,
    0x17, 0x0d, 0xdd, 0x51, 0xb7, 0xf0, 0xda, 0x49, 0xd3, 0x16, 0x55, 0x26, 0x29, 0xd4, 0x68, 0x9e,
    0x2b, 0x16, 0xbe, 0x58, 0x7d, 0x47, 0xa1, 0xfc, 0x8f, 0xf8, 0xb8, 0xd1, 0x7a, 0xd0, 0x31, 0xce,
    0x45, 0xcb, 0x3a, 0x8f, 0x95, 0x16, 0x04, 0x28, 0xaf, 0xd7, 0xfb, 0xca, 0xbb, 0x4b, 0x40, 0x7e,
};

enum { STRIPE = 64, SECRET_RATE = 8, ACCS = 8, SECRET_MIN = 136 };

static const uint32_t P32_1 = 0x9E3779B1u, P32_2 = 0x85EBCA77u, P32_3 = 0xC2B2AE3Du;
static const uint64_t P64_1 = 11400714785074694791ULL, P64_2 = 14029467366897019727ULL,
                      P64_3 = 1609587929392839161ULL, P64_4 = 9650029242287828579ULL,
                      P64_5 = 2870177450012600261ULL;
static const uint64_t MX1 = 0x165667919E3779F9ULL, MX2 = 0x9FB21C651E98DF25ULL;

static uint64_t rd64(const uint8_t *p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; i--)
    v = (v << 8) | p[i];
  return v;
}

static uint32_t rd32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t rotl(uint64_t x, unsigned r) { return (x << r) | (x >> (64 - r)); }

static uint64_t swap64(uint64_t x) {
  uint64_t y = 0;
  for (int i = 0; i < 8; i++, x >>= 8)
    y = (y << 8) | (x & 0xff);
  return y;
}

/* 64x64 -> 128 multiplication, halves XORed. */
static uint64_t mul_fold(uint64_t a, uint64_t b) {
  uint64_t lo_lo = (a & 0xffffffffu) * (b & 0xffffffffu);
  uint64_t hi_lo = (a >> 32) * (b & 0xffffffffu);
  uint64_t lo_hi = (a & 0xffffffffu) * (b >> 32);
  uint64_t hi_hi = (a >> 32) * (b >> 32);
  uint64_t cross = (lo_lo >> 32) + (hi_lo & 0xffffffffu) + lo_hi;
  uint64_t upper = (hi_lo >> 32) + (cross >> 32) + hi_hi;
  uint64_t lower = (cross << 32) | (lo_lo & 0xffffffffu);
  return upper ^ lower;
}

static uint64_t xxh64_avalanche(uint64_t h) {
  h ^= h >> 33;
  h *= P64_2;
  h ^= h >> 29;
  h *= P64_3;
  return h ^ (h >> 32);
}

static uint64_t xxh3_avalanche(uint64_t h) {
  h ^= h >> 37;
  h *= MX1;
  return h ^ (h >> 32);
}

static uint64_t len_1to3(const uint8_t *in, size_t len) {
  uint32_t combined = (uint32_t)in[0] << 16 | (uint32_t)in[len >> 1] << 24 | in[len - 1] |
                      (uint32_t)len << 8;
  uint64_t bitflip = rd32(xxh3_secret) ^ rd32(xxh3_secret + 4);
  return xxh64_avalanche((uint64_t)combined ^ bitflip);
}

static uint64_t len_4to8(const uint8_t *in, size_t len) {
  uint64_t acc = rd64(xxh3_secret + 8) ^ rd64(xxh3_secret + 16);
  acc ^= (uint64_t)rd32(in + len - 4) | (uint64_t)rd32(in) << 32;
  acc ^= rotl(acc, 49) ^ rotl(acc, 24);
  acc *= MX2;
  acc ^= (acc >> 35) + (uint64_t)len;
  acc *= MX2;
  return acc ^ (acc >> 28);
}

static uint64_t len_9to16(const uint8_t *in, size_t len) {
  uint64_t lo = (rd64(xxh3_secret + 24) ^ rd64(xxh3_secret + 32)) ^ rd64(in);
  uint64_t hi = (rd64(xxh3_secret + 40) ^ rd64(xxh3_secret + 48)) ^ rd64(in + len - 8);
  return xxh3_avalanche((uint64_t)len + swap64(lo) + hi + mul_fold(lo, hi));
}

static uint64_t mix16(const uint8_t *in, const uint8_t *secret) {
  return mul_fold(rd64(secret) ^ rd64(in), rd64(secret + 8) ^ rd64(in + 8));
}

static uint64_t len_17to128(const uint8_t *in, size_t len) {
  uint64_t acc = len * P64_1, end = mix16(in + len - 16, xxh3_secret + 16);
  acc += mix16(in, xxh3_secret);
  /* each further pair reaches 16 bytes deeper from both ends */
  for (unsigned k = 1; k < 4 && len > 32u * k; k++) {
    acc += mix16(in + 16 * k, xxh3_secret + 32 * k);
    end += mix16(in + len - 16 * (k + 1), xxh3_secret + 32 * k + 16);
  }
  return xxh3_avalanche(acc + end);
}

static uint64_t len_129to240(const uint8_t *in, size_t len) {
  uint64_t acc = (uint64_t)len * P64_1;
  unsigned rounds = (unsigned)(len / 16);
  for (unsigned i = 0; i < 8; i++)
    acc += mix16(in + 16 * i, xxh3_secret + 16 * i);
  acc = xxh3_avalanche(acc);
  for (unsigned i = 8; i < rounds; i++)
    acc += mix16(in + 16 * i, xxh3_secret + 16 * (i - 8) + 3);
  acc += mix16(in + len - 16, xxh3_secret + SECRET_MIN - 17);
  return xxh3_avalanche(acc);
}

static void accumulate_stripe(uint64_t *acc, const uint8_t *in, const uint8_t *secret) {
  for (unsigned i = 0; i < ACCS; i++) {
    uint64_t v = rd64(in + 8 * i);
    uint64_t key = v ^ rd64(secret + 8 * i);
    acc[i ^ 1] += v;
    acc[i] += (key & 0xffffffffu) * (key >> 32);
  }
}

static void accumulate(uint64_t *acc, const uint8_t *in, const uint8_t *secret, size_t stripes) {
  for (size_t n = 0; n < stripes; n++)
    accumulate_stripe(acc, in + n * STRIPE, secret + n * SECRET_RATE);
}

static void scramble(uint64_t *acc, const uint8_t *secret) {
  for (unsigned i = 0; i < ACCS; i++) {
    acc[i] ^= acc[i] >> 47;
    acc[i] ^= rd64(secret + 8 * i);
    acc[i] *= P32_1;
  }
}

static uint64_t hash_long(const uint8_t *in, size_t len) {
  const size_t size = sizeof xxh3_secret;
  const size_t per_block = (size - STRIPE) / SECRET_RATE, block = STRIPE * per_block;
  const size_t blocks = (len - 1) / block;
  uint64_t acc[ACCS] = {P32_3, P64_1, P64_2, P64_3, P64_4, P32_2, P64_5, P32_1};
  for (size_t n = 0; n < blocks; n++) {
    accumulate(acc, in + n * block, xxh3_secret, per_block);
    scramble(acc, xxh3_secret + size - STRIPE);
  }
  accumulate(acc, in + blocks * block, xxh3_secret, (len - 1 - block * blocks) / STRIPE);
  accumulate_stripe(acc, in + len - STRIPE, xxh3_secret + size - STRIPE - 7);
  uint64_t result = (uint64_t)len * P64_1;
  for (unsigned i = 0; i < 4; i++)
    result += mul_fold(acc[2 * i] ^ rd64(xxh3_secret + 11 + 16 * i),
                       acc[2 * i + 1] ^ rd64(xxh3_secret + 11 + 16 * i + 8));
  return xxh3_avalanche(result);
}

uint64_t sharc_llvm_xxh3_64(const void *data, size_t len) {
  const uint8_t *in = data;
  if (len > 240)
    return hash_long(in, len);
  if (len > 128)
    return len_129to240(in, len);
  if (len > 16)
    return len_17to128(in, len);
  if (len > 8)
    return len_9to16(in, len);
  if (len >= 4)
    return len_4to8(in, len);
  if (len)
    return len_1to3(in, len);
  return xxh64_avalanche(rd64(xxh3_secret + 56) ^ rd64(xxh3_secret + 64));
}

unsigned sharc_llvm_string_hash(sharc_str s) {
  return (unsigned)(sharc_llvm_xxh3_64(s.data, s.len) ^ LLVM_EXECUTION_SEED);
}

/* LookupBucketFor for a key not in the table: its first empty bucket. */
static unsigned free_bucket(const unsigned *buckets, unsigned nbuckets, unsigned hash) {
  unsigned mask = nbuckets - 1, b = hash & mask;
  for (unsigned probe = 1; buckets[b] != UINT32_MAX; probe++)
    b = (b + probe) & mask;
  return b;
}

unsigned sharc_llvm_int_hash(int key) { return (unsigned)key * 37u; }

void sharc_llvm_map_order(const unsigned *hashes, unsigned n, unsigned *order) {
  unsigned *buckets = NULL, nbuckets = 0;
  for (unsigned i = 0; i < n; i++) {
    if ((i + 1) * 4 >= nbuckets * 3) {
      /* grow(NumBuckets * 2): at least 64 buckets, entries moved in the old
       * buckets' order */
      unsigned grown = nbuckets * 2 < 64 ? 64 : nbuckets * 2;
      unsigned *fresh = sharc_xmalloc_array(grown, sizeof *fresh);
      memset(fresh, 0xff, grown * sizeof *fresh);
      for (unsigned b = 0; b < nbuckets; b++)
        if (buckets[b] != UINT32_MAX)
          fresh[free_bucket(fresh, grown, hashes[buckets[b]])] = buckets[b];
      free(buckets);
      buckets = fresh;
      nbuckets = grown;
    }
    buckets[free_bucket(buckets, nbuckets, hashes[i])] = i;
  }
  unsigned k = 0;
  for (unsigned b = 0; b < nbuckets; b++)
    if (buckets[b] != UINT32_MAX)
      order[k++] = buckets[b];
  free(buckets);
}

void sharc_llvm_string_map_order(const sharc_str *keys, unsigned n, unsigned *order) {
  unsigned *hashes = sharc_xmalloc_array(n + 1, sizeof *hashes);
  for (unsigned i = 0; i < n; i++)
    hashes[i] = sharc_llvm_string_hash(keys[i]);
  sharc_llvm_map_order(hashes, n, order);
  free(hashes);
}
