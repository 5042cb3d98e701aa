"""Head-pose script builder: yaw/pitch/roll (deg) and position (m) sampled at RATE Hz.

Smooth moves use minimum-jerk profiles; walking adds step bob, lateral sway and
the matching small yaw/roll oscillations; a band-limited tremor is added on top.
All of it is part of the ground-truth pose (the truth is the camera's yaw).
"""
import numpy as np

RATE = 240  # samples per second (16 per video frame at 15 fps)


def minjerk(n):
    s = np.linspace(0.0, 1.0, n)
    return 10 * s ** 3 - 15 * s ** 4 + 6 * s ** 5


def fmt(t):
    t = int(round(t))
    return f"{t // 60}:{t % 60:02d}"


class Script:
    def __init__(self, duration_s, seed, start_pos, eye=1.72):
        self.N = int(round(duration_s * RATE)) + 1
        self.dur = duration_s
        self.rng = np.random.default_rng(seed)
        self.yaw = np.zeros(self.N)
        self.pitch = np.zeros(self.N)
        self.roll = np.zeros(self.N)
        self.pos = np.zeros((self.N, 3))
        self.walking = np.zeros(self.N)     # gait envelope 0..1
        self.tremor = np.full(self.N, 0.35)  # tremor amplitude (deg)
        self.i = 0
        self.eye = eye
        self.c_yaw, self.c_pitch, self.c_roll = 0.0, -8.0, 0.0
        self.c_pos = np.array([start_pos[0], eye, start_pos[1]], float)
        self.events = []

    @property
    def t(self):
        return self.i / RATE

    def log(self, text, t0=None, t1=None):
        t0 = self.t if t0 is None else t0
        self.events.append((t0, t1, text))

    # ---------------------------------------------------------- primitives
    def _n(self, dur):
        return max(2, int(round(dur * RATE)))

    def _write(self, n, yaw, pitch, roll, pos, walking=0.0, tremor=0.35):
        i0, i1 = self.i, min(self.N, self.i + n)
        k = i1 - i0
        self.yaw[i0:i1] = yaw[:k]
        self.pitch[i0:i1] = pitch[:k]
        self.roll[i0:i1] = roll[:k]
        self.pos[i0:i1] = pos[:k]
        self.walking[i0:i1] = walking if np.isscalar(walking) else walking[:k]
        self.tremor[i0:i1] = tremor
        self.i = i1
        self.c_yaw, self.c_pitch, self.c_roll = yaw[k - 1], pitch[k - 1], roll[k - 1]
        self.c_pos = pos[k - 1].copy()

    def move(self, dur, dyaw=0.0, pitch=None, roll=None, height=None, shift=None, tremor=0.35, note=None):
        """Min-jerk head move: yaw by dyaw, pitch/roll to targets, eye height to target,
        horizontal position by shift=(dx, dz)."""
        if pitch is not None:
            # a head cannot look further up than about 70 deg (nor past the zenith)
            pitch = float(np.clip(pitch, -75.0, 70.0))
        # cap the peak yaw speed of a single min-jerk move at about 380 deg/s
        dur = max(dur, abs(dyaw) * 1.875 / 380.0, abs((self.c_pitch if pitch is None else pitch) - self.c_pitch) * 1.875 / 250.0)
        n = self._n(dur)
        s = minjerk(n)
        if note:
            self.log(note, self.t, self.t + dur)
        p_t = self.c_pitch if pitch is None else pitch
        r_t = self.c_roll if roll is None else roll
        pos0 = self.c_pos.copy()
        pos1 = pos0.copy()
        if height is not None:
            pos1[1] = height
        if shift is not None:
            pos1[0] += shift[0]
            pos1[2] += shift[1]
        self._write(n, self.c_yaw + dyaw * s, self.c_pitch + (p_t - self.c_pitch) * s,
                    self.c_roll + (r_t - self.c_roll) * s, pos0[None, :] + (pos1 - pos0)[None, :] * s[:, None],
                    tremor=tremor)

    def hold(self, dur, tremor=0.35, note=None):
        n = self._n(dur)
        if note:
            self.log(note, self.t, self.t + dur)
        one = np.ones(n)
        self._write(n, self.c_yaw * one, self.c_pitch * one, self.c_roll * one,
                    np.repeat(self.c_pos[None, :], n, 0), tremor=tremor)

    def turn(self, dyaw, dur, pitch=None, note=None):
        self.move(dur, dyaw=dyaw, pitch=pitch, note=note)

    def glance(self, dyaw, dpitch=0.0, t_out=0.45, t_hold=0.6, t_back=0.5, note=None):
        t0 = self.t
        p0 = self.c_pitch
        self.move(t_out, dyaw=dyaw, pitch=p0 + dpitch)
        self.hold(t_hold, tremor=0.3)
        self.move(t_back, dyaw=-dyaw, pitch=p0)
        if note:
            self.log(note, t0, self.t)

    def heading_to(self, x, z):
        d = np.degrees(np.arctan2(x - self.c_pos[0], z - self.c_pos[2]))
        return d

    def delta_to(self, x, z, direction=0):
        """Yaw change to face (x, z): shortest unless direction=+1 (right) / -1 (left)."""
        d = (self.heading_to(x, z) - self.c_yaw) % 360.0
        if direction > 0:
            return d
        if direction < 0:
            return d - 360.0
        return d - 360.0 if d > 180 else d

    def face(self, x, z, dur=None, pitch=None, direction=0, note=None):
        d = self.delta_to(x, z, direction)
        if dur is None:
            dur = max(0.5, abs(d) / 140.0)
        self.move(dur, dyaw=d, pitch=pitch, note=note)

    def work(self, dur, yaw_spread=20.0, pitch_c=-50.0, pitch_spread=12.0, lean=0.15, height=None,
             glance_every=None, note=None):
        """Working: fixations of 0.4-3 s with small gaze shifts around the current yaw,
        body lean, occasional quick glances."""
        t_end = self.t + dur
        if note:
            self.log(note, self.t, t_end)
        base_yaw = self.c_yaw
        base_pos = self.c_pos.copy()
        if height is not None:
            base_pos[1] = height
        if abs(self.c_pitch - pitch_c) > 10 or height is not None:
            self.move(0.9, pitch=pitch_c, height=height)
        next_glance = self.t + (glance_every * self.rng.uniform(0.6, 1.4) if glance_every else 1e9)
        while self.t < t_end - 0.8:
            if self.t >= next_glance and self.t < t_end - 3:
                dy = self.rng.choice([-1, 1]) * self.rng.uniform(45, 110)
                self.glance(dy, dpitch=self.rng.uniform(25, 45),
                            t_out=max(self.rng.uniform(0.35, 0.6), abs(dy) * 1.875 / 340.0),
                            t_hold=self.rng.uniform(0.4, 1.5), t_back=self.rng.uniform(0.4, 0.7))
                next_glance = self.t + glance_every * self.rng.uniform(0.6, 1.4)
                continue
            ty = base_yaw + self.rng.uniform(-yaw_spread, yaw_spread)
            tp = pitch_c + self.rng.uniform(-pitch_spread, pitch_spread)
            tr = self.rng.uniform(-4, 4)
            sh = base_pos[[0, 2]] + self.rng.uniform(-lean, lean, 2) - self.c_pos[[0, 2]]
            md = self.rng.uniform(0.2, 0.7)
            self.move(md, dyaw=ty - self.c_yaw, pitch=tp, roll=tr, shift=sh, tremor=0.4)
            self.hold(min(self.rng.uniform(0.4, 3.0), max(0.05, t_end - self.t)), tremor=0.4)
        rem = t_end - self.t
        if rem > 0.05:
            self.hold(rem)

    def walk(self, points, speed=1.3, pitch=-14.0, look=None, note=None):
        """Walk a polyline through points [(x,z),...].  The head turns towards each leg
        (min-jerk, while walking).  look: list of (t_rel, dyaw, dpitch, dur) glances."""
        t0 = self.t
        pts = [self.c_pos[[0, 2]].copy()] + [np.asarray(p, float) for p in points]
        seg_len = [float(np.linalg.norm(pts[k + 1] - pts[k])) for k in range(len(pts) - 1)]
        L = sum(seg_len)
        ramp = 0.8
        T = L / speed + ramp
        n = self._n(T)
        tt = np.arange(n) / RATE
        # distance travelled: trapezoid speed profile
        v = np.minimum(1.0, np.minimum(tt / ramp, (T - tt) / ramp).clip(0)) * speed
        s = np.concatenate([[0], np.cumsum((v[1:] + v[:-1]) / 2 / RATE)])
        s *= L / s[-1]
        cum = np.concatenate([[0], np.cumsum(seg_len)])
        k = np.clip(np.searchsorted(cum, s, side="right") - 1, 0, len(seg_len) - 1)
        frac = (s - cum[k]) / np.maximum(np.array(seg_len)[k], 1e-9)
        P = np.array(pts)
        xz = P[k] + (P[k + 1] - P[k]) * frac[:, None]
        # heading: turn to each leg direction, starting at the leg's start (or 0.4 s earlier)
        yaw = np.full(n, self.c_yaw)
        cur = self.c_yaw
        for j in range(len(seg_len)):
            d = pts[j + 1] - pts[j]
            hdg = np.degrees(np.arctan2(d[0], d[1]))
            delta = (hdg - cur) % 360.0
            if delta > 180:
                delta -= 360
            tj = cum[j] / L * (T - ramp) + (0 if j == 0 else ramp / 2)
            i0 = max(0, int((tj - (0 if j == 0 else 0.4)) * RATE))
            dd = max(0.45, abs(delta) / 120.0)
            nn = min(n - i0, self._n(dd))
            prof = minjerk(self._n(dd))[:nn]
            yaw[i0:i0 + nn] = cur + delta * prof
            yaw[i0 + nn:] = cur + delta * prof[-1]
            cur = cur + delta
        pitch_arr = np.full(n, pitch)
        ramp_n = min(n, self._n(0.6))
        pitch_arr[:ramp_n] = self.c_pitch + (pitch - self.c_pitch) * minjerk(ramp_n)
        roll_arr = np.full(n, 0.0)
        roll_arr[:ramp_n] = self.c_roll * (1 - minjerk(ramp_n))
        for (tr, dy, dp, dd) in (look or []):
            i0 = int(tr * RATE)
            if i0 >= n - 10:
                continue
            m1 = self._n(dd * 0.35)
            m2 = self._n(dd * 0.3)
            hold = self._n(dd * 0.35)
            env = np.concatenate([minjerk(m1), np.ones(hold), 1 - minjerk(m2)])
            e = min(len(env), n - i0)
            yaw[i0:i0 + e] += dy * env[:e]
            pitch_arr[i0:i0 + e] += dp * env[:e]
        # gait
        env = np.minimum(1.0, v / max(speed, 1e-6))
        step_f = 1.85 * (speed / 1.3) ** 0.5
        ph = 2 * np.pi * np.cumsum(step_f * env / RATE) + self.rng.uniform(0, 6.28)
        hdg_r = np.radians(yaw)
        lat = 0.025 * np.sin(ph / 2) * env
        bob = 0.022 * np.cos(ph) * env
        xz = xz + np.stack([np.cos(hdg_r) * lat, -np.sin(hdg_r) * lat], 1)
        yaw = yaw + 1.8 * np.sin(ph / 2 + 0.7) * env
        roll_arr = roll_arr + 1.4 * np.sin(ph / 2 + 0.3) * env
        pitch_arr = pitch_arr + 0.9 * np.sin(ph + 0.5) * env
        pos = np.stack([xz[:, 0], np.full(n, self.eye) + bob + (self.c_pos[1] - self.eye) * (1 - np.minimum(1, tt / 0.8)), xz[:, 1]], 1)
        if note:
            self.log(note, t0, t0 + T)
        self._write(n, yaw, pitch_arr, roll_arr, pos, walking=env, tremor=0.5)

    # ---------------------------------------------------------- finish
    def finish(self):
        if self.i < self.N:
            self.hold((self.N - self.i) / RATE + 1.0 / RATE)
        n = self.N
        rng = np.random.default_rng(self.rng.integers(1 << 31))

        def bandnoise(lo, hi):
            w = rng.standard_normal(n)
            F = np.fft.rfft(w)
            f = np.fft.rfftfreq(n, 1.0 / RATE)
            F[(f < lo) | (f > hi)] = 0
            x = np.fft.irfft(F, n)
            return x / (x.std() + 1e-12)
        amp = self.tremor
        self.yaw = self.yaw + amp * bandnoise(0.3, 4.0) + 0.25 * amp * bandnoise(4.0, 9.0)
        self.pitch = self.pitch + amp * bandnoise(0.3, 4.0) + 0.25 * amp * bandnoise(4.0, 9.0)
        self.roll = self.roll + 0.6 * amp * bandnoise(0.2, 3.0)
        self.pos = self.pos + 0.004 * np.stack([bandnoise(0.2, 2.0), bandnoise(0.2, 2.0), bandnoise(0.2, 2.0)], 1)
        # heading is defined relative to the first frame: rotate the world instead of
        # offsetting yaw would change the scene, so the scripts start at yaw 0 and the
        # tremor offset at t=0 is removed here (world is static; truth = yaw - yaw[0]).
        self.yaw0 = self.yaw[0]
        return self

    def sample(self, t):
        """Interpolated pose at times t (array, s)."""
        x = np.clip(np.asarray(t, float) * RATE, 0, self.N - 1.000001)
        i = x.astype(np.int64)
        f = x - i
        g = lambda a: a[i] * (1 - f) + a[i + 1] * f
        pf = f[..., None]
        return (g(self.yaw), g(self.pitch), g(self.roll), self.pos[i] * (1 - pf) + self.pos[i + 1] * pf)

    def describe(self):
        parts = []
        for (t0, t1, txt) in sorted(self.events, key=lambda e: e[0]):
            if t1 is None:
                parts.append(f"{fmt(t0)} {txt}")
            else:
                parts.append(f"{fmt(t0)}-{fmt(t1)} {txt}")
        return "; ".join(parts)
