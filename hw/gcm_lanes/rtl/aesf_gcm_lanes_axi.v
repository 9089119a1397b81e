// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_gcm_lanes_axi: AXI4-Stream + AXI4-Lite front end of aesf_gcm_lanes (seed 004). The register map is
// described once in hw/gcm_lanes/gcm_lanes_regs.json; the C header (sw/aesf_gcm_lanes_regs.h) and the table
// in hw/gcm_lanes/README.md are generated from it (`aesforge regmap`), and tests/gcm_lanes/test_gcm_lanes_axi.py
// checks this RTL against the same file (every address read and written).
//
// Byte order:
//   AXI4-Stream: byte k of a beat in tdata[8k+7:8k] (tkeep[k]); message bytes in order, lane 0 first.
//     Inside the core byte 0 is the top byte, so the beat is byte-reversed at the boundary.
//   AXI4-Lite: KEYi holds key bytes 4i..4i+3, byte 4i in bits [7:0] (a little-endian CPU copies the key
//     array word by word); TAGi likewise.
//   Example (N = 1): the AAD block 00 01 .. 0f is s_axis_tdata = 128'h0f0e..0100, tkeep = 16'hffff.
//
// Message protocol (hw/gcm_lanes/README.md):
//   1. write KEY0..KEY(KEY_BITS/32-1), CTRL.KEY_LOAD; wait STATUS.KEY_OK. The key registers are wiped by the load.
//   2. write CFG (direction, tag length, buffered), IV_LEN, AAD_LEN, TXT_LEN_LO/HI; CTRL.START.
//   3. send exactly one s_axis frame: IV bytes (tuser 0), AAD (1), text (2), decrypt: tag (3); each segment
//      starts on a new beat, its last beat has tkeep = the low (len mod 16N or 16N) bytes; tlast on the frame's
//      last beat. Anything else is a framing error (STATUS.ERR 5): the core message is aborted and the rest
//      of the frame, up to tlast, is discarded.
//   4. read exactly one m_axis frame: the text (CT or PT), then one status beat with tlast. m_axis_tuser:
//      [0] text not yet verified (decrypt, unbuffered), [1] status beat, [2] auth FAIL, [3] error.
//      Status beat: encrypt OK: the tag (tag_len bytes); otherwise one byte {3'b0, err[3:0], auth_fail}.
//   Every START (also one refused by the core) consumes one s_axis frame and produces one m_axis frame.
//   5. ABORT ends the running message at once: the m_axis frame is closed with a status beat (ERR 4) and the
//      rest of the s_axis frame is discarded up to its tlast in the background (STATUS.DRAINING, BUSY); an
//      ABORT while only that discard runs (a source that abandoned its frame) ends the discard. ZEROIZE wipes
//      key, configuration, tag and every buffer (the s_axis input buffer too) and ends a message and a discard
//      at once. Neither breaks the AXI4-Stream rule: a beat already offered on m_axis (tvalid high, tready low)
//      stays valid and stable until taken (a hold register keeps it across ZEROIZE); what is behind it is gone.
//   6. A register write is applied whole or not at all: SLVERR (reserved bit set in a strobed byte, several
//      CTRL commands at once, START / KEY_LOAD / configuration while BUSY, read-only or unmapped address)
//      changes nothing.
//
// AXI4-Lite: the library's slave, aesf_reg_axil (AW / W / AR registered, awvalid + wvalid -> bvalid and
// arvalid -> rvalid 2 cycles, reads and writes round robin; as AXI specifies, the strobes select the bytes and
// awaddr / araddr[1:0] are ignored).
// Latency: s_axis -> core: 1 cycle (2-entry input buffer, no combinational tvalid -> tready path); the core's
// output register drives m_axis (buffered decrypt: from the plaintext buffer after PASS).

