// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_dam_regs: AXI4-Lite control registers of the seed-003 DAM (the paper's control bus / micro-processor
// port): identification, DMA channel, block pitch, key (write-only), status and interrupt.
// The register map's single source is hw/dam/dam_regs.json (`aesforge regmap` generates
// sw/aesf_dam_regs.h and the table in hw/dam/README.md; tests check this RTL against it).
//
// Byte order: KEYi holds key bytes 4i..4i+3, byte 4i in bits [31:24] (the NIST hex string read left to right).
// The AXI4-Lite slave is the library's one (aesf_reg_axil: AW / W / AR registered, one register access per
// cycle on its register port, reads and writes round robin); this module is the register block behind it.
// Latency: a write takes effect on the edge after both AW and W are held, and B follows at that edge
// (awvalid + wvalid -> bvalid: 2 cycles); reads: arvalid -> rvalid 2 cycles (aesf_reg_axil).
// Unmapped addresses, reads of KEYi, and KEY_LOAD / GO refused because the engine is busy: SLVERR
// (reads return 0). Nothing ever returns key bytes.
`default_nettype none
module aesf_dam_regs #(
  parameter int W      = 32,  // bus width of the DAM (32, 64, 128): ID register, pitch granularity
  parameter int MEM_AW = 8,   // memory word-address bits, 4..20
  parameter int BW     = 13   // core beat-count width (from aesf_dam_core)
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  // AXI4-Lite slave
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
  // to / from aesf_dam_core
  output logic [MEM_AW-1:0] pitch_o,
  output logic              key_load_o,
  output logic [255:0]      key_o,
  output logic              zeroize_o,
  input  logic              key_ok_i,
  input  logic              key_busy_i,
  output logic              dma_go_o,
  output logic [1:0]        dma_op_o,
  output logic [MEM_AW-1:0] dma_src_o,
  output logic [MEM_AW-1:0] dma_dst_o,
  output logic [BW-1:0]     dma_nstates_o,
  input  logic              dma_busy_i,
  input  logic              dma_done_i,
  input  logic [3:0]        dma_err_i,
  input  logic              idle_i,
  output logic              irq_o
);
  aesf_param_check #(
    .ILLEGAL(!(W == 32 || W == 64 || W == 128) || MEM_AW < 4 || MEM_AW > 20 || BW < MEM_AW + 1),
    .MSG    ("aesf_dam_regs: W 32/64/128, MEM_AW 4..20, BW > MEM_AW")
  ) u_param_check ();

  localparam int BSH = $clog2(W / 8);       // byte -> word address shift
  localparam logic [15:0] MAGIC = 16'hDA03;
  localparam logic [7:0] A_ID = 8'h00, A_CTRL = 8'h04, A_CMD = 8'h08, A_STATUS = 8'h0C, A_SRC = 8'h10,
                         A_DST = 8'h14, A_NSTATES = 8'h18, A_PITCH = 8'h1C, A_KEY0 = 8'h20, A_KEY7 = 8'h3C;
  localparam logic [3:0] ErrRange = 4'd1;  // STATUS.ERR_CODE 1 (aesf_dam_core's ErrRange): a misaligned GO

  logic [1:0]  op_q;
  logic        irq_en_q, done_q, err_q;
  logic [3:0]  err_code_q;
  logic [31:0] src_q, dst_q, nstates_q, pitch_q;
  logic [31:0] key_q [8];
  logic        wr, go_req, go_ok, load_req, load_ok, zero_req, align_bad;
  // KEY_LOAD and ZEROIZE reach the key schedule one cycle after their write, from flip-flops (timing, issue 21:
  // they enable every round-key register; from the write handshake they were the DAM's critical path)
  logic        key_load_q, zeroize_q;
  logic [7:0]  wa;
  logic [31:0] wd;
  // the register port of aesf_reg_axil (one access per reg_req cycle, answered in that cycle)
  logic        reg_req, reg_we, reg_err, wr_err, rd_err;
  logic [7:0]  reg_addr;
  logic [31:0] reg_wdata, reg_rdata;
  logic [3:0]  reg_wstrb;

  aesf_reg_axil #(
    .AW (8)
  ) u_reg_axil (
    .clk_i,
    .rst_ni,
    .s_axil_awaddr,
    .s_axil_awprot  (3'b000),
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
    .s_axil_arprot  (3'b000),
    .s_axil_arvalid,
    .s_axil_arready,
    .s_axil_rdata,
    .s_axil_rresp,
    .s_axil_rvalid,
    .s_axil_rready,
    .reg_req_o      (reg_req),
    .reg_we_o       (reg_we),
    .reg_addr_o     (reg_addr),
    .reg_wdata_o    (reg_wdata),
    .reg_wstrb_o    (reg_wstrb),
    .reg_rdata_i    (reg_rdata),
    .reg_err_i      (reg_err)
  );

  assign wr = reg_req && reg_we;
  assign wa = reg_addr;      // word address (aesf_reg_axil: low bits 0)
  assign wd = reg_wdata;     // partial strobes: whole-register writes only (documented)

  assign go_req   = wr && wa == A_CMD && wd[0];
  assign load_req = wr && wa == A_CMD && wd[1];
  assign zero_req = wr && wa == A_CMD && wd[2];
  assign align_bad = (src_q[3:0] != 4'd0) || (dst_q[3:0] != 4'd0) ||
                     (src_q[31:BSH] >= (32-BSH)'(2**MEM_AW)) || (dst_q[31:BSH] >= (32-BSH)'(2**MEM_AW)) ||
                     (nstates_q >= 32'(2**MEM_AW));
  // GO: refused with SLVERR while the DMA runs; a bad address/length ends at once with ERR 1
  assign go_ok = go_req && !dma_busy_i && !key_busy_i && !load_req && !zero_req;

  assign dma_go_o      = go_ok && !align_bad;
  assign dma_op_o      = op_q;
  assign dma_src_o     = MEM_AW'(src_q >> BSH);
  assign dma_dst_o     = MEM_AW'(dst_q >> BSH);
  assign dma_nstates_o = BW'(nstates_q);
  assign pitch_o       = MEM_AW'(pitch_q >> BSH);
  assign load_ok       = load_req && idle_i && !key_busy_i && !zero_req && !go_req;
  assign key_load_o    = key_load_q;
  assign zeroize_o     = zeroize_q;
  assign irq_o         = irq_en_q && (done_q || err_q);
  for (genvar i = 0; i < 8; i++) begin : gen_key
    assign key_o[255 - 32*i -: 32] = key_q[i];
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      op_q       <= '0;
      irq_en_q   <= 1'b0;
      done_q     <= 1'b0;
      err_q      <= 1'b0;
      err_code_q <= '0;
      src_q      <= '0;
      dst_q      <= '0;
      nstates_q  <= '0;
      pitch_q    <= 32'd64;
      for (int i = 0; i < 8; i++) key_q[i] <= '0;
      key_load_q <= 1'b0;
      zeroize_q  <= 1'b0;
    end else begin
      key_load_q <= load_ok;
      zeroize_q  <= zero_req;
      // the key registers are wiped once the key schedule has taken them, and by ZEROIZE (no key write can come
      // between the command and these edges: the command's B is pending)
      if (key_load_q || zeroize_q) begin
        for (int i = 0; i < 8; i++) key_q[i] <= '0;
      end
      if (wr) begin
        case (wa)
          A_CTRL:    begin op_q <= wd[1:0]; irq_en_q <= wd[2]; end
          A_CMD:     ;        // GO / KEY_LOAD / ZEROIZE: the requests above (a refused one answers SLVERR)
          A_STATUS:  begin
            if (wd[1]) done_q <= 1'b0;
            if (wd[2]) begin err_q <= 1'b0; err_code_q <= '0; end
          end
          A_SRC:     src_q     <= wd;
          A_DST:     dst_q     <= wd;
          A_NSTATES: nstates_q <= wd;
          A_PITCH:   pitch_q   <= wd;
          default: begin
            if (wa >= A_KEY0 && wa <= A_KEY7 && !zero_req) key_q[wa[4:2]] <= wd;
          end
        endcase
      end
      // after the register writes: a GO clears DONE/ERR, then completion events of the same cycle win
      // (a refused start, or a completion racing a W1C of STATUS is not lost)
      if (go_ok) begin
        done_q     <= 1'b0;
        err_q      <= 1'b0;
        err_code_q <= '0;
      end
      if (dma_done_i) begin
        done_q     <= 1'b1;
        err_q      <= err_q || (dma_err_i != 4'd0);
        if (dma_err_i != 4'd0) err_code_q <= dma_err_i;
      end
      if (go_ok && align_bad) begin
        done_q     <= 1'b1;
        err_q      <= 1'b1;
        err_code_q <= ErrRange;
      end
    end
  end

  // the write's answer: SLVERR for a refused GO / KEY_LOAD and an unmapped address (nothing changed)
  always_comb begin
    unique case (wa)
      A_CTRL, A_STATUS, A_SRC, A_DST, A_NSTATES, A_PITCH: wr_err = 1'b0;   // (ID is read-only)
      A_CMD:   wr_err = (go_req && !go_ok) || (load_req && !load_ok);
      default: wr_err = !(wa >= A_KEY0 && wa <= A_KEY7);
    endcase
  end

  // reads: KEYi (write-only) and unmapped addresses answer SLVERR with no data
  always_comb begin
    reg_rdata = '0;
    rd_err    = 1'b0;
    unique case (reg_addr)
      A_ID:      reg_rdata = {MAGIC, 8'(MEM_AW), 8'(W / 8)};
      A_CTRL:    reg_rdata = {29'd0, irq_en_q, op_q};
      A_CMD:     reg_rdata = '0;
      A_STATUS:  reg_rdata = {22'd0, key_busy_i, key_ok_i, err_code_q, 1'b0, err_q, done_q, dma_busy_i};
      A_SRC:     reg_rdata = src_q;
      A_DST:     reg_rdata = dst_q;
      A_NSTATES: reg_rdata = nstates_q;
      A_PITCH:   reg_rdata = pitch_q;
      default:   rd_err    = 1'b1;
    endcase
  end
  assign reg_err = reg_we ? wr_err : rd_err;

  logic unused;
  assign unused = ^{reg_wstrb};
endmodule
`default_nettype wire
