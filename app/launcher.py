"""Start the Qt application on a qasync loop, load the configuration (or the demo village), run.

Just over 400 lines: the start is one sequence (the configuration, the store's lock, the runtime
with its store, watches, vision relay and web companion, the window, recovery, the watches'
rhythms), kept in one module so its order reads from top to bottom.
"""

from __future__ import annotations

import asyncio
import signal
import sys
import webbrowser
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QGuiApplication, QIcon
from PySide6.QtWidgets import QApplication, QMessageBox

from app.loop import make_loop
from core.builtin_tools import for_agent
from core.config import Config, default_config_path, ensure_village_id
from core.conversations import SEED_TURNS, Conversations
from core.events import ServerStatusChanged, StoreProblem
from core.history import StoreHistory
from core.journal import ResumePoint
from core.keyring_secrets import default_secret_resolver
from core.llm import ModelBackend
from core.log import LOG, event
from core.mcp import McpToolProvider
from core.mcp.sampling import Sampling
from core.paths import data_dir
from core.recovery import recover
from core.results import VillagePipeline
from core.store import SqliteJournal, Store
from core.store.gc import collect
from core.store.lock import StoreLock, StoreLocked
from core.store_health import open_store
from core.village import Village
from core.watch.relay import VisionRelay
from core.watch.service import Watches
from web.control import CompanionSwitch
from web.memory import CompanionMemory
from web.token import VillageToken

from . import autorun, gc_guard
from .backends import make_backend_factory
from .contracts import BackendFactory, VillageLike
from .demo import DemoCamera, demo_config, offer_demo_watch, uses_demo_camera, with_camera_url
from .i18n import Translations
from .instance import InstanceServer, LockedNotice, ask_to_raise, bring_to_front, server_name
from .keys import KeyStore
from .main_window import MainWindow
from .startup_problems import Ask, settle, unattended
from .web_resume import CompanionResume
from .widgets.sign_in_link import SignInLinks
from .widgets.startup_dialog import ask_in_dialog, system_language

RESOURCES = Path(__file__).resolve().parents[1] / "resources"
REFREEZE_MS = 2_000  # after a Settings apply: the replaced MCP sessions have closed (L-16)


def adopt_config(rt: Runtime, cfg: Config, refreeze: QTimer | None = None) -> None:
    """After a Settings apply: the MCP client, history and conversations read the language and
    image settings at call time; ``refreeze`` (``refreeze_timer``) is started again, so start-up's
    frozen objects are collected once the replaced MCP sessions have closed, one walk however many
    applies came in its interval (L-16, ``gc refrozen:``)."""
    rt.provider.language = cfg.village.language
    rt.provider.settings = cfg.mcp
    if rt.history is not None:
        rt.history.language = cfg.village.language
    if rt.conversations is not None:
        rt.conversations.language = cfg.village.language
    if refreeze is not None:
        refreeze.start()


def refreeze_timer(parent: QObject, interval_ms: int = REFREEZE_MS) -> QTimer:
    """The single-shot timer of ``adopt_config``'s refreeze; it goes with ``parent`` (the window)."""
    timer = QTimer(parent)
    timer.setSingleShot(True)
    timer.setInterval(interval_ms)
    timer.timeout.connect(_refreeze)
    return timer


def _refreeze() -> None:
    if frozen := gc_guard.refreeze():
        event("gc refrozen", objects=frozen)


@dataclass
class Runtime:
    """Everything the window drives, built from one configuration."""

    village: VillageLike
    provider: McpToolProvider
    store: Store | None
    history: StoreHistory | None
    conversations: Conversations | None = None  # the village's conversations (None: no store)
    # what went wrong opening the store (core.store_health): the window shows each as a notice
    store_problems: list[StoreProblem] = field(default_factory=list)
    watches: Watches | None = None  # the village's watches (None: no store), started after recovery

    def config_warnings(self) -> list[str]:
        """The warnings of the configuration the village runs (unknown keys, kept when saved)."""
        return list(self.village.config.warnings)


