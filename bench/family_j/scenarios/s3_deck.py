"""S3: first-floor slab of a frame building. Equidistant fisheye 110 deg, 512x288, two full turns (right and
left), quick glances, a short walk; the tracker starts a new id after 5 s out of view."""
import math
from ..world import Entity, Path, Steps, Scenario, Wearer, P
from .common import Q, worker, W, T

STYLE = dict(ground=(150, 152, 155), sky_top=(170, 120, 70), sky_hor=(230, 225, 215), hills=(130, 140, 140),
             hoarding=(160, 160, 170), buildings=55, cranes=4, stones=1500, patches=120, tracks=6, planks=60)

LAND = P(-60, 7)
TOOLBOX = P(140, 5)
HAMMER = P(60, 2.8)
NEWPOS = (-2.95, -0.52)


def build():
    s = Scenario("s3_deck", "first-floor slab of a concrete-frame block", "cam_j_deck", 285.0, 512, 288, 110.0,
                 "fisheye", -6.0, seed=303, tracker_gap_s=5.0)
    s.style = STYLE
    # ---------------------------------------------------------------- people
    fix0 = P(150, 8)
    s.add(worker("fixer", [(0, *fix0), (58, *fix0), (61, 3.5, -4.3), (62, 3.5, -4.3), (72, *P(178, 14)),
                           (118, *P(100, 10)), (124, *P(55, 6.8)), (141, *P(55, 6.8)), (152, *P(85, 7.3))],
                 "orange", "white", [(0, "active")], present=[(0, 75), (118, 1e9)],
                 hardhat=[(0, True), (147.0, False), (148.2, True)]))
    home = P(-10, 6)
    near = (LAND[0] + 1.2 * (home[0] - LAND[0]) / math.dist(home, LAND),
            LAND[1] + 1.2 * (home[1] - LAND[1]) / math.dist(home, LAND))
    s.add(worker("joiner", [(0, *home), (181, *home), (184, *near), (192, *near), (196, LAND[0] + 1.5, LAND[1] + 2.5),
                            (206, *P(-40, 6.5)), (210, *home)],
                 "orange", "red", [(0, "active")], hardhat=[(0, True), (30.0, False), (50.0, True)]))
    s.add(worker("sparky", [(0, *P(-120, 6))], "yellow", "blue", [(0, "active"), (106, "idle"), (222, "active")]))
    s.add(worker("foreman", [(150, *P(-170, 14)), (160, *P(-130, 10)), (200, *P(-130, 10)), (206, *P(-90, 9))],
                 "green", "black", [(0, "active"), (210, "idle"), (255, "active")], present=[(150, 1e9)]))
    # ---------------------------------------------------------------- things
    tb = s.add(Entity("toolbox", "toolbox", "toolbox", TOOLBOX, colour="red", facing=140, extent=0.5,
                      present=[(0, 75)]))
    tb.carried = [(62, 75, "fixer", (0.3, 0.0, 0.45))]
    s.add(Entity("ladder", "ladder", "ladder", Path([(0, *P(55, 6)), (142, *P(55, 6)), (152, *P(85, 6.5))]),
                 colour="yellow", facing=55, extent=1.5, tilt=12, length=3.0))
    s.add(Entity("scaffold", "scaffold", "scaffold", P(30, 9), facing=30, dims=(3.0, 1.3, 3.0), extent=2.0))
    s.add(Entity("load", "suspended_load", "suspended_load",
                 Path([(150, *P(-80, 16), 8.0), (176, *LAND, 3.5), (181, *LAND, 2.2), (192, *LAND, 2.2),
                       (196, *LAND, 0.55)]), present=[(150, 196)], facing=-60, extent=1.5))
    s.add(Entity("pallet_landed", "pallet", "pallet", LAND, present=[(196, 1e9)], facing=-60, load="blocks"))
    s.add(Entity("pallet_boards", "pallet", "pallet", P(-30, 8), facing=-30, load="bags"))
    s.add(Entity("pallet_blocks", "pallet", "pallet", P(-75, 4.5), facing=-75, load="blocks"))
    s.add(Entity("drill", "drill", "drill", P(100, 3), colour="teal", facing=20, extent=0.4))
    ham = s.add(Entity("hammer", "hammer", "hammer", HAMMER, facing=150, extent=0.4, present=[(192, 274)],
                       wearer_drops=[(201.0, 270.0)], held=[(192, 201.0), (270.0, 274)]))
    ham.carried = [(192, 201.0, "wearer", (0.15, 0.45, 1.45)), (270.0, 274, "wearer", (0.15, 0.45, 1.45))]
    s.add(Entity("barrow", "wheelbarrow", "wheelbarrow", P(-150, 5), colour="blue", facing=100, extent=1.0))
    s.add(Entity("cone1", "cone", "cone", P(170, 7), extent=0.4))
    s.add(Entity("cone2", "cone", "cone", P(-170, 7), extent=0.4))
    for eid, shape, b, d, fc, ln in [("gen", "generator", 120, 11, 30, 8), ("pipes", "pipes", -45, 12, 45, 8),
                                     ("mixer", "mixer", 160, 10, 0, 8), ("edge1", "hoarding", 0, 15, 0, 16),
                                     ("edge2", "hoarding", 90, 13, 90, 16), ("edge3", "hoarding", 180, 15, 180, 16),
                                     ("edge4", "hoarding", -90, 13, -90, 16), ("toilet", "toilet", -125, 12, 0, 8)]:
        s.add(Entity(eid, shape, shape, P(b, d), detect=False, facing=fc, extent=6.0, length=ln,
                     panel=(200, 190, 180)))
    # ---------------------------------------------------------------- wearer
    yaw = [(0, 0), (10, 0), (18, 360), (20, 350), (55, 350), (55.7, 420), (56.9, 420), (57.6, 350), (58, 330),
           (90, 330), (93, 500), (96, 500), (104, 240), (118, 240), (121, 300), (130, 300), (140, -60),
           (141.5, 60), (153, 60), (156, -110), (170, -110), (173, -55), (197, -55), (199, 60), (203, 60),
           (205, -100), (208, -100), (209, -20), (216, -20), (219, -100), (240, -100), (241, -60), (247, -60),
           (248, -100), (262, -100), (263, 80), (266, 80), (267, 60), (272, 60), (274, -10), (277, -10),
           (277.6, -60), (278.8, -60), (279.4, -10), (285, -10)]
    s.wearer = Wearer(yaw, [(0, 0.0, 0.0), (205, 0.0, 0.0), (208, *NEWPOS), (262, *NEWPOS), (266, 0.0, 0.0)],
                      tremor=0.7, seed=s.seed)
    s.events = [(62.0, "toolbox", "picked_up", None), (142.0, "ladder", "moved", None),
                (201.0, "hammer", "dropped", None), (270.0, "hammer", "picked_up", None)]
    s.designed_alerts = [
        ("ppe_violation", "joiner", "joiner (orange vest, red hat) works with his hard hat off for 20 s"),
        ("memory_recall", "toolbox", "the red toolbox was carried off while the wearer looked away; he then looks at its spot"),
        ("idle", "sparky", "electrician in the yellow vest stands idle for about 116 s"),
        ("safety_alert", "joiner", "joiner steps in beside the hanging load to guide it down"),
        ("left_behind", "hammer", "the wearer sets his hammer down, walks off about 3 m and works facing away"),
    ]
    s.lookalikes = [
        "the ladder is carried about 3 m along the slab while in view: moved seen, no memory_recall",
        "fixer (orange vest, white hat) lifts his hard hat for 1.2 s: no ppe_violation",
        "foreman in the black hat stands about for 45 s: below the 60 s idle threshold",
        "electrician in the yellow vest stays about 6.5 m from the hanging load: no safety_alert",
        "the fixer leaves the slab and comes back 45 s later with a new track id: one person, no alert",
        "the load lands and becomes a pallet: nothing to recall",
    ]
    s.questions = questions()
    return s


