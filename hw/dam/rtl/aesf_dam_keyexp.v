// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_dam_keyexp: iterative AES key expansion of the DAM core (seed 003: "the key expansion unit
// is configured by software through the control bus"), one 128-bit round key every two clocks from the
// shared round-key controller (aesf_key_sched: ONE aesf_key_step and one SubWord, its SubWord and its round
// key registered; InvMixColumns and the shift into the store come one cycle after the round key), storing
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
// and starts the expansion; round key g (1 .. Nr) has its SubWord at edge 2g - 1, enters the
// controller's round-key register at edge 2g and is shifted in at edge 2g + 1 (Nr + 1 shifts in all: every slice then holds its key);
// the edge shifting in round key Nr (edge 2 Nr + 1) sets ok_o and clears busy_o. So ok_o is low from
// right after edge 0 and rises right after edge 2 Nr + 1: LOAD_CYCLES = 2 Nr + 1 = 21 / 25 / 29
// cycles from the load edge, busy_o is high for exactly those cycles. rk_*_o are only meaningful while ok_o = 1.
// load_i while busy restarts with the new key. clear_i (priority over load_i) zeroizes every key
// register (round keys and the controller's) at the edge that samples it: ok_o = 0, busy_o = 0,
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
    .ILLEGAL(!aesf_pkg::key_bits_ok(KEY_BITS) || SBOX_IMPL < 0 ||
             SBOX_IMPL > 1),
    .MSG    ("aesf_dam_keyexp: KEY_BITS must be 128, 192 or 256 and SBOX_IMPL 0..1")
  ) u_param_check ();

  logic                  busy_q, ok_q;
  logic [128*(NR+1)-1:0] enc_q, dec_q;

  // the shared controller (aesf_key_sched): round key 0 is key_i[255:128], taken here at the load edge; round
  // keys 1 .. Nr come out of the controller one per two cycles
  logic         rk_v, rk_last;
  /* verilator lint_off UNUSEDSIGNAL */  // the shift chains need no index: round keys arrive in order
  logic [3:0]   rk_idx;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [127:0] rk, rk_imc;
  aesf_key_sched #(
    .KEY_BITS    (KEY_BITS),
    .SBOX_IMPL   (SBOX_IMPL),
    .FIRST_GROUP (1)
  ) u_key_sched (
    .clk_i,
    .rst_ni,
    .clear_i,
    .load_i,
    .key_i,
    .rk_valid_o (rk_v),
    .rk_idx_o   (rk_idx),
    .rk_o       (rk),
    .rk_last_o  (rk_last)
  );

  // dw = InvMixColumns(round key) for the middle decrypt slices, from the controller's registered round key.
  for (genvar c = 0; c < 4; c++) begin : gen_imc
    aesf_inv_mixcolumn u_inv_mixcolumn (
      .data_i (rk[127 - 32*c -: 32]),
      .data_o (rk_imc[127 - 32*c -: 32])
    );
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
      ok_q   <= 1'b0;
      enc_q  <= '0;
      dec_q  <= '0;
    end else if (clear_i) begin
      busy_q <= 1'b0;
      ok_q   <= 1'b0;
      enc_q  <= '0;
      dec_q  <= '0;
    end else if (load_i) begin
      // round key 0 enters both shift chains
      enc_q  <= {key_i[255:128], enc_q[128*(NR+1)-1:128]};
      dec_q  <= {dec_q[128*NR-1:0], key_i[255:128]};
      busy_q <= 1'b1;
      ok_q   <= 1'b0;
    end else if (busy_q && rk_v) begin
      // round key rk_idx enters both shift chains (encrypt at slice Nr, moving down; decrypt at slice 0, moving
      // up), so every slice loads from its neighbour only
      enc_q <= {rk, enc_q[128*(NR+1)-1:128]};
      dec_q <= {dec_q[128*NR-1:0], rk_last ? rk : rk_imc};
      if (rk_last) begin
        busy_q <= 1'b0;
        ok_q   <= 1'b1;
      end
    end
  end

  assign busy_o   = busy_q;
  assign ok_o     = ok_q;
  assign rk_enc_o = enc_q;
  assign rk_dec_o = dec_q;

endmodule

`default_nettype wire
