"""The three scripted scenarios: world, head motion, questions, designed alerts, look-alikes."""
import numpy as np

from .world import Entity, Lens, Scenario, Track, Wearer
from .truth import QFIELDS, in_rect


def W(vest=None, hat=None, **kw):
    a = {}
    if vest:
        a["vest"] = vest
    if hat:
        a["hardhat"] = True
    return a


def subj(label, role=None, **attrs):
    d = {"label": label, "attributes": attrs}
    if role:
        d["role"] = role
    return d


def worker(eid, vest, hat, pos, activity, hatless=(), present=((0, 1e9),), shirt="none", facing=180.0):
    attrs = {"vest": vest, "hat_colour": hat, "shirt": shirt}
    return Entity(eid, "worker", pos, present=present, attrs=attrs, activity=activity,
                  hatless=hatless, facing=facing)


def thing(eid, label, xz, detect=True, facing=0.0, size=None, colour=None, present=((0, 1e9),), kind=None):
    attrs = {"colour": colour} if colour else {}
    return Entity(eid, label, Track([(0, (xz[0], 0.0, xz[1]))]), present=present, attrs=attrs,
                  detect=detect, facing=facing, size=size, kind=kind)


class QB:
    """Question builder."""

    def __init__(self, scn, prefix):
        self.scn, self.prefix, self.k = scn, prefix, 0

    def __call__(self, at, text, kind, intent, eid=None, note="", calc=None, **query):
        self.k += 1
        qd = {f: None for f in QFIELDS}
        qd["kind"], qd["intent"] = kind, intent
        qd.update(query)
        self.scn.questions.append({"id": f"{self.prefix}-{self.k:02d}", "at": float(at), "text": text,
                                   "kind": kind, "intent": intent, "eid": eid, "note": note,
                                   "calc": calc or {}, "query": qd})


def zone_spells(scn):
    """In-zone spells of every worker, from the scripted positions (feet inside the pit outline)."""
    zones = [scn.by_id[z] for z in scn.zones]
    for e in scn.entities:
        if e.label != "worker":
            continue
        sp = []
        cur = None
        for t in np.arange(0, scn.duration, 1 / 15):
            inside = e.exists(t) and any(in_rect(z, e.p(t)) for z in zones)
            if inside and cur is None:
                cur = t
            if not inside and cur is not None:
                sp.append((round(cur, 3), round(t, 3)))
                cur = None
        if cur is not None:
            sp.append((round(cur, 3), scn.duration))
        e.events["zone_spells"] = sp


