"""Summarizer windows, incrementality, restart and the extractive roll-up (no Redis, no model)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from spotter.messages import AttributeValue, Caption, EntityState, Observation, TimedBox
from spotter.summarize import (
    ExtractiveSummarizer,
    MemoryStateStore,
    Summarizer,
    SummarizerSettings,
    SummaryEntry,
    clip_entry,
    window_of,
)
from spotter.summarize.entry import Level, split_sentences
from spotter.summarize.extractive import pick_sentences


def obs(track: str, label: str, state: EntityState = "unknown", **attributes: bool) -> Observation:
    return Observation(
        track=track,
        label=label,
        state=state,
        boxes=[TimedBox(t=0.0, bbox=(10, 10, 50, 90))],
        attributes=dict[str, AttributeValue](attributes),
    )


def cap(
    i: int,
    t_end: float,
    text: str = "",
    observations: Sequence[Observation] = (),
    cam: str = "cam-1",
    dur: float = 4.0,
) -> Caption:
    return Caption(
        camera_id=cam,
        t=t_end,
        t_start=max(0.0, t_end - dur),
        clip_id=f"{cam}-c{i:05d}",
        width=640,
        height=480,
        hfov_deg=90.0,
        text=text or f"A worker carries brick number {i}.",
        observations=list(observations),
        backend="template",
    )


class CountingBackend:
    """The extractive backend, counting how often each window is rolled up."""

    name = "extractive"

    def __init__(self) -> None:
        self.inner = ExtractiveSummarizer()
        self.calls: dict[str, int] = {}

    def rollup(
        self, camera_id: str, level: Level, window: tuple[float, float], children: Sequence[SummaryEntry]
    ) -> SummaryEntry:
        entry = self.inner.rollup(camera_id, level, window, children)
        self.calls[entry.id] = self.calls.get(entry.id, 0) + 1
        return entry


def feed(s: Summarizer, captions: Sequence[Caption]) -> list[SummaryEntry]:
    return [e for c in captions for e in s.add_caption(c)]


def twelve_minutes(cam: str = "cam-1") -> list[Caption]:
    return [cap(i, 4.0 * (i + 1), cam=cam) for i in range(180)]


def test_window_grid() -> None:
    assert window_of(0.0, 60, 300, 1800) == (0.0, 60.0)
    assert window_of(60.0, 60, 300, 1800) == (0.0, 60.0)  # (start, end]: the end belongs
    assert window_of(60.001, 60, 300, 1800) == (60.0, 120.0)
    assert window_of(1800.0, 60, 300, 1800) == (1740.0, 1800.0)
    assert window_of(1800.5, 60, 300, 1800) == (1800.0, 2100.0)
    assert window_of(5000.0, 300, 3600, 1800) == (1800.0, 5400.0)
    assert window_of(95.0, 70, 300, 100) == (70.0, 100.0)  # never straddles the switch


def test_settings_reject_a_session_shorter_than_its_activity() -> None:
    with pytest.raises(ValueError, match="shorter"):
        SummarizerSettings(activity_window_s=120, session_window_s=60)


def test_levels_and_counts_over_twelve_minutes() -> None:
    backend = CountingBackend()
    s = Summarizer(SummarizerSettings(), backend)
    out = feed(s, twelve_minutes())
    levels = [e.level for e in out]
    assert levels.count("clip") == 180
    assert levels.count("activity") == 11  # (0,60] ... (600,660]; (660,720] is still open
    assert levels.count("session") == 2  # (0,300], (300,600]
    assert all(n == 1 for n in backend.calls.values())  # each window rolled up once
    acts = [e for e in out if e.level == "activity"]
    assert [a.window_start for a in acts] == [60.0 * i for i in range(11)]
    assert acts[0].children == [f"cam-1-c{i:05d}" for i in range(15)] and acts[0].n_clips == 15
    sessions = [e for e in out if e.level == "session"]
    assert sessions[0].children == [a.id for a in acts[:5]] and sessions[0].n_clips == 75
    assert sessions[0].t_start == 0.0 and sessions[0].t_end == 300.0
    # a session is final only after its last activity: it follows it in the output
    assert out.index(sessions[0]) == out.index(acts[4]) + 1
    tail = s.flush("cam-1")
    assert [e.level for e in tail] == ["activity", "session"] and tail[1].window_start == 600.0
    assert all(n == 1 for n in backend.calls.values())
    assert s.flush("cam-1") == []


def test_redelivery_and_late_captions_do_not_recompute() -> None:
    backend = CountingBackend()
    s = Summarizer(SummarizerSettings(), backend)
    caps = twelve_minutes()
    feed(s, caps[:40])  # to 160 s
    calls = dict(backend.calls)
    assert s.add_caption(caps[10]) == []  # redelivered
    assert s.add_caption(caps[39]) == []
    late = cap(999, 30.0)  # a new clip of a finished window: clip level only
    assert [e.level for e in s.add_caption(late)] == ["clip"]
    assert backend.calls == calls
    out = feed(s, caps[40:])
    assert all(late.clip_id not in e.children for e in out)
    assert all(n == 1 for n in backend.calls.values())


def test_restart_continues_from_the_saved_state() -> None:
    caps = twelve_minutes()
    whole = feed(Summarizer(SummarizerSettings()), caps)
    state = MemoryStateStore()
    first = feed(Summarizer(SummarizerSettings(), state=state), caps[:77])
    backend = CountingBackend()
    second = Summarizer(SummarizerSettings(), backend, state=state)
    rest = feed(second, caps[70:])  # the restarted consumer sees 7 captions again
    assert [e.model_dump() for e in first + rest] == [e.model_dump() for e in whole]
    assert all(n == 1 for n in backend.calls.values())


def test_cameras_are_independent() -> None:
    s = Summarizer(SummarizerSettings())
    a, b = twelve_minutes("cam-a"), twelve_minutes("cam-b")
    out = feed(s, [c for pair in zip(a, b, strict=True) for c in pair])
    for cam in ("cam-a", "cam-b"):
        mine = [e for e in out if e.camera_id == cam]
        assert [e.level for e in mine].count("activity") == 11
        assert all(cid.startswith(cam) for e in mine for cid in e.children)


def test_long_stream_switches_to_long_windows() -> None:
    s = Summarizer(SummarizerSettings())
    caps = [cap(i, 10.0 * (i + 1), dur=10.0) for i in range(400)]  # 4000 s
    out = feed(s, caps)
    acts = [e for e in out if e.level == "activity"]
    sessions = [e for e in out if e.level == "session"]
    assert [a.window_end - a.window_start for a in acts].count(60.0) == 30
    assert {a.window_end - a.window_start for a in acts[30:]} == {300.0}
    assert [(x.window_start, x.window_end) for x in sessions] == [
        (300.0 * i, 300.0 * (i + 1)) for i in range(6)
    ]
    tail = s.flush("cam-1")
    assert (tail[-1].window_start, tail[-1].window_end) == (1800.0, 5400.0)


def test_a_failing_sink_keeps_the_entries_for_the_next_call() -> None:
    stored: list[SummaryEntry] = []
    fail = {"on": False}

    def sink(entries: Sequence[SummaryEntry]) -> None:
        if fail["on"]:
            raise RuntimeError("vector store down")
        stored.extend(entries)

    state = MemoryStateStore()
    s = Summarizer(SummarizerSettings(), state=state, sink=sink)
    caps = twelve_minutes()
    feed(s, caps[:15])
    fail["on"] = True
    with pytest.raises(RuntimeError):
        s.add_caption(caps[15])  # closes (0,60]: computed and saved, not stored
    fail["on"] = False
    assert s.add_caption(caps[15]) == []  # the redelivery: nothing new, the outbox goes out
    assert [e.level for e in stored[-2:]] == ["clip", "activity"]
    assert len({e.id for e in stored}) == len(stored) == 17


def test_clip_entry_facts() -> None:
    c = cap(
        1,
        8.0,
        "Two workers lay bricks. One has no hard hat!",
        [
            obs("a", "worker", "active", hardhat=True),
            obs("b", "worker", "idle", hardhat=False),
            obs("c", "worker", "idle"),
            obs("d", "brick_wall"),
        ],
    )
    e = clip_entry(c)
    assert e.level == "clip" and e.id == c.clip_id and (e.t_start, e.t_end) == (4.0, 8.0)
    assert e.counts == {"brick_wall": 1, "worker": 3}
    assert e.states == {"worker": ["idle"]}
    assert e.flags == {"worker without hardhat": 1}
    assert e.highlights == ["Two workers lay bricks.", "One has no hard hat!"]


def test_extractive_rollup_is_informative_and_deterministic() -> None:
    children = [
        clip_entry(cap(0, 4.0, "A worker walks.", [obs("a", "worker", "moving")])),
        clip_entry(cap(1, 8.0, "A worker walks.", [obs("a", "worker", "moving")])),
        clip_entry(
            cap(
                2,
                12.0,
                "The worker picks up a drill near the scaffold.",
                [obs("a", "worker", "active", hardhat=False), obs("b", "drill")],
            )
        ),
        clip_entry(
            cap(
                3,
                16.0,
                "Two workers stand idle by the mixer.",
                [obs("a", "worker", "idle"), obs("b", "worker", "idle"), obs("c", "mixer")],
            )
        ),
    ]
    ex = ExtractiveSummarizer(max_sentences=2)
    e = ex.rollup("cam-1", "activity", (0.0, 60.0), children)
    assert e.id == "cam-1:activity:0.000" and e.backend == "extractive"
    assert e.counts == {"drill": 1, "mixer": 1, "worker": 2}
    assert e.states == {"worker": ["moving", "active", "idle"]}
    assert e.highlights == [
        "The worker picks up a drill near the scaffold.",
        "Two workers stand idle by the mixer.",
    ]
    assert "2 workers" in e.text and "worker moving -> active -> idle" in e.text
    assert "worker without hardhat in 1 clip" in e.text
    assert ex.rollup("cam-1", "activity", (0.0, 60.0), list(reversed(children))) == e


def test_pick_sentences_skips_what_adds_nothing() -> None:
    assert pick_sentences(["the clip", "A ladder.", "A ladder.", "the a"], 5) == ["A ladder."]
    assert split_sentences("No stop at the end") == ["No stop at the end"]


def test_settings_from_the_environment_and_backend_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    from spotter.summarize import make_backend
    from spotter.summarize.llm import LlmSummarizer

    monkeypatch.setenv("SPOTTER_SUMMARY_ACTIVITY_WINDOW_S", "30")
    monkeypatch.setenv("SPOTTER_SUMMARY_BACKEND", "llm")
    s = SummarizerSettings()
    assert s.activity_window_s == 30.0 and s.session_window_s == 300.0
    llm = make_backend(s)
    assert isinstance(llm, LlmSummarizer)
    llm.close()
    assert isinstance(make_backend(SummarizerSettings(backend="extractive")), ExtractiveSummarizer)
