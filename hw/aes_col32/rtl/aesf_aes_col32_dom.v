// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_aes_col32_dom: first-order masked AES-128/192/256 encryption, column-serial (one column of four
// S-boxes), two shares everywhere a secret lives: the captured key, the round-key word store, the state, the
// S-box pipelines (aesf_sbox_dom, domain-oriented masking, four register stages) and the output register.
// The shares are recombined only at out_data_o (a combinational XOR of the two output-register shares).
// Fresh randomness: aesf_prng_lfsr, 352 bits per clock (96 for the four S-boxes, 256 to split the key at
// its capture, 128 of them to split a block at its capture); the host reseeds it through prng_seed_*.
// The ports, handshakes and errors are those of aesf_aes_col32 (DECRYPT = 0) plus the reseed port; the cycle
// counts are below. Issue 24; README: hw/aes_col32/README.md, "Masking".
//
// Byte and bit order (as aesf_aes_col32)
//   FIPS-197 byte 0 is bits [127:120] of a block, key byte 0 key_i[255:248] (AES-128 uses [255:128], AES-192
//   [255:64]); state column c is [127-32c -: 32], row 0 in its top byte.
//   Worked example (FIPS-197 C.1): key_i = 256'h000102030405060708090a0b0c0d0e0f_<ignored>, key_len_i = 0,
//   in_data_i = 128'h00112233445566778899aabbccddeeff -> out_data_o = 128'h69c4e0d86a7b0430d8cdb78070b4c55a,
//   84 edges after the accepting edge, for any PRNG seed.
//
// Latency and throughput (Nr = 10/12/14, Nk = 4/6/8)
//   key load:  the handshake edge splits the key into two shares; then one schedule word per clock, except
//              that a word which needs SubWord waits for the S-box pipeline (5 clocks): key_ok_o rises
//              4(Nr+1) + 4 S edges after the handshake edge, S = the SubWord words (10 / 8 / 13): 84 / 84 / 112.
//   block:     the accepting edge splits the block (share 1 = 128 fresh bits); round 0 (AddRoundKey) takes 4
//              clocks, one column each; rounds 1..Nr take 8: four clocks feed the ShiftRows columns into the
//              S-boxes, four take their outputs (4 clocks later) through MixColumns and the round key back into
//              the state. out_valid_o rises exactly 4 + 8 Nr edges after the accepting edge (84/100/116); the
//              next block is accepted in the clock that completes round Nr when the output register is free
//              (or being read): back-to-back blocks take 4 + 8 Nr clocks each.
//   error:     a block without a usable key, or with in_decrypt_i = 1 (encrypt only), gives an out_error_o output
//              1 edge after the accepting edge (data zero).
//   clear_i:   wipes both shares of every register and the PRNG state (back to its reset value); the word store
//              is scrubbed one row per clock (64 clocks, busy_o high). The S-box pipelines hold masked values or
//              randomness only and are flushed with zeros within 4 clocks.
//   Cycle counts depend on the key length only, never on data, masks or the PRNG seed.

