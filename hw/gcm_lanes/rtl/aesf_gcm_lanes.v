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
// Data flow per message (three sides that work on different messages at once, issue 19):
//   command -> checked (no key, bad lengths: refused, err_o in its place in the done_o order) -> command queue
//   (up to 2^CQ_LOG2 messages accepted and not yet done).
//   Issue side: J0 (from the command: IV_IN_CMD and a 96-bit IV; else handed over by the input side) ->
//   E_K(J0) on lane 0, then counter beats CB+0 .. CB+N-1 (inc32 mod 2^32 on the low word) as long as the
//   keystream FIFO has room for everything in flight (the AES lanes are free-running, valid-only pipelines);
//   it runs ahead of the input side into the next queued messages, so their keystream is ready when their text
//   comes. Lane outputs: E_K(J0) -> E_K(J0) FIFO, keystream -> keystream FIFO (a kind bit travels beside the lanes).
//   Input side: IV beats -> J0 (directly, or GHASH(IV || pad || len)); AAD beats -> packer -> GHASH; text beats ^
//   keystream -> out (CT for encrypt, PT for decrypt), CT -> packer -> GHASH; length block -> GHASH; decrypt: one
//   more beat with the received tag (lane 0, left-aligned). Then at once the next queued message.
//   Tag side, in order: S = GHASH result, E_K(J0), the received tag, and the message's last text beat taken ->
//   tag = E_K(J0) ^ S (constant-time compare for decrypt) -> done_o.
//   GHASH messages stream through aesf_ghash_par back to back, aligned to beats by leading zero blocks.

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
// Latency: key load -> key_ok_o: 2(Nr + 1) + 2 (round keys: SubWord, step, then write) + L (H = E_K(0)) + 1 +
// (M-1)*(D+2) (H powers),
// with L = 1 + Nr * (1 + popcount(PIPE_MASK)) the AES lane latency (lane input register + rounds),
// D the GHASH multiplier latency, M = N*D.
// Throughput: one beat of N blocks per clock on long messages when the keystream FIFO is at least
// L + 2 beats deep (2^KS_LOG2), without back-pressure; back-to-back messages cost their input beats plus one cycle
// for the length block (IV_IN_CMD 1, enough queue: 2^CQ_LOG2 >= a message's latency / its cycles).
// Timing (issue 5): every control signal that fans out into the wide datapath comes from flops: the lane
// input is registered (counter + mux + AddRoundKey 0 are not in front of round 1), the keystream FIFO is
// read through front registers (the text XOR sees ks_hd_q, not the LUT-RAM read mux), the FIFO credit
// is a counter, the segment "last beat" decisions are flags (*_small_q) instead of 33-bit compares, and
// the packer's in_ready_o is a flop and its input is registered; the GHASH unit registers its input beat
// and its powers before the multipliers (issue 19). Issue 19 also: abort_i / clear_i act through registers
// (one cycle later), the text leaves through a two-beat output FIFO whose flags are flops (in_ready_o does
// not see out_ready_i), the FSM is one-hot (fsm_encoding), the keystream credits are decremented by the text
// XOR only with a registered "full" flag, the packer's fill level is one-hot and has a second input register.
// Issue 19, fifth round: kind delay lines (H / E_K(J0) / keystream) enable every use of a lane output from one
// flip-flop; the keystream FIFO's flags are computed a cycle ahead; N >= 2 (sixth round: any N): a two-entry
// FIFO between the packer and the GHASH unit (+1 cycle); the command's block counts, flags and the last text
// beat's byte enables are computed as it is accepted and travel in the command queue; byte masking of AAD / IV
// beats happens inside the packer after its first input register. Sixth round: the packer -> GHASH FIFO for
// every N (N = 1 too), the input side's next message in its own register (nx_q: the load copies flip-flops),
// the tag's byte enables decoded at the command.
// Worked example (N = 2, AES-128, PIPE_MASK 2, GH_PIPE_MASK 31, GH_IN_MASK 20, GH_OUT_REG 1, IV_IN_CMD 1,
// CQ_LOG2 4 as registered in src/aesforge/coredefs/gcm_lanes.py; L = 21, D = 8, M = 16), measured by
// aesforge.sim.perf_lanes: key load 196 cycles (24 + 21 + 1 + 15 x 10, counted from the handshake cycle), 64-byte
// text with a 96-bit IV: command handshake -> done_o 43 cycles, per-message overhead on long messages 41 cycles,
// then 1 beat of 2 blocks per clock; back-to-back 64-byte messages with 16-byte AAD: one every 4 cycles.

