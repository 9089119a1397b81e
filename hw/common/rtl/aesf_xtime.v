// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_xtime: multiplication by x ({02}) in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1 (FIPS-197 4.2.1), the step of
// the Rcon sequence (Rcon[i+1] = xtime(Rcon[i])) that every iterative key schedule of the library takes here.
// (MixColumns keeps its own xtime wires inside aesf_mixcolumn / aesf_inv_mixcolumn.)
//
// Byte order: a GF(2^8) element, the coefficient of x^7 in bit 7.
// Worked example: 8'h80 -> 8'h1b, 8'h57 -> 8'hae, 8'h36 -> 8'h6c.
// Latency: 0 cycles (combinational).

`default_nettype none

module aesf_xtime (
  input  logic [7:0] data_i,
  output logic [7:0] data_o   // data_i * {02}
);

  assign data_o = {data_i[6:0], 1'b0} ^ (data_i[7] ? 8'h1b : 8'h00);

endmodule

`default_nettype wire
