import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentRecord, PropertyLease } from '../../../api/types';
import { ApiError, api, search } from '../../../lib/api-client';
import { documentRecord, leaseRecord, PNG_1X1, renderAccount } from '../test/render';
import { DocumentsCard, splitDocuments } from './documents-card';

vi.mock('../../../lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/api-client')>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), patch: vi.fn(), delete: vi.fn() }, search: vi.fn() };
});

const searchMock = vi.mocked(search);
const post = vi.mocked(api.post);
const get = vi.mocked(api.get);
const del = vi.mocked(api.delete);

let documents: DocumentRecord[] = [];
const leases: PropertyLease[] = [
  leaseRecord('lease-1', 'Harbourview Residences', '804'),
  leaseRecord('lease-2', 'Maple Court', null),
];

const page = <T,>(records: T[]) => ({ records, totalPages: 1, totalRecords: records.length, page: 1 });

beforeEach(() => {
  documents = [
    documentRecord('d1', 'TYPE_CUSTOMER', 'move-in costs (2026).csv', 1536),
    documentRecord('d2', 'TYPE_MANAGER', 'Signed lease agreement.png', 2 * 1024 * 1024 + 300 * 1024),
    documentRecord('d3', 'TYPE_ADMIN', 'Règlement de l’immeuble.png', 512),
  ];
  searchMock.mockReset();
  searchMock.mockImplementation(async (recordType: string) => page((recordType === 'document' ? documents : leases) as never[]));
  post.mockReset();
  get.mockReset();
  del.mockReset();
});

const mine = () => screen.getByRole('region', { name: 'My documents' });
const manager = () => screen.getByRole('region', { name: 'From your property manager' });

function file(name: string, content: BlobPart, type = '') {
  return new File([content], name, { type });
}

async function openUpload() {
  await renderAccount(<DocumentsCard />);
  await screen.findByRole('region', { name: 'My documents' });
  await userEvent.click(screen.getByRole('button', { name: 'Upload a document' }));
  return screen.findByRole('dialog', { name: 'Upload a document' });
}

const fileInput = (dialog: HTMLElement) => dialog.querySelector('input[type="file"]') as HTMLInputElement;

describe('splitDocuments (spec 1 §2)', () => {
  it('puts TYPE_CUSTOMER under mine and TYPE_MANAGER / TYPE_ADMIN under the manager, named from the url', () => {
    const split = splitDocuments(documents);
    expect(split.mine.map((d) => d.name)).toEqual(['move-in costs (2026).csv']);
    expect(split.manager.map((d) => d.name)).toEqual(['Signed lease agreement.png', 'Règlement de l’immeuble.png']);
  });
});

