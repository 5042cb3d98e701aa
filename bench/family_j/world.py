"""Scripted 3-D world: timelines, entities, wearer, and per-frame projected geometry."""
import math
import numpy as np

EYE_H = 1.7

COL = {  # BGR
    "orange": (0, 120, 255), "yellow": (0, 225, 240), "green": (60, 205, 90), "lime": (80, 240, 190),
    "blue": (200, 100, 30), "white": (235, 235, 235), "red": (40, 40, 205), "pink": (190, 120, 255),
    "black": (35, 35, 35), "grey": (135, 135, 135), "teal": (150, 150, 20), "none": (120, 105, 95),
    "brown": (40, 70, 110), "silver": (200, 200, 195),
}


def P(bearing_deg, dist, x0=0.0, y0=0.0):
    """ground point at a world bearing (deg, clockwise from the start heading) and distance."""
    b = math.radians(bearing_deg)
    return (x0 + dist * math.sin(b), y0 + dist * math.cos(b))


def bearing_of(dx, dy):
    return math.degrees(math.atan2(dx, dy))


def wrap180(a):
    a = (a + 180.0) % 360.0 - 180.0
    return 180.0 if a == -180.0 else a


def smooth(u):
    u = min(max(u, 0.0), 1.0)
    return u * u * (3 - 2 * u)


class Path:
    """piecewise-linear keyframes (t, x, y[, z]); before/after the ends it holds."""

    def __init__(self, keys):
        keys = sorted(keys, key=lambda k: k[0])
        self.t = np.array([k[0] for k in keys], float)
        self.v = np.array([list(k[1:]) + ([0.0] if len(k) == 3 else []) for k in keys], float)

    def sample(self, T):
        return np.stack([np.interp(T, self.t, self.v[:, i]) for i in range(3)], -1)


class Steps:
    """step function [(t, value), ...]: the value of the last key at or before t."""

    def __init__(self, keys):
        self.keys = sorted(keys, key=lambda k: k[0])

    def at(self, t):
        v = self.keys[0][1]
        for kt, kv in self.keys:
            if kt <= t + 1e-9:
                v = kv
            else:
                break
        return v

    def changes(self):
        return [(t, v) for t, v in self.keys[1:]]


class Entity:
    def __init__(self, eid, label, shape, pos, detect=True, present=None, colour=None, facing=None,
                 size=1.0, **kw):
        self.eid, self.label, self.shape = eid, label, shape
        self.path = pos if isinstance(pos, Path) else Path([(0.0, pos[0], pos[1]) + tuple(pos[2:])])
        self.detect = detect
        self.present = present or [(-1.0, 1e9)]
        self.colour = colour
        self.facing = facing
        self.size = size
        self.carried = []  # (t0, t1, carrier eid | "wearer", offset)
        self.kw = kw
        self.is_worker = label == "worker"
        self.vest = kw.get("vest")
        self.hat_colour = kw.get("hat_colour")
        self.hardhat = kw.get("hardhat", Steps([(0.0, True)]))
        self.activity = kw.get("activity", Steps([(0.0, "idle")]))
        self.zoff = kw.get("zoff", Steps([(0.0, 0.0)]))

    def is_present(self, t):
        return any(a <= t < b for a, b in self.present)


class Wearer:
    def __init__(self, yaw_keys, path_keys=None, tremor=0.5, seed=0):
        self.yaw_keys = sorted(yaw_keys)
        self.path = Path(path_keys or [(0.0, 0.0, 0.0)])
        self.tremor = tremor
        rng = np.random.default_rng(seed)
        self.ph = rng.uniform(0, 6.28, 3)

    def yaw(self, T):
        k = self.yaw_keys
        out = np.empty(len(T))
        for i, t in enumerate(T):
            if t <= k[0][0]:
                out[i] = k[0][1]
                continue
            if t >= k[-1][0]:
                out[i] = k[-1][1]
                continue
            j = 0
            while k[j + 1][0] < t:
                j += 1
            (t0, a0), (t1, a1) = k[j], k[j + 1]
            out[i] = a0 + (a1 - a0) * smooth((t - t0) / max(t1 - t0, 1e-6))
        trem = lambda tt: self.tremor * (np.sin(2 * np.pi * 0.23 * tt + self.ph[0]) * 0.7
                                         + np.sin(2 * np.pi * 0.61 * tt + self.ph[1]) * 0.3)
        return out + trem(T) - trem(np.zeros(1))[0]


