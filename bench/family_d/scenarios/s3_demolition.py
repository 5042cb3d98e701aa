"""S3 - demolition yard with plant, wide equidistant fisheye (120 deg), 800x450, overcast.

The wearer is the site supervisor carrying a claw hammer.  An excavator tracks along the
half-demolished block, a dumper stands parked, a bricklayer rebuilds the boundary wall,
labourers sort rubble and set out cones round the old basement hole.  The wearer walks
between two stations and back.
"""
from __future__ import annotations

import numpy as np

from .. import textures as T
from ..camera import Lens
from ..sim import Eased, Head, Path, Scenario, Steps, Walker, Wearer
from ..world import BoxWorld
from .common import polar, thing, worker

NAME = "demolition_yard_fisheye"
COST = 1.6  # relative render cost (orders the jobs)
CAMERA = "famd-demo-03"
X0, X1, Z0, Z1 = -30.0, 30.0, -25.0, 35.0
HOLE = (-12.0, -8.0, 18.0, 22.0)
C_STATION = (-5.0, 12.0)


def world():
    rng = np.random.RandomState(303)
    ppm = 40
    floor = T.yard_floor(X1 - X0, Z1 - Z0, ppm, rng, "demo")
    T.paint_excavation(floor, HOLE, X0, Z1, ppm, rng)
    floor = T.to_u8(floor)
    layout = [(0, 60, "ruin", {}), (62, 90, "containers", {"stack": 2}), (90, 120, "hoarding", {"col": (40, 110, 40)}),
              (120, 150, "building", {"h": 9, "col": (140, 150, 165)}), (150, 180, "hoarding", {"col": (40, 110, 40)}),
              (180, 215, "trees", {}), (215, 240, "building", {"h": 13, "col": (160, 160, 160)}),
              (60, 62, "hoarding", {"col": (40, 110, 40)})]
    walls = T.yard_walls(240, 20, 20, rng, layout)
    sky = T.sky(1440, 360, rng, overcast=0.9)
    return BoxWorld(X0, X1, Z0, Z1, floor, ppm, walls, 20, 20, sky_tex=sky)


