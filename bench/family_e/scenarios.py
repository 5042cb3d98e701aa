"""The three family-E scenarios: world scripts, questions and intended alerts."""
from __future__ import annotations

from dataclasses import dataclass, field

from .render import prop_box
from .world import CameraPath, Ent, Lens, World

FPS = 15


def S(label, role=None, **attrs):
    d = {"label": label, "attributes": attrs}
    if role:
        d["role"] = role
    return d


def Qy(kind, intent, subject=None, **kw):
    q = {"kind": kind, "intent": intent, "subject": subject}
    for k in ("event", "unit", "ordinal", "other", "relation", "direction", "time", "window", "state", "spell"):
        q[k] = kw.get(k)
    return q


@dataclass
class Question:
    qid: str
    at: float
    text: str
    query: dict
    calc: dict
    subjects: list = field(default_factory=list)


@dataclass
class Scenario:
    name: str
    site: str
    camera: str
    width: int
    height: int
    hfov: float
    projection: str
    duration: float
    tracker: str                 # "reid" (ids persist across gaps) | "gap" (new id after > 1 s unseen)
    ground: str
    pano: str
    seed: int
    world: World = None
    questions: list = field(default_factory=list)
    intended_alerts: list = field(default_factory=list)   # (category, subject key, approx t0)
    lookalikes: list = field(default_factory=list)
    left_site: tuple = ()
    description: str = ""


ORANGE = (0, 140, 255)
YELLOW = (30, 200, 240)