# ====================================================================== A
def scenario_a():
    lens = Lens("pinhole", 70.0, 640, 360)
    yaw = [(0, 0), (38, 0), (43, 50), (49, 50), (53, 100), (58, 100), (63, 0), (64, 0), (69, -125),
           (75, -125), (81, -15), (128, -15), (128.8, 70), (130.3, 70), (131.1, -15), (198, -15),
           (204, -110), (232, -110), (238, 0), (245, 0), (250, 60), (263, 60), (268, 20), (270, 20)]
    wearer = Wearer(yaw, [(0, (0, 0)), (270, (0, 0))], pitch_deg=-8.0)
    bricks = [34 + 4 * k for k in range(18)] + [149 + 4 * k for k in range(31)]
    wall = Entity("wall1", "brick_wall", Track([(0, (0, 0, 6.0))]), bricks=bricks, size=10)
    w1 = worker("w1", "orange", "white",
                Track([(0, (-8, 0, 4)), (12, (0.8, 0, 5.3)), (270, (0.8, 0, 5.3))]),
                [(0, 12, "walking"), (12, 30, "idle"), (30, 105, "active"), (105, 145, "idle"),
                 (145, 270, "active")], hatless=[(100, 101.5), (160, 173)])
    w2 = worker("w2", "yellow", "blue", Track([(0, (-2.6, 0, 6.2))]),
                [(0, 85, "active"), (85, 185, "idle"), (185, 270, "active")], facing=150)
    w3 = worker("w3", "green", "yellow",
                Track([(195, (25, 0, 3)), (205, (5.6, 0, 3.3)), (215, (25, 0, 3.3))]),
                [(195, 215, "walking")], present=[(195, 215)])
    w4 = worker("w4", "none", "white",
                Track([(70, (-12, 0, 13)), (90, (-5, 0, 8.5)), (110, (-3, 0, 12)), (128, (-14, 0, 6))]),
                [(70, 130, "walking")], present=[(70, 130)], shirt="grey")
    wb = Entity("wb1", "wheelbarrow", Track([(0, (5, 0, 3)), (205, (5, 0, 3)), (215, (24.5, 0, 3.3))]),
                present=[(0, 215)], facing=60, events={"moved": [205.0]})
    ents = [wall, w1, w2, w3, w4, wb,
            thing("foot1", "footing", (0, 6.0), detect=False, size=(4.4, 0.3, 0.5)),
            thing("pal1", "pallet", (-5, 3)),
            thing("cone1", "cone", (3, 9)), thing("cone2", "cone", (4.2, 9.4)),
            thing("lad1", "ladder", (-3, -6), facing=30),
            thing("scaf1", "scaffold", (-1.5, -8.5), size=(3.0, 1.2, 4.0)),
            thing("tb1", "toolbox", (6, -2), facing=70),
            thing("mix1", "cement_mixer", (-4.5, 4.0)),
            thing("skip1", "skip", (8, -6), facing=40),
            thing("loo1", "portaloo", (-9, -1)),
            thing("hut1", "hut", (12, 15), detect=False, size=(6, 2.6, 2.4)),
            thing("f1", "fence", (0, 19), detect=False, size=(34, 2.0)),
            thing("f2", "fence", (-17, 4), detect=False, size=(30, 2.0), facing=90),
            thing("f3", "fence", (0, -14), detect=False, size=(34, 2.0))]
    scn = Scenario("fi_blockwork", "Harbour Road blockwork yard (bricklaying crew, stationary wearer)",
                   "fi-cam-block", lens, 270.0, wearer, ents, "persistent", 101, "city", "gravel")
    scn.designed_alerts = [("progress", "wall1"), ("progress", "wall1"), ("idle", "w2"),
                           ("ppe_violation", "w1"), ("memory_recall", "wb1")]
    scn.lookalikes = [
        "w1 (bricklayer) lifts his hard hat off for 1.5 s at 100 s (under the 3 s PPE threshold)",
        "w1 stands idle 40 s (105-145 s) and 18 s (12-30 s) before work: under the 60 s idle threshold",
        "the wheelbarrow and cones leave the view many times as the head turns and come back unchanged: "
        "coming back into view is not a memory recall",
        "the visitor (w4) walks through without an activity of work: walking is not idle",
        "third course completed; the fourth course (brick 40) is not a progress stage (every third course)",
    ]
    q = QB(scn, "fi-A")
    S = subj
    q(64, "Which way's the barrow from where I'm standing?", "directional", "direction_of", "wb1",
      subject=S("wheelbarrow"))
    q(64.5, "Anything off to my right?", "directional", "things_in_direction", direction="right")
    q(70, "Which way is the cement mixer from me now?", "directional", "direction_of", "mix1",
      subject=S("cement_mixer"))
    q(90, "How long ago did the first block go down?", "temporal_reasoning", "time_since", "wall1",
      subject=S("brick_wall"), event="work_unit", unit="brick", ordinal=1)
    q(100, "Is the fella walking past the same one who was laying the blocks?", "identity",
      "same_individual", "w4", calc={"other_eid": "w1"}, subject=S("worker"),
      other={"subject": S("worker", role="bricklayer"), "event": None, "unit": None, "ordinal": None})
    q(100.5, "Is the pallet of blocks still where it was?", "object_permanence", "still_there", "pal1",
      subject=S("pallet"))
    q(110, "What's the forecast like for tomorrow afternoon?", "unknown", "unknown")
    q(120, "What time did the brickie start laying?", "temporal_retrieval", "event_time", "w1",
      subject=S("worker", role="bricklayer"), event="started_working")
    q(125, "When did the very first block get laid on that wall?", "temporal_retrieval", "event_time",
      "wall1", subject=S("brick_wall"), event="work_unit", unit="brick", ordinal=1)
    q(140, "Where's the toolbox got to - which side of me?", "directional", "direction_of", "tb1",
      subject=S("toolbox"))
    q(150, "Is the labourer in the yellow vest actually doing anything?", "productivity", "is_working",
      "w2", subject=S("worker", vest="yellow"), state="working")
    q(151, "Where did I last see the ladder?", "object_permanence", "where", "lad1", subject=S("ladder"))
    q(160, "How long's the lad in yellow been standing about now?", "productivity", "spell_duration",
      "w2", subject=S("worker", vest="yellow"), state="idle", spell="current")
    q(168, "That brickie with no hat on - same bloke who was laying blocks earlier?", "identity",
      "same_individual", "w1", calc={"other_eid": "w1"}, subject=S("worker", hardhat=False),
      other={"subject": S("worker", role="bricklayer"), "event": None, "unit": None, "ordinal": None})
    q(176, "When did the brickie last take his hard hat off?", "temporal_retrieval", "event_time", "w1",
      subject=S("worker", role="bricklayer"), event="ppe_removed")
    q(180, "How long was the brickie without his lid that last time?", "temporal_reasoning", "state_duration", "w1",
      subject=S("worker", role="bricklayer"), state="without_ppe", spell="last")
    q(190, "How long has the bricklayer been back at it since his break?", "productivity",
      "spell_duration", "w1", subject=S("worker", role="bricklayer"), state="working", spell="current")
    q(200, "When was the third course finished?", "temporal_retrieval", "event_time", "wall1",
      subject=S("brick_wall"), event="work_unit", unit="course", ordinal=3)
    q(205, "Can you get another pallet of blocks ordered in for Monday?", "unknown", "unknown")
    q(215, "How long since I last clapped eyes on the wheelbarrow?", "temporal_reasoning", "time_since",
      "wb1", subject=S("wheelbarrow"), event="last_seen")
    q(220, "How many different people have been working round here so far?", "identity",
      "count_distinct", None, calc={"label": "worker"}, subject=S("worker"))
    q(230, "How long was the yellow-vest labourer idle for, that last stretch?", "productivity",
      "spell_duration", "w2", subject=S("worker", vest="yellow"), state="idle", spell="last")
    q(240, "What's over on my left?", "directional", "things_in_direction", direction="left")
    q(241, "Was the first block laid before the labourer went on his break?", "temporal_reasoning",
      "order", "wall1", calc={"other_eid": "w2"}, subject=S("brick_wall"), event="work_unit", unit="brick",
      ordinal=1, relation="before",
      other={"subject": S("worker", role="labourer"), "event": "went_idle", "unit": None, "ordinal": None})
    q(244, "Is the bricklayer working right now?", "productivity", "is_working", "w1",
      subject=S("worker", role="bricklayer"), state="working")
    q(255, "Where's the wheelbarrow?", "object_permanence", "where", "wb1", subject=S("wheelbarrow"))
    q(258, "Is the barrow still where I first saw it?", "object_permanence", "still_there", "wb1",
      calc={"gone_seen_at": 250.0}, subject=S("wheelbarrow"))
    q(265, "Was the visitor here before the brickie had his second break?", "temporal_reasoning",
      "order", "w4", calc={"other_eid": "w1"}, subject=S("worker", role="visitor"), event="first_seen",
      relation="before",
      other={"subject": S("worker", role="bricklayer"), "event": "went_idle", "unit": None, "ordinal": 2})
    return scn


