"""Checks run by generate before anything is written; any failure stops generation."""
from __future__ import annotations

import math

import numpy as np

from .sim import FPS, Obs, Scenario
from .truth import LOAD_NEAR_M, PLANT_NEAR_M, PLANT_RADIUS, SECTOR_NAMES, WINDOW, ZONE_MARGIN_M, Truth

KINDS = ["directional", "object_permanence", "temporal_retrieval", "temporal_reasoning", "productivity", "identity"]
INTENTS = {"directional": {"direction_of", "things_in_direction"}, "object_permanence": {"where", "still_there"},
           "temporal_retrieval": {"event_time"},
           "temporal_reasoning": {"time_since", "state_duration", "order", "returned"},
           "productivity": {"is_working", "spell_duration"}, "identity": {"same_individual", "count_distinct"}}
TYPED = {"direction_of": ["direction"], "where": ["direction"], "things_in_direction": ["entity_types"],
         "still_there": ["yes_no"], "event_time": ["time", "time_tol_s"], "time_since": ["duration_s", "duration_tol_s"],
         "state_duration": ["duration_s", "duration_tol_s"], "order": ["yes_no"], "returned": ["yes_no"],
         "is_working": ["yes_no"], "spell_duration": ["duration_s", "duration_tol_s"], "same_individual": ["yes_no"],
         "count_distinct": ["count"]}
CONTRACT_LABELS = {"worker", "ladder", "toolbox", "drill", "hammer", "scaffold", "wheelbarrow", "cone", "pallet",
                   "brick_wall", "excavation", "suspended_load"}
EXTRA_LABELS = {"gas_cylinder", "generator", "excavator", "dumper", "skip", "cable_drum"}
ACTIVITIES = {"active", "idle", "walking"}


class ValidationError(Exception):
    pass


def check(cond, msg):
    if not cond:
        raise ValidationError(msg)


def validate(sc: Scenario, ob: Obs, tr: Truth, dets, questions, truth, video_frames=None):
    n = sc.n_frames
    W, H = sc.lens.W, sc.lens.H
    name = sc.name
    # frames, heading
    check(ob.n == n == len(dets) == len(truth["heading"]), "%s: frame counts differ" % name)
    if video_frames is not None:
        check(video_frames == n, "%s: video has %d frames, expected %d" % (name, video_frames, n))
    check(240 <= sc.duration <= 360, "%s: duration %.0f s outside 4-6 min" % (name, sc.duration))
    hd = np.array([h[1] for h in truth["heading"]])
    check(abs(hd[0]) < 1e-9, "%s: heading does not start at 0" % name)
    rate = np.abs(np.diff(hd)) * FPS
    check(rate.max() <= 115.0, "%s: head turns at %.0f deg/s" % (name, rate.max()))
    check(rate.max() >= 80.0, "%s: no fast glance (max %.0f deg/s)" % (name, rate.max()))
    check(_has_full_turn(hd), "%s: no full turn" % name)
    # detections
    owner = {}
    runs = {}
    for i, row in enumerate(dets):
        check(abs(row["t"] - i / FPS) < 1e-3, "%s: detection time at frame %d" % (name, i))
        for d in row["detections"]:
            x1, y1, x2, y2 = d["bbox"]
            check(0 <= x1 < x2 <= W - 1 and 0 <= y1 < y2 <= H - 1, "%s: box outside frame at %d: %s" % (name, i, d))
            check(d["label"] in CONTRACT_LABELS | EXTRA_LABELS, "%s: label %s" % (name, d["label"]))
            check(0 < d["score"] <= 1, "score")
            tid = d["track_id"]
            key = (d["label"],)
            check(owner.setdefault(tid, key) == key, "%s: track %s changes label" % (name, tid))
            last = runs.get(tid)
            check(last is None or i - last <= FPS + 1, "%s: track %s reused after a gap" % (name, tid))
            runs[tid] = i
            a = d["attributes"]
            if d["label"] == "worker":
                check(isinstance(a.get("hardhat"), bool) and a.get("activity") in ACTIVITIES and "vest" in a,
                      "%s: worker attributes %s" % (name, a))
        ids = [d["track_id"] for d in row["detections"]]
        check(len(ids) == len(set(ids)), "%s: duplicate track ids in frame %d" % (name, i))
    # alerts
    al = truth["alerts"]
    cats = {a["category"] for a in al}
    for a in al:
        check(a["category"] in WINDOW, "category")
        check(abs(a["t1"] - a["t0"] - WINDOW[a["category"]]) < 1e-6, "%s: alert window %s" % (name, a))
        check(0 <= a["t0"] <= sc.duration, "%s: alert outside the video %s" % (name, a))
    exp = list(sc.expected_alerts)
    check(len(exp) == len(al), "%s: derived alerts %s differ from the design %s" % (
        name, [(a["category"], a["subject_id"], a["t0"]) for a in al], exp))
    for (cat, eid, t) in exp:
        hit = [a for a in al if a["category"] == cat and a["subject_id"] == eid and abs(a["t0"] - t) <= 2.5]
        check(len(hit) == 1, "%s: expected alert %s %s ~%.1f not derived (%s)" % (name, cat, eid, t, al))
    _near_miss(sc, ob, tr, al)
    # questions and answers
    ids = [q["id"] for q in questions]
    check(len(ids) == len(set(ids)), "%s: duplicate question ids" % name)
    check(25 <= len(questions) <= 40, "%s: %d questions" % (name, len(questions)))
    ans = {a["id"]: a for a in truth["answers"]}
    check(set(ans) == set(ids), "%s: answers do not match questions" % name)
    kinds = set()
    for q in questions:
        check(q["camera"] == sc.camera and 0 < q["at"] <= sc.duration and q["question"].strip(), "%s: question %s" % (name, q))
        a = ans[q["id"]]
        check(a["intent"] in INTENTS[a["kind"]], "%s: %s intent/kind" % (name, q["id"]))
        kinds.add(a["kind"])
        for f in TYPED[a["intent"]]:
            check(f in a, "%s: %s lacks %s" % (name, q["id"], f))
        if "direction" in a:
            check(a["direction"] in SECTOR_NAMES, "sector")
            if "direction_alt" in a:
                d = abs(SECTOR_NAMES.index(a["direction"]) - SECTOR_NAMES.index(a["direction_alt"])) % 8
                check(d in (1, 7), "%s: direction_alt not a neighbour" % q["id"])
        if "time" in a:
            check(0 <= a["time"] <= q["at"] + 1e-6, "%s: %s answer time after the question" % (name, q["id"]))
        if "duration_s" in a:
            check(0 <= a["duration_s"] <= q["at"] + 1e-6, "%s: %s duration" % (name, q["id"]))
    check(kinds == set(KINDS), "%s: question kinds %s" % (name, kinds))
    return cats


