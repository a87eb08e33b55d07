import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, Route, Switch, useLocation, useSearch } from 'wouter';
import { ApiError, api } from '../../lib/api-client';
import { MemoryRouter } from '../../lib/navigation';
import { card, sessionUser } from '../../test/payment-fixtures';
import { renderWithProviders } from '../../test/render';
import type { ApplicationPage, LeaseApplication } from './api/types';
import { ApplicationFormPage } from './application-form-page';
import { APP_ID, application, barePage, fullPage, property } from './test/fixtures';

vi.mock('../../lib/api-client', async (original) => (await import('../../test/api-client-mock')).mockApiClient(original));
vi.mock('../../lib/use-session-user', () => ({ useSessionUser: () => sessionUser }));
const notified = vi.hoisted(() => vi.fn());
vi.mock('../../components/notify', () => ({ notifySuccess: notified, notifyInfo: vi.fn(), notifyError: vi.fn() }));

// whole multi-step journeys: more than the default 5 s on a busy machine
vi.setConfig({ testTimeout: 30_000 });

const get = vi.mocked(api.get);
const post = vi.mocked(api.post);

let page: ApplicationPage;
let app: LeaseApplication;

function Where() {
  const [pathname] = useLocation();
  const search = useSearch();
  return <div data-testid="where">{pathname + (search ? `?${search}` : '')}</div>;
}

function mockServer() {
  get.mockImplementation(async (path: string) => {
    if (path === `/lease_application_page/name/${page.name}`) return page;
    if (path.startsWith('/lease_application_page/name/')) throw new ApiError(404, 'RM_ERROR_RECORD_NOT_FOUND', 'Not found');
    if (path === '/lease_application/new') return app;
    if (path === `/lease_application/${app.id}`) return app;
    if (path.startsWith('/lease_application/')) throw new ApiError(404, 'RM_ERROR_RECORD_NOT_FOUND', 'Not found');
    if (path.endsWith('/paymentmethods')) return { records: [card()] };
    throw new Error(`unexpected GET ${path}`);
  });
  post.mockImplementation(async (path: string, body: unknown) => {
    if (path.endsWith('/properties')) return { records: [property], totalPages: 1, totalRecords: 1, page: 1 };
    if (path === '/lease_application/saveforlater') {
      app = { ...app, ...(body as object), status: 'IN_PROGRESS', progress: 25 } as LeaseApplication;
      return app;
    }
    if (path === '/calculatefeewithfeeprofile')
      return { amount: 35, feeAmount: 1.02, total: 36.02, currency: 'CAD', feeProfile: null };
    if (path === `/lease_application/${app.id}/submit`) {
      app = { ...app, status: 'PENDING', submittedAt: '2026-11-26T10:00:00Z' };
      return app;
    }
    throw new Error(`unexpected POST ${path}`);
  });
}

async function renderForm(url = `/apply/${page.name}?applicationId=${app.id}`, lang: 'en' | 'fr' = 'en') {
  const user = userEvent.setup();
  const view = await renderWithProviders(
    <Switch>
      <Route path="/apply/:signupPage">
        <ApplicationFormPage fetchDelayMs={0} />
        <Where />
        <Link to="/customer/dashboard">Dashboard</Link>
      </Route>
      <Route path="*">
        <Where />
      </Route>
    </Switch>,
    { lang, router: (ui) => <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter> },
  );
  return { user, ...view };
}

const stepCount = () => screen.findByTestId('application-step-count');

beforeEach(() => {
  page = fullPage();
  app = application();
  vi.clearAllMocks();
  mockServer();
});

