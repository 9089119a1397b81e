// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_aes_iter_axil: aesf_aes_iter behind a AXI4-Lite slave (8-bit byte address, 32-bit data). A thin top:
// the bus adapter aesf_reg_axil (hw/common/rtl) and the register block aesf_aes_iter_regs, which holds the register
// map (hw/aes_iter/aes_iter_regs.json), byte order, latency and security policy. Bus errors: unmapped or
// unaligned address, write to a read-only register, a reserved bit, more than one command, a command or
// configuration write while STATUS.BUSY; a refused write changes nothing.

`default_nettype none

module aesf_aes_iter_axil #(
  parameter int DECRYPT   = 1, // 0..1: 1 encrypt + decrypt, 0 encrypt-only (see aesf_aes_iter)
  parameter int SBOX_IMPL = 0  // 0..1: 0 LUT case ROM, 1 composite field
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  output logic        irq_o,
  input  logic [7:0]  s_axil_awaddr,
  input  logic [2:0]  s_axil_awprot,
  input  logic        s_axil_awvalid,
  output logic        s_axil_awready,
  input  logic [31:0] s_axil_wdata,
  input  logic [3:0]  s_axil_wstrb,
  input  logic        s_axil_wvalid,
  output logic        s_axil_wready,
  output logic [1:0]  s_axil_bresp,
  output logic        s_axil_bvalid,
  input  logic        s_axil_bready,
  input  logic [7:0]  s_axil_araddr,
  input  logic [2:0]  s_axil_arprot,
  input  logic        s_axil_arvalid,
  output logic        s_axil_arready,
  output logic [31:0] s_axil_rdata,
  output logic [1:0]  s_axil_rresp,
  output logic        s_axil_rvalid,
  input  logic        s_axil_rready
);

  logic        reg_req, reg_we, reg_err;
  logic [7:0]  reg_addr;
  logic [31:0] reg_wdata, reg_rdata;
  logic [3:0]  reg_wstrb;

  aesf_reg_axil #(.AW(8)) u_bus (
    .clk_i, .rst_ni,
    .s_axil_awaddr, .s_axil_awprot, .s_axil_awvalid, .s_axil_awready, .s_axil_wdata, .s_axil_wstrb,
    .s_axil_wvalid, .s_axil_wready, .s_axil_bresp, .s_axil_bvalid, .s_axil_bready, .s_axil_araddr, .s_axil_arprot,
    .s_axil_arvalid, .s_axil_arready, .s_axil_rdata, .s_axil_rresp, .s_axil_rvalid, .s_axil_rready,
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
