import { type AdminSupportTicket, displayName, type SupportTicket } from '@aurum/core';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import CardActionArea from '@mui/material/CardActionArea';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../lib/dates';
import type { SupportSide } from './api';
import { SupportStatusChip } from './SupportStatusChip';

const messageCount = (count: number) => `${count} ${count === 1 ? 'message' : 'messages'}`;

/** Tickets as a list of links: the subject, status and dates; for support also who wrote and how long they wait. */
export function TicketList({
  side,
  tickets,
  linkTo,
  label,
}: {
  side: SupportSide;
  tickets: (SupportTicket | AdminSupportTicket)[];
  linkTo: (ticketId: string) => string;
  label: string;
}) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {tickets.map((ticket) => (
        <Paper component="li" key={ticket.id} variant="outlined" sx={{ overflow: 'hidden' }}>
          <CardActionArea component={RouterLink} to={linkTo(ticket.id)} sx={{ p: 2, display: 'flex', gap: 1.5, alignItems: 'center' }}>
            <Box sx={{ flex: 1, minWidth: 0, display: 'grid', gap: 0.75 }}>
              <Typography variant="h2" sx={{ fontSize: '1.05rem', overflowWrap: 'anywhere' }}>
                {ticket.subject}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <SupportStatusChip status={ticket.status} side={side} />
                <Typography variant="body2" color="text.secondary">
                  {'author' in ticket ? `${displayName(ticket.author)} · ` : ''}
                  {messageCount(ticket.messageCount)} ·{' '}
                  {ticket.waitingSince && side === 'admin' ? (
                    <>
                      waiting since <time dateTime={ticket.waitingSince}>{formatDate(ticket.waitingSince)}</time>
                    </>
                  ) : (
                    <>
                      last message <time dateTime={ticket.lastMessageAt}>{formatDate(ticket.lastMessageAt)}</time>
                    </>
                  )}
                </Typography>
              </Box>
            </Box>
            <ChevronRightIcon aria-hidden sx={{ color: 'text.secondary' }} />
          </CardActionArea>
        </Paper>
      ))}
    </Box>
  );
}
