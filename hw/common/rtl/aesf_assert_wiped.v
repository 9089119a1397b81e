// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_assert_wiped: the one check behind every "clear / zeroize wipes it at once" property (SEC_CM). A module
// instantiates it inside its own `ifdef FORMAL block with wiped_i = "every secret register of mine is zero":
// the cycle after an edge that saw trig_i (the module's clear_i, ZEROIZE commit ...) must show wiped_i. Not
// synthesized (FORMAL only): Verilator --assert -DFORMAL checks it in every simulation, sby where a proof fits.
//
// Byte order: none (1-bit ports). Latency: the check applies in the cycle after trig_i.
`default_nettype none
module aesf_assert_wiped (
  input  logic clk_i,
  input  logic rst_ni,    // asynchronous, active low
  input  logic trig_i,    // a wipe request seen at this edge
  input  logic wiped_i    // the registers the request wipes are all zero
);
`ifdef FORMAL
  logic trig_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) trig_q <= 1'b0;
    else         trig_q <= trig_i;
  end
  always_ff @(posedge clk_i) begin
    if (trig_q) assert (wiped_i);
  end
`else
  logic unused;
  assign unused = ^{clk_i, rst_ni, trig_i, wiped_i};
`endif
endmodule
`default_nettype wire
