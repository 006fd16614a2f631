"""The village runtime: agents, their histories, tools and turns, driven by a front end.

The front end (desktop window, web companion, tests) calls ``send`` and listens on ``bus``.
Each agent runs one turn at a time (later requests wait their turn). The backend is built from
the agent's template when a turn starts, so a template switch applies to the next turn while a
running turn finishes on its old one. An agent whose template has tools off hands a request
that needs tools to its first connected agent (S70-21). Each agent's turns belong to its current
conversation (issue 13; the history a turn extends: core/agent_history.py).

About 500 lines: the conversation a turn belongs to is threaded through send, resume and the
turn's run, with a watch's planned first round and per-turn tools (issue 15); what was separable
(which history a turn extends) lives in core/agent_history.py, the watches in core/watch/.
"""

from __future__ import annotations

import asyncio
import itertools
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

from core.agent_history import HistoryFor, turn_history
from core.canonical import ChatMessage, Role, Usage
from core.config import Agent, Config, Template
from core.context import ContextState
from core.context_summary import ContextSetup, SummaryStore
from core.events import EventBus, Handoff, Notice, TurnFailed, TurnFinished, TurnStarted
from core.handle import TurnHandle
from core.image_rules import strip_turn_images
from core.journal import NullJournal, ResumePoint, TurnJournal
from core.llm import ModelBackend
from core.log import event as log_event
from core.notes import note, server_where
from core.ports import PipelinePort, ToolProvider
from core.questions import Questions
from core.request_check import kept_after_failure
from core.retry_events import publish_retries
from core.stops import Stop
from core.tool import AgentTool
from core.tool_calls import ImageRelay
from core.turn import Turn, TurnError, TurnOutcome, TurnSettings
from core.turn_control import TurnControl

END_MARKER = "[[END]]"

BackendFactory = Callable[[Template], ModelBackend]
# The built-in tools of an agent as configured (``Agent.builtin_tools``), built per turn in the
# village language, so a settings change applies to the next turn (core.builtin_tools.for_agent).
BuiltinToolFactory = Callable[[Agent, str], list[AgentTool]]
# The tools a conversation adds for its turns, resumed ones too (a watch's report_event, the
# timeline's camera_events: core.watch.service), by (agent id, conversation id).
ConversationTools = Callable[[str, str], list[AgentTool]]
# The village's vision relay for one turn (core.watch.relay.VisionRelay.for_turn): (configuration,
# agent id, turn id) -> the relay describing the tool images the agent's model cannot read, or None.
RelayFor = Callable[[Config, str, str], ImageRelay | None]


class AgentState(StrEnum):
    IDLE = "idle"
    RUNNING = "running"
    ERROR = "error"


@dataclass
class AgentStatus:
    agent_id: str
    name: str
    template: str
    backend: str
    state: AgentState
    usage: Usage
    error: str = ""


@dataclass
class _AgentRuntime:
    agent: Agent
    history: list[ChatMessage] = field(default_factory=list)
    tools: list[AgentTool] = field(default_factory=list)
    extra_tools: list[AgentTool] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    state: AgentState = AgentState.IDLE
    usage: Usage = field(default_factory=Usage)
    error: str = ""
    running: int = 0
    conversation: str = ""  # the conversation ``history`` is of ("": the journal's choice)
    history_pending: bool = False  # ``history`` is read (``history_for``) when the next turn starts
    context: ContextState = field(default_factory=ContextState)  # where its history is cut (issue 14)
    # the histories and cuts of its other conversations that turns ran in (a watch's, WA-13)
    side: dict[str, list[ChatMessage]] = field(default_factory=dict)
    side_context: dict[str, ContextState] = field(default_factory=dict)


