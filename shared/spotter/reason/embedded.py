"""EgoMemo's memory for the embedded mode: per clip, summaries and the visual archive grow, then the
reasoner decides with its three retrieval pathways (temporal, graph, visual) over them.

`ProactiveMemory(...).on_clip` is the `on_clip` hook of `spotter.recall.MemoryPass` (live in
`spotter replay/eval/demo`, after the replay in benchmarks): after the world model took the clip, its caption goes to the summarizer (clip entry,
activity and session roll-ups as their windows close, embedded into a vector store), its
keyframes to the visual archive (classical descriptor), and then `Reasoner.on_clip` decides.
Everything is in memory or in the embedded stores; `pathways` picks the retrieval pathways and
`reconstruct=False` keeps the rules' own messages, which is how the ablations are run.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, cast

from redis import Redis

from spotter import streams
from spotter.blobstore import LocalBlobStore
from spotter.graph.base import GraphStore
from spotter.memory import ClipMemory
from spotter.messages import Alert, Decision, Keyframe, decode
from spotter.reason.decide import make_decider
from spotter.reason.narrate import make_narrator
from spotter.reason.pathways import make_retrievers, warm_up
from spotter.reason.reasoner import Narrator, Reasoner, RuleMessageNarrator
from spotter.reason.settings import ReasonerSettings
from spotter.vector import VectorSettings

log = logging.getLogger(__name__)

PATHWAYS = ("temporal", "graph", "visual")


class ProactiveMemory:
    """Summaries + visual archive + reasoner over one replay's clips (see the module docstring)."""

    def __init__(
        self,
        redis: Redis,
        store: GraphStore,
        heading: Callable[[str, float], float | None],
        blob_dir: Path | None,
        *,
        pathways: Sequence[str] = PATHWAYS,
        reconstruct: bool = True,
        settings: ReasonerSettings | None = None,
        publish: Callable[[Decision, list[Alert]], None] | None = None,
        summaries: VectorSettings | None = None,
    ) -> None:
        """`summaries`: where the summary index lives (default: in memory only; `spotter replay`
        keeps it in the configured vector store, so `spotter ask` can retrieve from it later)."""
        unknown = set(pathways) - set(PATHWAYS)
        if unknown:
            raise ValueError(f"unknown pathways {sorted(unknown)}; known: {PATHWAYS}")
        self.redis = redis
        self.summarizer: Any = None
        self.index: Any = None
        self.archive: Any = None
        if "temporal" in pathways:
            from spotter.embed import EmbedSettings, make_embedder
            from spotter.summarize import SummarizerSettings, make_backend
            from spotter.summarize.core import Summarizer
            from spotter.summarize.index import SummaryIndex
            from spotter.vector import make_vector_store

            ssettings = SummarizerSettings()
            self.summarizer = Summarizer(ssettings, make_backend(ssettings))
            embedder = make_embedder(EmbedSettings())
            vectors = make_vector_store(
                summaries or VectorSettings(backend="embedded", embedded_path=":memory:"), ssettings.collection,
                embedder.dim,
            )  # fmt: skip
            self.index = SummaryIndex(embedder, vectors)
            warm_up(self.index, who="reasoner")  # load the model now, not inside the first retrieval's timeout
        if "visual" in pathways and blob_dir is not None:
            from spotter.archive.archive import VisualArchive
            from spotter.archive.settings import ArchiveSettings

            self.archive = VisualArchive.from_settings(
                redis, LocalBlobStore(blob_dir), ArchiveSettings(),
                VectorSettings(backend="embedded", embedded_path=":memory:"),
            )  # fmt: skip
        retrievers = make_retrievers(store, self.index, self.archive, pathways=pathways)
        self._keyframes: dict[str, list[Keyframe]] = {}
        self._keyframes_read = "0-0"
        narrator: Narrator = make_narrator() if reconstruct else RuleMessageNarrator()
        self.reasoner = Reasoner(
            store, heading, settings, retrievers=retrievers, narrator=narrator, publish=publish,
            decider=make_decider(),
        )  # fmt: skip

    def _keyframes_of(self, clip_id: str) -> list[Keyframe]:
        """The clip's keyframes from the bus, read on from where the last clip's read ended (during a
        live replay the stream grows; ingest publishes a clip's keyframes before the clip)."""
        if clip_id not in self._keyframes:
            for entry_id, fields in cast(
                list[Any], self.redis.xrange(streams.KEYFRAMES, min=f"({self._keyframes_read}")
            ):
                self._keyframes_read = entry_id.decode() if isinstance(entry_id, bytes) else str(entry_id)
                msg, _ = decode(fields)
                if isinstance(msg, Keyframe):
                    self._keyframes.setdefault(msg.clip_id, []).append(msg)
        return self._keyframes.pop(clip_id, [])

    def __call__(self, mem: ClipMemory) -> None:
        self.on_clip(mem)

    def on_clip(self, mem: ClipMemory) -> tuple[Decision, list[Alert]]:
        """Decide first, then grow the summaries and the archive for the clips after this one.

        The decision's retrievals are about memory before this clip (what rests on the clip
        alone is not evidence), except the visual pathway's query view: the clip's last
        keyframe, archived first. Embedding a roll-up costs up to ~0.4 s and archiving a clip's
        ten keyframes ~70 ms (bench.alert_latency's profile): off the alert's path, they run
        while its webhook POST is on its way.
        """
        keyframes = self._keyframes_of(mem.clip.clip_id) if self.archive is not None else []
        self._archive(keyframes[-1:])
        done = self.reasoner.on_clip(mem)
        if self.summarizer is not None:
            self.index.add(self.summarizer.add_caption(mem.caption))
        self._archive(keyframes[:-1])
        return done

    def _archive(self, keyframes: Sequence[Keyframe]) -> None:
        for kf in keyframes:
            try:
                self.archive.add(kf)
            except Exception as exc:  # noqa: BLE001 - a bad keyframe costs its archive entry only
                log.warning("keyframe %s not archived: %s", kf.blob_key, exc)

    @property
    def alerts(self) -> list[Alert]:
        return self.reasoner.alerts

    @property
    def decisions(self) -> list[Decision]:
        return self.reasoner.decisions

    def close(self) -> None:
        if self.archive is not None:
            self.archive.close()
        if self.index is not None:
            self.index.store.close()


__all__ = ["PATHWAYS", "ProactiveMemory"]
