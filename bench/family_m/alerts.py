"""Alert scanners: apply the contract's alert meanings and default thresholds to the scripted world
and the detections, and report the alerts that must fire (with their windows) plus any situation
that sits too close to a threshold to be judged fairly."""
import math

import numpy as np

from .facts import looked_at, runs

PPE_S = 3.0
IDLE_S = 60.0
LEFT_S = 30.0
ZONE_MIN_S = 1.0
NEAR_M = 2.0          # "under or next to" a suspended load / near moving plant
CLEAR_M = 5.0         # anything between NEAR_M and CLEAR_M is ambiguous
ZONE_MARGIN_M = 1.0   # exclusion zone margin around an excavation
ZONE_CLEAR_M = 2.2    # a look-alike must stay further than this from the pit edge
LATENCY = {"safety_alert": 15.0, "ppe_violation": 15.0, "exclusion_zone": 15.0, "memory_recall": 15.0,
           "progress": 30.0, "idle": 60.0, "left_behind": 60.0}
NEAR10 = 0.10


def describe(e):
    if e.label == "worker":
        return "worker in %s vest, %s hat" % (e.attrs.get("vest"), e.attrs.get("hat_colour"))
    c = e.attrs.get("colour")
    return ("%s %s" % (c, e.label)) if c else e.label


