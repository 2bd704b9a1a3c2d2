// crashing.mjs is an MCP server over stdio whose tool "crash" writes a reason to stderr and
// exits in the middle of the call, and whose tool "ok" answers; for Lectern's tests of a server
// that ends mid-call.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

const server = new McpServer({ name: "crashing", version: "1.0.0" });
server.registerTool("ok", { description: "Answers ok." }, async () => ({ content: [{ type: "text", text: "ok" }] }));
server.registerTool("crash", { description: "Exits mid-call." }, async () => {
  process.stderr.write("fatal: the index file is corrupt\n");
  setTimeout(() => process.exit(3), 50);
  await new Promise(() => {});
});
await server.connect(new StdioServerTransport());
