"""Where a box is in the world: bearings, relative directions and a distance proxy.

Conventions (the public contract): yaw and bearings in degrees,
growing clockwise seen from above (turning right). A box right of the image
centre therefore has a larger bearing than the heading. Relative direction is
`wrap(bearing - heading)` in (-180, 180], named in eight 45-degree sectors.

The camera is a pinhole: focal length f = (w / 2) / tan(hfov / 2) and principal
point cx = (w - 1) / 2 (pixel centres), so a box at column x is seen at
`atan((x - cx) / f)` right of the optical axis. Lens distortion is ignored
(a few degrees at the edge of a wide lens, well inside the identity gates).

Stored bearings are wrapped to (-180, 180]; the heading itself is unwrapped,
which is harmless because every comparison goes through `wrap_deg`.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from typing import Literal

from spotter.heading.base import focal_px, wrap_deg
from spotter.messages import Projection

BBox = tuple[float, float, float, float]

Sector = Literal[
    "front", "front-right", "right", "behind-right", "behind", "behind-left", "left", "front-left"
]

# Clockwise from straight ahead; sector i is centred on i * 45 degrees.
SECTORS: tuple[Sector, ...] = (
    "front",
    "front-right",
    "right",
    "behind-right",
    "behind",
    "behind-left",
    "left",
    "front-left",
)
SECTOR_CENTRES: dict[Sector, float] = {name: wrap_deg(45.0 * i) for i, name in enumerate(SECTORS)}

# Apparent box height (fraction of the frame height) of a thing of this label seen
# from about 2 m: the size half of the distance proxy. Rough construction-site values;
# labels not listed use only the vertical position.
TYPICAL_NEAR_HEIGHT: dict[str, float] = {
    "worker": 0.9,
    "ladder": 0.9,
    "scaffold": 1.0,
    "wheelbarrow": 0.45,
    "toolbox": 0.3,
    "cone": 0.3,
    "pallet": 0.25,
    "drill": 0.15,
    "hammer": 0.15,
    "brick_wall": 0.8,
}

# Where the horizon sits for a level head-worn camera (fraction of the frame height):
# a box whose bottom edge is there is "far" (1), one at the bottom edge is "near" (0).
HORIZON_FRACTION = 0.5


def egocentric_deg(x: float, width: int, hfov_deg: float, projection: Projection = "pinhole") -> float:
    """Angle of image column `x` right of the optical axis (negative = left)."""
    cx = (width - 1) / 2.0
    if projection == "fisheye":
        return (x - cx) / (width / 2.0) * hfov_deg / 2.0
    return math.degrees(math.atan((x - cx) / focal_px(width, hfov_deg)))


def column_at(ego_deg: float, width: int, hfov_deg: float, projection: Projection = "pinhole") -> float:
    """Inverse of `egocentric_deg`: the image column seen at `ego_deg` right of the axis."""
    if projection == "fisheye":
        return (width - 1) / 2.0 + ego_deg / (hfov_deg / 2.0) * (width / 2.0)
    return (width - 1) / 2.0 + focal_px(width, hfov_deg) * math.tan(math.radians(ego_deg))


def box_centre_x(bbox: BBox) -> float:
    return (bbox[0] + bbox[2]) / 2.0


def bearing_deg(heading_deg: float, bbox: BBox, width: int, hfov_deg: float, projection: Projection = "pinhole") -> float:
    """World-fixed bearing of a box's centre column, wrapped to (-180, 180]."""
    return wrap_deg(heading_deg + egocentric_deg(box_centre_x(bbox), width, hfov_deg, projection))


CALM_TURN_DEG_S = 30.0
"""A head turning slower than this is looking; faster, it sweeps past (blur, things leaving the frame's
edge): a place counts as looked at only while calm (memory_recall's default `calm_deg_s`, and answers)."""


WORK_RESUMED_S = 3.0
"""Another activity seen this long ends an idle (or working) spell; less is a moment's motion while standing
about (the idle rule's default `resume_s`, and the answers' spells)."""


def feet_in_pit(feet: float, top: float, bottom: float) -> bool:
    """A person's feet (their box's bottom row) inside a pit's rows in the same frame: below the far edge's
    row (on it is the rim, or a few metres beyond: they look the same) and down to a little past the near
    edge (standing at the near edge counts). The exclusion-zone rule and the zone answers both use it."""
    height = max(1.0, bottom - top)
    return top + 0.15 * height <= feet <= bottom + 0.15 * height


