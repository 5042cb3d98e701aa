"""S2 - cut-and-cover tunnel, low light, wide equidistant fisheye (150 deg).

The wearer is a section engineer carrying a cordless drill.  A bricklayer builds a
blockwork partition across a niche, a labourer climbs into an open sump, a fitter works
on the services behind.  Low light: dim lamps, sensor noise, longer exposure blur.
"""
from __future__ import annotations

import numpy as np

from .. import textures as T
from ..camera import Lens
from ..sim import Eased, Head, Path, Scenario, Steps, Walker, Wearer
from ..world import BoxWorld
from .common import polar, thing, worker

NAME = "tunnel_lowlight_fisheye"
COST = 0.9  # relative render cost (orders the jobs)
CAMERA = "famd-tunnel-02"
X0, X1, Z0, Z1, HC = -5.0, 5.0, -40.0, 70.0, 5.5
SUMP = (1.8, 4.2, 10.0, 13.0)


def world():
    rng = np.random.RandomState(202)
    ppm = 50
    floor = T.tunnel_floor(X1 - X0, Z1 - Z0, ppm, rng)
    T.paint_excavation(floor, SUMP, X0, Z1, ppm, rng)
    floor = T.to_u8(floor)
    ceil = T.to_u8(T.tunnel_ceiling(X1 - X0, Z1 - Z0, 40, rng))
    W, D = X1 - X0, Z1 - Z0
    walls = T.tunnel_walls(2 * (W + D), HC, 50, rng, [(0, W, "face"), (W + D, 2 * W + D, "bulkhead")])
    return BoxWorld(X0, X1, Z0, Z1, floor, ppm, walls, 50, HC, ceiling_h=HC, ceil_tex=ceil, ceil_ppm=40, atten_m=14.0)


