// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_aes_iter_regs: bus-neutral register block around aesf_aes_iter (issue 23). The register map is described
// once in hw/aes_iter/aes_iter_regs.json (C header sw/aesf_aes_iter_regs.h and the table in hw/aes_iter/README.md
// are generated from it by `aesforge regmap`); tests/aes_iter/test_aes_iter_bus.py checks this RTL against that file.
// The bus tops are thin: aesf_aes_iter_axil (AXI4-Lite), aesf_aes_iter_apb (APB4), aesf_aes_iter_wb (Wishbone B4),
// each one adapter of hw/common/rtl (aesf_reg_axil / aesf_reg_apb / aesf_reg_wb) and this block.
//
// Byte order
//   KEYi, DINi, DOUTi hold bytes 4i..4i+3 of the key / block, byte 4i in bits [7:0] (a little-endian CPU copies
//   the byte array word by word). FIPS-197 C.1 (AES-128): KEY0 = 0x03020100, KEY3 = 0x0f0e0d0c, CFG.KEY_LEN = 0,
//   DIN0 = 0x33221100 .. DIN3 = 0xffeeddcc, CTRL.START -> DOUT0 = 0xd8e0c469 .. DOUT3 = 0x5ac5b470.
//
// Register port (hw/common/rtl/aesf_reg_axil.v): reg_req_i for one cycle per transfer; reg_rdata_o / reg_err_o
//   answer combinationally in that cycle; a write is applied at the closing edge, whole or not at all.
//
// Latency (from the edge that applies the CTRL write): KEY_LOAD: the key handshake is the next edge, STATUS.KEY_OK
//   and IRQ_STATUS.KEY Nr + 2 edges after the write (12 / 14 / 16), KEYi wiped at the handshake edge. START: block
//   handshake the next edge, DOUTi / STATUS.DONE / IRQ_STATUS.DONE Nr + 2 edges after the write. ZEROIZE: the
//   wrapper's registers at the write edge, the core's at the next edge, STATUS.BUSY for the core's 15-cycle
//   round-key scrub.
//
// Security policy (SEC_CM): KEYi and DINi are write-only (read as 0), KEYi wiped when the core takes the key,
//   DINi when it takes the block; DOUTi cleared by START and ZEROIZE; no register path reads the round keys.
//   Writes are refused (bus error, nothing changes) while BUSY except IRQ_EN, IRQ_STATUS and CTRL.ZEROIZE.

