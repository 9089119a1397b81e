// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_sbox_rom: two AES S-box lookups (forward or inverse) in one synchronous 256 x 8 ROM with two
// read ports and an output register, so that an FPGA block RAM holds two S-boxes (ECP5: one DP16KD
// per instance, xc7: one RAMB18E1; the ram_style attribute asks Yosys for block RAM, other tools map
// the ROM to logic). It is the S-box variant of pipelined datapaths that register the S-box output
// anyway (aesf_aes_pipe_round SBOX_IMPL = 2: the P_SUB register is this ROM's output register).
// INVERSE = 2 holds both tables in one 512 x 8 ROM (still one block RAM): address bit 8 of each port
// selects the inverse S-box, so both lookups of an encrypt + decrypt datapath share the RAM
// (aesf_aes_col32 SBOX_IMPL = 2, where the RAM's address register is the round's state register).
//
// The table is not typed in a second time: it is computed at elaboration by the constant functions
// below (multiplicative inverse a^254 in GF(2^8) = GF(2)[x]/(x^8 + x^4 + x^3 + x + 1) and the
// FIPS-197 affine map, or its inverse first for INVERSE = 1), and syn/equiv/sbox_rom_equiv.ys proves
// them equal to the case-ROM S-boxes (both directions, both ports; tests/common/test_sbox_equiv.py).
//
// Bit order: data bit 7 is the MSB of the byte (the coefficient of x^7), as in FIPS-197 3.2.
// Worked example: INVERSE = 0, a_i = 8'h53, b_i = 8'h00 -> a_o = 8'hed, b_o = 8'h63 after the edge;
// INVERSE = 1, a_i = 8'hed -> a_o = 8'h53; INVERSE = 2, a_i = 9'h053 -> 8'hed, a_i = 9'h1ed -> 8'h53.
// Latency: 1 + OUT_REG clocks: a_o/b_o show table[a_i]/table[b_i] of the (1 + OUT_REG)-th last rising edge
// with en_i = 1 (no reset; every register holds while en_i = 0).
//
// OUT_REG = 1 adds the block RAM's own output register (ECP5 DP16KD REGMODE "OUTREG"): the RAM's slow
// clock-to-output (about 5.8 ns on the LFE5U speed 6) then ends in that register, and the outputs leave it
// with a flip-flop's clock-to-output. Yosys' ECP5 block-RAM mapping only uses REGMODE "NOREG", so with
// `AESF_ECP5 defined (the flow's ECP5 scripts define it) this file instantiates the DP16KD itself; without it
// (simulation, other targets) the same behaviour is written as two registers.
// tests/common/test_sbox_rom_ecp5.py reads the DP16KD's contents and wiring back from the synthesized
// netlist and checks all 256 entries of both ports against the golden model.

