"""Procedural textures: ground, enclosure walls and the far panorama (seeded, BGR uint8)."""
import math
import numpy as np
import cv2


def noise(rng, h, w, cell, wrap_x=False):
    """Smooth value noise in [-1, 1] with features about `cell` pixels across."""
    gh, gw = max(2, int(math.ceil(h / cell)) + 3), max(2, int(math.ceil(w / cell)) + 3)
    g = rng.uniform(-1, 1, (gh, gw)).astype(np.float32)
    if wrap_x:
        gw0 = max(2, int(round(w / cell)))
        g = rng.uniform(-1, 1, (gh, gw0)).astype(np.float32)
        g = np.concatenate([g[:, -2:], g, g[:, :3]], axis=1)
        big = cv2.resize(g, ((gw0 + 5) * cell, gh * cell), interpolation=cv2.INTER_CUBIC)
        return big[:h, 2 * cell:2 * cell + w]
    big = cv2.resize(g, (gw * cell, gh * cell), interpolation=cv2.INTER_CUBIC)
    return big[cell:cell + h, cell:cell + w]


def fbm(rng, h, w, cells, wrap_x=False):
    out = np.zeros((h, w), np.float32)
    amp, tot = 1.0, 0.0
    for c in cells:
        out += amp * noise(rng, h, w, c, wrap_x)
        tot += amp
        amp *= 0.55
    return out / tot


def _tint(img, base, var, rng, cells, wrap_x=False):
    n = fbm(rng, img.shape[0], img.shape[1], cells, wrap_x)
    for c in range(3):
        img[..., c] = np.clip(base[c] + var * n * (0.9 + 0.2 * c / 2.0), 0, 255)


