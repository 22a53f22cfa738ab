// libcmark-gfm and its GitHub extensions (tables, strikethrough, autolink, tagfilter).
// Debian: libcmark-gfm-dev libcmark-gfm-extensions-dev; Homebrew: cmark-gfm.
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
