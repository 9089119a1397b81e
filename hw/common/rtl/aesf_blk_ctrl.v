// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_blk_ctrl: the block-interface control shared by the iterative AES engines (aesf_aes_iter, aesf_aes_col32,
// aesf_aes_col32_dom): the key / block / output handshakes, the key flags (key_ok, key_error), the running
// block's flags (run, err) and the output register's flags (out_valid, out_error) with its load / wipe strobes.
// The engine keeps its datapath, its round counters and its key-side FSM (expansion, store scrub); it tells this
// block when the key side is idle (idle_i), when the running block's last round completes (fin_i) and when the
// expansion writes its last round-key words (key_done_i).
//
// Rules (one copy for the three engines):
//   - no handshake completes in a clear_i cycle; a key offered together with a block wins (the block waits);
//   - a key is taken only while the key side is idle and no block runs: key_ok falls at the handshake edge,
//     key_error = the key length was illegal (aesf_pkg::KeyLenBad; no expansion then: key_load_o = 0);
//     key_ok rises at the edge that sees key_done_i;
//   - a block is taken while the key side is idle and no block runs or (OVERLAP = 1) the running one finishes in
//     this cycle into a free output register; a block taken without a usable key, or with in_bad_i (a
//     direction the engine does not have), runs as an error marker: it finishes in the next cycle with
//     out_error_o = 1 and a zero output register;
//   - last_o: the running block finishes in this cycle (an error marker at once, otherwise fin_i); it moves to the
//     output register when that is free (out_load_o); an output handshake or an error marker wipes the output
//     register (out_wipe_o, and clear_i), the engine's data register follows out_load_o / out_wipe_o;
//   - clear_i and reset zero every flag at the edge that samples them.
//
// Latency: none of its own (handshake outputs are combinational from the ports and the flags; the flags are
// registered at the handshake edge). Byte order: no data passes through this block.

