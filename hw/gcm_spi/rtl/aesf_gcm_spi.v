// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_gcm_spi: 7-pin SPI slave (clk, rst_n, sck, mosi, miso, cs_n, irq) in front of the sequential
// AES-GCM core aesf_gcm_seq. Full protocol: hw/gcm_spi/doc/spi_protocol.md (this header is a summary).
//
// Frames: SPI mode 0, MSB first, one command per chip-select frame: byte 0 = opcode, then the payload.
// MISO carries the status byte during the opcode byte, then the read data of a read command.
// Write commands are decided when CS rises (payload length checked, then committed); a frame whose CS
// rises in the middle of a byte, a wrong payload length, an unknown opcode, or a command that would
// disturb a running operation set the sticky error code and change nothing else.
//
// Storage: one buffer RAM of 16-byte beats, 16 byte lanes (lane l = byte l of a beat = bits [127-8l -: 8]),
// one address for reading and writing (a single-port LUT RAM: 16 x RAM32M on xc7, 32 x DPR16X4 on ECP5):
//   beat 0..3  text (64 B: PT / CT in, the core's output beats written back in place, READ_CT)
//   beat 4..5  AAD (32 B); also stages WRITE_KEY (never readable over SPI, scrubbed after the key handshake)
//   beat 6     nonce (IV, 16 B)       beat 7  tag to verify (16 B)       beat 8  tag of the last encryption
// The core reads its 128-bit beats straight from the RAM's read port (no multiplexer), output beats are
// written in one cycle, SPI payload bytes into one lane, READ_CT / READ_TAG bytes come from a 16:1 lane
// select of the read port. Port owners, highest priority first: core output beat, tag at done_o, SPI byte
// (payload write or read-data fetch of an accepted RAM command), key fetch, scrub, feeder. The two
// one-cycle writers (output beat, tag) and the SPI never meet (SPI RAM commands are refused while an
// operation owns the buffers; no output is pending in a stream's RDY state); the others wait a cycle.
// The key goes to the core as {key_hi_q, RAM beat 5}: key_hi_q copies beat 4 in the cycle before
// key_valid_o, both are wiped after the handshake. STREAM_START's 13 parameter bytes are shifted into
// par_q, which drives the core's command length ports directly; a buffered START loads par_q with the
// buffered lengths. A RAM cannot be cleared in one cycle: wipes are scrubs, one beat per cycle (see below).
//
// Byte order: every multi-byte field is sent most significant byte first, i.e. in NIST hex-string order.
// Payload byte k of WRITE_PT lands in lane k mod 16 of beat k div 16, i.e. text block j is RAM beat j with
// byte 0 in the top byte, which is exactly the core's beat byte order. Worked example (paper Table 1,
// MACsec 2.2.2): WRITE_NONCE 12 15 35 24 C0 89 5E 81 B2 C2 84 65 gives beat 6 = IV beat
// 128'h12153524C0895E81B2C28465_xxxxxxxx (left-aligned, iv_len 12: the core ignores the bytes beyond the
// length; they are zero after the opcode's scrub), WRITE_PT 08 00 0F 10 ... gives text beat 0 =
// 128'h08000F101112131415161718191A1B1C, and READ_CT returns E2 00 6E B4 ... (output beat 0, which
// overwrote text beat 0).
//
// Buffers (no message-sized RAM): text 64 B, AAD 32 B, nonce 16 B, tag-in 16 B. WRITE_KEY stages the key in
// the AAD beats, so the AAD must be written after the key (Table 1 does). STREAM_START makes the nonce and
// text buffers invalid (a buffered START after a stream needs a new WRITE_NONCE and WRITE_PT) and streams
// its chunks through the text beats. A START runs only on buffers that hold complete, committed writes
// (valid flags), never on stale, wiped or half-written data (refused with STATE).
//
// Scrub (wipe) timing: a wipe request marks beats in scr_q; the scrubber zeroes the lowest marked beat in
// each cycle the port is free. Requests: a write command's opcode byte scrubs its buffer (text 4 beats, AAD
// 2, nonce 1, tag 1), the key handshake and a failed WRITE_KEY scrub the AAD beats, a failed text write,
// STREAM_START, ABORT and any unsuccessful done_o (auth FAIL, core error, abort) scrub the text beats,
// ZEROIZE and reset scrub all 9 beats. A scrub therefore ends at most 9 clk_i cycles after its request,
// long before the next payload byte or command byte can arrive (>= 8 SCK periods >= 32 clk_i cycles at
// SCK <= f_clk/4); READ_CT is refused while wiped data could be addressed, so the scrub is invisible on the
// pins (READ_STATUS does not show it).
//
// Security (SEC_CM): the key is write-only (MISO reads only beats 0..3 and 8; the staging beats and
// key_hi_q have no read path and are wiped right after the key handshake); decrypted plaintext is withheld
// while the core runs (READ_CT refused) and, after an authentication failure, any core error or an ABORT,
// READ_CT stays refused and the text beats are scrubbed in the following 4 cycles; ZEROIZE pulses the
// core's clear_i, scrubs every beat and clears par_q, the lengths and the status.
//
// Status / irq: status = {err[2:0], RDY, KEY_OK, AUTH_FAIL, BUSY, DONE}, DONE / AUTH_FAIL / err sticky until
// CLEAR_STATUS; irq_o is a registered copy of (DONE | err != 0).
//
// Latency: a write frame is committed SYNC_STAGES..SYNC_STAGES+1 clk_i cycles after CS rises; START_ENC
// hands the command to the core in the next cycle (CS rise -> command handshake: 3 clk_i edges measured with
// SYNC_STAGES = 3, aesforge.sim.perf_gcm_spi) and feeds IV, AAD and text beats from the RAM back to back
// (the core's in_ready_o paces them), so the core runs at its full-speed schedule (MACsec 2.2.2: 99
// cycles at DIGIT = 8, 771 at DIGIT = 1). WRITE_KEY: commit, one cycle to copy beat 4, then key_valid_o.
// The core's output beats are always accepted (out_ready_i = 1): output beat j of a buffer load or chunk is
// written to text beat j, whose input beat has already been consumed, so nothing is lost or overwritten
// early.

