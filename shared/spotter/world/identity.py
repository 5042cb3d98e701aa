"""Which entity an observation belongs to: GEB's identity rule behind VISTA's spatial gates.

An observation joins an entity of the same canonical label only if ALL hold:

1. Spatial gate (VISTA): some box bearing of the observation lies within
   `person_gate_deg` (20) of the entity's bearing for people, `thing_gate_deg`
   (40) for placed things; a tool confirmed as carried may be anywhere. If the
   entity was seen within `distance_gate_window_s`, the distance proxies must
   also agree within 0.25 / 0.5 (later the wearer has walked, so distance says
   little). Look-alikes at different bearings therefore stay apart.
2. Appearance gate (GEB): cosine similarity >= theta_cons to EVERY one of the
   entity's K most recent references and >= theta_match to at least one.
   References without a descriptor are skipped; when neither side has a
   usable descriptor there is no appearance evidence and the spatial gate
   alone decides (VISTA's behaviour for captioners without descriptors).
3. No separation (GEB): if the entity has an observation in the SAME clip
   whose boxes share frames with this one and most shared frames have IoU <
   `separation_iou`, the two were shown apart and cannot be one thing.

A persistent external track id shared with one of the entity's references
replaces the appearance gate and widens the bearing gate to `track_gate_deg`,
but never overrides the separation veto; a different external track id than the
entity's is a veto of its own (the detector told them apart) while the entity has been out of view for no
longer than the detector is known to keep an id through (see `other_track`). Among qualifying entities the best
mean similarity wins (ties: smaller angle, then id). None qualifies: the caller
starts a new entity (conservative: split rather than merge).

`resolve_moved` and `resolve_returning` are the two exceptions to the spatial
gate: a placed thing whose old place has been seen empty, and a person seen
again elsewhere whom appearance picks out unambiguously (see their docstrings).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from spotter.graph.base import EntityRecord, ObservationRecord
from spotter.messages import TimedBox
from spotter.world.geometry import angular_distance, iou
from spotter.world.labels import is_person
from spotter.world.settings import WorldSettings

MatchReason = Literal["appearance", "spatial", "track", "moved", "returning"]


@dataclass(frozen=True, slots=True)
class Probe:
    """The observation being resolved, already placed in the world."""

    label: str
    clip_id: str
    t_start: float
    bearing_deg: float
    bearings: tuple[float, ...]
    distance: float
    boxes: tuple[TimedBox, ...]
    appearance: tuple[float, ...] = ()
    external_track: str | None = None
    id_memory_s: float = math.inf  # the longest gap after which this camera's detector gave an individual its id again
    vest: str | None = None  # the vest colour the detector saw ("none": no vest); a hat comes off, a vest stays
    hat: str | None = None  # the hard hat colour the detector saw
    distance_first: float | None = None  # the distance proxy of the first box (where it came back into view)


@dataclass(frozen=True, slots=True)
class Candidate:
    """An entity with its K most recent observations (ascending by time), pending ones included."""

    entity: EntityRecord
    refs: Sequence[ObservationRecord]
    carried: bool = False
    external_tracks: frozenset[str] = field(default_factory=frozenset)
    last_distance: float | None = None  # the distance proxy of its last box (where it went out of view)


@dataclass(frozen=True, slots=True)
class Match:
    entity_id: str
    score: float
    angle_deg: float
    reason: MatchReason
    similarities: tuple[float, ...] = ()


def cosine(a: Sequence[float], b: Sequence[float]) -> float | None:
    """Cosine similarity, or None when the descriptors cannot be compared."""
    if not a or not b or len(a) != len(b):
        return None
    dot = sum(x * y for x, y in zip(a, b, strict=True))
    na = math.sqrt(sum(x * x for x in a))
    nb = math.sqrt(sum(y * y for y in b))
    if na == 0.0 or nb == 0.0:
        return None
    return dot / (na * nb)


def similarities(probe: Probe, refs: Sequence[ObservationRecord], k: int) -> tuple[float, ...]:
    """Similarity of the probe to each of the last `k` references that carry a comparable descriptor."""
    sims = (cosine(probe.appearance, r.appearance) for r in list(refs)[-k:])
    return tuple(s for s in sims if s is not None)


def shown_apart(
    boxes_a: Sequence[TimedBox], boxes_b: Sequence[TimedBox], *, iou_below: float, tol_s: float
) -> bool:
    """GEB's separation evidence: in shared frames, most box pairs barely overlap.

    No shared frame means no evidence (False), never proof of sameness.
    """
    shared = 0
    apart = 0
    for a in boxes_a:
        for b in boxes_b:
            if abs(a.t - b.t) <= tol_s:
                shared += 1
                if iou(a.bbox, b.bbox) < iou_below:
                    apart += 1
                break
    return shared > 0 and apart * 2 > shared


class IdentityResolver:
    """Decides identity for one observation against candidate entities; pure and deterministic."""

    def __init__(self, settings: WorldSettings | None = None) -> None:
        self.settings = settings or WorldSettings()

    # --- gates --------------------------------------------------------------------

    def gate_deg(self, cand: Candidate) -> float:
        if cand.carried:
            return 180.0
        return self.settings.person_gate_deg if is_person(cand.entity.label) else self.settings.thing_gate_deg

    def gate_distance(self, label: str) -> float:
        s = self.settings
        return s.person_gate_distance if is_person(label) else s.thing_gate_distance

    def angle_to(self, probe: Probe, entity: EntityRecord) -> float:
        """Closest approach of any of the probe's box bearings to the entity's bearing."""
        bearings = probe.bearings or (probe.bearing_deg,)
        return min(angular_distance(b, entity.bearing_deg) for b in bearings)

    def separated(self, probe: Probe, cand: Candidate) -> bool:
        s = self.settings
        return any(
            r.clip_id == probe.clip_id
            and shown_apart(probe.boxes, r.boxes, iou_below=s.separation_iou, tol_s=s.shared_frame_tol_s)
            for r in cand.refs
        )

    def appearance_ok(self, sims: Sequence[float], cons: float, match: float) -> bool:
        return bool(sims) and min(sims) >= cons and max(sims) >= match

    def other_clothes(self, probe: Probe, cand: Candidate) -> bool:
        """The detector saw a different vest on the probe than on the entity's recent references, or a hard
        hat of another colour: two people (a vest is not changed in the minutes a memory bridges; a hat comes
        off, so a missing one says nothing, but one of another colour is someone else's)."""
        if probe.external_track is None or not is_person(probe.label):
            return False  # only a tracking detector's colours are trusted (the built-in one mixes orange and yellow)
        refs = list(cand.refs)[-self.settings.recent_refs:]
        vests = [v for r in refs if isinstance(v := r.attributes.get("vest"), str)]
        if probe.vest is not None and vests and probe.vest not in vests:
            return True
        hats = [h for r in refs if isinstance(h := r.attributes.get("hat_colour"), str) and h != "none"]
        return probe.hat not in (None, "none") and bool(hats) and probe.hat not in hats

    def distance_apart(self, probe: Probe, cand: Candidate) -> float:
        """How far the probe came back into view from where the entity went out of it: a person walks
        on between the two, so their means over both sightings would differ when the ends agree."""
        came = probe.distance if probe.distance_first is None else probe.distance_first
        went = cand.entity.distance if cand.last_distance is None else cand.last_distance
        return abs(came - went)

    def look(self, probe: Probe) -> tuple[str, str] | None:
        """The probe's vest and hat colours, when a tracking detector read both (its colours are trusted)."""
        if probe.external_track is None or probe.vest in (None, "none") or probe.hat in (None, "none"):
            return None
        return (probe.vest, probe.hat)

    def track_linked(self, probe: Probe, cand: Candidate) -> bool:
        return probe.external_track is not None and probe.external_track in cand.external_tracks

    def other_track(self, probe: Probe, cand: Candidate) -> bool:
        """The detector tracks both and gives them different ids: shown apart, while the entity was out of
        view for no longer than the detector is known to remember an individual (`id_memory_s`: the
        longest gap after which one of its ids came back; at least `track_gap_s`). A tracker keeps an id
        through a short absence and gives a new one after a longer one, so past its memory a new id says
        nothing and the other gates decide; a re-identifying detector's memory grows as ids come back."""
        if probe.external_track is None or not cand.external_tracks or probe.external_track in cand.external_tracks:
            return False
        return probe.t_start - cand.entity.last_seen <= max(probe.id_memory_s, self.settings.track_gap_s)

    # --- decisions ----------------------------------------------------------------

    def evaluate(self, probe: Probe, cand: Candidate) -> Match | None:
        """The match of `probe` to one candidate under the normal rule, or None."""
        s = self.settings
        if cand.entity.label != probe.label or self.separated(probe, cand) or self.other_track(probe, cand):
            return None
        angle = self.angle_to(probe, cand.entity)
        tracked = self.track_linked(probe, cand)
        if not tracked and self.other_clothes(probe, cand):
            return None
        gate = max(self.gate_deg(cand), s.track_gate_deg) if tracked else self.gate_deg(cand)
        if angle > gate:
            return None
        recent = probe.t_start - cand.entity.last_seen <= s.distance_gate_window_s
        if recent and not cand.carried and not tracked and self.distance_apart(probe, cand) > self.gate_distance(probe.label):
            return None
        sims = similarities(probe, cand.refs, s.recent_refs)
        spatial_score = 1.0 - angle / 180.0
        if tracked:
            score = sum(sims) / len(sims) if sims else spatial_score
            return Match(cand.entity.entity_id, score, angle, "track", sims)
        if not sims:
            return Match(cand.entity.entity_id, spatial_score, angle, "spatial", sims)
        if not self.appearance_ok(sims, s.theta_cons, s.theta_match):
            return None
        return Match(cand.entity.entity_id, sum(sims) / len(sims), angle, "appearance", sims)

    def resolve(self, probe: Probe, candidates: Sequence[Candidate]) -> Match | None:
        """The best qualifying entity, or None (start a new one)."""
        matches = [m for c in candidates if (m := self.evaluate(probe, c)) is not None]
        return best(matches)

    def resolve_moved(
        self,
        probe: Probe,
        candidates: Sequence[Candidate],
        old_place_seen_empty: Callable[[EntityRecord], bool],
    ) -> Match | None:
        """A placed thing seen far from its bearing that is the same thing, moved.

        Only for non-movers, only with descriptors on both sides: similarity >=
        `theta_move` to EVERY recent reference (a stricter appearance gate
        replaces the spatial one), the bearing changed by more than
        `move_min_deg`, no separation evidence, and its old place has been in
        view without it (`old_place_seen_empty`). Identical look-alikes whose
        places were never seen empty therefore stay apart.
        """
        s = self.settings
        matches: list[Match] = []
        for cand in candidates:
            ent = cand.entity
            if ent.label != probe.label or is_person(ent.label) or self.separated(probe, cand) \
                    or self.other_track(probe, cand):  # fmt: skip
                continue
            angle = angular_distance(probe.bearing_deg, ent.bearing_deg)
            if angle <= s.move_min_deg:
                continue
            sims = similarities(probe, cand.refs, s.recent_refs)
            if not self.appearance_ok(sims, s.theta_move, s.theta_move):
                continue
            if not old_place_seen_empty(ent):
                continue
            matches.append(Match(ent.entity_id, sum(sims) / len(sims), angle, "moved", sims))
        return best(matches)


    def resolve_returning(self, probe: Probe, candidates: Sequence[Candidate]) -> Match | None:
        """A person who failed the spatial gate but is a known person seen again elsewhere.

        People walk: a worker who crossed the site between two sightings is past the 20 deg
        gate, and GEB's rule alone would start a new entity each time (7 entities per worker in
        14 minutes on the scenario suite). Only for people, only with descriptors on both sides:
        similarity >= `theta_reid` to EVERY recent reference, no separation evidence, no other
        detector track, no other vest; and unambiguous: the best candidate's mean similarity
        beats every other qualifying person's by `reid_margin` (two workers in the same vest
        stay apart rather than being merged).

        Without descriptors (a detector service gives boxes, not pixels) a tracking detector's colours
        stand in: the vest and hat it read on the probe are the ones most of a known person's recent
        sightings show, and no one else so dressed is known, unless all such were never in view together
        (one person split before): then the one seen last.
        """
        s = self.settings
        if not s.reid_people or not is_person(probe.label):
            return None
        matches: list[Match] = []
        dressed: list[Candidate] = []
        look = self.look(probe)
        for cand in candidates:
            if (cand.entity.label != probe.label or self.separated(probe, cand) or self.other_track(probe, cand)
                    or self.other_clothes(probe, cand)):  # fmt: skip
                continue
            sims = similarities(probe, cand.refs, s.recent_refs)
            if not sims:
                if look is not None and _majority_look(cand.refs[-s.recent_refs:]) == look:
                    dressed.append(cand)
                continue
            if not self.appearance_ok(sims, s.theta_reid, s.theta_reid):
                continue
            matches.append(Match(cand.entity.entity_id, sum(sims) / len(sims), self.angle_to(probe, cand.entity),
                                 "returning", sims))  # fmt: skip
        if not matches:
            return self._returning_by_clothes(probe, dressed)
        ranked = sorted(matches, key=lambda m: (-m.score, m.angle_deg, m.entity_id))
        if len(ranked) > 1 and ranked[0].score - ranked[1].score < s.reid_margin:
            return None
        return ranked[0]

    def _returning_by_clothes(self, probe: Probe, dressed: Sequence[Candidate]) -> Match | None:
        if not dressed:
            return None
        latest = sorted(dressed, key=lambda c: (-c.entity.last_seen, c.entity.entity_id))
        if any(in_view_together(_spans(latest[0].refs), _spans(c.refs)) for c in latest[1:]):
            return None  # two people dressed alike: which one came back is not known
        return Match(latest[0].entity.entity_id, 0.0, self.angle_to(probe, latest[0].entity), "returning", ())


def _majority_look(refs: Sequence[ObservationRecord]) -> tuple[str, str] | None:
    """The vest and hat colours most of these sightings show with both read."""
    looks = [(v, h) for r in refs if isinstance(v := r.attributes.get("vest"), str)
             and isinstance(h := r.attributes.get("hat_colour"), str)]  # fmt: skip
    if not looks:
        return None
    top = max(set(looks), key=lambda lk: (looks.count(lk), lk))
    return top if looks.count(top) * 2 > len(looks) else None


def _spans(refs: Sequence[ObservationRecord]) -> list[tuple[float, float]]:
    return [(r.t_start, r.t_end) for r in refs]


def in_view_together(a: Sequence[tuple[float, float]], b: Sequence[tuple[float, float]], overlap_s: float = 0.3) -> bool:
    """Two sets of sightings overlap in time by more than `overlap_s`: in view together. (Sightings that
    only touch, as one person's at a clip boundary or a tracker's new id a frame later, are not.)"""
    return any(min(a1, b1) - max(a0, b0) > overlap_s for a0, a1 in a for b0, b1 in b)


def best(matches: Sequence[Match]) -> Match | None:
    if not matches:
        return None
    return sorted(matches, key=lambda m: (-m.score, m.angle_deg, m.entity_id))[0]


__all__ = [
    "Candidate",
    "IdentityResolver",
    "Match",
    "MatchReason",
    "Probe",
    "best",
    "cosine",
    "in_view_together",
    "shown_apart",
    "similarities",
]
