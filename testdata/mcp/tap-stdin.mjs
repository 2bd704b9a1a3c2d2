// Preloaded into an MCP server (node --import ./tap-stdin.mjs server.js) by Lectern's tests: it
// appends every byte the server reads on stdin to the file $STDIN_LOG, so that a test sees what
// reached the server (a notifications/cancelled after Stop). The bytes are copied as they are
// pushed into stdin's stream, which the server reads as before (a "data" listener here would
// read the first message before the server listens).
import { appendFileSync } from "node:fs";

const push = process.stdin.push;
process.stdin.push = function (chunk, ...rest) {
  if (chunk) appendFileSync(process.env.STDIN_LOG, chunk);
  return push.call(this, chunk, ...rest);
};
