// The graphviz headers the diagram stage needs (layout and SVG rendering in-process), gathered for the
// Swift module map.
#include <gvc.h>
#include <cgraph.h>
#include <graphviz_version.h>

// cgraph's default disciplines (memory, ids, reading), as one value: Swift 6 refuses to read a C global
// variable, which it counts as shared mutable state; graphviz only reads them.
static inline Agdisc_t bookDefaultDiscipline(void) { return AgDefaultDisc; }
