# SPDX-License-Identifier: Apache-2.0
"""aesforge: synthesizable AES / AES-GCM IP family, its golden model, vectors, simulation harness and flow."""

__version__ = "0.1.0"