class Scenario:
    """A scripted site. Subclasses / builders fill in entities, wearer, events, questions, alerts."""

    def __init__(self, name, site, camera, duration, width, height, hfov, projection, pitch, seed,
                 tracker_gap_s=None):
        self.name, self.site, self.camera = name, site, camera
        self.fps = 15
        self.duration = float(duration)
        self.width, self.height, self.hfov, self.projection, self.pitch = width, height, hfov, projection, pitch
        self.seed = seed
        self.tracker_gap_s = tracker_gap_s  # None: keeps ids
        self.entities = []
        self.events = []  # (t, eid, event, extra)
        self.questions = []
        self.designed_alerts = []
        self.lookalikes = []
        self.wearer = None
        self.wall_schedules = {}
        self.zone_margin = 1.0
        self.safety_radius = 2.0

    def add(self, e):
        self.entities.append(e)
        return e

    def ent(self, eid):
        for e in self.entities:
            if e.eid == eid:
                return e
        raise KeyError(eid)

    # ------------------------------------------------------------------ precompute
    def prepare(self):
        F = int(round(self.duration * self.fps))
        self.F = F
        self.T = np.arange(F) / self.fps
        self.yaw = self.wearer.yaw(self.T)
        self.wpos = self.wearer.path.sample(self.T)[:, :2]
        self.pos = {}
        order = sorted(self.entities, key=lambda e: 1 if e.carried else 0)
        for e in order:
            p = e.path.sample(self.T)
            for (t0, t1, carrier, off) in e.carried:
                m = (self.T >= t0) & (self.T < t1)
                if carrier == "wearer":
                    y = np.radians(self.yaw[m])
                    dx, dy, z = off
                    p[m, 0] = self.wpos[m, 0] + dx * np.cos(y) + dy * np.sin(y)
                    p[m, 1] = self.wpos[m, 1] - dx * np.sin(y) + dy * np.cos(y)
                    p[m, 2] = z
                else:
                    cp = self.pos[carrier]
                    p[m] = cp[m] + np.array(off)
            self.pos[e.eid] = p
        self.present = {e.eid: np.array([e.is_present(t) for t in self.T]) for e in self.entities}
        # speeds and effective activity of workers
        self.speed = {}
        self.act = {}
        for e in self.entities:
            p = self.pos[e.eid][:, :2]
            p3 = self.pos[e.eid]
            v3 = np.zeros(F)
            v3[1:-1] = np.linalg.norm(p3[2:] - p3[:-2], axis=1) * self.fps / 2
            self.speed3 = getattr(self, "speed3", {})
            self.speed3[e.eid] = v3
            v = np.zeros(F)
            v[1:-1] = np.linalg.norm(p[2:] - p[:-2], axis=1) * self.fps / 2
            self.speed[e.eid] = v
            if e.is_worker:
                a = np.array([e.activity.at(t) for t in self.T], dtype=object)
                a[v > 0.25] = "walking"
                self.act[e.eid] = a
        self.hat = {e.eid: np.array([bool(e.hardhat.at(t)) for t in self.T]) for e in self.entities if e.is_worker}

    def frame_of(self, t):
        return int(min(max(round(t * self.fps), 0), self.F - 1))

    def rel_bearing(self, f, xy, from_f=None):
        """bearing of point xy relative to the heading at frame f, seen from the wearer at from_f (default f)."""
        w = self.wpos[f if from_f is None else from_f]
        b = bearing_of(xy[0] - w[0], xy[1] - w[1])
        return wrap180(b - self.yaw[f])


