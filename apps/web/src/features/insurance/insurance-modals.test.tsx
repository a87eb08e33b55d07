// The insurance modals (spec 2 §2 "Insurance info modals", §4, §5, §8): the policy form's rules, save then upload, the
// spec's error mappings, the proof's delete, the terminate confirmation, the add-service modal's offers and the status.
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../lib/api-client';
import { renderWithProviders } from '../../test/render';
import type { InsurancePolicy } from './api/insurance-policies';
import { AddInsuranceModal } from './components/add-insurance-modal';
import { EditInsuranceModal } from './components/edit-insurance-modal';
import { PolicyStatus } from './components/policy-status';
import { TerminateInsuranceModal } from './components/terminate-insurance-modal';
import type { OfferedLease } from './lib/offered-leases';

vi.mock('../../lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../lib/api-client')>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), delete: vi.fn() }, search: vi.fn() };
});
// the quote partners' cards are the partner feature's; here only which partners the modal passes them
vi.mock('./partners/partner-quote-options', () => ({
  PartnerQuoteOptions: ({ partners }: { partners: string[] }) => <p>partners: {partners.join(', ')}</p>,
}));

const post = vi.mocked(api.post);
const patch = vi.mocked(api.patch);
const del = vi.mocked(api.delete);

const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
const pngFile = (name = 'proof.png') => new File([PNG], name, { type: 'image/png' });

const LEASE: OfferedLease = { id: 'lease-1', label: 'Harbourview Residences, unit 804', partners: [], upload: true };

function policy(over: Partial<InsurancePolicy> = {}): InsurancePolicy {
  return {
    id: 'pol-1',
    userId: 'u1',
    leaseId: 'lease-1',
    carrierName: 'Northern Shield',
    firstName: 'Camille',
    lastName: 'Tremblay',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    effectiveDate: null,
    policyIdentifier: 'NS-1',
    policyProvider: 'TENANT_UPLOAD',
    status: 'NEW',
    approvalStatus: 'PENDING',
    approvalStatusComment: null,
    insuranceExternal: true,
    insuranceTerminated: false,
    providerUrl: null,
    monthlyCost: null,
    reviewedAt: null,
    terminatedAt: null,
    createDate: '2026-01-01T00:00:00.000Z',
    documents: [],
    ...over,
  };
}

beforeEach(() => {
  post.mockReset();
  patch.mockReset();
  del.mockReset();
});
afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByLabelText(label);
const setValue = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