describe('DocumentsCard', () => {
  it('lists both groups with decoded names and readable sizes', async () => {
    await renderAccount(<DocumentsCard />);
    const own = await screen.findByRole('region', { name: 'My documents' });
    expect(within(own).getByText('move-in costs (2026).csv')).toBeInTheDocument();
    expect(within(own).getByText('1.5 kB')).toBeInTheDocument();
    expect(within(own).queryByText('Signed lease agreement.png')).not.toBeInTheDocument();
    expect(within(manager()).getByText('Signed lease agreement.png')).toBeInTheDocument();
    expect(within(manager()).getByText('2.3 MB')).toBeInTheDocument();
    expect(within(manager()).getByText('Règlement de l’immeuble.png')).toBeInTheDocument();
    expect(within(manager()).getByText('512 bytes')).toBeInTheDocument();
    // download and delete on every listed document, manager ones included
    for (const name of ['move-in costs (2026).csv', 'Signed lease agreement.png', 'Règlement de l’immeuble.png']) {
      expect(screen.getByRole('button', { name: `Download ${name}` })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: `Delete ${name}` })).toBeInTheDocument();
    }
    // lease documents only: an insurance proof is managed with its policy (spec 2 §2)
    expect(searchMock).toHaveBeenCalledWith(
      'document',
      { conditions: [{ field: 'recordType', operator: 'EQUALS', value: 'PROPERTY_LEASE' }] },
      expect.anything(),
    );
  });

  it('shows sizes in French', async () => {
    await renderAccount(<DocumentsCard />, { lang: 'fr' });
    const own = await screen.findByRole('region', { name: 'Mes documents' });
    expect(within(own).getByText(/^1,5\s?ko$/)).toBeInTheDocument();
  });

  it('shows the empty states', async () => {
    documents = [];
    await renderAccount(<DocumentsCard />);
    await screen.findByRole('region', { name: 'My documents' });
    expect(within(mine()).getByText('You have not uploaded any documents yet.')).toBeInTheDocument();
    expect(within(manager()).getByText('Your property manager has not shared any documents with you.')).toBeInTheDocument();
  });

  it('downloads the bytes under the decoded name', async () => {
    const blob = new Blob([PNG_1X1], { type: 'image/png' });
    get.mockResolvedValue(blob);
    const createObjectURL = vi.fn(() => 'blob:doc');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    await renderAccount(<DocumentsCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Download Signed lease agreement.png' }));
    await waitFor(() => expect(clicked).toEqual(['Signed lease agreement.png']));
    expect(get).toHaveBeenCalledWith('/document/d2/download', { asBlob: true });
    expect(createObjectURL).toHaveBeenCalledWith(blob);
    click.mockRestore();
  });

  // issue 21 §1: a manager's document leaves the tenant's list only; the confirmation and the toast say so
  it('removes a manager document from the tenant list only, saying so before and after', async () => {
    del.mockImplementation(async () => {
      documents = documents.filter((d) => d.id !== 'd2');
      return { id: 'd2', outcome: 'HIDDEN' };
    });
    await renderAccount(<DocumentsCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Signed lease agreement.png' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this document from your list?' });
    expect(dialog).toHaveTextContent(
      'Signed lease agreement.png was shared by your property manager. It will be removed from your list only: your property manager keeps it',
    );
    expect(dialog).not.toHaveTextContent('This cannot be undone');
    expect(del).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove from my list' }));
    expect(await screen.findByText('Document removed from your list. Your property manager still has it.')).toBeInTheDocument();
    expect(del).toHaveBeenCalledWith('/document/d2/delete');
    await waitFor(() => expect(screen.queryByText('Signed lease agreement.png')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says the same in French for a manager document', async () => {
    await renderAccount(<DocumentsCard />, { lang: 'fr' });
    await userEvent.click(await screen.findByRole('button', { name: 'Supprimer Signed lease agreement.png' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retirer ce document de votre liste\u202f?' });
    expect(dialog).toHaveTextContent(/Il sera retiré de votre liste seulement\s: votre gestionnaire immobilier le conserve/);
    expect(within(dialog).getByRole('button', { name: 'Retirer de ma liste' })).toBeInTheDocument();
  });

  it('deletes the tenant own document for everyone, saying so', async () => {
    del.mockResolvedValue({ id: 'd1', outcome: 'DELETED' });
    await renderAccount(<DocumentsCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete move-in costs (2026).csv' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this document?' });
    expect(dialog).toHaveTextContent('move-in costs (2026).csv will be deleted for you and your property manager');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Document deleted')).toBeInTheDocument();
    expect(del).toHaveBeenCalledWith('/document/d1/delete');
  });

  it('keeps the document when the confirmation is cancelled, and shows the errorCode of a failed delete', async () => {
    del.mockRejectedValue(new ApiError(404, 'RM_ERROR_RECORD_NOT_FOUND', 'Not found'));
    await renderAccount(<DocumentsCard />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete move-in costs (2026).csv' }));
    let dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(del).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Delete move-in costs (2026).csv' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('RM_ERROR_RECORD_NOT_FOUND');
  });
});

describe('Upload (spec 1 §5, §8; spec 2 §9)', () => {
  it('asks for a lease and a file, only after the attempt', async () => {
    const dialog = await openUpload();
    expect(within(dialog).queryByText('Please select a property lease')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Please select a property lease')).toBeInTheDocument();
    expect(within(dialog).getByText('Please select a valid file')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('offers the leases as property name and unit', async () => {
    const dialog = await openUpload();
    const select = within(dialog).getByLabelText(/^Property lease/);
    await waitFor(() =>
      expect(within(select).getByRole('option', { name: 'Harbourview Residences, unit 804' })).toBeInTheDocument(),
    );
    expect(within(select).getByRole('option', { name: 'Maple Court' })).toBeInTheDocument();
  });

  it.each([
    [
      'a text file that is not a table',
      file('notes.txt', '"unclosed quote\nhello', 'text/plain'),
      'Accepted file types: CSV, PNG, JPEG, PDF.',
    ],
    [
      'text named .png (issue 9)',
      file('notes.png', 'item,amount\nRent,1850\n', 'image/png'),
      "The file's content does not match the type its name says. Choose another file, or rename it with the right extension.",
    ],
    [
      'a PNG named .csv (issue 9)',
      file('report.csv', PNG_1X1, 'text/csv'),
      "The file's content does not match the type its name says. Choose another file, or rename it with the right extension.",
    ],
    [
      'a fake PNG holding HTML',
      file('photo.png', '<!DOCTYPE html><html></html>', 'image/png'),
      'Accepted file types: CSV, PNG, JPEG, PDF.',
    ],
    ['a 50-character name', file(`${'a'.repeat(46)}.png`, PNG_1X1, 'image/png'), 'The file name must be under 50 characters.'],
    ['an empty file', file('empty.csv', '', 'text/csv'), 'Please select a valid file'],
  ])('refuses %s in the browser', async (_label, chosen, message) => {
    const dialog = await openUpload();
    const select = within(dialog).getByLabelText(/^Property lease/);
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    await userEvent.selectOptions(select, 'lease-1');
    await userEvent.upload(fileInput(dialog), chosen, { applyAccept: false });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('offers CSV, PNG, JPEG and PDF in the picker and sends a PDF (issue 9)', async () => {
    post.mockResolvedValue({ id: 'd10' });
    const dialog = await openUpload();
    expect(fileInput(dialog).accept).toBe('.csv,.png,.jpg,.jpeg,.pdf,text/csv,image/png,image/jpeg,application/pdf');
    expect(within(dialog).getByText('CSV, PNG, JPEG or PDF, under 10 MB, with a name under 50 characters.')).toBeInTheDocument();
    const select = within(dialog).getByLabelText(/^Property lease/);
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    await userEvent.selectOptions(select, 'lease-1');
    await userEvent.upload(fileInput(dialog), file('lease.pdf', '%PDF-1.4\n%%EOF\n', 'application/pdf'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(((post.mock.calls[0][1] as FormData).get('file') as File).name).toBe('lease.pdf');
  });

  it('refuses a file of 10 MB', async () => {
    const dialog = await openUpload();
    const big = file('big.png', PNG_1X1, 'image/png');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 });
    await userEvent.upload(fileInput(dialog), big);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('The file must be under 10 MB.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('uploads a valid PNG to the chosen lease, with a toast and a refreshed list', async () => {
    let resolveUpload: (v: { id: string }) => void = () => {};
    post.mockImplementation(() => new Promise((r) => (resolveUpload = r as (v: { id: string }) => void)));
    const dialog = await openUpload();
    const select = within(dialog).getByLabelText(/^Property lease/);
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    await userEvent.selectOptions(select, 'lease-1');
    await userEvent.upload(fileInput(dialog), file('pixel.png', PNG_1X1, 'image/png'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    // progress feedback while the upload runs
    expect(await within(dialog).findByText('Uploading pixel.png…')).toBeInTheDocument();
    const [path, body] = post.mock.calls[0];
    expect(path).toBe('/PROPERTY_LEASE/lease-1/upload');
    expect(body).toBeInstanceOf(FormData);
    expect(((body as FormData).get('file') as File).name).toBe('pixel.png');

    documents = [...documents, documentRecord('d9', 'TYPE_CUSTOMER', 'pixel.png', PNG_1X1.length)];
    resolveUpload({ id: 'd9' });
    expect(await screen.findByText('Document uploaded')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(mine()).findByText('pixel.png')).toBeInTheDocument();
  });

  it.each([
    ['an answer without an id', () => post.mockResolvedValue({}), 'The file name must be under 50 characters.'],
    [
      'RM_ERROR_FILE_NAME_TOO_LONG',
      () => post.mockRejectedValue(new ApiError(400, 'RM_ERROR_FILE_NAME_TOO_LONG', 'too long')),
      'The file name must be under 50 characters.',
    ],
    [
      'RM_ERROR_FILE_TYPE',
      () => post.mockRejectedValue(new ApiError(415, 'RM_ERROR_FILE_TYPE', 'type')),
      'Accepted file types: CSV, PNG, JPEG, PDF.',
    ],
    [
      'RM_ERROR_FILE_TOO_LARGE',
      () => post.mockRejectedValue(new ApiError(413, 'RM_ERROR_FILE_TOO_LARGE', 'big')),
      'The file must be under 10 MB.',
    ],
  ])('shows the message for %s', async (_label, arrange, message) => {
    arrange();
    const dialog = await openUpload();
    const select = within(dialog).getByLabelText(/^Property lease/);
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    await userEvent.selectOptions(select, 'lease-2');
    await userEvent.upload(fileInput(dialog), file('rent.csv', 'item,amount\nRent,1850\n', 'text/csv'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/PROPERTY_LEASE/lease-2/upload', expect.any(FormData));
    expect(screen.queryByText('Document uploaded')).not.toBeInTheDocument();
  });

  it.each([
    [new ApiError(404, 'RM_ERROR_RECORD_NOT_FOUND', 'Record not found')],
    [new ApiError(413, 'RM_ERROR_STORAGE_QUOTA_EXCEEDED', 'With this file, your documents would take more than 200 MB')],
    [new ApiError(429, 'RM_ERROR_TOO_MANY_REQUESTS', 'Too many uploads in a short time: please try again in 4 min')],
  ])('shows any other refusal as an alert with the server message: %s', async (refusal) => {
    post.mockRejectedValue(refusal);
    const dialog = await openUpload();
    const select = within(dialog).getByLabelText(/^Property lease/);
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    await userEvent.selectOptions(select, 'lease-1');
    await userEvent.upload(fileInput(dialog), file('rent.csv', 'item,amount\nRent,1850\n', 'text/csv'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal.message);
  });
});