def build():
    D = 330.0
    h = Head(0.0)
    h.hold(2).to(40, 3).hold_until(14)                       # dumper and excavator (W4 passes the dumper 7-10 s)
    h.glance(-70, out=1.1, stay=0.4, back=1.1)
    h.hold_until(17).to(-30, 4).hold_until(30)
    h.pan(360, 18)                                           # full turn right 30-48
    h.to(480, 4).hold_until(65)                              # bricklayer (first brick 55); hammer down at 64
    h.to(330, 3).hold_until(86)                              # walk over to watch W2 move a cone
    h.to(480, 3).hold_until(100)                             # back to the hammer, pick up at 94
    h.to(720, 5).hold_until(126)                             # north: W2 idles 100-145
    h.to(840, 3).hold_until(138)                             # course 3 at ~131.5
    h.to(945, 3).hold_until(146)                             # where the wheelbarrow was (taken at 120)
    h.to(1080, 4).hold_until(179.5)                          # north: W2 next to the moving excavator; hammer down 178
    h.to(1057, 1.5).hold_until(193)                          # walk to station C
    h.to(1048, 2).hold_until(215).glance(60, out=0.9, stay=0.5, back=0.9).hold_until(235) \
        .pan(-20, 4).hold_until(248).pan(20, 4).hold_until(262)
    h.to(877, 4).hold_until(283)                             # walk back, pick the hammer up at 282
    h.pan(-360, 16).hold_until(305).glance(-65, out=0.95, stay=0.5, back=0.95).hold_until(D)   # full turn left
    pitch = Eased([(0, -5), (62, -5), (63, -48), (65, -48), (66, -5), (92, -5), (93, -48), (95, -48), (96, -5),
                   (176, -5), (177, -48), (179, -48), (180, -5), (279, -5), (280, -45), (282.5, -45), (283.5, -5),
                   (D, -5)])
    wk = Walker(0, 0).wait_until(66).walk_to(-2, 4, 1.0).wait_until(88).walk_to(0, 0, 1.0) \
        .wait_until(180).walk_to(*C_STATION, speed=1.0).wait_until(266).walk_to(-0.5, 1.6, 1.0)
    wearer = Wearer(path=wk.path(), head=h, pitch=pitch, seed=3)

    ents = []
    # ---------------------------------------------------------------- plant
    exc = Path([(0, 4, 17), (12, 8, 17), (40, 8, 17), (55, 12, 17), (150, 12, 17), (170, 2, 17), (230, 2, 17),
                (250, 6, 17), (330, 6, 17)])
    ents.append(thing("excavator", "excavator", 0, 0, path=exc, plant=True, colour="yellow"))
    ents.append(thing("dumper", "dumper", 10.0, 4.0, plant=True, colour="orange"))
    # ---------------------------------------------------------------- people
    ents.append(worker("w1", "banksman", "orange", "orange", Path([(0, 7.0, 9.0)]), Steps("active"),
                       skin=1, trousers="black", height=1.80))
    w2 = Walker(0, 8).wait_until(68).walk_to(-3, 10.4, 1.3).wait_until(72).walk_to(-5.5, 14.0, 1.3).wait_until(77) \
        .walk_to(-5.5, 8.5, 1.3).walk_to(0, 8, 1.3).wait_until(151).walk_to(4.5, 14.5, 1.3).wait_until(164) \
        .walk_to(0, 8, 1.3)
    ents.append(worker("w2", "labourer", "yellow", "white", w2.path(), Steps("active", [(104, "idle"), (151, "active")]),
                       skin=0, trousers="khaki", height=1.75))
    w3 = Walker(-8, 10).wait_until(246).walk_to(-9.5, 19.5, 1.0).wait_until(290).walk_to(-8, 10, 1.0)
    ents.append(worker("w3", "second labourer", "yellow", "yellow", w3.path(), Steps("active"), skin=4,
                       trousers="navy", height=1.70, build=1.1))
    w4 = Walker(22, 3).walk_to(10.6, 5.6, 1.3).walk_to(7.8, 8.4, 1.3).wait_until(30).walk_to(29, 2, 1.3)
    ents.append(worker("w4", "foreman", "orange", "white", w4.path(), Steps("idle"), present=Steps(True, [(50.0, False)]),
                       skin=3, trousers="grey", glasses=True))
    ents.append(worker("w5", "bricklayer", "green", "blue", Path([(0, 8.0, -5.5)]), Steps("active"), skin=2,
                       trousers="navy"))
    w6 = Walker(-29, 14).wait_until(180).walk_to(-9, 13, 1.3).wait_until(275).walk_to(-29, 14, 1.3)
    ents.append(worker("w6", "rubble sorter", "yellow", "white", w6.path(), Steps("idle"),
                       present=Steps(False, [(180.0, True), (295.0, False)]), skin=1, trousers="brown", beard=True,
                       height=1.82))
    # ---------------------------------------------------------------- things
    laid = [55.0 + 4.5 * k for k in range(30)]
    ents.append(thing("wall", "brick_wall", 6.2, -6.0, kind="brick_wall", bricks=laid, per_course=6, courses_max=6,
                      wall=((5.0, -6.0), (7.4, -6.0))))
    ents.append(thing("hole", "excavation", -10.0, 20.0, footprint=HOLE))
    ents.append(thing("ladder", "ladder", -8.4, 20.0, path=Path([(0, -8.4, 20.0, -1.5)])))
    ents.append(thing("cone1", "cone", 0, 0, colour="orange", path=Path([(0, -3, 11), (72, -3, 11), (77, -5.3, 14.5)]),
                      holder=Steps(None, [(72.0, "w2"), (77.0, None)])))
    ents.append(thing("cone2", "cone", -4.0, 9.6, colour="orange"))
    ents.append(thing("barrow", "wheelbarrow", -5.0, -5.0, colour="green", present=Steps(True, [(120.0, False)])))
    ents.append(thing("skip", "skip", -12.0, -6.0, colour="yellow"))
    ents.append(thing("generator", "generator", -3.0, -9.0))
    ents.append(thing("gas", "gas_cylinder", 12.0, -2.0, colour="red"))
    ents.append(thing("pallet", "pallet", 4.0, -5.0))
    h1 = polar(120, 0.8)
    h2 = (0.0, 0.8)
    ents.append(thing("hammer", "hammer", 0, 0, path=Path([(0, *h1), (94, *h1), (178, *h2)]),
                      holder=Steps("wearer", [(64.0, None), (94.0, "wearer"), (178.0, None), (282.0, "wearer")])))

    sc = Scenario(name=NAME, camera=CAMERA, site="demolition yard with plant (overcast)", lens=Lens(800, 450, 120, "fisheye"),
                  duration=D, wearer=wearer, entities=ents, world_factory=world, seed=33)
    sc.expected_alerts = [("progress", "wall", 55.0), ("progress", "wall", 131.5), ("memory_recall", "barrow", 140.0),
                          ("safety_alert", "w2", 157.5), ("left_behind", "hammer", 210.0),
                          ("exclusion_zone", "w3", 252.0), ("idle", "w6", 255.0)]
    sc.lookalikes = [
        "W4 walks past the parked dumper at 1.7 m (7-10 s); the dumper never moves (no safety_alert)",
        "the banksman stands 8 m from the tracking excavator all shift",
        "the hammer is set down at 64 s, out of view ~22 s while the wearer walks 4.5 m away, picked up at 94 s",
        "W2 carries cone1 in view (72-77 s); its old spot is seen empty later (move observed: no memory_recall)",
        "W2 idles 47 s (104-151 s) (< 60 s: no idle)",
        "W6 walks in past the hole and stands 5 m from it (outside the zone) before W3 goes in",
        "courses 1, 2, 4 and 5 complete without a progress alert",
    ]
    sc.description = __doc__
    sc.questions = questions()
    return sc


