"""family_o: an independent scenario family for the Spotter hard-hat camera contract.

Three scripted construction sites rendered through a head-worn camera, with detections,
supervisor questions and ground truth.  See README.md.
"""
