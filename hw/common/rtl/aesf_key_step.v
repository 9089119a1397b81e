// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_key_step: one step of the FIPS-197 KeyExpansion() producing a whole round-key group
// (4 words, w[4g] .. w[4g+3]) per call, with ONE SubWord unit (4 forward S-boxes).
//
// For word index j = 4g + p (p = 0..3) and Nk = 4/6/8:
//   j <  Nk : w[j] = key word j, taken from prev_i word p (see below)
//   j >= Nk : w[j] = w[j-Nk] ^ temp,  temp = w[j-1], except
//             j mod Nk == 0           : temp = SubWord(RotWord(w[j-1])) ^ Rcon[j/Nk]
//             Nk == 8, j mod Nk == 4  : temp = SubWord(w[j-1])
// At most one word per group needs SubWord: position 0 for AES-128/256 (every group g >= 1),
// position 0 or 2 for AES-192 (g mod 3 == 0: p = 0, g mod 3 == 1: p = 2, g mod 3 == 2: none).
//
// prev_i holds the 8 words w[4g-8] .. w[4g-1] (w[4g-8] in [255:224], w[4g-1] in [31:0]).
// For the groups that still contain key words (g = 0, and g = 1 for AES-192/256) the caller
// puts the key words where they would be read: word p of prev_i for w[4g+p] (e.g. g = 0:
// prev_i = key, g = 1: prev_i[255:128] = key words 4..7, prev_i[127:0] = w[0..3]).
//
// Byte order: a word is 32 bits with its FIPS-197 byte 0 in [31:24]; words_o = {w[4g],
// w[4g+1], w[4g+2], w[4g+3]}, i.e. FIPS-197 round key g with byte 0 in [127:120].
// Worked example (FIPS-197 A.1, AES-128 key 2b7e1516..., g = 1): prev_i[127:0] =
// 128'h2b7e151628aed2a6abf7158809cf4f3c, rcon_i = 8'h01 -> words_o =
// 128'ha0fafe1788542cb123a339392a6c7605, rcon_step_o = 1.
// Latency: 0 cycles (combinational). Critical path (AES-192, p = 2): 2 word XORs, SubWord,
// 2 word XORs.
// EXT_SW = 1 (timing): the SubWord unit is the caller's: sw_in_o is its input (from prev_i, group_i, key_len_i
// only), sw_i its output, e.g. registered by the caller so that one step takes two cycles with prev_i, group_i
// and rcon_i held (SubWord, then the XOR chain). EXT_SW = 0: sw_i is ignored.

