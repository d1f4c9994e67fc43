#!/usr/bin/env python3
"""summary.py N FILE…: instructions per request of callgrind dumps (Ir, --dump-instr=no), split by region.

A region's cost is the inclusive cost of the calls into its entry function (the coders' own
entry points); "rest" is everything else: framework, HTTP parsing, tasks, the kernel boundary.
"""
import collections
import re
import sys

ALLOC = {"malloc", "free", "realloc", "calloc", "posix_memalign", "aligned_alloc", "memalign", "malloc_usable_size"}
MALLOCS = ("malloc", "calloc", "realloc", "posix_memalign", "aligned_alloc")
# Mangled entry points: (region, substring); of the functions containing it, the one with the
# largest inclusive cost counts (an overload that forwards to another is inside it). ModelDecoder and
# ModelEncoder are classes (`C` in their mangled names).
REGIONS = {
    "hummingbird-issues": [("ModelKit decode", "$s12ModelKitCore0A7DecoderC0aB11HummingbirdE6decode_4fromxxm_7NIOCore10ByteBufferVtKSeRzlF"),
                           ("ModelKit encode", "$s12ModelKitCore0A7EncoderC0aB11HummingbirdE6encode_4from7context0eC08ResponseVx_AH7RequestVq_tKSERz0E00J7ContextR_r0_lF")],
    "hummingbird-codable-issues": [("JSONDecoder", "JSONDecoderC013NIOFoundationB6CompatE6decode_4fromxxm_7NIOCore10ByteBufferVtKSeRzlF"),
                                   ("JSONEncoder", "JSONEncoderC11HummingbirdE6encode_4from7context0D4Core8ResponseVx_AH7RequestVq_tKSERzAD0J7ContextR_r0_lF")],
    "vapor-issues": [("ModelKit decode", "$s12ModelKitCore0A7DecoderC0aB5VaporE6decode_4from7headers"),
                     ("ModelKit encode", "$s12ModelKitCore0A7EncoderC0aB5VaporE6encode_2to7headers")],
    "vapor-codable-issues": [("JSONDecoder", "JSONDecoderC5VaporE6decode_4from7headersxxm_7NIOCore10ByteBufferV8NIOHTTP111HTTPHeadersVtKSeRzlF"),
                             ("JSONEncoder", "JSONEncoderC5VaporE6encode_2to7headersyx_7NIOCore10ByteBufferVz8NIOHTTP111HTTPHeadersVztKSERzlF")],
}
# `Validatable`: both of its decodes (the validations' and the value's) go through Vapor's JSONDecoder.
REGIONS["vapor-validatable-issues"] = REGIONS["vapor-codable-issues"]
TRIAGE = "$s13ExampleModels6TriageO6triageyAA5IssueVAFFZ"


def is_alloc(name):
    base = name.split("'")[0]
    return base in ALLOC or base.startswith(("_int_", "_mid_memalign", "tcache", "malloc_"))


def parse(path):
    names, edges, calls = {}, collections.Counter(), collections.Counter()
    fn = cfn = None
    pending = None
    total = 0
    with open(path, errors="replace") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                continue
            if line[0].isdigit() or line[0] in "+-*":
                parts = line.split()
                cost = int(parts[1]) if len(parts) > 1 else 0
                if pending is not None:
                    edges[(fn, cfn)] += cost
                    calls[(fn, cfn)] += pending
                    pending = None
                continue
            m = re.match(r"(c?fn)=\((\d+)\)(?: (.*))?$", line)
            if m:
                if m.group(3) is not None:
                    names[m.group(2)] = m.group(3)
                if m.group(1) == "fn":
                    fn = names[m.group(2)]
                else:
                    cfn = names[m.group(2)]
            elif line.startswith("calls="):
                pending = int(line[6:].split()[0])
            elif line.startswith(("totals:", "summary:")):
                total = int(line.split()[1])
    return edges, calls, total


def main():
    n = int(sys.argv[1])
    print(f"instructions per request (callgrind Ir / {n} requests)\n")
    print("| server / endpoint | total | coder decode | coder encode | Triage | rest (framework) | malloc/free | mallocs |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    totals = {}
    for path in sorted(sys.argv[2:]):
        label = re.search(r"callgrind\.(.+?)\.\d+\.1$", path).group(1)
        edges, calls, total = parse(path)
        inclusive = collections.Counter()
        for (caller, callee), cost in edges.items():
            if caller != callee:
                inclusive[callee] += cost

        def region(fragment):
            return max((cost for name, cost in inclusive.items() if fragment in name), default=0)

        parts = [region(fragment) for _, fragment in REGIONS.get(label, [])]
        triage = region(TRIAGE)
        alloc = sum(cost for (a, b), cost in edges.items() if is_alloc(b) and not is_alloc(a))
        mallocs = sum(count for (a, b), count in calls.items() if b in MALLOCS and not is_alloc(a))
        rest = total - sum(parts) - triage
        totals[label] = total
        cells = [f"{p / n / 1000:.1f} K" for p in parts] + ["–"] * (2 - len(parts))
        print(f"| {label} | {total / n / 1000:.1f} K | {cells[0]} | {cells[1]} | {triage / n / 1000:.1f} K | "
              f"{rest / n / 1000:.1f} K | {alloc / n / 1000:.1f} K | {mallocs / n:.1f} |")

    for framework in ("hummingbird", "vapor"):
        modelkit, codable = totals.get(f"{framework}-issues"), totals.get(f"{framework}-codable-issues")
        if modelkit and codable:
            print(f"\n{framework}: the Codable twin executes {codable / modelkit:.2f}x the instructions of the ModelKit endpoint")
        validatable = totals.get(f"{framework}-validatable-issues")
        if modelkit and validatable:
            print(f"{framework}: Validatable (validate, then decode) executes {validatable / modelkit:.2f}x the instructions "
                  "of the ModelKit endpoint (checks while decoding)")


main()
