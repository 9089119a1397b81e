// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_reg_axil: AXI4-Lite slave -> aesforge register port (the bus-neutral seam of the register blocks,
// e.g. hw/aes_iter/rtl/aesf_aes_iter_regs.v). One transfer at a time.
//
// Register port (shared by aesf_reg_axil / aesf_reg_apb / aesf_reg_wb):
//   reg_req_o is high for exactly one cycle per bus transfer, with reg_we_o, reg_addr_o (byte address),
//   reg_wdata_o and reg_wstrb_o (writes; 0 on reads). The register block answers in that same cycle,
//   combinationally: reg_rdata_i (reads) and reg_err_i (1: refused, the block changed nothing). The write is
//   applied by the block at the edge that ends the reg_req_o cycle.
//
// Byte order: AXI byte lane k = wdata/rdata[8k+7:8k], passed through unchanged. As AXI specifies, the strobes
//   select the bytes: awaddr/araddr[1:0] are ignored (the register port sees the word address, low bits 0), so
//   an unaligned AXI address is no error here (APB and Wishbone pass the address on unchanged).
//
// Latency: AW and W (in any order) are registered; the cycle after both are held the register port is used and
//   the B response follows at the next edge (awvalid+wvalid -> bvalid: 2 cycles). AR likewise (arvalid -> rvalid:
//   2 cycles). A write that is complete wins over a waiting read only if the previous transfer was a read (round
//   robin), so neither starves. No combinational path from an AXI input to an AXI output.
//   BRESP / RRESP: OKAY (00), or SLVERR (10) when the block refused the transfer (read data then 0).

