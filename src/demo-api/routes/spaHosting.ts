/**
 * Serves the SPA from the same origin as the API, so the session cookie behaves as in production: the built
 * bundle from dist/ (production, `--dist`), or webpack's dev middleware (development). Any GET that is not
 * under /api, /demo, /static or /assets answers index.html (client-side routes such as /cafe/cart), through
 * the host's render function (src/ssr, issue 22: store pages come rendered; `render: false` serves the page
 * as a static host does). This is the Node adapter the demo and the browser suite run.
 * The SPA loads the Stripe.js double itself (STRIPE_JS_URL) when a card panel opens, so no page pays for it.
 *
 * Every answer carries the production header set (src/hosting; Strict-Transport-Security is added by
 * demoApi.ts when PUBLIC_ORIGIN is https): from dist/headers.json, which the build
 * rendered together with the nginx and CDN configs, or, for the dev bundle, computed the same way from this
 * process's environment and the dev index.html.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Configuration } from 'webpack';
import { HOST_CONFIG_FILES } from '../../hosting/hostConfigs';
import { headerKindFor, securityHeaders, type HeaderSet } from '../../hosting/securityHeaders';
import type { RenderFault } from '../demoContext';

export interface SpaOptions {
  /** Built bundle directory (default <repo>/dist). */
  distDir?: string;
  /** Use webpack's dev middleware with webpack.config.ts in development mode instead of dist/. */
  devMiddleware?: boolean;
  /**
   * Store pages rendered by the host's render function (src/ssr), as deployed: the built one
   * (dist-server/render.mjs) beside dist/, the sources with the dev middleware. False: index.html as it is,
   * a purely static host. Default true.
   */
  render?: boolean;
  /** The built render function (default dist-server/render.mjs beside the dist directory). */
  renderModule?: string;
  /**
   * Tests only: how long a render may wait for the shop and take in all (the render's `patienceMs`; by
   * default its own 250 ms and 1.5 s). The browser suite raises it (RENDER_PATIENCE_MS): its pages must come
   * rendered however loaded the machine is. A render fault set (POST /demo/api/render) is played with the
   * production limits (issue 34).
   */
  renderPatienceMs?: number;
}

/** The host's render function: a web Request in, a web Response out (src/ssr/renderStorePage.tsx). */
type RenderStorePage = (request: Request) => Promise<Response>;
type RendererFactory = (options: {
  indexHtml: string;
  documentHeaders: Record<string, string>;
  apiBaseUrl: string;
  fetch?: typeof fetch;
  onError: (error: unknown) => void;
  patienceMs?: number;
}) => RenderStorePage;

/** The API as the render sees it under a demo fault: down (refused at once), or slower than it waits. */
const FAULTY_FETCH: Partial<Record<RenderFault, typeof fetch>> = {
  apiDown: () => Promise.reject(new TypeError('demo fault: the API is down')),
  apiSlow: (_input, init) =>
    new Promise((_resolve, reject) =>
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
    ),
};

/**
 * Loads the render function's factory from a file at run time, as a deployment does (the demo API imports
 * nothing of the app's own code).
 */
async function loadRenderer(file: string): Promise<RendererFactory> {
  const module = (await import(pathToFileURL(file).href)) as { createStorePageRenderer?: RendererFactory };
  if (typeof module.createStorePageRenderer !== 'function')
    throw new Error(`${file} has no createStorePageRenderer`);
  return module.createStorePageRenderer;
}

/** This server's own address (never the request's Host header), or '' before it listens. */
function selfOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  return typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
}

interface Template {
  indexHtml: string;
  documentHeaders: Record<string, string>;
}

/** The pages the render is warmed with: the café (every demo database has it) in each language. */
const WARM_UP_PAGES = ['/cafe?lng=se', '/cafe?lng=en', '/cafe?lng=fi'];

/**
 * Renders {@link WARM_UP_PAGES} from this server's own API as soon as it listens; a store page asked for
 * meanwhile waits for it (sendRendered). A new process's first render otherwise spent the shop request's
 * 250 ms on its own start (Node's fetch, this API's routes, React: each compiled on first use) and answered
 * the static page, as the browser suite's first store page on a fresh server did (issue 34). The render
 * server warms itself the same way before it listens (src/ssr/nodeAdapter.ts).
 *
 * @returns the warm-up once the server listens; before (`inject`), nothing to wait for
 */
function warmUpOnListen(
  app: FastifyInstance,
  createRenderer: RendererFactory,
  template: () => Promise<Template>,
): () => Promise<void> | undefined {
  let warming: Promise<void> | undefined;
  app.server.once('listening', () => {
    warming = (async () => {
      const self = selfOrigin(app);
      const render = createRenderer({ ...(await template()), apiBaseUrl: self, onError: () => undefined });
      for (const page of WARM_UP_PAGES) await (await render(new Request(self + page))).text();
    })()
      // A warm-up that fails only leaves the process as cold as it was; each of its renders has a deadline.
      .catch(() => undefined);
  });
  return () => warming;
}

