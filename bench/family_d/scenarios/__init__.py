"""The family's scenarios (each module exposes build() -> sim.Scenario)."""
from . import s1_steel, s2_tunnel, s3_demolition

ALL = {m.NAME: m for m in (s1_steel, s2_tunnel, s3_demolition)}
