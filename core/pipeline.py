"""The tool-result pipeline (S00-1): what happens between a tool's execution and the model.

Order, always:

1. the execution-prepared content: the tool's return already carries the normalised images
   (``AgentTool.call_with_media``; for MCP tools ``core.mcp`` renders and normalises them);
2. post-execute policies declared in the configuration (``"tool_policies"``): block a result,
   replace it, or redact text by a regular expression. A policy sees the prepared images (it can
   be limited to results with or without images, and it decides whether images stay); its
   decision is final: nothing later restores an image or text a policy removed;
3. the spill policy (``core.spill``) within the token budget;
4. the final output limit (a callback for terminal/job limits), if any.

``PipelineResult.full`` is the complete post-policy result (what the store keeps and what a
program calling tools receives, S00-7); ``PipelineResult.model`` is what the model reads.

Policies are data: a list of objects, parsed by ``parse_tool_policies`` which reports every
problem with the key that has it (``tool_policies[1].pattern: …``), so the configuration loader
can add them to its own error list.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from core.log import event
from core.notes import note
from core.spill import DEFAULT_BUDGET_TOKENS, ImageTokens, SpillResult, SpillWriter, spill_output
from core.tool import ToolOutput, ToolReturn

PolicyAction = Literal["block", "replace", "redact"]
_ACTIONS: tuple[PolicyAction, ...] = ("block", "replace", "redact")
_KEYS = {"tool", "action", "pattern", "match", "text", "images", "when_images", "is_error"}
DEFAULT_REDACTION = "[redacted]"


@dataclass(frozen=True)
class ToolPolicy:
    tool: str  # fnmatch pattern over the tool name, e.g. "cam__*"
    action: PolicyAction
    pattern: re.Pattern[str] | None = None  # redact: what to replace
    match: re.Pattern[str] | None = None  # block/replace: only results whose text matches
    text: str | None = None  # replace: the new text; redact: the replacement; block: the message
    images: Literal["keep", "drop"] = "drop"
    when_images: Literal["any", "with", "without"] = "any"
    is_error: bool | None = None  # None: block → True, others keep the tool's flag

    def applies(self, tool_name: str, output: ToolOutput) -> bool:
        if not fnmatch.fnmatchcase(tool_name, self.tool):
            return False
        if self.when_images == "with" and not output.images:
            return False
        if self.when_images == "without" and output.images:
            return False
        return not (self.match is not None and self.match.search(output.text) is None)


def parse_tool_policies(
    raw: object, path: str = "tool_policies"
) -> tuple[list[ToolPolicy], list[tuple[str, str]]]:
    """Parse the ``tool_policies`` configuration value; returns (policies, problems) where each
    problem is ``(key path, message)``. Invalid entries are left out."""
    problems: list[tuple[str, str]] = []
    if raw is None:
        return [], []
    if not isinstance(raw, list):
        return [], [(path, "must be a list of policy objects")]
    out: list[ToolPolicy] = []
    for i, item in enumerate(raw):
        where = f"{path}[{i}]"
        if not isinstance(item, dict):
            problems.append((where, "must be an object"))
            continue
        before = len(problems)
        for key in sorted(set(item) - _KEYS):
            problems.append((f"{where}.{key}", "unknown key"))

        def text_field(
            key: str, *, required: bool = False, item: dict[str, Any] = item, where: str = where
        ) -> str | None:
            v = item.get(key)
            if v is None:
                if required:
                    problems.append((f"{where}.{key}", "is required"))
                return None
            if not isinstance(v, str) or (required and not v):
                problems.append(
                    (f"{where}.{key}", "must be a non-empty string" if required else "must be a string")
                )
                return None
            return v

        def regex(key: str, *, item: dict[str, Any] = item, where: str = where) -> re.Pattern[str] | None:
            v = item.get(key)
            if v is None:
                return None
            if not isinstance(v, str) or not v:
                problems.append((f"{where}.{key}", "must be a non-empty regular expression string"))
                return None
            try:
                return re.compile(v)
            except re.error as exc:
                problems.append((f"{where}.{key}", f"invalid regular expression: {exc}"))
                return None

        tool = text_field("tool", required=True)
        action = item.get("action")
        if action not in _ACTIONS:
            problems.append((f"{where}.action", "must be one of block, replace, redact"))
        pattern = regex("pattern")
        match = regex("match")
        text = text_field("text")
        images = item.get("images", "keep" if action == "redact" else "drop")
        if images not in ("keep", "drop"):
            problems.append((f"{where}.images", "must be keep or drop"))
        when_images = item.get("when_images", "any")
        if when_images not in ("any", "with", "without"):
            problems.append((f"{where}.when_images", "must be any, with or without"))
        is_error = item.get("is_error")
        if is_error is not None and not isinstance(is_error, bool):
            problems.append((f"{where}.is_error", "must be true or false"))
        if action == "redact" and "pattern" not in item:
            problems.append((f"{where}.pattern", "is required for redact"))
        if action == "replace" and "text" not in item:
            problems.append((f"{where}.text", "is required for replace"))
        if action == "block" and images == "keep":
            problems.append((f"{where}.images", "a blocked result keeps no images"))
        if len(problems) == before and tool is not None and action in _ACTIONS:
            out.append(ToolPolicy(tool, action, pattern, match, text, images, when_images, is_error))
    return out, problems


def apply_policies(
    tool_name: str, result: ToolReturn, policies: list[ToolPolicy], language: str
) -> tuple[ToolReturn, list[int]]:
    """Run the policies in order; each sees the previous one's output. Returns the result and the
    indices of the policies that applied."""
    applied: list[int] = []
    for i, p in enumerate(policies):
        out = result.output
        if not p.applies(tool_name, out):
            continue
        applied.append(i)
        images = list(out.images) if p.images == "keep" else []
        if p.action == "block":
            text = p.text if p.text is not None else note("tool_blocked", language)
            result = ToolReturn(ToolOutput(text), is_error=True if p.is_error is None else p.is_error)
            event("tool policy", tool=tool_name, policy=i, action="block", images_removed=len(out.images))
            break  # a blocked result is final
        if p.action == "replace":
            text = p.text or ""
        else:
            assert p.pattern is not None
            text = p.pattern.sub(p.text if p.text is not None else DEFAULT_REDACTION, out.text)
        # the images' places survive only an unchanged text (a redaction that changed the text
        # is applied to the whole text, never per block, so a secret across a boundary still goes)
        order = out.image_at if images and text == out.text else None
        result = ToolReturn(
            ToolOutput(text, images, list(out.dropped), order),
            is_error=result.is_error if p.is_error is None else p.is_error,
        )
        event(
            "tool policy",
            tool=tool_name,
            policy=i,
            action=p.action,
            images_removed=len(out.images) - len(images),
        )
    return result, applied


@dataclass
class PipelineSettings:
    policies: list[ToolPolicy] = field(default_factory=list)
    budget_tokens: int = DEFAULT_BUDGET_TOKENS
    image_tokens: ImageTokens | None = None  # the active wire's calculator for this model
    writer: SpillWriter | None = None
    language: str = "en"
    final: Callable[[ToolReturn], ToolReturn] | None = None  # terminal/job output limits


@dataclass
class PipelineResult:
    model: ToolReturn  # what the model reads
    full: ToolReturn  # complete, after policies (store, programs, S00-7)
    spill: SpillResult | None = None
    policies: list[int] = field(default_factory=list)


def run_pipeline(tool_name: str, result: ToolReturn, settings: PipelineSettings) -> PipelineResult:
    """Prepared content (``result``) → policies → spill → final limit (S00-1)."""
    full, applied = apply_policies(tool_name, result, settings.policies, settings.language)  # 2.
    out, spill = spill_output(  # 3.
        full.output,
        budget_tokens=settings.budget_tokens,
        image_tokens=settings.image_tokens,
        writer=settings.writer,
        language=settings.language,
        tool=tool_name,
    )
    model = full if out is full.output else ToolReturn(out, is_error=full.is_error)
    if settings.final is not None:  # 4.
        model = settings.final(model)
    return PipelineResult(model, full, spill, applied)
