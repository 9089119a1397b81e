// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_aes_iter: iterative AES-128/192/256 block cipher core, one round per clock, with a
// precomputed round-key store (encrypt and, optionally, decrypt per block).
//
// Byte and bit order
//   A 128-bit block is 16 bytes; FIPS-197 byte 0 (in0, state s[0][0]) is bits [127:120],
//   byte 15 is bits [7:0]; inside a byte bit 7 is the MSB. So the NIST hex string read left to
//   right is the port value in hex. The state column c (bytes 4c..4c+3) is [127-32c -: 32].
//   The key port is 256 bits with key byte 0 in [255:248]: AES-128 uses [255:128], AES-192
//   [255:64], AES-256 all of it; unused low bits are ignored.
//   Worked example (FIPS-197 C.1, AES-128):
//     key_i     = 256'h000102030405060708090a0b0c0d0e0f_<128 bits ignored>, key_len_i = 0
//     in_data_i = 128'h00112233445566778899aabbccddeeff, in_decrypt_i = 0
//     out_data_o = 128'h69c4e0d86a7b0430d8cdb78070b4c55a (and back with in_decrypt_i = 1).
//
// Latency and throughput (Nr = 10/12/14)
//   key load:  the handshake edge writes round key 0; each of the next Nr edges writes one
//              128-bit round key (4 words, one SubWord): key_ok_o rises Nr edges after the key
//              handshake edge (10/12/14), key_ready_o/in_ready_o are low meanwhile.
//   block:     the accepting edge loads state = in_data ^ rk[first] (initial AddRoundKey);
//              rounds 1..Nr run in the next Nr cycles; the last round writes the output
//              register: out_valid_o rises exactly Nr edges after the accepting edge.
//              in_ready_o is high in the last-round cycle if the output register is free (or
//              being read), so back-to-back blocks take Nr cycles each, no bubble.
//   error:     a block accepted without a usable key (or a decrypt request with DECRYPT = 0)
//              produces an out_error_o output 1 edge after the accepting edge (data zero).
//   clear_i:   the edge that sees clear_i wipes all registers; then the round-key store is
//              scrubbed one row per cycle (15 cycles, busy_o high).
//
// Datapath (critical path = one round):
//   state_q -> (Inv)ShiftRows -> (Inv)SubBytes -> [enc: MixColumns -> ^rk]
//                                                 [dec: ^rk -> InvMixColumns] -> state_q/out_q
// ShiftRows is applied before SubBytes (they commute) so both directions share one S-box
// array (aesf_sbox INVERSE = 2) and the byte permutation is a mux in front of it.

