"""The built-in classical detector: no weights, honest rules, construction-site colours.

It runs with nothing but OpenCV and numpy and sees only what the rules below
can see. Everything is computed on the frame downscaled to `max_width`
(640 px) and mapped back; scores are in [0, 1] and mean "how well the rule's
evidence fits", not a calibrated probability.

People — `worker`
    HOG + linear SVM (Dalal-Triggs, OpenCV's default people detector, see
    hog.py) on the frame downscaled to `hog_width` (320 px). Assumes upright,
    mostly unoccluded, full-body people at least 128 px tall at that width
    (71% of the frame height at 320 px; set `hog_width` to 640 for 36%, at
    about 4x the cost). Misses people sitting, crouching, cut by the frame
    edge, seen from above (a wearer looking down a ladder) or very close
    (only a torso in view). False hits on tall thin things with a head-like
    top (posts, scaffold tubes with clamps). Score = logistic(2 x SVM margin);
    the box is the window shrunk to the person inside it (18% off each side,
    11% off top and bottom).
    A hi-vis vest blob that is upright and no HOG box claims becomes a
    `worker` too (score 0.35 at most): the box is extrapolated from the vest
    as the torso (body ~ 3.1 vest heights, head 0.6 above), so it is only a
    rough box. A blob that is mostly brick-coloured (>= 50% of its box) is
    sunlit brickwork, not a vest.

Hi-vis vests — attribute `vest` ("orange" or "yellow") on a worker
    HSV: orange H 5-21, yellow/lime H 22-45, S >= 140, V >= 150 (fluorescent
    hi-vis is both saturated and bright). A worker gets `vest` when these
    pixels cover >= 15% of its torso band (20-65% of the box height). Orange
    or yellow shirts, and sunlit orange machinery behind a person, count as
    vests; a vest in shade or at dusk (V < 150) does not.

Hard hats — attribute `hardhat` (bool) and `hardhat_color` on a worker
    Looks in the head region (from 6% above to 18% below the box top, middle
    half of the width) for white (S <= 30, V >= 200), yellow, orange (the
    vest ranges) or red (H <= 4 or >= 170, S >= 140, V >= 70) pixels. A hat
    colour counts when its share of the head region exceeds its share beside
    the head (same height, one head width left and right) by >= 12 points,
    so a white wall or sky behind a bare head is not a white hat (and a
    white hat against a white wall is missed). `hardhat: false` is set only
    when the whole head region is in the frame and >= 6 px tall, and never
    for extrapolated (vest-only) boxes, whose head region is a guess;
    otherwise the attribute is left out (unknown). Blue and green hats, hats
    in deep shade, and a cap or hood of a hat colour are its blind spots.

Traffic cones — `cone`
    Orange (the vest range) or red (H <= 4 or >= 170, S >= 140, V >= 70) blobs
    after closing the white reflective bands (at least 65% of the closed blob
    really orange/red), shaped like a triangle: height 1.0-3.5 x width, fill
    0.30-0.75 of the bounding box, the top quarter
    narrower than 0.6 x the bottom quarter. Blobs inside a worker's torso are
    vests, not cones. Cones lying down, far cones (< 10 px tall) and bollards
    (no taper) are missed.

Toolboxes — `toolbox` (attribute `color`)
    Saturated red (H <= 4 or >= 170, S >= 140, V >= 70) or blue paint
    (H 100-125, S >= 170, V >= 60: blue sky stays below S 160) blobs that
    fill >= 75% of their rotated rectangle, aspect 1.1-3.5, 0.1-8% of the
    frame, not in a worker's head or torso region (hats and clothing). Any
    red or blue box-like thing (a fire extinguisher lying down, a crate, a
    car panel, a patch of sky reflected in a window) is a "toolbox"; grey,
    black or yellow toolboxes are not seen.

Ladders — `ladder`
    Colour-blind: Canny edges, probabilistic Hough segments at least 25% of
    the frame's shorter side long (90 px at 640x360: a 3 m ladder within
    about 10 m), merged into rails, paired when nearly parallel (<= 10 deg),
    6-45% of their length apart, overlapping along their length, with no
    third parallel line between them (mortar courses, siding, shelves) and
    edges on < 20% of the pixels around them (foliage, gravel); the strip
    between a pair is rectified and must show >= 3 evenly spaced rungs
    (edges across >= 75% of its inner width, on < 40% of its length). Score grows
    with the rung count. Misses ladders seen edge-on, far, blurred or
    against a busy background that breaks the rails; scaffold frames and
    railings with regular balusters can pass as ladders.

Brick walls — `brick_wall`
    Red-brown pixels (H <= 12 or >= 170, S 80-230, V 40-210) closed into a
    region covering >= 4% of the frame, whose texture is dominated by
    horizontal edges (mean |dI/dy| >= 1.2 x mean |dI/dx|) with a periodic
    row profile (autocorrelation peak >= 0.25 at a lag of 4-60 px: mortar
    courses). Painted, rendered, grey or yellow brick walls and walls seen at
    a steep angle are missed; roof tiles and red cladding with horizontal
    ribs pass.

Motion (moving / active)
    Not part of `detect` (which sees one frame): see motion.py
    (`motion_energy(prev, cur, bbox)`), used by the clip tracker.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np
import numpy.typing as npt

from spotter.detect.base import DetectorError, ImageBGR
from spotter.detect.geometry import Box, clip_box, intersection_over, nms
from spotter.detect.hog import detect_people
from spotter.detect.settings import BuiltinDetectorConfig
from spotter.messages import AttributeValue, Detection

Mask = npt.NDArray[np.uint8]

VEST_WORKER_MAX_SCORE = 0.35
# Share of a vest blob's box in the brick colour range above which it is brickwork: measured on the
# rendered scenarios, hi-vis vests 0.00-0.10, orange-lit brick walls 0.74-0.98.
VEST_MAX_BRICK_SHARE = 0.5
# A reflective band: a row whose hi-vis share falls under the first figure, between rows above the second.
VEST_BAND_MAX_SHARE = 0.5
VEST_BAND_MIN_SIDE = 0.7
HOG_MARGIN_X, HOG_MARGIN_Y = 0.18, 0.11


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def _range(hsv: ImageBGR, lo: tuple[int, int, int], hi: tuple[int, int, int]) -> Mask:
    return np.asarray(cv2.inRange(hsv, np.array(lo, np.uint8), np.array(hi, np.uint8)), dtype=np.uint8)


@dataclass(slots=True)
class _Masks:
    """Colour masks of one frame (255 = in class)."""

    orange: Mask
    yellow: Mask
    red: Mask
    blue: Mask
    white: Mask
    brick: Mask

    @classmethod
    def of(cls, hsv: ImageBGR) -> _Masks:
        red = cv2.bitwise_or(_range(hsv, (0, 140, 70), (4, 255, 255)), _range(hsv, (170, 140, 70), (179, 255, 255)))
        brick = cv2.bitwise_or(_range(hsv, (0, 80, 40), (12, 230, 210)), _range(hsv, (170, 80, 40), (179, 230, 210)))
        return cls(
            orange=_range(hsv, (5, 140, 150), (21, 255, 255)),
            yellow=_range(hsv, (22, 140, 150), (45, 255, 255)),
            red=np.asarray(red, dtype=np.uint8),
            blue=_range(hsv, (100, 170, 60), (125, 255, 255)),  # paint; blue sky stays below S 160
            white=_range(hsv, (0, 0, 200), (179, 30, 255)),
            brick=np.asarray(brick, dtype=np.uint8),
        )


@dataclass(slots=True)
class _Candidate:
    label: str
    box: Box
    score: float
    attributes: dict[str, AttributeValue] = field(default_factory=dict)
    estimated: bool = False  # a box extrapolated from a part (a vest), not seen whole
    given: bool = False  # found by another detector: context for the rules, not output


def _close(mask: npt.NDArray[Any], kw: int, kh: int) -> Mask:
    """Morphological closing that does not glue blobs to the frame edge (OpenCV's border would)."""
    px, py = kw, kh
    padded = cv2.copyMakeBorder(mask, py, py, px, px, cv2.BORDER_CONSTANT, value=0)
    closed = cv2.morphologyEx(padded, cv2.MORPH_CLOSE, np.ones((kh, kw), np.uint8))
    return np.asarray(closed[py:-py, px:-px], dtype=np.uint8)


def _blobs(mask: npt.NDArray[Any], min_area: int) -> list[tuple[int, int, int, int, int, Mask]]:
    """(x, y, w, h, area, blob mask cropped to its box) of each connected blob of at least `min_area` px."""
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    out = []
    for i in range(1, n):
        x, y, w, h, a = (int(v) for v in stats[i])
        if a >= min_area:
            out.append((x, y, w, h, a, (labels[y:y + h, x:x + w] == i).astype(np.uint8)))
    return out


def _share(mask: Mask, box: Box) -> float:
    """Share of the box's pixels set in `mask` (0 for an empty box)."""
    h, w = mask.shape
    x1, y1 = max(0, int(box[0])), max(0, int(box[1]))
    x2, y2 = min(w, int(math.ceil(box[2]))), min(h, int(math.ceil(box[3])))
    if x2 <= x1 or y2 <= y1:
        return 0.0
    return float(np.count_nonzero(mask[y1:y2, x1:x2])) / float((x2 - x1) * (y2 - y1))


def _torso(b: Box) -> Box:
    h = b[3] - b[1]
    return b[0], b[1] + 0.20 * h, b[2], b[1] + 0.65 * h


def _head(b: Box) -> Box:
    w, h = b[2] - b[0], b[3] - b[1]
    return b[0] + 0.25 * w, b[1] - 0.06 * h, b[2] - 0.25 * w, b[1] + 0.18 * h


def site_masks(image_bgr: ImageBGR) -> _Masks:
    """The colour masks the rules and the PPE attributes read (255 = in class)."""
    return _Masks.of(np.asarray(cv2.cvtColor(image_bgr, cv2.COLOR_BGR2HSV), dtype=np.uint8))


def dress(
    attributes: dict[str, AttributeValue], box: Box, masks: _Masks, frame_h: int, frame_w: int,
    *, estimated: bool = False,
) -> None:
    """Vest and hard-hat attributes of one worker box, from the colours of its torso and head regions.

    `estimated`: the box was extrapolated from a part (a vest), so its head region is a guess.
    """
    torso = _torso(box)
    orange, yellow = _share(masks.orange, torso), _share(masks.yellow, torso)
    if max(orange, yellow) >= 0.15:
        attributes.setdefault("vest", "orange" if orange >= yellow else "yellow")
    head = _head(box)
    head_w = head[2] - head[0]
    if head[1] < 0 or head[3] - head[1] < 6 or head[3] > frame_h or head[0] < 0 or head[2] > frame_w:
        return  # head cut off or too small: unknown, not "no hard hat"
    # Hat colour must stand out from what is beside the head (a white wall is not a white hat).
    beside = [(head[0] - head_w, head[1], head[0], head[3]), (head[2], head[1], head[2] + head_w, head[3])]
    evidence: dict[str, float] = {}
    for colour, mask in (("white", masks.white), ("yellow", masks.yellow), ("orange", masks.orange),
                         ("red", masks.red)):
        around = max(_share(mask, b) for b in beside)
        evidence[colour] = _share(mask, head) - around
    colour, share = max(evidence.items(), key=lambda kv: kv[1])
    hat = share >= 0.12
    if estimated and not hat:
        return  # the head of a vest-only box is a guess: never claim "no hard hat" from it
    attributes["hardhat"] = hat
    if hat:
        attributes["hardhat_color"] = colour


class BuiltinDetector:
    """Classical OpenCV detector for construction sites (see the module docstring for every rule)."""

    def __init__(self, config: BuiltinDetectorConfig) -> None:
        self.config = config

    @classmethod
    def from_config(cls, config: BuiltinDetectorConfig) -> BuiltinDetector:
        return cls(config)

    @property
    def name(self) -> str:
        return "builtin"

    def close(self) -> None:
        return None

    def detect(self, image_bgr: ImageBGR, t: float) -> list[Detection]:
        return self._detect(image_bgr, None)

    def detect_around(self, image_bgr: ImageBGR, worker_boxes: list[Box]) -> list[Detection]:
        """The rules around people another detector found (`worker_boxes`, source pixels).

        Returns the things (cones, toolboxes, ladders, brick walls) and, with `vest_workers`, the
        workers seen only by a hi-vis vest that none of the given boxes explains. The given boxes
        keep vests out of the cones and hats out of the toolboxes; they are not returned.
        """
        return self._detect(image_bgr, worker_boxes)

    def _detect(self, image_bgr: ImageBGR, worker_boxes: list[Box] | None) -> list[Detection]:
        if image_bgr.ndim != 3 or image_bgr.shape[2] != 3 or image_bgr.dtype != np.uint8:
            raise DetectorError(f"builtin detector needs an H x W x 3 uint8 BGR image, got {image_bgr.shape} "
                                f"{image_bgr.dtype}")
        src_h, src_w = image_bgr.shape[:2]
        scale = min(1.0, self.config.max_width / src_w)
        img = image_bgr
        if scale < 1.0:
            img = np.asarray(
                cv2.resize(image_bgr, (round(src_w * scale), round(src_h * scale)), interpolation=cv2.INTER_AREA),
                dtype=np.uint8,
            )
        given = None if worker_boxes is None else [
            _Candidate("worker", (b[0] * scale, b[1] * scale, b[2] * scale, b[3] * scale), 1.0, given=True)
            for b in worker_boxes
        ]
        cands = self.detect_candidates(img, given)
        out: list[Detection] = []
        for label in sorted({c.label for c in cands}):
            group = [c for c in cands if c.label == label and c.score >= self.config.conf_threshold and not c.given]
            keep = nms([c.box for c in group], [c.score for c in group], self.config.nms_threshold)
            for i in keep:
                c = group[i]
                x1, y1, x2, y2 = c.box
                box = clip_box((x1 / scale, y1 / scale, x2 / scale, y2 / scale), src_w, src_h)
                if box is not None:
                    out.append(Detection(label=c.label, bbox=box, score=round(min(1.0, max(0.0, c.score)), 4),
                                         attributes=c.attributes))
        return out

    # --- the rules, on the working-size image ---------------------------------------------------

    def detect_candidates(self, img: ImageBGR, given_workers: list[_Candidate] | None = None) -> list[_Candidate]:
        h, w = img.shape[:2]
        masks = site_masks(img)
        gray = np.asarray(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY), dtype=np.uint8)
        min_area = max(30, int(0.0004 * h * w))
        workers = self._people(img) if given_workers is None else list(given_workers)
        cones = self._cones(masks, workers, min_area)
        if self.config.vest_workers:
            workers += self._vest_workers(masks, workers, cones, min_area)
        for worker in workers:
            if not worker.given:
                dress(worker.attributes, worker.box, masks, h, w, estimated=worker.estimated)
        cands = workers + cones
        cands += self._toolboxes(masks, workers, min_area)
        cands += self._ladders(gray)
        cands += self._brick_walls(masks, gray)
        return cands

    def _people(self, img: ImageBGR) -> list[_Candidate]:
        if self.config.hog_width <= 0:
            return []
        h, w = img.shape[:2]
        s = min(1.0, self.config.hog_width / w)
        small = img if s >= 1.0 else np.asarray(
            cv2.resize(img, (round(w * s), round(h * s)), interpolation=cv2.INTER_AREA), dtype=np.uint8
        )
        hits = detect_people(
            small, hit_threshold=self.config.hog_hit_threshold, scale_step=self.config.hog_scale_step
        )
        out = []
        for b in hits:
            x1, y1, x2, y2 = (v / s for v in b.bbox)
            # The 64x128 window holds a ~40x96 px person: keep the person, not the window's margin.
            mx, my = HOG_MARGIN_X * (x2 - x1), HOG_MARGIN_Y * (y2 - y1)
            out.append(_Candidate("worker", (x1 + mx, y1 + my, x2 - mx, y2 - my), _logistic(2.0 * b.margin)))
        return out

    def _vest_workers(
        self, masks: _Masks, workers: list[_Candidate], cones: list[_Candidate], min_area: int
    ) -> list[_Candidate]:
        """Upright hi-vis blobs that no person box explains: a worker seen by their vest."""
        h, w = masks.orange.shape
        raw_hivis: Mask = np.asarray(cv2.bitwise_or(masks.orange, masks.yellow), dtype=np.uint8)
        hivis = _close(raw_hivis, 5, 9)  # taller than wide: bridges a vest's reflective band, up to 8 px
        out: list[_Candidate] = []
        for x, y, bw, bh, a, blob in _blobs(hivis, max(min_area, int(0.002 * h * w))):
            box: Box = (float(x), float(y), float(x + bw), float(y + bh))
            if any(intersection_over(box, c.box) > 0.5 for c in workers + cones):
                continue  # a vest someone already wears, or the body of a cone
            if x == 0 or x + bw >= w:
                continue  # cut by the frame's side: its shape and bands cannot be judged
            fill = a / float(bw * bh)
            if not (0.8 <= bh / bw <= 2.5 and fill >= 0.55) or _is_tapered(blob):
                continue  # not torso-shaped (a cone is tapered; a banner or a wall is not upright)
            if _share(masks.brick, box) >= VEST_MAX_BRICK_SHARE:
                continue  # sunlit brickwork: bright bricks fall in the orange range, a vest does not look like brick
            if not _has_reflective_band(raw_hivis[y:y + bh, x:x + bw], blob):
                continue  # a painted panel or a container is solid colour; a hi-vis vest has retro-reflective bands
            colour = "orange" if _share(masks.orange, box) >= _share(masks.yellow, box) else "yellow"
            body = (x - 0.1 * bw, y - 0.6 * bh, x + 1.1 * bw, y + 2.5 * bh)
            score = min(VEST_WORKER_MAX_SCORE, 0.2 + 0.2 * fill)
            out.append(_Candidate("worker", body, score, {"vest": colour}, estimated=True))
        return out

    def _cones(self, masks: _Masks, workers: list[_Candidate], min_area: int) -> list[_Candidate]:
        raw = cv2.bitwise_or(masks.orange, masks.red)
        # Close vertically: the white retro-reflective bands cut a cone in two.
        mask = _close(raw, 3, 31)
        out: list[_Candidate] = []
        for x, y, bw, bh, a, blob in _blobs(mask, min_area):
            if bh < 10:
                continue
            purity = float(np.count_nonzero(raw[y:y + bh, x:x + bw][blob > 0])) / a
            if purity < 0.65:
                continue  # mostly glue from the closing: scattered orange bits, not one painted cone
            box: Box = (float(x), float(y), float(x + bw), float(y + bh))
            if any(intersection_over(box, _torso(c.box)) > 0.5 for c in workers):
                continue
            aspect, fill = bh / bw, a / float(bw * bh)
            if not (1.0 <= aspect <= 3.5 and 0.30 <= fill <= 0.75):
                continue
            taper = _taper(blob)
            if taper > 0.6:
                continue
            # Best at fill 0.5 (a triangle) and a sharp taper.
            score = 0.45 + 0.3 * (1.0 - min(1.0, abs(fill - 0.5) / 0.25)) + 0.25 * (1.0 - taper / 0.6)
            out.append(_Candidate("cone", box, score))
        return out

    def _toolboxes(self, masks: _Masks, workers: list[_Candidate], min_area: int) -> list[_Candidate]:
        h, w = masks.red.shape
        out: list[_Candidate] = []
        for colour, mask in (("red", masks.red), ("blue", masks.blue)):
            opened = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
            for x, y, bw, bh, a, blob in _blobs(opened, max(min_area, int(0.001 * h * w))):
                if a > 0.08 * h * w:
                    continue
                box: Box = (float(x), float(y), float(x + bw), float(y + bh))
                if any(intersection_over(box, _head(c.box)) > 0.3 or intersection_over(box, _torso(c.box)) > 0.5
                       for c in workers):
                    continue  # a red hard hat, a blue shirt
                contours, _ = cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
                (_, _), (rw, rh), _ = cv2.minAreaRect(max(contours, key=cv2.contourArea))
                if rw < 2 or rh < 2:
                    continue
                fill = a / float(rw * rh)
                aspect = max(rw, rh) / min(rw, rh)
                if fill < 0.75 or not (1.1 <= aspect <= 3.5):
                    continue
                score = 0.4 + 0.6 * min(1.0, (fill - 0.75) / 0.2)
                out.append(_Candidate("toolbox", box, score, {"color": colour}))
        return out

    def _ladders(self, gray: npt.NDArray[np.uint8]) -> list[_Candidate]:
        h, w = gray.shape
        edges = cv2.Canny(cv2.GaussianBlur(gray, (3, 3), 0), 50, 150)
        min_len = 0.25 * min(h, w)
        segs = cv2.HoughLinesP(edges, 1, np.pi / 180, threshold=40, minLineLength=min_len, maxLineGap=6)
        if segs is None:
            return []
        rails = _merge_rails([tuple(float(v) for v in s) for s in segs.reshape(-1, 4)])  # type: ignore[misc]
        out: list[_Candidate] = []
        for i in range(len(rails)):
            for j in range(i + 1, len(rails)):
                pair = _rail_pair(rails[i], rails[j])
                if pair is None or _rail_between(rails, i, j):
                    continue
                corners, length = pair
                xs, ys = corners[:, 0], corners[:, 1]
                x1, y1 = max(0, int(xs.min())), max(0, int(ys.min()))
                x2, y2 = min(w, int(math.ceil(xs.max())) + 1), min(h, int(math.ceil(ys.max())) + 1)
                if float(np.count_nonzero(edges[y1:y2, x1:x2])) > 0.2 * max(1, (x2 - x1) * (y2 - y1)):
                    continue  # dense texture (gravel, foliage, noise) makes lines out of nothing
                rungs = _count_rungs(gray, corners, length)
                if rungs < 3:
                    continue
                box: Box = (float(xs.min()), float(ys.min()), float(xs.max()), float(ys.max()))
                out.append(_Candidate("ladder", box, min(1.0, 0.35 + 0.08 * rungs)))
        # Rails found in pieces pair up more than once: keep the largest of boxes nested in each other.
        out.sort(key=lambda c: -((c.box[2] - c.box[0]) * (c.box[3] - c.box[1])))
        kept: list[_Candidate] = []
        for c in out:
            if all(intersection_over(c.box, k.box) < 0.6 for k in kept):
                kept.append(c)
        return kept

    def _brick_walls(self, masks: _Masks, gray: npt.NDArray[np.uint8]) -> list[_Candidate]:
        h, w = gray.shape
        region = _close(masks.brick, 7, 7)
        out: list[_Candidate] = []
        gx = np.abs(cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3))
        gy = np.abs(cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3))
        for x, y, bw, bh, _, blob in _blobs(region, int(0.04 * h * w)):
            inside = blob.astype(bool)
            ex = float(gx[y:y + bh, x:x + bw][inside].mean())
            ey = float(gy[y:y + bh, x:x + bw][inside].mean())
            if ey < 1.2 * ex or ey < 4.0:
                continue
            period = _row_periodicity(gray[y:y + bh, x:x + bw], inside)
            if period < 0.25:
                continue
            score = min(1.0, 0.4 + 0.4 * period + 0.1 * min(2.0, ey / max(ex, 1e-3) - 1.0))
            out.append(_Candidate("brick_wall", (float(x), float(y), float(x + bw), float(y + bh)), score))
        return out


