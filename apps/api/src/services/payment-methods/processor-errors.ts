// A processor refusal as the portal answers it (spec 1 §8 "Adding methods"): the one mapping of packages/domain
// (processor-refusals.ts) keeps the processor's code (paysafe.7503, paysafe.5068, RM_ERROR_PAYMENT_DECLINED …) with a
// translated text that still carries the field the client's mappings look for.
import { methodRefusalAnswer } from '@portal/domain/processor-refusals';
import { AppError } from '../../lib/app-error.ts';
import { ProcessorError } from '../../providers/processor/processor.ts';

export function processorAppError(err: ProcessorError): AppError {
  const answer = methodRefusalAnswer(err);
  return new AppError(answer.errorCode, answer.message, { statusCode: answer.statusCode });
}

/** Runs a processor call; its refusals become the portal's answers, anything else stays an internal error. */
export async function askProcessor<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ProcessorError) throw processorAppError(err);
    throw err;
  }
}

/** spec 1 §8: paysafe.7503 'credit-exists', also when the tenant saves the same card twice. */
export const cardExistsError = () => new AppError('paysafe.7503', 'server.paymentMethods.cardExists', { statusCode: 409 });
