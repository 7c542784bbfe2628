/*
 * What the command-line program needs from Node when it is built with Emscripten (make wasm):
 * standard input read on the calling thread. Emscripten carries out every file call of a thread on
 * the main JavaScript thread, which also starts new threads and writes their output; a blocking
 * read of standard input there would hold up a running search (its start and its info lines) until
 * the next line came.
 */
#ifndef HEXCHESS_WASM_NODECLI_H
#define HEXCHESS_WASM_NODECLI_H

/* The next byte of standard input, or EOF at its end. */
int node_stdin_getc(void);

#endif
