"""The four scenarios of family B: world scripts and questions with truth."""
from __future__ import annotations

from .lens import Lens
from .truth import Q
from .world import BRICKS_PER_COURSE, Ent, Motion, Scenario


def worker(wid, name, pos, vest, hat="white", attrs=(), w=0.8, h=1.8, present=None):
    base = {"hardhat": True, "vest": vest, "hat_colour": hat, "activity": "active"}
    return Ent(wid, "worker", w, h, pos, attrs=[(0.0, base)] + list(attrs), name=name,
               present=present)


def thing(tid, label, w, h, b, d, colour, name, **kw):
    ent = Ent(tid, label, w, h, kw.pop("pos", [(0.0, b, d)]), name=name, **kw)
    ent.attrs = [(0.0, {"colour": colour})] + ent.attrs
    return ent


def brick_times(spells, period=3.0, offset=0.0):
    out = []
    for a, b in spells:
        t = a + offset
        while t < b:
            out.append(round(t, 2))
            t += period
    return out


def held_attrs(held):
    """'held' attribute changes for a tool carried by the wearer."""
    out = []
    for tp, td in held:
        out.append((max(tp, 0.0), {"held": True}))
        out.append((td + 1.0, {"held": False}))
    return out


# =============================================================== yard_pinhole70
def yard(quick=False):
    dur = 300.0
    keys = [(0, 0), (12, 0), (15, 12), (17, -12), (20, 0), (30, 0), (34, -60), (45, -60), (48, -45),
            (52, -62), (60, -60), (63, 60), (70, 50), (76, 70), (82, 60), (90, 60), (92, 0), (112, 0),
            (115, 110), (122, 110), (125, 60), (150, 60), (158, 420), (175, 420), (179, 540),
            (187, 540), (190.5, 360), (205, 360), (208.5, 540), (212, 540), (215.5, 360), (245, 360),
            (250, 300), (262, 300), (268, 420), (275, 410), (285, 420), (289, 360), (300, 360)]
    motion = Motion(keys, walks=[(64, 90), (268, 285)], seed=11)
    bricks = brick_times([(20, 200), (242, 300)])
    ents = [
        Ent("wall1", "brick_wall", 3.0, 1.0, [(0, -10, 8)], bricks=bricks, name="the brick wall"),
        worker("w1", "bricklayer (orange vest, white hat)", [(0, 35, 9), (12, 8, 7)], "orange", "white",
               [(0, {"activity": "walking"}), (12, {"activity": "active"}),
                (104, {"hardhat": False}), (105, {"hardhat": True}),
                (200, {"activity": "idle"}), (240, {"activity": "active"})]),
        worker("w2", "labourer (yellow vest, yellow hat)", [(0, 60, 10)], "yellow", "yellow",
               [(140, {"hardhat": False}), (170, {"hardhat": True})]),
        worker("w3", "worker (green vest, blue hat)", [(0, -135, 12)], "green", "blue"),
        worker("w4", "visitor (orange vest, red hat)", [(0, 100, 12), (228, 100, 12), (236, 80, 10)],
               "orange", "red", [(228, {"activity": "walking"}), (236, {"activity": "idle"})],
               present=[(228, 1e9)]),
        thing("ladder1", "ladder", 0.7, 3.0, 125, 6, "silver", "the ladder"),
        thing("hammer1", "hammer", 0.35, 0.4, 112, 3.5, "black", "the wearer's hammer",
              held=[(120, 183), (210, 1e9)]),
        thing("drill1", "drill", 0.45, 0.4, 0, 3.5, "yellow", "the wearer's drill", held=[(0, 57)]),
        thing("toolbox1", "toolbox", 0.7, 0.5, -72, 5, "red", "the red toolbox"),
        thing("cone1", "cone", 0.4, 0.7, 170, 8, "orange", "cone"),
        thing("cone2", "cone", 0.4, 0.7, -150, 8, "orange", "cone"),
        thing("pallet1", "pallet", 1.2, 1.0, -115, 9, "brown", "pallet of blocks"),
    ]
    for e in ents:
        if e.held:
            e.attrs += held_attrs(e.held)
    # w4 idles 236-300 = 64 s but is out of view at its start; keep it short of 60 s
    ents[4].attrs.append((286, {"activity": "active"}))
    sc = Scenario("yard_pinhole70", dur, Lens("pinhole", 70, 640, 360), motion, ents, "yard", 101,
                  description="Open yard: a bricklayer builds a wall in front, a labourer in yellow "
                              "works to the right and takes his hard hat off for 30 s; the wearer "
                              "sets down a drill and walks off (left behind), and sets down a hammer "
                              "that he comes back for 20 s later.")
    sc.lookalikes = [
        "the hammer lying by the ladder from the start (never set down by the wearer) is out of view "
        "for long stretches: no left_behind",
        "the drill comes back into view where it was left at ~247 s: no memory_recall",
    ]
    q = Q(sc)
    q.time(25, "When was the first brick laid?", bricks[0])
    q.direction_of(40, "Which way is the bricklayer from me?", "w1")
    q.in_direction(56, "What's on my right?", "right")
    q.direction_of(62, "Where did I put my drill?", "drill1", "object_permanence", "where")
    q.dur(95, "How long ago did I set the drill down?", 95 - 57.5, "time_since")
    q.yes(88, "Is the lad in the yellow vest working right now?", True, "productivity", "is_working")
    q.time(115, "When did they finish the third course of bricks?", bricks[3 * BRICKS_PER_COURSE - 1])
    q.direction_of(118, "point me to the ladder", "ladder1")
    q.yes(130, "Did the first brick go down before I put my drill down?", True, "temporal_reasoning", "order")
    q.time(140 + 20, "When did the guy in yellow take his hard hat off?", 140.0)
    q.dur(176, "How long was the yellow-vest worker without his helmet?", 30.0, "state_duration")
    q.time(150, "When did I pick up the hammer?", 120.0)
    q.yes(166, "Did the yellow-vest lad take his lid off after the third course was finished?", True,
          "temporal_reasoning", "order")
    q.in_direction(186, "What's in front of me?", "front")
    q.direction_of(200, "where's my hammer?", "hammer1", "object_permanence", "where")
    q.yes(200, "Is my drill still where I left it?", True, "object_permanence", "still_there")
    q.dur(222, "How long did the hammer lie on the ground?", 210.0 - 184.0, "state_duration")
    q.yes(225, "Is the bricklayer working at the moment?", False, "productivity", "is_working")
    q.dur(235, "How long has the bricklayer been standing about?", 35.0, "spell_duration", "productivity")
    q.in_direction(240, "anything behind me?", "behind")
    q.time(250, "When did the bricklayer get back to work?", 240.0)
    q.dur(256, "How long was the brickie idle for?", 40.0, "spell_duration", "productivity")
    q.direction_of(258, "where's my drill now?", "drill1", "object_permanence", "where")
    q.yes(276, "Is the orange-vest worker with the red helmet the same person who was laying bricks?",
          False, "identity", "same_individual")
    q.yes(281, "Is the worker in the yellow vest ahead the same one I saw at 1:20?", True,
          "identity", "same_individual")
    q.count(295, "How many different workers have I seen so far?", "worker")
    q.dur(298, "How long ago did I last see the drill?", 298 - sc.last_seen("drill1", 298), "time_since")
    q.time(140, "When did the bricklayer first show up?", sc.first_seen("w1"))
    q.time(296, "When was the sixth course finished?", bricks[6 * BRICKS_PER_COURSE - 1])
    q.direction_of(120, "Which way is the red toolbox?", "toolbox1")
    q.in_direction(100, "what's on my left?", "left")
    q.count(296, "How many cones have I passed?", "cone")
    return sc, q




