"""The three family-C scenarios: scene layout, head-turn scripts, events, recalls."""
from __future__ import annotations

from .scene import Ent, HeadScript, Scene
from .world import Lens

BIG = 1e9


def worker(eid, tid, track, vest, hat_colour, activity=None, hat=None, present=None, score=0.91):
    return Ent(eid, "worker", tid, track, w=0.6, h=1.78, attrs={"vest": vest, "hat_colour": hat_colour},
               activity=activity or [(0, "active")], hat=hat or [(0, True)],
               present=present or [(0.0, BIG)], score=score)


# ====================================================================== roof
def roof():
    S = [
        ("hold", 6, "start"),
        ("to", 15, 30), ("hold", 10, "w1_watch"),
        ("to", 70, 80, "glance"), ("hold", 1.5), ("to", 15, 80), ("hold", 3),
        ("to", -10, 40), ("hold", 5, "drop"),
        ("to", 100, 85, None, True), ("hold", 8, "w2_view", True),
        ("to", -10, 85, None, True), ("hold", 5, "pick"),
        ("to", 225, 70, "turn1"), ("hold", 3, "toolbox_seen"), ("to", 350, 70), ("hold", 4),
        ("to", 160, 60), ("hold", 10, "load_alone"),
        ("to", 95, 50), ("hold", 6, "w2_go"),
        ("to", 150, 8, "follow"), ("hold", 14, "under"),
        ("to", 60, 60), ("hold", 5, "w3_a"),
        ("to", 15, 40), ("hold", 12, "w1_2", True),
        ("to", -130, 45, "to_recall", True), ("hold", 8, "recall"),
        ("to", -160, 30), ("hold", 6, "w4"),
        ("to", 60, 75), ("hold", 25, "w3_nohat"),
        ("to", 15, 30), ("hold", 14, "w1_3"),
        ("to", 130, 45), ("hold", 6, "barrier"),
        ("to", -230, 90, "turn2"), ("hold", 5),
        ("to", -345, 60, None, True), ("hold", 20, "w1_4", True),
        ("to", -280, 50), ("hold", 8, "w3_b"),
        ("to", -400, 60), ("hold", 12, "end"),
    ]
    hs = HeadScript(S)
    M = hs.marks
    lens = Lens(640, 360, 80.0, "pinhole")
    t_drop = M["drop"][0] + 2.0
    t_pick = M["pick"][0] + 2.5
    w1_off = M["w1_watch"][0] + 3.0
    w2_idle0 = M["glance"][0] + 0.8
    w2_idle1 = M["turn1"][0] + 1.9
    g0 = M["w2_go"][0] + 2.0
    t_take = M["w2_go"][0] + 5.0
    w3_off = M["w3_nohat"][0] + 3.0
    ents = [
        worker("w1_orange", "1", [(0, 15, 6.0)], "orange", "white",
               hat=[(0, True), (w1_off, False), (w1_off + 2.0, True)]),
        worker("w2_yellow", "2", [(0, 100, 7.0), (g0, 100, 7.0), (g0 + 12, 160, 10.0), (g0 + 26, 160, 10.0), (g0 + 38, 100, 7.0)],
               "yellow", "blue", activity=[(0, "active"), (w2_idle0, "idle"), (w2_idle1, "active")]),
        worker("w3_green", "3", [(0, 62, 8.0)], "green", "yellow",
               hat=[(0, True), (w3_off, False), (w3_off + 18.0, True)]),
        worker("w4_orange", "4", [(M["to_recall"][0], -158, 9.0), (M["to_recall"][0] + 12, -147, 8.5)], "orange", "white",
               present=[(M["to_recall"][0], BIG)]),
        Ent("pallet_tiles", "pallet", "5", [(0, 38, 5.5)], w=1.2, h=1.0, attrs={"colour": "red"}),
        Ent("ladder", "ladder", "6", [(0, -35, 4.0)], w=0.5, h=3.0, attrs={"colour": "grey"}),
        Ent("scaffold", "scaffold", "7", [(0, -75, 9.0)], w=5.0, h=5.0),
        Ent("toolbox_red", "toolbox", "8", [(0, -130, 4.0)], w=0.6, h=0.4, attrs={"colour": "red"},
            present=[(0, t_take)]),
        Ent("load", "suspended_load", "9", [(0, 160, 10.0)], w=1.8, h=1.0, base=3.2),
        Ent("barrier", "barrier", "10", [(0, 130, 6.0)], w=2.0, h=1.1),
        Ent("cone", "cone", "11", [(0, -100, 5.0)], w=0.35, h=0.7),
        Ent("hammer", "hammer", "12", [(0, float(hs.base(t_drop)[0]) + 6, 4.0)], w=0.35, h=0.3,
            held=[(0, t_drop), (t_pick, BIG)]),
    ]
    sc = Scene("roof_pinhole80", lens, hs, ents, "roof", seed=101)
    recalls = [("toolbox_red", t_take, "red toolbox taken while the wearer faced the crane load")]
    ev = dict(t_drop=t_drop, t_pick=t_pick, w1_off=w1_off, w2_idle0=w2_idle0, w2_idle1=w2_idle1, g0=g0, t_take=t_take, w3_off=w3_off)
    return sc, recalls, ev


