/* SPDX-License-Identifier: Apache-2.0
 * Copyright aesforge contributors
 *
 * aesforge_spi: portable C driver for the aesf_gcm_spi device (see aesforge_spi.h).
 */
#include "aesforge_spi.h"

#include <string.h>

#define FLAG_DECRYPT 0x01u
#define FLAG_RELEASE 0x02u

int afs_command(afs_dev_t *d, uint8_t op, const uint8_t *payload, size_t n)
{
  d->hal.cs(d->hal.ctx, 0);
  d->hal.xfer(d->hal.ctx, &op, NULL, 1);
  if (n) d->hal.xfer(d->hal.ctx, payload, NULL, n);
  d->hal.cs(d->hal.ctx, 1);
  return AFS_OK;
}

int afs_read(afs_dev_t *d, uint8_t op, uint8_t *out, size_t n)
{
  d->hal.cs(d->hal.ctx, 0);
  d->hal.xfer(d->hal.ctx, &op, NULL, 1);
  if (n) d->hal.xfer(d->hal.ctx, NULL, out, n);
  d->hal.cs(d->hal.ctx, 1);
  return AFS_OK;
}

int afs_status(afs_dev_t *d, uint8_t *status)
{
  uint8_t st = 0;
  afs_read(d, AFS_OP_READ_STATUS, &st, 1);
  d->last_status = st;
  if (status) *status = st;
  return AFS_ST_ERR(st) ? AFS_ERR_DEVICE(AFS_ST_ERR(st)) : AFS_OK;
}

int afs_clear_status(afs_dev_t *d) { return afs_command(d, AFS_OP_CLEAR_STATUS, NULL, 0); }

int afs_zeroize(afs_dev_t *d) { return afs_command(d, AFS_OP_ZEROIZE, NULL, 0); }

/* Poll until one of `mask` is set; a device error code ends the wait. */
static int wait_for(afs_dev_t *d, uint8_t mask)
{
  uint32_t limit = d->poll_limit ? d->poll_limit : 100000u;
  for (uint32_t i = 0; i < limit; i++) {
    uint8_t st;
    int rc = afs_status(d, &st);
    if (rc) return rc;
    if (st & mask) return AFS_OK;
  }
  return AFS_ERR_TIMEOUT;
}

int afs_set_key(afs_dev_t *d, const uint8_t *key, size_t key_len)
{
  if (!key || (key_len != 16 && key_len != 24 && key_len != 32)) return AFS_ERR_ARG;
  return afs_command(d, AFS_OP_WRITE_KEY, key, key_len);
}

int afs_table1_encrypt(afs_dev_t *d, const uint8_t key[32], const uint8_t nonce[12], const uint8_t pt[48],
                       const uint8_t aad[28], uint8_t ct[48], uint8_t tag[16])
{
  int rc;
  afs_command(d, AFS_OP_WRITE_KEY, key, 32);
  afs_command(d, AFS_OP_WRITE_NONCE, nonce, 12);
  afs_command(d, AFS_OP_WRITE_PT, pt, 48);
  afs_command(d, AFS_OP_WRITE_AAD, aad, 28);
  afs_command(d, AFS_OP_START_ENC, NULL, 0);
  if ((rc = wait_for(d, AFS_ST_DONE)) != AFS_OK) return rc;
  afs_read(d, AFS_OP_READ_CT, ct, 48);
  afs_read(d, AFS_OP_READ_TAG, tag, 16);
  return AFS_OK;
}

static int tag_len_ok(size_t t) { return t == 4 || t == 8 || (t >= 12 && t <= 16); }

static int fits(size_t iv_len, uint64_t aad_len, uint64_t len)
{
  return iv_len <= AFS_NONCE_BUF && aad_len <= AFS_AAD_BUF && len <= AFS_TXT_BUF;
}

static uint64_t pad16(uint64_t n) { return (n + 15u) & ~(uint64_t)15u; }

/* One streamed pass. The device stream is IV | pad | AAD | pad | TEXT | pad [| TAG | pad], sent in chunks of
 * up to 64 bytes; `out` (may be NULL) receives the text output of every chunk when the pass releases it. */
static int stream_pass(afs_dev_t *d, uint8_t flags, const uint8_t *iv, size_t iv_len, const uint8_t *aad,
                       uint64_t aad_len, const uint8_t *txt, uint64_t len, const uint8_t *tag, size_t tag_len,
                       uint8_t *out)
{
  uint8_t par[13];
  uint8_t chunk[AFS_TXT_BUF];
  const uint64_t a0 = pad16(iv_len), t0 = a0 + pad16(aad_len), t1 = t0 + pad16(len);
  const uint64_t total = t1 + ((flags & FLAG_DECRYPT) ? 16u : 0u);
  const int release = !(flags & FLAG_DECRYPT) || (flags & FLAG_RELEASE);
  int rc;

  par[0] = flags;
  par[1] = (uint8_t)tag_len;
  par[2] = (uint8_t)(iv_len >> 8);
  par[3] = (uint8_t)iv_len;
  for (int i = 0; i < 4; i++) par[4 + i] = (uint8_t)(aad_len >> (24 - 8 * i));
  for (int i = 0; i < 5; i++) par[8 + i] = (uint8_t)(len >> (32 - 8 * i));
  afs_command(d, AFS_OP_STREAM_START, par, sizeof par);
  if ((rc = wait_for(d, AFS_ST_RDY)) != AFS_OK) return rc;

  for (uint64_t c0 = 0; c0 < total; c0 += AFS_TXT_BUF) {
    uint64_t c1 = c0 + AFS_TXT_BUF < total ? c0 + AFS_TXT_BUF : total;
    size_t n = (size_t)(c1 - c0);
    for (size_t k = 0; k < n; k++) {
      uint64_t p = c0 + k;
      uint8_t b = 0;
      if (p < a0) b = p < iv_len ? iv[p] : 0;
      else if (p < t0) b = p - a0 < aad_len ? aad[p - a0] : 0;
      else if (p < t1) b = p - t0 < len ? txt[p - t0] : 0;
      else b = p - t1 < tag_len ? tag[p - t1] : 0;
      chunk[k] = b;
    }
    afs_command(d, AFS_OP_STREAM_DATA, chunk, n);
    if ((rc = wait_for(d, c1 == total ? AFS_ST_DONE : AFS_ST_RDY)) != AFS_OK) return rc;
    uint64_t lo = c0 > t0 ? c0 : t0, hi = c1 < t1 ? c1 : t1;
    if (hi > lo && release && out) {
      size_t m = (size_t)(hi - lo);
      afs_read(d, AFS_OP_READ_CT, chunk, m);
      uint64_t o = lo - t0;
      for (size_t k = 0; k < m && o + k < len; k++) out[o + k] = chunk[k];
    }
  }
  return AFS_OK;
}

