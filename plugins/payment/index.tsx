/**
 * The payment flow (issue 5; spec §2, §5, §8): /payment/due → /payment/invoices → /payment/confirm,
 * paying one account (INDIVIDUAL_ACCOUNT) or across the user's customers (PROGRAM_OVERVIEW).
 * Each screen mounts this plugin; the route says which step to show.
 */
import { ConfirmStep } from './steps/ConfirmStep.tsx';
import { DueStep } from './steps/DueStep.tsx';
import { SelectStep } from './steps/SelectStep.tsx';
import { useFlow } from './hooks/use-flow.ts';

export default function PaymentFlow() {
  const { step } = useFlow();
  switch (step) {
    case 'due':
      return <DueStep />;
    case 'invoices':
      return <SelectStep />;
    case 'confirm':
      return <ConfirmStep />;
  }
}
