"""Small helpers for writing scenario scripts."""
import math

from .geometry import Frame
from .world import Thing


def pol(bearing, dist, origin=(0.0, 0.0)):
    """Point at `bearing` (deg clockwise from +y) and `dist` from origin."""
    b = math.radians(bearing)
    return (origin[0] + dist * math.sin(b), origin[1] + dist * math.cos(b))


def heading_to(a, b):
    return math.degrees(math.atan2(b[0] - a[0], b[1] - a[1]))


class Route:
    """Walking route for a worker: keys (t, x, y)."""

    def __init__(self, t, x, y):
        self.keys = [(float(t), float(x), float(y))]

    @property
    def t(self):
        return self.keys[-1][0]

    @property
    def xy(self):
        return self.keys[-1][1], self.keys[-1][2]

    def wait_until(self, t):
        if t < self.t - 1e-9:
            raise ValueError(f"wait_until {t} < {self.t}")
        x, y = self.xy
        self.keys.append((float(t), x, y))
        return self

    def walk(self, x, y, speed=1.2, arrive=None):
        x0, y0 = self.xy
        d = math.hypot(x - x0, y - y0)
        t1 = arrive if arrive is not None else self.t + d / speed
        self.keys.append((float(t1), float(x), float(y)))
        return self

    def walk_via(self, pts, speed=1.2):
        for p in pts:
            self.walk(p[0], p[1], speed)
        return self


def wearer_tool(name, label, builder, wearer, colour=None, set_downs=(), pick_ups=(), held_from=0.0,
                held_to=None, duration=1e9, spot=(0.05, 0.62)):
    """A tool the wearer carries (in hand, seen only when looking down),
    sets down in front of his feet at each `set_downs` time (lowered over
    1 s) and picks up at each `pick_ups` time (lifted over 1 s)."""
    held = []
    keys = []
    events = []
    cur = held_from
    times = sorted([(t, "set_down") for t in set_downs] + [(t, "picked_up") for t in pick_ups])
    for t, what in times:
        if what == "set_down":
            held.append((cur, t - 1.0))
            hp, hy = wearer.hand(t - 1.0)
            x, y = wearer.position(t)
            fr = Frame((x, y, 0.0), wearer.yaw_e(t))
            g = fr.p(spot[0], spot[1], 0.0)
            keys.append((t - 1.0, hp[0], hp[1], hp[2], hy + 90.0))
            keys.append((t, g[0], g[1], 0.0, wearer.yaw_e(t) + 90.0))
            events.append((t, "set_down"))
            last_ground = (g, wearer.yaw_e(t) + 90.0)
        else:
            g, gy = last_ground
            hp, hy = wearer.hand(t + 1.0)
            keys.append((t, g[0], g[1], 0.0, gy))
            keys.append((t + 1.0, hp[0], hp[1], hp[2], hy + 90.0))
            events.append((t, "picked_up"))
            cur = t + 1.0
    if times and times[-1][1] == "picked_up":
        held.append((cur, held_to if held_to is not None else duration + 1))
    th = Thing(name, label, builder, (0.0, 0.0, 0.0), path=keys if keys else None, held=held, colour=colour)
    th.events = events
    return th
