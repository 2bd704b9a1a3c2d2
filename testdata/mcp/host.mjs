// host.mjs stands in for an MCP host (Claude Desktop) in Lectern's tests: the official TypeScript
// SDK's client starts Lectern from an mcpServers snippet (stdio) or reaches `lectern mcp --http`,
// lists, asks with progress, cancels an ask, and prints what it saw as one JSON object.
//
//   node host.mjs stdio CONFIG.json   the snippet's "lectern" server; LECTERN_TEST_BIN and
//                                     LECTERN_TEST_BIN_ARGS (JSON) replace its command, and
//                                     LECTERN_TEST_ENV (JSON) is added to its env
//   node host.mjs http URL TOKEN      streamable HTTP with the token; also a wrong token and a
//                                     foreign Origin, which must be refused
//
// The workspace asked is LECTERN_TEST_WORKSPACE, the question LECTERN_TEST_QUESTION.
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [mode, a1, a2] = process.argv.slice(2);
const workspace = process.env.LECTERN_TEST_WORKSPACE;
const question = process.env.LECTERN_TEST_QUESTION;

function stdioTransport(configPath) {
  const config = JSON.parse(readFileSync(configPath, "utf8"));
  const server = config.mcpServers.lectern;
  let command = server.command;
  let args = server.args ?? [];
  if (process.env.LECTERN_TEST_BIN) {
    command = process.env.LECTERN_TEST_BIN;
    args = [...JSON.parse(process.env.LECTERN_TEST_BIN_ARGS ?? "[]"), ...args];
  }
  const env = { ...(server.env ?? {}), ...JSON.parse(process.env.LECTERN_TEST_ENV ?? "{}") };
  return new StdioClientTransport({ command, args, env, stderr: "inherit" });
}

function httpTransport(url, token, origin) {
  const headers = { Authorization: `Bearer ${token}` };
  if (origin) headers.Origin = origin;
  return new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
}

async function connect(transport) {
  const client = new Client({ name: "claude-ai", title: "Claude Desktop (test)", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

async function refused(transport) {
  try {
    const c = await connect(transport);
    await c.close();
    return "";
  } catch (e) {
    return String(e?.message ?? e);
  }
}

const report = {};
const client = await connect(mode === "stdio" ? stdioTransport(a1) : httpTransport(a1, a2));
report.server = client.getServerVersion();
report.tools = (await client.listTools()).tools.map((t) => ({
  name: t.name, title: t.title, hasOutputSchema: !!t.outputSchema, annotations: t.annotations,
}));
report.workspaces = (await client.callTool({ name: "list_workspaces", arguments: {} })).structuredContent;

const progress = [];
const asked = await client.callTool(
  { name: "ask_workspace", arguments: { workspace, question } },
  undefined,
  { onprogress: (p) => progress.push(p) },
);
report.answer = { text: asked.content.map((c) => c.text).join(""), structured: asked.structuredContent, isError: !!asked.isError };
report.progress = progress;

// Cancel an ask at its first progress notification: the SDK sends notifications/cancelled.
const abort = new AbortController();
try {
  await client.callTool(
    { name: "ask_workspace", arguments: { workspace, question: question + " (cancelled)" } },
    undefined,
    { signal: abort.signal, onprogress: () => abort.abort("the person pressed Stop") },
  );
  report.cancelled = "";
} catch (e) {
  report.cancelled = String(e?.message ?? e);
}
// The server goes on answering other calls after a cancellation.
report.afterCancel = (await client.callTool({ name: "list_workspaces", arguments: {} })).structuredContent?.workspaces?.length ?? 0;

if (mode === "http") {
  report.wrongToken = await refused(httpTransport(a1, "not-the-token"));
  report.foreignOrigin = await refused(httpTransport(a1, a2, "https://evil.example"));
}
await client.close();
process.stdout.write(JSON.stringify(report) + "\n");
