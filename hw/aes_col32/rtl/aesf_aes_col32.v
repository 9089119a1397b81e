// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_aes_col32: compact AES-128/192/256 core with a column-serial datapath: COLS state columns
// (32 bits each) per clock, 4 x COLS S-boxes of which the first 4 also serve the key expansion,
// COLS MixColumns, and a round-key word store in distributed RAM with one read port. DECRYPT = 0:
// encryption only, the same ports and handshakes as aesf_aes_iter with DECRYPT = 0, a drop-in
// engine for CTR/GCM cores that want area rather than speed (aesf_gcm_seq AES_IMPL = 1: COLS = 1
// in the small configuration, COLS = 4 in the fast one). DECRYPT = 1: encryption and decryption,
// direction per block (in_decrypt_i), on the same S-boxes (forward/inverse, aesf_sbox INVERSE = 2)
// and MixColumns, from the same stored round keys: the ports, handshakes, cycle counts and errors
// of aesf_aes_iter with DECRYPT = 1, except the figures below.
// SBOX_IMPL = 2, 3 (COLS = 4): block-ROM S-boxes, 8 x aesf_sbox_rom (two lookups per RAM, both
// tables in it); their address registers hold the state (ShiftRows already applied). SBOX_IMPL 2
// takes one clock per round (the RAM's clock-to-output is in the round path); SBOX_IMPL 3 two: an
// S-box clock (RAM -> pre-map -> sbq_q) and a round clock (sbq_q -> MixColumns -> key -> RAM);
// SBOX_IMPL 4 three, with the RAM's own output register (aesf_sbox_rom OUT_REG 1): a RAM clock (address
// register -> output register; the round key into rkm_q), a MixColumns clock (output register ->
// (Inv)ShiftRows (+ key) -> MixColumns -> mq_q) and a key clock (mq_q -> key or pre-map -> RAM address).
//
// Byte and bit order (as aesf_aes_iter)
//   FIPS-197 byte 0 (in0, state s[0][0]) is bits [127:120], byte 15 is [7:0]; bit 7 of a byte is
//   its MSB, so the NIST hex string read left to right is the port value in hex. State column c
//   (bytes 4c..4c+3) is [127-32c -: 32], row 0 of a column in its top byte. Key byte 0 is
//   key_i[255:248]: AES-128 uses [255:128], AES-192 [255:64], AES-256 all of it.
//   Worked example (FIPS-197 C.1, AES-128):
//     key_i     = 256'h000102030405060708090a0b0c0d0e0f_<128 bits ignored>, key_len_i = 0
//     in_data_i = 128'h00112233445566778899aabbccddeeff
//     out_data_o = 128'h69c4e0d86a7b0430d8cdb78070b4c55a, 44 (COLS = 1) / 10 (COLS = 4) edges
//     after the accepting edge; with DECRYPT = 1 and in_decrypt_i = 1 the block 69c4..c55a gives
//     00112233445566778899aabbccddeeff after the same number of edges.
//
// Latency and throughput (Nr = 10/12/14, Nk = 4/6/8, P = 4 / COLS clocks per round)
//   key load:  the handshake edge captures the key; then two schedule words w[2j], w[2j+1] per
//              clock, j = 0 .. 2Nr+1, written to the word store: key_ok_o rises 2(Nr+1) edges after
//              the handshake edge (22/26/30) for every COLS. The captured key register is wiped at
//              the end.
//   block, COLS = 1, 2: the accepting edge loads the state; then P(Nr+1) cycles of COLS columns
//              each (round 0 = the initial AddRoundKey, rounds 1..Nr): out_valid_o rises exactly
//              P(Nr+1) edges after the accepting edge (COLS = 1: 44/52/60). in_ready_o is high in
//              the last cycle when the output register is free (or being read): back-to-back blocks
//              take P(Nr+1) cycles each, no bubble.
//   block, COLS = 4: the accepting cycle is round 0 (state = in_data_i ^ w[0..3]); rounds 1..Nr
//              follow, one per clock: out_valid_o rises exactly Nr edges after the accepting edge
//              (10/12/14). The single round-key read port serves round Nr in the last cycle, so the
//              next block is accepted one cycle later: back-to-back blocks take Nr + 1 cycles each.
//   SBOX_IMPL 3: one pair per two clocks: key_ok_o 4(Nr+1) edges after the handshake (44/52/60);
//              the accepting edge stores the block, the next clock is round 0, rounds 1..Nr take
//              two clocks each: out_valid_o 2Nr+1 edges after the accepting edge (21/25/29); the
//              next block is accepted in the last clock (output register free): 2Nr+1 per block.
//   SBOX_IMPL 4: one pair per three clocks, the first in the clock after the handshake: key_ok_o
//              6Nr+4 edges after the handshake (64/76/88); the accepting edge stores the block in mq_q, round
//              0 (its key read, then AddRoundKey) and rounds 1..Nr take three clocks each: out_valid_o
//              3(Nr+1) edges after the accepting edge (33/39/45); the next block is accepted in the last
//              clock (output register free): 3(Nr+1) per block.
//   decrypt:   (DECRYPT = 1) exactly the figures of an encryption, in both directions and at a
//              direction change (no bubble); the key is expanded once for both directions.
//   error:     a block accepted without a usable key, or with in_decrypt_i = 1 when DECRYPT = 0,
//              produces an out_error_o output 1 edge after the accepting edge (data zero).
//   clear_i:   the edge that sees clear_i wipes all registers; then the word store is scrubbed
//              one row per cycle (32 cycles for COLS = 1, 2; 16 for COLS = 4; busy_o high).
//              SBOX_IMPL 4: the RAM address registers are zero from the next edge (they load the wiped
//              mq_q / rkm_q), the RAM output registers the edge after (S(0)), both long before busy_o falls.
//
// Datapath (critical path, SBOX_IMPL 0/1: state_q -> S-box -> MixColumns -> mux -> XOR rk -> state_q/out_q;
// SBOX_IMPL 2: RAM clock-to-output -> pre-map -> MixColumns -> XOR rk -> ShiftRows mux -> RAM address;
// SBOX_IMPL 3: RAM clock-to-output -> pre-map -> sbq_q; SBOX_IMPL 4: none through a RAM's clock-to-output,
// the longest run from the word store's read address through the key expansion's XOR chain into its write
// data, or from mq_q through the key / pre-map into a RAM address)
//   The state register rotates left by COLS columns per clock, so ShiftRows of the k-th column
//   computed in a clock is the fixed wiring {row 0 of column k, row 1 of column k+1, row 2 of
//   column k+2, row 3 of column k+3} (mod 4); the new columns shift into nxt_q (32 (4 - COLS)
//   bits) and the last ones complete the next state. During key expansion the first 4 S-boxes
//   compute SubWord(RotWord(w[2j-1])) (or SubWord for AES-256 2j mod 8 = 4); w[2j-Nk] and
//   w[2j+1-Nk] are read back from the word store.
//   Word store: NB = max(2, COLS) banks of 32-bit words, bank b holding w[i] with i mod NB = b at
//   row i / NB, all banks on one read address (the words of one clock are in one row).
//   Decryption (DECRYPT = 1), the FIPS-197 InvCipher read straight off the stored words: round 0
//   adds w[4Nr..4Nr+3]; round r = 1..Nr takes InvShiftRows (rows 1 and 3 take the source columns of
//   rows 3 and 1 of ShiftRows: 2:1 byte multiplexers in front of the S-boxes), InvSubBytes (the
//   S-boxes with inv_i = 1), adds w[4(Nr-r)..], and for r < Nr InvMixColumns, computed as
//   MixColumns(pre(t)) by the same aesf_mixcolumn (pre: the {05}/{04} matrix, a few XORs).
//   The round-key row kr_q counts up when encrypting and down from Nr when decrypting.

