#!/usr/bin/python3
# synth-perf-data.py [options] -o FILE
#
# Write a file-mode perf.data from nothing: one cpu-clock event (sampling
# IP, TID, TIME, PERIOD and, with --depth, CALLCHAIN; sample_id_all), one
# process, --dsos MMAP2 records of distinct files (inode form, paths that
# do not exist), --samples samples spread over them, each with a user call
# chain of --depth frames when asked, and a BUILD_ID table of --ids
# entries.  For the shapes a real recording reaches only at great cost:
# tens of thousands of DSOs, 64K-entry id tables, chains thousands of
# frames deep.  Upstream perf reads these files; they are what the benches
# and tests compare on.
#
# --random SEED: each sample's chain has between --depth/2
# and 3*--depth/2 frames, each a random one of 4096 addresses in a random
# DSO (a fixed-seed generator: the same file every time).  Most chains
# then differ past their first frames, as in a system-wide profile of many
# programs, where a report's call paths are as many as its samples.
import argparse
import random
import struct

PERF_TYPE_SOFTWARE = 1
PERF_COUNT_SW_CPU_CLOCK = 0
SAMPLE_IP, SAMPLE_TID, SAMPLE_TIME = 1 << 0, 1 << 1, 1 << 2
SAMPLE_CALLCHAIN, SAMPLE_PERIOD = 1 << 5, 1 << 8
ATTR_SIZE = 128
FLAG_DISABLED, FLAG_INHERIT, FLAG_MMAP, FLAG_COMM = 1 << 0, 1 << 1, 1 << 8, 1 << 9
FLAG_TASK, FLAG_SAMPLE_ID_ALL, FLAG_MMAP2 = 1 << 13, 1 << 18, 1 << 23
REC_MMAP2, REC_COMM, REC_SAMPLE, REC_FINISHED_ROUND = 10, 3, 9, 68
MISC_KERNEL, MISC_USER = 1, 2
MISC_BUILD_ID_SIZE = 1 << 15
CONTEXT_KERNEL, CONTEXT_USER = (1 << 64) - 128, (1 << 64) - 512
KERNEL_IP = 0xffffffff81000100
HEADER_BUILD_ID = 2
PID = 4242
DSO_BASE, DSO_SPAN = 0x7f0000000000, 0x100000


def padded(s, align):
    b = s.encode() + b"\0"
    return b + b"\0" * (-len(b) % align)


def record(rtype, misc, body):
    return struct.pack("<IHH", rtype, misc, 8 + len(body)) + body


def sample_id(time):
    return struct.pack("<IIQ", PID, PID, time)


def attr(depth):
    stype = SAMPLE_IP | SAMPLE_TID | SAMPLE_TIME | SAMPLE_PERIOD
    if depth:
        stype |= SAMPLE_CALLCHAIN
    flags = (FLAG_DISABLED | FLAG_INHERIT | FLAG_MMAP | FLAG_COMM | FLAG_TASK |
             FLAG_SAMPLE_ID_ALL | FLAG_MMAP2)
    a = struct.pack("<IIQQQQQ", PERF_TYPE_SOFTWARE, ATTR_SIZE, PERF_COUNT_SW_CPU_CLOCK,
                    100000, stype, 0, flags)
    return a.ljust(ATTR_SIZE, b"\0")


def dso_ip(i, k):
    return DSO_BASE + i * DSO_SPAN + 0x1000 + (k * 64) % (DSO_SPAN - 0x1000)


