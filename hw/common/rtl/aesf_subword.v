// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_subword: FIPS-197 SubWord(), the forward S-box applied to each byte of a 32-bit word.
//
// Byte order: word byte 0 (the first byte of the FIPS-197 word, a0 in [a0,a1,a2,a3]) is
// data_i[31:24]; byte 3 is data_i[7:0]. Bit 7 of each byte is its MSB.
// Worked example: SubWord(32'h cf4f3c09) = 32'h 8a84eb01 (FIPS-197 A.1, i = 4).
// Latency: 0 cycles (combinational).

`default_nettype none

module aesf_subword #(
  parameter int SBOX_IMPL = 0  // 0: LUT case ROM, 1: composite field
) (
  input  logic [31:0] data_i,  // word in, byte 0 in [31:24]
  output logic [31:0] data_o   // SubWord(data_i)
);

  for (genvar i = 0; i < 4; i++) begin : gen_sbox
    aesf_sbox #(
      .IMPL    (SBOX_IMPL),
      .INVERSE (0)
    ) u_sbox (
      .inv_i  (1'b0),
      .data_i (data_i[8*i +: 8]),
      .data_o (data_o[8*i +: 8])
    );
  end

endmodule

`default_nettype wire
