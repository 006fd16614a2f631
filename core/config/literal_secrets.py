"""No literal secret in the file (D-4; issue 11, defect 9).

A secret stands in the configuration only as a ``${secret:NAME}`` reference (resolved from the
keyring when connecting). Refused, by where it stands:

    header      a secret-named header (Authorization, Cookie, X-Api-Key, ...) with a literal value
    env         a secret-named variable (GITHUB_TOKEN, DB_PASSWORD, ...) with a literal value
    argument    ``--api-key=VALUE``, ``--token VALUE``, ``--header "Authorization: VALUE"``,
                ``-e GITHUB_TOKEN=VALUE``
    URL         a secret-named query parameter (``?api_key=``, ``token=``) or a user-info password
    anywhere    a value shaped like a provider's key (``sk-…``, ``AIza…``, ``ghp_…``, ...); in a
                system prompt anywhere in the text

A name is secret when one of its words (split at ``_ - .`` and camelCase) is KEY, TOKEN, SECRET,
PASSWORD, CREDENTIALS, AUTH, COOKIE, ... (``APIKEY``, ``ACCESSTOKEN`` too), unless its last word
says it is about one (``KEY_FILE``, ``TOKEN_URL``, ``AUTH_MODE``). A value is not literal when it is
a reference (``${secret:NAME}``, or ``${VAR}``/``$VAR`` that the program expands), a scheme word
before one (``Bearer ${secret:NAME}``), empty, a switch (``true``, ``0``, ``off``) or a file path.
Messages never echo the value.
"""

from __future__ import annotations

import re

from core.secret_refs import SECRET_REF

_SHAPES = (
    r"sk-[A-Za-z0-9_-]{16,}|AIza[0-9A-Za-z_-]{30,}|xai-[A-Za-z0-9]{20,}|pplx-[A-Za-z0-9]{20,}"
    r"|gsk_[A-Za-z0-9]{20,}|gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,}|glpat-[A-Za-z0-9_-]{20,}"
    r"|xox[abposr]-[A-Za-z0-9-]{10,}|hf_[A-Za-z0-9]{30,}|r8_[A-Za-z0-9]{30,}|AKIA[0-9A-Z]{16}"
)
KEY_SHAPE = re.compile(_SHAPES)  # a whole value
# in running text (a system prompt): not inside a word, and with a digit (prose has none)
KEY_IN_TEXT = re.compile(rf"(?<![A-Za-z0-9_-])(?=[A-Za-z_-]*[0-9])(?:{_SHAPES})")
_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")
_SECRET_WORD = re.compile(
    r"(?:API|ACCESS|AUTH|SECRET|PRIVATE|CLIENT|SESSION|REFRESH|BEARER|MASTER|SIGNING|ID)?"
    r"(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|PASS|CREDENTIALS?|CREDS|AUTH|AUTHORIZATION|COOKIE)"
)
# words that, last in a name, make it about a secret rather than the secret itself
_ABOUT = {"FILE", "PATH", "DIR", "URL", "URI", "ENDPOINT", "HOST", "PORT", "MODE", "TYPE", "METHOD", "ID"}
_ABOUT |= {"NAME", "SCOPE", "SCOPES", "TTL", "TIMEOUT", "EXPIRY", "ENABLED", "DISABLED", "REQUIRED"}
_SWITCHES = {"", "true", "false", "yes", "no", "on", "off", "0", "1", "none", "null"}
_REFERENCE = re.compile(SECRET_REF.pattern + r"|\$\{[A-Za-z_][A-Za-z0-9_]*\}|\$[A-Za-z_][A-Za-z0-9_]*")
_PATH = re.compile(r"(?:/|~/|\.\.?/|[A-Za-z]:\\)")
_USER_INFO = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://([^/?#]*)@")
_HEADER_ARG = re.compile(r"([A-Za-z][A-Za-z0-9-]*):\s*(.*)", re.DOTALL)
_ENV_ARG = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)=(.*)", re.DOTALL)  # docker run -e NAME=VALUE

_KEEP = "store it in the keyring and write ${secret:NAME} in its place (D-4)"
HEADER = f"a literal secret in a header; {_KEEP}, e.g. Bearer ${{secret:NAME}}"
ENV = f"a literal secret in an environment value; {_KEEP}"
ARGUMENT = (
    "a literal secret in a command argument; store it in the keyring and pass it in env as ${secret:NAME}"
)
URL = "a literal secret in a URL; store it in the keyring and send it in a header as ${secret:NAME}"
KEY_LIKE = (
    "this looks like an API key; keys live only in the OS keyring: a provider's key in Settings, "
    "an MCP server's as ${secret:NAME}"
)


def secret_name(name: str, *, strict: bool = False) -> bool:
    """Whether ``name`` names a secret; ``strict``: leave out AUTH and COOKIE (an argument that
    is a switch: ``--no-auth``)."""
    words = [w.upper() for w in _WORD.findall(name)]
    if not words or words[-1] in _ABOUT or (strict and words[0] == "NO"):
        return False
    return any(_SECRET_WORD.fullmatch(w) and not (strict and w in ("AUTH", "COOKIE")) for w in words)


def literal(value: str) -> bool:
    """Whether ``value`` holds a literal (a secret, since it stands where one belongs)."""
    rest = _REFERENCE.sub("", value).strip()
    if rest != value.strip():  # references, with at most one word before them ("Bearer", "session=")
        return not re.fullmatch(r"(?:[A-Za-z][\w.-]*[=:]?)?", rest)
    return rest.lower() not in _SWITCHES and not _PATH.match(rest)


def in_url(url: str) -> bool:
    """A literal password in the user-info part, or a literal secret-named query parameter."""
    m = _USER_INFO.match(url)
    if m and ":" in m.group(1) and literal(m.group(1).partition(":")[2]):
        return True
    _, mark, tail = url.partition("?") if "?" in url else url.partition("#")
    for param in re.split(r"[&;#]", tail) if mark else ():
        name, eq, value = param.partition("=")
        if eq and secret_name(name) and literal(value):
            return True
    return False


def in_header(name: str, value: str) -> bool:
    return secret_name(name) and literal(value)


def in_env(name: str, value: str) -> bool:
    return (secret_name(name) and literal(value)) or ("://" in value and in_url(value))


def in_args(args: list[str]) -> list[int]:
    """The indexes of the arguments that hold a literal secret."""
    out = []
    for i, arg in enumerate(args):
        option, eq, value = arg.partition("=")
        header, env = _HEADER_ARG.fullmatch(arg), _ENV_ARG.fullmatch(arg)
        if (
            (arg.startswith("-") and eq and secret_name(option) and literal(value))
            or (header and in_header(header[1], header[2]))
            or (env and in_env(env[1], env[2]))
            or ("://" in arg and in_url(arg))
        ):
            out.append(i)
        elif i and args[i - 1].startswith("-") and "=" not in args[i - 1] and not arg.startswith("-"):
            if secret_name(args[i - 1], strict=True) and literal(arg):
                out.append(i)
    return out