# ---------------------------------------------------------------------------- meshes
def obox(c, hx, hy, hz, yaw=0.0, col=(128, 128, 128), inbox=True, tilt=None):
    """oriented box: centre, half extents along local x/y/z, yaw (deg clockwise) of the local frame."""
    a = math.radians(yaw)
    ex = np.array([math.cos(a), -math.sin(a), 0.0]) * hx
    ey = np.array([math.sin(a), math.cos(a), 0.0]) * hy
    ez = np.array([0.0, 0.0, 1.0]) * hz
    if tilt is not None:  # tilt the z axis towards local +y by tilt degrees
        tt = math.radians(tilt)
        ezn = (np.array([math.sin(a), math.cos(a), 0.0]) * math.sin(tt) + np.array([0, 0, 1.0]) * math.cos(tt))
        eyn = (np.array([math.sin(a), math.cos(a), 0.0]) * math.cos(tt) - np.array([0, 0, 1.0]) * math.sin(tt))
        ez, ey = ezn * hz, eyn * hy
    return (np.asarray(c, float), np.stack([ex, ey, ez], 1), col, inbox)


_S = np.array([[sx, sy, sz] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)], float)
# faces: corner indices (in _S order) and the axis / sign of the outward normal
_FACES = [((0, 1, 3, 2), 0, -1), ((4, 6, 7, 5), 0, 1), ((0, 4, 5, 1), 1, -1), ((2, 3, 7, 6), 1, 1),
          ((0, 2, 6, 4), 2, -1), ((1, 5, 7, 3), 2, 1)]
_SHADE = {(0, -1): 0.80, (0, 1): 0.80, (1, -1): 0.92, (1, 1): 0.70, (2, -1): 0.55, (2, 1): 1.0}


def local(e_pos, facing, lx, ly, lz):
    a = math.radians(facing)
    return (e_pos[0] + lx * math.cos(a) + ly * math.sin(a), e_pos[1] - lx * math.sin(a) + ly * math.cos(a),
            e_pos[2] + lz)


def worker_mesh(e, t, p, facing, act, hat_on):
    m = []
    vest = COL.get(e.vest, COL["none"]) if e.vest and e.vest != "none" else e.kw.get("shirt", (110, 95, 80))
    trousers = e.kw.get("trousers", (70, 55, 45))
    ph = t * 6.0
    sw = 0.18 * math.sin(ph) if act == "walking" else 0.0
    L = lambda x, y, z: local(p, facing, x, y, z)
    for s in (-1, 1):
        m.append(obox(L(0.11 * s, sw * s, 0.43), 0.075, 0.08, 0.43, facing, trousers))
        m.append(obox(L(0.11 * s, sw * s + 0.05, 0.04), 0.08, 0.13, 0.04, facing, (30, 30, 30)))
    m.append(obox(L(0, 0, 1.16), 0.23, 0.13, 0.31, facing, vest))
    m.append(obox(L(0, 0, 1.05), 0.235, 0.135, 0.03, facing, (210, 215, 215)))
    for s in (-1, 1):
        if act == "active":
            sw2 = 0.12 * math.sin(t * 4.0 + (0 if s > 0 else 1.7))
            m.append(obox(L(0.27 * s, 0.25 + sw2, 1.22), 0.055, 0.25, 0.06, facing, vest))
        else:
            sw2 = -sw * s
            m.append(obox(L(0.29 * s, sw2, 1.13), 0.055, 0.06, 0.27, facing, vest))
    m.append(obox(L(0, 0, 1.56), 0.1, 0.11, 0.1, facing, e.kw.get("skin", (120, 160, 205))))
    if hat_on:
        hc = COL.get(e.hat_colour, COL["white"])
        m.append(obox(L(0, 0.02, 1.71), 0.14, 0.16, 0.065, facing, hc))
        m.append(obox(L(0, 0.04, 1.655), 0.165, 0.2, 0.015, facing, hc))
    else:
        m.append(obox(L(0, 0, 1.665), 0.105, 0.115, 0.02, facing, (30, 40, 50)))
        hc = COL.get(e.hat_colour, COL["white"])
        m.append(obox(L(0.36, 0.05, 0.85), 0.13, 0.15, 0.06, facing, hc))
    return m


