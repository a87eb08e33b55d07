import { describe, expect, it } from 'vitest';
import { splitDocumentsByOwner, validateLeaseDocumentUpload, validateUploadFile } from './document-upload.ts';

const MB = 1024 * 1024;

describe('validateUploadFile', () => {
  it.each([
    [{ name: 'lease.png', size: 1 }, null],
    [{ name: `${'a'.repeat(45)}.png`, size: 1 }, null],
    [{ name: `${'a'.repeat(46)}.png`, size: 1 }, 'validation.upload.fileNameTooLong'],
    [{ name: 'lease.png', size: 10 * MB - 1 }, null],
    [{ name: 'lease.png', size: 10 * MB }, 'validation.upload.fileTooLarge'],
    [{ name: 'lease.png', size: 0 }, 'validation.upload.selectValidFile'],
    [{ name: '   ', size: 5 }, 'validation.upload.selectValidFile'],
    [null, 'validation.upload.selectValidFile'],
  ])('%j → %s', (file, key) => {
    const r = validateUploadFile(file);
    expect(r.ok ? null : r.key).toBe(key);
  });
  it('requires a lease', () => {
    const r = validateLeaseDocumentUpload({ leaseId: null, file: { name: 'a.png', size: 1 } });
    expect(r.ok ? null : r.key).toBe('validation.upload.selectLease');
    expect(validateLeaseDocumentUpload({ leaseId: 'L1', file: { name: 'a.png', size: 1 } }).ok).toBe(true);
  });
  it('splits documents by owner', () => {
    const docs = [
      { ownerType: 'TYPE_CUSTOMER' },
      { ownerType: 'TYPE_MANAGER' },
      { ownerType: 'TYPE_ADMIN' },
      { ownerType: null },
    ];
    expect(splitDocumentsByOwner(docs)).toEqual({ own: [docs[0]], manager: [docs[1], docs[2]] });
  });
});
