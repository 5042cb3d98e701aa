"""The offline rule engine: per clip, what the memory saw in, alert triggers out.

Pure (no I/O): `RuleEngine.step(ClipFacts)` looks at what one clip added to the world memory (its
`WorldEvent`s, its observations with per-frame world bearings, states and PPE, and where the
wearer looked during the clip) plus the state it keeps per camera, and returns the `Trigger`s that
survive the cooldowns. What each category means, and its parameters, is site data
(`spotter.reason.site_rules.SiteRules`, docs/RULES.md); each category is one `Rule` in `RULES`:

* ``safety_alert``: a hazard label in view (fire, smoke, spill), or a person under or beside a
  hazard of a configured pair (`suspended_load` by default) in the same frames. Key: person+hazard.
* ``ppe_violation``: a person seen frame after frame without a hard hat (a vest, where required)
  for ``min_duration_s``; once per person per violation (seen with it again ends the violation).
* ``exclusion_zone``: a person's frames inside a zone: the extent of a hazard label (excavation)
  plus a margin, or a configured bearing range. Key: person+zone.
* ``left_behind``: a tool put down (a ``dropped`` world event), not picked up, out of view for
  ``timeout_s`` with nobody near it: the wearer moved on. Once per drop.
* ``idle``: a person idle for ``threshold_s`` without a break (a time out of view shorter than
  the threshold, idle on both sides, is bridged), said while seen idle. Once per idle spell.
* ``progress``: a work object's unit count going 0 -> 1 (the first brick) and its stage count
  reaching each multiple of ``stage_every`` (every third course). Not its first sighting.
* ``memory_recall``: the wearer looks back, for ``min_view_s``, at the place where a thing was
  last seen standing still at least ``min_away_s`` ago (after looking away), and it is not there
  (nor a thing of its label beside it): it was moved or taken unseen. Things merely coming back
  into view are not recalled.

Cooldowns: a trigger whose (category, key) alerted less than the rule's ``cooldown_s`` of media
time ago is dropped, so the same condition does not alert twice.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Protocol

from spotter.messages import AttributeValue, WorldEvent
from spotter.reason.settings import ReasonerSettings
from spotter.reason.site_rules import RecallRule as RecallSiteRule
from spotter.reason.site_rules import SafetyRule as SafetySiteRule
from spotter.reason.site_rules import SiteRules
from spotter.world.geometry import (
    PERSON_HEIGHT_M,
    angular_distance,
    depth_gap_m,
    direction,
    feet_in_pit,
    feet_over_pit,
    horizon_from_people,
    in_pit,
    in_view,
)
from spotter.world.labels import named_by
from spotter.world.walking import (
    Landmark,
    clip_walked,
    grows_by_work,
    middle_heights,
    same_standpoint,
    size_ratio,
    typical_height,
    walk_in,
    whole_height,
)

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
    half_width_deg: float = 0.0
    """Half the angular width of the thing in the frame (its extent around `bearing_deg`)."""
    ppe: tuple[tuple[float, bool | None, str | None], ...] = ()
    """(t, hard hat, vest) per sampled frame where the detector said (people)."""
    rows: tuple[tuple[float, float, float], ...] = ()
    """(t, top, bottom) of the box per sampled frame, in pixels: depth cues in the image."""
    cols: tuple[tuple[float, float, float], ...] = ()
    """(t, left, right) of the box per sampled frame, in pixels: side by side in the same frame."""


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
    """The wearer's heading at the clip's end (for 'behind you' in messages), when known."""
    hfov_deg: float = 90.0
    scale_px: float | None = None
    """The lens's pixels per radian at the image centre (distances from the image), when known."""
    image_height: int | None = None
    image_width: int | None = None
    view: tuple[tuple[float, float], ...] = ()
    """(t, heading) through the clip: where the wearer looked (memory_recall)."""


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
    last_seen: float


@dataclass
class _Place:
    """Where a thing was last seen standing still, and whether the wearer has looked away since."""

    label: str
    bearing: float
    last_seen: float
    still: bool
    looked_away: bool = False
    reported: bool = False
    underfoot: bool = False
    """Last seen leaving through the bottom of the image: below the view, where a look by heading misses it."""
    marks: tuple[Landmark, ...] = ()
    """Still things seen with it then, (entity, bearing, box height): seen again at their bearings and sizes, the
    wearer stands where he stood, and its bearing points at its place again."""
    whole: bool = True
    """Seen whole there at least once: a thing only ever seen cut off by the picture's side lies further out than the
    part shown, so its place is not known well enough to find it empty."""


