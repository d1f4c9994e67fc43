import FuzzSupport
import Foundation

exit(runLibFuzzer { data, size in fuzzModel(data, size) })
