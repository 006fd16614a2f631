"""The window's style sheet (one place, plain Qt style sheet)."""

STYLE = """
QMainWindow#mainWindow, QWidget#chatInner, QWidget#toolPanelInner { background: #f6f7f9; }
QLabel#paneTitle { font-weight: 600; color: #3b4252; padding: 4px 2px; }
QFrame#banner { background: #fff6d6; border: 1px solid #f0d27a; border-radius: 8px; }
QFrame#storeNotice { background: #fdecea; border: 1px solid #e8a39b; border-radius: 8px; }
QFrame#bubble_user { background: #2f6fde; border-radius: 12px; }
QFrame#bubble_user QLabel { color: white; }
QFrame#bubble_assistant { background: white; border: 1px solid #dde1e7; border-radius: 12px; }
QFrame#bubble_notice { background: #eef1f5; border-radius: 10px; }
QFrame#bubble_notice QLabel { color: #4c566a; font-style: italic; }
QFrame#bubble_error { background: #fdecec; border: 1px solid #f2b8b5; border-radius: 10px; }
QFrame#bubble_error QLabel { color: #9f1d1d; }
QFrame#imagePreview { background: white; border: 1px solid #dde1e7; border-radius: 10px; }
QLabel#previewCaption { color: #4c566a; font-size: 11px; }
QFrame#toolRow { background: white; border: 1px solid #e1e5ea; border-radius: 8px; }
QToolButton#toolToggle { border: none; font-family: monospace; font-weight: 600; }
QLabel#toolStatus[state="ok"] { color: #1f7a3a; }
QLabel#toolStatus[state="error"] { color: #b42318; }
QLabel#toolStatus[state="running"] { color: #b26b00; }
QLabel#toolDuration, QLabel#toolSummary { color: #5e6a7d; font-size: 11px; }
QLabel#displayLine { color: #2e3440; font-family: monospace; }
QPlainTextEdit#toolText { font-family: monospace; font-size: 11px; background: #fafbfc; }
QLabel#typing { color: #6b7685; font-style: italic; }
QPushButton#stopButton:enabled { color: #b42318; }
QLabel#fieldError { color: #b42318; }
QLabel#keyState[present="true"] { color: #1f7a3a; }
QLabel#keyState[present="false"] { color: #6b7685; }
QFrame#serverRow { border: 1px solid palette(mid); border-radius: 8px; }
QLabel#serverName { font-weight: 600; }
QLabel#serverState[state="connected"] { color: #1f7a3a; }
QLabel#serverState[state="failed"], QLabel#serverReason { color: #b42318; }
QLabel#serverState[state="retrying"], QLabel#serverState[state="connecting"] { color: #b26b00; }
QLabel#serverState[state="off"], QLabel#serverWhere { color: #6b7685; }
QLabel#serverWhere { font-family: monospace; font-size: 11px; }
QToolButton#serverToolsToggle { border: none; }
"""
