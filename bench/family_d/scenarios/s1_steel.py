"""S1 - steel erection yard, narrow pinhole lens, daylight.

The wearer is a steel-erection supervisor standing near the laydown area, watching a
crane fly steel over the yard.  Head motion: holds, slow pans, two full turns (one each
way), fast glances (~100 deg/s), a short walk forward.
"""
from __future__ import annotations

import numpy as np

from .. import textures as T
from ..camera import Lens
from ..sim import Eased, Head, Path, Scenario, Steps, Walker, Wearer
from ..world import BoxWorld
from .common import polar, thing, worker

NAME = "steel_erection_pinhole"
COST = 1.0  # relative render cost (orders the jobs)
CAMERA = "famd-steel-01"


def world():
    rng = np.random.RandomState(101)
    floor = T.to_u8(T.yard_floor(64, 64, 40, rng, "steel"))
    layout = [(2, 62, "steel", {"h": 14}), (44, 45, "crane", {"h": 19.5, "jib": 22}),
              (66, 100, "containers", {"stack": 2}), (100, 127, "trees", {}),
              (130, 170, "building", {"h": 11, "col": (150, 150, 155)}), (170, 192, "hoarding", {"col": (130, 90, 20)}),
              (192, 214, "containers", {"stack": 1}), (214, 252, "building", {"h": 15, "col": (120, 135, 160)}),
              (252, 256, "hoarding", {"col": (130, 90, 20)}), (0, 2, "hoarding", {"col": (130, 90, 20)})]
    walls = T.yard_walls(256, 20, 20, rng, layout)
    sky = T.sky(1440, 360, rng, overcast=0.6)
    return BoxWorld(-32, 32, -32, 32, floor, 40, walls, 20, 20, sky_tex=sky)


