#!/usr/bin/python3
# patch-event-desc.py FILE: every field of the first event's attr in FILE's
# EVENT_DESC feature section set to a value that is not zero (the flags
# word: every bit Linux 6.1 knows; sample_type and friends: all their
# bits), in place.  Header listings then print each field, so that two
# readers can be compared on all of them.
import struct
import sys

HEADER_EVENT_DESC = 12

path = sys.argv[1]
with open(path, "r+b") as f:
    d = bytearray(f.read())
    data_off, data_size = struct.unpack_from("<QQ", d, 40)
    feats = struct.unpack_from("<4Q", d, 72)
    bits = [b for b in range(256) if feats[b // 64] >> (b % 64) & 1]
    idx = bits.index(HEADER_EVENT_DESC)
    off, size = struct.unpack_from("<QQ", d, data_off + data_size + 16 * idx)
    nr, attr_size = struct.unpack_from("<II", d, off)
    a = off + 8
    assert nr >= 1 and attr_size >= 128
    struct.pack_into("<QQQQQ", d, a + 8, 0x1234, 4000, (1 << 25) - 1, (1 << 5) - 1,
                     (1 << 38) - 1)
    struct.pack_into("<IIQQQQIiQIHHIIQ", d, a + 48, 7, 3, 0xdead, 0xbeef, (1 << 18) - 1,
                     0xff, 8192, 1, 0xf0, 4096, 127, 0, 64, 0, 42)
    f.seek(0)
    f.write(d)
