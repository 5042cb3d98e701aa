"""Questions per scenario with typed ground truth computed from the observation log."""
from __future__ import annotations

from .truth import Obs

TIME_TOL = 3.0


def _dur(v, tol=None):
    v = round(float(v), 2)
    return {"duration_s": v, "duration_tol_s": tol if tol is not None else round(max(3.0, 0.1 * v), 2)}


def _time(v, tol=TIME_TOL):
    return {"time": round(float(v), 2), "time_tol_s": tol}


class QB:
    def __init__(self, name: str, ob: Obs):
        self.name, self.ob = name, ob
        self.qs, self.ans = [], []

    def add(self, at, text, kind, intent, typed):
        qid = f"{self.name}-q{len(self.qs) + 1:02d}"
        at = round(float(at), 2)
        assert 0 < at < self.ob.scene.duration, (qid, at)
        self.qs.append({"id": qid, "camera": self.name, "at": at, "question": text})
        clean = {}
        for k, v in typed.items():
            if k == "yes_no":
                v = bool(v)
            elif k == "count":
                v = int(v)
            elif isinstance(v, float):
                v = float(v)
            clean[k] = v
        self.ans.append({"id": qid, "kind": kind, "intent": intent, **clean})

    # shorthands
    def direction_of(self, at, text, eid, intent="direction_of", kind="directional"):
        d, _ = self.ob.ans_direction(eid, at)
        self.add(at, text, kind, intent, d)

    def where(self, at, text, eid):
        self.direction_of(at, text, eid, intent="where", kind="object_permanence")

    def things(self, at, text, direction, exclude=()):
        self.add(at, text, "directional", "things_in_direction", self.ob.ans_things_in(direction, at, exclude))


def _spell_checks(ob: Obs, eid, t, window=1.5):
    """The transition at t must be observed (visible within +-window s)."""
    i0, i1 = ob.fi(max(0.0, t - window)), ob.fi(t + window)
    assert ob.vis[eid][i0:i1 + 1].any(), f"{eid}: transition at {t:.1f} s not observed"


