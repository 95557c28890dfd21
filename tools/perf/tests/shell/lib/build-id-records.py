#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Print the HEADER_BUILD_ID records (type 67) among a perf.data's records,
file or stream, one line each: "<cpumode> <pid> <build-id> <filename>".
Upstream's script -D names such records but not their contents."""
import struct
import sys

MAGIC = b"PERFILE2"


def records(buf, off, end):
    while off + 8 <= end:
        typ, misc, size = struct.unpack_from("<IHH", buf, off)
        if size < 8 or off + size > end:
            return
        yield typ, misc, buf[off:off + size]
        off += size


def main(path):
    buf = open(path, "rb").read() if path != "-" else sys.stdin.buffer.read()
    if buf[:8] != MAGIC:
        sys.exit("%s: not a perf.data" % path)
    hsize = struct.unpack_from("<Q", buf, 8)[0]
    if hsize == 16:  # a stream: records follow the short header
        off, end = 16, len(buf)
    else:
        off, size = struct.unpack_from("<QQ", buf, 40)
        end = off + size
    for typ, misc, rec in records(buf, off, end):
        if typ != 67:
            continue
        pid = struct.unpack_from("<i", rec, 8)[0]
        n = rec[12 + 20] if misc & (1 << 15) else 20
        bid = rec[12:12 + n].hex()
        name = rec[36:].split(b"\0", 1)[0].decode(errors="replace")
        print(misc & 7, pid, bid, name)


if __name__ == "__main__":
    main(sys.argv[1])
