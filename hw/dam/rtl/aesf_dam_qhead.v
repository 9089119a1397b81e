// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_dam_qhead: the head of one reader side of a DAM command queue, in flip-flops (issue 21).
//
// A DAM command queue is one record store (written at the queue's push pointer) read by several sides that move
// through the records independently (write path: input side, output side; read path: issue, middle and bus
// sides). Each side keeps here: its pointer, a valid flag (a record is at its head), the head record itself and
// a last-beat flag (the next beat of the head record is its last), all flip-flops. The side's decisions therefore
// start at registers instead of a LUT-RAM read and a beat-count compare (timing, issue 21: the records were read
// from LUT RAM and decoded - last-beat compare, a carry chain - in front of every handshake; all six cores'
// critical paths ran through them).
//
// The record after the head is read from the store at a registered address (raddr_o = pointer + 1), so when the
// side advances the new head comes from flip-flops through one 2:1 selection (or straight from wdata_i when it is
// written in the same cycle, or when the side was empty). Cycle behaviour is that of a combinational read at the
// pointer: valid_o = (pointer != push pointer), rec_o = store[pointer] while valid_o, last_o = (beats taken of
// the head record == its beat count - 1).
//
// Byte order: not interpreted (CW opaque bits; the beat count is the BW-bit field at C_B, >= 1).
// Latency: a record pushed at edge t is at the head of an empty side after t (valid_o in cycle t + 1).
`default_nettype none
module aesf_dam_qhead #(
  parameter int CW  = 8,   // record width, >= 1
  parameter int QW  = 3,   // log2 of the queue depth: 1..4
  parameter int C_B = 0,   // position of the record's beat-count field: 0..CW-BW
  parameter int BW  = 4    // width of the beat-count field: 1..CW
) (
  input  logic          clk_i,
  input  logic          rst_ni,       // asynchronous, active low
  input  logic          push_i,       // a record is written at push_ptr_i at this edge
  input  logic [QW:0]   push_ptr_i,   // the queue's push pointer (before this edge's push)
  input  logic [CW-1:0] wdata_i,      // the record written
  output logic [QW-1:0] raddr_o,      // store read address: the record after the head (a flip-flop)
  input  logic [CW-1:0] rdata_i,      // store[raddr_o]
  input  logic          beat_i,       // a beat of the head record is taken at this edge
  input  logic          adv_i,        // the side moves on to the next record at this edge (after its last beat or
                                      // without beats); only while valid_o
  output logic          valid_o,
  output logic          valid_nx_o,   // valid_o after this edge (for a registered decision one beat ahead)
  output logic [CW-1:0] rec_o,
  output logic          last_o,       // the next beat of the head record is its last
  output logic [QW:0]   ptr_o,        // the side's pointer
  output logic [QW:0]   ptr1_o        // ptr_o + 1 (a flip-flop)
);
  aesf_param_check #(
    .ILLEGAL(CW < 1 || QW < 1 || QW > 4 || BW < 1 || BW > CW || C_B < 0 || C_B > CW - BW),
    .MSG    ("aesf_dam_qhead: CW >= 1, QW 1..4, BW 1..CW, C_B 0..CW-BW")
  ) u_param_check ();

  logic [QW:0]   ptr_q, ptr1_q;       // pointer and pointer + 1
  logic [QW:0]   ptr_d;               // next pointer
  logic          valid_q, last_q;
  logic [CW-1:0] rec_q, rec_d;
  logic [BW-1:0] rem_q;               // beats of the head record after the next one
  logic          hload;               // the head register takes a new record at this edge
  logic          from_store;          // the next record comes from the store (else from wdata_i)
  logic [QW:0]   pp1;                 // push_ptr_i + 1
  logic          valid_d;
  // both candidates' beat-count decode ahead of the late selection (timing, issue 21: the subtraction's carry
  // chain sat behind the handshake-driven select of the record, on the worst path of dam_asbus64 / 128)
  logic [BW-1:0] rem_st, rem_wr;      // beat count - 1 of the stored / the written record
  logic          last_st, last_wr;    // beat count == 1

  assign ptr_d = adv_i ? ptr1_q : ptr_q;
  assign pp1   = push_ptr_i + 1'b1;
  // the next valid flag from four compares of early values; adv_i / push_i only select (no adder behind them)
  always_comb begin
    unique case ({adv_i, push_i})
      2'b00:   valid_d = (ptr_q  != push_ptr_i);
      2'b01:   valid_d = (ptr_q  != pp1);
      2'b10:   valid_d = (ptr1_q != push_ptr_i);
      default: valid_d = (ptr1_q != pp1);
    endcase
  end
  assign hload = adv_i || (!valid_q && push_i);
  // the next record: written now (the side was empty, or the next entry is written in this cycle) or stored
  assign from_store = adv_i && !(push_i && push_ptr_i == ptr1_q);
  assign rec_d   = from_store ? rdata_i : wdata_i;
  assign rem_st  = rdata_i[C_B +: BW] - 1'b1;
  assign rem_wr  = wdata_i[C_B +: BW] - 1'b1;
  assign last_st = (rdata_i[C_B +: BW] == BW'(1));
  assign last_wr = (wdata_i[C_B +: BW] == BW'(1));

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ptr_q   <= '0;
      ptr1_q  <= (QW+1)'(1);
      valid_q <= 1'b0;
      rec_q   <= '0;
      rem_q   <= '0;
      last_q  <= 1'b0;
    end else begin
      ptr_q   <= ptr_d;
      if (adv_i) ptr1_q <= ptr1_q + 1'b1;
      if (push_i || adv_i) valid_q <= valid_d;   // (unchanged otherwise)
      if (hload) begin
        rec_q  <= rec_d;
        rem_q  <= from_store ? rem_st : rem_wr;
        last_q <= from_store ? last_st : last_wr;
      end else if (beat_i) begin
        rem_q  <= rem_q - 1'b1;
        last_q <= (rem_q == BW'(1));
      end
    end
  end

  assign raddr_o = ptr1_q[QW-1:0];
  assign valid_o = valid_q;
  assign valid_nx_o = (push_i || adv_i) ? valid_d : valid_q;
  assign rec_o   = rec_q;
  assign last_o  = last_q;
  assign ptr_o   = ptr_q;
  assign ptr1_o  = ptr1_q;

`ifdef FORMAL
  logic [QW:0] pp_d;                  // next push pointer
  assign pp_d = push_ptr_i + (QW+1)'(push_i);
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (rst_ni) begin
      assert (ptr1_q == ptr_q + 1'b1);
      assert (valid_d == (ptr_d != pp_d));
      if (adv_i) assert (valid_q);
      if (beat_i) assert (valid_q);
      if (valid_q) assert (last_q == (rem_q == '0));
    end
  end
`endif
endmodule
`default_nettype wire
