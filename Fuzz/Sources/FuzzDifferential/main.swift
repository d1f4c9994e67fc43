import FuzzSupport
import Foundation

exit(runLibFuzzer { data, size in fuzzDifferential(data, size) })