def make_runtime(config: Config, keys: KeyStore, *, store_dir: Path | None = None) -> Runtime:
    holder: dict[str, Any] = {}
    factory = make_backend_factory(keys, lambda: holder["village"].config.village.language)

    def resolve(name: str) -> str | None:
        return keys.get(f"mcp:{name}") or default_secret_resolver(name)

    provider = McpToolProvider(
        language=config.village.language,
        settings=config.mcp,
        secret_resolver=resolve,
        on_tools_changed=lambda agent_id: holder["village"].refresh_tools(agent_id),
        on_status_changed=lambda a, s: holder["village"].bus.publish(ServerStatusChanged(a, s)),
        # the browser, or else the link shown in a dialog (never logged: it carries the state)
        open_url=SignInLinks(webbrowser.open).open_url,
        # server forms go to the window's elicitation cards (declined when no window answers)
        elicitation=lambda request: holder["village"].questions.elicitations.handle(request),
        # a server's request to use the agent's model: a card the person approves or denies
        sampling=Sampling(
            lambda asked: holder["village"].questions.samplings.ask(asked),
            lambda agent_id: agent_model(holder["village"].config, factory, agent_id),
            language=lambda: holder["village"].config.village.language,
            new_id=lambda: holder["village"].questions.samplings.new_id(),
        ),
    )
    store, problems = open_store(store_dir or data_dir())  # problems: shown once the window listens
    ensure_village_id(config)  # a chat belongs to its village, never to an agent id alone
    pipeline = VillagePipeline(
        config,
        spill_dir=(store_dir or data_dir()) / "spill",
        blobs=None if store is None else store.blobs,  # one copy of every image (core/media_cache.py)
    )
    conversations = (
        None
        if store is None
        else Conversations(
            store, config.village.id, language=config.village.language, media=lambda: pipeline.media
        )
    )
    journal = None if conversations is None else SqliteJournal(conversations.store, conversations.current)
    code_dir = (store_dir or data_dir()) / "code"  # execute_code's work folders, one per agent
    village = Village(
        config,
        backend_factory=factory,
        journal=journal,
        tool_provider=provider,
        pipeline=pipeline,
        builtin_tools=lambda agent, lang: for_agent(agent.builtin_tools, code_dir / agent.id, language=lang),
    )
    holder["village"] = village
    history: StoreHistory | None = None
    if conversations is not None:
        conversations.adopt_known(a.id for a in config.agents)  # earlier chats run with this file
        conversations.adopt_cut(a.id for a in config.agents)  # a crash-cut turn recovery continues
        village.history_for = lambda agent_id, cid: conversations.past(agent_id, cid, SEED_TURNS)
        village.summaries = conversations.store  # summaries of left-out turns (issue 14)
        seed_histories(village, conversations, config)  # the models remember the turns before a restart
        history = StoreHistory(
            conversations.store,
            config.village.language,
            media=lambda: pipeline.media,
            conversation_for=conversations.current,
        )
    watches = None
    if conversations is not None:
        # a watch deleted with its timeline takes its conversation, blobs and media files along
        watches = Watches(
            village, conversations.store, config.village.id, delete_conversation=conversations.delete
        )
        watches.load()  # before recovery: a cut run's turn needs its watch's tools
        # the village's eyes for a model that cannot see, its descriptions on the watch's meter
        village.relay_for = VisionRelay(conversations.store, factory, on_call=watches.relay_call).for_turn
    return Runtime(village, provider, store, history, conversations, problems, watches)


def agent_model(config: Config, factory: BackendFactory, agent_id: str) -> ModelBackend | None:
    """The model of ``agent_id``'s template (MCP sampling asks it), or ``None``."""
    try:
        return factory(config.template(config.agent(agent_id).template))
    except KeyError:
        return None


def seed_histories(village: Village, conversations: Conversations, config: Config) -> None:
    """Each agent's model history from the newest finished stored turns of its current
    conversation (cut turns resume separately)."""
    for agent in config.agents:
        cid = conversations.current(agent.id)
        village.seed_history(agent.id, conversations.past(agent.id, cid, SEED_TURNS), cid)


def resume_cut_turns(
    rt: Runtime, config: Config, keep_paused: Callable[[ResumePoint], None] | None = None
) -> int:
    """Continue the turns a crash cut (S02-3, S02-5): completed tools are reused, never re-run.
    Turns the person paused go to ``keep_paused`` (the window's Resume) instead of continuing on
    their own; without it they continue like cut turns."""
    if rt.store is None:
        return 0
    if not isinstance(rt.village, Village):
        return 0
    known = {a.id for a in config.agents}
    resumed = 0
    for point in recover(rt.store, config.village.language):
        if point.agent_id not in known:
            continue
        if rt.conversations is not None and not rt.conversations.take_resumed(
            point.agent_id, point.conversation_id, rt.village
        ):
            continue  # another village's turn: it continues when that village opens
        if point.paused and keep_paused is not None:
            keep_paused(point)
            continue
        rt.village.resume(point)
        resumed += 1
    return resumed


