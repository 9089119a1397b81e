// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_aes_col32: compact AES-128/192/256 encryption core with a 32-bit (one column per clock)
// datapath: 4 S-boxes shared by the rounds and the key expansion, one MixColumns, and a
// 2 x 32 x 32-bit round-key word store in distributed RAM. Same ports and handshakes as
// aesf_aes_iter (DECRYPT = 0), so it is a drop-in engine for CTR/GCM cores that want area
// rather than speed (aesf_gcm_seq AES_IMPL = 1).
//
// Byte and bit order (as aesf_aes_iter)
//   FIPS-197 byte 0 (in0, state s[0][0]) is bits [127:120], byte 15 is [7:0]; bit 7 of a byte is
//   its MSB, so the NIST hex string read left to right is the port value in hex. State column c
//   (bytes 4c..4c+3) is [127-32c -: 32], row 0 of a column in its top byte. Key byte 0 is
//   key_i[255:248]: AES-128 uses [255:128], AES-192 [255:64], AES-256 all of it.
//   Worked example (FIPS-197 C.1, AES-128):
//     key_i     = 256'h000102030405060708090a0b0c0d0e0f_<128 bits ignored>, key_len_i = 0
//     in_data_i = 128'h00112233445566778899aabbccddeeff
//     out_data_o = 128'h69c4e0d86a7b0430d8cdb78070b4c55a, 44 edges after the accepting edge.
//
// Latency and throughput (Nr = 10/12/14, Nk = 4/6/8)
//   key load:  the handshake edge captures the key; then two schedule words w[2j], w[2j+1] per
//              clock, j = 0 .. 2Nr+1, written to the word store: key_ok_o rises 2(Nr+1) edges after
//              the handshake edge (22/26/30). The captured key register is wiped at the end.
//   block:     the accepting edge loads the state; then 4(Nr+1) cycles of one column each
//              (round 0 = the initial AddRoundKey, rounds 1..Nr): out_valid_o rises exactly
//              4(Nr+1) edges after the accepting edge (44/52/60). in_ready_o is high in the last
//              cycle when the output register is free (or being read): back-to-back blocks take
//              4(Nr+1) cycles each, no bubble.
//   error:     a block accepted without a usable key, or with in_decrypt_i = 1 (encrypt-only
//              core), produces an out_error_o output 1 edge after the accepting edge (data zero).
//   clear_i:   the edge that sees clear_i wipes all registers; then the word store is scrubbed
//              one word pair per cycle (32 cycles, busy_o high).
//
// Datapath (critical path: state_q -> S-box -> MixColumns -> mux -> XOR rk -> nxt_q/out_q)
//   The state register rotates left by one column per clock, so ShiftRows of column c is the
//   fixed wiring {row 0 of column 0, row 1 of column 1, row 2 of column 2, row 3 of column 3};
//   the new columns shift into nxt_q (96 bits) and the fourth one completes the next state.
//   During key expansion the 4 S-boxes compute SubWord(RotWord(w[2j-1])) (or SubWord for
//   AES-256 2j mod 8 = 4); w[2j-Nk] and w[2j+1-Nk] are read back from the word store.

`default_nettype none

module aesf_aes_col32 #(
  parameter int SBOX_IMPL = 0  // 0..1: 0: LUT case ROM, 1: composite field
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
  input  logic         in_decrypt_i,  // must be 0: this core only encrypts (1 -> error marker output)
  // block out: handshake out_valid_o && out_ready_i; exactly one output per accepted input, in order
  output logic         out_valid_o,
  input  logic         out_ready_i,
  output logic [127:0] out_data_o,
  output logic         out_error_o,   // error marker, data zero: no valid key, or in_decrypt_i = 1
  // zeroize
  input  logic         clear_i,       // wipes the word store, state and output register; key_ok_o falls
  output logic         busy_o         // a block in the rounds, key expansion or clear in progress
);

  if (SBOX_IMPL < 0 || SBOX_IMPL > 1) begin : gen_param_err
`ifdef __ICARUS__
    aesf_illegal_parameter_value u_illegal_parameter_value ();
