// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_hold: a one-entry holding register with a valid bit, for a "next item" that waits beside a queue so that
// its consumer's load copies flip-flops (no queue read and no valid-flag multiplexer select on the load's data
// path; timing, issue 19). The caller decides when it is filled (typically: while empty, from the queue head or
// from a bypass) and when its item is taken.
//
//   load_i: valid_o <= 1, data_o <= data_i (takes precedence over take_i)
//   take_i: valid_o <= 0 (the data stays until the next load; read it only while valid_o)
//   clear_i: valid_o <= 0 and the data wiped (synchronous)
//
// Byte order: not interpreted (W opaque bits).
// Latency: an item loaded at edge t is at data_o after edge t.
`default_nettype none
module aesf_hold #(
  parameter int W = 32  // item width in bits, >= 1
) (
  input  logic         clk_i,
  input  logic         rst_ni,   // asynchronous, active low
  input  logic         clear_i,  // synchronous: drop and wipe the item
  input  logic         load_i,
  input  logic [W-1:0] data_i,
  input  logic         take_i,
  output logic         valid_o,
  output logic [W-1:0] data_o
);
  aesf_param_check #(
    .ILLEGAL(W < 1),
    .MSG    ("aesf_hold: W must be >= 1")
  ) u_param_check ();

  logic         v_q;
  logic [W-1:0] d_q;
  assign valid_o = v_q;
  assign data_o  = d_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      v_q <= 1'b0; d_q <= '0;
    end else if (clear_i) begin
      v_q <= 1'b0; d_q <= '0;
    end else if (load_i) begin
      v_q <= 1'b1; d_q <= data_i;
    end else if (take_i) begin
      v_q <= 1'b0;
    end
  end
endmodule
`default_nettype wire