def roof_questions(ob: Obs, M, ev):
    q = QB("roof_pinhole80", ob)
    mid = lambda k: (M[k][0] + M[k][1]) / 2  # noqa: E731
    _spell_checks(ob, "w2_yellow", ev["w2_idle0"])
    _spell_checks(ob, "w2_yellow", ev["w2_idle1"])
    first_off_w3 = ob.first_visible_when("w3_green", lambda a, t: not a["hardhat"])
    # directional
    q.direction_of(mid("w3_nohat") + 4, "Which way is the ladder from where I'm looking now?", "ladder")
    q.direction_of(mid("w1_3"), "Point me towards the load hanging off the crane.", "load")
    q.direction_of(M["recall"][1] - 1, "In which direction is the scaffold tower?", "scaffold")
    q.direction_of(M["end"][1] - 3, "Is the pallet of roof tiles on my left or my right?", "pallet_tiles")
    q.things(mid("under") + 3, "What's behind me at the moment?", "behind")
    q.things(mid("w1_4"), "Anything over on my right-hand side?", "right")
    # object permanence
    q.where(mid("w2_view"), "Where did I leave my hammer?", "hammer")
    q.where(mid("barrier"), "Where's the red toolbox got to?", "toolbox_red")
    q.add(M["w4"][1], "Is the red toolbox still sitting where I first spotted it?", "object_permanence", "still_there",
          {"yes_no": False})
    q.add(mid("w1_3"), "Has the ladder stayed put since the start of the shift?", "object_permanence", "still_there",
          {"yes_no": True})
    q.where(M["turn2"][1] + 3, "Where is the crane load now?", "load")
    # temporal retrieval
    q.add(M["load_alone"][0], "What time did I set the hammer down?", "temporal_retrieval", "event_time", _time(ev["t_drop"]))
    q.add(M["load_alone"][1], "When did I grab the hammer again?", "temporal_retrieval", "event_time", _time(ev["t_pick"]))
    q.add(M["barrier"][0], "When did the lad in the green vest take his helmet off?", "temporal_retrieval", "event_time",
          _time(first_off_w3))
    q.add(M["w1_2"][0], "When did I first catch sight of the suspended load?", "temporal_retrieval", "event_time",
          _time(ob.first_seen("load")))
    q.add(M["w4"][1] + 2, "At what time did I last see the red toolbox?", "temporal_retrieval", "event_time",
          _time(ob.last_seen("toolbox_red", M["w4"][1] + 2)))
    q.add(M["w3_a"][0], "When did the worker in the yellow vest stop for a breather?", "temporal_retrieval", "event_time",
          _time(ev["w2_idle0"]))
    # temporal reasoning
    at = M["recall"][1]
    q.add(at, "How long ago did I last lay eyes on the red toolbox?", "temporal_reasoning", "time_since",
          _dur(at - ob.last_seen("toolbox_red", at)))
    q.add(M["load_alone"][0] + 2, "How long was my hammer lying there before I picked it up?", "temporal_reasoning",
          "state_duration", _dur(ev["t_pick"] - ev["t_drop"]))
    q.add(M["barrier"][1], "For how long was the green-vest worker without his hard hat?", "temporal_reasoning",
          "state_duration", _dur(18.0))
    q.add(M["w1_2"][1], "Did I put the hammer down before I first saw the crane load?", "temporal_reasoning", "order",
          {"yes_no": ev["t_drop"] < ob.first_seen("load")})
    q.add(M["w3_b"][0], "Did the guy in green take his hat off after I'd picked my hammer back up?", "temporal_reasoning",
          "order", {"yes_no": first_off_w3 > ev["t_pick"]})
    # productivity
    q.add(mid("w1_4"), "Is the roofer in the orange vest in front of me actually working?", "productivity", "is_working",
          {"yes_no": True})
    q.add(mid("w2_view"), "Is the worker in the yellow vest doing anything right now?", "productivity", "is_working",
          {"yes_no": False})
    at = M["w2_view"][1]
    q.add(at, "How long has the yellow-vest lad been standing about?", "productivity", "spell_duration",
          _dur(at - ev["w2_idle0"]))
    q.add(M["under"][0], "How long was the worker in yellow idle for?", "productivity", "spell_duration",
          _dur(ev["w2_idle1"] - ev["w2_idle0"]))
    q.add(mid("w3_a"), "Is the guy in the green vest getting on with it?", "productivity", "is_working", {"yes_no": True})
    # identity
    q.add(mid("w4"), "Is the bloke in orange in front of me the same one I saw at 0:10?", "identity", "same_individual",
          {"yes_no": False})
    q.add(mid("w1_4"), "This worker in orange, is it the same fella I saw at the very start?", "identity",
          "same_individual", {"yes_no": True})
    q.add(M["end"][1] - 1, "How many different workers have I seen so far?", "identity", "count_distinct",
          {"count": ob.count_distinct("worker", M["end"][1] - 1)})
    q.add(M["w1_2"][1], "How many separate people have I come across up to now?", "identity", "count_distinct",
          {"count": ob.count_distinct("worker", M["w1_2"][1])})
    return q


