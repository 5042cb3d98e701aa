"""The three scripted scenarios: world, questions (with what the truth needs) and designed alerts."""
import math

from .truth import query, subj
from .world import Entity, Lens, Scenario, Wearer


def Q(qid, at, text, qu, **kw):
    d = {"id": qid, "at": float(at), "question": text, "query": qu}
    d.update(kw)
    return d


def spell(ent, state, at, which="current", n=None):
    state = "active" if state == "working" else state
    sp = [(a, min(b, at)) for a, b, s in ent.activity if s == state and a <= at]
    if which == "current":
        return (at - sp[-1][0]) if sp and ent.act(at) == state else 0.0
    if which == "last":
        return sp[-1][1] - sp[-1][0]
    if which == "nth":
        return sp[n - 1][1] - sp[n - 1][0]
    return sum(b - a for a, b in sp)


def ahead(wearer, t, fwd, right=0.0):
    y = math.radians(wearer.yaw(t))
    x0, y0 = wearer.pos(t)
    return (x0 + fwd * math.sin(y) + right * math.cos(y), y0 + fwd * math.cos(y) - right * math.sin(y), 0.0)


# ------------------------------------------------------------------ A: brickwork, pinhole
def scenario_a():
    T = 270.0
    wearer = Wearer(
        yaw_keys=[(0, 0), (12, 0), (16, -45), (30, -45), (34, 0), (60, 0), (63, -40), (72, -40), (72.5, -35),
                  (80, -35), (84, 10), (95, 10), (115, 370), (119, 345), (140, 345), (144, 420), (147, 420),
                  (151, 350), (165, 350), (171, 500), (180, 500), (187, 355), (240, 355), (243, 300), (246, 300),
                  (250, 355), (270, 355)],
        pos_keys=[(0, 0.0, 0.0), (270, 0.0, 0.0)])
    wall = Entity("wall1", "brick_wall", "wall", [(0, 0.6, 5.5, 0)], size=(2.6, 0.22, 0),
                  bricks=[(0, 0), (41.5, 0), (41.5001, 1), (100, 20.5), (130, 20.5), (190, 33.0), (270, 40.5)])
    brick = Entity("w_brickie", "worker", "worker", [(0, 1.6, 6.3, 0)], vest="orange", hat="white",
                   activity=[(0, 100, "active"), (100, 130, "idle"), (130, 999, "active")], desc="bricklayer, orange vest, white hat")
    lab = Entity("w_labourer", "worker", "worker", [(0, -4.5, 3.2, 0), (60, -4.5, 3.2, 0), (70, -3.0, 5.0, 0)],
                 vest="yellow", hat="yellow", hat_off=[(75.0, 76.5)],
                 activity=[(0, 60, "active"), (60, 70, "walking"), (70, 118, "active"), (118, 215, "idle"), (215, 999, "active")],
                 desc="labourer, yellow vest, yellow hat")
    vis = Entity("w_visitor", "worker", "worker", [(0, 7.0, 9.0, 0), (205, 7.0, 9.0, 0), (215, 3.0, 8.5, 0), (245, 3.0, 8.5, 0), (258, 9.5, 12.5, 0)],
                 vest="green", hat="blue", present=[(205, 262)],
                 activity=[(205, 215, "walking"), (215, 245, "idle"), (245, 262, "walking")], desc="visitor, green vest, blue hat")
    ents = [wall, brick, lab, vis,
            Entity("scaffold1", "scaffold", "scaffold", [(0, 4.2, 7.5, 0)], size=(2.4, 1.2, 4.0)),
            Entity("ladder1", "ladder", "ladder", [(0, 6.0, 4.2, 0)], size=(0.5, 0.1, 3.0), colour="grey"),
            Entity("pallet1", "pallet", "pallet", [(0, -1.6, 4.6, 0)], size=(1.2, 1.0, 0.5)),
            Entity("mixer1", "cement_mixer", "thing", [(0, -5.6, 2.2, 0)], size=(1.0, 1.0, 1.2), colour="orange"),
            Entity("barrow1", "wheelbarrow", "wheelbarrow", [(0, 3.2, -4.2, 0)], size=(0.7, 1.3, 0.6), colour="green", present=[(-1, 148)]),
            Entity("cone1", "cone", "cone", [(0, -3.0, -5.2, 0)], size=(0.35, 0.35, 0.7), colour="orange"),
            Entity("cone2", "cone", "cone", [(0, -1.2, -6.0, 0)], size=(0.35, 0.35, 0.7), colour="orange"),
            Entity("skip1", "skip", "thing", [(0, -6.5, -1.5, 0)], size=(1.8, 3.5, 1.2), colour="yellow"),
            Entity("toolbox1", "toolbox", "thing", [(0, 6.0, -1.0, 0)], size=(0.6, 0.3, 0.35), colour="red"),
            Entity("portaloo", "", "thing", [(0, 7.0, -5.5, 0)], size=(1.1, 1.1, 2.3), colour="blue"),
            Entity("stack", "", "thing", [(0, -2.5, 9.5, 0)], size=(2.0, 1.0, 1.6), colour="red")]
    sc = Scenario("a_brickwork", "Housing plot 7: ground-floor brickwork", "cam-l-brick",
                  Lens(640, 360, 70.0, "pinhole", pitch_deg=-10.0), wearer, ents, T,
                  tracker="keeps ids", ground={"base": (95, 120, 140), "accent": (240, 240, 240)},
                  pano={"sky": (235, 205, 170), "skyline": "city"}, seed=101)
    L = lab
    W = "worker"
    qs = [
        Q("q01", 28, "Which way's the mixer from where I'm stood?", query("directional", "direction_of", subject=subj("cement_mixer")), eid="mixer1"),
        Q("q02", 45, "Has the brickie got his first brick down yet - when did that go in?",
          query("temporal_retrieval", "event_time", subject=subj("brick_wall"), event="work_unit", unit="brick", ordinal=1), eid="wall1", time=41.5),
        Q("q03", 58, "Is the lad in the yellow vest actually grafting right now?",
          query("productivity", "is_working", subject=subj(W, vest="yellow"), state="working"), eid="w_labourer"),
        Q("q04", 90, "How long did the yellow-vest lad have his hard hat off back there?",
          query("temporal_reasoning", "state_duration", subject=subj(W, vest="yellow"), state="without_ppe", spell="last"), duration=1.5),
        Q("q05", 92, "What's over on my left at the moment?", query("directional", "things_in_direction", direction="left")),
        Q("q06", 112, "When did I first clock the wheelbarrow?",
          query("temporal_retrieval", "event_time", subject=subj("wheelbarrow"), event="first_seen"), eid="barrow1", time=None),
        Q("q07", 125, "Point me towards the ladder.", query("directional", "direction_of", subject=subj("ladder")), eid="ladder1"),
        Q("q08", 128, "The bricklayer - is he knocking off, is he on a break?",
          query("productivity", "is_working", subject=subj(W, role="bricklayer"), state="idle"), eid="w_brickie"),
        Q("q09", 138, "Anything behind me?", query("directional", "things_in_direction", direction="behind")),
        Q("q10", 141, "How long has the lad in yellow been stood about doing nothing?",
          query("productivity", "spell_duration", subject=subj(W, vest="yellow"), state="idle", spell="current"), eid="w_labourer"),
        Q("q11", 160, "Where's the wheelbarrow got to?", query("object_permanence", "where", subject=subj("wheelbarrow")), eid="barrow1"),
        Q("q12", 162, "How long ago did I last see the barrow?",
          query("temporal_reasoning", "time_since", subject=subj("wheelbarrow"), event="last_seen"), eid="barrow1"),
        Q("q13", 176, "Is the wheelbarrow still where it was parked when I first saw it?",
          query("object_permanence", "still_there", subject=subj("wheelbarrow")), yes_no=False,
          note="taken while out of view at 148 s; its empty place seen from ~169 s"),
        Q("q14", 182, "The bricklayer's break earlier, how long did that last?",
          query("productivity", "spell_duration", subject=subj(W, role="bricklayer"), state="idle", spell="last"), eid="w_brickie"),
        Q("q15", 186, "Did the bricklayer take his break before the yellow-vest lad started loafing?",
          query("temporal_reasoning", "order", subject=subj(W, role="bricklayer"), event="went_idle", relation="before",
                other={"subject": subj(W, vest="yellow"), "event": "went_idle", "unit": None, "ordinal": None}), yes_no=True,
          note="bricklayer idle from 100 s, labourer from 118 s"),
        Q("q16", 193, "When did the third course get finished?",
          query("temporal_retrieval", "event_time", subject=subj("brick_wall"), event="work_unit", unit="course", ordinal=3), eid="wall1", time=None),
        Q("q17", 200, "Is the pallet of bricks still sat where it was?",
          query("object_permanence", "still_there", subject=subj("pallet")), yes_no=True),
        Q("q18", 203, "What time did the lad in yellow stop working and start standing around?",
          query("temporal_retrieval", "event_time", subject=subj(W, vest="yellow"), event="went_idle"), eid="w_labourer", time=118.0),
        Q("q19", 222, "When did the fella in the green vest turn up?",
          query("temporal_retrieval", "event_time", subject=subj(W, vest="green"), event="first_seen"), eid="w_visitor", time=None),
        Q("q20", 226, "Yellow vest - back on the tools now or not?",
          query("productivity", "is_working", subject=subj(W, vest="yellow"), state="working"), eid="w_labourer"),
        Q("q21", 228, "How long was the yellow-vest lad idle for that last time?",
          query("productivity", "spell_duration", subject=subj(W, vest="yellow"), state="idle", spell="last"), eid="w_labourer"),
        Q("q22", 236, "Is this bloke in green the same person as the bricklayer?",
          query("identity", "same_individual", subject=subj(W, vest="green"), other={"subject": subj(W, role="bricklayer"), "event": None, "unit": None, "ordinal": None}),
          yes_no=False),
        Q("q23", 248, "Which way is the skip?", query("directional", "direction_of", subject=subj("skip")), eid="skip1"),
        Q("q24", 252, "Where did I last see the toolbox?", query("object_permanence", "where", subject=subj("toolbox")), eid="toolbox1"),
        Q("q25", 255, "How many different workers have I had eyes on today?",
          query("identity", "count_distinct", subject=subj(W)), count=3),
        Q("q26", 258, "How long has the brickie been at it since his break?",
          query("productivity", "spell_duration", subject=subj(W, role="bricklayer"), state="working", spell="current"), eid="w_brickie"),
        Q("q27", 262, "Did the labourer ever go back over to the mixer after he moved away from it?",
          query("temporal_reasoning", "returned", subject=subj(W, role="labourer"),
                other={"subject": subj("cement_mixer"), "event": "first_seen", "unit": None, "ordinal": None}), yes_no=False,
          note="labourer left the mixer at 60 s and stayed by the wall"),
        Q("q28", 264, "Is it going to rain this afternoon?", query("unknown", "unknown")),
        Q("q29", 266, "Sort that lot out, will you?", query("unknown", "unknown")),
        Q("q30", 268, "Where's the cement mixer?", query("object_permanence", "where", subject=subj("cement_mixer")), eid="mixer1"),
    ]
    for q in qs:
        if q["query"]["intent"] == "spell_duration":
            e = sc.ent(q["eid"])
            q["duration"] = spell(e, q["query"]["state"], q["at"], q["query"]["spell"])
    sc.questions = qs
    sc.alerts_designed = [
        {"category": "progress", "subject": "wall1"}, {"category": "progress", "subject": "wall1"},
        {"category": "idle", "subject": "w_labourer"}, {"category": "memory_recall", "subject": "barrow1"}]
    sc.lookalikes = [
        "labourer takes his hard hat off for 1.5 s at 75 s (under the 3 s PPE threshold)",
        "bricklayer idle for 30 s (100-130 s), under the 60 s idle threshold",
        "visitor stands still 30 s (215-245 s) then walks off: a short idle",
        "courses 1, 2 and 4 completed: not a progress stage (first brick and every third course only)",
        "the wall, pallet and mixer come back into view after the full turn: things merely coming back into view",
    ]
    return sc


