from . import s1_yard, s2_trench, s3_deck

ALL = {"s1_yard": s1_yard.build, "s2_trench": s2_trench.build, "s3_deck": s3_deck.build}
