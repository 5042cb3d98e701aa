"""The three scenarios of family H: site geometry, lighting, moving objects, camera
settings and the wearer's 20-minute head-motion script."""
import numpy as np

from . import textures as tx
from .motion import Script, minjerk, fmt
from .site import Site, Moving

DURATION = 1200.0


def schedule(points, default):
    """Piecewise min-jerk value over time: points = [(t_start, t_end, value_at_end), ...]."""
    pts = sorted(points)

    def f(t):
        v = default
        for (a, b, val) in pts:
            if t >= b:
                v = val
            elif t > a:
                s = (t - a) / (b - a)
                s = 10 * s ** 3 - 15 * s ** 4 + 6 * s ** 5
                return v + (val - v) * s
            else:
                break
        return v
    return f


def ramp_illum(events, base=1.0, ramp=5.0):
    """events: [(t0, t1, level)] -> smooth global illumination function."""
    def f(t):
        v = base
        for (a, b, lev) in events:
            if a - ramp < t < b + ramp:
                if t < a:
                    s = (t - (a - ramp)) / ramp
                elif t > b:
                    s = 1 - (t - b) / ramp
                else:
                    s = 1.0
                s = 3 * s * s - 2 * s ** 3
                v = v * (1 - s) + lev * s
        return v
    return f


def linear_mover(p0, p1, t0, speed, yaw):
    p0, p1 = np.asarray(p0, float), np.asarray(p1, float)
    L = np.linalg.norm(p1 - p0)
    T = L / speed

    def fn(t):
        s = np.clip((t - t0) / T, 0, 1)
        return p0 + (p1 - p0) * s, yaw
    return fn, t0, t0 + T


def person_mover(site, p0, p1, t0, speed=1.4, vest=(0, 140, 255), key="p"):
    pf = site.tex("person_f" + key, lambda r: tx.person(r, 176, 48, vest, True), 0.01, levels=4, wrap=False)
    ps = site.tex("person_s" + key, lambda r: tx.person(r, 176, 32, vest, False), 0.01, levels=4, wrap=False)
    d = np.asarray(p1, float) - np.asarray(p0, float)
    yaw = np.degrees(np.arctan2(-d[1], d[0])) + 90.0
    fn, a, b = linear_mover(p0, p1, t0, speed, yaw)

    def fn2(t, fn=fn):
        c, y = fn(t)
        # small lateral sway while walking
        return c + 0.03 * np.sin(2 * np.pi * 0.9 * t) * np.array([-d[1], d[0]]) / np.linalg.norm(d), y
    site.add_moving(Moving(fn2, (0.48, 1.76, 0.32), {"front": pf, "back": pf, "left": ps, "right": ps}, a, b))
    return a, b


def hoarding_ring(site, x0, x1, z0, z1, text, base, accent, gaps=()):
    tex = site.tex("hoard" + text, lambda r: tx.hoarding(r, 128, 512, base, text, accent), 0.02)
    # walked clockwise seen from above so that the printed side faces the site
    for p, q in (((x1, z0), (x0, z0)), ((x0, z0), (x0, z1)), ((x0, z1), (x1, z1)), ((x1, z1), (x1, z0))):
        site.wall(p, q, 2.56, tex, double=True)


