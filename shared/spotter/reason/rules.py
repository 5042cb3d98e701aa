"""The offline rule engine: per clip, world events and states in, alert triggers out.

Pure (no I/O): `RuleEngine.step(ClipFacts)` looks at what one clip added to the world
memory (its `WorldEvent`s and its observations with per-frame world bearings and
states) plus the state it keeps per camera, and returns the `Trigger`s that survive the
cooldowns. The rules (thresholds in `ReasonerSettings`):

* ``ppe_violation`` (instant): a ``ppe_off`` world event of a person (the world model
  applies the hysteresis; a person first seen without a hard hat counts). Condition
  key: the camera (a second hat-less person within the cooldown is the same alert).
* ``exclusion_zone`` (instant): a person's observation with at least ``zone_min_frames``
  sampled frames whose world bearing lies in a configured zone. Key: the zone.
* ``left_behind`` (short term): a ``dropped`` event of a hand tool, not followed by its
  ``picked_up``, once ``left_behind_timeout_s`` passed and no person is seen within
  ``near_deg`` of the tool (its carrier walked off). Once per drop.
* ``idle`` (long term): a person whose per-frame states (or, without them, the
  ``idle``/``active`` world events) say idle for ``idle_threshold_s`` without a break,
  observed within that time (a gap in sightings longer than the threshold restarts the
  run: not seeing someone is no evidence of idleness). Once per idle run (key: the entity).
* ``progress`` (episodic): the first sighting of a progress label (first brick) and each
  growth of its ``courses`` attribute (a new course begun). Once per course.
* ``memory_recall`` (episodic): a ``returned`` event of a thing that had left while its
  place was in view (``left_view`` reason ``not_seen``: really gone) at least
  ``long_absence_s`` before, and whose place was in view again, empty, at the end of at
  least ``recall_min_checks`` clips while it was away (a missed detection is not a thing
  gone); or of a thing someone asked about (`RuleEngine.watch_for`).
* ``safety_alert`` (instant): a hazard label (fire, smoke, spill) observed. Key: label.

Cooldowns: a trigger whose (category, key) alerted less than ``cooldowns[category]``
seconds of media time ago is dropped, so the same condition does not alert twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from spotter.messages import AttributeValue, WorldEvent
from spotter.reason.settings import DEFAULT_COOLDOWNS, ReasonerSettings
from spotter.world.geometry import angular_distance, direction, in_view

CATEGORY_PRIORITY = (
    "safety_alert", "ppe_violation", "exclusion_zone", "left_behind", "memory_recall", "progress", "idle",
)  # fmt: skip
"""Which category a clip's decision names when several rules fire."""


@dataclass(frozen=True)
class ObsFact:
    """One observation of the clip: the entity it joined and its sampled frames."""

    entity_id: str
    label: str
    bearing_deg: float
    samples: tuple[tuple[float, float, str | None], ...] = ()
    """(t, world bearing, state or None) per sampled frame, in time order."""
    attributes: dict[str, AttributeValue] = field(default_factory=dict)
    state: str = "unknown"


@dataclass(frozen=True)
class ClipFacts:
    """What the rules see of one clip."""

    camera_id: str
    clip_id: str
    t_start: float
    t_end: float
    events: tuple[WorldEvent, ...] = ()
    observations: tuple[ObsFact, ...] = ()
    heading_deg: float | None = None
    hfov_deg: float = 90.0
    """The wearer's heading at the clip's end (for 'behind you' in messages), when known."""


@dataclass(frozen=True)
class Trigger:
    """A rule that fired: category, the condition it is about, and its evidence."""

    category: str
    key: str
    message: str
    t: float
    entity_ids: tuple[str, ...] = ()
    times: tuple[float, ...] = ()
    labels: tuple[str, ...] = ()
    events: tuple[WorldEvent, ...] = ()


@dataclass
class _Drop:
    t: float
    bearing: float | None
    label: str


@dataclass
class _Gone:
    t: float
    bearing: float | None
    checks: int = 0


@dataclass
class CameraState:
    """What the rules remember of one camera between clips."""

    idle_since: dict[str, float] = field(default_factory=dict)
    idle_alerted: set[str] = field(default_factory=set)
    last_sample: dict[str, float] = field(default_factory=dict)
    has_frame_states: set[str] = field(default_factory=set)
    drops: dict[str, _Drop] = field(default_factory=dict)
    courses: dict[str, int] = field(default_factory=dict)
    gone: dict[str, _Gone] = field(default_factory=dict)
    asked: dict[str, float] = field(default_factory=dict)
    last_alert: dict[tuple[str, str], float] = field(default_factory=dict)
    last_t: float = -1.0


def _where(bearing: float | None, heading: float | None) -> str:
    if bearing is None:
        return ""
    if heading is None:
        return f" at bearing {bearing:.0f} deg"
    return f" {_PHRASE[direction(bearing, heading)]} (bearing {bearing:.0f} deg)"


_PHRASE = {
    "front": "in front of you", "front-right": "to your front-right", "right": "on your right",
    "behind-right": "behind you to the right", "behind": "behind you", "behind-left": "behind you to the left",
    "left": "on your left", "front-left": "to your front-left",
}  # fmt: skip