@dataclass
class CameraState:
    """What the rules remember of one camera between clips."""

    idle_since: dict[str, float] = field(default_factory=dict)
    idle_alerted: set[str] = field(default_factory=set)
    busy_since: dict[str, float] = field(default_factory=dict)
    """Idle workers seen working again since: the spell ends once that lasts `resume_s`."""
    last_sample: dict[str, float] = field(default_factory=dict)
    last_state: dict[str, tuple[float, float, str]] = field(default_factory=dict)
    """A person's last sampled frame that said idle or working: (time, bearing, state)."""
    has_frame_states: set[str] = field(default_factory=set)
    drops: dict[str, _Drop] = field(default_factory=dict)
    held_by_worker: set[str] = field(default_factory=set)
    """Tools last picked up by a seen worker: a worker's tool put down is not the wearer's left behind."""
    in_wearers_hand: set[str] = field(default_factory=set)
    """Tools the world says the wearer picked up and has not set down since: where they are seen is no place of theirs."""
    left_behind: set[str] = field(default_factory=set)
    """Tools said to be left behind and not seen since: the wearer moved on, so their places by bearing are stale."""
    units: dict[str, int] = field(default_factory=dict)
    units_by_label: dict[str, int] = field(default_factory=dict)
    """The most units a work object of each label was seen with (one seen again under a new id keeps them)."""
    stages: dict[str, int] = field(default_factory=dict)
    places: dict[str, _Place] = field(default_factory=dict)
    vacated: dict[str, _Place] = field(default_factory=dict)
    """Places things left unseen (seen elsewhere since, never carried in view): still to be looked at."""
    ppe_since: dict[str, float] = field(default_factory=dict)
    ppe_last: dict[str, float] = field(default_factory=dict)
    ppe_alerted: set[str] = field(default_factory=set)
    ppe_framed: set[str] = field(default_factory=set)
    anchors: dict[str, tuple[str, float, float]] = field(default_factory=dict)
    anchor_seen: dict[str, float] = field(default_factory=dict)
    """Hazard entity -> (label, bearing, half width) of zone anchors (excavations)."""
    zone_stays: dict[str, float] = field(default_factory=dict)
    """'{person}:{zone}' -> when last seen inside, for people alerted in a zone and not seen out of it since: one
    stay, one alert (a worker down a trench for minutes, looked away from and back at, did not enter it again)."""
    zone_out: dict[str, float] = field(default_factory=dict)
    """'{person}:{zone}' -> since when a person in a stay has been seen out of the zone (a moment out, as the head
    moves and the boxes with it, does not end the stay)."""
    asked: dict[str, float] = field(default_factory=dict)
    first_seen: dict[str, float] = field(default_factory=dict)
    """Entity -> when the rules first saw it (a thing that turns up as another vanished may be that one)."""
    first_bearing: dict[str, float] = field(default_factory=dict)
    """Entity -> the world bearing it was first seen at (a thing of the same label first seen later at a
    remembered place is the remembered thing seen again under another id)."""
    sighted: dict[str, tuple[float, float]] = field(default_factory=dict)
    """Per still thing: (seconds seen, seconds its place was looked at): how reliably the detector sees it there."""
    walking_recent: tuple[bool, ...] = ()
    """Whether the wearer walked in each of the last clips, newest last (a turn mid-walk hides one clip's walk)."""
    sizes: dict[str, float] = field(default_factory=dict)
    """Entity id -> a still thing's typical box height near the middle of the view when last measured."""
    walked_at: float = -1.0
    """The end of the last clip in which the wearer walked (see `walked`): places known only by their
    bearing from before it no longer point at the things."""
    last_alert: dict[tuple[str, str], float] = field(default_factory=dict)
    last_t: float = -1.0


_PHRASE = {
    "front": "in front of you", "front-right": "to your front-right", "right": "on your right",
    "behind-right": "behind you to the right", "behind": "behind you", "behind-left": "behind you to the left",
    "left": "on your left", "front-left": "to your front-left",
}  # fmt: skip


def _where(bearing: float | None, heading: float | None) -> str:
    if bearing is None:
        return ""
    if heading is None:
        return f" at bearing {bearing:.0f} deg"
    return f" {_PHRASE[direction(bearing, heading)]} (bearing {bearing:.0f} deg)"


def _int(value: AttributeValue | None) -> int | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int | float):
        return int(value)
    try:
        return int(float(str(value)))
    except ValueError:
        return None


def _is_person(label: str, r: SiteRules) -> bool:
    return label in r.person_labels


class Rule(Protocol):
    """One alert category: what it watches and when it fires (its parameters: `SiteRules.<category>`)."""

    category: ClassVar[str]

    def fire(self, f: ClipFacts, st: CameraState, r: SiteRules) -> list[Trigger]: ...


class SafetyRule:
    category: ClassVar[str] = "safety_alert"

    def fire(self, f: ClipFacts, st: CameraState, r: SiteRules) -> list[Trigger]:
        p = r.safety_alert
        out = []
        for o in f.observations:
            if o.label in p.hazard_labels and len(o.samples) >= 1:
                out.append(Trigger(self.category, o.label, f"Hazard: {o.label} seen{_where(o.bearing_deg, f.heading_deg)}.",
                                   f.t_end, (o.entity_id,), (o.samples[0][0] if o.samples else f.t_start,), (o.label,)))  # fmt: skip
        for person_label, hazard_label in p.pairs:
            hazards = [(o, {t: b for t, b, _ in o.samples}, _extents(o)) for o in f.observations if o.label == hazard_label]
            for person in (o for o in f.observations if o.label == person_label):
                body = {round(t, 3): (top, bottom) for t, top, bottom in person.rows}
                for hz, at, size in hazards:
                    reach = hz.half_width_deg + person.half_width_deg + p.near_deg
                    close = [t for t, b, _ in person.samples if t in at and angular_distance(b, at[t]) <= reach
                             and _near_in_scale(body.get(round(t, 3)), size.get(round(t, 3)), f, p.load_min_m)]
                    if len(close) >= p.min_frames:
                        msg = (f"Safety: a {person_label} under or beside the {hazard_label.replace('_', ' ')} at "
                               f"{close[0]:.0f} s{_where(hz.bearing_deg, f.heading_deg)}.")  # fmt: skip
                        # one situation per hazard: a second person (or the same one remembered twice) under
                        # the same load within the cooldown is the same alert
                        out.append(Trigger(self.category, f"{hz.entity_id}:{hazard_label}", msg, close[0],
                                           (person.entity_id, hz.entity_id), (close[0],), (person_label, hazard_label)))  # fmt: skip
                        break
        people = [o for o in f.observations if _is_person(o.label, r)]
        plants = [o for o in f.observations if o.label in p.moving_plant_labels and o.samples]
        for plant in plants:
            # a machine cut by the frame's side edge shows only part of itself: its box's middle slides as the
            # head turns, which reads as driving; only whole boxes say where it is (unless a detector says it moves)
            said_moving = plant.attributes.get("moving") is True
            cut = set() if said_moving else _cut_at_side(plant, f.image_width)
            whole = [(t, b, s_) for t, b, s_ in plant.samples if round(t, 3) not in cut]
            if not whole:
                continue
            bearings = [b for _t, b, _s in whole]
            shifted = max(angular_distance(b, bearings[0]) for b in bearings) >= 3.0
            moving = {t: b for t, b, s_ in whole if s_ == "moving"}
            if not moving or not (shifted or "moving" in plant.attributes):
                continue  # parked, or only image motion from a head turn
            # the wearer walking in this clip or the one before (a walk's last steps can be too few for a clip to
            # show): parked plant shifts in the view by parallax, so only a detector's word counts. Measured only here,
            # for plant that reads as moving
            if not said_moving and ((bool(st.walking_recent) and st.walking_recent[-1]) or walking_in(f, r)):
                continue
            plant_rows = {round(t, 3): (top, bottom) for t, top, bottom in plant.rows}
            for person in people:
                reach = plant.half_width_deg + person.half_width_deg + p.plant_near_deg
                body = {round(t, 3): (top, bottom) for t, top, bottom in person.rows}
                close = [t for t, b, _ in person.samples if t in moving and angular_distance(b, moving[t]) <= reach
                         and _beside_in_depth(body.get(round(t, 3)), plant_rows.get(round(t, 3)), f.scale_px, p)]  # fmt: skip
                if len(close) >= p.min_frames:
                    label = plant.label.replace("_", " ")
                    msg = f"Safety: a {person.label} next to the moving {label} at {close[0]:.0f} s{_where(plant.bearing_deg, f.heading_deg)}."
                    out.append(Trigger(self.category, f"{plant.entity_id}:{plant.label}", msg, close[0],
                                       (person.entity_id, plant.entity_id), (close[0],), (person.label, plant.label)))  # fmt: skip
        return out


