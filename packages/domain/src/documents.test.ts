import { describe, expect, it } from 'vitest';
import {
  checkDocumentName,
  checkDocumentType,
  createDocumentSniffer,
  DOCUMENT_ACCEPT,
  DOCUMENT_MAX_BYTES,
  detectDocumentType,
  documentNameLength,
  documentTypeOfName,
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
    ['PDF (issue 9)', utf8('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'), 'application/pdf'],
    ['PDF header after other bytes', utf8('junk\n%PDF-1.4\n'), 'text/csv'],
    ['PostScript', utf8('%!PS-Adobe-3.0\n'), null],
    ['a short single-column CSV', utf8('rent'), 'text/csv'],
    ['a BOM only', utf8('\ufeff'), null],
    ['a CSV with a long first line', utf8(`${'a,'.repeat(40_000)}b\n1,2\n`), 'text/csv'],
    ['HTML after blank lines', utf8('\n\n   <html><body>x</body></html>'), null],
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

describe('createDocumentSniffer: the same answer whatever the chunks', () => {
  const samples: [string, Uint8Array][] = [
    ['png', bytes(...PNG_HEAD)],
    ['jpeg', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46)],
    ['pdf', utf8('%PDF-1.7\n%âãÏÓ\n')],
    ['csv', utf8('\ufeffname;note\r\n"Dépôt ""A""";"x\ny"\r\nLoyer;1850\r\n')],
    ['unclosed quote', utf8('a,b\n"open,2\n')],
    ['quote closed by the last byte', utf8('a,b\n1,"2"')],
    ['invalid UTF-8 at the end', bytes(0x61, 0x2c, 0x62, 0x0a, 0xc3)],
    ['html', utf8('<!DOCTYPE html>\n<html></html>\n')],
  ];
  it.each(samples)('%s, one byte at a time and in chunks of 5', (_label, input) => {
    const whole = detectDocumentType(input);
    for (const size of [1, 5]) {
      const sniffer = createDocumentSniffer();
      for (let i = 0; i < input.length; i += size) sniffer.push(input.subarray(i, i + size));
      expect(sniffer.end()).toBe(whole);
    }
  });

  it('refuses as soon as the bytes cannot be a document (the rest need not be read)', () => {
    const sniffer = createDocumentSniffer();
    sniffer.push(utf8('name,amount\nRent,1850\n'));
    expect(sniffer.refused).toBe(false);
    sniffer.push(bytes(0x00, 0x01));
    expect(sniffer.refused).toBe(true);
    expect(sniffer.end()).toBeNull();
  });

  it('judges a multi-byte character split between two chunks', () => {
    const e = utf8('é');
    const sniffer = createDocumentSniffer();
    sniffer.push(utf8('libell'));
    sniffer.push(e.subarray(0, 1));
    sniffer.push(e.subarray(1));
    sniffer.push(utf8(',montant\nDépôt,300\n'));
    expect(sniffer.end()).toBe('text/csv');
  });
});

describe('name and content agree (issue 9)', () => {
  it.each<[string, ReturnType<typeof documentTypeOfName>]>([
    ['lease.pdf', 'application/pdf'],
    ['SCAN.JPG', 'image/jpeg'],
    ['photo.jpeg', 'image/jpeg'],
    ['costs.csv', 'text/csv'],
    ['a.b.png', 'image/png'],
    ['notes.txt', null],
    ['README', null],
    ['archive.png.exe', null],
  ])('documentTypeOfName(%j) → %s', (name, expected) => {
    expect(documentTypeOfName(name)).toBe(expected);
  });

  it.each<[string, Parameters<typeof checkDocumentType>[1], ReturnType<typeof checkDocumentType>]>([
    ['lease.png', 'image/png', null],
    ['lease.pdf', 'application/pdf', null],
    ['photo.JPG', 'image/jpeg', null],
    ['costs.csv', 'text/csv', null],
    ['notes.png', 'text/csv', 'MISMATCH'], // a text file named .png
    ['report.csv', 'image/png', 'MISMATCH'], // a PNG named .csv
    ['lease.pdf', 'image/jpeg', 'MISMATCH'],
    ['scan.bin', 'image/png', 'UNSUPPORTED'],
    ['lease.png', null, 'UNSUPPORTED'], // content of no accepted type
    ['notes.txt', undefined, 'UNSUPPORTED'], // judged by name before reading
    ['notes.csv', undefined, null],
  ])('checkDocumentType(%j, %s) → %s', (name, detected, expected) => {
    expect(checkDocumentType(name, detected)).toBe(expected);
  });

  it('offers the accepted extensions and types to the file picker', () => {
    expect(DOCUMENT_ACCEPT).toBe('.csv,.png,.jpg,.jpeg,.pdf,text/csv,image/png,image/jpeg,application/pdf');
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
