/* SPDX-License-Identifier: Apache-2.0
 * Copyright aesforge contributors
 *
 * Unit test of the C driver sw/aesforge_spi.c against a stubbed transport. The stub HAL forwards every
 * chip-select frame over stdin/stdout to a device model run by the pytest wrapper (tests/sw/test_c_driver.py,
 * aesforge.host.model.GcmSpiModel):
 *   "P <hex>"  full-duplex peek: the frame so far; the reply is the MISO bytes of the frame so far (hex)
 *   "F <hex>"  CS released: the frame is committed; reply "ok"
 *   "R ..."    a result for the wrapper to check against the golden model; reply "ok"
 * Exit status = number of failed self-checks (the wrapper also fails on any wrong R line).
 * With the argument "quick" only the first four message shapes run (used through the RTL pins in make test:
 * tests/gcm_spi/gcm_spi_tb.py::test_c_driver_over_pins).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aesforge_spi.h"

static uint8_t frame[4096];
static size_t flen;
static int fails;

static void put_hex(const uint8_t *b, size_t n)
{
  if (!n) fputs("-", stdout);
  for (size_t i = 0; i < n; i++) printf("%02x", b[i]);
}

static void get_line(char *buf, size_t n)
{
  fflush(stdout);
  if (!fgets(buf, (int)n, stdin)) {
    fprintf(stderr, "stub: no reply\n");
    exit(100);
  }
}

static void stub_cs(void *ctx, int level)
{
  char line[64];
  (void)ctx;
  if (level == 0) {
    flen = 0;
    return;
  }
  fputs("F ", stdout);
  put_hex(frame, flen);
  fputs("\n", stdout);
  get_line(line, sizeof line);
}

static void stub_xfer(void *ctx, const uint8_t *tx, uint8_t *rx, size_t n)
{
  static char line[2 * sizeof frame + 16];
  size_t start = flen;
  (void)ctx;
  if (flen + n > sizeof frame) exit(101);
  for (size_t i = 0; i < n; i++) frame[flen++] = tx ? tx[i] : 0;
  if (!rx) return;
  fputs("P ", stdout);
  put_hex(frame, flen);
  fputs("\n", stdout);
  get_line(line, sizeof line);
  for (size_t i = 0; i < n; i++) {
    unsigned v = 0;
    if (sscanf(line + 2 * (start + i), "%2x", &v) != 1) exit(102);
    rx[i] = (uint8_t)v;
  }
}

static void check(int cond, const char *what)
{
  if (!cond) {
    fprintf(stderr, "FAIL: %s\n", what);
    fails++;
  }
}

/* Pseudo-random bytes (xorshift32); different seeds give unrelated data, so no key shares a 4-byte window
 * with any plaintext (the RTL test scans every MISO byte for key windows). */
static void fill(uint8_t *b, size_t n, unsigned seed)
{
  uint32_t x = seed * 2654435761u + 1u;
  for (size_t i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    b[i] = (uint8_t)(x >> 24);
  }
}

static void result(const char *tag, const uint8_t *key, size_t kl, const uint8_t *iv, size_t ivl,
                   const uint8_t *aad, size_t al, const uint8_t *pt, size_t pl, size_t tl, const uint8_t *ct,
                   const uint8_t *t)
{
  char line[16];
  printf("R %s ", tag);
  put_hex(key, kl); putchar(' ');
  put_hex(iv, ivl); putchar(' ');
  put_hex(aad, al); putchar(' ');
  put_hex(pt, pl); printf(" %u ", (unsigned)tl);
  put_hex(ct, pl); putchar(' ');
  put_hex(t, tl); putchar('\n');
  get_line(line, sizeof line);
}

static const uint8_t MK[32] = {0xE3,0xC0,0x8A,0x8F,0x06,0xC6,0xE3,0xAD,0x95,0xA7,0x05,0x57,0xB2,0x3F,0x75,0x48,
                               0x3C,0xE3,0x30,0x21,0xA9,0xC7,0x2B,0x70,0x25,0x66,0x62,0x04,0xC6,0x9C,0x0B,0x72};
static const uint8_t MN[12] = {0x12,0x15,0x35,0x24,0xC0,0x89,0x5E,0x81,0xB2,0xC2,0x84,0x65};
static const uint8_t MA[28] = {0xD6,0x09,0xB1,0xF0,0x56,0x63,0x7A,0x0D,0x46,0xDF,0x99,0x8D,0x88,0xE5,0x2E,0x00,
                               0xB2,0xC2,0x84,0x65,0x12,0x15,0x35,0x24,0xC0,0x89,0x5E,0x81};