# ============================================================== scenario A
def scenario_a():
    name = "h1_pinhole76_rebar_deck"
    site = Site(101, sun_az=150.0, sun_el=52.0, ambient=0.42, ground_kind="gravel", sky_kind="sunny")
    T = site.tex
    frame_t = T("cframe", lambda r: tx.concrete_frame(r, 6, 128, 240, infill_floors=2), 0.025)
    finished = T("finished", lambda r: tx.concrete_frame(r, 8, 128, 240, infill_floors=8, barriers=False), 0.025)
    # Block A: 6-storey concrete frame under construction
    site.box((3, 39), (30, 19.2, 18), {k: frame_t for k in ("front", "back", "left", "right")})
    # neighbour buildings outside the hoarding
    site.box((-70, 115), (40, 25.6, 20), {k: finished for k in ("front", "back", "left", "right")}, obstacle=False)
    site.box((55, 120), (36, 19.2, 24), {k: finished for k in ("front", "back", "left", "right")}, obstacle=False)
    site.box((-110, -30), (24, 19.2, 50), {k: finished for k in ("front", "back", "left", "right")}, obstacle=False)
    # Block B podium: open ground floor under a slab (the dark stretch)
    ceil = T("ceiling", lambda r: tx.formwork_ceiling(r, 384, 384), 0.01)
    col = T("column", lambda r: tx.to_u8(tx.concrete(r, 336, 48, (140, 142, 140), 0.1)), 0.01, levels=4)
    edge = T("slabedge", lambda r: tx.to_u8(tx.concrete(r, 32, 640, (160, 162, 160), 0.08)), 0.01, levels=4)
    blk = T("blockwall", lambda r: tx.to_u8(tx.blockwork(r, 256, 256, block=(32, 16))), 0.01375)
    bx0, bx1, bz0, bz1, hy = -40.0, -16.0, 5.0, 25.0, 3.36
    site.ceiling(bx0, bx1, bz0, bz1, hy, ceil, shade=0.30)
    for p, q in (((bx0, bz0), (bx1, bz0)), ((bx1, bz0), (bx1, bz1)), ((bx1, bz1), (bx0, bz1)), ((bx0, bz1), (bx0, bz0))):
        site.wall(p, q, 0.32, edge, double=False, y0=hy, obstacle=False, shadow=False)
    site.wall((bx0, bz1), (bx0, bz0), hy, blk, double=True, shade=0.35)            # west blockwork wall
    site.wall((bx0, bz1), (-30, bz1), hy, blk, double=True, shade=0.35)            # half of north side
    site.shadow(((bx0 + bx1) / 2, (bz0 + bz1) / 2), (bx1 - bx0, 0.32, bz1 - bz0), 0, hy)
    site.paint_poly([(bx0, bz0), (bx1, bz0), (bx1, bz1), (bx0, bz1)], 0.55, blur=6)
    site.paint_poly([(bx0 + 3, bz0 + 3), (bx1 - 3, bz0 + 3), (bx1 - 3, bz1 - 3), (bx0 + 3, bz1 - 3)], 0.6, blur=10)
    for x in (-40, -32, -24, -16):
        for z in (5, 13, 21, 25):
            inside = bx0 < x < bx1 and bz0 < z < bz1
            site.box((x + (0.3 if x == bx0 else -0.3 if x == bx1 else 0), z + (0.3 if z == bz0 else -0.3 if z == bz1 else 0)),
                     (0.48, hy, 0.48), {k: col for k in ("front", "back", "left", "right")}, shadow=False)
            if inside:
                for k in range(len(site.q.rows) - 4, len(site.q.rows)):
                    site.q.rows[k]["shade"] = 0.3
    # site offices (two stacked cabins + one)
    off = T("office", lambda r: tx.cabin(r, 112, 480, text="SITE OFFICE"), 0.025)
    wel = T("welfare", lambda r: tx.cabin(r, 112, 480, (200, 215, 220), text="WELFARE  DRYING ROOM"), 0.025)
    cend = T("cabend", lambda r: tx.cabin(r, 112, 112, windows=1), 0.025)
    site.box((-30, -16), (12, 2.8, 2.8), {"front": off, "back": off, "left": cend, "right": cend})
    site.box((-30, -16), (12, 2.8, 2.8), {"front": wel, "back": wel, "left": cend, "right": cend}, y0=2.8, obstacle=False)
    site.box((-30, -24.5), (12, 2.8, 2.8), {"front": wel, "back": wel, "left": cend, "right": cend})
    # shipping containers
    for i, (c, yaw, colr, mk) in enumerate((((24, -6), 8, (40, 60, 170), "TGHU 418266"),
                                            ((27, -12), -4, (120, 80, 30), "MSCU 702913"),
                                            ((33, 0), 80, (50, 110, 60), "CAIU 551820"))):
        side = T("cont%d" % i, lambda r, colr=colr, mk=mk: tx.corrugated(r, 128, 304, colr, marks=mk), 0.02)
        end = T("conte%d" % i, lambda r, colr=colr: tx.container_end(r, 128, 128, colr), 0.02)
        site.box(c, (6.08, 2.56, 2.56), {"front": side, "back": side, "left": end, "right": end}, yaw=yaw)
    # rebar cage (work place) and rebar stock
    cage_s = T("cage_s", lambda r: tx.rebar(r, 64, 400), 0.01)
    cage_t = T("cage_t", lambda r: tx.rebar(r, 256, 400, top=True), 0.01)
    site.box((4, 11.3), (4.0, 0.64, 2.56), {"front": cage_s, "back": cage_s, "left": cage_s, "right": cage_s}, top=cage_t)
    bun_s = T("bun_s", lambda r: tx.rebar(r, 48, 640, top=True), 0.01)
    bun_e = T("bun_e", lambda r: tx.rebar(r, 48, 96), 0.01)
    bun_t = T("bun_t", lambda r: tx.rebar(r, 96, 640, top=True), 0.01)
    for k in range(4):
        site.box((13 + 1.3 * k, 3.0 + 0.2 * k), (6.4, 0.48, 0.96), {"front": bun_s, "back": bun_s, "left": bun_e, "right": bun_e},
                 top=bun_t, yaw=90 + 3 * k)
    # block pallets
    pal_s = T("pal_s", lambda r: tx.pallet_blocks(r, 112, 128), 0.01)
    pal_t = T("pal_t", lambda r: tx.pallet_blocks(r, 128, 128, top=True), 0.01)
    for k, (x, z) in enumerate(((-8, 13), (-6.5, 13.2), (-8.1, 14.6), (-5.0, 13.0), (-6.6, 14.7))):
        site.box((x, z), (1.28, 1.12, 1.28), {s: pal_s for s in ("front", "back", "left", "right")}, top=pal_t, yaw=4 * k)
    tim = T("timber", lambda r: tx.timber(r, 96, 400), 0.01)
    tim_e = T("timber_e", lambda r: tx.timber(r, 96, 128), 0.01)
    site.box((12, 22), (4.0, 0.96, 1.28), {"front": tim, "back": tim, "left": tim_e, "right": tim_e}, top=tim, yaw=20)
    skip_s = T("skip", lambda r: tx.plain(r, 80, 192, (20, 170, 230)), 0.02)
    skip_e = T("skip_e", lambda r: tx.plain(r, 80, 96, (20, 160, 220)), 0.02)
    skip_t = T("skip_t", lambda r: tx.dirt_pile(r, 96, 192), 0.02)
    site.box((-20, -5), (3.84, 1.6, 1.92), {"front": skip_s, "back": skip_s, "left": skip_e, "right": skip_e}, top=skip_t, yaw=-25)
    loo = T("loo", lambda r: tx.plain(r, 224, 112, (160, 80, 20)), 0.01)
    site.box((-27, -9), (1.12, 2.24, 1.12), {s: loo for s in ("front", "back", "left", "right")})
    gen = T("gen", lambda r: tx.plain(r, 128, 192, (40, 120, 40)), 0.01)
    site.box((17, 9), (1.92, 1.28, 0.96), {s: gen for s in ("front", "back", "left", "right")}, top=gen, yaw=30)
    # hoarding around the site
    hoarding_ring(site, -60, 60, -40, 90, "BUILDING FOR TOMORROW", (90, 110, 30), (30, 30, 30))
    # ground features: haul road, paths, puddles, painted walkway
    site.paint_line([(-60, -29), (60, -29)], 6.0, (0.85, 0.9, 0.95), blur=3)
    site.paint_line([(-58, -27.5), (58, -27.5)], 0.4, 0.7)
    site.paint_line([(0, -26), (0, 0), (4, 8), (4, 25)], 2.0, 1.12, blur=2)
    site.paint_line([(-30, -10), (-25, 0), (-28, 6)], 1.6, 1.1, blur=2)
    for (x, z, r) in ((6, -3, 1.6), (-12, 3, 2.2), (20, 14, 1.3), (-4, -18, 2.5)):
        pts = [(x + r * np.cos(a) * (1 + 0.2 * np.sin(3 * a)), z + 0.7 * r * np.sin(a)) for a in np.linspace(0, 6.28, 24)]
        site.paint_poly(pts, (0.55, 0.55, 0.5), blur=2)
    site.paint_line([(-2, 2), (-2, 6)], 0.1, (0.5, 1.1, 1.4))  # spray marking
    # tower crane
    mast_t = T("mast", lambda r: tx.lattice(r, 128, 128), 0.015)
    site.box((30, 62), (1.92, 42.0, 1.92), {s: mast_t for s in ("front", "back", "left", "right")})
    slew = schedule([(60, 80, 35), (200, 230, -20), (420, 440, 10), (800, 830, -60),
                     (1000, 1030, 40), (1100, 1125, 0)], default=-10.0)
    jib_center = np.array([30.0, 62.0])

    def jib(t):
        a = slew(t) + 180  # jib points back over the site
        ar = np.radians(a)
        return jib_center + 20 * np.array([np.cos(ar), -np.sin(ar)]), a
    site.add_moving(Moving(jib, (68.0, 1.92, 1.6), {s: mast_t for s in ("front", "back", "left", "right")},
                           0, 1e9, bottom=mast_t, y0=42.0))

    def cab(t):
        a = slew(t) + 180
        ar = np.radians(a)
        return jib_center + 2.2 * np.array([np.cos(ar), -np.sin(ar)]) + 1.9 * np.array([np.sin(ar), np.cos(ar)]), a
    cabt = T("cab", lambda r: tx.cabin(r, 96, 96, (40, 200, 240), windows=1), 0.025)
    site.add_moving(Moving(cab, (2.4, 2.4, 2.4), {s: cabt for s in ("front", "back", "left", "right")}, 0, 1e9,
                           bottom=cabt, y0=39.4))
    # --------------------------------------------------------- motion script
    s = Script(DURATION, seed=11, start_pos=(0.0, 0.0))
    scene_events = []
    s.hold(2.0, note="standing on the haul-road path looking at the Block A concrete frame")
    s.move(4.0, dyaw=40, note="slow pan right along the facade (+40 deg in 4 s)")
    s.move(4.5, dyaw=-40, note="slow pan back left (-40 deg in 4.5 s)")
    s.glance(-35, 30, note="glance up-left at the tower crane")
    s.walk([(4, 8.9)], note="walk to the rebar cage")
    s.face(4, 13, dur=0.8)
    s.work(62, yaw_spread=25, pitch_c=-55, glance_every=14,
           note="tying rebar at the cage, looking down, with quick glances")
    s.move(1.0, pitch=-2, note="straighten up")
    t_turn = s.t
    s.turn(360, 5.0, note="full right turn (+360 deg) on the spot looking for the banksman")
    s.face(30, 62, dur=1.1, pitch=38, note="look up at the tower crane as it slews")
    s.hold(7.0)
    s.face(4, 13, dur=0.9, pitch=-50)
    s.work(80, yaw_spread=25, pitch_c=-55, glance_every=12, note="tying rebar")
    s.walk([(6, 4), (11.5, 3.2)], note="walk to the rebar stock")
    s.face(14, 3.5, dur=0.7)
    s.work(22, yaw_spread=15, pitch_c=-60, height=1.05, note="crouching at the rebar bundles")
    s.move(1.2, pitch=-10, height=1.72, note="stand up")
    s.walk([(6, 5), (4, 8.9)], pitch=-18, note="carry bars back to the cage")
    s.face(4, 13, dur=0.8)
    pa = person_mover(site, (-3, 13.6), (14, 13.8), s.t + 6.0, key="a")
    scene_events.append((pa[0], pa[1], "a co-worker in an orange vest walks across behind the cage, 4-5 m away"))
    s.work(118, yaw_spread=28, pitch_c=-52, glance_every=9, note="tying rebar with frequent fast glances")
    s.turn(-180, 1.0, pitch=-5, note="fast turn left (-180 deg in 1.0 s) towards a shout")
    s.hold(2.5)
    s.turn(180, 1.2, note="fast turn back right (+180 deg in 1.2 s)")
    s.walk([(4, 2), (12, -10), (10, -23.5)], note="walk past the containers to the haul road")
    s.face(40, -28, dur=1.0, pitch=-3)
    t_truck = s.t + 3.0
    fn, a0, a1 = linear_mover((70, -30.5), (-70, -30.5), t_truck, 7.0, 0.0)
    mix_s1 = T("mix1", lambda r: tx.vehicle_side(r, 128, 320, (235, 235, 235), "READYMIX", cab_left=True, kind="mixer"), 0.025)
    mix_s2 = T("mix2", lambda r: tx.vehicle_side(r, 128, 320, (235, 235, 235), "READYMIX", cab_left=False, kind="mixer"), 0.025)
    mix_f = T("mixf", lambda r: tx.vehicle_end(r, 128, 96, (225, 225, 225), True), 0.025)
    mix_b = T("mixb", lambda r: tx.vehicle_end(r, 128, 96, (225, 225, 225), False), 0.025)
    site.add_moving(Moving(fn, (8.0, 3.2, 2.4), {"front": mix_s1, "back": mix_s2, "left": mix_f, "right": mix_b}, a0, a1))
    scene_events.append((t_truck + 6.5, t_truck + 13.5, "a concrete mixer truck drives past about 6-7 m away, left to right across the view, filling much of it"))
    s.hold(7.0)
    s.move(6.0, dyaw=155, pitch=-4, note="head follows the passing mixer truck (pan right, +155 deg in 6 s)")
    s.hold(2.0)
    s.turn(-360, 6.0, pitch=0, note="full left turn (-360 deg) while checking the road")
    s.walk([(-8, -20), (-24, -12.5)], look=[(8, 60, 10, 1.6), (20, -50, 0, 1.4)],
           note="walk to the site office with glances")
    s.face(-28, -14.6, dur=0.9, pitch=2)
    pc = person_mover(site, (-35, -13.55), (-15, -13.55), s.t + 20.0, vest=(0, 140, 255), key="c")
    scene_events.append((pc[0], pc[1], "a co-worker walks between the camera and the cabin, about 1 m away"))
    s.hold(45, tremor=0.2, note="standing still in front of the office cabin, talking")
    s.walk([(-14, -8), (-14, 3), (-14, 9), (-28, 9), (-28, 17)], pitch=-8, note="walk into the open ground floor of Block B (under the slab, dark)")
    s.face(-28, 23, dur=0.8)
    s.work(55, yaw_spread=30, pitch_c=-40, glance_every=10, note="checking formwork props under the slab")
    s.move(1.0, pitch=45, note="look up at the slab soffit")
    s.hold(6)
    s.work(50, yaw_spread=40, pitch_c=0, pitch_spread=25, glance_every=8, lean=0.3,
           note="inspecting columns and soffit, looking out through the open sides")
    s.turn(-120, 0.9, pitch=-10, note="quick look left towards the bright opening")
    s.hold(3.0)
    s.turn(120, 1.0)
    s.work(45, yaw_spread=30, pitch_c=-45, glance_every=11, note="working at the floor under the slab")
    s.move(0.8, pitch=-5)
    s.turn(360, 3.2, note="fast full right turn (+360 deg in 3.2 s) in the dark")
    s.walk([(-19, 17), (-2, 17), (2, 8.9)], note="walk out of Block B back to the cage (bright again)")
    s.face(30, 62, dur=1.0, pitch=44, note="look up at the crane slewing")
    s.hold(12.0)
    s.face(4, 13, dur=1.0, pitch=-52)
    pb = person_mover(site, (12, 16.5), (-4, 16.5), s.t + 40.0, vest=(40, 230, 200), key="b")
    scene_events.append((pb[0], pb[1], "a co-worker in a yellow vest walks across behind the cage"))
    s.work(150, yaw_spread=25, pitch_c=-55, glance_every=12, note="tying rebar")
    s.move(1.0, pitch=-8)
    s.turn(-360, 4.5, note="full left turn (-360 deg)")
    s.walk([(7, 9.0), (7, 14.0), (1, 14.0), (1, 8.6), (5, 8.6)], speed=1.1,
           note="walk once round the rebar cage turning left (about -360 deg)")
    s.face(3, 40, dur=1.0, pitch=12)
    s.hold(15, tremor=0.15, note="standing still, looking at the Block A facade")
    s.move(6.0, dyaw=-45, pitch=8, note="slow pan left (-45 deg in 6 s)")
    s.move(6.0, dyaw=45, pitch=12, note="slow pan right (+45 deg in 6 s)")
    s.hold(13, tremor=0.15)
    s.walk([(-4, 8), (-6.8, 11.4)], note="walk to the block pallets")
    s.face(-6.6, 13.5, dur=0.7)
    s.work(60, yaw_spread=20, pitch_c=-50, height=1.1, glance_every=15, note="crouching, stacking blocks")
    s.move(1.2, pitch=-5, height=1.72)
    s.turn(200, 1.6, note="quick right turn (+200 deg)")
    s.walk([(0, 0)], note="walk back towards the start")
    s.hold(15, tremor=0.25, note="standing, talking")
    s.walk([(9, 6), (9, 19.3)], note="walk to the timber stack")
    s.face(12, 22, dur=0.8)
    s.work(70, yaw_spread=20, pitch_c=-45, glance_every=10, note="measuring and marking timber")
    s.move(1.0, pitch=0)
    s.turn(360, 4.0, note="full right turn (+360 deg)")
    s.face(30, 62, dur=1.0, pitch=40, note="look up at the crane")
    s.hold(8.0)
    s.walk([(9, 6), (4, 8.9)], note="walk back to the rebar cage")
    s.face(4, 13, dur=0.8)
    s.work(DURATION - s.t - 1.0, yaw_spread=25, pitch_c=-55, glance_every=13, note="tying rebar until the end")
    s.finish()
    illum = ramp_illum([(930, 975, 0.55)], ramp=6.0)
    scene_events.append((930, 975, "cloud shadow: daylight drops to 55% and the auto-exposure compensates"))
    cam = dict(projection="pinhole", hfov=76.0, readout=0.015, exp_base=0.003, exp_max=0.030, noise=1.6,
               vignette=0.15, brim=None, illum=illum, seed=1101)
    intro = ("Pinhole 76 deg camera on the hard hat of a rebar fixer on a sunny site: a 6-storey concrete frame "
             "(Block A), a tower crane whose jib slews, containers, stacked site cabins, rebar, block pallets, a "
             "hoarding and an open ground floor under a slab (Block B). Camera effects: 15 ms rolling shutter, "
             "auto-exposure with motion blur when exposure is long, sensor noise, mild vignetting.")
    return dict(name=name, site=site, script=s, cam=cam, intro=intro, scene_events=scene_events)




