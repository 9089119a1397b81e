// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_late_sel: y_o = (&sel_i) ? a_i : b_i, mapped on its own (keep_hierarchy) so that the select is the last
// logic level in front of the caller's registers. For a decision that arrives late (a handshake whose ready comes
// from a block placed elsewhere): the caller computes both next values from its own flip-flops (a_i: the
// decision taken, b_i: not taken) and the decision only picks one, one LUT4 per bit (S <= 2: a, b and two select
// terms). Flattened into the caller's logic, ABC treats every flip-flop output as arriving at the same time and
// may put the late decision at the first of several levels (timing, issue 19, twenty-ninth round: the packer's
// output handshake went through 5 LUTs to its fill level).
//
// Byte order: not interpreted (W opaque bits).
// Latency: 0 cycles (combinational).

`default_nettype none

(* keep_hierarchy *)
module aesf_late_sel #(
  parameter int W = 1,  // bits selected: >= 1
  parameter int S = 1   // select terms, ANDed: 1 or 2 (one LUT4 per bit)
) (
  input  logic [S-1:0] sel_i,
  input  logic [W-1:0] a_i,   // when every sel_i bit is set
  input  logic [W-1:0] b_i,   // otherwise
  output logic [W-1:0] y_o
);
  aesf_param_check #(
    .ILLEGAL(W < 1 || S < 1 || S > 2),
    .MSG    ("aesf_late_sel: W must be >= 1, S 1..2")
  ) u_param_check ();

  assign y_o = (&sel_i) ? a_i : b_i;
endmodule
`default_nettype wire