`default_nettype none

module aesf_gcm_spi #(
  parameter int DIGIT       = 8,  // GHASH digit of aesf_gcm_seq: 1,2,4,8,16,32,64,128 (checked by the core)
  parameter int SBOX_IMPL   = 0,  // 0..2: S-box implementation of the core's AES engine (aesf_gcm_seq; checked there)
  parameter int AES_IMPL    = 0,  // 0..2: the core's AES engine, 0 = aesf_aes_iter (128-bit rounds), 1 =
                                  // aesf_aes_col32 (column-serial datapath, smaller), 2 = aesf_aes_col32_dom
                                  // (first-order masked; RESEED 0x32 feeds its PRNG) (checked by the core)
  parameter int AES_COLS    = 1,  // 1, 2, 4: aesf_aes_col32 columns per clock (checked by the core)
  parameter int SYNC_STAGES = 3   // 2..4: flip-flops per SPI input synchronizer (3 = the paper's triple stage)
) (
  input  logic clk_i,
  input  logic rst_ni,        // asynchronous, active low
  input  logic spi_sck_i,
  input  logic spi_mosi_i,
  output logic spi_miso_o,
  input  logic spi_cs_ni,
  output logic irq_o          // level: DONE or an error pending (registered); cleared by CLEAR_STATUS (0xF1) / ZEROIZE
);

  aesf_param_check #(
    .ILLEGAL(SYNC_STAGES < 2 || SYNC_STAGES > 4),
    .MSG    ("aesf_gcm_spi: SYNC_STAGES must be 2, 3 or 4")
  ) u_param_check ();

  // ---------------------------------------------------------------------------------------------------
  // Opcodes, error codes, modes, feeder phases, RAM beats
  // ---------------------------------------------------------------------------------------------------
  localparam logic [7:0] OpWriteKey     = 8'h01;  // 16/24/32 B
  localparam logic [7:0] OpWriteNonce   = 8'h02;  // 1..16 B (buffered IV)
  localparam logic [7:0] OpWritePt      = 8'h03;  // 0..64 B (buffered text: PT to encrypt or CT to decrypt)
  localparam logic [7:0] OpWriteAad     = 8'h04;  // 0..32 B
  localparam logic [7:0] OpWriteTag     = 8'h05;  // 1..16 B (buffered decrypt: tag to verify)
  localparam logic [7:0] OpSetTaglen    = 8'h06;  // 1 B: tag length of START_ENC (default 16)
  localparam logic [7:0] OpStartEnc     = 8'h10;  // 0 B
  localparam logic [7:0] OpStartDec     = 8'h11;  // 0 B
  localparam logic [7:0] OpStreamStart  = 8'h12;  // 13 B: flags, tag_len, iv_len[15:0], aad_len[31:0], txt_len[39:0]
  localparam logic [7:0] OpStreamData   = 8'h13;  // 1..64 B of the 16-B padded stream IV|AAD|TEXT|(TAG)
  localparam logic [7:0] OpReadCt       = 8'h20;  // text buffer, up to 64 B
  localparam logic [7:0] OpReadTag      = 8'h21;  // up to 16 B
  localparam logic [7:0] OpZeroize       = 8'h30;  // 0 B
  localparam logic [7:0] OpAbort         = 8'h31;  // 0 B
  localparam logic [7:0] OpReseed        = 8'h32;  // 8 B: XOR into the mask PRNG (AES_IMPL 2; else unknown opcode)
  localparam logic [7:0] OpReadStatus   = 8'hF0;  // status byte (repeated)
  localparam logic [7:0] OpClearStatus  = 8'hF1;  // 0 B: clears DONE, AUTH_FAIL, error code and irq
  localparam logic [7:0] OpReadInfo     = 8'hF2;  // 8 B: ID and buffer sizes

  localparam logic [2:0] ErrOk      = 3'd0;
  localparam logic [2:0] ErrOpcode  = 3'd1;  // unknown opcode
  localparam logic [2:0] ErrBusy    = 3'd2;  // refused: an operation or key load is running
  localparam logic [2:0] ErrLength  = 3'd3;  // wrong payload length / lengths refused by the core
  localparam logic [2:0] ErrFrame   = 3'd4;  // CS released in the middle of a byte
  localparam logic [2:0] ErrKey     = 3'd5;  // no key loaded
  localparam logic [2:0] ErrState   = 3'd6;  // sequence: buffer not valid, nothing readable, not armed, no stream
  localparam logic [2:0] ErrAborted = 3'd7;  // the running operation was aborted (ABORT)

  localparam logic [1:0] StIdle   = 2'd0;   // no operation
  localparam logic [1:0] StBuf    = 2'd1;   // buffered START_ENC / START_DEC running
  localparam logic [1:0] StStream = 2'd2;   // streamed operation running

  // segment of the message the next input beat belongs to (buffered and streamed)
  localparam logic [2:0] PhIv  = 3'd0;
  localparam logic [2:0] PhAad = 3'd1;
  localparam logic [2:0] PhTxt = 3'd2;
  localparam logic [2:0] PhTag = 3'd3;      // decrypt: the tag beat
  localparam logic [2:0] PhEnd = 3'd4;      // every beat of the message has been fed

  localparam logic [3:0] BeatAad   = 4'd4;    // AAD / key staging: beats 4, 5 (text: beats 0..3)
  localparam logic [3:0] BeatKey1  = 4'd5;    // key bytes 16..31
  localparam logic [3:0] BeatNonce = 4'd6;
  localparam logic [3:0] BeatTagin = 4'd7;
  localparam logic [3:0] BeatTag   = 4'd8;    // tag of the last encryption (READ_TAG)

  localparam logic [8:0] ScrTxt   = 9'h00F;  // scrub masks (bit b = beat b)
  localparam logic [8:0] ScrAad   = 9'h030;
  localparam logic [8:0] ScrNonce = 9'h040;
  localparam logic [8:0] ScrTagin = 9'h080;
  localparam logic [8:0] ScrAll   = 9'h1FF;

  // ---------------------------------------------------------------------------------------------------
  // SPI byte engine
  // ---------------------------------------------------------------------------------------------------
  logic       frame_start, frame_end, frame_partial, rx_valid, rx_first;
  logic [7:0] rx_data, tx_data;

  aesf_spi_slave #(.SYNC_STAGES(SYNC_STAGES)) u_spi (
    .clk_i, .rst_ni,
    .sck_i(spi_sck_i), .mosi_i(spi_mosi_i), .cs_ni(spi_cs_ni), .miso_o(spi_miso_o),
    .frame_start_o(frame_start), .frame_end_o(frame_end), .frame_partial_o(frame_partial),
    .rx_valid_o(rx_valid), .rx_first_o(rx_first), .rx_data_o(rx_data), .tx_data_i(tx_data)
  );

  // ---------------------------------------------------------------------------------------------------
  // Core
  // ---------------------------------------------------------------------------------------------------
  logic         key_valid_q, key_valid, core_key_ready, core_key_ok;
  logic [1:0]   key_len_q;
  logic [127:0] key_hi_q;        // key bytes 0..15, copied from beat 4 for the key handshake
  logic         cmd_valid_q, core_cmd_ready;
  logic         core_in_valid, core_in_ready;
  logic         core_out_valid, core_out_last;
  logic [127:0] core_out_data, core_tag;
  logic         core_done, core_auth_fail, core_busy;
  logic [2:0]   core_err;
  logic         abort_q, clear_q;
  logic         dec_q;
  logic [103:0] par_q;           // command fields: flags, tag_len, iv_len, aad_len, txt_len (STREAM_START order)
  logic [127:0] ram_rdata;
  // STREAM_START's tag_len byte reaches the core whole: a value above 31 is passed as 0, which the core
  // refuses like any other illegal tag length (DONE + LENGTH), never taken modulo 32
  logic [4:0]   par_tag_len;
  assign par_tag_len = (par_q[95:93] == 3'd0) ? par_q[92:88] : 5'd0;

  // RESEED (AES_IMPL 2): the 8 payload bytes shift into seed_q (first byte on top); a committed frame of exactly
  // 8 bytes gives the core one prng_seed_valid_i cycle, then seed_q is wiped
  logic [63:0] seed_q;
  logic        seed_v_q;

  aesf_gcm_seq #(.DIGIT(DIGIT), .SBOX_IMPL(SBOX_IMPL), .AES_IMPL(AES_IMPL), .AES_COLS(AES_COLS)) u_core (
    .clk_i, .rst_ni,
    .key_valid_i(key_valid), .key_ready_o(core_key_ready), .key_i({key_hi_q, ram_rdata}),
    .key_len_i(key_len_q), .key_ok_o(core_key_ok),
    .cmd_valid_i(cmd_valid_q), .cmd_ready_o(core_cmd_ready), .cmd_decrypt_i(dec_q),
    .cmd_iv_len_i(par_q[87:72]), .cmd_aad_len_i(par_q[71:40]), .cmd_txt_len_i(par_q[35:0]),
    .cmd_tag_len_i(par_tag_len),
    .in_valid_i(core_in_valid), .in_ready_o(core_in_ready), .in_data_i(ram_rdata),
    .out_valid_o(core_out_valid), .out_ready_i(1'b1), .out_data_o(core_out_data), .out_last_o(core_out_last),
    .done_o(core_done), .tag_o(core_tag), .auth_fail_o(core_auth_fail), .err_o(core_err), .busy_o(core_busy),
    .abort_i(abort_q), .clear_i(clear_q),
    .prng_seed_valid_i(seed_v_q), .prng_seed_i(seed_q)
  );

  // ---------------------------------------------------------------------------------------------------
  // Registers
  // ---------------------------------------------------------------------------------------------------
  logic [7:0]   op_q;            // opcode of the current frame
  logic         acc_q;           // the current frame's command was accepted at its opcode byte
  logic [7:0]   cnt_q;           // payload bytes received in this frame (saturates at 255)
  logic [6:0]   txt_len_q;       // 0..64
  logic [5:0]   aad_len_q;       // 0..32
  logic [4:0]   nonce_len_q;     // 1..16
  logic [4:0]   tagin_len_q;     // 1..16
  logic [4:0]   tag_len_q;       // START_ENC tag length (SET_TAGLEN), default 16
  logic         txt_v_q, aad_v_q, nonce_v_q, tagin_v_q;   // buffers hold a complete, committed write
  logic         kcp_q;           // WRITE_KEY committed: copy beat 4 to key_hi_q, then key_valid
  logic [1:0]   mode_q;          // St*
  logic [1:0]   mode_d;
  logic         vonly_q;         // streamed decrypt without release: plaintext is discarded
  logic         armed_q;         // a verify-only streamed decrypt passed: one releasing decrypt allowed
  logic         feed_q;          // the feeder has beats to offer (buffered message or streamed chunk)
  logic [1:0]   fcnt_q;          // beat index within the segment (buffered) / the chunk (streamed)
  logic [2:0]   chunk_nb_q;      // beats in the current chunk 1..4
  logic         chunk_q;         // a chunk is being processed
  logic [2:0]   tfed_q;          // text beats fed from the current chunk / buffer
  logic [2:0]   ocnt_q;          // output beats written (slot of the next one)
  logic [2:0]   ph_q;            // Ph*: segment of the next input beat
  logic [35:0]  seg_q;           // bytes of the current segment not yet fed
  logic         rdy_q;           // streamed: waiting for the next chunk (previous chunk's output readable)
  logic         rd_ok_q;         // READ_CT allowed (output complete and releasable)
  logic         tag_ok_q;        // READ_TAG allowed (encryption finished)
  logic         done_q, auth_q, irq_q;
  logic         abrt_q;          // ABORT requested from the core: its done_o ends the operation as ABORTED
  logic [2:0]   err_q;
  logic [8:0]   scr_q;           // beats still to be scrubbed

  // ---------------------------------------------------------------------------------------------------
  // Status and decode
  // ---------------------------------------------------------------------------------------------------
  // op_busy: an operation owns the buffers (writes refused); busy adds a key load (WRITE_KEY refused;
  // a START during a key load waits for the core's cmd_ready_o)
  logic       op_busy, key_busy, busy;
  logic [7:0] status;
  assign op_busy  = mode_q != StIdle;
  assign key_busy = kcp_q | key_valid_q;
  assign busy     = op_busy | key_busy | core_busy;
  assign status = {err_q, rdy_q, core_key_ok, auth_q, busy, done_q};

  logic [7:0] op;                // opcode of this byte's frame
  assign op = rx_first ? rx_data : op_q;

  // Decision at the opcode byte: accept, or refuse with an error code.
  logic       known, allowed, chunk_ok;
  logic [2:0] refuse_err;
  assign chunk_ok = (mode_q == StStream) & rdy_q;
  always_comb begin
    known   = 1'b1;
    allowed = 1'b1;
    unique case (rx_data)
      OpWriteKey:    allowed = ~busy;
      OpWriteAad:    allowed = ~op_busy & ~key_busy;        // the AAD beats stage the key
      OpWriteNonce, OpWritePt, OpWriteTag, OpSetTaglen,
      OpStartEnc, OpStartDec, OpStreamStart, OpReadTag: allowed = ~op_busy;
      OpReadCt:      allowed = ~op_busy | chunk_ok;
      OpStreamData:  allowed = chunk_ok;
      OpZeroize, OpAbort, OpReadStatus, OpClearStatus, OpReadInfo: allowed = 1'b1;
      OpReseed:       known = (AES_IMPL == 2);                 // any time: a reseed changes no result
      default:         known = 1'b0;
    endcase
    refuse_err = ErrOk;
    if (!known) begin
      refuse_err = ErrOpcode;
    end else if (!allowed) begin
      refuse_err = (rx_data == OpStreamData && mode_q != StStream) ? ErrState : ErrBusy;
    end else if ((rx_data == OpReadCt && !rd_ok_q) || (rx_data == OpReadTag && !tag_ok_q)) begin
      refuse_err = ErrState;
    end
  end
  logic op_rx, accept_now, pay_rx, acc;
  assign op_rx      = rx_valid & rx_first;
  assign accept_now = refuse_err == ErrOk;
  assign pay_rx     = rx_valid & ~rx_first & acc_q;
  assign acc        = rx_first ? accept_now : acc_q;

  // ---------------------------------------------------------------------------------------------------
  // SPI access to the RAM: payload byte writes and read-data fetches (one lane of one beat)
  // ---------------------------------------------------------------------------------------------------
  // ridx_q: index of the response byte loaded at the next byte boundary (0 at the opcode byte, saturates at
  // 64); payload byte cnt_q is written at it.
  logic [6:0] ridx_q;
  logic       r_lt64, r_lt16, r_lt8;
  assign r_lt64 = ~ridx_q[6];
  assign r_lt16 = ridx_q[6:4] == 3'd0;
  assign r_lt8  = ridx_q[6:3] == 4'd0;

  // (continuous assignments, not always_comb with defaults: see docs/toolchain.md on Icarus 11)
  logic       op_ctrd, op_tagrd, op_txtw, op_aadw, op_noncew, op_taginw, spi_use, spi_w;
  logic [3:0] spi_beat, spi_lane;
  assign op_ctrd   = op == OpReadCt;
  assign op_tagrd  = op == OpReadTag;
  assign op_txtw   = (op == OpWritePt) | (op == OpStreamData);
  assign op_aadw   = (op == OpWriteAad) | (op == OpWriteKey);
  assign op_noncew = op == OpWriteNonce;
  assign op_taginw = op == OpWriteTag;
  // the SPI owns the port in the byte cycle of an accepted RAM command
  assign spi_use  = rx_valid & acc & (op_ctrd | op_tagrd | op_txtw | op_aadw | op_noncew | op_taginw);
  // a payload byte is written in this cycle (bytes beyond the buffer are dropped; LENGTH at the commit)
  assign spi_w    = pay_rx & ((op_txtw & (cnt_q < 8'd64)) | (op_aadw & (cnt_q < 8'd32)) |
                              ((op_noncew | op_taginw) & (cnt_q < 8'd16)));
  assign spi_beat = op_ctrd   ? {2'b00, ridx_q[5:4]} :
                    op_tagrd  ? BeatTag :
                    op_aadw   ? {3'b010, cnt_q[4]} :
                    op_noncew ? BeatNonce :
                    op_taginw ? BeatTagin : {2'b00, cnt_q[5:4]};
  assign spi_lane = cnt_q[3:0];

  // ---------------------------------------------------------------------------------------------------
  // Buffer RAM: one port, owners by priority
  // ---------------------------------------------------------------------------------------------------
  logic         out_w, tag_w, g_kcp, g_key, g_scr, g_feed;
  logic [3:0]   feed_beat, scr_beat, ram_addr;
  logic [15:0]  ram_we;
  logic [127:0] ram_wdata;
  logic [7:0]   rx_g;
  logic         core_ok;

  assign core_ok = (core_err == 3'd0) & ~core_auth_fail & ~abrt_q;   // the operation's result is good
  // output beat: slot ocnt (dropped for verify-only and after ZEROIZE / the end of the operation)
  assign out_w  = core_out_valid & op_busy & ~vonly_q;
  // tag of a successful encryption, in the done_o cycle (READ_TAG reads it from beat 8)
  assign tag_w  = core_done & op_busy & ~dec_q & core_ok;
  assign g_kcp  = kcp_q & ~out_w & ~tag_w & ~spi_use;
  assign g_key  = key_valid_q & ~out_w & ~tag_w & ~spi_use;
  assign g_scr  = (scr_q != 9'd0) & ~out_w & ~tag_w & ~spi_use & ~kcp_q & ~key_valid_q;
  assign g_feed = ~out_w & ~tag_w & ~spi_use & ~kcp_q & ~key_valid_q & (scr_q == 9'd0);

  assign scr_beat = scr_q[0] ? 4'd0 : scr_q[1] ? 4'd1 : scr_q[2] ? 4'd2 : scr_q[3] ? 4'd3 :
                    scr_q[4] ? 4'd4 : scr_q[5] ? 4'd5 : scr_q[6] ? 4'd6 : scr_q[7] ? 4'd7 : 4'd8;

  assign ram_addr = out_w       ? {2'b00, ocnt_q[1:0]} :
                    tag_w       ? BeatTag :
                    spi_use     ? spi_beat :
                    kcp_q       ? BeatAad :
                    key_valid_q ? BeatKey1 :
                    g_scr       ? scr_beat : feed_beat;

  assign rx_g = spi_w ? rx_data : 8'h00;        // zero for a scrub
  assign ram_wdata = out_w ? core_out_data : tag_w ? core_tag : {16{rx_g}};
  assign ram_we    = (out_w | tag_w | g_scr) ? 16'hFFFF : spi_w ? (16'h0001 << spi_lane) : 16'h0000;

  logic [127:0] mem_q [16];      // only beats 0..8 are used
  always_ff @(posedge clk_i) begin
    for (int l = 0; l < 16; l++) begin
      if (ram_we[l]) mem_q[ram_addr][127 - 8 * l -: 8] <= ram_wdata[127 - 8 * l -: 8];
    end
  end
  assign ram_rdata = mem_q[ram_addr];

  // ---------------------------------------------------------------------------------------------------
  // MISO data: status during the opcode byte, then read data
  // ---------------------------------------------------------------------------------------------------
  logic [7:0]  ram_byte;
  logic [63:0] info;
  // lane ridx_q[3:0] of the read port, as an explicit two-level 4:1 tree (a variable part-select maps to
  // about 50 % more LUTs)
  logic [31:0] lane4;
  for (genvar g = 0; g < 4; g++) begin : gen_lane4
    assign lane4[31 - 8 * g -: 8] =
        ridx_q[1] ? (ridx_q[0] ? ram_rdata[127 - 8 * (4 * g + 3) -: 8] : ram_rdata[127 - 8 * (4 * g + 2) -: 8])
                  : (ridx_q[0] ? ram_rdata[127 - 8 * (4 * g + 1) -: 8] : ram_rdata[127 - 8 * (4 * g) -: 8]);
  end
  assign ram_byte = ridx_q[3] ? (ridx_q[2] ? lane4[7:0] : lane4[15:8]) : (ridx_q[2] ? lane4[23:16] : lane4[31:24]);
  assign info     = {8'hAE, 8'h5C, 8'h01, 8'd64, 8'd32, 8'd16, 8'd16, DIGIT[7:0]};
  assign tx_data = frame_start                 ? status :
                   !acc                        ? 8'h00 :
                   (op == OpReadStatus)      ? status :
                   (op_ctrd && r_lt64)         ? ram_byte :
                   (op_tagrd && r_lt16)        ? ram_byte :
                   (op == OpReadInfo && r_lt8) ? info[63 - 8 * ridx_q[2:0] -: 8] : 8'h00;

  // ---------------------------------------------------------------------------------------------------
  // Commit at the end of the frame
  // ---------------------------------------------------------------------------------------------------
  logic commit, frame_bad;
  assign frame_bad = frame_end & frame_partial;
  assign commit    = frame_end & ~frame_partial & acc_q;

  logic len_ok;
  always_comb begin
    unique case (op_q)
      OpWriteKey:    len_ok = cnt_q == 8'd16 || cnt_q == 8'd24 || cnt_q == 8'd32;
      OpWriteNonce:  len_ok = cnt_q >= 8'd1 && cnt_q <= 8'd16;
      OpWritePt:     len_ok = cnt_q <= 8'd64;
      OpWriteAad:    len_ok = cnt_q <= 8'd32;
      OpWriteTag:    len_ok = cnt_q >= 8'd1 && cnt_q <= 8'd16;
      OpSetTaglen:   len_ok = cnt_q == 8'd1;
      OpReseed:       len_ok = cnt_q == 8'd8;
      OpStreamStart: len_ok = cnt_q == 8'd13;
      OpStreamData:  len_ok = cnt_q >= 8'd1 && cnt_q <= 8'd64;
      OpStartEnc, OpStartDec, OpZeroize, OpAbort, OpClearStatus: len_ok = cnt_q == 8'd0;
      default:         len_ok = 1'b1;  // reads: any number of bytes
    endcase
  end

  // committed commands that start something
  logic no_key, start_buf, start_stream, abort_run, zeroize;
  assign zeroize      = commit & len_ok & (op_q == OpZeroize);
  assign no_key       = ~core_key_ok & ~key_busy & ~core_busy;
  assign start_buf    = commit & len_ok & (op_q == OpStartEnc || op_q == OpStartDec) & ~no_key &
                        nonce_v_q & txt_v_q & aad_v_q & (op_q == OpStartEnc || tagin_v_q);
  // STREAM_START fields the core cannot represent are refused whole (LENGTH), never truncated: reserved flag
  // bits 7..2 and txt_len bits 39..36 (tag_len is checked by the core, see par_tag_len)
  logic par_ok;
  assign par_ok       = (par_q[103:98] == 6'd0) & (par_q[39:36] == 4'd0);
  assign start_stream = commit & len_ok & (op_q == OpStreamStart) & ~no_key & par_ok &
                        ~(par_q[96] & par_q[97] & ~armed_q);
  // (an operation finishing in this very cycle has won the race: ABORT is then a no-op)
  assign abort_run    = commit & len_ok & (op_q == OpAbort) & op_busy & ~core_done;

  // ---------------------------------------------------------------------------------------------------
  // Segment tracker: which segment (IV | AAD | TEXT [| TAG]) the next input beat belongs to
  // ---------------------------------------------------------------------------------------------------
  // seg_q holds the bytes of the current segment not yet fed; a beat takes 16. Loaded with the IV length
  // at the command handshake and with the next non-empty segment's length when a segment ends.
  logic       seg_last, aad_nz, txt_nz, in_hs, cmd_hs, key_hs, is_text;
  logic [2:0] ph_nxt, ph_n;
  assign aad_nz   = par_q[71:40] != 32'd0;
  assign txt_nz   = par_q[35:0] != 36'd0;
  assign seg_last = (seg_q[35:5] == 31'd0) & ~(seg_q[4] & (seg_q[3:0] != 4'd0));   // seg_q <= 16
  // phase after the current segment (the next non-empty one), and after this beat
  assign ph_nxt = (ph_q == PhIv && aad_nz)  ? PhAad :
                  (ph_q != PhTxt && txt_nz) ? PhTxt :
                  dec_q                     ? PhTag : PhEnd;
  assign ph_n   = (ph_q == PhTag || ph_q == PhEnd) ? PhEnd : seg_last ? ph_nxt : ph_q;
  assign is_text = ph_q == PhTxt;
  assign cmd_hs  = cmd_valid_q & core_cmd_ready;
  assign key_hs  = key_valid & core_key_ready;
  assign key_valid     = key_valid_q & g_key;
  assign core_in_valid = feed_q & ~cmd_valid_q & g_feed;
  assign in_hs         = core_in_valid & core_in_ready;

  // feeder address: buffered segment beats / chunk slots
  always_comb begin
    if (chunk_q) begin
      feed_beat = {2'b00, fcnt_q};
    end else begin
      unique case (ph_q)
        PhIv:    feed_beat = BeatNonce;
        PhAad:   feed_beat = {3'b010, fcnt_q[0]};
        PhTxt:   feed_beat = {2'b00, fcnt_q};
        default: feed_beat = BeatTagin;
      endcase
    end
  end

  // seg_q: no reset needed (public metadata, loaded before use)
  always_ff @(posedge clk_i) begin
    if (cmd_hs) begin
      seg_q <= {20'd0, par_q[87:72]};
    end else if (in_hs && ph_q != PhTag && ph_q != PhEnd) begin
      if (!seg_last) begin
        seg_q[35:4] <= seg_q[35:4] - 32'd1;
      end else if (ph_nxt == PhAad) begin
        seg_q <= {4'd0, par_q[71:40]};
      end else begin
        seg_q <= par_q[35:0];
      end
    end
  end

  logic chunk_done, more;
  assign chunk_done = chunk_q & ~feed_q & (ocnt_q == tfed_q) & ~core_done;
  // streamed: beats still expected by the core after this chunk. After the last chunk RDY stays low and
  // READ_CT stays refused until DONE: the last chunk's plaintext of a releasing decryption is never
  // readable before its tag is checked.
  assign more       = ph_q != PhEnd;

  // ---------------------------------------------------------------------------------------------------
  // Scrub requests
  // ---------------------------------------------------------------------------------------------------
  logic [8:0] scr_req, scr_op, scr_fail;
  // a write starts from a clean buffer (its opcode byte)
  assign scr_op   = (rx_data == OpWriteKey || rx_data == OpWriteAad)      ? ScrAad :
                    (rx_data == OpWriteNonce || rx_data == OpStreamStart) ? ScrNonce :
                    (rx_data == OpWritePt || rx_data == OpStreamData)     ? ScrTxt :
                    (rx_data == OpWriteTag)                                 ? ScrTagin : 9'd0;
  // a failed write (CS mid-byte, wrong length) leaves its buffer wiped
  assign scr_fail = (op_q == OpWriteKey)                               ? ScrAad :
                    (op_q == OpWritePt || op_q == OpStreamData)      ? ScrTxt : 9'd0;
  assign scr_req  = zeroize ? ScrAll :
                    ({9{key_hs}} & ScrAad) |                                  // SEC_CM: the key leaves
                    ({9{core_done & op_busy & ~core_ok}} & ScrTxt) |          // SEC_CM: wipe on FAIL / error
                    ({9{op_rx & accept_now}} & scr_op) |
                    ({9{(frame_bad & acc_q) | (commit & ~len_ok)}} & scr_fail) |
                    ({9{start_stream | abort_run}} & ScrTxt);

  // ---------------------------------------------------------------------------------------------------
  // Wide registers: synchronous zeroing (rst_ni sampled at a clock edge, as in aesf_gcm_seq), so that
  // they are flip-flops with synchronous reset and enable and the wipe paths cost no LUTs.
  // ---------------------------------------------------------------------------------------------------
  logic par_zero, par_ld, par_sh, tl_ok;
  assign tl_ok    = (par_q[7:0] >= 8'd1) && (par_q[7:0] <= 8'd16);   // SET_TAGLEN value
  logic [103:0] par_buf;
  assign par_zero = zeroize;
  assign par_ld   = start_buf;
  assign par_sh   = pay_rx & (((op_q == OpStreamStart) && (cnt_q < 8'd13)) ||
                              ((op_q == OpSetTaglen) && (cnt_q == 8'd0)));
  // buffered START: the buffered lengths in STREAM_START's field positions, zeros elsewhere
  assign par_buf  = {11'd0, (op_q == OpStartDec) ? tagin_len_q : tag_len_q, 11'd0, nonce_len_q, 26'd0,
                     aad_len_q, 33'd0, txt_len_q};

  /* verilator lint_off SYNCASYNCNET */  // rst_ni: async for the control flops, sampled here (see above)
  always_ff @(posedge clk_i) begin
    if (!rst_ni || par_zero) par_q <= '0;
    else if (par_ld)         par_q <= par_buf;
    else if (par_sh)         par_q <= {par_q[95:0], rx_data};
    if (!rst_ni || key_hs || zeroize) key_hi_q <= '0;
    else if (g_kcp)                   key_hi_q <= ram_rdata;
    // buffered lengths, set at their write's commit; WRITE_KEY empties the AAD buffer
    if (!rst_ni || zeroize) begin
      txt_len_q   <= 7'd0;
      nonce_len_q <= 5'd0;
      tagin_len_q <= 5'd0;
      tag_len_q   <= 5'd16;
    end else if (commit && len_ok) begin
      if (op_q == OpWritePt)              txt_len_q   <= cnt_q[6:0];
      if (op_q == OpWriteNonce)           nonce_len_q <= cnt_q[4:0];
      if (op_q == OpWriteTag)             tagin_len_q <= cnt_q[4:0];
      if (op_q == OpSetTaglen && tl_ok)   tag_len_q   <= par_q[4:0];
    end
    if (!rst_ni || zeroize || (op_rx && accept_now && rx_data == OpWriteKey)) aad_len_q <= 6'd0;
    else if (commit && len_ok && op_q == OpWriteAad)                      aad_len_q <= cnt_q[5:0];
  end
  /* verilator lint_on SYNCASYNCNET */

  if (AES_IMPL == 2) begin : gen_seed
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        seed_q   <= '0;
        seed_v_q <= 1'b0;
      end else begin
        seed_v_q <= commit & len_ok & (op_q == OpReseed);
        if (zeroize || seed_v_q) begin
          seed_q <= '0;
        end else if (pay_rx && op_q == OpReseed && cnt_q < 8'd8) begin
          seed_q <= {seed_q[55:0], rx_data};
        end
      end
    end
  end else begin : gen_no_seed
    assign seed_q   = '0;   // no PRNG: RESEED is an unknown opcode
    assign seed_v_q = 1'b0;
  end

  // ---------------------------------------------------------------------------------------------------
  // Operation mode: next state (a committed START / STREAM_START, the core's done_o, a refused or finished
  // abort, ZEROIZE), then the state register
  // ---------------------------------------------------------------------------------------------------
  always_comb begin
    mode_d = mode_q;
    if (core_done && op_busy) mode_d = StIdle;
    if (commit && len_ok) begin
      unique case (op_q)
        OpStartEnc, OpStartDec: if (!no_key && start_buf) mode_d = StBuf;
        OpStreamStart:          if (!no_key && par_ok && start_stream) mode_d = StStream;
        OpAbort:                if (abort_run && cmd_valid_q && !core_cmd_ready) mode_d = StIdle;  // core never saw it
        OpZeroize:              mode_d = StIdle;
        default:                ;
      endcase
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) mode_q <= StIdle;
    else         mode_q <= mode_d;
  end

  // ---------------------------------------------------------------------------------------------------
  // Control registers
  // ---------------------------------------------------------------------------------------------------
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      op_q        <= 8'd0;
      acc_q       <= 1'b0;
      cnt_q       <= 8'd0;
      ridx_q      <= 7'd0;
      txt_v_q     <= 1'b1;
      aad_v_q     <= 1'b1;
      nonce_v_q   <= 1'b0;
      tagin_v_q   <= 1'b0;
      kcp_q       <= 1'b0;
      key_valid_q <= 1'b0;
      key_len_q   <= 2'd0;
      cmd_valid_q <= 1'b0;
      dec_q       <= 1'b0;
      vonly_q     <= 1'b0;
      armed_q     <= 1'b0;
      feed_q      <= 1'b0;
      fcnt_q      <= 2'd0;
      chunk_nb_q  <= 3'd0;
      chunk_q     <= 1'b0;
      tfed_q      <= 3'd0;
      ocnt_q      <= 3'd0;
      ph_q        <= PhEnd;
      rdy_q       <= 1'b0;
      rd_ok_q     <= 1'b0;
      tag_ok_q    <= 1'b0;
      done_q      <= 1'b0;
      auth_q      <= 1'b0;
      err_q       <= ErrOk;
      abort_q     <= 1'b0;
      abrt_q      <= 1'b0;
      clear_q     <= 1'b0;
      scr_q       <= ScrAll;     // the RAM has no reset: scrub it in the first 9 cycles
    end else begin
      abort_q <= 1'b0;
      clear_q <= 1'b0;

      // ---- scrub: one beat per granted cycle; new requests are added ----
      scr_q <= (scr_q & ~(g_scr ? (9'd1 << scr_beat) : 9'd0)) | scr_req;

      // ---- key: copy beat 4, then the handshake (the staging beats are scrubbed after it) ----
      if (g_kcp) begin
        kcp_q       <= 1'b0;
        key_valid_q <= 1'b1;
      end
      if (key_hs) key_valid_q <= 1'b0;

      // ---- command handshake: the core has the lengths, the first segment is the IV ----
      if (cmd_hs) begin
        cmd_valid_q <= 1'b0;
        ph_q        <= PhIv;
      end

      // ---- feeder ----
      if (in_hs) begin
        ph_q <= ph_n;
        if (is_text) tfed_q <= tfed_q + 3'd1;
        if (chunk_q) begin
          fcnt_q <= fcnt_q + 2'd1;
          if ({1'b0, fcnt_q} == 3'(chunk_nb_q - 3'd1)) feed_q <= 1'b0;
        end else begin
          fcnt_q <= (ph_n != ph_q) ? 2'd0 : fcnt_q + 2'd1;
          if (ph_n == PhEnd) feed_q <= 1'b0;
        end
      end

      // ---- output beats: slot ocnt of the text buffer (written by the RAM port above) ----
      if (core_out_valid) ocnt_q <= ocnt_q + 3'd1;

      // ---- streamed chunk finished: output readable, ready for the next chunk ----
      if (chunk_done) begin
        chunk_q <= 1'b0;
        rdy_q   <= more;
        rd_ok_q <= ~vonly_q & more;
      end

      // ---- end of the operation ----
      if (core_done && op_busy) begin
        feed_q   <= 1'b0;
        chunk_q  <= 1'b0;
        rdy_q    <= 1'b0;
        abrt_q   <= 1'b0;
        done_q   <= 1'b1;
        auth_q   <= core_auth_fail & ~abrt_q;
        rd_ok_q  <= ~vonly_q & core_ok;
        tag_ok_q <= ~dec_q & core_ok;
        armed_q  <= (mode_q == StStream) & dec_q & vonly_q & core_ok;
        if (!core_ok) begin           // SEC_CM: withhold + wipe (scr_req) the plaintext on FAIL / any error
          txt_v_q <= 1'b0;            // a later START refuses (STATE) instead of using the wiped buffer
        end
        if (abrt_q) begin
          err_q <= ErrAborted;
        end else begin
          unique case (core_err)
            3'd0:    ;
            3'd1:    err_q <= ErrKey;
            3'd2:    err_q <= ErrLength;
            3'd3:    err_q <= ErrKey;
            default: err_q <= ErrAborted;
          endcase
        end
      end

      // ---- SPI frames ----
      if (frame_start) begin
        ridx_q <= 7'd0;
        cnt_q <= 8'd0;
        acc_q <= 1'b0;
        op_q  <= 8'd0;
      end

      if (op_rx) begin
        op_q  <= rx_data;
        acc_q <= accept_now;
        if (!accept_now) begin
          err_q <= refuse_err;
        end else begin
          // a write invalidates its buffer until its commit (and scrubs it, scr_req)
          unique case (rx_data)
            OpWriteKey:    aad_v_q <= 1'b0;
            OpWriteNonce:  nonce_v_q <= 1'b0;
            OpWritePt:     begin txt_v_q <= 1'b0; rd_ok_q <= 1'b0; end
            OpWriteAad:    aad_v_q <= 1'b0;
            OpWriteTag:    tagin_v_q <= 1'b0;
            OpStreamData:  rd_ok_q <= 1'b0;
            OpStreamStart: begin nonce_v_q <= 1'b0; txt_v_q <= 1'b0; end
            default: ;
          endcase
        end
      end

      if (pay_rx && cnt_q != 8'hFF) cnt_q <= cnt_q + 8'd1;
      if (rx_valid && !ridx_q[6]) ridx_q <= ridx_q + 7'd1;

      if (frame_bad) begin
        // CS rose mid-byte: nothing is committed; a started write leaves its buffer invalid (and wiped)
        err_q <= ErrFrame;
        acc_q <= 1'b0;
      end

      if (commit && !len_ok) err_q <= ErrLength;

      if (commit && len_ok) begin
        unique case (op_q)
          OpWriteKey: begin
            kcp_q     <= 1'b1;
            key_len_q <= (cnt_q == 8'd16) ? 2'd0 : (cnt_q == 8'd24) ? 2'd1 : 2'd2;
            armed_q   <= 1'b0;
            tag_ok_q  <= 1'b0;
          end
          OpWriteNonce: nonce_v_q <= 1'b1;
          OpWritePt:    txt_v_q <= 1'b1;
          OpWriteAad:   aad_v_q <= 1'b1;
          OpWriteTag:   tagin_v_q <= 1'b1;
          OpSetTaglen:  if (!tl_ok) err_q <= ErrLength;
          OpStartEnc, OpStartDec: begin
            if (no_key) begin
              err_q <= ErrKey;
            end else if (!start_buf) begin
              err_q <= ErrState;
            end else begin
              dec_q       <= op_q == OpStartDec;
              vonly_q     <= 1'b0;
              armed_q     <= 1'b0;
              cmd_valid_q <= 1'b1;
              feed_q      <= 1'b1;
              chunk_q     <= 1'b0;
              fcnt_q      <= 2'd0;
              tfed_q      <= 3'd0;
              ocnt_q      <= 3'd0;
              done_q      <= 1'b0;
              auth_q      <= 1'b0;
              rd_ok_q     <= 1'b0;
              tag_ok_q    <= 1'b0;
            end
          end
          OpStreamStart: begin
            if (no_key) begin
              err_q <= ErrKey;
            end else if (!par_ok) begin
              err_q <= ErrLength;            // reserved flag bits or txt_len >= 2^36
            end else if (!start_stream) begin
              err_q <= ErrState;             // releasing decrypt without a passed verify-only run
            end else begin
              dec_q       <= par_q[96];
              vonly_q     <= par_q[96] & ~par_q[97];
              armed_q     <= 1'b0;
              cmd_valid_q <= 1'b1;
              feed_q      <= 1'b0;
              chunk_q     <= 1'b0;
              rdy_q       <= 1'b1;
              done_q      <= 1'b0;
              auth_q      <= 1'b0;
              rd_ok_q     <= 1'b0;
              tag_ok_q    <= 1'b0;
            end
          end
          OpStreamData: begin
            rdy_q      <= 1'b0;
            chunk_q    <= 1'b1;
            chunk_nb_q <= 3'((cnt_q[6:0] + 7'd15) >> 4);
            feed_q     <= 1'b1;
            fcnt_q     <= 2'd0;
            tfed_q     <= 3'd0;
            ocnt_q     <= 3'd0;
          end
          OpAbort: begin
            if (abort_run) begin
              feed_q  <= 1'b0;
              chunk_q <= 1'b0;
              rdy_q   <= 1'b0;
              rd_ok_q <= 1'b0;
              txt_v_q <= 1'b0;
              if (cmd_valid_q && !core_cmd_ready) begin   // the core never saw the command: finish here
                cmd_valid_q <= 1'b0;
                done_q      <= 1'b1;
                err_q       <= ErrAborted;
              end else begin
                // the core answers with done_o (err 4, or err 0 if it finished before abort_i reached
                // it); abrt_q makes either answer an ABORTED result with nothing readable
                abort_q <= 1'b1;
                abrt_q  <= 1'b1;
              end
            end
          end
          OpClearStatus: begin
            done_q <= 1'b0;
            auth_q <= 1'b0;
            err_q  <= ErrOk;
          end
          OpZeroize: begin
            // SEC_CM: zeroize key, H, counters (core clear_i) and every buffer of the front end (scrub)
            abort_q     <= op_busy;
            abrt_q      <= 1'b0;
            clear_q     <= 1'b1;
            kcp_q       <= 1'b0;
            key_valid_q <= 1'b0;
            cmd_valid_q <= 1'b0;
            txt_v_q     <= 1'b1;
            aad_v_q     <= 1'b1;
            nonce_v_q   <= 1'b0;
            tagin_v_q   <= 1'b0;
            vonly_q     <= 1'b0;
            armed_q     <= 1'b0;
            feed_q      <= 1'b0;
            chunk_q     <= 1'b0;
            rdy_q       <= 1'b0;
            rd_ok_q     <= 1'b0;
            tag_ok_q    <= 1'b0;
            done_q      <= 1'b0;
            auth_q      <= 1'b0;
            err_q       <= ErrOk;
          end
          default: ;
        endcase
      end
    end
  end

  // irq: a registered copy of (DONE or an error code pending), so it can never disagree with the status
  // byte and never glitches on the pin; it falls one cycle after CLEAR_STATUS / ZEROIZE / START clear them.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      irq_q <= 1'b0;
    end else begin
      irq_q <= done_q | (err_q != ErrOk);
    end
  end

  assign irq_o = irq_q;

  // Unused core output: out_last_o (the front end counts beats itself).
  logic unused;
  assign unused = core_out_last;

`ifdef FORMAL
  // ---------------------------------------------------------------------------------------------------
  // Assertions (Verilator --assert -DFORMAL in the tests; not synthesized): a shadow model of what each RAM
  // beat holds, kept apart from the scrub logic above, and the security properties of the header:
  //   - key bytes (WRITE_KEY payload in beats 4, 5, and key_hi_q) are gone at most 10 cycles after the key
  //     handshake or a failed WRITE_KEY; key_hi_q is zero except between the copy and the handshake;
  //   - no MISO fetch ever reads a beat that holds key bytes;
  //   - decrypted plaintext of a buffered START_DEC is never fetched for MISO before its tag passed, and is
  //     gone at most 6 cycles after an unsuccessful done_o (FAIL, core error, ABORT);
  //   - a streamed operation whose every beat has been fed shows neither RDY nor READ_CT until its done_o
  //     (the last chunk's plaintext of a releasing decryption is never readable before its tag is checked);
  //   - after reset (the RAM has none) and after ZEROIZE every beat is zero within 10 cycles, and ZEROIZE
  //     clears the command fields and the reseed register in the next cycle.
  // f_*_q: beats (bit b = beat b) that may hold key bytes / unverified plaintext / anything; f_*_t_q: clock
  // cycles since the wipe request of that class (0: none pending; saturates at 15).
  // ---------------------------------------------------------------------------------------------------
  logic [8:0] f_key_q, f_unv_q, f_any_q, f_wr, f_scrub;
  logic [3:0] f_key_t_q, f_unv_t_q, f_any_t_q;
  logic       f_key_req, f_unv_req;
  logic [15:0] f_key16, f_unv16;   // indexed by a 4-bit beat address
  assign f_key16 = {7'd0, f_key_q};
  assign f_unv16 = {7'd0, f_unv_q};
  for (genvar b = 0; b < 9; b++) begin : gen_f_beat
    assign f_wr[b]    = (ram_we != 16'h0000) && (ram_addr == 4'(b));
    assign f_scrub[b] = f_wr[b] && g_scr;
  end
  assign f_key_req = key_hs || (op_q == OpWriteKey && ((frame_bad && acc_q) || (commit && !len_ok)));
  assign f_unv_req = core_done && op_busy && !core_ok;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      // the RAM keeps its contents through a reset: the key staging beats may hold a key, the text beats
      // plaintext, every beat something
      f_key_q   <= ScrAad;
      f_unv_q   <= ScrTxt;
      f_any_q   <= ScrAll;
      f_key_t_q <= 4'd1;
      f_unv_t_q <= 4'd1;
      f_any_t_q <= 4'd1;
    end else begin
      for (int b = 0; b < 9; b++) begin
        if (f_scrub[b]) begin
          f_key_q[b] <= 1'b0;
          f_unv_q[b] <= 1'b0;
          f_any_q[b] <= 1'b0;
        end else if (f_wr[b]) begin
          f_any_q[b] <= 1'b1;
          if (spi_w && op_q == OpWriteKey) f_key_q[b] <= 1'b1;
          if (out_w) f_unv_q[b] <= dec_q && mode_q == StBuf;   // a whole beat: the old content is gone
        end
      end
      if (core_done && op_busy && core_ok) f_unv_q <= '0;     // the tag passed: the plaintext is released
      f_key_t_q <= (f_key_q == '0 && !f_key_req && !zeroize) ? 4'd0 :
                   (f_key_req || zeroize) && f_key_t_q == 4'd0 ? 4'd1 :
                   (f_key_t_q == 4'd0 || f_key_t_q == 4'd15) ? f_key_t_q : f_key_t_q + 4'd1;
      f_unv_t_q <= (f_unv_q == '0 && !f_unv_req && !zeroize) ? 4'd0 :
                   (f_unv_req || zeroize) && f_unv_t_q == 4'd0 ? 4'd1 :
                   (f_unv_t_q == 4'd0 || f_unv_t_q == 4'd15) ? f_unv_t_q : f_unv_t_q + 4'd1;
      f_any_t_q <= (f_any_q == '0 && !zeroize) ? 4'd0 :
                   zeroize && f_any_t_q == 4'd0 ? 4'd1 :
                   (f_any_t_q == 4'd0 || f_any_t_q == 4'd15) ? f_any_t_q : f_any_t_q + 4'd1;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni) begin
      // one writer per cycle, and a scrub writes zeros to a whole beat
      assert ($onehot0({out_w, tag_w, spi_w, g_scr}));
      if (g_scr) assert (ram_we == 16'hFFFF && ram_wdata == '0);
      // SEC_CM: the key leaves the front end on time, and never towards MISO
      assert (f_key_t_q <= 4'd10);
      assert (key_valid_q || key_hi_q == '0);
      if (spi_use && (op_ctrd || op_tagrd)) assert (!f_key16[spi_beat]);
      // SEC_CM: no plaintext from a failed tag check
      assert (f_unv_t_q <= 4'd6);
      if (spi_use && op_ctrd) assert (!f_unv16[spi_beat]);
      // the end of a stream is withheld until done_o
      if (mode_q == StStream && !cmd_valid_q && ph_q == PhEnd) assert (!rdy_q && !rd_ok_q);
      // reset and ZEROIZE leave every beat zero; ZEROIZE clears the fields
      assert (f_any_t_q <= 4'd10);
    end
  end
  aesf_assert_wiped u_assert_zeroize (
    .clk_i, .rst_ni, .trig_i(zeroize),
    .wiped_i(par_q == '0 && seed_q == '0 && key_hi_q == '0)
  );
`endif

endmodule

`default_nettype wire
