# SPDX-License-Identifier: Apache-2.0
"""cocotb benches used by `aesforge sim`, one module per core (named as in aesforge.cores)."""
