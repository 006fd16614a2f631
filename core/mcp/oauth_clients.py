"""How a configured OAuth client of a remote MCP server proves who it is.

* ``token_auth_method``: the token-endpoint authentication a confidential client uses, read from the
  authorisation server's metadata (``token_endpoint_auth_methods_supported``; absent means
  ``client_secret_basic``, RFC 8414 §2): ``client_secret_post`` where it is offered (what the app
  always sent), else ``client_secret_basic``.
* ``AppProvider``: the SDK provider the app uses: that choice made before each code exchange and
  refresh (the metadata is known only after discovery), and stored tokens keep their expiry, so an
  expired access token is refreshed (or fetched again) before use instead of being sent.
* ``machine_auth``: the ``client_credentials`` grant for a machine-to-machine server (no browser):
  a client secret (basic or post, as above) or a PEM private key that signs a ``private_key_jwt``
  assertion (ES256/384/512 for EC keys by curve, RS256 for RSA).
* ``assertion_auth``: enterprise-managed authorisation (SEP-990) for ``grant: identity_assertion``:
  the person's ID token is exchanged at the identity provider for an ID-JAG (RFC 8693), which the
  configured issuer's token endpoint takes for tokens (jwt-bearer grant, RFC 7523); the client's
  secret goes as that issuer's metadata offers.
"""

from __future__ import annotations

import warnings
from typing import Any

import httpx2
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.hazmat.primitives.serialization import load_pem_private_key
from mcp.client.auth import OAuthClientProvider, TokenStorage
from mcp.client.auth.extensions.client_credentials import (
    ClientCredentialsOAuthProvider,
    PrivateKeyJWTOAuthProvider,
    SignedJWTParameters,
)
from mcp.client.auth.extensions.identity_assertion import IdentityAssertionOAuthProvider
from mcp.shared.auth import OAuthMetadata

from core.log import LOG
from core.mcp.oauth_errors import OAuthError

__all__ = ["AppProvider", "assertion_auth", "machine_auth", "signing_algorithm", "token_auth_method"]

_SECRET_METHODS = ("client_secret_post", "client_secret_basic")  # in order of preference


def token_auth_method(metadata: OAuthMetadata | None, current: str | None) -> str | None:
    """The method a client with a secret uses at this server's token endpoint (``current`` when
    no metadata was discovered, or the server offers neither secret method)."""
    if metadata is None:
        return current
    offered = metadata.token_endpoint_auth_methods_supported or ["client_secret_basic"]
    return next((m for m in _SECRET_METHODS if m in offered), current)


class AppProvider(OAuthClientProvider):
    """An ``OAuthClientProvider`` whose client with a secret authenticates as the server offers and
    whose stored tokens keep their expiry."""

    async def _initialize(self) -> None:
        await super()._initialize()
        tokens = self.context.current_tokens
        if tokens is not None and tokens.expires_in is not None:
            self.context.update_token_expiry(tokens)

    def _choose_auth_method(self) -> None:
        info = self.context.client_info
        if info is not None and info.client_secret and info.token_endpoint_auth_method in _SECRET_METHODS:
            info.token_endpoint_auth_method = token_auth_method(
                self.context.oauth_metadata, info.token_endpoint_auth_method
            )

    async def _exchange_token_authorization_code(self, auth_code: str, code_verifier: str) -> httpx2.Request:
        self._choose_auth_method()
        return await super()._exchange_token_authorization_code(auth_code, code_verifier)

    async def _refresh_token(self) -> httpx2.Request:
        self._choose_auth_method()
        return await super()._refresh_token()


class _KeyClient(AppProvider, PrivateKeyJWTOAuthProvider):
    pass


class _SecretClient(AppProvider, ClientCredentialsOAuthProvider):
    async def _exchange_token_client_credentials(self) -> httpx2.Request:
        self._choose_auth_method()
        return await super()._exchange_token_client_credentials()


def signing_algorithm(pem: str) -> str:
    """The JWS algorithm for a PEM private key: ES256/384/512 by EC curve size, RS256 for RSA."""
    try:
        key: Any = load_pem_private_key(pem.encode("utf-8"), password=None)
    except (ValueError, TypeError) as exc:
        raise OAuthError("the private key is not an unencrypted PEM private key") from exc
    if isinstance(key, ec.EllipticCurvePrivateKey):
        return {256: "ES256", 384: "ES384", 521: "ES512"}.get(key.curve.key_size, "ES256")
    if isinstance(key, rsa.RSAPrivateKey):
        return "RS256"
    raise OAuthError("the private key is neither an EC nor an RSA key")


