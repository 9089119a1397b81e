// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_reg_apb: AMBA APB4 slave -> aesforge register port (protocol of the port: hw/common/rtl/aesf_reg_axil.v).
//
// Byte order: APB byte lane k = pwdata/prdata[8k+7:8k], passed through unchanged (pstrb[k] strobes lane k).
//
// Latency: no wait state. The access phase (psel && penable) is the register-port cycle: s_apb_pready is 1,
//   s_apb_prdata / s_apb_pslverr come combinationally from the register block and the write is applied at the
//   edge that ends the access phase. pslverr = 1 (refused, nothing changed) only in the access phase; prdata is
//   0 outside a read access phase and on a refused read.
//   Combinational path: paddr / pwrite / pwdata / pstrb -> prdata / pslverr (the register block's decoder).

`default_nettype none

module aesf_reg_apb #(
  parameter int AW = 8   // 2..32: byte-address bits
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  // APB4 slave
  input  logic          s_apb_psel,
  input  logic          s_apb_penable,
  input  logic          s_apb_pwrite,
  input  logic [AW-1:0] s_apb_paddr,
  input  logic [31:0]   s_apb_pwdata,
  input  logic [3:0]    s_apb_pstrb,
  input  logic [2:0]    s_apb_pprot,
  output logic [31:0]   s_apb_prdata,
  output logic          s_apb_pready,
  output logic          s_apb_pslverr,
  // register port
  output logic          reg_req_o,
  output logic          reg_we_o,
  output logic [AW-1:0] reg_addr_o,
  output logic [31:0]   reg_wdata_o,
  output logic [3:0]    reg_wstrb_o,
  input  logic [31:0]   reg_rdata_i,
  input  logic          reg_err_i
);

  aesf_param_check #(
    .ILLEGAL(AW < 2 || AW > 32),
    .MSG    ("aesf_reg_apb: AW must be 2..32")
  ) u_param_check ();

  logic access;
  assign access = s_apb_psel & s_apb_penable;

  assign reg_req_o   = access;
  assign reg_we_o    = s_apb_pwrite;
  assign reg_addr_o  = s_apb_paddr;
  assign reg_wdata_o = s_apb_pwrite ? s_apb_pwdata : 32'd0;
  assign reg_wstrb_o = s_apb_pwrite ? s_apb_pstrb : 4'd0;

  assign s_apb_pready  = 1'b1;
  assign s_apb_pslverr = access & reg_err_i;
  assign s_apb_prdata  = (access & ~s_apb_pwrite & ~reg_err_i) ? reg_rdata_i : 32'd0;

  logic unused;
  assign unused = ^{clk_i, rst_ni, s_apb_pprot};

endmodule

`default_nettype wire
