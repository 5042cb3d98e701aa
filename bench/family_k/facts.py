"""Facts about the scripted world as the wearer could have observed them:
sightings from the simulated detections, spells of a worker's activity,
hard hat and zone, things' events, and bearings.  Used by the answer key
and the alert scanners."""
import math

import numpy as np

from .lens import bearing_deg, wrap180

SECTORS = ["front", "front-right", "right", "behind-right", "behind", "behind-left", "left", "front-left"]


def sector_of(rel):
    """Sector name, margin to the nearest boundary (deg), neighbour on the
    near side."""
    rel = wrap180(rel)
    k = int(round(rel / 45.0)) % 8
    centre = wrap180(k * 45.0)
    off = wrap180(rel - centre)
    margin = 22.5 - abs(off)
    nb = (k + (1 if off > 0 else -1)) % 8
    return SECTORS[k], margin, SECTORS[nb]


def sector_centre(name):
    return wrap180(SECTORS.index(name) * 45.0)


class Facts:
    def __init__(self, world, vis, obs):
        self.w = world
        self.vis = vis
        self.obs = obs
        self.fps = world.fps
        self.idx = {e.name: i for i, e in enumerate(world.entities)}
        self.n = world.nframes
        self._act = {}

    # ------------------------------------------------------------ basics
    def ent(self, name):
        return self.w.by_name[name]

    def frames_seen(self, name, upto=None):
        fr = [o[0] for o in self.obs[self.idx[name]]]
        if upto is not None:
            lim = int(math.floor(upto * self.fps + 1e-6))
            fr = [f for f in fr if f <= lim]
        return fr

    def seen_mask(self, name):
        m = np.zeros(self.n, bool)
        for f in self.frames_seen(name):
            m[f] = True
        return m

    def truly_visible(self, name, i):
        return self.vis.seen(self.idx[name], i)

    def seen_near(self, name, t, win=1.0, share=0.3):
        """Reported in at least `share` of the frames within +-win of t."""
        m = self.seen_mask(name)
        a = max(0, int(math.floor((t - win) * self.fps)))
        b = min(self.n - 1, int(math.ceil((t + win) * self.fps)))
        if b < a:
            return False
        return m[a:b + 1].mean() >= share

    def first_seen(self, name):
        fr = self.frames_seen(name)
        return fr[0] / self.fps if fr else None

    def last_seen(self, name, at):
        fr = self.frames_seen(name, at)
        return fr[-1] / self.fps if fr else None

    def obs_at(self, name, frame):
        for o in self.obs[self.idx[name]]:
            if o[0] == frame:
                return o
        return None

    # --------------------------------------------------------- positions
    def pos(self, name, t):
        return np.asarray(self.ent(name).pos(t), dtype=np.float64)

    def wearer_xy(self, t):
        return self.w.wearer.position(t)

    def heading(self, t):
        return self.w.wearer.yaw(t)

    def image_bearing(self, frame, bbox):
        """World bearing of the ray through a box's centre (what a product
        measures: its heading plus the place in the picture)."""
        u = (bbox[0] + bbox[2]) / 2
        v = (bbox[1] + bbox[3]) / 2
        d = self.w.lens.ray(u, v)
        R = self.vis.rot[frame]
        dw = R @ d
        return math.degrees(math.atan2(dw[0], dw[1]))

    def bearing_estimates(self, name, at):
        """Relative bearing of the thing's last known place at `at`, three
        ways: from the wearer's place now, from where the wearer stood when
        it was last seen, and from the picture (heading then + offset).
        Returns (list of rel bearings, last frame, world pos) or None."""
        fr = self.frames_seen(name, at)
        if not fr:
            return None
        f = fr[-1]
        t_last = f / self.fps
        p = self.pos(name, t_last)
        h = self.heading(at)
        wx, wy = self.wearer_xy(at)
        rel_now = wrap180(bearing_deg(p[0] - wx, p[1] - wy) - h)
        ox, oy = self.wearer_xy(t_last)
        rel_then = wrap180(bearing_deg(p[0] - ox, p[1] - oy) - h)
        o = self.obs_at(name, f)
        rel_img = wrap180(self.image_bearing(f, o[2]) - h)
        return [rel_now, rel_then, rel_img], f, p

    def angular_halfwidth(self, name, frame):
        o = self.obs_at(name, frame)
        if o is None:
            return 0.0
        b = o[2]
        a = self.image_bearing(frame, [b[0], b[1], b[0], b[3]])
        c = self.image_bearing(frame, [b[2], b[1], b[2], b[3]])
        return abs(wrap180(c - a)) / 2

    # ----------------------------------------------------------- workers
    def activity_series(self, name):
        if name not in self._act:
            e = self.ent(name)
            self._act[name] = [e.activity(i / self.fps) if e.present(i / self.fps) else "absent"
                               for i in range(self.n)]
        return self._act[name]

    def spells(self, name, state):
        """[(t0, t1)] maximal runs of the activity state ('active' /
        'idle' / 'walking')."""
        s = self.activity_series(name)
        out = []
        start = None
        for i, a in enumerate(s + ["<end>"]):
            if a == state and start is None:
                start = i
            elif a != state and start is not None:
                out.append((start / self.fps, i / self.fps))
                start = None
        return out

    def hat_off_spells(self, name):
        e = self.ent(name)
        out = []
        start = None
        for i in range(self.n + 1):
            t = i / self.fps
            off = (i < self.n) and e.present(t) and not e.hardhat(t)
            if off and start is None:
                start = t
            elif not off and start is not None:
                out.append((start, t))
                start = None
        return out

    def zone_spells(self, name, exc_name, margin=0.0):
        e = self.ent(name)
        x = self.ent(exc_name)
        out = []
        start = None
        for i in range(self.n + 1):
            t = i / self.fps
            if i < self.n and e.present(t):
                p = e.pos(t)
                inside = x.inside(p[0], p[1], margin) or p[2] < -0.3
            else:
                inside = False
            if inside and start is None:
                start = t
            elif not inside and start is not None:
                out.append((start, t))
                start = None
        # under 3 s out between spells does not end a spell
        merged = []
        for s in out:
            if merged and s[0] - merged[-1][1] < 3.0:
                merged[-1] = (merged[-1][0], s[1])
            else:
                merged.append(s)
        return merged

    # ------------------------------------------------------------ things
    def thing_events(self, name):
        return list(getattr(self.ent(name), "events", []))
