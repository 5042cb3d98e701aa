"""Merge what a vision-language model saw with what the tracker followed.

An entity is matched to an observation by track id when the model gives a
known one, else by IoU between its box and the observation's box nearest the
reference keyframe time (greedy, highest IoU first, same label preferred).
A matched observation keeps its tracked boxes, motion and attributes; the
model adds attributes the tracker does not have, a description, a state where
the tracker's is unknown, and relations. An unmatched entity becomes a new
observation with one TimedBox at the keyframe time.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field, field_validator

from spotter.messages import AttributeValue, EntityState, Observation, Relation, TimedBox

DEFAULT_MIN_IOU = 0.3
# A thing only the model saw has no track history behind it.
VLM_ONLY_SCORE = 0.5
_LABEL_JUNK = re.compile(r"[^a-z0-9_]+")


class VlmRelation(BaseModel):
    model_config = ConfigDict(extra="forbid")
    predicate: str = Field(min_length=1, max_length=64, description="near, holding, on, left_of, ...")
    object_track: str = Field(description="track of the other entity")


class VlmEntity(BaseModel):
    """One entity as the model reports it (boxes in source-frame pixels of the last image)."""

    model_config = ConfigDict(extra="forbid")
    track: str | None = Field(default=None, description="Track id from the summary, or null for a new thing")
    label: str = Field(min_length=1, max_length=64)
    bbox: list[float] = Field(min_length=4, max_length=4, description="x1, y1, x2, y2 in pixels")
    attributes: dict[str, AttributeValue] = Field(default_factory=dict)
    state: EntityState = "unknown"
    description: str = ""
    relations: list[VlmRelation] = Field(default_factory=list)

    @field_validator("bbox")
    @classmethod
    def _ordered(cls, value: list[float]) -> list[float]:
        x1, y1, x2, y2 = value
        if not (x2 > x1 and y2 > y1):
            raise ValueError(f"bbox {value} must have x2 > x1 and y2 > y1")
        return value


class VlmReply(BaseModel):
    """The structured reply asked of the model (its JSON schema goes into response_format)."""

    model_config = ConfigDict(extra="forbid")
    caption: str = Field(min_length=1, max_length=2000, description="One or two sentences describing the clip")
    entities: list[VlmEntity] = Field(default_factory=list)


def iou(a: Sequence[float], b: Sequence[float]) -> float:
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


def box_at(obs: Observation, t: float) -> tuple[float, float, float, float]:
    """The observation's box nearest time `t`."""
    return min(obs.boxes, key=lambda tb: abs(tb.t - t)).bbox


def clean_label(raw: str) -> str:
    label = _LABEL_JUNK.sub("_", re.sub(r"[\s\-./]+", "_", raw.strip().lower())).strip("_")
    return label[:64] or "object"


def match_entities(
    entities: Sequence[VlmEntity], observations: Sequence[Observation], t: float, min_iou: float = DEFAULT_MIN_IOU
) -> dict[int, int]:
    """Entity index -> observation index."""
    by_track = {o.track: i for i, o in enumerate(observations)}
    matched: dict[int, int] = {}
    for e, ent in enumerate(entities):
        if ent.track is not None and ent.track in by_track and by_track[ent.track] not in matched.values():
            matched[e] = by_track[ent.track]
    candidates: list[tuple[float, int, int]] = []
    for e, ent in enumerate(entities):
        if e in matched:
            continue
        for o, obs in enumerate(observations):
            if o in matched.values():
                continue
            overlap = iou(ent.bbox, box_at(obs, t))
            if overlap >= min_iou:
                same = clean_label(ent.label) == obs.label
                candidates.append((overlap + (1.0 if same else 0.0), e, o))
    for _, e, o in sorted(candidates, key=lambda c: (-c[0], c[1], c[2])):
        if e not in matched and o not in matched.values():
            matched[e] = o
    return matched


def merge_entities(
    observations: Sequence[Observation], entities: Sequence[VlmEntity], t: float, min_iou: float = DEFAULT_MIN_IOU
) -> list[Observation]:
    """Tracked observations enriched by the model's entities, then the entities only the model saw."""
    matched = match_entities(entities, observations, t, min_iou)
    taken = {o.track for o in observations}
    # The model's name for each entity -> the track it ends up as (for its relations).
    alias: dict[str, str] = {o.track: o.track for o in observations}
    new_tracks: dict[int, str] = {}
    n = 0
    for e, ent in enumerate(entities):
        if e in matched:
            track = observations[matched[e]].track
        else:
            while f"v{n}" in taken:
                n += 1
            track = f"v{n}"
            taken.add(track)
            new_tracks[e] = track
        if ent.track is not None:
            alias.setdefault(ent.track, track)
        alias.setdefault(track, track)

    def relations(ent: VlmEntity, own: str, existing: Sequence[Relation]) -> list[Relation]:
        out = list(existing)
        for rel in ent.relations:
            target = alias.get(rel.object_track)
            if target is None or target == own:
                continue
            new = Relation(predicate=clean_label(rel.predicate), object_track=target)
            if new not in out:
                out.append(new)
        return out

    by_obs = {o: e for e, o in matched.items()}
    merged: list[Observation] = []
    for o, obs in enumerate(observations):
        if o not in by_obs:
            merged.append(obs)
            continue
        ent = entities[by_obs[o]]
        attrs: dict[str, AttributeValue] = {**ent.attributes, **obs.attributes}
        merged.append(obs.model_copy(update={
            "attributes": attrs,
            "state": obs.state if obs.state != "unknown" else ent.state,
            "description": ent.description or obs.description,
            "relations": relations(ent, obs.track, obs.relations),
        }))
    for e, track in new_tracks.items():
        ent = entities[e]
        x1, y1, x2, y2 = ent.bbox
        merged.append(Observation(
            track=track,
            label=clean_label(ent.label),
            boxes=[TimedBox(t=t, bbox=(x1, y1, x2, y2))],
            score=VLM_ONLY_SCORE,
            attributes=dict(ent.attributes),
            state=ent.state,
            description=ent.description,
            relations=relations(ent, track, []),
        ))
    return merged