`default_nettype none

module aesf_aes_col32 #(
  parameter int SBOX_IMPL = 0, // 0..4: 0: LUT case ROM, 1: composite field, 2: block ROM, one clock per round,
                               // 3: block ROM + S-box output register, two clocks per round, 4: block ROM with
                               // the RAM's own output register, three clocks per round (2..4: COLS = 4 only)
  parameter int COLS      = 1, // 1, 2 or 4: state columns per clock (4 x COLS S-boxes)
  parameter int DECRYPT   = 0  // 0..1: 0: encrypt only; 1: encrypt and decrypt, direction per block
) (
  input  logic         clk_i,
  input  logic         rst_ni,        // asynchronous, active low
  // key load: handshake key_valid_i && key_ready_o
  input  logic         key_valid_i,
  output logic         key_ready_o,   // low while a block is in the rounds or a key expansion / clear runs
  input  logic [255:0] key_i,         // FIPS-197 key byte 0 in [255:248]; AES-128 uses [255:128], AES-192 [255:64]
  input  logic [1:0]   key_len_i,     // 0: 128, 1: 192, 2: 256, 3: illegal -> key not loaded, key_error_o
  output logic         key_ok_o,      // round keys valid and usable
  output logic         key_error_o,   // sticky: last key load had an illegal key_len_i; cleared by a good load or clear_i
  // block in: handshake in_valid_i && in_ready_o
  input  logic         in_valid_i,
  output logic         in_ready_o,
  input  logic [127:0] in_data_i,     // block byte 0 in [127:120]
  input  logic         in_decrypt_i,  // 1: decrypt this block (DECRYPT = 1; with DECRYPT = 0, 1 -> error marker)
  // block out: handshake out_valid_o && out_ready_i; exactly one output per accepted input, in order
  output logic         out_valid_o,
  input  logic         out_ready_i,
  output logic [127:0] out_data_o,
  output logic         out_error_o,   // error marker, data zero: no valid key, or in_decrypt_i = 1 with DECRYPT = 0
  // zeroize
  input  logic         clear_i,       // wipes the word store, state and output register; key_ok_o falls
  output logic         busy_o         // a block in the rounds, key expansion or clear in progress
);

  aesf_param_check #(
    .ILLEGAL(SBOX_IMPL < 0 || SBOX_IMPL > 4 || (COLS != 1 && COLS != 2 && COLS != 4) || DECRYPT < 0 ||
             DECRYPT > 1 || (SBOX_IMPL >= 2 && COLS != 4)),
    .MSG    ("aesf_aes_col32: SBOX_IMPL must be 0..4 (2..4 only with COLS 4), COLS 1, 2 or 4, DECRYPT 0 or 1")
  ) u_param_check ();

  localparam int W       = 32 * COLS;               // datapath bits per clock
  localparam int NB      = (COLS == 4) ? 4 : 2;     // word-store banks (word i in bank i mod NB)
  localparam int ROWS    = 64 / NB;                 // rows per bank (AES-256 uses 60 words)
  localparam int RW      = (NB == 4) ? 4 : 5;       // row address bits
  localparam int LASTCOL = 4 / COLS - 1;            // column step of the last clock of a round
  localparam bit ROM     = (SBOX_IMPL >= 2);        // block-ROM S-boxes
  localparam bit TWO     = (SBOX_IMPL == 3);        // two clocks per round / key pair (ph_q = 0, 1)
  localparam bit THREE   = (SBOX_IMPL == 4);        // three clocks per round / key pair (ph3_q one-hot)
  localparam bit ACC0    = (COLS == 4) && !TWO && !THREE;  // round 0 is computed in the accepting cycle

  // Key-side control FSM states
  localparam logic [1:0] StIdle   = 2'd0;  // word store stable (valid or not)
  localparam logic [1:0] StExpand = 2'd1;  // writing w[2j], w[2j+1], one pair per cycle
  localparam logic [1:0] StClear  = 2'd2;  // scrubbing the word store, one row per cycle

  // ---------------------------------------------------------------------------------------
  // Registers
  // ---------------------------------------------------------------------------------------
  logic [1:0]   st_d, st_q;
  logic [4:0]   kidx_d, kidx_q;          // expansion: pair index j (words 2j, 2j+1); clear: store row
  logic [4:0]   ksrc_d, ksrc_q;          // j - Nk/2 (a register: no subtractor in front of the store's address)
  logic         kkey_d, kkey_q;          // 2j < Nk: the pair comes from the key (a register: no compare)
  logic [2:0]   kmod_d, kmod_q;          // 2j mod Nk (0, 2, 4, 6)
  logic [7:0]   rcon_d, rcon_q;
  logic [255:0] kreg_q;                  // key captured at the handshake; wiped after expansion
  logic [31:0]  kprev_q;                 // w[2j-1]
  logic [3:0]   nk_d, nk_q;              // 4/6/8
  logic [3:0]   nr_d, nr_q;              // 10/12/14

  logic         dec_d, dec_q;            // the running block is decrypted (DECRYPT = 1; 0 when no block runs)
  logic         ph_d, ph_q;              // SBOX_IMPL 3: 0 = the S-box clock, 1 = the round clock; else 0
  logic [2:0]   ph3_d, ph3_q;            // SBOX_IMPL 4, one-hot: [0] RAM clock, [1] MixColumns clock, [2] key clock
  logic         rz_d, rz_q;              // SBOX_IMPL 4: the running block is in round 0
  logic         rl_d, rl_q;              // SBOX_IMPL 4: ... in round Nr
  logic         dm_d, dm_q;              // SBOX_IMPL 4: ... in a decryption round 1..Nr-1
  logic [3:0]   kr_d, kr_q;              // round-key row of the next round: r (encrypt), Nr - r (decrypt)
  logic [3:0]   rnd_d, rnd_q;            // round computed in this cycle, 0..Nr (COLS = 4: 1..Nr; 0 idle)
  logic [1:0]   col_d, col_q;            // column step of the round computed in this cycle, 0..LASTCOL
  logic [127:0] state_q;                 // rotates COLS columns per cycle inside a round
  logic [127:0] mq_q;                    // SBOX_IMPL 4: the block (round 0), then (Inv)ShiftRows + S-box (+ key,
                                         // decrypting) + MixColumns of the round (not in round Nr)
  logic [127:0] rkm_q;                   // SBOX_IMPL 4: the round's key words, read in the RAM clock

  logic [127:0] out_data_q;

  // ---------------------------------------------------------------------------------------
  // Word store: NB banks of ROWS x 32 bits (FIPS-197 word w[i] in bank i mod NB, row i / NB),
  // one write port each (a pair of banks per expansion clock) and one asynchronous read port on a
  // shared row address (distributed RAM). rk_rdata = {bank 0, .., bank NB-1}.
  // ---------------------------------------------------------------------------------------
  logic [NB-1:0]    rk_we;
  logic [RW-1:0]    rk_waddr, rk_raddr;
  logic [31:0]      rk_wdata0, rk_wdata1;     // even / odd word of the pair being written
  logic [32*NB-1:0] rk_rdata;

  for (genvar b = 0; b < NB; b++) begin : gen_bank
    logic [31:0] mem [ROWS];
    always_ff @(posedge clk_i) begin
      if (rk_we[b]) begin
        mem[rk_waddr] <= (b % 2 == 0) ? rk_wdata0 : rk_wdata1;
      end
    end
    assign rk_rdata[32*(NB-1-b) +: 32] = mem[rk_raddr];
  end

  // ---------------------------------------------------------------------------------------
  // Handshakes
  // ---------------------------------------------------------------------------------------
  // The block-interface control (aesf_blk_ctrl, shared with aesf_aes_iter / aesf_aes_col32_dom): the
  // handshakes, key_ok / key_error, the running block's flags run / err, the output register's flags.
  logic out_free, last, core_idle, key_hs, key_load, in_hs, out_hs, blk_err, expand, adv, kadv, hold;
  logic run, err, out_load, out_wipe, key_done;
  logic [4:0] kidx_last;  // 2 Nr + 1

  // the clock that completes a round (adv) or produces a key pair (kadv)
  assign adv         = THREE ? ph3_q[2] : (~TWO | ph_q);
  assign kadv        = THREE ? ph3_q[1] : (~TWO | ph_q);
  assign hold        = last & ~out_free;   // round Nr done, output register full
  assign core_idle   = (st_q == StIdle);
  assign expand      = (st_q == StExpand);
  assign kidx_last   = {nr_q, 1'b1};
  assign key_done    = expand & kadv & (kidx_q == kidx_last);   // the last pair is written now

  // OVERLAP: COLS = 4 computes round 0 in the accepting cycle, which needs the read port, so the next block
  // cannot be taken in the cycle of round Nr.
  aesf_blk_ctrl #(
    .OVERLAP (ACC0 ? 0 : 1)
  ) u_blk_ctrl (
    .clk_i, .rst_ni, .clear_i,
    .key_valid_i, .key_ready_o, .key_len_i, .key_ok_o, .key_error_o,
    .in_valid_i, .in_ready_o, .in_bad_i(in_decrypt_i & (DECRYPT == 0)),
    .out_valid_o, .out_ready_i, .out_error_o, .busy_o,
    .idle_i(core_idle), .fin_i((rnd_q == nr_q) & (col_q == 2'(LASTCOL)) & adv), .key_done_i(key_done),
    .key_hs_o(key_hs), .key_load_o(key_load), .in_hs_o(in_hs), .in_err_o(blk_err), .out_hs_o(out_hs),
    .run_o(run), .err_o(err), .last_o(last), .out_free_o(out_free), .out_load_o(out_load),
    .out_wipe_o(out_wipe)
  );
  logic unused_ctrl;   // the output handshake: the output register follows out_load / out_wipe
  assign unused_ctrl = out_hs;

  // ---------------------------------------------------------------------------------------
  // Round datapath: COLS columns per clock. Column k of this clock takes the ShiftRows wiring of
  // state columns k..k+3; the first SubWord also serves the key expansion.
  // ---------------------------------------------------------------------------------------
  logic [W-1:0] col_sr, col_plain, sb_out, mc_in, mc, res, rk_cols;
  logic [W-1:0] sb_pre;     // S-box outputs in front of the decryption pre-map (SBOX_IMPL 3: the RAMs')
  logic [W-1:0] mix_in;     // MixColumns input (SBOX_IMPL 3: the S-box output register)
  logic         pre_en;     // apply the pre-map (a decryption round 1..Nr-1)
  logic [W-1:0] rk_res;     // round-key words added by res (SBOX_IMPL 3, rounds 1..Nr: a register)
  logic [W-1:0] pre_rk;     // round-key words added in front of the pre-map (SBOX_IMPL 4: none, added before MixColumns)
  logic [31:0]  kw_sb_in;   // key expansion SubWord input: RotWord(w[2j-1]) or w[2j-1]
  logic         kw_rot;     // word 2j takes RotWord+SubWord+Rcon (2j mod Nk = 0)
  logic         rnd0;       // this clock computes round 0 (AddRoundKey only)

  // ShiftRows (InvShiftRows when sr_inv) of sr_src as wiring: column k takes row r from column
  // k + r (k - r); rows 0 and 2 agree, rows 1 and 3 swap their source columns (k + 1 <-> k + 3).
  // SBOX_IMPL 0, 1: applied to state_q in front of the S-boxes (the first COLS columns);
  // SBOX_IMPL 2: applied to the next state res in front of the block-ROM address registers.
  localparam int NSR = (SBOX_IMPL == aesf_pkg::SboxRom) ? 4 : COLS;  // columns of sr_out that are used
  logic [127:0]      sr_src;
  logic [32*NSR-1:0] sr_out;
  logic              sr_inv;
  for (genvar k = 0; k < NSR; k++) begin : gen_sr
    assign sr_out[32*NSR-1-32*k -: 32] = {sr_src[127 - 32*k -: 8],
                                     sr_inv ? sr_src[119 - 32*((k + 3) % 4) -: 8]
                                            : sr_src[119 - 32*((k + 1) % 4) -: 8],
                                     sr_src[111 - 32*((k + 2) % 4) -: 8],
                                     sr_inv ? sr_src[103 - 32*((k + 1) % 4) -: 8]
                                            : sr_src[103 - 32*((k + 3) % 4) -: 8]};
  end
  assign col_sr = sr_out[32*NSR-1 -: W];

  for (genvar k = 0; k < COLS; k++) begin : gen_col
    // COLS = 4: round 0 is the accepting cycle and works on in_data_i directly
    // SBOX_IMPL 3: the accepting edge stores the block in the S-box output register (gen_sbq)
    if (!TWO) begin : gen_plain
      assign col_plain[W-1-32*k -: 32] = (COLS == 4) ? in_data_i[127 - 32*k -: 32] : state_q[127 - 32*k -: 32];
    end

    if (!ROM) begin : gen_sbox_logic
      logic [31:0] sb_in;
      if (k == 0) begin : gen_shared
        assign sb_in = expand ? kw_sb_in : col_sr[W-1 -: 32];
      end else begin : gen_data
        assign sb_in = col_sr[W-1-32*k -: 32];
      end
      if (DECRYPT == 0) begin : gen_fwd
        aesf_subword #(
          .SBOX_IMPL (SBOX_IMPL)
        ) u_subword (
          .data_i (sb_in),
          .data_o (sb_out[W-1-32*k -: 32])
        );
      end else begin : gen_both
        // One S-box per byte for both directions (IMPL 1: one GF inversion, affine maps selected);
        // dec_q is 0 during a key expansion (no block runs), so the shared SubWord is forward.
        for (genvar i = 0; i < 4; i++) begin : gen_sbox
          aesf_sbox #(
            .IMPL    (SBOX_IMPL),
            .INVERSE (2)
          ) u_sbox (
            .inv_i  (dec_q),
            .data_i (sb_in[8*i +: 8]),
            .data_o (sb_out[W-32-32*k+8*i +: 8])
          );
        end
      end
    end

    if (DECRYPT == 0) begin : gen_mc_fwd
      logic unused_pre;   // encrypt only: no pre-map
      assign unused_pre = pre_en;
      assign mc_in[W-1-32*k -: 32] = sb_pre[W-1-32*k -: 32];
    end else begin : gen_mc_both
      // Decryption rounds 1..Nr-1 end with InvMixColumns(InvSubBytes ^ w) = MixColumns(pre(t)),
      // t = InvSubBytes ^ w, pre = the {05}/{04} matrix (Daemen-Rijmen, The Design of Rijndael,
      // 4.1.3): pre(t) = (t0 ^ u, t1 ^ v, t2 ^ u, t3 ^ v), u = {04}(t0 ^ t2), v = {04}(t1 ^ t3),
      // so one MixColumns serves both directions.
      logic [31:0] t;
      logic [7:0]  u1, u, v1, v;
      assign t  = sb_pre[W-1-32*k -: 32] ^ pre_rk[W-1-32*k -: 32];
      assign u1 = t[31:24] ^ t[15:8];
      assign v1 = t[23:16] ^ t[7:0];
      assign u  = {u1[5:0], 2'b00} ^ (u1[7] ? 8'h36 : 8'h00) ^ (u1[6] ? 8'h1b : 8'h00);
      assign v  = {v1[5:0], 2'b00} ^ (v1[7] ? 8'h36 : 8'h00) ^ (v1[6] ? 8'h1b : 8'h00);
      assign mc_in[W-1-32*k -: 32] = pre_en ? {t[31:24] ^ u, t[23:16] ^ v, t[15:8] ^ u, t[7:0] ^ v}
                                            : sb_pre[W-1-32*k -: 32];
    end

    aesf_mixcolumn u_mixcolumn (
      .data_i (mix_in[W-1-32*k -: 32]),
      .data_o (mc[W-1-32*k -: 32])
    );
  end

  // Round-key words of this clock: w[4r + COLS*col + k], k = 0..COLS-1
  if (COLS == 1) begin : gen_rk1
    assign rk_cols = col_q[0] ? rk_rdata[31:0] : rk_rdata[63:32];
  end else begin : gen_rkn
    assign rk_cols = rk_rdata;
  end

  assign rnd0 = ACC0 ? ~run : (rnd_q == 4'd0);
  // SBOX_IMPL 3: the pre-map runs in the S-box clock and round Nr registers the plain S-box outputs;
  // SBOX_IMPL 4: it runs in the key clock on mq_q (InvMixColumns(x) = pre(MixColumns(x)): the matrices
  // commute), for decryption rounds 1..Nr-1
  assign pre_en = THREE ? dm_q : ((DECRYPT != 0) & dec_q & (~TWO | (rnd_q != nr_q)));
  assign pre_rk = THREE ? '0 : rk_cols;
  // Round 0: AddRoundKey only; rounds 1..Nr-1: full; round Nr: no MixColumns. A decryption round
  // 1..Nr-1 added its key before the (Inv)MixColumns.
  logic mid_dec;   // decryption round 1..Nr-1: no key after MixColumns
  assign mid_dec = (DECRYPT != 0) & dec_q & ~rnd0 & (rnd_q != nr_q);
  if (THREE) begin : gen_res3
    // SBOX_IMPL 4, the key clock: mq_q ^ key (round 0, encryption, round Nr) or pre(mq_q) (decryption
    // rounds 1..Nr-1, whose key went in before MixColumns); mc_in = pre_en ? pre(mq_q) : mq_q
    logic unused_res;   // the one-clock-per-round terms
    assign res        = mc_in ^ (dm_q ? '0 : rkm_q);
    assign unused_res = ^{rnd0, col_plain, mid_dec, rk_res};
  end else begin : gen_res
    assign res = (rnd0 ? col_plain : ((rnd_q == nr_q) ? sb_out : mc)) ^ (mid_dec ? '0 : rk_res);
  end

  // ---------------------------------------------------------------------------------------
  // Key-schedule words w[2j] and w[2j+1]: only an even word ever needs SubWord (2j mod Nk = 0,
  // or 4 for AES-256; Nk is even), so one SubWord per clock serves two words.
  // ---------------------------------------------------------------------------------------
  logic [63:0] kw_key, kw_old;
  logic [31:0] kw_t, kw_new0, kw_new1;
  logic        kw_from_key;
  logic [4:0]  kw_src;     // pair j - Nk/2 holding w[2j-Nk], w[2j+1-Nk]

  assign kw_rot      = (kmod_q == 3'd0);
  assign kw_sb_in    = kw_rot ? {kprev_q[23:0], kprev_q[31:24]} : kprev_q;
  assign kw_from_key = kkey_q;   // = ({kidx_q, 1'b0} < nk_q)
  assign kw_src      = ksrc_q;   // = kidx_q - Nk/2
  always_comb begin
    case (kidx_q[1:0])
      2'd0:    kw_key = kreg_q[255:192];
      2'd1:    kw_key = kreg_q[191:128];
      2'd2:    kw_key = kreg_q[127:64];
      default: kw_key = kreg_q[63:0];
    endcase
  end
  always_comb begin
    if (kw_rot) begin
      kw_t = sb_out[W-1 -: 32] ^ {rcon_q, 24'h0};
    end else if (nk_q == 4'd8 && kmod_q == 3'd4) begin
      kw_t = sb_out[W-1 -: 32];
    end else begin
      kw_t = kprev_q;
    end
  end
  if (NB == 4) begin : gen_old4
    assign kw_old = kw_src[0] ? rk_rdata[63:0] : rk_rdata[127:64];
  end else begin : gen_old2
    assign kw_old = rk_rdata;
  end
  assign kw_new0 = kw_from_key ? kw_key[63:32] : (kw_old[63:32] ^ kw_t);
  assign kw_new1 = kw_from_key ? kw_key[31:0]  : (kw_old[31:0]  ^ kw_new0);

  // Read row: expansion reads pair j - Nk/2; a round reads the row of its words (round-key index
  // krow: the round itself when encrypting, Nr - round when decrypting; COLS = 4 reads w[4 Nr ..]
  // for round 0 of a decryption in the accepting cycle).
  logic [RW-1:0] rd_exp, rd_rnd;
  logic [3:0]    krow;
  if (DECRYPT == 0) begin : gen_krow_enc
    assign krow = rnd_q;
  end else if (ACC0) begin : gen_krow_acc
    assign krow = (~run & in_decrypt_i) ? nr_q : kr_q;
  end else begin : gen_krow_dec
    assign krow = kr_q;
  end
  if (NB == 4) begin : gen_addr4
    assign rd_exp = kw_src[4:1];
    assign rd_rnd = krow;
  end else if (COLS == 2) begin : gen_addr2
    assign rd_exp = kw_src;
    assign rd_rnd = {krow, col_q[0]};
  end else begin : gen_addr1
    assign rd_exp = kw_src;
    assign rd_rnd = {krow, col_q[1]};
  end
  assign rk_raddr = expand ? rd_exp : rd_rnd;

  if (ROM) begin : gen_rom
    // Block-ROM S-boxes (COLS = 4): 8 x aesf_sbox_rom (two lookups each, both tables in one RAM).
    // The RAMs' address registers are the state register: each clock writes ShiftRows(next state)
    // (InvShiftRows when the next round decrypts) and the S-box outputs of that round appear after
    // the edge. Key expansion: the clock that writes w[2j-1] also writes (RotWord) w[2j-1] into the
    // first column's addresses, so SubWord is ready in the clock of w[2j]. clear_i writes zeros.
    // The registers hold (en = 0) while round Nr waits for the output register.
    // SBOX_IMPL 3: the S-box outputs (through the decryption pre-map) go into a register, sbq_q, in
    // the S-box clock (ph_q = 0); the round clock (ph_q = 1) computes MixColumns, the round key and
    // the next addresses from it. The addresses written at the end of an S-box clock, and the RAM
    // reads of a round clock, are not used.
    logic [31:0]  kw_addr;
    logic [127:0] addr;
    logic         rom_inv, rom_en, kw_rot_next;
    logic [127:0] sb_rom;    // the RAM outputs, state order
    assign kw_rot_next = (kmod_q == 3'(nk_q - 4'd2));   // word 2j + 2 takes RotWord
    if (THREE) begin : gen_addr3
      // SBOX_IMPL 4: the addresses take the state unpermuted (the mq_q load applies (Inv)ShiftRows to the
      // RAM outputs); the expansion writes (RotWord) w[2j-1] from kprev_q in the key clock after the pair
      // clock, so SubWord is in the output register in the next pair clock. The RAMs step on every
      // clock (only the key clock's addresses and the RAM clock's outputs are used); clear_i wipes mq_q
      // and rkm_q, so the addresses are zero from the edge after it.
      logic unused_kaddr;
      assign kw_addr      = kw_sb_in;
      assign sr_src       = sb_rom;
      assign sr_inv       = (DECRYPT != 0) & dec_q;
      assign addr         = {expand ? kw_addr : res[127:96], res[95:0]};
      assign rom_inv      = (DECRYPT != 0) & dec_q & ~expand;
      assign rom_en       = 1'b1;
      assign unused_kaddr = kw_rot_next;
    end else begin : gen_addr12
      assign kw_addr = kw_rot_next ? {kw_new1[23:0], kw_new1[31:24]} : kw_new1;
      assign sr_src  = res;
      assign sr_inv  = (DECRYPT != 0) & ((run | TWO) ? dec_q : in_decrypt_i);
      assign addr    = clear_i ? '0 : (expand ? {kw_addr, 96'h0} : 128'(sr_out));
      assign rom_inv = sr_inv & ~clear_i & ~expand;
      assign rom_en  = clear_i | ~hold;
    end
    for (genvar m = 0; m < 8; m++) begin : gen_rom_pair
      aesf_sbox_rom #(
        .INVERSE (2),
        .OUT_REG (THREE ? 1 : 0)
      ) u_sbox_rom (
        .clk_i (clk_i),
        .en_i  (rom_en),
        .a_i   ({rom_inv, addr[127-16*m -: 8]}),
        .b_i   ({rom_inv, addr[119-16*m -: 8]}),
        .a_o   (sb_rom[127-16*m -: 8]),
        .b_o   (sb_rom[119-16*m -: 8])
      );
    end
    if (!THREE) begin : gen_sb_pre
      assign sb_pre = sb_rom;
    end
    if (TWO) begin : gen_sbq
      // sbq_q: S-box outputs (decryption: pre-mapped), or the block at the accepting edge; rkq_q:
      // the round's key words, read from the store in the S-box clock (the row stays for both
      // clocks of a round), so the round clock of rounds 1..Nr has no LUT-RAM read. Round 0 is a
      // round clock of its own after the accepting edge (the read row kr_q is then a register, not a
      // function of in_decrypt_i), and the next block is accepted in the clock of round Nr.
      // No reset, wiped by clear_i.
      logic [127:0] sbq_q, rkq_q;
      always_ff @(posedge clk_i) begin
        if (clear_i) begin
          sbq_q <= '0;
          rkq_q <= '0;
        end else if (in_hs) begin
          sbq_q <= in_data_i;
          rkq_q <= rk_cols;
        end else if (!hold) begin
          sbq_q <= mc_in;
          rkq_q <= rk_cols;
        end
      end
      assign sb_out    = sbq_q;
      assign mix_in    = sbq_q;
      assign col_plain = sbq_q;                          // round 0: the block stored at the accepting edge
      assign rk_res    = (rnd_q == 4'd0) ? rk_cols : rkq_q;  // round 0 reads the store (row kr_q)
    end else if (THREE) begin : gen_mq
      // SBOX_IMPL 4. RAM clock (ph3_q[0]): the RAMs read the state into their output registers, the round's
      // key words go into rkm_q. MixColumns clock ([1]): (Inv)ShiftRows of the RAM outputs (+ the key,
      // decryption rounds 1..Nr-1) -> MixColumns (not in round Nr) -> mq_q; round 0 keeps the block
      // stored at the accepting edge. Key clock ([2]): res -> the RAM addresses (or the output register).
      // No reset, wiped by clear_i.
      always_ff @(posedge clk_i) begin
        if (clear_i) begin
          mq_q <= '0;
        end else if (in_hs) begin
          mq_q <= in_data_i;
        end else if (run && ph3_q[1] && !rz_q) begin
          mq_q <= rl_q ? col_sr : mc;
        end
      end
      always_ff @(posedge clk_i) begin
        if (clear_i) begin
          rkm_q <= '0;
        end else if (run && ph3_q[0]) begin
          rkm_q <= rk_cols;
        end
      end
      assign sb_out = sb_rom;
      assign sb_pre = mq_q;
      assign mix_in = col_sr ^ (dm_q ? rkm_q : '0);
      assign rk_res = rkm_q;
    end else begin : gen_sb1
      assign sb_out = sb_rom;
      assign mix_in = mc_in;
      assign rk_res = rk_cols;
    end
    logic unused_rom;   // the LUT S-boxes' inputs: not used with block ROMs
    assign unused_rom = ^{kw_sb_in, col_sr};
    if (!THREE) begin : gen_no_mq
      assign mq_q  = '0;
      assign rkm_q = '0;
    end
  end else begin : gen_no_rom
    logic unused_sr;   // COLS < 4 or DECRYPT = 0: not every source byte is used
    assign mq_q      = '0;
    assign rkm_q     = '0;
    assign sb_pre    = sb_out;
    assign mix_in    = mc_in;
    assign rk_res    = rk_cols;
    assign sr_src    = state_q;
    assign sr_inv    = (DECRYPT != 0) & dec_q;
    assign unused_sr = ^sr_src;
  end

  logic unused_cfg;   // signals of one SBOX_IMPL / DECRYPT configuration (SBOX_IMPL 4: only SubWord's column of sb_out)
  assign unused_cfg = ^{rz_q, rl_q, mq_q, rkm_q, pre_rk, sb_out};

  // ---------------------------------------------------------------------------------------
  // Next state
  // ---------------------------------------------------------------------------------------
  logic [7:0] rcon_next;  // rcon_q * {02}
  logic       rk_wr;      // write the pair (expansion) or a zero row (clear)

  aesf_xtime u_rcon_next (.data_i(rcon_q), .data_o(rcon_next));

  always_comb begin
    st_d        = st_q;
    kidx_d      = kidx_q;
    kmod_d      = kmod_q;
    rcon_d      = rcon_q;
    nk_d        = nk_q;
    nr_d        = nr_q;
    dec_d       = dec_q;
    kr_d        = kr_q;
    rnd_d       = rnd_q;
    col_d       = col_q;
    rk_wr       = 1'b0;
    rk_wdata0   = kw_new0;
    rk_wdata1   = kw_new1;

    if (clear_i) begin
      // zeroize: everything now, the word store row by row in StClear
      st_d        = StClear;
      kidx_d      = '0;
      kmod_d      = '0;
      rcon_d      = '0;
      nk_d        = '0;
      nr_d        = '0;
      dec_d       = 1'b0;
      kr_d        = '0;
      rnd_d       = '0;
      col_d       = '0;
    end else begin
      // ---- rounds, COLS columns per cycle
      if (run) begin
        if (last) begin
          if (out_free) begin   // out_load: the block goes into the output register (aesf_blk_ctrl)
            dec_d       = 1'b0;
            kr_d        = '0;
            rnd_d       = '0;
            col_d       = '0;
          end
        end else if (col_q == 2'(LASTCOL)) begin
          if (adv) begin
            col_d = '0;
            rnd_d = rnd_q + 4'd1;
            kr_d  = dec_q ? (kr_q - 4'd1) : (kr_q + 4'd1);
          end
        end else begin
          col_d = col_q + 2'd1;
        end
      end

      // ---- block load (round 0: COLS = 4 computes it now, otherwise in the next P cycles)
      if (in_hs) begin
        dec_d   = (DECRYPT != 0) & in_decrypt_i & ~blk_err;
        rnd_d   = ACC0 ? 4'd1 : 4'd0;
        col_d   = '0;
        if (DECRYPT != 0 && in_decrypt_i) begin
          kr_d = ACC0 ? (nr_q - 4'd1) : nr_q;
        end else begin
          kr_d = ACC0 ? 4'd1 : 4'd0;
        end
      end

      // ---- key-side FSM
      case (st_q)
        StIdle: begin
          if (key_load) begin   // a key of legal length (key_ok / key_error: aesf_blk_ctrl)
            st_d   = StExpand;
            kidx_d = '0;
            kmod_d = '0;
            rcon_d = 8'h01;
            nk_d   = aesf_pkg::key_nk(key_len_i);
            nr_d   = aesf_pkg::key_nr(key_len_i);
          end
        end
        StExpand: begin
          if (kadv) begin   // SBOX_IMPL 3 / 4: a pair every second / third clock (SubWord has two / three)
            rk_wr = 1'b1;
            if (!kw_from_key && kw_rot) begin
              rcon_d = rcon_next;
            end
            kmod_d = (kmod_q == 3'(nk_q - 4'd2)) ? 3'd0 : (kmod_q + 3'd2);
            if (kidx_q == kidx_last) begin   // key_done: key_ok rises (aesf_blk_ctrl)
              st_d   = StIdle;
              kidx_d = '0;
              kmod_d = '0;
              rcon_d = '0;
            end else begin
              kidx_d = kidx_q + 5'd1;
            end
          end
        end
        StClear: begin
          rk_wr     = 1'b1;
          rk_wdata0 = '0;
          rk_wdata1 = '0;
          if (kidx_q == 5'(ROWS - 1)) begin
            st_d   = StIdle;
            kidx_d = '0;
          end else begin
            kidx_d = kidx_q + 5'd1;
          end
        end
        default: begin
          st_d   = StClear;
          kidx_d = '0;
        end
      endcase
    end
  end

  // SBOX_IMPL 3: the phase toggles while a block or an expansion runs, and stays in the round
  // clock while round Nr waits for the output register; a block starts with its round-0 round clock
  // (1), an expansion with an S-box clock (0)
  assign ph_d = TWO & ~clear_i & (in_hs | (~key_hs & ((run & ~err) | expand) & (hold ? ph_q : ~ph_q)));
  // SBOX_IMPL 4: the one-hot phase rotates RAM -> MixColumns -> key clock while a block or an expansion
  // runs and stays in the key clock while round Nr waits for the output register; a block starts with
  // the RAM clock of round 0 (its key read), an expansion with a pair clock. rz / rl / dm: flags of the
  // next cycle's round, so no compare sits in front of the 128-bit selects.
  always_comb begin
    if (!THREE || clear_i || in_hs) begin
      ph3_d = 3'b001;
    end else if (key_hs) begin
      ph3_d = 3'b010;
    end else if ((run & ~err) | expand) begin
      ph3_d = hold ? ph3_q : {ph3_q[1:0], ph3_q[2]};
    end else begin
      ph3_d = 3'b001;
    end
  end
  assign rz_d = THREE & (rnd_d == 4'd0);
  assign rl_d = THREE & (rnd_d == nr_d);
  assign dm_d = THREE & (DECRYPT != 0) & dec_d & ~rz_d & ~rl_d;

  // kw_src and kw_from_key of the next cycle, from its kidx and nk
  assign ksrc_d = kidx_d - 5'(nk_d[3:1]);
  assign kkey_d = ({kidx_d, 1'b0} < 6'(nk_d));

  // Write port: the expansion writes pair j into row j (NB = 2) or into banks 2 j[0], 2 j[0] + 1 of
  // row j / 2 (NB = 4); the clear writes zero rows 0..ROWS-1 into every bank.
  if (NB == 4) begin : gen_we4
    logic clr;
    assign clr      = (st_q == StClear);
    assign rk_waddr = clr ? kidx_q[3:0] : kidx_q[4:1];
    assign rk_we    = {4{rk_wr}} & (clr ? 4'b1111 : (kidx_q[0] ? 4'b1100 : 4'b0011));  // bit b = bank b
  end else begin : gen_we2
    assign rk_waddr = kidx_q;
    assign rk_we    = {2{rk_wr}};
  end

  // ---------------------------------------------------------------------------------------
  // Registers (asynchronous active-low reset)
  // ---------------------------------------------------------------------------------------
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      st_q        <= StIdle;
      kidx_q      <= '0;
      ksrc_q      <= '0;
      kkey_q      <= 1'b0;
      kmod_q      <= '0;
      rcon_q      <= '0;
      nk_q        <= '0;
      nr_q        <= '0;
      dec_q       <= 1'b0;
      ph_q        <= 1'b0;
      ph3_q       <= 3'b001;
      rz_q        <= 1'b0;
      rl_q        <= 1'b0;
      dm_q        <= 1'b0;
      kr_q        <= '0;
      rnd_q       <= '0;
      col_q       <= '0;
    end else begin
      st_q        <= st_d;
      kidx_q      <= kidx_d;
      ksrc_q      <= ksrc_d;
      kkey_q      <= kkey_d;
      kmod_q      <= kmod_d;
      rcon_q      <= rcon_d;
      nk_q        <= nk_d;
      nr_q        <= nr_d;
      dec_q       <= dec_d;
      ph_q        <= ph_d;
      ph3_q       <= ph3_d;
      rz_q        <= rz_d;
      rl_q        <= rl_d;
      dm_q        <= dm_d;
      kr_q        <= kr_d;
      rnd_q       <= rnd_d;
      col_q       <= col_d;
    end
  end

  // ---------------------------------------------------------------------------------------
  // Datapath registers: no reset (nothing reads them before they are written), a synchronous
  // wipe with priority over the load, so they map to plain FDRE/CE/R flops (no LUT per bit).
  // ---------------------------------------------------------------------------------------
  logic         kreg_wipe, rnd_step;
  logic [127:0] blk_res;   // the finished state: {nxt_q, res}

  assign kreg_wipe = clear_i | key_done;   // the key then lives only in the store
  assign rnd_step  = run & ~last;
  // out_load / out_wipe (aesf_blk_ctrl): the finished block, or zero on a read, an error marker or clear_i

  always_ff @(posedge clk_i) begin
    if (kreg_wipe) begin
      kreg_q <= '0;
    end else if (key_load) begin
      kreg_q <= key_i;
    end
  end

  always_ff @(posedge clk_i) begin
    if (kreg_wipe) begin
      kprev_q <= '0;
    end else if (expand && kadv) begin
      kprev_q <= kw_new1;
    end
  end

  if (ROM) begin : gen_state_rom
    // the state lives in the block-ROM address registers (gen_rom), which step on every clock
    // except while round Nr waits for the output register
    logic unused_step;
    assign blk_res     = res;
    assign state_q     = '0;
    assign unused_step = ^{rnd_step, state_q};
  end else if (COLS == 4) begin : gen_state4
    // round 0 is computed in the accepting cycle; every round writes the whole state
    assign blk_res = res;
    always_ff @(posedge clk_i) begin
      if (clear_i) begin
        state_q <= '0;
      end else if (in_hs || rnd_step) begin
        state_q <= res;  // an error block only produces a zero marker
      end
    end
  end else begin : gen_state_rot
    logic [127-W:0] nxt_q;   // new columns of the round so far
    assign blk_res = {nxt_q, res};
    always_ff @(posedge clk_i) begin
      if (clear_i) begin
        state_q <= '0;
      end else if (in_hs) begin
        state_q <= in_data_i;  // an error block only produces a zero marker
      end else if (rnd_step) begin
        state_q <= (col_q == 2'(LASTCOL)) ? blk_res : {state_q[127-W:0], state_q[127 -: W]};
      end
    end
    logic [127-W:0] nxt_in;  // nxt_q shifted by one clock's columns
    if (COLS == 1) begin : gen_nxt_shift
      assign nxt_in = {nxt_q[63:0], res};
    end else begin : gen_nxt_one
      assign nxt_in = res;
    end
    always_ff @(posedge clk_i) begin
      if (clear_i) begin
        nxt_q <= '0;
      end else if (rnd_step && col_q != 2'(LASTCOL)) begin
        nxt_q <= nxt_in;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (out_wipe) begin
      out_data_q <= '0;
    end else if (out_load) begin
      out_data_q <= blk_res;
    end
  end

  // ---------------------------------------------------------------------------------------
  // Outputs
  // ---------------------------------------------------------------------------------------
  assign out_data_o = out_data_q;   // key_ok_o, key_error_o, out_valid_o, out_error_o, busy_o: aesf_blk_ctrl

`ifdef FORMAL
  // SEC_CM: the edge that sees clear_i wipes the state, the output register and the key flag
  aesf_assert_wiped u_assert_wiped (
    .clk_i, .rst_ni, .trig_i(clear_i),
    .wiped_i(state_q == '0 && out_data_q == '0 && !out_valid_o && !key_ok_o)
  );
`endif

endmodule

`default_nettype wire
