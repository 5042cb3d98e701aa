"""Scanners that derive the alerts from the scripted world and the simulated detections by
the contract's rules and default thresholds. They also report near misses (situations too
close to a threshold, or that an image-based reading could take for an alert)."""
import math

import numpy as np

from .lens import Lens, world_to_cam
from .world import FPS

BOUND = {"ppe_violation": 15.0, "exclusion_zone": 15.0, "safety_alert": 15.0, "memory_recall": 15.0,
         "progress": 30.0, "idle": 60.0, "left_behind": 60.0}


def describe(e):
    if e.kind == "worker":
        hat = f"{e.hat} hard hat" if e.hat else "no hard hat"
        vest = f"{e.vest} vest" if e.vest and e.vest != "none" else "no vest"
        return f"worker in {vest}, {hat}"
    return e.label or e.kind


class Obs:
    def __init__(self, sc, obs):
        self.sc = sc
        self.fr = {k: np.array([f for f, _ in v], int) for k, v in obs.items()}
        self.det = {k: dict(v) for k, v in obs.items()}

    def times(self, eid):
        return self.fr.get(eid, np.zeros(0, int)) / FPS

    def seen(self, eid, t0, t1):
        t = self.times(eid)
        return bool(((t >= t0 - 1e-6) & (t <= t1 + 1e-6)).any())

    def in_window(self, eid, t0, t1):
        t = self.times(eid)
        return t[(t >= t0 - 1e-6) & (t <= t1 + 1e-6)]

    def last(self, eid, at):
        t = self.times(eid)
        t = t[t <= at + 1e-6]
        return float(t[-1]) if len(t) else None

    def first(self, eid, at=1e9):
        t = self.times(eid)
        t = t[t <= at + 1e-6]
        return float(t[0]) if len(t) else None


def _spells(mask, times):
    out = []
    start = None
    for k, m in enumerate(mask):
        if m and start is None:
            start = k
        if not m and start is not None:
            out.append((times[start], times[k - 1]))
            start = None
    if start is not None:
        out.append((times[start], times[len(mask) - 1]))
    return out


def _runs(frames, min_len):
    """Longest run (s) of consecutive frames (allowing 2-frame gaps)."""
    if len(frames) == 0:
        return 0.0
    best, s, prev = 0.0, frames[0], frames[0]
    for f in frames[1:]:
        if f - prev > 3:
            best = max(best, (prev - s) / FPS)
            s = f
        prev = f
    return max(best, (prev - s) / FPS)


def pit_rect_dist(pit, p):
    """Horizontal distance from p to the pit's rim rectangle (0 inside)."""
    w, l, _ = pit.kw["pit_size"]
    c = pit.pos(0)
    a = math.radians(pit.face or 0.0)
    dx, dz = p[0] - c[0], p[2] - c[2]
    lx = dx * math.cos(a) - dz * math.sin(a)
    lz = dx * math.sin(a) + dz * math.cos(a)
    ex, ez = max(0.0, abs(lx) - w / 2), max(0.0, abs(lz) - l / 2)
    return math.hypot(ex, ez)


def load_dist(load, t, p):
    c = load.pos(t)
    if c is None:
        return 1e9
    a = math.radians(load.face or 0.0)
    ux, uz = math.cos(a), -math.sin(a)
    dx, dz = p[0] - c[0], p[2] - c[2]
    s = max(-2.0, min(2.0, dx * ux + dz * uz))
    return math.hypot(dx - s * ux, dz - s * uz)


def recall_views(sc, obs, eid):
    """Frames where the last observed place of eid is in view while the thing is gone from it."""
    lens = Lens(sc.width, sc.height, sc.hfov, sc.projection)
    e = sc.by_id[eid]
    fr = set(obs.fr.get(eid, []).tolist())
    last = None
    out = []
    for i in range(sc.n):
        t = i / FPS
        if i in fr:
            last = np.array(e.pos(t), float)
            continue
        if last is None:
            continue
        cur = e.pos(t)
        if cur is not None and np.linalg.norm(np.array(cur) - last) < 1.0:
            continue
        eye, yaw, pitch = sc.wearer.at(i)
        pc = world_to_cam((last + np.array([0, 0.4, 0]))[None], eye, yaw, pitch)
        u, v, ok = lens.project(pc)
        if not ok[0] or np.linalg.norm(last - eye) > 16:
            continue
        if 0.08 * sc.width < u[0] < 0.92 * sc.width and 0.08 * sc.height < v[0] < 0.92 * sc.height:
            out.append(i)
    return out


