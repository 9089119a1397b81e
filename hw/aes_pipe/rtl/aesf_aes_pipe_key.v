// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_aes_pipe_key: one round of the on-the-fly AES key schedule, pipelined with the data of
// aesf_aes_pipe_round (same PIPE_MASK, same cycle count), in the P-word form of seed 002:
//   P_s = W_s ^ Rcon,  P_p = W_p ^ P_{p-1} (p > s),  T = SubWord(RotWord(x)),  K'_p = P_p ^ T
// so the XOR chain runs in parallel with SubWord and each new word is one XOR after it.
//
// Round ROUND computes round key g = ROUND, i.e. words w[4g] .. w[4g+3] of FIPS-197 KeyExpansion,
// from a window of the previous NK words. The structure is fixed per round at elaboration:
//   AES-128 (NK 4): SubWord(RotWord(w[4g-1])) ^ Rcon at word 0 of every round key
//   AES-192 (NK 6): g mod 3 = 0: at word 0; g mod 3 = 1: at word 2 (its input w[4g+1] is computed
//                   in this round, two XORs before SubWord); g mod 3 = 2: no SubWord (XORs only)
//   AES-256 (NK 8): g = 1: key words 4..7 (nothing to compute); g even: SubWord(RotWord) ^ Rcon at
//                   word 0; g odd: SubWord (no RotWord, no Rcon) at word 0
//
// Window: win_i slot q (q = 0..NK-1, slot 0 in the most significant word) holds w[4g-NK+q]; for
// the first round the caller puts key words 4..NK-1 in slots 0..NK-5 (where w[4g+p], p < NK-4,
// is read from) and key words 0..3 in slots NK-4..NK-1. win_o is the window of round g+1:
// {w[4g+4-NK] .. w[4g+3]} (registered at the round end).
//
// Registers follow the data path: PIPE_MASK bit 0 (S-box seam) registers the P-words, the kept
// window words and the 4 x 12-bit SubWord seam (SBOX_IMPL 3: seam A, 4 x 22 bits; bit 3 likewise
// with seam B, 4 x 18 bits); the first of bits 1/2 registers the P-words and
// T = SubWord(..) separately (seed 002 Figure 7: K'_p = P_p ^ T is formed after it), the second one
// and the round end register the NK-word window. rk_o (the last 4 window words) has the timing
// aesf_aes_pipe_round expects: it belongs to the block in the round's last stage.
//
// Byte order: a word is 32 bits with its FIPS-197 byte 0 in [31:24]; rk_o = {w[4g], .., w[4g+3]}
// (round key byte 0 in [127:120]). Worked example (FIPS-197 A.1, AES-128, ROUND = 1):
// win_i = 128'h2b7e151628aed2a6abf7158809cf4f3c -> rk_o = 128'ha0fafe1788542cb123a339392a6c7605.
// Latency: 1 + popcount(PIPE_MASK) cycles (as aesf_aes_pipe_round).

