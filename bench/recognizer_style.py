#!/usr/bin/env python3
"""Write a copy of a dataset whose transcripts read as a speech recognizer that heard every word
right would write them: lower case, no punctuation, no speaker labels, numbers and short capital
codes spelled out as they are said ("4312" -> "four thousand three hundred twelve", "37.2" ->
"thirty seven point two", "FL-07" -> "f l zero seven").

Scoring the copy (../shared/scripts/score.py COPY --bin build/invox --model rules) measures how well
the engine reads recognizer-style text apart from what the recognizer mishears: the gap between a
dataset and its copy is the engine's, the gap between the copy and the audio the recognizer's
(docs/ACCURACY.md, "Reading recognizer text").

usage: bench/recognizer_style.py DATASET OUT [--audio-only]
  --audio-only   copy only the cases that have a recording, as score.py --only-audio scores them
"""
import argparse
import json
import os
import re
import shutil

ONES = "zero one two three four five six seven eight nine".split()
TEENS = "ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split()
TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
ORDINALS = {"1": "first", "2": "second", "3": "third", "4": "fourth", "5": "fifth", "6": "sixth",
            "7": "seventh", "8": "eighth", "9": "ninth", "10": "tenth", "11": "eleventh", "12": "twelfth",
            "13": "thirteenth", "20": "twentieth", "30": "thirtieth"}
# Capitals said as words, not letter by letter.
WORD_CAPITALS = {"OK", "TV", "AM", "PM", "US", "UK", "ID", "IT", "HR", "PO"}
# "Nurse:", "Tenant 2:", "Dr. Osei:": a speaker label, which nobody says aloud.
SPEAKER_LABEL = re.compile(r"(?:(?:Dr|Mr|Mrs|Ms)\. )?[A-Z][A-Za-z]*(?: [A-Z][a-z]+)?:\s")


def two_digits(n):
    if n < 10:
        return ONES[n]
    if n < 20:
        return TEENS[n - 10]
    return TENS[n // 10] + ("" if n % 10 == 0 else " " + ONES[n % 10])


def spoken_number(digits):
    n = int(digits)
    if len(digits) > 4 or (digits.startswith("0") and len(digits) > 1):
        return " ".join(ONES[int(c)] for c in digits)  # a phone number, a code: digit by digit
    if n < 100:
        return two_digits(n)
    if len(digits) == 4 and 1900 <= n <= 2099 and not (n >= 2000 and n % 1000 < 10):
        high, low = divmod(n, 100)  # a year: "twenty twenty six"
        return two_digits(high) + (" hundred" if low == 0 else (" oh " + ONES[low] if low < 10 else " " + two_digits(low)))
    if n < 1000:
        high, low = divmod(n, 100)
        return ONES[high] + " hundred" + ("" if low == 0 else " " + two_digits(low))
    high, low = divmod(n, 1000)
    return two_digits(high) + " thousand" + ("" if low == 0 else " " + spoken_number(str(low)))


def spoken_ordinal(match):
    digits = match.group(1)
    if digits in ORDINALS:
        return " " + ORDINALS[digits] + " "
    if len(digits) == 2 and digits[1] != "0" and digits[1] in ORDINALS:
        return " " + spoken_number(digits[0] + "0") + " " + ORDINALS[digits[1]] + " "
    return " " + spoken_number(digits) + "th "


def military_hours(match):
    hour = match.group(1)
    said = "oh " + ONES[int(hour)] if hour.startswith("0") else two_digits(int(hour))
    return " " + said + " hundred" + match.group(2)


def recognizer_text(text):
    t = SPEAKER_LABEL.sub(" ", text)
    t = re.sub(r"(\d),(\d\d\d)\b", r"\1\2", t)                       # 12,400
    t = re.sub(r"\b(\d\d)00( hours| hrs)", military_hours, t)          # 1400 hours
    t = re.sub(r"\b(\d+)(?:st|nd|rd|th)\b", spoken_ordinal, t)         # 5th
    t = re.sub(r"(\d+)\.(\d+)", lambda m: " " + spoken_number(m.group(1)) + " point " +
               " ".join(ONES[int(c)] for c in m.group(2)) + " ", t)    # 37.2
    t = re.sub(r"\d+", lambda m: " " + spoken_number(m.group()) + " ", t)
    t = re.sub(r"\b([A-Z]{2,3})\b", lambda m: m.group(1) if m.group(1) in WORD_CAPITALS else " ".join(m.group(1)), t)
    t = re.sub(r"[^a-z' ]+", " ", t.lower())
    return re.sub(r"\s+", " ", t).strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dataset")
    ap.add_argument("out")
    ap.add_argument("--audio-only", action="store_true")
    args = ap.parse_args()
    if os.path.exists(args.out):
        shutil.rmtree(args.out)
    for sub in ("templates", "history"):
        if os.path.isdir(os.path.join(args.dataset, sub)):
            shutil.copytree(os.path.join(args.dataset, sub), os.path.join(args.out, sub))
    os.makedirs(os.path.join(args.out, "cases"))
    copied = 0
    for name in sorted(os.listdir(os.path.join(args.dataset, "cases"))):
        with open(os.path.join(args.dataset, "cases", name)) as f:
            case = json.load(f)
        if args.audio_only and not case.get("audio"):
            continue
        case["transcript"] = recognizer_text(case["transcript"])
        case.pop("audio", None)
        with open(os.path.join(args.out, "cases", name), "w") as f:
            json.dump(case, f, indent=1)
        copied += 1
    print(f"recognizer_style: {copied} cases written to {args.out}")


if __name__ == "__main__":
    main()
