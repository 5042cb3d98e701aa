"""family_m: an independent scenario family (three hard-hat camera sites) for Spotter.

Written by an independent helper from the product's external contract only.
Entry point: ``python -m family_m.generate --out DIR``.
"""
