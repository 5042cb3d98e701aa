"""The scripted world: a wearer with a head-worn camera and entities on keyframed timelines.

World frame: x to the right of the wearer's first heading, y up, z along it; ground at y = 0.
Yaw (heading, bearings, an entity's facing) in degrees, 0 along +z, positive turning right
(clockwise seen from above).  Everything is evaluated once per video frame.
"""
import math
import numpy as np

from . import keys as K
from . import models as M

INF = float("inf")


def rot_cam(yaw_deg, pitch_deg, roll_deg=0.0):
    """Camera-to-world rotation; columns are the camera's right, up and forward axes."""
    return M.rot_y(math.radians(yaw_deg)) @ M.rot_x(-math.radians(pitch_deg)) @ M.rot_z(-math.radians(roll_deg))


def bearing_of(dx, dz):
    return math.degrees(math.atan2(dx, dz))


def wrap180(a):
    """Wrap to (-180, 180]."""
    a = (a + 180.0) % 360.0 - 180.0
    return 180.0 if a == -180.0 else a


SECTORS = ["front", "front-right", "right", "behind-right", "behind", "behind-left", "left", "front-left"]
SECTOR_CENTRE = {"front": 0, "front-right": 45, "right": 90, "behind-right": 135, "behind": 180,
                 "behind-left": -135, "left": -90, "front-left": -45}


def sector(rel):
    return SECTORS[int(math.floor((wrap180(rel) + 22.5) / 45.0)) % 8]


def boundary_distance(rel):
    """Degrees from the relative angle to the nearest sector boundary (the boundaries sit at 22.5 + k*45)."""
    x = (wrap180(rel) - 22.5) % 45.0
    return min(x, 45.0 - x)


def neighbour_sector(rel):
    """The sector on the other side of the nearest boundary."""
    r = wrap180(rel)
    x = (r - 22.5) % 45.0
    return sector(r + 10.0) if x > 22.5 else sector(r - 10.0)


class Entity:
    def __init__(self, eid, label, model, kind="thing", attrs=None, pos=(0, 0, 0), yaw=0.0, radius=1.0,
                 role=None, static=False, note=""):
        self.eid, self.label, self.model, self.kind = eid, label, model, kind
        self.attrs = dict(attrs or {})
        self.pos_keys = [(0.0, tuple(float(v) for v in pos))]
        self.yaw_keys = [(0.0, float(yaw))]
        self.present = [(0.0, INF)]
        self.activity_keys = [(0.0, "active")]
        self.hat_keys = [(0.0, True)]
        self.held = []  # (t_pick, t_drop, mode) held by the wearer: mode 'view' or 'hip'
        self.radius = radius
        self.role = role
        self.static = static
        self.note = note
        self.units = []  # brick_wall: times each brick is laid
        self.per_course = 8
        self.hold_hat_when_off = True
        self.shape = None  # (entity, state, frame) -> local boxes
        self.state_key = None  # (state, frame) -> hashable; lets the renderer cache a static model
        self.rim_world = None  # pits: (state, frame) -> the opening's corners in world coordinates

    # ---------------------------------------------------------- scripting helpers
    def at(self, t, x, z, y=0.0):
        self.pos_keys.append((float(t), (float(x), float(y), float(z))))
        return self

    def move(self, t0, t1, x, z, y=0.0, face=True):
        """Stay at the current place until t0, then go straight to (x, z) by t1."""
        p0 = self.pos_at_key(t0)
        self.pos_keys.append((float(t0), p0))
        self.pos_keys.append((float(t1), (float(x), float(y), float(z))))
        if face and (abs(x - p0[0]) + abs(z - p0[2])) > 0.05:
            yaw = bearing_of(x - p0[0], z - p0[2])
            self.turn(t0 - 0.6, t0, yaw)
        return self

    def turn(self, t0, t1, yaw):
        y0 = self.yaw_at_key(t0)
        # take the short way round
        yaw = y0 + wrap180(yaw - y0)
        self.yaw_keys.append((float(t0), y0))
        self.yaw_keys.append((float(t1), float(yaw)))
        return self

    def face_point(self, t0, t1, x, z):
        p = self.pos_at_key(t1)
        return self.turn(t0, t1, bearing_of(x - p[0], z - p[2]))

    def act(self, t, activity):
        self.activity_keys.append((float(t), activity))
        return self

    def hat(self, t, on):
        self.hat_keys.append((float(t), bool(on)))
        return self

    def pos_at_key(self, t):
        ks = sorted(self.pos_keys, key=lambda k: k[0])
        return tuple(float(v) for v in K.linear(ks, [t])[0])

    def yaw_at_key(self, t):
        ks = sorted(self.yaw_keys, key=lambda k: k[0])
        return float(K.smooth(ks, [t])[0])

    def present_at(self, t):
        return any(a <= t < b for a, b in self.present)


