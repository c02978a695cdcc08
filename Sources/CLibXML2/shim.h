// libxml2: its writer makes sitemap.xml well-formed by construction; its HTML parser reads built pages for
// `pokedex check`.
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, whose headers clash with the ICU copy inside Foundation. Only an encoding
// handler's private fields depend on it, and pokedex never touches those.
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/uri.h>
#include <libxml/xmlwriter.h>
