import { useLocation, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { MyTickets } from './MyTickets';
import { NewTicket } from './NewTicket';
import { SupportQueue } from './SupportQueue';
import { TicketView } from './TicketView';

/**
 * Every support page, as one lazy module: /support (one's tickets), /support/new,
 * /support/:ticketId, and for admins /admin/support (the queue) and /admin/support/:ticketId.
 * The pages share most of their parts, and one module keeps the shell's route table small.
 */
export default function SupportPages() {
  const { pathname } = useLocation();
  const { ticketId } = useParams();
  if (pathname.startsWith(`${paths.admin}/`)) return ticketId ? <TicketView side="admin" ticketId={ticketId} /> : <SupportQueue />;
  if (pathname === paths.newSupportTicket) return <NewTicket />;
  return ticketId ? <TicketView side="author" ticketId={ticketId} /> : <MyTickets />;
}