def build():
    D = 270.0
    h = Head(0.0)
    h.hold(8).pan(70, 4).glance(-60, out=0.9, stay=0.4, back=0.9).hold_until(16).to(-35, 4).hold_until(32)
    # 32-36 look down and set the drill down (35), then turn round to watch the fitter
    h.hold_until(37).to(180, 4).hold_until(57).to(0, 4).hold_until(63)      # back to the drill, pick up at 62
    h.pan(360, 16).hold_until(84)                                           # full turn right (63-79)
    h.glance(-70, out=1.0, stay=0.5, back=1.0).hold_until(104)
    h.to(510, 5).hold_until(125)                                            # fitter behind-right (ppe 110-122)
    h.to(360, 5).hold_until(155)                                            # up-tunnel: course 3 at ~152
    h.hold_until(174)                                                        # walk up-tunnel 155-173
    h.hold_until(178).to(540, 4).hold_until(203)                            # set drill down 176, turn, walk back
    h.hold_until(220).to(360, 5).hold_until(236)                            # up-tunnel again (course 6 ~224)
    h.to(470, 6).hold_until(248).to(560, 6).hold_until(258).to(400, 8).hold_until(D)
    pitch = Eased([(0, -4), (32, -4), (34, -50), (36, -50), (38, -4), (59, -4), (61, -50), (63, -50), (65, -4),
                   (174, -4), (175, -50), (177, -50), (178.5, -4), (D, -4)])
    wk = Walker(0, 0).wait_until(155).walk_to(-0.8, 8, 1.0).walk_to(-0.8, 14, 1.0).walk_to(0, 17.5, 1.0) \
        .wait_until(179).walk_to(-0.8, 14, 1.0).walk_to(-0.8, 8, 1.0).walk_to(0, -3, 1.0)
    wearer = Wearer(path=wk.path(), head=h, pitch=pitch, seed=2)

    ents = []
    # ---------------------------------------------------------------- people
    ents.append(worker("w1", "bricklayer", "orange", "white", Path([(0, -2.2, 5.3)]),
                       Steps("active", [(80, "idle"), (130, "active")]), skin=1, trousers="navy", beard=True))
    w2 = Walker(-1.4, 30).wait_until(24).walk_to(-1.4, 2, 1.3).walk_to(-2.0, -10, 1.3).wait_until(80) \
        .walk_to(-2.0, 0, 1.3).walk_to(1.0, 8, 1.3).walk_to(2.9, 11.6, 1.0).wait_until(130) \
        .walk_to(0.4, 8.5, 1.0).walk_to(-1.4, 10.0, 1.0).walk_to(-1.4, 25, 1.3)
    ents.append(worker("w2", "labourer", "yellow", "yellow", w2.path(), Steps("active"),
                       hardhat=Steps(True, [(100.0, False), (102.0, True)]), skin=0, trousers="khaki", height=1.74))
    ents.append(worker("w3", "fitter", "green", "white", Path([(0, 4.2, -6.0)]), Steps("active"),
                       hardhat=Steps(True, [(110.0, False), (122.0, True)]), skin=2, trousers="black", glasses=True))
    w4 = Walker(0.5, -39).wait_until(226).walk_to(-2.0, -5, 1.3).walk_to(-2.0, 30, 1.3)
    ents.append(worker("w4", "ganger", "orange", "orange", w4.path(), Steps("active"),
                       present=Steps(False, [(226.0, True)]), skin=3, trousers="grey", height=1.84))
    # ---------------------------------------------------------------- work objects and things
    laid = [22.0 + 5.0 * k for k in range(12)] + [132.0 + 4.0 * k for k in range(24)]
    ents.append(thing("wall", "brick_wall", -3.8, 6.0, kind="brick_wall", bricks=laid, per_course=6, courses_max=6,
                      wall=((-5.0, 6.0), (-2.6, 6.0))))
    ents.append(thing("sump", "excavation", (SUMP[0] + SUMP[1]) / 2, (SUMP[2] + SUMP[3]) / 2, footprint=SUMP))
    ents.append(thing("ladder", "ladder", 4.0, 11.5, path=Path([(0, 4.0, 11.5, -1.2)])))
    ents.append(thing("cone1", "cone", 1.2, 9.4, colour="orange"))
    ents.append(thing("cone2", "cone", 1.2, 13.6, colour="orange"))
    ents.append(thing("drum", "cable_drum", 4.3, 3.5))
    ents.append(thing("toolbox", "toolbox", -4.3, -2.5, colour="blue"))
    ents.append(thing("pallet", "pallet", -4.2, 8.2))
    ents.append(thing("barrow", "wheelbarrow", -3.6, 10.8, colour="grey"))
    ents.append(thing("generator", "generator", -4.0, -14.0))
    ents.append(thing("gas", "gas_cylinder", 4.4, -1.5, colour="yellow"))
    d1 = polar(-35, 0.8)
    d2 = polar(0, 0.8, origin=(0, 17.5))
    drill_path = Path([(0, *d1), (62, *d1), (176, *d2)])
    ents.append(thing("drill", "drill", 0, 0, colour="yellow", path=drill_path,
                      holder=Steps("wearer", [(35.0, None), (62.0, "wearer"), (176.0, None)])))

    sc = Scenario(name=NAME, camera=CAMERA, site="cut-and-cover tunnel (low light)", lens=Lens(640, 360, 150, "fisheye"),
                  duration=D, wearer=wearer, entities=ents, world_factory=world, low_light=True, seed=22)
    sc.expected_alerts = [("progress", "wall", 22.0), ("exclusion_zone", "w2", 96.0), ("ppe_violation", "w3", 113.0),
                          ("progress", "wall", 152.0), ("left_behind", "drill", 209.0), ("progress", "wall", 224.0)]
    sc.lookalikes = [
        "W2 walks down the far side of the tunnel past the sump (24-45 s), >= 3 m outside the zone margin",
        "the drill is set down at 35 s, out of view ~22 s while the wearer watches the fitter, picked up at 62 s",
        "W2 takes his hat off for 2 s inside the sump (100-102 s)",
        "the bricklayer idles 50 s (80-130 s) after the second course (< 60 s: no idle)",
        "courses 1, 2, 4 and 5 complete without a progress alert (first block and every third course only)",
        "W4 walks past the wearer at 2 m (no hazard); nothing moving overhead",
    ]
    sc.description = __doc__
    sc.questions = questions()
    return sc


