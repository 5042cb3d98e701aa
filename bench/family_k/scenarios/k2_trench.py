"""Scenario k2: a drainage trench on an open greenfield plot.

Equidistant fisheye 120 deg, 640x360, 285 s.  The wearer sets his drill
down, walks about 5 m to the trench, watches, puts his hammer down and picks
it up again, and at the end walks back for the drill.  Quick turns and
glances; no full turn.  The tracker starts a new id whenever someone has
been out of view for more than 3 s.

Story: a groundworker (green vest, yellow hat) climbs into the trench and
works there for two minutes; a banksman (orange vest, white hat) wheels the
barrow away while the wearer looks elsewhere, then walks under the load
hanging on the crane hook; a fitter (orange vest, yellow hat) stands idle by
the generator for 80 s; an engineer (yellow vest, orange hat) surveys 3 m
from the trench, then leaves.
"""
import math

from ..lens import Lens
from ..script import pol, Route, heading_to, wearer_tool
from ..truth import Q, S
from ..world import Wearer, Worker, Thing, Excavation, SuspendedLoad, Cable, World

ID = "k2_trench"
CAMERA = "kcam-trench-2"
SITE = "Drainage trench, greenfield plot (phase 2 sewer run)"

PIT = (-0.5, 4.5, 8.5, 10.1)   # xmin, xmax, ymin, ymax
DEPTH = 1.3


