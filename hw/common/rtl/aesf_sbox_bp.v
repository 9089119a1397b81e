// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_sbox_bp: forward AES S-box as the Boyar-Peralta depth-16 circuit (J. Boyar, R. Peralta, "A
// Small Depth-16 Circuit for the AES S-Box", IFIP SEC 2012, eprint 2011/332): a top linear layer
// (T1..T27, XORs of the input bits), a shared nonlinear middle (M1..M63: the GF(2^8) inversion done
// in GF((2^4)^2) with the basis changes folded into the linear layers) and a bottom linear layer
// (L0..L29) that also applies the FIPS-197 affine map: 34 AND + 94 XOR/XNOR, 16 gates deep; the names
// below are the paper's (U0..U7 in, S0..S7 out, D = U7). Proven equal to aesf_sbox_lut for all inputs,
// whole and split at every seam combination, by syn/equiv/sbox_bp_equiv.ys (tests/common/test_sbox_equiv.py).
//
// Pipelining seams (FROM / TO select the part of the circuit this instance computes), so a pipelined
// user (hw/aes_pipe) puts registers at seam A and/or B with one copy of the equations:
//   part 1: data_i (8)  -> seam A (22) = {18 T values used by the products, M20..M23}
//   part 2: seam A (22) -> seam B (18) = {M46..M63}: GF(2^4) inversion of M20..M23 and the 18 products
//   part 3: seam B (18) -> data_o (8)  = bottom linear layer
//   FROM = 0: input data_i, 1: input a_i (seam A), 2: input b_i (seam B)
//   TO   = 1: output a_o,   2: output b_o,          3: output data_o          (FROM < TO)
//   The whole S-box is FROM = 0, TO = 3. Outputs that TO does not select are 0; unused inputs are ignored.
// Seam A bit order (bit 21 .. bit 0): {T1, T2, T3, T4, T6, T8, T9, T10, T13, T15, T16, T17, T19,
// T20, T22, T23, T27, D, M20, M21, M22, M23}; seam B: {M46, M47, .., M63} (M46 in bit 17).
//
// Bit order: data_i[7] is the MSB of the byte (U0 = data_i[7] .. U7 = data_i[0]; S0 = data_o[7]).
// Worked example: 8'h53 -> 8'hed (FIPS-197 5.1.1). Forward direction only.
// Latency: 0 cycles (combinational).