def Q(i, at, text, kind, intent, **kw):
    d = dict(id="d2-q%02d" % i, at=float(at), q=text, kind=kind, intent=intent)
    d.update(kw)
    return d


def questions():
    DI, OP, TR, TS, PR, ID = ("directional", "object_permanence", "temporal_retrieval", "temporal_reasoning",
                              "productivity", "identity")
    return [
        Q(1, 20, "Which way's the sump from me?", DI, "direction_of", subject="sump"),
        Q(2, 50, "Which way is the cable drum?", DI, "direction_of", subject="drum"),
        Q(3, 140, "Point me at the blue toolbox.", DI, "direction_of", subject="toolbox"),
        Q(4, 215, "Which way to the generator from here?", DI, "direction_of", subject="generator"),
        Q(5, 100, "What have I got on my right?", DI, "things_in_direction", direction="right"),
        Q(6, 245, "Anything on my left?", DI, "things_in_direction", direction="left"),
        Q(7, 212, "Where did I leave my drill?", OP, "where", subject="drill"),
        Q(8, 240, "Where's the blue toolbox?", OP, "where", subject="toolbox"),
        Q(9, 200, "Is my drill still where I put it down?", OP, "still_there", subject="drill"),
        Q(10, 250, "Is the cable drum still where it was?", OP, "still_there", subject="drum"),
        Q(11, 145, "Where's the gas bottle?", OP, "where", subject="gas"),
        Q(12, 60, "When did I put the drill down?", TR, "event_time", subject="drill", event="dropped", ordinal=1),
        Q(13, 200, "When did the brickie lay his first block?", TR, "event_time", subject="wall", event="work_unit",
          unit="brick", ordinal=1),
        Q(14, 160, "What time did the labourer get into the sump?", TR, "event_time", subject="w2", event="entered_zone"),
        Q(15, 140, "When did the fitter take his hat off?", TR, "event_time", subject="w3", event="ppe_removed"),
        Q(16, 250, "When was the third course finished?", TR, "event_time", subject="wall", event="work_unit",
          unit="course", ordinal=3),
        Q(17, 262, "When did the ganger in the orange hat first show up?", TR, "event_time", subject="w4",
          event="first_seen"),
        Q(18, 170, "How long was the labourer down the sump?", TS, "state_duration", subject="w2", state="in_zone",
          spell="last"),
        Q(19, 90, "How long was my drill lying on the ground?", TS, "state_duration", subject="drill", state="on_ground",
          spell="last"),
        Q(20, 230, "How long ago did I put the drill down?", TS, "time_since", subject="drill", event="dropped",
          ordinal=-1),
        Q(21, 150, "How long since I last saw the fitter?", TS, "time_since", subject="w3", event="last_seen"),
        Q(22, 200, "Did the fitter take his hat off before the labourer climbed out of the sump?", TS, "order",
          subject="w3", event="ppe_removed", relation="before", other={"subject": "w2", "event": "left_zone"}),
        Q(23, 260, "Did the labourer take his lid off before the brickie finished his second course?", TS, "order",
          subject="w2", event="ppe_removed", relation="before",
          other={"subject": "wall", "event": "work_unit", "unit": "course", "ordinal": 2}),
        Q(24, 100, "Is the brickie working?", PR, "is_working", subject="w1", state="working"),
        Q(25, 125, "How long has the bricklayer been standing idle?", PR, "spell_duration", subject="w1", state="idle",
          spell="current"),
        Q(26, 200, "How long was the bricklayer idle for?", PR, "spell_duration", subject="w1", state="idle",
          spell="last"),
        Q(27, 200, "Is the fitter grafting?", PR, "is_working", subject="w3", state="working"),
        Q(28, 262, "How long has the brickie been at it since his break?", PR, "spell_duration", subject="w1",
          state="working", spell="current"),
        Q(29, 252, "Is the lad walking past the same one who was down the sump earlier?", ID, "same_individual",
          subject="w4", other={"subject": "w2", "t": 100.0}),
        Q(30, 268, "How many people have I seen down here?", ID, "count_distinct", label="worker"),
        Q(31, 235, "Is that the same bricklayer as first thing?", ID, "same_individual", subject="w1",
          other={"subject": "w1", "t": 5.0}),
    ]
