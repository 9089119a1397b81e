// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_spi_slave: SPI mode-0 (CPOL = 0, CPHA = 0) slave byte engine, MSB first, oversampled in the core clock.
//
// sck_i, mosi_i and cs_ni are asynchronous to clk_i. Each passes through a chain of SYNC_STAGES flip-flops
// (s[0] .. s[SYNC_STAGES-1]); an edge is detected by comparing the last two stages, so the first
// SYNC_STAGES-1 flops are pure metastability filters (the paper's "triple-stage" synchronizer is
// SYNC_STAGES = 3: two filter flops plus the edge-history flop). MOSI is sampled from the same stage as the
// SCK edge is detected, so both pins see the same delay.
//
// Byte order: bit 7 of a byte is the first bit on the wire (MSB first), on both MOSI and MISO.
// Worked example: the master sends 8'hF0 as 1,1,1,1,0,0,0,0 on the first eight rising SCK edges; the slave
// answers with tx_data_i = 8'h5A as MISO = 0,1,0,1,1,0,1,0 sampled on the same eight rising edges.
//
// MISO timing (the reason the paper's wrapper fails at SCK >= 8 MHz with a 44 MHz clock):
//   The master samples MISO on the real rising SCK edge. This slave changes MISO right after it has SEEN
//   that rising edge (the master has sampled the bit already), not after the falling edge. A rising SCK
//   edge reaches the detector (s[SYNC_STAGES-2]) after at most SYNC_STAGES-1 clk_i edges, and the MISO
//   register is updated at the next clk_i edge: MISO shows the next bit between (SYNC_STAGES-1)*T and
//   SYNC_STAGES*T (+ clk-to-out) after the rising edge (T = clk_i period). It must be stable before the next
//   rising edge, one SCK period later:
//       t_SCK > SYNC_STAGES * T + t_co + t_su(master)        (hold: MISO never changes before (SYNC_STAGES-1)*T)
//   SYNC_STAGES = 3: t_SCK >= 4 T (SCK = f_clk/4, e.g. 11 MHz at 44 MHz) leaves one clk_i period minus
//   t_co for the master's setup; SYNC_STAGES = 2 works up to f_clk/3. A design that waits for the
//   synchronized FALLING edge only has half an SCK period (2 T at f_clk/4) for the same SYNC_STAGES*T delay
//   and fails, which is exactly the paper's bug. SCK high and low phases must each last >= 2 T so that no
//   edge is lost in the synchronizer.
//   The first bit of a frame is driven when the CS falling edge is seen: the master must wait
//   t_CSS >= SYNC_STAGES * T + t_su between CS low and the first rising SCK edge, and keep CS high for
//   >= 2 T between frames.
// MOSI: the master changes MOSI on the falling edge (mode 0). MOSI is captured by the same clk_i edge that
// first captures the high SCK level (or one edge later if that flop went metastable and resolved low), so
// it has to be stable from the rising SCK edge until 2 T after it; the falling edge comes >= 2 T later.
// A rising SCK edge closer than ~T to the CS falling edge (t_CSS too short) is seen in the same cycle as
// the frame start and is lost; CS rising less than ~T after the last rising SCK edge may lose that bit.
//
// Verified (tests/gcm_spi/gcm_spi_tb.py, through aesf_gcm_spi): SCK periods 230 ns .. 40 ns at a 10 ns clock
// (f_clk/23 .. f_clk/4) at several phases of SCK against clk_i, with a master that latches MISO in the time
// step SCK rises; at f_clk/2.5 the same master reads wrong data, as this analysis predicts.
//
// Interface to the protocol engine (all clk_i-synchronous single-cycle strobes):
//   frame_start_o  CS low seen; tx_data_i is loaded as the first byte to shift out in this cycle.
//   rx_valid_o     a byte completed (8th rising edge); rx_data_o holds it in this cycle only (combinational
//                  from the shift register and the sampled MOSI bit); tx_data_i is loaded as the next byte to
//                  shift out in the same cycle, so tx_data_i may depend combinationally on rx_data_o.
//   rx_first_o     with rx_valid_o: this is the first byte of the frame.
//   frame_end_o    CS high seen; frame_partial_o = 1 with it when CS rose in the middle of a byte (the
//                  partial byte is dropped).
// Latency: rx_valid_o follows the 8th rising SCK edge by SYNC_STAGES-1 .. SYNC_STAGES clk_i periods.
// MISO is 0 while CS is high.

