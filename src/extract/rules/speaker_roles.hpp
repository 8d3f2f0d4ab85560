#pragma once
// Whose name is it? In a transcript with speaker labels ("Nurse:", "Patient:"), a name a
// speaker gives for themself ("Caller: Hi, this is Thaddeus Okereke") belongs to that
// speaker, and a full name asked about in a question ("Am I speaking with Cornelius Wabash?")
// to the speaker of the next turn. A label that is one of a person field's one-word cues
// ("Patient" for "Patient name") ties the name to that field.
#include <string>
#include <vector>

#include "extract/rules/scan.hpp"

namespace invox::rules {

// Stems of the speaker label of the turn holding token i; empty without labels.
[[nodiscard]] std::vector<std::string> turn_label(const Scan& s, size_t i);

// The speaker label of the turn holding token i names another person field's person ("Nurse:"
// for "Received by", whose cue is "receiving nurse"): what that speaker says of themself is not
// `field`'s.
[[nodiscard]] bool turn_names_other_person_field(const Scan& s, size_t i, size_t field);
// A full name ending before token `end` is set off as its speaker's own: its sentence ends
// there, or where its owner is from follows ("Tane Wihongi from Southern Cross Fire", "Skye
// Mabuza, Perth Drone Rescue.") or, after a comma, the speaker goes on about themself ("Derek
// Oyelaran, I sampled these").
[[nodiscard]] bool name_set_off(const Scan& s, size_t end);
// Some turn of the transcript is spoken by the person `field` names.
[[nodiscard]] bool field_has_labelled_speaker(const Scan& s, size_t field);

// Token i opens the answer to a question asking for a name, in a labelled turn whose speaker
// `field` does not name ("Officer: Can I take your name? Witness: Florentyna Basak."): the
// name there is the answering speaker's own, not the field's person.
[[nodiscard]] bool answers_name_question_as_other_role(const Scan& s, size_t i, size_t field);
// "What's your name for the paperwork? - Sam Whitford, I'm the one signing it off.", "Name for
// the log? - Put Gloria Espinoza.": the full name that answers the first question asking for a
// name, set off as said alone, unless the answer's speaker label names another person field
// (cased transcripts).
[[nodiscard]] std::optional<FieldCandidate> read_name_answer(const Scan& s, size_t field);
// Names whose owner's label names `field` (person text fields only).
[[nodiscard]] std::vector<FieldCandidate> read_role_names(const Scan& s, size_t field);

// "Who found it? - Me, Rafael Quintero-Ruiz.": a question asking who did what one of the
// field's agent cues names ("found by", "treated by") is answered with that person's name, in
// the first words of the next turn (person text fields only, cased transcripts).
[[nodiscard]] std::vector<FieldCandidate> read_who_answers(const Scan& s, size_t field);

// The field holds the part of an organisation a person belongs to or their job (its label or
// id says department, team, unit, position, role, ...).
[[nodiscard]] bool names_affiliation(const FieldLexicon& fl);

// The department a person gives with their own name in a cased transcript: "this is Bea Moss
// from legal", "Hi, Ivo Brandt, accounts payable.", "That's me, Ada Lind, his assistant, in
// finance."; for a job field the job set off after a full name ("Rosa Mbeki, backend
// engineer."). The first one said.
[[nodiscard]] std::vector<FieldCandidate> read_affiliation(const Scan& s, size_t field);

}  // namespace invox::rules
