// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_inc32: GCM inc32() (NIST SP 800-38D 6.2): increment the rightmost 32 bits of a
// 128-bit block modulo 2^32, leaving the leftmost 96 bits unchanged.
//
// Byte order: block byte 0 in [127:120]; the counter field is bytes 12..15 = data_i[31:0],
// big-endian (byte 12 in [31:24] is the most significant).
// Worked example: 128'h cafebabefacedbaddecaf888_ffffffff -> 128'h cafebabefacedbaddecaf888_00000000.
// Latency: 0 cycles (combinational).

`default_nettype none

module aesf_inc32 (
  input  logic [127:0] data_i,  // counter block J
  output logic [127:0] data_o   // inc32(J)
);

  assign data_o = {data_i[127:32], data_i[31:0] + 32'd1};

endmodule

`default_nettype wire