class PpeRule:
    category: ClassVar[str] = "ppe_violation"

    def fire(self, f: ClipFacts, st: CameraState, r: SiteRules) -> list[Trigger]:
        p = r.ppe_violation
        out = []
        for o in f.observations:
            if not _is_person(o.label, r):
                continue
            frames = o.ppe or self._from_attributes(o)
            eid = o.entity_id
            for t, hat, vest in frames:
                missing = (p.require_hardhat and hat is False) or (p.require_vest and vest == "none")
                ok = (not p.require_hardhat or hat is True) and (not p.require_vest or (vest not in (None, "none")))
                last = st.ppe_last.get(eid)
                if last is not None and t - last > 10.0:  # unseen meanwhile: the run starts again
                    st.ppe_since.pop(eid, None)
                if missing:
                    st.ppe_since.setdefault(eid, t)
                    st.ppe_last[eid] = t
                elif ok:
                    st.ppe_since.pop(eid, None)
                    st.ppe_alerted.discard(eid)
                    st.ppe_last[eid] = t
                since = st.ppe_since.get(eid)
                if since is not None and eid not in st.ppe_alerted and t - since >= p.min_duration_s:
                    st.ppe_alerted.add(eid)
                    what = "a hard hat" if p.require_hardhat and hat is False else "a vest"
                    msg = (f"PPE: a {o.label} without {what}{_where(o.bearing_deg, f.heading_deg)} "
                           f"since {since:.0f} s ({t - since:.0f} s).")  # fmt: skip
                    out.append(Trigger(self.category, f"{eid}:{since:.0f}", msg, since, (eid,), (since,), (o.label,)))
            if frames:
                st.ppe_framed.add(eid)
        for e in f.events:  # no per-frame PPE for this person: the world model's hysteresis decides
            if e.kind == "ppe_off" and _is_person(e.label, r) and e.entity_id not in st.ppe_framed \
                    and p.require_hardhat:  # fmt: skip
                msg = f"PPE: a {e.label} without a hard hat{_where(e.bearing_deg, f.heading_deg)} since {e.t:.0f} s."
                out.append(Trigger(self.category, f"{e.entity_id}:{e.t:.0f}", msg, e.t, (e.entity_id,), (e.t,),
                                   (e.label,), (e,)))  # fmt: skip
        return out

    @staticmethod
    def _from_attributes(o: ObsFact) -> tuple[tuple[float, bool | None, str | None], ...]:
        """No per-frame PPE (an older memory): the observation's majority, on each of its frames."""
        hat = o.attributes.get("hardhat")
        vest = o.attributes.get("vest")
        h = hat if isinstance(hat, bool) else None
        v = str(vest).lower() if isinstance(vest, str) else None
        if h is None and v is None:
            return ()
        return tuple((t, h, v) for t, _b, _s in o.samples)


class ZoneRule:
    category: ClassVar[str] = "exclusion_zone"

    def fire(self, f: ClipFacts, st: CameraState, r: SiteRules) -> list[Trigger]:
        p = r.exclusion_zone
        for o in f.observations:
            if o.label in p.anchor_labels:
                st.anchors[o.entity_id] = (o.label, o.bearing_deg, o.half_width_deg)
                st.anchor_seen[o.entity_id] = o.samples[-1][0] if o.samples else f.t_end
        # where each anchor (a pit) lies in the image, frame by frame: a person beside it in bearing but
        # standing beyond or in front of it (feet above its top edge or below its bottom) is not in it
        pits = [o for o in f.observations if o.label in p.anchor_labels]
        anchor_rows: dict[str, dict[float, tuple[float, float]]] = {}
        anchor_cols: dict[str, dict[float, tuple[float, float]]] = {}
        for o in pits:  # (an entity may have several observations in a clip: all their frames)
            anchor_rows.setdefault(o.entity_id, {}).update({t: (top, bottom) for t, top, bottom in o.rows})
            anchor_cols.setdefault(o.entity_id, {}).update({t: (left, right) for t, left, right in o.cols})
        # the same pit seen as another entity this clip (its bearing drifted from the remembered one): any
        # pit observation of the anchor's label near the anchor's bearing gives its rows in that frame
        for key, (label, bearing, half) in st.anchors.items():
            rows_k = anchor_rows.setdefault(key, {})
            cols_k = anchor_cols.setdefault(key, {})
            for o in pits:
                if o.label == label and o.entity_id != key and angular_distance(o.bearing_deg, bearing) <= half + p.margin_deg:
                    for t, top, bottom in o.rows:
                        rows_k.setdefault(t, (top, bottom))
                    for t, left, right in o.cols:
                        cols_k.setdefault(t, (left, right))
        # everyone's rows per frame: the horizon from the others standing in it (`in_pit`)
        people_rows: dict[float, list[tuple[str, float, float]]] = {}
        for o in f.observations:
            if _is_person(o.label, r):
                for t, top, bottom in o.rows:
                    people_rows.setdefault(round(t, 3), []).append((o.entity_id, top, bottom))
        out = []
        for o in f.observations:
            if not _is_person(o.label, r):
                continue
            rows_at = {t: (top, bottom) for t, top, bottom in o.rows}
            sides = {t: (left, right) for t, left, right in o.cols}
            for key, name, inside in self._zones(f, st, r):
                rows = _Frames(anchor_rows.get(key, {}))
                cols = _Frames(anchor_cols.get(key, {}))
                # a zone around a pit out of the frame is known by its bearing only, which a walk since
                # it was seen has made stale (parallax)
                stale = key in st.anchors and st.anchor_seen.get(key, 0.0) < st.walked_at
                anchored = key in st.anchors  # a zone around a pit (not a configured bearing range)
                stay = f"{o.entity_id}:{key}"
                in_stay, entry, last_hit = stay in st.zone_stays, [], False
                for t, b, _ in o.samples:
                    if stale and t not in rows.at:
                        continue
                    pit_rows, pit_cols = rows.near(t, 1.0), cols.near(t, 0.5)
                    # around a pit, the pit must be in the picture (its rows within 1 s, its ends within 0.5 s):
                    # a person at its remembered bearing with no pit in sight is not known to be in it
                    if anchored and (pit_rows is None or pit_cols is None):
                        continue
                    others = [(top, bottom) for eid, top, bottom in people_rows.get(round(t, 3), ()) if eid != o.entity_id]
                    last_hit = inside(b) and _in_pit_frame(rows_at.get(t), sides.get(t), pit_rows, pit_cols, others,
                                                           f.image_height or None, f.image_width or None)  # fmt: skip
                    if not last_hit:
                        if in_stay and t - st.zone_out.setdefault(stay, t) >= p.left_s:
                            in_stay = False  # seen out of it, the zone in the picture: a next time in is another entry
                            st.zone_stays.pop(stay, None)
                            st.zone_out.pop(stay, None)
                    elif in_stay:
                        st.zone_stays[stay] = t  # still in the stay already alerted
                        st.zone_out.pop(stay, None)
                    else:
                        entry.append((t, b))
                        st.zone_out.pop(stay, None)
                if len(entry) >= p.min_frames:
                    t_in, b_in = entry[0]
                    if last_hit:
                        st.zone_stays[stay] = o.samples[-1][0]
                    msg = f"Exclusion zone {name}: a {o.label} entered it at {t_in:.0f} s{_where(b_in, f.heading_deg)}."
                    out.append(Trigger(self.category, f"{o.entity_id}:{key}", msg, t_in, (o.entity_id,), (t_in,), (o.label,)))  # fmt: skip
                    break
        return out

    @staticmethod
    def _zones(f: ClipFacts, st: CameraState, r: SiteRules) -> list[tuple[str, str, Callable[[float], bool]]]:
        p = r.exclusion_zone
        zones: list[tuple[str, str, Callable[[float], bool]]] = []
        for i, z in enumerate(p.zones):
            if z.camera is None or z.camera == f.camera_id:
                zones.append((f"zone{i}", z.name or f"{z.from_deg:.0f}..{z.to_deg:.0f} deg", z.contains))
        for eid, (label, bearing, half) in sorted(st.anchors.items()):
            zones.append((eid, f"around the {label}", _near(bearing, half + p.margin_deg)))
        return zones


