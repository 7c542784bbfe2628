// The engine's Web Worker, started by hexchess-wasm.js: the WebAssembly module searching off the
// page's thread (make wasm puts these files side by side in build-wasm/). A cross-origin isolated
// page has shared memory, so there the module with threads runs; its threads load the module's
// own script, not this one.
const threaded = self.crossOriginIsolated === true;
const moduleScript = threaded ? "hexchess-module-mt.js" : "hexchess-module.js";
importScripts(moduleScript, "hexchess-wasm.js");
HexchessWasm.serveEngine(self, createHexchess,
  threaded ? { mainScriptUrlOrBlob: new URL(moduleScript, self.location.href).href } : {});
