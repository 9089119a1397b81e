// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_aes_pipe_stage: an optional pipeline register of the sub-pipelined AES (hw/aes_pipe).
//
//   EN = 1: data_o = data_i delayed by one enabled clock: the register loads at a rising edge
//           where en_i = 1 and holds otherwise (no reset: the valid bit travels in a separate,
//           reset flop chain). Free-running users (aes_pipe) tie en_i to 1'b1 and synthesis
//           drops the enable; stalling users (hw/dam aesf_dam_cipher) drive it.
//   EN = 0: data_o = data_i (a wire, en_i unused), so one RTL covers every register placement.
//
// Byte order: not interpreted (W opaque bits).
// Latency: EN enabled cycles.

`default_nettype none

module aesf_aes_pipe_stage #(
  parameter int W  = 128,  // width in bits, >= 1
  parameter int EN = 1     // 1: register, 0: wire
) (
  input  logic         clk_i,   // clock, rising edge
  input  logic         en_i,    // 1: load data_i at this edge, 0: hold (EN = 1 only)
  input  logic [W-1:0] data_i,  // stage input
  output logic [W-1:0] data_o   // stage output (registered when EN = 1)
);

  aesf_param_check #(
    .ILLEGAL(W < 1 || EN < 0 || EN > 1),
    .MSG    ("aesf_aes_pipe_stage: W must be >= 1 and EN 0 or 1")
  ) u_param_check ();

  if (EN == 1) begin : gen_reg
    logic [W-1:0] data_q;
    always_ff @(posedge clk_i) begin
      if (en_i) data_q <= data_i;
    end
    assign data_o = data_q;
  end else begin : gen_wire
    logic unused_clk;
    assign unused_clk = clk_i ^ en_i;
    assign data_o     = data_i;
  end

endmodule

`default_nettype wire
