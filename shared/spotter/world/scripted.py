"""Hand-scripted scenes for tests and demos: place things at world bearings, get Captions.

A `ScriptedScene` holds one camera's heading track (piecewise linear between
the samples given to `look`) and turns "a ladder at bearing 30 seen at t=4..8"
into the boxes a detector would have produced, with the same pinhole model as
`spotter.world.geometry`, so that bearings computed back from the caption match.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass, field

from spotter.messages import AttributeValue, Caption, EntityState, Observation, Relation, TimedBox
from spotter.world.geometry import BBox, column_at, relative_deg


@dataclass
class ScriptedScene:
    camera_id: str = "cam-1"
    width: int = 640
    height: int = 480
    hfov_deg: float = 90.0
    _track: list[tuple[float, float]] = field(default_factory=list)

    def look(self, t: float, yaw_deg: float) -> ScriptedScene:
        """The wearer's heading is `yaw_deg` at media time `t` (linear in between samples)."""
        keys = [k for k, _ in self._track]
        i = bisect.bisect_left(keys, t)
        if i < len(keys) and keys[i] == t:
            self._track[i] = (t, yaw_deg)
        else:
            self._track.insert(i, (t, yaw_deg))
        return self

    def yaw(self, t: float) -> float | None:
        if not self._track:
            return None
        keys = [k for k, _ in self._track]
        i = bisect.bisect_right(keys, t)
        if i == 0:
            return self._track[0][1]
        if i == len(keys):
            return self._track[-1][1]
        (t0, y0), (t1, y1) = self._track[i - 1], self._track[i]
        return y0 + (y1 - y0) * (t - t0) / (t1 - t0)

    def heading(self, camera_id: str, t: float) -> float | None:
        """The `heading(camera_id, t)` callable a WorldModel takes."""
        return self.yaw(t) if camera_id == self.camera_id else None

    def box(self, bearing_deg: float, t: float, *, bottom: float = 0.8, size: float = 0.3) -> BBox:
        """The box of a thing at `bearing_deg` at time `t`: bottom edge and height as frame fractions."""
        yaw = self.yaw(t)
        rel = relative_deg(bearing_deg, 0.0 if yaw is None else yaw)
        if abs(rel) >= self.hfov_deg / 2.0:
            raise ValueError(f"bearing {bearing_deg} is out of view at t={t} (relative {rel:.1f})")
        x = column_at(rel, self.width, self.hfov_deg)
        h = size * self.height
        w = 0.4 * h
        y2 = bottom * self.height
        return (x - w / 2.0, y2 - h, x + w / 2.0, y2)

    def observation(
        self,
        track: str,
        label: str,
        bearing_deg: float,
        times: Sequence[float],
        *,
        appearance: Sequence[float] = (),
        attributes: dict[str, AttributeValue] | None = None,
        state: EntityState = "unknown",
        motion_px_s: float = 0.0,
        relations: Sequence[tuple[str, str]] = (),
        bottom: float = 0.8,
        size: float = 0.3,
    ) -> Observation:
        return Observation(
            track=track,
            label=label,
            boxes=[TimedBox(t=t, bbox=self.box(bearing_deg, t, bottom=bottom, size=size)) for t in times],
            attributes=dict(attributes or {}),
            state=state,
            motion_px_s=motion_px_s,
            relations=[Relation(predicate=p, object_track=o) for p, o in relations],
            appearance=list(appearance),
        )

    def caption(
        self,
        index: int,
        t_start: float,
        t_end: float,
        observations: Sequence[Observation] = (),
        text: str = "",
    ) -> Caption:
        return Caption(
            camera_id=self.camera_id,
            t=t_end,
            wall_time=1_700_000_000.0 + t_end,
            clip_id=f"{self.camera_id}-s0-{index:06d}",
            t_start=t_start,
            width=self.width,
            height=self.height,
            hfov_deg=self.hfov_deg,
            text=text or f"clip {index}",
            observations=list(observations),
            backend="template",
        )


__all__ = ["ScriptedScene"]