def data_section(args):
    out = [record(REC_COMM, 0, struct.pack("<II", PID, PID) + padded("synth", 8) +
                  sample_id(1))]
    for i in range(args.dsos):
        body = struct.pack("<IIQQQIIQQII", PID, PID, DSO_BASE + i * DSO_SPAN, DSO_SPAN, 0,
                           8, 1, 100000 + i, 0, 5, 2)
        out.append(record(REC_MMAP2, MISC_USER, body + padded(
            "/nonexistent/synth/lib%05d.so" % i, 8) + sample_id(2)))
    time = 1000
    rng = random.Random(args.random) if args.random is not None else None
    for s in range(args.samples):
        d = s % args.dsos
        ip = dso_ip(d, s)
        if rng and args.depth:
            n = rng.randint(max(1, args.depth // 2), args.depth + args.depth // 2)
            chain = [dso_ip(rng.randrange(args.dsos), rng.randrange(4096)) for f in range(n)]
            ip = chain[0]
            body = struct.pack("<QIIQQ", ip, PID, PID, time, 100000)
            chain = [CONTEXT_USER] + chain
            body += struct.pack("<Q", len(chain)) + struct.pack("<%dQ" % len(chain), *chain)
        else:
            body = struct.pack("<QIIQQ", ip, PID, PID, time, 100000)
        if args.depth and not rng:
            # the leaf, then callers climbing through the other DSOs
            chain = [CONTEXT_USER, ip] + [dso_ip((d + f) % args.dsos, s + f)
                                          for f in range(1, args.depth)]
            body += struct.pack("<Q", len(chain)) + struct.pack("<%dQ" % len(chain), *chain)
        out.append(record(REC_SAMPLE, MISC_USER, body))
        time += 1000
        if s % 1000 == 999:
            out.append(record(REC_FINISHED_ROUND, 0, b""))
    # the idle task: no COMM record ever names pid 0
    for s in range(args.idle):
        body = struct.pack("<QIIQQ", KERNEL_IP, 0, 0, time, 100000)
        if args.depth:
            chain = [CONTEXT_KERNEL, KERNEL_IP]
            body += struct.pack("<Q", len(chain)) + struct.pack("<%dQ" % len(chain), *chain)
        out.append(record(REC_SAMPLE, MISC_KERNEL, body))
        time += 1000
    out.append(record(REC_FINISHED_ROUND, 0, b""))
    return b"".join(out)


def build_id_table(n):
    t = []
    for i in range(n):
        bid = (b"%08x" % i) * 5
        bid = bytes.fromhex(bid.decode())
        name = padded("/nonexistent/synth/id%06d.so" % i, 64)
        union = bid.ljust(20, b"\0") + struct.pack("<BBH", len(bid), 0, 0)
        t.append(struct.pack("<IHHi", 0, MISC_USER | MISC_BUILD_ID_SIZE, 8 + 4 + 24 + len(name),
                             -1) + union + name)
    return b"".join(t)


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--dsos", type=int, default=1)
    p.add_argument("--samples", type=int, default=1000)
    p.add_argument("--depth", type=int, default=0, help="frames per chain (0: no chains)")
    p.add_argument("--ids", type=int, default=0, help="BUILD_ID table entries")
    p.add_argument("--random", type=int, metavar="SEED",
                   help="random chains of --depth/2 to 3*--depth/2 frames over the DSOs")
    p.add_argument("--idle", type=int, default=0,
                   help="samples of pid 0 (the idle task), at the end")
    p.add_argument("-o", required=True)
    args = p.parse_args()
    if args.dsos < 1:
        p.error("--dsos must be at least 1")
    if args.random is not None and args.depth < 1:
        p.error("--random makes call chains: give --depth too")

    a = attr(args.depth)
    ids = struct.pack("<Q", 1)
    hdr_size = 104
    ids_off = hdr_size
    attrs_off = ids_off + len(ids)
    attr_entry = a + struct.pack("<QQ", ids_off, len(ids))
    data_off = attrs_off + len(attr_entry)
    data = data_section(args)
    feats = 0
    tail = b""
    if args.ids:
        feats |= 1 << HEADER_BUILD_ID
        table = build_id_table(args.ids)
        sec_off = data_off + len(data)
        tail = struct.pack("<QQ", sec_off + 16, len(table)) + table
    header = struct.pack("<8sQQQQQQQQ", b"PERFILE2", hdr_size, ATTR_SIZE + 16,
                         attrs_off, len(attr_entry), data_off, len(data), 0, 0)
    header += struct.pack("<4Q", feats, 0, 0, 0)
    with open(args.o, "wb") as f:
        f.write(header + ids + attr_entry + data + tail)


main()