def derive(sc, geo, ob):
    alerts, near, looks = [], [], []
    T = sc.times
    workers = [e for e in sc.entities if e.kind == "worker"]
    # ---- ppe_violation: observed without hard hat >= 3 s (world hat-off spells)
    for e in workers:
        present = np.array([e.pos(t) is not None for t in T])
        off = np.array([not e.hat_on(t) for t in T]) & present
        for a, b in _spells(off, T):
            ts = ob.in_window(e.eid, a, b)
            if len(ts) == 0:
                continue
            d = ts[-1] - ts[0]
            if d >= 3.3:
                t0 = float(ts[ts >= ts[0] + 3.0][0])
                alerts.append(dict(category="ppe_violation", subject_id=e.eid, t0=t0, t1=min(t0 + BOUND["ppe_violation"], float(ts[-1])),
                                   note=f"no hard hat {a:.1f}-{b:.1f} s, seen without it for {d:.1f} s"))
            elif d >= 2.7:
                near.append(f"ppe spell of {e.eid} observed {d:.2f} s (within 10 % of 3 s)")
            else:
                looks.append(f"{describe(e)}: hard hat off only {d:.1f} s in view ({a:.1f}-{b:.1f} s)")
    # ---- exclusion_zone
    pits = [e for e in sc.entities if e.kind == "excavation"]
    for pit in pits:
        for e in workers:
            ins = np.array([(p := e.pos(t)) is not None and p[1] < -0.3 for t in T])
            dmin = min([pit_rect_dist(pit, p) for t in T if (p := e.pos(t)) is not None and p[1] >= -0.3] or [99])
            if not ins.any() and dmin < 1.5:
                near.append(f"{e.eid} comes within {dmin:.2f} m of the excavation without entering")
            for a, b in _spells(ins, T):
                ts = ob.in_window(e.eid, a, b)
                if len(ts) and ts[-1] - ts[0] >= 1.0:
                    t0 = float(ts[0])
                    alerts.append(dict(category="exclusion_zone", subject_id=e.eid, t0=t0, t1=min(t0 + 15, float(ts[-1])),
                                       note=f"inside the excavation {a:.1f}-{b:.1f} s"))
                elif len(ts):
                    near.append(f"{e.eid} in the pit observed under 1 s")
            if not ins.any() and dmin < 4.5:
                looks.append(f"{describe(e)} works {dmin:.1f} m from the excavation edge, never inside it")
            # image-based reading for those outside
            frames = []
            pad = int(2 * FPS)
            near_in = np.convolve(ins.astype(float), np.ones(2 * pad + 1), mode="same") > 0
            for i in range(sc.n):
                g = geo[i]
                if e.eid in g and pit.eid in g and not near_in[i]:
                    wx1, wy1, wx2, wy2 = g[e.eid]["bbox"]
                    px1, py1, px2, py2 = g[pit.eid]["bbox"]
                    cx = 0.5 * (wx1 + wx2)
                    if px1 < cx < px2 and py1 < wy2 < py2:
                        frames.append(i)
            if _runs(np.array(frames), 0) >= 0.5:
                near.append(f"{e.eid} looks inside the excavation in the image for {_runs(np.array(frames), 0):.1f} s while outside")
    # ---- safety_alert: a person under / next to a suspended load
    for load in [e for e in sc.entities if e.kind == "load"]:
        for e in workers:
            d = np.array([load_dist(load, t, p) if (p := e.pos(t)) is not None and load.pos(t) is not None
                          and load.pos(t)[1] > 1.0 else 1e9 for t in T])
            close = d < 3.0
            pad = int(4 * FPS)
            near_close = np.convolve(close.astype(float), np.ones(2 * pad + 1), mode="same") > 0
            mid = (d >= 3.0) & (d < 5.0) & ~near_close
            if mid.any():
                near.append(f"{e.eid} at {d[mid].min():.1f} m from the suspended load (3-5 m band)")
            for a, b in _spells(close, T):
                both = [t for t in np.arange(a, b + 1e-6, 1 / FPS)
                        if ob.seen(e.eid, t - 1e-3, t + 1e-3) and ob.seen(load.eid, t - 1e-3, t + 1e-3)]
                if len(both) and both[-1] - both[0] >= 1.0:
                    alerts.append(dict(category="safety_alert", subject_id=e.eid, t0=float(both[0]),
                                       t1=min(float(both[0]) + 15, float(both[-1])),
                                       note=f"under the suspended load {a:.1f}-{b:.1f} s (min {d[close].min():.1f} m)"))
                elif len(both):
                    near.append(f"{e.eid} under load seen under 1 s")
            if not close.any() and d.min() < 20:
                looks.append(f"{describe(e)} and the suspended load: closest {d.min():.1f} m, never under it")
            frames = []
            for i in range(sc.n):
                g = geo[i]
                if e.eid in g and load.eid in g and not near_close[i]:
                    wx1, wy1, wx2, wy2 = g[e.eid]["bbox"]
                    lx1, ly1, lx2, ly2 = g[load.eid]["bbox"]
                    same_depth = abs(g[e.eid]["dist"] - g[load.eid]["dist"]) < 3.0
                    if same_depth and min(wx2, lx2) - max(wx1, lx1) > 0 and ly2 < wy1 + 0.3 * (wy2 - wy1):
                        frames.append(i)
            r = _runs(np.array(frames), 0)
            if r >= 0.5:
                near.append(f"{e.eid} is below the load in the image for {r:.1f} s while {d[frames].min():.1f} m away")
    # ---- left_behind: wearer's tool out of view >= 30 s after being set down
    for e in sc.entities:
        for ts_ in e.events.get("set_down", []):
            tp = min([x for x in e.events.get("pick_up", []) if x > ts_] or [sc.duration])
            seen = ob.in_window(e.eid, ts_, tp)
            if len(seen) == 0:
                near.append(f"{e.eid} set down unseen")
                continue
            pts = list(seen) + [tp]
            for a, b in zip(pts[:-1], pts[1:]):
                g = b - a
                if g >= 33.0:
                    i0, i1 = int(a * FPS), int(min(b, a + 30) * FPS)
                    moved = np.linalg.norm(sc.wearer.pos[i1] - sc.wearer.pos[i0])
                    t0 = a + 30.0
                    alerts.append(dict(category="left_behind", subject_id=e.eid, t0=round(t0, 3),
                                       t1=round(min(t0 + 60, b), 3),
                                       note=f"set down at {ts_:.1f} s, last seen {a:.1f} s, out of view until {b:.1f} s; wearer moved {moved:.1f} m"))
                elif g >= 27.0:
                    near.append(f"{e.eid} out of view {g:.1f} s (within 10 % of 30 s)")
            if all(b - a < 27.0 for a, b in zip(pts[:-1], pts[1:])):
                looks.append(f"{e.label} set down at {ts_:.1f} s and picked up again at {tp:.1f} s, never 30 s out of view")
    # ---- idle
    for e in workers:
        st = e.activity + [(sc.duration, "end")]
        for (a, s), (b, _) in zip(st[:-1], st[1:]):
            if s != "idle":
                continue
            d = b - a
            if d >= 66.0:
                ts = ob.in_window(e.eid, a + 60.0, b)
                if len(ts) == 0:
                    near.append(f"{e.eid} idle spell {a}-{b} never observed after 60 s")
                    continue
                t0 = float(ts[0])
                alerts.append(dict(category="idle", subject_id=e.eid, t0=t0, t1=min(t0 + 60, b),
                                   note=f"idle {a:.0f}-{b:.0f} s ({d:.0f} s)"))
            elif d >= 54.0:
                near.append(f"{e.eid} idle {d:.0f} s (within 10 % of 60 s)")
            else:
                looks.append(f"{describe(e)}: idle only {d:.0f} s ({a:.0f}-{b:.0f} s), then back to work")
    # ---- progress: first brick, every third course
    for e in [x for x in sc.entities if x.kind == "brick_wall"]:
        bt = e.brick_times
        evs = []
        if bt:
            evs.append((bt[0], "first brick laid"))
        k = 3
        while k * e.per_course <= len(bt):
            evs.append((bt[k * e.per_course - 1], f"course {k} completed"))
            k += 3
        for te, what in evs:
            ts = ob.in_window(e.eid, te, sc.duration)
            if len(ts) == 0:
                continue
            t0 = float(ts[0])
            if t0 - te > 15:
                near.append(f"progress '{what}' observed only {t0 - te:.0f} s late")
            alerts.append(dict(category="progress", subject_id=e.eid, t0=t0, t1=t0 + 30, note=f"{what} at {te:.1f} s"))
    # ---- memory_recall
    for e in sc.entities:
        if e.label is None or e.kind == "worker" or e.kw.get("wearer_tool"):
            continue
        views = recall_views(sc, ob, e.eid)
        if not views:
            continue
        groups = []
        for f in views:
            if groups and f - groups[-1][-1] <= 3:
                groups[-1].append(f)
            else:
                groups.append([f])
        first = groups[0]
        if (first[-1] - first[0]) / FPS < 1.0:
            near.append(f"{e.eid}: its empty place is in view only {(first[-1]-first[0])/FPS:.1f} s")
        t0 = first[0] / FPS
        alerts.append(dict(category="memory_recall", subject_id=e.eid, t0=t0, t1=t0 + 15,
                           note=f"{e.label} gone from where it was last seen; place in view again at {t0:.1f} s"))
        for g in groups[1:]:
            pass
    for a in alerts:
        a["subject"] = describe(sc.by_id[a["subject_id"]])
        a["t0"], a["t1"] = round(a["t0"], 2), round(a["t1"], 2)
    alerts.sort(key=lambda a: a["t0"])
    return alerts, near, looks
