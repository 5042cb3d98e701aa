"""Scenario 2: a drainage run with an open excavation and a crane lift. Equidistant fisheye 150 deg,
640x360, 285 s. The wearer sets his drill down, walks a few metres and comes back for it.

The tracker starts a new id after an individual has been out of view for more than 3 s."""
from ..geom import Lens
from ..script import person, scenery, thing
from ..world import Entity, Keys, Wearer, World

NAME = "m2_drainage"
SITE = "Drainage run with open excavation and crane lift (family M, site 2)"
CAMERA = "fm-drainage-cam2"
THEME = "mud"
SEED = 202
DURATION = 285.0
TRACKER = {"mode": "gap", "gap_s": 3.0}


def wearer():
    yaw = [(0, 0), (8, 4), (12, -30), (16, -30), (19, 0), (20, 2), (27, 40), (29, 40), (30, 2), (33, 0),
           (41, 2), (47, 0), (55, 2), (58, 22), (80, 18), (86, 24), (88, 30), (100, 26), (104, 64), (107, 64),
           (109, 22), (118, 20), (120, -40), (123, -40), (125, 20), (147, 20), (151, 160), (158, 164),
           (162, -40), (190, -44), (193, 0), (195, 180), (212, 182), (216, 380), (219, 380), (222, 380),
           (226, 405), (252, 410), (256, 330), (262, 330), (265, 460), (270, 470), (274, 380), (285, 382)]
    pitch = [(0, -8), (18, -8), (20, -50), (22, -50), (24, -8), (29, -8), (30.5, -52), (32.5, -52), (34, -8),
             (41.5, -8), (43, -52), (45.5, -52), (47, -8), (150, -8), (151, -14), (158, -14), (160, -8),
             (199, -8), (201, -52), (204.5, -52), (206, -8), (285, -8)]
    pos = [(0, 0.0, 0.0), (48, 0.0, 0.0), (54, 0.0, 6.0), (196, 0.0, 6.0), (201, 0.0, 1.2), (214, 0.0, 1.2),
           (221, 2.0, 5.0), (285, 2.0, 5.0)]
    return Wearer(yaw, pitch, pos, eye_h=1.7, seed=SEED, jitter=1.2)


