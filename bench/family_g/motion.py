"""Head motion of a hard-hat camera wearer: an event script and its exact pose.

Yaw, pitch and head moves are minimum-jerk profiles (s = 10t^3 - 15t^4 + 6t^5,
peak velocity 1.875 * amplitude / duration) on top of small band-limited
fixation jitter; walking legs move the camera along straight lines with a
smooth speed ramp and add step bob (height, sway, pitch, roll).  Everything is
an analytic function of time, so any sub-frame instant can be evaluated.
"""
from __future__ import annotations

import math

import numpy as np

PEAK = 1.875
EYE_Z = 1.80            # hard-hat camera height when standing (m)


def mj(tau):
    tau = np.clip(tau, 0.0, 1.0)
    return tau ** 3 * (10 - 15 * tau + 6 * tau ** 2)


def mj_rate(tau):
    inside = (tau > 0) & (tau < 1)
    tau = np.clip(tau, 0.0, 1.0)
    return np.where(inside, 30 * tau ** 2 * (1 - tau) ** 2, 0.0)


def wrap180(a):
    return (a + 180.0) % 360.0 - 180.0


class Jitter:
    def __init__(self, rng, rms, fmin, fmax, n=7):
        self.f = np.exp(rng.uniform(math.log(fmin), math.log(fmax), n))
        a = 1.0 / np.sqrt(self.f)
        self.a = a * rms / math.sqrt(0.5 * np.sum(a ** 2))
        self.ph = rng.uniform(0, 2 * math.pi, n)

    def __call__(self, t):
        t = np.asarray(t, np.float64)[..., None]
        return np.sum(self.a * np.sin(2 * math.pi * self.f * t + self.ph), -1)


