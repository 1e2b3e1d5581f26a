"""Small statistics shared by the report and the benchmark scripts: the kernel's (`outlast.core.stats`)."""

from __future__ import annotations

from outlast.core.stats import Z95, wilson

__all__ = ["Z95", "wilson"]