# ------------------------------------------------------------------ B: trench groundworks, wide fisheye, walking
def scenario_b():
    T = 285.0
    wearer = Wearer(
        yaw_keys=[(0, 0), (8, 0), (12, 60), (16, 60), (20, 90), (24, 90), (28, 0), (60, 0), (64, -70), (70, -70),
                  (74, 0), (130, 0), (134, 80), (140, 80), (144, 0), (200, 0), (205, -150), (212, -150), (218, 0),
                  (240, 0), (242, 40), (245, 0), (285, 0)],
        pos_keys=[(0, 0.0, 0.0), (30, 0.0, 0.0), (45, 0.0, 4.0), (285, 0.0, 4.0)])
    hammer = Entity("hammer1", "hammer", "thing", [(0, 1.8, 0.0, 0)], size=(0.34, 0.12, 0.1), colour="red", held=[(-1, 22)])
    g1 = Entity("w_blue", "worker", "worker",
                [(0, -6.0, 10.5, 0), (95, -6.0, 10.5, 0), (98.5, -2.6, 10.0, 0), (100, -1.0, 9.8, -1.2), (150, -1.0, 9.8, -1.2),
                 (151.5, -2.6, 10.0, 0), (155, -6.0, 10.5, 0)], vest="blue", hat="orange",
                activity=[(0, 95, "active"), (95, 100, "walking"), (100, 150, "active"), (150, 155, "walking"), (155, 999, "active")],
                desc="groundworker, blue vest, orange hat")
    g2 = Entity("w_yellow", "worker", "worker", [(0, 1.5, 14.5, 0)], vest="yellow", hat="white",
                hat_off=[(40.0, 41.2), (170.0, 218.0)],
                activity=[(0, 30, "active"), (30, 118, "idle"), (118, 999, "active")], desc="pipe layer, yellow vest, white hat")
    g3 = Entity("w_green", "worker", "worker", [(0, 6.5, 9.5, 0), (225, 6.5, 9.5, 0), (235, 14.0, 6.0, 0)], vest="green", hat="white",
                present=[(-1, 236)], activity=[(0, 20, "active"), (20, 62, "idle"), (62, 225, "active"), (225, 236, "walking")],
                desc="engineer, green vest, white hat")
    ents = [Entity("trench1", "excavation", "pit", [(0, 0.0, 10.0, 0)], size=(5.0, 2.0, 1.5)),
            hammer, g1, g2, g3,
            Entity("excavator1", "excavator", "excavator", [(0, -10.0, 15.0, 0)], size=(2.5, 4.0, 2.8), colour="yellow"),
            Entity("cone_a", "cone", "cone", [(0, 3.4, 8.2, 0)], size=(0.35, 0.35, 0.7), colour="orange"),
            Entity("cone_b", "cone", "cone", [(0, -3.4, 8.2, 0)], size=(0.35, 0.35, 0.7), colour="orange"),
            Entity("toolbox1", "toolbox", "thing", [(0, 2.5, 1.5, 0)], size=(0.6, 0.3, 0.35), colour="blue"),
            Entity("pallet1", "pallet", "pallet", [(0, -4.0, 3.0, 0)], size=(1.2, 1.0, 0.4)),
            Entity("gen1", "generator", "thing", [(0, 5.0, 2.0, 0)], size=(1.2, 0.8, 0.9), colour="green"),
            Entity("pipes", "", "thing", [(0, -3.0, 15.0, 0)], size=(4.0, 1.0, 0.6), colour="grey"),
            Entity("spoil", "", "thing", [(0, 0.0, 12.8, 0)], size=(5.0, 1.2, 0.9), colour="black")]
    sc = Scenario("b_trench", "Drainage run behind unit 4: open trench", "cam-l-trench",
                  Lens(576, 324, 140.0, "fisheye", pitch_deg=-18.0), wearer, ents, T,
                  tracker="new id after gap", gap_s=4.0, ground={"base": (70, 95, 115), "accent": (40, 200, 230)},
                  pano={"sky": (225, 215, 200), "skyline": "suburb"}, seed=202)
    W = "worker"
    qs = [
        Q("q01", 26, "Where did I just put my hammer down?", query("object_permanence", "where", subject=subj("hammer")), eid="hammer1"),
        Q("q02", 50, "Is the chap in the yellow vest doing anything?",
          query("productivity", "is_working", subject=subj(W, vest="yellow"), state="working"), eid="w_yellow"),
        Q("q03", 58, "When did I set the hammer down?",
          query("temporal_retrieval", "event_time", subject=subj("hammer"), event="dropped"), eid="hammer1", time=22.0),
        Q("q04", 66, "Which side is the digger on?", query("directional", "direction_of", subject=subj("excavator")), eid="excavator1"),
        Q("q05", 80, "How long did the engineer in green stand around earlier?",
          query("productivity", "spell_duration", subject=subj(W, role="engineer", vest="green"), state="idle", spell="last"), eid="w_green"),
        Q("q06", 105, "When did the lad in blue climb down into the trench?",
          query("temporal_retrieval", "event_time", subject=subj(W, vest="blue"), event="entered_zone"), eid="w_blue", time=98.6),
        Q("q07", 110, "How long has the yellow vest been idle now?",
          query("productivity", "spell_duration", subject=subj(W, vest="yellow"), state="idle", spell="current"), eid="w_yellow"),
        Q("q08", 120, "Is my hammer still lying where I left it?",
          query("object_permanence", "still_there", subject=subj("hammer")), yes_no=True),
        Q("q09", 128, "What's in front of me right now?", query("directional", "things_in_direction", direction="front")),
        Q("q10", 138, "Which way's the generator?", query("directional", "direction_of", subject=subj("generator")), eid="gen1"),
        Q("q11", 146, "Is the lad in the yellow vest working now?",
          query("productivity", "is_working", subject=subj(W, vest="yellow"), state="working"), eid="w_yellow"),
        Q("q12", 160, "How long was the blue-vest lad down the trench?",
          query("temporal_reasoning", "state_duration", subject=subj(W, vest="blue"), state="in_zone", spell="last"), duration=52.8),
        Q("q13", 163, "When did he come back up out of the hole - the one in blue?",
          query("temporal_retrieval", "event_time", subject=subj(W, vest="blue"), event="left_zone"), eid="w_blue", time=151.4),
        Q("q14", 166, "Did the blue-vest lad go in the trench before the yellow vest got back to work?",
          query("temporal_reasoning", "order", subject=subj(W, vest="blue"), event="entered_zone", relation="before",
                other={"subject": subj(W, vest="yellow"), "event": "resumed_working", "unit": None, "ordinal": None}), yes_no=True,
          note="entered 98.6 s, yellow resumed 118 s"),
        Q("q15", 190, "When did the yellow-vest fella take his lid off?",
          query("temporal_retrieval", "event_time", subject=subj(W, vest="yellow"), event="ppe_removed"), eid="w_yellow", time=170.0,
          note="the 1.2 s removal at 40 s is not the one; the latest removal is asked about"),
        Q("q16", 196, "How long has the lad in yellow been without his hard hat?",
          query("temporal_reasoning", "state_duration", subject=subj(W, vest="yellow", hardhat=False), state="without_ppe", spell="current"), duration=26.0),
        Q("q17", 209, "Anything off to my right?", query("directional", "things_in_direction", direction="right")),
        Q("q18", 214, "Which way is the toolbox?", query("directional", "direction_of", subject=subj("toolbox")), eid="toolbox1"),
        Q("q19", 222, "Has the blue-vest lad been back in the trench since he climbed out?",
          query("temporal_reasoning", "returned", subject=subj(W, vest="blue"),
                other={"subject": subj("excavation"), "event": "left_zone", "unit": None, "ordinal": None}), yes_no=False),
        Q("q20", 226, "The fella in blue I can see now - same one who was down the trench earlier?",
          query("identity", "same_individual", subject=subj(W, vest="blue"),
                other={"subject": subj(W), "event": "entered_zone", "unit": None, "ordinal": None}), yes_no=True,
          note="tracker gave him new ids after each gap; same clothes, never two in view together"),
        Q("q21", 232, "Is the guy in yellow the same one as the engineer in green?",
          query("identity", "same_individual", subject=subj(W, vest="yellow"), other={"subject": subj(W, role="engineer", vest="green"), "event": None, "unit": None, "ordinal": None}),
          yes_no=False),
        Q("q22", 250, "How long since I last saw the engineer in green?",
          query("temporal_reasoning", "time_since", subject=subj(W, role="engineer", vest="green"), event="last_seen"), eid="w_green"),
        Q("q23", 256, "Where's the engineer gone?", query("object_permanence", "where", subject=subj(W, role="engineer")), eid="w_green"),
        Q("q24", 260, "How many separate people have been working round this trench?",
          query("identity", "count_distinct", subject=subj(W)), count=3),
        Q("q25", 264, "How long ago did I drop the hammer?",
          query("temporal_reasoning", "time_since", subject=subj("hammer"), event="dropped"), eid="hammer1", time=22.0),
        Q("q26", 268, "Is the blue vest working?", query("productivity", "is_working", subject=subj(W, vest="blue"), state="working"), eid="w_blue"),
        Q("q27", 272, "Where is the trench from here?", query("object_permanence", "where", subject=subj("excavation")), eid="trench1"),
        Q("q28", 276, "Can you book me a skip for Tuesday?", query("unknown", "unknown")),
        Q("q29", 280, "What's the score in the match?", query("unknown", "unknown")),
    ]
    for q in qs:
        if q["query"]["intent"] == "spell_duration":
            q["duration"] = spell(sc.ent(q["eid"]), q["query"]["state"], q["at"], q["query"]["spell"])
    sc.questions = qs
    sc.alerts_designed = [
        {"category": "left_behind", "subject": "hammer1"}, {"category": "idle", "subject": "w_yellow"},
        {"category": "exclusion_zone", "subject": "w_blue"}, {"category": "ppe_violation", "subject": "w_yellow"}]
    sc.lookalikes = [
        "yellow-vest worker lifts his hard hat off for 1.2 s at 40 s",
        "engineer in green idle 42 s (20-62 s)",
        "engineer in green works 4 m beyond the trench's end (outside a 1 m zone margin) all along",
        "cones beside the trench (things, not workers)",
        "the blue-vest worker re-appears under new track ids after gaps: one person, not new people",
    ]
    return sc