# ============================================================ A: road works
def roadworks() -> Scenario:
    sc = Scenario("e1_roadworks_station_rd", "Station Road water-main renewal (lane closure)", "cam-e1-ganger",
                  640, 360, 90.0, "pinhole", 270.0, "gap", "road", "street", 101)
    yaw = [(0, 0), (12, 0), (22, 40), (26, 40), (27, -60), (30, -60), (32, -10), (44, -10), (56, 350),
           (70, 350), (80, 355), (90, 355), (92, 370), (110, 370), (116, 400), (128, 400), (134, 400),
           (137, 490), (157, 490), (160, 395), (180, 395), (182, 215), (200, 212), (204, 390), (230, 390),
           (236, 365), (240, 345), (255, 345), (256.2, 225), (259, 225), (260.5, 345), (270, 345)]
    pos = [(0, 0, 0), (70, 0, 0), (80, 0, 6.0), (110, 0, 6.0), (116, 4.0, 8.0), (232, 4.0, 8.0),
           (240, 1.0, 6.2), (270, 1.0, 6.2)]
    pitch = [(0, -8), (79, -8), (81, -32), (89, -32), (91, -8), (127, -8), (129, -32), (133.5, -32), (135, -8),
             (159, -8), (160.5, -32), (165, -32), (166, -8), (237, -8), (239, -32), (247, -32), (249, -8), (270, -8)]
    cam = CameraPath(FPS, sc.duration, yaw, pos, pitch, seed=sc.seed)
    lens = Lens(sc.width, sc.height, sc.hfov, sc.projection)
    E = []
    E.append(Ent("trench", "excavation", "zone", (1.4, 5.0, 0.3), pos=[(0, 1.0, 11.0)], det_range=40))
    E.append(Ent("digger", "excavator", "plant", (2.6, 3.6, 2.6), YELLOW, "yellow", pos=[(0, 5.5, 15.5)],
                 moving=[(20, 35), (70, 140), (200, 242)], det_range=50))
    for k, zz in enumerate((3, 7, 11, 15, 19, 23)):
        E.append(Ent(f"cone{k + 1}", "cone", "thing", (0.38, 0.38, 0.7), ORANGE, "orange", pos=[(0, -2.2, zz)],
                     det_range=25))
    E.append(Ent("barrier1", "barrier", "thing", (0.3, 2.0, 1.0), (60, 60, 220), "red", pos=[(0, 3.8, 4.5)],
                 det_range=30))
    E.append(Ent("barrier2", "barrier", "thing", (0.3, 2.0, 1.0), (60, 60, 220), "red", pos=[(0, 3.8, 20.0)],
                 det_range=30))
    E.append(Ent("barrow", "wheelbarrow", "thing", (0.6, 1.4, 0.7), (50, 140, 40), "green", pos=[(0, -5.0, -3.0)],
                 present=[(-1, 150.0)], facing=30, det_range=20))
    E.append(Ent("cat", "cable_locator", "thing", (0.14, 0.5, 0.3), (0, 200, 255), "yellow", pos=[(0, 0.3, 7.8)],
                 held_wearer=[(-1, 86.0), (246.0, 1e9)], det_range=12))
    E.append(Ent("sledge", "sledgehammer", "thing", (0.16, 0.9, 0.12), (40, 40, 150), "red", pos=[(0, 4.6, 9.6)],
                 held_wearer=[(-1, 131.0), (163.0, 1e9)], det_range=12,
                 hold_offset=(-0.2, -0.7, 0.3)))
    E.append(Ent("shovel", "shovel", "thing", (0.25, 1.1, 0.12), (40, 40, 40), "black", pos=[(0, -0.3, 10.0)],
                 held_by=[(-1, 92.0, "lab"), (242.0, 1e9, "lab")], det_range=15))
    E.append(Ent("bank", "worker", "worker", (0.5, 0.35, 1.78), vest="yellow", hat_colour="white",
                 pos=[(0, 10.5, 12.5)], facing=-90, idle=[(115, 133)], det_range=30))
    E.append(Ent("lab", "worker", "worker", (0.5, 0.35, 1.78), vest="orange", hat_colour="yellow",
                 pos=[(0, -2.6, 8.0), (92, -2.6, 8.0), (95, 1.0, 10.5), (108, 1.0, 10.5), (111, -2.6, 8.0),
                      (238, -2.6, 8.0), (240.5, -0.8, 10.0), (242.5, -0.8, 10.0), (245, -2.6, 8.0)],
                 facing=60, hat_off=[(60, 62)], idle=[(62, 92)], sink=[(95.5, 107.5, 0.9)], det_range=30))
    E.append(Ent("marsh", "worker", "worker", (0.5, 0.35, 1.78), vest="orange", hat_colour="white",
                 pos=[(0, -3.0, -12.0)], facing=0, hat_off=[(184, 212)], idle=[(184, 212)], det_range=30))
    E.append(Ent("gang", "worker", "worker", (0.5, 0.35, 1.78), vest="yellow", hat_colour="blue",
                 pos=[(0, 2.0, 3.5), (36, 2.0, 3.5), (40, 4.8, 12.2), (52, 4.8, 12.2), (56, 7.5, 9.5),
                      (205, 7.5, 9.5), (211, 5.0, 12.6), (222, 5.0, 12.6), (226, 2.5, 6.0)],
                 facing=-30, det_range=30))
    props = [prop_box(2.7, 11.0, 1.4, 4.0, 0.9, (60, 90, 110)),       # spoil heap
             prop_box(2.7, 11.0, 0.8, 2.5, 1.3, (55, 85, 105)),
             prop_box(-11.5, 6.0, 2.4, 6.0, 2.6, (200, 200, 200)),    # welfare cabin
             prop_box(-11.5, 6.0, 2.5, 6.1, 0.15, (90, 90, 90), base=2.6),
             prop_box(11.0, -4.0, 2.0, 5.0, 2.1, (40, 40, 160)),      # parked van
             prop_box(-9.5, -10.0, 0.05, 12.0, 2.0, (150, 160, 150)),  # heras fence
             prop_box(8.5, 25.0, 0.05, 14.0, 2.0, (150, 160, 150)),
             prop_box(-6.5, 18.0, 1.2, 1.2, 1.0, (70, 120, 150)),     # pipe pallet
             prop_box(14.0, 14.0, 3.0, 8.0, 3.5, (120, 150, 190))]    # kiosk building
    sc.world = World(cam, lens, E, props, seed=sc.seed)
    sc.intended_alerts = [("left_behind", "cat", 121), ("exclusion_zone", "lab", 95), ("memory_recall", "barrow", 181),
                          ("ppe_violation", "marsh", 187), ("safety_alert", "gang", 209)]
    sc.lookalikes = [
        "~60-62 s: the labourer in the orange vest lifts his hard hat off for 2 s to wipe his brow (under the 3 s PPE threshold)",
        "~36-52 s: the ganger in the blue hat stands 1.5 m from the excavator while it is parked (moving=false)",
        "70-140 s and 200-242 s: the banksman in the yellow vest stays ~3.9 m from the slewing excavator (outside 2 m)",
        "~50 s onwards: the ganger stands ~4 m from the excavator while it works (outside 2 m)",
        "131-163 s: the wearer sets the sledgehammer down, looks away ~24 s, then picks it up again (under 30 s)",
        "92-242 s: the labourer's shovel lies at the trench edge; it is his tool, not the wearer's, and he picks it up in view",
        "62-92 s: the labourer stands about for 30 s (short idle), 184-212 s the marshal is on his phone for 28 s",
        "0-270 s: the labourer works 1.5-2 m beside the trench without entering the 0.5 m margin, except 95-108 s",
        "~238 s: the cable locator comes back into view exactly where it was left (not a memory_recall)",
        "the marshal and the labourer both wear orange vests (different hat colours): one is not the other",
    ]
    sc.description = ("Wearer: the ganger supervising a lane closure. Stands at the start of the closure, turns a full "
                      "circle, walks 6 m up the closed lane, sets his cable locator down, walks over towards the "
                      "excavator, sets his sledgehammer down and picks it up again, turns back to check the "
                      "traffic marshal, watches the excavator, and walks back for the cable locator.")
    lab = S("worker", vest="orange", hat_colour="yellow")
    marsh = S("worker", role="traffic_marshal", vest="orange")
    bank = S("worker", role="banksman", vest="yellow")
    gang = S("worker", hat_colour="blue")
    Q = sc.questions
    Q += [
        Question("e1-q01", 30, "Which side of me is the digger right now?",
                 Qy("directional", "direction_of", S("excavator")), {"calc": "direction", "key": "digger"}, ["digger"]),
        Question("e1-q02", 58, "Point me towards the green barrow.",
                 Qy("directional", "direction_of", S("wheelbarrow", colour="green")), {"calc": "direction", "key": "barrow"}, ["barrow"]),
        Question("e1-q03", 120, "What's off to my left at the moment?",
                 Qy("directional", "things_in_direction", direction="left"), {"calc": "things", "direction": "left"}),
        Question("e1-q04", 170, "Which way do I look for the chap on the stop/go board?",
                 Qy("directional", "direction_of", marsh), {"calc": "direction", "key": "marsh"}, ["marsh"]),
        Question("e1-q05", 198, "Anything behind me I should know about?",
                 Qy("directional", "things_in_direction", direction="behind"), {"calc": "things", "direction": "behind"}),
        Question("e1-q06", 265, "The banksman in the yellow hi-vis, which way is he from here?",
                 Qy("directional", "direction_of", bank), {"calc": "direction", "key": "bank"}, ["bank"]),
        Question("e1-q07", 100, "Where did I put the cable locator down?",
                 Qy("object_permanence", "where", S("cable_locator")), {"calc": "direction", "key": "cat"}, ["cat"]),
        Question("e1-q08", 170, "Where's that wheelbarrow got to?",
                 Qy("object_permanence", "where", S("wheelbarrow")), {"calc": "direction", "key": "barrow"}, ["barrow"]),
        Question("e1-q09", 192, "Is the barrow still sat where I first clocked it?",
                 Qy("object_permanence", "still_there", S("wheelbarrow")), {"calc": "still", "key": "barrow"}, ["barrow"]),
        Question("e1-q10", 225, "Is my cable locator still lying where I left it?",
                 Qy("object_permanence", "still_there", S("cable_locator")), {"calc": "still", "key": "cat"}, ["cat"]),
        Question("e1-q11", 150, "Where did I leave the sledgehammer?",
                 Qy("object_permanence", "where", S("sledgehammer")), {"calc": "direction", "key": "sledge"}, ["sledge"]),
        Question("e1-q12", 130, "What time did the lad in the orange vest and yellow lid climb down into the trench?",
                 Qy("temporal_retrieval", "event_time", lab, event="entered_zone"),
                 {"calc": "time", "t": 94.5, "tol": 3, "note": "labourer walks into the trench 92-95 s: inside the 0.5 m margin from 94.1 s, inside the footprint from ~94.6 s, down in it 95.5-107.5 s"}, ["lab"]),
        Question("e1-q13", 100, "When did I first spot the stop/go man?",
                 Qy("temporal_retrieval", "event_time", S("worker", role="traffic_marshal"), event="first_seen"),
                 {"calc": "first_seen", "key": "marsh"}, ["marsh"]),
        Question("e1-q14", 230, "At what point did the traffic marshal take his helmet off?",
                 Qy("temporal_retrieval", "event_time", S("worker", role="traffic_marshal"), event="ppe_removed"),
                 {"calc": "time", "t": 184.0, "tol": 3, "note": "marshal removes his hard hat at 184 s, in view (wearer turned to him at 182 s)"}, ["marsh"]),
        Question("e1-q15", 150, "When did I set the sledgehammer down?",
                 Qy("temporal_retrieval", "event_time", S("sledgehammer"), event="dropped"),
                 {"calc": "time", "t": 131.0, "tol": 3, "note": "wearer lays it on the ground at 131 s while looking down at it"}, ["sledge"]),
        Question("e1-q16", 262, "When did I last have eyes on the wheelbarrow?",
                 Qy("temporal_retrieval", "event_time", S("wheelbarrow"), event="last_seen"),
                 {"calc": "last_seen", "key": "barrow"}, ["barrow"]),
        Question("e1-q17", 240, "How long since I last saw the barrow?",
                 Qy("temporal_reasoning", "time_since", S("wheelbarrow"), event="last_seen"),
                 {"calc": "since_last_seen", "key": "barrow"}, ["barrow"]),
        Question("e1-q18", 200, "How long was the labourer down in the trench for?",
                 Qy("temporal_reasoning", "state_duration", S("worker"), state="in_zone", spell="last"),
                 {"calc": "dur", "v": 13.0, "note": "labourer inside the trench footprint ~95-108 s (walks in 92-95, out 108-111); seen throughout"}, ["lab"]),
        Question("e1-q19", 220, "Did the labourer get into the trench before the marshal took his lid off?",
                 Qy("temporal_reasoning", "order", S("worker"), event="entered_zone", relation="before",
                    other={"subject": S("worker", role="traffic_marshal"), "event": "ppe_removed", "unit": None, "ordinal": None}),
                 {"calc": "yn", "v": True, "note": "entered trench ~95 s, marshal's hat off at 184 s"}, ["lab", "marsh"]),
        Question("e1-q20", 262, "Did the lad in orange go back to where he dropped his shovel?",
                 Qy("temporal_reasoning", "returned", lab,
                    other={"subject": S("shovel"), "event": "dropped", "unit": None, "ordinal": None}),
                 {"calc": "yn", "v": True, "note": "shovel dropped at the trench edge at 92 s; the labourer walked away at 111 s and came back to it 240-242 s (seen), picking it up"}, ["lab", "shovel"]),
        Question("e1-q21", 160, "How long ago did I put the cable locator down?",
                 Qy("temporal_reasoning", "time_since", S("cable_locator"), event="dropped"),
                 {"calc": "since", "t": 86.0, "note": "set down at 86 s in view"}, ["cat"]),
        Question("e1-q22", 24, "Is the banksman actually doing anything right now?",
                 Qy("productivity", "is_working", S("worker", role="banksman"), state="working"),
                 {"calc": "is_state", "key": "bank", "state": "working"}, ["bank"]),
        Question("e1-q23", 120, "Is the banksman grafting or just stood there?",
                 Qy("productivity", "is_working", S("worker", role="banksman"), state="working"),
                 {"calc": "is_state", "key": "bank", "state": "working"}, ["bank"]),
        Question("e1-q24", 205, "Is the stop/go man working?",
                 Qy("productivity", "is_working", S("worker", role="traffic_marshal"), state="working"),
                 {"calc": "is_state", "key": "marsh", "state": "working"}, ["marsh"]),
        Question("e1-q25", 198, "How long has the marshal been messing about on his phone?",
                 Qy("productivity", "spell_duration", S("worker", role="traffic_marshal"), state="idle", spell="current"),
                 {"calc": "spell", "key": "marsh", "state": "idle", "spell": "current"}, ["marsh"]),
        Question("e1-q26", 100, "How long was the orange-vest labourer standing around before he went in the trench?",
                 Qy("productivity", "spell_duration", lab, state="idle", spell="last"),
                 {"calc": "spell", "key": "lab", "state": "idle", "spell": "last"}, ["lab"]),
        Question("e1-q27", 58, "How long has the lad with the yellow helmet been digging?",
                 Qy("productivity", "spell_duration", S("worker", hat_colour="yellow"), state="working", spell="current"),
                 {"calc": "spell", "key": "lab", "state": "working", "spell": "current"}, ["lab"]),
        Question("e1-q28", 60, "How many different people have I seen on this job so far?",
                 Qy("identity", "count_distinct", S("worker")), {"calc": "count", "keys": None}),
        Question("e1-q29", 199, "That bloke with no helmet on, is he the same one who was on the stop/go board earlier?",
                 Qy("identity", "same_individual", S("worker", hardhat=False), time={"t": 51}),
                 {"calc": "yn", "v": True, "note": "the marshal (orange vest) seen ~51 s during the full turn and 182-200 s without his hat"}, ["marsh"]),
        Question("e1-q30", 249, "The lad picking up the shovel, is that the one who was down the trench?",
                 Qy("identity", "same_individual", S("worker", vest="orange")),
                 {"calc": "yn", "v": True, "note": "the labourer in every case"}, ["lab"]),
        Question("e1-q31", 96, "Is the fella in orange getting into the hole the same traffic marshal I saw behind me?",
                 Qy("identity", "same_individual", S("worker", vest="orange"), time={"t": 51}),
                 {"calc": "yn", "v": False, "note": "the one heading into the trench is the labourer (yellow hat, in front); the marshal (white hat) stands behind the wearer; both wear orange vests: different people"}, ["lab", "marsh"]),
        Question("e1-q32", 268, "How many blokes in orange vests have I come across?",
                 Qy("identity", "count_distinct", S("worker", vest="orange")), {"calc": "count", "keys": ["lab", "marsh"]}),
    ]
    return sc


def all_scenarios():
    from .scenarios_bc import housing, slab_pour
    return [roadworks, housing, slab_pour]