def build():
    lens = Lens(640, 360, 150.0, "fisheye")
    ents = []
    ents.append(Entity("pit", "excavation", "pit", [(0.0, 3.0, 12.0)], style={"size": (4.0, 3.0), "depth": 1.5}))
    # drainage lad: orange vest, blue hat; cuts pipe, climbs into the excavation, comes back out
    ents.append(person(
        "pipelayer", "orange", "blue",
        [(0, 8.2, 7.8), (88, 8.2, 7.8), (93, 4.0, 11.6), (140, 4.0, 11.6), (141.5, 5.6, 9.6), (145, 8.2, 7.8),
         (285, 8.2, 7.8)],
        [(0, "active")], face=[(0, 250), (93, 200), (145, 250)], trousers=(50, 50, 50)))
    # banksman: yellow vest, white hat; guides the lift from the side, walks in under the load, back out
    ents.append(person(
        "banksman", "yellow", "white",
        [(0, -10.5, 6.0), (165, -10.5, 6.0), (170.5, -5.1, 10.1), (182, -5.1, 10.1), (187.5, -10.5, 6.0),
         (285, -10.5, 6.0)],
        [(0, "active")], face=[(0, 60), (170.5, 30), (188, 60)], trousers=(60, 60, 80)))
    # labourer: green vest, yellow hat; sets cones, watches the dig from the side (outside the zone),
    # takes the wheelbarrow away unseen, later works at the pipes and takes his hat off
    ents.append(person(
        "labourer", "green", "yellow",
        [(0, -3.6, 3.3), (60, -3.6, 3.3), (66, -1.8, 11.8), (86, -1.8, 11.8), (92, -3.6, 3.3), (106, -3.6, 3.3),
         (113, 4.0, -1.6), (114, 4.0, -1.6), (124, -11.0, -5.2), (125, -11.0, -5.2), (132, -3.6, 3.3),
         (200, -3.6, 3.3), (211, 10.2, 6.2), (285, 10.2, 6.2)],
        [(0, "active"), (66, "idle"), (86, "active")],
        hat_off=[(230.0, 245.0)], face=[(0, 300), (66, 120), (132, 300), (211, 270)], trousers=(45, 60, 45)))
    ents.append(thing("barrow", "wheelbarrow", "wheelbarrow", 4.5, -2.0, yaw=60, colour="orange",
                      carries=[(114.0, 124.0, "labourer")]))
    ents.append(thing("drill", "drill", "drill", 0.0, 0.0, colour="yellow",
                      carries=[(0.0, 21.0, "wearer"), (31.0, 44.0, "wearer"), (203.0, 400.0, "wearer")]))
    ents.append(thing("load", "suspended_load", "suspended_load", 0, 0, yaw=20,
                      path=[(0, -7.5, 17.0, 4.8), (95, -7.5, 17.0, 4.8), (150, -5.0, 10.5, 3.0),
                            (215, -5.0, 10.5, 3.0), (260, -7.5, 17.0, 5.0), (285, -7.5, 17.0, 5.0)]))
    for k, (x, z) in enumerate([(-4.6, 2.0), (-4.0, 4.2), (-3.4, 6.4)]):
        ents.append(thing("cone%d" % (k + 1), "cone", "cone", x, z, colour="orange"))
    ents.append(thing("ladder", "ladder", "ladder", -6.6, -2.2, yaw=-90, colour="silver",
                      style={"length": 3.0, "tilt": 18}))
    ents.append(thing("toolbox", "toolbox", "toolbox", 7.0, 6.6, yaw=80, colour="blue"))
    ents.append(scenery("spoil", "spoil", 3.0, 15.2, yaw=90, style={"length": 4.5}))
    ents.append(scenery("pipes", "pipes", 9.6, 8.0, yaw=0, style={"colour": (60, 110, 170), "n": 4}))
    ents.append(scenery("hut", "hut", -9.0, -4.0, yaw=90, style={"size": (6.0, 2.6, 2.4), "colour": (60, 110, 60)}))
    ents.append(scenery("toilet", "toilet", 9.0, -3.0, yaw=-80))
    ents.append(scenery("generator", "generator", 7.0, 16.0, yaw=10))
    ents.append(scenery("crane", "crane", -15.0, 24.0, yaw=140, style={"boom": 26.0, "boom_deg": 60}))
    ents.append(scenery("barrier1", "barrier", -1.0, 18.5, yaw=0, style={"length": 4.0}))
    ents.append(scenery("barrier2", "barrier", 12.0, 3.0, yaw=90, style={"length": 4.0}))
    return World(NAME, DURATION, 15, lens, wearer(), ents)


# ---------------------------------------------------------------------------- questions
from ..qspec import O, Q, T, W  # noqa: E402

PIPE = W(vest="orange")
BANK = W(vest="yellow", role="banksman")
LAB = W(vest="green")
DRILL = T("drill")

