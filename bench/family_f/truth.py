"""Ground truth: observation log, alert derivation (with the contract's timeliness), question answers,
and validation that everything asked about or alerted on was actually observable."""
from __future__ import annotations

import math

import numpy as np

from .lens import SECTOR_CENTRE, sector_of, wrap180
from .sim import frame_state, project_entities, true_position, visible_boxes

INF = float("inf")


class ValidationError(Exception):
    pass


class Obs:
    """What the detector reported (after noise), frame by frame."""

    def __init__(self, world, times, emitted, dets, geom):
        self.world = world
        self.times = np.asarray(times)
        self.fps = 1.0 / (times[1] - times[0])
        self.emitted = emitted          # list[list[eid]]
        self.dets = dets                # list[list[dict]] aligned with emitted
        self.geom = geom                # list[set[eid]] geometrically visible
        self.seen = {}
        self.det_at = {}
        for i, (eids, ds) in enumerate(zip(emitted, dets, strict=False)):
            for eid, d in zip(eids, ds, strict=False):
                self.seen.setdefault(eid, []).append(times[i])
                self.det_at.setdefault(eid, {})[i] = d
        self.seen = {k: np.array(v) for k, v in self.seen.items()}
        w = world.wearer
        self.heading = w.heading(self.times)
        px, py = w.pos(self.times)
        self.wx, self.wy = px, py

    # ---- sightings
    def times_of(self, eid, t0=-INF, t1=INF):
        s = self.seen.get(eid, np.zeros(0))
        return s[(s >= t0 - 1e-9) & (s <= t1 + 1e-9)]

    def first_seen(self, eid, at=INF, after=-INF):
        s = self.times_of(eid, after, at)
        return float(s[0]) if s.size else None

    def last_seen(self, eid, at):
        s = self.times_of(eid, -INF, at)
        return float(s[-1]) if s.size else None

    def runs(self, eid, t0=-INF, t1=INF, gap=1.0):
        s = self.times_of(eid, t0, t1)
        out = []
        for t in s:
            if out and t - out[-1][1] <= gap + 1e-9:
                out[-1][1] = t
            else:
                out.append([t, t])
        return [(float(a), float(b)) for a, b in out]

    def idx(self, t):
        return int(round(t * self.fps))

    def heading_at(self, t):
        return float(self.heading[min(self.idx(t), len(self.heading) - 1)])

    def wearer_xy(self, t):
        i = min(self.idx(t), len(self.wx) - 1)
        return float(self.wx[i]), float(self.wy[i])

    def bearing_from_wearer(self, eid, t):
        e = self.world.ents[eid]
        x, y = true_position(self.world, e, t)
        wx, wy = self.wearer_xy(t)
        return math.degrees(math.atan2(x - wx, y - wy))

    def hand_seen(self, eid, t):
        e = self.world.ents[eid]
        return e.is_carried(t)


def _fmt(t):
    return round(float(t), 2)


# =================================================================================================
# alerts

