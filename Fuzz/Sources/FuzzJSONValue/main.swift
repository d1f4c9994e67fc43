import FuzzSupport
import Foundation

exit(runLibFuzzer { data, size in fuzzJSONValue(data, size) })
