// spec 2 §7 Generic: GET /recordtypes and the generic PATCH/DELETE /{recordType}/{id}[/update|/delete] and
// GET /{recordType}/new (issue 24). Each generic write is the record type's own specific call (its checks, ownership
// and audit), or a refusal naming what is not allowed; nothing is written twice. Searchable types and their fields are
// the search registry's (services/search/registry.ts).
import { type FieldType, operatorsOf, type SearchOperator } from '../search/conditions.ts';
import { RECORD_TYPES } from '../search/registry.ts';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A specific call: `{id}` stands for the record's id, `{methodType}` for a payment method's type without TYPE_. */
export interface SpecificCall {
  method: HttpMethod;
  path: string;
}

/** Not allowed through the generic call: why (a message key), and the call to use instead, if any. */
export interface Refusal {
  refused: 'server.records.paymentFinal' | 'server.records.notSupported';
  instead?: SpecificCall;
}

export type GenericOperation = 'get' | 'update' | 'delete' | 'new';
export type Operation = SpecificCall | Refusal;

export interface RecordTypeOperations {
  get: Operation;
  update: Operation;
  delete: Operation;
  new: Operation;
}

const call = (method: HttpMethod, path: string): SpecificCall => ({ method, path });
const refused = (instead?: SpecificCall): Refusal => ({ refused: 'server.records.notSupported', instead });
/** spec 1 §3 Payment transaction: money already paid never changes (a refund is a new transaction). */
const paymentFinal: Refusal = {
  refused: 'server.records.paymentFinal',
  instead: call('POST', '/payment_transaction/{id}/refund'),
};
const GENERIC_GET = call('GET', '/{recordType}/{id}');

/**
 * Every record type the portal exposes, with its generic operations. Types of the search registry are read through
 * GET /{recordType}/{id} (the generic read); the console's other types through their own GET.
 */
export const RECORD_OPERATIONS: Readonly<Record<string, RecordTypeOperations>> = {
  property_lease: {
    get: GENERIC_GET,
    update: call('PATCH', '/property_lease/{id}/update'),
    delete: refused(call('POST', '/property_lease/{id}/terminate')),
    new: refused(call('POST', '/property_lease/create')),
  },
  open_charge: {
    get: GENERIC_GET,
    // The ledger: a posted charge is settled or credited, never edited (issue 23 "Charges").
    update: refused(call('POST', '/open_charge/create')),
    delete: refused(call('POST', '/open_charge/create')),
    new: refused(call('POST', '/open_charge/create')),
  },
  payment_transaction: {
    get: GENERIC_GET,
    update: paymentFinal,
    delete: paymentFinal,
    new: refused(call('POST', '/processpayment')),
  },
  recurring_schedule: {
    get: GENERIC_GET,
    update: call('PATCH', '/recurring_schedule/{id}/update'),
    // spec 2 §4: autopay is switched off ({ active: false }), its history kept.
    delete: refused(call('PATCH', '/recurring_schedule/{id}/update')),
    new: refused(call('POST', '/create')),
  },
  document: {
    get: GENERIC_GET,
    update: refused(),
    delete: call('DELETE', '/document/{id}/delete'),
    new: refused(call('POST', '/PROPERTY_LEASE/{id}/upload')),
  },
  lease_application: {
    get: GENERIC_GET,
    update: refused(call('POST', '/lease_application/saveforlater')),
    delete: call('DELETE', '/lease_application/{id}/delete'),
    new: call('GET', '/lease_application/new'),
  },
  credit_report: {
    get: GENERIC_GET,
    update: refused(call('GET', '/credit_report/{id}/change_payment_type')),
    delete: refused(call('GET', '/credit_report/{id}/unsubscribe')),
    new: refused(call('GET', '/credit_report/subscribe')),
  },
  insurance_policy: {
    get: GENERIC_GET,
    update: call('PATCH', '/INSURANCE_POLICY/{id}/update'),
    delete: refused(call('POST', '/INSURANCE_POLICY/{id}/terminate')),
    new: refused(call('POST', '/create')),
  },
  screening: { get: GENERIC_GET, update: refused(), delete: refused(), new: refused() },
  income_verification: { get: GENERIC_GET, update: refused(), delete: refused(), new: refused() },
  customer: {
    get: GENERIC_GET,
    update: call('PATCH', '/customer/{id}/update'),
    delete: refused(),
    new: refused(call('POST', '/signup')),
  },
  address: {
    get: GENERIC_GET,
    update: refused(),
    delete: call('DELETE', '/address/{id}/delete'),
    new: refused(call('POST', '/create')),
  },
  payment_method: {
    get: GENERIC_GET,
    update: refused(call('POST', '/create')),
    delete: call('DELETE', '/{methodType}/{id}/delete_with_bluesnap_check'),
    new: refused(call('POST', '/create')),
  },
  // The console's record types (issue 23), outside the search registry.
  company: {
    get: call('GET', '/company/{id}'),
    update: call('PATCH', '/company/{id}/update'),
    delete: refused(),
    new: refused(),
  },
  property: {
    get: call('GET', '/property/{id}'),
    update: call('PATCH', '/property/{id}/update'),
    delete: refused(),
    new: refused(call('POST', '/property/create')),
  },
  // A corporate user's own record (its console language, issue 23); the path's spelling is the catalogue's.
  corporateUser: {
    get: call('GET', '/corporateUser/{id}'),
    update: call('PATCH', '/corporateUser/{id}/update'),
    delete: refused(),
    new: refused(),
  },
  cash: {
    get: call('GET', '/cash/{id}'),
    update: call('PATCH', '/cash/{id}/update'),
    delete: call('DELETE', '/cash/{id}/delete'),
    new: call('GET', '/cash/new'),
  },
};

export const isRefusal = (op: Operation): op is Refusal => 'refused' in op;

const byLowerCase = new Map(Object.keys(RECORD_OPERATIONS).map((name) => [name.toLowerCase(), name]));

/** The operations of a path segment's record type (case-insensitive: PROPERTY_LEASE = property_lease), or undefined. */
export function recordOperationsOf(segment: string): { name: string; ops: RecordTypeOperations } | undefined {
  const name = byLowerCase.get(segment.toLowerCase());
  return name === undefined ? undefined : { name, ops: RECORD_OPERATIONS[name] };
}

export interface RecordTypeInfo {
  name: string;
  /** POST /{recordType}/search and GET /{recordType}/{id}/history take it. */
  searchable: boolean;
  fields: { name: string; type: FieldType; operators: SearchOperator[] }[];
  joins: string[];
  operations: Record<GenericOperation, { allowed: boolean; call: SpecificCall | null; instead: SpecificCall | null }>;
}

/** GET /recordtypes: every type with its searchable fields (from the registry) and what each generic call does. */
export function listRecordTypes(): { records: RecordTypeInfo[] } {
  const records = Object.entries(RECORD_OPERATIONS).map(([name, ops]): RecordTypeInfo => {
    const def = RECORD_TYPES[name];
    const describe = (op: Operation) =>
      isRefusal(op) ? { allowed: false, call: null, instead: op.instead ?? null } : { allowed: true, call: op, instead: null };
    return {
      name,
      searchable: def !== undefined,
      fields: def
        ? Object.entries(def.fields).map(([field, f]) => ({ name: field, type: f.type, operators: operatorsOf(f.type) }))
        : [],
      joins: def ? Object.keys(def.joins) : [],
      operations: { get: describe(ops.get), update: describe(ops.update), delete: describe(ops.delete), new: describe(ops.new) },
    };
  });
  return { records };
}
