"""Procedural textures for family H (numpy + OpenCV only, deterministic).

Every function takes a numpy Generator and returns a uint8 BGR image.  Textures
that are tiled in the world are made periodic (FFT noise is periodic and drawn
primitives are wrapped), so repeats have no seams.
"""
import numpy as np
import cv2


def noise(rng, h, w, beta=2.0, fmin=0.0):
    """Periodic 1/f^beta noise, zero mean, unit std."""
    wn = rng.standard_normal((h, w))
    F = np.fft.rfft2(wn)
    fy = np.fft.fftfreq(h)[:, None]
    fx = np.fft.rfftfreq(w)[None, :]
    f = np.sqrt(fx * fx + fy * fy)
    f[0, 0] = 1.0
    amp = f ** (-beta / 2.0)
    amp[0, 0] = 0.0
    if fmin:
        amp[f < fmin] = 0.0
    out = np.fft.irfft2(F * amp, s=(h, w))
    out -= out.mean()
    out /= out.std() + 1e-9
    return out.astype(np.float32)


def tint(color, n, amt):
    """color (B,G,R) modulated by noise field n (HxW)."""
    c = np.asarray(color, np.float32)[None, None, :]
    return c * (1.0 + amt * n[:, :, None])


def to_u8(img):
    return np.clip(img, 0, 255).astype(np.uint8)


def wrap_draw(img, fn, x, y, margin):
    """Call fn(img, x, y) at (x, y) and at wrapped copies near the borders."""
    h, w = img.shape[:2]
    xs = [x] + ([x + w] if x < margin else []) + ([x - w] if x > w - margin else [])
    ys = [y] + ([y + h] if y < margin else []) + ([y - h] if y > h - margin else [])
    for xx in xs:
        for yy in ys:
            fn(img, xx, yy)


