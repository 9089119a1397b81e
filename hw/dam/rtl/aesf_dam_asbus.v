// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_dam_asbus: the seed-003 "ADAM": the DAM core (aesf_dam_core) behind an ASBUS slave port with NM
// masters (request/grant arbitration, ADDR/WR/LEN[11:0] commands, WD_VLD byte valids, RESP handshakes,
// linear / block / AES-state transfer modes) and the AXI4-Lite control registers (aesf_dam_regs).
// Protocol, timing diagrams and the register map: hw/dam/README.md.
//
// Byte order: beat lane l = byte at address + l (little-endian lanes). AES state transfer mode
// (LEN[11:10] = 2'b10): ciphertext states in the seed's Fig. 7 order, see aesf_dam_core.
//
// Latency (memory gnt = 1, read latency 1)
//   command: req seen on edge t -> gnt high in cycle t+1 (registered), the command is queued on edge t.
//   write beats: accepted from the cycle of the gnt on (resp[2m+1] high while the path has room).
//   linear read: req edge t -> first beat (resp[2m]) in cycle t+3, then one beat per clock.
//   state read: first beat LAT + 3 + 128/W cycles after the req edge (LAT = aesf_dam_cipher LATENCY).
`default_nettype none
module aesf_dam_asbus #(
  parameter int W         = 32,  // bus and memory width: 32, 64, 128
  parameter int MEM_AW    = 8,   // memory word-address bits, 4..20
  parameter int CQ_DEPTH  = 8,   // command queue entries per direction: 2, 4, 8, 16
  parameter int NM        = 2,   // bus masters, 1..4 (master 0 has the highest priority)
  parameter int KEY_BITS  = 128, // 128, 192, 256
  parameter int SBOX_IMPL = 1,   // 0, 1 or 4: the AES engines' S-box (aesf_dam_core: 1 composite field with the
                                 // seed's two substages, 4 block ROM, two stages, 0 LUT case ROM, one stage)
  parameter int MIX_REG   = 0,   // 0 or 1 (1 only with SBOX_IMPL 4): register after (Inv)MixColumns (aesf_dam_core)
  parameter int IN_REG    = 0    // 0 or 1: register the engines' inputs (aesf_dam_core)
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  // ASBUS slave (master m in slice m)
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
  // control
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
  // memory
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
    .ILLEGAL(NM < 1 || NM > 4),
    .MSG    ("aesf_dam_asbus: NM must be 1..4 (W, MEM_AW, CQ_DEPTH, KEY_BITS are checked by aesf_dam_core)")
  ) u_param_check ();

  localparam int BW   = ((MEM_AW > 12) ? MEM_AW : 12) + 1;
  localparam int BSH  = $clog2(W / 8);
  localparam int WPS  = 128 / W;
  localparam int AW2  = MEM_AW + 14;   // wide enough for address + (rows-1)*pitch + beats
  localparam logic [1:0] M_LIN = 2'b00, M_BLK = 2'b01, M_STATE = 2'b10;

  // core interface
  logic              wcmd_valid, wcmd_ready, rcmd_valid, rcmd_ready;
  logic [MEM_AW-1:0] cmd_addr;
  logic [BW-1:0]     cmd_beats;
  logic [4:0]        cmd_width;
  logic [1:0]        cmd_mode;
  logic              cmd_err;
  logic [3:0]        cmd_tag;
  logic              wd_valid, wd_ready, win_active, win_err, rd_valid, rd_last, rd_err;
  logic [W-1:0]      wd_data, rd_data;
  logic [W/8-1:0]    wd_be;
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

  // ---------------------------------------------------------------------------------------------
  // Arbitration: fixed priority; a master is not granted in the cycle its previous gnt is shown
  // (its pins still carry the accepted command then).
  logic [NM-1:0] gnt_q, cand;
  logic [7:0]    wr_granted_q;
  logic [1:0]    sel;
  logic          sel_any;
  logic [NM-1:0] sel_oh;
  // The accepted command waits one cycle in cq_* (pushed into the core at the end of its gnt cycle, so its
  // data phase starts the cycle after the gnt at the earliest). Its decode is split across the two cycles
  // (timing, issue 21): the grant cycle registers the raw command of the selected master (cq_*: pin selections
  // only); every master's own pins are decoded into registers of that master (mq_*_q: the block products, the
  // memory-size flags and limit, the checks without carry chains) at every edge, independently of the
  // arbitration; the gnt cycle picks the waiting master's set and compares on the way into the core's queue.
  logic              cq_valid_q, cq_wr_q, cq_push;
  logic [11:0]       cq_len_q;
  logic [MEM_AW-1:0] cq_word_q;
  logic [3:0]        cq_tag_q;
  logic [NM-1:0]     cq_oh_q;         // cq_tag_q one-hot (the master whose command waits in cq_*)
  // the selected master's pin decode, from its own registers below (mq_*_q[cq_tag_q])
  logic              cq_efast;        // refused without a carry chain (reserved mode, alignment, range, key)
  logic [AW2-1:0]    cq_prod;         // block mode: h * pitch
  logic [12:0]       cq_hw;           // block mode: h * w beats
  logic              cq_lover;        // linear / state: the span runs past the memory
  logic              cq_bover;        // block: word + w runs past the memory
  logic [AW2-1:0]    cq_blim;         // block: 2^MEM_AW - word - w + pitch, the largest legal h * pitch
  for (genvar m = 0; m < NM; m++) begin : gen_cand
    assign cand[m] = asb_req_i[m] && !gnt_q[m] && (!cq_valid_q || cq_push) &&
                     (asb_wr_i[m] ? wcmd_ready : rcmd_ready);
  end
  // fixed priority: the lowest requesting master index wins
  if (NM == 1) begin : gen_sel1
    assign sel = 2'd0;
  end else if (NM == 2) begin : gen_sel2
    assign sel = cand[0] ? 2'd0 : 2'd1;
  end else if (NM == 3) begin : gen_sel3
    assign sel = cand[0] ? 2'd0 : cand[1] ? 2'd1 : 2'd2;
  end else begin : gen_sel4
    assign sel = cand[0] ? 2'd0 : cand[1] ? 2'd1 : cand[2] ? 2'd2 : 2'd3;
  end
  assign sel_any = |cand;
  assign sel_oh  = cand & ~(cand - 1'b1);  // lowest requesting master, one-hot

  // The register block's PITCH, copied into registers of this front end: one for the limits and the core's
  // address generators here, and each master's multiples of it below (kept apart, so that the placer can put
  // each set beside its master's selection; timing, issue 21: the route from the register block was 1.97 of the
  // 9.22 ns of dam_asbus32's critical path). All copies take the same value at the same edge, so a command is
  // checked and executed with one pitch; a PITCH write reaches block commands one cycle after the register block
  // applies it, the edge at which its AXI4-Lite write response can first be taken. No reset: they follow the
  // register block's reset value from the first clock edge of the reset.
  logic [MEM_AW-1:0] pitch_q;
  (* keep *)
  always_ff @(posedge clk_i) pitch_q <= pitch;

  // block-mode products of every master's pins (no dependence on the arbitration). h * pitch without a
  // multiplier: every master keeps k * pitch for k = 1, 3, 5, 7 in registers of its own (0 is a constant, 2, 4
  // and 6 times are shifts of them), loaded from the register block's PITCH at the same edge as the copies
  // above, and h * pitch is the multiple picked by LEN[2:0] plus eight times the one picked by LEN[5:3] (8:1
  // selections by the pins, one adder); field 0 (h = 64) picks 8 * pitch as its upper digit. Timing, issue 21:
  // on a MULT18X18D (3.93 ns in a fixed DSP row, reached from the pins and read back by cq_prod_q) it was
  // dam_asbus32's worst path on every seed, 9.4-9.6 ns. The check compares h * pitch with limit + pitch, i.e.
  // (h - 1) * pitch with the limit. h * w (the block's beats, at most 64 * 16) in LUTs as two levels of shifted
  // adds (on a MULT18X18D behind the h / w decodes it was the worst path of two placements).
  localparam int PMW = MEM_AW + 3;   // k * pitch, k <= 7 (8 * pitch for the upper digit of h = 64)
  logic [AW2*NM-1:0] m_prod;   // master m in [AW2*m +: AW2]: h * pitch
  logic [13*NM-1:0]  m_hw;     // master m in [13*m +: 13]: h * w
  for (genvar m = 0; m < NM; m++) begin : gen_prod
    logic [5:0]     fh;        // LEN[5:0]: rows, 0 = 64
    logic [3:0]     fw;        // LEN[9:6]: beats per row, 0 = 16
    logic [9:0]     hw01, hw23, hw;   // fh * fw[1:0], fh * fw[3:2] * 4, fh * fw
    logic [PMW-1:0] p1_q, p3_q, p5_q, p7_q;   // this master's odd multiples of PITCH
    logic [8*PMW-1:0] km;      // k * pitch in [PMW*k +: PMW], k = 0..7
    logic [PMW-1:0] lo, hi;    // the multiples picked by the radix-8 digits of h
    assign fh   = asb_len_i[12*m +: 6];
    assign fw   = asb_len_i[12*m + 6 +: 4];
    (* keep *)
    always_ff @(posedge clk_i) begin
      p1_q <= PMW'(pitch);
      p3_q <= PMW'(pitch) + (PMW'(pitch) << 1);
      p5_q <= PMW'(pitch) + (PMW'(pitch) << 2);
      p7_q <= (PMW'(pitch) << 3) - PMW'(pitch);
    end
    assign km = {p7_q, p3_q << 1, p5_q, p1_q << 2, p3_q, p1_q << 1, p1_q, PMW'(0)};
    assign lo = km[PMW*fh[2:0] +: PMW];
    assign hi = (fh == '0) ? p1_q << 3 : km[PMW*fh[5:3] +: PMW];   // h = 64: 8 * 8
    assign m_prod[AW2*m +: AW2] = AW2'(lo) + (AW2'(hi) << 3);
`ifdef FORMAL
    // the selected multiples add up to h * pitch (the copies hold the same PITCH once a clock edge has passed)
    always_ff @(posedge clk_i or negedge rst_ni)
      if (rst_ni) assert (m_prod[AW2*m +: AW2] == AW2'({~|fh, fh}) * AW2'(pitch_q));
