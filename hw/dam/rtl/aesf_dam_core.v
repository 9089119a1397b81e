// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_dam_core: bus-free core of the seed-003 system (DMA + AES + memory controller, "DAM"):
// a write path (bus beats -> [AES decrypt] -> memory), a read path (memory -> [AES encrypt] -> bus beats),
// a memory controller (one req/gnt/rvalid memory port shared by both paths), a memory-to-memory DMA
// channel (copy / encrypt / decrypt a region in place or to a second region) and the key expansion.
// The bus front ends (aesf_dam_asbus, aesf_dam_axi) turn their protocol into the command + beat
// streams below; everything protocol-independent lives here.
//
// Byte order
//   Beats and memory words: lane l (bits [8l+7:8l]) is the byte at byte address base + l (little-endian
//   lanes, as AXI). A 16-byte AES state in memory at byte address A is the FIPS-197 block b0..b15 at
//   A..A+15; inside the engines block byte 0 is bits [127:120] (library convention).
//   Cipher modes: the bus stream of a state is s[0..15] (beat k lane l = s[k*W/8 + l]):
//     mode 3 (AXI cipher window, DMA): s[i] = CT[i] (natural order);
//     mode 2 (ASBUS state transfer, seed Fig. 7(b)/(c)):
//       write (bus CT -> decrypt): s[4j+r] = CT[4*((j-r) mod 4) + r]  (InvShiftRows column j)
//       read  (encrypt -> bus CT): s[4j+r] = CT[4*((j+r) mod 4) + r]  (ShiftRows column j)
//   Worked example (W = 32, mode 2 read, FIPS-197 C.1 key 000102..0f, PT 00112233..ff at address 0):
//     CT = 69c4e0d86a7b0430d8cdb78070b4c55a; first beat s[0..3] = CT[0], CT[5], CT[10], CT[15]
//     = 69, 7b, b7, 5a -> rd_data_o = 32'h5ab77b69.
//
// Latency (memory with gnt = 1 and read latency 1; LAT = aesf_dam_cipher LATENCY: 2*Nr, 3*Nr + 1 with MIX_REG and
// IN_REG as the registered cores, 31 for AES-128)
//   Every memory access goes through the request slice (one cycle: issued at edge t, mem_req_o from t+1).
//   Bus write beats (and the DMA loop-back's beats) enter a two-entry register slice (edge t) and reach the
//   input side from it in cycle t+1 (step 33, issue 21); t' below is the edge the input side takes the beat.
//   write, bypass: a beat taken by the input side on edge t' is in the write FIFO after t' and requested from
//                  memory in t'+2 (a bus beat taken on edge t: t+3).
//   write, cipher: the beat completing a state (edge t') enters the decrypt pipeline; its first memory
//                  word is requested in cycle t'+LAT+3 (pipeline, block FIFO, slice), then one word per cycle.
//   write completion (wdone_o): in the cycle the memory grants the command's last word.
//   read, bypass : command pushed on edge t -> read request in t+2 -> rvalid in t+3 -> rd_valid_o in t+4.
//   read, cipher : the word completing a state enters the encrypt pipeline; its first beat is offered
//                  LAT+1 cycles later.
//   Throughput: one W-bit beat per clock in each direction (write and read paths run concurrently; they
//   share the memory port round-robin, so a fully loaded duplex run gets one memory word per clock).
//
// Ordering: commands of each path complete in order. A read command waits until the write-completion
// counter wdone_cnt_o reaches its rcmd_after_i (the front end passes the count of writes it accepted
// before the read: ASBUS "read after write" ordering; AXI passes wdone_cnt_o = no wait).
`default_nettype none
module aesf_dam_core #(
  parameter int W         = 32,  // bus and memory word width: 32, 64 or 128
  parameter int MEM_AW    = 8,   // memory word-address bits, 4..20
  parameter int CQ_DEPTH  = 8,   // command queue entries per path: 2, 4, 8 or 16
  parameter int KEY_BITS  = 128, // 128, 192 or 256
  parameter int SBOX_IMPL = 1,   // 0, 1 or 4, passed to the AES engines (1 = composite field, two substages;
                                 // 4 = block ROM, two stages; 0 = LUT case ROM, one stage); the key
                                 // schedule's SubWord is the composite field for 1, the case ROM otherwise
  parameter int MIX_REG   = 0,   // 0 or 1 (1 only with SBOX_IMPL 4): a register after (Inv)MixColumns in every
                                 // round of both engines (3 stages per round, LATENCY 3*Nr)
  parameter int IN_REG    = 0,   // 0 or 1: register the engines' inputs after the initial AddRoundKey (+1 cycle)
  // derived, do not override
  parameter int BW        = ((MEM_AW > 12) ? MEM_AW : 12) + 1  // beat-count width
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  // write commands (front end -> core): handshake wcmd_valid_i && wcmd_ready_o (ready = queue space)
  input  logic              wcmd_valid_i,
  output logic              wcmd_ready_o,
  input  logic [MEM_AW-1:0] wcmd_addr_i,    // first word address
  input  logic [BW-1:0]     wcmd_beats_i,   // beats, >= 1 (cipher: multiple of 128/W)
  input  logic [4:0]        wcmd_width_i,   // block mode: beats per row, 1..16
  input  logic [1:0]        wcmd_mode_i,    // 0 linear, 1 block, 2 cipher state order, 3 cipher natural
  input  logic              wcmd_err_i,     // refused: beats are taken and dropped, completion has err
  input  logic [3:0]        wcmd_tag_i,     // returned with the completion (master / AXI id)
  // write beats, in command order
  input  logic              wd_valid_i,
  output logic              wd_ready_o,     // a flip-flop; 1 only while win_active_o (a beat may wait for it)
  input  logic [W-1:0]      wd_data_i,
  input  logic [W/8-1:0]    wd_be_i,        // byte enables (bypass modes); cipher modes use all bytes
  output logic              win_active_o,   // the bus side has a command: the next beat belongs to it
  output logic [3:0]        win_tag_o,      //   its tag
  output logic              win_err_o,      //   it is refused
  // write completions (last word written to memory), in order
  output logic              wdone_o,
  output logic [3:0]        wdone_tag_o,
  output logic              wdone_err_o,
  output logic [7:0]        wdone_cnt_o,    // completions so far, mod 256
  // read commands
  input  logic              rcmd_valid_i,
  output logic              rcmd_ready_o,
  input  logic [MEM_AW-1:0] rcmd_addr_i,
  input  logic [BW-1:0]     rcmd_beats_i,
  input  logic [4:0]        rcmd_width_i,
  input  logic [1:0]        rcmd_mode_i,
  input  logic              rcmd_err_i,     // refused: beats of zeros with rd_err_o
  input  logic [3:0]        rcmd_tag_i,
  input  logic [7:0]        rcmd_after_i,   // start after wdone_cnt_o has reached this value (mod 256)
  // read beats, in command order
  output logic              rd_valid_o,
  input  logic              rd_ready_i,
  output logic [W-1:0]      rd_data_o,
  output logic              rd_last_o,
  output logic              rd_err_o,
  output logic [3:0]        rd_tag_o,
  // configuration and key (from the register block)
  input  logic [MEM_AW-1:0] pitch_i,        // block mode row pitch in words
  input  logic              key_load_i,     // pulse: expand key_i
  input  logic [255:0]      key_i,
  input  logic              zeroize_i,      // pulse: clear the round keys
  output logic              key_ok_o,
  output logic              key_busy_o,
  // DMA channel
  input  logic              dma_go_i,       // pulse
  input  logic [1:0]        dma_op_i,       // 0 copy, 1 encrypt, 2 decrypt, 3 illegal
  input  logic [MEM_AW-1:0] dma_src_i,      // word addresses
  input  logic [MEM_AW-1:0] dma_dst_i,
  input  logic [BW-1:0]     dma_nstates_i,
  output logic              dma_busy_o,
  output logic              idle_o,         // no command queued or in flight, DMA idle
  output logic              dma_done_o,     // pulse at completion (also on a refused start)
  output logic [3:0]        dma_err_o,      // with dma_done_o: 0 ok, 1 bad length/range, 2 overlap, 3 no key,
                                            // 4 bad op, 5 GO while busy (then no done for the refused GO)
  // memory port (see hw/dam/README.md)
  output logic              mem_req_o,
  input  logic              mem_gnt_i,
  output logic              mem_we_o,
  output logic [MEM_AW-1:0] mem_addr_o,
  output logic [W/8-1:0]    mem_be_o,
  output logic [W-1:0]      mem_wdata_o,
  input  logic              mem_rvalid_i,
  input  logic [W-1:0]      mem_rdata_i
);
  aesf_param_check #(
    .ILLEGAL(!(W == 32 || W == 64 || W == 128) || MEM_AW < 4 || MEM_AW > 20 ||
             !(CQ_DEPTH == 2 || CQ_DEPTH == 4 || CQ_DEPTH == 8 || CQ_DEPTH == 16) ||
             !aesf_pkg::key_bits_ok(KEY_BITS) || !(SBOX_IMPL == 0 || SBOX_IMPL == 1 || SBOX_IMPL == 4) ||
             MIX_REG < 0 || MIX_REG > 1 || (MIX_REG == 1 && SBOX_IMPL != 4) || IN_REG < 0 || IN_REG > 1 ||
             BW != ((MEM_AW > 12) ? MEM_AW : 12) + 1),
    .MSG    ("aesf_dam_core: W 32/64/128, MEM_AW 4..20, CQ_DEPTH 2..16 (power of 2), KEY_BITS 128/192/256, SBOX_IMPL 0, 1 or 4, MIX_REG 0..1 (1 only with SBOX_IMPL 4), IN_REG 0..1")
  ) u_param_check ();

  localparam int WPS  = 128 / W;         // words per state
  // DMA operations (dma_op_i, register CTRL.OP of hw/dam/dam_regs.json) and error codes (dma_err_o, STATUS.ERR_CODE)
  localparam logic [1:0] OpCopy     = 2'd0;
  localparam logic [1:0] OpEncrypt  = 2'd1;
  localparam logic [1:0] OpDecrypt  = 2'd2;
  localparam logic [1:0] OpIllegal  = 2'd3;
  localparam logic [3:0] ErrNone    = 4'd0;  // the transfer ran
  localparam logic [3:0] ErrRange   = 4'd1;  // SRC / DST not state-aligned, NSTATES 0 or beyond memory
  localparam logic [3:0] ErrOverlap = 4'd2;  // DST inside (SRC, SRC + length)
  localparam logic [3:0] ErrNoKey   = 4'd3;  // encrypt / decrypt without round keys
  localparam logic [3:0] ErrBadOp   = 4'd4;  // OP 3
  localparam logic [3:0] ErrBusy    = 4'd5;  // GO while the DMA runs (no done for the refused GO)
  localparam int WPSW = (WPS > 1) ? $clog2(WPS) : 1;
  localparam int NR   = aesf_pkg::key_bits_nr(KEY_BITS);
  localparam int RKW  = 128 * (NR + 1);
  localparam int QW   = $clog2(CQ_DEPTH);
  localparam int RF_DEPTH = 8;           // read word FIFO (credits for outstanding memory reads)
  // Block FIFO behind each AES engine = the engine's credits: a state enters an engine only while a FIFO entry
  // is free that no state in the engine has claimed, so the engines never stall (en_i = 1: no enable fans out
  // to the pipeline registers or block-RAM clock enables). BQ_DEPTH >= LATENCY + the credit loop (3), so a
  // consumer that pops one block per clock sees one block per clock.
  // = aesf_dam_cipher LATENCY
  localparam int LAT      = NR * ((SBOX_IMPL == aesf_pkg::SboxLut) ? 1 : 2 + MIX_REG) + IN_REG;
  localparam int BQ_DEPTH = (LAT + 3 <= 32) ? 32 : 64;
  localparam int BQW  = $clog2(BQ_DEPTH + 1);
  // command record: {after, tag, err, mode, width, beats, addr}
  localparam int C_A  = 0;
  localparam int C_B  = MEM_AW;
  localparam int C_WD = MEM_AW + BW;
  localparam int C_M  = C_WD + 5;
  localparam int C_E  = C_M + 2;
  localparam int C_T  = C_E + 1;
  localparam int C_AF = C_T + 4;
  localparam int CW   = C_AF + 8;
  localparam logic [1:0] MODE_LIN = 2'd0, MODE_BLK = 2'd1, MODE_STATE = 2'd2, MODE_NAT = 2'd3;

  // ------------------------------------------------------------------------------------------------
  // Byte-order helpers: stream buffer sbuf[8i +: 8] = s[i]; block byte b at [127-8b -: 8].
  // (no `return`: Yosys read_verilog takes the function-name assignment only)
  function automatic logic [127:0] s2b(input logic [127:0] sbuf, input logic perm_dec);
    for (int j = 0; j < 4; j++) begin
      for (int r = 0; r < 4; r++) begin
        if (perm_dec) s2b[127 - 8*(4*((j - r + 4) % 4) + r) -: 8] = sbuf[8*(4*j + r) +: 8];
        else          s2b[127 - 8*(4*j + r) -: 8]                 = sbuf[8*(4*j + r) +: 8];
      end
    end
  endfunction
  function automatic logic [127:0] b2s(input logic [127:0] b, input logic perm_enc);
    for (int j = 0; j < 4; j++) begin
      for (int r = 0; r < 4; r++) begin
        if (perm_enc) b2s[8*(4*j + r) +: 8] = b[127 - 8*(4*((j + r) % 4) + r) -: 8];
        else          b2s[8*(4*j + r) +: 8] = b[127 - 8*(4*j + r) -: 8];
      end
    end
  endfunction

  // ------------------------------------------------------------------------------------------------
  // Key expansion and the two AES engines
  logic [RKW-1:0] rk_enc, rk_dec;
  logic           key_ok;
  aesf_dam_keyexp #(.KEY_BITS(KEY_BITS), .SBOX_IMPL((SBOX_IMPL == aesf_pkg::SboxCf) ? 1 : 0)) u_keyexp (
    .clk_i, .rst_ni, .load_i(key_load_i), .key_i, .clear_i(zeroize_i),
    .busy_o(key_busy_o), .ok_o(key_ok), .rk_enc_o(rk_enc), .rk_dec_o(rk_dec)
  );
  // no new cipher command is accepted in the cycle the (registered) KEY_LOAD reaches the key schedule
  assign key_ok_o = key_ok && !key_load_i;

  // ------------------------------------------------------------------------------------------------
  // Command sources: the front end, or the DMA channel while it runs
  localparam logic [2:0] StDmaIdle = 3'd0, StDmaWait = 3'd1, StDmaPush = 3'd2, StDmaRun = 3'd3;
  logic [2:0]  dma_state_q, dma_state_d;
  logic        dma_active;
  logic        rd_valid, rd_ready_int, dma_loop;
  logic        wdone_iss;   // a write command's last word (or a refused command) goes to the memory slice
  logic        wdone;       // a write command completes: its last word was granted by the memory
  logic        wq_push, rq_push;
  logic [CW-1:0] wq_rec, rq_rec;
  logic        wq_full, rq_full;
  logic        wq_full_q, rq_full_q;   // the command queues' full flags, flip-flops (no pointer subtract behind
                                       // the front ends' ready)
  logic        wq_ret, rq_ret;         // a command leaves its queue (its last side is done)

  assign dma_active   = (dma_state_q != StDmaIdle);
  assign wcmd_ready_o = !wq_full && !dma_active;
  assign rcmd_ready_o = !rq_full && !dma_active;

  // ------------------------------------------------------------------------------------------------
  // Write path
  logic [CW-1:0] wq_mem [CQ_DEPTH];
  logic [QW:0]   wq_push_q;
  logic [QW:0]   wq_bus, wq_in, wq_out;    // the bus / input / output side's pointers (aesf_dam_qhead)
  logic [QW:0]   wq_bus1, wq_in1, wq_out1; // the same + 1 (flip-flops)
  logic [QW-1:0] wbus_raddr, win_raddr, wout_raddr;
  logic [CW-1:0] wbus_rec, win_rec, wout_rec;       // head records, flip-flops
  logic [CW-1:0] wbus_rdata, win_rdata, wout_rdata; // the records after the heads
  logic          wbus_valid, wbus_last;
  logic          wbus_valid_nx, win_valid_nx, wout_valid_nx;   // the heads' valid flags after this edge
  logic [127:0]  wbuf_q;
  logic [WPSW-1:0] win_widx_q, wout_widx_q;
  logic [MEM_AW-1:0] wout_addr_q, wout_row_q;
  logic [4:0]    wout_col_q;
  logic          wout_started_q;
  logic [7:0]    wdone_cnt_q;
  logic          win_valid, wout_valid;
  logic          win_cipher, wout_cipher;
  logic          wbeat, win_last, win_adv;
  // internal beat source (front end or DMA loop-back)
  logic          wd_valid;
  logic [W-1:0]  wd_data;
  logic [W/8-1:0] wd_be;
  logic          wd_ready;

  assign wq_full  = wq_full_q;
  assign win_cipher  = win_rec[C_M+1];
  assign wout_cipher = wout_rec[C_M+1];
  assign win_active_o = wbus_valid;
  assign win_tag_o    = wbus_rec[C_T +: 4];
  assign win_err_o    = wbus_rec[C_E];

  always_ff @(posedge clk_i) begin
    if (wq_push) wq_mem[wq_push_q[QW-1:0]] <= wq_rec;
  end

  // the sides' heads: pointer, valid, record and last-beat flag in flip-flops (the store is read one record ahead)
  assign wbus_rdata = wq_mem[wbus_raddr];
  assign win_rdata  = wq_mem[win_raddr];
  assign wout_rdata = wq_mem[wout_raddr];

  // bypass beat FIFO and decrypt engine
  logic          bfw_ready, bf_valid, bf_pop;
  logic [W+W/8-1:0] bf_rdata;
  logic [2:0]    bf_count;
  logic [BQW-1:0] wblk_count, rblk_count;
  logic [3:0]    rf_count;
  logic          dec_in_valid, dec_out_valid;
  logic [BQW-1:0] dcred_q;     // free write-block FIFO entries not claimed by a state in the decrypt engine
  logic          dcred_ok_q;  // dcred_q != 0, kept as a flip-flop
  logic [127:0]  dec_in, dec_out, sbuf_w;
  logic          wblk_ready, wblk_valid, wblk_pop;
  logic [127:0]  wblk_data;

  // Bus side and write slice (timing, issue 21, step 33): write beats from the front end, or from the read path
  // while the DMA loops back, enter a two-entry register slice with the head in flip-flops; the input side takes
  // them from the slice. The bus side of the write queue (its own head, aesf_dam_qhead) follows the beats taken
  // into the slice, so the front end's window (win_active_o / win_tag_o / win_err_o) and wd_ready_o come from
  // flip-flops: wd_ready_o = a command at the bus side && room in the slice (step 31's median paths ran from the
  // input side's head through its decision to the bus pins and back into the bypass FIFO's pointers). The
  // slice replaces the DMA loop-back slice of step 21 (same cycles for the DMA); a bus write beat reaches the
  // input side one cycle later than before. Beats enter only behind the bus side, which never passes the input
  // side's record, so the slice is empty whenever the input side has no command (asserted below).
  logic          ws_ok_d;              // after this edge: the bus side has a command and the slice has room
  logic          bus_ok_q, loop_ok_q;  // ws_ok_d registered for the front end (channel idle) / the DMA loop-back
  logic          ws_push, ws_pop;
  logic [W+W/8-1:0] ws_wdata, ws_rdata;
  logic          ws_rvalid, ws_wready;
  logic [1:0]    ws_count;
  logic          ws_full_nx;           // the slice is full after this edge
  // the readies are flip-flops, decided one beat ahead (step 33: the ready from the slice's full flag, the bus
  // side's valid flag and the channel's state decode was 5 LUT levels around the bus pins' handshake); the
  // channel's next state picks the source: the front end while the channel is idle, the read path while it
  // loops back (StDmaPush, StDmaRun), neither while it checks a GO (StDmaWait)
  assign ws_push      = (bus_ok_q && wd_valid_i) || (loop_ok_q && rd_valid);
  assign ws_pop       = ws_rvalid && wd_ready;
  assign ws_wdata     = dma_loop ? {{(W/8){1'b1}}, rd_data_o} : {wd_be_i, wd_data_i};
  assign wd_ready_o   = bus_ok_q;
  assign rd_ready_int = dma_loop ? loop_ok_q : rd_ready_i;
  assign ws_full_nx   = !ws_pop && ((ws_count == 2'd2) || (ws_count == 2'd1 && ws_push));
  assign ws_ok_d      = wbus_valid_nx && !ws_full_nx;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      bus_ok_q  <= 1'b0;
      loop_ok_q <= 1'b0;
    end else begin
      bus_ok_q  <= ws_ok_d && (dma_state_d == StDmaIdle);
      loop_ok_q <= ws_ok_d && (dma_state_d == StDmaPush || dma_state_d == StDmaRun);
    end
  end
  aesf_dam_qhead #(.CW(CW), .QW(QW), .C_B(C_B), .BW(BW)) u_wbus (
    .clk_i, .rst_ni, .push_i(wq_push), .push_ptr_i(wq_push_q), .wdata_i(wq_rec),
    .raddr_o(wbus_raddr), .rdata_i(wbus_rdata), .beat_i(ws_push), .adv_i(ws_push && wbus_last),
    .valid_o(wbus_valid), .rec_o(wbus_rec), .last_o(wbus_last), .ptr_o(wq_bus),
    .ptr1_o(wq_bus1), .valid_nx_o(wbus_valid_nx)
  );
  aesf_fifo #(.W(W + W/8), .DEPTH(2), .HEAD_REG(1), .SPEC_WR(1)) u_wslice (
    .clk_i, .rst_ni, .clear_i(1'b0),
    .wvalid_i(ws_push), .wready_o(ws_wready), .wdata_i(ws_wdata),
    .rvalid_o(ws_rvalid), .rready_i(wd_ready), .rdata_o(ws_rdata), .count_o(ws_count)
  );
  assign wd_valid = ws_rvalid;
  assign wd_data  = ws_rdata[W-1:0];
  assign wd_be    = ws_rdata[W +: W/8];
`ifdef FORMAL
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni) begin
      // the bus side lies between the input side and the push pointer, its head is the store's record
      assert ((wq_bus - wq_in) <= (wq_push_q - wq_in));
      assert (wbus_valid == (wq_bus != wq_push_q));
      if (wbus_valid) assert (wbus_rec == wq_mem[wq_bus[QW-1:0]]);
      if (!win_valid) assert (!ws_rvalid);       // no beat without the input side's command
      if (ws_push && dma_active) assert (dma_loop);
      if (ws_push) assert (wbus_valid);
      assert (bus_ok_q == (wbus_valid && ws_wready && dma_state_q == StDmaIdle));
      assert (loop_ok_q == (wbus_valid && ws_wready && dma_loop));
    end
  end
