"""The wire layer's exception tree. Nothing from httpx, json or Pillow escapes past it.

ProviderError                 base: anything that went wrong talking to a provider
├── ProviderHTTPError         the provider answered with a non-2xx status
│   └── ImagesRejected        the request carried images and the endpoint refused them
├── ProviderTransportError    no usable answer: connect/read failure, timeout, cut stream
└── ProviderProtocolError     an answer we cannot decode (malformed JSON or SSE)
"""

from __future__ import annotations


class ProviderError(Exception):
    """Base class of every provider-side failure."""

    code: str = "provider_error"


class ProviderHTTPError(ProviderError):
    def __init__(
        self,
        status: int,
        message: str,
        *,
        provider_code: str | None = None,
        retry_after: float | None = None,
        body: str = "",
    ) -> None:
        super().__init__(f"HTTP {status}: {message}")
        self.status = status
        self.message = message
        self.provider_code = provider_code
        self.retry_after = retry_after
        self.body = body

    @property
    def code(self) -> str:  # type: ignore[override]
        return f"http_{self.status}"


class ImagesRejected(ProviderHTTPError):
    """The endpoint refused the request's images (after any format fallback)."""


class ProviderTransportError(ProviderError):
    code = "transport"


class ProviderProtocolError(ProviderError):
    code = "protocol"