# ====================================================================== B
def scenario_b():
    lens = Lens("fisheye", 120.0, 512, 288)
    yaw = [(0, 0), (18, 0), (24, -80), (32, -80), (38, 0), (60, 0), (84, 360), (121, 360), (127, 530),
           (182, 530), (188, 370), (262, 370), (270, 360), (285, 360)]
    pos = [(0, (0, 0)), (100, (0, 0)), (110, (0, 5)), (127, (0, 5)), (137, (1, 1)), (262, (1, 1)),
           (270, (0.3, 6.0)), (285, (0.3, 6.0))]
    wearer = Wearer(yaw, pos, pitch_deg=-14.0)
    exc = Entity("exc1", "excavation", Track([(0, (2, 0, 10))]), size=(6.0, 2.0))
    w1 = worker("w1", "orange", "yellow",
                Track([(0, (-1.5, 0, 5.5)), (40, (-1.5, 0, 5.5)), (43, (0.2, 0, 9.2)),
                       (44, (0.5, -1.3, 10)), (60, (1.5, -1.3, 10)), (80, (3.0, -1.3, 10)),
                       (93, (3.0, -1.3, 10)), (95, (2.5, 0, 8.6)), (98, (0.5, 0, 7.2)),
                       (100, (-2.5, 0, 7.0))]),
                [(0, 40, "active"), (40, 44, "walking"), (44, 93, "active"), (93, 100, "walking"),
                 (100, 135, "idle"), (135, 285, "active")])
    w2 = worker("w2", "yellow", "white", Track([(0, (8, 0, 10))]),
                [(0, 190, "active"), (190, 285, "idle")], facing=220)
    w3 = worker("w3", "green", "orange", Track([(0, (-4.5, 0, 8.5))]), [(0, 285, "active")],
                hatless=[(50, 51.2), (215, 230)], facing=150)
    w4 = worker("w4", "orange", "blue", Track([(0, (-2, 0, -8))]), [(0, 285, "active")], facing=0)
    ham = Entity("ham1", "hammer", Track([(0, (0.3, 0, 8.0))]), present=[(114, 272)], facing=30,
                 events={"ground_spells": [(114.0, 272.0)]})
    ents = [exc, w1, w2, w3, w4, ham,
            thing("spoil1", "spoil", (2, 12.8), detect=False, size=(5.0, 0.7, 1.2)),
            thing("cone1", "cone", (-2.2, 8.4)), thing("cone2", "cone", (6.3, 8.4)),
            thing("lad1", "ladder", (4.3, 9.7)),
            thing("pipes1", "pipe_stack", (-7, 4), facing=80),
            thing("wb1", "wheelbarrow", (5, 3.5), facing=-30),
            thing("gen1", "generator", (-8, -4), facing=20),
            thing("tb1", "toolbox", (3, -6), facing=10),
            thing("skip1", "skip", (9, -6), facing=-20),
            thing("scaf1", "scaffold", (-3, -10.5), size=(4.0, 1.2, 4.0)),
            thing("hut1", "hut", (-12, 15), detect=False, size=(7, 2.8, 2.6)),
            thing("f1", "fence", (0, 20), detect=False, size=(34, 2.0)),
            thing("f2", "fence", (17, 5), detect=False, size=(34, 2.0), facing=90),
            thing("f3", "fence", (0, -15), detect=False, size=(34, 2.0))]
    scn = Scenario("fi_trench", "Mill Lane drainage trench (groundworks; wearer walks to the trench and back)",
                   "fi-cam-trench", lens, 285.0, wearer, ents, "gap", 202, "hills", "mud")
    scn.zones = ["exc1"]
    scn.drops = [("ham1", 114.0, 272.0)]
    zone_spells(scn)
    scn.designed_alerts = [("exclusion_zone", "w1"), ("left_behind", "ham1"), ("idle", "w2"),
                           ("ppe_violation", "w3")]
    scn.lookalikes = [
        "w2 (banksman, yellow vest) stands all scenario 3 m beyond the east end of the trench: near but outside the zone",
        "w1 stands 2.5-3 m from the trench's west end before going in and after climbing out: outside the zone",
        "w3 takes his hard hat off for 1.2 s at 50 s (under 3 s)",
        "w1 stands idle 35 s (100-135 s) after climbing out: under 60 s",
        "the hammer goes briefly out of view and back while the wearer walks back to it: only the long gap alerts",
    ]
    q = QB(scn, "fi-B")
    S = subj
    q(40, "which way are the pipes from me?", "directional", "direction_of", "pipes1",
      subject=S("pipe_stack"))
    q(56, "when did the pipe layer climb down into the trench?", "temporal_retrieval", "event_time", "w1",
      subject=S("worker", role="pipe_layer"), event="entered_zone")
    q(58, "is the banksman in the yellow vest doing any work?", "productivity", "is_working", "w2",
      subject=S("worker", role="banksman", vest="yellow"), state="working")
    q(90, "how many different blokes have we seen on this job so far?", "identity", "count_distinct",
      None, calc={"label": "worker"}, subject=S("worker"))
    q(97, "how long was the pipe layer down in the trench?", "temporal_reasoning", "state_duration", "w1",
      subject=S("worker", role="pipe_layer"), state="in_zone", spell="last")
    q(100, "has the pipe layer been back down the hole since he climbed out?", "temporal_reasoning",
      "returned", "w1", calc={"zone": True}, subject=S("worker", role="pipe_layer"),
      other={"subject": S("worker", role="pipe_layer"), "event": "left_zone", "unit": None, "ordinal": None})
    q(115, "how long has the pipe layer been stood there doing nothing?", "productivity",
      "spell_duration", "w1", subject=S("worker", role="pipe_layer"), state="idle", spell="current")
    q(116, "when did I put my hammer down?", "temporal_retrieval", "event_time", "ham1",
      subject=S("hammer"), event="dropped")
    q(130, "what's the crane hire costing us a day?", "unknown", "unknown")
    q(140, "which way's my hammer from here?", "directional", "direction_of", "ham1", subject=S("hammer"))
    q(150, "what's behind me right now?", "directional", "things_in_direction", direction="behind")
    q(160, "what have I got in front of me?", "directional", "things_in_direction", direction="front")
    q(175, "how long since I last saw the hammer?", "temporal_reasoning", "time_since", "ham1",
      subject=S("hammer"), event="last_seen")
    q(180, "how long ago did the orange-vest lad climb out of the trench?", "temporal_reasoning",
      "time_since", "w1", subject=S("worker", vest="orange"), event="left_zone")
    q(200, "where's the hammer I left?", "object_permanence", "where", "ham1", subject=S("hammer"))
    q(205, "is my hammer still lying where I set it down?", "object_permanence", "still_there", "ham1",
      subject=S("hammer"))
    q(210, "is the banksman working at the minute?", "productivity", "is_working", "w2",
      subject=S("worker", role="banksman"), state="working")
    q(228, "when did the ganger in green take his helmet off?", "temporal_retrieval", "event_time", "w3",
      subject=S("worker", role="ganger", vest="green"), event="ppe_removed")
    q(230, "how long's the banksman been standing idle?", "productivity", "spell_duration", "w2",
      subject=S("worker", role="banksman"), state="idle", spell="current")
    q(235, "how long did the ganger go without his hard hat?", "temporal_reasoning", "state_duration",
      "w3", subject=S("worker", role="ganger"), state="without_ppe", spell="last")
    q(240, "the fella in the green vest over there - same one that was there at the start?",
      "identity", "same_individual", "w3", calc={"other_eid": "w3"}, subject=S("worker", vest="green"),
      time={"t": 10.0})
    q(245, "is the banksman the same guy who was down in the trench earlier?", "identity",
      "same_individual", "w2", calc={"other_eid": "w1"}, subject=S("worker", role="banksman"),
      other={"subject": S("worker"), "event": "entered_zone", "unit": None, "ordinal": None})
    q(250, "did the pipe layer go into the trench before the ganger took his lid off?",
      "temporal_reasoning", "order", "w1", calc={"other_eid": "w3"}, subject=S("worker", role="pipe_layer"),
      event="entered_zone", relation="before",
      other={"subject": S("worker", role="ganger"), "event": "ppe_removed", "unit": None, "ordinal": None})
    q(255, "did I set the hammer down after the banksman stopped for his break?", "temporal_reasoning",
      "order", "ham1", calc={"other_eid": "w2"}, subject=S("hammer"), event="dropped", relation="after",
      other={"subject": S("worker", role="banksman"), "event": "went_idle", "unit": None, "ordinal": None})
    q(260, "is it meant to rain later on?", "unknown", "unknown")
    q(270, "how many different lads in orange vests have been about?", "identity", "count_distinct",
      None, calc={"label": "worker", "filter": {"vest": "orange"}}, subject=S("worker", vest="orange"))
    q(275, "how long was my hammer lying on the ground?", "temporal_reasoning", "state_duration", "ham1",
      subject=S("hammer"), state="on_ground", spell="last")
    q(278, "when did I pick the hammer back up?", "temporal_retrieval", "event_time", "ham1",
      subject=S("hammer"), event="picked_up")
    return scn