`endif

  // the beat completing a state joins the words collected so far (no partial overwrite in an always_comb:
  // Icarus 11 would re-trigger such a process on its own output)
  if (WPS == 1) begin : gen_sbuf_w1
    assign sbuf_w = wd_data;
  end else begin : gen_sbuf_wn
    assign sbuf_w = {wd_data, wbuf_q[W*(WPS-1)-1:0]};
  end
  assign dec_in = s2b(sbuf_w, win_rec[C_M +: 2] == MODE_STATE);

  // (continuous assignments, not a default-then-override always_comb: Icarus 11 re-triggers such processes
  // through each other and never leaves the time step)
  assign wd_ready = win_valid && (win_rec[C_E] ? 1'b1 :
                                  win_cipher   ? ((win_widx_q != WPSW'(WPS-1)) || dcred_ok_q) : bfw_ready);
  assign dec_in_valid = win_valid && !win_rec[C_E] && win_cipher && wd_valid && (win_widx_q == WPSW'(WPS-1)) &&
                        dcred_ok_q;
  assign wbeat    = wd_valid && wd_ready;
  assign win_adv  = wbeat && win_last;
  aesf_dam_qhead #(.CW(CW), .QW(QW), .C_B(C_B), .BW(BW)) u_win (
    .clk_i, .rst_ni, .push_i(wq_push), .push_ptr_i(wq_push_q), .wdata_i(wq_rec),
    .raddr_o(win_raddr), .rdata_i(win_rdata), .beat_i(wbeat), .adv_i(win_adv),
    .valid_o(win_valid), .rec_o(win_rec), .last_o(win_last), .ptr_o(wq_in),
    .ptr1_o(wq_in1), .valid_nx_o(win_valid_nx)
  );

  // bypass beats and decrypted blocks wait for the memory slice with the head in flip-flops, and the free entry
  // takes the producer's word at every edge (timing, issue 21, step 31: the LUT-RAM read behind the read pointer
  // -> the state byte order and word select -> the memory-request slice's data was the worst path of
  // dam_asbus32's median seed; the write beat reached the LUT-RAM write enables of the bypass FIFO)
  aesf_fifo #(.W(W + W/8), .DEPTH(4), .HEAD_REG(1), .SPEC_WR(1)) u_wbypass (
    .clk_i, .rst_ni, .clear_i(1'b0),
    .wvalid_i(wbeat && !win_rec[C_E] && !win_cipher), .wready_o(bfw_ready), .wdata_i({wd_be, wd_data}),
    .rvalid_o(bf_valid), .rready_i(bf_pop), .rdata_o(bf_rdata), .count_o(bf_count)
  );

  aesf_dam_cipher #(.INVERSE(1), .KEY_BITS(KEY_BITS), .SBOX_IMPL(SBOX_IMPL), .MIX_REG(MIX_REG),
                    .IN_REG(IN_REG)) u_dec (
    .clk_i, .rst_ni, .en_i(1'b1), .in_valid_i(dec_in_valid), .in_data_i(dec_in), .rk_i(rk_dec),
    .out_valid_o(dec_out_valid), .out_data_o(dec_out)
  );
  aesf_fifo #(.W(128), .DEPTH(BQ_DEPTH), .HEAD_REG(1), .SPEC_WR(1)) u_wblk (
    .clk_i, .rst_ni, .clear_i(1'b0),
    .wvalid_i(dec_out_valid), .wready_o(wblk_ready), .wdata_i(dec_out),
    .rvalid_o(wblk_valid), .rready_i(wblk_pop), .rdata_o(wblk_data), .count_o(wblk_count)
  );

  // input side state
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wq_push_q  <= '0;
      win_widx_q <= '0;
      wbuf_q     <= '0;
    end else begin
      if (wq_push) wq_push_q <= wq_push_q + 1'b1;
      if (wbeat) begin
        if (win_cipher && !win_rec[C_E]) begin
          wbuf_q[W*win_widx_q +: W] <= wd_data;
          win_widx_q <= (win_widx_q == WPSW'(WPS-1)) ? '0 : win_widx_q + 1'b1;
        end
      end
    end
  end

  // output side: memory writes
  logic          w_mreq, w_mgnt, wout_last, wout_done_err, w_nop;
  logic [W-1:0]  w_mdata;
  logic [W/8-1:0] w_mbe;
  logic [MEM_AW-1:0] w_maddr;
  logic [127:0]  wblk_s;

  assign wblk_s  = b2s(wblk_data, 1'b0);  // plaintext to memory: natural order
  assign w_mdata = wout_cipher ? wblk_s[W*wout_widx_q +: W] : bf_rdata[W-1:0];
  assign w_mbe   = wout_cipher ? {(W/8){1'b1}} : bf_rdata[W +: W/8];
  assign w_maddr = wout_started_q ? wout_addr_q : wout_rec[C_A +: MEM_AW];
  assign w_mreq  = wout_valid && !wout_rec[C_E] && (wout_cipher ? wblk_valid : bf_valid);
  // a refused command completes once the input side has dropped all its beats
  assign wout_done_err = wout_valid && wout_rec[C_E] && (wq_in != wq_out);
  assign bf_pop   = w_mgnt && !wout_cipher;
  assign wblk_pop = w_mgnt && wout_cipher && (wout_widx_q == WPSW'(WPS-1));

  // next address (linear +1; block: next row after width beats)
  function automatic logic [MEM_AW-1:0] next_addr(input logic [MEM_AW-1:0] cur, input logic [MEM_AW-1:0] row,
                                                  input logic [4:0] col, input logic [1:0] mode,
                                                  input logic [4:0] width, input logic [MEM_AW-1:0] pitch);
    next_addr = (mode == MODE_BLK && col == width - 1'b1) ? row + pitch : cur + 1'b1;
  endfunction

  logic [MEM_AW-1:0] wcur_addr, wcur_row;
  assign wcur_addr = w_maddr;
  assign wcur_row  = wout_started_q ? wout_row_q : wout_rec[C_A +: MEM_AW];

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wout_widx_q    <= '0;
      wout_addr_q    <= '0;
      wout_row_q     <= '0;
      wout_col_q     <= '0;
      wout_started_q <= 1'b0;
      wdone_cnt_q    <= '0;
    end else begin
      if (w_mgnt) begin
        wout_started_q <= !wout_last;
        wout_addr_q    <= next_addr(wcur_addr, wcur_row, wout_col_q, wout_rec[C_M +: 2], wout_rec[C_WD +: 5], pitch_i);
        if (wout_rec[C_M +: 2] == MODE_BLK && wout_col_q == wout_rec[C_WD +: 5] - 1'b1) begin
          wout_row_q <= wcur_row + pitch_i;
          wout_col_q <= '0;
        end else begin
          wout_row_q <= wcur_row;
          wout_col_q <= wout_col_q + 1'b1;
        end
        if (wout_cipher) wout_widx_q <= (wout_widx_q == WPSW'(WPS-1)) ? '0 : wout_widx_q + 1'b1;
        if (wout_last) begin
          wout_col_q  <= '0;
          wdone_cnt_q <= wdone_cnt_q + 1'b1;
        end
      end else if (w_nop) begin
        wdone_cnt_q <= wdone_cnt_q + 1'b1;
      end
    end
  end
  // issued here; the completion itself (wdone) leaves the memory slice with the word (or as a no-request entry)
  assign wdone_iss   = (w_mgnt && wout_last) || w_nop;
  aesf_dam_qhead #(.CW(CW), .QW(QW), .C_B(C_B), .BW(BW)) u_wout (
    .clk_i, .rst_ni, .push_i(wq_push), .push_ptr_i(wq_push_q), .wdata_i(wq_rec),
    .raddr_o(wout_raddr), .rdata_i(wout_rdata), .beat_i(w_mgnt), .adv_i(wdone_iss),
    .valid_o(wout_valid), .rec_o(wout_rec), .last_o(wout_last), .ptr_o(wq_out),
    .ptr1_o(wq_out1), .valid_nx_o(wout_valid_nx)
  );
  assign wq_ret      = wdone_iss;
  assign wdone_cnt_o = wdone_cnt_q;

  // ------------------------------------------------------------------------------------------------
  // Read path
  logic [CW-1:0] rq_mem [CQ_DEPTH];
  logic [QW:0]   rq_push_q;
  logic [QW:0]   rq_iss, rq_mid, rq_out;      // the issue / middle / bus side's pointers (aesf_dam_qhead)
  logic [QW:0]   rq_iss1, rq_mid1, rq_out1;   // the same + 1 (flip-flops)
  logic [QW-1:0] riss_raddr, rmid_raddr, rout_raddr;
  logic [CW-1:0] riss_rec, rmid_rec, rout_rec; // head records, flip-flops
  logic [CW-1:0] riss_rdata, rmid_rdata, rout_rdata;
  logic          riss_valid, rmid_valid, rout_valid;
  logic          riss_valid_nx, rmid_valid_nx, rout_valid_nx;   // (not needed here: see unused)
  logic          riss_adv, rmid_adv, rmid_skip, rmid_beat;
  logic [MEM_AW-1:0] riss_addr_q, riss_row_q;
  logic [4:0]    riss_col_q;
  logic          riss_started_q;
  logic [3:0]    r_inflight_q;
  logic [127:0]  rbuf_q, sbuf_r;
  logic [WPSW-1:0] rmid_widx_q, rout_widx_q;
  logic          r_mreq, r_mgnt, riss_order_ok, riss_last, riss_skip;
  logic [MEM_AW-1:0] r_maddr, rcur_row;
  logic          rf_valid, rf_pop, rf_wready;
  logic [W-1:0]  rf_rdata;
  logic          enc_in_valid, enc_out_valid, rblk_ready, rblk_valid, rblk_pop;
  logic [BQW-1:0] ecred_q;     // free read-block FIFO entries not claimed by a state in the encrypt engine
  logic          ecred_ok_q;  // ecred_q != 0
  logic [127:0]  enc_in, enc_out, rblk_data, rblk_s;
  logic          rmid_cipher, rout_cipher, rmid_last, rmid_pop, rout_beat, rout_last;
  logic          order_ok_q;  // the issue side's head record may start: wdone_cnt_q - after >= 0 (mod 256)
  logic          order_ok_d;
  logic          rf_room_q;   // r_inflight_q < RF_DEPTH (a read word FIFO entry is free for another request)

  assign rq_full    = rq_full_q;
  assign riss_rdata = rq_mem[riss_raddr];
  assign rmid_rdata = rq_mem[rmid_raddr];
  assign rout_rdata = rq_mem[rout_raddr];
  assign rmid_cipher = rmid_rec[C_M+1];
  assign rout_cipher = rout_rec[C_M+1];

  always_ff @(posedge clk_i) begin
    if (rq_push) rq_mem[rq_push_q[QW-1:0]] <= rq_rec;
  end

  // issue side: memory read requests, limited by RF_DEPTH credits.
  // Read-after-write order as a flip-flop (timing, issue 21: the subtraction's carry chain sat between the head
  // record and the memory-port arbitration): the flag of the next cycle is decided for each candidate of the next
  // head record (held, read from the store, just written) and each next completion count (wdone_cnt_q, + 1)
  // ahead of the late selects, which take the head's load decision of aesf_dam_qhead and `wdone_iss`.
  function automatic logic after_ok(input logic [7:0] cnt, input logic [7:0] after);
    logic [7:0] diff;
    diff     = cnt - after;
    after_ok = (diff < 8'd128);   // the sign bit of the difference (mod 256)
  endfunction
  logic       riss_hload, riss_from_store;   // as aesf_dam_qhead's hload / from_store
  logic [7:0] wdone_cnt1;
  logic [2:0] ok_c0, ok_c1;                   // {held, stored, written} candidate with wdone_cnt_q / + 1
  assign riss_hload      = riss_adv || (!riss_valid && rq_push);
  assign riss_from_store = riss_adv && !(rq_push && rq_push_q == rq_iss1);
  assign wdone_cnt1      = wdone_cnt_q + 1'b1;
  assign ok_c0 = {after_ok(wdone_cnt_q, riss_rec[C_AF +: 8]), after_ok(wdone_cnt_q, riss_rdata[C_AF +: 8]),
                  after_ok(wdone_cnt_q, rq_rec[C_AF +: 8])};
  assign ok_c1 = {after_ok(wdone_cnt1, riss_rec[C_AF +: 8]), after_ok(wdone_cnt1, riss_rdata[C_AF +: 8]),
                  after_ok(wdone_cnt1, rq_rec[C_AF +: 8])};
  always_comb begin
    logic [2:0] ok;
    ok = wdone_iss ? ok_c1 : ok_c0;
    order_ok_d = !riss_hload ? ok[2] : (riss_from_store ? ok[1] : ok[0]);
  end
  assign riss_order_ok = order_ok_q;
  assign riss_skip     = riss_valid && riss_rec[C_E];
  assign r_maddr  = riss_started_q ? riss_addr_q : riss_rec[C_A +: MEM_AW];
  assign rcur_row = riss_started_q ? riss_row_q : riss_rec[C_A +: MEM_AW];
  assign r_mreq   = riss_valid && !riss_rec[C_E] && riss_order_ok && rf_room_q;
  assign riss_adv = (r_mgnt && riss_last) || riss_skip;
  aesf_dam_qhead #(.CW(CW), .QW(QW), .C_B(C_B), .BW(BW)) u_riss (
    .clk_i, .rst_ni, .push_i(rq_push), .push_ptr_i(rq_push_q), .wdata_i(rq_rec),
    .raddr_o(riss_raddr), .rdata_i(riss_rdata), .beat_i(r_mgnt), .adv_i(riss_adv),
    .valid_o(riss_valid), .rec_o(riss_rec), .last_o(riss_last), .ptr_o(rq_iss),
    .ptr1_o(rq_iss1), .valid_nx_o(riss_valid_nx)
  );

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rq_push_q      <= '0;
      riss_addr_q    <= '0;
      riss_row_q     <= '0;
      riss_col_q     <= '0;
      riss_started_q <= 1'b0;
      r_inflight_q   <= '0;
      rf_room_q      <= 1'b1;
      order_ok_q     <= 1'b1;   // after_ok(0, 0): the empty head's record is zero
    end else begin
      order_ok_q <= order_ok_d;
      if (rq_push) rq_push_q <= rq_push_q + 1'b1;
      if (r_mgnt && !rf_pop) begin
        r_inflight_q <= r_inflight_q + 1'b1;
        rf_room_q    <= (r_inflight_q != 4'(RF_DEPTH - 1));
      end else if (!r_mgnt && rf_pop) begin
        r_inflight_q <= r_inflight_q - 1'b1;
        rf_room_q    <= 1'b1;
      end
      if (r_mgnt) begin
        riss_started_q <= !riss_last;
        riss_addr_q    <= next_addr(r_maddr, rcur_row, riss_col_q, riss_rec[C_M +: 2], riss_rec[C_WD +: 5], pitch_i);
        if (riss_rec[C_M +: 2] == MODE_BLK && riss_col_q == riss_rec[C_WD +: 5] - 1'b1) begin
          riss_row_q <= rcur_row + pitch_i;
          riss_col_q <= '0;
        end else begin
          riss_row_q <= rcur_row;
          riss_col_q <= riss_col_q + 1'b1;
        end
        if (riss_last) riss_col_q <= '0;
      end
    end
  end

  aesf_fifo #(.W(W), .DEPTH(RF_DEPTH)) u_rword (
    .clk_i, .rst_ni, .clear_i(1'b0),
    .wvalid_i(mem_rvalid_i), .wready_o(rf_wready), .wdata_i(mem_rdata_i),
    .rvalid_o(rf_valid), .rready_i(rf_pop), .rdata_o(rf_rdata), .count_o(rf_count)
  );

  // middle: words of cipher commands into the encrypt engine; bypass words go straight to the bus side
  if (WPS == 1) begin : gen_sbuf_r1
    assign sbuf_r = rf_rdata;
  end else begin : gen_sbuf_rn
    assign sbuf_r = {rf_rdata, rbuf_q[W*(WPS-1)-1:0]};
  end
  assign enc_in      = s2b(sbuf_r, 1'b0);  // plaintext from memory: natural order
  assign rmid_pop    = rmid_valid && !rmid_rec[C_E] && rmid_cipher && rf_valid &&
                       ((rmid_widx_q != WPSW'(WPS-1)) || ecred_ok_q);
  assign enc_in_valid = rmid_pop && (rmid_widx_q == WPSW'(WPS-1));
  // refused: no words; bypass: the bus side consumed them and moved on
  assign rmid_skip = rmid_valid && (rmid_rec[C_E] || (!rmid_cipher && rq_out == rq_mid1));
  assign rmid_beat = rmid_pop;          // (a skipped record has no words: never both)
  assign rmid_adv  = rmid_skip || (rmid_beat && rmid_last);
  aesf_dam_qhead #(.CW(CW), .QW(QW), .C_B(C_B), .BW(BW)) u_rmid (
    .clk_i, .rst_ni, .push_i(rq_push), .push_ptr_i(rq_push_q), .wdata_i(rq_rec),
    .raddr_o(rmid_raddr), .rdata_i(rmid_rdata), .beat_i(rmid_beat), .adv_i(rmid_adv),
    .valid_o(rmid_valid), .rec_o(rmid_rec), .last_o(rmid_last), .ptr_o(rq_mid),
    .ptr1_o(rq_mid1), .valid_nx_o(rmid_valid_nx)
  );

  aesf_dam_cipher #(.INVERSE(0), .KEY_BITS(KEY_BITS), .SBOX_IMPL(SBOX_IMPL), .MIX_REG(MIX_REG),
                    .IN_REG(IN_REG)) u_enc (
    .clk_i, .rst_ni, .en_i(1'b1), .in_valid_i(enc_in_valid), .in_data_i(enc_in), .rk_i(rk_enc),
    .out_valid_o(enc_out_valid), .out_data_o(enc_out)
  );
  // the encrypted blocks wait for the bus side with the head in flip-flops (timing, issue 21: the LUT-RAM read
  // behind the read pointer -> the state byte order and word select -> the read data and the DMA loop-back slice
  // was the worst path of every dam_asbus32 seed after step 24, and of dam_axi32 / dam_axi64's median seeds); the
  // free entry takes the engine's output at every edge (SPEC_WR, step 31: the bus side's pop reached the LUT-RAM
  // write enables through the head's refill decision, the median path of dam_asbus64 / dam_asbus128 at step 30)
  aesf_fifo #(.W(128), .DEPTH(BQ_DEPTH), .HEAD_REG(1), .SPEC_WR(1)) u_rblk (
    .clk_i, .rst_ni, .clear_i(1'b0),
    .wvalid_i(enc_out_valid), .wready_o(rblk_ready), .wdata_i(enc_out),
    .rvalid_o(rblk_valid), .rready_i(rblk_pop), .rdata_o(rblk_data), .count_o(rblk_count)
  );

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rmid_widx_q <= '0;
      rbuf_q      <= '0;
    end else begin
      if (rmid_beat) begin
        rbuf_q[W*rmid_widx_q +: W] <= rf_rdata;
        rmid_widx_q <= (rmid_widx_q == WPSW'(WPS-1)) ? '0 : rmid_widx_q + 1'b1;
      end
    end
  end

  // bus side
  assign rblk_s    = b2s(rblk_data, rout_rec[C_M +: 2] == MODE_STATE);
  assign rd_valid  = rout_valid && (rout_rec[C_E] ? 1'b1 :
                                    rout_cipher    ? rblk_valid : (rf_valid && (rq_mid == rq_out)));
  assign rd_data_o = (!rout_valid || rout_rec[C_E]) ? '0 :
                     rout_cipher ? rblk_s[W*rout_widx_q +: W] : rf_rdata;
  assign rd_valid_o = rd_valid && !dma_loop;
  assign rd_last_o = rout_last;
  assign rd_err_o  = rout_rec[C_E];
  assign rd_tag_o  = rout_rec[C_T +: 4];
  assign rout_beat = rd_valid && rd_ready_int;
  assign rq_ret    = rout_beat && rout_last;
  assign rf_pop    = rmid_pop || (rout_beat && !rout_rec[C_E] && !rout_cipher);
  assign rblk_pop  = rout_beat && !rout_rec[C_E] && rout_cipher && (rout_widx_q == WPSW'(WPS-1));
  aesf_dam_qhead #(.CW(CW), .QW(QW), .C_B(C_B), .BW(BW)) u_rout (
    .clk_i, .rst_ni, .push_i(rq_push), .push_ptr_i(rq_push_q), .wdata_i(rq_rec),
    .raddr_o(rout_raddr), .rdata_i(rout_rdata), .beat_i(rout_beat), .adv_i(rq_ret),
    .valid_o(rout_valid), .rec_o(rout_rec), .last_o(rout_last), .ptr_o(rq_out),
    .ptr1_o(rq_out1), .valid_nx_o(rout_valid_nx)
  );

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rout_widx_q <= '0;
    end else if (rout_beat) begin
      if (rout_cipher && !rout_rec[C_E]) rout_widx_q <= (rout_widx_q == WPSW'(WPS-1)) ? '0 : rout_widx_q + 1'b1;
    end
  end

  // ------------------------------------------------------------------------------------------------
  // Command queue full flags (set by the push that fills a queue, cleared by any retire without a push)
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wq_full_q <= 1'b0;
      rq_full_q <= 1'b0;
    end else begin
      if (wq_push && !wq_ret)      wq_full_q <= ((wq_push_q - wq_out) == (QW+1)'(CQ_DEPTH - 1));
      else if (wq_ret && !wq_push) wq_full_q <= 1'b0;
      if (rq_push && !rq_ret)      rq_full_q <= ((rq_push_q - rq_out) == (QW+1)'(CQ_DEPTH - 1));
      else if (rq_ret && !rq_push) rq_full_q <= 1'b0;
    end
  end

  // ------------------------------------------------------------------------------------------------
  // Engine credits: claimed when a state enters an engine, returned when its block leaves the block FIFO.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      dcred_q    <= BQW'(BQ_DEPTH);
      dcred_ok_q <= 1'b1;
      ecred_q    <= BQW'(BQ_DEPTH);
      ecred_ok_q <= 1'b1;
    end else begin
      if (dec_in_valid && !wblk_pop) begin
        dcred_q    <= dcred_q - 1'b1;
        dcred_ok_q <= (dcred_q != BQW'(1));
      end else if (wblk_pop && !dec_in_valid) begin
        dcred_q    <= dcred_q + 1'b1;
        dcred_ok_q <= 1'b1;
      end
      if (enc_in_valid && !rblk_pop) begin
        ecred_q    <= ecred_q - 1'b1;
        ecred_ok_q <= (ecred_q != BQW'(1));
      end else if (rblk_pop && !enc_in_valid) begin
        ecred_q    <= ecred_q + 1'b1;
        ecred_ok_q <= 1'b1;
      end
    end
  end
`ifdef FORMAL
  // credits: bounded, the flag is the compare it stands for, and a block leaving an engine always finds room
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni) begin
      assert (dcred_q <= BQW'(BQ_DEPTH) && ecred_q <= BQW'(BQ_DEPTH));
      assert (dcred_ok_q == (dcred_q != '0) && ecred_ok_q == (ecred_q != '0));
      assert (!dec_out_valid || wblk_ready);
      assert (!enc_out_valid || rblk_ready);
      assert (32'(dcred_q) + 32'(wblk_count) <= BQ_DEPTH && 32'(ecred_q) + 32'(rblk_count) <= BQ_DEPTH);
      assert (wq_full_q == ((wq_push_q - wq_out) == (QW+1)'(CQ_DEPTH)));
      assert (rq_full_q == ((rq_push_q - rq_out) == (QW+1)'(CQ_DEPTH)));
      if (wq_push) assert (!wq_full_q);
      if (rq_push) assert (!rq_full_q);
      // the registered heads are the store's records at the sides' pointers
      assert (win_valid == (wq_in != wq_push_q) && wout_valid == (wq_out != wq_push_q));
      assert (riss_valid == (rq_iss != rq_push_q) && rmid_valid == (rq_mid != rq_push_q) &&
              rout_valid == (rq_out != rq_push_q));
      if (win_valid)  assert (win_rec == wq_mem[wq_in[QW-1:0]]);
      if (wout_valid) assert (wout_rec == wq_mem[wq_out[QW-1:0]]);
      if (riss_valid) assert (riss_rec == rq_mem[rq_iss[QW-1:0]]);
      if (rmid_valid) assert (rmid_rec == rq_mem[rq_mid[QW-1:0]]);
      if (rout_valid) assert (rout_rec == rq_mem[rq_out[QW-1:0]]);
      if (rmid_skip) assert (!rmid_pop);
      // the issue side's flags are the compares they stand for
      if (riss_valid) assert (order_ok_q == after_ok(wdone_cnt_q, riss_rec[C_AF +: 8]));
      assert (rf_room_q == (r_inflight_q < 4'(RF_DEPTH)));
      assert (r_inflight_q <= 4'(RF_DEPTH));
    end
  end
`endif

  // ------------------------------------------------------------------------------------------------
  // Memory controller: one port, round robin between the write and read paths, through a request slice
  // (timing, issue 21, step 12): the winner's word goes into a two-entry FIFO whose head register drives the
  // port (mem_req_o, mem_we_o, mem_addr_o, mem_be_o, mem_wdata_o from flip-flops, stable until mem_gnt_i as the
  // port requires). mem_gnt_i only pops the slice; the arbitration sees the slice's registered room flag, so no
  // path runs from the grant into the paths' FIFO pops and queue heads (it did on the worst paths).
  // A word issued at edge t is requested from cycle t + 1 (one cycle more than a direct port). A write command's
  // completion travels with its last word (cpl, tag, err) and is reported when the memory grants that word; a
  // refused write command (no words) completes through a no-request entry (nop), in order with the words ahead.
  localparam int MQW = 2 + 4 + 1 + 1 + MEM_AW + W/8 + W;   // {nop, cpl, tag, err, we, addr, be, wdata}
  logic           last_w_q, mq_room, mq_valid, mq_push, mq_pop, w_cand, w_win;
  logic           w_pick;   // the write path wins if the slice has room (the slice's data select: no room term)
  logic [MQW-1:0] mq_wdata, mq_rdata;
  logic [1:0]     mq_count;
  logic           mq_nop, mq_cpl;
  assign w_cand  = w_mreq || wout_done_err;          // (exclusive: a refused command has no words)
  assign w_pick  = w_cand && (!r_mreq || !last_w_q);
  assign w_win   = w_pick && mq_room;
  assign w_mgnt  = w_win && !wout_rec[C_E];
  assign w_nop   = w_win && wout_rec[C_E];
  assign r_mgnt  = r_mreq && mq_room && (!w_cand || last_w_q);
  assign mq_push = w_win || r_mgnt;
  // the slice's free entry takes this word at every edge (SPEC_WR): its select and fields do not wait for the
  // room flag (nop / cpl here are w_nop / wdone_iss of a pushed write word). Byte enables and write data are the
  // write path's word whenever it has one, whoever wins: a read request may carry them, and the memory ignores
  // them (mem_we_o = 0); they are zero while the write path has no word (no uninitialised FIFO entry reaches the
  // port). So the write-or-read select reaches only the flags and the address, and the data fields wait for
  // flip-flops only (timing, issue 21, step 21: w_pick selected all W + W/8 + MEM_AW + 8 inputs of the slice).
  logic w_dvalid;   // the write path's next word is in its FIFO (flip-flops: head record, FIFO flags)
  assign w_dvalid = wout_cipher ? wblk_valid : bf_valid;
  assign mq_wdata = {w_pick && wout_rec[C_E], w_pick && (wout_rec[C_E] || wout_last),
                     w_pick ? wout_rec[C_T +: 4] : 4'd0, w_pick && wout_rec[C_E], w_pick,
                     w_pick ? w_maddr : r_maddr, w_dvalid ? {w_mbe, w_mdata} : {(W/8 + W){1'b0}}};
  assign mq_nop  = mq_rdata[MQW-1];
  assign mq_cpl  = mq_rdata[MQW-2];
  assign mq_pop  = mem_gnt_i || mq_nop;              // a no-request entry leaves without the memory
  aesf_fifo #(.W(MQW), .DEPTH(2), .HEAD_REG(1), .SPEC_WR(1)) u_mreq (
    .clk_i, .rst_ni, .clear_i(1'b0),
    .wvalid_i(mq_push), .wready_o(mq_room), .wdata_i(mq_wdata),
    .rvalid_o(mq_valid), .rready_i(mq_pop), .rdata_o(mq_rdata), .count_o(mq_count)
  );
  assign mem_req_o   = mq_valid && !mq_nop;
  assign mem_we_o    = mq_rdata[MEM_AW + W/8 + W];
  assign mem_addr_o  = mq_rdata[W/8 + W +: MEM_AW];
  assign mem_be_o    = mq_rdata[W +: W/8];
  assign mem_wdata_o = mq_rdata[W-1:0];
  assign wdone       = mq_valid && mq_cpl && mq_pop;
  assign wdone_o     = wdone && !dma_loop;
  assign wdone_tag_o = mq_rdata[MQW-3 -: 4];
  assign wdone_err_o = mq_rdata[MQW-7];

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      last_w_q <= 1'b0;
    end else if (mq_push) begin
      last_w_q <= w_win;
    end
  end
`ifdef FORMAL
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni) begin
      assert (!(w_win && r_mgnt));
      assert (!(w_mreq && wout_done_err));
      assert (mq_count <= 2'd2);
      if (mq_valid && mq_nop) assert (mq_cpl);
      if (w_win) assert (mq_wdata[MQW-1] == w_nop && mq_wdata[MQW-2] == wdone_iss);
    end
  end
`endif

  // ------------------------------------------------------------------------------------------------
  // DMA channel: read path -> write path loop-back
  logic [1:0]        dma_op_q;
  logic [MEM_AW-1:0] dma_src_q, dma_dst_q;
  logic [BW-1:0]     dma_beats_q;
  logic              dma_rpushed_q, dma_wpushed_q;
  logic [3:0]        dma_chk;
  logic [BW+1:0]     n_beats;
  logic [BW+1:0]     src_end, dst_end;       // source / destination end (word address + 1)
  logic              range_bad_q;             // ERR 1 (zero states or a span past the memory), latched at GO
  logic              overlap_q;               // ERR 2 (destination inside (source, source end)), latched at GO
  logic              paths_idle;
  logic              dma_loop_q;     // the loop-back is on (StDmaPush or StDmaRun), a flip-flop

  // The start check acts one cycle after GO (timing, issue 21: from the register block's GO decode through
  // the end-address adders and compares into the channel's enables was the worst path of the DAM): GO latches
  // the operands and the two range checks (adders and compares of the register block's flip-flops, no
  // decision in the enables); StDmaWait decides from flip-flops and either ends the command with its error code
  // (DONE one cycle after GO) or goes on when the paths are idle (a good command takes as many cycles as before).
  // (Step 14 latched the end addresses and compared in StDmaWait: with the block RAMs pinned, that compare's carry
  // chain into the channel state became the worst path.)
  assign n_beats  = (BW+2)'(dma_nstates_i) * (BW+2)'(WPS);
  assign src_end  = (BW+2)'(dma_src_i) + n_beats;
  assign dst_end  = (BW+2)'(dma_dst_i) + n_beats;
  assign paths_idle = !wout_valid && !win_valid && !rout_valid && !riss_valid && !rmid_valid && !mq_valid;
  always_comb begin
    dma_chk = ErrNone;
    if (dma_op_q == OpIllegal)                                     dma_chk = ErrBadOp;
    else if (range_bad_q)                                          dma_chk = ErrRange;
    else if (overlap_q)                                            dma_chk = ErrOverlap;
    else if (dma_op_q != OpCopy && !key_ok_o)                      dma_chk = ErrNoKey;
  end

  // operands: taken at every GO the channel accepts (no decision in their enables)
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      dma_op_q    <= '0;
      dma_src_q   <= '0;
      dma_dst_q   <= '0;
      dma_beats_q <= '0;
      range_bad_q <= 1'b0;
      overlap_q   <= 1'b0;
    end else if (dma_go_i && !dma_active) begin
      dma_op_q    <= dma_op_i;
      dma_src_q   <= dma_src_i;
      dma_dst_q   <= dma_dst_i;
      dma_beats_q <= BW'(n_beats);
      range_bad_q <= dma_nstates_i == '0 || src_end > (BW+2)'(2**MEM_AW) || dst_end > (BW+2)'(2**MEM_AW);
      overlap_q   <= dma_dst_i > dma_src_i && (BW+2)'(dma_dst_i) < src_end;
    end
  end

  // DMA channel FSM: next state apart from the state register
  always_comb begin : dma_next_state
    dma_state_d = dma_state_q;                                    // stay
    unique case (dma_state_q)
      StDmaIdle: if (dma_go_i)                                    dma_state_d = StDmaWait;
      StDmaWait: if (dma_chk != ErrNone)                          dma_state_d = StDmaIdle;
                 else if (paths_idle)                             dma_state_d = StDmaPush;
      StDmaPush: if ((dma_rpushed_q || rq_push) && (dma_wpushed_q || wq_push)) dma_state_d = StDmaRun;
      StDmaRun:  if (wdone)                                       dma_state_d = StDmaIdle;
      default:                                                    dma_state_d = StDmaIdle;
    endcase
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin : dma_state_reg
    if (!rst_ni) dma_state_q <= StDmaIdle;
    else         dma_state_q <= dma_state_d;
  end

  // the channel's flags: both command records pushed, the loop-back on (StDmaPush .. StDmaRun)
  always_ff @(posedge clk_i or negedge rst_ni) begin : dma_flags
    if (!rst_ni) begin
      dma_rpushed_q <= 1'b0;
      dma_wpushed_q <= 1'b0;
      dma_loop_q    <= 1'b0;
    end else if (dma_state_q == StDmaWait && dma_state_d == StDmaPush) begin
      dma_rpushed_q <= 1'b0;
      dma_wpushed_q <= 1'b0;
      dma_loop_q    <= 1'b1;
    end else if (dma_state_q == StDmaPush) begin
      if (rq_push && dma_active) dma_rpushed_q <= 1'b1;
      if (wq_push && dma_active) dma_wpushed_q <= 1'b1;
    end else if (dma_state_q == StDmaRun && wdone) begin
      dma_loop_q    <= 1'b0;
    end
  end
  assign dma_loop = dma_loop_q;
`ifdef FORMAL
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni) assert (dma_loop_q == (dma_state_q == StDmaPush || dma_state_q == StDmaRun));
  end
`endif
  assign dma_busy_o = dma_active;
  assign idle_o     = paths_idle && !dma_active;
  assign dma_done_o = (dma_state_q == StDmaRun && wdone) || (dma_state_q == StDmaWait && dma_chk != ErrNone);
  assign dma_err_o  = (dma_go_i && dma_active) ? ErrBusy :
                      (dma_state_q == StDmaRun) ? {3'd0, wdone_err_o} : dma_chk;

  // command records
  always_comb begin
    if (dma_active) begin
      wq_push = (dma_state_q == StDmaPush) && !dma_wpushed_q && !wq_full;
      rq_push = (dma_state_q == StDmaPush) && !dma_rpushed_q && !rq_full;
      wq_rec  = {8'd0, 4'd0, 1'b0, (dma_op_q == OpDecrypt) ? MODE_NAT : MODE_LIN, 5'd1, dma_beats_q, dma_dst_q};
      rq_rec  = {wdone_cnt_q, 4'd0, 1'b0, (dma_op_q == OpEncrypt) ? MODE_NAT : MODE_LIN, 5'd1, dma_beats_q, dma_src_q};
    end else begin
      wq_push = wcmd_valid_i && wcmd_ready_o;
      rq_push = rcmd_valid_i && rcmd_ready_o;
      wq_rec  = {8'd0, wcmd_tag_i, wcmd_err_i, wcmd_mode_i, wcmd_width_i, wcmd_beats_i, wcmd_addr_i};
      rq_rec  = {rcmd_after_i, rcmd_tag_i, rcmd_err_i, rcmd_mode_i, rcmd_width_i, rcmd_beats_i, rcmd_addr_i};
    end
  end


  // unused: the read-word FIFO never fills (credits); rd_ready_int drives the bus side
  // FIFO levels are not needed (credits / registered flags); the read-word FIFO never fills (credits)
  logic unused;
  // the block FIFOs' wready: always 1 when a block leaves an engine (credits; asserted under FORMAL)
  // the issue side's and the write bus side's pointers: read by the FORMAL assertions only
  assign unused = rf_wready ^ wblk_ready ^ rblk_ready ^ (^{mq_count, ws_wready, wq_bus, wq_bus1, win_valid_nx, wout_valid_nx, riss_valid_nx, rmid_valid_nx, rout_valid_nx, wq_in1, wq_out1, rq_iss1, rq_out1, rq_iss, bf_count, wblk_count, rf_count, rblk_count, wbuf_q[127 -: W],
                                   rbuf_q[127 -: W]});
endmodule
`default_nettype wire