`default_nettype none

module aesf_gcm_lanes #(
  parameter int N            = 2,   // AES lanes = blocks per clock: 1, 2 or 4
  parameter int KEY_BITS     = 128, // 128, 192 or 256
  parameter int SBOX_IMPL    = 0,   // AES S-box: 0 LUT case ROM, 1 composite field, 2 block ROM (aesf_sbox_rom,
                                    // two S-boxes per block RAM), 3 Boyar-Peralta circuit (aesf_sbox_bp), 4 block ROM
                                    // with the RAM's output register and no round register (aesf_aes_pipe_round);
                                    // the key expansion's SubWord is the LUT case ROM for 2, 3 and 4: 0..4
  parameter int PIPE_MASK    = 0,   // AES sub-round registers (aesf_aes_pipe_round): 0..15, bit 0 needs SBOX_IMPL 1
                                    // or 3, bit 3 needs SBOX_IMPL 3, SBOX_IMPL 2 and 4 need bit 1 (the ROM register)
  parameter int GH_ORDER     = 4,   // Karatsuba order of the GHASH multipliers: 0..6
  parameter int GH_PIPE_MASK = 13,  // GHASH multiplier registers per depth (13 = 16x16, 64x64, 128x128): < 2^(GH_ORDER+1)
  parameter int GH_IN_MASK   = 0,   // GHASH multiplier operand registers per depth (16: the 8x8 leaf operands): < 2^(GH_ORDER+1)
  parameter int GH_OUT_REG   = 0,   // 0..1
  parameter int KS_LOG2      = 6,   // keystream FIFO depth 2^KS_LOG2 beats: 2..10 (>= log2(L + 2) for full rate)
  parameter int IV_IN_CMD    = 0,   // 1: a 96-bit IV comes with the command (cmd_iv_i) and has no IV beat, so the
                                    // keystream of queued messages is computed ahead; 0: every IV in beats: 0..1
  parameter int CQ_LOG2      = 4,   // messages accepted and not yet done: up to 2^CQ_LOG2 (command queue): 1..4;
                                    // a stream of short messages needs 2^CQ_LOG2 >= latency / cycles per message
  parameter int ROM_LANES    = N,   // with SBOX_IMPL 2 / 4: lanes 0..ROM_LANES-1 use block-ROM S-boxes, the others
                                    // LUT_SBOX (same latency: its PIPE_MASK bit-1 register is a flop): 0..N.
                                    // Fits a block-RAM budget (an AES-128 lane takes 80 ECP5 DP16KD); ignored for
                                    // SBOX_IMPL 0, 1 and 3
  parameter int LUT_SBOX     = 0,   // S-box of the lanes ROM_LANES..N-1 (SBOX_IMPL 2 / 4 only): 0 the LUT case ROM,
                                    // 3 the Boyar-Peralta circuit (aesf_sbox_bp: no wide multiplexers,
                                    // fewer LUT4; issue 19): 0 or 3
  parameter int ROM_ROUNDS   = 0    // rounds in which the lanes ROM_LANES..N-1 use block-ROM S-boxes all the same
                                    // (bit r-1 = round r; SBOX_IMPL 2 / 4 only): fills the block RAMs that
                                    // ROM_LANES leaves free (AES-256 at N = 2: 208 DP16KD on the LFE5U-85F hold
                                    // lane 0 and 12 of lane 1's 14 rounds): 0..2^Nr-1, 0 = LUT_SBOX in every round
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  // key load (handshake); key_ok_o when round keys and H powers are ready
  input  logic                key_valid_i,
  output logic                key_ready_o,
  input  logic [255:0]        key_i,
  output logic                key_ok_o,
  // command (handshake; ready while fewer than 2^CQ_LOG2 messages are outstanding, no key load or abort)
  input  logic                cmd_valid_i,
  output logic                cmd_ready_o,
  input  logic                cmd_decrypt_i,
  input  logic [15:0]         cmd_iv_len_i,   // bytes, 1..65535
  input  logic [31:0]         cmd_aad_len_i,  // bytes
  input  logic [35:0]         cmd_txt_len_i,  // bytes, <= 2^36 - 32
  input  logic [4:0]          cmd_tag_len_i,  // 4, 8, 12..16
  input  logic [95:0]         cmd_iv_i,       // IV_IN_CMD = 1 and cmd_iv_len_i = 12: the IV (byte 0 in [95:88])
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
  // result: one done_o per accepted command, in command order
  output logic                done_o,
  output logic [127:0]        tag_o,          // encrypt: tag, left-aligned, masked to tag_len; decrypt: 0
  output logic                auth_fail_o,
  output logic [2:0]          err_o,          // 0 ok, 1 no key, 2 bad length, 4 aborted
  output logic                busy_o,
  input  logic                abort_i,        // drop every message accepted and not yet done (queued ones too): one
                                              // done_o with err_o = 4 once the lanes and the output FIFO are empty
  input  logic                clear_i         // zeroize: key, H, queues; nothing more is reported
);

  localparam int NK = KEY_BITS / 32;
  localparam int NR = NK + 6;
  // AES lane latency L = NR * (1 + popcount(PIPE_MASK)) (aesf_aes_pipe_round stages)
  localparam int KD = 1 << KS_LOG2;                  // keystream FIFO depth (beats)

  aesf_param_check #(
    .ILLEGAL(!(N == 1 || N == 2 || N == 4) || !aesf_pkg::key_bits_ok(KEY_BITS) ||
             SBOX_IMPL < 0 || SBOX_IMPL > 4 || PIPE_MASK < 0 || PIPE_MASK > 15 ||
             (SBOX_IMPL != 1 && SBOX_IMPL != 3 && PIPE_MASK % 2 == 1) || (SBOX_IMPL != 3 && PIPE_MASK >= 8) ||
             ((SBOX_IMPL == aesf_pkg::SboxRom || SBOX_IMPL == 4) && (PIPE_MASK / 2) % 2 == 0) ||
             KS_LOG2 < 2 || KS_LOG2 > 10 || ROM_LANES < 0 || ROM_LANES > N || IV_IN_CMD < 0 || IV_IN_CMD > 1 ||
             CQ_LOG2 < 1 || CQ_LOG2 > 4 || !(LUT_SBOX == 0 || LUT_SBOX == 3) ||
             ROM_ROUNDS < 0 || ROM_ROUNDS >= (1 << NR)),
    .MSG    ("aesf_gcm_lanes: N 1/2/4, KEY_BITS 128/192/256, SBOX_IMPL 0..4, PIPE_MASK 0..15 (bit 0 needs SBOX_IMPL 1 or 3, bit 3 needs SBOX_IMPL 3, SBOX_IMPL 2 and 4 need bit 1), KS_LOG2 2..10, ROM_LANES 0..N, IV_IN_CMD 0..1, CQ_LOG2 1..4, LUT_SBOX 0 or 3, ROM_ROUNDS 0..2^Nr-1")
  ) u_param_check ();

  // ------------------------------------------------------------------------------------------
  // Key expansion: the shared round-key controller (aesf_key_sched), one round key every two cycles (SubWord
  // registered, then the XOR chain), written a cycle later into static registers that the lanes read; the
  // controller is instantiated beside the key FSM below
  // ------------------------------------------------------------------------------------------
  logic [(NR+1)*128-1:0] rk_q;  // round key r in [128*r +: 128]
  logic         ks_v, ks_last;  // the controller's round key ks_rk (index ks_idx) is valid / is round key Nr
  logic [3:0]   ks_idx;
  logic [127:0] ks_rk;

  // ------------------------------------------------------------------------------------------
  // Key / abort FSM (messages run in StIdle, in three sides: issue, input, tag)
  // ------------------------------------------------------------------------------------------
  localparam logic [2:0] StIdle   = 3'd0;   // key loaded or not; messages may run
  localparam logic [2:0] StKexp   = 3'd1;   // expanding round keys
  localparam logic [2:0] StHenc   = 3'd2;   // H = E_K(0) in the lanes
  localparam logic [2:0] StHpow   = 3'd3;   // GHASH unit computes H powers
  localparam logic [2:0] StAbort  = 3'd4;   // abort: wait for blocks in flight, then empty the keystream FIFO

  // input side: the message whose IV / AAD / text / tag beats are taken
  localparam logic [2:0] StIIdle  = 3'd0;   // no message (or waiting for the previous GHASH start to be taken)
  localparam logic [2:0] StIIv    = 3'd1;   // IV beats
  localparam logic [2:0] StIJ0    = 3'd2;   // IV length block into the packer, then wait for GHASH(IV) = J0
  localparam logic [2:0] StIAad   = 3'd3;   // AAD beats
  localparam logic [2:0] StITxt   = 3'd4;   // text beats
  localparam logic [2:0] StILen   = 3'd5;   // length block into the packer
  localparam logic [2:0] StITag   = 3'd6;   // decrypt: the received tag beat

  // issue side: E_K(J0) and the counter blocks of the message at the head of the issue queue
  localparam logic [1:0] StSIdle  = 2'd0;   // no message
  localparam logic [1:0] StSWait  = 2'd1;   // J0 comes from the input side (IV beats)
  localparam logic [1:0] StSJ0    = 2'd2;   // J0 known (from the command): E_K(J0) enters the lanes now
  localparam logic [1:0] StSCtr   = 2'd3;   // counter beats

  localparam logic [2:0] ErrNone    = aesf_pkg::GcmErrNone;
  localparam logic [2:0] ErrNoKey   = aesf_pkg::GcmErrNoKey;
  localparam logic [2:0] ErrLength  = aesf_pkg::GcmErrLength;
  localparam logic [2:0] ErrAborted = aesf_pkg::GcmErrAborted;

  localparam int CQ = 1 << CQ_LOG2;          // messages accepted and not yet done (command queue depth)

  (* fsm_encoding = "one-hot" *) logic [2:0] st_q;    // one-hot after synthesis: every state test is one flip-flop
  logic [2:0]   st_d;
  (* fsm_encoding = "one-hot" *) logic [2:0] ist_q;
  (* fsm_encoding = "one-hot" *) logic [1:0] sst_q;
  logic [2:0]   ist_d;
  logic [1:0]   sst_d;
  logic         key_ok_q;
  // abort_i and clear_i act through registers (issue 19): the port nets drive two flip-flops (and the handshake
  // gates below), not the whole core; an abort or clear takes effect one cycle after the port pulse.
  logic         abort_q, clear_q;
  logic         in_stop_q;      // abort_q || clear_q, a flip-flop of its own for the input handshake (timing, issue 19)
  logic [CQ_LOG2:0] mo_q;       // messages accepted and not yet done (credits for every per-message queue)
  logic         mo_full_q;      // mo_q == CQ, a flip-flop
  logic         mo_one_q;       // mo_q == 1, a flip-flop
  logic         msg_act;        // a message is accepted and not done (a flip-flop: mo_q != 0)
  logic         msg_act_q;
  logic [CQ_LOG2:0] mo_d;
  logic         msg_act_d;      // next value of msg_act_q
  // The message abort / clear as flip-flops, one copy per unit (timing, issue 19: abort_q AND msg_act_q, then
  // OR clear_q, was one net that cleared the queues, the three sides, the packer and the GHASH unit; every worst
  // path of the tenth round was its route across the device). Each copy is computed from the ports a cycle ahead,
  // so it equals the old combinational value in every cycle (asserted below); (* keep *) stops Yosys from merging
  // the copies back into one flip-flop.
  localparam int McCmd  = 0;    // command register, command / issue / tag queues, J0-kind queue
  localparam int McPack = 1;    // packer control and input registers, packer -> GHASH FIFO
  localparam int McIss  = 2;    // issue side and its next-message register
  localparam int McIn   = 3;    // input side, its next-message register and load decision
  localparam int NMc    = 4;    // (the packer's slots are not wiped: public data, see aesf_gcm_pack)
  localparam int MaGh   = 0;    // GHASH unit
  localparam int MaMain = 1;    // main FSM (-> StAbort), tag side
  localparam int NMa    = 2;
  logic [NMc-1:0] mclr_q;       // drop every message: clear, or abort with messages outstanding
  logic [NMa-1:0] mabort_q;     // abort with messages outstanding
  logic         ab_iss_q;       // abort_q for the issue side's decisions
  logic         stop_tag_q;     // abort_q || clear_q for the tag side's take
  logic         mclr_d, mabort_d;
  // The zeroize's data wipes as flip-flops, one copy per group of about 128 to 450 data flip-flops (timing, issue
  // 19, seventeenth round: clear_q alone wiped the round keys, the key controller, the keystream front registers
  // and the GHASH unit's data, 1,409 loads, and four of the sixteenth round's six worst paths were its route
  // across the device). Each copy is loaded from clear_i like clear_q, so it equals clear_q in every cycle
  // (asserted below); (* keep *) stops Yosys from merging them.
  localparam int GhClr = 2 * N + 2;          // GHASH unit: control, chain registers and input stage per lane, powers
  localparam int WpKey = 0;                  // key controller (aesf_key_sched)
  localparam int WpKs  = 1;                  // keystream front register k, lane l: WpKs + N*k + l
  localparam int WpRk  = WpKs + 2 * N;       // round key r: WpRk + r
  localparam int WpGh  = WpRk + NR + 1;      // the GHASH unit's copies
  localparam int NWp   = WpGh + GhClr;
  logic [NWp-1:0]   wp_q;
  logic [GhClr-1:0] gh_clear;

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
      aesf_aes_pipe_round #(.SBOX_IMPL(((SBOX_IMPL == aesf_pkg::SboxRom || SBOX_IMPL == 4) && l >= ROM_LANES &&
                                        (ROM_ROUNDS >> (r - 1)) % 2 == 0) ? LUT_SBOX : SBOX_IMPL),
                            .PIPE_MASK(PIPE_MASK),
                            .LAST((r == NR) ? 1 : 0)) u_round (
        .clk_i, .rst_ni, .en_i(1'b1), .valid_i(vv[r-1]), .state_i(st[r-1]), .rk_i(rk_q[128*r +: 128]),
        .valid_o(vv[r]), .state_o(st[r])
      );
    end
    assign aes_d_o[N*128-1-128*l -: 128] = st[NR];
    assign lane_v_o[l] = vv[NR];
  end
  // All lanes carry the same valid. After a clear the lanes may still hold up to LAT blocks issued before it:
  // their outputs are ignored for LAT cycles (flush_q), and no key or command is taken until then.
  // (aes_v_q is cleared by clear_q, so LAT counts the rounds only)
  localparam int LAT = NR * (1 + aesf_pkg::popcount(PIPE_MASK));
  logic [6:0] flush_q;
  assign aes_v_o = &lane_v_o && (flush_q == '0);
  // the lanes' valid chain is a check only (FORMAL below): the kind delay lines say what leaves the lanes
  logic unused_aes_v;
  assign unused_aes_v = aes_v_o;

  // What the lanes carry, in issue order: H (key load), E_K(J0) (one per message), keystream. The kind of every
  // block travels beside the lanes in three delay lines (LAT + 1 stages: the lane input register + the rounds),
  // one flip-flop per kind and stage, so that each use of a lane output (keystream FIFO, E_K(J0) queue, H to the
  // GHASH unit) starts at one flip-flop (timing, issue 19: lane valid AND flush count AND H pending AND kind was
  // the head of N = 1's worst path). A clear empties the delay lines: blocks issued before it are never used.
  logic         h_pend_q;       // the H block is in the lanes
  logic [LAT:0] kd_q;           // stage s: the block s + 1 cycles after its issue is an E_K(J0)
  logic [LAT:0] kk_q;           // ... is a keystream beat
  logic [LAT:0] kh_q;           // ... is H = E_K(0)
  logic         out_j0;         // the lane output in this cycle is an E_K(J0)
  logic         out_ks;         // ... a keystream beat
  logic         out_h;          // ... H
  assign out_j0 = kd_q[LAT];
  assign out_ks = kk_q[LAT];
  assign out_h  = kh_q[LAT];

  // ------------------------------------------------------------------------------------------
  // Keystream FIFO (credit-based: an issue needs a free slot for everything in flight)
  // ------------------------------------------------------------------------------------------
  // The FIFO front is two registers (ks_hd_q[0..1], valid ks_hv_q[k]; ks_hs_q = which one is the head) that the
  // text XOR reads through a multiplexer with a flip-flop select; the memory behind them is read only into them.
  // A pop (the text handshake) only clears the head's valid bit and toggles ks_hs_q: it drives no enable of the
  // N*128-bit registers (timing, issue 19). A free front register is refilled, in order (ks_ws_q = the next one
  // to fill), from the memory front, or straight from a lane output arriving while the memory is empty (its memory
  // entry is then skipped: the read pointer advances with the write pointer); the refill decision reads flip-flops
  // only. Every keystream lane output is written into the memory. Credits: ks_cnt_q = beats issued and not yet
  // taken by the text XOR (in flight, in the memory or in a front register), at most KD + 1; no credit left is
  // decided from the next count into the counter-beat decision's flip-flops (ks_full_nx, see issue_ctr). The
  // keystream of consecutive messages follows each other in the FIFO: the issue side runs ahead of the input side
  // by as many beats as the credits allow, across message boundaries.
  logic [KS_LOG2:0]  ks_wp_q, ks_rp_q;
  logic [KS_LOG2+1:0] ks_cnt_q, ks_cnt_d;
  logic              ks_push, ks_pop, ks_issue, ks_mem_ne, ks_fill, ks_load, ks_byp, ks_wr;
  logic [2*N*128-1:0] ks_hd_q;                         // front register k in [N*128*k +: N*128]
  logic [1:0]        ks_hv_q;
  logic              ks_hs_q, ks_ws_q;
  logic              ks_ne_q;                          // the memory holds beats (ks_wp_q != ks_rp_q), a flip-flop
  logic              ks_fill_q;                        // the next front register to fill is free, a flip-flop
  logic              ks_hvh_q;                         // the head holds a beat (ks_hv_q[ks_hs_q]), a flip-flop
  logic [1:0]        ks_hv_d;
  logic              ks_hs_d, ks_ws_d;
  logic [KS_LOG2:0]  ks_wp_d, ks_rp_d;
  logic              ks_clr;                           // drop every beat (clear, or an abort that is over)
  logic [N*128-1:0]  ks_hd;                            // the head's keystream beat
  logic              ks_hv;                            // the head holds a beat
  // The refill's controls as kept copies, one per front register k and lane l (index N*k + l), and the memory's
  // write side per lane (timing, issue 19, nineteenth round: ks_fill_q / ks_ne_q / ks_ws_q were single flip-flops
  // enabling and selecting all 2 x N x 128 front-register bits, a route of 15 ns across the die). Each copy is
  // loaded with the same next value as the flag it copies (asserted equal below); (* keep *) stops Yosys from
  // merging them.
  logic [2*N-1:0]    kf_q, kn_q, kp_q;    // register k is the next to fill and free; the memory holds beats; push
  logic [2*N-1:0]    kf_d;
  logic [N-1:0]      kw_q;                // lane l: push (the memory's write enable)
  logic [N*KS_LOG2-1:0] kwp_q, krp_q;     // lane l: the memory's write / read address
  logic [N*128-1:0]  ks_mrd;              // the memory front, per lane
  assign ks_mem_ne = ks_ne_q;
  assign ks_fill   = ks_fill_q;
  assign ks_load   = ks_fill && ks_mem_ne;             // <- memory front
  assign ks_byp    = ks_fill && !ks_mem_ne && ks_push; // <- lane output
  assign ks_wr     = ks_push;
  assign ks_hd     = ks_hs_q ? ks_hd_q[N*128 +: N*128] : ks_hd_q[0 +: N*128];
  assign ks_hv     = ks_hvh_q;

  for (genvar l = 0; l < N; l++) begin : gen_ks_mem
    logic [127:0] mem [KD];
    always_ff @(posedge clk_i) begin
      if (kw_q[l]) mem[kwp_q[KS_LOG2*l +: KS_LOG2]] <= aes_d_o[128*l +: 128];
    end
    assign ks_mrd[128*l +: 128] = mem[krp_q[KS_LOG2*l +: KS_LOG2]];
  end

  // ------------------------------------------------------------------------------------------
  // GHASH: packer + N-lane aggregated GHASH (messages stream through it: starts queue, results in order)
  // ------------------------------------------------------------------------------------------
  logic             pk_v, pk_r, gh_in_v, gh_in_r;
  logic [N*128-1:0] pk_d;
  logic [N*16-1:0]  pk_be;
  logic [3:0]       pk_cnt, pk_pad;
  logic             gh_h_v, gh_h_r, gh_hok, gh_st_v, gh_st_r, gh_o_v, gh_o_r, gh_busy, gh_abort;
  logic [127:0]     gh_h, gh_o;
  logic [35:0]      gh_nblk;

  logic             pko_v, pko_r;
  logic [N*128-1:0] pko_d;
  aesf_gcm_pack #(.N(N), .IN_REG(2)) u_pack (
    .clk_i, .rst_ni, .clear_i(mclr_q[McPack]),
    .in_valid_i(pk_v), .in_ready_o(pk_r), .in_data_i(pk_d), .in_be_i(pk_be), .in_cnt_i(pk_cnt), .in_pad_i(pk_pad),
    .out_valid_o(pko_v), .out_ready_i(pko_r), .out_data_o(pko_d)
  );

  // A two-entry FIFO between the packer and the GHASH unit (+1 cycle per message). The GHASH unit's in_ready_o
  // then moves two pointers, while the packer's shift of all its slots depends on this FIFO's registered flag
  // only (timing, issue 19: in_ready_o -> the packer's slot multiplexers was the worst path of N = 2 (round 4)
  // and of N = 1 (round 5), routes across the device).
  // (the FIFO's read data is written into the GHASH unit's port connection: with `assign gh_in_d = pko_d;`
  // between the packer's and the GHASH unit's ports, Icarus 11 resolves both nets to x; Verilator and Yosys do not)
  logic             ghq_v, ghq_w;
  logic [N*128-1:0] ghq_d;
  logic [1:0]       ghq_cnt;
  logic             unused_ghq;
  aesf_fifo #(.W(N*128), .DEPTH(2), .WIPE(0), .SPEC_WR(0)) u_ghq (
    .clk_i, .rst_ni, .clear_i(mclr_q[McPack]),
    .wvalid_i(pko_v), .wready_o(ghq_w), .wdata_i(pko_d),
    .rvalid_o(ghq_v), .rready_i(gh_in_r), .rdata_o(ghq_d), .count_o(ghq_cnt)
  );
  assign unused_ghq = ^ghq_cnt;
  assign gh_in_v = ghq_v;
  assign pko_r   = ghq_w;

  aesf_ghash_par #(.N(N), .ORDER(GH_ORDER), .PIPE_MASK(GH_PIPE_MASK), .IN_MASK(GH_IN_MASK), .OUT_REG(GH_OUT_REG),
                   .CW(36), .RES_DEPTH(8), .CLR_COPIES(GhClr)) u_ghash (
    .clk_i, .rst_ni,
    .h_valid_i(gh_h_v), .h_ready_o(gh_h_r), .h_i(gh_h), .h_ok_o(gh_hok),
    .start_valid_i(gh_st_v), .start_ready_o(gh_st_r), .start_nblk_i(gh_nblk),
    .in_valid_i(gh_in_v), .in_ready_o(gh_in_r), .in_data_i(ghq_d),
    .out_valid_o(gh_o_v), .out_ready_i(gh_o_r), .out_data_o(gh_o),
    .abort_i(gh_abort), .clear_i(gh_clear), .busy_o(gh_busy)
  );

  // what each GHASH result is, in start order: 1 = J0 of a message with a non-96-bit IV (to the input side),
  // 0 = S of a message (to the tag side)
  logic gk_push, gk_v, gk_j0, gk_pop, gk_ready;
  logic [3:0] gk_cnt;
  logic unused_gk;
  assign unused_gk = ^{gk_cnt, gk_ready};

  // ------------------------------------------------------------------------------------------
  // Helpers: block counts, masks
  // ------------------------------------------------------------------------------------------
  // byte enables of the first nbytes bytes (byte 0 in the top bit), 0 -> all 16 bytes. One compare per byte (each
  // enable is one LUT of nbytes), not a shift (timing, issue 19)
  function automatic logic [15:0] byte_en(input logic [3:0] nbytes);
    byte_en = aesf_pkg::first_bytes({nbytes == 4'd0, nbytes});
  endfunction

  // byte enables of a segment's last beat (lane 0 on top, byte 0 of a lane in its top bit), from the segment's
  // block count and byte length: its blocks = ((blocks - 1) mod N) + 1, the last of them cut to nbytes
  function automatic logic [N*16-1:0] last_be(input logic [32:0] blocks, input logic [3:0] nbytes);
    logic [3:0] low;
    low = 4'(((blocks - 33'd1) & 33'(N - 1)) + 33'd1);
    for (int k = 0; k < N; k++) begin
      for (int b = 0; b < 16; b++) begin
        last_be[N*16-1-16*k-b] = (low > 4'(k)) &&
                                 ((low != 4'(k + 1)) || (nbytes == 4'd0) || (4'(b) < nbytes));
      end
    end
  endfunction
  // a byte enable per byte -> a bit mask
  function automatic logic [N*128-1:0] be_bits(input logic [N*16-1:0] be);
    for (int i = 0; i < N*16; i++) be_bits[8*i +: 8] = {8{be[i]}};
  endfunction

  // GHASH messages are aligned to beats by leading zero blocks (aesf_gcm_pack): a message of m blocks is started
  // with m + gh_pad(m) blocks, and its first packer beat carries gh_pad(m) zero blocks in front
  localparam logic [35:0] NB36  = 36'(N);
  localparam logic [35:0] NM136 = NB36 - 36'd1;
  function automatic logic [3:0] gh_pad(input logic [35:0] m);
    gh_pad = 4'((NB36 - (m & NM136)) & NM136);
  endfunction

  // ------------------------------------------------------------------------------------------
  // Command acceptance and queues
  // ------------------------------------------------------------------------------------------
  // A command is accepted while fewer than CQ messages are outstanding (accepted, done_o not yet given). It is
  // checked at once (no key, bad lengths: the message takes no beats and reports its error in order), then
  // goes to the input side (directly when that side is free and nothing is queued, else through the command
  // queue) and, unless refused, to the issue side (likewise through the issue queue).
  logic key_hs, cmd_hs, in_hs;
  logic [2:0]  cmd_err;
  logic        cmd_ivc;         // the IV is in the command (IV_IN_CMD and a 96-bit IV): no IV beat
  // command register: an accepted command is checked and dispatched in the next cycle, from flip-flops (the
  // command ports reach no queue, compare or multiplexer select)
  logic        cv_q;
  logic        c_dec_q;
  logic [15:0] c_iv_len_q;
  logic [31:0] c_aad_len_q;
  logic [35:0] c_txt_len_q;
  logic [15:0] c_tag_be_q;      // the tag's byte enables (tag_len bytes; byte 0 in the top bit)
  logic [95:0] c_iv_q;
  // derived from the ports as the command is accepted (one adder or compare per field; timing, issue 19: the
  // input side's load took them through two adders from the queue or the command register)
  logic [12:0] c_iv_blk_q;      // IV blocks
  logic [28:0] c_aad_blk_q;     // AAD blocks
  logic [32:0] c_txt_blk_q;     // text blocks
  logic [35:0] c_txtn_q;        // text blocks + N
  logic [35:0] c_ivg_nblk_q;    // GHASH blocks of IV || pad || len(IV), rounded up to N (the J0 message)
  logic [3:0]  c_ivg_pad_q;     // ... its padding
  logic        c_iv96_q;        // a 96-bit IV
  logic        c_iv_small_q, c_aad_small_q, c_txt_small_q;   // at most N blocks
  logic        c_aad_none_q, c_txt_none_q;                    // no AAD / no text
  logic [N*16-1:0] c_txt_be_q;  // byte enables of the last text beat
  logic [N*16-1:0] c_iv_be_q, c_aad_be_q;   // ... of the last IV beat, of the last AAD beat
  // key_ready_o: a flip-flop, computed one cycle ahead from the next values (key_rdy_q = st_q is StIdle, no
  // message outstanding, no clear and no lane flush), AND the clear_i port (timing, issue 19: the decision was
  // three LUT levels in front of the key handshake's fan-out to the key controller and the FSM)
  logic key_rdy_q, key_rdy_d;
  assign key_ready_o = key_rdy_q && !clear_i;
  assign key_hs      = key_valid_i && key_ready_o;
  assign cmd_ready_o = (st_q == StIdle) && !mo_full_q && !key_valid_i && !clear_i && !clear_q && !abort_q &&
                       (flush_q == '0);
  assign cmd_hs      = cmd_valid_i && cmd_ready_o;
  logic [2:0]  c_err_q;         // the command's check, decided from the ports as it is accepted
  logic [2:0]  cmd_err_d;
  assign cmd_err_d   = !key_ok_q ? ErrNoKey :
                       ((cmd_iv_len_i == 16'd0) || (cmd_txt_len_i > 36'hFFFFFFFE0) ||
                        !(cmd_tag_len_i == 5'd4 || cmd_tag_len_i == 5'd8 ||
                          (cmd_tag_len_i >= 5'd12 && cmd_tag_len_i <= 5'd16))) ? ErrLength : ErrNone;
  assign cmd_err     = c_err_q;
  assign cmd_ivc     = (IV_IN_CMD == 1) && c_iv96_q;

  // command queue entry (input side): {err, decrypt, ivc, iv_len, aad_len, txt_len, tag byte enables, main GHASH
  // block count and padding, iv96, iv/aad/txt small, aad/txt none, iv/aad/txt blocks, J0 GHASH block count and
  // padding, last text, IV and AAD beats' byte enables}: everything the input side loads, computed here from the
  // command register (one adder: the main GHASH message's block count, AAD || C || len aligned to beats = (AAD
  // blocks + text blocks + N) rounded down to N); the entry goes through the next-message register (u_nx), so the
  // load copies flip-flops
  localparam int CQW = 3 + 1 + 1 + 16 + 32 + 36 + 16 + 36 + 4 + 4 + 2 + 13 + 29 + 33 + 36 + 4 + 3 * N * 16;
  logic [CQW-1:0] cmd_word, cq_rdata, ld_word;
  logic [35:0]    c_main_n, c_main;
  assign c_main_n = (36'(c_aad_blk_q) + c_txtn_q) & ~NM136;              // roundup(aad + txt + 1, N)
  assign c_main   = 36'(c_aad_blk_q) + 36'(c_txt_blk_q) + 36'd1;          // (its low bits give the padding)
  logic           cq_v, cq_push, cq_pop, cq_ready, i_load;
  logic [CQ_LOG2:0] cq_cnt;
  assign cmd_word = {cmd_err, c_dec_q, cmd_ivc, c_iv_len_q, c_aad_len_q, c_txt_len_q, c_tag_be_q,
                     c_main_n, gh_pad(c_main), c_iv96_q, c_iv_small_q, c_aad_small_q, c_txt_small_q,
                     c_aad_none_q, c_txt_none_q,
                     c_iv_blk_q, c_aad_blk_q, c_txt_blk_q, c_ivg_nblk_q, c_ivg_pad_q,
                     c_txt_be_q, c_iv_be_q, c_aad_be_q};
  aesf_fifo #(.W(CQW), .DEPTH(CQ), .WIPE(0)) u_cq (
    .clk_i, .rst_ni, .clear_i(mclr_q[McCmd]),
    .wvalid_i(cq_push), .wready_o(cq_ready), .wdata_i(cmd_word),
    .rvalid_o(cq_v), .rready_i(cq_pop), .rdata_o(cq_rdata), .count_o(cq_cnt)
  );

  // issue queue entry (issue side): {ivc, iv, text blocks}
  localparam int IQW = 1 + 96 + 33;
  logic [IQW-1:0] iq_wdata, iq_rdata, sld_word;
  logic           iq_v, iq_push, iq_pop, iq_ready, s_load;
  logic [CQ_LOG2:0] iq_cnt;
  assign iq_wdata = {cmd_ivc, c_iv_q, c_txt_blk_q};
  aesf_fifo #(.W(IQW), .DEPTH(CQ), .WIPE(0)) u_iq (
    .clk_i, .rst_ni, .clear_i(mclr_q[McCmd]),
    .wvalid_i(iq_push), .wready_o(iq_ready), .wdata_i(iq_wdata),
    .rvalid_o(iq_v), .rready_i(iq_pop), .rdata_o(iq_rdata), .count_o(iq_cnt)
  );

  // ------------------------------------------------------------------------------------------
  // Input side state
  // ------------------------------------------------------------------------------------------
  logic         dec_q;
  logic [15:0]  iv_len_q;
  logic [31:0]  aad_len_q;
  logic [35:0]  txt_len_q;
  logic [15:0]  tag_be_q;       // the tag's byte enables
  logic [12:0]  iv_left_q;      // IV blocks still to take
  logic [28:0]  aad_left_q;     // AAD blocks still to take
  logic [32:0]  txt_left_q;     // text blocks still to take
  logic         ivlen_sent_q;   // the IV length block went into the packer (non-96-bit IV)
  logic         gh_st_pend_q;   // a GHASH start is pending
  logic         gh_st_j0_q;     // ... and its result is a J0
  logic [35:0]  gh_nblk_q;      // its block count with the padding
  logic [3:0]   pad_q;          // zero blocks in front of the next packer beat (the first of a GHASH message)
  logic [35:0]  main_nblk_q;    // the main GHASH message's block count with its padding, and the padding
  logic [3:0]   main_pad_q;
  // flags kept next to the counters (no wide compare on the beat path): *_small_q = at most N blocks left
  logic         iv96_q, iv_small_q, aad_small_q, txt_small_q;
  logic         aad_none_q, txt_none_q;   // the message has no AAD / no text (flags: no compare on the beat path)
  logic [N*16-1:0] txt_be_q;    // byte enables of the message's last text beat
  logic [N*16-1:0] iv_be_q, aad_be_q;   // ... of its last IV beat, of its last AAD beat
  // J0 handed from the input side to the issue side (IV beats or GHASH(IV))
  logic         j0h_v_q;
  logic [127:0] j0h_q;
  // Decrypt: the next message is loaded at the current one's length block, as for encrypt, and the input side
  // then waits in StITag for the current message's tag beat (the load does not wait for in_valid_i, so no
  // load of the ~230 input-side flip-flops depends on the input port; timing, issue 19). The awaited message's
  // tail entry fields are kept here, taken in StILen.
  logic         tg_ld_q, tg_ld_d;   // the next message was loaded while its predecessor's tag beat is awaited
  logic [2:0]   tg_nst_q;       // ... and its first state, entered with the tag beat
  logic         tg_txt_q;       // the awaited message has text
  logic [15:0]  tg_be_q;        // the awaited message's tag byte enables

  // tail queue entry (input side -> tag side, one per message): {ok, err, decrypt, has text, tag byte enables,
  // received tag}; ok = (err == ErrNone), stored beside err so that the tag side's take decision reads a
  // flip-flop of the queue head instead of a compare (timing, issue 19)
  localparam int TQW = 1 + 3 + 1 + 1 + 16 + 128;
  logic [TQW-1:0] tq_wdata, tq_rdata;
  logic           tq_v, tq_push, tq_pop, tq_ready;
  logic [CQ_LOG2:0] tq_cnt;
  logic [2:0]     t_err;
  logic           t_ok;         // t_err == ErrNone
  logic           t_dec, t_txt;
  logic [15:0]    t_tag_be;     // byte enables of the tag (tag_len bytes)
  logic [127:0]   t_tagin;
  logic [127:0]   tagin_w;      // the received tag as it enters the tail queue
  // HEAD_REG: the head entry in flip-flops, so the tag side's take decision starts at registers (timing, issue 19:
  // the LUT-RAM reads of u_gk and u_tq -> t_take -> the pops of u_tq / u_ej / u_gk / the GHASH result FIFO were the
  // netlist's deepest group, 8 levels, scripts/logic_depth.py)
  aesf_fifo #(.W(TQW), .DEPTH(CQ), .WIPE(0), .HEAD_REG(1)) u_tq (
    .clk_i, .rst_ni, .clear_i(mclr_q[McCmd]),
    .wvalid_i(tq_push), .wready_o(tq_ready), .wdata_i(tq_wdata),
    .rvalid_o(tq_v), .rready_i(tq_pop), .rdata_o(tq_rdata), .count_o(tq_cnt)
  );
  assign {t_ok, t_err, t_dec, t_txt, t_tag_be, t_tagin} = tq_rdata;
  logic unused_q;               // the credits (mo_q) keep every queue from overflowing: the flags are not needed
  assign unused_q = ^{cq_ready, cq_cnt, iq_ready, iq_cnt, tq_ready, tq_cnt};

  // ------------------------------------------------------------------------------------------
  // Input side: segments of the current message
  // ------------------------------------------------------------------------------------------
  // The input side's state once more, one-hot, for the packer's input multiplexers and the beat's shape (ipk_q,
  // a kept copy loaded with ist_q's next value; FORMAL: equal to ist_q's decode). Timing, issue 19,
  // twenty-seventh round: ist_q's decode, shared with the rest of the input side, fanned out to the packer's N x
  // 128 data and N x 16 byte-enable input flip-flops and was placed far from them (LFE5UM5G-85F: a route of 2.6 ns
  // back to the packer).
  localparam int IpIv  = 0;
  localparam int IpJ0  = 1;
  localparam int IpAad = 2;
  localparam int IpTxt = 3;
  localparam int IpLen = 4;
  localparam int NIp   = 5;
  logic [NIp-1:0] ipk_q, ipk_d;
  // The current beat of a segment: cur_small = at most N blocks left (this is the last beat), then
  // cur_low = blocks left (1..N; 0 only for an empty AAD segment). From flags, no wide compare.
  logic        cur_small;
  logic [3:0]  cur_low;
  logic [3:0]  cur_cnt;          // blocks in the current input beat
  always_comb begin
    cur_small    = 1'b1;
    cur_low      = 4'd0;
    if (ipk_q[IpIv])  begin cur_small = iv_small_q;  cur_low = iv_left_q[3:0];  end
    if (ipk_q[IpAad]) begin cur_small = aad_small_q; cur_low = aad_left_q[3:0]; end
    if (ipk_q[IpTxt]) begin cur_small = txt_small_q; cur_low = txt_left_q[3:0]; end
    cur_cnt = cur_small ? cur_low : 4'(N);
  end

`ifdef FORMAL
  // the input beat's byte enables by their definition (checked against cur_be below): per lane, lz = lane beyond
  // the blocks of this beat (zero), lp = lane holds the segment's last block, cut to the segment's byte length
  logic [N-1:0] cur_lz, cur_lp;
  logic [15:0]  cur_lastbe;      // byte enables of the last block of the current segment
  for (genvar k = 0; k < N; k++) begin : gen_lanesel
    assign cur_lz[k] = cur_small && (cur_low <= 4'(k));
    assign cur_lp[k] = cur_small && (cur_low == 4'(k + 1));
  end
  always_comb begin
    unique case (ist_q)
      StIIv:   cur_lastbe = byte_en(iv_len_q[3:0]);
      StIAad:  cur_lastbe = byte_en(aad_len_q[3:0]);
      StITxt:  cur_lastbe = byte_en(txt_len_q[3:0]);
      default: cur_lastbe = '1;
    endcase
  end
`endif

  // byte enables of the input beat: bytes beyond the segment and lanes beyond cur_cnt are disabled. The packer
  // applies them after its first input register (the masking is not on the path from in_data_i). A segment's last
  // beat takes the enables computed with the command (iv_be_q / aad_be_q / txt_be_q), every other beat all bytes:
  // a gate or two behind flip-flops (timing, issue 19, twenty-seventh round: the enables from the state, the
  // blocks left and the byte lengths were 7 LUT levels from ist_q to the packer's input register, the LFE5U-85F
  // median path of the twenty-sixth round). FORMAL checks them against the definition from the counts for every
  // beat the packer takes.
  logic [N*16-1:0] cur_be;
  always_comb begin
    cur_be = '1;
    if (ipk_q[IpIv]  && iv_small_q)  cur_be = iv_be_q;
    if (ipk_q[IpAad] && aad_small_q) cur_be = aad_be_q;
    if (ipk_q[IpTxt] && txt_small_q) cur_be = txt_be_q;
  end

  // text: keystream XOR into a two-beat output FIFO. Its flags are registers: whether the core may take a text
  // beat (out_free) does not depend on out_ready_i in the same cycle, so out_ready_i drives only the FIFO's read
  // side (issue 19: no port-to-port path through the input handshake). Two beats keep one beat per clock. The
  // FIFO is wiped by clear_i at once (out_valid_o drops on the next edge, as with the former output register).
  logic             out_free, out_push, out_v, out_pop;
  logic [N*128-1:0] txt_out;          // masked text out (CT or PT)
  logic [N*128+4:0] out_wdata, out_rdata;
  logic [1:0]       out_count;
  // (text beats only: the last beat's byte enables are a register loaded with the message, so the text path is
  // the XOR and one AND behind flip-flops; timing, issue 19)
  assign txt_out = (in_data_i ^ ks_hd) & (txt_small_q ? be_bits(txt_be_q) : '1);

  // input acceptance per state
  logic iv_ok, aad_ok, txt_ok, tagb_ok;
  assign iv_ok   = (ist_q == StIIv) && (iv96_q || pk_r);
  assign aad_ok  = (ist_q == StIAad) && !aad_none_q && pk_r;
  assign txt_ok  = (ist_q == StITxt) && pk_r && out_free && ks_hv;
  assign tagb_ok = (ist_q == StITag);
  assign in_ready_o = !in_stop_q && (iv_ok || aad_ok || txt_ok || tagb_ok);
  assign in_hs      = in_valid_i && in_ready_o;
  assign ks_pop     = in_hs && (ist_q == StITxt);
  assign out_push   = ks_pop;
  assign out_wdata  = {txt_out, cur_cnt, txt_small_q};
  assign out_pop    = out_v && out_ready_i;

  // SPEC_WR: the input handshake drives only the FIFO's pointers and count, not the enables of its 2 x (N*128+5)
  // entry flip-flops (timing, issue 19); its rdata_o is 0 while it is empty. At N > 1 that zeroing reads one kept
  // copy of the FIFO's non-empty flag per 64 bits (timing, issue 19: with the one flag, N = 2's LFE5U-85F seed 1
  // path was that flag -> 1 LUT -> out_data_o, a route of 16.9 ns); N = 1 keeps the flag itself (its registered row).
  localparam int OutCopies = (N == 1) ? 1 : (N * 128 + 5 + 63) / 64;
  aesf_fifo #(.W(N*128+5), .DEPTH(2), .WIPE(1), .SPEC_WR(1), .FLAG_COPIES(OutCopies)) u_out_fifo (
    .clk_i, .rst_ni, .clear_i,
    .wvalid_i(out_push), .wready_o(out_free), .wdata_i(out_wdata),
    .rvalid_o(out_v), .rready_i(out_ready_i), .rdata_o(out_rdata), .count_o(out_count)
  );
  logic unused_out_count;             // the flags are enough: the count is not needed
  assign unused_out_count = ^out_count;

  // The next message waits in a register of its own (u_nx), filled from the command queue, or straight from the
  // command register when the queue is empty, whenever it is empty: the input side's load reads flip-flops only
  // (timing, issue 19: the queue's read multiplexer and its valid flag selected the 228 input-side flip-flops'
  // data in the cycle of the load). Filling takes a cycle in which u_nx is empty (after a load): consecutive
  // loads are at least two cycles apart, which every message needs anyway except a refused one.
  // The input side takes the next message when it is free, the previous message's GHASH start was taken and
  // no J0 waits for the issue side. It also takes it in the cycle in which the current message's last input
  // goes in (no idle cycle between messages), unless the next one is refused (its error entry and the current
  // message's tail entry would both enter the tail queue).
  // The load decision is made of flip-flops computed one cycle ahead from the next values (timing, issue 19:
  // the decision was 9 LUT levels deep in front of its fan-out to the input-side flip-flops, then 4 with its
  // armed part alone registered): i_arm = a next message waits, no GHASH start and no J0 hand-over pending, no
  // abort or clear (i_arm_d, the next value); i_nok_q = that message was not refused. The load then waits only
  // for the packer to take a length block and, at a decrypt's tag beat, for nothing (see tg_ld_q).
  logic           i_done, i_tagw, nx_fill, nx_port;
  logic [2:0]     ld_first;     // the first state of the message u_nx holds
  logic           nx_v, nx_v_d;
  logic [CQW-1:0] nx_word, nx_wdata;
  logic           i_arm_d, i_nok_q, i_nok_d;
  logic           gh_st_pend_d, j0h_v_d;
  assign nx_fill   = !nx_v && (cq_v || cv_q);
  assign nx_port   = nx_fill && !cq_v;
  assign cq_push   = cv_q && !nx_port;
  assign cq_pop    = nx_fill && cq_v;
  assign nx_wdata  = cq_v ? cq_rdata : cmd_word;
  // i_tagw: a load now leaves the input side waiting for the current message's tag beat
  assign i_tagw    = (ist_q == StILen && dec_q) || (ist_q == StITag);
  // i_load = armed && ((ist_q == StIIdle) || (i_nok_q && (the current message's input is complete apart from
  // (decrypt) its tag beat: StILen with the packer ready, or StITag with no message loaded yet))), from
  // flip-flops computed one cycle ahead (timing, issue 19, twenty-fourth round: the decision was 4 LUT levels
  // from ist_q / tg_ld_q / i_arm_q / i_nok_q / the packer's ready in front of its fan-out to ~280 input-side
  // flip-flops; FORMAL checks every copy against this definition): ldu_q = a load this
  // cycle whatever the packer does (StIIdle, or StITag with no message loaded yet), ldp_q = a load if the packer
  // takes the length block (StILen). LdCopies kept copies of both: copy 0 (i_load) drives the control, copies 1-5
  // each enable one group of 40 to 80 loaded flip-flops.
  localparam int LdCopies = 6;
  logic [LdCopies-1:0] ldu_q, ldp_q, i_load_c;
  logic                ldu_d, ldp_d;
  for (genvar k = 0; k < LdCopies; k++) begin : gen_ld
    assign i_load_c[k] = ldu_q[k] || (ldp_q[k] && pk_r);
  end
  assign i_load    = i_load_c[0];
  // next values of u_nx (clear, then load, then take) and of the flags
  assign nx_v_d    = !mclr_q[McIn] && (nx_fill || (nx_v && !i_load));
  assign i_arm_d   = nx_v_d && !gh_st_pend_d && !j0h_v_d && !abort_i && !clear_i;
  assign i_nok_d   = mclr_q[McIn] ? (3'd0 == ErrNone)
                   : nx_fill ? (nx_wdata[CQW-1 -: 3] == ErrNone) : i_nok_q;
  assign ld_word   = nx_word;
  logic [2:0]  ld_err;
  logic        ld_dec, ld_ivc;
  logic [15:0] ld_iv_len;
  logic [31:0] ld_aad_len;
  logic [35:0] ld_txt_len;
  logic [15:0] ld_tag_be;
  logic [35:0] ld_main_nblk;
  logic [3:0]  ld_main_pad;
  logic        ld_iv96, ld_iv_small, ld_aad_small, ld_txt_small, ld_aad_none, ld_txt_none;
  logic [12:0] ld_iv_blocks;
  logic [28:0] ld_aad_blocks;
  logic [32:0] ld_txt_blocks;
  logic [35:0] ld_ivg_nblk;     // GHASH blocks of IV || pad || len, with the padding
  logic [3:0]  ld_ivg_pad;
  logic [N*16-1:0] ld_txt_be, ld_iv_be, ld_aad_be;
  assign {ld_err, ld_dec, ld_ivc, ld_iv_len, ld_aad_len, ld_txt_len, ld_tag_be, ld_main_nblk, ld_main_pad,
          ld_iv96, ld_iv_small, ld_aad_small, ld_txt_small, ld_aad_none, ld_txt_none, ld_iv_blocks, ld_aad_blocks, ld_txt_blocks,
          ld_ivg_nblk, ld_ivg_pad, ld_txt_be, ld_iv_be, ld_aad_be} = ld_word;

  // the message's input is complete in this cycle: tail entry
  // (the tag beat's handshake written out: in StITag in_ready_o is !in_stop_q; it drives the tail queue's
  // write and the state, not a load)
  assign i_done   = (ist_q == StILen && pk_r && !dec_q) || (ist_q == StITag && in_valid_i && !in_stop_q);
  assign ld_first = !i_nok_q ? StIIdle : ld_ivc ? StIAad : StIIv;
  assign tagin_w  = (ist_q == StITag) ? in_data_i[N*128-1 -: 128] : 128'd0;
  // (a refused command is taken only in StIIdle, a message ends only outside it: the entry's kind is the state)
  assign tq_push  = i_done || (i_load && !i_nok_q);
  // (the tag's byte enables are decoded at the command: the tag side applies them with one AND)
  // (in StITag the message's own fields may already be the next message's: its entry comes from tg_*)
  assign tq_wdata = (ist_q == StIIdle) ? {ld_err == ErrNone, ld_err, 1'b0, 1'b0, 16'd0, 128'd0}
                  : (ist_q == StITag)  ? {1'b1, ErrNone, 1'b1, tg_txt_q, tg_be_q, tagin_w}
                                       : {1'b1, ErrNone, dec_q, !txt_none_q, tag_be_q, tagin_w};

  // packer input
  logic [127:0] lenblk, ivlenblk;
  assign lenblk   = {29'd0, aad_len_q, 3'd0, 25'd0, txt_len_q, 3'd0};   // [len(A)]_64 || [len(C)]_64
  assign ivlenblk = {64'd0, 45'd0, iv_len_q, 3'd0};                     // 0^64 || [len(IV)]_64
  always_comb begin
    pk_v    = 1'b0;
    pk_d    = in_data_i;
    pk_be   = cur_be;
    pk_cnt  = cur_cnt;
    pk_pad  = pad_q;
    if (ipk_q[IpIv]) pk_v = in_hs && !iv96_q;
    if (ipk_q[IpJ0]) begin
      pk_v    = !ivlen_sent_q;
      pk_d    = {ivlenblk, {(N-1)*128{1'b0}}};
      pk_be   = '1;
      pk_cnt  = 4'd1;
    end
    if (ipk_q[IpAad]) pk_v = in_hs;
    if (ipk_q[IpTxt]) begin
      pk_v = in_hs;
      pk_d = dec_q ? in_data_i : (in_data_i ^ ks_hd);   // (unmasked: the packer applies pk_be)
    end
    if (ipk_q[IpLen]) begin
      pk_v    = 1'b1;
      pk_d    = {lenblk, {(N-1)*128{1'b0}}};
      pk_be   = '1;
      pk_cnt  = 4'd1;
    end
  end

  // ------------------------------------------------------------------------------------------
  // Issue side: H at key load, E_K(J0), counter beats
  // ------------------------------------------------------------------------------------------
  logic [127:0] sj0_q, cb_q;
  logic [32:0]  ctr_left_q;     // counter blocks still to issue
  logic         ctr_small_q;    // ctr_left_q <= N: the next counter beat is the message's last
  logic         s_small_q;      // s_blocks_q <= N
  logic         s_nz_q;         // s_blocks_q != 0
  logic [32:0]  s_blocks_q;     // text blocks of the message on the issue side
  logic [32:0]  sld_blocks;
  logic [95:0]  sld_iv;
  logic         sld_ivc;
  logic [127:0] j0_iss;
  logic         s_free;
  // The issue side's next message waits in a register of its own (u_snx), filled from the issue queue, or from
  // the command register when the queue is empty, whenever it is empty; an idle issue side with nothing queued
  // takes a command straight from the command register (no cycle added). The load's data select is a flip-flop
  // (snx_v) and no queue read is on its path (timing, issue 19: the queue's read multiplexer and valid flag
  // selected the data of ~290 issue-side flip-flops in the cycle of the load).
  logic         snx_v, snx_fill, snx_port, s_port, c_ok;
  logic [IQW-1:0] snx_word;
  assign c_ok      = cv_q && (cmd_err == ErrNone);
  assign s_free    = (sst_q == StSIdle) && !ab_iss_q && !clear_q;
  assign s_port    = s_free && !snx_v && !iq_v && c_ok;           // oldest message is the command register's
  assign s_load    = s_free && (snx_v || (!iq_v && c_ok));
  assign snx_fill  = !snx_v && !s_port && (iq_v || c_ok);
  assign snx_port  = snx_fill && !iq_v;
  assign iq_push   = c_ok && !snx_port && !s_port;
  assign iq_pop    = snx_fill && iq_v;
  assign sld_word  = snx_v ? snx_word : iq_wdata;
  assign {sld_ivc, sld_iv, sld_blocks} = sld_word;

  logic [N*128-1:0] ctr_beat;
  for (genvar k = 0; k < N; k++) begin : gen_ctr
    aesf_inc32 #(.STEP(k)) u_ctr (.data_i(cb_q), .data_o(ctr_beat[N*128-1-128*k -: 128]));
  end
  // inc32(J0), the message's first counter block; the counter block N blocks further (the next beat)
  logic [127:0] j0_inc, cb_next;
  aesf_inc32 #(.STEP(1)) u_j0_inc (.data_i(j0_iss), .data_o(j0_inc));
  aesf_inc32 #(.STEP(N)) u_cb_next (.data_i(cb_q), .data_o(cb_next));
  // The issue decisions: issue_j0 = E_K(J0) enters the lanes now (no abort; StSJ0, or StSWait with the input
  // side's J0 handed over), issue_ctr = a counter beat enters now (no abort; StSCtr, which always has a block left;
  // a keystream credit left). Both are flip-flops computed one cycle ahead from the next values of the state, the
  // abort, the J0 hand-over flag and the credit count (timing, issue 19, twenty-sixth round: the LFE5U-85F median
  // path of the twenty-fifth was j0h_v_q / ks_full_q / the state -> the decisions -> the enables of ~290 issue side
  // flip-flops, 10.28 ns of which 8.34 routing). Kept copies, one per group they enable (FORMAL checks every copy
  // against the definition above): IsCtl the control (state, credits, kind delay line, lane valid, the J0
  // hand-over flag), IsCb the counter block and the counts, IsSj0 the command's J0, IsJ0h the input side's J0,
  // IsLane the lane input's select (issue_j0 only).
  localparam int IsCtl  = 0;
  localparam int IsCb   = 1;
  localparam int IsSj0  = 2;
  localparam int IsJ0h  = 3;
  localparam int IsLane = 4;
  localparam int IjCopies = 5;
  localparam int IcCopies = 2;      // issue_ctr: IsCtl and IsCb
  logic [IjCopies-1:0] ij_q;
  logic [IcCopies-1:0] ic_q;
  logic                ij_d, ic_d, ks_full_nx;
  logic issue_h, issue_j0, issue_ctr;
  assign issue_h   = (st_q == StHenc);
  assign issue_j0  = ij_q[IsCtl];
  assign j0_iss    = (sst_q == StSJ0) ? sj0_q : j0h_q;
  assign issue_ctr = ic_q[IsCtl];
  assign aes_v_i  = issue_h || issue_j0 || issue_ctr;
  assign aes_d_i  = (issue_h || ij_q[IsLane]) ? {(ij_q[IsLane] ? j0_iss : 128'd0), {(N-1)*128{1'b0}}} : ctr_beat;
  assign ks_issue = issue_ctr;
  assign ks_cnt_d = ks_cnt_q + (KS_LOG2+2)'(ks_issue) - (KS_LOG2+2)'(ks_pop);
  assign ks_push  = out_ks;

  // abort: nothing issued any more; after LAT + 1 cycles the lanes are empty. The abort's end (queues emptied,
  // done_o with ErrAborted, back to StIdle) is a flip-flop set one cycle after abort_done (ab_end_q, AbCopies kept
  // copies: copy 0 the control and the queues, copy 1 the tag side's result registers); abort_done stays true in
  // that cycle (nothing is issued or pushed in StAbort; FORMAL). Timing, issue 19, twenty-fifth round: the abort
  // wait's count, the GHASH unit's state and the output FIFO's flag -> abort_done -> the enables of the ~140 tag
  // side result flip-flops were both LFE5U-85F median paths of the twenty-fourth round (6 LUTs, 10.8 ns). One
  // cycle more from abort_i to its done_o.
  localparam int AbCopies = 2;
  logic [6:0] ab_cnt_q;
  logic       abort_done;
  logic       ab_end_d;
  logic [AbCopies-1:0] ab_end_q;
  assign abort_done = (ab_cnt_q == '0) && !gh_busy && !out_v;
  assign ab_end_d   = (st_q == StAbort) && abort_done && !ab_end_q[0];
  for (genvar k = 0; k < AbCopies; k++) begin : gen_ab_end
    (* keep *)
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni)      ab_end_q[k] <= 1'b0;
      else if (clear_q) ab_end_q[k] <= 1'b0;
      else              ab_end_q[k] <= ab_end_d;
    end
  end

  // E_K(J0) of every message, in order (at most CQ: one per outstanding message)
  logic         ej_v, ej_pop, ej_ready;
  logic [127:0] ej_rdata;
  logic [CQ_LOG2:0] ej_cnt;
  aesf_fifo #(.W(128), .DEPTH(CQ), .WIPE(0)) u_ej (
    .clk_i, .rst_ni, .clear_i(clear_q || ab_end_q[0]),
    .wvalid_i(out_j0), .wready_o(ej_ready), .wdata_i(aes_d_o[N*128-1 -: 128]),
    .rvalid_o(ej_v), .rready_i(ej_pop), .rdata_o(ej_rdata), .count_o(ej_cnt)
  );
  logic unused_ej;
  assign unused_ej = ^{ej_ready, ej_cnt};

  // ------------------------------------------------------------------------------------------
  // Tag side: per message, in order: S (GHASH), E_K(J0), the tail entry, and its last text beat taken
  // ------------------------------------------------------------------------------------------
  logic [CQ_LOG2:0] lastout_q;  // messages whose last text beat left the output FIFO and that are not yet done
  logic [CQ_LOG2:0] lastout_d;
  logic         lastout_nz_q;   // lastout_q != 0, a flip-flop
  logic         t_take;         // the tag side takes the head message (stage 1)
  logic         t_s_v;          // S of the head message is on the GHASH output
  logic         t1_v_q, t1_dec_q;
  logic [2:0]   t1_err_q;
  logic [127:0] t1_x_q, t1_tin_q, t_mask;
  logic         tag_done;       // stage 2: done_o in the next cycle
  logic [127:0] tag_q;
  logic         fail_q, done_q;
  logic [2:0]   err_q;
  assign t_s_v   = gh_o_v && gk_v && !gk_j0;
  assign t_take  = tq_v && !stop_tag_q &&
                   (!t_ok || (t_s_v && ej_v && (!t_txt || lastout_nz_q)));
  assign tq_pop  = t_take;
  assign ej_pop  = t_take && t_ok;
  for (genvar b = 0; b < 16; b++) begin : gen_tmask
    assign t_mask[127-8*b -: 8] = {8{t_tag_be[15-b]}};
  end
  assign tag_done = t1_v_q;
  assign lastout_d = lastout_q + (CQ_LOG2+1)'(out_pop && out_last_o) - (CQ_LOG2+1)'(t_take && t_ok && t_txt);

  // GHASH results: a J0 goes to the input side (which waits for it in StIJ0), an S to the tag side. A J0 on the
  // output is always taken: only the input side's current message can have one there, and that message waits in
  // StIJ0 until it comes (its GHASH(IV) starts at its load and ends with the IV length block sent in StIJ0;
  // FORMAL), so the state is not part of the take (timing, issue 19, twenty-fourth round: ist_q -> the take ->
  // the enables of the ~170 J0 hand-over and GHASH start flip-flops was the next deepest group of N = 1)
  assign gh_o_r  = gk_v && (gk_j0 || (t_take && t_ok));
  assign gk_pop  = gh_o_v && gh_o_r;
  // a J0 taken by the input side, written without the tag side's decision (gh_o_r's other branch; timing, issue 19:
  // abort_q -> t_take -> gk_pop drove the enables of the 128 J0 hand-over flip-flops, 8 LUT levels)
  logic j0_take;
  assign j0_take = gh_o_v && gk_v && gk_j0;
  assign gk_push = gh_st_v && gh_st_r;
  aesf_fifo #(.W(1), .DEPTH(8), .WIPE(0), .HEAD_REG(1)) u_gk (
    .clk_i, .rst_ni, .clear_i(mclr_q[McCmd]),
    .wvalid_i(gk_push), .wready_o(gk_ready), .wdata_i(gh_st_j0_q),
    .rvalid_o(gk_v), .rready_i(gk_pop), .rdata_o(gk_j0), .count_o(gk_cnt)
  );

  // GHASH unit control
  assign gh_clear = wp_q[WpGh +: GhClr];
  assign gh_abort = mabort_q[MaGh];
  assign gh_h_v   = out_h;
  assign gh_h     = aes_d_o[N*128-1 -: 128];
  assign gh_st_v  = gh_st_pend_q && !abort_q;
  assign gh_nblk  = gh_nblk_q;

  assign msg_act     = msg_act_q;
  assign mo_d        = mo_q + (CQ_LOG2+1)'(cmd_hs) - (CQ_LOG2+1)'(tag_done);
  // msg_act_q's next value (the main FSM block below: cleared by clear_q and at the end of an abort), written
  // without mo_d's adder (timing, issue 19: mo_q's carry chain was in front of the abort copies): mo_d != 0 is
  // a command taken, or messages outstanding and not the last one done now
  assign msg_act_d   = !clear_q && !ab_end_q[0] &&
                       (cmd_hs || (msg_act_q && !(tag_done && mo_one_q)));
  assign mabort_d    = abort_i && msg_act_d;
  // (flush_q's next value is 0 when it is 0 or 1 and no clear comes; st_q's is st_d unless a clear comes)
  assign key_rdy_d   = !clear_i && !clear_q && (st_d == StIdle) && !msg_act_d && (flush_q[6:1] == '0);
  assign mclr_d      = clear_i || mabort_d;
  assign key_ok_o    = key_ok_q;
  assign busy_o      = (st_q != StIdle) || (flush_q != '0) || msg_act;
  assign done_o      = done_q;
  assign tag_o       = tag_q;
  assign auth_fail_o = fail_q;
  assign err_o       = err_q;
  assign out_valid_o = out_v;
  assign out_data_o  = out_rdata[N*128+4 -: N*128];
  assign out_cnt_o   = out_rdata[4:1];
  assign out_last_o  = out_rdata[0];

  // ------------------------------------------------------------------------------------------
  // Sequential
  // ------------------------------------------------------------------------------------------
  // (* keep *): clear_q and in_stop_q have the D input of kept copies below (wp_q, stop_tag_q), and Yosys merged
  // each into one of them, so the control's clear sat on a wipe copy placed among its data flip-flops (the
  // seventeenth round's LFE5U-85F seed 2: that flip-flop -> a route of 10.64 ns -> the command register)
  (* keep *)
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      abort_q   <= 1'b0;
      clear_q   <= 1'b0;
      in_stop_q <= 1'b0;
    end else begin
      abort_q   <= abort_i;
      clear_q   <= clear_i;
      in_stop_q <= abort_i || clear_i;
    end
  end

  // the per-unit copies (kept apart: see their declaration)
  logic [NMc+NMa-1:0] cp_q, cp_d;
  assign cp_d = {{NMa{mabort_d}}, {NMc{mclr_d}}};
  for (genvar k = 0; k < NMc + NMa; k++) begin : gen_copy
    (* keep *)
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) cp_q[k] <= 1'b0;
      else         cp_q[k] <= cp_d[k];
    end
  end
  assign mclr_q   = cp_q[NMc-1:0];
  for (genvar k = 0; k < NWp; k++) begin : gen_wipe
    (* keep *)
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) wp_q[k] <= 1'b0;
      else         wp_q[k] <= clear_i;
    end
  end
  assign mabort_q = cp_q[NMc+NMa-1:NMc];
  (* keep *)
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ab_iss_q   <= 1'b0;
      stop_tag_q <= 1'b0;
    end else begin
      ab_iss_q   <= abort_i;
      stop_tag_q <= abort_i || clear_i;
    end
  end

  // lane input register and the kind delay line (free-running, as the lanes)
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      aes_v_q <= 1'b0; aes_in_q <= '0; kd_q <= '0; kk_q <= '0; kh_q <= '0;
    end else if (clear_q) begin
      aes_v_q <= 1'b0; aes_in_q <= '0; kd_q <= '0; kk_q <= '0; kh_q <= '0;
    end else begin
      aes_v_q  <= aes_v_i;
      aes_in_q <= aes_d_i ^ {N{rk_q[127:0]}};
      kd_q     <= (LAT+1)'({kd_q, issue_j0});
      kk_q     <= (LAT+1)'({kk_q, issue_ctr});
      kh_q     <= (LAT+1)'({kh_q, issue_h});
    end
  end

  // command register: cv_q = a command was accepted in the last cycle; the data flip-flops load the ports in every
  // cycle (they are read only while cv_q is set, in the cycle after the handshake), so the command handshake
  // enables no data flip-flop (timing, issue 19, nineteenth round: clear_q -> the command handshake -> the enables
  // of ~400 command flip-flops was a worst path)
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)              cv_q <= 1'b0;
    else if (mclr_q[McCmd])   cv_q <= 1'b0;
    else                      cv_q <= cmd_hs;
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      c_dec_q <= 1'b0; c_iv_len_q <= '0; c_aad_len_q <= '0; c_txt_len_q <= '0; c_tag_be_q <= '0;
      c_iv_q <= '0; c_err_q <= ErrNone;
      c_iv_blk_q <= '0; c_aad_blk_q <= '0; c_txt_blk_q <= '0; c_txtn_q <= '0; c_ivg_nblk_q <= '0; c_ivg_pad_q <= '0;
      c_iv96_q <= 1'b0; c_iv_small_q <= 1'b0; c_aad_small_q <= 1'b0; c_txt_small_q <= 1'b0; c_txt_be_q <= '0;
      c_iv_be_q <= '0; c_aad_be_q <= '0;
      c_aad_none_q <= 1'b0; c_txt_none_q <= 1'b0;
    end else begin
      c_dec_q       <= cmd_decrypt_i;
      c_iv_len_q    <= cmd_iv_len_i;
      c_aad_len_q   <= cmd_aad_len_i;
      c_txt_len_q   <= cmd_txt_len_i;
      c_tag_be_q    <= byte_en(cmd_tag_len_i[3:0]);   // (16: all bytes)
      c_iv_q        <= (IV_IN_CMD == 1) ? cmd_iv_i : 96'd0;
      c_err_q       <= cmd_err_d;
      c_iv_blk_q    <= 13'(({1'b0, cmd_iv_len_i} + 17'd15) >> 4);
      c_aad_blk_q   <= 29'(({1'b0, cmd_aad_len_i} + 33'd15) >> 4);
      c_txt_blk_q   <= 33'(({1'b0, cmd_txt_len_i} + 37'd15) >> 4);
      c_txtn_q      <= 36'(({1'b0, cmd_txt_len_i} + 37'(15 + 16 * N)) >> 4);
      // roundup(IV blocks + 1, N) = (IV blocks + N) rounded down to N
      c_ivg_nblk_q  <= 36'(13'(({1'b0, cmd_iv_len_i} + 17'(15 + 16 * N)) >> 4)) & ~NM136;
      c_ivg_pad_q   <= gh_pad(36'(13'(({1'b0, cmd_iv_len_i} + 17'd15) >> 4)) + 36'd1);
      c_iv96_q      <= (cmd_iv_len_i == 16'd12);
      c_iv_small_q  <= (cmd_iv_len_i <= 16'(16 * N));
      c_aad_small_q <= (cmd_aad_len_i <= 32'(16 * N));
      c_txt_small_q <= (cmd_txt_len_i <= 36'(16 * N));
      c_aad_none_q  <= (cmd_aad_len_i == 32'd0);
      c_txt_none_q  <= (cmd_txt_len_i == 36'd0);
      c_txt_be_q    <= last_be(33'(({1'b0, cmd_txt_len_i} + 37'd15) >> 4), cmd_txt_len_i[3:0]);
      c_iv_be_q     <= last_be(33'(13'(({1'b0, cmd_iv_len_i} + 17'd15) >> 4)), cmd_iv_len_i[3:0]);
      c_aad_be_q    <= last_be(33'(({1'b0, cmd_aad_len_i} + 33'd15) >> 4), cmd_aad_len_i[3:0]);
    end
  end

  // key expansion: the key handshake (only in StIdle: key_ready_o) loads the controller, which starts with round
  // key 0 (FIRST_GROUP 0); clear_q zeroizes it
  aesf_key_sched #(
    .KEY_BITS    (KEY_BITS),
    .SBOX_IMPL   ((SBOX_IMPL == aesf_pkg::SboxCf) ? 1 : 0),
    .FIRST_GROUP (0)
  ) u_key_sched (
    .clk_i,
    .rst_ni,
    .clear_i    (wp_q[WpKey]),
    .load_i     (key_hs),
    .key_i,
    .rk_valid_o (ks_v),
    .rk_idx_o   (ks_idx),
    .rk_o       (ks_rk),
    .rk_last_o  (ks_last)
  );

  // key / H / abort FSM: next state
  logic hpow_done, abort_go;
  assign hpow_done = (st_q == StHpow) && !h_pend_q && gh_hok && !gh_busy;   // H powers ready: the key is usable
  assign abort_go  = (st_q == StIdle) && mabort_q[MaMain];                  // a message abort
  always_comb begin
    st_d = st_q;
    unique case (st_q)
      StIdle:  if (key_hs) st_d = StKexp;
      StKexp:  if (ks_last) st_d = StHenc;                      // round key Nr is written at this edge
      StHenc:  st_d = StHpow;                                   // issue_h: E_K(0) enters lane 0
      StHpow:  if (hpow_done) st_d = StIdle;
      StAbort: if (ab_end_q[0]) st_d = StIdle;                  // nothing in flight in the lanes
      default: st_d = StIdle;
    endcase
    if (abort_go) st_d = StAbort;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)      st_q <= StIdle;
    else if (clear_q) st_q <= StIdle;
    else              st_q <= st_d;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) key_rdy_q <= 1'b1;
    else         key_rdy_q <= key_rdy_d;
  end

  // the round keys: the controller's round key into its static register (StKexp only); round key r wiped by
  // its own copy of the zeroize
  for (genvar r = 0; r <= NR; r++) begin : gen_rk
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni)                                       rk_q[128*r +: 128] <= '0;
      else if (wp_q[WpRk + r])                           rk_q[128*r +: 128] <= '0;
      else if (st_q == StKexp && ks_v && ks_idx == 4'(r)) rk_q[128*r +: 128] <= ks_rk;
    end
  end

  // key_ok_o: low from the key handshake until the H powers are ready; h_pend_q: H is in the lanes
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      key_ok_q <= 1'b0;
      h_pend_q <= 1'b0;
    end else if (clear_q) begin
      key_ok_q <= 1'b0;
      h_pend_q <= 1'b0;
    end else begin
      if (st_q == StIdle && key_hs)                        key_ok_q <= 1'b0;
      else if (hpow_done)                                  key_ok_q <= 1'b1;
      if (st_q == StHenc)                                  h_pend_q <= 1'b1;
      else if (st_q == StHpow && gh_h_v && gh_h_r)         h_pend_q <= 1'b0;   // handed to the GHASH unit
    end
  end

  // the message count (credits), the lane flush after a clear and the abort wait
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      mo_q      <= '0;
      mo_full_q <= 1'b0;
      mo_one_q  <= 1'b0;
      msg_act_q <= 1'b0;
      ab_cnt_q  <= '0;
      flush_q   <= '0;
    end else if (clear_q) begin
      mo_q      <= '0;
      mo_full_q <= 1'b0;
      mo_one_q  <= 1'b0;
      msg_act_q <= 1'b0;
      ab_cnt_q  <= '0;
      flush_q   <= 7'(LAT);
    end else begin
      if (flush_q != '0) flush_q <= flush_q - 7'd1;
      if (abort_go)                            ab_cnt_q <= 7'(LAT + 1);
      else if (ab_cnt_q != '0)                 ab_cnt_q <= ab_cnt_q - 7'd1;
      if (ab_end_q[0]) begin                   // an output beat already offered stays valid until taken
        mo_q      <= '0;
        mo_full_q <= 1'b0;
        mo_one_q  <= 1'b0;
        msg_act_q <= 1'b0;
      end else begin                           // +1 at a command, -1 at done
        mo_q      <= mo_d;
        mo_full_q <= (mo_d == (CQ_LOG2+1)'(CQ));
        mo_one_q  <= (mo_d == (CQ_LOG2+1)'(1));
        msg_act_q <= (mo_d != '0);
      end
    end
  end

  // keystream FIFO bookkeeping (every state). The refill decisions (ks_load, ks_byp) read flip-flops only
  // (ks_fill_q, ks_ne_q, kk_q), the front registers' enables and data selects their kept copies (kf_q, kn_q, kp_q):
  // all computed here from the next pointers and valid bits, one cycle ahead. The front registers' data is wiped
  // by the zeroize only (their wp_q copies); after an abort their valid bits are dropped (the data is never read
  // again: the text XOR reads only a valid head).
  assign ks_clr  = clear_q || ab_end_q[0];
  assign ks_wp_d = ks_wp_q + (KS_LOG2+1)'(ks_wr);
  assign ks_rp_d = ks_rp_q + (KS_LOG2+1)'(ks_load || ks_byp);   // (bypass: skip its memory copy)
  assign ks_ws_d = ks_ws_q ^ (ks_load || ks_byp);
  assign ks_hs_d = ks_hs_q ^ ks_pop;
  always_comb begin
    // a refill sets the valid bit of the free register, a pop clears the head's (never the same register)
    ks_hv_d = ks_hv_q;
    for (int k = 0; k < 2; k++) begin
      if ((ks_load || ks_byp) && ks_ws_q == 1'(k)) ks_hv_d[k] = 1'b1;
      else if (ks_pop && ks_hs_q == 1'(k))         ks_hv_d[k] = 1'b0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ks_wp_q <= '0; ks_rp_q <= '0; ks_cnt_q <= '0;
      ks_hv_q <= '0; ks_hs_q <= 1'b0; ks_ws_q <= 1'b0; ks_ne_q <= 1'b0; ks_fill_q <= 1'b1; ks_hvh_q <= 1'b0;
    end else if (ks_clr) begin
      ks_wp_q <= '0; ks_rp_q <= '0; ks_cnt_q <= '0;
      ks_hv_q <= '0; ks_hs_q <= 1'b0; ks_ws_q <= 1'b0; ks_ne_q <= 1'b0; ks_fill_q <= 1'b1; ks_hvh_q <= 1'b0;
    end else begin
      ks_wp_q   <= ks_wp_d;
      ks_rp_q   <= ks_rp_d;
      ks_ne_q   <= (ks_wp_d != ks_rp_d);
      ks_ws_q   <= ks_ws_d;
      ks_hs_q   <= ks_hs_d;
      ks_hv_q   <= ks_hv_d;
      ks_fill_q <= !ks_hv_d[ks_ws_d];
      ks_hvh_q  <= ks_hv_d[ks_hs_d];
      ks_cnt_q  <= ks_cnt_d;
    end
  end

  // the refill's copies (see their declaration): the same next values as ks_fill_q && ks_ws_q == k, ks_ne_q,
  // ks_push (kk_q[LAT]), ks_wp_q and ks_rp_q
  always_comb begin
    for (int k = 0; k < 2; k++) begin
      for (int l = 0; l < N; l++) kf_d[N*k + l] = (ks_ws_d == 1'(k)) && !ks_hv_d[k];
    end
  end
  for (genvar c = 0; c < 2 * N; c++) begin : gen_ks_copy
    (* keep *)
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        kf_q[c] <= (c < N); kn_q[c] <= 1'b0; kp_q[c] <= 1'b0;
      end else begin
        // (kp_q follows the kind delay line, cleared by clear_q; kf_q / kn_q follow the flags, cleared by ks_clr)
        kp_q[c] <= !clear_q && kk_q[LAT-1];
        if (ks_clr) begin
          kf_q[c] <= (c < N); kn_q[c] <= 1'b0;
        end else begin
          kf_q[c] <= kf_d[c]; kn_q[c] <= (ks_wp_d != ks_rp_d);
        end
      end
    end
  end
  // Lane l's memory addresses count by themselves from the lane's own copies (timing, issue 19, thirty-third
  // round: loaded with ks_wp_d / ks_rp_d, the copies sat beside the control that computes them, and the read
  // address's route across the die to lane l's memory was N = 2's median path): the write address steps with the
  // lane's write enable kw_q[l] (= ks_wr), the read address with a refill, which the lane's refill copies give as
  // (kf_q[l] | kf_q[N + l]) && (kn_q[l] || kp_q[l]) (= ks_fill_q && (ks_ne_q || ks_push) = ks_load || ks_byp).
  // Both stay equal to the pointers (asserted below).
  for (genvar l = 0; l < N; l++) begin : gen_ks_wcopy
    logic kr_step;
    assign kr_step = (kf_q[l] || kf_q[N + l]) && (kn_q[l] || kp_q[l]);
    (* keep *)
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        kw_q[l] <= 1'b0; kwp_q[KS_LOG2*l +: KS_LOG2] <= '0; krp_q[KS_LOG2*l +: KS_LOG2] <= '0;
      end else begin
        kw_q[l] <= !clear_q && kk_q[LAT-1];
        if (ks_clr) begin
          kwp_q[KS_LOG2*l +: KS_LOG2] <= '0; krp_q[KS_LOG2*l +: KS_LOG2] <= '0;
        end else begin
          kwp_q[KS_LOG2*l +: KS_LOG2] <= kwp_q[KS_LOG2*l +: KS_LOG2] + KS_LOG2'(kw_q[l]);
          krp_q[KS_LOG2*l +: KS_LOG2] <= krp_q[KS_LOG2*l +: KS_LOG2] + KS_LOG2'(kr_step);
        end
      end
    end
  end

  // the front registers' data: written at a refill, from the memory while it holds beats, else the lane output;
  // register k's lane l enabled, selected and wiped by its own copies
  for (genvar k = 0; k < 2; k++) begin : gen_ks_hd
    for (genvar l = 0; l < N; l++) begin : gen_lane
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni)                                      ks_hd_q[N*128*k + 128*l +: 128] <= '0;
        else if (wp_q[WpKs + N*k + l])                    ks_hd_q[N*128*k + 128*l +: 128] <= '0;
        else if (kf_q[N*k + l] && (kn_q[N*k + l] || kp_q[N*k + l]))
          ks_hd_q[N*128*k + 128*l +: 128] <= kn_q[N*k + l] ? ks_mrd[128*l +: 128] : aes_d_o[128*l +: 128];
      end
    end
  end

  // the issue side's next-message register (filled when empty, emptied by the issue side's load)
  aesf_hold #(.W(IQW)) u_snx (
    .clk_i, .rst_ni, .clear_i(mclr_q[McIss]),
    .load_i(snx_fill), .data_i(iq_v ? iq_rdata : iq_wdata), .take_i(s_load),
    .valid_o(snx_v), .data_o(snx_word)
  );

  // issue side: next state
  always_comb begin
    sst_d = sst_q;
    unique case (sst_q)
      StSIdle:        if (s_load) sst_d = sld_ivc ? StSJ0 : StSWait;
      StSWait, StSJ0: if (issue_j0) sst_d = s_nz_q ? StSCtr : StSIdle;
      StSCtr:         if (issue_ctr && ctr_small_q) sst_d = StSIdle;   // the last counter beat
      default:        sst_d = StSIdle;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)             sst_q <= StSIdle;
    else if (mclr_q[McIss])  sst_q <= StSIdle;
    else                     sst_q <= sst_d;
  end

  // the issue decisions' next values (the state, the abort and the credits of the next cycle; see issue_j0)
  assign ks_full_nx = !ks_clr && (ks_cnt_d > (KS_LOG2+2)'(KD));
  assign ij_d = !abort_i && !mclr_q[McIss] && ((sst_d == StSJ0) || ((sst_d == StSWait) && j0h_v_d));
  assign ic_d = !abort_i && !mclr_q[McIss] && (sst_d == StSCtr) && !ks_full_nx;
  for (genvar k = 0; k < IjCopies; k++) begin : gen_ij
    (* keep *)
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) ij_q[k] <= 1'b0;
      else         ij_q[k] <= ij_d;
    end
  end
  for (genvar k = 0; k < IcCopies; k++) begin : gen_ic
    (* keep *)
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) ic_q[k] <= 1'b0;
      else         ic_q[k] <= ic_d;
    end
  end

  // issue side: J0, the counter block and the block count
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sj0_q <= '0; cb_q <= '0; ctr_left_q <= '0; s_blocks_q <= '0;
      ctr_small_q <= 1'b1; s_small_q <= 1'b1; s_nz_q <= 1'b0;
    end else if (mclr_q[McIss]) begin
      sj0_q <= '0; cb_q <= '0; ctr_left_q <= '0; s_blocks_q <= '0;
      ctr_small_q <= 1'b1; s_small_q <= 1'b1; s_nz_q <= 1'b0;
    end else begin
      unique case (sst_q)
        StSIdle: begin
          if (s_load) begin
            s_blocks_q <= sld_blocks;
            s_small_q  <= (sld_blocks <= 33'(N));
            s_nz_q     <= (sld_blocks != '0);
            sj0_q      <= {sld_iv, 32'd1};
          end
        end
        StSWait, StSJ0: begin
          if (ij_q[IsCb]) begin
            cb_q        <= j0_inc;   // first counter block inc32(J0)
            ctr_left_q  <= s_blocks_q;
            ctr_small_q <= s_small_q;
          end
          if (ij_q[IsSj0]) sj0_q <= '0;
        end
        StSCtr: begin
          // (the last beat from the flag kept one beat ahead, not from a compare of the count: timing, issue 19,
          // the compare's carry chain drove the enables of the 128 counter-block flip-flops)
          if (ic_q[IsCb]) begin
            cb_q        <= cb_next;
            ctr_left_q  <= ctr_small_q ? '0 : ctr_left_q - 33'(N);
            ctr_small_q <= (ctr_left_q <= 33'(2 * N));
            if (ctr_small_q) cb_q <= '0;
          end
        end
        default: ;
      endcase
    end
  end

  // the input side's next-message register (filled when empty, emptied by the input side's load)
  aesf_hold #(.W(CQW)) u_nx (
    .clk_i, .rst_ni, .clear_i(mclr_q[McIn]),
    .load_i(nx_fill), .data_i(nx_wdata), .take_i(i_load),
    .valid_o(nx_v), .data_o(nx_word)
  );

  // the input side's pending flags, next values (they feed the load decision's registers, ldu_q / ldp_q)
  always_comb begin
    gh_st_pend_d = gh_st_pend_q;
    j0h_v_d      = j0h_v_q;
    if (gh_st_v && gh_st_r) gh_st_pend_d = 1'b0;
    if (issue_j0 && sst_q == StSWait) j0h_v_d = 1'b0;
    if ((ist_q == StIIv && in_hs && iv96_q) || j0_take) begin
      j0h_v_d      = 1'b1;                       // J0 for the issue side, the main GHASH message's start
      gh_st_pend_d = 1'b1;
    end
    if (i_load && i_nok_q && (ld_ivc || !ld_iv96)) gh_st_pend_d = 1'b1;   // the main message's or J0's start
    if (mclr_q[McIn]) begin
      gh_st_pend_d = 1'b0;
      j0h_v_d      = 1'b0;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      i_nok_q <= (3'd0 == ErrNone);
    end else begin
      i_nok_q <= i_nok_d;
    end
  end

  // input side: next state (a load starts the next message from StIIdle or from the current one's last input)
  always_comb begin
    ist_d = ist_q;
    unique case (ist_q)
      StIIdle: ;
      StIIv:   if (in_hs && (iv96_q || iv_small_q)) ist_d = iv96_q ? StIAad : StIJ0;
      StIJ0:   if (j0_take) ist_d = StIAad;                    // the IV length block went in, J0 is back
      StIAad:  if (aad_none_q || (in_hs && aad_small_q)) ist_d = txt_none_q ? StILen : StITxt;
      StITxt:  if (in_hs && txt_small_q) ist_d = StILen;
      StILen:  if (pk_r) ist_d = dec_q ? StITag : StIIdle;
      StITag:  if (in_hs) ist_d = tg_ld_q ? tg_nst_q : StIIdle;
      default: ist_d = StIIdle;
    endcase
    // (a load while a tag beat is awaited leaves the state in StITag until that beat)
    if (i_load && (!i_tagw || (ist_q == StITag && in_hs))) ist_d = ld_first;
  end

  // the awaited tag beat's message (StITag): its tail entry fields, and the next message loaded meanwhile
  always_comb begin
    tg_ld_d = tg_ld_q;
    if (ist_q == StITag && in_hs) tg_ld_d = 1'b0;
    if (i_load && i_tagw && !(ist_q == StITag && in_hs)) tg_ld_d = 1'b1;
    if (mclr_q[McIn]) tg_ld_d = 1'b0;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      tg_ld_q <= 1'b0; tg_nst_q <= StIIdle; tg_txt_q <= 1'b0; tg_be_q <= '0;
    end else if (mclr_q[McIn]) begin
      tg_ld_q <= 1'b0; tg_nst_q <= StIIdle; tg_txt_q <= 1'b0; tg_be_q <= '0;
    end else begin
      if (ist_q == StILen) begin
        tg_txt_q <= !txt_none_q;
        tg_be_q  <= tag_be_q;
      end
      tg_ld_q <= tg_ld_d;
      if (i_load && i_tagw && !(ist_q == StITag && in_hs)) tg_nst_q <= ld_first;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)            ist_q <= StIIdle;
    else if (mclr_q[McIn])  ist_q <= StIIdle;
    else                    ist_q <= ist_d;
  end

  // the state's one-hot copy for the packer's input (see ipk_q)
  assign ipk_d = {ist_d == StILen, ist_d == StITxt, ist_d == StIAad, ist_d == StIJ0, ist_d == StIIv};
  (* keep *)
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)            ipk_q <= '0;
    else if (mclr_q[McIn])  ipk_q <= '0;
    else                    ipk_q <= ipk_d;
  end

  // the load decision's registered parts (see i_load), from the next values of ist_q, tg_ld_q, the armed part
  // (i_arm_d) and i_nok_q
  logic [2:0] ist_n;
  assign ist_n = mclr_q[McIn] ? StIIdle : ist_d;
  assign ldu_d = i_arm_d && ((ist_n == StIIdle) || (i_nok_d && ist_n == StITag && !tg_ld_d));
  assign ldp_d = i_arm_d && i_nok_d && (ist_n == StILen);
  for (genvar k = 0; k < LdCopies; k++) begin : gen_ld_q
    (* keep *)
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        ldu_q[k] <= 1'b0;
        ldp_q[k] <= 1'b0;
      end else begin
        ldu_q[k] <= ldu_d;
        ldp_q[k] <= ldp_d;
      end
    end
  end

  // input side: the message's lengths, counts and flags
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      dec_q <= 1'b0; iv_len_q <= '0; aad_len_q <= '0; txt_len_q <= '0; tag_be_q <= '0;
      iv_left_q <= '0; aad_left_q <= '0; txt_left_q <= '0; ivlen_sent_q <= 1'b0;
      gh_st_pend_q <= 1'b0; gh_st_j0_q <= 1'b0; gh_nblk_q <= '0; pad_q <= '0; main_nblk_q <= '0; main_pad_q <= '0;
      iv96_q <= 1'b0; iv_small_q <= 1'b1; aad_small_q <= 1'b1; txt_small_q <= 1'b1; txt_be_q <= '0;
      iv_be_q <= '0; aad_be_q <= '0;
      aad_none_q <= 1'b0; txt_none_q <= 1'b0;
      j0h_v_q <= 1'b0; j0h_q <= '0;
    end else if (mclr_q[McIn]) begin
      dec_q <= 1'b0; iv_len_q <= '0; aad_len_q <= '0; txt_len_q <= '0; tag_be_q <= '0;
      iv_left_q <= '0; aad_left_q <= '0; txt_left_q <= '0; ivlen_sent_q <= 1'b0;
      gh_st_pend_q <= 1'b0; gh_st_j0_q <= 1'b0; gh_nblk_q <= '0; pad_q <= '0; main_nblk_q <= '0; main_pad_q <= '0;
      iv96_q <= 1'b0; iv_small_q <= 1'b1; aad_small_q <= 1'b1; txt_small_q <= 1'b1; txt_be_q <= '0;
      iv_be_q <= '0; aad_be_q <= '0;
      aad_none_q <= 1'b0; txt_none_q <= 1'b0;
      j0h_v_q <= 1'b0; j0h_q <= '0;
    end else begin
      gh_st_pend_q <= gh_st_pend_d;
      j0h_v_q      <= j0h_v_d;
      if (ij_q[IsJ0h] && sst_q == StSWait) j0h_q <= '0;
      if (pk_v && pk_r) pad_q <= '0;
      unique case (ist_q)
        StIIdle: ;

        StIIv: begin
          if (in_hs) begin
            iv_left_q  <= (33'(iv_left_q) > 33'(N)) ? iv_left_q - 13'(N) : '0;
            iv_small_q <= (33'(iv_left_q) <= 33'(2 * N));
          end
          // a 96-bit IV: J0 and the main GHASH message's start fields are written in every cycle of the
          // state, so the beat's handshake enables none of them (timing, issue 19); the state ends with
          // the beat, so the last write is the beat's. Nothing reads them before j0h_v_q / gh_st_pend_q,
          // which the handshake sets (a load waits until the previous J0 and GHASH start were taken).
          if (iv96_q) begin
            j0h_q        <= {in_data_i[N*128-1 -: 96], 32'd1};
            gh_st_j0_q   <= 1'b0;
            gh_nblk_q    <= main_nblk_q;
            pad_q        <= main_pad_q;
          end
        end

        StIJ0: begin               // the IV length block goes into the packer, then wait for J0
          if (pk_v && pk_r) ivlen_sent_q <= 1'b1;
        end

        StIAad: begin
          if (!aad_none_q && in_hs) begin
            aad_left_q  <= (33'(aad_left_q) > 33'(N)) ? aad_left_q - 29'(N) : '0;
            aad_small_q <= (33'(aad_left_q) <= 33'(2 * N));
          end
        end

        StITxt: begin
          if (in_hs) begin
            txt_left_q  <= (txt_left_q > 33'(N)) ? txt_left_q - 33'(N) : '0;
            txt_small_q <= (txt_left_q <= 33'(2 * N));
          end
        end

        default: ;
      endcase

      // J0 from the GHASH unit (the input side is in StIJ0, see j0_take; an S of an earlier message may leave the
      // GHASH unit meanwhile): the hand-over and the main GHASH message's start, enabled by the take alone
      if (j0_take) begin
        j0h_q        <= gh_o;
        gh_st_j0_q   <= 1'b0;
        gh_nblk_q    <= main_nblk_q;
        pad_q        <= main_pad_q;
      end

      // the next message (from StIIdle, or as the current one's last input goes in); each group of the loaded
      // flip-flops is enabled by its own copy of the load decision (i_load_c[1..5], see i_load)
      if (i_load_c[1] && i_nok_q) begin
        dec_q        <= ld_dec;
        iv_len_q     <= ld_iv_len;
        aad_len_q    <= ld_aad_len;
        iv_be_q      <= ld_iv_be;
      end
      if (i_load_c[2] && i_nok_q) begin
        txt_len_q    <= ld_txt_len;
        tag_be_q     <= ld_tag_be;
        aad_be_q     <= ld_aad_be;
      end
      if (i_load_c[3] && i_nok_q) begin
        main_nblk_q  <= ld_main_nblk;
        main_pad_q   <= ld_main_pad;
        iv96_q       <= ld_iv96;
        iv_small_q   <= ld_iv_small;
        aad_small_q  <= ld_aad_small;
        txt_small_q  <= ld_txt_small;
        aad_none_q   <= ld_aad_none;
        txt_none_q   <= ld_txt_none;
        txt_be_q     <= ld_txt_be;
      end
      if (i_load_c[4] && i_nok_q) begin
        iv_left_q    <= ld_iv_blocks;
        aad_left_q   <= ld_aad_blocks;
        txt_left_q   <= ld_txt_blocks;
        ivlen_sent_q <= 1'b0;
      end
      if (i_load_c[5] && i_nok_q) begin
        if (ld_ivc) begin
          // J0 came with the command (issue side): the main GHASH message starts now (gh_st_pend_d)
          gh_st_j0_q   <= 1'b0;
          gh_nblk_q    <= ld_main_nblk;
          pad_q        <= ld_main_pad;
        end else begin
          if (!ld_iv96) begin             // GHASH(IV) starts (gh_st_pend_d)
            gh_st_j0_q   <= 1'b1;
            gh_nblk_q    <= ld_ivg_nblk;
            pad_q        <= ld_ivg_pad;
          end
        end
      end
    end
  end

  // tag side: stage 1 takes the head message's S, E_K(J0) and tail entry; stage 2 gives done_o.
  // A key load wipes tag_o / auth_fail_o / err_o one cycle after its handshake, from a flip-flop (key_hs_q;
  // timing, issue 19: key_ready_o's decision -> the enables of these 130 flip-flops across the die was a
  // worst path of N = 1). No message is outstanding at a key handshake, so no done_o falls in that cycle.
  logic key_hs_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      lastout_q <= '0; lastout_nz_q <= 1'b0;
      t1_v_q <= 1'b0; t1_dec_q <= 1'b0; t1_err_q <= '0; t1_x_q <= '0; t1_tin_q <= '0;
      tag_q <= '0; fail_q <= 1'b0; err_q <= ErrNone; done_q <= 1'b0; key_hs_q <= 1'b0;
    end else if (clear_q) begin
      lastout_q <= '0; lastout_nz_q <= 1'b0;
      t1_v_q <= 1'b0; t1_dec_q <= 1'b0; t1_err_q <= '0; t1_x_q <= '0; t1_tin_q <= '0;
      tag_q <= '0; fail_q <= 1'b0; err_q <= ErrNone; done_q <= 1'b0; key_hs_q <= 1'b0;
    end else begin
      key_hs_q <= key_hs;
      lastout_q    <= lastout_d;
      lastout_nz_q <= (lastout_d != '0);
      t1_v_q   <= t_take;
      t1_dec_q <= t_dec;
      t1_err_q <= t_err;
      // data behind the queues' valid flags, not behind the take decision (timing, issue 19: the decision is
      // several levels deep); only read when t1_v_q
      t1_x_q   <= ej_v ? ((ej_rdata ^ gh_o) & t_mask) : 128'd0;
      t1_tin_q <= tq_v ? (t_tagin & t_mask) : 128'd0;
      done_q   <= t1_v_q;
      if (key_hs_q) begin
        tag_q  <= '0;
        fail_q <= 1'b0;
        err_q  <= ErrNone;
      end
      if (t1_v_q) begin
        err_q  <= t1_err_q;
        tag_q  <= (t1_err_q == ErrNone && !t1_dec_q) ? t1_x_q : 128'd0;
        // constant time: full XOR-reduce of the masked difference
        fail_q <= (t1_err_q == ErrNone) && t1_dec_q && (|(t1_x_q ^ t1_tin_q));
      end
      if (ab_end_q[1]) begin
        lastout_q    <= '0;
        lastout_nz_q <= 1'b0;
        err_q     <= ErrAborted;
        tag_q     <= '0;
        fail_q    <= 1'b0;
        done_q    <= 1'b1;
      end
      if (mabort_q[MaMain] && st_q == StIdle) t1_v_q <= 1'b0;
    end
  end

`ifdef FORMAL
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni) begin
      assert (mo_q <= (CQ_LOG2+1)'(CQ));
      if (cq_push) assert (cq_ready);
      if (iq_push) assert (iq_ready);
      if (tq_push) assert (tq_ready);
      assert (ks_cnt_q <= (KS_LOG2+2)'(KD + 1));
      if (out_ks || out_j0 || out_h) assert (aes_v_o);           // a kind bit only beside a valid block
      assert (32'(out_ks) + 32'(out_j0) + 32'(out_h) <= 1);
      assert (ks_ne_q == (ks_wp_q != ks_rp_q));
      assert (ks_fill_q == !ks_hv_q[ks_ws_q]);
      // the refill's copies equal their flags
      for (int c = 0; c < 2 * N; c++) begin
        assert (kf_q[c] == (ks_fill_q && ks_ws_q == 1'(c / N)));
        assert (kn_q[c] == ks_ne_q);
        assert (kp_q[c] == ks_push);
      end
      for (int l = 0; l < N; l++) begin
        assert (kw_q[l] == ks_wr);
        assert (kwp_q[KS_LOG2*l +: KS_LOG2] == ks_wp_q[KS_LOG2-1:0]);
        assert (krp_q[KS_LOG2*l +: KS_LOG2] == ks_rp_q[KS_LOG2-1:0]);
      end
      assert (ks_hvh_q == ks_hv_q[ks_hs_q]);
      assert (aad_none_q == (aad_left_q == '0) || ist_q != StIAad);
      // every copy of the load decision (computed one cycle ahead from the next values) matches its definition:
      // a next message waits, no GHASH start and no J0 hand-over pending, no abort or clear; and the state
      for (int k = 0; k < LdCopies; k++) begin
        assert (i_load_c[k] == ((nx_v && !gh_st_pend_q && !j0h_v_q && !abort_q && !clear_q) &&
                                ((ist_q == StIIdle) || (i_nok_q && ((ist_q == StILen && pk_r) ||
                                                                    (ist_q == StITag && !tg_ld_q))))));
      end
      assert (in_stop_q == (abort_q || clear_q));
      // every copy of the message abort / clear equals its definition (one cycle after the ports)
      for (int k = 0; k < NMc; k++) assert (mclr_q[k] == (clear_q || (abort_q && msg_act_q)));
      for (int k = 0; k < NMa; k++) assert (mabort_q[k] == (abort_q && msg_act_q));
      assert (ab_iss_q == abort_q);
      assert (mo_one_q == (mo_q == (CQ_LOG2+1)'(1)));
      assert (msg_act_q == (mo_q != '0));
      assert (stop_tag_q == (abort_q || clear_q));
      for (int k = 1; k < AbCopies; k++) assert (ab_end_q[k] == ab_end_q[0]);
      if (ab_end_q[0]) assert (st_q == StAbort && abort_done);   // the abort's end, one cycle after abort_done
      assert (wp_q == {NWp{clear_q}});                         // every copy of the zeroize's data wipe
      assert (j0_take == (gk_pop && gk_j0));
      if (j0_take) assert (ist_q == StIJ0 && ivlen_sent_q && !j0h_v_q);   // a J0 comes only to its message
      assert (i_nok_q == (nx_word[CQW-1 -: 3] == ErrNone));
      if (key_hs_q) assert (!t1_v_q && !done_q);
      if (tq_v) assert (t_ok == (t_err == ErrNone));
      assert (key_rdy_q == (st_q == StIdle && !msg_act && !clear_q && flush_q == '0));                // the output wipe never meets a done_o
      if (tg_ld_q) assert (ist_q == StITag);                   // a message loaded early waits only there
      if (tg_ld_q) assert (tg_nst_q == StIIv || tg_nst_q == StIAad);
      if (ist_q == StIIv && iv96_q) assert (!j0h_v_q && !gh_st_pend_q);
      if (sst_q == StSCtr) assert (ctr_small_q == (ctr_left_q <= 33'(N)));
      if (sst_q == StSCtr) assert (ctr_left_q != '0);         // StSCtr always has a counter block left
      assert (ipk_q == {ist_q == StILen, ist_q == StITxt, ist_q == StIAad, ist_q == StIJ0, ist_q == StIIv});
      // the input beat's byte enables match their definition from the blocks left and the segment's byte length
      // (bytes beyond the segment and lanes beyond the beat's blocks disabled) for every beat the packer takes
      if (pk_v && (ist_q == StIIv || ist_q == StIAad || ist_q == StITxt)) begin
        for (int k = 0; k < N; k++) begin
          for (int b = 0; b < 16; b++) begin
            assert (cur_be[N*16-1-16*k-b] == (!cur_lz[k] && (!cur_lp[k] || cur_lastbe[15-b])));
          end
        end
      end
      if (sst_q == StSWait || sst_q == StSJ0) assert (s_nz_q == (s_blocks_q != '0));
      // every copy of the issue decisions (computed one cycle ahead) matches its definition
      for (int k = 0; k < IjCopies; k++)
        assert (ij_q[k] == (!ab_iss_q && ((sst_q == StSJ0) || ((sst_q == StSWait) && j0h_v_q))));
      for (int k = 0; k < IcCopies; k++)
        assert (ic_q[k] == (!ab_iss_q && (sst_q == StSCtr) && !(ks_cnt_q > (KS_LOG2+2)'(KD))));
    end
  end
`endif

endmodule

`default_nettype wire
