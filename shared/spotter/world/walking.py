"""Whether the wearer walked, from the image alone.

Still things near the middle of the view grow or shrink as the wearer walks towards or away from them; a
head turn sweeps them across the view at one size (near the middle even a fisheye barely changes a thing's
size). A place known by its bearing from before a walk no longer points at the thing (parallax): the
memory_recall rule and the answers about places both need to know. One definition for both.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from spotter.world.labels import UNIT_COUNT_ATTRIBUTES

WALK_SCALE = 1.25
"""Still things near the middle of the view changing size this much in a clip (the typical one): a walk."""
MIDDLE_FRACTION = 0.25
"""'Near the middle': within this fraction of the field of view from the heading."""
MIN_FRAMES = 5
"""A thing's size change counts when it was measured near the middle in at least this many frames."""
MIN_HEIGHT_PX = 5.0


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
