// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_pkg: the library's shared definitions, written once: the codes that cross module boundaries (key lengths,
// S-box implementations, GCM status codes) and the small functions that several modules need at elaboration or
// in their logic (key-length arithmetic, popcount, byte enables). No logic of its own.
//
// Use it by name (`aesf_pkg::KeyLenBad`, `aesf_pkg::key_nr(klen)`); a module that uses a code in many places
// gives it a local name from the package (`localparam logic [2:0] ErrNone = aesf_pkg::GcmErrNone;`), so its
// code reads as before and the value still exists once. The dialect (../../docs/toolchain.md and CONTRIBUTING.md):
// constants and Verilog-2005 functions only (no typedefs or enums used as aesf_pkg::type: they crash Icarus 11),
// referenced with the scope operator, no `import`. A package must be read before its users and no tool finds one
// through -y, so this file lives in hw/aes/, which sorts before every other hw/ folder (a name-ordered
// hw/*/rtl/*.v list declares it first), and every source list puts it first: aesforge.cores finds the
// `aesf_pkg::` references like instantiations, hw/common/common.core lists it first.
//
// Byte order: as everywhere in the library, byte 0 of a 128-bit block is its top byte ([127:120]); a 16-bit byte
// enable has byte 0 in bit 15.

`default_nettype none

// Lint waiver: each core uses some of the package's constants, never all, so a lint run of one core (FuseSoC's
// lint targets) would report the others as unused; the whole-library lint (make lint) sees them all used.
/* verilator lint_off UNUSEDPARAM */
package aesf_pkg;

  // -------------------------------------------------------------------------------------------------------------
  // Key lengths: the 2-bit key_len_i code of the block cores (aes_iter, aes_col32, gcm_seq) and KEY_BITS parameters
  // -------------------------------------------------------------------------------------------------------------
  localparam logic [1:0] KeyLen128 = 2'd0;
  localparam logic [1:0] KeyLen192 = 2'd1;
  localparam logic [1:0] KeyLen256 = 2'd2;
  localparam logic [1:0] KeyLenBad = 2'd3;   // refused: the key is not loaded, key_error_o / ERR_KEY

  // Nk (key words) and Nr (rounds) of a key_len code; KeyLenBad gives those of AES-256 (callers refuse it first)
  function automatic logic [3:0] key_nk(input logic [1:0] klen);
    key_nk = (klen == KeyLen128) ? 4'd4 : ((klen == KeyLen192) ? 4'd6 : 4'd8);
  endfunction
  function automatic logic [3:0] key_nr(input logic [1:0] klen);
    key_nr = (klen == KeyLen128) ? 4'd10 : ((klen == KeyLen192) ? 4'd12 : 4'd14);
  endfunction

  // KEY_BITS parameters: legal values, the key_len code and Nr (elaboration time)
  function automatic bit key_bits_ok(input int kb);
    key_bits_ok = (kb == 128) || (kb == 192) || (kb == 256);
  endfunction
  function automatic logic [1:0] key_bits_len(input int kb);
    key_bits_len = (kb == 128) ? KeyLen128 : ((kb == 192) ? KeyLen192 : KeyLen256);
  endfunction
  function automatic int key_bits_nr(input int kb);
    key_bits_nr = (kb == 128) ? 10 : ((kb == 192) ? 12 : 14);
  endfunction

  // -------------------------------------------------------------------------------------------------------------
  // S-box implementations: the SBOX_IMPL values every core that offers them gives the same meaning (values 3 and
  // 4 are core-specific pipelines around a block-ROM or circuit S-box; each core's parameter comment names them)
  // -------------------------------------------------------------------------------------------------------------
  localparam int SboxLut = 0;   // case ROM in LUTs (aesf_sbox_lut / aesf_inv_sbox_lut)
  localparam int SboxCf  = 1;   // composite field GF((2^4)^2) (aesf_sbox_cf), optional seam register
  localparam int SboxRom = 2;   // block ROM, two S-boxes per block RAM (aesf_sbox_rom), registered output

  // -------------------------------------------------------------------------------------------------------------
  // GCM status codes: aesf_gcm_seq (err_o) and aesf_gcm_lanes (tag_err_o); the bus front ends' ERR fields carry
  // them unchanged and add their own from GcmErrFraming on (hw/*/..._regs.json)
  // -------------------------------------------------------------------------------------------------------------
  localparam logic [2:0] GcmErrNone    = 3'd0;
  localparam logic [2:0] GcmErrNoKey   = 3'd1;   // message started without a usable key
  localparam logic [2:0] GcmErrLength  = 3'd2;   // an illegal length or tag length in the command
  localparam logic [2:0] GcmErrKeyLen  = 3'd3;   // key load with key_len_i = KeyLenBad
  localparam logic [2:0] GcmErrAborted = 3'd4;   // abort / zeroize while the message ran
  localparam logic [3:0] GcmErrFraming = 4'd5;   // gcm_lanes_axi: the s_axis frame does not match the lengths
  localparam logic [3:0] GcmErrBufLen  = 4'd6;   // gcm_lanes_axi: buffered decrypt text longer than the buffer

  // -------------------------------------------------------------------------------------------------------------
  // Functions
  // -------------------------------------------------------------------------------------------------------------
  // the number of ones in the low 8 bits of v (pipeline masks -> latencies, at elaboration)
  function automatic int popcount(input int v);
    popcount = 0;
    for (int i = 0; i < 8; i++) popcount += (v >> i) & 1;
  endfunction

  // byte enables of the first n bytes of a block, n = 0..16 (0: none); byte 0 in bit 15. Any n with n[4] = 1 means
  // all 16 (n[3:0] is then ignored: a caller clipping a longer count passes {count >= 16, count[3:0]} and needs no
  // selection in front, see aesf_gcm_seq). Each enable is one LUT of n: n[4] or a 4-bit compare (a 5-bit compare
  // becomes a carry chain in synth_ecp5: timing, issue 19)
  function automatic logic [15:0] first_bytes(input logic [4:0] n);
    for (int b = 0; b < 16; b++) first_bytes[15-b] = n[4] || (4'(b) < n[3:0]);
  endfunction
  // the same as a bit mask of the block: byte b's 8 bits are [127-8b -: 8]
  function automatic logic [127:0] first_bytes_mask(input logic [4:0] n);
    logic [15:0] en;
    en = first_bytes(n);
    for (int b = 0; b < 16; b++) first_bytes_mask[127-8*b -: 8] = {8{en[15-b]}};
  endfunction

endpackage
/* verilator lint_on UNUSEDPARAM */

`default_nettype wire
