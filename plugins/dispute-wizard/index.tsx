/**
 * The dispute wizard (issue 14; spec §2, §4, §5, §8): creating a dispute or chargeback
 * (/dispute/create?invoiceIds=a,b[&chargeback=true]) and responding to disputes
 * (/dispute-center/respond?disputeIds=1,2). Both screens mount this plugin; the route says which flow.
 */
import { useLocation } from 'react-router';
import { CreateWizard } from './create/CreateWizard.tsx';
import { RespondFlow } from './respond/RespondFlow.tsx';

export default function DisputeWizard() {
  const { pathname } = useLocation();
  return pathname.endsWith('/dispute-center/respond') ? <RespondFlow /> : <CreateWizard />;
}
