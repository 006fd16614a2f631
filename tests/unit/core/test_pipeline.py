"""The tool-result pipeline (S00-1) and the tool_policies parser."""

from __future__ import annotations

from pathlib import Path

from core.canonical import ImageData
from core.pipeline import PipelineSettings, parse_tool_policies, run_pipeline
from core.spill import SpillWriter
from core.tool import ToolOutput, ToolReturn
from tests.fakes.logs import log_lines

A = ImageData("image/jpeg", b"\xff\xd8A\xff\xd9", 10, 10)
B = ImageData("image/webp", b"RIFF\x00\x00\x00\x00WEBPB", 10, 10)


def policies(raw: object) -> PipelineSettings:
    pols, problems = parse_tool_policies(raw)
    assert problems == []
    return PipelineSettings(policies=pols)


def test_parser_names_the_key_of_every_problem() -> None:
    raw = [
        {"tool": "cam__*", "action": "redact", "pattern": "(unclosed"},
        {"tool": "", "action": "explode", "colour": "red"},
        {"tool": "x", "action": "replace"},
        {"tool": "x", "action": "block", "images": "keep", "is_error": "yes"},
        {"tool": "x", "action": "redact", "pattern": "a", "when_images": "sometimes"},
        "block everything",
        {"tool": "ok", "action": "block"},
    ]
    pols, problems = parse_tool_policies(raw)
    assert problems == [
        (
            "tool_policies[0].pattern",
            "invalid regular expression: missing ), unterminated subpattern at position 0",
        ),
        ("tool_policies[1].colour", "unknown key"),
        ("tool_policies[1].tool", "must be a non-empty string"),
        ("tool_policies[1].action", "must be one of block, replace, redact"),
        ("tool_policies[2].text", "is required for replace"),
        ("tool_policies[3].is_error", "must be true or false"),
        ("tool_policies[3].images", "a blocked result keeps no images"),
        ("tool_policies[4].when_images", "must be any, with or without"),
        ("tool_policies[5]", "must be an object"),
    ]
    assert [(p.tool, p.action) for p in pols] == [("ok", "block")]
    assert parse_tool_policies({"tool": "x"}) == ([], [("tool_policies", "must be a list of policy objects")])
    assert parse_tool_policies(None) == ([], [])


def test_policies_see_the_prepared_images() -> None:
    prepared = ToolReturn(ToolOutput("frame", [A, B]))  # as call_with_media returns it
    s = policies(
        [{"tool": "cam__*", "action": "replace", "text": "frame with images hidden", "when_images": "with"}]
    )
    r = run_pipeline("cam__live", prepared, s)
    assert r.policies == [0]  # it applied because it saw the prepared images
    assert (r.model.output.text, r.model.output.images, r.model.is_error) == (
        "frame with images hidden",
        [],
        False,
    )
    assert r.full.output.images == []  # images are never restored after a policy edit


def test_block_is_final_and_an_error(event_log: Path) -> None:
    s = policies([{"tool": "*", "action": "block"}, {"tool": "*", "action": "replace", "text": "never"}])
    r = run_pipeline("shell__run", ToolReturn(ToolOutput("secret", [A])), s)
    assert (r.model.output.text, r.model.output.images, r.model.is_error, r.policies) == (
        "(this tool result was blocked by a policy)",
        [],
        True,
        [0],
    )
    assert "tool policy: tool=shell__run policy=0 action=block images_removed=1" in log_lines(event_log)


def test_redact_keeps_images_and_error_flag_unless_told() -> None:
    s = policies(
        [
            {"tool": "db__*", "action": "redact", "pattern": r"\d{4}-\d{4}", "text": "####"},
            {
                "tool": "db__*",
                "action": "redact",
                "pattern": "token=\\S+",
                "images": "drop",
                "match": "token",
            },
        ]
    )
    r = run_pipeline("db__q", ToolReturn(ToolOutput("card 1234-5678 token=abc ok", [A]), is_error=True), s)
    assert (r.model.output.text, r.model.output.images, r.model.is_error) == (
        "card #### [redacted] ok",
        [],
        True,
    )
    r = run_pipeline("other", ToolReturn(ToolOutput("1234-5678", [A])), s)
    assert (r.model.output.text, r.model.output.images, r.policies) == ("1234-5678", [A], [])


def test_spill_runs_after_policies_then_final_limit(tmp_path: Path) -> None:
    s = policies([{"tool": "*", "action": "redact", "pattern": "SECRET"}])
    s.budget_tokens = 200
    s.writer = SpillWriter(tmp_path)
    seen: list[str] = []

    def final(r: ToolReturn) -> ToolReturn:
        seen.append(r.output.text)
        return r

    s.final = final
    text = "SECRET " + "y" * 2000
    r = run_pipeline("t", ToolReturn(ToolOutput(text)), s)
    assert r.spill is not None and r.spill.spilled and r.spill.path is not None
    assert (
        r.spill.path.read_text(encoding="utf-8") == "[redacted] " + "y" * 2000
    )  # the spill file is post-policy
    assert r.full.output.text == "[redacted] " + "y" * 2000  # complete for programs and the store
    assert seen == [r.model.output.text]
    assert r.model.output.text.startswith("[redacted] y")
    assert f"the complete result is in {r.spill.path}]" in r.model.output.text


def test_image_places_survive_only_an_unchanged_text() -> None:
    """A redaction is applied to the whole text (never per block, so nothing slips through at an
    image boundary); once the text changed, the images' places are unknown and read after it."""
    s = policies([{"tool": "db__*", "action": "redact", "pattern": r"\d{4}-\d{4}", "text": "#"}])
    clean = ToolOutput.from_blocks(["card ", A, "ok"])
    r = run_pipeline("db__q", ToolReturn(clean), s)
    assert (r.policies, r.model.output.image_at, r.model.output.blocks()) == ([0], [5], ["card ", A, "ok"])
    split = ToolOutput.from_blocks(["card 1234-", A, "5678 ok"])  # the image splits the number
    r = run_pipeline("db__q", ToolReturn(split), s)
    assert (r.model.output.text, r.model.output.image_at) == ("card # ok", None)
    assert r.model.output.blocks() == ["card # ok", A]
