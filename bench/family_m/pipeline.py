"""Per-scenario passes over all frames (parallel over frame chunks): entity stats, then the video."""
import multiprocessing as mp

import cv2

from .render import Renderer

_W = {}


def _init(name, colour):
    from .scenarios import ALL
    cv2.setNumThreads(1)
    mod = ALL[name]
    w = mod.build()
    _W["w"] = w
    _W["r"] = Renderer(w, mod.THEME, mod.SEED, colour=colour)


def _stats_chunk(rng):
    r, w = _W["r"], _W["w"]
    return [r.frame(i / w.fps, need_colour=False)[2] for i in range(*rng)]


def _frames_chunk(rng):
    r, w = _W["r"], _W["w"]
    return [r.frame(i / w.fps, need_colour=True)[0] for i in range(*rng)]


def chunks(n, size):
    return [(a, min(n, a + size)) for a in range(0, n, size)]


def stats_pass(name, n_frames, jobs):
    parts = chunks(n_frames, 150)
    if jobs <= 1:
        _init(name, False)
        res = [_stats_chunk(c) for c in parts]
    else:
        with mp.get_context("fork").Pool(jobs, initializer=_init, initargs=(name, False)) as pool:
            res = pool.map(_stats_chunk, parts)
    return [s for part in res for s in part]


def video_pass(name, n_frames, fps, size, path, jobs):
    wr = cv2.VideoWriter(path, cv2.VideoWriter_fourcc(*"mp4v"), fps, size)
    if not wr.isOpened():
        raise RuntimeError("cannot open a video writer for %s" % path)
    parts = chunks(n_frames, 30)
    if jobs <= 1:
        _init(name, True)
        for c in parts:
            for fr in _frames_chunk(c):
                wr.write(fr)
    else:
        with mp.get_context("fork").Pool(jobs, initializer=_init, initargs=(name, True)) as pool:
            for frames in pool.imap(_frames_chunk, parts):
                for fr in frames:
                    wr.write(fr)
    wr.release()
