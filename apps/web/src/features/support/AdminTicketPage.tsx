import { useParams } from 'react-router';
import { TicketView } from './TicketView';

/** /admin/support/:ticketId: a ticket as support sees it (its author, which admin answered), to answer, close or reopen. */
export default function AdminTicketPage() {
  const { ticketId = '' } = useParams();
  return <TicketView side="admin" ticketId={ticketId} />;
}
