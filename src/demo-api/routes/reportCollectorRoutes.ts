/**
 * A local stand-in for the error-reporting service, so a build whose SENTRY_DSN points at this server
 * (e.g. http://key@127.0.0.1:4321/1) reports without anything leaving the machine. The browser suite
 * reads what arrived to check that errors are reported, network failures are not, and no customer contact
 * details are sent.
 *
 *   POST   /api/{projectId}/envelope/   Sentry's envelope endpoint (what @sentry/browser posts)
 *   GET    /demo/error-reports          what arrived, newest last
 *   DELETE /demo/error-reports          forgets it
 */
import type { FastifyInstance } from 'fastify';

/** One item of an envelope: its header (type, length …) and its payload (JSON when it is JSON). */
interface EnvelopeItem {
  header: unknown;
  payload: unknown;
}

/** An envelope as received. `raw` is kept so a test can search everything that was sent. */
interface ReceivedEnvelope {
  receivedAt: string;
  projectId: string;
  header: unknown;
  items: EnvelopeItem[];
  raw: string;
}

/** Envelopes kept; older ones are dropped (a crash loop must not grow the demo server's memory). */
const MAX_KEPT_ENVELOPES = 200;

function tryJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return line;
  }
}

/**
 * Splits an envelope: a header line, then item header and payload lines. Payload lengths are ignored,
 * which is fine for the JSON items a browser sends (events, sessions, client reports).
 *
 * @param raw - the request body
 * @returns the envelope header and its items
 */
function parseEnvelope(raw: string): { header: unknown; items: EnvelopeItem[] } {
  const lines = raw.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const header = tryJson(lines[0] ?? '');
  const items: EnvelopeItem[] = [];
  for (let i = 1; i < lines.length; i += 2) {
    items.push({ header: tryJson(lines[i] ?? ''), payload: tryJson(lines[i + 1] ?? '') });
  }
  return { header, items };
}

/** Registers the collector in its own scope (it parses any content type, the rest of the API does not). */
export async function registerReportCollector(app: FastifyInstance): Promise<void> {
  const received: ReceivedEnvelope[] = [];

  // The SDK posts text/plain (or no type at all for binary envelopes) to avoid a CORS preflight.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => {
    done(null, Buffer.isBuffer(body) ? body.toString('utf8') : String(body));
  });

  app.post<{ Params: { projectId: string } }>(
    '/api/:projectId/envelope/',
    {
      schema: {
        params: {
          type: 'object',
          required: ['projectId'],
          properties: { projectId: { type: 'string', pattern: '^[0-9]{1,20}$' } },
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      received.push({
        receivedAt: new Date().toISOString(),
        projectId: request.params.projectId,
        raw,
        ...parseEnvelope(raw),
      });
      if (received.length > MAX_KEPT_ENVELOPES) received.splice(0, received.length - MAX_KEPT_ENVELOPES);
      return {};
    },
  );

  app.get('/demo/error-reports', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { envelopes: received };
  });

  app.delete('/demo/error-reports', async (_request, reply) => {
    received.length = 0;
    return reply.status(204).send();
  });
}