# ------------------------------------------------------------------ C: steel frame lift, medium fisheye
def scenario_c():
    T = 270.0
    wearer = Wearer(
        yaw_keys=[(0, 0), (10, 0), (14, -40), (30, -40), (34, 0), (38, 0), (41, 50), (54, 50), (57, -25), (95, -25), (100, 0), (112, 0),
                  (116, 90), (122, 90), (126, 0), (135, 0), (139, -45), (154, -45), (158, 55), (175, 55), (179, 0),
                  (200, 0), (204, 55), (215, 55), (219, 0), (230, 0), (250, -360), (262, -360), (264, -330),
                  (266, -360), (270, -360)],
        pos_keys=[(0, 0.0, 0.0), (125, 0.0, 0.0), (135, 0.0, 3.0), (270, 0.0, 3.0)])
    p1 = ahead(wearer, 18.0, 1.8)
    p2 = ahead(wearer, 118.0, 1.8)
    drill = Entity("drill1", "drill", "thing", [(0,) + p1, (117.99,) + p1, (118.0,) + p2], size=(0.26, 0.1, 0.24),
                   colour="yellow", held=[(-1, 18), (38, 118)], held_offset=(0.3, 0.9, 1.15))
    load = Entity("beam1", "suspended_load", "load",
                  [(0, -10, 14, 6), (55, -10, 14, 6), (85, 0.5, 11, 5.5), (95, 0.5, 11, 3.0), (125, 0.5, 11, 3.0),
                   (130, 0.5, 11, 5.5), (160, 12, 16, 6), (175, 12, 16, 6), (200, 4, 22, 5)],
                  size=(3.0, 0.5, 0.4), colour="grey", present=[(50.0, 1e9)])
    s1 = Entity("w_fixer", "worker", "worker", [(0, 0.8, 11.2, 0)], vest="orange", hat="white", desc="steel fixer, orange vest, white hat")
    s2 = Entity("w_banks", "worker", "worker", [(0, -6.0, 4.5, 0)], vest="yellow", hat="blue", hat_off=[(140.0, 176.0)],
                desc="banksman, yellow vest, blue hat")
    s3 = Entity("w_welder", "worker", "worker", [(0, 6.5, 4.5, 0)], vest="blue", hat="yellow",
                activity=[(0, 41, "active"), (41, 53, "idle"), (53, 160, "active"), (160, 250, "idle"), (250, 999, "active")],
                desc="welder, blue vest, yellow hat")
    ents = [drill, load, s1, s2, s3,
            Entity("scaffold1", "scaffold", "scaffold", [(0, -3.0, 15.0, 0)], size=(2.4, 1.2, 4.5)),
            Entity("ladder1", "ladder", "ladder", [(0, 3.0, 14.5, 0)], size=(0.5, 0.1, 3.5)),
            Entity("pallet1", "pallet", "pallet", [(0, 4.5, 9.5, 0)], size=(1.2, 1.0, 0.3)),
            Entity("toolbox1", "toolbox", "thing", [(0, -2.5, 1.0, 0)], size=(0.6, 0.3, 0.35), colour="red"),
            Entity("cone1", "cone", "cone", [(0, 3.0, -3.0, 0)], size=(0.35, 0.35, 0.7), colour="orange"),
            Entity("cone2", "cone", "cone", [(0, -3.5, -3.2, 0)], size=(0.35, 0.35, 0.7), colour="orange"),
            Entity("barrow1", "wheelbarrow", "wheelbarrow", [(0, -6.0, -1.5, 0)], size=(0.7, 1.3, 0.6), colour="blue"),
            Entity("lift1", "scissor_lift", "thing", [(0, 9.0, 9.5, 0)], size=(1.2, 2.4, 2.2), colour="orange"),
            Entity("col1", "", "thing", [(0, -5.0, 12.0, 0)], size=(0.3, 0.3, 6.0), colour="red"),
            Entity("col2", "", "thing", [(0, 5.5, 12.5, 0)], size=(0.3, 0.3, 6.0), colour="red"),
            Entity("col3", "", "thing", [(0, 0.0, 17.0, 0)], size=(0.3, 0.3, 6.0), colour="red")]
    sc = Scenario("c_steel_lift", "Warehouse frame: steel erection with mobile crane", "cam-l-steel",
                  Lens(480, 270, 110.0, "fisheye", pitch_deg=-8.0), wearer, ents, T,
                  tracker="keeps ids", ground={"base": (120, 125, 130), "accent": (30, 220, 240)},
                  pano={"sky": (215, 190, 150), "skyline": "city"}, seed=303)
    W = "worker"
    qs = [
        Q("q01", 24, "Where did I put the drill?", query("object_permanence", "where", subject=subj("drill")), eid="drill1"),
        Q("q02", 32, "Which way's the banksman in yellow?", query("directional", "direction_of", subject=subj(W, role="banksman", vest="yellow")), eid="w_banks"),
        Q("q03", 42, "When did I pick the drill back up?",
          query("temporal_retrieval", "event_time", subject=subj("drill"), event="picked_up"), eid="drill1", time=38.0),
        Q("q04", 50, "Is the welder doing any work?", query("productivity", "is_working", subject=subj(W, role="welder"), state="working"), eid="w_welder",
          note="the welder is the blue-vest worker; not described before, the one the question fits (seen idle)"),
        Q("q05", 260, "What's to my left right now?", query("directional", "things_in_direction", direction="left")),
        Q("q06", 88, "When did the steel first show up on the hook?",
          query("temporal_retrieval", "event_time", subject=subj("suspended_load"), event="first_seen"), eid="beam1", time=None),
        Q("q07", 92, "How long was the welder stood about the first time?",
          query("productivity", "spell_duration", subject=subj(W, role="welder"), state="idle", spell="nth", ordinal=1), eid="w_welder"),
        Q("q08", 108, "Which way is the steel fixer in orange?", query("directional", "direction_of", subject=subj(W, role="steel fixer", vest="orange")), eid="w_fixer"),
        Q("q09", 124, "Where'd I leave the drill this time?", query("object_permanence", "where", subject=subj("drill")), eid="drill1"),
        Q("q10", 148, "Is the banksman actually doing his job right now?",
          query("productivity", "is_working", subject=subj(W, role="banksman"), state="working"), eid="w_banks",
          note="banksman guiding throughout"),
        Q("q11", 153, "When did the banksman take his helmet off?",
          query("temporal_retrieval", "event_time", subject=subj(W, role="banksman"), event="ppe_removed"), eid="w_banks", time=140.0),
        Q("q12", 170, "Is the welder grafting or skiving?", query("productivity", "is_working", subject=subj(W, role="welder"), state="idle"), eid="w_welder"),
        Q("q13", 178, "How long was the banksman without his hard hat?",
          query("temporal_reasoning", "state_duration", subject=subj(W, role="banksman"), state="without_ppe", spell="last"), duration=36.0),
        Q("q14", 182, "Did the banksman take his hat off before the beam went back up?",
          query("temporal_reasoning", "order", subject=subj(W, role="banksman"), event="ppe_removed", relation="before",
                other={"subject": subj("suspended_load"), "event": "moved", "unit": None, "ordinal": None}), yes_no=False,
          note="hat off 140 s; the load was lifted again from 125 s"),
        Q("q15", 186, "How long has the drill been lying there?",
          query("temporal_reasoning", "state_duration", subject=subj("drill"), state="on_ground", spell="current"), duration=68.0),
        Q("q16", 196, "Which way's the scissor lift?", query("directional", "direction_of", subject=subj("scissor_lift")), eid="lift1"),
        Q("q17", 205, "Is the drill still where I set it down?", query("object_permanence", "still_there", subject=subj("drill")), yes_no=True),
        Q("q18", 212, "How long has the welder been idle?",
          query("productivity", "spell_duration", subject=subj(W, role="welder"), state="idle", spell="current"), eid="w_welder"),
        Q("q19", 222, "How long ago did the steel last go past?",
          query("temporal_reasoning", "time_since", subject=subj("suspended_load"), event="last_seen"), eid="beam1"),
        Q("q20", 226, "What have I got behind me?", query("directional", "things_in_direction", direction="behind")),
        Q("q21", 234, "Did the welder go back to where he was stood idle the first time?",
          query("temporal_reasoning", "returned", subject=subj(W, role="welder"),
                other={"subject": subj(W, role="welder"), "event": "went_idle", "unit": None, "ordinal": 1}), yes_no=True,
          note="the welder works and idles on one spot (6.5, 4.5): he never left it, so he is at that place"),
        Q("q22", 240, "Is the lad in orange the same one who was under the beam?",
          query("identity", "same_individual", subject=subj(W, vest="orange"),
                other={"subject": subj("suspended_load"), "event": None, "unit": None, "ordinal": None}), yes_no=True),
        Q("q23", 244, "Is the banksman the same fella as the welder?",
          query("identity", "same_individual", subject=subj(W, role="banksman"), other={"subject": subj(W, role="welder"), "event": None, "unit": None, "ordinal": None}),
          yes_no=False),
        Q("q24", 254, "How many different people have I seen on this lift?", query("identity", "count_distinct", subject=subj(W)), count=3),
        Q("q25", 258, "When did I first see the wheelbarrow?",
          query("temporal_retrieval", "event_time", subject=subj("wheelbarrow"), event="first_seen"), eid="barrow1", time=None),
        Q("q26", 262, "Where's the toolbox?", query("object_permanence", "where", subject=subj("toolbox")), eid="toolbox1"),
        Q("q27", 265, "Has the crane passed its LOLER inspection?", query("unknown", "unknown")),
        Q("q28", 268, "Tell me a joke.", query("unknown", "unknown")),
    ]
    for q in qs:
        if q["query"]["intent"] == "spell_duration":
            qq = q["query"]
            q["duration"] = spell(sc.ent(q["eid"]), qq["state"], q["at"], qq["spell"], qq["ordinal"])
    sc.questions = qs
    sc.alerts_designed = [
        {"category": "safety_alert", "subject": "w_fixer"}, {"category": "ppe_violation", "subject": "w_banks"},
        {"category": "left_behind", "subject": "drill1"}, {"category": "idle", "subject": "w_welder"}]
    sc.lookalikes = [
        "drill set down at 18 s and picked up again at 38 s (out of view well under 30 s)",
        "welder idle 12 s (41-53 s)",
        "second lift (160-200 s) swings the load over empty ground, more than 6 m from every worker",
        "the load is lifted back up and moved off while the fixer is still near: same situation, one alert",
    ]
    return sc


def all_scenarios():
    return [scenario_a(), scenario_b(), scenario_c()]
