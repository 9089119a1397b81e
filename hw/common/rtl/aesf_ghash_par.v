// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_ghash_par: GHASH that absorbs N blocks per clock with N pipelined Karatsuba GF(2^128)
// multipliers (aesf_gf128_mul_kara) and H-power aggregation (seed 004, Tables I and II, generalised
// to any N and any multiplier latency D).
//
//   GHASH_H(X_1 .. X_m) = X_1*H^m ^ X_2*H^(m-1) ^ ... ^ X_m*H
//
// With D-stage multipliers, M = N*D products are in flight; block i (0-based) is issued in beat i/N
// on lane i%N, and its feedback partner is block i-M (issued D beats earlier on the same lane, whose
// product leaves the pipeline exactly now). Each chain is
//   acc_i = (acc_{i-M} ^ X_i) * H^e_i,   e_i = M if a block i+M exists (m - i > M), else m - i,
// so the last M blocks ("finals") carry the decreasing powers H^M .. H^1 of the paper's tables, and
// GHASH = XOR of the final products. Because e_i depends on m, the block count is given up front
// (start_nblk_i; a GCM core knows it from the lengths). Beats must be full (N blocks) except the
// last one, whose lanes beyond the message are ignored; odd counts need no special case.
//
// H powers: after an H load, lane 0 computes H^2 .. H^M sequentially ((M-1)*(D+2) cycles, once per key;
// each product goes through the input stage like a message beat)
// and keeps them in M x 128 flops; h_ok_o rises when they are ready.
//
// Byte / bit order: GCM blocks as on every aesforge bus, block byte 0 in [127:120] (x[127] is the
// coefficient of x^0, SP 800-38D 6.3). in_data_i carries lane 0 (the earliest block) in the top
// 128 bits: block k of a beat is in_data_i[N*128-1-128*k -: 128].
// Worked example (GCM spec test case 2, N = 1): H = 66e94bd4ef8a2c3b884cfa59ca342b2e,
// X = {0388dace60b6a392f328c2b971b2fe78, 00000000000000000000000000000080} ->
// out_data_o = f38cbb1ad69223dcc3457ae5b6b0f885.
//
// Input stage (timing): an accepted beat is registered (ir_*) together with its lanes' H powers, and is
// issued to the multipliers in the next cycle. The multipliers' first stage therefore starts at flip-flops
// (the beat, the power, the feedback product), never at the input handshake, the caller's data multiplexers
// or a block-count compare. The powers come from a per-lane one-hot selection (sel_q) kept one beat ahead
// from a saturating tail counter (rs_q = min(blocks left, M + N)) and a registered "far from the end" flag,
// so the wide block counter never reaches a multiplexer select either.
//
// Latency (D = popcount(PIPE_MASK) + popcount(IN_MASK) + OUT_REG of the multiplier, 1..8): the pipeline
// advances only on an issue (nothing is lost under stalls); after the last beat it drains for D + 1 cycles
// (input stage + D). Its clock enable is a register per lane (en_q), decided one cycle ahead from the next
// issue and the next state, so no FSM decode drives the multipliers' thousands of enables.
// Counted in rising edges after the handshake edge until the signal is high:
//   last in beat -> out_valid_o: D + 1;   H load -> h_ok_o: (M - 1) * (D + 2) (0 when M = 1);
//   start -> in_ready_o: 1. One beat of N blocks per clock in between (tests/rtl/test_ghash_par.py).

