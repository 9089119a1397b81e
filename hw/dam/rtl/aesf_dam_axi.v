// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_dam_axi: the seed-003 "XDAM": the DAM core (aesf_dam_core) behind an AXI4 slave (bursts) and the
// AXI4-Lite control registers (aesf_dam_regs). Port names follow cocotbext-axi (`s_axi_*`, `s_axil_*`).
//
//   Address map (byte addresses): 0 .. 2^MEM_AW * W/8 - 1: memory, plain;
//   0x8000_0000 + offset: cipher window: a write burst of ciphertext is decrypted into memory at offset,
//   a read burst returns the encryption of the plaintext at offset (AES-ECB, whole 16-byte states, natural
//   byte order). INCR bursts of full-width beats only (an unaligned start address selects its word, wstrb the
//   bytes); FIXED/WRAP, narrow beats, out-of-range addresses, a window address not 16-byte aligned, partial
//   states in the window or a window access without a key: SLVERR (write beats are taken and dropped, read
//   beats are zero). wstrb are byte enables (plain region); the window writes whole states.
//   B is sent once the burst's last word is in memory. Responses in order; IDs echoed.
//
// Byte order: lane l = byte at address + l (AXI). Latency: see aesf_dam_core (AW/AR handshake = command push).
`default_nettype none
module aesf_dam_axi #(
  parameter int W         = 32,  // data width: 32, 64, 128
  parameter int MEM_AW    = 8,   // memory word-address bits, 4..20
  parameter int CQ_DEPTH  = 8,   // outstanding bursts per direction: 2, 4, 8, 16
  parameter int ID_W      = 4,   // AXI ID width, 1..4
  parameter int KEY_BITS  = 128, // 128, 192, 256
  parameter int SBOX_IMPL = 1,   // 0, 1 or 4: the AES engines' S-box (aesf_dam_core: 1 composite field with the
                                 // seed's two substages, 4 block ROM, two stages, 0 LUT case ROM, one stage)
  parameter int MIX_REG   = 0,   // 0 or 1 (1 only with SBOX_IMPL 4): register after (Inv)MixColumns (aesf_dam_core)
  parameter int IN_REG    = 0    // 0 or 1: register the engines' inputs (aesf_dam_core)
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  // AXI4 slave
  input  logic [ID_W-1:0]   s_axi_awid,
  input  logic [31:0]       s_axi_awaddr,
  input  logic [7:0]        s_axi_awlen,
  input  logic [2:0]        s_axi_awsize,
  input  logic [1:0]        s_axi_awburst,
  input  logic              s_axi_awvalid,
  output logic              s_axi_awready,
  input  logic [W-1:0]      s_axi_wdata,
  input  logic [W/8-1:0]    s_axi_wstrb,
  input  logic              s_axi_wlast,
  input  logic              s_axi_wvalid,
  output logic              s_axi_wready,
  output logic [ID_W-1:0]   s_axi_bid,
  output logic [1:0]        s_axi_bresp,
  output logic              s_axi_bvalid,
  input  logic              s_axi_bready,
  input  logic [ID_W-1:0]   s_axi_arid,
  input  logic [31:0]       s_axi_araddr,
  input  logic [7:0]        s_axi_arlen,
  input  logic [2:0]        s_axi_arsize,
  input  logic [1:0]        s_axi_arburst,
  input  logic              s_axi_arvalid,
  output logic              s_axi_arready,
  output logic [ID_W-1:0]   s_axi_rid,
  output logic [W-1:0]      s_axi_rdata,
  output logic [1:0]        s_axi_rresp,
  output logic              s_axi_rlast,
  output logic              s_axi_rvalid,
  input  logic              s_axi_rready,
  // control
  input  logic [7:0]        s_axil_awaddr,
  input  logic              s_axil_awvalid,
  output logic              s_axil_awready,
  input  logic [31:0]       s_axil_wdata,
  input  logic [3:0]        s_axil_wstrb,
  input  logic              s_axil_wvalid,
  output logic              s_axil_wready,
  output logic [1:0]        s_axil_bresp,
  output logic              s_axil_bvalid,
  input  logic              s_axil_bready,
  input  logic [7:0]        s_axil_araddr,
  input  logic              s_axil_arvalid,
  output logic              s_axil_arready,
  output logic [31:0]       s_axil_rdata,
  output logic [1:0]        s_axil_rresp,
  output logic              s_axil_rvalid,
  input  logic              s_axil_rready,
  output logic              irq_o,
  // memory
  output logic              mem_req_o,
  input  logic              mem_gnt_i,
  output logic              mem_we_o,
  output logic [MEM_AW-1:0] mem_addr_o,
  output logic [W/8-1:0]    mem_be_o,
  output logic [W-1:0]      mem_wdata_o,
  input  logic              mem_rvalid_i,
  input  logic [W-1:0]      mem_rdata_i
);
  aesf_param_check #(
    .ILLEGAL(ID_W < 1 || ID_W > 4),
    .MSG    ("aesf_dam_axi: ID_W must be 1..4 (W, MEM_AW, CQ_DEPTH, KEY_BITS are checked by aesf_dam_core)")
  ) u_param_check ();

  localparam int BW  = ((MEM_AW > 12) ? MEM_AW : 12) + 1;
  localparam int BSH = $clog2(W / 8);
  localparam logic [1:0] OKAY = 2'b00, SLVERR = 2'b10, INCR = 2'b01;

  // core interface
  logic              wcmd_valid, wcmd_ready, rcmd_valid, rcmd_ready;
  logic              wd_valid, wd_ready, win_active, win_err, rd_valid, rd_last, rd_err;
  logic [W-1:0]      rd_data;
  logic [3:0]        win_tag, rd_tag, wdone_tag;
  logic              wdone, wdone_err;
  logic [7:0]        wdone_cnt;
  logic [MEM_AW-1:0] pitch;
  logic              key_ok, key_busy, key_load, zeroize, dma_go, dma_busy, dma_done, idle;
  logic [255:0]      key;
  logic [1:0]        dma_op;
  logic [MEM_AW-1:0] dma_src, dma_dst;
  logic [BW-1:0]     dma_nstates;
  logic [3:0]        dma_err;

  // burst checks (same rules for AW and AR)
  function automatic logic burst_bad(input logic [31:0] addr, input logic [7:0] len, input logic [2:0] size,
                                     input logic [1:0] burst, input logic key_ok_f);
    logic [31:0] off;
    logic [MEM_AW+9:0] end_word;
    off      = {1'b0, addr[30:0]};
    end_word = (MEM_AW+10)'(off >> BSH) + (MEM_AW+10)'(len) + 1'b1;
    burst_bad = (burst != INCR) || (size != 3'(BSH)) ||
           ((off >> BSH) >= 32'(2**MEM_AW)) || (end_word > (MEM_AW+10)'(2**MEM_AW)) ||
           (addr[31] && ((off[3:0] != 4'd0) || ((((32'(len) + 1) << BSH) & 32'hF) != 0) || !key_ok_f));
  endfunction

  // outstanding writes (AW accepted, B not yet taken) are bounded so the B FIFO never overflows
  logic [4:0] w_out_q;
  logic       aw_hs, b_hs, bf_wready, bf_rvalid;
  logic [ID_W+1:0] bf_rdata;
  logic [$clog2(CQ_DEPTH+1)-1:0] bf_count;
  assign s_axi_awready = wcmd_ready && (w_out_q < 5'(CQ_DEPTH));
  assign aw_hs         = s_axi_awvalid && s_axi_awready;
  assign wcmd_valid    = s_axi_awvalid && (w_out_q < 5'(CQ_DEPTH));
  assign b_hs          = s_axi_bvalid && s_axi_bready;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)            w_out_q <= '0;
    else if (aw_hs && !b_hs) w_out_q <= w_out_q + 1'b1;
    else if (!aw_hs && b_hs) w_out_q <= w_out_q - 1'b1;
  end

  // the core's wd_ready is a flip-flop that is 1 only while its write window is open (a burst's AW is queued),
  // so W beats that arrive before their AW wait (AXI allows them first) and no gate is needed here
  assign s_axi_wready = wd_ready;
  assign wd_valid     = s_axi_wvalid;

  aesf_fifo #(.W(ID_W + 2), .DEPTH(CQ_DEPTH)) u_bfifo (
    .clk_i, .rst_ni, .clear_i(1'b0),
    .wvalid_i(wdone), .wready_o(bf_wready), .wdata_i({wdone_tag[ID_W-1:0], wdone_err ? SLVERR : OKAY}),
    .rvalid_o(bf_rvalid), .rready_i(s_axi_bready), .rdata_o(bf_rdata), .count_o(bf_count)
  );
  assign s_axi_bvalid = bf_rvalid;
  assign s_axi_bid    = bf_rdata[ID_W+1:2];
  assign s_axi_bresp  = bf_rdata[1:0];

  assign s_axi_arready = rcmd_ready;
  assign rcmd_valid    = s_axi_arvalid;
  assign s_axi_rvalid  = rd_valid;
  assign s_axi_rdata   = rd_data;
  assign s_axi_rresp   = rd_err ? SLVERR : OKAY;
  assign s_axi_rlast   = rd_last;
  assign s_axi_rid     = rd_tag[ID_W-1:0];

  aesf_dam_core #(.W(W), .MEM_AW(MEM_AW), .CQ_DEPTH(CQ_DEPTH), .KEY_BITS(KEY_BITS), .SBOX_IMPL(SBOX_IMPL),
                  .MIX_REG(MIX_REG), .IN_REG(IN_REG))
  u_core (
    .clk_i, .rst_ni,
    .wcmd_valid_i(wcmd_valid), .wcmd_ready_o(wcmd_ready),
    .wcmd_addr_i(MEM_AW'(s_axi_awaddr[30:0] >> BSH)), .wcmd_beats_i(BW'(s_axi_awlen) + 1'b1),
    .wcmd_width_i(5'd1), .wcmd_mode_i(s_axi_awaddr[31] ? 2'd3 : 2'd0),
    .wcmd_err_i(burst_bad(s_axi_awaddr, s_axi_awlen, s_axi_awsize, s_axi_awburst, key_ok)),
    .wcmd_tag_i(4'(s_axi_awid)),
    .wd_valid_i(wd_valid), .wd_ready_o(wd_ready), .wd_data_i(s_axi_wdata), .wd_be_i(s_axi_wstrb),
    .win_active_o(win_active), .win_tag_o(win_tag), .win_err_o(win_err),
    .wdone_o(wdone), .wdone_tag_o(wdone_tag), .wdone_err_o(wdone_err), .wdone_cnt_o(wdone_cnt),
    .rcmd_valid_i(rcmd_valid), .rcmd_ready_o(rcmd_ready),
    .rcmd_addr_i(MEM_AW'(s_axi_araddr[30:0] >> BSH)), .rcmd_beats_i(BW'(s_axi_arlen) + 1'b1),
    .rcmd_width_i(5'd1), .rcmd_mode_i(s_axi_araddr[31] ? 2'd3 : 2'd0),
    .rcmd_err_i(burst_bad(s_axi_araddr, s_axi_arlen, s_axi_arsize, s_axi_arburst, key_ok)),
    .rcmd_tag_i(4'(s_axi_arid)), .rcmd_after_i(wdone_cnt),
    .rd_valid_o(rd_valid), .rd_ready_i(s_axi_rready), .rd_data_o(rd_data), .rd_last_o(rd_last),
    .rd_err_o(rd_err), .rd_tag_o(rd_tag),
    .pitch_i(pitch), .key_load_i(key_load), .key_i(key), .zeroize_i(zeroize), .key_ok_o(key_ok),
    .key_busy_o(key_busy),
    .dma_go_i(dma_go), .dma_op_i(dma_op), .dma_src_i(dma_src), .dma_dst_i(dma_dst),
    .dma_nstates_i(dma_nstates), .dma_busy_o(dma_busy), .idle_o(idle), .dma_done_o(dma_done),
    .dma_err_o(dma_err),
    .mem_req_o, .mem_gnt_i, .mem_we_o, .mem_addr_o, .mem_be_o, .mem_wdata_o, .mem_rvalid_i, .mem_rdata_i
  );

  aesf_dam_regs #(.W(W), .MEM_AW(MEM_AW), .BW(BW)) u_regs (
    .clk_i, .rst_ni,
    .s_axil_awaddr, .s_axil_awvalid, .s_axil_awready, .s_axil_wdata, .s_axil_wstrb, .s_axil_wvalid,
    .s_axil_wready, .s_axil_bresp, .s_axil_bvalid, .s_axil_bready, .s_axil_araddr, .s_axil_arvalid,
    .s_axil_arready, .s_axil_rdata, .s_axil_rresp, .s_axil_rvalid, .s_axil_rready,
    .pitch_o(pitch), .key_load_o(key_load), .key_o(key), .zeroize_o(zeroize), .key_ok_i(key_ok),
    .key_busy_i(key_busy), .dma_go_o(dma_go), .dma_op_o(dma_op), .dma_src_o(dma_src), .dma_dst_o(dma_dst),
    .dma_nstates_o(dma_nstates), .dma_busy_i(dma_busy), .dma_done_i(dma_done), .dma_err_i(dma_err),
    .idle_i(idle), .irq_o
  );

  // wlast is implied by awlen (not checked); the B FIFO cannot overflow (w_out_q bound)
  logic unused;
  assign unused = ^{s_axi_wlast, win_active, win_tag, win_err, bf_wready, bf_count};
endmodule
`default_nettype wire