def announce_store_problems(rt: Runtime) -> None:
    """Publish the store's start-up problems on the village's bus (the window shows them)."""
    for problem in rt.store_problems:
        rt.village.bus.publish(problem)


def start_store_gc(rt: Runtime) -> asyncio.Future[object] | None:
    """Apply the retention, remove unreferenced blob, media-cache and spill files in a worker
    thread (never on the loop). Not after
    the database was set aside or lost: the blobs of that history are kept for its recovery."""
    if rt.store is None or rt.store_problems:
        return None
    store, config = rt.store, rt.village.config
    media = config.media_dir()
    return asyncio.ensure_future(
        asyncio.to_thread(
            collect,
            store,
            spill_dir=store.root.parent / "spill",
            media_dirs=[] if media is None else [media],  # the media cache shares the blobs' bytes
            keep_days=config.village.keep_days,  # retention (issue 14)
        )
    )


HEADLESS = ("offscreen", "minimal")
HELD_ELSEWHERE = 3  # the exit code of a second start whose running instance did not answer


def lock_store(folder: Path) -> StoreLock | None:
    """The store's lock, taken before the store is opened or recovery runs (one process per store:
    a second one would resume this one's live turns as crashed ones). ``StoreLocked`` propagates.
    None when no lock file can be opened at all (a read-only folder that has none: no process can
    write there either); the store is then opened as it is, unlocked."""
    try:
        return StoreLock.acquire(folder)
    except OSError as exc:
        event("store lock failed", error=type(exc).__name__)
        return None


def second_start(locked: StoreLocked, folder: Path) -> int:
    """Another process holds the store: ask its window to the front (exit 0), else say which
    process holds it (stderr, and a message box when there is a screen) and exit non-zero. The
    store is never touched."""
    answered = ask_to_raise(server_name(folder))
    pid = locked.pid if locked.pid is not None else "-"
    event("store locked", pid=pid, answered="yes" if answered else "no")
    if answered:
        return 0
    text = LockedNotice().text(locked.pid, locked.path)
    print(text, file=sys.stderr)
    if QGuiApplication.platformName() not in HEADLESS:
        QMessageBox.warning(None, "Fuseforks", text)
    return HELD_ELSEWHERE


async def run_app(app: QApplication, config_path: Path | None, ask: Ask | None = None) -> int:
    """Run until the window closes. ``ask`` answers a start-up problem of the configuration: the
    start-up problem dialog where there is a screen, else ``unattended``."""
    path = config_path or default_config_path()
    gc_guard.install(app)  # cycles holding Qt objects are freed on this thread, never in a worker
    keys = KeyStore()
    translations = Translations(app)
    translations.set_language(system_language())  # the start-up problem dialog's, until a file is read
    if ask is None:
        ask = ask_in_dialog if QGuiApplication.platformName() not in HEADLESS else unattended
    settled = await settle(path, explicit=config_path is not None, ask=ask)
    if isinstance(settled, int):
        return settled  # the person quit over a configuration problem
    config, demo = settled.config, settled.demo
    if config is not None:
        translations.set_language(config.village.language)  # for the second start's message
    folder = data_dir() / "store"  # Store.open's folder
    try:
        lock = lock_store(folder)
    except StoreLocked as exc:
        return second_start(exc, folder)
    try:
        return await run_window(app, path, (config, demo), keys, translations, folder)
    finally:
        gc_guard.thaw()
        if lock is not None:
            lock.release()  # after the store is closed