class Village:
    def __init__(
        self,
        config: Config,
        *,
        backend_factory: BackendFactory,
        bus: EventBus | None = None,
        journal: TurnJournal | None = None,
        tool_provider: ToolProvider | None = None,
        pipeline: PipelinePort | None = None,
        builtin_tools: BuiltinToolFactory | None = None,
    ) -> None:
        self.config = config
        self._builtin_tools = builtin_tools
        self.pipeline = pipeline
        self.bus = bus or EventBus()
        # ask_user_question over the bus: front ends attach as answerers and answer here (S02-8)
        self.questions = Questions(self.bus)
        self.journal: TurnJournal = journal or NullJournal()
        self._backend_factory = backend_factory
        self._tool_provider = tool_provider
        self._agents: dict[str, _AgentRuntime] = {a.id: _AgentRuntime(a) for a in config.agents}
        self._handles: dict[str, TurnHandle] = {}
        self._tasks: set[asyncio.Task[object]] = set()
        self._ids = itertools.count(1)
        # start time plus a random part: two starts within one second (a quick restart after a
        # crash) must never reuse a turn id, or the store would append to the old turn
        self._stamp = f"{time.strftime('%Y%m%d%H%M%S')}{secrets.token_hex(3)}"
        self.history_for: HistoryFor | None = None  # a conversation's stored history (core/agent_history.py)
        self.summaries: SummaryStore | None = None  # where summaries of left-out turns are kept (issue 14)
        self.conversation_tools: ConversationTools | None = None  # core.watch.service (issue 15)
        self.relay_for: RelayFor | None = None  # the vision relay (core.watch.relay, issue 15)

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        """Connect every agent's MCP servers (concurrently); failures become notices."""
        await asyncio.gather(*(self._connect(rt) for rt in self._agents.values()))

    async def _connect(self, rt: _AgentRuntime) -> None:
        if self._tool_provider is None:
            return
        servers = [s for s in self.config.servers_for(rt.agent) if s.enabled]
        try:
            rt.tools = await self._tool_provider.tools_for(rt.agent.id, servers)
        except Exception as exc:  # the agent keeps running without those tools
            rt.tools = []
            self.bus.publish(Notice(rt.agent.id, "error", f"{type(exc).__name__}: {exc}"))
            return
        self._notice_failed_servers(rt.agent.id)

    def _notice_failed_servers(self, agent_id: str) -> None:
        """A server that failed to start is shown to the person with its stderr tail; the agent
        keeps its other servers' tools."""
        if self._tool_provider is None:
            return
        language = self.config.village.language
        for st in self._tool_provider.status(agent_id):
            if st.state != "failed":
                continue
            where = server_where(st.transport, st.target, language)
            text = note("mcp_server_failed", language, server=st.server, where=where, error=st.error or "-")
            tail = "\n".join(st.stderr_tail.splitlines()[-5:])
            self.bus.publish(Notice(agent_id, "error", f"{text}\n{tail}" if tail else text))

    def refresh_tools(self, agent_id: str) -> None:
        """Adopt the provider's current tools for ``agent_id`` (after an MCP server's
        ``tools/list_changed``); the agent's next turn offers them, a running turn keeps its list."""
        rt = self._agents.get(agent_id)
        if rt is None or self._tool_provider is None:
            return
        rt.tools = list(self._tool_provider.tools(agent_id))

    async def close(self) -> None:
        for handle in list(self._handles.values()):
            handle.stop()
        tasks = [t for t in self._tasks if not t.done()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._tool_provider is not None:
            await self._tool_provider.close()

    def add_tools(self, agent_id: str, tools: list[AgentTool]) -> None:
        """Built-in tools for an agent, beside its MCP tools."""
        self._agents[agent_id].extra_tools.extend(tools)

    async def apply_config(self, config: Config) -> None:
        """Adopt a new configuration: the next turn uses it; running turns finish on the old one."""
        old = self.config
        self.config = config
        if self.pipeline is not None:
            self.pipeline.apply_config(config)
        for agent in config.agents:
            rt = self._agents.get(agent.id)
            if rt is None:
                rt = self._agents[agent.id] = _AgentRuntime(agent)
                await self._connect(rt)
                continue
            before = [s for s in old.servers_for(rt.agent) if s.enabled]
            rt.agent = agent
            after = [s for s in config.servers_for(agent) if s.enabled]
            provider = self._tool_provider
            if before != after and provider is not None and not await provider.update_roots(agent.id, after):
                await provider.close_agent(agent.id)
                await self._connect(rt)
            elif provider is not None:
                provider.retry_failed(agent.id)  # Settings saved: a server that failed tries again now
        for agent_id in [a for a in self._agents if a not in {x.id for x in config.agents}]:
            await self._retire(agent_id)

    async def _retire(self, agent_id: str) -> None:
        """An agent the configuration no longer has: gone at once when idle; its running (and
        queued) turns are stopped, and it goes when the last of them ends (``_run``)."""
        rt = self._agents[agent_id]
        if rt.running or any(h.agent_id == agent_id for h in self.running_turns()):
            for handle in self.running_turns():
                if handle.agent_id == agent_id:
                    handle.stop()
            return
        del self._agents[agent_id]
        if self._tool_provider is not None:
            await self._tool_provider.close_agent(agent_id)
        self.bus.publish(
            Notice(
                None,
                "info",
                note("agent_removed", self.config.village.language, agent=rt.agent.name or agent_id),
            )
        )

    # ------------------------------------------------------------------ queries
    def statuses(self) -> list[AgentStatus]:
        out = []
        for rt in self._agents.values():
            tpl = self._template(rt.agent)
            out.append(
                AgentStatus(
                    rt.agent.id,
                    rt.agent.name,
                    rt.agent.template,
                    tpl.protocol if tpl else "-",
                    rt.state,
                    rt.usage,
                    rt.error,
                )
            )
        return out

    def history(self, agent_id: str) -> list[ChatMessage]:
        return list(self._agents[agent_id].history)

    def seed_history(
        self, agent_id: str, messages: list[ChatMessage], conversation_id: str | None = None
    ) -> None:
        """Start an agent's model history from its stored past turns (on app start, or of the
        conversation ``conversation_id`` the person opened): tool images are not carried into
        later turns (S70-13). Unknown agents are ignored. A running turn keeps its own."""
        rt = self._agents.get(agent_id)
        if rt is not None:
            rt.history = strip_turn_images(list(messages), self.config.village.language)
            rt.history_pending = False
            if conversation_id is not None:
                rt.conversation = conversation_id
                rt.side.pop(conversation_id, None)  # the current one's history is ``history``
                rt.side_context.pop(conversation_id, None)

    def defer_history(self, agent_id: str, conversation_id: str) -> None:
        """``conversation_id`` is the agent's conversation now; its history is read when the next
        turn starts (core/agent_history.py). Unknown agents are ignored."""
        rt = self._agents.get(agent_id)
        if rt is not None:
            rt.history, rt.conversation, rt.history_pending = [], conversation_id, True
            rt.side.pop(conversation_id, None)
            rt.side_context.pop(conversation_id, None)

    def conversation_of(self, agent_id: str) -> str:
        """The conversation the agent's next turn belongs to ("": the journal's choice)."""
        return self._agents[agent_id].conversation

    def tools(self, agent_id: str) -> list[AgentTool]:
        rt = self._agents[agent_id]
        return [*rt.tools, *rt.extra_tools, *self._builtins(rt.agent)]

    def _turn_tools(
        self, rt: _AgentRuntime, conversation: str, overrides: list[AgentTool]
    ) -> list[AgentTool]:
        """The agent's tools for one turn of ``conversation``: its MCP and built-in tools, the
        conversation's own (``conversation_tools``), then ``overrides`` in place of same names."""
        tools = [*rt.tools, *rt.extra_tools, *self._builtins(rt.agent)]
        if self.conversation_tools is not None:
            try:
                tools.extend(self.conversation_tools(rt.agent.id, conversation))
            except Exception as exc:  # the turn goes on with the agent's own tools
                log_event("conversation tools failed", agent=rt.agent.id, error=type(exc).__name__)
        if overrides:
            names = {t.name for t in overrides}
            tools = [t for t in tools if t.name not in names] + overrides
        return tools

    def _builtins(self, agent: Agent) -> list[AgentTool]:
        if self._builtin_tools is None:
            return []
        return self._builtin_tools(agent, self.config.village.language)

    def _template(self, agent: Agent) -> Template | None:
        try:
            return self.config.template(agent.template)
        except KeyError:
            return None

    # ------------------------------------------------------------------ turns
    def send(
        self,
        agent_id: str,
        text: str,
        *,
        source: str = "user",
        hop: int = 0,
        conversation: str | None = None,
        planned: ChatMessage | None = None,
        tools: list[AgentTool] | None = None,
    ) -> TurnHandle:
        """Start a turn for ``agent_id`` (it waits for the agent's running turn, if any), in the
        conversation shown when it was sent, or in ``conversation`` (a watch's). ``planned``: an
        assistant message whose tool calls are the turn's first round (WA-12); ``tools`` replace
        the agent's tools of the same names for this turn only."""
        if agent_id not in self._agents:
            raise KeyError(f"no agent {agent_id!r}")
        turn_id = f"{self._stamp}-{next(self._ids)}"
        control = TurnControl()
        handle = TurnHandle(turn_id, agent_id, control)
        user = ChatMessage(role=Role.USER, text=text)
        if conversation is None:
            conversation = self._agents[agent_id].conversation  # the one shown when it was sent
        run = self._run(
            handle,
            control,
            user,
            source=source,
            hop=hop,
            resume=None,
            conversation=conversation,
            planned=planned,
            overrides=tools or [],
        )
        handle.task = asyncio.get_running_loop().create_task(run)
        self._track(handle)
        return handle

    def resume(self, point: ResumePoint) -> TurnHandle:
        """Continue a turn cut by a crash or paused (``TurnOutcome.resume``, or the store's
        ``core.recovery.recover``) after its last completed operation (S02-5)."""
        control = TurnControl()
        handle = TurnHandle(point.turn_id, point.agent_id, control)
        conv = point.conversation_id or self._agents[point.agent_id].conversation
        run = self._run(
            handle, control, point.user_message, source="user", hop=0, resume=point, conversation=conv
        )
        handle.task = asyncio.get_running_loop().create_task(run)
        self._track(handle)
        return handle

    def _track(self, handle: TurnHandle) -> None:
        assert handle.task is not None
        self._handles[handle.turn_id] = handle
        task: asyncio.Task[object] = handle.task
        self._tasks.add(task)

        def done(_: object) -> None:
            self._tasks.discard(task)
            self._handles.pop(handle.turn_id, None)

        task.add_done_callback(done)

    def running_turns(self) -> list[TurnHandle]:
        return [h for h in self._handles.values() if not h.done()]

    async def wait_idle(self) -> None:
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def _run(
        self,
        handle: TurnHandle,
        control: TurnControl,
        user: ChatMessage,
        *,
        source: str,
        hop: int,
        resume: ResumePoint | None,
        conversation: str = "",
        planned: ChatMessage | None = None,
        overrides: list[AgentTool] | None = None,
    ) -> TurnOutcome:
        rt = self._agents[handle.agent_id]
        async with rt.lock:
            language = self.config.village.language  # the turn's own history, whatever is shown later
            history = await turn_history(rt, rt.agent.id, conversation, self.history_for, language)
            context = (
                rt.context
                if conversation == rt.conversation
                else rt.side_context.setdefault(conversation, ContextState())
            )
            agent = rt.agent  # the configuration as of the turn's start
            config = self.config
            template = config.template(agent.template)
            rt.state, rt.error = AgentState.RUNNING, ""
            rt.running += 1
            try:
                backend = self._backend_factory(template)
                handoff_to = self._handoff_target(agent, template)
                system = agent.system_prompt
                if handoff_to is not None:
                    target_name = self._agents[handoff_to].agent.name
                    protocol = note("handoff_protocol", config.village.language, target=target_name)
                    system = f"{system}\n\n{protocol}" if system else protocol
                settings = TurnSettings(
                    agent_id=agent.id,
                    language=config.village.language,
                    system=system,
                    max_tool_rounds=agent.max_tool_rounds or config.turn.max_tool_rounds,
                    tools_enabled=template.tools,
                    reads_images=template.reads_images,
                    image_results=config.mcp.image_results,
                    max_tokens=template.max_output_tokens,
                    conversation_id=conversation,
                    context=ContextSetup.of(template, agent, context, self.summaries),
                    planned=planned,
                    relay=None
                    if self.relay_for is None
                    else self.relay_for(config, agent.id, handle.turn_id),
                )
                self.bus.publish(
                    TurnStarted(
                        agent.id,
                        handle.turn_id,
                        user.text,
                        backend.backend,
                        backend.model,
                        source,
                        resumed=resume is not None,
                        conversation_id=conversation,
                    )
                )
                publish_retries(self.bus, agent.id, handle.turn_id)  # "retrying in 4 s" while it waits
                turn = Turn(
                    turn_id=handle.turn_id,
                    backend=backend,
                    tools=self._turn_tools(rt, conversation, overrides or []),
                    settings=settings,
                    history=history,
                    user=user,
                    bus=self.bus,
                    journal=self.journal,
                    control=control,
                    resume=resume,
                    pipeline=self.pipeline,
                    questions=self.questions,
                )
                try:
                    outcome = await turn.run()
                except TurnError as exc:
                    kept = kept_after_failure(exc.outcome.messages)  # an unanswered request is not kept
                    history.extend(strip_turn_images(kept, config.village.language))
                    rt.usage = rt.usage + exc.outcome.usage
                    rt.state, rt.error = AgentState.ERROR, exc.message
                    self.bus.publish(
                        TurnFailed(agent.id, handle.turn_id, exc.code, exc.message, exc.outcome.usage)
                    )
                    return TurnOutcome(
                        note("turn_failed", config.village.language, agent=agent.name, error=exc.message),
                        Stop.ERROR,
                        exc.outcome.usage,
                        exc.outcome.rounds,
                        exc.outcome.messages,
                    )
                if outcome.stop == Stop.PAUSED:
                    # S02-5: the agent is free; the turn's messages join the history (and its
                    # usage the totals) when the resumed turn ends. TurnFinished(stop="paused").
                    rt.state = AgentState.IDLE
                    self.bus.publish(
                        TurnFinished(
                            agent.id,
                            handle.turn_id,
                            outcome.text,
                            outcome.stop,
                            outcome.usage,
                            outcome.rounds,
                        )
                    )
                    return outcome
                history.extend(strip_turn_images(outcome.messages, config.village.language))
                rt.usage = rt.usage + outcome.usage
                rt.state = AgentState.IDLE
                text = outcome.text
                forward = handoff_to is not None and outcome.stop == Stop.NONE and hop < config.turn.max_hops
                if handoff_to is not None and text.rstrip().endswith(END_MARKER):
                    text = text.rstrip()[: -len(END_MARKER)].rstrip()
                    forward = False
                outcome = TurnOutcome(text, outcome.stop, outcome.usage, outcome.rounds, outcome.messages)
                self.bus.publish(
                    TurnFinished(agent.id, handle.turn_id, text, outcome.stop, outcome.usage, outcome.rounds)
                )
            finally:
                rt.running -= 1
        if self._agents.get(agent.id) is rt and all(a.id != agent.id for a in self.config.agents):
            self._handles.pop(handle.turn_id, None)  # this turn no longer counts as running
            await self._retire(agent.id)
        if forward and handoff_to is not None:
            log_event("handoff", agent=agent.id, to=handoff_to, hop=hop + 1)
            self.bus.publish(Handoff(agent.id, handoff_to, handle.turn_id))
            request = note(
                "handoff_forward", config.village.language, source=agent.name, request=user.text, note=text
            )
            self.send(handoff_to, request, source=agent.id, hop=hop + 1)
        return outcome

    def _handoff_target(self, agent: Agent, template: Template) -> str | None:
        """S70-21: tools off + a connected agent → hand requests that need tools to the first one."""
        if template.tools:
            return None
        for other in agent.connected:
            if other in self._agents:
                return other
        return None
