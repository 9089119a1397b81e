// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_key_sched: the iterative round-key controller shared by the cores that store all Nr + 1 round keys
// (aesf_dam_keyexp, aesf_gcm_lanes). ONE aesf_key_step and ONE SubWord produce one 128-bit round key every two
// clocks: the SubWord phase registers SubWord of the step's input word (sw_q), the XOR phase forms the round
// key from the expansion window (prev_q) and sw_q into rk_q, so the loop is one SubWord or one XOR chain per
// cycle and the fan-out of a new round key to the caller's store is a cycle after the step. The caller owns the
// store (shift chains, static registers) and writes round key rk_idx_o from rk_o while rk_valid_o = 1.
//
// Byte order: key_i has key byte 0 in [255:248]; AES-128 uses [255:128], AES-192 [255:64] (the bits beyond
// KEY_BITS are ignored, never stored). rk_o is FIPS-197 round key rk_idx_o with its byte 0 in [127:120].
// Worked example (FIPS-197 A.1, KEY_BITS = 128): key_i = 256'h2b7e151628aed2a6abf7158809cf4f3c_0..0 ->
// rk_idx_o = 1 with rk_o = 128'ha0fafe1788542cb123a339392a6c7605, ..., rk_idx_o = 10 with
// rk_o = 128'hd014f9a8c9ee2589e13f0cc8b6630ca6 (rk_last_o = 1).
//
// Latency (exact; edge 0 samples load_i = 1): round key g (FIRST_GROUP .. Nr) has its SubWord phase in the
// cycle after edge 2(g - FIRST_GROUP), is in rk_o with rk_valid_o = 1 right after edge 2(g - FIRST_GROUP) + 2,
// for one cycle. FIRST_GROUP = 1: the caller takes round key 0 from key_i[255:128] at edge 0 itself (round key
// Nr valid after edge 2 Nr); FIRST_GROUP = 0: round key 0 comes out of the step like the others (after edge 2,
// round key Nr after edge 2 Nr + 2). load_i restarts with the new key in any cycle. clear_i (priority over
// load_i) and reset zeroize every register (window, SubWord register, round-key register, Rcon) at the edge
// that samples them; rk_o is zero whenever rk_valid_o is 0, and the window is zeroized in the cycle after the
// last round key (no copy of a round key is left behind in this module).

