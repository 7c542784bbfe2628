// The engine's Web Worker, started by hexchess-wasm.js: the WebAssembly module searching off the
// page's thread (make wasm puts the three files side by side in build-wasm/).
importScripts("hexchess-module.js", "hexchess-wasm.js");
HexchessWasm.serveEngine(self, createHexchess);
