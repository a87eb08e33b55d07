import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  APPLICATION_CUSTOM_NUMBER_MAX,
  APPLICATION_SECTION_FIELDS,
  APPLICATION_STEPS,
  type ApplicationPageLike,
  applicationDraftIssues,
  applicationDraftSchema,
  applicationSectionsAsking,
  applicationStepIssues,
  applicationStepOfPath,
  applicationStepsFor,
  applicationSubmitIssues,
  isFieldAsked,
  isSectionShown,
  parseApplicationCustomFields,
  parseApplicationSections,
} from './application-form.ts';
import { MSG } from './message-keys.ts';

const TODAY = '2026-11-26';
const all = (section: keyof typeof APPLICATION_SECTION_FIELDS) =>
  Object.fromEntries(APPLICATION_SECTION_FIELDS[section].map((f) => [f, true]));

const BARE: ApplicationPageLike = { sections: {}, customFields: [], applicationFeeAmount: 0 };
const FULL: ApplicationPageLike = {
  sections: { '3': all('3'), '5': all('5'), '6': all('6'), '7': all('7'), '8': all('8') },
  customFields: [
    { id: 'car', label: { en: 'Car', fr: 'Auto' }, type: 'YES_NO', required: true },
    { id: 'note', label: { en: 'Note', fr: 'Note' }, type: 'TEXT', required: false, maxLength: 5 },
    { id: 'kids', label: { en: 'Kids', fr: 'Enfants' }, type: 'NUMBER', required: true },
    { id: 'move', label: { en: 'Move', fr: 'Déménagement' }, type: 'DATE', required: true },
  ],
  applicationFeeAmount: 25,
  identityVerificationEnabled: true,
  incomeVerificationEnabled: true,
};

const APPLICANT = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '6135550123',
  birthDate: '1990-05-01',
  propertyId: 'p1',
  acknowledgedTerms: true,
};
const COMPLETE = {
  ...APPLICANT,
  middleName: '',
  sinLast3: '123',
  addresses: [
    {
      street1: '1 Main St',
      city: 'Ottawa',
      province: 'ON',
      country: 'CA',
      postalCode: 'K1A 0B1',
      monthsAtAddress: 12,
    },
  ],
  otherOccupants: [{ names: 'Byron', age: 10 }],
  employment: {
    employment: 'EMPLOYED',
    employerName: 'ACME',
    phone: '6135550124',
    occupation: 'Engineer',
    monthsEmployed: 24,
    monthlySalary: 5000.5,
  },
  referenceList: [{ name: 'Bob', phone: '6135550125', relationship: 'Friend' }],
  otherInfo: { maritalStatus: 'SINGLE', pets: false, smoking: false, bankruptcy: false },
  emergencyContact: { firstName: 'Eve', lastName: 'Adams', phone: '6135550126', relationship: 'Sister' },
  customFields: { car: false, kids: 0, move: '2027-01-01', stale: 'kept but ignored' },
  verificationConsent: true,
};

const paths = (issues: { path: string }[]) => issues.map((i) => i.path);

describe('template sections', () => {
  it('applicationSectionsAsking: every field of every section, minus the ones named', () => {
    const all = applicationSectionsAsking();
    expect(Object.keys(all)).toEqual(['3', '5', '6', '7', '8']);
    expect(all['6']).toEqual({ name: true, phone: true, email: true, relationship: true });
    const some = applicationSectionsAsking({ '7': ['bankruptcy'], '8': ['email'] });
    expect(some['7']).toEqual({ maritalStatus: true, pets: true, smoking: true, bankruptcy: false });
    expect(some['8'].email).toBe(false);
    expect(some['3']).toEqual(all['3']);
  });

  it('asks a field set to true and shows a section with any true field (also read as section3)', () => {
    const page: ApplicationPageLike = { sections: { '3': { city: true, suite: false }, section5: { phone: true } } };
    expect(isFieldAsked(page, '3', 'city')).toBe(true);
    expect(isFieldAsked(page, '3', 'suite')).toBe(false);
    expect(isSectionShown(page, '3')).toBe(true);
    expect(isSectionShown(page, '5')).toBe(true);
    expect(isSectionShown(page, '6')).toBe(false);
    expect(isSectionShown({ sections: { '7': { pets: false } } }, '7')).toBe(false);
  });

  it('reads stored sections and custom fields defensively', () => {
    expect(parseApplicationSections({ '3': { city: true, bogus: true }, '5': 'x' })['3']).toEqual({
      ...Object.fromEntries(APPLICATION_SECTION_FIELDS['3'].map((f) => [f, false])),
      city: true,
    });
    expect(parseApplicationSections(null)['8'].firstName).toBe(false);
    expect(
      parseApplicationCustomFields([
        { id: 'a', label: { en: 'A', fr: 'A' }, type: 'TEXT', required: false },
        { id: 'a', label: { en: 'dup', fr: 'dup' }, type: 'TEXT', required: false },
        { id: 'b', type: 'WHAT' },
        'junk',
      ]).map((f) => f.id),
    ).toEqual(['a']);
    expect(parseApplicationCustomFields({})).toEqual([]);
  });
});

