"""Thresholds of the world model, one pydantic-settings class (`SPOTTER_WORLD_*`)."""

from __future__ import annotations

from pydantic import Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class WorldSettings(BaseSettings):
    """Identity gates (GEB + VISTA), position update, confidence decay and event hysteresis."""

    model_config = SettingsConfigDict(env_prefix="SPOTTER_WORLD_", extra="ignore", frozen=True)

    # --- identity: appearance (GEB) ---
    theta_cons: float = Field(
        default=0.80,
        ge=-1.0,
        le=1.0,
        title="theta_cons",
        description="Cosine similarity an observation needs to EVERY recent reference of an entity",
    )
    theta_match: float = Field(
        default=0.90,
        ge=-1.0,
        le=1.0,
        title="theta_match",
        description="Cosine similarity it needs to AT LEAST ONE recent reference (> theta_cons)",
    )
    recent_refs: int = Field(
        default=5,
        ge=1,
        title="K recent references",
        description="How many recent observations are references",
    )
    # --- identity: space (VISTA) ---
    person_gate_deg: float = Field(default=20.0, gt=0.0, le=180.0, description="Bearing gate for people")
    thing_gate_deg: float = Field(
        default=40.0, gt=0.0, le=180.0, description="Bearing gate for placed things"
    )
    person_gate_distance: float = Field(default=0.25, gt=0.0, description="Distance-proxy gate for people")
    thing_gate_distance: float = Field(
        default=0.5, gt=0.0, description="Distance-proxy gate for placed things"
    )
    distance_gate_window_s: float = Field(
        default=10.0,
        ge=0.0,
        title="Distance gate window (s)",
        description="Apply the distance gate only this soon after the entity was last seen (the wearer walks)",
    )
    track_gate_deg: float = Field(
        default=180.0,
        gt=0.0,
        le=180.0,
        description=(
            "Bearing gate when a persistent external track id links the observation to the entity "
            "(180: the detector's id is trusted wherever the thing went, e.g. a worker carrying a ladder away)"
        ),
    )
    separation_iou: float = Field(
        default=0.1, ge=0.0, le=1.0, description="IoU below which two co-visible boxes are 'shown apart'"
    )
    shared_frame_tol_s: float = Field(
        default=0.02, ge=0.0, description="Two boxes within this many seconds are in the same frame"
    )
    track_gap_s: float = Field(
        default=2.0, ge=0.0,
        description="A new detector id within this gap is another individual; an id seen again after a longer gap lengthens that to the gap (the detector's memory)",
    )
    external_track_ids: bool = Field(
        default=False,
        description="Treat Observation.track as a persistent detector track id (else only attributes ext_track_id/track_id)",
    )
    # --- a person seen again elsewhere (re-identification) ---
    reid_people: bool = Field(
        default=True,
        description="A person who matches no entity by the usual gates may still be a known person seen again "
        "elsewhere (people walk): see IdentityResolver.resolve_returning",
    )
    theta_reid: float = Field(
        default=0.85,
        ge=-1.0,
        le=1.0,
        description="Appearance similarity to EVERY recent reference needed to re-identify a person elsewhere",
    )
    reid_margin: float = Field(
        default=0.03,
        ge=0.0,
        le=1.0,
        description="The best person must beat the next one by this much mean similarity (else: ambiguous, new entity)",
    )
    # --- moved (placed things) ---
    move_min_deg: float = Field(
        default=25.0, gt=0.0, le=180.0, description="Bearing change that counts as a move"
    )
    theta_move: float = Field(
        default=0.90,
        ge=-1.0,
        le=1.0,
        description="Appearance similarity to EVERY recent reference needed to follow a moved thing",
    )
    absence_samples: int = Field(
        default=2,
        ge=1,
        description="Heading samples of one clip with the old place in view = absence evidence",
    )
    view_margin_deg: float = Field(
        default=5.0,
        ge=0.0,
        description="A bearing this close to the edge of the view does not count as in view",
    )
    # --- a hand tool the wearer sets down or picks up (the hands are below the view) ---
    set_down_bottom: float = Field(
        default=0.7, gt=0.0, le=1.0,
        description="A hand tool first seen with its box's bottom this low in the image (fraction of its height) ...",
    )
    set_down_height: float = Field(
        default=0.15, gt=0.0, le=1.0, description="... and at least this tall (fraction of the image): the wearer just set it down",
    )
    set_down_after_s: float = Field(
        default=5.0, ge=0.0, description="Not in the first seconds of the camera's memory, when everything is first seen",
    )
    set_down_ahead_bottom: float = Field(
        default=0.55, gt=0.0, le=1.0,
        description="A hand tool appearing mid-picture where the view rested counts as set down only this low or lower"
        " (its box's bottom, fraction of the image height): on the ground near the wearer",
    )
    frame_gap_s: float = Field(
        default=0.25, ge=0.0, description="Frames this far apart still count as the view resting unbroken on a place",
    )
    receding: float = Field(
        default=0.8, gt=0.0, le=1.0,
        description="A tool whose last box is smaller than this fraction of its usual size was walked away from, not picked up",
    )
    in_hand_edge: float = Field(
        default=0.02, ge=0.0, le=0.5,
        description="A hand tool's box this close to the bottom of the image (fraction of its height) is cut off by it ...",
    )
    in_hand_height: float = Field(
        default=0.1, gt=0.0, le=1.0, description="... and at least this tall (fraction of the image): in the wearer's hand",
    )
    in_hand_turn_deg: float = Field(
        default=3.0, ge=0.0, description="Heading turned this much while such a box kept its image column: it moves with the head",
    )
    sinking_s: float = Field(
        default=0.5, ge=0.0,
        description="A hand tool whose last boxes, just after in-hand frames, are slivers at the picture's bottom for at most this"
        " long sank out of the view with the hand: not set down",
    )
    turned_over: float = Field(
        default=2.5, gt=1.0,
        description="A hand tool's box whose shape (height over width) changes this many times between two steady spells turned"
        " over: from upright in the hand to lying flat (or back) ...",
    )
    turned_over_ratio: float = Field(
        default=1.3, gt=1.0, description="... and then a change of size this many times (not `lift_ratio`) is a lowering or a lift",
    )
    held_up_turn_deg: float = Field(
        default=15.0, ge=0.0,
        description="Heading turned this much while a hand tool's box, not cut off, kept its place in the picture (column and row"
        " within `held_up_drift` of the image): held up in the wearer's hand in front of him",
    )
    held_up_drift: float = Field(
        default=0.05, ge=0.0, le=1.0, description="How far (fraction of the image) a held-up tool's box may wander while the head turns",
    )
    min_hand_s: float = Field(
        default=0.5, ge=0.0, description="A tool in or out of the wearer's hand this long before a pick-up or set-down counts",
    )
    taken_in_view_s: float = Field(
        default=1.5, ge=0.0,
        description="A hand tool not seen again while its place stays in view this long was picked up (taken in view)",
    )
    lift_ratio: float = Field(
        default=1.7, gt=1.0,
        description="A hand tool's box growing (or shrinking) this many times between two steady spells, the view still:"
        " lifted from the ground to the wearer's hand (or lowered from it), seen while the wearer looks down",
    )
    lift_s: float = Field(
        default=1.5, gt=0.0, description="... within this many seconds (a hand's move, not a walk)",
    )
    steady_s: float = Field(
        default=0.3, ge=0.0, description="A spell of a box at one size (within 25 %) this long, 3 frames or more, is steady",
    )
    hand_size: float = Field(
        default=0.15, gt=0.0, le=1.0,
        description="A hand tool's box this wide or tall (fraction of the image width) is within arm's reach: seen so,"
        " a tool known to be in hand stays in hand unless the detector says otherwise",
    )
    lift_turn_deg: float = Field(
        default=10.0, ge=0.0,
        description="The heading turning more than this during the change: a sweep across the lens, which changes sizes too",
    )
    # --- position and confidence ---
    mover_alpha: float = Field(
        default=0.3, gt=0.0, le=1.0, description="EWMA weight of a new bearing (movers)"
    )
    thing_alpha_min: float = Field(
        default=0.1,
        gt=0.0,
        le=1.0,
        description="Placed things average their bearings (1/n) down to this EWMA weight",
    )
    decay_per_s: float = Field(default=0.015, ge=0.0, description="Confidence lost per second unobserved")
    prune_below: float = Field(
        default=0.2,
        ge=0.0,
        le=1.0,
        description="Below this decayed confidence an entity is not 'present' (never erased)",
    )
    # --- events (hysteresis) ---
    left_view_clips: int = Field(default=1, ge=1, description="Clips unseen before left_view")
    returned_after_s: float = Field(
        default=30.0, ge=0.0, description="Unobserved this long, then seen: returned"
    )
    state_clips: int = Field(default=2, ge=1, description="Consecutive observations to confirm idle/active")
    hold_clips: int = Field(
        default=1, ge=1, description="Consecutive observations to confirm picked_up/dropped"
    )
    ppe_clips: int = Field(default=1, ge=1, description="Consecutive observations to confirm ppe_on/ppe_off")
    idle_px_s: float = Field(default=2.0, ge=0.0, description="Motion at or below this (state unknown): idle")
    active_px_s: float = Field(
        default=6.0, ge=0.0, description="Motion at or above this (state unknown): active"
    )
    # --- restart ---
    reload_window_s: float = Field(
        default=900.0, gt=0.0, description="On (re)load, read an entity's observations this far back first"
    )

    @model_validator(mode="after")
    def _ordered(self) -> WorldSettings:
        if self.theta_match < self.theta_cons:
            raise ValueError("theta_match must be >= theta_cons (GEB)")
        if self.active_px_s < self.idle_px_s:
            raise ValueError("active_px_s must be >= idle_px_s")
        return self


__all__ = ["WorldSettings"]
