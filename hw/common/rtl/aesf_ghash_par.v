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
// Messages stream (issue 19): a start may be given while earlier messages are still absorbing beats or
// draining; starts are queued and their beats follow the previous message's beats on in_data_i
// in order. The multiplier pipeline is free-running (no clock enable): block i's chain partner i-M leaves the
// pipeline at or before block i's issue (beats are at most one per clock), and a partner that left early
// waits in a chain register (M x 128 flip-flops, one per lane and chain position, written as it leaves, read
// one cycle ahead into the input stage). Products carry their flags (block, final, message end, chain
// position) in a delay line beside the multiplier; the finals of a message are XORed as they leave and its
// GHASH enters a result FIFO (RES_DEPTH entries) when the message's last beat leaves, so the next message's
// beats follow its previous one's without a gap and results come out in start order. A start is accepted
// only while fewer than RES_DEPTH messages are started and not yet taken (credits: the result FIFO never
// overflows). A message with no block issues one empty marker beat (GHASH = 0, in order).
//
// Input stage (timing): an accepted beat is registered (ir_*) together with its lanes' H powers and chain
// partners, and is issued to the multipliers in the next cycle. The multipliers' first stage therefore starts
// at flip-flops (the beat, the power, the registered partner) or at the product leaving the pipeline in that
// very cycle (one 4-input LUT per bit), never at the input handshake, the caller's data multiplexers or a
// block-count compare; the partner's select (the product leaving now or chain register k) is a one-hot register
// computed a cycle ahead from the next chain index (fs_q). The powers come from a per-lane one-hot selection
// (sel_q) kept one beat ahead: a start's first-beat selection is computed as it enters the start queue and stored
// with it; later beats' selections come from the low byte of the block counter and a registered "far from the
// end" flag, so neither the wide block counter nor the queue's read port reaches a compare in front of a
// multiplexer select.
//
// Latency (D = popcount(PIPE_MASK) + popcount(IN_MASK) + OUT_REG of the multiplier, 1..8): a beat is issued in
// the cycle after its handshake and its product leaves D cycles later, stalls or not.
// Counted in rising edges after the handshake edge until the signal is high:
//   last in beat -> out_valid_o: D + 1 (result FIFO empty);   H load -> h_ok_o: (M - 1) * (D + 2) (0 when M = 1);
//   start -> in_ready_o: 2 (nothing open: every start goes through the start queue); a queued start's first beat
//   may follow the previous message's last beat in the next cycle. One beat of N blocks per clock across message boundaries (tests/common/test_ghash_par.py).