def machine_auth(
    server_url: str,
    storage: TokenStorage,
    client_id: str,
    *,
    client_secret: str | None,
    private_key: str | None,
    scope: str | None,
    issuer: str | None = None,
) -> OAuthClientProvider:
    """The ``client_credentials`` auth of a machine-to-machine server (no browser, no redirect).
    With ``issuer`` the credentials go only to that authorisation server; without one it is
    discovered from the MCP server, as for the browser sign-in (the SDK warns that it would
    rather be given the issuer: not shown)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if private_key is not None:
            assertion = SignedJWTParameters(
                issuer=client_id,
                subject=client_id,
                signing_algorithm=signing_algorithm(private_key),
                signing_key=private_key,
            ).create_assertion_provider()
            return _KeyClient(server_url, storage, client_id, assertion, scope=scope, issuer=issuer)
        if client_secret is None:
            raise OAuthError("client_credentials needs a client secret or a private key")
        return _SecretClient(
            server_url,
            storage,
            client_id,
            client_secret,
            token_endpoint_auth_method="client_secret_post",
            scope=scope,
            issuer=issuer,
        )


_TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange"
_ID_JAG = "urn:ietf:params:oauth:token-type:id-jag"
_ID_TOKEN = "urn:ietf:params:oauth:token-type:id_token"


class _AssertionClient(IdentityAssertionOAuthProvider):
    """The SDK's identity-assertion provider; the client secret goes as the issuer's metadata
    (read on the way past) offers."""

    async def _auth_flow(self, request: httpx2.Request) -> Any:
        flow = super()._auth_flow(request)
        response: httpx2.Response | None = None
        while True:
            try:
                sent = await flow.asend(response)  # type: ignore[arg-type]
            except StopAsyncIteration:
                return
            response = yield sent
            if "/.well-known/" in sent.url.path and response is not None and response.status_code == 200:
                try:
                    metadata = OAuthMetadata.model_validate_json(await response.aread())
                except ValueError:
                    continue
                method = token_auth_method(metadata, self._client.token_endpoint_auth_method)
                self._client.token_endpoint_auth_method = method


def id_jag_fetcher(idp_token_endpoint: str, id_token: str, idp_client_id: str | None) -> Any:
    """``(audience, resource) -> ID-JAG``: the RFC 8693 token exchange at the identity provider."""

    async def fetch(audience: str, resource: str) -> str:
        form = {
            "grant_type": _TOKEN_EXCHANGE,
            "requested_token_type": _ID_JAG,
            "subject_token": id_token,
            "subject_token_type": _ID_TOKEN,
            "audience": audience,
            "resource": resource,
        }
        if idp_client_id:
            form["client_id"] = idp_client_id
        async with httpx2.AsyncClient(timeout=30, follow_redirects=False) as http:
            answer = await http.post(idp_token_endpoint, data=form)
        if answer.status_code != 200:
            raise OAuthError(
                f"the identity provider refused the ID token exchange (HTTP {answer.status_code})"
            )
        try:
            jag = str(answer.json()["access_token"])
        except (ValueError, KeyError, TypeError) as exc:
            raise OAuthError("the identity provider's answer carries no ID-JAG") from exc
        LOG.register_secret(jag)
        return jag

    return fetch


def assertion_auth(
    server_url: str,
    storage: TokenStorage,
    client_id: str,
    client_secret: str,
    *,
    issuer: str,
    idp_token_endpoint: str,
    idp_client_id: str | None,
    id_token: str,
    scope: str | None,
) -> httpx2.Auth:
    """The ``identity_assertion`` auth of an enterprise-managed MCP server (no browser)."""
    return _AssertionClient(
        server_url,
        storage,
        client_id,
        client_secret,
        issuer=issuer,
        assertion_provider=id_jag_fetcher(idp_token_endpoint, id_token, idp_client_id),
        scope=scope,
        token_endpoint_auth_method="client_secret_post",
    )
