#pragma once
// What a judge reads of a transcript too long for its model's context window: the stretches
// around the candidates' evidence (where the two models read their values), in order, with
// "[...]" where text is left out. The judge decides between two readings of those places; the
// rest of the transcript does not help it and would not fit.
#include <string>
#include <string_view>
#include <vector>

#include "llm/context_window.hpp"

namespace invox::llm {

// Marks a cut in an excerpt.
inline constexpr std::string_view kExcerptGap = " [...] ";

// At most about `max_bytes` of `text`: whole when it fits; else windows centred on each anchor
// (evidence spans, byte offsets; sharing the room equally, merged where they overlap, cut at
// spaces and never inside a UTF-8 sequence); with no anchor, the end of the text (a later
// statement wins, as for corrections).
[[nodiscard]] std::string transcript_excerpt(std::string_view text, const std::vector<TextWindow>& anchors,
                                             size_t max_bytes);

}  // namespace invox::llm
