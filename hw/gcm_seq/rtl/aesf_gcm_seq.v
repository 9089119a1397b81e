// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_gcm_seq: sequential AES-GCM (NIST SP 800-38D) core: one shared AES engine (AES_IMPL 0:
// aesf_aes_iter, DECRYPT = 0; 1: aesf_aes_col32, same ports) and one digit-serial GHASH multiplier
// (aesf_gf128_mul_digit).
// AES-128/192/256, encrypt and decrypt, any IV length (96-bit fast path), any AAD / text length
// with a partial last block, tag lengths 4, 8, 12..16 bytes, GMAC (text length 0).
//
// Byte and bit order
//   Byte 0 of every field is in the top byte of its port (key byte 0 in key_i[255:248], block byte 0
//   in [127:120]); the NIST hex string read left to right is the port value. A partial beat is
//   left-aligned (its first byte in [127:120]); input bytes beyond a segment's length are ignored,
//   output bytes beyond the text length are zero. The tag is left-aligned in tag_o / the tag beat.
//   Worked example (IEEE 802.1AE MACsec 2.2.2, the seed paper's packet): key_len_i = 2,
//     key_i = 256'he3c08a8f06c6e3ad95a70557b23f75483ce33021a9c72b7025666204c69c0b72,
//     cmd: iv_len 12, aad_len 28, txt_len 48, tag_len 16, encrypt; beats:
//     IV   96'h12153524c0895e81b2c28465 in [127:32],
//     AAD  128'hd609b1f056637a0d46df998d88e52e00, then 128'hb2c2846512153524c0895e81_xxxxxxxx,
//     PT   08000f10..1b1c, 1d1e..2b2c, 2d2e..0002 ->
//     out  128'he2006eb42f5277022d9b19925bc419d7, a592666c925fe2ef718eb4e308efeaa7,
//          c5273b394118860a5be2a97f56ab7836; tag_o = 128'h5ca597cdbb3edb8d1a1151ea0af7b436.
//
// Latency (see hw/gcm_seq/README.md for the full cycle budget; m = 128/DIGIT, Nr = 10/12/14; the
// figures below are for AES_IMPL = 0; with AES_IMPL = 1 replace the expansion Nr by 2 (Nr + 1) and
// the AES block Nr by 4 (Nr + 1); with AES_IMPL = 2 the expansion by 84 / 84 / 112 and the block by 4 + 8 Nr)
//   key load:  handshake edge -> key_ok_o high: Nr (expansion) + 1 + Nr (H = E_K(0)) + 1 = 2 Nr + 2.
//   message:   the counter blocks run through the AES engine back-to-back (Nr cycles each, E_K(J0)
//              first) while the multiplier folds IV / AAD / text blocks (m cycles each); the core is
//              AES-bound when m <= Nr, else GHASH-bound. The last text block is followed by the
//              length block (m cycles); the tag / compare needs no extra cycle: done_o rises m + 2
//              edges after the edge that takes the last text beat when the multiplier is idle then
//              (AES-bound case; e.g. DIGIT = 128, AES-128, 96-bit IV, one text block: 26 edges from
//              the command handshake = 1 IV + 1 + 10 E_K(J0) + 10 keystream + 1 + 3).
//   The cycle count depends on the lengths, key size and handshake timing only, never on data or on
//   whether the received tag is right.
//
// Datapath: AES out_data (registered in the engine) -> XOR in_data_i -> mask -> out_q and gh_q
// (registered) -> multiplier. No path goes from the AES round logic into the multiplier.

