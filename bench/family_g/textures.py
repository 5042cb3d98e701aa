"""Procedural textures (numpy + OpenCV only, deterministic from a Generator)."""
from __future__ import annotations

import cv2
import numpy as np


def fbm(shape, rng, base=8.0, octaves=5, gain=0.55):
    """Smooth fractal noise in [0, 1]; ``base`` = size in texels of the coarsest cells."""
    h, w = shape
    out = np.zeros((h, w), np.float32)
    amp, tot, cell = 1.0, 0.0, float(base)
    for _ in range(octaves):
        gh, gw = max(2, int(h / cell) + 2), max(2, int(w / cell) + 2)
        g = rng.random((gh, gw), dtype=np.float32)
        up = cv2.resize(g, (int(gw * cell), int(gh * cell)), interpolation=cv2.INTER_CUBIC)
        oy, ox = rng.integers(0, max(1, up.shape[0] - h + 1)), rng.integers(0, max(1, up.shape[1] - w + 1))
        out += amp * up[oy:oy + h, ox:ox + w]
        tot += amp
        amp *= gain
        cell = max(1.0, cell / 2.0)
    out /= tot
    lo, hi = np.percentile(out, 1), np.percentile(out, 99)
    return np.clip((out - lo) / max(hi - lo, 1e-6), 0, 1)


def tint(gray, color):
    """gray (h, w) in [0, 1] times a BGR colour (0..255) -> float32 (h, w, 3)."""
    return gray[..., None] * np.asarray(color, np.float32)[None, None, :]


def to_u8(img):
    return np.clip(img, 0, 255).astype(np.uint8)


def jitter_color(rng, color, amount=18):
    c = np.asarray(color, np.float32) + rng.normal(0, amount, 3)
    return tuple(float(v) for v in np.clip(c, 10, 245))


def put_text(img, text, org, scale, color, thick):
    """Anti-aliased text on a float image (OpenCV draws text on 8-bit images only)."""
    mask = np.zeros(img.shape[:2], np.uint8)
    cv2.putText(mask, text, (int(org[0]), int(org[1])), cv2.FONT_HERSHEY_SIMPLEX, scale, 255, int(max(1, thick)),
                cv2.LINE_AA)
    ys, xs = np.nonzero(mask)
    if len(ys) == 0:
        return
    y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    a = mask[y0:y1, x0:x1, None].astype(np.float32) / 255.0
    img[y0:y1, x0:x1] = img[y0:y1, x0:x1] * (1 - a) + a * np.asarray(color, np.float32)


def random_word(rng, n=None):
    letters = "ABCDEFGHJKLMNPRSTUVWXYZ"
    n = n or int(rng.integers(3, 8))
    return "".join(letters[i] for i in rng.integers(0, len(letters), n))


SIGNS = ["DANGER", "KEEP CLEAR", "SITE OFFICE", "HARD HATS", "NO ENTRY", "FIRST AID", "WELFARE", "STORE",
         "FIRE POINT", "HIGH VOLTAGE", "CRANE ZONE", "HI-VIS", "DELIVERIES", "GATE 2", "EXIT", "DRYING ROOM"]


# ---------------------------------------------------------------- wall textures
# Each returns float32 (h, w, 3) BGR in 0..255; w along the face (left to right as
# seen from the front), h from the top (row 0 = top of the face).

