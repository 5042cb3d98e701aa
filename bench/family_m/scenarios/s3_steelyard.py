"""Scenario 3: a steel stockyard with a forklift and a scaffold tower. Equidistant fisheye 110 deg,
480x360, 250 s. The wearer turns full circles, sets his hammer down and walks away from it.

The tracker starts a new id after an individual has been out of view for more than 6 s."""
from ..geom import Lens
from ..script import person, scenery, thing
from ..world import Entity, Keys, Wearer, World

NAME = "m3_steelyard"
SITE = "Steel stockyard with forklift and scaffold tower (family M, site 3)"
CAMERA = "fm-steelyard-cam3"
THEME = "concrete"
SEED = 303
DURATION = 250.0
TRACKER = {"mode": "gap", "gap_s": 6.0}


def wearer():
    yaw = [(0, 0), (5, 2), (14, 362), (17, 360), (19, 358), (20.5, 356), (23, 356), (24, 358), (33, 358),
           (34.5, 356), (36.5, 356), (38, 360), (52, 358), (53.5, 356), (56.5, 356), (58, 405), (62.5, 405),
           (64, 318), (97, 320), (99, 345), (112, 343), (114, 318), (134, 318), (135.5, 400), (137, 400),
           (138.5, 318), (158, 320), (162, 460), (177, 462), (183, 282), (191, 280), (197, 510), (216, 512),
           (226, 870), (235, 872), (239, 780), (250, 780)]
    pitch = [(0, -10), (19, -10), (20.5, -50), (23, -50), (24.5, -10), (33, -10), (34.5, -50), (36.5, -50),
             (38, -10), (52, -10), (53.5, -50), (56.5, -50), (58, -10), (250, -10)]
    pos = [(0, 0.0, 0.0), (58, 0.0, 0.0), (62.5, 3.5, 3.0), (250, 3.5, 3.0)]
    return Wearer(yaw, pitch, pos, eye_h=1.72, seed=SEED, jitter=0.9)


def build():
    lens = Lens(480, 360, 110.0, "fisheye")
    ents = []
    # rigger: orange vest, red hat; chats beside the parked forklift, steps away, walks beside it
    # when it moves (too close), then works at the steel racks
    ents.append(person(
        "rigger", "orange", "red",
        [(0, 2.0, 10.5), (40, 2.0, 10.5), (43, 4.3, 8.9), (80, 4.3, 8.9), (84, 1.2, 11.6), (100, 1.2, 11.6),
         (102.5, 4.0, 8.8), (109, 0.3, 8.8), (112, 0.3, 8.8), (118, 7.5, 12.5), (250, 7.5, 12.5)],
        [(0, "active")], face=[(0, 180), (43, 90), (84, 180), (116, 200)], trousers=(40, 40, 40)))
    # scaffolder: yellow vest, white hat; wipes his brow (hat off 2 s), long idle spell, a short one later
    ents.append(person(
        "scaffolder", "yellow", "white",
        [(0, -6.0, 4.0), (250, -6.0, 4.0)],
        [(0, "active"), (65, "idle"), (157, "active"), (190, "idle"), (226, "active")],
        hat_off=[(24.0, 26.0)], face=[(0, 110)], trousers=(70, 60, 50)))
    # steel fixer: blue vest, green hat; hat off for 20 s, takes the ladder away unseen
    ents.append(person(
        "fixer", "blue", "green",
        [(0, 6.0, -1.5), (160, 6.0, -1.5), (165.5, -5.3, 3.0), (166.5, -5.3, 3.0), (174, -14.0, -7.0),
         (176, -14.0, -7.0), (187, 6.0, -1.5), (250, 6.0, -1.5)],
        [(0, "active")], hat_off=[(195.0, 215.0)], face=[(0, 330)], trousers=(50, 45, 40)))
    ents.append(thing("forklift", "forklift", "forklift", 0, 0, yaw=270, colour="yellow",
                      path=[(0, 5.6, 7.0), (100, 5.6, 7.0), (109, 0.5, 7.0), (140, 0.5, 7.0),
                            (152, 0.5, 18.0), (250, 0.5, 18.0)], style={"pallet": True}, ease=False))
    ents.append(thing("hammer", "hammer", "hammer", 0, 0, colour="black",
                      carries=[(0.0, 21.5, "wearer"), (35.5, 55.0, "wearer")]))
    ents.append(thing("scaffold", "scaffold", "scaffold", -7.4, 5.6, yaw=110, style={"size": (2.6, 4.0, 1.4)}))
    ents.append(thing("ladder", "ladder", "ladder", -5.5, 3.8, yaw=-70, colour="silver",
                      style={"length": 3.2, "tilt": 17}, carries=[(166.5, 174.0, "fixer")]))
    ents.append(thing("toolbox", "toolbox", "toolbox", 7.2, -0.6, yaw=20, colour="red"))
    ents.append(thing("pallet", "pallet", "pallet", 9.0, 2.5, yaw=10, style={"load": (150, 150, 150), "height": 0.6}))
    for k, (x, z) in enumerate([(-1.5, -4.0), (0.0, -4.4), (1.5, -4.0)]):
        ents.append(thing("cone%d" % (k + 1), "cone", "cone", x, z, colour="orange"))
    ents.append(scenery("container", "hut", -12.0, -6.5, yaw=90, style={"size": (6.0, 2.6, 2.4), "colour": (40, 60, 150)}))
    ents.append(scenery("racks1", "pipes", 7.5, 14.4, yaw=90, style={"colour": (110, 110, 115), "n": 5, "length": 5.0}))
    ents.append(scenery("racks2", "pipes", 10.5, 7.0, yaw=0, style={"colour": (50, 90, 140), "n": 4, "length": 4.0}))
    ents.append(scenery("generator", "generator", -8.0, -1.0, yaw=80))
    ents.append(scenery("skip", "skip", 4.0, -9.0, yaw=0))
    ents.append(scenery("barrier", "barrier", -9.0, 10.0, yaw=30, style={"length": 4.0}))
    return World(NAME, DURATION, 15, lens, wearer(), ents)