`default_nettype none

module aesf_gcm_seq #(
  parameter int DIGIT     = 8,  // GHASH digit: bits of the multiplier operand per clock; 1,2,4,8,16,32,64,128
                                // (1 = the paper's bit-serial 128 cycles per multiply)
  parameter int SBOX_IMPL = 0,  // passed to the AES engine: 0 LUT case ROM, 1 composite field; 2..4 block-ROM
                                // S-boxes (aesf_aes_col32 SBOX_IMPL 2, same cycles; 3 / 4: two / three clocks
                                // per round, 2Nr+1 / 3(Nr+1) per block; AES_IMPL 1 with AES_COLS 4 only): 0..4
  parameter int AES_IMPL  = 0,  // 0..2: AES engine, 0 = aesf_aes_iter (DECRYPT=0, one round per clock),
                                // 1 = aesf_aes_col32 (column-serial datapath, smaller), 2 = aesf_aes_col32_dom
                                // (first-order masked, 4 + 8 Nr cycles per block; reseed through prng_seed_*;
                                // SBOX_IMPL and AES_COLS ignored)
  parameter int AES_COLS  = 1   // 1, 2, 4: aesf_aes_col32 columns per clock (AES_IMPL = 1 only; 1: 4(Nr+1)
                                // cycles per block, 4: Nr+1)
) (
  input  logic         clk_i,
  input  logic         rst_ni,          // asynchronous, active low
  input  logic         key_valid_i,
  output logic         key_ready_o,
  input  logic [255:0] key_i,           // AES-128 uses [255:128], AES-192 [255:64]
  input  logic [1:0]   key_len_i,       // 0: 128, 1: 192, 2: 256, 3: illegal (err 3, key not loaded)
  output logic         key_ok_o,
  input  logic         cmd_valid_i,
  output logic         cmd_ready_o,
  input  logic         cmd_decrypt_i,   // 0: encrypt, 1: decrypt
  input  logic [15:0]  cmd_iv_len_i,    // IV length in bytes, 1..65535 (12: J0 = IV || 1)
  input  logic [31:0]  cmd_aad_len_i,   // AAD length in bytes
  input  logic [35:0]  cmd_txt_len_i,   // text length in bytes, 0..2^36-32
  input  logic [4:0]   cmd_tag_len_i,   // 4, 8, 12..16
  input  logic         in_valid_i,
  output logic         in_ready_o,
  input  logic [127:0] in_data_i,
  output logic         out_valid_o,
  input  logic         out_ready_i,
  output logic [127:0] out_data_o,
  output logic         out_last_o,
  output logic         done_o,
  output logic [127:0] tag_o,
  output logic         auth_fail_o,
  output logic [2:0]   err_o,           // 0 ok, 1 no key, 2 bad length, 3 illegal key_len, 4 aborted
  output logic         busy_o,
  input  logic         abort_i,
  input  logic         clear_i,
  // mask PRNG reseed (AES_IMPL = 2; ignored otherwise): XOR prng_seed_i into the PRNG in any clock; reseed after
  // every reset and clear_i (both return the PRNG to a fixed state)
  input  logic         prng_seed_valid_i,
  input  logic [63:0]  prng_seed_i
);

  aesf_param_check #(
    .ILLEGAL(DIGIT != 1 && DIGIT != 2 && DIGIT != 4 && DIGIT != 8 && DIGIT != 16 && DIGIT != 32 &&
             DIGIT != 64 && DIGIT != 128 || SBOX_IMPL < 0 || SBOX_IMPL > 4 || AES_IMPL < 0 || AES_IMPL > 2 ||
             (AES_COLS != 1 && AES_COLS != 2 && AES_COLS != 4) || (SBOX_IMPL >= 2 && (AES_IMPL != 1 || AES_COLS != 4))),
    .MSG    ("aesf_gcm_seq: DIGIT must be a power of two 1..128, AES_IMPL 0..2, AES_COLS 1, 2 or 4, SBOX_IMPL 0 or 1, or 2..4 with AES_IMPL 1 and AES_COLS 4")
  ) u_param_check ();

  // FSM states
  localparam logic [3:0] StIdle   = 4'd0;   // waiting for a key or a command
  localparam logic [3:0] StKeyExp = 4'd1;   // AES key expansion; then E_K(0) is requested
  localparam logic [3:0] StKeyH   = 4'd2;   // waiting for H = E_K(0^128)
  localparam logic [3:0] StIv     = 4'd3;   // IV beats (96-bit: J0 = IV || 1; else into GHASH)
  localparam logic [3:0] StIvLen  = 4'd4;   // non-96-bit IV: push 0^64 || [len(IV)]_64
  localparam logic [3:0] StJ0     = 4'd5;   // non-96-bit IV: wait for J0 = GHASH result
  localparam logic [3:0] StAad    = 4'd6;   // AAD beats into GHASH
  localparam logic [3:0] StTxt    = 4'd7;   // text beats: XOR keystream, out, GHASH(CT)
  localparam logic [3:0] StLen    = 4'd8;   // push [len(A)]_64 || [len(C)]_64
  localparam logic [3:0] StFin    = 4'd9;   // (decrypt: tag beat) wait for GHASH, tag / compare
  localparam logic [3:0] StAbort  = 4'd10;  // drain the AES engine, then done with err 4

  localparam logic [2:0] ErrNone  = aesf_pkg::GcmErrNone;
  localparam logic [2:0] ErrNoKey = aesf_pkg::GcmErrNoKey;
  localparam logic [2:0] ErrLen   = aesf_pkg::GcmErrLength;
  localparam logic [2:0] ErrKey   = aesf_pkg::GcmErrKeyLen;
  localparam logic [2:0] ErrAbort = aesf_pkg::GcmErrAborted;

  // ---------------------------------------------------------------------------------------
  // Registers
  // ---------------------------------------------------------------------------------------
  logic [3:0]   st_d, st_q;
  logic         key_ok_d, key_ok_q;
  logic [127:0] h_q;               // hash key H = E_K(0^128)
  logic         dec_d, dec_q;
  logic [4:0]   tlen_d, tlen_q;
  logic [15:0]  ivlen_d, ivlen_q;
  logic [31:0]  aadlen_d, aadlen_q;
  logic [35:0]  txtlen_d, txtlen_q;
  logic [35:0]  rem_d, rem_q;           // bytes left in the current input segment
  logic [127:0] ctr_q;           // next counter block for the AES engine
  logic         prod_d, prod_q;         // counter producer armed (J0 known)
  logic         j0f_d, j0f_q;           // J0 itself still to be fed
  logic [31:0]  ksl_d, ksl_q;           // full keystream blocks still to be fed
  logic         ksp_d, ksp_q;           // ... then one more for a partial last text block
  logic [127:0] ek0_q;           // E_K(J0)
  logic         ek0v_d, ek0v_q;
  logic [127:0] gh_q;             // GHASH input buffer
  logic         ghv_d, ghv_q;
  logic         gha_d, gha_q;           // ... accumulate into the running hash
  logic         ghf_d, ghf_q;           // next GHASH block is the first of a chain
  logic         tgot_d, tgot_q;
  logic [127:0] out_q;
  logic         outv_d, outv_q;
  logic         outl_d, outl_q;
  logic [127:0] tag_q;
  logic         fail_d, fail_q;
  logic [2:0]   err_d, err_q;
  logic         done_d, done_q;

  // ---------------------------------------------------------------------------------------
  // AES engine (encrypt only) and GHASH multiplier
  // ---------------------------------------------------------------------------------------
  logic         aes_key_valid, aes_key_ready, aes_key_ok;
  logic         aes_in_valid, aes_in_ready, aes_out_valid, aes_out_ready, aes_busy;
  logic [127:0] aes_in_data, aes_out_data;
  logic         unused_aes_key_err, unused_aes_out_err, unused_mul_done;

  if (AES_IMPL != 2) begin : gen_no_seed
    logic unused_seed;   // only the masked engine has a PRNG
    assign unused_seed = ^{prng_seed_valid_i, prng_seed_i};
  end

  if (AES_IMPL == 0) begin : gen_aes_iter
    aesf_aes_iter #(
      .DECRYPT   (0),
      .SBOX_IMPL (SBOX_IMPL)
    ) u_aes (
      .clk_i,
      .rst_ni,
      .key_valid_i  (aes_key_valid),
      .key_ready_o  (aes_key_ready),
      .key_i,
      .key_len_i,
      .key_ok_o     (aes_key_ok),
      .key_error_o  (unused_aes_key_err),  // key_len 3 is decoded here (err 3)
      .in_valid_i   (aes_in_valid),
      .in_ready_o   (aes_in_ready),
      .in_data_i    (aes_in_data),
      .in_decrypt_i (1'b0),
      .out_valid_o  (aes_out_valid),
      .out_ready_i  (aes_out_ready),
      .out_data_o   (aes_out_data),
      .out_error_o  (unused_aes_out_err),  // never set: key_ok and DECRYPT=0 requests only
      .clear_i,
      .busy_o       (aes_busy)
    );
  end else if (AES_IMPL == 2) begin : gen_aes_dom
    logic unused_dom_cfg;   // the masked engine has one configuration
    assign unused_dom_cfg = ^{SBOX_IMPL[0], AES_COLS[0]};
    aesf_aes_col32_dom u_aes (
      .clk_i,
      .rst_ni,
      .key_valid_i       (aes_key_valid),
      .key_ready_o       (aes_key_ready),
      .key_i,
      .key_len_i,
      .key_ok_o          (aes_key_ok),
      .key_error_o       (unused_aes_key_err),  // key_len 3 is decoded here (err 3)
      .in_valid_i        (aes_in_valid),
      .in_ready_o        (aes_in_ready),
      .in_data_i         (aes_in_data),
      .in_decrypt_i      (1'b0),
      .out_valid_o       (aes_out_valid),
      .out_ready_i       (aes_out_ready),
      .out_data_o        (aes_out_data),
      .out_error_o       (unused_aes_out_err),  // never set: key_ok and encrypt requests only
      .prng_seed_valid_i,
      .prng_seed_i,
      .clear_i,
      .busy_o            (aes_busy)
    );
  end else begin : gen_aes_col32
    aesf_aes_col32 #(
      .SBOX_IMPL (SBOX_IMPL),
      .COLS      (AES_COLS)
    ) u_aes (
      .clk_i,
      .rst_ni,
      .key_valid_i  (aes_key_valid),
      .key_ready_o  (aes_key_ready),
      .key_i,
      .key_len_i,
      .key_ok_o     (aes_key_ok),
      .key_error_o  (unused_aes_key_err),  // key_len 3 is decoded here (err 3)
      .in_valid_i   (aes_in_valid),
      .in_ready_o   (aes_in_ready),
      .in_data_i    (aes_in_data),
      .in_decrypt_i (1'b0),
      .out_valid_o  (aes_out_valid),
      .out_ready_i  (aes_out_ready),
      .out_data_o   (aes_out_data),
      .out_error_o  (unused_aes_out_err),  // never set: key_ok and encrypt requests only
      .clear_i,
      .busy_o       (aes_busy)
    );
  end

  logic         mul_start, mul_clear, mul_busy;
  logic [127:0] mul_z;

  aesf_gf128_mul_digit #(
    .DIGIT (DIGIT)
  ) u_ghash (
    .clk_i,
    .rst_ni,
    .clear_i (mul_clear),
    .start_i (mul_start),
    .acc_i   (gha_q),
    .x_i     (h_q),
    .y_i     (gh_q),
    .busy_o  (mul_busy),
    .done_o  (unused_mul_done),  // the FSM watches busy_o
    .z_o     (mul_z)
  );

  // ---------------------------------------------------------------------------------------
  // Handshakes and shared terms
  // ---------------------------------------------------------------------------------------
  logic msg, key_hs, cmd_hs, in_hs, out_hs, gh_take, gh_free, out_free, seg_last, gh_idle;
  logic ks_avail, tag_ok_len, cmd_bad, fin_ok;
  logic [127:0] mask, txt_x, ghash_s, diff;
  logic [4:0]   rem_clip;             // bytes of the current beat that belong to the segment: 16 when bit 4 is set

  // a message is in progress (no comparison that depends on the state encoding's order)
  assign msg      = (st_q == StIv)  || (st_q == StIvLen) || (st_q == StJ0) || (st_q == StAad) ||
                    (st_q == StTxt) || (st_q == StLen)   || (st_q == StFin);
  assign gh_take  = ghv_q & ~mul_busy;
  assign gh_free  = ~ghv_q | gh_take;
  assign gh_idle  = ~ghv_q & ~mul_busy;
  assign out_free = ~outv_q | out_ready_i;
  assign ks_avail = aes_out_valid & ek0v_q;
  assign seg_last = (rem_q[35:5] == 31'd0) & ~(rem_q[4] & (rem_q[3:0] != 4'd0));  // rem_q <= 16
  // min(rem_q, 16) as first_bytes reads it (bit 4 set: all 16 bytes, whatever bits 3..0 hold), without a selection
  // of bits 3..0 by the 32-bit "at least 16 bytes left" test (timing, issue 25: that selection in front of the
  // byte compares and the text datapath cost gcm_spi 10 % of its Fmax, hw/gcm_spi/README.md Results)
  assign rem_clip = {rem_q[35:4] != 32'd0, rem_q[3:0]};
  assign mask     = aesf_pkg::first_bytes_mask(rem_clip);   // left-aligned
  assign txt_x    = (in_data_i ^ aes_out_data) & mask;

  assign key_ready_o = (st_q == StIdle) & aes_key_ready & ~clear_i;
  assign key_hs      = key_valid_i & key_ready_o;
  assign cmd_ready_o = (st_q == StIdle) & ~clear_i & ~key_valid_i;
  assign cmd_hs      = cmd_valid_i & cmd_ready_o;

  always_comb begin
    in_ready_o = 1'b0;
    case (st_q)
      StIv:   in_ready_o = (ivlen_q == 16'd12) | gh_free;
      StAad:  in_ready_o = gh_free;
      StTxt:  in_ready_o = ks_avail & out_free & gh_free;
      StFin:  in_ready_o = dec_q & ~tgot_q & ek0v_q & gh_free;  // the tag beat waits for the length block
      default: in_ready_o = 1'b0;
    endcase
    in_ready_o = in_ready_o & ~abort_i & ~clear_i;
  end
  assign in_hs  = in_valid_i & in_ready_o;
  assign out_hs = outv_q & out_ready_i;

  assign tag_ok_len = (cmd_tag_len_i == 5'd4) | (cmd_tag_len_i == 5'd8) |
                      ((cmd_tag_len_i >= 5'd12) & (cmd_tag_len_i <= 5'd16));
  assign cmd_bad    = ~tag_ok_len | (cmd_iv_len_i == 16'd0) | (cmd_txt_len_i > 36'hfffffffe0);

  // Tag: GHASH result ^ E_K(J0), output over tag_len bytes. Decrypt: the received tag beat is parked in the
  // GHASH input buffer gh_q (free once the length block is in the multiplier; it never enters the hash),
  // so the same masked XOR is the difference; auth fails when any tag byte differs (constant time: one cycle).
  assign ghash_s = mul_z ^ ek0_q ^ (dec_q ? gh_q : '0);
  assign diff    = ghash_s & aesf_pkg::first_bytes_mask(tlen_q);
  assign fin_ok  = gh_idle & ek0v_q & (~dec_q | tgot_q) & ~outv_q;

  // AES engine inputs
  assign aes_key_valid = key_hs;
  assign aes_in_valid  = ((st_q == StKeyExp) & aes_key_ok) |
                         (msg & prod_q & (j0f_q | (ksl_q != 32'd0) | ksp_q));
  assign aes_in_data   = ctr_q;   // ctr_q is zero outside a message: E_K(0^128) = H during the key load

  always_comb begin
    aes_out_ready = 1'b0;
    if (st_q == StKeyH || st_q == StAbort) begin
      aes_out_ready = 1'b1;
    end else if (msg) begin
      aes_out_ready = ~ek0v_q | ((st_q == StTxt) & in_hs);
    end
  end

  assign mul_start = msg & gh_take;

  // End of a message: finished (FIN, tag ready; an abort in the same cycle wins) or aborted.
  logic fin_done, abort_now, msg_end;
  assign abort_now = msg & abort_i & ~clear_i;
  assign fin_done  = (st_q == StFin) & fin_ok & ~abort_i & ~clear_i;
  assign msg_end   = fin_done | abort_now;

  logic [127:0] ctr_inc;
  aesf_inc32 u_inc32 (
    .data_i (ctr_q),
    .data_o (ctr_inc)
  );

  // ---------------------------------------------------------------------------------------
  // Next state
  // ---------------------------------------------------------------------------------------
  // The first non-empty segment after the IV: AAD, text or (neither) the length block.
  logic [3:0]  st_post_iv;
  logic [35:0] rem_post_iv;
  always_comb begin
    if (aadlen_q != 32'd0) begin
      st_post_iv  = StAad;
      rem_post_iv = {4'd0, aadlen_q};
    end else if (txtlen_q != 36'd0) begin
      st_post_iv  = StTxt;
      rem_post_iv = txtlen_q;
    end else begin
      st_post_iv  = StLen;
      rem_post_iv = '0;
    end
  end

  always_comb begin
    st_d     = st_q;
    key_ok_d = key_ok_q;
    dec_d    = dec_q;
    tlen_d   = tlen_q;
    ivlen_d  = ivlen_q;
    aadlen_d = aadlen_q;
    txtlen_d = txtlen_q;
    rem_d    = rem_q;
    prod_d   = prod_q;
    j0f_d    = j0f_q;
    ksl_d    = ksl_q;
    ksp_d    = ksp_q;
    ek0v_d   = ek0v_q;
    ghv_d    = ghv_q;
    gha_d    = gha_q;
    ghf_d    = ghf_q;
    tgot_d   = tgot_q;
    outv_d   = outv_q;
    outl_d   = outl_q;
    fail_d   = fail_q;
    err_d    = err_q;
    done_d   = 1'b0;
    mul_clear = clear_i;

    if (clear_i) begin
      st_d     = StIdle;
      key_ok_d = 1'b0;
      // dec_q and the lengths are public metadata: kept (no clear mux), only valid inside a message
      rem_d    = '0;
      prod_d   = 1'b0;
      j0f_d    = 1'b0;
      ksl_d    = '0;
      ksp_d    = 1'b0;
      ek0v_d   = 1'b0;
      ghv_d    = 1'b0;
      gha_d    = 1'b0;
      ghf_d    = 1'b0;
      tgot_d   = 1'b0;
      outv_d   = 1'b0;
      outl_d   = 1'b0;
      fail_d   = 1'b0;
      err_d    = ErrNone;
    end else begin
      // ---- output register: a read empties (and wipes) it
      if (out_hs) begin
        outv_d = 1'b0;
        outl_d = 1'b0;
      end
      // ---- GHASH buffer -> multiplier
      if (mul_start) begin
        ghv_d = 1'b0;
      end
      // ---- counter producer -> AES engine
      if (msg && aes_in_valid && aes_in_ready) begin
        if (j0f_q) begin
          j0f_d = 1'b0;
        end else begin
          if (ksl_q != 32'd0) begin
            ksl_d = ksl_q - 32'd1;
          end else begin
            ksp_d = 1'b0;
          end
        end
      end
      // ---- first AES output of a message is E_K(J0)
      if (msg && aes_out_valid && !ek0v_q) begin
        ek0v_d = 1'b1;
      end

      case (st_q)
        StIdle: begin
          if (key_hs) begin
            key_ok_d = 1'b0;
            fail_d   = 1'b0;
            if (key_len_i == aesf_pkg::KeyLenBad) begin
              err_d  = ErrKey;
              done_d = 1'b1;
            end else begin
              err_d  = ErrNone;
              st_d   = StKeyExp;
            end
          end else if (cmd_hs) begin
            fail_d = 1'b0;
            if (!key_ok_q) begin
              err_d  = ErrNoKey;
              done_d = 1'b1;
            end else if (cmd_bad) begin
              err_d  = ErrLen;
              done_d = 1'b1;
            end else begin
              err_d    = ErrNone;
              st_d     = StIv;
              dec_d    = cmd_decrypt_i;
              tlen_d   = cmd_tag_len_i;
              ivlen_d  = cmd_iv_len_i;
              aadlen_d = cmd_aad_len_i;
              txtlen_d = cmd_txt_len_i;
              rem_d    = {20'd0, cmd_iv_len_i};
              ksl_d    = cmd_txt_len_i[35:4];
              ksp_d    = (cmd_txt_len_i[3:0] != 4'd0);
              ghf_d    = 1'b1;
            end
          end
        end

        StKeyExp: begin
          if (aes_in_valid && aes_in_ready) begin
            st_d = StKeyH;
          end
        end

        StKeyH: begin
          if (aes_out_valid) begin
            key_ok_d = 1'b1;
            st_d     = StIdle;
          end
        end

        StIv: begin
          if (in_hs) begin
            if (ivlen_q == 16'd12) begin
              prod_d = 1'b1;
              j0f_d  = 1'b1;
              st_d   = st_post_iv;
              rem_d  = rem_post_iv;
            end else begin
              ghv_d = 1'b1;
              gha_d = ~ghf_q;
              ghf_d = 1'b0;
              if (seg_last) begin
                st_d = StIvLen;
              end else begin
                rem_d = {rem_q[35:4] - 32'd1, rem_q[3:0]};
              end
            end
          end
        end

        StIvLen: begin
          if (gh_free) begin
            ghv_d = 1'b1;
            gha_d = 1'b1;
            st_d  = StJ0;
          end
        end

        StJ0: begin
          if (gh_idle) begin
            prod_d = 1'b1;
            j0f_d  = 1'b1;
            ghf_d  = 1'b1;
            st_d   = st_post_iv;
            rem_d  = rem_post_iv;
          end
        end

        StAad: begin
          if (in_hs) begin
            ghv_d = 1'b1;
            gha_d = ~ghf_q;
            ghf_d = 1'b0;
            if (seg_last) begin
              if (txtlen_q != 36'd0) begin
                st_d  = StTxt;
                rem_d = txtlen_q;
              end else begin
                st_d  = StLen;
                rem_d = '0;
              end
            end else begin
              rem_d = {rem_q[35:4] - 32'd1, rem_q[3:0]};
            end
          end
        end

        StTxt: begin
          if (in_hs) begin
            outv_d = 1'b1;
            outl_d = seg_last;
            ghv_d  = 1'b1;
            gha_d  = ~ghf_q;
            ghf_d  = 1'b0;
            if (seg_last) begin
              st_d  = StLen;
              rem_d = '0;
            end else begin
              rem_d = {rem_q[35:4] - 32'd1, rem_q[3:0]};
            end
          end
        end

        StLen: begin
          if (gh_free) begin
            ghv_d = 1'b1;
            gha_d = ~ghf_q;
            ghf_d = 1'b0;
            st_d  = StFin;
            rem_d = 36'd16;  // decrypt: the tag beat is parked in gh_q unmasked (diff masks to tag_len)
          end
        end

        StFin: begin
          if (in_hs) begin
            tgot_d = 1'b1;
          end
          if (fin_done) begin
            if (dec_q) begin
              fail_d = |diff;
            end else begin
              fail_d = 1'b0;
            end
            err_d     = ErrNone;
            done_d    = 1'b1;
            st_d      = StIdle;
            mul_clear = 1'b1;
          end
        end

        StAbort: begin
          mul_clear = 1'b1;
          if (!aes_busy && !aes_out_valid) begin
            err_d  = ErrAbort;
            done_d = 1'b1;
            st_d   = StIdle;
          end
        end

        default: begin
          st_d = StIdle;
        end
      endcase

      // ---- end of a message (done or abort): wipe the message state
      if (msg_end) begin
        prod_d = 1'b0;
        j0f_d  = 1'b0;
        ksl_d  = '0;
        ksp_d  = 1'b0;
        ek0v_d = 1'b0;
        ghv_d  = 1'b0;
        gha_d  = 1'b0;
        ghf_d  = 1'b0;
        tgot_d = 1'b0;
        rem_d  = '0;
      end
      if (abort_now) begin
        st_d      = StAbort;
        outv_d    = 1'b0;
        outl_d    = 1'b0;
        mul_clear = 1'b1;
      end
    end
  end

  // ---------------------------------------------------------------------------------------
  // Registers (asynchronous active-low reset)
  // ---------------------------------------------------------------------------------------
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      st_q     <= StIdle;
      key_ok_q <= 1'b0;
      dec_q    <= 1'b0;
      tlen_q   <= '0;
      ivlen_q  <= '0;
      aadlen_q <= '0;
      txtlen_q <= '0;
      rem_q    <= '0;
      prod_q   <= 1'b0;
      j0f_q    <= 1'b0;
      ksl_q    <= '0;
      ksp_q    <= 1'b0;
      ek0v_q   <= 1'b0;
      ghv_q    <= 1'b0;
      gha_q    <= 1'b0;
      ghf_q    <= 1'b0;
      tgot_q   <= 1'b0;
      outv_q   <= 1'b0;
      outl_q   <= 1'b0;
      fail_q   <= 1'b0;
      err_q    <= ErrNone;
      done_q   <= 1'b0;
    end else begin
      st_q     <= st_d;
      key_ok_q <= key_ok_d;
      dec_q    <= dec_d;
      tlen_q   <= tlen_d;
      ivlen_q  <= ivlen_d;
      aadlen_q <= aadlen_d;
      txtlen_q <= txtlen_d;
      rem_q    <= rem_d;
      prod_q   <= prod_d;
      j0f_q    <= j0f_d;
      ksl_q    <= ksl_d;
      ksp_q    <= ksp_d;
      ek0v_q   <= ek0v_d;
      ghv_q    <= ghv_d;
      gha_q    <= gha_d;
      ghf_q    <= ghf_d;
      tgot_q   <= tgot_d;
      outv_q   <= outv_d;
      outl_q   <= outl_d;
      fail_q   <= fail_d;
      err_q    <= err_d;
      done_q   <= done_d;
    end
  end

  // Wide data registers (H, counter, E_K(J0), GHASH buffer, output, tag): each is zeroed, loaded from one
  // source mux, or holds, with the zeroing first, and is reset synchronously (rst_ni sampled at a clock
  // edge: hold it low for >= 1 edge). So every bit is a flip-flop with synchronous reset and enable (FDRE
  // on xc7) and the zeroize / hold paths cost no LUTs.
  logic         h_zero, h_load, ctr_zero, ctr_load, ek0_zero, ek0_load, gh_zero, gh_load;
  logic         out_zero, out_load, tag_zero, tag_load;
  logic         iv96_ld, j0_ld, feed, ek0_cap, push_in, push_len;
  logic [127:0] ctr_src, gh_src, len_blk;

  assign h_zero   = clear_i | key_hs;
  assign h_load   = (st_q == StKeyH) & aes_out_valid;

  assign iv96_ld  = (st_q == StIv) & in_hs & (ivlen_q == 16'd12);
  assign j0_ld    = (st_q == StJ0) & gh_idle;
  assign feed     = msg & aes_in_valid & aes_in_ready;
  assign ctr_zero = clear_i | msg_end;
  assign ctr_load = iv96_ld | j0_ld | feed;
  assign ctr_src  = iv96_ld ? {in_data_i[127:32], 32'd1} : (j0_ld ? mul_z : ctr_inc);

  assign ek0_cap  = msg & aes_out_valid & ~ek0v_q;
  assign ek0_zero = clear_i | msg_end;
  assign ek0_load = ek0_cap;

  assign push_in  = in_hs & (((st_q == StIv) & (ivlen_q != 16'd12)) | (st_q == StAad) | (st_q == StTxt) |
                             (st_q == StFin));   // FIN: the received tag (parked, not hashed: ghv_q stays 0)
  assign push_len = ((st_q == StIvLen) | (st_q == StLen)) & gh_free;
  assign len_blk  = (st_q == StIvLen) ? {64'd0, 45'd0, ivlen_q, 3'd0}
                                       : {29'd0, aadlen_q, 3'd0, 25'd0, txtlen_q, 3'd0};
  assign gh_zero  = clear_i;
  assign gh_load  = push_in | push_len;
  assign gh_src   = push_len ? len_blk : (((st_q == StTxt) & ~dec_q) ? txt_x : (in_data_i & mask));

  assign out_load = (st_q == StTxt) & in_hs;
  assign out_zero = clear_i | abort_now | (out_hs & ~out_load);

  assign tag_zero = clear_i | key_hs | cmd_hs | (fin_done & dec_q);
  assign tag_load = fin_done & ~dec_q;

  /* verilator lint_off SYNCASYNCNET */  // rst_ni: async for the control flops, sampled here (see above)
  always_ff @(posedge clk_i) begin
    if (!rst_ni || h_zero)        h_q   <= '0;
    else if (h_load)              h_q   <= aes_out_data;
    if (!rst_ni || ctr_zero)      ctr_q <= '0;
    else if (ctr_load)            ctr_q <= ctr_src;
    if (!rst_ni || ek0_zero)      ek0_q <= '0;
    else if (ek0_load)            ek0_q <= aes_out_data;
    if (!rst_ni || gh_zero)       gh_q  <= '0;
    else if (gh_load)             gh_q  <= gh_src;
    if (!rst_ni || out_zero)      out_q <= '0;
    else if (out_load)            out_q <= txt_x;
    if (!rst_ni || tag_zero)      tag_q <= '0;
    else if (tag_load)            tag_q <= diff;
  end
  /* verilator lint_on SYNCASYNCNET */

  // ---------------------------------------------------------------------------------------
  // Outputs
  // ---------------------------------------------------------------------------------------
  assign key_ok_o    = key_ok_q;
  assign out_valid_o = outv_q;
  assign out_data_o  = out_q;
  assign out_last_o  = outl_q;
  assign done_o      = done_q;
  assign tag_o       = tag_q;
  assign auth_fail_o = fail_q;
  assign err_o       = err_q;
  assign busy_o      = (st_q != StIdle);

`ifdef FORMAL
  // SEC_CM: the edge that sees clear_i (ZEROIZE) wipes H, the counter, E_K(J0), the GHASH input, the
  // output and the tag registers (the engine and the multiplier assert their own)
  aesf_assert_wiped u_assert_wiped (
    .clk_i, .rst_ni, .trig_i(clear_i),
    .wiped_i(h_q == '0 && ctr_q == '0 && ek0_q == '0 && gh_q == '0 && out_q == '0 && tag_q == '0)
  );
  // the text mask covers min(rem_q, 16) bytes
  always_ff @(posedge clk_i or negedge rst_ni)
    if (rst_ni) assert (mask == aesf_pkg::first_bytes_mask((rem_q[35:4] != 32'd0) ? 5'd16 : {1'b0, rem_q[3:0]}));
`endif

endmodule

`default_nettype wire
