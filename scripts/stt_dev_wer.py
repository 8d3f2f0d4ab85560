#!/usr/bin/env python3
"""Word error rate of `invox transcribe` on the dev-set audio, with and without template biasing.

Usage: scripts/stt_dev_wer.py INVOX_BINARY DATASET_DIR [--weights 0.25,0.5] [--json OUT]

For every case that names an audio file, the reference is the case's `transcript` (what flite
read), normalized the way PocketSphinx writes: lower case, no punctuation, numbers in words.
Biasing uses the case's template and the template's history transcripts (never the case's own
transcript), exactly what `invox fill` passes to the recognizer.
"""
import argparse
import concurrent.futures
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

ONES = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen " \
       "sixteen seventeen eighteen nineteen".split()
TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()


def say_int(n):
    if n < 20:
        return ONES[n]
    if n < 100:
        return TENS[n // 10] + ("" if n % 10 == 0 else " " + ONES[n % 10])
    if n < 1000:
        rest = n % 100
        return ONES[n // 100] + " hundred" + ("" if rest == 0 else " " + say_int(rest))
    if n < 1_000_000:
        rest = n % 1000
        return say_int(n // 1000) + " thousand" + ("" if rest == 0 else " " + say_int(rest))
    return " ".join(ONES[int(d)] for d in str(n))


def say_number(token):
    if re.fullmatch(r"\d+\.\d+", token):
        whole, frac = token.split(".")
        return say_int(int(whole)) + " point " + " ".join(ONES[int(d)] for d in frac)
    if re.fullmatch(r"\d+", token):
        # Years and long codes are read in pairs or digits; plain small numbers as numbers.
        if len(token) == 4 and 1100 <= int(token) <= 2099:
            hi, lo = int(token[:2]), int(token[2:])
            return say_int(hi) + " " + ("hundred" if lo == 0 else ("oh " + ONES[lo] if lo < 10 else say_int(lo)))
        if len(token) > 4:
            return " ".join(ONES[int(d)] for d in token)
        return say_int(int(token))
    return token


def normalize(text):
    text = text.lower().replace("%", " percent ").replace("°c", " degrees")
    text = re.sub(r"(\d+):(\d\d)", lambda m: m.group(1) + " " + ("" if m.group(2) == "00" else m.group(2)), text)
    text = re.sub(r"(\d+)(st|nd|rd|th)\b", r"\1", text)
    text = re.sub(r"(?<=\d),(?=\d{3})", "", text)
    text = re.sub(r"(\d)([a-z])", r"\1 \2", text)
    text = re.sub(r"([a-z])(\d)", r"\1 \2", text)
    words = []
    for token in re.split(r"[^a-z0-9.']+", text):
        token = token.strip(".'")
        if not token:
            continue
        if "." in token and not re.fullmatch(r"\d+\.\d+", token):
            words.extend(t for t in token.split(".") if t)  # "p.m" -> p m
            continue
        words.extend(say_number(token).split())
    return words


def wer(ref, hyp):
    d = list(range(len(hyp) + 1))
    for i in range(1, len(ref) + 1):
        prev, d[0] = d[0], i
        for j in range(1, len(hyp) + 1):
            cur = min(d[j] + 1, d[j - 1] + 1, prev + (ref[i - 1] != hyp[j - 1]))
            prev, d[j] = d[j], cur
    return d[len(hyp)], len(ref)


def transcribe(binary, audio, out_dir, extra):
    cmd = [binary, "transcribe", audio, "--out", out_dir] + extra
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    stem = os.path.splitext(os.path.basename(audio))[0]
    with open(os.path.join(out_dir, stem + ".transcript.json")) as f:
        return json.load(f)["transcript"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("dataset")
    ap.add_argument("--weights", default="0.25", help="domain LM weights to try, comma separated")
    ap.add_argument("--json", help="write per-case results here")
    ap.add_argument("--jobs", type=int, default=1, help="cases transcribed in parallel")
    args = ap.parse_args()
    weights = [w for w in args.weights.split(",") if w]
    cases = []
    for path in sorted(glob.glob(os.path.join(args.dataset, "cases", "*.json"))):
        with open(path) as f:
            case = json.load(f)
        if case.get("audio"):
            cases.append(case)
    configs = [("unbiased", ["--no-stt-bias"])]
    tmp = tempfile.mkdtemp(prefix="invox-wer-")
    def run_case(case):
        audio = os.path.join(args.dataset, case["audio"])
        template = os.path.join(args.dataset, "templates", case["template"] + ".json")
        bias = ["--template", template]
        hist = sorted(glob.glob(os.path.join(args.dataset, "history", case["template"] + "-*.json")))
        for i, h in enumerate(hist):
            with open(h) as f:
                text = json.load(f)["transcript"]
            hp = os.path.join(tmp, f"{case['template']}-history-{i}.txt")
            with open(hp, "w") as f:
                f.write(text)
            bias += ["--bias-text", hp]
        ref = normalize(case["transcript"])
        row = {"case": case["id"], "words": len(ref)}
        runs = list(configs) + [(f"biased w={w}", bias + ["--stt-bias-weight", w]) for w in weights]
        for name, extra in runs:
            out = os.path.join(tmp, case["id"], re.sub(r"[^a-z0-9]+", "-", name))
            os.makedirs(out, exist_ok=True)
            hyp = normalize(transcribe(args.binary, audio, out, extra))
            errors, n = wer(ref, hyp)
            row[name] = (errors, n)
        print(f"{case['id']:16s} " + "  ".join(f"{k}: {v[0] / v[1]:.3f}" for k, v in row.items()
                                              if k not in ("case", "words")), flush=True)
        return row

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        rows = list(pool.map(run_case, cases))
    totals = {}
    for row in rows:
        for k, v in row.items():
            if k in ("case", "words"):
                continue
            e, t = totals.get(k, (0, 0))
            totals[k] = (e + v[0], t + v[1])
            row[k] = round(v[0] / v[1], 3)
    print("\n| configuration | WER (all 12 files, word-weighted) |\n|---|---|")
    for name, (e, t) in totals.items():
        print(f"| {name} | {e / t:.3f} ({e}/{t}) |")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"cases": rows, "totals": {k: e / t for k, (e, t) in totals.items()}}, f, indent=2)


if __name__ == "__main__":
    sys.exit(main())
