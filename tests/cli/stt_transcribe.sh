#!/usr/bin/env bash
# invox transcribe: outputs, exit codes and the messages for files it cannot read.
BIN=$1; SRC=$2
source "$(dirname "$0")/lib/assert.sh"
TMP="$WORK/stt"; mkdir -p "$TMP"

# A real recording from the dev set (PocketSphinx, offline).
DEV=${3:-"$SRC/../shared/datasets/dev"}
AUDIO="$DEV/audio/leave-001.wav"
[[ -f "$AUDIO" ]] || { echo "skipped: no development dataset at $DEV"; exit 77; }
run "$BIN" transcribe "$AUDIO" --out "$TMP/out"; expect_rc 0; expect_out "leave-001.wav"
[[ -s "$TMP/out/leave-001.transcript.json" ]] || { echo "missing transcript output"; exit 1; }
python3 - "$TMP/out/leave-001.transcript.json" <<'PY' || exit 1
import json, sys
t = json.load(open(sys.argv[1]))
assert t["language"] == "en" and 15 < t["durationInSeconds"] < 19, t
assert "vacation" in t["transcript"], t["transcript"]
ends = [s["end"] for s in t["segments"]]
assert all(0 <= s["start"] < s["end"] <= t["durationInSeconds"] for s in t["segments"])
assert all(0 <= s["confidence"] <= 1 for s in t["segments"])
assert ends == sorted(ends)
PY

# M4A: a clear error with a conversion command; other inputs still processed; exit 1.
printf '\0\0\0\x20ftypM4A \0\0\0\0isomiso2' > "$TMP/memo.m4a"
run "$BIN" transcribe "$TMP/memo.m4a" "$AUDIO" --out "$TMP/out2"; expect_rc 1
expect_err "M4A"; expect_err "ffmpeg -i"
[[ -s "$TMP/out2/leave-001.transcript.json" ]] || { echo "batch did not continue after a failure"; exit 1; }

# Silence is an input failure, not a crash.
sox -n -r 16000 -c 1 -b 16 "$TMP/quiet.wav" trim 0 2
run "$BIN" transcribe "$TMP/quiet.wav" --out "$TMP/out3"; expect_rc 1; expect_err "silent"

# Same stem, two formats, no --out: both land in the current folder under distinct names (as fill
# names them), never overwriting each other, never next to the inputs.
mkdir -p "$TMP/same" "$TMP/cwd"
cp "$AUDIO" "$TMP/same/leave.wav"; sox "$AUDIO" "$TMP/same/leave.flac"
(cd "$TMP/cwd" && "$BIN" transcribe "$TMP/same/leave.wav" "$TMP/same/leave.flac" >/dev/null 2>&1) \
  || { echo "transcribe of two formats failed"; exit 1; }
[[ -s "$TMP/cwd/same__leave-wav.transcript.json" && -s "$TMP/cwd/same__leave-flac.transcript.json" ]] \
  || { echo "collision-safe stems missing: $(ls "$TMP/cwd")"; exit 1; }
[[ -z $(ls "$TMP/same" | grep transcript) ]] || { echo "wrote next to the input: $(ls "$TMP/same")"; exit 1; }

# Configuration errors exit 2.
run "$BIN" transcribe "$AUDIO" --stt nonsense; expect_rc 2; expect_err "unknown speech-to-text backend"
OPENAI_API_KEY= run "$BIN" transcribe "$AUDIO" --stt openai:whisper-1; expect_rc 2; expect_err "OPENAI_API_KEY"
run "$BIN" transcribe; expect_rc 2
echo ok
