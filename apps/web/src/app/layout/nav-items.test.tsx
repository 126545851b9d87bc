import { render, screen } from '@testing-library/react';
import { MemoryRouter, Link as RouterLink } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/user-fixtures';
import { primaryNavItems, secondaryNavItems } from './nav-items';

function Items({ unread }: { unread: number }) {
  const user = makeUser();
  return (
    <MemoryRouter>
      {[...primaryNavItems(user, unread), ...secondaryNavItems(user, unread)].map((item) => (
        <RouterLink key={item.to} to={item.to} aria-label={item.ariaLabel}>
          {item.icon}
          {item.label}
        </RouterLink>
      ))}
    </MemoryRouter>
  );
}

/** The text a screen reader reads out of an element: what aria-hidden leaves (browsers name a link from it). */
function spokenText(node: Node): string {
  if (node instanceof Element && node.getAttribute('aria-hidden') === 'true') return '';
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  return [...node.childNodes].map(spokenText).join('');
}

describe('the navigation items', () => {
  it('name the unread count in words, and only when there is one', () => {
    const { rerender } = render(<Items unread={3} />);
    expect(screen.getByRole('link', { name: 'Chat, 3 unread' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Notices, 3 unread' })).toBeTruthy();
    // Read: the badge fades out from its last count, which must not become part of the name ("0Chat").
    rerender(<Items unread={0} />);
    const spoken = screen.getAllByRole('link').map(spokenText);
    console.log('X', JSON.stringify(spoken), screen.getAllByRole('link')[2]?.outerHTML);
    expect(spoken).toContain('Chat');
    expect(spoken).toContain('Notices');
  });
});