QUESTIONS = [
    Q("m2-q01", 10.0, "Can you give the office a ring and tell them the drainage is running late?", "unknown"),
    Q("m2-q02", 58.0, "What time did I put my drill down?", "event_time", {"ent": "drill"}, subject=DRILL,
      event="dropped"),
    Q("m2-q03", 75.0, "What have I got over on my right side?", "things_in_direction", {}, direction="right"),
    Q("m2-q04", 84.0, "The lad in green, is he doing any graft or just stood watching?", "is_working",
      {"ent": "labourer"}, subject=LAB, state="working"),
    Q("m2-q05", 100.0, "When did the orange vest lad climb down into the trench?", "event_time",
      {"ent": "pipelayer"}, subject=PIPE, event="entered_zone"),
    Q("m2-q06", 112.0, "Is the fella down the hole the same one in orange I saw cutting pipe about a minute and a half ago?",
      "same_individual", {"this": "pipelayer", "other": "pipelayer", "other_t": 22.0},
      subject=W(vest="orange"), time={"ago_s": 90}),
    Q("m2-q07", 130.0, "Is the lad in the trench still cracking on?", "is_working", {"ent": "pipelayer"},
      subject=PIPE, state="working"),
    Q("m2-q08", 146.0, "How long was the orange vest lad down in the hole for?", "state_duration",
      {"ent": "pipelayer"}, subject=PIPE, state="in_zone", spell="last"),
    Q("m2-q09", 160.0, "Is the wheelbarrow still parked where it was this morning?", "still_there",
      {"ent": "barrow"}, subject=T("wheelbarrow")),
    Q("m2-q10", 175.0, "That banksman under the load, is he the same bloke in yellow I had eyes on at the start?",
      "same_individual", {"this": "banksman", "other": "banksman", "other_t": 5.0},
      subject=BANK, time={"t": 0.0}),
    Q("m2-q11", 190.0, "How long ago did the orange vest lad climb back out of the trench?", "time_since",
      {"ent": "pipelayer"}, subject=PIPE, event="left_zone"),
    Q("m2-q12", 193.0, "Did the lad in green stop to watch before the orange lad went down the hole?", "order",
      {"a": ("labourer", "went_idle"), "b": ("pipelayer", "entered_zone")},
      subject=LAB, event="went_idle", other=O(PIPE, "entered_zone"), relation="before"),
    Q("m2-q13", 198.0, "Which side of me is the banksman on now?", "direction_of", {"ent": "banksman"},
      subject=W(role="banksman")),
    Q("m2-q14", 208.0, "How long had my drill been lying on the deck back there?", "state_duration",
      {"ent": "drill"}, subject=DRILL, state="on_ground", spell="last"),
    Q("m2-q15", 212.0, "What time did I pick the drill back up?", "event_time", {"ent": "drill"}, subject=DRILL,
      event="picked_up"),
    Q("m2-q16", 213.0, "The orange barrow, where was it last?", "where", {"ent": "barrow"},
      subject=T("wheelbarrow", "orange")),
    Q("m2-q17", 225.0, "How many different blokes have been working on this job today?", "count_distinct", {},
      subject=W()),
    Q("m2-q18", 240.0, "How many lads in orange vests have I come across?", "count_distinct", {},
      subject=W(vest="orange")),
    Q("m2-q19", 244.0, "How long has the green vest lad been going without his helmet?", "state_duration",
      {"ent": "labourer"}, subject=LAB, state="without_ppe", spell="current"),
    Q("m2-q20", 250.0, "When did the lad in green take his helmet off?", "event_time", {"ent": "labourer"},
      subject=LAB, event="ppe_removed"),
    Q("m2-q21", 255.0, "Once he was out of the trench, did the orange vest lad go back to where I first saw him?",
      "returned", {"ent": "pipelayer", "place_of": ("pipelayer", "first_seen")},
      subject=PIPE, other=O(PIPE, "first_seen")),
    Q("m2-q22", 258.0, "What's out in front of me right now?", "things_in_direction", {}, direction="front"),
    Q("m2-q23", 263.0, "How long did the green vest lad stand watching the dig?", "spell_duration",
      {"ent": "labourer"}, subject=LAB, state="idle", spell="last"),
    Q("m2-q24", 270.0, "How long since I last clocked the banksman?", "time_since", {"ent": "banksman"},
      subject=W(role="banksman"), event="last_seen"),
    Q("m2-q25", 276.0, "Which direction is the blue toolbox from me?", "direction_of", {"ent": "toolbox"},
      subject=T("toolbox", "blue")),
    Q("m2-q26", 280.0, "What's the invert level at the next manhole?", "unknown"),
    Q("m2-q27", 283.0, "Remind me what the weather's doing Friday.", "unknown"),
]

ALERTS = [("left_behind", "drill"), ("exclusion_zone", "pipelayer"), ("memory_recall", "barrow"),
          ("safety_alert", "banksman"), ("ppe_violation", "labourer")]

LOOKALIKES = [
    "The wearer sets the drill down at 21 s and picks it up again at 31 s (out of view under 10 s): no left_behind.",
    "The labourer in green stands 2.8 m outside the excavation's edge watching the dig for 20 s (66-86 s): outside the zone, no exclusion_zone.",
    "The labourer's 20 s of watching is a short idle, under 60 s: no idle alert.",
    "The crane load slews and hangs over open ground with everyone more than 5 m from it before 165 s and after 188 s: no safety_alert.",
    "The pipe layer works 4 m from the excavation edge for the first 88 s and after 145 s: no exclusion_zone.",
    "The drill comes back into view lying where it was left (149 s, 194 s): a thing merely coming back into view, no memory_recall.",
]
