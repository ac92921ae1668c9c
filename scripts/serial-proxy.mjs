// A forward HTTP proxy for the Chrome runs of the core's browser tests (scripts/wasm-test.sh):
// each server it is asked for gets one kept-alive connection, and the requests take turns on
// it. Why: wasm-bindgen-test-runner serves its page with tiny_http 0.12, whose pool counts a
// woken thread as idle until it runs, so a burst of new connections larger than its idle
// threads leaves one connection unread and the page never loads (docs/notes/issue-31.md,
// sessions 51 and 54). Firefox is kept to 2 connections per server by a preference
// (core/webdriver.json); Chrome has no such switch, but it sends loopback requests to a proxy
// when told to. Prints its port on the first line; stops with its parent's signal.
import http from "node:http";

// One socket per host:port: the runner sees a single connection, however many the page opens.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
// Hop-by-hop headers: the browser's connection to the proxy, not the proxy's to the server.
const HOP = new Set(["connection", "keep-alive", "proxy-connection", "proxy-authorization", "te", "trailer", "upgrade"]);

const server = http.createServer((req, res) => {
  let target;
  try {
    target = new URL(req.url);
  } catch {
    res.writeHead(400, { "content-type": "text/plain" }).end(`serial-proxy: an absolute URL is expected, got ${req.url}`);
    return;
  }
  const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !HOP.has(name)));
  const upstream = http.request(
    { host: target.hostname, port: target.port || 80, path: `${target.pathname}${target.search}`, method: req.method, headers, agent },
    (answer) => {
      const back = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP.has(name)));
      res.writeHead(answer.statusCode ?? 502, back);
      answer.pipe(res);
    },
  );
  upstream.on("error", (e) => {
    if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
    res.end(`serial-proxy: ${target.host}: ${e.message}`);
  });
  req.pipe(upstream);
});

server.listen(0, "127.0.0.1", () => console.log(server.address().port));
