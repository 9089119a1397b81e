// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_gcm_spi: 7-pin SPI slave (clk, rst_n, sck, mosi, miso, cs_n, irq) in front of the sequential
// AES-GCM core aesf_gcm_seq. Full protocol: hw/gcm_spi/doc/spi_protocol.md (this header is a summary).
//
// Frames: SPI mode 0, MSB first, one command per chip-select frame: byte 0 = opcode, then the payload.
// MISO carries the status byte during the opcode byte, then the read data of a read command.
// Write commands are decided when CS rises (payload length checked, then committed); a frame whose CS
// rises in the middle of a byte, a wrong payload length, an unknown opcode, or a command that would
// disturb a running operation set the sticky error code and change nothing else.
//
// Byte order: every multi-byte field is sent most significant byte first, i.e. in NIST hex-string order.
// Payload byte k of WRITE_PT lands in txt_q[511-8k -: 8], i.e. block j of the text is txt_q[511-128j -: 128]
// with byte 0 in the top byte, which is exactly the core's beat byte order. Worked example (paper Table 1,
// MACsec 2.2.2): WRITE_NONCE 12 15 35 24 C0 89 5E 81 B2 C2 84 65 gives the IV beat
// 128'h12153524C0895E81B2C28465_00000000 (left-aligned, iv_len 12), WRITE_PT 08 00 0F 10 ... gives text
// beat 0 = 128'h08000F101112131415161718191A1B1C, and READ_CT returns E2 00 6E B4 ... (beat 0 of the output,
// which overwrote text slot 0).
//
// Buffers (no message-sized RAM): text 64 B (4 beats, PT in / CT or PT out, in place), AAD 32 B, nonce 16 B,
// tag-in 16 B. WRITE_KEY stages the key in the AAD buffer (never readable over SPI), which is wiped right
// after the key handshake, so the AAD must be written after the key (Table 1 does). STREAM_START keeps its
// 13 parameter bytes in the nonce buffer and streams its chunks through the text buffer (a buffered START
// needs a new WRITE_NONCE and WRITE_PT afterwards). Longer messages use the streamed commands (STREAM_START +
// STREAM_DATA chunks of up to 64 B through the text buffer). A START runs only on buffers that hold complete,
// committed writes (valid flags), never on stale, wiped or half-written data (refused with STATE).
//
// Security (SEC_CM): the key is write-only (no MISO source reaches the staging register, which is wiped in
// the cycle after the key handshake); decrypted plaintext is withheld while the core runs (READ_CT refused)
// and wiped + invalidated in the done_o cycle of an authentication failure, any core error or an ABORT;
// ZEROIZE pulses the core's clear_i and wipes every buffer.
//
// Status / irq: status = {err[2:0], RDY, KEY_OK, AUTH_FAIL, BUSY, DONE}, DONE / AUTH_FAIL / err sticky until
// CLEAR_STATUS; irq_o is a registered copy of (DONE | err != 0).
//
// Latency: a write frame is committed SYNC_STAGES..SYNC_STAGES+1 clk_i cycles after CS rises; START_ENC
// hands the command to the core in the next cycle (CS rise -> command handshake: 3 clk_i edges measured with
// SYNC_STAGES = 3, aesforge.sim.perf_gcm_spi) and feeds IV, AAD and text beats from the buffers back to
// back (the core's in_ready_o paces them), so the core runs at its full-speed schedule (MACsec 2.2.2: 99
// cycles at DIGIT = 8, 771 at DIGIT = 1). The core's output beats are always accepted (out_ready_i = 1):
// output beat j of a buffer load or chunk is written to text slot j, whose input beat has already been
// consumed, so nothing is ever lost or overwritten early.

`default_nettype none

module aesf_gcm_spi #(
  parameter int DIGIT       = 8,  // GHASH digit of aesf_gcm_seq: 1,2,4,8,16,32,64,128 (checked by the core)
  parameter int SBOX_IMPL   = 0,  // 0..1: S-box implementation of the core's AES engine (checked by the core)
  parameter int SYNC_STAGES = 3   // 2..4: flip-flops per SPI input synchronizer (3 = the paper's triple stage)
) (
  input  logic clk_i,
  input  logic rst_ni,        // asynchronous, active low
  input  logic spi_sck_i,
  input  logic spi_mosi_i,
  output logic spi_miso_o,
  input  logic spi_cs_ni,
  output logic irq_o          // level: DONE or an error pending (registered); cleared by CLEAR_STATUS (0xF1) / ZEROIZE
);

  if (SYNC_STAGES < 2 || SYNC_STAGES > 4) begin : gen_param_err
`ifdef __ICARUS__
    aesf_illegal_parameter_value u_illegal_parameter_value ();