def loop_mover(path, speed, t0, t1, offset=0.0):
    """Move along a closed polyline at constant speed; yaw follows the direction."""
    P = np.array(path + [path[0]], float)
    seg = np.linalg.norm(np.diff(P, axis=0), axis=1)
    cum = np.concatenate([[0], np.cumsum(seg)])
    L = cum[-1]

    def fn(t):
        d = (offset + (t - t0) * speed) % L
        k = min(int(np.searchsorted(cum, d, side="right") - 1), len(seg) - 1)
        f = (d - cum[k]) / seg[k]
        p = P[k] + (P[k + 1] - P[k]) * f
        dv = P[k + 1] - P[k]
        return p, np.degrees(np.arctan2(-dv[1], dv[0]))
    return fn


def yield_mover(path, speed, script, offset=0.0, half_len=3.5, stop_ahead=7.0, lateral=2.8, dt=0.1):
    """Vehicle on a closed loop that stops (and waits) while the wearer is in the
    lane ahead of it, like a driver would.  Precomputed from the wearer's track."""
    P = np.array(path + [path[0]], float)
    seg = np.linalg.norm(np.diff(P, axis=0), axis=1)
    cum = np.concatenate([[0], np.cumsum(seg)])
    L = cum[-1]

    def at(d):
        d = d % L
        k = min(int(np.searchsorted(cum, d, side="right") - 1), len(seg) - 1)
        f = (d - cum[k]) / seg[k]
        dv = (P[k + 1] - P[k]) / seg[k]
        return P[k] + (P[k + 1] - P[k]) * f, dv
    ts = np.arange(0, DURATION + 1.0, dt)
    _, _, _, W = script.sample(ts)
    ds = np.zeros(len(ts))
    d, v = offset, 0.0
    for i, t in enumerate(ts):
        ds[i] = d
        p, dv = at(d)
        rel = W[i, [0, 2]] - p
        ahead = rel @ dv
        side = abs(rel[0] * dv[1] - rel[1] * dv[0])
        blocked = (-half_len - 1.0 < ahead < half_len + stop_ahead) and side < lateral
        # also look a little ahead round corners
        p2, _ = at(d + half_len + 3.0)
        blocked |= np.hypot(*(W[i, [0, 2]] - p2)) < lateral + 1.0
        target = 0.0 if blocked else speed
        v = min(target, v + 2.0 * dt) if target > v else max(target, v - 4.0 * dt)
        d += v * dt

    def fn(t):
        dd = np.interp(t, ts, ds)
        p, dv = at(dd)
        return p, np.degrees(np.arctan2(-dv[1], dv[0]))
    return fn


