#!/usr/bin/env python3
"""Per-decode profile: callgrind_annotate of the N+1-decode run minus the 1-decode run, ÷ N.
   tape-prototype-profile-diff.py ONE.out MANY.out N [--inclusive] [TOP]"""
import re, subprocess, sys
def costs(path, inclusive):
    args = ["callgrind_annotate", "--auto=no", "--threshold=100"] + (["--inclusive=yes"] if inclusive else []) + [path]
    out = subprocess.run(args, capture_output=True, text=True).stdout
    table = {}
    for line in out.splitlines():
        m = re.match(r"\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)$", line)
        if m and "PROGRAM TOTALS" not in line:
            name = re.sub(r"\s*\[[^\]]*\]$", "", m.group(2))
            name = name.split(":", 1)[1] if ":" in name else name
            table[name] = table.get(name, 0) + int(m.group(1).replace(",", ""))
    return table
one, many, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
inclusive = "--inclusive" in sys.argv
top = int(sys.argv[-1]) if sys.argv[-1].isdigit() and len(sys.argv) > 4 and sys.argv[-1] != sys.argv[3] else 30
a, b = costs(one, inclusive), costs(many, inclusive)
diff = sorted(((b.get(k, 0) - a.get(k, 0)) / n, k) for k in set(a) | set(b))
diff.reverse()
total = sum(d for d, _ in diff) if not inclusive else None
for d, k in diff[:top]:
    print(f"{d:12,.0f}  {k[:170]}")
if total is not None: print(f"{total:12,.0f}  (sum of self costs per decode)")

# --groups: the self costs per decode summed by what does the work.
GROUPS = [  # first match wins: the callback tables' names contain "yajl_callbacks"
    ("recorder (tape)", r"recorderCallbacks|TapeRecorder|4TapeC|HandStack|SourceLocator"),
    ("push engine (frames, pools)", r"engineCallbacks|DecodeEngine|Frame|ArrayBox|CollectionBox|DecodeRun|ResultBox|EnginePool|ParkedPool|Lock|pthread_mutex"),
    ("field accessors", r"FieldAccessV"),
    ("reader (prototype)", r"TapeSchemaReader|decodeEngineTape|_decodeTape|TapePrototypeO"),
    ("key lookup (KeyTable, memcmp)", r"KeyTable|memcmp"),
    ("yajl", r"yajl_|^0x0000"),
    ("pre-scan + compaction", r"InputScanner|CompactedInput|WhitespaceCompaction|ByteWord|WholeInputFeeder"),
    ("values: strings", r"String|_allASCII|fromUTF8|UTF8|memcpy"),
    ("values: numbers", r"ScalarConversions|DoubleParser|IntegerParser|JSONNumberGrammar|decodeEngineScalar|Integers"),
    ("memory: malloc/free, retain/release", r"malloc|free|_int_|Alloc|alloc|dealloc|retain|release|RefCount|isUniquelyReferenced|arrayDestroy|unlink_chunk|ContiguousArrayBuffer|Dictionary|Hash"),
]
if "--groups" in sys.argv:
    sums = {}
    for d, k in diff:
        for label, pattern in GROUPS:
            if re.search(pattern, k):
                sums[label] = sums.get(label, 0) + d
                break
        else:
            sums["other"] = sums.get("other", 0) + d
    print("---- groups")
    for label, _ in GROUPS + [("other", "")]:
        print(f"{sums.get(label, 0):12,.0f}  {label}")
