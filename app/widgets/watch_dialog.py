"""Create or edit a watch (issue 15): the dialog behind the Watch button and a row's Edit.

The person writes what to watch for in their own words, picks the camera tool (the agent's tools,
the likely cameras first: ``WatchesLike.cameras``) and a rhythm from plain choices — every N
seconds or minutes, at times of day, or continuous at a frame interval — never cron syntax
(WA-41). The sensitivity slider says what it means in the gate's own terms (WA-42); the region of
interest is drawn with the mouse on a live picture the dialog takes from the camera tool when it
opens (``WatchesLike.snapshot``; "Take a picture" again, "Whole picture" clears it: WA-40). The
budgets, the notification threshold and cooldown, an optional end time and the timeline's
retention complete the definition (WA-43).

Save builds a ``core.watch.model.Watch`` (a definition the model refuses shows its field's
problem under the form) and hands it to ``create`` or ``update``; a ``WatchRefused`` (no vision,
no such tool, …) is shown in its own words and the dialog stays open (WA-44). Non-modal, never
``exec()``.
"""

from __future__ import annotations

import asyncio
import datetime as dt

from PySide6.QtCore import QDateTime, QEvent, Qt, Signal
from PySide6.QtGui import QImage
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateTimeEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSlider,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.background import Background
from core.watch.gate import Region
from core.watch.model import MIN_EVERY_S, Limits, Watch, WatchInvalid
from core.watch.ports import WatchesLike, WatchRefused

from .picture import decode_scaled
from .watch_region import RegionEditor
from .watch_rhythm import RhythmEditor

NEVER = 6  # notify_at: no notification
PICTURE_BOX = (640, 480)  # the live picture is decoded at most this large


def changed_share(sensitivity: float) -> float:
    """The share (percent) of the region that must change at ``sensitivity`` (WA-2, WA-3):
    the score ``100 - sensitivity`` on the log scale ``100 + 25 · log10(share)``."""
    return 100.0 * 10 ** (-sensitivity / 25)


def percent(value: float) -> str:
    return f"{value:.2g}" if value < 10 else f"{value:.0f}"


async def live_picture(watches: WatchesLike, agent_id: str, tool: str) -> QImage:
    """One picture from the camera tool, decoded off the GUI thread."""
    image = await watches.snapshot(agent_id, tool)
    return await asyncio.to_thread(decode_scaled, image.data, *PICTURE_BOX)


