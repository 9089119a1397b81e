// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_prng_lfsr: mask randomness for the masked AES engine: a 521-bit Fibonacci LFSR with the primitive
// trinomial x^521 + x^32 + 1 (521 and 2^521 - 1 prime; irreducibility checked by x^(2^521) = x mod f),
// unrolled OUT_W steps per clock. Each clock delivers OUT_W fresh bits, each the XOR of two state bits:
//   state q[j] = s(n + j), j = 0..520; new bit j: s(n + 521 + j) = q[32 + j] ^ q[j], j < OUT_W (<= 489);
//   rnd_o = the OUT_W new bits; the state advances by OUT_W.
// Reseed: seed_valid_i XORs seed_i into the low 64 bits of the next state (any number of times; the host
// reseeds after reset and after clear_i, which returns the state to the fixed reset value). A next state of all
// zeros (the one state an LFSR cannot leave) is replaced by 1. HOLD = 1 keeps the state (and rnd_o) constant:
// the leakage test's control with masks stuck at a constant, never for a product.
// Simulation-grade randomness: an LFSR is linear, and an attacker who learns 521 output bits can predict the
// rest; a product would run a nonlinear generator (a stream cipher, as OpenTitan's Bivium) with the same ports.
// Latency: rnd_o is combinational from the state; a reseed acts on the next clock's rnd_o.

`default_nettype none

module aesf_prng_lfsr #(
  parameter int OUT_W = 256,  // 1..489: fresh bits per clock
  parameter int HOLD  = 0     // 0..1: 1 = the state never advances (leakage-test control only)
) (
  input  logic             clk_i,
  input  logic             rst_ni,       // asynchronous, active low: the fixed reset state
  input  logic             clear_i,      // synchronous: back to the fixed reset state
  input  logic             seed_valid_i, // XOR seed_i into the next state
  input  logic [63:0]      seed_i,
  output logic [OUT_W-1:0] rnd_o
);

  aesf_param_check #(
    .ILLEGAL(OUT_W < 1 || OUT_W > 489 || HOLD < 0 || HOLD > 1),
    .MSG    ("aesf_prng_lfsr: OUT_W must be 1..489, HOLD 0 or 1")
  ) u_param_check ();

  localparam int N = 521;
  localparam logic [N-1:0] ResetState = {8'ha5, 512'h6a09e667f3bcc908bb67ae8584caa73b3c6ef372fe94f82ba54ff53a5f1d36f1510e527fade682d19b05688c2b3e6c1f1f83d9abfb41bd6b5be0cd19137e2179, 1'b1};

  logic [N-1:0] q, step, nxt;
  logic [OUT_W-1:0] fresh;

  for (genvar j = 0; j < OUT_W; j++) begin : gen_fresh
    assign fresh[j] = q[32 + j] ^ q[j];
  end
  assign step = (HOLD != 0) ? q : {fresh, q[N-1:OUT_W]};

  always_comb begin
    nxt = step;
    if (seed_valid_i) begin
      nxt[63:0] = step[63:0] ^ seed_i;
    end
    if (nxt == '0) begin
      nxt[0] = 1'b1;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      q <= ResetState;
    end else if (clear_i) begin
      q <= ResetState;
    end else begin
      q <= nxt;
    end
  end

  assign rnd_o = fresh;

endmodule

`default_nettype wire