`default_nettype none

module aesf_spi_slave #(
  parameter int SYNC_STAGES = 3   // flip-flops per input synchronizer incl. the edge-history flop: 2..4
) (
  input  logic       clk_i,
  input  logic       rst_ni,           // asynchronous, active low
  // SPI pins (asynchronous)
  input  logic       sck_i,
  input  logic       mosi_i,
  input  logic       cs_ni,
  output logic       miso_o,
  // byte interface (clk_i domain)
  output logic       frame_start_o,
  output logic       frame_end_o,
  output logic       frame_partial_o,
  output logic       rx_valid_o,
  output logic       rx_first_o,
  output logic [7:0] rx_data_o,
  input  logic [7:0] tx_data_i
);

  aesf_param_check #(
    .ILLEGAL(SYNC_STAGES < 2 || SYNC_STAGES > 4),
    .MSG    ("aesf_spi_slave: SYNC_STAGES must be 2, 3 or 4")
  ) u_param_check ();

  // ---- synchronizers: s[0] is the first flop; cs chain resets to 1 (deselected) ----
  logic [SYNC_STAGES-1:0] sck_q, mosi_q, cs_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sck_q  <= '0;
      mosi_q <= '0;
      cs_q   <= '1;
    end else begin
      sck_q  <= {sck_q[SYNC_STAGES-2:0], sck_i};
      mosi_q <= {mosi_q[SYNC_STAGES-2:0], mosi_i};
      cs_q   <= {cs_q[SYNC_STAGES-2:0], cs_ni};
    end
  end

  logic sck_s, sck_h, mosi_s, cs_s, cs_h;
  assign sck_s  = sck_q[SYNC_STAGES-2];   // synchronized level
  assign sck_h  = sck_q[SYNC_STAGES-1];   // one clock older (edge history)
  assign mosi_s = mosi_q[SYNC_STAGES-2];
  assign cs_s   = cs_q[SYNC_STAGES-2];
  assign cs_h   = cs_q[SYNC_STAGES-1];

  logic sel_q;                             // inside a frame (CS low seen)
  logic start, stop, rise;
  assign start = cs_h & ~cs_s;
  assign stop  = sel_q & cs_s;
  assign rise  = sel_q & ~cs_s & sck_s & ~sck_h;

  logic [2:0] bit_q;                       // bits of the current byte received so far
  logic [6:0] rx_q;                        // first 7 bits of the current byte
  logic [7:0] tx_q;                        // tx_q[7] is on MISO
  logic       first_q;                     // the byte being received is the frame's first

  assign rx_data_o       = {rx_q, mosi_s};
  assign rx_valid_o      = rise && (bit_q == 3'd7);
  assign rx_first_o      = first_q;
  assign frame_start_o   = start;
  assign frame_end_o     = stop;
  assign frame_partial_o = stop && (bit_q != 3'd0);
  assign miso_o          = sel_q & tx_q[7];

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sel_q   <= 1'b0;
      bit_q   <= 3'd0;
      rx_q    <= 7'd0;
      tx_q    <= 8'd0;
      first_q <= 1'b0;
    end else if (start) begin
      sel_q   <= 1'b1;
      bit_q   <= 3'd0;
      rx_q    <= 7'd0;
      tx_q    <= tx_data_i;
      first_q <= 1'b1;
    end else if (stop) begin
      sel_q   <= 1'b0;
      bit_q   <= 3'd0;
      rx_q    <= 7'd0;
      tx_q    <= 8'd0;
      first_q <= 1'b0;
    end else if (rise) begin
      bit_q <= bit_q + 3'd1;
      if (bit_q == 3'd7) begin
        rx_q    <= 7'd0;
        tx_q    <= tx_data_i;
        first_q <= 1'b0;
      end else begin
        rx_q <= {rx_q[5:0], mosi_s};
        tx_q <= {tx_q[6:0], 1'b0};
      end
    end
  end

endmodule

`default_nettype wire