describe('application form: steps from the template', () => {
  it('shows every step of a full template, with the fee and the verification consent', async () => {
    await renderForm();
    expect(await stepCount()).toHaveTextContent('Step 1 of 12: Applicant');
    const nav = screen.getByRole('navigation', { name: 'Application steps' });
    for (const name of [
      'Address history',
      'Employment',
      'Personal references',
      'Other information',
      'Emergency contact',
      'Additional questions',
      'Verification consent',
      'Application fee',
      'Review and terms',
    ]) {
      expect(within(nav).getByText(name)).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { level: 2, name: 'Applicant' })).toBeInTheDocument();
    expect(screen.getByLabelText(/First name/)).toHaveValue('Camille');
  });

  it('shows only the always-asked steps of a template without sections 3/5/6/7/8 and without fee', async () => {
    page = barePage();
    app = application({ pageName: 'plain' });
    await renderForm();
    expect(await stepCount()).toHaveTextContent('Step 1 of 4: Applicant');
    const nav = screen.getByRole('navigation', { name: 'Application steps' });
    expect(within(nav).queryByText('Address history')).not.toBeInTheDocument();
    expect(within(nav).queryByText('Application fee')).not.toBeInTheDocument();
    expect(within(nav).getByText('Other occupants')).toBeInTheDocument();
  });

  // issue 21 §1: the form's figure is the saved application's by the domain's one rule (not a second number)
  it('resumes at the saved step with the saved application’s progress', async () => {
    app = application({
      status: 'IN_PROGRESS',
      currentStep: 'occupants',
      acknowledgedTerms: true,
      propertyId: 'p1',
      phone: '6045550142',
      progress: 38,
    });
    await renderForm();
    expect(await stepCount()).toHaveTextContent('Step 4 of 12: Other occupants');
    // 3 of 11 sections (the page's: 3 + 1 + 5 template sections + fee + identity&income), whatever `progress` says
    expect(screen.getByTestId('application-progress')).toHaveTextContent('27% complete');
  });
});

describe('application form: Next', () => {
  it('is blocked by a missing required field, with its message, and saves nothing', async () => {
    const { user } = await renderForm();
    await stepCount();
    const firstName = screen.getByLabelText(/First name/);
    await user.clear(firstName);
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Required Field')).toBeInTheDocument();
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(firstName).toHaveFocus());
    expect(post).not.toHaveBeenCalledWith('/lease_application/saveforlater', expect.anything());
    expect(screen.getByTestId('application-step-count')).toHaveTextContent('Step 1 of 12');
  });

  it('saves the step and moves on, focusing the next step heading', async () => {
    const { user } = await renderForm();
    await stepCount();
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Property' })).toHaveFocus();
    expect(post).toHaveBeenCalledWith(
      '/lease_application/saveforlater',
      expect.objectContaining({ id: APP_ID, currentStep: 'property', firstName: 'Camille', phone: '6045550142' }),
    );
    // the saved answers by the one rule (the phone: 1 of 11 sections), not the stub's `progress: 25`
    expect(screen.getByTestId('application-progress')).toHaveTextContent('9% complete');
  });

  it('requires a property, then takes the one chosen from the search', async () => {
    app = application({ currentStep: 'property' });
    const { user } = await renderForm();
    await screen.findByRole('heading', { level: 2, name: 'Property' });
    await screen.findByRole('radio', { name: /Harbourview Towers/ });
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Required Field')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: /Harbourview Towers/ })).toHaveFocus());
    await user.click(screen.getByRole('radio', { name: /Harbourview Towers/ }));
    expect(screen.getByTestId('chosen-property')).toHaveTextContent('Harbourview Towers');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await screen.findByRole('heading', { level: 2, name: 'Address history' });
    expect(post).toHaveBeenCalledWith(
      '/lease_application/saveforlater',
      expect.objectContaining({ propertyId: 'p-1', currentStep: 'addresses' }),
    );
  });

  it('asks for at least one address on the address history step', async () => {
    app = application({ currentStep: 'addresses', propertyId: 'p-1' });
    const { user } = await renderForm();
    await screen.findByRole('heading', { level: 2, name: 'Address history' });
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/address/i);
    await user.click(screen.getByRole('button', { name: 'Add an address' }));
    expect(screen.getByRole('group', { name: 'Address 1' })).toBeInTheDocument();
    // only the asked fields of section 3
    expect(screen.queryByLabelText('Suite or unit')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Months at this address/)).toBeInTheDocument();
  });
});

