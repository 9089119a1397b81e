// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_aes_pipe_sbox_bp: N forward S-boxes side by side (Boyar-Peralta circuit, aesf_sbox_bp) with
// optional pipeline registers at the circuit's two seams; SubBytes of aesf_aes_pipe_round (N = 16)
// and SubWord of aesf_aes_pipe_key (N = 4) with SBOX_IMPL = 3.
//   SEAM_A = 1: register after part 1 (22 bits per S-box: 18 top-layer values and M20..M23)
//   SEAM_B = 1: register after part 2 (18 bits per S-box: the products M46..M63)
// Each register loads at an edge with en_i = 1 and holds otherwise (no reset: data only).
//
// Byte order: byte n of data_i is data_i[8n +: 8]; data_o[8n +: 8] = S-box(that byte). The caller
// decides what a byte is (a state byte, a word byte).
// Latency: SEAM_A + SEAM_B enabled cycles (0: combinational).

`default_nettype none

module aesf_aes_pipe_sbox_bp #(
  parameter int N      = 16,  // 1..16 S-boxes
  parameter int SEAM_A = 0,   // 0..1: register at seam A
  parameter int SEAM_B = 0    // 0..1: register at seam B
) (
  input  logic           clk_i,   // clock, rising edge
  input  logic           en_i,    // 1: the seam registers advance at this edge, 0: hold
  input  logic [8*N-1:0] data_i,  // N input bytes
  output logic [8*N-1:0] data_o   // N S-box outputs, SEAM_A + SEAM_B cycles later
);

  aesf_param_check #(
    .ILLEGAL(N < 1 || N > 16 || SEAM_A < 0 || SEAM_A > 1 || SEAM_B < 0 || SEAM_B > 1),
    .MSG    ("aesf_aes_pipe_sbox_bp: N 1..16, SEAM_A 0..1, SEAM_B 0..1")
  ) u_param_check ();

  // Part boundaries: the first instance runs from the byte to the first register (or to the end).
  localparam int TO1 = (SEAM_A == 1) ? 1 : ((SEAM_B == 1) ? 2 : 3);

  logic [22*N-1:0] a_d, a_q;  // seam A before / after its optional register
  logic [18*N-1:0] b_d, b_q;  // seam B before / after its optional register
  logic [8*N-1:0]  s1, s2, s3; // S-box outputs of the three possible last parts

  for (genvar n = 0; n < N; n++) begin : gen_p1
    logic [17:0] b_unused;
    aesf_sbox_bp #(
      .FROM (0),
      .TO   (TO1)
    ) u_p1 (
      .data_i (data_i[8*n +: 8]),
      .a_i    (22'd0),
      .b_i    (18'd0),
      .a_o    (a_d[22*n +: 22]),
      .b_o    (b_unused),
      .data_o (s1[8*n +: 8])
    );
    if (SEAM_A == 0) begin : gen_b_direct  // parts 1 and 2 in one instance
      assign b_d[18*n +: 18] = b_unused;
    end
  end

  if (SEAM_A == 1) begin : gen_seam_a
    aesf_aes_pipe_stage #(
      .W  (22*N),
      .EN (1)
    ) u_reg_a (
      .clk_i  (clk_i),
      .en_i   (en_i),
      .data_i (a_d),
      .data_o (a_q)
    );
    for (genvar n = 0; n < N; n++) begin : gen_p2
      logic [21:0] a_unused;
      aesf_sbox_bp #(
        .FROM (1),
        .TO   ((SEAM_B == 1) ? 2 : 3)
      ) u_p2 (
        .data_i (8'd0),
        .a_i    (a_q[22*n +: 22]),
        .b_i    (18'd0),
        .a_o    (a_unused),
        .b_o    (b_d[18*n +: 18]),
        .data_o (s2[8*n +: 8])
      );
    end
  end else begin : gen_no_seam_a
    assign a_q = '0;
    assign s2  = '0;
  end

  if (SEAM_B == 1) begin : gen_seam_b
    aesf_aes_pipe_stage #(
      .W  (18*N),
      .EN (1)
    ) u_reg_b (
      .clk_i  (clk_i),
      .en_i   (en_i),
      .data_i (b_d),
      .data_o (b_q)
    );
    for (genvar n = 0; n < N; n++) begin : gen_p3
      logic [21:0] a_unused;
      logic [17:0] b_unused;
      aesf_sbox_bp #(
        .FROM (2),
        .TO   (3)
      ) u_p3 (
        .data_i (8'd0),
        .a_i    (22'd0),
        .b_i    (b_q[18*n +: 18]),
        .a_o    (a_unused),
        .b_o    (b_unused),
        .data_o (s3[8*n +: 8])
      );
    end
    assign data_o = s3;
  end else begin : gen_no_seam_b
    assign b_q    = '0;
    assign s3     = '0;
    assign data_o = (SEAM_A == 1) ? s2 : s1;
  end

  // Seam outputs of the parts that do not end at a register are 0 (aesf_sbox_bp); clk_i and en_i are
  // unused without seam registers.
  logic unused_seams;
  assign unused_seams = ^{a_d, a_q, b_d, b_q, s1, s2, s3, clk_i, en_i};

endmodule

`default_nettype wire
