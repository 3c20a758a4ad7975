import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicCertificate, RegisterBody } from '@certs/shared/public-register/public-register.contract';
import { jsonResponse, stubFetch, type RecordedCall } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { CertificateVerification } from './certificate-verification';
import { RegisterPage } from './register-page';

const SEARCH = '/unauth/application/companyreports/search';
const AU: RegisterBody = { name: 'Welding Certification Board', shortName: 'wcb' };
const NZ: RegisterBody = { name: 'Welding Certification New Zealand', shortName: 'wcnz' };

function row(issuingBody: string): PublicCertificate {
  return { name: 'Kiri Holder', programCode: 'C-WELD-SUP', programTitle: 'Welding Supervisor', certificateNumber: `C-${issuingBody.length}`, awardDate: '2026-02-03', expiresOn: null, status: 'current', designations: [], issuingBody, issuingBodyLogoUrl: null };
}

/** The personnel search page at `route`, its server listing `bodies`; every search answers one NZ row. */
function renderPage(bodies: RegisterBody[], route = '/personnel-search') {
  const { calls } = stubFetch((call) => (call.url.endsWith('/unauth/accounts') ? jsonResponse(bodies) : jsonResponse({ rows: [row(NZ.name)], page: 1, pageSize: 10, totalRows: 1 })));
  const { router } = renderWithProviders(null, { route, routes: [{ path: '/personnel-search', element: <RegisterPage register="search" title="Personnel search" summary="The register." /> }] });
  return { user: userEvent.setup(), calls, router };
}

const searches = (calls: RecordedCall[]) => calls.filter((call) => call.url === SEARCH);

async function searchFor(user: ReturnType<typeof userEvent.setup>, term: string) {
  await user.type(screen.getByRole('textbox', { name: 'Search for' }), term);
  await user.click(screen.getByRole('button', { name: 'Search' }));
  return screen.findByRole('table', { name: 'Personnel search results' });
}

describe('the register page with several awarding bodies', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('looks as before with one body: no body filter, no body column, every search of all', async () => {
    const { user, calls } = renderPage([AU]);
    await vi.waitFor(() => expect(calls.some((call) => call.url.endsWith('/unauth/accounts'))).toBe(true));
    const table = await searchFor(user, 'Holder');
    expect(screen.queryByRole('combobox', { name: 'Awarding body' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Awarding Body' })).not.toBeInTheDocument();
    expect(searches(calls)[0]?.body).toEqual({ searchTerm: 'Holder', currentPage: 1, perPageCount: 10 });
  });

  it('offers the bodies, searches all of them by default and names the body of each row', async () => {
    const { user, calls } = renderPage([AU, NZ]);
    const filter = await screen.findByRole('combobox', { name: 'Awarding body' });
    expect(within(filter).getAllByRole('option').map((option) => option.textContent)).toEqual(['All awarding bodies', AU.name, NZ.name]);
    expect(filter).toHaveValue('');
    const table = await searchFor(user, 'Holder');
    expect(within(table).getByRole('columnheader', { name: 'Awarding Body' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: NZ.name })).toBeInTheDocument();
    expect(searches(calls)[0]?.body).not.toHaveProperty('accountShortName');
  });

  it("preselects the body a link names, searches only its register, and keeps the choice in the address", async () => {
    const { user, calls, router } = renderPage([AU, NZ], '/personnel-search?body=wcnz');
    const filter = await screen.findByRole('combobox', { name: 'Awarding body' });
    expect(filter).toHaveValue('wcnz');
    await searchFor(user, 'Holder');
    expect(searches(calls)[0]?.body).toMatchObject({ searchTerm: 'Holder', accountShortName: 'wcnz' });

    await user.selectOptions(filter, 'All awarding bodies');
    expect(router.state.location.search).toBe('');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(searches(calls)).toHaveLength(2));
    expect(searches(calls)[1]?.body).not.toHaveProperty('accountShortName');
    await user.selectOptions(filter, AU.name);
    expect(router.state.location.search).toBe('?body=wcb');
  });

  it('searches every body when a link names a body that is not on the platform', async () => {
    const { user, calls } = renderPage([AU, NZ], '/personnel-search?body=gone');
    expect(await screen.findByRole('combobox', { name: 'Awarding body' })).toHaveValue('');
    await searchFor(user, 'Holder');
    expect(searches(calls)[0]?.body).not.toHaveProperty('accountShortName');
  });
});

describe('the verification page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the awarding body that issued the certificate', async () => {
    stubFetch(() => jsonResponse(row(NZ.name)));
    renderWithProviders(<CertificateVerification certificateNumber="C-32" />);
    const issuedBy = await screen.findByText('Issued by');
    expect(issuedBy.nextElementSibling).toHaveTextContent(NZ.name);
    // A body without a logo shows its name alone.
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it("shows the body's logo beside its name when it has one", async () => {
    const logoUrl = '/unauth/accounts/wcnz/logo?v=0b7c1d2e';
    stubFetch(() => jsonResponse({ ...row(NZ.name), issuingBodyLogoUrl: logoUrl }));
    renderWithProviders(<CertificateVerification certificateNumber="C-32" />);
    const issuedBy = await screen.findByText('Issued by');
    const body = issuedBy.nextElementSibling as HTMLElement;
    expect(body).toHaveTextContent(NZ.name);
    expect(within(body).getByRole('img', { name: `${NZ.name} logo` })).toHaveAttribute('src', logoUrl);
  });

  it('shows the logo beside the body in the register results', async () => {
    const logoUrl = '/unauth/accounts/wcnz/logo?v=0b7c1d2e';
    stubFetch((call) => (call.url.endsWith('/unauth/accounts') ? jsonResponse([AU, NZ]) : jsonResponse({ rows: [{ ...row(NZ.name), issuingBodyLogoUrl: logoUrl }], page: 1, pageSize: 10, totalRows: 1 })));
    renderWithProviders(null, { route: '/personnel-search', routes: [{ path: '/personnel-search', element: <RegisterPage register="search" title="Personnel search" summary="The register." /> }] });
    const user = userEvent.setup();
    await screen.findByRole('combobox', { name: 'Awarding body' });
    const table = await searchFor(user, 'Holder');
    const cell = within(table).getByRole('cell', { name: new RegExp(NZ.name) });
    expect(within(cell).getByRole('img', { name: `${NZ.name} logo` })).toHaveAttribute('src', logoUrl);
  });
});