def _beside_in_depth(person: tuple[float, float] | None, plant: tuple[float, float] | None, scale_px: float | None,
                     p: SafetySiteRule) -> bool:
    """Beside the machine in depth too, from one frame: from `plant_near_m` in front of its bottom edge to its
    depth plus `plant_near_m` beyond (a person lined up with it but far nearer or farther is not next to it).
    Unknown (no rows, no lens scale, a row above the horizon): beside."""
    if person is None or plant is None or scale_px is None:
        return True
    gap = depth_gap_m(person, plant[1], scale_px)
    return gap is None or -p.plant_near_m <= gap <= p.plant_depth_m + p.plant_near_m


_EDGE_FRACTION = 0.03


def _cut_at_side(o: ObsFact, width: int | None) -> set[float]:
    """The frames (rounded times) in which the thing's box reaches the frame's left or right edge (within
    `_EDGE_FRACTION` of the width: a detector's box of a cut-off thing wobbles a few pixels short of it)."""
    margin = max(1.0, _EDGE_FRACTION * width) if width else 1.0
    return {round(t, 3) for t, left, right in o.cols if left <= margin or (width and right >= width - margin)}


def _seen_whole(o: ObsFact, f: ClipFacts) -> bool:
    """Whether any of an observation's boxes lies clear of the picture's left and right sides (unknown width: yes)."""
    width = f.image_width
    if not width or not o.cols:
        return True
    return any(left > _EDGE_FRACTION * width and right < (1.0 - _EDGE_FRACTION) * width for _t, left, right in o.cols)


def _last_whole_bearing(o: ObsFact, f: ClipFacts) -> float | None:
    """The bearing of an observation's last sampled box clear of the picture's sides (None: none is, or unknown)."""
    width = f.image_width
    if not width or not o.cols:
        return None
    clear = {round(t, 3) for t, left, right in o.cols if left > _EDGE_FRACTION * width and right < (1.0 - _EDGE_FRACTION) * width}
    return next((b for t, b, _ in reversed(o.samples) if round(t, 3) in clear), None)


def _last_said(o: ObsFact) -> str | None:
    """The state of an observation's last sampled frame that says one (a frame may say nothing)."""
    return next((state for _t, _b, state in reversed(o.samples) if state is not None), None)


def _extents(o: ObsFact) -> dict[float, tuple[float, float, float, float]]:
    """(left, top, right, bottom) of a thing's box per sampled frame."""
    cols = {round(t, 3): (left, right) for t, left, right in o.cols}
    return {round(t, 3): (cols[round(t, 3)][0], top, cols[round(t, 3)][1], bottom) for t, top, bottom in o.rows
            if round(t, 3) in cols}


def _near_in_scale(person: tuple[float, float] | None, hazard: tuple[float, float, float, float] | None,
                   f: ClipFacts, min_m: float) -> bool:
    """Whether a hazard beside a person in the image can be beside them in depth too: at the person's scale (a
    standing person's height) it is at least `min_m` on its longest side. A crane's load far off over the
    person's head looks small. Unknown (no boxes, a box cut by the frame's edge): near."""
    if person is None or hazard is None or min_m <= 0:
        return True
    left, top, right, bottom = hazard
    width, height = f.image_width, f.image_height
    if top <= 1 or left <= 1 or (width and right >= width - 1) or (height and bottom >= height - 1):
        return True  # cut by the frame: its size is not known
    if person[1] - person[0] <= 0 or (height and person[1] >= height - 1):
        return True  # the person's feet out of the frame: their height is not known
    px_per_m = (person[1] - person[0]) / PERSON_HEIGHT_M
    return max(right - left, bottom - top) >= min_m * px_per_m


