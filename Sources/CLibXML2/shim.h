// libxml2: its writer makes sitemap.xml well-formed by construction; its HTML parser reads built pages for
// `pokedex check`.
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/uri.h>
#include <libxml/xmlwriter.h>