`default_nettype none

module aesf_blk_ctrl #(
  parameter int OVERLAP = 1  // 0..1: 1 the next block may be taken in the cycle the running one finishes
) (
  input  logic       clk_i,
  input  logic       rst_ni,       // asynchronous active-low reset
  input  logic       clear_i,      // zeroize: every flag now, no handshake in this cycle
  // the engine's ports
  input  logic       key_valid_i,
  output logic       key_ready_o,
  input  logic [1:0] key_len_i,    // aesf_pkg key-length code; KeyLenBad -> key_error_o, no expansion
  output logic       key_ok_o,
  output logic       key_error_o,
  input  logic       in_valid_i,
  output logic       in_ready_o,
  input  logic       in_bad_i,     // the offered block asks for what the engine lacks (decrypt without DECRYPT)
  output logic       out_valid_o,
  input  logic       out_ready_i,
  output logic       out_error_o,
  output logic       busy_o,       // a block runs or the key side is not idle
  // the engine's side
  input  logic       idle_i,       // the key side is idle (no expansion, no store scrub)
  input  logic       fin_i,        // the running block's last round completes in this cycle (or is complete)
  input  logic       key_done_i,   // the expansion writes its last round-key words in this cycle
  output logic       key_hs_o,     // key handshake
  output logic       key_load_o,   // ... with a legal key length: start the expansion
  output logic       in_hs_o,      // block handshake
  output logic       in_err_o,     // the block taken now is an error marker
  output logic       out_hs_o,     // output handshake
  output logic       run_o,        // a block is in the rounds
  output logic       err_o,        // ... and it is an error marker
  output logic       last_o,       // ... and it finishes in this cycle
  output logic       out_free_o,   // the output register is empty or being read
  output logic       out_load_o,   // the finished block goes into the output register now
  output logic       out_wipe_o    // the output register's data is zeroed now (priority over out_load_o)
);

  aesf_param_check #(
    .ILLEGAL(OVERLAP < 0 || OVERLAP > 1),
    .MSG    ("aesf_blk_ctrl: OVERLAP must be 0 or 1")
  ) u_param_check ();

  logic key_ok_d, key_ok_q;
  logic key_err_d, key_err_q;
  logic run_d, run_q;
  logic err_d, err_q;
  logic out_valid_d, out_valid_q;
  logic out_err_d, out_err_q;

  logic key_len_bad, last, out_free, key_hs, in_hs, out_hs, out_load;

  assign key_len_bad = (key_len_i == aesf_pkg::KeyLenBad);
  assign last        = run_q & (err_q | fin_i);
  assign out_free    = ~out_valid_q | out_ready_i;
  assign key_ready_o = idle_i & ~run_q & ~clear_i;
  assign in_ready_o  = idle_i & ~clear_i & ~key_valid_i & (~run_q | ((OVERLAP != 0) & last & out_free));
  assign key_hs      = key_valid_i & key_ready_o;
  assign in_hs       = in_valid_i & in_ready_o;
  assign out_hs      = out_valid_q & out_ready_i;
  assign out_load    = last & out_free;

  always_comb begin
    key_ok_d    = key_ok_q;
    key_err_d   = key_err_q;
    run_d       = run_q;
    err_d       = err_q;
    out_valid_d = out_valid_q;
    out_err_d   = out_err_q;
    if (clear_i) begin
      key_ok_d    = 1'b0;
      key_err_d   = 1'b0;
      run_d       = 1'b0;
      err_d       = 1'b0;
      out_valid_d = 1'b0;
      out_err_d   = 1'b0;
    end else begin
      // a read empties the output register; the finished block fills it (the same edge may do both)
      if (out_hs) begin
        out_valid_d = 1'b0;
        out_err_d   = 1'b0;
      end
      if (out_load) begin
        out_valid_d = 1'b1;
        out_err_d   = err_q;
        run_d       = 1'b0;
        err_d       = 1'b0;
      end
      // the next block (may be taken at the edge the running one finishes)
      if (in_hs) begin
        run_d = 1'b1;
        err_d = in_err_o;
      end
      // the key side: a handshake (only while idle) or the expansion's last words (only while expanding)
      if (key_hs) begin
        key_ok_d  = 1'b0;
        key_err_d = key_len_bad;
      end else if (key_done_i) begin
        key_ok_d  = 1'b1;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      key_ok_q    <= 1'b0;
      key_err_q   <= 1'b0;
      run_q       <= 1'b0;
      err_q       <= 1'b0;
      out_valid_q <= 1'b0;
      out_err_q   <= 1'b0;
    end else begin
      key_ok_q    <= key_ok_d;
      key_err_q   <= key_err_d;
      run_q       <= run_d;
      err_q       <= err_d;
      out_valid_q <= out_valid_d;
      out_err_q   <= out_err_d;
    end
  end

  assign key_ok_o    = key_ok_q;
  assign key_error_o = key_err_q;
  assign out_valid_o = out_valid_q;
  assign out_error_o = out_err_q;
  assign busy_o      = run_q | ~idle_i;
  assign key_hs_o    = key_hs;
  assign key_load_o  = key_hs & ~key_len_bad;
  assign in_hs_o     = in_hs;
  assign in_err_o    = ~key_ok_q | in_bad_i;
  assign out_hs_o    = out_hs;
  assign run_o       = run_q;
  assign err_o       = err_q;
  assign last_o      = last;
  assign out_free_o  = out_free;
  assign out_load_o  = out_load;
  assign out_wipe_o  = clear_i | (out_hs & ~out_load) | (out_load & err_q);

`ifdef FORMAL
  // legal flag combinations: an output flagged as an error is valid; a block runs without error only with a
  // usable key; the expansion never ends in the cycle of a key handshake (the key side is busy then)
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni) begin
      assert (!(out_err_q && !out_valid_q));
      assert (!(err_q && !run_q));
      assert (!(run_q && !err_q && !key_ok_q));
      assert (!(key_hs && key_done_i));
    end
  end
`endif

endmodule

`default_nettype wire
