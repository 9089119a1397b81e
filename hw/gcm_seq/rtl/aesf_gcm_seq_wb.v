// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_gcm_seq_wb: aesf_gcm_seq behind a Wishbone B4 classic slave (8-bit byte address, 32-bit data). A thin top:
// the bus adapter aesf_reg_wb (hw/common/rtl) and the register block aesf_gcm_seq_regs, which holds the register
// map (hw/gcm_seq/gcm_seq_regs.json), byte order, latency and security policy. Bus errors: unmapped or
// unaligned address, write to a read-only register, a reserved bit, more than one command, a command or
// configuration write while STATUS.BUSY, PUSH / POP out of turn; a refused write changes nothing. Decrypted
// plaintext is readable only after the tag passed (buffered, see aesf_gcm_seq_regs).

`default_nettype none

module aesf_gcm_seq_wb #(
  parameter int DIGIT     = 8, // 1, 2, 4, 8, 16, 32, 64, 128: GHASH digit (see aesf_gcm_seq)
  parameter int SBOX_IMPL = 0, // 0..1: 0 LUT case ROM, 1 composite field
  parameter int AES_IMPL  = 1, // 0..2: AES engine, 0 aesf_aes_iter, 1 aesf_aes_col32, 2 aesf_aes_col32_dom
                               // (first-order masked: ID.MASKED, SEED0/1, CTRL.RESEED; see aesf_gcm_seq_regs)
  parameter int AES_COLS  = 4, // 1, 2, 4: aesf_aes_col32 columns per clock (AES_IMPL 1)
  parameter int BUF_LOG2  = 2  // 1..4: decrypt plaintext buffer 2^BUF_LOG2 beats (2: 64 bytes)
) (
  input  logic        clk_i,
  /* verilator lint_off SYNCASYNCNET */  // rst_ni: async for control flops, a synchronous reset of the core's
  input  logic        rst_ni,           // wide data registers (aesf_gcm_seq, hw/gcm_seq/README.md "Protocol")
  /* verilator lint_on SYNCASYNCNET */
  output logic        irq_o,
  input  logic        s_wb_cyc,
  input  logic        s_wb_stb,
  input  logic        s_wb_we,
  input  logic [7:0]  s_wb_adr,
  input  logic [31:0] s_wb_dat_w,
  input  logic [3:0]  s_wb_sel,
  output logic [31:0] s_wb_dat_r,
  output logic        s_wb_ack,
  output logic        s_wb_err
);

  logic        reg_req, reg_we, reg_err;
  logic [7:0]  reg_addr;
  logic [31:0] reg_wdata, reg_rdata;
  logic [3:0]  reg_wstrb;

  aesf_reg_wb #(.AW(8)) u_bus (
    .clk_i, .rst_ni,
    .s_wb_cyc, .s_wb_stb, .s_wb_we, .s_wb_adr, .s_wb_dat_w, .s_wb_sel, .s_wb_dat_r, .s_wb_ack, .s_wb_err,
    .reg_req_o(reg_req), .reg_we_o(reg_we), .reg_addr_o(reg_addr), .reg_wdata_o(reg_wdata),
    .reg_wstrb_o(reg_wstrb), .reg_rdata_i(reg_rdata), .reg_err_i(reg_err)
  );

  aesf_gcm_seq_regs #(
    .DIGIT(DIGIT), .SBOX_IMPL(SBOX_IMPL), .AES_IMPL(AES_IMPL), .AES_COLS(AES_COLS), .BUF_LOG2(BUF_LOG2)
  ) u_regs (
    .clk_i, .rst_ni,
    .reg_req_i(reg_req), .reg_we_i(reg_we), .reg_addr_i(reg_addr), .reg_wdata_i(reg_wdata),
    .reg_wstrb_i(reg_wstrb), .reg_rdata_o(reg_rdata), .reg_err_o(reg_err), .irq_o
  );

endmodule

`default_nettype wire