PERSON_HEIGHT_M = 1.75
"""A standing person, for distances from the image (the wearer's eye is about as high: the horizon runs
through the heads of people standing on the same ground)."""
EYE_HEIGHT_M = 1.7


def pixels_per_radian(width: int, hfov_deg: float, projection: Projection = "pinhole") -> float:
    """The lens's scale at the image centre, in pixels per radian (the focal length for a pinhole)."""
    if projection == "fisheye":
        return (width / 2.0) / math.radians(hfov_deg / 2.0)
    return focal_px(width, hfov_deg)


def depth_gap_m(person: tuple[float, float], ground_row: float, scale_px: float) -> float | None:
    """How far beyond a ground row (a machine's bottom edge) a standing person is, in metres (negative: nearer
    the wearer), from one frame: the person's height gives their distance and puts the horizon at their head
    height; the row's offset below that horizon gives its distance. None when the row is at or above it."""
    top, bottom = person
    if bottom - top <= 2.0:
        return None
    height, horizon = bottom - top, horizon_of(top, bottom)
    if ground_row - horizon <= 1.0:
        return None
    return scale_px * PERSON_HEIGHT_M / height - scale_px * EYE_HEIGHT_M / (ground_row - horizon)


IN_PIT_DEPTH_M = 0.4
"""A person whose feet are this far below the ground the others stand on is down in the pit they are over."""
PIT_DEPTH_MAX_M = 2.0
"""The deepest a person in a pit stands for `in_pit` (their feet show at most this far under the near rim's
ground; deeper, the rim hides them)."""


def horizon_of(top: float, bottom: float) -> float:
    """The horizon's row if a person (top, bottom rows) stands on the wearer's ground: their feet lie
    `EYE_HEIGHT_M / PERSON_HEIGHT_M` of their height below it."""
    return bottom - (bottom - top) * EYE_HEIGHT_M / PERSON_HEIGHT_M


def _whole(top: float, bottom: float, frame_height: int | None) -> bool:
    """A person's box that shows their height: not cut by the frame's top or bottom, not a few pixels tall."""
    return bottom - top >= 8.0 and top > 1.0 and (frame_height is None or bottom < frame_height - 1)


def horizon_from_people(people: Iterable[tuple[float, float]], frame_height: int | None = None) -> float | None:
    """The horizon's row in one frame from the people standing in it (top, bottom rows), `horizon_of` each: the
    median over everyone whole in the frame (`_whole`); None when there is nobody."""
    rows = [horizon_of(top, bottom) for top, bottom in people if _whole(top, bottom, frame_height)]
    return statistics.median(rows) if rows else None


def depth_below_ground(person: tuple[float, float], horizon: float) -> float:
    """How far below the others' ground a person's feet are, in metres, from their box (top, bottom rows) and the
    horizon's row: at their distance (from their height) a row's offset below the horizon is a drop below the
    eye. Negative: standing higher (a scaffold, a spoil heap)."""
    top, bottom = person
    height = max(1.0, bottom - top)
    return (bottom - horizon) * PERSON_HEIGHT_M / height - EYE_HEIGHT_M


def down_in_pit(person: tuple[float, float, float, float], pit: tuple[float, float, float, float],
                horizon: float | None, frame_height: int | None = None) -> bool | None:
    """Whether a person (box) over a pit (its box) stands down in it, by their depth: feet below its far edge
    and `IN_PIT_DEPTH_M` or more below the ground the others in the frame stand on (`horizon`), and no lower in
    the image than someone `PIT_DEPTH_MAX_M` down just inside its near rim. None when the depth is not known
    (no horizon, a box cut by the frame's edge or a few pixels tall, a pit at or above the horizon)."""
    _left, top, _right, bottom = person
    if horizon is None or not _whole(top, bottom, frame_height) or pit[3] <= horizon + 1.0:
        return None
    lowest = horizon + (pit[3] - horizon) * (EYE_HEIGHT_M + PIT_DEPTH_MAX_M) / EYE_HEIGHT_M
    rows = max(1.0, pit[3] - pit[1])
    return pit[1] + 0.15 * rows <= bottom <= lowest and depth_below_ground((top, bottom), horizon) >= IN_PIT_DEPTH_M