`default_nettype none

module aesf_aes_iter_regs #(
  parameter int DECRYPT   = 1, // 0..1: see aesf_aes_iter (0: encrypt-only, a decrypt START ends with ERR 3)
  parameter int SBOX_IMPL = 0  // 0..1: see aesf_aes_iter
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  // register port
  input  logic        reg_req_i,
  input  logic        reg_we_i,
  input  logic [7:0]  reg_addr_i,
  input  logic [31:0] reg_wdata_i,
  input  logic [3:0]  reg_wstrb_i,
  output logic [31:0] reg_rdata_o,
  output logic        reg_err_o,
  // interrupt: level, |(IRQ_EN & IRQ_STATUS)
  output logic        irq_o
);

  aesf_param_check #(
    .ILLEGAL(DECRYPT < 0 || DECRYPT > 1 || SBOX_IMPL < 0 || SBOX_IMPL > 1),
    .MSG    ("aesf_aes_iter_regs: DECRYPT and SBOX_IMPL must be 0 or 1")
  ) u_param_check ();

  // Register addresses (hw/aes_iter/aes_iter_regs.json)
  localparam logic [7:0] AdrId    = 8'h00;
  localparam logic [7:0] AdrCtrl  = 8'h04;
  localparam logic [7:0] AdrCfg   = 8'h08;
  localparam logic [7:0] AdrStat  = 8'h0C;
  localparam logic [7:0] AdrIrqEn = 8'h10;
  localparam logic [7:0] AdrIrqSt = 8'h14;
  localparam logic [7:0] AdrKey0  = 8'h20;   // KEY0..KEY7:   0x20..0x3C (write-only)
  localparam logic [7:0] AdrDin0  = 8'h40;   // DIN0..DIN3:   0x40..0x4C (write-only)
  localparam logic [7:0] AdrDout0 = 8'h50;   // DOUT0..DOUT3: 0x50..0x5C (read-only)

  // writable bits (a 1 elsewhere in a strobed byte is refused)
  localparam logic [31:0] MaskCtrl = 32'h0000_0007;
  localparam logic [31:0] MaskCfg  = 32'h0000_0103;
  localparam logic [31:0] MaskIrq  = 32'h0000_0003;

  // STATUS.ERR codes
  localparam logic [2:0] ErrNone   = 3'd0;
  localparam logic [2:0] ErrKeyLen = 3'd1;   // KEY_LOAD with CFG.KEY_LEN 3: no key loaded
  localparam logic [2:0] ErrNoKey  = 3'd2;   // START without a loaded key: DOUT stays 0
  localparam logic [2:0] ErrNoDec  = 3'd3;   // START with CFG.DECRYPT 1 on an encrypt-only instance

  localparam logic [15:0] Magic    = 16'hAE5F;
  localparam logic [7:0]  CoreId   = 8'h01;  // aes_iter

  // ------------------------------------------------------------------------------------------
  // Core
  // ------------------------------------------------------------------------------------------
  logic         c_key_ready, c_key_ok, c_key_err, c_in_ready, c_out_valid, c_out_err, c_busy;
  logic [255:0] c_key;
  logic [127:0] c_in_data, c_out_data;

  logic [255:0] key_q;          // KEYi = key_q[32i +: 32]
  logic [127:0] din_q, dout_q;  // DINi / DOUTi = [32i +: 32]
  logic [1:0]   key_len_q;
  logic         dec_q;
  logic [1:0]   irq_en_q, irq_st_q;
  logic         key_pend_q, key_run_q, blk_pend_q, blk_run_q, zero_q;
  logic         done_q;
  logic [2:0]   err_q;

  aesf_aes_iter #(.DECRYPT(DECRYPT), .SBOX_IMPL(SBOX_IMPL)) u_core (
    .clk_i, .rst_ni,
    .key_valid_i(key_pend_q), .key_ready_o(c_key_ready), .key_i(c_key), .key_len_i(key_len_q),
    .key_ok_o(c_key_ok), .key_error_o(c_key_err),
    .in_valid_i(blk_pend_q), .in_ready_o(c_in_ready), .in_data_i(c_in_data), .in_decrypt_i(dec_q),
    .out_valid_o(c_out_valid), .out_ready_i(1'b1), .out_data_o(c_out_data), .out_error_o(c_out_err),
    .clear_i(zero_q), .busy_o(c_busy)
  );

  // register byte 4i+b (bits [32i+8b +: 8]) <-> core byte 4i+b (core byte 0 is the top byte)
  for (genvar j = 0; j < 32; j++) begin : gen_key_bytes
    assign c_key[255-8*j -: 8] = key_q[8*j +: 8];
  end
  for (genvar j = 0; j < 16; j++) begin : gen_blk_bytes
    assign c_in_data[127-8*j -: 8] = din_q[8*j +: 8];
  end

  // ------------------------------------------------------------------------------------------
  // Status and handshakes
  // ------------------------------------------------------------------------------------------
  logic busy, key_hs, key_done, blk_hs, blk_done;
  assign busy     = key_pend_q | key_run_q | blk_pend_q | blk_run_q | zero_q | c_busy;
  assign key_hs   = key_pend_q & c_key_ready;
  assign key_done = key_run_q & ~c_busy;                  // expansion finished (or refused: KEY_LEN 3)
  assign blk_hs   = blk_pend_q & c_in_ready;
  assign blk_done = blk_run_q & c_out_valid;              // out_ready_i = 1: taken at once

  // ------------------------------------------------------------------------------------------
  // Write decode: whole or nothing
  // ------------------------------------------------------------------------------------------
  logic [31:0] wmask;
  logic        aligned, is_key, is_din, is_dout;
  logic        w_err, w_ok, w_ctrl, w_cfg, w_irq_en, w_irq_st, w_key, w_din;
  logic [2:0]  w_cmd;
  logic        cmd_keyload, cmd_start, cmd_zeroize;

  assign wmask   = {{8{reg_wstrb_i[3]}}, {8{reg_wstrb_i[2]}}, {8{reg_wstrb_i[1]}}, {8{reg_wstrb_i[0]}}};
  assign aligned = (reg_addr_i[1:0] == 2'b00);
  assign is_key  = aligned & (reg_addr_i[7:5] == AdrKey0[7:5]);    // 0x20..0x3C
  assign is_din  = aligned & (reg_addr_i[7:4] == AdrDin0[7:4]);    // 0x40..0x4C
  assign is_dout = aligned & (reg_addr_i[7:4] == AdrDout0[7:4]);   // 0x50..0x5C
  assign w_cmd   = reg_wdata_i[2:0] & wmask[2:0];

  always_comb begin : write_decode
    w_err = 1'b0;
    unique case (1'b1)
      (reg_addr_i == AdrCtrl):
        w_err = |(reg_wdata_i & wmask & ~MaskCtrl) | (w_cmd != 3'd0 && (w_cmd & (w_cmd - 3'd1)) != 3'd0) |
                ((w_cmd[0] | w_cmd[1]) & busy);
      (reg_addr_i == AdrCfg):   w_err = |(reg_wdata_i & wmask & ~MaskCfg) | busy;
      (reg_addr_i == AdrIrqEn),
      (reg_addr_i == AdrIrqSt): w_err = |(reg_wdata_i & wmask & ~MaskIrq);
      is_key, is_din:           w_err = busy;
      default:                  w_err = 1'b1;   // ID, STATUS, DOUTi (read-only), unmapped, unaligned
    endcase
  end

  assign w_ok        = reg_req_i & reg_we_i & ~w_err;
  assign w_ctrl      = w_ok & (reg_addr_i == AdrCtrl);
  assign w_cfg       = w_ok & (reg_addr_i == AdrCfg);
  assign w_irq_en    = w_ok & (reg_addr_i == AdrIrqEn);
  assign w_irq_st    = w_ok & (reg_addr_i == AdrIrqSt);
  assign w_key       = w_ok & is_key;
  assign w_din       = w_ok & is_din;
  assign cmd_keyload = w_ctrl & w_cmd[0];
  assign cmd_start   = w_ctrl & w_cmd[1];
  assign cmd_zeroize = w_ctrl & w_cmd[2];

  // ------------------------------------------------------------------------------------------
  // Read decode: write-only registers read as 0, never their contents
  // ------------------------------------------------------------------------------------------
  logic [31:0] r_data;
  logic        r_err;
  always_comb begin : read_decode
    r_data = 32'd0;
    r_err  = 1'b0;
    unique case (1'b1)
      (reg_addr_i == AdrId):    r_data = {Magic, 7'd0, (DECRYPT != 0), CoreId};
      (reg_addr_i == AdrCtrl):  r_data = 32'd0;
      (reg_addr_i == AdrCfg):   r_data = {23'd0, dec_q, 6'd0, key_len_q};
      (reg_addr_i == AdrStat):  r_data = {25'd0, err_q, 1'b0, done_q, c_key_ok & ~zero_q, busy};
      (reg_addr_i == AdrIrqEn): r_data = {30'd0, irq_en_q};
      (reg_addr_i == AdrIrqSt): r_data = {30'd0, irq_st_q};
      is_key, is_din:           r_data = 32'd0;  // SEC_CM: write-only
      is_dout:                  r_data = dout_q[32*reg_addr_i[3:2] +: 32];
      default:                  r_err  = 1'b1;
    endcase
  end

  assign reg_err_o   = reg_req_i & (reg_we_i ? w_err : r_err);
  assign reg_rdata_o = (reg_req_i & ~reg_we_i & ~r_err) ? r_data : 32'd0;
  assign irq_o       = |(irq_en_q & irq_st_q);

  // ------------------------------------------------------------------------------------------
  // Registers
  // ------------------------------------------------------------------------------------------
  always_ff @(posedge clk_i or negedge rst_ni) begin : regs
    if (!rst_ni) begin
      key_q <= '0; din_q <= '0; dout_q <= '0; key_len_q <= '0; dec_q <= 1'b0;
      irq_en_q <= '0; irq_st_q <= '0;
      key_pend_q <= 1'b0; key_run_q <= 1'b0; blk_pend_q <= 1'b0; blk_run_q <= 1'b0; zero_q <= 1'b0;
      done_q <= 1'b0; err_q <= ErrNone;
    end else begin
      zero_q <= cmd_zeroize;
      // configuration and data words (byte strobes)
      if (w_cfg) begin
        if (reg_wstrb_i[0]) key_len_q <= reg_wdata_i[1:0];
        if (reg_wstrb_i[1]) dec_q     <= reg_wdata_i[8];
      end
      if (w_irq_en && reg_wstrb_i[0]) irq_en_q <= reg_wdata_i[1:0];
      for (int b = 0; b < 4; b++) begin
        if (w_key && reg_wstrb_i[b]) key_q[32*reg_addr_i[4:2] + 8*b +: 8] <= reg_wdata_i[8*b +: 8];
        if (w_din && reg_wstrb_i[b]) din_q[32*reg_addr_i[3:2] + 8*b +: 8] <= reg_wdata_i[8*b +: 8];
      end
      // interrupt status: write 1 to clear; a new event in the same cycle wins
      if (w_irq_st && reg_wstrb_i[0]) irq_st_q <= irq_st_q & ~reg_wdata_i[1:0];
      // commands
      if (cmd_keyload) begin
        key_pend_q <= 1'b1; done_q <= 1'b0; err_q <= ErrNone;
      end
      if (cmd_start) begin
        blk_pend_q <= 1'b1; done_q <= 1'b0; err_q <= ErrNone; dout_q <= '0;
      end
      // core handshakes
      if (key_hs) begin
        key_pend_q <= 1'b0; key_run_q <= 1'b1;
        key_q      <= '0;                         // SEC_CM: key words wiped once the core has them
      end
      if (key_done) begin
        key_run_q   <= 1'b0;
        irq_st_q[1] <= 1'b1;
        if (c_key_err) err_q <= ErrKeyLen;
      end
      if (blk_hs) begin
        blk_pend_q <= 1'b0; blk_run_q <= 1'b1;
        din_q      <= '0;                         // input block wiped once the core has it
      end
      if (blk_done) begin
        blk_run_q   <= 1'b0;
        done_q      <= 1'b1;
        irq_st_q[0] <= 1'b1;
        if (c_out_err) err_q <= c_key_ok ? ErrNoDec : ErrNoKey;
        else begin
          for (int j = 0; j < 16; j++) dout_q[8*j +: 8] <= c_out_data[127-8*j -: 8];
        end
      end
      // ZEROIZE: everything but CFG and IRQ_EN, a running command dropped (no interrupt)
      if (cmd_zeroize) begin
        key_q <= '0; din_q <= '0; dout_q <= '0; irq_st_q <= '0;
        key_pend_q <= 1'b0; key_run_q <= 1'b0; blk_pend_q <= 1'b0; blk_run_q <= 1'b0;
        done_q <= 1'b0; err_q <= ErrNone;
      end
    end
  end

endmodule

`default_nettype wire
