// FriBidi's Unicode bidirectional algorithm (from libfribidi-dev).
#include <fribidi.h>

// The paragraph directions, which fribidi.h builds out of macros Swift does not import.
static inline FriBidiParType cfribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType cfribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
static inline FriBidiParType cfribidi_par_on(void) { return FRIBIDI_PAR_ON; }