class _Frames:
    """A pit's per-frame (top, bottom) rows or (left, right) ends, looked up by time."""

    def __init__(self, at: dict[float, tuple[float, float]]) -> None:
        self.at = at
        self._times = sorted(at)

    def near(self, t: float, within_s: float) -> tuple[float, float] | None:
        """In the frame at `t`, else the nearest frame within `within_s` (a detector misses a flat, distant pit
        in some frames; it does not move, and the head moves little in a second)."""
        if t in self.at:
            return self.at[t]
        i = bisect.bisect_left(self._times, t)
        near = min((self._times[j] for j in (i - 1, i) if 0 <= j < len(self._times)), key=lambda k: abs(k - t), default=None)
        return self.at[near] if near is not None and abs(near - t) <= within_s else None


def _in_pit_frame(rows: tuple[float, float] | None, sides: tuple[float, float] | None, pit_rows: tuple[float, float] | None,
                  pit_cols: tuple[float, float] | None, others: list[tuple[float, float]], frame_height: int | None,
                  frame_width: int | None = None) -> bool:
    """A person in a pit in one frame (`in_pit`, the horizon from the `others`' rows, read only when both boxes
    are known): what is not known of the two boxes does not rule it out (no rows: over its columns is enough;
    no columns: within its rows)."""
    if sides is not None and pit_cols is not None and not feet_over_pit(sides, pit_cols):
        return False
    if rows is None or pit_rows is None:
        return True
    if sides is None or pit_cols is None:
        return feet_in_pit(rows[1], *pit_rows)
    return in_pit((sides[0], rows[0], sides[1], rows[1]), (pit_cols[0], pit_rows[0], pit_cols[1], pit_rows[1]),
                  horizon_from_people(others, frame_height), frame_height, frame_width)


def _near(centre: float, reach: float) -> Callable[[float], bool]:
    def inside(bearing: float) -> bool:
        return angular_distance(bearing, centre) <= reach

    return inside


class LeftBehindRule:
    category: ClassVar[str] = "left_behind"

    def fire(self, f: ClipFacts, st: CameraState, r: SiteRules) -> list[Trigger]:
        p = r.left_behind
        for e in f.events:
            if not named_by(e.label, p.tool_labels):
                continue
            if e.kind == "dropped" and (e.detail.get("by") == "wearer" or e.entity_id not in st.held_by_worker):
                st.drops[e.entity_id] = _Drop(e.t, e.bearing_deg, e.label, e.t)
            elif e.kind == "picked_up":
                st.drops.pop(e.entity_id, None)
                if e.detail.get("by_entity_id"):  # a worker has it: when it is put down, that is theirs to mind
                    st.held_by_worker.add(e.entity_id)
                else:
                    st.held_by_worker.discard(e.entity_id)
        out = []
        for o in f.observations:
            d = st.drops.get(o.entity_id)
            after = [smp for smp in o.samples if smp[0] >= d.t] if d is not None else []
            if d is not None and after:
                states = [smp[2] for smp in after if smp[2] is not None]
                if (states[-1] if states else o.state) == "carried":  # picked up again ("moving" alone is image motion)
                    st.drops.pop(o.entity_id, None)
                    continue
                if o.samples[0][0] - d.last_seen > p.timeout_s:  # it was out of view long enough before now
                    out.append(self._trigger(o.entity_id, d, o.samples[0][0] - d.last_seen, f, st))
                    del st.drops[o.entity_id]
                    continue
                d.last_seen = max(d.last_seen, o.samples[-1][0])
                d.bearing = o.samples[-1][1]
        for eid, d in sorted(st.drops.items()):
            if f.t_end - d.last_seen <= p.timeout_s:  # (the last sighting is known to a frame's step: just the timeout
                continue  # after it may still be short of it)
            if d.bearing is not None and self._attended(f, d.bearing, r) and p.unless_attended:
                continue
            del st.drops[eid]
            out.append(self._trigger(eid, d, f.t_end - d.last_seen, f, st))
        return out

    def _trigger(self, eid: str, d: _Drop, away_s: float, f: ClipFacts, st: CameraState) -> Trigger:
        st.left_behind.add(eid)
        msg = (f"Left behind: a {d.label} put down at {d.t:.0f} s{_where(d.bearing, f.heading_deg)} "
               f"has not been picked up; out of view for {away_s:.0f} s.")  # fmt: skip
        return Trigger(self.category, eid, msg, d.t, (eid,), (d.t,), (d.label,))

    @staticmethod
    def _attended(f: ClipFacts, bearing: float, r: SiteRules) -> bool:
        for o in f.observations:
            if not _is_person(o.label, r) or not o.samples:
                continue
            t_last = o.samples[-1][0]
            recent = [b for t, b, _ in o.samples if t >= t_last - 2.0]
            if any(angular_distance(b, bearing) <= r.left_behind.near_deg for b in recent):
                return True
        return False