def corridor_questions(ob: Obs, M, ev):
    q = QB("corridor_fisheye130", ob)
    mid = lambda k: (M[k][0] + M[k][1]) / 2  # noqa: E731
    for t in (ev["e_idle0"], ev["d_break0"]):
        _spell_checks(ob, "e_orange" if t == ev["e_idle0"] else "d_blue", t)
    bricks = ev["bricks"]
    c3 = ob.first_visible_when("wall", lambda a, t: a["courses"] >= 3)
    assert abs(c3 - bricks[23]) < 0.1
    # directional
    q.direction_of(mid("wall3"), "Which way's my drill?", "drill")
    q.direction_of(mid("course3"), "Which direction is the wheelbarrow in?", "wheelbarrow")
    q.direction_of(mid("wall4"), "Which side is the cable drum on?", "drum")
    q.things(M["end"][1] - 5, "What have I got on my left?", "left", exclude=("e_orange",))
    q.things(M["f_arrive"][1] - 1, "What's straight ahead of me?", "front", exclude=("e_orange",))
    q.direction_of(mid("pallet"), "Where abouts is the stepladder from me?", "stepladder")
    # object permanence
    q.where(M["course3"][0] + 5, "Where did I leave the drill?", "drill")
    q.add(mid("wall4"), "Is the blue toolbox still where it was at the start?", "object_permanence", "still_there",
          {"yes_no": True})
    q.where(M["end"][1] - 10, "Where's the stack of plasterboard?", "boards")
    q.add(M["wall4"][1], "Is the wheelbarrow still in the same spot as when I first saw it?", "object_permanence",
          "still_there", {"yes_no": True})
    q.where(mid("wb"), "Where's the bricklayer?", "d_blue")
    # temporal retrieval
    q.add(M["wall2"][0], "When was the first brick laid on the partition?", "temporal_retrieval", "event_time",
          _time(bricks[0]))
    q.add(M["f_arrive"][1], "When did the third course get finished?", "temporal_retrieval", "event_time", _time(bricks[23]))
    q.add(M["f_arrive"][1] + 2, "When did I put the drill down?", "temporal_retrieval", "event_time", _time(ev["t_drop"]))
    q.add(M["wall4"][1] + 2, "When did I pick the drill back up?", "temporal_retrieval", "event_time", _time(ev["t_pick"]))
    q.add(M["course3"][0], "When did the worker in the orange vest down tools?", "temporal_retrieval", "event_time",
          _time(ev["e_idle0"]))
    q.add(M["wall4"][0], "What time did the lad in green show up?", "temporal_retrieval", "event_time",
          _time(ob.first_seen("f_green")))
    # temporal reasoning
    q.add(M["wall4"][1] - 4, "How long was my drill left lying on the floor?", "temporal_reasoning", "state_duration",
          _dur(ev["t_pick"] - ev["t_drop"]))
    at = M["f_arrive"][1]
    q.add(at, "How long ago did I last see the worker in orange?", "temporal_reasoning", "time_since",
          _dur(at - ob.last_seen("e_orange", at)))
    q.add(mid("wall4") + 5, "Was the first brick laid before I put the drill down?", "temporal_reasoning", "order",
          {"yes_no": bricks[0] < ev["t_drop"]})
    q.add(M["end"][1] - 2, "Did the green-vest worker turn up before the third course was done?", "temporal_reasoning",
          "order", {"yes_no": ob.first_seen("f_green") < bricks[23]})
    at = M["wall3"][1] - 4
    q.add(at, "How long ago was the first brick laid?", "temporal_reasoning", "time_since", _dur(at - bricks[0]))
    # productivity
    at = M["e_idle2"][1] - 5
    q.add(at, "Is the lad in orange working right now?", "productivity", "is_working", {"yes_no": False})
    q.add(M["e_idle2"][1] - 2, "How long has the orange-vest worker been idle?", "productivity", "spell_duration",
          _dur(M["e_idle2"][1] - 2 - ev["e_idle0"]))
    q.add(ev["d_break0"] + 12, "Is the bricklayer laying blocks at the moment?", "productivity", "is_working",
          {"yes_no": False})
    q.add(mid("wall4"), "Is the bricklayer working now?", "productivity", "is_working", {"yes_no": True})
    at = M["course3"][1] - 1
    q.add(at, "How long has the bricklayer been on his break?", "productivity", "spell_duration",
          _dur(at - ev["d_break0"]))
    # identity
    q.add(M["f_arrive"][1] - 3, "Is the worker in front of me the same one who was at the wall earlier?", "identity",
          "same_individual", {"yes_no": False})
    q.add(M["end"][1] - 3, "How many different workers have I seen today?", "identity", "count_distinct",
          {"count": ob.count_distinct("worker", M["end"][1] - 3)})
    q.add(M["wall2"][1], "How many people have I seen so far?", "identity", "count_distinct",
          {"count": ob.count_distinct("worker", M["wall2"][1])})
    return q