def vehicle_texs(site, key, body, text, kind="truck", length_px=256, h_px=112, end_px=96):
    T = site.tex
    s1 = T(key + "s1", lambda r: tx.vehicle_side(r, h_px, length_px, body, text, cab_left=False, kind=kind), 0.025)
    s2 = T(key + "s2", lambda r: tx.vehicle_side(r, h_px, length_px, body, text, cab_left=True, kind=kind), 0.025)
    f = T(key + "f", lambda r: tx.vehicle_end(r, h_px, end_px, body, True), 0.025)
    b = T(key + "b", lambda r: tx.vehicle_end(r, h_px, end_px, body, False), 0.025)
    # box local +X is the direction of travel: 'right' face is the front
    return {"front": s1, "back": s2, "left": b, "right": f}


# ============================================================== scenario B
def scenario_b():
    name = "h2_fisheye112_earthworks"
    site = Site(202, sun_az=200.0, sun_el=40.0, ambient=0.8, ground_kind="mud", sky_kind="overcast")
    T = site.tex
    dirt = T("dirt", lambda r: tx.dirt_pile(r, 256, 256), 0.02)
    # spoil heaps (tops visible)
    for (c, sz, yaw) in (((-14, 22), (8, 2.2, 5), 10), ((16, 26), (6, 1.4, 6), -20), ((-22, -4), (5, 3.0, 7), 35),
                         ((26, 4), (4, 1.1, 4), 0)):
        site.box(c, sz, {k: dirt for k in ("front", "back", "left", "right")}, top=dirt, yaw=yaw)
    # excavation: dark wet area and barriers around it
    site.paint_poly([(-8, 16), (8, 16), (9, 24), (-7, 25)], (0.45, 0.5, 0.55), blur=4)
    bar = T("barrier", lambda r: tx.striped(r, 64, 192, (230, 230, 230), (40, 40, 210), 48), 0.01)
    for x in np.arange(-8, 9, 2.0):
        site.box((x, 13.8), (1.92, 0.64, 0.2), {"front": bar, "back": bar}, shadow=False)
    cone = T("cone", lambda r: tx.striped(r, 64, 32, (20, 110, 250), (235, 235, 235), 200), 0.01)
    # pipes stack
    pipe_e = T("pipe_e", lambda r: _pipe_end(r), 0.01)
    pipe_s = T("pipe_s", lambda r: tx.to_u8(tx.concrete(r, 240, 400, (165, 168, 168), 0.06)), 0.01)
    site.box((24, -14), (4.0, 1.2, 2.4), {"front": pipe_s, "back": pipe_s, "left": pipe_e, "right": pipe_e},
             top=pipe_s, yaw=90)
    # cabins, bowser, roller, light tower
    off = T("office", lambda r: tx.cabin(r, 112, 480, (215, 210, 200), text="WELFARE  CANTEEN"), 0.025)
    cend = T("cabend", lambda r: tx.cabin(r, 112, 112, (215, 210, 200), windows=1), 0.025)
    site.box((-34, -26), (12, 2.8, 2.8), {"front": off, "back": off, "left": cend, "right": cend})
    site.box((-34, -32), (12, 2.8, 2.8), {"front": off, "back": off, "left": cend, "right": cend})
    bow = T("bowser", lambda r: tx.plain(r, 64, 128, (40, 140, 40)), 0.02)
    site.box((-20, -28), (2.56, 1.28, 1.28), {k: bow for k in ("front", "back", "left", "right")}, top=bow)
    rol = vehicle_texs(site, "roller", (20, 180, 240), "ROLLER", length_px=160, h_px=112, end_px=80)
    site.box((36, -22), (4.0, 2.8, 2.0), rol, yaw=60)
    lt = T("lt", lambda r: tx.lattice(r, 64, 32, (60, 60, 60), (150, 150, 150), 16), 0.02)
    site.box((-4, -12), (0.32, 8.0, 0.32), {k: lt for k in ("front", "back", "left", "right")})
    lamp = T("lamp", lambda r: tx.plain(r, 32, 96, (220, 230, 235), 0.02), 0.02)
    site.box((-4, -12), (1.92, 0.64, 0.32), {k: lamp for k in ("front", "back", "left", "right")}, y0=8.0,
             bottom=lamp, obstacle=False)
    # cones along the haul road
    for x in (-36, -30, 30, 36, -9.5, 9.5):
        site.box((x, -4.2 if abs(x) > 20 else 13.8), (0.32, 0.64, 0.32), {k: cone for k in ("front", "back", "left", "right")}, shadow=False)
    hoarding_ring(site, -55, 55, -45, 60, "KEEP OUT - DEEP EXCAVATION", (170, 170, 165), (20, 20, 190))
    site.paint_line([(-42, -8), (42, -8), (42, 44), (-42, 44), (-42, -8)], 7.0, (0.8, 0.85, 0.9), blur=3)
    for (x, z, r) in ((4, -18, 2.5), (-28, 12, 3.0), (30, 30, 2.0), (10, 4, 1.5)):
        pts = [(x + r * np.cos(a) * (1 + 0.25 * np.sin(3 * a)), z + 0.6 * r * np.sin(a)) for a in np.linspace(0, 6.28, 24)]
        site.paint_poly(pts, (0.55, 0.55, 0.52), blur=2)
    # excavator: static tracks, swinging upper body with boom/stick/bucket
    yel = (20, 170, 235)
    exb = T("exb", lambda r: tx.vehicle_side(r, 64, 128, yel, "EX-210", kind="truck"), 0.025)
    exc = T("exc", lambda r: tx.cabin(r, 64, 48, (40, 160, 220), windows=1), 0.025)
    trk = T("trk", lambda r: tx.striped(r, 32, 192, (45, 45, 45), (70, 70, 70), 12), 0.025)
    site.box((0, 20), (4.5, 0.9, 3.2), {k: trk for k in ("front", "back", "left", "right")}, top=trk, yaw=0)
    dig = [(0, 60, 0.0)]
    swing_pts = []
    for k in range(100):
        t0 = 20 + 12 * k
        if 20 < t0 < 1180 and not (560 < t0 < 700):
            swing_pts += [(t0, t0 + 3.5, 95.0), (t0 + 6, t0 + 9.5, 0.0)]
    swing = schedule(swing_pts, 0.0)
    pivot = np.array([0.0, 20.0])

    def part(off_fwd, off_side, base=-90.0):
        def fn(t):
            a = np.radians(swing(t) + base)
            fwd = np.array([np.cos(a), -np.sin(a)])
            side = np.array([np.sin(a), np.cos(a)])
            return pivot + fwd * off_fwd + side * off_side, swing(t) + base
        return fn
    ex_all = lambda tex_: {k: tex_ for k in ("front", "back", "left", "right")}
    site.add_moving(Moving(part(-0.5, 0.0), (3.2, 1.6, 2.6), {"front": exb, "back": exb, "left": exb, "right": exb},
                           0, 1e9, top=exb, y0=0.95))
    site.add_moving(Moving(part(0.7, -0.8), (1.0, 1.6, 0.9), ex_all(exc), 0, 1e9, top=exc, y0=2.55))
    site.add_moving(Moving(part(3.5, 0.3), (4.2, 0.5, 0.5), ex_all(exb), 0, 1e9, top=exb, bottom=exb, y0=2.3))
    site.add_moving(Moving(part(5.6, 0.3), (0.45, 2.6, 0.45), ex_all(exb), 0, 1e9, y0=0.3))
    site.add_moving(Moving(part(5.9, 0.3), (0.9, 0.7, 1.0), ex_all(trk), 0, 1e9, top=dirt, y0=0.0))
    # dump trucks on the haul road loop (counter-rotating)
    road = [(-42, -8), (42, -8), (42, 44), (-42, 44)]
    dt1 = vehicle_texs(site, "dump1", (30, 150, 230), "DUMPER 07")
    dt2 = vehicle_texs(site, "dump2", (200, 200, 200), "HAULAGE", length_px=288)
    scene_events = [(0, 1200, "two dump trucks circulate on the haul-road loop all the time (about 5 m/s, stopping when the wearer is in their lane)"),
                    (20, 560, "the excavator swings between digging and dumping every 12 s"),
                    (700, 1200, "the excavator swings between digging and dumping every 12 s")]
    # ------------------------------------------------------------- script
    s = Script(DURATION, seed=22, start_pos=(0.0, 2.0))
    s.hold(2.0, note="standing south of the excavation, excavator swinging ahead")
    s.move(5.0, dyaw=-50, note="slow pan left over the site (-50 deg in 5 s)")
    s.move(5.0, dyaw=50, note="slow pan back right (+50 deg in 5 s)")
    s.walk([(2, 11.2)], note="walk to the barrier at the trench edge")
    s.face(0, 20, dur=0.6, pitch=-10)
    s.work(40, yaw_spread=35, pitch_c=-10, pitch_spread=10, lean=0.1, glance_every=9,
           note="watching the excavator dig (large moving object in view)")
    s.move(0.7, pitch=-5)
    s.turn(-360, 4.5, note="full left turn (-360 deg in 4.5 s)")
    s.glance(70, 5, t_out=0.4, note="fast glance right")
    s.walk([(10, 3), (20, -6), (21.6, -12)], look=[(6, -60, 0, 1.5)], note="walk across the haul road to the pipe stack")
    s.face(24, -14, dur=0.7)
    s.work(30, yaw_spread=15, pitch_c=-50, height=1.0, glance_every=12, note="crouching, checking pipe joints")
    s.move(1.2, pitch=-5, height=1.72)
    s.walk([(12, -1), (4, 2)], note="walk back towards the excavation")
    s.face(-40, -8, dur=1.2, pitch=-2, note="turn to watch the haul road (banksman)")
    s.work(55, yaw_spread=60, pitch_c=-3, pitch_spread=6, lean=0.05, glance_every=7,
           note="banksman: scanning the road and the trucks")
    s.face(0, 18, dur=1.0, pitch=-40)
    s.work(90, yaw_spread=25, pitch_c=-60, lean=0.25, glance_every=6,
           note="shovelling at the trench edge with frequent fast glances")
    s.move(0.8, pitch=-5)
    s.turn(360, 2.6, note="fast full right turn (+360 deg in 2.6 s, peak about 260 deg/s)")
    s.walk([(-8, -2), (-26, -12), (-27, -22.8)], look=[(5, 70, 10, 1.4), (14, -60, -5, 1.2)],
           note="walk across the site to the welfare cabins with glances")
    s.face(-30, -24.6, dur=0.8, pitch=0)
    pA = person_mover(site, (-40, -23.5), (-18, -23.5), s.t + 12, vest=(40, 230, 200), key="b1")
    scene_events.append((pA[0], pA[1], "a co-worker walks between the camera and the cabin, about 1 m away"))
    s.hold(35, tremor=0.2, note="standing still at the cabin notice board")
    s.move(0.8, pitch=-10)
    s.walk([(-16, -21), (-16, -10), (-26, -10), (-28, -21)], speed=1.2,
           note="walk round the fuel bowser area turning left (about -250 deg)")
    s.face(-34, -26, dur=1.0, pitch=5)
    s.hold(4)
    s.walk([(-26, -12), (-8, -9), (-4, 0)], note="walk back to the excavation (crossing the haul road)")
    s.face(-4, -12, dur=1.2, pitch=55, direction=-1, note="look up at the light tower against the bright overcast sky")
    s.hold(8.0, tremor=0.3)
    s.face(0, 12, dur=1.0, pitch=-35)
    s.work(60, yaw_spread=40, pitch_c=-45, height=1.1, glance_every=8, note="crouching, placing pipe bedding")
    s.move(1.2, pitch=-5, height=1.72)
    s.walk([(6, 6), (12, 12)], note="walk to the east side of the trench")
    s.face(0, 20, dur=1.0, pitch=-15)
    s.hold(12, tremor=0.25, note="standing still while the excavator is idle")
    s.move(6.0, dyaw=60, note="slow pan right (+60 deg in 6 s)")
    s.move(6.0, dyaw=-60, note="slow pan left (-60 deg in 6 s)")
    s.move(0.8, pitch=0)
    s.turn(-720, 12.0, note="two slow full left turns (-720 deg in 12 s) looking for a dropped tool")
    s.work(60, yaw_spread=30, pitch_c=-55, glance_every=10, note="looking down, searching the ground")
    pB = person_mover(site, (4, 9.0), (18, 9.0), s.t + 20, key="b2")
    scene_events.append((pB[0], pB[1], "a co-worker walks across in front, 2-3 m away"))
    s.work(70, yaw_spread=35, pitch_c=-20, pitch_spread=15, glance_every=8, note="watching the excavator and the trench")
    s.walk([(12, 2), (-6, 2), (-12, 9)], pitch=-12, note="walk round to the spoil heap")
    s.face(-14, 22, dur=0.8, pitch=10)
    s.work(90, yaw_spread=30, pitch_c=-30, pitch_spread=20, lean=0.3, glance_every=9,
           note="checking the spoil heap, looking up and down")
    s.move(0.8, pitch=-5)
    s.turn(360, 4.0, note="full right turn (+360 deg)")
    s.glance(-100, 0, t_out=0.55, t_hold=1.0, t_back=0.6, note="fast glance left (100 deg)")
    s.walk([(-4, 6), (2, 11.2)], note="walk back to the barrier")
    s.face(0, 20, dur=0.8, pitch=-15)
    s.work(120, yaw_spread=40, pitch_c=-12, pitch_spread=12, lean=0.1, glance_every=7,
           note="watching the excavator load the trucks")
    s.move(0.8, pitch=-5)
    s.turn(-360, 3.5, note="full left turn (-360 deg in 3.5 s)")
    s.walk([(10, 4), (20, -2)], note="walk towards the pipe stack")
    s.face(-40, -8, dur=1.0, pitch=-3)
    s.work(DURATION - s.t - 1.0, yaw_spread=70, pitch_c=-5, pitch_spread=8, lean=0.05, glance_every=8,
           note="banksman at the road until the end")
    s.finish()
    site.add_moving(Moving(yield_mover(road, 5.0, s, 0.0, half_len=3.2), (6.4, 2.8, 2.4), dt1, 0, 1e9, top=dirt))
    site.add_moving(Moving(yield_mover(road[::-1], 4.2, s, 120.0, half_len=3.6), (7.2, 3.0, 2.4), dt2, 0, 1e9))
    illum = ramp_illum([(720, 810, 0.42)], ramp=15.0)
    scene_events.append((720, 810, "a heavy dark cloud: daylight falls to about 40% (auto-exposure lengthens, more blur and noise)"))
    cam = dict(projection="fisheye", hfov=112.0, readout=0.025, exp_base=0.006, exp_max=0.033, noise=2.0,
               vignette=0.3, brim=None, illum=illum, seed=2202)
    intro = ("Equidistant fisheye 112 deg (action-camera style) on a groundworker/banksman at an earthworks site "
             "under an overcast sky: muddy ground, a swinging excavator with boom and bucket, two dump trucks "
             "circulating on a haul-road loop, spoil heaps, pipes, cabins, a light tower, a hoarding. Camera "
             "effects: 25 ms rolling shutter, auto-exposure, motion blur when exposure is long, sensor noise, "
             "vignetting.")
    return dict(name=name, site=site, script=s, cam=cam, intro=intro, scene_events=scene_events)


