import FuzzSupport
import Foundation

exit(runLibFuzzer { data, size in fuzzStream(data, size) })