`default_nettype none

module aesf_ghash_par #(
  parameter int N         = 2,        // blocks per clock (lanes): 1..8
  parameter int ORDER     = 4,        // Karatsuba recursion levels: 0..6
  parameter int PIPE_MASK = 13,       // multiplier registers per recursion depth: < 2^(ORDER+1); 13 = 5'b01101
  parameter int IN_MASK   = 0,        // multiplier operand registers per recursion depth: < 2^(ORDER+1)
  parameter int OUT_REG   = 0,        // 0..1: register after the reduction
  parameter int CW        = 36        // block-count width: 2..48 (GCM needs 34: 2^32 text + 2^28 AAD + 1)
) (
  input  logic           clk_i,
  input  logic           rst_ni,        // asynchronous, active low
  // hash key: handshake h_valid_i && h_ready_o (ready when idle); h_ok_o when H^1..H^M are ready
  input  logic           h_valid_i,
  output logic           h_ready_o,
  input  logic [127:0]   h_i,
  output logic           h_ok_o,
  // message start: handshake start_valid_i && start_ready_o (ready when idle and h_ok_o)
  input  logic           start_valid_i,
  output logic           start_ready_o,
  input  logic [CW-1:0]  start_nblk_i,  // blocks in the message, 0..2^CW-1 (0: GHASH = 0)
  // blocks: ceil(nblk / N) beats, handshake in_valid_i && in_ready_o
  input  logic           in_valid_i,
  output logic           in_ready_o,
  input  logic [N*128-1:0] in_data_i,
  // result: handshake out_valid_o && out_ready_i
  output logic           out_valid_o,
  input  logic           out_ready_i,
  output logic [127:0]   out_data_o,
  // drop the current message (no result): the multiplier pipeline drains for D cycles (busy_o), the H
  // powers stay; ignored while idle or computing powers
  input  logic           abort_i,
  // zeroize H, its powers and the accumulator; h_ok_o falls; the multiplier pipeline then drains for D cycles
  // (busy_o high, h_ready_o low) so that no product from before clear_i is ever used
  input  logic           clear_i,
  output logic           busy_o         // powers being computed, or a message in progress
);

  function automatic int popcount(input int v);
    popcount = 0;
    for (int i = 0; i < 8; i++) popcount += (v >> i) & 1;
  endfunction
  localparam int D = popcount(PIPE_MASK) + popcount(IN_MASK) + OUT_REG;
  localparam int M = N * D;

  if (N < 1 || N > 8 || ORDER < 0 || ORDER > 6 || PIPE_MASK < 0 || PIPE_MASK >= (1 << (ORDER + 1)) ||
      IN_MASK < 0 || IN_MASK >= (1 << (ORDER + 1)) || OUT_REG < 0 || OUT_REG > 1 || D < 1 || D > 8 ||
      CW < 2 || CW > 48) begin : gen_param_err
`ifdef __ICARUS__
    aesf_illegal_parameter_value u_illegal_parameter_value ();