int afs_encrypt(afs_dev_t *d, const uint8_t *iv, size_t iv_len, const uint8_t *aad, uint64_t aad_len,
                const uint8_t *pt, uint64_t len, uint8_t *ct, uint8_t *tag, size_t tag_len)
{
  uint8_t t16[16];
  int rc;
  if (!iv || !iv_len || iv_len > 0xFFFFu || !tag || !tag_len_ok(tag_len) || (len && (!pt || !ct)) ||
      (aad_len && !aad))
    return AFS_ERR_ARG;
  afs_clear_status(d);
  if (fits(iv_len, aad_len, len)) {
    uint8_t tl = (uint8_t)tag_len;
    afs_command(d, AFS_OP_SET_TAGLEN, &tl, 1);
    afs_command(d, AFS_OP_WRITE_NONCE, iv, iv_len);
    afs_command(d, AFS_OP_WRITE_AAD, aad, (size_t)aad_len);
    afs_command(d, AFS_OP_WRITE_PT, pt, (size_t)len);
    if ((rc = afs_status(d, NULL)) != AFS_OK) return rc;
    afs_command(d, AFS_OP_START_ENC, NULL, 0);
    if ((rc = wait_for(d, AFS_ST_DONE)) != AFS_OK) return rc;
    if (len) afs_read(d, AFS_OP_READ_CT, ct, (size_t)len);
  } else {
    rc = stream_pass(d, 0, iv, iv_len, aad, aad_len, pt, len, NULL, tag_len, ct);
    if (rc != AFS_OK) return rc;
  }
  afs_read(d, AFS_OP_READ_TAG, t16, 16);
  memcpy(tag, t16, tag_len);
  return AFS_OK;
}

int afs_decrypt(afs_dev_t *d, const uint8_t *iv, size_t iv_len, const uint8_t *aad, uint64_t aad_len,
                const uint8_t *ct, uint64_t len, const uint8_t *tag, size_t tag_len, uint8_t *pt)
{
  int rc;
  if (!iv || !iv_len || iv_len > 0xFFFFu || !tag || !tag_len_ok(tag_len) || (len && (!pt || !ct)) ||
      (aad_len && !aad))
    return AFS_ERR_ARG;
  afs_clear_status(d);
  if (fits(iv_len, aad_len, len)) {
    afs_command(d, AFS_OP_WRITE_NONCE, iv, iv_len);
    afs_command(d, AFS_OP_WRITE_AAD, aad, (size_t)aad_len);
    afs_command(d, AFS_OP_WRITE_PT, ct, (size_t)len);
    afs_command(d, AFS_OP_WRITE_TAG, tag, tag_len);
    if ((rc = afs_status(d, NULL)) != AFS_OK) return rc;
    afs_command(d, AFS_OP_START_DEC, NULL, 0);
    if ((rc = wait_for(d, AFS_ST_DONE)) != AFS_OK) return rc;
    if (d->last_status & AFS_ST_AUTH_FAIL) {
      if (len) memset(pt, 0, (size_t)len);
      return AFS_AUTH_FAIL;
    }
    if (len) afs_read(d, AFS_OP_READ_CT, pt, (size_t)len);
    return AFS_OK;
  }
  /* verify-first two-pass: pass 1 releases nothing; pass 2 (allowed by the device only after a passing
   * pass 1) releases the plaintext; if pass 2 fails (data changed) everything is wiped */
  rc = stream_pass(d, FLAG_DECRYPT, iv, iv_len, aad, aad_len, ct, len, tag, tag_len, NULL);
  if (rc != AFS_OK) return rc;
  if (d->last_status & AFS_ST_AUTH_FAIL) {
    if (len) memset(pt, 0, (size_t)len);
    return AFS_AUTH_FAIL;
  }
  rc = stream_pass(d, FLAG_DECRYPT | FLAG_RELEASE, iv, iv_len, aad, aad_len, ct, len, tag, tag_len, pt);
  if (rc != AFS_OK || (d->last_status & AFS_ST_AUTH_FAIL)) {
    if (len) memset(pt, 0, (size_t)len);
    return rc != AFS_OK ? rc : AFS_AUTH_FAIL;
  }
  return AFS_OK;
}
