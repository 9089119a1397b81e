// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_gf128_mul_digit: digit-serial GCM multiplication in GF(2^128), Z = X * Y mod
// x^128 + x^7 + x^2 + x + 1, consuming DIGIT bits of Y per clock (Horner order), with an optional
// GHASH accumulate (Z_new = (Z_old ^ Y) * X) so a GHASH chain needs no extra 128-bit register.
//
// Byte / bit order (SP 800-38D 6.3): x_i, y_i, z_o are GCM blocks as they sit on our buses, block
// byte 0 in [127:120]; the leftmost bit of the block (x_i[127]) is the coefficient of x^0 and x_i[0]
// the coefficient of x^127 (as in aesf_gf128_mul_kara). Multiplying by x is therefore a right shift
// with the reduction constant R = 8'he1 << 120 XORed in when bit [0] (coefficient of x^127) falls out.
// Algorithm (= aesforge.model.ghash.gf_mult_digit(x, y, DIGIT, order="horner")):
//   step s = 0 .. 128/DIGIT-1:  D_s = y[DIGIT*s +: DIGIT]   (y consumed from [DIGIT-1:0] upwards,
//                                                            i.e. the highest-degree coefficients first)
//                               Z_{s+1} = Z_s * x^DIGIT ^ D_s(x) * X,
//   where D_s(x) = sum_j D_s[DIGIT-1-j] x^j (the digit's top bit multiplies X * x^0).
//   Per clock: DIGIT mulx steps on Z (a linear map, XOR depth ~ DIGIT/8 + 2) plus an XOR of DIGIT
//   terms X * x^j; X * x^j is combinational from the held X (it changes only once per key in GCM).
// Worked example: X = 0x66e94bd4ef8a2c3b884cfa59ca342b2e (H for the all-zero AES-128 key),
//   Y = 0x0388dace60b6a392f328c2b971b2fe78 -> Z = 0x5e2ec746917062882c85b0685353deb7 (GCM spec test 2).
//
// Latency: exactly 128/DIGIT cycles. start_i is taken in a cycle c with busy_o = 0 (the edge closing
// cycle c computes step 0); done_o is high for one cycle, c + 128/DIGIT, with z_o = X * Y, and busy_o
// is low again in that cycle, so a new start_i there runs back-to-back (one product per 128/DIGIT
// cycles). DIGIT = 1: 128 cycles (SP 800-38D Algorithm 1, bit-serial); DIGIT = 128: 1 cycle.
// x_i must be held constant from the start cycle to the done cycle; y_i and acc_i are sampled in the
// start cycle only. z_o holds the last product until the next start or clear_i.
// acc_i = 1 in the start cycle multiplies (z_o ^ y_i) instead of y_i: GHASH Y_i = (Y_{i-1} ^ X_i) * H.
// clear_i (synchronous, wins over start_i) zeroes Z, the operand and the counter (a running product
// is dropped, no done_o).

`default_nettype none

module aesf_gf128_mul_digit #(
  parameter int DIGIT = 8  // bits of y per clock: 1, 2, 4, 8, 16, 32, 64 or 128
) (
  input  logic         clk_i,
  input  logic         rst_ni,   // asynchronous, active low
  input  logic         clear_i,  // synchronous zeroize / abort
  input  logic         start_i,  // ignored while busy_o = 1
  input  logic         acc_i,    // 1: multiply (z_o ^ y_i) (GHASH step), 0: multiply y_i
  input  logic [127:0] x_i,      // held operand (GCM: H), constant while busy
  input  logic [127:0] y_i,      // digit-serial operand, sampled at the start
  output logic         busy_o,
  output logic         done_o,   // one-cycle pulse: z_o is the new product
  output logic [127:0] z_o
);

  aesf_param_check #(
    .ILLEGAL(DIGIT != 1 && DIGIT != 2 && DIGIT != 4 && DIGIT != 8 && DIGIT != 16 && DIGIT != 32 &&
             DIGIT != 64 && DIGIT != 128),
    .MSG    ("aesf_gf128_mul_digit: DIGIT must be 1, 2, 4, 8, 16, 32, 64 or 128")
  ) u_param_check ();

  localparam int STEPS = 128 / DIGIT;

  function automatic logic [127:0] mulx(input logic [127:0] v);
    mulx = {1'b0, v[127:1]} ^ ({128{v[0]}} & {8'he1, 120'd0});
  endfunction

  logic [127:0] z_d, z_q;     // Horner accumulator
  logic [127:0] y_d, y_q;     // remaining digits of the operand (consumed from [DIGIT-1:0])
  logic [7:0]   cnt_d, cnt_q; // steps still to run after the current one
  logic         busy_d, busy_q;
  logic         done_d, done_q;

  logic         start;
  logic [127:0] op;           // operand at the start
  logic [127:0] z_in, z_sh, xp, dx, z_step;
  logic [DIGIT-1:0] dig;

  assign start = start_i & ~busy_q & ~clear_i;
  assign op    = acc_i ? (z_q ^ y_i) : y_i;
  assign z_in  = busy_q ? z_q : '0;
  assign dig   = busy_q ? y_q[DIGIT-1:0] : op[DIGIT-1:0];

  // One Horner step: z_step = z_in * x^DIGIT ^ dig(x) * X
  always_comb begin
    z_sh = z_in;
    xp   = x_i;
    dx   = '0;
    for (int j = 0; j < DIGIT; j++) begin
      z_sh = mulx(z_sh);
      dx   = dx ^ ({128{dig[DIGIT-1-j]}} & xp);
      xp   = mulx(xp);
    end
  end
  assign z_step = z_sh ^ dx;

  // Operand after this step (shift by DIGIT; nothing is left for DIGIT = 128)
  logic [127:0] y_next;
  if (DIGIT == 128) begin : gen_y_full
    logic [127:0] unused_y;
    assign unused_y = y_q ^ op;
    assign y_next   = '0;
  end else begin : gen_y_shift
    assign y_next = busy_q ? (y_q >> DIGIT) : (op >> DIGIT);
  end

  always_comb begin
    z_d    = z_q;
    y_d    = y_q;
    cnt_d  = cnt_q;
    busy_d = busy_q;
    done_d = 1'b0;
    if (clear_i) begin
      z_d    = '0;
      y_d    = '0;
      cnt_d  = '0;
      busy_d = 1'b0;
    end else if (busy_q) begin
      z_d   = z_step;
      y_d   = y_next;
      cnt_d = cnt_q - 8'd1;
      if (cnt_q == 8'd1) begin
        busy_d = 1'b0;
        done_d = 1'b1;
      end
    end else if (start) begin
      z_d    = z_step;
      y_d    = y_next;
      cnt_d  = 8'(STEPS - 1);
      busy_d = (STEPS > 1);
      done_d = (STEPS == 1);
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      z_q    <= '0;
      y_q    <= '0;
      cnt_q  <= '0;
      busy_q <= 1'b0;
      done_q <= 1'b0;
    end else begin
      z_q    <= z_d;
      y_q    <= y_d;
      cnt_q  <= cnt_d;
      busy_q <= busy_d;
      done_q <= done_d;
    end
  end

  assign busy_o = busy_q;
  assign done_o = done_q;
  assign z_o    = z_q;

`ifdef FORMAL
  // SEC_CM: the edge that sees clear_i wipes the product, the operand and the counter
  aesf_assert_wiped u_assert_wiped (
    .clk_i, .rst_ni, .trig_i(clear_i),
    .wiped_i(z_q == '0 && y_q == '0 && cnt_q == '0 && !busy_q)
  );
`endif

endmodule

`default_nettype wire
