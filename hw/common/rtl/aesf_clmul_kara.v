// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_clmul_kara: W x W carry-less (GF(2)[x]) polynomial multiplier, recursive Karatsuba with optional
// pipeline registers per recursion level.
//
//   p(x) = a(x) * b(x),  a_i[k] / b_i[k] = coefficient of x^k, p_o[k] = coefficient of x^k (2W-1 bits).
//
// Recursion (ORDER levels): split a = ah*x^H + al (H = W/2), then
//   p = hh*x^(2H) + (mm ^ hh ^ ll)*x^H + ll,  ll = al*bl, hh = ah*bh, mm = (al^ah)*(bl^bh)
// which needs 3 half-size products instead of 4. ORDER = 0 (or W <= 2) is the schoolbook product
// (AND/XOR array). ORDER = 4 at W = 128 is the 4th-order multiplier of seed 004 (sizes 128/64/32/16,
// 8 x 8 schoolbook leaves).
//
// Pipelining: bit L of PIPE_MASK puts a register on the outputs of this level's products when the
// recursion depth from the top is L (bit 0 = the W x W result itself, bit 1 = the three W/2 products,
// ...); bit L of IN_MASK puts a register on the operands of the depth-L multipliers (after the
// Karatsuba pre-additions above them: bit ORDER registers the leaf operands, so that the pre-addition
// tree and the leaf products are separate stages). Latency = number of PIPE_MASK and IN_MASK bits set
// among 0..ORDER (cycles, all paths equal), registers advance when en_i = 1. PIPE_MASK = IN_MASK = 0:
// combinational (clk_i, en_i unused).
//
// Bit order: plain polynomial order (bit k = x^k); GCM's reflected order is handled by the caller
// (aesf_gf128_mul_kara).

`default_nettype none

module aesf_clmul_kara #(
  parameter int W         = 128,  // operand width: 2..1024, even whenever ORDER > 0 splits it
  parameter int ORDER     = 4,    // Karatsuba recursion levels: 0..8 (stops early at W <= 2)
  parameter int PIPE_MASK = 0,    // register after the products of depth L when bit L set: 0..2^(ORDER+1)-1
  parameter int IN_MASK   = 0,    // register on the operands of depth L when bit L set: 0..2^(ORDER+1)-1
  parameter int DEPTH     = 0     // internal: recursion depth of this instance (leave at 0)
) (
  input  logic             clk_i,
  input  logic             en_i,    // pipeline advance (clock enable of every register)
  input  logic [W-1:0]     a_i,
  input  logic [W-1:0]     b_i,
  output logic [2*W-2:0]   p_o
);

  localparam int H = W / 2;
  localparam bit SPLIT = (ORDER > 0) && (W > 2);

  aesf_param_check #(
    .ILLEGAL(W < 2 || W > 1024 || ORDER < 0 || ORDER > 8 || PIPE_MASK < 0 || IN_MASK < 0 || DEPTH < 0 ||
             (SPLIT && (W % 2 != 0))),
    .MSG    ("aesf_clmul_kara: W must be 2..1024 (even when split), ORDER 0..8")
  ) u_param_check ();

  logic [2*W-2:0] prod;  // this level's product before the optional register
  logic [W-1:0]   a, b;  // operands after the optional input register

  if (((IN_MASK >> DEPTH) & 1) == 1) begin : gen_in_reg
    logic [W-1:0] a_q, b_q;
    always_ff @(posedge clk_i) begin
      if (en_i) begin
        a_q <= a_i;
        b_q <= b_i;
      end
    end
    assign a = a_q;
    assign b = b_q;
  end else begin : gen_in_comb
    assign a = a_i;
    assign b = b_i;
  end

  if (SPLIT) begin : gen_kara
    logic [2*H-2:0] ll, hh, mm;
    aesf_clmul_kara #(.W(H), .ORDER(ORDER - 1), .PIPE_MASK(PIPE_MASK), .IN_MASK(IN_MASK), .DEPTH(DEPTH + 1)) u_ll (
      .clk_i, .en_i, .a_i(a[H-1:0]), .b_i(b[H-1:0]), .p_o(ll)
    );
    aesf_clmul_kara #(.W(H), .ORDER(ORDER - 1), .PIPE_MASK(PIPE_MASK), .IN_MASK(IN_MASK), .DEPTH(DEPTH + 1)) u_hh (
      .clk_i, .en_i, .a_i(a[W-1:H]), .b_i(b[W-1:H]), .p_o(hh)
    );
    aesf_clmul_kara #(.W(H), .ORDER(ORDER - 1), .PIPE_MASK(PIPE_MASK), .IN_MASK(IN_MASK), .DEPTH(DEPTH + 1)) u_mm (
      .clk_i, .en_i, .a_i(a[H-1:0] ^ a[W-1:H]), .b_i(b[H-1:0] ^ b[W-1:H]), .p_o(mm)
    );
    logic [2*H-2:0] mid;
    assign mid  = mm ^ ll ^ hh;
    assign prod = {hh, 1'b0, ll} ^ {{H{1'b0}}, mid, {H{1'b0}}};
  end else begin : gen_school
    // Schoolbook: XOR of the partial products a * b[k] shifted by k.
    always_comb begin
      prod = '0;
      for (int k = 0; k < W; k++) begin
        if (b[k]) prod = prod ^ ({{(W-1){1'b0}}, a} << k);
      end
    end
  end

  if (((PIPE_MASK >> DEPTH) & 1) == 1) begin : gen_reg
    logic [2*W-2:0] prod_q;
    always_ff @(posedge clk_i) begin
      if (en_i) prod_q <= prod;
    end
    assign p_o = prod_q;
  end else begin : gen_comb
    logic unused_clk_en;  // registers may sit only in other levels (or nowhere)
    assign unused_clk_en = clk_i & en_i;
    assign p_o = prod;
  end

endmodule

`default_nettype wire
