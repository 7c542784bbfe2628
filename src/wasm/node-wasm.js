// Under Node the .wasm beside this script is read from disk: the Emscripten of Debian 12 would fetch()
// it, and Node's fetch takes no file paths. Threads get the compiled module from the main thread.
if (typeof process == "object" && process.versions && process.versions.node && !Module["ENVIRONMENT_IS_PTHREAD"] &&
    !Module["wasmBinary"])
  Module["wasmBinary"] = require("fs").readFileSync(__filename.replace(/\.js$/, ".wasm"));
