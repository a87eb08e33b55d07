import { describe, expect, it } from 'vitest';
import {
  checkDocumentName,
  DOCUMENT_MAX_BYTES,
  detectDocumentType,
  documentNameLength,
  isDocumentSizeAllowed,
  looksLikeDelimitedText,
  sanitizeDocumentName,
} from './documents.ts';

const bytes = (...b: number[]) => new Uint8Array(b);
const utf8 = (s: string) => new TextEncoder().encode(s);
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1];

describe('detectDocumentType', () => {
  it.each<[string, Uint8Array, string | null]>([
    ['PNG signature and IHDR', bytes(...PNG_HEAD), 'image/png'],
    ['PNG signature without IHDR', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0), null],
    ['truncated PNG signature', bytes(0x89, 0x50, 0x4e, 0x47), null],
    ['JPEG (JFIF)', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46), 'image/jpeg'],
    ['JPEG (Exif)', bytes(0xff, 0xd8, 0xff, 0xe1, 0x12, 0x34), 'image/jpeg'],
    ['only FF D8', bytes(0xff, 0xd8), null],
    ['CSV with header', utf8('item,amount\nRent,1850.00\nParking,75.00\n'), 'text/csv'],
    ['single-column CSV', utf8('note\nMove-in checklist\n'), 'text/csv'],
    ['semicolon CSV with BOM and CRLF', utf8('\ufeffnom;montant\r\nLoyer;1850,00\r\n'), 'text/csv'],
    ['tab separated', utf8('a\tb\n1\t2'), 'text/csv'],
    ['quoted fields with escaped quotes and newlines', utf8('name,note\n"Smith, J","said ""hi""\nthen left"\n'), 'text/csv'],
    ['accented UTF-8', utf8('libellé,montant\nDépôt,300\n'), 'text/csv'],
    ['unclosed quote', utf8('a,b\n"open,2\n'), null],
    ['text after a closing quote', utf8('a,b\n"x"y,2\n'), null],
    ['text with NUL', utf8('a,b\n1,\u00002\n'), null],
    ['text with a bell character', utf8('a,b\n1,\u00072\n'), null],
    ['invalid UTF-8', bytes(0x61, 0x2c, 0x62, 0x0a, 0xc3, 0x28), null],
    ['Windows executable', bytes(0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00), null],
    ['PDF', utf8('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'), null],
    ['HTML', utf8('<!DOCTYPE html><html><body>x</body></html>'), null],
    ['SVG', utf8('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), null],
    ['shell script', utf8('#!/bin/sh\nrm -rf /\n'), null],
    ['ZIP (docx, xlsx)', bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00), null],
    ['blank text', utf8('  \n\n'), null],
    ['empty', bytes(), null],
  ])('%s', (_label, input, expected) => {
    expect(detectDocumentType(input)).toBe(expected);
  });
});

describe('looksLikeDelimitedText', () => {
  it.each<[string, boolean]>([
    ['a,b,c', true],
    ['"a","b"\n"c","d"', true],
    ['x"y,z', true], // a stray quote inside an unquoted field is tolerated
    ['"a"b', false],
    ['"never closed', false],
  ])('%j → %s', (text, expected) => {
    expect(looksLikeDelimitedText(text)).toBe(expected);
  });
});

describe('sanitizeDocumentName', () => {
  it.each<[string | null, string]>([
    ['lease.png', 'lease.png'],
    ['  lease.png  ', 'lease.png'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\cam\\Desktop\\bail.csv', 'bail.csv'],
    ['re\u0000port\u001b.csv', 'report.csv'],
    ['evil\u202egnp.exe', 'evilgnp.exe'],
    ['folder/', ''],
    ['..', ''],
    ['a/..', ''],
    ['', ''],
    [null, ''],
    ['Cafe\u0301.csv', 'Café.csv'],
  ])('%j → %j', (raw, expected) => {
    expect(sanitizeDocumentName(raw)).toBe(expected);
  });
});

describe('checkDocumentName (spec 1 §8: under 50 characters)', () => {
  it.each<[string, ReturnType<typeof checkDocumentName>]>([
    ['', 'EMPTY'],
    ['a.csv', null],
    [`${'a'.repeat(45)}.csv`, null], // 49 characters
    [`${'a'.repeat(46)}.csv`, 'TOO_LONG'], // 50 characters
    [`${'é'.repeat(45)}.csv`, null],
    [`${'😀'.repeat(45)}.csv`, null], // code points, not UTF-16 units
  ])('%j → %s', (name, expected) => {
    expect(checkDocumentName(name)).toBe(expected);
  });

  it('counts code points', () => {
    expect(documentNameLength('😀.png')).toBe(5);
  });
});

describe('isDocumentSizeAllowed (spec 2 §9: under 10 MB)', () => {
  it.each<[number, boolean]>([
    [0, false],
    [1, true],
    [DOCUMENT_MAX_BYTES - 1, true],
    [DOCUMENT_MAX_BYTES, false],
    [DOCUMENT_MAX_BYTES + 1, false],
  ])('%i bytes → %s', (size, expected) => {
    expect(isDocumentSizeAllowed(size)).toBe(expected);
  });
});
