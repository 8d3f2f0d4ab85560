#pragma once
// One message for "the provider does not serve this model", shared by the start-of-run check
// (model_catalog.cpp) and a model retired mid-run (chat_transport.cpp).
#include <optional>

#include "invox/expected.hpp"
#include "invox/model_spec.hpp"

namespace invox {

// When `error` (from send_model_request) is the provider answering 404 with a message that
// names spec's model, the Config error that says the model is not served and how to choose
// another; nullopt otherwise (a proxy lacking the endpoint answers 404 without naming it).
[[nodiscard]] std::optional<Error> model_not_served_error(const ModelSpec& spec, const Error& error);

}  // namespace invox
