// spec 1 §4 "Paysafe cash and union pay" (Canada): POST /geoswift/create_order, the union pay page in a new tab (the iOS
// redirect confirm on iOS Safari), then the flow closes with the total to pay there; spec 1 §8: a failure shows an
// alert with the errorCode appended.
import { useCreateUnionPayOrder } from '../../api/union-pay';
import { RedirectPaymentStep, type RedirectStepProps } from './redirect-payment-step';

export type { RedirectDoneInfo } from './redirect-payment-step';
export type UnionPayStepProps = RedirectStepProps;

export function UnionPayStep(props: UnionPayStepProps) {
  const mutation = useCreateUnionPayOrder();
  return <RedirectPaymentStep kind="unionPay" mutation={mutation} {...props} />;
}
