"""The visual archive: keyframes embedded into a vector store, under a per-camera budget.

Each keyframe (a `Keyframe` message, its JPEG in the blob store) becomes one point of the
archive's collection: id `kf:<blob_key>`, level `keyframe`, `t_start == t_end == t`, payload
`ref = {clip_id, blob_key, bytes}`. `similar()` answers "have I seen this before?": the nearest
earlier keyframes to an image or an archived keyframe, leaving out the last
`exclude_recent_s` seconds before the query's time (otherwise the answer is the previous frame).

Ledger (Redis, `streams.archive_*`): per camera a sorted set of blob keys by media time (the
index: "latest keyframe as of t"), one by production time (the retention order), a hash of
their {t, wall_time, clip_id, bytes}, a byte counter and the newest keyframe's clip. It makes `add`
idempotent by blob key (a redelivered keyframe is not decoded again), lets retention find the
oldest keyframes and their JPEG sizes without listing the vector store, and is shared by
replicas. Both ledger updates are Lua scripts, so a keyframe is counted once even when two
replicas add or delete it at the same time.

Crash safety: `add` upserts the point before the ledger entry (a crash in between redoes the
idempotent upsert); retention deletes points, then blobs, then ledger entries (a crash in
between finds the same oldest entries next time and deletes again, which is idempotent).
Retention orders and ages keyframes by `wall_time` (when ingest produced them), not media time
`t`: media time counts from a session's start, so a camera whose new session starts again at 0
would otherwise see its newest keyframes as the oldest. Searches filter on media time.
"""

from __future__ import annotations

import json
import logging
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

import numpy as np
import numpy.typing as npt
from redis import Redis

from spotter import streams
from spotter.archive.descriptor import decode_jpeg
from spotter.archive.encoder import F32, ImageEncoder, TextImageEncoder, make_encoder
from spotter.archive.settings import ArchiveSettings
from spotter.blobstore import BlobStore
from spotter.errors import ConfigError, SpotterError
from spotter.messages import Keyframe
from spotter.vector import VectorPoint, VectorSettings, VectorStore, make_vector_store

log = logging.getLogger(__name__)

LEVEL = "keyframe"

# KEYS: index, meta, bytes, cameras, newest, order.
# ARGV: blob_key, wall_time, meta JSON, size, camera_id, clip_id, media t.
_ADD = """
if redis.call('zscore', KEYS[1], ARGV[1]) then return 0 end
redis.call('zadd', KEYS[1], ARGV[7], ARGV[1])
redis.call('zadd', KEYS[6], ARGV[2], ARGV[1])
redis.call('hset', KEYS[2], ARGV[1], ARGV[3])
redis.call('incrby', KEYS[3], ARGV[4])
redis.call('sadd', KEYS[4], ARGV[5])
local newest = redis.call('hget', KEYS[5], 't')
if (not newest) or tonumber(ARGV[2]) >= tonumber(newest) then
  redis.call('hset', KEYS[5], 't', ARGV[2], 'clip_id', ARGV[6])
end
return 1
"""

# KEYS: index, meta, bytes, order. ARGV: blob_key, size, blob_key, size, ...
_REMOVE = """
local removed = 0
for i = 1, #ARGV, 2 do
  if redis.call('zrem', KEYS[1], ARGV[i]) == 1 then
    redis.call('zrem', KEYS[4], ARGV[i])
    redis.call('hdel', KEYS[2], ARGV[i])
    redis.call('decrby', KEYS[3], ARGV[i + 1])
    removed = removed + 1
  end
end
return removed
"""

Query = npt.NDArray[np.uint8] | bytes | str


class ArchiveError(SpotterError):
    """A query named a keyframe the archive does not hold, or an image that does not decode."""


@dataclass(frozen=True, slots=True)
class ArchiveHit:
    """One archived keyframe returned by a search, with its cosine similarity to the query."""

    blob_key: str
    camera_id: str
    clip_id: str
    t: float
    score: float