# ============================================================= trench_fisheye120
def trench(quick=False):
    dur = 330.0
    keys = [(0, 0), (10, 0), (18, 360), (30, 360), (34, 510), (45, 510), (50, 260), (75, 260), (80, 360),
            (115, 360), (120, 510), (125, 500), (130, 510), (135, 360), (150, 360), (160, 0), (165, -100),
            (200, -100), (202.5, 0), (206, 0), (208.5, -100), (240, -100), (245, -90), (250, -100),
            (255, -100), (260, -210), (275, -210), (280, -360), (290, -350), (300, -360), (305, -460),
            (330, -460)]
    motion = Motion(keys, walks=[(120, 130), (240, 250), (280, 300)], seed=22)
    ents = [
        Ent("exc1", "excavation", 6.0, 2.0, [(0, 0, 9)], z0=-1.0, name="the excavation"),
        worker("w1", "groundworker (orange vest, white hat)",
               [(0, 50, 8), (90, 50, 8), (98, 2, 9), (140, 2, 9), (150, 50, 8)], "orange", "white",
               [(90, {"activity": "walking"}), (96, {"in_zone": True}),
                (98, {"activity": "active", "in_pit": True}), (140, {"activity": "walking"}),
                (143, {"in_zone": False, "in_pit": False}), (150, {"activity": "active"})]),
        worker("w2", "labourer (yellow vest, blue hat)", [(0, -100, 9)], "yellow", "blue",
               [(60, {"activity": "idle"}), (100, {"activity": "active"}),
                (170, {"activity": "idle"}), (260, {"activity": "active"})]),
        worker("w3", "worker (green vest, yellow hat)", [(0, 170, 11)], "green", "yellow"),
        worker("w4", "newcomer (yellow vest, white hat)", [(0, -75, 12), (285, -75, 12), (295, -36, 12)],
               "yellow", "white", [(285, {"activity": "walking"}), (295, {"activity": "active"})],
               present=[(285, 1e9)]),
        thing("wb1", "wheelbarrow", 1.4, 0.8, 150, 7, "green", "the green wheelbarrow", present=[(0, 200)]),
        thing("ladder1", "ladder", 0.7, 3.0, 100, 6, "silver", "the ladder"),
        thing("toolbox1", "toolbox", 0.7, 0.5, -60, 5, "red", "the red toolbox"),
        thing("pallet1", "pallet", 1.2, 1.0, -160, 10, "brown", "pallet"),
        thing("cone1", "cone", 0.4, 0.7, -28, 8, "orange", "cone"),
        thing("cone2", "cone", 0.4, 0.7, 28, 8, "orange", "cone"),
    ]
    sc = Scenario("trench_fisheye120", dur, Lens("fisheye", 120, 640, 360), motion, ents, "trench", 202,
                  description="Trench works: a groundworker climbs into the excavation for ~45 s, a "
                              "labourer in yellow takes a 40 s break and later a 90 s one, the green "
                              "wheelbarrow is taken while the wearer looks away and he later looks back "
                              "at its place; a second yellow-vest worker arrives near the end.")
    sc.lookalikes = [
        "the wheelbarrow comes back into view unchanged at ~117-130 s and ~150-160 s: no memory_recall",
        "w1 walks along the excavation's edge before stepping in at 96 s; other workers stay >= 18 deg outside "
        "the excavation's span: no other exclusion_zone",
    ]
    q = Q(sc)
    q.in_direction(25, "Is there anything on my right?", "right")
    q.direction_of(40, "Which way is the trench?", "exc1")
    q.yes(55, "Is the guy in the yellow vest working?", True, "productivity", "is_working")
    q.dur(74, "How long has the yellow-vest worker been idle?", 14.0, "spell_duration", "productivity")
    q.time(95, "When did the yellow-vest worker first go idle?", 60.0)
    q.in_direction(100, "What's behind me?", "behind")
    q.time(110, "When did the groundworker go into the trench?", 97.0)
    q.yes(138, "Is the lad in orange working?", True, "productivity", "is_working")
    q.direction_of(135, "where's the wheelbarrow?", "wb1", "object_permanence", "where")
    q.dur(152, "How long was the orange-vest worker inside the excavation?", 44.5, "state_duration",
          tol=5.0)
    q.time(154, "When did the guy in orange climb out of the hole?", 141.5)
    q.yes(160, "Did the orange-vest worker get into the trench before the yellow-vest lad first took a break?",
          False, "temporal_reasoning", "order")
    q.direction_of(180, "which way is the excavation from here?", "exc1")
    q.yes(190, "Is the wheelbarrow still where it was?", True, "object_permanence", "still_there")
    q.dur(200, "How long ago did I last see the ladder?", 200 - sc.last_seen("ladder1", 200), "time_since")
    q.dur(228, "How long has the bloke in yellow been slacking?", 58.0, "spell_duration", "productivity")
    q.direction_of(240, "Where's the wheelbarrow got to?", "wb1", "object_permanence", "where")
    q.count(245, "How many cones have I seen?", "cone")
    q.yes(250, "Is the yellow-vest worker working?", False, "productivity", "is_working")
    q.in_direction(268, "what's in front of me?", "front")
    q.yes(270, "Is the wheelbarrow still where it was earlier?", False, "object_permanence", "still_there")
    q.time(275, "When did I last see the wheelbarrow?", sc.last_seen("wb1", 275))
    q.in_direction(286, "What's on my left?", "left")
    q.yes(297, "Is the worker in the yellow vest I can see now the same one who was idle before?", False,
          "identity", "same_individual")
    q.dur(300, "How long ago did I last see the wheelbarrow?", 300 - sc.last_seen("wb1", 300), "time_since")
    q.time(20, "When did I first see the wheelbarrow?", sc.first_seen("wb1"))
    q.direction_of(60, "Where's the toolbox?", "toolbox1", "object_permanence", "where")
    q.yes(318, "Is the guy in yellow in front of me the same one who took a break earlier?", True,
          "identity", "same_individual")
    q.count(325, "How many different workers have been on site?", "worker")
    q.direction_of(328, "which way's the ladder?", "ladder1")
    q.time(315, "When did the newcomer in the yellow vest with the white hat arrive?", sc.first_seen("w4"))
    return sc, q