def brick_positions(n_total, per_course=8):
    out = []
    for i in range(n_total):
        c, k = divmod(i, per_course)
        off = 0.0 if c % 2 == 0 else 0.11
        out.append((c, -0.9 + 0.225 * k + off + 0.1125, 0.0325 + 0.12 + 0.0725 * c))
    return out


def thing_mesh(e, t, p, facing):
    s, c = e.shape, COL.get(e.colour, (128, 128, 128)) if isinstance(e.colour, str) else (e.colour or (128, 128, 128))
    L = lambda x, y, z: local(p, facing, x, y, z)
    m = []
    if s == "ladder":
        tilt = e.kw.get("tilt", 16)
        ln = e.kw.get("length", 3.4)
        tt = math.radians(tilt)
        for sx in (-0.22, 0.22):
            m.append(obox(L(sx, ln / 2 * math.sin(tt), ln / 2 * math.cos(tt)), 0.03, 0.04, ln / 2, facing, c, tilt=tilt))
        for k in range(1, int(ln / 0.3)):
            d = k * 0.3
            m.append(obox(L(0, d * math.sin(tt), d * math.cos(tt)), 0.2, 0.02, 0.018, facing, c, tilt=tilt))
    elif s == "toolbox":
        m.append(obox(L(0, 0, 0.13), 0.27, 0.14, 0.13, facing, c))
        m.append(obox(L(0, 0, 0.275), 0.2, 0.03, 0.02, facing, (40, 40, 40)))
    elif s == "drill":
        m.append(obox(L(0, 0.03, 0.21), 0.04, 0.13, 0.045, facing, c))
        m.append(obox(L(0, 0.16, 0.21), 0.012, 0.04, 0.012, facing, (60, 60, 60)))
        m.append(obox(L(0, -0.04, 0.11), 0.035, 0.04, 0.07, facing, (40, 40, 40)))
        m.append(obox(L(0, -0.04, 0.035), 0.05, 0.06, 0.035, facing, c))
    elif s == "hammer":
        m.append(obox(L(0, 0, 0.02), 0.016, 0.17, 0.016, facing, (40, 90, 150)))
        m.append(obox(L(0, 0.17, 0.03), 0.06, 0.025, 0.03, facing, (90, 90, 90)))
    elif s == "cone":
        for k, (hw, z0) in enumerate([(0.19, 0.02), (0.13, 0.13), (0.1, 0.28), (0.07, 0.42), (0.045, 0.56)]):
            col = (235, 235, 235) if k == 2 else COL["orange"]
            m.append(obox(L(0, 0, z0), hw, hw, 0.06 if k else 0.02, facing, col))
    elif s == "pallet":
        m.append(obox(L(0, 0, 0.07), 0.6, 0.5, 0.07, facing, (70, 130, 170)))
        load = e.kw.get("load")
        if load == "bricks":
            m.append(obox(L(0, 0, 0.5), 0.5, 0.42, 0.36, facing, (60, 80, 170)))
        elif load == "blocks":
            m.append(obox(L(0, 0, 0.45), 0.52, 0.44, 0.3, facing, (170, 170, 165)))
        elif load == "bags":
            m.append(obox(L(0, 0, 0.35), 0.5, 0.4, 0.2, facing, (210, 200, 190)))
    elif s == "wheelbarrow":
        m.append(obox(L(0, 0.15, 0.52), 0.3, 0.42, 0.13, facing, c))
        m.append(obox(L(0, 0.62, 0.2), 0.04, 0.2, 0.2, facing, (30, 30, 30)))
        for sx in (-0.25, 0.25):
            m.append(obox(L(sx, -0.45, 0.45), 0.02, 0.35, 0.02, facing, (60, 60, 60)))
            m.append(obox(L(sx, -0.2, 0.2), 0.02, 0.02, 0.2, facing, (60, 60, 60)))
    elif s == "scaffold":
        wx, wy, hz = e.kw.get("dims", (2.5, 1.3, 4.0))
        pole = (160, 160, 155)
        for sx in (-1, 1):
            for sy in (-1, 1):
                m.append(obox(L(sx * wx / 2, sy * wy / 2, hz / 2), 0.03, 0.03, hz / 2, facing, pole))
        for lv in np.arange(1.0, hz + 0.01, 1.0):
            for sy in (-1, 1):
                m.append(obox(L(0, sy * wy / 2, lv), wx / 2, 0.025, 0.025, facing, pole))
            m.append(obox(L(0, 0, lv + 0.03), wx / 2, wy / 2 - 0.05, 0.025, facing, (60, 120, 170)))
        m.append(obox(L(0, -wy / 2, 1.5), wx / 2, 0.02, 0.02, facing, pole, tilt=0))
    elif s == "brick_wall":
        n = e.kw["bricks_at"](t)
        m.append(obox(L(0, 0, 0.06), 1.0, 0.2, 0.06, facing, (150, 150, 150)))
        m.append(obox(L(-1.05, 0, 0.7), 0.025, 0.025, 0.7, facing, (90, 90, 90)))
        m.append(obox(L(1.05, 0, 0.7), 0.025, 0.025, 0.7, facing, (90, 90, 90)))
        m.append(obox(L(0, 0, 1.3), 1.05, 0.005, 0.005, facing, (40, 180, 220)))
        for (cc, x, z) in brick_positions(n):
            tone = (50 + 7 * ((cc * 3 + int(x * 10)) % 4), 70 + 5 * (cc % 3), 160 + 9 * (int(x * 13) % 4))
            m.append(obox(L(min(x, 0.99), 0, z), 0.105, 0.05, 0.032, facing, tone))
    elif s == "suspended_load":
        m.append(obox(L(0, 0, 0), 0.65, 0.55, 0.35, facing, (160, 165, 170)))
        m.append(obox(L(0, 0, -0.38), 0.62, 0.52, 0.05, facing, (70, 130, 170)))
        for sx in (-1, 1):
            for sy in (-1, 1):
                m.append(obox(L(sx * 0.3, sy * 0.25, 0.9), 0.01, 0.01, 0.6, facing, (40, 40, 40), inbox=True))
        m.append(obox(L(0, 0, 1.6), 0.08, 0.05, 0.12, facing, (0, 200, 240), inbox=True))
        m.append(obox(L(0, 0, 10.0), 0.015, 0.015, 8.3, facing, (50, 50, 50), inbox=False))
    # --- clutter (not in the detector's vocabulary)
    elif s == "toilet":
        m.append(obox(L(0, 0, 1.15), 0.58, 0.58, 1.15, facing, (190, 120, 40)))
        m.append(obox(L(0, 0, 2.33), 0.6, 0.6, 0.04, facing, (220, 220, 220)))
    elif s == "skip":
        m.append(obox(L(0, 0, 0.6), 1.7, 0.95, 0.6, facing, (0, 190, 230)))
        m.append(obox(L(0, 0, 1.0), 1.5, 0.8, 0.25, facing, (80, 90, 100)))
    elif s == "hut":
        m.append(obox(L(0, 0, 1.3), 3.0, 1.25, 1.3, facing, (215, 220, 220)))
        for k in (-2, -0.7, 0.7, 2):
            m.append(obox(L(k, -1.27, 1.5), 0.4, 0.02, 0.35, facing, (90, 60, 40)))
        m.append(obox(L(0, 0, 2.65), 3.05, 1.3, 0.05, facing, (80, 80, 80)))
    elif s == "generator":
        m.append(obox(L(0, 0, 0.5), 0.8, 0.45, 0.5, facing, (40, 140, 40)))
        m.append(obox(L(0.3, 0, 1.1), 0.05, 0.05, 0.12, facing, (40, 40, 40)))
    elif s == "mixer":
        m.append(obox(L(0, 0, 0.4), 0.5, 0.35, 0.4, facing, (30, 30, 30)))
        m.append(obox(L(0, 0.1, 1.05), 0.4, 0.45, 0.35, facing, (0, 120, 240), tilt=30))
    elif s == "pipes":
        for k in range(5):
            m.append(obox(L(-0.6 + 0.3 * k, 0, 0.14), 0.13, 1.6, 0.13, facing, (60, 60, 170)))
        for k in range(3):
            m.append(obox(L(-0.45 + 0.3 * k, 0, 0.4), 0.13, 1.6, 0.13, facing, (60, 60, 170)))
    elif s == "hoarding":
        ln = e.kw.get("length", 8.0)
        m.append(obox(L(0, 0, 1.0), ln / 2, 0.03, 1.0, facing, e.kw.get("panel", (80, 140, 60))))
        for k in np.arange(-ln / 2, ln / 2 + 0.01, 2.0):
            m.append(obox(L(k, -0.05, 1.05), 0.05, 0.04, 1.05, facing, (200, 200, 200)))
    return m


