"""family_k: three synthetic hard-hat camera scenarios (video, detections,
questions and answer key) built to Spotter's external contract.  See
README.md; run `python -m family_k.generate --out DIR`."""
