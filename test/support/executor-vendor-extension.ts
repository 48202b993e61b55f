import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

async function body(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return text;
}

/** One PUT the vendor's new endpoint received. */
export interface SpecialRequestCall {
  bookingId: string;
  idempotencyKey: string | undefined;
  specialRequests: string;
  replayed: boolean;
}

/**
 * The vendor's API after the change: the new endpoint served here (special requests kept per booking, replayed
 * per Idempotency-Key), getBooking enriched with them, everything else passed through to the sandbox.
 */
export async function startVendorApi(sandboxUrl: string) {
  const requests = new Map<string, string>();
  const replies = new Map<string, string>();
  const calls: SpecialRequestCall[] = [];
  const forward = (method: string, url: string, incoming: IncomingMessage['headers'], text: string) => {
    const headers = Object.fromEntries(
      Object.entries(incoming).filter(
        (e): e is [string, string] => typeof e[1] === 'string' && e[0] !== 'host',
      ),
    );
    return fetch(`${sandboxUrl}${url}`, { method, headers, ...(text ? { body: text } : {}) });
  };
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await body(req);
    const put = /^\/bookings\/(bk_[a-z0-9]+)\/special-requests$/.exec(req.url ?? '');
    const get = /^\/bookings\/(bk_[a-z0-9]+)$/.exec(req.url ?? '');
    if (req.method === 'PUT' && put?.[1]) {
      const key =
        typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;
      const value = String(JSON.parse(text).specialRequests ?? '');
      const replay = key ? replies.get(key) : undefined;
      calls.push({
        bookingId: put[1],
        idempotencyKey: key,
        specialRequests: value,
        replayed: replay !== undefined,
      });
      if (replay === undefined) requests.set(put[1], value);
      const auth = { authorization: req.headers.authorization };
      const booking = await (await forward('GET', `/bookings/${put[1]}`, auth, '')).text();
      const reply = replay ?? JSON.stringify({ ...JSON.parse(booking), specialRequests: value });
      if (key) replies.set(key, reply);
      res.writeHead(200, { 'content-type': 'application/json' }).end(reply);
      return;
    }
    const upstream = await forward(req.method ?? 'GET', req.url ?? '/', req.headers, text);
    const payload = await upstream.text();
    if (req.method === 'GET' && get?.[1] && upstream.ok) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ...JSON.parse(payload), specialRequests: requests.get(get[1]) ?? '' }));
      return;
    }
    res.writeHead(upstream.status, Object.fromEntries(upstream.headers)).end(payload);
  }
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => res.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