# ---------------------------------------------------------------------------- questions
from ..qspec import O, Q, T, W  # noqa: E402

RIG = W(vest="orange")
SCAF = W(vest="yellow", role="scaffolder")
FIX = W(vest="blue")
HAMMER = T("hammer")

QUESTIONS = [
    Q("m3-q01", 3.0, "What torque do these holding-down bolts need?", "unknown"),
    Q("m3-q02", 30.0, "When did I put my hammer down just now?", "event_time", {"ent": "hammer"}, subject=HAMMER,
      event="dropped"),
    Q("m3-q03", 45.0, "Did the scaffolder take his hat off before I picked my hammer back up?", "order",
      {"a": ("scaffolder", "ppe_removed"), "b": ("hammer", "picked_up")},
      subject=SCAF, event="ppe_removed", other=O(HAMMER, "picked_up"), relation="before"),
    Q("m3-q04", 60.0, "When did I first catch sight of the lad in the blue vest?", "event_time", {"ent": "fixer"},
      subject=FIX, event="first_seen"),
    Q("m3-q05", 90.0, "Is the scaffolder in the yellow vest actually working?", "is_working", {"ent": "scaffolder"},
      subject=SCAF, state="working"),
    Q("m3-q06", 96.0, "What's sitting over to my right?", "things_in_direction", {}, direction="right"),
    Q("m3-q07", 98.0, "The rigger in orange, is he on the job at the minute?", "is_working", {"ent": "rigger"},
      subject=W(vest="orange", role="rigger"), state="working"),
    Q("m3-q08", 104.0, "Who do you reckon wins the match tonight?", "unknown"),
    Q("m3-q09", 110.0, "Is the lad walking alongside the forklift the same one I saw stood by it at 0:45?",
      "same_individual", {"this": "rigger", "other": "rigger", "other_t": 45.0}, subject=W(), time={"t": 45.0}),
    Q("m3-q10", 120.0, "How long ago did I set the hammer down?", "time_since", {"ent": "hammer"}, subject=HAMMER,
      event="dropped"),
    Q("m3-q11", 125.0, "Which direction's the forklift from where I'm stood?", "direction_of", {"ent": "forklift"},
      subject=T("forklift")),
    Q("m3-q12", 130.0, "How long's the yellow vest fella been sat there doing nothing?", "spell_duration",
      {"ent": "scaffolder"}, subject=SCAF, state="idle", spell="current"),
    Q("m3-q13", 140.0, "What time did the scaffolder down tools?", "event_time", {"ent": "scaffolder"},
      subject=SCAF, event="stopped_working"),
    Q("m3-q14", 150.0, "How many different people have been in the yard so far?", "count_distinct", {},
      subject=W()),
    Q("m3-q15", 156.0, "How many blokes in white hard hats have I seen?", "count_distinct", {},
      subject=W(hat="white")),
    Q("m3-q16", 170.0, "Behind me, what's there?", "things_in_direction", {}, direction="behind"),
    Q("m3-q17", 186.0, "The ladder that was up against the scaffold, where's it gone?", "where", {"ent": "ladder"},
      subject=T("ladder")),
    Q("m3-q18", 190.0, "Is the ladder still leaning where it was first thing?", "still_there", {"ent": "ladder"},
      subject=T("ladder")),
    Q("m3-q19", 200.0, "Is that the same bloke in the blue vest I saw right at the start?", "same_individual",
      {"this": "fixer", "other": "fixer", "other_t": 8.0}, subject=FIX, time={"t": 8.0}),
    Q("m3-q20", 202.0, "Has the red toolbox stayed where it's always been?", "still_there", {"ent": "toolbox"},
      subject=T("toolbox", "red")),
    Q("m3-q21", 205.0, "Has the blue vest lad come back to where I first saw him?", "returned",
      {"ent": "fixer", "place_of": ("fixer", "first_seen")}, subject=FIX, other=O(FIX, "first_seen")),
    Q("m3-q22", 212.0, "How long has the blue vest lad had his lid off?", "state_duration", {"ent": "fixer"},
      subject=FIX, state="without_ppe", spell="current"),
    Q("m3-q23", 220.0, "Did the blue vest lad take his hat off after the scaffolder got back to work?", "order",
      {"a": ("fixer", "ppe_removed"), "b": ("scaffolder", "resumed_working")},
      subject=FIX, event="ppe_removed", other=O(SCAF, "resumed_working"), relation="after"),
    Q("m3-q24", 222.0, "When did the fella in blue take his hard hat off?", "event_time", {"ent": "fixer"},
      subject=FIX, event="ppe_removed"),
    Q("m3-q25", 228.0, "How long was the scaffolder sat idle the first time?", "spell_duration",
      {"ent": "scaffolder"}, subject=SCAF, state="idle", spell="nth", ordinal=1),
    Q("m3-q26", 240.0, "Altogether, how long has the scaffolder been idle today?", "spell_duration",
      {"ent": "scaffolder"}, subject=SCAF, state="idle", spell="total"),
    Q("m3-q27", 244.0, "Red toolbox, which side of me is that on?", "direction_of", {"ent": "toolbox"},
      subject=T("toolbox", "red")),
    Q("m3-q28", 246.0, "Give me a direction for the pallet of blocks.", "direction_of", {"ent": "pallet"},
      subject=T("pallet")),
    Q("m3-q29", 247.0, "What's the delivery date for the next lot of steel?", "unknown"),
]

ALERTS = [("left_behind", "hammer"), ("safety_alert", "rigger"), ("idle", "scaffolder"),
          ("memory_recall", "ladder"), ("ppe_violation", "fixer")]

LOOKALIKES = [
    "The wearer sets the hammer down at 21.5 s and picks it up at 35.5 s (out of view about 10 s): no left_behind.",
    "The scaffolder takes his hard hat off for 2 s (24-26 s) to wipe his brow: under 3 s, no ppe_violation.",
    "The rigger stands 1 m from the parked forklift for 37 s (43-80 s): the plant is not moving, no safety_alert.",
    "The forklift drives off north (140-152 s) with everyone more than 5 m away: no safety_alert.",
    "The scaffolder's second idle spell lasts 36 s (190-226 s): a short idle, no idle alert.",
    "The cones, pallet and toolbox come back into view where they were during the full turns: no memory_recall.",
]
