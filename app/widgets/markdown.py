"""A model's message rendered as Markdown: headings, lists, emphasis, links, and code blocks that
each carry a Copy button.

The text is cut into blocks (``split_blocks``): fenced code blocks (```` ``` ```` or ``~~~``)
become ``CodeBlock`` widgets (the code as plain text, a Copy button); the prose between them is
rendered by Qt's own Markdown reader (``QTextDocument.setMarkdown``, GitHub dialect, raw HTML off:
a model's ``<img src=file:…>`` is shown as text, never loaded) into a word-wrapped label.

Streaming stays cheap: ``MarkdownView.set_markdown`` keeps the widgets of blocks whose text did not
change and renders only those that did, so a delta re-renders the last block, not the message; the
chat also coalesces deltas (``Bubble.stream_text``). Links are not opened by Qt: ``open_url`` (the
chat's, ``QDesktopServices.openUrl`` unless a test injects another) opens them in the browser.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QEvent, Qt, QTimer, QUrl
from PySide6.QtGui import QDesktopServices, QGuiApplication, QTextDocument
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton, QVBoxLayout, QWidget

from .rows import shown
from .wrap_label import WrapLabel

UrlOpener = Callable[[QUrl], object]
FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)")
LIST_ITEM = re.compile(r"^([-*+]|\d{1,9}[.)])(\s|$)")


def continues(before: str, line: str) -> bool:
    """Whether ``line``, after a blank line, may belong to the block of ``before`` (the last
    non-blank line): indented (a list item's paragraph, indented code), a list item after a
    list item or its paragraph, a quote after a quote."""
    if line[:1].isspace():
        return True
    if LIST_ITEM.match(line):
        return bool(LIST_ITEM.match(before)) or before[:1].isspace()
    return line.startswith(">") and before.startswith(">")


COPIED_MS = 1500  # how long a Copy button says "Copied"


@dataclass(frozen=True)
class Block:
    kind: str  # "prose" | "code"
    text: str
    language: str = ""


def split_blocks(text: str) -> list[Block]:
    """Prose and fenced code blocks, in order. An unclosed fence (a stream still writing it) runs
    to the end. Prose is cut further at a blank line when the next line cannot continue the block
    before it (``continues``), so a stream re-renders its last paragraph, not the whole answer. Blank prose between blocks is dropped."""
    out: list[Block] = []
    prose: list[str] = []

    def flush() -> None:
        joined = "\n".join(prose)
        if joined.strip():
            out.append(Block("prose", joined))
        prose.clear()

    lines = text.split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if m is None:
            line = lines[i]
            before = next((p for p in reversed(prose) if p.strip()), "")
            if line.strip() and before and not prose[-1].strip() and not continues(before, line):
                flush()  # a new paragraph, heading, list or quote: the block before it is complete
            prose.append(line)
            i += 1
            continue
        flush()
        fence = m.group(1)
        body: list[str] = []
        i += 1
        while i < len(lines):
            line = lines[i].strip()
            i += 1
            if line.startswith(fence) and set(line) == {fence[0]}:
                break
            body.append(lines[i - 1])
        out.append(Block("code", "\n".join(body), m.group(2)))
    flush()
    return out


# toHtml() writes the link colour of the moment into each link; without it a link follows the
# label's palette (app.style.with_links), so it stays readable after a switch to a dark theme
LINK_COLOUR = re.compile(r'(<a [^>]*><span style="[^"]*?) ?color:#[0-9a-fA-F]{6};')


def markdown_html(text: str) -> str:
    """Qt's rendering of Markdown prose as HTML for a label (raw HTML in the text stays text)."""
    doc = QTextDocument()
    features = QTextDocument.MarkdownFeature
    doc.setMarkdown(text, features.MarkdownDialectGitHub | features.MarkdownNoHTML)
    return LINK_COLOUR.sub(r"\1", doc.toHtml())  # links take the palette's colour (light or dark)


class CopyButton(QToolButton):
    """A small "Copy" button that puts ``source()`` on the clipboard and says "Copied" a moment."""

    def __init__(self, source: Callable[[], str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("copyButton")
        self.setAutoRaise(True)
        self.source = source
        self.copied = False
        self.clicked.connect(self.copy)
        self.retranslate()

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.source())
        self.copied = True
        self.retranslate()
        QTimer.singleShot(COPIED_MS, self, self._copied_done)

    def _copied_done(self) -> None:
        self.copied = False
        self.retranslate()

    def reset(self) -> None:
        """ "Copy" again at once (its bubble shows another message)."""
        if self.copied:
            self._copied_done()

    def retranslate(self) -> None:
        self.setText(self.tr("Copied") if self.copied else self.tr("Copy"))
        self.setToolTip(self.tr("Copy to the clipboard"))
        self.setAccessibleName(self.tr("Copy"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


class CodeBlock(QFrame):
    """One fenced code block: its language (when given), a Copy button, the code as plain text."""

    def __init__(self, code: str = "", language: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("codeBlock")
        self.code = code
        self.language = QLabel(language)
        self.language.setObjectName("codeLanguage")
        self.language.setVisible(bool(language))
        self.copy_button = CopyButton(lambda: self.code)
        self.body = WrapLabel()
        self.body.setObjectName("codeText")
        self.body.setTextFormat(Qt.TextFormat.PlainText)
        self.body.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.body.setText(code)
        header = QHBoxLayout()
        header.setContentsMargins(0, 0, 0, 0)
        header.addWidget(self.language)
        header.addStretch(1)
        header.addWidget(self.copy_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 2, 4, 6)
        layout.setSpacing(0)
        layout.addLayout(header)
        layout.addWidget(self.body)

    def set_code(self, code: str, language: str) -> None:
        if code != self.code:
            self.code = code
            self.body.setText(code)
        if language != self.language.text():
            self.language.setText(language)
            self.language.setVisible(bool(language))


class MarkdownView(QWidget):
    """A message's Markdown as prose labels and code blocks, top to bottom."""

    def __init__(
        self, text: str = "", open_url: UrlOpener | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("markdown")
        self.open_url: UrlOpener = open_url or QDesktopServices.openUrl
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(0, 0, 0, 0)
        self.layout_.setSpacing(4)
        self.blocks: list[Block] = []
        self.parts: list[QWidget] = []  # one widget per block
        self.renders = 0  # blocks rendered since built (how much streaming costs)
        self.set_markdown(text)

    @property
    def code_blocks(self) -> list[CodeBlock]:
        return [p for p in self.parts if isinstance(p, CodeBlock)]

    def set_markdown(self, text: str) -> None:
        """Show ``text``; only the blocks that changed are rendered again. Blocks keep their
        widgets up to the first whose kind changed (or the first new one); from there on they are
        built anew, each a shown child before it joins the layout (``rows.shown``: the chat is laid
        out once, not first in its old height)."""
        blocks = split_blocks(text)
        cut = next(
            (i for i, b in enumerate(blocks) if i >= len(self.parts) or self.blocks[i].kind != b.kind),
            len(blocks),
        )
        fresh = [shown(self._build(block), self) for block in blocks[cut:]]
        for i in range(cut):
            if self.blocks[i] != blocks[i]:
                self._update(self.parts[i], blocks[i])
                self.renders += 1
        self._drop_from(cut)
        for part in fresh:
            self.parts.append(part)
            self.layout_.addWidget(part)
        self.renders += len(fresh)
        self.blocks = blocks

    def _drop_from(self, index: int) -> None:
        for part in self.parts[index:]:
            self.layout_.removeWidget(part)
            part.hide()
            part.deleteLater()
        del self.parts[index:]
        del self.blocks[index:]

    def _build(self, block: Block) -> QWidget:
        if block.kind == "code":
            return CodeBlock(block.text, block.language)
        label = WrapLabel()
        label.setObjectName("bubbleText")
        label.setTextFormat(Qt.TextFormat.RichText)
        label.setOpenExternalLinks(False)
        label.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.LinksAccessibleByMouse
        )
        label.linkActivated.connect(lambda link: self.open_url(QUrl(link)))
        label.setText(markdown_html(block.text))
        return label

    def _update(self, part: QWidget, block: Block) -> None:
        if isinstance(part, CodeBlock):
            part.set_code(block.text, block.language)
        elif isinstance(part, QLabel):
            part.setText(markdown_html(block.text))
