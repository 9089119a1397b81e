// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_sbox: AES S-box wrapper selecting the implementation by parameter.
//
//   IMPL    = 0: case-ROM tables (aesf_sbox_lut / aesf_inv_sbox_lut); INVERSE = 2 instantiates both
//                tables and a 2:1 byte mux.
//   IMPL    = 1: composite field GF((2^4)^2) (aesf_sbox_cf); INVERSE = 2 shares one GF inversion.
//   INVERSE = 0: forward only, 1: inverse only, 2: both, runtime select by inv_i.
//
// Bit order: data_i[7] is the MSB of the byte (coefficient of x^7), as in FIPS-197 3.2.
// Worked example: forward 8'h53 -> 8'hed; inverse 8'hed -> 8'h53.
// Latency: 0 cycles (combinational).

`default_nettype none

module aesf_sbox #(
  parameter int IMPL    = 0,  // 0: LUT case ROM, 1: composite field
  parameter int INVERSE = 0   // 0: forward, 1: inverse, 2: both (inv_i selects)
) (
  input  logic       inv_i,   // INVERSE = 2 only: 1 selects the inverse S-box (ignored otherwise)
  input  logic [7:0] data_i,  // input byte
  output logic [7:0] data_o   // S-box(data_i) or InvS-box(data_i)
);

  aesf_param_check #(
    .ILLEGAL(IMPL < 0 || IMPL > 1 || INVERSE < 0 || INVERSE > 2),
    .MSG    ("aesf_sbox: IMPL must be 0 or 1 and INVERSE 0, 1 or 2")
  ) u_param_check ();

  if (IMPL == aesf_pkg::SboxCf) begin : gen_cf
    logic [12:0] mid_unused;  // the seam is for pipelined users; this wrapper is combinational
    aesf_sbox_cf #(
      .INVERSE (INVERSE)
    ) u_sbox_cf (
      .inv_i  (inv_i),
      .data_i (data_i),
      .mid_i  (13'd0),
      .mid_o  (mid_unused),
      .data_o (data_o)
    );
  end else begin : gen_lut
    logic [7:0] fwd, inv;
    if (INVERSE != 1) begin : gen_fwd
      aesf_sbox_lut u_sbox_lut (
        .data_i (data_i),
        .data_o (fwd)
      );
    end else begin : gen_no_fwd
      assign fwd = '0;
    end
    if (INVERSE != 0) begin : gen_inv
      aesf_inv_sbox_lut u_inv_sbox_lut (
        .data_i (data_i),
        .data_o (inv)
      );
    end else begin : gen_no_inv
      assign inv = '0;
    end
    if (INVERSE == 2) begin : gen_sel
      assign data_o = inv_i ? inv : fwd;
    end else begin : gen_nosel
      logic unused_inv;
      assign unused_inv = inv_i;
      assign data_o     = (INVERSE == 1) ? inv : fwd;
    end
  end

endmodule

`default_nettype wire
