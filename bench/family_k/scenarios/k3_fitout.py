"""Scenario k3: interior fit-out on a concrete-framed floor.

Equidistant fisheye 150 deg, 512x288, 250 s.  Indoors: blockwork walls
with window openings and a concrete soffit.  The wearer walks to the
stepladder, sets his hammer down, walks about 5 m away, makes a full
360-degree turn, pans and glances, and later walks 3 m towards the
partition.  The tracker starts a new id when someone has been out of view
for more than 5 s.

Story: a bricklayer (blue vest, white hat) builds a blockwork partition
(first block 16 s, third course 203 s) with a short break; a labourer
(orange vest, white hat) carries the toolbox across the floor behind the
wearer's back and later stands about on his phone for 84 s; a plasterboard
fixer (yellow vest, red hat) works on the east wall and takes his hat off for
23 s; the site manager (green vest, blue hat) visits and leaves.
"""
from ..lens import Lens
from ..script import Route, wearer_tool
from ..truth import Q, S
from ..world import Wearer, Worker, Thing, BrickWall, World

ID = "k3_fitout"
CAMERA = "kcam-fitout-3"
SITE = "Level 3 fit-out, concrete frame (block B)"

W1 = (1.5, -0.5)
W2 = (-3.4, 0.2)


def build():
    lens = Lens(512, 288, 150.0, "fisheye")
    env = {"ground": "concrete", "ground_texel": 0.02, "pano": "city", "ceiling": 3.2,
           "enclosure": {"xmin": -7.0, "xmax": 7.0, "ymin": -4.0, "ymax": 8.0, "height": 3.2, "kind": "blockwork"}}
    R = 360.0
    yaw = [(0, 0), (20, 0), (24, 90), (32, 90), (36, -60), (44, -60), (46, -88), (58, -88), (61, 95), (68, 95),
           (72, 90), (75, 90), (85, 90 + R), (88, R), (100, R + 4), (118, R), (122, 260), (126, 260), (130, 450),
           (145, 445), (160, 450), (164, R), (176, R + 3), (190, R), (194, 450), (198, 450), (202, R), (220, R),
           (224, R - 5), (235, R - 5), (236.5, R - 65), (237.5, R - 65), (239, R - 5), (250, R - 5)]
    pitch = [(0, -10), (53.5, -10), (55.5, -50), (57.5, -50), (59, -10), (250, -10)]
    pos = [(0, 0.0, 0.0), (48, 0.0, 0.0), (52, W2[0], W2[1]), (62, W2[0], W2[1]), (68, W1[0], W1[1]),
           (220, W1[0], W1[1]), (224, 1.0, 2.5), (250, 1.0, 2.5)]
    wearer = Wearer(yaw, pos, pitch, seed=303)

    ents = []
    lay = [16 + 9 * k for k in range(9)] + [123 + 10 * k for k in range(13)]
    ents.append(BrickWall("partition", (-1.5, 5.5), 0.0, lay, per_course=6, desc="blockwork partition (brick_wall)"))
    ents.append(Thing("pallet_blocks", "pallet", "pallet", (-3.6, 4.4), yaw=-10.0, build_kw={"load": "blocks"},
                      desc="pallet of blocks"))
    ents.append(Thing("boards", "pallet", "pallet", (5.6, 0.8), yaw=90.0, build_kw={"load": "plasterboard"},
                      desc="pallet of plasterboard"))
    ents.append(Thing("tower", "scaffold", "tower_scaffold", (4.5, 4.5), yaw=0.0, desc="mobile tower scaffold"))
    ents.append(Thing("stepladder", "ladder", "stepladder", (-5.2, 1.0), yaw=90.0, colour="yellow",
                      desc="yellow stepladder"))
    # the toolbox, carried across behind the wearer's back
    tb0, tb1 = (-4.8, -1.5), (5.6, -3.4)
    toolbox = Thing("toolbox", "toolbox", "toolbox", tb0, yaw=20.0, colour="red", desc="red toolbox",
                    path=[(0, tb0[0], tb0[1], 0.0, 20.0), (94.5, tb0[0], tb0[1], 0.0, 20.0),
                          (95.5, tb0[0], tb0[1], 0.55, 20.0), (104, tb1[0], tb1[1], 0.55, 20.0),
                          (105, tb1[0], tb1[1], 0.0, 20.0)])
    toolbox.events = [(95.0, "picked_up"), (95.0, "moved"), (105.0, "dropped")]
    ents.append(toolbox)

    # workers
    rH = Route(0, -1.4, 6.3)
    ents.append(Worker("brickie", "blue", "white", rH.keys,
                       [(0, "idle"), (8, "active"), (100, "idle"), (117, "active")],
                       hat_on=[(0, True), (95.0, False), (96.2, True)], face=[(0, 180.0)],
                       desc="bricklayer (blue vest, white hard hat)"))
    g_rest = (4.9, -2.2)
    rG = (Route(0, 5.2, 0.0).wait_until(40).walk(-4.0, -2.3).wait_until(93.5).walk(-4.8, -1.15, arrive=95.5)
          .walk(tb1[0], tb1[1] + 0.35, arrive=104).walk(*g_rest, arrive=106))
    ents.append(Worker("labourer", "orange", "white", rG.keys,
                       [(0, "active"), (131, "idle"), (215, "active")],
                       face=[(0, 90.0), (49, -150.0), (106, 200.0)],
                       desc="labourer (orange vest, white hard hat)"))
    ents.append(Worker("fixer", "yellow", "red", [(0, 6.2, 3.0)], [(0, "active")],
                       hat_on=[(0, True), (132.0, False), (155.0, True)], face=[(0, 90.0)],
                       desc="plasterboard fixer (yellow vest, red hard hat)"))
    door = (0.0, -3.9)
    rJ = Route(148, *door).walk(-0.3, 4.6).wait_until(180).walk(*door)
    ents.append(Worker("manager", "green", "blue", rJ.keys, [(0, "idle")], face=[(0, 0.0)],
                       present=[(148, rJ.t + 0.4)], desc="site manager (green vest, blue hard hat)"))

    # the wearer's hammer, set down by the stepladder and left there
    hammer = wearer_tool("hammer", "hammer", "hammer", wearer, colour="blue", set_downs=[56.0])
    hammer.desc = "the wearer's hammer"
    ents.append(hammer)

    # site things the detector does not name
    ents.append(Thing("col_a", None, "column", (-3.0, 3.0)))
    ents.append(Thing("col_b", None, "column", (3.0, 3.0)))
    ents.append(Thing("col_c", None, "column", (-3.0, -3.0)))
    ents.append(Thing("bags", None, "bags", (-5.6, -3.0), yaw=90.0))
    ents.append(Thing("drum", None, "cable_drum", (2.5, 6.8), yaw=0.0))
    ents.append(Thing("ibc", None, "ibc", (6.2, 6.8), yaw=180.0))

    world = World(ID, SITE, CAMERA, lens, env, wearer, ents, duration=250.0, fps=15, tracker_gap_s=5.0,
                  seed=3303)

    brickie = S("worker", role="bricklayer")
    lab = S("worker", vest="orange")
    fixer = S("worker", role="fixer")                       # the role alone, once described
    fixer_d = S("worker", role="fixer", hat_colour="red")  # "the fixer in the red hat"
    questions = [
        Q(10, "Has the plasterboard delivery been signed for yet?", "unknown"),
        Q(31, "What have I got in front of me?", "things_in_direction", direction="front"),
        Q(45, "When did the first block go down on the partition?", "event_time", {"ent": "partition"},
          subject=S("brick_wall"), event="work_unit", unit="brick", ordinal=1),
        Q(47, "Which way's the stepladder?", "direction_of", {"ent": "stepladder"}, subject=S("ladder")),
        Q(70, "When did I put my hammer down?", "event_time", {"ent": "hammer"}, subject=S("hammer"),
          event="dropped"),
        Q(87, "How many bodies have I clocked on this floor so far?", "count_distinct", {"label": "worker"},
          subject=S("worker")),
        Q(98, "Is the brickie laying blocks at the moment?", "is_working", {"ent": "brickie"}, subject=brickie,
          state="working"),
        Q(110, "How long's the brickie been stood there?", "spell_duration", {"ent": "brickie"},
          subject=brickie, state="idle", spell="current"),
        Q(121, "Is the red toolbox still where it was?", "still_there", {"ent": "toolbox"},
          subject=S("toolbox", colour="red")),
        Q(124, "So where's that toolbox at now?", "where", {"ent": "toolbox"}, subject=S("toolbox")),
        Q(140, "When did the fixer in the red hat take his helmet off?", "event_time", {"ent": "fixer"},
          subject=fixer_d, event="ppe_removed"),
        Q(145, "Is the lad in orange skiving?", "is_working", {"ent": "labourer"}, subject=lab, state="idle"),
        Q(158, "How long was the fixer without his hard hat?", "state_duration", {"ent": "fixer"},
          subject=fixer, state="without_ppe"),
        Q(166, "Did the fixer take his hat off before the brickie went on his break?", "order",
          {"a": ("fixer", "ppe_removed"), "b": ("brickie", "went_idle")}, subject=fixer, event="ppe_removed",
          relation="before", other={"subject": brickie, "event": "went_idle", "unit": None, "ordinal": None}),
        Q(170, "How long since I last saw my hammer?", "time_since", {"ent": "hammer"}, subject=S("hammer"),
          event="last_seen"),
        Q(175, "I've lost track of my hammer, where is it?", "where", {"ent": "hammer"}, subject=S("hammer")),
        Q(182, "When did the fella in the green vest first show his face?", "event_time", {"ent": "manager"},
          subject=S("worker", vest="green"), event="first_seen"),
        Q(196, "How long has the orange-vest lad been stood about on his phone?", "spell_duration",
          {"ent": "labourer"}, subject=lab, state="idle", spell="current"),
        Q(205, "What time did the third course of blocks get finished?", "event_time", {"ent": "partition"},
          subject=S("brick_wall"), event="work_unit", unit="course", ordinal=3),
        Q(210, "Is the fixer in the red hat the same one I saw at 0:30?", "same_individual",
          {"a": "fixer", "b": "fixer"}, subject=fixer_d, time={"t": 30.0}),
        Q(213, "What's off to my right at the moment?", "things_in_direction", direction="right"),
        Q(216, "Which way is the toolbox now?", "direction_of", {"ent": "toolbox"}, subject=S("toolbox")),
        Q(217, "How long since I last saw the site manager in the green vest?", "time_since", {"ent": "manager"},
          subject=S("worker", role="site manager", vest="green"), event="last_seen"),
        Q(230, "How long did the brickie's break last?", "spell_duration", {"ent": "brickie"}, subject=brickie,
          state="idle", spell="last"),
        Q(235, "How long ago did the first block go in?", "time_since", {"ent": "partition"},
          subject=S("brick_wall"), event="work_unit", unit="brick", ordinal=1),
        Q(240, "When did the orange-vest lad stop working?", "event_time", {"ent": "labourer"}, subject=lab,
          event="stopped_working"),
        Q(219, "Is the fixer still cracking on?", "is_working", {"ent": "fixer"}, subject=fixer, state="working"),
        Q(246, "What's the U-value of that partition supposed to be?", "unknown"),
        Q(248, "All told, how many individual workers have been on this floor?", "count_distinct", {"label": "worker"},
          subject=S("worker")),
    ]
    spec = {
        "scenario": ID, "site": SITE, "camera": CAMERA,
        "alerts": [("progress", "partition"), ("left_behind", "hammer"), ("memory_recall", "toolbox"),
                   ("ppe_violation", "fixer"), ("idle", "labourer"), ("progress", "partition")],
        "lookalikes": [
            "the bricklayer lifts his hard hat for 1.2 s at 95 s: under 3 s, no ppe_violation",
            "the bricklayer's break lasts 17 s (100-117 s): no idle alert",
            "the site manager stands at the partition for 25 s (155-180 s): no idle alert",
            "the stepladder, pallets and tower scaffold come back into view at their places during the 360 turn "
            "and pans: no memory_recall",
            "the toolbox is found again at its new place after the one memory_recall: no second alert",
            "the site manager walks out of the floor (a person, not a thing): no memory_recall",
        ],
    }
    return world, questions, spec