# ====================================================================== corridor
def corridor():
    S = [
        ("hold", 24, "wall1"),
        ("to", 360, 80, "turn1"), ("hold", 3),
        ("to", 470, 60), ("hold", 5, "e_active"),
        ("to", 265, 60), ("hold", 4, "toolbox"),
        ("to", 300, 30), ("hold", 6, "drop"),
        ("to", 385, 50, None, True), ("hold", 6, "wall2", True),
        ("to", 470, 50, None, True), ("hold", 14, "e_idle1"),
        ("to", 385, 50), ("hold", 20, "wall3", True),
        ("to", 560, 60), ("hold", 8, "pallet"),
        ("to", 470, 60), ("hold", 18, "e_idle2"),
        ("to", 385, 40), ("hold", 32, "course3"),
        ("to", 300, 60), ("hold", 6, "pick"),
        ("to", 220, 50, None, True), ("hold", 14, "f_arrive", True),
        ("to", 190, 40), ("hold", 5, "wb"),
        ("to", -170, 90, "turn2"), ("hold", 4),
        ("to", 0, 45), ("hold", 30, "wall4", True),
        ("to", 80, 70), ("hold", 4, "drum"),
        ("to", -15, 50), ("hold", 25, "end"),
    ]
    hs = HeadScript(S)
    M = hs.marks
    lens = Lens(848, 480, 130.0, "fisheye")
    t_drop = M["drop"][0] + 2.0
    t_pick = M["pick"][0] + 3.0
    e_idle0 = M["e_idle1"][0] + 1.0
    e_idle1 = e_idle0 + 100.0
    # bricks: every 5 s from 14 s to course 3 (24 bricks), break 35 s, then on to course 5 (40 bricks)
    bricks = [14.0 + 6 * k for k in range(24)]
    d_break0 = bricks[-1] + 3.0
    d_break1 = d_break0 + 35.0
    bricks += [d_break1 + 3.0 + 4.5 * k for k in range(16)]
    f0 = M["f_arrive"][0] - 4.0
    ents = [
        Ent("wall", "brick_wall", "1", [(0, 0, 4.0)], w=3.2, h=1.0, bricks=bricks, per_course=8, score=0.88),
        worker("d_blue", "2", [(0, -24, 3.6)], "blue", "white",
               activity=[(0, "active"), (d_break0, "idle"), (d_break1, "active")]),
        worker("e_orange", "3", [(0, 110, 6.0), (e_idle1, 110, 6.0), (e_idle1 + 8, 150, 9.5)], "orange", "yellow",
               activity=[(0, "active"), (e_idle0, "idle"), (e_idle1, "active")], present=[(0, e_idle1 + 8)]),
        worker("f_green", "4", [(f0, -75, 11.0), (f0 + 12, -140, 6.5)], "green", "white", present=[(f0, BIG)]),
        Ent("toolbox", "toolbox", "5", [(0, -95, 3.0)], w=0.6, h=0.4, attrs={"colour": "blue"}),
        Ent("stepladder", "ladder", "6", [(0, 55, 4.0)], w=0.6, h=1.8, attrs={"colour": "grey"}),
        Ent("boards", "pallet", "7", [(0, 175, 5.0)], w=1.4, h=0.9, attrs={"colour": "white"}),
        Ent("wheelbarrow", "wheelbarrow", "8", [(0, -150, 4.5)], w=1.2, h=0.7, attrs={"colour": "green"}),
        Ent("drum", "cable_drum", "9", [(0, 80, 3.5)], w=0.8, h=0.8),
        Ent("drill", "drill", "10", [(0, float(hs.base(t_drop)[0]) - 360 + 5, 3.5)], w=0.3, h=0.25,
            attrs={"colour": "yellow"}, held=[(0, t_drop), (t_pick, BIG)]),
    ]
    sc = Scene("corridor_fisheye130", lens, hs, ents, "indoor", seed=202)
    ev = dict(t_drop=t_drop, t_pick=t_pick, e_idle0=e_idle0, e_idle1=e_idle1, d_break0=d_break0,
              d_break1=d_break1, bricks=bricks, f0=f0)
    return sc, [], ev


