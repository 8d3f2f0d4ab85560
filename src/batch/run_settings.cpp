#include "batch/run_settings.hpp"

#include "invox/json.hpp"
#include "util/sha256.hpp"

namespace invox::batch {

namespace {

// Each member is something that can change a value, a confidence, an issue or the status.
// The invox version is among them: a newer engine may read the same transcript differently.
Json settings_json(const Session& s, const std::optional<HistoryOptions>& history) {
  const PipelineOptions& p = s.pipeline();
  const NormalizeContext& c = s.context();
  Json stt{{"backend", p.stt.backend},   {"language", p.stt.language},     {"modelDir", p.stt.model_dir},
           {"hmm", p.stt.hmm_path},      {"lm", p.stt.lm_path},            {"dict", p.stt.dict_path},
           {"bias", p.stt.bias},         {"biasWeight", p.stt.bias_weight}, {"chunkSeconds", p.stt.chunk_seconds},
           {"longAudioSeconds", p.stt.long_audio_seconds}};
  return Json{{"invox", INVOX_VERSION},
              {"template", to_json(s.tmpl())},
              {"strategy", s.strategy()},
              {"models", s.models()},
              {"reviewThreshold", p.review_threshold.value_or(kDefaultReviewThreshold)},
              {"calibration", p.calibration ? Json(p.calibration->fingerprint()) : Json(nullptr)},
              {"maxRequery", p.max_requery},
              {"retrieval", {{"k", p.retrieval.k}, {"maxTranscriptChars", p.retrieval.max_transcript_chars}}},
              {"stt", std::move(stt)},
              {"history", history ? Json{{"store", history->location}, {"embedModel", history->embed_model},
                                         {"embedDimensions", history->embed_dimensions}}
                                  : Json(nullptr)},
              {"current", to_json(s.current())},
              {"oldTranscript", s.old_transcript()},
              {"referenceDate", c.reference_date},
              {"timezone", c.timezone},
              {"locale", c.locale}};
}

}  // namespace

RunContext run_context_for(const Session& session, const std::optional<HistoryOptions>& history) {
  RunContext r;
  r.invox_version = INVOX_VERSION;
  r.reference_date = session.context().reference_date;
  r.timezone = session.context().timezone;
  r.locale = session.context().locale;
  const std::string settings = settings_json(session, history).dump(-1, ' ', false, Json::error_handler_t::replace);
  r.settings = "sha256:" + util::sha256_hex(settings);
  return r;
}

}  // namespace invox::batch