`default_nettype none

module aesf_ghash_par #(
  parameter int N         = 2,        // blocks per clock (lanes): 1..8
  parameter int ORDER     = 4,        // Karatsuba recursion levels: 0..6
  parameter int PIPE_MASK = 13,       // multiplier registers per recursion depth: < 2^(ORDER+1); 13 = 5'b01101
  parameter int IN_MASK   = 0,        // multiplier operand registers per recursion depth: < 2^(ORDER+1)
  parameter int OUT_REG   = 0,        // 0..1: register after the reduction
  parameter int CW        = 36,       // block-count width: 8..48 (GCM needs 34: 2^32 text + 2^28 AAD + 1)
  parameter int RES_DEPTH = 8,        // result FIFO entries = messages started and not yet taken: 2, 4, 8 or 16
  parameter int CLR_COPIES = 1        // copies of the zeroize in clear_i: 1..2N+2 (fan-out relief, see clear_i)
                                      // (full rate on back-to-back one-beat messages needs >= D + 3)
) (
  input  logic           clk_i,
  input  logic           rst_ni,        // asynchronous, active low
  // hash key: handshake h_valid_i && h_ready_o (ready when no message is started and not taken, and no
  // powers are being computed); h_ok_o when H^1..H^M are ready
  input  logic           h_valid_i,
  output logic           h_ready_o,
  input  logic [127:0]   h_i,
  output logic           h_ok_o,
  // message start: handshake start_valid_i && start_ready_o (ready when h_ok_o, fewer than 4 starts wait, fewer than
  // RES_DEPTH messages are outstanding and h_valid_i is low: an H load goes first)
  input  logic           start_valid_i,
  output logic           start_ready_o,
  input  logic [CW-1:0]  start_nblk_i,  // blocks in the message, 0..2^CW-1 (0: GHASH = 0)
  // blocks: ceil(nblk / N) beats per message, messages in start order, handshake in_valid_i && in_ready_o
  input  logic           in_valid_i,
  output logic           in_ready_o,
  input  logic [N*128-1:0] in_data_i,
  // results in start order: handshake out_valid_o && out_ready_i
  output logic           out_valid_o,
  input  logic           out_ready_i,
  output logic [127:0]   out_data_o,
  // drop every message started and not yet taken (open, queued, in flight, results not taken): the multiplier
  // pipeline drains for D cycles (busy_o), the H powers stay; ignored while no message is outstanding or while
  // computing powers; a beat offered in the same cycle is taken (in_ready_o is a flip-flop) and dropped
  input  logic           abort_i,
  // zeroize H, its powers, the chain registers and the accumulator; h_ok_o falls; the unit then waits D cycles
  // (busy_o high, h_ready_o low) so that no product from before clear_i is ever used. CLR_COPIES identical
  // copies, each from its own flip-flop in the caller (timing, issue 19: one clear net to every data flip-flop of
  // the unit was routed across the device): bit 0 drives the control, bit 1 + g % (CLR_COPIES - 1) the wipe of
  // data group g (g = 2j lane j's chain registers, 2j + 1 lane j's input stage, 2N the H powers). All bits equal
  // in every cycle (asserted); a caller without the fan-out gives one bit.
  input  logic [CLR_COPIES-1:0] clear_i,
  output logic           busy_o         // powers being computed, a flush, or a message outstanding
);

  localparam int D = aesf_pkg::popcount(PIPE_MASK) + aesf_pkg::popcount(IN_MASK) + OUT_REG;
  localparam int M = N * D;
  localparam int OW = $clog2(RES_DEPTH + 1);  // outstanding-message counter width

  aesf_param_check #(
    .ILLEGAL(N < 1 || N > 8 || ORDER < 0 || ORDER > 6 || PIPE_MASK < 0 || PIPE_MASK >= (1 << (ORDER + 1)) ||
             IN_MASK < 0 || IN_MASK >= (1 << (ORDER + 1)) || OUT_REG < 0 || OUT_REG > 1 || D < 1 || D > 8 ||
             CW < 8 || CW > 48 || !(RES_DEPTH == 2 || RES_DEPTH == 4 || RES_DEPTH == 8 || RES_DEPTH == 16) ||
             CLR_COPIES < 1 || CLR_COPIES > 2 * N + 2),
    .MSG    ("aesf_ghash_par: N 1..8, ORDER 0..6, PIPE_MASK and IN_MASK < 2^(ORDER+1), OUT_REG 0..1, latency 1..8, CW 8..48, RES_DEPTH 2/4/8/16, CLR_COPIES 1..2N+2")
  ) u_param_check ();

  // the zeroize: control from copy 0, data group g from copy clr_idx(g) (see clear_i)
  function automatic int clr_idx(input int g);
    clr_idx = (CLR_COPIES == 1) ? 0 : 1 + g % (CLR_COPIES - 1);
  endfunction
  localparam int CP = clr_idx(2 * N);            // the H powers' copy
  logic clr;
  assign clr = clear_i[0];

  // FSM states (the H-power computation and the flush; messages run in StIdle)
  localparam logic [1:0] StIdle  = 2'd0;  // H powers ready or not loaded; messages may run
  localparam logic [1:0] StHIss  = 2'd1;  // load H^c * H into lane 0's input stage (issued in the next cycle)
  localparam logic [1:0] StHWait = 2'd2;  // wait D cycles for the product
  localparam logic [1:0] StFlush = 2'd3;  // abort / clear: D cycles, no result

  (* fsm_encoding = "one-hot" *) logic [1:0] st_q;   // one-hot after synthesis
  logic [1:0]     st_d;
  logic [127:0]   pw_q [1:M];             // pw_q[k] = H^k
  logic [127:0]   hp_q;                   // highest power computed so far (H^c)
  logic [M:0]     c_q;                    // powers ready: H^1 .. H^c, one-hot (c_q[c]; bit 0 unused): the power
                                          // registers' write enables and the last-power test are single flip-flops
  logic           hok_q;
  logic [7:0]     dcnt_q;                 // H-power wait / flush counter
  logic [127:0]   acc_q;                  // XOR of the final products of the message leaving the pipeline

  // message bookkeeping
  logic           run_q;                  // a message is open: its beats are being accepted
  logic [CW-1:0]  rem_q;                  // blocks of the open message not yet accepted
  logic           nxt_v;                  // a start is queued (start FIFO, 4 entries)
  logic           ph_pend_q;              // a message without blocks: its empty marker beat is issued next cycle
  logic [OW-1:0]  oc_q;                   // messages started and not yet taken (credits for the result FIFO)
  logic [OW-1:0]  oc_d;
  logic           oc_nz_q;                // oc_q != 0, a flip-flop (computed from oc_d)
  logic           oc_full_q;              // oc_q == RES_DEPTH, a flip-flop
  logic [D-1:0]   cix_q;                  // chain position of the next beat of the open message (one-hot, beat mod D)
  logic           first_q;                // the next beat is in the message's first D beats (no chain partner)

  // multiplier lanes
  logic [N-1:0]   mv_i, mv_o;
  logic [127:0]   mx [N];
  logic [127:0]   my [N];
  logic [127:0]   mz [N];

  logic           beat;                   // a beat is accepted at this edge
  logic           abort;                  // abort the outstanding messages
  logic           start;                  // a start is accepted at this edge
  logic           cur_free;               // no message open after this edge unless one is opened
  logic           open;                   // the oldest queued start is opened at this edge
  assign abort    = abort_i && (st_q == StIdle) && oc_nz_q;
  assign beat     = run_q && in_valid_i && !abort;
  assign start    = start_valid_i && start_ready_o;
  assign cur_free = (!run_q && !ph_pend_q) || (beat && last_q);
  assign open     = cur_free && nxt_v && !abort && !clr;

  // ---------------------------------------------------------------------------------------------------
  // Per-lane H-power selection, kept one beat ahead (no handshake, no wide compare before a mux select)
  // ---------------------------------------------------------------------------------------------------
  // Block i of the message (lane j of its beat, r blocks left from the beat's lane 0) takes H^e with
  // e = min(M, r - j): a beat's selection depends on min(r, M + N) only. sel_q[j] / has_q[j] / fsel_q[j] /
  // last_q describe the CURRENT beat. A start's first-beat selection is computed as it enters the start
  // queue (from start_nblk_i) and stored with it, so opening a message only copies the queue head; at a
  // beat the next beat's selection comes from the low byte of rem_q (exact while far_q = 0) one cycle ahead.
  localparam int RS_MAX = M + N;                  // <= 72 (N <= 8, D <= 8)
  localparam int RS_FAR = RS_MAX + N;             // blocks left from which the next beat is still saturated
  localparam int RS_FAR2 = RS_FAR + N;           // blocks left from which the beat after next is saturated
  localparam int RS_N1  = N + 1;                  // blocks left from which a beat is not the last
  localparam int SW     = N * M + 2 * N + 1;      // {sel, has, fsel, last}
  logic [N*M-1:0] sel_q;                          // lane j: one-hot H^1..H^M in [M*j +: M]
  logic [N-1:0]   has_q, fsel_q;                  // lane j holds a block / a final block
  logic           last_q;                         // the current beat is the message's last
  logic           far_q;                          // rem_q >= RS_FAR (so the next beat is saturated)
  logic [7:0]     rs_adv, rs_st;                  // min(blocks left, M + N) of the next beat / a start's first
  logic [SW-1:0]  bs_adv, bs_st, bs_nxt;          // selections: next beat, pushed start, queue head

  // x >= c for a constant c, written as gates: Yosys maps a compare with a constant to a carry chain as wide as
  // x (timing, issue 19: a 36-bit CCU2C chain from start_nblk_i into the start queue's LUT-RAM write data was the
  // unit's worst path, 9.6 ns); as gates ABC balances it into a few LUT levels.
  function automatic logic ge_cw(input logic [CW-1:0] x, input logic [CW-1:0] c);
    logic gt, eq;
    gt = 1'b0; eq = 1'b1;
    for (int i = CW - 1; i >= 0; i--) begin
      gt = gt | (eq & x[i] & ~c[i]);
      eq = eq & (x[i] ~^ c[i]);
    end
    ge_cw = gt | eq;
  endfunction
  function automatic logic ge_8(input logic [7:0] x, input logic [7:0] c);
    logic gt, eq;
    gt = 1'b0; eq = 1'b1;
    for (int i = 7; i >= 0; i--) begin
      gt = gt | (eq & x[i] & ~c[i]);
      eq = eq & (x[i] ~^ c[i]);
    end
    ge_8 = gt | eq;
  endfunction

  // selection of a beat from its saturated block count (rs - j compared with constants as rs with shifted ones:
  // no subtractor)
  function automatic logic [SW-1:0] beat_sel(input logic [7:0] rs);   // {sel, has, fsel, last}
    logic [N*M-1:0] sel;
    logic [N-1:0]   has, fsel;
    sel = '0; has = '0; fsel = '0;
    for (int j = 0; j < N; j++) begin
      has[j]  = ge_8(rs, 8'(j + 1));                    // rs > j
      fsel[j] = has[j] && !ge_8(rs, 8'(M + j + 1));     // rs - j <= M
      for (int k = 1; k <= M; k++) begin
        sel[M*j + k - 1] = has[j] && (fsel[j] ? (rs == 8'(k + j)) : (k == M));
      end
    end
    beat_sel = {sel, has, fsel, !ge_8(rs, 8'(N + 1))};
  endfunction
  assign rs_adv = far_q ? 8'(RS_MAX) : ge_8(rem_q[7:0], 8'(N + 1)) ? rem_q[7:0] - 8'(N) : 8'd0;
  assign rs_st  = ge_cw(start_nblk_i, CW'(RS_MAX)) ? 8'(RS_MAX) : 8'(start_nblk_i);
  assign bs_adv = beat_sel(rs_adv);
  assign bs_st  = beat_sel(rs_st);

  // start queue: {block count, far, zero, first-beat selection} of every start not yet opened
  localparam int QW = CW + 2 + SW;
  logic [QW-1:0]  sq_wdata, sq_rdata;
  logic [CW-1:0]  nxt_n;                          // the queue head's block count
  logic           nxt_far, nxt_zero;
  logic [2:0]     sq_cnt;
  logic           sq_ready;
  assign sq_wdata = {start_nblk_i, ge_cw(start_nblk_i, CW'(RS_FAR)), (start_nblk_i == '0), bs_st};
  assign {nxt_n, nxt_far, nxt_zero, bs_nxt} = sq_rdata;
  aesf_fifo #(.W(QW), .DEPTH(4), .WIPE(0)) u_sq (
    .clk_i, .rst_ni, .clear_i(clr || abort),
    .wvalid_i(start), .wready_o(sq_ready), .wdata_i(sq_wdata),
    .rvalid_o(nxt_v), .rready_i(open), .rdata_o(sq_rdata), .count_o(sq_cnt)
  );
  logic unused_sq;
  assign unused_sq = ^sq_cnt;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sel_q <= '0; has_q <= '0; fsel_q <= '0; last_q <= 1'b0;
    end else if (clr || abort) begin
      sel_q <= '0; has_q <= '0; fsel_q <= '0; last_q <= 1'b0;
    end else if (open) begin
      {sel_q, has_q, fsel_q, last_q} <= bs_nxt;
    end else if (beat) begin
      {sel_q, has_q, fsel_q, last_q} <= bs_adv;
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Flags beside the multiplier pipeline (free-running delay line of D stages): dl_*[D-1] describes the
  // products leaving the multipliers in this cycle
  // ---------------------------------------------------------------------------------------------------
  logic [D-1:0]   dl_v, dl_end;               // an issue / the last beat of a message (or an empty marker)
  logic [D*D-1:0] dl_c;                       // stage s: chain position one-hot in [D*s +: D] (0: no chain)
  logic [D*N-1:0] dl_has, dl_fin;             // stage s: lane j in [N*s + j]
  logic           ex_v, ex_end, nx_v;
  logic [N-1:0]   nx_has, nx_fin;             // lanes of the products leaving in the next cycle (beside nx_v)
  logic [D-1:0]   ex_c, nx_c;                 // leaving now / leaving in the next cycle
  logic [N-1:0]   ex_has, ex_fin;
  assign ex_v   = dl_v[D-1];
  assign ex_end = dl_end[D-1];
  assign ex_c   = dl_c[D*(D-1) +: D];
  assign ex_has = dl_has[N*(D-1) +: N];
  assign ex_fin = dl_fin[N*(D-1) +: N];

  // ---------------------------------------------------------------------------------------------------
  // Input stage: the accepted beat, its powers, flags and chain partners; issued to the multipliers in the
  // next cycle
  // ---------------------------------------------------------------------------------------------------
  logic             ir_v_q;                       // a beat, an empty marker or an H-power product waits to be
                                                  // issued (always issued in the next cycle)
  logic [N*128-1:0] ir_x_q;                       // its blocks (lane 0 in the top 128 bits, as in_data_i)
  logic [N*128-1:0] ir_y_q;                       // lane j: its power of H in [128*j +: 128]
  logic [N-1:0]     ir_has_q, ir_fin_q;
  logic             ir_end_q;                     // last beat of its message / empty marker
  logic [D-1:0]     ir_c_q;                       // chain position (0 for markers and H-power products)
  logic             byp_q;                        // its chain partner leaves the pipeline in the issue cycle
  logic [N*128-1:0] fbr_q;                        // else lane j's partner (lane 0 on top; 0 without a partner)
  logic             issue;
  assign issue = ir_v_q;
  if (D >= 2) begin : gen_nx_dl
    assign nx_v   = dl_v[D-2];
    assign nx_c   = dl_c[D*(D-2) +: D];
    assign nx_has = dl_has[N*(D-2) +: N];
    assign nx_fin = dl_fin[N*(D-2) +: N];
  end else begin : gen_nx_ir
    assign nx_v   = ir_v_q;
    assign nx_c   = ir_c_q;
    assign nx_has = ir_has_q;
    assign nx_fin = ir_fin_q;
  end

  // chain registers: lane j, position k holds the last non-final product of that chain that has left the pipeline
  logic [N*D*128-1:0] ch_q;                       // lane j, position k in [128*(D*j+k) +: 128]
  // Partner select of a beat accepted at the next edge, a register (timing, issue 19: the chain index and the
  // first-beat flag decoded into the 128 x N selects of fbr_q were N = 1's worst path, round 9): fs_q[D] the
  // product leaving in this cycle (forwarded), fs_q[k] chain register k, none: no partner (the message's first D
  // beats). Computed one cycle ahead from the next chain index / first flag and the products leaving next.
  // abort_i and clear_i are left out of fs_d (timing: abort came from the caller's state through this decode, round
  // 10): after either, no beat is accepted before a message is opened again, and from the open on fs_d follows
  // the chain index; fs_q is exact in every cycle in which a beat can be accepted (run_q; asserted)
  logic [D:0]   fs_q, fs_d;
  logic [D-1:0] cix_d, cix_f;
  logic         first_d, first_f;
  logic         fs_open, fs_beat;                 // open / beat without the abort and clear terms
  assign fs_beat = run_q && in_valid_i;
  assign fs_open = ((!run_q && !ph_pend_q) || (fs_beat && last_q)) && nxt_v;
  always_comb begin
    cix_f   = cix_q;
    first_f = first_q;
    if (fs_open) begin
      cix_f   = D'(1);
      first_f = 1'b1;
    end else if (fs_beat) begin
      cix_f   = (D == 1) ? cix_q : D'({cix_q, cix_q[D-1]});
      if (cix_q[D-1]) first_f = 1'b0;
    end
    fs_d[D] = !first_f && nx_v && ((nx_c & cix_f) != '0);
    for (int k = 0; k < D; k++) fs_d[k] = !first_f && !fs_d[D] && cix_f[k];
  end
  // one copy of fs_q per lane and 32-bit quarter of the lane's partner register (kept: Yosys would merge them),
  // placed by its part of the partner multiplexer (timing, issue 19: the one fs_q selected 128 x N partner bits of
  // both lanes, a route of 17 ns across the device in the seventeenth round's N = 2; with one copy per lane
  // (eighteenth round) a copy's route to its 128 bits was still 12.3 ns, the worst path of the nineteenth round's
  // LFE5U-85F seed 1); copy (j, q) in [(D+1)*(FQ*j + q) +: D+1]; fs_q is lane 0's first
  localparam int FQ = 4;                  // copies per lane (one per 32 partner bits)
  logic [N*FQ*(D+1)-1:0] fsl_q;
  for (genvar c = 0; c < N * FQ; c++) begin : gen_fs
    (* keep *)
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) fsl_q[(D+1)*c +: D+1] <= '0;
      else         fsl_q[(D+1)*c +: D+1] <= fs_d;
    end
  end
  assign fs_q = fsl_q[D:0];

  // one copy of lane j's power selection per 32-bit quarter of its operand register (kept, as fsl_q), placed by
  // its part of the power multiplexer (timing, issue 19: the one sel_q of a lane drove the AND-OR of its powers
  // for all 128 operand bits; on N = 1's LFE5U-85F seed 1 of the twenty-second round it was a route of 3.5 ns
  // across the device in front of 5 LUT levels into ir_y_q); copy (j, q) in [M*(FQ*j + q) +: M], loaded as sel_q
  logic [N*M-1:0]    sel_d;
  logic [N*FQ*M-1:0] ssl_q;
  always_comb begin
    sel_d = sel_q;
    if (clr || abort) sel_d = '0;
    else if (open)    sel_d = bs_nxt[SW-1 -: N*M];
    else if (beat)    sel_d = bs_adv[SW-1 -: N*M];
  end
  for (genvar j = 0; j < N; j++) begin : gen_ssl
    for (genvar q = 0; q < FQ; q++) begin : gen_q
      (* keep *)
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) ssl_q[M*(FQ*j + q) +: M] <= '0;
        else         ssl_q[M*(FQ*j + q) +: M] <= sel_d[M*j +: M];
      end
    end
  end
  logic unused_chk;                       // fs_q and ex_c are read by the FORMAL assertions only
  assign unused_chk = ^{fs_q, ex_c};
  // Lane j's chain registers take the product leaving its multiplier: position k's write enable wr_q[k] is a
  // flip-flop of the lane's own, computed a cycle ahead from the delay line's next stage (timing, issue 19,
  // eighteenth round: ex_v / ex_has / ex_fin / ex_c are single flip-flops whose decode enabled the 128 x D chain
  // bits of every lane); it equals ex_v && ex_has[j] && !ex_fin[j] && ex_c[k] in every cycle (asserted)
  for (genvar j = 0; j < N; j++) begin : gen_ch
    localparam int Cc = clr_idx(2 * j);
    logic [D-1:0] wr_q;
    (* keep *)
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) wr_q <= '0;
      else         wr_q <= (clr || abort || !(nx_v && nx_has[j] && !nx_fin[j])) ? '0 : nx_c;
    end
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        ch_q[128*D*j +: 128*D] <= '0;
      end else if (clear_i[Cc]) begin
        ch_q[128*D*j +: 128*D] <= '0;
      end else begin
        for (int k = 0; k < D; k++) begin
          if (wr_q[k]) ch_q[128*(D*j+k) +: 128] <= mz[j];
        end
      end
    end
`ifdef FORMAL
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (rst_ni) begin
        for (int k = 0; k < D; k++) assert (wr_q[k] == (ex_v && ex_has[j] && !ex_fin[j] && ex_c[k]));
      end
    end
