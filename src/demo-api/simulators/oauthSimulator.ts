/**
 * The bookkeeping providers' OAuth consent page, simulated (/demo/oauth/{fortnox|visma}/authorize). Approve
 * issues a one-time code and sends the browser to the SPA's callback (/integrateFortnox or /integrateVisma)
 * with `code` and `state` = URL-encoded JSON { isWeb: true, companyID, scopeState }, as the real round trip
 * does; Deny returns `error=access_denied` with the same state. For tests, `POST /demo/api/oauth/expire` lets
 * the lifetime of every code not yet redeemed run out (issue 40), so no test waits for the clock.
 */
import type { FastifyInstance } from 'fastify';
import type { Bookkeeper, IntegrationState } from '../../contract';
import type { DemoContext } from '../demoContext';
import { HTML_PAGE_HEADERS, html, htmlPage } from '../http/htmlPage';
import { newAuthorizationCode } from '../ids';
import { AUTH_CODE_TTL_MS } from '../routes/companyRoutes';
import { emptyBody } from '../routes/routeSchemas';
import { ageUnusedOauthCodes, insertOauthCode } from '../store/demoRepository';

const NAMES: Record<Bookkeeper, string> = { fortnox: 'Fortnox', visma: 'Visma eEkonomi' };
const CALLBACKS: Record<Bookkeeper, string> = { fortnox: '/integrateFortnox', visma: '/integrateVisma' };

const params = {
  type: 'object',
  required: ['bookkeeper'],
  properties: { bookkeeper: { type: 'string', enum: ['fortnox', 'visma'] } },
  additionalProperties: false,
} as const;

const fields = {
  companyId: { type: 'string', minLength: 1, maxLength: 200 },
  scopeState: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' },
} as const;

/** The callback URL for a decision. */
function callbackUrl(
  bookkeeper: Bookkeeper,
  companyId: string,
  scopeState: string,
  code: string | null,
): string {
  const state: IntegrationState = { isWeb: true, companyID: companyId, scopeState };
  const encodedState = encodeURIComponent(JSON.stringify(state));
  const first = code === null ? 'error=access_denied' : `code=${encodeURIComponent(code)}`;
  return `${CALLBACKS[bookkeeper]}?${first}&state=${encodedState}`;
}

/** Registers the consent page and its decision action. */
export function registerOauthSimulator(app: FastifyInstance, ctx: DemoContext): void {
  app.get<{ Params: { bookkeeper: Bookkeeper }; Querystring: { companyId: string; scopeState: string } }>(
    '/demo/oauth/:bookkeeper/authorize',
    {
      schema: {
        params,
        querystring: {
          type: 'object',
          required: ['companyId', 'scopeState'],
          properties: fields,
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const { bookkeeper } = request.params;
      const { companyId, scopeState } = request.query;
      const company = ctx.catalog.company(companyId);
      const name = NAMES[bookkeeper];
      if (!company) {
        return reply
          .status(404)
          .headers(HTML_PAGE_HEADERS)
          .send(
            htmlPage({
              title: `${name} – okänt företag`,
              body: html`<h1>Okänt företag</h1>
                <p>Företaget finns inte i demon.</p>`,
            }),
          );
      }
      const hidden = html`<input type="hidden" name="companyId" value="${companyId}" /><input
          type="hidden"
          name="scopeState"
          value="${scopeState}"
        />`;
      const body = html`<p class="muted">${name} (demo) – inloggad som demo@example.com</p>
        <div class="card">
          <h1>Ge Kassan åtkomst till ${company.fixture.company.name}?</h1>
          <p>
            Kassan vill läsa och skapa verifikationer, artiklar och kunder i ${name} för företaget
            <strong>${company.fixture.company.name}</strong> (${company.fixture.company.organizationnumber}).
          </p>
          <div class="buttons">
            <form method="post" action="/demo/oauth/${bookkeeper}/decision">
              ${hidden}<input type="hidden" name="decision" value="approve" /><button
                class="primary"
                type="submit"
              >
                Godkänn
              </button>
            </form>
            <form method="post" action="/demo/oauth/${bookkeeper}/decision">
              ${hidden}<input type="hidden" name="decision" value="deny" /><button type="submit">Neka</button>
            </form>
          </div>
        </div>`;
      return reply.headers(HTML_PAGE_HEADERS).send(htmlPage({ title: `${name} – godkänn åtkomst`, body }));
    },
  );

  app.post<{
    Params: { bookkeeper: Bookkeeper };
    Body: { companyId: string; scopeState: string; decision: 'approve' | 'deny' };
  }>(
    '/demo/oauth/:bookkeeper/decision',
    {
      schema: {
        params,
        body: {
          type: 'object',
          required: ['companyId', 'scopeState', 'decision'],
          properties: { ...fields, decision: { type: 'string', enum: ['approve', 'deny'] } },
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const { bookkeeper } = request.params;
      const { companyId, scopeState, decision } = request.body;
      if (!ctx.catalog.company(companyId) || decision === 'deny') {
        return reply.redirect(callbackUrl(bookkeeper, companyId, scopeState, null), 303);
      }
      const code = newAuthorizationCode();
      ctx.db.transaction(() => {
        insertOauthCode(ctx.db, { code, provider: bookkeeper, companyId, scopeState }, ctx.clock());
      });
      return reply.redirect(callbackUrl(bookkeeper, companyId, scopeState, code), 303);
    },
  );

  app.post('/demo/api/oauth/expire', { schema: { body: emptyBody } }, async () => {
    const expired = ctx.db.transaction(() => ageUnusedOauthCodes(ctx.db, AUTH_CODE_TTL_MS + 1));
    return { expired };
  });
}
