// mcp_sdk_server.mjs: a tiny MCP server on the official TypeScript SDK
// (@modelcontextprotocol/sdk, streamable HTTP) exposing web_search and
// web_fetch in the shape of Parallel's Search MCP, so tests/mcp_sdk.bats
// can run the webtools MCP client against a real peer.
//
//   node mcp_sdk_server.mjs DIR [json|sse|stateless]
//
// Run it from a directory whose node_modules holds the SDK (the test
// copies it next to its npm install). Serves HTTPS on 127.0.0.1, a free
// port, with DIR/fm.pem and DIR/fm.key; writes DIR/sdkport; appends one
// line per HTTP request to DIR/sdklog; exits after 10 minutes.
import fs from "node:fs";
import https from "node:https";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from
    "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

const dir = process.argv[2];
const mode = process.argv[3] || "sse";
const transports = new Map();

function text(obj) {
	return { content: [{ type: "text", text: JSON.stringify(obj) }] };
}

function makeServer() {
	const server = new McpServer({ name: "sdk-parallel", version: "0.0.1" });
	server.registerTool("web_search", {
		description: "Search the web (SDK test peer).",
		inputSchema: {
			objective: z.string(),
			search_queries: z.array(z.string()),
			session_id: z.string().optional(),
		},
	}, async ({ objective, search_queries }) => {
		if (objective.includes("FAIL"))
			return { content: [{ type: "text", text:
			    "upstream failure" }], isError: true };
		return text({ search_id: "search_sdk", results:
		    search_queries.map((q, i) => ({
			url: `https://sdk.example/${i + 1}`,
			title: `SDK result ${i + 1} for ${q}`,
			publish_date: i === 0 ? "2025-01-02" : null,
			excerpts: [`SDK excerpt about ${q}`],
		    })), warnings: null });
	});
	server.registerTool("web_fetch", {
		description: "Fetch URLs (SDK test peer).",
		inputSchema: {
			urls: z.array(z.string()).min(1),
			full_content: z.boolean().optional(),
			session_id: z.string().optional(),
		},
	}, async ({ urls }) => text({ extract_id: "extract_sdk", results:
	    urls.map((u) => ({ url: u, title: `SDK page ${u}`,
		publish_date: null, excerpts: ["SDK fetch excerpt."],
		full_content: "# SDK page\n\nBody fetched by the SDK peer.",
	    })), errors: [] }));
	return server;
}

function readBody(req) {
	return new Promise((resolve, reject) => {
		const chunks = [];
		req.on("data", (c) => chunks.push(c));
		req.on("end", () => resolve(Buffer.concat(chunks).toString()));
		req.on("error", reject);
	});
}

function rpcError(res, status, code, message) {
	res.writeHead(status, { "content-type": "application/json" });
	res.end(JSON.stringify({ jsonrpc: "2.0", error: { code, message },
	    id: null }));
}

async function handle(req, res) {
	let body;
	fs.appendFileSync(path.join(dir, "sdklog"), `${req.method} ${req.url} ` +
	    `session=${req.headers["mcp-session-id"] ? "yes" : "no"}\n`);
	if (!req.url.startsWith("/mcp"))
		return rpcError(res, 404, -32000, "Not found");
	if (req.method === "POST") {
		try {
			body = JSON.parse(await readBody(req));
		} catch {
			return rpcError(res, 400, -32700, "Parse error");
		}
	}
	if (mode === "stateless") {
		const t = new StreamableHTTPServerTransport({
		    sessionIdGenerator: undefined, enableJsonResponse: true });
		const s = makeServer();
		res.on("close", () => { t.close(); s.close(); });
		await s.connect(t);
		return t.handleRequest(req, res, body);
	}
	const sid = req.headers["mcp-session-id"];
	let t = sid ? transports.get(sid) : undefined;
	if (!t) {
		if (sid)
			return rpcError(res, 404, -32001, "Session not found");
		if (req.method !== "POST" || !isInitializeRequest(body))
			return rpcError(res, 400, -32000,
			    "Bad Request: No valid session ID provided");
		t = new StreamableHTTPServerTransport({
			sessionIdGenerator: () => randomUUID(),
			enableJsonResponse: mode === "json",
			onsessioninitialized: (id) => transports.set(id, t),
		});
		t.onclose = () => {
			if (t.sessionId)
				transports.delete(t.sessionId);
		};
		await makeServer().connect(t);
	}
	return t.handleRequest(req, res, body);
}

const srv = https.createServer({
	cert: fs.readFileSync(path.join(dir, "fm.pem")),
	key: fs.readFileSync(path.join(dir, "fm.key")),
}, (req, res) => {
	handle(req, res).catch(() => {
		if (!res.headersSent)
			rpcError(res, 500, -32603, "Internal error");
	});
});
srv.listen(0, "127.0.0.1", () => {
	const tmp = path.join(dir, "sdkport.tmp");
	fs.writeFileSync(tmp, `${srv.address().port}\n`);
	fs.renameSync(tmp, path.join(dir, "sdkport"));
});
setTimeout(() => process.exit(0), 600000);
