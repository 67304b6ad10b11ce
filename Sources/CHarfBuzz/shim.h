// HarfBuzz's shaper and its FreeType bridge (from libharfbuzz-dev).
#include <hb.h>
#include <hb-ft.h>