def pit_polys(e, p):
    """excavation: opening, far wall band, spoil heap (list of (world quad (4,3), colour))."""
    sx, sy, dep = e.kw["dims"]
    a = math.radians(e.facing or 0.0)
    ex = np.array([math.cos(a), -math.sin(a), 0]) * sx / 2
    ey = np.array([math.sin(a), math.cos(a), 0]) * sy / 2
    c = np.array([p[0], p[1], 0.02])
    q = [c - ex - ey, c + ex - ey, c + ex + ey, c - ex + ey]
    return q


class Frame:
    __slots__ = ("items",)


def mesh_of(scn, e, f):
    t = scn.T[f]
    p = scn.pos[e.eid][f].copy()
    if e.is_worker:
        p[2] += e.zoff.at(t)
        if e.facing is None:
            w = scn.wpos[f]
            facing = bearing_of(w[0] - p[0], w[1] - p[1])
            v = scn.speed[e.eid][f]
            if v > 0.25 and 0 < f < scn.F - 1:
                d = scn.pos[e.eid][f + 1] - scn.pos[e.eid][f - 1]
                facing = bearing_of(d[0], d[1])
        else:
            facing = e.facing
        return worker_mesh(e, t, p, facing, scn.act[e.eid][f], scn.hat[e.eid][f])
    return thing_mesh(e, t, p, e.facing or 0.0)