`default_nettype none

module aesf_key_step #(
  parameter int SBOX_IMPL = 0, // 0: LUT case ROM, 1: composite field
  parameter int EXT_SW    = 0  // 0: SubWord inside, 1: SubWord by the caller (sw_in_o -> sw_i)
) (
  input  logic [255:0] prev_i,      // w[4g-8] .. w[4g-1], w[4g-8] in [255:224]
  input  logic [1:0]   key_len_i,   // 0: AES-128, 1: AES-192, 2: AES-256 (3: treated as 256)
  input  logic [3:0]   group_i,     // g, 0 .. Nr
  input  logic [7:0]   rcon_i,      // Rcon byte for the next RotWord/SubWord word
  output logic [127:0] words_o,     // w[4g] .. w[4g+3], w[4g] in [127:96]
  output logic         rcon_step_o, // this group used rcon_i (caller advances it by xtime)
  output logic [31:0]  sw_in_o,     // the word that goes through SubWord in this group (EXT_SW = 1: the caller's)
  input  logic [31:0]  sw_i         // EXT_SW = 1: SubWord(sw_in_o) (without Rcon); ignored for EXT_SW = 0
);
  aesf_param_check #(
    .ILLEGAL(SBOX_IMPL < 0 || SBOX_IMPL > 1 || EXT_SW < 0 || EXT_SW > 1),
    .MSG    ("aesf_key_step: SBOX_IMPL 0..1, EXT_SW 0..1")
  ) u_param_check ();

  logic [31:0] prev0, prev1, prev2, prev3, prev7;  // w[4g-8+k]
  logic [5:0]  nk;
  logic [5:0]  j0;        // 4g
  logic [3:0]  is_key;    // w[4g+p] is a key word
  logic [127:0] old;      // {w[4g-Nk], .., w[4g+3-Nk]}
  logic        g_mod3_0, g_mod3_1;
  logic        sub_p0, sub_p2, rot;
  logic        g_odd;
  logic [31:0] out0_nosub, out1_nosub;
  logic [31:0] sw_in, sw_out, sw_res;
  logic [31:0] w0, w1, w2, w3;

  assign prev0 = prev_i[255:224];
  assign prev1 = prev_i[223:192];
  assign prev2 = prev_i[191:160];
  assign prev3 = prev_i[159:128];
  assign prev7 = prev_i[31:0];

  always_comb begin
    case (key_len_i)
      2'd0:    nk = 6'd4;
      2'd1:    nk = 6'd6;
      default: nk = 6'd8;
    endcase
  end

  assign j0    = {group_i, 2'b00};
  assign g_odd = group_i[0];

  for (genvar p = 0; p < 4; p++) begin : gen_is_key
    assign is_key[p] = ((j0 + 6'(p)) < nk);
  end

  // w[4g+p-Nk] is word p+8-Nk of prev_i
  assign old = (key_len_i == 2'd0) ? prev_i[127:0] :
               (key_len_i == 2'd1) ? prev_i[191:64] : prev_i[255:128];

  // group_i mod 3 for AES-192 (group_i <= 12)
  always_comb begin
    case (group_i)
      4'd0, 4'd3, 4'd6, 4'd9, 4'd12: begin g_mod3_0 = 1'b1; g_mod3_1 = 1'b0; end
      4'd1, 4'd4, 4'd7, 4'd10, 4'd13: begin g_mod3_0 = 1'b0; g_mod3_1 = 1'b1; end
      default:                        begin g_mod3_0 = 1'b0; g_mod3_1 = 1'b0; end
    endcase
  end

  // Where the SubWord word is, and whether it is a RotWord+Rcon word.
  always_comb begin
    sub_p0 = 1'b0;
    sub_p2 = 1'b0;
    rot    = 1'b0;
    if (group_i != 4'd0) begin
      case (key_len_i)
        2'd0: begin
          sub_p0 = 1'b1;
          rot    = 1'b1;
        end
        2'd1: begin
          sub_p0 = g_mod3_0;
          sub_p2 = g_mod3_1;
          rot    = g_mod3_0 | g_mod3_1;
        end
        default: begin
          // g = 1 holds key words 4..7 only
          sub_p0 = (group_i != 4'd1);
          rot    = (group_i != 4'd1) & ~g_odd;
        end
      endcase
    end
  end

  // Chain without SubWord: only feeds the SubWord input for p = 2 (no structural loop).
  assign out0_nosub = is_key[0] ? prev0 : (old[127:96] ^ prev7);
  assign out1_nosub = is_key[1] ? prev1 : (old[95:64] ^ out0_nosub);

  assign sw_in = sub_p2 ? (rot ? {out1_nosub[23:0], out1_nosub[31:24]} : out1_nosub)
                        : (rot ? {prev7[23:0], prev7[31:24]} : prev7);

  assign sw_in_o = sw_in;
  if (EXT_SW == 1) begin : gen_ext_sw
    assign sw_out = sw_i;
  end else begin : gen_sw
    aesf_subword #(
      .SBOX_IMPL (SBOX_IMPL)
    ) u_subword (
      .data_i (sw_in),
      .data_o (sw_out)
    );
    logic [31:0] unused_sw;
    assign unused_sw = sw_i;
  end

  assign sw_res = sw_out ^ (rot ? {rcon_i, 24'h0} : 32'h0);

  assign w0 = is_key[0] ? prev0 : (old[127:96] ^ (sub_p0 ? sw_res : prev7));
  assign w1 = is_key[1] ? prev1 : (old[95:64]  ^ w0);
  assign w2 = is_key[2] ? prev2 : (old[63:32]  ^ (sub_p2 ? sw_res : w1));
  assign w3 = is_key[3] ? prev3 : (old[31:0]   ^ w2);

  assign words_o     = {w0, w1, w2, w3};
  assign rcon_step_o = rot;

endmodule

`default_nettype wire
