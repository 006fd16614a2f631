"""The window's style sheet, derived from the palette (one place, plain Qt style sheet).

Every colour comes from a ``QPalette`` role (window, base, text) or from a tint of one towards a
signal colour, so the window follows the system's light or dark theme; the signal colours (ok,
error, running, notice) have a light-theme and a dark-theme shade, each readable on its
background, and the person's own bubbles keep the app's accent blue with white text in both. ``app.desktop`` applies it again when the application's palette or theme changes.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette

# signal colours: (on a light background, on a dark one)
OK = ("#1f7a3a", "#6fd08c")
ERROR = ("#b42318", "#ff8a80")
RUNNING = ("#b26b00", "#ffb74d")
NOTICE = ("#c99a06", "#e3b341")
# the person's own bubbles: the app's accent in either theme (white text on it is 4.9:1), not the
# palette's highlight (orange or grey on some desktops, and the selection colour besides)
USER, ON_USER = "#2f6fde", "#ffffff"


def is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Window).lightnessF() < 0.5


def mix(start: QColor | str, b: QColor | str, share: float) -> str:
    """``start`` moved ``share`` of the way towards ``b``, as ``#rrggbb``."""
    a, c = QColor(start), QColor(b)
    return QColor(
        round(a.red() + (c.red() - a.red()) * share),
        round(a.green() + (c.green() - a.green()) * share),
        round(a.blue() + (c.blue() - a.blue()) * share),
    ).name()


LINK = ("#1a5fb4", "#8ab4f8")  # links in Markdown answers: (light theme, dark theme)


def with_links(palette: QPalette) -> QPalette:
    """``palette`` with link colours readable on its background (a desktop's dark palette often
    keeps the light theme's dark blue link, unreadable on dark grey)."""
    shade = 1 if is_dark(palette) else 0
    out = QPalette(palette)
    out.setColor(QPalette.ColorRole.Link, QColor(LINK[shade]))
    out.setColor(QPalette.ColorRole.LinkVisited, QColor(LINK[shade]))
    return out


def problem_colour(palette: QPalette) -> str:
    """The colour of a problem (a field's border, its message) on ``palette``'s background."""
    return ERROR[1 if is_dark(palette) else 0]


