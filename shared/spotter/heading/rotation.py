"""Spotter's heading method: rotation-only tracking with re-registration.

A head-worn camera mostly rotates; between two frames the image motion of
distant scene points is explained by a 3-D rotation alone (the homography
K R K^-1). So we track sparse corners with pyramidal Lucas-Kanade on a
downscaled frame (320 px; corners spread over a grid), lift them to unit rays
through the pinhole model and fit the rotation directly (robust Kabsch), which
yields yaw, pitch and roll at once. Fast turns (up to ~360 deg/s at 15 fps)
are seeded by a constant-acceleration guess, with retries from other seeds.

Walking adds parallax that a rotation-only fit reads as turning (near walls
and hedges stream outwards). The fit is therefore refined on the flow
component across the lines through the focus of expansion, which translation
cannot produce whatever the depths (see `_refine_with_foe`).

Drift control: a few "anchor" views are kept, spaced in viewing direction.
When the wearer looks again in a direction an anchor covers, the current frame
is registered against that anchor (LK seeded by the predicted rotation) and
the orientation is replaced by anchor x measured offset, so error stops
accumulating whenever a direction is revisited -- including after a full turn,
since anchors are compared by viewing direction, not unwrapped yaw. An anchor
stored metres away (the wearer walked since) does not fit a rotation; the two
views' relative pose (essential matrix) gives the rotation instead, kept only
when both halves of the matches agree on it (`_register_across_parallax`).
After tracking was lost for a while (a bare wall, the dark) or after a gap, the
turn made meanwhile is unseen: tracking goes on in a new frame of reference (its
own anchors, consistent among themselves) while the view is searched for among
the older frames' anchors until it is found; the new frame's anchors are then
turned into the found one (`_merge_into`), so a search that takes minutes loses
nothing and a view stored meanwhile never locks a wrong heading in.

The lens: the configured field of view is a starting guess. View pairs measure it
(`spotter.heading.calibrate`); the frames until then are kept and tracked again at
the measured lens (`_retrace_at`), and the first full turn measures the scale once
more, exactly (`_close_loop`).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field, replace
from typing import Literal, cast

import cv2
import numpy as np
from numpy.typing import NDArray

from spotter.heading.base import (
    Gray,
    Mat3,
    PoseEstimate,
    UnwrappedYaw,
    compose,
    decompose,
    kabsch,
    lens_focal_px,
    lift_rays,
    nearest_rotation,
    rot_x,
    rot_y,
    wrap_deg,
)
from spotter.heading.calibrate import LensCalibrator, LensEstimate, hfov_for_scale, yaw_scale

F64 = NDArray[np.float64]
F32 = NDArray[np.float32]

_NO_POINTS = np.empty((0, 1, 2), np.float32)
_LK_CRITERIA = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, 10, 0.03)


@dataclass
class _Anchor:
    image: Gray
    points: F32
    world: Mat3  # camera-to-world rotation when the anchor was stored
    yaw_deg: float = 0.0  # its unwrapped yaw (to re-scale it when the lens is measured)
    thumb: F64 = field(default_factory=lambda: np.zeros(0))  # `_thumbnail` of the image (finding it after a gap)
    frame: int = 0  # the frame of reference its `world` is in (a new one after each loss of the heading)
    features: tuple[F64, NDArray[np.uint8]] | None = None  # ORB rays and descriptors (the search's seed)


@dataclass
class _Fit:
    rotation: Mat3  # maps rays of image A to rays of image B
    inliers: int
    tracked: int
    residual_px: float
    points_b: F32 = field(default_factory=lambda: _NO_POINTS)  # the inlier tracks' positions in image B
    rays_a: F64 = field(default_factory=lambda: np.zeros((0, 3)))  # every track's ray in A (before outliers) ...
    rays_b: F64 = field(default_factory=lambda: np.zeros((0, 3)))  # ... and in B


@dataclass
class RotationSettings:
    """Tuning of the rotation tracker; defaults chosen by `python -m bench.heading`."""

    work_width: int = 320
    max_corners: int = 60
    refill_below: int = 40
    ref_max_deg: float = 8.0
    ref_max_frames: int = 1
    carry_tracks: bool = True  # track corners forward, detect afresh only when too few survive
    min_distance: int = 6
    detect_min_width: int = 160  # corners are found at half size while that stays at least this wide
    grid: tuple[int, int] = (10, 6)  # corner buckets across x, y: one corner per cell
    win_size: int = 11
    max_level: int = 3
    min_inliers: int = 10
    confident_ratio: float = 0.6
    good_residual_px: float = 0.8
    distortion: float = 0.0  # radial lens distortion, division model (negative = barrel)
    # How the parallax of walking forward is kept out of the rotation:
    # "zoom" (uniform depth) or "foe" (any depth, along lines from the focus of expansion).
    translation: Literal["none", "zoom", "foe"] = "foe"
    zoom_max_overlap: float = 0.5
    foe_min_flow: float = 0.3  # px of residual flow below which the focus of expansion is not re-estimated
    relocalize: bool = True
    anchor_spacing_deg: float = 15.0
    reloc_max_deg: float = 22.0
    reloc_every: int = 4
    register_residual_px: float = 0.6
    """A view re-registered against an anchor must fit this well (median, working pixels)."""
    register_two_view: bool = True
    """When the rotation alone does not fit (the wearer walked since the anchor), fit the two views'
    relative pose instead and keep its rotation (`_register_across_parallax`)."""
    register_max_disagree_deg: float = 10.0
    register_two_view_agree_deg: float = 0.5  # the rotations from two halves of the matches must agree this well
    gap_search_frames: int = 30
    """After a gap, or tracking lost for longer than `coast_frames` (a bare wall, the dark), the turn made
    meanwhile is unseen: the view is looked for among the older frames' anchors in each of these frames ..."""
    search_every: int = 4  # ... and then every this many frames ...
    search_slow_after: int = 300
    search_slow_every: int = 15  # ... and past this many, every this many, until it is found
    search_votes: int = 2
    """Found across the walk (two-view pose, its halves agreeing to `search_agree_deg`), the view counts as found
    once this many such registrations (other anchors, or `search_vote_frames` apart) give the same turn into
    the older frame within `search_agree_deg`; a rotation-only fit (no walk since the anchor) counts at once."""
    search_agree_deg: float = 2.0
    search_vote_frames: int = 15
    search_features: int = 300
    """ORB features per view that seed the search's registration from however far the views are turned apart
    (LK from the anchor's own orientation reaches a few degrees); 0: LK from there only."""
    sweep_steps: int = 3
    sweep_step_fov: float = 0.1
    """When no seed from the motion so far fits, seeds turned by +-1..`sweep_steps` x this share of the field
    of view in yaw are tried (a glance that starts at full speed)."""
    level_gain: float = 0.03
    """Share of the way the vertical's estimate moves each frame to square with the camera's x axis (`_level_step`)."""
    level_free_deg: float = 3.0
    """Roll up to this is taken for the wearer's own (a hard hat worn askew, a camera mounted crooked) and leaves
    the vertical alone; only roll beyond it is the frame's tilt. Facing one way, a lasting roll cannot be told
    from a tilt: levelling it away tilts the frame by it instead."""
    level_apply_deg: float = 0.2  # the frame is turned upright once the estimate is this far off its vertical
    max_residual_px: float = 4.0  # a fit worse than this (median, working pixels) is no fit ...
    blur_max_residual_px: float = 12.0  # ... unless under this with many tracks agreeing (blur in a fast turn)
    max_step_deg: float = 45.0  # nor one that turns more than this in a frame (675 deg/s at 15 fps)
    coarse_turn: bool = True
    """Where no fit is found (a fast turn blurs the corners away), the turn from the last frame is measured whole-image
    by phase correlation at `coarse_width` px (0.1-0.6 deg a frame off at 10-30 deg a frame on family G, where LK
    loses the turn and a search for the view took minutes); kept when its two scales agree and the correlation peak
    holds. The heading then stays in its frame of reference, and the anchors correct the few degrees it gathered."""
    coarse_width: int = 160
    coarse_min_response: float = 0.2
    coarse_agree_deg: float = 0.5  # the half-width measurement must agree this well (plus 5 % of the turn)
    coarse_min_gradient: float = 12.0
    """90th percentile of the gradient (8-bit levels a pixel, Sobel, at `coarse_width`) both frames need: a bare wall
    at arm's length reads 4-8 and correlates best at no turn whatever the turn (noise and shading stay put), a
    blurred turn 50-110, a sharp view 120-130, a dim one about a third of that."""
    coast_frames: int = 5
    coast_decay: float = 0.5
    """Each lost frame the coasted turn is this share of the last (head turns stop within a few frames: a glance
    at 300 deg/s lost to blur ends 20 deg later, not 5 frames of 20 deg later)."""
    """Frames the tracker, lost, keeps turning at the last speed; then it holds and searches the anchors."""
    gap_candidates: int = 6
    """Anchors (those whose thumbnails look most like the frame) registered against per frame."""
    anchor_max_speed_deg: float = 4.0
    anchors_max: int = 256
    # The lens's field of view measured from the video (spotter.heading.calibrate) and used once
    # enough view pairs agree; a configured value is only the starting guess.
    calibrate_lens: bool = True
    calibrate_min_change: float = 0.03  # relative change of the focal length worth re-scaling for
    calibrate_max_pairs: int = 45  # stop measuring once this many pairs agree (a lens does not change)
    calibrate_min_width: int = 240  # px of the working image; below it a pixel is too coarse for a lens
    calibrate_small_change: float = 0.10  # a correction smaller than this needs calibrate_max_pairs agreeing
    calibrate_refine_change: float = 0.015  # once corrected: re-corrected when this far off with ...
    calibrate_refine_pairs: int = 20  # ... this many pairs measured
    calibrate_retrace_refine_change: float = 0.004  # ... or this far off while the frames are kept
    trust_after_pairs: int = 3  # while measuring: the lens in use is trusted once this many pairs ...
    trust_within: float = 0.05  # ... put the field of view within this fraction of it
    retrace_max_frames: int = 1800
    """Frames kept (JPEG, ~16 KB each at the working size: under 30 MB) while the lens is being measured. When the
    measured lens is applied within them, the tracker runs again over them at that lens, so the turn so
    far and the anchor views stored on the way are as if the lens had been known from the start
    (re-scaling the dead-reckoned turn instead leaves its errors in the anchors: 2-10 deg for good).
    Past this many frames (2 minutes at 15 fps), or after a gap, the turn is re-scaled. 0: re-scale."""
    loop_closure: bool = True  # the scale measured again at the first full turn (`_close_loop`)
    loop_min_turn_deg: float = 300.0
    loop_min_change: float = 0.004  # below: the lens in use is confirmed (right lenses read 0.0009-0.0013)
    loop_max_change: float = 0.08  # above: not a lens error (view pairs are closer than this)