def _pipe_end(rng):
    img = tx.to_u8(tx.concrete(rng, 112, 240, (150, 150, 150), 0.05))
    import cv2
    for k in range(2):
        c = (60 + 120 * k, 56)
        cv2.circle(img, c, 54, (175, 178, 178), -1, cv2.LINE_AA)
        cv2.circle(img, c, 42, (45, 48, 50), -1, cv2.LINE_AA)
    return img


# ============================================================== scenario C
def scenario_c():
    name = "h3_fisheye138_steel_frame"
    site = Site(303, sun_az=250.0, sun_el=16.0, ambient=0.5, ground_kind="sand", sky_kind="evening",
                light_color=(0.92, 1.0, 1.08), sky_sun=True)
    T = site.tex
    steel = T("steel", lambda r: tx.steel_frame(r, 4, 160, 240, clad_floors=1), 0.025)
    site.box((6, 34), (36, 16, 20), {k: steel for k in ("front", "back", "left", "right")})
    scaf = T("scaf", lambda r: tx.scaffold(r, 256, 256, 128, 128), 0.0156)
    site.wall((-12, 23), (24, 23), 12.0, scaf, double=True, obstacle=True)
    ware = T("ware", lambda r: tx.corrugated(r, 320, 256, (170, 160, 150), period=20, marks="UNIT 4", rust=0.1), 0.025)
    site.box((-48, 6), (20, 8, 36), {k: ware for k in ("front", "back", "left", "right")})
    fin = T("finished", lambda r: tx.concrete_frame(r, 6, 128, 240, infill_floors=6, barriers=False), 0.025)
    site.box((60, -90), (50, 19.2, 20), {k: fin for k in ("front", "back", "left", "right")}, obstacle=False)
    site.box((110, 40), (30, 12.8, 60), {k: fin for k in ("front", "back", "left", "right")}, obstacle=False)
    # steel stock, containers, cabins
    beam = T("beam", lambda r: tx.striped(r, 32, 400, (50, 65, 150), (35, 45, 110), 16), 0.01)
    for k in range(3):
        site.box((18 + 1.4 * k, 6), (8.0, 0.32 + 0.16 * k, 0.8), {s_: beam for s_ in ("front", "back", "left", "right")},
                 top=beam, yaw=92)
    cont = T("contC", lambda r: tx.corrugated(r, 128, 304, (150, 100, 40), marks="BOLTS & FIXINGS"), 0.02)
    conte = T("contCe", lambda r: tx.container_end(r, 128, 128, (150, 100, 40)), 0.02)
    site.box((-22, -16), (6.08, 2.56, 2.56), {"front": cont, "back": cont, "left": conte, "right": conte}, yaw=-12)
    off = T("office", lambda r: tx.cabin(r, 112, 480, text="SITE OFFICE"), 0.025)
    cend = T("cabend", lambda r: tx.cabin(r, 112, 112, windows=1), 0.025)
    site.box((10, -24), (12, 2.8, 2.8), {"front": off, "back": off, "left": cend, "right": cend})
    site.box((10, -24), (12, 2.8, 2.8), {"front": off, "back": off, "left": cend, "right": cend}, y0=2.8, obstacle=False)
    pal_s = T("pal_s", lambda r: tx.pallet_blocks(r, 112, 128), 0.01)
    pal_t = T("pal_t", lambda r: tx.pallet_blocks(r, 128, 128, top=True), 0.01)
    site.box((-6, 10), (2.56, 1.12, 1.28), {s_: pal_s for s_ in ("front", "back", "left", "right")}, top=pal_t, yaw=8)
    skip_s = T("skip", lambda r: tx.plain(r, 80, 192, (160, 90, 30)), 0.02)
    skip_e = T("skip_e", lambda r: tx.plain(r, 80, 96, (150, 85, 30)), 0.02)
    skip_t = T("skip_t", lambda r: tx.timber(r, 96, 192), 0.02)
    site.box((-26, 18), (3.84, 1.6, 1.92), {"front": skip_s, "back": skip_s, "left": skip_e, "right": skip_e}, top=skip_t, yaw=70)
    hoarding_ring(site, -62, 62, -42, 70, "STEELWORKS PHASE 2", (60, 60, 60), (0, 140, 250))
    site.paint_line([(-50, -6), (50, -6)], 6.0, (0.85, 0.88, 0.92), blur=3)
    site.paint_line([(0, -20), (0, 0), (-4, 14)], 1.8, 1.1, blur=2)
    for (x, z, r) in ((12, 2, 1.8), (-14, 4, 2.6), (-2, -14, 1.5)):
        pts = [(x + r * np.cos(a) * (1 + 0.2 * np.sin(3 * a)), z + 0.7 * r * np.sin(a)) for a in np.linspace(0, 6.28, 24)]
        site.paint_poly(pts, (0.6, 0.6, 0.55), blur=2)
    # tower crane with slewing jib and a hanging load
    mast_t = T("mast", lambda r: tx.lattice(r, 128, 128, (40, 40, 200), (170, 180, 200)), 0.015)
    site.box((-20, 50), (1.92, 48.0, 1.92), {s_: mast_t for s_ in ("front", "back", "left", "right")})
    slew = schedule([(40, 70, 40), (150, 175, 10), (300, 330, -30), (470, 500, 20), (640, 665, 60),
                     (780, 810, 0), (960, 990, 35), (1080, 1100, -10)], default=0.0)
    cpos = np.array([-20.0, 50.0])

    def jib(t):
        a = slew(t) + 120
        ar = np.radians(a)
        return cpos + 18 * np.array([np.cos(ar), -np.sin(ar)]), a

    def load(t):
        a = slew(t) + 120
        ar = np.radians(a)
        return cpos + 30 * np.array([np.cos(ar), -np.sin(ar)]), a
    site.add_moving(Moving(jib, (60.0, 1.92, 1.6), {s_: mast_t for s_ in ("front", "back", "left", "right")},
                           0, 1e9, bottom=mast_t, y0=48.0))
    site.add_moving(Moving(load, (6.0, 0.4, 0.4), {s_: beam for s_ in ("front", "back", "left", "right")},
                           0, 1e9, bottom=beam, y0=24.0))
    # scissor lift rising and falling next to the scaffold
    lift_t = T("lift", lambda r: tx.cabin(r, 64, 128, (30, 140, 245), windows=0), 0.02)
    lift_y = schedule([(100, 160, 8.0), (400, 460, 2.0), (700, 760, 9.0), (1000, 1060, 1.0)], 1.0)
    site.box((14, 19.5), (2.56, 1.0, 1.28), {s_: lift_t for s_ in ("front", "back", "left", "right")}, top=lift_t)
    site.add_moving(Moving(lambda t: (np.array([14.0, 19.5]), 0.0), (2.56, 1.2, 1.28),
                           {s_: lift_t for s_ in ("front", "back", "left", "right")}, 0, 1e9, bottom=lift_t,
                           yfn=lift_y, top=lift_t))
    # telehandler driving round the site
    tele = vehicle_texs(site, "tele", (40, 160, 240), "TELEHANDLER", length_px=224, h_px=96, end_px=96)
    route = [(-40, -8.5), (40, -8.5), (40, -3), (-40, -3)]
    scene_events = [(0, 1200, "a telehandler drives a slow loop along the site road (3 m/s, stopping for the wearer)"),
                    (0, 1200, "the tower crane slews with a hanging steel beam at 24 m; a scissor-lift platform rises and falls by the scaffold")]
    # ------------------------------------------------------------- script
    s = Script(DURATION, seed=33, start_pos=(0.0, -16.0))
    s.hold(2.0, note="standing by the site office, low sun behind on the left")
    s.move(4.5, dyaw=45, pitch=-2, note="slow pan right (+45 deg in 4.5 s)")
    s.move(4.5, dyaw=-45, note="slow pan left (-45 deg in 4.5 s)")
    s.walk([(0, -2), (-3, 12.0)], look=[(4, 80, 5, 1.5)], note="walk to the steel stock by the pallets (crossing the telehandler route)")
    s.face(-6, 10, dur=0.8, pitch=-45)
    s.work(45, yaw_spread=25, pitch_c=-50, glance_every=10, note="checking bolts on a pallet, looking down")
    s.move(0.9, pitch=35, note="look up at the steel frame")
    s.hold(5)
    s.move(0.8, pitch=0)
    s.turn(360, 5.5, note="full right turn (+360 deg), sweeping past the low sun")
    s.face(-20, 50, dur=1.2, pitch=50, note="look up at the crane and its load (sky, sun glare nearby)")
    s.hold(10, tremor=0.3)
    s.face(6, 24, dur=1.0, pitch=20)
    s.work(60, yaw_spread=45, pitch_c=20, pitch_spread=25, lean=0.1, glance_every=8,
           note="slinger: watching the steel erectors on the frame, looking up and down")
    s.walk([(4, 12), (12, 14), (16.5, 14.5)], note="walk to the scissor lift")
    s.face(14, 19.5, dur=0.8, pitch=30)
    s.hold(20, tremor=0.25, note="standing still watching the scissor-lift platform")
    s.face(18, 6, dur=1.0, pitch=-40)
    s.work(70, yaw_spread=30, pitch_c=-45, height=1.05, glance_every=9, note="crouching at the steel beams, marking")
    s.move(1.2, pitch=-5, height=1.72)
    s.turn(-360, 3.0, note="fast full left turn (-360 deg in 3.0 s)")
    s.walk([(10, 4), (-2, -10), (2, -20.8)], look=[(8, -70, 0, 1.2)], note="walk back to the site office (sun ahead-right)")
    s.face(10, -23, dur=0.8, pitch=0)
    s.hold(40, tremor=0.2, note="standing still at the office window, talking")
    s.move(0.8, pitch=-10)
    s.walk([(-10, -12), (-18.5, -12.5)], note="walk to the bolts container")
    s.face(-22, -16, dur=0.8, pitch=-10)
    pC = person_mover(site, (-30, -13.8), (-10, -13.8), s.t + 15, vest=(40, 230, 200), key="c1")
    scene_events.append((pC[0], pC[1], "a co-worker walks between the camera and the container, about 1 m away"))
    s.work(80, yaw_spread=35, pitch_c=-20, pitch_spread=20, glance_every=8, lean=0.2,
           note="sorting fixings at the container door")
    s.move(0.8, pitch=0)
    s.turn(360, 4.0, note="full right turn (+360 deg)")
    s.walk([(-14, -2), (-8, 14), (-8, 20.5)], look=[(6, 60, 20, 1.4)], note="walk into the shadow of the scaffold")
    s.face(-8, 23, dur=0.8, pitch=40)
    s.work(90, yaw_spread=35, pitch_c=35, pitch_spread=25, lean=0.15, glance_every=10,
           note="in the scaffold's shade, looking up at the lifts and down at the base plates")
    s.face(-26, 18, dur=1.0, pitch=-20)
    s.walk([(-22, 15.5)], note="walk to the skip")
    s.work(40, yaw_spread=25, pitch_c=-45, glance_every=9, note="throwing offcuts into the skip")
    s.move(0.8, pitch=-2)
    s.turn(-360, 5.0, note="full left turn (-360 deg)")
    s.walk([(-14, 8), (-4, 4), (6, 13)], note="walk back to the frame")
    s.face(6, 24, dur=1.0, pitch=30)
    s.work(100, yaw_spread=50, pitch_c=15, pitch_spread=30, lean=0.1, glance_every=7,
           note="guiding a beam being landed, looking up and around")
    s.move(0.8, pitch=-5)
    s.turn(540, 6.0, note="one and a half right turns (+540 deg in 6 s)")
    s.walk([(8, 0), (-6, -2)], note="walk across the telehandler route")
    s.face(20, -8, dur=1.0, pitch=-5)
    s.hold(5, tremor=0.2, note="standing still, watching the telehandler pass")
    s.move(8.0, dyaw=-70, note="slow pan left following the road (-70 deg in 8 s)")
    s.hold(3, tremor=0.2)
    s.face(-6, 10, dur=0.8, pitch=-40)
    s.walk([(-4.5, 7.5)], note="walk to the pallet")
    s.work(DURATION - s.t - 1.0, yaw_spread=30, pitch_c=-45, glance_every=11, note="checking bolts until the end")
    s.finish()
    site.add_moving(Moving(yield_mover(route, 3.0, s, 0.0, half_len=2.8), (5.6, 2.4, 2.4), tele, 0, 1e9))
    illum = ramp_illum([(560, 700, 0.33)], ramp=20.0)
    scene_events.append((560, 700, "cloud covers the low sun: daylight drops to about a third (darker, noisier, longer exposure)"))
    alpha, col = tx.brim(640, 40, 26)
    cam = dict(projection="fisheye", hfov=138.0, readout=0.0, exp_base=0.004, exp_max=0.033, noise=1.8,
               vignette=0.45, brim=(alpha, col), illum=illum, seed=3303)
    intro = ("Equidistant fisheye 138 deg on the hard hat of a slinger/steel fixer at a steel-frame site in late "
             "afternoon: low sun (visible in the sky, glare, long shadows), a 4-storey steel frame with scaffold, a "
             "warehouse, a tower crane slewing with a hanging beam, a rising scissor lift, a telehandler looping "
             "along the site road, containers, cabins. The white hard-hat brim is always visible along the top edge of "
             "the image (static). Camera effects: global shutter, auto-exposure, motion blur when exposure is long, "
             "sensor noise, strong fisheye vignetting.")
    return dict(name=name, site=site, script=s, cam=cam, intro=intro, scene_events=scene_events)


SCENARIOS = {
    "h1_pinhole76_rebar_deck": scenario_a,
    "h2_fisheye112_earthworks": scenario_b,
    "h3_fisheye138_steel_frame": scenario_c,
}

SUMMARY = {
    "h1_pinhole76_rebar_deck": "rebar fixer, sunny: long looking-down work at a rebar cage, glances, +/-360 turns, "
                               "fast 180s, walks with parallax, crane look-ups, 3.5 min under a dark slab, passing "
                               "truck and people, standing still",
    "h2_fisheye112_earthworks": "banksman, overcast: watching a swinging excavator, trucks circulating, many walks "
                                "across muddy ground, -720 double turn, fast +360 in 2.6 s, crouching, dark cloud",
    "h3_fisheye138_steel_frame": "slinger, low sun: frequent look-ups at steel and crane (sky, glare), +540 turn, "
                                 "fast -360 in 3 s, walks, static hard-hat brim in view, cloud darkens the scene",
}