class IdleRule:
    category: ClassVar[str] = "idle"

    def fire(self, f: ClipFacts, st: CameraState, r: SiteRules) -> list[Trigger]:
        thr = r.idle.threshold_s
        for o in f.observations:
            if not _is_person(o.label, r):
                continue
            eid = o.entity_id
            for t, b, state in o.samples:
                last = st.last_sample.get(eid)
                if last is not None and t - last > thr and not self._idle_in_place(st, eid, last, b, state, r):
                    st.idle_since.pop(eid, None)  # unseen meanwhile: no evidence
                    st.idle_alerted.discard(eid)
                    st.busy_since.pop(eid, None)
                st.last_sample[eid] = t
                if state is None:
                    continue
                st.last_state[eid] = (t, b, state)
                st.has_frame_states.add(eid)
                if state == "idle":
                    st.idle_since.setdefault(eid, t)
                    st.busy_since.pop(eid, None)
                elif state in ("active", "moving") and eid in st.idle_since \
                        and t - st.busy_since.setdefault(eid, t) >= r.idle.resume_s:  # fmt: skip
                    st.idle_since.pop(eid, None)
                    st.idle_alerted.discard(eid)
                    st.busy_since.pop(eid, None)
        for e in f.events:  # entities without per-frame states: the world model's hysteresis
            if not _is_person(e.label, r) or e.entity_id in st.has_frame_states:
                continue
            if e.kind == "idle":
                st.idle_since.setdefault(e.entity_id, e.t)
            elif e.kind == "active":
                st.idle_since.pop(e.entity_id, None)
                st.idle_alerted.discard(e.entity_id)
        out = []
        for eid, since in sorted(st.idle_since.items()):
            if eid in st.idle_alerted or f.t_end - since < thr:
                continue
            if eid in st.has_frame_states and (eid in st.busy_since or not any(
                    o.entity_id == eid and _last_said(o) == "idle" for o in f.observations)):  # fmt: skip
                continue  # said while it holds: seen idle now (unseen, they may have gone back to work)
            if f.t_end - st.last_sample.get(eid, since) > thr:  # not seen for a while: no longer known idle
                continue
            st.idle_alerted.add(eid)
            label = next((o.label for o in f.observations if o.entity_id == eid), "worker")
            bearing = next((o.bearing_deg for o in f.observations if o.entity_id == eid), None)
            msg = f"Idle: a {label}{_where(bearing, f.heading_deg)} has been idle since {since:.0f} s ({f.t_end - since:.0f} s)."
            out.append(Trigger(self.category, eid, msg, since, (eid,), (since,), (label,)))
        return out

    @staticmethod
    def _idle_in_place(st: CameraState, eid: str, last: float, bearing: float, state: str | None, r: SiteRules) -> bool:
        """Seen idle, unseen for a while, and seen idle again at the same place, the wearer standing where he stood:
        idle all along (a labourer sat on a pallet does not get up, work, and sit down again just where he was)."""
        before = st.last_state.get(eid)
        return (state == "idle" and before is not None and before[2] == "idle" and last - before[0] <= 5.0
                and eid in st.idle_since and eid not in st.busy_since and st.walked_at < last
                and angular_distance(before[1], bearing) <= r.idle.same_place_deg)


class ProgressRule:
    category: ClassVar[str] = "progress"

    def fire(self, f: ClipFacts, st: CameraState, r: SiteRules) -> list[Trigger]:
        p = r.progress
        out = []
        for o in f.observations:
            if (p.labels and o.label not in p.labels) or _is_person(o.label, r):
                continue
            t0 = o.samples[0][0] if o.samples else f.t_start
            key, units = next(((k, n) for k in (p.unit_attribute, *p.unit_attributes)
                                if (n := _int(o.attributes.get(k))) is not None), (None, None))  # fmt: skip
            if key is not None and units is not None:
                # (a work object seen again under a new id: what its label counted before still stands)
                prev = st.units.get(o.entity_id, st.units_by_label.get(o.label))
                first = (prev == 0 and units >= 1) or (prev is None and units == 1)
                if first:
                    msg = f"Progress: the first {key.rstrip('s')} of the {o.label.replace('_', ' ')} is done{_where(o.bearing_deg, f.heading_deg)}."
                    out.append(Trigger(self.category, f"{o.entity_id}:first", msg, t0, (o.entity_id,), (t0,), (o.label,)))  # fmt: skip
                st.units[o.entity_id] = max(units, prev or 0)
                st.units_by_label[o.label] = max(units, st.units_by_label.get(o.label, 0))
            stages = _int(o.attributes.get(p.stage_attribute))
            if stages is not None:
                prev_s = st.stages.get(o.entity_id)
                if prev_s is not None:
                    for n in range(prev_s + 1, stages + 1):
                        if n % p.stage_every == 0:
                            msg = (f"Progress: {p.stage_attribute.rstrip('s')} {n} of the {o.label.replace('_', ' ')} "
                                   f"is done{_where(o.bearing_deg, f.heading_deg)}.")  # fmt: skip
                            out.append(Trigger(self.category, f"{o.entity_id}:stage{n}", msg, t0, (o.entity_id,), (t0,), (o.label,)))  # fmt: skip
                st.stages[o.entity_id] = max(stages, prev_s or 0)
        return out


def _still_heights(f: ClipFacts, r: SiteRules) -> list[tuple[str, list[float]]]:
    """Per still thing of the clip (not a person, not carried, not plant, not growing by work), its heights
    near the middle of the view: the sizes that change only when the wearer walks."""
    times = [t for t, _h in f.view]  # in time order
    out = []
    for o in f.observations:
        if _is_person(o.label, r) or o.state == "carried" or not o.rows or not times \
                or o.label in r.safety_alert.moving_plant_labels or o.attributes.get("moving") is True \
                or grows_by_work(o.attributes):  # fmt: skip
            continue  # (plant drives about: a reversing dumper grows in the view while the wearer stands still)
        bearing = {round(t, 3): b for t, b, _ in o.samples}

        def heading_near(t: float) -> float:  # the view sample nearest the frame
            i = bisect.bisect_left(times, t)
            return f.view[min((j for j in (i - 1, i) if 0 <= j < len(times)), key=lambda j: abs(times[j] - t))][1]

        out.append((o.entity_id, middle_heights(((bearing.get(round(t, 3)), heading_near(t), whole_height(top, bottom, f.image_height))
                                                 for t, top, bottom in o.rows), f.hfov_deg)))  # fmt: skip
    return out


def walking_in(f: ClipFacts, r: SiteRules) -> bool:
    """Whether the wearer walked during this clip, from the still things' sizes alone (no state)."""
    ratios = [ratio for _eid, heights in _still_heights(f, r) if (ratio := size_ratio(heights)) is not None]
    return clip_walked(ratios, r.memory_recall.walk_scale)


def walked(f: ClipFacts, st: CameraState, r: SiteRules) -> None:
    """Whether the wearer walked during the clip, from the image alone: still things near the middle of
    the view grow or shrink (a head turn moves them across the view but keeps their size; near the
    middle, even a fisheye barely changes it). Two clips running in which the typical still thing
    changed size by half or more: walking (`st.walked_at`). Also: a still thing seen again at a size
    `walk_scale` off the one it had when last measured: the wearer moved in between (a walk done out of
    sight of anything, or too slowly for one clip to show), so places known from before are stale."""
    ratios = []
    moved_since = False
    for eid, heights in _still_heights(f, r):
        ratio = size_ratio(heights)
        if ratio is not None:
            ratios.append(ratio)
        if len(heights) >= 3:
            typical = typical_height(heights)
            earlier = st.sizes.get(eid)
            if earlier is not None and max(typical, earlier) / min(typical, earlier) > r.memory_recall.walk_scale_seen_again:
                moved_since = True  # a still thing seen bigger or smaller than last time: the wearer moved
            st.sizes[eid] = typical
    walking = clip_walked(ratios, r.memory_recall.walk_scale)
    if moved_since:
        st.walked_at = max(st.walked_at, f.t_start)
    st.walking_recent = (*st.walking_recent[-2:], walking)
    # walking in two clips of three (`walk_in`), or still walking after a pause
    if walking and (walk_in(st.walking_recent) or (st.walked_at >= 0.0 and f.t_start - st.walked_at <= 30.0)):
        st.walked_at = f.t_end


