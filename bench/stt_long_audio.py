#!/usr/bin/env python3
"""Long-recording STT scaling (issue 18): wall time, real-time factor and peak RSS of
`invox transcribe` at several recording lengths.

The audio is flite `slt` speech of the dev set's case transcripts (one WAV per case, 0.6 s of
silence after each), joined by sox, resampled to 16 kHz mono 16-bit, and repeated / trimmed to
each length. It is generated outside the repository (default /tmp/invox-stt-long) and reused
when already there.

    bench/stt_long_audio.py [--bin build-ci/invox] [--minutes 5,30,120] [--threads 2]
                            [--work /tmp/invox-stt-long] [--baseline-bin OTHER/invox]

Prints one row per length: audio duration, wall seconds, RTF (wall / audio), peak RSS of the
invox process and its ratio to the first (shortest) length's RSS, plus the machine load
(`uptime`) before and after, since the machine may be shared. With --baseline-bin, that binary
runs the same files right after each run of --bin (alternating), and its rows follow.
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATASET = os.path.join(ROOT, "..", "shared", "datasets", "dev")


def run(cmd):
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def duration_of(path):
    out = subprocess.run(["soxi", "-D", path], check=True, capture_output=True, text=True).stdout
    return float(out.strip())


def speech_pool(work, dataset):
    """All dev transcripts spoken once, joined: ~15 minutes of speech with pauses."""
    pool = os.path.join(work, "pool.wav")
    if os.path.exists(pool):
        return pool
    parts = []
    for case in sorted(glob.glob(os.path.join(dataset, "cases", "*.json"))):
        text = json.load(open(case, encoding="utf-8")).get("transcript", "")
        if not text:
            continue
        raw = os.path.join(work, os.path.basename(case)[:-5] + ".raw.wav")
        wav = os.path.join(work, os.path.basename(case)[:-5] + ".wav")
        if not os.path.exists(wav):
            run(["flite", "-voice", "slt", "-t", text, "-o", raw])
            run(["sox", raw, "-r", "16000", "-c", "1", "-b", "16", wav, "pad", "0", "0.6"])
            os.remove(raw)
        parts.append(wav)
    if not parts:
        sys.exit(f"no case transcripts under {dataset}/cases")
    run(["sox", *parts, pool + ".tmp.wav"])
    os.replace(pool + ".tmp.wav", pool)
    return pool


def recording(work, pool, minutes):
    path = os.path.join(work, f"speech-{minutes:g}min.wav")
    if os.path.exists(path):
        return path
    seconds = minutes * 60.0
    repeats = max(0, int(seconds // duration_of(pool)))
    run(["sox", pool, path + ".tmp.wav", "repeat", str(repeats), "trim", "0", f"{seconds:.3f}"])
    os.replace(path + ".tmp.wav", path)
    return path


def measure(binary, audio, threads, out_dir):
    """Runs one transcription; returns (wall seconds, peak RSS in MB, ok)."""
    cmd = [binary, "-q", "transcribe", audio, "--out", out_dir, "--stt-threads", str(threads)]
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - start
    err = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    ok = os.waitstatus_to_exitcode(status) == 0
    if not ok:
        print(f"  {os.path.basename(binary)} failed on {audio}: {err.strip()[:300]}", file=sys.stderr)
    return wall, usage.ru_maxrss / 1024.0, ok


def load():
    return open("/proc/loadavg").read().split()[:3]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "invox"))
    ap.add_argument("--baseline-bin", default="")
    ap.add_argument("--minutes", default="5,30,120")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--work", default="/tmp/invox-stt-long")
    ap.add_argument("--dataset", default=DATASET)
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    pool = speech_pool(args.work, args.dataset)
    lengths = [float(m) for m in args.minutes.split(",") if m]
    files = [recording(args.work, pool, m) for m in lengths]
    out_dir = os.path.join(args.work, "out")
    os.makedirs(out_dir, exist_ok=True)

    binaries = [("invox", args.bin)] + ([("baseline", args.baseline_bin)] if args.baseline_bin else [])
    rows = {name: [] for name, _ in binaries}
    print(f"load before: {' '.join(load())} (1/5/15 min), {os.cpu_count()} cores, --stt-threads {args.threads}")
    for audio in files:
        seconds = duration_of(audio)
        for name, binary in binaries:
            wall, rss, ok = measure(binary, audio, args.threads, out_dir)
            rows[name].append((seconds, wall, rss, ok, load()[0]))
            print(f"  {name}: {seconds / 60:.0f} min done in {wall:.1f} s (load {rows[name][-1][4]})", flush=True)
    print(f"load after: {' '.join(load())}")
    for name, _ in binaries:
        print(f"\n{name}:")
        print("| audio | wall | RTF | peak RSS | RSS vs shortest | load (1 min) |")
        print("|---|---|---|---|---|---|")
        base_rss = rows[name][0][2]
        for seconds, wall, rss, ok, ld in rows[name]:
            flag = "" if ok else " (FAILED)"
            print(f"| {seconds / 60:.0f} min | {wall:.1f} s | {wall / seconds:.3f} | {rss:.0f} MB | "
                  f"{rss / base_rss:.2f}x | {ld}{flag} |")


if __name__ == "__main__":
    main()
