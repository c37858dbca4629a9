import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { lazy, Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { NotFoundPage } from '../../../src/app/NotFoundPage';
import { RouteErrorBoundary } from '../../../src/app/RouteErrorPage';
import { reportError } from '../../../src/shared/reporting';
import { ShopThemeProvider } from '../../../src/shared/theme/ShopThemeProvider';
import { defaultTheme } from '../../../src/shared/theme/defaultTheme';
import { testI18n } from '../../helpers/renderApp';

jest.mock('../../../src/shared/reporting', () => ({
  ...jest.requireActual('../../../src/shared/reporting'),
  reportError: jest.fn(),
}));

function Broken(): never {
  throw new Error('render failed');
}

async function renderAt(path: string) {
  const chunkError = new Error('Loading chunk 42 failed.');
  const Lazy = lazy(() => Promise.reject(chunkError));
  render(
    <I18nextProvider i18n={await testI18n()}>
      <ShopThemeProvider theme={defaultTheme}>
        <MemoryRouter initialEntries={[path]}>
          <RouteErrorBoundary>
            <Suspense fallback={null}>
              <Routes>
                <Route path="lazy" element={<Lazy />} />
                <Route path="broken" element={<Broken />} />
                <Route path="*" element={<NotFoundPage />} />
              </Routes>
            </Suspense>
          </RouteErrorBoundary>
        </MemoryRouter>
      </ShopThemeProvider>
    </I18nextProvider>,
  );
  return { chunkError };
}

beforeEach(() => {
  jest.mocked(reportError).mockClear();
  jest.spyOn(console, 'error').mockImplementation(() => undefined); // React logs caught render errors
  jest.spyOn(console, 'warn').mockImplementation(() => undefined); // and React Router unmatched paths
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('route errors (SPEC §2, §8)', () => {
  it('a screen whose code cannot load shows the generic error page and is reported once', async () => {
    const { chunkError } = await renderAt('/lazy');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(
      screen.getByText('An unexpected error occurred. Reload the page and try again.'),
    ).toBeInTheDocument();
    expect(reportError).toHaveBeenCalledTimes(1);
    expect(reportError).toHaveBeenCalledWith(chunkError, { area: 'route' });
  });

  it('a render error is reported', async () => {
    await renderAt('/broken');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ message: 'render failed' }), {
      area: 'route',
    });
  });

  it('an unknown address is the 404 page and is not reported', async () => {
    await renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(reportError).not.toHaveBeenCalled();
  });
});