class RecallRule:
    category: ClassVar[str] = "memory_recall"

    def fire(self, f: ClipFacts, st: CameraState, r: SiteRules) -> list[Trigger]:
        p = r.memory_recall
        walked(f, st, r)
        seen: dict[str, ObsFact] = {}
        marks = _landmarks(f, r)
        for e in sorted(f.events, key=lambda e: e.t):  # the wearer's hand, by the world's account
            if e.kind == "picked_up" and e.detail.get("by") == "wearer":
                st.in_wearers_hand.add(e.entity_id)
            elif e.kind == "dropped":
                st.in_wearers_hand.discard(e.entity_id)
                if e.detail.get("out_of_view") is True:  # set down where it was never seen: no place to find empty
                    st.vacated.pop(e.entity_id, None)
        for o in f.observations:
            if _is_person(o.label, r) or o.label in p.labels_excluded or not o.samples:
                continue
            seen[o.entity_id] = o
            st.left_behind.discard(o.entity_id)
            st.first_seen.setdefault(o.entity_id, o.samples[0][0])
            st.first_bearing.setdefault(o.entity_id, o.samples[0][1])
            t_last, b_last, state = o.samples[-1]
            # carried in view: its place is no mystery. ("moving" alone is image motion, a head turn can cause it.)
            moving = state == "carried" or o.state == "carried" or o.entity_id in st.in_wearers_hand
            old = st.places.get(o.entity_id)
            if old is not None and old.still and not moving and not old.reported \
                    and angular_distance(old.bearing, b_last) > p.moved_deg:  # fmt: skip
                # seen somewhere else without being seen carried: moved unseen; its old place is still to check
                st.vacated[o.entity_id] = _Place(old.label, old.bearing, old.last_seen, True, old.looked_away)
            underfoot = _left_downwards(o, f)
            # a box cut off by the picture's side shows only part of the thing: its place is where it was last seen whole
            # in this observation; seen only cut off now, it keeps having been seen whole if it was, about there, before
            again = old is not None and old.whole and angular_distance(old.bearing, b_last) <= p.moved_deg
            b_whole = _last_whole_bearing(o, f)
            b_last = b_whole if b_whole is not None else b_last  # (not the old place: it may have been moved a little)
            whole = _seen_whole(o, f) or again
            st.places[o.entity_id] = _Place(o.label, b_last, t_last, not moving, underfoot=underfoot,
                                            marks=tuple(m for m in marks if m[0] != o.entity_id), whole=whole)  # fmt: skip
        for e in f.events:  # seen being taken: its place is not a mystery; nor set down out of view: it was never seen
            if (e.kind in ("picked_up", "moved") or e.detail.get("out_of_view") is True) and e.entity_id in st.places:
                st.places[e.entity_id].still = False
        out: list[Trigger] = []
        if not f.view:
            return out
        dt = (f.t_end - f.t_start) / max(1, len(f.view))
        calm = _calm_times(f.view, p.calm_deg_s)
        candidates = [(eid, place, False) for eid, place in sorted(st.places.items())]
        candidates += [(eid, place, True) for eid, place in sorted(st.vacated.items())]
        for eid, place, vacated in candidates:
            if eid in seen or place.reported or not place.still or place.last_seen < st.walked_at or not place.whole \
                    or eid in st.left_behind or place.underfoot or same_standpoint(place.marks, marks) is False:  # fmt: skip
                continue  # (left behind: the wearer moved on, its bearing is stale; underfoot: below the view;
                # the things seen beside it now lie at other bearings or sizes: he stands somewhere else)
            margin = max(p.view_margin_deg, p.view_margin_fraction * f.hfov_deg)  # a wide lens's rim squeezes things small
            in_view_at = [t for t, h in f.view if in_view(place.bearing, h, f.hfov_deg, margin)]
            if len(in_view_at) < len(f.view):
                place.looked_away = True
            # looked at: in view while the head was not sweeping fast (mid-turn a detector misses things)
            in_sight = [t for t in in_view_at if t in calm]
            if not place.looked_away or len(in_sight) * dt < p.min_view_s:
                continue
            seen_s, looked_s = st.sighted.get(eid, (0.0, 0.0))
            if looked_s >= p.min_view_s * 2 and seen_s < p.min_seen_fraction * looked_s:
                continue  # the detector seldom saw it when its place was looked at: its absence now says little
            if in_sight[0] - place.last_seen < p.min_away_s:
                continue
            twin = any(o.label == place.label and angular_distance(o.bearing_deg, place.bearing) <= 15.0
                       for o in f.observations)  # fmt: skip
            # a thing of the label first seen since this one was last seen, in view now, may be this very
            # one, seen from where the wearer has walked to (bearings shift) or re-identified: not a mystery;
            # unless it turned up only after the wearer had looked at the empty place (it was moved unseen and
            # is found later: the look already showed the place empty)
            newcomer = any(o.label == place.label and o.entity_id != eid
                           and place.last_seen - 1.0 <= st.first_seen.get(o.entity_id, -1.0) <= in_sight[-1]
                           for o in f.observations)  # fmt: skip
            if twin or newcomer:
                continue
            if any(other.label == place.label and oid != eid and st.first_seen.get(oid, -1.0) >= place.last_seen - 1.0
                   and angular_distance(st.first_bearing.get(oid, 1e9), place.bearing) <= 15.0
                   for oid, other in st.places.items()):  # fmt: skip
                # seen at this place again since, under another id (a tracker's new id after a gap): that one
                # carries the thing on; its old id's place is no mystery
                place.reported = True
                continue
            place.reported = True
            if vacated:
                st.vacated.pop(eid, None)
                st.places[eid].reported = True
            asked = st.asked.get(eid)
            also = f" You asked about it at {asked:.0f} s." if asked is not None else ""
            msg = (f"Memory: the {place.label} is no longer where you saw it{_where(place.bearing, f.heading_deg)}; "
                   f"last seen there at {place.last_seen:.0f} s.{also}")  # fmt: skip
            out.append(Trigger(self.category, eid, msg, in_sight[0], (eid,), (place.last_seen, in_sight[0]), (place.label,)))  # fmt: skip
        self._count_sightings(f, st, seen, calm, dt, p)
        return out

    @staticmethod
    def _count_sightings(f: ClipFacts, st: CameraState, seen: dict[str, ObsFact], calm: set[float], dt: float,
                         p: RecallSiteRule) -> None:
        """Add this clip's seconds seen and seconds looked at (its place calmly in view) to each still thing's tally."""
        margin = max(p.view_margin_deg, p.view_margin_fraction * f.hfov_deg)
        for eid, place in st.places.items():
            if not place.still:
                continue
            o = seen.get(eid)
            since = f.t_start if o is None else o.samples[0][0] - dt  # (seen: from when it was, as first seen then)
            looked = dt * sum(1 for t, h in f.view if t >= since and t in calm and in_view(place.bearing, h, f.hfov_deg, margin))
            got = 0.0 if o is None or not looked else min(o.samples[-1][0] - o.samples[0][0] + dt, looked)
            seen_s, looked_s = st.sighted.get(eid, (0.0, 0.0))
            st.sighted[eid] = (seen_s + got, looked_s + looked)


