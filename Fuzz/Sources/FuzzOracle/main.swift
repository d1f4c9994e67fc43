import FuzzSupport
import Foundation

exit(runLibFuzzer { data, size in fuzzOracle(data, size) })
