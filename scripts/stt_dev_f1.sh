#!/usr/bin/env bash
# Field F1 of `invox fill` (offline: PocketSphinx + rules) on the dev cases that have audio,
# against the same cases filled from their text transcripts.
#
# Usage: scripts/stt_dev_f1.sh INVOX_BINARY DATASET_DIR [WORK_DIR]
#
# 1. `invox fill` runs on every audio file directly (template, reference date, time zone,
#    current values and old transcript from the case), to show the audio path works end to end.
# 2. For scoring with the project's own scorer, two datasets of the same 12 cases are built:
#    `text/` with the cases as they are, `audio/` with each case's transcript replaced by the
#    PocketSphinx transcript of its audio (biased with the template, as `invox fill` does).
#    `invox eval ... --strategies S1 --json` scores both.
set -euo pipefail
BIN=$(realpath "$1"); DATA=$(realpath "$2"); WORK=${3:-$(mktemp -d)}
mkdir -p "$WORK"
python3 - "$BIN" "$DATA" "$WORK" <<'PY'
import glob, json, os, subprocess, sys
binary, data, work = sys.argv[1:4]
cases = []
for path in sorted(glob.glob(os.path.join(data, "cases", "*.json"))):
    case = json.load(open(path))
    if case.get("audio"):
        cases.append(case)
for variant in ("text", "audio"):
    root = os.path.join(work, variant)
    os.makedirs(os.path.join(root, "cases"), exist_ok=True)
    for sub in ("templates", "history"):
        link = os.path.join(root, sub)
        if not os.path.exists(link):
            os.symlink(os.path.join(data, sub), link)
fill_status = {}
for case in cases:
    template = os.path.join(data, "templates", case["template"] + ".json")
    audio = os.path.join(data, case["audio"])
    # 1. invox fill straight from the audio.
    out = os.path.join(work, "fill", case["id"])
    os.makedirs(out, exist_ok=True)
    cmd = [binary, "fill", template, audio, "--out", out, "--reference-date", case["referenceDate"],
           "--timezone", case["timezone"]]
    if case.get("currentValues"):
        cur = os.path.join(out, "current.json")
        json.dump(case["currentValues"], open(cur, "w"))
        cmd += ["--current", cur]
    if case.get("oldTranscript"):
        old = os.path.join(out, "old.txt")
        open(old, "w").write(case["oldTranscript"])
        cmd += ["--old-transcript", old]
    rc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    stem = os.path.splitext(os.path.basename(audio))[0]
    report = os.path.join(out, stem + ".report.json")
    fill_status[case["id"]] = json.load(open(report))["status"] if os.path.exists(report) else f"exit {rc.returncode}"
    # 2. the STT transcript, biased like fill does, for the scored dataset.
    tdir = os.path.join(work, "stt")
    subprocess.run([binary, "transcribe", audio, "--out", tdir, "--template", template], check=True,
                   stdout=subprocess.DEVNULL)
    stt = json.load(open(os.path.join(tdir, stem + ".transcript.json")))
    json.dump(case, open(os.path.join(work, "text", "cases", case["id"] + ".json"), "w"), indent=2)
    audio_case = dict(case, transcript=stt["transcript"])
    json.dump(audio_case, open(os.path.join(work, "audio", "cases", case["id"] + ".json"), "w"), indent=2)
print("invox fill on audio:", ", ".join(f"{k}: {v}" for k, v in fill_status.items()))
PY
for variant in text audio; do
  "$BIN" eval "$WORK/$variant" --strategies S1 --json "$WORK/$variant.eval.json" > "$WORK/$variant.eval.md" || true
done
python3 - "$WORK" <<'PY'
import json, sys, os
work = sys.argv[1]
print("| input | cases | precision | recall | F1 | exact form |\n|---|---|---|---|---|---|")
for variant in ("text", "audio"):
    path = os.path.join(work, variant + ".eval.json")
    if not os.path.exists(path):
        print(f"| {variant} | eval failed, see {work}/{variant}.eval.md | | | | |")
        continue
    s = json.load(open(path))["strategies"]["S1"]
    print(f"| {variant} transcript | {s['cases']} | {s['precision']:.3f} | {s['recall']:.3f} | {s['f1']:.3f} | {s['exactForm']:.3f} |")
PY
