// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_aes_pipe_round: one sub-pipelined AES encryption round of the fully unrolled core
// (hw/aes_pipe, seed 002 Figures 4 and 6), data path only; the round key comes from outside
// (aesf_aes_pipe_key, or a fixed per-round key register in a multi-lane user).
//
//   state_o = AddRoundKey(MixColumns(SubBytes(ShiftRows(state_i))), rk_i)   (LAST = 0)
//   state_o = AddRoundKey(SubBytes(ShiftRows(state_i)), rk_i)               (LAST = 1)
// ShiftRows is applied first (it commutes with SubBytes and is wiring only).
//
// Register insertion points (PIPE_MASK, one bit each, seed 002 Algorithm 1):
//   bit 0  P_MID  inside the S-box, at the composite-field seam of aesf_sbox_cf (STAGE 1 | 2):
//                 16 x 12 flops (SBOX_IMPL = 1 only; the LUT case ROM has no seam)
//   bit 1  P_SUB  after SubBytes (+ ShiftRows): 128 flops
//   bit 2  P_MIX  after MixColumns, before AddRoundKey: 128 flops
//   always        after AddRoundKey (the round register, state_o): 128 flops
// Stages per round S = 1 + popcount(PIPE_MASK); k = popcount(PIPE_MASK) is the paper's number of
// inserted registers.
//
// Timing: state_i/valid_i are taken by the round's first register at a rising edge (edge 0); the round
// register after AddRoundKey is the S-th register, so state_o/valid_o show the result right after edge
// S - 1 and the next round takes it at edge S. rk_i is used combinationally in the round's last stage,
// i.e. during the cycle before edge S - 1 it must be the round key of the block taken at edge 0
// (aesf_aes_pipe_key rk_o has exactly this timing; a fixed per-round key may simply be held).
// Every data register is free-running (no enable, no reset); only the valid chain is reset.
//
// Byte order: FIPS-197 byte n (n = 4c + r: column c, row r) of a state is bits [127-8n -: 8];
// block byte 0 in [127:120]. Worked example (FIPS-197 C.1, round 1): state_i =
// 128'h00102030405060708090a0b0c0d0e0f0, rk_i = 128'hd6aa74fdd2af72fadaa678f1d6ab76fe ->
// state_o = 128'h89d810e8855ace682d1843d8cb128fe4.
// Latency: S = 1 + popcount(PIPE_MASK) registers (cycles) per round; one block per clock, no stall.

`default_nettype none

module aesf_aes_pipe_round #(
  parameter int SBOX_IMPL = 1,  // 0: LUT case ROM (aesf_sbox_lut), 1: composite field (aesf_sbox_cf)
  parameter int PIPE_MASK = 0,  // 0..7, bits as above; bit 0 needs SBOX_IMPL = 1
  parameter int LAST      = 0   // 0: full round, 1: last round (no MixColumns)
) (
  input  logic         clk_i,    // clock, rising edge
  input  logic         rst_ni,   // asynchronous active-low reset (valid chain only)
  input  logic         valid_i,  // state_i holds a block
  input  logic [127:0] state_i,  // round input state, byte 0 in [127:120]
  input  logic [127:0] rk_i,     // round key of the block in the last stage, byte 0 in [127:120]
  output logic         valid_o,  // state_o holds a block (valid_i through S flops)
  output logic [127:0] state_o   // round output state (registered)
);

  localparam int P_MID = PIPE_MASK % 2;
  localparam int P_SUB = (PIPE_MASK / 2) % 2;
  localparam int P_MIX = (PIPE_MASK / 4) % 2;
  localparam int S     = 1 + P_MID + P_SUB + P_MIX;  // stages (cycles) of this round

  if (SBOX_IMPL < 0 || SBOX_IMPL > 1 || PIPE_MASK < 0 || PIPE_MASK > 7 || LAST < 0 || LAST > 1 ||
      (SBOX_IMPL == 0 && P_MID == 1)) begin : gen_param_err
`ifdef __ICARUS__
    aesf_illegal_parameter_value u_illegal_parameter_value ();