`else
    $error("aesf_ghash_par: N 1..8, ORDER 0..6, PIPE_MASK and IN_MASK < 2^(ORDER+1), OUT_REG 0..1, latency 1..8, CW 2..48");
`endif
  end

  // FSM states
  localparam logic [2:0] StIdle  = 3'd0;  // waiting for H or a message
  localparam logic [2:0] StHIss  = 3'd1;  // load H^c * H into lane 0's input stage (issued in the next cycle)
  localparam logic [2:0] StHWait = 3'd2;  // wait D cycles for the product
  localparam logic [2:0] StRun   = 3'd3;  // absorbing beats
  localparam logic [2:0] StDrain = 3'd4;  // D cycles collecting the last finals
  localparam logic [2:0] StOut   = 3'd5;  // result on out_data_o
  localparam logic [2:0] StFlush = 3'd6;  // abort / clear: D cycles emptying the pipeline, no result

  (* fsm_encoding = "one-hot" *) logic [2:0] st_q;   // one-hot after synthesis
  logic [2:0]     st_d;
  logic [127:0]   pw_q [1:M];             // pw_q[k] = H^k
  logic [127:0]   hp_q;                   // highest power computed so far (H^c)
  logic [M:0]     c_q;                    // powers ready: H^1 .. H^c, one-hot (c_q[c]; bit 0 unused): the power
                                          // registers' write enables and the last-power test are single flip-flops
  logic           hok_q;
  logic [CW-1:0]  rem_q;                  // blocks not yet issued
  logic [7:0]     dcnt_q;                 // drain / wait counter
  logic [127:0]   acc_q;                  // XOR of the final products

  // multiplier lanes
  logic [N-1:0]   en_q;                   // pipeline advance, one register per lane (see below)
  logic [N-1:0]   mv_i, mv_o, fin_i, fin_o;
  logic [127:0]   mx [N];
  logic [127:0]   my [N];
  logic [127:0]   mz [N];

  logic           beat;                   // a beat is accepted at this edge
  logic           abort;                  // abort a message
  assign abort = abort_i && (st_q == StRun || st_q == StDrain || st_q == StOut);
  assign beat  = (st_q == StRun) && in_valid_i && !abort;

  // ---------------------------------------------------------------------------------------------------
  // Per-lane H-power selection, kept one beat ahead (no handshake, no wide compare before a mux select)
  // ---------------------------------------------------------------------------------------------------
  // Block i of the message (lane j of its beat, r blocks left from the beat's lane 0) takes H^e with
  // e = min(M, r - j): a beat's selection depends on min(r, M + N) only. sel_q[j] / has_q[j] / fsel_q[j] /
  // last_q describe the CURRENT beat; at a beat they take the next beat's values, computed from rem_q (the
  // exact count of this beat, a flip-flop) one cycle ahead; at a start from start_nblk_i.
  localparam int RS_MAX = M + N;                  // <= 72 (N <= 8, D <= 8)
  localparam int RS_FAR = RS_MAX + N;             // blocks left from which the next beat is still saturated
  logic [N*M-1:0] sel_q;                          // lane j: one-hot H^1..H^M in [M*j +: M]
  logic [N-1:0]   has_q, fsel_q;                  // lane j holds a block / a final block
  logic           last_q;                         // the current beat is the message's last
  logic [7:0]     rs_adv, rs_st;                  // min(blocks left, M + N) of the next beat / the first beat
  logic [N*M-1:0] sel_adv, sel_st;
  logic [N-1:0]   has_adv, has_st, fsel_adv, fsel_st;
  logic           last_adv, last_st;
  logic           start;
  assign start  = (st_q == StIdle) && !h_valid_i && start_valid_i && hok_q;
  assign rs_adv = (rem_q >= CW'(RS_FAR)) ? 8'(RS_MAX) : (rem_q > CW'(N)) ? 8'(rem_q - CW'(N)) : 8'd0;
  assign rs_st  = (start_nblk_i >= CW'(RS_MAX)) ? 8'(RS_MAX) : 8'(start_nblk_i);

  // selection of a beat from its saturated block count
  function automatic logic [N*M+2*N:0] beat_sel(input logic [7:0] rs);   // {sel, has, fsel, last}
    logic [N*M-1:0] sel;
    logic [N-1:0]   has, fsel;
    logic [7:0]     rj;
    sel = '0; has = '0; fsel = '0;
    for (int j = 0; j < N; j++) begin
      rj      = rs - 8'(j);
      has[j]  = rs > 8'(j);
      fsel[j] = has[j] && (rj <= 8'(M));
      for (int k = 1; k <= M; k++) begin
        sel[M*j + k - 1] = has[j] && (fsel[j] ? (rj == 8'(k)) : (k == M));
      end
    end
    beat_sel = {sel, has, fsel, (rs <= 8'(N))};
  endfunction
  assign {sel_adv, has_adv, fsel_adv, last_adv} = beat_sel(rs_adv);
  assign {sel_st, has_st, fsel_st, last_st}      = beat_sel(rs_st);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sel_q <= '0; has_q <= '0; fsel_q <= '0; last_q <= 1'b0;
    end else if (clear_i || abort) begin
      sel_q <= '0; has_q <= '0; fsel_q <= '0; last_q <= 1'b0;
    end else if (start) begin
      sel_q <= sel_st; has_q <= has_st; fsel_q <= fsel_st; last_q <= last_st;
    end else if (beat) begin
      sel_q <= sel_adv; has_q <= has_adv; fsel_q <= fsel_adv; last_q <= last_adv;
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Input stage: the accepted beat, its powers and flags; issued to the multipliers in the next cycle
  // ---------------------------------------------------------------------------------------------------
  logic             ir_v_q;                       // a beat (or an H-power product) waits to be issued (always
                                                  // issued in the next cycle)
  logic [N*128-1:0] ir_x_q;                       // its blocks (lane 0 in the top 128 bits, as in_data_i)
  logic [N*128-1:0] ir_y_q;                       // lane j: its power of H in [128*j +: 128]
  logic [N-1:0]     ir_has_q, ir_fin_q;
  logic             issue;
  assign issue = ir_v_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ir_v_q <= 1'b0; ir_x_q <= '0; ir_y_q <= '0; ir_has_q <= '0; ir_fin_q <= '0;
    end else if (clear_i || abort) begin
      ir_v_q <= 1'b0; ir_x_q <= '0; ir_y_q <= '0; ir_has_q <= '0; ir_fin_q <= '0;
    end else if (st_q == StHIss) begin            // H powers: H^c * H on lane 0, no feedback
      ir_v_q                 <= 1'b1;
      ir_x_q                 <= '0;
      ir_x_q[N*128-1 -: 128] <= hp_q;
      ir_y_q                 <= '0;
      ir_y_q[127:0]          <= pw_q[1];
      ir_has_q               <= N'(1);
      ir_fin_q               <= '0;
    end else begin
      ir_v_q <= beat;
      if (beat) begin
        ir_x_q   <= in_data_i;
        ir_has_q <= has_q;
        ir_fin_q <= has_q & fsel_q;
        for (int j = 0; j < N; j++) begin
          // one-hot AND-OR of the powers (the select bits are flip-flops)
          ir_y_q[128*j +: 128] <= '0;
          for (int k = 1; k <= M; k++) begin
            if (sel_q[M*j + k - 1]) ir_y_q[128*j +: 128] <= pw_q[k];
          end
        end
      end
    end
  end

  for (genvar j = 0; j < N; j++) begin : gen_lane
    logic [127:0]  xin, fb;
    assign fin_i[j] = ir_fin_q[j];
    assign xin   = ir_x_q[N*128-1-128*j -: 128];
    // a non-final product leaving the pipeline belongs to this lane's current block (its chain partner)
    assign fb    = (mv_o[j] && !fin_o[j]) ? mz[j] : 128'd0;

    // the multipliers' operands are flip-flops (the input stage) and the feedback product only
    assign mv_i[j] = issue && ir_has_q[j];
    assign mx[j]   = xin ^ fb;
    assign my[j]   = ir_y_q[128*j +: 128];

    aesf_gf128_mul_kara #(.ORDER(ORDER), .PIPE_MASK(PIPE_MASK), .IN_MASK(IN_MASK), .OUT_REG(OUT_REG)) u_mul (
      .clk_i, .rst_ni, .en_i(en_q[j]), .valid_i(mv_i[j]), .x_i(mx[j]), .y_i(my[j]),
      .valid_o(mv_o[j]), .z_o(mz[j])
    );

    // "final product" flag travelling with each product (a per-lane vector: Icarus 11 mishandles a
    // 1 x 1-bit unpacked array)
    logic [D-1:0] fin_q;
    logic [D:0]   fin_sh;
    assign fin_sh = {fin_q, fin_i[j] && mv_i[j]};
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        fin_q <= '0;
      end else if (clear_i) begin
        fin_q <= '0;
      end else if (en_q[j]) begin
        fin_q <= fin_sh[D-1:0];
      end
    end
    assign fin_o[j] = fin_sh[D];          // = fin_q[D-1]
  end

  // The pipeline moves on an issue, while computing powers and while draining:
  //   en = issue || st_q in {StHIss, StHWait, StDrain, StFlush}.
  // en_q holds exactly that, decided one cycle ahead from the next issue (ir_v_q's next value) and the next
  // state, one copy per lane: the clock enable of the multiplier registers (thousands of flip-flops) is a
  // flip-flop output, not a decode of the FSM and the input handshake (timing, issue 19).
  logic       ir_v_nx;
  logic [2:0] st_nx;
  assign ir_v_nx = (clear_i || abort) ? 1'b0 : ((st_q == StHIss) ? 1'b1 : beat);
  assign st_nx   = clear_i ? StFlush : st_d;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      en_q <= '0;
    end else begin
      en_q <= {N{ir_v_nx || (st_nx == StHIss) || (st_nx == StHWait) || (st_nx == StDrain) || (st_nx == StFlush)}};
    end
  end

  // XOR of the final products leaving the pipeline at this edge
  logic [127:0] fin_sum;
  always_comb begin
    fin_sum = '0;
    for (int j = 0; j < N; j++) begin
      if (mv_o[j] && fin_o[j]) fin_sum = fin_sum ^ mz[j];
    end
  end

  assign h_ready_o     = (st_q == StIdle);
  assign h_ok_o        = hok_q;
  assign start_ready_o = (st_q == StIdle) && hok_q;
  assign in_ready_o    = (st_q == StRun) && !abort_i;
  assign out_valid_o   = (st_q == StOut) && !abort_i;
  assign out_data_o    = (st_q == StOut) ? acc_q : 128'd0;
  assign busy_o        = (st_q != StIdle);

  always_comb begin
    st_d = st_q;
    unique case (st_q)
      StIdle: begin
        if (h_valid_i)                          st_d = (M == 1) ? StIdle : StHIss;
        else if (start_valid_i && hok_q)        st_d = (start_nblk_i == '0) ? StOut : StRun;
      end
      StHIss:                                   st_d = StHWait;
      StHWait: if (mv_o[0])                     st_d = c_q[M-1] ? StIdle : StHIss;
      StRun:   if (beat && last_q)              st_d = StDrain;
      StDrain: if (dcnt_q == 8'(D))             st_d = StOut;    // the input stage's issue + D
      StOut:   if (out_ready_i)                 st_d = StIdle;
      StFlush: if (dcnt_q == 8'(D - 1))         st_d = StIdle;
      default:                                  st_d = StIdle;
    endcase
    if (abort) st_d = StFlush;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      st_q   <= StIdle;
      hok_q  <= 1'b0;
      c_q    <= '0;
      hp_q   <= '0;
      rem_q  <= '0;
      dcnt_q <= '0;
      acc_q  <= '0;
      for (int k = 1; k <= M; k++) pw_q[k] <= '0;
    end else if (clear_i) begin
      st_q   <= StFlush;     // products in the multiplier pipeline (a message or H powers) are drained, unused
      hok_q  <= 1'b0;
      c_q    <= '0;
      hp_q   <= '0;
      rem_q  <= '0;
      dcnt_q <= '0;
      acc_q  <= '0;
      for (int k = 1; k <= M; k++) pw_q[k] <= '0;
    end else begin
      st_q <= st_d;
      unique case (st_q)
        StIdle: begin
          if (h_valid_i) begin
            pw_q[1] <= h_i;
            hp_q    <= h_i;
            c_q     <= (M+1)'(2);
            hok_q   <= (M == 1);
          end else if (start_valid_i && hok_q) begin
            rem_q <= start_nblk_i;
            acc_q <= '0;
          end
        end
        StHWait: begin
          if (mv_o[0]) begin
            for (int k = 2; k <= M; k++) begin
              if (c_q[k-1]) pw_q[k] <= mz[0];
            end
            hp_q <= mz[0];
            c_q  <= (M+1)'(c_q << 1);
            if (c_q[M-1]) begin
              hok_q <= 1'b1;
              hp_q  <= '0;
            end
          end
        end
        StRun: begin
          if (issue) acc_q <= acc_q ^ fin_sum;
          if (beat) begin
            rem_q  <= (rem_q > CW'(N)) ? rem_q - CW'(N) : '0;
            dcnt_q <= '0;
          end
        end
        StDrain: begin
          acc_q  <= acc_q ^ fin_sum;
          dcnt_q <= dcnt_q + 8'd1;
        end
        StOut: begin
          if (out_ready_i) acc_q <= '0;
        end
        StFlush: begin
          dcnt_q <= dcnt_q + 8'd1;
        end
        default: ;
      endcase
      if (abort) begin
        acc_q  <= '0;
        rem_q  <= '0;
        dcnt_q <= '0;
      end
    end
  end

endmodule

`default_nettype wire
