"""Developer aid: python -m bench.family_f.debug NAME [--frames t1,t2] [--out DIR] [--report]"""
from __future__ import annotations

import argparse
import os

import cv2
import numpy as np

from .generate import FPS, derive, load, simulate
from .sim import Renderer, frame_state, project_entities, visible_boxes


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("name")
    ap.add_argument("--frames", default="")
    ap.add_argument("--out", default="/tmp/ff_debug")
    ap.add_argument("--report", action="store_true")
    ap.add_argument("--probe", default="", help="t:dir,t:dir things_in_direction probes")
    a = ap.parse_args()
    m = load(a.name)
    sc = m.build()
    w = sc["world"]
    os.makedirs(a.out, exist_ok=True)
    if a.frames:
        env = sc["env"]()
        rnd = Renderer(w, env, seed=w.seed)
        for tt in a.frames.split(","):
            t = float(tt)
            fs = frame_state(w, t)
            proj = project_entities(w, fs, need_polys=True)
            img = rnd.render(fs, proj, 0.0)
            vis = visible_boxes(w, fs, proj)
            ov = img.copy()
            for eid, bb in vis.items():
                cv2.rectangle(ov, (int(bb[0]), int(bb[1])), (int(bb[2]), int(bb[3])), (0, 255, 0), 1)
                cv2.putText(ov, eid, (int(bb[0]), int(bb[1]) + 10), cv2.FONT_HERSHEY_SIMPLEX, 0.35, (0, 255, 0), 1)
            cv2.imwrite(os.path.join(a.out, f"{a.name}_{t:06.1f}.png"), np.concatenate([img, ov], axis=0))
            print(t, "heading", round(fs.yaw, 1), "pos", fs.C.round(2), sorted(vis))
    if a.report:
        obs, lines, noise = simulate(sc)
        print("track ids:", {k: len(v) for k, v in noise.track_ids.items()})
        for eid in sorted(w.ents):
            if not w.ents[eid].detect:
                continue
            r = obs.runs(eid, gap=1.0)
            print(f"{eid:12s}", " ".join(f"{a:.1f}-{b:.1f}" for a, b in r))
        alerts, look, asker, errors = derive(sc, obs)
        print("\nALERTS")
        for al in alerts:
            print(f"  {al['category']:15s} {al['subject_id']:10s} {al['t0']:7.1f} {al['t1']:7.1f}  {al['note']}")
        print("\nLOOKALIKES")
        for item in sc.get("lookalikes", []) + look:
            print("  ", item)
        print("\nANSWERS")
        for qq, an in zip(asker.questions, asker.answers, strict=False):
            f = {k: v for k, v in an.items() if k not in ("id", "kind", "intent", "note", "query")}
            print(f"  {qq['id']} @{qq['at']:6.1f} {an['intent']:18s} {f}  | {an['note'][:110]}")
        print("\nERRORS")
        for e in errors:
            print("  ", e)
        hd = obs.heading
        rate = np.abs(np.diff(hd)) * FPS
        for pr in filter(None, a.probe.split(",")):
            tt, dd = pr.split(":")
            errs = []
            from .truth import Asker
            ak = Asker(obs, "x", errs)
            ak.things_in_direction("p", float(tt), "", {}, dd)
            print("PROBE", tt, dd, ak.answers[0]["entity_types"], ak.answers[0]["entity_types_optional"], errs,
                  ak.answers[0]["note"][:200])
        print("max yaw rate", rate.max().round(1), "heading range", hd.min().round(1), hd.max().round(1))


if __name__ == "__main__":
    main()
