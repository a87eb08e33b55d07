// spec 1 §4 "Method selector": the name and one-line explanation of each option that is not a saved method (the online
// wallet provider, Apple Pay / Google Pay, cash, split pay, union pay, the provider's pay later).
import { formatRate, SPLIT_PAY_FEE_PERCENT } from '@portal/domain/fees';
import { DEFAULT_INSTALMENTS } from '@portal/domain/limits';
import { MSG } from '@portal/domain/message-keys';
import type { Currency } from '@portal/domain/money';
import { useTranslation } from '../../../../lib/i18n';
import type { PayOption } from '../../forms/payment-options';
import { useLang } from '../method-display';

const WALLET_NAME = { APPLE_PAY: 'payments.wallet.applePay', GOOGLE_PAY: 'payments.wallet.googlePay' } as const;

export function usePayOptionText(currency: Currency) {
  const { t } = useTranslation();
  const lang = useLang();
  const label = (option: PayOption): string => {
    switch (option.kind) {
      case 'TYPE_PAY_PAL':
        return t(MSG.methodLabelPayPal);
      case 'PAY_PAL_PAY_LATER':
        return t('payments.flow.payLater.payPal');
      case 'TYPE_WALLET': {
        const wallets = option.walletTypes ?? [];
        return wallets.length === 1 ? t(WALLET_NAME[wallets[0]]) : t('payments.wallet.title');
      }
      case 'TYPE_PAYSAFE_CASH':
        return t('payments.flow.modes.option.paysafe');
      case 'TYPE_LOADHUB_CASH':
        return t('payments.flow.modes.option.loadhub');
      case 'TYPE_INSTALLMENT_PAY':
        return t(MSG.methodTypeSplitPay);
      case 'TYPE_UNION_PAY':
        return t(MSG.methodLabelUnionPay);
    }
  };
  const hint = (option: PayOption): string => {
    switch (option.kind) {
      case 'TYPE_PAY_PAL':
        return t('payments.flow.modes.hint.payPal');
      case 'PAY_PAL_PAY_LATER':
        return t('payments.flow.modes.hint.payPalPayLater');
      case 'TYPE_WALLET':
        return t('payments.flow.modes.hint.wallet');
      case 'TYPE_PAYSAFE_CASH':
        return t('payments.flow.modes.hint.paysafe');
      case 'TYPE_LOADHUB_CASH':
        return t('payments.flow.modes.hint.loadhub');
      case 'TYPE_INSTALLMENT_PAY':
        // spec 1 §9: split pay costs 6.99% per transaction
        return t('payments.flow.modes.hint.instalment', {
          n: DEFAULT_INSTALMENTS,
          rate: t(MSG.feeSplitPayRate, { rate: formatRate(SPLIT_PAY_FEE_PERCENT, 'PERCENT', currency, lang) }),
        });
      case 'TYPE_UNION_PAY':
        return t('payments.flow.modes.hint.unionPay');
    }
  };
  return { label, hint };
}