class Script:
    def __init__(self, duration, seed, psi0, site):
        self.duration = duration
        self.rng = np.random.default_rng(seed)
        self.site = site
        self.t = 0.0
        self.psi = float(psi0)
        self.psi0 = float(psi0)
        self.pitch = -4.0
        self.pitch0 = -4.0
        self.x, self.y = 0.0, 0.0
        self.yaw_moves: list[tuple] = []
        self.pitch_moves: list[tuple] = []
        self.walks: list[tuple] = []
        self.quiet: list[tuple] = []
        self.dim: tuple | None = None
        self.events: list[tuple] = []
        rng = self.rng
        self.j_yaw = Jitter(rng, 0.7, 0.04, 0.9)
        self.j_pitch = Jitter(rng, 0.6, 0.04, 0.9)
        self.j_roll = Jitter(rng, 1.0, 0.02, 0.25)

    # ------------------------------------------------------------ primitives
    def U(self, a, b):
        return float(self.rng.uniform(a, b))

    def turn(self, d, peak, at=None, advance=True):
        T = max(0.3, PEAK * abs(d) / peak)
        t0 = self.t if at is None else at
        if abs(d) > 1e-9:
            self.yaw_moves.append((t0, T, float(d)))
        self.psi += d
        if advance:
            self.t = t0 + T
        return T

    def pitch_to(self, target, T, at=None):
        t0 = self.t if at is None else at
        d = target - self.pitch
        if abs(d) > 1e-9:
            self.pitch_moves.append((t0, max(0.3, T), float(d)))
        self.pitch = target

    def hold(self, dur):
        self.t += dur

    def sign(self, p_right):
        return 1.0 if self.rng.random() < p_right else -1.0

    # ------------------------------------------------------------ blocks
    def calm(self, dur):
        end = self.t + dur
        self.pitch_to(self.U(-8, 3), 1.0)
        while self.t < end - 3:
            self.hold(self.U(2, 6))
            self.turn(self.sign(0.5) * self.U(3, 15), self.U(10, 30))
        self.t = max(self.t, end)

    def work_down(self, dur):
        end = self.t + dur
        self.pitch_to(self.U(-28, -16), self.U(0.8, 1.5))
        self.hold(1.2)
        self.events.append((self.t, "work_down"))
        while self.t < end - 2.5:
            self.hold(self.U(3, 10))
            if self.rng.random() < 0.6:
                self.turn(self.sign(0.5) * self.U(5, 25), self.U(20, 60))
            else:
                tgt = float(np.clip(self.pitch + self.sign(0.5) * self.U(2, 6), -32, -10))
                T = self.U(0.6, 1.2)
                self.pitch_to(tgt, T)
                self.hold(T)
        self.t = max(self.t, end - 1.2)
        self.pitch_to(self.U(-6, 2), 1.2)
        self.hold(1.2)

    def still(self, dur):
        self.pitch_to(self.U(-12, -3), 1.2)
        self.hold(1.2)
        self.quiet.append((self.t, self.t + dur))
        self.events.append((self.t, f"standing still {dur:.0f} s"))
        self.hold(dur)

    def scan(self, dur, p_right):
        end = self.t + dur
        self.pitch_to(self.U(-5, 8), 1.0)
        while self.t < end - 3:
            self.turn(self.sign(p_right) * self.U(30, 120), self.U(15, 60))
            self.hold(self.U(0.8, 4))

    def glances(self, dur, p_right):
        end = self.t + dur
        while self.t < end - 2:
            d = self.sign(p_right) * self.U(35, 100)
            self.turn(d, self.U(120, 250))
            self.hold(self.U(0.3, 1.5))
            self.turn(-d * self.U(0.9, 1.05), self.U(100, 220))
            self.hold(self.U(1, 4))

    def fast_turn(self, p_right):
        d = self.sign(p_right) * self.U(90, 200)
        peak = self.U(150, 250)
        self.events.append((self.t, f"fast turn {d:+.0f} deg, peak {peak:.0f} deg/s"))
        self.turn(d, peak)
        self.hold(self.U(1, 2.5))

    def full_turn(self, sgn, peak, turns=1):
        d = sgn * 360.0 * turns
        t0 = self.t
        T = self.turn(d, peak)
        self.events.append((t0, f"full turn {d:+.0f} deg in {T:.1f} s (peak {peak:.0f} deg/s)"))
        self.full_turns.append((t0, t0 + T, d))
        self.hold(self.U(1, 3))

    def look_up(self, dur):
        c = float(self.rng.choice(self.site.cranes))
        d = wrap180(c - self.psi + self.U(-3, 3))
        self.turn(d, self.U(60, 150))
        up = self.U(20, 28)
        T = self.U(1.2, 2.0)
        self.pitch_to(up, T)
        self.events.append((self.t, f"looks up at a crane, pitch {up:+.0f} deg"))
        self.hold(T)
        end = self.t + dur
        while self.t < end - 1:
            self.turn(self.sign(0.5) * self.U(4, 15), self.U(5, 15))
            self.hold(self.U(0.5, 2))
        self.pitch_to(self.U(-5, 2), 1.5)
        self.hold(1.5)

    # ------------------------------------------------------------ walking
    def _path_clear(self, x0, y0, x1, y1, min_clear, ignore_near_wall=False):
        w = self.site.world
        n = max(2, int(math.hypot(x1 - x0, y1 - y0) / 0.25))
        for k in range(n + 1):
            a = k / n
            x, y = x0 + a * (x1 - x0), y0 + a * (y1 - y0)
            c = w.clearance(x, y)
            if ignore_near_wall and c >= 0.84 and self.site.near_wall.contains(x, y, 1.0):
                continue
            if c < min_clear:
                return False
        return True

    def _near_wall_dist(self, x, y):
        from .world import seg_dist
        cs = self.site.near_wall.corners()
        return min(seg_dist(x, y, *cs[i], *cs[(i + 1) % 4]) for i in range(4))

    def _pick_target(self):
        R = self.site.work_radius - 1.5
        for _ in range(300):
            d = self.U(3, 16)
            a = self.U(0, 360)
            tx, ty = self.x + d * math.sin(math.radians(a)), self.y + d * math.cos(math.radians(a))
            if math.hypot(tx, ty) > R:
                continue
            if self.site.world.clearance(tx, ty) < 3.0 or self._near_wall_dist(tx, ty) < 7.0:
                continue
            if self._path_clear(self.x, self.y, tx, ty, 0.8):
                return tx, ty
        return None

    def walk_to(self, tx, ty, speed, glances=True, p_right=0.5, label="walk"):
        dx, dy = tx - self.x, ty - self.y
        D = math.hypot(dx, dy)
        bearing = math.degrees(math.atan2(dx, dy))
        d = wrap180(bearing - self.psi)
        if abs(d) > 2:
            self.turn(d, self.U(60, 180))
        r = 0.7
        T = D / speed + r
        t0 = self.t
        self.walks.append((t0, T, self.x, self.y, tx, ty, r, self.U(1.75, 2.05)))
        self.events.append((t0, f"{label} {D:.1f} m at {speed:.1f} m/s"))
        if glances and T > 3.5:
            self.t = t0 + self.U(0.8, 1.5)
            while self.t < t0 + T - 2.5:
                if self.rng.random() < 0.6:
                    g = self.sign(p_right) * self.U(20, 60)
                    self.turn(g, self.U(80, 180))
                    self.hold(self.U(0.4, 1.2))
                    self.turn(-g, self.U(80, 160))
                else:
                    self.pitch_to(self.U(-25, -12), 0.8)
                    self.hold(self.U(0.8, 1.6))
                    self.pitch_to(self.U(-6, 2), 0.8)
                    self.hold(0.8)
                self.hold(self.U(0.5, 2.0))
        self.t = t0 + T
        self.x, self.y = tx, ty

    def walk(self, p_right):
        tgt = self._pick_target()
        if tgt is None:
            self.calm(5)
            return
        self.walk_to(tgt[0], tgt[1], self.U(1.0, 1.4), p_right=p_right)

    def near_wall(self):
        nw = self.site.near_wall
        cs = nw.corners()
        cands = []
        for i in (0, 2):      # the two long faces
            (ax, ay), (bx, by) = cs[i], cs[(i + 1) % 4]
            L = math.hypot(bx - ax, by - ay)
            tx, ty = (bx - ax) / L, (by - ay) / L
            nx, ny = ty, -tx
            off = self.U(-1.0, 1.0)
            cx, cy = (ax + bx) / 2 + off * tx, (ay + by) / 2 + off * ty
            stage = (cx + 4.5 * nx, cy + 4.5 * ny)
            final = (cx + 0.9 * nx, cy + 0.9 * ny)
            dist = math.hypot(stage[0] - self.x, stage[1] - self.y)
            cands.append((dist, stage, final))
        cands.sort()
        for _dist, stage, final in cands:
            if self.site.world.clearance(*stage) < 1.2:
                continue
            if not self._path_clear(self.x, self.y, stage[0], stage[1], 0.8):
                continue
            if not self._path_clear(stage[0], stage[1], final[0], final[1], 0.85, ignore_near_wall=True):
                continue
            self.walk_to(stage[0], stage[1], self.U(1.0, 1.3))
            self.walk_to(final[0], final[1], self.U(0.8, 1.0), glances=False, label="walks up to the near wall,")
            self.pitch_to(self.U(-6, 4), 0.8)
            dur = self.U(5, 8)
            self.events.append((self.t, f"faces the plain wall from 0.9 m for {dur:.0f} s"))
            end = self.t + dur
            while self.t < end:
                self.hold(self.U(1.0, 2.5))
                self.turn(self.sign(0.5) * self.U(1, 4), self.U(4, 10))
            self.turn(self.sign(0.5) * self.U(150, 190), self.U(150, 220))
            self.hold(1.0)
            self.near_wall_time = (end - dur, end)
            return True
        return False

    # ------------------------------------------------------------ pose
    def pose(self, t):
        """Arrays yaw, pitch, roll (deg), x, y, z (m) at times t (s)."""
        t = np.atleast_1d(np.asarray(t, np.float64))
        yaw = np.full(t.shape, self.psi0)
        rate = np.zeros(t.shape)
        for t0, T, d in self.yaw_moves:
            if t0 > t.max():
                continue
            tau = (t - t0) / T
            yaw += d * mj(tau)
            rate += d / T * mj_rate(tau)
        pitch = np.full(t.shape, self.pitch0)
        for t0, T, d in self.pitch_moves:
            if t0 > t.max():
                continue
            pitch += d * mj((t - t0) / T)
        env = np.ones(t.shape)
        for q0, q1 in self.quiet:
            inside = np.clip(np.minimum(t - q0, q1 - t) / 1.5, 0, 1)
            env -= 0.8 * inside
        yaw += env * self.j_yaw(t)
        pitch += env * self.j_pitch(t)
        roll = 0.6 * env * self.j_roll(t) + 0.35 * self.j_roll(t * 0.37 + 11.0) + np.clip(0.012 * rate, -4, 4)
        x = np.zeros(t.shape)
        y = np.zeros(t.shape)
        z = np.full(t.shape, EYE_Z)
        cur_x, cur_y = np.zeros(t.shape), np.zeros(t.shape)
        for t0, T, x0, y0, x1, y1, r, fs in self.walks:
            after = t >= t0 + T
            cur_x = np.where(after, x1, cur_x)
            cur_y = np.where(after, y1, cur_y)
            inside = (t > t0) & (t < t0 + T)
            if not inside.any():
                continue
            tt = t[inside] - t0
            D = math.hypot(x1 - x0, y1 - y0)
            vc = D / (T - r)

            def ramp_d(s, vc=vc, r=r):
                return vc * (s / 2 - r / (2 * math.pi) * np.sin(math.pi * s / r))

            dist = np.where(tt < r, ramp_d(tt),
                            np.where(tt > T - r, D - ramp_d(T - tt), vc * (r / 2 + (tt - r))))
            venv = np.where(tt < r, 0.5 - 0.5 * np.cos(math.pi * tt / r),
                            np.where(tt > T - r, 0.5 - 0.5 * np.cos(math.pi * (T - tt) / r), 1.0))
            ux, uy = (x1 - x0) / D, (y1 - y0) / D
            sway = 0.018 * venv * np.sin(math.pi * fs * tt)
            cur_x[inside] = x0 + ux * dist + uy * sway
            cur_y[inside] = y0 + uy * dist - ux * sway
            z[inside] += 0.022 * venv * np.sin(2 * math.pi * fs * tt)
            pitch[inside] += 0.7 * venv * np.sin(2 * math.pi * fs * tt + 1.0)
            roll[inside] += 1.0 * venv * np.sin(math.pi * fs * tt)
        x, y = cur_x, cur_y
        return yaw, pitch, roll, x, y, z

    def yaw_rate_bound(self, t):
        """|d yaw / dt| + |d pitch / dt| estimate (deg/s) at t from the moves (for motion blur)."""
        t = np.atleast_1d(np.asarray(t, np.float64))
        r = np.zeros(t.shape)
        for t0, T, d in self.yaw_moves + self.pitch_moves:
            r += np.abs(d / T * mj_rate((t - t0) / T))
        return r + 3.0