def questions():
    tb, lad, ham, load = T("toolbox", "red"), T("ladder"), T("hammer"), T("suspended_load")
    joiner = W(vest="orange", hat="red")
    sparky = W(vest="yellow", role="electrician")
    foreman = W(hat="black", role="foreman")
    return [
        Q("j3_01", 8.0, "Morning, what's on the programme for today?", "unknown", "unknown"),
        Q("j3_02", 22.0, "Which side's the red toolbox on?", "directional", "direction_of", "toolbox", subject=tb),
        Q("j3_03", 27.0, "The lad in orange with the red hat, is he working?", "productivity", "is_working",
          "joiner", subject=joiner, state="working"),
        Q("j3_04", 45.0, "How long has the bloke in orange with no helmet on been like that?", "temporal_reasoning",
          "state_duration", "joiner", subject=W(vest="orange", hardhat=False), state="without_ppe",
          spell="current"),
        Q("j3_05", 52.0, "When did the red-hat lad in orange take his helmet off?", "temporal_retrieval",
          "event_time", "joiner", subject=joiner, event="ppe_removed"),
        Q("j3_06", 80.0, "What have I got over to the left?", "directional", "things_in_direction", direction="left"),
        Q("j3_07", 85.0, "How long since I last saw the red toolbox?", "temporal_reasoning", "time_since",
          "toolbox", subject=tb, event="last_seen"),
        Q("j3_08", 100.0, "Is the toolbox still where it was?", "object_permanence", "still_there", "toolbox",
          subject=tb),
        Q("j3_09", 112.0, "When did the sparky in the yellow vest stop for a break?", "temporal_retrieval",
          "event_time", "sparky", subject=sparky, event="went_idle"),
        Q("j3_10", 118.0, "Where's the red toolbox gone?", "object_permanence", "where", "toolbox", subject=tb),
        Q("j3_11", 125.0, "How many different lads have been on this deck so far?", "identity", "count_distinct",
          subject=W()),
        Q("j3_12", 146.0, "Is the lad carrying the ladder the same one who took the toolbox?", "identity",
          "same_individual", "fixer", "fixer", subject=W(), other={"subject": T("toolbox"), "event": "picked_up"}),
        Q("j3_13", 150.0, "Did the joiner take his hat off before the sparky went on his break?",
          "temporal_reasoning", "order", "joiner", "sparky", subject=W(role="joiner"), event="ppe_removed",
          other={"subject": sparky, "event": "went_idle"}, relation="before"),
        Q("j3_14", 170.0, "How long has the sparky been stood idle now?", "productivity", "spell_duration",
          "sparky", subject=sparky, state="idle", spell="current"),
        Q("j3_15", 178.0, "Which direction is the load on the hook?", "directional", "direction_of", "load",
          subject=load),
        Q("j3_16", 191.0, "Is the orange vest lad with the red hat doing anything?", "productivity", "is_working",
          "joiner", subject=joiner, state="working"),
        Q("j3_17", 199.0, "When did the foreman in the black hat first turn up?", "temporal_retrieval",
          "event_time", "foreman", subject=foreman, event="first_seen"),
        Q("j3_18", 203.0, "How long ago did the lad in yellow start his break?", "temporal_reasoning",
          "time_since", "sparky", subject=W(vest="yellow"), event="went_idle"),
        Q("j3_19", 214.0, "How long did the red-hat lad have his helmet off earlier?", "temporal_reasoning",
          "state_duration", "joiner", subject=W(hat="red"), state="without_ppe", spell="last"),
        Q("j3_20", 215.0, "Did the red-hat lad go back to where I first saw him?", "temporal_reasoning",
          "returned", "joiner", "joiner", subject=W(hat="red"),
          other={"subject": W(hat="red"), "event": "first_seen"}),
        Q("j3_21", 230.0, "Is the foreman actually working?", "productivity", "is_working", "foreman",
          subject=foreman, state="working"),
        Q("j3_22", 240.0, "How long since I last saw my hammer?", "temporal_reasoning", "time_since", "hammer",
          subject=ham, event="last_seen"),
        Q("j3_23", 245.0, "What's sitting behind me at the moment?", "directional", "things_in_direction", direction="behind"),
        Q("j3_24", 252.0, "How long was the sparky on his break?", "productivity", "spell_duration", "sparky",
          subject=sparky, state="idle", spell="last"),
        Q("j3_25", 258.0, "Is the lad in the black hat the same fella who moved the ladder?", "identity",
          "same_individual", "foreman", "fixer", subject=W(hat="black"),
          other={"subject": lad, "event": "moved"}),
        Q("j3_26", 275.0, "When did I pick my hammer back up?", "temporal_retrieval", "event_time", "hammer",
          subject=ham, event="picked_up"),
        Q("j3_27", 276.0, "How long was my hammer lying there?", "temporal_reasoning", "state_duration", "hammer",
          subject=ham, state="on_ground", spell="last"),
        Q("j3_28", 276.5, "Where did that ladder end up?", "object_permanence", "where", "ladder", subject=lad),
        Q("j3_29", 280.0, "Can you sort out the weekly timesheets for me?", "unknown", "unknown"),
        Q("j3_30", 283.0, "Is the tower crane certified for tandem lifts?", "unknown", "unknown"),
    ]
