// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_mixcolumn: FIPS-197 MixColumns() on one 32-bit state column.
//
// Byte order: data_i[31:24] is row 0 of the column (s0,c), data_i[7:0] is row 3 (s3,c); in a
// 128-bit state (block byte 0 in [127:120]) column c is state[127-32*c -: 32].
//   b0 = 2a0 ^ 3a1 ^ a2 ^ a3    b1 = a0 ^ 2a1 ^ 3a2 ^ a3
//   b2 = a0 ^ a1 ^ 2a2 ^ 3a3    b3 = 3a0 ^ a1 ^ a2 ^ 2a3      (GF(2^8), poly 8'h1b)
// Worked example (FIPS-197 B, round 1, column 0): 32'hd4bf5d30 -> 32'h046681e5.
// Latency: 0 cycles (combinational).

`default_nettype none

module aesf_mixcolumn (
  input  logic [31:0] data_i,  // column in, row 0 in [31:24]
  output logic [31:0] data_o   // MixColumns(column)
);

  // Multiply by {02} in GF(2^8), as wires (function calls in continuous assigns are slow in Icarus).
  logic [7:0] a0, a1, a2, a3, x0, x1, x2, x3;
  assign {a0, a1, a2, a3} = data_i;
  assign x0 = {a0[6:0], 1'b0} ^ (a0[7] ? 8'h1b : 8'h00);
  assign x1 = {a1[6:0], 1'b0} ^ (a1[7] ? 8'h1b : 8'h00);
  assign x2 = {a2[6:0], 1'b0} ^ (a2[7] ? 8'h1b : 8'h00);
  assign x3 = {a3[6:0], 1'b0} ^ (a3[7] ? 8'h1b : 8'h00);

  assign data_o[31:24] = x0 ^ x1 ^ a1 ^ a2 ^ a3;
  assign data_o[23:16] = a0 ^ x1 ^ x2 ^ a2 ^ a3;
  assign data_o[15:8]  = a0 ^ a1 ^ x2 ^ x3 ^ a3;
  assign data_o[7:0]   = x0 ^ a0 ^ a1 ^ a2 ^ x3;

endmodule

`default_nettype wire