def in_pit(person: tuple[float, float, float, float], pit: tuple[float, float, float, float],
           horizon: float | None = None, frame_height: int | None = None, frame_width: int | None = None) -> bool:
    """A person (box) in a pit (its box) in the same frame: over its columns (`feet_over_pit`) and, where the
    horizon and the frame's width are known, inside the ground the pit's box can cover at the feet's row
    (`feet_in_footprint`); and feet between its top and bottom edges (`feet_in_pit`: standing in a shallow
    trench, or at its rim, as zones with a margin count it), or down in it by their depth below the others'
    ground (`down_in_pit`: someone down in it near the rim shows their feet well below the rim's row)."""
    if not feet_over_pit((person[0], person[2]), (pit[0], pit[2])):
        return False
    if feet_in_footprint(person, pit, horizon, frame_width) is False:
        return False
    return feet_in_pit(person[3], pit[1], pit[3]) or down_in_pit(person, pit, horizon, frame_height) is True


def feet_in_footprint(person: tuple[float, float, float, float], pit: tuple[float, float, float, float],
                      horizon: float | None, frame_width: int | None) -> bool | None:
    """Whether a person's feet (their box's bottom centre) lie where the pit's ground can be seen at that row.
    A pit's box is as wide as its widest row; the ground it covers narrows towards the horizon, its sides
    running to the vanishing point at the horizon above the image's centre (a level camera; the pit's sides
    along the view, its extent across it the same near and far). So beside the far end of a pit that lies to
    one side of the view, inside its box, is outside it: a worker walking past it there is not in it. None when
    it cannot be told (no horizon or width, the pit at or above the horizon, feet above the horizon); a side cut
    by the frame's edge bounds nothing."""
    if horizon is None or not frame_width:
        return None
    left, top, right, bottom = pit
    x, feet = (person[0] + person[2]) / 2.0, person[3]
    if top <= horizon + 1.0 or feet <= horizon:
        return None
    centre = frame_width / 2.0
    at_feet, far, near = feet - horizon, top - horizon, bottom - horizon  # rows below the horizon ~ 1 / distance
    # The box's left side, when left of the centre, is the pit's near corner (a point off-centre moves towards the
    # centre with distance); when right of the centre, its far corner. Mirrored for the right side.
    lo = left <= 1.0 or x >= centre + (left - centre) * at_feet / (near if left < centre else far)
    hi = right >= frame_width - 1.0 or x <= centre + (right - centre) * at_feet / (near if right > centre else far)
    return lo and hi


def feet_over_pit(person: tuple[float, float], pit: tuple[float, float]) -> bool:
    """A person's box centre between a pit's left and right edges in the same frame (left, right columns):
    standing at its end, box overlapping its edge, is beside it. The zone rule and the zone answers use it."""
    return pit[0] <= (person[0] + person[1]) / 2.0 <= pit[1]


def relative_deg(bearing: float, heading: float) -> float:
    """Bearing relative to where the wearer looks: wrap(bearing - heading) in (-180, 180]."""
    return wrap_deg(bearing - heading)


def sector(relative: float) -> Sector:
    """The sector holding a relative angle; each covers [centre - 22.5, centre + 22.5).

    Boundaries belong to the clockwise neighbour (22.5 is front-right, -22.5 is
    front); `behind` covers [157.5, 180] and (-180, -157.5).
    """
    idx = math.floor((wrap_deg(relative) + 22.5) / 45.0) % 8
    return SECTORS[idx]


def direction(bearing: float, heading: float) -> Sector:
    """Named direction of a world bearing for a wearer looking along `heading`."""
    return sector(relative_deg(bearing, heading))


def angular_distance(a: float, b: float) -> float:
    """Smallest absolute angle between two bearings, in [0, 180]."""
    return abs(wrap_deg(a - b))