def ground(kind, rng, size=2048, res=0.025):
    """Square tileable-enough ground texture; res metres per pixel."""
    img = np.zeros((size, size, 3), np.float32)
    if kind == "dirt":
        _tint(img, (88, 108, 128), 38, rng, (256, 64, 16, 4))
        stones, cols = 30000, [(70, 80, 90), (112, 122, 134), (60, 70, 85), (128, 136, 146)]
    elif kind == "slab":
        _tint(img, (128, 130, 132), 26, rng, (256, 64, 16, 4))
        stones, cols = 14000, [(95, 98, 100), (150, 152, 155), (80, 85, 90)]
    else:  # roof membrane
        _tint(img, (96, 100, 104), 20, rng, (256, 48, 12, 3))
        stones, cols = 6000, [(70, 72, 75), (125, 128, 130)]
    img = img.astype(np.uint8)
    # gravel / speckle
    xs = rng.integers(0, size, stones)
    ys = rng.integers(0, size, stones)
    rs = rng.integers(1, 4, stones)
    ci = rng.integers(0, len(cols), stones)
    for x, y, r, c in zip(xs, ys, rs, ci):
        cv2.circle(img, (int(x), int(y)), int(r), cols[c], -1, cv2.LINE_AA)
    if kind == "dirt":
        for _ in range(5):  # tyre tracks
            y0 = int(rng.integers(0, size)); ang = rng.uniform(-0.4, 0.4)
            for off in (0, 70):
                p1 = (0, int(y0 + off)); p2 = (size, int(y0 + off + size * math.tan(ang)))
                cv2.line(img, p1, p2, (74, 92, 108), 7, cv2.LINE_AA)
        for _ in range(40):  # puddles and dark patches
            c = (int(rng.integers(0, size)), int(rng.integers(0, size)))
            ax = (int(rng.integers(20, 90)), int(rng.integers(10, 50)))
            cv2.ellipse(img, c, ax, float(rng.uniform(0, 180)), 0, 360, (70, 82, 92), -1, cv2.LINE_AA)
        for _ in range(60):  # offcuts of timber
            c = np.array([rng.integers(0, size), rng.integers(0, size)], float)
            a = rng.uniform(0, math.pi)
            d = np.array([math.cos(a), math.sin(a)]) * rng.uniform(20, 60)
            cv2.line(img, tuple(int(v) for v in c - d), tuple(int(v) for v in c + d), (120, 170, 200), 5)
    elif kind == "slab":
        step = int(2.0 / res)
        for k in range(0, size, step):  # saw cuts / pour joints
            cv2.line(img, (k, 0), (k, size), (100, 102, 104), 2)
            cv2.line(img, (0, k), (size, k), (100, 102, 104), 2)
        for _ in range(50):
            c = (int(rng.integers(0, size)), int(rng.integers(0, size)))
            ax = (int(rng.integers(15, 80)), int(rng.integers(10, 40)))
            cv2.ellipse(img, c, ax, float(rng.uniform(0, 180)), 0, 360, (105, 108, 110), -1, cv2.LINE_AA)
        for _ in range(30):  # spray-paint setting-out marks
            c = (int(rng.integers(0, size)), int(rng.integers(0, size)))
            col = [(40, 40, 220), (40, 200, 230), (200, 120, 40)][int(rng.integers(0, 3))]
            cv2.drawMarker(img, c, col, cv2.MARKER_CROSS, int(rng.integers(20, 50)), 3)
        for _ in range(80):  # rebar offcuts
            c = np.array([rng.integers(0, size), rng.integers(0, size)], float)
            a = rng.uniform(0, math.pi)
            d = np.array([math.cos(a), math.sin(a)]) * rng.uniform(15, 50)
            cv2.line(img, tuple(int(v) for v in c - d), tuple(int(v) for v in c + d), (40, 60, 90), 2)
    else:
        step = int(1.0 / res)
        for k in range(0, size, step):  # membrane seams
            cv2.line(img, (k, 0), (k, size), (80, 84, 88), 2)
        for _ in range(70):  # patches
            c = (int(rng.integers(0, size)), int(rng.integers(0, size)))
            w, h = int(rng.integers(15, 60)), int(rng.integers(15, 60))
            col = tuple(int(v) for v in rng.integers(70, 140, 3))
            cv2.rectangle(img, (c[0], c[1]), (c[0] + w, c[1] + h), col, -1)
        for _ in range(30):
            c = (int(rng.integers(0, size)), int(rng.integers(0, size)))
            ax = (int(rng.integers(20, 90)), int(rng.integers(10, 40)))
            cv2.ellipse(img, c, ax, float(rng.uniform(0, 180)), 0, 360, (84, 86, 88), -1, cv2.LINE_AA)
    fine = cv2.GaussianBlur(img, (0, 0), 0.8)
    coarse = cv2.GaussianBlur(img, (0, 0), 3.0)
    return fine, coarse, res


