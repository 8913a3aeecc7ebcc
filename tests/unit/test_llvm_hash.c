/* Unit tests of LLVM's xxh3_64bits, StringRef hash and DenseMap iteration
 * order. The xxh3 values are the reference library's (libxxhash
 * XXH3_64bits); the orders come from a separate simulation of DenseMap. */
#include "check.h"

#include "support/llvm_hash.h"

#include <stdio.h>
#include <string.h>

static sharc_str str(const char *s) { return (sharc_str){s, strlen(s)}; }

static void check_xxh3_lengths(void) {
  /* every length class: 0, 1-3, 4-8, 9-16, 17-128, 129-240, long */
  static const struct {
    size_t len;
    uint64_t hash;
  } cases[] = {
      {0, 0x2d06800538d394c2ULL},    {1, 0x13e608bc156defedULL},   {3, 0xa9088dda485b481cULL},
      {4, 0x6d9253b16c8b1ed3ULL},    {8, 0x60539db630471163ULL},   {9, 0xfeff668361d723a8ULL},
      {16, 0xb8c859b0f030b585ULL},   {17, 0x714a04408e79b80fULL},  {32, 0x19ff4ee1d6ba1a55ULL},
      {33, 0x3e44983ad21679c8ULL},   {64, 0x287eb1fa9e4be2c1ULL},  {65, 0x829218de4d798646ULL},
      {96, 0xf084e7cfbc624743ULL},   {97, 0x1daa83271a8e7b7cULL},  {128, 0x67425a03650261bfULL},
      {129, 0xc664bf3311c6abc4ULL},  {200, 0x746cd0025327bf5bULL}, {240, 0x64556dc6b462a6cfULL},
      {241, 0x8beadd3a8874fe17ULL},  {500, 0xb8bc3e5683ce226aULL}, {1000, 0x6c4f14bd97bd9e82ULL},
  };
  static unsigned char data[1000];
  for (unsigned i = 0; i < sizeof data; i++)
    data[i] = (unsigned char)(i * 7 + 3);
  for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++)
    CHECK(sharc_llvm_xxh3_64(data, cases[k].len) == cases[k].hash);
  CHECK(sharc_llvm_xxh3_64("abc", 3) == 0x78af5f94892f3950ULL);
}

static void check_string_hash(void) {
  /* xxh3 XORed with the execution seed, cut to 32 bits */
  CHECK(sharc_llvm_string_hash(str("m1")) == 143973968u);
  CHECK(sharc_llvm_string_hash(str("")) == 3582334991u);
  CHECK(sharc_llvm_string_hash(str("mesh1")) == 684643487u);
}

static void check_order(const char *const *names, unsigned n, const unsigned *expected) {
  sharc_str keys[64];
  unsigned order[64];
  for (unsigned i = 0; i < n; i++)
    keys[i] = str(names[i]);
  sharc_llvm_string_map_order(keys, n, order);
  for (unsigned i = 0; i < n; i++)
    CHECK(order[i] == expected[i]);
}

static void check_map_orders(void) {
  /* Shardy visits "m4" before "m1" */
  static const char *const two[] = {"m1", "m4"};
  static const unsigned two_order[] = {1, 0};
  check_order(two, 2, two_order);
  static const char *const eight[] = {"mesh1", "mesh2", "mesh3", "mesh4",
                                      "mesh5", "mesh6", "mesh7", "mesh8"};
  static const unsigned eight_order[] = {7, 6, 0, 5, 3, 1, 2, 4};
  check_order(eight, 8, eight_order);
  /* 60 keys: the table grows from 64 to 128 buckets at the 48th */
  static char storage[60][16];
  const char *many[60];
  for (unsigned i = 0; i < 60; i++) {
    snprintf(storage[i], sizeof storage[i], "stage_%u", i);
    many[i] = storage[i];
  }
  static const unsigned many_order[] = {
      15, 40, 41, 46, 55, 57, 50, 39, 13, 47, 42, 58, 1,  14, 25, 51, 33, 19, 0,  10,
      37, 31, 34, 18, 8,  28, 29, 26, 16, 3,  20, 49, 7,  45, 44, 2,  17, 27, 23, 43,
      38, 32, 52, 54, 35, 9,  48, 22, 4,  53, 30, 6,  56, 11, 5,  21, 36, 24, 59, 12};
  check_order(many, 60, many_order);
}

/* DenseMap<int, ...>: keys hash to key * 37, so small keys are visited by
 * key * 37 modulo the bucket count, not in key order. */
static void check_int_map_orders(void) {
  unsigned hashes[50], order[50];
  for (int k = 0; k < 4; k++)
    hashes[k] = sharc_llvm_int_hash(k);
  CHECK(hashes[1] == 37u);
  sharc_llvm_map_order(hashes, 4, order);
  static const unsigned four_order[] = {0, 2, 1, 3}; /* buckets 0, 10, 37, 47 of 64 */
  for (unsigned i = 0; i < 4; i++)
    CHECK(order[i] == four_order[i]);
  /* 50 keys: 128 buckets from the 48th on */
  for (int k = 0; k < 50; k++)
    hashes[k] = sharc_llvm_int_hash(k);
  sharc_llvm_map_order(hashes, 50, order);
  static const unsigned fifty_order[] = {
      0,  45, 7,  14, 21, 28, 35, 42, 4,  49, 11, 18, 25, 32, 39, 1,  46,
      8,  15, 22, 29, 36, 43, 5,  12, 19, 26, 33, 40, 2,  47, 9,  16, 23,
      30, 37, 44, 6,  13, 20, 27, 34, 41, 3,  48, 10, 17, 24, 31, 38};
  for (unsigned i = 0; i < 50; i++)
    CHECK(order[i] == fifty_order[i]);
}

int main(void) {
  check_xxh3_lengths();
  check_string_hash();
  check_map_orders();
  check_int_map_orders();
  return check_summary("llvm_hash");
}
