// Interop proof: the official `centrifuge` npm client against the sandbox's websocket.
//
// Starts the sandbox (SANDBOX_BIN, else `cargo run -p croupier-sandbox`) on a free port with
// --control and an in-memory DB, then checks connect/subscribe/publication, per-player
// channels, permission denial, expired-token refresh, server pings and reconnect after a
// dropped socket. Prints one result line and exits non-zero on any failure.

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import assert from 'node:assert/strict';
import { Centrifuge } from 'centrifuge';
import WebSocket from 'ws';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TIMEOUT_MS = 5000;

function startSandbox() {
  const args = ['--port', '0', '--db', ':memory:', '--control', '--fast-hash', '--ws-ping', '2'];
  const child = process.env.SANDBOX_BIN
    ? spawn(process.env.SANDBOX_BIN, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn('cargo', ['run', '-q', '-p', 'croupier-sandbox', '--', ...args], {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sandbox did not start:\n${stderr}`)), 300_000);
    child.on('exit', (code) => reject(new Error(`sandbox exited with ${code}:\n${stderr}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const m = /^sandbox listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve({ child, base: m[1] });
      }
    });
  });
}

function withTimeout(promise, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

// Like events.once, but an 'error' event (which the client emits for recoverable problems,
// e.g. a 109 before it refreshes the token) doesn't reject it. Resolves with [ctx].
function once(emitter, event) {
  return new Promise((resolve) => emitter.once(event, (...args) => resolve(args)));
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Poll `done` (sync or async) every 50 ms until it holds; fail after `ms`.
async function until(what, done, ms = TIMEOUT_MS) {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

async function api(base, method, url, body, token) {
  const res = await fetch(base + url, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

let emailSeq = 0;
async function register(base) {
  const email = `interop${++emailSeq}-${process.pid}@example.com`;
  const r = await api(base, 'POST', '/api/player/register', {
    email,
    password: 'interop-pass',
    currency: 'USD',
    agreements: true,
  });
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return { token: r.body.accessToken, id: r.body.profile.id };
}

function client(base, opts = {}) {
  return new Centrifuge(`${base.replace('http://', 'ws://')}/api/connection/websocket`, {
    websocket: WebSocket,
    minReconnectDelay: 100,
    maxReconnectDelay: 500,
    ...opts,
  });
}

const checks = {
  async 'guest receives a global:online publication'(base) {
    const c = client(base);
    try {
      const sub = c.newSubscription('global:online');
      const got = once(sub, 'publication');
      sub.subscribe();
      c.connect();
      await withTimeout(sub.ready(), 'subscribed');
      const r = await api(base, 'POST', '/api/_control/publish', {
        channel: 'global:online',
        data: { online: 42 },
      });
      assert.equal(r.body.delivered, 1);
      const [ctx] = await withTimeout(got, 'publication');
      assert.deepEqual(ctx.data, { online: 42 });
    } finally {
      c.disconnect();
    }
  },

  async 'player gets own wallet pushes, foreign channel is denied (103)'(base) {
    const me = await register(base);
    const other = await register(base);
    const c = client(base, { token: me.token });
    try {
      const own = c.newSubscription(`wallet:accounts#${me.id}`);
      const foreign = c.newSubscription(`wallet:accounts#${other.id}`);
      const pub = once(own, 'publication');
      const denied = once(foreign, 'unsubscribed');
      own.subscribe();
      foreign.subscribe();
      c.connect();
      await withTimeout(own.ready(), 'own subscription');
      const [unsub] = await withTimeout(denied, 'denial');
      assert.equal(unsub.code, 103);

      const r = await api(base, 'POST', '/api/_control/balance', { playerId: me.id, balance: '77.10' });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      const [ctx] = await withTimeout(pub, 'wallet publication');
      assert.equal(ctx.data.balance, '77.10');
      assert.equal(ctx.data.currency, 'USD');
      assert.equal(ctx.data.status, 1);
    } finally {
      c.disconnect();
    }
  },

  async 'expired token: 109, getToken refresh, then connected'(base) {
    await api(base, 'POST', '/api/_control/token-ttl', { seconds: 1 });
    const me = await register(base);
    await api(base, 'POST', '/api/_control/token-ttl', { seconds: 3600 });
    // Until the server itself refuses the token (its one second has run out), not a pause.
    await until('the token to expire', async () => (await api(base, 'GET', '/api/player/profile', undefined, me.token)).status === 401);
    let refreshed = 0;
    const c = client(base, {
      token: me.token,
      getToken: async () => {
        refreshed += 1;
        const r = await api(base, 'POST', '/api/player/sessions/refresh', {}, me.token);
        assert.equal(r.status, 200);
        return r.body.accessToken;
      },
    });
    try {
      const connected = once(c, 'connected');
      c.connect();
      await withTimeout(connected, 'connected after refresh');
      assert.equal(refreshed, 1);
    } finally {
      c.disconnect();
    }
  },

  async 'client answers server pings and survives them'(base) {
    // The server's `{}` pings as this client's socket receives them.
    const seen = { pings: 0 };
    class CountingSocket extends WebSocket {
      constructor(...args) {
        super(...args);
        this.addEventListener('message', (e) => {
          for (const line of String(e.data).split('\n')) if (line.trim() === '{}') seen.pings += 1;
        });
      }
    }
    const c = client(base, { websocket: CountingSocket });
    let disconnects = 0;
    c.on('connecting', () => {
      disconnects += 1;
    });
    try {
      const connected = once(c, 'connected');
      c.connect();
      await withTimeout(connected, 'connected');
      const before = disconnects;
      // The server pings every 2 s and, at its next tick, closes a socket whose pong did not
      // come ("no pong") instead of pinging again: a third ping proves two pongs arrived.
      await until('three server pings', () => seen.pings >= 3, 20_000);
      assert.equal(c.state, 'connected');
      assert.equal(disconnects, before);
    } finally {
      c.disconnect();
    }
  },

  async 'dropped socket: client reconnects and resubscribes'(base) {
    const c = client(base);
    try {
      const sub = c.newSubscription('global:online');
      sub.subscribe();
      c.connect();
      await withTimeout(sub.ready(), 'subscribed');
      const reconnected = once(c, 'connected');
      const r = await api(base, 'POST', '/api/_control/drop-sockets');
      assert.ok(r.body.dropped >= 1);
      await withTimeout(reconnected, 'reconnect');
      await withTimeout(sub.ready(), 'resubscribed');
      const got = once(sub, 'publication');
      await api(base, 'POST', '/api/_control/publish', { channel: 'global:online', data: { n: 1 } });
      const [ctx] = await withTimeout(got, 'publication after reconnect');
      assert.deepEqual(ctx.data, { n: 1 });
    } finally {
      c.disconnect();
    }
  },
};

async function main() {
  const { child, base } = await startSandbox();
  let passed = 0;
  let failed = 0;
  try {
    for (const [name, check] of Object.entries(checks)) {
      try {
        await check(base);
        passed += 1;
        console.log(`ok - ${name}`);
      } catch (e) {
        failed += 1;
        console.log(`not ok - ${name}: ${e instanceof Error ? e.stack : JSON.stringify(e)}`);
      }
    }
  } finally {
    child.kill('SIGTERM');
  }
  console.log(`interop: ${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

main().catch((e) => {
  console.log(`interop: 0 passed, 1 failed (${e?.message ?? e})`);
  process.exit(1);
});
