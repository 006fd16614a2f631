"""The spill policy and the text estimator (S00-2 … S00-8)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.canonical import ImageData
from core.pricing import estimate_tokens, prefix_within, suffix_within, text_quarters
from core.spill import Block, SpillWriter, spill_blocks, spill_output
from core.tool import ToolOutput
from tests.fakes.logs import log_lines


def calc(w: int, h: int) -> int:
    return (w * h) // 100 + 5


def img(n: int, w: int = 20, h: int = 20) -> ImageData:
    return ImageData("image/jpeg", b"\xff\xd8" + n.to_bytes(4, "big") + b"\xff\xd9", w, h)


def joined(blocks: list[Block]) -> list[Block]:
    """Adjacent text blocks merged, empty text dropped (for comparing block sequences)."""
    out: list[Block] = []
    for b in blocks:
        if isinstance(b, str):
            if not b:
                continue
            if out and isinstance(out[-1], str):
                out[-1] = out[-1] + b
                continue
        out.append(b)
    return out


def test_estimator_is_fair_to_cjk() -> None:
    assert estimate_tokens("a" * 400) == 100
    assert estimate_tokens("漢" * 100) == 100  # one token per ideograph, not 1/4 or 3/4
    assert estimate_tokens("かな" * 50) == 100
    assert estimate_tokens("é" * 100) == 50
    assert estimate_tokens("😀" * 10) == 10
    assert text_quarters("ab漢é") == 1 + 1 + 4 + 2
    assert prefix_within("ab漢c", 5) == 2  # the ideograph (4) does not fit after "ab" (2) + 3 left
    assert prefix_within("ab漢c", 6) == 3
    assert suffix_within("ab漢c", 4) == 1
    assert suffix_within("ab漢c", 5) == 2


def test_within_budget_passes_unchanged(tmp_path: Path) -> None:
    out = ToolOutput("x" * 400, [img(1)])
    res_out, res = spill_output(out, budget_tokens=109, image_tokens=calc, writer=SpillWriter(tmp_path))
    assert res_out is out
    assert (res.spilled, res.total_tokens) == (False, 109)
    assert list(tmp_path.iterdir()) == []


def test_over_budget_keeps_head_and_tail_around_notice_and_writes_complete_file(tmp_path: Path) -> None:
    text = "".join(f"line {i:05d}\n" for i in range(2000))  # 22,000 chars = 5,500 tokens
    writer = SpillWriter(tmp_path / "spill")
    new, res = spill_output(ToolOutput(text), budget_tokens=200, image_tokens=None, writer=writer, tool="t")
    assert res.spilled and res.path is not None
    assert res.path.read_text(encoding="utf-8") == text
    assert stat.S_IMODE(res.path.stat().st_mode) == 0o600
    notice = (
        f"\n[{res.omitted_tokens} estimated tokens of this result were omitted here; "
        f"the complete result is in {res.path}]\n"
    )
    head, _, tail = new.text.partition(notice)
    assert text.startswith(head) and text.endswith(tail)
    assert text_quarters(head) <= (800 - text_quarters(notice)) // 2
    assert abs(len(head) - len(tail)) <= 4  # equal budgets on ASCII text
    assert estimate_tokens(new.text) <= 200
    assert res.omitted_tokens == estimate_tokens(text[len(head) : len(text) - len(tail)])


def test_images_are_indivisible_keep_positions_and_are_paths_in_the_file(tmp_path: Path) -> None:
    a, b, c = img(1), img(2), img(3)
    blocks: list[Block] = ["start ", a, "x" * 4000, b, " end", c]
    writer = SpillWriter(tmp_path)
    res = spill_blocks(blocks, budget_tokens=120, image_tokens=calc, writer=writer)
    assert res.spilled
    # head: "start " (6 q) + image a (9 tokens = 36 q) fit into half the rest; tail: c, " end" and b
    assert res.head[:2] == ["start ", a]
    assert res.tail[-3:] == [b, " end", c]
    assert joined(res.head + res.middle + res.tail) == joined(blocks)
    assert res.path is not None
    content = res.path.read_text(encoding="utf-8")
    att = tmp_path / "attachments"
    assert content == (
        f"start \n[image 1: image/jpeg 20x20 {att / (a.sha256 + '.jpg')}]\n"
        + "x" * 4000
        + f"\n[image 2: image/jpeg 20x20 {att / (b.sha256 + '.jpg')}]\n end"
        + f"\n[image 3: image/jpeg 20x20 {att / (c.sha256 + '.jpg')}]\n"
    )
    assert (att / f"{a.sha256}.jpg").read_bytes() == a.data
    assert stat.S_IMODE((att / f"{a.sha256}.jpg").stat().st_mode) == 0o600
    assert "base64" not in content


def test_no_image_pricing_preserves_the_original(tmp_path: Path, event_log: Path) -> None:
    blocks: list[Block] = ["x" * 100_000, img(1)]
    res = spill_blocks(
        blocks, budget_tokens=100, image_tokens=None, writer=SpillWriter(tmp_path), tool="cam__x"
    )
    assert (res.blocks, res.spilled, res.skipped) == (blocks, False, "no_image_pricing")
    assert "spill skipped: tool=cam__x reason=no_image_pricing" in log_lines(event_log)


def test_unwritable_spill_dir_preserves_the_original(tmp_path: Path, event_log: Path) -> None:
    (tmp_path / "file").write_text("not a dir")
    res = spill_blocks(
        ["y" * 10_000], budget_tokens=100, image_tokens=None, writer=SpillWriter(tmp_path / "file")
    )
    assert (res.blocks, res.spilled, res.skipped) == (["y" * 10_000], False, "write_failed")
    assert 'spill skipped: tool="" reason=write_failed tokens=2500 error=FileExistsError' in log_lines(
        event_log
    )


def test_cjk_is_cut_between_code_points(tmp_path: Path) -> None:
    text = "観測😀" * 3000
    res = spill_blocks([text], budget_tokens=150, image_tokens=None, writer=SpillWriter(tmp_path))
    assert res.spilled
    head, tail = res.head[0], res.tail[0]
    assert isinstance(head, str) and isinstance(tail, str)
    assert text.startswith(head) and text.endswith(tail)
    assert head.encode("utf-8").decode("utf-8") == head
    assert text_quarters("".join(b for b in res.blocks if isinstance(b, str))) <= 600


texts = st.text(alphabet=st.sampled_from(list("ab \n漢字かé😀")), max_size=400)
images = st.builds(
    lambda n, w, h: img(n, w, h), st.integers(0, 10**6), st.integers(1, 200), st.integers(1, 200)
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(blocks=st.lists(st.one_of(texts, images), max_size=8), budget=st.integers(0, 400))
def test_spill_invariants(tmp_path: Path, blocks: list[Block], budget: int) -> None:
    writer = SpillWriter(tmp_path / "spill")
    res = spill_blocks(blocks, budget_tokens=budget, image_tokens=calc, writer=writer)
    total_q = sum(text_quarters(b) if isinstance(b, str) else calc(b.width, b.height) * 4 for b in blocks)
    if total_q <= budget * 4:
        assert res.blocks == blocks and not res.spilled
        return
    assert res.spilled and res.path is not None
    shown_q = sum(text_quarters(b) if isinstance(b, str) else calc(b.width, b.height) * 4 for b in res.blocks)
    notice_q = text_quarters(res.blocks[len(res.head)])  # type: ignore[arg-type]
    half = max(0, budget * 4 - notice_q) // 2
    head_q = sum(text_quarters(b) if isinstance(b, str) else calc(b.width, b.height) * 4 for b in res.head)
    tail_q = sum(text_quarters(b) if isinstance(b, str) else calc(b.width, b.height) * 4 for b in res.tail)
    assert head_q <= half and tail_q <= half  # equal budgets for both ends
    if notice_q <= budget * 4:
        assert shown_q <= budget * 4  # budget respected
    # head + omitted + tail is the original, in order; images are whole and in place
    assert joined(res.head + res.middle + res.tail) == joined(blocks)
    assert res.blocks == [*res.head, res.blocks[len(res.head)], *res.tail]
    # the spill file holds the complete result
    assert res.path.read_text(encoding="utf-8") == writer.render(blocks, "en")


def test_a_reused_spill_file_and_attachment_are_young_again(tmp_path: Path) -> None:
    """The store GC removes unreferenced spill files by age: a result spilled again must restart
    the clock on the file it reuses, or GC running at that moment could remove it."""
    writer = SpillWriter(tmp_path)
    image = ImageData(data=b"\xff\xd8 tiny jpeg", media_type="image/jpeg", width=1, height=1)
    first = writer.write(["before ", image, " after"], "en")
    attachment = writer.attachment(image)
    old = 1_000_000_000
    for path in (first, attachment):
        os.utime(path, (old, old))
    again = writer.write(["before ", image, " after"], "en")
    assert again == first
    assert first.stat().st_mtime > old + 10**8
    assert attachment.stat().st_mtime > old + 10**8
    assert first.read_bytes() == again.read_bytes()


def test_a_tool_output_spills_in_the_tools_own_block_order(tmp_path: Path) -> None:
    """S00-3/S00-5: an image the tool put between two texts stays there in the spill file, and
    the model's view keeps it at its place (head, notice, tail)."""
    a = img(1)
    output = ToolOutput.from_blocks(["start ", a, "x" * 4000, " end"])
    model, res = spill_output(output, budget_tokens=120, image_tokens=calc, writer=SpillWriter(tmp_path))
    assert res.spilled and res.path is not None
    content = res.path.read_text(encoding="utf-8")
    assert content.startswith(
        f"start \n[image 1: image/jpeg 20x20 {tmp_path / 'attachments' / (a.sha256 + '.jpg')}]\nxxx"
    )
    assert content.endswith("x end")
    assert model.images == [a] and model.image_at == [6]  # right after "start ", before the notice
    assert model.blocks()[:2] == ["start ", a]
