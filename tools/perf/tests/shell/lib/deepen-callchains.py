#!/usr/bin/python3
# deepen-callchains.py IN OUT DEPTH
#
# Copy perf.data IN to OUT with every sample's callchain made DEPTH
# entries long: the address the chain holds most often (a recursion's
# return address) is repeated after its first occurrence.  The kernel
# records at most kernel.perf_event_max_stack (127) frames; tests of
# deeper chains (--max-stack, the cost of a 2000-frame chain) need this.
# File mode only; samples of events with PERF_SAMPLE_READ are left as is.
import struct
import sys
from collections import Counter

IP, TID, TIME, ADDR, READ, CALLCHAIN, ID, CPU, PERIOD, STREAM_ID = (
    1, 2, 4, 8, 16, 32, 64, 128, 256, 512)
IDENTIFIER = 1 << 16
CONTEXT_MAX = (1 << 64) - 4095
RECORD_SAMPLE = 9


def attrs(data):
    attr_size, off, size = struct.unpack_from("<QQQ", data, 16)
    by_id, types = {}, []
    for a in range(off, off + size, attr_size):
        stype = struct.unpack_from("<Q", data, a + 24)[0]
        ids_off, ids_size = struct.unpack_from("<QQ", data, a + attr_size - 16)
        types.append(stype)
        for i in range(ids_off, ids_off + ids_size, 8):
            by_id[struct.unpack_from("<Q", data, i)[0]] = stype
    return by_id, types


def chain_offset(rec, stype, by_id, default):
    """Where the callchain's nr sits in a sample record, or None."""
    pos = 8
    if stype is None:
        stype = default
    if stype & IDENTIFIER:
        stype = by_id.get(struct.unpack_from("<Q", rec, 8)[0], stype)
    if not stype & CALLCHAIN or stype & READ:
        return None
    for bit in (IDENTIFIER, IP, TID, TIME, ADDR, ID, STREAM_ID, CPU, PERIOD):
        if stype & bit:
            pos += 8
    return pos


def deepen(rec, pos, depth):
    nr = struct.unpack_from("<Q", rec, pos)[0]
    ips = list(struct.unpack_from("<%dQ" % nr, rec, pos + 8))
    addrs = Counter(ip for ip in ips if ip < CONTEXT_MAX)
    if not addrs or nr >= depth:
        return rec
    top = addrs.most_common(1)[0][0]
    at = ips.index(top)
    ips[at:at] = [top] * (depth - nr)
    body = struct.pack("<Q%dQ" % depth, depth, *ips)
    out = bytearray(rec[:pos]) + body + rec[pos + 8 + 8 * nr:]
    if len(out) > 0xffff:
        sys.exit("a record of %d entries does not fit" % depth)
    struct.pack_into("<H", out, 6, len(out))
    return bytes(out)


def main():
    data = bytearray(open(sys.argv[1], "rb").read())
    depth = int(sys.argv[3])
    if data[:8] != b"PERFILE2":
        sys.exit("not a file-mode perf.data")
    by_id, types = attrs(data)
    data_off, data_size = struct.unpack_from("<QQ", data, 40)
    out, off = [], data_off
    while off < data_off + data_size:
        typ, misc, size = struct.unpack_from("<IHH", data, off)
        rec = bytes(data[off:off + size])
        if typ == RECORD_SAMPLE:
            pos = chain_offset(rec, None, by_id, types[0])
            if pos is not None:
                rec = deepen(rec, pos, depth)
        out.append(rec)
        off += size
    body = b"".join(out)
    delta = len(body) - data_size
    end = data_off + data_size
    # sections after the data move with it: attrs, ids, feature sections
    attr_size, a_off, a_size = struct.unpack_from("<QQQ", data, 16)
    for a in range(a_off, a_off + a_size, attr_size):
        ids_off = struct.unpack_from("<Q", data, a + attr_size - 16)[0]
        if ids_off >= end:
            struct.pack_into("<Q", data, a + attr_size - 16, ids_off + delta)
    if a_off >= end:
        struct.pack_into("<Q", data, 24, a_off + delta)
    feats = int.from_bytes(data[72:104], "little")
    for i in range(bin(feats).count("1")):
        f_off = struct.unpack_from("<Q", data, end + 16 * i)[0]
        if f_off >= end:
            struct.pack_into("<Q", data, end + 16 * i, f_off + delta)
    struct.pack_into("<Q", data, 48, len(body))
    open(sys.argv[2], "wb").write(bytes(data[:data_off]) + body + bytes(data[end:]))


main()