describe('applicationStepsFor', () => {
  it('shows applicant, property, occupants and terms always', () => {
    expect(applicationStepsFor(BARE)).toEqual(['applicant', 'property', 'occupants', 'terms']);
  });

  it('shows every step on a full template, in order', () => {
    expect(applicationStepsFor(FULL)).toEqual([...APPLICATION_STEPS]);
  });

  it.each([
    ['3', 'addresses'],
    ['5', 'employment'],
    ['6', 'references'],
    ['7', 'otherInfo'],
    ['8', 'emergencyContact'],
  ] as const)('section %s alone adds the %s step', (section, step) => {
    const field = APPLICATION_SECTION_FIELDS[section][0];
    expect(applicationStepsFor({ sections: { [section]: { [field]: true } } })).toEqual(
      APPLICATION_STEPS.filter((s) => ['applicant', 'property', 'occupants', 'terms', step].includes(s)),
    );
  });

  it('adds custom fields, fee (above 0) and verification (identity AND income) steps', () => {
    expect(applicationStepsFor({ ...BARE, customFields: FULL.customFields })).toContain('customFields');
    expect(applicationStepsFor({ ...BARE, applicationFeeAmount: '0.01' })).toContain('fee');
    expect(applicationStepsFor({ ...BARE, applicationFeeAmount: 0 })).not.toContain('fee');
    expect(applicationStepsFor({ ...BARE, identityVerificationEnabled: true })).not.toContain('verification');
    expect(applicationStepsFor({ ...BARE, identityVerificationEnabled: true, incomeVerificationEnabled: true })).toContain(
      'verification',
    );
  });

  it('maps field paths to steps', () => {
    expect(applicationStepOfPath('addresses.0.postalCode')).toBe('addresses');
    expect(applicationStepOfPath('birthDate')).toBe('applicant');
    expect(applicationStepOfPath('customFields.car')).toBe('customFields');
    expect(applicationStepOfPath('currentStep')).toBeNull();
  });
});

