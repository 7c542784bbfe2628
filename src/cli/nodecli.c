/* The command-line program under Node: its standard input (nodecli.h) and the one command it lacks
 * (servecmd.c, the server, is not built for Node). */
#include "nodecli.h"

#include <emscripten.h>
#include <stdio.h>

#include "../codec/tbzstd.h"
#include "cli.h"

/* Fills buf with up to size bytes of standard input; 0 at its end. Node's fs works on every thread;
 * a descriptor left non-blocking (a terminal Node set up) answers EAGAIN, waited out here. */
EM_JS(int, node_stdin_read, (char *buf, int size), {
    var fs = require("fs");
    var chunk = Buffer.alloc(size);
    for (;;) {
        try {
            var n = fs.readSync(0, chunk, 0, size, null);
            new Uint8Array(wasmMemory.buffer, buf, n).set(chunk.subarray(0, n));
            return n;
        } catch (e) {
            if (e.code !== "EAGAIN")
                throw e;
            Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
        }
    }
});

int node_stdin_getc(void)
{
    static char buf[4096];
    static int len, at;
    if (at == len) {
        len = node_stdin_read(buf, (int)sizeof buf);
        at = 0;
        if (len <= 0)
            return EOF;
    }
    return (unsigned char)buf[at++];
}

/* The server needs sockets and SQLite, neither of which the WebAssembly build has. */
int cmd_serve(const CliOptions *opts)
{
    (void)opts;
    fprintf(stderr, "hexchess serve: not part of the WebAssembly build (use the native hexchess)\n");
    return EXIT_REJECTED;
}

/* Nor zstd: tables are written raw, and compressed ones refused with a line saying why. */
const TbCodec *tb_zstd(void) { return NULL; }
