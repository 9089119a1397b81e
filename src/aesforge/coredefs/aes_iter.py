# SPDX-License-Identifier: Apache-2.0
"""Registry entry: the iterative AES core (hw/aes_iter)."""
from aesforge.cores import Core, register

register(Core(
    name="aes_iter",
    rank=10,
    top="aesf_aes_iter",
    folder="hw/aes_iter",
    interface="bus-free valid/ready: key port, block-in port (per-block direction), block-out port",
    key_sizes=(128, 192, 256),
    modes=("ecb",),
    directions=("encrypt", "decrypt"),
    bench="aesforge.sim.benches.aes_iter",
    summary="Iterative AES-128/192/256, one round per clock, run-time key size, encrypt and decrypt",
))

# The register tops (issue 23): aes_iter behind AXI4-Lite, APB4 and Wishbone B4 through one register block
# (hw/aes_iter/rtl/aesf_aes_iter_regs.v, map hw/aes_iter/aes_iter_regs.json) and the shared bus adapters of
# hw/common/rtl. One bench for all three (aesforge.sim.benches.aes_iter_bus: the bus is recognised from the
# ports); protocol tests in tests/aes_iter/test_aes_iter_bus.py.
_BUS = {
    "axil": ("AXI4-Lite", "aesf_reg_axil", 11),
    "apb": ("APB4", "aesf_reg_apb", 12),
    "wb": ("Wishbone B4 classic", "aesf_reg_wb", 13),
}
for _bus, (_desc, _adapter, _rank) in _BUS.items():
    register(Core(
        name=f"aes_iter_{_bus}",
        rank=_rank,
        top=f"aesf_aes_iter_{_bus}",
        folder="hw/aes_iter",
        interface=f"{_desc} slave, 32-bit registers (KEYi, CFG, CTRL, STATUS, DINi, DOUTi, IRQ_EN/IRQ_STATUS; "
                  "map hw/aes_iter/aes_iter_regs.json) + irq_o",
        key_sizes=(128, 192, 256),
        modes=("ecb",),
        directions=("encrypt", "decrypt"),
        bench="aesforge.sim.benches.aes_iter_bus",
        summary=f"aes_iter behind {_desc} registers: write-only key, error codes, interrupt, zeroize",
    ))