describe('applicationDraftSchema (shapes only)', () => {
  it('accepts an empty draft, blanks and nulls', () => {
    expect(applicationDraftSchema.safeParse({}).success).toBe(true);
    expect(
      applicationDraftSchema.safeParse({
        firstName: '',
        email: null,
        addresses: [{ postalCode: '', country: '' }],
        employment: { employment: '' },
        otherInfo: null,
        currentStep: 'addresses',
      }).success,
    ).toBe(true);
  });

  it('accepts a complete draft', () => {
    expect(applicationDraftIssues(COMPLETE)).toEqual([]);
  });

  it('refuses unknown keys at their path, also when extended by the server', () => {
    expect(applicationDraftIssues({ foo: 1, addresses: [{ bar: 2 }] })).toEqual([
      { path: 'addresses.0.bar', message: MSG.applicationShapeInvalid },
      { path: 'foo', message: MSG.applicationShapeInvalid },
    ]);
    expect(applicationDraftSchema.extend({ id: z.string() }).safeParse({ id: 'x', foo: 1 }).success).toBe(false);
  });

  it('checks given values with the field rules and their paths', () => {
    const issues = applicationDraftIssues({
      firstName: 'a'.repeat(32),
      lastName: 'Tab\there',
      email: 'nope',
      phone: '12',
      birthDate: '2020-02-30',
      sinLast3: '123456789',
      addresses: [{ country: 'CA', postalCode: '12345', province: 'ZZ', city: 'Ottawa!!', monthsAtAddress: -1 }],
      employment: { employment: 'BOSS', monthlySalary: 1.234, otherIncome: 1e9, monthsEmployed: 1.5 },
      otherInfo: { maritalStatus: 'MAYBE', pets: 'yes' },
      referenceList: [{ email: 'x@mailinator.com' }],
      emergencyContact: { phone: 'abc' },
      otherOccupants: [{ age: 200, employment: 'EMPLOYED' }],
      customFields: { a: { nested: true } },
      acknowledgedTerms: 'yes',
      currentStep: 'nowhere',
    });
    const byPath = Object.fromEntries(issues.map((i) => [i.path, i.message]));
    expect(byPath).toMatchObject({
      firstName: MSG.nameTooLong,
      lastName: MSG.nameControlCharacters,
      email: MSG.emailInvalid,
      phone: MSG.phoneInvalid,
      birthDate: MSG.dateInvalid,
      sinLast3: MSG.applicationSinLast3Invalid,
      'addresses.0.postalCode': MSG.postalCodeInvalid,
      'addresses.0.province': MSG.applicationProvinceInvalid,
      'addresses.0.city': MSG.cityInvalid,
      'addresses.0.monthsAtAddress': MSG.applicationNumberInvalid,
      'employment.employment': MSG.applicationChoiceInvalid,
      'employment.monthlySalary': MSG.moneyDecimals,
      'employment.otherIncome': MSG.applicationAmountTooLarge,
      'employment.monthsEmployed': MSG.applicationNumberInvalid,
      'otherInfo.maritalStatus': MSG.applicationChoiceInvalid,
      'otherInfo.pets': MSG.applicationChoiceInvalid,
      'referenceList.0.email': MSG.emailDisposable,
      'emergencyContact.phone': MSG.phoneInvalid,
      'otherOccupants.0.age': MSG.applicationNumberInvalid,
      'customFields.a': MSG.applicationCustomFieldInvalid,
      acknowledgedTerms: MSG.applicationChoiceInvalid,
      currentStep: MSG.applicationChoiceInvalid,
    });
    expect(issues.find((i) => i.path === 'firstName')?.values).toEqual({ max: 32 });
  });

  it('checks postal codes by the address country (US zip, others)', () => {
    const p = (address: object) => paths(applicationDraftIssues({ addresses: [address] }));
    expect(p({ country: 'US', postalCode: '12345-6789', province: 'NY' })).toEqual([]);
    expect(p({ country: 'US', postalCode: 'K1A0B1' })).toEqual(['addresses.0.postalCode']);
    expect(p({ country: 'FR', postalCode: '75001', province: 'Île-de-France' })).toEqual([]);
    expect(p({ country: 'XX' })).toEqual(['addresses.0.country']);
  });

  it('checks the province against the country’s list; free text without a list, control characters refused', () => {
    const p = (address: object) => paths(applicationDraftIssues({ addresses: [address] }));
    expect(p({ country: 'CA', province: 'BC' })).toEqual([]);
    expect(p({ country: 'CA', province: 'WA' })).toEqual(['addresses.0.province']);
    expect(p({ country: 'US', province: 'ON' })).toEqual(['addresses.0.province']);
    expect(p({ country: 'US', province: 'B\u0001C' })).toEqual(['addresses.0.province']);
    // no country (not chosen yet, or not asked): the form's free-text field
    expect(p({ province: 'Ontario' })).toEqual([]);
    expect(p({ country: '', province: 'B\u0001C' })).toEqual(['addresses.0.province']);
    expect(p({ country: 'FR', province: 'B\u0001C' })).toEqual(['addresses.0.province']);
  });

  it('takes whole numbers 0..APPLICATION_CUSTOM_NUMBER_MAX as numeric custom answers (issue 20: -1e308, 2.5)', () => {
    const issues = (value: unknown) => applicationDraftIssues({ customFields: { vehicles: value } });
    for (const ok of [0, 2, APPLICATION_CUSTOM_NUMBER_MAX]) expect(issues(ok)).toEqual([]);
    for (const bad of [-1e308, 2.5, -1, APPLICATION_CUSTOM_NUMBER_MAX + 1, 1e308]) {
      expect(issues(bad)).toEqual([{ path: 'customFields.vehicles', message: MSG.applicationNumberInvalid }]);
    }
    // at submit too, by the page's NUMBER field
    const page: ApplicationPageLike = {
      customFields: [{ id: 'vehicles', label: { en: 'Vehicles', fr: 'Véhicules' }, type: 'NUMBER', required: true }],
    };
    expect(applicationSubmitIssues({ ...APPLICANT, customFields: { vehicles: 2.5 } }, page, { today: TODAY })).toEqual([
      { path: 'customFields.vehicles', message: MSG.applicationNumberInvalid },
    ]);
  });

  it('checks suite, second street line and free text', () => {
    expect(
      paths(
        applicationDraftIssues({
          addresses: [{ suite: '#4', street2: 'Unit 2', street1: 'Main St' }],
          employment: { occupation: 'Bad\u0000text', employerName: 'Good' },
        }),
      ),
    ).toEqual(['employment.occupation']);
    expect(paths(applicationDraftIssues({ addresses: [{ suite: '<b>' }] }))).toEqual(['addresses.0.suite']);
  });

  it('bounds strings and lists', () => {
    expect(paths(applicationDraftIssues({ employment: { occupation: 'x'.repeat(256) } }))).toEqual(['employment.occupation']);
    expect(applicationDraftIssues({ addresses: [{}, {}, {}, {}] })).toEqual([
      { path: 'addresses', message: MSG.applicationTooMany },
    ]);
    expect(paths(applicationDraftIssues({ referenceList: [{}, {}, {}, {}] }))).toEqual(['referenceList']);
    expect(paths(applicationDraftIssues({ otherOccupants: Array(6).fill({}) }))).toEqual([]);
    expect(paths(applicationDraftIssues({ otherOccupants: Array(7).fill({}) }))).toEqual(['otherOccupants']);
    expect(paths(applicationDraftIssues({ addresses: 'x', employment: [] }))).toEqual(['addresses', 'employment']);
    expect(paths(applicationDraftIssues(null))).toEqual(['']);
  });
});

