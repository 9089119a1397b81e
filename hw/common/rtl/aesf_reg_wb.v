// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_reg_wb: Wishbone B4 classic slave (32-bit data, byte address, sel = byte strobes) -> aesforge register
// port (protocol of the port: hw/common/rtl/aesf_reg_axil.v). No stall, no burst (CTI/BTE ignored: every
// access is a classic single cycle); RTY is never raised.
//
// Byte order: byte lane k = dat[8k+7:8k] (sel[k]), passed through unchanged. The address is a BYTE address
//   (adr[1:0] of a legal access is 0); a word-addressed master (LiteX) connects its adr shifted left by 2.
//
// Latency: one wait state. The first cycle of cyc && stb is the register-port cycle; the next cycle raises
//   exactly one of ack (done) or err (refused, nothing changed) for one cycle with dat_r (0 after writes and
//   refused reads). Registered outputs: no combinational path from a Wishbone input to an output.

`default_nettype none

module aesf_reg_wb #(
  parameter int AW = 8   // 2..32: byte-address bits
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  // Wishbone B4 classic slave
  input  logic          s_wb_cyc,
  input  logic          s_wb_stb,
  input  logic          s_wb_we,
  input  logic [AW-1:0] s_wb_adr,
  input  logic [31:0]   s_wb_dat_w,
  input  logic [3:0]    s_wb_sel,
  output logic [31:0]   s_wb_dat_r,
  output logic          s_wb_ack,
  output logic          s_wb_err,
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
    .MSG    ("aesf_reg_wb: AW must be 2..32")
  ) u_param_check ();

  logic        ack_q, err_q;
  logic [31:0] dat_q;

  // a new access: cyc && stb and not the cycle in which the previous one is answered
  assign reg_req_o   = s_wb_cyc & s_wb_stb & ~ack_q & ~err_q;
  assign reg_we_o    = s_wb_we;
  assign reg_addr_o  = s_wb_adr;
  assign reg_wdata_o = s_wb_we ? s_wb_dat_w : 32'd0;
  assign reg_wstrb_o = s_wb_we ? s_wb_sel : 4'd0;

  assign s_wb_ack   = ack_q;
  assign s_wb_err   = err_q;
  assign s_wb_dat_r = dat_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin : wb_reg
    if (!rst_ni) begin
      ack_q <= 1'b0; err_q <= 1'b0; dat_q <= '0;
    end else begin
      ack_q <= reg_req_o & ~reg_err_i;
      err_q <= reg_req_o & reg_err_i;
      dat_q <= (reg_req_o & ~s_wb_we & ~reg_err_i) ? reg_rdata_i : 32'd0;
    end
  end

endmodule

`default_nettype wire
