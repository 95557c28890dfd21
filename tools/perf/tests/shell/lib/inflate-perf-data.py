#!/usr/bin/python3
# inflate-perf-data.py IN OUT
#
# Copy perf.data IN to OUT with every PERF_RECORD_COMPRESSED record
# replaced, in place, by the records it holds: inflated by libzstd itself
# (through ctypes), not by any perf, so a test can compare what perf reads
# from a -z file with the uncompressed file it stands for.  The feature
# sections move with the end of the data; HEADER_COMPRESSED is kept.
#
# Prints "records N max-inflate M mmap-len L": N COMPRESSED records, the
# most any one of them inflated to, and HEADER_COMPRESSED's mmap_len, the
# bound upstream's reader gives each record.
import ctypes
import struct
import sys

RECORD_COMPRESSED = 81
HEADER_COMPRESSED = 27


class Buf(ctypes.Structure):
    _fields_ = [("ptr", ctypes.c_void_p), ("size", ctypes.c_size_t), ("pos", ctypes.c_size_t)]


def main():
    z = ctypes.CDLL("libzstd.so.1")
    z.ZSTD_createDStream.restype = ctypes.c_void_p
    z.ZSTD_decompressStream.restype = ctypes.c_size_t
    z.ZSTD_decompressStream.argtypes = [ctypes.c_void_p, ctypes.POINTER(Buf), ctypes.POINTER(Buf)]
    z.ZSTD_isError.argtypes = [ctypes.c_size_t]
    ds = z.ZSTD_createDStream()

    data = open(sys.argv[1], "rb").read()
    if data[:8] != b"PERFILE2":
        sys.exit("not a file-mode perf.data")
    data_off, data_size = struct.unpack_from("<QQ", data, 40)
    feats = int.from_bytes(data[72:104], "little")
    out = bytearray()
    pos, end = data_off, data_off + data_size
    records = max_inflate = 0
    chunk = ctypes.create_string_buffer(1 << 20)
    while pos + 8 <= end:
        rtype, misc, size = struct.unpack_from("<IHH", data, pos)
        if size < 8 or pos + size > end:
            sys.exit("bad record at %#x" % pos)
        if rtype != RECORD_COMPRESSED:
            out += data[pos:pos + size]
            pos += size
            continue
        payload = ctypes.create_string_buffer(data[pos + 8:pos + size], size - 8)
        inb = Buf(ctypes.cast(payload, ctypes.c_void_p), size - 8, 0)
        got = 0
        while True:
            outb = Buf(ctypes.cast(chunk, ctypes.c_void_p), len(chunk), 0)
            r = z.ZSTD_decompressStream(ds, ctypes.byref(outb), ctypes.byref(inb))
            if z.ZSTD_isError(r):
                sys.exit("zstd error in the record at %#x" % pos)
            out += chunk.raw[:outb.pos]
            got += outb.pos
            if inb.pos == inb.size and outb.pos < outb.size:
                break
        records += 1
        max_inflate = max(max_inflate, got)
        pos += size
    # The feature table follows the data; its offsets move by the growth.
    delta = len(out) - data_size
    table = bytearray(data[end:])
    nfeat = bin(feats).count("1")
    mmap_len = 0
    bit = 0
    for i in range(nfeat):
        while not (feats >> bit) & 1:
            bit += 1
        off, sz = struct.unpack_from("<QQ", table, 16 * i)
        if bit == HEADER_COMPRESSED and sz >= 20:
            mmap_len = struct.unpack_from("<5I", data, off)[4]
        struct.pack_into("<QQ", table, 16 * i, off + delta, sz)
        bit += 1
    head = bytearray(data[:data_off])
    struct.pack_into("<QQ", head, 40, data_off, len(out))
    open(sys.argv[2], "wb").write(head + out + table)
    print("records %d max-inflate %d mmap-len %d" % (records, max_inflate, mmap_len))


main()
