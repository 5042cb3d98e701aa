"""The incremental three-level summarizer (per camera state, persisted after every caption).

`Summarizer.add_caption(caption)` returns the entries that became final with that caption:
always its clip entry; the activity roll-up of the previous window once a caption lands past
its end; the session roll-up once the first activity of a later session window would start.
A finished window is never recomputed: its children leave the state as it is rolled up, and a
caption whose window is already finished (a late or redelivered one) only gets its clip entry.

Crash safety: the new state and the finished entries (its "outbox") are saved together before
the sink (`SummaryIndex.add`) sees them; the outbox is cleared after the sink returns. A crash
in between leaves the outbox, which the next call for that camera delivers first, so no entry
is lost and none is computed twice. A caption whose clip id is among the recent ones is a
redelivery and changes nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Protocol

from pydantic import BaseModel, ConfigDict, Field
from redis import Redis

from spotter import streams
from spotter.messages import Caption
from spotter.summarize.entry import Level, SummaryEntry, clip_entry, window_of
from spotter.summarize.extractive import ExtractiveSummarizer
from spotter.summarize.settings import SummarizerSettings

log = logging.getLogger(__name__)

SERVICE = "summarizer"
RECENT_IDS = 512  # clip ids remembered per camera to recognise redeliveries


class RollupBackend(Protocol):
    name: str

    def rollup(
        self, camera_id: str, level: Level, window: tuple[float, float], children: Sequence[SummaryEntry]
    ) -> SummaryEntry: ...


class OpenWindow(BaseModel):
    model_config = ConfigDict(extra="forbid")

    start: float
    end: float
    children: list[SummaryEntry] = Field(default_factory=list)


class CameraState(BaseModel):
    """Everything a summarizer needs to continue one camera's memory."""

    model_config = ConfigDict(extra="forbid")

    activity: OpenWindow | None = None
    session: OpenWindow | None = None
    closed_until: float = -1.0  # end of the last finished activity window
    recent_ids: list[str] = Field(default_factory=list)
    outbox: list[SummaryEntry] = Field(default_factory=list)
    finished: dict[str, int] = Field(default_factory=lambda: {"clip": 0, "activity": 0, "session": 0})


class StateStore(Protocol):
    def load(self, camera_id: str) -> CameraState | None: ...

    def save(self, camera_id: str, state: CameraState) -> None: ...


class MemoryStateStore:
    """State in a dict (tests, one-shot offline runs)."""

    def __init__(self) -> None:
        self.states: dict[str, str] = {}

    def load(self, camera_id: str) -> CameraState | None:
        raw = self.states.get(camera_id)
        return None if raw is None else CameraState.model_validate_json(raw)

    def save(self, camera_id: str, state: CameraState) -> None:
        self.states[camera_id] = state.model_dump_json()


class RedisStateStore:
    """State as JSON under `streams.checkpoint_key("summarizer", camera_id)`."""

    def __init__(self, redis: Redis) -> None:
        self.redis = redis

    def load(self, camera_id: str) -> CameraState | None:
        raw = self.redis.get(streams.checkpoint_key(SERVICE, camera_id))
        return None if raw is None else CameraState.model_validate_json(raw)

    def save(self, camera_id: str, state: CameraState) -> None:
        self.redis.set(streams.checkpoint_key(SERVICE, camera_id), state.model_dump_json())


Sink = Callable[[Sequence[SummaryEntry]], object]


class Summarizer:
    """Clip, activity and session entries from a camera's captions, in order; see the module docstring."""

    def __init__(
        self,
        settings: SummarizerSettings | None = None,
        backend: RollupBackend | None = None,
        *,
        state: StateStore | None = None,
        sink: Sink | None = None,
    ) -> None:
        self.settings = settings or SummarizerSettings()
        self.backend: RollupBackend = backend or ExtractiveSummarizer(self.settings.max_sentences)
        self.state = state or MemoryStateStore()
        self.sink = sink

    def activity_window(self, t: float) -> tuple[float, float]:
        s = self.settings
        return window_of(t, s.activity_window_s, s.long_activity_window_s, s.long_after_s)

    def session_window(self, t: float) -> tuple[float, float]:
        s = self.settings
        return window_of(t, s.session_window_s, s.long_session_window_s, s.long_after_s)

    def load(self, camera_id: str) -> CameraState:
        return self.state.load(camera_id) or CameraState()

    def add_caption(self, caption: Caption) -> list[SummaryEntry]:
        cam = caption.camera_id
        st = self.load(cam)
        self._deliver(cam, st)  # a previous call's entries, if it crashed before they were stored
        if caption.clip_id in st.recent_ids:
            log.debug("%s: already summarized", caption.clip_id)
            return []
        clip = clip_entry(caption)
        out: list[SummaryEntry] = [clip]
        st.recent_ids = [*st.recent_ids, caption.clip_id][-RECENT_IDS:]
        a_win = self.activity_window(caption.t)
        late = caption.t <= st.closed_until or (st.activity is not None and a_win[1] <= st.activity.start)
        if late:
            log.warning("%s: its window is finished; stored at clip level only", caption.clip_id)
        else:
            if st.activity is not None and (st.activity.start, st.activity.end) != a_win:
                out.extend(self._close_activity(cam, st))
            s_win = self.session_window(a_win[1])
            if st.session is not None and (st.session.start, st.session.end) != s_win:
                out.append(self._close_session(cam, st))
            if st.activity is None:
                st.activity = OpenWindow(start=a_win[0], end=a_win[1])
            st.activity.children.append(clip)
        for e in out:
            st.finished[e.level] = st.finished.get(e.level, 0) + 1
        st.outbox = [*st.outbox, *out]
        self.state.save(cam, st)
        self._deliver(cam, st)
        return out

    def flush(self, camera_id: str) -> list[SummaryEntry]:
        """Finish the open windows now (end of a recording); later captions start new windows."""
        st = self.load(camera_id)
        out: list[SummaryEntry] = []
        if st.activity is not None:
            out.extend(self._close_activity(camera_id, st))
        if st.session is not None:
            out.append(self._close_session(camera_id, st))
        for e in out:
            st.finished[e.level] = st.finished.get(e.level, 0) + 1
        st.outbox = [*st.outbox, *out]
        self.state.save(camera_id, st)
        self._deliver(camera_id, st)
        return out

    def _close_activity(self, cam: str, st: CameraState) -> list[SummaryEntry]:
        """The open activity's roll-up, filed under its session (which may close first)."""
        assert st.activity is not None
        win = (st.activity.start, st.activity.end)
        entry = self.backend.rollup(cam, "activity", win, st.activity.children)
        st.closed_until = max(st.closed_until, win[1])
        st.activity = None
        out = [entry]
        s_win = self.session_window(win[1])
        if st.session is not None and (st.session.start, st.session.end) != s_win:
            out.append(self._close_session(cam, st))
        if st.session is None:
            st.session = OpenWindow(start=s_win[0], end=s_win[1])
        st.session.children.append(entry)
        return out

    def _close_session(self, cam: str, st: CameraState) -> SummaryEntry:
        assert st.session is not None
        entry = self.backend.rollup(cam, "session", (st.session.start, st.session.end), st.session.children)
        st.session = None
        return entry

    def _deliver(self, cam: str, st: CameraState) -> None:
        if not st.outbox:
            return
        if self.sink is not None:
            self.sink(st.outbox)
        st.outbox = []
        self.state.save(cam, st)


__all__ = [
    "SERVICE", "CameraState", "MemoryStateStore", "OpenWindow", "RedisStateStore", "RollupBackend",
    "Sink", "StateStore", "Summarizer",
]  # fmt: skip
