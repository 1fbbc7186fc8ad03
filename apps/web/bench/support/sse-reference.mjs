// The reference of `pnpm bench web`: a bare Node HTTP server that broadcasts each POSTed body
// to every open GET /stream as one server-sent event, with nothing in between (no session, no
// audience decision, no event bus). Started as its own process, as the web app is.
import http from "node:http";

const streams = new Set();
const server = http.createServer((request, response) => {
  if (request.method === "GET" && request.url === "/stream") {
    response.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      connection: "keep-alive",
    });
    response.write(": ready\n\n");
    streams.add(response);
    request.on("close", () => streams.delete(response));
    return;
  }
  if (request.method === "POST" && request.url === "/send") {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      const frame = `data: ${Buffer.concat(chunks).toString("utf8")}\n\n`;
      for (const stream of streams) stream.write(frame);
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    return;
  }
  response.writeHead(404).end();
});
server.listen(0, "127.0.0.1", () => process.stdout.write(`${server.address().port}\n`));
