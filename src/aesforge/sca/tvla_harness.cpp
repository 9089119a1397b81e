// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// Fixed-vs-random Welch t-test (TVLA, non-specific, first order) on a simulated power model, compiled by Verilator
// with the wrapper that aesforge.sca.tvla generates (aesf_leak_top): the engine's ports plus
//   reg_o:  every flip-flop bit of the flattened engine (memories mapped to flip-flops), and
//   wire_o: every wire inside the engine's S-box instances.
// Power of a clock cycle, model "reg": the Hamming distance of reg_o between this cycle and the previous one;
// model "wire": the same for wire_o (settled values: zero-delay simulation, no glitches).
// One trace = one block: cycle 0 is the accepting cycle, cycles 0..L-1 are recorded. Each trace is fixed or
// random with probability 1/2 (a xorshift64* stream from the seed), the key is fixed, the engine's PRNG (if any) is
// reseeded from the seed after reset. Output: one JSON object on stdout.
//   usage: tvla <traces> <seed> <key_hex> <fixed_pt_hex> <L>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "Vaesf_leak_top.h"
#include "verilated.h"

static Vaesf_leak_top* top;
static uint64_t rng_state;

static uint64_t rng() {  // xorshift64*
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return rng_state * 2685821657736338717ULL;
}

static void tick() {
  top->clk_i = 0;
  top->eval();
  top->clk_i = 1;
  top->eval();
}

// hex string (big-endian, byte 0 first) -> Verilator wide words (word 0 = bits 31:0)
template <typename W>
static void set_wide(W& w, int words, const std::string& hex) {
  for (int i = 0; i < words; i++) w[i] = 0;
  int nbits = (int)hex.size() * 4;
  for (size_t i = 0; i < hex.size(); i++) {
    int v = std::stoi(hex.substr(i, 1), nullptr, 16);
    int bit = nbits - 4 * (int)(i + 1);   // position of this nibble's LSB
    w[bit / 32] |= (uint32_t)v << (bit % 32);
  }
}

template <typename W>
static std::string get_hex(const W& w, int words) {
  std::string s;
  char buf[9];
  for (int i = words - 1; i >= 0; i--) {
    snprintf(buf, sizeof buf, "%08x", (unsigned)w[i]);
    s += buf;
  }
  return s;
}

template <typename W>
static int hd(const W& a, std::vector<uint32_t>& prev, int words) {
  int n = 0;
  for (int i = 0; i < words; i++) {
    uint32_t v = a[i];
    n += __builtin_popcount(v ^ prev[i]);
    prev[i] = v;
  }
  return n;
}

struct Welch {
  std::vector<double> n[2], mean[2], m2[2];
  explicit Welch(int L) {
    for (int g = 0; g < 2; g++) {
      n[g].assign(L, 0);
      mean[g].assign(L, 0);
      m2[g].assign(L, 0);
    }
  }
  void add(int g, int c, double x) {
    n[g][c] += 1;
    double d = x - mean[g][c];
    mean[g][c] += d / n[g][c];
    m2[g][c] += d * (x - mean[g][c]);
  }
  double t(int c) const {
    if (n[0][c] < 2 || n[1][c] < 2) return 0;
    double v0 = m2[0][c] / (n[0][c] - 1), v1 = m2[1][c] / (n[1][c] - 1);
    double den = std::sqrt(v0 / n[0][c] + v1 / n[1][c]);
    if (den == 0) return (mean[0][c] == mean[1][c]) ? 0 : 1e9;   // a constant that differs between the groups
    return (mean[0][c] - mean[1][c]) / den;
  }
};

