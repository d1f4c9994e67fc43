import FuzzSupport
import Foundation

exit(runLibFuzzer { data, size in fuzzArchive(data, size) })