@dataclass(frozen=True, slots=True)
class _Entry:
    blob_key: str
    t: float  # media time (in the ledger's index: wall_time, the retention order)
    clip_id: str
    size: int


def point_id(blob_key: str) -> str:
    return f"kf:{blob_key}"


class VisualArchive:
    """Add keyframes, search them, keep them within budget. The constructor does no I/O."""

    def __init__(
        self,
        redis: Redis,
        store: VectorStore,
        blobs: BlobStore,
        encoder: ImageEncoder,
        settings: ArchiveSettings | None = None,
    ) -> None:
        if store.dim != encoder.dim:
            raise ConfigError(
                f"vector collection {store.name!r} has dimension {store.dim}, encoder {encoder.name} {encoder.dim}"
            )
        self.redis = redis
        self.store = store
        self.blobs = blobs
        self.encoder = encoder
        self.settings = settings or ArchiveSettings()
        self._add = redis.register_script(_ADD)
        self._remove = redis.register_script(_REMOVE)

    @classmethod
    def from_settings(
        cls, redis: Redis, blobs: BlobStore, settings: ArchiveSettings | None = None,
        vector: VectorSettings | None = None, *, read_only: bool = False,
    ) -> VisualArchive:  # fmt: skip
        """The configured encoder and vector store (`SPOTTER_ARCHIVE_*`, `SPOTTER_VECTOR_*`); `read_only`: for
        the services that search the archive the visual-archive service writes."""
        settings = settings or ArchiveSettings()
        encoder = make_encoder(settings.encoder)
        store = make_vector_store(vector or VectorSettings(), settings.collection, encoder.dim, read_only=read_only)
        return cls(redis, store, blobs, encoder, settings)

    def close(self) -> None:
        self.store.close()

    # --- adding ------------------------------------------------------------------------

    def contains(self, camera_id: str, blob_key: str) -> bool:
        return self.redis.zscore(streams.archive_index_key(camera_id), blob_key) is not None

    def add(self, keyframe: Keyframe, image: npt.NDArray[np.uint8] | None = None) -> bool:
        """Archive one keyframe (idempotent by blob key); False if already there or its JPEG is gone.

        `image` (its decoded pixels) saves reading and decoding the JPEG when the caller has them.
        """
        cam, key = keyframe.camera_id, keyframe.blob_key
        if self.contains(cam, key):
            return False
        try:
            data = self.blobs.get(key)
        except KeyError:
            log.warning("keyframe %s has no JPEG in the blob store (deleted?); not archived", key)
            return False
        if image is None:
            try:
                image = decode_jpeg(data)
            except ValueError:
                log.warning("keyframe %s does not decode; not archived", key)
                return False
        vector = self.encoder.encode_image(image)
        ref: dict[str, Any] = {"clip_id": keyframe.clip_id, "blob_key": key, "bytes": len(data)}
        payload = {"camera_id": cam, "level": LEVEL, "t_start": keyframe.t, "t_end": keyframe.t, "ref": ref}
        self.store.upsert([VectorPoint(id=point_id(key), vector=vector, payload=payload)])
        meta = json.dumps(
            {
                "t": keyframe.t,
                "wall_time": keyframe.wall_time,
                "clip_id": keyframe.clip_id,
                "bytes": len(data),
            }
        )
        keys = [
            streams.archive_index_key(cam), streams.archive_meta_key(cam), streams.archive_bytes_key(cam),
            streams.ARCHIVE_CAMERAS, streams.archive_newest_clip_key(cam), streams.archive_order_key(cam),
        ]  # fmt: skip
        args: list[str | int] = [
            key, repr(keyframe.wall_time), meta, len(data), cam, keyframe.clip_id, repr(keyframe.t),
        ]  # fmt: skip
        return int(cast(int, self._add(keys=keys, args=args))) == 1

    # --- searching ---------------------------------------------------------------------

    def latest(self, camera_id: str, t_max: float | None = None) -> tuple[str, float] | None:
        """(blob_key, media t) of the camera's latest archived keyframe with t <= t_max, if any."""
        top = cast(
            list[tuple[bytes, float]],
            self.redis.zrevrangebyscore(
                streams.archive_index_key(camera_id), "+inf" if t_max is None else t_max, "-inf",
                start=0, num=1, withscores=True,
            ),
        )  # fmt: skip
        return (top[0][0].decode(), float(top[0][1])) if top else None

    def entry(self, camera_id: str, blob_key: str) -> _Entry | None:
        raw = self.redis.hget(streams.archive_meta_key(camera_id), blob_key)
        if raw is None:
            return None
        m = json.loads(raw)
        return _Entry(blob_key, float(m["t"]), str(m["clip_id"]), int(m["bytes"]))

    def similar(
        self,
        query: Query,
        *,
        query_camera_id: str | None = None,
        t: float | None = None,
        camera_id: str | None = None,
        t_max: float | None = None,
        k: int = 10,
        exclude_recent_s: float | None = None,
    ) -> list[ArchiveHit]:
        """The `k` archived keyframes most like `query`, best first: "have I seen this before?".

        `query`: BGR pixels, encoded image bytes, or the blob key of an archived keyframe of
        `query_camera_id` (its time is then `t`). Only keyframes with time <= `t_max` and, when
        the query's time `t` is known, <= `t - exclude_recent_s` (default from settings) are
        considered; `camera_id` restricts the search to one camera.
        """
        if isinstance(query, str):
            if query_camera_id is None:
                raise ArchiveError("a blob-key query needs query_camera_id")
            found = self.entry(query_camera_id, query)
            if found is None:
                raise ArchiveError(f"keyframe {query!r} of camera {query_camera_id!r} is not archived")
            t = found.t if t is None else t
            try:
                image = decode_jpeg(self.blobs.get(query))
            except (KeyError, ValueError) as exc:
                raise ArchiveError(f"keyframe {query!r} has no readable JPEG: {exc}") from exc
        elif isinstance(query, bytes):
            try:
                image = decode_jpeg(query)
            except ValueError as exc:
                raise ArchiveError(str(exc)) from exc
        else:
            image = query
        return self._search(self.encoder.encode_image(image), t, camera_id, t_max, k, exclude_recent_s)

    def similar_text(
        self, text: str, *, camera_id: str | None = None, t_max: float | None = None, k: int = 10
    ) -> list[ArchiveHit]:
        """Text-to-image search; ConfigError unless the encoder is a `TextImageEncoder` plug-in."""
        if not isinstance(self.encoder, TextImageEncoder):
            raise ConfigError(
                f"encoder {self.encoder.name} embeds images only; text-to-image search needs a multimodal "
                "plug-in (SPOTTER_ARCHIVE_ENCODER=package.module:factory returning a TextImageEncoder)"
            )
        return self._search(self.encoder.encode_text(text), None, camera_id, t_max, k, 0.0)

    def _search(
        self, vector: F32, t: float | None, camera_id: str | None, t_max: float | None, k: int,
        exclude_recent_s: float | None,
    ) -> list[ArchiveHit]:  # fmt: skip
        bound = math.inf if t_max is None else t_max
        if t is not None:
            gap = self.settings.exclude_recent_s if exclude_recent_s is None else exclude_recent_s
            bound = min(bound, t - gap)
        hits = self.store.search(
            vector, k, camera_id=camera_id, level=LEVEL, t_max=None if math.isinf(bound) else bound
        )
        return [
            ArchiveHit(
                blob_key=str(h.payload.ref.get("blob_key", "")),
                camera_id=h.payload.camera_id,
                clip_id=str(h.payload.ref.get("clip_id", "")),
                t=h.payload.t_end,
                score=h.score,
            )
            for h in hits
        ]

    # --- retention -----------------------------------------------------------------------

    def usage(self, camera_id: str) -> tuple[int, int]:
        """(keyframes, JPEG bytes) archived for the camera."""
        n = int(self.redis.zcard(streams.archive_index_key(camera_id)))
        raw = self.redis.get(streams.archive_bytes_key(camera_id))
        return n, int(cast(bytes, raw)) if raw is not None else 0

    def cameras(self) -> list[str]:
        members = cast(set[bytes], self.redis.smembers(streams.ARCHIVE_CAMERAS))
        return sorted(m.decode() for m in members)

    def enforce_budget(self, camera_id: str, *, batch: int = 256) -> int:
        """Delete the camera's oldest keyframes (vector and JPEG) until the budget holds; returns how many.

        Oldest and age are by production time (`Keyframe.wall_time`, see the module docstring).
        Never deletes a keyframe of the camera's newest clip (it may still be captioned).
        """
        s = self.settings
        newest = cast(dict[bytes, bytes], self.redis.hgetall(streams.archive_newest_clip_key(camera_id)))
        if not newest:
            return 0
        newest_clip = newest[b"clip_id"].decode()
        age_cut = float(newest[b"t"]) - s.max_age_s if s.max_age_s > 0 else -math.inf
        deleted = 0
        while True:
            n, size = self.usage(camera_id)
            excess_n = n - s.max_keyframes_per_camera if s.max_keyframes_per_camera > 0 else 0
            excess_bytes = size - s.max_bytes_per_camera if s.max_bytes_per_camera > 0 else 0
            victims = self._oldest_victims(camera_id, batch, newest_clip, age_cut, excess_n, excess_bytes)
            if not victims:
                return deleted
            self.store.delete([point_id(v.blob_key) for v in victims])
            for v in victims:
                self.blobs.delete(v.blob_key)
            args: list[str | int] = []
            for v in victims:
                args += [v.blob_key, v.size]
            keys = [
                streams.archive_index_key(camera_id), streams.archive_meta_key(camera_id),
                streams.archive_bytes_key(camera_id), streams.archive_order_key(camera_id),
            ]  # fmt: skip
            deleted += int(cast(int, self._remove(keys=keys, args=args)))
            if len(victims) < batch:
                return deleted

    def _oldest_victims(
        self, camera_id: str, batch: int, newest_clip: str, age_cut: float, excess_n: int, excess_bytes: int
    ) -> list[_Entry]:
        if excess_n <= 0 and excess_bytes <= 0 and math.isinf(age_cut):
            return []
        oldest = cast(
            list[tuple[bytes, float]],
            self.redis.zrange(streams.archive_order_key(camera_id), 0, batch - 1, withscores=True),
        )
        if not oldest:
            return []
        metas = cast(
            list[bytes | None], self.redis.hmget(streams.archive_meta_key(camera_id), [m for m, _ in oldest])
        )
        victims: list[_Entry] = []
        for (member, score), raw in zip(oldest, metas, strict=True):
            key = member.decode()
            m: dict[str, Any] = json.loads(raw) if raw is not None else {"clip_id": "", "bytes": 0}
            entry = _Entry(key, float(score), str(m["clip_id"]), int(m["bytes"]))
            if entry.clip_id == newest_clip:
                break
            if excess_n <= 0 and excess_bytes <= 0 and entry.t >= age_cut:
                break
            victims.append(entry)
            excess_n -= 1
            excess_bytes -= entry.size
        return victims


def archive_many(archive: VisualArchive, keyframes: Sequence[Keyframe]) -> int:
    """Add keyframes in order, enforcing each camera's budget after each; returns how many were new."""
    added = 0
    for kf in keyframes:
        if archive.add(kf):
            added += 1
            archive.enforce_budget(kf.camera_id)
    return added


__all__ = ["LEVEL", "ArchiveError", "ArchiveHit", "VisualArchive", "archive_many", "point_id"]
