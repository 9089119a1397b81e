// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_inv_mixcolumn: FIPS-197 InvMixColumns() on one 32-bit state column.
//
// Byte order: data_i[31:24] is row 0 of the column, data_i[7:0] is row 3; in a 128-bit state
// (block byte 0 in [127:120]) column c is state[127-32*c -: 32].
//   b0 = e a0 ^ b a1 ^ d a2 ^ 9 a3    b1 = 9 a0 ^ e a1 ^ b a2 ^ d a3
//   b2 = d a0 ^ 9 a1 ^ e a2 ^ b a3    b3 = b a0 ^ d a1 ^ 9 a2 ^ e a3   (GF(2^8), poly 8'h1b)
// Worked example: inverse of aesf_mixcolumn, 32'h046681e5 -> 32'hd4bf5d30.
// Latency: 0 cycles (combinational).

`default_nettype none

module aesf_inv_mixcolumn (
  input  logic [31:0] data_i,  // column in, row 0 in [31:24]
  output logic [31:0] data_o   // InvMixColumns(column)
);

  // Multiples {02}, {04}, {08} of each byte as wires (function calls in continuous assigns are slow in
  // Icarus); {09} = 8+1, {0b} = 8+2+1, {0d} = 8+4+1, {0e} = 8+4+2.
  logic [7:0] a [4];
  logic [7:0] m2 [4];
  logic [7:0] m4 [4];
  logic [7:0] m8 [4];
  logic [7:0] m9 [4];
  logic [7:0] mb [4];
  logic [7:0] md [4];
  logic [7:0] me [4];
  assign {a[0], a[1], a[2], a[3]} = data_i;
  for (genvar i = 0; i < 4; i++) begin : gen_mul
    assign m2[i] = {a[i][6:0], 1'b0}  ^ (a[i][7]  ? 8'h1b : 8'h00);
    assign m4[i] = {m2[i][6:0], 1'b0} ^ (m2[i][7] ? 8'h1b : 8'h00);
    assign m8[i] = {m4[i][6:0], 1'b0} ^ (m4[i][7] ? 8'h1b : 8'h00);
    assign m9[i] = m8[i] ^ a[i];
    assign mb[i] = m8[i] ^ m2[i] ^ a[i];
    assign md[i] = m8[i] ^ m4[i] ^ a[i];
    assign me[i] = m8[i] ^ m4[i] ^ m2[i];
  end

  assign data_o[31:24] = me[0] ^ mb[1] ^ md[2] ^ m9[3];
  assign data_o[23:16] = m9[0] ^ me[1] ^ mb[2] ^ md[3];
  assign data_o[15:8]  = md[0] ^ m9[1] ^ me[2] ^ mb[3];
  assign data_o[7:0]   = mb[0] ^ md[1] ^ m9[2] ^ me[3];

endmodule

`default_nettype wire
