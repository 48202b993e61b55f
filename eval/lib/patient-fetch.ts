import { request } from 'node:http';

/**
 * A fetch over node:http without a response deadline, for the relay: a planning request waits while a person
 * answers each model call, which can take longer than the 300 s Node's fetch waits for response headers.
 * Loopback HTTP only (the local gateway); enough of fetch for ServiceClient: method, headers, text body.
 */
export const patientFetch: typeof fetch = async function patientFetch(input, init) {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const headers = Object.fromEntries(new Headers(init?.headers).entries());
  const body = typeof init?.body === 'string' ? init.body : undefined;
  return new Promise<Response>((resolve, reject) => {
    const req = request(url, { method: init?.method ?? 'GET', headers, timeout: 0 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const responseHeaders = new Headers();
        for (const [k, v] of Object.entries(res.headers))
          if (typeof v === 'string') responseHeaders.set(k, v);
        resolve(
          new Response(Buffer.concat(chunks), { status: res.statusCode ?? 500, headers: responseHeaders }),
        );
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
};
