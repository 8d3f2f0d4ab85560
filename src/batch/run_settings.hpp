#pragma once
// The `run` object a fill writes into both outputs (DESIGN.md "Outputs"): invox version,
// reference date, time zone, locale, and the fingerprint of every setting that decides the
// outputs besides the input itself. Resume reuses earlier outputs only when the fingerprint
// matches, so a new reference date, model, template version or current value redoes the input.
#include <optional>
#include <string>

#include "invox/form.hpp"
#include "invox/session.hpp"

namespace invox::batch {

// Everything except `input` and `created_at`, which are per input. The session's reference date
// must already be resolved (see run_fill_batch), so the fingerprint names a calendar date.
// `history`: the few-shot store the run retrieves from (nullopt = zero-shot); its rows are not
// fingerprinted, only which store and embedding model.
[[nodiscard]] RunContext run_context_for(const Session& session, const std::optional<HistoryOptions>& history);

}  // namespace invox::batch