def project_boxes(lens, boxes, eye, yaw, subdiv):
    """boxes -> list of (uv polygon int32, colour, depth) for front faces, and the amodal bbox points."""
    if not boxes:
        return [], None
    C = np.stack([b[0] for b in boxes])
    A = np.stack([b[1] for b in boxes])
    corners = C[:, None, :] + np.einsum("bij,kj->bki", A, _S)  # (B,8,3)
    r, d, fw = lens.axes(yaw)
    polys = []
    # edge parameter for subdivision
    ts = np.arange(subdiv) / subdiv
    allq = []
    meta = []
    for bi, (c, ax, col, inbox) in enumerate(boxes):
        for (idx, k, sg) in _FACES:
            n = ax[:, k] * sg
            fc = corners[bi, list(idx)].mean(0)
            if np.dot(n, eye - fc) <= 0:
                continue
            q = corners[bi, list(idx)]
            pts = (q[:, None, :] + (np.roll(q, -1, 0) - q)[:, None, :] * ts[None, :, None]).reshape(-1, 3)
            allq.append(pts)
            sh = _SHADE[(k, sg)]
            meta.append((tuple(int(min(255, v * sh)) for v in col), float(np.linalg.norm(fc - eye))))
    if not allq:
        return [], None
    n_per = 4 * subdiv
    pts = np.concatenate(allq)
    v = pts - eye
    cam = np.stack([v @ r, v @ d, v @ fw], -1)
    uv, valid = lens.project_cam(cam)
    uv = uv.reshape(-1, n_per, 2)
    valid = valid.reshape(-1, n_per).all(1)
    for i, (col, dist) in enumerate(meta):
        if valid[i]:
            polys.append((uv[i], col, dist))
    # amodal box: corners of inbox boxes
    ib = [i for i, b in enumerate(boxes) if b[3]]
    cc = corners[ib].reshape(-1, 3)
    v = cc - eye
    cam = np.stack([v @ r, v @ d, v @ fw], -1)
    if lens.proj == "pinhole":
        cam = cam[cam[:, 2] > 0.15]
        if len(cam) == 0:
            return polys, None
    uvb, vb = lens.project_cam(cam)
    uvb = uvb[vb] if lens.proj != "pinhole" else uvb
    if len(uvb) == 0:
        return polys, None
    return polys, (uvb[:, 0].min(), uvb[:, 1].min(), uvb[:, 0].max(), uvb[:, 1].max())