def stones(rng, img, count, rmin, rmax, base, spread, shadow=0.55, wrap=True):
    h, w = img.shape[:2]
    xs = rng.uniform(0, w, count)
    ys = rng.uniform(0, h, count)
    rs = np.exp(rng.uniform(np.log(rmin), np.log(rmax), count))
    asp = rng.uniform(0.5, 1.0, count)
    ang = rng.uniform(0, 180, count)
    cols = np.asarray(base, np.float32)[None, :] * (1 + spread * rng.standard_normal((count, 1))) \
        + rng.normal(0, 2.5, (count, 3)) + rng.normal(0, 4, (count, 1)) * np.array([[-1.0, 0.2, 1.0]])
    for i in range(count):
        a = (max(1, int(rs[i])), max(1, int(rs[i] * asp[i])))
        c = tuple(float(v) for v in np.clip(cols[i], 0, 255))
        sc = tuple(float(v) * shadow for v in c)
        hi = tuple(float(min(255, v * 1.12)) for v in c)

        def draw(im, x, y, a=a, c=c, sc=sc, hi=hi, an=ang[i]):
            cv2.ellipse(im, (int(x + 1), int(y + 1)), a, an, 0, 360, sc, -1, cv2.LINE_AA)
            cv2.ellipse(im, (int(x), int(y)), a, an, 0, 360, c, -1, cv2.LINE_AA)
            if a[0] >= 3:
                cv2.ellipse(im, (int(x - a[0] * 0.25), int(y - a[1] * 0.25)),
                            (max(1, a[0] // 3), max(1, a[1] // 3)), an, 0, 360, hi, -1, cv2.LINE_AA)
        if wrap:
            wrap_draw(img, draw, xs[i], ys[i], rs[i] + 3)
        else:
            draw(img, xs[i], ys[i])


# ----------------------------------------------------------------- ground
def ground(rng, size, kind):
    """Tileable ground detail texture (texel 5 mm, period size*5 mm)."""
    n1 = noise(rng, size, size, 2.4)
    n2 = noise(rng, size, size, 0.9)
    n3 = noise(rng, size, size, 1.6)
    if kind == "gravel":
        img = tint((118, 126, 132), n1, 0.10) * (1 + 0.10 * n2[:, :, None])
        img = to_u8(img)
        stones(rng, img, 26000, 1.5, 9, (120, 128, 138), 0.25)
        stones(rng, img, 1200, 6, 16, (105, 115, 128), 0.2)
    elif kind == "mud":
        img = tint((70, 92, 112), n1, 0.16) * (1 + 0.12 * n2[:, :, None])
        wet = (n3 > 0.9).astype(np.float32)
        wet = cv2.GaussianBlur(wet, (0, 0), 6)
        img = img * (1 - 0.35 * wet[:, :, None])
        img = to_u8(img)
        stones(rng, img, 9000, 1.5, 7, (95, 110, 125), 0.25)
        stones(rng, img, 1500, 5, 14, (60, 80, 100), 0.2, shadow=0.6)
        # tyre tread imprints (periodic stripes, wrapped)
        for k in range(10):
            x0 = rng.uniform(0, size)
            for y in range(0, size, 24):
                def d(im, x, yy):
                    cv2.line(im, (int(x), int(yy)), (int(x + 60), int(yy + 8)), (48, 62, 78), 5, cv2.LINE_AA)
                wrap_draw(img, d, x0, y, 80)
    else:  # "sand": late-afternoon sandy compacted ground
        img = tint((112, 140, 160), n1, 0.09) * (1 + 0.08 * n2[:, :, None])
        img = to_u8(img)
        stones(rng, img, 15000, 1.2, 6, (120, 138, 150), 0.2)
        stones(rng, img, 900, 5, 13, (100, 112, 122), 0.2)
    return img


# ----------------------------------------------------------------- sky
def sky_panorama(rng, w, h, kind, sun_az=None, sun_el=None):
    """Equirectangular sky: columns = azimuth 0..360 (clockwise from +Z),
    rows = elevation 90 (top) .. 0 (bottom).  Includes far skyline/hills."""
    el = (90.0 * (1 - (np.arange(h) + 0.5) / h))[:, None] * np.ones((1, w))
    if kind == "sunny":
        top = np.array([185, 120, 60], np.float32)
        hor = np.array([235, 215, 190], np.float32)
    elif kind == "overcast":
        top = np.array([196, 194, 190], np.float32)
        hor = np.array([214, 214, 212], np.float32)
    else:  # evening
        top = np.array([170, 125, 90], np.float32)
        hor = np.array([190, 210, 232], np.float32)
    a = np.clip(el / 60.0, 0, 1) ** 0.6
    img = hor[None, None, :] * (1 - a[:, :, None]) + top[None, None, :] * a[:, :, None]
    # clouds (periodic in azimuth)
    n = noise(rng, h, w, 2.6)
    n2 = noise(rng, h, w, 1.6)
    if kind == "sunny":
        c = np.clip((n + 0.3 * n2 - 0.9) * 0.9, 0, 1)
        img = img * (1 - c[:, :, None]) + np.array([245, 245, 245])[None, None, :] * c[:, :, None]
        img -= 25 * np.clip(n - 1.6, 0, 1)[:, :, None]
    elif kind == "overcast":
        img = img * (1 + 0.035 * n[:, :, None] + 0.01 * n2[:, :, None])
    else:
        c = np.clip((n + 0.3 * n2 - 0.5) * 0.8, 0, 1)
        cc = np.array([200, 200, 215], np.float32)
        img = img * (1 - c[:, :, None]) + cc[None, None, :] * c[:, :, None] * (0.8 + 0.2 * (el / 90))[:, :, None]
    if sun_az is not None:
        col = (sun_az % 360) / 360 * w
        row = (90 - sun_el) / 90 * h
        xx = np.arange(w)[None, :]
        dx = np.minimum(np.abs(xx - col), w - np.abs(xx - col))
        dy = np.arange(h)[:, None] - row
        d = np.sqrt(dx * dx + dy * dy) / (w / 360.0)  # degrees (approx)
        glow = 120 * np.exp(-d / 6.0) + 255 * (d < 1.2)
        img = img + glow[:, :, None] * np.array([0.8, 0.95, 1.0])[None, None, :]
    img = to_u8(img)
    px_deg = w / 360.0

    def row_of(elev):
        return int(round((90 - elev) / 90 * h))
    # far hills (continuous, periodic)
    hill = noise(rng, 1, w, 3.0)[0]
    hill = 0.6 + 0.9 * (hill - hill.min()) / (hill.max() - hill.min())
    hcol = np.array({"sunny": (150, 150, 140), "overcast": (168, 170, 168),
                     "evening": (150, 150, 160)}[kind], np.float32)
    for x in range(w):
        r = row_of(hill[x])
        img[r:, x] = (img[r:, x] * 0.25 + hcol * 0.75).astype(np.uint8)
    # tree line / skyline
    far = np.array({"sunny": (125, 128, 122), "overcast": (140, 146, 142),
                    "evening": (115, 115, 125)}[kind], np.float32)
    x = 0
    while x < w:
        bw = int(rng.uniform(0.6, 4.0) * px_deg)
        kind_b = rng.random()
        if kind_b < 0.45:  # building
            bh = rng.uniform(0.4, 2.6)
            c = far * rng.uniform(0.85, 1.1)
            cv2.rectangle(img, (x, row_of(bh)), (x + bw, h), tuple(float(v) for v in c), -1)
            # windows rows
            for yy in range(row_of(bh) + 3, h - 2, 5):
                cv2.line(img, (x + 2, yy), (x + bw - 2, yy), tuple(float(v) * 0.85 for v in c), 1)
        elif kind_b < 0.85:  # trees
            for k in range(bw // 3 + 1):
                cx = x + k * 3 + rng.integers(0, 3)
                rr = int(rng.uniform(0.3, 0.7) * px_deg)
                c = far * np.array([0.8, 1.0, 0.85]) * rng.uniform(0.8, 1.0)
                cv2.circle(img, (int(cx), row_of(rng.uniform(0.3, 0.9))), rr, tuple(float(v) for v in c), -1, cv2.LINE_AA)
        x += bw + int(rng.uniform(0, 3) * px_deg)
    img[row_of(0.35):, :] = cv2.addWeighted(img[row_of(0.35):, :], 0.4,
                                            np.full_like(img[row_of(0.35):, :], tuple(int(v) for v in far * 0.95)), 0.6, 0)
    # distant tower cranes
    for k in range(4):
        cx = int(rng.uniform(0, w))
        top_el = rng.uniform(3.0, 6.0)
        c = tuple(float(v) for v in far * 0.8)
        cv2.line(img, (cx, row_of(top_el)), (cx, h), c, 2)
        jl = int(rng.uniform(3, 7) * px_deg)
        d = 1 if rng.random() < 0.5 else -1
        cv2.line(img, (cx - d * jl // 4, row_of(top_el)), (cx + d * jl, row_of(top_el)), c, 1)
    return img


# ----------------------------------------------------------------- facades
def _rect(img, x0, y0, x1, y1, c):
    cv2.rectangle(img, (int(x0), int(y0)), (int(x1), int(y1)), tuple(float(v) for v in c), -1)


def concrete(rng, h, w, base=(150, 152, 150), amt=0.07):
    n = noise(rng, h, w, 2.0)
    n2 = noise(rng, h, w, 0.8)
    return tint(base, n, amt) * (1 + 0.05 * n2[:, :, None])


def concrete_frame(rng, floors, floor_px, bay_px, infill_floors=1, barriers=True):
    """Facade of a concrete frame under construction; one bay wide (tileable)."""
    h = floors * floor_px
    w = bay_px
    img = concrete(rng, h, w)
    dark = tint((48, 50, 52), noise(rng, h, w, 1.5), 0.25)
    col_w = int(bay_px * 0.07)
    slab = int(floor_px * 0.1)
    for f in range(floors):
        y0 = h - (f + 1) * floor_px
        y1 = h - f * floor_px - slab
        inner = dark[y0 + slab:y1, col_w:w - col_w]
        img[y0 + slab:y1, col_w:w - col_w] = inner
        # interior props / details
        for k in range(int(rng.integers(2, 6))):
            x = int(rng.uniform(col_w + 5, w - col_w - 5))
            cv2.line(img, (x, y0 + slab), (x, y1), (80, 95, 105), 2)
        if f < infill_floors:
            bl = blockwork(rng, y1 - (y0 + slab), w - 2 * col_w)
            img[y0 + slab:y1, col_w:w - col_w] = bl
            # a window opening
            ww = int(w * 0.25)
            x0 = int(w * 0.4)
            img[y0 + slab + 12:y0 + slab + 12 + int(floor_px * 0.45), x0:x0 + ww] = dark[y0:y0 + int(floor_px * 0.45), x0:x0 + ww]
        elif barriers and f > infill_floors:
            yb = y0 + slab + int(floor_px * 0.28)
            for xx in range(col_w, w - col_w, 10):
                cv2.line(img, (xx, yb), (xx, y0 + slab), (30, 200, 235), 2)
            cv2.line(img, (col_w, yb), (w - col_w, yb), (40, 40, 210), 3)
    img += 10 * noise(rng, h, w, 0.6)[:, :, None]
    return to_u8(img)


def blockwork(rng, h, w, block=(22, 11), base=(160, 162, 160)):
    img = tint(base, noise(rng, h, w, 1.8), 0.06)
    bw, bh = block
    for j, y in enumerate(range(0, h, bh)):
        off = (bw // 2) * (j % 2)
        cv2.line(img, (0, y), (w, y), (110, 112, 112), 1)
        for x in range(-off, w, bw):
            cv2.line(img, (x, y), (x, y + bh), (110, 112, 112), 1)
            v = rng.normal(0, 7)
            img[y + 1:y + bh, max(0, x + 1):x + bw] += v
    return img


def corrugated(rng, h, w, color, period=14, marks=None, rust=0.3):
    x = np.arange(w)
    prof = 0.85 + 0.15 * np.sign(np.sin(2 * np.pi * x / period)) + 0.05 * np.sin(2 * np.pi * x / period * 2)
    img = tint(color, noise(rng, h, w, 1.8), 0.08) * prof[None, :, None]
    r = np.clip(noise(rng, h, w, 2.4) - 1.2, 0, 1) * rust
    img = img * (1 - r[:, :, None]) + np.array([40, 70, 120])[None, None, :] * r[:, :, None]
    img = to_u8(img)
    if marks:
        cv2.putText(img, marks, (int(w * 0.08), int(h * 0.2)), cv2.FONT_HERSHEY_SIMPLEX, h / 260.0,
                    (235, 235, 235), max(1, h // 110), cv2.LINE_AA)
    cv2.rectangle(img, (0, 0), (w - 1, h - 1), tuple(int(v * 0.6) for v in color), max(2, h // 60))
    return img


def container_end(rng, h, w, color):
    img = corrugated(rng, h, w, color, period=18, rust=0.2)
    for x in (int(w * 0.25), int(w * 0.42), int(w * 0.58), int(w * 0.75)):
        cv2.line(img, (x, 5), (x, h - 5), (90, 90, 90), max(2, w // 60))
    cv2.line(img, (w // 2, 0), (w // 2, h), tuple(int(v * 0.4) for v in color), 2)
    return img


def cabin(rng, h, w, base=(225, 225, 220), text=None, windows=2):
    img = tint(base, noise(rng, h, w, 1.6), 0.04)
    for x in range(0, w, w // 6):
        cv2.line(img, (x, 0), (x, h), (180, 180, 178), 2)
    img = to_u8(img)
    for k in range(windows):
        x0 = int(w * (0.12 + 0.5 * k))
        _rect(img, x0, h * 0.3, x0 + w * 0.28, h * 0.62, (70, 60, 55))
        _rect(img, x0 + 4, h * 0.3 + 4, x0 + w * 0.28 - 4, h * 0.62 - 4, (120, 95, 80))
        cv2.line(img, (x0 + int(w * 0.14), int(h * 0.3)), (x0 + int(w * 0.14), int(h * 0.62)), (200, 200, 200), 3)
    if text:
        _rect(img, w * 0.1, h * 0.06, w * 0.9, h * 0.2, (40, 120, 20))
        cv2.putText(img, text, (int(w * 0.13), int(h * 0.17)), cv2.FONT_HERSHEY_SIMPLEX, h / 300.0,
                    (255, 255, 255), max(1, h // 90), cv2.LINE_AA)
    _rect(img, 0, h * 0.9, w, h, (90, 95, 100))
    return img


def hoarding(rng, h, w, base, text, accent):
    img = tint(base, noise(rng, h, w, 1.6), 0.05)
    img = to_u8(img)
    for x in range(0, w, max(8, int(w / 8))):
        cv2.line(img, (x, 0), (x, h), tuple(int(v * 0.8) for v in base), 2)
    _rect(img, 0, h * 0.12, w, h * 0.32, accent)
    cv2.putText(img, text, (int(w * 0.04), int(h * 0.28)), cv2.FONT_HERSHEY_DUPLEX, h / 160.0,
                (250, 250, 250), max(1, h // 60), cv2.LINE_AA)
    for k in range(3):
        cx = int(rng.uniform(0.1, 0.9) * w)
        cv2.circle(img, (cx, int(h * 0.6)), int(h * 0.08), (30, 30, 200), -1, cv2.LINE_AA)
        cv2.circle(img, (cx, int(h * 0.6)), int(h * 0.06), (250, 250, 250), -1, cv2.LINE_AA)
    dirt = np.clip(noise(rng, h, w, 2.2), 0, 3) * 0.08
    dirt[: int(h * 0.7)] *= 0.2
    img = img * (1 - dirt[:, :, None]) + np.array([60, 80, 100])[None, None, :] * dirt[:, :, None]
    return to_u8(img)


def pallet_blocks(rng, h, w, top=False):
    img = np.zeros((h, w, 3), np.float32) + 140
    if top:
        return to_u8(blockwork(rng, h, w, block=(24, 12), base=(150, 155, 158)))
    hb = int(h * 0.8)
    img[:hb] = blockwork(rng, hb, w, block=(24, 12), base=(150, 155, 158))
    img[hb:] = tint((70, 110, 150), noise(rng, h - hb, w, 1.5), 0.15)
    for x in range(0, w, max(6, w // 6)):
        _rect(img, x, hb + 2, x + w // 12, h, (40, 60, 80))
    # shrink-wrap sheen
    img += 12 * np.clip(noise(rng, h, w, 2.5), 0, 2)[:, :, None]
    return to_u8(img)


def rebar(rng, h, w, top=False):
    """Rebar mesh / bundle: rust-coloured bars over a dark, shadowed interior."""
    img = tint((45, 50, 58), noise(rng, h, w, 1.5), 0.25)
    img = to_u8(img)
    if top:
        sp = 12
        for y in range(sp // 2, h, sp):
            c = float(rng.uniform(60, 95))
            cv2.line(img, (0, y), (w, y), (c * 0.55, c * 0.75, c * 1.3), 3, cv2.LINE_AA)
        for x in range(sp // 2, w, sp):
            c = float(rng.uniform(60, 95))
            cv2.line(img, (x, 0), (x, h), (c * 0.6, c * 0.8, c * 1.35), 2, cv2.LINE_AA)
        for k in range(int(w * h / 300)):
            x, y = int(rng.uniform(0, w)), int(rng.uniform(0, h))
            cv2.circle(img, (x, y), 1, (40, 120, 200), -1)   # tie wire
    else:
        for k in range(int(w * h / 40)):
            x, y = rng.uniform(0, w), rng.uniform(0, h)
            c = float(rng.uniform(55, 100))
            cv2.circle(img, (int(x), int(y)), 2, (c * 0.55, c * 0.75, c * 1.3), -1)
    return img


def timber(rng, h, w):
    img = tint((110, 165, 200), noise(rng, h, w, 1.4), 0.1)
    img = to_u8(img)
    for y in range(0, h, 9):
        cv2.line(img, (0, y), (w, y), (70, 110, 140), 1)
        for k in range(3):
            x = int(rng.uniform(0, w))
            cv2.line(img, (x, y), (x, y + 9), (80, 120, 150), 1)
    return img


def dirt_pile(rng, h, w):
    img = tint((70, 95, 120), noise(rng, h, w, 2.2), 0.18) * (1 + 0.1 * noise(rng, h, w, 1.0)[:, :, None])
    img = to_u8(img)
    stones(rng, img, int(h * w / 120), 1.5, 5, (90, 105, 120), 0.3, wrap=False)
    return img


def vehicle_side(rng, h, w, body, text="", cab_left=True, kind="truck"):
    img = tint(body, noise(rng, h, w, 1.8), 0.06)
    img = to_u8(img)
    cw = int(w * 0.28)
    cx0 = 0 if cab_left else w - cw
    _rect(img, cx0, h * 0.1, cx0 + cw, h * 0.72, tuple(v * 0.9 for v in body))
    _rect(img, cx0 + cw * 0.12, h * 0.15, cx0 + cw * 0.88, h * 0.42, (90, 70, 55))
    if kind == "mixer":
        cv2.ellipse(img, (int(w * 0.62) if cab_left else int(w * 0.38), int(h * 0.38)),
                    (int(w * 0.33), int(h * 0.3)), 0, 0, 360, (215, 215, 215), -1, cv2.LINE_AA)
        for k in range(5):
            xx = int(w * (0.35 + 0.1 * k)) if cab_left else int(w * (0.25 + 0.1 * k))
            cv2.line(img, (xx, int(h * 0.12)), (xx + 30, int(h * 0.65)), (60, 60, 200), 6)
    else:
        _rect(img, (cw + 10) if cab_left else 10, h * 0.05, (w - 10) if cab_left else (w - cw - 10), h * 0.7,
              tuple(v * 0.75 for v in body))
    _rect(img, 0, h * 0.68, w, h * 0.76, (40, 40, 40))
    for fx in ((0.14, 0.55, 0.8) if cab_left else (0.2, 0.45, 0.86)):
        c = (int(w * fx), int(h * 0.82))
        cv2.circle(img, c, int(h * 0.17), (25, 25, 25), -1, cv2.LINE_AA)
        cv2.circle(img, c, int(h * 0.08), (140, 140, 140), -1, cv2.LINE_AA)
    if text:
        cv2.putText(img, text, (int(w * 0.35), int(h * 0.55)), cv2.FONT_HERSHEY_SIMPLEX, h / 200.0,
                    (30, 30, 30), max(1, h // 80), cv2.LINE_AA)
    return img


def vehicle_end(rng, h, w, body, front=True):
    img = to_u8(tint(body, noise(rng, h, w, 1.8), 0.06))
    if front:
        _rect(img, w * 0.1, h * 0.12, w * 0.9, h * 0.42, (95, 75, 60))
        for x in (0.18, 0.82):
            cv2.circle(img, (int(w * x), int(h * 0.6)), int(h * 0.05), (200, 240, 250), -1)
    else:
        for x in (0.15, 0.85):
            _rect(img, w * x - 8, h * 0.6, w * x + 8, h * 0.66, (30, 30, 200))
        cv2.putText(img, "KEEP BACK", (int(w * 0.2), int(h * 0.35)), cv2.FONT_HERSHEY_SIMPLEX, h / 300.0,
                    (20, 20, 20), 2, cv2.LINE_AA)
    _rect(img, 0, h * 0.7, w, h, (30, 30, 30))
    return img


def person(rng, h, w, vest=(0, 140, 255), front=True):
    img = np.zeros((h, w, 3), np.float32)
    img[:] = (120, 120, 120)
    img = to_u8(img)
    hh = h
    _rect(img, 0, 0, w, hh * 0.13, (235, 240, 240))             # helmet
    _rect(img, w * 0.15, hh * 0.08, w * 0.85, hh * 0.16, (150, 175, 210))  # face
    _rect(img, 0, hh * 0.16, w, hh * 0.52, vest)                # vest
    for y in (0.3, 0.42):
        _rect(img, 0, hh * y, w, hh * y + hh * 0.025, (210, 210, 210))
    _rect(img, 0, hh * 0.52, w, hh * 0.95, (70, 55, 45))        # trousers
    if front:
        cv2.line(img, (w // 2, int(hh * 0.6)), (w // 2, int(hh * 0.95)), (40, 30, 25), 2)
    _rect(img, 0, hh * 0.95, w, hh, (25, 30, 35))                # boots
    return img


def formwork_ceiling(rng, h, w):
    img = tint((95, 150, 175), noise(rng, h, w, 1.8), 0.12)
    img = to_u8(img)
    for x in range(0, w, 48):
        cv2.line(img, (x, 0), (x, h), (60, 90, 110), 2)
    for y in range(0, h, 96):
        cv2.line(img, (0, y), (w, y), (60, 90, 110), 2)
    for k in range(40):
        x, y = int(rng.uniform(0, w)), int(rng.uniform(0, h))
        cv2.rectangle(img, (x, y), (x + 40, y + 6), (40, 140, 210), -1)  # timber bearers
    return img


def lattice(rng, h, w, color=(30, 190, 235), gap=(200, 185, 170), cell=32):
    img = np.zeros((h, w, 3), np.uint8)
    img[:] = gap
    t = max(2, cell // 8)
    for y in range(0, h + cell, cell):
        cv2.line(img, (0, y), (w, y), color, t)
        cv2.line(img, (0, y), (w, y + cell), color, max(1, t - 1))
        cv2.line(img, (w, y), (0, y + cell), color, max(1, t - 1))
    cv2.line(img, (0, 0), (0, h), color, 2 * t)
    cv2.line(img, (w - 1, 0), (w - 1, h), color, 2 * t)
    return img


def steel_frame(rng, floors, floor_px, bay_px, clad_floors=1):
    h, w = floors * floor_px, bay_px
    img = tint((55, 60, 62), noise(rng, h, w, 1.4), 0.25)
    steel = (60, 70, 150)
    cw = max(4, int(w * 0.05))
    _rect(img, 0, 0, cw, h, steel)
    _rect(img, w - cw, 0, w, h, steel)
    for f in range(floors):
        y = h - (f + 1) * floor_px
        _rect(img, 0, y, w, y + int(floor_px * 0.09), (150, 155, 160))
        if f < clad_floors:
            panel = corrugated(rng, floor_px - int(floor_px * 0.09), w - 2 * cw, (175, 170, 160), period=10, rust=0.0)
            img[y + int(floor_px * 0.09):y + floor_px, cw:w - cw] = panel
        else:
            cv2.line(img, (cw, y + int(floor_px * 0.09)), (w - cw, y + floor_px), steel, max(2, cw // 2))
            cv2.line(img, (w - cw, y + int(floor_px * 0.09)), (cw, y + floor_px), steel, max(2, cw // 2))
    return to_u8(img)


def scaffold(rng, h, w, lift_px, bay_px, net=0.4):
    img = tint((70, 75, 78), noise(rng, h, w, 1.4), 0.25)
    n = noise(rng, h, w, 1.2)
    netc = np.array([80, 140, 60], np.float32)
    img = img * (1 - net) + netc[None, None, :] * net * (1 + 0.1 * n[:, :, None])
    img = to_u8(img)
    for y in range(h, -1, -lift_px):
        cv2.line(img, (0, y), (w, y), (170, 170, 175), 3)
        cv2.line(img, (0, y - 6), (w, y - 6), (40, 190, 230), 4)  # toe board
        cv2.line(img, (0, y - lift_px // 2), (w, y - lift_px // 2), (170, 170, 175), 2)
    for x in range(0, w, bay_px):
        cv2.line(img, (x, 0), (x, h), (175, 175, 180), 3)
    cv2.line(img, (0, h), (w, 0), (165, 165, 170), 2)
    return img


def plain(rng, h, w, color, amt=0.08, beta=1.8):
    return to_u8(tint(color, noise(rng, h, w, beta), amt))


def striped(rng, h, w, c1, c2, period):
    img = to_u8(tint(c1, noise(rng, h, w, 1.6), 0.05))
    for x in range(-h, w, period):
        pts = np.array([[x, h], [x + period // 2, h], [x + period // 2 + h, 0], [x + h, 0]], np.int32)
        cv2.fillConvexPoly(img, pts, c2, cv2.LINE_AA)
    return img


def brim(w, h, depth_px, color=(235, 238, 238)):
    """Hard-hat brim overlay (alpha, colour) for the top edge of the frame."""
    x = (np.arange(w) - (w - 1) / 2) / (w / 2)
    edge = depth_px * (1.0 - 0.55 * x * x)
    yy = np.arange(h)[:, None]
    alpha = np.clip((edge[None, :] - yy) / 3.0, 0, 1).astype(np.float32)
    shade = 0.35 + 0.25 * np.clip(yy / max(1, depth_px), 0, 1)
    col = (np.array(color, np.float32)[None, None, :] * shade[:, :, None]) * np.ones((1, w, 1))
    return alpha, col.astype(np.float32)
