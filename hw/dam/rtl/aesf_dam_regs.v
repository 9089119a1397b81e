// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_dam_regs: AXI4-Lite control registers of the seed-003 DAM (the paper's control bus / micro-processor
// port): identification, DMA channel, block pitch, key (write-only), status and interrupt.
// The register map's single source is hw/dam/dam_regs.json (`aesforge regmap` generates
// sw/aesf_dam_regs.h and the table in hw/dam/README.md; tests check this RTL against it).
//
// Byte order: KEYi holds key bytes 4i..4i+3, byte 4i in bits [31:24] (the NIST hex string read left to right).
// Latency: a write takes effect on the edge of its AW+W handshake; B follows one cycle later. Reads: R one
// cycle after the AR handshake. One transaction per channel at a time (AWREADY/WREADY together).
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
  localparam logic [1:0] OKAY = 2'b00, SLVERR = 2'b10;
  localparam logic [3:0] ErrRange = 4'd1;  // STATUS.ERR_CODE 1 (aesf_dam_core's ErrRange): a misaligned GO

  logic [1:0]  op_q;
  logic        irq_en_q, done_q, err_q;
  logic [3:0]  err_code_q;
  logic [31:0] src_q, dst_q, nstates_q, pitch_q;
  logic [31:0] key_q [8];
  logic        bvalid_q, rvalid_q;
  logic [1:0]  bresp_q, rresp_q;
  logic [31:0] rdata_q;
  logic        wr, go_req, go_ok, load_req, load_ok, zero_req, align_bad;
  // KEY_LOAD and ZEROIZE reach the key schedule one cycle after their write, from flip-flops (timing, issue 21:
  // they enable every round-key register; from the write handshake they were the DAM's critical path)
  logic        key_load_q, zeroize_q;
  logic [7:0]  wa;
  logic [31:0] wd;

  assign s_axil_awready = s_axil_awvalid && s_axil_wvalid && !bvalid_q;
  assign s_axil_wready  = s_axil_awready;
  assign wr = s_axil_awready;
  assign wa = {s_axil_awaddr[7:2], 2'b00};
  assign wd = s_axil_wdata;  // partial strobes: whole-register writes only (documented)

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
      bvalid_q   <= 1'b0;
      bresp_q    <= OKAY;
    end else begin
      if (s_axil_bvalid && s_axil_bready) bvalid_q <= 1'b0;
      key_load_q <= load_ok;
      zeroize_q  <= zero_req;
      // the key registers are wiped once the key schedule has taken them, and by ZEROIZE (no key write can come
      // between the command and these edges: the command's B is pending)
      if (key_load_q || zeroize_q) begin
        for (int i = 0; i < 8; i++) key_q[i] <= '0;
      end
      if (wr) begin
        bvalid_q <= 1'b1;
        bresp_q  <= OKAY;
        case (wa)
          A_CTRL:    begin op_q <= wd[1:0]; irq_en_q <= wd[2]; end
          A_CMD:     if ((go_req && !go_ok) || (load_req && !load_ok)) bresp_q <= SLVERR;
          A_STATUS:  begin
            if (wd[1]) done_q <= 1'b0;
            if (wd[2]) begin err_q <= 1'b0; err_code_q <= '0; end
          end
          A_SRC:     src_q     <= wd;
          A_DST:     dst_q     <= wd;
          A_NSTATES: nstates_q <= wd;
          A_PITCH:   pitch_q   <= wd;
          default: begin
            if (wa >= A_KEY0 && wa <= A_KEY7) begin
              if (!zero_req) key_q[wa[4:2]] <= wd;
            end else begin
              bresp_q <= SLVERR;
            end
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

  // reads
  assign s_axil_arready = !rvalid_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rvalid_q <= 1'b0;
      rdata_q  <= '0;
      rresp_q  <= OKAY;
    end else begin
      if (s_axil_rvalid && s_axil_rready) rvalid_q <= 1'b0;
      if (s_axil_arvalid && s_axil_arready) begin
        rvalid_q <= 1'b1;
        rresp_q  <= OKAY;
        rdata_q  <= '0;
        case ({s_axil_araddr[7:2], 2'b00})
          A_ID:      rdata_q <= {MAGIC, 8'(MEM_AW), 8'(W / 8)};
          A_CTRL:    rdata_q <= {29'd0, irq_en_q, op_q};
          A_CMD:     rdata_q <= '0;
          A_STATUS:  rdata_q <= {22'd0, key_busy_i, key_ok_i, err_code_q, 1'b0, err_q, done_q, dma_busy_i};
          A_SRC:     rdata_q <= src_q;
          A_DST:     rdata_q <= dst_q;
          A_NSTATES: rdata_q <= nstates_q;
          A_PITCH:   rdata_q <= pitch_q;
          default:   rresp_q <= SLVERR;  // KEYi (write-only) and unmapped: no data
        endcase
      end
    end
  end
  assign s_axil_bvalid = bvalid_q;
  assign s_axil_bresp  = bresp_q;
  assign s_axil_rvalid = rvalid_q;
  assign s_axil_rdata  = rdata_q;
  assign s_axil_rresp  = rresp_q;

  logic unused;
  assign unused = ^{s_axil_wstrb, s_axil_awaddr[1:0], s_axil_araddr[1:0]};
endmodule
`default_nettype wire