class WatchDialog(QDialog):
    saved = Signal(object)  # the Watch as the service stored it

    def __init__(
        self,
        watches: WatchesLike,
        agent_id: str,
        watch: Watch | None = None,
        parent: QWidget | None = None,
        agent_name: str = "",
    ) -> None:
        super().__init__(parent)
        self.setObjectName("watchDialog")
        self.watches = watches
        self.agent_id = agent_id
        self.agent_name = agent_name or agent_id
        self.editing = watch
        self.editing_new: Watch | None = None  # the new watch's definition once Save was tried
        self.background = Background(self, failure=self._failed)
        self.problem_text = ""
        self.picture_problem = ""
        base = watch or Watch(id="", agent_id=agent_id, instruction="-")

        self.instruction = QPlainTextEdit(watch.instruction if watch else "")
        self.instruction.setObjectName("watchInstruction")
        self.instruction.setFixedHeight(64)
        self.name = QLineEdit(base.name)
        self.name.setObjectName("watchName")
        self.camera = QComboBox()
        self.camera.setObjectName("watchCamera")
        self.camera.setEditable(True)
        tools = watches.cameras(agent_id)
        self.camera.addItems(tools if base.tool in tools else [base.tool, *tools])
        self.camera.setCurrentText(base.tool)

        self.rhythm = RhythmEditor(base.rhythm)  # the rhythm: plain choices

        self.sensitivity = QSlider(Qt.Orientation.Horizontal)
        self.sensitivity.setObjectName("watchSensitivity")
        self.sensitivity.setRange(0, 100)
        self.sensitivity.setValue(round(base.sensitivity))
        self.sensitivity_text = QLabel()
        self.sensitivity_text.setObjectName("watchSensitivityText")
        self.sensitivity_text.setWordWrap(True)
        self.sensitivity.valueChanged.connect(lambda _v: self._describe_sensitivity())

        self.region = RegionEditor()
        self.region.set_region(base.region)
        self.region_text = QLabel()
        self.region_text.setObjectName("watchRegionText")
        self.region.regionChanged.connect(lambda _r: self._describe_region())
        self.take_picture = QPushButton()
        self.take_picture.setObjectName("watchTakePicture")
        self.take_picture.clicked.connect(self.load_picture)
        self.whole_picture = QPushButton()
        self.whole_picture.setObjectName("watchWholePicture")
        self.whole_picture.clicked.connect(lambda: self.region.set_region(None))
        self.region_text.setWordWrap(True)
        region_bar = QHBoxLayout()
        region_bar.addStretch(1)
        region_bar.addWidget(self.take_picture)
        region_bar.addWidget(self.whole_picture)

        self.calls = QSpinBox()
        self.calls.setObjectName("watchCallsPerHour")
        self.calls.setRange(1, 100_000)
        self.calls.setValue(base.limits.calls_per_hour)
        self.tokens = QSpinBox()
        self.tokens.setObjectName("watchTokensPerDay")
        self.tokens.setRange(1, 2_000_000_000)
        self.tokens.setSingleStep(10_000)
        self.tokens.setGroupSeparatorShown(True)
        self.tokens.setValue(base.limits.tokens_per_day)
        self.notify_at = QComboBox()
        self.notify_at.setObjectName("watchNotifyAt")
        self.notify_at.addItems([""] * NEVER)  # importance 1 … 5, never
        self.notify_at.setCurrentIndex(base.notify_at - 1)
        self.cooldown = QSpinBox()
        self.cooldown.setObjectName("watchCooldown")
        self.cooldown.setRange(0, 24 * 60)
        self.cooldown.setValue(round(base.cooldown_s / 60))
        self.until_on = QCheckBox()
        self.until_on.setObjectName("watchUntilOn")
        self.until = QDateTimeEdit()
        self.until.setObjectName("watchUntil")
        self.until.setCalendarPopup(True)
        self.until.setDisplayFormat("yyyy-MM-dd HH:mm")
        later = base.until or (dt.datetime.now() + dt.timedelta(hours=8)).timestamp()
        self.until.setDateTime(QDateTime.fromSecsSinceEpoch(int(later)))
        self.until_on.setChecked(base.until is not None)
        self.until.setEnabled(base.until is not None)
        self.until_on.toggled.connect(self.until.setEnabled)
        until_box = QHBoxLayout()
        until_box.addWidget(self.until_on)
        until_box.addWidget(self.until, 1)
        self.keep_days = QSpinBox()
        self.keep_days.setObjectName("watchKeepDays")
        self.keep_days.setRange(0, 3650)
        self.keep_days.setValue(base.keep_days)
        self.keep_mb = QSpinBox()
        self.keep_mb.setObjectName("watchKeepMb")
        self.keep_mb.setRange(0, 1_000_000)
        self.keep_mb.setValue(base.keep_mb)
        self.compare = QCheckBox()
        self.compare.setObjectName("watchComparePrevious")
        self.compare.setChecked(base.compare_previous)

        self.form = QFormLayout()
        self.labels: list[QLabel] = []
        fields: list[QWidget] = [self.instruction, self.name, self.camera, self.rhythm]
        fields += [self.calls, self.tokens, self.notify_at, self.cooldown]
        for field in fields:
            self._row(field)
        self._row(until_box)
        for keep in (self.keep_days, self.keep_mb):
            self._row(keep)
        self.form.addRow(self.compare)
        self.sensitivity_title = QLabel()
        self.sensitivity_title.setObjectName("watchSensitivityTitle")
        picture = QVBoxLayout()  # the right column: what the gate sees
        picture.addWidget(self.sensitivity_title)
        picture.addWidget(self.sensitivity)
        picture.addWidget(self.sensitivity_text)
        picture.addWidget(self.region, 1)
        picture.addWidget(self.region_text)
        picture.addLayout(region_bar)
        left = QVBoxLayout()  # the left column: what to watch for, how often, the limits
        left.addLayout(self.form)
        left.addStretch(1)
        columns = QHBoxLayout()
        columns.addLayout(left, 1)
        columns.addLayout(picture, 1)
        self.problem = QLabel()
        self.problem.setObjectName("watchProblem")
        self.problem.setWordWrap(True)
        self.problem.setVisible(False)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.save_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        self.save_button.setObjectName("watchSave")
        self.save_button.setDefault(True)
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)
        box = QVBoxLayout(self)
        box.addLayout(columns, 1)
        box.addWidget(self.problem)
        box.addWidget(self.buttons)
        self.retranslate()
        self.load_picture()

    def _row(self, field: QWidget | QHBoxLayout) -> None:
        label = QLabel()
        self.labels.append(label)
        self.form.addRow(label, field)

    # -- text ------------------------------------------------------------------------------------

    def retranslate(self) -> None:
        who = self.agent_name
        if self.editing is None:
            self.setWindowTitle(self.tr("New watch for {agent}").format(agent=who))
            self.save_button.setText(self.tr("Start watching"))
        else:
            self.setWindowTitle(self.tr("Edit watch of {agent}").format(agent=who))
            self.save_button.setText(self.tr("Save"))
        self.instruction.setPlaceholderText(self.tr("Tell me when a bird is at the feeder"))
        self.name.setPlaceholderText(self.tr("(the instruction's start)"))
        names = [
            self.tr("Watch for"),
            self.tr("Name"),
            self.tr("Camera tool"),
            self.tr("Look"),
            self.tr("Model calls per hour"),
            self.tr("Tokens per day"),
            self.tr("Notify from importance"),
            self.tr("Quiet after a notification (min)"),
            self.tr("End"),
            self.tr("Keep events (days, 0: always)"),
            self.tr("Keep pictures up to (MB, 0: no cap)"),
        ]
        for label, text in zip(self.labels, names, strict=True):
            label.setText(text)
        self.sensitivity_title.setText(self.tr("Sensitivity"))
        levels = (
            self.tr("1 (every event)"),
            "2",
            "3",
            "4",
            self.tr("5 (only the most important)"),
            self.tr("never"),
        )
        for i, text in enumerate(levels):
            self.notify_at.setItemText(i, text)
        self.until_on.setText(self.tr("Stop watching at"))
        self.compare.setText(self.tr("Show the model its previous picture too"))
        self.take_picture.setText(self.tr("Take a picture"))
        self.whole_picture.setText(self.tr("Whole picture"))
        self._describe_sensitivity()
        self._describe_region()
        self._show_problem()

    def _describe_sensitivity(self) -> None:
        value = self.sensitivity.value()
        if value >= 100:
            text = self.tr("{value}: any moved pixel of the region sends the frame to the model.")
        elif value <= 0:
            text = self.tr("{value}: only a change of the whole region sends the frame to the model.")
        else:
            text = self.tr(
                "{value}: a frame goes to the model when about {share} % of the region changed "
                "(change score {threshold} or more)."
            )
        self.sensitivity_text.setText(
            text.format(value=value, share=percent(changed_share(value)), threshold=100 - value)
        )

    def _describe_region(self) -> None:
        r = self.region.region
        if r is None:
            self.region_text.setText(
                self.tr("Region: the whole picture. Drag on the picture to choose a part.")
            )
        else:
            self.region_text.setText(
                self.tr("Region: {w} % × {h} % of the picture, from {x} % left, {y} % top.").format(
                    w=round(r.w * 100), h=round(r.h * 100), x=round(r.x * 100), y=round(r.y * 100)
                )
            )

    def _show_problem(self) -> None:
        text = self.problem_text or self.picture_problem
        self.problem.setText(text)
        self.problem.setVisible(bool(text))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    # -- the live picture ------------------------------------------------------------------------

    def load_picture(self) -> None:
        self.take_picture.setEnabled(False)
        self.background.run(
            live_picture(self.watches, self.agent_id, self.camera.currentText().strip()),
            self._picture,
            self._no_picture,
        )

    def _picture(self, image: QImage) -> None:
        self.take_picture.setEnabled(True)
        self.picture_problem = "" if not image.isNull() else self.tr("The camera tool returned no picture.")
        self.region.set_picture(image)
        self._show_problem()

    def _no_picture(self, exc: BaseException) -> None:
        self.take_picture.setEnabled(True)
        reason = exc.text if isinstance(exc, WatchRefused) else str(exc) or type(exc).__name__
        self.picture_problem = self.tr("No picture from the camera: {reason}").format(reason=reason)
        self._show_problem()

    # -- saving ----------------------------------------------------------------------------------

    def watch(self) -> Watch:
        """The definition the form holds; raises ``WatchInvalid``."""
        instruction = self.instruction.toPlainText().strip()
        if not instruction:
            raise WatchInvalid("instruction", "empty")
        if self.editing is not None:
            base = self.editing
        else:  # one new id however often Save is tried
            base = self.editing_new = self.editing_new or self.watches.new_watch(self.agent_id, instruction)
        base = base.with_(instruction=instruction)
        region: Region | None = self.region.region
        return base.with_(
            name=self.name.text().strip(),
            tool=self.camera.currentText().strip(),
            rhythm=self.rhythm.rhythm(),
            sensitivity=self.sensitivity.value(),
            region=region,
            limits=Limits(self.calls.value(), self.tokens.value()),
            notify_at=self.notify_at.currentIndex() + 1,
            cooldown_s=float(self.cooldown.value() * 60),
            until=float(self.until.dateTime().toSecsSinceEpoch()) if self.until_on.isChecked() else None,
            keep_days=self.keep_days.value(),
            keep_mb=self.keep_mb.value(),
            compare_previous=self.compare.isChecked(),
        )

    def invalid_text(self, exc: WatchInvalid) -> str:
        if exc.field == "instruction":
            return self.tr("Write what to watch for.")
        if exc.field == "tool":
            return self.tr("Choose the camera tool.")
        if exc.field == "times":
            return self.tr("Write the times of day as 07:30, 18:00.")
        if exc.field == "every_s":
            return self.tr("Choose an interval of at least {least} seconds.").format(least=f"{MIN_EVERY_S:g}")
        return self.tr("This watch cannot run: {detail}").format(detail=str(exc))

    def save(self) -> None:
        try:
            watch = self.watch()
        except WatchInvalid as exc:
            self.problem_text = self.invalid_text(exc)
            self._show_problem()
            return
        self.problem_text = ""
        self._show_problem()
        self.save_button.setEnabled(False)
        work = self.watches.update(watch) if self.editing is not None else self.watches.create(watch)
        self.background.run(work, self._saved)

    def _saved(self, watch: Watch) -> None:
        self.save_button.setEnabled(True)
        self.saved.emit(watch)
        self.accept()

    def _failed(self, exc: BaseException) -> None:
        self.save_button.setEnabled(True)
        if isinstance(exc, WatchRefused):
            self.problem_text = exc.text
        elif isinstance(exc, WatchInvalid):
            self.problem_text = self.invalid_text(exc)
        else:
            self.problem_text = self.tr("The watch was not saved: {error}").format(error=str(exc))
        self._show_problem()
