// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_sbox_dom: first-order masked AES S-box (forward), two shares, domain-oriented masking (DOM-indep,
// Gross, Mangard, Korak 2016) in the composite field of aesf_sbox_cf, pipelined in four register stages.
//
// The unmasked value is x = a0_i ^ a1_i; the output shares satisfy b0_o ^ b1_o = S(x). Every linear step
// (basis change, squaring, the affine map) runs on each share alone; every GF(2^4) product u * v of two
// shared values is a DOM multiplier: domain s keeps its inner term u_s * v_s and receives the cross term
// u_s * v_(1-s) ^ z (z: a fresh random nibble) through a register, so no wire or register ever combines
// the two shares of one value without a fresh mask in between.
//
//   GF(2^4) = GF(2)[x]/(x^4 + x + 1), GF((2^4)^2) = GF(2^4)[y]/(y^2 + y + lambda), lambda = 4'h8
//   (aesf_sbox_cf: the same matrices FIn / FOut, proven there against the FIPS-197 table).
//   a = ah*y + al, d = lambda*ah^2 + ah*al + al^2, a^-1 = (ah*d^-1)*y + (ah + al)*d^-1,
//   d^-1 = d^14 = d^2 * d^4 * d^8 (0 -> 0).
//   Stage A: d^2 = lambda^2 ah^4 + ah^2 al^2 + al^4 and d^4 = lambda^4 ah^8 + ah^4 al^4 + al^8, each with its
//            own DOM product (randomness rnd_i[3:0], [7:4]), so the two sharings are independent for stage B.
//   Stage B: d^6 = d^2 * d^4 (rnd_i[11:8]); d^8 = (d^4)^2 per share.
//   Stage C: d^14 = d^6 * d^8 (rnd_i[15:12]).
//   Stage D: ah * d^-1 (rnd_i[19:16]) and (ah + al) * d^-1 (rnd_i[23:20]); the output map is combinational
//            from the stage-D registers (constant 8'h63 on share 0 only).
//
// Latency: 4 clocks (the output of the input presented in cycle t is valid in cycle t + 4); a new input every
// clock. Randomness: 24 fresh bits per clock (rnd_i). No reset: the registers hold masked values or fresh
// randomness only, and a zero input flushes them in four clocks.
// Bit order: bit 7 of a share is the MSB of the byte (FIPS-197 3.2), as aesf_sbox_cf.
// Worked example: a0_i = 8'h53 ^ m, a1_i = m (any m) -> b0_o ^ b1_o = 8'hed four clocks later.

