#!/usr/bin/env python3
"""Writes one long transcript of SIZE bytes built from a dataset's dictations, the way issue 18
measured: `whole` repeats the dictations whole (each ends a sentence); `cut` takes the same
stream and cuts it at arbitrary byte boundaries (mid-word, mid-sentence) before joining, so no
reader can rely on sentence ends to bound its scan.
  make_long_transcript.py DATASET SIZE_BYTES whole|cut OUT.txt"""
import json
import os
import random
import sys

dataset, size, mode, out = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
texts = []
for name in sorted(os.listdir(os.path.join(dataset, "cases"))):
    with open(os.path.join(dataset, "cases", name)) as f:
        texts.append(json.load(f)["transcript"].strip())
rng = random.Random(18)
parts, total, i = [], 0, 0
while total < size:
    t = texts[i % len(texts)]
    i += 1
    if mode == "cut":
        a = rng.randrange(0, len(t))
        b = rng.randrange(a, len(t) + 1)
        t = t[a:b]
    parts.append(t)
    total += len(t.encode()) + 1
data = ("\n" if mode == "whole" else " ").join(parts).encode()[:size]
data = data.decode("utf-8", errors="ignore")
with open(out, "w") as f:
    f.write(data)