`default_nettype none

module aesf_aes_pipe_key #(
  parameter int NK        = 4,  // key words: 4 (AES-128), 6 (AES-192) or 8 (AES-256)
  parameter int ROUND     = 1,  // round key index g: 1 .. Nr (10, 12, 14)
  parameter int SBOX_IMPL = 1,  // 0: LUT case ROM, 1: composite field, 2: block ROM (aesf_sbox_rom, holds T's
                                // register; needs PSub, no PMid), 3: Boyar-Peralta (aesf_sbox_bp)
  parameter int PIPE_MASK = 0   // 0..15 as aesf_aes_pipe_round; bit 0 needs SBOX_IMPL 1 or 3, bit 3 needs
                                // SBOX_IMPL 3, SBOX_IMPL 2 needs bit 1
) (
  input  logic            clk_i,  // clock, rising edge
  input  logic [32*NK-1:0] win_i, // window w[4g-NK] .. w[4g-1], slot 0 in the top word
  output logic [32*NK-1:0] win_o, // window of round g+1, registered at the round end
  output logic [127:0]     rk_o   // round key g of the block in the round's last stage
);

  localparam int NR    = NK + 6;
  localparam int PMid = PIPE_MASK % 2;
  localparam int PSub = (PIPE_MASK / 2) % 2;
  localparam int PMix = (PIPE_MASK / 4) % 2;
  localparam int PMid2 = (PIPE_MASK / 8) % 2;
  localparam int G     = ROUND;
  localparam int KW    = 32 * NK;
  // key words in this round key (w[4g+p] with 4g+p < NK)
  localparam int NKEY  = (NK - 4*G) > 4 ? 4 : ((NK - 4*G) < 0 ? 0 : (NK - 4*G));
  // word position of the SubWord word, 4 = none
  localparam int SubPos = (NK == 4) ? 0 :
                           (NK == 6) ? ((G % 3 == 0) ? 0 : ((G % 3 == 1) ? 2 : 4)) :
                           ((G == 1) ? 4 : 0);
  localparam int ROT    = (NK == 8) ? ((G % 2 == 0) ? 1 : 0) : 1;
  localparam int RconI = (SubPos == 4 || ROT == 0) ? 1 : (4*G + SubPos) / NK;  // 1..10
  localparam logic [79:0] RconTab = 80'h01020408102040801b36;
  localparam logic [7:0]  RCON     = (SubPos == 4 || ROT == 0) ? 8'h00 : RconTab[79 - 8*(RconI - 1) -: 8];

  aesf_param_check #(
    .ILLEGAL(!(NK == 4 || NK == 6 || NK == 8) || ROUND < 1 || ROUND > NR || SBOX_IMPL < 0 || SBOX_IMPL > 3 ||
             PIPE_MASK < 0 || PIPE_MASK > 15 || (SBOX_IMPL != 1 && SBOX_IMPL != 3 && PMid == 1) ||
             (SBOX_IMPL != 3 && PMid2 == 1) || (SBOX_IMPL == aesf_pkg::SboxRom && PSub == 0)),
    .MSG    ("aesf_aes_pipe_key: NK 4/6/8, ROUND 1..NK+6, SBOX_IMPL 0..3, PIPE_MASK 0..15 (bit 0 needs SBOX_IMPL 1 or 3, bit 3 needs SBOX_IMPL 3, SBOX_IMPL 2 needs bit 1)")
  ) u_param_check ();

  logic [31:0] slot [NK];
  for (genvar q = 0; q < NK; q++) begin : gen_slot
    assign slot[q] = win_i[KW - 1 - 32*q -: 32];
  end

  // Words that do not need T: final words before the SubWord position, P-words from it on. Each is
  // written as one XOR of window words (prefix form, no chain through this array):
  //   p <  SubPos: w[4g+p] = slot[NK-1] ^ slot[0] ^ .. ^ slot[p]
  //   p >= SubPos: P_p     = Rcon ^ slot[SubPos] ^ .. ^ slot[p]
  logic [31:0] pre [4];
  for (genvar p = 0; p < 4; p++) begin : gen_pre
    localparam int ST = (p >= SubPos) ? SubPos : 0;  // first slot of the prefix
    logic [31:0] base, acc;
    if (p >= SubPos) begin : gen_base_rcon
      assign base = {RCON, 24'h0};
    end else begin : gen_base_last
      assign base = slot[NK-1];
    end
    assign acc = base ^ ((ST <= 0 && 0 <= p) ? slot[0] : 32'h0) ^ ((ST <= 1 && 1 <= p) ? slot[1] : 32'h0)
                      ^ ((ST <= 2 && 2 <= p) ? slot[2] : 32'h0) ^ ((ST <= 3 && 3 <= p) ? slot[3] : 32'h0);
    if (p < NKEY) begin : gen_key
      assign pre[p] = slot[p];
      logic unused_acc;
      assign unused_acc = ^acc;
    end else begin : gen_calc
      assign pre[p] = acc;
    end
  end

  // Partial window {w[4g+4-NK] .. w[4g-1], pre[0..3]}: T is XORed into the words p >= SubPos.
  logic [KW-1:0] pw;
  for (genvar q = 0; q < NK; q++) begin : gen_pw
    if (q < NK - 4) begin : gen_keep
      assign pw[KW - 1 - 32*q -: 32] = slot[q + 4];
    end else begin : gen_new
      assign pw[KW - 1 - 32*q -: 32] = pre[q - (NK - 4)];
    end
  end

  // SubWord input (RotWord folded in).
  logic [31:0] sw_x, sw_in;
  if (SubPos == 2) begin : gen_x2
    assign sw_x = pre[1];
  end else begin : gen_x0
    assign sw_x = slot[NK-1];
  end
  assign sw_in = (ROT == 1) ? {sw_x[23:0], sw_x[31:24]} : sw_x;

  // SubWord, with the S-box's seam registers (PMid, PMid2) where the implementation has them.
  logic [31:0]   t;     // SubWord result (SBOX_IMPL 2: already registered, see t_a below)
  if (SubPos == 4) begin : gen_no_sub
    logic unused_sw;
    assign t         = 32'h0;
    assign unused_sw = ^{sw_in, t};
  end else if (SBOX_IMPL == 3) begin : gen_sw_bp
    // Boyar-Peralta SubWord with its seam registers
    aesf_aes_pipe_sbox_bp #(
      .N      (4),
      .SEAM_A (PMid),
      .SEAM_B (PMid2)
    ) u_subword_bp (
      .clk_i  (clk_i),
      .en_i   (1'b1),
      .data_i (sw_in),
      .data_o (t)
    );
  end else if (PMid == 1) begin : gen_sw_split
    // composite-field SubWord with its seam register (SBOX_IMPL 1)
    aesf_aes_pipe_sbox_cf #(
      .N       (4),
      .INVERSE (0),
      .SEAM    (1)
    ) u_subword_cf (
      .clk_i  (clk_i),
      .en_i   (1'b1),
      .data_i (sw_in),
      .data_o (t)
    );
  end else if (SBOX_IMPL == aesf_pkg::SboxRom) begin : gen_sw_rom
    // two block ROMs, two S-boxes each; their output register is T's register of u_reg_pt below
    for (genvar b = 0; b < 2; b++) begin : gen_rom
      aesf_sbox_rom #(
        .INVERSE (0)
      ) u_sbox_rom (
        .clk_i (clk_i),
        .en_i  (1'b1),
        .a_i   (sw_in[16*b + 8 +: 8]),
        .b_i   (sw_in[16*b +: 8]),
        .a_o   (t[16*b + 8 +: 8]),
        .b_o   (t[16*b +: 8])
      );
    end
  end else begin : gen_sw_whole
    aesf_subword #(
      .SBOX_IMPL (SBOX_IMPL)
    ) u_subword (
      .data_i (sw_in),
      .data_o (t)
    );
  end

  // The partial window travels beside SubWord through the same seam registers (wires where PMid / PMid2 are 0:
  // always with SBOX_IMPL 0 and 2, and PMid2 is set only with SBOX_IMPL 3).
  logic [KW-1:0] pw_m, pw_s;  // partial window after the seam A / seam B register
  aesf_aes_pipe_stage #(
    .W  (KW),
    .EN (PMid)
  ) u_reg_mid (
    .clk_i  (clk_i),
    .en_i   (1'b1),
    .data_i (pw),
    .data_o (pw_m)
  );
  aesf_aes_pipe_stage #(
    .W  (KW),
    .EN (PMid2)
  ) u_reg_mid2 (
    .clk_i  (clk_i),
    .en_i   (1'b1),
    .data_i (pw_m),
    .data_o (pw_s)
  );

  // Registers after the S-box: as in seed 002 Figure 7, the first of them (PSub or, without it, PMix)
  // holds the P-words and T separately, and K'_p = P_p ^ T is formed after it (the XOR, with T's fan-out
  // to up to 4 words, leaves the SubWord stage); a second one (PSub and PMix) holds the new window.
  localparam int RegPt = (PSub + PMix > 0) ? 1 : 0;  // register of {P-words, T}
  localparam int RegWin = (PSub + PMix > 1) ? 1 : 0;  // register of the new window

  logic [KW-1:0] pw_a;
  logic [31:0]   t_a;
  if (SBOX_IMPL == aesf_pkg::SboxRom && SubPos != 4) begin : gen_reg_p_rom
    // T comes registered out of the block ROMs (RegPt = 1 here: SBOX_IMPL 2 needs PSub)
    aesf_aes_pipe_stage #(
      .W  (KW),
      .EN (1)
    ) u_reg_pt (
      .clk_i  (clk_i),
      .en_i   (1'b1),
      .data_i (pw_s),
      .data_o (pw_a)
    );
    assign t_a = t;
  end else begin : gen_reg_pt
    aesf_aes_pipe_stage #(
      .W  (KW + 32),
      .EN (RegPt)
    ) u_reg_pt (
      .clk_i  (clk_i),
      .en_i   (1'b1),
      .data_i ({pw_s, t}),
      .data_o ({pw_a, t_a})
    );
  end

  // The new window: K'_p = P_p ^ T for p >= SubPos.
  logic [KW-1:0] nw;
  for (genvar q = 0; q < NK; q++) begin : gen_nw
    if (q >= NK - 4 && (q - (NK - 4)) >= SubPos) begin : gen_t
      assign nw[KW - 1 - 32*q -: 32] = pw_a[KW - 1 - 32*q -: 32] ^ t_a;
    end else begin : gen_plain
      assign nw[KW - 1 - 32*q -: 32] = pw_a[KW - 1 - 32*q -: 32];
    end
  end

  if (SubPos == 4) begin : gen_t_unused
    logic unused_t_a;  // no SubWord word in this round key: T (a constant 0) is never added
    assign unused_t_a = ^t_a;
  end

  logic [KW-1:0] nw_b;
  aesf_aes_pipe_stage #(
    .W  (KW),
    .EN (RegWin)
  ) u_reg_win (
    .clk_i  (clk_i),
    .en_i   (1'b1),
    .data_i (nw),
    .data_o (nw_b)
  );
  aesf_aes_pipe_stage #(
    .W  (KW),
    .EN (1)
  ) u_reg_round (
    .clk_i  (clk_i),
    .en_i   (1'b1),
    .data_i (nw_b),
    .data_o (win_o)
  );

  assign rk_o = nw_b[127:0];

endmodule

`default_nettype wire
