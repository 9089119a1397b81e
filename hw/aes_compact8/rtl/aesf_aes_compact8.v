// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_aes_compact8: compact AES-128 encryption core with an 8-bit datapath (seed 001, Zhang et al.,
// "A Compact 446 Gbps/W AES accelerator", Fig. 4): one forward S-box shared by data and key
// schedule, split into two pipeline stages (aesf_sbox_cf STAGE=1 -> 12-bit register -> STAGE=2),
// MixColumns producing a 32-bit column every 4 cycles written straight back into DataReg in
// ShiftRows order, the 6 bytes that cannot be written back at once parked in a 48-bit StorageReg,
// a 128-bit KeyReg updated one byte per cycle in place, and on-the-fly Rcon.
//
// Byte and bit order
//   All ports are byte streams. A block or key is sent FIPS-197 byte 0 first (the NIST hex string
//   read left to right, two digits per beat); inside a byte bit 7 is the MSB.
//   Worked example (FIPS-197 C.1):
//     key_i beats    00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f
//     in_data_i      00 11 22 33 44 55 66 77 88 99 aa bb cc dd ee ff
//     out_data_o     69 c4 e0 d8 6a 7b 04 30 d8 cd b7 80 70 b4 c5 5a   (out_last_o with 5a)
//
// Storage layout (FPGA form of the paper's latch arrays, see README "Why no latches")
//   DataReg dr_q and KeyReg kr_q are 16-byte rotating registers: byte position p is bits
//   [8p+7:8p], P0 is the head read by the S-box, a rotation moves P(p+1) to P(p) and P0 to P15.
//   KeyReg holds the round key in natural order (head = key byte j in step j).
//   DataReg holds the state in ShiftRows read order: location L_k holds state byte seq[k],
//     seq = 0 5 10 15 | 4 9 14 3 | 8 13 2 7 | 12 1 6 11   (so the S-box reads the head each step and
//   four consecutive S-box outputs are one column of ShiftRows(SubBytes(state))).
//   New column c (state bytes 4c..4c+3) belongs at locations {0,13,10,7}, {4,1,14,11}, {8,5,2,15},
//   {12,9,6,3}; locations not yet read when the column appears (13,10,7 | 14,11 | 15: the paper's
//   Table 1 bytes L2/L5/L8, L1/L4, L0 with its reversed numbering) wait in StorageReg sr_q.
//   DataReg write positions (a rotating step writes P(q) after the turn):
//     load beat n (rotating):        P15 / P11 / P7 / P3 for n mod 4 = 0 / 1 / 2 / 3
//     cnt 8 / 12 / 16 (rotating):    column row 0 -> P11; row 1 -> P8 (cnt 12, 16); row 2 -> P5 (cnt 16);
//                                    the other rows -> StorageReg
//     cnt 0 of rounds 2..10 (hold):  column 3 rows 0..3 -> P12, P9, P6, P3; StorageReg L13, L10, L7,
//                                    L14, L11, L15 -> P13, P10, P7, P14, P11, P15
//     round 10 cnt 5..19, FIN (rotating): ciphertext byte cnt-5 (FIN: 15) -> P15
//   Key bytes 0..15 live in a 16x8 key memory (LUT RAM on FPGA) loaded once per key; each block
//   copies them into KeyReg while the plaintext streams in, because the in-place key schedule
//   leaves round key 10 in KeyReg.
//
// Latency and throughput (clk_i edges, no stalls)
//   key load:  16 key_i beats, one per edge; key_ok_o is high from the edge of beat 16 on.
//   block:     LOAD 16 in beats (initial AddRoundKey on the fly) -> 10 rounds x 20 cycles
//              -> 1 cycle FIN -> OUT 16 beats. First in beat edge to last out beat edge = 232
//              edges; the next block's first beat can be taken the edge after the last out beat,
//              so a block costs 233 cycles back-to-back (paper: 337).
//   round (cnt 0..19): cnt 0..3 S-box takes key bytes 13,14,15,12 (SubWord(RotWord)), data and key
//              hold; cnt 0 also writes MixColumns column 3 of the previous round and the 6 parked
//              bytes. cnt 4..19 S-box takes data byte L(cnt-4), DataReg and KeyReg rotate, key
//              byte cnt-4 becomes the next round key byte; MixColumns columns 0..2 complete at
//              cnt 8, 12, 16 (column 3 at cnt 0 of the next round).
//   round 10:  no MixColumns: S-box output ^ KeyReg P15 (round key 10 byte) is ciphertext byte
//              cnt-5, written at the tail in cnt 5..19; FIN writes byte 15 and turns once more,
//              leaving the ciphertext in natural order with byte 0 at the head for OUT.
//   error:     a block sent with no complete key is still taken (16 beats) and answered by 16
//              out beats with out_error_o = 1 and zero data, right after the last in beat.

