// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_gcm_lanes: multi-lane pipelined AES-GCM (seed 004), bus-free core. N fully unrolled AES lanes
// (aesf_aes_pipe_round x Nr each) share one set of round keys, expanded once per key load with the
// shared key step; an N-lane aggregated GHASH (aesf_ghash_par, pipelined Karatsuba multipliers, H powers
// in hardware) absorbs N blocks per clock. SP 800-38D: AES-128/192/256 (KEY_BITS, per instance),
// encrypt and decrypt, IV of any byte length (12 bytes: J0 = IV || 1; otherwise J0 through the GHASH
// unit), AAD and text of any byte length, tag lengths 4, 8, 12..16 bytes, GMAC (txt_len = 0).
//
// Data flow per message:
//   IV beats -> J0 (directly, or GHASH(IV || pad || len)) -> E_K(J0) issued on lane 0, then counter
//   beats CB+0 .. CB+N-1 (inc32 arithmetic mod 2^32 on the low word) as long as the keystream FIFO has
//   room for everything in flight (the AES lanes are free-running, valid-only pipelines);
//   AAD beats -> packer -> GHASH;  text beats ^ keystream -> out (CT for encrypt, PT for decrypt),
//   CT -> packer -> GHASH;  length block -> GHASH;  tag = E_K(J0) ^ GHASH.
//   Decrypt: one more input beat with the received tag (lane 0, left-aligned); constant-time compare.
//
// Decrypted plaintext is streamed out before the tag is checked: every output beat is UNVERIFIED until
// done_o shows auth_fail_o = 0 (a front end that must never release unverified plaintext buffers it, see
// hw/gcm_lanes/README.md).
//
// Byte order: byte 0 of every field in the top byte of its port; in a beat, block k (k = 0 first in
// message order) is in [N*128-1-128*k -: 128]. Segments (IV, AAD, text, tag) each start on a new beat;
// the last beat of a segment holds ceil(rest/16) blocks, the last block left-aligned; bytes beyond a
// segment's length are ignored on input and zero on output.
// Key: key_i[255 -: KEY_BITS] (key byte 0 in [255:248]).
//
// Latency: key load -> key_ok_o: Nr + 2 (round keys: step, then write) + L (H = E_K(0)) + 1 + (M-1)*(D+2) (H powers),
// with L = 1 + Nr * (1 + popcount(PIPE_MASK)) the AES lane latency (lane input register + rounds),
// D the GHASH multiplier latency, M = N*D.
// Throughput: one beat of N blocks per clock on long messages when the keystream FIFO is at least
// L + 2 beats deep (2^KS_LOG2), without back-pressure.
// Timing (issue 5): every control signal that fans out into the wide datapath comes from flops: the lane
// input is registered (counter + mux + AddRoundKey 0 are not in front of round 1), the keystream FIFO is
// read through a head register (the text XOR sees ks_hd_q, not the LUT-RAM read mux), the FIFO credit
// is a counter, the segment "last beat" decisions are flags (*_small_q) instead of 33-bit compares, and
// the packer's in_ready_o is a flop and its input is registered; the GHASH unit registers its input beat
// and its powers before the multipliers (issue 19). Issue 19 also: abort_i / clear_i act through registers
// (one cycle later), the text leaves through a two-beat output FIFO whose flags are flops (in_ready_o does
// not see out_ready_i), the FSM is one-hot (fsm_encoding), the keystream credits are decremented by the text
// XOR only with a registered "full" flag, the packer's fill level is one-hot and has a second input register.
// Worked example (N = 2, AES-128, PIPE_MASK 2, GH_PIPE_MASK 31, GH_IN_MASK 20, GH_OUT_REG 1 as registered in
// src/aesforge/coredefs/gcm_lanes.py; L = 21, D = 8, M = 16), measured by aesforge.sim.perf_lanes: key load
// 185 cycles (12 + 21 + 1 + 15 x 10, counted from the handshake cycle), 64-byte text with a 96-bit IV:
// command handshake -> done_o 43 cycles, per-message overhead on long messages 41 cycles, then 1 beat of
// 2 blocks per clock.

