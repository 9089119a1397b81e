// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_dam_keyexp: iterative AES key expansion of the DAM core (seed 003: "the key expansion unit
// is configured by software through the control bus"), one 128-bit round key every two clocks with
// ONE aesf_key_step and one SubWord, a register after the SubWord (sw_q) and one after the step
// (words_q: the step's loop is one SubWord or one XOR chain per cycle; InvMixColumns and the shift
// into the store come one cycle later), storing
// all Nr + 1 round keys for the pipelined engines
// (aesf_dam_cipher): the encrypt set and the decrypt set of the FIPS-197 5.3.5 equivalent
// inverse cipher, both written in the same cycle. Each set is a shift chain of Nr + 1 slices (round
// key i enters at one end at its write edge and has moved to its slice after the last one): each
// slice register loads only from its neighbour, so the store spreads along the engines' rounds that
// read it instead of gathering around one write bus (ECP5 placement, issue 21).
//
// Outputs (Nr = 10/12/14 for KEY_BITS = 128/192/256; slice i is [128*i +: 128], i = 0..Nr):
//   rk_enc_o slice i = FIPS-197 round key i (w[4i] .. w[4i+3]):   the forward cipher applies
//                      slice 0 first (initial AddRoundKey), slice r in round r.
//   rk_dec_o slice i = the key the equivalent inverse cipher applies at step i:
//                      slice 0  = round key Nr                  (initial AddRoundKey)
//                      slice i  = InvMixColumns(round key Nr-i)  (i = 1 .. Nr-1, dw of 5.3.5)
//                      slice Nr = round key 0                   (last round)
//   so aesf_dam_cipher reads rk_i the same way for both directions.
//
// Byte order: key_i has key byte 0 in [255:248]; AES-128 uses [255:128], AES-192 [255:64] (the
// unused low bits are ignored). A round key has its byte 0 in the top byte of its slice.
// Worked example (FIPS-197 A.1 / C.1, KEY_BITS = 128): key_i = 256'h2b7e151628aed2a6abf7158809cf4f3c_0..0
// -> rk_enc_o[255:128] (round key 1) = 128'ha0fafe1788542cb123a339392a6c7605,
//    rk_enc_o[128*10 +: 128] (round key 10) = 128'hd014f9a8c9ee2589e13f0cc8b6630ca6,
//    rk_dec_o[127:0] = round key 10, rk_dec_o[128*10 +: 128] = 128'h2b7e151628aed2a6abf7158809cf4f3c.
//
// Latency (exact): the edge that samples load_i = 1 (edge 0) shifts round key 0 into both chains
// and starts the expansion; round key g (1 .. Nr) has its SubWord at edge 2g - 1, enters words_q at
// edge 2g and is shifted in at edge 2g + 1 (Nr + 1 shifts in all: every slice then holds its key);
// the edge shifting in round key Nr (edge 2 Nr + 1) sets ok_o and clears busy_o. So ok_o is low from
// right after edge 0 and rises right after edge 2 Nr + 1: LOAD_CYCLES = 2 Nr + 1 = 21 / 25 / 29
// cycles from the load edge, busy_o is high for exactly those cycles. rk_*_o are only meaningful while ok_o = 1.
// load_i while busy restarts with the new key. clear_i (priority over load_i) zeroizes every key
// register (round keys, the expansion window, sw_q) at the edge that samples it: ok_o = 0, busy_o = 0,
// rk_enc_o = rk_dec_o = 0 right after that edge. Reset (rst_ni low) has the same effect.