`default_nettype none

module aesf_aes_compact8 (
  input  logic       clk_i,
  input  logic       rst_ni,        // asynchronous active-low reset; key must be reloaded after it
  // key load: 16 beats, handshake key_valid_i && key_ready_o, key byte 0 first
  input  logic       key_valid_i,
  output logic       key_ready_o,   // high when idle (no block in progress) or in a key load
  input  logic [7:0] key_i,
  output logic       key_ok_o,      // a complete key is loaded; falls at the first beat of a new key
  // block in: 16 beats, handshake in_valid_i && in_ready_o, block byte 0 first
  input  logic       in_valid_i,
  output logic       in_ready_o,    // low during a key load, the rounds and the output
  input  logic [7:0] in_data_i,
  // block out: 16 beats, handshake out_valid_o && out_ready_i, block byte 0 first
  output logic       out_valid_o,
  input  logic       out_ready_i,
  output logic [7:0] out_data_o,    // zero when out_valid_o is low or out_error_o is high
  output logic       out_last_o,    // beat 16 of the block
  output logic       out_error_o,   // this block was loaded with no key: data zero
  output logic       busy_o         // a key load or a block is in progress
);

  // Control FSM states
  localparam logic [2:0] StIdle = 3'd0;  // waiting for the first key or block beat
  localparam logic [2:0] StKey  = 3'd1;  // key beats 1..15
  localparam logic [2:0] StLoad = 3'd2;  // block beats 1..15
  localparam logic [2:0] StRnd  = 3'd3;  // rounds 1..10, cnt 0..19 each
  localparam logic [2:0] StFin  = 3'd4;  // last output byte into DataReg
  localparam logic [2:0] StOut  = 3'd5;  // out beats 0..15

  localparam logic [7:0] RconFirst = 8'h01;
  localparam logic [7:0] RconLast  = 8'h36;  // Rcon of round 10

  // ---------------------------------------------------------------------------------------
  // Registers
  // ---------------------------------------------------------------------------------------
  logic [2:0]   st_d, st_q;
  logic [4:0]   cnt_d, cnt_q;     // beat (KEY/LOAD/OUT) or round step (RND)
  logic [7:0]   rcon_d, rcon_q;   // Rcon of the round in progress (also counts the rounds)
  logic [7:0]   rcon_next;        // rcon_q * {02}
  aesf_xtime u_rcon_next (.data_i(rcon_q), .data_o(rcon_next));
  logic         key_ok_d, key_ok_q;
  logic         err_d, err_q;     // block in flight was loaded without a key
  logic [127:0] dr_d, dr_q;       // DataReg, 16 bytes, P0 = head
  logic [127:0] kr_d, kr_q;       // KeyReg, 16 bytes, P0 = head
  logic [47:0]  sr_d, sr_q;       // StorageReg: parked locations {L15, L11, L14, L7, L10, L13}
  logic [23:0]  col_d, col_q;     // last 3 S-box outputs (oldest in [23:16])
  logic [11:0]  mid_q;            // S-box pipeline register {ah, al, d}
  // (+ ph_q: registered phase strobes, below)

  // Key memory: 16 x 8, one port (LUT RAM); address = cnt.
  logic [7:0] kmem [16];
  logic       kmem_we;
  logic [7:0] kmem_rd;

  always_ff @(posedge clk_i) begin
    if (kmem_we) begin
      kmem[cnt_q[3:0]] <= key_i;
    end
  end
  assign kmem_rd = kmem[cnt_q[3:0]];

  // ---------------------------------------------------------------------------------------
  // Handshakes and phase decode
  // ---------------------------------------------------------------------------------------
  logic key_hs, in_hs, out_hs, beat_last;
  logic in_rnd, last_rnd, step_key, step_data, wb, mc_rot;
  logic [2:0] mcw;

  assign key_ready_o = (st_q == StIdle) | (st_q == StKey);
  assign in_ready_o  = ((st_q == StIdle) & ~key_valid_i) | (st_q == StLoad);
  assign out_valid_o = (st_q == StOut);
  assign key_hs      = key_valid_i & key_ready_o;
  assign in_hs       = in_valid_i & in_ready_o;
  assign out_hs      = out_valid_o & out_ready_i;
  assign beat_last   = (cnt_q[3:0] == 4'd15);
  assign kmem_we     = key_hs;

  assign in_rnd    = (st_q == StRnd);
  assign last_rnd  = (rcon_q == RconLast);

  // Phase strobes, registered: computed from the next state so that the byte multiplexers of
  // DataReg and KeyReg see flip-flop selects (smaller than decoding cnt_q in front of every byte).
  //   [0] step_key  cnt 0..3            S-box takes key byte 13/14/15/12
  //   [1] step_data cnt 4..19           S-box takes data byte L(cnt-4); DataReg, KeyReg rotate
  //   [2] wb        cnt 0, rounds 2..10 MixColumns column 3 of the previous round + 6 parked bytes
  //   [5:3] mcw     cnt 8/12/16, rounds 1..9: column 0/1/2
  //   [6] res       cnt 5..19 of round 10 and FIN: ciphertext byte into the tail P15
  localparam int NPH = 7;
  function automatic logic [NPH-1:0] phase(input logic [2:0] st, input logic [4:0] cnt, input logic [7:0] rcon);
    logic rnd, lst, mcr;
    rnd = (st == StRnd);
    lst = (rcon == RconLast);
    mcr = rnd & ~lst;
    phase[0]  = rnd & (cnt[4:2] == 3'd0);   // cnt < 4
    phase[1]  = rnd & (cnt[4:2] != 3'd0);   // cnt >= 4
    phase[2]  = rnd & (cnt == 5'd0) & (rcon != RconFirst);
    phase[3]  = mcr & (cnt == 5'd8);
    phase[4]  = mcr & (cnt == 5'd12);
    phase[5]  = mcr & (cnt == 5'd16);
    phase[6]  = (rnd & lst & (cnt >= 5'd5)) | (st == StFin);
  endfunction

  logic [NPH-1:0] ph_q;
  logic           res_sel;
  assign step_key  = ph_q[0];
  assign step_data = ph_q[1];
  assign wb        = ph_q[2];
  assign mcw       = ph_q[5:3];
  assign mc_rot    = |ph_q[5:3];
  assign res_sel   = ph_q[6];

  // ---------------------------------------------------------------------------------------
  // S-box: two pipeline stages of the shared composite-field S-box
  // ---------------------------------------------------------------------------------------
  logic [7:0]  sb_in, sb_out, key_sb;
  logic [12:0] mid1;
  logic [7:0]  s1_data_unused;
  logic [12:0] s2_mid_unused;

  always_comb begin
    case (cnt_q[1:0])  // SubWord(RotWord(w3)): key bytes 13, 14, 15, 12 at cnt 0..3
      2'd0:    key_sb = kr_q[8*13 +: 8];
      2'd1:    key_sb = kr_q[8*14 +: 8];
      2'd2:    key_sb = kr_q[8*15 +: 8];
      default: key_sb = kr_q[8*12 +: 8];
    endcase
  end
  assign sb_in = step_key ? key_sb : dr_q[7:0];

  aesf_sbox_cf #(
    .INVERSE (0),
    .STAGE   (1)
  ) u_sbox_s1 (
    .inv_i  (1'b0),
    .data_i (sb_in),
    .mid_i  (13'd0),
    .mid_o  (mid1),
    .data_o (s1_data_unused)
  );

  aesf_sbox_cf #(
    .INVERSE (0),
    .STAGE   (2)
  ) u_sbox_s2 (
    .inv_i  (1'b0),
    .data_i (8'd0),
    .mid_i  ({1'b0, mid_q}),
    .mid_o  (s2_mid_unused),
    .data_o (sb_out)
  );

  // Unused: stage 1 has no byte output, stage 2 no seam output, and the direction bit of the seam
  // is constant 0 (forward only), so the pipeline register holds 12 bits.
  logic        unused_mid;
  assign unused_mid = ^{mid1[12], s1_data_unused, s2_mid_unused};

  // ---------------------------------------------------------------------------------------
  // MixColumns of the last 4 S-box outputs, plus the round key column (KeyReg P12..P15)
  // ---------------------------------------------------------------------------------------
  logic [31:0] mc, mck;
  logic [7:0]  mc0, mc1, mc2, mc3;  // rows 0..3 of the new column

  aesf_mixcolumn u_mixcolumn (
    .data_i ({col_q, sb_out}),
    .data_o (mc)
  );

  assign mck = mc ^ {kr_q[8*12 +: 8], kr_q[8*13 +: 8], kr_q[8*14 +: 8], kr_q[8*15 +: 8]};
  assign {mc0, mc1, mc2, mc3} = mck;

  // ---------------------------------------------------------------------------------------
  // Next state
  // ---------------------------------------------------------------------------------------
  logic [7:0] key_f, res_byte;

  // key byte j = cnt-4 of the next round key: old byte ^ (j < 4 ? S-term (+Rcon) : new byte j-4)
  assign key_f    = (cnt_q[4:3] == 2'd0) ? (col_q[23:16] ^ ((cnt_q == 5'd4) ? rcon_q : 8'h00))
                                         : kr_q[8*12 +: 8];   // cnt < 8 : cnt >= 8
  // last round / FIN: ciphertext byte = S-box output ^ round key 10 byte (KeyReg P15)
  assign res_byte = sb_out ^ kr_q[8*15 +: 8];

  always_comb begin
    // stay by default
    st_d     = st_q;
    cnt_d    = cnt_q;
    rcon_d   = rcon_q;
    key_ok_d = key_ok_q;
    err_d    = err_q;
    sr_d     = sr_q;
    col_d    = col_q;

    case (st_q)
      StIdle, StKey: begin
        if (key_hs) begin
          key_ok_d = beat_last;
          cnt_d    = beat_last ? 5'd0 : cnt_q + 5'd1;
          st_d     = beat_last ? StIdle : StKey;
        end else if (in_hs) begin
          st_d = StLoad;
        end
      end
      default: ;
    endcase

    // ---- block load
    if (in_hs) begin
      cnt_d  = beat_last ? 5'd0 : cnt_q + 5'd1;
      rcon_d = RconFirst;
      if (beat_last) begin
        st_d  = key_ok_q ? StRnd : StOut;
        err_d = ~key_ok_q;
      end
    end

    // ---- rounds
    if (in_rnd) begin
      col_d = {col_q[15:0], sb_out};
      if (cnt_q == 5'd19) begin
        cnt_d = 5'd0;
        if (last_rnd) begin
          st_d = StFin;    // Rcon stays 0x36: FIN is still part of the last round
        end else begin
          rcon_d = rcon_next;
        end
      end else begin
        cnt_d = cnt_q + 5'd1;
      end
    end
    // column 0/1/2 (cnt 8/12/16): rows that cannot be written back yet are parked
    if (mcw[0]) sr_d[23:0]  = {mc3, mc2, mc1};   // L7, L10, L13
    if (mcw[1]) sr_d[39:24] = {mc3, mc2};        // L11, L14
    if (mcw[2]) sr_d[47:40] = mc3;               // L15
    if (st_q == StFin) begin
      st_d            = StOut;
      cnt_d           = 5'd0;
    end

    // ---- output: one byte per out handshake from the head
    if (out_hs) begin
      cnt_d = beat_last ? 5'd0 : cnt_q + 5'd1;
      if (beat_last) begin
        st_d  = StIdle;
        err_d = 1'b0;
      end
    end
  end

  // ---------------------------------------------------------------------------------------
  // DataReg / KeyReg next state: one rotation (load beat, data step of a round, FIN, out beat),
  // then writes into fixed byte positions (at most one source per position and cycle).
  // ---------------------------------------------------------------------------------------
  logic       dr_rot, kr_rot, fin;
  logic [7:0] ld_byte;
  logic [3:0] ld;     // load beat n with n mod 4 = 0..3: byte enters at P15 / P11 / P7 / P3

  assign fin     = (st_q == StFin);
  assign dr_rot  = in_hs | step_data | fin | out_hs;
  assign kr_rot  = in_hs | step_data;
  assign ld_byte = in_data_i ^ kmem_rd;       // initial AddRoundKey
  for (genvar i = 0; i < 4; i++) begin : gen_ld
    assign ld[i] = in_hs & (cnt_q[1:0] == 2'(i));
  end

  always_comb begin
    dr_d = dr_rot ? {dr_q[7:0], dr_q[127:8]} : dr_q;
    // byte n of the block lands at P(15 - 4(n mod 4)) and reaches location seq^-1(n) after the
    // remaining 15 - n turns
    if (ld[0]) dr_d[8*15 +: 8] = ld_byte;
    if (ld[1]) dr_d[8*11 +: 8] = ld_byte;
    if (ld[2]) dr_d[8*7  +: 8] = ld_byte;
    if (ld[3]) dr_d[8*3  +: 8] = ld_byte;
    // columns 0/1/2 at cnt 8/12/16 (rotating): consumed locations L0 / L4,L1 / L8,L5,L2
    if (mc_rot)           dr_d[8*11 +: 8] = mc0;
    if (mcw[1] | mcw[2])  dr_d[8*8  +: 8] = mc1;
    if (mcw[2])           dr_d[8*5  +: 8] = mc2;
    // cnt 0 of rounds 2..10 (no rotation): column 3 of the previous round (L12, L9, L6, L3) and
    // the 6 parked bytes (L13, L10, L7 | L14, L11 | L15)
    if (wb) begin
      dr_d[8*12 +: 8] = mc0;
      dr_d[8*9  +: 8] = mc1;
      dr_d[8*6  +: 8] = mc2;
      dr_d[8*3  +: 8] = mc3;
      dr_d[8*13 +: 8] = sr_q[7:0];
      dr_d[8*10 +: 8] = sr_q[15:8];
      dr_d[8*7  +: 8] = sr_q[23:16];
      dr_d[8*14 +: 8] = sr_q[31:24];
      dr_d[8*11 +: 8] = sr_q[39:32];
      dr_d[8*15 +: 8] = sr_q[47:40];
    end
    // last round: ciphertext byte cnt-5 (cnt 5..19) and byte 15 (FIN) enter at the tail P15; with
    // the rotation in FIN each ends at P(byte), byte 0 at the head
    if (res_sel) dr_d[8*15 +: 8] = res_byte;
  end

  always_comb begin
    kr_d = kr_rot ? {kr_q[7:0], kr_q[127:8]} : kr_q;
    if (kr_rot) begin
      // load: key byte from the key memory; round: next round key byte
      kr_d[8*15 +: 8] = in_hs ? kmem_rd : (kr_q[7:0] ^ key_f);
    end
  end

  // ---------------------------------------------------------------------------------------
  // Registers (asynchronous active-low reset)
  // ---------------------------------------------------------------------------------------
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      st_q     <= StIdle;
      cnt_q    <= '0;
      rcon_q   <= '0;
      key_ok_q <= 1'b0;
      err_q    <= 1'b0;
      dr_q     <= '0;
      kr_q     <= '0;
      sr_q     <= '0;
      col_q    <= '0;
      mid_q    <= '0;
      ph_q     <= '0;
    end else begin
      st_q     <= st_d;
      cnt_q    <= cnt_d;
      rcon_q   <= rcon_d;
      key_ok_q <= key_ok_d;
      err_q    <= err_d;
      dr_q     <= dr_d;
      kr_q     <= kr_d;
      sr_q     <= sr_d;
      col_q    <= col_d;
      mid_q    <= mid1[11:0];
      ph_q     <= phase(st_d, cnt_d, rcon_d);
    end
  end

  // ---------------------------------------------------------------------------------------
  // Outputs
  // ---------------------------------------------------------------------------------------
  assign key_ok_o    = key_ok_q;
  assign out_data_o  = (out_valid_o & ~err_q) ? dr_q[7:0] : 8'h00;
  assign out_last_o  = out_valid_o & beat_last;
  assign out_error_o = out_valid_o & err_q;
  assign busy_o      = (st_q != StIdle);

endmodule

`default_nettype wire
