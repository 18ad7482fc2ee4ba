// mcp_client.mjs: drive `web-control mcp` with the official MCP SDK
// client (Client + StdioClientTransport) as the real peer, for
// tests/mcp_server.bats. Run from a directory whose node_modules holds
// @modelcontextprotocol/sdk.
//
//   node mcp_client.mjs STEPS_JSON COMMAND [ARG...]
//
// STEPS_JSON is an array of steps; each prints one JSON line:
//   {"op": "init"}            -> {protocolVersion, serverInfo, instructions}
//   {"op": "list"}            -> {tools, schemaErrors} (each inputSchema
//                                compiled by Ajv's draft 2020-12 validator)
//   {"op": "call", "name": N, "args": {...}, "abortAfterMs": MS?,
//    "progress": true?}       -> {result | error, ms, progress: count}
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import Ajv2020 from "ajv/dist/2020.js";

const [steps, command, ...args] = process.argv.slice(2);
const transport = new StdioClientTransport({
	command, args, env: process.env, stderr: "inherit",
});
const client = new Client({ name: "webtools-test", version: "1.0.0" });
// The stdio transport has no protocol-version hook; give it one to see
// what the client settled on.
let negotiated = null;
transport.setProtocolVersion = (v) => { negotiated = v; };

function out(o) {
	process.stdout.write(JSON.stringify(o) + "\n");
}

await client.connect(transport);
for (const step of JSON.parse(steps)) {
	if (step.op === "init") {
		out({
			protocolVersion: negotiated,
			serverInfo: client.getServerVersion(),
			capabilities: client.getServerCapabilities(),
			instructions: client.getInstructions(),
		});
	} else if (step.op === "list") {
		const r = await client.listTools();
		const ajv = new Ajv2020({ strict: false });
		const schemaErrors = [];
		for (const t of r.tools) {
			try {
				ajv.compile(t.inputSchema);
			} catch (e) {
				schemaErrors.push(`${t.name}: ${e.message}`);
			}
		}
		out({ tools: r.tools, schemaErrors });
	} else if (step.op === "call") {
		const ac = new AbortController();
		let progress = 0;
		const opts = { signal: ac.signal, timeout: 60000 };
		if (step.progress)
			opts.onprogress = () => { progress++; };
		if (step.abortAfterMs)
			setTimeout(() => ac.abort("test cancels"), step.abortAfterMs);
		const t0 = Date.now();
		try {
			const result = await client.callTool(
			    { name: step.name, arguments: step.args ?? {} },
			    undefined, opts);
			out({ result, ms: Date.now() - t0, progress });
		} catch (e) {
			out({ error: String(e.message ?? e), code: e.code ?? null,
			    ms: Date.now() - t0, progress });
		}
	}
}
await client.close();
