"""Context windows per protocol and model family: the default context budget of a template that
names no ``context_tokens`` (pure data and one lookup; the core reaches it through ``core.llm``).

The figures are the providers' documented context windows (input and output together), read from
their model pages: Anthropic's models overview and context-window page (Claude 3, 4 and 4.5
models 200k; a 1M window only with a beta header, so not assumed), OpenAI's model pages (gpt-4o
and gpt-4-turbo 128k, gpt-4.1 1,047,576, gpt-5 400k, o1/o3/o4 200k), Google's Gemini models page
(Gemini 1.5, 2.x and later 1,048,576), xAI's models page (grok-4 256k, grok-3 131,072), Meta's
Llama API (Llama 4 models 128k as served) and Perplexity's model cards (sonar 128k). Matching is
by prefix of the lower-cased model name, longest first. A model of no known family, and every
``openai-compat`` endpoint (a local server's window depends on how it was started), gets
``UNKNOWN_WINDOW``: a conservative figure that a real model of today is unlikely to be below;
a template with a larger window says so in its ``context_tokens``.
"""

from __future__ import annotations

UNKNOWN_WINDOW = 32_768

# protocol -> ((model name prefix, window), ...); the longest matching prefix wins
WINDOWS: dict[str, tuple[tuple[str, int], ...]] = {
    "anthropic": (("claude-", 200_000),),
    "openai-responses": (
        ("gpt-4o", 128_000),
        ("gpt-4-turbo", 128_000),
        ("gpt-4.1", 1_047_576),
        ("gpt-5", 400_000),
        ("o1", 200_000),
        ("o3", 200_000),
        ("o4", 200_000),
    ),
    "gemini": (
        ("gemini-1.5", 1_048_576),
        ("gemini-2", 1_048_576),
        ("gemini-3", 1_048_576),
        ("gemini-", 1_048_576),
    ),
    "xai-responses": (("grok-4", 256_000), ("grok-3", 131_072), ("grok-", 131_072)),
    "meta-responses": (("llama-4", 128_000), ("llama", 128_000)),
    "perplexity-responses": (("sonar", 128_000),),
    "openai-compat": (),
}


def context_window(protocol: str, model: str) -> int:
    """The documented context window of ``model`` on ``protocol``, else ``UNKNOWN_WINDOW``."""
    name = model.lower().rsplit("/", 1)[-1]  # "models/gemini-2.5-pro", "openai/gpt-4o"
    best = ("", UNKNOWN_WINDOW)
    for prefix, window in WINDOWS.get(protocol, ()):
        if name.startswith(prefix) and len(prefix) > len(best[0]):
            best = (prefix, window)
    return best[1]