static const uint8_t MT[16] = {0x5C,0xA5,0x97,0xCD,0xBB,0x3E,0xDB,0x8D,0x1A,0x11,0x51,0xEA,0x0A,0xF7,0xB4,0x36};
static const uint8_t MC0[8] = {0xE2,0x00,0x6E,0xB4,0x2F,0x52,0x77,0x02};

int main(int argc, char **argv)
{
  const int quick = argc > 1 && strcmp(argv[1], "quick") == 0;
  afs_dev_t dev;
  memset(&dev, 0, sizeof dev);
  dev.hal.cs = stub_cs;
  dev.hal.xfer = stub_xfer;
  dev.poll_limit = 50;

  /* 1. the paper's Table 1 (MACsec 2.2.2) */
  uint8_t pt[200], ct[200], out[200], tag[16], key[32], iv[70], aad[80];
  static const uint8_t MP[48] = {0x08,0x00,0x0F,0x10,0x11,0x12,0x13,0x14,0x15,0x16,0x17,0x18,0x19,0x1A,0x1B,
    0x1C,0x1D,0x1E,0x1F,0x20,0x21,0x22,0x23,0x24,0x25,0x26,0x27,0x28,0x29,0x2A,0x2B,0x2C,0x2D,0x2E,0x2F,0x30,
    0x31,0x32,0x33,0x34,0x35,0x36,0x37,0x38,0x39,0x3A,0x00,0x02};
  check(afs_table1_encrypt(&dev, MK, MN, MP, MA, ct, tag) == AFS_OK, "table1 rc");
  check(memcmp(tag, MT, 16) == 0, "table1 tag");
  check(memcmp(ct, MC0, 8) == 0, "table1 ct");
  result("t1", MK, 32, MN, 12, MA, 28, MP, 48, 16, ct, tag);

  /* 2. messages: buffered and streamed, all key sizes, several IV/tag lengths */
  static const unsigned shapes[][5] = {  /* key, iv, aad, text, tag */
    {16, 12, 0, 0, 16}, {24, 1, 5, 17, 12}, {32, 16, 32, 64, 8}, {16, 17, 0, 65, 16}, {24, 12, 33, 3, 4},
    {32, 60, 70, 130, 15}, {16, 12, 80, 0, 13}, {32, 12, 20, 200, 14}};
  const unsigned nshapes = quick ? 4u : (unsigned)(sizeof shapes / sizeof shapes[0]);
  for (unsigned s = 0; s < nshapes; s++) {
    const unsigned kl = shapes[s][0], ivl = shapes[s][1], al = shapes[s][2], pl = shapes[s][3], tl = shapes[s][4];
    char name[16];
    fill(key, kl, 0x100u + s); fill(iv, ivl, 0x200u + s); fill(aad, al, 0x300u + s); fill(pt, pl, 0x400u + s);
    check(afs_set_key(&dev, key, kl) == AFS_OK, "set_key");
    int rc = afs_encrypt(&dev, iv, ivl, aad, al, pt, pl, ct, tag, tl);
    check(rc == AFS_OK, "encrypt rc");
    snprintf(name, sizeof name, "m%u", s);
    result(name, key, kl, iv, ivl, aad, al, pt, pl, tl, ct, tag);
    memset(out, 0xAA, sizeof out);
    rc = afs_decrypt(&dev, iv, ivl, aad, al, ct, pl, tag, tl, out);
    check(rc == AFS_OK, "decrypt rc");
    check(memcmp(out, pt, pl) == 0, "decrypt plaintext");
    tag[tl - 1] ^= 1;
    memset(out, 0xAA, sizeof out);
    rc = afs_decrypt(&dev, iv, ivl, aad, al, ct, pl, tag, tl, out);
    check(rc == AFS_AUTH_FAIL, "bad tag -> AFS_AUTH_FAIL");
    for (unsigned i = 0; i < pl; i++) check(out[i] == 0, "no plaintext on FAIL");
  }

  /* 3. errors */
  check(afs_set_key(&dev, key, 20) == AFS_ERR_ARG, "key length 20 rejected");
  check(afs_encrypt(&dev, iv, 12, aad, 0, pt, 16, ct, tag, 5) == AFS_ERR_ARG, "tag length 5 rejected");
  afs_zeroize(&dev);
  check(afs_encrypt(&dev, iv, 12, aad, 0, pt, 16, ct, tag, 16) == AFS_ERR_DEVICE(5), "no key -> device error 5");
  uint8_t st = 0xFF;
  afs_clear_status(&dev);
  check(afs_status(&dev, &st) == AFS_OK && st == 0, "status after zeroize + clear");

  printf("END %d\n", fails);
  fflush(stdout);
  return fails;
}