class AlertDeriver:
    def __init__(self, obs: Obs, errors, lookalikes):
        self.o = obs
        self.w = obs.world
        self.errors = errors
        self.look = lookalikes
        self.alerts = []

    def add(self, cat, t0, t1, eid, note):
        e = self.w.ents[eid]
        self.alerts.append({"category": cat, "t0": _fmt(t0), "t1": _fmt(t1), "subject": e.label,
                            "subject_id": eid, "note": note})

    def workers(self):
        return [e for e in self.w.ents.values() if e.label == "worker" and e.detect]

    # ---- ppe_violation (hard hat by default)
    def ppe(self):
        o = self.o
        for e in self.workers():
            tl = e.attr_timeline("hardhat")
            eps = []
            for k, (t, v) in enumerate(tl):
                if v is False:
                    end = next((tt for tt, vv in tl[k + 1:] if vv is True), INF)
                    eps.append((t, end))
            for (a, b) in eps:
                runs = o.runs(e.eid, a, min(b, self.w.duration) - 1e-6)
                long = [r for r in runs if r[1] - r[0] >= 3.0]
                if long:
                    t_obs = long[0][0] + 3.0
                    t1 = min(t_obs + 15.0, b)
                    if t1 - t_obs < 8:
                        self.errors.append(f"ppe {e.eid}: hat back on too soon after it became observable")
                    self.add("ppe_violation", t_obs - 0.5, t1, e.eid,
                             f"{e.eid} without hard hat from {a:.1f}s (seen from {long[0][0]:.1f}s), back on "
                             f"{'never' if b == INF else f'{b:.1f}s'}")
                    # no second alert for the same removal: record the look-alike if seen again later
                    later = [r for r in runs if r[0] > long[0][1] + 1.0]
                    if later:
                        self.look.append(f"{e.label} {e.eid} seen again still without a hard hat at {later[0][0]:.1f}s "
                                         f"(same removal: no second ppe_violation)")
                else:
                    span = (runs[-1][1] - runs[0][0]) if runs else 0.0
                    if span >= 3.0:
                        self.errors.append(f"ppe {e.eid}: ambiguous hat-off sightings {runs}")
                    elif runs:
                        self.look.append(f"{e.eid} takes the hard hat off for {min(b, 1e9) - a:.1f}s at {a:.1f}s "
                                         f"(seen {span:.1f}s, under 3 s: no ppe_violation)")
            tlv = e.attr_timeline("vest")
            for k, (t, v) in enumerate(tlv):
                if v == "none" and k > 0:
                    self.look.append(f"{e.eid} takes the hi-vis vest off at {t:.1f}s with the hard hat on "
                                     f"(vest is not required by default: no ppe_violation)")

    # ---- exclusion_zone
    def zone(self, margin=1.0, near_band=2.0):
        o = self.o
        zones = [self.w.ents[z] for z in self.w.zones]
        for e in self.workers():
            for z in zones:
                zx, zy = z.pos(0)
                hw, hd = z.params["w"] / 2, z.params["d"] / 2
                dist = []
                for t in o.times:
                    if not e.is_present(t):
                        dist.append(INF)
                        continue
                    x, y = e.pos(t)
                    dx = max(abs(x - zx) - hw, 0.0)
                    dy = max(abs(y - zy) - hd, 0.0)
                    dist.append(math.hypot(dx, dy))
                dist = np.array(dist)
                inside = dist <= 1e-9
                # inside episodes
                i = 0
                n = len(dist)
                while i < n:
                    if not inside[i]:
                        i += 1
                        continue
                    j = i
                    while j < n and inside[j]:
                        j += 1
                    a, b = o.times[i], (o.times[j] if j < n else self.w.duration)
                    s = o.times_of(e.eid, a, b - 1e-6)
                    if s.size == 0:
                        self.errors.append(f"zone {e.eid}: inside {a:.1f}-{b:.1f} never observed")
                    else:
                        zs = o.times_of(z.eid, -INF, s[0])
                        if zs.size == 0:
                            self.errors.append(f"zone {e.eid}: excavation {z.eid} not seen before entry")
                        # approach inside the margin, observed
                        k = i
                        while k > 0 and dist[k - 1] <= margin:
                            k -= 1
                        sa = o.times_of(e.eid, o.times[k], a)
                        t_near = float(sa[0]) if sa.size else float(s[0])
                        t_obs = float(s[0])
                        t1 = min(t_obs + 15.0, b)
                        if t1 - t_obs < 8:
                            self.errors.append(f"zone {e.eid}: left the zone too soon")
                        self.add("exclusion_zone", min(t_near, t_obs) - 0.5, t1, e.eid,
                                 f"{e.eid} inside {z.label} {z.eid} {a:.1f}-{b:.1f}s (seen inside from {t_obs:.1f}s)")
                    i = j
                # near but not inside
                near = (dist < near_band) & (~inside)
                for i in np.nonzero(near)[0]:
                    t = o.times[i]
                    # part of an entry/exit within 4 s?
                    lo, hi = max(0, i - int(4 * o.fps)), min(n, i + int(4 * o.fps))
                    if inside[lo:hi].any():
                        continue
                    if e.eid in o.emitted[i]:
                        self.errors.append(f"zone {e.eid}: seen {dist[i]:.2f} m from {z.eid} at {t:.1f}s "
                                           f"without entering (ambiguous margin)")
                        break
                # image-space overlap while clearly outside (entries and exits excepted)
                bad = 0
                for i in range(n):
                    lo, hi = max(0, i - int(4 * o.fps)), min(n, i + int(4 * o.fps))
                    if inside[lo:hi].any():
                        bad = 0
                        continue
                    if dist[i] < 1.0 or e.eid not in o.det_at or i not in o.det_at[e.eid] or i not in o.det_at.get(z.eid, {}):
                        bad = 0
                        continue
                    wb = o.det_at[e.eid][i]["bbox"]
                    zb = o.det_at[z.eid][i]["bbox"]
                    fx, fy = (wb[0] + wb[2]) / 2, wb[3]
                    if zb[0] <= fx <= zb[2] and zb[1] <= fy <= zb[3]:
                        bad += 1
                        if bad > 1.0 * o.fps:
                            self.errors.append(f"zone {e.eid}: feet inside {z.eid}'s box in the image at "
                                               f"{o.times[i]:.1f}s while {dist[i]:.1f} m outside")
                            break
                    else:
                        bad = 0

    # ---- safety_alert
    def safety(self, load_r=1.5, load_band=4.0, plant_r=3.0, plant_band=6.0):
        o = self.o
        loads = [e for e in self.w.ents.values() if e.label == "suspended_load"]
        plants = [e for e in self.w.ents.values() if e.kind == "plant" and e.detect]
        n = len(o.times)
        for L in loads:
            hw, hd = L.params["w"] / 2 + 0.0, L.params["d"] / 2
            for e in self.workers():
                d = np.full(n, INF)
                for i, t in enumerate(o.times):
                    if not (e.is_present(t) and L.is_present(t)):
                        continue
                    x, y = e.pos(t)
                    lx, ly = L.pos(t)
                    # distance to the load's footprint (axis from its yaw)
                    yaw = math.radians(L.yaw(t))
                    ax, ay = math.cos(yaw), -math.sin(yaw)
                    u = (x - lx) * ax + (y - ly) * ay
                    v = -(x - lx) * ay + (y - ly) * ax
                    d[i] = math.hypot(max(abs(u) - hw, 0), max(abs(v) - hd, 0))
                self._pair_episodes(e, L, d, load_r, load_band, "under/next to the suspended load")
        for P in plants:
            for e in self.workers():
                d = np.full(n, INF)
                dpark = np.full(n, INF)
                for i, t in enumerate(o.times):
                    if not (e.is_present(t) and P.is_present(t)):
                        continue
                    x, y = e.pos(t)
                    px, py = P.pos(t)
                    r = P.params.get("radius", 2.5)
                    dd = max(math.hypot(x - px, y - py) - r, 0.0)
                    if P.attrs(t).get("activity") == "moving":
                        d[i] = dd
                    else:
                        dpark[i] = dd
                self._pair_episodes(e, P, d, plant_r, plant_band, "next to moving plant")
                close = [i for i in range(n) if dpark[i] < plant_r and e.eid in o.emitted[i] and P.eid in o.emitted[i]]
                if close:
                    self.look.append(f"{e.eid} works within {plant_r:.0f} m of the parked {P.label} {P.eid} "
                                     f"at {o.times[close[0]]:.1f}s (plant not moving: no safety_alert)")

    def _pair_episodes(self, e, L, d, r, band, why):
        o = self.o
        n = len(d)
        close = d <= r
        i = 0
        while i < n:
            if not close[i]:
                i += 1
                continue
            j = i
            while j < n and close[j]:
                j += 1
            a, b = o.times[i], (o.times[j] if j < n else self.w.duration)
            both = [k for k in range(i, j) if e.eid in o.emitted[k] and L.eid in o.emitted[k]]
            if not both:
                self.errors.append(f"safety {e.eid}/{L.eid}: close {a:.1f}-{b:.1f} never observed together")
            else:
                t_obs = float(o.times[both[0]])
                t1 = min(t_obs + 15.0, b)
                if t1 - t_obs < 8:
                    self.errors.append(f"safety {e.eid}/{L.eid}: episode too short after observable")
                self.add("safety_alert", t_obs - 1.0, t1, e.eid,
                         f"{e.eid} {why} {L.eid} ({L.label}) {a:.1f}-{b:.1f}s, first seen together {t_obs:.1f}s")
            i = j
        # ambiguous band
        for k in range(n):
            if r < d[k] < band and e.eid in o.emitted[k] and L.eid in o.emitted[k]:
                lo, hi = max(0, k - int(6 * o.fps)), min(n, k + int(6 * o.fps))
                if close[lo:hi].any():
                    continue
                self.errors.append(f"safety {e.eid}/{L.eid}: seen {d[k]:.1f} m apart at {o.times[k]:.1f}s "
                                   f"(ambiguous band {r}-{band} m)")
                break
        # image-space: worker drawn right under the load while far away
        if L.label == "suspended_load":
            bad = 0
            for k in range(n):
                if d[k] <= band or e.eid not in o.emitted[k] or L.eid not in o.emitted[k]:
                    bad = 0
                    continue
                wb = o.det_at[e.eid][k]["bbox"]
                lb = o.det_at[L.eid][k]["bbox"]
                ov = max(0.0, min(wb[2], lb[2]) - max(wb[0], lb[0])) / max(wb[2] - wb[0], 1e-6)
                if ov > 0.3 and wb[1] >= lb[1]:
                    bad += 1
                    if bad > o.fps:
                        self.errors.append(f"safety {e.eid}/{L.eid}: worker under the load in the image at "
                                           f"{o.times[k]:.1f}s while {d[k]:.1f} m away")
                        break
                else:
                    bad = 0

    # ---- left_behind
    def left_behind(self, gap=30.0, away=4.0):
        o = self.o
        for e in self.w.ents.values():
            drops = [(t, info) for (t, ev, info) in e.events if ev == "dropped"]
            picks = sorted(t for (t, ev, info) in e.events if ev == "picked_up")
            for (td, info) in drops:
                tp = next((p for p in picks if p > td), INF)
                x, y = info["xy"]
                s = o.times_of(e.eid, td, min(tp, self.w.duration))
                if s.size == 0:
                    self.errors.append(f"left_behind {e.eid}: never seen after the drop at {td:.1f}")
                    continue
                t_obs = None
                for i, T in enumerate(o.times):
                    if td > T or tp <= T:
                        continue
                    seen_before = s[s <= T + 1e-9]
                    last = seen_before[-1] if seen_before.size else td
                    if T - last >= gap:
                        dd = math.hypot(o.wx[i] - x, o.wy[i] - y)
                        if dd >= away:
                            t_obs = float(T)
                            break
                if t_obs is not None:
                    t1 = min(t_obs + 60.0, tp)
                    if t1 - t_obs < 45:
                        self.errors.append(f"left_behind {e.eid}: picked up too soon after observable")
                    self.add("left_behind", t_obs - 2.0, t1, e.eid,
                             f"{e.label} set down at {td:.1f}s, out of view from {t_obs - gap:.1f}s while the wearer "
                             f"walked on; picked up {'never' if tp == INF else f'at {tp:.1f}s'}")
                else:
                    self.look.append(f"{e.label} ({e.eid}) set down at {td:.1f}s and picked up again at {tp:.1f}s "
                                     f"before 30 s out of view: no left_behind")

    # ---- idle
    def idle(self, thresh=60.0):
        o = self.o
        for e in self.workers():
            for (a, b) in spells(e, "idle", self.w.duration):
                s = o.times_of(e.eid, a, b - 1e-6)
                if s.size == 0:
                    continue
                s0 = float(s[0])
                if s0 > a + 3.0 and b - a >= 45:
                    self.errors.append(f"idle {e.eid}: spell {a:.1f}-{b:.1f} start not observed (first {s0:.1f})")
                dur = b - a
                if dur >= thresh:
                    t_obs = s0 + thresh
                    if b - t_obs < 15:
                        self.errors.append(f"idle {e.eid}: spell ends too soon after 60 s")
                    t1 = min(t_obs + 60.0, b)
                    late = o.times_of(e.eid, t_obs, t1)
                    if late.size == 0:
                        self.errors.append(f"idle {e.eid}: not seen idle between {t_obs:.1f} and {t1:.1f}")
                    self.add("idle", t_obs - 3.0, t1, e.eid,
                             f"{e.eid} idle {a:.1f}-{b:.1f}s (observed from {s0:.1f}s)")
                else:
                    if dur > 48:
                        self.errors.append(f"idle {e.eid}: spell {a:.1f}-{b:.1f} of {dur:.0f}s too close to 60 s")
                    after = o.times_of(e.eid, b, b + 12)
                    if after.size == 0 and b < self.w.duration - 1:
                        self.errors.append(f"idle {e.eid}: short spell end at {b:.1f} not observed")
                    self.look.append(f"{e.eid} idle for {dur:.0f}s ({a:.1f}-{b:.1f}s), under 60 s: no idle alert")

    # ---- progress
    def progress(self):
        o = self.o
        for e in self.w.ents.values():
            keys = e.params.get("progress")
            if not keys:
                continue
            unit_key = keys[0]
            ms = []
            tl = e.attr_timeline(unit_key)
            first = next((t for t, v in tl if v >= 1), None)
            if first is not None:
                ms.append((first, f"first {e.params.get('unit_name', unit_key)}"))
            if len(keys) > 1:
                stage_key = keys[1]
                for t, v in e.attr_timeline(stage_key):
                    if v > 0 and v % 3 == 0:
                        ms.append((t, f"{stage_key} {v} complete"))
            for (tm, what) in ms:
                s = o.times_of(e.eid, tm, INF)
                if s.size == 0:
                    self.errors.append(f"progress {e.eid}: {what} at {tm:.1f} never observed")
                    continue
                t_obs = float(s[0])
                if t_obs - tm > 12:
                    self.errors.append(f"progress {e.eid}: {what} at {tm:.1f} first observed late ({t_obs:.1f})")
                self.add("progress", min(tm, t_obs) - 1.0, t_obs + 30.0, e.eid, f"{e.label} {what} at {tm:.1f}s")

    # ---- memory_recall
    def memory(self):
        o = self.o
        w = self.w
        hf = w.lens.hfov_deg / 2
        for e in w.ents.values():
            if e.label == "worker" or not e.detect or e.kind in ("zone", "work"):
                continue
            gone = [(t, ev, info) for (t, ev, info) in e.events if ev in ("moved", "taken")]
            for (tm, ev, info) in gone:
                s_prev = o.times_of(e.eid, -INF, tm)
                if s_prev.size == 0:
                    continue
                t_last = float(s_prev[-1])
                if o.times_of(e.eid, tm - 1.0, tm + 1.0).size:
                    self.look.append(f"{e.eid} moved at {tm:.1f}s in view: no memory_recall")
                    continue
                old = info.get("from") or e.pos(tm - 0.01)
                wx, wy = o.wearer_xy(t_last)
                b_old = math.degrees(math.atan2(old[0] - wx, old[1] - wy))
                s_new = o.times_of(e.eid, tm, INF)
                t_new = float(s_new[0]) if s_new.size else INF
                t_obs = None
                for i, T in enumerate(o.times):
                    if tm >= T or t_new <= T:
                        continue
                    if i % 2:
                        continue
                    if abs(float(wrap180(b_old - o.heading[i]))) > hf - 8:
                        continue
                    if ghost_visible(w, e, old, T):
                        t_obs = float(T)
                        break
                if t_obs is None:
                    self.look.append(f"{e.eid} {ev} unseen at {tm:.1f}s; old place not looked at again before "
                                     f"{'the end' if t_new == INF else f'it was seen again at {t_new:.1f}s'}")
                    continue
                # the remembered bearing and the geometric one from where the wearer now stands must agree
                wx2, wy2 = o.wearer_xy(t_obs)
                b_now = math.degrees(math.atan2(old[0] - wx2, old[1] - wy2))
                if abs(float(wrap180(b_now - b_old))) > 12:
                    self.errors.append(f"memory {e.eid}: old place bearing {b_old:.0f} (from {wx:.1f},{wy:.1f}) vs "
                                       f"{b_now:.0f} from where the wearer stands at {t_obs:.1f}s")
                self.add("memory_recall", t_obs - 1.0, t_obs + 15.0, e.eid,
                         f"{e.label} last seen {t_last:.1f}s, {ev} unseen at {tm:.1f}s; wearer looks at the old "
                         f"place at {t_obs:.1f}s")

    def run(self):
        self.ppe()
        self.zone()
        self.safety()
        self.left_behind()
        self.idle()
        self.progress()
        self.memory()
        self.alerts.sort(key=lambda a: a["t0"])
        return self.alerts


