"""Summary entries embedded and stored in one VectorStore collection, searched as of a time t.

Every level shares one text encoder and one collection; the payload carries camera_id, level
("clip", "activity", "session"), t_start, t_end, text and ref (children ids, window, backend,
facts), so a search filters by camera and level and, with `t_max=t`, never returns an entry
that ended after t (the streaming constraint t' <= t).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Sequence

import numpy as np

from spotter.embed import TextEmbedder
from spotter.summarize.entry import Level, SummaryEntry
from spotter.vector import VectorHit, VectorPayload, VectorPoint, VectorStore, VectorStoreError

QUERY_CACHE = 256


def payload_of(entry: SummaryEntry) -> VectorPayload:
    return VectorPayload(
        camera_id=entry.camera_id,
        level=entry.level,
        t_start=entry.t_start,
        t_end=entry.t_end,
        text=entry.text,
        ref={
            "children": list(entry.children),
            "window": [entry.window_start, entry.window_end],
            "backend": entry.backend,
            "n_clips": entry.n_clips,
            "counts": dict(entry.counts),
            "flags": dict(entry.flags),
        },
    )


class SummaryIndex:
    """Embeds entries with `embedder` and upserts them (id = entry id) into `store`."""

    def __init__(self, embedder: TextEmbedder, store: VectorStore) -> None:
        if embedder.dim != store.dim:
            raise VectorStoreError(
                f"embedder {embedder.name} gives {embedder.dim} dims, the store holds {store.dim}"
            )
        self.embedder = embedder
        self.store = store
        self.embedded = 0  # entries embedded so far
        self.embed_s = 0.0  # seconds spent embedding them
        self._queries: OrderedDict[str, np.ndarray] = OrderedDict()  # recent query vectors (LRU)
        self._lock = threading.Lock()

    def add(self, entries: Sequence[SummaryEntry]) -> None:
        if not entries:
            return
        started = time.perf_counter()
        vectors = self.embedder.embed([e.text or e.id for e in entries])
        self.embed_s += time.perf_counter() - started
        self.embedded += len(entries)
        self.store.upsert(
            [
                VectorPoint(id=e.id, vector=v, payload=payload_of(e))
                for e, v in zip(entries, vectors, strict=True)
            ]
        )

    def search(
        self, query_text: str, camera_id: str | None, t: float, k: int = 5, level: Level | None = None
    ) -> list[VectorHit]:
        """The `k` entries most similar to the query that ended by media time `t` (t_end <= t)."""
        vector = self.query_vector(query_text)
        return self.store.search(vector, k, camera_id=camera_id, level=level, t_max=t)

    def query_vector(self, query_text: str) -> np.ndarray:
        """The query's embedding; the last `QUERY_CACHE` distinct queries are kept."""
        with self._lock:
            cached = self._queries.get(query_text)
            if cached is not None:
                self._queries.move_to_end(query_text)
                return cached
        vector: np.ndarray = self.embedder.embed([query_text])[0]
        with self._lock:
            self._queries[query_text] = vector
            while len(self._queries) > QUERY_CACHE:
                self._queries.popitem(last=False)
        return vector

    def count(self, camera_id: str | None = None, level: Level | None = None) -> int:
        return self.store.count(camera_id=camera_id, level=level)


__all__ = ["SummaryIndex", "payload_of"]
