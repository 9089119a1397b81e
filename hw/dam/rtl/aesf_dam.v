// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_dam: the seed-003 DAM system with its bus front end selected by parameter, as the paper's Fig. 12:
// BUS = 0 is the "ADAM" (aesf_dam_asbus: the paper's ASBUS with NM masters, linear / block / AES-state
// transfers), BUS = 1 the "XDAM" (aesf_dam_axi: AXI4 slave with INCR bursts and the cipher window at
// 0x8000_0000). Both carry the same bus-free core (aesf_dam_core: DMA, AES-128 decrypt on the write path,
// encrypt on the read path, memory controller), the AXI4-Lite control registers (aesf_dam_regs) and the
// req/gnt memory port. The ports of both buses exist on this top so one netlist interface fits either
// build; the unselected bus's inputs are ignored and its outputs are tied to 0 (no logic is generated for
// it). Protocols, timing, register map: hw/dam/README.md.
//
// Byte order: beat lane l = byte at address + l (little-endian lanes) on either bus; AES state transfer
// (ASBUS LEN[11:10] = 2'b10) uses the Fig. 7 pre-shuffled order, see aesf_dam_core.
// Latency: that of the selected front end (aesf_dam_asbus / aesf_dam_axi headers); this wrapper adds none.
`default_nettype none
module aesf_dam #(
  parameter int BUS       = 0,   // 0: ASBUS (ADAM), 1: AXI4 (XDAM)
  parameter int W         = 32,  // bus and memory width: 32, 64, 128
  parameter int MEM_AW    = 8,   // memory word-address bits, 4..20
  parameter int CQ_DEPTH  = 8,   // command queue entries / outstanding bursts per direction: 2, 4, 8, 16
  parameter int NM        = 2,   // ASBUS masters, 1..4 (master 0 has the highest priority); BUS = 0 only
  parameter int ID_W      = 4,   // AXI ID width, 1..4; BUS = 1 only
  parameter int KEY_BITS  = 128, // 128, 192, 256
  parameter int SBOX_IMPL = 1,   // 0, 1 or 4: the AES engines' S-box (aesf_dam_core: 1 composite field with the
                                 // seed's two substages, 4 block ROM, two stages, 0 LUT case ROM, one stage)
  parameter int MIX_REG   = 0,   // 0 or 1 (1 only with SBOX_IMPL 4): register after (Inv)MixColumns (aesf_dam_core)
  parameter int IN_REG    = 0    // 0 or 1: register the engines' inputs (aesf_dam_core)
) (
  input  logic                clk_i,
  input  logic                rst_ni,        // asynchronous, active low
  // ASBUS slave (BUS = 0; with BUS = 1 the inputs are ignored and the outputs are 0)
  input  logic [NM-1:0]       asb_req_i,
  output logic [NM-1:0]       asb_gnt_o,
  input  logic [NM*32-1:0]    asb_addr_i,
  input  logic [NM-1:0]       asb_wr_i,
  input  logic [NM*12-1:0]    asb_len_i,
  input  logic [NM*W-1:0]     asb_wdata_i,
  input  logic [NM*W/8-1:0]   asb_wd_vld_i,
  output logic [W-1:0]        asb_rdata_o,
  output logic [NM*2-1:0]     asb_resp_o,
  output logic [NM-1:0]       asb_err_o,
  // AXI4 slave (BUS = 1; with BUS = 0 the inputs are ignored and the outputs are 0)
  input  logic [ID_W-1:0]     s_axi_awid,
  input  logic [31:0]         s_axi_awaddr,
  input  logic [7:0]          s_axi_awlen,
  input  logic [2:0]          s_axi_awsize,
  input  logic [1:0]          s_axi_awburst,
  input  logic                s_axi_awvalid,
  output logic                s_axi_awready,
  input  logic [W-1:0]        s_axi_wdata,
  input  logic [W/8-1:0]      s_axi_wstrb,
  input  logic                s_axi_wlast,
  input  logic                s_axi_wvalid,
  output logic                s_axi_wready,
  output logic [ID_W-1:0]     s_axi_bid,
  output logic [1:0]          s_axi_bresp,
  output logic                s_axi_bvalid,
  input  logic                s_axi_bready,
  input  logic [ID_W-1:0]     s_axi_arid,
  input  logic [31:0]         s_axi_araddr,
  input  logic [7:0]          s_axi_arlen,
  input  logic [2:0]          s_axi_arsize,
  input  logic [1:0]          s_axi_arburst,
  input  logic                s_axi_arvalid,
  output logic                s_axi_arready,
  output logic [ID_W-1:0]     s_axi_rid,
  output logic [W-1:0]        s_axi_rdata,
  output logic [1:0]          s_axi_rresp,
  output logic                s_axi_rlast,
  output logic                s_axi_rvalid,
  input  logic                s_axi_rready,
  // control (AXI4-Lite, register map hw/dam/dam_regs.json)
  input  logic [7:0]          s_axil_awaddr,
  input  logic                s_axil_awvalid,
  output logic                s_axil_awready,
  input  logic [31:0]         s_axil_wdata,
  input  logic [3:0]          s_axil_wstrb,
  input  logic                s_axil_wvalid,
  output logic                s_axil_wready,
  output logic [1:0]          s_axil_bresp,
  output logic                s_axil_bvalid,
  input  logic                s_axil_bready,
  input  logic [7:0]          s_axil_araddr,
  input  logic                s_axil_arvalid,
  output logic                s_axil_arready,
  output logic [31:0]         s_axil_rdata,
  output logic [1:0]          s_axil_rresp,
  output logic                s_axil_rvalid,
  input  logic                s_axil_rready,
  output logic                irq_o,
  // memory (req/gnt, see aesf_dam_sram)
  output logic                mem_req_o,
  input  logic                mem_gnt_i,
  output logic                mem_we_o,
  output logic [MEM_AW-1:0]   mem_addr_o,
  output logic [W/8-1:0]      mem_be_o,
  output logic [W-1:0]        mem_wdata_o,
  input  logic                mem_rvalid_i,
  input  logic [W-1:0]        mem_rdata_i
);

  aesf_param_check #(
    .ILLEGAL(BUS < 0 || BUS > 1),
    .MSG    ("aesf_dam: BUS must be 0 (ASBUS) or 1 (AXI4); the other parameters are checked by the front end")
  ) u_param_check ();

  if (BUS == 0) begin : gen_asbus
    aesf_dam_asbus #(
      .W         (W),
      .MEM_AW    (MEM_AW),
      .CQ_DEPTH  (CQ_DEPTH),
      .NM        (NM),
      .KEY_BITS  (KEY_BITS),
      .SBOX_IMPL (SBOX_IMPL),
      .MIX_REG   (MIX_REG),
      .IN_REG    (IN_REG)
    ) u_front (
      .clk_i,
      .rst_ni,
      .asb_req_i,
      .asb_gnt_o,
      .asb_addr_i,
      .asb_wr_i,
      .asb_len_i,
      .asb_wdata_i,
      .asb_wd_vld_i,
      .asb_rdata_o,
      .asb_resp_o,
      .asb_err_o,
      .s_axil_awaddr,
      .s_axil_awvalid,
      .s_axil_awready,
      .s_axil_wdata,
      .s_axil_wstrb,
      .s_axil_wvalid,
      .s_axil_wready,
      .s_axil_bresp,
      .s_axil_bvalid,
      .s_axil_bready,
      .s_axil_araddr,
      .s_axil_arvalid,
      .s_axil_arready,
      .s_axil_rdata,
      .s_axil_rresp,
      .s_axil_rvalid,
      .s_axil_rready,
      .irq_o,
      .mem_req_o,
      .mem_gnt_i,
      .mem_we_o,
      .mem_addr_o,
      .mem_be_o,
      .mem_wdata_o,
      .mem_rvalid_i,
      .mem_rdata_i
    );

    assign s_axi_awready = '0;
    assign s_axi_wready = '0;
    assign s_axi_bid = '0;
    assign s_axi_bresp = '0;
    assign s_axi_bvalid = '0;
    assign s_axi_arready = '0;
    assign s_axi_rid = '0;
    assign s_axi_rdata = '0;
    assign s_axi_rresp = '0;
    assign s_axi_rlast = '0;
    assign s_axi_rvalid = '0;

    /* verilator lint_off UNUSEDSIGNAL */  // the AXI4 port is not used in an ASBUS build
    logic unused_axi;
    assign unused_axi = ^{s_axi_awid, s_axi_awaddr, s_axi_awlen, s_axi_awsize, s_axi_awburst, s_axi_awvalid,
                          s_axi_wdata, s_axi_wstrb, s_axi_wlast, s_axi_wvalid, s_axi_bready,
                          s_axi_arid, s_axi_araddr, s_axi_arlen, s_axi_arsize, s_axi_arburst, s_axi_arvalid,
                          s_axi_rready};
    /* verilator lint_on UNUSEDSIGNAL */
  end else begin : gen_axi
    aesf_dam_axi #(
      .W         (W),
      .MEM_AW    (MEM_AW),
      .CQ_DEPTH  (CQ_DEPTH),
      .ID_W      (ID_W),
      .KEY_BITS  (KEY_BITS),
      .SBOX_IMPL (SBOX_IMPL),
      .MIX_REG   (MIX_REG),
      .IN_REG    (IN_REG)
    ) u_front (
      .clk_i,
      .rst_ni,
      .s_axi_awid,
      .s_axi_awaddr,
      .s_axi_awlen,
      .s_axi_awsize,
      .s_axi_awburst,
      .s_axi_awvalid,
      .s_axi_awready,
      .s_axi_wdata,
      .s_axi_wstrb,
      .s_axi_wlast,
      .s_axi_wvalid,
      .s_axi_wready,
      .s_axi_bid,
      .s_axi_bresp,
      .s_axi_bvalid,
      .s_axi_bready,
      .s_axi_arid,
      .s_axi_araddr,
      .s_axi_arlen,
      .s_axi_arsize,
      .s_axi_arburst,
      .s_axi_arvalid,
      .s_axi_arready,
      .s_axi_rid,
      .s_axi_rdata,
      .s_axi_rresp,
      .s_axi_rlast,
      .s_axi_rvalid,
      .s_axi_rready,
      .s_axil_awaddr,
      .s_axil_awvalid,
      .s_axil_awready,
      .s_axil_wdata,
      .s_axil_wstrb,
      .s_axil_wvalid,
      .s_axil_wready,
      .s_axil_bresp,
      .s_axil_bvalid,
      .s_axil_bready,
      .s_axil_araddr,
      .s_axil_arvalid,
      .s_axil_arready,
      .s_axil_rdata,
      .s_axil_rresp,
      .s_axil_rvalid,
      .s_axil_rready,
      .irq_o,
      .mem_req_o,
      .mem_gnt_i,
      .mem_we_o,
      .mem_addr_o,
      .mem_be_o,
      .mem_wdata_o,
      .mem_rvalid_i,
      .mem_rdata_i
    );

    assign asb_gnt_o = '0;
    assign asb_rdata_o = '0;
    assign asb_resp_o = '0;
    assign asb_err_o = '0;

    /* verilator lint_off UNUSEDSIGNAL */  // the ASBUS port is not used in an AXI4 build
    logic unused_asb;
    assign unused_asb = ^{asb_req_i, asb_addr_i, asb_wr_i, asb_len_i, asb_wdata_i, asb_wd_vld_i};
    /* verilator lint_on UNUSEDSIGNAL */
  end

endmodule

`default_nettype wire
