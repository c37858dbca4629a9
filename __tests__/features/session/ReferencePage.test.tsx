import { screen, waitFor, within } from '@testing-library/react';
import { NetworkError } from '../../../src/shared/api';
import { initI18n } from '../../../src/shared/i18n';
import se from '../../../translations/se.json';
import { serverSession, session, shopData } from '../../helpers/fixtures';
import { deferred, renderApp, type RenderAppOptions, headerTitle } from '../../helpers/renderApp';

const needsReference = () => {
  const base = shopData();
  return { ...base, shop: { ...base.shop, requireReference: true } };
};

async function referencePage(api: RenderAppOptions['api'] = {}) {
  const app = await renderApp('/cafe', { data: needsReference(), api });
  await screen.findByRole('heading', { level: 1, name: 'Enter your table number' });
  const input = screen.getByRole('textbox', { name: 'Table number' });
  return { ...app, input, save: screen.getByRole('button', { name: 'Save' }) };
}

describe('§2 reference page', () => {
  it('§2 has a title, one input with placeholder "01" and Save', async () => {
    const { input } = await referencePage();
    expect(input).toHaveAttribute('placeholder', '01');
    expect(within(screen.getByRole('main')).getAllByRole('textbox')).toHaveLength(1);
  });

  it('§5 Save with an empty input says "You must enter a table number", tied to the input, and sends nothing', async () => {
    const submitReference = jest.fn(() => Promise.resolve());
    const { input, save, user } = await referencePage({ submitReference });
    await user.type(input, '   ');
    await user.click(save);
    expect(await screen.findByText('You must enter a table number')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('You must enter a table number');
    expect(submitReference).not.toHaveBeenCalled();
  });

  it('§5 a reference the server does not know (404) says "Table number not found"', async () => {
    const submitReference = jest.fn(() => Promise.reject(new NetworkError('Not found', { status: 404 })));
    const { input, save, user } = await referencePage({ submitReference });
    await user.type(input, '99');
    await user.click(save);
    expect(await screen.findByText('Table number not found')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('Table number not found');
    expect(submitReference).toHaveBeenCalledWith('cafe', '99');
    expect(screen.getByRole('heading', { name: 'Enter your table number' })).toBeInTheDocument();
  });

  it('§8 another failure shows the generic error, not "not found"', async () => {
    const submitReference = jest.fn(() => Promise.reject(new NetworkError('boom', { status: 500 })));
    const { input, save, user } = await referencePage({ submitReference });
    await user.type(input, '5');
    await user.click(save);
    expect(await screen.findByText('An error occurred, please try again')).toBeInTheDocument();
    expect(screen.queryByText('Table number not found')).not.toBeInTheDocument();
  });

  it('§2 Save is disabled while the reference is being checked (one request per tap)', async () => {
    const answer = deferred();
    const submitReference = jest.fn(() => answer.promise);
    const { input, save, user } = await referencePage({ submitReference });
    await user.type(input, '12');
    await user.click(save);
    expect(save).toBeDisabled();
    await user.click(save);
    expect(submitReference).toHaveBeenCalledTimes(1);
  });

  it('§2/§7 an accepted reference loads the session and the store shows, titled with the reference', async () => {
    const submitReference = jest.fn(() => Promise.resolve());
    const getSession = jest
      .fn()
      .mockResolvedValueOnce(session())
      .mockResolvedValue(session({ orderReference: '12' }));
    const { input, save, user } = await referencePage({ submitReference, getSession });
    await user.type(input, ' 12 ');
    await user.click(save);
    expect(await screen.findByRole('heading', { name: 'Drinks' })).toBeInTheDocument();
    expect(submitReference).toHaveBeenCalledWith('cafe', '12');
    await waitFor(() => expect(getSession).toHaveBeenCalledTimes(2));
    expect(within(screen.getByRole('banner')).getByText(headerTitle('Café - 12'))).toBeInTheDocument();
  });

  it('§2: an unknown table from the address leads to the reference page, which says "Table number not found" in the page\'s language with the table prefilled to correct', async () => {
    const i18n = await initI18n({ lng: 'se', resources: { se: { translation: se } } });
    await renderApp('/cafe?table=99', {
      data: needsReference(),
      api: { getSession: serverSession(['07']) },
      i18n,
    });
    await screen.findByRole('heading', { level: 1, name: 'Ange ditt bordsnummer' });
    const input = screen.getByRole('textbox', { name: 'Bordsnummer' });
    expect(input).toHaveValue('99');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Bordsnumret hittades inte');
    // Nothing to order meanwhile: no store, no cart, no table in the header.
    expect(screen.queryByRole('heading', { name: 'Drinks' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('banner')).queryByText(/ - 99/)).not.toBeInTheDocument();
  });
});
