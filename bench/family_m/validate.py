"""Checks every scenario against the brief and the contract before anything is written."""
from collections import Counter

from .truth import KINDS, QUERY_FIELDS

VOCAB = {"worker", "ladder", "toolbox", "drill", "hammer", "scaffold", "wheelbarrow", "cone", "pallet",
         "brick_wall", "excavation", "suspended_load", "forklift"}
CATEGORIES = {"safety_alert", "ppe_violation", "exclusion_zone", "left_behind", "idle", "progress",
              "memory_recall"}
ALL_KINDS = {"directional", "object_permanence", "temporal_retrieval", "temporal_reasoning", "productivity",
             "identity", "unknown"}
TYPED = {
    "direction_of": {"direction"}, "where": {"direction"}, "things_in_direction": {"entity_types"},
    "still_there": {"yes_no"}, "order": {"yes_no"}, "returned": {"yes_no"}, "is_working": {"yes_no"},
    "same_individual": {"yes_no"}, "event_time": {"time", "time_tol_s"},
    "time_since": {"duration_s", "duration_tol_s"}, "state_duration": {"duration_s", "duration_tol_s"},
    "spell_duration": {"duration_s", "duration_tol_s"}, "count_distinct": {"count"}, "unknown": set()}
TYPED_ALL = {"direction", "direction_alt", "entity_types", "entity_types_optional", "yes_no", "time",
             "time_tol_s", "duration_s", "duration_tol_s", "count"}


def scenario(mod, w, questions, answers, derived, lines, obs):
    P = []
    p = P.append
    lens = w.lens
    if w.fps != 15:
        p("fps must be 15")
    if lens.w > 640 or lens.h > 360:
        p("resolution above 640x360")
    if not 60 <= lens.hfov <= 150:
        p("hfov outside 60-150")
    if not 240 <= w.duration <= 300:
        p("duration outside 4-5 minutes")
    if abs(w.wearer.yaw(0.0)) > 1e-9:
        p("heading at t=0 is not 0")
    # questions
    if not 25 <= len(questions) <= 35:
        p("%d questions (want 25-35)" % len(questions))
    ats = [q["at"] for q in questions]
    if ats != sorted(ats):
        p("questions not sorted by at")
    ids = [q["id"] for q in questions]
    if len(set(ids)) != len(ids):
        p("duplicate question ids")
    kinds = Counter(KINDS[q["intent"]] for q in questions)
    for k in ALL_KINDS - set(kinds):
        p("no %s question" % k)
    if kinds["unknown"] < 2:
        p("fewer than 2 unknown questions")
    for q in questions:
        if not 0 < q["at"] <= w.duration:
            p("%s: at outside the video" % q["id"])
    for a in answers:
        want = TYPED[a["intent"]]
        have = {k for k in a if k in TYPED_ALL}
        if not want <= have:
            p("%s: missing typed fields %s" % (a["id"], want - have))
        extra = have - want - {"direction_alt", "entity_types_optional"}
        if extra:
            p("%s: unexpected typed fields %s" % (a["id"], extra))
        if set(a["query"]) != set(QUERY_FIELDS):
            p("%s: query fields incomplete" % a["id"])
        if a["query"]["kind"] != a["kind"] or a["query"]["intent"] != a["intent"]:
            p("%s: query kind/intent mismatch" % a["id"])
        if "time_tol_s" in a and not 2.0 <= a["time_tol_s"] <= 4.0:
            p("%s: time_tol_s out of range" % a["id"])
        if "duration_tol_s" in a:
            if a["intent"] == "time_since" and not 2.5 <= a["duration_tol_s"] <= 5.0:
                p("%s: duration_tol_s out of range" % a["id"])
            if a["intent"] != "time_since" and abs(a["duration_tol_s"] - max(5.0, 0.12 * a["duration_s"])) > 0.01:
                p("%s: spell tolerance is not max(5 s, 12 %%)" % a["id"])
    # alerts
    designed = Counter(tuple(x) for x in mod.ALERTS)
    got = Counter((a["category"], a["entity"]) for a in derived)
    if designed != got:
        p("derived alerts %s differ from designed %s" % (sorted(got.elements()), sorted(designed.elements())))
    if not 4 <= len(derived) <= 7:
        p("%d alerts (want 4-7)" % len(derived))
    for a in derived:
        if a["t1"] <= a["t0"]:
            p("alert %s %s has an empty window" % (a["category"], a["entity"]))
    if not mod.LOOKALIKES:
        p("no look-alikes listed")
    # people must be told apart by their clothes
    seen = {}
    for e in w.ents:
        if e.label == "worker":
            key = (e.attrs.get("vest"), e.attrs.get("hat_colour"))
            if key in seen:
                p("%s and %s dress alike" % (seen[key], e.name))
            seen[key] = e.name
    # detections
    if len(lines) != w.n_frames:
        p("detections: %d lines for %d frames" % (len(lines), w.n_frames))
    labels = {d["label"] for ln in lines for d in ln["detections"]}
    if labels - VOCAB:
        p("labels outside the vocabulary: %s" % sorted(labels - VOCAB))
    for ln in lines:
        for d in ln["detections"]:
            x0, y0, x1, y1 = d["bbox"]
            if not (0 <= x0 < x1 <= lens.w and 0 <= y0 < y1 <= lens.h):
                p("box outside the image at t=%.2f" % ln["t"])
                break
    ntracks = {n: len({t for t in o["track"] if t is not None}) for n, o in obs.items()}
    if mod.TRACKER["mode"] == "keep":
        if any(v > 1 for v in ntracks.values()):
            p("tracker should keep ids")
    else:
        if not any(v > 1 for v in ntracks.values()):
            p("tracker never gave a new id after a gap")
    return P


def family(mods, worlds):
    P = []
    cats = set()
    for m in mods:
        cats |= {c for c, _ in m.ALERTS}
    if CATEGORIES - cats:
        P.append("categories not covered: %s" % sorted(CATEGORIES - cats))
    projs = {w.lens.projection for w in worlds}
    if projs != {"pinhole", "fisheye"}:
        P.append("need a pinhole and a fisheye lens")
    if len({w.lens.hfov for w in worlds}) < 2:
        P.append("all hfovs the same")
    if len({m.TRACKER["mode"] for m in mods}) < 2:
        P.append("need one tracker that keeps ids and one that does not")
    turned = walked = False
    for w in worlds:
        ys = [w.wearer.yaw(t) for t in w.times()]
        if max(ys) - min(ys) >= 360:
            turned = True
        p0 = w.wearer.pos(0)
        if max(((w.wearer.pos(t)[0] - p0[0]) ** 2 + (w.wearer.pos(t)[1] - p0[1]) ** 2) ** 0.5
               for t in w.times()[::15]) >= 3.0:
            walked = True
    if not turned:
        P.append("no full 360-degree turn")
    if not walked:
        P.append("the wearer never walks a few metres")
    return P