def circular_mean(angles: Sequence[float], weights: Sequence[float] | None = None) -> float:
    """Mean direction of `angles` (degrees), wrapped; the plain mean breaks at the seam."""
    if not angles:
        raise ValueError("circular_mean of no angles")
    ws = weights if weights is not None else [1.0] * len(angles)
    s = sum(w * math.sin(math.radians(a)) for a, w in zip(angles, ws, strict=True))
    c = sum(w * math.cos(math.radians(a)) for a, w in zip(angles, ws, strict=True))
    if abs(s) < 1e-12 and abs(c) < 1e-12:
        return wrap_deg(angles[-1])  # opposite directions cancel: keep the latest
    return wrap_deg(math.degrees(math.atan2(s, c)))


def blend_bearing(old: float, new: float, alpha: float) -> float:
    """Exponentially weighted bearing update along the short arc: old + alpha * wrap(new - old)."""
    return wrap_deg(old + alpha * wrap_deg(new - old))


def in_view(bearing: float, heading: float, hfov_deg: float, margin_deg: float = 0.0) -> bool:
    """True when `bearing` lies inside the horizontal field of view, `margin_deg` from its edges."""
    return abs(relative_deg(bearing, heading)) <= hfov_deg / 2.0 - margin_deg


def swept_in_view(
    bearing: float, yaw_a: float, yaw_b: float, hfov_deg: float, margin_deg: float = 0.0
) -> bool:
    """True when `bearing` was in view at some point of a turn from `yaw_a` to `yaw_b`.

    Assumes the head turned monotonically between the two (unwrapped) yaws, so
    everything on the swept arc, widened by half the field of view, was seen.
    """
    half = hfov_deg / 2.0 - margin_deg
    if half <= 0.0:
        return False
    lo, hi = min(yaw_a, yaw_b) - half, max(yaw_a, yaw_b) + half
    if hi - lo >= 360.0:
        return True
    offset = wrap_deg(bearing - lo) % 360.0  # in [0, 360): how far clockwise of lo
    return offset <= hi - lo


def distance_proxy(bbox: BBox, frame_height: int, label: str | None = None) -> float:
    """Relative distance in [0, 1] (0 = at the wearer's feet, 1 = at the horizon or beyond).

    VISTA's cue: on level ground, the lower in the frame a thing touches the
    ground, the nearer it is, so the bottom edge y2 maps linearly from the
    frame's bottom (0) to the horizon line at `HORIZON_FRACTION` of the height
    (1). When the label has a typical near size, the box height is a second cue
    (a box as tall as that size is near, a tiny one far) and the two are
    averaged. It is a proxy for ordering and gating, not metres.
    """
    h = float(frame_height)
    if h <= 0:
        raise ValueError("frame_height must be > 0")
    y2 = min(max(bbox[3], 0.0), h)
    below_horizon = (h - y2) / (h * (1.0 - HORIZON_FRACTION))
    vertical = min(max(below_horizon, 0.0), 1.0)
    typical = TYPICAL_NEAR_HEIGHT.get(label or "")
    if typical is None:
        return vertical
    rel_height = max(bbox[3] - bbox[1], 0.0) / h
    size = min(max(1.0 - rel_height / typical, 0.0), 1.0)
    return 0.5 * (vertical + size)


def iou(a: BBox, b: BBox) -> float:
    """Intersection over union of two x1, y1, x2, y2 boxes (0 when either is empty)."""
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    area_a = max(0.0, a[2] - a[0]) * max(0.0, a[3] - a[1])
    area_b = max(0.0, b[2] - b[0]) * max(0.0, b[3] - b[1])
    union = area_a + area_b - inter
    return inter / union if union > 0.0 else 0.0


def confidence_at(last_seen: float, t: float, decay_per_s: float = 0.015) -> float:
    """VISTA's belief that an unobserved thing is still where it was: 1 - decay * elapsed, floored at 0.

    Computed on read; the stored confidence stays the value at `last_seen`.
    """
    return max(0.0, min(1.0, 1.0 - decay_per_s * max(0.0, t - last_seen)))


__all__ = [
    "SECTORS",
    "SECTOR_CENTRES",
    "TYPICAL_NEAR_HEIGHT",
    "BBox",
    "Sector",
    "angular_distance",
    "bearing_deg",
    "blend_bearing",
    "box_centre_x",
    "circular_mean",
    "column_at",
    "confidence_at",
    "direction",
    "distance_proxy",
    "Projection",
    "egocentric_deg",
    "in_view",
    "iou",
    "relative_deg",
    "sector",
    "swept_in_view",
]
