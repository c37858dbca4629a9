/**
 * A local stand-in for the error-reporting service, so a build whose SENTRY_DSN points at this server
 * (e.g. http://key@127.0.0.1:4321/1) reports without anything leaving the machine. The browser suite
 * reads what arrived to check that errors are reported, network failures are not, and no customer contact
 * details are sent. The field metrics the app sends the same way (issue 36: `transaction` items) are also
 * merged into ctx.fieldMetrics, which /demo/vitals draws.
 *
 *   POST   /api/{projectId}/envelope/   Sentry's envelope endpoint (what @sentry/browser posts)
 *   GET    /demo/error-reports          what arrived, newest last
 *   DELETE /demo/error-reports          forgets it (the field metrics stay)
 *   GET    /demo/field-metrics          the merged page views and payment attempts, and their aggregate
 *   DELETE /demo/field-metrics          forgets them
 */
import type { FastifyInstance } from 'fastify';
import type { DemoContext } from '../demoContext';
import {
  addFieldMetricsEvent,
  forgetFieldMetrics,
  summariseFieldMetrics,
} from '../fieldMetrics/aggregateFieldMetrics';

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

/**
 * Envelopes kept, of errors and of field metrics each; older ones are dropped (a crash loop must not grow
 * the demo server's memory). Counted apart, so a busy page's metrics never push out the error a test waits
 * for, nor errors the metrics.
 */
const MAX_KEPT_ENVELOPES = 200;

/** Page views, and payment attempts, kept in the merged field metrics (by trace id, oldest dropped). */
const MAX_KEPT_FIELD_METRICS = 5000;

function tryJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return line;
  }
}

/**
 * Splits an envelope: a header line, then item header and payload lines. Payload lengths are ignored,
 * which is fine for the JSON items a browser sends (events, transactions, sessions, client reports).
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

function itemType(item: EnvelopeItem): unknown {
  return typeof item.header === 'object' && item.header !== null
    ? (item.header as { type?: unknown }).type
    : undefined;
}

/** Registers the collector in its own scope (it parses any content type, the rest of the API does not). */
export async function registerReportCollector(app: FastifyInstance, ctx: DemoContext): Promise<void> {
  // Each with its arrival number, so the two lists read back as one in the order they came.
  const errors: { seq: number; envelope: ReceivedEnvelope }[] = [];
  const metrics: { seq: number; envelope: ReceivedEnvelope }[] = [];
  let seq = 0;

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
      const envelope: ReceivedEnvelope = {
        receivedAt: new Date().toISOString(),
        projectId: request.params.projectId,
        raw,
        ...parseEnvelope(raw),
      };
      const transactions = envelope.items.filter((item) => itemType(item) === 'transaction');
      for (const item of transactions)
        addFieldMetricsEvent(ctx.fieldMetrics, item.payload, MAX_KEPT_FIELD_METRICS);
      // An envelope with an error event in it is an error report, whatever else it carries.
      const list =
        transactions.length > 0 && !envelope.items.some((item) => itemType(item) === 'event')
          ? metrics
          : errors;
      seq += 1;
      list.push({ seq, envelope });
      if (list.length > MAX_KEPT_ENVELOPES) list.splice(0, list.length - MAX_KEPT_ENVELOPES);
      return {};
    },
  );

  app.get('/demo/error-reports', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { envelopes: [...errors, ...metrics].sort((a, b) => a.seq - b.seq).map((e) => e.envelope) };
  });

  app.delete('/demo/error-reports', async (_request, reply) => {
    errors.length = 0;
    metrics.length = 0;
    return reply.status(204).send();
  });

  app.get('/demo/field-metrics', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    const { pageViews, paymentAttempts } = ctx.fieldMetrics;
    return {
      pageViews: [...pageViews.values()],
      paymentAttempts: [...paymentAttempts.values()],
      aggregate: summariseFieldMetrics(ctx.fieldMetrics),
    };
  });

  app.delete('/demo/field-metrics', async (_request, reply) => {
    forgetFieldMetrics(ctx.fieldMetrics);
    return reply.status(204).send();
  });
}
