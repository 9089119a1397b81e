# SPDX-License-Identifier: Apache-2.0
"""Host software for the aesf_gcm_spi SPI device: protocol constants, a transport abstraction, the async
driver (encrypt/decrypt of arbitrary messages) and a frame-level device model."""
from .protocol import (ERR_NAMES, OP, ST_AUTH_FAIL, ST_BUSY, ST_DONE, ST_KEY_OK, ST_RDY, err_code)
from .driver import GcmSpiError, GcmSpiHost
from .transport import CocotbSpiTransport, ModelTransport, Transport

__all__ = ["OP", "ERR_NAMES", "ST_DONE", "ST_BUSY", "ST_AUTH_FAIL", "ST_KEY_OK", "ST_RDY", "err_code",
           "GcmSpiHost", "GcmSpiError", "Transport", "CocotbSpiTransport", "ModelTransport"]
