// everything-http.mjs serves @modelcontextprotocol/server-everything over streamable HTTP on
// 127.0.0.1 only, on a free port (its own launcher listens on every interface), and prints
// "listening http://127.0.0.1:PORT/mcp". With REQUIRE_HEADER=NAME:VALUE it refuses requests
// without that header (401), as a server behind a key does.
import { createServer as createHTTPServer } from "node:http";
import { randomUUID } from "node:crypto";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { createServer } from "@modelcontextprotocol/server-everything/dist/server/index.js";

const [needName, needValue] = (process.env.REQUIRE_HEADER ?? "").split(":");
const transports = new Map();

const http = createHTTPServer(async (req, res) => {
  if (needName && req.headers[needName.toLowerCase()] !== needValue) {
    res.writeHead(401).end("missing header");
    return;
  }
  const sid = req.headers["mcp-session-id"];
  let transport = sid && transports.get(sid);
  if (!transport) {
    if (sid || req.method !== "POST") {
      res.writeHead(400).end("no session");
      return;
    }
    const { server, cleanup } = createServer();
    transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => transports.set(id, transport),
    });
    server.server.onclose = () => {
      transports.delete(transport.sessionId);
      cleanup(transport.sessionId);
    };
    await server.connect(transport);
  }
  await transport.handleRequest(req, res);
});
http.listen(0, "127.0.0.1", () => {
  console.log(`listening http://127.0.0.1:${http.address().port}/mcp`);
});
