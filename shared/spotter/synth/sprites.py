"""Procedural sprites of construction-site things, drawn front-on as flat billboards.

Each sprite is drawn once at ``PPM`` pixels per metre with a world-size body (a worker is
~1.8 m tall, a toolbox 0.6 m wide), tightly cropped to its opaque pixels and cached.
:class:`Sprite` keeps the premultiplied BGR, the alpha and where the object's anchor is
(its centre line, on the ground), so a renderer can place the billboard in 3-D and project
its four corners: the projected quad's bounding box is the object's ground-truth box.

Colours are chosen for what a classical detector can find: hi-vis orange / yellow-green
vests with silver stripes, white / yellow hard hats, saturated red toolboxes, orange
cones, a yellow drill.  The two toolboxes are pixel-identical on purpose (look-alikes).

Kinds (``SPRITE_KINDS``): worker, ladder, toolbox, drill, hammer, cone, wheelbarrow,
pallet, brick_wall.  Worker poses: ``idle`` (still), ``active`` (arm swinging, 8 phases),
``walk`` (legs and arms, 8 phases), ``carry`` (walking with one arm held forward).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

__all__ = [
    "PPM",
    "SPRITE_KINDS",
    "WORKER_POSES",
    "N_PHASES",
    "BRICKS_PER_COURSE",
    "BRICK_W",
    "COURSE_H",
    "VEST_BGR",
    "HARDHAT_BGR",
    "Sprite",
    "make_sprite",
    "wall_sprite",
    "scaled",
]

PPM = 160.0  # pixels per metre of the master drawings
N_PHASES = 8  # animation phases of the active / walk / carry poses
SPRITE_KINDS = (
    "worker",
    "ladder",
    "toolbox",
    "drill",
    "hammer",
    "cone",
    "wheelbarrow",
    "pallet",
    "brick_wall",
)
WORKER_POSES = ("idle", "active", "walk", "carry")

BRICKS_PER_COURSE = 8
BRICK_W = 0.24  # metres, brick + mortar joint
COURSE_H = 0.10

VEST_BGR = {"orange": (0, 110, 255), "yellow": (20, 240, 225)}
HARDHAT_BGR = {
    "white": (238, 238, 238),
    "yellow": (0, 210, 255),
    "orange": (0, 130, 255),
    "blue": (190, 90, 20),
}
_SKIN = ((120, 155, 205), (85, 120, 170), (60, 85, 125))
_TROUSERS = (75, 50, 38)
_BOOTS = (25, 30, 40)
_SLEEVES = (105, 88, 78)
_HAIR = (28, 32, 40)
_SILVER = (205, 205, 200)
_BLACK = (28, 28, 30)


@dataclass(frozen=True, eq=False)
class Sprite:
    """A cropped billboard image: ``bgr`` premultiplied by ``alpha`` (float32 0..1)."""

    bgr: np.ndarray  # (h, w, 3) float32, premultiplied
    alpha: np.ndarray  # (h, w) float32 in [0, 1]
    anchor_x: float  # x (px, from the left edge) of the object's centre line
    ppm: float  # pixels per metre

    @property
    def height_m(self) -> float:
        return float(self.alpha.shape[0] / self.ppm)

    @property
    def left_m(self) -> float:
        """Lateral offset (m) of the left edge from the anchor (negative)."""
        return float(-self.anchor_x / self.ppm)

    @property
    def right_m(self) -> float:
        return float((self.alpha.shape[1] - self.anchor_x) / self.ppm)


class _Pen:
    """Draws on a BGR canvas and its alpha together, in metres (x right of the anchor,
    y up from the ground)."""

    def __init__(self, width_m: float, height_m: float, ppm: float = PPM) -> None:
        self.ppm = ppm
        self.w = int(math.ceil(width_m * ppm)) + 8
        self.h = int(math.ceil(height_m * ppm)) + 8
        self.img = np.zeros((self.h, self.w, 3), np.uint8)
        self.a = np.zeros((self.h, self.w), np.uint8)
        self.ox = self.w / 2.0
        self.oy = self.h - 4.0  # ground row (bottom margin of 4 px)

    def p(self, x: float, y: float) -> tuple[int, int]:
        return int(round(self.ox + x * self.ppm)), int(round(self.oy - y * self.ppm))

    def px(self, m: float) -> int:
        return max(1, int(round(m * self.ppm)))

    def poly(self, pts: list[tuple[float, float]], colour: tuple[int, int, int]) -> None:
        arr = np.array([self.p(x, y) for x, y in pts], np.int32)
        cv2.fillPoly(self.img, [arr], colour, cv2.LINE_AA)
        cv2.fillPoly(self.a, [arr], 255, cv2.LINE_AA)

    def rect(self, x0: float, y0: float, x1: float, y1: float, colour: tuple[int, int, int]) -> None:
        self.poly([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], colour)

    def line(
        self, x0: float, y0: float, x1: float, y1: float, thick_m: float, colour: tuple[int, int, int]
    ) -> None:
        cv2.line(self.img, self.p(x0, y0), self.p(x1, y1), colour, self.px(thick_m), cv2.LINE_AA)
        cv2.line(self.a, self.p(x0, y0), self.p(x1, y1), 255, self.px(thick_m), cv2.LINE_AA)

    def circle(self, x: float, y: float, r_m: float, colour: tuple[int, int, int]) -> None:
        cv2.circle(self.img, self.p(x, y), self.px(r_m), colour, -1, cv2.LINE_AA)
        cv2.circle(self.a, self.p(x, y), self.px(r_m), 255, -1, cv2.LINE_AA)

    def ellipse(
        self, x: float, y: float, rx: float, ry: float, a0: float, a1: float, colour: tuple[int, int, int]
    ) -> None:
        """Filled ellipse arc from ``a0`` to ``a1`` degrees (OpenCV angles: 0 = +x, 90 = down)."""
        c, ax = self.p(x, y), (self.px(rx), self.px(ry))
        cv2.ellipse(self.img, c, ax, 0, a0, a1, colour, -1, cv2.LINE_AA)
        cv2.ellipse(self.a, c, ax, 0, a0, a1, 255, -1, cv2.LINE_AA)

    def sprite(self) -> Sprite:
        ys, xs = np.nonzero(self.a > 24)
        if len(xs) == 0:
            raise ValueError("empty sprite")
        x0, x1, y0, y1 = int(xs.min()), int(xs.max()) + 1, int(ys.min()), int(ys.max()) + 1
        # the bottom of the crop is the ground contact (objects stand on the ground)
        y1 = max(y1, int(round(self.oy)))
        alpha = self.a[y0:y1, x0:x1].astype(np.float32) / 255.0
        bgr = self.img[y0:y1, x0:x1].astype(np.float32) * alpha[..., None]
        bgr.setflags(write=False)
        alpha.setflags(write=False)
        return Sprite(bgr=bgr, alpha=alpha, anchor_x=self.ox - x0, ppm=self.ppm)


def _shade(c: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    return (min(255, int(c[0] * k)), min(255, int(c[1] * k)), min(255, int(c[2] * k)))


# --- workers ---------------------------------------------------------------------------------


def _worker(vest: str, hardhat: str | None, skin: int, pose: str, phase: int) -> Sprite:
    if vest not in VEST_BGR:
        raise ValueError(f"unknown vest colour {vest!r}; choose from {sorted(VEST_BGR)}")
    if hardhat is not None and hardhat not in HARDHAT_BGR:
        raise ValueError(f"unknown hard hat colour {hardhat!r}; choose from {sorted(HARDHAT_BGR)}")
    if pose not in WORKER_POSES:
        raise ValueError(f"unknown worker pose {pose!r}; choose from {WORKER_POSES}")
    pen = _Pen(1.6, 2.0)
    ph = 2.0 * math.pi * (phase % N_PHASES) / N_PHASES
    walking = pose in ("walk", "carry")
    skin_c = _SKIN[skin % len(_SKIN)]
    # legs (trousers + boots); walking lifts one foot then the other
    for side in (-1, 1):
        lift = max(0.0, math.sin(ph) * side) * 0.12 if walking else 0.0
        x_hip, x_foot = side * 0.09, side * (0.11 + (0.03 if walking else 0.0))
        pen.poly(
            [
                (x_hip - 0.085, 0.88),
                (x_hip + 0.085, 0.88),
                (x_foot + 0.075, lift + 0.07),
                (x_foot - 0.075, lift + 0.07),
            ],
            _TROUSERS,
        )
        pen.rect(x_foot - 0.085, lift, x_foot + 0.09, lift + 0.08, _BOOTS)
    # torso: shirt, then the vest over it with two reflective stripes
    pen.poly([(-0.22, 0.86), (0.22, 0.86), (0.24, 1.44), (-0.24, 1.44)], _SLEEVES)
    vest_c = VEST_BGR[vest]
    pen.poly(
        [
            (-0.215, 0.84),
            (0.215, 0.84),
            (0.23, 1.43),
            (0.07, 1.43),
            (0.0, 1.30),
            (-0.07, 1.43),
            (-0.23, 1.43),
        ],
        vest_c,
    )
    for y in (1.00, 1.17):
        pen.rect(-0.215, y, 0.215, y + 0.045, _SILVER)

    # arms: shoulder -> elbow -> hand
    def arm(side: int, a_up: float, a_fore: float) -> None:
        """``a_up``: upper arm angle from hanging straight down, outwards (rad); ``a_fore``:
        extra bend of the forearm (rad)."""
        sx, sy = side * 0.25, 1.40
        ex, ey = sx + side * 0.30 * math.sin(a_up), sy - 0.30 * math.cos(a_up)
        hx, hy = ex + side * 0.28 * math.sin(a_up + a_fore), ey - 0.28 * math.cos(a_up + a_fore)
        pen.line(sx, sy, ex, ey, 0.09, _SLEEVES)
        pen.line(ex, ey, hx, hy, 0.08, _SLEEVES)
        pen.circle(hx, hy, 0.05, skin_c)

    if pose == "idle":
        arm(-1, 0.10, 0.0)
        arm(1, 0.10, 0.0)
    elif pose == "active":
        swing = 0.5 - 0.5 * math.cos(ph)  # 0..1..0 over the cycle
        arm(1, 0.35 + 1.25 * swing, 0.9 - 0.6 * swing)  # working arm raised and brought down
        arm(-1, 0.30 + 0.25 * math.sin(ph), 0.6)
    elif pose == "walk":
        arm(-1, 0.12 + 0.12 * math.sin(ph), 0.15)
        arm(1, 0.12 - 0.12 * math.sin(ph), 0.15)
    else:  # carry: right arm bent holding something at hip height, left arm swinging
        arm(1, 0.45, 0.9)
        arm(-1, 0.12 + 0.12 * math.sin(ph), 0.15)
    # neck, head, hard hat (or hair)
    pen.rect(-0.05, 1.42, 0.05, 1.50, skin_c)
    pen.ellipse(0.0, 1.585, 0.095, 0.115, 0, 360, skin_c)
    if hardhat is None:
        pen.ellipse(0.0, 1.625, 0.10, 0.085, 180, 360, _HAIR)
    else:
        c = HARDHAT_BGR[hardhat]
        pen.ellipse(0.0, 1.635, 0.125, 0.125, 180, 360, c)
        pen.rect(-0.16, 1.615, 0.16, 1.645, _shade(c, 0.85))  # brim
        pen.rect(-0.012, 1.66, 0.012, 1.755, _shade(c, 0.8))  # ridge
    return pen.sprite()


# --- things ----------------------------------------------------------------------------------


def _ladder() -> Sprite:
    pen = _Pen(0.6, 2.5)
    rail = (182, 186, 192)
    for side in (-1, 1):
        pen.rect(side * 0.25 - 0.025, 0.0, side * 0.25 + 0.025, 2.4, rail)
        pen.rect(side * 0.25 - 0.025, 0.0, side * 0.25 + 0.025, 0.06, _BLACK)  # rubber feet
        pen.rect(
            side * 0.25 + (0.012 if side > 0 else -0.025),
            0.06,
            side * 0.25 + (0.025 if side > 0 else -0.012),
            2.4,
            _shade(rail, 0.75),
        )
    for k in range(1, 9):
        y = 0.27 * k
        pen.rect(-0.225, y - 0.02, 0.225, y + 0.02, _shade(rail, 0.9))
    return pen.sprite()


def _toolbox() -> Sprite:
    pen = _Pen(0.7, 0.5)
    red = (25, 25, 205)
    pen.rect(-0.30, 0.0, 0.30, 0.30, red)
    pen.rect(-0.31, 0.30, 0.31, 0.34, _shade(red, 0.75))  # lid rim
    pen.rect(-0.30, 0.0, 0.30, 0.03, _shade(red, 0.6))  # base shadow line
    for x in (-0.22, 0.22):
        pen.rect(x - 0.03, 0.22, x + 0.03, 0.30, (175, 175, 180))  # latches
    # carrying handle: posts and bar
    for x in (-0.14, 0.14):
        pen.rect(x - 0.015, 0.34, x + 0.015, 0.41, _BLACK)
    pen.rect(-0.15, 0.39, 0.15, 0.42, _BLACK)
    return pen.sprite()


def _drill() -> Sprite:
    pen = _Pen(0.35, 0.3)
    yellow = (0, 200, 255)
    pen.rect(-0.07, 0.0, 0.09, 0.05, _BLACK)  # battery
    pen.poly([(-0.02, 0.05), (0.05, 0.05), (0.04, 0.17), (-0.03, 0.17)], _BLACK)  # grip
    pen.rect(-0.09, 0.16, 0.11, 0.25, yellow)  # body
    pen.rect(0.11, 0.18, 0.15, 0.23, _BLACK)  # chuck
    pen.rect(0.15, 0.195, 0.20, 0.215, (150, 150, 150))  # bit
    return pen.sprite()


def _hammer() -> Sprite:
    pen = _Pen(0.4, 0.2)
    pen.rect(-0.17, 0.01, 0.12, 0.045, (55, 115, 175))  # handle
    pen.rect(-0.17, 0.005, -0.08, 0.05, _BLACK)  # grip
    pen.rect(0.10, 0.0, 0.15, 0.13, (85, 85, 90))  # head
    return pen.sprite()


def _cone() -> Sprite:
    pen = _Pen(0.5, 0.8)
    orange = (0, 95, 255)
    pen.rect(-0.20, 0.0, 0.20, 0.04, _BLACK)
    pen.poly([(-0.15, 0.04), (0.15, 0.04), (0.03, 0.72), (-0.03, 0.72)], orange)
    pen.poly([(-0.106, 0.29), (0.106, 0.29), (0.088, 0.39), (-0.088, 0.39)], (240, 240, 240))
    return pen.sprite()


def _wheelbarrow() -> Sprite:
    pen = _Pen(1.6, 0.9)
    green = (40, 150, 45)
    pen.line(-0.72, 0.62, 0.35, 0.35, 0.04, (120, 120, 125))  # handles / frame
    pen.line(-0.35, 0.0, -0.25, 0.40, 0.035, (120, 120, 125))  # leg
    pen.poly([(-0.55, 0.72), (0.55, 0.72), (0.40, 0.38), (-0.35, 0.38)], green)  # tray
    pen.rect(-0.57, 0.70, 0.57, 0.76, _shade(green, 0.7))  # rim
    pen.circle(0.45, 0.17, 0.17, _BLACK)  # wheel
    pen.circle(0.45, 0.17, 0.06, (150, 150, 150))
    return pen.sprite()


def _pallet() -> Sprite:
    pen = _Pen(1.3, 0.8)
    wood = (85, 145, 195)
    pen.rect(-0.60, 0.0, 0.60, 0.03, _shade(wood, 0.8))
    for x in (-0.55, -0.025, 0.50):
        pen.rect(x, 0.03, x + 0.05, 0.11, _shade(wood, 0.7))
    pen.rect(-0.60, 0.11, 0.60, 0.14, wood)
    # a stack of bricks on the pallet
    rng = np.random.default_rng(11)
    for r in range(5):
        for c in range(4):
            x0 = -0.5 + c * 0.25 + (0.06 if r % 2 else 0.0)
            tint = float(rng.uniform(0.85, 1.1))
            pen.rect(
                x0, 0.14 + r * 0.09 + 0.008, x0 + 0.23, 0.14 + (r + 1) * 0.09, _shade((45, 65, 165), tint)
            )
    return pen.sprite()


def _brick_wall(n_bricks: int) -> Sprite:
    """Running bond, laid course by course from the left; ``n_bricks >= 1``."""
    courses = (n_bricks + BRICKS_PER_COURSE - 1) // BRICKS_PER_COURSE
    width = BRICKS_PER_COURSE * BRICK_W
    pen = _Pen(width + 0.05, courses * COURSE_H + 0.05)
    rng = np.random.default_rng(7)
    tints = rng.uniform(0.8, 1.12, 4096)
    mortar = (170, 176, 182)
    left = -width / 2.0
    for k in range(n_bricks):
        course, i = divmod(k, BRICKS_PER_COURSE)
        y0 = course * COURSE_H
        # mortar bed under each brick, then the brick (odd courses offset by half a brick,
        # clipped to the wall's ends so the wall keeps straight edges)
        off = 0.5 * BRICK_W if course % 2 else 0.0
        x0, x1 = left + i * BRICK_W - off, left + (i + 1) * BRICK_W - off
        if course % 2 and i == BRICKS_PER_COURSE - 1:
            x1 = left + width  # closer: the last brick of an offset course fills to the end
        x0 = max(x0, left)
        pen.rect(x0, y0, x1, y0 + COURSE_H, mortar)
        pen.rect(
            x0 + 0.006, y0 + 0.008, x1 - 0.006, y0 + COURSE_H - 0.006, _shade((45, 65, 165), float(tints[k]))
        )
    return pen.sprite()


# --- public entry points -----------------------------------------------------------------------


@lru_cache(maxsize=256)
def make_sprite(
    kind: str,
    pose: str = "idle",
    phase: int = 0,
    vest: str = "orange",
    hardhat: str | None = "white",
    skin: int = 0,
) -> Sprite:
    """The master sprite of ``kind`` (cached).  ``pose``/``phase``/``vest``/``hardhat``/``skin``
    apply to workers only; the brick wall is :func:`wall_sprite`."""
    if kind == "worker":
        return _worker(vest, hardhat, skin, pose, phase)
    makers = {
        "ladder": _ladder,
        "toolbox": _toolbox,
        "drill": _drill,
        "hammer": _hammer,
        "cone": _cone,
        "wheelbarrow": _wheelbarrow,
        "pallet": _pallet,
    }
    if kind == "brick_wall":
        return wall_sprite(BRICKS_PER_COURSE)
    if kind not in makers:
        raise ValueError(f"unknown sprite kind {kind!r}; choose from {SPRITE_KINDS}")
    return makers[kind]()


@lru_cache(maxsize=512)
def wall_sprite(n_bricks: int) -> Sprite:
    """The brick wall after ``n_bricks`` bricks (>= 1).  Its anchor stays at the full wall's
    centre, so a partial course grows from the left towards the right."""
    if n_bricks < 1:
        raise ValueError("a wall needs at least one brick")
    return _brick_wall(int(n_bricks))


@lru_cache(maxsize=512)
def _scaled_cached(sprite: Sprite, factor_q: int) -> Sprite:
    factor = factor_q / 64.0
    h, w = sprite.alpha.shape
    nw, nh = max(1, int(round(w * factor))), max(1, int(round(h * factor)))
    bgr = cv2.resize(sprite.bgr, (nw, nh), interpolation=cv2.INTER_AREA)
    alpha = cv2.resize(sprite.alpha, (nw, nh), interpolation=cv2.INTER_AREA)
    return Sprite(bgr=bgr, alpha=alpha, anchor_x=sprite.anchor_x * nw / w, ppm=sprite.ppm * nw / w)


def scaled(sprite: Sprite, factor: float) -> Sprite:
    """``sprite`` area-resized to about ``factor`` (steps of 1/64, cached), so a renderer
    warps it at a scale near 1 and never aliases; the warp absorbs the rest."""
    q = max(1, int(math.ceil(factor * 64)))
    if q >= 64:
        return sprite
    return _scaled_cached(sprite, q)
