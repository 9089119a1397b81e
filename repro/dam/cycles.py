# SPDX-License-Identifier: Apache-2.0
"""Static cycle models of seed paper 003 ("DAM": DMA + AES + memory controller on AXI / ASBUS), Section 5.

Every function is the paper's formula exactly as printed (Eq. 10-19 and Table I), as a function of the burst
size N and of the back-to-back probability P.  Nothing here simulates anything: the RTL measurements are compared
against these curves by :mod:`repro.dam.reproduce`.

Models (W = bus width in bits, "beat" = one W-bit data transfer):

- AXI linear, Eq. 10:    4*ceil(N_L/XS) + N_L - 2*ceil(N_L/XS)*P,         P in 0 .. (k-1)/k, k = ceil(N_L/XS)
- ASBUS linear, Eq. 11:  2*ceil(N_L/AS) + N_L - 2*ceil(N_L/AS)*P,         P in 0 .. (k-1)/k, k = ceil(N_L/AS)
- AXI block, Eq. 12:     4*N_H*ceil(N_W/XS) + N_H*N_W - 2*N_H*ceil(N_W/XS)*P,
                                                                         P in 0 .. (k-1)/k, k = N_H*ceil(N_W/XS)
- ASBUS block, Eq. 13:   2*c + N_H*N_W - 2*c*P, c = ceil(N_H/AH)*ceil(N_W/AW), P in 0 .. (c-1)/c
- AXI cipher, Eq. 14/15/16 (W = 32/64/128):  2 + 6N + 50N - (12N + 38N)P,  2 + 4N + 30N - (6N + 24N)P,
                                             2 + 3N + 20N - (3N + 17N)P,   P in 0 .. (N_E-1)/N_E
- ASBUS cipher, Eq. 17/18/19:                2 + 4N + 50N - (4N + 46N)P,   2 + 2N + 30N - (2N + 28N)P,
                                             2 + N + 20N - (N + 19N)P,     P range not given (finding 6)

XS = 16 (AXI3 maximum burst; 256 = AXI4 option), AS = 1024 (10-bit ASBUS LEN), AH = 64 (LEN[5:0]), AW = 16
(LEN[9:6]).  N_L = linear beats, N_H x N_W = block rows x beats per row, N_E = AES states (N in the table).

``P`` is the raw formula argument everywhere (the paper's Fig. 9/10 plot every model over P = 0 .. 0.95 whatever
its legal range); :func:`p_max` gives the legal upper bound and :func:`clip_p` clips P into [0, p_max].

Findings (each one is an assertion in tests/dam/test_dam_cycles.py, printed numbers matched to 0.01):

1. Eq. 10-13 are exactly Table I's linear/block rows; Eq. 14-19 simplify exactly to Table I's cipher rows
   (2+2N(28-25P), 2+2N(17-15P), 2+N(23-20P), 2+2N(27-25P), 2+2N(16-15P), 2+N(21-20P)): no inconsistency between
   the equations and Table I, for every N and P (checked exactly, in rational arithmetic, as polynomials in N and P).
2. Fig. 9(a) text (linear, ASBUS/AXI at P = 0.95): 88.51 / 86.61 / 83.06 % REPRODUCE with N_L = 80 / 40 / 20
   beats (80 words of 32 bits = 320 bytes on every width), XS = 16, AS = 1024, raw P = 0.95 on both buses
   (outside the legal range of ASBUS linear, which is P = 0 for N_L <= 1024).  With XS = 256 (AXI4) they would
   be 97.56 / 95.25 / 90.95 %: the paper's figures are AXI3 bursts.
3. Fig. 9(b) text (block, P = 0.95): 82.75 / 82.85 / 70.77 % REPRODUCE with the geometries
   N_H x N_W = 8x10 (32-bit), 4x10 (64-bit), 4x5 (128-bit): the only factorisations of 80 / 40 / 20 beats
   (320 bytes) that do.  The paper says "N_H, N_W = 8, 10" for all widths; the naive 64-bit scaling 8x5 would
   give 70.60 % and 128-bit 2x10 83.06 %, so the 64/128-bit points use 4 rows of 80 bytes.
4. Fig. 10 text at P = 0.95, N_E = 20: 76.74 / 64.29 / 51.22 % REPRODUCE (132/172, 72/112, 42/82).
   At P = 0 (same N_E = 20): 96.43 and 94.13 % REPRODUCE, but the printed 91.32 % for 128 bits does NOT: the
   model gives 422/462 = 91.34 % (0.02 points off).  N_E = 20 is the only N_E giving the three P = 0.95 numbers;
   the three P = 0 numbers all come out only for N_E = 37..47 (e.g. 40 = 20 written + 20 read?), where none of
   the P = 0.95 numbers does: most likely the P = 0 sentence was computed with another N_E (or a slip).
5. Table IV "Clock Cycles" REPRODUCE, all 18 rows, as the models at the LARGEST LEGAL P (all transfers
   back-to-back, P = p_max = (k-1)/k) with the same N as Fig. 9/10: AXI linear 92/48/26 (k = 5/3/2, P = 0.8,
   2/3, 1/2), ASBUS linear 82/42/22 (k = 1, P = 0), AXI block 98/50/30 (k = 8/4/4), ASBUS block 82/42/22,
   AXI cipher 172/112/82 and ASBUS cipher 132/72/42 (P = 19/20 = 0.95, i.e. the P_XE range also used for ASBUS).
   The linear/block rows are NOT the raw models at P = 0.95 (e.g. AXI linear 32: 90.5) nor at P = 1 (90).
   These N match Section 6's test case "40 words, 10x4 words, 10 states written then read out" counted together
   (80 words / 20 states).  The Section 7 block ratios 83.67 / 84.00 / 73.33 % are Table IV's 82/98, 42/50, 22/30.
6. P_AE (ASBUS cipher) has no range in the text (Table I says "0 to 1"); Table IV uses 0.95 for it, so
   :func:`p_max` uses (N_E-1)/N_E for both cipher buses.  Table I's "P ranging from 0 to 1" contradicts the
   per-equation ranges; Eq. 10 names its probability "P_XS" (typo for P_XL); "N_L the number of data bursts"
   means data beats.
7. Table IV's other columns (not models, but they tell how to read them; all reproduce to the printed digits with
   320 valid bytes per test): VDB = 320 B / (CY x 5 ns), i.e. one common 200 MHz clock, NOT Table II's MOF
   (AXI linear 32 at MOF 133.01 MHz would be 0.46 GB/s, printed 0.70); SE = VDB / Table II slices (KB/s per slice);
   DE = P_dyn(Table III) x CY x 10 ns, i.e. a 100 MHz clock; DEE = VDB / P_dyn.  DE and DEE are therefore
   mutually inconsistent by a factor of 2 (320 B / DE = DEE / 2).  The "conventional bandwidth 2.95 GBps" of
   the 128-bit ASBUS is 16 B x MOF 184.176 MHz (a third clock convention).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

# Maximum transfer sizes (Section 5.1)
XS_AXI3 = 16      # AXI3 maximum burst length (ARLEN/AWLEN 4 bits): the paper's default
XS_AXI4 = 256     # AXI4 option
AS = 1024         # ASBUS linear: 10-bit LEN[9:0]
AH = 64           # ASBUS block height: LEN[5:0]
AW = 16           # ASBUS block width: LEN[9:6]

WIDTHS = (32, 64, 128)
BUSES = ("axi", "asbus")
TESTS = ("linear", "block", "cipher")

# Cycles per AES round of the fully pipelined engines (Section 5.1): 5 / 3 / 2 for 32 / 64 / 128-bit buses
ROUND_CYCLES = {32: 5, 64: 3, 128: 2}

# Burst sizes behind the paper's Fig. 9/10 percentages and Table IV (finding 2-5): 320 bytes per test
PAPER_N: dict[int, dict[str, int]] = {
    32: {"n_l": 80, "n_h": 8, "n_w": 10, "n_e": 20},
    64: {"n_l": 40, "n_h": 4, "n_w": 10, "n_e": 20},
    128: {"n_l": 20, "n_h": 4, "n_w": 5, "n_e": 20},
}
PAPER_P_FIG = 0.95          # right end of the Fig. 9/10 x axis

# Printed numbers (percent = ASBUS cycles / AXI cycles)
PAPER_FIG9_LINEAR = {32: 88.51, 64: 86.61, 128: 83.06}      # P = 0.95
PAPER_FIG9_BLOCK = {32: 82.75, 64: 82.85, 128: 70.77}       # P = 0.95
PAPER_FIG10_P095 = {32: 76.74, 64: 64.29, 128: 51.22}       # P = 0.95, N_E = 20 (also Section 7 text)
PAPER_FIG10_P0 = {32: 96.43, 64: 94.13, 128: 91.32}         # P = 0
PAPER_SEC7_BLOCK = {32: 83.67, 64: 84.00, 128: 73.33}       # Section 7, from Table IV
# Table IV "Clock Cycles": (bus, W, test) -> cycles
PAPER_TABLE4_CYCLES: dict[tuple[str, int, str], int] = {
    ("axi", 32, "linear"): 92, ("axi", 64, "linear"): 48, ("axi", 128, "linear"): 26,
    ("asbus", 32, "linear"): 82, ("asbus", 64, "linear"): 42, ("asbus", 128, "linear"): 22,
    ("axi", 32, "block"): 98, ("axi", 64, "block"): 50, ("axi", 128, "block"): 30,
    ("asbus", 32, "block"): 82, ("asbus", 64, "block"): 42, ("asbus", 128, "block"): 22,
    ("axi", 32, "cipher"): 172, ("axi", 64, "cipher"): 112, ("axi", 128, "cipher"): 82,
    ("asbus", 32, "cipher"): 132, ("asbus", 64, "cipher"): 72, ("asbus", 128, "cipher"): 42,
}
# Table IV VDB (GB/s) and SE (KB/s per slice), Table II slices / MOF, Table III dynamic power (mW)
PAPER_TABLE4_VDB: dict[tuple[str, int, str], float] = {
    ("axi", 32, "linear"): 0.70, ("axi", 64, "linear"): 1.33, ("axi", 128, "linear"): 2.46,
    ("asbus", 32, "linear"): 0.78, ("asbus", 64, "linear"): 1.52, ("asbus", 128, "linear"): 2.91,
    ("axi", 32, "block"): 0.65, ("axi", 64, "block"): 1.28, ("axi", 128, "block"): 2.13,
    ("asbus", 32, "block"): 0.78, ("asbus", 64, "block"): 1.52, ("asbus", 128, "block"): 2.91,
    ("axi", 32, "cipher"): 0.37, ("axi", 64, "cipher"): 0.57, ("axi", 128, "cipher"): 0.78,
    ("asbus", 32, "cipher"): 0.48, ("asbus", 64, "cipher"): 0.89, ("asbus", 128, "cipher"): 1.52,
}
PAPER_TABLE4_SE: dict[tuple[str, int, str], float] = {
    ("axi", 32, "linear"): 26.65, ("axi", 64, "linear"): 58.99, ("axi", 128, "linear"): 134.19,
    ("asbus", 32, "linear"): 31.44, ("asbus", 64, "linear"): 71.48, ("asbus", 128, "linear"): 170.52,
    ("axi", 32, "block"): 25.02, ("axi", 64, "block"): 56.63, ("axi", 128, "block"): 116.30,
    ("asbus", 32, "block"): 31.44, ("asbus", 64, "block"): 71.48, ("asbus", 128, "block"): 170.52,
    ("axi", 32, "cipher"): 14.25, ("axi", 64, "cipher"): 25.28, ("axi", 128, "cipher"): 42.55,
    ("asbus", 32, "cipher"): 19.53, ("asbus", 64, "cipher"): 41.69, ("asbus", 128, "cipher"): 89.32,
}
PAPER_TABLE4_DE: dict[tuple[str, int, str], float] = {
    ("axi", 32, "linear"): 0.56, ("axi", 64, "linear"): 0.28, ("axi", 128, "linear"): 0.16,
    ("asbus", 32, "linear"): 0.47, ("asbus", 64, "linear"): 0.23, ("asbus", 128, "linear"): 0.13,
    ("axi", 32, "block"): 0.74, ("axi", 64, "block"): 0.49, ("axi", 128, "block"): 0.38,
    ("asbus", 32, "block"): 0.57, ("asbus", 64, "block"): 0.39, ("asbus", 128, "block"): 0.27,
    ("axi", 32, "cipher"): 1.33, ("axi", 64, "cipher"): 1.19, ("axi", 128, "cipher"): 1.43,
    ("asbus", 32, "cipher"): 0.95, ("asbus", 64, "cipher"): 0.72, ("asbus", 128, "cipher"): 0.69,
}
PAPER_TABLE4_DEE: dict[tuple[str, int, str], float] = {
    ("axi", 32, "linear"): 1.14, ("axi", 64, "linear"): 2.31, ("axi", 128, "linear"): 3.95,
    ("asbus", 32, "linear"): 1.36, ("asbus", 64, "linear"): 2.82, ("asbus", 128, "linear"): 4.98,
    ("axi", 32, "block"): 0.87, ("axi", 64, "block"): 1.32, ("axi", 128, "block"): 1.69,
    ("asbus", 32, "block"): 1.12, ("asbus", 64, "block"): 1.64, ("asbus", 128, "block"): 2.37,
    ("axi", 32, "cipher"): 0.48, ("axi", 64, "cipher"): 0.54, ("axi", 128, "cipher"): 0.45,
    ("asbus", 32, "cipher"): 0.68, ("asbus", 64, "cipher"): 0.89, ("asbus", 128, "cipher"): 0.92,
}
PAPER_TABLE2: dict[tuple[str, int], dict[str, float]] = {    # Virtex-6 xc6vlx550t, ISE 14.7
    ("axi", 32): {"ios": 533, "slices": 26106, "mof_mhz": 133.010},
    ("asbus", 32): {"ios": 324, "slices": 24822, "mof_mhz": 183.636},
    ("axi", 64): {"ios": 661, "slices": 22603, "mof_mhz": 131.528},
    ("asbus", 64): {"ios": 460, "slices": 21319, "mof_mhz": 176.154},
    ("axi", 128): {"ios": 917, "slices": 18344, "mof_mhz": 130.152},
    ("asbus", 128): {"ios": 732, "slices": 17060, "mof_mhz": 184.176},
}
PAPER_TABLE3_PDYN_MW: dict[tuple[str, int, str], int] = {
    ("axi", 32, "linear"): 612, ("axi", 64, "linear"): 577, ("axi", 128, "linear"): 623,
    ("asbus", 32, "linear"): 574, ("asbus", 64, "linear"): 540, ("asbus", 128, "linear"): 584,
    ("axi", 32, "block"): 752, ("axi", 64, "block"): 971, ("axi", 128, "block"): 1263,
    ("asbus", 32, "block"): 695, ("asbus", 64, "block"): 927, ("asbus", 128, "block"): 1226,
    ("axi", 32, "cipher"): 771, ("axi", 64, "cipher"): 1063, ("axi", 128, "cipher"): 1747,
    ("asbus", 32, "cipher"): 716, ("asbus", 64, "cipher"): 995, ("asbus", 128, "cipher"): 1650,
}
PAPER_VALID_BYTES = 320          # every Table IV test: 80 words of 32 bits / 20 AES states
PAPER_VDB_CLOCK_MHZ = 200.0      # clock behind Table IV's VDB and SE (finding 7)
PAPER_DE_CLOCK_MHZ = 100.0       # clock behind Table IV's DE (finding 7)


# --------------------------------------------------------------------------------------------------------------
# Eq. 10-19, as printed
# --------------------------------------------------------------------------------------------------------------
def _check_n(**kw: int) -> None:
    for name, v in kw.items():
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise ValueError(f"{name} must be a positive integer, got {v!r}")


def _check_w(w: int) -> None:
    if w not in WIDTHS:
        raise ValueError(f"bus width W must be one of {WIDTHS}, got {w!r}")


def axi_linear(n_l: int, p: float, xs: int = XS_AXI3) -> float:
    """Eq. 10: CY_XL = 4*ceil(N_L/XS) + N_L - 2*ceil(N_L/XS)*P_XL (N_L beats, XS = 16 AXI3 or 256 AXI4)."""
    _check_n(n_l=n_l, xs=xs)
    k = math.ceil(n_l / xs)
    return 4 * k + n_l - 2 * k * p


def asbus_linear(n_l: int, p: float, as_: int = AS) -> float:
    """Eq. 11: CY_AL = 2*ceil(N_L/AS) + N_L - 2*ceil(N_L/AS)*P_AL (AS = 1024)."""
    _check_n(n_l=n_l, as_=as_)
    k = math.ceil(n_l / as_)
    return 2 * k + n_l - 2 * k * p


def axi_block(n_h: int, n_w: int, p: float, xs: int = XS_AXI3) -> float:
    """Eq. 12: CY_XB = 4*N_H*ceil(N_W/XS) + N_H*N_W - 2*N_H*ceil(N_W/XS)*P_XB (one AXI burst per row)."""
    _check_n(n_h=n_h, n_w=n_w, xs=xs)
    k = n_h * math.ceil(n_w / xs)
    return 4 * k + n_h * n_w - 2 * k * p


def asbus_block(n_h: int, n_w: int, p: float, ah: int = AH, aw: int = AW) -> float:
    """Eq. 13: CY_AB = 2*ceil(N_H/AH)*ceil(N_W/AW) + N_H*N_W - 2*ceil(N_H/AH)*ceil(N_W/AW)*P_AB."""
    _check_n(n_h=n_h, n_w=n_w, ah=ah, aw=aw)
    k = math.ceil(n_h / ah) * math.ceil(n_w / aw)
    return 2 * k + n_h * n_w - 2 * k * p


def axi_cipher(w: int, n_e: int, p: float) -> float:
    """Eq. 14 / 15 / 16 (W = 32 / 64 / 128) as printed: N_E AES states through the AXI XDAM."""
    _check_w(w)
    _check_n(n_e=n_e)
    n = n_e
    if w == 32:
        return 2 + 6 * n + 50 * n - (12 * n + 38 * n) * p           # Eq. 14
    if w == 64:
        return 2 + 4 * n + 30 * n - (6 * n + 24 * n) * p            # Eq. 15
    return 2 + 3 * n + 20 * n - (3 * n + 17 * n) * p                # Eq. 16


def asbus_cipher(w: int, n_e: int, p: float) -> float:
    """Eq. 17 / 18 / 19 (W = 32 / 64 / 128) as printed: N_E AES states in ASBUS state-transfer mode."""
    _check_w(w)
    _check_n(n_e=n_e)
    n = n_e
    if w == 32:
        return 2 + 4 * n + 50 * n - (4 * n + 46 * n) * p            # Eq. 17
    if w == 64:
        return 2 + 2 * n + 30 * n - (2 * n + 28 * n) * p            # Eq. 18
    return 2 + n + 20 * n - (n + 19 * n) * p                        # Eq. 19


# --------------------------------------------------------------------------------------------------------------
# Table I simplified forms (kept separately so that the tests can check them against Eq. 10-19)
# --------------------------------------------------------------------------------------------------------------
def table1(bus: str, test: str, w: int, p: float, *, n_l: int | None = None, n_h: int | None = None,
           n_w: int | None = None, n_e: int | None = None, xs: int = XS_AXI3) -> float:
    """Table I row ``bus test`` (cipher rows per W) exactly as printed."""
    _check_w(w)
    if test == "linear":
        _check_n(n_l=n_l)
        if bus == "axi":
            return (4 - 2 * p) * math.ceil(n_l / xs) + n_l
        return (2 - 2 * p) * math.ceil(n_l / AS) + n_l
    if test == "block":
        _check_n(n_h=n_h, n_w=n_w)
        if bus == "axi":
            return (4 - 2 * p) * n_h * math.ceil(n_w / xs) + n_h * n_w
        return (2 - 2 * p) * math.ceil(n_h / AH) * math.ceil(n_w / AW) + n_h * n_w
    if test == "cipher":
        _check_n(n_e=n_e)
        n = n_e
        rows = {
            ("axi", 32): lambda: 2 + 2 * n * (28 - 25 * p),
            ("axi", 64): lambda: 2 + 2 * n * (17 - 15 * p),
            ("axi", 128): lambda: 2 + n * (23 - 20 * p),
            ("asbus", 32): lambda: 2 + 2 * n * (27 - 25 * p),
            ("asbus", 64): lambda: 2 + 2 * n * (16 - 15 * p),
            ("asbus", 128): lambda: 2 + n * (21 - 20 * p),
        }
        if (bus, w) not in rows:
            raise ValueError(f"bus must be one of {BUSES}, got {bus!r}")
        return rows[(bus, w)]()
    raise ValueError(f"test must be one of {TESTS}, got {test!r}")


# --------------------------------------------------------------------------------------------------------------
# Legal P range, dispatcher
# --------------------------------------------------------------------------------------------------------------
def n_commands(bus: str, test: str, *, n_l: int | None = None, n_h: int | None = None,
               n_w: int | None = None, n_e: int | None = None, xs: int = XS_AXI3) -> int:
    """Number of bus commands k the paper's model counts (P's legal range is 0 .. (k-1)/k).

    Cipher: k = N_E for both buses (the paper's P_XE range; it gives none for P_AE, finding 6)."""
    if bus not in BUSES:
        raise ValueError(f"bus must be one of {BUSES}, got {bus!r}")
    if test == "linear":
        _check_n(n_l=n_l)
        return math.ceil(n_l / (xs if bus == "axi" else AS))
    if test == "block":
        _check_n(n_h=n_h, n_w=n_w)
        if bus == "axi":
            return n_h * math.ceil(n_w / xs)
        return math.ceil(n_h / AH) * math.ceil(n_w / AW)
    if test == "cipher":
        _check_n(n_e=n_e)
        return n_e
    raise ValueError(f"test must be one of {TESTS}, got {test!r}")


def p_max(bus: str, test: str, **n: int) -> float:
    """Largest legal back-to-back probability (k-1)/k of the model (keyword arguments as :func:`n_commands`)."""
    k = n_commands(bus, test, **n)
    return (k - 1) / k


def clip_p(p: float, bus: str, test: str, **n: int) -> float:
    """P clipped into the paper's legal range [0, p_max]."""
    return min(max(p, 0.0), p_max(bus, test, **n))


def model_cycles(bus: str, test: str, w: int, p: float, *, n_l: int | None = None, n_h: int | None = None,
                 n_w: int | None = None, n_e: int | None = None, xs: int = XS_AXI3, clip: bool = False) -> float:
    """Cycles of Eq. 10-19 for ``bus`` in ("axi", "asbus"), ``test`` in ("linear", "block", "cipher").

    ``clip=True`` first clips P into the legal range (what Table IV uses, finding 5); otherwise the raw formula."""
    _check_w(w)
    n = {"n_l": n_l, "n_h": n_h, "n_w": n_w, "n_e": n_e}
    if clip:
        p = clip_p(p, bus, test, xs=xs, **{k: v for k, v in n.items() if v is not None})
    if bus not in BUSES:
        raise ValueError(f"bus must be one of {BUSES}, got {bus!r}")
    if test == "linear":
        return axi_linear(n_l, p, xs) if bus == "axi" else asbus_linear(n_l, p)
    if test == "block":
        return axi_block(n_h, n_w, p, xs) if bus == "axi" else asbus_block(n_h, n_w, p)
    if test == "cipher":
        return axi_cipher(w, n_e, p) if bus == "axi" else asbus_cipher(w, n_e, p)
    raise ValueError(f"test must be one of {TESTS}, got {test!r}")


def paper_cycles(bus: str, test: str, w: int, p: float, *, clip: bool = False) -> float:
    """:func:`model_cycles` with the paper's burst sizes :data:`PAPER_N` for width ``w``."""
    kw = paper_kw(test, w)
    return model_cycles(bus, test, w, p, clip=clip, **kw)


def paper_ratio_pct(test: str, w: int, p: float, *, clip: bool = False) -> float:
    """ASBUS / AXI cycles in percent at the paper's burst sizes (the Fig. 9/10 quantity)."""
    return 100.0 * paper_cycles("asbus", test, w, p, clip=clip) / paper_cycles("axi", test, w, p, clip=clip)


# --------------------------------------------------------------------------------------------------------------
# Findings: printed number vs model, for the report
# --------------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Finding:
    """One printed number of the paper next to the model's value."""

    where: str          # e.g. "Fig. 10 text, P = 0, W = 128"
    quantity: str       # e.g. "ASBUS/AXI cipher cycles (%)"
    printed: float
    model: float
    how: str            # the model evaluation that gives ``model``
    tol: float = 0.005  # printed numbers have 2 decimals: half a unit of the last digit

    @property
    def reproduces(self) -> bool:
        return abs(self.model - self.printed) <= self.tol + 1e-9


def findings() -> list[Finding]:
    """Every cycle-related printed number of Section 5 / Table IV against the models (findings 2-5)."""
    out: list[Finding] = []
    for w in WIDTHS:
        d = PAPER_N[w]
        out.append(Finding(f"Fig. 9(a) text, P = 0.95, W = {w}", "ASBUS/AXI linear cycles (%)",
                           PAPER_FIG9_LINEAR[w], paper_ratio_pct("linear", w, 0.95),
                           f"Eq. 11 / Eq. 10, N_L = {d['n_l']}, XS = 16, raw P"))
    for w in WIDTHS:
        d = PAPER_N[w]
        out.append(Finding(f"Fig. 9(b) text, P = 0.95, W = {w}", "ASBUS/AXI block cycles (%)",
                           PAPER_FIG9_BLOCK[w], paper_ratio_pct("block", w, 0.95),
                           f"Eq. 13 / Eq. 12, N_H x N_W = {d['n_h']}x{d['n_w']}, raw P"))
    for w in WIDTHS:
        out.append(Finding(f"Fig. 10 text, P = 0.95, W = {w}", "ASBUS/AXI cipher cycles (%)",
                           PAPER_FIG10_P095[w], paper_ratio_pct("cipher", w, 0.95),
                           "Eq. 17-19 / Eq. 14-16, N_E = 20"))
    for w in WIDTHS:
        out.append(Finding(f"Fig. 10 text, P = 0, W = {w}", "ASBUS/AXI cipher cycles (%)",
                           PAPER_FIG10_P0[w], paper_ratio_pct("cipher", w, 0.0),
                           "Eq. 17-19 / Eq. 14-16, N_E = 20"))
    for w in WIDTHS:
        out.append(Finding(f"Section 7 text, W = {w}", "ASBUS/AXI block cycles (%)",
                           PAPER_SEC7_BLOCK[w], paper_ratio_pct("block", w, 0.95, clip=True),
                           "Table IV block rows = Eq. 13 / Eq. 12 at P = p_max"))
    for test in TESTS:
        for bus in BUSES:
            for w in WIDTHS:
                d = PAPER_N[w]
                geo = {"linear": f"N_L = {d['n_l']}", "block": f"{d['n_h']}x{d['n_w']}",
                       "cipher": f"N_E = {d['n_e']}"}[test]
                pm = p_max(bus, test, **paper_kw(test, w))
                out.append(Finding(f"Table IV, {w}-bit {bus.upper()} {test}",
                                   "clock cycles", PAPER_TABLE4_CYCLES[(bus, w, test)],
                                   paper_cycles(bus, test, w, 0.95, clip=True),
                                   f"{geo}, P = p_max = {pm:.4g}"))
    return out


def paper_kw(test: str, w: int) -> dict[str, int]:
    """Model keyword arguments (n_l / n_h, n_w / n_e) of the paper's burst sizes :data:`PAPER_N` for ``test``."""
    _check_w(w)
    if test not in TESTS:
        raise ValueError(f"test must be one of {TESTS}, got {test!r}")
    d = PAPER_N[w]
    return {"linear": {"n_l": d["n_l"]}, "block": {"n_h": d["n_h"], "n_w": d["n_w"]},
            "cipher": {"n_e": d["n_e"]}}[test]
