// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_dam_cipher_tb_top: test top of tests/dam/test_dam_cipher.py (not synthesized): one
// aesf_dam_keyexp feeding an encrypt (INVERSE = 0, rk_enc_o) and a decrypt (INVERSE = 1,
// rk_dec_o) aesf_dam_cipher, each with its own stall enable and block ports.
//
// Byte order: as aesf_dam_cipher / aesf_dam_keyexp (block byte 0 in [127:120], key byte 0 in
// [255:248]). Latency: aesf_dam_keyexp (Nr cycles load to ok) and aesf_dam_cipher (LATENCY enabled
// edges, 2*Nr with SBOX_IMPL = 1 or 4, 3*Nr with MIX_REG = 1, Nr with SBOX_IMPL = 0; + 1 with IN_REG = 1); the top adds no registers.

`default_nettype none

module aesf_dam_cipher_tb_top #(
  parameter int KEY_BITS  = 128,  // 128, 192 or 256
  parameter int SBOX_IMPL = 1,    // 0, 1 or 4: both engines; the key expansion as aesf_dam_core (1: cf, else LUT)
  parameter int MIX_REG   = 0,    // 0 or 1 (1 only with SBOX_IMPL 4): both engines
  parameter int IN_REG    = 0     // 0 or 1: both engines
) (
  input  logic                           clk_i,
  input  logic                           rst_ni,
  // key expansion
  input  logic                           load_i,
  input  logic [255:0]                   key_i,
  input  logic                           clear_i,
  output logic                           busy_o,
  output logic                           ok_o,
  output logic [128*(KEY_BITS/32+7)-1:0] rk_enc_o,
  output logic [128*(KEY_BITS/32+7)-1:0] rk_dec_o,
  // encrypt engine
  input  logic                           enc_en_i,
  input  logic                           enc_in_valid_i,
  input  logic [127:0]                   enc_in_data_i,
  output logic                           enc_out_valid_o,
  output logic [127:0]                   enc_out_data_o,
  // decrypt engine
  input  logic                           dec_en_i,
  input  logic                           dec_in_valid_i,
  input  logic [127:0]                   dec_in_data_i,
  output logic                           dec_out_valid_o,
  output logic [127:0]                   dec_out_data_o
);

  aesf_dam_keyexp #(
    .KEY_BITS  (KEY_BITS),
    .SBOX_IMPL ((SBOX_IMPL == 1) ? 1 : 0)
  ) u_keyexp (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .load_i   (load_i),
    .key_i    (key_i),
    .clear_i  (clear_i),
    .busy_o   (busy_o),
    .ok_o     (ok_o),
    .rk_enc_o (rk_enc_o),
    .rk_dec_o (rk_dec_o)
  );

  aesf_dam_cipher #(
    .INVERSE   (0),
    .KEY_BITS  (KEY_BITS),
    .SBOX_IMPL (SBOX_IMPL),
    .MIX_REG   (MIX_REG),
    .IN_REG    (IN_REG)
  ) u_enc (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .en_i        (enc_en_i),
    .in_valid_i  (enc_in_valid_i),
    .in_data_i   (enc_in_data_i),
    .rk_i        (rk_enc_o),
    .out_valid_o (enc_out_valid_o),
    .out_data_o  (enc_out_data_o)
  );

  aesf_dam_cipher #(
    .INVERSE   (1),
    .KEY_BITS  (KEY_BITS),
    .SBOX_IMPL (SBOX_IMPL),
    .MIX_REG   (MIX_REG),
    .IN_REG    (IN_REG)
  ) u_dec (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .en_i        (dec_en_i),
    .in_valid_i  (dec_in_valid_i),
    .in_data_i   (dec_in_data_i),
    .rk_i        (rk_dec_o),
    .out_valid_o (dec_out_valid_o),
    .out_data_o  (dec_out_data_o)
  );

endmodule

`default_nettype wire