class Wearer:
    def __init__(self, eye_h=1.65):
        self.eye_h = eye_h
        self.pos_keys = [(0.0, (0.0, 0.0))]
        self.yaw_keys = [(0.0, 0.0)]
        self.pitch_keys = [(0.0, -8.0)]

    def yaw(self, *pairs):
        for t, y in pairs:
            self.yaw_keys.append((float(t), float(y)))

    def pitch(self, *pairs):
        for t, p in pairs:
            self.pitch_keys.append((float(t), float(p)))

    def walk(self, t0, t1, x, z):
        ks = sorted(self.pos_keys, key=lambda k: k[0])
        p0 = tuple(K.linear(ks, [t0])[0])
        self.pos_keys.append((float(t0), p0))
        self.pos_keys.append((float(t1), (float(x), float(z))))


class World:
    """Per-frame state of the wearer and every entity."""

    def __init__(self, scen):
        self.scen = scen
        fps, dur = scen.fps, scen.duration
        self.F = int(round(dur * fps))
        self.t = np.arange(self.F) / fps
        self._wearer()
        self.ents = scen.entities
        self.idx = {e.eid: i for i, e in enumerate(self.ents)}
        self.state = {}
        for e in self.ents:
            self.state[e.eid] = self._entity(e)
        # excavation zones: a worker is in one while his feet are over its opening
        self.pit_dist = {}
        pits = [e for e in self.ents if e.kind == "pit"]
        for e in self.ents:
            if e.kind != "worker":
                continue
            st = self.state[e.eid]
            inz = np.zeros(self.F, bool)
            for pe in pits:
                ps = self.state[pe.eid]
                L, Wd, _ = pe.dims
                rel = st["pos"] - ps["pos"]
                # pits are static: use the first frame's rotation
                R = ps["rot"][0]
                loc = rel @ R
                dx = np.maximum(0.0, np.abs(loc[:, 0]) - L / 2)
                dz = np.maximum(0.0, np.abs(loc[:, 2]) - Wd / 2)
                d = np.hypot(dx, dz)
                self.pit_dist[(pe.eid, e.eid)] = d
                inz |= d <= 0.0
            st["in_zone"] = inz & st["present"]

    # ---------------------------------------------------------- wearer
    def _wearer(self):
        s, t = self.scen, self.t
        w = s.wearer
        rng = np.random.default_rng(s.seed + 11)
        xz = K.linear(sorted(w.pos_keys, key=lambda k: k[0]), t)
        yaw = K.smooth(sorted(w.yaw_keys, key=lambda k: k[0]), t)
        pitch = K.smooth(sorted(w.pitch_keys, key=lambda k: k[0]), t)
        # head micro-motion: a slow wander and, while walking, a step bob
        def wander(amp, cell_s):
            n = int(self.F / (cell_s * s.fps)) + 4
            g = rng.uniform(-1, 1, n)
            x = np.arange(self.F) / (cell_s * s.fps)
            i = np.floor(x).astype(int)
            u = x - i
            u = u * u * (3 - 2 * u)
            return amp * (g[i] * (1 - u) + g[i + 1] * u)
        yaw = yaw + wander(0.6, 1.3)
        pitch = pitch + wander(1.0, 1.1)
        roll = wander(1.2, 2.0)
        v = np.zeros(self.F)
        v[1:] = np.hypot(np.diff(xz[:, 0]), np.diff(xz[:, 1])) * s.fps
        walking = v > 0.2
        phase = np.cumsum(v / s.fps) / 0.7 * math.pi
        bob = np.where(walking, 0.025 * np.abs(np.sin(phase)), 0.0)
        roll = roll + np.where(walking, 1.2 * np.sin(phase), 0.0)
        self.cam_pos = np.stack([xz[:, 0], w.eye_h + bob, xz[:, 1]], axis=1)
        self.yaw = yaw - yaw[0]  # heading 0 at t = 0 by definition
        self.pitch = pitch
        self.roll = roll
        self.wearer_speed = v
        self.cam_rot = np.array([rot_cam(a, b, c) for a, b, c in zip(self.yaw, pitch, roll)])

    def heading(self, t):
        return float(np.interp(t, self.t, self.yaw))

    def frame_of(self, t):
        return int(min(self.F - 1, max(0, round(t * self.scen.fps))))

    # ---------------------------------------------------------- entities
    def _entity(self, e):
        t, F = self.t, self.F
        st = {}
        pos = K.linear(sorted(e.pos_keys, key=lambda k: k[0]), t)
        yaw = K.smooth(sorted(e.yaw_keys, key=lambda k: k[0]), t)
        present = np.zeros(F, bool)
        for a, b in e.present:
            present |= (t >= a) & (t < b)
        sp = np.zeros(F)
        sp[1:] = np.linalg.norm(np.diff(pos[:, [0, 2]], axis=0), axis=1) * self.scen.fps
        st["ground_pos"] = pos.copy()
        rot = np.array([M.rot_y(math.radians(a)) for a in yaw])
        # held by the wearer: blend between the hand and the ground place
        hold_w = np.zeros(F)
        mode = np.array(["" for _ in range(F)], dtype=object)
        union = []
        for (tp, td, md) in sorted(e.held):
            mode[(t > tp - 1.0) & (t < td + 1.0)] = md
            if union and tp <= union[-1][1] + 1e-6:
                union[-1][1] = max(union[-1][1], td)
            else:
                union.append([tp, td])
        for (tp, td, md) in sorted(e.held):
            mode[(t > tp) & (t < td)] = md
        for tp, td in union:
            ramp = 0.7
            w_ = np.clip(np.minimum((t - tp) / ramp, (td - t) / ramp), 0, 1)
            hold_w = np.maximum(hold_w, w_)
        if e.held:
            hand = np.zeros((F, 3))
            hrot = np.zeros((F, 3, 3))
            for f in range(F):
                R = self.cam_rot[f]
                C = self.cam_pos[f]
                if mode[f] == "view":
                    hand[f] = C + R @ np.array([0.13, -0.2, 0.5])
                    hrot[f] = R @ M.rot_x(0.3) @ M.rot_y(-0.4)
                else:  # at the hip, moving with the body (yaw only)
                    Ry = M.rot_y(math.radians(self.yaw[f]))
                    hand[f] = np.array([C[0], 0.0, C[2]]) + Ry @ np.array([0.3, 0.75, 0.12])
                    hrot[f] = Ry
            w3 = hold_w[:, None]
            pos = pos * (1 - w3) + hand * w3
            rot = np.where((hold_w > 0.5)[:, None, None], hrot, rot)
            sp = np.where(hold_w > 0, 0.0, sp)
        st["pos"], st["yaw"], st["rot"], st["present"], st["speed"] = pos, yaw, rot, present, sp
        st["held"] = hold_w
        if e.kind == "worker":
            act = K.steps(e.activity_keys, t, "active")
            walking = sp > 0.25
            st["activity"] = np.array(["walking" if w_ else a for a, w_ in zip(act, walking)], dtype=object)
            st["hat"] = np.array(K.steps(e.hat_keys, t, True), dtype=bool)
            st["phase"] = np.cumsum(np.where(walking, sp, 0.0) / self.scen.fps) / 0.75 * math.pi + \
                np.where(np.array(act) == "active", t * 2.2, 0.0)
            st["in_pit"] = pos[:, 1] < -0.05
        if e.units:
            ut = np.array(sorted(e.units))
            st["units"] = np.searchsorted(ut, t, side="right")
        return st

    def boxes(self, e, f):
        """World boxes of entity e at frame f: list of (corners (8,3), colour, flags)."""
        st = self.state[e.eid]
        return e.model(e, st, f)

    def pos(self, eid, f):
        return self.state[eid]["pos"][f]

    def bearing_from(self, eid, f_thing, f_wearer):
        p = self.state[eid]["pos"][f_thing]
        c = self.cam_pos[f_wearer]
        return bearing_of(p[0] - c[0], p[2] - c[2])
