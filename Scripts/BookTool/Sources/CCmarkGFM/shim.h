// The cmark-gfm headers the Markdown stage needs, gathered for the Swift module map.
#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm-core-extensions.h>
