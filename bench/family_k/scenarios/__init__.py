"""The three family_k scenarios; each module has ID, CAMERA, SITE and build()
-> (world, questions, spec)."""
from . import k1_brickyard, k2_trench, k3_fitout

ALL = {m.ID: m for m in (k1_brickyard, k2_trench, k3_fitout)}
