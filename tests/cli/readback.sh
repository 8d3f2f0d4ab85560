#!/usr/bin/env bash
# `invox readback`: the spoken confirmation of a filled form as text, questions for flagged
# fields from the report beside it, --wav speech, guessed types without a template, errors.
BIN=$1; SRC=$2
source "$(dirname "$0")/lib/assert.sh"
D="$SRC/tests/data/review"
cd "$WORK" || fail "cd"

run "$BIN" readback "$D/out/visit-001.filled.json" --template "$D/templates"
expect_rc 0
expect_out "Reading back: Clinic visit."
expect_out "Visit date is March fourteenth, twenty twenty-six."
expect_out "Smoker: yes."
expect_out "What is the patient name?"
expect_out "Is the temperature thirty-eight point five degrees Celsius?"
expect_out "Is everything else correct?"
[[ "$OUT" != *"Patient name is"* ]] || fail "an empty field was read back: $OUT"

# The ambiguous date of visit-002 is asked, not read.
run "$BIN" readback "$D/out/visit-002.filled.json" --template "$D/templates/clinic-visit.json"
expect_rc 0
expect_out "Patient name is John Park."
expect_out "Was the visit date the fourth of March or the third of April?"

# Speech: a WAV file, written atomically, the text still on stdout.
run "$BIN" readback "$D/out/visit-002.filled.json" --template "$D/templates" --wav speech/visit.wav
expect_rc 2; expect_err "speech/visit.wav"   # the folder does not exist
mkdir speech
run "$BIN" readback "$D/out/visit-002.filled.json" --template "$D/templates" --wav speech/visit.wav
expect_rc 0; expect_file speech/visit.wav; expect_out "Patient name is John Park."
[[ $(head -c 4 speech/visit.wav) == RIFF ]] || fail "not a WAV file"
(( $(stat -c %s speech/visit.wav) > 32000 )) || fail "the WAV holds less than a second of speech"
[[ $(ls -A speech) == visit.wav ]] || fail "temporary files left: $(ls -A speech)"

# No template: types are guessed from the values, with a note.
run "$BIN" readback "$D/out/visit-001.filled.json"
expect_rc 0; expect_err "template 'clinic-visit' not found"
expect_out "Visit date is March fourteenth, twenty twenty-six."

# Errors: no such file, not a filled form.
run "$BIN" readback nosuch.filled.json; expect_rc 2; expect_err "nosuch.filled.json: no such file"
echo '{"x": 1}' > bad.filled.json
run "$BIN" readback bad.filled.json; expect_rc 2; expect_err "bad.filled.json: a filled form must be"
echo ok
