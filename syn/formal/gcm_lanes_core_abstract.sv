// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// Formal abstraction of aesf_gcm_lanes for syn/formal/gcm_lanes_axi.sby: same module name, parameters and ports
// as hw/gcm_lanes/rtl/aesf_gcm_lanes.v, but every output is a free value each cycle, constrained only by the
// core's documented output contract: an offered text beat (out_valid_o && !out_ready_i) stays offered with the
// same data, count and last flag on the next cycle. Whatever the core computes, the AXI front end must then keep
// the AXI handshake rules (the properties are in aesf_gcm_lanes_axi.v under `ifdef FORMAL). Not library RTL.

`default_nettype none

module aesf_gcm_lanes #(
  parameter int N = 2, parameter int KEY_BITS = 128, parameter int SBOX_IMPL = 0, parameter int PIPE_MASK = 0,
  parameter int GH_ORDER = 4, parameter int GH_PIPE_MASK = 13, parameter int GH_IN_MASK = 0, parameter int GH_OUT_REG = 0,
  parameter int KS_LOG2 = 6, parameter int IV_IN_CMD = 0, parameter int CQ_LOG2 = 3, parameter int ROM_LANES = N,
  parameter int LUT_SBOX = 0, parameter int ROM_ROUNDS = 0
) (
  input  logic clk_i, input logic rst_ni,
  input  logic key_valid_i, output logic key_ready_o, input logic [255:0] key_i, output logic key_ok_o,
  input  logic cmd_valid_i, output logic cmd_ready_o, input logic cmd_decrypt_i, input logic [15:0] cmd_iv_len_i,
  input  logic [31:0] cmd_aad_len_i, input logic [35:0] cmd_txt_len_i, input logic [4:0] cmd_tag_len_i,
  input  logic [95:0] cmd_iv_i,
  input  logic in_valid_i, output logic in_ready_o, input logic [N*128-1:0] in_data_i,
  output logic out_valid_o, input logic out_ready_i, output logic [N*128-1:0] out_data_o,
  output logic [3:0] out_cnt_o, output logic out_last_o,
  output logic done_o, output logic [127:0] tag_o, output logic auth_fail_o, output logic [2:0] err_o,
  output logic busy_o, input logic abort_i, input logic clear_i
);
  (* anyseq *) logic f_key_ready, f_key_ok, f_cmd_ready, f_in_ready, f_out_valid, f_out_last, f_done, f_fail, f_busy;
  (* anyseq *) logic [N*128-1:0] f_out_data;
  (* anyseq *) logic [3:0] f_out_cnt;
  (* anyseq *) logic [127:0] f_tag;
  (* anyseq *) logic [2:0] f_err;
  assign key_ready_o = f_key_ready; assign key_ok_o = f_key_ok; assign cmd_ready_o = f_cmd_ready;
  assign in_ready_o = f_in_ready; assign out_valid_o = f_out_valid; assign out_data_o = f_out_data;
  assign out_cnt_o = f_out_cnt; assign out_last_o = f_out_last; assign done_o = f_done; assign tag_o = f_tag;
  assign auth_fail_o = f_fail; assign err_o = f_err; assign busy_o = f_busy;

  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
`ifndef MUTANT_NO_CONTRACT   // the `mutant` task drops the contract: the front end's m_axis property must fail
  always @(posedge clk_i) begin
    if (f_past_valid && $past(rst_ni) && rst_ni && !$past(clear_i) && $past(out_valid_o && !out_ready_i)) begin
      assume (out_valid_o);
      assume ($stable(out_data_o) && $stable(out_cnt_o) && $stable(out_last_o));
    end
  end
`endif
  // unused inputs of the abstraction
  logic unused;
  assign unused = ^{key_valid_i, key_i, cmd_valid_i, cmd_decrypt_i, cmd_iv_len_i, cmd_aad_len_i, cmd_txt_len_i,
                    cmd_tag_len_i, cmd_iv_i, in_valid_i, in_data_i, abort_i};
endmodule

`default_nettype wire