async def run_window(
    app: QApplication,
    path: Path,
    loaded: tuple[Config | None, bool],
    keys: KeyStore,
    translations: Translations,
    folder: Path,
) -> int:
    """Run the window on the (locked) store until it closes."""
    config, demo = loaded
    shown: list[MainWindow] = []

    def to_front() -> None:
        for window in shown:
            bring_to_front(window)

    instance = InstanceServer(server_name(folder), to_front)
    instance.listen()  # a second start on this store asks our window to the front
    camera: DemoCamera | None = None
    if config is None or uses_demo_camera(config):
        camera = DemoCamera()
        try:
            url = await camera.start()
        except (OSError, RuntimeError, TimeoutError) as exc:
            event("demo camera failed", error=type(exc).__name__)
            url = "http://127.0.0.1:1/mcp"
            camera = None
        config = demo_config(url, path=path) if config is None else with_camera_url(config, url)
    assert config is not None
    translations.set_language(config.village.language)
    rt = make_runtime(config, keys)
    village = rt.village
    # the web companion (issue 16): Settings › Village › Web companion's switch, remembered (WC-40)
    web = (
        CompanionSwitch(
            rt.village,
            VillageToken(keys, config.village.id),
            conversations=rt.conversations,
            watches=rt.watches,
            memory=CompanionMemory(),
        )
        if isinstance(rt.village, Village)
        else None
    )

    def adopt(cfg: Config) -> None:
        adopt_config(rt, cfg, refreeze)

    window = MainWindow(
        village,
        keys,
        translations=translations,
        demo=demo,
        history=rt.history,
        config_path=path,
        after_apply=adopt,
        conversations=rt.conversations,
        servers=rt.provider,
        watches=rt.watches,
        web=web,
    )
    refreeze = refreeze_timer(window)
    window.show()
    announce_store_problems(rt)
    shown.append(window)
    # SIGTERM/SIGINT close the window the normal way, so the camera subprocess and MCP servers end too.
    # Python runs signal handlers only between bytecodes, so a slow timer lets them in while Qt idles.
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: QTimer.singleShot(0, window.close))
    wake = QTimer(window)
    wake.timeout.connect(lambda: None)
    wake.start(250)
    closed = asyncio.get_running_loop().create_future()

    def window_closed() -> None:
        if not closed.done():
            closed.set_result(None)

    app.lastWindowClosed.connect(window_closed)
    window.closed.connect(window_closed)  # also when another top-level window is still open
    gc: asyncio.Future[object] | None = None
    try:
        await village.start()
        window.refresh_agents()
        resume_cut_turns(rt, config, keep_paused=window.add_paused)
        autorun.attach(window)  # --first-message (PK-4)
        if rt.watches is not None:
            await rt.watches.start()  # after recovery: a cut run is resumed, never run again
            if demo and camera is not None:
                await offer_demo_watch(rt.watches, config.village.language)
        if web is not None:
            await CompanionResume(web, village.bus).run()  # after the watches: it serves them
        gc = start_store_gc(rt)
        frozen = gc_guard.freeze_start_up()  # start-up's objects leave every later collection (L-16)
        event("gc frozen", objects=frozen)
        await closed
    finally:
        if gc is not None:
            await asyncio.gather(gc, return_exceptions=True)  # never close the store under it
        if web is not None:
            await web.close()  # its event streams end before the village closes; the switch kept
        if rt.watches is not None:
            await rt.watches.close()
        await village.close()
        if camera is not None:
            await camera.stop()
        if rt.store is not None:
            rt.store.close()
        instance.close()
    return 0


def run(config_path: Path | None, log_dir: Path | None) -> int:
    LOG.configure(log_dir, echo_stderr=True)
    app = QApplication.instance() or QApplication(sys.argv)
    assert isinstance(app, QApplication)
    app.setApplicationName("Fuseforks")
    app.setApplicationDisplayName("Fuseforks")
    icon = RESOURCES / "icons" / "fuseforks.svg"
    if icon.exists():
        app.setWindowIcon(QIcon(str(icon)))
    app.setQuitOnLastWindowClosed(False)  # the loop ends when run_app returns
    loop = make_loop(app)
    with loop:
        code: int = loop.run_until_complete(run_app(app, config_path))
        finish_pending(loop)
    return code


def finish_pending(loop: asyncio.AbstractEventLoop, within: float = 5.0) -> int:
    """Cancel what is still pending on ``loop`` (page reads, preview decodes of closed windows)
    and let it unwind before the loop closes, as ``asyncio.run`` does; returns how many."""
    pending = [t for t in asyncio.all_tasks(loop) if not t.done()]
    for task in pending:
        task.cancel()
    if pending:
        loop.run_until_complete(asyncio.wait(pending, timeout=within))
    return len(pending)