`default_nettype none

module aesf_gcm_lanes_axi #(
  parameter int N            = 2,   // AES lanes = blocks per beat: 1, 2 or 4 (tdata is 128*N bits)
  parameter int KEY_BITS     = 128, // 128, 192 or 256
  parameter int SBOX_IMPL    = 0,   // 0..4, see aesf_gcm_lanes
  parameter int PIPE_MASK    = 0,   // 0..15, see aesf_gcm_lanes
  parameter int GH_ORDER     = 4,   // 0..6
  parameter int GH_PIPE_MASK = 13,  // < 2^(GH_ORDER+1)
  parameter int GH_IN_MASK   = 0,   // < 2^(GH_ORDER+1)
  parameter int GH_OUT_REG   = 0,   // 0..1
  parameter int KS_LOG2      = 5,   // 2..10
  parameter int ROM_LANES    = N,   // 0..N, see aesf_gcm_lanes (block-ROM S-box lanes with SBOX_IMPL 2 / 4)
  parameter int LUT_SBOX     = 0,   // 0 or 3, see aesf_gcm_lanes (S-box of the other lanes with SBOX_IMPL 2 / 4)
  parameter int ROM_ROUNDS   = 0,   // 0..2^Nr-1, see aesf_gcm_lanes (their rounds in block ROM all the same)
  parameter int BUF_LOG2     = 0    // buffered-decrypt plaintext buffer 2^BUF_LOG2 beats; 0 = no buffer: 0..12
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  output logic                 irq_o,
  // AXI4-Lite slave, 8-bit byte address, 32-bit data
  input  logic [7:0]           s_axil_awaddr,
  input  logic [2:0]           s_axil_awprot,
  input  logic                 s_axil_awvalid,
  output logic                 s_axil_awready,
  input  logic [31:0]          s_axil_wdata,
  input  logic [3:0]           s_axil_wstrb,
  input  logic                 s_axil_wvalid,
  output logic                 s_axil_wready,
  output logic [1:0]           s_axil_bresp,
  output logic                 s_axil_bvalid,
  input  logic                 s_axil_bready,
  input  logic [7:0]           s_axil_araddr,
  input  logic [2:0]           s_axil_arprot,
  input  logic                 s_axil_arvalid,
  output logic                 s_axil_arready,
  output logic [31:0]          s_axil_rdata,
  output logic [1:0]           s_axil_rresp,
  output logic                 s_axil_rvalid,
  input  logic                 s_axil_rready,
  // AXI4-Stream in: IV / AAD / text / tag
  input  logic [N*128-1:0]     s_axis_tdata,
  input  logic [N*16-1:0]      s_axis_tkeep,
  input  logic [1:0]           s_axis_tuser,
  input  logic                 s_axis_tlast,
  input  logic                 s_axis_tvalid,
  output logic                 s_axis_tready,
  // AXI4-Stream out: text, then a status beat
  output logic [N*128-1:0]     m_axis_tdata,
  output logic [N*16-1:0]      m_axis_tkeep,
  output logic [3:0]           m_axis_tuser,
  output logic                 m_axis_tlast,
  output logic                 m_axis_tvalid,
  input  logic                 m_axis_tready
);

  localparam int BB = 16 * N;            // bytes per beat
  localparam int NKW = KEY_BITS / 32;    // key words

  aesf_param_check #(
    .ILLEGAL(!(N == 1 || N == 2 || N == 4) || !aesf_pkg::key_bits_ok(KEY_BITS) ||
             BUF_LOG2 < 0 || BUF_LOG2 > 12),
    .MSG    ("aesf_gcm_lanes_axi: N 1/2/4, KEY_BITS 128/192/256, BUF_LOG2 0..12")
  ) u_param_check ();

  // Register addresses (hw/gcm_lanes/gcm_lanes_regs.json)
  localparam logic [7:0] AdrId      = 8'h00;
  localparam logic [7:0] AdrCtrl    = 8'h04;
  localparam logic [7:0] AdrCfg     = 8'h08;
  localparam logic [7:0] AdrIvLen   = 8'h0C;
  localparam logic [7:0] AdrAadLen  = 8'h10;
  localparam logic [7:0] AdrTxtLo   = 8'h14;
  localparam logic [7:0] AdrTxtHi   = 8'h18;
  localparam logic [7:0] AdrStatus  = 8'h1C;
  localparam logic [7:0] AdrIrqEn   = 8'h20;
  localparam logic [7:0] AdrIrqSt   = 8'h24;
  localparam logic [7:0] AdrTag0    = 8'h30;   // TAG0..TAG3: 0x30..0x3C
  localparam logic [7:0] AdrKey0    = 8'h40;   // KEY0..KEY7: 0x40..0x5C (write-only)


  // error codes in STATUS.ERR (core codes 1, 2, 4 plus the front end's)
  localparam logic [3:0] ErrAborted = 4'(aesf_pkg::GcmErrAborted);   // ABORT / ZEROIZE (also the core's code)
  localparam logic [3:0] ErrFraming = aesf_pkg::GcmErrFraming;       // s_axis frame does not match the lengths
  localparam logic [3:0] ErrBufLen  = aesf_pkg::GcmErrBufLen;        // buffered decrypt: text longer than the buffer

  // ------------------------------------------------------------------------------------------
  // Core
  // ------------------------------------------------------------------------------------------
  logic             c_key_valid, c_key_ready, c_key_ok, c_cmd_valid, c_cmd_ready;
  logic             c_in_valid, c_in_ready, c_out_valid, c_out_ready, c_out_last, c_done, c_fail, c_busy;
  logic             c_abort, c_clear;
  logic [255:0]     c_key;
  logic [N*128-1:0] c_in_data, c_out_data;
  logic [3:0]       c_out_cnt;
  logic [127:0]     c_tag;
  logic [2:0]       c_err;

  // configuration registers
  logic             cfg_dec_q, cfg_buf_q;
  logic [4:0]       cfg_tag_len_q;
  logic [15:0]      iv_len_q;
  logic [31:0]      aad_len_q;
  logic [35:0]      txt_len_q;
  logic [31:0]      key_q [8];
  logic             irq_en_q, irq_st_q;

  aesf_gcm_lanes #(
    .N(N), .KEY_BITS(KEY_BITS), .SBOX_IMPL(SBOX_IMPL), .PIPE_MASK(PIPE_MASK), .GH_ORDER(GH_ORDER),
    .GH_PIPE_MASK(GH_PIPE_MASK), .GH_IN_MASK(GH_IN_MASK), .GH_OUT_REG(GH_OUT_REG), .KS_LOG2(KS_LOG2),
    .ROM_LANES(ROM_LANES), .LUT_SBOX(LUT_SBOX), .ROM_ROUNDS(ROM_ROUNDS), .IV_IN_CMD(0), .CQ_LOG2(1)
  ) u_core (
    .clk_i, .rst_ni,
    .key_valid_i(c_key_valid), .key_ready_o(c_key_ready), .key_i(c_key), .key_ok_o(c_key_ok),
    .cmd_valid_i(c_cmd_valid), .cmd_ready_o(c_cmd_ready), .cmd_decrypt_i(cfg_dec_q),
    .cmd_iv_len_i(iv_len_q), .cmd_aad_len_i(aad_len_q), .cmd_txt_len_i(txt_len_q), .cmd_tag_len_i(cfg_tag_len_q),
    .cmd_iv_i(96'd0),
    .in_valid_i(c_in_valid), .in_ready_o(c_in_ready), .in_data_i(c_in_data),
    .out_valid_o(c_out_valid), .out_ready_i(c_out_ready), .out_data_o(c_out_data), .out_cnt_o(c_out_cnt),
    .out_last_o(c_out_last),
    .done_o(c_done), .tag_o(c_tag), .auth_fail_o(c_fail), .err_o(c_err), .busy_o(c_busy),
    .abort_i(c_abort), .clear_i(c_clear)
  );

  // key: KEYi byte b is key byte 4i+b; core key byte 0 is key_i[255:248]
  for (genvar j = 0; j < 32; j++) begin : gen_key
    assign c_key[255-8*j -: 8] = (j < KEY_BITS / 8) ? key_q[j/4][8*(j%4) +: 8] : 8'd0;
  end

  function automatic logic [N*128-1:0] brev(input logic [N*128-1:0] d);
    for (int k = 0; k < BB; k++) brev[8*k +: 8] = d[N*128-1-8*k -: 8];
  endfunction

  // byte count -> tkeep (0 means a full beat)
  function automatic logic [BB-1:0] keep_of(input logic [35:0] left);
    keep_of = '1;
    if (left < 36'(BB)) keep_of = ~({BB{1'b1}} << left[$clog2(BB):0]);
  endfunction

  // ------------------------------------------------------------------------------------------
  // Message state (front end)
  // ------------------------------------------------------------------------------------------
  // input side: the s_axis frame of the current START
  localparam logic [1:0] SegIv = 2'd0, SegAad = 2'd1, SegTxt = 2'd2, SegTag = 2'd3;
  logic       fin_q;         // consuming the frame (checked beats go to the core)
  logic       drain_q;       // discarding the rest of the frame, up to tlast
  logic [1:0] seg_q;
  logic [35:0] seg_left_q;   // bytes left in the current segment
  logic       cmd_pend_q;    // START accepted, command not yet taken by the core
  logic       core_run_q;    // the core runs our message (until done_o)
  // output side
  logic       st_pend_q;     // status beat to send (after the text / buffer)
  logic [35:0] out_left_q;   // text bytes still to send on m_axis
  logic       dec_run_q, buf_run_q;
  logic [3:0] err_q;
  logic       fail_q, done_q;
  logic [127:0] tag_q;       // encrypt tag of the last message (TAGi, status beat)
  logic [4:0] tag_len_run_q;

  // ------------------------------------------------------------------------------------------
  // Input buffer: 2 entries, tready from its fill level only
  // ------------------------------------------------------------------------------------------
  logic [N*128-1:0] ib_data_q [2];
  logic [BB-1:0]    ib_keep_q [2];
  logic [1:0]       ib_user_q [2];
  logic             ib_last_q [2];
  logic [1:0]       ib_cnt_q;
  logic             ib_wp_q, ib_rp_q;
  logic             ib_push, ib_pop, ib_have;
  logic             zeroize;

  assign s_axis_tready = (ib_cnt_q != 2'd2);
  assign ib_push       = s_axis_tvalid && s_axis_tready;
  assign ib_have       = (ib_cnt_q != 2'd0);

  logic [N*128-1:0] h_data;
  logic [BB-1:0]    h_keep;
  logic [1:0]       h_user;
  logic             h_last;
  assign h_data = ib_data_q[ib_rp_q];
  assign h_keep = ib_keep_q[ib_rp_q];
  assign h_user = ib_user_q[ib_rp_q];
  assign h_last = ib_last_q[ib_rp_q];

  // what the head beat must look like
  logic [1:0]  nseg;           // segment after the current one
  logic        nseg_none;      // the current one is the last of the frame
  always_comb begin
    nseg = seg_q; nseg_none = 1'b0;
    unique case (seg_q)
      SegIv:  if (aad_len_q != '0) nseg = SegAad; else if (txt_len_q != '0) nseg = SegTxt;
              else if (cfg_dec_q) nseg = SegTag; else nseg_none = 1'b1;
      SegAad: if (txt_len_q != '0) nseg = SegTxt; else if (cfg_dec_q) nseg = SegTag; else nseg_none = 1'b1;
      SegTxt: if (cfg_dec_q) nseg = SegTag; else nseg_none = 1'b1;
      default: nseg_none = 1'b1;
    endcase
  end
  logic seg_end, beat_good;
  assign seg_end   = (seg_left_q <= 36'(BB));
  assign beat_good = (h_user == seg_q) && (h_keep == keep_of(seg_left_q)) && (h_last == (seg_end && nseg_none));

  // the core takes a checked beat; a bad beat starts the drain
  assign c_in_valid = fin_q && !drain_q && ib_have && beat_good && !cmd_pend_q;
  assign c_in_data  = brev(h_data);
  logic frame_err;
  assign frame_err  = fin_q && !drain_q && ib_have && !beat_good && !cmd_pend_q;
  assign ib_pop     = (c_in_valid && c_in_ready) || (drain_q && ib_have);

  // ------------------------------------------------------------------------------------------
  // Buffered decrypt: plaintext held until PASS, wiped on FAIL
  // ------------------------------------------------------------------------------------------
  logic             bf_wr, bf_rd_ok, bf_wiping;
  logic [N*128-1:0] bf_rdata;
  logic             bf_empty;
  logic             bf_release_q;  // PASS: release the buffer

  if (BUF_LOG2 > 0) begin : gen_buf
    localparam int BD = 1 << BUF_LOG2;
    logic [N*128-1:0]  mem [BD];
    logic [BUF_LOG2:0] wp_q, rp_q, wipe_q;
    logic              wiping_q;
    assign bf_rdata  = mem[rp_q[BUF_LOG2-1:0]];
    assign bf_empty  = (wp_q == rp_q);
    assign bf_wiping = wiping_q;
    always_ff @(posedge clk_i) begin
      if (wiping_q)   mem[wipe_q[BUF_LOG2-1:0]] <= '0;
      else if (bf_wr) mem[wp_q[BUF_LOG2-1:0]] <= c_out_data;
    end
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        wp_q <= '0; rp_q <= '0; wipe_q <= '0; wiping_q <= 1'b0;
      end else if (zeroize || (c_done && core_run_q && buf_run_q && (c_fail || c_err != 3'd0))) begin
        // FAIL, abort or zeroize: every entry is overwritten with zero before anything else happens
        wp_q <= '0; rp_q <= '0; wipe_q <= '0; wiping_q <= 1'b1;
      end else if (wiping_q) begin
        wipe_q <= wipe_q + 1'b1;
        if (wipe_q == (BUF_LOG2+1)'(BD - 1)) wiping_q <= 1'b0;
      end else begin
        if (bf_wr)    wp_q <= wp_q + 1'b1;
        if (bf_rd_ok) rp_q <= rp_q + 1'b1;
      end
    end
  end else begin : gen_nobuf
    assign bf_rdata  = '0;
    assign bf_empty  = 1'b1;
    assign bf_wiping = 1'b0;
  end

  // ------------------------------------------------------------------------------------------
  // m_axis: text (core output or buffer), then the status beat
  // ------------------------------------------------------------------------------------------
  // hold register: the beat offered on m_axis when ZEROIZE comes stays offered (valid, stable) until taken
  logic             hold_v_q, hold_last_q, hold_cap;
  logic [N*128-1:0] hold_data_q;
  logic [BB-1:0]    hold_keep_q;
  logic [3:0]       hold_user_q;

  logic text_from_core, text_from_buf, st_beat, m_hs;
  assign text_from_core = c_out_valid && !buf_run_q && !hold_v_q;
  assign text_from_buf  = buf_run_q && bf_release_q && !bf_empty && !hold_v_q;
  // the status beat closes the m_axis frame once the message no longer consumes its s_axis frame (after a
  // framing error or a refusal: once the rest of the frame was discarded; after ABORT / ZEROIZE: at once)
  assign st_beat        = st_pend_q && !fin_q && !hold_v_q && !text_from_core && !text_from_buf && !bf_wiping &&
                          !(buf_run_q && bf_release_q && !bf_empty);
  assign bf_wr          = c_out_valid && buf_run_q;
  assign c_out_ready    = !hold_v_q && (buf_run_q ? 1'b1 : m_axis_tready);
  assign m_hs           = m_axis_tvalid && m_axis_tready;
  assign bf_rd_ok       = text_from_buf && m_axis_tready;

  logic [BB-1:0]    st_keep;
  logic [N*128-1:0] st_data;
  logic             st_tag;   // the status beat carries the tag
  assign st_tag = !dec_run_q && (err_q == 4'd0);
  always_comb begin
    st_data = '0;
    st_keep = '0;
    if (st_tag) begin
      st_data = brev({tag_q, {(N-1)*128{1'b0}}});
      st_keep = BB'(~({BB{1'b1}} << tag_len_run_q));
    end else begin
      st_data[7:0] = {3'b000, err_q, fail_q};
      st_keep      = BB'(1);
    end
  end

  assign m_axis_tvalid = hold_v_q || text_from_core || text_from_buf || st_beat;
  assign m_axis_tdata  = hold_v_q ? hold_data_q :
                         text_from_core ? brev(c_out_data) : text_from_buf ? brev(bf_rdata) : st_data;
  assign m_axis_tkeep  = hold_v_q ? hold_keep_q : (text_from_core || text_from_buf) ? keep_of(out_left_q) : st_keep;
  assign m_axis_tlast  = hold_v_q ? hold_last_q : !text_from_core && !text_from_buf && st_beat;
  assign m_axis_tuser  = hold_v_q ? hold_user_q :
                         (text_from_core || text_from_buf) ? {3'b000, dec_run_q && !buf_run_q}
                                                           : {err_q != 4'd0, fail_q, 1'b1, 1'b0};

  // ------------------------------------------------------------------------------------------
  // AXI4-Lite
  // ------------------------------------------------------------------------------------------
  // The library's AXI4-Lite slave (aesf_reg_axil): AW / W / AR registered, one register access per cycle on
  // its register port (reg_req: a write with reg_we, or a read), answered in that cycle (reg_err: SLVERR).
  logic        reg_req, reg_we, reg_err;
  logic [7:0]  reg_addr;       // word address (the strobes select the bytes)
  logic [31:0] reg_wdata, reg_rdata;
  logic [3:0]  reg_wstrb;
  logic        wr_do;          // a register write is applied (or refused) in this cycle

  aesf_reg_axil #(
    .AW (8)
  ) u_reg_axil (
    .clk_i,
    .rst_ni,
    .s_axil_awaddr,
    .s_axil_awprot,
    .s_axil_awvalid,
    .s_axil_awready,
    .s_axil_wdata,
    .s_axil_wstrb,
    .s_axil_wvalid,
    .s_axil_wready,
    .s_axil_bresp,
    .s_axil_bvalid,
    .s_axil_bready,
    .s_axil_araddr,
    .s_axil_arprot,
    .s_axil_arvalid,
    .s_axil_arready,
    .s_axil_rdata,
    .s_axil_rresp,
    .s_axil_rvalid,
    .s_axil_rready,
    .reg_req_o      (reg_req),
    .reg_we_o       (reg_we),
    .reg_addr_o     (reg_addr),
    .reg_wdata_o    (reg_wdata),
    .reg_wstrb_o    (reg_wstrb),
    .reg_rdata_i    (reg_rdata),
    .reg_err_i      (reg_err)
  );
  assign wr_do = reg_req && reg_we;

  logic busy_all;   // a message or key load is in progress anywhere in the front end or the core
  assign busy_all = c_busy || fin_q || drain_q || cmd_pend_q || core_run_q || st_pend_q || c_key_valid ||
                    bf_wiping || !bf_empty || hold_v_q;

  // write decode: a write is applied whole or refused with SLVERR and applied not at all
  logic [31:0] wmask;
  assign wmask = {{8{reg_wstrb[3]}}, {8{reg_wstrb[2]}}, {8{reg_wstrb[1]}}, {8{reg_wstrb[0]}}};
  // the bits that exist at the write address (the fields of gcm_lanes_regs.json): a strobed 1 anywhere else
  // is refused, so that no field is ever truncated (e.g. TXT_LEN_HI = 0x10, a TAG_LEN of 0x30)
  logic [31:0] w_legal, w_bits;
  always_comb begin
    unique case (reg_addr)
      AdrCtrl:            w_legal = 32'h0000_000F;
      AdrCfg:             w_legal = 32'h0000_1F03;
      AdrIvLen:           w_legal = 32'h0000_FFFF;
      AdrTxtHi:           w_legal = 32'h0000_000F;
      AdrIrqEn, AdrIrqSt: w_legal = 32'h0000_0001;
      default:            w_legal = 32'hFFFF_FFFF;   // AAD_LEN, TXT_LEN_LO, KEYi; others are refused below
    endcase
  end
  assign w_bits = reg_wdata & wmask;
  logic       w_rsv, c_multi;
  logic [3:0] c_cmd;               // CTRL command bits written: START, KEY_LOAD, ABORT, ZEROIZE
  assign w_rsv   = (w_bits & ~w_legal) != 32'd0;
  assign c_cmd   = w_bits[3:0];
  assign c_multi = (c_cmd & (c_cmd - 4'd1)) != 4'd0;   // more than one command bit
  logic w_start, w_keyload, w_abort, w_zeroize, w_cfg_ok, w_err;
  always_comb begin
    w_start = 1'b0; w_keyload = 1'b0; w_abort = 1'b0; w_zeroize = 1'b0; w_cfg_ok = 1'b0; w_err = 1'b0;
    if (wr_do) begin
      if (reg_addr == AdrCtrl) begin
        if (w_rsv || c_multi || ((c_cmd[0] || c_cmd[1]) && busy_all)) begin
          w_err = 1'b1;                       // refused, nothing applied
        end else begin
          w_start   = c_cmd[0];
          w_keyload = c_cmd[1];
          w_abort   = c_cmd[2];
          w_zeroize = c_cmd[3];
        end
      end else if (reg_addr == AdrCfg || reg_addr == AdrIvLen || reg_addr == AdrAadLen ||
                   reg_addr == AdrTxtLo || reg_addr == AdrTxtHi) begin
        if (busy_all || w_rsv) w_err = 1'b1;  // the running message keeps its lengths
        else w_cfg_ok = 1'b1;
      end else if (reg_addr == AdrIrqEn || reg_addr == AdrIrqSt) begin
        if (w_rsv) w_err = 1'b1;
        else w_cfg_ok = 1'b1;
      end else if (reg_addr >= AdrKey0 && reg_addr < AdrKey0 + 8'(4 * NKW)) begin
        w_cfg_ok = 1'b1;              // the core holds its own copy: writing the next key is harmless
      end else begin
        w_err = 1'b1;                 // read-only or unmapped
      end
    end
  end
  assign zeroize = w_zeroize;
  assign c_clear = w_zeroize;
  assign c_abort = (w_abort && core_run_q) || frame_err;
  // ABORT: a message still taking its s_axis frame stops taking it (the rest is discarded up to tlast); an
  // ABORT while the front end only discards such a rest (no frame of a running message) ends the discard
  logic abort_fin, abort_drain;
  assign abort_fin   = w_abort && fin_q;
  assign abort_drain = w_abort && drain_q && !fin_q;
  // ZEROIZE wipes the input buffer at once; a wiped beat (or one taken in this cycle) with tlast ends the frame
  logic ib_wiped_last;
  assign ib_wiped_last = (ib_have && (h_last || (ib_cnt_q == 2'd2 && ib_last_q[!ib_rp_q]))) ||
                         (ib_push && s_axis_tlast);
  // ZEROIZE: the m_axis beat on offer is kept (hold register) if the sink has not taken it in this cycle
  assign hold_cap = zeroize && m_axis_tvalid && !m_axis_tready && !hold_v_q;
  // the m_axis frame of a message is open (its status beat not yet taken or held)
  logic msg_open, last_held;
  assign last_held = (hold_cap && m_axis_tlast) || (hold_v_q && hold_last_q && !m_hs);
  assign msg_open  = (fin_q || cmd_pend_q || core_run_q || st_pend_q) && !(m_hs && m_axis_tlast) && !last_held;

  // read decode (aesf_reg_axil registers the response)
  logic [31:0] rd_data;
  logic        rd_err;
  always_comb begin
    rd_data = '0;
    rd_err  = 1'b0;
    unique case (reg_addr)
      AdrId:     rd_data = {16'hAE5F, 8'(N), 8'(KEY_BITS / 8)};
      AdrCtrl:   rd_data = '0;
      AdrCfg:    rd_data = {19'd0, cfg_tag_len_q, 6'd0, cfg_buf_q, cfg_dec_q};
      AdrIvLen:  rd_data = {16'd0, iv_len_q};
      AdrAadLen: rd_data = aad_len_q;
      AdrTxtLo:  rd_data = txt_len_q[31:0];
      AdrTxtHi:  rd_data = {28'd0, txt_len_q[35:32]};
      AdrStatus: rd_data = {8'(BUF_LOG2), 15'd0, drain_q, err_q, fail_q, done_q, c_key_ok, busy_all};
      AdrIrqEn:  rd_data = {31'd0, irq_en_q};
      AdrIrqSt:  rd_data = {31'd0, irq_st_q};
      AdrTag0:   rd_data = {tag_q[103:96], tag_q[111:104], tag_q[119:112], tag_q[127:120]};
      8'h34:     rd_data = {tag_q[71:64],  tag_q[79:72],   tag_q[87:80],   tag_q[95:88]};
      8'h38:     rd_data = {tag_q[39:32],  tag_q[47:40],   tag_q[55:48],   tag_q[63:56]};
      8'h3C:     rd_data = {tag_q[7:0],    tag_q[15:8],    tag_q[23:16],   tag_q[31:24]};
      default:   rd_err  = 1'b1;     // unmapped and the write-only KEYi: SLVERR, data 0
    endcase
  end
  assign reg_rdata = rd_data;
  assign reg_err   = reg_we ? w_err : rd_err;

  // ------------------------------------------------------------------------------------------
  // Sequential
  // ------------------------------------------------------------------------------------------
  logic start_bad_buf;
  // (37 bits: TXT_LEN up to 2^36 - 1 must not wrap to a small beat count)
  assign start_bad_buf = cfg_buf_q && cfg_dec_q &&
                         ((BUF_LOG2 == 0) ||
                          (((37'(txt_len_q) + 37'(BB) - 37'd1) >> $clog2(BB)) > 37'(1 << BUF_LOG2)));

  // an ABORT in the cycle the core would take the command: the command is withdrawn instead
  assign c_cmd_valid = cmd_pend_q && !w_abort;
  assign irq_o       = irq_en_q && irq_st_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cfg_dec_q <= 1'b0; cfg_buf_q <= 1'b0; cfg_tag_len_q <= 5'd16; iv_len_q <= 16'd12; aad_len_q <= '0;
      txt_len_q <= '0;
      for (int i = 0; i < 8; i++) key_q[i] <= '0;
      irq_en_q <= 1'b0; irq_st_q <= 1'b0;
      c_key_valid <= 1'b0;
      ib_cnt_q <= '0; ib_wp_q <= 1'b0; ib_rp_q <= 1'b0;
      for (int i = 0; i < 2; i++) begin
        ib_data_q[i] <= '0; ib_keep_q[i] <= '0; ib_user_q[i] <= '0; ib_last_q[i] <= 1'b0;
      end
      fin_q <= 1'b0; drain_q <= 1'b0; seg_q <= SegIv; seg_left_q <= '0; cmd_pend_q <= 1'b0; core_run_q <= 1'b0;
      st_pend_q <= 1'b0; out_left_q <= '0; dec_run_q <= 1'b0; buf_run_q <= 1'b0; err_q <= '0; fail_q <= 1'b0;
      done_q <= 1'b0; tag_q <= '0; tag_len_run_q <= '0; bf_release_q <= 1'b0;
      hold_v_q <= 1'b0; hold_last_q <= 1'b0; hold_data_q <= '0; hold_keep_q <= '0; hold_user_q <= '0;
    end else begin
      // register writes (byte strobes)
      if (w_cfg_ok) begin
        unique case (reg_addr)
          AdrCfg: begin
            if (reg_wstrb[0]) begin cfg_dec_q <= reg_wdata[0]; cfg_buf_q <= reg_wdata[1]; end
            if (reg_wstrb[1]) cfg_tag_len_q <= reg_wdata[12:8];
          end
          AdrIvLen:  iv_len_q  <= (iv_len_q & ~wmask[15:0]) | (reg_wdata[15:0] & wmask[15:0]);
          AdrAadLen: aad_len_q <= (aad_len_q & ~wmask) | (reg_wdata & wmask);
          AdrTxtLo:  txt_len_q[31:0] <= (txt_len_q[31:0] & ~wmask) | (reg_wdata & wmask);
          AdrTxtHi:  if (reg_wstrb[0]) txt_len_q[35:32] <= reg_wdata[3:0];
          AdrIrqEn:  if (reg_wstrb[0]) irq_en_q <= reg_wdata[0];
          AdrIrqSt:  if (reg_wstrb[0] && reg_wdata[0]) irq_st_q <= 1'b0;   // write 1 to clear
          default:   key_q[reg_addr[4:2]] <= (key_q[reg_addr[4:2]] & ~wmask) | (reg_wdata & wmask);
        endcase
      end

      // ---------------- key load: the key registers are wiped once the core has its copy
      if (w_keyload) begin
        c_key_valid <= 1'b1;
        done_q <= 1'b0; err_q <= '0; fail_q <= 1'b0; tag_q <= '0;
      end
      if (c_key_valid && c_key_ready) begin
        c_key_valid <= 1'b0;
        for (int i = 0; i < 8; i++) key_q[i] <= '0;
      end

      // ---------------- input buffer
      if (ib_push) begin
        ib_data_q[ib_wp_q] <= s_axis_tdata;
        ib_keep_q[ib_wp_q] <= s_axis_tkeep;
        ib_user_q[ib_wp_q] <= s_axis_tuser;
        ib_last_q[ib_wp_q] <= s_axis_tlast;
        ib_wp_q <= !ib_wp_q;
      end
      if (ib_pop) begin
        ib_rp_q <= !ib_rp_q;
        ib_data_q[ib_rp_q] <= '0;     // no stale text left behind
      end
      ib_cnt_q <= ib_cnt_q + 2'(ib_push) - 2'(ib_pop);

      // ---------------- START
      if (w_start) begin
        done_q <= 1'b0; err_q <= '0; fail_q <= 1'b0; tag_q <= '0;
        dec_run_q <= cfg_dec_q;
        buf_run_q <= cfg_buf_q && cfg_dec_q && (BUF_LOG2 > 0);
        tag_len_run_q <= cfg_tag_len_q;
        out_left_q <= txt_len_q;
        bf_release_q <= 1'b0;
        fin_q <= 1'b1;
        seg_q <= SegIv;
        seg_left_q <= 36'(iv_len_q);
        if (start_bad_buf) begin
          err_q     <= ErrBufLen;       // refused: the frame is discarded, the status beat says why
          drain_q   <= 1'b1;
          st_pend_q <= 1'b1;
          buf_run_q <= 1'b0;
        end else begin
          cmd_pend_q <= 1'b1;
        end
      end
      if (c_cmd_valid && c_cmd_ready) begin
        cmd_pend_q <= 1'b0;
        core_run_q <= 1'b1;
      end

      // ---------------- frame bookkeeping
      if (c_in_valid && c_in_ready) begin
        if (seg_end) begin
          if (nseg_none) fin_q <= 1'b0;
          seg_q <= nseg;
          unique case (nseg)
            SegAad:  seg_left_q <= 36'(aad_len_q);
            SegTxt:  seg_left_q <= txt_len_q;
            SegTag:  seg_left_q <= 36'(cfg_tag_len_q);
            default: seg_left_q <= '0;
          endcase
        end else begin
          seg_left_q <= seg_left_q - 36'(BB);
        end
      end
      if (frame_err) begin
        drain_q <= 1'b1;
        err_q   <= ErrFraming;
      end
      if (drain_q && ib_have && h_last) begin   // the discarded frame ends here
        drain_q <= 1'b0;
        fin_q   <= 1'b0;
      end

      // ---------------- ABORT: the message ends at once (the core answers with done_o, err 4)
      if (abort_fin) begin          // stop taking the frame: its rest is discarded up to tlast
        fin_q   <= 1'b0;
        drain_q <= 1'b1;
      end
      if (w_abort && cmd_pend_q) begin   // the core never saw the command: the message ends here
        cmd_pend_q <= 1'b0;
        st_pend_q  <= 1'b1;
        if (err_q == 4'd0) err_q <= ErrAborted;
      end
      if (abort_drain) begin        // the source abandoned its frame: end the discard, wipe what is buffered
        drain_q  <= 1'b0;
        ib_cnt_q <= '0;
        ib_wp_q  <= 1'b0;
        ib_rp_q  <= 1'b0;
        for (int i = 0; i < 2; i++) ib_data_q[i] <= '0;
      end

      // ---------------- core result
      if (c_done && core_run_q) begin
        core_run_q <= 1'b0;
        st_pend_q  <= 1'b1;
        fail_q     <= c_fail;
        tag_q      <= c_tag;
        if (err_q != ErrFraming) err_q <= {1'b0, c_err};
        if (c_err != 3'd0 && fin_q && !drain_q && !frame_err) drain_q <= 1'b1;  // refused / aborted: drop the rest
        if (buf_run_q && !c_fail && c_err == 3'd0) bf_release_q <= 1'b1;
        if (c_fail || c_err != 3'd0) out_left_q <= '0;
      end

      // ---------------- m_axis
      if (m_hs && (text_from_core || text_from_buf)) begin
        out_left_q <= (out_left_q > 36'(BB)) ? out_left_q - 36'(BB) : '0;
      end
      if (m_hs && st_beat) begin
        st_pend_q    <= 1'b0;
        done_q       <= 1'b1;
        irq_st_q     <= 1'b1;
        bf_release_q <= 1'b0;
        buf_run_q    <= 1'b0;
      end
      if (m_hs && hold_v_q) begin   // the beat held across ZEROIZE is taken: nothing of it stays behind
        hold_v_q    <= 1'b0;
        hold_last_q <= 1'b0;
        hold_data_q <= '0;
        hold_keep_q <= '0;
        hold_user_q <= '0;
        if (hold_last_q) begin      // it was the status beat: the message's frame is complete
          done_q   <= 1'b1;
          irq_st_q <= 1'b1;
        end
      end

      // ---------------- ZEROIZE: key, configuration, tag, buffers; a running message ends like an abort
      // (the rest of its s_axis frame is discarded up to tlast, its m_axis frame ends with an error status beat)
      // (the s_axis input buffer is wiped; the rest of the frame of a message that was taking it is discarded up to
      // tlast like after ABORT, and a ZEROIZE while only such a discard runs ends it; the m_axis beat on offer is
      // held until taken, then a status beat with ERR 4 closes the frame if it is still open)
      if (zeroize) begin
        for (int i = 0; i < 8; i++) key_q[i] <= '0;
        c_key_valid <= 1'b0;
        fin_q      <= 1'b0;
        drain_q    <= fin_q && !ib_wiped_last;
        ib_cnt_q   <= '0;
        ib_wp_q    <= 1'b0;
        ib_rp_q    <= 1'b0;
        for (int i = 0; i < 2; i++) begin
          ib_data_q[i] <= '0; ib_keep_q[i] <= '0; ib_user_q[i] <= '0; ib_last_q[i] <= 1'b0;
        end
        cmd_pend_q <= 1'b0;
        core_run_q <= 1'b0;
        st_pend_q  <= msg_open;
        out_left_q <= '0; buf_run_q <= 1'b0; bf_release_q <= 1'b0;
        tag_q <= '0; done_q <= 1'b0;
        if (!last_held) begin       // a held status beat keeps telling what it tells (ERR, AUTH_FAIL)
          fail_q <= 1'b0;
          err_q  <= msg_open ? ErrAborted : 4'd0;
        end
        cfg_dec_q <= 1'b0; cfg_buf_q <= 1'b0; cfg_tag_len_q <= 5'd16; iv_len_q <= 16'd12; aad_len_q <= '0;
        txt_len_q <= '0;
        if (hold_cap) begin
          hold_v_q    <= 1'b1;
          hold_data_q <= m_axis_tdata;
          hold_keep_q <= m_axis_tkeep;
          hold_user_q <= m_axis_tuser;
          hold_last_q <= m_axis_tlast;
        end
      end
    end
  end

`ifdef FORMAL
  // AXI handshake properties, checked by syn/formal/gcm_lanes_axi.sby with the core replaced by its contract
  // (syn/formal/gcm_lanes_core_abstract.sv). Core contract facts that involve front-end state are assumed here:
  // text beats only while our message runs, done_o only after the last text beat was taken, never more text
  // beats than START checked fit into the buffer.
  // In simulation (Verilator --assert, every run) the same assertions hold with the real core; the assumptions
  // are sby's environment only, and "a past cycle exists" starts at the first edge after reset.
  // f_run: out of reset at this edge and the previous one (the $past terms are defined); f_live: out of reset.
  logic f_past_valid, f_run, f_live;
