#!/bin/sh
# A compiler whose output is a symbolic link to a host file (named in target.txt beside it): whoever copies
# the compiled program out of the cage's folder, following links, copies that host file instead.
out=""
while [ $# -gt 0 ]; do
    if [ "$1" = "-o" ]; then out="$2"; fi
    shift
done
ln -s "$(cat "$(dirname "$0")/target.txt")" "$out"
