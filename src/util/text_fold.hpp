#pragma once
// Folding text for tolerant matching with byte offsets: lower-case ASCII letters and digits are
// kept, every run of other ASCII characters (spaces, punctuation) becomes one space, and UTF-8
// bytes are kept as they are. Each folded byte remembers where it came from, so a match in
// folded text maps back to byte offsets in the original. The one home of this folding: evidence
// lookup, ASR segment location and grounding all use it, so they agree on what "the same words"
// means. (normalize/fold.hpp is CF's Unicode-aware folding for comparing values; it keeps no
// offsets.)
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace invox::util {

struct FoldedText {
  std::string text;             // folded form, no leading or trailing space
  std::vector<size_t> origin;   // origin[i] = byte offset in the original of text[i]
};

[[nodiscard]] FoldedText fold_text(std::string_view original);
// The folded form alone (for needles).
[[nodiscard]] std::string fold(std::string_view original);

struct ByteSpan {
  size_t begin = 0;  // byte offsets in the original text, end exclusive
  size_t end = 0;
};

// Finds `needle` (folded by the caller or not: it is folded here) in `hay` starting at folded
// position `from`. With `whole_words` the match must start and end at word boundaries.
// Returns the span in the original text and the folded end position (for in-order searches).
struct FoldedMatch {
  ByteSpan span;
  size_t folded_end = 0;
};
[[nodiscard]] std::optional<FoldedMatch> find_folded(const FoldedText& hay, std::string_view needle, size_t from = 0,
                                                     bool whole_words = false);

// Where each of `pieces` (in order, e.g. a recognizer's segment texts) lies in `text`: each is
// searched in the folded text (case, punctuation and spacing ignored) from the end of the
// previous match, so repeated phrases map in order. A piece that cannot be found is assumed to
// start where the previous one ended and to span its own length.
[[nodiscard]] std::vector<ByteSpan> locate_pieces(std::string_view text, const std::vector<std::string_view>& pieces);

// Folded words of a text ("Blood-pressure 120" -> {"blood", "pressure", "120"}).
[[nodiscard]] std::vector<std::string> folded_words(std::string_view text);

}  // namespace invox::util