`default_nettype none

module aesf_gcm_lanes #(
  parameter int N            = 2,   // AES lanes = blocks per clock: 1, 2 or 4
  parameter int KEY_BITS     = 128, // 128, 192 or 256
  parameter int SBOX_IMPL    = 0,   // AES S-box: 0 LUT case ROM, 1 composite field, 2 block ROM (aesf_sbox_rom,
                                    // two S-boxes per block RAM), 3 Boyar-Peralta circuit (aesf_sbox_bp); the key
                                    // expansion's SubWord is the LUT case ROM for 2 and 3
  parameter int PIPE_MASK    = 0,   // AES sub-round registers (aesf_aes_pipe_round): 0..15, bit 0 needs SBOX_IMPL 1
                                    // or 3, bit 3 needs SBOX_IMPL 3, SBOX_IMPL 2 needs bit 1 (the ROM output register)
  parameter int GH_ORDER     = 4,   // Karatsuba order of the GHASH multipliers: 0..6
  parameter int GH_PIPE_MASK = 13,  // GHASH multiplier registers per depth (13 = 16x16, 64x64, 128x128): < 2^(GH_ORDER+1)
  parameter int GH_IN_MASK   = 0,   // GHASH multiplier operand registers per depth (16: the 8x8 leaf operands): < 2^(GH_ORDER+1)
  parameter int GH_OUT_REG   = 0,   // 0..1
  parameter int KS_LOG2      = 6,   // keystream FIFO depth 2^KS_LOG2 beats: 2..10 (>= log2(L + 2) for full rate)
  parameter int ROM_LANES    = N    // with SBOX_IMPL 2: lanes 0..ROM_LANES-1 use block-ROM S-boxes, the others the
                                    // LUT case ROM (same latency: its PIPE_MASK bit-1 register is a flop): 0..N.
                                    // Fits a block-RAM budget (an AES-128 lane takes 80 ECP5 DP16KD); ignored for
                                    // SBOX_IMPL 0/1
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  // key load (handshake); key_ok_o when round keys and H powers are ready
  input  logic                key_valid_i,
  output logic                key_ready_o,
  input  logic [255:0]        key_i,
  output logic                key_ok_o,
  // command (handshake, ready when idle)
  input  logic                cmd_valid_i,
  output logic                cmd_ready_o,
  input  logic                cmd_decrypt_i,
  input  logic [15:0]         cmd_iv_len_i,   // bytes, 1..65535
  input  logic [31:0]         cmd_aad_len_i,  // bytes
  input  logic [35:0]         cmd_txt_len_i,  // bytes, <= 2^36 - 32
  input  logic [4:0]          cmd_tag_len_i,  // 4, 8, 12..16
  // input beats: IV, AAD, text, (decrypt) tag
  input  logic                in_valid_i,
  output logic                in_ready_o,
  input  logic [N*128-1:0]    in_data_i,
  // output beats: text
  output logic                out_valid_o,
  input  logic                out_ready_i,
  output logic [N*128-1:0]    out_data_o,
  output logic [3:0]          out_cnt_o,      // blocks in this beat, 1..N
  output logic                out_last_o,
  // result
  output logic                done_o,
  output logic [127:0]        tag_o,          // encrypt: tag, left-aligned, masked to tag_len; decrypt: 0
  output logic                auth_fail_o,
  output logic [2:0]          err_o,          // 0 ok, 1 no key, 2 bad length, 4 aborted
  output logic                busy_o,
  input  logic                abort_i,
  input  logic                clear_i
);

  localparam int NK = KEY_BITS / 32;
  localparam int NR = NK + 6;
  // AES lane latency L = NR * (1 + popcount(PIPE_MASK)) (aesf_aes_pipe_round stages)
  localparam int KD = 1 << KS_LOG2;                  // keystream FIFO depth (beats)

  if (!(N == 1 || N == 2 || N == 4) || !(KEY_BITS == 128 || KEY_BITS == 192 || KEY_BITS == 256) ||
      SBOX_IMPL < 0 || SBOX_IMPL > 3 || PIPE_MASK < 0 || PIPE_MASK > 15 ||
      (SBOX_IMPL != 1 && SBOX_IMPL != 3 && PIPE_MASK % 2 == 1) || (SBOX_IMPL != 3 && PIPE_MASK >= 8) ||
      (SBOX_IMPL == 2 && (PIPE_MASK / 2) % 2 == 0) ||
      KS_LOG2 < 2 || KS_LOG2 > 10 || ROM_LANES < 0 || ROM_LANES > N) begin : gen_param_err
`ifdef __ICARUS__
    aesf_illegal_parameter_value u_illegal_parameter_value ();