# ====================================================================== road crew
def roadcrew():
    S = [
        ("hold", 6, "start"),
        ("to", -60, 50), ("hold", 3, "g_pass"),
        ("to", -40, 8), ("hold", 4),
        ("to", 95, 70, None, True), ("hold", 6, "h1", True),
        ("to", 150, 40), ("hold", 5, "wb"),
        ("to", 510, 80, "turn1"), ("hold", 3),
        ("to", 370, 50), ("hold", 6, "trench1"),
        ("to", 240, 60), ("hold", 10, "g_idle1"),
        ("to", 370, 60), ("hold", 34, "f_in"),
        ("to", 455, 60, None, True), ("hold", 16, "h_nohat"),
        ("to", 240, 60), ("hold", 16, "g_idle2"),
        ("to", 510, 70, "to_recall", True), ("hold", 8, "recall"),
        ("to", 560, 40), ("hold", 6, "wb_new"),
        ("to", 370, 50), ("hold", 12, "trench2"),
        ("to", 300, 60), ("hold", 5, "cones"),
        ("to", 300 - 360, 90, "turn2"), ("hold", 4),
        ("to", -170, 50, None, True), ("hold", 8, "roller", True),
        ("to", -265, 60), ("hold", 10, "h2"),
        ("to", -300, 50), ("hold", 16, "g_back"),
        ("to", -350, 60), ("hold", 20, "end"),
    ]
    hs = HeadScript(S)
    M = hs.marks
    lens = Lens(640, 360, 100.0, "pinhole")
    gp = M["g_pass"][0]
    g_idle0 = M["g_idle1"][0] + 1.0
    g_idle1 = g_idle0 + 85.0
    f_in0 = M["f_in"][0] + 1.0
    t_move = M["f_in"][0] + 10.0
    h_off = M["h_nohat"][0] + 2.0
    t_back = M["recall"][1]
    ents = [
        Ent("trench", "excavation", "1", [(0, 10, 7.0)], w=3.0, depth_m=2.4, kind="ground", score=0.85),
        Ent("barrier_l", "barrier", "2", [(0, -16, 6.3)], w=1.8, h=1.0),
        Ent("barrier_r", "barrier", "3", [(0, 36, 6.8)], w=1.8, h=1.0),
        worker("f_orange", "4", [(0, 30, 9.5), (f_in0, 30, 9.5), (f_in0 + 6, 10, 7.0), (f_in0 + 26, 10, 7.0), (f_in0 + 32, 30, 9.5)],
               "orange", "white"),
        worker("g_yellow", "5", [(0, -75, 6.0), (gp, -75, 6.0), (gp + 8, -38, 6.0), (gp + 10, -38, 6.0),
                                 (g_idle0 - 2, -120, 6.0)], "yellow", "orange",
               activity=[(0, "active"), (g_idle0, "idle"), (g_idle1, "active")]),
        worker("h_green", "6", [(0, 95, 7.0)], "green", "yellow", hat=[(0, True), (h_off, False), (h_off + 12.0, True)]),
        Ent("wheelbarrow", "wheelbarrow", "7", [(0, 150, 4.5), (t_move, 150, 4.5), (t_move + 0.01, -140, 5.0)],
            w=1.2, h=0.7, attrs={"colour": "green"}, present=[(0, t_move), (t_back, BIG)]),
        Ent("roller", "roller", "8", [(0, -175, 11.0)], w=2.6, h=2.3),
    ]
    for k, (b, d) in enumerate([(-62, 6.0), (-72, 6.5), (-82, 7.0), (-92, 7.5), (-102, 8.0)]):
        ents.append(Ent(f"cone{k + 1}", "cone", str(9 + k), [(0, b, d)], w=0.35, h=0.7))
    sc = Scene("roadcrew_pinhole100", lens, hs, ents, "road", seed=303)
    recalls = [("wheelbarrow", t_move, "green wheelbarrow moved while the wearer watched the trench")]
    ev = dict(gp=gp, g_idle0=g_idle0, g_idle1=g_idle1, f_in0=f_in0, t_move=t_move, h_off=h_off, t_back=t_back)
    return sc, recalls, ev


SCENARIOS = {"roof_pinhole80": roof, "corridor_fisheye130": corridor, "roadcrew_pinhole100": roadcrew}
