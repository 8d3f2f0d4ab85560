#!/usr/bin/env bash
# `invox template check/show` and invalid templates given to `invox fill`: every invalid class
# names file, field and problem, exits 2, and no output file is written.
BIN=$1; SRC=$2
source "$(dirname "$0")/lib/assert.sh"

run "$BIN" template check "$SRC"/templates/*.json; expect_rc 0
n=$(ls "$SRC"/templates/*.json | wc -l)
[[ $(grep -c '^OK ' <<<"$OUT") == "$n" ]] || fail "expected $n OK lines: $OUT"

run "$BIN" template show "$SRC/templates/emergency-triage.json"; expect_rc 0
expect_out "template: emergency-triage"
expect_out "ID"; expect_out "TYPE"; expect_out "REQUIRED"; expect_out "UNIT/RANGE"; expect_out "OPTIONS"
grep -Eq '^temperature_c +Temperature +number +no +°C 30\.\.45' <<<"$OUT" || fail "temperature row: $OUT"
grep -Eq '^triage_level .*enum +yes .*resuscitation \(level one' <<<"$OUT" || fail "triage_level row: $OUT"

# A group: accepted by check, its sub-fields shown under it by path with the item bounds.
cat > "$WORK/group.json" <<'JSON'
{"id":"incident","fields":[{"id":"place","type":"text"},
 {"id":"vehicles","label":"Vehicles","type":"group","maxItems":12,"fields":[
  {"id":"registration","label":"Registration","type":"text","required":true},
  {"id":"colour","label":"Colour","type":"enum","options":["red","blue"]}]}]}
JSON
run "$BIN" template check "$WORK/group.json"; expect_rc 0
expect_out "OK $WORK/group.json"
run "$BIN" template show "$WORK/group.json"; expect_rc 0
grep -Eq '^vehicles +Vehicles +group +no +<= 12 items' <<<"$OUT" || fail "group row: $OUT"
grep -Eq '^  vehicles\.registration +Registration +text +yes' <<<"$OUT" || fail "sub-field row: $OUT"
grep -Eq '^  vehicles\.colour +Colour +enum +no +red \| blue' <<<"$OUT" || fail "sub-field enum row: $OUT"

echo "Name is Ann." > "$WORK/in.txt"
# case-name | template body | expected field | expected problem
while IFS='|' read -r name body field problem; do
  [[ -z "$name" ]] && continue
  f="$WORK/$name.json"
  printf '%s\n' "$body" > "$f"
  run "$BIN" template check "$SRC/templates/expense-claim.json" "$f"
  expect_rc 2
  expect_out "OK $SRC/templates/expense-claim.json"   # the valid one is still reported
  expect_err "invox: error: $f: "
  [[ -n "$field" ]] && expect_err "field '$field'"
  expect_err "$problem"
  # fill refuses the template before touching any input or output
  mkdir -p "$WORK/out-$name"
  run "$BIN" fill --model rules --out "$WORK/out-$name" "$f" "$WORK/in.txt"
  expect_rc 2
  expect_err "$f: "; expect_err "$problem"
  [[ -z "$(ls -A "$WORK/out-$name")" ]] || fail "$name: fill wrote $(ls "$WORK/out-$name")"
done <<'CASES'
unknown-type|{"id":"t","fields":[{"id":"dob","type":"dat"}]}|dob|type 'dat' is not one of text, textarea, number, date, time, enum, boolean
duplicate-id|{"id":"t","fields":[{"id":"a","type":"text"},{"id":"a","type":"date"}]}|a|duplicate field id
missing-id|{"id":"t","fields":[{"type":"text"}]}||fields[0]: missing 'id'
misspelled-key|{"id":"t","fields":[{"id":"age","type":"number","mni":0}]}|age|unknown key 'mni' (did you mean 'min'?)
enum-no-options|{"id":"t","fields":[{"id":"sex","type":"enum"}]}|sex|enum field has no 'options'
nested-group|{"id":"t","fields":[{"id":"g","type":"group","fields":[{"id":"h","type":"group","fields":[{"id":"x","type":"text"}]}]}]}|g.h|groups cannot be nested
group-bounds|{"id":"t","fields":[{"id":"g","type":"group","minItems":3,"maxItems":1,"fields":[{"id":"x","type":"text"}]}]}|g|minItems 3 is greater than maxItems 1
min-over-max|{"id":"t","fields":[{"id":"temp","type":"number","min":45,"max":30}]}|temp|min 45 is greater than max 30
constraint-unknown|{"id":"t","fields":[{"id":"end","type":"date"}],"constraints":[{"left":"end","op":">=","right":"start"}]}|start|names a field the template does not have
constraint-types|{"id":"t","fields":[{"id":"end","type":"date"},{"id":"n","type":"number"}],"constraints":[{"left":"end","op":">=","right":"n"}]}|end|both sides must have the same type
malformed-json|{"id":"t","fields":[{"id":"a" "type":"text"}]}||invalid JSON at line 1, column
CASES

# Every problem of a file is listed, each on its own "invox: error:" line.
printf '%s\n' '{"id":"t","fields":[{"id":"dob","type":"dat"},{"id":"sex","type":"enum"},{"id":"x","type":"text","mni":1}]}' > "$WORK/three.json"
run "$BIN" template check "$WORK/three.json"; expect_rc 2
expect_err "field 'dob'"; expect_err "field 'sex'"; expect_err "unknown key 'mni'"
[[ $(grep -c "^invox: error: $WORK/three.json: " <<<"$ERR") == 3 ]] || fail "three problems, three lines: $ERR"
run "$BIN" template check "$WORK/none.json"; expect_rc 2; expect_err "$WORK/none.json: no such file"
run "$BIN" template show "$WORK/none.json"; expect_rc 2; expect_err "$WORK/none.json: no such file"
echo ok
