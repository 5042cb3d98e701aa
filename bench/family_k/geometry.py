"""3-D primitives collected into meshes of quads.

Every face is a quad (a triangle repeats its last vertex).  A mesh is four
arrays: verts (Q, 4, 3) world metres, normals (Q, 3) outward, colours (Q, 3)
BGR already shaded by a fixed sun, kinds (Q,):
  SOLID     painted, back faces culled
  TWOSIDED  painted from both sides (thin things: signs, slings)
  OCCLUDER  hides what is behind it but shows the background; used for the
            near walls of a pit (which in reality are the ground in front)
  IDONLY    drawn first, into the identity buffer only (a pit's rim)
"""
import math

import numpy as np

SOLID, TWOSIDED, OCCLUDER, IDONLY = 0, 1, 2, 3

SUN = np.array([0.45, -0.35, 0.82])
SUN = SUN / np.linalg.norm(SUN)


def shade(colour, normal, ambient=0.58):
    lam = max(0.0, float(np.dot(normal, SUN)))
    k = ambient + (1.0 - ambient) * lam
    return [min(255.0, c * k) for c in colour]


class Frame:
    """Entity-local frame: x right, y forward, z up, at `origin`, facing
    `yaw_deg` (clockwise from world +y)."""

    def __init__(self, origin, yaw_deg=0.0):
        self.o = np.asarray(origin, dtype=np.float64)
        a = math.radians(yaw_deg)
        self.ex = np.array([math.cos(a), -math.sin(a), 0.0])
        self.ey = np.array([math.sin(a), math.cos(a), 0.0])
        self.ez = np.array([0.0, 0.0, 1.0])

    def p(self, x, y, z):
        return self.o + x * self.ex + y * self.ey + z * self.ez

    def v(self, x, y, z):
        return x * self.ex + y * self.ey + z * self.ez


class Mesh:
    def __init__(self):
        self.v, self.n, self.c, self.k = [], [], [], []

    def face(self, verts, normal, colour, kind=SOLID, lit=True):
        verts = np.asarray(verts, dtype=np.float64)
        if len(verts) == 3:
            verts = np.vstack([verts, verts[2:3]])
        normal = np.asarray(normal, dtype=np.float64)
        normal = normal / (np.linalg.norm(normal) + 1e-12)
        self.v.append(verts)
        self.n.append(normal)
        self.c.append(shade(colour, normal) if lit else list(colour))
        self.k.append(kind)

    def polygon(self, verts, normal, colour, kind=SOLID):
        verts = np.asarray(verts, dtype=np.float64)
        if len(verts) <= 4:
            self.face(verts, normal, colour, kind)
            return
        c = verts.mean(axis=0)
        m = len(verts)
        for i in range(0, m, 2):
            a, b, d = verts[i], verts[(i + 1) % m], verts[(i + 2) % m]
            self.face([c, a, b, d], normal, colour, kind)

    def obox(self, center, ax, ay, az, colour, faces=None, kind=SOLID):
        """Oriented box: centre and three orthogonal half-extent vectors.
        faces may map px/nx/py/ny/top/bottom to a colour (None: no face)."""
        c = np.asarray(center, dtype=np.float64)
        ax, ay, az = (np.asarray(a, dtype=np.float64) for a in (ax, ay, az))
        spec = (("px", ax, ay, az), ("nx", -ax, ay, az), ("py", ay, ax, az),
                ("ny", -ay, ax, az), ("top", az, ax, ay), ("bottom", -az, ax, ay))
        for name, n, u, w in spec:
            col = colour
            if faces is not None and name in faces:
                col = faces[name]
                if col is None:
                    continue
            fc = c + n
            self.face([fc - u - w, fc + u - w, fc + u + w, fc - u + w], n, col, kind)

    def lbox(self, fr, x, y, z, sx, sy, sz, colour, faces=None, tilt=0.0, yaw=0.0, kind=SOLID):
        """Box in an entity frame: centre (x, y, z), full sizes; `tilt`
        leans it forward (deg, about local x), `yaw` turns it (deg)."""
        ex, ey, ez = fr.ex, fr.ey, fr.ez
        if yaw:
            a = math.radians(yaw)
            ex, ey = math.cos(a) * ex - math.sin(a) * ey, math.sin(a) * ex + math.cos(a) * ey
        if tilt:
            a = math.radians(tilt)
            ey, ez = math.cos(a) * ey - math.sin(a) * ez, math.sin(a) * ey + math.cos(a) * ez
        self.obox(fr.p(x, y, z), ex * sx / 2, ey * sy / 2, ez * sz / 2, colour, faces, kind)

    def bar(self, p0, p1, thick, colour, kind=SOLID):
        p0 = np.asarray(p0, dtype=np.float64)
        p1 = np.asarray(p1, dtype=np.float64)
        d = p1 - p0
        L = float(np.linalg.norm(d))
        if L < 1e-6:
            return
        a = d / L
        up = np.array([0.0, 0.0, 1.0])
        if abs(float(np.dot(a, up))) > 0.95:
            up = np.array([1.0, 0.0, 0.0])
        b = np.cross(a, up)
        b /= np.linalg.norm(b)
        c = np.cross(a, b)
        self.obox((p0 + p1) / 2, a * L / 2, b * thick / 2, c * thick / 2, colour, kind=kind)

    def frustum(self, base, r0, r1, h, colour, n=10, top_colour=None, axis=(0.0, 0.0, 1.0),
                kind=SOLID, cap=True):
        base = np.asarray(base, dtype=np.float64)
        ax = np.asarray(axis, dtype=np.float64)
        ax = ax / np.linalg.norm(ax)
        t = np.array([1.0, 0.0, 0.0]) if abs(ax[0]) < 0.9 else np.array([0.0, 1.0, 0.0])
        u = np.cross(ax, t)
        u /= np.linalg.norm(u)
        w = np.cross(ax, u)
        top = base + ax * h
        slope = (r0 - r1) / max(h, 1e-9)
        dirs = [math.cos(2 * math.pi * i / n) * u + math.sin(2 * math.pi * i / n) * w for i in range(n)]
        for i in range(n):
            d0, d1 = dirs[i], dirs[(i + 1) % n]
            dm = (d0 + d1) / 2
            self.face([base + r0 * d0, base + r0 * d1, top + r1 * d1, top + r1 * d0], dm + ax * slope, colour, kind)
        if cap and r1 > 1e-3:
            self.polygon([top + r1 * d for d in dirs], ax, top_colour if top_colour is not None else colour, kind)
        if cap and r0 > 1e-3 and abs(ax[2]) < 0.5:
            self.polygon([base + r0 * d for d in dirs[::-1]], -ax, colour, kind)

    def quad(self, p0, p1, p2, p3, colour, kind=SOLID, normal=None):
        verts = np.array([p0, p1, p2, p3], dtype=np.float64)
        if normal is None:
            normal = np.cross(verts[1] - verts[0], verts[3] - verts[0])
        self.face(verts, normal, colour, kind)

    def extend(self, other):
        self.v += other.v
        self.n += other.n
        self.c += other.c
        self.k += other.k

    def arrays(self):
        if not self.v:
            return (np.zeros((0, 4, 3)), np.zeros((0, 3)), np.zeros((0, 3)), np.zeros((0,), np.int8))
        return (np.array(self.v), np.array(self.n), np.array(self.c, dtype=np.float64),
                np.array(self.k, dtype=np.int8))
