// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_fifo: synchronous first-in first-out buffer with registered flags.
//
//   push: wvalid_i && wready_o (wready_o = !full, a flip-flop: no combinational path from rvalid/rready)
//   pop:  rvalid_o && rready_i (rvalid_o = !empty, a flip-flop); rdata_o is the head entry
//   Both flags are flip-flops computed from the next count (timing, issue 19: a compare of count_q behind them
//   put one or two LUT levels in front of every decision that reads them).
//   A push and a pop in the same cycle are both taken (also when full: no, full refuses the push).
//   clear_i empties the FIFO on the next edge. WIPE = 0: the storage is not wiped (it is never readable through
//   rvalid_o while empty; LUT-RAM friendly). WIPE = 1: every entry is also written with zero (flip-flops; for
//   buffers that hold secrets or whose rdata_o is a port).
//   SPEC_WR = 1 (timing): the free entry at the write pointer takes wdata_i at EVERY edge while the FIFO is not
//   full; a push only advances the pointer and the count. wvalid_i then drives a handful of flip-flops instead of
//   the enables of W x DEPTH storage flip-flops (the enables come from the registered count). rdata_o is 0 while
//   the FIFO is empty (the free entry at the read pointer holds data that was never pushed). FLAG_COPIES > 1
//   (timing, issue 19: at N = 2 the one non-empty flag gated all 261 bits of gcm_lanes' text output, one route of
//   16.9 ns to the far ones): that gating reads FLAG_COPIES kept copies of the flag, copy k the bits
//   [k*SL +: SL] (SL = ceil(W / FLAG_COPIES)), so that each copy can sit at its slice. With HEAD_REG = 1
//   the storage holds at most DEPTH - 1 entries (the head register holds one), so the entry at the write pointer
//   is always free: it takes wdata_i at every edge, and no handshake reaches the storage's write enable
//   (timing, issue 21: the memory-request slice's push fanned out to the write enables of ~45 LUT-RAM cells).
//   HEAD_REG = 1 (timing): the head entry is held in a register of its own (rdata_o comes from flip-flops, not
//   from a LUT-RAM read behind the read pointer), refilled from the storage or, when the FIFO is empty, straight
//   from wdata_i; flags, count and latency are those of HEAD_REG = 0. A consumer's decision on the head's fields
//   then starts at flip-flops (issue 19 / 21: LUT-RAM head reads in front of the pops of other queues).
//
// Byte order: not interpreted (W opaque bits).
// Latency: an entry pushed on edge t is visible at rdata_o after edge t (rvalid_o high in cycle t+1).
`default_nettype none
module aesf_fifo #(
  parameter int W     = 32, // entry width in bits, >= 1
  parameter int DEPTH = 4,  // entries: 2, 4, 8, 16, 32 or 64
  parameter int WIPE  = 0,  // 0 or 1: clear_i also zeroes every entry
  parameter int SPEC_WR = 0, // 0 or 1: the free entry takes wdata_i at every edge while not full (above)
  parameter int HEAD_REG = 0, // 0 or 1: the head entry in a register (above)
  parameter int FLAG_COPIES = 1 // 1..W; > 1 only with SPEC_WR 1 and HEAD_REG 0: copies of the flag that zeroes rdata_o
) (
  input  logic                       clk_i,
  input  logic                       rst_ni,   // asynchronous, active low
  input  logic                       clear_i,  // synchronous flush
  input  logic                       wvalid_i,
  output logic                       wready_o,
  input  logic [W-1:0]               wdata_i,
  output logic                       rvalid_o,
  input  logic                       rready_i,
  output logic [W-1:0]               rdata_o,
  output logic [$clog2(DEPTH+1)-1:0] count_o   // entries held
);
  aesf_param_check #(
    .ILLEGAL(W < 1 || !(DEPTH == 2 || DEPTH == 4 || DEPTH == 8 || DEPTH == 16 || DEPTH == 32 || DEPTH == 64) ||
             WIPE < 0 || WIPE > 1 || SPEC_WR < 0 || SPEC_WR > 1 || HEAD_REG < 0 || HEAD_REG > 1 ||
             FLAG_COPIES < 1 || FLAG_COPIES > W || (FLAG_COPIES > 1 && (SPEC_WR != 1 || HEAD_REG != 0))),
    .MSG    ("aesf_fifo: W must be >= 1, DEPTH one of 2, 4, 8, 16, 32, 64, WIPE, SPEC_WR and HEAD_REG 0 or 1, FLAG_COPIES 1..W (> 1 only with SPEC_WR 1, HEAD_REG 0)")
  ) u_param_check ();

  localparam int AW = $clog2(DEPTH);
  localparam int CW = $clog2(DEPTH + 1);

  logic [W-1:0]  mem_q [DEPTH];
  logic [AW-1:0] wptr_q, rptr_q;
  logic [CW-1:0] count_q;
  logic          full_q;              // count_q == DEPTH
  logic          nempty_q;            // count_q != 0
  logic          push, pop;
  logic          wr;                  // the entry at the write pointer is written at this edge
  logic          mem_push, mem_pop;   // the storage takes / gives an entry at this edge (HEAD_REG 0: push / pop)
  logic          mne_q;               // HEAD_REG 1: the storage holds an entry besides the head (count_q >= 2)

  assign wready_o = !full_q;
  assign rvalid_o = nempty_q;
  assign push     = wvalid_i && wready_o;
  assign pop      = rvalid_o && rready_i;
  assign wr       = (SPEC_WR == 0) ? mem_push : (HEAD_REG == 1) ? 1'b1 : wready_o;

  if (HEAD_REG == 1) begin : gen_head
    logic [W-1:0] head_q;
    logic         hload;              // the head register is free after this edge: refill it
    assign hload    = !nempty_q || pop;
    assign mem_pop  = hload && mne_q;
    assign mem_push = push && !(hload && !mne_q);   // into an empty FIFO (or one emptied now) straight to the head
    if (WIPE == 1) begin : gen_head_wipe
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni)      head_q <= '0;
        else if (clear_i) head_q <= '0;
        else if (hload)   head_q <= mne_q ? mem_q[rptr_q] : (push ? wdata_i : '0);
      end
    end else begin : gen_head_nowipe
      always_ff @(posedge clk_i) begin
        if (hload) head_q <= mne_q ? mem_q[rptr_q] : wdata_i;
      end
    end
    assign rdata_o = head_q;
  end else begin : gen_nohead
    logic unused_mne;                 // always 0 here (read by the FORMAL assertion only)
    assign unused_mne = mne_q;
    assign mem_push = push;
    assign mem_pop  = pop;
    if (SPEC_WR == 1) begin : gen_zero
      // rdata_o is 0 while empty; slice k is gated by copy k of the non-empty flag (FLAG_COPIES above)
      localparam int SL = (W + FLAG_COPIES - 1) / FLAG_COPIES;
      logic             ne_d;              // nempty_q's next value (the rules of the flag register below)
      logic [FLAG_COPIES-1:0] ne_c_q;    // FLAG_COPIES 1: nempty_q itself
      logic [W-1:0]     head, gate;
      always_comb begin
        ne_d = nempty_q;
        if (clear_i)            ne_d = 1'b0;
        else if (push && !pop)  ne_d = 1'b1;
        else if (pop && !push)  ne_d = (count_q != CW'(1));
      end
      if (FLAG_COPIES == 1) begin : gen_one
        assign ne_c_q = nempty_q;        // the flag itself (no copy)
        logic unused_ne_d;
        assign unused_ne_d = ne_d;
      end else begin : gen_copies
        for (genvar k = 0; k < FLAG_COPIES; k++) begin : gen_copy
          (* keep *)
          always_ff @(posedge clk_i or negedge rst_ni) begin
            if (!rst_ni) ne_c_q[k] <= 1'b0;
            else         ne_c_q[k] <= ne_d;
          end
        end
      end
      for (genvar b = 0; b < W; b++) begin : gen_gate
        assign gate[b] = ne_c_q[b / SL];
      end
      assign head    = mem_q[rptr_q];
      assign rdata_o = head & gate;
`ifdef FORMAL
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (rst_ni) assert (ne_c_q == {FLAG_COPIES{nempty_q}});
      end
