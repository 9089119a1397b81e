// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_sbox_cf: AES S-box in the composite field GF((2^4)^2), forward and/or inverse.
//
// The multiplicative inverse in GF(2^8) is computed in an isomorphic composite field:
//   GF(2^4) = GF(2)[x]/(x^4 + x + 1),   GF((2^4)^2) = GF(2^4)[y]/(y^2 + y + lambda), lambda = 4'h8.
// An element a = ah*y + al (ah = bits [7:4], al = bits [3:0]) has the inverse
//   d = lambda*ah^2 + ah*al + al^2  (in GF(2^4)),  a^-1 = (ah*d^-1)*y + (ah+al)*d^-1   (0 maps to 0).
// The 8x8 GF(2) matrices below change basis (AES polynomial basis <-> composite basis, root
// beta = 8'h20 of x^8+x^4+x^3+x+1) and, for the forward direction, fold in the FIPS-197 affine
// transform; they were derived and checked for all 256 inputs by a script, and the module is
// proven equal to aesf_sbox_lut / aesf_inv_sbox_lut by syn/equiv/sbox_equiv.ys.
//   forward: data_o = F_OUT * inv(F_IN * data_i) ^ 8'h63
//   inverse: data_o = I_OUT * inv(I_IN * data_i ^ 8'h47)   (8'h47 = I_IN * 8'h63)
// With INVERSE = 2 both directions share the GF inversion; only the input and output linear
// maps are duplicated and selected by inv_i.
//
// Matrix encoding: row i of an 8x8 matrix is MAT[8*i +: 8]; output bit i = ^(row_i & input).
//
// Bit order: data_i[7] is the MSB of the byte (coefficient of x^7), as in FIPS-197 3.2.
// Worked example: forward 8'h53 -> 8'hed, inverse 8'hed -> 8'h53 (FIPS-197 5.1.1).
// Latency: 0 cycles (combinational).
//
// Pipelining seam (STAGE parameter): the logic is split into
//   stage 1: input map + (ah, al, d)    -> mid = {inv, ah, al, d} (13 bits)
//   stage 2: d^-1, two GF(2^4) multiplies, output map
// STAGE = 0 is the whole S-box; STAGE = 1 / STAGE = 2 are its two halves, so a pipelined user puts
// a 12-bit (13 with a run-time direction) register between a STAGE=1 and a STAGE=2 instance: this
// is the retimed 2-stage composite-field S-box of seed 001 ("12 flip-flops before the paths
// converge") and the sub-stage split of seeds 002/003, with one copy of the arithmetic.
//   STAGE 0: data_i -> data_o (mid_o shows the seam, mid_i ignored)
//   STAGE 1: data_i -> mid_o  (data_o = 0, mid_i ignored)
//   STAGE 2: mid_i  -> data_o (data_i, inv_i ignored; the direction travels in mid_i[12])