def frame_items(scn, lens, f, subdiv):
    """per-frame projected scene: list of dict(eid, dist, polys, bbox), far to near."""
    t = scn.T[f]
    eye = np.array([scn.wpos[f][0], scn.wpos[f][1], EYE_H])
    yaw = scn.yaw[f]
    half = lens.hfov / 2.0
    vhalf = half * lens.h / lens.w
    items = []
    for e in scn.entities:
        if not scn.present[e.eid][f]:
            continue
        p = scn.pos[e.eid][f]
        dx, dy = p[0] - eye[0], p[1] - eye[1]
        dist = math.hypot(dx, dy)
        rel = wrap180(bearing_of(dx, dy) - yaw)
        ext = e.kw.get("extent", 1.5)
        margin = math.degrees(math.atan2(ext, max(dist, 0.3)))
        if abs(rel) > half + margin + 4:
            continue
        if e.shape == "pit":
            q = pit_polys(e, p)
            sx, sy, dep = e.kw["dims"]
            pts = []
            for i in range(4):
                a, b = q[i], q[(i + 1) % 4]
                for u in np.linspace(0, 1, 6, endpoint=False):
                    pts.append(a + (b - a) * u)
            pts = np.array(pts)
            uv, valid = lens.project_cam(lens.to_cam(pts, eye, yaw))
            if not valid.all():
                continue
            # far inner wall: the rectangle edge farthest from the eye, and the same edge at the pit's floor
            k = max(range(4), key=lambda i: np.linalg.norm((q[i] + q[(i + 1) % 4]) / 2 - eye))
            a, b = q[k], q[(k + 1) % 4]
            top = np.array([a + (b - a) * u for u in np.linspace(0, 1, 7)])
            bot = top[::-1].copy()
            bot[:, 2] = -dep
            wall = np.concatenate([top, bot])
            uvw, vw = lens.project_cam(lens.to_cam(wall, eye, yaw))
            polys = [(uv, (30, 45, 60), 1e6)]
            if vw.all():
                polys.append((uvw, (55, 80, 105), 1e6 - 1))
            items.append(dict(eid=e.eid, dist=1e6, polys=polys, pit=True,
                              bbox=(uv[:, 0].min(), uv[:, 1].min(), uv[:, 0].max(), uv[:, 1].max())))
            continue
        boxes = mesh_of(scn, e, f)
        polys, bbox = project_boxes(lens, boxes, eye, yaw, subdiv)
        if bbox is None or not polys:
            continue
        items.append(dict(eid=e.eid, dist=math.hypot(dist, p[2] - EYE_H), polys=polys, bbox=bbox))
    items.sort(key=lambda it: -it["dist"])
    for it in items:
        it["polys"].sort(key=lambda q: -q[2])
    return items
