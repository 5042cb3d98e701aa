"""What the detections let anyone observe: sightings per individual, with their attributes.

Built from the detector's own output (joined to the world's identities), so that every truth
and every alert window is about what was actually observable."""
import numpy as np


class Memory:
    def __init__(self, scen, world, internal):
        """internal: per frame, list of (eid, record)."""
        self.s, self.w = scen, world
        F = world.F
        self.F = F
        self.seen = {e.eid: np.zeros(F, bool) for e in scen.entities}
        self.rec = {e.eid: {} for e in scen.entities}
        for f, lst in enumerate(internal):
            for eid, rec in lst:
                self.seen[eid][f] = True
                self.rec[eid][f] = rec
        self.t = world.t

    def frames(self, eid, upto=None):
        fr = np.nonzero(self.seen[eid])[0]
        if upto is not None:
            fr = fr[fr <= self.w.frame_of(upto)]
        return fr

    def first_seen(self, eid):
        fr = self.frames(eid)
        return None if len(fr) == 0 else float(self.t[fr[0]])

    def last_seen_frame(self, eid, at):
        fr = self.frames(eid, at)
        return None if len(fr) == 0 else int(fr[-1])

    def last_seen(self, eid, at):
        f = self.last_seen_frame(eid, at)
        return None if f is None else float(self.t[f])

    def seen_in(self, eid, t0, t1):
        f0, f1 = self.w.frame_of(max(0.0, t0)), self.w.frame_of(t1)
        return bool(self.seen[eid][f0:f1 + 1].any())

    def seen_fraction(self, eid, t0, t1):
        f0, f1 = self.w.frame_of(max(0.0, t0)), self.w.frame_of(t1)
        return float(self.seen[eid][f0:f1 + 1].mean())

    def sightings(self, eid, max_gap_s=1.0, upto=None):
        """[(t_first, t_last)] runs of detections with gaps up to max_gap_s."""
        fr = self.frames(eid, upto)
        out = []
        if len(fr) == 0:
            return out
        gap = int(round(max_gap_s * self.s.fps))
        start = prev = fr[0]
        for f in fr[1:]:
            if f - prev > gap:
                out.append((float(self.t[start]), float(self.t[prev])))
                start = f
            prev = f
        out.append((float(self.t[start]), float(self.t[prev])))
        return out

    def attr(self, eid, f, key):
        r = self.rec[eid].get(f)
        if r is None:
            return None
        return r["attributes"].get(key)

    def track_at(self, eid, t, window=1.0):
        f0 = self.w.frame_of(t)
        for d in range(0, int(window * self.s.fps) + 1):
            for f in (f0 + d, f0 - d):
                r = self.rec[eid].get(f)
                if r is not None:
                    return r["track_id"]
        return None

    def track_near(self, eid, t0, t1):
        """The track id under which the situation is seen: in [t0, t1] if seen then, else the latest before t0."""
        f0, f1 = self.w.frame_of(t0), self.w.frame_of(t1)
        for f in range(f0, f1 + 1):
            r = self.rec[eid].get(f)
            if r is not None:
                return r["track_id"]
        for f in range(f0, -1, -1):
            r = self.rec[eid].get(f)
            if r is not None:
                return r["track_id"]
        return None

    def track_ids(self, eid):
        return sorted({r["track_id"] for r in self.rec[eid].values()}, key=int)
