// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_dam_sram: single-port synchronous memory with the DAM memory-port protocol (the "external memory"
// of the seed's Fig. 12): grants every request at once, read data one cycle after the grant.
//
// Byte order: lane l of a word = byte 8*word + l (little-endian lanes); be_i[l] enables lane l on writes.
// Latency: writes complete at the grant edge; read data (rvalid_o) in the cycle after the grant.
`default_nettype none
module aesf_dam_sram #(
  parameter int W  = 32, // word width: 32, 64 or 128
  parameter int AW = 8   // word-address bits, 4..20
) (
  input  logic          clk_i,
  input  logic          rst_ni,
  input  logic          req_i,
  output logic          gnt_o,
  input  logic          we_i,
  input  logic [AW-1:0] addr_i,
  input  logic [W/8-1:0] be_i,
  input  logic [W-1:0]  wdata_i,
  output logic          rvalid_o,
  output logic [W-1:0]  rdata_o
);
  aesf_param_check #(
    .ILLEGAL(!(W == 32 || W == 64 || W == 128) || AW < 4 || AW > 20),
    .MSG    ("aesf_dam_sram: W 32/64/128, AW 4..20")
  ) u_param_check ();

  logic [W-1:0] mem_q [2**AW];
  logic [W-1:0] rdata_q;
  logic         rvalid_q;

  assign gnt_o = 1'b1;
  always_ff @(posedge clk_i) begin
    if (req_i && we_i) begin
      for (int l = 0; l < W / 8; l++) begin
        if (be_i[l]) mem_q[addr_i][8*l +: 8] <= wdata_i[8*l +: 8];
      end
    end
    if (req_i && !we_i) rdata_q <= mem_q[addr_i];
  end
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) rvalid_q <= 1'b0;
    else         rvalid_q <= req_i && !we_i;
  end
  assign rvalid_o = rvalid_q;
  assign rdata_o  = rdata_q;
endmodule
`default_nettype wire
