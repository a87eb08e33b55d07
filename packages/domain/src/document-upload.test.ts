import { describe, expect, it } from 'vitest';
import { documentFileProblem, mapUploadError } from './document-upload.ts';
import { DOCUMENT_MAX_BYTES } from './documents.ts';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const text = (s: string) => new TextEncoder().encode(s);
const file = (name: string, bytes: Uint8Array, size = bytes.length) => ({ name, size, bytes });

describe('documentFileProblem (spec 1 §8, spec 2 §9)', () => {
  it.each<[string, Parameters<typeof documentFileProblem>[0], string | null]>([
    ['no file', null, 'validation.upload.selectValidFile'],
    ['a PNG', file('lease.png', PNG), null],
    ['a JPEG named .jpg', file('photo.jpg', JPEG), null],
    ['a CSV', file('costs.csv', text('item,amount\nRent,1850\n')), null],
    ['PNG bytes under a name of no accepted type', file('scan.bin', PNG), 'validation.upload.fileType'],
    ['a PDF (issue 9)', file('lease.pdf', text('%PDF-1.4\n%%EOF\n')), null],
    ['HTML named .png', file('fake.png', text('<!DOCTYPE html><html></html>')), 'validation.upload.fileType'],
    ['CSV text named .png (issue 9)', file('notes.png', text('a,b\n1,2\n')), 'validation.upload.fileTypeMismatch'],
    ['a PNG named .csv (issue 9)', file('report.csv', PNG), 'validation.upload.fileTypeMismatch'],
    ['a JPEG named .JPG', file('photo.JPG', JPEG), null],
    ['an empty file', file('empty.csv', new Uint8Array()), 'validation.upload.selectValidFile'],
    ['a name of 49 characters', file(`${'a'.repeat(45)}.png`, PNG), null],
    ['a name of 50 characters', file(`${'a'.repeat(46)}.png`, PNG), 'validation.upload.fileNameTooLong'],
    ['a name that is only a path', file('folder/', PNG), 'validation.upload.selectValidFile'],
    ['just under 10 MB', file('big.png', PNG, DOCUMENT_MAX_BYTES - 1), null],
    ['exactly 10 MB', file('big.png', PNG, DOCUMENT_MAX_BYTES), 'validation.upload.fileTooLarge'],
    ['name and size only, before reading the content', { name: 'anything.csv', size: 10 }, null],
    ['name and size only: a .txt is refused before reading', { name: 'anything.txt', size: 10 }, 'validation.upload.fileType'],
    ['size only: 10 MB refused before reading', { name: 'big.png', size: DOCUMENT_MAX_BYTES }, 'validation.upload.fileTooLarge'],
    [
      'a long name over 10 MB: the name is reported first',
      file(`${'a'.repeat(60)}.png`, PNG, DOCUMENT_MAX_BYTES + 1),
      'validation.upload.fileNameTooLong',
    ],
  ])('%s', (_label, input, expected) => {
    expect(documentFileProblem(input)).toBe(expected);
  });
});

describe('mapUploadError (spec 1 §8)', () => {
  it.each<[string, { key: string; onFile: boolean; values?: Record<string, string> }]>([
    ['RM_ERROR_FILE_NAME_TOO_LONG', { key: 'validation.upload.fileNameTooLong', onFile: true }],
    ['RM_ERROR_FILE_TYPE', { key: 'validation.upload.fileType', onFile: true }],
    ['RM_ERROR_FILE_TOO_LARGE', { key: 'validation.upload.fileTooLarge', onFile: true }],
    ['RM_ERROR_RECORD_NOT_FOUND', { key: 'errors.serverMessage', values: { message: 'Record not found' }, onFile: false }],
  ])('%s', (errorCode, expected) => {
    const message = errorCode === 'RM_ERROR_RECORD_NOT_FOUND' ? 'Record not found' : 'refused';
    expect(mapUploadError({ errorCode, message })).toEqual(expected);
  });

  it('falls back to the generic try-again message without a server message', () => {
    expect(mapUploadError({ errorCode: 'RM_ERROR_SYSTEM', message: '' })).toEqual({
      key: 'errors.genericTryAgain',
      onFile: false,
    });
  });
});