`default_nettype none

module aesf_reg_axil #(
  parameter int AW = 8   // 2..32: byte-address bits
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  // AXI4-Lite slave
  input  logic [AW-1:0] s_axil_awaddr,
  input  logic [2:0]    s_axil_awprot,
  input  logic          s_axil_awvalid,
  output logic          s_axil_awready,
  input  logic [31:0]   s_axil_wdata,
  input  logic [3:0]    s_axil_wstrb,
  input  logic          s_axil_wvalid,
  output logic          s_axil_wready,
  output logic [1:0]    s_axil_bresp,
  output logic          s_axil_bvalid,
  input  logic          s_axil_bready,
  input  logic [AW-1:0] s_axil_araddr,
  input  logic [2:0]    s_axil_arprot,
  input  logic          s_axil_arvalid,
  output logic          s_axil_arready,
  output logic [31:0]   s_axil_rdata,
  output logic [1:0]    s_axil_rresp,
  output logic          s_axil_rvalid,
  input  logic          s_axil_rready,
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
    .MSG    ("aesf_reg_axil: AW must be 2..32")
  ) u_param_check ();

  localparam logic [1:0] RespOkay   = 2'b00;
  localparam logic [1:0] RespSlvErr = 2'b10;

  logic          aw_full_q, w_full_q, ar_full_q, b_valid_q, r_valid_q, last_wr_q;
  logic [AW-1:0] aw_addr_q, ar_addr_q;
  logic [31:0]   w_data_q, r_data_q;
  logic [3:0]    w_strb_q;
  logic [1:0]    b_resp_q, r_resp_q;
  logic          wr_rdy, rd_rdy, wr_go, rd_go;

  assign s_axil_awready = ~aw_full_q;
  assign s_axil_wready  = ~w_full_q;
  assign s_axil_arready = ~ar_full_q;
  assign s_axil_bvalid  = b_valid_q;
  assign s_axil_bresp   = b_resp_q;
  assign s_axil_rvalid  = r_valid_q;
  assign s_axil_rdata   = r_data_q;
  assign s_axil_rresp   = r_resp_q;

  assign wr_rdy = aw_full_q & w_full_q & ~b_valid_q;
  assign rd_rdy = ar_full_q & ~r_valid_q;
  assign wr_go  = wr_rdy & (~rd_rdy | ~last_wr_q);
  assign rd_go  = rd_rdy & ~wr_go;

  assign reg_req_o   = wr_go | rd_go;
  assign reg_we_o    = wr_go;
  // AXI: the byte lanes are given by the strobes, so the low address bits are not part of the register address
  assign reg_addr_o  = {wr_go ? aw_addr_q[AW-1:2] : ar_addr_q[AW-1:2], 2'b00};
  assign reg_wdata_o = wr_go ? w_data_q : 32'd0;
  assign reg_wstrb_o = wr_go ? w_strb_q : 4'd0;

  always_ff @(posedge clk_i or negedge rst_ni) begin : axil_reg
    if (!rst_ni) begin
      aw_full_q <= 1'b0; w_full_q <= 1'b0; ar_full_q <= 1'b0; b_valid_q <= 1'b0; r_valid_q <= 1'b0;
      last_wr_q <= 1'b0;
      aw_addr_q <= '0; ar_addr_q <= '0; w_data_q <= '0; w_strb_q <= '0; r_data_q <= '0;
      b_resp_q  <= RespOkay; r_resp_q <= RespOkay;
    end else begin
      if (s_axil_awvalid && s_axil_awready) begin aw_full_q <= 1'b1; aw_addr_q <= s_axil_awaddr; end
      if (s_axil_wvalid && s_axil_wready) begin w_full_q <= 1'b1; w_data_q <= s_axil_wdata; w_strb_q <= s_axil_wstrb; end
      if (s_axil_arvalid && s_axil_arready) begin ar_full_q <= 1'b1; ar_addr_q <= s_axil_araddr; end
      if (b_valid_q && s_axil_bready) b_valid_q <= 1'b0;
      if (r_valid_q && s_axil_rready) r_valid_q <= 1'b0;
      if (wr_go) begin
        aw_full_q <= 1'b0; w_full_q <= 1'b0; b_valid_q <= 1'b1; last_wr_q <= 1'b1;
        w_data_q  <= '0;   // write data (key words) not kept after use
        b_resp_q  <= reg_err_i ? RespSlvErr : RespOkay;
      end
      if (rd_go) begin
        ar_full_q <= 1'b0; r_valid_q <= 1'b1; last_wr_q <= 1'b0;
        r_data_q  <= reg_err_i ? 32'd0 : reg_rdata_i;
        r_resp_q  <= reg_err_i ? RespSlvErr : RespOkay;
      end
    end
  end

`ifdef FORMAL
  // AXI4-Lite: a response is held, unchanged, until taken; one register access per cycle, only on a complete
  // request whose response register is free. The checking process is clocked only (yowasp-sby: no asynchronous
  // trigger on an assertion) and gated by f_run_q, a flop that reset clears.
  logic        f_run_q, f_bhold_q, f_rhold_q;
  logic [1:0]  f_bresp_q, f_rresp_q;
  logic [31:0] f_rdata_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      f_run_q <= 1'b0; f_bhold_q <= 1'b0; f_rhold_q <= 1'b0; f_bresp_q <= '0; f_rresp_q <= '0; f_rdata_q <= '0;
    end else begin
      f_run_q   <= 1'b1;
      f_bhold_q <= s_axil_bvalid && !s_axil_bready;
      f_rhold_q <= s_axil_rvalid && !s_axil_rready;
      f_bresp_q <= s_axil_bresp;
      f_rresp_q <= s_axil_rresp;
      f_rdata_q <= s_axil_rdata;
    end
  end
  always @(posedge clk_i) begin
    if (f_run_q) begin
      if (f_bhold_q) assert (s_axil_bvalid && s_axil_bresp == f_bresp_q);
      if (f_rhold_q) assert (s_axil_rvalid && s_axil_rresp == f_rresp_q && s_axil_rdata == f_rdata_q);
      assert (!(wr_go && rd_go));
      if (wr_go) assert (aw_full_q && w_full_q && !b_valid_q);
      if (rd_go) assert (ar_full_q && !r_valid_q);
    end
  end
`endif

  logic unused;
  assign unused = ^{s_axil_awprot, s_axil_arprot, aw_addr_q[1:0], ar_addr_q[1:0]};

endmodule

`default_nettype wire
