# SPDX-License-Identifier: GPL-2.0-or-later
# t/output/jsonlines.py FILE [--strip]: every line of FILE must be one
# JSON object, read strictly as UTF-8 (no bad bytes, no encoded
# surrogates); prints each object back compact and ASCII-escaped, in its
# key order, for the test to compare.  --strip drops what changes from run
# to run (the probe's pid, tid and cpu).  Integers keep all their digits
# (jq 1.6 rounds those past 2^53).
import json
import sys

strip = "--strip" in sys.argv[2:]
with open(sys.argv[1], "rb") as f:
    for n, raw in enumerate(f, 1):
        try:
            obj = json.loads(raw.decode("utf-8", errors="strict"))
        except (UnicodeDecodeError, ValueError) as e:
            sys.exit("%s:%d: not a JSON line: %s" % (sys.argv[1], n, e))
        if not isinstance(obj, dict):
            sys.exit("%s:%d: not an object" % (sys.argv[1], n))
        if strip and isinstance(obj.get("probe"), dict):
            for k in ("pid", "tid", "cpu"):
                obj["probe"].pop(k, None)
        print(json.dumps(obj, separators=(",", ":"), ensure_ascii=True))