`else
    $error("aesf_gcm_spi: SYNC_STAGES must be 2, 3 or 4");
`endif
  end

  // ---------------------------------------------------------------------------------------------------
  // Opcodes, error codes, feeder states
  // ---------------------------------------------------------------------------------------------------
  localparam logic [7:0] OP_WRITE_KEY     = 8'h01;  // 16/24/32 B
  localparam logic [7:0] OP_WRITE_NONCE   = 8'h02;  // 1..16 B (buffered IV)
  localparam logic [7:0] OP_WRITE_PT      = 8'h03;  // 0..64 B (buffered text: PT to encrypt or CT to decrypt)
  localparam logic [7:0] OP_WRITE_AAD     = 8'h04;  // 0..32 B
  localparam logic [7:0] OP_WRITE_TAG     = 8'h05;  // 1..16 B (buffered decrypt: tag to verify)
  localparam logic [7:0] OP_SET_TAGLEN    = 8'h06;  // 1 B: tag length of START_ENC (default 16)
  localparam logic [7:0] OP_START_ENC     = 8'h10;  // 0 B
  localparam logic [7:0] OP_START_DEC     = 8'h11;  // 0 B
  localparam logic [7:0] OP_STREAM_START  = 8'h12;  // 13 B: flags, tag_len, iv_len[15:0], aad_len[31:0], txt_len[39:0]
  localparam logic [7:0] OP_STREAM_DATA   = 8'h13;  // 1..64 B of the 16-B padded stream IV|AAD|TEXT|(TAG)
  localparam logic [7:0] OP_READ_CT       = 8'h20;  // text buffer, up to 64 B
  localparam logic [7:0] OP_READ_TAG      = 8'h21;  // up to 16 B
  localparam logic [7:0] OP_ZEROIZE       = 8'h30;  // 0 B
  localparam logic [7:0] OP_ABORT         = 8'h31;  // 0 B
  localparam logic [7:0] OP_READ_STATUS   = 8'hF0;  // status byte (repeated)
  localparam logic [7:0] OP_CLEAR_STATUS  = 8'hF1;  // 0 B: clears DONE, AUTH_FAIL, error code and irq
  localparam logic [7:0] OP_READ_INFO     = 8'hF2;  // 8 B: ID and buffer sizes

  localparam logic [2:0] E_OK      = 3'd0;
  localparam logic [2:0] E_OPCODE  = 3'd1;  // unknown opcode
  localparam logic [2:0] E_BUSY    = 3'd2;  // refused: an operation or key load is running
  localparam logic [2:0] E_LENGTH  = 3'd3;  // wrong payload length / lengths refused by the core
  localparam logic [2:0] E_FRAME   = 3'd4;  // CS released in the middle of a byte
  localparam logic [2:0] E_KEY     = 3'd5;  // no key loaded
  localparam logic [2:0] E_STATE   = 3'd6;  // sequence: buffer not valid, nothing readable, not armed, no stream
  localparam logic [2:0] E_ABORTED = 3'd7;  // the running operation was aborted (ABORT)

  localparam logic [2:0] F_IDLE  = 3'd0;    // nothing to feed
  localparam logic [2:0] F_IV    = 3'd1;    // buffered: nonce beat
  localparam logic [2:0] F_AAD   = 3'd2;    // buffered: AAD beats
  localparam logic [2:0] F_TXT   = 3'd3;    // buffered: text beats
  localparam logic [2:0] F_TAG   = 3'd4;    // buffered decrypt: tag beat
  localparam logic [2:0] F_CHUNK = 3'd5;    // streamed: chunk beats from the text buffer

  localparam logic [1:0] M_IDLE   = 2'd0;   // no operation
  localparam logic [1:0] M_BUF    = 2'd1;   // buffered START_ENC / START_DEC running
  localparam logic [1:0] M_STREAM = 2'd2;   // streamed operation running

  // ---------------------------------------------------------------------------------------------------
  // SPI byte engine
  // ---------------------------------------------------------------------------------------------------
  logic       frame_start, frame_end, frame_partial, rx_valid, rx_first;
  logic [7:0] rx_data, tx_data;

  aesf_spi_slave #(.SYNC_STAGES(SYNC_STAGES)) u_spi (
    .clk_i, .rst_ni,
    .sck_i(spi_sck_i), .mosi_i(spi_mosi_i), .cs_ni(spi_cs_ni), .miso_o(spi_miso_o),
    .frame_start_o(frame_start), .frame_end_o(frame_end), .frame_partial_o(frame_partial),
    .rx_valid_o(rx_valid), .rx_first_o(rx_first), .rx_data_o(rx_data), .tx_data_i(tx_data)
  );

  // ---------------------------------------------------------------------------------------------------
  // Core
  // ---------------------------------------------------------------------------------------------------
  logic         key_valid_q, core_key_ready, core_key_ok;
  logic [1:0]   key_len_q;
  logic         cmd_valid_q, core_cmd_ready;
  logic         core_in_valid, core_in_ready;
  logic [127:0] core_in_data;
  logic         core_out_valid, core_out_last;
  logic [127:0] core_out_data, core_tag;
  logic         core_done, core_auth_fail, core_busy;
  logic [2:0]   core_err;
  logic         abort_q, clear_q;
  logic         dec_q;
  logic [15:0]  cmd_iv_len;
  logic [31:0]  cmd_aad_len;
  logic [35:0]  cmd_txt_len;
  logic [4:0]   cmd_tag_len;

  aesf_gcm_seq #(.DIGIT(DIGIT), .SBOX_IMPL(SBOX_IMPL)) u_core (
    .clk_i, .rst_ni,
    .key_valid_i(key_valid_q), .key_ready_o(core_key_ready), .key_i(aad_q), .key_len_i(key_len_q),
    .key_ok_o(core_key_ok),
    .cmd_valid_i(cmd_valid_q), .cmd_ready_o(core_cmd_ready), .cmd_decrypt_i(dec_q),
    .cmd_iv_len_i(cmd_iv_len), .cmd_aad_len_i(cmd_aad_len), .cmd_txt_len_i(cmd_txt_len),
    .cmd_tag_len_i(cmd_tag_len),
    .in_valid_i(core_in_valid), .in_ready_o(core_in_ready), .in_data_i(core_in_data),
    .out_valid_o(core_out_valid), .out_ready_i(1'b1), .out_data_o(core_out_data), .out_last_o(core_out_last),
    .done_o(core_done), .tag_o(core_tag), .auth_fail_o(core_auth_fail), .err_o(core_err), .busy_o(core_busy),
    .abort_i(abort_q), .clear_i(clear_q)
  );

  // ---------------------------------------------------------------------------------------------------
  // Registers
  // ---------------------------------------------------------------------------------------------------
  logic [7:0]   op_q;            // opcode of the current frame
  logic         acc_q;           // the current frame's command was accepted at its opcode byte
  logic [7:0]   cnt_q;           // payload bytes received in this frame (saturates at 255)
  logic [511:0] txt_q;           // text buffer, byte k in [511-8k -: 8]
  logic [255:0] aad_q;           // AAD buffer; also the WRITE_KEY staging register (key byte 0 in [255:248])
  logic [127:0] nonce_q;         // buffered IV, left-aligned; STREAM_START parameters in [103:0]
  logic [127:0] tagin_q;         // tag to verify, left-aligned
  logic [7:0]   tl_q;            // SET_TAGLEN payload
  logic [6:0]   txt_len_q;       // 0..64
  logic [5:0]   aad_len_q;       // 0..32
  logic [4:0]   nonce_len_q;     // 1..16
  logic [4:0]   tagin_len_q;     // 1..16
  logic [4:0]   tag_len_q;       // START_ENC tag length (SET_TAGLEN), default 16
  logic         txt_v_q, aad_v_q, nonce_v_q, tagin_v_q;   // buffers hold a complete, committed write
  logic [1:0]   mode_q;          // M_*
  logic         vonly_q;         // streamed decrypt without release: plaintext is discarded
  logic         armed_q;         // a verify-only streamed decrypt passed: one releasing decrypt allowed
  logic [2:0]   fst_q;           // feeder state F_*
  logic [1:0]   fcnt_q;          // feeder beat index within the segment / chunk
  logic [2:0]   chunk_nb_q;      // beats in the current chunk 1..4
  logic         chunk_q;         // a chunk is being processed
  logic [2:0]   tfed_q;          // text beats fed from the current chunk / buffer
  logic [2:0]   ocnt_q;          // output beats written (slot of the next one)
  logic [33:0]  bcnt_q;          // streamed: beats fed since STREAM_START
  logic         rdy_q;           // streamed: waiting for the next chunk (previous chunk's output readable)
  logic         rd_ok_q;         // READ_CT allowed (output complete and releasable)
  logic         tag_ok_q;        // READ_TAG allowed (encryption finished)
  logic         done_q, auth_q, irq_q;
  logic         abrt_q;          // ABORT requested from the core: its done_o ends the operation as ABORTED
  logic [2:0]   err_q;

  // ---------------------------------------------------------------------------------------------------
  // Status and decode
  // ---------------------------------------------------------------------------------------------------
  // op_busy: an operation owns the buffers (writes refused); busy adds a key load (WRITE_KEY refused;
  // a START during a key load waits for the core's cmd_ready_o)
  logic       op_busy, busy;
  logic [7:0] status;
  assign op_busy = mode_q != M_IDLE;
  assign busy    = op_busy | key_valid_q | core_busy;
  assign status = {err_q, rdy_q, core_key_ok, auth_q, busy, done_q};

  logic [7:0] op;                // opcode of this byte's frame
  assign op = rx_first ? rx_data : op_q;

  // Decision at the opcode byte: accept, or refuse with an error code.
  logic       known, allowed, chunk_ok;
  logic [2:0] refuse_err;
  assign chunk_ok = (mode_q == M_STREAM) & rdy_q;
  always_comb begin
    known   = 1'b1;
    allowed = 1'b1;
    unique case (rx_data)
      OP_WRITE_KEY:    allowed = ~busy;
      OP_WRITE_AAD:    allowed = ~op_busy & ~key_valid_q;     // the AAD buffer stages the key
      OP_WRITE_NONCE, OP_WRITE_PT, OP_WRITE_TAG, OP_SET_TAGLEN,
      OP_START_ENC, OP_START_DEC, OP_STREAM_START, OP_READ_TAG: allowed = ~op_busy;
      OP_READ_CT:      allowed = ~op_busy | chunk_ok;
      OP_STREAM_DATA:  allowed = chunk_ok;
      OP_ZEROIZE, OP_ABORT, OP_READ_STATUS, OP_CLEAR_STATUS, OP_READ_INFO: allowed = 1'b1;
      default:         known = 1'b0;
    endcase
    refuse_err = E_OK;
    if (!known) begin
      refuse_err = E_OPCODE;
    end else if (!allowed) begin
      refuse_err = (rx_data == OP_STREAM_DATA && mode_q != M_STREAM) ? E_STATE : E_BUSY;
    end else if ((rx_data == OP_READ_CT && !rd_ok_q) || (rx_data == OP_READ_TAG && !tag_ok_q)) begin
      refuse_err = E_STATE;
    end
  end
  logic op_rx, accept_now, pay_rx, acc;
  assign op_rx      = rx_valid & rx_first;
  assign accept_now = refuse_err == E_OK;
  assign pay_rx     = rx_valid & ~rx_first & acc_q;
  assign acc        = rx_first ? accept_now : acc_q;

  // ---------------------------------------------------------------------------------------------------
  // MISO data: status during the opcode byte, then read data
  // ---------------------------------------------------------------------------------------------------
  logic [7:0] r;                 // index of the response byte loaded now
  assign r = rx_first ? 8'd0 : (cnt_q == 8'hFF ? 8'hFF : cnt_q + 8'd1);
  logic [63:0] info;
  assign info = {8'hAE, 8'h5C, 8'h01, 8'd64, 8'd32, 8'd16, 8'd16, DIGIT[7:0]};
  always_comb begin
    tx_data = 8'h00;
    if (frame_start) begin
      tx_data = status;
    end else if (acc) begin
      unique case (op)
        OP_READ_STATUS: tx_data = status;
        OP_READ_CT:     tx_data = (r < 8'd64) ? txt_q[511 - 8 * r[5:0] -: 8] : 8'h00;
        OP_READ_TAG:    tx_data = (r < 8'd16) ? core_tag[127 - 8 * r[3:0] -: 8] : 8'h00;
        OP_READ_INFO:   tx_data = (r < 8'd8) ? info[63 - 8 * r[2:0] -: 8] : 8'h00;
        default:        tx_data = 8'h00;
      endcase
    end
  end

  // ---------------------------------------------------------------------------------------------------
  // Commit at the end of the frame
  // ---------------------------------------------------------------------------------------------------
  logic commit, frame_bad;
  assign frame_bad = frame_end & frame_partial;
  assign commit    = frame_end & ~frame_partial & acc_q;

  logic len_ok;
  always_comb begin
    unique case (op_q)
      OP_WRITE_KEY:    len_ok = cnt_q == 8'd16 || cnt_q == 8'd24 || cnt_q == 8'd32;
      OP_WRITE_NONCE:  len_ok = cnt_q >= 8'd1 && cnt_q <= 8'd16;
      OP_WRITE_PT:     len_ok = cnt_q <= 8'd64;
      OP_WRITE_AAD:    len_ok = cnt_q <= 8'd32;
      OP_WRITE_TAG:    len_ok = cnt_q >= 8'd1 && cnt_q <= 8'd16;
      OP_SET_TAGLEN:   len_ok = cnt_q == 8'd1;
      OP_STREAM_START: len_ok = cnt_q == 8'd13;
      OP_STREAM_DATA:  len_ok = cnt_q >= 8'd1 && cnt_q <= 8'd64;
      OP_START_ENC, OP_START_DEC, OP_ZEROIZE, OP_ABORT, OP_CLEAR_STATUS: len_ok = cnt_q == 8'd0;
      default:         len_ok = 1'b1;  // reads: any number of bytes
    endcase
  end

  // streamed parameters and beat boundaries
  logic [7:0]  s_flags;
  logic [4:0]  s_tag;
  logic [15:0] s_iv;
  logic [31:0] s_aad;
  logic [39:0] s_txt;
  assign s_flags = nonce_q[103:96];
  assign s_tag   = nonce_q[92:88];
  assign s_iv    = nonce_q[87:72];
  assign s_aad   = nonce_q[71:40];
  assign s_txt   = nonce_q[39:0];
  logic [33:0] txt_start, txt_end;
  logic [16:0] iv_p;
  logic [32:0] aad_p;
  logic [36:0] txt_p;
  assign iv_p      = {1'b0, s_iv} + 17'd15;
  assign aad_p     = {1'b0, s_aad} + 33'd15;
  assign txt_p     = {1'b0, s_txt[35:0]} + 37'd15;
  assign txt_start = {21'd0, iv_p[16:4]} + {5'd0, aad_p[32:4]};
  assign txt_end   = txt_start + {1'b0, txt_p[36:4]};
  logic is_text;                 // the streamed beat fed now is a text beat
  assign is_text = (bcnt_q >= txt_start) && (bcnt_q < txt_end);

  // command fields
  always_comb begin
    if (mode_q == M_STREAM) begin
      cmd_iv_len  = s_iv;
      cmd_aad_len = s_aad;
      cmd_txt_len = s_txt[35:0];
      cmd_tag_len = s_tag;
    end else begin
      cmd_iv_len  = {11'd0, nonce_len_q};
      cmd_aad_len = {26'd0, aad_len_q};
      cmd_txt_len = {29'd0, txt_len_q};
      cmd_tag_len = dec_q ? tagin_len_q : tag_len_q;
    end
  end

  // buffered segment beat counts
  logic [1:0] n_aad_b;
  logic [2:0] n_txt_b;
  assign n_aad_b = 2'((aad_len_q + 6'd15) >> 4);
  assign n_txt_b = 3'((txt_len_q + 7'd15) >> 4);

  // feeder
  always_comb begin
    unique case (fst_q)
      F_IV:    core_in_data = nonce_q;
      F_AAD:   core_in_data = aad_q[255 - 128 * fcnt_q[0] -: 128];
      F_TAG:   core_in_data = tagin_q;
      F_TXT, F_CHUNK: core_in_data = txt_q[511 - 128 * fcnt_q -: 128];
      default: core_in_data = 128'd0;
    endcase
  end
  assign core_in_valid = (fst_q != F_IDLE) & ~cmd_valid_q;
  logic in_hs, out_hs, last_beat;
  assign in_hs  = core_in_valid & core_in_ready;
  assign out_hs = core_out_valid;     // out_ready_i = 1
  always_comb begin
    unique case (fst_q)
      F_AAD:   last_beat = {1'b0, fcnt_q[0]} == 2'(n_aad_b - 2'd1);
      F_TXT:   last_beat = {1'b0, fcnt_q} == 3'(n_txt_b - 3'd1);
      F_CHUNK: last_beat = {1'b0, fcnt_q} == 3'(chunk_nb_q - 3'd1);
      default: last_beat = 1'b1;
    endcase
  end
  // next buffered segment after the current one
  logic [2:0] f_next;
  always_comb begin
    f_next = F_IDLE;
    unique case (fst_q)
      F_IV:    f_next = (n_aad_b != 2'd0) ? F_AAD : (n_txt_b != 3'd0) ? F_TXT : dec_q ? F_TAG : F_IDLE;
      F_AAD:   f_next = (n_txt_b != 3'd0) ? F_TXT : dec_q ? F_TAG : F_IDLE;
      F_TXT:   f_next = dec_q ? F_TAG : F_IDLE;
      default: f_next = F_IDLE;
    endcase
  end

  logic chunk_done, core_ok, more;
  assign chunk_done = chunk_q & (fst_q == F_IDLE) & (ocnt_q == tfed_q) & ~core_done;
  assign core_ok    = (core_err == 3'd0) & ~core_auth_fail & ~abrt_q;   // the operation's result is good
  // streamed: beats still expected by the core after this chunk (IV | AAD | TEXT [| TAG]). After the
  // last chunk RDY stays low and READ_CT stays refused until DONE: the last chunk's plaintext of a
  // releasing decryption is never readable before its tag is checked.
  assign more       = bcnt_q < (txt_end + {33'd0, dec_q});

  // byte write enables (one-hot decoders of the payload byte index: no barrel shifters on the buffers)
  logic [5:0]  wpos;
  logic [63:0] pos_oh;
  logic [63:0] txt_we;
  logic [31:0] aad_we;
  logic [15:0] nonce_we, tagin_we;
  logic        wr_txt, wr_aad, wr_nonce, wr_tagin;
  assign wpos     = cnt_q[5:0];
  assign pos_oh   = (cnt_q < 8'd64) ? (64'd1 << wpos) : 64'd0;
  assign wr_txt   = pay_rx & (op_q == OP_WRITE_PT || op_q == OP_STREAM_DATA);
  assign wr_aad   = pay_rx & (op_q == OP_WRITE_AAD || op_q == OP_WRITE_KEY);
  assign wr_nonce = pay_rx & (op_q == OP_WRITE_NONCE);
  assign wr_tagin = pay_rx & (op_q == OP_WRITE_TAG);
  assign txt_we   = wr_txt ? pos_oh : 64'd0;
  assign aad_we   = wr_aad ? pos_oh[31:0] : 32'd0;
  assign nonce_we = wr_nonce ? pos_oh[15:0] : 16'd0;
  assign tagin_we = wr_tagin ? pos_oh[15:0] : 16'd0;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      op_q        <= 8'd0;
      acc_q       <= 1'b0;
      cnt_q       <= 8'd0;
      txt_q       <= '0;
      aad_q       <= '0;
      nonce_q     <= '0;
      tagin_q     <= '0;
      tl_q        <= 8'd0;
      txt_len_q   <= 7'd0;
      aad_len_q   <= 6'd0;
      nonce_len_q <= 5'd0;
      tagin_len_q <= 5'd0;
      tag_len_q   <= 5'd16;
      txt_v_q     <= 1'b1;
      aad_v_q     <= 1'b1;
      nonce_v_q   <= 1'b0;
      tagin_v_q   <= 1'b0;
      key_valid_q <= 1'b0;
      key_len_q   <= 2'd0;
      cmd_valid_q <= 1'b0;
      dec_q       <= 1'b0;
      mode_q      <= M_IDLE;
      vonly_q     <= 1'b0;
      armed_q     <= 1'b0;
      fst_q       <= F_IDLE;
      fcnt_q      <= 2'd0;
      chunk_nb_q  <= 3'd0;
      chunk_q     <= 1'b0;
      tfed_q      <= 3'd0;
      ocnt_q      <= 3'd0;
      bcnt_q      <= '0;
      rdy_q       <= 1'b0;
      rd_ok_q     <= 1'b0;
      tag_ok_q    <= 1'b0;
      done_q      <= 1'b0;
      auth_q      <= 1'b0;
      err_q       <= E_OK;
      abort_q     <= 1'b0;
      abrt_q      <= 1'b0;
      clear_q     <= 1'b0;
    end else begin
      abort_q <= 1'b0;
      clear_q <= 1'b0;

      // ---- key handshake: wipe the staging register as soon as the core has it ----
      if (key_valid_q && core_key_ready) begin
        key_valid_q <= 1'b0;
        aad_q       <= '0;     // SEC_CM: the key leaves the front end
      end

      // ---- command handshake ----
      if (cmd_valid_q && core_cmd_ready) begin
        cmd_valid_q <= 1'b0;
      end

      // ---- feeder ----
      if (in_hs) begin
        if (fst_q == F_CHUNK) begin
          bcnt_q <= bcnt_q + 34'd1;
          if (is_text) tfed_q <= tfed_q + 3'd1;
        end
        if (fst_q == F_TXT) tfed_q <= tfed_q + 3'd1;
        if (last_beat) begin
          fst_q  <= (fst_q == F_CHUNK) ? F_IDLE : f_next;
          fcnt_q <= 2'd0;
        end else begin
          fcnt_q <= fcnt_q + 2'd1;
        end
      end

      // ---- output beats: slot ocnt of the text buffer (dropped for verify-only) ----
      if (out_hs) begin
        for (int j = 0; j < 4; j++) begin
          if (!vonly_q && ocnt_q[1:0] == 2'(j)) txt_q[511 - 128 * j -: 128] <= core_out_data;
        end
        ocnt_q <= ocnt_q + 3'd1;
      end

      // ---- streamed chunk finished: output readable, ready for the next chunk ----
      if (chunk_done) begin
        chunk_q <= 1'b0;
        rdy_q   <= more;
        rd_ok_q <= ~vonly_q & more;
      end

      // ---- end of the operation ----
      if (core_done && mode_q != M_IDLE) begin
        mode_q   <= M_IDLE;
        fst_q    <= F_IDLE;
        fcnt_q   <= 2'd0;
        chunk_q  <= 1'b0;
        rdy_q    <= 1'b0;
        abrt_q   <= 1'b0;
        done_q   <= 1'b1;
        auth_q   <= core_auth_fail & ~abrt_q;
        rd_ok_q  <= ~vonly_q & core_ok;
        tag_ok_q <= ~dec_q & core_ok;
        armed_q  <= (mode_q == M_STREAM) & dec_q & vonly_q & core_ok;
        if (!core_ok) begin           // SEC_CM: withhold + wipe the plaintext on FAIL (and any error)
          txt_q   <= '0;
          txt_v_q <= 1'b0;            // a later START refuses (STATE) instead of using the wiped buffer
        end
        if (abrt_q) begin
          err_q <= E_ABORTED;
        end else begin
          unique case (core_err)
            3'd0:    ;
            3'd1:    err_q <= E_KEY;
            3'd2:    err_q <= E_LENGTH;
            3'd3:    err_q <= E_KEY;
            default: err_q <= E_ABORTED;
          endcase
        end
      end

      // ---- SPI frames ----
      if (frame_start) begin
        cnt_q <= 8'd0;
        acc_q <= 1'b0;
        op_q  <= 8'd0;
      end

      if (op_rx) begin
        op_q  <= rx_data;
        acc_q <= accept_now;
        if (!accept_now) begin
          err_q <= refuse_err;
        end else begin
          // a write starts from a clean buffer and invalidates it until its commit
          unique case (rx_data)
            OP_WRITE_KEY:   begin aad_q <= '0; aad_v_q <= 1'b0; aad_len_q <= 6'd0; end
            OP_WRITE_NONCE: begin nonce_q <= '0; nonce_v_q <= 1'b0; end
            OP_WRITE_PT:    begin txt_q <= '0; txt_v_q <= 1'b0; rd_ok_q <= 1'b0; end
            OP_WRITE_AAD:   begin aad_q <= '0; aad_v_q <= 1'b0; end
            OP_WRITE_TAG:   begin tagin_q <= '0; tagin_v_q <= 1'b0; end
            OP_STREAM_DATA: begin txt_q <= '0; rd_ok_q <= 1'b0; end
            OP_STREAM_START: begin nonce_q <= '0; nonce_v_q <= 1'b0; txt_v_q <= 1'b0; end
            default: ;
          endcase
        end
      end

      if (pay_rx) begin
        if (cnt_q != 8'hFF) cnt_q <= cnt_q + 8'd1;
        if (op_q == OP_SET_TAGLEN && cnt_q == 8'd0) tl_q <= rx_data;
        if (op_q == OP_STREAM_START && cnt_q < 8'd13) nonce_q[103:0] <= {nonce_q[95:0], rx_data};
      end
      for (int k = 0; k < 64; k++) if (txt_we[k]) txt_q[511 - 8 * k -: 8] <= rx_data;
      for (int k = 0; k < 32; k++) if (aad_we[k]) aad_q[255 - 8 * k -: 8] <= rx_data;
      for (int k = 0; k < 16; k++) if (nonce_we[k]) nonce_q[127 - 8 * k -: 8] <= rx_data;
      for (int k = 0; k < 16; k++) if (tagin_we[k]) tagin_q[127 - 8 * k -: 8] <= rx_data;

      if (frame_bad) begin
        // CS rose mid-byte: nothing is committed; a started write leaves its buffer invalid and wiped
        err_q <= E_FRAME;
        acc_q <= 1'b0;
        if (acc_q && op_q == OP_WRITE_KEY) aad_q <= '0;
        if (acc_q && (op_q == OP_WRITE_PT || op_q == OP_STREAM_DATA)) txt_q <= '0;
      end

      if (commit && !len_ok) begin
        err_q <= E_LENGTH;
        unique case (op_q)
          OP_WRITE_KEY: aad_q <= '0;
          OP_WRITE_PT, OP_STREAM_DATA: txt_q <= '0;
          default: ;
        endcase
      end

      if (commit && len_ok) begin
        unique case (op_q)
          OP_WRITE_KEY: begin
            key_valid_q <= 1'b1;
            key_len_q   <= (cnt_q == 8'd16) ? 2'd0 : (cnt_q == 8'd24) ? 2'd1 : 2'd2;
            armed_q     <= 1'b0;
            tag_ok_q    <= 1'b0;
          end
          OP_WRITE_NONCE: begin nonce_v_q <= 1'b1; nonce_len_q <= cnt_q[4:0]; end
          OP_WRITE_PT:    begin txt_v_q <= 1'b1; txt_len_q <= cnt_q[6:0]; end
          OP_WRITE_AAD:   begin aad_v_q <= 1'b1; aad_len_q <= cnt_q[5:0]; end
          OP_WRITE_TAG:   begin tagin_v_q <= 1'b1; tagin_len_q <= cnt_q[4:0]; end
          OP_SET_TAGLEN: begin
            if (tl_q >= 8'd1 && tl_q <= 8'd16) begin
              tag_len_q <= tl_q[4:0];
            end else begin
              err_q <= E_LENGTH;
            end
          end
          OP_START_ENC, OP_START_DEC: begin
            if (!core_key_ok && !key_valid_q && !core_busy) begin
              err_q <= E_KEY;
            end else if (!nonce_v_q || !txt_v_q || !aad_v_q || (op_q == OP_START_DEC && !tagin_v_q)) begin
              err_q <= E_STATE;
            end else begin
              mode_q      <= M_BUF;
              dec_q       <= op_q == OP_START_DEC;
              vonly_q     <= 1'b0;
              armed_q     <= 1'b0;
              cmd_valid_q <= 1'b1;
              fst_q       <= F_IV;
              fcnt_q      <= 2'd0;
              tfed_q      <= 3'd0;
              ocnt_q      <= 3'd0;
              done_q      <= 1'b0;
              auth_q      <= 1'b0;
              rd_ok_q     <= 1'b0;
              tag_ok_q    <= 1'b0;
            end
          end
          OP_STREAM_START: begin
            if (!core_key_ok && !key_valid_q && !core_busy) begin
              err_q <= E_KEY;
            end else if (s_txt[39:36] != 4'd0) begin
              err_q <= E_LENGTH;
            end else if (s_flags[0] && s_flags[1] && !armed_q) begin
              err_q <= E_STATE;             // releasing decrypt without a passed verify-only run
            end else begin
              mode_q      <= M_STREAM;
              dec_q       <= s_flags[0];
              vonly_q     <= s_flags[0] & ~s_flags[1];
              armed_q     <= 1'b0;
              cmd_valid_q <= 1'b1;
              fst_q       <= F_IDLE;
              bcnt_q      <= '0;
              chunk_q     <= 1'b0;
              rdy_q       <= 1'b1;
              done_q      <= 1'b0;
              auth_q      <= 1'b0;
              rd_ok_q     <= 1'b0;
              tag_ok_q    <= 1'b0;
              txt_q       <= '0;
            end
          end
          OP_STREAM_DATA: begin
            rdy_q      <= 1'b0;
            chunk_q    <= 1'b1;
            chunk_nb_q <= 3'((cnt_q[6:0] + 7'd15) >> 4);
            fst_q      <= F_CHUNK;
            fcnt_q     <= 2'd0;
            tfed_q     <= 3'd0;
            ocnt_q     <= 3'd0;
          end
          OP_ABORT: begin
            // (an operation finishing in this very cycle has won the race: ABORT is then a no-op)
            if (mode_q != M_IDLE && !core_done) begin
              fst_q   <= F_IDLE;
              chunk_q <= 1'b0;
              rdy_q   <= 1'b0;
              rd_ok_q <= 1'b0;
              txt_q   <= '0;
              txt_v_q <= 1'b0;
              if (cmd_valid_q && !core_cmd_ready) begin   // the core never saw the command: finish here
                cmd_valid_q <= 1'b0;
                mode_q      <= M_IDLE;
                done_q      <= 1'b1;
                err_q       <= E_ABORTED;
              end else begin
                // the core answers with done_o (err 4, or err 0 if it finished before abort_i reached
                // it); abrt_q makes either answer an ABORTED result with nothing readable
                abort_q <= 1'b1;
                abrt_q  <= 1'b1;
              end
            end
          end
          OP_CLEAR_STATUS: begin
            done_q <= 1'b0;
            auth_q <= 1'b0;
            err_q  <= E_OK;
          end
          OP_ZEROIZE: begin
            // SEC_CM: zeroize key, H, counters (core clear_i) and every buffer of the front end
            abort_q     <= mode_q != M_IDLE;
            abrt_q      <= 1'b0;
            clear_q     <= 1'b1;
            key_valid_q <= 1'b0;
            cmd_valid_q <= 1'b0;
            txt_q       <= '0;
            aad_q       <= '0;
            nonce_q     <= '0;
            tagin_q     <= '0;
            tl_q        <= 8'd0;
            txt_len_q   <= 7'd0;
            aad_len_q   <= 6'd0;
            nonce_len_q <= 5'd0;
            tagin_len_q <= 5'd0;
            tag_len_q   <= 5'd16;
            txt_v_q     <= 1'b1;
            aad_v_q     <= 1'b1;
            nonce_v_q   <= 1'b0;
            tagin_v_q   <= 1'b0;
            mode_q      <= M_IDLE;
            vonly_q     <= 1'b0;
            armed_q     <= 1'b0;
            fst_q       <= F_IDLE;
            chunk_q     <= 1'b0;
            rdy_q       <= 1'b0;
            rd_ok_q     <= 1'b0;
            tag_ok_q    <= 1'b0;
            done_q      <= 1'b0;
            auth_q      <= 1'b0;
            err_q       <= E_OK;
          end
          default: ;
        endcase
      end
    end
  end

  // irq: a registered copy of (DONE or an error code pending), so it can never disagree with the status
  // byte and never glitches on the pin; it falls one cycle after CLEAR_STATUS / ZEROIZE / START clear them.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      irq_q <= 1'b0;
    end else begin
      irq_q <= done_q | (err_q != E_OK);
    end
  end

  assign irq_o = irq_q;

  // Unused core outputs: out_last_o (the front end counts beats itself).
  logic unused;
  assign unused = ^{core_out_last, nonce_q[127:104], nonce_q[95:93], s_flags[7:2], iv_p[3:0], aad_p[3:0],
                    txt_p[3:0]};

endmodule

`default_nettype wire