`default_nettype none

module aesf_aes_col32_dom #(
  parameter int PRNG_HOLD = 0  // 0..1: 1 = the PRNG never advances (masks constant): the leakage test's control only
) (
  input  logic         clk_i,
  input  logic         rst_ni,            // asynchronous, active low
  input  logic         key_valid_i,
  output logic         key_ready_o,       // low while a block runs or a key expansion / clear runs
  input  logic [255:0] key_i,
  input  logic [1:0]   key_len_i,         // 0: 128, 1: 192, 2: 256, 3: illegal -> key_error_o, key not loaded
  output logic         key_ok_o,
  output logic         key_error_o,       // sticky: the last key load had key_len_i = 3; cleared by a good load / clear_i
  input  logic         in_valid_i,
  output logic         in_ready_o,
  input  logic [127:0] in_data_i,
  input  logic         in_decrypt_i,      // 1 -> error marker (encryption only)
  output logic         out_valid_o,
  input  logic         out_ready_i,
  output logic [127:0] out_data_o,        // the two output shares XORed: the only place they meet
  output logic         out_error_o,
  input  logic         prng_seed_valid_i, // XOR prng_seed_i into the PRNG state (any clock)
  input  logic [63:0]  prng_seed_i,
  input  logic         clear_i,
  output logic         busy_o
);

  aesf_param_check #(
    .ILLEGAL(PRNG_HOLD < 0 || PRNG_HOLD > 1),
    .MSG    ("aesf_aes_col32_dom: PRNG_HOLD must be 0 or 1")
  ) u_param_check ();

  // Key-side FSM states
  localparam logic [1:0] StIdle   = 2'd0;  // word store stable (valid or not)
  localparam logic [1:0] StExpand = 2'd1;  // writing w[i], one word per clock (5 for a SubWord word)
  localparam logic [1:0] StClear  = 2'd2;  // scrubbing the word store, one row per clock

  // ---------------------------------------------------------------------------------------
  // Randomness
  // ---------------------------------------------------------------------------------------
  logic [351:0] rnd;   // [95:0] the S-boxes (24 bits each), [351:96] key split, [351:224] block split
  aesf_prng_lfsr #(
    .OUT_W (352),
    .HOLD  (PRNG_HOLD)
  ) u_prng (
    .clk_i,
    .rst_ni,
    .clear_i,
    .seed_valid_i (prng_seed_valid_i),
    .seed_i       (prng_seed_i),
    .rnd_o        (rnd)
  );

  // ---------------------------------------------------------------------------------------
  // Registers
  // ---------------------------------------------------------------------------------------
  logic [1:0]   kst_d, kst_q;
  logic [5:0]   widx_d, widx_q;        // expansion: word index i; clear: store row
  logic [5:0]   wsrc_d, wsrc_q;        // i - Nk (mod 64): the row of w[i - Nk]
  logic [2:0]   wmod_d, wmod_q;        // i mod Nk
  logic [2:0]   kph_d, kph_q;          // SubWord word: clocks since its S-box input was first presented, 0..4
  logic [7:0]   rcon_d, rcon_q;
  logic [3:0]   nk_d, nk_q;
  logic [3:0]   nr_d, nr_q;
  logic         held_d, held_q;        // the running block's round Nr is done (all in the state) and waits for
                                       // the output register
  logic [3:0]   rnd_d, rnd_q;          // round 0..Nr
  logic [2:0]   t_d, t_q;              // clock of the round: 0..3 feed column t, 4..7 write column t - 4

  logic [255:0] kreg0_q, kreg1_q;      // the key's shares, from the handshake to the end of the expansion
  logic [31:0]  wprev0_q, wprev1_q;    // w[i - 1]'s shares
  logic [127:0] st0_q, st1_q;          // state shares
  logic [127:0] out0_q, out1_q;        // output-register shares

  // ---------------------------------------------------------------------------------------
  // Word store: two banks (one per share) of 64 x 32 bits, w[i] in row i; one write port, one read port
  // ---------------------------------------------------------------------------------------
  logic        rk_we;
  logic [5:0]  rk_waddr, rk_raddr;
  logic [31:0] rk_wdata0, rk_wdata1, rk0, rk1;
  logic [31:0] mem0 [64];
  logic [31:0] mem1 [64];
  always_ff @(posedge clk_i) begin
    if (rk_we) begin
      mem0[rk_waddr] <= rk_wdata0;
      mem1[rk_waddr] <= rk_wdata1;
    end
  end
  assign rk0 = mem0[rk_raddr];
  assign rk1 = mem1[rk_raddr];

  // ---------------------------------------------------------------------------------------
  // Handshakes
  // ---------------------------------------------------------------------------------------
  // The block-interface control (aesf_blk_ctrl, shared with aesf_aes_iter / aesf_aes_col32): the handshakes,
  // key_ok / key_error, the running block's flags run / err, the output register's flags.
  logic idle, expand, out_free, last, key_hs, key_load, in_hs, out_hs, blk_err, run, err, out_load, out_wipe;
  logic feed, wb, rnd0, rndl, fin, key_done;
  logic        kw_rot, kw_key, kw_sub, kw_write;
  logic [5:0]  widx_last;   // 4 Nr + 3
  assign idle        = (kst_q == StIdle);
  assign expand      = (kst_q == StExpand);
  assign rnd0        = (rnd_q == 4'd0);
  assign rndl        = (rnd_q == nr_q);
  assign fin         = run & ~err & ~held_q & rndl & (t_q == 3'd7);   // round Nr writes column 3 now
  assign widx_last   = {nr_q, 2'b11};
  assign key_done    = kw_write & (widx_q == widx_last);                  // the last word is written now

  aesf_blk_ctrl #(
    .OVERLAP (1)
  ) u_blk_ctrl (
    .clk_i, .rst_ni, .clear_i,
    .key_valid_i, .key_ready_o, .key_len_i, .key_ok_o, .key_error_o,
    .in_valid_i, .in_ready_o, .in_bad_i(in_decrypt_i),
    .out_valid_o, .out_ready_i, .out_error_o, .busy_o,
    .idle_i(idle), .fin_i(fin | held_q), .key_done_i(key_done),
    .key_hs_o(key_hs), .key_load_o(key_load), .in_hs_o(in_hs), .in_err_o(blk_err), .out_hs_o(out_hs),
    .run_o(run), .err_o(err), .last_o(last), .out_free_o(out_free), .out_load_o(out_load),
    .out_wipe_o(out_wipe)
  );
  logic unused_ctrl;   // handshakes and the block's error flag: aesf_blk_ctrl's flags and strobes use them
  assign unused_ctrl = ^{key_hs, out_hs, blk_err};
  assign feed        = run & ~err & ~rnd0 & ~t_q[2];
  assign wb          = run & ~err & ~held_q & t_q[2];

  // ---------------------------------------------------------------------------------------
  // S-boxes: the ShiftRows column t of the state (rounds 1..Nr, t = 0..3) or SubWord's input (expansion)
  // ---------------------------------------------------------------------------------------
  logic [31:0] sr0 [4];
  logic [31:0] sr1 [4];
  for (genvar k = 0; k < 4; k++) begin : gen_sr
    // column k of ShiftRows(state): row r from column k + r (mod 4)
    assign sr0[k] = {st0_q[127 - 32*k -: 8], st0_q[119 - 32*((k + 1) % 4) -: 8],
                     st0_q[111 - 32*((k + 2) % 4) -: 8], st0_q[103 - 32*((k + 3) % 4) -: 8]};
    assign sr1[k] = {st1_q[127 - 32*k -: 8], st1_q[119 - 32*((k + 1) % 4) -: 8],
                     st1_q[111 - 32*((k + 2) % 4) -: 8], st1_q[103 - 32*((k + 3) % 4) -: 8]};
  end

  logic [31:0] kw_in0, kw_in1, sb_in0, sb_in1, sb_out0, sb_out1;
  assign kw_rot = (wmod_q == 3'd0);
  assign kw_key = (widx_q < 6'(nk_q));   // w[i] comes from the key
  assign kw_sub = ~kw_key & (kw_rot | (nk_q == 4'd8 && wmod_q == 3'd4));
  assign kw_in0 = kw_rot ? {wprev0_q[23:0], wprev0_q[31:24]} : wprev0_q;
  assign kw_in1 = kw_rot ? {wprev1_q[23:0], wprev1_q[31:24]} : wprev1_q;
  assign sb_in0 = expand ? kw_in0 : (feed ? sr0[t_q[1:0]] : 32'h0);
  assign sb_in1 = expand ? kw_in1 : (feed ? sr1[t_q[1:0]] : 32'h0);

  for (genvar b = 0; b < 4; b++) begin : gen_sbox
    aesf_sbox_dom u_sbox (
      .clk_i,
      .a0_i  (sb_in0[8*b +: 8]),
      .a1_i  (sb_in1[8*b +: 8]),
      .rnd_i (rnd[24*b +: 24]),
      .b0_o  (sb_out0[8*b +: 8]),
      .b1_o  (sb_out1[8*b +: 8])
    );
  end

  // ---------------------------------------------------------------------------------------
  // Round write-back: column t - 4 of round 0 (state ^ key), 1..Nr-1 (MixColumns(S) ^ key), Nr (S ^ key)
  // ---------------------------------------------------------------------------------------
  logic [31:0] mc0, mc1, col0, col1, wbv0, wbv1;
  aesf_mixcolumn u_mc0 (.data_i (sb_out0), .data_o (mc0));
  aesf_mixcolumn u_mc1 (.data_i (sb_out1), .data_o (mc1));
  always_comb begin
    col0 = st0_q[127 - 32*t_q[1:0] -: 32];
    col1 = st1_q[127 - 32*t_q[1:0] -: 32];
  end
  assign wbv0 = (rnd0 ? col0 : (rndl ? sb_out0 : mc0)) ^ rk0;
  assign wbv1 = (rnd0 ? col1 : (rndl ? sb_out1 : mc1)) ^ rk1;

  // ---------------------------------------------------------------------------------------
  // Key-schedule word w[i]: from the key (i < Nk), w[i-Nk] ^ w[i-1], or w[i-Nk] ^ SubWord(..) (^ Rcon)
  // ---------------------------------------------------------------------------------------
  logic [31:0] kw_new0, kw_new1, kw_k0, kw_k1;
  logic [7:0]  rcon_next;
  assign kw_k0     = kreg0_q[255 - 32*widx_q[2:0] -: 32];
  assign kw_k1     = kreg1_q[255 - 32*widx_q[2:0] -: 32];
  assign kw_new0   = kw_key ? kw_k0 : (rk0 ^ (kw_sub ? (sb_out0 ^ {(kw_rot ? rcon_q : 8'h00), 24'h0}) : wprev0_q));
  assign kw_new1   = kw_key ? kw_k1 : (rk1 ^ (kw_sub ? sb_out1 : wprev1_q));
  assign kw_write  = expand & (~kw_sub | (kph_q == 3'd4));
  aesf_xtime u_rcon_next (.data_i(rcon_q), .data_o(rcon_next));

  assign rk_raddr  = expand ? wsrc_q : {rnd_q, t_q[1:0]};
  assign rk_waddr  = widx_q;
  assign rk_we     = kw_write | (kst_q == StClear);
  assign rk_wdata0 = (kst_q == StClear) ? 32'h0 : kw_new0;
  assign rk_wdata1 = (kst_q == StClear) ? 32'h0 : kw_new1;

  // ---------------------------------------------------------------------------------------
  // Next state
  // ---------------------------------------------------------------------------------------
  always_comb begin
    kst_d       = kst_q;
    widx_d      = widx_q;
    wsrc_d      = wsrc_q;
    wmod_d      = wmod_q;
    kph_d       = kph_q;
    rcon_d      = rcon_q;
    nk_d        = nk_q;
    nr_d        = nr_q;
    held_d      = held_q;
    rnd_d       = rnd_q;
    t_d         = t_q;

    if (clear_i) begin
      kst_d       = StClear;
      widx_d      = '0;
      wsrc_d      = '0;
      wmod_d      = '0;
      kph_d       = '0;
      rcon_d      = '0;
      nk_d        = '0;
      nr_d        = '0;
      held_d      = 1'b0;
      rnd_d       = '0;
      t_d         = '0;
    end else begin
      // ---- rounds
      if (run) begin
        if (last) begin
          if (out_free) begin   // out_load: the block goes into the output register (aesf_blk_ctrl)
            held_d      = 1'b0;
            rnd_d       = '0;
            t_d         = '0;
          end else begin
            held_d      = ~err;   // column 3 goes into the state now
          end
        end else begin
          t_d = t_q + 3'd1;
          if (t_q == 3'd7) begin
            rnd_d = rnd_q + 4'd1;
          end
        end
      end

      // ---- block load: round 0 writes columns 0..3 in clocks t = 4..7
      if (in_hs) begin
        held_d = 1'b0;
        rnd_d = '0;
        t_d   = 3'd4;
      end

      // ---- key side
      case (kst_q)
        StIdle: begin
          if (key_load) begin   // a key of legal length (key_ok / key_error: aesf_blk_ctrl)
            kst_d  = StExpand;
            widx_d = '0;
            wmod_d = '0;
            kph_d  = '0;
            rcon_d = 8'h01;
            nk_d   = aesf_pkg::key_nk(key_len_i);
            nr_d   = aesf_pkg::key_nr(key_len_i);
            wsrc_d = 6'd0 - ((key_len_i == 2'd0) ? 6'd4 : ((key_len_i == 2'd1) ? 6'd6 : 6'd8));
          end
        end
        StExpand: begin
          if (kw_write) begin
            kph_d  = '0;
            widx_d = widx_q + 6'd1;
            wsrc_d = wsrc_q + 6'd1;
            wmod_d = ({1'b0, wmod_q} == 4'(nk_q - 4'd1)) ? 3'd0 : (wmod_q + 3'd1);
            if (kw_sub && kw_rot) begin
              rcon_d = rcon_next;
            end
            if (widx_q == widx_last) begin   // key_done: key_ok rises (aesf_blk_ctrl)
              kst_d  = StIdle;
              widx_d = '0;
              wsrc_d = '0;
              wmod_d = '0;
              rcon_d = '0;
            end
          end else begin
            kph_d = kph_q + 3'd1;
          end
        end
        StClear: begin
          if (widx_q == 6'd63) begin
            kst_d  = StIdle;
            widx_d = '0;
          end else begin
            widx_d = widx_q + 6'd1;
          end
        end
        default: begin
          kst_d  = StClear;
          widx_d = '0;
        end
      endcase
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      kst_q       <= StIdle;
      widx_q      <= '0;
      wsrc_q      <= '0;
      wmod_q      <= '0;
      kph_q       <= '0;
      rcon_q      <= '0;
      nk_q        <= '0;
      nr_q        <= '0;
      held_q      <= 1'b0;
      rnd_q       <= '0;
      t_q         <= '0;
    end else begin
      kst_q       <= kst_d;
      widx_q      <= widx_d;
      wsrc_q      <= wsrc_d;
      wmod_q      <= wmod_d;
      kph_q       <= kph_d;
      rcon_q      <= rcon_d;
      nk_q        <= nk_d;
      nr_q        <= nr_d;
      held_q      <= held_d;
      rnd_q       <= rnd_d;
      t_q         <= t_d;
    end
  end

  // ---------------------------------------------------------------------------------------
  // Share registers: no reset, a synchronous wipe with priority over the load
  // ---------------------------------------------------------------------------------------
  // out_load / out_wipe: aesf_blk_ctrl (the finished block; zero on a read, an error marker or clear_i)
  logic kreg_wipe;
  assign kreg_wipe = clear_i | key_done;

  always_ff @(posedge clk_i) begin
    if (kreg_wipe) begin
      kreg0_q <= '0;
      kreg1_q <= '0;
    end else if (key_load) begin
      kreg0_q <= key_i ^ rnd[351:96];
      kreg1_q <= rnd[351:96];
    end
  end

  always_ff @(posedge clk_i) begin
    if (kreg_wipe) begin
      wprev0_q <= '0;
      wprev1_q <= '0;
    end else if (kw_write) begin
      wprev0_q <= kw_new0;
      wprev1_q <= kw_new1;
    end
  end

  always_ff @(posedge clk_i) begin
    if (clear_i) begin
      st0_q <= '0;
      st1_q <= '0;
    end else if (in_hs) begin
      st0_q <= in_data_i ^ rnd[351:224];
      st1_q <= rnd[351:224];
    end else if (wb) begin
      st0_q[127 - 32*t_q[1:0] -: 32] <= wbv0;
      st1_q[127 - 32*t_q[1:0] -: 32] <= wbv1;
    end
  end

  always_ff @(posedge clk_i) begin
    if (out_wipe) begin
      out0_q <= '0;
      out1_q <= '0;
    end else if (out_load) begin
      out0_q <= held_q ? st0_q : {st0_q[127:32], wbv0};
      out1_q <= held_q ? st1_q : {st1_q[127:32], wbv1};
    end
  end

`ifdef FORMAL
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni) begin
      assert (kst_q == StIdle || kst_q == StExpand || kst_q == StClear);
      assert (!(run && !idle));           // no block runs during an expansion or a clear
      assert (kph_q <= 3'd4);
    end
  end
`endif

  // ---------------------------------------------------------------------------------------
  // Outputs
  // ---------------------------------------------------------------------------------------
  assign out_data_o = out0_q ^ out1_q;   // key_ok_o, key_error_o, out_valid_o, out_error_o, busy_o: aesf_blk_ctrl

endmodule

`default_nettype wire
