"""The conversations of a village's agents: the current one per agent, new, switch, rename,
delete, search (issue 13). No Qt: the window's conversation list (app/conversation_pane.py) and
the launcher drive it.

A conversation belongs to one agent of one village (the configuration's ``village.id``), so two
configuration files whose agents share an id never share a chat. The model history of a turn is
its conversation's: switching re-seeds the village's in-memory history of the agent from the store
(``Village.seed_history``), and a turn still running keeps its own conversation.

Conversations of a version 1 store (one per agent, village unknown) are "earlier conversations":
listed apart for the agent of the same id, never the current chat of a village on their own. One
is claimed by a village when the evidence says it came from there: a picture of it is in the
village's own media cache (``<config-stem>.tool-media/``, written only by turns run with that
configuration file), or when the person opens it.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable
from contextlib import suppress
from typing import Protocol, runtime_checkable

from core.canonical import ChatMessage
from core.log import event
from core.media_cache import EXT_BY_TYPE, MediaCache
from core.store import ConversationInfo, Store

# How much of the past an agent's model is given again (at start-up and on a switch): its newest
# finished turns, without their images (S70-13 keeps tool images to one turn anyway). Bounded so a
# long-running camera village neither reads its whole store at start-up nor outgrows the context.
SEED_TURNS = 20


@runtime_checkable
class HistoryHost(Protocol):
    """What a switch re-seeds (``core.village.Village``)."""

    def seed_history(
        self, agent_id: str, messages: list[ChatMessage], conversation_id: str | None = None
    ) -> None: ...

    def defer_history(self, agent_id: str, conversation_id: str) -> None: ...


def new_conversation_id() -> str:
    return uuid.uuid4().hex


class Conversations:
    """The conversations of village ``village_id`` in ``store``; ``media``: the village's media
    cache (or a callable returning the current one), whose files a delete removes."""

    def __init__(
        self,
        store: Store,
        village_id: str,
        *,
        language: str = "en",
        media: MediaCache | Callable[[], MediaCache | None] | None = None,
    ) -> None:
        self.store = store
        self.village_id = village_id
        self.language = language
        self.media = media

    def _media(self) -> MediaCache | None:
        return self.media if isinstance(self.media, MediaCache) or self.media is None else self.media()

    # ------------------------------------------------------------------ reads
    def of(self, agent_id: str) -> list[ConversationInfo]:
        """The agent's conversations of this village, newest first."""
        return self.store.conversations_of(self.village_id, agent_id)

    def earlier(self, agent_id: str) -> list[ConversationInfo]:
        """The agent's conversations whose village is not known (a version 1 store's)."""
        return self.store.conversations_of(None, agent_id)

    def search(self, agent_id: str, text: str) -> list[ConversationInfo]:
        return self.store.search_conversations(self.village_id, agent_id, text)

    def current(self, agent_id: str) -> str:
        """The agent's current conversation: the one last opened, else its newest, else a new one."""
        found = self.store.current_conversation(self.village_id, agent_id)
        if found is not None:
            return found
        mine = self.of(agent_id)
        cid = mine[0].id if mine else self._create(agent_id)
        self.store.set_current_conversation(self.village_id, agent_id, cid)
        return cid

    def past(self, agent_id: str, conversation_id: str, last_turns: int = SEED_TURNS) -> list[ChatMessage]:
        """The model history of a conversation (its newest finished turns, no images)."""
        return self.store.past_messages(conversation_id, self.language, last_turns=last_turns, images=False)

    # ------------------------------------------------------------------ changes
    def _create(self, agent_id: str) -> str:
        cid = new_conversation_id()
        self.store.create_conversation(cid, self.village_id, agent_id)
        return cid

    def new(self, agent_id: str, host: HistoryHost | None = None, *, reuse_empty: bool = True) -> str:
        """A new, empty conversation as the agent's current one (the current one is kept when it
        is still empty and ``reuse_empty``: not while a turn of it has started but not yet
        recorded its request)."""
        current = self.store.conversation(self.current(agent_id))
        empty = reuse_empty and current is not None and current.messages == 0
        cid = current.id if current is not None and empty else self._create(agent_id)
        self.switch(agent_id, cid, host)
        return cid

    def switch(
        self, agent_id: str, conversation_id: str, host: HistoryHost | None = None, *, lazy: bool = False
    ) -> None:
        """Make ``conversation_id`` the agent's current one and give ``host`` its model history
        (``lazy``: read when the host's next turn starts, not here)."""
        self.store.set_current_conversation(self.village_id, agent_id, conversation_id)
        if host is not None and lazy:
            host.defer_history(agent_id, conversation_id)
        elif host is not None:
            host.seed_history(agent_id, self.past(agent_id, conversation_id), conversation_id)
        event("conversation", op="switch", agent=agent_id, conversation=conversation_id[:12])

    def rename(self, conversation_id: str, title: str) -> None:
        self.store.rename_conversation(conversation_id, " ".join(title.split())[:200])

    def delete(self, agent_id: str, conversation_id: str, host: HistoryHost | None = None) -> str:
        """Delete a conversation, its blobs and media-cache files nothing else references; the
        agent's current conversation afterwards (its newest left, or a new one)."""
        was_current = self.store.current_conversation(self.village_id, agent_id) == conversation_id
        images, removed = self.store.delete_conversation(conversation_id)
        media = self._media()
        files = 0
        if media is not None and media.directory is not None:
            for sha in images:
                for ext in set(EXT_BY_TYPE.values()):
                    path = media.directory / f"{sha}.{ext}"
                    with suppress(OSError):
                        path.unlink()
                        files += 1
        event(
            "conversation",
            op="delete",
            agent=agent_id,
            conversation=conversation_id[:12],
            blobs=len(removed),
            media=files,
        )
        cid = self.current(agent_id)
        if was_current and host is not None:
            self.switch(agent_id, cid, host)
        return cid

    def take_resumed(self, agent_id: str, conversation_id: str, host: HistoryHost | None = None) -> bool:
        """Whether this village continues a cut or paused turn of ``conversation_id``: yes when
        the conversation is this village's or of unknown village (then it becomes this village's
        and the agent's current one, as the person left it); no when another village's (that
        village continues it when it opens)."""
        info = self.store.conversation(conversation_id) if conversation_id else None
        if info is not None and info.village_id not in (None, self.village_id):
            return False
        if info is not None:
            self.switch(agent_id, conversation_id, host)
        return True

    def adopt_cut(self, agent_ids: Iterable[str]) -> list[str]:
        """Make a conversation with a cut or paused turn the agent's current one: this village's
        (the person may have moved on to another before the crash), else an earlier one (then it
        becomes this village's). Recovery continues that turn, and the window, built before it
        resumes, must show it from its start."""
        adopted: list[str] = []
        for agent_id in agent_ids:
            for info in [*self.of(agent_id), *self.earlier(agent_id)]:
                if self.store.has_open_turn(info.id):
                    self.store.set_current_conversation(self.village_id, agent_id, info.id)
                    adopted.append(info.id)
                    break
        return adopted

    def adopt_known(self, agent_ids: Iterable[str]) -> list[str]:
        """Claim for this village the earlier conversations of ``agent_ids`` that have a picture
        in this village's media cache (they were run with this configuration file)."""
        media = self._media()
        if media is None or media.directory is None or not media.directory.is_dir():
            return []
        cached = {p.name.split(".", 1)[0] for p in media.directory.iterdir()}
        claimed: list[str] = []
        for agent_id in agent_ids:
            for info in self.earlier(agent_id):
                if self.store.image_names(info.id) & cached and self.store.claim_conversation(
                    info.id, self.village_id
                ):
                    claimed.append(info.id)
        return claimed