/**
 * The Node adapter: answers a page request with the render function. It reads the shop from this same
 * server (its listening address, never the request's Host header).
 */
async function sendRendered(
  app: FastifyInstance,
  createRenderer: RendererFactory,
  request: FastifyRequest,
  reply: FastifyReply,
  page: Template & {
    fault: RenderFault;
    warmedUp: Promise<void> | undefined;
    patienceMs: number | undefined;
  },
): Promise<FastifyReply> {
  const self = selfOrigin(app);
  const { fault, warmedUp, patienceMs, ...template } = page;
  const render = createRenderer({
    ...template,
    apiBaseUrl: self,
    fetch: FAULTY_FETCH[fault],
    // A fault is played with the production limits (apiSlow: the shop's 250 ms).
    patienceMs: fault === 'none' ? patienceMs : undefined,
    onError: (error) => request.log.warn({ err: error }, 'store page render fell back to index.html'),
  });
  const staticPage = () =>
    reply
      .headers(template.documentHeaders)
      .header('content-type', 'text/html; charset=utf-8')
      .send(template.indexHtml);
  if (fault === 'static') return staticPage();
  // The visitor going away stops the render (its request's signal), as src/ssr/nodeAdapter.ts does.
  const gone = new AbortController();
  reply.raw.once('close', () => gone.abort(new Error('the visitor went away')));
  let response: Response;
  let html: string;
  // Before the render starts its clocks.
  await warmedUp;
  try {
    if (fault === 'renderThrows') throw new Error('demo fault: the render function throws');
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers))
      if (typeof value === 'string') headers.set(name, value);
    response = await render(
      new Request(new URL(request.url, self || 'http://127.0.0.1'), {
        method: request.method,
        headers,
        signal: gone.signal,
      }),
    );
    html = await response.text();
  } catch (error) {
    // The render function answers the static page itself on any failure; should it ever throw (or its body
    // fail), so does this.
    request.log.warn({ err: error }, 'store page render threw');
    return staticPage();
  }
  return reply.status(response.status).headers(Object.fromEntries(response.headers)).send(html);
}

/** Repository root (src/demo-api/routes/../../..). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

const RESERVED = /^\/(api|demo)(\/|$)/;
const ASSET_DIRS = /^\/(static|assets)(\/|$)/;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

function pathOf(request: FastifyRequest): string | null {
  const raw = request.url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

function notFound(reply: FastifyReply): FastifyReply {
  return reply
    .status(404)
    .header('cache-control', 'no-store')
    .send({ name: 'NOT_FOUND', errorCode: 'ROUTE_NOT_FOUND' });
}

type Middleware = ((req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void) & {
  waitUntilValid: (callback: () => void) => void;
  close: (callback: () => void) => void;
  context: { outputFileSystem: { readFileSync?: (p: string) => Buffer | string } };
};

type WebpackConfigFactory = (env: unknown, argv: { mode?: 'production' | 'development' }) => Configuration[];

/** Sets the build-time environment so the dev bundle talks only to this server (nothing leaves the machine). */
function demoBuildEnvironment(): void {
  const defaults: Record<string, string> = {
    VIVA_CHECKOUT_URL: '/demo/viva/web/checkout',
    STRIPE_JS_URL: '/demo/stripe/v3.js',
    PRODUCT_HOMEPAGE_URL: '/demo',
    BOOKKEEPING_INFO_URL: '/demo',
    RECEIPT_HOSTS: 'self',
  };
  for (const [key, value] of Object.entries(defaults)) process.env[key] ??= value;
}

async function createDevMiddleware(): Promise<Middleware> {
  demoBuildEnvironment();
  const webpack = (await import('webpack')).default;
  const devMiddleware = (await import('webpack-dev-middleware')).default;
  // webpack.config.ts is TypeScript; under tsx, require() compiles it on the fly.
  const configModule = createRequire(__filename)(path.join(REPO_ROOT, 'webpack.config.ts')) as
    { default?: WebpackConfigFactory } | WebpackConfigFactory;
  const factory = typeof configModule === 'function' ? configModule : configModule.default;
  if (!factory) throw new Error('webpack.config.ts exports no config function');
  const client = factory({}, { mode: 'development' }).find((config) => config.name === 'client');
  if (!client) throw new Error('webpack.config.ts has no client config');
  const compiler = webpack(client);
  return devMiddleware(compiler, { publicPath: '/', stats: 'errors-warnings' }) as unknown as Middleware;
}

/**
 * Registers the SPA routes. Resolves with a function that stops the dev middleware's watcher (a no-op for
 * dist/).
 */
