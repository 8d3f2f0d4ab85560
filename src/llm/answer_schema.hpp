#pragma once
// The JSON Schema of an extraction answer, in OpenAI's strict form (every object closed, every
// key required, every value nullable); chat_transport.cpp turns it into Gemini's dialect.
#include <vector>

#include "invox/json.hpp"
#include "invox/template.hpp"

namespace invox::llm {

// One property per field, typed, enums closed, all nullable. A group is a nullable array of
// closed objects, one property per sub-field (the same rules one level down).
[[nodiscard]] Json fields_schema(const std::vector<const Field*>& fields);

}  // namespace invox::llm
