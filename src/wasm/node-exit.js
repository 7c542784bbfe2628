// The program under Node, on its main thread: the runtime's exit terminates the threads' workers
// and then calls process.exit() at once, while Node is still tearing them down, a race in Node
// that can end the process with SIGSEGV (status 139) once in some thousand runs. Instead the
// status is set and Node ends by itself when the workers are gone; a second later it is made to.
if (typeof process == "object" && process.versions && process.versions.node && !Module["ENVIRONMENT_IS_PTHREAD"])
  Module["quit"] = function (status, toThrow) {
    process.exitCode = status;
    setTimeout(function () { process.exit(status); }, 1000).unref();
    throw toThrow;
  };