class RotationEstimator:
    """Rotation-only LK tracker with anchor re-registration (see module doc)."""

    name = "rotation"

    def __init__(self, hfov_deg: float, settings: RotationSettings | None = None, projection: str = "pinhole") -> None:
        """`projection`: `pinhole`, or `fisheye` (equidistant: a pixel's distance from the centre is
        proportional to its angle from the optical axis); rays are lifted and projected with it."""
        self.hfov_deg = hfov_deg
        self.fisheye = projection == "fisheye"
        self.s = settings or RotationSettings()
        self._size: tuple[int, int] | None = None
        self._f = 1.0
        self._c = (0.0, 0.0)
        self.configured_hfov_deg = hfov_deg
        self._calibrator: LensCalibrator | None = None
        self.lens: LensEstimate | None = None  # the measured field of view, once applied
        self._calibrating = self.s.calibrate_lens
        self._lens_settled = not self._calibrating
        self.retraced_frames = 0  # how many frames were tracked again when the lens was measured
        self._loop_pending = self._calibrating and self.s.loop_closure
        self._rng = np.random.default_rng(0)
        self._search_rng = np.random.default_rng(1)
        self._orb = cv2.ORB.create(nfeatures=max(1, self.s.search_features))
        self._hamming = cv2.BFMatcher(cv2.NORM_HAMMING)
        self.reset()

    # -- public ---------------------------------------------------------------
    def reset(self, yaw_deg: float = 0.0) -> None:
        self._world: Mat3 = compose(yaw_deg, 0.0, 0.0)
        self._down: F64 = np.array([0.0, 1.0, 0.0])  # the vertical (down) as estimated, in the tracker's frame
        self._velocity: Mat3 = np.eye(3)
        self._last_velocity: Mat3 = np.eye(3)
        self._yaw = UnwrappedYaw(yaw_deg)
        # The reference view that current frames are tracked against.
        self._ref: Gray | None = None
        self._ref_pts: F32 = _NO_POINTS
        self._ref_world: Mat3 = self._world.copy()
        self._ref_features: tuple[F64, NDArray[np.uint8]] | Literal[False] | None = None  # its ORB, when needed
        self._ref_frame = 0
        self._anchors: list[_Anchor] = []
        self._frames = 0
        self.relocalizations = 0
        self._foe = np.zeros(2)  # focus of expansion, normalised image coordinates
        self._yaw_origin = yaw_deg
        self._calib_key: tuple[Gray, Mat3] | None = None
        self._frame_id = 0  # the frame of reference the orientation is in (see `_Anchor.frame`)
        self._next_frame_id = 1
        self._search_from = -1  # the frame number a search for the older frames' views began at; -1: none
        self._votes: list[tuple[int, _Anchor, Mat3]] = []  # the search's findings across a walk: frame number, anchor, turn
        self._two_view_frame = -1  # the frame of the last two-view fit (`_register`)
        self._lost = 0  # frames in a row without a fit
        self._last_img: Gray | None = None  # the previous frame (the coarse turn's reference)
        self.coarse_frames = 0  # frames whose turn was measured whole-image (`_coarse_step`)
        # The frames since this start, while the lens is unmeasured (see `retrace_max_frames`).
        self._retrace: list[bytes] | None = (
            [] if (self._loop_pending or (self._calibrating and not self._lens_settled)) and self.s.retrace_max_frames > 0
            else None)

    def resume_after_gap(self, yaw_deg: float) -> None:
        """After a stretch with no frames: no motion can be measured across it, so tracking starts
        afresh at `yaw_deg` (the last heading), but the anchors stay; the first frames after the gap
        are registered against all of them (`_relocalize_anywhere`) to find where the wearer turned
        meanwhile. The lens measured so far stays too."""
        anchors, next_id = self._anchors, self._next_frame_id
        relocalizations = self.relocalizations
        frames = self._frames
        self.reset(yaw_deg)
        self._retrace = None  # the anchors from before the gap cannot be re-traced: re-scale them instead
        self._anchors, self._next_frame_id = anchors, next_id
        self.relocalizations = relocalizations
        self._frames = frames
        self._start_search()

    @property
    def anchors(self) -> int:
        return len(self._anchors)

    def update(self, gray: Gray) -> PoseEstimate:
        img = self._prepare(gray)
        self._frames += 1
        if self._retrace is not None:
            self._keep_for_retrace(img)
        if self._ref is None:
            found = self._search_from >= 0 and self._relocalize_anywhere(img)
            self._set_reference(img)  # at the orientation found (the reference's world is taken now)
            self._maybe_store_anchor(img, speed_deg=0.0)
            return self._pose(0, True, found)
        if self._search_from >= 0 and self._relocalize_anywhere(img):  # after a gap or a loss: where is the wearer looking?
            self._set_reference(img)
            return self._pose(0, True, True)

        previous = self._world
        last_img, self._last_img = self._last_img, img
        fit = self._track_frame(img)
        if fit is not None:
            step = math.degrees(_angle(self._ref_world @ fit.rotation.T @ previous.T))
            allowed = self.s.max_residual_px
            if fit.inliers >= 2 * self.s.min_inliers and fit.inliers >= self.s.confident_ratio * fit.tracked:
                # a fast turn blurs the corners along the motion: with many tracks agreeing on the rotation, a
                # larger residual is blur, not a blank view's chance fit (those hold a few tracks)
                allowed = self.s.blur_max_residual_px
            if fit.residual_px > allowed or step > self.s.max_step_deg * (1 + self._lost):
                fit = None  # not a rotation of the scene (a flat or blank view matched anywhere): lost
        ok = fit is not None
        coarse = self._coarse_step(last_img, img) if fit is None and self.s.coarse_turn and last_img is not None else None
        if coarse is not None:
            # a turn measured whole-image: the heading goes on in its frame of reference, and the next frame is
            # tracked from this one (the last sharp view may be a field of view behind)
            self._world = nearest_rotation(previous @ coarse.T)
            self._last_velocity, self._velocity = self._velocity, coarse
            self.coarse_frames += 1
            self._set_reference(img)
            return self._pose(0, False, False)
        if fit is not None:
            self._world = nearest_rotation(self._ref_world @ fit.rotation.T)
            self._last_velocity, self._velocity = self._velocity, self._world.T @ previous
            if self._lost:  # found again after lost frames: the correction of the coasted turn is no speed
                self._velocity = self._last_velocity = np.eye(3)
            if self.s.level_gain:
                self._level_step()  # after the velocity: turning the frame upright is no motion of the camera
            if self._lost > self.s.coast_frames:
                self._start_search()  # tracking again after a long loss: as after a gap
            self._lost = 0
        else:
            # Lost: keep turning, slowing down, for a few frames (a blurred frame in a turn); longer (a bare wall,
            # the dark) the head is not spinning on: hold the heading, and once tracking is back look for the
            # view among the anchors, as after a gap.
            self._lost += 1
            if self._lost > self.s.coast_frames:
                self._velocity = self._last_velocity = np.eye(3)
            else:
                self._last_velocity = self._velocity
                self._velocity = _scaled_rotation(self._velocity, self.s.coast_decay)
            self._world = nearest_rotation(previous @ self._velocity.T)
        speed = math.degrees(_angle(self._velocity))

        relocalized = False
        if self.s.relocalize and ok and speed <= self.s.anchor_max_speed_deg:
            # Until the lens is measured, a full turn at the wrong scale would register against the
            # wrong anchor; dead reckoning until then keeps the turn re-scalable. Once the first view
            # pairs agree with the lens in use, it is trusted meanwhile (dead reckoning costs more).
            if self._frames % self.s.reloc_every == 0 and (self._lens_settled or self._lens_agrees()):
                relocalized = self._relocalize(img)
            self._maybe_store_anchor(img, speed)

        # Keep the reference while it still overlaps well: measuring against
        # one view instead of chaining frame pairs stops slow motion and
        # standing still from accumulating error.
        # While coasting the last view tracked stays the reference: the first sharp frame after a blurred turn is
        # registered against it (`_track_frame`, from however far by features), not against a blurred one.
        if (fit is None and self._lost > self.s.coast_frames) or (fit is not None and (relocalized or fit.inliers < self.s.refill_below
                or self._frames - self._ref_frame >= self.s.ref_max_frames
                or math.degrees(_angle(self._ref_world.T @ self._world)) > self.s.ref_max_deg)):
            # Carry the tracks forward; detect afresh only when too many were lost.
            keep_tracks = (self.s.carry_tracks and fit is not None and not relocalized
                           and len(fit.points_b) >= self.s.refill_below)
            self._set_reference(img, fit.points_b if keep_tracks and fit is not None else None)
        if self._calibrating and ok:
            self._calibrate(img, speed)
        return self._pose(fit.inliers if fit else 0, ok, relocalized)

    def _level_step(self) -> None:
        """Re-estimate the vertical a little, by the camera's x axis, and turn the tracker's frame upright.

        Without an IMU, the tracker's frame is the first view's, and its rotation errors tilt it: pitch
        read into walking (ground flow taken for a nod), fast glances. Yaw read in a tilted frame is wrong
        by about the tilt times tan(pitch) when looking steeply down or up (a rebar fixer at -60 deg: 1.7
        deg per deg of tilt), and a frame tilted past 90 deg reads turns backwards. A worn camera's x axis
        stays level (heads roll briefly, not for long): the vertical is the direction the x axes keep
        square to. Each frame moves the estimate `level_gain` of the way to square with this frame's x
        axis (least mean squares); once it is `level_apply_deg` off the frame's vertical, the whole frame
        (this view, the reference, this frame's anchors, the search's findings) is turned by the shortest
        rotation that makes it vertical: a change of coordinates, so tracking and re-registration are
        untouched. Other frames of reference (after a loss) keep their own coordinates."""
        m = self._world[:, 0]
        off = float(self._down @ m)  # sin of the camera's roll in the frame as estimated
        free = math.sin(math.radians(self.s.level_free_deg))
        off -= max(-free, min(free, off))
        if off == 0.0:
            return
        down = self._down - self.s.level_gain * off * m
        down /= float(np.linalg.norm(down))
        self._down = down
        axis = np.cross(down, (0.0, 1.0, 0.0))
        sin = float(np.linalg.norm(axis))
        angle = math.atan2(sin, float(down[1]))
        if angle < math.radians(self.s.level_apply_deg):
            return
        turn, _ = cv2.Rodrigues(axis * (angle / sin))
        g = np.asarray(turn, dtype=np.float64)
        self._world, self._ref_world = g @ self._world, g @ self._ref_world
        for a in self._anchors:
            if a.frame == self._frame_id:  # other frames' views are in their own coordinates: not this change
                a.world = g @ a.world
        # the search's findings (turns from this frame into another) in the new coordinates of this one
        self._votes = [(frame, a, t @ g.T) for frame, a, t in self._votes]
        if self._calib_key is not None:
            self._calib_key = (self._calib_key[0], g @ self._calib_key[1])
        self._down = np.array([0.0, 1.0, 0.0])

    def _start_search(self) -> None:
        """The heading is lost (a gap, a long loss): go on in a new frame of reference, and look for the
        view among the anchors of the frames before."""
        if not self._anchors:
            return
        self._frame_id, self._next_frame_id = self._next_frame_id, self._next_frame_id + 1
        self._search_from = self._frames
        self._votes = []

    def _merge_into(self, anchor: _Anchor, world: Mat3) -> bool:
        """The view was found again in `anchor`'s frame (orientation `world` there). The first frame is the
        heading's: found there, the current frame's anchors are turned into it (and their unwrapped yaws by the
        same turn), and so is the heading. Found in another lost stretch's frame, neither is the truer: that
        frame's anchors are turned into the current one (by the orientation so far: the search runs before this
        frame is tracked, and finds views when the head is still), and the heading goes on. Returns whether the
        heading moved."""
        if anchor.frame != 0:
            back = self._world @ world.T
            dyaw = wrap_deg(decompose(self._world)[0] - decompose(world)[0])
            other = anchor.frame
            for a in self._anchors:
                if a.frame == other:
                    a.world, a.yaw_deg, a.frame = nearest_rotation(back @ a.world), a.yaw_deg + dyaw, self._frame_id
            self._votes = []
            return False
        turn = world @ self._world.T
        dyaw = wrap_deg(decompose(world)[0] - decompose(self._world)[0])
        for a in self._anchors:
            if a.frame == self._frame_id:
                a.world, a.yaw_deg, a.frame = nearest_rotation(turn @ a.world), a.yaw_deg + dyaw, anchor.frame
        if self._calib_key is not None:
            self._calib_key = (self._calib_key[0], turn @ self._calib_key[1])
        self._down = turn @ self._down
        self._world, self._frame_id = world, anchor.frame
        self._votes = []
        if all(a.frame == self._frame_id for a in self._anchors):
            self._search_from = -1
        return True

    def _lens_agrees(self) -> bool:
        est = self._calibrator.estimate if self._calibrator is not None else None
        return (est is not None and est.pairs >= self.s.trust_after_pairs
                and abs(est.hfov_deg / self.hfov_deg - 1.0) <= self.s.trust_within)  # fmt: skip

    @property
    def lens_estimate(self) -> LensEstimate | None:
        """What the video says about the lens so far (applied or not)."""
        return self._calibrator.estimate if self._calibrator is not None else None

    # -- internals ------------------------------------------------------------
    def _set_reference(self, img: Gray, points: F32 | None = None) -> None:
        self._ref, self._ref_world = img, self._world.copy()
        self._ref_features = None
        self._ref_pts = points if points is not None else self._corners(img)
        self._ref_frame = self._frames

    def _track_frame(self, img: Gray) -> _Fit | None:
        """Rotation from the reference view to `img`, seeded by motion so far.

        Head turns start and stop within a few frames, so at 15 fps the last
        velocity alone can be tens of pixels off: try a constant-acceleration
        guess first and, when the fit looks doubtful, the other plausible
        seeds, keeping the best.
        """
        assert self._ref is not None
        v, v0 = self._velocity, self._last_velocity
        to_prev = self._world.T @ self._ref_world  # reference rays -> previous frame's rays
        best: _Fit | None = None
        for seed in (v @ v0.T @ v, v, np.eye(3)):
            best = _better(best, self._track(self._ref, self._ref_pts, img, seed @ to_prev),
                           self.s.good_residual_px)
            if best is not None and _confident(best, self.s):
                break
        if best is not None and not _confident(best, self.s):
            # LK from a rough seed can settle on a wrong optimum; the fitted
            # rotation is a much better seed, so re-track every point from it.
            best = _better(best, self._track(self._ref, self._ref_pts, img, best.rotation),
                           self.s.good_residual_px)
        if (best is None or not _confident(best, self.s)) and self.s.sweep_steps:
            # A glance that starts at full speed (0 to 200 deg/s within a frame) is beyond every seed from the
            # motion so far and beyond LK's reach: look for it along the yaw, where head turns mostly are.
            step = self.s.sweep_step_fov * self.hfov_deg
            for k in range(1, self.s.sweep_steps + 1):
                for sign in (1.0, -1.0):
                    fit = self._track(self._ref, self._ref_pts, img, rot_y(sign * k * step).T @ v @ to_prev)
                    if fit is not None and _confident(fit, self.s):
                        return _better(best, fit, self.s.good_residual_px)
        if (best is None or best.residual_px > self.s.max_residual_px) and self.s.search_features:
            # Beyond the sweep (a glance lost to blur, then a sharp frame far from the last one tracked): seed
            # LK with the rotation the features say.
            if self._ref_features is None:
                self._ref_features = self._features(self._ref) or False
            turned = self._feature_seed(self._ref_features or None, self._features(img))
            if turned is not None:
                best = _better(best, self._track(self._ref, self._ref_pts, img, turned), self.s.good_residual_px)
        return best

    def _coarse_step(self, last: Gray, img: Gray) -> Mat3 | None:
        """The rotation from the last frame to this one by phase correlation of the whole images (yaw and pitch; rays
        of the last frame -> this one's), or None when the two scales disagree or the peak is weak (a bare wall, the
        dark: nothing to measure, so the loss is a loss)."""
        if last.shape != img.shape:
            return None
        found: list[tuple[float, float]] = []
        for width in (self.s.coarse_width, self.s.coarse_width // 2):
            scale = width / img.shape[1]
            size = (width, max(8, round(img.shape[0] * scale)))
            a = cv2.resize(last, size, interpolation=cv2.INTER_AREA).astype(np.float64)
            b = cv2.resize(img, size, interpolation=cv2.INTER_AREA).astype(np.float64)
            if width == self.s.coarse_width and min(_gradient_p90(a), _gradient_p90(b)) < self.s.coarse_min_gradient:
                return None
            (dx, dy), response = cv2.phaseCorrelate(a, b, _hanning(size))
            f = self._f * scale
            turn = (math.degrees(dx / f), math.degrees(dy / f)) if self.fisheye else (
                math.degrees(math.atan(dx / f)), math.degrees(math.atan(dy / f)))
            found.append((-turn[0], turn[1]))  # the scene moves left when the wearer turns right
            if response < self.s.coarse_min_response:
                return None
        (yaw, pitch), (yaw_half, _) = found
        if abs(yaw - yaw_half) > self.s.coarse_agree_deg + 0.05 * abs(yaw) or abs(yaw) > 0.45 * self.hfov_deg:
            return None
        return (rot_y(yaw) @ rot_x(pitch)).T

    def _pose(self, inliers: int, ok: bool, relocalized: bool) -> PoseEstimate:
        yaw, pitch, roll = decompose(self._world)
        return PoseEstimate(self._yaw.follow(yaw), pitch, roll, inliers, ok, relocalized)

    def _calibrate(self, img: Gray, speed_deg: float) -> None:
        """Offer view pairs 10-25 deg apart (less on narrow lenses) to the lens calibrator; when enough
        agree on a field of view other than the one in use, switch to it (at a calm moment: mid-turn the
        motion prior matters most) and re-scale the turn so far."""
        cal = self._calibrator
        if cal is None:
            h, w = img.shape
            if w < self.s.calibrate_min_width:
                self._lens_settled = True  # too coarse to measure a lens: the configured one stands
                self._calibrating = False
                self._retrace = None
                return
            cal = self._calibrator = LensCalibrator(w, h, self.configured_hfov_deg, self.fisheye)
        self._offer_pair(cal, img)
        settled = cal.settled()
        if settled is None:
            return
        scale = yaw_scale(self.hfov_deg, settled.hfov_deg, self.fisheye)
        # A corrected lens is re-corrected as pairs accumulate; finely while its frames are kept (re-traced:
        # before the first full turn closes the loop, 1 % of field of view is ~4 deg a turn).
        refine_change = self.s.calibrate_retrace_refine_change if self._retrace else self.s.calibrate_refine_change
        refine = (self.lens is not None and self.lens.method == "view pairs" and abs(scale - 1.0) >= refine_change
                  and settled.pairs >= self.s.calibrate_refine_pairs and settled.confidence >= 0.7)  # fmt: skip
        if refine and speed_deg <= self.s.anchor_max_speed_deg:
            self._apply_lens(img, settled, scale)  # a lens measured early, measured better since
        elif abs(scale - 1.0) <= self.s.calibrate_min_change:
            self._lens_settled = True
        elif abs(scale - 1.0) < self.s.calibrate_small_change and not (
                settled.pairs >= self.s.calibrate_max_pairs and settled.confidence >= 0.7):  # fmt: skip
            return  # a small correction of the configured lens waits for a well-measured one
        elif speed_deg <= self.s.anchor_max_speed_deg:
            self._apply_lens(img, settled, scale)
            self._lens_settled = True

    def _offer_pair(self, cal: LensCalibrator, img: Gray) -> None:
        est = cal.estimate
        if est is not None and est.pairs >= self.s.calibrate_max_pairs and est.confidence >= 0.7:
            return  # measured well enough: a lens does not change
        if self._calib_key is None:
            self._calib_key = (img, self._world.copy())
            return
        key_img, key_world = self._calib_key
        angle = math.degrees(_angle(key_world.T @ self._world))
        lo, hi = min(cal.settings.min_pair_deg, 0.12 * self.hfov_deg), min(cal.settings.max_pair_deg, 0.3 * self.hfov_deg)
        if angle > hi:
            self._calib_key = (img, self._world.copy())  # turned past it between frames: start again here
            return
        if angle < lo:
            return
        cal.offer(key_img, img)
        self._calib_key = (img, self._world.copy())

    def _apply_lens(self, img: Gray, lens: LensEstimate, scale: float) -> None:
        """Use the measured field of view from now on. The turn since the start and the anchors stored on
        the way were measured at the old scale: re-traced at the new one when their frames were kept,
        else re-read at its scale (dead reckoning until now, so their yaw is the old scale's)."""
        frames = self._retrace
        if not self._loop_pending:
            self._retrace = None  # nothing will re-trace them again
        if frames:
            self._retrace_at(lens, frames)
        else:
            _, pitch, roll = decompose(self._world)
            yaw = self._yaw_origin + (self._unwrapped_yaw() - self._yaw_origin) * scale
            self._world = compose(yaw, pitch, roll)
            self._yaw = UnwrappedYaw(yaw)
            self._velocity = _scaled_rotation(self._velocity, scale)
            self._last_velocity = _scaled_rotation(self._last_velocity, scale)
            for a in self._anchors:
                _, a_pitch, a_roll = decompose(a.world)
                a.yaw_deg = self._yaw_origin + (a.yaw_deg - self._yaw_origin) * scale
                a.world = compose(a.yaw_deg, a_pitch, a_roll)
            self._set_reference(img)
        self.hfov_deg = lens.hfov_deg
        self._f = lens_focal_px((self._size or (img.shape[1], img.shape[0]))[0], self.hfov_deg, self.fisheye)
        self._calib_key = (img, self._world.copy())
        self.lens = lens

    def _unwrapped_yaw(self) -> float:
        """The current orientation's yaw, unwrapped next to the last pose's."""
        return self._yaw.value + wrap_deg(decompose(self._world)[0] - self._yaw.value)

    def _keep_for_retrace(self, img: Gray) -> None:
        assert self._retrace is not None
        if len(self._retrace) >= self.s.retrace_max_frames:
            self._retrace = None  # measured too late to re-trace: the turn will be re-scaled
            return
        ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, 90])
        self._retrace.append(buf.tobytes() if ok else b"")

    def _retrace_at(self, lens: LensEstimate, frames: list[bytes]) -> None:
        """Track the kept frames (the last is the current one) again with `lens` from this start's yaw, and
        continue from where that run ends: its orientation, reference view and anchors."""
        replay = RotationEstimator(lens.hfov_deg, replace(self.s, calibrate_lens=False, retrace_max_frames=0),
                                   "fisheye" if self.fisheye else "pinhole")  # fmt: skip
        replay.reset(self._yaw_origin)
        for buf in frames:
            img = cv2.imdecode(np.frombuffer(buf, np.uint8), cv2.IMREAD_GRAYSCALE) if buf else None
            if img is not None:
                replay.update(cast(Gray, img))
        self._world, self._yaw, self._down = replay._world, replay._yaw, replay._down
        self._frame_id, self._next_frame_id, self._search_from = replay._frame_id, replay._next_frame_id, -1
        if any(a.frame != replay._frame_id for a in replay._anchors):
            self._search_from = self._frames - (replay._frames - replay._search_from)
        self._velocity, self._last_velocity = replay._velocity, replay._last_velocity
        self._ref, self._ref_pts, self._ref_world = replay._ref, replay._ref_pts, replay._ref_world
        self._ref_features = None
        self._ref_frame = self._frames - (replay._frames - replay._ref_frame)
        self._anchors, self._foe = replay._anchors, replay._foe
        self.retraced_frames = len(frames)

    def _prepare(self, frame: Gray) -> Gray:
        gray: np.ndarray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY) if frame.ndim == 3 else frame
        h, w = gray.shape
        while w >= 2 * self.s.work_width:  # OpenCV's 2x area path is ~8x faster than 4x
            gray = cv2.resize(gray, (w // 2, h // 2), interpolation=cv2.INTER_AREA)
            h, w = gray.shape
        if w > self.s.work_width:
            # Less than 2x left: bilinear is ~10x cheaper than OpenCV's non-integer area path.
            nh = max(8, round(h * self.s.work_width / w))
            gray = cv2.resize(gray, (self.s.work_width, nh), interpolation=cv2.INTER_LINEAR)
            h, w = gray.shape
        if self._size != (w, h):
            self._size = (w, h)
            self._f = lens_focal_px(w, self.hfov_deg, self.fisheye)
            self._c = ((w - 1) / 2.0, (h - 1) / 2.0)
        return gray

    def _corners(self, img: Gray, n: int | None = None) -> F32:
        """Strong corners spread over a grid, best few per cell.

        Unbucketed, the strongest corners bunch up in the busiest texture,
        which on a walk is often the nearest (grass, a hedge): the most
        parallax and the least rotation signal.
        """
        n = n or self.s.max_corners
        # Detect on the half-resolution image (4x cheaper); LK refines at full size.
        half = img.shape[1] >= 2 * self.s.detect_min_width
        src = cv2.pyrDown(img) if half else img
        pts = cv2.goodFeaturesToTrack(
            src, maxCorners=4 * n, qualityLevel=0.01, minDistance=max(2, self.s.min_distance // (2 if half else 1)),
            blockSize=3,
        )
        if pts is None:
            return _NO_POINTS
        if half:
            pts = pts * 2.0 + 0.5
        gx, gy = self.s.grid
        h, w = img.shape
        flat = pts.reshape(-1, 2)
        cell = (np.minimum(flat[:, 1] * gy / h, gy - 1).astype(np.int32) * gx
                + np.minimum(flat[:, 0] * gx / w, gx - 1).astype(np.int32))
        order = np.argsort(cell, kind="stable")  # quality order kept within a cell
        sorted_cells = cell[order]
        first = np.searchsorted(sorted_cells, sorted_cells)
        rank = np.empty_like(order)
        rank[order] = np.arange(len(order)) - first
        per_cell = max(1, -(-n // (gx * gy)))
        chosen = np.flatnonzero(rank < per_cell)[:n] if len(flat) > n else np.arange(len(flat))
        return pts[np.sort(chosen)].astype(np.float32)

    def _rays(self, pts: F64) -> F64:
        if self.fisheye:
            return lift_rays(pts, self._c, self._f, True)
        rays = np.empty((len(pts), 3))
        rays[:, 0] = (pts[:, 0] - self._c[0]) / self._f
        rays[:, 1] = (pts[:, 1] - self._c[1]) / self._f
        rays[:, 2] = 1.0
        lam = self.s.distortion
        if lam:
            # Division model: undistorted = distorted / (1 + lam r_d^2).
            r2 = rays[:, 0] ** 2 + rays[:, 1] ** 2
            rays[:, :2] /= (1.0 + lam * r2)[:, None]
        rays /= np.sqrt(np.einsum("ij,ij->i", rays, rays))[:, None]
        return rays

    def _project(self, rays: F64) -> tuple[F64, NDArray[np.bool_]]:
        if self.fisheye:
            xy = np.hypot(rays[:, 0], rays[:, 1])
            theta = np.arctan2(xy, rays[:, 2])
            r = theta * self._f
            safe = np.where(xy > 1e-12, xy, 1.0)
            px = np.stack([rays[:, 0] / safe * r + self._c[0], rays[:, 1] / safe * r + self._c[1]], 1)
            px[xy <= 1e-12] = self._c
            assert self._size is not None
            w, h = self._size
            inside = (theta < math.pi / 2) & (px[:, 0] >= 0) & (px[:, 0] <= w - 1) & (px[:, 1] >= 0) & (px[:, 1] <= h - 1)
            return px, inside
        z = rays[:, 2]
        front = z > 0.2
        zs = np.where(front, z, 1.0)
        x, y = rays[:, 0] / zs, rays[:, 1] / zs
        lam = self.s.distortion
        if lam:
            # Invert the division model: lam r_u r_d^2 - r_d + r_u = 0.
            ru = np.hypot(x, y)
            disc = np.maximum(1.0 - 4.0 * lam * ru * ru, 0.0)
            safe = np.where(ru > 1e-9, ru, 1.0)
            rd = np.where(ru > 1e-9, (1.0 - np.sqrt(disc)) / (2.0 * lam * safe), 0.0)
            scale = np.where(ru > 1e-9, rd / safe, 1.0)
            x, y = x * scale, y * scale
        px = np.stack([x * self._f + self._c[0], y * self._f + self._c[1]], 1)
        assert self._size is not None
        w, h = self._size
        inside = front & (px[:, 0] >= 0) & (px[:, 0] <= w - 1) & (px[:, 1] >= 0) & (px[:, 1] <= h - 1)
        return px, inside

    def _track(self, img_a: Gray, pts_a: F32 | None, img_b: Gray, predicted: Mat3) -> _Fit | None:
        """Fit the rotation taking image A's rays to image B's, seeded by `predicted`."""
        if pts_a is None or len(pts_a) < self.s.min_inliers:
            return None
        pa = pts_a.reshape(-1, 2).astype(np.float64)
        rays_a = self._rays(pa)
        guess, inside = self._project(rays_a @ predicted.T)
        if inside.sum() < self.s.min_inliers:
            return None
        p0 = pa[inside].astype(np.float32).reshape(-1, 1, 2)
        seeds = guess[inside].astype(np.float32).reshape(-1, 1, 2)
        p1, status, _ = cv2.calcOpticalFlowPyrLK(
            img_a, img_b, p0, seeds,
            winSize=(self.s.win_size, self.s.win_size), maxLevel=self.s.max_level,
            criteria=_LK_CRITERIA, flags=cv2.OPTFLOW_USE_INITIAL_FLOW,
        )
        good = status.reshape(-1).astype(bool)
        if good.sum() < self.s.min_inliers:
            return None
        src = rays_a[inside][good]
        pb = p1.reshape(-1, 2)[good]
        dst = self._rays(pb.astype(np.float64))
        fit = self._robust_rotation(src, dst)
        if fit is not None:
            fit.points_b = pb[self._keep].reshape(-1, 1, 2)
            fit.rays_a, fit.rays_b = src, dst
        return fit

    def _robust_rotation(self, src: F64, dst: F64) -> _Fit | None:
        """Kabsch fit, one refit without outliers, then (optionally) a zoom-aware refinement.

        Squared residuals and a partial sort keep this cheap: it runs per frame.
        """
        floor2 = (0.5 / self._f) ** 2  # never reject below half a pixel
        n = len(src)
        r = kabsch(src, dst)
        d = src @ r.T - dst
        res2 = np.einsum("ij,ij->i", d, d)
        med2 = float(np.partition(res2, n // 2)[n // 2])
        keep = res2 < max(floor2, 9.0 * med2)
        k = int(keep.sum())
        if k < self.s.min_inliers:
            return None
        self._keep = keep
        src, dst = src[keep], dst[keep]
        if k < n:
            r = kabsch(src, dst)
        if self.s.translation == "zoom":
            r = _refine_with_zoom(r, src, dst, self.s.zoom_max_overlap)
        elif self.s.translation == "foe":
            r, self._foe = _refine_with_foe(r, src, dst, self._foe, self.s.foe_min_flow / self._f)
        d = src @ r.T - dst
        res2 = np.einsum("ij,ij->i", d, d)
        med = math.sqrt(float(np.partition(res2, k // 2)[k // 2]))
        return _Fit(r, k, n, med * self._f)

    def _nearest_anchor(self, *, turn_ago: bool = False, others: bool = False) -> tuple[_Anchor | None, float]:
        """The anchor of this frame of reference nearest the viewing direction (`others`: of the other frames,
        as if they coincided with this one). `turn_ago`: while the loop is open, an anchor stored a full turn
        ago is preferred when within reach, so the loop closes before the turn is complete."""
        fwd = self._world[:, 2]
        yaw = self._unwrapped_yaw() if turn_ago else 0.0
        best, best_angle = None, 180.0
        old, old_angle = None, 180.0
        for a in self._anchors:
            if (a.frame != self._frame_id) != others:
                continue
            ang = math.degrees(math.acos(max(-1.0, min(1.0, float(a.world[:, 2] @ fwd)))))
            if ang < best_angle:
                best, best_angle = a, ang
            if turn_ago and ang < old_angle and abs(yaw - a.yaw_deg) >= self.s.loop_min_turn_deg:
                old, old_angle = a, ang
        if old is not None and old_angle <= self.s.reloc_max_deg:
            return old, old_angle
        return best, best_angle

    def _maybe_store_anchor(self, img: Gray, speed_deg: float) -> None:
        if not self.s.relocalize or len(self._anchors) >= self.s.anchors_max:
            return
        if speed_deg > self.s.anchor_max_speed_deg:
            return
        _, angle = self._nearest_anchor()
        if angle < self.s.anchor_spacing_deg:
            return
        pts = self._corners(img, n=2 * self.s.max_corners)
        if len(pts) < 4 * self.s.min_inliers:
            return  # a featureless view (sky, a bare wall) makes a poor anchor
        yaw = self._unwrapped_yaw()
        self._anchors.append(_Anchor(img.copy(), pts, self._world.copy(), yaw, _thumbnail(img), self._frame_id,
                                     self._features(img) if self.s.search_features else None))

    def _features(self, img: Gray) -> tuple[F64, NDArray[np.uint8]] | None:
        keypoints, desc = self._orb.detectAndCompute(img, None)
        if desc is None or len(keypoints) < 3 * self.s.min_inliers:
            return None
        return self._rays(np.array([k.pt for k in keypoints], np.float64)), np.asarray(desc, np.uint8)

    def _feature_seed(self, view: tuple[F64, NDArray[np.uint8]] | None, features: tuple[F64, NDArray[np.uint8]] | None) -> Mat3 | None:
        """The rotation from a view to this one by matched ORB features (ratio test, two-ray RANSAC): only a
        seed for LK, from however far the views are turned apart; the fit from it decides."""
        if view is None or features is None:
            return None
        (rays_a, desc_a), (rays_b, desc_b) = view, features
        pairs = self._hamming.knnMatch(desc_a, desc_b, k=2)
        good = [(m[0].queryIdx, m[0].trainIdx) for m in pairs if len(m) == 2 and m[0].distance < 0.8 * m[1].distance]
        if len(good) < 2 * self.s.min_inliers:
            return None
        idx = np.array(good)
        a, b = rays_a[idx[:, 0]], rays_b[idx[:, 1]]
        limit = (2.0 / self._f) ** 2
        best, best_count = None, 0
        for _ in range(64):
            i, j = self._search_rng.choice(len(a), 2, replace=False)
            r = kabsch(a[[i, j]], b[[i, j]])
            d = a @ r.T - b
            keep = np.einsum("ij,ij->i", d, d) < limit
            count = int(keep.sum())
            if count > best_count:
                best, best_count = keep, count
        if best is None or best_count < self.s.min_inliers:
            return None
        return kabsch(a[best], b[best])

    def _relocalize_anywhere(self, img: Gray) -> bool:
        """After a gap or a long loss: register the frame against the older frames' anchors that look most
        like it, whatever the heading says (the wearer may have turned meanwhile). Stricter than
        `_relocalize`: a wrong anchor here would move the heading by the anchors' spacing or more."""
        searched = self._frames - self._search_from
        every = (1 if searched <= self.s.gap_search_frames else
                 self.s.search_every if searched <= self.s.search_slow_after else self.s.search_slow_every)
        if searched % every:
            return False
        if not (self._lens_settled or self._lens_agrees()):
            return False
        thumb = _thumbnail(img)
        others = [a for a in self._anchors if a.frame != self._frame_id]
        scored = sorted(others, key=lambda a: -float(np.sum(a.thumb * thumb)))
        features = self._features(img) if self.s.search_features else None
        fits: list[tuple[_Fit, _Anchor]] = []
        foe = self._foe
        for anchor in scored[: self.s.gap_candidates]:
            seed = self._feature_seed(anchor.features, features)
            fit = self._track(anchor.image, anchor.points, img, np.eye(3) if seed is None else seed)
            if fit is not None and fit.inliers >= 3 * self.s.min_inliers and fit.inliers >= 0.5 * fit.tracked:
                fits.append((fit, anchor))
        self._foe = foe
        fits.sort(key=lambda fa: fa[0].residual_px)
        if fits and fits[0][0].residual_px <= self.s.register_residual_px:
            fit, anchor = fits[0]  # a rotation fits: the same place as the anchor's
            world = nearest_rotation(anchor.world @ fit.rotation.T)
        else:
            found = None
            # Across the walk: the two-view pose of the best fit, as a vote (milliseconds each: not every frame).
            for fit, anchor in fits[:1] if every > 1 or searched % self.s.search_every == 0 else ():
                pose = self._relative_pose(fit.rays_a, fit.rays_b, min_inliers=max(3 * self.s.min_inliers, 0.4 * fit.tracked),
                                           near=fit.rotation, agree_deg=self.s.search_agree_deg)  # fmt: skip
                if pose is not None:
                    found = self._vote(anchor, nearest_rotation(anchor.world @ pose[0].T))
                    if found is not None:
                        break
            if found is None:
                return False
            anchor, world = found
        if not self._merge_into(anchor, world):
            return False
        self._velocity = np.eye(3)
        self.relocalizations += 1
        return True

    def _vote(self, anchor: _Anchor, world: Mat3) -> tuple[_Anchor, Mat3] | None:
        """Record that the view was found in `anchor` (orientation `world` in its frame); the anchor and the
        orientation to merge with once `search_votes` findings agree on the turn into that frame."""
        turn = world @ self._world.T
        agreeing = 1 + sum(1 for frame, a, t in self._votes
                           if a.frame == anchor.frame and math.degrees(_angle(t @ turn.T)) <= self.s.search_agree_deg
                           and (a is not anchor or self._frames - frame >= self.s.search_vote_frames))
        self._votes.append((self._frames, anchor, turn))
        if agreeing < self.s.search_votes:
            return None
        return anchor, world

    def _relocalize(self, img: Gray) -> bool:
        if self._search_from >= 0 and self._relocalize_other(img):
            return True
        anchor, angle = self._nearest_anchor(turn_ago=self._loop_pending)
        if anchor is None or angle > self.s.reloc_max_deg:
            return False
        fit = self._register(anchor, img, self._world.T @ anchor.world, min_share=0.4)  # anchor rays -> current
        if fit is None:
            return False
        world = nearest_rotation(anchor.world @ fit.rotation.T)
        if self._loop_pending and self._close_loop(img, anchor, world):
            return True
        self._world = world
        self.relocalizations += 1
        return True

    def _relocalize_other(self, img: Gray) -> bool:
        """While searching: the heading held through a loss is often still about right (a few frames lost, a
        short turn): the nearest view of the other frames, as if they coincided with this one, is tried too."""
        anchor, angle = self._nearest_anchor(others=True)
        if anchor is None or angle > self.s.reloc_max_deg:
            return False
        fit = self._register(anchor, img, self._world.T @ anchor.world, min_share=0.5)
        if fit is None or not self._merge_into(anchor, nearest_rotation(anchor.world @ fit.rotation.T)):
            return False
        self.relocalizations += 1
        return True

    def _close_loop(self, img: Gray, anchor: _Anchor, world: Mat3) -> bool:
        """A re-registration against an anchor stored a full turn (or more) ago measures the lens's scale:
        the dead-reckoned turn since the anchor against the true one, n x 360 plus the registered offset.
        A 1 % error of the field of view is 3.6 deg per turn here, where view pairs cannot tell it from
        noise; it is applied (re-tracing the kept frames) when it is at least `loop_min_change`. Returns
        whether it re-traced (the orientation is then the re-traced one)."""
        dead = self._unwrapped_yaw()
        turned = dead - anchor.yaw_deg
        if abs(turned) < self.s.loop_min_turn_deg:
            return False
        offset = wrap_deg(decompose(world)[0] - decompose(anchor.world)[0])
        true_turn = round((turned - offset) / 360.0) * 360.0 + offset
        scale = true_turn / turned
        if abs(scale - 1.0) > self.s.loop_max_change:
            return False  # not a scale error (a wrong match or a tracker slip): leave it to the anchors
        self._loop_pending = False
        self._calibrating = False  # a turn measures the scale better than view pairs do
        self._lens_settled = True
        if abs(scale - 1.0) < self.s.loop_min_change:
            self._retrace = None
            return False
        est = self._calibrator.estimate if self._calibrator is not None else None
        lens = LensEstimate(round(hfov_for_scale(self.hfov_deg, scale, self.fisheye), 2),
                            est.pairs if est else 0, 1.0, "loop closure")  # fmt: skip
        self.relocalizations += 1
        self._apply_lens(img, lens, scale)
        return True

    def _register(self, anchor: _Anchor, img: Gray, predicted: Mat3, *, min_share: float) -> _Fit | None:
        """The frame registered against an anchor view, or None unless the fit is sound: enough inliers,
        `min_share` of the tracked points, sub-pixel residual."""
        foe = self._foe  # the walking direction is a frame-to-frame quantity; keep it
        fit = self._track(anchor.image, anchor.points, img, predicted)
        self._foe = foe
        if fit is None or fit.inliers < 3 * self.s.min_inliers or fit.inliers < min_share * fit.tracked:
            return None
        if fit.residual_px <= self.s.register_residual_px:
            return fit
        if not self.s.register_two_view or self._two_view_frame == self._frames:
            return None
        self._two_view_frame = self._frames  # one two-view fit a frame: each costs milliseconds
        return self._register_across_parallax(fit, min_share)

    def _register_across_parallax(self, fit: _Fit, min_share: float) -> _Fit | None:
        """The anchor was stored somewhere else: the wearer has walked since, and near things moved
        against far ones by more than a rotation explains. The two views' relative pose (essential
        matrix, RANSAC) separates the walk from the turn whatever the depths; its rotation is kept
        when the epipolar fit is sub-pixel, holds most tracks and agrees with the rotation-only fit
        roughly (a wrong match, or the rotation ambiguity of a pose without baseline, does not)."""
        pose = self._relative_pose(fit.rays_a, fit.rays_b, min_inliers=max(3 * self.s.min_inliers, min_share * fit.tracked),
                                   near=fit.rotation)  # fmt: skip
        if pose is None:
            return None
        r, inliers, residual = pose
        return _Fit(r, inliers, fit.tracked, residual)

    def _relative_pose(self, a: F64, b: F64, *, min_inliers: float, near: Mat3 | None = None,
                       agree_deg: float | None = None) -> tuple[Mat3, int, float] | None:
        """Rotation taking rays `a` to rays `b` of two views taken from different places (essential matrix,
        RANSAC), its inlier count and median Sampson residual (working pixels); None unless sub-pixel, held by
        `min_inliers` tracks, within `register_max_disagree_deg` of `near` (when given) and determined (each
        half of the inliers gives the same rotation to `agree_deg`; the costly test, so the last)."""
        front = (a[:, 2] > 0.25) & (b[:, 2] > 0.25)
        if front.sum() < 3 * self.s.min_inliers:
            return None
        pa = (a[front, :2] / a[front, 2:]).astype(np.float64)
        pb = (b[front, :2] / b[front, 2:]).astype(np.float64)
        px = 1.0 / self._f  # one working pixel in normalised coordinates (at the centre)
        try:
            e, mask = cv2.findEssentialMat(pa, pb, np.eye(3), method=cv2.RANSAC, prob=0.999,
                                           threshold=self.s.register_residual_px * px, maxIters=200)  # fmt: skip
            if e is None or e.shape[0] < 3 or mask is None:
                return None
            e = np.asarray(e[:3], np.float64)
            _, r_cv, _, mask = cv2.recoverPose(e, pa, pb, np.eye(3), mask=mask)
        except cv2.error:  # a degenerate sample (e.g. no baseline at all): the five-point solver gives up
            return None
        r = np.asarray(r_cv, np.float64)
        keep = mask.reshape(-1).astype(bool)
        residual = _median(_sampson(cast(Mat3, e), pa[keep], pb[keep])) / px if keep.any() else math.inf
        if residual > self.s.register_residual_px or keep.sum() < min_inliers:
            return None
        if near is not None and math.degrees(_angle(r @ near.T)) > self.s.register_max_disagree_deg:
            return None
        # A pose from a flat scene (the ground) or a short baseline fits many rotations nearly as well; the
        # two halves of the inliers then disagree. Kept only when each half gives the same rotation.
        idx = self._rng.permutation(np.flatnonzero(keep))
        for half in (idx[: len(idx) // 2], idx[len(idx) // 2 :]):
            if len(half) < 8:
                return None
            try:
                e2, m2 = cv2.findEssentialMat(pa[half], pb[half], np.eye(3), method=cv2.LMEDS, prob=0.999)
                if e2 is None or e2.shape[0] < 3:
                    return None
                _, r2, _, _ = cv2.recoverPose(e2[:3], pa[half], pb[half], np.eye(3), mask=m2)
            except cv2.error:
                return None
            if math.degrees(_angle(np.asarray(r2, np.float64) @ r.T)) > (agree_deg or self.s.register_two_view_agree_deg):
                return None
        return r, int(keep.sum()), residual


def _gradient_p90(img: NDArray[np.float64]) -> float:
    gx = cv2.Sobel(img, cv2.CV_64F, 1, 0)
    gy = cv2.Sobel(img, cv2.CV_64F, 0, 1)
    mag = np.hypot(gx, gy).ravel()
    k = int(0.9 * len(mag))
    return float(np.partition(mag, k)[k])


@functools.lru_cache(maxsize=8)
def _hanning(size: tuple[int, int]) -> NDArray[np.float64]:
    return np.asarray(cv2.createHanningWindow(size, cv2.CV_64F), np.float64)


def _thumbnail(img: Gray) -> NDArray[np.float64]:
    """A 32x18 zero-mean, unit-norm view: which anchors look like a frame, in microseconds."""
    t = cv2.resize(img, (32, 18), interpolation=cv2.INTER_AREA).astype(np.float64)
    t -= t.mean()
    n = float(np.linalg.norm(t))
    return t / n if n > 0 else t


def _scaled_rotation(r: Mat3, scale: float) -> Mat3:
    """The same rotation axis, the angle times `scale`."""
    rvec, _ = cv2.Rodrigues(r)
    out, _ = cv2.Rodrigues(rvec * scale)
    return np.asarray(out, dtype=np.float64)


def _confident(fit: _Fit, s: RotationSettings) -> bool:
    return fit.residual_px <= s.good_residual_px and fit.inliers >= s.confident_ratio * fit.tracked


def _better(a: _Fit | None, b: _Fit | None, good_px: float) -> _Fit | None:
    """Prefer a tight fit (sub-pixel residual); among those, more inliers."""
    if a is None or b is None:
        return a or b
    a_good, b_good = a.residual_px <= good_px, b.residual_px <= good_px
    if a_good != b_good:
        return a if a_good else b
    if a_good:
        return a if a.inliers >= b.inliers else b
    return a if a.residual_px <= b.residual_px else b


def _refine_with_zoom(r: Mat3, src: F64, dst: F64, max_overlap: float) -> Mat3:
    """One Gauss-Newton step on rotation plus an expansion about the image centre.

    Walking forward makes near things (a wall beside the path) stream outwards;
    a rotation-only fit reads that parallax as turning and drifts. Modelling
    the expansion as a zoom k (x' = x + k x) soaks it up, and k is dropped.
    Works in normalised image coordinates with the small-rotation flow field.
    """
    q = src @ r.T
    x, y = q[:, 0] / q[:, 2], q[:, 1] / q[:, 2]
    u, v = dst[:, 0] / dst[:, 2] - x, dst[:, 1] / dst[:, 2] - y
    xy = x * y
    n = len(x)
    j = np.empty((2 * n, 4))
    j[:n, 0], j[:n, 1], j[:n, 2], j[:n, 3] = -xy, 1.0 + x * x, -y, x
    j[n:, 0], j[n:, 1], j[n:, 2], j[n:, 3] = -(1.0 + y * y), xy, x, y
    jtj = j.T @ j
    # Tracks bunched on one side of the image: a zoom and a turn look alike
    # there, and the zoom would swallow the turn. Keep rotation only.
    if jtj[1, 3] ** 2 > max_overlap**2 * jtj[1, 1] * jtj[3, 3]:
        return r
    try:
        sol = np.linalg.solve(jtj, j.T @ np.concatenate([u, v]))
    except np.linalg.LinAlgError:
        return r
    step, _ = cv2.Rodrigues(sol[:3].reshape(3, 1))
    refined: Mat3 = step @ r
    return refined


def _refine_with_foe(r: Mat3, src: F64, dst: F64, foe: F64, min_flow: float) -> tuple[Mat3, F64]:
    """Rotation from the flow components across lines through the focus of expansion.

    Walking moves every scene point radially away from the focus of expansion
    (FOE) by an amount that depends on its unknown depth, so only the flow
    *across* those radial lines is due to rotation alone. Fitting the rotation
    to that component removes translation whatever the depths; the FOE is then
    re-estimated from what the rotation leaves over (when that is more than
    noise) and carried to the next frame.

    It runs on every frame with a few dozen points, where numpy's per-call
    overhead is the cost: the 3x3 system goes to OpenCV, the 2x2 FOE system
    (its condition number included) is solved in closed form.
    """
    q = src @ r.T
    x, y = q[:, 0] / q[:, 2], q[:, 1] / q[:, 2]
    u, v = dst[:, 0] / dst[:, 2] - x, dst[:, 1] / dst[:, 2] - y
    xy = x * y
    n = len(x)
    jx = np.empty((n, 3))
    jx[:, 0], jx[:, 1], jx[:, 2] = -xy, 1.0 + x * x, -y
    jy = np.empty((n, 3))
    jy[:, 0], jy[:, 1], jy[:, 2] = -(1.0 + y * y), xy, x
    e = foe
    delta = np.zeros(3)
    for _ in range(2):
        a, b = y - e[1], -(x - e[0])
        norm = np.sqrt(a * a + b * b) + 1e-6
        a, b = a / norm, b / norm
        m = a[:, None] * jx + b[:, None] * jy
        ok, sol = cv2.solve(m.T @ m, (m.T @ (a * u + b * v)).reshape(3, 1), flags=cv2.DECOMP_LU)
        if not ok:
            return r, foe
        delta = sol.reshape(3)
        rx, ry = u - jx @ delta, v - jy @ delta
        if _median(np.sqrt(rx * rx + ry * ry)) < min_flow:
            break  # no measurable translation: keep the FOE we had
        # ry e_x - rx e_y = ry x - rx y, weighted by the flow itself (normal equations of G = [ry, -rx]).
        c = ry * x - rx * y
        g00, g01, g11 = float(ry @ ry), -float(ry @ rx), float(rx @ rx)
        h0, h1 = float(ry @ c), -float(rx @ c)
        half_tr, det = 0.5 * (g00 + g11), g00 * g11 - g01 * g01
        disc = math.sqrt(max(half_tr * half_tr - det, 0.0))
        lo = half_tr - disc  # eigenvalues of the symmetric G^T G: condition number hi / lo
        if lo <= 0.0 or (half_tr + disc) > 1e6 * lo:
            break
        e = np.array([(h0 * g11 - g01 * h1) / det, (g00 * h1 - g01 * h0) / det])
        if not (abs(e[0]) < 3.0 and abs(e[1]) < 3.0):  # far outside the view: treat as unknown
            e = foe
            break
    step, _ = cv2.Rodrigues(delta.reshape(3, 1))
    refined: Mat3 = step @ r
    return refined, e


def _sampson(e: Mat3, pa: F64, pb: F64) -> F64:
    """Sampson distance of each correspondence to the epipolar geometry `e` (normalised coordinates)."""
    ha = np.hstack([pa, np.ones((len(pa), 1))])
    hb = np.hstack([pb, np.ones((len(pb), 1))])
    ea, etb = ha @ e.T, hb @ e
    num = np.einsum("ij,ij->i", hb, ea)
    den = ea[:, 0] ** 2 + ea[:, 1] ** 2 + etb[:, 0] ** 2 + etb[:, 1] ** 2
    out: F64 = np.abs(num) / np.sqrt(np.maximum(den, 1e-18))
    return out


def _median(a: F64) -> float:
    """np.median of a 1-D array, without its wrapper's overhead."""
    n = len(a)
    h = n // 2
    if n % 2:
        return float(np.partition(a, h)[h])
    p = np.partition(a, (h - 1, h))
    return float(0.5 * (p[h - 1] + p[h]))


def _angle(r: Mat3) -> float:
    """Rotation angle of a rotation matrix, radians."""
    return math.acos(max(-1.0, min(1.0, (float(np.trace(r)) - 1.0) / 2.0)))