`default_nettype none

module aesf_key_sched #(
  parameter int KEY_BITS    = 128,  // 128, 192 or 256
  parameter int SBOX_IMPL   = 0,    // SubWord S-boxes: 0 LUT case ROM, 1 composite field
  parameter int FIRST_GROUP = 1     // first round key out of the step: 0 (round key 0 too) or 1
) (
  input  logic         clk_i,       // clock, rising edge
  input  logic         rst_ni,      // asynchronous active-low reset (zeroizes like clear_i)
  input  logic         clear_i,     // zeroize (priority over load_i)
  input  logic         load_i,      // start expanding key_i (sampled at this edge)
  input  logic [255:0] key_i,       // key byte 0 in [255:248]
  output logic         rk_valid_o,  // rk_o holds round key rk_idx_o (one cycle per round key)
  output logic [3:0]   rk_idx_o,    // round key index, FIRST_GROUP .. Nr
  output logic [127:0] rk_o,        // the round key, byte 0 in [127:120]; zero while rk_valid_o = 0
  output logic         rk_last_o    // rk_valid_o and rk_idx_o = Nr
);

  localparam int NK = KEY_BITS / 32;
  localparam int NR = NK + 6;

  aesf_param_check #(
    .ILLEGAL(!aesf_pkg::key_bits_ok(KEY_BITS) || SBOX_IMPL < 0 || SBOX_IMPL > 1 ||
             FIRST_GROUP < 0 || FIRST_GROUP > 1),
    .MSG    ("aesf_key_sched: KEY_BITS must be 128, 192 or 256, SBOX_IMPL 0..1, FIRST_GROUP 0..1")
  ) u_param_check ();

  localparam logic [1:0]   KEY_LEN  = aesf_pkg::key_bits_len(KEY_BITS);
  localparam logic [255:0] KEY_MASK = ~(256'd0) << (256 - KEY_BITS);

  logic [255:0] key;
  assign key = key_i & KEY_MASK;

  logic [255:0] prev_q;    // expansion window w[4g-8] .. w[4g-1] (key words while g is a key group)
  logic [3:0]   g_q;       // next group (round key) to compute
  logic         gen_q;     // computing groups g_q .. Nr
  logic         ph_q;      // 0: SubWord phase, 1: XOR phase
  logic [31:0]  sw_q;      // SubWord of the step's input word
  logic [7:0]   rcon_q;
  logic [127:0] rk_q;      // round key idx_q, computed in the previous cycle
  logic [3:0]   idx_q;
  logic         v_q;

  logic [7:0]   rcon_next;  // rcon_q * {02}
  logic [127:0] words;
  logic         rcon_step;
  logic [31:0]  sw_in, sw_out;

  aesf_xtime u_rcon_next (.data_i(rcon_q), .data_o(rcon_next));

  aesf_key_step #(
    .SBOX_IMPL (SBOX_IMPL),
    .EXT_SW    (1)
  ) u_key_step (
    .prev_i      (prev_q),
    .key_len_i   (KEY_LEN),
    .group_i     (g_q),
    .rcon_i      (rcon_q),
    .words_o     (words),
    .rcon_step_o (rcon_step),
    .sw_in_o     (sw_in),
    .sw_i        (sw_q)
  );

  aesf_subword #(
    .SBOX_IMPL (SBOX_IMPL)
  ) u_subword (
    .data_i (sw_in),
    .data_o (sw_out)
  );

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      prev_q <= '0;
      g_q    <= '0;
      gen_q  <= 1'b0;
      ph_q   <= 1'b0;
      sw_q   <= '0;
      rcon_q <= '0;
      rk_q   <= '0;
      idx_q  <= '0;
      v_q    <= 1'b0;
    end else if (clear_i) begin
      prev_q <= '0;
      g_q    <= '0;
      gen_q  <= 1'b0;
      ph_q   <= 1'b0;
      sw_q   <= '0;
      rcon_q <= '0;
      rk_q   <= '0;
      idx_q  <= '0;
      v_q    <= 1'b0;
    end else if (load_i) begin
      // FIRST_GROUP = 1: group 0 is key words 0..3 (the caller's), the window for group 1 is {key words 4..7,
      // w[0..3]} (aesf_key_step reads key word 4+p from window word p); FIRST_GROUP = 0: group 0 from the key.
      prev_q <= (FIRST_GROUP == 1) ? {key[127:0], key[255:128]} : key;
      g_q    <= 4'(FIRST_GROUP);
      gen_q  <= 1'b1;
      ph_q   <= 1'b0;
      rcon_q <= 8'h01;
      rk_q   <= '0;
      idx_q  <= '0;
      v_q    <= 1'b0;
    end else if (gen_q && !ph_q) begin
      sw_q   <= sw_out;
      ph_q   <= 1'b1;
      rk_q   <= '0;
      idx_q  <= '0;
      v_q    <= 1'b0;
    end else if (gen_q) begin
      rk_q   <= words;
      idx_q  <= g_q;
      v_q    <= 1'b1;
      prev_q <= {prev_q[127:0], words};
      g_q    <= g_q + 4'd1;
      ph_q   <= 1'b0;
      if (rcon_step) rcon_q <= rcon_next;
      if (g_q == 4'(NR)) gen_q <= 1'b0;
    end else begin
      prev_q <= '0;
      sw_q   <= '0;
      rk_q   <= '0;
      idx_q  <= '0;
      v_q    <= 1'b0;
    end
  end

  assign rk_valid_o = v_q;
  assign rk_idx_o   = idx_q;
  assign rk_o       = rk_q;
  assign rk_last_o  = v_q && (idx_q == 4'(NR));

`ifdef FORMAL
  // legal indices; no copy of a round key outside its valid cycle, nor in the window / SubWord register once
  // the expansion is over (zeroization)
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni) begin
      if (v_q)   assert ((FIRST_GROUP == 0 || idx_q != '0) && idx_q <= 4'(NR));
      else       assert (rk_q == '0 && idx_q == '0);
      if (gen_q) assert ((FIRST_GROUP == 0 || g_q != '0) && g_q <= 4'(NR));
      if (!gen_q && !v_q) assert (prev_q == '0 && sw_q == '0);
    end
  end
`endif

endmodule

`default_nettype wire
