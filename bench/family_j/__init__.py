"""family_j: an independent scenario family for the Spotter hard-hat camera contract."""