# --- shape helpers -------------------------------------------------------------------------------


def _row_widths(blob: Mask) -> npt.NDArray[np.float64]:
    return np.asarray(np.count_nonzero(blob, axis=1), dtype=np.float64)


def _taper(blob: Mask) -> float:
    """Mean width of the top quarter over that of the bottom quarter (a cone: well below 1)."""
    widths = _row_widths(blob)
    q = max(1, len(widths) // 4)
    bottom = float(widths[-q:].mean())
    return float(widths[:q].mean()) / bottom if bottom > 0 else 1.0


def _is_tapered(blob: Mask) -> bool:
    return _taper(blob) < 0.6


def _has_reflective_band(raw: Mask, blob: Mask) -> bool:
    """A row across the blob where the hi-vis colour gives way (a grey or silver band) between hi-vis rows.

    `raw` is the colour mask before closing, `blob` the closed blob, both cropped to the blob's box. Hi-vis
    garments carry retro-reflective bands across the torso (EN ISO 20471); painted panels do not.
    """
    in_blob = blob > 0
    widths = in_blob.sum(axis=1)
    share = np.where(widths > 0, ((raw > 0) & in_blob).sum(axis=1) / np.maximum(widths, 1), 0.0)
    for i in range(2, len(share) - 2):
        if share[i] < VEST_BAND_MAX_SHARE and share[:i].max() > VEST_BAND_MIN_SIDE and share[i + 1:].max() > VEST_BAND_MIN_SIDE:
            return True
    return False


Segment = tuple[float, float, float, float]


@dataclass(slots=True)
class _Rail:
    """A straight rail: unit direction, a point on it, and its extent as (min, max) along the direction."""

    d: npt.NDArray[np.float64]
    p: npt.NDArray[np.float64]
    lo: float
    hi: float

    @property
    def length(self) -> float:
        return self.hi - self.lo

    def angle(self) -> float:
        return math.degrees(math.atan2(self.d[1], self.d[0])) % 180.0


def _canonical(dx: float, dy: float) -> npt.NDArray[np.float64]:
    d = np.array([dx, dy], dtype=np.float64)
    d /= max(1e-9, float(np.linalg.norm(d)))
    if d[1] < 0 or (d[1] == 0 and d[0] < 0):
        d = -d
    return d


def _angle_diff(a: float, b: float) -> float:
    diff = abs(a - b) % 180.0
    return min(diff, 180.0 - diff)


def _merge_rails(segs: list[Segment]) -> list[_Rail]:
    """Merge collinear segments (both edges of one thick rail, a rail broken by a rung) into rails."""
    rails: list[_Rail] = []
    for x1, y1, x2, y2 in sorted(segs, key=lambda s: -math.hypot(s[2] - s[0], s[3] - s[1])):
        d = _canonical(x2 - x1, y2 - y1)
        a, b = np.array([x1, y1]), np.array([x2, y2])
        for rail in rails:
            if _angle_diff(rail.angle(), math.degrees(math.atan2(d[1], d[0])) % 180.0) > 4.0:
                continue
            normal = np.array([-rail.d[1], rail.d[0]])
            if max(abs(float((a - rail.p) @ normal)), abs(float((b - rail.p) @ normal))) > 6.0:
                continue
            ta, tb = float((a - rail.p) @ rail.d), float((b - rail.p) @ rail.d)
            rail.lo, rail.hi = min(rail.lo, ta, tb), max(rail.hi, ta, tb)
            break
        else:
            rails.append(_Rail(d, (a + b) / 2.0, -float(np.linalg.norm(b - a)) / 2, float(np.linalg.norm(b - a)) / 2))
    return rails


def _rail_pair(r1: _Rail, r2: _Rail) -> tuple[npt.NDArray[np.float64], float] | None:
    """Corners (4 x 2: r1 start, r1 end, r2 end, r2 start) of the strip between two rails, and its length."""
    if _angle_diff(r1.angle(), r2.angle()) > 10.0:
        return None
    d = _canonical(*(r1.d + (r2.d if float(r1.d @ r2.d) >= 0 else -r2.d)))
    normal = np.array([-d[1], d[0]])
    sep = abs(float((r2.p - r1.p) @ normal))
    # Extents of both rails along the shared direction, from a common origin.
    e1 = sorted(float((r1.p + t * r1.d) @ d) for t in (r1.lo, r1.hi))
    e2 = sorted(float((r2.p + t * r2.d) @ d) for t in (r2.lo, r2.hi))
    lo, hi = max(e1[0], e2[0]), min(e1[1], e2[1])
    overlap = hi - lo
    shorter = min(e1[1] - e1[0], e2[1] - e2[0])
    if overlap < 0.6 * shorter or overlap <= 0:
        return None
    if not (0.06 * overlap <= sep <= 0.45 * overlap) or sep < 8.0:
        return None

    def point(rail: _Rail, s: float) -> npt.NDArray[np.float64]:
        # Point of `rail` whose projection on `d` is s.
        denom = float(rail.d @ d)
        t = (s - float(rail.p @ d)) / (denom if abs(denom) > 1e-9 else 1e-9)
        return np.asarray(rail.p + t * rail.d, dtype=np.float64)

    corners = np.array([point(r1, lo), point(r1, hi), point(r2, hi), point(r2, lo)])
    return corners, overlap


def _rail_between(rails: list[_Rail], i: int, j: int) -> bool:
    """Another parallel line runs between rails i and j (mortar courses, siding, shelving): not a ladder."""
    r1, r2 = rails[i], rails[j]
    normal = np.array([-r1.d[1], r1.d[0]])
    o1, o2 = float(r1.p @ normal), float(r2.p @ normal)
    lo_o, hi_o = min(o1, o2), max(o1, o2)
    span = sorted(float(r1.p @ r1.d) + t for t in (r1.lo, r1.hi))
    for k, r in enumerate(rails):
        if k in (i, j) or _angle_diff(r.angle(), r1.angle()) > 10.0:
            continue
        if not lo_o + 4.0 < float(r.p @ normal) < hi_o - 4.0:
            continue
        ends = sorted(float(r.p @ r1.d) + t * float(r.d @ r1.d) for t in (r.lo, r.hi))
        if min(ends[1], span[1]) - max(ends[0], span[0]) >= 0.5 * (span[1] - span[0]):
            return True
    return False


def _count_rungs(gray: npt.NDArray[np.uint8], corners: npt.NDArray[np.float64], length: float) -> int:
    """Evenly spaced cross edges in the rectified strip between two rails."""
    strip_w, strip_l = 32, int(min(400, max(40, length)))
    dst = np.array([[0, 0], [0, strip_l - 1], [strip_w - 1, strip_l - 1], [strip_w - 1, 0]], dtype=np.float32)
    m = cv2.getPerspectiveTransform(corners.astype(np.float32), dst)
    patch = cv2.warpPerspective(gray, m, (strip_w, strip_l), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    inner = patch[:, strip_w // 5: strip_w - strip_w // 5].astype(np.float32)
    grad = np.abs(cv2.Sobel(inner, cv2.CV_32F, 0, 1, ksize=3))
    across = np.mean(grad > 40.0, axis=1) >= 0.75
    rows = np.flatnonzero(across)
    if rows.size == 0 or rows.size > 0.4 * strip_l:
        return 0  # nothing across, or edges across everywhere (texture, not rungs)
    # A rung gives two edges (its two sides) a few pixels apart: merge edges closer than 5% of the strip.
    gap = max(3, int(0.05 * strip_l))
    centres: list[float] = []
    start = prev = int(rows[0])
    for r in rows[1:]:
        r = int(r)
        if r - prev > gap:
            centres.append((start + prev) / 2.0)
            start = r
        prev = r
    centres.append((start + prev) / 2.0)
    if len(centres) < 3:
        return len(centres)
    if len(centres) > strip_l / 6:
        return 0  # more "rungs" than fit: texture
    spacing = np.diff(centres)
    if float(np.std(spacing)) > 0.5 * float(np.mean(spacing)):
        return 0  # irregular: texture, not rungs
    return len(centres)


def _row_periodicity(patch: npt.NDArray[np.uint8], inside: npt.NDArray[np.bool_]) -> float:
    """Height of the strongest autocorrelation peak (lag 4-60) of the masked row-mean profile, 0..1."""
    vals = np.where(inside, patch.astype(np.float64), np.nan)
    counts = inside.sum(axis=1)
    rows = np.nanmean(vals[counts > 0.3 * inside.shape[1]], axis=1) if np.any(counts > 0.3 * inside.shape[1]) else []
    profile = np.asarray(rows, dtype=np.float64)
    if profile.size < 16:
        return 0.0
    profile = profile - np.convolve(profile, np.ones(15) / 15.0, mode="same")  # remove shading
    profile -= profile.mean()
    denom = float(profile @ profile)
    if denom <= 1e-9:
        return 0.0
    best = 0.0
    for lag in range(4, min(61, profile.size // 2)):
        best = max(best, float(profile[:-lag] @ profile[lag:]) / denom)
    return best