`ifdef VERILATOR
  // (rst_ni is the flip-flops' asynchronous reset: no synchronous sample of it in the simulated checks; they
  // start at the second edge after reset)
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) f_past_valid <= 1'b0;
    else         f_past_valid <= 1'b1;
  end
  assign f_run  = f_past_valid;
  assign f_live = f_past_valid;
`else
  logic f_rst_q;
  initial f_past_valid = 1'b0;
  initial f_rst_q = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @(posedge clk_i) f_rst_q <= rst_ni;
  assign f_run  = f_past_valid && f_rst_q && rst_ni;
  assign f_live = rst_ni;
  always @(*) if (!f_past_valid) assume (!rst_ni);
  always @(*) if (c_out_valid) assume (core_run_q);
  always @(*) if (c_done) assume (!c_out_valid);
  if (BUF_LOG2 > 0) begin : gen_f_buf
    always @(*) if (bf_wr) assume ((gen_buf.wp_q - gen_buf.rp_q) != (BUF_LOG2 + 1)'(1 << BUF_LOG2));
  end
`endif
  always @(posedge clk_i) begin
    if (f_run) begin
      if ($past(m_axis_tvalid && !m_axis_tready)) begin
        assert (m_axis_tvalid);
        assert ($stable(m_axis_tdata) && $stable(m_axis_tkeep) && $stable(m_axis_tuser) && $stable(m_axis_tlast));
      end
      if ($past(s_axil_bvalid && !s_axil_bready)) assert (s_axil_bvalid && $stable(s_axil_bresp));
      // SLVERR => no effect: a refused write changes no register and starts nothing
      if ($past(wr_do && w_err)) begin
        assert ($stable(cfg_dec_q) && $stable(cfg_buf_q) && $stable(cfg_tag_len_q) && $stable(iv_len_q) &&
                $stable(aad_len_q) && $stable(txt_len_q) && $stable(irq_en_q));
        assert (!$rose(cmd_pend_q) && !$rose(c_key_valid) && !$rose(fin_q));
      end
      if ($past(s_axil_rvalid && !s_axil_rready)) begin
        assert (s_axil_rvalid && $stable(s_axil_rdata) && $stable(s_axil_rresp));
      end
    end
    if (f_live) begin
      assert (ib_cnt_q <= 2'd2);
      if (wr_do && w_err) assert (!w_start && !w_keyload && !w_abort && !w_zeroize && !w_cfg_ok && !c_clear);
      if (ib_pop) assert (ib_have && (drain_q || (c_in_valid && c_in_ready)));
    end
  end
`endif

  // unused: the core's own out_last/out_cnt (the front end counts bytes itself)
  logic unused;
  assign unused = ^{c_out_last, c_out_cnt, bf_wr, bf_rd_ok};

endmodule

`default_nettype wire
