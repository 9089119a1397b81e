// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_gcm_pack: block gearbox in front of the N-lane GHASH (aesf_ghash_par), which needs full beats of
// N blocks. Input beats carry 1..N blocks (segment ends: the last AAD beat, the last text beat, the length
// block); output beats always carry N blocks. Messages are aligned by leading zero blocks instead of a partial
// last beat (issue 19): GHASH_H(0^p || X) = GHASH_H(X), so the caller gives the first beat of a message
// in_pad_i = (N - m mod N) mod N zero blocks in front (m = its block count; the GHASH unit is started with
// m + pad blocks), every message then ends on a beat boundary and the next one follows without a flush gap.
//
// Byte order: block k of a beat is data[N*128-1-128*k -: 128] (lane 0, the earliest block, on top), block
// byte 0 in the top byte of its 128 bits.
// Latency: 1 + IN_REG cycles (the input registers, then a buffer whose output is registered state);
// throughput N blocks per clock. The input registers decouple the user's handshake from the slot multiplexers:
// in_valid_i only loads the first of them, the buffer writes from flops (timing, issue 5: the user's in_valid ->
// slot-multiplexer path was N = 1's ECP5 critical path). in_ready_o is a flop: it promises room for the beats
// in the input registers plus one more beat of up to 2N - 1 blocks (N blocks and N - 1 zero blocks of padding)
// whatever the output does, so neither in_valid_i nor out_ready_i reaches it combinationally.
// Data and clear_i: the packer holds GHASH input only (AAD, ciphertext, the IV of a non-96-bit IV, length blocks,
// masked by in_be_i before a slot is written): public data in GCM, so clear_i (abort / zeroize) resets the control
// and drops every held block by its pointers, without wiping the data flip-flops. Every slot is written after the
// clear before an output beat reads it (FORMAL below), and the input registers load in every cycle. (Timing, issue
// 19, thirty-second round: the slots' synchronous wipe was a clear of B x 128 flip-flops spread over the die, a
// median path of N = 2.)