def roadcrew_questions(ob: Obs, M, ev):
    q = QB("roadcrew_pinhole100", ob)
    mid = lambda k: (M[k][0] + M[k][1]) / 2  # noqa: E731
    _spell_checks(ob, "g_yellow", ev["g_idle0"])
    _spell_checks(ob, "g_yellow", ev["g_idle1"])
    f, z = ob.by_id["f_orange"], ob.by_id["trench"]
    inz = [i / 15.0 for i in range(ob.n) if ob._in_zone(f, z, i / 15.0)]
    zone_in, zone_out = inz[0], inz[-1] + 1 / 15.0
    assert zone_out - zone_in < 60 and ob.visible("f_orange", zone_in) and ob.visible("f_orange", zone_out)
    h_off_seen = ob.first_visible_when("h_green", lambda a, t: not a["hardhat"])
    # directional
    q.direction_of(mid("trench1"), "Which way is the roller?", "roller")
    q.direction_of(mid("g_idle2"), "Which direction is the trench from here?", "trench")
    q.direction_of(M["trench2"][1], "Which way is the green wheelbarrow now?", "wheelbarrow")
    q.things(mid("h2"), "What's on my left right now?", "left")
    q.things(M["end"][1] - 2, "Is there anything behind me?", "behind")
    q.direction_of(mid("wb"), "Remind me which way the trench is.", "trench")
    # object permanence
    q.where(M["recall"][1] - 1, "Where's the wheelbarrow?", "wheelbarrow")
    q.add(M["wb_new"][1], "Is the wheelbarrow still where I first saw it?", "object_permanence", "still_there",
          {"yes_no": False})
    q.add(mid("roller"), "Is the roller still parked where it was?", "object_permanence", "still_there", {"yes_no": True})
    q.where(M["h_nohat"][1], "Where's the worker in the orange vest?", "f_orange")
    # temporal retrieval
    q.add(M["h_nohat"][1], "When did the orange-vest worker go into the trench?", "temporal_retrieval", "event_time",
          _time(zone_in, 4.0))
    q.add(M["g_idle2"][0], "When did the lad in green take his hard hat off?", "temporal_retrieval", "event_time",
          _time(h_off_seen))
    q.add(M["f_in"][1] - 6, "When did I first notice the wheelbarrow?", "temporal_retrieval", "event_time",
          _time(ob.first_seen("wheelbarrow")))
    q.add(M["cones"][0], "When did the yellow-vest worker go idle?", "temporal_retrieval", "event_time",
          _time(ev["g_idle0"]))
    q.add(mid("g_back"), "When did the guy in yellow get back to work?", "temporal_retrieval", "event_time",
          _time(ev["g_idle1"]))
    # temporal reasoning
    q.add(M["cones"][1], "How long was the orange-vest worker down in the trench?", "temporal_reasoning", "state_duration",
          _dur(zone_out - zone_in, 6.0))
    q.add(M["trench2"][0], "How long did the guy in green go without his helmet?", "temporal_reasoning", "state_duration",
          _dur(12.0))
    at = M["f_in"][1] - 2
    q.add(at, "How long ago did I last see the wheelbarrow?", "temporal_reasoning", "time_since",
          _dur(at - ob.last_seen("wheelbarrow", at)))
    q.add(M["g_back"][1], "Did the man in orange climb into the trench before the lad in green took his hat off?",
          "temporal_reasoning", "order", {"yes_no": zone_in < h_off_seen})
    q.add(M["g_back"][1] + 1, "Did the worker in yellow go idle after the one in orange got into the trench?",
          "temporal_reasoning", "order", {"yes_no": ev["g_idle0"] > zone_in})
    # productivity
    q.add(mid("g_idle2"), "Is the worker in the yellow vest working?", "productivity", "is_working", {"yes_no": False})
    at = M["g_idle2"][0] + 10
    q.add(at, "How long has the yellow-vest worker been standing idle?", "productivity", "spell_duration",
          _dur(at - ev["g_idle0"]))
    q.add(mid("roller"), "How long was the worker in yellow idle for?", "productivity", "spell_duration",
          _dur(ev["g_idle1"] - ev["g_idle0"], 5.0))
    q.add(mid("trench1"), "Is the guy in orange cracking on at the moment?", "productivity", "is_working", {"yes_no": True})
    # identity
    q.add(M["end"][1] - 4, "How many cones did I see?", "identity", "count_distinct",
          {"count": ob.count_distinct("cone", M["end"][1] - 4)})
    q.add(mid("h2"), "Is this worker in the green vest the same one I saw at 0:25?", "identity", "same_individual",
          {"yes_no": True})
    q.add(M["end"][1] - 1, "How many different workers were on the job today?", "identity", "count_distinct",
          {"count": ob.count_distinct("worker", M["end"][1] - 1)})
    q.add(mid("g_idle2") + 2, "Is the person in front of me the one who walked past the trench earlier?", "identity",
          "same_individual", {"yes_no": True})
    return q


QUESTIONS = {"roof_pinhole80": roof_questions, "corridor_fisheye130": corridor_questions,
             "roadcrew_pinhole100": roadcrew_questions}
