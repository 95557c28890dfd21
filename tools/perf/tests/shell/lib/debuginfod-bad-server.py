#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""A debuginfod look-alike that misbehaves on purpose, for the tests.

    debuginfod-bad-server.py PLAN LOG PORT_FILE

Listens on 127.0.0.1, on a port the kernel picks, and writes that port
to PORT_FILE once it accepts connections.  Answers GET
/buildid/<id>/<kind> as PLAN says; PLAN is read again on every request,
so a test can "fix" the server between two runs.  One line of PLAN:

    <id> <kind|*> <behaviour> [argument]

    file PATH         the file, as a real server would (Content-Length)
    truncate PATH N   the first N bytes of PATH, Content-Length N
    gzip PATH         PATH with Content-Encoding: gzip
    gzip-bomb MIB     Content-Encoding: gzip of MIB MiB of zeros
                      (about 1 KiB per MiB on the wire): curl inflates it
    gzip-file PATH MIB  no Content-Encoding: a body that is PATH followed
                      by MIB MiB of zeros, gzip'ed as a whole (a .gz file
                      whose ELF has the right build-id; our build-id
                      reader and loader inflate such files)
    endless           200, no Content-Length, zeros until the client
                      hangs up
    status CODE       that HTTP status, a short text body
    silent            read the request, never answer (until the client
                      hangs up)

Anything else gets 404, as for an id no server has.  Every request is
appended to LOG as "<id> <kind> <behaviour>", so tests count requests.
Nothing here listens on anything but 127.0.0.1.
"""
import gzip
import http.server
import os
import socketserver
import sys
import zlib

CHUNK = 1 << 16


def plan_for(plan_path, bid, kind):
    try:
        with open(plan_path) as f:
            lines = f.read().splitlines()
    except OSError:
        return None
    for line in lines:
        words = line.split()
        if len(words) >= 3 and words[0] == bid and words[1] in (kind, '*'):
            return words[2:]
    return None


def gzip_bomb(mib, head=b''):
    """A gzip stream of @head and @mib MiB of zeros, made without holding them."""
    comp = zlib.compressobj(9, zlib.DEFLATED, 31)   # 31: gzip wrapper
    zeros = bytes(1 << 20)
    out = [comp.compress(head)] + [comp.compress(zeros) for _ in range(mib)]
    out.append(comp.flush())
    return b''.join(out)


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.1'

    def log_message(self, fmt, *args):
        pass

    def log_request_line(self, bid, kind, what):
        with open(self.server.log_path, 'a') as f:
            f.write('%s %s %s\n' % (bid, kind, what))

    def send_body(self, body, headers=()):
        self.send_response(200)
        self.send_header('Content-Type', 'application/octet-stream')
        self.send_header('Content-Length', str(len(body)))
        for k, v in headers:
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)

    def wait_for_hangup(self):
        # Until the client closes its end (or the server is stopped).
        self.connection.settimeout(1.0)
        while not self.server.stopping:
            try:
                if not self.connection.recv(4096):
                    return
            except TimeoutError:
                continue
            except OSError:
                return

    def do_GET(self):
        parts = self.path.split('/')
        if len(parts) != 4 or parts[1] != 'buildid':
            self.send_error(404)
            return
        bid, kind = parts[2], parts[3]
        plan = plan_for(self.server.plan_path, bid, kind)
        what = plan[0] if plan else '404'
        self.log_request_line(bid, kind, what)
        try:
            self.answer(plan)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def answer(self, plan):
        if not plan:
            self.send_error(404)
            return
        what, args = plan[0], plan[1:]
        if what == 'file':
            with open(args[0], 'rb') as f:
                self.send_body(f.read())
        elif what == 'truncate':
            with open(args[0], 'rb') as f:
                self.send_body(f.read(int(args[1])))
        elif what == 'gzip':
            with open(args[0], 'rb') as f:
                self.send_body(gzip.compress(f.read()), [('Content-Encoding', 'gzip')])
        elif what == 'gzip-bomb':
            self.send_body(gzip_bomb(int(args[0])), [('Content-Encoding', 'gzip')])
        elif what == 'gzip-file':
            with open(args[0], 'rb') as f:
                self.send_body(gzip_bomb(int(args[1]), f.read()))
        elif what == 'endless':
            self.send_response(200)
            self.send_header('Content-Type', 'application/octet-stream')
            self.send_header('Connection', 'close')
            self.end_headers()
            self.close_connection = True
            zeros = bytes(CHUNK)
            while not self.server.stopping:
                self.wfile.write(zeros)
        elif what == 'status':
            code = int(args[0])
            body = b'server error on purpose\n'
            self.send_response(code)
            self.send_header('Content-Type', 'text/plain')
            self.send_header('Content-Length', str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        elif what == 'silent':
            self.close_connection = True
            self.wait_for_hangup()
        else:
            self.send_error(404)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 64


def main():
    if len(sys.argv) != 4:
        sys.stderr.write('usage: %s PLAN LOG PORT_FILE\n' % sys.argv[0])
        return 129
    srv = Server(('127.0.0.1', 0), Handler)
    srv.plan_path, srv.log_path = sys.argv[1], sys.argv[2]
    srv.stopping = False
    open(srv.log_path, 'a').close()
    tmp = sys.argv[3] + '.tmp'
    with open(tmp, 'w') as f:
        f.write('%d\n' % srv.server_address[1])
    os.rename(tmp, sys.argv[3])
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass
    srv.stopping = True
    return 0


if __name__ == '__main__':
    sys.exit(main())