describe('application form: save for later', () => {
  it('sends the draft and the current step, says so and goes to the dashboard', async () => {
    app = application({ currentStep: 'occupants' });
    const { user } = await renderForm();
    await screen.findByRole('heading', { level: 2, name: 'Other occupants' });
    await user.click(screen.getByRole('button', { name: 'Add an occupant' }));
    await user.type(screen.getByLabelText(/Full name/), 'Sam Tremblay');
    await user.type(screen.getByLabelText('Age'), '34');
    await user.click(screen.getByRole('button', { name: 'Save for later' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/customer/dashboard'));
    const body = post.mock.calls.find(([path]) => path === '/lease_application/saveforlater')?.[1] as Record<string, unknown>;
    expect(body).toMatchObject({
      id: APP_ID,
      currentStep: 'occupants',
      firstName: 'Camille',
      otherOccupants: [{ names: 'Sam Tremblay', age: 34 }],
    });
    expect(notified).toHaveBeenCalledWith('Application saved');
  });

  it('puts the server fieldErrors on their fields, on their step, with the message', async () => {
    app = application({ currentStep: 'property' });
    post.mockImplementation(async (path: string) => {
      if (path.endsWith('/properties')) return { records: [property], totalPages: 1, totalRecords: 1, page: 1 };
      throw new ApiError(400, 'RM_ERROR_RECORD_VALIDATION', 'Phone is invalid', [
        { field: 'phone', message: 'Invalid phone number' },
      ]);
    });
    const { user } = await renderForm();
    await screen.findByRole('heading', { level: 2, name: 'Property' });
    await user.click(screen.getByRole('button', { name: 'Save for later' }));
    expect(await screen.findByText('Invalid phone number')).toBeInTheDocument();
    expect(screen.getByTestId('application-step-count')).toHaveTextContent('Step 1 of 12: Applicant');
    expect(screen.getByRole('alert')).toHaveTextContent('Phone is invalid');
    expect(screen.getByTestId('where')).toHaveTextContent('/apply/harbourview');
  });
});

describe('application form: leaving', () => {
  it('leaves at once when nothing has changed', async () => {
    const { user } = await renderForm();
    await stepCount();
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/customer/dashboard');
  });

  it('confirms first once an answer has changed', async () => {
    const { user } = await renderForm();
    await stepCount();
    await user.type(screen.getByLabelText(/Middle name/), 'Marie');
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave the application?' });
    expect(within(dialog).getByRole('button', { name: 'Stay' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/apply/harbourview');
    expect(screen.getByLabelText(/Middle name/)).toHaveValue('Marie');
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/customer/dashboard'));
  });
});

describe('application form: submit', () => {
  const complete = (over: Partial<LeaseApplication> = {}) =>
    application({
      pageName: 'plain',
      status: 'IN_PROGRESS',
      currentStep: 'terms',
      propertyId: 'p-1',
      joins: { property, lap: null, screenings: [], incomeVerification: null },
      ...over,
    });

  it('submits once (the button is disabled while it runs) and shows the confirmation', async () => {
    page = barePage();
    app = complete();
    let release: (value: LeaseApplication) => void = () => {};
    post.mockImplementation(async (path: string) => {
      if (path === `/lease_application/${APP_ID}/submit`) {
        return new Promise<LeaseApplication>((resolve) => {
          release = resolve;
        });
      }
      throw new Error(`unexpected POST ${path}`);
    });
    const { user } = await renderForm();
    await screen.findByRole('heading', { level: 2, name: 'Review and terms' });
    expect(screen.getByTestId('application-review')).toHaveTextContent('Harbourview Towers');
    // the terms must be acknowledged first
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    const terms = screen.getByRole('checkbox', { name: /I confirm my answers/ });
    await waitFor(() => expect(terms).toHaveFocus());
    expect(terms).toHaveAttribute('aria-invalid', 'true');
    expect(post).not.toHaveBeenCalled();
    await user.click(terms);
    const submit = screen.getByRole('button', { name: 'Submit application' });
    await user.click(submit);
    await waitFor(() => expect(screen.getByRole('button', { name: /Submitting/ })).toBeDisabled());
    await user.click(screen.getByRole('button', { name: /Submitting/ }));
    const calls = post.mock.calls.filter(([path]) => path === `/lease_application/${APP_ID}/submit`);
    expect(calls).toHaveLength(1);
    const [, body, opts] = calls[0] ?? [];
    expect(body).toMatchObject({ acknowledgedTerms: true, propertyId: 'p-1' });
    expect((opts as { headers: Record<string, string> }).headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    release({ ...app, status: 'PENDING' });
    expect(await screen.findByTestId('application-submitted')).toHaveTextContent('screening is under way');
    expect(screen.getByTestId('application-status')).toHaveTextContent('SUBMITTED');
    expect(screen.getByRole('link', { name: 'Go to my applications' })).toHaveAttribute('href', '/customer/application');
  });

  it('sends every step back to the first one missing an answer', async () => {
    page = barePage();
    app = complete({ propertyId: null, joins: null });
    const { user } = await renderForm();
    await screen.findByRole('heading', { level: 2, name: 'Review and terms' });
    await user.click(screen.getByRole('checkbox', { name: /I confirm my answers/ }));
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Property' })).toBeInTheDocument();
    expect(await screen.findByText('Required Field')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalledWith(`/lease_application/${APP_ID}/submit`, expect.anything(), expect.anything());
  });

  it('pays the fee with the chosen method; a refused payment shows the message and keeps the form', async () => {
    page = fullPage({
      sections: { '3': {}, '5': {}, '6': {}, '7': {}, '8': {} },
      customFields: [],
      identityVerificationEnabled: false,
    });
    app = complete({ pageName: 'harbourview', currentStep: 'fee' });
    post.mockImplementation(async (path: string, body: unknown) => {
      if (path === '/calculatefeewithfeeprofile')
        return { amount: 35, feeAmount: 1.02, total: 36.02, currency: 'CAD', feeProfile: null };
      if (path === '/lease_application/saveforlater') return { ...app, ...(body as object) };
      if (path === `/lease_application/${APP_ID}/submit`)
        throw new ApiError(402, 'RM_ERROR_PAYMENT_DECLINED', 'Your card was declined.');
      throw new Error(`unexpected POST ${path}`);
    });
    const { user } = await renderForm();
    await screen.findByRole('heading', { level: 2, name: 'Application fee' });
    expect(screen.getByTestId('application-fee-amount')).toHaveTextContent('$35.00');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Required Field')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Visa/ }));
    expect(await screen.findByTestId('application-service-fee')).toHaveTextContent('$36.02');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await screen.findByRole('heading', { level: 2, name: 'Review and terms' });
    await user.click(screen.getByRole('checkbox', { name: /I confirm my answers/ }));
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Payment declined');
    expect(alert).toHaveTextContent('Your card was declined.');
    const [, body] = post.mock.calls.find(([path]) => path === `/lease_application/${APP_ID}/submit`) ?? [];
    expect(body).toMatchObject({ paymentMethodId: 'pm-visa', paymentMethodType: 'TYPE_CREDIT_CARD' });
    expect(screen.getByRole('button', { name: 'Submit application' })).toBeEnabled();
  });
});

describe('application form: loading', () => {
  it('asks for a new application without an id and puts its id in the address', async () => {
    await renderForm('/apply/harbourview');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/apply/harbourview?applicationId=${APP_ID}`));
    expect(get).toHaveBeenCalledWith('/lease_application/new', { query: { pageName: 'harbourview', propertyId: undefined } });
    expect(await stepCount()).toHaveTextContent('Step 1 of 12');
  });

  it("shows an application with its own page's template when the link names another page", async () => {
    await renderForm(`/apply/elsewhere?applicationId=${APP_ID}`);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/apply/harbourview?applicationId=${APP_ID}`));
    expect(await stepCount()).toHaveTextContent('Step 1 of 12');
  });

  it('says so for an unknown application, with a way back', async () => {
    await renderForm('/apply/harbourview?applicationId=nope');
    expect(await screen.findByText(/does not exist/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my applications' })).toBeInTheDocument();
  });

  it('opens a submitted application read-only with its status', async () => {
    app = application({ status: 'PENDING', joins: { property, lap: null, screenings: [], incomeVerification: null } });
    await renderForm();
    expect(await screen.findByTestId('application-status')).toHaveTextContent('SUBMITTED');
    expect(screen.queryByRole('button', { name: 'Save and continue' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my applications' })).toBeInTheDocument();
  });

  it('speaks French', async () => {
    await renderForm(undefined, 'fr');
    expect(await stepCount()).toHaveTextContent(/^Étape 1 sur 12.: Demandeur$/);
    expect(screen.getByRole('button', { name: 'Enregistrer pour plus tard' })).toBeInTheDocument();
  });
});

// spec 2 §4/§5: the application's dates are the portal's DateField (typed yyyy-mm-dd, spelled back DD-MMM-YYYY in the
// portal's language), judged by the domain's same rules and messages
describe('application form: date fields', () => {
  it('the birth date: the saved date read back with 12-Apr-1990 spelled, an impossible one refused on Next', async () => {
    const { user } = await renderForm();
    await stepCount();
    const birth = screen.getByRole('textbox', { name: /^Date of birth/ });
    expect(birth).not.toHaveAttribute('type', 'date');
    expect(birth).toHaveAttribute('placeholder', 'yyyy-mm-dd');
    expect(birth).toHaveValue('1990-04-12');
    expect(birth).toHaveAccessibleDescription('Date: 12-Apr-1990');
    await user.clear(birth);
    await user.type(birth, '19900230');
    expect(birth).toHaveValue('1990-02-30');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(birth).toHaveAttribute('aria-invalid', 'true'));
    expect(birth).toHaveAccessibleDescription(expect.stringContaining('Invalid date (yyyy-mm-dd)'));
    expect(post).not.toHaveBeenCalledWith('/lease_application/saveforlater', expect.anything());
    await user.clear(birth);
    await user.click(birth);
    await user.paste('1990-05-20');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/lease_application/saveforlater', expect.objectContaining({ birthDate: '1990-05-20' })),
    );
  });

  it('a DATE question of the page is a DateField too, in French: aaaa-mm-jj, 20-mai-2027, Date invalide', async () => {
    page = {
      ...fullPage(),
      customFields: [{ id: 'moveIn', label: { en: 'Move-in date', fr: 'Date d’emménagement' }, type: 'DATE', required: true }],
    };
    app = application({ status: 'IN_PROGRESS', currentStep: 'customFields', acknowledgedTerms: true, propertyId: 'p1' });
    const { user } = await renderForm(undefined, 'fr');
    await stepCount();
    const moveIn = await screen.findByRole('textbox', { name: /^Date d’emménagement/ });
    expect(moveIn).toHaveAttribute('placeholder', 'aaaa-mm-jj');
    await user.type(moveIn, '20270520');
    expect(moveIn).toHaveValue('2027-05-20');
    expect(moveIn).toHaveAccessibleDescription('Date\u202f: 20-mai-2027');
    await user.clear(moveIn);
    await user.type(moveIn, '20271340');
    await user.click(screen.getByRole('button', { name: 'Enregistrer et continuer' }));
    await waitFor(() => expect(moveIn).toHaveAccessibleDescription(expect.stringContaining('Date invalide (aaaa-mm-jj)')));
  });

  it('the birth date in French: 12-avr.-1990 spelled back', async () => {
    await renderForm(undefined, 'fr');
    await stepCount();
    const birth = screen.getByRole('textbox', { name: /^Date de naissance/ });
    expect(birth).toHaveAttribute('placeholder', 'aaaa-mm-jj');
    expect(birth).toHaveValue('1990-04-12');
    expect(birth).toHaveAccessibleDescription(expect.stringMatching(/^Date\u202f: 12-avr\.?-1990$/));
  });
});
