// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_aes_pipe_sbox_cf: N forward or inverse S-boxes side by side (composite field, aesf_sbox_cf) with an
// optional pipeline register at the circuit's seam; SubBytes of aesf_aes_pipe_round (N = 16) and SubWord of
// aesf_aes_pipe_key (N = 4) with SBOX_IMPL = 1 and PIPE_MASK bit 0 (the composite-field counterpart of
// aesf_aes_pipe_sbox_bp).
//   SEAM = 1: register after stage 1 (aesf_sbox_cf STAGE 1 -> 12 bits per S-box -> STAGE 2). Only the 12
//             arithmetic bits {ah, al, d} are registered: the direction bit mid[12] is the constant INVERSE.
//   SEAM = 0: the whole S-box (STAGE 0), combinational.
// The register loads at an edge with en_i = 1 and holds otherwise (no reset: data only).
//
// Byte order: byte n of data_i is data_i[8n +: 8]; data_o[8n +: 8] = S-box(that byte) (InvS-box with
// INVERSE 1). The caller decides what a byte is (a state byte, a word byte).
// Latency: SEAM enabled cycles (0: combinational).

`default_nettype none

module aesf_aes_pipe_sbox_cf #(
  parameter int N       = 16,  // 1..16 S-boxes
  parameter int INVERSE = 0,   // 0: forward S-box, 1: inverse S-box
  parameter int SEAM    = 1    // 0..1: register at the seam
) (
  input  logic           clk_i,   // clock, rising edge
  input  logic           en_i,    // 1: the seam register advances at this edge, 0: hold
  input  logic [8*N-1:0] data_i,  // N input bytes
  output logic [8*N-1:0] data_o   // N S-box outputs, SEAM cycles later
);

  aesf_param_check #(
    .ILLEGAL(N < 1 || N > 16 || INVERSE < 0 || INVERSE > 1 || SEAM < 0 || SEAM > 1),
    .MSG    ("aesf_aes_pipe_sbox_cf: N 1..16, INVERSE 0..1, SEAM 0..1")
  ) u_param_check ();

  if (SEAM == 1) begin : gen_split
    logic [13*N-1:0] mid_d;
    logic [12*N-1:0] mid_12, mid_q;
    for (genvar n = 0; n < N; n++) begin : gen_s1
      logic [7:0] data_unused;
      aesf_sbox_cf #(
        .INVERSE (INVERSE),
        .STAGE   (1)
      ) u_sbox_s1 (
        .inv_i  (1'b0),
        .data_i (data_i[8*n +: 8]),
        .mid_i  (13'd0),
        .mid_o  (mid_d[13*n +: 13]),
        .data_o (data_unused)
      );
      assign mid_12[12*n +: 12] = mid_d[13*n +: 12];
      logic unused_dir;
      assign unused_dir = mid_d[13*n + 12];
    end
    aesf_aes_pipe_stage #(
      .W  (12*N),
      .EN (1)
    ) u_reg_mid (
      .clk_i  (clk_i),
      .en_i   (en_i),
      .data_i (mid_12),
      .data_o (mid_q)
    );
    for (genvar n = 0; n < N; n++) begin : gen_s2
      logic [12:0] mid_unused;
      aesf_sbox_cf #(
        .INVERSE (INVERSE),
        .STAGE   (2)
      ) u_sbox_s2 (
        .inv_i  (1'b0),
        .data_i (8'd0),
        .mid_i  ({1'(INVERSE), mid_q[12*n +: 12]}),
        .mid_o  (mid_unused),
        .data_o (data_o[8*n +: 8])
      );
    end
  end else begin : gen_whole
    for (genvar n = 0; n < N; n++) begin : gen_s
      logic [12:0] mid_unused;
      aesf_sbox_cf #(
        .INVERSE (INVERSE),
        .STAGE   (0)
      ) u_sbox (
        .inv_i  (1'b0),
        .data_i (data_i[8*n +: 8]),
        .mid_i  (13'd0),
        .mid_o  (mid_unused),
        .data_o (data_o[8*n +: 8])
      );
    end
    // clk_i and en_i are unused without the seam register
    logic unused_clk;
    assign unused_clk = ^{clk_i, en_i};
  end

endmodule

`default_nettype wire
