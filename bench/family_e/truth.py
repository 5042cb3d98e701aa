"""Ground truth from the simulated world: sightings, directions, spells and alerts."""
from __future__ import annotations

import math

import numpy as np

from .world import SECTORS, World, border_neighbour, bearing, sector, wrap180

SECTOR_CENTRE = {s: 45.0 * k if k <= 4 else 45.0 * k - 360.0 for k, s in enumerate(SECTORS)}
ALERT_WINDOW = {"safety_alert": 15, "ppe_violation": 15, "exclusion_zone": 15, "memory_recall": 15,
                "progress": 30, "idle": 60, "left_behind": 60}
PLANT_NEAR_M = 2.0      # "near moving plant": within 2 m of the machine's footprint
LOAD_NEAR_M = 1.0       # "under or next to" a suspended load: within 1 m of its footprint
LOAD_SUSPENDED_Y = 0.8  # a load counts as suspended when its underside is above 0.8 m
ZONE_MARGIN_M = 0.5     # excavation zone margin
PPE_MIN_S = 3.0
IDLE_MIN_S = 60.0
LEFT_MIN_S = 30.0
GAP_FRAMES = 15         # gaps up to 1 s do not break an observed run


class ValidationError(Exception):
    pass


class Truth:
    def __init__(self, world: World):
        self.w = world
        self.vis, self.boxes = world.visibility()
        self.t = world.cam.t
        self.fps = world.cam.fps

    def f(self, t):
        return self.w.cam.frame(t)

    # ------------------------------------------------------------ sightings
    def seen_frames(self, key, at):
        v = self.vis[key][: self.f(at) + 1]
        return np.nonzero(v)[0]

    def first_seen(self, key, at=1e9):
        fr = self.seen_frames(key, at)
        if not len(fr):
            raise ValidationError(f"{key} never seen by {at}")
        return float(self.t[fr[0]])

    def last_seen(self, key, at):
        fr = self.seen_frames(key, at)
        if not len(fr):
            raise ValidationError(f"{key} never seen by {at}")
        return float(self.t[fr[-1]])

    def seen_between(self, key, a, b):
        i0, i1 = self.f(a), self.f(b)
        return bool(self.vis[key][i0:i1 + 1].any())

    # ------------------------------------------------------------ directions
    def direction(self, key, at):
        fa = self.f(at)
        fr = self.seen_frames(key, at)
        if not len(fr):
            raise ValidationError(f"direction: {key} never seen by {at}")
        j = fr[-1]
        st = self.w.st[key]
        if st["held_wearer"][j]:
            raise ValidationError(f"direction: {key} was in the wearer's hands at its last sighting")
        cam = self.w.cam
        head = cam.yaw[fa]
        b_mem = bearing(st["x"][j] - cam.x[j], st["z"][j] - cam.z[j])
        b_now = bearing(st["x"][j] - cam.x[fa], st["z"][j] - cam.z[fa])
        r_mem, r_now = wrap180(b_mem - head), wrap180(b_now - head)
        prim = sector(r_now)
        cands = {sector(r_mem), border_neighbour(r_now), border_neighbour(r_mem)} - {None, prim}
        if len(cands) > 1:
            raise ValidationError(f"direction of {key} at {at} ambiguous: {prim} {cands}")
        alt = cands.pop() if cands else None
        if alt is not None:
            d = abs(SECTORS.index(alt) - SECTORS.index(prim)) % 8
            if d not in (1, 7):
                raise ValidationError(f"direction of {key} at {at}: alt {alt} not next to {prim}")
        note = (f"last seen t={self.t[j]:.1f}s; bearing then {b_mem:.1f} deg (from where the wearer stood then), "
                f"{b_now:.1f} deg from where he stands at {at}s; heading at {at}s = {head:.1f} deg; "
                f"relative {r_now:.1f} deg ({prim})" + (f", remembered relative {r_mem:.1f} deg" if abs(r_mem - r_now) > 0.5 else ""))
        return prim, alt, note, float(self.t[j])

    def things_in_direction(self, direction, at, exclude_left=()):
        fa = self.f(at)
        c = SECTOR_CENTRE[direction]
        cam = self.w.cam
        head = cam.yaw[fa]
        req, opt = set(), set()
        details = []
        for e in self.w.ents:
            if e.key in exclude_left:
                continue
            fr = self.seen_frames(e.key, at)
            if not len(fr):
                continue
            j = fr[-1]
            st = self.w.st[e.key]
            if st["held_wearer"][j] or st["held_wearer"][fa]:
                rels = None
            else:
                b_mem = bearing(st["x"][j] - cam.x[j], st["z"][j] - cam.z[j])
                b_now = bearing(st["x"][j] - cam.x[fa], st["z"][j] - cam.z[fa])
                rels = [abs(wrap180(b - head - c)) for b in (b_mem, b_now)]
            if rels is None:
                opt.add(e.label)
                continue
            if max(rels) <= 40.0:
                req.add(e.label)
                details.append(f"{e.key}:{min(rels):.0f}")
            elif min(rels) <= 50.0:
                opt.add(e.label)
                details.append(f"({e.key}:{min(rels):.0f})")
        opt -= req
        note = (f"heading at {at}s = {head:.1f} deg; quadrant centred {c:+.0f} deg; entities with last known "
                f"bearing within 40 deg of the centre (both as remembered and from the current position) are "
                f"required, 40-50 deg optional; offsets: " + ", ".join(details))
        return sorted(req), sorted(opt), note

    # ------------------------------------------------------------ states
    def activity_runs(self, key, state, at):
        """Runs [t0, t1] of `state` (active/idle) up to `at` (activity as scripted)."""
        act = self.w.st[key]["activity"][: self.f(at) + 1]
        m = act == state
        runs, i = [], 0
        n = len(m)
        while i < n:
            if m[i]:
                j = i
                while j < n and m[j]:
                    j += 1
                runs.append((float(self.t[i]), float(self.t[j - 1]) + 1.0 / self.fps))
                i = j
            else:
                i += 1
        return runs

    def spell(self, key, state, which, at):
        st = {"working": "active", "idle": "idle"}[state]
        runs = self.activity_runs(key, st, at)
        fs = self.first_seen(key, at)
        runs = [(max(a, fs), min(b, at)) for a, b in runs if b > fs]
        if which == "current":
            if runs and runs[-1][1] >= at - 0.1:
                a = runs[-1][0]
                return at - a, f"current {state} spell started at {a:.1f}s (or first sighting), up to at={at}"
            return 0.0, f"not {state} at {at}s"
        if which == "last":
            a, b = runs[-1]
            return b - a, f"last {state} spell {a:.1f}-{b:.1f}s"
        if which == "total":
            return sum(b - a for a, b in runs), f"total of {state} spells {runs}"
        raise ValueError(which)

    def is_state(self, key, state, at):
        act = self.w.st[key]["activity"][self.f(at)]
        want = {"working": "active", "idle": "idle"}[state]
        return act == want, f"activity at {at}s is '{act}'"

    # ------------------------------------------------------------ alerts
    def _runs(self, mask, gap=GAP_FRAMES):
        idx = np.nonzero(mask)[0]
        runs = []
        for i in idx:
            if runs and i - runs[-1][1] <= gap:
                runs[-1][1] = i
            else:
                runs.append([i, i])
        return runs

    def alerts(self, exclude_left=()):
        w, t, out = self.w, self.t, []
        workers = [e for e in w.ents if e.kind == "worker"]
        n = w.n
        for e in workers:
            st = w.st[e.key]
            # ppe: observed without a hard hat for >= 3 s, once per removal
            for (a, b) in e.hat_off:
                m = self.vis[e.key] & ~st["hat"] & (t >= a) & (t < b)
                for r0, r1 in self._runs(m):
                    if (r1 - r0) / self.fps >= PPE_MIN_S:
                        t0 = t[r0] + PPE_MIN_S
                        out.append(dict(category="ppe_violation", t0=float(t0), subject=e.label, subject_id=e.key,
                                        note=f"{e.key} seen without hard hat from {t[r0]:.1f}s; 3 s later"))
                        break
            # idle >= 60 s, once per spell
            for (a, b) in e.idle:
                if b - a >= IDLE_MIN_S:
                    i0, i1 = self.f(a), self.f(a + IDLE_MIN_S)
                    frac = self.vis[e.key][i0:i1].mean()
                    if frac < 0.5 or not self.vis[e.key][i0:i0 + 75].any():
                        raise ValidationError(f"idle spell of {e.key} {a}-{b} not observed enough ({frac:.2f})")
                    out.append(dict(category="idle", t0=float(a + IDLE_MIN_S), subject=e.label, subject_id=e.key,
                                    note=f"{e.key} idle {a:.0f}-{b:.0f}s, seen {frac:.0%} of its first minute; "
                                         f"t0 = start + 60 s"))
            # exclusion zone / safety
            for z in w.ents:
                if z.kind == "zone":
                    inside = np.array([w.st[z.key]["present"][i] and w.footprint_dist(e.key, z.key, i) <= ZONE_MARGIN_M
                                       for i in range(n)])
                    for r0, r1 in self._runs(inside & self.vis[e.key], gap=15 * self.fps):
                        out.append(dict(category="exclusion_zone", t0=float(t[r0]), subject=e.label, subject_id=e.key,
                                        note=f"{e.key} inside {z.key} (margin {ZONE_MARGIN_M} m) seen from {t[r0]:.1f}s"))
                if z.kind == "plant":
                    zs = w.st[z.key]
                    near = np.array([zs["moving"][i] and w.footprint_dist(e.key, z.key, i) <= PLANT_NEAR_M
                                     for i in range(n)])
                    m = near & self.vis[e.key] & self.vis[z.key]
                    for r0, r1 in self._runs(m, gap=15 * self.fps):
                        out.append(dict(category="safety_alert", t0=float(t[r0]), subject=e.label, subject_id=e.key,
                                        note=f"{e.key} within {PLANT_NEAR_M} m of moving {z.key} seen from {t[r0]:.1f}s"))
                if z.kind == "load":
                    zs = w.st[z.key]
                    near = np.array([zs["present"][i] and zs["y0"][i] > LOAD_SUSPENDED_Y
                                     and w.footprint_dist(e.key, z.key, i) <= LOAD_NEAR_M for i in range(n)])
                    m = near & self.vis[e.key] & self.vis[z.key]
                    for r0, r1 in self._runs(m, gap=15 * self.fps):
                        out.append(dict(category="safety_alert", t0=float(t[r0]), subject=e.label, subject_id=e.key,
                                        note=f"{e.key} under/next to suspended {z.key} seen from {t[r0]:.1f}s"))
        cam = w.cam
        for e in w.ents:
            st = w.st[e.key]
            # left behind: wearer set it down, out of view >= 30 s, not picked up, wearer moved on
            for (a, b) in e.held_wearer:
                ib = self.f(b)
                if ib >= n - 1 or st["held_wearer"][ib]:
                    continue
                nxt = [iv[0] for iv in e.held_wearer if iv[0] > b]
                pick = self.f(nxt[0]) if nxt else n
                i = ib
                while i < pick:
                    # first frame out of view
                    while i < pick and self.vis[e.key][i]:
                        i += 1
                    j = i
                    while j < pick and not self.vis[e.key][j]:
                        j += 1
                    if (j - i) / self.fps >= LEFT_MIN_S:
                        i0 = i + int(LEFT_MIN_S * self.fps)
                        moved = math.hypot(cam.x[i0] - cam.x[ib], cam.z[i0] - cam.z[ib])
                        if moved < 1.5:
                            raise ValidationError(f"left_behind {e.key}: wearer did not move on ({moved:.1f} m)")
                        out.append(dict(category="left_behind", t0=float(t[i0]), subject=e.label, subject_id=e.key,
                                        note=f"set down at {b:.1f}s, out of view from {t[i]:.1f}s, not picked up; "
                                             f"wearer moved {moved:.1f} m; t0 = out of view + 30 s"))
                        break
                    i = j
            # progress
            if e.kind == "wall":
                bpc = e.bricks_per_course
                b = st["bricks"]
                marks = [("first brick", 1)] + [(f"course {c}", c * bpc) for c in (3, 6, 9, 12)]
                for name, cnt in marks:
                    idx = np.nonzero(b >= cnt)[0]
                    if not len(idx):
                        continue
                    k = idx[0]
                    seen = np.nonzero(self.vis[e.key][k:])[0]
                    if not len(seen):
                        continue
                    t0 = t[k + seen[0]]
                    out.append(dict(category="progress", t0=float(t0), subject=e.label, subject_id=e.key,
                                    note=f"{name} done at {t[k]:.1f}s, wall in view at {t0:.1f}s"))
            # memory recall: the place where a thing was last seen comes into view and it is gone
            if e.kind in ("thing",) and e.key not in exclude_left:
                last_j = None
                fired_for = None
                for i in range(n):
                    if st["held_wearer"][i]:
                        last_j = None
                        continue
                    if self.vis[e.key][i]:
                        last_j = i
                        continue
                    if last_j is None or fired_for == last_j or st["held"][last_j]:
                        continue
                    px, pz = st["x"][last_j], st["z"][last_j]
                    gone = (not st["present"][i]) or math.hypot(st["x"][i] - px, st["z"][i] - pz) > 1.0
                    if gone and i - last_j > 2 * self.fps and w.point_in_view(i, (px, 0.3, pz), maxdist=e.det_range):
                        out.append(dict(category="memory_recall", t0=float(t[i]), subject=e.label, subject_id=e.key,
                                        note=f"{e.key} last seen at ({px:.1f},{pz:.1f}) at {t[last_j]:.1f}s; "
                                             f"place in view again at {t[i]:.1f}s and it is gone"))
                        fired_for = last_j
        for a in out:
            a["t0"] = round(a["t0"], 2)
            a["t1"] = round(a["t0"] + ALERT_WINDOW[a["category"]], 2)
        out.sort(key=lambda a: a["t0"])
        return out