`default_nettype none

module aesf_gcm_pack #(
  parameter int N      = 2,  // blocks per beat: 1..8
  parameter int IN_REG = 1   // input registers in front of the buffer: 1 or 2 (2: the accepted beat is registered
                             // once more before the buffer's slot multiplexers, so the caller's handshake logic and
                             // the buffer can sit far apart on the device; +1 cycle, 4 (2N - 1) slots instead
                             // of 3 (2N - 1))
) (
  input  logic             clk_i,
  input  logic             rst_ni,     // asynchronous, active low
  input  logic             clear_i,    // drop every held block (abort / zeroize): control only, see above
  input  logic             in_valid_i,
  output logic             in_ready_o,
  input  logic [N*128-1:0] in_data_i,
  input  logic [N*16-1:0]  in_be_i,    // byte enables of in_data_i (same order, one bit per byte): a disabled
                                       // byte enters as 0. Applied after the first input register (IN_REG 2), so
                                       // the caller's masking logic is not on its data path (timing, issue 19)
  input  logic [3:0]       in_cnt_i,   // blocks in this beat, 1..N (lanes 0 .. cnt-1)
  input  logic [3:0]       in_pad_i,   // zero blocks before them: 0..N-1 (a message's first beat only)
  output logic             out_valid_o,
  input  logic             out_ready_i,
  output logic [N*128-1:0] out_data_o
);

  aesf_param_check #(
    .ILLEGAL(N < 1 || N > 8 || IN_REG < 1 || IN_REG > 2),
    .MSG    ("aesf_gcm_pack: N must be 1..8, IN_REG 1..2")
  ) u_param_check ();

  // buffer slots: up to 2N-1 held + the beats in the input registers + one more beat, each up to 2N-1 blocks
  localparam int B = (2 + IN_REG) * (2 * N - 1);

  // The fill level is one-hot (pos_q[c] = c blocks held, c = 0..B): every select of the slot multiplexers, the
  // output lane masks and the ready / valid flags are a gate or two behind flip-flops, no adder or compare
  // (timing, issue 19: the binary count -> compare -> slot select chain crossed the device on N = 2).
  logic [B*128-1:0] buf_q;            // the block slots, slot s in [128*s +: 128] (below; one packed vector: each
                                      // slot is written per 32-bit group)
  logic [B:0]       pos_q, pos_d;     // one-hot fill level
  logic [B:0]       c_oh;             // fill level after this cycle's output beat
  logic [B:0]       cp_oh;            // ... and after the input beat's padding
  logic             full_q;           // at least N blocks held (a full output beat)
  logic             rdy_q;            // in_ready_o
  logic             s_v_q;            // input register holds a beat
  logic [N*128-1:0] s_d_q;
  logic [N:0]       s_cnt_oh_q;       // its block count, one-hot (1..N; 0 is legal and adds nothing)
  logic [N-1:0]     s_pad_oh_q;       // its padding, one-hot (0..N-1)
  logic             in_hs, out_hs;
  // a byte enable per byte -> a bit mask
  function automatic logic [N*128-1:0] be_bits(input logic [N*16-1:0] be);
    for (int i = 0; i < N*16; i++) be_bits[8*i +: 8] = {8{be[i]}};
  endfunction
  // the beat entering the s register: the caller's (IN_REG 1) or the p register's (IN_REG 2)
  logic             e_v;
  logic [N*128-1:0] e_d;
  logic [N:0]       e_cnt_oh;
  logic [N-1:0]     e_ln;
  logic [N-1:0]     e_pad_oh;

  assign out_valid_o = full_q;
  assign out_hs      = out_valid_o && out_ready_i;
  assign in_ready_o  = rdy_q;
  assign in_hs       = in_valid_i && rdy_q;

  // the fill level (one-hot), for every N
  always_comb begin
    c_oh = pos_q;
    if (out_hs) c_oh = (B+1)'(pos_q >> N);
    cp_oh = c_oh;
    pos_d = c_oh;
    if (s_v_q) begin
      // padding: the fill level moves on over the beat's padding slots (written with zero blocks, below)
      cp_oh = '0;
      for (int p = 0; p < N; p++) begin
        if (s_pad_oh_q[p]) cp_oh = cp_oh | (B+1)'(c_oh << p);
      end
      pos_d = '0;
      for (int n = 0; n <= N; n++) begin
        if (s_cnt_oh_q[n]) pos_d = pos_d | (B+1)'(cp_oh << n);
      end
    end
  end

  // input lane count, one-hot, and lanes in use
  logic [N:0]   in_cnt_oh;
  logic [N-1:0] in_ln, in_pad_oh;
  always_comb begin
    in_cnt_oh = '0;
    for (int n = 0; n <= N; n++) in_cnt_oh[n] = (in_cnt_i == 4'(n));
    for (int p = 0; p < N; p++) in_pad_oh[p] = (in_pad_i == 4'(p));
    for (int k = 0; k < N; k++) in_ln[k] = (in_cnt_i > 4'(k));
  end

  if (IN_REG == 2) begin : gen_p
    logic             p_v_q;
    logic [N-1:0]     p_pad_oh_q;
    logic [N*128-1:0] p_d_q;
    logic [N*16-1:0]  p_be_q;
    logic [N:0]       p_cnt_oh_q;
    logic [N-1:0]     p_ln_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni)         p_v_q <= 1'b0;
      else if (clear_i)    p_v_q <= 1'b0;
      else                 p_v_q <= in_hs;
    end
    // the beat and its shape: loaded in every cycle, no enable and no clear, read only while p_v_q (timing, issue
    // 19, twenty-seventh round: the caller's byte enables and the handshake were in front of these flip-flops'
    // clear and enable; thirty-second round: the data's wipe, see the header)
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        p_d_q <= '0; p_be_q <= '0; p_cnt_oh_q <= '0; p_ln_q <= '0; p_pad_oh_q <= '0;
      end else begin
        p_d_q      <= in_data_i;
        p_be_q     <= in_be_i;
        p_cnt_oh_q <= in_cnt_oh;
        p_ln_q     <= in_ln;
        p_pad_oh_q <= in_pad_oh;
      end
    end
    assign e_v = p_v_q; assign e_d = p_d_q & be_bits(p_be_q); assign e_cnt_oh = p_cnt_oh_q; assign e_ln = p_ln_q;
    assign e_pad_oh = p_pad_oh_q;
  end else begin : gen_nop
    assign e_v = in_hs; assign e_d = in_data_i & be_bits(in_be_i); assign e_cnt_oh = in_cnt_oh; assign e_ln = in_ln;
    assign e_pad_oh = in_pad_oh;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      pos_q      <= (B+1)'(1);
      full_q     <= 1'b0;
      rdy_q      <= 1'b1;
      s_v_q      <= 1'b0;
      s_cnt_oh_q <= '0;
      s_pad_oh_q <= '0;
    end else if (clear_i) begin
      pos_q      <= (B+1)'(1);
      full_q     <= 1'b0;
      rdy_q      <= 1'b1;
      s_v_q      <= 1'b0;
      s_cnt_oh_q <= '0;
      s_pad_oh_q <= '0;
    end else begin
      pos_q    <= pos_d;
      full_q   <= |pos_d[B:N];
      // room: the blocks held after this cycle (at most 2N - 1) + the beats in the input registers and the beat
      // possibly taken now + one more beat (each up to 2N - 1 blocks with padding) fit in B slots
      rdy_q    <= |pos_d[2*N-1:0];
      s_v_q    <= e_v;
      if (e_v) begin
        s_cnt_oh_q <= e_cnt_oh;
        s_pad_oh_q <= e_pad_oh;
      end
    end
  end
  // the s register's data: no enable and no clear (timing), only read while s_v_q
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) s_d_q <= '0;
    else         s_d_q <= e_d;
  end

  // the block slots: a ring of B slots, for every N. A beat is given its slots as it enters the s register: wa_q
  // (one-hot) is the slot where the next beat starts, its padding and its blocks take the next pad + cnt slots, and
  // each slot's write enable and source (lane k of the s register, or none: a zero padding block) are registered
  // per slot (sw_q, sl_q), so that a slot is written, in the next cycle, from flip-flops of its own. The output
  // beat is the N slots from the read pointer (an AND-OR of one-hot selects; one copy of the pointer per output
  // lane, rotated by the lane, and per 32-bit group as sw_q / sl_q, see G); an output handshake moves the read
  // pointers only (timing, issue 19, twentieth round: as a shift buffer the handshake and the s register's valid
  // selected all B x 128 slot flip-flops, nets of 1,966 and 4,335 loads in N = 2's netlist). The fill level pos_q
  // counts the same blocks as before: the flags and every cycle are unchanged.
  function automatic logic [B-1:0] rot(input logic [B-1:0] x, input int m);   // rotate up by m (0..B-1)
    rot = (m == 0) ? x : ((x << m) | (x >> (B - m)));
  endfunction
  logic [B-1:0]   wa_q, wa_d;         // one-hot: the first slot of the next beat entering the s register
  // The slots' write enables and sources and the read pointers drive 128 bits each: one copy per 32-bit group g of
  // a block (G copies), so that each flip-flop drives 32 loads and sits beside its group (timing, issue 19,
  // thirty-fourth round: with one copy the read pointer -> a route of 7.5-8.2 ns -> the read AND-OR -> the GHASH
  // FIFO's write data was N = 2's critical path on the LFE5UM5G-85F). The copies are equal (asserted below).
  localparam int G = 4;
  logic [B-1:0]     sw_d;
  logic [B*N-1:0]   sl_d;
  logic [G*B-1:0]   sw_q;             // slot s is written in this cycle (from the s register): [B*g + s]
  logic [G*B*N-1:0] sl_q;             // ... with lane k ([B*N*g + N*s + k]); none set: a padding block (zero)
  logic [G*N*B-1:0] rq_q;             // output lane j's one-hot read pointer (the slot of block j): [B*(N*g + j) +: B]
  always_comb begin
    sw_d = '0;
    sl_d = '0;
    wa_d = wa_q;
    if (e_v) begin
      wa_d = '0;
      for (int p = 0; p < N; p++) begin
        for (int n = 0; n <= N; n++) begin
          if (e_pad_oh[p] && e_cnt_oh[n]) wa_d = wa_d | rot(wa_q, p + n);
        end
      end
      for (int s = 0; s < B; s++) begin
        for (int p = 0; p < N; p++) begin
          if (e_pad_oh[p]) begin
            for (int d = 0; d < p; d++) begin
              if (wa_q[(s - d + B) % B]) sw_d[s] = 1'b1;                       // padding block
            end
            for (int k = 0; k < N; k++) begin
              if (e_ln[k] && wa_q[(s - p - k + 2 * B) % B]) begin
                sw_d[s]         = 1'b1;                                         // block k of the beat
                sl_d[N * s + k] = 1'b1;
              end
            end
          end
        end
      end
    end
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wa_q <= B'(1);
    end else if (clear_i) begin
      wa_q <= B'(1);
    end else begin
      wa_q <= wa_d;
    end
  end
  for (genvar g = 0; g < G; g++) begin : gen_cp
    (* keep *)
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        sw_q[B*g +: B] <= '0; sl_q[B*N*g +: B*N] <= '0;
      end else if (clear_i) begin
        sw_q[B*g +: B] <= '0; sl_q[B*N*g +: B*N] <= '0;
      end else begin
        sw_q[B*g +: B] <= sw_d; sl_q[B*N*g +: B*N] <= sl_d;
      end
    end
    for (genvar j = 0; j < N; j++) begin : gen_rq
      (* keep *)
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni)      rq_q[B*(N*g + j) +: B] <= B'(1) << j;
        else if (clear_i) rq_q[B*(N*g + j) +: B] <= B'(1) << j;
        else if (out_hs)  rq_q[B*(N*g + j) +: B] <= rot(rq_q[B*(N*g + j) +: B], N % B);
      end
    end
  end
  for (genvar s = 0; s < B; s++) begin : gen_slot
    for (genvar g = 0; g < G; g++) begin : gen_g   // 32-bit group g (bits 32g + 31 .. 32g), its own copies
      logic [31:0] wd;                // the group's write data: the selected lane, or zero
      always_comb begin
        wd = '0;
        for (int k = 0; k < N; k++) wd = wd | (sl_q[B*N*g + N*s + k] ? s_d_q[N*128-128-128*k + 32*g +: 32] : 32'd0);
      end
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni)              buf_q[128*s + 32*g +: 32] <= '0;
        else if (sw_q[B*g + s])   buf_q[128*s + 32*g +: 32] <= wd;   // (no wipe at clear_i: public data, see the header)
      end
    end
  end
  // the read multiplexers, AND-OR chains of one-hot selects
  for (genvar j = 0; j < N; j++) begin : gen_out
    for (genvar g = 0; g < G; g++) begin : gen_g
      logic [31:0] rd;
      always_comb begin
        rd = '0;
        for (int s = 0; s < B; s++) rd = rd | (rq_q[B*(N*g + j) + s] ? buf_q[128*s + 32*g +: 32] : 32'd0);
      end
      assign out_data_o[N*128-128-128*j + 32*g +: 32] = rd;
    end
  end
`ifdef FORMAL
  // fv_wr_q[s]: slot s was written since the last clear and since an output beat last read it (a check only)
  logic [B-1:0] fv_wr_q, fv_rd;
  always_comb begin
    fv_rd = '0;
    for (int j = 0; j < N; j++) fv_rd = fv_rd | rq_q[B*j +: B];
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)      fv_wr_q <= '0;
    else if (clear_i) fv_wr_q <= '0;
    else              fv_wr_q <= (fv_wr_q & ~(out_hs ? fv_rd : B'(0))) | sw_q[B-1:0];
  end
  // the pointers are one-hot, the lanes' read pointers N consecutive slots, and with no beat in the s register
  // the start of the next beat lies as many slots past the read pointer as the fill level counts blocks; an
  // output beat reads written slots only (so the slots need no wipe at clear_i, see the header)
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni) begin
      if (out_valid_o) assert ((fv_wr_q & fv_rd) == fv_rd);
      assert ($onehot(wa_q));
      for (int j = 0; j < N; j++) assert (rq_q[B*j +: B] == rot(rq_q[B-1:0], j));
      assert ($onehot(rq_q[B-1:0]));
      for (int g = 1; g < G; g++) begin   // the copies of every group equal group 0's
        assert (rq_q[B*N*g +: B*N] == rq_q[B*N-1:0]);
        assert (sw_q[B*g +: B] == sw_q[B-1:0]);
        assert (sl_q[B*N*g +: B*N] == sl_q[B*N-1:0]);
      end
      if (!s_v_q) begin
        for (int c = 0; c < B; c++) begin
          if (pos_q[c]) assert (wa_q == rot(rq_q[B-1:0], c));
        end
      end
      if (!s_v_q) assert (sw_q[B-1:0] == '0);
    end
  end
`endif

endmodule

`default_nettype wire
