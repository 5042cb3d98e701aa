"""Retrieval pathways: in parallel, each within its timeout, never past t_max; the graph pathway on real memory."""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

from spotter.graph import SqliteGraphStore
from spotter.memory import ClipMemory
from spotter.messages import Caption, Clip
from spotter.reason.reasoner import Reasoner, RetrievedItem
from spotter.reason.retrieval import GraphRetriever, PathwayStats, retrieve_all
from spotter.reason.rules import ClipFacts, ObsFact
from spotter.reason.settings import ReasonerSettings
from spotter.world.model import WorldModel
from spotter.world.scripted import ScriptedScene


class Fixed:
    def __init__(self, name: str, items: list[RetrievedItem], sleep_s: float = 0.0, fail: bool = False) -> None:
        self.name, self.items, self.sleep_s, self.fail = name, items, sleep_s, fail

    def retrieve(self, query: str, camera_id: str, t_max: float, entity_ids: Sequence[str]) -> list[RetrievedItem]:
        time.sleep(self.sleep_s)
        if self.fail:
            raise RuntimeError("backend down")
        return self.items


def test_parallel_with_timeouts_errors_and_the_time_bound() -> None:
    fast = Fixed("summaries", [RetrievedItem("summaries", "early", t=5.0), RetrievedItem("summaries", "late", t=50.0)])
    slow = Fixed("visual", [RetrievedItem("visual", "too late to matter", t=1.0)], sleep_s=1.0)
    broken = Fixed("graph", [], fail=True)
    also = Fixed("graph2", [RetrievedItem("graph2", "g", t=9.0)], sleep_s=0.2)
    stats: dict[str, PathwayStats] = {}
    t0 = time.perf_counter()
    items = retrieve_all([fast, slow, broken, also], "q", "cam", 10.0, [], timeout_s=0.5, stats=stats)
    elapsed = time.perf_counter() - t0
    assert [i.text for i in items] == ["early", "g"]  # nothing after t_max, nothing from the slow or broken one
    assert elapsed < 0.9  # in parallel: bounded by the timeout, not the sum (0.2 + 1.0)
    assert stats["visual"].timeouts == 1 and stats["graph"].errors == 1 and stats["summaries"].items == 1


def test_graph_pathway_ranks_the_entity_history_up_to_t_max(tmp_path: Path) -> None:
    store = SqliteGraphStore(tmp_path / "g.sqlite3")
    store.init()
    scene = ScriptedScene(camera_id="cam").look(0.0, 0.0).look(40.0, 0.0)
    model = WorldModel(store, scene.heading)
    for k in range(4):
        obs = [scene.observation("l", "ladder", 10.0, [10.0 * k + 1, 10.0 * k + 2])]
        model.ingest(scene.caption(k, 10.0 * k, 10.0 * (k + 1), obs))
    ladder = store.entities("cam")[0].entity_id
    items = GraphRetriever(store).retrieve("where was the ladder", "cam", 25.0, [ladder])
    assert items and all(i.pathway == "graph" and i.t is not None and i.t <= 25.0 for i in items)
    assert {c for i in items for c in i.clip_ids} <= {c.clip_id for c in store.clips("cam") if c.t_start <= 25.0}
    assert "cam-s0-000003" not in {c for i in items for c in i.clip_ids}  # seen at 31-32 s: after t_max
    assert all(i.entity_ids == (ladder,) for i in items)
    store.close()



def test_deep_alert_evidence_leaves_out_the_deciding_clip() -> None:
    pathway = Fixed("graph", [
        RetrievedItem("graph", "brick wall seen now", clip_ids=("cam-0000",), t=9.0),
        RetrievedItem("graph", "brick wall seen before", clip_ids=("cam-old",), t=2.0),
        RetrievedItem("graph", "both", clip_ids=("cam-old", "cam-0000"), t=9.0),
    ])  # fmt: skip
    reasoner = Reasoner(settings=ReasonerSettings(), retrievers=[pathway])
    obs = (ObsFact("wall", "brick_wall", 0.0, ((1.0, 0.0, None),), {"bricks": 1}),)
    _decision, (alert,) = reasoner.decide(ClipFacts("cam", "cam-0000", 0.0, 10.0, (), obs, 0.0))
    assert alert.category == "progress"  # a deep category: it asked the pathway
    assert "seen before" in alert.message and "both" in alert.message and "seen now" not in alert.message
    assert alert.evidence.clip_ids == ["cam-0000", "cam-old"]


def test_a_long_running_reasoner_keeps_a_bounded_history() -> None:
    reasoner = Reasoner(settings=ReasonerSettings(), history=3)
    for k in range(20):
        clip = Clip(camera_id="cam", t=10.0 * (k + 1), clip_id=f"c{k}", t_start=10.0 * k, t_end=10.0 * (k + 1),
                    n_frames=1, source="test")  # fmt: skip
        cap = Caption(camera_id="cam", t=clip.t_end, clip_id=clip.clip_id, t_start=clip.t_start, width=640,
                      height=360, hfov_deg=90.0, text="nothing", backend="template")  # fmt: skip
        reasoner.on_clip(ClipMemory(clip, cap, [], 1, 0))
    assert 3 <= len(reasoner.decisions) <= 6 and reasoner.decisions[-1].clip_id == "c19"
    assert Reasoner(settings=ReasonerSettings()).history is None  # a replay's evaluation keeps everything


def test_template_clauses_are_brief() -> None:
    from spotter.reason.reasoner import brief

    long = "worker (yellow vest) at left; " * 30
    out = brief(long)
    assert len(out) <= 240 and out.endswith("\u2026") and not out[:-1].endswith(" ")
    assert brief("  two\n words ") == "two words"
