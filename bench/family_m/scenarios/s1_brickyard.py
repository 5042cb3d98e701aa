"""Scenario 1: a masonry yard. Pinhole 70 deg, 640x360, 270 s. The wearer stands and looks about.

The tracker keeps its ids across gaps."""
from ..geom import Lens
from ..script import person, scenery, thing
from ..world import Entity, Keys, Wearer, World

NAME = "m1_brickyard"
SITE = "Masonry yard, boundary wall plot (family M, site 1)"
CAMERA = "fm-brickyard-cam1"
THEME = "sand"
SEED = 101
DURATION = 270.0
TRACKER = {"mode": "keep"}

# brick laying: first brick at 22 s, one every 5 s; tea break 120-158; resumes at 158
BRICKS = [22.0 + 5 * k for k in range(20)] + [162.0 + 5 * k for k in range(22)]


def wearer():
    yaw = [(0, 0), (11, 2), (14, 50), (17, 50), (19.5, 0), (34, -4), (35, -72), (36.5, -72), (37.2, -4),
           (40, 0), (42, 46), (57, 48), (60, -62), (69, -64), (71.5, 44), (87, 47), (90, -150), (93, -152),
           (96.5, 118), (100, 120), (102.5, 44), (117, 44), (118.2, 2), (122.5, 2), (124, 44), (130, 46), (133, 0), (149, 2), (150, 148),
           (151.8, 150), (152.6, 10), (158.3, -8), (161, -58), (181, -60), (183, 56), (191, 58), (193.5, -58), (203, -60),
           (205, 0), (218, 2), (224, 112), (240, 116), (244, 0), (255, -4), (258, -98), (264, -96), (267, -20),
           (270, -20)]
    pitch = [(0, -9), (14, -12), (17, -12), (19, -9), (40, -9), (42, -11), (57, -11), (60, -9), (70, -9), (72, -11), (87, -11), (89, -8),
             (130, -10), (181, -10), (183, -17), (191, -17), (193, -9), (270, -9)]
    return Wearer(yaw, pitch, [(0, 0.0, 0.0), (270, 0.0, 0.0)], eye_h=1.68, seed=SEED)


def build():
    lens = Lens(640, 360, 70.0, "pinhole")
    ents = []
    wall = thing("wall", "brick_wall", "brick_wall", 0.0, 7.0, style={"per_course": 10, "brick_times": BRICKS})
    ents.append(wall)
    # bricklayer: orange vest, white hat; chats at the pallet, lays bricks, tea break, lays again
    ents.append(person(
        "brickie", "orange", "white",
        [(0, 2.4, 8.1), (18, 2.4, 8.1), (20.5, -0.3, 7.75), (115, 0.4, 7.75), (120, 0.4, 7.75),
         (160, 0.4, 7.75), (210, -0.2, 7.75), (270, 0.5, 7.75)],
        [(0, "idle"), (20.5, "active"), (120, "idle"), (158, "active")],
        face=[(0, 200), (20.5, 180)], trousers=(60, 50, 40)))
    # labourer: yellow vest, blue hat; mixes, stands about by the mixer, fetches the toolbox away
    ents.append(person(
        "labourer", "yellow", "blue",
        [(0, 4.3, 4.2), (155, 4.3, 4.2), (158.5, 3.0, 2.55), (159.4, 3.0, 2.55), (166, 7.2, -3.0),
         (270, 7.2, -3.0)],
        [(0, "active"), (45, "idle"), (155, "active")],
        hat_off=[(76.0, 77.5)], face=[(0, 225), (160, 200)], trousers=(90, 80, 70)))
    # scaffolder: green vest, red hat; arrives at 58 s, works at the scaffold, hat off 175-200,
    # fetches something from the hut and comes back
    ents.append(person(
        "scaffolder", "green", "red",
        [(58, -9.0, -6.0), (66.5, -5.1, 3.6), (214, -5.1, 3.6), (223, -7.2, -4.0), (238, -7.2, -4.0),
         (247, -5.1, 3.6), (270, -5.1, 3.6)],
        [(58, "active")], hat_off=[(175.0, 200.0)], present=(58.0, 1e9), face=[(0, 125)],
        trousers=(40, 40, 40)))
    ents.append(thing("toolbox", "toolbox", "toolbox", 3.0, 2.0, yaw=30, colour="red",
                      carries=[(159.4, 166.0, "labourer")]))
    ents.append(thing("barrow", "wheelbarrow", "wheelbarrow", 6.6, -1.6, yaw=200, colour="green"))
    ents.append(thing("pallet_bricks", "pallet", "pallet", 2.2, 7.6, yaw=0, style={"load": (45, 65, 165)}))
    ents.append(thing("pallet_blocks", "pallet", "pallet", 4.2, 8.6, yaw=15,
                      style={"load": (150, 150, 150), "height": 0.9}))
    ents.append(thing("scaffold", "scaffold", "scaffold", -6.1, 4.6, yaw=127, style={"size": (3.0, 4.0, 1.3)}))
    ents.append(thing("ladder", "ladder", "ladder", -7.55, 0.6, yaw=-90, colour="silver",
                      style={"length": 3.0, "tilt": 18}))
    for k, (x, z) in enumerate([(-2.6, -5.4), (-1.6, -5.9), (-0.6, -6.4)]):
        ents.append(thing("cone%d" % (k + 1), "cone", "cone", x, z, colour="orange"))
    ents.append(scenery("mixer", "mixer", 5.2, 5.0, yaw=230))
    ents.append(scenery("hut", "hut", -9.5, 0.0, yaw=90, style={"size": (6.0, 2.6, 2.4)}))
    ents.append(scenery("skip", "skip", 1.5, -9.5, yaw=10))
    ents.append(scenery("toilet", "toilet", 7.5, -7.0, yaw=-50))
    ents.append(scenery("generator", "generator", -5.0, -8.5, yaw=20))
    return World(NAME, DURATION, 15, lens, wearer(), ents)