describe('applicationSubmitIssues', () => {
  it('a bare page needs the applicant, the property and the terms only', () => {
    expect(paths(applicationSubmitIssues({}, BARE, { today: TODAY }))).toEqual([
      'firstName',
      'lastName',
      'email',
      'phone',
      'birthDate',
      'propertyId',
      'acknowledgedTerms',
    ]);
    expect(applicationSubmitIssues(APPLICANT, BARE, { today: TODAY })).toEqual([]);
    expect(applicationSubmitIssues({ ...APPLICANT, acknowledgedTerms: false }, BARE, { today: TODAY })).toEqual([
      { path: 'acknowledgedTerms', message: MSG.applicationTermsRequired },
    ]);
  });

  it('dates the age check with the UTC day when not given', () => {
    expect(applicationSubmitIssues(APPLICANT, BARE)).toEqual([]);
  });

  it('checks the birth date age (18..120 on the given day)', () => {
    expect(applicationSubmitIssues({ ...APPLICANT, birthDate: '2010-01-01' }, BARE, { today: TODAY })).toEqual([
      { path: 'birthDate', message: MSG.birthDateTooYoung, values: { min: 18 } },
    ]);
    expect(paths(applicationSubmitIssues({ ...APPLICANT, birthDate: '2027-01-01' }, BARE, { today: TODAY }))).toEqual([
      'birthDate',
    ]);
  });

  it('a complete draft on a full page has no issue', () => {
    expect(applicationSubmitIssues(COMPLETE, FULL, { today: TODAY })).toEqual([]);
  });

  it('lists every missing asked field of a full page', () => {
    const issues = applicationSubmitIssues(
      {
        ...APPLICANT,
        addresses: [{}],
        otherOccupants: [{ age: 3 }],
        employment: {},
        referenceList: [{}],
        otherInfo: { pets: false },
        emergencyContact: {},
        customFields: { note: 'too long' },
      },
      FULL,
      { today: TODAY },
    );
    expect(paths(issues)).toEqual([
      'addresses.0.street1',
      'addresses.0.city',
      'addresses.0.province',
      'addresses.0.country',
      'addresses.0.postalCode',
      'addresses.0.monthsAtAddress',
      'otherOccupants.0.names',
      'employment.employment',
      'employment.employerName',
      'employment.phone',
      'employment.occupation',
      'employment.monthsEmployed',
      'employment.monthlySalary',
      'referenceList.0.name',
      'referenceList.0.phone',
      'referenceList.0.relationship',
      'otherInfo.maritalStatus',
      'otherInfo.smoking',
      'otherInfo.bankruptcy',
      'emergencyContact.firstName',
      'emergencyContact.lastName',
      'emergencyContact.phone',
      'emergencyContact.relationship',
      'customFields.car',
      'customFields.note',
      'customFields.kids',
      'customFields.move',
      'verificationConsent',
    ]);
    expect(issues.find((i) => i.path === 'customFields.note')?.message).toBe(MSG.applicationTextTooLong);
  });

  it('asks only the fields set to true', () => {
    const page: ApplicationPageLike = { sections: { '3': { city: true }, '8': { firstName: true, email: true } } };
    expect(
      paths(applicationSubmitIssues({ ...APPLICANT, addresses: [{}], emergencyContact: {} }, page, { today: TODAY })),
    ).toEqual(['addresses.0.city', 'emergencyContact.firstName']);
  });

  it('needs at least one address / reference when their section is shown', () => {
    const page: ApplicationPageLike = { sections: { '3': { city: true }, '6': { name: true } } };
    const issues = applicationSubmitIssues({ ...APPLICANT, addresses: [], referenceList: null }, page, {
      today: TODAY,
    });
    expect(issues).toEqual([
      { path: 'addresses', message: MSG.applicationAtLeastOneAddress },
      { path: 'referenceList', message: MSG.applicationAtLeastOneReference },
    ]);
  });

  it('does not need an employer for the unemployed, students and retirees', () => {
    const page: ApplicationPageLike = { sections: { '5': all('5') } };
    for (const employment of ['UNEMPLOYED', 'STUDENT', 'RETIRED']) {
      expect(applicationSubmitIssues({ ...APPLICANT, employment: { employment } }, page, { today: TODAY })).toEqual([]);
    }
    expect(
      paths(applicationSubmitIssues({ ...APPLICANT, employment: { employment: 'SELF_EMPLOYED' } }, page, { today: TODAY })),
    ).toContain('employment.employerName');
  });

  it('reports a shape issue once, not also as missing', () => {
    const issues = applicationSubmitIssues({ ...APPLICANT, phone: '12' }, BARE, { today: TODAY });
    expect(issues).toEqual([{ path: 'phone', message: MSG.phoneInvalid }]);
  });

  it('checks custom field types', () => {
    const page: ApplicationPageLike = { customFields: FULL.customFields };
    expect(
      applicationSubmitIssues({ ...APPLICANT, customFields: { car: true, kids: 1, move: '2027-01-01', note: 3 } }, page, {
        today: TODAY,
      }),
    ).toEqual([{ path: 'customFields.note', message: MSG.applicationCustomFieldInvalid }]);
    const issues = applicationSubmitIssues(
      { ...APPLICANT, customFields: { car: 'yes', kids: '2', move: '2027-13-01', note: 'ok' } },
      page,
      { today: TODAY },
    );
    expect(issues).toEqual([
      { path: 'customFields.car', message: MSG.applicationCustomFieldInvalid },
      { path: 'customFields.kids', message: MSG.applicationCustomFieldInvalid },
      { path: 'customFields.move', message: MSG.dateInvalid },
    ]);
  });

  it('needs the verification consent only when identity and income are both enabled', () => {
    expect(applicationSubmitIssues(APPLICANT, { ...BARE, identityVerificationEnabled: true }, { today: TODAY })).toEqual([]);
    expect(
      applicationSubmitIssues(
        APPLICANT,
        { ...BARE, identityVerificationEnabled: true, incomeVerificationEnabled: true },
        { today: TODAY },
      ),
    ).toEqual([{ path: 'verificationConsent', message: MSG.applicationConsentRequired }]);
  });
});

describe('applicationStepIssues', () => {
  it('filters the submit issues to one step', () => {
    const draft = { ...APPLICANT, firstName: '', addresses: [{ city: 'Ottawa' }] };
    expect(paths(applicationStepIssues(draft, FULL, 'applicant', { today: TODAY }))).toEqual(['firstName']);
    expect(paths(applicationStepIssues(draft, FULL, 'addresses', { today: TODAY }))).toEqual([
      'addresses.0.street1',
      'addresses.0.province',
      'addresses.0.country',
      'addresses.0.postalCode',
      'addresses.0.monthsAtAddress',
    ]);
    expect(applicationStepIssues(draft, FULL, 'fee', { today: TODAY })).toEqual([]);
    expect(paths(applicationStepIssues(draft, FULL, 'terms', { today: TODAY }))).toEqual([]);
  });
});
