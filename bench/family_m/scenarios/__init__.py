from . import s1_brickyard, s2_drainage, s3_steelyard

ALL = {m.NAME: m for m in (s1_brickyard, s2_drainage, s3_steelyard)}
