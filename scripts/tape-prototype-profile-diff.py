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
