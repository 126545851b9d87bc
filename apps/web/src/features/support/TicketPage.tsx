import { useParams } from 'react-router';
import { TicketView } from './TicketView';

/** /support/:ticketId: one of the viewer's tickets, its thread, a reply, close or reopen. */
export default function TicketPage() {
  const { ticketId = '' } = useParams();
  return <TicketView side="author" ticketId={ticketId} />;
}
