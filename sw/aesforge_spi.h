/* SPDX-License-Identifier: Apache-2.0
 * Copyright aesforge contributors
 *
 * aesforge_spi: portable C driver for the aesf_gcm_spi AES-GCM device (hw/gcm_spi, protocol in
 * hw/gcm_spi/doc/spi_protocol.md). C99, no dynamic memory, no global state; about 64 bytes of stack per call
 * plus one 64-byte chunk buffer.
 *
 * Port to an MCU by filling in afs_hal_t: `cs` drives the chip select (0 = selected/low, 1 = released/high)
 * and `xfer` clocks n bytes full duplex in SPI mode 0, MSB first (tx == NULL: send zeros; rx == NULL: discard).
 * One command is one CS frame. Example (STM32 HAL):
 *   static void cs(void *c, int lvl) { HAL_GPIO_WritePin(GPIOA, GPIO_PIN_4, lvl); }
 *   static void xf(void *c, const uint8_t *t, uint8_t *r, size_t n) { ...HAL_SPI_TransmitReceive... }
 *   afs_dev_t dev = { { cs, xf, NULL }, 100000 };
 */
#ifndef AESFORGE_SPI_H
#define AESFORGE_SPI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  void (*cs)(void *ctx, int level);
  void (*xfer)(void *ctx, const uint8_t *tx, uint8_t *rx, size_t n);
  void *ctx;
} afs_hal_t;

typedef struct {
  afs_hal_t hal;
  uint32_t poll_limit;   /* READ_STATUS polls before AFS_ERR_TIMEOUT (0: 100000) */
  uint8_t last_status;   /* status byte of the last poll */
} afs_dev_t;

/* opcodes */
enum {
  AFS_OP_WRITE_KEY = 0x01, AFS_OP_WRITE_NONCE = 0x02, AFS_OP_WRITE_PT = 0x03, AFS_OP_WRITE_AAD = 0x04,
  AFS_OP_WRITE_TAG = 0x05, AFS_OP_SET_TAGLEN = 0x06, AFS_OP_START_ENC = 0x10, AFS_OP_START_DEC = 0x11,
  AFS_OP_STREAM_START = 0x12, AFS_OP_STREAM_DATA = 0x13, AFS_OP_READ_CT = 0x20, AFS_OP_READ_TAG = 0x21,
  AFS_OP_ZEROIZE = 0x30, AFS_OP_ABORT = 0x31,
  AFS_OP_RESEED = 0x32, /* masked configurations only (AES_IMPL 2): 8 bytes into the mask PRNG */
  AFS_OP_READ_STATUS = 0xF0, AFS_OP_CLEAR_STATUS = 0xF1, AFS_OP_READ_INFO = 0xF2
};

/* status bits; error code in bits 7..5 */
#define AFS_ST_DONE      0x01u
#define AFS_ST_BUSY      0x02u
#define AFS_ST_AUTH_FAIL 0x04u
#define AFS_ST_KEY_OK    0x08u
#define AFS_ST_RDY       0x10u
#define AFS_ST_ERR(st)   (((st) >> 5) & 7u)

/* return codes: >= 0 ok; device error codes come back as -(10 + code) */
#define AFS_OK            0
#define AFS_AUTH_FAIL     1     /* decrypt: tag mismatch, no plaintext returned (output zeroed) */
#define AFS_ERR_ARG      (-1)   /* bad argument (key/tag length, NULL pointer, IV length 0) */
#define AFS_ERR_TIMEOUT  (-2)   /* status bit not seen within poll_limit polls */
#define AFS_ERR_DEVICE(code) (-(10 + (int)(code)))

/* device buffer sizes (READ_INFO bytes 3..5) */
#define AFS_TXT_BUF   64u
#define AFS_AAD_BUF   32u
#define AFS_NONCE_BUF 16u

int afs_command(afs_dev_t *d, uint8_t op, const uint8_t *payload, size_t n);
int afs_read(afs_dev_t *d, uint8_t op, uint8_t *out, size_t n);
int afs_status(afs_dev_t *d, uint8_t *status);
int afs_clear_status(afs_dev_t *d);
int afs_zeroize(afs_dev_t *d);
int afs_set_key(afs_dev_t *d, const uint8_t *key, size_t key_len);   /* 16, 24 or 32 */

/* The paper's Table 1 sequence (key 32 B, nonce 12 B, PT 48 B, AAD 28 B) byte for byte. */
int afs_table1_encrypt(afs_dev_t *d, const uint8_t key[32], const uint8_t nonce[12], const uint8_t pt[48],
                       const uint8_t aad[28], uint8_t ct[48], uint8_t tag[16]);

/* Any message (key loaded with afs_set_key). Buffered commands when iv <= 16, aad <= 32, text <= 64 bytes,
 * streamed commands otherwise (decrypt: verify-first, two passes). tag_len: 4, 8, 12..16. */
int afs_encrypt(afs_dev_t *d, const uint8_t *iv, size_t iv_len, const uint8_t *aad, uint64_t aad_len,
                const uint8_t *pt, uint64_t len, uint8_t *ct, uint8_t *tag, size_t tag_len);
int afs_decrypt(afs_dev_t *d, const uint8_t *iv, size_t iv_len, const uint8_t *aad, uint64_t aad_len,
                const uint8_t *ct, uint64_t len, const uint8_t *tag, size_t tag_len, uint8_t *pt);

#ifdef __cplusplus
}
#endif
#endif /* AESFORGE_SPI_H */