def Q(i, at, text, kind, intent, **kw):
    d = dict(id="d3-q%02d" % i, at=float(at), q=text, kind=kind, intent=intent)
    d.update(kw)
    return d


def questions():
    DI, OP, TR, TS, PR, ID = ("directional", "object_permanence", "temporal_retrieval", "temporal_reasoning",
                              "productivity", "identity")
    return [
        Q(1, 25, "Which way's the dumper?", DI, "direction_of", subject="dumper"),
        Q(2, 60, "Where's the old basement hole from here?", DI, "direction_of", subject="hole"),
        Q(3, 200, "Which way's the ladder into the hole?", DI, "direction_of", subject="ladder"),
        Q(4, 300, "Point me to the dumper.", DI, "direction_of", subject="dumper"),
        Q(5, 110, "What's in front of me?", DI, "things_in_direction", direction="front"),
        Q(6, 230, "Anything behind me?", DI, "things_in_direction", direction="behind"),
        Q(7, 160, "Where's the wheelbarrow?", OP, "where", subject="barrow"),
        Q(8, 175, "Is the wheelbarrow still where it was?", OP, "still_there", subject="barrow"),
        Q(9, 245, "Where's the cone the labourer moved?", OP, "where", subject="cone1"),
        Q(10, 175, "Where's the skip?", OP, "where", subject="skip"),
        Q(11, 320, "Is the skip still where it was?", OP, "still_there", subject="skip"),
        Q(12, 100, "When did I put the hammer down?", TR, "event_time", subject="hammer", event="dropped", ordinal=1),
        Q(13, 150, "When did the bricklayer lay his first brick?", TR, "event_time", subject="wall", event="work_unit",
          unit="brick", ordinal=1),
        Q(14, 170, "When did the labourer pick that cone up?", TR, "event_time", subject="cone1", event="picked_up"),
        Q(15, 200, "When did the labourer who moved the cone go on his break?", TR, "event_time", subject="w2",
          event="went_idle"),
        Q(16, 280, "What time did the lad go into the hole?", TR, "event_time", subject="w3", event="entered_zone"),
        Q(17, 320, "When did I pick the hammer back up?", TR, "event_time", subject="hammer", event="picked_up",
          ordinal=-1),
        Q(18, 170, "How long did the hammer lie on the ground the first time?", TS, "state_duration", subject="hammer",
          state="on_ground", spell="nth", ordinal=1),
        Q(19, 260, "How long ago did I put the hammer down?", TS, "time_since", subject="hammer", event="dropped",
          ordinal=-1),
        Q(20, 325, "How long was my hammer left lying there?", TS, "state_duration", subject="hammer",
          state="on_ground", spell="last"),
        Q(21, 200, "Was the third course done before the labourer who moved the cone got back to work?", TS, "order", subject="wall",
          event="work_unit", unit="course", ordinal=3, relation="before",
          other={"subject": "w2", "event": "resumed_working"}),
        Q(22, 300, "Did the labourer go back to where he picked up the cone?", TS, "returned", subject="w2",
          other={"subject": "cone1", "event": "picked_up"}),
        Q(23, 150, "How long since I last saw the wheelbarrow?", TS, "time_since", subject="barrow", event="last_seen"),
        Q(24, 20, "Is the fella in the orange vest and white hat actually doing any work?", PR, "is_working", subject="w4",
          state="working"),
        Q(25, 125, "How long has the lad in the yellow vest and white hat been stood there?", PR, "spell_duration", subject="w2",
          state="idle", spell="current"),
        Q(26, 240, "How long has the fella stood near the hole been idle?", PR, "spell_duration", subject="w6", state="idle",
          spell="current"),
        Q(27, 176, "Is the lad who was next to the digger working now?", PR, "is_working", subject="w2", state="working"),
        Q(28, 190, "How long was the cone lad on his break?", PR, "spell_duration", subject="w2", state="idle",
          spell="last"),
        Q(29, 60, "Is the brickie working?", PR, "is_working", subject="w5", state="working"),
        Q(30, 230, "Is the chap standing by the hole the same labourer who moved the cone?", ID, "same_individual",
          subject="w6", other={"subject": "w2", "t": 74.0}),
        Q(31, 320, "How many different people have I seen today?", ID, "count_distinct", label="worker"),
        Q(32, 300, "How many lads in yellow vests have I seen?", ID, "count_distinct", label="worker",
          attrs={"vest": "yellow"}),
    ]
