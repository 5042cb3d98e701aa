"""Frame loop (rendering and what is visible) and the detector simulation.

`run_frames` walks the world frame by frame, paints the identity buffer at
half resolution (always) and the picture (when a video is asked for), and
records for every entity how much of it is actually visible.  `detections`
then turns that record into what a real detector and tracker would report:
only things inside the image, big enough and not hidden, with box jitter,
missed frames (some in runs), sometimes a lost attribute, and track ids
from a tracker that either keeps ids or starts a new one after a gap.
"""
import math

import cv2
import numpy as np

from . import render

# smallest visible area (full-resolution pixels) a detector reports
MIN_AREA = {"worker": 260, "excavation": 500, "brick_wall": 300, "scaffold": 600, "suspended_load": 250,
            "drill": 110, "hammer": 110, "toolbox": 110, "cone": 90}
MIN_AREA_DEFAULT = 160
MIN_VIS_FRACTION = 0.38      # share of the thing not hidden by something nearer
MIN_IN_IMAGE = 0.45          # share of the projected box inside the picture


class Visibility:
    """Per frame: pose and, per entity index, the visible box and shares."""

    def __init__(self, world):
        self.world = world
        n = world.nframes
        self.t = np.arange(n) / world.fps
        self.yaw = np.zeros(n)
        self.pitch = np.zeros(n)
        self.pos = np.zeros((n, 2))
        self.rot = np.zeros((n, 3, 3))
        self.frames = [None] * n   # dict eidx -> (x1, y1, x2, y2, vis_px, frac_vis, frac_in, ok)

    def seen(self, eidx, i):
        r = self.frames[i].get(eidx)
        return bool(r and r[7])


def _visible_records(world, prep, idb, full, scale):
    lens = world.lens
    W, H = lens.width, lens.height
    counts = np.bincount(idb.ravel(), minlength=len(world.entities) + 1)
    out = {}
    for eidx_, (alone, proj) in full.items():
        e = world.entities[eidx_]
        if e.label is None:
            continue
        vis = int(counts[eidx_ + 1])
        if vis == 0 or proj is None:
            continue
        m = (idb == eidx_ + 1).astype(np.uint8)
        x, y, w, h = cv2.boundingRect(m)
        f = 1.0 / scale
        x1, y1 = (x + 0.5) * f - 0.5 - 0.5, (y + 0.5) * f - 0.5 - 0.5
        x2, y2 = (x + w - 0.5) * f - 0.5 + 0.5, (y + h - 0.5) * f - 0.5 + 0.5
        vis_px = vis * f * f
        frac_vis = vis / max(alone, 1)
        px1, py1, px2, py2 = proj
        parea = max((px2 - px1) * (py2 - py1), 1e-6)
        ix1, iy1 = max(px1, 0), max(py1, 0)
        ix2, iy2 = min(px2, W * scale - 1), min(py2, H * scale - 1)
        frac_in = max(ix2 - ix1, 0) * max(iy2 - iy1, 0) / parea
        minA = MIN_AREA.get(e.label, MIN_AREA_DEFAULT)
        bw, bh = x2 - x1, y2 - y1
        min_side = 14 if e.label == "worker" else 6
        ok = (vis_px >= minA and min(bw, bh) >= min_side and frac_vis >= MIN_VIS_FRACTION
              and frac_in >= MIN_IN_IMAGE)
        out[eidx_] = (float(x1), float(y1), float(x2), float(y2), float(vis_px), float(frac_vis), float(frac_in),
                      bool(ok))
    return out