`default_nettype none

// keep_hierarchy: synthesize each S-box on its own (flattened into the round logic, ABC maps
// the ROMs much worse on xc7: 5.5k vs 3.4k LUTs for aesf_aes_iter DECRYPT=1).
(* keep_hierarchy *)
module aesf_sbox_cf #(
  parameter int INVERSE = 0, // 0: forward S-box, 1: inverse S-box, 2: both, selected by inv_i
  parameter int STAGE   = 0  // 0: whole S-box, 1: first half only, 2: second half only (see above)
) (
  input  logic        inv_i,   // INVERSE = 2 only: 1 selects the inverse S-box (ignored otherwise)
  input  logic [7:0]  data_i,  // input byte (STAGE 0, 1)
  input  logic [12:0] mid_i,   // seam input {inv, ah, al, d} (STAGE 2 only)
  output logic [12:0] mid_o,   // seam output {inv, ah, al, d} (STAGE 0, 1)
  output logic [7:0]  data_o   // S-box(data_i) or InvS-box(data_i) (STAGE 0, 2; 0 for STAGE 1)
);

  // Illegal parameter values stop elaboration (Icarus 11 has no elaboration-time $error).
  aesf_param_check #(
    .ILLEGAL(INVERSE < 0 || INVERSE > 2 || STAGE < 0 || STAGE > 2),
    .MSG    ("aesf_sbox_cf: INVERSE must be 0, 1 or 2 and STAGE 0, 1 or 2")
  ) u_param_check ();

  localparam logic [63:0] F_IN  = {8'ha0, 8'hac, 8'hd2, 8'h70, 8'h18, 8'hfc, 8'h04, 8'ha1};
  localparam logic [63:0] F_OUT = {8'h06, 8'hd0, 8'hee, 8'h3b, 8'h25, 8'h69, 8'h3f, 8'h45};
  localparam logic [63:0] I_IN  = {8'hc6, 8'h71, 8'h78, 8'hf7, 8'h6f, 8'h12, 8'h92, 8'h62};
  localparam logic [63:0] I_OUT = {8'hd4, 8'h8e, 8'h54, 8'hca, 8'hc2, 8'h02, 8'hb0, 8'h81};
  localparam logic [7:0]  I_IN_C  = 8'h47;
  localparam logic [7:0]  F_OUT_C = 8'h63;

  // 8x8 GF(2) matrix times vector.
  function automatic logic [7:0] mat_mul(input logic [63:0] mat, input logic [7:0] x);
    for (int i = 0; i < 8; i++) begin
      mat_mul[i] = ^(mat[8*i +: 8] & x);
    end
  endfunction

  // GF(2^4) multiply modulo x^4 + x + 1.
  function automatic logic [3:0] gf4_mul(input logic [3:0] a, input logic [3:0] b);
    logic [6:0] p;
    p = '0;
    for (int i = 0; i < 4; i++) begin
      if (b[i]) p = p ^ (7'(a) << i);
    end
    for (int i = 6; i >= 4; i--) begin
      if (p[i]) p = p ^ (7'(5'b10011) << (i - 4));
    end
    gf4_mul = p[3:0];
  endfunction

  // GF(2^4) inverse (0 -> 0).
  function automatic logic [3:0] gf4_inv(input logic [3:0] a);
    case (a)
      4'h0: gf4_inv = 4'h0;  4'h1: gf4_inv = 4'h1;  4'h2: gf4_inv = 4'h9;  4'h3: gf4_inv = 4'he;
      4'h4: gf4_inv = 4'hd;  4'h5: gf4_inv = 4'hb;  4'h6: gf4_inv = 4'h7;  4'h7: gf4_inv = 4'h6;
      4'h8: gf4_inv = 4'hf;  4'h9: gf4_inv = 4'h2;  4'ha: gf4_inv = 4'hc;  4'hb: gf4_inv = 4'h5;
      4'hc: gf4_inv = 4'ha;  4'hd: gf4_inv = 4'h4;  4'he: gf4_inv = 4'h3;  default: gf4_inv = 4'h8;
    endcase
  endfunction

  // lambda * a^2 in GF(2^4), lambda = 4'h8.
  function automatic logic [3:0] gf4_sq_lambda(input logic [3:0] a);
    gf4_sq_lambda = gf4_mul(gf4_mul(a, a), 4'h8);
  endfunction

  logic       sel_inv, sel_inv2;
  logic [7:0] a_fwd, a_inv, a_cf;   // input in composite basis
  logic [3:0] ah, al, d;            // stage-1 results (the seam)
  logic [3:0] ah2, al2, d2, d_inv;  // stage-2 inputs and d^-1
  logic [7:0] b_cf;                 // inverse in composite basis
  logic [7:0] o_fwd, o_inv, o_sel;
  logic [12:0] mid;

  // Unused-select tie-off: only INVERSE = 2 looks at inv_i.
  if (INVERSE == 2) begin : gen_sel_rt
    assign sel_inv = inv_i;
  end else begin : gen_sel_fix
    assign sel_inv = (INVERSE == 1);
  end

  // Stage 1: input linear map and the GF(2^4) norm d.
  assign a_fwd = mat_mul(F_IN, data_i);
  assign a_inv = mat_mul(I_IN, data_i) ^ I_IN_C;
  assign a_cf  = sel_inv ? a_inv : a_fwd;
  assign ah    = a_cf[7:4];
  assign al    = a_cf[3:0];
  assign d     = gf4_sq_lambda(ah) ^ gf4_mul(ah, al) ^ gf4_mul(al, al);
  assign mid   = {sel_inv, ah, al, d};

  // Seam: stage 2 reads stage 1 (STAGE 0) or the caller's register (STAGE 2).
  if (STAGE == 2) begin : gen_mid_in
    logic unused_s1;
    assign unused_s1 = ^{mid, inv_i};
    assign {sel_inv2, ah2, al2, d2} = (INVERSE == 2) ? mid_i : {(INVERSE == 1), mid_i[11:0]};
    if (INVERSE != 2) begin : gen_unused_dir
      logic unused_dir;
      assign unused_dir = mid_i[12];
    end
  end else begin : gen_mid_int
    logic unused_mid_i;
    assign unused_mid_i = ^{mid_i, inv_i};
    assign {sel_inv2, ah2, al2, d2} = mid;
  end

  // Stage 2: d^-1, the inverse, output linear map.
  assign d_inv = gf4_inv(d2);
  assign b_cf  = {gf4_mul(ah2, d_inv), gf4_mul(ah2 ^ al2, d_inv)};
  assign o_fwd = mat_mul(F_OUT, b_cf) ^ F_OUT_C;
  assign o_inv = mat_mul(I_OUT, b_cf);
  assign o_sel = sel_inv2 ? o_inv : o_fwd;

  assign mid_o  = (STAGE == 2) ? 13'd0 : mid;
  assign data_o = (STAGE == 1) ? 8'd0  : o_sel;

endmodule

`default_nettype wire
