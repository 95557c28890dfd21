#!/usr/bin/env python3
# Split a `perf report --stdio --sort comm,dso,sym` output, or the
# callchain-print driver's, into one block per entry: a line
# "@@ <comm> <dso basename> <sym or hex address>" and the call graph printed
# under the entry.  Blocks are printed sorted by entry, so outputs whose
# entries tie on percentage compare equal.
#
#   callgraph-blocks.py [--canonical] [--low-addresses] [--keys FILE] < report.txt
#
# --keys FILE: only the entries whose "@@" line FILE lists.
#
# --canonical: each graph as the sorted list of its runs, a run written as
# the values and frames of the runs above it and its own.  Upstream orders
# sibling branches of equal weight differently from run to run; this form
# does not depend on that order and still holds every value, frame and
# nesting of the graph.  Folded and flat call chains: lines sorted.
# Upstream 6.1 prints its "[...]" line (hidden weight, fractal) from an
# uninitialised symbol, so sometimes as "[...] (inlined)": that suffix goes.
#
# --low-addresses: unresolved frames as their address's low 12 bits: upstream
# perf script (the callchain-print driver's input) prints some of them
# relative to their map, upstream perf report as recorded.  Entries of
# unresolved symbols are left out then: upstream report makes two entries
# of such an address when it is both sampled and a caller (raw and
# map-relative), the driver one.
import re
import sys

ENTRY = re.compile(r'^\s+(\d+\.\d+%)\s+(?:\d+\.\d+%\s+)?(\S+)\s+(\S+)\s+\[.\]\s+(.*?)\s*$')
MARK = re.compile(r'^([ |]*)--([^-]+)--(.*)$')


def key(comm, dso, sym):
    dso = dso.rsplit('/', 1)[-1]
    if re.fullmatch(r'(0x)?[0-9a-f]+', sym):
        sym = '%#x' % int(sym, 16)
    return '@@ %s %s %s' % (comm, dso, sym)


def canonical(body):
    if not any(MARK.match(l) or l.lstrip().startswith('---') for l in body):
        return sorted(body)
    runs = []          # [parent index, value, frames]
    stack = []         # (column, run index)
    for line in body:
        m = MARK.match(line)
        if line.lstrip().startswith('---'):
            runs.append([None, 'top', [line.lstrip()[3:]]])
            stack = [(len(line) - len(line.lstrip()) + 3 - 11, len(runs) - 1)]
            continue
        if m:
            col = len(m.group(1)) - 1
            while stack and stack[-1][0] >= col:
                stack.pop()
            runs.append([stack[-1][1] if stack else None, m.group(2), [m.group(3)]])
            stack.append((col, len(runs) - 1))
            continue
        name = line.lstrip(' |')
        if not name:
            continue
        col = len(line) - len(name) - 11
        for c, r in reversed(stack):
            if c == col:
                runs[r][2].append(name)
                break
        else:
            return ['unparsed: ' + line]

    def text(i):
        parent, value, frames = runs[i]
        own = '%s[%s]' % (value, ';'.join(frames))
        return own if parent is None else text(parent) + ' / ' + own
    return sorted(text(i) for i in range(len(runs)))


blocks = {}
cur = None
for line in sys.stdin:
    line = line.rstrip('\n').replace('[...] (inlined)', '[...]')
    if '--low-addresses' in sys.argv:
        line = re.sub(r'0x[0-9a-f]+', lambda m: '0x%03x' % (int(m.group(0), 16) & 0xfff), line)
    if line.startswith('#'):
        continue
    if line.startswith('@@ '):
        comm, dso, sym, _pct = line[3:].split(' ')
        cur = key(comm, dso, sym)
        blocks[cur] = []
        continue
    m = ENTRY.match(line)
    if m:
        cur = key(m.group(2), m.group(3), m.group(4))
        blocks[cur] = []
        continue
    if cur is not None and (line != '' or blocks[cur]):
        blocks[cur].append(line)

keep = None
if '--keys' in sys.argv:
    keep = set(l.rstrip('\n') for l in open(sys.argv[sys.argv.index('--keys') + 1]))

for k in sorted(blocks):
    if keep is not None and k not in keep:
        continue
    if '--low-addresses' in sys.argv and re.fullmatch(r'.* 0x[0-9a-f]+', k):
        continue
    body = blocks[k]
    while body and body[-1] == '':
        body.pop()
    print(k)
    for l in (canonical(body) if '--canonical' in sys.argv else body):
        print(l)
