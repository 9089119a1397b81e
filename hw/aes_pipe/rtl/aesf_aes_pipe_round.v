// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_aes_pipe_round: one sub-pipelined AES round of the fully unrolled core (hw/aes_pipe, seed
// 002 Figures 4 and 6), data path only; the round key comes from outside (aesf_aes_pipe_key, or a
// fixed per-round key register in a multi-lane user such as hw/gcm_lanes or hw/dam).
//
//   INVERSE = 0 (forward cipher round, FIPS-197 5.1):
//     state_o = AddRoundKey(MixColumns(SubBytes(ShiftRows(state_i))), rk_i)            (LAST = 0)
//     state_o = AddRoundKey(SubBytes(ShiftRows(state_i)), rk_i)                        (LAST = 1)
//   INVERSE = 1 (round of the EQUIVALENT inverse cipher, FIPS-197 5.3.5):
//     state_o = AddRoundKey(InvMixColumns(InvSubBytes(InvShiftRows(state_i))), rk_i)   (LAST = 0)
//     state_o = AddRoundKey(InvSubBytes(InvShiftRows(state_i)), rk_i)                  (LAST = 1)
//     with rk_i = InvMixColumns(w-round key) for the middle rounds (the dw[] keys of 5.3.5).
// (Inv)ShiftRows is applied first (it commutes with (Inv)SubBytes and is wiring only).
//
// Register insertion points (PIPE_MASK, one bit each, seed 002 Algorithm 1):
//   bit 0  P_MID  inside the S-box, at the composite-field seam of aesf_sbox_cf (STAGE 1 | 2):
//                 16 x 12 flops (SBOX_IMPL = 1; the LUT case ROM has no seam). This is the
//                 substage1 / substage2 boundary of seed 003 (section 3.1). With SBOX_IMPL = 3: seam A
//                 of aesf_sbox_bp (after the top linear layer and M20..M23), 16 x 22 flops.
//   bit 1  P_SUB  after SubBytes (+ ShiftRows): 128 flops (SBOX_IMPL = 2: the output registers of the
//                 block-ROM S-boxes, 8 x aesf_sbox_rom, two S-boxes per block RAM)
//   bit 2  P_MIX  after MixColumns, before AddRoundKey: 128 flops
//   bit 3  P_MID2 inside the S-box, seam B of aesf_sbox_bp (after the GF(2^4) inversion and the 18
//                 products M46..M63): 16 x 18 flops (SBOX_IMPL = 3 only)
//   always        after AddRoundKey (the round register, state_o): 128 flops, except with SBOX_IMPL = 4
// Stages per round S = 1 + popcount(PIPE_MASK); k = popcount(PIPE_MASK) is the paper's number of
// inserted registers.
// SBOX_IMPL = 4 (block ROM with its output register, aesf_sbox_rom OUT_REG 1; PIPE_MASK 2 or 6): the round's
// first register is the block RAMs' address register (it takes ShiftRows(state_i)), the second their output
// register (P_SUB); there is NO round register: state_o = AddRoundKey(MixColumns(..)) is combinational after the
// last register, and the next round's block-RAM address register (or the user) takes it. A chain of such
// rounds has the same S stages per round as SBOX_IMPL = 2, but every register-to-register path runs from a
// block RAM's output register (a flip-flop's clock-to-output) through MixColumns and AddRoundKey to the next
// block RAM's address register, and the slow RAM clock-to-output ends in the RAM's own output register.
//
// Stall: every register of the round (data and the valid chain) loads only at a rising edge where
// en_i = 1 and holds otherwise, so the whole round freezes while en_i = 0 (free-running users tie
// en_i to 1'b1; synthesis removes the enable then).
// Timing (counting only edges with en_i = 1): state_i/valid_i are taken by the round's first
// register at an enabled edge (edge 0); the round register after AddRoundKey is the S-th register,
// so state_o/valid_o show the result right after enabled edge S - 1 and the next round takes it at
// enabled edge S. rk_i is used combinationally in the round's last stage, i.e. before enabled edge
// S - 1 it must be the round key of the block taken at edge 0 (aesf_aes_pipe_key rk_o has exactly
// this timing; a fixed per-round key may simply be held).
// Data registers have no reset; only the valid chain is reset.
//
// Byte order: FIPS-197 byte n (n = 4c + r: column c, row r) of a state is bits [127-8n -: 8];
// block byte 0 in [127:120]. Worked examples: forward (FIPS-197 C.1, round 1): state_i =
// 128'h00102030405060708090a0b0c0d0e0f0, rk_i = 128'hd6aa74fdd2af72fadaa678f1d6ab76fe ->
// state_o = 128'h89d810e8855ace682d1843d8cb128fe4. Inverse, LAST = 1 (FIPS-197 C.1, last round
// of the inverse cipher): state_i = 128'h6353e08c0960e104cd70b751bacad0e7, rk_i =
// 128'h000102030405060708090a0b0c0d0e0f -> state_o = 128'h00112233445566778899aabbccddeeff.
// Latency: S = 1 + popcount(PIPE_MASK) enabled cycles per round; one block per enabled clock.