# ========================================================= tower_crane_pinhole100
def tower(quick=False):
    dur = 360.0
    keys = [(0, 0), (20, 0), (28, 360), (40, 360), (44, 285), (60, 285), (66, 330), (80, 335), (95, 350),
            (110, 375), (135, 375), (139, 460), (150, 460), (154, 380), (170, 395), (190, 420),
            (195, 285), (215, 290), (225, 280), (235, 285), (262, 285), (267, 460), (275, 460),
            (279, 510), (330, 510), (337, 150), (345, 160), (352, 145), (360, 150)]
    motion = Motion(keys, walks=[(215, 235), (337, 360)], seed=33)
    ents = [
        thing("load1", "suspended_load", 2.5, 1.2, 0, 14, "grey", "the suspended load (steel bundle)",
              pos=[(0, -40, 14), (60, -40, 14), (110, 18, 14), (150, 18, 14), (190, 75, 14)], z0=5.0),
        worker("w1", "steel fixer (orange vest, white hat)", [(0, 20, 14)], "orange", "white",
               [(106, {"under_load": True}), (154, {"under_load": False})]),
        worker("w2", "banksman (yellow vest, orange hat)", [(0, -75, 10)], "yellow", "orange",
               [(200, {"activity": "idle"}), (290, {"activity": "active"})]),
        worker("w3", "labourer (green vest, yellow hat)", [(0, 150, 9)], "green", "yellow",
               [(300, {"hardhat": False}), (340, {"hardhat": True})]),
        worker("w4", "visitor (no vest, white hat)",
               [(0, -170, 12), (40, -140, 12), (80, -170, 12), (120, -140, 12), (160, -170, 12),
                (200, -140, 12), (240, -170, 12), (280, -140, 12), (320, -170, 12), (360, -140, 12)],
               "none", "white", [(0, {"activity": "walking"})]),
        thing("ladder1", "ladder", 0.7, 3.0, 0, 6, "silver", "the ladder",
              pos=[(0, 100, 6), (165, 100, 6), (165.01, 200, 7)]),
        thing("toolbox1", "toolbox", 0.7, 0.5, 120, 5, "red", "the red toolbox"),
        thing("scaffold1", "scaffold", 8.0, 7.0, -150, 14, "silver", "the scaffold"),
        thing("pallet1", "pallet", 1.2, 1.0, 45, 9, "brown", "pallet"),
        thing("cone1", "cone", 0.4, 0.7, -20, 7, "orange", "cone"),
    ]
    sc = Scenario("tower_crane_pinhole100", dur, Lens("pinhole", 100, 960, 540), motion, ents, "tower", 303,
                  description="Tower crane lift: the load hangs well away from the banksman, then slews "
                              "over the steel fixer (safety), the ladder is moved while the wearer looks "
                              "away (memory recall), the banksman idles 90 s, a labourer works 40 s "
                              "without his hard hat; a visitor without a vest wanders by the scaffold.")
    sc.lookalikes = [
        "0-60 s: the load hangs at bearing -40, 35 deg from the banksman (about 6 m away): no safety_alert",
        "150-190 s: the load slews from 18 to 75 deg over the pallet, nobody under it: no safety_alert",
        "visitor w4 has no vest but wears a hard hat (default rule is hard hat only): no ppe_violation",
        "the toolbox and scaffold come back into view unchanged many times: no memory_recall",
    ]
    q = Q(sc)
    q.direction_of(15, "Which way is the crane load?", "load1")
    q.in_direction(32, "What's behind me?", "behind")
    q.in_direction(50, "What's on my right?", "right")
    q.yes(55, "Is the banksman in the yellow vest working?", True, "productivity", "is_working")
    q.time(100, "When did I first see the steel fixer?", sc.first_seen("w1"))
    q.direction_of(105, "Which way is the banksman?", "w2")
    q.yes(125, "Is the steel fixer working?", True, "productivity", "is_working")
    q.direction_of(145, "Point me to the suspended load", "load1")
    q.in_direction(148, "What's on my left?", "left")
    q.direction_of(160, "Where's the ladder?", "ladder1", "object_permanence", "where")
    q.time(190, "When did I last see the ladder?", sc.last_seen("ladder1", 190))
    q.time(210, "When did the banksman go idle?", 200.0)
    q.in_direction(230, "anything behind me?", "behind")
    q.dur(240, "How long has the yellow-vest banksman been standing idle?", 40.0, "spell_duration",
          "productivity")
    q.yes(250, "Is the rigger in yellow working right now?", False, "productivity", "is_working")
    q.yes(250, "Did the steel fixer show up before the banksman?", True, "temporal_reasoning", "order")
    q.dur(255, "How long has the banksman been idle?", 55.0, "spell_duration", "productivity")
    q.direction_of(270, "Where's the ladder?", "ladder1", "object_permanence", "where")
    q.dur(268, "How long ago did I last see the ladder?", 268 - sc.last_seen("ladder1", 268), "time_since")
    q.yes(290, "Is the ladder still where I first saw it?", False, "object_permanence", "still_there")
    q.time(315, "When did the labourer in green take his hard hat off?", 300.0)
    q.time(320, "When did the load first appear?", sc.first_seen("load1"))
    q.yes(330, "Is the lad in green working?", True, "productivity", "is_working")
    q.yes(342, "Is the worker in the green vest the same one I saw at the start?", True, "identity",
          "same_individual")
    q.dur(345, "How long was the green-vest worker without a hard hat?", 40.0, "state_duration")
    q.count(355, "How many different workers did I see?", "worker")
    q.count(358, "How many ladders have I seen?", "ladder", n=1)
    q.yes(300, "Is the toolbox still where it was first seen?", True, "object_permanence", "still_there")
    q.direction_of(356, "which way is the scaffold from me?", "scaffold1")
    return sc, q


