/**
 * A real HTTP server on 127.0.0.1 (port 0) for the API edge tests. Each test sets `reply`; every request is
 * recorded with its raw URL, headers and body.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Raw request target as sent, e.g. '/api/v2/webshop/a%20b?table=1'. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

type Reply =
  | { status: number; json: unknown }
  | { status: number; text?: string; contentType?: string }
  /** Never answers (for abort tests). */
  | { hang: true }
  /** Sends headers and part of a body, then cuts the connection. */
  | { cutAfterHeaders: true };

export interface TestServer {
  baseUrl: string;
  requests: RecordedRequest[];
  /** The reply for the next requests; defaults to an empty 200. */
  reply: (req: RecordedRequest) => Reply;
  close(): Promise<void>;
}

/** Starts the server; close it in afterAll. */
export async function startTestServer(): Promise<TestServer> {
  const state: TestServer = {
    baseUrl: '',
    requests: [],
    reply: () => ({ status: 200 }),
    close: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      state.requests.push(recorded);
      const reply = state.reply(recorded);
      if ('hang' in reply) return;
      if ('cutAfterHeaders' in reply) {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '1000' });
        res.write('{"paymentId":', () => res.destroy());
        return;
      }
      if ('json' in reply) {
        res.writeHead(reply.status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(reply.json));
        return;
      }
      res.writeHead(reply.status, { 'Content-Type': reply.contentType ?? 'text/plain; charset=utf-8' });
      res.end(reply.text ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.baseUrl = `http://127.0.0.1:${port}`;
  state.close = () =>
    new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((err) => (err ? reject(err) : resolve()));
    });
  return state;
}

/** A port nothing listens on: bind, note the port, close. */
export async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
