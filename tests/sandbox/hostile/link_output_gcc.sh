#!/bin/sh
# A compiler whose output is a symbolic link to a host file (named in target.txt beside it): the next cage
# binds what a run command names by its real path, so it would show the program that host file.
out=""
while [ $# -gt 0 ]; do
    if [ "$1" = "-o" ]; then out="$2"; fi
    shift
done
[ "$out" = "" ] && exec /usr/bin/gcc --version
ln -s "$(cat "$(dirname "$0")/target.txt")" "$out"