`endif
    assign hw01 = (fw[0] ? 10'(fh) : 10'd0) + (fw[1] ? 10'(fh) << 1 : 10'd0);
    assign hw23 = (fw[2] ? 10'(fh) << 2 : 10'd0) + (fw[3] ? 10'(fh) << 3 : 10'd0);
    assign hw   = hw01 + hw23;
    assign m_hw[13*m +: 13] = (fh == '0) ? ((fw == '0) ? 13'd1024 : 13'(fw) << 6) :
                              (fw == '0) ? 13'(fh) << 4 : 13'(hw);
  end

  // memory-size checks from every master's own pins, also in parallel with the arbitration (timing, issue 21:
  // the gnt cycle added the span and compared address + span with the memory size, two carry chains in front
  // of the core's queue record; now it compares the registered product with a registered limit, one chain).
  // "word + span > 2^MEM_AW" is one adder per case and a test of the sum's bits (past_end), and a field value 0
  // (1024 beats, 16 beats per row) is the field's NOR as the top bit above the field itself (all zero then), so
  // neither a selection nor a second carry chain sits in the path from the pins (it was dam_asbus32's critical
  // path: the length pins -> 3 LUT levels -> adder -> comparator -> cq_lover_q, 11 levels).
  function automatic logic past_end(input logic [AW2-1:0] sum);   // sum > 2^MEM_AW
    past_end = (|(sum >> (MEM_AW + 1))) || (sum[MEM_AW] && (|sum[MEM_AW-1:0]));
  endfunction
  logic [NM-1:0]     m_lover, m_bover;
  logic [AW2*NM-1:0] m_blim;   // master m in [AW2*m +: AW2]
  for (genvar m = 0; m < NM; m++) begin : gen_room
    logic [MEM_AW-1:0] wd;
    logic [10:0]       lin;    // LEN[9:0], 0 = 1024
    logic [4:0]        w;      // LEN[9:6], 0 = 16
    logic [AW2-1:0]    s_lin, s_st, s_blk;   // word + beats (linear, state), word + w (block)
    assign wd    = MEM_AW'(asb_addr_i[32*m +: 32] >> BSH);
    assign lin   = {~|asb_len_i[12*m +: 10], asb_len_i[12*m +: 10]};
    assign w     = {~|asb_len_i[12*m + 6 +: 4], asb_len_i[12*m + 6 +: 4]};
    assign s_lin = AW2'(wd) + AW2'(lin);
    assign s_st  = AW2'(wd) + (AW2'(lin) << $clog2(WPS));
    assign s_blk = AW2'(wd) + AW2'(w);
    assign m_lover[m] = (asb_len_i[12*m + 10 +: 2] == M_STATE) ? past_end(s_st) : past_end(s_lin);
    assign m_bover[m] = past_end(s_blk);
    assign m_blim[AW2*m +: AW2] = (AW2'(pitch_q) - AW2'(wd)) + (AW2'(2**MEM_AW) - AW2'(w));  // + pitch
  end

  // every master's checks without carry chains, from its own pins
  logic [NM-1:0] m_efast;
  for (genvar m = 0; m < NM; m++) begin : gen_efast
    logic [1:0] md;   // LEN[11:10]: the mode
    assign md = asb_len_i[12*m + 10 +: 2];
    assign m_efast[m] = (md == 2'b11) ||
                        (asb_addr_i[32*m +: BSH] != '0) ||
                        (asb_addr_i[32*m + BSH + MEM_AW +: 32 - BSH - MEM_AW] != '0) ||
                        (md == M_STATE && (asb_addr_i[32*m +: 4] != 4'd0 || !key_ok));
  end

  // Each master's decode in registers of its own, loaded at every edge from its pins (no arbitration in front of
  // them; timing, issue 21: the length pins -> the span adders -> the selection by the arbitration -> cq_* was
  // dam_asbus32's / 64's critical path, 11 LUT levels) and held while the master's command waits in cq_* and is
  // not taken (a master is granted at most once per cq_* entry, so the set its command was granted with is the
  // one the gnt cycle reads).
  logic [NM-1:0]     mq_ld;                   // master m's set loads at this edge
  logic [NM-1:0]     mq_efast_q, mq_lover_q, mq_bover_q;
  logic [AW2*NM-1:0] mq_prod_q, mq_blim_q;
  logic [13*NM-1:0]  mq_hw_q;
  for (genvar m = 0; m < NM; m++) begin : gen_mq
    assign mq_ld[m] = !(cq_valid_q && cq_oh_q[m]) || cq_push;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        mq_efast_q[m]            <= 1'b0;
        mq_lover_q[m]            <= 1'b0;
        mq_bover_q[m]            <= 1'b0;
        mq_prod_q[AW2*m +: AW2]  <= '0;
        mq_blim_q[AW2*m +: AW2]  <= '0;
        mq_hw_q[13*m +: 13]      <= '0;
      end else if (mq_ld[m]) begin
        mq_efast_q[m]            <= m_efast[m];
        mq_lover_q[m]            <= m_lover[m];
        mq_bover_q[m]            <= m_bover[m];
        mq_prod_q[AW2*m +: AW2]  <= m_prod[AW2*m +: AW2];
        mq_blim_q[AW2*m +: AW2]  <= m_blim[AW2*m +: AW2];
        mq_hw_q[13*m +: 13]      <= m_hw[13*m +: 13];
      end
    end
  end
  assign cq_efast = |(mq_efast_q & cq_oh_q);
  assign cq_lover = |(mq_lover_q & cq_oh_q);
  assign cq_bover = |(mq_bover_q & cq_oh_q);
  assign cq_prod  = mq_prod_q[AW2*cq_tag_q[1:0] +: AW2];
  assign cq_blim  = mq_blim_q[AW2*cq_tag_q[1:0] +: AW2];
  assign cq_hw    = mq_hw_q[13*cq_tag_q[1:0] +: 13];

  // grant cycle: the selected command's pins
  logic [31:0]  c_addr;
  logic [11:0]  c_len;
  logic         c_wr;
  always_comb begin
    c_addr = asb_addr_i[32*sel +: 32];
    c_len  = asb_len_i[12*sel +: 12];
    c_wr   = |(asb_wr_i & sel_oh);
  end

  // gnt cycle: beats and the memory-size check from the registered command
  logic [10:0]  c_lin;
  logic [4:0]   c_w;
  logic [12:0]  c_beats_full;
  always_comb begin
    c_lin  = (cq_len_q[9:0] == '0) ? 11'd1024 : {1'b0, cq_len_q[9:0]};
    c_w    = (cq_len_q[9:6] == '0) ? 5'd16 : {1'b0, cq_len_q[9:6]};
    case (cq_len_q[11:10])
      M_LIN:   c_beats_full = {2'b00, c_lin};
      M_BLK:   c_beats_full = cq_hw;
      M_STATE: c_beats_full = 13'(c_lin * WPS);
      default: c_beats_full = {2'b00, c_lin};  // reserved: refused, LEN[9:0] beats taken and dropped
    endcase
    // words spanned: linear/state: beats; block: (h-1)*pitch + w; word + span beyond 2^MEM_AW is refused
    cmd_err   = cq_efast || ((cq_len_q[11:10] == M_BLK) ? (cq_bover || (cq_prod > cq_blim)) : cq_lover);
    cmd_addr  = cq_word_q;
    cmd_beats = BW'(c_beats_full);
    cmd_width = (cq_len_q[11:10] == M_BLK) ? c_w : 5'd1;
    cmd_mode  = (cq_len_q[11:10] == M_STATE) ? 2'd2 : (cq_len_q[11:10] == M_BLK) ? 2'd1 : 2'd0;
    cmd_tag   = cq_tag_q;
  end
  assign wcmd_valid = cq_valid_q && cq_wr_q;
  assign rcmd_valid = cq_valid_q && !cq_wr_q;
  assign cq_push    = (wcmd_valid && wcmd_ready) || (rcmd_valid && rcmd_ready);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      gnt_q        <= '0;
      wr_granted_q <= '0;
      cq_valid_q   <= 1'b0;
      cq_wr_q      <= 1'b0;
      cq_len_q     <= '0;
      cq_word_q    <= '0;
      cq_tag_q     <= '0;
      cq_oh_q      <= '0;
    end else begin
      gnt_q <= sel_oh;
      if (wcmd_valid && wcmd_ready) wr_granted_q <= wr_granted_q + 1'b1;
      if (sel_any) begin
        cq_valid_q <= 1'b1;
        cq_wr_q    <= c_wr;
        cq_len_q   <= c_len;
        cq_word_q  <= MEM_AW'(c_addr >> BSH);
        cq_tag_q   <= 4'(sel);
        cq_oh_q    <= sel_oh;
      end else if (cq_push) begin
        cq_valid_q <= 1'b0;
      end
    end
  end
`ifdef FORMAL
  // the waiting command's set is the one its master's pins showed at its grant edge
  logic [AW2-1:0] f_prod_q, f_blim_q;
  logic [12:0]    f_hw_q;
  logic           f_efast_q, f_lover_q, f_bover_q;
  always_ff @(posedge clk_i) begin
    if (sel_any) begin
      f_prod_q  <= m_prod[AW2*sel +: AW2];
      f_blim_q  <= m_blim[AW2*sel +: AW2];
      f_hw_q    <= m_hw[13*sel +: 13];
      f_efast_q <= |(m_efast & sel_oh);
      f_lover_q <= |(m_lover & sel_oh);
      f_bover_q <= |(m_bover & sel_oh);
    end
  end
  always_ff @(posedge clk_i or negedge rst_ni)
    if (rst_ni && cq_valid_q) begin
      assert (cq_oh_q == NM'(1) << cq_tag_q);
      assert (cq_prod == f_prod_q && cq_blim == f_blim_q && cq_hw == f_hw_q);
      assert (cq_efast == f_efast_q && cq_lover == f_lover_q && cq_bover == f_bover_q);
    end
`endif
  assign asb_gnt_o = gnt_q;

  // ---------------------------------------------------------------------------------------------
  // Data phases: write beats from the owner of the oldest write; read beats to the owner of the oldest read
  // (continuous assignments: no default-then-override always_comb, see aesf_dam_core)
  // A write beat exists when the owner shows a byte valid: each master's valids are OR-reduced from its pins and
  // then picked by the owner (timing, issue 21: picking the owner's W/8 valids first and reducing them after put
  // the head record's tag in front of the whole reduction, the 64 / 128-bit cores' worst paths: the write queue's
  // head -> 5-7 LUT levels -> the bypass FIFO's write enable and pointers).
  logic [NM-1:0] w_own, w_any;   // master m owns the oldest write; master m shows a byte valid
  assign wd_data  = asb_wdata_i[W*win_tag[1:0] +: W];
  assign wd_be    = asb_wd_vld_i[(W/8)*win_tag[1:0] +: W/8];
  assign wd_valid = win_active && (|(w_own & w_any));
  for (genvar m = 0; m < NM; m++) begin : gen_resp
    assign w_own[m] = (win_tag == 4'(m));
    assign w_any[m] = |asb_wd_vld_i[(W/8)*m +: W/8];
    assign asb_resp_o[2*m+1] = win_active && w_own[m] && wd_ready;
    assign asb_resp_o[2*m]   = rd_valid && (rd_tag == 4'(m));
    assign asb_err_o[m]      = (win_active && w_own[m] && wd_ready && win_err && w_any[m]) ||
                               (rd_valid && (rd_tag == 4'(m)) && rd_err);
  end
`ifdef FORMAL
  // the reduce-then-pick write beat is the owner's valids picked and then reduced
  always_ff @(posedge clk_i or negedge rst_ni)
    if (rst_ni) assert (wd_valid == (win_active && (win_tag < 4'(NM)) && (wd_be != '0)));
`endif
  assign asb_rdata_o = rd_data;

  aesf_dam_core #(.W(W), .MEM_AW(MEM_AW), .CQ_DEPTH(CQ_DEPTH), .KEY_BITS(KEY_BITS), .SBOX_IMPL(SBOX_IMPL),
                  .MIX_REG(MIX_REG), .IN_REG(IN_REG))
  u_core (
    .clk_i, .rst_ni,
    .wcmd_valid_i(wcmd_valid), .wcmd_ready_o(wcmd_ready), .wcmd_addr_i(cmd_addr), .wcmd_beats_i(cmd_beats),
    .wcmd_width_i(cmd_width), .wcmd_mode_i(cmd_mode), .wcmd_err_i(cmd_err), .wcmd_tag_i(cmd_tag),
    .wd_valid_i(wd_valid), .wd_ready_o(wd_ready), .wd_data_i(wd_data), .wd_be_i(wd_be),
    .win_active_o(win_active), .win_tag_o(win_tag), .win_err_o(win_err),
    .wdone_o(wdone), .wdone_tag_o(wdone_tag), .wdone_err_o(wdone_err), .wdone_cnt_o(wdone_cnt),
    .rcmd_valid_i(rcmd_valid), .rcmd_ready_o(rcmd_ready), .rcmd_addr_i(cmd_addr), .rcmd_beats_i(cmd_beats),
    .rcmd_width_i(cmd_width), .rcmd_mode_i(cmd_mode), .rcmd_err_i(cmd_err), .rcmd_tag_i(cmd_tag),
    .rcmd_after_i(wr_granted_q),
    .rd_valid_o(rd_valid), .rd_ready_i(1'b1), .rd_data_o(rd_data), .rd_last_o(rd_last), .rd_err_o(rd_err),
    .rd_tag_o(rd_tag),
    .pitch_i(pitch_q), .key_load_i(key_load), .key_i(key), .zeroize_i(zeroize), .key_ok_o(key_ok),
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

  // no write response on ASBUS; the last-beat flag is implied by the length
  logic unused;
  assign unused = ^{wdone, wdone_tag, wdone_err, wdone_cnt, rd_last};
endmodule
`default_nettype wire
