/* Just enough of Emscripten's header to build the page module (src/wasm/api.c) natively, so that
 * libFuzzer can drive its functions: exports are plain functions, and a call into the page's
 * JavaScript does nothing. */
#ifndef HEXCHESS_FUZZ_EMSCRIPTEN_STUB_H
#define HEXCHESS_FUZZ_EMSCRIPTEN_STUB_H

#define EMSCRIPTEN_KEEPALIVE
#define EM_JS(ret, name, params, ...) static ret name params { }

#endif
