// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_pkg: definitions shared by the library's modules, once (issue 25): GF(2^8) xtime (the Rcon sequence, the
// ROM S-box generator), popcount of a register-placement mask (latencies), the AES round's placement rules
// (pipe_mask_ok: the elaboration checks of every module that takes PIPE_MASK with SBOX_IMPL). Referenced by scope (aesf_pkg::xtime),
// not imported: Yosys 0.70 reads `pkg::name` but not `import` (CONTRIBUTING.md, "Dialect"). The registry's source
// lists put this file in front of every module that names it (aesforge.cores.rtl_sources).
//
// Byte order: xtime's byte is a GF(2^8) element with x^7's coefficient in bit 7 (FIPS-197 4.2).
// Latency: functions only (combinational where used in logic; elaboration-time where used in parameters).
// MixColumns keeps its xtime as wires (aesf_mixcolumn.v, aesf_inv_mixcolumn.v): a function call in a continuous
// assignment is slow in Icarus, and those run every round of every simulated block.

`default_nettype none

package aesf_pkg;

  // GF(2^8) multiplication by x modulo x^8 + x^4 + x^3 + x + 1 (FIPS-197 4.2.1): Rcon[i+1] = xtime(Rcon[i]).
  // Worked example: xtime(8'h80) = 8'h1b, xtime(8'h57) = 8'hae.
  function automatic logic [7:0] xtime(input logic [7:0] b);
    xtime = {b[6:0], 1'b0} ^ (b[7] ? 8'h1b : 8'h00);
  endfunction

  // Set bits among the low 8 of a register-placement mask (PIPE_MASK / IN_MASK style parameters, 0..255):
  // the pipeline registers it places.
  function automatic int popcount(input int v);
    popcount = 0;
    for (int i = 0; i < 8; i++) popcount += (v >> i) & 1;
  endfunction

  // The AES round's register placement (aesf_aes_pipe_round's PIPE_MASK, 0..15) is legal with this S-box
  // (SBOX_IMPL: 0 LUT case ROM, 1 composite field, 2 block ROM, 3 Boyar-Peralta, 4 block ROM with its output
  // register): bit 0 (the S-box seam, A) needs 1 or 3, bit 3 (Boyar-Peralta seam B) needs 3, the block ROMs (2, 4)
  // need bit 1 (their read register is the register after SubBytes). The S-box range is each module's own check.
  function automatic bit pipe_mask_ok(input int sbox_impl, input int pipe_mask);
    pipe_mask_ok = pipe_mask >= 0 && pipe_mask <= 15 &&
                   !(pipe_mask % 2 == 1 && sbox_impl != 1 && sbox_impl != 3) &&
                   !((pipe_mask / 8) % 2 == 1 && sbox_impl != 3) &&
                   !((sbox_impl == 2 || sbox_impl == 4) && (pipe_mask / 2) % 2 == 0);
  endfunction

endpackage

`default_nettype wire