# ====================================================================== C
def scenario_c():
    lens = Lens("fisheye", 150.0, 480, 270)
    yaw = [(0, 0), (9, 0), (12, 110), (24, 110), (28, 0), (31, 0), (35, -60), (40, -60), (45, 0),
           (125, 0), (130, 100), (150, 100), (156, -50), (190, -50), (214, -410), (240, -410),
           (246, -380), (250, -380)]
    wearer = Wearer(yaw, [(0, (0, 0)), (250, (0, 0))], pitch_deg=-6.0)
    load1 = Entity("load1", "suspended_load",
                   Track([(0, (3, 14, 9)), (60, (3, 14, 9)), (70, (3, 3, 9)), (120, (3, 3, 9)),
                          (128, (3, 15, 9))]), present=[(60, 128)], events={"moved": [120.0]})
    load2 = Entity("load2", "suspended_load",
                   Track([(0, (-8, 14, 7)), (165, (-8, 14, 7)), (175, (-8, 3, 7)), (185, (-8, 3, 7)),
                          (195, (-8, 15, 7))]), present=[(165, 195)], facing=40)
    w1 = worker("w1", "orange", "white",
                Track([(0, (8, 0, 8)), (88, (8, 0, 8)), (92, (3.6, 0, 9)), (108, (3.6, 0, 9)),
                       (112, (8.5, 0, 8)), (250, (8.5, 0, 8))]),
                [(0, 88, "active"), (88, 92, "walking"), (92, 108, "active"), (108, 112, "walking"),
                 (112, 250, "active")], facing=250)
    w2 = worker("w2", "yellow", "blue", Track([(0, (-2, 0, 13))]),
                [(0, 30, "active"), (30, 105, "idle"), (105, 250, "active")], facing=180)
    w3 = worker("w3", "green", "yellow",
                Track([(128, (-20, 0, 3)), (138, (-5.6, 0, 3.2)), (150, (-20, 0, 3.2))]),
                [(128, 150, "walking")], present=[(128, 150)])
    w4 = worker("w4", "none", None,
                Track([(226, (-11.5, 0, 5)), (236, (-6, 0, 10)), (250, (2, 0, 14))]),
                [(226, 250, "walking")], present=[(226, 250)], shirt="blue")
    tb = Entity("tb1", "toolbox", Track([(0, (-5, 0, 3)), (138, (-5, 0, 3)), (150, (-19.5, 0, 3.2))]),
                present=[(0, 150)], facing=20, events={"moved": [138.0]})
    drill = Entity("drill1", "drill", Track([(0, (0.4, 0, 2.5))]), present=[(8, 31)],
                   events={"ground_spells": [(8.0, 31.0)]})
    ents = [load1, load2, w1, w2, w3, w4, tb, drill,
            thing("scaf1", "scaffold", (10, 14), size=(4.0, 1.2, 4.0), facing=20),
            thing("lad1", "ladder", (-10, -2), facing=80),
            thing("pal1", "pallet", (6, -5)),
            thing("cone1", "cone", (2, 5.5)), thing("cone2", "cone", (5, 6)),
            thing("gen1", "generator", (-4, -9)),
            thing("loo1", "portaloo", (9, -3), facing=-20),
            thing("wb1", "wheelbarrow", (-3, 6), facing=100),
            thing("hut1", "hut", (-13.5, 4.5), detect=False, size=(3, 2.6, 2.4), facing=90),
            thing("hut2", "hut", (6, 18), detect=False, size=(8, 3.0, 3)),
            thing("f1", "fence", (0, 22), detect=False, size=(40, 2.2)),
            thing("f2", "fence", (16, 0), detect=False, size=(40, 2.2), facing=90),
            thing("f3", "fence", (0, -14), detect=False, size=(40, 2.2))]
    scn = Scenario("fi_steel", "Quayside steel-frame erection (crane lifts; stationary wearer, wide fisheye)",
                   "fi-cam-steel", lens, 250.0, wearer, ents, "persistent", 303, "port", "concrete")
    scn.drops = [("drill1", 8.0, 31.0)]
    scn.designed_alerts = [("safety_alert", "w1"), ("idle", "w2"), ("memory_recall", "tb1"),
                           ("ppe_violation", "w4")]
    scn.lookalikes = [
        "the wearer sets the drill down at 8 s, looks away about 14 s and picks it up at 31 s: not left behind",
        "the second suspended load (165-195 s) hangs with the nearest worker more than 8 m away: no safety alert",
        "the ladder, pallet and portaloo go out of view during the 360 turn and come back unchanged: no memory recall",
        "the first load is seen lifted away in view (moving): not a memory recall",
        "w1 walks back to where he first stood: a return, not an alert",
    ]
    q = QB(scn, "fi-C")
    S = subj
    q(20, "How long ago did I put the drill down?", "temporal_reasoning", "time_since", "drill1",
      subject=S("drill"), event="dropped")
    q(28, "Is my drill still sat where I put it?", "object_permanence", "still_there", "drill1",
      subject=S("drill"))
    q(45, "Point me to the toolbox.", "directional", "direction_of", "tb1", subject=S("toolbox"))
    q(50, "When did the welder down tools?", "temporal_retrieval", "event_time", "w2",
      subject=S("worker", role="welder"), event="stopped_working")
    q(60, "How long was my drill on the ground for?", "temporal_reasoning", "state_duration", "drill1",
      subject=S("drill"), state="on_ground", spell="last")
    q(70, "When did I pick the drill back up?", "temporal_retrieval", "event_time", "drill1",
      subject=S("drill"), event="picked_up")
    q(75, "Is the welder in the yellow vest working?", "productivity", "is_working", "w2",
      subject=S("worker", role="welder", vest="yellow"), state="working")
    q(80, "How long has the welder been stood there now?", "productivity", "spell_duration", "w2",
      subject=S("worker", role="welder"), state="idle", spell="current")
    q(100, "When did the load on the hook first come into view?", "temporal_retrieval", "event_time",
      "load1", subject=S("suspended_load"), event="first_seen")
    q(108, "Did the welder stop work before the beams showed up?", "temporal_reasoning", "order", "w2",
      calc={"other_eid": "load1"}, subject=S("worker", role="welder"), event="went_idle", relation="before",
      other={"subject": S("suspended_load"), "event": "first_seen", "unit": None, "ordinal": None})
    q(115, "Is that the same rigger in orange who was stood over on the right at the start?", "identity",
      "same_individual", "w1", calc={"other_eid": "w1"}, subject=S("worker", role="rigger", vest="orange"),
      time={"t": 5.0})
    q(120, "Has the rigger gone back to where I first saw him?", "temporal_reasoning", "returned", "w1",
      calc={"place": (8.0, 8.0), "t_event": 0.0}, subject=S("worker", role="rigger"),
      other={"subject": S("worker", role="rigger"), "event": "first_seen", "unit": None, "ordinal": None})
    q(122, "What's off to my right?", "directional", "things_in_direction", direction="right")
    q(140, "Who won the match last night?", "unknown", "unknown")
    q(145, "How long since I last saw the toolbox?", "temporal_reasoning", "time_since", "tb1",
      subject=S("toolbox"), event="last_seen")
    q(150, "How long was the welder standing about for?", "productivity", "spell_duration", "w2",
      subject=S("worker", role="welder"), state="idle", spell="last")
    q(160, "Where's the toolbox?", "object_permanence", "where", "tb1", subject=S("toolbox"))
    q(165, "Is the toolbox still where it was?", "object_permanence", "still_there", "tb1",
      calc={"gone_seen_at": 157.0}, subject=S("toolbox"))
    q(175, "Did the welder get back on the tools before the beams were lifted away?", "temporal_reasoning",
      "order", "w2", calc={"other_eid": "load1"}, subject=S("worker", role="welder"),
      event="resumed_working", relation="before",
      other={"subject": S("suspended_load"), "event": "moved", "unit": None, "ordinal": None})
    q(190, "How many different workers have I seen so far?", "identity", "count_distinct", None,
      calc={"label": "worker"}, subject=S("worker"))
    q(205, "Will the frame be topped out by Friday?", "unknown", "unknown")
    q(222, "Anything behind me?", "directional", "things_in_direction", direction="behind")
    q(230, "Which way's the ladder?", "directional", "direction_of", "lad1", subject=S("ladder"))
    q(240, "How long has the visitor been walking about without a hard hat?", "temporal_reasoning",
      "state_duration", "w4", subject=S("worker", role="visitor", hardhat=False), state="without_ppe",
      spell="current")
    q(245, "When did the visitor with no helmet turn up?", "temporal_retrieval", "event_time", "w4",
      subject=S("worker", role="visitor", hardhat=False), event="first_seen")
    q(247, "Is the visitor the same bloke as the rigger from earlier?", "identity", "same_individual",
      "w4", calc={"other_eid": "w1"}, subject=S("worker", role="visitor"),
      other={"subject": S("worker", role="rigger"), "event": None, "unit": None, "ordinal": None})
    q(249, "Is the rigger grafting right now?", "productivity", "is_working", "w1",
      subject=S("worker", role="rigger"), state="working")
    return scn


SCENARIOS = {"fi_blockwork": scenario_a, "fi_trench": scenario_b, "fi_steel": scenario_c}