def style_sheet(palette: QPalette) -> str:
    role = QPalette.ColorRole
    dark = is_dark(palette)
    shade = 1 if dark else 0
    window, base = palette.color(role.Window), palette.color(role.Base)
    text = palette.color(role.Text)
    ok, error, running, notice = OK[shade], ERROR[shade], RUNNING[shade], NOTICE[shade]
    muted = mix(text, base, 0.35)  # secondary text: still well above 4.5:1 on base
    pane = mix(window, base, 0.4)  # behind the bubbles and rows: between the frame and a field
    border = mix(base, text, 0.16)
    # flat scroll bars: a base style's (Fusion's) gradients cost ~2 M instructions a repaint of a
    # chat's bar, which every new row repaints (issue 14); the handle stands out 3:1 from its groove
    handle, handle_hover, handle_pressed = (mix(pane, text, share) for share in (0.45, 0.58, 0.7))
    return f"""
QMainWindow#mainWindow {{ background: {window.name()}; }}
QWidget#chatInner, QWidget#toolPanelInner {{ background: {pane}; }}
QLabel#paneTitle {{ font-weight: 600; color: {mix(text, window, 0.15)}; padding: 4px 2px; }}
QFrame#banner {{ background: {mix(base, notice, 0.18)}; border: 1px solid {mix(base, notice, 0.6)}; border-radius: 8px; }}
QFrame#banner QLabel {{ color: {text.name()}; }}
QFrame#storeNotice {{ background: {mix(base, error, 0.12)}; border: 1px solid {mix(base, error, 0.45)}; border-radius: 8px; }}
QFrame#storeNotice QLabel {{ color: {text.name()}; }}
QFrame#bubble_user {{ background: {USER}; border-radius: 12px; }}
QFrame#bubble_user QLabel {{ color: {ON_USER}; }}
QFrame#bubble_assistant {{ background: {base.name()}; border: 1px solid {border}; border-radius: 12px; }}
QFrame#bubble_assistant QLabel {{ color: {text.name()}; }}
QFrame#bubble_notice {{ background: {mix(pane, text, 0.07)}; border-radius: 10px; }}
QFrame#bubble_notice QLabel {{ color: {mix(text, pane, 0.25)}; font-style: italic; }}
QFrame#bubble_error {{ background: {mix(base, error, 0.12)}; border: 1px solid {mix(base, error, 0.45)}; border-radius: 10px; }}
QFrame#bubble_error QLabel {{ color: {error}; }}
QFrame#imagePreview {{ background: {base.name()}; border: 1px solid {border}; border-radius: 10px; }}
QLabel#previewCaption {{ color: {muted}; font-size: 11px; }}
QFrame#toolRow {{ background: {base.name()}; border: 1px solid {border}; border-radius: 8px; }}
QToolButton#toolToggle {{ border: none; font-family: monospace; font-weight: 600; color: {text.name()}; }}
QLabel#toolStatus[state="ok"] {{ color: {ok}; }}
QLabel#toolStatus[state="error"] {{ color: {error}; }}
QLabel#toolStatus[state="running"] {{ color: {running}; }}
QLabel#toolDuration, QLabel#toolSummary {{ color: {muted}; font-size: 11px; }}
QLabel#displayLine {{ color: {text.name()}; font-family: monospace; }}
QPlainTextEdit#toolText {{ font-family: monospace; font-size: 11px; background: {mix(base, window, 0.5)}; color: {text.name()}; }}
QLabel#typing {{ color: {muted}; font-style: italic; }}
QPushButton#stopButton:enabled {{ color: {error}; }}
QLabel#fieldError, QLabel[problem="true"] {{ color: {error}; }}
QLabel#keyState[present="true"] {{ color: {ok}; }}
QLabel#keyState[present="false"] {{ color: {muted}; }}
QFrame#codeBlock {{ background: {mix(base, window, 0.6)}; border: 1px solid {border}; border-radius: 6px; }}
QLabel#codeText {{ font-family: monospace; font-size: 12px; color: {text.name()}; }}
QLabel#codeLanguage {{ color: {muted}; font-size: 11px; }}
QToolButton#copyButton {{ color: {muted}; font-size: 11px; border: none; padding: 0px 4px; }}
QFrame#bubble_user QToolButton#copyButton {{ color: {mix(ON_USER, USER, 0.15)}; }}
QLabel#typingText {{ color: {muted}; font-style: italic; }}
QLabel#testResult[ok="true"] {{ color: {ok}; }}
QLabel#testResult[ok="false"], QLabel#modelsStatus[ok="false"] {{ color: {error}; }}
QLabel#modelsStatus {{ color: {muted}; }}
QFrame#serverRow {{ border: 1px solid {border}; border-radius: 8px; }}
QLabel#serverName {{ font-weight: 600; }}
QLabel#serverState[state="connected"] {{ color: {ok}; }}
QLabel#serverState[state="failed"], QLabel#serverReason {{ color: {error}; }}
QLabel#serverState[state="retrying"], QLabel#serverState[state="connecting"] {{ color: {running}; }}
QLabel#serverState[state="off"], QLabel#serverWhere {{ color: {muted}; }}
QLabel#serverWhere {{ font-family: monospace; font-size: 11px; }}
QToolButton#serverToolsToggle {{ border: none; }}
QScrollBar:vertical {{ background: {pane}; width: 12px; margin: 0px; }}
QScrollBar:horizontal {{ background: {pane}; height: 12px; margin: 0px; }}
QScrollBar::handle {{ background: {handle}; border-radius: 4px; }}
QScrollBar::handle:vertical {{ min-height: 32px; margin: 2px; }}
QScrollBar::handle:horizontal {{ min-width: 32px; margin: 2px; }}
QScrollBar::handle:hover {{ background: {handle_hover}; }}
QScrollBar::handle:pressed {{ background: {handle_pressed}; }}
QScrollBar::add-line, QScrollBar::sub-line {{ width: 0px; height: 0px; border: none; background: none; }}
QScrollBar::add-page, QScrollBar::sub-page {{ background: none; }}
"""