`default_nettype none

module aesf_sbox_rom #(
  parameter int INVERSE = 0, // 0: forward S-box (SubBytes), 1: inverse S-box (InvSubBytes), 2: both (address bit 8)
  parameter int OUT_REG = 0  // 0: one register (the RAM's address register), 1: and the RAM's output register
) (
  input  logic       clk_i,  // clock, rising edge
  input  logic       en_i,   // 1: look up at this edge, 0: hold the outputs
  input  logic [(INVERSE == 2) ? 8 : 7:0] a_i,  // first lookup address (input byte; INVERSE = 2: bit 8 = inverse)
  input  logic [(INVERSE == 2) ? 8 : 7:0] b_i,  // second lookup address (input byte; INVERSE = 2: bit 8 = inverse)
  output logic [7:0] a_o,    // S(a_i) or InvS(a_i), registered (1 + OUT_REG cycles)
  output logic [7:0] b_o     // S(b_i) or InvS(b_i), registered (1 + OUT_REG cycles)
);

  aesf_param_check #(
    .ILLEGAL(INVERSE < 0 || INVERSE > 2 || OUT_REG < 0 || OUT_REG > 1),
    .MSG    ("aesf_sbox_rom: INVERSE must be 0, 1 or 2, OUT_REG 0 or 1")
  ) u_param_check ();

  // GF(2^8) product modulo x^8 + x^4 + x^3 + x + 1.
  function automatic logic [7:0] gf_mul(input logic [7:0] a, input logic [7:0] b);
    logic [7:0] p, s;
    p = 8'd0;
    s = a;
    for (int i = 0; i < 8; i++) begin
      if (b[i]) p = p ^ s;
      s = {s[6:0], 1'b0} ^ (s[7] ? 8'h1b : 8'h00);
    end
    gf_mul = p;
  endfunction

  // Multiplicative inverse a^254 = a^2 * a^4 * ... * a^128 (0 maps to 0).
  function automatic logic [7:0] gf_inv(input logic [7:0] a);
    logic [7:0] r, sq;
    r  = 8'd1;
    sq = a;
    for (int i = 0; i < 7; i++) begin
      sq = gf_mul(sq, sq);
      r  = gf_mul(r, sq);
    end
    gf_inv = r;
  endfunction

  function automatic logic [7:0] rotl(input logic [7:0] v, input int n);
    rotl = (v << n) | (v >> (8 - n));
  endfunction

  // FIPS-197 (5.1.1): S(a) = A(a^-1) ^ 63; (5.3.2): InvS(y) = (A^-1(y ^ 63))^-1.
  // Entry a of the table: a[7:0] through the inverse S-box if INVERSE = 1, or INVERSE = 2 and a[8].
  function automatic logic [7:0] table_entry(input logic [8:0] a);
    logic [7:0] r;
    if (INVERSE == 0 || (INVERSE == 2 && !a[8])) begin
      r = gf_inv(a[7:0]);
      table_entry = r ^ rotl(r, 1) ^ rotl(r, 2) ^ rotl(r, 3) ^ rotl(r, 4) ^ 8'h63;
    end else begin
      r = rotl(a[7:0], 1) ^ rotl(a[7:0], 3) ^ rotl(a[7:0], 6) ^ 8'h05;
      table_entry = gf_inv(r);
    end
  endfunction

  localparam int ENTRIES = (INVERSE == 2) ? 512 : 256;

`ifdef AESF_ECP5
  if (OUT_REG == 1) begin : gen_dp16kd
    // One DP16KD in 1024 x 18 mode: entry i in bits [7:0] of word i (words ENTRIES..1023 and bits [17:8] zero),
    // word address on AD[13:4] (INVERSE = 2: address bit 8 on AD12); AD[3:0] (byte enables in this mode) tied
    // low; both ports read only. INITVAL_k holds words 16k .. 16k+15, word w in bits [20*(w mod 16) +: 18]
    // (as Yosys' own mapping).
    function automatic logic [319:0] init_slice(input int k);
      logic [319:0] v;
      v = '0;
      for (int i = 0; i < 16; i++) begin
        if (16 * k + i < ENTRIES) v[20*i +: 8] = table_entry(9'(16 * k + i));
      end
      init_slice = v;
    endfunction
    logic [8:0]  a9, b9;   // the addresses, zero-extended to 9 bits (bit 8 = inverse with INVERSE = 2)
    logic [17:0] doa, dob;
    assign a9 = 9'(a_i);
    assign b9 = 9'(b_i);
    DP16KD #(
      .DATA_WIDTH_A(18), .DATA_WIDTH_B(18), .REGMODE_A("OUTREG"), .REGMODE_B("OUTREG"),
      .RESETMODE("SYNC"), .ASYNC_RESET_RELEASE("SYNC"), .CSDECODE_A("0b000"), .CSDECODE_B("0b000"),
      .WRITEMODE_A("NORMAL"), .WRITEMODE_B("NORMAL"), .GSR("DISABLED"),
      .INITVAL_00(init_slice(0)),  .INITVAL_01(init_slice(1)),  .INITVAL_02(init_slice(2)),
      .INITVAL_03(init_slice(3)),  .INITVAL_04(init_slice(4)),  .INITVAL_05(init_slice(5)),
      .INITVAL_06(init_slice(6)),  .INITVAL_07(init_slice(7)),  .INITVAL_08(init_slice(8)),
      .INITVAL_09(init_slice(9)),  .INITVAL_0A(init_slice(10)), .INITVAL_0B(init_slice(11)),
      .INITVAL_0C(init_slice(12)), .INITVAL_0D(init_slice(13)), .INITVAL_0E(init_slice(14)),
      .INITVAL_0F(init_slice(15)), .INITVAL_10(init_slice(16)), .INITVAL_11(init_slice(17)),
      .INITVAL_12(init_slice(18)), .INITVAL_13(init_slice(19)), .INITVAL_14(init_slice(20)),
      .INITVAL_15(init_slice(21)), .INITVAL_16(init_slice(22)), .INITVAL_17(init_slice(23)),
      .INITVAL_18(init_slice(24)), .INITVAL_19(init_slice(25)), .INITVAL_1A(init_slice(26)),
      .INITVAL_1B(init_slice(27)), .INITVAL_1C(init_slice(28)), .INITVAL_1D(init_slice(29)),
      .INITVAL_1E(init_slice(30)), .INITVAL_1F(init_slice(31))
    ) u_dp16kd (
      .CLKA(clk_i), .CEA(en_i), .OCEA(en_i), .WEA(1'b0), .RSTA(1'b0), .CSA0(1'b0), .CSA1(1'b0), .CSA2(1'b0),
      .ADA13(1'b0), .ADA12(a9[8]), .ADA11(a9[7]), .ADA10(a9[6]), .ADA9(a9[5]), .ADA8(a9[4]), .ADA7(a9[3]),
      .ADA6(a9[2]), .ADA5(a9[1]), .ADA4(a9[0]), .ADA3(1'b0), .ADA2(1'b0), .ADA1(1'b0), .ADA0(1'b0),
      .DIA17(1'b0), .DIA16(1'b0), .DIA15(1'b0), .DIA14(1'b0), .DIA13(1'b0), .DIA12(1'b0), .DIA11(1'b0),
      .DIA10(1'b0), .DIA9(1'b0), .DIA8(1'b0), .DIA7(1'b0), .DIA6(1'b0), .DIA5(1'b0), .DIA4(1'b0), .DIA3(1'b0),
      .DIA2(1'b0), .DIA1(1'b0), .DIA0(1'b0),
      .DOA17(doa[17]), .DOA16(doa[16]), .DOA15(doa[15]), .DOA14(doa[14]), .DOA13(doa[13]), .DOA12(doa[12]),
      .DOA11(doa[11]), .DOA10(doa[10]), .DOA9(doa[9]), .DOA8(doa[8]), .DOA7(doa[7]), .DOA6(doa[6]),
      .DOA5(doa[5]), .DOA4(doa[4]), .DOA3(doa[3]), .DOA2(doa[2]), .DOA1(doa[1]), .DOA0(doa[0]),
      .CLKB(clk_i), .CEB(en_i), .OCEB(en_i), .WEB(1'b0), .RSTB(1'b0), .CSB0(1'b0), .CSB1(1'b0), .CSB2(1'b0),
      .ADB13(1'b0), .ADB12(b9[8]), .ADB11(b9[7]), .ADB10(b9[6]), .ADB9(b9[5]), .ADB8(b9[4]), .ADB7(b9[3]),
      .ADB6(b9[2]), .ADB5(b9[1]), .ADB4(b9[0]), .ADB3(1'b0), .ADB2(1'b0), .ADB1(1'b0), .ADB0(1'b0),
      .DIB17(1'b0), .DIB16(1'b0), .DIB15(1'b0), .DIB14(1'b0), .DIB13(1'b0), .DIB12(1'b0), .DIB11(1'b0),
      .DIB10(1'b0), .DIB9(1'b0), .DIB8(1'b0), .DIB7(1'b0), .DIB6(1'b0), .DIB5(1'b0), .DIB4(1'b0), .DIB3(1'b0),
      .DIB2(1'b0), .DIB1(1'b0), .DIB0(1'b0),
      .DOB17(dob[17]), .DOB16(dob[16]), .DOB15(dob[15]), .DOB14(dob[14]), .DOB13(dob[13]), .DOB12(dob[12]),
      .DOB11(dob[11]), .DOB10(dob[10]), .DOB9(dob[9]), .DOB8(dob[8]), .DOB7(dob[7]), .DOB6(dob[6]),
      .DOB5(dob[5]), .DOB4(dob[4]), .DOB3(dob[3]), .DOB2(dob[2]), .DOB1(dob[1]), .DOB0(dob[0])
    );
    assign a_o = doa[7:0];
    assign b_o = dob[7:0];
  end else begin : gen_infer
`else
  if (1) begin : gen_infer
`endif
    (* ram_style = "block" *) logic [7:0] rom [ENTRIES];
    logic [7:0] ra_q, rb_q;  // the RAM's read registers

    initial begin
      for (int i = 0; i < ENTRIES; i++) begin
        rom[i] = table_entry(9'(i));
      end
    end

    always_ff @(posedge clk_i) begin
      if (en_i) begin
        ra_q <= rom[a_i];
        rb_q <= rom[b_i];
      end
    end

    if (OUT_REG == 1) begin : gen_out_reg
      always_ff @(posedge clk_i) begin
        if (en_i) begin
          a_o <= ra_q;
          b_o <= rb_q;
        end
      end
    end else begin : gen_no_out_reg
      assign a_o = ra_q;
      assign b_o = rb_q;
    end
  end

endmodule

`default_nettype wire
