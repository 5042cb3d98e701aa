"""The three scripted sites."""
import importlib

NAMES = {"plot7_bricklaying": "site_a", "basement_dig": "site_b", "roof_deck": "site_c"}


def build(name):
    mod = importlib.import_module("." + NAMES[name], __name__)
    return mod.build()