def _int(value: AttributeValue | None) -> int | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int | float):
        return int(value)
    try:
        return int(str(value))
    except ValueError:
        return None


class RuleEngine:
    """State per camera plus the rules of the module docstring."""

    def __init__(self, settings: ReasonerSettings | None = None) -> None:
        self.s = settings or ReasonerSettings()
        self.cameras: dict[str, CameraState] = {}

    def state(self, camera_id: str) -> CameraState:
        return self.cameras.setdefault(camera_id, CameraState())

    def watch_for(self, camera_id: str, entity_ids: Sequence[str], t: float) -> None:
        """Someone asked about these entities at `t`: recall them when they come back into view."""
        st = self.state(camera_id)
        for eid in entity_ids:
            st.asked[eid] = t

    def cooldown(self, category: str) -> float:
        return float(self.s.cooldowns.get(category, DEFAULT_COOLDOWNS.get(category, 0.0)))

    # --- the step ---------------------------------------------------------------------

    def step(self, f: ClipFacts) -> list[Trigger]:
        """The triggers of one clip (clips of a camera in time order), after cooldowns."""
        st = self.state(f.camera_id)
        if f.t_end <= st.last_t:  # a clip seen before (restart, redelivery): nothing new to say
            return []
        st.last_t = f.t_end
        fired: list[Trigger] = []
        fired += self._safety(f)
        fired += self._ppe(f)
        fired += self._zones(f)
        fired += self._left_behind(f, st)
        fired += self._recall(f, st)
        fired += self._progress(f, st)
        fired += self._idle(f, st)
        out = []
        for tr in fired:
            k = (tr.category, tr.key)
            last = st.last_alert.get(k)
            if last is not None and f.t_end - last < self.cooldown(tr.category):
                continue
            st.last_alert[k] = f.t_end
            out.append(tr)
        out.sort(
            key=lambda tr: CATEGORY_PRIORITY.index(tr.category) if tr.category in CATEGORY_PRIORITY else 99
        )
        return out

    # --- rules ------------------------------------------------------------------------

    def _safety(self, f: ClipFacts) -> list[Trigger]:
        out = []
        for o in f.observations:
            if o.label in self.s.hazard_labels:
                out.append(Trigger("safety_alert", o.label, f"Hazard: {o.label} seen{_where(o.bearing_deg, f.heading_deg)}.",
                                   f.t_end, (o.entity_id,), (o.samples[0][0] if o.samples else f.t_start,), (o.label,)))  # fmt: skip
        return out

    def _ppe(self, f: ClipFacts) -> list[Trigger]:
        out = []
        for e in f.events:
            if e.kind == "ppe_off" and e.label in self.s.person_labels:
                msg = f"PPE: a {e.label} without a hard hat{_where(e.bearing_deg, f.heading_deg)} since {e.t:.0f} s."
                out.append(
                    Trigger("ppe_violation", "hatless", msg, e.t, (e.entity_id,), (e.t,), (e.label,), (e,))
                )
        return out

    def _zones(self, f: ClipFacts) -> list[Trigger]:
        out = []
        for i, z in enumerate(self.s.exclusion_zones):
            if z.camera is not None and z.camera != f.camera_id:
                continue
            for o in f.observations:
                if o.label not in z.labels:
                    continue
                inside = [(t, b) for t, b, _ in o.samples if z.contains(b)]
                if len(inside) >= self.s.zone_min_frames:
                    name = z.name or f"{z.from_deg:.0f}..{z.to_deg:.0f} deg"
                    (t_in, b_in) = inside[0]
                    msg = f"Exclusion zone {name}: a {o.label} entered it at {t_in:.0f} s{_where(b_in, f.heading_deg)}."
                    out.append(Trigger("exclusion_zone", f"zone{i}", msg, t_in, (o.entity_id,), (t_in,), (o.label,)))  # fmt: skip
                    break
        return out

    def _left_behind(self, f: ClipFacts, st: CameraState) -> list[Trigger]:
        for e in f.events:
            if e.label not in self.s.left_behind_labels:
                continue
            if e.kind == "dropped":
                st.drops[e.entity_id] = _Drop(e.t, e.bearing_deg, e.label)
            elif e.kind == "picked_up":
                st.drops.pop(e.entity_id, None)
        out = []
        for eid, d in sorted(st.drops.items()):
            if f.t_end - d.t < self.s.left_behind_timeout_s:
                continue
            if d.bearing is not None and self._attended(f, d.bearing):
                continue
            del st.drops[eid]
            msg = (f"Left behind: a {d.label} put down at {d.t:.0f} s{_where(d.bearing, f.heading_deg)} "
                   f"has been left unattended for {f.t_end - d.t:.0f} s.")  # fmt: skip
            out.append(Trigger("left_behind", eid, msg, d.t, (eid,), (d.t,), (d.label,)))
        return out

    def _attended(self, f: ClipFacts, bearing: float) -> bool:
        for o in f.observations:
            if o.label not in self.s.person_labels or not o.samples:
                continue
            t_last = o.samples[-1][0]
            recent = [b for t, b, _ in o.samples if t >= t_last - 2.0]
            if any(angular_distance(b, bearing) <= self.s.near_deg for b in recent):
                return True
        return False

    def _recall(self, f: ClipFacts, st: CameraState) -> list[Trigger]:
        seen = {o.entity_id for o in f.observations}
        if f.heading_deg is not None:  # its place in view at the clip's end, and it is not there
            for eid, g in st.gone.items():
                if (
                    eid not in seen
                    and g.bearing is not None
                    and in_view(g.bearing, f.heading_deg, f.hfov_deg, 5.0)
                ):
                    g.checks += 1
        out = []
        for e in f.events:
            if e.kind == "left_view" and e.detail.get("reason") == "not_seen":
                st.gone[e.entity_id] = _Gone(e.t, e.bearing_deg)
            elif e.kind == "returned":
                asked = st.asked.pop(e.entity_id, None)
                left = st.gone.pop(e.entity_id, None)
                gone = left.t if left is not None and left.checks >= self.s.recall_min_checks else None
                if asked is not None and asked <= e.t:
                    msg = f"Memory: the {e.label} asked about at {asked:.0f} s is back in view{_where(e.bearing_deg, f.heading_deg)}."
                    out.append(Trigger("memory_recall", e.entity_id, msg, e.t, (e.entity_id,), (asked, e.t), (e.label,), (e,)))  # fmt: skip
                elif gone is not None and e.t - gone >= self.s.long_absence_s:
                    msg = f"Memory: the {e.label} gone since {gone:.0f} s is back{_where(e.bearing_deg, f.heading_deg)}."
                    out.append(Trigger("memory_recall", e.entity_id, msg, e.t, (e.entity_id,), (gone, e.t), (e.label,), (e,)))  # fmt: skip
        return out

    def _progress(self, f: ClipFacts, st: CameraState) -> list[Trigger]:
        out = []
        for o in f.observations:
            if o.label not in self.s.progress_labels:
                continue
            t0 = o.samples[0][0] if o.samples else f.t_start
            courses = _int(o.attributes.get("courses"))
            prev = st.courses.get(o.label)
            if prev is None:
                st.courses[o.label] = 0
                prev = 0
                msg = f"Progress: work on the {o.label} has started (first seen at {t0:.0f} s){_where(o.bearing_deg, f.heading_deg)}."
                out.append(Trigger("progress", f"{o.label}:start", msg, t0, (o.entity_id,), (t0,), (o.label,)))  # fmt: skip
                if courses is not None:
                    st.courses[o.label] = courses
                    for c in range(2, courses + 1):
                        out.append(self._course(o, c, t0))
                continue
            if courses is not None and courses > prev:
                st.courses[o.label] = courses
                for c in range(max(prev + 1, 2), courses + 1):
                    out.append(self._course(o, c, t0))
        return out

    @staticmethod
    def _course(o: ObsFact, course: int, t: float) -> Trigger:
        msg = f"Progress: {o.label} course {course - 1} is finished and course {course} begun."
        return Trigger("progress", f"{o.label}:course{course}", msg, t, (o.entity_id,), (t,), (o.label,))

    def _idle(self, f: ClipFacts, st: CameraState) -> list[Trigger]:
        for o in f.observations:
            if o.label not in self.s.person_labels:
                continue
            eid = o.entity_id
            for t, _b, state in o.samples:
                last = st.last_sample.get(eid)
                if last is not None and t - last > self.s.idle_threshold_s:  # unseen meanwhile: no evidence
                    st.idle_since.pop(eid, None)
                    st.idle_alerted.discard(eid)
                st.last_sample[eid] = t
                if state is None:
                    continue
                st.has_frame_states.add(eid)
                if state == "idle":
                    st.idle_since.setdefault(eid, t)
                elif state in ("active", "moving"):
                    st.idle_since.pop(eid, None)
                    st.idle_alerted.discard(eid)
        for e in f.events:  # entities without per-frame states: the world model's hysteresis
            if e.label not in self.s.person_labels or e.entity_id in st.has_frame_states:
                continue
            if e.kind == "idle":
                st.idle_since.setdefault(e.entity_id, e.t)
            elif e.kind == "active":
                st.idle_since.pop(e.entity_id, None)
                st.idle_alerted.discard(e.entity_id)
        out = []
        thr = self.s.idle_threshold_s
        for eid, since in sorted(st.idle_since.items()):
            if eid in st.idle_alerted or f.t_end - since < thr:
                continue
            if f.t_end - st.last_sample.get(eid, since) > thr:  # not seen for a while: no longer known idle
                continue
            st.idle_alerted.add(eid)
            label = next((o.label for o in f.observations if o.entity_id == eid), "worker")
            bearing = next((o.bearing_deg for o in f.observations if o.entity_id == eid), None)
            msg = f"Idle: a {label}{_where(bearing, f.heading_deg)} has been idle since {since:.0f} s ({f.t_end - since:.0f} s)."
            out.append(Trigger("idle", eid, msg, since, (eid,), (since,), (label,)))
        return out