`default_nettype none

module aesf_aes_pipe_round #(
  parameter int SBOX_IMPL = 1,  // 0: LUT case ROM (aesf_sbox_lut), 1: composite field (aesf_sbox_cf),
                                // 2: synchronous block ROM (aesf_sbox_rom; needs P_SUB, no P_MID),
                                // 3: Boyar-Peralta circuit (aesf_sbox_bp; forward only, INVERSE = 0),
                                // 4: block ROM with its output register and no round register (above)
  parameter int PIPE_MASK = 0,  // 0..15, bits as above; bit 0 needs SBOX_IMPL 1 or 3, bit 3 needs
                                // SBOX_IMPL 3, SBOX_IMPL 2 and 4 need bit 1
  parameter int LAST      = 0,  // 0: full round, 1: last round (no (Inv)MixColumns)
  parameter int INVERSE   = 0   // 0: forward cipher round, 1: equivalent inverse cipher round
) (
  input  logic         clk_i,    // clock, rising edge
  input  logic         rst_ni,   // asynchronous active-low reset (valid chain only)
  input  logic         en_i,     // 1: every register of the round advances at this edge, 0: hold
  input  logic         valid_i,  // state_i holds a block
  input  logic [127:0] state_i,  // round input state, byte 0 in [127:120]
  input  logic [127:0] rk_i,     // round key of the block in the last stage, byte 0 in [127:120]
  output logic         valid_o,  // state_o holds a block (valid_i through S flops)
  output logic [127:0] state_o   // round output state (registered; SBOX_IMPL 4: logic after the last register)
);

  localparam int P_MID = PIPE_MASK % 2;
  localparam int P_SUB = (PIPE_MASK / 2) % 2;
  localparam int P_MIX  = (PIPE_MASK / 4) % 2;
  localparam int P_MID2 = (PIPE_MASK / 8) % 2;
  localparam int S      = 1 + P_MID + P_SUB + P_MIX + P_MID2;  // stages (cycles) of this round

  aesf_param_check #(
    .ILLEGAL(SBOX_IMPL < 0 || SBOX_IMPL > 4 || PIPE_MASK < 0 || PIPE_MASK > 15 || LAST < 0 || LAST > 1 ||
             INVERSE < 0 || INVERSE > 1 || (SBOX_IMPL != 1 && SBOX_IMPL != 3 && P_MID == 1) ||
             (SBOX_IMPL != 3 && P_MID2 == 1) || ((SBOX_IMPL == aesf_pkg::SboxRom || SBOX_IMPL == 4) && P_SUB == 0) ||
             (SBOX_IMPL == 3 && INVERSE == 1)),
    .MSG    ("aesf_aes_pipe_round: SBOX_IMPL 0..4, PIPE_MASK 0..15 (bit 0 only with SBOX_IMPL 1 or 3, bit 3 only with SBOX_IMPL 3, bit 1 set with SBOX_IMPL 2 and 4), LAST 0..1, INVERSE 0..1 (0 with SBOX_IMPL 3)")
  ) u_param_check ();

  // ShiftRows: output byte (c, r) = input byte ((c + r) mod 4, r);
  // InvShiftRows: output byte (c, r) = input byte ((c - r) mod 4, r).
  logic [127:0] sr;
  for (genvar c = 0; c < 4; c++) begin : gen_sr_col
    for (genvar r = 0; r < 4; r++) begin : gen_sr_row
      localparam int SRC = (INVERSE == 1) ? (c + 4 - r) % 4 : (c + r) % 4;
      assign sr[127 - 8*(4*c + r) -: 8] = state_i[127 - 8*(4*SRC + r) -: 8];
    end
  end

  // (Inv)SubBytes, optionally split at the composite-field seam, or in block ROMs that hold the P_SUB
  // register themselves.
  logic [127:0] sb;
  if (SBOX_IMPL == 3) begin : gen_sb_bp
    // Boyar-Peralta S-boxes with their seam registers (P_MID: seam A, P_MID2: seam B)
    aesf_aes_pipe_sbox_bp #(
      .N      (16),
      .SEAM_A (P_MID),
      .SEAM_B (P_MID2)
    ) u_sbox_bp (
      .clk_i  (clk_i),
      .en_i   (en_i),
      .data_i (sr),
      .data_o (sb)
    );
  end else if (SBOX_IMPL == aesf_pkg::SboxRom || SBOX_IMPL == 4) begin : gen_sb_rom
    for (genvar n = 0; n < 8; n++) begin : gen_rom
      aesf_sbox_rom #(
        .INVERSE (INVERSE),
        .OUT_REG ((SBOX_IMPL == 4) ? 1 : 0)
      ) u_sbox_rom (
        .clk_i (clk_i),
        .en_i  (en_i),
        .a_i   (sr[127 - 16*n -: 8]),
        .b_i   (sr[119 - 16*n -: 8]),
        .a_o   (sb[127 - 16*n -: 8]),
        .b_o   (sb[119 - 16*n -: 8])
      );
    end
  end else if (P_MID == 1) begin : gen_sb_split
    // the composite-field S-boxes with their seam register (aesf_aes_pipe_sbox_cf); byte n of sr keeps its place
    aesf_aes_pipe_sbox_cf #(
      .N       (16),
      .INVERSE (INVERSE),
      .SEAM    (1)
    ) u_sbox_cf (
      .clk_i  (clk_i),
      .en_i   (en_i),
      .data_i (sr),
      .data_o (sb)
    );
  end else begin : gen_sb_whole
    for (genvar n = 0; n < 16; n++) begin : gen_s
      aesf_sbox #(
        .IMPL    (SBOX_IMPL),
        .INVERSE (INVERSE)
      ) u_sbox (
        .inv_i  (1'b0),
        .data_i (sr[127 - 8*n -: 8]),
        .data_o (sb[127 - 8*n -: 8])
      );
    end
  end

  logic [127:0] sb_s;  // after the optional P_SUB register (inside the ROMs for SBOX_IMPL = 2 and 4)
  aesf_aes_pipe_stage #(
    .W  (128),
    .EN ((SBOX_IMPL == aesf_pkg::SboxRom || SBOX_IMPL == 4) ? 0 : P_SUB)
  ) u_reg_sub (
    .clk_i  (clk_i),
    .en_i   (en_i),
    .data_i (sb),
    .data_o (sb_s)
  );

  // (Inv)MixColumns (not in the last round).
  logic [127:0] mc;
  if (LAST == 0 && INVERSE == 0) begin : gen_mc
    for (genvar c = 0; c < 4; c++) begin : gen_col
      aesf_mixcolumn u_mixcolumn (
        .data_i (sb_s[127 - 32*c -: 32]),
        .data_o (mc[127 - 32*c -: 32])
      );
    end
  end else if (LAST == 0) begin : gen_imc
    for (genvar c = 0; c < 4; c++) begin : gen_col
      aesf_inv_mixcolumn u_inv_mixcolumn (
        .data_i (sb_s[127 - 32*c -: 32]),
        .data_o (mc[127 - 32*c -: 32])
      );
    end
  end else begin : gen_no_mc
    assign mc = sb_s;
  end

  logic [127:0] mc_s;  // after the optional P_MIX register
  aesf_aes_pipe_stage #(
    .W  (128),
    .EN (P_MIX)
  ) u_reg_mix (
    .clk_i  (clk_i),
    .en_i   (en_i),
    .data_i (mc),
    .data_o (mc_s)
  );

  // AddRoundKey and the round register (none with SBOX_IMPL 4: the ROMs' address register is the first stage).
  aesf_aes_pipe_stage #(
    .W  (128),
    .EN ((SBOX_IMPL == 4) ? 0 : 1)
  ) u_reg_round (
    .clk_i  (clk_i),
    .en_i   (en_i),
    .data_i (mc_s ^ rk_i),
    .data_o (state_o)
  );

  // Valid chain: S flops with reset, advancing with en_i.
  logic [S-1:0] valid_q;
  if (S == 1) begin : gen_v1
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) valid_q <= 1'b0;
      else if (en_i) valid_q <= valid_i;
    end
  end else begin : gen_vn
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) valid_q <= '0;
      else if (en_i) valid_q <= {valid_q[S-2:0], valid_i};
    end
  end
  assign valid_o = valid_q[S-1];

endmodule

`default_nettype wire