async function fillPolicy(dialog: HTMLElement, over: Record<string, string> = {}) {
  const v = {
    carrier: 'Northern Shield',
    number: 'NS-1',
    first: 'Camille',
    last: 'Tremblay',
    start: '2026-01-01',
    end: '2026-12-31',
    ...over,
  };
  setValue(field(dialog, /^Insurance company/), v.carrier);
  setValue(field(dialog, /^Policy number/), v.number);
  setValue(field(dialog, /^Insured's first name/), v.first);
  setValue(field(dialog, /^Insured's last name/), v.last);
  setValue(field(dialog, /^Start date/), v.start);
  setValue(field(dialog, /^End date/), v.end);
}

const chooseFile = async (dialog: HTMLElement, file: File) =>
  userEvent.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, file);

async function openNew(onClose = vi.fn()) {
  await renderWithProviders(<EditInsuranceModal opened onClose={onClose} leases={[LEASE]} leaseId="lease-1" policy={null} />, {
    withToasts: true,
  });
  return screen.findByRole('dialog', { name: 'Upload your insurance policy' });
}

describe('EditInsuranceModal: a new policy', () => {
  it('refuses an empty form: required fields, the proof, and dates in order (spec 2 §5)', async () => {
    const dialog = await openNew();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and upload' }));
    expect(await within(dialog).findAllByText('Required Field')).toHaveLength(6);
    expect(within(dialog).getByText('Please upload your proof of insurance')).toBeInTheDocument();
    await fillPolicy(dialog, { start: '2026-06-01', end: '2026-05-31' });
    setValue(field(dialog, /^Effective date/), '2026-05-01');
    expect(await within(dialog).findAllByText('The start date cannot be after the end date or the effective date.')).toHaveLength(
      2,
    );
    expect(post).not.toHaveBeenCalled();
    // the date inputs show the spec's placeholder
    expect(field(dialog, /^Start date/)).toHaveAttribute('placeholder', 'yyyy-mm-dd');
  });

  it('saves the policy, then uploads its proof, then says so (insurance uploaded)', async () => {
    const onClose = vi.fn();
    post.mockImplementation(async (path: string) => (path === '/create' ? policy() : { id: 'doc-1' }) as never);
    const dialog = await openNew(onClose);
    await fillPolicy(dialog);
    await chooseFile(dialog, pngFile());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and upload' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(post.mock.calls.map((c) => c[0])).toEqual(['/create', '/INSURANCE_POLICY/pol-1/upload']);
    expect(post.mock.calls[0][1]).toMatchObject({
      type: 'TYPE_INSURANCE_POLICY',
      leaseId: 'lease-1',
      carrierName: 'Northern Shield',
      startDate: '2026-01-01',
      effectiveDate: null,
    });
    expect(await screen.findByText('Your insurance policy was uploaded. Your property manager will review it.')).toBeVisible();
  });

  it('shows the spec 2 §8 alert when the lease already has the policy number', async () => {
    post.mockRejectedValue(new ApiError(409, 'RM_ERROR_RECORD_ALREADY_EXIST', 'exists', []));
    const dialog = await openNew();
    await fillPolicy(dialog);
    await chooseFile(dialog, pngFile());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and upload' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('An insurance policy already exists for this lease.');
  });

  it('an upload failure shows the 50-character file-name alert; trying again uploads to the saved policy', async () => {
    let uploads = 0;
    post.mockImplementation(async (path: string) => {
      if (path === '/create') return policy() as never;
      uploads++;
      if (uploads === 1) throw new ApiError(500, 'RM_ERROR_SYSTEM', 'boom', []);
      if (uploads === 2) return {} as never; // a reply without an id
      return { id: 'doc-1' } as never;
    });
    const onClose = vi.fn();
    const dialog = await openNew(onClose);
    await fillPolicy(dialog);
    await chooseFile(dialog, pngFile());
    const save = within(dialog).getByRole('button', { name: 'Save and upload' });
    await userEvent.click(save);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The file name must be under 50 characters.');
    await userEvent.click(save);
    await waitFor(() => expect(uploads).toBe(2));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The file name must be under 50 characters.');
    await userEvent.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(post.mock.calls.filter((c) => c[0] === '/create')).toHaveLength(1);
  });

  it('asks for a lease ("select a lease") and a valid file before asking the server', async () => {
    await renderWithProviders(<EditInsuranceModal opened onClose={vi.fn()} leases={[LEASE]} leaseId="" policy={null} />);
    const dialog = await screen.findByRole('dialog', { name: 'Upload your insurance policy' });
    await fillPolicy(dialog);
    await chooseFile(dialog, new File(['MZ not a picture'], 'proof.png'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and upload' }));
    expect(await within(dialog).findByText('Please select a property lease')).toBeInTheDocument();
    expect(within(dialog).getByText(/does not match the type its name says/)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });
});

// spec 2 §4/§5: the policy dates are the portal's DateField (typed yyyy-mm-dd, spelled back DD-MMM-YYYY in the
// portal's language), not a native date input whose display follows the browser's locale
describe('EditInsuranceModal: the policy dates', () => {
  it('text fields (not native date inputs): digits typed read as ISO, spelled back 01-Dec-2026, saved as ISO', async () => {
    post.mockImplementation(async (path: string) => (path === '/create' ? policy() : { id: 'doc-1' }) as never);
    const onClose = vi.fn();
    const dialog = await openNew(onClose);
    const user = userEvent.setup();
    const start = within(dialog).getByRole('textbox', { name: /^Start date/ });
    expect(start).not.toHaveAttribute('type', 'date');
    expect(start).toHaveAccessibleDescription('Type the date as yyyy-mm-dd');
    await fillPolicy(dialog);
    await user.clear(start);
    await user.type(start, '20261201');
    expect(start).toHaveValue('2026-12-01');
    expect(start).toHaveAccessibleDescription('Date: 01-Dec-2026');
    // the ISO form a journey fills is kept as typed
    const end = within(dialog).getByRole('textbox', { name: /^End date/ });
    await user.clear(end);
    await user.type(end, '2027-11-30');
    expect(end).toHaveValue('2027-11-30');
    await chooseFile(dialog, pngFile());
    await user.click(within(dialog).getByRole('button', { name: 'Save and upload' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(post.mock.calls[0][1]).toMatchObject({ startDate: '2026-12-01', endDate: '2027-11-30', effectiveDate: null });
  });

  it('refuses an impossible date with the date message on its field, before asking the server', async () => {
    const dialog = await openNew();
    await fillPolicy(dialog, { end: '2026-02-30' });
    setValue(field(dialog, /^Effective date/), '2026-13-01');
    await chooseFile(dialog, pngFile());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and upload' }));
    const end = within(dialog).getByRole('textbox', { name: /^End date/ });
    await waitFor(() => expect(end).toHaveAttribute('aria-invalid', 'true'));
    expect(end).toHaveAccessibleDescription(expect.stringContaining('Invalid date (yyyy-mm-dd)'));
    expect(within(dialog).getByRole('textbox', { name: /^Effective date/ })).toHaveAccessibleDescription(
      expect.stringContaining('Invalid date (yyyy-mm-dd)'),
    );
    expect(post).not.toHaveBeenCalled();
  });

  it('in French: aaaa-mm-jj, 01-déc-2026, and the French refusals (invalid date, dates out of order)', async () => {
    await renderWithProviders(<EditInsuranceModal opened onClose={vi.fn()} leases={[LEASE]} leaseId="lease-1" policy={null} />, {
      lang: 'fr',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Téléverser votre police d’assurance' });
    const user = userEvent.setup();
    const start = within(dialog).getByRole('textbox', { name: /^Date de début/ });
    const end = within(dialog).getByRole('textbox', { name: /^Date de fin/ });
    expect(start).toHaveAttribute('placeholder', 'aaaa-mm-jj');
    await user.type(start, '20261201');
    expect(start).toHaveAccessibleDescription('Date\u202f: 01-déc-2026');
    await user.type(end, '20261131');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer et téléverser' }));
    await waitFor(() => expect(end).toHaveAccessibleDescription(expect.stringContaining('Date invalide (aaaa-mm-jj)')));
    await user.clear(end);
    await user.type(end, '20261101');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer et téléverser' }));
    expect(
      await within(dialog).findByText(
        'La date de début ne peut pas être postérieure à la date de fin ou à la date d’entrée en vigueur.',
      ),
    ).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });
});

describe('EditInsuranceModal: editing', () => {
  const withProof = () =>
    policy({ documents: [{ id: 'doc-1', url: '/api/document/doc-1/download', name: 'proof.png', size: 67 }] });

  it('updates the policy without a new file (insurance updated)', async () => {
    patch.mockResolvedValue(policy({ carrierName: 'Northern Shield Mutual', status: 'CHANGED' }));
    const onClose = vi.fn();
    await renderWithProviders(
      <EditInsuranceModal opened onClose={onClose} leases={[LEASE]} leaseId="lease-1" policy={withProof()} />,
      { withToasts: true },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit your insurance policy' });
    expect(within(dialog).queryByLabelText(/^Lease/)).not.toBeInTheDocument();
    setValue(field(dialog, /^Insurance company/), 'Northern Shield Mutual');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(patch).toHaveBeenCalledWith(
      '/INSURANCE_POLICY/pol-1/update',
      expect.objectContaining({ carrierName: 'Northern Shield Mutual' }),
    );
    expect(post).not.toHaveBeenCalled();
    expect(
      await screen.findByText('Your insurance policy was updated. Your property manager will review it again.'),
    ).toBeVisible();
  });

  it('deletes the proof after a confirmation; a refusal shows its errorCode', async () => {
    del.mockRejectedValueOnce(new ApiError(404, 'RM_ERROR_RECORD_NOT_FOUND', 'gone', [])).mockResolvedValueOnce({ id: 'doc-1' });
    await renderWithProviders(
      <EditInsuranceModal opened onClose={vi.fn()} leases={[LEASE]} leaseId="lease-1" policy={withProof()} />,
      { withToasts: true },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit your insurance policy' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete proof.png' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the proof document?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete the document' }));
    expect(await within(confirm).findByText(/RM_ERROR_RECORD_NOT_FOUND/)).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete the document' }));
    expect(await screen.findByText('The document was deleted.')).toBeVisible();
    expect(del).toHaveBeenCalledWith('/document/doc-1/delete');
  });
});

describe('TerminateInsuranceModal', () => {
  it('says it cannot be undone, terminates, and tells (insurance terminated)', async () => {
    post.mockResolvedValue(policy({ status: 'CANCELLED', insuranceTerminated: true }));
    const onClose = vi.fn();
    await renderWithProviders(<TerminateInsuranceModal opened onClose={onClose} policy={policy()} />, { withToasts: true });
    const dialog = await screen.findByRole('dialog', { name: 'Terminate this insurance policy?' });
    expect(dialog).toHaveTextContent('This cannot be undone');
    // the safe choice has the focus (components/confirm-dialog.tsx)
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep the policy' })).toHaveFocus());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Terminate the policy' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith('/INSURANCE_POLICY/pol-1/terminate');
    expect(await screen.findByText('Your insurance policy was terminated.')).toBeVisible();
  });

  it('shows the errorCode of a refusal (spec 2 §8), in French too', async () => {
    post.mockRejectedValue(new ApiError(409, 'RM_ERROR_RECORD_LOCKED', 'terminated', []));
    await renderWithProviders(<TerminateInsuranceModal opened onClose={vi.fn()} policy={policy()} />, { lang: 'fr' });
    const dialog = await screen.findByRole('dialog', { name: 'Résilier cette police d’assurance\u202f?' });
    expect(dialog).toHaveTextContent('irréversible');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Résilier la police' }));
    expect(await within(dialog).findByText(/RM_ERROR_RECORD_LOCKED/)).toBeInTheDocument();
  });
});

describe('AddInsuranceModal', () => {
  it('offers the partners and the upload option, and opens the upload form', async () => {
    await renderWithProviders(
      <AddInsuranceModal opened onClose={vi.fn()} lease={{ ...LEASE, partners: ['NUERA', 'APOLLO'] }} leases={[LEASE]} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add insurance' });
    expect(within(dialog).getByText('partners: NUERA, APOLLO')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload my policy' }));
    expect(await screen.findByRole('dialog', { name: 'Upload your insurance policy' })).toBeInTheDocument();
  });

  it('says so when nothing is offered (e.g. in Quebec or the US)', async () => {
    await renderWithProviders(<AddInsuranceModal opened onClose={vi.fn()} lease={{ ...LEASE, upload: false }} leases={[]} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add insurance' });
    expect(within(dialog).getByText('No insurance options here')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Upload my policy' })).not.toBeInTheDocument();
  });

  it('offers nothing on a lease that is not ACTIVE (spec 2 §4)', async () => {
    await renderWithProviders(
      <AddInsuranceModal
        opened
        onClose={vi.fn()}
        lease={{ ...LEASE, status: 'PENDING', partners: ['NUERA'] }}
        leases={[LEASE]}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add insurance' });
    expect(within(dialog).getByText('No insurance options here')).toBeInTheDocument();
    expect(within(dialog).queryByText(/partners:/)).not.toBeInTheDocument();
  });
});

describe('PolicyStatus (spec 2 §4)', () => {
  it('reads "pending approval by manager" while PENDING', async () => {
    await renderWithProviders(<PolicyStatus policy={policy()} />);
    expect(screen.getByText('Pending approval by manager')).toBeInTheDocument();
  });

  it('reads "{status} by Property Manager" with the comment as a tooltip reachable by keyboard, in French too', async () => {
    const approved = policy({ approvalStatus: 'APPROVED', approvalStatusComment: 'Liability confirmed.' });
    const { unmount } = await renderWithProviders(<PolicyStatus policy={approved} />);
    expect(screen.getByText('Approved by Property Manager')).toBeInTheDocument();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: "Manager's comment" })).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Liability confirmed.');
    unmount();
    await renderWithProviders(<PolicyStatus policy={{ ...approved, approvalStatus: 'REJECTED' }} />, { lang: 'fr' });
    expect(screen.getByText('Refusée par le gestionnaire immobilier')).toBeInTheDocument();
  });
});

describe('EditInsuranceModal: a new proof for a saved policy', () => {
  it('saves the edit (CHANGED, asked again) and then replaces the document', async () => {
    patch.mockResolvedValue(policy({ status: 'CHANGED' }));
    post.mockResolvedValue({ id: 'doc-2' });
    const onClose = vi.fn();
    await renderWithProviders(
      <EditInsuranceModal
        opened
        onClose={onClose}
        leases={[LEASE]}
        leaseId="lease-1"
        policy={policy({ approvalStatus: 'APPROVED' })}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit your insurance policy' });
    await chooseFile(dialog, pngFile('renewed.png'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(patch).toHaveBeenCalledWith('/INSURANCE_POLICY/pol-1/update', expect.objectContaining({ policyIdentifier: 'NS-1' }));
    expect(post.mock.calls.map((c) => c[0])).toEqual(['/INSURANCE_POLICY/pol-1/upload']);
  });
});