`endif
    end else begin : gen_plain
      assign rdata_o = mem_q[rptr_q];
    end
  end
  assign count_o  = count_q;

  if (WIPE == 1) begin : gen_wipe
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        for (int i = 0; i < DEPTH; i++) mem_q[i] <= '0;
      end else if (clear_i) begin
        for (int i = 0; i < DEPTH; i++) mem_q[i] <= '0;
      end else if (wr) begin
        mem_q[wptr_q] <= wdata_i;
      end
    end
  end else begin : gen_nowipe
    always_ff @(posedge clk_i) begin
      if (wr) mem_q[wptr_q] <= wdata_i;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wptr_q   <= '0;
      rptr_q   <= '0;
      count_q  <= '0;
      full_q   <= 1'b0;
      nempty_q <= 1'b0;
      mne_q    <= 1'b0;
    end else if (clear_i) begin
      wptr_q   <= '0;
      rptr_q   <= '0;
      count_q  <= '0;
      full_q   <= 1'b0;
      nempty_q <= 1'b0;
      mne_q    <= 1'b0;
    end else begin
      if (mem_push) wptr_q <= wptr_q + 1'b1;
      if (mem_pop)  rptr_q <= rptr_q + 1'b1;
      // the flags from the handshakes and count compares that do not wait for them
      if (push && !pop) begin
        count_q  <= count_q + 1'b1;
        full_q   <= (count_q == CW'(DEPTH - 1));
        nempty_q <= 1'b1;
        mne_q    <= (HEAD_REG == 1) && nempty_q;
      end else if (pop && !push) begin
        count_q  <= count_q - 1'b1;
        full_q   <= 1'b0;
        nempty_q <= (count_q != CW'(1));
        mne_q    <= (HEAD_REG == 1) && (count_q > CW'(2));
      end
    end
  end

`ifdef FORMAL
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni) begin
      assert (full_q == (count_q == CW'(DEPTH)));
      assert (nempty_q == (count_q != '0));
      assert (count_q <= CW'(DEPTH));
      assert (mne_q == (HEAD_REG == 1 && count_q > CW'(1)));
      // SPEC_WR with HEAD_REG: the entry at the write pointer is free (it is written at every edge)
      if (HEAD_REG == 1) assert (wptr_q - rptr_q == (nempty_q ? AW'(count_q - 1'b1) : AW'(0)));
    end
  end
`endif
endmodule
`default_nettype wire