`default_nettype none

module aesf_sbox_dom (
  input  logic        clk_i,
  input  logic [7:0]  a0_i,    // input share 0
  input  logic [7:0]  a1_i,    // input share 1
  input  logic [23:0] rnd_i,   // fresh randomness of this clock (see the stage list above)
  output logic [7:0]  b0_o,    // output share 0 (4 clocks later)
  output logic [7:0]  b1_o     // output share 1
);

  localparam logic [63:0] FIn  = {8'ha0, 8'hac, 8'hd2, 8'h70, 8'h18, 8'hfc, 8'h04, 8'ha1};
  localparam logic [63:0] FOut = {8'h06, 8'hd0, 8'hee, 8'h3b, 8'h25, 8'h69, 8'h3f, 8'h45};

  // 8x8 GF(2) matrix times vector (row i of the matrix is MAT[8*i +: 8])
  function automatic logic [7:0] lin8(input logic [63:0] mat, input logic [7:0] v);
    for (int i = 0; i < 8; i++) begin
      lin8[i] = ^(mat[8*i +: 8] & v);
    end
  endfunction

  // GF(2^4) product modulo x^4 + x + 1, written out (schoolbook, then x^4 = x + 1, x^5 = x^2 + x, x^6 = x^3 + x^2)
  function automatic logic [3:0] gmul(input logic [3:0] a, input logic [3:0] b);
    logic [6:0] p;
    p[0] = a[0] & b[0];
    p[1] = (a[1] & b[0]) ^ (a[0] & b[1]);
    p[2] = (a[2] & b[0]) ^ (a[1] & b[1]) ^ (a[0] & b[2]);
    p[3] = (a[3] & b[0]) ^ (a[2] & b[1]) ^ (a[1] & b[2]) ^ (a[0] & b[3]);
    p[4] = (a[3] & b[1]) ^ (a[2] & b[2]) ^ (a[1] & b[3]);
    p[5] = (a[3] & b[2]) ^ (a[2] & b[3]);
    p[6] = a[3] & b[3];
    gmul = {p[3] ^ p[6], p[2] ^ p[6] ^ p[5], p[1] ^ p[5] ^ p[4], p[0] ^ p[4]};
  endfunction

  // squaring is linear in GF(2^4): (a3 x^3 + a2 x^2 + a1 x + a0)^2 = a3 x^6 + a2 x^4 + a1 x^2 + a0
  function automatic logic [3:0] gsq(input logic [3:0] a);
    gsq = {a[3], a[1] ^ a[3], a[2], a[0] ^ a[2]};
  endfunction

  // ---- stage A: input map, d^2 and d^4 (two DOM products)
  logic [7:0] x0, x1;
  logic [3:0] ah0, al0, ah1, al1;
  logic [3:0] h2_0, l2_0, h2_1, l2_1, h4_0, l4_0, h4_1, l4_1;
  assign x0  = lin8(FIn, a0_i);
  assign x1  = lin8(FIn, a1_i);
  assign ah0 = x0[7:4];
  assign al0 = x0[3:0];
  assign ah1 = x1[7:4];
  assign al1 = x1[3:0];
  assign h2_0 = gsq(ah0);
  assign l2_0 = gsq(al0);
  assign h2_1 = gsq(ah1);
  assign l2_1 = gsq(al1);
  assign h4_0 = gsq(h2_0);
  assign l4_0 = gsq(l2_0);
  assign h4_1 = gsq(h2_1);
  assign l4_1 = gsq(l2_1);

  // lambda^2 and lambda^4 (products with a constant are linear: applied per share)
  localparam logic [3:0] LAM2 = 4'hc;   // x^6 = x^3 + x^2 (lambda = x^3)
  localparam logic [3:0] LAM4 = 4'hf;   // x^12 = x^3 + x^2 + x + 1

  logic [3:0] a2i0_q, a2i1_q, a2c0_q, a2c1_q;   // d^2: inner (incl. the linear terms) and cross terms
  logic [3:0] a4i0_q, a4i1_q, a4c0_q, a4c1_q;   // d^4
  logic [7:0] pa0_q, pa1_q;                      // (ah, al) per share, for stage D
  always_ff @(posedge clk_i) begin
    a2i0_q <= gmul(LAM2, h4_0) ^ l4_0 ^ gmul(h2_0, l2_0);
    a2i1_q <= gmul(LAM2, h4_1) ^ l4_1 ^ gmul(h2_1, l2_1);
    a2c0_q <= gmul(h2_0, l2_1) ^ rnd_i[3:0];
    a2c1_q <= gmul(h2_1, l2_0) ^ rnd_i[3:0];
    a4i0_q <= gmul(LAM4, gsq(h4_0)) ^ gsq(l4_0) ^ gmul(h4_0, l4_0);
    a4i1_q <= gmul(LAM4, gsq(h4_1)) ^ gsq(l4_1) ^ gmul(h4_1, l4_1);
    a4c0_q <= gmul(h4_0, l4_1) ^ rnd_i[7:4];
    a4c1_q <= gmul(h4_1, l4_0) ^ rnd_i[7:4];
    pa0_q  <= x0;
    pa1_q  <= x1;
  end

  // ---- stage B: d^6 = d^2 * d^4, d^8 per share
  logic [3:0] d2_0, d2_1, d4_0, d4_1;
  assign d2_0 = a2i0_q ^ a2c0_q;
  assign d2_1 = a2i1_q ^ a2c1_q;
  assign d4_0 = a4i0_q ^ a4c0_q;
  assign d4_1 = a4i1_q ^ a4c1_q;

  logic [3:0] b6i0_q, b6i1_q, b6c0_q, b6c1_q, b8_0_q, b8_1_q;
  logic [7:0] pb0_q, pb1_q;
  always_ff @(posedge clk_i) begin
    b6i0_q <= gmul(d2_0, d4_0);
    b6i1_q <= gmul(d2_1, d4_1);
    b6c0_q <= gmul(d2_0, d4_1) ^ rnd_i[11:8];
    b6c1_q <= gmul(d2_1, d4_0) ^ rnd_i[11:8];
    b8_0_q <= gsq(d4_0);
    b8_1_q <= gsq(d4_1);
    pb0_q  <= pa0_q;
    pb1_q  <= pa1_q;
  end

  // ---- stage C: d^14 = d^6 * d^8
  logic [3:0] d6_0, d6_1;
  assign d6_0 = b6i0_q ^ b6c0_q;
  assign d6_1 = b6i1_q ^ b6c1_q;

  logic [3:0] cvi0_q, cvi1_q, cvc0_q, cvc1_q;
  logic [7:0] pc0_q, pc1_q;
  always_ff @(posedge clk_i) begin
    cvi0_q <= gmul(d6_0, b8_0_q);
    cvi1_q <= gmul(d6_1, b8_1_q);
    cvc0_q <= gmul(d6_0, b8_1_q) ^ rnd_i[15:12];
    cvc1_q <= gmul(d6_1, b8_0_q) ^ rnd_i[15:12];
    pc0_q  <= pb0_q;
    pc1_q  <= pb1_q;
  end

  // ---- stage D: ah * d^-1 and (ah + al) * d^-1
  logic [3:0] v0, v1, h0, h1, s0, s1;
  assign v0 = cvi0_q ^ cvc0_q;
  assign v1 = cvi1_q ^ cvc1_q;
  assign h0 = pc0_q[7:4];
  assign h1 = pc1_q[7:4];
  assign s0 = pc0_q[7:4] ^ pc0_q[3:0];
  assign s1 = pc1_q[7:4] ^ pc1_q[3:0];

  logic [3:0] dhi0_q, dhi1_q, dhc0_q, dhc1_q, dli0_q, dli1_q, dlc0_q, dlc1_q;
  always_ff @(posedge clk_i) begin
    dhi0_q <= gmul(h0, v0);
    dhi1_q <= gmul(h1, v1);
    dhc0_q <= gmul(h0, v1) ^ rnd_i[19:16];
    dhc1_q <= gmul(h1, v0) ^ rnd_i[19:16];
    dli0_q <= gmul(s0, v0);
    dli1_q <= gmul(s1, v1);
    dlc0_q <= gmul(s0, v1) ^ rnd_i[23:20];
    dlc1_q <= gmul(s1, v0) ^ rnd_i[23:20];
  end

  // ---- output map (share 0 takes the affine constant)
  assign b0_o = lin8(FOut, {dhi0_q ^ dhc0_q, dli0_q ^ dlc0_q}) ^ 8'h63;
  assign b1_o = lin8(FOut, {dhi1_q ^ dhc1_q, dli1_q ^ dlc1_q});

endmodule

`default_nettype wire
