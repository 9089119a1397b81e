// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_aes_pipe: fully unrolled, sub-pipelined AES-128/192/256 encryption (seed 002), one 128-bit
// block per clock, with the on-the-fly key schedule pipelined beside the data (P-word form,
// aesf_aes_pipe_key), so every block carries its own key.
//
//   in_data_i ^ key[0..3] -> round 1 -> round 2 -> ... -> round Nr -> out_data_o
//   in_key_i             -> key 1   -> key 2   -> ... -> key Nr     (round key r feeds round r)
//
// Each round has S = 1 + popcount(PIPE_MASK) stages (aesf_aes_pipe_round: register after the
// S-box seam, after SubBytes, after MixColumns; the round register after AddRoundKey is always
// there). The initial AddRoundKey is one XOR in front of round 1 (no input register).
//
// Protocol: valid-only streaming, no stall. A block is taken at every rising edge where
// in_valid_i = 1 (in_key_i and in_data_i are sampled at that edge, edge 0); its ciphertext is on
// out_data_o with out_valid_o = 1 for exactly one cycle, right after edge LATENCY - 1, so a consumer
// samples it at edge LATENCY (LATENCY = Nr * S register stages); blocks leave in order, one per
// clock. There is no ready: the core accepts a block at every clock, so nothing is ever dropped or
// stalled; a consumer that cannot take one block per clock must buffer (or throttle in_valid_i). Idle
// cycles (in_valid_i = 0) are allowed anywhere; in_key_i/in_data_i are don't-care then. out_data_o is
// don't-care while out_valid_o is low (it is never key material: a pipeline stage of the data).
// Reset (rst_ni low) clears only the valid flags: blocks in flight are dropped, never emitted.
//
// Byte order: block byte 0 in [127:120]; key byte 0 in in_key_i[KEY_BITS-1 -: 8] (the NIST hex
// string read left to right is the port value). Worked example (FIPS-197 C.1, KEY_BITS = 128):
// in_key_i = 128'h000102030405060708090a0b0c0d0e0f, in_data_i = 128'h00112233445566778899aabbccddeeff
// -> out_data_o = 128'h69c4e0d86a7b0430d8cdb78070b4c55a.
// The first round's input is in_data_i ^ key words 0..3 (combinational from the ports, one XOR in
// front of round 1's first stage): drive the inputs from flops for full speed.
// Latency: LATENCY = Nr * (1 + popcount(PIPE_MASK)) cycles (Nr = 10/12/14), e.g. 20 for AES-128 with
// PIPE_MASK = 2 (block taken at edge 0, ciphertext sampled at edge 20); one block per clock.

`default_nettype none

module aesf_aes_pipe #(
  parameter int KEY_BITS  = 128,  // 128, 192 or 256
  parameter int SBOX_IMPL = 0,    // 0: LUT case ROM (aesf_sbox_lut), 1: composite field (aesf_sbox_cf),
                                  // 2: block ROM (aesf_sbox_rom, two S-boxes per block RAM; needs PIPE_MASK bit 1),
                                  // 3: Boyar-Peralta circuit (aesf_sbox_bp, two seams)
  parameter int PIPE_MASK = 2,    // 0..15: bit 0 S-box seam (SBOX_IMPL 1: the composite-field seam, 3: seam A),
                                  // bit 1 after SubBytes, bit 2 after MixColumns, bit 3 seam B (SBOX_IMPL 3
                                  // only); the round register is always present
  parameter int ROUNDS    = 0     // 0: all Nr rounds (normal use). 1..Nr: only the first ROUNDS rounds, a
                                  // reduced slice for quick flow runs (out_data_o is then the state after
                                  // round ROUNDS, NOT a ciphertext; latency ROUNDS * S)
) (
  input  logic                clk_i,        // clock, rising edge
  input  logic                rst_ni,       // asynchronous active-low reset (valid chain only)
  input  logic                in_valid_i,   // take a block at this edge
  input  logic [KEY_BITS-1:0] in_key_i,     // this block's key, byte 0 in the top byte
  input  logic [127:0]        in_data_i,    // plaintext block, byte 0 in [127:120]
  output logic                out_valid_o,  // out_data_o holds a ciphertext (LATENCY cycles after input)
  output logic [127:0]        out_data_o    // ciphertext block, byte 0 in [127:120]
);

  localparam int NK = KEY_BITS / 32;
  localparam int NR = NK + 6;
  localparam int KW = 32 * NK;
  localparam int NB = (ROUNDS == 0) ? NR : ROUNDS;  // rounds built

  aesf_param_check #(
    .ILLEGAL(!aesf_pkg::key_bits_ok(KEY_BITS) || SBOX_IMPL < 0 || SBOX_IMPL > 3 ||
             PIPE_MASK < 0 || PIPE_MASK > 15 || (SBOX_IMPL != 1 && SBOX_IMPL != 3 && PIPE_MASK % 2 == 1) ||
             (SBOX_IMPL != 3 && PIPE_MASK / 8 == 1) ||
             (SBOX_IMPL == aesf_pkg::SboxRom && (PIPE_MASK / 2) % 2 == 0) || ROUNDS < 0 ||
             ROUNDS > NR),
    .MSG    ("aesf_aes_pipe: KEY_BITS 128/192/256, SBOX_IMPL 0..3, PIPE_MASK 0..15 (bit 0 needs SBOX_IMPL 1 or 3, bit 3 needs SBOX_IMPL 3, SBOX_IMPL 2 needs bit 1), ROUNDS 0..Nr")
  ) u_param_check ();

  // Flat vectors, one slice per round boundary b = 0..NB (no unpacked arrays: Yosys would re-derive the
  // top after chparam and rename it). Slice b is the state / valid / key window entering round b+1.
  logic [128*(NB+1)-1:0] state;
  logic [NB:0]           valid;
  logic [KW*(NB+1)-1:0]  win;

  assign state[127:0] = in_data_i ^ in_key_i[KEY_BITS-1 -: 128];
  assign valid[0]     = in_valid_i;
  // First window: key words 4..NK-1 in the top slots (read as w[4+p]), key words 0..3 last.
  if (NK == 4) begin : gen_win128
    assign win[KW-1:0] = in_key_i;
  end else begin : gen_win_rot
    assign win[KW-1:0] = {in_key_i[KW-129:0], in_key_i[KW-1 -: 128]};
  end

  for (genvar r = 1; r <= NB; r++) begin : gen_round
    logic [127:0] rk;
    aesf_aes_pipe_key #(
      .NK        (NK),
      .ROUND     (r),
      .SBOX_IMPL (SBOX_IMPL),
      .PIPE_MASK (PIPE_MASK)
    ) u_key (
      .clk_i (clk_i),
      .win_i (win[KW*(r-1) +: KW]),
      .win_o (win[KW*r +: KW]),
      .rk_o  (rk)
    );
    aesf_aes_pipe_round #(
      .SBOX_IMPL (SBOX_IMPL),
      .PIPE_MASK (PIPE_MASK),
      .LAST      ((r == NR) ? 1 : 0)
    ) u_round (
      .clk_i   (clk_i),
      .rst_ni  (rst_ni),
      .en_i    (1'b1),
      .valid_i (valid[r-1]),
      .state_i (state[128*(r-1) +: 128]),
      .rk_i    (rk),
      .valid_o (valid[r]),
      .state_o (state[128*r +: 128])
    );
  end

  logic [KW-1:0] unused_win;  // the window after the last round key is not needed
  assign unused_win = win[KW*NB +: KW];

  assign out_valid_o = valid[NB];
  assign out_data_o  = state[128*NB +: 128];

endmodule

`default_nettype wire
