#!/usr/bin/env python3
"""Generates N synthetic transcripts from a dataset's cases, grouped by template:
OUT/<template-id>/t<i>.txt. Each one is a dev case transcript with its numbers re-drawn and
the sentences shuffled lightly, so the batch sees N distinct inputs of realistic shape.
  make_transcripts.py DATASET OUT N [TEMPLATE_ID]   (TEMPLATE_ID: that template's cases only)"""
import json
import os
import random
import re
import sys

dataset, out, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
only = sys.argv[4] if len(sys.argv) > 4 else None
rng = random.Random(42)
cases = []
for name in sorted(os.listdir(os.path.join(dataset, "cases"))):
    with open(os.path.join(dataset, "cases", name)) as f:
        c = json.load(f)
    if only is None or c["template"] == only:
        cases.append((c["template"], c["transcript"]))

def vary(text):
    text = re.sub(r"\d+", lambda m: str(max(1, int(m.group()) + rng.randint(-3, 3))), text)
    parts = re.split(r"(?<=[.!?])\s+", text)
    if len(parts) > 3:
        i = rng.randrange(1, len(parts) - 1)
        parts[i], parts[i + 1] = parts[i + 1], parts[i]
    return " ".join(parts)

for i in range(n):
    template, transcript = cases[i % len(cases)]
    d = os.path.join(out, template)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, f"t{i:05d}.txt"), "w") as f:
        f.write(vary(transcript) + "\n")
print(f"generated {n} transcripts for {len(set(t for t, _ in cases))} templates in {out}")
