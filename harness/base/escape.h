// Text made safe for the markup the jobs write: JUnit XML (verify), SVG and HTML (annotate).
#pragma once

#include <string>
#include <string_view>

namespace hoyito {

// Text made safe for XML and HTML (& < > ").
std::string xml_escape(std::string_view text);

}  // namespace hoyito