def ghost_visible(world, e, xy, T):
    """Would entity e, standing at xy at time T, be geometrically visible (ignoring its real absence)?"""
    fs = frame_state(world, T)
    st = {"t": T, "attrs": e.attrs(T), "yaw": e.yaw(T), "pos": (float(xy[0]), float(xy[1])), "z": 0.0,
          "hand": False}
    ghost_id = "__ghost__"
    fs.ents = {k: v for k, v in fs.ents.items() if world.ents[k].occluder}
    fs.ents[ghost_id] = st
    world.ents[ghost_id] = e
    try:
        proj = project_entities(world, fs)
        vis = visible_boxes(world, fs, proj)
    finally:
        del world.ents[ghost_id]
    return ghost_id in vis


def spells(e, state, duration):
    """[(t0, t1)] intervals where attribute activity == state."""
    tl = e.attr_timeline("activity")
    out = []
    for k, (t, v) in enumerate(tl):
        if v == state:
            end = tl[k + 1][0] if k + 1 < len(tl) else duration
            end = min(end, e.present[-1][1], duration)
            if out and abs(out[-1][1] - t) < 1e-6:
                out[-1] = (out[-1][0], end)
            else:
                out.append((t, end))
    return out


# =================================================================================================
# questions

class Asker:
    """Builds questions.json / truth answers with checks that the facts were observable at `at`."""

    def __init__(self, obs: Obs, camera, errors):
        self.o = obs
        self.w = obs.world
        self.camera = camera
        self.errors = errors
        self.questions = []
        self.answers = []

    def _add(self, qid, at, text, kind, intent, query, fields, note):
        assert not any(q["id"] == qid for q in self.questions), qid
        self.questions.append({"id": qid, "camera": self.camera, "at": _fmt(at), "question": text})
        ans = {"id": qid, "kind": kind, "intent": intent}
        ans.update(fields)
        ans["note"] = note
        ans["query"] = query
        self.answers.append(ans)

    def err(self, qid, msg):
        self.errors.append(f"question {qid}: {msg}")

    def _need_seen(self, qid, eid, at):
        t = self.o.first_seen(eid, at)
        if t is None:
            self.err(qid, f"{eid} not seen before at={at}")
        return t

    # ---- directional
    def _dir_fields(self, qid, eid, at, what="last seen"):
        o = self.o
        tl = o.last_seen(eid, at)
        if tl is None:
            self.err(qid, f"{eid} never seen by {at}")
            return {}, ""
        b_mem = o.bearing_from_wearer(eid, tl)
        h = o.heading_at(at)
        rel = float(wrap180(b_mem - h))
        sec, alt = sector_of(rel)
        # geometric check from the wearer's position now
        e = self.w.ents[eid]
        x, y = true_position(self.w, e, tl)
        wx, wy = o.wearer_xy(at)
        b_geo = math.degrees(math.atan2(x - wx, y - wy))
        rel_g = float(wrap180(b_geo - h))
        sec_g, _ = sector_of(rel_g)
        if sec_g != sec and (alt is None or sec_g != alt):
            if abs(float(wrap180(rel_g - rel))) > 12:
                self.err(qid, f"{eid}: remembered bearing {rel:.0f} and geometric {rel_g:.0f} disagree")
            if alt is None:
                alt = sec_g
        f = {"direction": sec}
        if alt:
            f["direction_alt"] = alt
        note = (f"{eid} {what} at {tl:.1f}s at bearing {b_mem:.0f} deg; heading at {at:.1f}s is {h:.0f} deg; "
                f"relative {rel:.0f} deg")
        return f, note

    def direction_of(self, qid, at, text, query, eid):
        f, note = self._dir_fields(qid, eid, at)
        self._add(qid, at, text, "directional", "direction_of", query, f, note)

    def where(self, qid, at, text, query, eid, extra=""):
        f, note = self._dir_fields(qid, eid, at)
        tl = self.o.last_seen(eid, at)
        if tl is not None:
            f["last_seen_t"] = _fmt(tl)
        self._add(qid, at, text, "object_permanence", "where", query, f, (note + " " + extra).strip())

    def things_in_direction(self, qid, at, text, query, direction, exclude=(), optional=()):
        o = self.o
        h = o.heading_at(at)
        centre = h + SECTOR_CENTRE[direction]
        req, opt = set(), set()
        details = []
        for eid, e in self.w.ents.items():
            if not e.detect or eid in exclude:
                continue
            tl = o.last_seen(eid, at)
            if tl is None:
                continue
            if e.is_carried(tl):
                continue
            if e.label == "worker" and any(ev == "left" and t <= at for (t, ev, _) in e.events):
                continue
            b = o.bearing_from_wearer(eid, tl)
            rel = abs(float(wrap180(b - centre)))
            ex, ey = true_position(self.w, e, tl)
            wx, wy = o.wearer_xy(at)
            relg = abs(float(wrap180(math.degrees(math.atan2(ex - wx, ey - wy)) - centre)))
            moving = e.label == "worker" or any(v == "moving" for _, v in e.attr_timeline("activity"))
            if rel < 45 - 8 and relg < 45 - 8 and not moving and eid not in optional:
                req.add(e.label)
                details.append(f"{eid}@{rel:.0f}")
            elif rel < 45 + 8 or relg < 45 + 8 or (eid in optional and rel < 60):
                opt.add(e.label)
                details.append(f"({eid}@{rel:.0f})")
        opt -= req
        if not req:
            self.err(qid, "nothing required in that direction")
        self._add(qid, at, text, "directional", "things_in_direction", query,
                  {"entity_types": sorted(req), "entity_types_optional": sorted(opt)},
                  f"heading {h:.0f}; quadrant centre {centre:.0f}; " + ", ".join(details))

    # ---- object permanence
    def still_there(self, qid, at, text, query, eid, answer, note):
        self._need_seen(qid, eid, at)
        self._add(qid, at, text, "object_permanence", "still_there", query, {"yes_no": bool(answer)}, note)

    # ---- temporal
    def event_time(self, qid, at, text, query, t_event, tol, note, eid=None, need_view=True):
        if t_event is None or t_event > at:
            self.err(qid, f"event time {t_event} not before at {at}")
        if eid is not None and need_view:
            s = self.o.times_of(eid, t_event - tol, t_event + tol)
            if s.size == 0:
                self.err(qid, f"{eid} not in view around the event at {t_event:.1f}")
        self._add(qid, at, text, "temporal_retrieval", "event_time", query,
                  {"time": _fmt(t_event), "time_tol_s": tol}, note)

    def time_since(self, qid, at, text, query, t_event, tol, note):
        if t_event is None or t_event > at:
            self.err(qid, f"event time {t_event} not before at {at}")
        self._add(qid, at, text, "temporal_reasoning", "time_since", query,
                  {"duration_s": _fmt(at - t_event), "duration_tol_s": tol}, note)

    def state_duration(self, qid, at, text, query, dur, tol, note):
        self._add(qid, at, text, "temporal_reasoning", "state_duration", query,
                  {"duration_s": _fmt(dur), "duration_tol_s": tol}, note)

    def order(self, qid, at, text, query, answer, note):
        self._add(qid, at, text, "temporal_reasoning", "order", query, {"yes_no": bool(answer)}, note)

    def returned(self, qid, at, text, query, answer, note, eid=None, back_from=None):
        if answer and eid is not None and self.o.times_of(eid, back_from, at).size == 0:
            self.err(qid, f"{eid} not seen back between {back_from} and {at}")
        self._add(qid, at, text, "temporal_reasoning", "returned", query, {"yes_no": bool(answer)}, note)

    # ---- productivity
    def is_working(self, qid, at, text, query, eid, state):
        e = self.w.ents[eid]
        act = e.attrs(at).get("activity")
        tl = self.o.last_seen(eid, at)
        if tl is None or at - tl > 20:
            self.err(qid, f"{eid} not seen recently before {at} (last {tl})")
        elif e.attrs(tl).get("activity") != act:
            self.err(qid, f"{eid} activity changed since last seen ({tl:.1f})")
        ans = (act == "active") if state == "working" else (act == "idle")
        self._add(qid, at, text, "productivity", "is_working", query, {"yes_no": bool(ans)},
                  f"{eid} activity at {at:.1f}s is {act} (last seen {tl}s)")

    def spell_duration(self, qid, at, text, query, eid, state, spell, ordinal=None, window=None, tol=None):
        e = self.w.ents[eid]
        act = "active" if state == "working" else "idle"
        t_first = self.o.first_seen(eid, at)
        if t_first is None:
            self.err(qid, f"{eid} not seen by {at}")
            t_first = 0.0
        # a spell already going on when the worker is first seen counts from the first sighting
        sp = [(max(a, t_first), min(b, at)) for (a, b) in spells(e, act, self.w.duration) if a < at and b > t_first]
        if spell == "current":
            cur = [s for s in sp if s[0] <= at < s[1] + 1e-6 and e.attrs(at).get("activity") == act]
            dur = (at - cur[-1][0]) if cur else 0.0
            used = cur
        elif spell == "last":
            used = sp[-1:] if sp else []
            dur = (used[0][1] - used[0][0]) if used else 0.0
        elif spell == "nth":
            used = [sp[ordinal - 1]] if len(sp) >= ordinal else []
            dur = (used[0][1] - used[0][0]) if used else 0.0
        elif spell == "total":
            lo, hi = (window or (0.0, at))
            used = [(max(a, lo), min(b, hi)) for a, b in sp if b > lo and a < hi]
            dur = sum(b - a for a, b in used)
        else:
            raise ValueError(spell)
        if not used:
            self.err(qid, f"no {act} spell for {eid} ({spell})")
        for (a, b) in used:
            for tb in (a, b):
                if tb >= at - 1e-6:
                    continue
                if self.o.times_of(eid, tb - 3.0, tb + 3.0).size == 0:
                    self.err(qid, f"{eid} spell boundary {tb:.1f} not observed")
        if tol is None:
            tol = max(5.0, 0.12 * dur)
        self._add(qid, at, text, "productivity", "spell_duration", query,
                  {"duration_s": _fmt(dur), "duration_tol_s": round(tol, 1)},
                  f"{eid} {act} spells before {at:.1f}s: {[(round(a, 1), round(b, 1)) for a, b in sp]}; "
                  f"{spell} -> {[(round(a, 1), round(b, 1)) for a, b in used]}")

    # ---- identity
    def same_individual(self, qid, at, text, query, answer, note):
        self._add(qid, at, text, "identity", "same_individual", query, {"yes_no": bool(answer)}, note)

    def count_distinct(self, qid, at, text, query, eids, note):
        for eid in eids:
            self._need_seen(qid, eid, at)
        # contract rule: people in the same clothes never in view together count as one
        groups = {}
        for eid in eids:
            a = self.w.ents[eid].attrs(0.0)
            groups.setdefault((a.get("vest"), a.get("hat_colour")), []).append(eid)
        for key, g in groups.items():
            if len(g) < 2:
                continue
            together = False
            for i in range(len(self.o.times)):
                if self.o.times[i] > at:
                    break
                if all(x in self.o.emitted[i] for x in g):
                    together = True
                    break
            if not together:
                self.err(qid, f"{g} wear the same clothes {key} and were never seen together")
        self._add(qid, at, text, "identity", "count_distinct", query, {"count": len(eids)}, note)

    def unknown(self, qid, at, text, note):
        self._add(qid, at, text, "unknown", "unknown", {"kind": "unknown", "intent": "unknown"}, {}, note)