# ============================================================= fitout_fisheye140
def fitout(quick=False):
    dur = 292.0
    keys = [(0, 0), (20, 0), (28, -360), (45, -360), (48, -400), (68, -400), (70, -398), (74, -200),
            (80, -205), (90, -195), (100, -200), (105, -200), (110, -290), (125, -290), (130, -400),
            (137, -400), (140, -290), (160, -290), (167, -280), (175, -290), (180, -290), (184, -200),
            (258, -200), (261, -120), (268, -120), (274, -394), (279, -394), (283, -360), (292, -360)]
    motion = Motion(keys, walks=[(80, 100), (160, 175)], seed=44)
    bricks = brick_times([(30, 292)], period=3.5)
    ents = [
        thing("scaffold1", "scaffold", 8.0, 7.0, 0, 12, "silver", "the scaffold"),
        Ent("wall2", "brick_wall", 3.0, 1.0, [(0, -60, 7)], bricks=bricks, name="the blockwork wall"),
        worker("w1", "bricklayer (green vest, white hat)", [(0, -45, 7)], "green", "white",
               [(50, {"hardhat": False}), (52, {"hardhat": True})]),
        worker("w2", "fitter (orange vest, yellow hat)", [(0, 70, 8)], "orange", "yellow",
               [(150, {"hardhat": False}), (185, {"hardhat": True})]),
        worker("w3", "labourer (yellow vest, blue hat)", [(0, 160, 9)], "yellow", "blue",
               [(60, {"activity": "idle"}), (100, {"activity": "active"}),
                (186, {"activity": "idle"}), (254, {"activity": "active"})]),
        worker("w4", "second fitter (orange vest, white hat)", [(0, -180, 10), (200, -180, 10), (210, -150, 10)],
               "orange", "white", [(200, {"activity": "walking"}), (210, {"activity": "active"})],
               present=[(200, 1e9)]),
        thing("toolbox1", "toolbox", 0.7, 0.5, -120, 5, "red", "the red toolbox", present=[(0, 140)]),
        thing("hammer1", "hammer", 0.35, 0.4, 0, 3.5, "black", "the wearer's hammer",
              held=[(0, 70), (277, 1e9)]),
        thing("ladder1", "ladder", 0.7, 3.0, 110, 6, "silver", "the ladder"),
        thing("pallet1", "pallet", 1.2, 1.0, -160, 9, "brown", "pallet of blocks"),
        thing("cone1", "cone", 0.4, 0.7, 30, 6, "orange", "cone"),
    ]
    for e in ents:
        if e.held:
            e.attrs += held_attrs(e.held)
    sc = Scenario("fitout_fisheye140", dur, Lens("fisheye", 140, 640, 360), motion, ents, "fitout", 404,
                  description="Fit-out courtyard: blockwork wall built course by course, the wearer sets "
                              "his hammer down and walks off (left behind; it is still there later), a "
                              "fitter works 35 s without his hard hat, a labourer idles 40 s and later "
                              "68 s, the red toolbox disappears while unseen (memory recall).")
    sc.lookalikes = [
        "the hammer left behind at 70 s comes back into view unchanged at ~127-137 s (already alerted "
        "as left_behind; no memory_recall)",
        "courses 1, 2, 4, 5 finish without a progress alert (stages are every third course)",
    ]
    q = Q(sc)
    q.time(35, "When was the first brick laid?", bricks[0])
    q.direction_of(40, "Which way is the bricklayer?", "w1")
    q.in_direction(60, "what's to my right?", "right")
    q.count(60, "How many cones are there?", "cone")
    q.direction_of(80, "Where did I leave my hammer?", "hammer1", "object_permanence", "where")
    q.dur(100, "How long ago did I put the hammer down?", 100 - 70.5, "time_since")
    q.yes(90, "Is the bricklayer working?", True, "productivity", "is_working")
    q.yes(118, "Is the guy in orange working?", True, "productivity", "is_working")
    q.time(120, "When did I first see the worker in yellow?", sc.first_seen("w3"))
    q.time(135, "When did the third course go on?", bricks[3 * BRICKS_PER_COURSE - 1])
    q.yes(145, "Is my hammer still where I put it?", True, "object_permanence", "still_there")
    q.in_direction(150, "What's on my left?", "left")
    q.dur(170, "How long has the orange-vest worker been without his hard hat?", 20.0, "state_duration")
    q.dur(175, "How long ago did I last see the toolbox?", 175 - sc.last_seen("toolbox1", 175), "time_since")
    q.time(190, "When did the orange-vest guy take his helmet off?", 150.0)
    q.direction_of(200, "Where's the toolbox?", "toolbox1", "object_permanence", "where")
    q.direction_of(210, "Which way is the scaffold?", "scaffold1")
    q.dur(225, "How long has the lad in yellow been idle?", 39.0, "spell_duration", "productivity")
    q.yes(230, "Did the orange-vest worker take his hard hat off before the third course was finished?",
          False, "temporal_reasoning", "order")
    q.yes(240, "Is the worker in the yellow vest doing any work?", False, "productivity", "is_working")
    q.in_direction(250, "What's in front of me?", "front")
    q.yes(265, "Is the red toolbox still where it was?", False, "object_permanence", "still_there")
    q.direction_of(266, "Where did the toolbox go?", "toolbox1", "object_permanence", "where")
    q.yes(267, "Is the guy in the orange vest over there the same one who took his helmet off?", False,
          "identity", "same_individual")
    q.time(270, "When did the yellow-vest worker get back to work?", 254.0)
    q.dur(280, "How long was the yellow-vest worker idle?", 68.0, "spell_duration", "productivity")
    q.time(286, "When did I pick the hammer back up?", 277.0)
    q.count(285, "How many workers have I seen?", "worker")
    q.yes(288, "Is the worker in green the same one I saw laying bricks at the start?", True, "identity",
          "same_individual")
    return sc, q


SCENARIOS = {"yard_pinhole70": yard, "trench_fisheye120": trench,
             "tower_crane_pinhole100": tower, "fitout_fisheye140": fitout}
