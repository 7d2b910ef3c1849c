#!/bin/sh
# A g++ on a machine whose disk is full: while the file disk-full lies beside it, every compile fails the
# way g++ does when it cannot write its output; otherwise it is the real g++.
if [ "$1" != "--version" ] && [ -e "$(dirname "$0")/disk-full" ]; then
    echo "/usr/bin/ld: final link failed: No space left on device" >&2
    echo "collect2: error: ld returned 1 exit status" >&2
    exit 1
fi
exec /usr/bin/g++ "$@"
