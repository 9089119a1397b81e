// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_sbox_lut: AES forward S-box (SubBytes), lookup table
//
// Pure combinational forward S-box as a 256-entry ROM (a constant table indexed by the input byte;
// synthesis maps it like a case ROM, and Icarus evaluates it far faster than a 256-way case) (the reference implementation
// every other S-box is proven against, see syn/equiv/sbox_equiv.ys).
//
// Bit order: data_i[7] is the most significant bit of the byte, i.e. the coefficient of
// x^7 in GF(2^8) = GF(2)[x]/(x^8 + x^4 + x^3 + x + 1), as in FIPS-197 section 3.2.
// Worked example (FIPS-197 section 5.1.1 / 5.3.2): data_i = 8'h53 gives data_o = 8'hed; data_i = 8'h00 gives 8'h63.
// Latency: 0 cycles (combinational).

`default_nettype none

(* keep_hierarchy *)
module aesf_sbox_lut (
  input  logic [7:0] data_i,  // input byte
  output logic [7:0] data_o   // S-box(data_i)
);

  // Entry i in bits [8*i+7 : 8*i]: entry 255 is the first hex pair below, entry 0 the last.
  localparam logic [2047:0] TABLE = {
    256'h16bb54b00f2d99416842e6bf0d89a18cdf2855cee9871e9b948ed9691198f8e1,
    256'h9e1dc186b95735610ef6034866b53e708a8bbd4b1f74dde8c6b4a61c2e2578ba,
    256'h08ae7a65eaf4566ca94ed58d6d37c8e779e4959162acd3c25c2406490a3a32e0,
    256'hdb0b5ede14b8ee4688902a22dc4f816073195d643d7ea7c41744975fec130ccd,
    256'hd2f3ff1021dab6bcf5389d928f40a351a89f3c507f02f94585334d43fbaaefd0,
    256'hcf584c4a39becb6a5bb1fc20ed00d153842fe329b3d63b52a05a6e1b1a2c8309,
    256'h75b227ebe28012079a059618c323c7041531d871f1e5a534ccf73f362693fdb7,
    256'hc072a49cafa2d4adf04759fa7dc982ca76abd7fe2b670130c56f6bf27b777c63
  };

  assign data_o = TABLE[{data_i, 3'b000} +: 8];

endmodule

`default_nettype wire