int main(int argc, char** argv) {
  if (argc != 6) {
    fprintf(stderr, "usage: %s <traces> <seed> <key_hex> <fixed_pt_hex> <L>\n", argv[0]);
    return 2;
  }
  long traces = atol(argv[1]);
  rng_state = strtoull(argv[2], nullptr, 0) * 0x9e3779b97f4a7c15ULL + 1;
  std::string key = argv[3], fixed = argv[4];
  int L = atoi(argv[5]);
  Verilated::commandArgs(1, argv);
  top = new Vaesf_leak_top;

  const int RW = (int)(sizeof(top->reg_o) / sizeof(top->reg_o[0]));
  const int WW = (int)(sizeof(top->wire_o) / sizeof(top->wire_o[0]));
  std::vector<uint32_t> prev_r(RW, 0), prev_w(WW, 0);

  // reset, reseed, key load
  top->clk_i = 0;
  top->rst_ni = 0;
  top->key_valid_i = 0;
  top->in_valid_i = 0;
  top->in_decrypt_i = 0;
  top->out_ready_i = 1;
  top->clear_i = 0;
#ifdef MASKED
  top->prng_seed_valid_i = 0;
  top->prng_seed_i = 0;
#endif
  for (int i = 0; i < 3; i++) tick();
  top->rst_ni = 1;
  tick();
#ifdef MASKED
  for (int i = 0; i < 2; i++) {
    top->prng_seed_valid_i = 1;
    top->prng_seed_i = rng();
    tick();
  }
  top->prng_seed_valid_i = 0;
#endif
  set_wide(top->key_i, 8, key + std::string(64 - key.size(), '0'));
  top->key_len_i = key.size() == 32 ? 0 : (key.size() == 48 ? 1 : 2);
  top->key_valid_i = 1;
  top->eval();
  while (!top->key_ready_o) { tick(); top->eval(); }
  tick();
  top->key_valid_i = 0;
  set_wide(top->key_i, 8, std::string(64, '0'));
  long guard = 0;
  while (!top->key_ok_o) {
    tick();
    if (++guard > 10000) { fprintf(stderr, "key_ok_o never rose\n"); return 1; }
  }
  tick();

  Welch wr(L), ww(L);
  std::string ct_fixed;
  long n_group[2] = {0, 0};
  for (long tr = 0; tr < traces; tr++) {
    int g = (int)(rng() & 1);   // 0: fixed, 1: random
    std::string pt;
    if (g == 0) {
      pt = fixed;
    } else {
      char buf[33];
      snprintf(buf, sizeof buf, "%016llx%016llx", (unsigned long long)rng(), (unsigned long long)rng());
      pt = buf;
    }
    n_group[g]++;
    top->in_valid_i = 1;
    set_wide(top->in_data_i, 4, pt);
    top->eval();
    guard = 0;
    while (!top->in_ready_o) {
      tick();
      top->eval();
      if (++guard > 10000) { fprintf(stderr, "in_ready_o never rose\n"); return 1; }
    }
    std::string ct;
    for (int c = 0; c < L; c++) {
      top->eval();
      int pr = hd(top->reg_o, prev_r, RW);
      int pw = hd(top->wire_o, prev_w, WW);
      wr.add(g, c, pr);
      ww.add(g, c, pw);
      if (top->out_valid_o && ct.empty()) ct = get_hex(top->out_data_o, 4);
      tick();
      if (c == 0) {
        top->in_valid_i = 0;
        set_wide(top->in_data_i, 4, std::string(32, '0'));
      }
    }
    if (ct.empty()) { fprintf(stderr, "no output within %d cycles\n", L); return 1; }
    if (g == 0) {
      if (ct_fixed.empty()) ct_fixed = ct;
      else if (ct != ct_fixed) { fprintf(stderr, "fixed plaintext gave two ciphertexts\n"); return 1; }
    }
  }

  printf("{\"traces\": %ld, \"n_fixed\": %ld, \"n_random\": %ld, \"cycles\": %d, \"reg_bits\": %d, \"wire_bits\": %d, "
         "\"ct_fixed\": \"%s\",\n \"t_reg\": [", traces, n_group[0], n_group[1], L, RW * 32, WW * 32,
         ct_fixed.c_str());
  for (int c = 0; c < L; c++) printf("%s%.4f", c ? ", " : "", wr.t(c));
  printf("],\n \"t_wire\": [");
  for (int c = 0; c < L; c++) printf("%s%.4f", c ? ", " : "", ww.t(c));
  printf("]}\n");
  delete top;
  return 0;
}