def build():
    lens = Lens(640, 360, 120.0, "fisheye")
    env = {"ground": "mud", "ground_texel": 0.02, "pano": "rural", "far_ground_m": 70.0,
           "pit": {"xmin": PIT[0], "xmax": PIT[1], "ymin": PIT[2], "ymax": PIT[3], "depth": DEPTH}}
    yaw = [(0, 0), (10, 0), (13, -75), (20, -75), (22, -60), (26, 100), (30, 100), (33, 210), (38.5, 210),
           (42, 10), (48, 10), (52, 14), (58, 10), (62, 120), (70, 120), (74, 10), (90, 6), (105, 12), (115, 10),
           (118, 120), (123, 120), (127, -91), (146, -91), (148, 10), (152, 10), (155, 120), (166, 120), (169, 10),
           (178, 10), (181, -60), (197, -60), (200, 10), (201.5, 70), (202.3, 70), (203.8, 10), (215, 10), (222, 189), (234, 189), (240, 10),
           (250, 10), (251.5, -75), (253, -75), (254.5, 10), (285, 10)]
    pitch = [(0, -8), (30, -8), (32.5, -50), (37, -50), (38.5, -8), (147, -8), (149, -50), (151, -50), (152.5, -8),
             (168.5, -8), (170, -50), (172.5, -50), (173.5, -8), (227.5, -8), (229.5, -55), (233, -55),
             (234.5, -8), (285, -8)]
    pos = [(0, 0.0, 0.0), (42, 0.0, 0.0), (48, 0.6, 5.2), (222, 0.6, 5.2), (228, 0.1, 0.6), (285, 0.1, 0.6)]
    wearer = Wearer(yaw, pos, pitch, seed=202)

    ents = []
    ents.append(Excavation("trench", PIT, DEPTH))
    x0, x1, y0, y1 = PIT
    for k, (cx, cy) in enumerate(((x0 - 0.6, y0 - 0.6), (x1 + 0.6, y0 - 0.6), (x0 - 0.6, y1 + 0.6),
                                  (x1 + 0.6, y1 + 0.6))):
        ents.append(Thing(f"cone{k + 1}", "cone", "cone", (cx, cy), colour="orange", desc="traffic cone"))
    ladder = Thing("ladder", "ladder", "ladder", (3.8, 9.5, -DEPTH), yaw=0.0, build_kw={"height": 2.6},
                   desc="ladder in the trench")
    ents.append(ladder)
    load = SuspendedLoad("load", (-8.5, 4.0), base_z=2.6)
    ents.append(load)
    ents.append(Cable("load_cable", load))
    ents.append(Thing("pipes", "pallet", "pallet", (-2.8, 4.5), yaw=15.0, build_kw={"load": "pipes"},
                      desc="pallet of pipes"))
    ents.append(Thing("generator", "generator", "generator", (8.5, 1.5), yaw=0.0, desc="generator"))

    # the barrow, taken away unseen by the banksman
    wb0 = (5.5, -2.5)
    wb1 = (11.5, -6.0)
    ux, uy = wb1[0] - wb0[0], wb1[1] - wb0[1]
    L = math.hypot(ux, uy)
    ux, uy = ux / L, uy / L
    mv = math.degrees(math.atan2(ux, uy))
    handle0 = (wb0[0] - 1.1 * ux, wb0[1] - 1.1 * uy)
    handle1 = (wb1[0] - 1.1 * ux, wb1[1] - 1.1 * uy)
    barrow = Thing("barrow", "wheelbarrow", "wheelbarrow", wb0, colour="blue",
                   path=[(0, wb0[0], wb0[1], 0.0, 60.0), (106.1, wb0[0], wb0[1], 0.0, 60.0),
                         (107, wb0[0], wb0[1], 0.0, mv), (114, wb1[0], wb1[1], 0.0, mv)],
                   present=[(0, 114.5)], desc="blue wheelbarrow")
    barrow.events = [(107.0, "moved")]
    ents.append(barrow)

    # workers
    c_spot = (-2.2, 5.6)
    rC = (Route(0, *c_spot).wait_until(47.5).walk(-0.1, 8.2).walk(0.3, 8.9, arrive=51.8).walk(1.8, 9.3)
          .wait_until(175).walk(0.3, 8.9, arrive=175.8).walk(-0.1, 8.2, arrive=176.6).walk(*c_spot))
    ents.append(Worker("groundworker", "green", "yellow", rC.keys, [(0, "active")],
                       z=[(0, 0.0), (50.2, 0.0), (51.8, -DEPTH), (175.0, -DEPTH), (176.6, 0.0)],
                       face=[(0, 20.0), (53, 90.0), (180, 20.0)],
                       desc="groundworker (green vest, yellow hard hat)"))
    d_spot = (-3.5, -1.0)
    under = (-7.8, 3.3)
    rD = (Route(0, *d_spot).wait_until(99).walk(*handle0).wait_until(107).walk(*handle1, arrive=114)
          .wait_until(115).walk(2.0, -6.0).walk(*under).wait_until(152).walk(*d_spot))
    ents.append(Worker("banksman", "orange", "white", rD.keys, [(0, "active")],
                       face=[(0, 60.0), (132, heading_to(under, (-8.5, 4.0))), (146, -45.0)],
                       desc="banksman (orange vest, white hard hat)"))
    e_spot = (7.2, 1.4)
    rE = Route(0, -3.0, -1.8).wait_until(20).walk(*e_spot)
    ents.append(Worker("fitter", "orange", "yellow", rE.keys,
                       [(0, "idle"), (20, "active"), (62, "idle"), (150, "active")],
                       face=[(0, 80.0), (28, 80.0)], desc="fitter (orange vest, yellow hard hat)"))
    rF = Route(0, 7.7, 9.3).wait_until(201).walk(16.0, 11.0)
    ents.append(Worker("engineer", "yellow", "orange", rF.keys, [(0, "active")], face=[(0, 250.0)],
                       present=[(0, rF.t + 0.4)], desc="engineer (yellow vest, orange hard hat)"))

    # the wearer's tools
    drill = wearer_tool("drill", "drill", "drill", wearer, colour="yellow", set_downs=[35.0], pick_ups=[232.0])
    drill.desc = "the wearer's drill"
    ents.append(drill)
    hammer = wearer_tool("hammer", "hammer", "hammer", wearer, colour="blue", set_downs=[150.0],
                         pick_ups=[171.0], held_from=140.0)
    hammer.present_iv = [(140.0, 1e9)]
    hammer.desc = "the wearer's hammer"
    ents.append(hammer)

    # site things the detector does not name
    ents.append(Thing("spoil", None, "spoil", (2.0, 12.0)))
    ents.append(Thing("fence", None, "fence", (0.0, 17.0), build_kw={"panels": 5}))
    ents.append(Thing("cabin", None, "cabin", pol(-120, 13.0), yaw=60.0))
    ents.append(Thing("portaloo", None, "portaloo", pol(-150, 10.0), yaw=30.0))
    ents.append(Thing("ibc", None, "ibc", pol(60, 11.0), yaw=-30.0))
    ents.append(Thing("sign", None, "sign", (-2.0, 9.3), yaw=160.0, colour="yellow"))

    world = World(ID, SITE, CAMERA, lens, env, wearer, ents, duration=285.0, fps=15, tracker_gap_s=3.0,
                  seed=2202)

    C = S("worker", vest="green")
    E = S("worker", vest="orange", hat_colour="yellow")
    questions = [
        Q(8, "What's straight ahead of me?", "things_in_direction", direction="front"),
        Q(12, "Any idea what time the concrete wagon's due?", "unknown"),
        Q(28, "What have I got off to the left here?", "things_in_direction", direction="left"),
        Q(44, "When did I put my drill down?", "event_time", {"ent": "drill"}, subject=S("drill"),
          event="dropped"),
        Q(60, "What time did the lad in the green vest get down in the trench?", "event_time",
          {"ent": "groundworker", "pit": "trench"}, subject=C, event="entered_zone"),
        Q(72, "Is the orange-vest fella in the yellow lid doing any work?", "is_working", {"ent": "fitter"},
          subject=E, state="working"),
        Q(90, "How long's it been since I last had eyes on my drill?", "time_since", {"ent": "drill"},
          subject=S("drill"), event="last_seen"),
        Q(96, "Is the green-vest lad grafting down there?", "is_working", {"ent": "groundworker"},
          subject=C, state="working"),
        Q(121, "How long has the orange-vest lad with the yellow hat been stood idle?", "spell_duration",
          {"ent": "fitter"}, subject=E, state="idle", spell="current"),
        Q(124, "Is the blue barrow still where it was?", "still_there", {"ent": "barrow"},
          subject=S("wheelbarrow", colour="blue")),
        Q(130, "Any idea where the barrow's ended up?", "where", {"ent": "barrow"}, subject=S("wheelbarrow")),
        Q(150, "Which way's the generator?", "direction_of", {"ent": "generator"}, subject=S("generator")),
        Q(160, "Which way's the load hanging off the crane from me?", "direction_of", {"ent": "load"},
          subject=S("suspended_load")),
        Q(162, "Whereabouts is my hammer lying?", "where", {"ent": "hammer"}, subject=S("hammer")),
        Q(165, "How long ago did I put the hammer down?", "time_since", {"ent": "hammer"}, subject=S("hammer"),
          event="dropped"),
        Q(176, "When did I pick my hammer back up?", "event_time", {"ent": "hammer"}, subject=S("hammer"),
          event="picked_up"),
        Q(186, "How long was the green-vest lad down in the trench?", "state_duration",
          {"ent": "groundworker", "pit": "trench"}, subject=C, state="in_zone"),
        Q(188, "What time did he climb out of the trench, the lad in green?", "event_time",
          {"ent": "groundworker", "pit": "trench"}, subject=C, event="left_zone"),
        Q(190, "Is the lad in green by the pipes the same one who was down the trench?", "same_individual",
          {"a": "groundworker", "b": "groundworker"}, subject=C,
          other={"subject": S("worker"), "event": "entered_zone", "unit": None, "ordinal": None}),
        Q(194, "Did the green-vest lad go back into the trench after he came out?", "returned",
          {"ent": "groundworker", "pit": "trench", "place": ("zone", "trench", "left_zone")}, subject=C,
          other={"subject": C, "event": "left_zone", "unit": None, "ordinal": None}),
        Q(196, "Did the green-vest lad go back to where I first saw him?", "returned",
          {"ent": "groundworker", "place": ("worker", "groundworker", "first_seen")}, subject=C,
          other={"subject": C, "event": "first_seen", "unit": None, "ordinal": None}),
        Q(198, "Did the lad in green get out of the trench before I put the hammer down?", "order",
          {"a": ("groundworker", "left_zone"), "b": ("hammer", "dropped")}, subject=C, event="left_zone",
          relation="before", other={"subject": S("hammer"), "event": "dropped", "unit": None, "ordinal": None}),
        Q(206, "Headcount: how many individual workers have I come across today?", "count_distinct", {"label": "worker"},
          subject=S("worker")),
        Q(212, "Is my drill still where I left it?", "still_there", {"ent": "drill"}, subject=S("drill")),
        Q(218, "Is the fella at the generator the same one I saw under the crane load at 2:15?",
          "same_individual", {"a": "fitter", "b": "banksman"}, subject=S("worker"), time={"t": 135.0}),
        Q(240, "How long was my drill lying on the ground?", "state_duration", {"ent": "drill"},
          subject=S("drill"), state="on_ground"),
        Q(241, "What time did I pick the drill back up?", "event_time", {"ent": "drill"}, subject=S("drill"),
          event="picked_up"),
        Q(245, "What's over to my right?", "things_in_direction", direction="right"),
        Q(270, "How long has the green-vest lad been on the go this time?", "spell_duration",
          {"ent": "groundworker"}, subject=C, state="working", spell="current"),
        Q(275, "Who signed off the permit for this dig?", "unknown"),
        Q(280, "How long ago did the lad in green come up out of the trench?", "time_since",
          {"ent": "groundworker", "pit": "trench"}, subject=C, event="left_zone"),
        Q(282, "When did the orange-vest fella with the yellow hat down tools?", "event_time",
          {"ent": "fitter"}, subject=E, event="stopped_working"),
    ]
    spec = {
        "scenario": ID, "site": SITE, "camera": CAMERA,
        "alerts": [("exclusion_zone", "groundworker"), ("left_behind", "drill"), ("memory_recall", "barrow"),
                   ("idle", "fitter"), ("safety_alert", "banksman")],
        "lookalikes": [
            "the engineer surveys for over three minutes 3.2 m beside the trench's east end: near but outside the "
            "zone, no exclusion_zone",
            "the load hangs on the hook for two minutes with everybody at least 6.5 m away: no safety_alert",
            "the wearer puts his hammer down at 150 s and picks it up at 171 s, out of view for about 15 s: no "
            "left_behind",
            "the fitter and the banksman chat for 20 s at the start: no idle alert",
            "cones, ladder, pallet and generator come back into view at their places after every turn: no "
            "memory_recall",
            "the engineer walks off site at 201 s (a person, not a thing): no memory_recall",
        ],
    }
    return world, questions, spec