# ---------------------------------------------------------------------------- questions
from ..qspec import O, Q, T, W  # noqa: E402

BRICKIE = W(role="bricklayer")
LAB = W(vest="yellow")
SCAF = W(vest="green")

QUESTIONS = [
    Q("m1-q01", 12.0, "Is it meant to rain later on, do you reckon?", "unknown"),
    Q("m1-q02", 30.0, "What time did the first brick go on that wall?", "event_time", {"ent": "wall"},
      subject=T("brick_wall"), event="work_unit", unit="brick", ordinal=1),
    Q("m1-q03", 47.0, "From where I'm facing now, which direction is the wall they're building?", "direction_of",
      {"ent": "wall"}, subject=T("brick_wall")),
    Q("m1-q04", 56.0, "That lad in the yellow vest, is he actually doing any work?", "is_working",
      {"ent": "labourer"}, subject=LAB, state="working"),
    Q("m1-q05", 68.0, "What time did the guy in the green vest first show up?", "event_time",
      {"ent": "scaffolder"}, subject=SCAF, event="first_seen"),
    Q("m1-q06", 86.0, "How long has yellow vest been stood by that mixer doing nowt?", "spell_duration",
      {"ent": "labourer"}, subject=LAB, state="idle", spell="current"),
    Q("m1-q07", 99.0, "What's off to my left at the minute?", "things_in_direction", {}, direction="left"),
    Q("m1-q08", 110.0, "How many different workers have I come across so far today?", "count_distinct", {},
      subject=W()),
    Q("m1-q09", 120.5, "How many traffic cones did I spot round the back?", "count_distinct", {},
      subject=T("cone")),
    Q("m1-q10", 140.0, "Is the brickie getting on with it right now?", "is_working", {"ent": "brickie"},
      subject=BRICKIE, state="working"),
    Q("m1-q11", 145.0, "What time did the bricklayer stop for his tea?", "event_time", {"ent": "brickie"},
      subject=BRICKIE, event="went_idle"),
    Q("m1-q12", 150.0, "How long's the brickie been on his tea break now?", "spell_duration", {"ent": "brickie"},
      subject=BRICKIE, state="idle", spell="current"),
    Q("m1-q13", 160.0, "How long ago did the bricklayer down tools?", "time_since", {"ent": "brickie"},
      subject=BRICKIE, event="stopped_working"),
    Q("m1-q14", 170.0, "Tell me what's back behind me right now.", "things_in_direction", {}, direction="behind"),
    Q("m1-q15", 175.0, "The yellow vest lad, where's he got to?", "where", {"ent": "labourer"}, subject=LAB),
    Q("m1-q16", 180.0, "Has the green barrow stayed put where it was?", "still_there", {"ent": "barrow"},
      subject=T("wheelbarrow", "green")),
    Q("m1-q17", 190.0, "The red toolbox that was sat over here, where is it?", "where", {"ent": "toolbox"},
      subject=T("toolbox", "red")),
    Q("m1-q18", 195.0, "Is that red toolbox still in the same spot as before?", "still_there", {"ent": "toolbox"},
      subject=T("toolbox", "red")),
    Q("m1-q19", 203.0, "When did the fella in green whip his helmet off?", "event_time", {"ent": "scaffolder"},
      subject=SCAF, event="ppe_removed"),
    Q("m1-q20", 212.0, "What time was the third course of bricks finished?", "event_time", {"ent": "wall"},
      subject=T("brick_wall"), event="work_unit", unit="course", ordinal=3),
    Q("m1-q21", 215.0, "How long was the green vest lad going about without his hard hat?", "state_duration",
      {"ent": "scaffolder"}, subject=SCAF, state="without_ppe", spell="last"),
    Q("m1-q22", 222.0, "When did I first notice the wheelbarrow?", "event_time", {"ent": "barrow"},
      subject=T("wheelbarrow"), event="first_seen"),
    Q("m1-q23", 230.0, "And the toolbox, where is it now?", "where", {"ent": "toolbox"}, subject=T("toolbox")),
    Q("m1-q24", 236.0, "Is this lad loading the barrow the same fella who was stood idle by the mixer earlier?",
      "same_individual", {"this": "labourer", "other": "labourer", "other_t": 100.0},
      subject=W(), other=O(W(), "went_idle")),
    Q("m1-q25", 238.0, "Is the yellow-vest lad grafting now?", "is_working", {"ent": "labourer"}, subject=LAB,
      state="working"),
    Q("m1-q26", 242.0, "Did the brickie start laying before the fella in green turned up?", "order",
      {"a": ("brickie", "started_working"), "b": ("scaffolder", "first_seen")},
      subject=BRICKIE, event="started_working", other=O(SCAF, "first_seen"), relation="before"),
    Q("m1-q27", 248.0, "How long since I last had eyes on the ladder?", "time_since", {"ent": "ladder"},
      subject=T("ladder"), event="last_seen"),
    Q("m1-q28", 255.0, "How long did the brickie's tea break last?", "spell_duration", {"ent": "brickie"},
      subject=BRICKIE, state="idle", spell="last"),
    Q("m1-q29", 262.0, "What direction's the scaffold from here?", "direction_of", {"ent": "scaffold"},
      subject=T("scaffold")),
    Q("m1-q30", 268.0, "Did the lad in green come back to the spot where he took his hat off?", "returned",
      {"ent": "scaffolder", "place_of": ("scaffolder", "ppe_removed")},
      subject=SCAF, other=O(SCAF, "ppe_removed")),
    Q("m1-q31", 269.0, "Can you book the crane for next Tuesday?", "unknown"),
    Q("m1-q32", 269.5, "Whose round is it at the pub tonight?", "unknown"),
]

ALERTS = [("progress", "wall"), ("idle", "labourer"), ("ppe_violation", "scaffolder"),
          ("memory_recall", "toolbox"), ("progress", "wall")]

LOOKALIKES = [
    "The labourer in the yellow vest takes his hard hat off for 1.5 s (76.0-77.5 s) to wipe his brow: under 3 s, no ppe_violation.",
    "The bricklayer's tea break lasts 38 s (120-158 s): a short idle, under 60 s, no idle alert.",
    "The bricklayer stands chatting for the first 20 s before he starts: short idle, no alert.",
    "Courses 1, 2 and 4 of the wall are finished (67, 117, 257 s): only the first brick and every third course are progress steps.",
    "The wheelbarrow, pallets, ladder and cones go out of view for minutes and come back into view where they were: no memory_recall.",
    "The toolbox is seen again at its new place by the barrow (from 222 s) after the recall: being re-found is not a new alert.",
]