def tex_container(rng, w, h, tex, end_face):
    palette = [(40, 50, 170), (150, 80, 30), (40, 110, 40), (30, 110, 210), (120, 120, 120), (200, 200, 195),
               (40, 70, 110), (140, 40, 40), (20, 150, 180)]
    base = jitter_color(rng, palette[rng.integers(len(palette))], 12)
    img = tint(0.85 + 0.3 * fbm((h, w), rng, base=0.8 / tex), base)
    u = np.arange(w, dtype=np.float32) * tex
    if not end_face:
        period = 0.278
        ph = (u % period) / period
        corr = np.where(ph < 0.35, 1.12, np.where(ph < 0.5, 0.92, np.where(ph < 0.85, 0.82, 1.0))).astype(np.float32)
    else:
        mid = w // 2
        corr = np.ones(w, np.float32)
        corr[max(0, mid - 1):mid + 1] = 0.5
        for k in range(4):  # door lock bars
            x = int(w * (0.12 + 0.25 * k))
            corr[x:x + max(1, int(0.04 / tex))] = 0.7
    img *= corr[None, :, None]
    rust = fbm((h, w), rng, base=0.4 / tex)
    streak = cv2.resize(rng.random((2, max(2, w // 6)), dtype=np.float32), (w, h), interpolation=cv2.INTER_CUBIC)
    r = np.clip((rust * 0.7 + streak * 0.6) - 0.75, 0, 1)[..., None] * 2.0
    img = img * (1 - r) + r * np.array([30, 60, 110], np.float32)
    yy = np.linspace(0, 1, h, dtype=np.float32)[:, None, None]
    img *= 1 - 0.25 * np.clip((yy - 0.8) / 0.2, 0, 1)  # dirt at the bottom
    img[: max(1, int(0.08 / tex))] *= 0.8
    img[-max(1, int(0.10 / tex)):] *= 0.7
    if not end_face:
        code = random_word(rng, 4) + " " + str(int(rng.integers(100000, 999999)))
        put_text(img, code, (w * rng.uniform(0.05, 0.5), h * 0.22), 0.22 / tex / 22, (235, 235, 235), 0.035 / tex)
        if rng.random() < 0.6:
            put_text(img, random_word(rng), (w * rng.uniform(0.1, 0.5), h * 0.65), 0.7 / tex / 22,
                     (235, 235, 235), 0.09 / tex)
    else:
        put_text(img, random_word(rng, 4) + str(int(rng.integers(1000, 9999))), (w * 0.55, h * 0.2),
                 0.12 / tex / 22, (230, 230, 230), 0.02 / tex)
    return img


def _windows(img, rng, tex, x0, x1, y0, y1, n, frame_col, lit=False):
    h, w = img.shape[:2]
    ww = (x1 - x0) / n
    for k in range(n):
        a, b = int((x0 + ww * (k + 0.15)) / tex), int((x0 + ww * (k + 0.85)) / tex)
        c, d = int(y0 / tex), int(y1 / tex)
        glass = jitter_color(rng, (90, 70, 50) if not lit else (150, 160, 170), 20)
        g = fbm((max(1, d - c), max(1, b - a)), rng, base=max(2.0, 0.3 / tex))
        grad = np.linspace(1.3, 0.7, max(1, d - c), dtype=np.float32)[:, None]
        sub = tint(0.6 + 0.4 * g * grad, glass)
        img[c:d, a:b] = sub[: img[c:d, a:b].shape[0], : img[c:d, a:b].shape[1]]
        cv2.rectangle(img, (a, c), (b, d), frame_col, max(1, int(0.05 / tex)))
        cv2.line(img, ((a + b) // 2, c), ((a + b) // 2, d), frame_col, max(1, int(0.03 / tex)))


def tex_cabin(rng, w, h, tex, end_face):
    base = jitter_color(rng, [(225, 225, 220), (190, 150, 90), (200, 200, 180), (70, 140, 60)][rng.integers(4)], 8)
    img = tint(0.88 + 0.2 * fbm((h, w), rng, base=0.5 / tex), base)
    panel = max(2, int(1.2 / tex))
    img[:, ::panel] *= 0.7
    storey = 2.6
    nst = max(1, int(round(h * tex / storey)))
    for s in range(nst):
        ytop = s * h * tex / nst
        cv2.line(img, (0, int(ytop / tex)), (w, int(ytop / tex)), (110, 110, 110), max(1, int(0.08 / tex)))
        if w * tex > 2.5:
            nwin = max(1, int(w * tex / 3.2))
            _windows(img, rng, tex, 0.4, w * tex - 0.4, ytop + 0.7, ytop + 1.7, nwin, (60, 60, 60))
        if rng.random() < 0.5:
            dx = rng.uniform(0.2, max(0.3, w * tex - 1.2))
            cv2.rectangle(img, (int(dx / tex), int((ytop + 0.45) / tex)), (int((dx + 0.9) / tex), int((ytop + 2.5) / tex)),
                          jitter_color(rng, (90, 90, 90), 30), -1)
    if rng.random() < 0.8:
        sign = SIGNS[rng.integers(len(SIGNS))]
        col = [(0, 200, 255), (40, 40, 200), (60, 150, 40)][rng.integers(3)]
        x, y = rng.uniform(0.1, 0.5) * w, rng.uniform(0.1, 0.3) * h
        sw, sh = len(sign) * 0.11 / tex, 0.25 / tex
        cv2.rectangle(img, (int(x), int(y)), (int(x + sw), int(y + sh)), col, -1)
        put_text(img, sign, (x + 0.02 / tex, y + sh * 0.8), 0.2 / tex / 22 * 0.9, (20, 20, 20), 0.025 / tex)
    return img


def tex_concrete_frame(rng, w, h, tex, end_face):
    """Building under construction: slabs, columns, dark openings, scaffold and netting."""
    img = tint(0.55 + 0.45 * fbm((h, w), rng, base=1.5 / tex), jitter_color(rng, (150, 155, 160), 10))
    floor_h = rng.uniform(3.0, 3.6)
    nfl = int(h * tex / floor_h) + 1
    bay = rng.uniform(4.0, 6.5)
    for f in range(nfl):
        ytop = h * tex - (f + 1) * floor_h
        for xb in np.arange(0.4, w * tex - 0.5, bay):
            a, b = int((xb + 0.5) / tex), int((xb + bay - 0.5) / tex)
            c, d = int((ytop + 0.45) / tex), int((ytop + floor_h) / tex)
            c = max(c, 0)
            if d <= c or b <= a:
                continue
            if rng.random() < 0.8:
                dark = tint(0.15 + 0.25 * fbm((d - c, b - a), rng, base=max(2.0, 0.6 / tex)), (90, 95, 100))
                img[c:d, a:b] = dark[: img[c:d, a:b].shape[0], : img[c:d, a:b].shape[1]]
            else:
                img[c:d, a:b] *= 0.8
    # scaffold: standards, ledgers, boards
    if rng.random() < 0.8:
        tube = max(1, int(0.05 / tex))
        x0 = rng.uniform(0, 2)
        for xs in np.arange(x0, w * tex, rng.uniform(2.0, 2.6)):
            cv2.line(img, (int(xs / tex), 0), (int(xs / tex), h), (170, 170, 175), tube)
        for ys in np.arange(h * tex - 0.2, 0, -2.0):
            cv2.line(img, (0, int(ys / tex)), (w, int(ys / tex)), (165, 165, 170), tube)
            cv2.line(img, (0, int((ys - 0.15) / tex)), (w, int((ys - 0.15) / tex)), (80, 130, 170), tube * 2)
        if rng.random() < 0.7:  # netting over part of the height
            net_col = np.array([(60, 140, 60), (150, 110, 40)][rng.integers(2)], np.float32)
            y1 = int(h * rng.uniform(0.0, 0.4))
            y2 = int(h * rng.uniform(0.5, 1.0))
            a = 0.55 * (0.8 + 0.2 * fbm((y2 - y1, w), rng, base=0.5 / tex))
            img[y1:y2] = img[y1:y2] * (1 - a[..., None]) + a[..., None] * net_col
            if rng.random() < 0.7:
                bw = min(w - 2, int(rng.uniform(6, 12) / tex))
                bx = int(rng.uniform(0, max(1, w - bw)))
                by = y1 + int(0.5 / tex)
                cv2.rectangle(img, (bx, by), (bx + bw, by + int(1.2 / tex)), (240, 240, 240), -1)
                put_text(img, random_word(rng) + " BUILD", (bx + 0.2 / tex, by + 0.95 / tex), 0.8 / tex / 22,
                         (40, 40, 160), 0.12 / tex)
    return img


def tex_brick(rng, w, h, tex, end_face):
    bh, bw = 0.075, 0.225
    base = np.array(jitter_color(rng, [(60, 80, 150), (90, 110, 170), (70, 90, 120)][rng.integers(3)], 10), np.float32)
    nb_r, nb_c = int(h * tex / bh) + 2, int(w * tex / bw) + 3
    cols = 0.75 + 0.5 * rng.random((nb_r, nb_c), dtype=np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    yb = yy * tex / bh
    r = yb.astype(np.int32)
    xb = xx * tex / bw + 0.5 * (r % 2)
    c = xb.astype(np.int32)
    mortar = ((yb - r) < 0.14) | ((xb - c) < 0.045)
    g = cols[np.clip(r, 0, nb_r - 1), np.clip(c, 0, nb_c - 1)]
    img = tint(g, base)
    img[mortar] = (160, 165, 170)
    img *= (0.8 + 0.35 * fbm((h, w), rng, base=2.0 / tex))[..., None]
    img = cv2.GaussianBlur(img, (0, 0), 0.6)
    for yt in np.arange(2.0, h * tex - 2.0, 3.2):
        _windows(img, rng, tex, 0.8, w * tex - 0.8, h * tex - yt - 1.5, h * tex - yt, max(1, int(w * tex / 3.5)),
                 (220, 220, 220), lit=rng.random() < 0.3)
    return img


def tex_hoarding(rng, w, h, tex, end_face):
    kind = rng.integers(3)
    if kind == 0:  # plywood
        grain = fbm((h, w), rng, base=0.6 / tex)
        stretch = cv2.resize(rng.random((max(2, h // 3), 8), dtype=np.float32), (w, h), interpolation=cv2.INTER_CUBIC)
        img = tint(0.7 + 0.25 * grain + 0.15 * stretch, jitter_color(rng, (110, 160, 200), 12))
    else:
        img = tint(0.85 + 0.2 * fbm((h, w), rng, base=1.0 / tex),
                   jitter_color(rng, [(60, 90, 40), (110, 70, 30), (200, 200, 200)][rng.integers(3)], 10))
    panel = max(2, int(2.44 / tex))
    for x in range(0, w, panel):
        cv2.line(img, (x, 0), (x, h), (50, 50, 50), max(1, int(0.03 / tex)))
    # banners and graphics
    x = rng.uniform(0.5, 4) / tex
    while x < w - 2 / tex:
        bw = rng.uniform(3, 9) / tex
        col = jitter_color(rng, [(200, 120, 20), (30, 30, 200), (240, 240, 240), (20, 20, 20), (0, 190, 240)][
            rng.integers(5)], 20)
        y0, y1 = int(h * rng.uniform(0.05, 0.25)), int(h * rng.uniform(0.6, 0.9))
        cv2.rectangle(img, (int(x), y0), (int(min(w - 1, x + bw)), y1), col, -1)
        txtc = (20, 20, 20) if sum(col) > 380 else (240, 240, 240)
        put_text(img, random_word(rng), (x + 0.2 / tex, y0 + (y1 - y0) * 0.45), 0.45 / tex / 22, txtc, 0.07 / tex)
        put_text(img, random_word(rng, 9).lower(), (x + 0.2 / tex, y0 + (y1 - y0) * 0.85), 0.2 / tex / 22, txtc,
                 0.03 / tex)
        for _ in range(int(rng.integers(0, 3))):
            cx, cy = x + rng.uniform(0.2, 0.9) * bw, rng.uniform(y0, y1)
            cv2.circle(img, (int(cx), int(cy)), int(rng.uniform(0.15, 0.4) / tex),
                       jitter_color(rng, (128, 128, 128), 90), -1)
        x += bw + rng.uniform(1, 8) / tex
    img *= (0.85 + 0.25 * fbm((h, w), rng, base=3.0 / tex))[..., None]
    return img


def tex_barrier(rng, w, h, tex, end_face):
    """Concrete/plastic barriers and block walls (low or tall)."""
    base = jitter_color(rng, [(170, 170, 165), (40, 40, 200), (240, 240, 240), (120, 125, 130)][rng.integers(4)], 10)
    img = tint(0.75 + 0.35 * fbm((h, w), rng, base=0.4 / tex), base)
    if rng.random() < 0.6:  # red/white chevrons
        stripe = max(2, int(0.3 / tex))
        yy, xx = np.mgrid[0:h, 0:w]
        m = ((xx + yy) // stripe) % 2 == 0
        band = (yy > h * 0.2) & (yy < h * 0.45)
        img[m & band] = (40, 40, 200)
        img[~m & band] = (235, 235, 235)
    step = max(2, int(rng.uniform(1.0, 2.0) / tex))
    img[:, ::step] *= 0.6
    stains = fbm((h, w), rng, base=0.25 / tex)
    img *= (1 - 0.35 * np.clip(stains - 0.6, 0, 1))[..., None]
    return img


def tex_stack(rng, w, h, tex, end_face):
    """Stacked materials (formwork, pallets, pipes, bags) on racks: busy texture."""
    img = tint(0.3 + 0.3 * fbm((h, w), rng, base=0.5 / tex), (70, 80, 90))
    y = 0.0
    while y < h:
        lh = rng.uniform(0.15, 0.6) / tex
        col = jitter_color(rng, [(60, 120, 170), (40, 90, 140), (150, 150, 150), (30, 160, 220), (200, 200, 200),
                                 (50, 50, 180)][rng.integers(6)], 25)
        x = 0.0
        while x < w:
            pw = rng.uniform(0.3, 2.5) / tex
            cc = np.array(jitter_color(rng, col, 12), np.float32)
            a, b, c, d = int(x), int(min(w, x + pw - 0.03 / tex)), int(y), int(min(h, y + lh - 0.03 / tex))
            if b > a and d > c:
                img[c:d, a:b] = cc * (0.8 + 0.3 * fbm((d - c, b - a), rng, base=max(2.0, 0.2 / tex)))[..., None]
            x += pw
        y += lh
    return img


def tex_plain(rng, w, h, tex, end_face):
    """Near, weakly textured plastered/painted wall: low-contrast mottling and a few faint marks."""
    base = jitter_color(rng, (196, 204, 210), 6)
    img = tint(0.97 + 0.05 * fbm((h, w), rng, base=0.9 / tex, octaves=4), base)
    for _ in range(int(rng.integers(3, 7))):  # faint pencil marks / scuffs
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        L = rng.uniform(0.05, 0.3) / tex
        ang = rng.uniform(0, np.pi)
        cv2.line(img, (int(x), int(y)), (int(x + L * np.cos(ang)), int(y + L * np.sin(ang))),
                 tuple(float(v) - 14 for v in base), 1, cv2.LINE_AA)
    for k in range(int(w * tex / 1.2) + 1):  # board joints, barely visible
        x = int(k * 1.2 / tex)
        cv2.line(img, (x, 0), (x, h), tuple(float(v) - 6 for v in base), 1, cv2.LINE_AA)
    return img


WALL_TEXTURES = {"container": tex_container, "cabin": tex_cabin, "frame": tex_concrete_frame, "brick": tex_brick,
                 "hoarding": tex_hoarding, "barrier": tex_barrier, "stack": tex_stack, "plain": tex_plain}
