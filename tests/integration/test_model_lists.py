"""The model list of a template (Settings, issue 13): ``core.llm.http.list_models`` against the
fake providers on 127.0.0.1, each answering ``GET {base}/models`` in its own JSON."""

from __future__ import annotations

import httpx
import pytest

from core.config import Template
from core.llm import ProviderHTTPError, ProviderTransportError
from core.llm.http import list_models
from tests.fakes.providers import PROTOCOLS, FakeProvider, Reply
from tests.fakes.servers import free_port

KEY = "k-models-test"


def template(protocol: str, base_url: str) -> Template:
    return Template(name="t", protocol=protocol, model="m", base_url=base_url, key="entry")


@pytest.mark.asyncio
@pytest.mark.parametrize("protocol", PROTOCOLS)
async def test_each_provider_lists_its_models(protocol: str) -> None:
    with FakeProvider(protocol, key=KEY, models=["zeta-1", "alpha-2"]) as fake:
        async with httpx.AsyncClient() as client:
            names = await list_models(template(protocol, fake.url), KEY, client)
    if protocol == "perplexity-responses":
        assert names is None  # no list under its base URL
        assert fake.requests == []
        return
    assert names == ["alpha-2", "zeta-1"]  # Gemini's embedding-only model is left out
    [request] = fake.requests
    expected = {"anthropic": "/v1/models", "gemini": "/v1beta/models?pageSize=1000"}
    assert request.path == expected.get(protocol, "/v1/models")


@pytest.mark.asyncio
async def test_a_wrong_key_is_the_providers_own_401() -> None:
    with FakeProvider("anthropic", key=KEY) as fake:
        async with httpx.AsyncClient() as client:
            with pytest.raises(ProviderHTTPError) as caught:
                await list_models(template("anthropic", fake.url), "wrong-key", client)
    assert caught.value.status == 401
    assert caught.value.message == "invalid x-api-key / API key"
    assert caught.value.provider_code == "authentication_error"


@pytest.mark.asyncio
async def test_a_server_error_is_reported_once_without_retries() -> None:
    with FakeProvider(
        "openai-compat", models_reply=Reply.error(503, message="model list unavailable")
    ) as fake:
        async with httpx.AsyncClient() as client:
            with pytest.raises(ProviderHTTPError) as caught:
                await list_models(template("openai-compat", fake.url), None, client)
    assert str(caught.value) == "HTTP 503: model list unavailable"
    assert len(fake.requests) == 1


@pytest.mark.asyncio
async def test_an_unreachable_url_is_a_transport_error() -> None:
    port = free_port()  # a port nothing listens on
    async with httpx.AsyncClient() as client:
        with pytest.raises(ProviderTransportError) as caught:
            await list_models(template("openai-compat", f"http://127.0.0.1:{port}/v1"), None, client)
    assert str(caught.value).startswith("openai-compat: ConnectError")
