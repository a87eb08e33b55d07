// The sandbox widget's banks and accounts (docs/sandbox-providers.md "Bank linking"). Their account numbers follow the
// processor's test accounts, so a linked account behaves like the same number typed by hand.
import type { Country } from '@portal/domain/entities';

export interface SandboxLinkAccount {
  id: string;
  subtype: 'checking' | 'savings';
  accountNumber: string;
  /** CA only: the branch. */
  transitNumber?: string;
  /** The last four digits, all the widget shows. */
  mask: string;
}

export interface SandboxInstitution {
  id: string;
  name: string;
  /** CA */
  institutionNumber?: string;
  /** US */
  routingNumber?: string;
  accounts: SandboxLinkAccount[];
}

const account = (id: string, subtype: SandboxLinkAccount['subtype'], accountNumber: string, transitNumber?: string) => ({
  id,
  subtype,
  accountNumber,
  transitNumber,
  mask: accountNumber.slice(-4),
});

export const SANDBOX_INSTITUTIONS: Readonly<Record<Country, SandboxInstitution[]>> = {
  CA: [
    {
      id: 'ins_ca_northern_lights',
      name: 'Northern Lights Bank',
      institutionNumber: '004',
      accounts: [
        account('acc_ca_nl_chequing', 'checking', '000123456789', '12345'),
        account('acc_ca_nl_savings', 'savings', '004433221100', '12345'),
      ],
    },
    {
      id: 'ins_ca_caisse_erable',
      name: 'Caisse Érable',
      institutionNumber: '815',
      accounts: [
        account('acc_ca_ce_chequing_nsf', 'checking', '000222222227', '30800'),
        account('acc_ca_ce_savings_return', 'savings', '000333333335', '30800'),
      ],
    },
  ],
  US: [
    {
      id: 'ins_us_tartan',
      name: 'Tartan Sandbox Bank',
      routingNumber: '110000000',
      accounts: [
        account('acc_us_tt_checking', 'checking', '000123456789'),
        account('acc_us_tt_savings', 'savings', '000987654321'),
      ],
    },
    {
      id: 'ins_us_houndstooth',
      name: 'Houndstooth Credit Union',
      routingNumber: '021000021',
      accounts: [
        account('acc_us_ht_checking_nsf', 'checking', '000222222227'),
        account('acc_us_ht_checking_return', 'checking', '000333333335'),
      ],
    },
  ],
};