`default_nettype none

module aesf_dam_keyexp #(
  parameter int KEY_BITS  = 128,  // 128, 192 or 256 (fixed key length; others rejected)
  parameter int SBOX_IMPL = 1     // 0: LUT case ROM, 1: composite field (the SubWord S-boxes)
) (
  input  logic                  clk_i,     // clock, rising edge
  input  logic                  rst_ni,    // asynchronous active-low reset (zeroizes like clear_i)
  input  logic                  load_i,    // pulse: start expanding key_i (sampled at this edge)
  input  logic [255:0]          key_i,     // key byte 0 in [255:248]
  input  logic                  clear_i,   // zeroize all key registers (priority over load_i)
  output logic                  busy_o,    // expansion running (Nr cycles after the load edge)
  output logic                  ok_o,      // round keys valid (low from the load edge until done)
  output logic [128*(KEY_BITS/32+7)-1:0] rk_enc_o,  // encrypt round keys, round key i in [128*i +: 128]
  output logic [128*(KEY_BITS/32+7)-1:0] rk_dec_o   // equivalent-inverse-cipher keys, step i in [128*i +: 128]
);

  localparam int NK = KEY_BITS / 32;
  localparam int NR = NK + 6;  // rounds; the rk ports hold NR + 1 round keys

  aesf_param_check #(
    .ILLEGAL(!(KEY_BITS == 128 || KEY_BITS == 192 || KEY_BITS == 256) || SBOX_IMPL < 0 ||
             SBOX_IMPL > 1),
    .MSG    ("aesf_dam_keyexp: KEY_BITS must be 128, 192 or 256 and SBOX_IMPL 0..1")
  ) u_param_check ();

  localparam logic [1:0] KEY_LEN = (KEY_BITS == 128) ? 2'd0 : (KEY_BITS == 192) ? 2'd1 : 2'd2;
  // The key bits beyond KEY_BITS are ignored (never stored).
  localparam logic [255:0] KEY_MASK = ~(256'd0) << (256 - KEY_BITS);

  logic [255:0] key;
  assign key = key_i & KEY_MASK;

  logic [255:0]          prev_q;   // expansion window w[4g-8] .. w[4g-1] (key words while g is a key group)
  logic [3:0]            g_q;      // next group (round key) to compute, 1 .. Nr
  logic                  gen_q;    // computing groups g_q = 1 .. Nr
  logic [127:0]          words_q;  // round key gw_q, computed in the previous cycle
  logic [3:0]            gw_q;     // group held in words_q, to be written now (0: none)
  logic [7:0]            rcon_q;
  logic [7:0]            rcon_next;   // rcon_q * {02}
  aesf_xtime u_rcon_next (.data_i(rcon_q), .data_o(rcon_next));
  logic                  busy_q, ok_q;
  logic [127:0]          words_q_imc;
  logic [128*(NR+1)-1:0] enc_q, dec_q;

  logic [127:0] words;
  logic         rcon_step;

  // Two cycles per round key (timing, issue 21): the SubWord phase (ph_q = 0) registers SubWord of the step's
  // input word in sw_q, the XOR phase (ph_q = 1) forms the group from prev_q and sw_q. The step's loop is then
  // either SubWord or the XOR chain, never both in one cycle.
  logic [31:0] sw_in, sw_out, sw_q;
  logic        ph_q;
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

  // dw = InvMixColumns(round key) for the middle decrypt slices, from the registered step output.
  for (genvar c = 0; c < 4; c++) begin : gen_imc
    aesf_inv_mixcolumn u_inv_mixcolumn (
      .data_i (words_q[127 - 32*c -: 32]),
      .data_o (words_q_imc[127 - 32*c -: 32])
    );
  end

  logic last_step;
  assign last_step = (g_q == 4'(NR));

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      prev_q  <= '0;
      sw_q    <= '0;
      ph_q    <= 1'b0;
      g_q     <= '0;
      gen_q   <= 1'b0;
      words_q <= '0;
      gw_q    <= '0;
      rcon_q  <= '0;
      busy_q  <= 1'b0;
      ok_q    <= 1'b0;
      enc_q   <= '0;
      dec_q   <= '0;
    end else if (clear_i) begin
      prev_q  <= '0;
      sw_q    <= '0;
      ph_q    <= 1'b0;
      g_q     <= '0;
      gen_q   <= 1'b0;
      words_q <= '0;
      gw_q    <= '0;
      rcon_q  <= '0;
      busy_q  <= 1'b0;
      ok_q    <= 1'b0;
      enc_q   <= '0;
      dec_q   <= '0;
    end else if (load_i) begin
      // Group 0 is key words 0..3; the window for group 1 is {key words 4..7, w[0..3]}
      // (aesf_key_step reads key word 4+p from window word p). Round key 0 enters both shift chains.
      enc_q  <= {key[255:128], enc_q[128*(NR+1)-1:128]};
      dec_q  <= {dec_q[128*NR-1:0], key[255:128]};
      prev_q <= {key[127:0], key[255:128]};
      g_q    <= 4'd1;
      gen_q  <= 1'b1;
      ph_q   <= 1'b0;
      gw_q   <= '0;
      rcon_q <= 8'h01;
      busy_q <= 1'b1;
      ok_q   <= 1'b0;
    end else if (busy_q) begin
      // write stage: round key gw_q enters both shift chains (encrypt at slice Nr, moving down; decrypt at
      // slice 0, moving up), so every slice loads from its neighbour only
      if (gw_q != '0) begin
        enc_q <= {words_q, enc_q[128*(NR+1)-1:128]};
        dec_q <= {dec_q[128*NR-1:0], (gw_q == 4'(NR)) ? words_q : words_q_imc};
      end
      if (gw_q == 4'(NR)) begin
        busy_q <= 1'b0;
        ok_q   <= 1'b1;
      end
      // step stage: round key g_q, SubWord phase then XOR phase
      if (gen_q && !ph_q) begin
        sw_q    <= sw_out;
        ph_q    <= 1'b1;
        words_q <= '0;  // written to the store at this edge (or nothing): no copy left behind
        gw_q    <= '0;
      end else if (gen_q) begin
        words_q <= words;
        gw_q    <= g_q;
        prev_q  <= {prev_q[127:0], words};
        g_q     <= g_q + 4'd1;
        ph_q    <= 1'b0;
        if (rcon_step) rcon_q <= rcon_next;
        if (last_step) gen_q <= 1'b0;
      end else begin
        words_q <= '0;
        gw_q    <= '0;
        sw_q    <= '0;
      end
    end
  end

  assign busy_o   = busy_q;
  assign ok_o     = ok_q;
  assign rk_enc_o = enc_q;
  assign rk_dec_o = dec_q;

endmodule

`default_nettype wire
