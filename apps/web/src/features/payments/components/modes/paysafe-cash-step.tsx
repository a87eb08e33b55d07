// spec 1 §4 "Paysafe cash and union pay" (US): a barcode to pay in cash at a store. spec 1 §5: below 10 an alert naming
// the amount, notes over 500 (a store list) and over 995 (one retail chain), over 1495 Continue disabled; then
// POST /payment/paysafecash (USD, EN), the barcode page in a new tab, and the flow closes with the total to pay.
import { useCreatePaysafeCashPayment } from '../../api/paysafe-cash';
import { RedirectPaymentStep, type RedirectStepProps } from './redirect-payment-step';

export type { RedirectDoneInfo } from './redirect-payment-step';
export type PaysafeCashStepProps = RedirectStepProps;

export function PaysafeCashStep(props: PaysafeCashStepProps) {
  const mutation = useCreatePaysafeCashPayment();
  return <RedirectPaymentStep kind="paysafe" mutation={mutation} {...props} />;
}