def wall(kind, rng, length_m, height_m, res):
    """Wall strip texture; columns run along the wall, rows top (height) to bottom (0)."""
    w, h = int(math.ceil(length_m / res)), int(math.ceil(height_m / res))
    img = np.zeros((h, w, 3), np.float32)
    if kind == "hoarding":
        _tint(img, (70, 110, 60), 18, rng, (64, 16, 4), True)
        img = img.astype(np.uint8)
        pw = int(1.22 / res)
        for k in range(0, w, pw):
            col = rng.integers(-22, 22, 3)
            img[:, k:k + pw] = np.clip(img[:, k:k + pw].astype(int) + col, 0, 255).astype(np.uint8)
            cv2.line(img, (k, 0), (k, h), (40, 60, 40), 2)
        n_signs = int(length_m / 9)
        words = ["SAFETY FIRST", "PLOT 7", "HARD HATS", "SITE OFFICE", "NO ENTRY", "WELLS HOMES",
                 "DELIVERIES", "PPE ZONE", "KEEP CLEAR", "FIRE POINT", "BE SEEN", "THINK SAFE"]
        for i in range(n_signs):
            x0 = int(rng.integers(0, max(1, w - int(2.4 / res))))
            y0 = int(rng.integers(int(0.2 / res), int(0.9 / res)))
            sw, sh = int(rng.uniform(1.2, 2.4) / res), int(rng.uniform(0.6, 1.0) / res)
            bg = tuple(int(v) for v in rng.integers(30, 250, 3))
            cv2.rectangle(img, (x0, y0), (x0 + sw, y0 + sh), bg, -1)
            cv2.rectangle(img, (x0, y0), (x0 + sw, y0 + sh), (20, 20, 20), 2)
            fg = (255 - bg[0], 255 - bg[1], 255 - bg[2])
            cv2.putText(img, words[i % len(words)], (x0 + 4, y0 + sh // 2 + 5), cv2.FONT_HERSHEY_SIMPLEX,
                        0.45, fg, 1, cv2.LINE_AA)
        for _ in range(int(length_m / 4)):  # graffiti / mud splashes
            c = (int(rng.integers(0, w)), int(rng.integers(h // 2, h)))
            cv2.ellipse(img, c, (int(rng.integers(5, 30)), int(rng.integers(3, 12))), 0, 0, 360,
                        (60, 80, 95), -1)
        img[-3:] = (50, 60, 70)
    elif kind == "concrete":
        _tint(img, (150, 152, 155), 22, rng, (96, 24, 6), True)
        img = img.astype(np.uint8)
        pw, ph = int(2.4 / res), int(1.2 / res)
        for k in range(0, w, pw):
            cv2.line(img, (k, 0), (k, h), (120, 122, 125), 2)
        for k in range(0, h, ph):
            cv2.line(img, (0, k), (w, k), (125, 127, 130), 1)
        for x in range(pw // 4, w, pw // 2):  # form tie holes
            for y in range(ph // 4, h, ph // 2):
                cv2.circle(img, (x, y), 2, (90, 92, 95), -1)
        for _ in range(int(length_m / 3)):  # stains and water runs
            x = int(rng.integers(0, w)); y = int(rng.integers(0, h // 2))
            cv2.line(img, (x, y), (x + int(rng.integers(-4, 4)), y + int(rng.integers(10, h // 2))),
                     (115, 118, 120), int(rng.integers(2, 6)))
        for _ in range(int(length_m / 10)):  # pipes, signs and boxes
            x0 = int(rng.integers(0, w - 80)); y0 = int(rng.integers(h // 4, 3 * h // 4))
            if rng.uniform() < 0.5:
                cv2.line(img, (x0, y0), (x0 + int(rng.integers(60, 300)), y0), (60, 90, 200), 6)
            else:
                bg = tuple(int(v) for v in rng.integers(30, 240, 3))
                cv2.rectangle(img, (x0, y0), (x0 + 40, y0 + 28), bg, -1)
                cv2.putText(img, str(int(rng.integers(10, 99))), (x0 + 6, y0 + 20),
                            cv2.FONT_HERSHEY_SIMPLEX, 0.5, (255 - bg[0], 255 - bg[1], 255 - bg[2]), 1)
        img[-4:] = (100, 105, 110)
    else:  # parapet
        _tint(img, (140, 140, 135), 18, rng, (48, 12, 4), True)
        img = img.astype(np.uint8)
        img[:max(2, int(0.12 / res))] = (170, 170, 165)  # coping
        for k in range(0, w, int(0.6 / res)):
            cv2.line(img, (k, int(0.12 / res)), (k, h), (120, 120, 118), 1)
        for _ in range(int(length_m / 6)):
            x0 = int(rng.integers(0, w - 20))
            col = tuple(int(v) for v in rng.integers(40, 220, 3))
            cv2.rectangle(img, (x0, h // 3), (x0 + int(rng.integers(8, 30)), h - 2), col, -1)
    return cv2.GaussianBlur(img, (0, 0), 0.7)


def panorama(kind, rng, pw=4096, ph=768, el_top=58.0, el_bottom=-22.0):
    """Cylindrical far panorama: column = azimuth (0..360 from bearing 0), row = elevation."""
    img = np.zeros((ph, pw, 3), np.float32)
    # rows are linear in sin(elevation) (the renderer looks rows up by the ray's height)
    rows = np.degrees(np.arcsin(np.linspace(math.sin(math.radians(el_top)), math.sin(math.radians(el_bottom)), ph)))
    sky_top, sky_hor = np.array([200, 150, 100], np.float32), np.array([235, 215, 195], np.float32)
    a = np.clip((rows - 0) / el_top, 0, 1)[:, None]
    img[:] = (sky_hor * (1 - a) + sky_top * a)[:, None, :]
    cl = fbm(rng, ph, pw, (256, 96, 32), True)
    cl = np.clip((cl - 0.05) * 2.5, 0, 1) * np.clip(rows / 10.0, 0, 1)[:, None]
    img = img * (1 - cl[..., None] * 0.7) + cl[..., None] * 250 * 0.7
    img = img.astype(np.uint8)

    st, sb = math.sin(math.radians(el_top)), math.sin(math.radians(el_bottom))

    def row_of(el):
        return int((st - math.sin(math.radians(el))) / (st - sb) * (ph - 1))

    horizon = row_of(0.0)
    if kind == "suburb":
        base = row_of(-1.0)
        hills = (fbm(rng, 1, pw, (512, 128), True)[0] * 18 + row_of(3.0)).astype(int)
        for x in range(pw):
            img[hills[x]:, x] = (95, 130, 110)
        x = 0
        while x < pw:
            bw = int(rng.integers(40, 140)); bh = int(rng.integers(25, 70))
            col = tuple(int(v) for v in rng.integers(80, 200, 3))
            roof = tuple(int(v) for v in (rng.integers(40, 80), rng.integers(50, 90), rng.integers(90, 160)))
            top = base - bh
            cv2.rectangle(img, (x, top), (min(pw - 1, x + bw), base), col, -1)
            pts = np.array([[x - 4, top], [x + bw // 2, top - int(bw * 0.35)], [x + bw + 4, top]], np.int32)
            cv2.fillConvexPoly(img, pts, roof)
            for wx in range(x + 6, x + bw - 8, 18):
                for wy in range(top + 6, base - 10, 16):
                    cv2.rectangle(img, (wx, wy), (wx + 8, wy + 8), (70, 60, 50), -1)
            if rng.uniform() < 0.6:  # a tree
                tc = (x + bw + int(rng.integers(5, 30)), base - int(rng.integers(20, 60)))
                cv2.circle(img, tc, int(rng.integers(12, 30)), (40, int(rng.integers(80, 120)), 50), -1)
            x += bw + int(rng.integers(5, 60))
        # a mobile crane far off and pylons
        for cx in rng.integers(0, pw, 4):
            cv2.line(img, (int(cx), base), (int(cx) + 10, row_of(18)), (60, 60, 60), 3)
            cv2.line(img, (int(cx) + 10, row_of(18)), (int(cx) + 140, row_of(14)), (0, 170, 230), 3)
        img[base:] = (80, 95, 100)
    elif kind == "city":
        base = row_of(-2.0)
        x = 0
        while x < pw:
            bw = int(rng.integers(50, 220)); top = row_of(float(rng.uniform(4, 40)))
            col = tuple(int(v) for v in rng.integers(90, 210, 3))
            cv2.rectangle(img, (x, top), (min(pw - 1, x + bw), base), col, -1)
            wc = tuple(int(v) for v in rng.integers(40, 120, 3))
            sx, sy = int(rng.integers(10, 18)), int(rng.integers(12, 20))
            for wx in range(x + 5, x + bw - 6, sx):
                for wy in range(top + 5, base - 5, sy):
                    cv2.rectangle(img, (wx, wy), (wx + sx // 2, wy + sy // 2), wc, -1)
            x += bw + int(rng.integers(0, 25))
        for cx in rng.integers(0, pw, 3):  # tower cranes
            cx = int(cx); top = row_of(50)
            cv2.line(img, (cx, base), (cx, top), (0, 180, 240), 5)
            cv2.line(img, (cx - 260, top + 8), (cx + 120, top + 8), (0, 180, 240), 4)
            cv2.line(img, (cx, top - 20), (cx - 200, top + 8), (60, 60, 60), 1)
        img[base:] = (90, 92, 95)
    img = cv2.GaussianBlur(img, (0, 0), 0.8)
    return img, el_top, el_bottom
