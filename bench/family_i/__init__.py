"""family_i: independent scenario family for Spotter (hard-hat camera memory/alerts)."""
