"""Developer aid: print when each entity is visible, and the alerts derived."""
import sys

from .scenarios import ALL
from .sim import FPS, Obs
from .truth import Truth


def chart(name):
    sc = ALL[name].build()
    ob = Obs(sc)
    tr = Truth(sc, ob)
    for e in sc.entities:
        v = ob.vis[:, ob.idx[e.eid]]
        runs = Truth.runs(v)
        s = " ".join("%.1f-%.1f" % (a / FPS, (b - 1) / FPS) for a, b in runs)
        print("%-10s %s" % (e.eid, s[:600]))
    for a in tr.alerts():
        print(a)
    return sc, ob, tr


if __name__ == "__main__":
    chart(sys.argv[1])
