#!/usr/bin/python3
# rewrite-buildids.py IN OUT < LIST
#
# Copy perf.data IN to OUT with its BUILD_ID feature table replaced by the
# entries of LIST: one per line, "<hex id> <name>", the name taken as is
# (bytes, "\n" and "\xNN" escapes understood), user-space host DSOs.  For
# tests that hand perf a hostile or unusual build-id table.
#
# Broken entries: "<hex id>/N <name>" writes N as the build-id size byte
# (> 20: an id larger than the union holds); "<hex id>! <name>" pads the
# name with "x" instead of NULs, so it has no terminator; a last line
# "cut N" drops the table's last N bytes, so the last entry's size reaches
# past the section's end.
import struct
import sys

HEADER_BUILD_ID = 2
MISC_USER = 2
MISC_BUILD_ID_SIZE = 1 << 15


def entry(hexid, name):
    nul = not hexid.endswith("!")
    hexid = hexid.rstrip("!")
    hexid, _, size_byte = hexid.partition("/")
    bid = bytes.fromhex(hexid)
    fname = name + (b"\0" if nul else b"")
    fname += (b"\0" if nul else b"x") * (-len(fname) % 64)
    size = 8 + 4 + 24 + len(fname)
    nbid = int(size_byte) if size_byte else len(bid)
    union = bid.ljust(20, b"\0") + struct.pack("<BBH", nbid, 0, 0)
    return struct.pack("<IHHi", 0, MISC_USER | MISC_BUILD_ID_SIZE, size, -1) + union + fname


def main():
    data = bytearray(open(sys.argv[1], "rb").read())
    if data[:8] != b"PERFILE2":
        sys.exit("not a file-mode perf.data")
    data_off, data_size = struct.unpack_from("<QQ", data, 40)
    feats = int.from_bytes(data[72:104], "little")
    if not feats >> HEADER_BUILD_ID & 1:
        sys.exit("no BUILD_ID table")
    index = bin(feats & ((1 << HEADER_BUILD_ID) - 1)).count("1")
    sec = data_off + data_size + 16 * index
    table = b""
    for line in sys.stdin.buffer:
        line = line.rstrip(b"\n")
        if not line:
            continue
        hexid, name = line.split(b" ", 1)
        if hexid == b"cut":
            table = table[:-int(name)]
            continue
        name = name.decode("unicode_escape").encode("latin-1")
        table += entry(hexid.decode(), name)
    struct.pack_into("<QQ", data, sec, len(data), len(table))
    data += table
    open(sys.argv[2], "wb").write(data)


main()