export async function registerSpa(
  app: FastifyInstance,
  options: SpaOptions,
  renderFault: () => RenderFault = () => 'none',
): Promise<() => Promise<void>> {
  if (options.devMiddleware) {
    const middleware = await createDevMiddleware();
    // tsx compiles the sources on the fly, with this process's environment as the dev bundle's.
    const createRenderer =
      options.render === false
        ? null
        : await loadRenderer(path.join(REPO_ROOT, 'src', 'ssr', 'renderStorePage.tsx'));
    const readIndex = () =>
      new Promise<string>((resolve, reject) => {
        middleware.waitUntilValid(() => {
          try {
            const read = middleware.context.outputFileSystem.readFileSync;
            if (!read) throw new Error('webpack output file system cannot read');
            resolve(
              String(
                read.call(middleware.context.outputFileSystem, path.join(REPO_ROOT, 'dist', 'index.html')),
              ),
            );
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      });
    // The dev bundle's policy: this process's environment is the build's (demoBuildEnvironment).
    const devTemplate = async (): Promise<Template> => {
      const indexHtml = await readIndex();
      return { indexHtml, documentHeaders: securityHeaders(process.env, indexHtml).document };
    };
    const warmedUp = createRenderer ? warmUpOnListen(app, createRenderer, devTemplate) : () => undefined;
    app.get('/*', async (request, reply) => {
      const pathname = pathOf(request);
      if (pathname === null || RESERVED.test(pathname)) return notFound(reply);
      const isFile = ASSET_DIRS.test(pathname) || /\.[A-Za-z0-9]+$/.test(pathname.split('/').pop() ?? '');
      if (isFile && pathname !== '/index.html') {
        reply.hijack();
        middleware(request.raw, reply.raw, () => {
          reply.raw.statusCode = 404;
          reply.raw.setHeader('content-type', 'application/json; charset=utf-8');
          reply.raw.end(JSON.stringify({ name: 'NOT_FOUND', errorCode: 'ROUTE_NOT_FOUND' }));
        });
        return reply;
      }
      const { indexHtml, documentHeaders } = await devTemplate();
      if (createRenderer)
        return sendRendered(app, createRenderer, request, reply, {
          indexHtml,
          documentHeaders,
          fault: renderFault(),
          warmedUp: warmedUp(),
          patienceMs: options.renderPatienceMs,
        });
      return reply
        .headers(documentHeaders)
        .header('content-type', 'text/html; charset=utf-8')
        .send(indexHtml);
    });
    return () => new Promise<void>((resolve) => middleware.close(() => resolve()));
  }

  const root = path.resolve(options.distDir ?? path.join(REPO_ROOT, 'dist'));
  const indexPath = path.join(root, 'index.html');
  if (!fs.existsSync(indexPath)) throw new Error(`No built SPA at ${indexPath}; run \`npm run build\` first`);
  const headerSet = JSON.parse(fs.readFileSync(path.join(root, 'headers.json'), 'utf8')) as HeaderSet;
  const serverBundle = options.renderModule ?? path.join(path.dirname(root), 'dist-server', 'render.mjs');
  if (options.render !== false && !fs.existsSync(serverBundle))
    throw new Error(
      `No built render function at ${serverBundle}; run \`npm run build\` first (or pass --static)`,
    );
  const createRenderer = options.render === false ? null : await loadRenderer(serverBundle);
  const distTemplate = async (): Promise<Template> => ({
    indexHtml: await fs.promises.readFile(indexPath, 'utf8'),
    documentHeaders: headerSet.document,
  });
  const warmedUp = createRenderer ? warmUpOnListen(app, createRenderer, distTemplate) : () => undefined;
  app.get('/*', async (request, reply) => {
    const pathname = pathOf(request);
    if (pathname === null || RESERVED.test(pathname)) return notFound(reply);
    const file = path.resolve(root, `.${pathname}`);
    const inside = file === root || file.startsWith(root + path.sep);
    // The host's configuration files are not part of the site (nginx.conf answers the same).
    if (HOST_CONFIG_FILES.some((name) => file === path.join(root, name))) return notFound(reply);
    if (inside && file !== indexPath) {
      const stat = await fs.promises.stat(file).catch(() => null);
      if (stat?.isFile()) {
        const type = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
        return reply
          .headers(headerSet[headerKindFor(pathname)])
          .header('content-type', type)
          .send(fs.createReadStream(file));
      }
    }
    if (!inside || ASSET_DIRS.test(pathname)) return notFound(reply);
    const indexHtml = await fs.promises.readFile(indexPath, 'utf8');
    if (createRenderer)
      return sendRendered(app, createRenderer, request, reply, {
        indexHtml,
        documentHeaders: headerSet.document,
        fault: renderFault(),
        warmedUp: warmedUp(),
        patienceMs: options.renderPatienceMs,
      });
    return reply
      .headers(headerSet.document)
      .header('content-type', 'text/html; charset=utf-8')
      .send(indexHtml);
  });
  return async () => undefined;
}
