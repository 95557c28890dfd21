#!/usr/bin/python3
# mmap2-to-mmap3.py IN OUT
#
# Copy perf.data IN (file mode, uncompressed records) to OUT with every
# MMAP2 record of the build-id form rewritten as PERF_RECORD_MMAP3 (the
# layout of Documentation/mmap3-abi.txt: MMAP2's inode fields, zero here,
# then the build-id block) and every attr asking for MMAP3 (bit 40), as a
# recording on an MMAP3 kernel writes it.  No kernel here emits MMAP3: this
# makes such a file from a real recording, for the readers that must cope
# with one.  The features after the data move by the bytes the records grew.
import struct
import sys

REC_MMAP2, REC_MMAP3 = 10, 23
MISC_MMAP_BUILD_ID = 1 << 14
ATTR_FLAG_MMAP3 = 1 << 40
ATTR_FLAGS_OFF = 40
HEADER_EVENT_DESC = 12


def set_mmap3_bit(buf, off):
    flags, = struct.unpack_from("<Q", buf, off + ATTR_FLAGS_OFF)
    struct.pack_into("<Q", buf, off + ATTR_FLAGS_OFF, flags | ATTR_FLAG_MMAP3)


def mmap3(rec):
    _, misc, _ = struct.unpack_from("<IHH", rec, 0)
    pid, tid, addr, length, pgoff = struct.unpack_from("<IIQQQ", rec, 8)
    bid_size, = struct.unpack_from("<B", rec, 40)
    bid = rec[44:64]
    prot, flags = struct.unpack_from("<II", rec, 64)
    nul = rec.index(b"\0", 72)
    name_end = 72 + ((nul - 72) // 8 + 1) * 8
    name, sample_id = rec[72:name_end], rec[name_end:]
    body = struct.pack("<IIQQQIIQQIIBBH20s", pid, tid, addr, length, pgoff, 0, 0, 0, 0,
                       prot, flags, bid_size, 0, 0, bid) + name + sample_id
    return struct.pack("<IHH", REC_MMAP3, misc & ~MISC_MMAP_BUILD_ID, 8 + len(body)) + body


def main():
    src = open(sys.argv[1], "rb").read()
    if src[:8] != b"PERFILE2":
        sys.exit("mmap2-to-mmap3.py: not a perf.data file in file mode")
    attr_size, = struct.unpack_from("<Q", src, 16)
    attrs_off, attrs_size, data_off, data_size = struct.unpack_from("<QQQQ", src, 24)
    feat_bits = int.from_bytes(src[72:104], "little")

    head = bytearray(src[:data_off])
    for off in range(attrs_off, attrs_off + attrs_size, attr_size):
        set_mmap3_bit(head, off)
    data = bytearray()
    pos, end = data_off, data_off + data_size
    while pos + 8 <= end:
        rtype, misc, size = struct.unpack_from("<IHH", src, pos)
        if size < 8:
            sys.exit("mmap2-to-mmap3.py: bad record at %#x" % pos)
        rec = src[pos:pos + size]
        data += mmap3(rec) if rtype == REC_MMAP2 and misc & MISC_MMAP_BUILD_ID else rec
        pos += size
    delta = len(data) - data_size
    struct.pack_into("<Q", head, 48, len(data))

    # the feature table: one (offset, size) per feature bit, in bit order
    feats = [b for b in range(256) if feat_bits >> b & 1]
    table = bytearray(src[end:end + 16 * len(feats)])
    rest = bytearray(src[end + 16 * len(feats):])
    for i, feat in enumerate(feats):
        off, size = struct.unpack_from("<QQ", table, 16 * i)
        struct.pack_into("<Q", table, 16 * i, off + delta)
        if feat == HEADER_EVENT_DESC:
            at = off - end - 16 * len(feats)
            nr, esize = struct.unpack_from("<II", rest, at)
            p = at + 8
            for _ in range(nr):
                set_mmap3_bit(rest, p)
                nr_ids, = struct.unpack_from("<I", rest, p + esize)
                slen, = struct.unpack_from("<I", rest, p + esize + 4)
                p += esize + 8 + slen + 8 * nr_ids
    with open(sys.argv[2], "wb") as out:
        out.write(head + data + table + rest)


main()
