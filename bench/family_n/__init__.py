"""family_n: an independent scenario family (3 scenes) for Spotter, built from its external contract only."""