`else
    $error("aesf_aes_col32: SBOX_IMPL must be 0 or 1");
`endif
  end

  localparam int RK_PAIRS = 32;  // word pairs (w[2j], w[2j+1]), j = 0..2Nr+1 (30 used by AES-256)

  // Key-side control FSM states
  localparam logic [1:0] ST_IDLE   = 2'd0;  // word store stable (valid or not)
  localparam logic [1:0] ST_EXPAND = 2'd1;  // writing w[i], one word per cycle
  localparam logic [1:0] ST_CLEAR  = 2'd2;  // scrubbing the word store, one word per cycle

  // ---------------------------------------------------------------------------------------
  // Registers
  // ---------------------------------------------------------------------------------------
  logic [1:0]   st_d, st_q;
  logic [4:0]   kidx_d, kidx_q;          // expansion: pair index j (words 2j, 2j+1); clear: store address
  logic [2:0]   kmod_d, kmod_q;          // 2j mod Nk (0, 2, 4, 6)
  logic [7:0]   rcon_d, rcon_q;
  logic [255:0] kreg_q;                  // key captured at the handshake; wiped after expansion
  logic [31:0]  kprev_q;                 // w[2j-1]
  logic [3:0]   nk_d, nk_q;              // 4/6/8
  logic [3:0]   nr_d, nr_q;              // 10/12/14
  logic         key_ok_d, key_ok_q;
  logic         key_err_d, key_err_q;

  logic         run_d, run_q;            // a block is in the rounds
  logic         err_d, err_q;            // ... and it is an error marker
  logic [3:0]   rnd_d, rnd_q;            // round of the column computed in this cycle, 0..Nr
  logic [1:0]   col_d, col_q;            // column computed in this cycle, 0..3
  logic [127:0] state_q;                 // rotates one column per cycle inside a round
  logic [95:0]  nxt_q;                   // new columns 0..2 of the round

  logic         out_valid_d, out_valid_q;
  logic         out_err_d, out_err_q;
  logic [127:0] out_data_q;

  // ---------------------------------------------------------------------------------------
  // Word store: two banks of 32 x 32 bits (even and odd FIPS-197 words w[2j] / w[2j+1] at
  // address j), each with one write port and one asynchronous read port (distributed RAM), so the
  // expansion writes two words per clock. Round r, column c uses w[4r+c]: bank c[0], address
  // {r, c[1]}.
  // ---------------------------------------------------------------------------------------
  logic [31:0] rk_mem0 [RK_PAIRS];
  logic [31:0] rk_mem1 [RK_PAIRS];
  logic        rk_we;
  logic [4:0]  rk_waddr, rk_raddr;
  logic [31:0] rk_wdata0, rk_wdata1, rk_rdata0, rk_rdata1, rk_rdata;

  always_ff @(posedge clk_i) begin
    if (rk_we) begin
      rk_mem0[rk_waddr] <= rk_wdata0;
      rk_mem1[rk_waddr] <= rk_wdata1;
    end
  end

  assign rk_rdata0 = rk_mem0[rk_raddr];
  assign rk_rdata1 = rk_mem1[rk_raddr];
  assign rk_rdata  = col_q[0] ? rk_rdata1 : rk_rdata0;

  // ---------------------------------------------------------------------------------------
  // Handshakes
  // ---------------------------------------------------------------------------------------
  logic out_free, last, core_idle, key_hs, in_hs, out_hs, blk_err, key_len_bad, expand;

  assign out_free    = ~out_valid_q | out_ready_i;
  assign last        = run_q & (err_q | ((rnd_q == nr_q) & (col_q == 2'd3)));
  assign core_idle   = (st_q == ST_IDLE);
  assign expand      = (st_q == ST_EXPAND);
  // No handshake completes in a clear_i cycle. A key offered at the same time as a block wins.
  assign key_ready_o = core_idle & ~run_q & ~clear_i;
  assign in_ready_o  = core_idle & ~clear_i & ~key_valid_i & (~run_q | (last & out_free));
  assign key_hs      = key_valid_i & key_ready_o;
  assign in_hs       = in_valid_i & in_ready_o;
  assign out_hs      = out_valid_q & out_ready_i;
  assign key_len_bad = (key_len_i == 2'd3);
  assign blk_err     = ~key_ok_q | in_decrypt_i;

  // ---------------------------------------------------------------------------------------
  // Shared S-box column: ShiftRows column of the rotating state, or the key-schedule word
  // ---------------------------------------------------------------------------------------
  logic [31:0] col_sr, col_plain, sb_in, sb_out, mc, res;
  logic        kw_rot;   // word 2j takes RotWord+SubWord+Rcon (2j mod Nk = 0)

  assign col_sr    = {state_q[127:120], state_q[87:80], state_q[47:40], state_q[7:0]};
  assign col_plain = state_q[127:96];
  assign kw_rot    = (kmod_q == 3'd0);
  assign sb_in     = expand ? (kw_rot ? {kprev_q[23:0], kprev_q[31:24]} : kprev_q) : col_sr;

  aesf_subword #(
    .SBOX_IMPL (SBOX_IMPL)
  ) u_subword (
    .data_i (sb_in),
    .data_o (sb_out)
  );

  aesf_mixcolumn u_mixcolumn (
    .data_i (sb_out),
    .data_o (mc)
  );

  // Round 0: AddRoundKey only; rounds 1..Nr-1: full; round Nr: no MixColumns.
  assign res = ((rnd_q == 4'd0) ? col_plain : ((rnd_q == nr_q) ? sb_out : mc)) ^ rk_rdata;

  // ---------------------------------------------------------------------------------------
  // Key-schedule words w[2j] and w[2j+1]: only an even word ever needs SubWord (2j mod Nk = 0,
  // or 4 for AES-256; Nk is even), so one SubWord per clock serves two words.
  // ---------------------------------------------------------------------------------------
  logic [63:0] kw_key;
  logic [31:0] kw_t, kw_new0, kw_new1;
  logic        kw_from_key;

  assign kw_from_key = ({kidx_q, 1'b0} < 6'(nk_q));
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
      kw_t = sb_out ^ {rcon_q, 24'h0};
    end else if (nk_q == 4'd8 && kmod_q == 3'd4) begin
      kw_t = sb_out;
    end else begin
      kw_t = kprev_q;
    end
  end
  assign kw_new0 = kw_from_key ? kw_key[63:32] : (rk_rdata0 ^ kw_t);
  assign kw_new1 = kw_from_key ? kw_key[31:0]  : (rk_rdata1 ^ kw_new0);

  // expansion reads w[2j-Nk], w[2j+1-Nk] (pair j - Nk/2)
  assign rk_raddr = expand ? (kidx_q - 5'(nk_q[3:1])) : {rnd_q, col_q[1]};

  // ---------------------------------------------------------------------------------------
  // Next state
  // ---------------------------------------------------------------------------------------
  logic [7:0] rcon_next;  // rcon_q * {02}
  logic [4:0] kidx_last;  // 2 Nr + 1

  assign rcon_next = {rcon_q[6:0], 1'b0} ^ (rcon_q[7] ? 8'h1b : 8'h00);
  assign kidx_last = {nr_q, 1'b1};

  always_comb begin
    st_d        = st_q;
    kidx_d      = kidx_q;
    kmod_d      = kmod_q;
    rcon_d      = rcon_q;
    nk_d        = nk_q;
    nr_d        = nr_q;
    key_ok_d    = key_ok_q;
    key_err_d   = key_err_q;
    run_d       = run_q;
    err_d       = err_q;
    rnd_d       = rnd_q;
    col_d       = col_q;
    out_valid_d = out_valid_q;
    out_err_d   = out_err_q;
    rk_we       = 1'b0;
    rk_waddr    = kidx_q;
    rk_wdata0   = kw_new0;
    rk_wdata1   = kw_new1;

    if (clear_i) begin
      // zeroize: everything now, the word store word by word in ST_CLEAR
      st_d        = ST_CLEAR;
      kidx_d      = '0;
      kmod_d      = '0;
      rcon_d      = '0;
      nk_d        = '0;
      nr_d        = '0;
      key_ok_d    = 1'b0;
      key_err_d   = 1'b0;
      run_d       = 1'b0;
      err_d       = 1'b0;
      rnd_d       = '0;
      col_d       = '0;
      out_valid_d = 1'b0;
      out_err_d   = 1'b0;
    end else begin
      // ---- output register: a read empties (and wipes) it
      if (out_hs) begin
        out_valid_d = 1'b0;
        out_err_d   = 1'b0;
      end

      // ---- rounds, one column per cycle
      if (run_q) begin
        if (last) begin
          if (out_free) begin
            out_valid_d = 1'b1;
            out_err_d   = err_q;
            run_d       = 1'b0;
            err_d       = 1'b0;
          end
        end else begin
          col_d = col_q + 2'd1;
          if (col_q == 2'd3) begin
            rnd_d = rnd_q + 4'd1;
          end
        end
      end

      // ---- block load (the initial AddRoundKey is round 0)
      if (in_hs) begin
        run_d   = 1'b1;
        err_d   = blk_err;
        rnd_d   = '0;
        col_d   = '0;
      end

      // ---- key-side FSM
      case (st_q)
        ST_IDLE: begin
          if (key_hs) begin
            key_ok_d = 1'b0;
            if (key_len_bad) begin
              key_err_d = 1'b1;
            end else begin
              key_err_d = 1'b0;
              st_d      = ST_EXPAND;
              kidx_d    = '0;
              kmod_d    = '0;
              rcon_d    = 8'h01;
              nk_d      = (key_len_i == 2'd0) ? 4'd4 : ((key_len_i == 2'd1) ? 4'd6 : 4'd8);
              nr_d      = (key_len_i == 2'd0) ? 4'd10 : ((key_len_i == 2'd1) ? 4'd12 : 4'd14);
            end
          end
        end
        ST_EXPAND: begin
          rk_we   = 1'b1;
          if (!kw_from_key && kw_rot) begin
            rcon_d = rcon_next;
          end
          kmod_d = (kmod_q == 3'(nk_q - 4'd2)) ? 3'd0 : (kmod_q + 3'd2);
          if (kidx_q == kidx_last) begin
            st_d     = ST_IDLE;
            kidx_d   = '0;
            kmod_d   = '0;
            rcon_d   = '0;
            key_ok_d = 1'b1;
          end else begin
            kidx_d = kidx_q + 5'd1;
          end
        end
        ST_CLEAR: begin
          rk_we     = 1'b1;
          rk_wdata0 = '0;
          rk_wdata1 = '0;
          if (kidx_q == 5'(RK_PAIRS - 1)) begin
            st_d   = ST_IDLE;
            kidx_d = '0;
          end else begin
            kidx_d = kidx_q + 5'd1;
          end
        end
        default: begin
          st_d   = ST_CLEAR;
          kidx_d = '0;
        end
      endcase
    end
  end

  // ---------------------------------------------------------------------------------------
  // Registers (asynchronous active-low reset)
  // ---------------------------------------------------------------------------------------
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      st_q        <= ST_IDLE;
      kidx_q      <= '0;
      kmod_q      <= '0;
      rcon_q      <= '0;
      nk_q        <= '0;
      nr_q        <= '0;
      key_ok_q    <= 1'b0;
      key_err_q   <= 1'b0;
      run_q       <= 1'b0;
      err_q       <= 1'b0;
      rnd_q       <= '0;
      col_q       <= '0;
      out_valid_q <= 1'b0;
      out_err_q   <= 1'b0;
    end else begin
      st_q        <= st_d;
      kidx_q      <= kidx_d;
      kmod_q      <= kmod_d;
      rcon_q      <= rcon_d;
      nk_q        <= nk_d;
      nr_q        <= nr_d;
      key_ok_q    <= key_ok_d;
      key_err_q   <= key_err_d;
      run_q       <= run_d;
      err_q       <= err_d;
      rnd_q       <= rnd_d;
      col_q       <= col_d;
      out_valid_q <= out_valid_d;
      out_err_q   <= out_err_d;
    end
  end

  // ---------------------------------------------------------------------------------------
  // Datapath registers: no reset (nothing reads them before they are written), a synchronous
  // wipe with priority over the load, so they map to plain FDRE/CE/R flops (no LUT per bit).
  // ---------------------------------------------------------------------------------------
  logic key_load, kreg_wipe, rnd_step, out_load, out_wipe;

  assign key_load  = key_hs & ~key_len_bad;
  assign kreg_wipe = clear_i | (expand & (kidx_q == kidx_last));  // the key then lives only in the store
  assign rnd_step  = run_q & ~last;
  assign out_load  = last & out_free;
  assign out_wipe  = clear_i | (out_hs & ~out_load) | (out_load & err_q);  // read, or an error marker

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
    end else if (expand) begin
      kprev_q <= kw_new1;
    end
  end

  always_ff @(posedge clk_i) begin
    if (clear_i) begin
      state_q <= '0;
    end else if (in_hs) begin
      state_q <= in_data_i;  // an error block only produces a zero marker
    end else if (rnd_step) begin
      state_q <= (col_q == 2'd3) ? {nxt_q, res} : {state_q[95:0], state_q[127:96]};
    end
  end

  always_ff @(posedge clk_i) begin
    if (clear_i) begin
      nxt_q <= '0;
    end else if (rnd_step && col_q != 2'd3) begin
      nxt_q <= {nxt_q[63:0], res};
    end
  end

  always_ff @(posedge clk_i) begin
    if (out_wipe) begin
      out_data_q <= '0;
    end else if (out_load) begin
      out_data_q <= {nxt_q, res};
    end
  end

  // ---------------------------------------------------------------------------------------
  // Outputs
  // ---------------------------------------------------------------------------------------
  assign key_ok_o    = key_ok_q;
  assign key_error_o = key_err_q;
  assign out_valid_o = out_valid_q;
  assign out_data_o  = out_data_q;
  assign out_error_o = out_err_q;
  assign busy_o      = run_q | ~core_idle;

endmodule

`default_nettype wire