def _has_full_turn(yaw):
    """Some monotone stretch (allowing small sway reversals) covering >= 360 degrees."""
    d = np.diff(yaw)
    for sgn in (1, -1):
        acc, best = 0.0, 0.0
        for v in d * sgn:
            acc = max(0.0, acc + v) if v > -0.5 else 0.0
            best = max(best, acc)
        if best >= 355:
            return True
    return False


def _near_miss(sc, ob, tr, alerts):
    """Look-alikes stay clear of the thresholds (no ambiguous band)."""
    T = ob.t
    workers = [e for e in sc.entities if e.is_worker]
    hazards = [x for x in sc.entities if x.label == "suspended_load" or x.plant]
    al_t = {(a["category"], a["subject_id"]): [] for a in alerts}
    for a in alerts:
        al_t[(a["category"], a["subject_id"])].append(a["t0"])
    for e in workers:
        jw = ob.idx[e.eid]
        mine = al_t.get(("safety_alert", e.eid), [])
        for hz in hazards:
            jh = ob.idx[hz.eid]
            for i in range(ob.n):
                if not (hz.present.at(T[i]) and e.present.at(T[i])):
                    continue
                if any(t - 12 <= T[i] <= t + 25 for t in mine):
                    continue
                pw, ph = ob.pos[i, jw], ob.pos[i, jh]
                d = math.hypot(pw[0] - ph[0], pw[2] - ph[2])
                if hz.label == "suspended_load":
                    check(d >= LOAD_NEAR_M + 2.5, "%s: %s within %.1f m of %s at %.1f s without an alert" % (
                        sc.name, e.eid, d, hz.eid, T[i]))
                elif hz.moving(T[i]):
                    check(d >= PLANT_RADIUS[hz.label] + PLANT_NEAR_M + 2.5, "%s: %s %.1f m from moving %s at %.1f s" % (
                        sc.name, e.eid, d, hz.eid, T[i]))
        # zone: outside alert spells, stay >= 2 m beyond the margin
        spells = [(T[a] - 12, T[b - 1] + 8) for a, b in Truth.runs(tr.zone[e.eid])]
        for x in sc.entities:
            if x.footprint is None:
                continue
            xa, xb, za, zb = x.footprint
            for i in range(ob.n):
                if not e.present.at(T[i]) or any(a <= T[i] <= b for a, b in spells):
                    continue
                p = ob.pos[i, jw]
                dx = max(xa - p[0], 0, p[0] - xb)
                dz = max(za - p[2], 0, p[2] - zb)
                check(math.hypot(dx, dz) >= ZONE_MARGIN_M + 2.0 or tr.zone[e.eid][i], "%s: %s %.1f m from the excavation at %.1f s" % (
                    sc.name, e.eid, math.hypot(dx, dz), T[i]))