class Scanner:
    def __init__(self, facts):
        self.f = facts
        self.w = facts.w
        self.times = facts.times
        self.problems = []
        self.alerts = []

    def P(self, msg):
        self.problems.append(msg)

    def det(self, name, i):
        return bool(self.f.obs[name]["det"][i])

    def add(self, cat, e, t0, t1, note):
        # the subject's track id: the one in view around t0, else the last one seen before t0
        # (a tool left behind or a thing taken unseen is out of view by then)
        tid = None
        o = self.f.obs[e.name]
        fps = self.w.fps
        i0, i1 = int(round((t0 - 0.5) * fps)), int(round((t0 + 2.0) * fps))
        for i in range(max(i0, 0), min(i1, len(self.times) - 1) + 1):
            if o["track"][i] is not None:
                tid = o["track"][i]
                break
        if tid is None:
            for i in range(min(i0, len(self.times) - 1), -1, -1):
                if o["track"][i] is not None:
                    tid = o["track"][i]
                    break
        t1 = max(t1, t0 + 1.0)
        self.alerts.append({"category": cat, "t0": round(t0, 2), "t1": round(t1, 2), "subject": describe(e),
                            "subject_id": tid, "entity": e.name, "note": note})

    def near(self, value, thr):
        return abs(value - thr) <= NEAR10 * thr

    # ------------------------------------------------------------------
    def scan(self):
        w = self.w
        workers = [e for e in w.ents if e.shape == "worker"]
        for e in workers:
            self.ppe(e)
            self.idle(e)
            self.zone(e)
        for hz in [e for e in w.ents if e.label in ("suspended_load", "forklift")]:
            for e in workers:
                self.hazard(hz, e)
        for e in w.ents:
            if e.carries and any(c[2] == "wearer" for c in e.carries):
                self.left_behind(e)
            if e.label == "brick_wall":
                self.progress(e)
            if e.label not in (None, "worker", "brick_wall", "excavation", "suspended_load", "forklift"):
                self.memory(e)
        self.alerts.sort(key=lambda a: a["t0"])
        return self.alerts, self.problems

    def ppe(self, e):
        for t0, t1 in e.hat_off:
            dur = t1 - t0
            if self.near(dur, PPE_S):
                self.P("%s hat off %.1f s: too close to %.0f s" % (e.name, dur, PPE_S))
            if dur < PPE_S:
                continue
            idx = [i for i in self.f.det_idx(e.name) if t0 <= self.times[i] < t1]
            if not idx:
                self.P("%s hat-off spell %.1f-%.1f never observed" % (e.name, t0, t1))
                continue
            tobs = float(self.times[idx[0]])
            if t1 - tobs < PPE_S * 1.1 + 2.0:
                self.P("%s hat-off spell observed for only %.1f s" % (e.name, t1 - tobs))
            a0 = tobs + PPE_S
            if not self.f.seen_near(e.name, a0, 0.5, 5.0):
                self.P("%s not in view when the hat-off spell reaches %.0f s" % (e.name, PPE_S))
            self.add("ppe_violation", e, a0, min(a0 + LATENCY["ppe_violation"], t1),
                     "%s without a hard hat %.1f-%.1f s (first seen without it at %.1f s)" % (e.name, t0, t1, tobs))

    def idle(self, e):
        for t0, t1 in self.f.idle_spells(e.name):
            dur = t1 - t0
            if self.near(dur, IDLE_S):
                self.P("%s idle %.1f s: too close to %.0f s" % (e.name, dur, IDLE_S))
            if dur < IDLE_S:
                continue
            a0 = t0 + IDLE_S
            if not self.f.seen_near(e.name, t0, 1.0, 5.0):
                self.P("%s: start of idle spell at %.1f not observed" % (e.name, t0))
            if self.f.seen_fraction(e.name, t0, a0) < 0.45:
                self.P("%s: idle spell mostly unobserved" % e.name)
            if not self.f.seen_near(e.name, a0, 5.0, 10.0):
                self.P("%s: not in view when the idle spell reaches %.0f s" % (e.name, IDLE_S))
            self.add("idle", e, a0, min(a0 + LATENCY["idle"], t1),
                     "%s idle %.1f-%.1f s (%.0f s)" % (e.name, t0, t1, dur))

    def zone(self, e):
        spells = self.f.zone_spells(e.name)
        dist = np.array([self.w.pit_distance(e, t) if e.is_present(t) else 1e9 for t in self.times])
        for t0, t1 in spells:
            if self.near(t1 - t0, ZONE_MIN_S):
                self.P("%s zone visit %.1f s too close to %.0f s" % (e.name, t1 - t0, ZONE_MIN_S))
        near = dist <= ZONE_CLEAR_M
        for a, b in runs(near, self.times):
            inside = [(s0, s1) for s0, s1 in spells if s0 < b and s1 > a]
            if not inside:
                self.P("%s within %.1f m of an excavation %.1f-%.1f s without entering (ambiguous)" % (
                    e.name, ZONE_CLEAR_M, a, b))
                continue
            s0, s1 = inside[0]
            pit = [p for p in self.w.pits()][0]
            both = [i for i in range(len(self.times))
                    if a <= self.times[i] <= s1 and dist[i] <= ZONE_MARGIN_M and self.det(e.name, i)
                    and self.det(pit.name, i)]
            if not both:
                self.P("%s zone visit %.1f-%.1f not observed" % (e.name, s0, s1))
                continue
            a0 = float(self.times[both[0]])
            inn = [i for i in both if dist[i] <= 0.0]
            if not inn:
                self.P("%s never seen inside the zone" % e.name)
                continue
            tin = float(self.times[inn[0]])
            self.add("exclusion_zone", e, a0, min(tin + LATENCY["exclusion_zone"], s1),
                     "%s inside the excavation %.1f-%.1f s (first seen inside at %.1f s)" % (e.name, s0, s1, tin))

    def hazard(self, hz, e):
        moving_plant = hz.label == "forklift"
        rad = 1.3 if moving_plant else 1.4
        d = np.full(len(self.times), 1e9)
        mov = np.zeros(len(self.times), bool)
        for i, t in enumerate(self.times):
            if not (e.is_present(t) and hz.is_present(t)):
                continue
            p, q = e.xz(t), hz.xz(t)
            d[i] = max(0.0, math.hypot(p[0] - q[0], p[1] - q[1]) - rad)
            mov[i] = (hz.speed(t) > 0.3) if moving_plant else True
        active = mov & (d <= CLEAR_M)
        for a, b in runs(active, self.times):
            sel = (self.times >= a) & (self.times < b)
            if d[sel].min() > NEAR_M:
                self.P("%s within %.1f m of %s %s %.1f-%.1f s but not next to it (ambiguous)" % (
                    e.name, d[sel].min(), "moving" if moving_plant else "the", hz.name, a, b))
                continue
            idx = [i for i in np.nonzero(sel)[0] if d[i] <= NEAR_M and self.det(e.name, i) and self.det(hz.name, i)]
            if not idx:
                self.P("%s next to %s %.1f-%.1f but never both in view" % (e.name, hz.name, a, b))
                continue
            a0 = float(self.times[idx[0]])
            close = [i for i in np.nonzero(sel)[0] if d[i] <= NEAR_M]
            end = float(self.times[close[-1]])
            if end - a0 < 3.0:
                self.P("%s next to %s for under 3 s in view" % (e.name, hz.name))
            self.add("safety_alert", e, a0, min(a0 + LATENCY["safety_alert"], end + 1.0),
                     "%s %s %s %.1f-%.1f s (min %.1f m)" % (
                         e.name, "next to moving" if moving_plant else "under/next to", hz.name,
                         float(self.times[close[0]]), end, d[sel].min()))

    def left_behind(self, e):
        w = self.w
        for k, (c0, c1, who) in enumerate(e.carries):
            if who != "wearer" or c1 >= w.duration:
                continue
            nxt = e.carries[k + 1][0] if k + 1 < len(e.carries) else w.duration
            idx = [i for i in self.f.det_idx(e.name) if c1 - 1.0 <= self.times[i] <= nxt]
            ts = [float(self.times[i]) for i in idx] + [nxt]
            if not idx:
                self.P("%s set down at %.1f never seen on the ground" % (e.name, c1))
                continue
            fired = False
            for ta, tb in zip(ts[:-1], ts[1:]):
                if fired:
                    break
                gap = tb - ta
                if self.near(gap, LEFT_S):
                    self.P("%s out of view %.1f s: too close to %.0f s" % (e.name, gap, LEFT_S))
                if gap >= LEFT_S and not fired:
                    a0 = ta + LEFT_S
                    moved = math.hypot(*np.subtract(w.wearer.pos(a0), w.wearer.pos(c1)))
                    self.add("left_behind", e, a0, min(a0 + LATENCY["left_behind"], tb),
                             "%s set down at %.1f s, out of view from %.1f s until %.1f s; the wearer moved %.1f m"
                             % (e.name, c1, ta, tb, moved))
                    fired = True

    def progress(self, e):
        per = e.style["per_course"]
        times = e.style["brick_times"]
        steps = [(1, "first brick")]
        c = 3
        while c * per <= len(times):
            steps.append((c * per, "course %d finished" % c))
            c += 3
        for nb, what in steps:
            tev = times[nb - 1]
            idx = [i for i in self.f.det_idx(e.name) if self.times[i] >= tev]
            if not idx:
                self.P("%s %s never observed" % (e.name, what))
                continue
            a0 = float(self.times[idx[0]])
            if a0 - tev > 15.0:
                self.P("%s %s observed only %.1f s later" % (e.name, what, a0 - tev))
            self.add("progress", e, a0, a0 + LATENCY["progress"], "%s: %s at %.1f s" % (e.name, what, tev))

    def memory(self, e):
        w = self.w
        for k, (c0, c1, who) in enumerate(e.carries):
            if who == "wearer":
                continue
            seen_moving = self.f.seen_near(e.name, (c0 + c1) / 2, (c1 - c0) / 2 + 0.5, (c1 - c0) / 2 + 0.5)
            if seen_moving:
                continue
            before = e.pos3(c0 - 0.01)
            place = (float(before[0]), float(before[2]))
            if self.f.last_seen(e.name, c0) is None:
                continue
            t_any = t_c = None
            for t in self.times:
                if t < c0:
                    continue
                if t_any is None and looked_at(w, place, t, central=False):
                    t_any = float(t)
                if looked_at(w, place, t, central=True):
                    t_c = float(t)
                    break
            if t_c is None:
                continue
            reseen = [float(self.times[i]) for i in self.f.det_idx(e.name) if c0 <= self.times[i] <= t_c]
            if reseen:
                self.P("%s re-seen elsewhere at %.1f before its old place was looked at (ambiguous)" % (e.name, reseen[0]))
                continue
            if t_any < c1:
                self.P("%s: its old place came into view while it was still being carried" % e.name)
            self.add("memory_recall", e, t_any, t_c + LATENCY["memory_recall"],
                     "%s taken unseen %.1f-%.1f s; its old place (%.1f, %.1f) in view from %.1f s, centred at %.1f s"
                     % (e.name, c0, c1, place[0], place[1], t_any, t_c))