def run_frames(world, video_path=None, progress=None, want_vis=True):
    """One pass over the frames: what is visible (identity buffer) and,
    when video_path is given, the picture."""
    lens = world.lens
    vis = Visibility(world)
    H2, W2 = lens.height // 2, lens.width // 2
    bg = sensor = writer = None
    if video_path is not None:
        bg = render.Background(world.env, lens, world.seed + 11)
        sensor = render.Sensor(lens, world.seed + 23)
        writer = cv2.VideoWriter(str(video_path), cv2.VideoWriter_fourcc(*"mp4v"), world.fps,
                                 (lens.width, lens.height))
        if not writer.isOpened():
            raise RuntimeError("cannot open video writer for " + str(video_path))
    for i in range(world.nframes):
        t = i / world.fps
        R, C, yaw, pitch, roll = world.wearer.pose(t)
        vis.yaw[i] = yaw
        vis.pitch[i] = pitch
        vis.pos[i] = C[:2]
        vis.rot[i] = R
        prep = render.prepare(world.meshes(t), R, C, lens)
        if want_vis:
            idb, full = render.paint_ids(prep, (H2, W2), 0.5)
            vis.frames[i] = _visible_records(world, prep, idb, full, 0.5)
        if writer is not None:
            img = bg.render(R, C)
            layer = np.zeros_like(img)
            mask = np.zeros(img.shape[:2], np.uint8)
            render.paint_rgb(prep, layer, mask)
            img = np.where(mask[..., None] > 0, layer, img)
            writer.write(sensor.apply(img))
        if progress and i % 600 == 0:
            progress(i, world.nframes)
    if writer is not None:
        writer.release()
    return vis


# ----------------------------------------------------------------------

def detections(world, vis):
    """-> (lines, obs): lines for detections.jsonl; obs[eidx] = list of
    (frame, track_id, bbox, attrs) actually reported."""
    rng = np.random.default_rng(world.seed + 101)
    n = world.nframes
    lens = world.lens
    W, H = lens.width, lens.height
    ents = world.entities
    miss_left = {}
    track = {}       # eidx -> (track_id, last frame reported)
    next_id = [1]
    gap_frames = None if world.tracker_gap_s is None else int(round(world.tracker_gap_s * world.fps))
    lines = []
    obs = {i: [] for i in range(len(ents))}
    order = sorted(range(len(ents)), key=lambda k: ents[k].name)
    for i in range(n):
        t = i / world.fps
        dets = []
        rec = vis.frames[i]
        for eidx in order:
            r = rec.get(eidx)
            if not r or not r[7]:
                continue
            x1, y1, x2, y2, vpx, fvis, fin, _ = r
            e = ents[eidx]
            size = math.sqrt(max(vpx, 1.0))
            small = 1.0 if vpx < 2.2 * MIN_AREA.get(e.label, MIN_AREA_DEFAULT) else 0.0
            # missed frames come in short runs
            if miss_left.get(eidx, 0) > 0:
                miss_left[eidx] -= 1
                continue
            p_miss = 0.025 + 0.08 * small + 0.08 * (fvis < 0.6) + 0.05 * (fin < 0.7)
            if rng.random() < p_miss:
                miss_left[eidx] = int(rng.geometric(0.55)) - 1
                continue
            bw, bh = x2 - x1, y2 - y1
            j = rng.normal(0.0, 1.0, 4)
            sx = 0.6 + 0.022 * bw
            sy = 0.6 + 0.022 * bh
            bx1 = float(np.clip(x1 + j[0] * sx, 0, W - 1))
            by1 = float(np.clip(y1 + j[1] * sy, 0, H - 1))
            bx2 = float(np.clip(x2 + j[2] * sx, bx1 + 2, W - 1))
            by2 = float(np.clip(y2 + j[3] * sy, by1 + 2, H - 1))
            score = float(np.clip(0.52 + 0.30 * min(size / 60.0, 1.0) + 0.15 * fvis + rng.normal(0, 0.035),
                                  0.31, 0.99))
            attrs = {}
            for k, v in e.attributes(t).items():
                p_drop = 0.07 if k == "activity" else 0.04
                if rng.random() < p_drop:
                    continue
                attrs[k] = v
            # tracker
            tr = track.get(eidx)
            if tr is None or (gap_frames is not None and i - tr[1] > gap_frames):
                tid = str(next_id[0])
                next_id[0] += 1
            else:
                tid = tr[0]
            track[eidx] = (tid, i)
            box = [round(bx1, 1), round(by1, 1), round(bx2, 1), round(by2, 1)]
            dets.append({"label": e.label, "bbox": box, "score": round(score, 3), "track_id": tid,
                         "attributes": attrs})
            obs[eidx].append((i, tid, box, attrs))
        lines.append({"t": round(t, 4), "detections": dets})
    return lines, obs