`else
    $error("aesf_gcm_lanes: N 1/2/4, KEY_BITS 128/192/256, SBOX_IMPL 0..3, PIPE_MASK 0..15 (bit 0 needs SBOX_IMPL 1 or 3, bit 3 needs SBOX_IMPL 3, SBOX_IMPL 2 needs bit 1), KS_LOG2 2..10, ROM_LANES 0..N");
`endif
  end

  // ------------------------------------------------------------------------------------------
  // Key expansion: one round key per cycle with the shared key step, into static registers
  // ------------------------------------------------------------------------------------------
  logic [127:0] rk_q [NR+1];
  logic [255:0] kprev_q;
  logic [7:0]   rcon_q;
  logic [3:0]   kg_q;           // next group to compute
  logic         kgen_q;         // computing groups kg_q = 0 .. NR
  logic [127:0] kw_q;           // round key kgw_q, computed in the previous cycle (register after the key step:
  logic [3:0]   kgw_q;          // the step's loop stays one SubWord + XOR chain, the fan-out to rk_q is a cycle
  logic         kwv_q;          // later); kwv_q: kw_q holds a key to write
  logic [127:0] ks_words;
  logic         ks_rcon_step;

  aesf_key_step #(.SBOX_IMPL((SBOX_IMPL == 1) ? 1 : 0)) u_key_step (
    .prev_i      (kprev_q),
    .key_len_i   ((KEY_BITS == 128) ? 2'd0 : (KEY_BITS == 192) ? 2'd1 : 2'd2),
    .group_i     (kg_q),
    .rcon_i      (rcon_q),
    .words_o     (ks_words),
    .rcon_step_o (ks_rcon_step)
  );

  // ------------------------------------------------------------------------------------------
  // Top FSM
  // ------------------------------------------------------------------------------------------
  localparam logic [3:0] StIdle   = 4'd0;   // waiting for a key or a command
  localparam logic [3:0] StKexp   = 4'd1;   // expanding round keys
  localparam logic [3:0] StHenc   = 4'd2;   // H = E_K(0) in the lanes
  localparam logic [3:0] StHpow   = 4'd3;   // GHASH unit computes H powers
  localparam logic [3:0] StIv     = 4'd4;   // taking IV beats (J0 direct or through GHASH)
  localparam logic [3:0] StJ0     = 4'd5;   // waiting for GHASH(IV) = J0
  localparam logic [3:0] StAad    = 4'd6;   // AAD beats
  localparam logic [3:0] StTxt    = 4'd7;   // text beats
  localparam logic [3:0] StLen    = 4'd8;   // length block into the packer
  localparam logic [3:0] StTag    = 4'd9;   // waiting for S = GHASH and, for decrypt, the tag beat
  localparam logic [3:0] StDone   = 4'd10;  // one cycle: done_o
  localparam logic [3:0] StAbort  = 4'd11;  // abort: wait for blocks in flight, then empty the keystream FIFO

  (* fsm_encoding = "one-hot" *) logic [3:0] st_q;   // one-hot after synthesis: every state test is one flip-flop
  logic         key_ok_q;
  logic         dec_q;
  logic [15:0]  iv_len_q;
  logic [31:0]  aad_len_q;
  logic [35:0]  txt_len_q;
  logic [4:0]   tag_len_q;
  logic [12:0]  iv_left_q;      // IV blocks still to take
  logic [28:0]  aad_left_q;     // AAD blocks still to take
  logic [32:0]  txt_left_q;     // text blocks still to take
  logic [32:0]  ctr_left_q;     // counter blocks still to issue
  logic [127:0] j0_q, cb_q, ekj0_q, tag_q;
  logic         ekj0_ok_q, s_ok_q, tagin_ok_q;
  logic [127:0] s_q, tagin_q;
  logic         fail_q;
  logic [2:0]   err_q;
  logic         done_q;
  logic         ej0_issued_q;   // E_K(J0) of this message issued (counter beats may follow)
  logic         j0_ready_q;     // J0 known, E_K(J0) not yet issued
  logic         main_started_q; // the main GHASH message (AAD, CT, lengths) was started
  logic         ivlen_sent_q;   // the IV length block went into the packer (non-96-bit IV)
  logic         gh_st_pend_q;   // a GHASH start is pending
  logic [35:0]  gh_nblk_q;
  // flags kept next to the counters (no wide compare on the beat path): *_small_q = at most N blocks left
  logic         iv96_q, iv_small_q, aad_small_q, txt_small_q;
  logic         ctr_nz_q;       // counter blocks still to issue (ctr_left_q != 0)
  logic         msg_busy;       // a message is running (StIv .. StTag)
  // abort_i and clear_i act through registers (issue 19): the port nets drive two flip-flops (and the handshake
  // gates below), not the whole core; an abort or clear takes effect one cycle after the port pulse.
  logic         abort_q, clear_q;

  // ------------------------------------------------------------------------------------------
  // AES lanes
  // ------------------------------------------------------------------------------------------
  logic             aes_v_i, aes_v_o;
  logic [N*128-1:0] aes_d_i, aes_d_o;
  logic [N-1:0]     lane_v_o;
  // lane input register: issue mux, counter adders and AddRoundKey(rk[0]) end here, round 1 starts from flops
  logic             aes_v_q;
  logic [N*128-1:0] aes_in_q;

  for (genvar l = 0; l < N; l++) begin : gen_lane
    logic [127:0] st [NR+1];
    logic         vv [NR+1];
    assign st[0] = aes_in_q[N*128-1-128*l -: 128];
    assign vv[0] = aes_v_q;
    for (genvar r = 1; r <= NR; r++) begin : gen_round
      aesf_aes_pipe_round #(.SBOX_IMPL((SBOX_IMPL == 2 && l >= ROM_LANES) ? 0 : SBOX_IMPL), .PIPE_MASK(PIPE_MASK),
                            .LAST((r == NR) ? 1 : 0)) u_round (
        .clk_i, .rst_ni, .en_i(1'b1), .valid_i(vv[r-1]), .state_i(st[r-1]), .rk_i(rk_q[r]),
        .valid_o(vv[r]), .state_o(st[r])
      );
    end
    assign aes_d_o[N*128-1-128*l -: 128] = st[NR];
    assign lane_v_o[l] = vv[NR];
  end
  // All lanes carry the same valid. After a clear the lanes may still hold up to LAT blocks issued before it:
  // their outputs are ignored for LAT cycles (flush_q), and no key or command is taken until then.
  // (aes_v_q is cleared by clear_q, so LAT counts the rounds only)
  localparam int LAT = NR * (1 + (PIPE_MASK & 1) + ((PIPE_MASK >> 1) & 1) + ((PIPE_MASK >> 2) & 1) +
                            ((PIPE_MASK >> 3) & 1));
  logic [6:0] flush_q;
  assign aes_v_o = &lane_v_o && (flush_q == '0);

  // What the lanes carry, in issue order: H (key load), E_K(J0) (first issue of a message), keystream.
  logic h_pend_q, ej0_pend_q;     // the next lane output is H / E_K(J0)
  logic gh_abort;

  // ------------------------------------------------------------------------------------------
  // Keystream FIFO (credit-based: an issue needs a free slot for everything in flight)
  // ------------------------------------------------------------------------------------------
  // The FIFO front is a register (ks_hd_q, valid ks_hv_q) that the text XOR reads; the memory behind it is
  // read only into that register. Every lane output is written into the memory (the write enable is the lane's
  // valid, a flip-flop: the input handshake never reaches the LUT-RAM write port); one arriving while the memory
  // is empty and the head is free also goes straight into the head (no extra cycle), and its memory entry is
  // skipped (the read pointer advances with the write pointer). Credits: ks_cnt_q = beats issued and not yet taken by the text
  // XOR (in flight, in the memory or in the head), at most KD + 1; ks_full_q = no credit left, a flip-flop decided
  // from the next count (the input handshake only decrements the count, it reaches no compare).
  logic [N*128-1:0]  ks_mem [KD];
  logic [KS_LOG2:0]  ks_wp_q, ks_rp_q, ks_inflight_q;
  logic [KS_LOG2+1:0] ks_cnt_q, ks_cnt_d;
  logic              ks_full_q;
  logic              ks_push, ks_pop, ks_issue, ks_mem_ne, ks_take, ks_load, ks_byp, ks_wr;
  logic [N*128-1:0]  ks_hd_q;
  logic              ks_hv_q;
  assign ks_mem_ne = (ks_wp_q != ks_rp_q);
  assign ks_take   = !ks_hv_q || ks_pop;               // head free at the end of this cycle
  assign ks_load   = ks_take && ks_mem_ne;             // head <- memory front
  assign ks_byp    = ks_take && !ks_mem_ne && ks_push; // head <- lane output
  assign ks_wr     = ks_push;

  always_ff @(posedge clk_i) begin
    if (ks_wr) ks_mem[ks_wp_q[KS_LOG2-1:0]] <= aes_d_o;
  end

  // ------------------------------------------------------------------------------------------
  // GHASH: packer + N-lane aggregated GHASH
  // ------------------------------------------------------------------------------------------
  logic             pk_v, pk_r, pk_last, gh_in_v, gh_in_r;
  logic [N*128-1:0] pk_d, gh_in_d;
  logic [3:0]       pk_cnt;
  logic             gh_h_v, gh_h_r, gh_hok, gh_st_v, gh_st_r, gh_o_v, gh_o_r, gh_busy, gh_clear;
  logic [127:0]     gh_h, gh_o;
  logic [35:0]      gh_nblk;

  aesf_gcm_pack #(.N(N), .IN_REG(2)) u_pack (
    .clk_i, .rst_ni, .clear_i(clear_q || (abort_q && msg_busy)),
    .in_valid_i(pk_v), .in_ready_o(pk_r), .in_data_i(pk_d), .in_cnt_i(pk_cnt), .in_last_i(pk_last),
    .out_valid_o(gh_in_v), .out_ready_i(gh_in_r), .out_data_o(gh_in_d)
  );

  aesf_ghash_par #(.N(N), .ORDER(GH_ORDER), .PIPE_MASK(GH_PIPE_MASK), .IN_MASK(GH_IN_MASK), .OUT_REG(GH_OUT_REG),
                   .CW(36)) u_ghash (
    .clk_i, .rst_ni,
    .h_valid_i(gh_h_v), .h_ready_o(gh_h_r), .h_i(gh_h), .h_ok_o(gh_hok),
    .start_valid_i(gh_st_v), .start_ready_o(gh_st_r), .start_nblk_i(gh_nblk),
    .in_valid_i(gh_in_v), .in_ready_o(gh_in_r), .in_data_i(gh_in_d),
    .out_valid_o(gh_o_v), .out_ready_i(gh_o_r), .out_data_o(gh_o),
    .abort_i(gh_abort), .clear_i(gh_clear), .busy_o(gh_busy)
  );

  // ------------------------------------------------------------------------------------------
  // Helpers: block counts, masks
  // ------------------------------------------------------------------------------------------
  // 0 -> all 16 bytes. Written as one compare per byte (each byte of the mask is one LUT of nbytes), not as a
  // shift: a 128-bit shifter by 8 * nbytes is four multiplexer levels on the text path (timing, issue 19).
  function automatic logic [127:0] byte_mask(input logic [3:0] nbytes);
    for (int b = 0; b < 16; b++) byte_mask[127-8*b -: 8] = {8{(nbytes == 4'd0) || (4'(b) < nbytes)}};
  endfunction

  // The current beat of a segment: cur_small = at most N blocks left (this is the last beat), then
  // cur_low = blocks left (1..N; 0 only for an empty AAD segment). From flags, no wide compare.
  logic        cur_small;
  logic [3:0]  cur_low;
  logic [3:0]  cur_cnt;          // blocks in the current input beat
  logic [127:0] cur_lastmask;    // byte mask of the last block of the current segment
  always_comb begin
    cur_small    = 1'b1;
    cur_low      = 4'd0;
    cur_lastmask = '1;
    unique case (st_q)
      StIv:  begin cur_small = iv_small_q;  cur_low = iv_left_q[3:0];  cur_lastmask = byte_mask(iv_len_q[3:0]); end
      StAad: begin cur_small = aad_small_q; cur_low = aad_left_q[3:0]; cur_lastmask = byte_mask(aad_len_q[3:0]); end
      StTxt: begin cur_small = txt_small_q; cur_low = txt_left_q[3:0]; cur_lastmask = byte_mask(txt_len_q[3:0]); end
      default: ;
    endcase
    cur_cnt = cur_small ? cur_low : 4'(N);
  end

  // per lane: lz = lane beyond the blocks of this beat (zero), lp = lane holds the segment's last block
  logic [N-1:0] cur_lz, cur_lp;
  for (genvar k = 0; k < N; k++) begin : gen_lanesel
    assign cur_lz[k] = cur_small && (cur_low <= 4'(k));
    assign cur_lp[k] = cur_small && (cur_low == 4'(k + 1));
  end

  // input beat with bytes beyond the segment zeroed; lanes beyond cur_cnt zeroed
  logic [N*128-1:0] in_masked;
  for (genvar k = 0; k < N; k++) begin : gen_inmask
    assign in_masked[N*128-1-128*k -: 128] =
        cur_lz[k] ? 128'd0 :
        (cur_lp[k] ? (in_data_i[N*128-1-128*k -: 128] & cur_lastmask) : in_data_i[N*128-1-128*k -: 128]);
  end

  // text: keystream XOR into a two-beat output FIFO. Its flags are registers: whether the core may take a text
  // beat (out_free) does not depend on out_ready_i in the same cycle, so out_ready_i drives only the FIFO's read
  // side (issue 19: no port-to-port path through the input handshake). Two beats keep one beat per clock. The
  // FIFO is wiped by clear_i at once (out_valid_o drops on the next edge, as with the former output register).
  logic             out_free, out_push, out_v;
  logic [N*128-1:0] txt_out;          // masked text out (CT or PT)
  logic [N*128+4:0] out_wdata, out_rdata;
  logic [1:0]       out_count;
  for (genvar k = 0; k < N; k++) begin : gen_txt
    assign txt_out[N*128-1-128*k -: 128] =
        cur_lz[k] ? 128'd0 :
        (cur_lp[k] ? ((in_data_i[N*128-1-128*k -: 128] ^ ks_hd_q[N*128-1-128*k -: 128]) & cur_lastmask)
                   : (in_data_i[N*128-1-128*k -: 128] ^ ks_hd_q[N*128-1-128*k -: 128]));
  end

  // ------------------------------------------------------------------------------------------
  // Handshakes and datapath control (combinational)
  // ------------------------------------------------------------------------------------------
  logic key_hs, cmd_hs, in_hs, iv96, len_bad;
  assign msg_busy = (st_q == StIv) || (st_q == StJ0) || (st_q == StAad) || (st_q == StTxt) || (st_q == StLen) ||
                    (st_q == StTag);
  logic [28:0] aad_blocks;
  logic [32:0] txt_blocks;
  logic [12:0] iv_blocks;
  assign key_ready_o = (st_q == StIdle) && !clear_i && !clear_q && (flush_q == '0);
  assign key_hs      = key_valid_i && key_ready_o;
  assign cmd_ready_o = (st_q == StIdle) && !key_valid_i && !clear_i && !clear_q && (flush_q == '0);
  assign cmd_hs      = cmd_valid_i && cmd_ready_o;
  assign iv_blocks   = 13'(({1'b0, cmd_iv_len_i} + 17'd15) >> 4);
  assign aad_blocks  = 29'(({1'b0, cmd_aad_len_i} + 33'd15) >> 4);
  assign txt_blocks  = 33'(({1'b0, cmd_txt_len_i} + 37'd15) >> 4);
  assign iv96        = (cmd_iv_len_i == 16'd12);
  assign len_bad     = (cmd_iv_len_i == 16'd0) || (cmd_txt_len_i > 36'hFFFFFFFE0) ||
                       !(cmd_tag_len_i == 5'd4 || cmd_tag_len_i == 5'd8 ||
                         (cmd_tag_len_i >= 5'd12 && cmd_tag_len_i <= 5'd16));

  // input acceptance per state
  logic iv_ok, aad_ok, txt_ok, tagb_ok;
  assign iv_ok   = (st_q == StIv) && (iv96_q || pk_r);
  assign aad_ok  = (st_q == StAad) && !(aad_small_q && aad_left_q[3:0] == 4'd0) && pk_r;
  assign txt_ok  = (st_q == StTxt) && pk_r && out_free && ks_hv_q;
  assign tagb_ok = (st_q == StTag) && dec_q && !tagin_ok_q;
  assign in_ready_o = !abort_q && !clear_q && (iv_ok || aad_ok || txt_ok || tagb_ok);
  assign in_hs      = in_valid_i && in_ready_o;
  assign ks_pop     = in_hs && (st_q == StTxt);
  assign out_push   = ks_pop;
  assign out_wdata  = {txt_out, cur_cnt, txt_small_q};

  aesf_fifo #(.W(N*128+5), .DEPTH(2), .WIPE(1)) u_out_fifo (
    .clk_i, .rst_ni, .clear_i,
    .wvalid_i(out_push), .wready_o(out_free), .wdata_i(out_wdata),
    .rvalid_o(out_v), .rready_i(out_ready_i), .rdata_o(out_rdata), .count_o(out_count)
  );
  logic unused_out_count;             // the flags are enough: the count is not needed
  assign unused_out_count = ^out_count;

  // packer input
  logic [127:0] lenblk, ivlenblk;
  assign lenblk   = {29'd0, aad_len_q, 3'd0, 25'd0, txt_len_q, 3'd0};   // [len(A)]_64 || [len(C)]_64
  assign ivlenblk = {64'd0, 45'd0, iv_len_q, 3'd0};                     // 0^64 || [len(IV)]_64
  always_comb begin
    pk_v    = 1'b0;
    pk_d    = in_masked;
    pk_cnt  = cur_cnt;
    pk_last = 1'b0;
    unique case (st_q)
      StIv:  pk_v = in_hs && !iv96_q;
      StJ0:  begin
        pk_v    = !ivlen_sent_q;
        pk_d    = {ivlenblk, {(N-1)*128{1'b0}}};
        pk_cnt  = 4'd1;
        pk_last = 1'b1;
      end
      StAad: pk_v = in_hs;
      StTxt: begin
        pk_v = in_hs;
        pk_d = dec_q ? in_masked : txt_out;
      end
      StLen: begin
        pk_v    = 1'b1;
        pk_d    = {lenblk, {(N-1)*128{1'b0}}};
        pk_cnt  = 4'd1;
        pk_last = 1'b1;
      end
      default: ;
    endcase
  end

  // AES issue: H at key load, E_K(J0), counter beats
  logic [N*128-1:0] ctr_beat;
  for (genvar k = 0; k < N; k++) begin : gen_ctr
    assign ctr_beat[N*128-1-128*k -: 128] = {cb_q[127:32], cb_q[31:0] + 32'(k)};
  end
  logic issue_h, issue_j0, issue_ctr, msg_st;
  assign msg_st    = (st_q == StAad || st_q == StTxt || st_q == StLen || st_q == StTag);
  assign issue_h   = (st_q == StHenc);
  assign issue_j0  = j0_ready_q && !abort_q;
  assign issue_ctr = msg_st && !abort_q && ej0_issued_q && ctr_nz_q &&
                     !ks_full_q;
  assign aes_v_i  = issue_h || issue_j0 || issue_ctr;
  assign aes_d_i  = (issue_h || issue_j0) ? {(issue_j0 ? j0_q : 128'd0), {(N-1)*128{1'b0}}} : ctr_beat;
  assign ks_issue = issue_ctr;
  assign ks_cnt_d = ks_cnt_q + (KS_LOG2+2)'(ks_issue) - (KS_LOG2+2)'(ks_pop);
  assign ks_push  = aes_v_o && !h_pend_q && !ej0_pend_q;

  // GHASH unit control
  assign gh_clear = clear_q;
  assign gh_abort = abort_q && msg_busy;
  assign gh_h_v   = (st_q == StHpow) && aes_v_o && h_pend_q;
  assign gh_h     = aes_d_o[N*128-1 -: 128];
  assign gh_st_v  = gh_st_pend_q && !abort_q;
  assign gh_nblk  = gh_nblk_q;
  assign gh_o_r   = 1'b1;

  assign key_ok_o    = key_ok_q;
  assign busy_o      = (st_q != StIdle) || (flush_q != '0);
  assign done_o      = done_q;
  assign tag_o       = tag_q;
  assign auth_fail_o = fail_q;
  assign err_o       = err_q;
  assign out_valid_o = out_v;
  assign out_data_o  = out_rdata[N*128+4 -: N*128];
  assign out_cnt_o   = out_rdata[4:1];
  assign out_last_o  = out_rdata[0];

  // tag check (constant time: full XOR-reduce of the masked difference)
  logic [127:0] tag_mask, calc_tag;
  assign tag_mask = (tag_len_q == 5'd16) ? '1 : byte_mask(tag_len_q[3:0]);
  assign calc_tag = (ekj0_q ^ s_q) & tag_mask;

  // ------------------------------------------------------------------------------------------
  // Sequential
  // ------------------------------------------------------------------------------------------
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      abort_q <= 1'b0;
      clear_q <= 1'b0;
    end else begin
      abort_q <= abort_i;
      clear_q <= clear_i;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      st_q <= StIdle;
      key_ok_q <= 1'b0;
      for (int r = 0; r <= NR; r++) rk_q[r] <= '0;
      kprev_q <= '0; rcon_q <= 8'h01; kg_q <= '0; kgen_q <= 1'b0; kw_q <= '0; kgw_q <= '0; kwv_q <= 1'b0;
      h_pend_q <= 1'b0; ej0_pend_q <= 1'b0; ej0_issued_q <= 1'b0; j0_ready_q <= 1'b0;
      main_started_q <= 1'b0; ivlen_sent_q <= 1'b0;
      dec_q <= 1'b0; iv_len_q <= '0; aad_len_q <= '0; txt_len_q <= '0; tag_len_q <= '0;
      iv_left_q <= '0; aad_left_q <= '0; txt_left_q <= '0; ctr_left_q <= '0;
      j0_q <= '0; cb_q <= '0; ekj0_q <= '0; tag_q <= '0; ekj0_ok_q <= 1'b0; s_ok_q <= 1'b0;
      tagin_ok_q <= 1'b0; s_q <= '0; tagin_q <= '0; fail_q <= 1'b0; err_q <= '0; done_q <= 1'b0;
      ks_wp_q <= '0; ks_rp_q <= '0; ks_inflight_q <= '0; ks_cnt_q <= '0; ks_full_q <= 1'b0; ks_hd_q <= '0; ks_hv_q <= 1'b0;
      aes_v_q <= 1'b0; aes_in_q <= '0;
      iv96_q <= 1'b0; iv_small_q <= 1'b1; aad_small_q <= 1'b1; txt_small_q <= 1'b1; ctr_nz_q <= 1'b0;
      gh_st_pend_q <= 1'b0; gh_nblk_q <= '0;
      flush_q <= '0;
    end else if (clear_q) begin
      flush_q <= 7'(LAT);
      st_q <= StIdle;
      key_ok_q <= 1'b0;
      for (int r = 0; r <= NR; r++) rk_q[r] <= '0;
      kprev_q <= '0; rcon_q <= 8'h01; kg_q <= '0; kgen_q <= 1'b0; kw_q <= '0; kgw_q <= '0; kwv_q <= 1'b0;
      h_pend_q <= 1'b0; ej0_pend_q <= 1'b0; ej0_issued_q <= 1'b0; j0_ready_q <= 1'b0;
      main_started_q <= 1'b0; ivlen_sent_q <= 1'b0;
      dec_q <= 1'b0; iv_len_q <= '0; aad_len_q <= '0; txt_len_q <= '0; tag_len_q <= '0;
      iv_left_q <= '0; aad_left_q <= '0; txt_left_q <= '0; ctr_left_q <= '0;
      j0_q <= '0; cb_q <= '0; ekj0_q <= '0; tag_q <= '0; ekj0_ok_q <= 1'b0; s_ok_q <= 1'b0;
      tagin_ok_q <= 1'b0; s_q <= '0; tagin_q <= '0; fail_q <= 1'b0; err_q <= '0; done_q <= 1'b0;
      ks_wp_q <= '0; ks_rp_q <= '0; ks_inflight_q <= '0; ks_cnt_q <= '0; ks_full_q <= 1'b0; ks_hd_q <= '0; ks_hv_q <= 1'b0;
      aes_v_q <= 1'b0; aes_in_q <= '0;
      iv96_q <= 1'b0; iv_small_q <= 1'b1; aad_small_q <= 1'b1; txt_small_q <= 1'b1; ctr_nz_q <= 1'b0;
      gh_st_pend_q <= 1'b0; gh_nblk_q <= '0;
    end else begin
      done_q <= 1'b0;
      if (flush_q != '0) flush_q <= flush_q - 7'd1;

      // lane input register
      aes_v_q  <= aes_v_i;
      aes_in_q <= aes_d_i ^ {N{rk_q[0]}};

      // keystream FIFO bookkeeping (every state)
      if (ks_wr) ks_wp_q <= ks_wp_q + 1'b1;
      if (ks_load) begin
        ks_hd_q <= ks_mem[ks_rp_q[KS_LOG2-1:0]];
        ks_rp_q <= ks_rp_q + 1'b1;
      end else if (ks_byp) begin
        ks_hd_q <= aes_d_o;
        ks_rp_q <= ks_rp_q + 1'b1;                    // skip its memory copy
      end
      if (ks_take) ks_hv_q <= ks_load || ks_byp;
      ks_inflight_q <= ks_inflight_q + (KS_LOG2+1)'(ks_issue) - (KS_LOG2+1)'(ks_push);
      ks_cnt_q  <= ks_cnt_d;
      ks_full_q <= (ks_cnt_d > (KS_LOG2+2)'(KD));
      if (issue_ctr) begin
        cb_q       <= {cb_q[127:32], cb_q[31:0] + 32'(N)};
        ctr_left_q <= (ctr_left_q > 33'(N)) ? ctr_left_q - 33'(N) : '0;
        ctr_nz_q   <= (ctr_left_q > 33'(N));
      end
      if (issue_j0) begin
        cb_q         <= {j0_q[127:32], j0_q[31:0] + 32'd1};   // first counter block inc32(J0)
        j0_ready_q   <= 1'b0;
        ej0_pend_q   <= 1'b1;
        ej0_issued_q <= 1'b1;
      end
      if (aes_v_o && ej0_pend_q && !h_pend_q) begin
        ekj0_q     <= aes_d_o[N*128-1 -: 128];
        ej0_pend_q <= 1'b0;
        ekj0_ok_q  <= 1'b1;
      end
      if (gh_st_v && gh_st_r) gh_st_pend_q <= 1'b0;

      unique case (st_q)
        StIdle: begin
          if (key_hs) begin
            key_ok_q <= 1'b0;
            kprev_q  <= key_i;
            kg_q     <= '0;
            kgen_q   <= 1'b1;
            kwv_q    <= 1'b0;
            rcon_q   <= 8'h01;
            err_q    <= '0;
            fail_q   <= 1'b0;
            tag_q    <= '0;
            st_q     <= StKexp;
          end else if (cmd_hs) begin
            fail_q <= 1'b0;
            tag_q  <= '0;
            if (!key_ok_q) begin
              err_q  <= 3'd1;
              done_q <= 1'b1;
            end else if (len_bad) begin
              err_q  <= 3'd2;
              done_q <= 1'b1;
            end else begin
              err_q          <= '0;
              dec_q          <= cmd_decrypt_i;
              iv_len_q       <= cmd_iv_len_i;
              aad_len_q      <= cmd_aad_len_i;
              txt_len_q      <= cmd_txt_len_i;
              tag_len_q      <= cmd_tag_len_i;
              iv96_q         <= iv96;
              iv_small_q     <= (cmd_iv_len_i <= 16'(16 * N));
              aad_small_q    <= (cmd_aad_len_i <= 32'(16 * N));
              txt_small_q    <= (cmd_txt_len_i <= 36'(16 * N));
              ctr_nz_q       <= (cmd_txt_len_i != 36'd0);
              iv_left_q      <= iv_blocks;
              aad_left_q     <= aad_blocks;
              txt_left_q     <= txt_blocks;
              ctr_left_q     <= txt_blocks;
              ekj0_ok_q      <= 1'b0;
              ej0_issued_q   <= 1'b0;
              main_started_q <= 1'b0;
              ivlen_sent_q   <= 1'b0;
              s_ok_q         <= 1'b0;
              tagin_ok_q     <= 1'b0;
              if (!iv96) begin
                gh_st_pend_q <= 1'b1;
                gh_nblk_q    <= 36'(iv_blocks) + 36'd1;
              end
              st_q <= StIv;
            end
          end
        end

        StKexp: begin
          // step stage: round key kg_q into kw_q
          if (kgen_q) begin
            kw_q    <= ks_words;
            kgw_q   <= kg_q;
            kwv_q   <= 1'b1;
            kprev_q <= {kprev_q[127:0], ks_words};
            if (ks_rcon_step) rcon_q <= {rcon_q[6:0], 1'b0} ^ (rcon_q[7] ? 8'h1b : 8'h00);
            kg_q    <= kg_q + 4'd1;
            if (kg_q == 4'(NR)) kgen_q <= 1'b0;
          end else begin
            kw_q  <= '0;     // the last round key is in rk_q now: no copy left behind
            kwv_q <= 1'b0;
          end
          // write stage: round key kgw_q into the static registers
          if (kwv_q) begin
            rk_q[kgw_q] <= kw_q;
            if (kgw_q == 4'(NR)) begin
              st_q <= StHenc;
            end
          end
        end

        StHenc: begin            // issue_h is high in this state: E_K(0) enters lane 0
          h_pend_q <= 1'b1;
          st_q     <= StHpow;
        end

        StHpow: begin
          if (gh_h_v && gh_h_r) h_pend_q <= 1'b0;    // handed to the GHASH unit (idle during a key load)
          if (!h_pend_q && gh_hok && !gh_busy) begin
            key_ok_q <= 1'b1;
            st_q     <= StIdle;
          end
        end

        StIv: begin
          if (in_hs) begin
            iv_left_q  <= (33'(iv_left_q) > 33'(N)) ? iv_left_q - 13'(N) : '0;
            iv_small_q <= (33'(iv_left_q) <= 33'(2 * N));
            if (iv96_q) begin
              j0_q       <= {in_data_i[N*128-1 -: 96], 32'd1};
              j0_ready_q <= 1'b1;
              st_q       <= StAad;
            end else if (iv_small_q) begin
              st_q <= StJ0;
            end
          end
        end

        StJ0: begin               // the IV length block goes into the packer, then wait for J0
          if (pk_v && pk_r) ivlen_sent_q <= 1'b1;
          if (gh_o_v) begin
            j0_q       <= gh_o;
            j0_ready_q <= 1'b1;
            st_q       <= StAad;
          end
        end

        StAad: begin
          if (!main_started_q) begin
            main_started_q <= 1'b1;
            gh_st_pend_q   <= 1'b1;
            gh_nblk_q      <= 36'(aad_left_q) + 36'(txt_left_q) + 36'd1;
          end
          if (aad_small_q && aad_left_q[3:0] == 4'd0) begin
            st_q <= (txt_small_q && txt_left_q[3:0] == 4'd0) ? StLen : StTxt;
          end else if (in_hs) begin
            aad_left_q  <= (33'(aad_left_q) > 33'(N)) ? aad_left_q - 29'(N) : '0;
            aad_small_q <= (33'(aad_left_q) <= 33'(2 * N));
            if (aad_small_q) st_q <= (txt_small_q && txt_left_q[3:0] == 4'd0) ? StLen : StTxt;
          end
        end

        StTxt: begin
          if (in_hs) begin
            txt_left_q  <= (txt_left_q > 33'(N)) ? txt_left_q - 33'(N) : '0;
            txt_small_q <= (txt_left_q <= 33'(2 * N));
            if (txt_small_q) st_q <= StLen;
          end
        end

        StLen: begin
          if (pk_r) st_q <= StTag;
        end

        StTag: begin
          if (gh_o_v) begin
            s_q    <= gh_o;
            s_ok_q <= 1'b1;
          end
          if (in_hs) begin
            tagin_q    <= in_data_i[N*128-1 -: 128];
            tagin_ok_q <= 1'b1;
          end
          if (s_ok_q && ekj0_ok_q && (!dec_q || tagin_ok_q) && !out_v) begin
            if (dec_q) begin
              fail_q <= |((tagin_q & tag_mask) ^ calc_tag);
              tag_q  <= '0;
            end else begin
              tag_q  <= calc_tag;
            end
            st_q <= StDone;
          end
        end

        StDone: begin
          done_q  <= 1'b1;
          s_q     <= '0;
          ekj0_q  <= '0;
          tagin_q <= '0;
          st_q    <= StIdle;
        end

        StAbort: begin            // wait until nothing is in flight in the lanes, then drop the keystream
          // an output beat already offered stays valid until taken (AXI4-Stream rule), then done_o
          if (ks_inflight_q == '0 && !ej0_pend_q && !aes_v_o && !gh_busy && !out_v) begin
            ks_rp_q  <= ks_wp_q;
            ks_hv_q  <= 1'b0;
            ks_cnt_q <= '0;
            ks_full_q <= 1'b0;
            done_q   <= 1'b1;
            st_q    <= StIdle;
          end
        end

        default: st_q <= StIdle;
      endcase

      if (abort_q && msg_busy) begin
        st_q         <= StAbort;
        err_q        <= 3'd4;
        ctr_left_q   <= '0;
        ctr_nz_q     <= 1'b0;
        j0_ready_q   <= 1'b0;
        gh_st_pend_q <= 1'b0;
        s_q          <= '0;
        ekj0_q       <= '0;
        tagin_q      <= '0;
      end
    end
  end

endmodule

`default_nettype wire