`endif
  end

  // flags of the input stage: dropped by an abort and a clear
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ir_v_q <= 1'b0; ir_has_q <= '0; ir_fin_q <= '0; ir_end_q <= 1'b0; ir_c_q <= '0;
    end else if (clr || abort) begin
      ir_v_q <= 1'b0; ir_has_q <= '0; ir_fin_q <= '0; ir_end_q <= 1'b0; ir_c_q <= '0;
    end else if (st_q == StHIss) begin            // H powers: H^c * H on lane 0, no feedback
      ir_v_q   <= 1'b1;
      ir_has_q <= N'(1);
      ir_fin_q <= '0;
      ir_end_q <= 1'b0;
      ir_c_q   <= '0;
    end else begin
      ir_v_q <= beat || ph_pend_q;
      if (beat) begin
        ir_has_q <= has_q;
        ir_fin_q <= has_q & fsel_q;
        ir_end_q <= last_q;
        ir_c_q   <= cix_q;
      end else if (ph_pend_q) begin                 // empty marker: the message without blocks
        ir_has_q <= '0;
        ir_fin_q <= '0;
        ir_end_q <= 1'b1;
        ir_c_q   <= '0;
      end
    end
  end

  // byp_q: the beat's partner leaves the pipeline in the issue cycle (else it has left: chain register, or the
  // message's first D beats: none). One kept copy per lane beside its multiplier input (the select of 128 bits
  // per lane, timing as fs_q above); byp_q is lane 0's.
  logic         byp_d;
  logic [N-1:0] bypl_q;
  always_comb begin
    byp_d = byp_q;
    if (clr || abort || st_q == StHIss) byp_d = 1'b0;
    else if (beat)                      byp_d = !first_q && nx_v && ((nx_c & cix_q) != '0);
    else if (ph_pend_q)                 byp_d = 1'b0;
  end
  for (genvar j = 0; j < N; j++) begin : gen_byp
    (* keep *)
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) bypl_q[j] <= 1'b0;
      else         bypl_q[j] <= byp_d;
    end
  end
  assign byp_q = bypl_q[0];

  // st_q == StHIss (the H-power product enters lane 0's input stage), a kept copy for lane 0's input stage's
  // 3 x 128 data flip-flops: st_q's next state is StHIss only from st_d without a clear. Lanes 1..N-1 do not read
  // it (their operands in that cycle are never used: ir_has_q is lane 0 alone; timing, issue 19: at N = 2 this
  // flag -> 1 LUT -> lane 1's input stage's reset inputs (LSR) was the LFE5UM5G-85F median path, 12.3 ns).
  logic hiss_q;
  (* keep *)
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) hiss_q <= 1'b0;
    else         hiss_q <= !clr && (st_d == StHIss);
  end

  // data of the input stage: wiped by a clear only, and loaded at EVERY edge (no enable): a beat accepted at an edge
  // is issued in the next cycle (ir_v_q), so the data is read only in the cycle after its load, and the multipliers
  // take it only beside a valid flag (mv_i). Neither the handshake (beat) nor abort_i reaches the 3 x N x 128 data
  // flip-flops (timing, issue 19: beat -> their enables was N = 1's worst path, routes across the device, round 6);
  // an empty marker's and an aborted beat's data is never used. No asynchronous reset: the synchronous wipe is
  // the flip-flops' own reset input (ECP5 LSR) instead of a LUT level in front of D (timing, issue 19: clear_i
  // -> these flip-flops was the unit's worst path, round 9); the data is read only beside a valid flag, which
  // is reset.
  // (one block per lane: lane j's wipe is copy clr_idx(2j + 1) of the zeroize)
  for (genvar j = 0; j < N; j++) begin : gen_ir
    localparam int Ci = clr_idx(2 * j + 1);
    always_ff @(posedge clk_i) begin
      if (clear_i[Ci]) begin
        ir_x_q[N*128-1-128*j -: 128] <= '0;
        ir_y_q[128*j +: 128]         <= '0;
        fbr_q[N*128-1-128*j -: 128]  <= '0;
      end else if (j == 0 && hiss_q) begin       // H powers: H^c * H on lane 0 (lanes 1..N-1: not issued)
        ir_x_q[N*128-1-128*j -: 128] <= hp_q;
        ir_y_q[128*j +: 128]         <= pw_q[1];
        fbr_q[N*128-1-128*j -: 128]  <= '0;
      end else begin
        ir_x_q[N*128-1-128*j -: 128] <= in_data_i[N*128-1-128*j -: 128];
        // one-hot AND-OR of the powers (the select bits are flip-flops: quarter q by its own copy, ssl_q)
        ir_y_q[128*j +: 128] <= '0;
        for (int q = 0; q < FQ; q++) begin
          for (int k = 1; k <= M; k++) begin
            if (ssl_q[M*(FQ*j + q) + k - 1]) ir_y_q[128*j + 127 - 32*q -: 32] <= pw_q[k][127 - 32*q -: 32];
          end
        end
        // one-hot AND-OR of the partners (the select bits are flip-flops, fs_q)
        // (quarter q, bits 127 - 32q down, by its own copy of the select)
        fbr_q[N*128-1-128*j -: 128] <= '0;
        for (int q = 0; q < FQ; q++) begin
          if (fsl_q[(D+1)*(FQ*j + q) + D]) fbr_q[N*128-1-128*j-32*q -: 32] <= mz[j][127-32*q -: 32];
          for (int k = 0; k < D; k++) begin
            if (fsl_q[(D+1)*(FQ*j + q) + k]) fbr_q[N*128-1-128*j-32*q -: 32] <= ch_q[128*(D*j+k) + 127 - 32*q -: 32];
          end
        end
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      dl_v <= '0; dl_end <= '0; dl_c <= '0; dl_has <= '0; dl_fin <= '0;
    end else if (clr || abort) begin
      dl_v <= '0; dl_end <= '0; dl_c <= '0; dl_has <= '0; dl_fin <= '0;
    end else begin
      dl_v   <= D'({dl_v, issue});
      dl_end <= D'({dl_end, issue && ir_end_q});
      dl_c   <= (D*D)'({dl_c, issue ? ir_c_q : {D{1'b0}}});
      dl_has <= (D*N)'({dl_has, issue ? ir_has_q : {N{1'b0}}});
      dl_fin <= (D*N)'({dl_fin, issue ? ir_fin_q : {N{1'b0}}});
    end
  end

  for (genvar j = 0; j < N; j++) begin : gen_lane
    logic [127:0]  xin, fb;
    assign xin   = ir_x_q[N*128-1-128*j -: 128];
    assign fb    = bypl_q[j] ? mz[j] : fbr_q[N*128-1-128*j -: 128];

    // the multipliers' operands are flip-flops (the input stage) and the product leaving the pipeline only
    assign mv_i[j] = issue && ir_has_q[j];
    assign mx[j]   = xin ^ fb;
    assign my[j]   = ir_y_q[128*j +: 128];

    aesf_gf128_mul_kara #(.ORDER(ORDER), .PIPE_MASK(PIPE_MASK), .IN_MASK(IN_MASK), .OUT_REG(OUT_REG)) u_mul (
      .clk_i, .rst_ni, .en_i(1'b1), .valid_i(mv_i[j]), .x_i(mx[j]), .y_i(my[j]),
      .valid_o(mv_o[j]), .z_o(mz[j])
    );
  end
  logic unused_mv_o;                      // the flags travel in dl_* (cleared by abort and clear), not in valid_o
  assign unused_mv_o = ^mv_o;

  // XOR of the final products leaving the pipeline in this cycle
  logic [127:0] fin_sum;
  always_comb begin
    fin_sum = '0;
    for (int j = 0; j < N; j++) begin
      if (ex_has[j] && ex_fin[j]) fin_sum = fin_sum ^ mz[j];
    end
  end

  // result FIFO: a message's GHASH enters as its last beat leaves (credits: never full then)
  logic         res_push, res_ready, res_v, res_pop;
  logic [127:0] res_d;
  logic [$clog2(RES_DEPTH+1)-1:0] res_cnt;
  assign res_push = ex_v && ex_end;
  assign res_pop  = res_v && out_ready_i && !abort_i;
  aesf_fifo #(.W(128), .DEPTH(RES_DEPTH), .WIPE(0)) u_res (
    .clk_i, .rst_ni, .clear_i(clr || abort),
    .wvalid_i(res_push), .wready_o(res_ready), .wdata_i(acc_q ^ fin_sum),
    .rvalid_o(res_v), .rready_i(res_pop), .rdata_o(res_d), .count_o(res_cnt)
  );
  logic unused_res;
  assign unused_res = ^{res_ready, res_cnt};

  assign oc_d          = oc_q + OW'(start) - OW'(res_pop);
  assign h_ready_o     = (st_q == StIdle) && !oc_nz_q;
  assign h_ok_o        = hok_q;
  assign start_ready_o = (st_q == StIdle) && hok_q && !h_valid_i && sq_ready && !oc_full_q;
  assign in_ready_o    = run_q;                // a beat offered with abort_i is taken and dropped
  assign out_valid_o   = res_v && !abort_i;
  assign out_data_o    = res_v ? res_d : 128'd0;
  assign busy_o        = (st_q != StIdle) || oc_nz_q;

  always_comb begin
    st_d = st_q;
    unique case (st_q)
      StIdle:  if (h_valid_i && h_ready_o)      st_d = (M == 1) ? StIdle : StHIss;
      StHIss:                                   st_d = StHWait;
      StHWait: if (ex_v)                        st_d = c_q[M-1] ? StIdle : StHIss;
      StFlush: if (dcnt_q == 8'(D - 1))         st_d = StIdle;
      default:                                  st_d = StIdle;
    endcase
    if (abort) st_d = StFlush;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      st_q      <= StIdle;
      dcnt_q    <= '0;
      run_q     <= 1'b0;
      rem_q     <= '0;
      far_q     <= 1'b0;
      ph_pend_q <= 1'b0;
      oc_q      <= '0;
      oc_nz_q   <= 1'b0;
      oc_full_q <= 1'b0;
    end else if (clr) begin
      st_q      <= StFlush;  // products in the multiplier pipeline (a message or H powers) are drained, unused
      dcnt_q    <= '0;
      run_q     <= 1'b0;
      rem_q     <= '0;
      far_q     <= 1'b0;
      ph_pend_q <= 1'b0;
      oc_q      <= '0;
      oc_nz_q   <= 1'b0;
      oc_full_q <= 1'b0;
    end else if (abort) begin
      st_q      <= st_d;     // StFlush
      dcnt_q    <= '0;
      run_q     <= 1'b0;
      rem_q     <= '0;
      far_q     <= 1'b0;
      ph_pend_q <= 1'b0;
      oc_q      <= '0;
      oc_nz_q   <= 1'b0;
      oc_full_q <= 1'b0;
    end else begin
      st_q <= st_d;
      if (st_q == StFlush) dcnt_q <= dcnt_q + 8'd1;
      else                 dcnt_q <= '0;

      // messages: outstanding count, queue, open message
      oc_q    <= oc_d;
      oc_nz_q   <= (oc_d != '0);
      oc_full_q <= (oc_d == OW'(RES_DEPTH));
      ph_pend_q <= open && nxt_zero;
      if (beat) begin
        rem_q <= ge_cw(rem_q, CW'(RS_N1)) ? rem_q - CW'(N) : '0;
        far_q <= ge_cw(rem_q, CW'(RS_FAR2));
        if (last_q) run_q <= 1'b0;
      end
      if (open) begin
        run_q   <= !nxt_zero;
        rem_q   <= nxt_n;
        far_q   <= nxt_far;
      end
    end
  end

  // chain position and first-beat flag of the open message's next beat: cix_f / first_f (above) unless an abort
  // or a clear (without them, fs_open == open and fs_beat == beat)
  assign cix_d   = (clr || abort) ? '0 : cix_f;
  assign first_d = !(clr || abort) && first_f;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cix_q   <= '0;
      first_q <= 1'b0;
    end else begin
      cix_q   <= cix_d;
      first_q <= first_d;
    end
  end

  // H powers: their own register block, wiped by clear_i only. An abort needs StIdle and messages outstanding,
  // which excludes both updates below (a new H needs no message outstanding, the products come in StHWait), so
  // abort_i is kept out of the enables of the M x 128 power flip-flops (timing, issue 19).
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      hok_q <= 1'b0;
      c_q   <= '0;
      hp_q  <= '0;
      for (int k = 1; k <= M; k++) pw_q[k] <= '0;
    end else if (clear_i[CP]) begin
      hok_q <= 1'b0;
      c_q   <= '0;
      hp_q  <= '0;
      for (int k = 1; k <= M; k++) pw_q[k] <= '0;
    end else begin
      if (st_q == StIdle && h_valid_i && h_ready_o) begin
        pw_q[1] <= h_i;
        hp_q    <= h_i;
        c_q     <= (M+1)'(2);
        hok_q   <= (M == 1);
      end
      if (st_q == StHWait && ex_v) begin
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
  end

  // finals leaving the pipeline: XORed into the accumulator; a message's last beat sends the sum to the FIFO.
  // After an abort the accumulator is zeroed during the flush (StFlush, D cycles in which no product leaves:
  // the flags were dropped), not by abort_i itself (timing, issue 19: abort -> 128 enables).
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      acc_q <= '0;
    end else if (clr || st_q == StFlush) begin
      acc_q <= '0;
    end else if (ex_v) begin
      acc_q <= ex_end ? 128'd0 : (acc_q ^ fin_sum);
    end
  end

`ifdef FORMAL
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni) begin
      assert (clear_i == {CLR_COPIES{clr}});        // the copies of the zeroize agree
      // the per-lane copies of the partner selects and the bypass flag agree; the H-power issue copy
      for (int j = 0; j < N; j++) begin
        for (int q = 0; q < FQ; q++) assert (fsl_q[(D+1)*(FQ*j + q) +: D+1] == fs_q);
        for (int q = 0; q < FQ; q++) assert (ssl_q[M*(FQ*j + q) +: M] == sel_q[M*j +: M]);
        assert (bypl_q[j] == byp_q);
      end
      assert (hiss_q == (st_q == StHIss));
      assert (oc_q <= OW'(RES_DEPTH));
      assert (oc_nz_q == (oc_q != '0));
      assert (oc_full_q == (oc_q == OW'(RES_DEPTH)));
      if (res_push) assert (res_ready);
      assert (!(ph_pend_q && run_q));
      if (!clr && !abort) assert (open == fs_open && beat == fs_beat);
      // the registered partner select equals the decode it replaces whenever a beat can be accepted
      if (run_q) begin
        assert (fs_q[D] == (!first_q && ex_v && ((ex_c & cix_q) != '0)));
        for (int k = 0; k < D; k++) assert (fs_q[k] == (!first_q && !fs_q[D] && cix_q[k]));
      end
      // the H-power registers ignore abort: it never coincides with their updates
      if (abort) assert (!(st_q == StIdle && h_valid_i && h_ready_o) && st_q != StHWait);
    end
  end
`endif

endmodule

`default_nettype wire
