"""Scenario k1: a blockwork yard inside a site hoarding.

Pinhole 72 deg, 640x360, 270 s.  The wearer (a supervisor) stands still
and turns: pans, two quick glances and one full 360-degree turn to the
right.  The tracker keeps its ids however long someone is out of view.

Story: a bricklayer (orange vest, white hat) walks in and lays blocks all
along (first block at 26 s, third course at 191 s) with a short tea break;
a labourer (yellow vest, blue hat) mixes, then stands idle by the mixer for
91 s with his hard hat off for 78 s, later fetches blocks from the pallet
and goes back to the mixer; a second labourer (green vest, yellow hat)
wheels the barrow away while the wearer looks elsewhere; a site engineer
(blue vest, white hat) visits and leaves.
"""
import math

from ..lens import Lens
from ..script import pol, Route, heading_to
from ..truth import Q, S
from ..world import Wearer, Worker, Thing, BrickWall, World

ID = "k1_brickyard"
CAMERA = "kcam-yard-1"
SITE = "Blockwork yard behind a hoarding (housing plot 7)"


def build():
    lens = Lens(640, 360, 72.0, "pinhole")
    env = {"ground": "gravel", "ground_texel": 0.02, "pano": "city",
           "enclosure": {"xmin": -14.0, "xmax": 12.0, "ymin": -11.0, "ymax": 12.0, "height": 2.4,
                         "kind": "hoarding"}}
    yaw = [(0, 0), (6, -3), (12, 0), (15, 55), (20, 55), (23, 5), (35, 8), (45, 2), (55, 5), (56, -62),
           (57, -62), (58.2, 5), (66, 5), (70, 97), (84, 94), (97, 97), (100, 5), (112, 9), (125, 5), (128, 60),
           (131, 60), (134, 100), (150, 97), (166, 100), (170, 5), (185, 8), (198, 5), (208, 365), (228, 365),
           (229.2, 295), (230.2, 295), (231.5, 365), (240, 365), (244, 465), (256, 465), (260, 365), (270, 365)]
    pitch = [(0, -8), (60, -7), (120, -9), (200, -8), (270, -8)]
    wearer = Wearer(yaw, [(0, 0.0, 0.0)], pitch, seed=101)

    ents = []
    # the wall being built and its bricklayer
    lay = [26 + 8 * k for k in range(10)] + [128 + 9 * k for k in range(8)] + [200 + 9 * k for k in range(8)]
    ents.append(BrickWall("wall", pol(6, 5.2), 0.0, lay, per_course=6, desc="blockwork wall (brick_wall)"))
    rA = Route(0, *pol(-62, 10)).wait_until(2).walk(0.6, 5.9)
    ents.append(Worker("brickie", "orange", "white", rA.keys,
                       [(0, "idle"), (22, "active"), (102, "idle"), (124, "active")],
                       hat_on=[(0, True), (222.0, False), (223.5, True)], face=[(0, 180.0)],
                       desc="bricklayer (orange vest, white hard hat)"))
    ents.append(Thing("pallet_blocks", "pallet", "pallet", pol(-26, 5.5), yaw=8.0, build_kw={"load": "blocks"},
                      desc="pallet of blocks"))
    # mixer and the first labourer
    mixer_xy = pol(95, 7.0)
    ents.append(Thing("mixer", "cement_mixer", "cement_mixer", mixer_xy, yaw=-85.0, desc="cement mixer"))
    b_spot = (5.9, -1.05)
    p_spot = (-1.3, 4.2)
    rB = Route(0, *b_spot).wait_until(165).walk(*p_spot).wait_until(190).walk(*b_spot)
    ents.append(Worker("labourer_y", "yellow", "blue", rB.keys, [(0, "active"), (74, "idle"), (165, "active")],
                       hat_on=[(0, True), (80, False), (158, True)],
                       face=[(0, 80.0), (172, heading_to(p_spot, pol(-26, 5.5))), (197, 80.0)],
                       desc="labourer (yellow vest, blue hard hat)"))
    # the wheelbarrow, wheeled away unseen by the second labourer
    wb0 = pol(66, 5.5)
    wb1 = pol(148, 6.0)
    dx, dy = wb1[0] - wb0[0], wb1[1] - wb0[1]
    L = math.hypot(dx, dy)
    ux, uy = dx / L, dy / L
    mv_yaw = math.degrees(math.atan2(ux, uy))
    h0 = (wb0[0] - 1.1 * ux, wb0[1] - 1.1 * uy)
    h1 = (wb1[0] - 1.1 * ux, wb1[1] - 1.1 * uy)
    barrow = Thing("barrow", "wheelbarrow", "wheelbarrow", wb0, yaw=150.0, colour="green",
                   path=[(0, wb0[0], wb0[1], 0.0, 150.0), (111.6, wb0[0], wb0[1], 0.0, 150.0),
                         (113, wb0[0], wb0[1], 0.0, mv_yaw), (120, wb1[0], wb1[1], 0.0, mv_yaw)],
                   desc="green wheelbarrow")
    barrow.events = [(113.0, "moved")]
    ents.append(barrow)
    rD = Route(99.4, 0.5, -9.5).walk(*h0).wait_until(113).walk(*h1, arrive=120).walk(2.6, -5.6, speed=1.0)
    ents.append(Worker("labourer_g", "green", "yellow", rD.keys, [(0, "active")], face=[(0, 90.0)],
                       present=[(99.4, 1e9)], desc="labourer (green vest, yellow hard hat)"))
    # the visiting engineer
    door = pol(-100, 10.5)
    e_spot = pol(22, 4.4)
    rE = Route(170, *door).walk(*e_spot).wait_until(205).walk(*door)
    ents.append(Worker("engineer", "blue", "white", rE.keys, [(0, "idle")], face=[(0, 200.0)],
                       present=[(170, rE.t + 0.3)], desc="site engineer (blue vest, white hard hat)"))
    # other vocabulary things
    ents.append(Thing("toolbox", "toolbox", "toolbox", pol(-80, 3.5), yaw=10.0, colour="red", desc="red toolbox"))
    for k, b in enumerate((-105, -113, -121)):
        ents.append(Thing(f"cone{k + 1}", "cone", "cone", pol(b, 6.5), colour="orange", desc="traffic cone"))
    ents.append(Thing("scaffold", "scaffold", "scaffold", pol(190, 8.5), yaw=190.0, desc="scaffold"))
    ents.append(Thing("ladder", "ladder", "ladder", pol(176, 7.0), yaw=180.0, desc="ladder"))
    # site things the detector does not name
    ents.append(Thing("cabin", None, "cabin", pol(-100, 11.5), yaw=80.0))
    ents.append(Thing("portaloo", None, "portaloo", pol(-150, 9.0), yaw=30.0))
    ents.append(Thing("ibc", None, "ibc", pol(-40, 9.0), yaw=20.0))
    ents.append(Thing("rebar", None, "rebar", pol(30, 10.0), yaw=30.0))
    ents.append(Thing("sign", None, "sign", pol(-48, 6.0), yaw=-48.0))
    ents.append(Thing("bags", None, "bags", pol(112, 7.5), yaw=-70.0))

    world = World(ID, SITE, CAMERA, lens, env, wearer, ents, duration=270.0, fps=15, tracker_gap_s=None,
                  seed=1101)

    brickie = S("worker", role="bricklayer")
    yel = S("worker", vest="yellow")
    questions = [
        Q(24, "Which way is the pallet of blocks from me?", "direction_of", {"ent": "pallet_blocks"},
          subject=S("pallet")),
        Q(102, "Which way's the cement mixer from where I'm standing?", "direction_of", {"ent": "mixer"},
          subject=S("cement_mixer")),
        Q(40, "What's the forecast looking like for the pour tomorrow?", "unknown"),
        Q(62, "When did the first brick go on that wall?", "event_time", {"ent": "wall"},
          subject=S("brick_wall"), event="work_unit", unit="brick", ordinal=1),
        Q(64, "Is the brickie actually grafting right now?", "is_working", {"ent": "brickie"},
          subject=brickie, state="working"),
        Q(95, "What time did the lad in the yellow hi-vis take his lid off?", "event_time",
          {"ent": "labourer_y"}, subject=yel, event="ppe_removed"),
        Q(99, "How long's the yellow-vest lad been stood there doing nothing?", "spell_duration",
          {"ent": "labourer_y"}, subject=yel, state="idle", spell="current"),
        Q(110, "What have I got over on my right?", "things_in_direction", direction="right"),
        Q(118, "Is the brickie working at the minute?", "is_working", {"ent": "brickie"},
          subject=brickie, state="working"),
        Q(129.5, "Is the green barrow still where it was when I first clocked it?", "still_there",
          {"ent": "barrow"}, subject=S("wheelbarrow", colour="green")),
        Q(131, "Where's that barrow got to?", "where", {"ent": "barrow"}, subject=S("wheelbarrow")),
        Q(137, "Is the fella in yellow still on his break?", "is_working", {"ent": "labourer_y"},
          subject=yel, state="idle"),
        Q(145, "Did the brickie knock off for his brew before the yellow-vest lad took his helmet off?", "order",
          {"a": ("brickie", "went_idle"), "b": ("labourer_y", "ppe_removed")},
          subject=brickie, event="went_idle", relation="before",
          other={"subject": yel, "event": "ppe_removed", "unit": None, "ordinal": None}),
        Q(148, "How long did the brickie's tea break last?", "spell_duration", {"ent": "brickie"},
          subject=brickie, state="idle", spell="last"),
        Q(160, "How long ago did the brickie get back on the tools?", "time_since", {"ent": "brickie"},
          subject=brickie, event="resumed_working"),
        Q(169, "How long was the yellow-vest lad walking about without his hard hat?", "state_duration",
          {"ent": "labourer_y"}, subject=yel, state="without_ppe"),
        Q(176, "Which side's the toolbox on?", "direction_of", {"ent": "toolbox"}, subject=S("toolbox")),
        Q(184, "When did the bloke in the blue vest first turn up?", "event_time", {"ent": "engineer"},
          subject=S("worker", vest="blue"), event="first_seen"),
        Q(195, "What time did he get the third course finished on the wall?", "event_time", {"ent": "wall"},
          subject=S("brick_wall"), event="work_unit", unit="course", ordinal=3),
        Q(196, "How long was the yellow-vest fella standing about for, his last break?", "spell_duration",
          {"ent": "labourer_y"}, subject=yel, state="idle", spell="last"),
        Q(214, "Did the lad in yellow go back to where he'd been stood about?", "returned",
          {"ent": "labourer_y", "place": ("worker", "labourer_y", "went_idle")},
          subject=yel, other={"subject": yel, "event": "went_idle", "unit": None, "ordinal": None}),
        Q(215, "How many separate people have I had eyes on so far?", "count_distinct", {"label": "worker"},
          subject=S("worker")),
        Q(216, "Where would I find the wheelbarrow now?", "where", {"ent": "barrow"}, subject=S("wheelbarrow")),
        Q(226, "How long since I last saw the engineer in the blue vest?", "time_since", {"ent": "engineer"},
          subject=S("worker", role="engineer", vest="blue"), event="last_seen"),
        Q(226.5, "What's at my back right now?", "things_in_direction", direction="behind"),
        Q(227, "How long ago was the toolbox last in view?", "time_since", {"ent": "toolbox"},
          subject=S("toolbox"), event="last_seen"),
        Q(236, "Which direction's the ladder from here?", "direction_of", {"ent": "ladder"}, subject=S("ladder")),
        Q(250, "Is that the same lad at the mixer who was over by the pallet of blocks at 3:00?",
          "same_individual", {"a": "labourer_y", "b": "labourer_y"}, subject=S("worker"), time={"t": 180.0}),
        Q(252, "And is he the same fella as the one laying the blocks?", "same_individual",
          {"a": "labourer_y", "b": "brickie"}, subject=S("worker"),
          other={"subject": brickie, "event": None, "unit": None, "ordinal": None}),
        Q(262, "Is the yellow-vest lad back at it now?", "is_working", {"ent": "labourer_y"},
          subject=yel, state="working"),
        Q(266, "Can you book the crane for Thursday morning?", "unknown"),
        Q(268, "What time did the brickie get started this morning?", "event_time", {"ent": "brickie"},
          subject=brickie, event="started_working"),
    ]
    spec = {
        "scenario": ID, "site": SITE, "camera": CAMERA,
        "alerts": [("progress", "wall"), ("ppe_violation", "labourer_y"), ("memory_recall", "barrow"),
                   ("idle", "labourer_y"), ("progress", "wall")],
        "lookalikes": [
            "the bricklayer takes his hard hat off for 1.5 s at 222 s (wiping his brow): under 3 s, no ppe_violation",
            "the bricklayer's tea break lasts 22 s (102-124 s): a short idle, no idle alert",
            "the engineer stands by the wall for 24 s (181-205 s) talking: no idle alert",
            "the bricklayer stands for 12 s before starting (10-22 s): no idle alert",
            "the toolbox, pallet, cones, scaffold and ladder come back into view at their places (glances, 360 turn): "
            "no memory_recall",
            "the labourer walks off to the pallet and back (people leaving view are not things gone): no "
            "memory_recall",
            "the wheelbarrow's old place is seen again during the 360 turn after the one memory_recall: no second "
            "alert",
        ],
    }
    return world, questions, spec
