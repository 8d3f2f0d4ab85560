#pragma once
// Pronunciations for words missing from the PocketSphinx dictionary. PocketSphinx 0.8 has no
// grapheme-to-phoneme model, so invox asks flite's `t2p` (CMU letter-to-sound rules, Debian
// package flite) and maps its phones to the CMU dictionary phone set.
#include <optional>
#include <string>

namespace invox::stt {

// "m eh1 t f ao1 r m ih n" -> "M EH T F AO R M IH N"; unknown phones give nullopt.
[[nodiscard]] std::optional<std::string> flite_to_cmu_phones(const std::string& flite_phones);

// Pronunciation of one lower-case word (letters and apostrophes only) in CMU phones, or nullopt
// when t2p is not installed or gives nothing usable.
[[nodiscard]] std::optional<std::string> letter_to_sound(const std::string& word);

}  // namespace invox::stt
