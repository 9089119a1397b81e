// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_aes_iter_apb: aesf_aes_iter behind a APB4 slave (8-bit byte address, 32-bit data). A thin top:
// the bus adapter aesf_reg_apb (hw/common/rtl) and the register block aesf_aes_iter_regs, which holds the register
// map (hw/aes_iter/aes_iter_regs.json), byte order, latency and security policy. Bus errors: unmapped or
// unaligned address, write to a read-only register, a reserved bit, more than one command, a command or
// configuration write while STATUS.BUSY; a refused write changes nothing.

`default_nettype none

module aesf_aes_iter_apb #(
  parameter int DECRYPT   = 1, // 0..1: 1 encrypt + decrypt, 0 encrypt-only (see aesf_aes_iter)
  parameter int SBOX_IMPL = 0  // 0..1: 0 LUT case ROM, 1 composite field
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  output logic        irq_o,
  input  logic        s_apb_psel,
  input  logic        s_apb_penable,
  input  logic        s_apb_pwrite,
  input  logic [7:0]  s_apb_paddr,
  input  logic [31:0] s_apb_pwdata,
  input  logic [3:0]  s_apb_pstrb,
  input  logic [2:0]  s_apb_pprot,
  output logic [31:0] s_apb_prdata,
  output logic        s_apb_pready,
  output logic        s_apb_pslverr
);

  logic        reg_req, reg_we, reg_err;
  logic [7:0]  reg_addr;
  logic [31:0] reg_wdata, reg_rdata;
  logic [3:0]  reg_wstrb;

  aesf_reg_apb #(.AW(8)) u_bus (
    .clk_i, .rst_ni,
    .s_apb_psel, .s_apb_penable, .s_apb_pwrite, .s_apb_paddr, .s_apb_pwdata, .s_apb_pstrb, .s_apb_pprot,
    .s_apb_prdata, .s_apb_pready, .s_apb_pslverr,
    .reg_req_o(reg_req), .reg_we_o(reg_we), .reg_addr_o(reg_addr), .reg_wdata_o(reg_wdata),
    .reg_wstrb_o(reg_wstrb), .reg_rdata_i(reg_rdata), .reg_err_i(reg_err)
  );

  aesf_aes_iter_regs #(.DECRYPT(DECRYPT), .SBOX_IMPL(SBOX_IMPL)) u_regs (
    .clk_i, .rst_ni,
    .reg_req_i(reg_req), .reg_we_i(reg_we), .reg_addr_i(reg_addr), .reg_wdata_i(reg_wdata),
    .reg_wstrb_i(reg_wstrb), .reg_rdata_o(reg_rdata), .reg_err_o(reg_err), .irq_o
  );

endmodule

`default_nettype wire
