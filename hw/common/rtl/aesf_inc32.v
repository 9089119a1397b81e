// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_inc32: GCM inc32() (NIST SP 800-38D 6.2): increment the rightmost 32 bits of a
// 128-bit block modulo 2^32, leaving the leftmost 96 bits unchanged. STEP > 1 applies inc32 STEP times
// (the counter block STEP blocks further, e.g. lane k of a multi-lane beat or the next beat of N blocks).
//
// Byte order: block byte 0 in [127:120]; the counter field is bytes 12..15 = data_i[31:0],
// big-endian (byte 12 in [31:24] is the most significant).
// Worked example (STEP 1): 128'h cafebabefacedbaddecaf888_ffffffff -> 128'h cafebabefacedbaddecaf888_00000000.
// Latency: 0 cycles (combinational).

`default_nettype none

module aesf_inc32 #(
  parameter int STEP = 1        // increments applied: 0..65535 (0: data_o = data_i)
) (
  input  logic [127:0] data_i,  // counter block J
  output logic [127:0] data_o   // inc32^STEP(J)
);
  aesf_param_check #(
    .ILLEGAL(STEP < 0 || STEP > 65535),
    .MSG    ("aesf_inc32: STEP 0..65535")
  ) u_param_check ();

  assign data_o = {data_i[127:32], data_i[31:0] + 32'(STEP)};

endmodule

`default_nettype wire
