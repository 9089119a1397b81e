// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_sbox_rom: two AES S-box lookups (forward or inverse) in one synchronous 256 x 8 ROM with two
// read ports and an output register, so that an FPGA block RAM holds two S-boxes (ECP5: one DP16KD
// per instance, xc7: one RAMB18E1; the ram_style attribute asks Yosys for block RAM, other tools map
// the ROM to logic). It is the S-box variant of pipelined datapaths that register the S-box output
// anyway (aesf_aes_pipe_round SBOX_IMPL = 2: the P_SUB register is this ROM's output register).
//
// The table is not typed in a second time: it is computed at elaboration by the constant functions
// below (multiplicative inverse a^254 in GF(2^8) = GF(2)[x]/(x^8 + x^4 + x^3 + x + 1) and the
// FIPS-197 affine map, or its inverse first for INVERSE = 1), and syn/equiv/sbox_rom_equiv.ys proves
// them equal to the case-ROM S-boxes (both directions, both ports; tests/formal/test_sbox_equiv.py).
//
// Bit order: data bit 7 is the MSB of the byte (the coefficient of x^7), as in FIPS-197 3.2.
// Worked example: INVERSE = 0, a_i = 8'h53, b_i = 8'h00 -> a_o = 8'hed, b_o = 8'h63 after the edge;
// INVERSE = 1, a_i = 8'hed -> a_o = 8'h53.
// Latency: 1 clock: a_o/b_o show table[a_i]/table[b_i] of the last rising edge with en_i = 1 (no
// reset; the outputs hold while en_i = 0).

`default_nettype none

module aesf_sbox_rom #(
  parameter int INVERSE = 0  // 0: forward S-box (SubBytes), 1: inverse S-box (InvSubBytes)
) (
  input  logic       clk_i,  // clock, rising edge
  input  logic       en_i,   // 1: look up at this edge, 0: hold the outputs
  input  logic [7:0] a_i,    // first lookup address (input byte)
  input  logic [7:0] b_i,    // second lookup address (input byte)
  output logic [7:0] a_o,    // S(a_i) or InvS(a_i), registered
  output logic [7:0] b_o     // S(b_i) or InvS(b_i), registered
);

  if (INVERSE < 0 || INVERSE > 1) begin : gen_param_err
`ifdef __ICARUS__
    aesf_illegal_parameter_value u_illegal_parameter_value ();
`else
    $error("aesf_sbox_rom: INVERSE must be 0 or 1");
`endif
  end

  // GF(2^8) product modulo x^8 + x^4 + x^3 + x + 1.
  function automatic logic [7:0] gf_mul(input logic [7:0] a, input logic [7:0] b);
    logic [7:0] p, s;
    p = 8'd0;
    s = a;
    for (int i = 0; i < 8; i++) begin
      if (b[i]) p = p ^ s;
      s = {s[6:0], 1'b0} ^ (s[7] ? 8'h1b : 8'h00);
    end
    gf_mul = p;
  endfunction

  // Multiplicative inverse a^254 = a^2 * a^4 * ... * a^128 (0 maps to 0).
  function automatic logic [7:0] gf_inv(input logic [7:0] a);
    logic [7:0] r, sq;
    r  = 8'd1;
    sq = a;
    for (int i = 0; i < 7; i++) begin
      sq = gf_mul(sq, sq);
      r  = gf_mul(r, sq);
    end
    gf_inv = r;
  endfunction

  function automatic logic [7:0] rotl(input logic [7:0] v, input int n);
    rotl = (v << n) | (v >> (8 - n));
  endfunction

  // FIPS-197 (5.1.1): S(a) = A(a^-1) ^ 63; (5.3.2): InvS(y) = (A^-1(y ^ 63))^-1.
  function automatic logic [7:0] table_entry(input logic [7:0] a);
    logic [7:0] r;
    if (INVERSE == 0) begin
      r = gf_inv(a);
      table_entry = r ^ rotl(r, 1) ^ rotl(r, 2) ^ rotl(r, 3) ^ rotl(r, 4) ^ 8'h63;
    end else begin
      r = rotl(a, 1) ^ rotl(a, 3) ^ rotl(a, 6) ^ 8'h05;
      table_entry = gf_inv(r);
    end
  endfunction

  (* ram_style = "block" *) logic [7:0] rom [256];

  initial begin
    for (int i = 0; i < 256; i++) begin
      rom[i] = table_entry(8'(i));
    end
  end

  always_ff @(posedge clk_i) begin
    if (en_i) begin
      a_o <= rom[a_i];
      b_o <= rom[b_i];
    end
  end

endmodule

`default_nettype wire
