// Loaded with `node --require` by scripts/bench-cli-startup.ts into every process it times: at
// exit it writes the process's CPU time (user + system, every thread, in ms, up to its 'exit'
// event: Node's own teardown after it is not counted) to the file
// descriptor CPU_AT_EXIT_FD names, a pipe the bench reads. On a shared machine the wall clock
// measures the scheduler as much as the start, so the bench reports the CPU a start paid beside
// it. CommonJS and node: only, so it costs the timed process next to nothing, and every variant
// (bare node too) loads it alike. Without CPU_AT_EXIT_FD it does nothing: a descriptor Node or
// libuv opened for itself is never written to.
'use strict';
/* global require, process */
// CommonJS on purpose (a --require preload), the one such file: the lint setup expects modules
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { writeSync } = require('node:fs');

const fd = Number(process.env.CPU_AT_EXIT_FD);
if (Number.isSafeInteger(fd) && fd > 2) {
  process.on('exit', () => {
    const used = process.cpuUsage();
    writeSync(fd, String((used.user + used.system) / 1000));
  });
}