def build():
    D = 300.0
    # ---------------------------------------------------------------- head script
    h = Head(0.0)
    h.hold(6).pan(50, 4).hold_until(24)                     # look at the laydown (W3)
    h.glance(-60, out=0.95, stay=0.5, back=0.95)            # fast glance left and back
    h.hold_until(26).pan(360, 18)                           # full turn to the right (26-44)
    h.hold_until(66)                                        # watch the load come in
    h.pan(-40, 6).hold_until(80)                            # follow the load to the left
    h.glance(55, out=0.9, stay=0.4, back=0.9)
    h.hold_until(96).to(430, 5).hold_until(118)             # watch W3 (ppe)
    h.glance(-55, out=0.85, stay=0.3, back=0.85).hold_until(135)
    h.to(340, 9).hold_until(160)                            # back to W1 (idle look-alike starts 150)
    h.pan(-360, 16).hold_until(179).pan(25, 3).hold_until(196)  # full turn to the left (160-176)
    h.hold_until(214).to(-100, 3.0).hold_until(226)         # look for the toolbox (gone)
    h.to(10, 4).hold_until(250)
    h.pan(40, 5).hold_until(268).to(-10, 4).hold_until(285).glance(70, out=1.0, stay=0.5, back=1.0).hold_until(D)
    pitch = Eased([(0, -6), (50, -6), (54, 3), (70, 3), (74, -6), (236, -6), (240, 4), (252, 4), (256, -6), (D, -6)])
    wpath = Walker(0, 0).wait_until(198).walk_to(0.5, 2.0, speed=1.0).path()
    wearer = Wearer(path=wpath, head=h, pitch=pitch, seed=1)

    # ---------------------------------------------------------------- people
    ents = []
    w1 = Walker(-3.4, 8.0)
    ents.append(worker("w1", "erector", "orange", "white", w1.path(),
                       Steps("active", [(150, "idle"), (190, "active")]), beard=True, skin=1, trousers="navy"))
    w2 = Walker(2.2, 6.2).wait_until(57).walk_to(5.5, 10.2, 1.3).wait_until(66).walk_to(2.2, 6.2, 1.2)
    ents.append(worker("w2", "labourer", "yellow", "yellow", w2.path(),
                       Steps("active", [(200, "idle"), (282, "active")]), skin=0, trousers="khaki", height=1.72))
    w3 = Walker(9.5, 3.5).wait_until(196).walk_to(31, 2, 1.3)
    ents.append(worker("w3", "slinger", "orange", "blue", w3.path(), Steps("active"),
                       hardhat=Steps(True, [(16.0, False), (17.5, True), (110.0, False), (130.0, True)]),
                       present=Steps(True, [(213.0, False)]), skin=2, trousers="black", height=1.76))
    w4 = Walker(31, -2, t=0).wait_until(230).walk_to(24, 1, 1.3).walk_to(-1.0, 7.2, 1.3).wait_until(262) \
        .walk_to(24, 1, 1.3).walk_to(31, -2, 1.3)
    ents.append(worker("w4", "visitor", "none", "white", w4.path(), Steps("idle"),
                       present=Steps(False, [(230.0, True), (292.0, False)]), skin=3, trousers="grey", glasses=True,
                       shirt=(150, 110, 80)))
    w5 = Walker(31, 6).wait_until(236).walk_to(9.0, 6.0, 1.3)
    ents.append(worker("w5", "second slinger", "orange", "blue", w5.path(), Steps("active"),
                       present=Steps(False, [(236.0, True)]), skin=0, trousers="grey", height=1.86, build=1.1))
    # ---------------------------------------------------------------- things
    ents.append(thing("ladder", "ladder", *polar(95, 6.0)))
    tx, tz = polar(-100, 4.5)
    ents.append(thing("toolbox", "toolbox", tx, tz, colour="red", present=Steps(True, [(190.0, False)])))
    ents.append(thing("pallet", "pallet", 1.4, 6.6, attrs={"load": "bolts"}))
    ents.append(thing("cone1", "cone", 6.8, 12.4, colour="orange"))
    ents.append(thing("cone2", "cone", 8.6, 11.6, colour="orange"))
    ents.append(thing("scaffold", "scaffold", -9.0, 7.0))
    ents.append(thing("gas", "gas_cylinder", -2.0, -6.0, colour="red"))
    ents.append(thing("generator", "generator", 4.0, -7.0))
    ents.append(thing("barrow", "wheelbarrow", -5.5, -4.0, colour="green"))
    load1 = Path([(46, 16, 10, 7), (62, 5.5, 10.5, 4.0), (78, -1.5, 14, 6), (92, -2, 24, 12)])
    ents.append(thing("load1", "suspended_load", 0, 0, path=load1, present=Steps(False, [(46.0, True), (93.0, False)])))
    load2 = Path([(233, -14, 19, 8), (244, -3, 18.5, 4.5), (256, 9, 18, 4.5), (270, 18, 22, 10)])
    ents.append(thing("load2", "suspended_load", 0, 0, path=load2, present=Steps(False, [(233.0, True), (271.0, False)])))

    sc = Scenario(name=NAME, camera=CAMERA, site="steel erection yard (daylight)", lens=Lens(640, 360, 60, "pinhole"),
                  duration=D, wearer=wearer, entities=ents, world_factory=world, seed=11)
    sc.expected_alerts = [("safety_alert", "w2", 59.5), ("ppe_violation", "w3", 113.0),
                          ("memory_recall", "toolbox", 216.0), ("idle", "w2", 260.0)]
    sc.lookalikes = [
        "W3 takes his hat off for 1.5 s at 16 s in view (< 3 s: no ppe_violation)",
        "W1 idles 40 s (150-190 s) in view (< 60 s: no idle)",
        "second crane lift (233-270 s) passes >= 9 m from every worker (no safety_alert)",
        "the ladder and the toolbox go out of view and come back unchanged during both full turns (no memory_recall)",
        "the visitor wears no vest but keeps his hard hat on (vest not required by default: no ppe_violation)",
        "W5 looks like W3 (orange vest, blue hat) but is a different, taller man (identity)",
    ]
    sc.description = __doc__
    sc.questions = questions()
    return sc


def Q(i, at, text, kind, intent, **kw):
    d = dict(id="d1-q%02d" % i, at=float(at), q=text, kind=kind, intent=intent)
    d.update(kw)
    return d


