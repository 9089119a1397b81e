// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_dam_cipher: pipelined AES-ECB engine of the DAM core (seed 003, section 3.1), encrypt
// (INVERSE = 0) or decrypt (INVERSE = 1, the FIPS-197 5.3.5 equivalent inverse cipher), one
// 128-bit block per enabled clock, with a global stall enable.
//
//   in_data_i ^ rk[0] -> round 1 -> round 2 -> ... -> round Nr (LAST) -> out_data_o
//
// Each round is an aesf_aes_pipe_round (hw/aes_pipe) split, as the paper's Figure 4, into
//   substage1 = first half of the composite-field (Inv)S-box (input map, GF(2^4) norm d),
//               ending in the S-box seam register (16 x 12 flops, aesf_sbox_cf STAGE 1 | 2);
//   substage2 = GF(2^4) inversion and the rest of the (Inv)S-box, (Inv)ShiftRows (wiring),
//               (Inv)MixColumns (not in round Nr) and AddRoundKey, ending in the round register.
// (PIPE_MASK = 1 of aesf_aes_pipe_round, S = 2 registers per round.) With SBOX_IMPL = 0 (LUT
// S-box, no seam) each round has only the round register (PIPE_MASK = 0, S = 1).
// SBOX_IMPL = 4 (block ROM, aesf_sbox_rom OUT_REG 1, two S-boxes per ECP5 DP16KD, 8 per round): the
// same two stages per round as the seed, placed where a block RAM has them:
//   substage1 = (Inv)ShiftRows into the block RAMs' address register (the S-box lookup itself),
//               ending in the RAMs' own output register (DP16KD REGMODE OUTREG);
//   substage2 = (Inv)MixColumns and AddRoundKey, straight into the next round's address register
// (PIPE_MASK = 2, SBOX_IMPL = 4 of aesf_aes_pipe_round: no fabric round register). The data path then
// has no S-box logic in LUTs (80 DP16KD per AES-128 engine); out_data_o is the last round's
// AddRoundKey, one XOR after the last RAM output register.
// MIX_REG = 1 (SBOX_IMPL = 4 only) adds a register after (Inv)MixColumns in every round (PIPE_MASK = 6):
// three stages per round. Every path between two block RAMs then has a fabric register in the middle,
// so it pays the route from one RAM to the logic or from the logic to the next RAM, not both (with 160
// DP16KD the RAMs spread over the whole LFE5U-85F; issue 21).
// The initial AddRoundKey is one XOR in front of round 1's first substage; IN_REG = 1 registers its result
// (otherwise drive in_data_i from flops for full speed).
//
// Round keys: rk_i slice i ([128*i +: 128], i = 0..Nr) is the key applied at step i: slice 0 by
// the initial AddRoundKey, slice r by round r. Connect aesf_dam_keyexp rk_enc_o (INVERSE = 0) or
// rk_dec_o (INVERSE = 1, middle keys already InvMixColumns-transformed). rk_i must be static while
// blocks are in flight (it is read combinationally in every round).
//
// Stall: en_i = 1: the whole pipeline (every data register and the valid chain) advances one step
// at the rising edge; en_i = 0: everything holds, out_valid_o/out_data_o stay stable; in_valid_i/
// in_data_i are only sampled at edges with en_i = 1. There is no ready: a block is taken at every
// enabled edge with in_valid_i = 1. Blocks leave in order. out_data_o is don't-care while
// out_valid_o = 0. Reset (rst_ni low) clears only the valid chain: blocks in flight are dropped.
//
// Latency (exact, counted in ENABLED edges): a block taken at an enabled edge (the 1st) is on
// out_data_o with out_valid_o = 1 right after the LATENCY-th enabled edge counted from (and
// including) that edge, and stays there until the next enabled edge, where a consumer takes it:
//   LATENCY = 2 * Nr = 20 / 24 / 28 (SBOX_IMPL = 1 or 4, KEY_BITS = 128/192/256)
//   LATENCY = 3 * Nr = 30 / 36 / 42 (SBOX_IMPL = 4, MIX_REG = 1)
//   IN_REG = 1 adds one cycle to each (a register after the initial AddRoundKey).
//   LATENCY =     Nr = 10 / 12 / 14 (SBOX_IMPL = 0).
// Worked example (AES-128, SBOX_IMPL = 1, en_i = 1 always): block taken at edge t -> out_valid_o
// high right after edge t + 19, consumer samples it at edge t + 20. With en_i = 0 in k cycles in
// between, those k edges do not count (output right after edge t + 19 + k).
// Throughput: one block per enabled clock (back-to-back blocks need no gap).
//
// Byte order: block byte 0 (FIPS-197 in0 / s[0][0]) in [127:120], byte 15 in [7:0]: the NIST hex
// string read left to right is the port value. Worked example (FIPS-197 C.1, AES-128 key
// 000102030405060708090a0b0c0d0e0f expanded by aesf_dam_keyexp): INVERSE = 0, in_data_i =
// 128'h00112233445566778899aabbccddeeff -> out_data_o = 128'h69c4e0d86a7b0430d8cdb78070b4c55a;
// INVERSE = 1 (rk_dec_o) maps it back.