`else
    $error("aesf_aes_pipe_round: SBOX_IMPL 0..1, PIPE_MASK 0..7 (bit 0 only with SBOX_IMPL = 1), LAST 0..1");
`endif
  end

  // ShiftRows: output byte (c, r) = input byte ((c + r) mod 4, r).
  logic [127:0] sr;
  for (genvar c = 0; c < 4; c++) begin : gen_sr_col
    for (genvar r = 0; r < 4; r++) begin : gen_sr_row
      assign sr[127 - 8*(4*c + r) -: 8] = state_i[127 - 8*(4*((c + r) % 4) + r) -: 8];
    end
  end

  // SubBytes, optionally split at the composite-field seam.
  logic [127:0] sb;
  if (P_MID == 1) begin : gen_sb_split
    // Only the 12 arithmetic bits {ah, al, d} of each seam are registered: the direction bit
    // mid[12] is a constant 0 (forward S-box).
    logic [16*13-1:0] mid_d;
    logic [16*12-1:0] mid_12, mid_q;
    for (genvar n = 0; n < 16; n++) begin : gen_s1
      logic [7:0] data_unused;
      aesf_sbox_cf #(
        .INVERSE (0),
        .STAGE   (1)
      ) u_sbox_s1 (
        .inv_i  (1'b0),
        .data_i (sr[127 - 8*n -: 8]),
        .mid_i  (13'd0),
        .mid_o  (mid_d[13*n +: 13]),
        .data_o (data_unused)
      );
      assign mid_12[12*n +: 12] = mid_d[13*n +: 12];
      logic unused_dir;
      assign unused_dir = mid_d[13*n + 12];
    end
    aesf_aes_pipe_stage #(
      .W  (16*12),
      .EN (1)
    ) u_reg_mid (
      .clk_i  (clk_i),
      .data_i (mid_12),
      .data_o (mid_q)
    );
    for (genvar n = 0; n < 16; n++) begin : gen_s2
      logic [12:0] mid_unused;
      aesf_sbox_cf #(
        .INVERSE (0),
        .STAGE   (2)
      ) u_sbox_s2 (
        .inv_i  (1'b0),
        .data_i (8'd0),
        .mid_i  ({1'b0, mid_q[12*n +: 12]}),
        .mid_o  (mid_unused),
        .data_o (sb[127 - 8*n -: 8])
      );
    end
  end else begin : gen_sb_whole
    for (genvar n = 0; n < 16; n++) begin : gen_s
      aesf_sbox #(
        .IMPL    (SBOX_IMPL),
        .INVERSE (0)
      ) u_sbox (
        .inv_i  (1'b0),
        .data_i (sr[127 - 8*n -: 8]),
        .data_o (sb[127 - 8*n -: 8])
      );
    end
  end

  logic [127:0] sb_s;  // after the optional P_SUB register
  aesf_aes_pipe_stage #(
    .W  (128),
    .EN (P_SUB)
  ) u_reg_sub (
    .clk_i  (clk_i),
    .data_i (sb),
    .data_o (sb_s)
  );

  // MixColumns (not in the last round).
  logic [127:0] mc;
  if (LAST == 0) begin : gen_mc
    for (genvar c = 0; c < 4; c++) begin : gen_col
      aesf_mixcolumn u_mixcolumn (
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
    .data_i (mc),
    .data_o (mc_s)
  );

  // AddRoundKey and the round register.
  aesf_aes_pipe_stage #(
    .W  (128),
    .EN (1)
  ) u_reg_round (
    .clk_i  (clk_i),
    .data_i (mc_s ^ rk_i),
    .data_o (state_o)
  );

  // Valid chain: S flops with reset.
  logic [S-1:0] valid_q;
  if (S == 1) begin : gen_v1
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) valid_q <= 1'b0;
      else         valid_q <= valid_i;
    end
  end else begin : gen_vn
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) valid_q <= '0;
      else         valid_q <= {valid_q[S-2:0], valid_i};
    end
  end
  assign valid_o = valid_q[S-1];

endmodule

`default_nettype wire
