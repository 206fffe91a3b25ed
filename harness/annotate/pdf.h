// `--format pdf` (annotate, rulebook): the HTML page printed by headless Chromium (Debian package
// chromium), as the browser test prints it, with the page's print stylesheet.
#pragma once

#include <string>

namespace hoyito {

// The Chromium program: $HOYITO_CHROMIUM if set, else `chromium` or `chromium-browser` on PATH;
// throws InputError naming the Debian package when there is none, so that nothing is written.
std::string require_chromium();

// Prints `html` to DIR/NAME: the page and Chromium's profile in a temporary folder, the PDF
// checked (it starts with %PDF) and written whole, or not at all; throws InputError on a failure.
void write_pdf(const std::string& dir, const std::string& name, const std::string& html);

}  // namespace hoyito
