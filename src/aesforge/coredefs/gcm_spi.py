# SPDX-License-Identifier: Apache-2.0
"""Registry entry: the 7-pin SPI front end in front of the sequential AES-GCM core (hw/gcm_spi)."""
import dataclasses

from aesforge.cores import CORES, Core, register
from aesforge.coredefs.gcm_seq import FAST_DIGIT, FAST_PARAMS

register(Core(
    name="gcm_spi",
    rank=45,
    top="aesf_gcm_spi",
    folder="hw/gcm_spi",
    interface="7-pin SPI slave (mode 0, one command per CS frame, paper Table 1 + streamed extension), irq",
    key_sizes=(128, 192, 256),
    modes=("gcm",),
    directions=("encrypt", "decrypt"),
    iv_bits="any",
    tag_lens=(4, 8, 12, 13, 14, 15, 16),
    params=dict(FAST_PARAMS),
    bench="aesforge.sim.benches.gcm_spi",
    perf="aesforge.sim.perf_gcm_spi:measure",
    summary=f"aesf_gcm_seq (DIGIT={FAST_DIGIT}, 128-bit column AES engine) behind a 7-pin SPI slave: paper Table 1 byte for byte, "
            "streamed messages of any length, tag verify with withheld plaintext, irq, zeroize",
    claims="seed 000 (Zynq-7000, Vivado 2024.2): SPI top 2,908 LUT / 3,956 FF, 874 cycles per MACsec packet "
           "at 44 MHz, 174 us end to end at SCK 10 MHz; the paper's own code measured in this flow (issue 3): "
           "9,235 xc7 LUT / 3,964 FF, 34,870 ECP5 LUT4, 14.2 MHz",
))

register(dataclasses.replace(
    CORES["gcm_spi"], name="gcm_spi_d1", rank=46, params={"DIGIT": 1, "AES_IMPL": 1}, claims="",
    summary="gcm_spi, small config: bit-serial GHASH (DIGIT=1, the paper's choice) and the 32-bit column AES "
            "engine (AES_IMPL=1); same protocol",
))

register(dataclasses.replace(
    CORES["gcm_spi"], name="gcm_spi_d1_dom", rank=47, params={"DIGIT": 1, "AES_IMPL": 2}, claims="",
    summary="gcm_spi_d1 with the first-order masked AES engine (AES_IMPL=2, issue 24): RESEED (0x32, 8 bytes) "
            "feeds its PRNG; GHASH unmasked; same protocol otherwise",
))
