// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_inv_sbox_lut: AES inverse S-box (InvSubBytes), lookup table
//
// Pure combinational inverse S-box as a 256-entry ROM (a constant table indexed by the input byte;
// synthesis maps it like a case ROM, and Icarus evaluates it far faster than a 256-way case) (the reference implementation
// every other S-box is proven against, see syn/equiv/sbox_equiv.ys).
//
// Bit order: data_i[7] is the most significant bit of the byte, i.e. the coefficient of
// x^7 in GF(2^8) = GF(2)[x]/(x^8 + x^4 + x^3 + x + 1), as in FIPS-197 section 3.2.
// Worked example (FIPS-197 section 5.1.1 / 5.3.2): data_i = 8'hed gives data_o = 8'h53; data_i = 8'h63 gives 8'h00.
// Latency: 0 cycles (combinational).

`default_nettype none

(* keep_hierarchy *)
module aesf_inv_sbox_lut (
  input  logic [7:0] data_i,  // input byte
  output logic [7:0] data_o   // InvS-box(data_i)
);

  // Entry i in bits [8*i+7 : 8*i]: entry 255 is the first hex pair below, entry 0 the last.
  localparam logic [2047:0] TABLE = {
    256'h7d0c2155631469e126d677ba7e042b17619953833cbbebc8b0f52aae4d3be0a0,
    256'hef9cc9939f7ae52d0d4ab519a97f51605fec8027591012b131c7078833a8dd1f,
    256'hf45acd78fec0db9a2079d2c64b3e56fc1bbe18aa0e62b76f89c5291d711af147,
    256'h6edf751ce837f9e28535ade72274ac9673e6b4f0cecff297eadc674f4111913a,
    256'h6b8a130103bdafc1020f3fca8f1e2cd00645b3b80558e4f70ad3bc8c00abd890,
    256'h849d8da75746155edab9edfd5048706c92b6655dcc5ca4d41698688664f6f872,
    256'h25d18b6d49a25b76b224d92866a12e084ec3fa420b954cee3d23c2a632947b54,
    256'hcbe9dec444438e3487ff2f9b8239e37cfbd7f3819ea340bf38a53630d56a0952
  };

  assign data_o = TABLE[{data_i, 3'b000} +: 8];

endmodule

`default_nettype wire
