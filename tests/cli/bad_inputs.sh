#!/usr/bin/env bash
# Bad inputs: each gives a clear error naming the input, the documented exit code, no crash,
# no partial output, and leaves the other inputs of the same batch unaffected.
BIN=$1; SRC=$2
source "$(dirname "$0")/lib/assert.sh"
T="$SRC/templates/emergency-triage.json"
cd "$WORK" || fail "cd"
GOOD="$SRC/samples/triage-001.txt"

no_crash() { [[ $RC -lt 128 ]] || fail "crashed with signal $((RC - 128)): $ERR"; [[ "$ERR" != *"internal:"* ]] || fail "internal error: $ERR"; }
no_temp_files() { [[ -z "$(find "$1" -name '*.tmp-*' 2>/dev/null)" ]] || fail "temporary files left in $1"; }

# --- templates: every bad template is a configuration error (2) with nothing written.
: > empty.json
head -c 4096 /dev/urandom > garbage.json
python3 -c "print('[' * 100000)" > nested.json
printf '{"id":"t","id":"u","fields":[{"id":"a","type":"text"}]}' > dupkeys.json
python3 -c "
import json
print(json.dumps({'id':'big','fields':[{'id':'f%d'%i,'type':'text'} for i in range(20000)]}))" > many.json
for t in empty.json garbage.json nested.json; do
  run "$BIN" fill --model rules --out out-$t "$t" "$GOOD"
  expect_rc 2; no_crash; expect_err "$t"; expect_no_file "out-$t/triage-001.filled.json"
done
# Duplicate keys: the last one wins (JSON parsers disagree; we document it), never a crash.
run "$BIN" template check dupkeys.json; no_crash
# Enormous field counts are handled (validated, not crashed on).
run "$BIN" template check many.json; no_crash

# --- transcripts and audio in one batch with a good input: only the bad ones fail.
mkdir in
cp "$GOOD" "in/good one.txt"                                 # space in the name
cp "$GOOD" "in/ünïcode.txt"
cp "$GOOD" "in/-dash.txt"                                    # leading dash
: > in/empty.txt
head -c 2048 /dev/urandom > in/binary.txt
printf 'temperature \xff\xfe thirty eight' > in/badutf8.txt
head -c 2048 /dev/urandom > in/noise.wav
printf 'RIFF\x24\x00\x00\x00WAVEfmt ' > in/truncated.wav
sox -n -r 16000 -c 1 -b 16 in/zero.wav trim 0 0 2>/dev/null || printf 'RIFF\x24\x00\x00\x00WAVEfmt \x10\x00\x00\x00\x01\x00\x01\x00\x80\x3e\x00\x00\x00\x7d\x00\x00\x02\x00\x10\x00data\x00\x00\x00\x00' > in/zero.wav
truncate -s 2G in/huge.wav                                   # sparse: must be refused by size, not read
python3 -c "print('{\"transcript\":' + '[' * 100000)" > in/deep.transcript.json

start=$(date +%s)
run "$BIN" fill --model rules --jobs 2 --out out "$T" in
elapsed=$(( $(date +%s) - start ))
expect_rc 1; no_crash
[[ $elapsed -lt 120 ]] || fail "batch took ${elapsed}s: the 2 GB file was probably read"
for good in "good one" "ünïcode" "-dash"; do
  expect_file "out/$good.filled.json"
  grep -q '"status": "failed"' "out/$good.report.json" && fail "$good should not fail: $(cat "out/$good.report.json")"
done
for bad in empty binary badutf8 noise truncated zero huge deep; do
  expect_file "out/$bad.report.json"
  grep -q '"status": "failed"' "out/$bad.report.json" || fail "$bad should fail: $(cat "out/$bad.report.json")"
done
python3 - "$WORK/out" <<'PY' || fail "summary.json does not match the files on disk"
import json, os, sys
out = sys.argv[1]
d = json.load(open(os.path.join(out, "summary.json")))
assert d["counts"]["inputs"] == 11, d["counts"]
assert d["counts"]["failed"] == 8, d["counts"]
for e in d["inputs"]:
    assert e["status"] in ("complete", "needs_review", "failed"), e
    if e["status"] == "failed":
        assert e.get("error"), e
PY
no_temp_files out

# --- output locations
echo "not a folder" > afile
run "$BIN" fill --model rules --out afile "$T" "$GOOD"
expect_rc 2; no_crash; expect_err "afile"
if [[ $(id -u) -ne 0 ]]; then
  mkdir ro && chmod 500 ro
  run "$BIN" fill --model rules --out ro "$T" "$GOOD"
  [[ $RC -ne 0 ]] || fail "writing into a read-only folder must fail"; no_crash
fi

# --- disk full, simulated with a file-size limit (no mount needed, works unprivileged): every
# write past 1 KiB fails with EFBIG, as writes on a full disk fail with ENOSPC. stderr goes to a
# pipe, which the limit does not affect. The run must fail naming the output, leave no temporary
# file, and leave no file that is not complete JSON.
mkdir full
ERR=$( { (trap '' XFSZ; ulimit -f 1; exec "$BIN" fill --model rules --out full "$T" "$GOOD") 2>&1 >/dev/null
         echo "exit=$?"; } )
RC=${ERR##*exit=}; ERR=${ERR%exit=*}
no_crash
[[ $RC -ne 0 ]] || fail "a failed write must not exit 0"
expect_err "full/triage-001"
no_temp_files full
for f in full/*.json; do
  [[ -e "$f" ]] || continue
  python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$f" || fail "$f is not complete JSON after a failed write"
done

# --- a missing input next to a good one
run "$BIN" fill --model rules --out out2 "$T" "$GOOD" does-not-exist.txt
no_crash; [[ $RC -ne 0 ]] || fail "a missing input must not pass silently"; expect_err "does-not-exist.txt"
echo "bad inputs: all handled"
