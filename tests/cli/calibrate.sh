#!/usr/bin/env bash
# `invox calibrate --signal-model on|off|auto` (docs/PIPELINE.md "Value signals"): what the file
# holds and says about the choice, that fill applies it, and that a file fitted on other signals
# is refused with what to do. Then the review threshold the file carries (DESIGN.md "Calibration").
BIN=$1; SRC=$2; DEV=${3:-}
source "$(dirname "$0")/lib/assert.sh"
[[ -d "$DEV/cases" ]] || { echo "SKIP: no development dataset"; exit 77; }
cd "$WORK" || fail "cd"

run "$BIN" -q calibrate "$DEV" --model rules --signal-model on --out on.json
expect_rc 0
expect_out "Signal model: used (--signal-model on)"
expect_out "raw score alone (not chosen)"
python3 - on.json <<'PY' || fail "on.json: no signal model of format 2"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["invoxCalibration"] == 2 and d["validation"]["signalModel"] is True
m = d["signalModel"]
assert len(m["signals"]) == len(m["weights"]) > 100 and "raw" in m["signals"]
PY

run "$BIN" -q calibrate "$DEV" --model rules --signal-model off --out off.json
expect_rc 0
expect_out "Signal model: not fitted (--signal-model off)"
python3 -c 'import json,sys; d=json.load(open("off.json")); sys.exit(d["invoxCalibration"] != 1 or "signalModel" in d)' ||
  fail "off.json should be format 1 without a signal model"

run "$BIN" -q calibrate "$DEV" --model rules --signal-model sometimes --out never.json
expect_rc 2
expect_no_file never.json

# fill applies the model: confidence is the model's, rawConfidence the engine's score.
python3 -c 'import json; c=json.load(open("'"$DEV"'/cases/intake-001.json")); open("in.txt","w").write(c["transcript"])'
run "$BIN" -q fill "$DEV/templates/patient-intake.json" in.txt --model rules --calibration on.json --out out
expect_rc 0
python3 - out/in.filled.json <<'PY' || fail "the filled form lacks calibrated values"
import json, sys
f = json.load(open(sys.argv[1]))["filled"]
set_values = [v for v in f.values() if v.get("source") == "ai" and v.get("value") is not None]
assert set_values and all("rawConfidence" in v for v in set_values)
PY

python3 - on.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["signalModel"]["signals"][0] = "a_signal_of_another_build"
json.dump(d, open("other.json", "w"))
PY
run "$BIN" -q fill "$DEV/templates/patient-intake.json" in.txt --model rules --calibration other.json --out out2
expect_rc 2
expect_err "re-run 'invox calibrate'"

# The file says which threshold it chose and why, or that none reached the target.
run "$BIN" -q calibrate "$DEV" --model rules --out chosen.json
expect_rc 0
expect_out "Review threshold: "
run "$BIN" -q calibrate "$DEV" --model rules --review-threshold 0.7 --target-precision 0.9 --out both.json
expect_rc 2
expect_no_file both.json
# A threshold given to calibrate travels with the file and decides the fill's review...
run "$BIN" -q calibrate "$DEV" --model rules --review-threshold 0.99 --out strict.json
expect_rc 0
expect_out "Review threshold: 0.99 (--review-threshold)"
python3 -c 'import json,sys; sys.exit(json.load(open("strict.json"))["reviewThreshold"]["value"] != 0.99)' ||
  fail "strict.json does not carry reviewThreshold 0.99"
# Exit 0 when exactly the values set below threshold $2 are flagged low_conf.
flagged_below() {
  python3 - "$1" "$2" <<'PY'
import json, sys
stem, threshold = sys.argv[1], float(sys.argv[2])
flagged = {i["field"] for i in json.load(open(stem + ".report.json"))["issues"] if i["type"] == "low_conf"}
filled = json.load(open(stem + ".filled.json"))["filled"]
below = {k for k, v in filled.items() if v.get("source") == "ai" and v.get("value") is not None
         and v["confidence"] < threshold}
sys.exit(not below or flagged != below)
PY
}
run "$BIN" -q fill "$DEV/templates/patient-intake.json" in.txt --model rules --calibration strict.json --out strict
expect_rc 0
flagged_below strict/in 0.99 || fail "with the file's threshold 0.99, exactly the values below it should be low_conf"
# ... unless the run gives its own.
run "$BIN" -q fill "$DEV/templates/patient-intake.json" in.txt --model rules --calibration strict.json \
  --review-threshold 0.5 --out lenient
expect_rc 0
grep -q '"low_conf"' lenient/in.report.json && fail "--review-threshold 0.5 should flag no value of this form low_conf"

# --details: one line per value and per field left empty, with the confidence maps fitted without
# its fold gave it; the values' lines agree with the file's cross-validated figures.
run "$BIN" -q calibrate "$DEV" --model rules --review-threshold 0.9 --out detailed.json --details details.jsonl
expect_rc 0
python3 - detailed.json details.jsonl <<'PY' || fail "details.jsonl disagrees with the file's cross-validated figures"
import json, sys
cal = json.load(open(sys.argv[1]))
lines = [json.loads(l) for l in open(sys.argv[2])]
values = [l for l in lines if l["setByRun"]]
kept = [l for l in lines if not l["setByRun"]]
assert len(values) == cal["samples"] and len(kept) == cal["kept"]["samples"], (len(values), len(kept))
for l in lines:
    assert {"case", "field", "type", "predicted", "expected", "correct", "rawConfidence"} <= set(l)
    assert l["accepted"] == (l["heldOutConfidence"] >= 0.9)
    assert "/" in l["case"]
accepted = [l for l in values if l["accepted"]]
cv = cal["validation"]["crossValidated"]
assert abs(len(accepted) / len(values) - cv["acceptedCoverage"]) < 1e-9
assert abs(sum(l["correct"] for l in accepted) / len(accepted) - cv["acceptedPrecision"]) < 1e-9
assert any(not l["correct"] for l in values) and any(l["predicted"] is not None for l in values)
PY
run "$BIN" -q calibrate "$DEV" --model rules --out nodetails.json --details no/such/dir/d.jsonl
expect_rc 2
expect_err "--details"
expect_no_file nodetails.json
echo ok
