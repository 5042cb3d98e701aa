"""Whether the wearer walked, from the image alone.

Still things near the middle of the view grow or shrink as the wearer walks towards or away from them; a
head turn sweeps them across the view at one size (near the middle even a fisheye barely changes a thing's
size). A place known by its bearing from before a walk no longer points at the thing (parallax): the
memory_recall rule and the answers about places both need to know. One definition for both.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from spotter.world.geometry import angular_distance
from spotter.world.labels import UNIT_COUNT_ATTRIBUTES

WALK_SCALE = 1.25
"""Still things near the middle of the view changing size this much in a clip (the typical one): a walk."""
MIDDLE_FRACTION = 0.25
"""'Near the middle': within this fraction of the field of view from the heading."""
MIN_FRAMES = 5
"""A thing's size change counts when it was measured near the middle in at least this many frames."""
MIN_HEIGHT_PX = 5.0


CUT_FRACTION = 0.01
"""A box within this fraction of the picture's height of its top or bottom is cut off there."""


def whole_height(top: float, bottom: float, image_height: float | None) -> float | None:
    """A box's height, or None when the picture's top or bottom cuts it off: a look down or up slides a thing out
    through them and shrinks its box as if the wearer walked away (its height then is not the thing's)."""
    if image_height is not None and image_height > 0 and (
            top <= CUT_FRACTION * image_height or bottom >= (1.0 - CUT_FRACTION) * image_height):  # fmt: skip
        return None
    return bottom - top


def middle_heights(frames: Iterable[tuple[float | None, float | None, float | None]], hfov_deg: float) -> list[float]:
    """A still thing's box heights over `frames` (its bearing, the heading, its height; in time order) where it
    was near the middle of the view and more than `MIN_HEIGHT_PX` tall: what `size_ratio` and `typical_height`
    measure. A frame without a bearing, a heading or a whole height (`whole_height`) says nothing."""
    return [height for bearing, heading, height in frames if bearing is not None and heading is not None
            and height is not None and angular_distance(bearing, heading) <= MIDDLE_FRACTION * hfov_deg
            and height > MIN_HEIGHT_PX]  # fmt: skip


def size_ratio(heights: Sequence[float]) -> float | None:
    """How much one still thing's box height (measured near the middle of the view, in time order) changed: its
    typical height over the last third of the frames against the first third, as a factor >= 1 (None: too few
    frames to tell). A walk grows or shrinks a thing steadily; a detector's jitter from frame to frame does not
    move the thirds' medians."""
    hs = [h for h in heights if h > MIN_HEIGHT_PX]
    if len(hs) < MIN_FRAMES:
        return None
    third = max(1, len(hs) // 3)
    first, last = sorted(hs[:third])[(third - 1) // 2], sorted(hs[-third:])[(third - 1) // 2]
    return max(first, last) / min(first, last)


def clip_walked(ratios: Sequence[float], walk_scale: float = WALK_SCALE) -> bool:
    """Whether the typical still thing of a clip (the upper median: of two, the one that changed more) changed
    size by `walk_scale` or more."""
    return bool(ratios) and sorted(ratios)[len(ratios) // 2] > walk_scale


def grows_by_work(attributes: Mapping[str, object]) -> bool:
    """A work object that counts its units (a wall's bricks) grows as it is built, wherever the wearer stands."""
    return any(key in attributes for key in UNIT_COUNT_ATTRIBUTES)


def walk_in(flags: Sequence[bool]) -> bool:
    """Whether clips judged one by one (in time order) show a walk: walking in two clips of any three running.
    A turn made while walking sweeps things past at one size, so the clip between two walking clips can read
    still; a single clip alone may be a lurch or a lean."""
    return any(flags[i] and sum(flags[max(0, i - 2) : i + 1]) >= 2 for i in range(len(flags)))


BACK_BEARING_DEG = 10.0
BACK_SIZE = 1.35
"""Where he stood: still things seen again within this many degrees of their bearings and this factor of their box
heights (a metre off at five metres moves a thing about this much)."""

Landmark = tuple[str, float, float]
"""A still thing seen from one standpoint: (entity id, world bearing, typical box height in pixels)."""


def typical_height(heights: Sequence[float]) -> float:
    hs = sorted(heights)
    return hs[len(hs) // 2] if hs else 0.0


def same_standpoint(then: Sequence[Landmark], now: Sequence[Landmark]) -> bool | None:
    """Whether the wearer stands where he stood when `then`'s still things were seen, from those of them seen again
    `now`: at least two at their bearings and sizes (True), none (False); None when fewer than two are seen again
    or the few that match do not settle it."""
    old = {e: (b, h) for e, b, h in then}
    again = [(old[e], (b, h)) for e, b, h in now if e in old]
    if len(again) < 2:
        return None
    same = sum(angular_distance(b0, b1) <= BACK_BEARING_DEG and min(h0, h1) > 0
               and max(h0, h1) / min(h0, h1) <= BACK_SIZE for (b0, h0), (b1, h1) in again)  # fmt: skip
    return True if same >= 2 else (False if same == 0 else None)
