// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_gf128_mul_kara: GCM multiplication in GF(2^128), Z = X * Y mod x^128 + x^7 + x^2 + x + 1,
// as one (optionally pipelined) Karatsuba product and a two-fold reduction. One product per clock.
//
// Byte / bit order (SP 800-38D 6.3): x_i, y_i, z_o are GCM blocks as they sit on our buses, block
// byte 0 in [127:120]; the leftmost bit of the block (x_i[127]) is the coefficient of x^0 and x_i[0]
// the coefficient of x^127. The module reflects the operands, multiplies in plain polynomial order
// (aesf_clmul_kara), reduces and reflects back.
// Worked example: X = 0x66e94bd4ef8a2c3b884cfa59ca342b2e (H for the all-zero AES-128 key),
//   Y = 0x0388dace60b6a392f328c2b971b2fe78 -> Z = 0x5e2ec746917062882c85b0685353deb7 (GCM spec test 2).
//
// Latency: popcount(PIPE_MASK[ORDER:0]) + popcount(IN_MASK[ORDER:0]) + OUT_REG cycles, every path equal; the pipeline advances when
// en_i = 1, and valid_i travels with the data to valid_o (an issue slot per clock). With PIPE_MASK = 0
// and OUT_REG = 0 the multiplier is combinational. The seed-004 configuration is ORDER = 4 with
// registers after the 16 x 16, 64 x 64 and 128 x 128 products: PIPE_MASK = 5'b01101 (depth 3, 1, 0).

`default_nettype none

module aesf_gf128_mul_kara #(
  parameter int ORDER     = 4,  // Karatsuba recursion levels: 0..6 (0 = schoolbook 128 x 128)
  parameter int PIPE_MASK = 0,  // product registers per recursion depth (see aesf_clmul_kara): 0..2^(ORDER+1)-1
  parameter int IN_MASK   = 0,  // operand registers per recursion depth (see aesf_clmul_kara): 0..2^(ORDER+1)-1
  parameter int OUT_REG   = 0   // 1: register after the reduction, 0: none
) (
  input  logic         clk_i,
  input  logic         rst_ni,   // asynchronous, active low (clears the valid pipeline only)
  input  logic         en_i,     // pipeline advance
  input  logic         valid_i,
  input  logic [127:0] x_i,
  input  logic [127:0] y_i,
  output logic         valid_o,
  output logic [127:0] z_o
);

  aesf_param_check #(
    .ILLEGAL(ORDER < 0 || ORDER > 6 || PIPE_MASK < 0 || PIPE_MASK >= (1 << (ORDER + 1)) ||
             IN_MASK < 0 || IN_MASK >= (1 << (ORDER + 1)) || OUT_REG < 0 || OUT_REG > 1),
    .MSG    ("aesf_gf128_mul_kara: ORDER 0..6, PIPE_MASK and IN_MASK < 2^(ORDER+1), OUT_REG 0 or 1")
  ) u_param_check ();

  localparam int LAT_MUL = aesf_pkg::popcount(PIPE_MASK) + aesf_pkg::popcount(IN_MASK);
  localparam int LATENCY = LAT_MUL + OUT_REG;

  logic [127:0] xr, yr;   // reflected: xr[k] = coefficient of x^k
  logic [254:0] p;        // plain-order product
  for (genvar k = 0; k < 128; k++) begin : gen_reflect
    assign xr[k] = x_i[127 - k];
    assign yr[k] = y_i[127 - k];
  end

  aesf_clmul_kara #(.W(128), .ORDER(ORDER), .PIPE_MASK(PIPE_MASK), .IN_MASK(IN_MASK)) u_clmul (
    .clk_i, .en_i, .a_i(xr), .b_i(yr), .p_o(p)
  );

  // Reduction: x^128 = x^7 + x^2 + x + 1. h = p[254:128] (deg <= 126); h * (x^7+x^2+x+1) has degree
  // <= 133, so the 6 bits above x^127 are folded a second time (degree <= 12, no third fold).
  logic [133:0] t;
  logic [5:0]   t_hi;
  logic [12:0]  t2;
  logic [127:0] r, zr;
  assign t    = {7'd0, p[254:128]} ^ ({7'd0, p[254:128]} << 1) ^ ({7'd0, p[254:128]} << 2) ^
                ({7'd0, p[254:128]} << 7);
  assign t_hi = t[133:128];
  assign t2   = {7'd0, t_hi} ^ ({7'd0, t_hi} << 1) ^ ({7'd0, t_hi} << 2) ^ ({7'd0, t_hi} << 7);
  assign r    = p[127:0] ^ t[127:0] ^ {115'd0, t2};

  for (genvar k = 0; k < 128; k++) begin : gen_reflect_out
    assign zr[k] = r[127 - k];
  end

  if (OUT_REG == 1) begin : gen_out_reg
    logic [127:0] z_q;
    always_ff @(posedge clk_i) begin
      if (en_i) z_q <= zr;
    end
    assign z_o = z_q;
  end else begin : gen_out_comb
    assign z_o = zr;
  end

  // valid travels through LATENCY stages alongside the data.
  if (LATENCY == 0) begin : gen_v_comb
    logic unused_rst;
    assign unused_rst = rst_ni;
    assign valid_o = valid_i;
  end else begin : gen_v_pipe
    logic [LATENCY-1:0] v_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        v_q <= '0;
      end else if (en_i) begin
        v_q[0] <= valid_i;
        for (int i = 1; i < LATENCY; i++) v_q[i] <= v_q[i-1];
      end
    end
    assign valid_o = v_q[LATENCY-1];
  end

endmodule

`default_nettype wire
