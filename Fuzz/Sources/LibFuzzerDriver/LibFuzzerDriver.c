// Declarations only (see include/LibFuzzerDriver.h); SwiftPM needs a source file per C target.
#include "LibFuzzerDriver.h"
