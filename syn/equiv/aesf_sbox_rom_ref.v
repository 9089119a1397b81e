// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// Reference for the proof syn/equiv/sbox_rom_equiv.ys (not a library module): two registered case-ROM
// S-boxes (aesf_sbox_lut / aesf_inv_sbox_lut) with the ports and timing of aesf_sbox_rom.

`default_nettype none

module aesf_sbox_rom_ref #(
  parameter int INVERSE = 0  // 0: forward, 1: inverse
) (
  input  logic       clk_i,
  input  logic       en_i,
  input  logic [7:0] a_i,
  input  logic [7:0] b_i,
  output logic [7:0] a_o,
  output logic [7:0] b_o
);
  logic [7:0] sa, sb;
  aesf_sbox #(.IMPL(0), .INVERSE(INVERSE)) u_a (.inv_i(1'b0), .data_i(a_i), .data_o(sa));
  aesf_sbox #(.IMPL(0), .INVERSE(INVERSE)) u_b (.inv_i(1'b0), .data_i(b_i), .data_o(sb));
  always_ff @(posedge clk_i) begin
    if (en_i) begin
      a_o <= sa;
      b_o <= sb;
    end
  end
endmodule

`default_nettype wire