`default_nettype none

// keep_hierarchy: each S-box part is mapped on its own (as aesf_sbox_cf).
(* keep_hierarchy *)
module aesf_sbox_bp #(
  parameter int FROM = 0,  // 0..2: first part computed - 1 (input port: 0 data_i, 1 a_i, 2 b_i)
  parameter int TO   = 3   // FROM+1..3: last part computed (output port: 1 a_o, 2 b_o, 3 data_o)
) (
  input  logic [7:0]  data_i,  // S-box input byte (FROM = 0)
  input  logic [21:0] a_i,     // seam A input (FROM = 1)
  input  logic [17:0] b_i,     // seam B input (FROM = 2)
  output logic [21:0] a_o,     // seam A output (TO = 1, else 0)
  output logic [17:0] b_o,     // seam B output (TO = 2, else 0)
  output logic [7:0]  data_o   // S-box output byte (TO = 3, else 0)
);

  // Illegal parameter values stop elaboration (Icarus 11 has no elaboration-time $error).
  aesf_param_check #(
    .ILLEGAL(FROM < 0 || FROM > 2 || TO < 1 || TO > 3 || FROM >= TO),
    .MSG    ("aesf_sbox_bp: FROM 0..2, TO 1..3, FROM < TO")
  ) u_param_check ();

  // ---------------------------------------------------------------- part 1: top linear layer, M1..M23
  logic u0, u1, u2, u3, u4, u5, u6, u7;
  assign {u0, u1, u2, u3, u4, u5, u6, u7} = data_i;
  logic t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14, t15, t16, t17, t18, t19, t20;
  logic t21, t22, t23, t24, t25, t26, t27;
  assign t1  = u0 ^ u3;   assign t2  = u0 ^ u5;   assign t3  = u0 ^ u6;   assign t4  = u3 ^ u5;
  assign t5  = u4 ^ u6;   assign t6  = t1 ^ t5;   assign t7  = u1 ^ u2;   assign t8  = u7 ^ t6;
  assign t9  = u7 ^ t7;   assign t10 = t6 ^ t7;   assign t11 = u1 ^ u5;   assign t12 = u2 ^ u5;
  assign t13 = t3 ^ t4;   assign t14 = t6 ^ t11;  assign t15 = t5 ^ t11;  assign t16 = t5 ^ t12;
  assign t17 = t9 ^ t16;  assign t18 = u3 ^ u7;   assign t19 = t7 ^ t18;  assign t20 = t1 ^ t19;
  assign t21 = u6 ^ u7;   assign t22 = t7 ^ t21;  assign t23 = t2 ^ t22;  assign t24 = t2 ^ t10;
  assign t25 = t20 ^ t17; assign t26 = t3 ^ t16;  assign t27 = t1 ^ t12;
  logic m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12, m13, m14, m15, m16, m17, m18, m19;
  logic m20, m21, m22, m23;
  assign m1  = t13 & t6;  assign m2  = t23 & t8;  assign m3  = t14 ^ m1;  assign m4  = t19 & u7;
  assign m5  = m4 ^ m1;   assign m6  = t3 & t16;  assign m7  = t22 & t9;  assign m8  = t26 ^ m6;
  assign m9  = t20 & t17; assign m10 = m9 ^ m6;   assign m11 = t1 & t15;  assign m12 = t4 & t27;
  assign m13 = m12 ^ m11; assign m14 = t2 & t10;  assign m15 = m14 ^ m11; assign m16 = m3 ^ m2;
  assign m17 = m5 ^ t24;  assign m18 = m8 ^ m7;   assign m19 = m10 ^ m15; assign m20 = m16 ^ m13;
  assign m21 = m17 ^ m15; assign m22 = m18 ^ m13; assign m23 = m19 ^ t25;
  logic [21:0] a_int;
  assign a_int = {t1, t2, t3, t4, t6, t8, t9, t10, t13, t15, t16, t17, t19, t20, t22, t23, t27, u7,
                  m20, m21, m22, m23};

  // ---------------------------------------------------------------- part 2: M24..M63
  logic [21:0] a;
  assign a = (FROM >= 1) ? a_i : a_int;
  logic at1, at2, at3, at4, at6, at8, at9, at10, at13, at15, at16, at17, at19, at20, at22, at23;
  logic at27, ad, am20, am21, am22, am23;
  assign {at1, at2, at3, at4, at6, at8, at9, at10, at13, at15, at16, at17, at19, at20, at22, at23, at27,
          ad, am20, am21, am22, am23} = a;
  logic m24, m25, m26, m27, m28, m29, m30, m31, m32, m33, m34, m35, m36, m37, m38, m39, m40, m41;
  logic m42, m43, m44, m45;
  assign m24 = am22 ^ am23; assign m25 = am22 & am20; assign m26 = am21 ^ m25;  assign m27 = am20 ^ am21;
  assign m28 = am23 ^ m25;  assign m29 = m28 & m27;   assign m30 = m26 & m24;   assign m31 = am20 & am23;
  assign m32 = m27 & m31;   assign m33 = m27 ^ m25;   assign m34 = am21 & am22; assign m35 = m24 & m34;
  assign m36 = m24 ^ m25;   assign m37 = am21 ^ m29;  assign m38 = m32 ^ m33;   assign m39 = am23 ^ m30;
  assign m40 = m35 ^ m36;   assign m41 = m38 ^ m40;   assign m42 = m37 ^ m39;   assign m43 = m37 ^ m38;
  assign m44 = m39 ^ m40;   assign m45 = m42 ^ m41;
  logic [17:0] b_int;
  assign b_int = {m44 & at6,  m40 & at8,  m39 & ad,   m43 & at16, m38 & at9,  m37 & at17,
                  m42 & at15, m45 & at27, m41 & at10, m44 & at13, m40 & at23, m39 & at19,
                  m43 & at3,  m38 & at22, m37 & at20, m42 & at1,  m45 & at4,  m41 & at2};

  // ---------------------------------------------------------------- part 3: bottom linear layer
  logic [17:0] b;
  assign b = (FROM == 2) ? b_i : b_int;
  logic m46, m47, m48, m49, m50, m51, m52, m53, m54, m55, m56, m57, m58, m59, m60, m61, m62, m63;
  assign {m46, m47, m48, m49, m50, m51, m52, m53, m54, m55, m56, m57, m58, m59, m60, m61, m62, m63} = b;
  logic l0, l1, l2, l3, l4, l5, l6, l7, l8, l9, l10, l11, l12, l13, l14, l15, l16, l17, l18, l19;
  logic l20, l21, l22, l23, l24, l25, l26, l27, l28, l29;
  assign l0  = m61 ^ m62; assign l1  = m50 ^ m56; assign l2  = m46 ^ m48; assign l3  = m47 ^ m55;
  assign l4  = m54 ^ m58; assign l5  = m49 ^ m61; assign l6  = m62 ^ l5;  assign l7  = m46 ^ l3;
  assign l8  = m51 ^ m59; assign l9  = m52 ^ m53; assign l10 = m53 ^ l4;  assign l11 = m60 ^ l2;
  assign l12 = m48 ^ m51; assign l13 = m50 ^ l0;  assign l14 = m52 ^ m61; assign l15 = m55 ^ l1;
  assign l16 = m56 ^ l0;  assign l17 = m57 ^ l1;  assign l18 = m58 ^ l8;  assign l19 = m63 ^ l4;
  assign l20 = l0 ^ l1;   assign l21 = l1 ^ l7;   assign l22 = l3 ^ l12;  assign l23 = l18 ^ l2;
  assign l24 = l15 ^ l9;  assign l25 = l6 ^ l10;  assign l26 = l7 ^ l9;   assign l27 = l8 ^ l10;
  assign l28 = l11 ^ l14; assign l29 = l11 ^ l17;
  logic [7:0] s;
  assign s = {l6 ^ l24, ~(l16 ^ l26), ~(l19 ^ l28), l6 ^ l21, l20 ^ l22, l25 ^ l29, ~(l13 ^ l27),
              ~(l6 ^ l23)};

  assign a_o    = (TO == 1) ? a_int : 22'd0;
  assign b_o    = (TO == 2) ? b_int : 18'd0;
  assign data_o = (TO == 3) ? s     : 8'd0;

  // Parts outside FROM..TO are left unconnected; synthesis removes them.
  logic unused_parts;
  assign unused_parts = ^{t5, t7, t11, t12, t14, t18, t21, t24, t25, t26, a_i, b_i, a_int, b_int, s};

endmodule

`default_nettype wire
