// Importing Glibc is what makes SwiftPM on Linux link libm (its module map says
// `link "m"`). Without it, PanelUI's rounding and square roots (Color, Point) leave
// `round`, `floor`, `sqrt` … undefined when `panel` and the test bundles are linked.
import Glibc