`default_nettype none

module aesf_dam_cipher #(
  parameter int INVERSE   = 0,    // 0: encrypt, 1: decrypt (equivalent inverse cipher)
  parameter int KEY_BITS  = 128,  // 128, 192 or 256 (Nr = 10 / 12 / 14)
  parameter int SBOX_IMPL = 1,    // 1: composite field, S-box seam register (2 stages per round);
                                  // 0: LUT case ROM, one register per round;
                                  // 4: block ROM with its output register (2 stages per round)
  parameter int MIX_REG   = 0,    // 0 or 1: with SBOX_IMPL = 4, a register after (Inv)MixColumns (3 stages)
  parameter int IN_REG    = 0     // 0 or 1: a register after the initial AddRoundKey (+1 cycle)
) (
  input  logic                           clk_i,        // clock, rising edge
  input  logic                           rst_ni,       // asynchronous active-low reset (valid chain only)
  input  logic                           en_i,         // 1: the whole pipeline advances, 0: everything holds
  input  logic                           in_valid_i,   // take a block at this (enabled) edge
  input  logic [127:0]                   in_data_i,    // input block, byte 0 in [127:120]
  input  logic [128*(KEY_BITS/32+7)-1:0] rk_i,         // step keys, slice i in [128*i +: 128] (static)
  output logic                           out_valid_o,  // out_data_o holds a result block
  output logic [127:0]                   out_data_o    // result block, byte 0 in [127:120]
);

  localparam int NR        = KEY_BITS / 32 + 6;
  // 1: S-box seam register (substage1 | substage2); 4: the block RAMs' output register (P_SUB), and with
  // MIX_REG the register after (Inv)MixColumns (P_MIX)
  localparam int PIPE_MASK = (SBOX_IMPL == aesf_pkg::SboxCf) ? 1 : (SBOX_IMPL == 4) ? 2 + 4 * MIX_REG : 0;
  // LATENCY is not used inside: it documents the timing for users and is read by the tests (and the
  // DAM core's bookkeeping) through hierarchical/parameter access.
  /* verilator lint_off UNUSEDPARAM */
  // enabled edges, input to output
  localparam int LATENCY   = NR * ((SBOX_IMPL == aesf_pkg::SboxLut) ? 1 : 2 + MIX_REG) + IN_REG;
  /* verilator lint_on UNUSEDPARAM */

  aesf_param_check #(
    .ILLEGAL(INVERSE < 0 || INVERSE > 1 || !aesf_pkg::key_bits_ok(KEY_BITS) ||
             !(SBOX_IMPL == 0 || SBOX_IMPL == 1 || SBOX_IMPL == 4) || MIX_REG < 0 || MIX_REG > 1 ||
             (MIX_REG == 1 && SBOX_IMPL != 4) || IN_REG < 0 || IN_REG > 1),
    .MSG    ("aesf_dam_cipher: INVERSE 0..1, KEY_BITS 128/192/256, SBOX_IMPL 0, 1 or 4, MIX_REG 0..1 (1 only with SBOX_IMPL 4), IN_REG 0..1")
  ) u_param_check ();

  // Flat vectors, one slice per round boundary b = 0..NR (slice b enters round b+1).
  logic [128*(NR+1)-1:0] state;
  logic [NR:0]           valid;

  // initial AddRoundKey, optionally registered (IN_REG: the path from the user's logic into the first round's
  // block-RAM address registers is then a route only)
  aesf_aes_pipe_stage #(
    .W  (128),
    .EN (IN_REG)
  ) u_reg_in (
    .clk_i  (clk_i),
    .en_i   (en_i),
    .data_i (in_data_i ^ rk_i[127:0]),
    .data_o (state[127:0])
  );
  if (IN_REG == 1) begin : gen_in_valid
    logic in_valid_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni)   in_valid_q <= 1'b0;
      else if (en_i) in_valid_q <= in_valid_i;
    end
    assign valid[0] = in_valid_q;
  end else begin : gen_in_comb
    assign valid[0] = in_valid_i;
  end

  for (genvar r = 1; r <= NR; r++) begin : gen_round
    aesf_aes_pipe_round #(
      .SBOX_IMPL (SBOX_IMPL),
      .PIPE_MASK (PIPE_MASK),
      .LAST      ((r == NR) ? 1 : 0),
      .INVERSE   (INVERSE)
    ) u_round (
      .clk_i   (clk_i),
      .rst_ni  (rst_ni),
      .en_i    (en_i),
      .valid_i (valid[r-1]),
      .state_i (state[128*(r-1) +: 128]),
      .rk_i    (rk_i[128*r +: 128]),
      .valid_o (valid[r]),
      .state_o (state[128*r +: 128])
    );
  end

  assign out_valid_o = valid[NR];
  assign out_data_o  = state[128*NR +: 128];

endmodule

`default_nettype wire