`default_nettype none

module aesf_aes_iter #(
  parameter int DECRYPT   = 1, // 0..1: 1: encrypt+decrypt datapath, 0: encrypt-only (CTR/GCM users; smaller)
  parameter int SBOX_IMPL = 0  // 0..1: 0: LUT case ROM, 1: composite field
) (
  input  logic         clk_i,
  input  logic         rst_ni,
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
  input  logic         in_decrypt_i,  // 1: decrypt this block (per-block direction)
  // block out: handshake out_valid_o && out_ready_i; exactly one output per accepted input, in order
  output logic         out_valid_o,
  input  logic         out_ready_i,
  output logic [127:0] out_data_o,
  output logic         out_error_o,   // this output is an error marker, data is zero: block was accepted with no valid key, or in_decrypt_i=1 when DECRYPT=0
  // zeroize
  input  logic         clear_i,       // wipes round keys, state and output register (data lost); key_ok_o falls
  output logic         busy_o         // a block in the rounds, key expansion or clear in progress
);

  aesf_param_check #(
    .ILLEGAL(DECRYPT < 0 || DECRYPT > 1 || SBOX_IMPL < 0 || SBOX_IMPL > 1),
    .MSG    ("aesf_aes_iter: DECRYPT and SBOX_IMPL must be 0 or 1")
  ) u_param_check ();

  localparam int RK_ROWS = 15;  // round keys 0..14 (AES-256 uses all)

  // Key-side control FSM states
  localparam logic [1:0] StIdle   = 2'd0;  // key store stable (valid or not)
  localparam logic [1:0] StExpand = 2'd1;  // writing round keys 1..Nr, one per cycle
  localparam logic [1:0] StClear  = 2'd2;  // scrubbing round-key rows 0..14, one per cycle

  // ---------------------------------------------------------------------------------------
  // Registers
  // ---------------------------------------------------------------------------------------
  logic [1:0]   st_d, st_q;
  logic [3:0]   kcnt_d, kcnt_q;          // expansion: round key index g; clear: row
  logic [7:0]   rcon_d, rcon_q;
  logic [127:0] khi_d, khi_q;            // key words 4..7, needed by expansion step g = 1 only
  logic [1:0]   klen_d, klen_q;
  logic [3:0]   nr_d, nr_q;

  logic         dec_q;                   // ... and it is decrypted
  logic [3:0]   rnd_d, rnd_q;            // round computed in this cycle, 1..Nr
  logic [127:0] state_d, state_q;

  logic [127:0] out_data_q;

  // ---------------------------------------------------------------------------------------
  // Round-key store: 15 x 128 bits, one write port, two asynchronous read ports
  // (distributed RAM). Row r = FIPS-197 round key r, byte 0 in [127:120].
  // ---------------------------------------------------------------------------------------
  logic [127:0] rk_mem [RK_ROWS];
  logic         rk_we;
  logic [3:0]   rk_waddr;
  logic [127:0] rk_wdata;
  logic [3:0]   rk_raddr_a, rk_raddr_b;
  logic [127:0] rk_a, rk_b;

  always_ff @(posedge clk_i) begin
    if (rk_we) begin
      rk_mem[rk_waddr] <= rk_wdata;
    end
  end

  assign rk_a = rk_mem[rk_raddr_a];
  assign rk_b = rk_mem[rk_raddr_b];

  // ---------------------------------------------------------------------------------------
  // Handshakes
  // ---------------------------------------------------------------------------------------
  // The block-interface control (aesf_blk_ctrl, shared with aesf_aes_col32 / aesf_aes_col32_dom): the
  // handshakes, key_ok / key_error, the running block's flags run / err, the output register's flags.
  logic core_idle, key_hs, key_load, in_hs, out_hs, blk_err, in_dec, run, err, last, out_load, out_wipe;
  logic key_done, out_free;

  assign core_idle = (st_q == StIdle);
  assign key_done  = (st_q == StExpand) && (kcnt_q == nr_q);

  aesf_blk_ctrl #(
    .OVERLAP (1)
  ) u_blk_ctrl (
    .clk_i, .rst_ni, .clear_i,
    .key_valid_i, .key_ready_o, .key_len_i, .key_ok_o, .key_error_o,
    .in_valid_i, .in_ready_o, .in_bad_i(in_decrypt_i & (DECRYPT == 0)),
    .out_valid_o, .out_ready_i, .out_error_o, .busy_o,
    .idle_i(core_idle), .fin_i(rnd_q == nr_q), .key_done_i(key_done),
    .key_hs_o(key_hs), .key_load_o(key_load), .in_hs_o(in_hs), .in_err_o(blk_err), .out_hs_o(out_hs),
    .run_o(run), .err_o(err), .last_o(last), .out_free_o(out_free), .out_load_o(out_load), .out_wipe_o(out_wipe)
  );
  assign in_dec = (DECRYPT != 0) & in_decrypt_i;
  logic unused_ctrl;   // flags this engine does not read (the output register follows out_load / out_wipe)
  assign unused_ctrl = ^{key_hs, out_hs, err, out_free};

  // ---------------------------------------------------------------------------------------
  // Key expansion step (one SubWord)
  // ---------------------------------------------------------------------------------------
  logic [255:0] ks_prev;
  logic [127:0] ks_words;
  logic         ks_rcon_step;

  assign ks_prev = (kcnt_q == 4'd1) ? {khi_q, rk_a} : {rk_b, rk_a};

  logic [31:0] ks_sw_unused;
  aesf_key_step #(
    .SBOX_IMPL (SBOX_IMPL)
  ) u_key_step (
    .prev_i      (ks_prev),
    .key_len_i   (klen_q),
    .group_i     (kcnt_q),
    .rcon_i      (rcon_q),
    .words_o     (ks_words),
    .rcon_step_o (ks_rcon_step),
    .sw_in_o     (ks_sw_unused),
    .sw_i        (32'd0)
  );
  logic unused_ks_sw;           // the key step's own SubWord (EXT_SW 0): its input port is not used here
  assign unused_ks_sw = ^ks_sw_unused;

  // ---------------------------------------------------------------------------------------
  // Round datapath
  // ---------------------------------------------------------------------------------------
  logic [127:0] sr, sb_in, sb_out, mc, enc_res, dec_res, round_res;
  logic         final_rnd;

  assign final_rnd = (rnd_q == nr_q);

  // ShiftRows: out byte r+4c = in byte r+4((c+r) mod 4)
  for (genvar c = 0; c < 4; c++) begin : gen_sr_col
    for (genvar r = 0; r < 4; r++) begin : gen_sr_row
      assign sr[127 - 8*(r + 4*c) -: 8] = state_q[127 - 8*(r + 4*((c + r) % 4)) -: 8];
    end
  end

  if (DECRYPT != 0) begin : gen_dec
    logic [127:0] isr, ark, imc;
    // InvShiftRows: out byte r+4c = in byte r+4((c-r) mod 4)
    for (genvar c = 0; c < 4; c++) begin : gen_isr_col
      for (genvar r = 0; r < 4; r++) begin : gen_isr_row
        assign isr[127 - 8*(r + 4*c) -: 8] = state_q[127 - 8*(r + 4*((c - r + 4) % 4)) -: 8];
      end
    end
    assign sb_in = dec_q ? isr : sr;
    assign ark   = sb_out ^ rk_a;
    for (genvar c = 0; c < 4; c++) begin : gen_imc
      aesf_inv_mixcolumn u_inv_mixcolumn (
        .data_i (ark[127 - 32*c -: 32]),
        .data_o (imc[127 - 32*c -: 32])
      );
    end
    assign dec_res = final_rnd ? ark : imc;
  end else begin : gen_no_dec
    assign sb_in   = sr;
    assign dec_res = '0;
  end

  for (genvar i = 0; i < 16; i++) begin : gen_sbox
    aesf_sbox #(
      .IMPL    (SBOX_IMPL),
      .INVERSE ((DECRYPT != 0) ? 2 : 0)
    ) u_sbox (
      .inv_i  (dec_q),
      .data_i (sb_in[8*i +: 8]),
      .data_o (sb_out[8*i +: 8])
    );
  end

  for (genvar c = 0; c < 4; c++) begin : gen_mc
    aesf_mixcolumn u_mixcolumn (
      .data_i (sb_out[127 - 32*c -: 32]),
      .data_o (mc[127 - 32*c -: 32])
    );
  end

  assign enc_res   = (final_rnd ? sb_out : mc) ^ rk_a;
  assign round_res = dec_q ? dec_res : enc_res;

  // ---------------------------------------------------------------------------------------
  // Read addresses
  // ---------------------------------------------------------------------------------------
  always_comb begin
    if (st_q == StExpand) begin
      rk_raddr_a = kcnt_q - 4'd1;                                // w[4g-4 .. 4g-1]
      rk_raddr_b = (kcnt_q >= 4'd2) ? (kcnt_q - 4'd2) : 4'd0;    // w[4g-8 .. 4g-5]
    end else begin
      rk_raddr_a = dec_q ? (nr_q - rnd_q) : rnd_q;               // round key of this round
      rk_raddr_b = in_dec ? nr_q : 4'd0;                         // initial AddRoundKey key
    end
  end

  // ---------------------------------------------------------------------------------------
  // Next state
  // ---------------------------------------------------------------------------------------
  logic [127:0] key_hi, key_lo;  // key words 0..3; words 4..7 (unused ones zeroed)
  logic [7:0]   rcon_next;       // rcon_q * {02}

  assign key_hi    = key_i[255:128];
  assign key_lo    = {(key_len_i != 2'd0) ? key_i[127:64] : 64'h0,
                      (key_len_i == 2'd2) ? key_i[63:0]   : 64'h0};
  aesf_xtime u_rcon_next (.data_i(rcon_q), .data_o(rcon_next));

  always_comb begin
    // stay by default
    st_d        = st_q;
    kcnt_d      = kcnt_q;
    rcon_d      = rcon_q;
    khi_d       = khi_q;
    klen_d      = klen_q;
    nr_d        = nr_q;
    rnd_d       = rnd_q;
    state_d     = state_q;
    rk_we       = 1'b0;
    rk_waddr    = kcnt_q;
    rk_wdata    = '0;

    if (clear_i) begin
      // zeroize: everything now, the key store row by row in StClear
      st_d        = StClear;
      kcnt_d      = '0;
      rcon_d      = '0;
      khi_d       = '0;
      klen_d      = '0;
      nr_d        = '0;
      rnd_d       = '0;
      state_d     = '0;
    end else begin
      // ---- rounds (the last one goes into the output register: out_load, below)
      if (run && !last) begin
        state_d = round_res;
        rnd_d   = rnd_q + 4'd1;
      end

      // ---- block load (initial AddRoundKey)
      if (in_hs) begin
        rnd_d   = 4'd1;
        state_d = blk_err ? '0 : (in_data_i ^ rk_b);
      end

      // ---- key-side FSM
      case (st_q)
        StIdle: begin
          if (key_load) begin   // a key of legal length (key_ok / key_error: aesf_blk_ctrl)
            st_d     = StExpand;
            kcnt_d   = 4'd1;
            rcon_d   = 8'h01;
            klen_d   = key_len_i;
            nr_d     = aesf_pkg::key_nr(key_len_i);
            khi_d    = key_lo;
            rk_we    = 1'b1;
            rk_waddr = 4'd0;
            rk_wdata = key_hi;
          end
        end
        StExpand: begin
          rk_we    = 1'b1;
          rk_wdata = ks_words;
          khi_d    = '0;  // key words 4..7 were used by g = 1
          if (ks_rcon_step) begin
            rcon_d = rcon_next;
          end
          if (key_done) begin   // kcnt_q == nr_q: key_ok rises (aesf_blk_ctrl)
            st_d   = StIdle;
            kcnt_d = '0;
            rcon_d = '0;
          end else begin
            kcnt_d = kcnt_q + 4'd1;
          end
        end
        StClear: begin
          rk_we    = 1'b1;
          rk_wdata = '0;
          if (kcnt_q == 4'(RK_ROWS - 1)) begin
            st_d   = StIdle;
            kcnt_d = '0;
          end else begin
            kcnt_d = kcnt_q + 4'd1;
          end
        end
        default: begin
          st_d = StClear;
          kcnt_d = '0;
        end
      endcase
    end
  end

  // ---------------------------------------------------------------------------------------
  // Registers (asynchronous active-low reset)
  // ---------------------------------------------------------------------------------------
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      st_q        <= StIdle;
      kcnt_q      <= '0;
      rcon_q      <= '0;
      khi_q       <= '0;
      klen_q      <= '0;
      nr_q        <= '0;
      rnd_q       <= '0;
      state_q     <= '0;
    end else begin
      st_q        <= st_d;
      kcnt_q      <= kcnt_d;
      rcon_q      <= rcon_d;
      khi_q       <= khi_d;
      klen_q      <= klen_d;
      nr_q        <= nr_d;
      rnd_q       <= rnd_d;
      state_q     <= state_d;
    end
  end

  // Output register: the finished block (zero for an error marker); a read or clear_i wipes it
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      out_data_q <= '0;
    end else if (out_wipe) begin
      out_data_q <= '0;
    end else if (out_load) begin
      out_data_q <= round_res;
    end
  end

  // Direction of the block in the rounds (constant 0 without decryption).
  if (DECRYPT != 0) begin : gen_dec_reg
    logic dec_d;
    always_comb begin
      dec_d = dec_q;
      if (clear_i) begin
        dec_d = 1'b0;
      end else if (in_hs) begin
        dec_d = in_dec;
      end
    end
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        dec_q <= 1'b0;
      end else begin
        dec_q <= dec_d;
      end
    end
  end else begin : gen_no_dec_reg
    assign dec_q = 1'b0;
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