def _landmarks(f: ClipFacts, r: SiteRules) -> tuple[Landmark, ...]:
    """The clip's still things (no people, plant or carried things), with their bearing and typical box height."""
    return tuple(
        (o.entity_id, o.samples[-1][1] if o.samples else o.bearing_deg, typical_height([b - t for _s, t, b in o.rows]))
        for o in f.observations
        if not (_is_person(o.label, r) or o.state == "carried" or o.label in r.safety_alert.moving_plant_labels
                or not o.rows)
    )  # fmt: skip


def _left_downwards(o: ObsFact, f: ClipFacts) -> bool:
    """Whether a thing left the view through the bottom of the image (not a side): seen clear of the bottom
    edge, then on it (the wearer walked up to it or looked up), and not at a side edge then."""
    if not f.image_height or len(o.rows) < 2:
        return False
    low = 0.98 * f.image_height
    if o.rows[-1][2] < low or all(bottom >= low for _t, _top, bottom in o.rows):
        return False
    if f.image_width and o.cols:
        left, right = o.cols[-1][1], o.cols[-1][2]
        if left <= 0.01 * f.image_width or right >= 0.99 * f.image_width:
            return False
        # moving down the image, not across it (a head turn sweeps a near thing sideways, a little down)
        t_end = o.rows[-1][0]
        i = next((k for k in range(len(o.rows) - 1, -1, -1) if o.rows[k][0] <= t_end - 0.5), 0)
        if len(o.cols) == len(o.rows):
            dx = (o.cols[-1][1] + o.cols[-1][2] - o.cols[i][1] - o.cols[i][2]) / 2.0
            dy = (o.rows[-1][1] + o.rows[-1][2] - o.rows[i][1] - o.rows[i][2]) / 2.0
            if abs(dx) > abs(dy):
                return False
    return True


def _calm_times(view: Sequence[tuple[float, float]], max_deg_s: float) -> set[float]:
    """The view samples at which the head turned slower than `max_deg_s`."""
    calm: set[float] = set()
    for i, (t, h) in enumerate(view):
        j = i + 1 if i + 1 < len(view) else i - 1
        if j < 0:
            calm.add(t)
            continue
        t2, h2 = view[j]
        if abs(t2 - t) < 1e-9 or angular_distance(h, h2) / abs(t2 - t) <= max_deg_s:
            calm.add(t)
    return calm


RULES: tuple[Rule, ...] = (SafetyRule(), PpeRule(), ZoneRule(), LeftBehindRule(), RecallRule(), ProgressRule(), IdleRule())
"""Every category's rule; a new category is one more `Rule` here and its parameters in `SiteRules`."""


class RuleEngine:
    """State per camera plus the rules of the module docstring, with each camera's site rules."""

    def __init__(self, settings: ReasonerSettings | None = None,
                 rules_for: Callable[[str], SiteRules] | None = None) -> None:  # fmt: skip
        self.s = settings or ReasonerSettings()
        site = self.s.site_rules()
        self.rules_for: Callable[[str], SiteRules] = rules_for or site.for_camera
        self.cameras: dict[str, CameraState] = {}

    def state(self, camera_id: str) -> CameraState:
        return self.cameras.setdefault(camera_id, CameraState())

    def watch_for(self, camera_id: str, entity_ids: Sequence[str], t: float) -> None:
        """Someone asked about these entities at `t`: a recall of them says so."""
        st = self.state(camera_id)
        for eid in entity_ids:
            st.asked[eid] = t

    def cooldown(self, category: str, camera_id: str = "") -> float:
        return self.rules_for(camera_id).cooldown(category)

    def step(self, f: ClipFacts) -> list[Trigger]:
        """The triggers of one clip (clips of a camera in time order), after cooldowns."""
        st = self.state(f.camera_id)
        if f.t_end <= st.last_t:  # a clip seen before (restart, redelivery): nothing new to say
            return []
        st.last_t = f.t_end
        r = self.rules_for(f.camera_id)
        fired: list[Trigger] = []
        for rule in RULES:
            spec = getattr(r, rule.category)
            fired_now = rule.fire(f, st, r)  # state advances even when the category is switched off
            if spec.enabled:
                fired += fired_now
        out = []
        for tr in fired:
            k = (tr.category, tr.key)
            last = st.last_alert.get(k)
            if last is not None and f.t_end - last < r.cooldown(tr.category):
                continue
            st.last_alert[k] = f.t_end
            out.append(tr)
        out.sort(key=lambda tr: CATEGORY_PRIORITY.index(tr.category) if tr.category in CATEGORY_PRIORITY else 99)
        return out


__all__ = ["CATEGORY_PRIORITY", "RULES", "CameraState", "ClipFacts", "ObsFact", "Rule", "RuleEngine", "Trigger"]
