"""Built-in tools with explicit errors (S02-6 … S02-8).

Every outcome is a structured ``ToolReturn`` whose ``is_error`` is set here, explicitly; nothing
looks at the text to decide (an answer that starts with "Error:" stays a success). Sentences come
from the notes catalogs.

``execute_code`` runs Python (``python -I -c``) in a subprocess, in a work folder, with an
environment reduced to PATH/HOME/LANG-like variables (never the app's keys), a timeout and output
caps. Exit code 0 is a success; a non-zero exit or a timeout is an error that keeps stdout, stderr
and the exit code or the timeout.

``ask_user_question`` asks through ``ToolContext.ask_user`` (the front end's hook, routed over the
event bus by the village). Bad parameters, no front end and a non-interactive session are
errors; a valid answer is a string (success); a decline and a timeout are their own outcomes
(successes whose text says so), reported in ``AskReturn.outcome``; so is "cancelled", a question
withdrawn because the turn was stopped. The hook receives ``{"question", "options", "timeout_s"}``.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from core.log import event
from core.notes import note
from core.paths import private_dir
from core.tool import AgentTool, ToolContext, ToolOutput, ToolReturn

ENV_KEEP = (
    "PATH",
    "HOME",
    "LANG",
    "LANGUAGE",
    "LC_ALL",
    "LC_CTYPE",
    "LC_MESSAGES",
    "TZ",
    "TMPDIR",
    "TEMP",
    "TMP",
    "SYSTEMROOT",
    "WINDIR",
    "COMSPEC",
    "PATHEXT",
)
DEFAULT_TIMEOUT_S = 30.0
MAX_TIMEOUT_S = 600.0
OUTPUT_CAP = 1024 * 1024  # bytes kept per stream


def child_environment(environ: dict[str, str] | None = None) -> dict[str, str]:
    """Only harmless variables: no API keys, tokens or app settings reach the child."""
    src = os.environ if environ is None else environ
    env = {k: src[k] for k in ENV_KEEP if k in src}
    env["PYTHONIOENCODING"] = "utf-8"
    return env


async def _read_capped(stream: asyncio.StreamReader | None, cap: int) -> tuple[bytes, int]:
    """Read a stream to its end; keep the first ``cap`` bytes, count them all."""
    if stream is None:
        return b"", 0
    kept = bytearray()
    total = 0
    while chunk := await stream.read(65536):
        total += len(chunk)
        if len(kept) < cap:
            kept += chunk[: cap - len(kept)]
    return bytes(kept), total


class ExecuteCode(AgentTool):
    name = "execute_code"

    def __init__(
        self,
        work_dir: Path,
        *,
        language: str = "en",
        timeout_s: float = DEFAULT_TIMEOUT_S,
        output_cap: int = OUTPUT_CAP,
        python: str = sys.executable,
    ) -> None:
        self.work_dir = work_dir
        self.language = language
        self.timeout_s = timeout_s
        self.output_cap = output_cap
        self.python = python
        self.description = note("tool_desc.execute_code", language)
        self.input_schema = {
            "type": "object",
            "properties": {
                "code": {"type": "string", "description": note("tool_desc.execute_code.code", language)},
                "timeout_seconds": {
                    "type": "number",
                    "description": note("tool_desc.execute_code.timeout", language, seconds=int(timeout_s)),
                },
            },
            "required": ["code"],
        }

    @staticmethod
    def _bad(key: str, expected: str, lang: str) -> ToolReturn:
        return ToolReturn.error(note("tool_bad_argument", lang, key=key, expected=expected))

    async def call(self, args: dict[str, Any], ctx: ToolContext) -> ToolReturn:
        lang = ctx.language
        code = args.get("code")
        if not isinstance(code, str) or not code.strip():
            return self._bad("code", note("expect.nonempty_string", lang), lang)
        timeout = args.get("timeout_seconds", self.timeout_s)
        if (
            isinstance(timeout, bool)
            or not isinstance(timeout, int | float)
            or not 1 <= timeout <= MAX_TIMEOUT_S
        ):
            return self._bad(
                "timeout_seconds", note("expect.seconds_range", lang, max=int(MAX_TIMEOUT_S)), lang
            )
        try:
            private_dir(self.work_dir)
            proc = await asyncio.create_subprocess_exec(
                self.python,
                "-I",
                "-c",
                code,
                cwd=self.work_dir,
                env=child_environment(),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                start_new_session=True,
            )
        except OSError as exc:
            return ToolReturn.error(note("code_start_failed", lang, error=type(exc).__name__))
        readers = asyncio.gather(
            _read_capped(proc.stdout, self.output_cap), _read_capped(proc.stderr, self.output_cap)
        )
        timed_out = False
        try:
            await asyncio.wait_for(proc.wait(), timeout)
        except TimeoutError:
            timed_out = True
            self._kill(proc)
            await proc.wait()
        except asyncio.CancelledError:
            self._kill(proc)
            readers.cancel()
            raise
        try:
            (out, out_total), (err, err_total) = await asyncio.wait_for(readers, 5.0)
        except TimeoutError:  # a grandchild keeps the pipes open
            (out, out_total), (err, err_total) = (b"", 0), (b"", 0)
        code_rc = proc.returncode
        parts = [
            note("code_timeout", lang, seconds=f"{timeout:g}")
            if timed_out
            else note("code_exit", lang, code=code_rc)
        ]
        for label, data, total in (("code_stdout", out, out_total), ("code_stderr", err, err_total)):
            if total:
                parts.append(note(label, lang) + "\n" + data.decode("utf-8", errors="replace").rstrip("\n"))
                if total > len(data):
                    parts.append(note("code_truncated", lang, limit=self.output_cap))
        is_error = timed_out or code_rc != 0
        event(
            "execute_code",
            agent=ctx.agent_id,
            exit=None if timed_out else code_rc,
            timeout=timed_out,
            stdout_bytes=out_total,
            stderr_bytes=err_total,
        )
        return ToolReturn(ToolOutput("\n".join(parts)), is_error=is_error)

    @staticmethod
    def _kill(proc: asyncio.subprocess.Process) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError, OSError):
            if hasattr(os, "killpg"):
                os.killpg(proc.pid, signal.SIGKILL)
            else:  # pragma: no cover - Windows
                proc.kill()


AskOutcome = Literal[
    "answered", "declined", "timeout", "cancelled", "bad_arguments", "unavailable", "non_interactive"
]
# A front end that honours the ``timeout_s`` it is given answers "timeout" itself (and closes its
# prompt); this backstop only ends a hook that ignores it.
ASK_BACKSTOP_S = 0.5


class NonInteractive(Exception):
    """Raised (or reported) by a front end that cannot ask questions (headless, web read-only)."""


@dataclass
class UserAnswer:
    """What a front end may return instead of a plain string."""

    outcome: Literal["answered", "declined", "timeout", "cancelled", "non_interactive"]
    text: str = ""


@dataclass
class AskReturn(ToolReturn):
    outcome: AskOutcome = "answered"


class AskUserQuestion(AgentTool):
    name = "ask_user_question"

    def __init__(self, *, language: str = "en", timeout_s: float = 600.0) -> None:
        self.timeout_s = timeout_s
        self.description = note("tool_desc.ask_user_question", language)
        self.input_schema = {
            "type": "object",
            "properties": {
                "question": {
                    "type": "string",
                    "description": note("tool_desc.ask_user_question.question", language),
                },
                "options": {
                    "type": "array",
                    "items": {"type": "string"},
                    "description": note("tool_desc.ask_user_question.options", language),
                },
            },
            "required": ["question"],
        }

    async def call(self, args: dict[str, Any], ctx: ToolContext) -> ToolReturn:
        lang = ctx.language

        def err(outcome: AskOutcome, text: str) -> AskReturn:
            return AskReturn(ToolOutput(text), is_error=True, outcome=outcome)

        question = args.get("question")
        if not isinstance(question, str) or not question.strip():
            return err(
                "bad_arguments",
                note(
                    "tool_bad_argument", lang, key="question", expected=note("expect.nonempty_string", lang)
                ),
            )
        options = args.get("options", [])
        if not isinstance(options, list) or not all(isinstance(o, str) and o.strip() for o in options):
            return err(
                "bad_arguments",
                note("tool_bad_argument", lang, key="options", expected=note("expect.string_list", lang)),
            )
        if ctx.ask_user is None:
            return err("unavailable", note("ask_no_front_end", lang))
        try:
            payload = {"question": question, "options": list(options), "timeout_s": self.timeout_s}
            answer = await asyncio.wait_for(ctx.ask_user(self.name, payload), self.timeout_s + ASK_BACKSTOP_S)
        except TimeoutError:
            answer = UserAnswer("timeout")
        except NonInteractive:
            answer = UserAnswer("non_interactive")
        if isinstance(answer, str):
            answer = UserAnswer("answered", answer)
        if not isinstance(answer, UserAnswer):
            return err("unavailable", note("ask_no_front_end", lang))
        if answer.outcome == "answered":
            return AskReturn(ToolOutput(answer.text), is_error=False, outcome="answered")
        if answer.outcome == "declined":
            return AskReturn(ToolOutput(note("ask_declined", lang)), is_error=False, outcome="declined")
        if answer.outcome == "timeout":
            return AskReturn(
                ToolOutput(note("ask_timeout", lang, seconds=f"{self.timeout_s:g}")),
                is_error=False,
                outcome="timeout",
            )
        if answer.outcome == "cancelled":  # the turn was stopped while the question was open
            return AskReturn(ToolOutput(note("ask_cancelled", lang)), is_error=False, outcome="cancelled")
        return err("non_interactive", note("ask_non_interactive", lang))


def builtin_tools(work_dir: Path, *, language: str = "en") -> list[AgentTool]:
    """The built-in tools an agent may be given."""
    return [ExecuteCode(work_dir, language=language), AskUserQuestion(language=language)]


def for_agent(names: list[str], work_dir: Path, *, language: str = "en") -> list[AgentTool]:
    """The built-in tools named in an agent's ``builtin_tools`` (config order; unknown names skipped,
    the config has rejected them already). ``work_dir`` is that agent's execute_code folder."""
    made: dict[str, AgentTool] = {}
    for name in names:
        if name == ExecuteCode.name:
            made[name] = ExecuteCode(work_dir, language=language)
        elif name == AskUserQuestion.name:
            made[name] = AskUserQuestion(language=language)
    return list(made.values())