def questions():
    DI, OP, TR, TS, PR, ID = ("directional", "object_permanence", "temporal_retrieval", "temporal_reasoning",
                              "productivity", "identity")
    return [
        Q(1, 50, "Which way's the ladder from where I'm facing?", DI, "direction_of", subject="ladder"),
        Q(2, 92, "Point me to the red toolbox.", DI, "direction_of", subject="toolbox"),
        Q(3, 146, "Which direction is the scaffold tower?", DI, "direction_of", subject="scaffold"),
        Q(4, 206, "Where's the genny from here - which way do I turn?", DI, "direction_of", subject="generator"),
        Q(5, 122, "What's on my left right now?", DI, "things_in_direction", direction="left"),
        Q(6, 275, "Anything behind me I should know about?", DI, "things_in_direction", direction="behind"),
        Q(7, 150, "Where did the wheelbarrow get to?", OP, "where", subject="barrow"),
        Q(8, 232, "Where's the red toolbox gone?", OP, "where", subject="toolbox"),
        Q(9, 240, "Is the toolbox still where it was this morning?", OP, "still_there", subject="toolbox"),
        Q(10, 185, "Is the ladder still where it was when I first saw it?", OP, "still_there", subject="ladder"),
        Q(11, 280, "Where's the gas bottle?", OP, "where", subject="gas"),
        Q(12, 140, "When did the slinger in the blue hat first take his lid off?", TR, "event_time",
          subject="w3", event="ppe_removed", ordinal=1),
        Q(13, 100, "What time did the first crane load come over?", TR, "event_time", subject="load1", event="first_seen"),
        Q(14, 292, "When did the visitor turn up?", TR, "event_time", subject="w4", event="first_seen"),
        Q(15, 245, "When did the labourer in yellow down tools?", TR, "event_time", subject="w2", event="went_idle"),
        Q(16, 206, "When did the erector get back to work after his breather?", TR, "event_time", subject="w1",
          event="resumed_working"),
        Q(17, 150, "How long ago did I last see the ladder?", TS, "time_since", subject="ladder", event="last_seen"),
        Q(18, 200, "How long was the slinger without his hard hat?", TS, "state_duration", subject="w3",
          state="without_ppe", spell="last"),
        Q(19, 242, "How long since I last clapped eyes on the slinger with the blue hat?", TS, "time_since", subject="w3",
          event="last_seen"),
        Q(20, 250, "Did the erector take his break before the labourer took his?", TS, "order", subject="w1",
          event="went_idle", relation="before", other={"subject": "w2", "event": "went_idle"}),
        Q(21, 100, "Did the labourer go back to where he started work after the lift?", TS, "returned", subject="w2",
          other={"subject": "w2", "event": "started_working"}),
        Q(22, 240, "How long ago did the labourer knock off for his break?", TS, "time_since", subject="w2",
          event="went_idle"),
        Q(23, 6, "Is the bloke in the white hat grafting?", PR, "is_working", subject="w1", state="working"),
        Q(24, 176, "Is the erector slacking off?", PR, "is_working", subject="w1", state="idle"),
        Q(25, 215, "How long was the erector idle for?", PR, "spell_duration", subject="w1", state="idle", spell="last"),
        Q(26, 255, "How long has the labourer been stood about?", PR, "spell_duration", subject="w2", state="idle",
          spell="current"),
        Q(27, 76, "Is the lad in the yellow vest working at the minute?", PR, "is_working", subject="w2", state="working"),
        Q(28, 265, "Is the slinger over by the laydown the same fella who took his hat off earlier?", ID,
          "same_individual", subject="w5", other={"subject": "w3", "t": 113.0}),
        Q(29, 120, "How many different people have I seen so far?", ID, "count_distinct", label="worker"),
        Q(30, 298, "How many workers in orange vests have been about today?", ID, "count_distinct", label="worker",
          attrs={"vest": "orange"}),
        Q(31, 62, "Is that the same labourer who was at the bolt pallet first thing?", ID, "same_individual",
          subject="w2", other={"subject": "w2", "t": 2.0}),
    ]