def build_script(site, duration, seed, plan):
    """plan: dict with psi0, p_right, turns [(t, sign, peak[, n])], still (t, dur), near_wall t,
    dim (t0, t1), look_ups [t...], weights {block: w}."""
    s = Script(duration, seed, plan["psi0"], site)
    s.full_turns = []
    p_right = plan.get("p_right", 0.5)
    # opening: a calm look, then a slow pan right and a slow pan left (used by the sign check)
    s.calm(4.0)
    s.events.append((s.t, "slow pan right"))
    s.turn(s.U(35, 50), s.U(14, 22))
    s.hold(s.U(2, 3))
    s.turn(-s.U(20, 40), s.U(14, 22))
    s.hold(2.0)
    anchors = [(t, "turn", a) for t, *a in plan["turns"]]
    anchors.append((plan["still"][0], "still", plan["still"][1]))
    anchors.append((plan["near_wall"], "near_wall", None))
    anchors += [(t, "look_up", None) for t in plan.get("look_ups", [])]
    anchors += [(t, "fast_turn", None) for t in plan.get("fast_turns", [])]
    anchors.sort(key=lambda a: a[0])
    s.dim = plan["dim"]
    weights = plan.get("weights", {"calm": 0.14, "work_down": 0.26, "scan": 0.12, "glances": 0.12, "walk": 0.24,
                                   "fast_turn": 0.08, "look_up": 0.04})
    names = list(weights)
    pw = np.array([weights[n] for n in names], float)
    pw /= pw.sum()
    while s.t < duration - 6:
        if anchors and anchors[0][0] <= s.t:
            _, kind, arg = anchors.pop(0)
            if kind == "turn":
                s.full_turn(arg[0], arg[1], arg[2] if len(arg) > 2 else 1)
            elif kind == "still":
                s.still(arg)
            elif kind == "near_wall":
                if not s.near_wall():
                    raise RuntimeError("no clear approach to the near wall")
                s.walk(p_right)       # leave the plain wall behind
            elif kind == "look_up":
                s.look_up(s.U(3, 6))
            elif kind == "fast_turn":
                s.fast_turn(p_right)
            continue
        room = (anchors[0][0] - s.t) if anchors else (duration - 6 - s.t)
        kind = names[int(s.rng.choice(len(names), p=pw))]
        dur = min(max(room, 6.0), s.U(10, 45))
        if kind == "calm":
            s.calm(dur)
        elif kind == "work_down":
            s.work_down(max(dur, 12.0) if room > 12 else dur)
        elif kind == "scan":
            s.scan(dur, p_right)
        elif kind == "glances":
            s.glances(min(dur, 20), p_right)
        elif kind == "walk":
            s.walk(p_right)
        elif kind == "fast_turn":
            s.fast_turn(p_right)
        elif kind == "look_up":
            s.look_up(s.U(3, 6))
    s.calm(max(0.0, duration - s.t))
    s.events.sort(key=lambda e: e[0])
    return s
